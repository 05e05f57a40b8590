"""Whole games between bots, for benchmarks, invariant checks and tournaments."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from risk.actions import Action
from risk.ai import Bot, choose, knows_rules
from risk.ai.simple import SimpleBot
from risk.deck import deck_for
from risk.engine import new_game
from risk.events import Event
from risk.flow import UNRECORDED, Flow, flow_for
from risk.missions import completed, mission_of
from risk.rules import Rules
from risk.state import GameState, Phase

MAX_TURNS = 5000


class InvariantBroken(AssertionError):
    """A game reached a state the rules cannot produce."""


def check_invariants(state: GameState) -> None:
    """Cheap whole-state checks: armies on every territory, live owners, every card somewhere."""
    board = state.board
    if state.turn > 0:
        # Between a capture and the move-in the captured territory is empty for a moment.
        moving_in = state.battle_target if state.phase is Phase.OCCUPY else -1
        for t, (owner, armies) in enumerate(zip(state.owner, state.armies)):
            if owner < 0 or (armies < 1 and t != moving_in) or not state.alive[owner]:
                raise InvariantBroken(f"{board.territories[t].id}: owner {owner}, {armies} armies")
            if state.rules.army_cap and armies > state.rules.army_cap:
                raise InvariantBroken(f"{board.territories[t].id}: {armies} armies over the cap")
    cards = sorted(state.deck + state.discard + state.set_aside + [c for h in state.hands for c in h])
    if cards != list(range(len(deck_for(state.rules)))):
        raise InvariantBroken(f"cards lost or doubled: {cards}")
    if state.rules.secret_missions:  # one mission each, and a game over only when it has a winner by the rules
        problem = flow_for(state.rules).winner_problem(state)
        if problem:
            raise InvariantBroken(problem)


@dataclass(frozen=True)
class GameResult:
    """How one self-played game ended."""

    winner: int
    turns: int
    actions: int
    final: GameState


def play_game(
    rules: Rules, people: int, seed: int, bots: Sequence[Bot] | None = None, *, max_turns: int = MAX_TURNS,
    on_action: Callable[[GameState], None] | None = None,
    on_step: Callable[[GameState, Action, list[Event]], None] | None = None,
) -> GameResult:
    """Play one game to the end with unchecked actions; raise if it breaks an invariant or never ends."""
    state = new_game(rules, people, seed)
    players: Sequence[Bot] = bots or [SimpleBot(seed * 7919 + seat) for seat in range(state.players)]
    actions = 0
    flow = flow_for(rules)
    # Bots that know the rules are asked directly (risk.ai.choose would only hand their choice back), each
    # action's effect is found once per action (what Flow.apply does, without the calls around it).
    choosers: list[Callable[[GameState], Action]] = [
        bot.choose if knows_rules(bot, rules) else partial(choose, bot) for bot in players]
    # (Not with secret missions: Flow.apply checks them after each effect.)
    effects = flow.effects if type(flow).apply is Flow.apply and not rules.secret_missions else None
    # What happened is built only for on_step; without it nothing reads the events.
    record = on_step is not None
    over = Phase.OVER
    if effects is not None and on_action is None and on_step is None:
        # Self-play as benches and tournaments run it: nothing to call back, nothing recorded.
        occupying = Phase.OCCUPY
        # A capture leaves the same player to move in: a bot that knows the rules and makes that whole choice in
        # a method of its own (``move_in(state)``, SimpleBot's) is asked it at once, without a turn of the loop
        # and choose()'s look at the phase (a turn has some 7 captures). The same action as choose() gives.
        move_ins: list[Callable[[GameState], Action] | None] = [
            getattr(bot, "move_in", None) if knows_rules(bot, rules) else None for bot in players]
        while state.phase is not over:
            action = choosers[state.current](state)
            effects[type(action)](state, action, UNRECORDED)
            actions += 1
            if state.phase is occupying:
                move_in = move_ins[state.current]
                if move_in is not None:
                    action = move_in(state)
                    effects[type(action)](state, action, UNRECORDED)
                    actions += 1
            if state.turn > max_turns:
                raise InvariantBroken(f"seed {seed}: no winner after {max_turns} turns")
    while state.phase is not over:
        action = choosers[state.current](state)
        if effects is None:
            events = flow.apply(state, action)
        else:
            events = [] if record else UNRECORDED
            effects[type(action)](state, action, events)
        actions += 1
        if on_action is not None:
            on_action(state)
        if on_step is not None:
            on_step(state, action, events)
        if state.turn > max_turns:
            raise InvariantBroken(f"seed {seed}: no winner after {max_turns} turns")
    check_invariants(state)
    return GameResult(state.winner, state.turn, actions, state)


def selfplay(rules: Rules, people: int, games: int, seed: int, *, record: bool = False) -> dict[str, object]:
    """Play ``games`` games between simple bots and report speed and wins per seat.

    ``record`` builds every action's events as a recorded game does (self-play needs none); ``cpu_seconds`` is
    this process's CPU time, which other work on a shared machine does not inflate.
    """
    wins = [0] * people
    turns = 0
    won_by: dict[str, int] = {}  # with secret missions: how each game was won (the winner's mission, in words)
    on_step = _ignore if record else None
    started, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        result = play_game(rules, people, seed + i, on_step=on_step)
        wins[result.winner] += 1
        turns += result.turns
        if rules.secret_missions:
            final = result.final
            how = f"mission: {mission_of(final, result.winner)}" if completed(final, result.winner) else "conquest"
            won_by[how] = won_by.get(how, 0) + 1
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu
    return {
        "games": games,
        "seconds": round(seconds, 4),
        "cpu_seconds": round(cpu, 4),
        "turns": turns,
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "turns_per_second": round(turns / seconds, 1) if seconds else None,
        "mean_turns": round(turns / games, 2) if games else None,
        "wins": wins,
        **({"won_by": dict(sorted(won_by.items(), key=lambda item: (-item[1], item[0])))} if won_by else {}),
    }


def _ignore(state: GameState, action: Action, events: list[Event]) -> None:
    """An on_step that reads nothing (so that every action's events are built)."""
