"""The map importer's figures: a Domination map of the usual 677 x 425 pixels and 42 countries, with wavy borders
ragged by a pixel or two (``tests/engine/domination_maps.py``: a harder index image than most hand-made ones),
its index image as GIF and as palette PNG, decoded, traced and imported whole, in CPython and, with ``--page``,
in Chromium on the built site (``?debug=1`` exposes ``window.riskImportTimes``), which must make the very same
board (its content hash). The issue's aim: the index image decoded and traced in under 2 s in the page.

Run with ``PYTHONPATH=src:. python3 bench/import_bench.py [--page] [--rounds N]`` (or ``python3 build.py bench
--part import``). Each time is the best and the median of the rounds (the best is the one least disturbed by
other work on the machine). Prints and returns a JSON-able dict.
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "src", ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from engine.domination_maps import encode_gif, encode_png, world_index, world_map_text  # noqa: E402
from risk.boardfile import canonical_json, content_hash  # noqa: E402
from risk.importers.domination import import_map  # noqa: E402
from risk.importers.images import decode_index_image  # noqa: E402
from risk.importers.trace import trace  # noqa: E402

WIDTH, HEIGHT = 677, 425
AIM_PAGE_MS = 2000


def map_files() -> dict[str, dict[str, bytes]]:
    """The map's files by the name of its index image: once a GIF, once a PNG."""
    index = world_index(WIDTH, HEIGHT)
    images = {"world_map.gif": encode_gif(WIDTH, HEIGHT, index),
              "world_map.png": encode_png(WIDTH, HEIGHT, index, mode="palette")}
    return {name: {"world.map": world_map_text(name, index).encode(), name: data} for name, data in images.items()}


def _spread(values: list[float]) -> dict[str, float]:
    return {"best": round(min(values), 1), "median": round(statistics.median(values), 1)}


def in_cpython(files: dict[str, bytes], index: str, rounds: int) -> dict[str, Any]:
    times: dict[str, list[float]] = {"decode_ms": [], "trace_ms": [], "import_ms": []}
    board: dict[str, Any] = {}
    for _ in range(rounds):
        started = time.perf_counter()
        image = decode_index_image(files[index], index)
        decoded = time.perf_counter()
        tracing = trace(image)
        traced = time.perf_counter()
        board = import_map(files).board
        done = time.perf_counter()
        times["decode_ms"].append(1000 * (decoded - started))
        times["trace_ms"].append(1000 * (traced - decoded))
        times["import_ms"].append(1000 * (done - traced))
    lands = board["drawing"]["territories"].values()
    return {
        **{name: _spread(values) for name, values in times.items()},
        "index_bytes": len(files[index]),
        "pieces": sum(len(pieces) for pieces in tracing.pieces.values()),
        "path_bytes": sum(len(path) for land in lands for path in land["land"]),
        "board_bytes": len(canonical_json(board).encode()),
        "hash": content_hash(board),
    }


def in_page(all_files: dict[str, dict[str, bytes]], rounds: int) -> dict[str, Any]:
    """The same imports in Chromium, in the built site's Pyodide."""
    import build
    from playwright.sync_api import sync_playwright

    report: dict[str, Any] = {}
    with sync_playwright() as playwright, build.serving(build.build_if_needed()) as server:
        browser = build._launch(playwright)
        try:
            context, page = build._debug_page(browser, server.url, "riskImportTimes")
            for index, files in all_files.items():
                given = json.dumps({name: base64.b64encode(data).decode() for name, data in files.items()})
                result = json.loads(page.evaluate(
                    "([files, index, rounds]) => window.riskImportTimes(files, index, rounds)",
                    [given, index, rounds]))
                report[index] = {**{name: _spread(result[name]) for name in ("decode_ms", "trace_ms", "import_ms")},
                                 "path_bytes": result["path_bytes"], "hash": result["hash"]}
            context.close()
        finally:
            browser.close()
    return report


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", action="store_true", help="also measure in Chromium on the built site")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    all_files = map_files()
    report: dict[str, Any] = {"size": [WIDTH, HEIGHT], "countries": 42,
                              "cpython": {index: in_cpython(files, index, args.rounds)
                                          for index, files in all_files.items()}}
    if args.page:
        page = in_page(all_files, args.rounds)
        for index, figures in page.items():
            if figures["hash"] != report["cpython"][index]["hash"]:
                raise SystemExit(f"bench: the page's Pyodide imported {index} as another board than CPython")
        report["page"] = page
        worst = max(figures["decode_ms"]["best"] + figures["trace_ms"]["best"] for figures in page.values())
        report["aim"] = {"page_decode_and_trace_ms": [round(worst), AIM_PAGE_MS]}
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    main()
