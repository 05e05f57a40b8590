"""Continuations: a link carries the present and only the moves its receiver has not seen; applied to the
receiver's own copy of the game it gives exactly the sender's game, history included; without it, the present."""

from __future__ import annotations

import statistics

import pytest

from risk.ai.simple import SimpleBot
from risk.codec import (
    SHARE_SEPARATOR,
    BaseMismatch,
    ForeignCode,
    decode_continuation,
    decode_share,
    encode_continuation,
    encode_game,
    encode_replay,
    encode_share,
)
from risk.game import Game, Seat
from risk.rules import make_rules

SEATS = (Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2))


def played(actions: int, seed: int = 5, rules: str = "classic") -> Game:
    game = Game.start(make_rules(rules, ["auto-setup"] if rules == "classic" else []), SEATS, seed)
    bots = [SimpleBot(seed + s) for s in range(game.state.players)]
    while len(game.history) < actions and not game.state.over:
        game.play(bots[game.state.current].choose(game.state))
    return game


def copy_until(game: Game, actions: int) -> Game:
    """The game as another browser holds it: the same record up to ``actions``."""
    return Game(game.rules, game.seats, game.seed, game.initial, game.state_at(actions), list(game.history[:actions]))


@pytest.mark.parametrize("rules", ["classic", "revised"])
def test_a_continuation_on_the_receivers_copy_gives_the_senders_whole_game(rules):
    game = played(180, rules=rules)
    for since in (1, 60, 179):
        code = encode_continuation(game, since)
        back = decode_continuation(code, copy_until(game, since))
        assert back.history == game.history and back.state == game.state and back.initial == game.initial
        # A copy that went further (it is the sender's own) carries on just as well.
        assert decode_continuation(code, game).history == game.history


def test_a_continuation_refuses_a_copy_that_is_not_its_game_or_not_at_its_moment():
    game = played(120)
    code = encode_continuation(game, 80)
    with pytest.raises(BaseMismatch, match="does not hold"):
        decode_continuation(code, copy_until(game, 50))  # stopped before the moment
    other = played(120, seed=6)
    with pytest.raises(BaseMismatch, match="another game"):
        decode_continuation(code, other)
    with pytest.raises(ForeignCode, match="continuation, not a replay"):
        from risk.codec import decode_replay

        decode_replay(code)


def test_a_share_link_with_a_continuation_opens_whole_with_the_copy_and_at_its_present_without():
    game = played(150)
    code = encode_share(game, since=100)
    assert SHARE_SEPARATOR in code and code.startswith(encode_game(game))
    whole, said = decode_share(code, lambda present: copy_until(game, 100))
    assert said == "" and whole.history == game.history
    bare, said = decode_share(code, lambda present: None)
    assert bare.state == game.state and not bare.history and "the replay starts now" in said
    mismatched, said = decode_share(code, lambda present: copy_until(game, 30))
    assert not mismatched.history and "does not hold" in said


def test_links_passed_round_a_three_player_table_stay_short():
    """Each player sends the moves since the next player last had the game (its own last move): the median
    link of a game passed round the table is well under 400 characters, never over 2,000."""
    lengths, whole = [], []
    for seed in range(6):
        game = played(10_000, seed=seed)
        last_move: dict[int, int] = {}
        state = game.initial.copy()
        from risk.engine import apply
        from risk.events import TurnStarted

        for index, step in enumerate(game.history):
            actor = state.current
            apply(state, step.action)
            last_move[actor] = index + 1
            if any(isinstance(e, TurnStarted) for e in step.events) and state.turn > 3:
                receiver = state.current
                since = last_move.get(receiver, 0)
                sent = copy_until(game, index + 1)
                lengths.append(len(encode_share(sent, since=since)))
                if index % 25 == 0:
                    whole.append(len(encode_share(sent)))
    assert statistics.median(lengths) <= 400 and max(lengths) <= 2_000
    assert statistics.median(lengths) < statistics.median(whole) / 3
    assert len(encode_replay(played(50))) > 0
