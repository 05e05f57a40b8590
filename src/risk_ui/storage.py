"""Saved games in the browser's local storage, and undo: the pure logic, tested in CPython.

There is no server, so the page itself must never lose a game: after every action the current game is
written to local storage as a replay code (so its log survives a reload) together with its link code
(the present moment, which the page also puts in its address). :class:`Saves` does that on any object
with ``get``/``set``/``remove``/``names`` (the page passes one around ``localStorage``; the tests a
dictionary with a size limit). A full storage (the browser's ``QuotaExceededError``, raised here as
:class:`QuotaExceeded`) first prunes the oldest autosaves, never the game being saved nor one the player
named or imported; only if that is not enough does :class:`StorageFull` give the player one sentence.

What is stored, per copy of the site (the keys start with ``risk`` and the site's folder, see
:class:`Keys`, so two copies on one origin keep their games apart):

- ``saves``: a JSON list of the entries the list shows (:class:`SaveEntry`);
- ``current``: the id of the game last on the table;
- ``save.<id>``: the replay code of the game up to some action;
- ``tail.<id>``: a header ``@<revision> <actions in the code> <crc32 of the code>``, then the actions
  after the code, one a line (cheap to write after every action).

The revision counts the writes of a save. Every page remembers the revision it read or wrote last and
writes only over that one (compare and set): a save another tab moved on is never overwritten by an
older game (:class:`SaveConflict`). The tail names the code it extends, so a tail is never played on
another tab's code. Everything read is checked: a damaged record is set aside or rebuilt
(:meth:`Saves.repair`) and a damaged code falls back to the entry's link, the present moment.

Undo goes back one action at a time, but never past anything that moved the random generator (a roll
of the dice, a reshuffle): the generator state is part of the game state, so neither undo nor a reload
can roll again. A card drawn from an already shuffled deck is the card the same end of turn draws
again, so undo takes back an end of turn that drew one.

>>> from risk.game import Game, Seat
>>> from risk.rules import make_rules
>>> saves = Saves(MemoryBackend(), clock=lambda: 0.0)
>>> game = Game.start(make_rules("classic", ["auto-setup"]), [Seat("Ann", 0), Seat("Bob", 1)], seed=5)
>>> entry = saves.autosave(game, "g1")
>>> saves.load("g1").state == game.state, saves.current_id(), saves.revision("g1")
(True, 'g1', 1)
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import time
import weakref
import zlib
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

from risk.actions import format_action, parse_action
from risk.codec import (
    SHARE_SEPARATOR,
    BoardNotHeld,
    CodecError,
    CorruptCode,
    UnknownVersion,
    decode_game,
    decode_replay,
    decode_share,
    encode_game,
    encode_replay,
    fit_name,
    share_present,
)
from risk.codec.frame import REPLAY, written_kind
from risk.events import Revealing
from risk.game import Game
from risk.rules import EDITIONS
from risk.state import GameState, Phase

TAIL_MAX = 64  # actions kept as text before the replay code is written again
MAX_AUTOSAVES = 20  # unnamed games kept besides the one being saved, the oldest go first
MAX_ASIDE = 20  # records set aside kept for a later look, the oldest go first
FULL_MESSAGE = ("The browser's storage for this page is full: delete or export some saved games "
                "to keep saving this one.")
DAMAGED_MESSAGE = ("The record of {title} is damaged: it opens at its last saved moment, and its log and "
                   "replay start there.")
NOT_A_SAVE = "This is not a save file of this game, nor a link to one."
ID_PATTERN = re.compile(r"[0-9A-Za-z_-]{1,64}")
LATEST_DATE = 1e11  # seconds since 1970: year 5138; a later date is damage, not a save
FIELDS = ("id", "name", "players", "edition", "turn", "date", "link", "kept", "viewer", "floor", "winner", "claimed")
# "winner": the winner's name once the game is over; "claimed": the seats claimed on this device (see SaveEntry)
OPTIONAL_FIELDS = ("kept", "viewer", "floor", "winner", "claimed")
NO_FLOOR = -1  # a save written before the undo floor was kept: the floor is where it is opened


class QuotaExceeded(Exception):
    """The storage refused a write because it is full (the browser's ``QuotaExceededError``)."""


class StorageFull(Exception):
    """Nothing more could be pruned and the game still does not fit; the message is for the player."""

    def __init__(self) -> None:
        super().__init__(FULL_MESSAGE)


class SaveConflict(Exception):
    """The save was written (or deleted) by another tab since this page last read or wrote it.

    ``stored`` is the revision found (None: the save is gone). Nothing was written.
    """

    def __init__(self, save_id: str, stored: int | None) -> None:
        super().__init__(f"the save {save_id} was changed elsewhere (revision {stored})")
        self.save_id = save_id
        self.stored = stored


class BadRecord(ValueError):
    """A stored record that is not what this page writes; ``why`` says what is wrong, for the player."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Backend(Protocol):
    """What :class:`Saves` needs of a key-value store such as ``localStorage``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def names(self) -> list[str]: ...


class MemoryBackend:
    """A dictionary with a size limit (characters of keys and values), like a browser's storage."""

    def __init__(self, limit: int = 5_000_000) -> None:
        self.data: dict[str, str] = {}
        self.limit = limit

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise QuotaExceeded(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def names(self) -> list[str]:
        return list(self.data)


@dataclass(frozen=True)
class Keys:
    """The storage keys of one copy of the site: ``prefix`` + ``saves``, ``current``, ``save.<id>``, …

    >>> Keys.for_path("/games/risk/index.html").index
    'risk/games/risk/.saves'
    >>> Keys.for_path("/").code("a1")
    'risk/.save.a1'
    """

    prefix: str

    @classmethod
    def for_path(cls, path: str) -> Keys:
        """The keys of the site whose page is at ``path`` (the address's path): scoped to its folder."""
        folder = "/" + path.lstrip("/")
        return cls("risk" + folder[: folder.rfind("/") + 1] + ".")

    @property
    def index(self) -> str:
        return self.prefix + "saves"

    @property
    def current(self) -> str:
        return self.prefix + "current"

    @property
    def aside(self) -> str:
        return self.prefix + "aside"

    def code(self, save_id: str) -> str:
        return self.prefix + "save." + save_id

    def tail(self, save_id: str) -> str:
        return self.prefix + "tail." + save_id

    def save_of(self, key: str) -> str:
        """The save id a code or tail key belongs to ("" for any other key)."""
        for part in ("save.", "tail."):
            if key.startswith(self.prefix + part):
                return key[len(self.prefix) + len(part):]
        return ""


LEGACY_KEYS = Keys("risk.")  # what released pages wrote before the keys were scoped to the site's folder
DEFAULT_KEYS = Keys.for_path("/")


@dataclass(frozen=True)
class SaveEntry:
    """One saved game as the list shows it; the replay code is stored under its own key."""

    id: str
    name: str  # "" for an autosave the player has not named
    players: tuple[str, ...]
    edition: str  # the edition's title
    turn: int
    date: float  # seconds since the epoch of the last save
    link: str  # the link code of the present moment
    kept: bool = False  # named or imported: never pruned
    viewer: int = -1  # the seat whose turn was on screen (so a reload shows no hand-off screen again)
    # The undo floor: the actions of the game this browser did not make (it received them by a link or a save
    # file); Undo never takes back an action below it. NO_FLOOR: not kept (an older save).
    floor: int = NO_FLOOR
    winner: str = ""  # who won, once the game is over ("" while it goes on, and in saves older than the field)
    # The seats claimed on this device (every seat of a game made here; in a game that came by a link or a save
    # file, the seats someone took here with "I am ...: show my turn"). None: not kept (an older save).
    claimed: tuple[int, ...] | None = None

    @property
    def title(self) -> str:
        """The name, or "Autosave" when it has none (the players are said once, in :meth:`facts_text`)."""
        return self.name or "Autosave"

    def facts_text(self, *, players: bool = True, date: bool = True) -> str:
        """What the game is: its players, edition, and turn or how it ended, and when it was saved.

        >>> SaveEntry("a", "", ("Ann", "Bo"), "Classic", 12, 0.0, "x", winner="Bo").facts_text(date=False)
        'Ann, Bo · Classic · finished: Bo won on turn 12'
        """
        parts = [", ".join(self.players)] if players else []
        parts.append(self.edition)
        parts.append(f"finished: {self.winner} won on turn {self.turn}" if self.winner else f"turn {self.turn}")
        if date:
            parts.append(self.date_text())
        return " \u00b7 ".join(parts)

    def date_text(self) -> str:
        """The date of the last save, "2026-11-22 05:10"."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.date))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_entry(item: object) -> SaveEntry:
    """An entry of the stored list, checked field by field; :class:`BadRecord` says what is wrong.

    >>> check_entry({"id": "a", "name": 4, "players": [], "edition": "", "turn": 0, "date": 0, "link": ""})
    Traceback (most recent call last):
    ...
    risk_ui.storage.BadRecord: its name is not text
    """
    if not isinstance(item, dict):
        raise BadRecord("it is not an entry of a saved game")
    unknown = sorted(str(k) for k in item if k not in FIELDS)
    if unknown:
        raise BadRecord(f"it has unknown fields ({', '.join(unknown)[:60]})")
    missing = [k for k in FIELDS if k not in item and k not in OPTIONAL_FIELDS]
    if missing:
        raise BadRecord(f"it has no {', '.join(missing)}")
    sid, name, players, date = item["id"], item["name"], item["players"], item["date"]
    if not isinstance(sid, str) or not ID_PATTERN.fullmatch(sid):
        raise BadRecord("its id is not one this page makes")
    if not isinstance(name, str) or len(name) > 200:
        raise BadRecord("its name is not text")
    if not isinstance(players, list) or not 1 <= len(players) <= 16 or not all(
            isinstance(p, str) and len(p) <= 200 for p in players):
        raise BadRecord("its players are not names")
    if not isinstance(item["edition"], str) or len(item["edition"]) > 200:
        raise BadRecord("its edition is not text")
    if not _is_int(item["turn"]) or not 0 <= item["turn"] < 10**9:
        raise BadRecord("its turn is not a number")
    if not isinstance(date, int | float) or isinstance(date, bool) or not math.isfinite(date):
        raise BadRecord("its date is not a number")
    if not 0 <= date <= LATEST_DATE:
        raise BadRecord("its date is not a date")
    if not isinstance(item["link"], str) or not item["link"]:
        raise BadRecord("its link is not text")
    kept, viewer, floor = item.get("kept", False), item.get("viewer", -1), item.get("floor", NO_FLOOR)
    if not isinstance(kept, bool):
        raise BadRecord("its mark of a kept save is not yes or no")
    if not _is_int(viewer) or not -1 <= viewer < 64:
        raise BadRecord("its seat on screen is not a seat")
    if not _is_int(floor) or not NO_FLOOR <= floor < 10**9:
        raise BadRecord("its undo floor is not a number")
    winner = item.get("winner", "")
    if not isinstance(winner, str) or len(winner) > 100:
        raise BadRecord("its winner is not a name")
    claimed = item.get("claimed")
    if claimed is not None and not (isinstance(claimed, list) and len(claimed) <= 64 and all(
            _is_int(s) and 0 <= s < 64 for s in claimed)):
        raise BadRecord("its seats claimed are not seats")
    return SaveEntry(sid, name, tuple(players), item["edition"], item["turn"], float(date), item["link"], kept,
                     viewer, floor, winner, None if claimed is None else tuple(claimed))


def record_name(item: object) -> str:
    """How a message names a stored record, however damaged: its name, its players or its id."""
    if isinstance(item, dict):
        name, players, sid = item.get("name"), item.get("players"), item.get("id")
        if isinstance(name, str) and name.strip():
            return f'"{name.strip()[:40]}"'
        if isinstance(players, list) and players and all(isinstance(p, str) for p in players):
            return "the game of " + ", ".join(players)[:60]
        if isinstance(sid, str) and sid:
            return f"the save {sid[:40]}"
    return "a record"


def describe(game: Game, save_id: str, now: float, link: str, *, name: str = "", kept: bool = False,
             viewer: int = -1, floor: int = NO_FLOOR, claimed: tuple[int, ...] | None = None) -> SaveEntry:
    """The list entry for ``game``."""
    edition = EDITIONS[game.rules.edition].title if game.rules.edition in EDITIONS else game.rules.edition
    state = game.state
    won = state.phase is Phase.OVER and 0 <= state.winner < len(game.seats)
    return SaveEntry(save_id, name, tuple(s.name for s in game.seats), edition, state.turn, now, link,
                     kept, viewer, floor, game.seats[state.winner].name if won else "", claimed)


def import_problem(code: str, as_replay: CodecError, as_link: CodecError, link: bool = False) -> CodecError:
    """What to tell a player whose text gave no game, read as a save file (a replay code) and as a link
    (``link``: the text was given as an address).

    A code of ours says what is wrong with it in the codec's own sentence: one whose salted checksum holds
    but that was made by a newer version or describes something impossible, and one written as our codes
    are but damaged (its checksum fails). Of the two readings, the one of the kind the code is written as
    speaks. Any other text is :data:`NOT_A_SAVE`.

    >>> from risk.codec import ChecksumMismatch, ForeignCode
    >>> str(import_problem("shopping: eggs, milk", ForeignCode("not a replay"), ForeignCode("not a link")))
    'This is not a save file of this game, nor a link to one.'
    >>> str(import_problem("BgYAiHAAAAAAAAAA", ChecksumMismatch("This replay is damaged."), ForeignCode("?")))
    'This replay is damaged.'
    """
    kind = written_kind(share_present(code))
    replay_first = SHARE_SEPARATOR not in code and (kind == REPLAY or (not kind and not link))
    first, second = (as_replay, as_link) if replay_first else (as_link, as_replay)
    for error in (first, second):
        if isinstance(error, (UnknownVersion, CorruptCode)):  # the checksum held: a code of ours
            return error
    return first if kind else CodecError(NOT_A_SAVE)


def new_id(game: Game, now: float) -> str:
    """An id for a new save: the time in milliseconds and the seed, in hex."""
    return f"{int(now * 1000):x}-{game.seed & 0xFFFFFFFF:x}"


def code_crc(code: str) -> int:
    """The checksum a tail names its replay code by."""
    return zlib.crc32(code.encode())


@dataclass(frozen=True)
class Tail:
    """A stored tail, read: the save's revision, the code it extends (its action count and checksum,
    None for a tail written before the header existed), the action lines, and whether it reads."""

    revision: int
    base: int | None
    crc: int | None
    lines: tuple[str, ...]
    readable: bool = True

    @classmethod
    def parse(cls, raw: str) -> Tail:
        """Read a tail as stored (with a header, or a released page's lines alone: revision 0)."""
        lines = raw.split("\n")
        if not lines[0].startswith("@"):
            return cls(0, None, None, tuple(line for line in lines if line.strip()))
        parts = lines[0][1:].split(" ")
        try:
            revision, base, crc = int(parts[0]), int(parts[1]), int(parts[2], 16)
        except (ValueError, IndexError):
            return cls(-1, None, None, tuple(lines[1:]), readable=False)
        if len(parts) != 3 or revision < 1 or base < 0:
            return cls(-1, None, None, tuple(lines[1:]), readable=False)
        return cls(revision, base, crc, tuple(line for line in lines[1:] if line.strip()))

    @staticmethod
    def text(revision: int, base: int, crc: int, lines: list[str]) -> str:
        """The tail as stored: the header, then the lines."""
        return "\n".join([f"@{revision} {base} {crc:08x}", *lines])


@dataclass(frozen=True)
class Loaded:
    """A save as read: its game, one sentence for the player if it was damaged, and its revision."""

    game: Game
    problem: str
    revision: int | None


class Saves:
    """The saved games in one storage: autosave, list, load, rename, delete, import and export."""

    def __init__(self, backend: Backend, clock: Callable[[], float] = time.time, keys: Keys = DEFAULT_KEYS) -> None:
        self.backend = backend
        self.clock = clock
        self.keys = keys
        # Per save: the game last written or claimed, how many of its actions the stored replay code
        # holds and the code's checksum. Writing the replay code of a long game takes a while, so after
        # most actions only the tail is written.
        self._base: dict[str, tuple[weakref.ref[Game], int, int]] = {}
        # Per save: the revision this page last wrote or claimed (absent: none, it must not exist).
        self._revision: dict[str, int | None] = {}
        # Per save: its tail exactly as this page last wrote or read it. Two tabs writing in the same moment
        # both write the next revision number; only the text tells that the other tab's write won.
        self._seen: dict[str, str | None] = {}
        self.pruned: list[SaveEntry] = []  # what the last write deleted to make room

    # -- reading ----------------------------------------------------------------------------------

    def _items(self) -> list[Any]:
        """The stored list as JSON values ([] if it is missing or unreadable)."""
        raw = self.backend.get(self.keys.index)
        try:
            items = json.loads(raw) if raw else []
        except (ValueError, RecursionError):
            return []
        return items if isinstance(items, list) else []

    def entries(self) -> list[SaveEntry]:
        """Every save, the most recent first (a damaged record is left out, never an error)."""
        found: dict[str, SaveEntry] = {}
        for item in self._items():
            try:
                entry = check_entry(item)
            except BadRecord:
                continue
            if entry.id not in found or entry.date > found[entry.id].date:
                found[entry.id] = entry
        return sorted(found.values(), key=lambda e: e.date, reverse=True)

    def entry(self, save_id: str) -> SaveEntry | None:
        """The entry with this id, or None."""
        return next((e for e in self.entries() if e.id == save_id), None)

    def current_id(self) -> str:
        """The id of the game on the table ("" if none)."""
        return self.backend.get(self.keys.current) or ""

    def revision(self, save_id: str) -> int | None:
        """How many times the save was written (0: by a released page that kept no count; -1: its
        count is unreadable; None: there is no such save)."""
        tail = self.backend.get(self.keys.tail(save_id))
        if tail:
            return Tail.parse(tail).revision
        return 0 if self.backend.get(self.keys.code(save_id)) else None

    def known_revision(self, save_id: str) -> int | None:
        """The revision this page last wrote or claimed (None: none)."""
        return self._revision.get(save_id)

    def read(self, save_id: str, *, link: str | None = None, claim: bool = False) -> Loaded:
        """The game of a save, replayed, whatever is stored.

        A damaged code or tail falls back to the link (``link``, else the entry's): the present moment,
        without the history, and ``problem`` says so. :class:`~risk.codec.CodecError` only if nothing
        of the game can be read. ``claim``: the page puts this game on the table, and will write its
        save over this revision only.
        """
        code = self.backend.get(self.keys.code(save_id)) or ""
        raw_tail = self.backend.get(self.keys.tail(save_id)) or ""
        tail = Tail.parse(raw_tail) if raw_tail else Tail(0, None, None, ())
        revision = tail.revision if raw_tail else (0 if code else None)
        game: Game | None = None
        damaged = not code or not tail.readable
        crc = code_crc(code) if code else 0
        base = 0
        if code:
            try:
                game = decode_replay(code)
            except BoardNotHeld:  # not damaged: a game on a map this browser does not hold (any more)
                raise
            except CodecError:
                damaged = True
        if game is not None:
            base = len(game.history)
            # A tail names the code it extends: one written after another code (never, with each page
            # writing over the revision it read; but a storage can be damaged) is not played on this one.
            lines = tail.lines
            if tail.crc is not None and (tail.crc != crc or tail.base != base):
                lines, damaged = (), True
            board = game.state.board
            for line in lines:
                try:
                    game.play(parse_action(board, line))
                except Exception:  # stored text from any release (a renamed territory, damage): never fatal
                    damaged = True
                    break
        problem = ""
        if damaged:
            game, problem = self._fall_back(save_id, game, link)
        assert game is not None
        if claim:
            self._revision[save_id] = revision
            self._seen[save_id] = self.backend.get(self.keys.tail(save_id))
            if problem:
                self._base.pop(save_id, None)  # the next write replaces the damaged record whole
            else:
                self._base[save_id] = (weakref.ref(game), base, crc)
        return Loaded(game, problem, revision)

    def _fall_back(self, save_id: str, game: Game | None, link: str | None) -> tuple[Game, str]:
        """A damaged save: its link's present moment, unless what was read of the record ends there."""
        entry = self.entry(save_id)
        if link is None:
            link = entry.link if entry else ""
        try:
            present = decode_game(link) if link else None
        except CodecError:
            present = None
        if present is not None and not (
                game is not None and game.state == present.state and game.seats == present.seats):
            title = f'"{entry.title}"' if entry else "this saved game"
            return present, DAMAGED_MESSAGE.format(title=title)
        if game is not None:
            return game, ""
        if self.revision(save_id) is None:
            raise CodecError("This saved game is no longer in the browser's storage.")
        raise CodecError("This saved game is damaged and so is its link: it cannot be opened.")

    def load(self, save_id: str) -> Game:
        """The game of a save (see :meth:`read`); a :class:`~risk.codec.CodecError` if nothing reads."""
        return self.read(save_id).game

    def code(self, save_id: str) -> str:
        """The replay code of a save, the whole game ("" if nothing of it reads)."""
        code = self.backend.get(self.keys.code(save_id)) or ""
        tail = self.backend.get(self.keys.tail(save_id)) or ""
        if code and not (tail and Tail.parse(tail).lines):
            try:
                decode_replay(code)
                return code
            except CodecError:
                pass
        try:
            return encode_replay(self.load(save_id), check=False)
        except (CodecError, ValueError):
            return ""

    def find_link(self, link: str) -> SaveEntry | None:
        """The save whose present moment is this link (a reload, or a link to a game saved here)."""
        current = self.current_id()
        present = share_present(link)
        matches = [e for e in self.entries() if e.link == present]
        return next((e for e in matches if e.id == current), matches[0] if matches else None)

    def held(self, present: Game) -> Game | None:
        """The game this browser holds that a link's continuation may carry on: a save of the same rules,
        seats and seed (the current save first), whichever moment it reached; None if there is none."""
        return next((mine for _, mine in self._same_game(present)), None)

    def continued_by(self, game: Game) -> SaveEntry | None:
        """The save of this very game that ``game`` carries on: same rules, seats and start, and its
        moves are the first moves of ``game`` (a link sent back by the friend we sent ours to). The
        current save is tried first; only saves of the same seed are opened."""
        for entry, mine in self._same_game(game):
            count = len(mine.history)
            if (mine.initial == game.initial and count <= len(game.history)
                    and all(a.action == b.action for a, b in zip(mine.history, game.history[:count]))):
                return entry
        return None

    def ahead_of(self, game: Game) -> SaveEntry | None:
        """The save of this very game that went further than ``game``: same rules, seats and start, and
        ``game``'s moves are its first moves, with more after them (a link to an earlier moment: the back
        button, an older message). The current save is tried first."""
        count = len(game.history)
        for entry, mine in self._same_game(game):
            if (mine.initial == game.initial and len(mine.history) > count
                    and all(a.action == b.action for a, b in zip(mine.history[:count], game.history))):
                return entry
        return None

    def _same_game(self, game: Game) -> Iterator[tuple[SaveEntry, Game]]:
        """The saves (current first) that open to a game of ``game``'s rules, seats and seed, with it;
        only saves whose id names that seed are opened, and one that does not decode is passed over."""
        suffix = f"-{game.seed & 0xFFFFFFFF:x}"
        current = self.current_id()
        for entry in sorted(self.entries(), key=lambda e: e.id != current):
            if not entry.id.endswith(suffix):
                continue
            try:
                mine = self.load(entry.id)
            except CodecError:
                continue
            if mine.rules == game.rules and mine.seats == game.seats and mine.seed == game.seed:
                yield entry, mine

    # -- writing ----------------------------------------------------------------------------------

    def autosave(self, game: Game, save_id: str, viewer: int = -1, floor: int | None = None,
                 claimed: tuple[int, ...] | None = None) -> SaveEntry:
        """Save ``game`` under ``save_id`` and make it the current game; prune old autosaves if needed.

        ``floor``: the undo floor (None: the save's own, else 0, a game made here). ``claimed``: the seats
        claimed on this device (None: the save's own, else every seat, a game made here).

        Writes only over the revision this page last wrote or claimed (:meth:`read` with ``claim``):
        else :class:`SaveConflict`, and nothing is written. Raises :class:`StorageFull` when even
        pruning every other autosave leaves no room.
        """
        stored = self.revision(save_id)
        if stored != self._revision.get(save_id) or self.overwritten(save_id):
            raise SaveConflict(save_id, stored)
        revision = max(stored or 0, 0) + 1
        old = self.entry(save_id)
        if floor is None:
            floor = old.floor if old is not None and old.floor != NO_FLOOR else 0
        floor = min(max(floor, 0), len(game.history))
        if claimed is None:
            claimed = old.claimed if old is not None and old.claimed is not None else tuple(range(len(game.seats)))
        entry = describe(game, save_id, self.clock(), encode_game(game), name=old.name if old else "",
                         kept=old.kept if old else False, viewer=viewer, floor=floor,
                         claimed=tuple(sorted(set(claimed))))
        count = len(game.history)
        owner, base, crc = self._base.get(save_id, (None, -1, 0))
        if owner is not None and owner() is game and 0 <= base <= count <= base + TAIL_MAX:
            board = game.state.board
            lines = [format_action(board, step.action) for step in game.history[base:]]
            self._store(entry, {self.keys.tail(save_id): Tail.text(revision, base, crc, lines)}, current=True)
        else:
            code = encode_replay(game, check=False)
            crc = code_crc(code)
            self._store(entry, {self.keys.code(save_id): code,
                                self.keys.tail(save_id): Tail.text(revision, count, crc, [])}, current=True)
            self._base[save_id] = (weakref.ref(game), count, crc)
        self._revision[save_id] = revision
        self._seen[save_id] = self.backend.get(self.keys.tail(save_id))
        return entry

    def overwritten(self, save_id: str) -> bool:
        """Whether another tab wrote this save over this page's last write with the same revision number
        (both wrote in the same moment, each from the revision before): the stored tail is not the one
        this page wrote or read."""
        seen = self._seen.get(save_id)
        return (seen is not None and self.revision(save_id) == self._revision.get(save_id)
                and self.backend.get(self.keys.tail(save_id)) != seen)

    def catch_up(self, save_id: str, game: Game) -> bool:
        """Play on ``game`` (this page's game of the save, as it last read or wrote it) the moves another
        tab saved since, when they only extend it: no replay of the whole record. Whether it did (else
        :meth:`read` the save whole)."""
        owner, base, crc = self._base.get(save_id, (None, -1, 0))
        raw = self.backend.get(self.keys.tail(save_id))
        if owner is None or owner() is not game or not raw:
            return False
        tail = Tail.parse(raw)
        have = len(game.history) - base
        if not tail.readable or (tail.base, tail.crc) != (base, crc) or not 0 <= have <= len(tail.lines):
            return False  # the code was written again, or this game has moves the save has not
        board = game.state.board
        if any(format_action(board, game.history[base + i].action) != tail.lines[i] for i in range(have)):
            return False  # another history
        try:
            for line in tail.lines[have:]:
                game.play(parse_action(board, line))
        except Exception:  # stored text that does not play: read() makes sense of it
            return False
        self._revision[save_id] = tail.revision
        self._seen[save_id] = raw
        return True

    def claim(self, save_id: str) -> None:
        """Write this save next over whatever is stored now (a link that carries the saved game on)."""
        self._revision[save_id] = self.revision(save_id)
        self._seen[save_id] = self.backend.get(self.keys.tail(save_id))
        self._base.pop(save_id, None)

    def forget(self, save_id: str) -> None:
        """Stop writing this save (another tab deleted it, or this page moves to another save)."""
        self._revision.pop(save_id, None)
        self._seen.pop(save_id, None)
        self._base.pop(save_id, None)

    def import_code(self, text: str, name: str = "Imported") -> SaveEntry:
        """Keep a save file's replay code (or a link) as a new named save; a CodecError if it is not one,
        saying why (:func:`import_problem`)."""
        code = text.strip()
        link = code.startswith(("http://", "https://")) or "#" in code
        if link:
            code = code.rsplit("#", 1)[-1]
        try:
            game = decode_replay(code)
        except CodecError as as_replay:
            try:
                game = decode_share(code)[0] if SHARE_SEPARATOR in code else decode_game(code)
            except CodecError as as_link:
                for missing in (as_replay, as_link):
                    if isinstance(missing, BoardNotHeld):  # a game on a map to import first (its name said)
                        raise missing from None
                raise import_problem(code, as_replay, as_link, link) from None
        now = self.clock()
        clean = fit_name(" ".join(name.split())) or "Imported"
        # A save file is a game this browser did not play: none of its moves can be taken back here, and no
        # seat of it is claimed here yet (each is, by "I am ...: show my turn").
        entry = describe(game, new_id(game, now), now, encode_game(game), name=clean, kept=True,
                         floor=len(game.history), claimed=())
        replay = encode_replay(game, check=False)
        self._store(entry, {self.keys.code(entry.id): replay,
                            self.keys.tail(entry.id): Tail.text(1, len(game.history), code_crc(replay), [])},
                    current=False)
        return entry

    def make_current(self, save_id: str) -> None:
        """Make a save the game on the table (a Load, or a reload of its link, put it there without a
        write): a plain visit and Continue open it. A full storage keeps the current id it has."""
        if self.current_id() != save_id:
            with contextlib.suppress(QuotaExceeded):
                self.backend.set(self.keys.current, save_id)

    def keep_link(self, game: Game, save_id: str) -> SaveEntry:
        """Keep a game opened from a link as a save (the current game from now on)."""
        return self.autosave(game, save_id)

    def rename(self, save_id: str, name: str) -> SaveEntry | None:
        """Give a save a name (cut to what a link holds); a named save is never pruned."""
        entry = self.entry(save_id)
        if entry is None:
            return None
        clean = fit_name(" ".join(name.split()))
        renamed = replace(entry, name=clean, kept=bool(clean) or entry.kept)
        self._write_index([renamed if e.id == save_id else e for e in self.entries()])
        return renamed

    def delete(self, save_id: str) -> None:
        """Forget a save (and that it was current, if it was)."""
        self._write_index([e for e in self.entries() if e.id != save_id])
        self.backend.remove(self.keys.code(save_id))
        self.backend.remove(self.keys.tail(save_id))
        self.forget(save_id)
        if self.current_id() == save_id:
            self.backend.remove(self.keys.current)

    def export(self, save_id: str) -> tuple[str, str]:
        """A file name and the text of a save file (the replay code)."""
        entry = self.entry(save_id)
        base = "".join(c if c.isalnum() else "-" for c in (entry.title if entry else "game")).strip("-")[:40]
        return f"risk-{base or 'game'}.txt", self.code(save_id) + "\n"

    # -- start-up ---------------------------------------------------------------------------------

    def repair(self) -> list[str]:
        """Check everything stored, once at start-up; return a sentence per thing set aside or rebuilt.

        Saves of a released page kept under unscoped keys move to this site's keys first. A damaged
        entry of the list is rebuilt from its save when that reads, else set aside (kept under the
        ``aside`` key); a save the list lost is found again; the list is written back clean. Never raises.
        """
        messages: list[str] = []
        try:
            self.migrate()
        except QuotaExceeded:
            messages.append("Some saved games of an earlier version could not be moved: the storage is full.")
        raw = self.backend.get(self.keys.index)
        aside: list[dict[str, object]] = []
        try:
            items = json.loads(raw) if raw else []
        except (ValueError, RecursionError):
            items = None
        if not isinstance(items, list):
            aside.append({"why": "the list of saved games is unreadable", "text": (raw or "")[:100_000]})
            messages.append("The list of saved games was damaged: it was set aside and made again from the saves.")
            items = []
        good: dict[str, SaveEntry] = {}
        changed = False
        for item in items:
            try:
                entry = check_entry(item)
            except BadRecord as bad:
                changed = True
                rebuilt = self._rebuild(item)
                aside.append({"why": bad.why, "record": item})
                named = item if rebuilt is None else {"name": rebuilt.name, "players": list(rebuilt.players)}
                name = record_name(named)
                if rebuilt is not None and rebuilt.id not in good:
                    good[rebuilt.id] = rebuilt
                    messages.append(f"The entry of {name} in the saved games was damaged ({bad.why}): it was "
                                    "made again from the save.")
                else:
                    messages.append(f"A saved game could not be read and was set aside: {name} ({bad.why}).")
                continue
            if entry.id in good:
                changed = True
                if entry.date <= good[entry.id].date:
                    continue
            good[entry.id] = entry
        found = 0
        for key in self.backend.names():
            save_id = self.keys.save_of(key)
            if save_id and save_id not in good and ID_PATTERN.fullmatch(save_id):
                rebuilt = self._rebuild({"id": save_id})
                if rebuilt is not None:
                    good[save_id] = rebuilt
                    found += 1
        if found:
            changed = True
            messages.append(f"{found} saved game{'s' if found > 1 else ''} missing from the list "
                            f"{'were' if found > 1 else 'was'} found again.")
        try:
            if aside:
                self._set_aside(aside)
            if changed or aside:
                self._write_index(sorted(good.values(), key=lambda e: e.date, reverse=True))
        except QuotaExceeded:
            pass  # the list stays as it is: reading it leaves the damaged records out anyway
        current = self.current_id()
        if current and current not in good:
            self.backend.remove(self.keys.current)
        return messages

    def _rebuild(self, item: object) -> SaveEntry | None:
        """An entry made again from a save's record (or its link), keeping what of ``item`` still reads."""
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not ID_PATTERN.fullmatch(item["id"]):
            return None
        save_id = item["id"]
        link = item.get("link") if isinstance(item.get("link"), str) else ""
        if self.revision(save_id) is None and not link:
            return None
        try:
            game = self.read(save_id, link=link).game
        except CodecError:
            return None
        name = fit_name(item["name"]) if isinstance(item.get("name"), str) else ""
        date = item.get("date")
        good_date = isinstance(date, int | float) and not isinstance(date, bool) and 0 <= date <= LATEST_DATE
        when = float(date) if good_date and isinstance(date, int | float) else self.clock()
        kept = item["kept"] if isinstance(item.get("kept"), bool) else True  # unsure: never prune it
        return describe(game, save_id, when, encode_game(game), name=name, kept=kept or bool(name))

    def _set_aside(self, records: list[dict[str, object]]) -> None:
        try:
            old = json.loads(self.backend.get(self.keys.aside) or "[]")
        except (ValueError, RecursionError):
            old = []
        kept = (old if isinstance(old, list) else []) + records
        self.backend.set(self.keys.aside, json.dumps(kept[-MAX_ASIDE:], separators=(",", ":")))

    def set_aside(self) -> list[Any]:
        """The records set aside so far (what a damaged list held), for a look by hand."""
        try:
            records = json.loads(self.backend.get(self.keys.aside) or "[]")
        except (ValueError, RecursionError):
            return []
        return records if isinstance(records, list) else []

    def migrate(self, legacy: Keys = LEGACY_KEYS) -> int:
        """Move the saves a released page kept under the unscoped keys to this site's keys; how many.

        Runs at every start-up, so saves an old page (still open in another tab) writes later move too.
        Each key is moved (written anew, then the old removed), so a nearly full storage holds both
        for one key at most.
        """
        if legacy == self.keys:
            return 0
        backend = self.backend
        # A save already under this site's keys with another record (an old page, still open after the
        # update, played on the same game): the old page's record moves too, as a save of its own.
        renamed: dict[str, str] = {}
        ids = {legacy.save_of(k) for k in backend.names()} - {""}
        for save_id in sorted(ids):
            pairs = [(backend.get(legacy.code(save_id)), backend.get(self.keys.code(save_id))),
                     (backend.get(legacy.tail(save_id)), backend.get(self.keys.tail(save_id)))]
            if any(old is not None and new is not None and old != new for old, new in pairs):
                n = 1
                while self.revision(f"{save_id}-{n}") is not None:
                    n += 1
                renamed[save_id] = f"{save_id}-{n}"
        moved = 0
        for save_id in sorted(ids):
            target = renamed.get(save_id, save_id)
            for old_key, new_key in ((legacy.code(save_id), self.keys.code(target)),
                                     (legacy.tail(save_id), self.keys.tail(target))):
                value = backend.get(old_key)
                if value is None:
                    continue
                if backend.get(new_key) is None:
                    _move(backend, old_key, new_key, value)
                else:
                    backend.remove(old_key)  # the same record, moved already (the page stopped half way)
            moved += 1
        raw = backend.get(legacy.index)
        if raw is not None:
            try:
                old = json.loads(raw)
            except (ValueError, RecursionError):
                old = None
            mine = self._items()
            known = {item.get("id") for item in mine if isinstance(item, dict)}
            if isinstance(old, list):
                added = []
                for item in old:
                    if isinstance(item, dict) and item.get("id") in renamed:
                        item = {**item, "id": renamed[item["id"]]}
                    if not (isinstance(item, dict) and item.get("id") in known):
                        added.append(item)
                _move(backend, legacy.index, self.keys.index, json.dumps(mine + added, separators=(",", ":")))
            else:  # a damaged list: kept aside as it is; repair() finds the saves again
                self._set_aside([{"why": "the list of saved games of an earlier version is unreadable",
                                  "text": raw[:100_000]}])
                backend.remove(legacy.index)
        current = backend.get(legacy.current)
        if current is not None:
            if self.current_id():
                backend.remove(legacy.current)
            else:
                _move(backend, legacy.current, self.keys.current, current)
        return moved

    # -- internals --------------------------------------------------------------------------------

    def _write_index(self, entries: list[SaveEntry]) -> None:
        self.backend.set(self.keys.index, json.dumps([asdict(e) for e in entries], separators=(",", ":")))

    def _store(self, entry: SaveEntry, writes: dict[str, str], *, current: bool) -> None:
        """Write the codes, the index and the current id; on a full storage prune and try again.

        The game being saved is never pruned, nor a named or imported one; nor the game on the table
        when the save is not made current (an import). A new game made current may push out the one
        before it, if that is the oldest autosave left.
        """
        protected = {entry.id} if current else {entry.id, self.current_id()}
        self.pruned = []
        while True:
            entries = [e for e in self.entries() if e.id != entry.id]
            autos = [e for e in entries if not e.kept and e.id not in protected]  # the newest first
            for extra in autos[MAX_AUTOSAVES:]:
                self._drop(extra)
            entries = [e for e in entries if e not in autos[MAX_AUTOSAVES:]]
            autos = autos[:MAX_AUTOSAVES]
            try:
                for key, value in writes.items():
                    if value:
                        self.backend.set(key, value)
                    else:
                        self.backend.remove(key)
                self._write_index([entry, *entries])
                if current:
                    self.backend.set(self.keys.current, entry.id)
                return
            except QuotaExceeded:
                if not autos:
                    raise StorageFull() from None
                self.pruned.append(autos[-1])
                self._drop(autos[-1])  # the oldest autosave makes room

    def _drop(self, entry: SaveEntry) -> None:
        self.backend.remove(self.keys.code(entry.id))
        self.backend.remove(self.keys.tail(entry.id))
        self.forget(entry.id)
        self._write_index([e for e in self.entries() if e.id != entry.id])


def _move(backend: Backend, old: str, new: str, value: str) -> None:
    """Write ``value`` under ``new`` and remove ``old``; when there is no room for both, remove first
    (and put it back if even then it does not fit, raising :class:`QuotaExceeded`)."""
    try:
        backend.set(new, value)
    except QuotaExceeded:
        backend.remove(old)
        try:
            backend.set(new, value)
        except QuotaExceeded:
            backend.set(old, value)
            raise
        return
    backend.remove(old)


# -- undo -------------------------------------------------------------------------------------------


def can_undo(game: Game, before: GameState | None = None) -> bool:
    """Whether the last action can be taken back as far as the dice go: it moved no random generator.

    A roll of the dice and a reshuffle move the generator, so the state before them has another
    generator state: undo stops there. A card drawn from the shuffled deck leaves the generator
    alone (ending the turn again draws the same card), so an end of turn can be taken back; whose
    turn it is to take back is the page's question (:class:`risk_ui.saves_panel.Session`). ``before``
    is the state before the last action when the caller kept it (replaying a long game to find it takes
    a while).
    """
    if not game.history or game.state.phase is Phase.OVER:
        return False
    if any(isinstance(event, Revealing) for event in game.history[-1].events):
        return False  # something was shown that cannot be unseen (a Spy's look, a hidden army)
    if before is None:
        before = game.state_at(len(game.history) - 1)
    return before.rng == game.state.rng


def undo(game: Game, before: GameState | None = None) -> bool:
    """Take back the last action if :func:`can_undo` allows it; whether it did."""
    if before is None and game.history:
        before = game.state_at(len(game.history) - 1)
    if not can_undo(game, before):
        return False
    assert before is not None
    game.history.pop()
    game.state = before.copy()
    return True


__all__ = [
    "DEFAULT_KEYS",
    "FULL_MESSAGE",
    "LEGACY_KEYS",
    "NO_FLOOR",
    "Backend",
    "BadRecord",
    "Keys",
    "Loaded",
    "MemoryBackend",
    "QuotaExceeded",
    "SaveConflict",
    "SaveEntry",
    "Saves",
    "StorageFull",
    "Tail",
    "can_undo",
    "check_entry",
    "describe",
    "new_id",
    "undo",
]
