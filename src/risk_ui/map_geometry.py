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
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]
Ring = tuple[Point, ...]

CURVE_STEPS = 8  # a curve of a land's outline is followed as this many straight pieces


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
# SVG path data to polygons

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def path_rings(d: str) -> list[Ring]:
    """The closed outlines of SVG path data, curves followed in :data:`CURVE_STEPS` straight pieces (every
    command of SVG 1.1, absolute and relative; an arc is followed as a straight line to its end, enough for
    where a finger lands).

    >>> path_rings("M0 0l10 0 0 10z M20 20H30V30")
    [((0.0, 0.0), (10.0, 0.0), (10.0, 10.0)), ((20.0, 20.0), (30.0, 20.0), (30.0, 30.0))]
    >>> len(path_rings("M0 0C0 10 10 10 10 0z")[0])
    9
    """
    rings: list[Ring] = []
    ring: list[Point] = []
    x = y = 0.0
    last_control: Point | None = None  # the previous curve's second control point (for S and T)
    last_kind = ""
    command = ""
    numbers: list[float] = []
    tokens = _TOKEN.findall(d)
    i = 0

    def close() -> None:
        nonlocal ring
        if len(ring) >= 2:
            rings.append(tuple(ring))
        ring = []

    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            command = token
            i += 1
            if command in "zZ":
                if ring:
                    x, y = ring[0]
                close()
                last_control, last_kind = None, ""
                continue
        elif not command:
            i += 1  # numbers before any command: malformed, skipped
            continue
        lower = command.lower()
        arity = _ARITY[lower]
        numbers = []
        while len(numbers) < arity and i < len(tokens) and not tokens[i].isalpha():
            numbers.append(float(tokens[i]))
            i += 1
        if len(numbers) < arity:
            break
        dx, dy = (x, y) if command.islower() else (0.0, 0.0)
        if lower == "m":
            close()
            x, y = dx + numbers[0], dy + numbers[1]
            ring = [(x, y)]
            command = "l" if command == "m" else "L"  # further pairs are lines
            last_control, last_kind = None, ""
            continue
        if not ring:
            ring = [(x, y)]
        if lower == "l":
            x, y = dx + numbers[0], dy + numbers[1]
            ring.append((x, y))
        elif lower == "h":
            x = dx + numbers[0]
            ring.append((x, y))
        elif lower == "v":
            y = (y if command.islower() else 0.0) + numbers[0]
            ring.append((x, y))
        elif lower == "a":
            x, y = dx + numbers[5], dy + numbers[6]
            ring.append((x, y))
        else:
            start = (x, y)
            if lower == "c":
                c1, c2, end = (dx + numbers[0], dy + numbers[1]), (dx + numbers[2], dy + numbers[3]), \
                    (dx + numbers[4], dy + numbers[5])
            elif lower == "s":
                c1 = _reflect(last_control, start) if last_kind == "c" else start
                c2, end = (dx + numbers[0], dy + numbers[1]), (dx + numbers[2], dy + numbers[3])
            elif lower == "q":
                c1 = (dx + numbers[0], dy + numbers[1])
                c2, end = c1, (dx + numbers[2], dy + numbers[3])
            else:  # t
                c1 = _reflect(last_control, start) if last_kind == "q" else start
                c2, end = c1, (dx + numbers[0], dy + numbers[1])
            quadratic = lower in "qt"
            for step in range(1, CURVE_STEPS + 1):
                ring.append(_bezier(start, c1, c2, end, step / CURVE_STEPS, quadratic))
            x, y = end
            last_control, last_kind = (c1 if quadratic else c2), ("q" if quadratic else "c")
            continue
        last_control, last_kind = None, ""
    close()
    return rings


def _reflect(control: Point | None, about: Point) -> Point:
    if control is None:
        return about
    return 2 * about[0] - control[0], 2 * about[1] - control[1]


def _bezier(p0: Point, c1: Point, c2: Point, p1: Point, t: float, quadratic: bool) -> Point:
    u = 1 - t
    if quadratic:
        return (u * u * p0[0] + 2 * u * t * c1[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c1[1] + t * t * p1[1])
    return (u ** 3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t ** 3 * p1[0],
            u ** 3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t ** 3 * p1[1])


def path_box(d: str) -> Box:
    """The bounding box of SVG path data (curves as followed by :func:`path_rings`).

    >>> path_box("M10 10l5 0 0 5z M0 0h2v3")
    Box(x=0.0, y=0.0, w=15.0, h=15.0)
    """
    points = [p for ring in path_rings(d) for p in ring]
    if not points:
        return Box(0, 0, 0, 0)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


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
        if not (b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h):
            return False
        inside = False
        for ring in self.rings:
            ax, ay = ring[-1]
            for bx, by in ring:
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
                ax, ay = bx, by
        return inside

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
    # The closest pairs of badges, (distance between centres, a, b), each territory's few nearest, nearest first.
    pairs: tuple[tuple[float, int, int], ...] = field(init=False)
    # Each territory's distance to its nearest other badge (centre to centre).
    nearest: tuple[float, ...] = field(init=False)

    def __post_init__(self) -> None:
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
              names: Sequence[str]) -> Drawing:
        """A drawing from plain data: the view box, each territory's badge (x, y, r), land paths and name."""
        return cls(bounds, tuple(Badge(*b) for b in badges), tuple(Land.from_paths(p) for p in lands),
                   tuple(names))

    def spacing(self, share: float) -> float:
        """The distance between badge centres that all but ``share`` of the territories have to their nearest
        neighbour at least (a low quantile of the nearest distances).

        >>> d = Drawing.build(Box(0, 0, 100, 10), [(0, 0, 1), (10, 0, 1), (40, 0, 1), (80, 0, 1)], [[]] * 4, "abcd")
        >>> d.spacing(0), d.spacing(0.5)
        (10.0, 30.0)
        """
        ordered = sorted(self.nearest)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
