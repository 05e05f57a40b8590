"""The game's record on the page: the whole log by turn, a replay, the dice check and the statistics.

Everything is read from :class:`~risk.game.Game`'s recorded history, never re-rolled: the replay
shows ``game.state_at(i)`` (computed from checkpoints, so stepping is cheap in long games), the log is
:func:`risk.history.game_log`, the statistics :func:`risk.history.turn_stats` and
:func:`risk.history.luck`. The live game is never touched: during a replay the board shows the past,
the person's moves are refused and the bots wait; closing the replay shows the live game again.

Pure, like the view: :class:`RecordUi` is plain data kept in the controller's UI state, the
functions return HTML and controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from risk.engine import apply
from risk.events import (
    BattleFought,
    Captured,
    Claimed,
    DiceRolled,
    Fortified,
    HeadquartersChosen,
    MovedIn,
    Placed,
    TurnStarted,
)
from risk.game import Game
from risk.history import Chronicle, LogLine, SeatStats, seat_names
from risk.state import GameState
from risk_ui import charts

if TYPE_CHECKING:
    from risk_ui.controller import Controller
    from risk_ui.view import Control, TerritoryView

CHECKPOINT = 64  # actions between two remembered states of the replay
PLAY_PACE = 0.25  # seconds between two steps of the time-lapse
PLAY_STEPS = 240  # a whole time-lapse takes at most about this many steps (a minute): long games skip
ALL = "all"


class Replay:
    """A cursor over a game's recorded states, from 0 (the start) to ``len(game.history)``."""

    def __init__(self, game: Game, index: int = 0) -> None:
        self.game = game
        self._checkpoints: dict[int, GameState] = {0: game.initial.copy()}
        self._cached: tuple[int, GameState] = (0, game.initial.copy())
        self.index = 0
        self._turn_starts: list[bool] = [True]  # by index: whether a turn began there (0 counts as one)
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

    def turn_starts(self) -> list[int]:
        """The moments a turn began: 0 and every index whose last action started a turn."""
        history = self.game.history
        if len(self._turn_starts) - 1 < len(history):  # read the steps added since (the record grows)
            marks = self._turn_starts
            for i in range(len(marks), len(history) + 1):
                marks.append(any(isinstance(e, TurnStarted) for e in history[i - 1].events))
        return [i for i, began in enumerate(self._turn_starts[:len(history) + 1]) if began]

    def next_turn(self) -> int:
        """The start of the next turn after the replay's moment (the end if none)."""
        return next((i for i in self.turn_starts() if i > self.index), self.end)

    def previous_turn(self) -> int:
        """The start of the turn before the replay's moment (0 if none)."""
        return max((i for i in self.turn_starts() if i < self.index), default=0)

    def state(self) -> GameState:
        """The state after ``index`` actions: equal to ``game.state_at(index)``."""
        index = self.index
        if self._cached[0] == index:
            return self._cached[1]
        start = max(i for i in self._checkpoints if i <= index)
        if self._cached[0] <= index and self._cached[0] > start:
            start, state = self._cached[0], self._cached[1].copy()
        else:
            state = self._checkpoints[start].copy()
        history = self.game.history
        for i in range(start, index):
            apply(state, history[i].action)
            if (i + 1) % CHECKPOINT == 0 and i + 1 not in self._checkpoints:
                self._checkpoints[i + 1] = state.copy()
        self._cached = (index, state)
        return state


@dataclass
class RecordUi:
    """What the record panels remember: which are open, the log's filter, the replay, the dice check."""

    log_open: bool = False
    stats_open: bool = False
    player: str = ALL  # the log's filter: a seat number as text, or "all"
    search: str = ""
    replay: Replay | None = None
    playing: bool = False  # the time-lapse runs
    checked: str = ""  # what the dice check said
    cache: dict[str, tuple[object, str]] = field(default_factory=dict)  # html by part, with its key
    chronicle: Chronicle | None = None  # the log, statistics and luck, read as the record grows


def chronicle(controller: Controller) -> Chronicle:
    """The game's log, statistics and luck, brought up to date (only the new steps are read)."""
    rec = controller.ui.record
    if rec.chronicle is None or rec.chronicle.game is not controller.game:
        rec.chronicle = Chronicle(controller.game)
    return rec.chronicle.update()


