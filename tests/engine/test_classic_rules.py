"""Scenario tests of the 1980 rulebook, quoting its numbers, with dice scripted through the real generator."""

import pytest

from risk.actions import (
    Attack,
    Blitz,
    Claim,
    EndTurn,
    Fortify,
    IllegalAction,
    Occupy,
    Place,
    Trade,
    every_action,
    format_action,
    listed,
    parse_action,
)
from risk.board import ARTILLERY, CAVALRY, INFANTRY
from risk.deck import deck_for
from risk.engine import apply, legal_actions, new_game, play, tradable_sets, trade
from risk.events import BattleFought, CardDrawn, CardsTraded, Eliminated, GameWon
from risk.flow import flow_for
from risk.rules import make_rules
from risk.state import Phase
from scenario import BOARD, position, scripted_rng, tid

DECK = deck_for(make_rules("classic"))

CLASSIC = make_rules("classic")
HOOKS = flow_for(CLASSIC)


@pytest.mark.parametrize(("people", "armies"), [(3, 35), (4, 30), (5, 25), (6, 20)])
def test_starting_armies_follow_the_number_of_players(people, armies):
    state = new_game(CLASSIC, people, seed=3)
    assert state.reserve == [armies] * people
    assert state.phase is Phase.CLAIM


def test_claiming_goes_round_the_table_one_army_at_a_time_until_all_42_are_claimed():
    state = new_game(CLASSIC, 3, seed=5)
    first = state.current
    apply(state, Claim(tid("alaska")))
    assert state.owner[tid("alaska")] == first and state.armies[tid("alaska")] == 1
    assert state.current == (first + 1) % 3
    with pytest.raises(IllegalAction, match="already claimed"):
        play(state, Claim(tid("alaska")))
    while state.phase is Phase.CLAIM:
        apply(state, legal_actions(state)[0].action)
    assert -1 not in state.owner
    assert state.phase is Phase.SETUP
    # Then each player in turn places one army on a territory they occupy, until all are out.
    while state.phase is Phase.SETUP:
        actions = every_action(legal_actions(state))
        assert all(isinstance(a, Place) and a.count == 1 for a in actions)
        apply(state, actions[0])
    assert sum(state.armies) == 3 * 35
    assert state.phase is Phase.REINFORCE and state.current == first and state.turn == 1


@pytest.mark.parametrize(("territories", "armies"), [(11, 3), (14, 4), (17, 5), (5, 3), (1, 3)])
def test_reinforcements_are_territories_divided_by_three_at_least_three(territories, armies):
    """'11 territories = 3 armies, 14 = 4, 17 = 5', and never fewer than three."""
    state = position(default_owner=1)
    # One territory of each continent stays with seat 1, so seat 0 never holds a whole continent.
    held_back = {tid(n) for n in ("alaska", "venezuela", "iceland", "north_africa", "ural", "indonesia")}
    for t in [t for t in range(BOARD.size) if t not in held_back][:territories]:
        state.owner[t] = 0
    assert state.owner.count(0) == territories
    assert HOOKS.reinforcements(state, 0) == armies


def test_continent_bonuses_are_added_for_each_whole_continent():
    state = position(default_owner=1)
    for name in ("indonesia", "new_guinea", "western_australia", "eastern_australia"):
        state.owner[tid(name)] = 0
    assert HOOKS.reinforcements(state, 0) == 3 + 2
    for name in ("venezuela", "peru", "brazil", "argentina"):
        state.owner[tid(name)] = 0
    assert HOOKS.reinforcements(state, 0) == 3 + 2 + 2


def test_set_values_are_4_6_8_10_12_15_then_five_more_each():
    state = position()
    values = []
    for n in range(9):
        state.sets_traded = n
        values.append(HOOKS.set_value(state))
    assert values == [4, 6, 8, 10, 12, 15, 20, 25, 30]


def test_expert_set_values_grow_by_one():
    state = position(options=["expert-card-values"])
    hooks = flow_for(state.rules)
    values = []
    for n in range(4):
        state.sets_traded = n
        values.append(hooks.set_value(state))
    assert values == [4, 5, 6, 7]


def _cards(kind, count, exclude=()):
    return [c for c in range(BOARD.size) if DECK.kinds[c] == kind and c not in exclude][:count]


def test_matched_sets_are_three_alike_one_of_each_or_two_and_a_wild():
    is_set = HOOKS.is_set
    assert is_set(CLASSIC, (INFANTRY, INFANTRY, INFANTRY))
    assert is_set(CLASSIC, (INFANTRY, CAVALRY, ARTILLERY))
    assert is_set(CLASSIC, (INFANTRY, ARTILLERY, 3))
    assert not is_set(CLASSIC, (INFANTRY, INFANTRY, CAVALRY))
    assert not is_set(make_rules("classic-1963"), (3, 3, INFANTRY))


