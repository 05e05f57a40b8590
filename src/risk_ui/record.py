"""The game's record on the page: the whole log by turn, a replay, the dice check and the statistics.

Everything is read from :class:`~risk.game.Game`'s recorded history, never re-rolled: the replay
shows ``game.state_at(i)`` (computed from checkpoints, so stepping is cheap in long games), the log is
read a page at a time by :class:`risk.history.LogReader`, the statistics and the luck meter by
:class:`risk.history.Chronicle`. The live game is never touched: during a replay the board shows the
past, the person's moves are refused and the bots wait; closing the replay shows the live game again.

Nothing here costs more with the length of the game than the panel shows: the log shows at most
:data:`PAGE_LINES` lines (older ones a page further), and a search reads backwards a slice at a time;
the charts draw at most :data:`CHART_POINTS` turns; after a move only the new steps are read and only
the parts that changed are written. Reading that a record of 200,000 actions needs in full (a search
far back, the statistics, the dice check, the replay's checkpoints) goes in slices of a few
milliseconds (:func:`work`, run beside the page by :func:`run`), so the page answers clicks meanwhile.

Pure, like the view: what the panels remember (:class:`~risk_ui.record_state.RecordUi`) is plain data kept
in the controller's UI state, below it; the functions here return HTML and controls.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Protocol

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
from risk.history import Chronicle, LogLine, LogReader, SeatStats, describe, game_log, seat_names
from risk.state import GameState, Phase
from risk_ui import charts
from risk_ui.controller import Controller, UiState
from risk_ui.edition_views import ui_for
from risk_ui.map_view import territory_views
from risk_ui.record_state import (
    ALL,
    CHECKPOINT,
    RENDER_STEPS,
    SCAN_LINES,
    DiceCheck,
    LogPage,
    Replay,
)
from risk_ui.screen import Control, TerritoryView

CHART_POINTS = 120  # turns drawn at most on a chart (a long game's are thinned evenly)
READ_STEPS = 16  # steps the statistics or the dice check read in one piece
RENDER_LINES = 3 * SCAN_LINES  # the lines a new page of the log reads at once; the rest in the background
WORK_BUDGET = 0.03  # seconds of reading in each slice of background work
IDLE = 0.1  # seconds between two looks for background work when there is none
MAX_SAID = 4  # lines of one action the replay's status says (a blitz on huge stacks rolls thousands of times)


def chronicle(controller: Controller) -> Chronicle:
    """The game's statistics and luck, as far as they have been read (see :func:`read_chronicle`)."""
    rec = controller.ui.record
    if rec.chronicle is None or rec.chronicle.game is not controller.game:
        rec.chronicle = Chronicle(controller.game)
    return rec.chronicle


def reader(controller: Controller) -> LogReader:
    """The log of the game on the table (one reader per game: it remembers where turns begin)."""
    rec = controller.ui.record
    if rec.reader is None or rec.reader.game is not controller.game:
        rec.reader = LogReader(controller.game)
    return rec.reader


def _slices(step: Callable[[], bool], budget: float, clock: Callable[[], float] = time.perf_counter) -> int:
    """Call ``step`` (one piece of reading; whether more remains) until ``budget`` seconds are spent (one
    piece at least); return the pieces done."""
    started, done = clock(), 0
    while step():
        done += 1
        if clock() - started >= budget:
            break
    return done


def read_chronicle(controller: Controller) -> Chronicle:
    """The statistics, read to the end if at most :data:`RENDER_STEPS` steps remain (a short game, or
    after a move), else as far as the background reading has gone: drawing the page never reads more."""
    kept = chronicle(controller)
    if len(controller.game.history) - kept.read <= RENDER_STEPS or kept.read > len(controller.game.history):
        kept.update(RENDER_STEPS)
    return kept


def _check_step(check: DiceCheck | None) -> bool:
    if check is None or check.done:
        return False
    check.step(READ_STEPS)
    return not check.done


def replay_state(controller: Controller) -> GameState | None:
    """The past state the board shows during a replay, or ``None``."""
    replay = controller.ui.record.replay
    if replay is None or replay.game is not controller.game:
        return None
    return replay.state()


def _cached(controller: Controller, part: str, key: object, make: Callable[[], str]) -> str:
    rec = controller.ui.record
    hit = rec.cache.get(part)
    if hit is not None and hit[0] == key:
        return hit[1]
    html = make()
    rec.cache[part] = (key, html)
    return html


