"""Issue #12 in Chromium: the first screen, a phone's map (every territory tapped, zoom and pan), the
installable app, keyboard-only play, and screenshots of the first screen, a phone game and desktops.

Screenshots go to ``test-results/screens/`` (named in the test output), to be looked at before a release.
"""

from __future__ import annotations

import json
import os
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import build
import pytest

from e2e.screens import shoot

READY = "document.documentElement.dataset.ready === 'true'"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    made: list[Any] = []

    def new(**options: Any) -> Any:
        ctx = browser.new_context(**options)
        made.append(ctx)
        return ctx

    yield new
    for ctx in made:
        ctx.close()


def ready(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function(READY, polling="raf", timeout=90_000)


def overlay(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.overlay"))


def test_the_first_visit_shows_the_first_screen_one_tap_plays_continue_resumes_a_link_skips_it(
        context: Any, site_url: str) -> None:
    ctx = context(**PHONE)
    page = ctx.new_page()
    ready(page, site_url)
    assert overlay(page) == "home"
    assert page.is_visible("#home-title") and page.inner_text("#home-title") == "Risk"
    assert page.is_hidden("#home-continue")  # nothing to continue on a first visit
    assert page.evaluate("location.hash") == ""  # a game nobody chose is neither saved nor in the address
    shoot(page, "first-screen-phone")
    # How to play, in a few screens, and the rules of every edition and option.
    page.tap("#home-learn")
    assert page.is_visible("#learn-0") and page.is_hidden("#learn-1")
    page.tap("#learn-next")
    assert page.is_visible("#learn-1") and "1 armies" not in page.inner_text("#learn-1")
    page.tap("#home-learn-page .home-back")
    page.tap("#home-rules")
    rules = page.inner_text("#home-rules-page")
    for title in ("Classic (1980)", "Revised (2008)", "Expert: commanders", "World Conquest"):
        assert title in rules
    page.tap("#home-rules-page .home-back")
    # One tap: a game against the computer.
    page.tap("#quick-computer")
    page.wait_for_function("document.body.dataset.overlay === ''")
    assert page.is_visible("#bot-bar")
    assert "Rules: Classic (1980)" in page.inner_text("#rules-summary")
    page.wait_for_function("location.hash.length > 10")  # saved, and the address holds the game
    link = page.evaluate("location.href")
    # Menu, then Continue, resumes the same game.
    page.tap("#menu")
    assert overlay(page) == "home" and page.is_visible("#home-continue")
    page.tap("#home-continue")
    assert overlay(page) == ""
    # A plain visit later: the first screen, with Continue.
    ready(page, site_url)
    assert overlay(page) == "home" and page.is_visible("#home-continue")
    page.tap("#home-continue")
    assert overlay(page) == "" and page.is_visible("#bot-bar")
    # A link goes straight to the game, in a browser that never saw it.
    other = context(**PHONE).new_page()
    ready(other, link)
    assert overlay(other) == "welcome"  # its receiver is told what the game is first (one person: their colour)
    assert "against the computer" in other.inner_text("#welcome-move")
    other.tap("#welcome-close")
    assert overlay(other) in ("", "out", "winner") and other.is_visible("#bot-bar")


def _badge_centre(page: Any, tid: str) -> tuple[float, float]:
    box = page.eval_on_selector(f'[data-territory="{tid}"] .army-badge',
                                "e => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, "
                                "r.y + r.height / 2]; }")
    return float(box[0]), float(box[1])


def _tap_selects(page: Any, tid: str, name: str, dx: float = 0.0) -> None:
    """Tap a territory (dx pixels right of its badge's centre) and check the tap went to it: it was claimed,
    got an army, or the refusal names it."""
    before = page.evaluate(f'(() => {{ const g = document.querySelector(\'[data-territory="{tid}"]\'); '
                           f'return [g.dataset.owner, g.dataset.armies]; }})()')
    x, y = _badge_centre(page, tid)
    page.touchscreen.tap(x + dx, y)
    page.wait_for_function(
        "([tid, before, name]) => { const g = document.querySelector(`[data-territory=\"${tid}\"]`); "
        "return g.dataset.owner !== before[0] || g.dataset.armies !== before[1] || "
        "document.getElementById('message').textContent.includes(name); }", arg=[tid, before, name],
        timeout=5_000)


def _view_box(page: Any) -> list[float]:
    return [float(v) for v in page.get_attribute("#board", "viewBox").split()]


def test_on_a_phone_every_territory_is_tapped_the_map_zooms_and_pans_and_nothing_overflows(
        context: Any, site_url: str) -> None:
    ctx = context(**PHONE)
    page = ctx.new_page()
    ready(page, site_url + "?seed=8")
    page.tap("#handoff-new-game")  # a game set up by hand: every territory is claimed by a tap
    page.check('input[name="ng-setup"][value="manual"]')
    page.tap("#ng-start")
    page.wait_for_function("document.body.dataset.phase === 'claim'")
    territories = page.eval_on_selector_all(
        "[data-territory]", "gs => gs.map((g) => [g.dataset.territory, g.getAttribute('aria-label')])")
    assert len(territories) == 42
    for tid, label in territories:  # at the zoom the map opens at, each brought into view, on its badge
        page.evaluate(f'document.querySelector(\'[data-territory="{tid}"]\').focus()')
        _tap_selects(page, tid, label.split(",")[0])
    assert page.evaluate("document.querySelectorAll('[data-territory][data-owner=\"\"]').length") == 0
    assert page.evaluate("document.body.dataset.phase") == "setup"
    shoot(page, "phone-game")
    # The owners' marks are big enough to tell apart on the whole map (they were 3.5 px across on a phone).
    marks = page.eval_on_selector_all(".territory .owner-mark", "ms => ms.map(m => { const r = "
                                      "m.getBoundingClientRect(); return Math.min(r.width, r.height); })")
    print(f"owner marks on a phone, whole map: {min(marks):.1f} to {max(marks):.1f} px")
    assert len(marks) == 42 and min(marks) >= 5.0
    # Zoom in with the button, then every territory, brought into view, is tapped 8 px off its label point.
    page.tap("#zoom-fit")
    whole = _view_box(page)
    page.tap("#zoom-in")
    page.tap("#zoom-in")
    zoomed = _view_box(page)
    assert zoomed[2] < whole[2] / 2
    for tid, label in territories:
        page.evaluate(f'document.querySelector(\'[data-territory="{tid}"]\').focus()')  # brings it into view
        _tap_selects(page, tid, label.split(",")[0], dx=8.0)
    shoot(page, "phone-game-zoomed")
    # Pinch out with two fingers: the map zooms about them; a one-finger drag pans it.
    page.tap("#zoom-fit")
    assert _view_box(page) == whole
    cdp = ctx.new_cdp_session(page)
    box = page.eval_on_selector("#board", "e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, "
                                "r.height]; }")
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for step in range(1, 6):
        touch("touchMove", [(cx - 20 - 16 * step, cy), (cx + 20 + 16 * step, cy)])
    touch("touchEnd", [])
    pinched = _view_box(page)
    assert pinched[2] < whole[2] / 2.5  # 40 px apart to 200 px: about five times closer
    touch("touchStart", [(cx, cy)])
    for step in range(1, 6):
        touch("touchMove", [(cx + 12 * step, cy + 6 * step)])
    touch("touchEnd", [])
    panned = _view_box(page)
    assert panned[2] == pinched[2] and panned[0] < pinched[0] and panned[1] < pinched[1]
    # Nothing overflows sideways, on the game and on the first screen.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.tap("#menu")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_app_installs_its_manifest_lists_icons_that_exist_and_it_opens_offline(
        browser: Any, site_url: str, tmp_path: Path) -> None:
    # A profile on disk: Chromium never offers to install from an incognito window, which a plain context is.
    executable = os.environ.get(build.ENV_CHROMIUM) or build.find_chromium()
    ctx = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), executable_path=executable,
                                                         args=list(build.CHROMIUM_ARGS))
    try:
        _installs_and_opens_offline(ctx, site_url)
    finally:
        ctx.close()


