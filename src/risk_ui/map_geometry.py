"""A board's drawing as shapes: each land a set of polygons, each army badge a circle (pure geometry).

Where a tap goes, which zoom a phone opens at and where a name can go are all worked out from these shapes,
which come from the board's drawing (the SVG's land paths and badges in the page, the same strings in the
tests), never from one map's territory ids: a generated or imported board works the same.

>>> land = Land.from_paths(["M0 0h10v10h-10z"])
>>> land.contains(5, 5), land.contains(15, 5), land.distance(15, 5)
(True, False, 5.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from risk import paths

Point = paths.Point
Ring = paths.Ring

@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in the map's own units."""

    x: float
    y: float
    w: float
    h: float

    def text(self) -> str:
        """As a ``viewBox`` attribute.

        >>> Box(0, -5.5, 100, 50).text()
        '0 -5.5 100 50'
        """
        return " ".join(_n(v) for v in (self.x, self.y, self.w, self.h))


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value % 1 else str(int(value))


def parse_box(text: str) -> Box:
    """A ``viewBox`` attribute as a :class:`Box`.

    >>> parse_box("-22 -5 1044 505")
    Box(x=-22.0, y=-5.0, w=1044.0, h=505.0)
    """
    x, y, w, h = (float(v) for v in text.replace(",", " ").split())
    return Box(x, y, w, h)


# ------------------------------------------------------------------------------------------------
# SVG path data to polygons (risk.paths reads it)

def path_rings(d: str) -> list[Ring]:
    """The closed outlines of SVG path data (:func:`risk.paths.path_rings`: curves followed in short lines),
    none for path data that cannot be read (the board file's checks refuse it before a game can use it).

    >>> path_rings("M0 0l10 0 0 10z M20 20H30V30"), path_rings("M0 0A5 5 0 0 1 10 0z")
    ([[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], [(20.0, 20.0), (30.0, 20.0), (30.0, 30.0)]], [])
    """
    try:
        return paths.path_rings(d)
    except ValueError:
        return []


# ------------------------------------------------------------------------------------------------
# Lands and badges

def _segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    vx, vy = bx - ax, by - ay
    length = vx * vx + vy * vy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / length))
    return math.hypot(px - ax - t * vx, py - ay - t * vy)


@dataclass(frozen=True, slots=True)
class Land:
    """A territory's land: its outlines (even-odd: an outline inside another is a hole) and their box."""

    rings: tuple[Ring, ...]
    box: Box

    @classmethod
    def from_paths(cls, paths: Sequence[str]) -> Land:
        """The land drawn by one or more SVG path strings."""
        rings = tuple(ring for d in paths for ring in path_rings(d))
        points = [p for ring in rings for p in ring]
        if not points:
            return cls((), Box(0, 0, 0, 0))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return cls(rings, Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))

    def contains(self, x: float, y: float) -> bool:
        """Whether the point is on this land (even-odd rule)."""
        b = self.box
        return b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h and paths.inside((x, y), self.rings)

    def box_distance(self, x: float, y: float) -> float:
        """How far the point is from the land's box (0 inside it): a quick lower bound of :meth:`distance`."""
        b = self.box
        return math.hypot(max(b.x - x, 0.0, x - b.x - b.w), max(b.y - y, 0.0, y - b.y - b.h))

    def edge_distance(self, x: float, y: float) -> float:
        """How far the point is from the land's outline."""
        best = math.inf
        for ring in self.rings:
            ax, ay = ring[-1]
            for bx, by in ring:
                best = min(best, _segment_distance(x, y, ax, ay, bx, by))
                ax, ay = bx, by
        return best

    def distance(self, x: float, y: float) -> float:
        """How far the point is from the land (0 on it)."""
        return 0.0 if self.contains(x, y) else self.edge_distance(x, y)


@dataclass(frozen=True, slots=True)
class Badge:
    """A territory's army badge: its centre and radius in map units."""

    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Drawing:
    """What the page needs of a board's drawing: its box, and each territory's badge, land and name, by the
    territory's index on the board."""

    bounds: Box
    badges: tuple[Badge, ...]
    lands: tuple[Land, ...]
    names: tuple[str, ...]
    labels: tuple[tuple[float, float] | None, ...] = ()  # where the board puts each name (top middle), if it does
    # The closest pairs of badges, (distance between centres, a, b), each territory's few nearest, nearest first.
    pairs: tuple[tuple[float, int, int], ...] = field(init=False)
    # Each territory's distance to its nearest other badge (centre to centre).
    nearest: tuple[float, ...] = field(init=False)

    def __post_init__(self) -> None:
        if not self.labels:
            object.__setattr__(self, "labels", (None,) * len(self.badges))
        seen: dict[tuple[int, int], float] = {}
        nearest = []
        for a, p in enumerate(self.badges):
            around = sorted((math.hypot(p.x - q.x, p.y - q.y), b) for b, q in enumerate(self.badges) if b != a)
            nearest.append(around[0][0] if around else math.inf)
            for d, b in around[:4]:
                seen[(min(a, b), max(a, b))] = d
        object.__setattr__(self, "pairs", tuple(sorted((d, a, b) for (a, b), d in seen.items())))
        object.__setattr__(self, "nearest", tuple(nearest))

    @classmethod
    def build(cls, bounds: Box, badges: Sequence[tuple[float, float, float]], lands: Sequence[Sequence[str]],
              names: Sequence[str], labels: Sequence[tuple[float, float] | None] = ()) -> Drawing:
        """A drawing from plain data: the view box, each territory's badge (x, y, r), land paths, name and the
        point where the board puts its name (None: next to its badge)."""
        return cls(bounds, tuple(Badge(*b) for b in badges), tuple(Land.from_paths(p) for p in lands),
                   tuple(names), tuple(labels) or (None,) * len(badges))

    def spacing(self, share: float) -> float:
        """The distance between badge centres that all but ``share`` of the territories have to their nearest
        neighbour at least (a low quantile of the nearest distances).

        >>> d = Drawing.build(Box(0, 0, 100, 10), [(0, 0, 1), (10, 0, 1), (40, 0, 1), (80, 0, 1)], [[]] * 4, "abcd")
        >>> d.spacing(0), d.spacing(0.5)
        (10.0, 30.0)
        """
        ordered = sorted(self.nearest)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
