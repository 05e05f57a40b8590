"""The bots of the Revised edition: legal and finishing at every level, blind to secrets, and playing the
edition (capitals, objectives, star trades, rewards, the battles' dice models); the tournament's player counts."""

import json

import pytest

from risk import rng
from risk.actions import Blitz, Fortify, Place
from risk.ai import LEVELS, EditionBot, make_bot, think
from risk.ai.analysis import Survey
from risk.ai.heuristic import HeuristicBot, odds
from risk.ai.planner import PlannerBot
from risk.ai.random_bot import RandomBot
from risk.ai.revised import Outlook, RevisedBot, RevisedPlanner, revised_share
from risk.cli import main as cli_main
from risk.deck import deck_for
from risk.dice import PLAIN, DiceModel
from risk.engine import apply, check, legal_actions, new_game
from risk.flow import flow_for
from risk.odds import attack_odds_float
from risk.rules import make_rules
from risk.rules.revised import OBJECTIVES, REWARDS
from risk.rules.revised.actions import ClaimObjective, PlaceCapital, StartingManeuver, TradeStars
from risk.rules.revised.flow import CAPITAL, ext
from risk.selfplay import check_invariants
from risk.state import Phase
from risk.tournament import play_match, run_tournament, summary
from risk.visibility import public_view

REVISED = make_rules("revised")
BOARD = new_game(REVISED, 3, 0).board
FLOW = flow_for(REVISED)


def tid(name):
    return BOARD.territory_index(name)


def objective(key):
    return next(i for i, (k, _) in enumerate(OBJECTIVES) if k == key)


def reward(key):
    return next(i for i, (k, _) in enumerate(REWARDS) if k == key)


def play_checked(rules, lineup, seed, max_turns):
    """A seeded game where every action a bot picks goes through ``engine.check`` first."""
    state = new_game(rules, len(lineup), seed)
    bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(lineup)]
    while not state.over and state.turn <= max_turns:
        action = bots[state.current].choose(public_view(state, state.current))
        check(state, action)  # IllegalAction, naming the rule, for an illegal choice
        apply(state, action)
    check_invariants(state)
    return state


def position(owners, armies, *, default_owner=1, people=4, current=0, phase=Phase.ATTACK, objectives=None,
             rewards=None, capitals=("eastern_australia", "argentina", "madagascar", "japan"), hand=(), turn=6):
    """A mid-game Revised position laid out by hand: ``owners``/``armies`` by territory name (the rest to
    ``default_owner`` with 3 armies), the objectives and rewards by slot, ``current`` to move."""
    state = new_game(REVISED, people, 1)
    size = state.board.size
    state.owner = [default_owner] * size
    state.armies = [3] * size
    for name, seat in owners.items():
        state.owner[tid(name)] = seat
    for name, count in armies.items():
        state.armies[tid(name)] = count
    state.phase, state.current, state.turn = phase, current, turn
    state.reserve = [0] * state.players
    state.hands = [[] for _ in range(state.players)]
    state.hands[current] = list(hand)
    state.deck = [c for c in range(len(deck_for(REVISED))) if c not in hand]
    extra = ext(state)
    extra.capitals = [tid(c) for c in capitals[:people]]
    extra.objectives = tuple(objectives or (objective("cities-8"), objective("cities-4-in-a-turn"),
                                            objective("north-america"), objective("enemy-capital"),
                                            objective("cities-11"), objective("two-continents"),
                                            objective("continent-in-a-turn"), objective("territories-18")))
    extra.rewards = tuple(rewards or (reward("airfield"), 1, 2, 3, 4, 6, 5, 7))
    slots = len(extra.objectives)
    extra.holders, extra.rewarded, extra.airfields = [-1] * slots, [-1] * slots, [-1] * slots
    extra.start_owned = sum(1 << t for t, who in enumerate(state.owner) if who == current)
    return state


