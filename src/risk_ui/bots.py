"""Computer players in the page: who moves for a bot seat, when, and at what pace.

The page runs on one thread, so a bot must never think for long in one piece. :class:`Autoplay`
advances a bot by *ticks*: each :meth:`Autoplay.tick` runs the bot's thinking for at most a small
budget of time (the slices of :func:`risk.ai.think`), plays the action once it is chosen, and says how
long the page should wait before the next tick. The wiring (:func:`run`) awaits that long with the
browser's event loop in between, so clicks and keys are answered while a bot plays, and bot moves come
at a pace a person can follow (faster with "Fast", without pause with "Skip to my turn").

Bots see only :func:`risk.visibility.public_view` of the seat they play. Everything here is plain
Python, tested in CPython with an injected clock.

A bot that raises (in its thinking or in playing its move) stops the bots, never the page: the error
is shown in the bot bar and the status line, the game stays as it was, and "Restart the computer
players" makes fresh bots. Should the same move fail again after a restart, a plain legal move is
played for that bot (ending its turn where it can), so a game never stays stuck on one bad position.
Anything else that fails in the loop (drawing the page) is reported and the loop goes on.

>>> PACE_NORMAL > PACE_FAST > PACE_SKIP
True
"""

from __future__ import annotations

import asyncio
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Protocol

from risk.actions import Action, EndTurn, listed
from risk.ai import LEVELS, Bot, make_bot, think
from risk.engine import legal_actions
from risk.game import HUMAN, Game
from risk.state import GameState, Phase
from risk.visibility import public_view
from risk_ui import motion, record_state
from risk_ui.controller import Controller
from risk_ui.screen import Control

PACE_NORMAL = 0.4  # seconds between two bot actions: a person can follow them
PACE_FAST = 0.08
PACE_SKIP = 0.001  # still a pause, so the browser answers clicks between actions
IDLE = 0.1  # how often the loop looks again while no bot is to move
FINISH_BUDGET = 0.05  # "Finish the game now": bot actions are played for this long between two drawings
GRACE = 2.0  # seconds a bot waits after a person's move gave it the turn, while Undo is offered for that move
SLICE_BUDGET = 0.006  # seconds of thinking per tick; one slice may overrun it (a hard bot: ~12 ms in CPython)


def is_bot(controller_name: str) -> bool:
    """Whether a seat's controller is a bot level.

    >>> is_bot("hard"), is_bot("human")
    (True, False)
    """
    return controller_name != HUMAN and controller_name in LEVELS


def bot_seat(controller: Controller) -> int:
    """The seat whose bot must move now, or -1 (a person's turn, or the game is over)."""
    state, seats = controller.state, controller.game.seats
    seat = state.current
    if state.phase is Phase.OVER or not 0 <= seat < len(seats) or not is_bot(seats[seat].controller):
        return -1
    return seat


