"""The code that makes and draws the page's boards that are not shipped (:mod:`risk_ui.new_world` is what start-up
holds of them): the board file of a generated world or an imported board held here (dom.connect's ``board_file``
seam) and the new-game dialog's preview of a new world.

It ships with the editions' code (precached, mounted at start-up, imported only when used) beside
``risk.worldgen`` and ``risk.drawing``, so a classic game's start-up neither downloads nor imports it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from risk.board import GENERATED, MissingBoard, board_file
from risk_ui.words import world_caption

PREVIEW_WIDTH = 0.8  # the borders between territories in the preview, in map units


def world_seed(ref: str) -> int:
    """The seed of a generated world's reference (what the dialog shows), or -1 for another board.

    >>> world_seed("generated:1:48213:small:4"), world_seed("classic")
    (48213, -1)
    """
    if not ref.startswith(GENERATED):
        return -1
    parts = ref.split(":")
    return int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else -1


@lru_cache(maxsize=6)
def _generated_file(ref: str) -> Mapping[str, Any]:
    return board_file(ref)


def held_board_file(ref: str) -> Mapping[str, Any] | None:
    """The board file a reference names, drawing included, or None when this browser does not hold it (an
    imported board not kept here): a generated world is made from its reference (the last few kept, so that the
    dialog's preview and the game's map make it once), an imported one is what ``risk.board.register_board``
    holds (the kept boards register theirs at start-up)."""
    try:
        if ref.startswith(GENERATED):
            return _generated_file(ref)
        return board_file(ref)
    except MissingBoard:
        return None


def preview_svg(data: Mapping[str, Any], label: str, outlines: Sequence[str]) -> str:
    """A small picture of a board file's drawing: the sea, each territory filled in its continent's colour with
    the page's outline colour of that continent (``outlines``, by the continent's place), the sea lines; no
    names, no ids (it sits beside the map)."""
    drawing = data["drawing"]
    looks = drawing.get("continents", {})
    order = {c["id"]: i for i, c in enumerate(data["continents"])}
    box = " ".join(str(v) for v in drawing["view_box"])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{escape(box)}" role="img" '
           f'aria-label="{escape(label)}" class="world-preview">']
    for shape in drawing.get("background", []):
        out.append(f'<path fill="{escape(shape.get("fill", "none"))}" d="{escape(shape["d"])}"/>')
    line = drawing.get("sea_line", {})
    for link in drawing.get("sea_links", []):
        x1, y1, x2, y2 = link["line"]
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{escape(line.get("colour", "#3d5f82"))}" '
                   f'stroke-width="{line.get("width", 1.6) * 2}" stroke-dasharray="10 6"/>')
    for continent in data["continents"]:
        lands = [drawing["territories"][t]["land"] for t in continent["territories"]]
        paths = " ".join(" ".join(land) if isinstance(land, list) else land for land in lands)
        fill = looks.get(continent["id"], {}).get("fill", "#e6d8a8")
        out.append(f'<path fill="{escape(fill)}" stroke="{outlines[order[continent["id"]] % len(outlines)]}" '
                   f'stroke-width="{PREVIEW_WIDTH * 3}" stroke-linejoin="round" d="{escape(paths)}"/>')
    out.append("</svg>")
    return "".join(out)


@lru_cache(maxsize=6)
def preview(ref: str, outlines: tuple[str, ...]) -> tuple[str, str]:
    """The dialog's preview of the world ``ref`` with the page's continent ``outlines``: (picture, caption)."""
    data = held_board_file(ref)
    if data is None:
        return "", ""
    caption = world_caption(world_seed(ref), len(data["territories"]), len(data["continents"]))  # (not made twice)
    return preview_svg(data, caption, outlines), caption