# -- whole games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [(), ("basic-training",), ("world-conquest",)])
def test_every_level_chooses_only_legal_actions_in_revised_games(options):
    """Whole games for 3, 4 and 5 players with every level at the table, each action checked first."""
    rules = make_rules("revised", list(options))
    tables = [("random", "easy", "normal"), ("easy", "normal", "random", "normal"),
              ("normal", "random", "easy", "normal", "easy")]
    for lineup in tables:
        for seed in range(2):
            state = play_checked(rules, lineup, seed, max_turns=300)
            if "world-conquest" not in options:
                assert state.over and flow_for(rules).meets_goal(state, state.winner)
    # The planner: shorter games, every phase of setup and play.
    for seed, lineup in ((5, ("hard", "normal", "easy")), (6, ("easy", "hard", "random", "normal"))):
        state = play_checked(rules, lineup, seed, max_turns=16)
        assert state.turn > 3


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_finishes_its_revised_games(level):
    """Four bots of one level play seeded games to a winner (three objectives and the capital), never
    stalling: no game reaches the turn cap."""
    games = 3 if level == "hard" else 25
    turns = []
    for seed in range(games):
        state = new_game(REVISED, 4, 100 + seed)
        bots = [make_bot(level, seed * 10 + i) for i in range(4)]
        actions = 0
        while not state.over and state.turn <= 400:
            apply(state, bots[state.current].choose(public_view(state, state.current)))
            actions += 1
        assert state.over, f"seed {100 + seed}: no winner after {state.turn} turns"
        assert FLOW.meets_goal(state, state.winner) or FLOW.last_standing(state) == state.winner
        turns.append(state.turn)
        assert actions < 200 * state.turn  # no turn runs on without end
    assert max(turns) < 200


def test_random_bots_claim_objectives_and_finish_their_revised_games():
    """The random level plays the edition's own actions (capitals, star trades, claims, the Starting Maneuver
    when it holds it): a table of random players gets to a winner, and beside an easy player as well."""
    kinds = set()
    finished = 0
    for seed in range(8):
        state = new_game(REVISED, 3, 200 + seed)
        bots = [RandomBot(seed * 10 + i) for i in range(3)]
        while not state.over and state.turn <= 3000:
            action = bots[state.current].choose(public_view(state, state.current))
            kinds.add(type(action).__name__)
            apply(state, action)
        finished += state.over
    assert {"PlaceCapital", "TradeStars", "ClaimObjective"} <= kinds
    assert finished >= 6
    results = [play_match(REVISED, ("random", "random", "random", "easy"), seed=3, game=g) for g in range(6)]
    assert all(r.winner >= 0 for r in results)


# -- secrets -------------------------------------------------------------------------------------------


def _positions(lineup, seed, every, phase=None, max_turns=60):
    state = new_game(REVISED, len(lineup), seed)
    bots = [make_bot(level, seed + i) for i, level in enumerate(lineup)]
    step = 0
    while not state.over and state.turn <= max_turns:
        if phase is None or state.phase is phase:
            if step % every == 0:
                yield state.copy()
            step += 1
        apply(state, bots[state.current].choose(public_view(state, state.current)))


def _change_secrets(state, seed):
    """The same position as the player to move sees it: the others' cards swapped with the deck's, the deck
    reshuffled and the dice generator moved."""
    other = state.copy()
    me = state.current
    pool = [c for s, h in enumerate(other.hands) if s != me for c in h] + other.deck
    rng.shuffle(rng.seed_state(seed), pool)
    for s, hand in enumerate(other.hands):
        if s != me:
            for i in range(len(hand)):
                hand[i] = pool.pop()
    other.deck = pool
    other.rng = rng.next_u64(state.rng ^ 0x5DEECE66D)[0]
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_and_the_generator_change_no_choice_in_revised_games(level):
    """Two states that differ only in what the player to move cannot see (the others' star cards, the deck,
    the dice generator) get the same action from two copies of the same bot, over many positions."""
    compared = differing = 0
    every, phase = (6, Phase.REINFORCE) if level == "hard" else (3, None)
    for seed, people in ((1, 3), (2, 4), (3, 5)):
        for state in _positions(("normal",) * people, seed, every, phase):
            other = _change_secrets(state, seed + compared)
            differing += other.hands != state.hands or other.deck != state.deck
            assert public_view(other, state.current) == public_view(state, state.current)
            assert make_bot(level, 99).choose(state) == make_bot(level, 99).choose(other)
            compared += 1
    assert compared >= 12 and differing >= compared // 2


# -- the edition's play ----------------------------------------------------------------------------------


def test_the_capital_goes_where_it_can_be_held_away_from_the_capitals_already_placed():
    state = new_game(REVISED, 4, 3)
    assert state.phase is CAPITAL
    placed = []
    for _ in range(4):
        action = make_bot("normal", 1).choose(state)
        assert isinstance(action, PlaceCapital)
        territory = action.territory
        assert len(BOARD.neighbours[territory]) <= 3  # few borders to hold
        assert not any(territory in BOARD.neighbours[t] for t in placed)  # not next to another capital
        placed.append(territory)
        apply(state, action)
    assert len(set(placed)) == 4


