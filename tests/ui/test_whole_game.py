"""Whole games played through the page's controls on the fake DOM, as a person would click them.

A bot decides each move; a "player" turns it into clicks, keys and typing on the fake page (the
hand-off button when it shows, the territory badges, the amount fields, the buttons), and the test
checks that the engine received exactly the bot's action. So every kind of action the rules have is
reachable through the page, and the page stays consistent with the engine all game long.
"""

from __future__ import annotations

import pytest

from risk.actions import (
    AcceptRoll,
    Action,
    Attack,
    Blitz,
    ChooseHeadquarters,
    Claim,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Reroll,
    Trade,
    UseCommander,
)
from risk.ai import make_bot
from risk.engine import play
from risk.game import Seat
from risk.state import Phase
from risk_ui.controller import Controller, NewGameSettings
from risk_ui.palette import PALETTE
from ui.fakedom import FakeDocument


class Player:
    """Clicks the fake page to play a given action."""

    def __init__(self, doc: FakeDocument, controller: Controller) -> None:
        self.doc = doc
        self.c = controller
        self.badges: dict[int, object] = {}
        self.elements: dict[str, object] = {}  # fixed elements of the page (containers are never replaced)

    def by_id(self, ident: str):
        if ident not in self.elements:
            self.elements[ident] = self.doc.getElementById(ident)
            assert self.elements[ident] is not None, ident
        return self.elements[ident]

    def click(self, ident: str) -> None:
        button = self.by_id(ident)
        assert not button.disabled and not self._hidden(button), f"#{ident} cannot be clicked now"
        self.doc.click(button)

    def _hidden(self, element) -> bool:
        node = element
        while node is not None and hasattr(node, "hidden"):
            if node.hidden:
                return True
            node = node.parentNode
        return False

    def territory(self, t: int) -> None:
        if not self.badges:
            for g in self.doc.querySelectorAll("[data-territory]"):
                index = self.c.state.board.territory_index(g.getAttribute("data-territory"))
                self.badges[index] = g.querySelector(".army-badge")
        self.doc.click(self.badges[t])

    def type(self, ident: str, value: int) -> None:
        self.doc.type_into(self.by_id(ident), str(value))

    def choose(self, source: int, target: int) -> None:
        ui = self.c.ui
        if ui.selected != source:
            if ui.selected >= 0:
                self.doc.press(self.by_id("status"), "Escape")
            self.territory(source)
        if ui.target != target:
            self.territory(target)
        assert (ui.selected, ui.target) == (source, target), self.c.ui.notice

    def button_in(self, container: str, action: str, arg: str = "") -> None:
        selector = f'[data-action="{action}"]' + (f'[data-arg="{arg}"]' if arg else "")
        button = self.by_id(container).querySelector(selector)
        assert button is not None, f"no {selector} in #{container}"
        self.doc.click(button)

    def play(self, action: Action) -> None:
        if not self.by_id("handoff").hidden:
            self.click("handoff-button")
        match action:
            case Claim(t) | ChooseHeadquarters(t):
                self.territory(t)
            case Place(t, count):
                if self.c.state.phase is Phase.REINFORCE:
                    self.type("amount-number", count)
                    self.territory(t)
                else:
                    for _ in range(count):  # setup places one army a click
                        self.territory(t)
            case Trade(cards, bonus):
                place = f"@{bonus}" if bonus >= 0 else ""
                self.button_in("sets", "trade", "-".join(map(str, sorted(cards))) + place)
            case Attack(source, target, dice):
                self.choose(source, target)
                self.click(f"dice-{dice}")
                self.click("roll")
            case Blitz(source, target, stop_at):
                self.choose(source, target)
                self.type("threshold", stop_at + 1)
                self.click("blitz")
            case Occupy(count):
                self.type("occupy-count", count)
                self.click("occupy")
            case Fortify(source, target, count):
                self.choose(source, target)
                self.type("move-count", count)
                self.click("move")
            case EndTurn():
                self.click("end-turn")
                if self.c.confirming_end():  # attacks were left: End turn asks once more
                    self.click("end-turn")
            case AcceptRoll():
                self.button_in("battle-choices", "accept")
            case UseCommander(die):
                self.button_in("battle-choices", "commander", str(die))
            case Reroll(die):
                self.button_in("battle-choices", "reroll", str(die))


def seats(count: int) -> tuple[Seat, ...]:
    return tuple(Seat(PALETTE[i].name, i) for i in range(count))


def play_through_the_page(mount, settings: NewGameSettings, level: str, seed: int, limit: int) -> Controller:
    controller = Controller.new(settings, seed=seed)
    doc, _ = mount(controller)
    player = Player(doc, controller)
    bots = [make_bot(level, seed * 10 + s) for s in range(controller.state.players)]
    for _ in range(limit):
        state = controller.state
        if state.over:
            break
        action = bots[state.current].choose(state)
        expected, _ = play(state, action)
        before = len(controller.game.history)
        player.play(action)
        assert not controller.ui.error, f"{action}: {controller.ui.notice}"
        done = controller.game.actions[before:]
        assert done == [action] or (isinstance(action, Place) and set(done) == {Place(action.territory, 1)})
        assert controller.state == expected
        assert doc.body.getAttribute("data-phase") == controller.state.phase.name.lower()
        assert doc.body.getAttribute("data-player") == str(controller.state.current)
    # The page shows exactly the engine's board.
    for g in doc.querySelectorAll("[data-territory]"):
        t = controller.state.board.territory_index(g.getAttribute("data-territory"))
        assert g.getAttribute("data-armies") == str(controller.state.armies[t])
        assert g.getAttribute("data-owner") == str(controller.state.owner[t])
    return controller


def test_a_whole_four_player_classic_game_to_the_winners_screen(mount):
    c = play_through_the_page(mount, NewGameSettings(seats(4), "classic", ("auto-setup",)), "easy", seed=1,
                              limit=10_000)
    assert c.state.phase is Phase.OVER
    assert c.ui.handoff == -1 and not c.ui.winner_dismissed


def test_claiming_and_placing_by_hand_then_the_first_turns(mount):
    c = play_through_the_page(mount, NewGameSettings(seats(3), "classic", ()), "easy", seed=5, limit=250)
    kinds = [type(a).__name__ for a in c.game.actions]
    assert kinds.count("Claim") == 42 and "Place" in kinds and "EndTurn" in kinds


def test_a_two_player_game_with_the_neutral_and_headquarters(mount):
    settings = NewGameSettings(seats(2), "classic", ("headquarters",))
    c = play_through_the_page(mount, settings, "easy", seed=3, limit=20_000)
    assert c.state.neutral == 2 and c.state.phase is Phase.OVER


@pytest.mark.parametrize(
    ("options", "seen"),
    [
        (("auto-setup", "commanders", "card-reroll"), {"UseCommander", "AcceptRoll", "Trade", "Occupy"}),
        (("auto-setup", "expert-fortify"), {"Fortify", "Occupy"}),
    ],
)
def test_random_legal_moves_of_every_kind_go_through_the_page(mount, options, seen):
    settings = NewGameSettings(seats(4), "classic", options)
    c = play_through_the_page(mount, settings, "random", seed=2, limit=600)
    kinds = {type(a).__name__ for a in c.game.actions}
    assert {"Place", "Attack", "Blitz", "Fortify", "EndTurn"} | seen <= kinds
