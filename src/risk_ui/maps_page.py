"""The first screen's "Maps" page: the boards kept in this browser, and importing one (issue #24, parts 1 and 3).

:class:`MapsPanel` fills the page's skeleton (``layout.maps_page_html``: the file chooser, a message line and
an empty list) from the :class:`~risk_ui.board_shelf.BoardShelf`: each kept map with a small preview (its
outlines, without the picture or badges), its name and counts, and Rename, Export, Delete and "Play on this
map". Its buttons carry ``data-map-action`` (not ``data-action``: the game's controller never sees them), as the
saves panel's carry ``data-save-action``.

Import takes what the file chooser gives: a Domination map's files (the ``.map`` with its ``.cards`` and
images), one ``.zip`` of them, or a board file (``.json``) exported here. Domination's files go through
:func:`risk.importers.domination.import_map` in the page (pure Python: the index image is traced here); a bad
file gets the importer's message, which names the file, the line and the problem, and nothing changes. The
reading is :func:`read_map` (pure, tested in CPython); the browser's part is reading the chosen files' bytes.

Delete asks first, naming the saved games played on the map (they open again once it is imported again).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Protocol

from risk_ui import words
from risk_ui.board_shelf import BoardShelf, ShelfEntry, ShelfFull
from risk_ui.storage import Saves

ACTION = "data-map-action"
PREVIEW_WIDTH = 160  # CSS pixels of a preview's width (its height follows the map's)
SEA = "#cfe0ea"
LAND = "#d9d2bd"


class NotAMap(ValueError):
    """Files that are none of the kinds a map comes in; the message is for the player."""


@dataclass(frozen=True)
class MapRead:
    """A map read from files: its board file and what the importer noted (shown under the message)."""

    board: dict[str, object]
    warnings: tuple[str, ...] = ()


def read_map(files: Sequence[tuple[str, bytes]]) -> MapRead:
    """The board file that the chosen files make: a board file (``.json``), one ``.zip`` of a Domination map,
    or a Domination map's files. Raises :class:`risk.importers.errors.MapImportError` (file, line, problem),
    :class:`risk.boardfile.BoardFileError` or :class:`NotAMap`, all ``ValueError``s with the player's sentence.
    """
    if not files:
        raise NotAMap(words.NOT_A_MAP)
    lowered = [name.lower() for name, _ in files]
    if len(files) == 1 and lowered[0].endswith(".json"):
        from risk.boardfile import loads

        name, data = files[0]
        return MapRead(loads(data, name))
    chosen: dict[str, bytes] = {}
    zips = [(name, data) for (name, data), low in zip(files, lowered, strict=True) if low.endswith(".zip")]
    if zips:
        from risk.importers.domination import read_zip

        for name, data in zips:
            chosen.update(read_zip(data, name))
    chosen.update((name, data) for (name, data), low in zip(files, lowered, strict=True) if not low.endswith(".zip"))
    if not any(name.lower().endswith(".map") for name in chosen):
        raise NotAMap(words.NOT_A_MAP)
    from risk.importers.domination import import_map

    imported = import_map(chosen)
    return MapRead(imported.board, imported.warnings)


def preview_svg(data: Mapping[str, Any], title: str) -> str:
    """A small drawing of a board's outlines (each territory's land in its colour on the sea; no picture, badges
    or names): cheap to draw for a list. Every value is escaped."""
    drawing = data.get("drawing")
    if not isinstance(drawing, Mapping):
        return ""
    box = drawing.get("view_box")
    if not (isinstance(box, list) and len(box) == 4 and all(isinstance(v, int | float) for v in box)) or box[2] <= 0:
        return ""
    continent_of = {str(t.get("id")): str(t.get("continent")) for t in data.get("territories", [])
                    if isinstance(t, Mapping)}
    raw_groups, raw_lands = drawing.get("continents"), drawing.get("territories")
    groups: Mapping[str, Any] = raw_groups if isinstance(raw_groups, Mapping) else {}
    lands: Mapping[str, Any] = raw_lands if isinstance(raw_lands, Mapping) else {}
    paths = []
    for tid, look in lands.items():
        if not isinstance(look, Mapping) or not isinstance(look.get("land"), list):
            continue
        group = groups.get(continent_of.get(str(tid), ""), {})
        fill = look.get("fill") or (group.get("fill") if isinstance(group, Mapping) else None) or LAND
        paths.append(f'<path d="{escape(" ".join(str(p) for p in look["land"]))}" fill="{escape(str(fill))}"/>')
    x, y, w, h = (float(v) for v in box)
    height = round(PREVIEW_WIDTH * h / w)
    label = escape(f"{words.MAPS_PREVIEW} {title}")
    return (f'<svg class="map-preview" viewBox="{x:g} {y:g} {w:g} {h:g}" width="{PREVIEW_WIDTH}" height="{height}" '
            f'role="img" aria-label="{label}" preserveAspectRatio="xMidYMid meet">'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{SEA}"/>'
            f'<g stroke="#5b4a2a" stroke-width="{max(w, h) / 400:.2g}" stroke-linejoin="round">{"".join(paths)}</g>'
            "</svg>")


def entry_html(entry: ShelfEntry, preview: str, confirming: bool) -> str:
    """One kept map: its preview, name and counts, then its buttons (every name as text)."""
    title = escape(entry.shown)
    key = escape(entry.ref.partition(":")[2])
    ref = escape(entry.ref)
    button = ('<button type="button" ' + ACTION + '="{0}" data-map="{1}" aria-label="{2} {3}"{4}>{2}</button>')

    def act(action: str, text: str, extra: str = "") -> str:
        return button.format(action, ref, escape(text), title, extra)

    facts = escape(entry.facts_text())
    if entry.problem:
        facts = escape(words.map_damaged_text(entry.shown, entry.problem))
    buttons = (
        (act("play", words.MAPS_PLAY, ' class="primary"') if not entry.problem else "")
        + f'<input type="text" class="map-rename" id="map-rename-{key}" maxlength="80" '
        f'aria-label="{escape(words.MAPS_NEW_NAME)} {title}" placeholder="{escape(words.MAPS_NEW_NAME)}" '
        f'value="{escape(entry.title or entry.name)}">'
        + act("rename", words.MAPS_RENAME)
        + (act("export", words.MAPS_EXPORT) if not entry.problem else "")
        + act("delete", words.MAPS_DELETE))
    if confirming:
        buttons = act("delete-yes", words.MAPS_DELETE_ANYWAY, ' class="danger"') + act("delete-no", words.MAPS_KEEP)
    return (f'<li class="map-entry" data-map="{ref}">{preview}<div class="map-about">'
            f'<span class="map-name">{title}</span><span class="map-facts">{facts}</span>'
            f'<span class="map-buttons">{buttons}</span></div></li>')


class Renders(Protocol):
    """What the panel needs of the game's page: its controller and a way to draw it."""

    controller: Any

    def render(self) -> None: ...


