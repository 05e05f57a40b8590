"""Motion: an action's events become animation steps, and the page's motion layer shows and clears them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.ui.fakedom import FakeDocument

from risk.events import BattleFought, Captured, Eliminated, Fortified, MovedIn, Placed, TurnStarted
from risk.game import Seat
from risk_ui import bots, help_text, motion, saves_panel, view, words
from risk_ui.controller import DEFAULT_SETTINGS, Controller, NewGameSettings
from risk_ui.storage import MemoryBackend, Saves

BATTLE = BattleFought(source=3, target=4, attacker=(6, 5, 2), defender=(4, 3), attacker_losses=0,
                      defender_losses=2, attacker_seat=0, defender_seat=1)
CENTRES = {3: (10.0, 20.0), 4: (110.0, 60.0), 7: (50.0, 50.0)}


def test_a_battle_is_a_token_travelling_then_its_dice() -> None:
    steps = motion.steps_for([TurnStarted(0, 1, 3), BATTLE])
    assert [s.kind for s in steps] == ["travel", "dice"]
    assert (steps[0].source, steps[0].target, steps[0].seat, steps[0].count) == (3, 4, 0, 3)
    assert steps[1].dice == ((6, 5, 2), (4, 3))


def test_an_attack_of_several_rolls_is_one_token_and_the_last_dice() -> None:
    last = BattleFought(source=3, target=4, attacker=(3, 1), defender=(2,), attacker_losses=0,
                        defender_losses=1, attacker_seat=0, defender_seat=1)
    steps = motion.steps_for([BATTLE, BATTLE, last])
    assert [s.kind for s in steps] == ["travel", "dice"]
    assert steps[1].dice == ((3, 1), (2,))


def test_a_capture_an_elimination_and_the_move_in() -> None:
    events = [BATTLE, Captured(territory=4, seat=0, previous=1), Eliminated(seat=1, by=0, cards=()),
              MovedIn(seat=0, source=3, target=4, count=2)]
    steps = motion.steps_for(events)
    assert [s.kind for s in steps] == ["travel", "dice", "capture", "eliminate", "travel"]
    assert steps[2].target == 4 and steps[3].seat == 1
    assert (steps[4].source, steps[4].target, steps[4].count) == (3, 4, 2)
    assert motion.duration(steps) == sum(motion.DURATION[s.kind] for s in steps)


def test_a_move_and_a_placement() -> None:
    steps = motion.steps_for([Fortified(seat=2, source=4, target=7, count=5), Placed(2, 7, 3, 2)])
    assert [(s.kind, s.source, s.target, s.count) for s in steps] == [("travel", 4, 7, 5), ("place", -1, 7, 3)]


def test_nothing_moves_when_motion_is_reduced() -> None:
    assert motion.steps_for([BATTLE, Captured(4, 0, 1)], reduce_motion=True) == []


def test_the_layer_gets_its_elements_in_sequence_and_is_cleared() -> None:
    document = FakeDocument('<svg><g id="motion"></g></svg><ol><li data-seat="1">Blue</li></ol>')
    steps = motion.steps_for([BATTLE, Captured(4, 0, 1), Eliminated(1, 0, ())])
    total = motion.play(document, steps, CENTRES)
    assert total == motion.duration(steps) > 0
    layer = document.getElementById("motion")
    assert layer is not None
    token = layer.querySelector("circle.mo-token")
    assert token is not None and token.getAttribute("data-dx") == "100.0"
    assert token.getAttribute("data-dy") == "40.0"
    dice = layer.querySelector("text.mo-dice")
    assert dice is not None and dice.textContent == "6 5 2 : 4 3"
    ring = layer.querySelector("circle.mo-capture")
    assert ring is not None and "animation-delay:600ms" in (ring.getAttribute("style") or "")
    row = document.querySelector('[data-seat="1"]')
    assert row is not None and row.getAttribute("data-eliminated-flash") == "1"
    motion.clear(document)
    assert layer.querySelector("circle") is None and layer.querySelector("text") is None


def test_no_steps_leave_the_layer_alone() -> None:
    document = FakeDocument('<svg><g id="motion"></g></svg>')
    assert motion.play(document, [], CENTRES) == 0
    assert document.log == []


# -- the Motion setting -------------------------------------------------------------------------------------------

def bot_game(seed: int = 4) -> Controller:
    """A person (Red) and two easy bots, Blue to move first: the bots play before the person."""
    seats = (Seat("Red", 0), Seat("Blue", 1, "easy"), Seat("Yellow", 2, "easy"))
    for candidate in range(seed, seed + 100):
        c = Controller.new(NewGameSettings(seats=seats), seed=candidate)
        if c.state.current == 1:
            return c
    raise AssertionError("no seed found")


def waits_between_moves(autoplay: bots.Autoplay, now: list[float], moves: int,
                        after: Callable[[], None] = lambda: None) -> list[float]:
    """Tick the bots with the fake clock for ``moves`` actions (``after`` each, as the page draws it); the
    seconds waited after each action before the next one."""
    waits: list[float] = []
    for _ in range(100_000):
        before = autoplay.actions
        wait = autoplay.tick()
        assert wait is not None
        if autoplay.actions != before:
            if len(waits) == moves:
                return waits
            after()
            waits.append(0.0)
        if waits:
            waits[-1] += wait
        now[0] += wait
    raise AssertionError("the bots stopped")


def test_the_motion_setting_is_kept_in_the_browser_and_wins_over_the_browsers_choice() -> None:
    backend = MemoryBackend()
    saves = Saves(backend)
    c = bot_game()
    saves_panel.load_prefs(saves, c)
    assert not c.ui.motion_chosen and saves_panel.prefs_text(c) == ""  # nothing chosen: the browser decides
    c.ui.motion = True  # what the page reads from the browser at connect
    assert view.render(c).controls["home-motion"].pressed
    c.command("motion")
    assert not c.ui.motion and c.ui.motion_chosen and not view.render(c).controls["home-motion"].pressed
    assert saves_panel.prefs_text(c) == "motion-off"
    c.start(DEFAULT_SETTINGS, seed=5)  # a new game keeps the choice
    assert not c.ui.motion and c.ui.motion_chosen
    backend.set(saves.keys.prefix + saves_panel.PREFS_KEY, saves_panel.prefs_text(c))
    again = bot_game()
    again.ui.motion = True
    saves_panel.load_prefs(saves, again)
    assert not again.ui.motion and again.ui.motion_chosen
    again.command("motion")
    assert again.ui.motion and saves_panel.prefs_text(again) == "motion-on"
    backend.set(saves.keys.prefix + saves_panel.PREFS_KEY, "contrast motion-on")
    third = bot_game()  # a browser that prefers reduced motion: the person's "on" still wins
    saves_panel.load_prefs(saves, third)
    assert third.ui.motion and third.ui.high_contrast


@pytest.mark.parametrize("on", [True, False])
def test_motion_off_draws_nothing_and_the_bot_waits_only_the_pace(mount, on: bool) -> None:
    c = bot_game()
    c.ui.motion = on
    doc, page = mount(c)
    assert doc.documentElement.getAttribute("data-motion") == ("on" if on else "off")
    now = [100.0]
    autoplay = bots.Autoplay(c, clock=lambda: now[0])
    layer = doc.getElementById("motion")
    assert layer is not None
    drawn = [0]

    def draw() -> None:
        page.render()
        drawn[0] = max(drawn[0], len(layer.querySelectorAll("circle")) + len(layer.querySelectorAll("text")))

    waits = waits_between_moves(autoplay, now, 12, draw)
    if on:
        assert drawn[0] > 0 and max(waits) > bots.PACE_NORMAL + 0.05
    else:
        assert drawn[0] == 0 and all(abs(w - bots.PACE_NORMAL) < 1e-6 for w in waits)


# -- skipping the motion --------------------------------------------------------------------------------------------

def to_a_bot_attack(c: Controller, mount) -> tuple[FakeDocument, Any, bots.Autoplay, list[float], float]:
    """Motion on, the bots played on a fake page with a fake clock up to an action whose motion is longer than
    the pace (an attack); the page, the bots, the clock and the wait the tick gave after it."""
    c.ui.motion = True
    doc, page = mount(c)
    now = [100.0]
    page.clock = lambda: now[0]
    autoplay = bots.Autoplay(c, clock=lambda: now[0])
    for _ in range(100_000):
        before = autoplay.actions
        wait = autoplay.tick()
        assert wait is not None, "the bots handed back before an attack"
        if autoplay.actions != before:
            page.render()
            if motion.duration(motion.steps_for(c.ui.events)) > 1000 * bots.PACE_NORMAL:
                return doc, page, autoplay, now, wait
        now[0] += wait
    raise AssertionError("no attack")


def moves_on_after(autoplay: bots.Autoplay, now: list[float], first: float) -> float:
    """The seconds the bot waits from its last action to its next one (the first wait given)."""
    waited, wait, before = 0.0, first, autoplay.actions
    while autoplay.actions == before:
        waited += wait
        now[0] += wait
        wait = autoplay.tick()
        assert wait is not None
    return waited


def test_a_tap_on_the_map_ends_the_motion_and_the_waiting_bot_moves_on(mount) -> None:
    c = bot_game()
    doc, page, autoplay, now, wait = to_a_bot_attack(c, mount)
    layer = doc.getElementById("motion")
    assert layer is not None and layer.querySelector("circle.mo-token") is not None and page.motion_playing()
    state, count, notice = c.state.copy(), len(c.game.history), c.ui.notice
    now[0] += 0.1  # a moment into it, a tap on a territory of the map
    land = doc.querySelector('[data-territory] .land')
    assert land is not None
    doc.click(land)
    assert layer.querySelector("circle") is None and layer.querySelector("text") is None
    assert not page.motion_playing() and c.ui.motion_skips == 1
    assert c.state == state and len(c.game.history) == count and c.ui.notice == notice  # the game is as it was
    # the bot waits only what is left of the pace, not the motion
    assert abs(moves_on_after(autoplay, now, wait) - bots.PACE_NORMAL) < 1e-6
    doc.click(land)  # no motion playing now: a tap is a tap again (nothing to skip)
    assert c.ui.motion_skips == 1


def test_without_a_skip_the_bot_waits_for_the_whole_motion(mount) -> None:
    c = bot_game()
    _doc, _page, autoplay, now, wait = to_a_bot_attack(c, mount)
    plays = motion.duration(motion.steps_for(c.ui.events)) / 1000 + 0.1
    assert abs(moves_on_after(autoplay, now, wait) - plays) < 1e-6


def test_the_key_s_skips_the_motion_and_is_in_the_keys_list(mount) -> None:
    c = bot_game()
    doc, _page, autoplay, now, wait = to_a_bot_attack(c, mount)
    state = c.state.copy()
    doc.press(doc.body, "s")
    layer = doc.getElementById("motion")
    assert layer is not None and layer.querySelector("circle") is None and c.ui.motion_skips == 1
    assert c.state == state
    assert abs(moves_on_after(autoplay, now, wait) - bots.PACE_NORMAL) < 1e-6
    keys = help_text.shortcuts_html()
    assert "<kbd>S</kbd>" in keys and words.SKIP_MOTION_KEY in keys
