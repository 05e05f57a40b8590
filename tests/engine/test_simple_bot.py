"""The simple bot's shortcuts choose exactly what its plain rules of thumb choose.

The bot keeps its survey of attacks between calls and looks again only where the board changed; these tests
play whole games beside a reference bot that surveys the whole board from scratch before every attack (the
bot's code before the survey was kept) and require the same action at every step, in every edition, with
one bot per seat, one bot for every seat, and on copies of the state (the checked path).
"""

from __future__ import annotations

import pytest

from risk.actions import Action, Blitz, EndTurn, Fortify, Place
from risk.ai import choose
from risk.ai.simple import SimpleBot
from risk.engine import apply, new_game, play, reachable, tradable_sets, trade
from risk.rules import make_rules
from risk.selfplay import play_game
from risk.state import GameState, Phase
from scenario import ALL_EDITION_OPTIONS


class ReferenceBot(SimpleBot):
    """The simple bot as it was written first: its attack chosen by surveying every attack in board order
    every time, its setup placements, reinforcement and free move by plain list comprehensions."""

    def _fronts(self, state: GameState, seat: int) -> list[int]:
        owner, neighbours = state.owner, state.board.neighbours
        return [t for t, o in enumerate(owner) if o == seat and any(owner[n] != seat for n in neighbours[t])]

    def _setup(self, state: GameState) -> Action:
        seat = state.current
        if state.quota_own:
            options = [t for t in self._fronts(state, seat) if self._room(state, t) > 0]
            options = options or [t for t in state.territories_of(seat) if self._room(state, t) > 0]
            return Place(self._pick(options), 1)
        neutral = [t for t, o in enumerate(state.owner) if o == state.neutral and self._room(state, t) > 0]
        return Place(self._pick(neutral), 1)

    def _reinforce(self, state: GameState) -> Action:
        seat = state.current
        sets = tradable_sets(state)
        if sets:
            return trade(state, sets[0])
        armies, owner, neighbours = state.armies, state.owner, state.board.neighbours
        best, best_score = -1, -(1 << 30)
        for t in self._fronts(state, seat):
            if self._room(state, t) <= 0:
                continue
            weakest = min(armies[n] for n in neighbours[t] if owner[n] != seat)
            score = armies[t] - weakest
            if score > best_score:
                best, best_score = t, score
        if best < 0:
            best = self._pick([t for t in state.territories_of(seat) if self._room(state, t) > 0])
        return Place(best, min(state.reserve[seat], self._room(state, best)))

    def _free_move(self, state: GameState) -> Action:
        seat = state.current
        armies, owner, neighbours = state.armies, state.owner, state.board.neighbours
        idle = [t for t, o in enumerate(owner)
                if o == seat and armies[t] > 1 and all(owner[n] == seat for n in neighbours[t])]
        if idle:
            source = max(idle, key=lambda t: (armies[t], -t))
            targets = [t for t in reachable(state, source) if self._room(state, t) > 0]
            if targets:
                fronts = [t for t in targets if any(owner[n] != seat for n in neighbours[t])]
                target = self._pick(fronts or targets)
                return Fortify(source, target, min(armies[source] - 1, self._room(state, target)))
        return EndTurn()

    def _attack(self, state: GameState) -> Action:
        seat = state.current
        armies, owner, neighbours = state.armies, state.owner, state.board.neighbours
        last = self._last
        if last is not None:
            source, target = last.source, last.target
            here = armies[source]
            if owner[source] == seat and owner[target] != seat and here - 1 > last.stop_at and here > armies[target]:
                return last
        best: Blitz | None = None
        best_margin = 0
        capped = state.rules.army_cap
        for source, here in enumerate(armies):
            if owner[source] != seat or here < 3:
                continue
            bonus = 2 if capped and here >= capped else 0
            for target in neighbours[source]:
                if owner[target] != seat:
                    margin = here - 1 - armies[target] + bonus
                    if margin > best_margin:
                        best, best_margin = Blitz(source, target, min(here - 2, armies[target] // 2 + 1)), margin
        self._last = best
        return best if best is not None else self._free_move(state)


def play_beside(edition: str, options: tuple[str, ...], people: int, seed: int, *, shared: bool = False,
                copies: bool = False, most: int = 4000) -> tuple[int, int]:
    """Play a game with both bots choosing at every step; return (actions, attacks) compared."""
    state = new_game(make_rules(edition, list(options)), people, seed)
    seats = range(1 if shared else state.players)
    bots = [SimpleBot(seed * 5 + s) for s in seats]
    references = [ReferenceBot(seed * 5 + s) for s in seats]
    actions = attacks = 0
    while not state.over and actions < most:
        seat = 0 if shared else state.current
        attacking = state.phase is Phase.ATTACK
        # risk.ai.choose: a legal action in editions the bots do not fully know (Castle Risk), as self-play does.
        action = choose(bots[seat], state)
        assert action == choose(references[seat], state), (edition, options, people, seed, actions)
        if copies:
            state, _ = play(state, action)
        else:
            apply(state, action)
        actions += 1
        attacks += attacking and isinstance(action, Blitz)
    return actions, attacks


@pytest.mark.parametrize("edition, options", ALL_EDITION_OPTIONS)
def test_the_kept_survey_attacks_as_a_survey_from_scratch_in_every_edition(edition, options):
    people = 4 if edition == "revised" else 3
    total = attacks = 0
    for seed in range(3):
        played, attacked = play_beside(edition, options, people + seed % 2, seed)
        total += played
        attacks += attacked
    assert attacks > 50 and total > attacks  # whole games, many attacks compared


@pytest.mark.parametrize("people", [2, 5, 6])
def test_one_bot_for_every_seat_and_copies_of_the_state_choose_as_the_reference(people):
    """A bot moved from seat to seat, or given a new copy of the state each time, still chooses the same."""
    assert play_beside("classic", (), people, 11, shared=True)[1] > 50
    assert play_beside("classic", ("army-cap",), people, 12, copies=True, most=1500)[1] > 50


@pytest.mark.parametrize("options", [(), ("army-cap",), ("expert-fortify",)])
def test_the_move_in_self_play_asks_for_is_the_choice_after_every_capture(options):
    """Self-play asks the bot's move_in straight after a capture instead of choose(): the same action, and
    self-play's games are those of a loop that asks choose() at every step."""
    rules = make_rules("classic", list(options))
    for people in (2, 5):
        state = new_game(rules, people, 4)
        bots = [SimpleBot(40 + s) for s in range(state.players)]
        captures = 0
        while not state.over:
            bot = bots[state.current]
            if state.phase is Phase.OCCUPY:
                assert bot.move_in(state) == bot.choose(state)
                captures += 1
            apply(state, bot.choose(state), record=False)
        assert captures > 30
        # The same game as self-play's loop plays with move_in (same seeds as play_game gives its bots).
        looped = new_game(rules, people, 4)
        plain = [SimpleBot(4 * 7919 + s) for s in range(looped.players)]
        actions = 0
        while not looped.over:
            apply(looped, plain[looped.current].choose(looped), record=False)
            actions += 1
        result = play_game(rules, people, 4)
        assert (result.winner, result.turns, result.actions) == (looped.winner, looped.turn, actions)
        assert result.final.armies == looped.armies and result.final.rng == looped.rng
