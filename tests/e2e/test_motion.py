"""The motion of a bot's moves in Chromium: tokens, dice and rings appear in g#motion at the default pace,
and none under reduce motion. One page per case; no timing asserts."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tests.e2e.screens import shoot

READY = "html[data-ready='true']"


@pytest.fixture(scope="module")
def load(browser: Any, site_url: str) -> Iterator[Callable[..., Any]]:
    pages: list[Any] = []

    def open_page(width: int, height: int, reduce: bool = False) -> Any:
        page = browser.new_page(viewport={"width": width, "height": height})
        if reduce:
            page.emulate_media(reduced_motion="reduce")
        page.goto(site_url.rstrip("/") + "/?seed=21")
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        page.get_by_role("button", name="New game…").click()
        page.locator("#ng-controller-0").select_option("easy")
        page.locator("#ng-controller-1").select_option("easy")
        page.locator("#ng-controller-2").select_option("easy")
        page.get_by_role("button", name="Start game").click()
        pages.append(page)
        return page

    yield open_page
    for page in pages:
        page.close()


@pytest.mark.parametrize("size", [(1440, 900), (390, 844), (844, 390)])
def test_a_bot_turn_moves_on_the_map(load: Callable[..., Any], size: tuple[int, int]) -> None:
    page = load(*size)
    page.wait_for_selector("#motion .mo-token", state="attached", timeout=60_000)
    page.wait_for_timeout(150)
    shoot(page, f"motion-{size[0]}x{size[1]}")
    assert page.locator("#motion > *").count() >= 1


def test_no_motion_under_reduce_motion(load: Callable[..., Any]) -> None:
    page = load(1440, 900, reduce=True)
    # the bots play several moves; the layer stays empty
    page.wait_for_function("document.body.dataset.phase === 'attack' || document.body.dataset.phase === 'fortify'",
                           timeout=60_000)
    page.wait_for_timeout(1500)
    assert page.locator("#motion").count() == 1
    assert page.locator("#motion > *").count() == 0
