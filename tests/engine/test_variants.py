"""The official variants: two players with neutral armies, headquarters, the 1963 order, the expert dice."""

import pytest

from risk.actions import (
    AcceptRoll,
    Attack,
    ChooseHeadquarters,
    IllegalAction,
    Place,
    Reroll,
    UseCommander,
    every_action,
    listed,
)
from risk.engine import apply, legal_actions, new_game, play
from risk.events import BattleFought, GameWon
from risk.flow import flow_for
from risk.rules import make_rules
from risk.state import Phase
from scenario import BOARD, position, scripted_rng, tid


def test_two_players_get_14_territories_each_and_14_neutral_with_40_armies_apiece():
    state = new_game(make_rules("classic"), 2, seed=11)
    assert state.players == 3 and state.neutral == 2
    assert [state.owner.count(s) for s in range(3)] == [14, 14, 14]
    assert state.phase is Phase.SETUP
    # Each setup turn: two of your own armies, on one or two territories, and one neutral.
    seat = state.current
    mine = state.owner.index(seat)
    neutral = state.owner.index(2)
    assert listed(Place(mine, 2), legal_actions(state))
    state, _ = play(state, Place(mine, 2))
    assert state.current == seat
    with pytest.raises(IllegalAction, match="only 0 more"):
        play(state, Place(mine, 1))
    state, _ = play(state, Place(neutral, 1))
    assert state.current != seat
    while state.phase is Phase.SETUP:
        apply(state, every_action(legal_actions(state))[-1])
    assert [sum(a for a, o in zip(state.armies, state.owner) if o == s) for s in range(3)] == [40, 40, 40]
    assert state.phase is Phase.REINFORCE and state.current != 2


def test_neutral_never_moves_and_the_game_is_won_without_eliminating_it():
    state = position(people=2, default_owner=2, owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 5})
    assert state.neutral == 2
    state.rng = scripted_rng(3, 1, [6, 6, 6], [1])
    state, events = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert any(isinstance(e, GameWon) and e.seat == 0 for e in events)


def test_neutral_territory_defends_with_the_most_dice_allowed():
    state = position(people=2, default_owner=2, owners={"alaska": 0, "yakutsk": 1}, armies={"alaska": 5,
                     "kamchatka": 3})
    state, events = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    battle = next(e for e in events if isinstance(e, BattleFought))
    assert len(battle.defender) == 2 and battle.defender_seat == 2


def test_1963_two_players_have_50_armies_and_no_neutral():
    state = new_game(make_rules("classic-1963"), 2, seed=2)
    assert state.neutral == -1 and state.players == 2 and state.reserve == [50, 50]


def test_1963_claims_go_the_other_way_and_the_last_claimer_plays_first():
    rules = make_rules("classic-1963")
    state = new_game(rules, 4, seed=4)
    first = state.first_player
    order = []
    for _ in range(4):
        order.append(state.current)
        apply(state, legal_actions(state)[0].action)
    assert order == [first, (first - 1) % 4, (first - 2) % 4, (first - 3) % 4]
    while state.phase in (Phase.CLAIM, Phase.SETUP):
        apply(state, legal_actions(state)[0].action)
    assert state.current == (first + 1) % 4


def test_headquarters_are_chosen_after_setup_and_their_cards_leave_the_deck():
    state = new_game(make_rules("classic", ["auto-setup", "headquarters"]), 3, seed=9)
    assert state.phase is Phase.HEADQUARTERS
    for _ in range(3):
        seat = state.current
        with pytest.raises(IllegalAction, match="not yours"):
            play(state, ChooseHeadquarters(state.owner.index((seat + 1) % 3)))
        state, _ = play(state, ChooseHeadquarters(state.owner.index(seat)))
    assert state.phase is Phase.REINFORCE
    assert sorted(state.set_aside) == sorted(state.headquarters)
    assert not set(state.headquarters) & set(state.deck)


@pytest.mark.parametrize(("people", "short", "goal"), [(3, False, 2), (4, True, 2), (5, True, 3), (6, True, 3),
                                                       (5, False, 4)])
def test_headquarters_game_is_won_by_holding_enough_opposing_headquarters_and_your_own(people, short, goal):
    options = ["headquarters-short" if short else "headquarters"]
    state = position(people=people, options=options)
    hqs = [state.owner.index(s) for s in range(people)]
    state.headquarters = hqs
    hooks = flow_for(state.rules)
    for captured in range(1, people):
        state.owner[hqs[captured]] = 0
        expected = 0 if captured >= goal else -1
        assert hooks.winner(state) == expected, captured
    # Losing your own headquarters means no win, however many you hold.
    state.owner[hqs[0]] = 1
    assert hooks.winner(state) == -1


def test_commander_turns_one_die_into_a_six_once_per_turn():
    state = position(options=["commanders"], owners={"alaska": 0, "kamchatka": 1},
                     armies={"alaska": 10, "kamchatka": 5})
    state.rng = scripted_rng(3, 2, [5, 2, 1], [5, 4])
    state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert state.phase is Phase.BATTLE and state.attacker_faces == (5, 2, 1)
    state, events = play(state, UseCommander(0))
    battle = next(e for e in events if isinstance(e, BattleFought))
    assert battle.attacker == (6, 2, 1) and (battle.attacker_losses, battle.defender_losses) == (1, 1)
    state.rng = scripted_rng(3, 2, [5, 2, 1], [5, 4])
    state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    # Used this turn: the roll settles at once.
    assert state.phase is Phase.ATTACK


def test_card_reroll_needs_the_card_of_either_territory_and_works_once_per_battle():
    state = position(options=["card-reroll"], owners={"alaska": 0, "kamchatka": 1},
                     armies={"alaska": 10, "kamchatka": 5})
    state.rng = scripted_rng(3, 2, [5, 2, 1], [5, 4])
    state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert state.phase is Phase.ATTACK  # no card, no decision
    state.hands[0] = [tid("kamchatka")]
    state.rng = scripted_rng(3, 2, [5, 2, 1], [5, 4])
    state, _ = play(state, Attack(tid("alaska"), tid("kamchatka"), 3))
    assert state.phase is Phase.BATTLE
    assert listed(Reroll(1), legal_actions(state)) and listed(AcceptRoll(), legal_actions(state))
    state, events = play(state, Reroll(1))
    assert state.phase is Phase.ATTACK
    assert any(type(e).__name__ == "DieRerolled" for e in events)


def test_every_option_is_registered_and_combines_with_every_other():
    from risk.rules import OPTIONS

    classic = [name for name, option in OPTIONS.items() if "classic" in option.editions]
    rules = make_rules("classic", classic)
    assert rules.commanders and rules.card_reroll and rules.army_cap == 12 and rules.fortify_connected
    assert rules.options == tuple(sorted(classic))
    with pytest.raises(ValueError, match="does not apply to the classic edition"):
        make_rules("classic", ["world-conquest"])
    with pytest.raises(ValueError, match="unknown option"):
        make_rules("classic", ["jetpacks"])
    assert BOARD.size == 42
