"""Revised RISK (2008): capitals, cities, objectives with rewards and star cards, on the classic board.

This module only declares the edition (its settings, options and deck) and is imported with the rules
registry; the edition's turn is :mod:`risk.rules.revised.flow`, found by name when a game needs it, and its
codec tables are :mod:`risk.rules.revised.codec`. Every reading of the rule text (``000_…``) and every
decision where it is silent is in ``docs/rules.md`` (section "Revised RISK (2008)").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from risk.board import Board
from risk.deck import Deck, register_deck
from risk.rules import Edition, Option, Rules, offer_option, register_edition, register_option

# The twelve objectives of the box, by number: six Minor, then six Major (tiers after the fan implementation
# the research found, docs/rules.md). "In a turn" counts what was not held at the start of the turn.
OBJECTIVES = (
    ("cities-8", "Control 8 cities"),
    ("cities-4-in-a-turn", "Take 4 cities in one turn"),
    ("north-america", "Control North America"),
    ("europe", "Control Europe"),
    ("asia", "Control Asia"),
    ("enemy-capital", "Control an enemy capital"),
    ("cities-11", "Control 11 cities"),
    ("two-continents", "Control 2 whole continents"),
    ("continent-in-a-turn", "Take a whole continent in one turn"),
    ("territories-10-in-a-turn", "Take 10 territories in one turn"),
    ("enemy-capitals-2", "Control 2 enemy capitals"),
    ("territories-18", "Control 18 territories"),
)
MINOR_OBJECTIVES = tuple(range(6))
MAJOR_OBJECTIVES = tuple(range(6, 12))

# The eight reward tokens: four Minor, then four Major (two Airfields, one of each tier).
REWARDS = (
    ("airfield", "Airfield"),
    ("additional-maneuver", "Additional Maneuver"),
    ("starting-maneuver", "Starting Maneuver"),
    ("guaranteed-card", "Guaranteed Card"),
    ("attack-die", "Attack Die"),
    ("airfield", "Airfield"),
    ("two-troops", "2 Troops"),
    ("defense-die", "Defense Die"),
)
MINOR_REWARDS = (0, 1, 2, 3)
MAJOR_REWARDS = (4, 5, 6, 7)


@dataclass(frozen=True)
class RevisedSettings:
    """The numbers of the edition that are not classic settings (``Rules.family``)."""

    cities: int = 15
    # Armies for a trade of 2, 3, ... 10 stars.
    star_values: tuple[int, ...] = (2, 4, 7, 10, 13, 17, 21, 25, 30)
    objectives_per_tier: int = 4
    goal: int = 3  # objectives to hold, with one's own capital, to win
    rewards: bool = True  # Command Room; Basic Training plays the objectives without rewards
    world_conquest: bool = False  # the last player standing wins instead
    # Initial cards by seat, counted from the first player (the 3rd and 4th get one, the 5th two).
    initial_cards: tuple[int, ...] = (0, 0, 1, 1, 2)
    draft_rounding: str = "down"  # the draft's division by 3 ("up" only if a rulebook says so)
    two_star_continents: tuple[str, ...] = ("asia",)
    # The win "at the end of their turn" (000_… §6, rules revision 3), even when an elimination brings the third
    # objective; revision 2 ended the game at once then (the FAQ's reading).
    win_at_end_of_turn: bool = True


def revised_deck(board: Board) -> Deck:
    """One card per territory, no wild cards; Asia's cards have two stars, the others one (54 stars)."""
    asia = {t for c in board.continents if c.id in RevisedSettings().two_star_continents for t in c.territories}
    stars = tuple(2 if t in asia else 1 for t in range(board.size))
    return Deck("revised", ("one-star", "two-stars"), tuple(s - 1 for s in stars), tuple(range(board.size)), stars)


register_deck("revised", revised_deck)

REVISED = Rules(
    edition="revised",
    map="classic",
    deck="revised",
    min_players=3,
    max_players=5,
    starting_armies=((3, 30), (4, 25), (5, 20)),
    neutral_with_two_players=False,
    card_territory_bonus=0,
    card_territory_bonus_cap=0,
    choose_card_bonus=False,
    forced_trade_at=1_000_000,  # hands are unlimited and a trade is never forced
    elimination_trade_at=1_000_000,  # cards won by an elimination are traded on a later turn
    elimination_trade_stops=False,
    fortify_connected=True,
    fortify_moves=1,
    revision=3,
    family=RevisedSettings(),
)


def win_at_elimination(rules: Rules) -> Rules:
    """The rules of revision 2 (codes of formats 4-7): an elimination that brings the third objective (the
    capital held) wins at once."""
    family = rules.family
    assert isinstance(family, RevisedSettings)
    return replace(rules, revision=2, family=replace(family, win_at_end_of_turn=False))


register_edition(Edition(
    "revised", "Revised (2008)",
    "The 2008 edition: capitals and cities, star cards, and objectives with rewards: win with three "
    "objectives while holding your capital. 3 to 5 players.",
    REVISED, flow="risk.rules.revised.flow:RevisedFlow", codec="risk.rules.revised.codec",
    revisions=((2, win_at_elimination),),
))

offer_option(
    "auto-setup", "revised",
    "Capitals, claims and starting troops are placed for everyone: each capital where it can be held, the "
    "territories next to it claimed first, the troops guarding it first.")


def _settings(rules: Rules) -> RevisedSettings:
    family = rules.family
    assert isinstance(family, RevisedSettings)
    return family


for _option in (
    Option("basic-training", "Basic Training",
           "The objectives without their rewards: the introductory game.",
           lambda r: replace(r, family=replace(_settings(r), rewards=False)), ("revised",)),
    Option("world-conquest", "World Conquest",
           "The last player standing wins; objectives and rewards still count.",
           lambda r: replace(r, family=replace(_settings(r), world_conquest=True)), ("revised",)),
):
    register_option(_option)