class FilesBrowser(Protocol):
    """What the panel asks of the browser: the chosen files' bytes, and a download."""

    def download(self, name: str, text: str) -> None: ...

    async def read_files(self, element: Any) -> list[tuple[str, bytes]]: ...


class MapsPanel:
    """The Maps page bound to the game's page: mount once; :meth:`refresh` after every render."""

    def __init__(self, document: Any, page: Renders, shelf: BoardShelf, saves: Saves, browser: FilesBrowser, *,
                 proxy: Callable[[Callable[..., Any]], Any] = lambda f: f,
                 is_none: Callable[[Any], bool] = lambda v: v is None) -> None:
        self.document = document
        self.page = page
        self.shelf = shelf
        self.saves = saves
        self.browser = browser
        self._proxy = proxy
        self._none = is_none
        self._listeners: list[Any] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._previews: dict[str, str] = {}  # by reference: a kept board never changes
        self._written: dict[str, str] = {}
        self.message = ""
        self.notes: tuple[str, ...] = ()  # what the last import noted (the importer's warnings)
        self.error = False
        self.confirming = ""  # the map whose Delete waits for a second press

    def mount(self) -> None:
        """Listen to the page's buttons and file chooser."""
        page = self.document.getElementById("home-maps-page")
        if not self._none(page):
            self._listen(page, "click", self.on_click)
        chooser = self.document.getElementById("maps-import")
        if not self._none(chooser):
            self._listen(chooser, "change", self.on_import)
        self.refresh()

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = self._proxy(handler)
        self._listeners.append(proxy)
        target.addEventListener(kind, proxy)

    # -- events -----------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target
        if self._none(target) or not hasattr(target, "closest"):
            return
        button = target.closest(f"[{ACTION}]")
        if self._none(button):
            return
        self.command(str(button.getAttribute(ACTION)), str(button.getAttribute("data-map") or ""))

    def on_storage(self, key: str | None) -> None:
        """Another tab kept, renamed or deleted a map: hold what it kept, list what is kept now."""
        if key is None or key == self.shelf.index_key:
            self.shelf.restore()
            self.refresh()

    def command(self, action: str, ref: str) -> None:
        """Play, rename, export or delete (asked first); then draw the list again."""
        entry = self.shelf.entry(ref)
        if entry is None:
            return
        self.error = False
        self.notes = ()
        if action != "delete-yes":
            self.confirming = ""
        if action == "play":
            self.message = ""
            self.page.controller.play_on_board(ref)
            self.page.render()
            # The dialog's radios of this map and of the edition chosen are checked (the view writes the kept maps'
            # radios once, as they are listed, so that moving among them keeps the keyboard's focus, and leaves the
            # editions' to the person).
            edition = self.page.controller.ui.dialog_edition
            for name, value in (("ng-edition", edition), ("ng-board", ref)):
                for radio in self.document.querySelectorAll(f'input[name="{name}"]'):
                    if str(radio.getAttribute("value")) == value:
                        radio.checked = True
        elif action == "rename":
            field = self.document.getElementById(f"map-rename-{ref.partition(':')[2]}")
            try:
                renamed = self.shelf.rename(ref, "" if self._none(field) else str(field.value))
            except ShelfFull as full:
                self.message, self.error = str(full), True
            else:
                self.message = words.map_renamed_text(renamed.shown) if renamed else ""
        elif action == "export":
            name, text = self.shelf.export(ref)
            self.browser.download(name, text)
            self.message = words.map_exported_text(entry.shown, name)
        elif action == "delete":
            games = [e.title if e.name else f"{e.title} ({', '.join(e.players)})"
                     for e in self.shelf.games_on(ref, self.saves)]
            self.confirming = ref
            self.message = (words.map_in_use_text(entry.shown, games) if games
                            else words.map_delete_text(entry.shown))
        elif action == "delete-yes" and self.confirming == ref:
            self.confirming = ""
            self.shelf.forget(ref)
            self._previews.pop(ref, None)
            self.message = words.map_deleted_text(entry.shown)
        elif action == "delete-no":
            self.message = ""
        self.refresh()

    def on_import(self, event: Any) -> None:
        """Files chosen: read them into a board and keep it."""
        task = asyncio.ensure_future(self.import_files(event.target))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def import_files(self, element: Any) -> None:
        self.message, self.error, self.notes, self.confirming = words.MAPS_READING, False, (), ""
        self.refresh()
        await asyncio.sleep(0)  # the words show before the tracing takes its second
        try:
            files = await self.browser.read_files(element)
        except Exception as error:  # the browser could not read them (moved, unreadable)
            self.message, self.error = words.map_unread_text(words.error_text(error)), True
        else:
            self.keep(files)
        self.page.render()  # the whole page (this panel too): a game waiting for this map opens (risk_ui.saves_panel)

    def keep(self, files: Sequence[tuple[str, bytes]]) -> str:
        """Read and keep a map from files; its reference, or "" with the reason in :attr:`message`."""
        try:
            read = read_map(files)
            before = {e.ref for e in self.shelf.entries()}
            ref = self.shelf.keep(read.board)
        except ShelfFull as full:
            self.message, self.error = str(full), True
            return ""
        except ImportError:  # the importer's code comes over the network the first time, and there is none
            self.message, self.error = words.MAPS_UNFETCHABLE, True
            return ""
        except (ValueError, RecursionError) as error:  # the importer's or the validator's sentence
            self.message, self.error = str(error), True
            return ""
        except Exception as error:  # a fault of the importer's own: said, and nothing kept
            self.message, self.error = words.map_unread_text(words.error_text(error)), True
            return ""
        entry = self.shelf.entry(ref)
        shown = entry.shown if entry else ref
        self.notes = read.warnings
        self.message = (words.map_already_text(shown) if ref in before
                        else words.map_kept_text(shown, len(read.warnings)))
        return ref

    # -- drawing ----------------------------------------------------------------------------------

    def _preview(self, entry: ShelfEntry) -> str:
        if entry.ref not in self._previews:
            try:
                self._previews[entry.ref] = preview_svg(self.shelf.board_file(entry.ref), entry.shown)
            except (ValueError, RecursionError, LookupError):
                self._previews[entry.ref] = ""
        return self._previews[entry.ref]

    def list_html(self) -> str:
        entries = self.shelf.entries()
        if not entries:
            return f'<li class="map-none">{escape(words.MAPS_NONE)}</li>'
        return "".join(entry_html(e, self._preview(e), e.ref == self.confirming) for e in entries)

    def refresh(self) -> None:
        """Write the message and the list where they changed."""
        controller = self.page.controller
        if not (controller.ui.home and controller.ui.home_page == "maps") and self._written:
            return  # drawn when the page shows (and once at the start)
        notes = "".join(f"<li>{escape(n)}</li>" for n in self.notes)
        self._write("maps-message", "textContent", self.message)
        self._write("maps-message", "class", "home-note error" if self.error else "home-note")
        self._write("maps-notes", "innerHTML", notes)
        self._write("maps-list", "innerHTML", self.list_html())

    def _write(self, ident: str, what: str, value: str) -> None:
        if self._written.get(ident + "/" + what) == value:
            return
        self._written[ident + "/" + what] = value
        element = self.document.getElementById(ident)
        if self._none(element):
            return
        if what == "class":
            element.setAttribute("class", value)
        else:
            setattr(element, what, value)


