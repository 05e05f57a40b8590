"""Two copies of the site on one origin, at /a/ and /b/: each service worker keeps its own offline cache.

The copies share the origin's caches (and its storage). The worker names its cache after its path and
deletes only from that cache, so installing /b/ cannot empty /a/'s, and both start with the network off.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import build
import pytest

READY = "html[data-ready='true']"
CONTROLLED = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"


@pytest.fixture
def two_copies(site_server: build.SiteServer, tmp_path: Path) -> Iterator[build.SiteServer]:
    """One server whose /a/ and /b/ are both the built site."""
    for name in ("a", "b"):
        (tmp_path / name).symlink_to(site_server.root, target_is_directory=True)
    with build.serving(tmp_path) as server:
        yield server


def manifest(site: Path) -> dict[str, str]:
    """The precache manifest build.py wrote into the site's sw.js: path → content hash."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    found, _ = json.JSONDecoder().raw_decode(text, text.index("const MANIFEST = ") + len("const MANIFEST = "))
    return dict(found)


def visit(context: Any, url: str) -> Any:
    """Open ``url``, wait until the game is ready and its service worker controls the page."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    assert not errors, errors
    return page


def test_two_copies_on_one_origin_both_start_offline(browser: Any, two_copies: build.SiteServer) -> None:
    context = browser.new_context()
    try:
        first = visit(context, two_copies.url + "a/")
        second = visit(context, two_copies.url + "b/")
        names = second.evaluate("caches.keys()")
        assert sorted(n for n in names if n.startswith("risk-precache")) == ["risk-precache /a/", "risk-precache /b/"]
        files = len(manifest(two_copies.root / "a"))
        for copy in ("/a/", "/b/"):
            stored = second.evaluate(f"caches.open('risk-precache {copy}').then((c) => c.keys()).then((k) => k.length)")
            assert stored == files, f"{copy} kept {stored} of its {files} files"
        context.set_offline(True)
        two_copies.reset_counts()
        for page in (first, second):
            page.reload()
            page.wait_for_selector(READY, state="attached", timeout=90_000)
            assert page.locator("#error").is_hidden()
        again = context.new_page()
        again.goto(two_copies.url + "a/?seed=4")
        again.wait_for_selector(READY, state="attached", timeout=90_000)
        assert two_copies.requests == [], "offline, the server must not have been asked for anything"
    finally:
        context.close()


def test_a_new_worker_takes_its_own_files_from_the_old_shared_cache_and_leaves_the_others(
    browser: Any, two_copies: build.SiteServer
) -> None:
    """A returning player has the cache every copy shared before caches were named by path."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(two_copies.url + "a/sw.js")  # a page of the origin that registers no worker
        index_hash = manifest(two_copies.root / "a")["index.html"]
        base = two_copies.url
        page.evaluate(
            """async ([base, hash]) => {
                 const shared = await caches.open("risk-precache");
                 const page = await (await fetch(base + "a/index.html")).blob();
                 await shared.put(`${base}a/index.html?v=${hash}`, new Response(page));
                 await shared.put(`${base}b/index.html?v=${hash}`, new Response(page));
                 await shared.put(`${base}b/gone.js?v=0123456789abcdef`, new Response("old"));
               }""",
            [base, index_hash],
        )
        two_copies.reset_counts()
        visit(context, base + "a/")
        assert "/a/index.html" not in two_copies.requests, "the worker downloaded a file it already had"
        assert "/a/pyscript.toml" in two_copies.requests
        left = page.evaluate("caches.open('risk-precache').then((c) => c.keys()).then((k) => k.map((r) => r.url))")
        assert sorted(left) == [f"{base}b/gone.js?v=0123456789abcdef", f"{base}b/index.html?v={index_hash}"]
    finally:
        context.close()
