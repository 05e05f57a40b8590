"""Decks: the cards of a game, apart from the board they are played on.

A :class:`Deck` lists its cards by number (0, 1, ...): each card has a kind (a design such as infantry, or
a person such as a General), the territory it shows (or none) and its stars. The rules name their deck
(``Rules.deck``) and the deck is built from the board (:func:`deck_for`). Card numbers are what the state
holds in hands, the draw pile and the discards, and what links carry: the classic deck keeps the numbering
it always had, card *i* showing territory *i*, then the wild cards.

An edition adds a deck with :func:`register_deck`.

>>> from risk.rules import make_rules
>>> deck = deck_for(make_rules("classic"))
>>> len(deck), deck.label(0, load_board("classic")), deck.label(43, load_board("classic"))
(44, 'Alaska (infantry)', 'Wild')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from risk.board import CARD_KIND_NAMES, WILD, Board, load_board

if TYPE_CHECKING:
    from risk.rules import Rules

NO_TERRITORY = -1


@dataclass(frozen=True)
class Deck:
    """Every card of a game by number: its kind, the territory it shows (-1: none) and its stars."""

    name: str
    kind_names: tuple[str, ...]  # the name of each kind, by kind number
    kinds: tuple[int, ...]  # per card
    territories: tuple[int, ...]  # per card: a territory index, or NO_TERRITORY
    stars: tuple[int, ...]  # per card (all 0 in a deck without stars)

    def __len__(self) -> int:
        return len(self.kinds)

    def kind_name(self, card: int) -> str:
        """The name of a card's kind ("infantry", "wild", "general")."""
        return self.kind_names[self.kinds[card]]

    def label(self, card: int, board: Board) -> str:
        """A card as a person reads it: 'Alaska (infantry)', 'Wild', 'Alaska (2 stars)'."""
        territory = self.territories[card]
        kind = self.kind_name(card)
        if territory < 0:
            return kind.capitalize()
        name = board.territories[territory].name
        if any(self.stars):
            stars = self.stars[card]
            return f"{name} ({stars} star{'s' if stars != 1 else ''})"
        return f"{name} ({kind})"


def classic_deck(board: Board) -> Deck:
    """The classic deck: one card per territory with the design printed on the board's data, then the
    board's wild cards (card *i* shows territory *i*: the numbering every classic link uses)."""
    size = board.size
    kinds = tuple(t.card_kind for t in board.territories) + (WILD,) * board.wild_cards
    if any(k < 0 for k in kinds):
        kinds = _balanced(board) + (WILD,) * board.wild_cards
    return Deck("classic", CARD_KIND_NAMES, kinds, tuple(range(size)) + (NO_TERRITORY,) * board.wild_cards,
                (0,) * len(kinds))


def _balanced(board: Board) -> tuple[int, ...]:
    """The designs of a board that prints none on some territories (docs/rules.md): each of those, in board
    order, gets the design printed least so far (infantry, then cavalry, then artillery on a tie), so that
    the three come out as even as the printed ones allow.

    >>> from risk.board import board_from_dict
    >>> data = {"id": "t", "name": "T", "continents": [{"id": "c", "name": "C", "bonus": 1,
    ...         "territories": ["a", "b", "c", "d"]}], "territories": [
    ...         {"id": i, "name": i, "continent": "c", "neighbours": []} for i in "abcd"]}
    >>> data["territories"][1]["card"] = "infantry"
    >>> _balanced(board_from_dict(data))
    (1, 0, 2, 0)
    """
    counts = [0, 0, 0]
    for t in board.territories:
        if t.card_kind >= 0:
            counts[t.card_kind] += 1
    kinds = []
    for t in board.territories:
        kind = t.card_kind
        if kind < 0:
            kind = counts.index(min(counts))
            counts[kind] += 1
        kinds.append(kind)
    return tuple(kinds)


DECK_BUILDERS: dict[str, Callable[[Board], Deck]] = {"classic": classic_deck}
_DECKS: dict[tuple[str, str], Deck] = {}


def register_deck(name: str, build: Callable[[Board], Deck]) -> None:
    """Make a deck findable by name (``Rules.deck``); ``build`` makes it for a board."""
    DECK_BUILDERS[name] = build


def deck_for(rules: Rules) -> Deck:
    """The deck the rules name, for the board they name (built once)."""
    key = (rules.deck, rules.map)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = DECK_BUILDERS[rules.deck](load_board(rules.map))
    return deck
