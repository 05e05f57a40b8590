"""Bot strength and thinking time: each level against two of the level below, and hard against random.

Run with ``PYTHONPATH=src python3 bench/ai_bench.py [--games N] [--workers W] [--json]``; from
``build.py bench`` call :func:`run` (or ``main([])``), which returns the figures as a dict. Each match
is a seeded tournament of 3-player classic games with the seats rotating (see :mod:`risk.tournament`);
win rates come with 95% Wilson intervals. Thinking time is the CPU time a bot spends choosing the
actions of one of its turns (setup excluded), in this CPython (CPU time, so that other work on the
machine does not count); the page (Pyodide) is several times slower.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence

from risk.rules import make_rules
from risk.tournament import run_tournament, summary

MATCHES: tuple[tuple[str, str], ...] = (
    ("easy", "random"),
    ("normal", "easy"),
    ("hard", "normal"),
    ("hard", "random"),
)


def run(games: int = 100, workers: int = 2, seed: int = 1, options: Sequence[str] = ()) -> dict[str, object]:
    """Play every match and return the figures (JSON-ready)."""
    rules = make_rules("classic", list(options))
    report: dict[str, object] = {"games_per_match": games, "rules": ["classic", *options]}
    think: dict[str, list[float]] = {}
    for level, below in MATCHES:
        lineup = (level, below, below)
        started = time.perf_counter()
        results = run_tournament(rules, lineup, games, seed, workers=workers)
        figures = summary(lineup, results)
        rates, cis = figures["win_rates"], figures["ci95"]
        assert isinstance(rates, list) and isinstance(cis, list)
        report[f"{level}_vs_2x{below}"] = {
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
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = run(args.games, args.workers, args.seed, args.option)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return report


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
