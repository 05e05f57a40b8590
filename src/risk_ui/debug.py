"""Test hooks: digests of game states, to check the page's Pyodide against CPython.

With ``?debug=1`` the page puts :func:`selfplay_digest` (simple bots, or the hard ones, whose choices
weigh floats) on ``window.riskSelfplayDigest`` and :func:`state_digest` of its current game on
``window.riskStateDigest``; the end-to-end tests call them and compare with the same functions run here
in CPython. :func:`bot_turn_times` and
:func:`share_link_times` give ``build.py bench`` its figures from inside the page.

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
    facts = (state.owner, state.armies, state.hands, state.turn, state.phase.name, state.winner, state.rng)
    return hashlib.sha256(repr(facts).encode()).hexdigest()


def selfplay_digest(seed: int, people: int = 4, level: str = "", actions: int = 0) -> str:
    """Self-play one classic game and digest its final state: between simple bots by default, or, with
    ``level``, between bots of that level (``risk.ai.make_bot``; "hard" weighs its choices in floats) dealt
    at random, stopping after ``actions`` actions if that is above 0."""
    if not level:
        return state_digest(play_game(make_rules("classic"), int(people), int(seed)).final)
    from risk.ai import make_bot
    from risk.engine import apply, new_game

    state = new_game(make_rules("classic", ["auto-setup"]), int(people), int(seed))
    bots = [make_bot(str(level), int(seed) * 31 + seat) for seat in range(state.players)]
    played = 0
    while not state.over and (played < int(actions) or int(actions) <= 0):
        apply(state, bots[state.current].choose(state))
        played += 1
    return state_digest(state)


def bot_turn_times(level: str, seed: int = 1, turns: int = 60) -> str:
    """Thinking time of a bot per turn, in ms (JSON: median, p95, turns), over the first ``turns`` turns of
    a 3-player classic game it plays against two normal bots. Used by ``build.py bench`` in the page."""
    import json
    import statistics
    import time

    from risk.ai import make_bot
    from risk.engine import apply, new_game

    state = new_game(make_rules("classic", ["auto-setup"]), 3, int(seed))
    bots = [make_bot(str(level), int(seed)), make_bot("normal", int(seed) + 1), make_bot("normal", int(seed) + 2)]
    spent: dict[int, float] = {}
    while not state.over and state.turn <= int(turns):
        seat, turn = state.current, state.turn
        started = time.perf_counter()
        action = bots[seat].choose(state)
        if seat == 0:
            spent[turn] = spent.get(turn, 0.0) + time.perf_counter() - started
        apply(state, action)
    times = sorted(1000 * t for t in spent.values())
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    return json.dumps({"turns": len(times), "median_ms": round(statistics.median(times), 2) if times else 0.0,
                       "p95_ms": round(p95, 2)})


def share_link_times(people: int = 6, seed: int = 1) -> str:
    """Make and open the "Send this turn" link of a whole self-played classic game, in ms (JSON: actions,
    chars, make_ms, open_ms). Used by ``build.py bench`` in the page."""
    import json
    import time

    from risk.ai.simple import SimpleBot
    from risk.codec import ReplayCoder, decode_share, encode_share
    from risk.game import Game, Seat

    game = Game.start(make_rules("classic"), [Seat(f"P{i}", i) for i in range(int(people))], int(seed))
    bots = [SimpleBot(int(seed) * 7919 + s) for s in range(game.state.players)]
    while not game.state.over:
        game.play(bots[game.state.current].choose(game.state))
    started = time.perf_counter()
    code = encode_share(game)
    made = time.perf_counter()
    opened, problem = decode_share(code)
    done = time.perf_counter()
    if problem or opened.history != game.history:
        raise ValueError("the link did not open to the same game")
    # The address after every action: the replay code kept up by a ReplayCoder, as the page does.
    again = Game(game.rules, game.seats, game.seed, game.initial, game.initial.copy())
    coder = ReplayCoder(again)
    times = []
    for step in game.history:
        again.history.append(step)
        began = time.perf_counter()
        coder.code()
        times.append(1000 * (time.perf_counter() - began))
    times.sort()
    return json.dumps({"actions": len(game.history), "chars": len(code), "make_ms": round(1000 * (made - started), 1),
                       "open_ms": round(1000 * (done - made), 1),
                       "address_median_ms": round(times[len(times) // 2], 2), "address_max_ms": round(times[-1], 2)})
