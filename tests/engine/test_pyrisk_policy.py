"""The engine bench's port of pyrisk's StupidAI (bench/pyrisk_policy.py) plays that policy and only legal moves.

The comparison with pyrisk is fair only if both sides play the same policy: these tests hold the port to
pyrisk's own way of writing it (a generator that walks the board once a turn and looks at each pair when it
comes to it) and to the rules (every action passes the checked path).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from risk.actions import Blitz, EndTurn, Occupy, Place, Trade
from risk.engine import apply, check, new_game
from risk.rules import make_rules
from risk.state import GameState, Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from pyrisk_policy import PYRISK_RULES, StupidPolicy


def pyrisk_sweep(state: GameState) -> Iterator[tuple[int, int]]:
    """StupidAI.attack as pyrisk writes it, on this state: its territories in order, each neighbour with fewer
    armies, every condition read from the board at the moment the walk reaches it."""
    seat = state.current
    for t in range(state.board.size):
        if state.owner[t] != seat:
            continue
        for n in state.board.neighbours[t]:
            if state.owner[n] != seat and state.armies[t] > state.armies[n]:
                yield t, n


@pytest.mark.parametrize("people", [2, 3, 5])
def test_the_port_attacks_as_pyrisks_generator_and_reinforces_its_border(people: int) -> None:
    state = new_game(PYRISK_RULES, people, seed=people)
    bots = [StupidPolicy(seed=10 * people + seat) for seat in range(state.players)]
    sweep: Iterator[tuple[int, int]] | None = None
    sweep_turn = placing_turn = -1
    placed: list[Place] = []
    reserve = 0
    border: set[int] = set()
    attacks = places = 0
    while not state.over and state.turn < 400:
        seat = state.current
        if state.phase is Phase.REINFORCE and placing_turn != state.turn:
            placing_turn, placed, reserve = state.turn, [], state.reserve[seat]
            border = {t for t in range(state.board.size) if state.owner[t] == seat
                      and any(state.owner[n] != seat for n in state.board.neighbours[t])}
        action = bots[seat].choose(state)
        if state.phase is Phase.ATTACK:
            if sweep_turn != state.turn:
                sweep, sweep_turn = pyrisk_sweep(state), state.turn
            assert sweep is not None
            expected = next(sweep, None)
            if expected is None:
                assert action == EndTurn()
            else:
                assert action == Blitz(*expected, 0)
                attacks += 1
        elif state.phase is Phase.OCCUPY:
            assert action == Occupy(state.armies[state.battle_source] - 1)  # every army but one
        elif state.phase is Phase.REINFORCE and isinstance(action, Place):
            assert action.territory in border
            placed.append(action)
            places += 1
            if action.count == state.reserve[seat]:  # the last place of the turn
                assert sum(p.count for p in placed) == reserve
                territories = [p.territory for p in placed]
                assert territories == sorted(set(territories))  # one Place a territory, in board order
        check(state, action)  # an illegal choice raises
        apply(state, action)  # in place: the sweep above reads the board as it changes
    assert state.over
    assert attacks > 20 and places > 20


def test_the_port_trades_only_when_forced_and_the_sets_of_the_pyrisk_rules_bring_nothing() -> None:
    state = new_game(PYRISK_RULES, 5, seed=3)
    bots = [StupidPolicy(seed=seat) for seat in range(state.players)]
    trades = 0
    while not state.over:
        action = bots[state.current].choose(state)
        if isinstance(action, Trade):
            assert len(state.hands[state.current]) >= PYRISK_RULES.forced_trade_at
            before = state.reserve[state.current]
            apply(state, action)
            assert state.reserve[state.current] == before
            trades += 1
        else:
            apply(state, action)
    assert trades > 0


def test_the_port_knows_only_the_rules_it_plays_legally() -> None:
    bot = StupidPolicy()
    assert bot.knows(PYRISK_RULES) and bot.knows(make_rules("classic"))
    assert not bot.knows(make_rules("classic", ["commanders"]))
    assert not bot.knows(make_rules("revised"))
