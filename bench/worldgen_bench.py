"""The world generator's figures: a world of each size made from a few seeds, timed in CPython and, with
``--pyodide``, in Pyodide under Node (the page's runtime, from .cache/), which must make the very same boards
(their content hashes), and the length of a game code on a world against the classic board. The issue's aims: a
42-territory world in under 1 s in the page, an 80-territory one under 2 s, a link at most 20 characters longer.
``--sweep N`` also makes and validates N seeds at each size, drawings included (the issue's 1,000 seeds a size;
the test module checks fewer, to stay cheap).

Run with ``PYTHONPATH=src:. python3 bench/worldgen_bench.py [--pyodide] [--sweep 1000]`` (or ``python3 build.py
bench --part worldgen``, which measures in Pyodide too). Each time is the best and the median over the seeds'
worlds (the best is the one least disturbed by other work on the machine). Prints and returns a JSON-able dict.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "src", ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from risk.boardfile import canonical_json, content_hash, validate  # noqa: E402
from risk.worldgen.generator import SIZES, generate  # noqa: E402

SEEDS = (48213, 1, 2, 3, 4)
AIM_PAGE_MS = {"medium": 1000, "large": 2000}

# Run in Pyodide by build.run_in_pyodide: the input is a zip of the generator's sources, the output the times
# and hashes as JSON. (The input carries a nonce so that the cache of made files never answers for a bench.)
PYODIDE_CODE = '''
import json, sys, time

def worldgen_times(source, out, seeds, nonce):
    sys.path.insert(0, source)
    from risk.boardfile import content_hash
    from risk.worldgen.generator import SIZES, generate
    report = {}
    for size in SIZES:
        times, hashes = [], []
        for seed in json.loads(seeds):
            started = time.perf_counter()
            board = generate(seed, size)
            times.append(1000 * (time.perf_counter() - started))
            hashes.append(content_hash(board))
        report[size] = {"ms": times, "hashes": hashes}
    with open(out, "w") as stream:
        json.dump(report, stream)
'''


def _spread(values: list[float]) -> dict[str, float]:
    return {"best": round(min(values), 1), "median": round(statistics.median(values), 1)}


def in_cpython() -> dict[str, Any]:
    report: dict[str, Any] = {}
    for size in SIZES:
        graph, whole, hashes, sizes = [], [], [], []
        for seed in SEEDS:
            started = time.perf_counter()
            generate(seed, size, drawing=False)
            between = time.perf_counter()
            board = generate(seed, size)
            done = time.perf_counter()
            graph.append(1000 * (between - started))
            whole.append(1000 * (done - between))
            hashes.append(content_hash(board))
            sizes.append((len(board["territories"]), len(canonical_json(board).encode())))
        report[size] = {"graph_ms": _spread(graph), "board_ms": _spread(whole), "hashes": hashes,
                        "territories": [n for n, _ in sizes], "board_bytes": [b for _, b in sizes]}
    return report


def sources_zip() -> bytes:
    """The generator and what it imports (the board file's checks), as a zip Pyodide imports from."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("risk/__init__.py", "")
        for name in ("board.py", "boardfile.py", "paths.py"):
            archive.write(ROOT / "src" / "risk" / name, f"risk/{name}")
        for module in sorted((ROOT / "src" / "risk" / "worldgen").glob("*.py")):
            archive.write(module, f"risk/worldgen/{module.name}")
    return buffer.getvalue()


def in_pyodide() -> dict[str, Any] | None:
    import build

    pyodide_dir = build.fetch(quiet=True)[build.PYODIDE.name]
    made = build.run_in_pyodide(pyodide_dir, PYODIDE_CODE, "worldgen_times",
                                [("worldgen-bench", sources_zip(), [json.dumps(SEEDS), str(time.time_ns())])])
    if made is None:
        return None
    result = json.loads(made["worldgen-bench"])
    return {size: {"board_ms": _spread(figures["ms"]), "hashes": figures["hashes"]} for size, figures in result.items()}


def links() -> dict[str, Any]:
    """What naming the board costs a link (the issue's aim: at most 20 characters more than on the classic
    board): game codes of the same seats and seed on the classic board and on a world of each size, new and after
    150 bots' actions (a mid-game: the boards differ, so the positions do too)."""
    from dataclasses import replace

    from risk.ai import choose, make_bot
    from risk.codec import encode_game
    from risk.game import Game, Seat
    from risk.rules import make_rules
    from risk.state import Phase
    from risk.worldgen.generator import reference

    def code(board: str, actions: int) -> int:
        rules = replace(make_rules("classic"), map=board)
        game = Game.start(rules, [Seat("Ann", 0), Seat("Bob", 1, "normal"), Seat("Cy", 2, "hard")], seed=7)
        bots = [make_bot("normal", 3 + s) for s in range(game.state.players)]
        for _ in range(actions):
            if game.state.phase is Phase.OVER:
                break
            game.play(choose(bots[game.state.current], game.state))
        return len(encode_game(game))

    boards = {"classic": "classic", **{size: reference(48213, size, 5) for size in SIZES}}
    return {f"{name}_chars": {"new": code(board, 0), "after_150_actions": code(board, 150)}
            for name, board in boards.items()}


def sweep(count: int) -> dict[str, Any]:
    """Make and validate ``count`` seeds at each size, drawings included."""
    report: dict[str, Any] = {}
    for size in SIZES:
        started = time.process_time()
        territories = []
        for seed in range(count):
            board = generate(seed, size)
            validate(board)
            territories.append(len(board["territories"]))
        report[size] = {"seeds": count, "valid": count, "cpu_s": round(time.process_time() - started, 1),
                        "territories": [min(territories), max(territories)]}
    return report


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pyodide", action="store_true", help="also measure in Pyodide under Node")
    parser.add_argument("--sweep", type=int, default=0, help="validate this many seeds at each size")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"seeds": list(SEEDS), "cpython": in_cpython(), "links": links()}
    if args.pyodide:
        page = in_pyodide()
        if page is None:
            print("bench: no node here, so no figures in Pyodide", file=sys.stderr)
        else:
            for size, figures in page.items():
                if figures["hashes"] != report["cpython"][size]["hashes"]:
                    raise SystemExit(f"bench: Pyodide made other {size} worlds than CPython")
            report["pyodide"] = page
            report["aim"] = {f"{size}_pyodide_ms": [page[size]["board_ms"]["median"], aim]
                             for size, aim in AIM_PAGE_MS.items()}
    if args.sweep:
        report["sweep"] = sweep(args.sweep)
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    main()
