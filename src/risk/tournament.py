"""Tournaments between bot levels: seeded games, seats rotating, win rates with confidence intervals.

Each entry of the line-up (a level name such as ``"hard"``) plays in every game. The seats turn one
place each game: in game ``g`` entry ``g % people`` sits where the dice say the game starts, and the
others follow it round the table in line-up order, so over ``people`` games every entry moves first
once and has every place in the order of play once. Bots see only
:func:`risk.visibility.public_view` of the game. A game still going at the turn cap is a draw.
Game ``g`` depends only on ``seed`` and ``g``, so games can be played in any order, or in parallel.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from risk.ai import Bot, choose, make_bot
from risk.engine import apply, new_game
from risk.rules import Rules
from risk.state import GameState
from risk.visibility import public_view

MAX_TURNS = 600  # player turns in a game before it counts as a draw
Z95 = 1.959963984540054


@dataclass(frozen=True)
class MatchResult:
    """One game: the winning entry (index into the line-up) or -1 for a draw, and how it went."""

    game: int
    winner: int
    turns: int
    seats: tuple[int, ...]  # seats[i]: the seat entry i played
    think: tuple[tuple[float, ...], ...]  # per entry: CPU seconds spent on each of its turns (not setup)


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    scale = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / scale
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / scale
    # At 0 or all wins the bound is exactly 0 or 1; keep float rounding from saying otherwise.
    return (0.0 if wins == 0 else max(0.0, centre - half)), (1.0 if wins == games else min(1.0, centre + half))


def seats_for(game: int, entries: int, first: int = 0) -> tuple[int, ...]:
    """The seat of each entry in game ``game`` when seat ``first`` moves first.

    >>> seats_for(0, 3), seats_for(1, 3), seats_for(1, 3, first=2)
    ((0, 1, 2), (2, 0, 1), (1, 2, 0))
    """
    return tuple((first + i - game) % entries for i in range(entries))


def seat_match(
    rules: Rules, levels: Sequence[str], seed: int, game: int,
) -> tuple[GameState, tuple[int, ...], dict[int, Bot]]:
    """Game number ``game`` of a tournament before its first action: the state, each entry's seat, and the bot
    of each seat (what :func:`play_match` plays; a bench may play it its own way and get the same game)."""
    state = new_game(rules, len(levels), seed * 1_000_003 + game)
    seats = seats_for(game, len(levels), state.first_player)
    bots = {seat: make_bot(levels[i], (seed * 1_000_003 + game) * 16 + i) for i, seat in enumerate(seats)}
    return state, seats, bots


def play_match(rules: Rules, levels: Sequence[str], seed: int, game: int, max_turns: int = MAX_TURNS) -> MatchResult:
    """Play game number ``game`` of a tournament to the end or to the turn cap."""
    state, seats, bots = seat_match(rules, levels, seed, game)
    entry_of = {seat: i for i, seat in enumerate(seats)}
    think: list[list[float]] = [[] for _ in levels]
    clock = time.process_time  # CPU time: what the bot costs, whatever else the machine is doing
    turn_key = (-1, -1)
    while not state.over and state.turn <= max_turns:
        seat = state.current
        view = public_view(state, seat)
        started = clock()
        action = choose(bots[seat], view)
        spent = clock() - started
        if state.turn:  # the many one-army turns of setup are not counted
            if (state.turn, seat) == turn_key:
                think[entry_of[seat]][-1] += spent
            else:
                turn_key = (state.turn, seat)
                think[entry_of[seat]].append(spent)
        apply(state, action)
    winner = entry_of[state.winner] if state.over else -1
    return MatchResult(game, winner, state.turn, seats, tuple(tuple(t) for t in think))


def _play_one(args: tuple[Rules, tuple[str, ...], int, int, int]) -> MatchResult:
    return play_match(*args)


def run_tournament(
    rules: Rules, levels: Sequence[str], games: int, seed: int = 1, *, max_turns: int = MAX_TURNS, workers: int = 1,
) -> list[MatchResult]:
    """Play ``games`` games (in ``workers`` processes when more than one) and return them in order; a line-up
    the rules do not seat (the Revised edition takes 3 to 5 players) is a ``ValueError``."""
    if not rules.min_players <= len(levels) <= rules.max_players:
        raise ValueError(f"the {rules.edition} rules are for {rules.min_players} to {rules.max_players} players, "
                         f"not {len(levels)}")
    jobs = [(rules, tuple(levels), seed, g, max_turns) for g in range(games)]
    if workers <= 1:
        return [_play_one(job) for job in jobs]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_play_one, jobs, chunksize=1))


def summary(levels: Sequence[str], results: Sequence[MatchResult]) -> dict[str, object]:
    """JSON-ready figures: ``win_rates`` and ``ci95`` per entry in line-up order, draws, think times."""
    games = len(results)
    wins = [sum(1 for r in results if r.winner == i) for i in range(len(levels))]
    draws = sum(1 for r in results if r.winner < 0)
    think_ms: list[dict[str, float]] = []
    for i in range(len(levels)):
        times = sorted(t for r in results for t in r.think[i])
        think_ms.append({
            "median": round(1000 * statistics.median(times), 2) if times else 0.0,
            "p95": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 2) if times else 0.0,
            "max": round(1000 * times[-1], 2) if times else 0.0,
        })
    return {
        "bots": list(levels),
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rates": [w / games if games else 0.0 for w in wins],
        "ci95": [[round(x, 4) for x in wilson(w, games)] for w in wins],
        "draw_rate": draws / games if games else 0.0,
        "mean_turns": sum(r.turns for r in results) / games if games else 0.0,
        "think_ms_per_turn": think_ms,
    }
