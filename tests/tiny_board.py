"""A small good board file written by hand: six square territories in two rows of three (``a b c`` over
``d e f``), two continents, the land borders of the grid and one line across water (``a``-``f``), with a
drawing. The validator's and the drawing's tests start from it."""

from __future__ import annotations

from typing import Any

GRID = {"a": (0, 0), "b": (1, 0), "c": (2, 0), "d": (0, 1), "e": (1, 1), "f": (2, 1)}
BORDERS = [("a", "b"), ("b", "c"), ("d", "e"), ("e", "f"), ("a", "d"), ("b", "e"), ("c", "f"), ("a", "f")]


def tiny() -> dict[str, Any]:
    """A good six-territory board file."""
    neighbours: dict[str, list[str]] = {t: [] for t in GRID}
    for x, y in BORDERS:
        neighbours[x].append(y)
        neighbours[y].append(x)
    return {
        "format": 1,
        "id": "tiny",
        "name": "Tiny world",
        "continents": [
            {"id": "north", "name": "North", "bonus": 2, "territories": ["a", "b", "c"]},
            {"id": "south", "name": "South", "bonus": 3, "territories": ["d", "e", "f"]},
        ],
        "territories": [
            {"id": t, "name": t.upper(), "continent": "north" if y == 0 else "south", "card": "infantry",
             "neighbours": neighbours[t]}
            for t, (x, y) in GRID.items()
        ],
        "lines": [["a", "f"]],
        "drawing": {
            "view_box": [0, 0, 300, 200],
            "territories": {t: {"land": [f"M{x * 100} {y * 100}h100v100h-100z"], "badge": [x * 100 + 50,
                                                                                           y * 100 + 50, 9]}
                            for t, (x, y) in GRID.items()},
            "sea_links": [{"link": ["a", "f"], "line": [10, 10, 290, 190]}],
        },
    }
