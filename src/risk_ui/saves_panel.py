"""The page's saved games: autosave after every action, the address, undo, the list, and "Send this turn".

:class:`Session` is the pure part: which save the game on the table is, what opening the page with a
link (``#<code>``) or without one resumes, and what to write after each action. :class:`SavesPanel`
draws the "Saved games" panel into any document with the DOM's methods (the tests use the fake DOM)
and listens to its own buttons, which carry ``data-save-action`` (not ``data-action``: the game's
controller never sees them). The browser itself (local storage, the address, the clipboard, files)
is behind :class:`Browser`; :func:`connect` gives the real one.

Names from a link or a save file are written as text (escaped), never as markup.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape
from typing import Any, Protocol

from risk import codec
from risk.codec import (
    SHARE_SEPARATOR,
    CannotEncode,
    CodecError,
    ReplayCoder,
    decode_share,
    encode_share,
    replay_length,
    share_present,
)
from risk.game import Game
from risk.state import GameState, Phase
from risk_ui import storage
from risk_ui.controller import Controller
from risk_ui.storage import SaveEntry, Saves, StorageFull

PANEL_ID = "saves-panel"
STYLESHEET = "./assets/style/saves.css"
NO_STORAGE = "This browser keeps no saved games for this page: only the address holds the game."


class Renders(Protocol):
    """What the panel needs of the game's page: its controller and a way to draw it."""

    controller: Controller

    def render(self) -> None: ...


