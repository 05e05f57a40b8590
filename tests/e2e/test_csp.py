"""The page under its Content-Security-Policy, in Chromium: served as a <meta> (for static hosts) and as a
header (``build.py serve``), it starts, plays, starts a new game and reloads offline without one
violation; a script slipped into the page does not run; no other page may frame it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import build
import pytest

# Every violation the page reports, kept on window before any script of the page runs.
WATCH_VIOLATIONS = """
window.cspViolations = [];
addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(
  {directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, sample: e.sample}), true);
"""
READY = "html[data-ready='true']"


@pytest.fixture
def watched(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page in a fresh context that records CSP violations, and the console errors of the context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH_VIOLATIONS)
    page = context.new_page()
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: messages.append(str(error)))
    yield page, messages
    context.close()


def violations(page: Any) -> list[dict[str, str]]:
    return list(page.evaluate("window.cspViolations"))


def test_the_page_plays_and_reloads_offline_under_its_policy_with_no_violation(watched, site_url, site_server) -> None:
    page, messages = watched
    response = page.goto(site_url + "?scenario=turn&seed=3")
    declared = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    # The page declares the policy build.py makes for it; the server sends the same, plus frame-ancestors.
    assert declared == build.content_security_policy((site_server.root / "index.html").read_text(encoding="utf-8"))
    assert response.headers["content-security-policy"] == declared + "; frame-ancestors 'none'"
    directives = dict(d.split(" ", 1) for d in declared.split("; "))
    assert directives["default-src"] == "'none'" and "'unsafe-inline'" not in directives["script-src"]
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    # Python started; the loader's inline script ran (it is allowed by its hash) and the styles apply.
    assert page.locator("#error").is_hidden() and page.evaluate("document.documentElement.dataset.stage") == "game"
    # A move: Red starts the turn, trades a set, places an army on Alaska (6 there before).
    page.locator("#handoff-button").click()
    page.locator('#sets [data-action="trade"]').first.click()
    page.locator('[data-territory="alaska"] .army-badge').click()
    alaska = page.locator('[data-territory="alaska"]')
    assert alaska.get_attribute("data-armies") == "7"
    assert "--owner:" in str(alaska.get_attribute("style"))  # style attributes are allowed and used
    # The new-game dialog's form (method="dialog") under form-action 'none'.
    page.locator("#new-game").click()
    page.locator("#ng-start").click()
    assert page.evaluate("document.getElementById('new-game-dialog').open") is False
    assert page.locator("body").get_attribute("data-phase") != "occupy"
    # Offline: the service worker (worker-src 'self') precached everything; the page starts from it.
    page.wait_for_function("!!(navigator.serviceWorker && navigator.serviceWorker.controller)", timeout=60_000)
    page.context.set_offline(True)
    site_server.reset_counts()
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert site_server.requests == []
    assert violations(page) == []
    assert [m for m in messages if "Content Security Policy" in m or "Content-Security-Policy" in m] == []
    assert messages == []
    # The policy holds: an inline script slipped into the page does not run, and the watch sees it, once
    # for each of the two policies in force (the <meta> and the header).
    page.evaluate("""() => { const s = document.createElement("script");
                              s.textContent = "window.injected = true"; document.body.append(s); }""")
    assert page.evaluate("window.injected") is None
    assert [v["directive"] for v in violations(page)] == ["script-src-elem", "script-src-elem"]


def test_no_other_page_may_frame_the_game(watched, site_url) -> None:
    page, messages = watched
    page.set_content(f'<iframe src="{site_url}" width="600" height="400"></iframe>')  # waits for the frame
    framed = page.frames[1]
    assert framed.evaluate("document.getElementById('map')") is None, "the game loaded inside a frame"
    assert any("frame-ancestors 'none'" in m for m in messages), messages
