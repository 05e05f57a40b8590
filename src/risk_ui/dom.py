"""The one module that touches the page: it builds the controls, listens, and writes each Screen.

:class:`Page` works on any object with the DOM's methods (``getElementById``, ``setAttribute``, …), so
the tests drive it with a small recording fake; :func:`connect` gives it PyScript's real ``document``
and proxies. Nothing of the game lives here: a click goes to the controller, then the whole
:class:`~risk_ui.screen.Screen` is rendered again and only what changed is written.
"""

from __future__ import annotations

import asyncio
import re
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from risk.board import Board, load_board
from risk.rules import EDITIONS
from risk_ui import coach, layout, learn, motion, view, welcome, words
from risk_ui.controller import EXCLUSIVE_OPTIONS, MAX_SEATS, Controller
from risk_ui.cue import TurnCue
from risk_ui.help_text import LESSONS, SHORTCUTS, Shortcut
from risk_ui.map_control import MapControl
from risk_ui.map_view import group_colour
from risk_ui.new_world import WORLD
from risk_ui.palette import SITES, mark_path, site_path
from risk_ui.screen import Control, Screen, TerritoryView
from risk_ui.sound import Sound, sound_for
from risk_ui.words import board_missing_text, error_text

SVG_NS = "http://www.w3.org/2000/svg"
STYLESHEET = "./assets/style/game.css"
FIELDS = ("amount-number", "threshold", "occupy-count", "move-count", "ng-count", "log-search", "log-player",
          "airfield-where", "sea-load")