def test_trading_a_set_gives_its_value_and_two_armies_on_one_owned_card_territory_at_most_per_turn():
    state = position(default_owner=1, phase=Phase.REINFORCE)
    mine = _cards(INFANTRY, 3)
    for t in mine:
        state.owner[t] = 0
    state.hands[0] = list(mine)
    state.reserve[0] = 3
    before = [state.armies[t] for t in mine]
    # "you must place both those armies onto that particular territory": the player chooses which.
    with pytest.raises(IllegalAction, match="choose the territory that takes the 2 armies"):
        play(state, Trade(tuple(sorted(mine))))
    chosen = sorted(mine)[1]
    state, events = play(state, Trade(tuple(sorted(mine)), chosen))
    traded = next(e for e in events if isinstance(e, CardsTraded))
    assert traded.armies == 4 and state.reserve[0] == 3 + 4 and traded.bonus == ((chosen, 2),)
    # "you may receive no more than 2 extra armies": the chosen territory gets exactly two.
    gained = {t: state.armies[t] - b for t, b in zip(mine, before)}
    assert gained == {t: 2 if t == chosen else 0 for t in mine}
    # A second set in the same turn gives no more card-territory armies.
    more = _cards(CAVALRY, 3)
    for t in more:
        state.owner[t] = 0
    state.hands[0] = list(more)
    state, events = play(state, Trade(tuple(sorted(more))))
    assert next(e for e in events if isinstance(e, CardsTraded)).bonus == ()
    assert state.reserve[0] == 3 + 4 + 6


def test_1963_gives_two_armies_on_every_owned_card_territory():
    state = position(edition="classic-1963", default_owner=1, phase=Phase.REINFORCE)
    mine = _cards(INFANTRY, 3)
    for t in mine:
        state.owner[t] = 0
    state.hands[0] = list(mine)
    state.reserve[0] = 3
    state, events = play(state, Trade(tuple(sorted(mine))))
    assert [a for _, a in next(e for e in events if isinstance(e, CardsTraded)).bonus] == [2, 2, 2]


def test_five_cards_force_a_trade_before_placing():
    state = position(phase=Phase.REINFORCE)
    state.hands[0] = _cards(INFANTRY, 2) + _cards(CAVALRY, 2) + _cards(ARTILLERY, 1)
    state.reserve[0] = 3
    with pytest.raises(IllegalAction, match="must trade"):
        play(state, Place(state.owner.index(0), 1))
    assert all(isinstance(c.action, Trade) for c in legal_actions(state))


def test_attacker_needs_one_more_army_than_dice_and_must_attack_an_adjacent_enemy():
    state = position(owners={"alaska": 0, "kamchatka": 1, "alberta": 0}, armies={"alaska": 3})
    with pytest.raises(IllegalAction, match="at least 4 armies"):
        play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    with pytest.raises(IllegalAction, match="is yours"):
        play(state, Attack(tid("alaska"), tid("alberta"), 1))
    with pytest.raises(IllegalAction, match="not adjacent"):
        play(state, Attack(tid("alaska"), tid("brazil"), 1))
    state.armies[tid("alaska")] = 1
    with pytest.raises(IllegalAction, match="at least two armies"):
        play(state, Attack(tid("alaska"), tid("kamchatka"), 1))


def test_defender_rolls_two_dice_only_with_two_armies_and_wins_ties():
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 4, "kamchatka": 2})
    state.rng = scripted_rng(3, 2, [6, 5, 1], [5, 4])
    state, events = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    battle = next(e for e in events if isinstance(e, BattleFought))
    assert battle.defender == (5, 4) and (battle.attacker_losses, battle.defender_losses) == (0, 2)
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 4, "kamchatka": 1})
    state.rng = scripted_rng(3, 1, [4, 2, 1], [4])
    state, events = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    battle = next(e for e in events if isinstance(e, BattleFought))
    assert len(battle.defender) == 1 and (battle.attacker_losses, battle.defender_losses) == (1, 0)
    assert state.armies[tid("alaska")] == 3


