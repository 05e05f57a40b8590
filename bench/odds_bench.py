"""Odds speed: exact fractions (risk.odds) against floats with an error bound (risk.odds_float), plain
and with the expert rules, from 40 against 40 to 100,000 against 100,000; the longest slice the page
waits for; peak memory.

Run with ``python3 build.py bench --part odds`` (or ``PYTHONPATH=src python3 bench/odds_bench.py``).
Times are CPU seconds of this process (the machine is shared, so wall times move more); the page's
Pyodide is a few times slower (150 v 150 with both expert rules: about 2 s in Chromium).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from collections.abc import Callable, Generator
from typing import Any

from risk.dice import DiceModel
from risk.odds import REPORT_VALUE_STATES, attack_odds
from risk.odds_float import Battle, exact_seconds, float_odds, odds_steps, prepare_steps, run_steps

EXPERT = {"commander": True, "reroll": True}
CASES: list[tuple[int, int, dict[str, Any]]] = [
    (40, 40, {}),
    (40, 40, EXPERT),
    (150, 150, {}),
    (150, 150, EXPERT),
    (1000, 1000, {}),
    (1000, 1000, {"reroll": True}),
    (1000, 1000, EXPERT),
    (300, 300, EXPERT),
    (2286, 2000, {}),
    (2286, 2000, EXPERT),
    (100_000, 100_000, {}),
    (100_000, 100_000, {"reroll": True}),
    (100_000, 100_000, {"model": DiceModel(attack_bonus=1, defend_bonus=1, defend_plus=1)}),
]
EXACT_LIMIT = 30.0  # estimated CPU seconds beyond which the exact odds are not run


def cpu(work: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    result = work()
    return time.process_time() - start, result


def longest_slice(steps: Generator[None, None, Any]) -> tuple[float, int]:
    """The longest CPU time between two yields, and how many slices there were."""
    worst, count, last = 0.0, 0, time.process_time()
    while True:
        try:
            next(steps)
        except StopIteration:
            return max(worst, time.process_time() - last), count
        now = time.process_time()
        worst, count, last = max(worst, now - last), count + 1, now


def label(attackers: int, defenders: int, options: dict[str, Any]) -> str:
    rules = "+".join("attack-and-defense-dice+defense-plus" if name == "model" else name for name in options)
    rules = rules or "plain"
    return f"{attackers}v{defenders} {rules}"


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="only up to 1000 v 1000")
    args = parser.parse_args(argv)
    report: dict[str, object] = {}
    # The decision programs are built once per session: their cost, then warm figures.
    build, _ = cpu(lambda: list(prepare_steps(Battle(3, 2, commander=True, reroll=True))))
    report["programs_build_s"] = round(build, 3)
    for attackers, defenders, options in CASES:
        if args.quick and attackers > 1000:
            continue
        battle = Battle(attackers, defenders, **options)
        row: dict[str, object] = {}
        seconds, odds = cpu(lambda b=battle: float_odds(b.attackers, b.defenders, stop_at=b.stop_at,
                                                        commander=b.commander, reroll=b.reroll, model=b.model))
        row.update(float_s=round(seconds, 3), error=float(f"{odds.error:.2e}"), p_conquer=odds.p_conquer,
                   lower_bound=odds.lower_bound)
        worst, slices = longest_slice(odds_steps(battle))
        row.update(slices=slices, longest_slice_ms=round(worst * 1000, 2))
        estimate = exact_seconds(battle)
        if estimate <= EXACT_LIMIT:
            seconds, exact = cpu(lambda a=attackers, d=defenders, o=options: attack_odds(a, d, **o))
            row.update(exact_s=round(seconds, 3), exact_minus_float=float(exact.p_conquer) - odds.p_conquer)
        else:
            row.update(exact_s=None, exact_estimate_s=round(estimate))
        report[label(attackers, defenders, options)] = row
        print(label(attackers, defenders, options), json.dumps(row), flush=True)
    # The command line works out the commander's choices up to 1000 v 1000 (the page stops at 300 v 300).
    if not args.quick:
        battle = Battle(1000, 1000, **EXPERT)
        seconds, odds = cpu(lambda: run_steps(odds_steps(battle, REPORT_VALUE_STATES)))
        row = {"float_s": round(seconds, 3), "error": float(f"{odds.error:.2e}"), "p_conquer": odds.p_conquer,
               "lower_bound": odds.lower_bound, "expected_attacker_losses": round(odds.expected_attacker_losses, 4)}
        report["1000v1000 commander+reroll, command line's budget"] = row
        print("1000v1000 commander+reroll, command line's budget", json.dumps(row), flush=True)
    report["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
