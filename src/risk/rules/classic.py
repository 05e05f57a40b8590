"""The classic family: the 1980 rulebook (``classic``), its official variants as options, and the
differences the 1963 rule text states (``classic-1963``). Their flow is the core's :class:`risk.flow.Flow`."""

from __future__ import annotations

from dataclasses import replace

from risk.rules import Edition, Option, Rules, offer_option, register_edition, register_option

CLASSIC = Rules()

CLASSIC_1963 = replace(
    CLASSIC,
    edition="classic-1963",
    min_players=2,
    starting_armies=((2, 50), (3, 35), (4, 30), (5, 25), (6, 20)),
    neutral_with_two_players=False,
    setup_direction=-1,
    first_turn_offset=1,
    two_wilds_make_a_set=False,
    card_territory_bonus_cap=0,
    elimination_trade_at=5,
    elimination_trade_stops=False,
    occupy_minimum="one",
)

def first_release(rules: Rules) -> Rules:
    """The rules as the first release played them (revision 1, what codes of format 1 carry): the armies
    for a traded card's territory went to the first such card, and after an elimination any set in hand
    could be traded, whatever the hand's size."""
    return replace(rules, revision=1, choose_card_bonus=False, elimination_trade_stops=False)


register_edition(Edition(
    "classic", "Classic (1980)",
    "The 1980 Parker Brothers rulebook: 3 to 6 players, or 2 with neutral armies.",
    replace(CLASSIC, min_players=2), revisions=((1, first_release),), any_board=True,
))
register_edition(Edition(
    "classic-1963", "Classic (1963 rules)",
    "The 1963 rule text: 2 players with 50 armies and no neutral, reversed setup order, "
    "a forced trade at five cards in any phase, +2 on every owned card territory, move in at least one.",
    CLASSIC_1963, revisions=((1, first_release),), any_board=True,
))

_FAMILY = ("classic", "classic-1963")
for _edition in _FAMILY:
    offer_option("auto-setup", _edition)
for _option in (
    Option("headquarters", "Headquarters (shorter play)",
           "Each player chooses a secret headquarters; capture every opposing one while holding yours.",
           lambda r: replace(r, headquarters=True), _FAMILY),
    Option("headquarters-short", "Headquarters, shorter goal",
           "Headquarters game where 4 players need 2 opposing headquarters and 5 or 6 players need 3.",
           lambda r: replace(r, headquarters=True, headquarters_short=True), _FAMILY),
    Option("expert-card-values", "Expert: sets grow by one",
           "Card sets are worth 4, 5, 6, 7, ... armies.",
           lambda r: replace(r, set_values=(4,), set_value_step=1), _FAMILY),
    Option("expert-fortify", "Expert: chained fortification",
           "Move armies from any territories to any others along a chain of your own territories.",
           lambda r: replace(r, fortify_connected=True, fortify_moves=0), _FAMILY),
    Option("army-cap", "Expert: 12 armies per territory",
           "No territory may hold more than 12 armies; armies that cannot be placed are lost.",
           lambda r: replace(r, army_cap=12), _FAMILY),
    Option("card-reroll", "Expert: card re-roll",
           "Holding the card of either territory in a battle, re-roll one of your dice once per battle.",
           lambda r: replace(r, card_reroll=True), _FAMILY),
    Option("commanders", "Expert: commanders",
           "Once per turn, while attacking, turn one of the dice you just rolled into a six.",
           lambda r: replace(r, commanders=True), _FAMILY),
    # The page cannot show a player their mission yet: offered to the command line, links and codes only.
    Option("secret-missions", "Secret missions",
           "Each player is dealt a secret mission and wins at once on completing it.",
           lambda r: replace(r, secret_missions=True), _FAMILY, page=False),
):
    register_option(_option)