KEYS = ("Enter", " ", "Spacebar", "Escape", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
OVERLAY_FOCUS = {"handoff": "handoff-button", "welcome": "welcome-close", "winner": "winner-new-game",
                 "out": "out-play-on", "home": "quick-computer"}
# Keys that are shortcuts, by key (letters in lower case; Shift+N is "N").
SHORTCUT_KEYS: dict[str, Shortcut] = {key: s for s in SHORTCUTS for key in s.keys if s.targets or s.action}
CHOICES = ("active", "attackable", "movable")  # what "N" steps through, and "G" goes to first
WORLD_FIELDS = ("ng-world-seed", "ng-world-size", "ng-world-continents")  # the dialog's new world
TYPING = ("input", "select", "textarea")
ARROW_PAN = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
MAP_ACTIONS = ("zoom-in", "zoom-out", "zoom-fit")
# A part that asks for a choice as it appears takes the keyboard's focus to its first field.
# A panel that appears out of sight (below the hand on a phone) takes the focus, which brings it into view.
FOCUS_ON_SHOW = {"airfield-chooser": "airfield-where", "panel-sea": "sea-title"}
# An edition's modal <dialog>s (the view says hidden or not; the page opens them with showModal, which traps
# the focus and closes on Escape) and the command that tells the controller one closed itself.
MODALS = {"spy-dialog": "spy-close"}
# Where a site's shape goes beside the army badge (in badge radii from its centre) and how large it is; the
# owner's mark has the top right.
# A castle is what Castle Risk is played for: its tower is the largest mark, well clear of the badge (it was 1.45
# across, about 5 px on a phone); the hidden army's pennant too is larger than a city.
SITE_PLACES = {"capital": (-1.3, -1.2), "city": (-1.3, 1.2), "airfield": (1.35, 1.25), "castle": (-1.65, -1.5),
               "hidden": (-1.55, 1.45)}
SITE_SIZES = {"capital": 1.3, "city": 1.25, "airfield": 1.6, "castle": 2.2, "hidden": 1.8}
MARK_SIZE = 1.9  # the owner's mark, across, in badge radii (1.1, then 1.5: still small beside a 20 px badge)
# The page knows no board by name. The build writes one board's drawing into index.html (so the board shows
# before Python starts; its data-board says which); the drawing of any other board comes through one seam,
# load_drawing: a shipped board's (a plain id) is a file the build drew on the site (assets/maps/<id>.svg,
# precached by the service worker, so it comes offline too), fetched the first time a game needs it, and kept;
# any other board's (generated, imported) is drawn here from its board file by risk.drawing.board_svg.
SHIPPED_BOARD = re.compile(r"^[a-z0-9_-]{1,40}$")
# Get the drawing of a board by its reference, then call the first callback with its text or the second with
# the error.
MapLoader = Callable[[str, Callable[[str], None], Callable[[BaseException], None]], None]
# Fetch a site file's text by its address, then call the first callback with it or the second with the error.
Fetcher = Callable[[str, Callable[[str], None], Callable[[BaseException], None]], None]
# The board file of a board that is not shipped, by its reference, or None when this browser holds none (the
# page's own boards, generated and imported, plug in here).
BoardFiles = Callable[[str], "Mapping[str, Any] | None"]


def no_board_files(ref: str) -> Mapping[str, Any] | None:
    """A page that holds no boards of its own."""
    return None


def map_url(name: str) -> str:
    """Where the drawing of the shipped board ``name`` is on the site.

    >>> map_url("castle")
    './assets/maps/castle.svg'
    """
    if not SHIPPED_BOARD.match(name):
        raise ValueError(f"no map is called {name!r}")
    return f"./assets/maps/{name}.svg"


def load_drawing(ref: str, done: Callable[[str], None], failed: Callable[[BaseException], None], *,
                 fetch: Fetcher, board_file: BoardFiles = no_board_files) -> None:
    """The seam "give me the drawing of board ``ref``": a shipped board's is fetched from the site; any other
    board's is drawn from its board file with the function the build draws the shipped ones with."""
    if SHIPPED_BOARD.match(ref):
        fetch(map_url(ref), done, failed)
        return
    data = board_file(ref)
    if data is None:
        failed(LookupError(board_missing_text(ref)))
        return
    try:
        from risk.drawing import board_svg  # only a page with boards of its own needs it

        svg = board_svg(data)
    except (ImportError, ValueError) as error:  # no code for it (offline), or a board file gone bad
        failed(error)
        return
    done(svg)


def svg_for_page(text: str) -> str:
    """A map's drawing as it goes into the page: without the XML prolog and doctype.

    >>> svg_for_page('<?xml version="1.0"?> <svg id="board"></svg>')
    '<svg id="board"></svg>'
    """
    text = re.sub(r"^\s*<\?xml[^>]*\?>", "", text)
    return re.sub(r"^\s*<!DOCTYPE[^>]*>", "", text, flags=re.IGNORECASE).strip()


@dataclass
class MapBinding:
    """A map drawn in the page and what the page bound to it (kept while another map is shown)."""

    name: str
    svg: Any
    tools: Any
    control: MapControl
    territories: dict[str, Any]
    counts: dict[str, Any]
    marks: dict[str, Any]
    sites: dict[str, dict[str, Any]]
    badges: dict[str, tuple[float, float, float]]
    base_class: dict[str, str]
    group_colour: dict[str, str]
    centres: dict[int, tuple[float, float]]
    roving: str = ""


class Page:
    """The page bound to one controller: call :meth:`mount` once, then it runs on events."""

    def __init__(
        self,
        document: Any,
        controller: Controller,
        *,
        proxy: Callable[[Callable[..., Any]], Any] = lambda f: f,
        is_none: Callable[[Any], bool] = lambda v: v is None,
        new_seed: Callable[[], int] = lambda: 0,
        no_scroll: Any = None,
        not_passive: Any = None,
        load_map: MapLoader | None = None,
        clock: Callable[[], float] = time.monotonic,
        sound: Sound | None = None,
    ) -> None:
        self.document = document
        self.clock = clock  # seconds, for how long the motion of an action plays
        self._motion_until = 0.0  # when the motion playing ends (the clock's time; 0: none)
        self.cue = TurnCue()  # "your turn": control back to a person at this device
        self._cued = False  # whether the cue showed at the last drawing (its sound plays as it appears)
        self.sound = sound or Sound()  # the page's small sounds (none without a window's WebAudio)
        self._title = ""  # the window's own title (the cue puts "Your turn — " before it)
        # Focus options ``{preventScroll: true}`` as a JS object (None in tests): focusing an overlay's
        # button must not scroll the page under it, or a phone opens with the map cut at the top.
        self._no_scroll = no_scroll
        self._not_passive = not_passive  # listener options {passive: false}: the wheel may stop the page's scroll
        self.map: MapControl | None = None
        self._group_colour: dict[str, str] = {}  # engine id -> its group's outline colour
        self._roving = ""  # the territory in the Tab order (the others are reached with the arrows)
        self._lit_group = -1  # the group of territories lit from the legend, or -1
        self.controller = controller
        self._proxy = proxy
        self._none = is_none
        self._new_seed = new_seed
        self._territories: dict[str, Any] = {}  # engine id -> <g>
        self._counts: dict[str, Any] = {}  # engine id -> <text class="army-count">
        self._marks: dict[str, Any] = {}  # engine id -> <path class="owner-mark">
        self._sites: dict[str, dict[str, Any]] = {}  # engine id -> site -> <path class="site">, made when needed
        self._badges: dict[str, tuple[float, float, float]] = {}  # engine id -> badge centre and radius
        self._base_class: dict[str, str] = {}
        self._written: dict[tuple[str, str], object] = {}  # what was last written, to write only changes
        self._listeners: list[Any] = []  # proxies kept alive for as long as the page lives
        self._overlay = ("", "")  # the overlay shown and its kind (Screen.overlay, Screen.handoff)
        self._keys: tuple[str, ...] = ()  # the controls the turn bar holds now
        self._elements: dict[str, Any] = {}  # fixed elements of the layout by id (never replaced)
        self._drawn: dict[str, TerritoryView] = {}  # each territory as last drawn
        self._modal_open: dict[str, bool] = {}  # an edition's dialogs the page opened and did not close
        self.after_render: list[Callable[[], None]] = []  # called after each render (autosave, saves panel)
        self._focus_next: tuple[str, str] | None = None  # a part shown and its field to focus (FOCUS_ON_SHOW)
        # The maps: the one in the page (``_map_name``), those drawn before and taken out (kept whole, with
        # what was bound to them, to come back at once), the drawings fetched, and the one being fetched.
        self._load_map = load_map
        self._map_name = ""
        self._map_tools: Any = None  # the zoom buttons and the legend over the map (one set per map)
        self._bindings: dict[str, MapBinding] = {}
        self._map_texts: dict[str, str] = {}
        self._map_loading = ""
        self._map_failed: dict[str, str] = {}
        self._rendering = False
        self._coach_marked: list[str] = []  # the element the guided turn's mark is on
        self._pictured: set[str] = set()  # How to play's pictures drawn (their frames' ids)
        self._picture_maps: set[str] = set()  # the maps fetched for them
        self._moved: tuple[Any, ...] = ()  # the events whose motion was last played

    # -- building ---------------------------------------------------------------------------------

    def mount(self) -> None:
        """Build the controls into #app, make every territory of the map in the page a keyboard button,
        listen, draw (fetching the map the game needs if it is another)."""
        doc = self.document
        self._ensure_stylesheet()
        app = doc.getElementById("app")
        app.innerHTML = layout.app_html()
        self._title = str(getattr(doc, "title", "") or "").removeprefix(words.YOUR_TURN_TITLE)
        svg = doc.getElementById("board")
        ref = str(svg.getAttribute("data-board") or "")
        if not ref:
            raise RuntimeError("the map in the page does not say which board it draws (data-board)")
        self._bind(ref, load_board(ref), svg)
        board_element = doc.getElementById("map")
        self._listen(board_element, "click", self.on_map_click)
        self._listen(board_element, "keydown", self.on_map_key)
        self._listen(board_element, "focusin", self.on_map_focus)
        self._listen(board_element, "mouseover", self.on_legend_hover)
        self._listen(board_element, "mouseout", self.on_legend_leave)
        self._listen(board_element, "focusout", self.on_legend_leave)
        self._listen(app, "click", self.on_click)
        self._listen(app, "input", self.on_input)
        self._listen(app, "change", self.on_change)
        self._listen(doc.getElementById("new-game-dialog"), "close", self.on_dialog_closed)
        for ident in MODALS:
            self._listen(doc.getElementById(ident), "close", lambda event, ident=ident: self.on_modal_closed(ident))
        self._listen(doc, "keydown", self.on_document_key)
        self.render()

    # -- the map of the game on the table -----------------------------------------------------------

    def _bind(self, name: str, board: Board, svg: Any) -> None:
        """Make the map ``svg`` (in the page, of ``board``) the one played on: every territory a keyboard
        button with its owner's mark, the zoom buttons and legend of its groups over it, zoom and taps."""
        doc = self.document
        self._territories, self._counts, self._marks, self._sites = {}, {}, {}, {}
        self._badges, self._base_class, self._group_colour = {}, {}, {}
        self._roving = ""
        centres: dict[int, tuple[float, float]] = {}
        for g in svg.querySelectorAll("#territories [data-territory]"):
            tid = str(g.getAttribute("data-territory"))
            index = board.territory_index(tid)
            g.setAttribute("tabindex", "-1")
            g.setAttribute("role", "button")
            group = board.territories[index].continent
            g.setAttribute("aria-describedby", f"group-entry-{group}")
            self._group_colour[tid] = group_colour(group)
            badge = g.querySelector(".army-badge")
            x, y, r = (float(badge.getAttribute(a) or 0) for a in ("cx", "cy", "r"))
            mark = doc.createElementNS(SVG_NS, "path")
            mark.setAttribute("class", "owner-mark")
            mark.setAttribute("aria-hidden", "true")
            g.appendChild(mark)
            count = g.querySelector(".army-count")
            count.setAttribute("aria-hidden", "true")
            self._territories[tid] = g
            self._counts[tid] = count
            self._marks[tid] = mark
            self._badges[tid] = (x, y, r or 9.0)
            self._base_class[tid] = str(g.getAttribute("class") or "territory")
            centres[index] = (x, y)
        missing = [t.id for t in board.territories if t.id not in self._territories]
        if missing:
            raise RuntimeError(f"the map has no element for {', '.join(missing)}")
        board_element = doc.getElementById("map")
        tools = doc.createElement("div")
        tools.setAttribute("class", "map-overlay")
        tools.innerHTML = layout.map_tools_html(board)
        board_element.appendChild(tools)
        self._map_tools = tools
        if self._none(svg.querySelector("#motion")):  # the layer the motion of each action is drawn in, over the map
            layer = doc.createElementNS(SVG_NS, "g")
            layer.setAttribute("id", "motion")
            layer.setAttribute("aria-hidden", "true")
            svg.appendChild(layer)
        self._rove(next(iter(self._territories)))
        self.map = MapControl(doc, board, self._territories, self._badges, is_none=self._none)
        self.map.mount()
        self._listen(svg, "pointerdown", self.map.on_pointer_down)
        self._listen(svg, "pointermove", self.map.on_pointer_move)
        self._listen(svg, "pointerup", self.map.on_pointer_up)
        self._listen(svg, "pointercancel", self.map.on_pointer_up)
        self._listen(svg, "wheel", self.map.on_wheel, self._not_passive)
        self._map_name = name
        self._bindings[name] = MapBinding(
            name, svg, tools, self.map, self._territories, self._counts, self._marks, self._sites, self._badges,
            self._base_class, self._group_colour, centres)
        self.controller.centres = centres
        board_element.setAttribute("data-map", name)

    def _unbind(self) -> None:
        """Take the map in the page out (kept, with its binding, to come back): nothing of it is drawn or
        looked up until a map is bound again."""
        binding = self._bindings.get(self._map_name)
        if binding is None:
            return
        binding.roving = self._roving
        binding.svg.remove()
        binding.tools.remove()
        gone = set(binding.territories)
        for key in [k for k in self._written if k[0].split("/")[0] in gone or k[0].startswith("group-holder-")]:
            del self._written[key]
        self._drawn.clear()
        self._elements.clear()  # the legend's and zoom buttons' elements went with the map
        self._lit_group = -1
        self._territories, self._counts, self._marks, self._sites, self._badges = {}, {}, {}, {}, {}
        self._map_name, self._map_tools, self.map = "", None, None

    def _restore(self, binding: MapBinding) -> None:
        """Put a map drawn before back in the page, as it was bound."""
        board_element = self.document.getElementById("map")
        board_element.insertBefore(binding.svg, board_element.firstChild)
        board_element.appendChild(binding.tools)
        self._territories, self._counts, self._marks = binding.territories, binding.counts, binding.marks
        self._sites, self._badges, self._base_class = binding.sites, binding.badges, binding.base_class
        self._group_colour, self._map_tools, self.map = binding.group_colour, binding.tools, binding.control
        self._roving = binding.roving
        self._map_name = binding.name
        self.controller.centres = binding.centres
        board_element.setAttribute("data-map", binding.name)
        binding.control.attach()

    def _ensure_map(self) -> bool:
        """The map the game on the table needs is in the page (True), or is being fetched (False): a
        classic, Revised or Castle game, new, loaded or from a link, gets its board without a reload."""
        wanted = self.controller.state.rules.map
        if wanted == self._map_name:
            return True
        self._unbind()
        binding = self._bindings.get(wanted)
        if binding is not None:
            self._restore(binding)
            return True
        board_element = self.document.getElementById("map")
        if wanted not in self._map_texts and wanted not in self._map_failed and self._map_loading != wanted:
            self._map_loading = wanted
            if self._load_map is None:
                self._map_failed[wanted] = "this page cannot fetch maps"
            else:
                self._load_map(wanted, lambda text: self.map_arrived(wanted, text),
                               lambda error: self.map_failed(wanted, error))
        text = self._map_texts.get(wanted)
        if text is None:
            board_element.setAttribute("data-map", "failed" if wanted in self._map_failed else "loading")
            return False
        holder = self.document.createElement("div")
        holder.innerHTML = svg_for_page(text)
        svg = holder.querySelector("svg")
        if self._none(svg):
            self._map_failed[wanted] = "its drawing holds no map"
            board_element.setAttribute("data-map", "failed")
            return False
        board_element.insertBefore(svg, board_element.firstChild)
        self._bind(wanted, self.controller.state.board, svg)
        return True

    def map_arrived(self, name: str, text: str) -> None:
        """The drawing of map ``name`` was fetched: draw the game on it (at once, if it is still wanted)."""
        self._map_texts[name] = text
        if self._map_loading == name:
            self._map_loading = ""
        if not self._rendering:
            self.render()

    def map_failed(self, name: str, error: BaseException) -> None:
        """The drawing of map ``name`` could not be fetched: say so (the game itself is untouched)."""
        self._map_failed[name] = error_text(error)
        if self._map_loading == name:
            self._map_loading = ""
        if not self._rendering:
            self.render()

    def _ensure_stylesheet(self) -> None:
        doc = self.document
        if self._none(doc.querySelector(f'link[href="{STYLESHEET}"]')):
            link = doc.createElement("link")
            link.setAttribute("rel", "stylesheet")
            link.setAttribute("href", STYLESHEET)
            doc.head.appendChild(link)

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None], options: Any = None) -> None:
        proxy = self._proxy(handler)
        self._listeners.append(proxy)
        if options is None:
            target.addEventListener(kind, proxy)
        else:
            target.addEventListener(kind, proxy, options)

    def resized(self, event: Any = None) -> None:
        """The window changed size: the map keeps its zoom and centre in its new box; the guided turn's bubble
        goes where it belongs at the new size (the offer's slot changes with the layout: a phone turned)."""
        if self.map is not None:
            self.map.measure()
        self._place_coach()

    def _rove(self, tid: str) -> None:
        """Put one territory in the Tab order (the map is one stop; arrows and N move within it)."""
        if tid == self._roving or tid not in self._territories:
            return
        if self._roving:
            self._territories[self._roving].setAttribute("tabindex", "-1")
        self._territories[tid].setAttribute("tabindex", "0")
        self._roving = tid

    def on_map_focus(self, event: Any) -> None:
        """A territory took the focus: it is the map's Tab stop now, and it is brought into view (not when a
        press on the map gave the focus: the press is on it already)."""
        territory = self._territory_of(event)
        if territory >= 0:
            tid = self.controller.state.board.territories[territory].id
            self._rove(tid)
            if self.map is not None:
                if not self.map.focus_from_press(event):
                    self.map.show(territory)
                self.map.point(tid)
        else:
            self.on_legend_hover(event)

    def _group_of(self, event: Any) -> int:
        target = event.target
        if self._none(target) or not hasattr(target, "closest"):
            return -1
        entry = target.closest("[data-group]")
        return -1 if self._none(entry) else int(str(entry.getAttribute("data-group")))

    def on_legend_hover(self, event: Any) -> None:
        """Pointing at (or focusing) a group in the legend lights its territories on the map; pointing at a
        territory shows its name."""
        group = self._group_of(event)
        if group >= 0:
            self._light_group(group)
        territory = self._territory_of(event)
        if territory >= 0 and self.map is not None:
            self.map.point(self.controller.state.board.territories[territory].id)

    def on_legend_leave(self, event: Any) -> None:
        if self._group_of(event) >= 0:
            self._light_group(-1)
        if self._territory_of(event) >= 0 and self.map is not None:
            self.map.point("")

    def _light_group(self, group: int) -> None:
        """Light the territories of one group (-1: none) by redrawing those whose state changed."""
        if group == self._lit_group:
            return
        board = self.controller.state.board
        before, self._lit_group = self._lit_group, group
        for territory in board.territories:
            if before in (territory.continent, -2) or territory.continent == group:
                shown = self._drawn.pop(territory.id, None)
                if shown is not None:
                    self._draw_territory(shown)

    def _territory_of(self, event: Any) -> int:
        target = event.target
        if self._none(target) or not hasattr(target, "closest"):
            return -1
        g = target.closest("[data-territory]")
        if self._none(g):
            return -1
        return self.controller.state.board.index.get(str(g.getAttribute("data-territory")), -1)

    def on_map_click(self, event: Any) -> None:
        """A click on the board: a zoom button, or the territory under it; a finger's tap goes to the
        territory it meant (or asks which, where two are as near); the end of a drag selects nothing, nor a
        tap that closes the chooser."""
        self._gesture()
        if self.map is not None:
            self.map.press_ended()
        target = event.target
        button = None if self._none(target) or not hasattr(target, "closest") else target.closest("[data-action]")
        if button is not None and not self._none(button):
            action = str(button.getAttribute("data-action"))
            if self.map is not None and action == "map-pick":  # the chooser of an ambiguous tap
                self.map.close_chooser()
                self.controller.click(int(str(button.getAttribute("data-arg"))))
                self.render()
            elif self.map is not None:
                self.map.command(action)
            return
        closed = self.map is not None and self.map.close_chooser()
        if closed or (self.map is not None and self.map.click_was_drag(event)):
            return
        if self.skip_motion() and not self.controller.is_human(self.controller.state.current):
            return  # a tap while a bot's motion plays only ends it (on a person's turn the tap plays on too)
        territory = self._territory_of(event)
        if self.map is not None and str(getattr(event, "pointerType", "") or "") in ("touch", "pen"):
            tap = self.map.tap(event)
            if tap.kind == "choose":
                self.map.offer(tap, event)
                return
            territory = tap.territory
        if territory >= 0:
            self.controller.click(territory)
            self.render()

    def on_map_key(self, event: Any) -> None:
        """Keys on a focused territory: Enter/Space select, arrows move, Escape cancels."""
        self._gesture()
        key = str(event.key)
        territory = self._territory_of(event)
        if territory < 0 or key not in KEYS:
            return
        event.preventDefault()
        event.stopPropagation()
        self.controller.key(territory, key)
        self.render()

    def on_document_key(self, event: Any) -> None:
        """Escape cancels (or closes the first screen's page); the shortcut keys press their buttons."""
        key = str(event.key)
        self._gesture()
        ui = self.controller.ui
        if key == "Escape":  # one thing closes per press, the topmost first
            if ui.dialog_open or self._modal_open or (self.map is not None and self.map.close_chooser()):
                return  # a <dialog> closes itself (and says so), the chooser has closed
            self.controller.escape()
            self.render()
            return
        if ui.dialog_open or any(bool(getattr(event, m, False)) for m in ("ctrlKey", "metaKey", "altKey")):
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower() if not self._none(target) else ""
        if tag in TYPING:
            return
        shift = bool(getattr(event, "shiftKey", False))
        if shift and key in ARROW_PAN and self.map is not None:
            event.preventDefault()
            self.map.pan_key(*ARROW_PAN[key])
            return
        shortcut = SHORTCUT_KEYS.get(key if len(key) > 1 else key.lower())
        if shortcut is None or (ui.home and shortcut.action != "keys"):
            return
        if self.shortcut(shortcut, backwards=shift):
            event.preventDefault()

    def shortcut(self, shortcut: Shortcut, backwards: bool = False) -> bool:
        """Do what a shortcut key does: press the first of its buttons that shows and is enabled, or its
        page action. True if something was done."""
        action = shortcut.action
        if action == "keys":
            self.controller.command("home-page", "keys")
            self.render()
            return True
        if action in MAP_ACTIONS:
            return self.map is not None and self.map.command(action)
        if action == "skip-motion":
            return self.skip_motion()
        if action in ("map", "next"):
            return self._focus_choice(step=0 if action == "map" else (-1 if backwards else 1))
        for selector in shortcut.targets:
            element = self.document.querySelector(selector)
            if self._none(element) or bool(element.disabled) or not self._none(element.closest("[hidden]")):
                continue
            element.click()
            return True
        return False

    def _focus_choice(self, step: int) -> bool:
        """Focus a territory that can be chosen now: the first (step 0), or the next or previous one after
        the focused territory."""
        order = [tid for tid, tv in self._drawn.items() if any(c in tv.classes for c in CHOICES)]
        if not order:
            order = list(self._territories)
        board = self.controller.state.board
        order.sort(key=board.territory_index)
        active = self.document.activeElement
        current = ""
        if not self._none(active) and hasattr(active, "closest"):
            g = active.closest("[data-territory]")
            current = "" if self._none(g) else str(g.getAttribute("data-territory"))
        if step == 0 or current not in order:
            chosen = order[0] if step >= 0 else order[-1]
        else:
            chosen = order[(order.index(current) + step) % len(order)]
        self._territories[chosen].focus()
        self._rove(chosen)
        return True

    def _play(self, name: str) -> None:
        """Play one of the page's sounds (if it can); the page's <html> counts those played (data-sounds)."""
        if name and self.sound.play(name):
            self._set(self.document.documentElement, "html", "data-sounds", str(self.sound.played))

    def _gesture(self) -> None:
        """A click, tap or key of the person: the moment the browser lets the page make its audio (Sound on)."""
        if self.controller.ui.sound:
            self.sound.unlock()
            self._set(self.document.documentElement, "html", "data-audio", "ready" if self.sound.ready else "none")

    def on_click(self, event: Any) -> None:
        """A click on a control: its ``data-action`` goes to the controller."""
        target = event.target
        if self._none(target) or not hasattr(target, "closest"):
            return
        button = target.closest("[data-action]")
        if self._none(button) or button.disabled:
            return
        action = str(button.getAttribute("data-action"))
        arg = button.getAttribute("data-arg")
        if action == "start-game":
            self.controller.submit_dialog(self.read_form(), self._new_seed())
        elif action == "another-world":
            self.controller.another_world(self._new_seed())
        elif action == "quick-start":
            self.controller.quick_start("" if self._none(arg) else str(arg), self._new_seed())
        else:
            self.controller.command(action, "" if self._none(arg) else str(arg))
        self._gesture()  # after the command: turning Sound on is itself the gesture that lets it play
        self.render()

    def on_input(self, event: Any) -> None:
        """Typing in a number field: the controller keeps it (the field is not rewritten while focused)."""
        target = event.target
        ident = str(target.id)
        if ident in FIELDS:
            self.controller.set_field(ident, str(target.value))
            self.render()

    def on_change(self, event: Any) -> None:
        """A field left or a choice made: the edition radio; the numbers are tidied on the way out."""
        target = event.target
        if str(target.getAttribute("name")) == "ng-edition":
            self.controller.set_field("ng-edition", str(target.value))
        elif str(target.getAttribute("name")) == "ng-board":
            self.controller.set_field("ng-board", str(target.value))
            choice = self.controller.ui.dialog_board
            if choice.board == WORLD and choice.seed < 0:  # the first new world shown: a seed drawn at random
                self.controller.another_world(self._new_seed())
        elif str(target.id) in (*FIELDS, *WORLD_FIELDS):  # a new world's options on change only (each makes one)
            self.controller.set_field(str(target.id), str(target.value))
        self._forget_values()
        self.render()

    def on_modal_closed(self, ident: str) -> None:
        """An edition's dialog closed: by Escape (the controller is told) or by the page itself (it knows)."""
        if self._modal_open.pop(ident, False):
            self.controller.command(MODALS[ident])
            self.render()

    def on_dialog_closed(self, event: Any) -> None:
        """The dialog closed itself (Escape): the controller forgets it was open."""
        if self.controller.ui.dialog_open:
            self.controller.command("close-dialog")
            self.render()

    def read_form(self) -> dict[str, object]:
        """The new-game dialog's fields as plain strings and lists."""
        doc = self.document
        form: dict[str, object] = {"count": str(doc.getElementById("ng-count").value)}
        for i in range(MAX_SEATS):
            for part in ("name", "colour", "controller"):
                form[f"{part}-{i}"] = str(doc.getElementById(f"ng-{part}-{i}").value)
        for element in doc.querySelectorAll('input[name="ng-edition"]'):
            if element.checked:
                form["edition"] = str(element.value)
        for element in doc.querySelectorAll('input[name="ng-setup"]'):
            if element.checked:
                form["setup"] = str(element.value)
        for group in EXCLUSIVE_OPTIONS:
            for element in doc.querySelectorAll(f'input[name="ng-{group}"]'):
                if element.checked and not element.disabled:
                    form[group] = str(element.value)
        form["options"] = [
            str(e.value) for e in doc.querySelectorAll('input[name="ng-option"]') if e.checked and not e.disabled]
        for element in doc.querySelectorAll('input[name="ng-board"]'):
            if element.checked and not doc.getElementById("ng-board").hidden:
                form["board"] = str(element.value)
        for part in ("seed", "size", "continents"):
            form[f"world-{part}"] = str(doc.getElementById(f"ng-world-{part}").value)
        return form

    # -- drawing ----------------------------------------------------------------------------------

    def _changed(self, key: str, what: str, value: object) -> bool:
        if self._written.get((key, what), ...) == value:
            return False
        self._written[(key, what)] = value
        return True

    def _forget_values(self) -> None:
        for key in [k for k in self._written if k[1] == "value"]:
            del self._written[key]

    def _set(self, element: Any, key: str, name: str, value: str) -> None:
        if self._changed(key, name, value):
            element.setAttribute(name, value)

    def render(self) -> None:
        """Write the controller's current Screen into the page, changing only what differs."""
        self._rendering = True
        try:
            self._render()
        finally:
            self._rendering = False

    def _move(self) -> None:
        """Play the motion of the last action's events once (nothing under reduce motion)."""
        ui = self.controller.ui
        if ui.events is self._moved:
            return
        self._moved = ui.events
        motion.clear(self.document, self._none)
        self._motion_until = 0.0
        if ui.sound and not (ui.fast or ui.skipping or ui.finishing):
            self._play(sound_for(ui.events))
        if not ui.motion or ui.fast or ui.skipping or ui.finishing:
            return
        territories = self.controller.state.board.territories
        centres = {i: self._badges[t.id][:2] for i, t in enumerate(territories) if t.id in self._badges}
        plays = motion.play(self.document, motion.steps_for(ui.events), centres, self._none)
        self._motion_until = self.clock() + plays / 1000 if plays else 0.0

    def motion_playing(self) -> bool:
        """Whether the motion of the last action is still playing over the map."""
        return self._motion_until > 0 and self.clock() < self._motion_until

    def skip_motion(self) -> bool:
        """End the motion playing at once (a tap on the map, or the key): the layer is cleared, the map shows the
        final state (it always did, under the motion), and a bot waiting for it moves on. Never changes the game.
        True if motion was playing."""
        if not self.motion_playing():
            return False
        self._motion_until = 0.0
        motion.clear(self.document, self._none)
        self.controller.ui.motion_skips += 1
        return True

    def _render(self) -> None:
        self._move()
        mapped = self._ensure_map()
        wanted = self.controller.state.rules.map
        if not mapped and wanted in self._map_failed:
            self.controller.ui.problem = (f"The map of this game could not be loaded: {self._map_failed[wanted]}. "
                                          "Reload the page to try again.")
        self.controller.coach.observe(self.controller)  # the guided turn follows the game's phase
        self._cue(self.cue.observe(self.controller))
        screen = view.render(self.controller)
        doc = self.document
        body = doc.body
        self._set(body, "body", "data-phase", screen.phase)
        self._set(body, "body", "data-player", screen.player)
        self._set(body, "body", "data-overlay", screen.overlay)
        self._set(body, "body", "data-handoff", screen.handoff)
        self._set(body, "body", "data-map", self._map_name if mapped else "")
        self._set(doc.documentElement, "html", "data-theme", screen.theme)
        self._set(doc.documentElement, "html", "data-motion", "on" if self.controller.ui.motion else "off")
        self._set(self._by_id("map"), "map", "data-replay", screen.replay)
        for tv in screen.territories if mapped else ():
            self._draw_territory(tv)
        if self.map is not None:
            self.map.mark(frozenset(tv.id for tv in screen.territories if "selected" in tv.classes
                                    or "target" in tv.classes))
        self._text("status", screen.status)
        self._text("message", screen.message)
        message = self._by_id("message")
        self._set(message, "message", "class", "message error" if screen.message_error else "message")
        welcome.place(doc, self.controller, self._none)  # on the hand-off screen, or a screen of its own
        for ident, control in screen.controls.items():
            self._draw_control(ident, control)
        self._draw_html(screen.html if mapped else {k: v for k, v in screen.html.items()
                                                    if not k.startswith("group-holder-")})
        self._draw_keys(screen.keys)
        if self._focus_next:
            shown, field = self._focus_next
            self._by_id(field).focus()
            # The focus scrolls only a field out of the viewport; one under a phone's map, which stays on
            # top, counts as in view: the panel is brought to the top of what shows (its scroll margin
            # keeps it below the map).
            scroll = getattr(self._by_id(shown), "scrollIntoView", None)
            if scroll is not None:
                scroll(True)
            self._focus_next = None
        dialog = self._by_id("new-game-dialog")
        if screen.dialog_open and not dialog.open:
            self._written.pop(("ng-error", "text"), None)
            for ident, value in screen.dialog_preset:  # pass-and-play: every seat a person
                self._by_id(ident).value = value
                if ident == "ng-count":
                    self.controller.set_field(ident, value)
            dialog.showModal()
        elif not screen.dialog_open and dialog.open:
            dialog.close()
        if self.map is not None and mapped:
            self.map.measure()  # the layout may have moved the map's box
            state = self.controller.state
            if not screen.overlay and self.controller.ui.record.replay is None \
                    and 0 <= state.current < len(self.controller.game.seats) \
                    and self.controller.is_human(state.current):  # the map opens on the player's own choices
                mine = str(state.current)
                self.map.follow((self._map_name, state.turn, state.current if state.turn else -1),
                                [tv.index for tv in screen.territories if "active" in tv.classes]
                                or [tv.index for tv in screen.territories if tv.owner == mine])
        if (screen.overlay, screen.handoff) != self._overlay:
            self._overlay = (screen.overlay, screen.handoff)
            # What the overlay covers is out of reach of the keyboard and screen readers too.
            for ident in ("map", "controls"):  # the first screen covers everything too
                element = self._by_id(ident)
                if screen.overlay:
                    element.setAttribute("inert", "")
                else:
                    element.removeAttribute("inert")
            if screen.overlay in OVERLAY_FOCUS:
                # A hand-off that asks whether its seat plays elsewhere: its main button is "Send this turn".
                send = self.document.getElementById("handoff-send") if screen.handoff else None
                button = self._by_id(OVERLAY_FOCUS[screen.overlay]) if send is None or self._none(send) else send
                if screen.overlay == "home" and not self._by_id("home-continue").hidden:
                    button = self._by_id("home-continue")
                if self._no_scroll is None:
                    button.focus()
                else:
                    button.focus(self._no_scroll)
            elif not screen.dialog_open and mapped:
                self._focus_first_active(screen)
        if screen.focus >= 0 and mapped:
            tid = screen.territories[screen.focus].id
            self._territories[tid].focus()
            self._rove(tid)
        self._place_coach()
        if self.controller.ui.home and self.controller.ui.home_page == "learn":
            self._draw_pictures()
        for hook in self.after_render:
            try:
                hook()
            except Exception as error:  # saving failed: say so, and let the page and the bots go on
                self.report("while saving the game", error)

    def _cue(self, shown: bool) -> None:
        """Your turn: the turn bar marked (it pulses once, in CSS, where motion is on) and the title says so."""
        if shown and not self._cued and self.controller.ui.sound:
            self._play("your-turn")
        self._cued = shown
        self._set(self._by_id("turn-bar"), "turn-bar", "data-cue", "your-turn" if shown else "")
        title = words.YOUR_TURN_TITLE + self._title if shown else self._title
        if self._changed("document", "title", title):
            self.document.title = title

    def _draw_keys(self, keys: tuple[str, ...]) -> None:
        """Put the step's key controls into the turn bar, in order, and those no longer key back in their
        places in the panes (``#home-<id>``); the keyboard's focus stays on the control that had it."""
        if keys == self._keys:
            return
        active = self.document.activeElement
        bar = self._by_id("bar-keys")
        for ident in self._keys:
            if ident not in keys:
                home = self._by_id(f"home-{ident}")
                home.parentNode.insertBefore(self._by_id(ident), home)
        for ident in keys:
            bar.insertBefore(self._by_id(ident), None)
        self._keys = keys
        self._by_id("turn-bar").setAttribute("data-keys", " ".join(keys))
        if not self._none(active) and active is not self.document.body:  # a moved element loses the focus
            if self._no_scroll is None:
                active.focus()
            else:
                active.focus(self._no_scroll)
    def _draw_pictures(self) -> None:
        """How to play's pictures of the edition shown, drawn from its map's drawing (fetched first if need be)."""
        ui = self.controller.ui
        key = learn.lesson_key(ui.learn_edition or self.controller.state.rules.edition)
        board = EDITIONS[key].rules.map
        figures = [(learn.picture_id(key, i), figure) for i, figure in LESSONS[key].figures]
        if all(ident in self._pictured for ident, _ in figures):
            return
        text = self._map_texts.get(board)
        if text is None:
            if self._load_map is not None and board not in self._picture_maps:
                self._picture_maps.add(board)

                def arrived(text: str) -> None:
                    self._map_texts[board] = text
                    if not self._rendering:
                        self.render()

                self._load_map(board, arrived, lambda error: None)  # no picture: the words still teach
            text = self._map_texts.get(board)
            if text is None:
                return
        for ident, figure in figures:
            if ident not in self._pictured:
                self._pictured.add(ident)
                self._by_id(ident).innerHTML = learn.picture_svg(text, board, figure.territory, figure.site,
                                                                 figure.caption)

    def _place_coach(self) -> None:
        """The guided turn's mark on its element (a territory of the map, or a button) and its bubble beside it."""
        def find(ident: str) -> Any:
            if ident.startswith("t-") and ident[2:] in self._territories:
                return self._territories[ident[2:]]
            try:
                found = self.document.getElementById(ident)
            except Exception:  # a fake page without the element
                return None
            return None if self._none(found) else found

        target = self.controller.coach.target(self.controller)
        index = self.controller.state.board.index.get(target[2:], -1) if target.startswith("t-") else -1
        if index >= 0 and self.map is not None and self._coach_marked[:1] != [target]:
            self.map.show(index)  # a territory newly marked is brought into view (once: the player may pan)
        window = getattr(self.document, "defaultView", None)
        coach.place(find, None if self._none(window) else window, target, self._coach_marked)

    def report(self, doing: str, error: BaseException) -> None:
        """Show an unexpected error to the player at once (and its traceback in the console); the page
        goes on. It stays on screen until dismissed, or comes back while the error does."""
        traceback.print_exception(error, file=sys.stderr)
        self.controller.report_problem(doing, error)
        try:
            self._draw_control("problem", Control(hidden=False))
            self._text("problem-text", self.controller.ui.problem)
        except Exception as again:  # no room to say it on the page: the console has it
            traceback.print_exception(again, file=sys.stderr)

    def _focus_first_active(self, screen: Screen) -> None:
        """The keyboard's focus to the first territory that can be chosen, one in view if there is one (the
        focus brings a territory into view, which would move the map off the player's own)."""
        active = [tv for tv in screen.territories if "active" in tv.classes]
        seen = [tv for tv in active if self.map is not None and self.map.in_view(tv.index)]
        for tv in (seen or active)[:1]:
            self._territories[tv.id].focus()

    def _draw_territory(self, tv: TerritoryView) -> None:
        key = tv.id
        if self._drawn.get(key) == tv:
            return
        self._drawn[key] = tv
        g = self._territories[key]
        self._set(g, key, "data-owner", tv.owner)
        self._set(g, key, "data-armies", str(tv.armies))
        self._set(g, key, "aria-label", tv.label)
        if self._changed(key, "aria-pressed", tv.pressed):  # a toggle only while chosen
            if tv.pressed:
                g.setAttribute("aria-pressed", "true")
            else:
                g.removeAttribute("aria-pressed")
        group = self.controller.state.board.territories[tv.index].continent
        lit = ("group-lit",) if group == self._lit_group else ()
        classes = " ".join((self._base_class[key], *tv.classes, "owned" if tv.owner else "unclaimed", *lit))
        self._set(g, key, "class", classes)
        x, y, r = self._badges[key]
        self._set(g, key, "style", f"--owner:{tv.colour};--tint:{tv.tint};--ink:{tv.ink};"
                                   f"--continent:{self._group_colour.get(key, '#666')};--bx:{x:g}px;--by:{y:g}px")
        if self._changed(key, "count", tv.armies):
            self._counts[key].textContent = str(tv.armies)
        mark = mark_path(tv.mark, x + r * 1.15, y - r * 1.15, r * MARK_SIZE) if tv.mark else ""
        self._set(self._marks[key], key + "/mark", "d", mark)
        self._draw_sites(key, dict(tv.sites), x, y, r)

    def _draw_sites(self, key: str, shown: dict[str, str], x: float, y: float, r: float) -> None:
        """The capital, city and airfield on a territory (Revised): each its own shape beside the badge."""
        made = self._sites.get(key)
        if made is None:
            if not shown:
                return
            made = self._sites[key] = {}
        for site in SITES:
            fill = shown.get(site)
            element = made.get(site)
            if element is None:
                if fill is None:
                    continue
                element = self.document.createElementNS(SVG_NS, "path")
                element.setAttribute("class", f"site site-{site}")
                element.setAttribute("aria-hidden", "true")
                self._territories[key].appendChild(element)
                made[site] = element
            dx, dy = SITE_PLACES[site]
            path = site_path(site, x + dx * r, y + dy * r, r * SITE_SIZES[site]) if fill is not None else ""
            self._set(element, f"{key}/{site}", "d", path)
            if fill is not None:
                self._set(element, f"{key}/{site}", "fill", fill)

    def _by_id(self, ident: str) -> Any:
        """A fixed element of the layout (looked up once: fewer calls into the browser)."""
        element = self._elements.get(ident)
        if element is None:
            element = self.document.getElementById(ident)
            if self._none(element):
                raise RuntimeError(f"the page has no element #{ident}")
            self._elements[ident] = element
        return element

    def _text(self, ident: str, text: str) -> None:
        if self._changed(ident, "text", text):
            self._by_id(ident).textContent = text

    def _draw_control(self, ident: str, control: Control) -> None:
        element = self._by_id(ident)
        if ident in MODALS:
            if not control.hidden and not element.open:
                self._modal_open[ident] = True
                element.showModal()
            elif control.hidden and element.open:
                self._modal_open.pop(ident, None)  # closed by the page: not a close to report
                element.close()
            return
        if self._changed(ident, "hidden", control.hidden):
            element.hidden = control.hidden
            if not control.hidden and ident in FOCUS_ON_SHOW:
                self._focus_next = (ident, FOCUS_ON_SHOW[ident])
        if control.disabled is not None and self._changed(ident, "disabled", control.disabled):
            element.disabled = control.disabled
        if control.text is not None and self._changed(ident, "text", control.text):
            element.textContent = control.text
        if control.pressed is not None:
            self._set(element, ident, "aria-pressed", "true" if control.pressed else "false")
        for name, value in (("min", control.minimum), ("max", control.maximum)):
            if value is not None:
                self._set(element, ident, name, value)
        if control.value is not None and not self._is_focused(element) and self._changed(ident, "value", control.value):
            element.value = control.value
        if control.checked is not None and self._changed(ident, "checked", control.checked):
            element.checked = control.checked

    def _is_focused(self, element: Any) -> bool:
        active = self.document.activeElement
        return not self._none(active) and active == element

    def _draw_html(self, parts: dict[str, str]) -> None:
        doc = self.document
        for ident, html in parts.items():
            if not self._changed(ident, "html", html):
                continue
            element = self._by_id(ident)
            active = doc.activeElement
            keep = None
            if not self._none(active) and element.contains(active) and active.hasAttribute("data-action"):
                keep = (str(active.getAttribute("data-action")), str(active.getAttribute("data-arg") or ""))
            element.innerHTML = html
            if keep is not None:
                self._refocus(element, keep)

    def _refocus(self, container: Any, keep: tuple[str, str]) -> None:
        """After a list was redrawn, focus the same button again, or the list's first one."""
        buttons = list(container.querySelectorAll("[data-action]"))
        for button in buttons:
            if (str(button.getAttribute("data-action")), str(button.getAttribute("data-arg") or "")) == keep:
                button.focus()
                return
        if buttons:
            buttons[0].focus()


