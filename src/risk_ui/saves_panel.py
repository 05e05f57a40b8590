"""The page's saved games: autosave after every action, the address, undo, the list, and "Send this turn".

:class:`Session` is the pure part: which save the game on the table is, what opening the page with a
link (``#<code>``) or without one resumes, what to write after each action and what the address must
hold, what to do when another tab plays the same game, and what Undo may take back. :class:`SavesPanel`
draws the "Saved games" panel into any document with the DOM's methods (the tests use the fake DOM)
and listens to its own buttons, which carry ``data-save-action`` (not ``data-action``: the game's
controller never sees them). The browser itself (local storage, the address, the clipboard, files)
is behind :class:`Browser`; :func:`connect` gives the real one.

Names from a link or a save file are written as text (escaped), never as markup.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from risk import codec
from risk.actions import EndTurn
from risk.board import IMPORTED, register_board
from risk.codec import (
    SHARE_SEPARATOR,
    BoardNotHeld,
    CannotEncode,
    CodecError,
    ReplayCoder,
    decode_share,
    encode_game,
    encode_share,
    fit_name,
    replay_length,
    share_present,
)
from risk.engine import apply
from risk.events import CardDrawn, TurnStarted
from risk.game import Game, Step
from risk.history import describe, last_move_by, seat_names
from risk.state import GameState, Phase
from risk_ui import coach, storage, welcome, words
from risk_ui.controller import Controller, not_shown_message, page_can_show
from risk_ui.storage import NO_FLOOR, SaveConflict, SaveEntry, Saves, StorageFull
from risk_ui.words import UNDO_FLOOR, cannot_save_text

if TYPE_CHECKING:
    from risk_ui.board_links import WantedBoard

PANEL_ID = "saves-panel"
STYLESHEET = "./assets/style/saves.css"
NO_STORAGE = "This browser keeps no saved games for this page: only the address holds the game."
FOLLOWED = "This game moved on in another tab or window: here is its latest move."
DELETED = ("This game's save was deleted in another tab or window: the game stays here and is saved "
           "again at the next move.")
NOTHING_TO_UNDO = ("Nothing to undo: a roll of the dice, a reshuffle of the cards and the next player's "
                   "moves are final.")


# A board file kept in this browser (validated, stored, registered), its reference returned: the shelf's keep
# (risk_ui.board_shelf.BoardShelf.keep, given by main.py), else risk.board.register_board (held for this visit only).
# A bad board raises a ValueError naming the problem; a full storage an error whose message is for the player.
Keep = Callable[[dict[str, object]], str]
# The board file that files a person chose make (a Domination map's .map with its .cards and pictures, or one .zip):
# risk_ui.maps_page.read_map, given by main.py; a ValueError says what is wrong with them.
ReadMap = Callable[[Sequence[tuple[str, bytes]]], dict[str, object]]


def no_map_reader(files: Sequence[tuple[str, bytes]]) -> dict[str, object]:
    """A page that reads no Domination maps: files that are not a board file are not a map."""
    raise ValueError(words.NOT_A_MAP)


class Renders(Protocol):
    """What the panel needs of the game's page: its controller and a way to draw it."""

    controller: Controller

    def render(self) -> None: ...


def _moment(controller: Controller) -> tuple[int, int]:
    """The moment of the game on the table, within the game (the game itself is compared apart)."""
    return len(controller.game.history), id(controller.game.state)


