"""Castle Risk played through: seeded games of random legal actions at 2 to 6 players keep every invariant
after every action, end with one castle holder, and every state travels in a link and back."""

from __future__ import annotations

import pytest

from risk import rng
from risk.actions import Attack, Blitz, EndTurn
from risk.ai.random_bot import pick_any
from risk.codec import decode_game, decode_replay, encode_game, encode_replay
from risk.deck import deck_for
from risk.engine import legal_actions
from risk.events import BattleFought, Eliminated
from risk.flow import flow_for
from risk.game import Game, Seat
from risk.rules import make_rules
from risk.rules.castle import REINFORCEMENT
from risk.rules.castle.actions import PlayGeneral, PlayReinforcement, PlaySpy, RevealHiddenArmy, SeaAttack
from risk.rules.castle.events import (
    CastleCaptured,
    HiddenArmyRevealed,
    ReinforcementPlayed,
    SpoilsCollected,
    TakenOver,
)
from risk.rules.castle.flow import ext
from risk.state import Phase

EAGER = (Attack, Blitz, SeaAttack, PlayReinforcement, RevealHiddenArmy, PlaySpy, PlayGeneral)


def _armies(state) -> int:
    return sum(state.armies) + sum(state.reserve)


def play(people: int, seed: int, check_codes: bool) -> Game:
    rules = make_rules("castle")
    game = Game.start(rules, [Seat(f"Player {i + 1}", i) for i in range(people)], seed)
    flow, deck = flow_for(rules), deck_for(rules)
    chooser = rng.seed_state(seed)

    def below(n: int) -> int:
        nonlocal chooser
        chooser, value = rng.below(chooser, n)
        return value

    steps = 0
    track: list[int] = []
    while not game.state.over:
        choices = legal_actions(game.state)
        assert choices, game.state.phase
        if game.state.phase is Phase.ATTACK:  # lean to action, so that games end
            eager = [c for c in choices if isinstance(c.action, EAGER)]
            if eager and below(10) < 6:
                choices = eager
            elif below(10) < 6:
                choices = [c for c in choices if not isinstance(c.action, EndTurn)] or choices
        before = _armies(game.state)
        events = game.play(pick_any(choices, below))
        state = game.state
        steps += 1
        # Armies come from Reinforcements, hidden armies, spoils and (a few) a take-over; they go in battle.
        income = ReinforcementPlayed | SpoilsCollected | HiddenArmyRevealed
        gained = sum(e.armies for e in events if isinstance(e, income))
        lost = sum(e.attacker_losses + e.defender_losses for e in events if isinstance(e, BattleFought))
        taken = [e for e in events if isinstance(e, TakenOver)]
        if not taken:
            assert _armies(state) == before + gained - lost, events
        assert flow.impossible(state) == "", flow.impossible(state)
        cards = sorted(state.deck + state.discard + state.set_aside + [c for h in state.hands for c in h])
        assert cards == list(range(48))
        # A Reinforcement played stays on the track (one a Spy discards leaves the game too): never among the
        # discards, so never shuffled back into the deck.
        assert all(deck.kinds[c] != REINFORCEMENT for c in state.discard) and state.set_aside[:len(track)] == track
        track = state.set_aside[:]
        for e in events:
            if isinstance(e, CastleCaptured):  # the castle's fall is the owner's end, at once
                assert not state.alive[e.seat] and any(isinstance(x, Eliminated) and x.seat == e.seat for x in events)
        if check_codes and steps % 5 == 0:
            assert decode_game(encode_game(game)).state == state
    holders = [p for p in range(game.state.players) if ext(game.state).castles[p] >= 0]
    assert holders == [game.state.winner] and game.state.alive.count(True) == 1
    return game


@pytest.mark.parametrize("people", [2, 3, 4, 5, 6])
def test_seeded_castle_games_keep_every_invariant_and_end_with_one_castle(people):
    for seed in range(12):
        game = play(people, seed, check_codes=seed < 3)
        if seed < 2:
            back = decode_replay(encode_replay(game))
            assert back.history == game.history and back.state == game.state
