"""Test hooks: digests of game states, to check the page's Pyodide against CPython.

With ``?debug=1`` the page puts :func:`selfplay_digest` on ``window.riskSelfplayDigest`` and
:func:`state_digest` of its current game on ``window.riskStateDigest``; the end-to-end tests call them
and compare with the same functions run here in CPython.

>>> len(selfplay_digest(1))
64
"""

from __future__ import annotations

import hashlib

from risk.rules import make_rules
from risk.selfplay import play_game
from risk.state import GameState


def state_digest(state: GameState) -> str:
    """sha256 of the public facts of a state: owners, armies, hands, turn, phase, winner, generator."""
    facts = (state.owner, state.armies, state.hands, state.turn, int(state.phase), state.winner, state.rng)
    return hashlib.sha256(repr(facts).encode()).hexdigest()


def selfplay_digest(seed: int, people: int = 4) -> str:
    """Self-play one classic game between simple bots and digest its final state."""
    result = play_game(make_rules("classic"), int(people), int(seed))
    return state_digest(result.final)