class Session:
    """Which save the game on the table is, and keeping it (and the address) up after every action."""

    def __init__(self, saves: Saves, new_id: Callable[[], str]) -> None:
        self.saves = saves
        self.new_id = new_id
        self.save_id = ""
        self.message = ""  # a sentence for the player: a damaged link, a full storage, another tab
        self.full = False  # the last save did not fit: the player is asked to make room
        self.unsaved = ""  # why the game on the table cannot be saved (no code can hold it), or ""
        self.link = ""  # the link code of the game on the table (its present moment)
        self.wanted: WantedBoard | None = None  # a game waiting for its map (the first screen says which)
        # What was saved last: the game (held, so no other game can take its id), its moment and viewer.
        self._saved: tuple[Game | None, int, int, int] = (None, -1, -1, -2)
        self._saved_count = 0  # actions in the game when it was last written
        self._last_write: tuple[Game | None, int] = (None, -1)  # the game last written and its count before
        self._shown: tuple[Game | None, int, int] = (None, -1, -1)  # what the address holds
        self._present: tuple[Game | None, int, int] = (None, -1, -1)  # what ``link`` is the present of
        self._coder: ReplayCoder | None = None  # the replay code of the game on the table, kept up
        self._undo_run: tuple[Game | None, int, int] = (None, -1, 0)  # undos in a row: game, length, count
        # Per save: the actions its game had when a link of it was last opened here (what the sender's
        # browser held then). A link sent back need carry only the moves after what its receiver holds.
        self.received: dict[str, int] = {}
        # The undo floor of the game on the table: its actions this browser did not make (they came by a link
        # or a save file, or with a save from before the floor was kept), which Undo never takes back.
        self._floor: tuple[Game | None, int] = (None, 0)

    def floor(self, controller: Controller) -> int:
        """The undo floor of the game on the table (0: every action of it was made here)."""
        game, floor = self._floor
        return floor if game is controller.game else 0

    @staticmethod
    def claimed(controller: Controller) -> tuple[int, ...]:
        """The seats claimed on this device, as a save keeps them (a game made here: every seat)."""
        seats = controller.ui.claimed
        return tuple(range(len(controller.game.seats))) if seats is None else tuple(sorted(seats))

    def unclaim(self, controller: Controller, seat: int) -> None:
        """``seat`` plays on another device (this device sent it the game): its hand-off here asks first from
        now on, and the save keeps that."""
        seats = frozenset(self.claimed(controller))
        if seat in seats and controller.is_human(seat):
            controller.ui.claimed = seats - {seat}
            self._saved = (None, -1, -1, -2)  # written with the next save, though no move was made

    def _set_floor(self, game: Game, entry: SaveEntry | None, problem: str = "") -> None:
        """A save put on the table: its floor, or, for a save that kept none (older) or could not be read
        whole, where it is opened."""
        whole = entry is not None and entry.floor != NO_FLOOR and not problem
        self._floor = (game, entry.floor if whole and entry is not None else len(game.history))

    def _fresh_id(self) -> str:
        """A new save id that no save in the storage has (another tab may have made one this very
        millisecond, of the same seed)."""
        save_id = self.new_id()
        base, n = save_id, 1
        while self.saves.revision(save_id) is not None or self.saves.entry(save_id) is not None:
            n += 1
            save_id = f"{base}-{n}"
        return save_id

    def say(self, text: str) -> None:
        """Add a sentence to the message."""
        self.message = f"{self.message} {text}".strip() if text not in self.message else self.message

    # -- opening the page -------------------------------------------------------------------------

    def open(self, controller: Controller, fragment: str, *, fresh: bool = False) -> None:
        """Resume what the address asks for: its link (a save of ours, or a new game from elsewhere), else
        the current autosave (unless ``fresh``: the address asked for a new seed or a scenario)."""
        code = fragment.lstrip("#").strip()
        if code:
            if self.open_link(controller, code):
                return
            fresh = False  # a damaged link: the game of before stays on the table
        current = self.saves.current_id()
        if not (current and not fresh and self._load(controller, current)):
            self.save_id = self._fresh_id()
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
            game, problem = decode_share(code, self.saves.held)
        except BoardNotHeld as missing:  # the link waits for its map (the address keeps it)
            from risk_ui import board_links

            board_links.wait(self, controller, missing, board_links.LINK, code)
            return False
        except CodecError as error:
            self.say(str(error))
            controller.ui.notice, controller.ui.error = self.message, True
            return False
        if not page_can_show(game.rules):
            self.say(not_shown_message(game.rules))
            controller.ui.notice, controller.ui.error = self.message, True
            return False
        if not save_id and game.history:
            # An earlier moment of a game this browser took further (the back button, an older link): the
            # game stays at its latest moment, so no one goes back into a turn (and its cards) played since.
            ahead = self.saves.ahead_of(game)
            if ahead is not None and self._load(controller, ahead.id):
                self.say(words.EARLIER_LINK)
                controller.ui.notice, controller.ui.error = self.message, False
                return True
        controller.load(game)  # first: a new save's id names this game's seed (see Saves.continued_by)
        self.wanted = None
        if not save_id:
            carried_on = self.saves.continued_by(game) if game.history else None
            save_id = carried_on.id if carried_on is not None else self._fresh_id()
        # The seats claimed here: those of the save it carries on (the sender's own device keeps its seats), and
        # the person the link was sent to (the player to move, or the next one if the sender was mid-turn); no
        # other seat's hand-off opens here without its question (risk_ui.view).
        # The person who sent it plays on another device: a seat of a game made here stops being claimed here
        # when its moves come back by a link (so that its hand-off asks first, an elimination skipping round to
        # it included).
        kept = self.saves.entry(save_id)
        before = claimed_seats(kept) if kept is not None else frozenset()
        addressee, sent_by = next_receiver(game), welcome.sender(game)
        if before is None:
            before = frozenset(range(len(game.seats)))
        controller.ui.claimed = (before - {sent_by}) | ({addressee} if controller.is_human(addressee) else set())
        # The link carries this save on (same game, more moves): its record replaces the save's, over
        # whatever revision is stored now.
        self.saves.claim(save_id)
        self.save_id = save_id
        self.received[save_id] = len(game.history)
        self._floor = (game, len(game.history))  # the sender's moves are not this browser's to take back
        # Its receiver is told who sent it, what the game is and what to do (risk_ui.welcome).
        controller.ui.welcome, controller.ui.welcome_from = True, welcome.sender(game)
        self._saved = (None, -1, -1, -2)  # saved at once (a new save, or the one it carries on)
        if problem:
            self.say(problem)
            controller.ui.notice, controller.ui.error = self.message, True
        return True

    def _load(self, controller: Controller, save_id: str, *, keep_dialog: bool = False) -> bool:
        """Put a save on the table (claiming its revision); on a save that cannot be read, say why."""
        try:
            loaded = self.saves.read(save_id, claim=True)
        except BoardNotHeld as missing:  # a saved game on a map this browser no longer holds: it waits for it
            from risk_ui import board_links

            board_links.wait(self, controller, missing, board_links.SAVED_GAME, save_id)
            return False
        except CodecError as error:
            self.say(str(error))
            return False
        entry = self.saves.entry(save_id)
        dialog = controller.ui.dialog_open
        controller.load(loaded.game, entry.viewer if entry and not loaded.problem else -1)
        controller.ui.dialog_open = dialog and keep_dialog
        controller.ui.claimed = claimed_seats(entry)
        self.save_id = save_id
        self._set_floor(loaded.game, entry, loaded.problem)
        self.saves.make_current(save_id)  # Continue opens the game last on the table
        if loaded.problem:
            self.say(loaded.problem)
            self._saved = (None, -1, -1, -2)  # written again whole at once, from what could be read
        else:
            self._saved = (controller.game, *_moment(controller), controller.ui.viewer)
        self._saved_count = len(controller.game.history)
        if entry is not None and not loaded.problem:
            self.link, self._present = entry.link, (controller.game, *_moment(controller))
        return True

    # -- a game on a map this browser does not hold -------------------------------------------------

    def import_file(self, controller: Controller, file_name: str, text: str, keep: Keep) -> str:
        """A file chosen with Import (on the first screen, in Saved games, or the missing map's own): a save
        file goes in the list (or waits for its map); a board file is kept (and opens the game waiting for it);
        a game-with-board file keeps its map and opens its game. What to tell the player; a ``ValueError``
        (a :class:`~risk.codec.CodecError`, a board file's error) saying what is wrong, and nothing changed."""
        name = name_of_file(file_name)
        if text.lstrip().startswith("{"):  # a board's file (risk_ui.board_links)
            from risk_ui import board_links

            return board_links.import_json(self, controller, file_name, text, keep, name)
        try:
            entry = self.saves.import_code(text, name)
        except BoardNotHeld as missing:  # the file waits for its map
            from risk_ui import board_links

            board_links.wait(self, controller, missing, board_links.SAVE_FILE, text, name)
            return ""
        return f'The save file is in the list as "{entry.title}": press Load to play it.'

    # -- after each action ------------------------------------------------------------------------

    def changed(self, controller: Controller) -> bool:
        """Whether the game changed since it was last saved."""
        game, *moment = self._saved
        return game is not controller.game or tuple(moment) != (*_moment(controller), controller.ui.viewer)

    def save(self, controller: Controller) -> None:
        """Autosave the game if it changed (the address is :meth:`address_due`'s business)."""
        if not self.changed(controller):
            return
        previous = self._saved
        game = controller.game
        if previous[0] is not None and previous[0] is not game:
            self.saves.forget(self.save_id)
            self.save_id = self._fresh_id()  # another game on the table: a new save
        # Whether a move was made since (a hand-off screen passed is not one).
        moved = previous[0] is not None and previous[1:3] != _moment(controller)
        since = self._saved_count if previous[0] is game else -1  # the moves this write adds
        try:
            entry = self.saves.autosave(game, self.save_id, controller.ui.viewer, self.floor(controller),
                                        self.claimed(controller))
        except StorageFull as error:
            self._saved = (game, *_moment(controller), controller.ui.viewer)  # tried again after the next move
            self.full = True
            self.say(str(error))
            return
        except SaveConflict as conflict:
            self._diverged(controller, conflict)
            return
        except CannotEncode as error:  # never silent: the last good save and the address stay as they were
            self._saved = (game, *_moment(controller), controller.ui.viewer)  # tried again after the next move
            self.message = self.message.replace(self.unsaved, "").strip()
            self.unsaved = cannot_save_text(str(error))
            self.say(self.unsaved)
            controller.ui.notice, controller.ui.error = self.message, True
            return
        self._wrote(controller, entry)
        self._last_write = (game, since)  # if another tab's write lands over it, were a person's moves in it?
        if self._quiet_after(moved):
            self.message = ""  # a move since: what was said is old news (a lack of storage is not)
        self._said_pruned()

    def _wrote(self, controller: Controller, entry: SaveEntry) -> None:
        if self.full:
            self.full = False
            self.message = self.message.replace(storage.FULL_MESSAGE, "").strip()
        if self.unsaved:
            self.message, self.unsaved = self.message.replace(self.unsaved, "").strip(), ""
        self._saved = (controller.game, *_moment(controller), controller.ui.viewer)
        self._saved_count = len(controller.game.history)
        self.link, self._present = entry.link, (controller.game, *_moment(controller))

    def _said_pruned(self) -> None:
        pruned = self.saves.pruned
        if len(pruned) == 1:
            self.say(f"The browser's storage was full: the oldest autosave ({pruned[0].title}, turn "
                     f"{pruned[0].turn}) was deleted to keep this game.")
        elif pruned:
            self.say(f"The browser's storage was full: the {len(pruned)} oldest autosaves were deleted to keep "
                     "this game.")

    def present(self, controller: Controller) -> str:
        """The link code of the game on the table at this moment."""
        moment = (controller.game, *_moment(controller))
        if self._present[0] is not controller.game or self._present[1:] != moment[1:]:
            self.link, self._present = encode_game(controller.game), moment
        return self.link

    def address(self, controller: Controller) -> str:
        """What the page's address holds: the link code of the present, then the game's history (as a
        share code), so that a link copied from the address carries the whole record. The history is
        kept up by a :class:`~risk.codec.ReplayCoder` (only its last block is written again) and left
        out when longer than a link takes."""
        game = controller.game
        present = self.present(controller)
        if not game.history:
            return present
        if self._coder is None or self._coder.game is not game:
            self._coder = ReplayCoder(game)
        try:
            history = self._coder.code()
        except CannotEncode:
            return present
        return present if len(history) > codec.MAX_SHARED_HISTORY_CHARS else present + SHARE_SEPARATOR + history

    def address_due(self, controller: Controller) -> str:
        """The code the address must hold now, or "" when it already holds the game on the table (any
        game put there: loaded, imported and loaded, new, from a link, or just ended)."""
        moment = (controller.game, *_moment(controller))
        if self._shown[0] is controller.game and self._shown[1:] == moment[1:]:
            return ""
        self._shown = moment
        try:
            return self.address(controller)
        except CannotEncode:  # said by save(): the address keeps the last moment that could be saved
            return ""

    def _quiet_after(self, moved: bool) -> bool:
        return bool(self.message) and (moved or self.message == storage.FULL_MESSAGE) and (
            self.message != NO_STORAGE)

    def load(self, controller: Controller, save_id: str) -> bool:
        """The list's Load: put a save on the table (a game waiting for its map is let go)."""
        self.message = ""
        loaded = self._load(controller, save_id)
        if loaded:
            self.wanted = None
        return loaded

    def forget_save(self) -> None:
        """The save of the game on the table was deleted here: save the game again, as a new save, at once."""
        self.saves.forget(self.save_id)
        self.save_id = self._fresh_id()
        self._saved = (None, -1, -1, -2)

    # -- another tab on the same game -------------------------------------------------------------

    def follow(self, controller: Controller) -> bool:
        """If another tab or window wrote (or deleted) the save on the table since this page read or
        wrote it, catch up now: show its latest move, or, when a person moved here too and it was not
        saved, keep this page's game as a separate save. Whether anything changed."""
        save_id, saves = self.save_id, self.saves
        if not save_id:
            return False
        stored = saves.revision(save_id)
        overwritten = saves.overwritten(save_id)  # another tab wrote in the same moment as this one
        if stored == saves.known_revision(save_id) and not overwritten:
            return False
        if stored is None:  # deleted elsewhere: the game stays on the table, a new save at the next move
            saves.forget(save_id)
            self.save_id = self._fresh_id()
            self.say(DELETED)
            return True
        if (self.changed(controller) and self._own_moves(controller)) or (overwritten and self._wrote_own(controller)):
            self._keep_apart(controller)  # a person's moves here are not in the stored save: kept apart
        else:
            self._follow(controller)
        return True

    def _diverged(self, controller: Controller, conflict: SaveConflict) -> None:
        """A write refused because another tab wrote the same save first (both moved at once)."""
        if conflict.stored is None:  # deleted elsewhere, and a move made here: saved again at once
            self.saves.forget(self.save_id)
            self.save_id = self._fresh_id()
            self._saved = (None, -1, -1, -2)
            self.save(controller)
        elif self._own_moves(controller):
            self._keep_apart(controller)
        else:
            self._follow(controller)  # only computer players moved here: nothing of a person is lost

    def _wrote_own(self, controller: Controller) -> bool:
        """Whether this page's last write held a move a person made here (replayed only when another tab
        wrote over it)."""
        game, since = self._last_write
        if game is not controller.game or since < 0:
            return True
        state = game.state_at(since)
        for step in game.history[since:self._saved_count]:
            if controller.is_human(state.current):
                return True
            apply(state, step.action)
        return False

    def _own_moves(self, controller: Controller) -> bool:
        """Whether a person made a move here since the last write (undoing one counts)."""
        game = controller.game
        start = self._saved_count
        if self._saved[0] is not game or len(game.history) < start:
            return True
        state = game.state_at(start)
        for step in game.history[start:]:
            if controller.is_human(state.current):
                return True
            apply(state, step.action)
        return False

    def _follow(self, controller: Controller) -> None:
        """Put the stored save, newer than the game here, on the table: its new moves played on the game
        here when they only extend it (a long game is not replayed after every move of the other tab),
        else the save read whole."""
        game, saves = controller.game, self.saves
        if saves.catch_up(self.save_id, game):
            entry = saves.entry(self.save_id)
            if entry is not None and entry.floor != NO_FLOOR:
                self._floor = (game, max(self.floor(controller), entry.floor))
            dialog, claimed = controller.ui.dialog_open, controller.ui.claimed
            controller.load(game, entry.viewer if entry else controller.ui.viewer)
            controller.ui.dialog_open = dialog
            # A seat claimed in either tab is claimed.
            theirs = claimed_seats(entry)
            controller.ui.claimed = None if claimed is None or theirs is None else claimed | theirs
            self._saved = (game, *_moment(controller), controller.ui.viewer)
            self._saved_count = len(game.history)
        elif not self._load(controller, self.save_id, keep_dialog=True):
            return
        self.message = ""
        self.say(FOLLOWED)
        controller.ui.notice, controller.ui.error = FOLLOWED, False

    def _keep_apart(self, controller: Controller) -> None:
        """Both tabs moved: this page's game becomes a save of its own, named so it is never pruned."""
        old = self.saves.entry(self.save_id)
        self.saves.forget(self.save_id)
        self.save_id = self._fresh_id()
        self._saved = (None, -1, -1, -2)
        players = ", ".join(s.name for s in controller.game.seats)
        name = fit_name("Copy: " + (old.name if old and old.name else players))
        try:
            entry = self.saves.autosave(controller.game, self.save_id, controller.ui.viewer, self.floor(controller),
                                        self.claimed(controller))
            self.saves.rename(self.save_id, name)
        except (StorageFull, storage.QuotaExceeded):
            self.full = True
            self.say(storage.FULL_MESSAGE)
            return
        self._wrote(controller, entry)
        self.say(f'This game was played on in another tab or window too. The moves made here are kept as a '
                 f'separate save, "{name}"; the other is in Saved games.')
        controller.ui.notice, controller.ui.error = self.message, True

    # -- undo -------------------------------------------------------------------------------------

    def undoable(self, controller: Controller, before: GameState | None) -> bool:
        """Whether Undo may take back the last action: a person's, nothing random since, and the next
        player has not acted (the hand-off screen still shows, or a computer player has not moved)."""
        game = controller.game
        if controller.ui.record.replay is not None or before is None or not storage.can_undo(game, before):
            return False
        if len(game.history) <= self.floor(controller):  # a move made on another device (the link's sender)
            return False
        actor = before.current
        if not controller.is_human(actor):
            return False
        state = controller.state
        if state.current == actor:
            return True
        return (controller.ui.handoff >= 0 or not controller.is_human(state.current)
                or controller.shared_phase())

    def undo(self, controller: Controller, before: GameState | None = None) -> bool:
        """Take back the last action if :meth:`undoable` (``before``: the state before it, if known);
        the status line says what was taken back."""
        game = controller.game
        if before is None and game.history:
            before = game.state_at(len(game.history) - 1)
        if before is None or not self.undoable(controller, before):
            below = bool(game.history) and len(game.history) <= self.floor(controller)
            self.message = UNDO_FLOOR if below else NOTHING_TO_UNDO
            return False
        text = undone_text(game, game.history[-1], before)
        storage.undo(game, before)
        self.message = ""
        ui = controller.ui
        controller.cancel()
        ui.events = ()  # what the undone action caused is not news any more
        if ui.handoff >= 0 and ui.viewer == controller.state.current:
            ui.handoff = -1  # back to the player who had the device: no hand-off
        controller._after_change()  # whose eyes are on the screen, as after any move
        run_game, length, count = self._undo_run
        count = count + 1 if run_game is game and length == len(game.history) + 1 else 1
        self._undo_run = (game, len(game.history), count)
        ui.notice = f"Undone: {text}" + (f" ({count} moves taken back.)" if count > 1 else "")
        ui.error = False
        return True


