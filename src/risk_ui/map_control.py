"""The map's zoom, pan, names and taps in the page: the wiring of :mod:`risk_ui.viewport` to the SVG.

:class:`MapControl` owns the map's :class:`~risk_ui.viewport.Viewport` and writes it as the SVG's
``viewBox`` (and ``--scale``, the screen pixels per map unit, which keeps the names one size on screen).
It follows pinch (two pointers), drags, the wheel, the + / − / Fit buttons and keys, and turns a finger's tap
into a territory (or a zoom where the tap is ambiguous). Each territory's name is drawn under its badge and
shown once the zoom gives it room inside its land (and always on hover and focus).

Works on any object with the DOM's methods (the tests use the fake DOM, whose elements measure 800 x 400).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from risk.board import Board
from risk_ui.viewport import (
    BUTTON_STEP,
    TAP_ZOOM,
    WHEEL_RATE,
    Box,
    Tap,
    Viewport,
    label_scale,
    parse_box,
    path_box,
    resolve_tap,
    ring,
)

SVG_NS = "http://www.w3.org/2000/svg"
DRAG_PX = 6.0  # a pointer that moves further than this is dragging the map, not clicking
CLICK_AFTER_DRAG_MS = 400.0  # a click this soon after a drag or pinch ended belongs to it: ignored
LINE_PX = 16.0  # a wheel "line" (deltaMode 1) in pixels
PAGE_PX = 400.0  # a wheel "page" (deltaMode 2)


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
        self._labels: dict[str, tuple[Any, float]] = {}  # territory id -> (<text class="name">, scale it needs)
        self._shown: dict[str, str] = {}  # territory id -> the name's class as written
        self._pointed = ""  # the territory under the pointer or with the focus: its name shows
        self._marked: frozenset[str] = frozenset()  # territories chosen for an attack or move: names show
        self._pointers: dict[int, tuple[float, float]] = {}
        self._gesture_moved = False
        self._drag_ended_at = -1e9
        self._rect: tuple[float, float] = (0.0, 0.0)  # the element's top left on the screen, at the gesture
        self._written = ""

    # -- building ---------------------------------------------------------------------------------

    def mount(self) -> None:
        """Names under the badges; the map's box takes the map's shape; the whole map in view."""
        doc = self.document
        layer = doc.createElementNS(SVG_NS, "g")  # above every land, so no neighbour covers a name
        layer.setAttribute("id", "names")
        layer.setAttribute("aria-hidden", "true")
        self.svg.appendChild(layer)
        for tid, g in self._territories.items():
            index = self.board.territory_index(tid)
            land = g.querySelector(".land")
            box = path_box(str(land.getAttribute("d") or "")) if not self._none(land) else Box(0, 0, 0, 0)
            x, y, r = self.badges[index]
            name = self.board.territories[index].name
            text = doc.createElementNS(SVG_NS, "text")
            text.setAttribute("class", "name")
            lx, ly = _label_point(str(g.getAttribute("data-label") or ""), x, y + r * 1.25)
            text.setAttribute("x", _n(lx))
            text.setAttribute("y", _n(ly))
            text.setAttribute("data-name-of", tid)
            text.textContent = name
            layer.appendChild(text)
            self._labels[tid] = (text, label_scale(name, box))
        self.shape_box()
        self.svg.setAttribute("class", "zoomable")
        self.svg.setAttribute("preserveAspectRatio", "xMidYMid meet")
        self.measure()

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
        """Read the element's size (after a resize) and keep the zoom and centre."""
        rect = self.svg.getBoundingClientRect()
        width, height = float(rect.width), float(rect.height)
        if width > 0 and height > 0 and (width, height) != (self.viewport.width, self.viewport.height):
            self.viewport = (Viewport(self.viewport.bounds, width, height) if self.viewport.width <= 0
                             else self.viewport.resized(width, height))
        self.apply()

    def apply(self) -> None:
        """Write the view: the viewBox, the scale for the names, and which names fit."""
        viewport = self.viewport
        box = viewport.box.text()
        if box != self._written:
            self._written = box
            self.svg.setAttribute("viewBox", box)
            self.svg.setAttribute("style", f"--scale:{viewport.scale:.4f}")
            zoom = viewport.zoom
            self.svg.setAttribute("data-zoomed", "true" if zoom > 1.01 else "false")
        scale = viewport.scale
        for tid, (text, needs) in self._labels.items():
            classes = "name"
            if scale >= needs:
                classes += " fits"
            if tid == self._pointed or tid in self._marked:
                classes += " pointed"
            if self._shown.get(tid) != classes:
                self._shown[tid] = classes
                text.setAttribute("class", classes)

    def point(self, tid: str) -> None:
        """The pointer is on (or the focus in) a territory ("" for none): its name shows whatever the zoom."""
        if tid != self._pointed:
            self._pointed = tid
            self.apply()

    def mark(self, tids: frozenset[str]) -> None:
        """The territories chosen now (attack or move): their names show."""
        if tids != self._marked:
            self._marked = tids
            self.apply()

    def names_shown(self) -> list[str]:
        """The territories whose names show at this zoom (for tests)."""
        return [tid for tid, classes in self._shown.items() if " " in classes]

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
        self.apply()
        return True

    def pan_key(self, dx: int, dy: int) -> None:
        """Shift + an arrow: move the view a step."""
        self.viewport = self.viewport.pan_step(dx, dy)
        self.apply()

    def show(self, territory: int) -> None:
        """Bring a territory into view (a keyboard focus that went off screen), keeping the zoom."""
        x, y, _ = self.badges[territory]
        sx, sy = self.viewport.to_screen(x, y)
        margin = 20.0
        if not (margin <= sx <= self.viewport.width - margin and margin <= sy <= self.viewport.height - margin):
            self.viewport = self.viewport.centre_on(x, y)
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
            self._gesture_moved = True
            self.apply()
            return
        last = self._pointers[ident]
        if not self._gesture_moved and math.dist(last, point) < DRAG_PX:
            return
        self._gesture_moved = True
        self._pointers[ident] = point
        self.viewport = self.viewport.pan(point[0] - last[0], point[1] - last[1])
        self.apply()

    def on_pointer_up(self, event: Any) -> None:
        """A finger or the button lifted (or the gesture cancelled)."""
        self._pointers.pop(int(event.pointerId), None)
        if self._gesture_moved:
            self._drag_ended_at = float(getattr(event, "timeStamp", 0.0))

    def click_was_drag(self, event: Any) -> bool:
        """Whether a click is the end of a drag or pinch (then it selects nothing)."""
        return float(getattr(event, "timeStamp", 0.0)) - self._drag_ended_at < CLICK_AFTER_DRAG_MS

    def on_wheel(self, event: Any) -> None:
        """The wheel (or a touchpad's pinch, which comes as a wheel with Ctrl) zooms about the pointer."""
        event.preventDefault()
        rect = self.svg.getBoundingClientRect()
        self._rect = (float(rect.left), float(rect.top))
        mode = int(getattr(event, "deltaMode", 0))
        delta = float(event.deltaY) * (LINE_PX if mode == 1 else PAGE_PX if mode == 2 else 1.0)
        rate = WHEEL_RATE * (4 if bool(getattr(event, "ctrlKey", False)) else 1)
        self.viewport = self.viewport.zoom_at(math.exp(-delta * rate), *self._local(event))
        self.apply()

    # -- taps ---------------------------------------------------------------------------------------

    def tap(self, event: Any, hit: int) -> Tap:
        """Where a finger's tap goes (see :func:`risk_ui.viewport.resolve_tap`); a zoom is done here."""
        rect = self.svg.getBoundingClientRect()
        left, top = float(rect.left), float(rect.top)
        cx, cy = float(event.clientX), float(event.clientY)
        around: list[tuple[float, int]] = []
        for distance, dx, dy in ring():
            element = self.document.elementFromPoint(cx + dx, cy + dy)
            around.append((distance, self._territory_at(element)))
        result = resolve_tap(self.viewport, cx - left, cy - top, hit, self.badges, around)
        if result.kind == "zoom":
            self.viewport = self.viewport.zoom_at(TAP_ZOOM, cx - left, cy - top)
            self.apply()
        return result

    def _territory_at(self, element: Any) -> int:
        if self._none(element) or not hasattr(element, "closest"):
            return -1
        g = element.closest("[data-territory]")
        if self._none(g):
            return -1
        return self.board.index.get(str(g.getAttribute("data-territory")), -1)


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value % 1 else str(int(value))


def _label_point(data: str, x: float, y: float) -> tuple[float, float]:
    """Where a territory's name goes: the board's point (``data-label="x y"``), else ``(x, y)`` (under the badge).

    >>> _label_point("12 30.5", 0, 0), _label_point("", 1, 2), _label_point("x y", 1, 2)
    ((12.0, 30.5), (1, 2), (1, 2))
    """
    try:
        lx, ly = (float(v) for v in data.split())
    except ValueError:
        return x, y
    return (lx, ly) if math.isfinite(lx) and math.isfinite(ly) else (x, y)
