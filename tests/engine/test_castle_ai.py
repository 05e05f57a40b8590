"""The bots of Castle Risk: legal and finishing at every level and table size (2-6), blind to secrets (other hands,
the deck, the dice, the others' hidden-army sites), and playing the edition: the castle placed and guarded, the
Reinforcement track timed, enemy castles struck by land and by sea, Generals, Diplomats, Spies, the hidden army,
truces kept; the tournament's table sizes."""

import pytest

from risk import rng
from risk.actions import Blitz, Place
from risk.ai import LEVELS, EditionBot, make_bot
from risk.ai.castle import (
    FAR_SIGHT,
    CastleBot,
    CastlePlanner,
    Tactics,
    castle_determinize,
    castle_share,
    guard_against,
    make_castle_bot,
)
from risk.ai.heuristic import EASY, NORMAL, odds
from risk.ai.planner import Plan
from risk.ai.random_bot import RandomBot
from risk.dice import DiceModel
from risk.engine import apply, check, new_game
from risk.flow import flow_for
from risk.rules import make_rules
from risk.rules.castle import ADMIRAL, CARD_COUNTS, DIPLOMAT, GENERAL, MARSHALL, REINFORCEMENT, SPY
from risk.rules.castle.actions import (
    ChooseHiddenArmy,
    PlaceCastle,
    PlayDiplomat,
    PlayGeneral,
    PlayReinforcement,
    PlaySpy,
    RevealHiddenArmy,
    SeaAttack,
    SpyDiscard,
)
from risk.rules.castle.flow import CASTLE, HIDING, SPOILS, SPY_LOOK, ext
from risk.rules.castle.state import HIDDEN_SITE
from risk.selfplay import check_invariants
from risk.state import Phase
from risk.tournament import run_tournament, summary
from risk.visibility import public_view

RULES = make_rules("castle")
BOARD = new_game(RULES, 3, 0).board
FLOW = flow_for(RULES)
FIRST = [sum(CARD_COUNTS[:k]) for k in range(len(CARD_COUNTS))]  # the first card of each kind


def tid(name):
    return BOARD.territory_index(name)


def card(kind, nth=0):
    """The ``nth`` card of a kind (REINFORCEMENT, GENERAL, ...)."""
    assert nth < CARD_COUNTS[kind]
    return FIRST[kind] + nth


def play_checked(lineup, seed, max_turns):
    """A seeded game where every action a bot picks goes through ``engine.check`` on the real state first."""
    state = new_game(RULES, len(lineup), seed)
    bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(lineup)]
    while not state.over and state.turn <= max_turns:
        action = bots[state.current].choose(public_view(state, state.current))
        check(state, action)  # IllegalAction, naming the rule, for an illegal choice
        apply(state, action)
    check_invariants(state)
    return state


def position(owners, armies, *, default_owner=1, people=3, castles=("bohemia", "paris", "moscow"), hands=None,
             track=3, turn=9):
    """A mid-game position laid out by hand: ``owners``/``armies`` by territory name (the rest to
    ``default_owner`` with 3 armies), castles by seat, hands by seat, seat 0 to move before its first attack."""
    state = new_game(RULES, people, 1)
    size = BOARD.size
    state.owner = [default_owner] * size
    state.armies = [3] * size
    for name, seat in owners.items():
        state.owner[tid(name)] = seat
    for name, count in armies.items():
        state.armies[tid(name)] = count
    extra = ext(state)
    extra.castles = [tid(c) for c in castles[:people]]
    for seat, castle in enumerate(extra.castles):
        state.owner[castle] = seat
    extra.empires = [BOARD.territories[c].continent for c in extra.castles]
    extra.chips = [[e] for e in extra.empires]
    extra.hidden = [[] for _ in range(people)]
    extra.marshalls = [-1] * people
    extra.truces = []
    extra.track = track
    hands = hands or {}
    state.hands = [list(hands.get(seat, ())) for seat in range(people)]
    state.set_aside = [card(REINFORCEMENT, 11 - i) for i in range(track)]
    held = {c for h in state.hands for c in h} | set(state.set_aside)
    state.deck = [c for c in range(48) if c not in held]
    state.discard = []
    state.phase, state.current, state.turn = Phase.ATTACK, 0, turn
    state.reserve = [0] * people
    state.alive = [True] * people
    state.captured = False
    return state


