"""Bots never pick a headquarters, capital or castle they cannot hold (issue 23: a two-player Headquarters game
against the hard bot ended on turn 1, the bot having chosen a one-army headquarters beside the neutral, which a
stack two steps away blitzed through the neutral's one army to take)."""

from __future__ import annotations

import pytest

from risk.actions import ChooseHeadquarters
from risk.ai import choose, make_bot
from risk.ai.heuristic import HQ_FAR, enemy_distance, reach_threat
from risk.auto_setup import largest_stack_next_to
from risk.engine import apply, new_game
from risk.rules import make_rules
from risk.state import Phase
from scenario import position, tid


def headquarters_position():
    """Two players and the neutral (seat 2). Red (0) holds Argentina alone among neutrals, with Blue's 10 armies in
    North Africa two steps away through neutral Brazil (1 army), and Japan with 6 armies facing Blue's 8 in
    Kamchatka. The earlier choice (armies less the next stack, less 2 at a front) took Argentina: Blue takes it
    through Brazil almost surely; Japan holds about as often as it falls."""
    state = position(people=2, options=("headquarters",), default_owner=2, phase=Phase.HEADQUARTERS,
                     owners={"argentina": 0, "japan": 0, "north_africa": 1, "kamchatka": 1},
                     armies={"japan": 6, "north_africa": 10, "kamchatka": 8})
    state.headquarters = [-1, -1, -1]
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_bot_takes_a_lone_army_a_stack_can_blitz_through_the_neutral_to(level):
    state = headquarters_position()
    assert reach_threat(state, tid("argentina")) == 10 - 1 - 2  # through the neutral's one army in Brazil
    assert reach_threat(state, tid("japan")) == 8 - 1
    assert choose(make_bot(level, 1), state) == ChooseHeadquarters(tid("japan"))


def test_a_lone_army_is_a_headquarters_only_where_no_stack_is_as_far_from_harm():
    """Over seeded games of every size, each bot's headquarters: if it holds one army, no territory of the bot's
    with more armies is as far from every opponent and under no larger attack."""
    for people, options in ((2, ("headquarters",)), (3, ("headquarters", "auto-setup")),
                            (4, ("headquarters-short", "auto-setup"))):
        for seed in range(12):
            state = new_game(make_rules("classic", options), people, seed)
            bots = [make_bot("normal", 10 * seed + p) for p in range(state.players)]
            while state.phase.setup:
                action = choose(bots[state.current], state)
                if isinstance(action, ChooseHeadquarters):
                    me, hq = state.current, action.territory
                    if state.armies[hq] == 1:
                        far = min(enemy_distance(state, hq), HQ_FAR)
                        better = [t for t, who in enumerate(state.owner) if who == me and state.armies[t] > 1
                                  and min(enemy_distance(state, t), HQ_FAR) >= far
                                  and reach_threat(state, t) <= reach_threat(state, hq)]
                        assert not better, (people, seed, hq, better)
                apply(state, action)


@pytest.mark.parametrize(("edition", "people"), [("castle", 2), ("castle", 4), ("castle", 6), ("revised", 3),
                                                 ("revised", 5)])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_setting_up_by_hand_never_leave_a_castle_or_capital_with_one_army(edition, people, level):
    """The careless player too: its starting armies guard its castle or capital first (a little), and its castle
    is never beside another. The careful one's ends stronger than any stack next to it."""
    for seed in range(8):
        state = new_game(make_rules(edition), people, seed)
        bots = [make_bot(level, 10 * seed + p) for p in range(people)]
        while state.phase.setup:
            apply(state, choose(bots[state.current], state))
        sites = state.ext.castles if edition == "castle" else state.ext.capitals
        for seat, site in enumerate(sites):
            assert state.armies[site] > 1, (seed, seat)
            assert not any(other in state.board.adjacent[site] for other in sites), (seed, seat)
            if level == "normal":
                assert state.armies[site] > largest_stack_next_to(state, site), (seed, seat)
