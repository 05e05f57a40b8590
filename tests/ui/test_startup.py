"""How the page starts: address parameters, scenarios and the test digests."""

from risk.state import Phase
from risk_ui.debug import selfplay_digest, state_digest
from risk_ui.scenarios import SCENARIOS, PageOptions, initial_controller, parse_query


def test_the_address_parameters_are_read_and_bad_ones_ignored():
    assert parse_query("") == PageOptions()
    assert parse_query("?seed=4&scenario=turn") == PageOptions(4, "turn", False)
    assert parse_query("?scenario=cheat&seed=-&debug=0") == PageOptions()


def test_a_seed_makes_the_first_game_repeatable_and_without_one_the_random_seed_is_used():
    one = initial_controller(PageOptions(seed=8), lambda: 1)
    two = initial_controller(PageOptions(seed=8), lambda: 2)
    assert state_digest(one.state) == state_digest(two.state)
    assert initial_controller(PageOptions(), lambda: 77).game.seed == 77


def test_every_scenario_is_a_consistent_position_for_red():
    for name, make in SCENARIOS.items():
        if name.startswith("revised-"):
            continue  # played from the seed, by whoever is to move then (below)
        state = make(1)
        assert state.current == 0 and state.phase in (Phase.REINFORCE, Phase.ATTACK), name
        assert all(state.alive[s] == (s in state.owner) for s in range(state.players)), name
        assert min(state.armies) >= 1, name
        c = initial_controller(PageOptions(seed=1, scenario=name), lambda: 0)
        assert c.ui.handoff == 0 and [s.name for s in c.game.seats] == ["Red", "Blue", "Yellow"]


def test_the_revised_scenarios_are_positions_a_game_reaches_at_the_moment_they_promise():
    from risk.flow import flow_for
    from risk_ui.scenarios import modified_attack

    for seed in (1, 7):
        claim = SCENARIOS["revised-claim"](seed)
        flow = flow_for(claim.rules)
        assert flow.impossible(claim) == "" and claim.phase is Phase.ATTACK
        assert any(flow.airfield_reward(claim, slot) for slot in flow.claimable(claim))
        rewards = SCENARIOS["revised-rewards"](seed)
        assert flow.impossible(rewards) == "" and modified_attack(rewards, flow)[0] >= 0
        c = initial_controller(PageOptions(seed=seed, scenario="revised-claim"), lambda: 0)
        assert c.ui.handoff == claim.current and [s.name for s in c.game.seats] == ["Red", "Blue", "Yellow", "Green"]
        assert c.state == claim


def test_the_selfplay_digest_depends_on_the_seed_and_repeats():
    assert selfplay_digest(3) == selfplay_digest(3) != selfplay_digest(4)


def test_the_bench_hooks_report_figures_of_a_real_game():
    import json

    from risk_ui.debug import bot_turn_times, share_link_times

    times = json.loads(share_link_times(3, 2))
    assert times["actions"] > 100 and times["chars"] > times["actions"] and times["open_ms"] > 0
    assert json.loads(share_link_times(3, 2))["chars"] == times["chars"]  # the same game again
    assert json.loads(bot_turn_times("easy", turns=5))["turns"] >= 1
    one, three = (json.loads(bot_turn_times("easy", 1, 5, "classic", games)) for games in (1, 3))
    assert three["turns"] > one["turns"]  # the turns of every game counted
