"""Boards by reference (issue 24, part 4 in the engine): a shipped name, ``generated:V:SEED:SIZE:K`` and
``imported:HASH`` all load; an imported board nobody registered raises MissingBoard with its hash; starting
armies and the deck follow the board; the command line makes, prints and plays any board (bots finishing their
games on generated worlds, the invariants checked after every action: test_bot_stalls.py).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from risk.board import MissingBoard, board_file, board_from_dict, forget_board, load_board, register_board
from risk.boardfile import content_hash, validate
from risk.cli import board_ref, main
from risk.deck import deck_for
from risk.engine import new_game
from risk.rules import make_rules
from risk.worldgen.generator import generate, reference


def test_a_generated_reference_loads_the_generated_world() -> None:
    ref = "generated:1:48213:medium:5"
    board = load_board(ref)
    assert board is load_board(ref)  # made once
    assert board == board_from_dict(generate(48213, "medium", 5, drawing=False))
    data = board_file(ref)
    validate(data)
    assert "drawing" in data and data["id"] == "generated-1-48213-medium-5"
    for bad in ("generated:1:48213:huge:5", "generated:9:1:small:3", "atlantis"):
        with pytest.raises(ValueError):
            load_board(bad)


def test_an_imported_board_loads_once_registered_and_is_missing_before() -> None:
    data = generate(77, "small", 3)
    data = {**data, "id": "imported-test", "name": "Test isles"}
    ref = "imported:" + content_hash(data)
    forget_board(ref)  # a fresh browser (another test may have registered the same board)
    with pytest.raises(MissingBoard) as missing:
        load_board(ref)
    assert missing.value.hash == content_hash(data) and isinstance(missing.value, ValueError)
    assert register_board(data) == ref
    assert load_board(ref).name == "Test isles" and board_file(ref) is data
    forget_board(ref)


def test_starting_armies_scale_with_the_board_and_the_classic_board_keeps_the_rulebook() -> None:
    classic = make_rules("classic")
    assert [classic.starting_armies_for(n) for n in range(2, 7)] == [40, 35, 30, 25, 20]
    small = replace(classic, map=reference(5, "small", 4))
    size = load_board(small.map).size
    for people in range(2, 7):
        figure = make_rules("classic").starting_armies_for(people)
        got = small.starting_armies_for(people)
        assert got == max((2 * figure * size + 42) // (2 * 42), -(-size // (people + (people == 2))) + 1)
        state = new_game(small, people, 1)
        assert sum(state.reserve) + sum(state.armies) == got * state.players
    large = replace(classic, map=reference(5, "large", 6))
    assert large.starting_armies_for(3) > 35 > small.starting_armies_for(3)


def test_the_deck_of_a_generated_world_is_one_card_a_territory_and_two_wilds() -> None:
    rules = replace(make_rules("classic"), map=reference(9, "medium", 6))
    deck = deck_for(rules)
    board = load_board(rules.map)
    assert len(deck) == board.size + 2 and deck.territories[:board.size] == tuple(range(board.size))
    kinds = [deck.kind_name(c) for c in range(board.size)]
    assert max(map(kinds.count, ("infantry", "cavalry", "artillery"))) - min(
        map(kinds.count, ("infantry", "cavalry", "artillery"))) <= 1


def test_board_references_on_the_command_line(tmp_path, capsys) -> None:
    assert board_ref("classic") == "classic"
    assert board_ref("generated:48213") == reference(48213, "medium")
    assert board_ref("generated:48213:small:4") == "generated:1:48213:small:4"
    assert board_ref("generated:1:48213:small:4") == "generated:1:48213:small:4"
    for bad in ("generated:x", "generated:1:small:4:5:6", "nowhere"):
        with pytest.raises(ValueError):
            board_ref(bad)
    out = tmp_path / "world.json"
    assert main(["map", "generate", "--seed", "48213", "--size", "small", "--continents", "4", "--json",
                 "--out", str(out)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["ref"] == "generated:1:48213:small:4" and len(printed["territories"]) == 20
    assert main(["map", "generate", "--seed", "48213", "--size", "small", "--continents", "4", "--json",
                 "--out", str(out)]) == 0
    assert json.loads(capsys.readouterr().out) == printed  # same arguments, same output
    assert json.loads(out.read_text()) == generate(48213, "small", 4)
    assert main(["map", str(out), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["ref"] == "imported:" + content_hash(generate(48213, "small", 4))
    assert again["territories"] == printed["territories"] and again["continents"] == printed["continents"]
    assert main(["selfplay", "--board", "generated:3:small", "--games", "2", "--players", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main(["tournament", "--board", str(out), "--games", "2", "--players", "2", "--bots", "easy,hard",
                 "--json"]) == 0
    assert sum(json.loads(capsys.readouterr().out)["wins"]) <= 2
    assert main(["map", "generate", "--seed", "-1"]) == 2
