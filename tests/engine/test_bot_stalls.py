"""The classic family's bots end their games on any board (issue 24, part 4: "none stalls or crashes").

Games on generated worlds of every size, 2 to 6 players, every bot level at the tables, the invariants checked after
every action: every game ends within :data:`LIMIT_ROUNDS` rounds. Before the stall pressure
(:func:`risk.ai.analysis.stall_pressure`) three or more normal bots on a large world built stacks of thousands that
none would attack at a fair trade of armies (``bench/ai_bench.py --worlds 100``, a 600-turn cap: 40 of the 60 games
at 4 to 6 players on large worlds never ended, 43 of 100 in all; on the classic board 33 of 90). The pressure starts
at round 20 and is full at round 30; in sweeps of 100 worlds of each size (``bench/ai_bench.py --worlds 100``) every
game ended, the longest in 69 rounds (343 turns: five normal bots on a large world), so :data:`LIMIT_ROUNDS` is 80.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.domination_maps import tiny_files
from risk.ai import make_bot
from risk.ai.analysis import STALL_SPAN, STALL_START, Survey, stall_pressure
from risk.ai.heuristic import EASY, NORMAL, HeuristicBot
from risk.ai.revised import RevisedBot
from risk.board import forget_board, register_board
from risk.engine import new_game
from risk.importers.domination import import_map
from risk.rules import make_rules
from risk.selfplay import check_invariants, play_game
from risk.state import Phase
from risk.worldgen.generator import reference

LIMIT_ROUNDS = 80
LEVELS = ("easy", "normal", "hard", "random")
# Games per size: game i has 2 + i % 5 players, so each size sees every seat count from 2 to 6.
GAMES = {"small": 10, "medium": 5, "large": 5}


@pytest.mark.parametrize("size", GAMES)
def test_bots_finish_games_on_generated_worlds_with_the_invariants_after_every_action(size: str) -> None:
    """Seeded games, the classic rules with and without the automatic setup, a mix of levels at each table (never
    all random: seat 0 is easy, normal or hard); every game ends with one player holding the world."""
    for i in range(GAMES[size]):
        people = 2 + i % 5
        seed = 2000 + i
        rules = replace(make_rules("classic", ["auto-setup"] if i % 2 else []), map=reference(seed, size))
        seats = people + (people == 2)  # the neutral's seat
        bots = [make_bot(LEVELS[(i + s) % 4] if s else LEVELS[i % 3], 50 * i + s) for s in range(seats)]
        result = play_game(rules, people, seed, bots, max_turns=LIMIT_ROUNDS * people, on_action=check_invariants)
        assert 0 <= result.winner < people
        assert set(result.final.owner) <= {result.winner, *range(people, seats)}  # (and the neutral's)


def test_bots_finish_games_on_an_imported_map_with_the_invariants_after_every_action() -> None:
    """The tests' own Domination map (nine countries, one continent of its three with no country): a game at each
    seat count from 2 to 6, the levels mixed as above."""
    ref = register_board(import_map(tiny_files()).board)
    try:
        for people in range(2, 7):
            rules = replace(make_rules("classic", ["auto-setup"] if people % 2 else []), map=ref)
            seats = people + (people == 2)
            bots = [make_bot(LEVELS[(people + s) % 4] if s else LEVELS[people % 3], 9 * people + s)
                    for s in range(seats)]
            result = play_game(rules, people, 3000 + people, bots, max_turns=LIMIT_ROUNDS * people,
                               on_action=check_invariants)
            assert 0 <= result.winner < people
            assert set(result.final.owner) <= {result.winner, *range(people, seats)}
    finally:
        forget_board(ref)  # as a browser that never imported it


def stalled(turn: int):  # type: ignore[no-untyped-def]
    """A three-player position on the classic board at ``turn``, seat 0 to attack: its stack of 300 on Alaska
    faces seat 1's 200 on Kamchatka, Alaska's other neighbours are seat 0's, every other territory has one army
    (seat 0 has captured this turn, so its card is earned)."""
    state = new_game(make_rules("classic", ["auto-setup"]), 3, 1)
    board = state.board
    alaska, kamchatka = 0, 29
    assert set(board.neighbours[alaska]) == {1, 3, kamchatka}
    for t in range(board.size):
        state.owner[t] = 1 + t % 2 if t not in (alaska, 1, 3) else 0
        state.armies[t] = 1
    state.owner[kamchatka] = 1
    state.armies[alaska], state.armies[kamchatka] = 300, 200
    state.turn, state.current, state.phase, state.captured = turn, 0, Phase.ATTACK, True
    state.reserve = [0] * state.players
    return state


def test_the_pressure_is_nothing_for_twenty_rounds_then_grows_to_full_over_ten() -> None:
    state = stalled(1)
    assert (STALL_START, STALL_SPAN) == (20, 10)
    for turn, pressure in ((3, 0.0), (60, 0.0), (75, 0.5), (90, 1.0), (600, 1.0)):
        state.turn = turn
        assert stall_pressure(state) == pressure


def test_a_pressed_bot_attacks_the_stack_it_left_alone_early_in_the_game() -> None:
    """Early, trading 170 armies for 200 of one of two rivals is a bad deal (the other rival gains); from round 30
    it is the way to end the game. The careless player is pressed too; the Revised bot never is."""
    for skill in (NORMAL, EASY):
        early, late = stalled(30), stalled(120)
        bot = HeuristicBot(1, skill)
        assert bot.best_attack(early, Survey(early, 0)) is None
        attack = bot.best_attack(late, Survey(late, 0))
        assert attack is not None and (attack.source, attack.target) == (0, 29)
    assert RevisedBot(1).pressure(stalled(600)) == 0.0


def test_a_pressed_careless_player_masses_its_reinforcements() -> None:
    """Early, the easy player puts a few armies at a time on fronts picked at random; fully pressed it masses them
    all as the normal player does."""
    for turn, massed in ((30, False), (120, True)):
        state = stalled(turn)
        state.phase = Phase.REINFORCE
        state.reserve[0] = 40
        plan = HeuristicBot(7, EASY).placements(state, Survey(state, 0), 40)
        assert (plan[0][1] == 40) is massed