def test_claims_during_setup_favour_the_capitals_surroundings():
    state = new_game(REVISED, 4, 3)
    bots = [make_bot("normal", i) for i in range(4)]
    while state.phase is not Phase.SETUP:
        apply(state, bots[state.current].choose(state))
    extra = ext(state)
    for seat in range(4):
        capital = extra.capitals[seat]
        friends = sum(1 for n in BOARD.neighbours[capital] if state.owner[n] == seat)
        assert friends >= 1  # something of its own beside every capital


def test_a_met_objective_is_claimed_once_the_attacks_are_done_and_an_airfield_goes_on_the_front():
    """Seat 0 holds all of North America with big stacks at its gates, no attack is worth making; the
    objective "Control North America" (slot 2, with an Airfield) is claimed rather than ending the turn."""
    na = [t.id for t in BOARD.territories if t.continent == 0]
    state = position({name: 0 for name in na},
                     {**{name: 1 for name in na}, "alaska": 9, "greenland": 9, "central_america": 9},
                     default_owner=1,
                     rewards=(reward("additional-maneuver"), reward("starting-maneuver"), reward("airfield"),
                              3, 4, 6, 5, 7))
    for t in range(BOARD.size):
        if state.owner[t] == 1:
            state.armies[t] = 30  # no attack worth making
    state.captured = True
    action = make_bot("normal", 1).choose(state)
    assert action == ClaimObjective(2, action.airfield)
    check(state, action)
    assert action.airfield in (tid("alaska"), tid("greenland"), tid("central_america"), tid("alberta"),
                               tid("northwest_territory"), tid("ontario"), tid("quebec"),
                               tid("western_united_states"), tid("eastern_united_states"))
    assert state.armies[action.airfield] == 9 or any(state.armies[n] == 9 for n in BOARD.neighbours[action.airfield])
    # Without a met objective the same bot ends its attacks another way.
    state.owner[tid("quebec")] = 1
    assert not isinstance(make_bot("normal", 1).choose(state), ClaimObjective)


def test_an_objective_only_met_this_turn_is_claimed_before_one_that_will_last():
    """"Control an enemy capital" (lasting), "Take 4 cities in one turn" and "Take a continent in one turn" (only
    now) are met."""
    state = position({"argentina": 0, "peru": 0, "brazil": 0, "venezuela": 0, "eastern_australia": 0},
                     {"argentina": 2, "peru": 2, "brazil": 2, "venezuela": 2, "eastern_australia": 5})
    for t in range(BOARD.size):
        if state.owner[t] != 0:
            state.armies[t] = 30
    extra = ext(state)
    extra.cities = tuple(sorted(tid(n) for n in ("argentina", "peru", "brazil", "venezuela", "alaska", "iceland",
                                                  "ural", "siberia", "china", "india", "egypt", "congo",
                                                  "japan", "siam", "quebec")))
    extra.start_owned = 1 << tid("eastern_australia")  # South America was taken this turn
    assert set(FLOW.claimable(state)) >= {1, 3, 6}  # 4 cities and a continent this turn, a capital
    action = make_bot("normal", 1).choose(state)
    assert isinstance(action, ClaimObjective) and action.slot in (1, 6)  # not the capital, which will last
    check(state, action)


def test_star_cards_are_held_for_the_table_unless_the_armies_are_needed():
    """Seven stars (worth 17) are held by the careful player, ten are traded at once for 30; the careless
    player trades as soon as it can; a capital about to fall calls for the trade at once."""
    stars = deck_for(REVISED).stars
    ones = [c for c in range(BOARD.size) if stars[c] == 1]
    twos = [c for c in range(BOARD.size) if stars[c] == 2]
    mine = {n: 0 for n in ("eastern_australia", "western_australia", "new_guinea", "indonesia", "siam", "india",
                            "china", "afghanistan", "argentina")}
    seven = ones[:3] + twos[:2]

    def draft(hand, **armies):
        state = position(mine, {**{n: 4 for n in mine}, **armies}, default_owner=2, phase=Phase.REINFORCE,
                         capitals=("eastern_australia", "alaska", "madagascar", "japan"), hand=hand)
        state.reserve[0] = 5
        for t in range(BOARD.size):
            if state.owner[t] == 2:
                state.armies[t] = 10  # no objective within reach, even with the trade's armies
        return state

    state = draft(seven)
    assert isinstance(make_bot("normal", 1).choose(state), Place)
    assert isinstance(make_bot("easy", 1).choose(state), TradeStars)
    ten = draft(ones[:4] + twos[:3])
    trade = make_bot("normal", 1).choose(ten)
    assert isinstance(trade, TradeStars) and sum(stars[c] for c in trade.cards) == 10
    check(ten, trade)
    # The capital's neighbour has a large stack: the seven stars go now, and the armies to the capital.
    danger = draft(seven, new_guinea=4)
    danger.owner[tid("new_guinea")] = 2
    danger.armies[tid("new_guinea")] = 25
    bot = make_bot("normal", 1)
    assert isinstance(bot.choose(danger), TradeStars)
    apply(danger, bot.choose(danger))
    place = bot.choose(danger)
    assert place == Place(tid("eastern_australia"), place.count) and place.count >= 10