# ------------------------------------------------------------------------------------------------
# Reading in the background


def work(controller: Controller, budget: float = WORK_BUDGET, clock: Callable[[], float] = time.perf_counter) -> bool:
    """One slice (about ``budget`` seconds) of the reading that the open panels still need: the log's
    search further back, the statistics, the dice check, the replay's checkpoints. Whether it read
    anything (the page should then be drawn again)."""
    rec = controller.ui.record
    page = rec.page
    if rec.log_open and page is not None and page.reader.game is controller.game and not page.done:
        searching = page

        def further() -> bool:
            searching.step()
            return not searching.done

        return bool(_slices(further, budget, clock)) or page.done
    over = controller.state.phase.name == "OVER"
    if (rec.stats_open or over) and not chronicle(controller).done:
        kept = chronicle(controller)
        _slices(lambda: not kept.update(READ_STEPS).done, budget, clock)
        return True
    if rec.checking is not None:
        _slices(lambda: _check_step(rec.checking), budget, clock)
        rec.checked = rec.checking.text()
        if rec.checking.done:
            rec.checking = None
        return True
    replay = rec.replay
    if replay is not None and replay.game is controller.game and replay.covered + CHECKPOINT <= replay.end:
        waiting = not replay.ready
        _slices(lambda: replay.extend(CHECKPOINT), budget, clock)
        return waiting  # a moment that waited is drawn (or its progress), else nothing on screen changed
    return False


class Renders(Protocol):
    """What :func:`run` needs of the page: its controller and a way to draw it."""

    controller: Controller

    def render(self) -> None: ...


async def run(page: Renders, stop: Callable[[], bool] = lambda: False) -> None:
    """Do the record's background reading beside the page (until ``stop()``), a slice at a time, drawing
    the page after each slice that changed what it shows and yielding to the browser in between."""
    while not stop():
        if work(page.controller):
            page.render()
            await asyncio.sleep(0.001)
        else:
            await asyncio.sleep(IDLE if not _busy(page.controller) else 0.001)


def _busy(controller: Controller) -> bool:
    """Whether background reading remains that draws nothing (the replay's checkpoints)."""
    replay = controller.ui.record.replay
    return replay is not None and replay.game is controller.game and replay.covered + CHECKPOINT <= replay.end


_tasks: set[asyncio.Task[None]] = set()  # keeps the running loop from being collected


def start(page: Renders) -> None:
    """Start the background reading beside the page (in the browser's event loop)."""
    task = asyncio.ensure_future(run(page))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


# ------------------------------------------------------------------------------------------------
# The log by turn


def filtered_log(game: Game, player: str = ALL, search: str = "", lines: list[LogLine] | None = None,
                 ) -> list[LogLine]:
    """The whole log's lines of one seat (its turns, and lines naming it) holding every word searched for
    (any case). Reads the whole record: the page shows :func:`log_page` instead."""
    page = LogPage(LogReader(game), player if player == ALL or player.isdigit() else ALL,
                   tuple(search.casefold().split()), None)
    return [line for line in (game_log(game) if lines is None else lines) if page.matches(line)]


