"""The Revised edition (2008), rule by rule, in scenarios with scripted dice.

Each test quotes the rule text it follows (``000_…``: shared/spec/000_1bac1bc9be053acd.txt, section given),
or the research (shared/spec/research/revised_2008.md) or the design note's decision (shared/design/editions.md
§3.2) where the text is silent. Every decision is also in docs/rules.md, "Revised RISK (2008)".
"""

from collections import Counter
from dataclasses import replace

import pytest

from revised_scenario import (
    CITIES,
    FLOW,
    deal,
    give,
    held_mask,
    objective,
    revised_position,
    reward,
    scripted_rng,
    settle,
)
from risk import rng
from risk.actions import Attack, Blitz, Claim, EndTurn, Fortify, IllegalAction, Occupy, Place, listed
from risk.codec import decode_state, encode_state
from risk.deck import deck_for
from risk.dice import PLAIN, DiceModel
from risk.engine import apply, check, legal_actions, new_game, play, start_game
from risk.events import (
    BattleFought,
    CardDrawn,
    DeckReshuffled,
    Eliminated,
    GameWon,
    Placed,
    SetupDone,
    TurnStarted,
)
from risk.rules import make_rules
from risk.rules.revised import (
    MAJOR_OBJECTIVES,
    MAJOR_REWARDS,
    MINOR_OBJECTIVES,
    MINOR_REWARDS,
    OBJECTIVES,
    RevisedSettings,
)
from risk.rules.revised.actions import ClaimObjective, PlaceCapital, StartingManeuver, TradeStars
from risk.rules.revised.events import (
    BoardDealt,
    CapitalPlaced,
    ObjectiveClaimed,
    ObjectivesTaken,
    RewardsLost,
    StarsTraded,
)
from risk.rules.revised.flow import CAPITAL, ext, settings
from risk.state import Phase
from scenario import BOARD, tid

ASIA = [tid(t) for t in ("ural", "siberia", "yakutsk", "kamchatka", "irkutsk", "afghanistan", "mongolia", "japan",
                         "china", "middle_east", "india", "siam")]
NORTH_AMERICA = [t for c in BOARD.continents if c.id == "north_america" for t in c.territories]
EUROPE = [t for c in BOARD.continents if c.id == "europe" for t in c.territories]
AUSTRALIA = [t for c in BOARD.continents if c.id == "australia" for t in c.territories]
SOUTH_AMERICA = [t for c in BOARD.continents if c.id == "south_america" for t in c.territories]


def names(territories):
    return [BOARD.territories[t].id for t in territories]


def refused(state, action, message):
    """``action`` is refused with a message naming the rule, and nothing changes."""
    before = state.copy()
    with pytest.raises(IllegalAction, match=message):
        play(state, action)
    assert state == before


def played(state, action):
    """Check and apply ``action`` in place; what happened."""
    check(state, action)
    return apply(state, action)


# ---------------------------------------------------------------------------------------------
# Setup


def replay_setup_draws(seed, people, rewards=True):
    """The setup's draws made again from the seed, in the order the flow makes them: the first player, the
    shuffled deck, then per tier the objectives and the rewards."""
    g = rng.seed_state(seed)
    g, first = rng.below(g, people)
    cards = list(range(42))
    g = rng.shuffle(g, cards)
    objectives, rewards_drawn = [], []
    for tier, tokens in ((MINOR_OBJECTIVES, MINOR_REWARDS), (MAJOR_OBJECTIVES, MAJOR_REWARDS)):
        drawn = list(tier)
        g = rng.shuffle(g, drawn)
        objectives += drawn[:4]
        if rewards:
            pile = list(tokens)
            g = rng.shuffle(g, pile)
            rewards_drawn += pile[:4]
    return first, cards, objectives, rewards_drawn


@pytest.mark.parametrize("people", [3, 4, 5])
def test_setup_cities_objectives_and_rewards_are_drawn_as_the_text_says(people):
    """000 §3a: "Draw 15 random territory cards and place a city marker on each territory shown. Reshuffle the
    deck." §3b: "Place 4 Minor and 4 Major Objectives face up". §3c: "Place one Minor Reward on each Minor
    Objective and one Major Reward on each Major Objective." §3e: the first player is random."""
    for seed in range(6):
        state, events = start_game(make_rules("revised"), people, seed)
        first, cards, objectives, rewards = replay_setup_draws(seed, people)
        extra = ext(state)
        assert state.phase is CAPITAL and state.current == state.first_player == first
        assert extra.cities == tuple(sorted(cards[:15])) and len(set(extra.cities)) == 15
        assert list(extra.objectives) == objectives and list(extra.rewards) == rewards
        assert set(extra.objectives[:4]) <= set(MINOR_OBJECTIVES) and set(extra.objectives[4:]) <= set(MAJOR_OBJECTIVES)
        assert set(extra.rewards[:4]) <= set(MINOR_REWARDS) and set(extra.rewards[4:]) <= set(MAJOR_REWARDS)
        assert extra.holders == extra.rewarded == extra.airfields == [-1] * 8
        assert events == [BoardDealt(extra.cities, extra.objectives, extra.rewards)]
        # Starting troops (§3d): 30, 25 or 20 each.
        assert state.reserve == [{3: 30, 4: 25, 5: 20}[people]] * people


def test_over_many_games_every_objective_and_reward_turns_up_in_its_own_tier():
    """Design §3.2: the 12 objectives are 6 Minor and 6 Major, shuffled by tier; the 8 reward tokens are four
    Minor (Airfield, Additional Maneuver, Starting Maneuver, Guaranteed Card) and four Major (Attack Die,
    Airfield, 2 Troops, Defense Die), so all four of a tier are on the board in every game."""
    minor, major = Counter(), Counter()
    for seed in range(120):
        extra = ext(new_game(make_rules("revised"), 3, seed))
        minor.update(extra.objectives[:4])
        major.update(extra.objectives[4:])
        assert sorted(extra.rewards[:4]) == list(MINOR_REWARDS) and sorted(extra.rewards[4:]) == list(MAJOR_REWARDS)
    assert set(minor) == set(MINOR_OBJECTIVES) and set(major) == set(MAJOR_OBJECTIVES)
    assert [OBJECTIVES[o][0] for o in MINOR_OBJECTIVES] == [
        "cities-8", "cities-4-in-a-turn", "north-america", "europe", "asia", "enemy-capital"]
    assert [OBJECTIVES[o][0] for o in MAJOR_OBJECTIVES] == [
        "cities-11", "two-continents", "continent-in-a-turn", "territories-10-in-a-turn", "enemy-capitals-2",
        "territories-18"]


def test_basic_training_lays_out_the_objectives_without_rewards():
    """Research §2.3: Basic Training ("Boot Camp") plays the objectives without their rewards."""
    state = new_game(make_rules("revised", ["basic-training"]), 4, 3)
    _first, _, objectives, _ = replay_setup_draws(3, 4, rewards=False)
    assert list(ext(state).objectives) == objectives and ext(state).rewards == ()