def undone_text(game: Game, step: Step, before: GameState) -> str:
    """What an Undo took back, as a sentence ("Red places 3 armies on Alaska.")."""
    names = seat_names(game)
    who = names[before.current] if 0 <= before.current < len(names) else "The player"
    if isinstance(step.action, EndTurn):
        text = f"{who} ends the turn."
    else:
        said = (describe(game, e, names) for e in step.events if not isinstance(e, TurnStarted | CardDrawn))
        text = next((t for t in said if t), f"{who}'s last move.")
    if any(isinstance(e, CardDrawn) for e in step.events):
        text += " The card drawn goes back on the deck."
    return text


# -- the panel ----------------------------------------------------------------------------------------


def claimed_seats(entry: SaveEntry | None) -> frozenset[int] | None:
    """The seats claimed on this device by a save's entry (None: every seat, a game made here). A save older than
    the field reads safely: one made here (an undo floor of 0) as before; one that came by a link or a save file,
    or one older than the floor, as the seat on screen when it was saved, the others asking first."""
    if entry is None:
        return frozenset()
    if entry.claimed is not None:
        return frozenset(entry.claimed)
    if entry.floor == 0:
        return None
    return frozenset({entry.viewer} if entry.viewer >= 0 else ())


def next_receiver(game: Game) -> int:
    """Who a link sent now goes to: the player to move, unless it made the last move (a link sent in the
    middle of one's own turn goes to the next player round the table)."""
    state = game.state
    if not game.history or last_move_by(game, state.current) < len(game.history):
        return state.current
    seat = state.current
    for _ in range(state.players):
        seat = (seat + 1) % state.players
        if seat != state.neutral and state.alive[seat]:
            return seat
    return state.current


