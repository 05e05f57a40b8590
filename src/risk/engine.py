"""The rules engine: start a game, list the legal actions, apply one.

Three entry points, in the manner of python-chess:

* :func:`legal_actions` lists every action the player to move may take, as :class:`~risk.actions.Choice`
  entries (an action with an amount is listed once with its range, so the list stays short however large
  the stacks);
* :func:`apply` performs an action *without checking it*, mutating the state (fast: bots and search);
* :func:`play` checks the action first, raising :class:`IllegalAction` with the rule that forbids it,
  and returns a new state, leaving the given one untouched (players, the page, saved games).

What each edition does is its flow's business (:mod:`risk.flow`): these functions only find the flow of
the state's rules and ask it. All chance (who starts, dealing, dice, card draws) comes from the generator
held in ``state.rng``; the events each action returns record every roll and draw.
"""

from __future__ import annotations

from collections.abc import Callable

from risk.actions import Action, Choice, IllegalAction, Trade
from risk.events import Event
from risk.flow import flow_for
from risk.rules import Rules
from risk.state import GameState

__all__ = [
    "IllegalAction",
    "apply",
    "bonus_choices",
    "check",
    "legal_actions",
    "matched_sets",
    "must_trade",
    "new_game",
    "occupy_range",
    "play",
    "reachable",
    "start_game",
    "tradable_sets",
    "trade",
]


def new_game(rules: Rules, people: int, seed: int = 0) -> GameState:
    """A new game for ``people`` players (2 with the classic rules adds a neutral seat).

    Who goes first is drawn from the seeded generator, as the rulebook's dice roll decides it.
    """
    return start_game(rules, people, seed)[0]


def start_game(rules: Rules, people: int, seed: int = 0) -> tuple[GameState, list[Event]]:
    """:func:`new_game`, and what happened in it before the first action (the territories dealt, the
    armies spread, the first turn begun), for the log."""
    return flow_for(rules).start(rules, people, seed)


def legal_actions(state: GameState) -> list[Choice]:
    """Every action the player to move may take now; empty only when the game is over."""
    return flow_for(state.rules).legal_actions(state)


def check(state: GameState, action: Action) -> None:
    """Raise :class:`IllegalAction` naming the rule if ``action`` is not allowed now."""
    flow_for(state.rules).check(state, action)


def apply(state: GameState, action: Action, *, record: bool = True) -> list[Event]:
    """Perform ``action`` on ``state`` in place, without checking it; return what happened.

    ``record=False`` builds no events and returns none (search and playouts, which never read them, go
    faster; the state changes exactly the same). Use :func:`play` for anything a person typed or clicked.
    """
    return flow_for(state.rules).apply(state, action, record=record)


def play(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Check ``action`` and apply it to a copy: the new state and what happened.

    The given state is never changed, so a refused action loses nothing.
    """
    flow = flow_for(state.rules)
    flow.check(state, action)
    new = state.copy()
    return new, flow.apply(new, action)


def matched_sets(state: GameState, seat: int) -> list[tuple[int, int, int]]:
    """Every matched set of three in a seat's hand (cards ascending, sets in ascending order)."""
    return flow_for(state.rules).matched_sets(state, seat)


def tradable_sets(state: GameState) -> list[tuple[int, int, int]]:
    """The matched sets the player to move may trade now (none once the trade after an elimination is
    done, in the 1980 rules)."""
    return flow_for(state.rules).tradable_sets(state)


def bonus_choices(state: GameState, cards: tuple[int, int, int]) -> list[int]:
    """The territories the player chooses among for the armies of a traded card showing their territory
    ([] when there is nothing to choose)."""
    return flow_for(state.rules).bonus_choices(state, cards)


def trade(state: GameState, cards: tuple[int, int, int], prefer: Callable[[int], float] | None = None) -> Trade:
    """The trade of ``cards``, with the territory for the card armies chosen when the rules ask for a choice:
    the one ``prefer`` scores highest (the first shown, without it)."""
    places = flow_for(state.rules).bonus_choices(state, cards)
    if not places:
        return Trade(cards)
    return Trade(cards, max(places, key=prefer) if prefer is not None else places[0])


def must_trade(state: GameState) -> bool:
    """Whether the player to move holds so many cards that only a trade is allowed now."""
    return flow_for(state.rules).must_trade(state)


def occupy_range(state: GameState) -> tuple[int, int]:
    """The fewest and most armies that may move in after the capture just made."""
    return flow_for(state.rules).occupy_range(state)


def reachable(state: GameState, source: int) -> list[int]:
    """Territories a free move from ``source`` may reach under the rules in play (sorted)."""
    return flow_for(state.rules).reachable(state, source)