class PageFiles:
    """The real browser's files through PyScript: the chosen files' bytes, and downloads."""

    def __init__(self, window: Any, document: Any, to_js: Callable[..., Any]) -> None:
        from risk_ui.saves_panel import PageBrowser

        self._page = PageBrowser(window, document, to_js)

    def download(self, name: str, text: str) -> None:
        self._page.download(name, text)

    async def read_files(self, element: Any) -> list[tuple[str, bytes]]:
        return await self._page.read_files(element)


def connect(page: Renders, saves: Saves) -> MapsPanel | None:
    """Mount the Maps page on the real page (the shelf :func:`risk_ui.board_shelf.open_in_page` made), draw it
    after every render, and follow another tab's maps."""
    from pyscript import document, window  # type: ignore[import-not-found]
    from pyscript.ffi import create_proxy, is_none, to_js  # type: ignore[import-not-found]

    from risk_ui.board_shelf import page_shelf

    shelf = page_shelf()
    if shelf is None:
        return None
    panel = MapsPanel(document, page, shelf, saves, PageFiles(window, document, to_js), proxy=create_proxy,
                      is_none=is_none)
    panel.mount()
    page.after_render.append(panel.refresh)  # type: ignore[attr-defined]

    def on_storage(event: Any) -> None:
        raw = event.key
        panel.on_storage(None if is_none(raw) else str(raw))

    panel._listen(window, "storage", on_storage)
    return panel
