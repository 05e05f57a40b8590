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

``--worlds N`` plays instead the classic rules on generated worlds (issue 24: the bots play any board, none
stalls): N worlds of each size (:func:`worlds`), game ``i`` on world ``i`` with ``2 + i % 5`` players, each line-up
of ``--world-lineup`` (every seat ``easy``, every seat ``normal``, ``mixed``: seat ``s`` at easy, normal, hard in
turn, or ``hard``: every seat hard, slow), to a win or :data:`WORLD_MAX_TURNS` turns; it reports per size and seat
count the games finished, the median, 90th percentile and longest game in turns and those past 150 and 300 turns.

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

from risk.ai import Bot, make_bot
from risk.rules import Rules, make_rules
from risk.selfplay import InvariantBroken, play_game
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


WORLD_SIZES = ("small", "medium", "large")
WORLD_LINEUPS = ("easy", "normal", "mixed")
WORLD_MAX_TURNS = 600  # as a tournament's turn cap: a game still going then has stalled
WORLD_LEVELS = ("easy", "normal", "hard")  # the levels of a mixed table, seat by seat


def world_game(size: str, lineup: str, i: int, seed: int = 1, max_turns: int = WORLD_MAX_TURNS) -> tuple[int, int]:
    """Game ``i`` of a sweep: ``(players, turns)``, turns being ``max_turns + 1`` for a game still going then.

    World ``seed * 100_000 + i`` of ``size``, the same number seeding the game; ``2 + i % 5`` players, the classic
    rules (with the automatic setup in odd games); the bots of ``lineup``, the neutral's seat (two players) too."""
    from dataclasses import replace

    from risk.worldgen.generator import reference

    number = seed * 100_000 + i
    people = 2 + i % 5
    rules = replace(make_rules("classic", ["auto-setup"] if i % 2 else []), map=reference(number, size))
    seats = people + (people == 2)
    bots: list[Bot] = [
        make_bot(WORLD_LEVELS[(i + s) % len(WORLD_LEVELS)] if lineup == "mixed" else lineup, number * 8 + s)
        for s in range(seats)]
    try:
        return people, play_game(rules, people, number, bots, max_turns=max_turns).turns
    except InvariantBroken as error:
        if "no winner" not in str(error):
            raise
        return people, max_turns + 1


def _world_job(args: tuple[str, str, int, int, int]) -> tuple[int, int]:
    return world_game(*args)


def worlds(boards: int = 100, lineups: Sequence[str] = WORLD_LINEUPS, sizes: Sequence[str] = WORLD_SIZES,
           seed: int = 1, workers: int = 1, max_turns: int = WORLD_MAX_TURNS) -> dict[str, object]:
    """Games on ``boards`` generated worlds of each size, per line-up (:func:`world_game`): JSON-ready figures per
    size and line-up, in all and per seat count."""
    report: dict[str, object] = {"boards": boards, "max_turns": max_turns}
    for size in sizes:
        for lineup in lineups:
            started = time.perf_counter()
            jobs = [(size, lineup, i, seed, max_turns) for i in range(boards)]
            if workers <= 1:
                games = [_world_job(job) for job in jobs]
            else:
                from concurrent.futures import ProcessPoolExecutor

                with ProcessPoolExecutor(workers) as pool:
                    games = list(pool.map(_world_job, jobs, chunksize=1))
            figures = _turn_figures([turns for _, turns in games], max_turns)
            figures["by_players"] = {
                people: _turn_figures([turns for p, turns in games if p == people], max_turns)
                for people in sorted({p for p, _ in games})}
            figures["seconds"] = round(time.perf_counter() - started, 1)
            report[f"{size}/{lineup}"] = figures
    return report


def _turn_figures(turns: list[int], max_turns: int) -> dict[str, object]:
    """Games, those finished, median, 90th percentile and longest in turns (a stalled game counts ``max_turns +
    1``), and those past 150 and 300 turns.

    >>> _turn_figures([10, 20, 30, 601], 600)["finished"], _turn_figures([10, 20, 30, 601], 600)["median"]
    (3, 25.0)
    """
    ordered = sorted(turns)
    if not ordered:
        return {"games": 0}
    return {
        "games": len(ordered),
        "finished": sum(1 for t in ordered if t <= max_turns),
        "median": statistics.median(ordered),
        "p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
        "longest": ordered[-1],
        "past_150": sum(1 for t in ordered if t > 150),
        "past_300": sum(1 for t in ordered if t > 300),
    }


def print_worlds(report: dict[str, object]) -> None:
    """The sweep as a table: a line per size, line-up and seat count, then the size and line-up in all."""
    print(f"{'size/line-up':<16} {'players':>7} {'games':>5} {'finished':>8} {'median':>6} {'p90':>4} "
          f"{'longest':>7} {'>150':>4} {'>300':>4}")
    for key, figures in report.items():
        if not isinstance(figures, dict):
            continue
        rows = [*figures["by_players"].items(), ("all", figures)]
        for people, row in rows:
            print(f"{key:<16} {people:>7} {row['games']:>5} {row['finished']:>8} {row['median']:>6} {row['p90']:>4} "
                  f"{row['longest']:>7} {row['past_150']:>4} {row['past_300']:>4}")
    print(f"(a game past {report['max_turns']} turns has stalled: it counts {report['max_turns']} + 1)")


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
    parser.add_argument("--worlds", type=int, default=0,
                        help="instead of the ladders: this many generated worlds of each size (see worlds())")
    parser.add_argument("--world-size", action="append", choices=WORLD_SIZES, help="a size to sweep (default: all)")
    parser.add_argument("--world-lineup", action="append", choices=(*WORLD_LINEUPS, "hard"),
                        help=f"a line-up to sweep (default: {', '.join(WORLD_LINEUPS)})")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.worlds:
        report = worlds(args.worlds, args.world_lineup or WORLD_LINEUPS, args.world_size or WORLD_SIZES, args.seed,
                        args.workers)
        if args.json:
            print(json.dumps(report, indent=1))
        else:
            print_worlds(report)
        return report
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
