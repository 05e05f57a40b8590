"""Codes of rules revision 3 and of revision 2 made beside them (``rules28_fixtures.py``): each loads to the same
position, writes back byte for byte and replays; the old rules replay as they were played, the new as the texts
say (issue 28: Castle Risk's hidden army at any time and in defence, the Revised win at the end of the turn)."""

import base64

import pytest

from engine import test_castle_fixtures, test_revised_fixtures
from engine.castle_fixtures import SEATS
from engine.rules28_fixtures import FIXTURES
from risk.actions import Attack, Blitz, EndTurn
from risk.codec import decode_game, decode_replay, decode_state, encode_game, encode_replay, encode_state
from risk.codec.frame import FORMATS, code_kind
from risk.events import Eliminated, GameWon
from risk.flow import flow_for
from risk.game import Game, Seat
from risk.rules import Rules, make_rules
from risk.rules.castle import AUTO_MARSHALL, BLOCK_SPY, DEFEND_HIDDEN
from risk.rules.castle.actions import SeaAttack
from risk.rules.castle.events import HiddenArmyRevealed
from risk.rules.castle.flow import ext as castle_ext
from risk.rules.revised.flow import RevisedFlow
from risk.state import Phase

CODES = {name: code for name, _, code, _ in FIXTURES}


def summary(state):
    fixtures = test_castle_fixtures if state.rules.edition == "castle" else test_revised_fixtures
    return fixtures.summary(state)


def revision_of(code: str) -> int:
    """The rules revision a code's format byte carries."""
    return FORMATS[base64.urlsafe_b64decode(code[:4])[0]][1]


def test_the_fixtures_hold_both_revisions_of_both_editions_and_every_kind():
    assert {(name.split("-")[0], revision_of(code)) for name, _, code, _ in FIXTURES} == {
        ("revised", 2), ("revised", 3), ("castle", 2), ("castle", 3)}
    assert {kind for _, kind, _, _ in FIXTURES} == {"game", "state", "replay"}
    assert all(code_kind(code) for code in CODES.values())


@pytest.mark.parametrize(("name", "kind", "code", "expected"), FIXTURES, ids=[f[0] for f in FIXTURES])
def test_revision_3_codes_and_their_old_neighbours_load_and_write_back_identically(name, kind, code, expected):
    seats = tuple(Seat(*s) for s in SEATS)
    if kind == "game":
        game = decode_game(code)
        assert game.seats == seats[: game.state.people] and encode_game(game) == code
        state = game.state
    elif kind == "state":
        state = decode_state(code)
        assert encode_state(state) == code
    else:
        game = decode_replay(code)
        assert game.seats == seats[: game.state.people]
        assert len(game.history) == expected["actions"] and game.verify() == expected["actions"]
        assert encode_replay(game) == code
        state = game.state
    assert state.rules.revision == revision_of(code)
    assert flow_for(state.rules).impossible(state) == ""
    assert summary(state) == {k: v for k, v in expected.items() if k != "actions"}


def replay_under(game: Game, rules: Rules) -> Game:
    """The same moves played again under other rules (the same seed and seats)."""
    again = Game.start(rules, game.seats, game.seed)
    for action in game.actions:
        again.play(action)
    return again


def test_an_old_revised_replay_still_wins_at_once_and_the_new_rules_would_play_on():
    """Revision 2: the elimination that brought the third objective won on the spot; the same moves under
    revision 3 leave the eliminator to move in, and the game goes on."""
    old = decode_replay(CODES["revised-rev2-elimination-wins-at-once"])
    last = old.history[-1].events
    assert any(isinstance(e, Eliminated) for e in last) and GameWon(old.state.winner) in last
    assert sum(old.state.alive) == 2  # not the last standing: the objectives won
    new = replay_under(old, make_rules("revised"))
    assert not new.state.over and new.state.phase is Phase.OCCUPY


def test_a_revised_turn_goes_on_after_the_third_objective_and_wins_at_its_end():
    """Revision 3, 000_… §6: "wins ... at the end of their turn"."""
    state = decode_state(CODES["revised-elimination-goal-met-mid-turn"])
    flow = flow_for(state.rules)
    assert isinstance(flow, RevisedFlow) and flow.meets_goal(state, state.current) and not state.over
    game = decode_replay(CODES["revised-elimination-wins-at-end-of-turn"])
    assert isinstance(game.history[-1].action, EndTurn) and GameWon(game.state.winner) in game.history[-1].events
    eliminated = max(i for i, step in enumerate(game.history) if any(isinstance(e, Eliminated) for e in step.events))
    assert not any(isinstance(e, GameWon) for step in game.history[:-1] for e in step.events)
    assert game.state_at(eliminated + 1) == state  # the position frozen beside it
    old = decode_replay(CODES["revised-rev2-elimination-wins-at-once"])
    assert game.actions[: len(old.actions)] == old.actions and game.state.winner == old.state.winner


def test_a_castle_replay_holds_a_hidden_army_in_defence_and_one_between_attacks():
    """Revision 3, 003_…: "Used only once at any time during the game to attack from, or defend, the spot"."""
    game = decode_replay(CODES["castle-hidden-army-defends-and-comes-out-between-attacks"])
    seen = set()
    for before, step in zip(game.states(), game.history):
        for e in step.events:
            if isinstance(e, HiddenArmyRevealed):
                if e.seat != before.current:
                    assert isinstance(step.action, Attack | Blitz | SeaAttack) and step.action.target == e.territory
                    seen.add("defence")
                elif castle_ext(before).attacked:
                    seen.add("between attacks")
    assert seen == {"defence", "between attacks"}
    orders = castle_ext(decode_game(CODES["castle-orders-without-the-hidden-army"]).state).orders
    assert orders[0] == AUTO_MARSHALL | BLOCK_SPY and orders[1] == AUTO_MARSHALL | BLOCK_SPY | DEFEND_HIDDEN


def test_an_old_castle_replay_keeps_its_hidden_army_hidden_when_its_site_is_attacked():
    """Revision 2: no hidden army in defence; the same moves under revision 3 bring it out."""
    old = decode_replay(CODES["castle-rev2-site-attacked-army-stays-hidden"])
    last = old.history[-1]
    assert isinstance(last.action, Attack | Blitz | SeaAttack)
    assert not any(isinstance(e, HiddenArmyRevealed) for e in last.events)
    new = replay_under(old, make_rules("castle"))
    assert any(isinstance(e, HiddenArmyRevealed) for e in new.history[-1].events)
