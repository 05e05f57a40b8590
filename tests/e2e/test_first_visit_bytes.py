"""A first visit downloads each file once, and the service worker precaches exactly what a visit asks for
(plus the files build.py names, each with its reason). How many bytes that is lives in the bench
(``python3 build.py bench``), not here."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import build

_MANIFEST = re.compile(r"const MANIFEST = (\{.*?\});", re.DOTALL)


def site_file(path: str) -> str:
    """The site's file a request path names: "/" and "/?seed=3" are index.html."""
    path = urlsplit(path).path.lstrip("/")
    return path if path and not path.endswith("/") else path + "index.html"


def precached(root: Path) -> dict[str, str]:
    """The service worker's precache manifest as the build wrote it."""
    match = _MANIFEST.search((root / "sw.js").read_text(encoding="utf-8"))
    assert match, "sw.js has no manifest"
    return dict(json.loads(match.group(1)))


def site_tree(root: Path) -> dict[str, bytes]:
    files = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    return {name: b"" for name in files if not (name.endswith(".gz") and name.removesuffix(".gz") in files)}


def test_the_request_paths_name_the_site_files() -> None:
    assert site_file("/") == "index.html"
    assert site_file("/?seed=3") == "index.html"
    assert site_file("/app/game.zip?v=1") == "app/game.zip"


def test_a_first_visit_downloads_each_file_once_and_precaches_what_it_asks_for(page, site_server) -> None:
    asked: list[str] = []
    page.page.on("request", lambda request: asked.append(request.url))  # the page's own, not the worker's
    site_server.reset_counts()
    page.open()
    page.wait_ready()
    page.wait_controlled()  # installed: every file of the manifest is in the worker's cache
    bodies = Counter(site_file(r.path) for r in site_server.responses if r.status == 200)
    assert [name for name, times in bodies.items() if times > 1] == [], "a file was downloaded twice"
    assert all(r.status in (200, 304) for r in site_server.responses), site_server.responses

    manifest = precached(site_server.root)
    visited = {site_file(urlsplit(url).path) for url in asked if urlsplit(url).scheme.startswith("http")}
    visited.discard("sw.js")  # the worker's own script is never in its manifest
    extras = build.not_asked_but_precached(site_tree(site_server.root))
    assert sorted(set(manifest) - visited - set(extras)) == [], "precached, yet no visit asks for it"
    assert sorted(visited - set(manifest)) == [], "asked for by the visit, yet not precached (offline, it fails)"
    assert build.inlined_map() not in manifest and build.inlined_map() not in visited
    # Every file downloaded on the first visit is one the worker keeps, so a second visit downloads nothing.
    assert set(bodies) <= set(manifest) | {"sw.js"}
