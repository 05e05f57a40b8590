"""Castle Risk's duels: how often the hard bot wins once one normal bot has taken the other's castle.

About half of the ladder's hard-against-two-normal games come to this (on seeds 8001-8005, 256 of 500 before
the hard bot reckoned deeper threats to its castle and 239 of 500 after), and the hard bot then wins two in
five of them or fewer (96 and 102): the duel is where its ladder figure is lost. Whole games are a blunt
measure of a change to it, as each game is decided mostly before the duel starts. This bench finds the duel
starts in the ladder's own games (the tournament's seats and bot seeds: the games of ``ai_bench.py``), and
plays each on several times from there with fresh bots, the deck reshuffled and the dice reseeded for each
continuation. Two versions of the bots then meet the same positions with the same deck and, as long as they
decide alike, the same dice: in the runs of #11 only 4% to 21% of the duels came out differently between two
versions of the planner, so 250 paired duels tell a difference of 3 to 6 points, which 200 whole games (some
4 points of noise) would not.

Run with ``PYTHONPATH=src python3 bench/castle_duels.py [--seed 9001] [--games 100] [--continuations 4]
[--workers 2] [--out FILE] [--against FILE]``. ``--out`` writes one JSON line per duel; ``--against``
pairs this run with such a file written by another checkout, duel by duel, and prints the duels won by only
one of the two and a sign test. A duel still going at the tournament's turn cap counts as not won.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from risk import rng  # noqa: E402
from risk.ai import Bot, choose, make_bot  # noqa: E402
from risk.engine import apply  # noqa: E402
from risk.rules import make_rules  # noqa: E402
from risk.state import GameState  # noqa: E402
from risk.tournament import MAX_TURNS, seat_match, wilson  # noqa: E402
from risk.visibility import public_view  # noqa: E402

LINEUP = ("hard", "normal", "normal")


def duel_start(seed: int, game: int) -> tuple[GameState, int] | None:
    """Game ``game`` of the ladder's tournament ``seed`` played to its first fallen castle: the state then and
    the hard bot's seat, if a normal bot took the other's castle (else None: the hard bot took one, or lost
    its own, or no castle fell)."""
    state, seats, bots = seat_match(make_rules("castle"), LINEUP, seed, game)
    hard = seats[0]
    _play(state, bots, lambda: all(state.alive))
    # A castle falls only to the player whose turn it is: a normal bot's turn means a normal bot's castle fell.
    return None if state.over or all(state.alive) or state.current == hard else (state, hard)


def play_duel(start: GameState, hard: int, salt: int, turns: int = MAX_TURNS) -> tuple[bool, int, GameState]:
    """One continuation of a duel start: the deck reshuffled and the dice reseeded from ``salt``, fresh bots of
    the two levels; whether the hard bot won, and the turn the game ended (or was cut off at: the tournament's
    cap, or ``turns`` turns after the start), and the state it ended in."""
    state = start.copy()
    rng.shuffle(rng.seed_state(salt), state.deck)
    state.rng = rng.seed_state(salt ^ 0x5DEECE66D)
    bots = {seat: make_bot("hard" if seat == hard else "normal", salt * 16 + seat)
            for seat in range(state.players) if state.alive[seat]}
    _play(state, bots, lambda: state.turn < start.turn + turns)
    return state.over and state.winner == hard, state.turn, state


def _play(state: GameState, bots: dict[int, Bot], going: Callable[[], bool]) -> None:
    """Let the bots play ``state`` on, each seeing its public view, while ``going()`` holds, up to the end or the
    tournament's turn cap."""
    while not state.over and state.turn <= MAX_TURNS and going():
        seat = state.current
        apply(state, choose(bots[seat], public_view(state, seat)))


def _game_duels(job: tuple[int, int, int]) -> list[dict[str, Any]]:
    seed, game, continuations = job
    found = duel_start(seed, game)
    if found is None:
        return []
    start, hard = found
    rows = []
    for k in range(continuations):
        won, turns, _ = play_duel(start, hard, (seed * 1_000_003 + game) * 64 + k)
        rows.append({"seed": seed, "game": game, "k": k, "start_turn": start.turn, "won": won, "turns": turns})
    return rows


def run(seed: int, games: int, continuations: int, workers: int = 1) -> list[dict[str, Any]]:
    """Every duel of games ``0 .. games-1`` of tournament ``seed``, ``continuations`` times each, in order."""
    jobs = [(seed, game, continuations) for game in range(games)]
    if workers <= 1:
        return [row for job in jobs for row in _game_duels(job)]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        return [row for rows in pool.map(_game_duels, jobs, chunksize=1) for row in rows]


def sign_test(a: int, b: int) -> float:
    """Two-sided sign test: the chance of a split at least this uneven of ``a + b`` coin tosses."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / (1 << n))


def paired(these: Sequence[dict[str, Any]], those: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """This run against another, on the duels both played: wins of each, duels won by one only, sign test."""
    def key(row: dict[str, Any]) -> tuple[int, int, int]:
        return row["seed"], row["game"], row["k"]

    theirs = {key(row): row["won"] for row in those}
    both = [(row["won"], theirs[key(row)]) for row in these if key(row) in theirs]
    only_this = sum(1 for mine, other in both if mine and not other)
    only_that = sum(1 for mine, other in both if other and not mine)
    return {"duels": len(both), "this_won": sum(mine for mine, _ in both), "that_won": sum(o for _, o in both),
            "only_this": only_this, "only_that": only_that, "sign_p": round(sign_test(only_this, only_that), 4)}


def summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """How many duel starts, duels and hard wins, with the 95% interval (duels of one start are not
    independent: the interval is a little narrower than it should be)."""
    won = sum(row["won"] for row in rows)
    low, high = wilson(won, len(rows))
    return {"starts": len({(row["seed"], row["game"]) for row in rows}), "duels": len(rows), "hard_won": won,
            "win_rate": round(won / len(rows), 3) if rows else 0.0, "ci95": [round(low, 3), round(high, 3)],
            "mean_turns": round(sum(row["turns"] - row["start_turn"] for row in rows) / max(1, len(rows)), 1)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=9001, help="the tournament's seed (ai_bench uses 1)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--continuations", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="write one JSON line per duel here")
    parser.add_argument("--against", type=Path, help="pair with the duels of an earlier --out")
    args = parser.parse_args(argv)
    rows = run(args.seed, args.games, args.continuations, args.workers)
    report = summary(rows)
    if args.out:
        args.out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    if args.against:
        those = [json.loads(line) for line in args.against.read_text().splitlines() if line.strip()]
        report["paired"] = paired(rows, those)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
