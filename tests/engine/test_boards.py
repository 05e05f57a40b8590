"""A board need not print cards: the deck is the rules' business, so a second kind of board loads."""

from __future__ import annotations

from risk.board import board_from_dict
from risk.deck import classic_deck


def _tiny_board(with_cards: bool) -> dict[str, object]:
    names = ["north", "south", "east"]
    territories = [
        {"id": n, "name": n.title(), "continent": "land", "neighbours": [m for m in names if m != n],
         **({"card": "infantry"} if with_cards else {})}
        for n in names
    ]
    return {"id": "tiny", "name": "Tiny map", "territories": territories,
            "continents": [{"id": "land", "name": "Land", "bonus": 2, "territories": names}]}


def test_a_board_without_card_designs_gets_a_deck_of_balanced_designs():
    """docs/rules.md: where a board prints no design, the deck deals them evenly in board order (issue 24)."""
    board = board_from_dict(_tiny_board(with_cards=False))
    assert board.size == 3 and board.border_count() == 3
    assert all(t.card_kind == -1 for t in board.territories)
    deck = classic_deck(board)
    assert [deck.kind_name(c) for c in range(board.size)] == ["infantry", "cavalry", "artillery"]
    assert deck.territories[:3] == (0, 1, 2)


def test_the_classic_deck_of_a_board_with_designs_numbers_card_i_as_territory_i():
    deck = classic_deck(board_from_dict(_tiny_board(with_cards=True)))
    assert len(deck) == 3 and deck.territories == (0, 1, 2) and deck.kind_name(2) == "infantry"