def _installs_and_opens_offline(ctx: Any, site_url: str) -> None:
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    ready(page, site_url)
    href = page.get_attribute('link[rel="manifest"]', "href")
    response = page.request.get(site_url + href.lstrip("./"))
    assert response.ok and response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.body())
    assert manifest["name"] and manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = set()
    for icon in manifest["icons"]:
        got = page.request.get(site_url + icon["src"])
        assert got.ok, icon["src"]
        if icon["type"] == "image/png":
            body = got.body()
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", body[16:24])
            assert f"{width}x{height}" == icon["sizes"]
            sizes.add((width, icon["purpose"]))
    assert (192, "any") in sizes and (512, "any") in sizes and (512, "maskable") in sizes
    page.wait_for_function("!!(navigator.serviceWorker && navigator.serviceWorker.controller)", timeout=60_000)
    cdp = ctx.new_cdp_session(page)
    parsed = cdp.send("Page.getAppManifest")
    assert not parsed.get("errors"), parsed.get("errors")
    errors: list[Any] = []
    for _ in range(20):  # Chromium looks at the icons and the worker in the background
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        if not errors:
            break
        time.sleep(0.25)
    assert errors == [], errors
    # From the home screen, offline: the manifest's start address opens on the first screen.
    ctx.set_offline(True)
    ready(page, site_url + manifest["start_url"].lstrip("./"))
    assert overlay(page) == "home"


