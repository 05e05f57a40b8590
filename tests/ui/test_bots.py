"""Bots in the page: the tick scheduler, the pace, the hand-off rules and what bots are shown."""

from __future__ import annotations

import itertools

import pytest

from risk.ai import make_bot
from risk.game import Seat
from risk.state import Phase
from risk.visibility import HIDDEN_CARD, HIDDEN_RNG
from risk_ui import bots, layout, view
from risk_ui.controller import Controller, NewGameSettings, parse_settings
from threads import in_a_thread


def game(*controllers: str, seed: int = 4, first: int | None = None) -> Controller:
    """A new game; with ``first``, from the first seed from ``seed`` on where that seat starts."""
    seats = tuple(Seat(f"P{i}", i, c) for i, c in enumerate(controllers))
    for candidate in range(seed, seed + 100):
        c = Controller.new(NewGameSettings(seats=seats), seed=candidate)
        if first is None or c.state.current == first:
            return c
    raise AssertionError("no seed found")


def run_bots(c: Controller, autoplay: bots.Autoplay | None = None, limit: int = 5000) -> bots.Autoplay:
    autoplay = autoplay or bots.Autoplay(c)
    for _ in range(limit):
        if autoplay.tick() is None:
            return autoplay
    raise AssertionError("the bots never handed back")


def test_the_dialog_offers_every_bot_level_and_the_form_accepts_them():
    html = layout.dialog_html()
    for level in ("easy", "normal", "hard", "random"):
        assert f'<option value="{level}">' in html
    settings = parse_settings({"count": "2", "controller-0": "human", "controller-1": "hard"})
    assert [s.controller for s in settings.seats] == ["human", "hard"]


def test_ticks_play_the_bots_until_the_persons_turn_then_wait():
    c = game("normal", "human", "easy")
    autoplay = run_bots(c)
    assert c.state.current == 1 and c.state.phase is Phase.REINFORCE
    if c.game.history:
        assert autoplay.actions == len(c.game.history)
    assert autoplay.tick() is None  # nothing to do while the person plays


def test_one_person_against_bots_never_sees_a_hand_off_nor_a_bots_cards():
    c = game("human", "normal", "normal")
    autoplay = bots.Autoplay(c)
    for _turn in range(3):
        run_bots(c, autoplay)
        assert c.ui.handoff == -1 and c.ui.viewer == 0
        assert view.render(c).overlay == ""
        # The person ends the turn: place everything, then end.
        c.command("amount", "all")
        c.click(c.state.territories_of(0)[0])
        c.command("end-turn")
        c.command("end-turn")
        assert c.state.current != 0 or c.state.phase is Phase.OVER
        while bots.bot_seat(c) >= 0:
            autoplay.tick()
            assert c.ui.handoff == -1 and c.ui.viewer == 0
            if bots.bot_seat(c) >= 0:
                assert view.render(c).html["hand"] == ""  # the bot's hand never shows


def test_the_hand_off_screen_comes_only_before_a_persons_turn():
    c = game("human", "easy", "easy", "human", seed=9)
    autoplay = bots.Autoplay(c)
    for _ in range(4000):
        if c.state.phase is Phase.OVER or c.state.turn > 8:
            break
        if c.ui.handoff >= 0:
            assert c.is_human(c.ui.handoff) and c.ui.handoff == c.state.current
            c.command("handoff")
        if bots.bot_seat(c) >= 0:
            assert c.ui.handoff == -1
            autoplay.tick()
        else:  # a person's turn: play it as a bot would, through the controller
            c.play_bot(make_bot("easy", c.state.turn).choose(c.state))
    assert c.state.turn > 8


def test_a_persons_moves_are_refused_while_a_bot_plays_but_the_page_still_answers():
    c = game("easy", "human", "easy", first=0)
    assert bots.bot_seat(c) == 0
    before = len(c.game.history)
    c.click(c.state.territories_of(0)[0])
    c.command("end-turn")
    assert len(c.game.history) == before
    assert "(computer) is playing" in c.ui.notice and not c.ui.error
    c.command("fast")
    assert c.ui.fast
    c.command("amount", "5")
    assert c.ui.amount == "5"