def log_page(controller: Controller) -> LogPage:
    """The log's page on screen, brought up to date: followed to the record's end, or read afresh for
    new filters or a new place (:data:`RENDER_LINES` at once, the rest in the background by :func:`work`)."""
    rec = controller.ui.record
    read = reader(controller)
    if rec.log_end is not None and rec.log_end > read.end:  # the record got shorter (an undo): the newest
        rec.log_end, rec.log_later = None, []
    words = tuple(rec.search.casefold().split())
    page = rec.page
    if (page is None or page.reader is not read or (page.player, page.words, page.end) != (rec.player, words,
                                                                                           rec.log_end)
            or page.stale()):
        page = rec.page = LogPage(read, rec.player, words, rec.log_end)
        for _ in range(RENDER_LINES // SCAN_LINES):
            page.step()
    page.follow()
    return page


def log_by_turn_html(controller: Controller) -> str:
    """One page of the log (filtered), one group per turn, newest turn first, with the buttons to the
    pages before and after it and, while a search reads back, how far it has come."""
    game, rec = controller.game, controller.ui.record
    names = seat_names(game)
    page = log_page(controller)
    lines = page.found
    key = (id(game), id(page), len(lines), lines[0].at if lines else None, lines[-1] if lines else None,
           page.done, page.cursor if not page.done else None, bool(rec.log_later))

    def make() -> str:
        groups: list[tuple[int, list[LogLine]]] = []
        for line in reversed(lines):
            if groups and groups[-1][0] == line.turn:
                groups[-1][1].append(line)
            else:
                groups.append((line.turn, [line]))
        parts = [_log_head(page, bool(rec.log_later), rec.log_end is None)]
        for number, (turn, group) in enumerate(groups, 1):
            group.reverse()  # oldest first within a turn
            title = "Setup" if turn == 0 else f"Turn {turn}: {names[group[0].seat]}"
            # A turn cut by the page's start goes on in the page before: its lines are not numbered from 1.
            cut = (number == len(groups) and page.more and page.player == ALL and not page.words
                   and not isinstance(page.reader.event_at(group[0].at), TurnStarted))
            items = "".join(f'<li data-seat="{line.seat}">{escape(line.text)}</li>' for line in group)
            heading, listed = (escape(title) + " <small>(continued)</small>", '<ol class="continued">') if cut else (
                escape(title), "<ol>")
            parts.append(f'<section class="log-turn" data-turn="{turn}"><h3>{heading}</h3>{listed}{items}</ol>'
                         "</section>")
        if not lines and page.done:
            parts.append('<p class="log-empty">Nothing in the log matches.</p>')
        if page.done and page.more and lines:
            parts.append('<p class="log-nav"><button type="button" data-action="log-older">Older lines</button></p>')
        return "".join(parts)

    return _cached(controller, "log", key, make)


def _log_head(page: LogPage, newer: bool, newest: bool) -> str:
    """The line above a page: where it is, and the way back to newer lines."""
    parts = []
    if not page.done:
        parts.append(f'<p class="log-where" role="status">{escape(page.where())}</p>')
    if newer or not newest:
        parts.append('<p class="log-nav"><button type="button" data-action="log-newer">Newer lines</button> '
                     '<button type="button" data-action="log-newest">Newest</button></p>')
    return "".join(parts)


def player_options_html(controller: Controller) -> str:
    """The options of the log's player filter."""
    names = seat_names(controller.game)
    options = ['<option value="all">Every player</option>']
    options += [f'<option value="{seat}">{escape(name)}</option>' for seat, name in enumerate(names)]
    return "".join(options)


def recent_lines(controller: Controller, count: int = 8, upto: int | None = None) -> list[str]:
    """The last ``count`` lines of the log, oldest first (``upto``: as it stood after that many actions, a
    replay's moment), read backwards: what "What happened" shows, at the same cost in any game."""
    read = reader(controller)
    end = read.end if upto is None else (max(0, min(upto, len(controller.game.history))), 0)
    return [line.text for line in read.before(end, count)[0]]


# ------------------------------------------------------------------------------------------------
# Statistics


STAT_CHARTS = (("Territories", "territories"), ("Armies", "armies"), ("Cards in hand", "cards"),
               ("Income", "income"), ("Continents held", "continents"))
FIGURE_HEADINGS = ("Territories", "Armies", "Cards", "Income", "Continents")
STATS_PARTS = ("stats-charts", "stats-figures", "stats-luck")  # the statistics panel's containers


def stats_parts(controller: Controller) -> dict[str, str]:
    """The statistics panel in three parts, each written only when it changes: the charts per player
    and turn (territories, armies, cards, income, continents held) and the figures now as a table, both
    changing only when a turn begins, and the luck meter, changing with every roll. While a long record
    is still being read, the charts' place says how far."""
    game = controller.game
    kept = read_chronicle(controller)
    if not kept.done:
        total = len(game.history)
        reading = (f'<p class="stats-reading" role="status">Reading the record for the statistics: '
                   f"{kept.read:,} of {total:,} actions…</p>")
        return {"stats-charts": reading, "stats-figures": "", "stats-luck": ""}
    series = kept.sampled_stats(CHART_POINTS)  # a long game's chart changes every few turns only
    drawn_key = (id(game), id(kept), kept.generation, len(series), series[-1][0] if series else None)

    def charts_html() -> str:
        names = seat_names(game)
        colours = [controller.seat_colour(seat).hex for seat in range(len(names))]
        turns = [turn for turn, _ in series]
        own = ui_for(game.state).stat_titles
        drawn = "".join(
            charts.line_chart(own.get(field, (title, ""))[0], turns,
                              [[getattr(stats[seat], field) for _, stats in series] for seat in range(len(names))],
                              names, colours)
            for title, field in STAT_CHARTS)
        return f'<div class="charts">{drawn}</div>'

    def figures() -> str:
        latest = kept.latest_stats()
        return figures_html(controller, [latest] if latest else [], seat_names(game))

    return {
        "stats-charts": _cached(controller, "charts", drawn_key, charts_html),
        "stats-figures": _cached(controller, "figures", (id(game), id(kept), kept.generation, kept.points,
                                                         game.state.over), figures),
        "stats-luck": _cached(controller, "luck", (id(game), id(kept), kept.generation, kept.battles),
                              lambda: luck_html(controller)),
    }


def stats_html(controller: Controller) -> str:
    """Charts per player and turn (territories, armies, cards, income, continents held), the same
    figures now as a table, and the luck meter: the three parts of :func:`stats_parts` in one."""
    return "".join(stats_parts(controller).values())


def figures_html(controller: Controller, series: list[tuple[int, tuple[SeatStats, ...]]], names: list[str]) -> str:
    """The latest figures of every player still in, as a table (what the charts end on, in words)."""
    if not series:
        return ""
    turn, last = series[-1]
    own = ui_for(controller.state).stat_titles
    head = "".join(f'<th scope="col">{escape(own.get(field, ("", title))[1])}</th>'
                   for title, (_, field) in zip(FIGURE_HEADINGS, STAT_CHARTS, strict=True))
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
    parts = {
        "record-log": log_by_turn_html(controller) if rec.log_open else "",
        "log-player": player_options_html(controller),
        "winner-stats": stats_html(controller) if over else "",
    }
    parts.update(stats_parts(controller) if rec.stats_open else dict.fromkeys(STATS_PARTS, ""))
    return parts


def controls(controller: Controller) -> dict[str, Control]:
    """The record's buttons and panels."""
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
        "check-dice": Control(disabled=rec.checking is not None),
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
    if not replay.ready:
        return (f"Replay: going to action {replay.index:,} of {replay.end:,}: reading the record, "
                f"{replay.covered:,} actions so far…")
    state = replay.state()
    where = f"Replay: action {replay.index} of {replay.end}, turn {state.turn}."
    if replay.index == 0 and replay.from_start:
        return where + " The start of the game."
    if replay.index == 0:
        return (where + " The first moment on record: this game was opened from a link or position "
                "without the moves before it.")
    read = reader(controller)
    said: list[str] = []
    more = 0
    for event in game.history[replay.index - 1].events:  # at most a few lines, however many rolls
        if not read.shows(event):
            continue
        if len(said) < MAX_SAID:
            said.append(describe(game, event, read.names) or "")
        else:
            more += 1
    if more:
        said.append(f"(And {more:,} more.)")
    text = " ".join(said)
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
    '<div id="stats-panel" hidden><div id="stats" class="stats"><div id="stats-charts"></div>'
    '<div id="stats-figures"></div><div id="stats-luck"></div></div></div>'
    "</section>"
)


