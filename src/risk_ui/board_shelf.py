"""Boards kept in the browser beside the saved games: imported maps, listed, renamed, exported and deleted.

A board that is not shipped (an imported Domination map, a board file exported by another browser) lives in
the page's storage as its board file (docs/boards.md), in canonical JSON, under the saves' own key prefix
(:class:`risk_ui.storage.Keys`), so two copies of the site keep their boards apart as they keep their games:

- ``boards``: a JSON list of what the Maps page lists (:class:`ShelfEntry`: reference, the board's own name,
  the name shown, territory and continent counts, when it was kept);
- ``board.<hash>``: the board file of ``imported:<hash>``.

The reference is the content hash of the file (``imported:HASH``): what a link to a game on it carries. The
player's own name for a map (:meth:`BoardShelf.rename`) is kept beside the file, never in it, so a renamed map
is the same board and its links still open. At start-up :meth:`BoardShelf.restore` registers every kept board
with the engine (:func:`risk.board.register_board`) before the saved games are resumed, so that a save on an
imported board opens offline after a reload. A board that does not read is skipped and reported, and left as
it is (a newer version of the game may read it); a full storage refuses a new board with one sentence and
loses nothing else.

Nothing here imports the board file's validator until a board is kept or restored: a browser with no maps of
its own starts as fast as before.

>>> shelf = BoardShelf(MemoryBackend(), clock=lambda: 0.0)
>>> shelf.restore(), shelf.entries()
([], [])
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from risk.board import IMPORTED, MissingBoard, forget_board
from risk_ui import words
from risk_ui.storage import DEFAULT_KEYS, Backend, Keys, MemoryBackend, QuotaExceeded, SaveEntry, Saves

INDEX = "boards"
BOARD = "board."
MAX_TITLE = 80  # characters of a map's name (as the board file's own names, risk.boardfile.MAX_NAME)
FIELDS = ("ref", "name", "title", "territories", "continents", "date")


class ShelfFull(Exception):
    """The storage is full: nothing was changed; the message is for the player."""

    def __init__(self, message: str = words.SHELF_FULL) -> None:
        super().__init__(message)


@dataclass(frozen=True)
class ShelfEntry:
    """One kept board as the Maps page lists it (its file is stored under its own key)."""

    ref: str  # "imported:HASH": what a link to a game on it carries
    name: str  # the board file's own name (what a link carries beside the hash)
    title: str  # the name the player gave it ("" : the board's own name)
    territories: int
    continents: int
    date: float  # seconds since the epoch when it was kept
    problem: str = ""  # why it could not be read at start-up ("" : it is held and plays)

    @property
    def shown(self) -> str:
        """The name shown: the player's, else the board's own."""
        return self.title or self.name

    def facts_text(self) -> str:
        return words.map_counts_text(self.territories, self.continents)


def _hash_of(ref: str) -> str:
    return ref[len(IMPORTED):] if ref.startswith(IMPORTED) else ""


def _check(item: object) -> ShelfEntry | None:
    """A stored entry, checked (None: not one this page writes)."""
    if not isinstance(item, dict) or any(k not in item for k in FIELDS):
        return None
    ref, name, title, date = item["ref"], item["name"], item["title"], item["date"]
    counts = item["territories"], item["continents"]
    if not (isinstance(ref, str) and ref.startswith(IMPORTED) and _hash_of(ref).isalnum()
            and len(_hash_of(ref)) <= 64):
        return None
    if not (isinstance(name, str) and isinstance(title, str) and len(name) <= 200 and len(title) <= 200):
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 100_000 for n in counts):
        return None
    if not isinstance(date, int | float) or isinstance(date, bool) or not 0 <= date < 1e11:
        return None
    return ShelfEntry(ref, name, title, counts[0], counts[1], float(date))


def _describe(ref: str, data: Mapping[str, Any], date: float, title: str = "") -> ShelfEntry:
    territories, continents = data.get("territories"), data.get("continents")
    return ShelfEntry(ref, str(data.get("name", "")), title, len(territories) if isinstance(territories, list) else 0,
                      len(continents) if isinstance(continents, list) else 0, date)


def _held(ref: str) -> bool:
    """Whether the engine holds this board now (registered)."""
    from risk.board import board_file

    try:
        board_file(ref)
    except MissingBoard:
        return False
    return True


def board_of_link(link: str) -> str:
    """The board reference of a game's link code (its rules only are read), "" if it does not read.

    >>> from risk.codec import encode_game
    >>> from risk.game import Game, Seat
    >>> from risk.rules import make_rules
    >>> board_of_link(encode_game(Game.start(make_rules("classic"), [Seat("A", 0), Seat("B", 1)], seed=1)))
    'classic'
    """
    from risk.codec import SHARE_SEPARATOR, BoardNotHeld, CodecError
    from risk.codec.codes import MAX_LINK_CHARS
    from risk.codec.frame import GAME, guard, open_code
    from risk.codec.rules import read_rules

    try:
        r, revision = open_code(link.partition(SHARE_SEPARATOR)[0], MAX_LINK_CHARS, GAME)
        with guard("game link"):
            rules, _people = read_rules(r, revision)
    except BoardNotHeld as missing:
        return missing.ref
    except CodecError:
        return ""
    return rules.map


class BoardShelf:
    """The boards kept in one storage: keep, restore at start-up, list, rename, export, forget."""

    def __init__(self, backend: Backend, keys: Keys = DEFAULT_KEYS, clock: Callable[[], float] = time.time) -> None:
        self.backend = backend
        self.keys = keys
        self.clock = clock
        self.problems: dict[str, str] = {}  # why a kept board did not read at start-up, by reference

    # -- keys -------------------------------------------------------------------------------------

    @property
    def index_key(self) -> str:
        return self.keys.prefix + INDEX

    def key(self, ref: str) -> str:
        return self.keys.prefix + BOARD + _hash_of(ref)

    def _ref_of(self, key: str) -> str:
        start = self.keys.prefix + BOARD
        return IMPORTED + key[len(start):] if key.startswith(start) and len(key) > len(start) else ""

    # -- reading ----------------------------------------------------------------------------------

    def _items(self) -> list[Any] | None:
        """The stored list as JSON values ([] if there is none, None if it does not read)."""
        raw = self.backend.get(self.index_key)
        if raw is None:
            return []
        try:
            items = json.loads(raw)
        except (ValueError, RecursionError):
            return None
        return items if isinstance(items, list) else None

    def entries(self) -> list[ShelfEntry]:
        """Every kept board, the most recently kept first (a damaged record of the list is left out)."""
        found: dict[str, ShelfEntry] = {}
        for item in self._items() or []:
            entry = _check(item)
            if entry is not None and entry.ref not in found:
                found[entry.ref] = replace(entry, problem=self.problems.get(entry.ref, ""))
        return sorted(found.values(), key=lambda e: e.date, reverse=True)

    def entry(self, ref: str) -> ShelfEntry | None:
        return next((e for e in self.entries() if e.ref == ref), None)

    def board_file(self, ref: str) -> dict[str, object]:
        """The kept board file of ``ref`` as stored (:class:`~risk.board.MissingBoard` if none is kept)."""
        raw = self.backend.get(self.key(ref)) if _hash_of(ref) else None
        if raw is None:
            raise MissingBoard(ref)
        data = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError(f"the kept map {ref} is not a board file")
        return data

    def games_on(self, ref: str, saves: Saves) -> list[SaveEntry]:
        """The saved games played on board ``ref`` (asked before it is deleted)."""
        return [e for e in saves.entries() if board_of_link(e.link) == ref]

    # -- writing ----------------------------------------------------------------------------------

    def keep(self, board: Mapping[str, object]) -> str:
        """Validate and keep a board file; its reference (``imported:HASH``). Keeping the same board twice
        keeps one. A bad file raises :class:`risk.boardfile.BoardFileError` (nothing kept); a full storage
        :class:`ShelfFull` (nothing kept, nothing else lost)."""
        from risk.board import register_board
        from risk.boardfile import canonical_json, content_hash

        data = dict(board)
        ref = IMPORTED + content_hash(data)
        held = _held(ref)
        register_board(data)  # validates first: a bad file raises here, before anything is written
        key = self.key(ref)
        stored = self.backend.get(key)
        entries = self.entries()
        if stored is not None and any(e.ref == ref for e in entries):
            self.problems.pop(ref, None)
            return ref
        entry = _describe(ref, data, self.clock())
        try:
            if stored is None:
                self.backend.set(key, canonical_json(data))
            self._write_index([entry, *(e for e in entries if e.ref != ref)])
        except QuotaExceeded:
            if stored is None:
                self.backend.remove(key)
            if not held:
                forget_board(ref)
            raise ShelfFull() from None
        self.problems.pop(ref, None)
        return ref

    def rename(self, ref: str, name: str) -> ShelfEntry | None:
        """Give a kept board the player's own name ("" : back to its own); the board, its hash and the links
        to games on it do not change."""
        entries = self.entries()
        entry = next((e for e in entries if e.ref == ref), None)
        if entry is None:
            return None
        clean = "".join(c for c in " ".join(name.split()) if c.isprintable())[:MAX_TITLE].strip()
        renamed = replace(entry, title="" if clean == entry.name else clean)
        try:
            self._write_index([renamed if e.ref == ref else e for e in entries])
        except QuotaExceeded:
            raise ShelfFull(words.SHELF_FULL_RENAME) from None
        return renamed

    def forget(self, ref: str) -> None:
        """Delete a kept board (its games then ask for it to be imported again)."""
        self._write_index([e for e in self.entries() if e.ref != ref])
        if _hash_of(ref):
            self.backend.remove(self.key(ref))
        self.problems.pop(ref, None)
        forget_board(ref)

    def export(self, ref: str) -> tuple[str, str]:
        """A file name and the text of the board file (which imports back as the same board)."""
        entry = self.entry(ref)
        data = self.board_file(ref)
        title = entry.shown if entry else str(data.get("name", ""))
        base = "-".join("".join(c if c.isalnum() else " " for c in title).split())[:40]
        return f"map-{base or 'board'}.json", json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def _write_index(self, entries: list[ShelfEntry]) -> None:
        items = [{k: v for k, v in asdict(e).items() if k != "problem"} for e in entries]
        self.backend.set(self.index_key, json.dumps(items, ensure_ascii=False, separators=(",", ":")))

    # -- start-up ---------------------------------------------------------------------------------

    def restore(self) -> list[str]:
        """Register every kept board with the engine; a sentence per board that could not be (skipped, and
        left as it is). A list that lost a board's entry finds it again. Never raises."""
        names = [k for k in self.backend.names() if self._ref_of(k)]
        items = self._items()
        if not names and not items:
            return []  # no maps of its own: nothing to read, no validator to load
        messages: list[str] = []
        listed = {e.ref: e for e in self.entries()}
        order = list(listed)
        found: set[str] = set()  # boards whose entry was lost
        for key in names:  # a board whose entry is gone from the list (or a list that does not read)
            ref = self._ref_of(key)
            if ref not in listed:
                listed[ref] = ShelfEntry(ref, ref, "", 0, 0, self.clock())  # named by its file, once read
                found.add(ref)
                order.append(ref)
        changed = items is None or len(order) != len(self.entries())
        self.problems = {}
        kept: list[ShelfEntry] = []
        for ref in order:
            entry = listed[ref]
            raw = self.backend.get(self.key(ref))
            if raw is None:
                messages.append(words.map_lost_text(entry.shown))
                changed = True
                continue
            if ref not in found and _held(ref):  # held already (restored before, or kept in this tab)
                kept.append(entry)
                continue
            try:
                data = json.loads(raw)
                if not isinstance(data, dict):
                    raise ValueError("it is not a board file")
                from risk.board import register_board
                from risk.boardfile import content_hash

                if IMPORTED + content_hash(data) != ref:
                    raise ValueError("it is not the map its name says")
                register_board(data)
            except Exception as error:  # any stored text, from any release: never fatal
                if isinstance(error, ImportError):  # the validator's code did not come (offline, not cached yet)
                    why = words.MAP_READER_MISSING
                else:
                    why = str(error) if isinstance(error, ValueError) else type(error).__name__
                self.problems[ref] = why[:200]
                messages.append(words.map_damaged_text(entry.shown, why[:200]))
                kept.append(entry)
                continue
            if ref in found:  # described from its file
                entry = _describe(ref, data, entry.date, entry.title)
            kept.append(entry)
        if changed:
            with contextlib.suppress(QuotaExceeded):  # the list stays as it is; what reads is held all the same
                self._write_index(kept)
        return messages


