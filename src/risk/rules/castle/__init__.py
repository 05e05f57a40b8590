"""Castle Risk (1986): a map of Europe, castles, hidden armies and a deck of six kinds of person cards.

This module declares the edition (its settings, deck and registration) and is imported with the rules
registry; the turn is :mod:`risk.rules.castle.flow`, found by name when a game needs it, and its codec
tables are :mod:`risk.rules.castle.codec`. The board is a reconstruction (``src/risk/maps/castle.json``);
the rule text (``003_…``) is a summary, and every decision where it is silent is in ``docs/rules.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from risk.board import Board
from risk.deck import NO_TERRITORY, Deck, register_deck
from risk.rules import Edition, Rules, offer_option, register_edition

# The deck: 12 Reinforcements, 8 Generals, 8 Marshalls, 6 Admirals, 7 Spies, 7 Diplomats, numbered in that order.
CARD_KINDS = ("reinforcement", "general", "marshall", "admiral", "spy", "diplomat")
CARD_COUNTS = (12, 8, 8, 6, 7, 7)
REINFORCEMENT, GENERAL, MARSHALL, ADMIRAL, SPY, DIPLOMAT = range(6)

# Standing orders (bits): what a player's cards do on another player's turn, so that the device is never
# handed over in the middle of a battle.
AUTO_MARSHALL = 1  # play a Marshall the moment one's territory is attacked, if none is in play
BLOCK_SPY = 2  # answer a Spy with one's own Spy (both are discarded)
DEFEND_HIDDEN = 4  # bring one's hidden army out on its territory when that territory is attacked (revision 3)
DEFAULT_ORDERS = AUTO_MARSHALL | BLOCK_SPY


@dataclass(frozen=True)
class CastleSettings:
    """The numbers of the edition that are not classic settings (``Rules.family``)."""

    # Armies given by the 1st, 2nd, ... Reinforcement card played. The printed values are unknown: these
    # are a decision (docs/rules.md), the same publisher's classic escalation.
    reinforcement_track: tuple[int, ...] = (4, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 45)
    spoils_per_empire: int = 4
    spoils_all_independents: int = 6
    spoils_per_chip: int = 8
    setup_batch: int = 5  # armies placed per setup turn after the claims
    hand: int = 3  # cards dealt at the start, and the hand a turn's draw fills up to
    castle_attack_dice: int = 2  # the most dice against a castle
    diplomats_from: int = 3  # players needed for a Diplomat
    # The hidden army "at any time during the game to attack from, or defend, the spot" (003_…, rules revision
    # 3): at any time of one's attack step, and in defence by a standing order. Revision 2 brought it out only
    # before one's first attack, never in defence.
    hidden_any_time: bool = True
    hidden_defends: bool = True

    @property
    def all_orders(self) -> int:
        """Every standing order bit these rules know."""
        return AUTO_MARSHALL | BLOCK_SPY | (DEFEND_HIDDEN if self.hidden_defends else 0)

    @property
    def default_orders(self) -> int:
        """The standing orders every seat starts with: all of them."""
        return self.all_orders


def castle_deck(board: Board) -> Deck:
    """The 48 person cards; none shows a territory."""
    kinds = tuple(k for k, count in enumerate(CARD_COUNTS) for _ in range(count))
    return Deck("castle", CARD_KINDS, kinds, (NO_TERRITORY,) * len(kinds), (0,) * len(kinds))


register_deck("castle", castle_deck)

CASTLE = Rules(
    edition="castle",
    map="castle",
    deck="castle",
    min_players=2,
    max_players=6,
    starting_armies=((2, 40), (3, 35), (4, 30), (5, 25), (6, 20)),
    neutral_with_two_players=False,
    card_territory_bonus=0,
    card_territory_bonus_cap=0,
    choose_card_bonus=False,
    forced_trade_at=1_000_000,  # no sets: cards are played one by one
    elimination_trade_at=1_000_000,
    elimination_trade_stops=False,
    fortify_moves=1,  # unused: there is no free move
    revision=3,
    family=CastleSettings(),
)


def hidden_army_before_attacks(rules: Rules) -> Rules:
    """The rules of revision 2 (codes of formats 4-7): the hidden army comes out only before one's first
    attack, and never in defence."""
    family = rules.family
    assert isinstance(family, CastleSettings)
    return replace(rules, revision=2, family=replace(family, hidden_any_time=False, hidden_defends=False))


register_edition(Edition(
    "castle", "Castle Risk (1986)",
    "Europe in 1850: castles, hidden armies, Generals, Marshalls, Admirals, Spies and Diplomats; spoils at "
    "the end of the turn, no free move; capture every other castle. 2 to 6 players.",
    CASTLE, flow="risk.rules.castle.flow:CastleFlow", codec="risk.rules.castle.codec",
    revisions=((2, hidden_army_before_attacks),),
))
offer_option(
    "auto-setup", "castle",
    "Castles, claims, the rounds of armies and the hidden armies are placed for everyone: each castle where it "
    "can be held, the territories next to it claimed first, the armies guarding it first, the hidden army beside it.")