def test_a_whole_turn_with_the_keyboard_alone(context: Any, site_url: str) -> None:
    """Trade, place, attack, move in, free move, undo it, end the turn: keys only, no mouse."""
    page = context(viewport={"width": 1024, "height": 768}).new_page()
    ready(page, site_url + "?scenario=turn&seed=3")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'handoff-button'")
    page.keyboard.press("Enter")  # "I am Red: show my turn"
    assert overlay(page) == ""
    assert page.evaluate("document.getElementById('rules-summary').textContent").startswith("Rules: Classic")
    page.keyboard.press("t")  # trade the first set offered
    page.wait_for_function("document.getElementById('income').textContent.includes('cards: +')")
    assert "territories: +" in page.inner_text("#income")
    page.keyboard.press("a")  # all the armies in one go
    page.keyboard.press("g")  # to the map: the first territory that can be chosen (Alaska)
    assert page.evaluate("document.activeElement.dataset.territory") == "alaska"
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.phase === 'attack'")
    page.keyboard.press("Enter")  # attack from Alaska
    page.keyboard.press("n")  # the next territory that can be chosen: the ones to attack or move to
    for _ in range(4):
        if page.evaluate("document.activeElement.dataset.territory") == "kamchatka":
            break
        page.keyboard.press("n")
    assert page.evaluate("document.activeElement.dataset.territory") == "kamchatka"
    page.keyboard.press("Enter")
    page.keyboard.press("b")  # attack until won
    page.wait_for_function("document.body.dataset.phase === 'occupy'", timeout=10_000)
    page.keyboard.press("m")  # move in
    page.wait_for_function("document.body.dataset.phase === 'attack'")
    page.keyboard.press("g")
    assert page.evaluate("document.activeElement.dataset.territory") == "kamchatka"
    page.keyboard.press("Enter")  # move from Kamchatka
    page.keyboard.press("n")
    for _ in range(4):
        if page.evaluate("document.activeElement.dataset.territory") == "alaska":
            break
        page.keyboard.press("n")
    page.keyboard.press("Enter")  # to Alaska
    page.keyboard.press("m")  # the free move ends the turn: the device goes to Blue
    page.wait_for_function("document.body.dataset.overlay === 'handoff'")
    assert "Rules: Classic (1980)" in page.inner_text("#handoff-rules")
    page.keyboard.press("u")  # take it back from the hand-off screen
    page.wait_for_function("document.body.dataset.overlay === '' && document.body.dataset.player === '0'")
    page.keyboard.press("e")  # end the turn instead: with attacks left it asks once, and E again ends it
    page.wait_for_function("document.getElementById('end-turn').textContent === 'End turn anyway'")
    page.keyboard.press("e")
    page.wait_for_function("document.body.dataset.overlay === 'handoff' && document.body.dataset.player === '1'")
    page.keyboard.press("?")  # the keys are listed in the page
    assert overlay(page) == "home" and page.is_visible("#home-keys-page")
    assert "Roll the dice" in page.inner_text("#home-keys-page")


@pytest.mark.parametrize("size", [(1024, 768), (1440, 900)])
def test_desktop_screens_use_the_space_and_are_shot(context: Any, site_url: str, size: tuple[int, int]) -> None:
    width, height = size
    page = context(viewport={"width": width, "height": height}).new_page()
    ready(page, site_url + "?scenario=turn&seed=3")
    page.click("#handoff-button")
    box = page.eval_on_selector("#map", "e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; }")
    actions = page.eval_on_selector("#turn-bar", "e => e.getBoundingClientRect().top")
    assert box[0] >= width * 0.6  # the map takes the width beside the side column
    assert actions < height - 150  # and the turn bar (the step's actions) sits under it, in view, not a blank below
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")  # no page scroll
    # Names show where the land has room at this size (big territories at least).
    shown = page.evaluate("[...document.querySelectorAll('#names .name.fits')].map((t) => t.textContent)")
    assert "Brazil" in shown and len(shown) >= 15
    shoot(page, f"desktop-{width}x{height}")
    whole = _view_box(page)
    page.mouse.move(box[0] / 2, box[1] / 2)
    page.mouse.wheel(0, -300)  # the wheel zooms in about the pointer
    page.wait_for_function("(w) => parseFloat(document.getElementById('board').getAttribute('viewBox')"
                           ".split(' ')[2]) < w", arg=whole[2] / 1.5)
