"""The map's zoom and pan, where a tap goes, where the names go, and the zoom a phone opens at: pure geometry.

The map is an SVG whose ``viewBox`` the page moves: :class:`Viewport` holds the map's own box (its bounds),
the size of the element on screen (CSS pixels) and the part of the map in view, always of the element's
shape so nothing is letterboxed once zoomed. Zooming keeps the point under the finger or the wheel where
it is; panning never lets the map leave the screen. Everything is worked out from the board's drawing
(:class:`~risk_ui.map_geometry.Drawing`: the badges' centres, each land's outline), never from one map's
territory ids, so any board works.

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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain, islice

from risk_ui.map_geometry import Box, Drawing, parse_box

__all__ = ["Box", "Drawing", "parse_box"]  # the map's box and its reader, for the page's wiring

MAX_ZOOM = 8.0  # at most 8 times the whole map's size: the smallest territory is then large on a phone
WHEEL_RATE = 0.0015  # zoom factor per wheel pixel: exp(-deltaY * rate), a notch of 100 px is about x1.16
BUTTON_STEP = 1.6  # the + and - buttons and keys
PAN_STEP = 0.15  # a pan key moves the view by this share of its width or height


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

    def at_scale(self, scale: float, ux: float, uy: float) -> Viewport:
        """The view at ``scale`` screen pixels per map unit (within 1x to MAX_ZOOM of the whole map) centred on the
        map point (ux, uy) as far as the edges allow."""
        fit = self.fit_box()
        w = min(fit.w, max(fit.w / MAX_ZOOM, self.width / scale)) if self.width > 0 else fit.w
        h = w * fit.h / fit.w
        return self._clamped(Box(ux - w / 2, uy - h / 2, w, h))

    def _clamped(self, box: Box) -> Viewport:
        """The view kept over the map: centred where it is larger than the map, else within it."""
        b = self.bounds

        def within(start: float, size: float, low: float, extent: float) -> float:
            if size >= extent:
                return low + (extent - size) / 2
            return min(max(start, low), low + extent - size)

        return replace(self, view=Box(within(box.x, box.w, b.x, b.w), within(box.y, box.h, b.y, b.h), box.w, box.h))


# ------------------------------------------------------------------------------------------------
# Badges and the zoom a page opens at

BADGE_PX = 20.0  # an army badge is drawn at least this wide on screen (its number then 11 px), room allowing
BADGE_GAP_PX = 2.0  # ... and never closer than this to its nearest neighbour's
# The room between neighbouring badges on screen (all but SPACING_SHARE of the territories have it to their
# nearest): the whole map shows where it gives at least WHOLE_SPACING_PX (a tap 10 px off a badge is then a few
# px nearer it than its neighbour's, or asks), else the page opens closer in, at ZOOMED_SPACING_PX (a tap 10 px
# off a badge is then 12 px nearer it, and most names have room beside their badge).
WHOLE_SPACING_PX = 18.0
CLOSEST_WHOLE_PX = 18.0  # ... and the closest two at least this far apart, else the map opens closer in
ZOOMED_SPACING_PX = 32.0
SPACING_SHARE = 0.1
FOCUS_MARGIN_PX = 28.0  # a territory counts as in view, for the opening view, this far inside the element


def badge_factor(drawing: Drawing, scale: float) -> float:
    """How many times its drawn size each badge is shown at ``scale`` (screen px per map unit): enough for
    :data:`BADGE_PX` across, as far as the closest neighbours leave :data:`BADGE_GAP_PX` between them; never
    smaller than drawn.

    >>> d = Drawing.build(Box(0, 0, 100, 100), [(10, 10, 5), (50, 10, 5)], [[], []], ["a", "b"])
    >>> badge_factor(d, 1.0), badge_factor(d, 4.0), round(badge_factor(d, 0.5), 2)
    (2.0, 1.0, 3.6)
    """
    if not drawing.badges or scale <= 0:
        return 1.0
    smallest = min(b.r for b in drawing.badges)
    want = BADGE_PX / (2 * smallest * scale)
    for distance, a, b in drawing.pairs:
        room = (distance * scale - BADGE_GAP_PX) / ((drawing.badges[a].r + drawing.badges[b].r) * scale)
        want = min(want, room)
    return max(1.0, want)


def opening_scale(drawing: Drawing, width: float, height: float) -> float:
    """The scale (screen px per map unit) a map opens at on an element of ``width`` x ``height``: the whole
    map where its badges are far enough apart on screen for a finger (:data:`WHOLE_SPACING_PX` between
    nearest neighbours, for all but :data:`SPACING_SHARE` of the territories), else closer in, with
    :data:`ZOOMED_SPACING_PX` between them, and then never with sea beyond the map's edges (the view fills the
    element).

    >>> d = Drawing.build(Box(0, 0, 1000, 500), [(50 * i, 50, 9) for i in range(10)], [[]] * 10, "abcdefghij")
    >>> opening_scale(d, 1000, 500), opening_scale(d, 200, 400)
    (1.0, 0.8)
    """
    b = drawing.bounds
    if width <= 0 or height <= 0:
        return 1.0
    fit = min(width / b.w, height / b.h)
    spacing = max(drawing.spacing(SPACING_SHARE), 1e-6)
    # The whole map only where the closest two badges too leave a finger room (a generated world may set a
    # few of its badges closer than a printed board does: a tap beside one would then reach the other).
    if spacing * fit >= WHOLE_SPACING_PX and drawing.spacing(0) * fit >= CLOSEST_WHOLE_PX:
        return fit
    wanted = ZOOMED_SPACING_PX / spacing
    cover = max(width / b.w, height / b.h)
    return min(fit * MAX_ZOOM, max(wanted, cover))


def opening_view(viewport: Viewport, drawing: Drawing, focus: Iterable[int]) -> Viewport:
    """The view a map opens at: :func:`opening_scale`, placed to show as many of the ``focus`` territories
    (the player's, or what they can act on) as it can, centred among them; the middle of the map without.

    >>> d = Drawing.build(Box(0, 0, 1000, 500), [(50 * i, 50, 9) for i in range(10)], [[]] * 10, "abcdefghij")
    >>> opening_view(Viewport(d.bounds, 200, 400), d, [8, 9]).box
    Box(x=300.0, y=0.0, w=250.0, h=500.0)
    """
    scale = opening_scale(drawing, viewport.width, viewport.height)
    b = drawing.bounds
    points = [(drawing.badges[t].x, drawing.badges[t].y) for t in focus if 0 <= t < len(drawing.badges)]
    middle = viewport.at_scale(scale, b.x + b.w / 2, b.y + b.h / 2)
    if not points:
        return middle
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    margin = FOCUS_MARGIN_PX / middle.scale
    best, best_key = middle, (-1, 0.0)
    for x, y in [(cx, cy), *points]:
        view = viewport.at_scale(scale, x, y)
        box = view.box
        inside = [(px, py) for px, py in points
                  if box.x + margin <= px <= box.x + box.w - margin and box.y + margin <= py <= box.y + box.h - margin]
        mx, my = box.x + box.w / 2, box.y + box.h / 2
        key = (len(inside), -sum(math.hypot(px - mx, py - my) for px, py in inside))
        if key > best_key:
            best, best_key = view, key
    return best


# ------------------------------------------------------------------------------------------------
# Taps

@dataclass(frozen=True, slots=True)
class Tap:
    """What a tap does: select a territory, ask which of a few it meant (``choices``), or nothing."""

    kind: str  # "select", "choose" or "none"
    territory: int = -1
    choices: tuple[int, ...] = ()


BADGE_SLACK_PX = 8.0  # a tap this far beyond a badge's edge is still on it (a finger is wider than the tap's point)
CLEAR_PX = 4.0  # one territory is the tap's, not another's, when it is nearer by this much
BORDER_PX = 3.0  # a tap on land this close to another territory's land could be either
REACH_PX = 24.0  # a tap on the sea goes to a land this close
MAX_CHOICES = 4


def resolve_tap(viewport: Viewport, drawing: Drawing, px: float, py: float, factor: float = 1.0) -> Tap:
    """Where a finger's tap at (px, py) of the element goes: to the territory whose badge or land is
    nearest, and never silently to a neighbour (where two are as near, the player is asked: ``choose``).

    - on or next to badges (within :data:`BADGE_SLACK_PX` of their edge; badges drawn ``factor`` times their
      size): the one on whose badge it is, or the nearest by :data:`CLEAR_PX` or more; else a choice;
    - else on land: that territory, unless another's land is within :data:`BORDER_PX` (a choice);
    - else on the sea: the nearest land within :data:`REACH_PX` (a choice when two are as near).

    >>> d = Drawing.build(Box(0, 0, 200, 50), [(20, 25, 5), (45, 25, 5), (80, 25, 5)],
    ...                   [["M0 0h30v50h-30z"], ["M30 0h40v50h-40z"], ["M75 10h10v30h-10z"]], "abc")
    >>> v = Viewport(d.bounds, 200, 50)
    >>> resolve_tap(v, d, 27, 25)  # 2 px off badge a's edge, 13 px off b's
    Tap(kind='select', territory=0, choices=())
    >>> resolve_tap(v, d, 32, 25)  # as near both badges
    Tap(kind='choose', territory=-1, choices=(0, 1))
    >>> resolve_tap(v, d, 31, 5), resolve_tap(v, d, 71, 48)  # on b's land next to a's; on the sea, b's nearest
    (Tap(kind='choose', territory=-1, choices=(1, 0)), Tap(kind='select', territory=1, choices=()))
    >>> resolve_tap(v, d, 150, 25).kind
    'none'
    """
    scale = viewport.scale
    ux, uy = viewport.to_user(px, py)
    # The badges the tap is on or next to, nearest (by the gap to their edge, in screen px) first.
    near: list[tuple[float, int]] = []
    for t, badge in enumerate(drawing.badges):
        gap = math.hypot(badge.x - ux, badge.y - uy) * scale - badge.r * factor * scale
        if gap <= BADGE_SLACK_PX:
            near.append((gap, t))
    near.sort()
    if near:
        gap, first = near[0]
        if gap <= 0 or len(near) == 1 or near[1][0] - gap >= CLEAR_PX:
            return Tap("select", first)
        return Tap("choose", choices=tuple(t for g, t in near if g - gap < CLEAR_PX)[:MAX_CHOICES])
    # Lands within reach, nearest first (0: the tap is on it).
    reach = REACH_PX / scale
    lands: list[tuple[float, int]] = []
    for t, land in enumerate(drawing.lands):
        if land.rings and land.box_distance(ux, uy) <= reach:
            distance = land.distance(ux, uy)
            if distance <= reach:
                lands.append((distance * scale, t))
    lands.sort()
    if not lands:
        return Tap("none")
    distance, first = lands[0]
    margin = BORDER_PX if distance == 0 else CLEAR_PX
    close = [t for d, t in lands if d - distance < margin][:MAX_CHOICES]
    if len(close) == 1:
        return Tap("select", first)
    return Tap("choose", choices=tuple(close))


# ------------------------------------------------------------------------------------------------
# Names on the map

LABEL_PX = 11.0  # a territory's name is drawn this size on screen, whatever the zoom
LINE_PX = 13.0  # one line of a name, from its top to the next line's
CHAR_PX = 6.6  # how wide one character of a name is at that size, at most (the page measures the real widths)
LABEL_GAP_PX = 2.0  # between a name and its badge, another name, or the element's edge
_CELL_PX = 64.0  # the grid in which names and badges are looked up when a name looks for room
ROOMY = 4  # a name with this many places to go has room: the names with fewer are placed first


@dataclass(frozen=True, slots=True)
class Label:
    """Where a territory's name goes on screen: its lines, and the point its first line hangs from (CSS px
    from the element's top left), the text anchored at its start, middle or end."""

    x: float
    y: float
    anchor: str
    lines: tuple[str, ...]


def name_lines(name: str) -> list[tuple[str, ...]]:
    """A name on one line, on two (cut at the space nearest its middle) if it has a space, and on three if it
    has three words or more.

    >>> name_lines("Northwest Territory"), name_lines("Peru")
    ([('Northwest Territory',), ('Northwest', 'Territory')], [('Peru',)])
    >>> name_lines("Eastern United States")[1:]
    [('Eastern', 'United States'), ('Eastern', 'United', 'States')]
    """
    words = name.split()
    if len(words) < 2:
        return [(name,)]
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    found = [(name,), (" ".join(words[:cut]), " ".join(words[cut:]))]
    if len(words) >= 3:  # three lines, the words shared out as evenly as they go
        best = min(((i, j) for i in range(1, len(words) - 1) for j in range(i + 1, len(words))),
                   key=lambda c: max(len(" ".join(words[:c[0]])), len(" ".join(words[c[0]:c[1]])),
                                     len(" ".join(words[c[1]:]))))
        found.append((" ".join(words[:best[0]]), " ".join(words[best[0]:best[1]]), " ".join(words[best[1]:])))
    return found


Rect = tuple[float, float, float, float]  # left, top, right, bottom (CSS px)


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _hits_disc(rect: Rect, cx: float, cy: float, r: float) -> bool:
    nx, ny = min(max(cx, rect[0]), rect[2]), min(max(cy, rect[1]), rect[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


class _Grid:
    """Rectangles and discs on screen, each with its owner, found by the cells they cover: a territory's badge
    is owned by its index t, its name by ``-3 - t``, the parts over the map by -1."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[int, Rect | tuple[float, float, float]]]] = {}

    @staticmethod
    def _keys(rect: Rect) -> Iterable[tuple[int, int]]:
        for i in range(int(rect[0] // _CELL_PX), int(rect[2] // _CELL_PX) + 1):
            for j in range(int(rect[1] // _CELL_PX), int(rect[3] // _CELL_PX) + 1):
                yield i, j

    def add_rect(self, owner: int, rect: Rect) -> None:
        for key in self._keys(rect):
            self.cells.setdefault(key, []).append((owner, rect))

    def remove_rect(self, owner: int, rect: Rect) -> None:
        for key in self._keys(rect):
            self.cells[key] = [item for item in self.cells[key] if item[0] != owner]

    def add_disc(self, owner: int, cx: float, cy: float, r: float) -> None:
        for key in self._keys((cx - r, cy - r, cx + r, cy + r)):
            self.cells.setdefault(key, []).append((owner, (cx, cy, r)))

    def in_the_way(self, rect: Rect, owner: int) -> Iterator[int]:
        """The owners of what ``rect`` overlaps, but for ``owner``'s own badge."""
        for key in self._keys(rect):
            for who, shape in self.cells.get(key, ()):
                if who == owner:
                    continue
                if len(shape) == 4:
                    if _overlaps(rect, shape):
                        yield who
                elif _hits_disc(rect, *shape):
                    yield who

    def free(self, rect: Rect, owner: int) -> bool:
        return next(iter(self.in_the_way(rect, owner)), None) is None


def _candidates(cx: float, cy: float, r: float, width: float, lines: int,
                room: float) -> list[tuple[Rect, float, float, str]]:
    """Where a name of ``lines`` lines, ``width`` px wide, may go around a badge at (cx, cy) of radius r on an
    element ``room`` px wide: (its box, the anchor point, the anchor), best first: under the badge (centred,
    shifted a third of its width either way, or as far as the element's edge lets it while still under the
    badge), beside it (level with it, then higher or lower), over it, at its lower corners."""
    height = lines * LINE_PX
    gap = LABEL_GAP_PX
    under = cy + r + gap
    over = cy - r * 1.6 - gap - height  # clear of the owner's mark at the badge's top right
    right, left = cx + r * 1.9 + gap, cx - r * 1.4 - gap  # clear of the marks beside the badge
    # Under or over the badge, pushed in from the element's edge as far as the name still spans the badge.
    inside = min(max(cx - width / 2, gap), room - gap - width)
    pushed = min(max(inside, cx - width + r), cx - r) + width / 2
    found: list[tuple[Rect, float, float, str]] = []
    for top in (under, over):
        for x in dict.fromkeys((cx, cx + width / 3, cx - width / 3, pushed)):
            found.append(((x - width / 2, top, x + width / 2, top + height), x, top, "middle"))
        if top == under:
            for side in (cy - height / 2, cy - r, cy + r - height):
                found.append(((right, side, right + width, side + height), right, side, "start"))
                found.append(((left - width, side, left, side + height), left, side, "end"))
    corner = cy + r * 0.7 + gap
    found.append(((cx + r * 0.7, corner, cx + r * 0.7 + width, corner + height), cx + r * 0.7, corner, "start"))
    found.append(((cx - r * 0.7 - width, corner, cx - r * 0.7, corner + height), cx - r * 0.7, corner, "end"))
    return found


def layout_names(viewport: Viewport, drawing: Drawing, factor: float, widths: Sequence[float],
                 first: Sequence[int] = (), blocked: Sequence[Rect] = ()) -> dict[int, Label]:
    """Where the names of the territories in view go: next to their badge, clear of every badge, of each
    other, of the ``blocked`` parts of the element (the buttons over the map) and of its edges: at the board's
    own point for it where it gives one with room, else round its badge, on two or three lines where one has no
    room. ``widths``: each whole name's width on screen (px at :data:`LABEL_PX`);
    ``first``: the names placed before any other (the pointed or chosen). Then the names the board places, then
    those with the fewest places; one left without room then takes the place of a name that can move elsewhere.
    A name with no room is left out.

    >>> d = Drawing.build(Box(0, 0, 200, 100), [(50, 50, 5), (150, 50, 5)], [[], []], ["West", "East"])
    >>> layout_names(Viewport(d.bounds, 200, 100), d, 1.0, [30.0, 30.0])[0]
    Label(x=50.0, y=57.0, anchor='middle', lines=('West',))
    """
    scale = viewport.scale
    w, h = viewport.width, viewport.height
    edge = LABEL_GAP_PX
    grid = _Grid()
    shown: dict[int, tuple[float, float, float]] = {}
    for t, badge in enumerate(drawing.badges):
        cx, cy = viewport.to_screen(badge.x, badge.y)
        r = badge.r * factor * scale
        if -r < cx < w + r and -r < cy < h + r:
            grid.add_disc(t, cx, cy, r + LABEL_GAP_PX)
            if 0 <= cx <= w and 0 <= cy <= h:
                shown[t] = (cx, cy, r)
    for rect in blocked:
        grid.add_rect(-1, rect)

    def spots(t: int) -> Iterator[tuple[Rect, Label]]:
        """Every place on the element where territory t's name could go, best first: where the board puts it
        (on one line), then round its badge."""
        name = drawing.names[t]
        cx, cy, r = shown[t]
        point = drawing.labels[t]
        if point is not None:
            lx, ly = viewport.to_screen(*point)
            rect = (lx - widths[t] / 2, ly, lx + widths[t] / 2, ly + LINE_PX)
            if rect[0] >= edge and rect[1] >= edge and rect[2] <= w - edge and rect[3] <= h - edge:
                yield rect, Label(lx, ly, "middle", (name,))
        for lines in name_lines(name):
            line_width = max(len(line) for line in lines) / max(len(name), 1) * widths[t] + 1
            for rect, ax, ay, anchor in _candidates(cx, cy, r, line_width, len(lines), w):
                # The name is drawn at its point rounded to a tenth of a pixel: its box is checked there too (a
                # box checked where it is not drawn could reach 0.05 px into a neighbour's badge).
                dx, dy = round(ax, 1) - ax, round(ay, 1) - ay
                rect = (rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy)
                if rect[0] >= edge and rect[1] >= edge and rect[2] <= w - edge and rect[3] <= h - edge:
                    yield rect, Label(round(ax, 1), round(ay, 1), anchor, lines)

    def free_spots(t: int) -> Iterator[tuple[Rect, Label]]:
        return (spot for spot in spots(t) if grid.free(spot[0], t))

    placed: dict[int, tuple[Rect, Label]] = {}

    def put(t: int, rect: Rect, label: Label) -> None:
        placed[t] = (rect, label)
        grid.add_rect(-3 - t, (rect[0] - LABEL_GAP_PX, rect[1], rect[2] + LABEL_GAP_PX, rect[3]))

    def take(t: int) -> tuple[Rect, Label]:
        rect, label = placed.pop(t)
        grid.remove_rect(-3 - t, (rect[0] - LABEL_GAP_PX, rect[1], rect[2] + LABEL_GAP_PX, rect[3]))
        return rect, label

    # The names with the fewest places go first (counted up to a few: a name with more has room to spare).
    options: dict[int, tuple[list[tuple[Rect, Label]], Iterator[tuple[Rect, Label]]]] = {}
    for t in shown:
        room = free_spots(t)
        options[t] = (list(islice(room, ROOMY)), room)
    order = [t for t in first if t in options]
    order += sorted((t for t in options if t not in order),  # the board's own places for names before the rest
                    key=lambda t: (drawing.labels[t] is None, len(options[t][0]), t))
    for t in order:
        counted, rest = options[t]
        for rect, label in chain(counted, rest):
            if grid.free(rect, t):
                put(t, rect, label)
                break
    # A name left out takes a place where only one other name is in the way, if that one can go elsewhere.
    for t in order:
        if t in placed:
            continue
        for rect, label in spots(t):
            owners = set(grid.in_the_way(rect, t))
            if len(owners) != 1 or next(iter(owners)) > -3:
                continue
            other = -3 - next(iter(owners))
            if other in first:
                continue
            before = take(other)
            put(t, rect, label)
            moved = next(free_spots(other), None)
            if moved is not None:
                put(other, *moved)
                break
            take(t)
            put(other, *before)
    return {t: label for t, (_, label) in placed.items()}


def estimated_width(name: str) -> float:
    """How wide a name is on screen at :data:`LABEL_PX`, at most (for a page that cannot measure it)."""
    return len(name) * CHAR_PX


def in_view(viewport: Viewport, drawing: Drawing) -> list[int]:
    """The territories whose badge's centre is in view."""
    found = []
    for t, badge in enumerate(drawing.badges):
        x, y = viewport.to_screen(badge.x, badge.y)
        if 0 <= x <= viewport.width and 0 <= y <= viewport.height:
            found.append(t)
    return found


def ring_points(distance: float, points: int = 8) -> list[tuple[float, float]]:
    """Offsets (dx, dy) ``distance`` px from a point, in ``points`` directions (how the tests tap round a badge).

    >>> ring_points(10, 4)
    [(10.0, 0.0), (0.0, 10.0), (-10.0, 0.0), (-0.0, -10.0)]
    """
    return [(round(distance * math.cos(2 * math.pi * i / points), 6),
             round(distance * math.sin(2 * math.pi * i / points), 6)) for i in range(points)]