def panel_html() -> str:
    """The panel's fixed skeleton (the list is filled in later)."""
    return (
        f'<section id="{PANEL_ID}" class="panel saves-panel" aria-label="Saved games">'
        '<div class="saves-buttons">'
        '<button type="button" id="undo" data-save-action="undo">Undo</button>'
        '<button type="button" id="send-turn" data-save-action="send">Send this turn</button>'
        '<button type="button" id="send-whole" data-save-action="send-whole">Send with the whole game</button>'
        f'<button type="button" id="send-board" data-save-action="send-board" hidden>'
        f'{escape(words.SEND_WITH_BOARD)}</button></div>'
        '<p id="saves-message" class="message" role="alert"></p>'
        '<details id="saves-details"><summary>Saved games</summary><ul id="saves-list" class="saves-list"></ul>'
        f'<label class="saves-import">{escape(words.IMPORT_SAVE)} '
        '<input type="file" id="saves-import" accept=".txt,text/plain,.json,application/json"></label>'
        '</details></section>')


def entry_html(entry: SaveEntry, current: bool) -> str:
    """One line of the list: the name and what the game is, then its buttons (every name as text)."""
    title = escape(entry.title)
    sid = escape(entry.id)
    facts = escape(entry.facts_text())
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


HOME_SAVES = 4  # saved games listed on the first screen (the rest are in the Saved games panel)
PREFS_KEY = "prefs"


