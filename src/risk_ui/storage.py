"""Saved games in the browser's local storage, and undo: the pure logic, tested in CPython.

There is no server, so the page itself must never lose a game: after every action the current game is
written to local storage as a replay code (so its log survives a reload) together with its link code
(the present moment, which the page also puts in its address). :class:`Saves` does that on any object
with ``get``/``set``/``remove`` (the page passes one around ``localStorage``; the tests a dictionary
with a size limit). A full storage (the browser's ``QuotaExceededError``, raised here as
:class:`QuotaExceeded`) first prunes the oldest autosaves, never the current game nor one the player
named or imported; only if that is not enough does :class:`StorageFull` give the player one sentence.

Undo goes back one action at a time within the turn, but never past anything that drew from the
random generator (a roll of the dice, a card drawn): the generator state is part of the game state,
so neither undo nor a reload can roll again.

>>> from risk.game import Game, Seat
>>> from risk.rules import make_rules
>>> saves = Saves(MemoryBackend(), clock=lambda: 0.0)
>>> game = Game.start(make_rules("classic", ["auto-setup"]), [Seat("Ann", 0), Seat("Bob", 1)], seed=5)
>>> entry = saves.autosave(game, "g1")
>>> saves.load("g1").state == game.state, saves.current_id()
(True, 'g1')
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Protocol

from risk.actions import IllegalAction, format_action, parse_action
from risk.codec import (
    SHARE_SEPARATOR,
    CodecError,
    decode_game,
    decode_replay,
    decode_share,
    encode_game,
    encode_replay,
    fit_name,
    share_present,
)
from risk.game import Game
from risk.rules import EDITIONS
from risk.state import GameState, Phase

INDEX_KEY = "risk.saves"  # a JSON list of the entries, the codes themselves are kept apart
CURRENT_KEY = "risk.current"  # the id of the game on the table
CODE_PREFIX = "risk.save."  # + id: the replay code of the game up to some action
TAIL_PREFIX = "risk.tail."  # + id: the actions after it, one a line (cheap to write after every action)
TAIL_MAX = 64  # actions kept as text before the replay code is written again
MAX_AUTOSAVES = 20  # unnamed games kept besides the current one, the oldest go first
FULL_MESSAGE = ("The browser's storage for this page is full: delete or export some saved games "
                "to keep saving this one.")


class QuotaExceeded(Exception):
    """The storage refused a write because it is full (the browser's ``QuotaExceededError``)."""


class StorageFull(Exception):
    """Nothing more could be pruned and the game still does not fit; the message is for the player."""

    def __init__(self) -> None:
        super().__init__(FULL_MESSAGE)


class Backend(Protocol):
    """What :class:`Saves` needs of a key-value store such as ``localStorage``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


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

    @property
    def title(self) -> str:
        """The name, or what the game is when it has none."""
        return self.name or "Autosave: " + ", ".join(self.players)

    def date_text(self) -> str:
        """The date of the last save, "2026-11-22 05:10"."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.date))


def describe(game: Game, save_id: str, now: float, link: str, *, name: str = "", kept: bool = False,
             viewer: int = -1) -> SaveEntry:
    """The list entry for ``game``."""
    edition = EDITIONS[game.rules.edition].title if game.rules.edition in EDITIONS else game.rules.edition
    return SaveEntry(save_id, name, tuple(s.name for s in game.seats), edition, game.state.turn, now, link,
                     kept, viewer)


def new_id(game: Game, now: float) -> str:
    """An id for a new save: the time in milliseconds and the seed, in hex."""
    return f"{int(now * 1000):x}-{game.seed & 0xFFFFFFFF:x}"


class Saves:
    """The saved games in one storage: autosave, list, load, rename, delete, import and export."""

    def __init__(self, backend: Backend, clock: Callable[[], float] = time.time) -> None:
        self.backend = backend
        self.clock = clock
        # Per save: the game object and how many of its actions the stored replay code holds. Writing
        # the replay code of a long game takes a while, so after most actions only the tail is written.
        self._base: dict[str, tuple[int, int]] = {}

    # -- reading ----------------------------------------------------------------------------------

    def entries(self) -> list[SaveEntry]:
        """Every save, the most recent first (a damaged index reads as empty, never as an error)."""
        raw = self.backend.get(INDEX_KEY)
        try:
            items = json.loads(raw) if raw else []
            entries = [SaveEntry(**{**item, "players": tuple(item["players"])}) for item in items]
        except (ValueError, TypeError, KeyError):
            return []
        return sorted(entries, key=lambda e: e.date, reverse=True)

    def entry(self, save_id: str) -> SaveEntry | None:
        """The entry with this id, or None."""
        return next((e for e in self.entries() if e.id == save_id), None)

    def current_id(self) -> str:
        """The id of the game on the table ("" if none)."""
        return self.backend.get(CURRENT_KEY) or ""

    def code(self, save_id: str) -> str:
        """The replay code of a save, the whole game ("" if it has none)."""
        code = self.backend.get(CODE_PREFIX + save_id) or ""
        if code and self.backend.get(TAIL_PREFIX + save_id):
            return encode_replay(self.load(save_id), check=False)
        return code

    def load(self, save_id: str) -> Game:
        """The game of a save, replayed; a :class:`~risk.codec.CodecError` if the code is damaged."""
        code = self.backend.get(CODE_PREFIX + save_id) or ""
        if not code:
            raise CodecError("This saved game is no longer in the browser's storage.")
        game = decode_replay(code)
        board = game.state.board
        try:
            for line in (self.backend.get(TAIL_PREFIX + save_id) or "").splitlines():
                game.play(parse_action(board, line))
        except IllegalAction:
            raise CodecError("This saved game is damaged: its last moves cannot be played.") from None
        self._base[save_id] = (id(game), len(game.history) - self._tail_length(save_id))
        return game

    def _tail_length(self, save_id: str) -> int:
        return len((self.backend.get(TAIL_PREFIX + save_id) or "").splitlines())

    def find_link(self, link: str) -> SaveEntry | None:
        """The save whose present moment is this link (a reload, or a link to a game saved here)."""
        current = self.current_id()
        present = share_present(link)
        matches = [e for e in self.entries() if e.link == present]
        return next((e for e in matches if e.id == current), matches[0] if matches else None)

    def continued_by(self, game: Game) -> SaveEntry | None:
        """The save of this very game that ``game`` carries on: same rules, seats and start, and its
        moves are the first moves of ``game`` (a link sent back by the friend we sent ours to). The
        current save is tried first; only saves of the same seed are opened."""
        suffix = f"-{game.seed & 0xFFFFFFFF:x}"
        current = self.current_id()
        for entry in sorted(self.entries(), key=lambda e: e.id != current):
            if not entry.id.endswith(suffix):
                continue
            try:
                mine = self.load(entry.id)
            except CodecError:
                continue
            count = len(mine.history)
            if (mine.rules == game.rules and mine.seats == game.seats and mine.initial == game.initial
                    and count <= len(game.history)
                    and all(a.action == b.action for a, b in zip(mine.history, game.history[:count]))):
                return entry
        return None

    # -- writing ----------------------------------------------------------------------------------

    def autosave(self, game: Game, save_id: str, viewer: int = -1) -> SaveEntry:
        """Save ``game`` under ``save_id`` and make it the current game; prune old autosaves if needed.

        Raises :class:`StorageFull` when even pruning every other autosave leaves no room.
        """
        old = self.entry(save_id)
        entry = describe(game, save_id, self.clock(), encode_game(game), name=old.name if old else "",
                         kept=old.kept if old else False, viewer=viewer)
        count = len(game.history)
        owner, base = self._base.get(save_id, (0, -1))
        if owner == id(game) and 0 <= base <= count <= base + TAIL_MAX:
            board = game.state.board
            tail = "\n".join(format_action(board, step.action) for step in game.history[base:])
            self._store(entry, {TAIL_PREFIX + save_id: tail}, current=True)
        else:
            self._store(entry, {CODE_PREFIX + save_id: encode_replay(game, check=False),
                                TAIL_PREFIX + save_id: ""}, current=True)
            self._base[save_id] = (id(game), count)
        return entry

    def import_code(self, text: str) -> SaveEntry:
        """Keep a save file's replay code (or a link) as a new named save; CodecError if it is not one."""
        code = text.strip()
        if code.startswith(("http://", "https://")) or "#" in code:
            code = code.rsplit("#", 1)[-1]
        try:
            game = decode_replay(code)
        except CodecError as error:
            try:
                game = decode_share(code)[0] if SHARE_SEPARATOR in code else decode_game(code)
            except CodecError:
                raise error from None
        now = self.clock()
        entry = describe(game, new_id(game, now), now, encode_game(game), name="Imported", kept=True)
        self._store(entry, {CODE_PREFIX + entry.id: encode_replay(game, check=False)}, current=False)
        return entry

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
        self.backend.remove(CODE_PREFIX + save_id)
        self.backend.remove(TAIL_PREFIX + save_id)
        self._base.pop(save_id, None)
        if self.current_id() == save_id:
            self.backend.remove(CURRENT_KEY)

    def export(self, save_id: str) -> tuple[str, str]:
        """A file name and the text of a save file (the replay code)."""
        entry = self.entry(save_id)
        base = "".join(c if c.isalnum() else "-" for c in (entry.title if entry else "game")).strip("-")[:40]
        return f"risk-{base or 'game'}.txt", self.code(save_id) + "\n"

    # -- internals --------------------------------------------------------------------------------

    def _write_index(self, entries: list[SaveEntry]) -> None:
        self.backend.set(INDEX_KEY, json.dumps([asdict(e) for e in entries], separators=(",", ":")))

    def _store(self, entry: SaveEntry, writes: dict[str, str], *, current: bool) -> None:
        """Write the codes, the index and the current id; on a full storage prune and try again."""
        protected = {entry.id, self.current_id()}
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
                    self.backend.set(CURRENT_KEY, entry.id)
                return
            except QuotaExceeded:
                if not autos:
                    raise StorageFull() from None
                self._drop(autos[-1])  # the oldest autosave makes room

    def _drop(self, entry: SaveEntry) -> None:
        self.backend.remove(CODE_PREFIX + entry.id)
        self.backend.remove(TAIL_PREFIX + entry.id)
        self._base.pop(entry.id, None)
        self._write_index([e for e in self.entries() if e.id != entry.id])


# -- undo -------------------------------------------------------------------------------------------


def can_undo(game: Game, before: GameState | None = None) -> bool:
    """Whether the last action can be taken back: same turn and player, and it drew nothing at random.

    A roll of the dice and a card drawn move the generator, so the state before them has another
    generator state: undo stops there (as it does at the start of a turn and at a change of player).
    ``before`` is the state before the last action when the caller kept it (replaying a long game to
    find it takes a while).
    """
    if not game.history or game.state.phase is Phase.OVER:
        return False
    if before is None:
        before = game.state_at(len(game.history) - 1)
    after = game.state
    return before.rng == after.rng and before.current == after.current and before.turn == after.turn


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
    "FULL_MESSAGE",
    "Backend",
    "MemoryBackend",
    "QuotaExceeded",
    "SaveEntry",
    "Saves",
    "StorageFull",
    "can_undo",
    "describe",
    "new_id",
    "undo",
]