def test_capture_moves_in_at_least_the_dice_rolled_and_leaves_one_behind():
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 6, "kamchatka": 1})
    state.rng = scripted_rng(3, 1, [6, 2, 1], [3])
    state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert state.phase is Phase.OCCUPY and state.owner[tid("kamchatka")] == 0
    assert [a.count for a in every_action(legal_actions(state))] == [3, 4, 5]
    with pytest.raises(IllegalAction, match="at least as many as the dice"):
        play(state, Occupy(2))
    with pytest.raises(IllegalAction):
        play(state, Occupy(6))
    state, _ = play(state, Occupy(5))
    assert (state.armies[tid("alaska")], state.armies[tid("kamchatka")]) == (1, 5)
    assert state.phase is Phase.ATTACK


def test_1963_lets_the_attacker_move_in_a_single_army():
    state = position(edition="classic-1963", owners={"alaska": 0, "kamchatka": 1},
                     armies={"alaska": 6, "kamchatka": 1})
    state.rng = scripted_rng(3, 1, [6, 2, 1], [3])
    state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert [a.count for a in every_action(legal_actions(state))] == [1, 2, 3, 4, 5]


def test_one_card_after_a_turn_with_captures_and_none_without():
    state = position(owners={"alaska": 0, "kamchatka": 1, "yakutsk": 1}, armies={"alaska": 8})
    state.rng = scripted_rng(3, 1, [6, 6, 6], [1])
    state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    state, _ = play(state, Occupy(3))
    state.rng = scripted_rng(2, 1, [6, 6], [1])
    state, _ = play(state, Attack(tid("kamchatka"), tid("yakutsk"), 2))
    state, _ = play(state, Occupy(2))
    state, events = play(state, EndTurn())
    assert [e.seat for e in events if isinstance(e, CardDrawn)] == [0]
    assert len(state.hands[0]) == 1
    # The next player captures nothing: no card.
    seat = state.current
    while state.phase is Phase.REINFORCE:
        state, _ = play(state, Place(state.owner.index(seat), state.reserve[seat]))
    state, events = play(state, EndTurn())
    assert not any(isinstance(e, CardDrawn) for e in events)


def test_eliminating_a_player_hands_over_cards_and_six_force_a_trade_down_to_four():
    state = position(people=3, owners={"kamchatka": 2, "alaska": 0}, armies={"alaska": 5}, default_owner=0)
    state.owner[tid("kamchatka")] = 2
    state.alive = [True, False, True]
    state.hands[0] = _cards(INFANTRY, 3)
    state.hands[2] = _cards(CAVALRY, 3)
    state.rng = scripted_rng(3, 1, [6, 6, 6], [1])
    state, events = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    # Seat 0 now owns all 42: the game is won on the spot, and the cards still changed hands.
    assert any(isinstance(e, Eliminated) and e.seat == 2 and len(e.cards) == 3 for e in events)
    assert any(isinstance(e, GameWon) for e in events) and state.phase is Phase.OVER
    assert legal_actions(state) == []


def test_taking_six_cards_mid_game_forces_trades_then_placing_before_attacking_on():
    state = position(people=3, owners={"kamchatka": 2, "alaska": 0, "brazil": 1}, armies={"alaska": 5},
                     default_owner=0)
    state.hands[0] = _cards(INFANTRY, 3)
    state.hands[2] = _cards(CAVALRY, 3)
    state.rng = scripted_rng(3, 1, [6, 6, 6], [1])
    state, events = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert any(isinstance(e, Eliminated) for e in events)
    state, _ = play(state, Occupy(3))
    assert state.phase is Phase.REINFORCE and len(state.hands[0]) == 6
    assert all(isinstance(c.action, Trade) for c in legal_actions(state))
    state, _ = play(state, legal_actions(state)[0].action)
    assert len(state.hands[0]) == 3 and state.reserve[0] == 4
    state, _ = play(state, Place(tid("alaska"), 4))
    assert state.phase is Phase.ATTACK


def test_five_cards_after_elimination_wait_for_the_next_turn_in_1980_but_not_in_1963():
    for edition, phase in (("classic", Phase.ATTACK), ("classic-1963", Phase.REINFORCE)):
        state = position(edition=edition, people=3, owners={"kamchatka": 2, "alaska": 0, "brazil": 1},
                         armies={"alaska": 5}, default_owner=0)
        state.hands[0] = _cards(INFANTRY, 3)
        state.hands[2] = _cards(CAVALRY, 2)
        state.rng = scripted_rng(3, 1, [6, 6, 6], [1])
        state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
        state, _ = play(state, Occupy(1 if edition == "classic-1963" else 3))
        assert state.phase is phase, edition


