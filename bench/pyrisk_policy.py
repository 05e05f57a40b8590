"""pyrisk's ``StupidAI`` policy played on this engine: the workload of the pyrisk comparison, the same on both sides.

The engine bench compares player-turns per second with pyrisk (chronitis/pyrisk) between its ``StupidAI`` bots.
A turn's cost depends on what the bots do in it: our :class:`~risk.ai.simple.SimpleBot` makes some 7.6 attacks
and 21.6 battles a turn at 5 players, ``StupidAI`` some 3.7 and 3. :class:`StupidPolicy` plays ``StupidAI``'s
rules on our engine, so that the comparison measures the engines:

* claims a random empty territory, then places its setup armies one at a time on random territories of its own
  (and, with two players, the neutral army's on random neutral territories);
* reinforces random border territories (one draw per army; one ``Place`` per territory drawn, in board order);
* trades cards only when forced (pyrisk has none);
* sweeps its territories once a turn in board order, and from each attacks every enemy neighbour (in board order)
  with fewer armies than it has, at the time it comes to it, fighting until the territory falls or one army is
  left (pyrisk's ``combat`` with no strategies), and moves every army but one in;
* makes no free move.

pyrisk has no cards, so its stacks stay small (a few dozen armies); under our card values they grow to hundreds
and every battle with them. :data:`PYRISK_RULES` are the classic rules with every set worth nothing: the cards
are drawn, held and traded as always, but the armies stay at pyrisk's scale. Bench code: it ships in no page.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from risk import rng
from risk.actions import Action, Blitz, Claim, EndTurn, Occupy, Place
from risk.ai.random_bot import any_legal_action
from risk.ai.simple import fronts
from risk.engine import must_trade, occupy_range, tradable_sets, trade
from risk.rules import Rules, make_rules
from risk.state import GameState, Phase

# The classic rules with card sets worth no armies (see the module docstring).
PYRISK_RULES = replace(make_rules("classic"), set_values=(0,), set_value_step=0, card_territory_bonus=0)


class StupidPolicy:
    """``StupidAI``'s policy (see the module docstring) as a bot of this engine, written for speed as
    :class:`~risk.ai.simple.SimpleBot` is (pyrisk's bot is part of its side's workload, this one of ours)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = rng.seed_state(seed)
        self._places: list[Place] = []  # the rest of the reinforcement drawn for turn _placing
        self._placing = -1
        self._sweep = -1  # the turn of the sweep under way (a bot plays one seat)
        self._territory = self._next = 0  # where it goes on: a territory and the index of its next neighbour
        # Each side's territories while the setup armies are placed, and the owners' list they were found in.
        self._setup: dict[int, list[int]] = {}
        self._setup_owner: list[int] = []

    def knows(self, rules: Rules) -> bool:
        """Only the classic family's rules without battle decisions: there its actions are all legal."""
        return rules.edition == "classic" and not (rules.commanders or rules.card_reroll or rules.headquarters)

    def _below(self, n: int) -> int:
        self.rng, value = rng.below(self.rng, n)
        return value

    def choose(self, state: GameState) -> Action:
        """The action for ``state.current``."""
        phase = state.phase
        if phase is _ATTACK:
            return self._attack(state)
        if phase is _OCCUPY:
            return self.move_in(state)
        seat, owner = state.current, state.owner
        if phase is Phase.REINFORCE:
            return self._reinforce(state)
        if phase is Phase.CLAIM:
            empty = [t for t, o in enumerate(owner) if o < 0]
            return _made(Claim, empty[self._below(len(empty))])
        if phase is Phase.SETUP:
            # With two players the setup turn also places a neutral army (pyrisk has no neutral: at random too).
            # Nobody's territories change while the setup armies are placed: found once per game (a game's
            # state keeps its list of owners).
            if owner is not self._setup_owner:
                self._setup, self._setup_owner = {}, owner
            side = seat if state.quota_own else state.neutral
            mine = self._setup.get(side)
            if mine is None:
                mine = self._setup[side] = [t for t, o in enumerate(owner) if o == side]
            return _made(Place, mine[self._below(len(mine))], 1)
        if phase is Phase.FORTIFY:
            return EndTurn()
        return any_legal_action(state, self._below)

    def move_in(self, state: GameState) -> Occupy:
        """Every army but one (self-play asks for it straight after a capture, as of SimpleBot)."""
        return _made(Occupy, occupy_range(state)[1])

    def _reinforce(self, state: GameState) -> Action:
        seat = state.current
        if len(state.hands[seat]) >= state.rules.forced_trade_at and must_trade(state):
            return trade(state, tradable_sets(state)[0])
        if not self._places or self._placing != state.turn:
            border = fronts(state, seat)
            # One border territory drawn per army, independently and uniformly: all the draws come from one
            # uniform number below len(border) ** armies (a few for a big reserve), read digit by digit.
            size, left = len(border), state.reserve[seat]
            drawn = [0] * size
            while left:
                batch = min(left, _DRAWS_PER_NUMBER[size])
                self.rng, number = rng.below(self.rng, size ** batch)
                for _ in range(batch):
                    number, pick = divmod(number, size)
                    drawn[pick] += 1
                left -= batch
            # Popped from the end: in board order.
            self._places = [_made(Place, border[i], drawn[i]) for i in range(size - 1, -1, -1) if drawn[i]]
            self._placing = state.turn
        return self._places.pop()

    def _attack(self, state: GameState) -> Action:
        seat, owner, armies, neighbours = state.current, state.owner, state.armies, state.board.neighbours
        if self._sweep != state.turn:
            self._sweep, self._territory, self._next = state.turn, 0, 0
        t, i = self._territory, self._next
        # The sweep sees the board as it is when it comes to a territory: one taken further on is swept too.
        # list.index finds the seat's next territory in C.
        try:
            while True:
                t = owner.index(seat, t)
                near, here = neighbours[t], armies[t]
                while i < len(near):
                    n = near[i]
                    i += 1
                    if here > armies[n] and owner[n] != seat:
                        self._territory, self._next = t, i
                        blitz = _BLITZES.get((t, n))
                        if blitz is None:
                            blitz = _BLITZES[t, n] = Blitz(t, n, 0)
                        return blitz
                t, i = t + 1, 0
        except ValueError:
            self._territory, self._next = len(owner), 0
            return EndTurn()


_Kind = TypeVar("_Kind", bound=Action)


def _made(kind: type[_Kind], *values: int) -> _Kind:
    """The action ``kind(*values)``, made once (a frozen dataclass is slow to build; SimpleBot keeps its actions
    likewise)."""
    action = _MADE.get((kind, values))
    if action is None:
        action = _MADE[kind, values] = kind(*values)
    return action  # type: ignore[return-value]


_MADE: dict[tuple[type, tuple[int, ...]], Action] = {}
_BLITZES: dict[tuple[int, int], Blitz] = {}  # the attacks by source and target (the commonest action: no call)

# How many draws below n go into one number: the most k with n ** k <= 2 ** 32 (rng.below then rejects
# almost never).
_DRAWS_PER_NUMBER = [0, 32] + [next(k for k in range(32, 0, -1) if n ** k <= 1 << 32) for n in range(2, 43)]

_ATTACK, _OCCUPY = Phase.ATTACK, Phase.OCCUPY