def test_the_starting_maneuver_brings_the_idle_army_to_the_first_battle():
    mine = {n: 0 for n in ("eastern_australia", "western_australia", "new_guinea", "indonesia", "siam")}
    state = position(mine, {"eastern_australia": 4, "western_australia": 15, "new_guinea": 1, "indonesia": 1,
                            "siam": 6, "india": 2, "china": 2})
    extra = ext(state)
    extra.holders[2] = extra.rewarded[2] = 0  # the Starting Maneuver (slot 2's reward)
    assert FLOW.can_start_maneuver(state)
    action = make_bot("normal", 1).choose(state)
    assert action == StartingManeuver(tid("western_australia"), tid("siam"), 14)
    check(state, action)
    apply(state, action)
    assert isinstance(make_bot("normal", 1).choose(state), Blitz)


def test_battle_odds_follow_each_battles_dice_model():
    """With the Attack Die the bot starts a battle (5 armies against 5) that plain dice make too risky."""
    # Australia is not all ours, so Indonesia is no gate to guard and attacks with all but one army.
    mine = {"eastern_australia": 0, "new_guinea": 0, "indonesia": 0}
    state = position(mine, {"indonesia": 6, "siam": 5, "eastern_australia": 1, "new_guinea": 1}, default_owner=1)
    for t in range(BOARD.size):
        if state.owner[t] == 1 and t != tid("siam"):
            state.armies[t] = 40
    state.captured = True
    assert not isinstance(make_bot("normal", 1).choose(state), Blitz)
    extra = ext(state)
    extra.holders[4] = extra.rewarded[4] = 0  # slot 4's reward: the Attack Die
    model = FLOW.battle_model(state, tid("indonesia"), tid("siam"))
    assert model == DiceModel(attack_bonus=1)
    action = make_bot("normal", 1).choose(state)
    assert action == Blitz(tid("indonesia"), tid("siam"), action.stop_at)
    # The bot's odds are the exact float odds under that model, cached apart from the plain ones.
    assert odds(5, 5, 0, model)[0] == pytest.approx(attack_odds_float(5, 5, model=model).p_conquer)
    assert odds(5, 5, 0, PLAIN)[0] == pytest.approx(attack_odds_float(5, 5).p_conquer)
    assert odds(5, 5, 0, model)[0] > 0.7 > odds(5, 5)[0]


def test_the_capital_of_a_player_one_objective_from_winning_is_attacked_even_at_poor_odds():
    """Seat 1 holds two objectives and its capital (Argentina, 7 armies) borders our Brazil (7 armies): the
    attack goes in although it would be refused at these odds otherwise."""
    state = position({"brazil": 0, "north_africa": 0, "venezuela": 0}, {"brazil": 7, "argentina": 7, "peru": 9,
                                                                         "north_africa": 1, "venezuela": 1},
                     default_owner=2)
    state.owner[tid("argentina")] = state.owner[tid("peru")] = 1
    for t in range(BOARD.size):
        if state.owner[t] == 2:
            state.armies[t] = 40
    state.captured = True
    assert odds(6, 7)[0] < 0.45
    assert not isinstance(make_bot("normal", 1).choose(state), Blitz)
    extra = ext(state)
    extra.holders[0] = extra.holders[5] = 1
    action = make_bot("normal", 1).choose(state)
    assert action == Blitz(tid("brazil"), tid("argentina"), action.stop_at)


