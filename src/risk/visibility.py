"""What one seat may see: the state with every secret replaced, for bots and for anything shown to a player.

A seat sees the whole board, its own cards and secret mission (everybody's once the game is over), how many
cards everybody holds, the traded cards in the
discard pile (sets are traded face up, in turn), its own headquarters and, once everyone has chosen, the
others', and what the edition's part of the state shows it (``ext.public``). It does not
see other players' cards, the order (or, since it does not know the other hands, the contents) of the
draw pile, or the random generator's state, which would predict every future die. Those are replaced
by :data:`HIDDEN_CARD` placeholders and a fixed generator state, so two games that differ only in
secrets give the same view, and a bot that reads only the view cannot cheat.

>>> from risk.engine import new_game
>>> from risk.rules import make_rules
>>> state = new_game(make_rules("classic", ["auto-setup"]), 3, seed=1)
>>> state.hands[1] = [5, 7]
>>> view = public_view(state, 0)
>>> view.hands[1], len(view.deck) == len(state.deck), view.rng == HIDDEN_RNG
([-1, -1], True, True)
"""

from __future__ import annotations

from risk.deck import deck_for
from risk.state import GameState, Phase

HIDDEN_CARD = -1  # a card whose face the seat cannot see
HIDDEN_RNG = 0  # the generator state every view carries instead of the real one
HIDDEN_MISSION = -1  # another seat's secret mission (risk.missions)


def public_view(state: GameState, seat: int) -> GameState:
    """A copy of ``state`` as ``seat`` sees it (the given state is not changed)."""
    view = state.copy()
    view.hands = [hand[:] if s == seat else [HIDDEN_CARD] * len(hand) for s, hand in enumerate(state.hands)]
    view.deck = [HIDDEN_CARD] * len(state.deck)
    view.rng = HIDDEN_RNG
    view.headquarters = visible_headquarters(state, seat)
    if state.missions and state.phase is not Phase.OVER:  # every mission is shown once the game is over
        view.missions = [m if s == seat else HIDDEN_MISSION for s, m in enumerate(state.missions)]
    if state.ext is not None:
        view.ext = state.ext.public(seat)
    return view


def visible_headquarters(state: GameState, seat: int) -> list[int]:
    """The headquarters ``seat`` may see: all of them once everyone has chosen, until then only its own
    (1980: chosen "without revealing the territory", turned face up "after everyone has selected")."""
    if state.phase is not Phase.HEADQUARTERS:
        return state.headquarters[:]
    return [hq if s == seat else -1 for s, hq in enumerate(state.headquarters)]


def unseen_cards(view: GameState, seat: int) -> list[int]:
    """The cards ``seat`` cannot account for: in the draw pile or in other players' hands (ascending).

    A bot that simulates ahead deals these at random (from its own generator) to the hidden places.
    """
    seen = set(view.hands[seat]) | set(view.discard) | set(view.set_aside)
    return [card for card in range(len(deck_for(view.rules))) if card not in seen]
