"""Castle Risk's secrets in the page (fake DOM, the saves panel's Undo): whole planned games
(``tests/castle_plan.py``: a hidden army brought out, a Spy's look and discard, a sea attack that wins),
checked after every move.

- Undo never reaches back past what a player has seen: a card drawn at the start of a turn once its player
  took the device, a Spy's look, the card it made the other discard, a hidden army brought out.
- In pass-and-play, a hand, a hidden army's site and a Spy's look are on the page only for their own seat,
  and nothing of anyone's while the hand-off screen covers it.
- Against a computer player, its hand and its hidden army's site never reach the page's DOM (a Spy played
  by the person shows the cards it saw to that person alone, as the rules say).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from castle_plan import HERO, OTHER, plan
from risk.actions import Action, format_action, parse_action
from risk.events import CardDrawn
from risk.game import Seat
from risk.rules.castle.actions import PlaySpy, RevealHiddenArmy, SeaAttack, SpyDiscard
from risk.rules.castle.flow import SPY_LOOK
from risk.rules.castle.state import CastleState
from risk.state import Phase
from risk_ui.controller import Controller, NewGameSettings
from risk_ui.storage import MemoryBackend
from ui.test_saves_panel import open_page

PEOPLE = (Seat("Ann", 0), Seat("Bob", 1))
AGAINST_A_BOT = (Seat("Ann", 0), Seat("Bob", 1, "easy"))
CARD_NAMES = r"(Reinforcement|General|Marshall|Admiral|Spy|Diplomat)"


def ext(c: Controller) -> CastleState:
    extra = c.state.ext
    assert isinstance(extra, CastleState)
    return extra


def cards_in(doc: Any, ident: str) -> set[int]:
    """The cards a container of the page shows (by their data-card or a discard button's data-arg)."""
    box = doc.getElementById(ident)
    found = {int(str(e.getAttribute("data-card"))) for e in box.querySelectorAll("[data-card]")}
    return found | {int(str(b.getAttribute("data-arg"))) for b in box.querySelectorAll('[data-action="spy-discard"]')}


def hidden_marks(doc: Any) -> set[str]:
    """The territories whose hidden-army pennant is drawn."""
    return {str(e.closest("[data-territory]").getAttribute("data-territory"))
            for e in doc.querySelectorAll(".site-hidden") if e.getAttribute("d")}


def check_secrets(doc: Any, c: Controller) -> set[str]:
    """What the page shows now belongs to the seat whose eyes are on it, and to nobody while covered."""
    state, ui, extra = c.state, c.ui, ext(c)
    covered = ui.handoff >= 0
    viewer = ui.viewer
    hand = cards_in(doc, "hand")
    spied = cards_in(doc, "spy-choices")
    marks = hidden_marks(doc)
    if covered:
        assert not hand and not spied and not marks, "the hand-off screen covers secrets that are still there"
        return set()
    assert hand <= set(state.hands[viewer]), f"cards not {c.seat_name(viewer)}'s on its screen"
    names = {state.board.territories[t].id for t in extra.hidden[viewer]} if 0 <= viewer < state.players else set()
    assert marks <= names, "another seat's hidden army on the map"
    if spied:
        assert state.phase is SPY_LOOK and viewer == extra.spier and spied <= set(extra.seen)
    log = doc.getElementById("log").textContent
    assert not re.search(rf"draws an? {CARD_NAMES}", log) and not re.search(rf"{CARD_NAMES} is drawn", log)
    return {name for name, shown in (("hand", hand), ("site", marks), ("look", spied)) if shown}


def nothing_to_undo(doc: Any, panel: Any, c: Controller) -> None:
    before = c.state
    assert doc.getElementById("undo").disabled
    panel.command("undo")
    assert c.state is before and "Nothing to undo" in panel.session.message


def play_planned(mount: Any, seats: tuple[Seat, ...], seed: int) -> tuple[Controller, dict[str, int]]:
    """Play a planned game through the page (buttons where the page has them), checking secrets after
    every move and Undo after every move that shows something. Returns the game and what was checked."""
    controller = Controller.new(NewGameSettings(seats, "castle", ()), seed=seed)
    doc, page, panel, _ = open_page(mount, MemoryBackend(), controller=controller)
    c = page.controller
    assert c.game.seed == seed
    segments = plan(c.game)
    counts = {"moves": 0, "draws seen": 0, "undo refused": 0, "hand": 0, "site": 0, "look": 0}

    def move(action: Action, command: tuple[str, str] | None = None) -> None:
        if c.ui.handoff >= 0:
            check_secrets(doc, c)
            drew = [e for e in c.game.history[-1].events if isinstance(e, CardDrawn)]
            doc.click(doc.getElementById("handoff-button"))
            page.render()
            if drew and c.is_human(c.state.current):
                nothing_to_undo(doc, panel, c)  # the card drawn is seen: the turn that drew it stays over
                counts["draws seen"] += 1
        if c.is_human(c.state.current):
            if command is None:
                assert c.play(action), f"{format_action(c.state.board, action)}: {c.ui.notice}"
            else:
                c.command(*command)
        else:
            assert c.play_bot(action)
        assert c.game.history[-1].action == action
        page.render()
        counts["moves"] += 1
        for shown in check_secrets(doc, c):
            counts[shown] += 1

    for segment in segments:
        if segment.kind == "hook":
            for text in segment.texts:
                move(parse_action(c.state.board, text))
            continue
        for action in segment.actions:
            if isinstance(action, RevealHiddenArmy):
                move(action, ("reveal", str(action.territory)))
            elif isinstance(action, PlaySpy):
                move(action, ("spy", f"{action.card}-{action.seat}"))
            elif isinstance(action, SpyDiscard):
                move(action, ("spy-discard", str(action.card)))
            else:
                assert isinstance(action, SeaAttack)
                c.command("sail", str(action.card))
                c.click(action.source)
                c.click(action.target)
                move(action, ("sea-attack", ""))
                continue
            nothing_to_undo(doc, panel, c)  # a look, a face-up discard, a hidden army out: never unseen
            counts["undo refused"] += 1
    assert c.state.over and c.state.winner == HERO
    return c, counts


@pytest.mark.parametrize("seed", [8, 14])
def test_pass_and_play_never_shows_a_secret_to_another_seat_and_undo_never_unsees_one(mount: Any, seed: int) -> None:
    c, counts = play_planned(mount, PEOPLE, seed)
    assert counts["undo refused"] == 3  # the reveal, the Spy's look and its discard
    assert counts["hand"] and counts["site"] and counts["look"] == 1  # the secrets were there, to their owner
    assert c.state.turn > 2 and counts["draws seen"] >= c.state.turn - 2  # each turn's draw, once seen


def test_a_computer_players_hand_and_hidden_army_never_reach_the_page(mount: Any) -> None:
    c, counts = play_planned(mount, AGAINST_A_BOT, 14)
    assert not c.is_human(OTHER) and counts["undo refused"] == 3
    assert counts["hand"] and counts["site"] and counts["look"] == 1


def test_undo_takes_back_the_end_of_a_turn_while_the_card_drawn_is_unseen(mount: Any) -> None:
    """Before the next player takes the device, the card it drew is on no screen: the turn may be taken
    back, and the card goes back on the deck."""
    controller = Controller.new(NewGameSettings(PEOPLE, "castle", ()), seed=14)
    doc, page, _panel, _ = open_page(mount, MemoryBackend(), controller=controller)
    c = page.controller
    for segment in plan(c.game):
        for text in segment.texts:
            if c.ui.handoff >= 0:
                doc.click(doc.getElementById("handoff-button"))
            assert c.play(parse_action(c.state.board, text))
            page.render()
            if (c.state.phase is Phase.ATTACK and c.ui.handoff >= 0 and c.state.turn > 1
                    and any(isinstance(e, CardDrawn) for e in c.game.history[-1].events)):
                drawn = [e.card for e in c.game.history[-1].events if isinstance(e, CardDrawn)]
                drawer = c.state.current
                check_secrets(doc, c)  # covered: the card is on no screen yet
                doc.click(doc.getElementById("handoff-undo"))
                assert c.ui.notice.startswith("Undone") and "The card drawn goes back on the deck." in c.ui.notice
                assert c.state.current != drawer and c.ui.handoff < 0
                assert not set(drawn) & set(c.state.hands[drawer]) and set(drawn) <= set(c.state.deck)
                return
    raise AssertionError("no turn passed")


def test_the_engine_record_never_takes_back_a_step_that_showed_something() -> None:
    """Below the page: ``storage.undo`` on the record refuses every step with a revealing event (the look,
    the discard, the reveal), and takes back the steps around them that rolled nothing."""
    from risk.events import Revealing
    from risk.game import Game
    from risk.rules import make_rules
    from risk_ui import storage

    game = Game.start(make_rules("castle"), PEOPLE, 8)
    refused = 0
    for segment in plan(game):
        for action in [parse_action(game.state.board, t) for t in segment.texts] + segment.actions:
            game.play(action)
            if any(isinstance(e, Revealing) for e in game.history[-1].events):
                kept = (game.state, len(game.history))
                assert not storage.can_undo(game) and not storage.undo(game)
                assert (game.state, len(game.history)) == kept
                refused += 1
    assert refused == 3
