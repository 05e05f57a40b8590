"""Errors never leave the player stuck: a bot that raises, a page hook that raises, a loop that fails.

A bot error stops the bots (not the page), says so in the bot bar and the status line, leaves the game
as it was, and "Restart the computer players" carries on. An ``after_render`` hook (the autosave and
saves panel) that raises is caught and shown; the page and the bots go on.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from risk.actions import EndTurn
from risk.game import Game, Seat
from risk.state import Phase
from risk_ui import bots, view
from risk_ui.controller import Controller, NewGameSettings
from threads import in_a_thread
from ui.fakedom import FakeDocument


def game(*controllers: str, seed: int = 4, first: int | None = None) -> Controller:
    """A new game; with ``first``, from the first seed from ``seed`` on where that seat starts."""
    seats = tuple(Seat(f"P{i}", i, c) for i, c in enumerate(controllers))
    for candidate in range(seed, seed + 100):
        c = Controller.new(NewGameSettings(seats=seats), seed=candidate)
        if first is None or c.state.current == first:
            return c
    raise AssertionError("no seed found")


class Faults:
    """Makes ``bots.think`` raise on the calls whose numbers are in ``failing`` (1 = the first)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, failing: Callable[[int], bool]) -> None:
        self.calls = 0
        real = bots.think

        def think(bot: Any, state: Any) -> Iterator[Any]:
            self.calls += 1
            if failing(self.calls):
                raise RuntimeError(f"injected bot fault {self.calls}")
            return real(bot, state)

        monkeypatch.setattr(bots, "think", think)


def test_a_bot_that_raises_stops_the_bots_says_so_and_leaves_the_game_as_it_was(monkeypatch: pytest.MonkeyPatch):
    c = game("easy", "human", "easy", first=0)
    Faults(monkeypatch, lambda n: n == 1)
    autoplay = bots.Autoplay(c)
    history, state = list(c.game.history), c.state.copy()
    assert autoplay.tick() is None
    assert c.game.history == history and c.state == state
    assert "injected bot fault 1" in c.ui.bot_error and autoplay.errors == 1
    screen = view.render(c)
    assert "is playing" not in screen.status and "stopped after an error" in screen.status
    assert "injected bot fault 1" in screen.controls["bot-status"].text
    assert not screen.controls["restart-bots"].hidden and screen.controls["skip"].disabled
    # Stopped: further ticks do nothing, and the person is told what to press.
    assert autoplay.tick() is None and c.game.history == history
    c.click(c.state.territories_of(1)[0])
    assert "Restart the computer players" in c.ui.notice and c.game.history == history
    # Restarted: fresh bots play on, and the bar no longer shows the error.
    old_bot = autoplay._bots.get(0)
    c.command("restart-bots")
    screen = view.render(c)
    assert screen.controls["restart-bots"].hidden and "is playing" in screen.status
    assert autoplay.tick() is not None and len(c.game.history) == len(history) + 1
    assert autoplay._bots[0] is not old_bot


def test_the_same_failure_after_a_restart_plays_a_plain_move_so_the_game_goes_on(monkeypatch: pytest.MonkeyPatch):
    c = game("normal", "human", "normal", first=0)
    Faults(monkeypatch, lambda n: True)  # this bot can never choose
    autoplay = bots.Autoplay(c)
    assert autoplay.tick() is None and c.ui.bot_error
    c.command("restart-bots")
    assert autoplay.tick() is not None  # failed again at the same move: a plain legal move instead
    assert len(c.game.history) == 1 and not c.ui.bot_error
    assert "played a plain legal move" in c.ui.notice
    assert autoplay.tick() is None and c.ui.bot_error  # the next move is a new failure: stopped again


def test_a_bot_move_that_raises_in_the_engine_stops_the_bots_too(monkeypatch: pytest.MonkeyPatch):
    c = game("easy", "human", "easy", first=0)
    real, calls = Game.play, itertools.count(1)

    def play(self: Game, action: Any) -> Any:
        if next(calls) == 2:
            raise KeyError("injected engine fault")
        return real(self, action)

    monkeypatch.setattr(Game, "play", play)
    autoplay = bots.Autoplay(c)
    assert autoplay.tick() is not None and len(c.game.history) == 1
    assert autoplay.tick() is None
    assert len(c.game.history) == 1 and "KeyError: 'injected engine fault'" in c.ui.bot_error
    c.command("restart-bots")
    assert autoplay.tick() is not None and len(c.game.history) == 2


def test_a_bot_that_chooses_an_illegal_move_ends_its_turn_instead():
    class Wrong:
        def choose(self, state: Any) -> Any:
            return EndTurn()  # not legal while reinforcements wait

    c = game("easy", "human", "easy", first=0)
    assert c.state.phase is Phase.REINFORCE
    autoplay = bots.Autoplay(c)
    autoplay._bot(0)
    autoplay._bots[0] = Wrong()  # type: ignore[assignment]
    assert autoplay.tick() is not None and len(c.game.history) == 1 and not c.ui.bot_error


def test_a_new_game_clears_a_bot_error_and_its_bots_play(monkeypatch: pytest.MonkeyPatch):
    c = game("easy", "human", "easy", first=0)
    Faults(monkeypatch, lambda n: n == 1)
    autoplay = bots.Autoplay(c)
    autoplay.tick()
    assert c.ui.bot_error
    seed = next(n for n in itertools.count(8) if Controller.new(
        NewGameSettings(seats=(Seat("A", 0, "easy"), Seat("B", 1))), seed=n).state.current == 0)
    c.start(NewGameSettings(seats=(Seat("A", 0, "easy"), Seat("B", 1))), seed=seed)
    assert not c.ui.bot_error and bots.bot_seat(c) == 0
    for _ in range(50):
        if autoplay.tick() is None:
            break
    assert c.game.history and not c.ui.bot_error


