"""Helpers for Castle Risk's tests: a mid-game position laid out by hand, the cards by kind, and dice scripted
by searching for a generator state that throws them (never faked)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from risk import dice, rng
from risk.actions import Action, IllegalAction
from risk.board import load_board
from risk.deck import deck_for
from risk.dice import DiceModel
from risk.engine import apply, check, new_game, play
from risk.events import Event
from risk.flow import flow_for
from risk.rules import Rules, make_rules
from risk.rules.castle import CARD_COUNTS
from risk.rules.castle.flow import CastleFlow
from risk.rules.castle.state import CastleState, default_orders
from risk.state import GameState, Phase

BOARD = load_board("castle")
RULES = make_rules("castle")
OLD_RULES = make_rules("castle", revision=2)  # what codes of formats 4-7 play
FLOW = flow_for(RULES)
assert isinstance(FLOW, CastleFlow)

# The seats' empires in the scenarios, and the castle each has there.
EMPIRES = ("british", "french", "russian", "german", "ottoman", "austrian")
CASTLES = ("london", "paris", "moscow", "berlin", "turkey", "vienna")


def tid(name: str) -> int:
    """A territory's number from its id."""
    return BOARD.territory_index(name)


def group(name: str) -> int:
    """A group's number (an empire, or the independents) from its id."""
    return next(g for g, c in enumerate(BOARD.continents) if c.id == name)


def cards(kind: int, count: int | None = None) -> list[int]:
    """The numbers of the cards of one kind (REINFORCEMENT, GENERAL, ...), the first ``count`` of them."""
    start = sum(CARD_COUNTS[:kind])
    numbers = list(range(start, start + CARD_COUNTS[kind]))
    return numbers if count is None else numbers[:count]


def castle_position(
    people: int = 3,
    owners: dict[str, int] | None = None,
    armies: dict[str, int] | None = None,
    current: int = 0,
    phase: Phase = Phase.ATTACK,
    default_owner: int | None = None,
    castles: Sequence[str] | None = None,
    hands: dict[int, Sequence[int]] | None = None,
    hidden: dict[int, Sequence[str]] | None = None,
    track: int = 0,
    turn: int = 5,
    rules: Rules = RULES,
) -> GameState:
    """A Castle game in ``current``'s turn, before its first attack: every territory to ``default_owner`` (or the
    seats in turn), one army each, then each seat's castle (default: ``CASTLES``, in the empires of ``EMPIRES``)
    and the overrides; the hands dealt from the draw pile (a track of ``track`` Reinforcements takes the
    first of them off it); hidden armies where told. ``rules``: the edition's current rules, or an earlier
    revision's (``OLD_RULES``: the hidden army before the first attack only, never in defence)."""
    state = new_game(rules, people, seed=1)
    seats = list(range(people)) if default_owner is None else [default_owner]
    castle_names = list(castles or CASTLES[:people])
    for t in range(BOARD.size):
        state.owner[t] = seats[t % len(seats)]
        state.armies[t] = 1
    for seat, name in enumerate(castle_names):
        state.owner[tid(name)] = seat
    for name, seat in (owners or {}).items():
        state.owner[tid(name)] = seat
    for name, count in (armies or {}).items():
        state.armies[tid(name)] = count
    empires = [BOARD.territories[tid(name)].continent for name in castle_names]
    state.ext = CastleState(
        empires=empires, castles=[tid(name) for name in castle_names], chips=[[e] for e in empires],
        hidden=[[tid(n) for n in (hidden or {}).get(p, ())] for p in range(people)], track=track,
        marshalls=[-1] * people, orders=default_orders(people, rules))
    state.deck = list(range(len(deck_for(RULES))))
    for card in range(track):  # the Reinforcements on the track
        state.deck.remove(card)
        state.set_aside.append(card)
    for seat, held in (hands or {}).items():
        deal(state, seat, held)
    state.current = state.first_player = current
    state.turn = turn
    state.phase = phase
    state.reserve = [0] * state.players
    state.alive = [True] * people
    return state


def deal(state: GameState, seat: int, held: Sequence[int]) -> None:
    """Move these cards from the draw pile to a hand."""
    for card in held:
        state.deck.remove(card)
        state.hands[seat].append(card)


def refused(state: GameState, action: Action, message: str) -> None:
    """``action`` is refused with a message naming the rule, and nothing changes."""
    before = state.copy()
    with pytest.raises(IllegalAction, match=message):
        play(state, action)
    assert state == before


def played(state: GameState, action: Action) -> list[Event]:
    """Check and apply ``action`` in place; what happened."""
    check(state, action)
    return apply(state, action)


Faces = tuple[tuple[int, ...], tuple[int, ...]]
Wanted = Callable[[tuple[int, ...], tuple[int, ...]], bool]


def scripted_rng(throws: Sequence[tuple[DiceModel, int, int, Faces | Wanted]], limit: int = 3_000_000) -> int:
    """A generator state whose next battles, under these models and numbers of dice, throw these faces (each
    a pair of attacker and defender faces, or a test of them), found by search, not faked."""
    tests: list[tuple[DiceModel, int, int, Wanted]] = []
    for model, a, d, want in throws:
        if callable(want):
            tests.append((model, a, d, want))
        else:
            exact = (tuple(sorted(want[0], reverse=True)), tuple(sorted(want[1], reverse=True)))
            tests.append((model, a, d, lambda x, y, e=exact: (x, y) == e))
    for seed in range(limit):
        start = state = rng.seed_state(seed)
        for model, a, d, test in tests:
            state, attacker, defender, _, _ = dice.roll_battle_model(state, a, d, model)
            if not test(attacker, defender):
                break
        else:
            return start
    raise AssertionError(f"no seed below {limit} throws {throws}")


def losing(model: DiceModel, attacker_losses: int, defender_losses: int) -> Wanted:
    """A test of a throw: the losses it makes under ``model``."""
    return lambda a, d: model.losses(a, d) == (attacker_losses, defender_losses)