def prefs_text(controller: Controller) -> str:
    """The preferences kept in this browser, as stored: words apart ("contrast", "motion-on" or "motion-off" once
    chosen, "sound")."""
    ui = controller.ui
    words = ["contrast"] if ui.high_contrast else []
    if ui.motion_chosen:
        words.append("motion-on" if ui.motion else "motion-off")
    if ui.sound:
        words.append("sound")
    return " ".join(words)


def load_prefs(saves: Saves, controller: Controller) -> None:
    """Put the stored preferences on the controller."""
    try:
        text = saves.backend.get(saves.keys.prefix + PREFS_KEY) or ""
    except Exception:
        text = ""
    kept = text.split()
    controller.ui.high_contrast = "contrast" in kept
    controller.ui.sound = "sound" in kept
    if "motion-on" in kept or "motion-off" in kept:  # else motion follows the browser's reduce motion
        controller.ui.motion, controller.ui.motion_chosen = "motion-on" in kept, True
    try:
        stored = saves.backend.get(saves.keys.prefix + coach.STORAGE_KEY)
    except Exception:
        stored = None
    controller.coach.restore(stored)


def home_saves_html(session: Session) -> str:
    """The first screen's short list of other saved games, newest first, each with Load."""
    entries = [e for e in session.saves.entries() if e.id != session.save_id][:HOME_SAVES]
    if not entries:
        return ""
    items = "".join(
        f'<li><span class="save-name">{escape(e.title)}</span><span class="save-facts">'
        f"{escape(e.facts_text())}</span>"
        f'<button type="button" data-save-action="load" data-save-id="{escape(e.id)}" '
        f'aria-label="Load {escape(e.title)}">Load</button></li>'
        for e in entries)
    return f'<h2>Saved games</h2><ul class="home-saves-list">{items}</ul>'


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

    async def read_file(self, element: Any) -> tuple[str, str]: ...

    async def read_files(self, element: Any) -> list[tuple[str, bytes]]: ...