def has_bots(game: Game) -> bool:
    """Whether any seat is played by a bot."""
    return any(is_bot(seat.controller) for seat in game.seats)


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed: repeatable for a game, different for each seat."""
    return (game_seed * 1_000_003 + seat * 7919 + 1) & 0xFFFF_FFFF


def pace(fast: bool, skipping: bool) -> float:
    """Seconds to wait after a bot action."""
    if skipping:
        return PACE_SKIP
    return PACE_FAST if fast else PACE_NORMAL


def status(controller: Controller) -> str:
    """The status line while a bot plays (or has stopped after an error)."""
    seat = bot_seat(controller)
    level = controller.game.seats[seat].controller
    if controller.ui.bot_error:
        return f"{controller.seat_name(seat)} (computer, {level}) has stopped after an error."
    pace_text = ""
    if controller.ui.finishing:
        pace_text = " (finishing the game)"
    elif controller.ui.skipping:
        pace_text = " (skipping to the end)" if controller.people_out() else " (skipping to your turn)"
    return f"{controller.seat_name(seat)} (computer, {level}) is playing{pace_text}."


def controls(controller: Controller) -> dict[str, Control]:
    """The bot bar: shown in a game with bots; Fast pressed or not; Skip while a bot plays for a person."""
    if not has_bots(controller.game):
        return {"bot-bar": Control(hidden=True)}
    ui = controller.ui
    playing = bot_seat(controller) >= 0
    people = controller.people_at_table()
    if ui.bot_error:
        text = ui.bot_error
    elif playing:
        text = status(controller)
    elif controller.state.phase is Phase.OVER:
        text = "The game is over."
    else:
        text = "Your turn: the computer players wait."
    return {
        "bot-bar": Control(hidden=False),
        "bot-status": Control(text=text),
        "fast": Control(pressed=ui.fast),
        "skip": Control(disabled=not playing or people == 0 or ui.skipping or bool(ui.bot_error),
                        text="Skip to the end" if controller.people_out() else "Skip to my turn"),
        "restart-bots": Control(hidden=not ui.bot_error),
    }


def fallback_action(state: GameState) -> Action:
    """A plain legal move for a bot that cannot choose one: end the turn where that is allowed, else the
    first legal action."""
    choices = legal_actions(state)
    return EndTurn() if listed(EndTurn(), choices) else choices[0].action


class Autoplay:
    """Moves the bots of a controller's game, one slice of thinking per tick."""

    def __init__(self, controller: Controller, clock: Callable[[], float] = time.perf_counter,
                 budget: float = SLICE_BUDGET, grace: float = 0.0) -> None:
        self.controller = controller
        self.clock = clock
        self.budget = budget
        self.grace = grace  # the wait while Undo is offered (the page's loop: GRACE; 0: none)
        self._offer: tuple[int, int] = (-1, -1)  # (game, offer number) the wait below is for
        self._offer_until = 0.0
        self._game: Game | None = None
        self._bots: dict[int, Bot] = {}
        self._thinking: Iterator[Action | None] | None = None
        self._for: tuple[int, int] = (-1, -1)  # (seat, history length) the thinking is for
        self._restarts = 0  # the controller's restarts already acted on
        self._failed: tuple[int, int, int] | None = None  # (game, seat, history length) of the last failure
        self._retry: tuple[int, int, int] | None = None  # that failure, restarted once: play a plain move if again
        self._motion_until = 0.0  # the clock's time the last action's motion ends (0: none to wait for)
        self._motion_skips = 0  # the controller's skips of motion when that wait began (a skip ends it)
        self.actions = 0  # bot actions played, for tests and the page's figures
        self.errors = 0  # bot failures, for tests

    def _bot(self, seat: int) -> Bot:
        game = self.controller.game
        if game is not self._game:  # a new game: new bots, no thinking carried over
            self._game, self._bots, self._thinking = game, {}, None
        if seat not in self._bots:
            self._bots[seat] = make_bot(game.seats[seat].controller, bot_seed(game.seed, seat))
        return self._bots[seat]

    def _restart(self) -> None:
        """Fresh bots and no thinking carried over; a failure seen before gets one more try."""
        self._restarts = self.controller.ui.bot_restarts
        self._bots, self._thinking = {}, None
        self._retry, self._failed = self._failed, None

    def tick(self) -> float | None:
        """Think a little for the bot to move; play its action when chosen.

        Returns the seconds to wait before the next tick: the pace after an action, 0 while the bot
        is still thinking, ``None`` when no bot is to move (or the bots stopped after an error).
        """
        controller = self.controller
        if controller.ui.bot_error:  # stopped: the page waits for "Restart the computer players"
            return None
        if self._restarts != controller.ui.bot_restarts:
            self._restart()
        ui = controller.ui
        if ui.welcome and ui.handoff < 0 and not ui.home:  # a link's receiver reads its welcome first
            return None
        seat = bot_seat(controller)
        wait = self._waiting(seat)
        if wait is None and seat >= 0:
            wait = self._motion_left()
        if wait is not None:
            return wait
        try:
            return self._tick(seat)
        except Exception as error:
            return self._failure(seat, error)

    def _waiting(self, seat: int) -> float | None:
        """While Undo is offered for the person's move that gave this bot the turn: the seconds to wait before
        looking again; None once the offer is over (or there is none, or the bots are hurried)."""
        controller = self.controller
        ui = controller.ui
        if seat < 0 or not controller.offering():
            return None
        if ui.skipping or ui.finishing or self.grace <= 0:
            ui.offer = -1
            return None
        key = (id(controller.game), ui.offers)
        if self._offer != key:
            self._offer, self._offer_until = key, self.clock() + self.grace
        left = self._offer_until - self.clock()
        if left > 0:
            return min(left, IDLE)
        ui.offer = -1
        return None

    def _motion_left(self) -> float | None:
        """While the last action's motion plays (longer than the pace): the seconds to wait before looking again;
        None once it has played, or was skipped (a tap on the map, the key), or the bots are hurried or motion
        turned off."""
        if self._motion_until <= 0:
            return None
        ui = self.controller.ui
        left = self._motion_until - self.clock()
        if left <= 0 or ui.motion_skips != self._motion_skips or not ui.motion or ui.fast or ui.skipping \
                or ui.finishing:
            self._motion_until = 0.0
            return None
        return min(left, IDLE)

    def _failure(self, seat: int, error: Exception) -> float | None:
        """A bot raised: stop and say so; the same failure again after a restart plays a plain move."""
        controller = self.controller
        self._thinking = None
        self.errors += 1
        traceback.print_exception(error, file=sys.stderr)  # the browser's console keeps the whole story
        key = (id(controller.game), seat, len(controller.game.history))
        if key == self._retry and seat >= 0:
            self._retry = None
            try:
                played = controller.play_bot(fallback_action(controller.state))
            except Exception as again:
                traceback.print_exception(again, file=sys.stderr)
                played = False
            if played:
                self.actions += 1
                controller.ui.notice = (f"{controller.seat_name(seat)} (computer) failed again at this move, so it "
                                        "played a plain legal move instead.")
                return pace(controller.ui.fast, controller.ui.skipping)
        self._failed = key
        controller.bot_failed(seat, error)
        return None

    def _tick(self, seat: int) -> float | None:
        controller = self.controller
        if seat < 0:
            self._thinking = None
            controller.ui.skipping = False
            return None
        bot = self._bot(seat)
        key = (seat, len(controller.game.history))
        if self._thinking is None or self._for != key or self._game is not controller.game:
            self._thinking = think(bot, public_view(controller.state, seat))
            self._for = key
        start = self.clock()
        while True:
            try:
                result = next(self._thinking)
            except StopIteration:
                result = None
                self._thinking = None
                break
            if result is not None:
                self._thinking = None
                break
            if self.clock() - start >= self.budget:
                return 0.0
        if result is None or not controller.play_bot(result):
            # A bot that gives up or chooses an illegal move must not stall the page: play a plain one.
            controller.play_bot(fallback_action(controller.state))
        self.actions += 1
        ui = controller.ui
        wait = pace(ui.fast, ui.skipping)
        if ui.motion and not (ui.fast or ui.skipping or ui.finishing):
            # The next move waits for this one's motion to play (the longer of it and the pace), in short looks
            # (_motion_left), so that a skip of the motion lets the bot move on at once.
            plays = motion.duration(motion.steps_for(ui.events)) / 1000 + 0.1
            if plays > wait:
                self._motion_until, self._motion_skips = self.clock() + plays, ui.motion_skips
        return wait