class Session:
    """Which save the game on the table is, and keeping it saved after every action."""

    def __init__(self, saves: Saves, new_id: Callable[[], str]) -> None:
        self.saves = saves
        self.new_id = new_id
        self.save_id = ""
        self.message = ""  # a sentence for the player: a damaged link, a full storage
        self.link = ""  # the link code of the game on the table (its present moment), as last written
        self._key: object = None
        self._coder: ReplayCoder | None = None  # the replay code of the game on the table, kept up

    # -- opening the page -------------------------------------------------------------------------

    def open(self, controller: Controller, fragment: str, *, fresh: bool = False) -> None:
        """Resume what the address asks for: its link (a save of ours, or a new game from elsewhere), else
        the current autosave (unless ``fresh``: the address asked for a new seed or a scenario)."""
        code = fragment.lstrip("#").strip()
        if code:
            if self.open_link(controller, code):
                return
            fresh = False  # a damaged link: the game of before stays on the table
        message = self.message
        current = self.saves.current_id()
        if not (current and not fresh and self._load(controller, current)):
            self.save_id = self.new_id()
        self.message = message or self.message
        if self.message:
            controller.ui.notice, controller.ui.error = self.message, True

    def open_link(self, controller: Controller, code: str) -> bool:
        """Put the game of a link on the table; on a damaged link say why and change nothing.

        A link to the present of a save of ours (a reload) opens that save, whose record is whole, unless
        the link carries a longer one. A link with a history that carries on a save of ours (the friend
        we sent it to played on) replaces that save, so passing a game back and forth keeps one save of
        it. Any other link is a new save.
        """
        entry = self.saves.find_link(code)
        if entry is not None and self._load(controller, entry.id):
            # A save of ours at this very moment (a reload): it stands, unless the link's record is longer.
            if self._fewer_actions_than(controller.game, code):
                self._load_link(controller, code, entry.id)
            return True
        return self._load_link(controller, code, "")

    @staticmethod
    def _fewer_actions_than(game: Game, code: str) -> bool:
        """Whether the history a link carries has more actions than ``game``'s record (header only)."""
        _, separator, past = code.partition(SHARE_SEPARATOR)
        try:
            return bool(separator) and replay_length(past) > len(game.history)
        except CodecError:
            return False

    def _load_link(self, controller: Controller, code: str, save_id: str) -> bool:
        """Decode a link and put its game on the table as save ``save_id``, else as the save it carries
        on, else as a new one; on a damaged link say why and change nothing."""
        try:
            game, problem = decode_share(code)
        except CodecError as error:
            self.message = str(error)
            controller.ui.notice, controller.ui.error = self.message, True
            return False
        if not save_id:
            carried_on = self.saves.continued_by(game) if game.history else None
            save_id = carried_on.id if carried_on is not None else self.new_id()
        controller.load(game)
        self.save_id = save_id
        self._key = None  # saved at once (a new save, or the one it carries on)
        if problem:
            self.message = problem
            controller.ui.notice, controller.ui.error = problem, True
        return True

    def _load(self, controller: Controller, save_id: str) -> bool:
        try:
            game = self.saves.load(save_id)
        except CodecError as error:
            self.message = str(error)
            return False
        entry = self.saves.entry(save_id)
        controller.load(game, entry.viewer if entry else -1)
        self.save_id = save_id
        self.link = entry.link if entry else ""
        self._key = self._state_key(controller)  # nothing new to write until the next action
        return True

    # -- after each action ------------------------------------------------------------------------

    @staticmethod
    def _state_key(controller: Controller) -> object:
        game = controller.game
        return (id(game), len(game.history), id(game.state), controller.ui.viewer)

    def changed(self, controller: Controller) -> bool:
        """Whether the game changed since it was last saved."""
        return self._key != self._state_key(controller)

    def save(self, controller: Controller) -> str:
        """Autosave the game if it changed; return the code to put in the address, the present and the
        history (see :meth:`address`), or "" if nothing changed."""
        if not self.changed(controller):
            return ""
        previous = self._key
        if previous is not None and previous[0] != id(controller.game):  # type: ignore[index]
            self.save_id = self.new_id()  # another game on the table: a new save
        self._key = self._state_key(controller)
        # Whether a move was made since (a hand-off screen passed is not one).
        moved = previous is not None and previous[:2] != self._key[:2]  # type: ignore[index]
        try:
            entry = self.saves.autosave(controller.game, self.save_id, controller.ui.viewer)
        except StorageFull as error:
            self.message = str(error)
            from risk.codec import encode_game

            self.link = encode_game(controller.game)
            return self.address(controller)
        if self._quiet_after(moved):
            self.message = ""  # a move since: what was said is old news (a lack of storage is not)
        self.link = entry.link
        return self.address(controller)

    def address(self, controller: Controller) -> str:
        """What the page's address holds: the link code of the present, then the game's history (as a
        share code), so that a link copied from the address carries the whole record. The history is
        kept up by a :class:`~risk.codec.ReplayCoder` (only its last block is written again) and left
        out when longer than a link takes."""
        game = controller.game
        if not game.history:
            return self.link
        if self._coder is None or self._coder.game is not game:
            self._coder = ReplayCoder(game)
        try:
            history = self._coder.code()
        except CannotEncode:
            return self.link
        return self.link if len(history) > codec.MAX_SHARED_HISTORY_CHARS else self.link + SHARE_SEPARATOR + history

    def _quiet_after(self, moved: bool) -> bool:
        return bool(self.message) and (moved or self.message == storage.FULL_MESSAGE) and (
            self.message != NO_STORAGE)

    def load(self, controller: Controller, save_id: str) -> bool:
        """The list's Load: put a save on the table."""
        self.message = ""
        return self._load(controller, save_id)

    def undo(self, controller: Controller, before: GameState | None = None) -> bool:
        """Take back the last action of this turn if nothing random came since (``before``: the state
        before it, if known)."""
        mine = controller.is_human(controller.state.current)  # a bot's moves are not the player's to undo
        if controller.ui.record.replay is not None or not mine or not storage.undo(controller.game, before):
            self.message = "Nothing to undo: a roll of the dice, a card drawn and the start of a turn are final."
            return False
        self.message = ""
        controller.cancel()
        controller.ui.notice, controller.ui.error = "Undone.", False
        return True


# -- the panel ----------------------------------------------------------------------------------------


def panel_html() -> str:
    """The panel's fixed skeleton (the list is filled in later)."""
    return (
        f'<section id="{PANEL_ID}" class="panel saves-panel" aria-label="Saved games">'
        '<div class="saves-buttons">'
        '<button type="button" id="undo" data-save-action="undo">Undo</button>'
        '<button type="button" id="send-turn" data-save-action="send">Send this turn</button></div>'
        '<p id="saves-message" class="message" role="alert"></p>'
        '<details id="saves-details"><summary>Saved games</summary><ul id="saves-list" class="saves-list"></ul>'
        '<label class="saves-import">Import a save file '
        '<input type="file" id="saves-import" accept=".txt,text/plain"></label></details></section>')