class SavesPanel:
    """The panel bound to the game's page: mount once; :meth:`refresh` after every render."""

    def __init__(self, document: Any, page: Renders, session: Session, browser: Browser, *,
                 proxy: Callable[[Callable[..., Any]], Any] = lambda f: f,
                 is_none: Callable[[Any], bool] = lambda v: v is None, keep: Keep = register_board,
                 read_map: ReadMap = no_map_reader, restore: Callable[[], object] = lambda: None) -> None:
        self.document = document
        self.keep = keep  # how a board file imported here is kept (the shelf's, else for this visit)
        self.read_map = read_map  # how a Domination map's files become a board file
        self.restore = restore  # hold the maps another tab kept (the shelf's restore)
        self.page = page
        self.session = session
        self.browser = browser
        self._proxy = proxy
        self._none = is_none
        self._listeners: list[Any] = []
        self._written: dict[str, object] = {}
        self._undo_key: tuple[Game | None, int, int] = (None, -1, -1)
        self._before_last: GameState | None = None  # the state before the last action of the game shown
        self._game: Game | None = None
        self._before: dict[int, GameState] = {}  # the state before action n of this game, as seen
        self._last: tuple[int, GameState] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._full_shown = False
        self._prefs: str | None = None  # the preferences as last stored (None: not yet compared)
        self._coach_kept = ""  # the guided turn's coach_state as last stored ("": none stored by this page)
        self._wanted_shown: WantedBoard | None = None  # the game waiting for its map that the first screen shows
        self._opening = False  # the game that waited for its map is being opened (see _map_arrived)

    def mount(self) -> None:
        """Add the panel to the controls, and "Undo" and "Send this turn" to the hand-off screen; listen."""
        doc = self.document
        if self._none(doc.querySelector(f'link[href="{STYLESHEET}"]')):
            link = doc.createElement("link")
            link.setAttribute("rel", "stylesheet")
            link.setAttribute("href", STYLESHEET)
            doc.head.appendChild(link)
        holder = doc.createElement("div")
        holder.innerHTML = panel_html()
        side = doc.getElementById("side")
        (doc.getElementById("controls") if self._none(side) else side).appendChild(holder)
        home = doc.getElementById("home-saves")
        if not self._none(home):
            self._listen(home, "click", self.on_click)
        box = doc.querySelector("#handoff .overlay-box")
        if not self._none(box):
            # The player who just ended can take it back while the next one has not taken the device.
            back = doc.createElement("button")
            back.setAttribute("type", "button")
            back.setAttribute("id", "handoff-undo")
            back.setAttribute("data-save-action", "undo")
            back.hidden = True
            box.appendChild(back)
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
        offer = doc.getElementById("undo-offer")  # the Undo offered while a bot waits after a person's turn
        if not self._none(offer):
            self._listen(offer, "click", self.on_click)
        self._listen(doc.getElementById("saves-import"), "change", self.on_import)
        first_screen = doc.getElementById("home-import")  # Import on the first screen too
        if not self._none(first_screen):
            self._listen(first_screen, "change", self.on_import)
        self.refresh()

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:
        proxy = self._proxy(handler)
        self._listeners.append(proxy)
        if capture:
            target.addEventListener(kind, proxy, True)
        else:
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

    def on_storage(self, event: Any) -> None:
        """Another tab or window wrote to the storage: follow the game on the table if it was that one's
        save, and show the list as it is now."""
        if self.session.wanted is not None:  # another tab may have kept the map a game here waits for
            with contextlib.suppress(Exception):  # (a map that does not read stays out, as at start-up)
                self.restore()
            if self._map_arrived(self.page.controller):
                return
        raw = event.key
        key = None if self._none(raw) else str(raw)
        keys = self.session.saves.keys
        ours = key is None or keys.save_of(key) == self.session.save_id
        if ours and self.session.follow(self.page.controller):
            self.page.render()
            return
        if key is None or key == keys.index:
            self.refresh()

    def on_guard(self, event: Any) -> None:
        """Before any click or key reaches the game: if another tab moved this game on (and the storage
        event has not come yet), catch up first and let this click go, so no move is made on an old
        position."""
        if self.session.follow(self.page.controller):
            event.stopImmediatePropagation()
            event.preventDefault()
            self.page.render()

    def command(self, action: str, save_id: str = "") -> None:
        """Undo, send, load, rename, export or delete; then draw the page again."""
        session, controller = self.session, self.page.controller
        if action == "undo":
            self._check_undo(controller)
            session.undo(controller, self._before_last)
        elif action in ("send", "send-whole"):
            self._spawn(self._send(whole=action == "send-whole"))
            return
        elif action == "send-board":  # the game with its map, in one file (risk_ui.board_links)
            from risk_ui import board_links

            board_links.send_with_board(session, controller, self.browser.download)
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
                session.forget_save()  # the game on the table is saved again (as a new save) at once
        self.page.render()
        self.refresh()

    async def _send(self, whole: bool = False) -> None:
        """Hand over a link with the moves the next player has not seen (since it last played: its browser
        holds the rest), or with the whole game's history (``whole``, or when it never played); either way the
        friend can replay the game. A game no code can hold still goes as its present moment."""
        session = self.session
        game = self.page.controller.game
        receiver = next_receiver(game)
        session.unclaim(self.page.controller, receiver)
        # The receiver holds the game as it was when it last played, if it has seen it since this browser
        # received it; a game that never came here by a link goes whole (its receiver may hold nothing).
        received = session.received.get(session.save_id, 0)
        since = 0 if whole or game.state.over else min(received, last_move_by(game, receiver))
        try:
            code = encode_share(game, since=since)
        except ValueError:  # a game the replay code cannot hold still goes as its present moment
            try:
                code = session.present(self.page.controller)
            except CannotEncode as error:
                session.message = cannot_save_text(str(error))
                self.refresh()
                return
        url = self.browser.address(code)
        try:
            session.message = await self.browser.send(url)
        except Exception as error:  # a refused share or clipboard: the link can still be copied by hand
            session.message = f"Copy this link and send it: {url} ({error})"
        if SHARE_SEPARATOR in code and since:
            name = self.page.controller.seat_name(receiver)
            session.message += (f" It carries the moves since {name} last played, which {name}'s browser adds to "
                                "the game it holds (to send everything, use \u201cSend with the whole game\u201d).")
        elif SHARE_SEPARATOR in code:
            session.message += " It carries the game's history: the log and the replay go with it."
        elif self.page.controller.game.history:  # too long for a link (or, never seen, not encodable)
            session.message += (" It carries this moment only, the history being too long for a link: "
                                "export the save file to send the whole game.")
        self.page.render()  # the receiver's hand-off here now asks first (Session.unclaim)
        self.refresh()

    def on_import_map(self, event: Any) -> None:
        """Files chosen with the missing map's button: a map (a board file, a Domination map), or a game with it."""
        self._spawn(self._import_map(event.target))

    async def _import_map(self, element: Any) -> None:
        from risk_ui import board_links

        await board_links.import_map_files(self, element)

    def on_import(self, event: Any) -> None:
        """A file chosen with Import (a save file, a board file, a game-with-board file): read it and take it."""
        self._spawn(self._import(event.target))

    async def _import(self, element: Any) -> None:
        session = self.session
        try:
            file_name, text = await self.browser.read_file(element)
            session.message = session.import_file(self.page.controller, file_name, text, self.keep)
        except (StorageFull, storage.QuotaExceeded):
            session.message = storage.FULL_MESSAGE
        except ValueError as error:  # a damaged save file, a board file the validator refuses (said by name)
            session.message = str(error)
        except Exception as error:  # the shelf's full storage (its sentence): the page goes on, nothing kept
            session.message = str(error) or words.error_text(error)
        for ident in ("home-import-message", "board-wanted-message"):
            self._set(ident, "text", session.message, lambda e, v: setattr(e, "textContent", v))
        self.page.render()
        self.refresh()

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- drawing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """After the game's page drew itself: save a changed game, update the address, the panel."""
        session, controller = self.session, self.page.controller
        if self._map_arrived(controller):
            return  # drawn again with the game that waited for it
        replaying = controller.ui.record.replay is not None
        # The first screen over a game nobody chose yet (a first visit) saves nothing and leaves the address
        # empty; a game left for the menu was saved at its last move.
        if not replaying and not controller.ui.home:
            session.save(controller)
            code = session.address_due(controller)
            if code:
                self.browser.replace_fragment(code)
        self._check_undo(controller)
        covered = controller.ui.handoff >= 0
        allowed = session.undoable(controller, self._before_last)
        self._set("undo", "disabled", not allowed or covered, lambda e, v: setattr(e, "disabled", v))
        self._set("handoff-undo", "hidden", not (allowed and covered), lambda e, v: setattr(e, "hidden", v))
        if allowed and covered and self._before_last is not None:
            who = controller.seat_name(self._before_last.current)
            self._set("handoff-undo", "text", f"Undo: back to {who}'s turn",
                      lambda e, v: setattr(e, "textContent", v))
        over = controller.state.phase is Phase.OVER
        # A finished game goes too: whoever opens it sees the winner and can replay the whole game.
        self._set("send-turn", "text", "Send this game" if over else "Send this turn",
                  lambda e, v: setattr(e, "textContent", v))
        self._set("send-board", "hidden", not controller.game.rules.map.startswith(IMPORTED),
                  lambda e, v: setattr(e, "hidden", v))
        self._refresh_wanted(controller)
        self._set("saves-message", "text", session.message, lambda e, v: setattr(e, "textContent", v))
        self._set("handoff-message", "text", session.message, lambda e, v: setattr(e, "textContent", v))
        if session.full and not self._full_shown:  # ask the player to make room: show the list
            details = self.document.getElementById("saves-details")
            if not self._none(details):
                details.open = True
        self._full_shown = session.full
        html = list_html(session)
        self._set("saves-list", "list", html, lambda e, v: setattr(e, "innerHTML", v))
        self._refresh_home(controller)
        self._keep_prefs(controller)

    def _map_arrived(self, controller: Controller) -> bool:
        """Whether the map a game waits for came another way (the Maps page's import): the
        game opens now, and the page is drawn again with it."""
        if self.session.wanted is None or not controller.ui.home or self._opening:
            return False
        from risk_ui import board_links

        return board_links.open_if_held(self, controller)

    def _refresh_wanted(self, controller: Controller) -> None:
        """The first screen's word on a game waiting for its map (risk_ui.board_links), when one waits or did."""
        if self.session.wanted is not None or self._wanted_shown is not None:
            from risk_ui import board_links

            board_links.show_prompt(self, controller)

    def _refresh_home(self, controller: Controller) -> None:
        """The first screen: "Continue" when the game on the table is a saved one, and the other saves."""
        session = self.session
        entry = session.saves.entry(session.save_id) if session.save_id else None
        going = entry is not None and controller.state.phase is not Phase.OVER
        self._set("home-continue", "hidden", not going, lambda e, v: setattr(e, "hidden", v))
        said = f"{entry.title}: {', '.join(entry.players)}, turn {entry.turn}" if going and entry else ""
        self._set("home-continue-text", "text", said, lambda e, v: setattr(e, "textContent", v))
        self._set("home-continue-text", "hidden", not said, lambda e, v: setattr(e, "hidden", v))
        self._set("home-saves", "list", home_saves_html(session), lambda e, v: setattr(e, "innerHTML", v))

    def _keep_prefs(self, controller: Controller) -> None:
        """Remember the player's preferences (high contrast, motion, sound) in this browser."""
        wanted = prefs_text(controller)
        if self._prefs != wanted:
            if self._prefs is not None:
                with contextlib.suppress(Exception):  # storage full or off: the look is only for this visit
                    self.session.saves.backend.set(self.session.saves.keys.prefix + PREFS_KEY, wanted)
            self._prefs = wanted
        status = controller.coach.status
        if self._coach_kept != status:
            with contextlib.suppress(Exception):  # storage full or off: the guide is offered again next visit
                self.session.saves.backend.set(self.session.saves.keys.prefix + coach.STORAGE_KEY, status)
            self._coach_kept = status

    def _check_undo(self, controller: Controller) -> None:
        """Keep the state before the last action of the game on the table (for Undo) up to date."""
        game = controller.game
        key = (game, *_moment(controller))
        if key[0] is self._undo_key[0] and key[1:] == self._undo_key[1:]:
            return
        self._undo_key = key
        self._remember(controller)
        count = len(game.history)
        self._before_last = self._before.get(count) if count else None
        if count and self._before_last is None:  # a game just put on the table: replay it once
            self._before_last = game.state_at(count - 1)

    def _remember(self, controller: Controller) -> None:
        """Keep the states seen in this game, so undo need not replay the whole game to find one."""
        game = controller.game
        count = len(game.history)
        if game is not self._game:
            self._game, self._before, self._last = game, {}, None
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


