"""Links and saves of games on other boards than their edition's (issue 24): the code names the board
(generated worlds by version, seed, size and continents; imported boards by content hash and name; shipped
ones by index), round-trips, costs a few characters, and a receiver without an imported board is told which map
to import. Codes made before carry no board and still decode as they did (``test_codec.py``'s fixtures);
frozen codes of games on other boards are in ``board_link_fixtures.py``."""

from __future__ import annotations

import hashlib
from dataclasses import replace

import pytest

from engine.board_link_fixtures import FIXTURES, SEATS, imported_board
from risk import codec
from risk.ai import choose, make_bot
from risk.board import forget_board, register_board
from risk.codec import BoardNotHeld, UnknownVersion, decode_game, decode_replay, decode_share, encode_game
from risk.game import Game, Seat
from risk.rules import make_rules
from risk.state import Phase


def digest(state) -> str:
    text = repr((state.owner, state.armies, state.hands, state.deck, state.discard, state.set_aside, state.reserve,
                 state.headquarters, state.rng))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def summary(state) -> dict[str, object]:
    return {"map": state.rules.map, "phase": state.phase.name.lower(), "current": state.current, "turn": state.turn,
            "digest": digest(state)}


def played(rules, people: int, actions: int, seed: int) -> Game:
    game = Game.start(rules, [Seat(*s) for s in SEATS[:people]], seed=seed)
    bots = [make_bot("normal", 3 + s) for s in range(game.state.players)]
    for _ in range(actions):
        if game.state.phase is Phase.OVER:
            break
        game.play(choose(bots[game.state.current], game.state))
    return game


@pytest.mark.parametrize(("name", "kind", "code", "expected"), FIXTURES, ids=[f[0] for f in FIXTURES])
def test_frozen_codes_of_games_on_other_boards_still_load(name: str, kind: str, code: str,
                                                           expected: dict[str, object]) -> None:
    register_board(imported_board())
    if kind == "game":
        game = decode_game(code)
        assert encode_game(game) == code
    elif kind == "share":
        game, why = decode_share(code)
        assert why == "" and codec.encode_share(game) == code
    else:
        game = decode_replay(code)
        assert codec.encode_replay(game) == code
    assert summary(game.state) == expected


def test_a_game_on_a_generated_world_round_trips_and_its_board_costs_8_characters() -> None:
    classic = played(make_rules("classic"), 3, 0, 7)
    world = played(replace(make_rules("classic"), map="generated:1:48213:medium:5"), 3, 0, 7)
    assert len(encode_game(world)) - len(encode_game(classic)) <= 8  # measured: 51 and 59 characters
    for actions in (40, 150):
        game = played(replace(make_rules("classic", ["auto-setup"]), map="generated:1:4294967295:large:8"), 4,
                      actions, 3)
        back = decode_game(encode_game(game))
        assert back.state == game.state and back.rules.map == "generated:1:4294967295:large:8"
        shared, why = decode_share(codec.encode_share(game))
        assert why == "" and shared.state == game.state


def test_a_link_to_an_imported_board_tells_a_receiver_without_it_which_map_to_import() -> None:
    data = {**imported_board(), "id": "imported-other", "name": "Ørkney Ísles"}
    ref = register_board(data)
    game = played(replace(make_rules("classic"), map=ref), 3, 30, 5)
    code = encode_game(game)
    forget_board(ref)  # a fresh browser
    with pytest.raises(BoardNotHeld) as missing:
        decode_game(code)
    assert missing.value.ref == ref and missing.value.name == "Ørkney Ísles"
    assert "Ørkney Ísles" in str(missing.value) and str(missing.value).endswith(".")
    assert register_board(data) == ref  # imported: the game opens
    assert decode_game(code).state == game.state


def test_a_game_on_another_shipped_board_names_it_and_a_newer_world_version_is_refused(monkeypatch) -> None:
    game = played(replace(make_rules("classic"), map="castle"), 3, 20, 1)
    back = decode_game(encode_game(game))
    assert back.rules.map == "castle" and back.state == game.state
    code = encode_game(played(replace(make_rules("classic"), map="generated:1:5:small:3"), 3, 0, 2))
    import risk.worldgen.generator as generator

    monkeypatch.setattr(generator, "VERSIONS", ())  # as an older game, which knows no generator version 1
    with pytest.raises(UnknownVersion, match="newer version"):
        decode_game(code)