class LoopPage:
    """The page as the bot loop sees it, with a render that fails on chosen calls."""

    def __init__(self, controller: Controller, failing: Callable[[int], bool]) -> None:
        self.controller = controller
        self.renders = 0
        self.reports: list[str] = []
        self.failing = failing

    def render(self) -> None:
        self.renders += 1
        if self.failing(self.renders):
            raise RuntimeError(f"injected render fault {self.renders}")

    def report(self, doing: str, error: BaseException) -> None:
        self.reports.append(f"{doing}: {error}")
        self.controller.report_problem(doing, error)


def test_the_bot_loop_survives_a_render_that_raises_and_says_so(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(bots, "PACE_NORMAL", 0.0)
    c = game("easy", "human", "easy", first=0)
    page = LoopPage(c, lambda n: n == 1)
    loops = itertools.count()
    in_a_thread(bots.run(page, stop=lambda: next(loops) > 400 or bots.bot_seat(c) < 0))
    assert c.state.current == 1  # the bots played their turns to the person's
    assert page.reports == ["while the computer players played: injected render fault 1"]
    assert "injected render fault 1" in c.ui.problem and "The game goes on" in c.ui.problem


def test_the_bot_loop_goes_on_after_a_bot_error_once_restarted(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(bots, "PACE_NORMAL", 0.0)
    monkeypatch.setattr(bots, "IDLE", 0.001)
    c = game("easy", "human", "easy", first=0)
    Faults(monkeypatch, lambda n: n == 2)
    page = LoopPage(c, lambda n: False)
    loops = itertools.count()

    def stop() -> bool:
        n = next(loops)
        if n == 50:  # the person sees the error and presses Restart
            assert c.ui.bot_error and page.renders >= 2  # drawn at once, to show the error
            c.command("restart-bots")
        return n > 450 or (n > 50 and bots.bot_seat(c) < 0)

    in_a_thread(bots.run(page, stop=stop))
    assert c.state.current == 1 and not c.ui.bot_error


# -- in the page (fake DOM) ---------------------------------------------------------------------------


def by_id(doc: FakeDocument, ident: str) -> Any:
    return doc.getElementById(ident)


def test_in_the_page_a_bot_error_shows_in_the_bar_with_a_restart_button_that_works(
        mount: Callable[..., tuple[FakeDocument, Any]], monkeypatch: pytest.MonkeyPatch):
    c = game("easy", "human", "easy", first=0)
    doc, page = mount(c)
    Faults(monkeypatch, lambda n: n == 1)
    autoplay = bots.Autoplay(c)
    bots.step(page, autoplay)
    status, bar = by_id(doc, "status").textContent, by_id(doc, "bot-status").textContent
    assert "stopped after an error" in status and "is playing" not in status
    assert "injected bot fault 1" in bar and "Restart the computer players" in bar
    restart = by_id(doc, "restart-bots")
    assert not restart.hidden and not restart.disabled
    doc.click(restart)
    assert restart.hidden and "is playing" in by_id(doc, "status").textContent
    before = len(c.game.history)
    bots.step(page, autoplay)
    assert len(c.game.history) == before + 1


def test_a_failing_after_render_hook_is_shown_and_the_page_and_bots_go_on(
        mount: Callable[..., tuple[FakeDocument, Any]], monkeypatch: pytest.MonkeyPatch):
    """The saves panel's refresh runs after each render: its failure must not escape the page's render."""
    monkeypatch.setattr(bots, "PACE_NORMAL", 0.0)
    c = game("easy", "human", "easy", first=0)
    doc, page = mount(c)
    calls: list[int] = []

    def failing_autosave() -> None:
        calls.append(len(c.game.history))
        if len(calls) == 1:
            raise OSError("injected autosave fault")

    later: list[int] = []
    page.after_render.extend([failing_autosave, lambda: later.append(1)])
    page.render()  # does not raise
    problem = by_id(doc, "problem")
    assert not problem.hidden and "injected autosave fault" in by_id(doc, "problem-text").textContent
    assert "while saving the game" in by_id(doc, "problem-text").textContent
    assert later == [1]  # the hooks after the failing one still ran
    autoplay = bots.Autoplay(c)
    for _ in range(400):  # the bots play on, each action drawn and "saved"
        if bots.bot_seat(c) < 0:
            break
        bots.step(page, autoplay)
    assert c.state.current == 1 and len(calls) > 1 and not c.ui.bot_error
    assert not problem.hidden  # still shown: the player has not dismissed it yet
    doc.click(by_id(doc, "problem-dismiss"))
    assert problem.hidden and c.ui.problem == ""


def test_a_hook_that_fails_every_time_keeps_its_message_and_never_stops_a_click(
        mount: Callable[..., tuple[FakeDocument, Any]]):
    c = game("human", "human")
    doc, page = mount(c)

    def broken() -> None:
        raise ValueError("storage switched off")

    page.after_render.append(broken)
    doc.click(by_id(doc, "handoff-button"))
    mine = c.state.territories_of(c.state.current)[0]
    before = c.state.reserve[c.state.current]
    doc.click(doc.querySelector(f'[data-territory="{c.state.board.territories[mine].id}"] .land'))
    assert c.state.reserve[c.state.current] == before - 1
    assert "storage switched off" in by_id(doc, "problem-text").textContent
    assert not by_id(doc, "problem").hidden
