"""The simplest bot that finishes games: rules of thumb, no search, no look at hidden cards.

It exists for self-play benchmarks and invariant tests, so it is fast: it builds its action straight
from the state instead of listing every legal action, and draws its few random choices from a
generator of its own (never from the game's).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable

from risk import rng
from risk.actions import (
    AcceptRoll,
    Action,
    Blitz,
    ChooseHeadquarters,
    Claim,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Reroll,
    UseCommander,
)
from risk.ai.random_bot import any_legal_action
from risk.board import Board
from risk.engine import must_trade, occupy_range, reachable, tradable_sets, trade
from risk.flow import flow_for
from risk.rules import Rules
from risk.state import GameState, Phase


def fronts(state: GameState, seat: int) -> list[int]:
    """The seat's territories with an enemy next door, in board order."""
    owner, neighbours = state.owner, state.board.neighbours
    found = []
    for t, o in enumerate(owner):
        if o == seat:
            for n in neighbours[t]:
                if owner[n] != seat:
                    found.append(t)
                    break
    return found


class SimpleBot:
    """Trade when it can, mass armies on its strongest front, attack when it has the bigger army."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = rng.seed_state(seed)
        self._last: Blitz | None = None
        # The sources of attacks (see _sources): for which seat and board, the armies and owners they were
        # found on, and the territories the bot's last attack touches.
        self._seat = -1
        self._board: Board | None = None
        self._armies: list[int] = []
        self._owner: list[int] = []
        self._source_list: list[int] = []
        self._touched: tuple[int, ...] = ()
        # The setup's fronts: for which seat, board and owners.
        self._setup_fronts: tuple[int, Board | None, list[int], list[int]] = (-1, None, [], [])
        # The move-in range of the rules last played (found once: a turn has some 7 move-ins).
        self._rules: Rules | None = None
        self._occupy_range: Callable[[GameState], tuple[int, int]] = occupy_range

    def _pick(self, items: list[int]) -> int:
        self.rng, i = rng.below(self.rng, len(items))
        return items[i]

    def choose(self, state: GameState) -> Action:
        """The action for ``state.current``."""
        phase = state.phase
        # The commonest first: a turn is mostly attacks and move-ins.
        if phase is _ATTACK:
            return self._attack(state)
        if phase is _OCCUPY_PHASE:
            return self.move_in(state)
        if phase is Phase.REINFORCE:
            return self._reinforce(state)
        if phase is Phase.FORTIFY:
            return EndTurn()
        if phase is Phase.BATTLE:
            return self._battle(state)
        if phase is Phase.CLAIM:
            return Claim(self._pick([t for t, o in enumerate(state.owner) if o < 0]))
        if phase is Phase.SETUP:
            return self._setup(state)
        if phase is Phase.HEADQUARTERS:
            seat = state.current
            mine = state.territories_of(seat)
            return ChooseHeadquarters(max(mine, key=lambda t: (state.armies[t], -t)))
        return any_legal_action(state, self._below)

    def move_in(self, state: GameState) -> Occupy:
        """The move-in after a capture, the whole of :meth:`choose` in :attr:`Phase.OCCUPY`: always the most
        armies the rules allow. Self-play asks for it straight after a capture (:func:`risk.selfplay.play_game`)."""
        if state.rules is not self._rules:
            self._rules, self._occupy_range = state.rules, flow_for(state.rules).occupy_range
        low, high = self._occupy_range(state)
        count = high if high >= low else low
        occupy = _OCCUPY.get(count)
        if occupy is None:
            if len(_OCCUPY) > 4096:
                _OCCUPY.clear()
            occupy = _OCCUPY[count] = Occupy(count)
        return occupy

    def _below(self, n: int) -> int:
        self.rng, value = rng.below(self.rng, n)
        return value

    # -- helpers --------------------------------------------------------------------------

    def _fronts(self, state: GameState, seat: int) -> list[int]:
        return fronts(state, seat)

    def _room(self, state: GameState, territory: int) -> int:
        cap = state.rules.army_cap
        return cap - state.armies[territory] if cap else 1 << 30

    def _setup(self, state: GameState) -> Action:
        seat = state.current
        if state.quota_own:
            # Owners do not change while the armies are placed: the fronts are found once for the seat.
            known = self._setup_fronts
            if known[0] != seat or known[1] is not state.board or known[2] != state.owner:
                known = self._setup_fronts = (seat, state.board, state.owner[:], self._fronts(state, seat))
            fronts = known[3]
            options = [t for t in fronts if self._room(state, t) > 0] if state.rules.army_cap else fronts
            options = options or [t for t in state.territories_of(seat) if self._room(state, t) > 0]
            return Place(self._pick(options), 1)
        neutral = [t for t, o in enumerate(state.owner) if o == state.neutral and self._room(state, t) > 0]
        return Place(self._pick(neutral), 1)

    def _reinforce(self, state: GameState) -> Action:
        seat = state.current
        # Fewer cards than a trade takes hold no set (most turns): no need to ask the rules.
        if len(state.hands[seat]) >= flow_for(state.rules).cards_per_trade:
            sets = tradable_sets(state)
            if sets:
                return trade(state, sets[0])
            if must_trade(state):  # pragma: no cover - five cards always hold a set
                raise AssertionError("forced to trade without a set")
        armies, owner, neighbours = state.armies, state.owner, state.board.neighbours
        cap = state.rules.army_cap
        # The front with room whose army is largest against its weakest enemy neighbour (the first in board
        # order among equals).
        best, best_score = -1, -(1 << 30)
        for t, o in enumerate(owner):
            if o != seat or (cap and armies[t] >= cap):
                continue
            weakest = 1 << 30
            for n in neighbours[t]:
                if owner[n] != seat and armies[n] < weakest:
                    weakest = armies[n]
            if weakest != 1 << 30 and armies[t] - weakest > best_score:
                best, best_score = t, armies[t] - weakest
        if best < 0:
            best = self._pick([t for t in state.territories_of(seat) if self._room(state, t) > 0])
        return Place(best, min(state.reserve[seat], self._room(state, best)))

    def _attack(self, state: GameState) -> Action:
        seat = state.current
        armies, owner, neighbours = state.armies, state.owner, state.board.neighbours
        last = self._last
        # Press on with the battle in hand while it still looks good: no need to survey the board.
        if last is not None:
            source, target = last.source, last.target
            here = armies[source]
            if owner[target] != seat and owner[source] == seat and here - 1 > last.stop_at and here > armies[target]:
                return last
        best_source = best_target = -1
        best_margin = 0
        # Under an army cap stacks stop growing: a full stack attacks even an equal one, or nobody would.
        capped = state.rules.army_cap
        for source in self._sources(state):
            here = armies[source]
            bonus = 2 if capped and here >= capped else 0
            for target in neighbours[source]:
                if owner[target] != seat:
                    margin = here - 1 - armies[target] + bonus
                    if margin > best_margin:
                        best_source, best_target, best_margin = source, target, margin
        if best_source < 0:
            self._last = None
            return self._free_move(state)
        self._touched = (best_source, best_target)
        key = (best_source, best_target, min(armies[best_source] - 2, armies[best_target] // 2 + 1))
        best = _BLITZ.get(key)
        if best is None:
            if len(_BLITZ) > 4096:
                _BLITZ.clear()
            best = _BLITZ[key] = Blitz(*key)
        self._last = best
        return best

    def _sources(self, state: GameState) -> list[int]:
        """The territories an attack may come from: the seat's with three armies or more, in board order.

        Kept between calls: a turn is mostly attacks, and between two of them only the two territories of
        the bot's last attack (its battle and move-in) change. If the board is the one seen last but for
        those two (two comparisons of whole lists, in C), only they are looked at again; otherwise (a new
        turn, another seat, a trade's or a free move's armies, another game, a copy changed elsewhere) the
        whole board is. Either way the list is the one a look at the whole board gives.
        """
        armies, owner, seat = state.armies, state.owner, state.current
        if seat == self._seat and state.board is self._board:
            sources, known_armies, known_owner = self._source_list, self._armies, self._owner
            for t in self._touched:
                known_armies[t], known_owner[t] = armies[t], owner[t]
                if owner[t] == seat and armies[t] >= 3:
                    if t not in sources:
                        insort(sources, t)
                elif t in sources:
                    sources.remove(t)
            self._touched = ()
            if known_armies == armies and known_owner == owner:
                return sources
        self._seat, self._board, self._touched = seat, state.board, ()
        self._armies, self._owner = armies[:], owner[:]
        self._source_list = [t for t, o in enumerate(owner) if o == seat and armies[t] >= 3]
        return self._source_list

    def _free_move(self, state: GameState) -> Action:
        """Bring the largest idle army to the front, or end the turn."""
        seat = state.current
        armies, owner, neighbours = state.armies, state.owner, state.board.neighbours
        # The largest army (the first in board order among equals) with no enemy next door.
        source, most = -1, 1
        for t, o in enumerate(owner):
            if o == seat and armies[t] > most:
                for n in neighbours[t]:
                    if owner[n] != seat:
                        break
                else:
                    source, most = t, armies[t]
        if source >= 0:
            targets = [t for t in reachable(state, source) if self._room(state, t) > 0]
            if targets:
                fronts = []
                for t in targets:
                    for n in neighbours[t]:
                        if owner[n] != seat:
                            fronts.append(t)
                            break
                target = self._pick(fronts or targets)
                count = min(armies[source] - 1, self._room(state, target))
                return Fortify(source, target, count)
        return EndTurn()

    def _battle(self, state: GameState) -> Action:
        faces = state.attacker_faces
        lowest = len(faces) - 1
        if state.rules.commanders and not state.commander_used and faces[0] < 6:
            return UseCommander(0)
        if state.rules.card_reroll and not state.rerolled:
            hand = state.hands[state.current]
            if state.battle_source in hand or state.battle_target in hand:
                return Reroll(lowest)
        return AcceptRoll()


# The phases asked for most, as module globals (found faster than a class's attributes).
_ATTACK, _OCCUPY_PHASE = Phase.ATTACK, Phase.OCCUPY

# Actions are immutable values: the bot hands out one object per attack and per move-in size instead of
# building the same ones again (a frozen dataclass is slow to build; a turn has some 8 attacks and move-ins).
_BLITZ: dict[tuple[int, int, int], Blitz] = {}
_OCCUPY: dict[int, Occupy] = {}
