"""Outlines of regions of a grid of square cells, as smooth SVG paths that neighbours share exactly.

Each region's boundary is traced along the cells' edges with the region on the left, so that an outer ring and
a hole wind opposite ways (the page fills a land as one path). The staircase of cell edges is then drawn as a
quadratic B-spline: the path runs through a point near the middle of each edge and bends at the corners
between them, using each corner as the control point. A corner where three or more regions meet (the sea
counts as one), or two regions only diagonally, is kept as a sharp point instead. Every one of those choices
depends only on the four cells round a corner and every edge's point only on the edge, so two regions that
share a border draw the very same curve, without gap or overlap. Coordinates are whole tenths of a map unit,
written as decimals; no floating point is involved.

>>> grid = Grid(3, 3, [-1, -1, -1, -1, 0, -1, -1, -1, -1], cell=100, wobble=0)
>>> region_path(grid, 0)
'M10 15Q10 10 15 10Q20 10 20 15Q20 20 15 20Q10 20 10 15Z'
"""

from __future__ import annotations

from collections.abc import Callable

# Directions along an edge: right, down, left, up (SVG's y grows downwards).
STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))


class Grid:
    """``width`` x ``height`` cells, each owned by a region number (-1: the sea), ``cell`` tenths of a unit
    wide; ``wobble`` moves each edge's point by up to that many tenths, by a hash of the edge (the seed's)."""

    def __init__(self, width: int, height: int, owner: list[int], cell: int, wobble: int, salt: int = 0) -> None:
        self.width, self.height, self.owner, self.cell, self.wobble, self.salt = (
            width, height, owner, cell, wobble, salt)

    def at(self, x: int, y: int) -> int:
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.owner[y * self.width + x]
        return -1

    def corner_kind(self, x: int, y: int) -> int:
        """0: a smooth corner (two owners, not diagonal); 1: kept sharp (three or more owners, or a diagonal)."""
        a, b, c, d = self.at(x - 1, y - 1), self.at(x, y - 1), self.at(x - 1, y), self.at(x, y)
        owners = {a, b, c, d}
        if len(owners) >= 3:
            return 1
        return 1 if len(owners) == 2 and a == d and b == c else 0

    def _hash(self, x: int, y: int, k: int) -> int:
        z = (x * 73856093 ^ y * 19349663 ^ k * 83492791 ^ self.salt) & 0xFFFFFFFF
        z = ((z ^ (z >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
        z = ((z ^ (z >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
        return z ^ (z >> 16)

    def edge_point(self, x: int, y: int, horizontal: bool) -> tuple[int, int]:
        """The point near the middle of the edge from corner (x, y) rightwards or downwards, in tenths."""
        c, w = self.cell, self.wobble
        h = self._hash(x, y, 1 if horizontal else 2)
        along = (h & 0xFFFF) % (2 * w + 1) - w if w else 0
        across = (h >> 16) % (w + 1) - w // 2 if w else 0
        if horizontal:
            return x * c + c // 2 + along, y * c + across
        return x * c + across, y * c + c // 2 + along

    def corner_point(self, x: int, y: int) -> tuple[int, int]:
        c, w = self.cell, self.wobble // 2
        h = self._hash(x, y, 3)
        dx = (h & 0xFFFF) % (2 * w + 1) - w if w else 0
        dy = (h >> 16) % (2 * w + 1) - w if w else 0
        return x * c + dx, y * c + dy


def region_loops(grid: Grid, region: int, cells: list[int]) -> list[list[tuple[int, int]]]:
    """The closed rings of corners round a region (its cells given), the region on the right of travel in SVG's
    y-down coordinates (clockwise on screen for an outer ring, the other way for a hole)."""
    w = grid.width
    outgoing: dict[tuple[int, int], list[int]] = {}
    for cell in cells:
        x, y = cell % w, cell // w
        # Each side of the cell that faces another owner is an edge, walked clockwise round the cell.
        if grid.at(x, y - 1) != region:
            outgoing.setdefault((x, y), []).append(0)
        if grid.at(x + 1, y) != region:
            outgoing.setdefault((x + 1, y), []).append(1)
        if grid.at(x, y + 1) != region:
            outgoing.setdefault((x + 1, y + 1), []).append(2)
        if grid.at(x - 1, y) != region:
            outgoing.setdefault((x, y + 1), []).append(3)
    loops: list[list[tuple[int, int]]] = []
    for start in sorted(outgoing, key=lambda p: (p[1], p[0])):
        while outgoing.get(start):
            loop: list[tuple[int, int]] = []
            at = start
            heading = outgoing[at][0]
            while True:
                choices = outgoing[at]
                if len(choices) > 1:  # two edges leave a corner the region touches diagonally: turn right
                    right = (heading + 1) % 4
                    heading = right if right in choices else choices[0]
                else:
                    heading = choices[0]
                choices.remove(heading)
                if not choices:
                    del outgoing[at]
                loop.append(at)
                dx, dy = STEPS[heading]
                at = (at[0] + dx, at[1] + dy)
                if at == start:  # every corner has as many edges in as out: a walk only ends where it began
                    break
            loops.append(loop)
    return loops


def _number(tenths: int) -> str:
    if tenths % 10 == 0:
        return str(tenths // 10)
    sign = "-" if tenths < 0 else ""
    tenths = abs(tenths)
    return f"{sign}{tenths // 10}.{tenths % 10}"


def loop_path(grid: Grid, loop: list[tuple[int, int]]) -> str:
    """One ring as path data: through each edge's point, curving round smooth corners, sharp at the others."""
    n = len(loop)
    points: list[tuple[int, int]] = []
    for i in range(n):
        x0, y0 = loop[i]
        x1, y1 = loop[(i + 1) % n]
        points.append(grid.edge_point(min(x0, x1), min(y0, y1), y0 == y1))
    out: list[str] = []
    first = points[-1]
    out.append(f"M{_number(first[0])} {_number(first[1])}")
    for i in range(n):
        corner = loop[i]
        before, after = loop[i - 1], loop[(i + 1) % n]
        end = points[i]
        straight = (before[0] == after[0]) or (before[1] == after[1])
        if grid.corner_kind(*corner):
            cx, cy = grid.corner_point(*corner)
            out.append(f"L{_number(cx)} {_number(cy)}L{_number(end[0])} {_number(end[1])}")
        elif straight:
            out.append(f"L{_number(end[0])} {_number(end[1])}")
        else:
            cx, cy = grid.corner_point(*corner)
            out.append(f"Q{_number(cx)} {_number(cy)} {_number(end[0])} {_number(end[1])}")
    out.append("Z")
    return "".join(out)


def region_path(grid: Grid, region: int, cells: list[int] | None = None,
                keep: Callable[[list[tuple[int, int]]], bool] | None = None) -> str:
    """The region's whole outline as one path's data (its rings, holes included)."""
    if cells is None:
        cells = [i for i, o in enumerate(grid.owner) if o == region]
    return "".join(loop_path(grid, loop) for loop in region_loops(grid, region, cells) if keep is None or keep(loop))
