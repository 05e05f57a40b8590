"""The built page in Chromium, played as a person would: clicks, keys, and what the page says back.

Positions come from the page's own test address parameters (``src/risk_ui/scenarios.py``):
``?scenario=turn`` (Red to place, attack Kamchatka from Alaska and move), ``?scenario=near-win`` (one
capture wins), ``?seed=N`` (a repeatable new game) and ``?debug=1`` (hooks on ``window`` for the
self-play digest). Each test loads its page once; the checks that only read share one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from risk.board import load_board
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.debug import selfplay_digest, state_digest
from risk_ui.words import END_TURN_AGAIN

READY = "html[data-ready='true']"
BOARD = load_board("classic")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def load(browser: Any, site_url: str) -> Iterator[Callable[..., Any]]:
    """Open the site with a query in a new page, wait until the game can be played; closed at the end."""
    pages: list[Any] = []

    def open_page(query: str = "", viewport: dict[str, int] | None = None) -> Any:
        page = browser.new_page(viewport=viewport or DESKTOP)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(site_url.rstrip("/") + "/" + query)
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        assert not errors, errors
        assert page.locator("#error").is_hidden()
        pages.append(page)
        return page

    yield open_page
    for page in pages:
        page.close()


@pytest.fixture(scope="module")
def seeded(load: Callable[..., Any]) -> Any:
    """A default game from seed 5 with the test hooks: read, never played on."""
    return load("?seed=5&debug=1")


def territory(page: Any, territory_id: str) -> Any:
    return page.locator(f'[data-territory="{territory_id}"]')


def click_territory(page: Any, territory_id: str) -> None:
    """Click the army badge: always inside the territory, unlike the middle of an irregular shape."""
    page.locator(f'[data-territory="{territory_id}"] .army-badge').click()


def body(page: Any, name: str) -> str:
    return str(page.locator("body").get_attribute(name))


def test_every_territory_carries_the_data_and_aria_contract(seeded: Any) -> None:
    expected = Controller.new(DEFAULT_SETTINGS, seed=5)
    state = expected.state
    rows = seeded.eval_on_selector_all(
        "[data-territory]",
        """els => els.map(e => [e.dataset.territory, e.dataset.owner, e.dataset.armies,
                               e.getAttribute('aria-label'), e.getAttribute('role'), e.getAttribute('tabindex')])""")
    assert len(rows) == BOARD.size
    for tid, owner, armies, label, role, tabindex in rows:
        t = BOARD.territory_index(tid)
        count = state.armies[t]
        assert owner == str(state.owner[t]) and armies == str(count)
        assert label == f"{BOARD.territories[t].name}, {expected.seat_name(state.owner[t])}, {count} " + (
            "army" if count == 1 else "armies")
        assert role == "button" and tabindex in ("0", "-1")
    assert [row[5] for row in rows].count("0") == 1  # the map is one stop of the Tab order
    assert body(seeded, "data-phase") == "reinforce"
    assert body(seeded, "data-player") == str(state.current)
    assert seeded.evaluate("window.riskStateDigest()") == state_digest(state)


def test_the_engine_plays_the_same_seeded_game_in_pyodide_and_in_cpython(seeded: Any) -> None:
    for seed in (11, 12):
        assert seeded.evaluate(f"window.riskSelfplayDigest({seed})") == selfplay_digest(seed)


def test_a_players_whole_turn_through_clicks(load: Callable[..., Any]) -> None:
    page = load("?scenario=turn&seed=3")
    assert page.locator("#handoff-title").inner_text() == "Pass to Red"
    page.get_by_role("button", name="I am Red: show my turn").click()
    # A click before the forced trade: the rule, in the live status region, and nothing changes.
    click_territory(page, "kamchatka")
    message = page.locator("#message")
    assert message.get_attribute("role") == "status"
    assert message.inner_text() == "With 5 cards you must trade a set before placing armies"
    assert territory(page, "kamchatka").get_attribute("data-armies") == "1"
    # Five cards in hand: a set must be traded first (4 armies), then all seven go on Alaska.
    assert "must trade a set first" in page.locator("#status").inner_text()
    assert page.locator("#hand li").count() == 5 and "Wild" in page.locator("#hand").inner_text()
    page.locator("#sets button").first.click()
    assert page.locator("#hand li").count() == 2
    assert page.locator("#place-summary").inner_text().startswith("7 armies to place")
    page.get_by_role("button", name="All", exact=True).click()
    click_territory(page, "alaska")
    assert territory(page, "alaska").get_attribute("data-armies") == "13"
    assert body(page, "data-phase") == "attack"
    # Attack Kamchatka until it falls.
    click_territory(page, "alaska")
    click_territory(page, "kamchatka")
    assert territory(page, "kamchatka").get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name="Attack until won").click()
    assert body(page, "data-phase") == "occupy"
    assert page.locator("#dice .die.attacker").count() >= 1
    assert page.locator("#dice .die.defender").count() >= 1
    # Move in the fewest armies allowed (the dice rolled: three). The cards stay hidden from others.
    page.locator("#occupy-min").click()
    page.locator("#occupy").click()
    assert territory(page, "kamchatka").get_attribute("data-owner") == "0"
    assert territory(page, "kamchatka").get_attribute("data-armies") == "3"
    # The free move: Alaska stays selected; one army to the Northwest Territory ends the turn.
    click_territory(page, "northwest_territory")
    page.locator("#move-count").fill("1")
    page.locator("#move").click()
    assert territory(page, "northwest_territory").get_attribute("data-armies") == "2"
    # Hand-off to Blue, who places and ends the turn.
    assert body(page, "data-overlay") == "handoff"
    assert page.locator("#handoff-title").inner_text() == "Pass to Blue"
    assert page.locator("#hand").inner_text() == ""
    page.get_by_role("button", name="I am Blue: show my turn").click()
    assert body(page, "data-player") == "1" and body(page, "data-phase") == "reinforce"
    page.get_by_role("button", name="All", exact=True).click()
    click_territory(page, page.locator('[data-territory][data-owner="1"]').first.get_attribute("data-territory"))
    assert body(page, "data-phase") == "attack"
    page.get_by_role("button", name="End turn").click()
    assert page.locator("#end-turn").inner_text() == END_TURN_AGAIN  # attacks were left: it asks once more
    page.locator("#end-turn").click()
    assert page.locator("#handoff-title").inner_text() == "Pass to Yellow"
    assert body(page, "data-player") == "2"


def test_a_game_played_to_the_winners_screen(load: Callable[..., Any]) -> None:
    page = load("?scenario=near-win&seed=7")
    page.locator("#handoff-button").click()
    click_territory(page, "alaska")
    click_territory(page, "kamchatka")
    page.get_by_role("button", name="Attack until won").click()
    assert body(page, "data-phase") == "over"
    winner = page.locator("#winner")
    assert winner.is_visible()
    assert page.locator("#winner-title").inner_text() == "Red wins!"
    assert page.locator("#status").inner_text() == "Red has won the game!"
    assert page.locator('[data-territory][data-owner="0"]').count() == BOARD.size


def test_keyboard_only_placement(load: Callable[..., Any]) -> None:
    page = load("?seed=5")
    current = body(page, "data-player")
    page.keyboard.press("Enter")  # the hand-off button has the focus
    focused = page.evaluate("document.activeElement.dataset.territory")
    assert focused and territory(page, focused).get_attribute("data-owner") == current
    before = int(territory(page, focused).get_attribute("data-armies"))
    page.keyboard.press("Enter")
    assert int(territory(page, focused).get_attribute("data-armies")) == before + 1
    page.keyboard.press("ArrowRight")
    moved = page.evaluate("document.activeElement.dataset.territory")
    assert moved and moved != focused
    page.keyboard.press("n")  # the next territory that can be chosen (the map is one stop of the Tab order)
    assert page.evaluate("document.activeElement.dataset.territory")
    outline = page.evaluate("getComputedStyle(document.activeElement.querySelector('.land')).strokeWidth")
    assert float(outline.rstrip("px")) >= 3  # focus is visible on the board


def test_new_game_dialog_starts_a_three_person_classic_automatic_game_on_a_phone(load: Callable[..., Any]) -> None:
    page = load("?seed=9", viewport=PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Focusing the hand-off button does not scroll the page under it (the map's top stays in view).
    page.wait_for_timeout(200)
    assert page.evaluate("window.scrollY") == 0
    board = page.locator("#map svg").bounding_box()
    app = page.locator("#app").bounding_box()
    assert board["width"] >= PHONE["width"] - 20 and app["y"] >= board["y"] + board["height"] - 1
    page.get_by_role("button", name="New game…").click()
    dialog = page.locator("#new-game-dialog")
    assert dialog.is_visible()
    assert dialog.get_by_text("Classic (1963 rules)").is_visible()
    page.get_by_role("button", name="Start game").click()
    assert dialog.is_hidden()
    assert body(page, "data-phase") == "reinforce"
    assert page.locator("#players li").count() == 3
    owners = set(page.eval_on_selector_all("[data-territory]", "els => els.map(e => e.dataset.owner)"))
    assert owners == {"0", "1", "2"}
