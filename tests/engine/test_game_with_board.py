"""The game-with-board file (docs/boards.md, "A game with its board"): what "Send with the board" writes, one file with
a game's replay code and the whole board file it is played on. The frozen file ``game_with_board_v1.json`` (written
by the first version, never edited) must keep reading, its board to the same reference and its game to the same
moment; damaged or newer files are refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.board_link_fixtures import imported_board
from engine.test_board_codes import summary
from risk.board import forget_board, register_board
from risk.boardfile import BoardFileError, game_with_board, is_game_with_board, read_game_with_board
from risk.codec import decode_replay, encode_replay

FROZEN = Path(__file__).resolve().parent / "game_with_board_v1.json"


def test_the_frozen_game_with_board_file_still_reads_to_the_same_map_and_moment() -> None:
    data = json.loads(FROZEN.read_text(encoding="utf-8"))
    assert is_game_with_board(data)
    code, board = read_game_with_board(data)
    assert board == imported_board()  # the generator's output is frozen too (board_link_fixtures)
    ref = register_board(board)
    try:
        game = decode_replay(code)
        assert ref == "imported:24502a346f69bf89" and len(game.history) == 40
        assert summary(game.state) == {"map": ref, "phase": "attack", "current": 2, "turn": 8,
                                       "digest": "6891761e54f21b7b"}
        assert encode_replay(game) == code and game_with_board(code, board) == FROZEN.read_text(encoding="utf-8")
    finally:
        forget_board(ref)


@pytest.mark.parametrize(("change", "said"), [
    ({"version": 2}, "the file: made by a newer version of the game (version 2; this version reads 1)"),
    ({"version": "1"}, "the file: version must be a whole number (1), not \"1\""),
    ({"game": ""}, "the file: game: the game's code is missing"),
    ({"board": []}, "the file: board: must be a board file (a JSON object), not a list"),
    ({"board": {"format": 1, "id": "x", "name": "Bad"}}, 'the board "Bad": continents: must be a list, not null'),
    ({"kind": "something else"}, "the file: not a game with its board"),
])
def test_a_damaged_or_newer_game_with_board_file_is_refused_by_name(change: dict[str, object], said: str) -> None:
    data = {**json.loads(FROZEN.read_text(encoding="utf-8")), **change}
    with pytest.raises(BoardFileError) as refused:
        read_game_with_board(data)
    assert str(refused.value) == said
