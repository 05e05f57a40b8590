"""Engine speed: self-play games and turns per second, the checked path's cost per step, and the comparison
with pyrisk (the reference the speed aims are set against).

Run with ``python3 build.py bench`` (or ``PYTHONPATH=src python3 bench/engine_bench.py``).

``--pyrisk DIR`` compares player-turns per second with pyrisk (chronitis/pyrisk, a checkout in ``DIR``: its
``game.py``, ``ai/`` and the modules they import; not part of this project), on the same bot workload: pyrisk's
games are played headless (``curses=False``) between its ``StupidAI`` bots, ours between
:class:`pyrisk_policy.StupidPolicy` bots, the same policy on our engine, under the classic rules with card sets
worth nothing (:data:`pyrisk_policy.PYRISK_RULES`: pyrisk has no cards, and our card values would make stacks of
hundreds). A player-turn is one call of a living player's ``reinforce`` in pyrisk, one turn of :func:`play_game`
in ours; pyrisk's clock runs over ``Game.start()`` only, its board's loading left out (ours counts
``new_game``). What a turn holds is printed beside the speeds (attacks and dice thrown per turn, the largest stack), so
that the two workloads can be seen to match. Also measured against the same pyrisk figure, as before: our
self-play between :class:`~risk.ai.simple.SimpleBot` under the full classic rules, played as self-play plays them
(no events built) and with every action's events built as a recorded game has them; those turns hold about twice
the attacks and seven times the dice. Each figure is the min / median / max of rounds that take turns between
the sides, so that load from other work falls on all alike, and is counted in this process's CPU time
(``--wall`` for elapsed time), which the other work on a shared machine does not inflate; a ratio is that of the
medians.
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

from pyrisk_policy import PYRISK_RULES, StupidPolicy

from risk import rng
from risk.actions import Action, Blitz
from risk.ai.simple import SimpleBot
from risk.engine import legal_actions, new_game, play
from risk.events import BattleFought, Event
from risk.rules import make_rules
from risk.selfplay import play_game, selfplay
from risk.state import GameState


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


def _pyrisk_game(folder: Path, people: int, seed: int, counted: list[int]) -> Any:
    """A headless pyrisk game between ``StupidAI`` bots, seeded, whose turns append to ``counted``, not started.

    pyrisk draws from the global ``random`` module; seeding it here makes its games the same in every round
    (our engine never uses it: its dice come from :mod:`risk.rng`).
    """
    import random

    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    game_module = importlib.import_module("game")
    stupid = importlib.import_module("ai.stupid").StupidAI
    random.seed(seed)
    game = game_module.Game(curses=False, delay=0)
    for seat in range(people):
        game.add_player(f"P{seat}", stupid)
    for player in game.players.values():
        def reinforce(available: int, own: Any = player.ai.reinforce, counted: list[int] = counted) -> Any:
            counted.append(available)
            return own(available)
        player.ai.reinforce = reinforce
    return game


def pyrisk_turns_per_second(folder: Path, people: int, games: int, first_seed: int, wall: bool = False) -> float:
    """Player-turns per second of ``games`` headless pyrisk games between its StupidAI bots."""
    clock = time.perf_counter if wall else time.process_time
    turns = 0
    spent = 0.0
    for seed in range(first_seed, first_seed + games):
        counted: list[int] = []
        game = _pyrisk_game(folder, people, seed, counted)
        started = clock()
        game.start()
        spent += clock() - started
        turns += len(counted)
    return turns / spent


def pyrisk_workload(folder: Path, people: int, games: int, first_seed: int) -> dict[str, float]:
    """What a turn of pyrisk's games holds: attacks, dice thrown, and the largest stack seen (not timed)."""
    import random

    turns = attacks = dice_thrown = largest = 0
    randint = random.randint

    def counting_randint(low: int, high: int) -> int:
        nonlocal dice_thrown
        dice_thrown += 1  # StupidAI draws with random.choice; randint is pyrisk's dice
        return randint(low, high)

    for seed in range(first_seed, first_seed + games):
        counted: list[int] = []
        game = _pyrisk_game(folder, people, seed, counted)
        combat = game.combat

        def counting_combat(source: str, target: str, *rest: Any, game: Any = game, combat: Any = combat) -> Any:
            nonlocal attacks, largest
            attacks += 1
            largest = max(largest, game.world.territories[source].forces, game.world.territories[target].forces)
            return combat(source, target, *rest)
        game.combat = counting_combat
        random.randint = counting_randint  # type: ignore[assignment]
        try:
            game.start()
        finally:
            random.randint = randint  # type: ignore[assignment]
        turns += len(counted)
    return {"turns_per_game": round(turns / games, 1), "attacks_per_turn": round(attacks / turns, 2),
            "dice_per_turn": round(dice_thrown / turns, 1), "largest_stack": largest}


