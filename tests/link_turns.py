"""Games passed by link, made in CPython for the browser tests of a link's trust (tests/e2e/test_link_trust.py):
a game of people (and bots) of any edition, set up automatically and played on with plain legal moves to the
start of a person's turn, and the text of that person's moves (``risk.actions.format_action``, for the page's
``riskPlay`` hook) to the end of the turn or to its attack step."""

from __future__ import annotations

import dataclasses
import random

from risk.actions import Action, Attack, Blitz, EndTurn, Place, format_action, listed
from risk.engine import legal_actions
from risk.game import HUMAN, Game, Seat
from risk.rules import make_rules
from risk.state import GameState, Phase

SHARED = (Phase.CLAIM, Phase.SETUP)


def plain(state: GameState, rng: random.Random, *, to_attack: bool = False) -> Action:
    """A plain legal move that gets the game on: most armies where an enemy is next door, never an attack, the
    end of the turn where it may end."""
    choices = legal_actions(state)
    if not to_attack and listed(EndTurn(), choices):
        return EndTurn()
    board, owner, seat = state.board, state.owner, state.current
    places = [c for c in choices if isinstance(c.action, Place)]
    if places:
        fronts = [c for c in places if any(owner[n] != seat for n in board.adjacent[c.action.territory])]
        choice = rng.choice(fronts or places)
        return dataclasses.replace(choice.action, count=max(choice.action.count, choice.high))  # type: ignore[call-arg]
    calm = [c for c in choices if not isinstance(c.action, Attack | Blitz)]
    choice = rng.choice(calm or choices)
    return choice.action if choice.high < 0 else dataclasses.replace(choice.action, **{
        f.name: choice.high for f in dataclasses.fields(choice.action) if f.name in ("count", "armies")})


def turn_to_send(edition: str, seats: tuple[Seat, ...], seed: int, *, to_attack: bool = False,
                 ) -> tuple[Game, list[str]]:
    """The game at the start of a person's turn (turn 2 or later, past the shared setup), and the text of that
    person's moves to the end of the turn (``to_attack``: to its attack step, with attacks left)."""
    game = Game.start(make_rules(edition, ["auto-setup"]), seats, seed)
    rng = random.Random(seed)
    before = -1
    for _ in range(5000):
        state = game.state
        if (state.turn >= 2 and state.phase not in SHARED and seats[state.current].controller == HUMAN
                and state.current != before):  # a person's turn has just begun
            break
        before = state.current
        game.play(plain(state, rng))
    else:
        raise AssertionError("no person's turn came")
    copy = Game(game.rules, game.seats, game.seed, game.initial.copy(), game.state.copy(), list(game.history))
    seat, lines = copy.state.current, []
    for _ in range(500):
        state = copy.state
        if state.current != seat or (to_attack and state.phase is Phase.ATTACK):
            break
        action = plain(state, rng, to_attack=to_attack)
        lines.append(format_action(state.board, action))
        copy.play(action)
    return game, lines


def people(*names: str, bots: tuple[int, ...] = ()) -> tuple[Seat, ...]:
    """Seats of these names, in palette order; the seats in ``bots`` are easy bots."""
    return tuple(Seat(n, i, "easy" if i in bots else HUMAN) for i, n in enumerate(names))
