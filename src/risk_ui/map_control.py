"""The map's zoom, pan, names and taps in the page: the wiring of :mod:`risk_ui.viewport` to the SVG.

:class:`MapControl` owns the map's :class:`~risk_ui.viewport.Viewport` and writes it as the SVG's
``viewBox``, with ``--scale`` (the screen pixels per map unit, which keeps the names one size on screen) and
``--badge`` (how many times their drawn size the badges and the marks beside them are shown, so that they
stay large enough to read and tap). It reads the board's drawing from the SVG (each land's outline, each
badge) into a :class:`~risk_ui.map_geometry.Drawing`, from which it works out the zoom the map opens at (the
whole map where a finger can tell its badges apart, else closer in, on the player's own territories), where
a finger's tap goes (or which few territories to offer in a small chooser by the finger), and where each
name in view has room. It follows pinch (two pointers), drags, the wheel, the + / − / Fit buttons and keys.

Works on any object with the DOM's methods (the tests use the fake DOM, whose elements measure 800 x 400).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from typing import Any

from risk.board import Board
from risk_ui.map_geometry import Drawing
from risk_ui.viewport import (
    BUTTON_STEP,
    LABEL_PX,
    LINE_PX,
    WHEEL_RATE,
    Label,
    Rect,
    Tap,
    Viewport,
    badge_factor,
    estimated_width,
    layout_names,
    opening_view,
    parse_box,
    resolve_tap,
)
from risk_ui.words import MAP_CHOOSER

SVG_NS = "http://www.w3.org/2000/svg"
DRAG_PX = 6.0  # a pointer that moves further than this is dragging the map, not clicking
CLICK_AFTER_DRAG_MS = 400.0  # a click this soon after a drag or pinch ended belongs to it: ignored
TAP_CLICK_MS = 1000.0  # a click this soon after a finger lifted is that finger's tap
LINE_DELTA_PX = 16.0  # a wheel "line" (deltaMode 1) in pixels
PAGE_PX = 400.0  # a wheel "page" (deltaMode 2)
MEASURE_FONT = 100.0  # the names are measured once at this size (map units), then scaled to LABEL_PX
NAME_FONT = "600 %gpx system-ui, sans-serif"  # the names' font, as the stylesheet sets it (#names .name)
MAX_LINES = 3  # a name is written on up to three lines (risk_ui.viewport.name_lines)
CHOOSER_FINGER_PX = 24.0  # a chooser stands this far above (or below) the finger, which would hide it
CHOOSER_EDGE_PX = 4.0  # the chooser stays this far inside the map's box
BLOCK_SHARE = 0.25  # a part over the map larger than this share of it (an open legend) hides the names anyway


WIDE_MAP = 1.6  # a map this many times wider than tall goes above the actions on a wide screen, a squarer one beside


class MapControl:
    """Zoom, pan, names and taps of one board's map."""

    def __init__(self, document: Any, board: Board, territories: dict[str, Any],
                 badges: dict[str, tuple[float, float, float]], *, is_none: Callable[[Any], bool]) -> None:
        self.document = document
        self.board = board
        self._none = is_none
        self.svg = document.getElementById("board")
        self.box_element = document.getElementById("map")
        self._territories = territories
        self.badges = {board.territory_index(tid): badge for tid, badge in badges.items()}
        bounds = parse_box(str(self.svg.getAttribute("viewBox") or "0 0 1000 500"))
        self.viewport = Viewport(bounds, 0, 0)
        self.drawing = Drawing.build(bounds, [(0.0, 0.0, 9.0)] * board.size, [[]] * board.size,
                                     [t.name for t in board.territories])
        self._labels: dict[int, tuple[Any, list[Any]]] = {}  # territory -> (<text class="name">, its lines)
        self._widths: list[float] = [estimated_width(t.name) for t in board.territories]
        self._placed: dict[int, Label] = {}  # the names shown now, where
        self._placed_box = ""  # the view they were written for
        self._pointed = -1  # the territory under the pointer or with the focus: its name goes first
        self._marked: frozenset[int] = frozenset()  # territories chosen for an attack or move: names first
        self._blocked: list[Rect] = []  # the buttons and legend over the map, in the element's pixels
        self._pointers: dict[int, tuple[float, float]] = {}
        self._gesture_moved = False
        self._drag_ended_at = -1e9
        self._rect: tuple[float, float] = (0.0, 0.0)  # the element's top left on the screen, at the gesture
        self._written = ""
        self._factor = 1.0
        self._laid = ""  # the view the names were laid out for
        self._opening = True  # the view is the one the map opens at (it follows the element's size) until moved
        self._focus: list[int] = []  # the territories the opening view shows
        self._moment: object = None  # what the opening view was last chosen for (see follow)
        self._chooser: Any = None
        self._lifted = (0.0, 0.0, -1e9)  # where and when a finger last lifted without moving the map
        self._pressed_at = -1e9  # when a finger or the mouse last went down or lifted on the map

    # -- building ---------------------------------------------------------------------------------

    def mount(self) -> None:
        """Read the drawing; names over the lands; the map's box takes the map's shape; the opening view."""
        doc = self.document
        layer = doc.createElementNS(SVG_NS, "g")  # above every land, so no neighbour covers a name
        layer.setAttribute("id", "names")
        layer.setAttribute("aria-hidden", "true")
        self.svg.appendChild(layer)
        lands: list[list[str]] = [[] for _ in self.board.territories]
        points: list[tuple[float, float] | None] = [None] * self.board.size
        for tid, g in self._territories.items():
            index = self.board.territory_index(tid)
            lands[index] = [str(land.getAttribute("d") or "") for land in g.querySelectorAll(".land")]
            points[index] = _label_point(str(g.getAttribute("data-label") or ""))
            text = doc.createElementNS(SVG_NS, "text")
            text.setAttribute("class", "name")
            text.setAttribute("data-name-of", tid)
            lines = []
            for _ in range(MAX_LINES):
                line = doc.createElementNS(SVG_NS, "tspan")
                text.appendChild(line)
                lines.append(line)
            lines[0].textContent = self.board.territories[index].name
            layer.appendChild(text)
            self._labels[index] = (text, lines)
        self.drawing = Drawing.build(self.viewport.bounds, [self.badges[i] for i in range(self.board.size)], lands,
                                     [t.name for t in self.board.territories], points)
        self._measure_names()
        self.shape_box()
        self.svg.setAttribute("class", "zoomable")
        self.svg.setAttribute("preserveAspectRatio", "xMidYMid meet")
        self.measure()

    def _measure_names(self) -> None:
        """Each name's width on screen at LABEL_PX, measured once by the browser (an estimate elsewhere). The
        font is set on the element itself: the page's stylesheet may still be on its way."""
        for index, (text, _) in self._labels.items():
            measure = getattr(text, "getComputedTextLength", None)
            if measure is None:
                return
            text.setAttribute("style", f"display:inline;font:{NAME_FONT % MEASURE_FONT}")
            width = float(measure())
            text.removeAttribute("style")
            if width > 0:
                self._widths[index] = width * LABEL_PX / MEASURE_FONT

    def attach(self) -> None:
        """The map is back in the page after another was shown: its box takes its shape again, and the map
        the zoom and centre it had."""
        self.shape_box()
        self.measure()

    def shape_box(self) -> None:
        """The map's box takes the map's shape (--map-aspect), and says whether it is wide like the world
        or nearer a square like Europe (data-shape), which a wide screen lays out beside the actions."""
        bounds = self.viewport.bounds
        aspect = bounds.w / bounds.h
        self.box_element.setAttribute("style", f"--map-aspect:{aspect:.4f}")
        self.box_element.setAttribute("data-shape", "wide" if aspect >= WIDE_MAP else "square")

    def measure(self) -> None:
        """Read the element's size (after a resize or a change of the page's layout): the opening view is
        chosen again for the new size until the player moves the map, which then keeps its zoom and centre."""
        rect = self.svg.getBoundingClientRect()
        width, height = float(rect.width), float(rect.height)
        if width > 0 and height > 0 and (width, height) != (self.viewport.width, self.viewport.height):
            if self._opening or self.viewport.width <= 0:
                self.viewport = opening_view(Viewport(self.viewport.bounds, width, height), self.drawing,
                                             self._focus)
            else:
                self.viewport = self.viewport.resized(width, height)
            self._measure_blocked(float(rect.left), float(rect.top))
        self.apply()

    def _measure_blocked(self, left: float, top: float) -> None:
        """Where the buttons and the legend sit over the map (names stay clear of them)."""
        blocked = []
        area = self.viewport.width * self.viewport.height
        for selector in (".map-tools", ".map-legend"):
            element = self.box_element.querySelector(selector)
            if self._none(element):
                continue
            r = element.getBoundingClientRect()
            x, y, w, h = float(r.left) - left, float(r.top) - top, float(r.width), float(r.height)
            if 0 < w * h < BLOCK_SHARE * area:
                blocked.append((x, y, x + w, y + h))
        self._blocked = blocked

    def apply(self) -> None:
        """Write the view: the viewBox, the scale for the names and badges, and where the names go."""
        viewport = self.viewport
        box = viewport.box.text()
        if box != self._written:
            self._written = box
            self._factor = badge_factor(self.drawing, viewport.scale)
            self.svg.setAttribute("viewBox", box)
            self.svg.setAttribute("style", f"--scale:{viewport.scale:.4f};--badge:{self._factor:.4f}")
            self.svg.setAttribute("data-zoomed", "true" if viewport.zoom > 1.01 else "false")
        if self._pointers and self._gesture_moved:
            return  # the names are hidden while the fingers move the map, and laid out when they stop
        first = [self._pointed] if self._pointed >= 0 else []
        key = f"{box} {first} {sorted(self._marked)} {self._blocked}"
        if key == self._laid:
            return
        self._laid = key
        placed = layout_names(viewport, self.drawing, self._factor, self._widths,
                              [*first, *sorted(self._marked)], self._blocked)
        moved = box != self._placed_box  # every name shown is written again in map units
        self._placed_box = box
        for index, (text, lines) in self._labels.items():
            label = placed.get(index)
            if label == self._placed.get(index) and (label is None or not moved):
                continue
            if label is None:
                text.setAttribute("class", "name")
                continue
            x, y = viewport.to_user(label.x, label.y)
            text.setAttribute("class", "name fits pointed" if index in first or index in self._marked else "name fits")
            text.setAttribute("text-anchor", label.anchor)
            text.setAttribute("x", _n(x))
            text.setAttribute("y", _n(y))
            for n, line in enumerate(lines):  # the first line at the text's point, the others under it
                line.textContent = label.lines[n] if n < len(label.lines) else ""
                if n:
                    line.setAttribute("x", _n(x))
                    line.setAttribute("dy", f"{LINE_PX / LABEL_PX:.3f}em")
        self._placed = placed

    def point(self, tid: str) -> None:
        """The pointer is on (or the focus in) a territory ("" for none): its name goes before the others."""
        index = self.board.index.get(tid, -1) if tid else -1
        if index != self._pointed:
            self._pointed = index
            self.apply()

    def mark(self, tids: frozenset[str]) -> None:
        """The territories chosen now (attack or move): their names go first."""
        marked = frozenset(self.board.territory_index(t) for t in tids)
        if marked != self._marked:
            self._marked = marked
            self.apply()

    def names_shown(self) -> list[str]:
        """The territories whose names show at this zoom (for tests)."""
        return [self.board.territories[index].id for index in sorted(self._placed)]

    # -- the view the map opens at ---------------------------------------------------------------

    def follow(self, moment: object, focus: Sequence[int]) -> None:
        """A new moment of the game to look at (a player's turn at this device, a game opened): the map
        opens on ``focus``, what that player can act on (nothing moves without it, or for the same moment)."""
        if moment == self._moment or not focus:
            return
        self._moment = moment
        self._focus = list(focus)
        self._opening = True
        if self.viewport.width > 0:
            self.viewport = opening_view(self.viewport, self.drawing, self._focus)
            self.apply()

    def _moved(self) -> None:
        """The player moved the map: it keeps their view from now on (a resize keeps its zoom and centre)."""
        self._opening = False
        self.close_chooser()

    # -- commands ---------------------------------------------------------------------------------

    def command(self, action: str) -> bool:
        """A zoom button or key: "zoom-in", "zoom-out", "zoom-fit"; False for anything else."""
        if action == "zoom-in":
            self.viewport = self.viewport.zoom_centre(BUTTON_STEP)
        elif action == "zoom-out":
            self.viewport = self.viewport.zoom_centre(1 / BUTTON_STEP)
        elif action == "zoom-fit":
            self.viewport = self.viewport.fit()
        else:
            return False
        self._moved()
        self.apply()
        return True

    def pan_key(self, dx: int, dy: int) -> None:
        """Shift + an arrow: move the view a step."""
        self.viewport = self.viewport.pan_step(dx, dy)
        self._moved()
        self.apply()

    def in_view(self, territory: int) -> bool:
        """Whether a territory's badge is in view."""
        x, y, _ = self.badges[territory]
        sx, sy = self.viewport.to_screen(x, y)
        return 0 <= sx <= self.viewport.width and 0 <= sy <= self.viewport.height

    def show(self, territory: int) -> None:
        """Bring a territory into view (a keyboard focus that went off screen, or under the buttons over the
        map), keeping the zoom."""
        x, y, _ = self.badges[territory]
        sx, sy = self.viewport.to_screen(x, y)
        margin = 20.0
        hidden = any(x0 - margin <= sx <= x1 + margin and y0 - margin <= sy <= y1 + margin
                     for x0, y0, x1, y1 in self._blocked)
        width, height = self.viewport.width, self.viewport.height
        if hidden or not (margin <= sx <= width - margin and margin <= sy <= height - margin):
            self.viewport = self.viewport.centre_on(x, y)
            self._moved()
            self.apply()

    # -- pointers ---------------------------------------------------------------------------------

    def _local(self, event: Any) -> tuple[float, float]:
        return float(event.clientX) - self._rect[0], float(event.clientY) - self._rect[1]

    def on_pointer_down(self, event: Any) -> None:
        """A finger or a button goes down on the map: maybe a drag or a pinch begins."""
        if str(getattr(event, "pointerType", "mouse")) == "mouse" and int(getattr(event, "button", 0)) != 0:
            return
        rect = self.svg.getBoundingClientRect()
        self._rect = (float(rect.left), float(rect.top))
        if float(rect.width) != self.viewport.width or float(rect.height) != self.viewport.height:
            self.measure()
        if not self._pointers:
            self._gesture_moved = False
        self._pointers[int(event.pointerId)] = self._local(event)
        self._pressed_at = float(getattr(event, "timeStamp", 0.0))

    def on_pointer_move(self, event: Any) -> None:
        """Drag to pan, pinch to zoom (about the fingers' middle, which the map follows)."""
        ident = int(event.pointerId)
        if ident not in self._pointers:
            return
        point = self._local(event)
        if len(self._pointers) >= 2:
            ids = list(self._pointers)[:2]
            before = [self._pointers[i] for i in ids]
            self._pointers[ident] = point
            after = [self._pointers[i] for i in ids]
            old_gap = math.dist(*before)
            new_gap = math.dist(*after)
            old_mid = ((before[0][0] + before[1][0]) / 2, (before[0][1] + before[1][1]) / 2)
            new_mid = ((after[0][0] + after[1][0]) / 2, (after[0][1] + after[1][1]) / 2)
            if old_gap > 0 and new_gap > 0:
                self.viewport = self.viewport.zoom_at(new_gap / old_gap, *old_mid)
            self.viewport = self.viewport.pan(new_mid[0] - old_mid[0], new_mid[1] - old_mid[1])
            self._start_moving()
            self.apply()
            return
        last = self._pointers[ident]
        if not self._gesture_moved and math.dist(last, point) < DRAG_PX:
            return
        self._start_moving()
        self._pointers[ident] = point
        self.viewport = self.viewport.pan(point[0] - last[0], point[1] - last[1])
        self.apply()

    def _start_moving(self) -> None:
        if not self._gesture_moved:
            self._gesture_moved = True
            self._moved()
            self.svg.setAttribute("data-moving", "true")

    def on_pointer_up(self, event: Any) -> None:
        """A finger or the button lifted (or the gesture cancelled): once none is left, the names come back.
        A finger that lifts where it went down is a tap there: the browser's click that follows may be moved
        towards a target the browser prefers (Chromium's touch adjustment moves it several px), so the tap is
        taken from here."""
        self._pointers.pop(int(event.pointerId), None)
        self._pressed_at = float(getattr(event, "timeStamp", 0.0))
        if not self._gesture_moved and str(getattr(event, "pointerType", "")) in ("touch", "pen"):
            self._lifted = (float(event.clientX), float(event.clientY), float(getattr(event, "timeStamp", 0.0)))
        if self._gesture_moved:
            self._drag_ended_at = float(getattr(event, "timeStamp", 0.0))
            if not self._pointers:
                self.svg.setAttribute("data-moving", "false")
                self.apply()

    def focus_from_press(self, event: Any) -> bool:
        """Whether a territory took the focus from a press on the map (the mouse's or a finger's), not from the
        keyboard: its badge is where the pointer is, and moving the map then would move it from under the
        click that follows (a badge near the edge pressed would only bring itself to the middle). A press lasts
        from the pointer going down to its click (a finger's focus comes after it lifts), at most 1 s."""
        return abs(float(getattr(event, "timeStamp", 0.0)) - self._pressed_at) <= TAP_CLICK_MS

    def press_ended(self) -> None:
        """The press's click came: a focus from now on is the keyboard's (or the page's own)."""
        self._pressed_at = -1e9

    def click_was_drag(self, event: Any) -> bool:
        """Whether a click is the end of a drag or pinch (then it selects nothing)."""
        return float(getattr(event, "timeStamp", 0.0)) - self._drag_ended_at < CLICK_AFTER_DRAG_MS

    def on_wheel(self, event: Any) -> None:
        """The wheel (or a touchpad's pinch, which comes as a wheel with Ctrl) zooms about the pointer."""
        event.preventDefault()
        rect = self.svg.getBoundingClientRect()
        self._rect = (float(rect.left), float(rect.top))
        mode = int(getattr(event, "deltaMode", 0))
        delta = float(event.deltaY) * (LINE_DELTA_PX if mode == 1 else PAGE_PX if mode == 2 else 1.0)
        rate = WHEEL_RATE * (4 if bool(getattr(event, "ctrlKey", False)) else 1)
        self.viewport = self.viewport.zoom_at(math.exp(-delta * rate), *self._local(event))
        self._moved()
        self.apply()

    # -- taps ---------------------------------------------------------------------------------------

    def _finger(self, event: Any) -> tuple[float, float]:
        """Where the finger of a tap's click lifted (client px), or the click's own point without one."""
        x, y, at = self._lifted
        if abs(float(getattr(event, "timeStamp", 0.0)) - at) <= TAP_CLICK_MS:
            return x, y
        return float(event.clientX), float(event.clientY)

    def tap(self, event: Any) -> Tap:
        """Where a finger's tap goes (see :func:`risk_ui.viewport.resolve_tap`), from the drawing's shapes."""
        rect = self.svg.getBoundingClientRect()
        x, y = self._finger(event)
        px, py = x - float(rect.left), y - float(rect.top)
        if (float(rect.width), float(rect.height)) != (self.viewport.width, self.viewport.height):
            self.measure()
        return resolve_tap(self.viewport, self.drawing, px, py, self._factor)

    def offer(self, tap: Tap, event: Any) -> None:
        """Ask which territory a tap meant: its candidates' names as buttons, next to the finger (above it
        where there is room, so the finger does not cover them, else below it)."""
        self.close_chooser()
        rect = self.box_element.getBoundingClientRect()
        x, y = self._finger(event)
        px, py = x - float(rect.left), y - float(rect.top)
        names = [self.board.territories[t].name for t in tap.choices]
        chooser = self.document.createElement("div")
        chooser.setAttribute("id", "map-chooser")
        chooser.setAttribute("class", "map-chooser")
        chooser.setAttribute("role", "group")
        chooser.setAttribute("aria-label", MAP_CHOOSER)
        chooser.innerHTML = "".join(
            f'<button type="button" data-action="map-pick" data-arg="{t}">{html.escape(name)}</button>'
            for t, name in zip(tap.choices, names, strict=True))
        chooser.setAttribute("style", f"left:{px:.0f}px;top:{py:.0f}px")
        self.box_element.appendChild(chooser)
        self._chooser = chooser
        size = chooser.getBoundingClientRect()  # kept on the map, next to the finger: above it where it fits
        width, height, edge = float(size.width), float(size.height), CHOOSER_EDGE_PX
        x = min(max(px - width / 2, edge), max(edge, float(rect.width) - width - edge))
        above, below = py - CHOOSER_FINGER_PX - height, py + CHOOSER_FINGER_PX
        room_below = float(rect.height) - edge - height
        if above >= edge:
            y = above
        elif below <= room_below:
            y = below
        else:  # a map too short for either: as far from the finger as it goes
            y = edge if py > float(rect.height) / 2 else max(edge, room_below)
        chooser.setAttribute("style", f"left:{x:.0f}px;top:{y:.0f}px")

    def close_chooser(self) -> bool:
        """Take the chooser away (a choice made, the map moved, Escape); True if one was open."""
        if self._chooser is None:
            return False
        self._chooser.remove()
        self._chooser = None
        return True


def _label_point(data: str) -> tuple[float, float] | None:
    """Where the board puts a territory's name (``data-label="x y"``: the top middle of its first line), or
    None (next to its badge).

    >>> _label_point("12 30.5"), _label_point(""), _label_point("x y")
    ((12.0, 30.5), None, None)
    """
    try:
        x, y = (float(v) for v in data.split())
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def _n(value: float) -> str:
    """A coordinate as written in the page: two decimals at most.

    >>> _n(123.0000001), _n(45.5), _n(120.0), _n(-0.001)
    ('123', '45.5', '120', '0')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".") if round(value, 2) % 1 else str(round(value))
