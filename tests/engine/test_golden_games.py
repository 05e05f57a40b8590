"""The golden classic games (``golden_games.json``, recorded by the engine of commit 55595f0) replay
identically: every action, every die and card, the final link and the replay code, byte for byte."""

from __future__ import annotations

import json

import pytest

from engine.golden_games import GOLDEN_FILE, game_facts
from risk.codec import decode_game, decode_replay, encode_game, encode_replay

GAMES = json.loads(GOLDEN_FILE.read_text())


def test_the_golden_file_covers_every_edition_and_option_of_the_classic_family():
    from scenario import EDITION_OPTIONS

    recorded = {(g["edition"], tuple(g["options"])) for g in GAMES}
    assert recorded == {(e, tuple(o)) for e, o in EDITION_OPTIONS}
    assert sum(g["length"] for g in GAMES) > 30_000


@pytest.mark.parametrize("entry", GAMES, ids=lambda g: f"{g['edition']}-{'+'.join(g['options'])}-{g['people']}")
def test_a_golden_game_replays_to_the_same_actions_events_and_codes(entry):
    game = decode_replay(entry["replay"])
    assert (game.rules.edition, list(game.rules.options), len(game.seats), game.seed) == (
        entry["edition"], sorted(entry["options"]), entry["people"], entry["seed"])
    assert len(game.history) == entry["length"]
    assert game_facts(game) == {"actions": entry["actions"], "events": entry["events"]}
    assert encode_replay(game) == entry["replay"]
    assert encode_game(game) == entry["final"]
    assert decode_game(entry["final"]).state == game.state