ACTION_PANELS = ("panel-place", "panel-attack", "panel-move", "panel-occupy", "panel-battle", "panel-cards",
                 "end-turn", "panel-claim")
# What else belongs to the live turn and hides while a replay shows the past: the last dice, the turn's armies,
# a warning, the computer players' bar.
LIVE_PANELS = ("panel-dice", "income", "warning", "bot-bar")


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
            case HeadquartersChosen() if game.state.phase is Phase.HEADQUARTERS:
                pass  # chosen in secret: not shown while others are still choosing
            case Placed() | Claimed() | HeadquartersChosen() | Captured():
                marks.setdefault(event.territory, "target")
            case _:
                for territory, mark in ui_for(game.state).marks(event).items():
                    marks.setdefault(territory, mark)
    return marks


def past_territories(controller: Controller, past: GameState) -> tuple[TerritoryView, ...]:
    """The territories as they were at the replay's moment, without any live selection; the last
    action's territories marked (see :func:`step_marks`)."""
    game = controller.game
    replay = controller.ui.record.replay
    marks = step_marks(game, replay.index) if replay is not None and replay.ready else {}
    shown = Controller(Game(game.rules, game.seats, game.seed, game.initial, past), UiState(viewer=-1))
    return tuple(replace(tv, classes=(marks[tv.index],) if tv.index in marks else (), pressed=False)
                 for tv in territory_views(shown))
