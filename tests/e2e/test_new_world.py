"""Issue 24 in Chromium: a new world made in the new-game dialog (its seed shown, "Another world", a preview)
played to a winner by one person against an easy computer player on a small world; a link to a game on a
generated world opened in a fresh browser shows the same game (state digest) and map. Screenshots of the dialog
and of a generated world in play on a phone (portrait, landscape) and a laptop, under ``test-results/screens/``.

The person's moves are planned in CPython (a normal bot on the game the page gives, ``window.riskGameCode``)
and played through the page's controller (``window.riskPlay``); the computer player plays in the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from e2e.screens import shoot
from risk.actions import format_action
from risk.ai import choose, make_bot
from risk.codec import decode_game, decode_share
from risk.engine import apply
from risk_ui.debug import state_digest

READY = "html[data-ready='true']"
PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
LAPTOP = {"width": 1440, "height": 900}
PERSON = 0
WORLD = "4821"  # the world the game is played on (typed into the dialog)
SHARED: dict[str, str] = {}  # the link made mid-game by the first test, opened by the second


def open_at(page: Any, url: str) -> None:
    page.emulate_media(reduced_motion="reduce")  # the armies do not travel: the game goes at the bots' pace
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert not page.errors, page.errors


def body(page: Any, name: str) -> str:
    return str(page.locator("body").get_attribute(name))


def open_new_world(page: Any) -> str:
    """Open the dialog and choose New world; the seed it shows."""
    for opener in ("#handoff-new-game", "#winner-new-game", "#new-game"):
        if page.locator(opener).is_visible():
            page.locator(opener).click()
            break
    page.locator("#new-game-dialog").get_by_text("New world", exact=True).click()
    page.locator("#ng-world-preview svg").wait_for(state="visible", timeout=30_000)
    return page.locator("#ng-world-seed").input_value()


def plan_turn(code: str, seed: int) -> str:
    """The person's whole turn (or what is left of it), as a normal bot plays it, in the moves' text form."""
    game = decode_game(code)
    state = game.state.copy()
    bot = make_bot("normal", seed)
    lines = []
    while not state.over and state.current == PERSON:
        action = choose(bot, state)
        lines.append(format_action(state.board, action))
        apply(state, action)
    return "\n".join(lines)


def test_a_new_world_from_the_dialog_played_to_a_winner_against_an_easy_computer_player(
        fresh_page: Callable[..., Any], site_url: str) -> None:
    page = fresh_page(LAPTOP)
    open_at(page, site_url + "?seed=3&debug=1")
    page.evaluate("window.riskGrace(0)")  # the bot does not wait while Undo is offered
    seed = open_new_world(page)
    assert re.fullmatch(r"\d{1,5}", seed), seed
    assert f"World {seed}:" in page.locator("#ng-world-caption").inner_text()
    first = page.locator("#ng-world-preview").inner_html()
    page.locator("#ng-another-world").click()
    page.wait_for_function(f"document.getElementById('ng-world-seed').value !== '{seed}'", timeout=30_000)
    seed = page.locator("#ng-world-seed").input_value()
    assert page.locator("#ng-world-preview").inner_html() != first
    assert f"World {seed}:" in page.locator("#ng-world-caption").inner_text()
    # A world typed in: the game is then the same at every run (the page's seed is the address's), whatever
    # world Another world drew.
    page.locator("#ng-world-seed").fill(WORLD)
    page.locator("#ng-world-seed").press("Tab")
    page.locator("#ng-world-size").select_option("small")
    page.wait_for_function(f"document.getElementById('ng-world-caption').textContent.includes('World {WORLD}:')"
                           " && document.getElementById('ng-world-caption').textContent.includes('territor')")
    seed = WORLD
    page.locator("#ng-count").select_option("2")
    page.locator("#ng-controller-0").select_option("human")
    page.locator("#ng-controller-1").select_option("easy")
    page.locator("#new-game-dialog").scroll_into_view_if_needed()
    shoot(page, "new-world-dialog-1440x900")
    page.get_by_role("button", name="Start game").click()
    assert page.locator("#new-game-dialog").is_hidden()
    page.wait_for_selector(f"body[data-map^='generated:1:{seed}:small:']", timeout=60_000)
    ref = body(page, "data-map")
    game = decode_game(page.evaluate("window.riskGameCode()"))
    assert game.state.rules.map == ref and game.state.people == 2
    board = game.state.board
    assert page.locator("#territories [data-territory]").count() == board.size
    assert page.locator("[id^='group-entry-']").count() == len(board.continents)
    page.locator("#fast").click()
    turns = 0
    while True:
        page.wait_for_function(
            f"document.body.dataset.phase === 'over' || document.body.dataset.player === '{PERSON}'",
            timeout=60_000, polling=100)
        if body(page, "data-phase") == "over":
            break
        code = page.evaluate("window.riskGameCode()")
        turns += 1
        if turns == 2:
            SHARED["link"] = str(page.evaluate("location.hash")).lstrip("#")
            page.locator("#map-legend summary").click()  # the legend: each continent's colour, name, bonus
            legend = page.locator("#map-legend").inner_text()
            assert all(c.name in legend for c in board.continents), legend
            shoot(page, "new-world-play-1440x900")
            page.locator("#map-legend summary").click()
        assert turns < 60, "no winner after 60 turns of the person"
        problem = page.evaluate("(texts) => window.riskPlay(texts)", plan_turn(code, turns))
        assert problem == "", problem
    page.locator("#winner").wait_for(state="visible", timeout=20_000)
    end = decode_game(page.evaluate("window.riskGameCode()"))
    assert end.state.over and end.state.winner in (PERSON, 1)
    assert page.locator("#winner-title").text_content() == f"{end.seats[end.state.winner].name} wins!"
    assert page.evaluate("window.riskStateDigest()") == state_digest(end.state)
    log = page.locator("#log").text_content()
    assert board.territories[0].name in log or any(t.name in log for t in board.territories)
    print(f"world {ref}: {board.size} territories, seat {end.state.winner} won after {turns} turns of the person")
    shoot(page, "new-world-winner-1440x900")
    assert not page.errors, page.errors


def test_a_link_to_a_game_on_a_generated_world_opens_the_same_game_and_map_in_a_fresh_browser(
        fresh_page: Callable[..., Any], site_url: str) -> None:
    code = SHARED.get("link") or ""
    assert code, "the first test made no link"
    game, _ = decode_share(code)
    ref = game.state.rules.map
    assert ref.startswith("generated:")
    page = fresh_page(PHONE)
    open_at(page, site_url + "?debug=1#" + code)
    page.wait_for_selector(f"body[data-map='{ref}']", timeout=60_000)
    assert page.evaluate("window.riskStateDigest()") == state_digest(game.state)
    ids = page.evaluate("[...document.querySelectorAll('#territories [data-territory]')].map(g => g.dataset.territory)")
    assert ids == [t.id for t in game.state.board.territories]
    if page.locator("#welcome-close").is_visible():
        page.locator("#welcome-close").click()
    for viewport in (PHONE, LANDSCAPE):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)
        name = f"{viewport['width']}x{viewport['height']}"
        shoot(page, f"new-world-play-{name}")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for viewport in (PHONE, LANDSCAPE):
        page.set_viewport_size(viewport)
        open_new_world(page)
        page.locator("#ng-world-caption").scroll_into_view_if_needed()
        shoot(page, f"new-world-dialog-{viewport['width']}x{viewport['height']}")
        page.locator("#ng-cancel").click()
    assert not page.errors, page.errors


def test_after_a_first_visit_a_new_world_is_made_and_drawn_offline(page: Any, site_server: Any) -> None:
    """The generator and the drawing come with the editions' code, which the service worker precaches: once it
    has installed, the same page makes a new world, previews it and plays on it with the network gone."""
    page.open("?debug=1&seed=5")
    page.wait_ready()
    page.wait_controlled()
    page.wait_for_function("() => JSON.parse(window.riskStdlib()).mounted.includes('editions')", timeout=60_000)
    site_server.reset_counts()
    page.context.set_offline(True)
    seed = open_new_world(page.page)
    assert f"World {seed}:" in page.locator("#ng-world-caption").inner_text()
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector(f"body[data-map^='generated:1:{seed}:medium:']", state="attached", timeout=30_000)
    assert page.locator("#territories [data-territory]").count() >= 40
    assert not site_server.responses, "offline: nothing was fetched"
    assert not page.page_errors, page.page_errors
