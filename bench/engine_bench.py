"""Engine speed: self-play games and turns per second, and the checked path's cost per step.

Run with ``python3 build.py bench`` (or ``PYTHONPATH=src python3 bench/engine_bench.py``).
"""

from __future__ import annotations

import json
import sys
import time

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


def main() -> dict[str, object]:
    """Print and return the engine figures."""
    report: dict[str, object] = {}
    for people, games in ((3, 200), (5, 200), (6, 200)):
        report[f"selfplay_{people}p"] = selfplay(make_rules("classic"), people, games, seed=1)
    # The Revised edition beside classic (same simple bots; per player-turn within 1.5x is the aim).
    for people in (3, 4, 5):
        report[f"revised_selfplay_{people}p"] = selfplay(make_rules("revised"), people, 100, seed=1)
    for people in (2, 4, 6):
        report[f"castle_selfplay_{people}p"] = selfplay(make_rules("castle"), people, 100, seed=1)
    report["legal_actions_plus_play_x1000"] = checked_steps()
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