# -- whole games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("people", [2, 3, 4, 5, 6])
def test_every_level_chooses_only_legal_actions_in_castle_games(people):
    """Tables of every size with random, easy and normal players, every action checked on the real state; the
    games end with the last castle standing; the planner plays legal turns at every size too."""
    lineup = (("normal", "easy", "random") * 2)[:people]
    for seed in range(3):
        state = play_checked(lineup[seed % people:] + lineup[:seed % people], 40 + seed, max_turns=600)
        assert state.over and FLOW.last_standing(state) == state.winner
    hard = (("hard", "normal", "easy") * 2)[:people]
    state = play_checked(hard, 7, max_turns=4 * people)
    assert state.turn > people or state.over


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_finishes_its_castle_games(level):
    """Tables of one level at every size (2 to 6) play seeded games to a winner, never stalling: no game reaches
    the turn cap, no turn runs on without end. (The planner, slow to think, sits at a table of normal players,
    of 2, 3 and 6 seats: the duel, the ladder's table and the largest.)"""
    games = {"hard": 1, "random": 3}.get(level, 8)
    for people in (2, 3, 6) if level == "hard" else range(2, 7):
        for g in range(games):
            seed = 500 + 10 * people + g
            state = new_game(RULES, people, seed)
            lineup = [level] + ["normal" if level == "hard" else level] * (people - 1)
            bots = [make_bot(lineup[(i + g) % people], seed * 10 + i) for i in range(people)]
            actions = 0
            cap = 3000 if level == "random" else 600
            while not state.over and state.turn <= cap:
                apply(state, bots[state.current].choose(public_view(state, state.current)))
                actions += 1
            assert state.over, f"{level}, {people} players, seed {seed}: no winner after {state.turn} turns"
            assert FLOW.last_standing(state) == state.winner
            assert actions < 300 * max(state.turn, 1)


# -- secrets -------------------------------------------------------------------------------------------


def _positions(lineup, seed, every, attack_only=False, max_turns=40):
    state = new_game(RULES, len(lineup), seed)
    bots = [make_bot(level, seed + i) for i, level in enumerate(lineup)]
    step = 0
    while not state.over and state.turn <= max_turns:
        wanted = not attack_only or (state.phase is Phase.ATTACK and not ext(state).attacked)
        if wanted and state.phase is not HIDING:
            if step % every == 0:
                yield state.copy()
            step += 1
        apply(state, bots[state.current].choose(public_view(state, state.current)))


def _change_secrets(state, seed):
    """The same position as the player to move sees it: the others' cards swapped with the deck's, the deck
    reshuffled, the dice generator moved, and the others' hidden armies on other territories of theirs."""
    other = state.copy()
    me = state.current
    marshalls = set(ext(state).marshalls)  # a Marshall in play is on the table: everyone knows it
    pool = [c for s, h in enumerate(other.hands) if s != me for c in h if c not in marshalls] + other.deck
    rng.shuffle(rng.seed_state(seed), pool)
    for s, hand in enumerate(other.hands):
        if s != me:
            for i in range(len(hand)):
                if hand[i] not in marshalls:
                    hand[i] = pool.pop()
    other.deck = pool
    other.rng = rng.next_u64(state.rng ^ 0x5DEECE66D)[0]
    extra = ext(other)
    for s, sites in enumerate(extra.hidden):
        if s != me and sites:
            options = [t for t in range(BOARD.size) if t not in extra.castles and t not in sites]
            extra.hidden[s] = [options[(seed + i * 7) % len(options)] for i in range(len(sites))]
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_hands_and_hidden_army_sites_change_no_choice(level):
    """Two states that differ only in what the player to move cannot see (the others' cards, the deck, the dice
    generator, the others' hidden-army sites) get the same action from two copies of the same bot, over many
    positions of games of 3, 4 and 5 players."""
    compared = differing = 0
    every, attack_only = (4, True) if level == "hard" else (3, False)
    for seed, people in ((1, 3), (2, 4), (3, 5)):
        for state in _positions(("normal",) * people, seed, every, attack_only):
            other = _change_secrets(state, seed + compared)
            differing += (other.hands != state.hands or ext(other).hidden != ext(state).hidden)
            assert public_view(other, state.current) == public_view(state, state.current)
            assert make_bot(level, 99).choose(state) == make_bot(level, 99).choose(other)
            compared += 1
    assert compared >= 12 and differing >= compared // 2


