"""Self-play without a record: the same games as with one, only the events are not built."""

from __future__ import annotations

import pytest

from risk.engine import apply, new_game
from risk.events import Captured
from risk.flow import UNRECORDED, flow_for
from risk.rules import make_rules
from risk.selfplay import play_game
from scenario import ALL_EDITION_OPTIONS


@pytest.mark.parametrize("edition, options", ALL_EDITION_OPTIONS)
def test_a_game_played_without_events_ends_as_the_recorded_one(edition, options):
    """Every step of self-play without on_step (events unrecorded) leaves the state the recorded game has."""
    rules = make_rules(edition, list(options))
    people = 4 if edition == "revised" else 3
    for seed in (1, 2):
        recorded, events = _states(rules, people, seed, record=True)
        unrecorded, none = _states(rules, people, seed, record=False)
        assert unrecorded == recorded and len(recorded) > 20
        assert events > len(recorded) and none == 0  # the recorded run built its events, the other none


def _states(rules, people, seed, *, record):
    """Every state of a self-played game, and how many events its steps returned."""
    states: list[object] = []
    events = [0]
    if record:
        def step(state, action, happened):
            states.append(state.copy())
            events[0] += len(happened)
        play_game(rules, people, seed, on_step=step)
    else:
        play_game(rules, people, seed, on_action=lambda state: states.append(state.copy()))
    return states, events[0]


def test_the_unrecorded_list_keeps_nothing_and_a_blitz_builds_no_event_into_it():
    state = new_game(make_rules("classic", ["auto-setup"]), 3, 4)
    UNRECORDED.append(Captured(0, 1, 2))
    UNRECORDED.extend([Captured(0, 1, 2)])
    assert len(UNRECORDED) == 0
    from risk.ai.simple import SimpleBot

    bot = SimpleBot(4)
    blitzes = 0
    while not state.over and blitzes < 30:
        action = bot.choose(state)
        if type(action).__name__ == "Blitz":
            blitzes += 1
            copy = state.copy()
            events = apply(copy, action)
            flow_for(state.rules).effects[type(action)](state, action, UNRECORDED)
            assert state == copy and events  # the same step, events built only where asked
        else:
            apply(state, action)
    assert blitzes == 30 and len(UNRECORDED) == 0


@pytest.mark.parametrize("edition, options", ALL_EDITION_OPTIONS)
def test_apply_without_a_record_changes_the_state_as_apply_with_one(edition, options):
    """engine.apply(record=False), for playouts: the same state after every step, no events returned."""
    from risk.ai import choose
    from risk.ai.simple import SimpleBot

    rules = make_rules(edition, list(options))
    recorded = new_game(rules, 4 if edition == "revised" else 3, 7)
    unrecorded = recorded.copy()
    bots = [SimpleBot(70 + seat) for seat in range(recorded.players)]
    steps = 0
    while not recorded.over and steps < 600:
        action = choose(bots[recorded.current], recorded)
        events = apply(recorded, action)
        assert apply(unrecorded, action, record=False) == [] and unrecorded == recorded
        steps += bool(events)
    assert steps > 100
