"""The page's map as the tests model it in CPython: a board's drawing read from its SVG, a dense board drawn
here, the element a phone gives the map, and the taps round every badge (see test_map_taps.py).

The page builds the same :class:`~risk_ui.map_geometry.Drawing` from the same path strings and badges
(:mod:`risk_ui.map_control`), so what is measured here is what the page does; the Chromium test checks that
the page opens at the zoom and badge size these functions give.
"""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from risk.board import Board, load_board
from risk_ui.map_geometry import Box, Drawing, parse_box
from risk_ui.viewport import (
    Viewport,
    badge_factor,
    opening_view,
    resolve_tap,
    ring_points,
)
from ui.conftest import drawn_map

SVG = "{http://www.w3.org/2000/svg}"
# The map's element on a phone, as the page's stylesheet lays it out: portrait, the screen's width less the page's
# padding (8 px each side) by min(52dvh, 78vw); landscape, beside the turn bar's pane (issue #23, part 3: a grid of
# minmax(33rem, 1fr) and minmax(0, 16rem), 0.5rem apart, the page's padding only right of the pane), as wide as its
# column and as tall as the screen itself as the map's shape allows.
PORTRAIT = (390, 844)
LANDSCAPE = (844, 390)
MARGIN = 8.0
MAP_MIN, PANE, GAP = 33 * 16.0, 16 * 16.0, 8.0


def map_element(screen: tuple[int, int], bounds: Box) -> tuple[float, float]:
    """The map element's size (CSS px) on a phone's screen of ``screen`` (width, height)."""
    width, height = screen
    if width < height:
        return width - 2 * MARGIN, round(min(0.52 * height, 0.78 * width), 4)
    tall = float(height)
    column = max(MAP_MIN, width - MARGIN - GAP - PANE)
    wide = min(column, tall * bounds.w / bounds.h)
    return wide, min(tall, wide * bounds.h / bounds.w)


def drawing_from_svg(text: str, board: Board) -> Drawing:
    """A map's drawing as the page reads it from the SVG that risk.drawing.board_svg draws: each territory's
    land paths, badge and name's point, by board order."""
    root = ET.fromstring(text)
    badges: dict[str, tuple[float, float, float]] = {}
    lands: dict[str, list[str]] = {}
    labels: dict[str, tuple[float, float] | None] = {}
    for g in root.iter(f"{SVG}g"):
        tid = g.get("data-territory")
        if tid is None:
            continue
        lands[tid] = [p.get("d", "") for p in g.iter(f"{SVG}path") if "land" in (p.get("class") or "").split()]
        badge = next(c for c in g.iter(f"{SVG}circle") if "army-badge" in (c.get("class") or "").split())
        badges[tid] = (float(badge.get("cx", 0)), float(badge.get("cy", 0)), float(badge.get("r", 9)))
        point = (g.get("data-label") or "").split()
        labels[tid] = (float(point[0]), float(point[1])) if len(point) == 2 else None
    ids = [t.id for t in board.territories]
    return Drawing.build(parse_box(root.get("viewBox", "")), [badges[t] for t in ids], [lands[t] for t in ids],
                         [t.name for t in board.territories], [labels[t] for t in ids])


def shipped(name: str) -> Drawing:
    """A shipped board's drawing, as the site serves it (its board file drawn by risk.drawing.board_svg)."""
    svg = drawn_map(name)
    assert svg is not None, name
    return drawing_from_svg(svg, load_board(name))


def generated(ref: str) -> Drawing:
    """A generated world's drawing, as the page draws it from its board file (risk.drawing.board_svg)."""
    from risk.board import board_file
    from risk.drawing import board_svg

    return drawing_from_svg(board_svg(board_file(ref)), load_board(ref))


WORDS = ("North", "South", "Upper", "Lower", "Great", "Little", "East", "West", "Old", "New")
PLACES = ("Vale", "Marches", "Heath", "Fens", "Reach", "Moor", "Downs", "Coast", "Isles", "Highlands", "Plain")