@pytest.mark.parametrize("people", [3, 4, 5])
def test_setup_capitals_first_then_claims_then_one_army_at_a_time_and_the_later_seats_cards(people):
    """000 §3f: "Starting with the first player, each player places their capital and one troop on an empty
    territory. Play proceeds clockwise." §3g: "Players continue placing one troop on empty territories until
    all are claimed." §3h: "Players place remaining troops ... until all troops are placed." §3i: "3rd and 4th
    players: 1 territory card each; 5th player: 2 territory cards." §3j: "First player begins their turn.\""""
    state = new_game(make_rules("revised"), people, seed=people)
    first = state.first_player
    order = [(first + i) % people for i in range(people)]
    start = state.reserve[0]
    # Capitals, clockwise from the first player.
    for i, seat in enumerate(order):
        assert state.phase is CAPITAL and state.current == seat
        refused(state, Claim(i), "first each player places a capital")
        if i:
            refused(state, PlaceCapital(0), "Alaska is taken: place your capital on an empty territory")
        events = played(state, PlaceCapital(i))
        assert events == [CapitalPlaced(seat, i)]
        assert ext(state).capitals[seat] == i and state.owner[i] == seat and state.armies[i] == 1
        assert state.reserve[seat] == start - 1
    # Then the claims, round the table from the first player again, one army at a time.
    assert state.phase is Phase.CLAIM
    claims = 0
    while state.phase is Phase.CLAIM:
        assert state.current == order[(people + claims) % people]
        refused(state, PlaceCapital(state.owner.index(-1)), "every player has placed a capital")
        played(state, Claim(state.owner.index(-1)))
        claims += 1
    assert claims == 42 - people
    # Then the rest, one army a turn round the table.
    placed = 0
    while state.phase is Phase.SETUP:
        seat = state.current
        assert state.quota_own == 1
        own = state.owner.index(seat)
        refused(state, Place(own, 2), "only 1 more")
        events = played(state, Place(own, 1))
        placed += 1
    assert placed == people * start - 42
    dealt = sum([0, 0, 1, 1, 2][:people])
    assert [type(e) for e in events] == [Placed, SetupDone] + [CardDrawn] * dealt + [TurnStarted]
    assert all(sum(a for t, a in enumerate(state.armies) if state.owner[t] == p) == start for p in range(people))
    # The later seats' initial cards, from a deck with every card in it again (the cities' cards included).
    assert [len(state.hands[seat]) for seat in order] == [0, 0, 1, 1, 2][:people]
    assert sorted(state.deck + [c for h in state.hands for c in h]) == list(range(42))
    assert state.phase is Phase.REINFORCE and state.current == first and state.turn == 1


# ---------------------------------------------------------------------------------------------
# The draft


def draft(state, seat=0):
    """The armies ``seat``'s turn begins with (through the flow's own start of a turn)."""
    events = []
    FLOW.begin_turn(state, seat, events)
    income = [e.income for e in events if isinstance(e, TurnStarted)]
    assert income == [state.reserve[seat]] == [FLOW.reinforcements(state, seat)]
    return income[0]


@pytest.mark.parametrize(("territories", "cities", "expected"), [
    (["peru", "brazil", "egypt"], [], 3),  # 3 // 3 = 1: at least 3
    (["peru", "brazil", "egypt", "congo", "north_africa", "siam", "indonesia", "japan", "mongolia"], [], 3),
    (["peru", "brazil", "egypt", "congo", "north_africa", "siam", "indonesia", "japan", "mongolia", "alaska"],
     ["alaska"], 3),  # 10 territories + 1 city = 11 // 3 = 3
    (["peru", "brazil", "egypt", "congo", "north_africa", "siam", "indonesia", "japan", "alaska", "alberta",
      "ontario"], ["alaska", "alberta", "ontario"], 4),  # 11 + 3 = 14 // 3 = 4 (rounded down)
    (["peru", "brazil", "egypt", "congo", "north_africa", "siam", "indonesia", "japan", "alaska", "alberta",
      "ontario", "quebec"], ["alaska", "alberta", "ontario", "quebec"], 5),  # 12 + 4 = 16 // 3 = 5
])
def test_the_draft_is_territories_plus_cities_over_three_rounded_down_and_at_least_three(territories, cities, expected):
    """000 §5 Drafting: "Number of territories + cities controlled, divided by 3, rounded down. Cities count as
    double for drafting ... Minimum: If result is less than 3, round up to 3." Seat 0 holds no capital here."""
    state = revised_position(default_owner=1, owners=dict.fromkeys(territories, 0),
                             capitals=["eastern_australia", "western_australia", "argentina"])
    state.owner[tid("argentina")] = 2
    state.alive[2] = True
    assert sorted(t for t in CITIES if state.owner[t] == 0) == sorted(tid(c) for c in cities)
    assert draft(state) == expected


def test_continent_bonuses_are_the_classic_ones():
    """000 §5: "North America: 5, South America: 2, Africa: 3, Europe: 5, Asia: 7, Australia: 2"."""
    assert {c.id: c.bonus for c in BOARD.continents} == {
        "north_america": 5, "south_america": 2, "africa": 3, "europe": 5, "asia": 7, "australia": 2}
    owned = AUSTRALIA + SOUTH_AMERICA
    state = revised_position(default_owner=1, owners={BOARD.territories[t].id: 0 for t in owned},
                             capitals=["alaska", "iceland", "egypt"])
    state.owner[tid("egypt")] = 2
    state.alive[2] = True
    assert draft(state) == 3 + 2 + 2  # 8 territories (no city): 3, and two continents


def test_every_capital_held_adds_one_own_others_and_an_eliminated_players():
    """000 §5: "Capital Bonus: +1 troop per capital controlled (including your own)." Design §3.2: capitals of
    eliminated players stay on the board and keep counting."""
    state = revised_position(default_owner=1, owners={"peru": 0, "brazil": 0, "egypt": 0, "argentina": 2},
                             capitals=["peru", "congo", "brazil"])
    assert draft(state.copy()) == 3 + 2  # 3 territories: 3; its own capital (Peru) and seat 2's (Brazil)
    state.owner[tid("congo")] = 0  # seat 1's capital taken
    assert draft(state.copy()) == 3 + 3
    state.owner[tid("argentina")] = 0  # seat 2 out of the game: its capital still counts
    state.alive[2] = False
    assert draft(state.copy()) == 3 + 3
    state.owner[tid("peru")] = 1  # a capital lost is a bonus lost, one's own too
    assert draft(state.copy()) == 3 + 2


def test_the_two_troops_reward_adds_two_to_each_draft():
    """Research §4 and design §3.2: the Major reward "2 Troops" gives "+2 troops every draft" (OWL, 3FG)."""
    state = revised_position(default_owner=1, owners={"peru": 0, "brazil": 0, "egypt": 0},
                             capitals=["peru", "alaska", "iceland"], rewards=(0, 1, 2, 3, 4, 5, 6, 7))
    state.owner[tid("iceland")] = 2
    state.alive[2] = True
    slot = list(ext(state).rewards).index(reward("two-troops"))
    base = draft(state.copy())
    give(state, 0, slot)
    assert draft(state) == base + 2
    # Its objective taken by another (the reward stays with whoever claimed it): nothing for seat 0.
    ext(state).rewarded[slot] = -1
    ext(state).holders[slot] = 1
    assert FLOW.reinforcements(state, 0) == base


# ---------------------------------------------------------------------------------------------
# Star trades


def test_the_deck_is_42_territory_cards_without_wilds_asia_two_stars_the_rest_one():
    """000 §2: "Territory cards (without wild cards)"; §5: "Asia cards = ★★; all others = ★" (research: seed
    only, unverified; design §3.2 keeps it): 54 stars in all."""
    deck = deck_for(make_rules("revised"))
    assert len(deck) == 42 and deck.territories == tuple(range(42))
    assert [c for c in range(42) if deck.stars[c] == 2] == sorted(ASIA)
    assert sum(deck.stars) == 54


def reinforce_position(hand, **kwargs):
    """Seat 0's draft with these cards in hand."""
    state = revised_position(**kwargs)
    deal(state, 0, hand)
    draft(state)
    return state


ONES = [tid(t) for t in ("alaska", "peru", "egypt", "iceland", "congo", "brazil", "quebec", "ontario", "alberta",
                         "greenland")]


@pytest.mark.parametrize(("stars", "armies"), [(2, 2), (3, 4), (4, 7), (5, 10), (6, 13), (7, 17), (8, 21), (9, 25),
                                               (10, 30)])
