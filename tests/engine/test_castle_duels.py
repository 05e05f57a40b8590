"""The Castle duel bench (bench/castle_duels.py) starts its duels where the ladder's games reach them, and plays
each continuation the same way every time, so that two versions of the bots can be paired duel by duel."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from castle_duels import duel_start, paired, play_duel, sign_test

from risk.rules.castle.flow import ext
from risk.state import GameState

Found = dict[int, tuple[GameState, int] | None]


@pytest.fixture(scope="module")
def found() -> Found:
    """The duel starts of the bench's default tournament, game by game until one game has reached a duel and one
    has not (some seconds: games 0-3 as the bots play now)."""
    games: Found = {}
    for game in range(12):
        games[game] = duel_start(9001, game)
        if games[game] is not None and None in games.values():
            break
    return games


def test_duel_starts_are_a_normal_bot_taking_the_other_normal_bots_castle(found: Found) -> None:
    assert any(start is None for start in found.values()), "a game the hard bot's castle capture decided"
    starts = [start for start in found.values() if start is not None]
    assert starts, "a game where the normal bots met first"
    for state, hard in starts:
        fallen = [seat for seat in range(state.players) if not state.alive[seat]]
        assert len(fallen) == 1 and fallen[0] != hard
        assert state.current not in (hard, fallen[0]) and not state.over
        assert ext(state).chips[state.current] and not ext(state).chips[fallen[0]]  # the chips went over


def test_a_continuation_replays_exactly_and_leaves_its_start_alone(found: Found) -> None:
    state, hard = next(start for start in found.values() if start is not None)
    before = (state.turn, list(state.owner), list(state.armies), list(state.deck), state.rng)
    first = play_duel(state, hard, 12345, turns=12)  # a dozen turns of it: the replay is exact from the first
    again = play_duel(state, hard, 12345, turns=12)
    assert again[:2] == first[:2] and again[2] == first[2]  # the same state reached, not only the same turn
    assert play_duel(state, hard, 54321, turns=12)[2] != first[2]  # another salt: another game
    assert (state.turn, list(state.owner), list(state.armies), list(state.deck), state.rng) == before
    assert first[1] > state.turn


def test_pairing_counts_the_duels_won_by_one_version_only() -> None:
    def rows(wins: list[bool]) -> list[dict[str, object]]:
        return [{"seed": 1, "game": g, "k": 0, "won": won} for g, won in enumerate(wins)]

    report = paired(rows([True, True, False, False, True]), rows([True, False, True, False])[:4])
    assert report == {"duels": 4, "this_won": 2, "that_won": 2, "only_this": 1, "only_that": 1, "sign_p": 1.0}
    assert sign_test(5, 0) == 2 / 32 and sign_test(0, 0) == 1.0