def name_of_file(file_name: str) -> str:
    """A save's name from its file's name ("risk-Friday-night.txt" gives "Friday night").

    >>> name_of_file("risk-Friday-night.txt"), name_of_file("")
    ('Friday night', 'Imported')
    """
    stem = file_name.replace("\\", "/").rsplit("/", 1)[-1]
    stem = stem[:-4] if stem.lower().endswith(".txt") else stem[:-5] if stem.lower().endswith(".json") else stem
    stem = stem[5:] if stem.lower().startswith("risk-") else stem
    return " ".join(stem.replace("-", " ").replace("_", " ").split()) or "Imported"


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

    def names(self) -> list[str]:
        keys = (self.store.key(i) for i in range(int(self.store.length)))
        return [str(k) for k in keys if not self._none(k)]


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

    async def read_file(self, element: Any) -> tuple[str, str]:
        files = element.files
        if not files or files.length == 0:
            raise CodecError("Choose a save file first.")
        chosen = files.item(0)
        text = str(await chosen.text())
        element.value = ""
        return str(chosen.name), text

    async def read_files(self, element: Any) -> list[tuple[str, bytes]]:
        files = element.files
        chosen = []
        for i in range(int(files.length) if files else 0):
            file = files.item(i)
            buffer = await file.arrayBuffer()
            chosen.append((str(file.name), bytes(buffer.to_bytes())))
        element.value = ""
        return chosen