def entry_html(entry: SaveEntry, current: bool) -> str:
    """One line of the list: the name and what the game is, then its buttons (every name as text)."""
    title = escape(entry.title)
    sid = escape(entry.id)
    facts = escape(f"{', '.join(entry.players)} · {entry.edition} · turn {entry.turn} · {entry.date_text()}")
    mark = '<span class="save-current">(on the table)</span>' if current else ""
    button = '<button type="button" data-save-action="{0}" data-save-id="{1}" aria-label="{2} {3}">{2}</button>'
    return (
        f'<li class="save" data-save="{sid}"><span class="save-name">{title}</span>{mark}'
        f'<span class="save-facts">{facts}</span><span class="save-buttons">'
        + button.format("load", sid, "Load", title)
        + f'<input type="text" class="save-rename" id="rename-{sid}" maxlength="24" '
        f'aria-label="New name for {title}" placeholder="New name" value="{escape(entry.name)}">'
        + button.format("rename", sid, "Rename", title)
        + button.format("export", sid, "Export", title)
        + button.format("delete", sid, "Delete", title)
        + "</span></li>")


def list_html(session: Session) -> str:
    """The whole list."""
    entries = session.saves.entries()
    if not entries:
        return '<li class="save-none">No saved games yet.</li>'
    return "".join(entry_html(e, e.id == session.save_id) for e in entries)


class Browser(Protocol):
    """What the panel asks of the browser."""

    def replace_fragment(self, code: str) -> None: ...

    def address(self, code: str) -> str: ...

    async def send(self, url: str) -> str: ...

    def download(self, name: str, text: str) -> None: ...

    async def read_file(self, element: Any) -> str: ...