# -- the page's shelf ------------------------------------------------------------------------------------

_shelf: BoardShelf | None = None


def install(shelf: BoardShelf | None) -> None:
    """Make ``shelf`` the page's (what :func:`kept_boards` lists)."""
    global _shelf
    _shelf = shelf


def page_shelf() -> BoardShelf | None:
    return _shelf


def kept_boards() -> list[tuple[str, str]]:
    """The boards this browser keeps and can play, as ``(reference, name shown)``: the new-game dialog's list."""
    if _shelf is None:
        return []
    return [(e.ref, e.shown) for e in _shelf.entries() if not e.problem]


def open_in_page() -> BoardShelf:
    """The page's shelf over ``localStorage`` (the saves' keys), restored, installed: called before the saved
    games resume, so that a game on a kept board opens."""
    from pyscript import window  # type: ignore[import-not-found]
    from pyscript.ffi import is_none  # type: ignore[import-not-found]

    from risk_ui.saves_panel import _backend

    backend, _ = _backend(window, is_none)
    shelf = BoardShelf(backend, keys=Keys.for_path(str(window.location.pathname)))
    with contextlib.suppress(Exception):  # never a dead page: the maps stay as they are
        shelf.restore()
    install(shelf)
    return shelf


__all__ = ["BoardShelf", "MemoryBackend", "ShelfEntry", "ShelfFull", "board_of_link", "install", "kept_boards",
           "open_in_page", "page_shelf"]
