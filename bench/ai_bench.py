"""Bot strength and thinking time, in each edition: the ladder of levels, each against the level below.

Run with ``PYTHONPATH=src python3 bench/ai_bench.py [--games N] [--edition E ...] [--workers W] [--json]``;
from ``build.py bench`` call :func:`run` (or ``main([])``), which returns the figures as a dict. Each match
is a seeded tournament with the seats rotating (see :mod:`risk.tournament`); win rates come with 95% Wilson
intervals. The ladders (:data:`LADDERS`):

* classic, 3-player games: each level against two of the level below, and hard against two random;
* revised, 4-player games: normal against two easy and a random (the goal: >= 60%), hard against three
  normal (the goal: >= 40%, a fair share being 25%);
* castle, 3-player games: normal against two easy, hard against two normal (the goal: >= 60% each; the hard
  match plays 40% of the games, its games being slow). ``bench/castle_duels.py`` measures the part of the hard
  match where it is lost, the duels after one normal bot has taken the other's castle, pairing two versions of
  the bots duel by duel.

Thinking time is the CPU time a bot spends choosing the actions of one of its turns (setup excluded), in
this CPython (CPU time, so that other work on the machine does not count); the page (Pyodide) is some 2-3
times slower.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence

from risk.rules import Rules, make_rules
from risk.tournament import run_tournament, summary

MATCHES: tuple[tuple[str, str], ...] = (
    ("easy", "random"),
    ("normal", "easy"),
    ("hard", "normal"),
    ("hard", "random"),
)
# Each edition's line-ups (the first entry is the one measured) and games per match by default.
LADDERS: dict[str, tuple[tuple[tuple[str, ...], ...], int]] = {
    "classic": (tuple((level, below, below) for level, below in MATCHES), 100),
    "revised": ((("normal", "easy", "easy", "random"), ("hard", "normal", "normal", "normal")), 200),
    "castle": ((("normal", "easy", "easy"), ("hard", "normal", "normal")), 250),
}
# Matches played with a share of the edition's games (the planner's Castle games are slow: some 5 s each).
SHARES = {("castle", "hard"): 0.4}


def run(games: int = 100, workers: int = 2, seed: int = 1, options: Sequence[str] = (),
        editions: Sequence[str] = ("classic",), edition_games: dict[str, int] | None = None) -> dict[str, object]:
    """Play every match of each edition's ladder and return the figures (JSON-ready): ``games`` per classic
    match, ``edition_games[edition]`` (else the ladder's default) in the others; ``options`` are classic's."""
    report: dict[str, object] = {}
    for edition in editions:
        count = games if edition == "classic" else (edition_games or {}).get(edition, LADDERS[edition][1])
        rules = make_rules(edition, list(options) if edition == "classic" else [])
        figures = ladder(rules, LADDERS[edition][0], count, workers, seed,
                         {lineup: SHARES.get((edition, lineup[0]), 1.0) for lineup in LADDERS[edition][0]})
        if edition == "classic":
            report.update({"games_per_match": count, "rules": ["classic", *options], **figures})
        else:
            report[edition] = {"games_per_match": count, **figures}
    return report


def ladder(rules: Rules, lineups: Sequence[tuple[str, ...]], games: int, workers: int, seed: int,
           shares: dict[tuple[str, ...], float] | None = None) -> dict[str, object]:
    """Each line-up's tournament (``games`` times its share): the first entry's win rate and interval, and every
    level's thinking time."""
    report: dict[str, object] = {}
    think: dict[str, list[float]] = {}
    for lineup in lineups:
        started = time.perf_counter()
        count = max(1, round(games * (shares or {}).get(lineup, 1.0)))
        results = run_tournament(rules, lineup, count, seed, workers=workers)
        figures = summary(lineup, results)
        rates, cis = figures["win_rates"], figures["ci95"]
        assert isinstance(rates, list) and isinstance(cis, list)
        report[match_name(lineup)] = {
            "games": count,
            "win_rate": round(rates[0], 3),
            "ci95": cis[0],
            "wins": figures["wins"],
            "draws": figures["draws"],
            "mean_turns": round(float(str(figures["mean_turns"])), 1),
            "seconds": round(time.perf_counter() - started, 1),
        }
        for r in results:
            for entry, level_here in enumerate(lineup):
                think.setdefault(level_here, []).extend(r.think[entry])
    report["think_ms_per_turn"] = {level: _spread(times) for level, times in think.items()}
    return report


def match_name(lineup: Sequence[str]) -> str:
    """``hard_vs_2xnormal``, ``normal_vs_2xeasy_random``: the measured level against the others.

    >>> match_name(("normal", "easy", "easy", "random"))
    'normal_vs_2xeasy_random'
    """
    others: dict[str, int] = {}
    for level in lineup[1:]:
        others[level] = others.get(level, 0) + 1
    return f"{lineup[0]}_vs_" + "_".join(f"{n}x{level}" if n > 1 else level for level, n in others.items())


def _spread(seconds: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum, in milliseconds, of per-turn thinking times."""
    times = sorted(seconds)
    if not times:
        return {"turns": 0}
    return {
        "turns": len(times),
        "median": round(1000 * statistics.median(times), 2),
        "p95": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 2),
        "max": round(1000 * times[-1], 2),
    }


def main(argv: Sequence[str] | None = None) -> dict[str, object]:
    """Run the matches from the command line; print and return the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="a classic rule option")
    parser.add_argument("--edition", action="append", choices=sorted(LADDERS),
                        help="an edition's ladder (repeat for more; default: all)")
    for edition in LADDERS:
        if edition != "classic":
            parser.add_argument(f"--{edition}-games", type=int, default=LADDERS[edition][1],
                                help=f"games per match of the {edition} ladder")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    counts = {edition: getattr(args, f"{edition}_games") for edition in LADDERS if edition != "classic"}
    report = run(args.games, args.workers, args.seed, args.option, args.edition or list(LADDERS), counts)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return report


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