def same_policy_turns_per_second(people: int, games: int, wall: bool = False) -> float:
    """Player-turns per second of our games between StupidPolicy bots under PYRISK_RULES (nothing recorded)."""
    clock = time.perf_counter if wall else time.process_time
    turns = 0
    started = clock()
    for seed in range(1, games + 1):
        bots = [StupidPolicy(seed * 7919 + seat) for seat in range(people)]
        turns += play_game(PYRISK_RULES, people, seed, bots).turns
    return turns / (clock() - started)


def ours_workload(people: int, games: int, same_policy: bool) -> dict[str, float]:
    """What a turn of our games holds, as :func:`pyrisk_workload` counts it (not timed): StupidPolicy games under
    PYRISK_RULES (``same_policy``) or self-play's SimpleBot games under the classic rules."""
    turns = attacks = dice_thrown = largest = 0

    def count(state: GameState, action: Action, events: list[Event]) -> None:
        nonlocal attacks, dice_thrown, largest
        if isinstance(action, Blitz):
            attacks += 1
            largest = max(largest, max(state.armies))
        dice_thrown += sum(len(e.attacker) + len(e.defender) for e in events if isinstance(e, BattleFought))

    rules = PYRISK_RULES if same_policy else make_rules("classic")
    for seed in range(1, games + 1):
        bots = [StupidPolicy(seed * 7919 + seat) for seat in range(people)] if same_policy else None
        turns += play_game(rules, people, seed, bots, on_step=count).turns
    return {"turns_per_game": round(turns / games, 1), "attacks_per_turn": round(attacks / turns, 2),
            "dice_per_turn": round(dice_thrown / turns, 1), "largest_stack": largest}


def ours_turns_per_second(people: int, games: int, record: bool, wall: bool = False) -> float:
    """Player-turns per second of our self-play between SimpleBots (``record``: every action's events built)."""
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
        same: list[float] = []
        ours: list[float] = []
        recorded: list[float] = []
        theirs: list[float] = []
        games = 60 if people > 2 else 150
        for _ in range(rounds):
            same.append(same_policy_turns_per_second(people, games, wall))
            theirs.append(pyrisk_turns_per_second(folder, people, games, 1, wall))
            ours.append(ours_turns_per_second(people, games, False, wall))
            recorded.append(ours_turns_per_second(people, games, True, wall))
        median = statistics.median
        report[f"{people}p"] = {
            "same_policy_turns_per_second": spread(same),
            "pyrisk_turns_per_second": spread(theirs),
            "ratio": round(median(same) / median(theirs), 2),
            "ratio_per_round": spread([a / b for a, b in zip(same, theirs)], 2),
            "workload": {"ours": ours_workload(people, games, True),
                         "pyrisk": pyrisk_workload(folder, people, games, 1),
                         "ours_simple_bot": ours_workload(people, games, False)},
            "simple_bot_turns_per_second": spread(ours),
            "simple_bot_recorded_turns_per_second": spread(recorded),
            "ratio_simple_bot": round(median(ours) / median(theirs), 2),
            "ratio_simple_bot_recorded": round(median(recorded) / median(theirs), 2),
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