def test_the_planner_fills_in_hidden_sites_on_their_owners_territories():
    state = position({"saxony": 0, "bavaria": 0, "smolensk": 2, "ukraine": 2}, {"bohemia": 10})
    extra = ext(state)
    extra.hidden = [[tid("saxony")], [tid("gascony")], [tid("smolensk")]]
    view = public_view(state, 0)
    assert ext(view).hidden == [[tid("saxony")], [HIDDEN_SITE], [HIDDEN_SITE]]
    full = castle_determinize(view, 0, seed=5)
    for seat, sites in enumerate(ext(full).hidden):
        assert len(sites) == 1 and full.owner[sites[0]] == seat and sites[0] not in extra.castles
    assert all(c >= 0 for s, hand in enumerate(full.hands) for c in hand)


# -- the castle ------------------------------------------------------------------------------------


def test_the_castle_goes_off_the_ocean_and_the_setup_guards_it():
    """Every empire with a territory off the ocean gets its castle there (inland, or on the Black Sea that three
    coasts touch), where the Admirals of most of the board cannot land, unless an ocean coast has only its own
    empire's territories around it; the claims surround it and the starting armies guard it."""
    for seed in range(6):
        state = new_game(RULES, 3, seed)
        bots = [make_bot("normal", i) for i in range(3)]
        while state.phase is CASTLE:
            action = bots[state.current].choose(state)
            assert isinstance(action, PlaceCastle)
            empire = ext(state).empires[state.current]
            inland = [t for t in BOARD.continents[empire].territories if "ocean" not in BOARD.territories[t].seas]
            placed = action.territory
            within = all(BOARD.territories[n].continent == empire for n in BOARD.neighbours[placed])
            if inland:  # off the ocean, or behind its own empire's territories on every side
                assert "ocean" not in BOARD.territories[placed].seas or within
            apply(state, action)
        while state.phase is not HIDING:
            apply(state, bots[state.current].choose(state))
        for seat, castle in enumerate(ext(state).castles):
            assert any(state.owner[n] == seat for n in BOARD.neighbours[castle])
            assert state.armies[castle] >= 8


@pytest.mark.parametrize(("depth", "threat"), [(1, (0, -1)), (2, (17, 1)), (3, (23, 1)), (4, (23, 1))])
def test_the_castles_threat_counts_a_stack_behind_our_territories_as_far_as_its_depth(depth, threat):
    """30 armies in Denmark, behind Berlin and Saxony (5) or Berlin, the Rhine and Bavaria (1 each): one territory
    deep they are no threat; through two, 30 - 1 - 2 x (1 + 5); through three, the cheaper way, 30 - 1 - 2 x 3."""
    state = position({"saxony": 0, "bavaria": 0, "galicia": 0, "vienna": 0, "hungary": 0, "berlin": 0, "rhine": 0},
                     {"bohemia": 5, "saxony": 5, "bavaria": 1, "galicia": 2, "vienna": 2, "hungary": 2, "berlin": 1,
                      "rhine": 1, "denmark": 30})
    bot = CastleBot(1, tactics=Tactics(threat_depth=depth))
    assert bot.castle_threat(state, 0) == threat


