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


# The first screen's "Play against the computer" from seed 21: Yellow (a bot) starts, Blue waits, Red (the person)
# plays third; Yellow's first turn is 12 actions (placements, attacks, a capture).
COMPUTER = "?seed=21&scenario=computer&debug=1"
YOUR_TURN = "document.title.startsWith('Your turn')"


def expected_digest() -> str:
    """The state when Red's turn comes, played in CPython by the same bots (no clock involved in their choices)."""
    from risk_ui import bots
    from risk_ui.controller import QUICK_GAMES, Controller
    from risk_ui.debug import state_digest

    c = Controller.new(QUICK_GAMES["computer"], 21)
    autoplay = bots.Autoplay(c, clock=lambda: 0.0)
    while autoplay.tick() is not None:
        pass
    return state_digest(c.state)


def test_the_same_game_with_motion_and_with_the_motion_setting_off(browser: Any, site_url: str) -> None:
    from urllib.parse import urlparse

    from risk_ui.saves_panel import PREFS_KEY
    from risk_ui.storage import Keys

    digests, pages, contexts = [], [], []
    for prefs in ("", "motion-off sound"):
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        if prefs:  # the setting chosen on an earlier visit, as the page keeps it
            key = Keys.for_path(urlparse(site_url).path).prefix + PREFS_KEY
            context.add_init_script(f"localStorage.setItem({key!r}, {prefs!r})")
        page = context.new_page()
        page.goto(site_url.rstrip("/") + "/" + COMPUTER)
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        if prefs:  # Sound kept on: a click on the map while the bot plays is the gesture that makes the audio
            page.locator("#map").click(position={"x": 5, "y": 5})
            page.wait_for_selector("html[data-audio='ready']", state="attached", timeout=10_000)
        page.wait_for_function(YOUR_TURN, timeout=90_000)  # the bots' turn played at the default pace
        assert page.locator("#turn-bar").get_attribute("data-cue") == "your-turn"
        assert page.locator("html").get_attribute("data-motion") == ("off" if prefs else "on")
        digests.append(page.evaluate("window.riskStateDigest()"))
        contexts.append(context)
        pages.append(page)
    assert digests[0] == digests[1] == expected_digest()
    # WebAudio through Pyodide: the bot's dice or capture, then your turn, each played without an error
    assert int(pages[1].locator("html").get_attribute("data-sounds") or 0) >= 2
    assert pages[0].locator("html").get_attribute("data-sounds") is None  # sound is off unless chosen
    page = pages[1]  # the cue and the settings at each size (the cue stays until the person acts)
    for width, height in ((1440, 900), (390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        shoot(page, f"your-turn-cue-{width}x{height}")
    page.locator("#menu").click()
    assert page.locator("#home-motion").get_attribute("aria-pressed") == "false"
    assert page.locator("#home-sound").get_attribute("aria-pressed") == "true"
    for width, height in ((1440, 900), (390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#home-sound").scroll_into_view_if_needed()
        page.wait_for_timeout(200)
        shoot(page, f"settings-{width}x{height}")
    for context in contexts:
        context.close()