class Renders(Protocol):
    """What :func:`run` needs of the page: its controller, a way to draw it and to show an error."""

    controller: Controller

    def render(self) -> None: ...

    def report(self, doing: str, error: BaseException) -> None: ...


def step(page: Renders, autoplay: Autoplay) -> float:
    """One turn of the loop: a replay's step, or a slice of a bot's thinking; the seconds to wait after."""
    controller = autoplay.controller = page.controller
    if controller.ui.record.replay is not None:  # the bots wait while the past is on the board
        if record_state.tick(controller.ui.record):
            page.render()
        return record_state.PLAY_PACE if controller.ui.record.playing else IDLE
    before, errors = autoplay.actions, autoplay.errors
    wait = autoplay.tick()
    if controller.ui.finishing:  # only bots are left: many actions between two drawings, no pause
        started = autoplay.clock()
        while wait is not None and autoplay.clock() - started < FINISH_BUDGET:
            wait = autoplay.tick()
        if wait is None:
            controller.ui.finishing = False
        else:
            wait = PACE_SKIP
    if autoplay.actions != before or autoplay.errors != errors:
        page.render()
    return IDLE if wait is None else max(wait, PACE_SKIP)


async def run(page: Renders, stop: Callable[[], bool] = lambda: False) -> None:
    """Play the bots of the page's game for ever (until ``stop()``), yielding to the browser between ticks.

    Nothing ends the loop but ``stop()``: an error outside the bots' own moves (drawing the page, a
    replay step) is shown to the player, and the loop carries on after a pause.
    """
    autoplay = Autoplay(page.controller, grace=GRACE)
    _running.append(autoplay)
    while not stop():
        try:
            wait = step(page, autoplay)
        except Exception as error:
            traceback.print_exception(error, file=sys.stderr)
            try:
                page.report("while the computer players played", error)
            except Exception as again:  # the page cannot even say so: the console has both
                traceback.print_exception(again, file=sys.stderr)
            wait = IDLE
        await asyncio.sleep(wait)


_tasks: set[asyncio.Task[None]] = set()  # keeps the running loop from being collected
_running: list[Autoplay] = []  # the page's bot loops, for :func:`set_grace`


def set_grace(seconds: float) -> str:
    """Set how long the page's bots wait while Undo is offered (a test hook: 0 for none, a day to keep the offer
    up while a test looks at it); the wait in force, as text."""
    for autoplay in _running:
        autoplay.grace = max(0.0, float(seconds))
    return f"{max(0.0, float(seconds))}"


def start(page: Renders) -> None:
    """Start the bot loop beside the page (in the browser's event loop)."""
    task = asyncio.ensure_future(run(page))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
