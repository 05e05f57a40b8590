"""A whole Castle Risk game in Chromium, from the new-game dialog to the winner's screen.

Two people play at one device (pass-and-play). The game's seed is the page's own; the test reads the game
(``window.riskGameCode``), plans every move in CPython (``tests/castle_plan.py``: a game the first seat
wins; for the rare seed where it finds none, the test starts another game), sends the long dull parts
through the debug hook ``window.riskPlay`` and makes the three moves that matter with the page's own
buttons and map: the hidden army brought out, a Spy played (its look and the card it makes the other
discard) and the Admiral's sea attack that takes the last castle.
At the end the page's state is the plan's, digest for digest. Screenshots of the cards in hand, the Spy's
look and the sea attack panel go to ``test-results/screens/``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from castle_plan import HERO, OTHER, NoWinningPlan, Segment, final_state, plan
from e2e.map_clicks import click_badge
from e2e.screens import shoot
from risk.codec import decode_game
from risk.rules.castle.actions import PlaySpy, RevealHiddenArmy, SeaAttack, SpyDiscard
from risk_ui.debug import state_digest

READY = "html[data-ready='true']"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
SMALL_DESKTOP = {"width": 1024, "height": 768}


def pass_device(page: Any) -> None:
    """Take the device at the hand-off screen, under which no hand nor hidden army is left in the DOM."""
    if page.locator("#handoff-button").is_visible():
        assert page.locator("#hand li.card").count() == 0
        assert page.locator('.site-hidden:not([d=""])').count() == 0
        page.locator("#handoff-button").click()
        page.wait_for_function("document.body.dataset.overlay === ''", timeout=10_000)


def check_layout(page: Any, viewport: dict[str, int]) -> None:
    """Europe, squarer than the world, leaves no blank band beside it: on a wide desktop the turn bar at the top
    of a column beside the map with the turn's other actions under it (the hand in view), on a smaller one the
    map stands in the middle of its column; nothing runs off the page sideways."""
    boxes = page.evaluate("""() => Object.fromEntries(['map', 'turn-bar', 'actions', 'side', 'hand'].map(id => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [id, [r.left, r.top, r.right, r.bottom]]; }))""")
    width = viewport["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    map_box, actions, side = boxes["map"], boxes["actions"], boxes["side"]
    if width >= 1200:
        bar = boxes["turn-bar"]
        assert 0 <= bar[0] - map_box[2] <= 16 and bar[1] < 40 and bar[0] == actions[0] and actions[1] >= bar[3]
        assert 0 <= side[0] - actions[2] <= 16
        assert boxes["hand"][1] < viewport["height"] * 0.75  # the hand starts on the screen (in the bar, before
        # the first attack)
        assert map_box[3] >= viewport["height"] - 24  # the map as tall as the screen
    elif width >= 900:
        column = side[0]
        assert abs(map_box[0] - (column - map_box[2])) <= 24  # in the middle of its column


def hook(page: Any, segment: Segment) -> None:
    problem = page.evaluate("texts => window.riskPlay(texts)", "\n".join(segment.texts))
    assert problem == "", problem


def reveal(page: Any, action: RevealHiddenArmy, board: Any, before: int) -> None:
    """The hidden army, shown to its owner alone on the map, brought out from its line under the hand."""
    site = board.territories[action.territory].id
    assert page.locator(f'[data-territory="{site}"] .site-hidden:not([d=""])').count() == 1
    page.locator(f'#sets button[data-action="reveal"][data-arg="{action.territory}"]').click()
    page.wait_for_function(f"document.querySelector('[data-territory=\"{site}\"] .army-count')"
                           f".textContent.trim() !== '{before}'", timeout=10_000)
    assert page.locator(f'[data-territory="{site}"] .site-hidden:not([d=""])').count() == 0


def spy(page: Any, look: PlaySpy, discard: SpyDiscard, viewport: dict[str, int]) -> None:
    """The Spy played from the hand; its look, a modal dialog (the focus in it, Escape closes it, a button
    opens it again); the card chosen to discard."""
    page.locator(f'#hand button[data-action="spy"][data-arg="{look.card}-{look.seat}"]').click()
    dialog = page.locator("#spy-dialog")
    dialog.wait_for(state="visible", timeout=10_000)
    assert page.evaluate("document.getElementById('spy-dialog').matches(':modal')")
    assert page.evaluate("document.getElementById('spy-dialog').contains(document.activeElement)")
    assert page.get_by_role("dialog", name="Your Spy\u2019s look").is_visible()
    shoot(page, f"castle-spy-{viewport['width']}x{viewport['height']}.png")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden", timeout=10_000)
    assert page.locator("body").get_attribute("data-phase") != "attack"  # still the Spy's step
    page.locator("#spy-reopen").click()
    dialog.wait_for(state="visible", timeout=10_000)
    dialog.locator(f'button[data-action="spy-discard"][data-arg="{discard.card}"]').click()
    page.wait_for_function("document.body.dataset.phase === 'attack'", timeout=10_000)
    assert dialog.is_hidden() and page.locator("#panel-spy").is_hidden()


def sail(page: Any, action: SeaAttack, board: Any, viewport: dict[str, int]) -> None:
    """The Admiral from the hand, the coasts chosen on the map, the armies loaded, the odds, the attack."""
    page.locator(f'#hand button[data-action="sail"][data-arg="{action.card}"]').click()
    panel = page.locator("#panel-sea")
    panel.wait_for(state="visible", timeout=10_000)
    below = "document.getElementById('map').getBoundingClientRect().bottom - 2" if viewport["width"] < 900 else "0"
    page.wait_for_function(f"""() => {{ const top = document.getElementById('panel-sea').getBoundingClientRect().top;
        return {below} <= top && top < innerHeight; }}""", timeout=5_000)  # in sight (a phone's map stays on top)
    click_badge(page, board.territories[action.source].id)
    click_badge(page, board.territories[action.target].id)
    assert page.locator("#sea-load").input_value() == str(action.armies)  # all but one, unless told
    page.wait_for_function("document.querySelector('#sea-odds').textContent.includes('%')", timeout=20_000)
    assert f"{action.armies} armies from" in page.locator("#sea-summary").text_content()
    shoot(page, f"castle-sea-{viewport['width']}x{viewport['height']}.png")
    page.locator("#sea-attack").click()


@pytest.mark.parametrize("viewport", [DESKTOP, SMALL_DESKTOP, PHONE], ids=["desktop", "small-desktop", "phone"])
def test_a_castle_game_from_the_dialog_to_the_winner_with_a_sea_attack_a_hidden_army_and_a_spy(
        fresh_page: Callable[..., Any], site_url: str, viewport: dict[str, int]) -> None:
    page = fresh_page(viewport)
    page.goto(site_url + "?seed=4&debug=1")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    started = time.perf_counter()
    for _ in range(4):  # the plan misses about one seed in a hundred: then another game (castle_plan.py)
        visible = page.locator("#handoff-new-game").is_visible()
        page.locator("#handoff-new-game" if visible else "#new-game").click()
        page.locator("#new-game-dialog").get_by_text("Castle Risk (1986)", exact=True).click()
        page.locator("#ng-count").select_option("2")
        for seat in range(2):
            page.locator(f"#ng-controller-{seat}").select_option("human")
        page.check('input[name="ng-setup"][value="manual"]')  # the whole game, its setup by hand too
        page.get_by_role("button", name="Start game").click()
        page.wait_for_selector("body[data-map='castle']", timeout=30_000)
        game = decode_game(page.evaluate("window.riskGameCode()"))
        try:
            segments = plan(game)
            break
        except NoWinningPlan as missed:
            print(missed)
    else:
        pytest.fail("four games in a row without a winning plan")
    board = game.state.board
    end = final_state(game, segments)
    names = [seat.name for seat in game.seats]
    for segment in segments:
        if segment.kind == "hook":
            hook(page, segment)
            continue
        pass_device(page)
        assert page.locator("body").get_attribute("data-player") == str(HERO)
        if segment.kind == "reveal":
            assert page.locator("#hand li.card").count() >= 3, page.evaluate(
                "[document.body.dataset.overlay, document.body.dataset.phase, document.getElementById('status')"
                ".textContent, document.getElementById('panel-cards').hidden, window.riskGameCode()]")
            shoot(page, f"castle-hand-{viewport['width']}x{viewport['height']}.png")
            check_layout(page, viewport)
            action = segment.actions[0]
            assert isinstance(action, RevealHiddenArmy)
            before = int(page.locator(f'[data-territory="{board.territories[action.territory].id}"] .army-count')
                         .text_content().strip())
            reveal(page, action, board, before)
        elif segment.kind == "spy":
            look, discard = segment.actions
            assert isinstance(look, PlaySpy) and isinstance(discard, SpyDiscard) and look.seat == OTHER
            spy(page, look, discard, viewport)
        elif segment.kind == "sail":
            action = segment.actions[0]
            assert isinstance(action, SeaAttack)
            sail(page, action, board, viewport)

    winner = page.locator("#winner")
    winner.wait_for(state="visible", timeout=20_000)
    assert page.locator("#winner-title").text_content() == f"{names[HERO]} wins!"
    assert "holds the last castle" in page.locator("#winner-text").text_content()
    shoot(page, f"castle-winner-{viewport['width']}x{viewport['height']}.png")
    assert page.evaluate("window.riskStateDigest()") == state_digest(end)
    elapsed = time.perf_counter() - started
    print(f"castle game: {sum(len(s.texts) for s in segments) + 4} moves, {end.turn} turns, {elapsed:.1f} s")
    log = page.evaluate("document.getElementById('log').textContent")
    assert "by sea" in log.lower() or "admiral" in log.lower()
    assert not page.errors, page.errors