def test_free_move_is_one_move_between_adjacent_owned_territories_and_ends_the_turn():
    state = position(owners={"alaska": 0, "alberta": 0, "ontario": 0}, armies={"alaska": 5})
    with pytest.raises(IllegalAction, match="not adjacent"):
        play(state, Fortify(tid("alaska"), tid("ontario"), 1))
    with pytest.raises(IllegalAction, match="one must stay"):
        play(state, Fortify(tid("alaska"), tid("alberta"), 5))
    state, _ = play(state, Fortify(tid("alaska"), tid("alberta"), 4))
    assert state.armies[tid("alberta")] == 5 and state.current == 1 and state.phase is Phase.REINFORCE


def test_expert_fortification_moves_along_a_chain_of_own_territories_many_times():
    state = position(options=["expert-fortify"], default_owner=1,
                     owners={"south_africa": 0, "congo": 0, "north_africa": 0, "brazil": 0, "egypt": 0},
                     armies={"south_africa": 6, "egypt": 3})
    state, _ = play(state, Fortify(tid("south_africa"), tid("brazil"), 3))
    assert state.phase is Phase.FORTIFY and state.current == 0
    state, _ = play(state, Fortify(tid("egypt"), tid("brazil"), 2))
    with pytest.raises(IllegalAction):
        play(state, Attack(tid("brazil"), tid("venezuela"), 1))
    state.owner[tid("congo")] = 1
    with pytest.raises(IllegalAction, match="not connected"):
        play(state, Fortify(tid("south_africa"), tid("brazil"), 1))
    state, _ = play(state, EndTurn())
    assert state.current != 0


def test_army_cap_refuses_a_thirteenth_army_and_loses_what_cannot_be_placed():
    state = position(options=["army-cap"], default_owner=1, owners={"alaska": 0}, phase=Phase.REINFORCE,
                     armies={"alaska": 10})
    state.reserve[0] = 5
    with pytest.raises(IllegalAction, match="at most 12"):
        play(state, Place(tid("alaska"), 3))
    state, events = play(state, Place(tid("alaska"), 2))
    assert state.reserve[0] == 0 and state.phase is Phase.ATTACK
    assert any(type(e).__name__ == "ArmiesLost" and e.count == 3 for e in events)


def test_illegal_action_leaves_the_state_untouched():
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 3})
    before = state.copy()
    with pytest.raises(IllegalAction):
        play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert state == before


def test_action_text_round_trips():
    for text in ["claim alaska", "place peru 3", "attack alaska kamchatka 3", "occupy 4", "end",
                 "fortify egypt congo 2", "trade 1 5 43", "accept", "commander 1", "reroll 0",
                 "headquarters japan"]:
        assert format_action(BOARD, parse_action(BOARD, text)) == text
    with pytest.raises(IllegalAction, match="unknown action"):
        parse_action(BOARD, "teleport alaska")
    with pytest.raises(ValueError, match="no territory called"):
        parse_action(BOARD, "claim atlantis")


def test_blitz_rolls_until_the_territory_falls_or_the_attacker_is_down_to_the_threshold():
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 30, "kamchatka": 2})
    state, events = play(state, Blitz(tid("alaska"), tid("kamchatka"), 0))
    battles = [e for e in events if isinstance(e, BattleFought)]
    assert battles and state.phase is Phase.OCCUPY
    assert all(len(b.attacker) == min(3, 30 - 1 - sum(x.attacker_losses for x in battles[:i]))
               for i, b in enumerate(battles))
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 6, "kamchatka": 40})
    state, events = play(state, Blitz(tid("alaska"), tid("kamchatka"), 3))
    assert state.armies[tid("alaska")] - 1 <= 3 and state.phase is Phase.ATTACK
    assert state.armies[tid("alaska")] - 1 >= 2  # a roll costs at most two armies
    with pytest.raises(IllegalAction, match="leaves nothing to roll"):
        play(state, Blitz(tid("alaska"), tid("kamchatka"), 3))


def test_fast_blitz_throws_the_same_dice_as_rolling_one_battle_at_a_time():
    """The bulk path and the roll-by-roll path (used when commanders are in play) draw identically."""
    from risk import dice, rng

    state = rng.seed_state(42)
    for attacking, defending, stop_at in [(30, 25, 0), (5, 9, 2), (3, 1, 0), (12, 12, 6)]:
        throws: list = []
        fast_state, a_left, d_left, last_dice = dice.blitz(state, attacking, defending, stop_at, throws)
        unrecorded = dice.blitz(state, attacking, defending, stop_at)
        slow, a, d, rolled = state, attacking, defending, []
        while a > stop_at and d > 0:
            slow, *throw = dice.roll_battle(slow, min(3, a), min(2, d))
            rolled.append(tuple(throw))
            a, d = a - throw[2], d - throw[3]
        assert (fast_state, throws, a_left, d_left) == (slow, rolled, a, d)
        assert last_dice == len(throws[-1][0])
        assert unrecorded == (fast_state, a_left, d_left, last_dice)  # the same fight, no throw kept
        state = fast_state


