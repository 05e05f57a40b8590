"""A game on an imported map this browser does not hold, and "Send with the board" (issue 24, part 4).

A link, a save file or a saved game whose board is ``imported:HASH`` and not held here does not open: decoding it
raises :class:`~risk.codec.BoardNotHeld` with the map's reference and name. :func:`wait` keeps it as the
session's :class:`WantedBoard` and puts the first screen up, where :func:`prompt_html` says which map to import,
with "Import the map" (a board file, a game-with-board file, or a Domination map's files); the address keeps the
link and the game on the table stays. Once a board of that hash is kept (by that button, on the Maps page,
or in another tab), :func:`board_kept` opens the game; a map of another hash is said to differ, and is kept all
the same.

"Send with the board" (:func:`send_with_board`) downloads one file with the game's replay code and the whole board
file (docs/boards.md, "A game with its board"); :func:`import_json` takes it back (and a board file alone).

The page's code for all this comes the first time a game waits for its map or a board's file is handled: it is in
the archive of code a classic game never runs (build.py), so a classic game starts with no more bytes.
:mod:`risk_ui.saves_panel` imports this module, never the other way round; the session and the browser come as
arguments.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from risk.board import MissingBoard, board_file, load_board
from risk.codec import BoardNotHeld, CannotEncode, CodecError, encode_replay
from risk_ui import storage, words
from risk_ui.controller import Controller

# What a game waiting for its map came as: a link (the address), a save file imported, a saved game of the list.
LINK, SAVE_FILE, SAVED_GAME = "link", "save file", "saved game"
DOMINATION = (".map", ".zip", ".cards", ".gif", ".png", ".jpg", ".jpeg", ".bmp")  # a map's files, not a board file
IMPORT_ACCEPTS = ".txt,text/plain,.json,application/json"  # a save file, a board file, a game-with-board file
MAP_ACCEPTS = IMPORT_ACCEPTS + "," + ",".join(DOMINATION)  # the missing map's button: a Domination map's files too


@dataclass(frozen=True)
class WantedBoard:
    """A game on an imported map this browser does not hold, waiting on the first screen until the map is kept:
    the map's reference (``imported:HASH``) and name, what the game came as (:data:`LINK`, :data:`SAVE_FILE` or
    :data:`SAVED_GAME`) and what opens it then (the link's code, the file's text, the save's id)."""

    ref: str
    name: str
    kind: str
    code: str
    file_name: str = ""


def wait(session: Any, controller: Controller, missing: BoardNotHeld, kind: str, code: str,
         file_name: str = "") -> None:
    """Keep a game whose map is missing waiting (``session.wanted``): the first screen says which map to import
    (the address and the game on the table stay as they are)."""
    session.wanted = WantedBoard(missing.ref, missing.name, kind, code, file_name)
    controller.ui.home = True


def board_kept(session: Any, controller: Controller, ref: str) -> str:
    """A map was kept (``ref``): open the game waiting for it, if this is its map; what to tell the player."""
    name, wanted = load_board(ref).name, session.wanted
    if wanted is None:
        return words.board_kept_text(name)
    if ref != wanted.ref:  # kept anyway (the player chose it), and the game still waits
        return words.board_differs_text(name, wanted.name)
    session.wanted = None
    session.message = ""
    if wanted.kind == LINK:
        opened = session.open_link(controller, wanted.code)
    elif wanted.kind == SAVE_FILE:
        opened = session.load(controller, session.saves.import_code(wanted.code, wanted.file_name).id)
    else:
        opened = session.load(controller, wanted.code)
    controller.ui.home = not opened
    return f"{words.board_kept_text(name)} {session.message}".strip()


def import_json(session: Any, controller: Controller, file_name: str, text: str,
                keep: Callable[[dict[str, object]], str], name: str) -> str:
    """A JSON file chosen with Import: a board file is kept (and opens the game waiting for it); a game-with-board
    file keeps its map and opens its game, as a save called ``name`` (or, its map being the one a game waits for,
    that game). What to tell the player; a ``ValueError`` saying what is wrong, and no game changed."""
    from risk import boardfile  # only a page given a board's file needs it

    what = f"the file {file_name}" if file_name else "the file"
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not boardfile.is_game_with_board(data):
        return board_kept(session, controller, keep(boardfile.loads(text, what)))
    code, board = boardfile.read_game_with_board(data, what)
    ref = keep(board)
    if session.wanted is not None and session.wanted.ref == ref:  # the map a game waits for: that game opens
        return board_kept(session, controller, ref)
    try:
        entry = session.saves.import_code(code, name)
    except BoardNotHeld:
        raise CodecError(words.board_file_wrong_text("its game is not played on the map it holds.")) from None
    session.message = ""
    controller.ui.home = not session.load(controller, entry.id)
    said = words.game_with_board_text(load_board(ref).name, entry.title)
    return f"{said} {session.message}".strip()


def is_a_board_file(files: Sequence[tuple[str, bytes]]) -> bool:
    """Whether files chosen with the missing map's button are one board file or game-with-board file (else a
    Domination map's files, read by the Maps page's reader)."""
    return len(files) == 1 and not files[0][0].lower().endswith(DOMINATION)


def send_with_board(session: Any, controller: Controller, download: Callable[[str, str], None]) -> None:
    """"Send with the board": download one file with the game (its replay code, the whole game) and the whole board
    file it is played on; ``session.message`` says what was sent."""
    from risk import boardfile

    game = controller.game
    try:
        code = encode_replay(game, check=False)
    except ValueError:  # a game the replay code cannot hold still goes as its present moment
        try:
            code = session.present(controller)
        except CannotEncode as error:
            session.message = words.cannot_save_text(str(error))
            return
    board = board_file(game.rules.map)
    entry = session.saves.entry(session.save_id)
    title = entry.name if entry and entry.name else " ".join(s.name for s in game.seats)  # its name, or who plays
    base = "".join(c if c.isalnum() else "-" for c in title).strip("-")[:40] or "game"
    name = f"risk-{base}-with-map.json"
    download(name, boardfile.game_with_board(code, board))
    session.message = words.sent_with_board_text(name, str(board.get("name", "")))


def prompt_html() -> str:
    """The first screen's word on a game waiting for its map (put at its top the first time one waits): what to
    import, and the button opening the file picker."""
    return (
        '<section id="board-wanted" class="board-wanted" aria-labelledby="board-wanted-title" hidden>'
        f'<h2 id="board-wanted-title">{escape(words.BOARD_WANTED_TITLE)}</h2>'
        '<p id="board-wanted-text"></p>'
        f'<label class="board-wanted-import">{escape(words.BOARD_WANTED_IMPORT)} '
        f'<input type="file" id="board-wanted-import" multiple accept="{MAP_ACCEPTS}"></label>'
        f'<p class="home-note">{escape(words.BOARD_WANTED_FILES)}</p>'
        '<p id="board-wanted-message" class="message" role="status"></p></section>')


# -- the panel's part (``panel``: the risk_ui.saves_panel.SavesPanel, passed in) ------------------------------------


def _text(element: Any, value: str) -> None:
    element.textContent = value


async def import_map_files(panel: Any, element: Any) -> None:
    """Files chosen with the missing map's button: a board file or a game with its board (as Import takes them),
    else a Domination map's files, read by the Maps page's reader (``panel.read_map``) and kept; the game waiting
    for the map opens. Whatever is wrong is said under the button, and the game still waits."""
    session, controller = panel.session, panel.page.controller
    try:
        files = await panel.browser.read_files(element)
        if is_a_board_file(files):
            name, data = files[0]
            session.message = session.import_file(controller, name, data.decode("utf-8"), panel.keep)
        else:
            panel._set("board-wanted-message", "text", words.MAPS_READING, _text)
            await asyncio.sleep(0)  # the words show before the tracing takes its second
            session.message = board_kept(session, controller, panel.keep(panel.read_map(files)))
    except (storage.StorageFull, storage.QuotaExceeded):
        session.message = storage.FULL_MESSAGE
    except ImportError:  # the map reader comes over the network the first time, and there is none
        session.message = words.MAPS_UNFETCHABLE
    except (ValueError, RecursionError) as error:  # the importer's or the validator's sentence (file, line)
        session.message = str(error)
    except Exception as error:  # the shelf's full storage (its sentence): the page goes on, nothing kept
        session.message = str(error) or words.error_text(error)
    panel._set("board-wanted-message", "text", session.message, _text)
    panel.page.render()
    panel.refresh()


def open_if_held(panel: Any, controller: Controller) -> bool:
    """If the map the game waits for is held now (kept on the Maps page, or by another tab), open the game and draw the
    page again; whether it did."""
    try:
        board_file(panel.session.wanted.ref)
    except MissingBoard:
        return False
    panel._opening = True
    try:
        panel.session.message = board_kept(panel.session, controller, panel.session.wanted.ref)
        panel.page.render()
    finally:
        panel._opening = False
    return True


def show_prompt(panel: Any, controller: Controller) -> None:
    """The first screen's word on the game waiting for its map (put at its top the first time), its button focused
    when it first shows; leaving the first screen (Continue, a new game) lets that game go."""
    session, doc = panel.session, panel.document
    if session.wanted is not None and not controller.ui.home:
        session.wanted = None  # another game was chosen: the address follows it
    wanted = session.wanted
    home_box = doc.querySelector("#home .home-box")
    if not panel._none(home_box) and panel._none(doc.getElementById("board-wanted")):
        holder = doc.createElement("div")
        holder.innerHTML = prompt_html()
        home_box.insertBefore(holder, home_box.firstChild)
        panel._listen(doc.getElementById("board-wanted-import"), "change", panel.on_import_map)
    text = words.board_wanted_text(wanted.name, wanted.kind) if wanted else ""
    panel._set("board-wanted", "hidden", wanted is None, lambda e, v: setattr(e, "hidden", v))
    panel._set("board-wanted-text", "text", text, _text)
    if wanted is None:
        panel._set("board-wanted-message", "text", "", _text)
    elif wanted is not panel._wanted_shown:  # the keyboard's focus on its button (the first screen's is under it)
        field = doc.getElementById("board-wanted-import")
        if not panel._none(field):
            field.focus()
    panel._wanted_shown = wanted
