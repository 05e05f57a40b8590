"""Codes of Revised games, frozen (``revised_fixtures.py``): every later version must load them to the same
position and write them back byte for byte, as the classic codes of ``codec_fixtures.py`` are kept."""

import hashlib

import pytest

from engine.revised_fixtures import FIXTURES, SEATS
from risk.codec import decode_game, decode_replay, decode_state, encode_game, encode_replay, encode_state
from risk.flow import flow_for
from risk.game import Seat
from risk.rules.revised.flow import ext


def digest(state):
    """The board, the cards, the generator and the edition's part of a state, in 16 hex digits."""
    extra = ext(state)
    text = repr((state.owner, state.armies, state.hands, state.deck, state.discard, state.reserve, state.rng,
                 state.sets_traded, state.captured, state.battle_source, state.battle_target, state.battle_dice,
                 state.moves_made, state.just_eliminated, state.winner, state.alive,
                 extra.capitals, extra.cities, extra.objectives, extra.rewards, extra.holders, extra.rewarded,
                 extra.airfields, extra.start_owned, extra.claimed, extra.traded, extra.attacked, extra.starting_used))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def summary(state):
    return {"options": list(state.rules.options), "phase": state.phase.name.lower(), "current": state.current,
            "turn": state.turn, "digest": digest(state)}


def test_the_fixtures_cover_the_phases_and_options_of_the_edition():
    """Capitals, claims, the rest placed one at a time, a draft after a trade, attacks with rewards held, the
    move-in after an elimination, a maneuver, the end; Basic Training and World Conquest; all three kinds."""
    assert {e["phase"] for _, _, _, e in FIXTURES} == {
        "capital", "claim", "setup", "reinforce", "attack", "occupy", "fortify", "over"}
    assert {tuple(e["options"]) for _, _, _, e in FIXTURES} == {(), ("basic-training",), ("world-conquest",)}
    assert {kind for _, kind, _, _ in FIXTURES} == {"game", "state", "replay"}


@pytest.mark.parametrize(("name", "kind", "code", "expected"), FIXTURES, ids=[f[0] for f in FIXTURES])
def test_revised_codes_still_load_and_write_back_identically(name, kind, code, expected):
    """Links and saves of Revised games already shared must keep working in every later version."""
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