def test_the_planners_own_player_sees_the_deeper_threats():
    """The hard level's player reckons four territories deep in every plan; the normal level's, one."""
    state = position({"saxony": 0, "bavaria": 0, "galicia": 0, "vienna": 0, "hungary": 0, "berlin": 0, "rhine": 0},
                     {"bohemia": 5, "saxony": 5, "bavaria": 1, "berlin": 1, "rhine": 1, "denmark": 30})
    planner = CastlePlanner(3)
    assert planner.policy.tactics.threat_depth == FAR_SIGHT
    assert {plan.tweak.threat_depth for plan in planner.plans(state) if plan.tweak is not None} == {FAR_SIGHT}
    planner.choose(state)
    assert planner.policy.tactics.threat_depth == FAR_SIGHT
    planner.adopt(planner.policy, Plan(-1, NORMAL, None))  # a classic plan, with no tactics of its own
    assert planner.policy.tactics.threat_depth == FAR_SIGHT
    assert make_castle_bot("normal", 3).tactics.threat_depth == 1


def test_spoils_go_to_a_threatened_castle_first():
    state = position({"saxony": 0, "bavaria": 0, "galicia": 0, "vienna": 0, "hungary": 0, "berlin": 0},
                     {"bohemia": 5, "saxony": 2, "bavaria": 2, "galicia": 2, "vienna": 2, "hungary": 2})
    state.owner[tid("hungary")] = 1
    state.armies[tid("hungary")] = 20
    state.phase = SPOILS
    state.reserve[0] = 16
    action = make_bot("normal", 1).choose(state)
    assert action == Place(tid("bohemia"), action.count) and action.count >= 10
    check(state, action)


