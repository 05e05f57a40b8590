"""The map's zoom and pan, where a tap goes, and where a territory's name fits: pure geometry.

The map is an SVG whose ``viewBox`` the page moves: :class:`Viewport` holds the map's own box (its bounds),
the size of the element on screen (CSS pixels) and the part of the map in view, always of the element's
shape so nothing is letterboxed once zoomed. Zooming keeps the point under the finger or the wheel where
it is; panning never lets the map leave the screen. Everything is worked out from the board's drawing (the
badges' centres, each land's bounding box), never from one map's territory ids, so any board works.

>>> v = Viewport(Box(0, 0, 1000, 500), 500, 250)
>>> v.scale, v.zoom
(0.5, 1.0)
>>> w = v.zoom_at(2, 250, 125)
>>> w.zoom, w.view
(2.0, Box(x=250.0, y=125.0, w=500.0, h=250.0))
>>> w.to_user(0, 0)
(250.0, 125.0)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

MAX_ZOOM = 8.0  # at most 8 times the whole map's size: the smallest territory is then large on a phone
WHEEL_RATE = 0.0015  # zoom factor per wheel pixel: exp(-deltaY * rate), a notch of 100 px is about x1.16
BUTTON_STEP = 1.6  # the + and - buttons and keys
PAN_STEP = 0.15  # a pan key moves the view by this share of its width or height
TAP_ZOOM = 2.5  # an ambiguous tap zooms in by this much around it
LABEL_PX = 11.0  # a territory's name is drawn this size on screen, whatever the zoom
CHAR_PX = 6.2  # about how wide one character of the name is at that size
LABEL_MARGIN_PX = 6.0


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


@dataclass(frozen=True, slots=True)
class Viewport:
    """The part of the map in view (``view``, of the element's shape) on an element of ``width`` x ``height``."""

    bounds: Box
    width: float
    height: float
    view: Box | None = None  # None: the whole map (fit)

    def __post_init__(self) -> None:
        if self.view is None:
            object.__setattr__(self, "view", self.fit_box())

    @property
    def box(self) -> Box:
        """The view (never None after construction)."""
        assert self.view is not None
        return self.view

    def fit_box(self) -> Box:
        """The smallest box of the element's shape that holds the whole map, centred on it."""
        b = self.bounds
        aspect = self.width / self.height if self.width > 0 and self.height > 0 else b.w / b.h
        w, h = (b.w, b.w / aspect) if b.w / b.h >= aspect else (b.h * aspect, b.h)
        return Box(b.x + (b.w - w) / 2, b.y + (b.h - h) / 2, w, h)

    @property
    def scale(self) -> float:
        """Screen pixels per map unit."""
        return self.width / self.box.w if self.width > 0 else 1.0

    @property
    def zoom(self) -> float:
        """How many times larger than the whole map the view shows it (1 at fit)."""
        return self.fit_box().w / self.box.w

    def fit(self) -> Viewport:
        """The whole map in view."""
        return replace(self, view=self.fit_box())

    def resized(self, width: float, height: float) -> Viewport:
        """The element changed size: same zoom and centre, the new shape."""
        if width <= 0 or height <= 0:
            return self
        zoom, box = self.zoom, self.box
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        fresh = replace(self, width=width, height=height, view=None)
        fit = fresh.fit_box()
        w, h = fit.w / zoom, fit.h / zoom
        return fresh._clamped(Box(cx - w / 2, cy - h / 2, w, h))

    def to_user(self, px: float, py: float) -> tuple[float, float]:
        """A point of the element (CSS pixels from its top left) in map units."""
        box, s = self.box, self.scale
        return box.x + px / s, box.y + py / s

    def to_screen(self, ux: float, uy: float) -> tuple[float, float]:
        """A point of the map in CSS pixels from the element's top left."""
        box, s = self.box, self.scale
        return (ux - box.x) * s, (uy - box.y) * s

    def zoom_at(self, factor: float, px: float, py: float) -> Viewport:
        """Zoom by ``factor`` keeping the map point under (px, py) where it is (within 1x to MAX_ZOOM)."""
        target = min(MAX_ZOOM, max(1.0, self.zoom * factor))
        ux, uy = self.to_user(px, py)
        fit = self.fit_box()
        w, h = fit.w / target, fit.h / target
        return self._clamped(Box(ux - px / self.width * w, uy - py / self.height * h, w, h))

    def zoom_centre(self, factor: float) -> Viewport:
        """Zoom about the middle of the element (buttons, keys)."""
        return self.zoom_at(factor, self.width / 2, self.height / 2)

    def pan(self, dx_px: float, dy_px: float) -> Viewport:
        """Move the map by (dx, dy) screen pixels (a drag to the right shows what lies to the left)."""
        box, s = self.box, self.scale
        return self._clamped(Box(box.x - dx_px / s, box.y - dy_px / s, box.w, box.h))

    def pan_step(self, dx: int, dy: int) -> Viewport:
        """A pan key: the view moves a share of its size (dx, dy in -1, 0, 1; +1 shows more to the right)."""
        return self.pan(-dx * self.width * PAN_STEP, -dy * self.height * PAN_STEP)

    def centre_on(self, ux: float, uy: float) -> Viewport:
        """The same zoom with the map point (ux, uy) in the middle (as far as the edges allow)."""
        box = self.box
        return self._clamped(Box(ux - box.w / 2, uy - box.h / 2, box.w, box.h))

    def _clamped(self, box: Box) -> Viewport:
        """The view kept over the map: centred where it is larger than the map, else within it."""
        b = self.bounds

        def within(start: float, size: float, low: float, extent: float) -> float:
            if size >= extent:
                return low + (extent - size) / 2
            return min(max(start, low), low + extent - size)

        return replace(self, view=Box(within(box.x, box.w, b.x, b.w), within(box.y, box.h, b.y, b.h), box.w, box.h))


# ------------------------------------------------------------------------------------------------
# Taps

@dataclass(frozen=True, slots=True)
class Tap:
    """What a tap does: select a territory, zoom in around the tap, or nothing."""

    kind: str  # "select", "zoom" or "none"
    territory: int = -1


BADGE_SLACK_PX = 4.0  # a tap this close to a badge's edge still counts as on it
MIN_BADGE_PX = 8.0  # a badge smaller than this on screen is treated as this large
NEAR_PX = 8.0  # a tap with another territory this close is ambiguous where territories are small
REACH_PX = 24.0  # a tap on the sea goes to a territory within this distance


def resolve_tap(
    viewport: Viewport,
    px: float,
    py: float,
    hit: int,
    badges: Mapping[int, tuple[float, float, float]],
    around: Sequence[tuple[float, int]],
) -> Tap:
    """Where a tap at (px, py) of the element goes, on a touch screen where a finger covers several pixels.

    ``hit``: the territory under the tap's centre (-1: the sea); ``badges``: each territory's army badge
    (centre and radius, map units); ``around``: territories found at points around the tap, as (distance in
    screen pixels, territory or -1).

    - on or next to a territory's badge (where its name and armies show): that territory;
    - on land with no other territory within :data:`NEAR_PX`: that territory; with one, the map zooms in
      there (while it can), so the next tap is clear;
    - on the sea: the nearest territory within :data:`REACH_PX` (zoom in when two are as near).

    >>> v = Viewport(Box(0, 0, 100, 100), 100, 100)
    >>> resolve_tap(v, 10, 10, -1, {0: (10, 10, 3), 1: (50, 50, 3)}, [])
    Tap(kind='select', territory=0)
    >>> resolve_tap(v, 30, 30, 0, {0: (10, 10, 3), 1: (50, 50, 3)}, [(8, 1)])
    Tap(kind='zoom', territory=-1)
    """
    scale = viewport.scale
    best, best_gap = -1, math.inf
    for territory, (bx, by, br) in badges.items():
        sx, sy = viewport.to_screen(bx, by)
        gap = math.hypot(sx - px, sy - py) - max(br * scale, MIN_BADGE_PX / 2)
        if gap < best_gap:
            best, best_gap = territory, gap
    if best >= 0 and best_gap <= BADGE_SLACK_PX:
        return Tap("select", best)
    can_zoom = viewport.zoom < MAX_ZOOM - 1e-9
    if hit >= 0:
        near = {t for distance, t in around if distance <= NEAR_PX and t >= 0}
        if near - {hit} and can_zoom:
            return Tap("zoom")
        return Tap("select", hit)
    for radius in sorted({distance for distance, _ in around if distance <= REACH_PX}):
        found = [t for distance, t in around if distance == radius and t >= 0]
        if not found:
            continue
        counts = {t: found.count(t) for t in found}
        top = max(counts.values())
        leaders = sorted(t for t, n in counts.items() if n == top)
        if len(counts) > 1 and can_zoom:
            return Tap("zoom")
        return Tap("select", leaders[0])
    return Tap("none")


def ring(radii: Sequence[float] = (NEAR_PX, 16.0, REACH_PX), points: int = 8) -> list[tuple[float, float, float]]:
    """Offsets (distance, dx, dy) around a tap at which the page looks for territories.

    >>> len(ring()), ring()[0]
    (24, (8.0, 8.0, 0.0))
    """
    found = []
    for radius in radii:
        for i in range(points):
            angle = 2 * math.pi * i / points
            found.append((float(radius), round(radius * math.cos(angle), 3), round(radius * math.sin(angle), 3)))
    return found


# ------------------------------------------------------------------------------------------------
# Names on the map

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def path_box(d: str) -> Box:
    """The bounding box of SVG path data (control points included: a box that holds the shape).

    >>> path_box("M10 10l5 0 0 5z M0 0h2v3")
    Box(x=0.0, y=0.0, w=15.0, h=15.0)
    """
    xs: list[float] = []
    ys: list[float] = []
    x = y = start_x = start_y = 0.0
    command = ""
    args: list[float] = []

    def flush() -> None:
        nonlocal x, y, start_x, start_y, command
        lower = command.lower()
        arity = _ARITY.get(lower, 0)
        relative = command.islower()
        first = True
        while arity and len(args) >= arity:
            chunk = [args.pop(0) for _ in range(arity)]
            bx, by = (x, y) if relative else (0.0, 0.0)
            if lower == "h":
                x = bx + chunk[0] if relative else chunk[0]
            elif lower == "v":
                y = by + chunk[0] if relative else chunk[0]
            elif lower == "a":
                x, y = bx + chunk[5], by + chunk[6]
            else:
                for i in range(0, arity - 2, 2):
                    xs.append(bx + chunk[i])
                    ys.append(by + chunk[i + 1])
                x, y = bx + chunk[-2], by + chunk[-1]
            if lower == "m" and first:
                start_x, start_y = x, y
                command = "l" if relative else "L"  # further pairs after a move are lines
                lower = "l"
            first = False
            xs.append(x)
            ys.append(y)

    for token in _TOKEN.findall(d):
        if token.isalpha():
            flush()
            command = token
            args.clear()
            if token in "zZ":
                x, y = start_x, start_y
        else:
            args.append(float(token))
            if command and len(args) >= _ARITY.get(command.lower(), 99):
                flush()
    flush()
    if not xs:
        return Box(0, 0, 0, 0)
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def label_scale(name: str, land: Box) -> float:
    """The map scale (screen pixels per unit) from which a territory's name fits inside its land.

    >>> label_scale("Peru", Box(0, 0, 50, 40)) < label_scale("Eastern United States", Box(0, 0, 50, 40))
    True
    """
    wide = (len(name) * CHAR_PX + LABEL_MARGIN_PX) / max(land.w, 1e-6)
    tall = (LABEL_PX * 3) / max(land.h, 1e-6)  # the badge and a line of text under it
    return max(wide, tall)
