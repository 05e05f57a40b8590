"""What the record panels remember between clicks: the replay's cursor, the log's page and filters, the
dice check under way, the statistics read so far (:class:`RecordUi`, kept in the controller's UI state),
and the buttons that change them.

Plain data over a :class:`~risk.game.Game`'s recorded history, below the controller: the drawing of these
panels is :mod:`risk_ui.record`'s, above it. Nothing here costs more with the length of the game than a
few checkpoints' worth of actions (see :class:`Replay`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from risk.engine import apply
from risk.events import TurnStarted
from risk.game import Game, Step
from risk.history import START, Chronicle, LogLine, LogReader, Position
from risk.state import GameState

CHECKPOINT = 64  # actions between two remembered states of the replay
PLAY_PACE = 0.25  # seconds between two steps of the time-lapse
PLAY_STEPS = 240  # a whole time-lapse takes at most about this many steps (a minute): long games skip
ALL = "all"
PAGE_LINES = 100  # lines of the log on screen at once; older and newer ones are a page away
SCAN_LINES = 400  # lines a search reads in one piece
RENDER_STEPS = 400  # a record with no more steps left to read is read at once, while the page is drawn


def _begins_turn(step: Step) -> bool:
    return any(isinstance(e, TurnStarted) for e in step.events)


class Replay:
    """A cursor over a game's recorded states, from 0 (the start) to ``len(game.history)``.

    The state at an index is the nearest checkpoint before it (one every :data:`CHECKPOINT` actions)
    replayed forwards; the checkpoints are made as the replay goes, and in the background by
    :meth:`extend`, so a jump anywhere costs at most a few dozen actions once they are made.
    """

    def __init__(self, game: Game, index: int = 0) -> None:
        self.game = game
        self._checkpoints: list[GameState] = [game.initial.copy()]  # the state at k * CHECKPOINT
        self._cached: tuple[int, GameState] = (0, game.initial.copy())
        self.index = 0
        # A game opened from a link without its history, or from a position, starts mid-game.
        self.from_start = game.starts_at_seed()
        self.go(index)

    @property
    def end(self) -> int:
        """The last index: the live game's current state."""
        return len(self.game.history)

    def go(self, index: int) -> None:
        """Move to ``index`` (clamped to the record)."""
        self.index = max(0, min(self.end, index))

    def next_turn(self) -> int:
        """The start of the next turn after the replay's moment (the end if none): the first index after it
        whose last action began a turn. Reads only the steps up to there."""
        history = self.game.history
        return next((i for i in range(self.index + 1, self.end + 1) if _begins_turn(history[i - 1])), self.end)

    def previous_turn(self) -> int:
        """The start of the turn before the replay's moment (0 if none)."""
        history = self.game.history
        return next((i for i in range(self.index - 1, 0, -1) if _begins_turn(history[i - 1])), 0)

    @property
    def covered(self) -> int:
        """Actions up to the last checkpoint made."""
        return (len(self._checkpoints) - 1) * CHECKPOINT

    def extend(self, limit: int) -> bool:
        """Make checkpoints forwards for up to ``limit`` more actions; whether any remain to be made."""
        history = self.game.history
        start = self.covered
        if start + CHECKPOINT > len(history):
            return False
        state = self._checkpoints[-1].copy()
        for i in range(start, min(len(history), start + max(limit, CHECKPOINT))):
            apply(state, history[i].action)
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints.append(state.copy())
        return self.covered + CHECKPOINT <= len(history)

    def _start_for(self, index: int) -> int:
        """The nearest index at or before ``index`` whose state is at hand (a checkpoint, or the state
        last shown)."""
        start = min(index // CHECKPOINT, len(self._checkpoints) - 1) * CHECKPOINT
        return self._cached[0] if start < self._cached[0] <= index else start

    @property
    def reach(self) -> int:
        """Actions the replay applies at once to show a moment: a few checkpoints' worth, and one step of
        the time-lapse. A moment further from any known state waits for :meth:`extend`."""
        return max(4 * CHECKPOINT, self.end // PLAY_STEPS + CHECKPOINT)

    @property
    def ready(self) -> bool:
        """Whether the moment at ``index`` can be shown now (else the background reading gets there)."""
        return self.index in (0, self.end) or self.index - self._start_for(self.index) <= self.reach

    def state(self) -> GameState:
        """The state after ``index`` actions: equal to ``game.state_at(index)``; while the moment is not
        :attr:`ready`, the last state shown."""
        index = self.index
        if self._cached[0] == index:
            return self._cached[1]
        if index == self.end:  # the live game's own state: nothing to replay
            state = self.game.state.copy()
            self._cached = (index, state)
            return state
        if not self.ready:
            return self._cached[1]
        start = self._start_for(index)
        state = (self._cached[1] if start == self._cached[0] else self._checkpoints[start // CHECKPOINT]).copy()
        history = self.game.history
        for i in range(start, index):
            apply(state, history[i].action)
            if (i + 1) % CHECKPOINT == 0 and (i + 1) // CHECKPOINT == len(self._checkpoints):
                self._checkpoints.append(state.copy())
        self._cached = (index, state)
        return state


class DiceCheck:
    """"Check the dice" in slices: the record (as it was when asked) replayed from its start, every
    action's events compared with the recorded ones."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.steps = list(game.history)
        self.final = game.state.copy()
        self._state = game.initial.copy()
        self.checked = 0
        self.problem = ""

    @property
    def done(self) -> bool:
        """Whether the check has reached its end (or found a step that does not replay)."""
        return bool(self.problem) or self.checked == len(self.steps)

    def step(self, limit: int) -> None:
        """Check up to ``limit`` more actions."""
        for number in range(self.checked, min(len(self.steps), self.checked + limit)):
            step = self.steps[number]
            if tuple(apply(self._state, step.action)) != step.events:
                self.problem = f"action {number + 1} does not replay as recorded"
                return
            self.checked = number + 1
        if self.checked == len(self.steps) and self._state != self.final:
            self.problem = "the replayed game does not end in the recorded state"

    def text(self) -> str:
        """What the check says: its progress, its verdict."""
        total = len(self.steps)
        if self.problem:
            return f"The record does not replay: {self.problem}."
        if not self.done:
            return f"Checking the dice: {self.checked:,} of {total:,} actions…"
        game = self.game
        start = ("the seed" if game.starts_at_seed()
                 else f"the moment this record starts (turn {game.initial.turn}), with its dice")
        return (f"Checked {total} action{'s' if total != 1 else ''}: every roll and card replays exactly "
                f"from {start}.")


class LogPage:
    """One page of the whole log: the newest :data:`PAGE_LINES` lines before ``end`` (the live end when
    ``None``) that pass the filters, found by reading backwards :data:`SCAN_LINES` at a time.

    With the live end, new actions add their lines at the newest side: only the new steps are read (and
    the line they may carry on, a run of placements), so the page costs the same at any length.
    """

    def __init__(self, reader: LogReader, player: str, words: tuple[str, ...], end: Position | None) -> None:
        self.reader = reader
        self.player, self.words, self.end = player, words, end
        names = reader.names
        self._name = names[int(player)] if player != ALL and int(player) < len(names) else ""
        self.top: Position = reader.end if end is None else min(end, reader.end)  # read up to here
        self._top_step = self._step_before(self.top)
        self.cursor: Position = self.top  # reading goes on before this
        self.found: list[LogLine] = []  # the matching lines, oldest first
        self._trimmed = False  # whether matching lines were read beyond the page's oldest

    def _step_before(self, pos: Position) -> Step | None:
        history = self.reader.game.history
        return history[pos[0] - 1] if 0 < pos[0] <= len(history) else None

    @property
    def more(self) -> bool:
        """Whether lines older than the page's may match (there is an older page to show)."""
        return self._trimmed or self.cursor != START

    @property
    def done(self) -> bool:
        """Whether the page is whole: full, or every older line read."""
        return len(self.found) >= PAGE_LINES or self.cursor == START

    def matches(self, line: LogLine) -> bool:
        """Whether a line passes the filters: the player's turns and lines naming the player, and every
        word searched for (any case)."""
        if self.player != ALL and str(line.seat) != self.player and not (self._name and self._name in line.text):
            return False
        text = line.text.casefold()
        return all(w in text for w in self.words)

    def _keep(self, older: list[LogLine], newer: list[LogLine]) -> None:
        found = older + newer
        if len(found) > PAGE_LINES:
            found = found[-PAGE_LINES:]
            self.cursor, self._trimmed = found[0].at, True
        self.found = found

    def step(self) -> None:
        """Read one piece further back."""
        if self.done:
            return
        lines, first = self.reader.before(self.cursor, SCAN_LINES if self.words or self.player != ALL else
                                          PAGE_LINES - len(self.found))
        self.cursor = first
        self._keep([line for line in lines if self.matches(line)], self.found)

    def stale(self) -> bool:
        """Whether the record changed under the page (an undo) or grew too much to follow cheaply."""
        reader = self.reader
        if self.top > reader.end or self._step_before(self.top) is not self._top_step:
            return True
        return self.end is None and reader.end[0] - self.top[0] > 4 * PAGE_LINES

    def follow(self) -> None:
        """With the live end: read the steps added since, and keep the lines that match."""
        reader = self.reader
        if self.end is not None or reader.end == self.top:
            return
        start = reader.line_start(self.top)  # the last line read may go on (a run of placements)
        new = [line for line in reader.between(start, reader.end) if self.matches(line)]
        self.cursor = min(self.cursor, start)
        self._keep([line for line in self.found if line.at < start], new)
        self.top, self._top_step = reader.end, self._step_before(reader.end)

    def where(self) -> str:
        """Where the page reads, for the person waiting on a search."""
        return ("" if self.cursor == START else f"Searching the log… back to action {self.cursor[0]:,} of "
                f"{self.reader.end[0]:,}.")


@dataclass
class RecordUi:
    """What the record panels remember: which are open, the log's filter and page, the replay, the dice check."""

    log_open: bool = False
    stats_open: bool = False
    player: str = ALL  # the log's filter: a seat number as text, or "all"
    search: str = ""
    log_end: Position | None = None  # where the log's page ends: None for the newest lines
    log_later: list[Position | None] = field(default_factory=list)  # the ends of the newer pages ("Newer")
    replay: Replay | None = None
    playing: bool = False  # the time-lapse runs
    checked: str = ""  # what the dice check said
    checking: DiceCheck | None = None  # a dice check under way
    cache: dict[str, tuple[object, str]] = field(default_factory=dict)  # html by part, with its key
    chronicle: Chronicle | None = None  # the statistics and luck, read as the record grows
    reader: LogReader | None = None  # the log of the game on the table
    page: LogPage | None = None  # the log's page on screen


def command(rec: RecordUi, game: Game, name: str, arg: str = "") -> None:
    """A button of the record panels (``log-…``, ``replay-…``, ``stats-…``, ``check-dice``) for the game
    on the table."""
    replay = rec.replay
    if name == "log-toggle":
        rec.log_open = not rec.log_open
    elif name == "log-older" and rec.page is not None and rec.page.more and rec.page.found:
        rec.log_later.append(rec.log_end)
        rec.log_end = rec.page.found[0].at
    elif name == "log-newer" and rec.log_later:
        rec.log_end = rec.log_later.pop()
    elif name == "log-newest":
        rec.log_end, rec.log_later = None, []
    elif name == "stats-toggle":
        rec.stats_open = not rec.stats_open
    elif name == "check-dice":
        rec.checking = DiceCheck(game)
        if len(rec.checking.steps) <= RENDER_STEPS:  # a short record at once, a long one in the background
            rec.checking.step(RENDER_STEPS)
        rec.checked = rec.checking.text()
        if rec.checking.done:
            rec.checking = None
    elif name == "replay-open":
        rec.replay, rec.playing = Replay(game, 0), False
    elif replay is None:
        return
    elif name == "replay-close":
        rec.replay, rec.playing = None, False
    elif name == "replay-back":
        replay.go(replay.index - 1)
        rec.playing = False
    elif name == "replay-forward":
        replay.go(replay.index + 1)
        rec.playing = False
    elif name == "replay-next-turn":
        replay.go(replay.next_turn())
        rec.playing = False
    elif name == "replay-previous-turn":
        replay.go(replay.previous_turn())
        rec.playing = False
    elif name == "replay-start":
        replay.go(0)
        rec.playing = False
    elif name == "replay-end":
        replay.go(replay.end)
        rec.playing = False
    elif name == "replay-play":
        if replay.index >= replay.end:
            replay.go(0)
        rec.playing = not rec.playing


def set_field(rec: RecordUi, name: str, value: str) -> None:
    """The log's filters: ``log-player`` (a seat or "all") and ``log-search`` (any words). A new filter
    shows its newest matching lines."""
    before = (rec.player, rec.search)
    if name == "log-player":
        rec.player = value if value == ALL or value.isdigit() else ALL
    elif name == "log-search":
        rec.search = value[:60]
    if (rec.player, rec.search) != before:
        rec.log_end, rec.log_later = None, []


def tick(rec: RecordUi) -> bool:
    """One step of the time-lapse, if it runs; whether the board changed. A step is one action, or
    several in a game longer than :data:`PLAY_STEPS` actions, so that any game plays in about a minute."""
    if rec.replay is None or not rec.playing:
        return False
    rec.replay.go(rec.replay.index + max(1, rec.replay.end // PLAY_STEPS))
    if rec.replay.index >= rec.replay.end:
        rec.playing = False
    return True
