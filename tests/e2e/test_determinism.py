"""The hard bots play the same game in the page's Pyodide as in CPython.

The planner scores its plans in floats (shares of the table's strength, battle odds) and picks the best,
so a float computed differently in Pyodide's Python (3.14, WebAssembly) and CPython here would make a
different choice, and the game would part ways. The simple bots' self-play is checked in test_game.py.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from risk_ui.debug import selfplay_digest

# (seed, actions): a few hundred actions each (some 25 turns of three players), a second or two of
# CPython and of Pyodide.
HARD_GAMES = ((1, 250), (2, 250), (3, 250))
PEOPLE = 3


def test_hard_bots_play_the_same_seeded_game_in_pyodide_and_in_cpython(page: Any) -> None:
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=1) as pool:  # CPython plays while the page starts and plays
        expected = [pool.submit(selfplay_digest, seed, PEOPLE, "hard", actions) for seed, actions in HARD_GAMES]
        page.open("?seed=5&debug=1")
        page.wait_ready()
        page.wait_for_function("typeof window.riskSelfplayDigest === 'function'")
        print(f"page ready after {time.perf_counter() - started:.1f} s")
        digests = []
        for (seed, actions), here in zip(HARD_GAMES, expected):
            began = time.perf_counter()
            there = page.evaluate(f"window.riskSelfplayDigest({seed}, {PEOPLE}, 'hard', {actions})")
            print(f"seed {seed}, {actions} actions: Pyodide {time.perf_counter() - began:.2f} s")
            assert there == here.result(), f"seed {seed}: the page's game parted from CPython's"
            digests.append(there)
    print(f"all done after {time.perf_counter() - started:.1f} s")
    assert len(set(digests)) == len(digests), "the digest must tell games apart, or the check proves nothing"
