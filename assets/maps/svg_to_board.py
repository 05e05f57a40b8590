"""Fold a board's SVG drawing into its board file (``src/risk/maps/<id>.json``, docs/boards.md).

The shipped boards' drawings are data in their board files, drawn for the page by ``risk.drawing.board_svg``
at build time. Their outlines come from real geography through ``generate_classic.py`` and
``generate_castle.py`` (shapely, Natural Earth), which write the SVG of the page's contract; this script, the
generators' last step, reads that SVG back into the board file's ``drawing``: the view box, each territory's
land, badge and colours, the background shapes, the sea crossings (and, where the file has none yet, the
``lines`` they stand for) and the sea names. How the board's sea lines and sea names look (once in the page's
code and stylesheet under the board's name) is the board file's too: kept from the file when it has a
drawing, else taken from :data:`LOOKS`. Standard library only; the output is deterministic.

    python3 assets/maps/svg_to_board.py classic path/to/classic.svg
"""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "src" / "risk" / "maps"
NS = "{http://www.w3.org/2000/svg}"
# What each shipped board's lines and sea names looked like in the page before they were the board's data:
# the classic world's crossings dashed under the land, coast to coast; Castle Risk's over it, drawn out to 34
# units by the page and restyled by its stylesheet, as were its sea names.
LOOKS: dict[str, dict[str, Any]] = {
    "classic": {"sea_line": {"colour": "#5b6f86", "width": 1.2, "dash": [4, 3], "round": False, "over": False,
                             "least": 0}},
    "castle": {"sea_line": {"colour": "#16324f", "width": 2.6, "dash": [4, 3], "round": True, "over": True,
                            "least": 34},
               "text": {"size": 15, "italic": True, "weight": 600, "fill": "#35587a"}},
}
STYLE_OUTLINE = re.compile(r"--continent:(#[0-9a-fA-F]{3,8})")


def _number(text: str | None) -> float | int:
    value = float(text or 0)
    return int(value) if value == int(value) else value


def drawing_from_svg(svg: str, board: dict[str, Any], look: dict[str, Any]) -> dict[str, Any]:
    """The board file's drawing for an SVG of the page's contract (see risk.drawing)."""
    root = ET.fromstring(svg)
    continent = {t["id"]: t["continent"] for t in board["territories"]}
    drawing: dict[str, Any] = {"view_box": [_number(v) for v in (root.get("viewBox") or "").split()]}
    if root.get("aria-label"):
        drawing["label"] = root.get("aria-label")
    background = []
    for element in root:
        if element.tag == NS + "rect":
            x, y = _number(element.get("x")), _number(element.get("y"))
            w, h = _number(element.get("width")), _number(element.get("height"))
            background.append({"class": element.get("class"), "fill": element.get("fill"),
                               "d": f"M{x:g} {y:g}h{w:g}v{h:g}h{-w:g}z"})
        elif element.tag == NS + "path":
            background.append({"class": element.get("class"), "fill": element.get("fill"), "d": element.get("d")})
    if background:
        drawing["background"] = background
    territories: dict[str, Any] = {}
    colours: dict[str, dict[str, str]] = {}
    layer = root.find(f"{NS}g[@id='territories']")
    assert layer is not None, "the SVG has no #territories"
    for g in layer.findall(f"{NS}g"):
        tid = g.get("data-territory") or ""
        land = g.find(f"{NS}path[@class='land']")
        badge = g.find(f"{NS}circle[@class='army-badge']")
        assert land is not None and badge is not None, tid
        territories[tid] = {"land": [land.get("d")],
                            "badge": [_number(badge.get(a)) for a in ("cx", "cy", "r")]}
        colour = colours.setdefault(continent[tid], {"fill": land.get("fill") or "none"})
        outline = STYLE_OUTLINE.search(land.get("style") or "")
        if outline:
            colour["outline"] = outline.group(1)
        if land.get("fill") != colour["fill"]:
            territories[tid]["fill"] = land.get("fill")
    drawing["territories"] = {t["id"]: territories[t["id"]] for t in board["territories"]}
    drawing["continents"] = {c["id"]: colours[c["id"]] for c in board["continents"] if c["id"] in colours}
    links = root.find(f"{NS}g[@id='sea-links']")
    drawing["sea_links"] = [
        {"link": (line.get("data-link") or "").split(),
         "line": [_number(line.get(a)) for a in ("x1", "y1", "x2", "y2")]}
        for line in (links.findall(f"{NS}line") if links is not None else [])]
    drawing["sea_line"] = look["sea_line"]
    texts = []
    labels = root.find(f"{NS}g[@id='labels']")
    for text in labels.findall(f"{NS}text[@class='sea-label']") if labels is not None else []:
        texts.append({"text": text.text, "x": _number(text.get("x")), "y": _number(text.get("y")),
                      "class": "sea-label", **look["text"]})
    if texts:
        drawing["texts"] = texts
    return drawing


def fold(board: dict[str, Any], svg: str) -> dict[str, Any]:
    """The board file with the SVG's drawing (format 1; lines from the drawing where it lists none)."""
    old = board.get("drawing", {})
    look = LOOKS.get(board["id"], LOOKS["castle"]) if not old else {
        "sea_line": old.get("sea_line", LOOKS["castle"]["sea_line"]),
        "text": {k: v for k, v in (old.get("texts") or [{}])[0].items() if k not in ("text", "x", "y", "class")}}
    drawing = drawing_from_svg(svg, board, look)
    out: dict[str, Any] = {"format": 1, "id": board["id"], "name": board["name"],
                           "wild_cards": board.get("wild_cards", 0)}  # (a file without format had no wild cards)
    out.update((k, v) for k, v in board.items() if k not in ("format", "drawing", *out))
    if "lines" not in out:
        out["lines"] = sorted({tuple(sorted(s["link"])) for s in drawing["sea_links"]})
        out["lines"] = [list(pair) for pair in out["lines"]]
    out["drawing"] = drawing
    return out


def write(name: str, svg: str) -> Path:
    """Fold ``svg`` into ``src/risk/maps/<name>.json`` and return the file written."""
    path = MAPS / f"{name}.json"
    board = fold(json.loads(path.read_text(encoding="utf-8")), svg)
    path.write_text(json.dumps(board, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit(__doc__)
    print(f"wrote {write(argv[0], Path(argv[1]).read_text(encoding='utf-8'))}")


if __name__ == "__main__":
    main(sys.argv[1:])