class SavesPanel:
    """The panel bound to the game's page: mount once; :meth:`refresh` after every render."""

    def __init__(self, document: Any, page: Renders, session: Session, browser: Browser, *,
                 proxy: Callable[[Callable[..., Any]], Any] = lambda f: f,
                 is_none: Callable[[Any], bool] = lambda v: v is None) -> None:
        self.document = document
        self.page = page
        self.session = session
        self.browser = browser
        self._proxy = proxy
        self._none = is_none
        self._listeners: list[Any] = []
        self._written: dict[str, object] = {}
        self._undo_key: object = None
        self._undoable = False
        self._game_id = 0
        self._before: dict[int, GameState] = {}  # the state before action n of this game, as seen
        self._last: tuple[int, GameState] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def mount(self) -> None:
        """Add the panel to the controls and a "Send this turn" button to the hand-off screen; listen."""
        doc = self.document
        if self._none(doc.querySelector(f'link[href="{STYLESHEET}"]')):
            link = doc.createElement("link")
            link.setAttribute("rel", "stylesheet")
            link.setAttribute("href", STYLESHEET)
            doc.head.appendChild(link)
        holder = doc.createElement("div")
        holder.innerHTML = panel_html()
        doc.getElementById("controls").appendChild(holder)
        box = doc.querySelector("#handoff .overlay-box")
        if not self._none(box):
            send = doc.createElement("button")
            send.setAttribute("type", "button")
            send.setAttribute("id", "handoff-send")
            send.setAttribute("data-save-action", "send")
            send.textContent = "Send this turn"
            box.appendChild(send)
            # The panel's message also shows here, or the overlay would hide what Send (or a link) said.
            said = doc.createElement("p")
            said.setAttribute("id", "handoff-message")
            said.setAttribute("class", "message")
            said.setAttribute("role", "status")
            box.appendChild(said)
            self._listen(box, "click", self.on_click)
        self._listen(holder, "click", self.on_click)
        self._listen(doc.getElementById("saves-import"), "change", self.on_import)
        self.refresh()

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = self._proxy(handler)
        self._listeners.append(proxy)
        target.addEventListener(kind, proxy)

    # -- events -----------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        """A button of the panel."""
        target = event.target
        if self._none(target) or not hasattr(target, "closest"):
            return
        button = target.closest("[data-save-action]")
        if self._none(button):
            return
        action = str(button.getAttribute("data-save-action"))
        raw = button.getAttribute("data-save-id")
        save_id = "" if self._none(raw) else str(raw)
        self.command(action, save_id)

    def command(self, action: str, save_id: str = "") -> None:
        """Undo, send, load, rename, export or delete; then draw the page again."""
        session, controller = self.session, self.page.controller
        if action == "undo":
            session.undo(controller, self._before.get(len(controller.game.history)))
        elif action == "send":
            self._spawn(self._send())
            return
        elif action == "load":
            session.load(controller, save_id)
        elif action == "rename":
            field = self.document.getElementById(f"rename-{save_id}")
            try:
                session.saves.rename(save_id, "" if self._none(field) else str(field.value))
            except storage.QuotaExceeded:
                session.message = storage.FULL_MESSAGE
        elif action == "export":
            name, text = session.saves.export(save_id)
            self.browser.download(name, text)
        elif action == "delete":
            session.saves.delete(save_id)
            if save_id == session.save_id:
                session._key = None  # the game on the table is saved again (as a new save) at once
                session.save_id = session.new_id()
        self.page.render()
        self.refresh()

    async def _send(self) -> None:
        """Hand over a link with the game's history (so the friend can replay it), else the present."""
        session = self.session
        try:
            code = encode_share(self.page.controller.game)
        except ValueError:  # a game the replay code cannot hold still goes as its present moment
            code = session.link or session.save(self.page.controller)
        url = self.browser.address(code)
        try:
            session.message = await self.browser.send(url)
        except Exception as error:  # a refused share or clipboard: the link can still be copied by hand
            session.message = f"Copy this link and send it: {url} ({error})"
        if SHARE_SEPARATOR in code:
            session.message += " It carries the game's history: the log and the replay go with it."
        elif self.page.controller.game.history:  # too long for a link (or, never seen, not encodable)
            session.message += (" It carries this moment only, the history being too long for a link: "
                                "export the save file to send the whole game.")
        self.refresh()

    def on_import(self, event: Any) -> None:
        """A save file chosen: read it and add it to the list."""
        self._spawn(self._import(event.target))

    async def _import(self, element: Any) -> None:
        session = self.session
        try:
            text = await self.browser.read_file(element)
            entry = session.saves.import_code(text)
        except CodecError as error:
            session.message = str(error)
        except (StorageFull, storage.QuotaExceeded):
            session.message = storage.FULL_MESSAGE
        else:
            session.message = f"Imported {entry.title}: press Load to play it."
        self.refresh()

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- drawing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """After the game's page drew itself: save a changed game, update the address, the panel."""
        session, controller = self.session, self.page.controller
        replaying = controller.ui.record.replay is not None
        if not replaying and session.changed(controller):
            link = session.save(controller)
            if link:
                self.browser.replace_fragment(link)
        key = (id(controller.game), len(controller.game.history), id(controller.game.state))
        if key != self._undo_key:
            self._undo_key = key
            self._remember(controller)
            before = self._before.get(len(controller.game.history))
            self._undoable = storage.can_undo(controller.game, before)
        allowed = (self._undoable and not replaying and controller.ui.handoff < 0
                   and controller.is_human(controller.state.current))
        self._set("undo", "disabled", not allowed, lambda e, v: setattr(e, "disabled", v))
        over = controller.state.phase is Phase.OVER
        # A finished game goes too: whoever opens it sees the winner and can replay the whole game.
        self._set("send-turn", "text", "Send this game" if over else "Send this turn",
                  lambda e, v: setattr(e, "textContent", v))
        self._set("saves-message", "text", session.message, lambda e, v: setattr(e, "textContent", v))
        self._set("handoff-message", "text", session.message, lambda e, v: setattr(e, "textContent", v))
        html = list_html(session)
        self._set("saves-list", "list", html, lambda e, v: setattr(e, "innerHTML", v))

    def _remember(self, controller: Controller) -> None:
        """Keep the states seen in this game, so undo need not replay the whole game to find one."""
        game = controller.game
        count = len(game.history)
        if id(game) != self._game_id:
            self._game_id, self._before, self._last = id(game), {}, None
        for n in [n for n in self._before if n > count]:
            del self._before[n]
        if self._last is not None and self._last[0] == count - 1:
            self._before[count] = self._last[1]
            for n in [n for n in self._before if n < count - 100]:
                del self._before[n]
        self._last = (count, game.state)

    def _set(self, ident: str, what: str, value: object, write: Callable[[Any, Any], None]) -> None:
        if self._written.get(ident + "/" + what, ...) == value:
            return
        self._written[ident + "/" + what] = value
        element = self.document.getElementById(ident)
        if not self._none(element):
            write(element, value)