def command(controller: Controller, name: str, arg: str = "") -> None:
    """A button of the record panels (``log-…``, ``replay-…``, ``stats-…``, ``check-dice``)."""
    rec = controller.ui.record
    replay = rec.replay
    if name == "log-toggle":
        rec.log_open = not rec.log_open
    elif name == "stats-toggle":
        rec.stats_open = not rec.stats_open
    elif name == "check-dice":
        try:
            count = controller.game.verify()
        except ValueError as error:
            rec.checked = f"The record does not replay: {error}."
        else:
            game = controller.game
            start = ("the seed" if game.starts_at_seed()
                     else f"the moment this record starts (turn {game.initial.turn}), with its dice")
            rec.checked = (f"Checked {count} action{'s' if count != 1 else ''}: every roll and card "
                           f"replays exactly from {start}.")
    elif name == "replay-open":
        rec.replay, rec.playing = Replay(controller.game, 0), False
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


def set_field(controller: Controller, name: str, value: str) -> None:
    """The log's filters: ``log-player`` (a seat or "all") and ``log-search`` (any words)."""
    rec = controller.ui.record
    if name == "log-player":
        rec.player = value if value == ALL or value.isdigit() else ALL
    elif name == "log-search":
        rec.search = value[:60]


def tick(controller: Controller) -> bool:
    """One step of the time-lapse, if it runs; whether the board changed. A step is one action, or
    several in a game longer than :data:`PLAY_STEPS` actions, so that any game plays in about a minute."""
    rec = controller.ui.record
    if rec.replay is None or not rec.playing:
        return False
    rec.replay.go(rec.replay.index + max(1, rec.replay.end // PLAY_STEPS))
    if rec.replay.index >= rec.replay.end:
        rec.playing = False
    return True


def replay_state(controller: Controller) -> GameState | None:
    """The past state the board shows during a replay, or ``None``."""
    replay = controller.ui.record.replay
    if replay is None or replay.game is not controller.game:
        return None
    return replay.state()


def _record_key(game: Game) -> tuple[object, ...]:
    """What the record's HTML depends on: the game, its length and its last step (an undo followed by
    another move keeps the length; the step itself is kept in the key, so its id cannot be reused)."""
    return id(game), len(game.history), game.history[-1] if game.history else None


def _cached(controller: Controller, part: str, key: object, make: object) -> str:
    rec = controller.ui.record
    hit = rec.cache.get(part)
    if hit is not None and hit[0] == key:
        return hit[1]
    html = make() if callable(make) else ""
    rec.cache[part] = (key, html)
    return str(html)


# ------------------------------------------------------------------------------------------------
# The log by turn


def filtered_log(game: Game, player: str = ALL, search: str = "", lines: list[LogLine] | None = None,
                 ) -> list[LogLine]:
    """The log lines of one seat (its turns, and lines naming it) holding every word searched for (any case)."""
    words = search.casefold().split()
    if lines is None:
        lines = Chronicle(game).update().log
    if player != ALL:  # the player's own turns, and every line that names the player
        names = seat_names(game)
        name = names[int(player)] if int(player) < len(names) else ""
        lines = [line for line in lines if str(line.seat) == player or (name and name in line.text)]
    return [line for line in lines if all(w in line.text.casefold() for w in words)]


def log_by_turn_html(controller: Controller) -> str:
    """The whole log (filtered), one group per turn, newest turn first."""
    game, rec = controller.game, controller.ui.record
    names = seat_names(game)

    def make() -> str:
        groups: dict[int, list[LogLine]] = {}
        for line in filtered_log(game, rec.player, rec.search, chronicle(controller).log):
            groups.setdefault(line.turn, []).append(line)
        if not groups:
            return '<p class="log-empty">Nothing in the log matches.</p>'
        parts = []
        for turn in sorted(groups, reverse=True):
            lines = groups[turn]
            title = "Setup" if turn == 0 else f"Turn {turn}: {names[lines[0].seat]}"
            items = "".join(f'<li data-seat="{line.seat}">{escape(line.text)}</li>' for line in lines)
            parts.append(f'<section class="log-turn" data-turn="{turn}"><h3>{escape(title)}</h3><ol>{items}</ol>'
                         "</section>")
        return "".join(parts)

    return _cached(controller, "log", (*_record_key(game), rec.player, rec.search), make)


def player_options_html(controller: Controller) -> str:
    """The options of the log's player filter."""
    names = seat_names(controller.game)
    options = ['<option value="all">Every player</option>']
    options += [f'<option value="{seat}">{escape(name)}</option>' for seat, name in enumerate(names)]
    return "".join(options)


# ------------------------------------------------------------------------------------------------
# Statistics


STAT_CHARTS = (("Territories", "territories"), ("Armies", "armies"), ("Cards in hand", "cards"),
               ("Income", "income"), ("Continents held", "continents"))
FIGURE_HEADINGS = ("Territories", "Armies", "Cards", "Income", "Continents")


def stats_html(controller: Controller) -> str:
    """Charts per player and turn (territories, armies, cards, income, continents held), the same
    figures now as a table, and the luck meter."""
    game = controller.game

    def make() -> str:
        series = chronicle(controller).turn_stats()
        names = seat_names(game)
        from risk_ui.view import seat_colour

        colours = [seat_colour(controller, seat).hex for seat in range(len(names))]
        turns = [turn for turn, _ in series]
        drawn = "".join(
            charts.line_chart(title, turns, [[getattr(stats[seat], field) for _, stats in series]
                                             for seat in range(len(names))], names, colours)
            for title, field in STAT_CHARTS)
        return f'<div class="charts">{drawn}</div>' + figures_html(controller, series, names) + luck_html(controller)

    return _cached(controller, "stats", _record_key(game), make)


def figures_html(controller: Controller, series: list[tuple[int, tuple[SeatStats, ...]]], names: list[str]) -> str:
    """The latest figures of every player still in, as a table (what the charts end on, in words)."""
    if not series:
        return ""
    turn, last = series[-1]
    head = "".join(f'<th scope="col">{escape(title)}</th>' for title in FIGURE_HEADINGS)
    rows = "".join(
        f'<tr data-seat="{seat}"><th scope="row">{escape(names[seat])}</th>'
        + "".join(f"<td>{getattr(stats, field)}</td>" for _, field in STAT_CHARTS) + "</tr>"
        for seat, stats in enumerate(last) if stats.territories)
    return (f'<div class="table-scroll"><table class="figures"><caption>Turn {turn}</caption><thead><tr>'
            f'<th scope="col">Player</th>{head}</tr></thead><tbody>{rows}</tbody></table></div>')


def luck_html(controller: Controller) -> str:
    """The luck meter: per player, armies killed and lost against the dice's exact expectation."""
    game = controller.game
    names = seat_names(game)
    rows = []
    for seat, meter in enumerate(chronicle(controller).luck()):
        if not meter.expected_killed and not meter.expected_lost:
            continue
        balance = float(meter.balance)
        word = "lucky" if balance > 0.5 else "unlucky" if balance < -0.5 else "even"
        rows.append(
            f'<tr data-seat="{seat}" data-balance="{meter.balance}"><th scope="row">{escape(names[seat])}</th>'
            f"<td>{meter.killed} / {float(meter.expected_killed):.1f}</td>"
            f"<td>{meter.lost} / {float(meter.expected_lost):.1f}</td>"
            f'<td class="luck-{word}">{balance:+.1f} ({word})</td></tr>')
    if not rows:
        return '<p class="luck-none">No battles yet: the luck meter starts with the first roll.</p>'
    return ('<table class="luck"><caption>Luck of the dice</caption><thead><tr><th scope="col">Player</th>'
            '<th scope="col">Killed / expected</th><th scope="col">Lost / expected</th>'
            f'<th scope="col">Balance</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


# ------------------------------------------------------------------------------------------------
# What the view takes


def html(controller: Controller) -> dict[str, str]:
    """Inner HTML of the record's containers."""
    rec = controller.ui.record
    over = controller.state.phase.name == "OVER"
    return {
        "record-log": log_by_turn_html(controller) if rec.log_open else "",
        "log-player": player_options_html(controller),
        "stats": stats_html(controller) if rec.stats_open else "",
        "winner-stats": stats_html(controller) if over else "",
    }


def controls(controller: Controller) -> dict[str, Control]:
    """The record's buttons and panels."""
    from risk_ui.view import Control

    rec = controller.ui.record
    replay = rec.replay if replay_state(controller) is not None else None
    c = {
        "log-toggle": Control(pressed=rec.log_open),
        "record-log-panel": Control(hidden=not rec.log_open),
        "log-search": Control(value=rec.search),
        "log-player": Control(value=rec.player),
        "stats-toggle": Control(pressed=rec.stats_open),
        "stats-panel": Control(hidden=not rec.stats_open),
        "dice-check": Control(text=rec.checked, hidden=not rec.checked),
        "replay-open": Control(disabled=replay is not None),
        "replay-bar": Control(hidden=replay is None),
    }
    if replay is not None:
        c["replay-status"] = Control(text=replay_text(controller, replay))
        c["replay-back"] = Control(disabled=replay.index == 0)
        c["replay-start"] = Control(disabled=replay.index == 0)
        c["replay-previous-turn"] = Control(disabled=replay.index == 0)
        c["replay-next-turn"] = Control(disabled=replay.index >= replay.end)
        c["replay-forward"] = Control(disabled=replay.index >= replay.end)
        c["replay-end"] = Control(disabled=replay.index >= replay.end)
        c["replay-play"] = Control(text="Pause" if rec.playing else "Play", pressed=rec.playing)
    return c


def replay_text(controller: Controller, replay: Replay) -> str:
    """Where the replay stands, and the last thing that happened there."""
    game = controller.game
    state = replay.state()
    where = f"Replay: action {replay.index} of {replay.end}, turn {state.turn}."
    if replay.index == 0 and replay.from_start:
        return where + " The start of the game."
    if replay.index == 0:
        return (where + " The first moment on record: this game was opened from a link or position "
                "without the moves before it.")
    from risk.history import describe

    names = seat_names(game)
    said = [describe(game, e, names) for e in game.history[replay.index - 1].events]
    text = " ".join(s for s in said if s)
    return f"{where} {text}" if text else where


# Panels and buttons built once into the page (see layout.app_html).
PANEL_HTML = (
    '<section class="panel record-panel" aria-label="Game record"><h2>Game record</h2>'
    '<div class="record-buttons">'
    '<button type="button" id="log-toggle" data-action="log-toggle" aria-pressed="false">Whole log</button>'
    '<button type="button" id="replay-open" data-action="replay-open">Replay</button>'
    '<button type="button" id="stats-toggle" data-action="stats-toggle" aria-pressed="false">Statistics</button>'
    '<button type="button" id="check-dice" data-action="check-dice">Check the dice</button>'
    "</div>"
    '<p id="dice-check" class="dice-check" role="status" hidden></p>'
    '<div id="replay-bar" class="replay-bar" role="group" aria-label="Replay" hidden>'
    '<p id="replay-status" aria-live="polite"></p>'
    '<button type="button" id="replay-start" data-action="replay-start">Start</button>'
    '<button type="button" id="replay-previous-turn" data-action="replay-previous-turn" '
    'aria-label="Previous turn">◀◀ Turn</button>'
    '<button type="button" id="replay-back" data-action="replay-back">◀ Back</button>'
    '<button type="button" id="replay-play" data-action="replay-play" aria-pressed="false">Play</button>'
    '<button type="button" id="replay-forward" data-action="replay-forward">Forward ▶</button>'
    '<button type="button" id="replay-next-turn" data-action="replay-next-turn" '
    'aria-label="Next turn">Turn ▶▶</button>'
    '<button type="button" id="replay-end" data-action="replay-end">Now</button>'
    '<button type="button" id="replay-close" data-action="replay-close">Back to the game</button>'
    "</div>"
    '<div id="record-log-panel" hidden>'
    '<label>Player <select id="log-player"></select></label> '
    '<label>Search <input id="log-search" type="search" autocomplete="off"></label>'
    '<div id="record-log" class="record-log"></div></div>'
    '<div id="stats-panel" hidden><div id="stats" class="stats"></div></div>'
    "</section>"
)


ACTION_PANELS = ("panel-place", "panel-attack", "panel-move", "panel-occupy", "panel-battle", "panel-cards",
                 "end-turn")


def step_marks(game: Game, index: int) -> dict[int, str]:
    """Where the action that led to the replay's moment ``index`` acted: the territory it acted from
    ("selected") and the one it acted on ("target"), so a time-lapse can be followed on the map."""
    marks: dict[int, str] = {}
    if not 0 < index <= len(game.history):
        return marks
    for event in game.history[index - 1].events:
        match event:
            case BattleFought() | DiceRolled() | MovedIn() | Fortified():
                marks[event.source] = "selected"
                marks[event.target] = "target"
            case Placed() | Claimed() | HeadquartersChosen() | Captured():
                marks.setdefault(event.territory, "target")
    return marks


def past_territories(controller: Controller, past: GameState) -> tuple[TerritoryView, ...]:
    """The territories as they were at the replay's moment, without any live selection; the last
    action's territories marked (see :func:`step_marks`)."""
    from dataclasses import replace

    from risk_ui.controller import Controller as ControllerClass
    from risk_ui.controller import UiState
    from risk_ui.view import territory_views

    game = controller.game
    replay = controller.ui.record.replay
    marks = step_marks(game, replay.index) if replay is not None else {}
    shown = ControllerClass(Game(game.rules, game.seats, game.seed, game.initial, past), UiState(viewer=-1))
    return tuple(replace(tv, classes=(marks[tv.index],) if tv.index in marks else (), pressed=False)
                 for tv in territory_views(shown))
