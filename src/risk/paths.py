"""SVG path data as polygons: the one reader of a land's outline, for the board file's checks
(:mod:`risk.boardfile`: a badge inside its land) and for the page's map (where a tap lands, how far a land is).

The page reads it at start-up, so it sits apart from the board files' checks, which load only when a board
file is read.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence

CURVE_STEPS = 8  # segments a curve is flattened into for the point-in-land test

Point = tuple[float, float]
Ring = list[Point]

_TOKEN = re.compile(r"\s*,?\s*(?:([MmLlHhVvCcSsQqTtZzAa])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?))")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "z": 0}


def _tokens(d: str) -> Iterator[str | float]:
    at = 0
    end = len(d.rstrip())
    while at < end:
        match = _TOKEN.match(d, at)
        if match is None or match.end() == at:
            raise ValueError(f"the path cannot be read at character {at + 1} ({d[at:at + 12]!r})")
        at = match.end()
        yield match.group(1) if match.group(1) else float(match.group(2))


def path_rings(d: str) -> list[Ring]:
    """The closed rings of SVG path data, in absolute coordinates: M, L, H, V and Z, absolute or relative,
    with implicit repeats; C, S, Q and T flattened into short lines. Arcs (A) are refused: no board needs them,
    and a traced or generated outline never has one.

    >>> path_rings("M0 0h10v10H0z m20 0 l5 0 0 5")
    [[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)], [(20.0, 0.0), (25.0, 0.0), (25.0, 5.0)]]
    """
    rings: list[Ring] = []
    ring: Ring = []
    x = y = sx = sy = 0.0
    control: Point | None = None  # the last curve's second control point (for S and T), absolute
    command = ""
    args: list[float] = []
    tokens = list(_tokens(d))
    if tokens and not isinstance(tokens[0], str):
        raise ValueError("the path starts with a number, not a command (M)")
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if isinstance(token, str):
            command = token
            i += 1
            if command.lower() == "a":
                raise ValueError("the path has an arc (A); draw outlines with lines or curves")
            if command.lower() == "z":
                if ring:
                    rings.append(ring)
                    ring = []
                x, y = sx, sy
                control = None
                continue
            if not ring and command.lower() != "m" and not rings:
                raise ValueError(f"the path starts with {command}, not a move (M)")
            if i == len(tokens) or isinstance(tokens[i], str):
                raise ValueError(f"the command {command} has too few numbers")
            continue
        lower = command.lower()
        arity = _ARITY[lower]
        if not arity:
            raise ValueError(f"a number ({token:g}) follows {command}, which takes none")
        args = [t for t in tokens[i:i + arity] if not isinstance(t, str)]
        if len(args) < arity:
            raise ValueError(f"the command {command} has too few numbers")
        i += arity
        relative = command.islower()
        ox, oy = (x, y) if relative else (0.0, 0.0)
        if lower == "m":
            if ring:
                rings.append(ring)
            x, y = ox + args[0], oy + args[1]
            sx, sy = x, y
            ring = [(x, y)]
            command = "l" if relative else "L"  # a move's further pairs are lines
            control = None
            continue
        if not ring:  # a command after Z starts a new ring where the last one started
            ring = [(x, y)]
        if lower == "h":
            x = ox + args[0]
        elif lower == "v":
            y = oy + args[0]
        elif lower == "l":
            x, y = ox + args[0], oy + args[1]
        else:
            points = [(ox + args[k], oy + args[k + 1]) for k in range(0, arity, 2)]
            if lower in "st":  # the first control point mirrors the last curve's
                mirror = (2 * x - control[0], 2 * y - control[1]) if control else (x, y)
                points.insert(0, mirror)
            ring.extend(_bezier((x, y), points))
            control = points[-2]
            x, y = points[-1]
            continue
        control = None
        ring.append((x, y))
    if ring:
        rings.append(ring)
    return [r for r in rings if len(r) >= 3]


def _bezier(start: Point, points: Sequence[Point]) -> list[Point]:
    """A quadratic or cubic curve from ``start`` through its control points, as CURVE_STEPS points."""
    out = []
    every = (start, *points)
    for step in range(1, CURVE_STEPS + 1):
        t = step / CURVE_STEPS
        row = list(every)
        while len(row) > 1:
            row = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for a, b in itertools.pairwise(row)]
        out.append(row[0])
    return out


def inside(point: Point, rings: Sequence[Ring]) -> bool:
    """Whether ``point`` is inside the rings by the even-odd rule (a hole inside a ring is outside).

    >>> square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    >>> inside((5, 5), [square]), inside((15, 5), [square])
    (True, False)
    """
    px, py = point
    result = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                result = not result
    return result