def test_the_pace_follows_fast_and_skip_and_skip_ends_at_the_persons_turn():
    c = game("easy", "human", "easy", first=0)
    autoplay = bots.Autoplay(c)
    assert autoplay.tick() == bots.PACE_NORMAL
    c.command("fast")
    assert autoplay.tick() == bots.PACE_FAST
    c.command("skip")
    assert c.ui.skipping and view.render(c).controls["skip"].disabled
    assert autoplay.tick() == bots.PACE_SKIP
    run_bots(c, autoplay)
    assert not c.ui.skipping and c.state.current == 1


def test_skip_does_nothing_without_a_person_at_the_table():
    c = game("easy", "easy")
    c.command("skip")
    assert not c.ui.skipping


def test_a_tick_stops_thinking_when_its_time_budget_is_spent():
    """With a clock that jumps a second per reading, every tick of a thinking bot is one slice."""
    c = game("hard", "human", "hard", first=0)
    ticks = itertools.count()
    autoplay = bots.Autoplay(c, clock=lambda: float(next(ticks)))
    waits = []
    while bots.PACE_NORMAL not in waits and len(waits) < 2000:
        waits.append(autoplay.tick())
    assert 0.0 in waits  # the planner thinks in several ticks, the page breathing in between
    assert bots.PACE_NORMAL in waits


class SpyBot:
    def __init__(self, level: str, seed: int) -> None:
        self.inner = make_bot(level, seed)
        self.seen: list = []

    def choose(self, state):
        self.seen.append(state)
        return self.inner.choose(state)


def test_bots_are_shown_only_the_public_view_of_their_seat(monkeypatch: pytest.MonkeyPatch):
    made: list[SpyBot] = []

    def spy(level: str, seed: int) -> SpyBot:
        made.append(SpyBot(level, seed))
        return made[-1]

    monkeypatch.setattr(bots, "make_bot", spy)
    c = game("normal", "human", "normal")
    run_bots(c)
    c.command("amount", "all")
    c.click(c.state.territories_of(1)[0])
    c.command("end-turn")
    c.command("end-turn")
    run_bots(c)
    states = [s for bot in made for s in bot.seen]
    assert states
    for state in states:
        assert state.rng == HIDDEN_RNG
        assert all(card == HIDDEN_CARD for card in state.deck)
        assert all(card == HIDDEN_CARD for s, hand in enumerate(state.hands) if s != state.current for card in hand)


def test_a_new_game_gets_new_bots():
    c = game("easy", "human", first=0)
    autoplay = bots.Autoplay(c)
    autoplay.tick()
    first = autoplay._bots[0]
    c.start(NewGameSettings(seats=(Seat("A", 0, "easy"), Seat("B", 1))), seed=8)
    assert autoplay._bot(0) is not first


def test_the_loop_renders_after_each_bot_action_and_idles_on_a_persons_turn(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(bots, "PACE_NORMAL", 0.0)
    c = game("easy", "human", "easy", first=0)

    class FakePage:
        controller = c
        renders = 0

        def render(self) -> None:
            FakePage.renders += 1

    loops = itertools.count()
    in_a_thread(bots.run(FakePage(), stop=lambda: next(loops) > 400 or bots.bot_seat(c) < 0))
    assert c.state.current == 1
    assert FakePage.renders == len(c.game.history) > 0


def test_the_bot_bar_shows_only_in_games_with_bots():
    assert view.render(game("human", "human")).controls["bot-bar"].hidden
    screen = view.render(game("easy", "human", first=0))
    assert not screen.controls["bot-bar"].hidden
    assert "(computer, easy) is playing" in screen.status
    assert all(screen.controls[p].hidden for p in ("panel-place", "panel-attack", "panel-occupy", "end-turn"))
