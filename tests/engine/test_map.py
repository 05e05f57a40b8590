"""The classic board: 42 territories, 6 continents, 83 borders both ways, 14 cards of each design."""

from collections import Counter

from risk.board import load_board
from risk.deck import deck_for
from risk.rules import make_rules

BOARD = load_board("classic")
DECK = deck_for(make_rules("classic"))


def test_board_has_42_territories_in_6_continents_with_the_printed_bonuses():
    assert BOARD.size == 42
    bonuses = {c.name: (c.bonus, len(c.territories)) for c in BOARD.continents}
    assert bonuses == {
        "North America": (5, 9), "South America": (2, 4), "Europe": (5, 7),
        "Africa": (3, 6), "Asia": (7, 12), "Australia": (2, 4),
    }


def test_board_has_83_borders_all_listed_both_ways():
    assert BOARD.border_count() == 83
    for t, neighbours in enumerate(BOARD.neighbours):
        assert t not in neighbours
        for n in neighbours:
            assert t in BOARD.neighbours[n]


def test_rulebook_examples_of_adjacency_hold():
    """'Greenland is adjacent to the Northwest Territory ... North Africa to Brazil, Alaska to Kamchatka.'"""
    for a, b in [("greenland", "northwest_territory"), ("north_africa", "egypt"), ("north_africa", "brazil"),
                 ("alaska", "kamchatka")]:
        assert BOARD.territory_index(b) in BOARD.adjacent[BOARD.territory_index(a)]


def test_known_errors_of_the_1963_table_are_not_in_the_board():
    """The 1963 table links Venezuela to Great Britain and Iceland and misses Siam-Indonesia's partners."""
    idx = BOARD.territory_index
    assert idx("great_britain") not in BOARD.adjacent[idx("venezuela")]
    assert idx("iceland") not in BOARD.adjacent[idx("venezuela")]
    assert idx("central_america") in BOARD.adjacent[idx("venezuela")]
    assert idx("siam") not in BOARD.adjacent[idx("siam")]


def test_deck_has_14_cards_of_each_design_and_two_wilds():
    kinds = Counter(DECK.kind_name(c) for c in range(len(DECK)))
    assert kinds == {"infantry": 14, "cavalry": 14, "artillery": 14, "wild": 2}


def test_congo_is_the_classic_name_of_central_africa():
    assert BOARD.territories[BOARD.territory_index("congo")].name == "Congo"
