"""Fixtures for tests of the built page in Chromium.

Session fixtures (built and started once, stopped at the end):

``site_server``
    ``build.SiteServer`` serving the built site on 127.0.0.1 at a free port. ``site_server.root`` is the
    folder; ``bytes_sent`` and ``requests`` count what it served since ``reset_counts()``.
``site_url``
    Its address, ending in ``/``. The site is dist/ as ``python3 build.py test`` just built it (that
    command sets ``RISK_SITE_BUILT``); under a bare ``pytest`` it is built first if out of date.

Per test module:

``browser``
    A Playwright Chromium ``Browser``: Playwright's own if installed, else Debian's /usr/bin/chromium,
    launched with ``build.CHROMIUM_ARGS``. The tests are skipped, saying why, only if there is none.
    Not per session: while Playwright's sync API runs it holds an asyncio loop on the main thread, and
    later CPython tests that call ``asyncio.run()`` would fail.

Per test:

``page``
    A fresh context (empty caches, no service worker) and a page in it, as a ``SitePage``: every
    attribute of Playwright's ``Page`` works on it, plus ``open(path)`` (goto relative to the site),
    ``wait_ready()`` (until ``<html data-ready="true">``, failing with the page's error text and console
    errors if it does not come), ``requests`` (every URL the context asked for, service worker's
    included), ``console_errors`` and ``page_errors``. Pass ``viewport`` through the ``page_options``
    marker: ``@pytest.mark.page_options(viewport={"width": 390, "height": 844})``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import build
import pytest

READY = "document.documentElement.dataset.ready === 'true'"
CONTROLLED = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "page_options(**kwargs): options for the page fixture's browser context")


# Chromium's renderer is sometimes killed while Pyodide starts on a loaded 2-core machine (seen twice in about
# 1,200 page loads, at different tests, never reproduced alone): "Page/Target crashed" says nothing of the game,
# so a test that fails with it runs once more, in a fresh context, and says so. Any other failure, or
# a second crash, stands.
RENDERER_CRASHES = ("Page crashed", "Target crashed")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool:
    from _pytest.runner import runtestprotocol

    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    if any(r.failed and any(crash in str(r.longrepr) for crash in RENDERER_CRASHES) for r in reports):
        print(f"\n{item.nodeid}: Chromium's renderer crashed; running the test once more")
        item._initrequest()  # type: ignore[attr-defined]
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


@pytest.fixture(scope="session")
def site_server() -> Iterator[build.SiteServer]:
    built = os.environ.get(build.ENV_SITE_BUILT)
    root = Path(built) if built and (Path(built) / "index.html").is_file() else None
    if root is None:
        try:
            root = build.build_if_needed()
        except build.BuildError as error:
            pytest.skip(f"the site cannot be built here: {error}")
    with build.serving(root) as server:
        yield server


@pytest.fixture(scope="session")
def site_url(site_server: build.SiteServer) -> str:
    return site_server.url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="the Python package playwright is not installed")
    executable = os.environ.get(build.ENV_CHROMIUM) or build.find_chromium()
    if executable is None:
        pytest.skip("no Chromium: neither Playwright's own nor /usr/bin/chromium (apt-get install chromium)")
    with pytest.MonkeyPatch.context() as env:
        # Playwright's driver copies Chromium's own log to stderr under DEBUG=pw:browser. pytest keeps it with
        # the test that was running and shows it only if that test fails: a renderer crash (RENDERER_CRASHES)
        # that happens twice in a row then shows Chromium's own account of it (out of memory, a signal, ...).
        env.setenv("DEBUG", os.environ.get("DEBUG", "pw:browser"))
        with sync_api.sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=executable, args=list(build.CHROMIUM_ARGS))
            yield chromium
            chromium.close()


@pytest.fixture(scope="module")
def fresh_page(browser: Any) -> Iterator[Callable[[dict[str, int]], Any]]:
    """``fresh_page(viewport)``: a page in a new browser context (own storage, own cache) that records the
    page's errors in ``page.errors``; every context is closed with the module."""
    contexts: list[Any] = []

    def new(viewport: dict[str, int]) -> Any:
        ctx = browser.new_context(viewport=viewport)
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page

    yield new
    for ctx in contexts:
        ctx.close()



@dataclass
class SitePage:
    """A Playwright page of the site, in its own context, that remembers what it saw."""

    page: Any
    base_url: str
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.page, name)

    def open(self, path: str = "") -> None:
        """Go to ``path`` relative to the site's root ("" is index.html, "?seed=3" a query)."""
        self.page.goto(self.base_url + path.lstrip("/"))

    def wait_ready(self, timeout_ms: int = 90_000) -> None:
        """Wait until the game says it can be played; on failure, say what the page showed."""
        try:
            self.page.wait_for_function(READY, polling="raf", timeout=timeout_ms)
        except Exception as error:
            shown = self.page.evaluate("document.getElementById('error')?.innerText ?? ''")
            raise AssertionError(
                f"the page did not become ready: {error}\nerror box: {shown!r}\n"
                f"page errors: {self.page_errors}\nconsole errors: {self.console_errors}"
            ) from None

    def wait_controlled(self, timeout_ms: int = 60_000) -> None:
        """Wait until the service worker has installed, precached every file and controls the page."""
        self.page.wait_for_function(CONTROLLED, timeout=timeout_ms)


@pytest.fixture
def page(browser: Any, site_url: str, request: pytest.FixtureRequest) -> Iterator[SitePage]:
    marker = request.node.get_closest_marker("page_options")
    context = browser.new_context(**(marker.kwargs if marker else {}))
    site_page = SitePage(context.new_page(), site_url)
    context.on("request", lambda r: site_page.requests.append(r.url))
    site_page.page.on("pageerror", lambda error: site_page.page_errors.append(str(error)))
    site_page.page.on(
        "console", lambda message: site_page.console_errors.append(message.text) if message.type == "error" else None
    )
    yield site_page
    context.close()