@pytest.mark.parametrize("dice", [2, 3])
@pytest.mark.parametrize("threat", [1, 3, 7, 15, 40])
@pytest.mark.parametrize("risk", [0.05, 0.2, 0.45])
def test_the_castle_guard_is_the_first_step_that_holds_the_threat_to_its_risk(threat, risk, dice):
    """The guard (steps of a quarter) keeps the chance of a fall within the risk and the step before it does not,
    under the dice cap asked about; asked again, it answers the same from what it kept."""
    model = DiceModel(attack_max=dice)
    guard = guard_against(threat, risk, dice)
    assert odds(threat, guard, 0, model)[0] <= risk or guard >= 4 * threat
    steps = [1]
    while steps[-1] < guard:
        steps.append(steps[-1] + max(1, steps[-1] // 4))
    assert steps[-1] == guard
    if len(steps) > 1:
        assert odds(threat, steps[-2], 0, model)[0] > risk
    assert guard_against(threat, risk, dice) == guard


def test_reinforcements_wait_for_the_track_unless_the_armies_are_needed():
    """One Reinforcement in hand: held at track space 3 (8 armies), played at space 4 (10); played at once by the
    careless player; played when the castle is short of its guard."""
    mine = {"saxony": 0, "bavaria": 0, "galicia": 0, "vienna": 0, "hungary": 0}
    hand = {0: [card(REINFORCEMENT), card(DIPLOMAT)]}
    calm = position(mine, {"bohemia": 20}, hands=hand, track=2)
    for t in range(BOARD.size):
        if calm.owner[t] != 0:
            calm.armies[t] = 8  # nothing to attack, nothing to fear
    assert not isinstance(make_bot("normal", 1).choose(calm), PlayReinforcement)
    assert isinstance(make_castle_bot("easy", 1).choose(calm), PlayReinforcement)
    later = calm.copy()
    ext(later).track = 3
    later.set_aside.append(card(REINFORCEMENT, 8))
    action = make_bot("normal", 1).choose(later)
    assert action == PlayReinforcement(card(REINFORCEMENT))
    check(later, action)
    danger = calm.copy()
    danger.owner[tid("hungary")] = 1
    danger.armies[tid("hungary")] = 40
    assert isinstance(make_bot("normal", 1).choose(danger), PlayReinforcement)


def test_an_enemy_castle_within_fair_odds_is_struck_with_a_general_first():
    mine = {"saxony": 0, "bavaria": 0, "berlin": 0, "rhine": 0}
    state = position(mine, {"saxony": 30, "bohemia": 12, "bavaria": 3}, castles=("berlin", "bohemia", "moscow"),
                     hands={0: [card(GENERAL)]}, default_owner=2)
    for name in ("galicia", "vienna", "hungary"):
        state.owner[tid(name)] = 1
    bot = make_bot("normal", 1)
    action = bot.choose(state)
    assert action == PlayGeneral(card(GENERAL))
    apply(state, action)
    action = bot.choose(state)
    assert action == Blitz(tid("saxony"), tid("bohemia"), action.stop_at) and action.stop_at == 0
    check(state, action)


def test_an_admiral_strikes_a_castle_across_the_water():
    """Our big stack in Brittany, no land way to London's castle: the Admiral carries all but one army over."""
    mine = {"brittany": 0, "gascony": 0, "burgundy": 0}
    state = position(mine, {"brittany": 25, "london": 8, "paris": 20, "burgundy": 3},
                     castles=("burgundy", "london", "moscow"), hands={0: [card(ADMIRAL)]},
                     default_owner=2)
    for name in ("wales", "yorkshire", "ireland", "scotland"):
        state.owner[tid(name)] = 1
    action = make_bot("normal", 1).choose(state)
    assert action == SeaAttack(card(ADMIRAL), tid("brittany"), tid("london"), 24)
    check(state, action)
    # Without the Admiral, no crossing.
    state.hands[0] = []
    assert not isinstance(make_bot("normal", 1).choose(state), SeaAttack)


def test_a_diplomat_buys_a_truce_with_the_castles_worst_threat_and_truces_are_kept():
    mine = {"saxony": 0, "bavaria": 0, "galicia": 0, "vienna": 0}
    state = position(mine, {"bohemia": 10, "hungary": 30, "saxony": 2, "bavaria": 2, "galicia": 2, "vienna": 2},
                     hands={0: [card(DIPLOMAT)]}, default_owner=2)
    state.owner[tid("hungary")] = 1
    action = make_bot("normal", 1).choose(state)
    assert action == PlayDiplomat(card(DIPLOMAT), 1)
    check(state, action)
    apply(state, action)
    # With the truce, a tempting attack on seat 1 is never made: seat 1's Trieste (1 army) next to our 20.
    state.owner[tid("trieste")], state.armies[tid("trieste")] = 1, 1
    state.armies[tid("vienna")] = 20
    for _ in range(30):
        action = make_bot("normal", 1).choose(state)
        check(state, action)
        if isinstance(action, Blitz):
            assert state.owner[action.target] != 1
        if state.phase is not Phase.ATTACK or not isinstance(action, (Blitz, PlayGeneral, PlaySpy)):
            break
        apply(state, action)
        if state.phase is Phase.OCCUPY:
            apply(state, make_bot("normal", 1).choose(state))


def test_a_spy_strips_the_marshall_of_the_castle_we_go_for():
    mine = {"saxony": 0, "bavaria": 0, "berlin": 0, "rhine": 0}
    state = position(mine, {"saxony": 14, "bohemia": 10}, castles=("berlin", "bohemia", "moscow"),
                     hands={0: [card(SPY)], 1: [card(MARSHALL), card(REINFORCEMENT), card(SPY, 1)]},
                     default_owner=2)
    for name in ("galicia", "vienna", "hungary"):
        state.owner[tid(name)] = 1
    ext(state).orders = [3, 1, 3]  # seat 1 does not block Spies
    bot = make_bot("normal", 1)
    action = bot.choose(state)
    assert action == PlaySpy(card(SPY), 1)
    check(state, action)
    apply(state, action)
    assert state.phase is SPY_LOOK
    action = bot.choose(state)
    assert action == SpyDiscard(card(MARSHALL))
    check(state, action)
    # Spying on a player whose castle is not our target, the Reinforcement goes first (it leaves the game).
    state = position(mine, {"saxony": 14, "bohemia": 10}, castles=("berlin", "bohemia", "moscow"),
                     hands={0: [card(SPY)]}, default_owner=2)
    ext(state).orders = [3, 1, 3]
    state.hands[2] = [card(MARSHALL), card(REINFORCEMENT), card(DIPLOMAT, 2)]
    ext(state).spied, ext(state).spier, ext(state).spy_card = 2, 0, card(SPY)
    ext(state).seen = tuple(sorted(state.hands[2]))
    state.phase = SPY_LOOK
    assert CastleBot(1).choose(state) == SpyDiscard(card(REINFORCEMENT))


def test_the_hidden_army_waits_by_the_castle_and_comes_out_when_worth_it():
    state = new_game(RULES, 3, 4)
    bots = [make_bot("normal", i) for i in range(3)]
    while state.phase is not HIDING:
        apply(state, bots[state.current].choose(state))
    while state.phase is HIDING:
        action = bots[state.current].choose(state)
        assert isinstance(action, ChooseHiddenArmy)
        castle = ext(state).castles[state.current]
        assert state.owner[action.territory] == state.current and action.territory in BOARD.neighbours[castle]
        apply(state, action)
    mine = {"saxony": 0, "bavaria": 0, "galicia": 0, "vienna": 0}
    early = position(mine, {"bohemia": 30, "saxony": 20}, track=1)
    for t in range(BOARD.size):
        if early.owner[t] != 0:
            early.armies[t] = 8
    ext(early).hidden[0] = [tid("saxony")]
    assert not isinstance(make_bot("normal", 1).choose(early), RevealHiddenArmy)  # 4 armies: wait
    late = early.copy()
    ext(late).track = 4
    late.set_aside = [card(REINFORCEMENT, 11 - i) for i in range(4)]
    action = make_bot("normal", 1).choose(late)
    assert action == RevealHiddenArmy(tid("saxony"))
    check(late, action)


def test_castle_share_counts_spoils_and_the_castle():
    state = position({"saxony": 0, "bavaria": 0}, {"bohemia": 10})
    before = castle_share(state, 0)
    ext(state).chips[0].append(ext(state).empires[2])  # a second chip: 8 more spoils a turn
    ext(state).chips[2] = []
    assert castle_share(state, 0) > before


class _TurnCounter(CastlePlanner):
    """A planner noting how many turns of its own each rollout played."""

    def __init__(self, seed):
        super().__init__(seed)
        self.turns_per_rollout = []
        self._turns = set()

    def make_policy(self, seed, skill):
        policy = super().make_policy(seed, skill)
        decide = policy.decide

        def noted(state):
            if state.current == 0:
                self._turns.add(state.turn)
            return decide(state)

        policy.decide = noted
        return policy

    def _rollout(self, view, me, plan, seed):
        self._turns = set()
        score = super()._rollout(view, me, plan, seed)
        self.turns_per_rollout.append(len(self._turns))
        return score


@pytest.mark.parametrize("people, rounds", [(3, 1), (2, 2)])
def test_the_planner_looks_a_round_further_once_two_players_are_left(people, rounds):
    state = position({"saxony": 0, "bavaria": 0}, {"bohemia": 60, "paris": 30, "moscow": 30, "saxony": 8},
                     people=people)
    planner = _TurnCounter(5)
    planner.choose(public_view(state, 0))
    assert max(planner.turns_per_rollout) == rounds  # fewer only when a rollout's game ended first


def test_make_bot_plays_castle_with_its_own_bots():
    bot = make_bot("normal", 3)
    assert isinstance(bot, EditionBot)
    assert type(bot.bot_for(RULES)) is CastleBot
    assert type(make_bot("hard", 3).bot_for(RULES)) is CastlePlanner
    assert make_bot("easy", 3).bot_for(RULES).skill == EASY
    assert isinstance(make_bot("random", 3), RandomBot)
    assert FLOW.bots_know_the_rules


# -- the tournament ----------------------------------------------------------------------------------


@pytest.mark.parametrize("people", [2, 3, 4, 5, 6])
def test_tournaments_of_castle_take_its_player_counts(people):
    lineup = ("normal", "easy", "random", "easy", "random", "normal")[:people]
    results = run_tournament(RULES, lineup, games=2, seed=1)
    assert all(sorted(r.seats) == list(range(people)) for r in results)
    figures = summary(lineup, results)
    assert figures["games"] == 2 and figures["draws"] == 0
