"""Codes of Castle Risk games, frozen (``castle_fixtures.py``): every later version must load them to the same
position and write them back byte for byte, as the classic and Revised codes are kept."""

import hashlib

import pytest

from castle_scenario import cards, castle_position, played, scripted_rng, tid
from engine.castle_fixtures import FIXTURES, SEATS
from risk.actions import Attack
from risk.codec import decode_game, decode_replay, decode_state, encode_game, encode_replay, encode_state
from risk.dice import DiceModel
from risk.flow import flow_for
from risk.game import Seat
from risk.rules.castle import ADMIRAL, MARSHALL, SPY
from risk.rules.castle.actions import PlaySpy
from risk.rules.castle.flow import ext


def digest(state):
    """The board, the cards, the generator and the edition's part of a state, in 16 hex digits."""
    extra = ext(state)
    text = repr((state.owner, state.armies, state.hands, state.deck, state.discard, state.set_aside, state.reserve,
                 state.rng, state.quota_own, state.captured, state.battle_source, state.battle_target,
                 state.battle_dice, state.just_eliminated, state.winner, state.alive, state.first_player,
                 extra.empires, extra.castles, extra.chips, extra.hidden, extra.track, extra.general, extra.marshalls,
                 extra.orders, extra.truces, extra.attacked, extra.spied, extra.spier, extra.seen, extra.spy_card))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def summary(state):
    return {"people": state.people, "phase": state.phase.name.lower(), "current": state.current, "turn": state.turn,
            "digest": digest(state)}


def test_the_fixtures_cover_every_phase_and_player_count_of_the_edition():
    """Castles, claims, the fives, the hidden armies, Reinforcements placed, attacks (a truce, a General, a
    Marshall in play), a move-in after a castle fell, a Spy's look, the spoils, the end; 2 to 6 players; all
    three kinds of code."""
    assert {e["phase"] for _, _, _, e in FIXTURES} == {
        "castle", "claim", "setup", "hiding", "reinforce", "attack", "occupy", "spy", "spoils", "over"}
    assert {e["people"] for _, _, _, e in FIXTURES} == {2, 3, 4, 5, 6}
    assert {kind for _, kind, _, _ in FIXTURES} == {"game", "state", "replay"}


@pytest.mark.parametrize(("name", "kind", "code", "expected"), FIXTURES, ids=[f[0] for f in FIXTURES])
def test_castle_codes_still_load_and_write_back_identically(name, kind, code, expected):
    """Links and saves of Castle games already shared must keep working in every later version."""
    seats = tuple(Seat(*s) for s in SEATS)
    if kind == "game":
        game = decode_game(code)
        assert game.seats == seats[: game.state.people]
        assert encode_game(game) == code
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
    assert flow_for(state.rules).impossible(state) == ""
    assert summary(state) == {k: v for k, v in expected.items() if k != "actions"}


def test_a_spys_look_past_a_marshall_in_play_travels_in_a_link():
    """The look shows the hand less the Marshall in play (docs/rules.md); the code writes neither, the decoder
    gives both back from the hands and the Marshalls."""
    state = castle_position(default_owner=2, owners={"london": 0, "yorkshire": 0, "scotland": 1, "paris": 1},
                            armies={"yorkshire": 6, "scotland": 5},
                            hands={0: cards(SPY, 1), 1: [*cards(MARSHALL, 1), *cards(ADMIRAL, 1)]})
    state.rng = scripted_rng([(DiceModel(defend_plus=1), 1, 2, ((1,), (1, 1)))])
    played(state, Attack(tid("yorkshire"), tid("scotland"), 1))
    played(state, PlaySpy(cards(SPY)[0], 1))
    assert ext(state).seen == tuple(cards(ADMIRAL, 1)) and ext(state).marshalls[1] == cards(MARSHALL)[0]
    assert decode_state(encode_state(state)) == state