def connect(controller: Controller, new_seed: Callable[[], int], board_file: BoardFiles = no_board_files) -> Page:
    """Bind the controller to the real page through PyScript and draw it (``board_file``: the boards this
    browser holds beside the shipped ones)."""
    from pyscript import document, window  # type: ignore[import-not-found]
    from pyscript.ffi import create_proxy, is_none, to_js  # type: ignore[import-not-found]

    no_scroll = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
    not_passive = to_js({"passive": False}, dict_converter=window.Object.fromEntries)
    page = Page(document, controller, proxy=create_proxy, is_none=is_none, new_seed=new_seed, no_scroll=no_scroll,
                not_passive=not_passive, sound=Sound(window, is_none),
                load_map=lambda ref, done, failed: load_drawing(
                    ref, done, failed, fetch=lambda url, got, lost: _fetch_text(window, url, got, lost),
                    board_file=board_file))
    if not controller.ui.motion_chosen:  # motion follows the browser's reduce motion unless the person chose
        controller.ui.motion = not window.matchMedia("(prefers-reduced-motion: reduce)").matches
    page.mount()
    page._listen(window, "resize", page.resized)
    # The map's box changes size without a resize too (the stylesheet arriving, the layout around it).
    resized = create_proxy(lambda *_: page.resized())
    page._listeners.append(resized)
    window.ResizeObserver.new(resized).observe(document.getElementById("map"))
    return page


_fetches: set[asyncio.Task[None]] = set()  # keeps running fetches from being collected


def _fetch_text(window: Any, url: str, done: Callable[[str], None], failed: Callable[[BaseException], None]) -> None:
    """Fetch a file of the site (a map's drawing; the service worker answers offline), then hand it over."""

    async def fetch() -> None:
        try:
            response = await window.fetch(url)
            if not response.ok:
                raise RuntimeError(f"the site answered {response.status} for the map")
            text = str(await response.text())
        except Exception as error:  # offline without the file, or a server error: the page says so
            failed(error)
            return
        done(text)

    task = asyncio.ensure_future(fetch())
    _fetches.add(task)
    task.add_done_callback(_fetches.discard)


def page_query() -> str:
    """The page address's query string (``?seed=…``)."""
    from pyscript import window

    return str(window.location.search)


def page_fragment() -> str:
    """The page address's fragment (``#<game code>``), "" without one."""
    from pyscript import window

    return str(window.location.hash)


def expose(name: str, function: Callable[..., Any]) -> None:
    """Make a Python function callable from the page's JavaScript as ``window.<name>`` (test hooks)."""
    from pyscript import window
    from pyscript.ffi import create_proxy

    setattr(window, name, create_proxy(function))