@pytest.mark.parametrize(("edition", "revision", "offered"), [("classic", 2, False), ("classic", 1, True),
                                                               ("classic-1963", 2, True)])
def test_the_trade_after_an_elimination_stops_at_four_cards_in_1980_but_not_in_1963(edition, revision, offered):
    """1980 (L181): "you must immediately trade in matched sets until you have 4 or fewer cards"; trades
    otherwise come "at the beginning of subsequent turns" (L89). The 1963 text: "they may also turn in more
    if their cards allow it". Revision 1 (what the first release played, format-1 codes) kept offering them."""
    state = position(edition=edition, people=3, owners={"kamchatka": 2, "alaska": 0, "brazil": 1},
                     armies={"alaska": 5}, default_owner=0)
    state.rules = make_rules(edition, ["auto-setup"], revision)
    state.hands[0] = _cards(INFANTRY, 3)
    state.hands[2] = _cards(CAVALRY, 3) + _cards(ARTILLERY, 3)
    state.rng = scripted_rng(3, 1, [6, 6, 6], [1])
    state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    state, _ = play(state, Occupy(3))
    assert state.phase is Phase.REINFORCE and len(state.hands[0]) == 9
    while len(state.hands[0]) > 4:
        state, _ = play(state, trade(state, tradable_sets(state)[0]))
    assert len(state.hands[0]) == 3 and flow_for(state.rules).matched_sets(state, 0)  # a set is still in hand
    trades = [c for c in legal_actions(state) if isinstance(c.action, Trade)]
    assert bool(trades) == offered
    if not offered:
        with pytest.raises(IllegalAction, match="until you hold 4 or fewer cards"):
            play(state, trade(state, flow_for(state.rules).matched_sets(state, 0)[0]))


def test_headquarters_stay_hidden_from_the_other_seats_until_the_last_is_chosen():
    """1980 L285-286: chosen "without revealing the territory"; turned face up "after everyone has selected"."""
    from risk.actions import ChooseHeadquarters
    from risk.events import HeadquartersRevealed
    from risk.visibility import public_view

    state = new_game(make_rules("classic", ["auto-setup", "headquarters"]), 3, seed=4)
    assert state.phase is Phase.HEADQUARTERS
    chosen = {}
    while state.phase is Phase.HEADQUARTERS:
        seat = state.current
        for other in range(3):
            seen = public_view(state, other).headquarters
            assert seen == [chosen.get(s, -1) if s == other else -1 for s in range(3)]
        chosen[seat] = state.territories_of(seat)[0]
        state, events = play(state, ChooseHeadquarters(chosen[seat]))
    everyone = [chosen[0], chosen[1], chosen[2]]
    assert [list(e.headquarters) for e in events if isinstance(e, HeadquartersRevealed)] == [everyone]
    assert all(public_view(state, s).headquarters == everyone for s in range(3))


@pytest.mark.parametrize("phase", [Phase.REINFORCE, Phase.ATTACK, Phase.FORTIFY])
def test_the_legal_actions_do_not_grow_with_the_stacks(phase):
    """An amount is one choice with its range: 100,000 armies on every territory list as many entries as
    ten (4 million actions before), and every amount is still there."""
    sizes = []
    for armies in (10, 100_000):
        state = position(options=["expert-fortify"], phase=phase)
        state.armies = [armies] * BOARD.size
        state.reserve[0] = armies if phase is Phase.REINFORCE else 0
        state.moves_made = 1 if phase is Phase.FORTIFY else 0
        choices = legal_actions(state)
        sizes.append(len(choices))
        mine = state.owner.index(0)
        if phase is Phase.REINFORCE:
            assert listed(Place(mine, armies), choices) and not listed(Place(mine, armies + 1), choices)
        else:
            other = next(t for t in flow_for(state.rules).reachable(state, mine))
            assert listed(Fortify(mine, other, armies - 1), choices)
    assert sizes[0] == sizes[1] < 1000


def test_in_the_two_player_setup_a_click_on_the_opponent_says_where_the_neutral_army_goes():
    state = new_game(make_rules("classic"), 2, seed=3)
    assert state.phase is Phase.SETUP and state.quota_neutral == 1
    opponent = state.territories_of(1 - state.current)[0]
    with pytest.raises(IllegalAction, match="neutral army on a neutral territory"):
        play(state, Place(opponent, 1))
