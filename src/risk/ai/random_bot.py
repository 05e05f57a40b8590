"""The ``random`` level: any legal action, picked at random. A yardstick, not an opponent."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from risk import rng
from risk.actions import Action, Attack, Blitz, Choice, EndTurn, Fortify, Place
from risk.ai.analysis import room
from risk.engine import legal_actions, must_trade, reachable, tradable_sets, trade
from risk.flow import flow_for
from risk.state import GameState, Phase
from risk.visibility import public_view

CLASSIC_MOVES = (Attack, Blitz, Fortify, EndTurn)  # what the attack and free-move steps offer in every edition


class RandomBot:
    """Picks a kind of action at random (trade, place, attack, blitz, move, end, ...), then one of that kind;
    an edition's own kinds (claim an objective, trade stars, ...) are among them, so it plays every edition.

    Picking the kind first keeps the game moving: listed flat, the many ways to place or move armies
    would drown out the single way to end the turn. Within a kind it picks the territories first and
    then the number, so it never lists the thousands of ways to move a large army.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = rng.seed_state(seed)

    def knows(self, rules: object) -> bool:
        """It picks among the legal actions, in every edition."""
        return True

    def _below(self, n: int) -> int:
        self.rng, value = rng.below(self.rng, n)
        return value

    def choose(self, state: GameState) -> Action:
        """A random legal action for the player to move."""
        view = public_view(state, state.current)
        phase = view.phase
        if phase is Phase.ATTACK and view.rules.edition == "castle":
            # No free move, truces and sea attacks: any legal action but a change of standing orders.
            from risk.rules.castle.actions import StandingOrders

            choices = [c for c in legal_actions(view) if not isinstance(c.action, StandingOrders)]
            return pick_any(choices, self._below)
        if phase is Phase.ATTACK or phase is Phase.FORTIFY:
            return self._attack_or_move(view)
        if phase is Phase.REINFORCE:
            return self._reinforce(view)
        choices = legal_actions(view)
        if not choices:
            raise ValueError("the game is over")
        return pick_any(choices, self._below)

    def _reinforce(self, view: GameState) -> Action:
        me = view.current
        sets = tradable_sets(view)
        if sets and (must_trade(view) or self._below(2)):
            cards = sets[self._below(len(sets))]
            return trade(view, cards, lambda t: self._below(1000))
        if not sets and view.ext is not None:
            # An edition's own trades (the Revised edition's star cards), half the time when there are any.
            trades = flow_for(view.rules).list_trades(view)
            if trades and self._below(2):
                return trades[self._below(len(trades))].action
        spots = [t for t, who in enumerate(view.owner) if who == me and room(view, t) > 0]
        territory = spots[self._below(len(spots))]
        return Place(territory, 1 + self._below(min(view.reserve[me], room(view, territory))))

    def _attack_or_move(self, view: GameState) -> Action:
        me, owner, armies = view.current, view.owner, view.armies
        neighbours = view.board.neighbours
        battles: list[tuple[int, int]] = []
        if view.phase is Phase.ATTACK:
            battles = [(s, t) for s, who in enumerate(owner) if who == me and armies[s] > 1
                       for t in neighbours[s] if owner[t] != me]
        movers = [s for s, who in enumerate(owner) if who == me and armies[s] > 1
                  and any(room(view, t) > 0 for t in reachable(view, s))]
        kinds = ["attack", "blitz"] if battles else []
        kinds += ["move"] if movers else []
        kinds.append("end")
        special: list[Choice] = []
        if view.ext is not None:
            # An edition's own actions here (the Revised edition's objective claims and Starting Maneuver).
            special = [c for c in legal_actions(view) if not isinstance(c.action, CLASSIC_MOVES)]
            kinds += ["special"] if special else []
        kind = kinds[self._below(len(kinds))]
        if kind in ("end", "move") and special:
            # Done attacking: an objective met is claimed (at random among those met) before moving on.
            from risk.rules.revised.actions import ClaimObjective

            claims = [c for c in special if isinstance(c.action, ClaimObjective)]
            if claims:
                return pick_any(claims, self._below)
        if kind == "end":
            return EndTurn()
        if kind == "special":
            return pick_any(special, self._below)
        if kind == "move":
            source = movers[self._below(len(movers))]
            targets = [t for t in reachable(view, source) if room(view, t) > 0]
            target = targets[self._below(len(targets))]
            return Fortify(source, target, 1 + self._below(min(armies[source] - 1, room(view, target))))
        source, target = battles[self._below(len(battles))]
        if kind == "attack":
            return Attack(source, target, 1 + self._below(min(3, armies[source] - 1)))
        return Blitz(source, target, self._below(armies[source] - 1))


def any_legal_action(state: GameState, below: Callable[[int], int]) -> Action:
    """A legal action at random (:func:`pick_any`): what every bot plays in a phase it does not know, so that
    self-play works in an edition from its first day. ``ValueError`` when the game is over."""
    choices = legal_actions(state)
    if not choices:
        raise ValueError("the game is over")
    return pick_any(choices, below)


def pick_any(choices: Sequence[Choice], below: Callable[[int], int]) -> Action:
    """A kind of action at random, then any action of that kind (each amount counted once), drawing
    whole numbers from ``below(n)``; never lists the amounts one by one."""
    kinds = sorted({type(c.action).__name__ for c in choices})
    kind = kinds[below(len(kinds))]
    chosen = [c for c in choices if type(c.action).__name__ == kind]
    index = below(sum(len(c) for c in chosen))
    for c in chosen:
        if index < len(c):
            return c.with_amount(c.amounts.start + index) if c.amounts else c.action
        index -= len(c)
    raise AssertionError("unreachable")