def test_a_threatened_capital_gets_the_reinforcements_and_keeps_its_defenders():
    mine = {n: 0 for n in ("eastern_australia", "western_australia", "new_guinea", "indonesia", "siam")}
    state = position(mine, {"eastern_australia": 3, "western_australia": 2, "new_guinea": 2, "indonesia": 2,
                            "siam": 8}, phase=Phase.REINFORCE)
    state.owner[tid("new_guinea")] = 1
    state.armies[tid("new_guinea")] = 12
    state.reserve[0] = 8
    bot = RevisedBot(1)
    assert bot.capital_guard(state, Survey(state, 0)) > 12
    action = bot.choose(state)
    assert action == Place(tid("eastern_australia"), action.count) and action.count >= 4


def test_the_outlook_reads_what_each_objective_still_needs():
    na = [t.id for t in BOARD.territories if t.continent == 0]
    state = position({name: 0 for name in na[:-1]}, {})
    outlook = Outlook(state, Survey(state, 0))
    slot = 2  # North America
    assert outlook.need[slot] == 1 and outlook.targets[slot] == [tid(na[-1])]
    assert outlook.cost[3] < 1e9 and outlook.need[3] == 1  # an enemy capital
    assert outlook.need[7] == 18 - 8  # 18 territories
    assert outlook.focus >= 0 and outlook.bonus[tid(na[-1])] > 0


def test_the_planner_scores_objectives_and_thinks_in_slices():
    state = new_game(REVISED, 4, 4)
    bots = [make_bot("normal", i) for i in range(4)]
    while state.turn == 0 or state.phase is not Phase.REINFORCE:
        apply(state, bots[state.current].choose(state))
    steps = list(think(make_bot("hard", 1), state))
    assert all(s is None for s in steps[:-1]) and len(steps) > 4
    assert steps[-1] == make_bot("hard", 1).choose(state)
    check(state, steps[-1])
    # Holding objectives raises a player's share of the table.
    before = revised_share(state, state.current)
    ext(state).holders[0] = state.current
    assert revised_share(state, state.current) > before


def test_make_bot_plays_each_edition_with_its_own_bot():
    bot = make_bot("normal", 3)
    assert isinstance(bot, EditionBot)
    assert type(bot.bot_for(make_rules("classic"))) is HeuristicBot
    assert type(bot.bot_for(REVISED)) is RevisedBot
    assert type(make_bot("hard", 3).bot_for(REVISED)) is RevisedPlanner
    assert type(make_bot("hard", 3).bot_for(make_rules("classic-1963"))) is PlannerBot
    assert bot.bot_for(REVISED) is bot.bot_for(make_rules("revised", ["basic-training"]))
    assert isinstance(make_bot("random", 3), RandomBot)


# -- the tournament ----------------------------------------------------------------------------------


@pytest.mark.parametrize("people", [3, 4, 5])
def test_tournaments_of_the_revised_edition_take_its_player_counts(people):
    lineup = ("normal", "easy", "random", "easy", "random")[:people]
    results = run_tournament(REVISED, lineup, games=2, seed=1, max_turns=200)
    assert all(sorted(r.seats) == list(range(people)) for r in results)
    assert summary(lineup, results)["games"] == 2


def test_a_tournament_refuses_a_table_its_edition_does_not_seat():
    with pytest.raises(ValueError, match="3 to 5 players"):
        run_tournament(REVISED, ("normal", "easy"), games=1)
    with pytest.raises(ValueError, match="3 to 5 players"):
        run_tournament(REVISED, ("normal",) * 6, games=1)


def test_the_tournament_command_plays_the_revised_edition(capsys):
    code = cli_main(["tournament", "--rules", "revised", "--players", "4", "--games", "4",
                     "--bots", "normal,easy,easy,random", "--seed", "2", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and len(report["win_rates"]) == 4 and report["draws"] == 0


def test_legal_actions_offer_what_the_bots_play():
    """Every kind of action the bots chose in a few games is among the legal actions at that moment."""
    state = new_game(REVISED, 4, 8)
    bots = [make_bot(level, i) for i, level in enumerate(("normal", "easy", "random", "normal"))]
    while not state.over and state.turn <= 60:
        action = bots[state.current].choose(state)
        if isinstance(action, (ClaimObjective, TradeStars, StartingManeuver, Fortify)):
            offered = legal_actions(state)
            assert any(c.action == action or (c.amounts and type(c.action) is type(action)) for c in offered)
        apply(state, action)