# -- the browser --------------------------------------------------------------------------------------


class LocalStorage:
    """``window.localStorage`` as a :class:`~risk_ui.storage.Backend` (a full one raises QuotaExceeded)."""

    def __init__(self, store: Any, is_none: Callable[[Any], bool]) -> None:
        self.store = store
        self._none = is_none

    def get(self, key: str) -> str | None:
        value = self.store.getItem(key)
        return None if self._none(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.store.setItem(key, value)
        except Exception as error:
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise storage.QuotaExceeded(key) from None
            raise

    def remove(self, key: str) -> None:
        self.store.removeItem(key)


class PageBrowser:
    """The real browser through PyScript: the address, sharing, downloads and files."""

    def __init__(self, window: Any, document: Any, to_js: Callable[..., Any]) -> None:
        self.window = window
        self.document = document
        self._to_js = to_js

    def _object(self, data: dict[str, str]) -> Any:
        return self._to_js(data, dict_converter=self.window.Object.fromEntries)

    def replace_fragment(self, code: str) -> None:
        self.window.history.replaceState(None, "", "#" + code)

    def address(self, code: str) -> str:
        return str(self.window.location.href).split("#", 1)[0] + "#" + code

    async def send(self, url: str) -> str:
        navigator = self.window.navigator
        if hasattr(navigator, "share") and hasattr(navigator, "canShare"):
            data = self._object({"title": "Risk: your turn", "url": url})
            if navigator.canShare(data):
                await navigator.share(data)
                return "The link to this game was handed over: whoever opens it plays on from here."
        if hasattr(navigator, "clipboard"):
            await navigator.clipboard.writeText(url)
            return "The link to this game is copied: paste it to the next player."
        return f"Copy this link and send it: {url}"

    def download(self, name: str, text: str) -> None:
        blob = self.window.Blob.new(self._to_js([text]), self._object({"type": "text/plain"}))
        url = self.window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = name
        self.document.body.appendChild(link)
        link.click()
        link.remove()
        self.window.URL.revokeObjectURL(url)

    async def read_file(self, element: Any) -> str:
        files = element.files
        if not files or files.length == 0:
            raise CodecError("Choose a save file first.")
        text = str(await files.item(0).text())
        element.value = ""
        return text


def _backend(window: Any, is_none: Callable[[Any], bool]) -> tuple[storage.Backend, str]:
    try:
        store = window.localStorage
        store.getItem(storage.CURRENT_KEY)
    except Exception:  # storage switched off: the game runs, but is kept only in the address
        return storage.MemoryBackend(), NO_STORAGE
    return LocalStorage(store, is_none), ""


def resume(controller: Controller, *, fresh: bool) -> Session:
    """Open the page's session in the browser: the address's link, else the autosave (not if ``fresh``)."""
    import time

    from pyscript import window  # type: ignore[import-not-found]
    from pyscript.ffi import is_none  # type: ignore[import-not-found]

    backend, message = _backend(window, is_none)
    saves = Saves(backend)
    session = Session(saves, lambda: storage.new_id(controller.game, time.time()))
    session.message = message
    session.open(controller, str(window.location.hash), fresh=fresh)
    return session


def connect(page: Renders, session: Session) -> SavesPanel:
    """Mount the panel on the real page, autosave after every render, and follow a link pasted in."""
    from pyscript import document, window  # type: ignore[import-not-found]
    from pyscript.ffi import create_proxy, is_none, to_js  # type: ignore[import-not-found]

    panel = SavesPanel(document, page, session, PageBrowser(window, document, to_js), proxy=create_proxy,
                       is_none=is_none)
    panel.mount()
    page.after_render.append(panel.refresh)  # type: ignore[attr-defined]

    def on_hash(event: Any) -> None:
        code = str(window.location.hash).lstrip("#")
        if code and share_present(code) != session.link and session.open_link(page.controller, code):
            session.message = ""
        page.render()

    panel._listen(window, "hashchange", on_hash)
    return panel