def _backend(window: Any, is_none: Callable[[Any], bool]) -> tuple[storage.Backend, str]:
    try:
        store = window.localStorage
        store.getItem(storage.DEFAULT_KEYS.current)
    except Exception:  # storage switched off: the game runs, but is kept only in the address
        return storage.MemoryBackend(), NO_STORAGE
    return LocalStorage(store, is_none), ""


def resume(controller: Controller, *, fresh: bool) -> Session:
    """Open the page's session in the browser: the address's link, else the autosave (not if ``fresh``).

    The saves are those of this copy of the site (keys scoped to its folder); what is stored is checked
    first, and nothing stored can stop the page from starting.
    """
    import time

    from pyscript import window  # type: ignore[import-not-found]
    from pyscript.ffi import is_none  # type: ignore[import-not-found]

    backend, message = _backend(window, is_none)
    saves = Saves(backend, keys=storage.Keys.for_path(str(window.location.pathname)))
    session = Session(saves, lambda: storage.new_id(controller.game, time.time()))
    session.say(message)
    try:  # the stored records are checked one by one; should the check itself fail, the page still starts
        for text in saves.repair():
            session.say(text)
        load_prefs(saves, controller)
    except Exception as error:
        session.say(f"The saved games could not be checked ({type(error).__name__}); they are left as they are.")
    try:
        session.open(controller, str(window.location.hash), fresh=fresh)
    except Exception as error:  # never a dead page: the game on the table stays a new one
        session.save_id = session.new_id()
        session.say(f"The saved game could not be opened ({type(error).__name__}): a new game starts.")
        controller.ui.notice, controller.ui.error = session.message, True
    return session


def connect(page: Renders, session: Session, keep: Keep = register_board, read_map: ReadMap = no_map_reader,
            restore: Callable[[], object] = lambda: None) -> SavesPanel:
    """Mount the panel on the real page, autosave after every render, follow a link pasted in, and
    follow the game when another tab or window plays it (``keep``: how an imported board file is kept)."""
    from pyscript import document, window  # type: ignore[import-not-found]
    from pyscript.ffi import create_proxy, is_none, to_js  # type: ignore[import-not-found]

    panel = SavesPanel(document, page, session, PageBrowser(window, document, to_js), proxy=create_proxy,
                       is_none=is_none, keep=keep, read_map=read_map, restore=restore)
    if session.wanted is not None:  # the address's game waits for its map: the first screen says which
        page.controller.ui.home = True
        page.render()
    panel.mount()
    page.after_render.append(panel.refresh)  # type: ignore[attr-defined]

    def on_hash(event: Any) -> None:
        code = str(window.location.hash).lstrip("#")
        if code and share_present(code) != session.link and session.open_link(page.controller, code):
            session.message = ""
        page.controller.ui.home = session.wanted is not None  # a game waiting for its map: the first screen
        page.render()

    panel._listen(window, "hashchange", on_hash)
    panel._listen(window, "storage", panel.on_storage)
    for kind in ("click", "keydown"):
        panel._listen(window, kind, panel.on_guard, capture=True)
    return panel