def dense(count: int = 80, seed: int = 5, width: float = 1000.0, height: float = 500.0) -> Drawing:
    """A synthetic dense board: ``count`` territories (Voronoi cells of jittered grid points, the badge on
    each point, radius 9 as on the shipped maps) tiling a ``width`` x ``height`` map, names of one to three
    words. Denser than the shipped boards: its territories are a third of the classic world's on average."""
    rng = random.Random(seed)
    columns = round(math.sqrt(count * width / height))
    rows = math.ceil(count / columns)
    cw, ch = width / columns, height / rows
    sites = []
    for i in range(count):
        c, r = i % columns, i // columns
        sites.append(((c + 0.5 + rng.uniform(-0.3, 0.3)) * cw, (r + 0.5 + rng.uniform(-0.3, 0.3)) * ch))
    lands, names = [], []
    for i, (x, y) in enumerate(sites):
        cell = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        for j, (ox, oy) in enumerate(sites):
            if j != i and math.hypot(ox - x, oy - y) < 4 * max(cw, ch):
                cell = _clip(cell, (x + ox) / 2, (y + oy) / 2, ox - x, oy - y)
        lands.append(["M" + " L".join(f"{px:.1f} {py:.1f}" for px, py in cell) + "z"])
        words = rng.choice((1, 2, 2, 3))
        names.append(" ".join([rng.choice(WORDS), rng.choice(PLACES), "of the Reach"][:words]) if words < 3
                     else f"{rng.choice(WORDS)} {rng.choice(PLACES)} {i}")
    return Drawing.build(Box(0, 0, width, height), [(x, y, 9.0) for x, y in sites], lands, names)


def _clip(polygon: list[tuple[float, float]], mx: float, my: float, nx: float, ny: float) -> list[tuple[float, float]]:
    """The part of a convex polygon on the near side of the line through (mx, my) with normal (nx, ny)."""
    out = []
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        sp, sq = (p[0] - mx) * nx + (p[1] - my) * ny, (q[0] - mx) * nx + (q[1] - my) * ny
        if sp <= 0:
            out.append(p)
        if (sp < 0) != (sq < 0) and sp != sq:
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


@dataclass
class TapCount:
    """What taps round the badges did: reached the territory meant, asked (offering it or not), went to
    another, or nothing."""

    direct: int = 0
    chooser: int = 0
    chooser_without: int = 0
    wrong: int = 0
    none: int = 0

    @property
    def total(self) -> int:
        return self.direct + self.chooser + self.chooser_without + self.wrong + self.none

    def share(self, count: int) -> float:
        return count / self.total if self.total else 0.0


def opening(drawing: Drawing, screen: tuple[int, int], focus: list[int] | None = None) -> Viewport:
    """The view the page opens at on a phone's ``screen``, centred among ``focus`` (the middle without)."""
    width, height = map_element(screen, drawing.bounds)
    return opening_view(Viewport(drawing.bounds, width, height), drawing, focus or [])


def taps_round_badges(drawing: Drawing, screen: tuple[int, int], off: float = 10.0) -> tuple[TapCount, list[str]]:
    """Tap ``off`` px from every territory's badge in 8 directions, at the zoom the page opens at, the view
    brought to the territory as the page does to show it (centred on it, as far as the map's edges allow).
    Taps that fall off the element are not counted. Returns the counts and the misses described."""
    start = opening(drawing, screen)
    factor = badge_factor(drawing, start.scale)
    count, misses = TapCount(), []
    for t, badge in enumerate(drawing.badges):
        view = start.centre_on(badge.x, badge.y)
        cx, cy = view.to_screen(badge.x, badge.y)
        for dx, dy in ring_points(off):
            px, py = cx + dx, cy + dy
            if not (0 <= px <= view.width and 0 <= py <= view.height):
                continue
            tap = resolve_tap(view, drawing, px, py, factor)
            if tap.kind == "select" and tap.territory == t:
                count.direct += 1
                continue
            if tap.kind == "choose":
                if t in tap.choices:
                    count.chooser += 1
                else:
                    count.chooser_without += 1
            elif tap.kind == "select":
                count.wrong += 1
            else:
                count.none += 1
            others = tap.choices if tap.kind == "choose" else (tap.territory,)
            misses.append(f"{drawing.names[t]} ({dx:+.0f},{dy:+.0f}): {tap.kind} "
                          + ", ".join(drawing.names[o] if o >= 0 else "-" for o in others))
    return count, misses
