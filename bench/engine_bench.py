"""Engine speed: self-play games and turns per second, the checked path's cost per step, and the comparison
with pyrisk (the reference the speed aims are set against).

Run with ``python3 build.py bench`` (or ``PYTHONPATH=src python3 bench/engine_bench.py``).

``--pyrisk DIR`` compares player-turns per second with pyrisk (chronitis/pyrisk, a checkout in ``DIR``: its
``game.py``, ``ai/`` and the modules they import; not part of this project). Its games are played headless
(``curses=False``) between its ``StupidAI`` bots, the nearest to our simple bots (reinforce the border, attack
every weaker neighbour with all it has); a player-turn is one call of a living player's ``reinforce``. Ours are
:func:`risk.selfplay.selfplay` games between :class:`~risk.ai.simple.SimpleBot`, played as self-play plays
them (no events built: nobody reads them) and, beside it, with every action's events built as a recorded game
has them. Each figure is the min / median / max of rounds that take turns between the sides, so that load from
other work falls on all alike, and is counted in this process's CPU time (``--wall`` for elapsed time), which
the other work on a shared machine does not inflate; the ratio is that of the medians.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from risk import rng
from risk.ai.simple import SimpleBot
from risk.engine import legal_actions, new_game, play
from risk.rules import make_rules
from risk.selfplay import selfplay


def checked_steps(steps: int = 1000, seed: int = 1) -> dict[str, float]:
    """Time ``steps`` rounds of listing every legal action and playing one through the checked path."""
    rules = make_rules("classic", ["auto-setup"])
    state = new_game(rules, 5, seed)
    bot = SimpleBot(seed)
    chooser = rng.seed_state(seed)
    listed = 0
    started = time.perf_counter()
    for _ in range(steps):
        if state.over:
            state = new_game(rules, 5, seed := seed + 1)
        actions = legal_actions(state)
        listed += len(actions)
        chooser, pick = rng.below(chooser, 4)
        action = bot.choose(state) if pick else actions[len(actions) // 2].action
        state, _ = play(state, action)
    seconds = time.perf_counter() - started
    return {"steps": steps, "seconds": round(seconds, 4), "mean_actions_listed": round(listed / steps, 1)}


def spread(values: list[float], digits: int = 0) -> dict[str, float]:
    """Min, median and max of a figure measured over several rounds."""
    return {name: round(f(values), digits) for name, f in (("min", min), ("median", statistics.median), ("max", max))}


def pyrisk_turns_per_second(folder: Path, people: int, games: int, first_seed: int, wall: bool = False) -> float:
    """Player-turns per second of ``games`` headless pyrisk games between its StupidAI bots.

    pyrisk draws from the global ``random`` module; seeding it here makes its games the same in every round
    (our engine never uses it: its dice come from :mod:`risk.rng`).
    """
    import random

    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    game_module = importlib.import_module("game")
    stupid = importlib.import_module("ai.stupid").StupidAI
    clock = time.perf_counter if wall else time.process_time
    turns = 0
    started = clock()
    for seed in range(first_seed, first_seed + games):
        random.seed(seed)
        game = game_module.Game(curses=False, delay=0)
        for seat in range(people):
            game.add_player(f"P{seat}", stupid)
        counted: list[int] = []
        for player in game.players.values():
            def reinforce(available: int, own: Any = player.ai.reinforce, counted: list[int] = counted) -> Any:
                counted.append(available)
                return own(available)
            player.ai.reinforce = reinforce
        game.start()
        turns += len(counted)
    return turns / (clock() - started)


def ours_turns_per_second(people: int, games: int, record: bool, wall: bool = False) -> float:
    """Player-turns per second of our self-play (``record``: every action's events built)."""
    clock = time.perf_counter if wall else time.process_time
    started = clock()
    result = selfplay(make_rules("classic"), people, games, seed=1, record=record)
    return float(result["mean_turns"]) * games / (clock() - started)  # type: ignore[arg-type]


def against_pyrisk(folder: Path, rounds: int = 5, people_counts: tuple[int, ...] = (2, 5),
                   wall: bool = False) -> dict[str, Any]:
    """Our player-turns per second over pyrisk's, per number of players, from interleaved rounds."""
    import logging

    logging.disable(logging.CRITICAL)  # pyrisk logs every event and warns on its bots' odd moves
    report: dict[str, Any] = {"clock": "wall" if wall else "cpu"}
    for people in people_counts:
        ours: list[float] = []
        recorded: list[float] = []
        theirs: list[float] = []
        games = 60 if people > 2 else 150
        for _ in range(rounds):
            ours.append(ours_turns_per_second(people, games, False, wall))
            theirs.append(pyrisk_turns_per_second(folder, people, games, 1, wall))
            recorded.append(ours_turns_per_second(people, games, True, wall))
        median = statistics.median
        report[f"{people}p"] = {
            "ours_turns_per_second": spread(ours),
            "ours_recorded_turns_per_second": spread(recorded),
            "pyrisk_turns_per_second": spread(theirs),
            "ratio": round(median(ours) / median(theirs), 2),
            "ratio_recorded": round(median(recorded) / median(theirs), 2),
            "ratio_per_round": spread([a / b for a, b in zip(ours, theirs)], 2),
        }
    return report


def main(argv: list[str] | None = None) -> dict[str, object]:
    """Print and return the engine figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pyrisk", type=Path, help="a checkout of chronitis/pyrisk to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of the pyrisk comparison")
    parser.add_argument("--only-pyrisk", action="store_true", help="skip the other figures")
    parser.add_argument("--wall", action="store_true", help="time the pyrisk comparison by the clock on the wall")
    args = parser.parse_args(argv)
    report: dict[str, object] = {}
    if not args.only_pyrisk:
        for people, games in ((3, 200), (5, 200), (6, 200)):
            report[f"selfplay_{people}p"] = selfplay(make_rules("classic"), people, games, seed=1)
        # The Revised edition beside classic (same simple bots; per player-turn within 1.5x is the aim).
        for people in (3, 4, 5):
            report[f"revised_selfplay_{people}p"] = selfplay(make_rules("revised"), people, 100, seed=1)
        for people in (2, 4, 6):
            report[f"castle_selfplay_{people}p"] = selfplay(make_rules("castle"), people, 100, seed=1)
        report["legal_actions_plus_play_x1000"] = checked_steps()
    if args.pyrisk:
        report["against_pyrisk"] = against_pyrisk(args.pyrisk.resolve(), args.rounds, wall=args.wall)
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
