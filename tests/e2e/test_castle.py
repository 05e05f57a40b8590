"""Castle Risk (1986) in Chromium: a game from the new-game dialog (computer players at full speed, through
the setup into the turns) on the map of Europe, fetched once; a classic -> castle -> classic switch without a reload;
and a castle link opened in a fresh browser, with the hand of person cards and the three standing orders (the
third, the hidden army in defence, toggled). Screenshots of a castle game on a phone (390x844, and on its side,
844x390) and a desktop (1440x900) go to ``test-results/screens/``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from e2e.dialog import start_from_dialog
from e2e.screens import shoot
from risk.actions import every_action
from risk.codec import encode_game
from risk.engine import legal_actions
from risk.game import Game, Seat
from risk.rules import make_rules
from risk.rules.castle.actions import StandingOrders
from risk.state import Phase

READY = "html[data-ready='true']"
PHONE = {"width": 390, "height": 844}
PHONE_SIDEWAYS = {"width": 844, "height": 390}
DESKTOP = {"width": 1440, "height": 900}


def open_at(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert not page.errors, page.errors


def territories(page: Any) -> int:
    return int(page.locator("#territories [data-territory]").count())


def test_a_castle_game_from_the_dialog_on_europe_and_back_to_the_classic_map(
        fresh_page: Callable[..., Any], site_url: str) -> None:
    page = fresh_page(DESKTOP)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if r.url.endswith(".svg") and "/maps/" in r.url else None)
    open_at(page, site_url + "?seed=5")
    assert page.locator("body").get_attribute("data-map") == "classic" and territories(page) == 42
    page.locator("#handoff-new-game").click()
    page.locator("#new-game-dialog").get_by_text("Castle Risk (1986)", exact=True).click()
    shown = page.eval_on_selector_all("#ng-count option:not([hidden])", "os => os.map(o => o.value)")
    assert shown == ["2", "3", "4", "5", "6"] and page.locator("#ng-setup").is_visible()
    page.locator("#new-game-dialog").get_by_role("button", name="Cancel").click()
    start_from_dialog(page, "Castle Risk (1986)", 3, "random")
    page.wait_for_selector("body[data-map='castle']", timeout=30_000)
    assert territories(page) == 44 and page.locator("#panel-castle").is_visible()
    assert "British Empire" in page.locator("#map-legend").text_content()
    page.locator("#fast").click()  # the computer players place their castles and armies, then play
    page.wait_for_function("document.body.dataset.phase === 'attack'", timeout=60_000, polling=250)
    assert page.locator('[data-territory] .site-castle').count() == 3
    shoot(page, "castle-bots-1440x900.png")
    assert not page.errors, page.errors

    # Back to the classic world at once, and to Europe again without fetching it twice.
    start_from_dialog(page, "Classic (1980)", 3)
    page.wait_for_selector("body[data-map='classic']", timeout=10_000)
    assert territories(page) == 42 and "North America" in page.locator("#map-legend").text_content()
    assert page.locator("#panel-castle").is_hidden()
    start_from_dialog(page, "Castle Risk (1986)", 4)
    page.wait_for_selector("body[data-map='castle']", timeout=10_000)
    assert territories(page) == 44 and page.locator(".map-overlay").count() == 1
    assert len([u for u in fetched if u.endswith("castle.svg")]) == 1
    assert not page.errors, page.errors


def castle_link(seed: int = 11, actions: int = 150) -> str:
    """A 3-person castle game played a while by random choices, as a link's fragment."""
    seats = [Seat(n, i) for i, n in enumerate(("Ann", "Bob", "Cy"))]
    game = Game.start(make_rules("castle"), seats, seed)
    chooser = random.Random(seed)
    played = 0
    while not (played >= actions and game.state.phase is Phase.ATTACK):  # then the cards can be played
        assert game.state.phase is not Phase.OVER, "the game ended before the link's moment"
        choices = [a for a in every_action(legal_actions(game.state)) if not isinstance(a, StandingOrders)]
        game.play(chooser.choice(choices))
        played += 1
    return encode_game(game)


@pytest.mark.parametrize("viewport", [PHONE, PHONE_SIDEWAYS, DESKTOP], ids=["phone", "sideways", "desktop"])
def test_a_castle_link_opens_in_a_fresh_browser_with_its_map_and_the_hand_of_cards(
        fresh_page: Callable[..., Any], site_url: str, viewport: dict[str, int]) -> None:
    page = fresh_page(viewport)
    open_at(page, site_url + "#" + castle_link())
    page.wait_for_selector("body[data-map='castle']", timeout=30_000)
    assert territories(page) == 44
    assert page.locator("body").get_attribute("data-overlay") == "handoff"
    page.locator("#handoff-button").click()
    assert page.locator("#panel-cards").is_visible() and page.locator("#hand li.card").count() >= 1
    # Three standing orders (rules revision 3): the third brings the hidden army out when its site is attacked.
    orders = page.locator("#sets .orders button")
    assert orders.count() == 3
    hidden = page.locator('#sets .orders button[data-order="4"]')
    assert hidden.text_content() == "Bring out my hidden army when its territory is attacked"
    assert hidden.get_attribute("aria-pressed") == "true"
    assert "Your hidden army waits on" in page.locator("#sets").text_content()
    hidden.click()
    page.wait_for_selector('#sets .orders button[data-order="4"][aria-pressed="false"]', timeout=10_000)
    hidden = page.locator('#sets .orders button[data-order="4"]')
    hidden.evaluate("e => e.scrollIntoView({block: 'end'})")  # clear of the action bar
    shoot(page, f"castle-orders-{viewport['width']}x{viewport['height']}.png")
    hidden.click()
    page.wait_for_selector('#sets .orders button[data-order="4"][aria-pressed="true"]', timeout=10_000)
    page.evaluate("window.scrollTo(0, 0)")
    assert page.locator("#panel-castle").is_visible()
    assert page.locator('[data-territory] .site-castle').count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    shoot(page, f"castle-{viewport['width']}x{viewport['height']}.png")
    assert not page.errors, page.errors