def test_star_trades_follow_the_printed_table(stars, armies):
    """000 §5: "Trade 2–10 stars worth of territory cards for bonus troops: 2★ = 2, 3★ = 4, 4★ = 7, 5★ = 10, 6★ =
    13, 7★ = 17, 8★ = 21, 9★ = 25, 10★ = 30. Territories on cards are irrelevant; only stars matter.\""""
    twos, ones = ASIA[: stars // 2], ONES[: stars % 2]
    for cards in (tuple(sorted(ones + twos)), tuple(ONES[:stars])):
        state = reinforce_position(list(cards))
        reserve = state.reserve[0]
        events = played(state, TradeStars(cards))
        assert events == [StarsTraded(0, cards, stars, armies)]
        assert state.reserve[0] == reserve + armies and state.hands[0] == [] and state.discard == list(cards)
        assert ext(state).traded and state.phase is Phase.REINFORCE


def test_one_asia_card_alone_is_a_trade_of_two_stars():
    """000 §5: "Asia cards = ★★", and a trade is of "2–10 stars": one Asia card is enough."""
    state = reinforce_position([tid("china")])
    assert listed(TradeStars((tid("china"),)), legal_actions(state))
    reserve = state.reserve[0]
    played(state, TradeStars((tid("china"),)))
    assert state.reserve[0] == reserve + 2


def test_a_trade_of_one_star_or_of_more_than_ten_is_refused():
    """000 §5: "Trade 2–10 stars worth of territory cards"."""
    state = reinforce_position([ONES[0], *ASIA[:6]])
    refused(state, TradeStars((ONES[0],)), "trade cards worth 2 to 10 stars; these are worth 1")
    refused(state, TradeStars(tuple(sorted([ONES[0], *ASIA[:5]]))), "worth 11")
    refused(state, TradeStars(()), "trade different cards from your own hand")
    refused(state, TradeStars((ASIA[0], ASIA[0])), "trade different cards from your own hand")
    refused(state, TradeStars((ONES[1], ONES[2])), "trade different cards from your own hand")


def test_one_trade_a_turn_only_while_drafting():
    """Design §3.2: "one trade per turn, during the draft" (the FAQ words it as one act; 000 §5 lists card
    trades under Drafting Troops)."""
    state = reinforce_position(ASIA[:4])
    played(state, TradeStars((ASIA[0],)))
    refused(state, TradeStars((ASIA[1],)), "you may trade cards once a turn")
    assert not [c for c in legal_actions(state) if isinstance(c.action, TradeStars)]
    played(state, Place(0, state.reserve[0]))
    assert state.phase is Phase.ATTACK
    refused(state, TradeStars((ASIA[1],)), "cards are traded while drafting")
    # Next turn, a trade again.
    played(state, EndTurn())
    while state.current != 0:
        FLOW.end_turn(state, [])
    assert listed(TradeStars((ASIA[1],)), legal_actions(state))


def test_a_trade_is_never_forced_however_many_cards():
    """Design §3.1: "You can also hold limitless cards" (Black Ops), so no forced trade: with twelve cards the
    draft may be placed, and the turn goes on with every card kept."""
    state = reinforce_position(ASIA + ONES[:2])
    assert len(state.hands[0]) == 14
    assert any(isinstance(c.action, Place) for c in legal_actions(state))
    played(state, Place(0, state.reserve[0]))
    assert state.phase is Phase.ATTACK and len(state.hands[0]) == 14


def test_listed_trades_take_the_lowest_numbered_cards_of_each_kind():
    """Only stars count (000 §5), so legal_actions lists one trade per count of one-star and two-star cards,
    with the lowest-numbered cards of each kind; any other cards of the same stars trade alike when named."""
    hand = [ONES[0], ONES[3], ONES[5], ASIA[2], ASIA[7]]
    state = reinforce_position(hand)
    trades = sorted(c.action.cards for c in legal_actions(state) if isinstance(c.action, TradeStars))
    ones, twos = sorted(hand[:3]), sorted(hand[3:])
    expected = sorted(tuple(sorted(ones[:i] + twos[:j])) for i in range(4) for j in range(3) if 2 <= i + 2 * j <= 10)
    assert trades == expected and len(trades) == 10
    reserve = state.reserve[0]
    played(state, TradeStars(tuple(sorted([ONES[5], ASIA[7]]))))  # not listed, but just as legal
    assert state.reserve[0] == reserve + 4


def test_cards_taken_in_an_elimination_wait_for_a_later_draft():
    """Design §3.2: "cards won by elimination only on a later turn": trades happen only while drafting."""
    state = revised_position(owners={"kamchatka": 2}, armies={"alaska": 10},
                             default_owner=0, capitals=["alaska", "peru", "kamchatka"])
    state.owner[tid("peru")] = 1
    state.alive = [True, True, True]
    deal(state, 2, ASIA[:3])
    state.rng = scripted_rng(PLAIN, 3, 1, (6, 6, 6), (1,))
    events = played(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert any(isinstance(e, Eliminated) for e in events)
    assert sorted(state.hands[0]) == sorted(ASIA[:3]) and state.phase is Phase.OCCUPY
    played(state, Occupy(3))
    assert state.phase is Phase.ATTACK
    refused(state, TradeStars((ASIA[0],)), "cards are traded while drafting")


# ---------------------------------------------------------------------------------------------
# The twelve objectives


def slot_of(state, key):
    return list(ext(state).objectives).index(objective(key))


def with_objective(key, **kwargs):
    """A position whose board shows ``key``'s objective (in the first slot of its tier)."""
    number = objective(key)
    minor, major = [0, 1, 2, 3], [6, 7, 8, 9]
    tier = minor if number in MINOR_OBJECTIVES else major
    if number not in tier:
        tier[0] = number
    return revised_position(objectives=(*minor, *major), **kwargs)


def meets(state, key):
    return FLOW.objective_gap(state, objective(key), state.current)


def cities_position(count, key):
    own = list(CITIES[:count])
    state = with_objective(key, default_owner=1, capitals=["peru", "brazil", "egypt"])
    for t in [*own, tid("peru")]:
        state.owner[t] = 0
    state.owner[tid("egypt")] = 2
    return settle(state)


def taken_this_turn(state, territories, held_at_start=()):
    """Seat 0 took ``territories`` this turn (held none of them at its start, but ``held_at_start``)."""
    for t in territories:
        state.owner[t] = 0
    ext(state).start_owned = held_mask(state, 0) & ~sum(1 << t for t in territories if t not in held_at_start)


def scenario_cities_8(met):
    return cities_position(8 if met else 7, "cities-8"), "cities-8", "you have 7 of the 8 cities"


def scenario_cities_11(met):
    return cities_position(11 if met else 10, "cities-11"), "cities-11", "you have 10 of the 11 cities"


def scenario_cities_in_a_turn(met):
    state = cities_position(0, "cities-4-in-a-turn")
    # Four cities held now; one of them was already held at the start of the turn when not met.
    taken_this_turn(state, CITIES[:4], held_at_start=() if met else CITIES[:1])
    return state, "cities-4-in-a-turn", "you have 3 of the 4 cities taken this turn"


def continent_position(key, continent, met):
    state = with_objective(key, default_owner=1, capitals=["peru", "brazil", "egypt"])
    state.owner[tid("peru")] = 0
    state.owner[tid("egypt")] = 2
    state.alive[2] = True
    for t in continent[: len(continent) - (0 if met else 1)]:
        state.owner[t] = 0
    return settle(state)


def scenario_north_america(met):
    return continent_position("north-america", NORTH_AMERICA, met), "north-america", \
        "1 of North America's territories is not yours"


def scenario_europe(met):
    return continent_position("europe", EUROPE, met), "europe", "1 of Europe's territories is not yours"


def scenario_asia(met):
    return continent_position("asia", ASIA, met), "asia", "1 of Asia's territories is not yours"


def capitals_position(key, held):
    """Four players, capitals on Peru (seat 0), Egypt, Siam and Japan; seat 0 holds ``held`` of the others."""
    state = with_objective(key, people=4, default_owner=1, capitals=["peru", "egypt", "siam", "japan"])
    state.owner[tid("peru")] = 0
    state.owner[tid("siam")] = 2
    state.owner[tid("japan")] = 3
    for name in ("egypt", "siam")[:held]:
        state.owner[tid(name)] = 0
    return settle(state)


def scenario_enemy_capital(met):
    return capitals_position("enemy-capital", 1 if met else 0), "enemy-capital", "you have 0 of the 1 enemy capitals"


def scenario_enemy_capitals_2(met):
    return (capitals_position("enemy-capitals-2", 2 if met else 1), "enemy-capitals-2",
            "you have 1 of the 2 enemy capitals")


def scenario_two_continents(met):
    state = continent_position("two-continents", AUSTRALIA, True)
    for t in SOUTH_AMERICA[: 4 if met else 3]:
        state.owner[t] = 0
    if not met:
        state.owner[tid("argentina")] = 1
        state.owner[tid("peru")] = 0
    ext(state).start_owned = held_mask(state, 0)
    return state, "two-continents", "you have 1 of the 2 whole continents"


def scenario_continent_in_a_turn(met):
    state = continent_position("continent-in-a-turn", [], True)
    # Australia taken whole this turn; when not met, seat 0 already had a foot in it (Indonesia).
    taken_this_turn(state, AUSTRALIA, held_at_start=() if met else [tid("indonesia")])
    return state, "continent-in-a-turn", "you have 0 of the 1 continents taken whole this turn"


def scenario_territories_in_a_turn(met):
    state = continent_position("territories-10-in-a-turn", [], True)
    new = [tid(t) for t in ("alaska", "alberta", "ontario", "quebec", "greenland", "iceland", "ukraine", "ural",
                            "siberia", "china")]
    taken_this_turn(state, new, held_at_start=() if met else new[:1])
    return state, "territories-10-in-a-turn", "you have 9 of the 10 territories taken this turn"


def scenario_territories_18(met):
    state = continent_position("territories-18", [], True)
    others = [t for t in range(42) if state.owner[t] != 0]
    for t in others[: (18 if met else 17) - 1]:
        state.owner[t] = 0
    ext(state).start_owned = held_mask(state, 0)
    return state, "territories-18", "you have 17 of the 18 territories"


SCENARIOS = [scenario_cities_8, scenario_cities_in_a_turn, scenario_north_america, scenario_europe, scenario_asia,
             scenario_enemy_capital, scenario_cities_11, scenario_two_continents, scenario_continent_in_a_turn,
             scenario_territories_in_a_turn, scenario_enemy_capitals_2, scenario_territories_18]


def test_the_scenarios_cover_the_twelve_objectives():
    """000 §5 lists eleven conditions; research §2.4 and design §3.2 add "Control 1 enemy capital" (fan code)."""
    assert len(OBJECTIVES) == 12
    assert sorted(scenario(True)[1] for scenario in SCENARIOS) == sorted(k for k, _ in OBJECTIVES)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.__name__.removeprefix("scenario_"))
def test_each_objective_is_claimed_when_met_and_refused_one_short(scenario):
    """000 §5 "Eligibility Conditions": Control 8 / 11 cities; Control North America / Europe / Asia; Take over
    10 territories in 1 turn ("Gain control of 10+ territories not held at turn start"); Control 2 enemy
    capitals; Control 18 territories; Control 2 complete continents; Take over entire continent in 1 turn
    ("Gain full control of a continent with no prior presence"); Take control of 4 cities in 1 turn ("Gain 4+
    cities not controlled at turn start"); and the 12th, Control 1 enemy capital (research §2.4). A
    condition one short is refused with what is missing, and nothing changes."""
    state, key, gap = scenario(True)
    slot = slot_of(state, key)
    assert meets(state, key) == "" and slot in FLOW.claimable(state)
    airfield = tid("peru") if FLOW.airfield_reward(state, slot) else -1
    events = played(state, ClaimObjective(slot, airfield))
    assert events == [ObjectiveClaimed(0, slot, objective(key), ext(state).rewards[slot], airfield)]
    assert ext(state).holders[slot] == 0 and ext(state).rewarded[slot] == 0

    state, key, gap = scenario(False)
    slot = slot_of(state, key)
    assert meets(state, key) == gap and slot not in FLOW.claimable(state)
    name = OBJECTIVES[objective(key)][1]
    refused(state, ClaimObjective(slot, airfield), f"you do not meet “{name}” yet: {gap}")


def test_in_one_turn_counts_from_what_was_held_when_the_turn_began():
    """000 §5: "Take Control of 4 Cities in 1 Turn: Gain 4+ cities not controlled at turn start." The start of
    the turn is when the draft begins; a city taken in battle this turn counts, one held before does not."""
    state = with_objective("cities-4-in-a-turn", default_owner=1, capitals=["peru", "brazil", "egypt"],
                           armies={"kamchatka": 8})
    state.owner[tid("peru")] = state.owner[tid("kamchatka")] = 0
    state.owner[tid("egypt")] = 2
    settle(state)
    state.current = 2
    FLOW.end_turn(state, [])  # seat 2's turn ends: seat 0's begins
    assert state.current == 0 and ext(state).start_owned == held_mask(state, 0)
    played(state, Place(tid("kamchatka"), state.reserve[0]))
    assert meets(state, "cities-4-in-a-turn") == "you have 0 of the 4 cities taken this turn"
    state.rng = scripted_rng(PLAIN, 3, 1, (6, 6, 6), (1,))
    played(state, Attack(tid("kamchatka"), tid("alaska"), 3))  # Alaska is a city
    played(state, Occupy(3))
    assert meets(state, "cities-4-in-a-turn") == "you have 1 of the 4 cities taken this turn"
    # The same four cities held from the start of a turn do not count.
    for t in CITIES[1:4]:
        state.owner[t] = 0
    assert meets(state, "cities-4-in-a-turn") == ""
    ext(state).start_owned = held_mask(state, 0)
    assert meets(state, "cities-4-in-a-turn") == "you have 0 of the 4 cities taken this turn"


def test_ones_own_capital_is_not_an_enemy_capital_but_an_eliminated_players_is():
    """000 §5: "Control 2 Enemy Capitals: Possess two capitals belonging to other players." Design §3.2: the
    capital of an eliminated player stays on the board and keeps counting."""
    state = capitals_position("enemy-capital", 0)
    assert meets(state, "enemy-capital") == "you have 0 of the 1 enemy capitals"
    state.owner[tid("japan")] = 0
    state.alive[3] = False
    assert meets(state, "enemy-capital") == ""


# ---------------------------------------------------------------------------------------------
# Claiming


def claim_position(**kwargs):
    """Seat 0 meets "Control Australia and South America" (two continents, slot 5) and "Control 8 cities"
    (slot 0); holds nothing else of note."""
    state = with_objective("two-continents", default_owner=1, capitals=["peru", "egypt", "kamchatka"], **kwargs)
    for t in AUSTRALIA + SOUTH_AMERICA + list(CITIES[:8]):
        state.owner[t] = 0
    state.owner[tid("egypt")] = 1
    state.owner[tid("kamchatka")] = 2
    return settle(state)


def test_one_objective_a_turn_and_the_claim_ends_the_attacks():
    """000 §5: "Only one Objective may be claimed per turn." §4: "Attack; Collect One Objective (if eligible);
    Maneuver": design §3.2 "ClaimObjective is legal in the attack phase and ends the attacks"."""
    state = claim_position(armies={"indonesia": 5})
    assert FLOW.claimable(state) == [0, 5]
    played(state, ClaimObjective(5))
    assert state.phase is Phase.FORTIFY
    refused(state, ClaimObjective(0), "only one objective may be claimed each turn")
    refused(state, Attack(tid("indonesia"), tid("siam"), 3), "no more attacks after claiming an objective")
    refused(state, Blitz(tid("indonesia"), tid("siam"), 0), "no more attacks after claiming an objective")
    assert FLOW.claimable(state) == []
    assert {type(c.action) for c in legal_actions(state)} == {Fortify, EndTurn}
    # The maneuver is still there, then the turn ends.
    events = played(state, Fortify(tid("indonesia"), tid("new_guinea"), 4))
    assert any(isinstance(e, TurnStarted) for e in events) and state.current == 1


def test_an_objective_may_be_claimed_before_any_attack_but_not_while_drafting_nor_after_the_maneuver():
    """000 §4: the objective comes after the attack step and before the maneuver; design §3.2: claimed in the
    attack phase (attacking is optional), not during the draft, not once the maneuver began."""
    state = claim_position(armies={"indonesia": 5})
    reinforce = state.copy()
    reinforce.phase = Phase.REINFORCE
    reinforce.reserve[0] = 3
    refused(reinforce, ClaimObjective(0), "an objective is claimed after attacking and before maneuvering")
    moved = state.copy()
    give(moved, 0, list(ext(moved).rewards).index(reward("additional-maneuver")))  # two maneuvers
    played(moved, Fortify(tid("indonesia"), tid("new_guinea"), 1))
    assert moved.phase is Phase.FORTIFY
    refused(moved, ClaimObjective(0), "an objective is claimed after attacking and before maneuvering")
    played(state, ClaimObjective(0, tid("peru")))
    assert ext(state).holders[0] == 0


def test_a_claimed_objective_leaves_the_board():
    """000 §7: "What if all Objectives are claimed? ... no new Objectives are drawn": a claimed objective is
    no longer on offer, to anyone."""
    state = claim_position()
    played(state, ClaimObjective(0, tid("peru")))
    played(state, EndTurn())
    # Seat 1 now holds 8 cities too.
    while state.current != 1:
        FLOW.end_turn(state, [])
    state.phase = Phase.ATTACK
    state.reserve[1] = 0
    for t in CITIES[:8]:
        state.owner[t] = 1
    ext(state).start_owned = held_mask(state, 1)
    assert FLOW.objective_gap(state, objective("cities-8"), 1) == ""
    assert 0 not in FLOW.claimable(state)
    refused(state, ClaimObjective(0), "“Control 8 cities” has been claimed already")
    refused(state, ClaimObjective(8), "choose one of the objectives on the board")


def test_claiming_keeps_the_turns_card_away_a_conquest_without_a_claim_earns_one():
    """000 §5 Draw a Card: "If a player conquered at least one enemy territory and did not claim an Objective,
    draw one territory card.\""""
    for claim in (False, True):
        state = claim_position(armies={"indonesia": 6})
        state.owner[tid("siam")] = 1
        state.rng = scripted_rng(PLAIN, 3, 1, (6, 6, 6), (1,))
        played(state, Attack(tid("indonesia"), tid("siam"), 3))
        played(state, Occupy(3))
        if claim:
            played(state, ClaimObjective(5))
        events = played(state, EndTurn())
        drawn = [e for e in events if isinstance(e, CardDrawn)]
        assert len(drawn) == (0 if claim else 1) and len(state.hands[0]) == len(drawn)
    # No conquest, no claim: no card.
    state = claim_position()
    events = played(state, EndTurn())
    assert not any(isinstance(e, CardDrawn) for e in events)


def test_an_empty_draw_pile_is_the_discards_shuffled():
    """000 §5: "If deck is empty, shuffle discard pile to form new deck.\""""
    state = claim_position(armies={"indonesia": 6})
    state.owner[tid("siam")] = 1
    state.discard = state.deck[:5]
    state.hands[1] = state.deck[5:]
    state.deck = []
    state.rng = scripted_rng(PLAIN, 3, 1, (6, 6, 6), (1,))
    played(state, Attack(tid("indonesia"), tid("siam"), 3))
    played(state, Occupy(3))
    events = played(state, EndTurn())
    assert [type(e) for e in events[:2]] == [DeckReshuffled, CardDrawn]
    assert len(state.deck) == 4 and state.discard == [] and len(state.hands[0]) == 1


# ---------------------------------------------------------------------------------------------
# Rewards


def rewarded_position(token, airfield="", **kwargs):
    """Seat 0 holds ``token``'s objective (slot of that token) with its reward, and Siam beside Indonesia."""
    state = claim_position(**kwargs)
    state.owner[tid("siam")] = 0
    settle(state)
    slot = list(ext(state).rewards).index(token)
    give(state, 0, slot, airfield=airfield)
    return state, slot


def test_the_airfield_goes_on_a_territory_of_the_claimers_own():
    """Design §3.2 Airfield: "placed when claimed, on a territory the claimer controls, and never moved"."""
    state = claim_position()
    assert ext(state).rewards[0] == reward("airfield", "minor")
    refused(state, ClaimObjective(0), "the Airfield reward goes on one of your territories: choose where")
    refused(state, ClaimObjective(0, tid("egypt")), "Egypt is not yours: the Airfield goes on one of your territories")
    refused(state, ClaimObjective(0, 42), "the airfield is not a territory on this board")
    refused(state, ClaimObjective(5, tid("peru")), "only an Airfield reward is placed on the board")
    listed_claims = [c.action for c in legal_actions(state) if isinstance(c.action, ClaimObjective)]
    assert sorted(a.airfield for a in listed_claims if a.slot == 0) == state.territories_of(0)
    assert [a for a in listed_claims if a.slot == 5] == [ClaimObjective(5)]
    events = played(state, ClaimObjective(0, tid("indonesia")))
    assert events == [ObjectiveClaimed(0, 0, objective("cities-8"), reward("airfield", "minor"), tid("indonesia"))]
    assert ext(state).airfields[0] == tid("indonesia")


def airfield_position(where="siam"):
    """Seat 0's Airfield on ``where``; seat 1 holds India, China and Ural around it, Middle East further."""
    state, slot = rewarded_position(reward("airfield", "minor"), airfield=where,
                                    armies={"siam": 5, "indonesia": 5, "india": 3, "china": 3})
    for name in ("india", "china", "ural", "middle_east", "afghanistan"):
        state.owner[tid(name)] = 1
    return state, slot


def test_the_airfield_adds_one_to_the_highest_die_on_and_beside_its_territory():
    """Design §3.1 (infobarrel): the Airfield "adds one to your highest die roll when you attack or defend from
    that territory or any adjacent country"; §3.2: while its holder controls the airfield territory."""
    state, slot = airfield_position()
    siam, indonesia, india, china = tid("siam"), tid("indonesia"), tid("india"), tid("china")
    assert FLOW.battle_model(state, siam, india) == DiceModel(attack_plus=1)  # from the airfield
    assert FLOW.battle_model(state, indonesia, tid("new_guinea")) == DiceModel(attack_plus=1)  # from a neighbour
    assert FLOW.battle_model(state, india, siam) == DiceModel(defend_plus=1)  # defending the airfield
    assert FLOW.battle_model(state, china, indonesia) == DiceModel(defend_plus=1)  # defending a neighbour
    assert FLOW.battle_model(state, tid("afghanistan"), tid("ural")) == PLAIN  # someone else's battle
    far = state.copy()
    far.owner[tid("ukraine")] = 0
    assert FLOW.battle_model(far, tid("middle_east"), tid("ukraine")) == PLAIN  # far from it
    # Lost with its territory (it stays there, and works again if retaken).
    lost = state.copy()
    lost.owner[siam] = 1
    assert FLOW.battle_model(lost, indonesia, siam) == PLAIN
    assert FLOW.battle_model(lost, siam, indonesia) == PLAIN  # nor for whoever took it
    assert ext(lost).airfields[slot] == siam


def test_the_airfield_wins_a_tie_on_the_highest_die_with_real_dice():
    """An attack from the airfield: a 5 against a 5 would lose (ties go to the defender, 000 §5); with the
    Airfield's +1 it is 6 against 5 and the defender loses."""
    for with_airfield in (False, True):
        state, slot = airfield_position()
        if not with_airfield:
            ext(state).rewarded[slot] = -1
            ext(state).airfields[slot] = -1
        model = DiceModel(attack_plus=1) if with_airfield else PLAIN
        state.rng = scripted_rng(model, 1, 2, (5,), (5, 2))
        events = played(state, Attack(tid("siam"), tid("india"), 1))
        (battle,) = [e for e in events if isinstance(e, BattleFought)]
        assert (battle.attacker, battle.defender) == ((5,), (5, 2))
        assert (battle.attacker_losses, battle.defender_losses) == ((0, 1) if with_airfield else (1, 0))
        assert battle.model == (model if with_airfield else None)


def test_two_airfields_on_one_battle_give_one_plus_at_most():
    """000 §7: "Do Airfield benefits stack? No. If multiple Airfields affect the same territory, only one +1
    bonus applies.\""""
    state, _ = airfield_position()
    second = list(ext(state).rewards).index(reward("airfield", "major"))
    give(state, 0, second, airfield="indonesia")
    assert FLOW.battle_model(state, tid("siam"), tid("india")) == DiceModel(attack_plus=1)
    both = state.copy()
    ext(both).airfields[second] = tid("siam")  # two on one territory
    assert FLOW.battle_model(both, tid("siam"), tid("india")) == DiceModel(attack_plus=1)


def test_the_attack_die_rolls_one_more_and_keeps_the_best():
    """Design §3.1: the bonus die is rolled with the others and the lowest dropped ("roll n+1, keep n";
    boardgames.stackexchange.com 5840 for the Defense Die, the Attack Die by symmetry)."""
    state, _ = rewarded_position(reward("attack-die"), armies={"siam": 5})
    state.owner[tid("india")] = 1
    assert FLOW.battle_model(state, tid("siam"), tid("india")) == DiceModel(attack_bonus=1)
    state.rng = scripted_rng(DiceModel(attack_bonus=1), 3, 1, (6, 5, 1, 1), (5,))
    events = played(state, Attack(tid("siam"), tid("india"), 3))
    (battle,) = [e for e in events if isinstance(e, BattleFought)]
    assert battle.attacker == (6, 5, 1, 1)
    assert battle.model.compared(battle.attacker, battle.defender) == ((6, 5, 1), (5,))
    assert (battle.attacker_losses, battle.defender_losses) == (0, 1)
    # One die rolled: two thrown, the better kept.
    state, _ = rewarded_position(reward("attack-die"), armies={"siam": 2})
    state.owner[tid("india")] = 1
    state.armies[tid("india")] = 2
    state.rng = scripted_rng(DiceModel(attack_bonus=1), 1, 2, (1, 6), (5, 5))
    (battle,) = [e for e in played(state, Attack(tid("siam"), tid("india"), 1)) if isinstance(e, BattleFought)]
    assert battle.attacker == (6, 1) and (battle.attacker_losses, battle.defender_losses) == (0, 1)


def test_the_defense_die_rolls_one_more_and_keeps_the_best():
    """Design §3.1: "a bonus defense die. This die will replace the lowest defender's die rolled (unless the
    bonus die is the lowest)" (boardgames.stackexchange.com 5840)."""
    state, _ = rewarded_position(reward("defense-die"))
    state.current = 1
    state.owner[tid("india")] = 1
    state.armies[tid("india")] = 4
    state.armies[tid("siam")] = 2
    ext(state).start_owned = held_mask(state, 1)
    assert FLOW.battle_model(state, tid("india"), tid("siam")) == DiceModel(defend_bonus=1)
    state.rng = scripted_rng(DiceModel(defend_bonus=1), 3, 2, (5, 4, 1), (6, 4, 1))
    (battle,) = [e for e in played(state, Attack(tid("india"), tid("siam"), 3)) if isinstance(e, BattleFought)]
    assert battle.defender == (6, 4, 1) and (battle.attacker_losses, battle.defender_losses) == (2, 0)


def test_the_bonus_die_is_kept_before_the_airfield_adds_one():
    """Design §3.2: "Attack Die / Defense Die ... applied before the Airfield +1": the best n of n+1 are kept,
    then the highest kept die gets the +1."""
    state, _slot = airfield_position()
    give(state, 0, list(ext(state).rewards).index(reward("attack-die")))
    model = FLOW.battle_model(state, tid("siam"), tid("india"))
    assert model == DiceModel(attack_bonus=1, attack_plus=1)
    state.rng = scripted_rng(model, 2, 2, (5, 4, 4), (6, 4))
    (battle,) = [e for e in played(state, Attack(tid("siam"), tid("india"), 2)) if isinstance(e, BattleFought)]
    assert model.compared(battle.attacker, battle.defender) == ((6, 4), (6, 4))
    assert (battle.attacker_losses, battle.defender_losses) == (2, 0)


def test_a_blitz_fights_every_roll_under_the_rewards_dice():
    """The rewards hold for every roll of a battle fought to the end (blitz), each roll recorded raw."""
    state, _ = rewarded_position(reward("attack-die"), armies={"siam": 12})
    state.owner[tid("india")] = 1
    state.armies[tid("india")] = 6
    events = played(state, Blitz(tid("siam"), tid("india"), 0))
    battles = [e for e in events if isinstance(e, BattleFought)]
    assert battles and all(b.model == DiceModel(attack_bonus=1) for b in battles)
    assert all(len(b.attacker) == min(3, 11 - sum(x.attacker_losses for x in battles[:i])) + 1
               for i, b in enumerate(battles))
    assert all((b.attacker_losses, b.defender_losses) == b.model.losses(b.attacker, b.defender) for b in battles)


def test_the_additional_maneuver_gives_two_maneuvers():
    """000 §5: "Additional Maneuver Reward: Allows two maneuvers per turn.\""""
    for with_reward in (False, True):
        state = claim_position(armies={"indonesia": 5})
        if with_reward:
            give(state, 0, list(ext(state).rewards).index(reward("additional-maneuver")))
        events = played(state, Fortify(tid("indonesia"), tid("new_guinea"), 1))
        assert any(isinstance(e, TurnStarted) for e in events) != with_reward
        if with_reward:
            assert state.phase is Phase.FORTIFY and state.current == 0
            refused(state, Attack(tid("indonesia"), tid("siam"), 3), "no more attacks after a free move")
            events = played(state, Fortify(tid("indonesia"), tid("new_guinea"), 1))
            assert any(isinstance(e, TurnStarted) for e in events) and state.current == 1


def test_the_starting_maneuver_is_one_move_before_the_first_attack():
    """000 §5: "Starting Maneuver Reward: Allows one maneuver after troop placement but before attacking." Design
    §3.2: "in addition to the normal one"."""
    state, _ = rewarded_position(reward("starting-maneuver"), armies={"indonesia": 5, "new_guinea": 3})
    state.owner[tid("siam")] = 1
    move = StartingManeuver(tid("indonesia"), tid("eastern_australia"), 2)
    assert listed(move, legal_actions(state))
    played(state, move)
    assert state.phase is Phase.ATTACK and state.armies[tid("eastern_australia")] == 3
    refused(state, move, "the Starting Maneuver is one move before your first attack, for its holder")
    state.rng = scripted_rng(PLAIN, 2, 1, (6, 6), (1,))
    played(state, Attack(tid("indonesia"), tid("siam"), 2))
    played(state, Occupy(2))
    played(state, Fortify(tid("new_guinea"), tid("western_australia"), 2))  # the turn's own maneuver
    assert state.current == 1
    # After an attack it is too late; without the reward there is none.
    state, _ = rewarded_position(reward("starting-maneuver"), armies={"indonesia": 5, "new_guinea": 3})
    state.owner[tid("siam")] = 1
    state.rng = scripted_rng(PLAIN, 2, 2, (1, 1), (6, 6))
    played(state, Attack(tid("indonesia"), tid("siam"), 2))
    refused(state, move, "one move before your first attack")
    state = claim_position(armies={"indonesia": 5})
    refused(state, move, "for its holder")
    assert not any(isinstance(c.action, StartingManeuver) for c in legal_actions(state))


def test_the_guaranteed_card_draws_a_card_every_turn():
    """000 §5: "Guaranteed Card Reward: Draw a card regardless of conquest or Objective collection.\""""
    state, _ = rewarded_position(reward("guaranteed-card"))
    events = played(state, EndTurn())
    assert [type(e) for e in events[:1]] == [CardDrawn] and len(state.hands[0]) == 1
    # With a claim (which alone would give no card), and only one card even after a conquest.
    state, _ = rewarded_position(reward("guaranteed-card"), armies={"indonesia": 6})
    state.owner[tid("siam")] = 1
    state.rng = scripted_rng(PLAIN, 3, 1, (6, 6, 6), (1,))
    played(state, Attack(tid("indonesia"), tid("siam"), 3))
    played(state, Occupy(3))
    played(state, ClaimObjective(5))
    events = played(state, EndTurn())
    assert len([e for e in events if isinstance(e, CardDrawn)]) == 1


def test_a_reward_claimed_works_from_that_moment():
    """Design §3.2 and docs/rules.md: a reward is the claimer's as soon as it is claimed: a Guaranteed Card
    claimed this turn already draws this turn's card, an Additional Maneuver already gives two maneuvers."""
    state = claim_position(armies={"indonesia": 5})
    ext(state).rewards = (0, 1, 2, 3, 4, 5, 6, 7)
    guaranteed = list(ext(state).rewards).index(reward("guaranteed-card"))
    ext(state).objectives = tuple(objective(k) for k in (
        "cities-4-in-a-turn", "north-america", "europe", "cities-8", "cities-11", "two-continents",
        "continent-in-a-turn", "territories-10-in-a-turn"))
    assert ext(state).objectives[guaranteed] == objective("cities-8")
    played(state, ClaimObjective(guaranteed))
    events = played(state, EndTurn())
    assert isinstance(events[0], CardDrawn)
    state = claim_position(armies={"indonesia": 5})
    additional = list(ext(state).rewards).index(reward("additional-maneuver"))
    ext(state).objectives = tuple(objective(k) for k in (
        "cities-4-in-a-turn", "cities-8", "europe", "north-america", "cities-11", "two-continents",
        "continent-in-a-turn", "territories-10-in-a-turn"))
    played(state, ClaimObjective(additional))
    played(state, Fortify(tid("indonesia"), tid("new_guinea"), 1))
    assert state.phase is Phase.FORTIFY and state.current == 0


def test_basic_training_claims_give_no_reward():
    """Research §2.3: Basic Training plays the objectives without rewards: no dice change, no airfield, no
    card, no troops."""
    state = claim_position(options=["basic-training"], armies={"indonesia": 5})
    assert ext(state).rewards == ()
    refused(state, ClaimObjective(0, tid("peru")), "only an Airfield reward is placed on the board")
    events = played(state, ClaimObjective(0))
    assert events == [ObjectiveClaimed(0, 0, objective("cities-8"), -1, -1)]
    assert ext(state).holders[0] == 0 and ext(state).rewarded == [-1] * 8
    state.owner[tid("siam")] = 1
    assert FLOW.battle_model(state, tid("indonesia"), tid("siam")) == PLAIN
    assert not any(isinstance(e, CardDrawn) for e in played(state, EndTurn()))


# ---------------------------------------------------------------------------------------------
# Elimination


def elimination_position(**kwargs):
    """Seat 2 is down to Kamchatka (3 cards, the objectives of slots 4 and 6 with their rewards, the Attack Die
    and an Airfield on Kamchatka); seat 0 attacks it from Alaska. Capitals: Peru (0), Egypt (1), Kamchatka (2)."""
    state = claim_position(armies={"alaska": 10}, **kwargs)
    state.owner[tid("alaska")] = 0
    state.owner[tid("kamchatka")] = 2
    ext(state).capitals = [tid("peru"), tid("egypt"), tid("kamchatka")]
    for t in range(42):
        if state.owner[t] == 2 and t != tid("kamchatka"):
            state.owner[t] = 1
    deal(state, 2, [ONES[1], ONES[2], ASIA[5]])
    give(state, 2, 4)  # Attack Die (or no reward in Basic Training)
    give(state, 2, 6, airfield="kamchatka" if ext(state).rewards else "")  # the Major Airfield
    ext(state).start_owned = held_mask(state, 0)
    state.rng = scripted_rng(PLAIN, 3, 1, (6, 6, 6), (1,))
    return state


def test_an_eliminator_takes_the_cards_and_the_objectives_but_not_the_rewards():
    """000 §7: "The eliminating player takes all of the defeated player's territory cards and Objectives. The
    defeated player's capital remains on the board. Rewards are lost (not transferred)." Design §3.2: the
    victim's airfields leave the board; objectives so taken give no reward."""
    state = elimination_position()
    taken = [slot for slot, who in enumerate(ext(state).holders) if who == 2]
    assert taken == [4, 6]
    events = played(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert Eliminated(2, 0, (ONES[1], ONES[2], ASIA[5])) in events
    assert ObjectivesTaken(2, 0, (4, 6)) in events and RewardsLost(2, (4, 6)) in events
    extra = ext(state)
    assert not state.alive[2] and state.hands[2] == [] and sorted(state.hands[0]) == sorted([ONES[1], ONES[2], ASIA[5]])
    assert [extra.holders[s] for s in taken] == [0, 0]
    assert [extra.rewarded[s] for s in taken] == [-1, -1] and extra.airfields == [-1] * 8
    assert not extra.has_reward(0, "attack-die")
    # The capital stays where it was, and counts: for the draft and as an enemy capital.
    assert extra.capitals[2] == tid("kamchatka") and state.owner[tid("kamchatka")] == 0
    assert FLOW.objective_gap(state, objective("enemy-capital"), 0) == ""
    played(state, Occupy(3))
    assert FLOW.reinforcements(state, 0) == FLOW.reinforcements(state.copy(), 0)
    without = state.copy()
    ext(without).capitals[2] = tid("alaska")
    assert FLOW.reinforcements(state, 0) == FLOW.reinforcements(without, 0)  # both held by seat 0
    ext(without).capitals[2] = tid("egypt")
    assert FLOW.reinforcements(state, 0) == FLOW.reinforcements(without, 0) + 1


# ---------------------------------------------------------------------------------------------
# The win


def goal_position(objectives_held=2, **kwargs):
    """Seat 0 holds ``objectives_held`` objectives (slots 2, 3) and meets "Control 8 cities" (slot 0) and two
    continents (slot 5); its capital is Peru."""
    state = claim_position(**kwargs)
    for slot in (2, 3)[:objectives_held]:
        give(state, 0, slot, rewarded=False)
    return state


def test_three_objectives_and_ones_capital_win_at_the_end_of_the_turn():
    """000 §6: "A player wins immediately upon meeting two conditions at the end of their turn: 1. Possession
    of three completed Objectives ... 2. Control of their own capital.\""""
    state = goal_position()
    played(state, ClaimObjective(5))
    assert not state.over and FLOW.meets_goal(state, 0)  # the win waits for the end of the turn
    events = played(state, EndTurn())
    assert events[-1] == GameWon(0) and state.over and state.winner == 0 and legal_actions(state) == []
    assert FLOW.impossible(state) == ""


def test_losing_ones_capital_keeps_a_player_with_three_objectives_from_winning():
    """000 §6: the second condition is "Control of their own capital"."""
    state = goal_position()
    ext(state).capitals[0] = tid("madagascar")  # seat 0's capital, held by seat 1
    played(state, ClaimObjective(5))
    events = played(state, EndTurn())
    assert not state.over and state.current == 1 and not any(isinstance(e, GameWon) for e in events)
    assert FLOW.impossible(state) == ""
    # Retaken on a later turn, the capital brings the win at the end of that turn.
    state.current = 0
    state.owner[tid("madagascar")] = 0
    state.phase = Phase.ATTACK
    state.reserve[1] = 0
    events = played(state, EndTurn())
    assert state.over and state.winner == 0


def test_an_elimination_that_brings_the_third_objective_wins_at_the_end_of_the_turn():
    """000 §6: "A player wins immediately upon meeting two conditions at the end of their turn" (rules revision
    3; docs/rules.md): the elimination that brings the third objective does not stop the turn. The player moves
    in, may attack on and maneuver (it cannot lose either condition in its own turn: only it attacks, and
    objectives never leave a player in the game), and wins when the turn ends, after its card."""
    state = elimination_position()
    give(state, 0, 2, rewarded=False)  # one objective; seat 2's two make three
    events = played(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert not any(isinstance(e, GameWon) for e in events) and not state.over and state.phase is Phase.OCCUPY
    assert FLOW.meets_goal(state, 0) and ext(state).objectives_of(0) == 3 and FLOW.impossible(state) == ""
    played(state, Occupy(3))
    assert state.phase is Phase.ATTACK and listed(EndTurn(), legal_actions(state))
    assert any(isinstance(c.action, Attack) for c in legal_actions(state))  # the attacks go on
    assert decode_state(encode_state(state)) == state  # a link of the turn's rest travels
    played(state, Fortify(tid("alaska"), tid("kamchatka"), 1))  # the maneuver, then the end of the turn
    if not state.over:
        played(state, EndTurn())
    assert state.over and state.winner == 0 and FLOW.impossible(state) == ""
    assert len(state.hands[0]) == 4  # the victim's three cards, and the card of the turn's conquest


def test_old_codes_win_at_once_after_the_elimination_as_they_did():
    """Rules revision 2 (codes of formats 4-7, made before revision 3): research §2.6, the FAQ says that if
    eliminating a player gives you your third objective, "you win the game" on the spot; design §3.2: checked
    right after an elimination (with one's own capital). Those games replay as they were played."""
    state = elimination_position(revision=2)
    assert state.rules.revision == 2 and not settings(state.rules).win_at_end_of_turn
    give(state, 0, 2, rewarded=False)  # one objective; seat 2's two make three
    events = played(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert events[-1] == GameWon(0) and state.over and state.winner == 0
    assert state.armies[tid("kamchatka")] >= 1 and FLOW.impossible(state) == ""
    # Without its own capital, the player plays on (and the end of the turn decides).
    state = elimination_position(revision=2)
    give(state, 0, 2, rewarded=False)
    ext(state).capitals[0] = tid("madagascar")  # held by seat 1
    events = played(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert not state.over and state.phase is Phase.OCCUPY and ext(state).objectives_of(0) == 3


def test_world_conquest_plays_to_the_last_player_objectives_and_rewards_still_count():
    """000 §7: "Instead of stopping at 3 Objectives, play continues until one player controls all territories."
    Design §3.2: "the last player standing wins; objectives and rewards still work"."""
    state = goal_position(options=["world-conquest"])
    played(state, ClaimObjective(5))
    assert ext(state).rewarded[5] == 0  # the reward comes with the claim
    played(state, EndTurn())
    assert not state.over and state.current == 1
    # The last player standing wins at once.
    state = elimination_position(options=["world-conquest"])
    for t in range(42):
        if state.owner[t] == 1:
            state.owner[t] = 0
    state.alive[1] = False
    events = played(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert events[-1] == GameWon(0) and state.winner == 0 and set(state.owner) == {0}


def test_the_settings_are_the_texts():
    """000 §3d, §5: the numbers of the edition in one place (RevisedSettings), each quoted in docs/rules.md."""
    family = RevisedSettings()
    assert (family.cities, family.objectives_per_tier, family.goal, family.initial_cards) == (15, 4, 3, (0, 0, 1, 1, 2))
    assert family.star_values == (2, 4, 7, 10, 13, 17, 21, 25, 30) and family.draft_rounding == "down"
    rules = make_rules("revised")
    assert (rules.min_players, rules.max_players) == (3, 5)
    assert [rules.starting_armies_for(p) for p in (3, 4, 5)] == [30, 25, 20]
    assert rules.fortify_connected and rules.fortify_moves == 1


# ---------------------------------------------------------------------------------------------
# Refusals name the rule, and change nothing


REFUSALS = [
    ("capital on a taken territory", lambda: setup_state(1), PlaceCapital(0), "Alaska is taken"),
    ("capital after setup", lambda: claim_position(), PlaceCapital(0), "capitals are placed before the first turn"),
    ("place during capitals", lambda: setup_state(1), Place(0, 1), "first each player places a capital"),
    ("place on an enemy territory", lambda: reinforce_position([]), Place(tid("northwest_territory"), 1),
     "Northwest Territory is not yours: place armies on your own territories"),
    ("place too many", lambda: reinforce_position([]), Place(0, 99), "you have only"),
    ("trade in the attack", lambda: claim_position(), TradeStars((ASIA[0],)), "cards are traded while drafting"),
    ("trade others' cards", lambda: reinforce_position([]), TradeStars((ASIA[0],)), "from your own hand"),
    ("claim while drafting", lambda: reinforce_position([]), ClaimObjective(0), "after attacking and before"),
    ("claim while moving in", lambda: moving_in(), ClaimObjective(0), "first move armies into the territory"),
    ("claim off the board", lambda: claim_position(), ClaimObjective(-1), "choose one of the objectives"),
    ("starting maneuver in the maneuver", lambda: fortifying(), StartingManeuver(tid("indonesia"),
                                                                                 tid("new_guinea"), 1),
     "the Starting Maneuver is one move before your first attack"),
]


def setup_state(capitals):
    state = new_game(make_rules("revised"), 3, 0)
    for t in range(capitals):
        apply(state, PlaceCapital(t))
    return state


def moving_in():
    state = claim_position(armies={"indonesia": 6})
    state.owner[tid("siam")] = 1
    state.rng = scripted_rng(PLAIN, 3, 1, (6, 6, 6), (1,))
    played(state, Attack(tid("indonesia"), tid("siam"), 3))
    assert state.phase is Phase.OCCUPY
    return state


def fortifying():
    state, _ = rewarded_position(reward("starting-maneuver"), armies={"indonesia": 5})
    played(state, ClaimObjective(0, tid("peru")))
    return state


@pytest.mark.parametrize(("name", "make", "action", "message"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_an_illegal_claim_trade_or_placement_is_refused_naming_the_rule(name, make, action, message):
    """Issue #10, Bad input: "An illegal claim, trade or placement is refused with a message that names the
    rule, and nothing changes.\""""
    refused(make(), action, message)


# ---------------------------------------------------------------------------------------------
# Players, the draft's rounding, maneuvers, dice


def test_three_to_five_players():
    """Design §3.2: "Players 3-5 — seed 000 gives troops for 3-5 only" (000 §3d: 30, 25 or 20 troops)."""
    for people in (2, 6):
        with pytest.raises(ValueError, match="3 to 5 players"):
            new_game(make_rules("revised"), people, 1)


def test_the_drafts_rounding_is_a_setting_in_case_a_rulebook_says_up():
    """Research §2.7: the FAQ's "(rounding up)" is read as a slip (000 §5, the classic game: rounded down);
    design §3.2 keeps ``draft_rounding`` in case a rulebook says otherwise."""
    state = revised_position(default_owner=1, capitals=["eastern_australia", "western_australia", "argentina"],
                             owners=dict.fromkeys(["peru", "brazil", "egypt", "congo", "north_africa", "siam",
                                                   "indonesia", "japan", "mongolia", "alaska"], 0))
    state.owner[tid("argentina")] = 2
    settle(state)
    assert FLOW.reinforcements(state, 0) == 3  # 10 + 1 city = 11 // 3
    state.rules = replace(state.rules, family=replace(state.rules.family, draft_rounding="up"))
    assert FLOW.reinforcements(state, 0) == 4


def test_a_maneuver_goes_along_a_chain_of_ones_own_territories_even_through_an_enemys_capital_held():
    """000 §5 Maneuver: "Move any number of troops from one controlled territory to another connected territory.
    Must leave at least one troop behind. Territories are connected if there is an unbroken chain of controlled
    territories between them." §7: "Can you move troops through a territory with a capital you don't own? Yes,
    as long as you control the territory.\""""
    state = revised_position(default_owner=1, capitals=["alaska", "alberta", "egypt"], armies={"alaska": 6},
                             owners=dict.fromkeys(["alaska", "northwest_territory", "alberta", "ontario",
                                                   "argentina"], 0))
    state.owner[tid("egypt")] = 2
    settle(state)
    assert ext(state).capitals[1] == tid("alberta") and state.owner[tid("alberta")] == 0
    refused(state, Fortify(tid("alaska"), tid("argentina"), 2), "Argentina is not connected to Alaska")
    refused(state, Fortify(tid("alaska"), tid("ontario"), 6), "one must stay on Alaska")
    refused(state, Fortify(tid("alaska"), tid("egypt"), 1), "from one of your territories to another of yours")
    played(state, Fortify(tid("alaska"), tid("ontario"), 5))
    assert state.armies[tid("ontario")] == 6 and state.current == 1


def test_the_attacker_rolls_up_to_three_dice_the_defender_the_most_it_may():
    """000 §5 Attacking: "Attacker rolls up to 3 dice (max 3 attacking troops). Defender rolls up to 2 dice (min 2
    defending troops)." Design §3.2: the defender rolls the most it may (docs/rules.md, classic Dice)."""
    for defenders, thrown in ((1, 1), (2, 2), (5, 2)):
        state = revised_position(owners={"siam": 0, "india": 1}, armies={"siam": 5, "india": defenders})
        state.rng = scripted_rng(PLAIN, 3, thrown, (6, 6, 6), (1,) * thrown)
        (battle,) = [e for e in played(state, Attack(tid("siam"), tid("india"), 3)) if isinstance(e, BattleFought)]
        assert len(battle.defender) == thrown and battle.defender_losses == thrown
    state = revised_position(owners={"siam": 0, "india": 1}, armies={"siam": 5, "india": 2})
    refused(state, Attack(tid("siam"), tid("india"), 4), "the attacker rolls one, two or three dice")
    state.armies[tid("siam")] = 3
    refused(state, Attack(tid("siam"), tid("india"), 3), "rolling 3 dice needs at least 4 armies on Siam")
