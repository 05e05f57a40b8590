"""Computer players: legal in every edition and option, blind to secrets, reproducible; the tournament."""

import itertools
import json

import pytest

from risk import rng
from risk.actions import AcceptRoll, EndTurn, Reroll, UseCommander
from risk.ai import LEVELS, make_bot, think, warm_up
from risk.ai.heuristic import battle_action
from risk.ai.planner import determinize
from risk.cli import main as cli_main
from risk.deck import deck_for
from risk.engine import apply, check, new_game
from risk.odds import best_decision
from risk.rules import make_rules
from risk.selfplay import check_invariants
from risk.state import Phase
from risk.tournament import play_match, seats_for, summary, wilson
from risk.visibility import HIDDEN_CARD, HIDDEN_RNG, public_view, unseen_cards

# Every option at least once, each edition, and the combinations that change play the most.
RULE_SETS = [
    ("classic", ()),
    ("classic", ("auto-setup",)),
    ("classic", ("headquarters",)),
    ("classic", ("headquarters-short", "auto-setup")),
    ("classic", ("expert-card-values", "expert-fortify")),
    ("classic", ("army-cap", "card-reroll", "commanders")),
    ("classic", ("expert-card-values", "expert-fortify", "army-cap", "card-reroll", "commanders", "auto-setup")),
    ("classic-1963", ()),
    ("classic-1963", ("auto-setup", "commanders", "expert-fortify", "card-reroll")),
    ("classic-1963", ("headquarters", "army-cap")),
]


def play_checked(rules, lineup, seed, max_turns):
    """Play seeded games where every action any bot picks goes through ``engine.check`` first."""
    state = new_game(rules, len(lineup), seed)
    bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(lineup)]
    chosen = 0
    while not state.over and state.turn <= max_turns:
        seat = state.current
        action = bots[seat].choose(public_view(state, seat))
        check(state, action)  # raises IllegalAction, naming the rule, for an illegal choice
        apply(state, action)
        chosen += 1
    check_invariants(state)
    return state, chosen


@pytest.mark.parametrize(("edition", "options"), RULE_SETS)
def test_every_level_chooses_only_legal_actions_in_every_edition_and_option(edition, options):
    """Whole games (to the end or a turn cap) for 2 to 6 players, every level at the table."""
    rules = make_rules(edition, list(options))
    tables = [("random", "easy", "normal"), ("easy", "normal", "random", "normal"),
              ("normal", "random", "easy", "normal", "easy", "random")]
    if "headquarters" not in " ".join(options):
        tables.append(("normal", "easy"))  # two players: the neutral's setup armies are placed by the bots
    games = 0
    for lineup in tables:
        if not rules.min_players <= len(lineup) <= rules.max_players:
            continue
        for seed in range(2):
            state, chosen = play_checked(rules, lineup, seed, max_turns=150)
            assert chosen > 0
            games += 1
    # The planner is slower: shorter games, but every phase of setup and play.
    people = 2 if rules.min_players == 2 and "headquarters" not in " ".join(options) else 3
    for seed, lineup in ((5, ("hard", "normal", "easy")[:people]), (6, ("easy", "hard", "random", "normal"))):
        state, _ = play_checked(rules, lineup, seed, max_turns=20)
        assert state.turn > 3
    assert games >= 4


def _positions(rules, lineup, seed, every, max_turns=80, phase=None):
    """States met in a seeded game between the given levels: one in ``every`` actions (of those in
    ``phase``, if given)."""
    state = new_game(rules, len(lineup), seed)
    bots = [make_bot(level, seed + i) for i, level in enumerate(lineup)]
    step = 0
    while not state.over and state.turn <= max_turns:
        if phase is None or state.phase is phase:
            if step % every == 0:
                yield state.copy()
            step += 1
        apply(state, bots[state.current].choose(public_view(state, state.current)))


def _change_secrets(state, seed):
    """The same position as ``state.current`` sees it, with every secret changed: the other players'
    cards swapped with the deck's (hand sizes kept), the deck reshuffled and the dice generator moved."""
    other = state.copy()
    me = state.current
    generator = rng.seed_state(seed)
    pool = [c for s, h in enumerate(other.hands) if s != me for c in h] + other.deck
    generator = rng.shuffle(generator, pool)
    for s, hand in enumerate(other.hands):
        if s != me:
            for i in range(len(hand)):
                hand[i] = pool.pop()
    other.deck = pool
    other.rng = rng.next_u64(state.rng ^ 0x5DEECE66D)[0]
    return other


class PeekingBot:
    """A cheat, as a control: it plays like ``normal`` but ends its turn when the top card is odd."""

    def __init__(self, seed):
        self.bot = make_bot("normal", seed)

    def choose(self, state):
        action = self.bot.choose(state)
        if state.phase is Phase.ATTACK and state.deck and state.deck[-1] % 2:
            return EndTurn()
        return action


@pytest.mark.parametrize("level", LEVELS)
def test_changing_hidden_information_does_not_change_any_choice(level):
    """Two states that differ only in what the player to move cannot see get the same action from
    two copies of the same bot, over many positions of several games (cards in play, 3 and 4 players)."""
    compared = differing_secrets = 0
    # The planner thinks at the start of its turn: test it there, where its samples deal the unseen cards.
    every, phase = (14, Phase.REINFORCE) if level == "hard" else (3, None)
    for seed, options in ((1, ()), (2, ("card-reroll", "commanders", "expert-card-values"))):
        rules = make_rules("classic", ["auto-setup", *options])
        for people in (3, 4):
            lineup = ("normal",) * people
            for state in _positions(rules, lineup, seed * 10 + people, every, phase=phase):
                other = _change_secrets(state, seed + compared)
                if other.hands != state.hands or other.deck != state.deck:
                    differing_secrets += 1
                assert other.rng != state.rng
                assert public_view(other, state.current) == public_view(state, state.current)
                first, second = make_bot(level, 99), make_bot(level, 99)
                assert first.choose(state) == second.choose(other)
                compared += 1
    assert compared >= 20 and differing_secrets >= compared // 2


def test_the_hidden_information_test_catches_a_peeking_bot():
    """The control: a bot that reads the deck is caught by the same comparison."""
    rules = make_rules("classic", ["auto-setup"])
    caught = 0
    for state in _positions(rules, ("normal",) * 3, 3, every=2):
        if state.phase is Phase.ATTACK and state.deck:
            other = _change_secrets(state, 7)
            caught += PeekingBot(1).choose(state) != PeekingBot(1).choose(other)
    assert caught > 0


def test_public_view_hides_other_hands_the_deck_and_the_dice_but_keeps_what_is_public():
    state = new_game(make_rules("classic", ["auto-setup"]), 4, seed=3)
    state.hands = [[1, 2], [3], [4, 5, 6], []]
    state.discard = [7, 8, 9]
    state.deck = [c for c in state.deck if c not in range(1, 10)]
    check_invariants(state)
    view = public_view(state, 2)
    assert view.hands == [[HIDDEN_CARD] * 2, [HIDDEN_CARD], [4, 5, 6], []]
    assert view.deck == [HIDDEN_CARD] * len(state.deck)
    assert view.rng == HIDDEN_RNG and state.rng != HIDDEN_RNG
    assert view.discard == [7, 8, 9] and view.owner == state.owner and view.armies == state.armies
    assert state.hands[0] == [1, 2]  # the real state is untouched
    unseen = unseen_cards(view, 2)
    assert set(unseen) == set(range(len(deck_for(state.rules)))) - {4, 5, 6, 7, 8, 9}
    # A planner's guess at the secrets is consistent with the view.
    guess = determinize(view, 2, seed=11)
    assert public_view(guess, 2) == view
    check_invariants(guess)


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_bot_game_is_reproducible(level):
    """Same seeds, same game: bots draw only from their own seeded generators (and a bot that draws
    often, as random and easy do, plays a different game from a different seed)."""
    rules = make_rules("classic", ["commanders", "card-reroll"])
    turns = 24 if level == "hard" else 150

    def final(bot_seed):
        state = new_game(rules, 3, seed=12)
        bots = [make_bot(level, bot_seed), make_bot("normal", bot_seed + 1), make_bot("easy", bot_seed + 2)]
        while not state.over and state.turn <= turns:
            apply(state, bots[state.current].choose(public_view(state, state.current)))
        return state

    first = final(5)
    assert first == final(5)
    if level in ("random", "easy"):
        assert first != final(6)


def test_think_yields_slices_and_ends_with_the_action_choose_gives():
    """The page calls ``think``: None while working, the action last; the same action as ``choose``."""
    rules = make_rules("classic", ["auto-setup"])
    state = new_game(rules, 3, seed=4)
    steps = list(think(make_bot("hard", 1), state))
    assert state.phase is Phase.REINFORCE
    assert all(s is None for s in steps[:-1]) and len(steps) > 4
    assert steps[-1] == make_bot("hard", 1).choose(state)
    quick = list(think(make_bot("normal", 1), state))
    assert len(quick) == 1 and quick[0] == make_bot("normal", 1).choose(state)


def test_warm_up_builds_the_expert_dice_tables_in_steps():
    assert len(list(warm_up(make_rules("classic")))) == 5  # plain dice: the one-roll tables only
    steps = list(warm_up(make_rules("classic", ["commanders", "card-reroll"])))
    assert len(steps) > 5 and all(s is None for s in steps)


def test_commander_and_reroll_decisions_are_the_exact_odds_best_decision():
    """In Phase.BATTLE every bot level above random takes ``odds.best_decision``'s choice."""
    rules = make_rules("classic", ["commanders", "card-reroll", "auto-setup"])
    seen = set()
    for seed in range(6):
        for state in _positions(rules, ("normal",) * 3, seed, every=1, max_turns=60):
            if state.phase is not Phase.BATTLE:
                continue
            hand = state.hands[state.current]
            decision = best_decision(
                state.armies[state.battle_source] - 1, state.armies[state.battle_target],
                state.attacker_faces, state.defender_faces,
                commander=not state.commander_used,
                reroll=state.battle_source in hand or state.battle_target in hand, rerolled=state.rerolled)
            action = battle_action(state)
            expected = {"accept": AcceptRoll(), "commander": UseCommander(decision.die or 0),
                        "reroll": Reroll(decision.die or 0)}[decision.action]
            if state.armies[state.battle_source] <= 21 and state.armies[state.battle_target] <= 20:
                assert action == expected
            seen.add(type(action).__name__)
            for level in ("easy", "normal", "hard"):
                assert make_bot(level, 1).choose(state) == action
    assert {"UseCommander", "AcceptRoll"} <= seen


def test_tournament_seats_rotate_so_each_entry_moves_first_equally_often():
    rules = make_rules("classic", ["auto-setup"])
    firsts = [0, 0, 0]
    for game in range(6):
        result = play_match(rules, ("easy", "random", "random"), seed=2, game=game, max_turns=3)
        state = new_game(rules, 3, 2 * 1_000_003 + game)
        assert result.seats == seats_for(game, 3, state.first_player)
        mover = result.seats.index(state.first_player)
        assert mover == game % 3  # entry g % 3 sits where the game starts
        firsts[mover] += 1
        assert sorted(result.seats) == [0, 1, 2]
    assert firsts == [2, 2, 2]
    # Capped at 3 turns nobody wins: draws are reported as such.
    assert result.winner == -1


def test_tournament_json_reports_win_rates_and_wilson_intervals_per_entry(capsys):
    code = cli_main(["tournament", "--rules", "classic", "--players", "3", "--games", "4",
                     "--bots", "normal,easy,random", "--option", "auto-setup", "--seed", "3", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["normal", "easy", "random"]
    assert len(report["win_rates"]) == len(report["ci95"]) == 3
    assert abs(sum(report["win_rates"]) + report["draw_rate"] - 1) < 1e-9
    for rate, (low, high), wins in zip(report["win_rates"], report["ci95"], report["wins"]):
        assert low <= rate <= high
        assert [low, high] == [round(x, 4) for x in wilson(wins, 4)]
    assert cli_main(["tournament", "--games", "1", "--bots", "normal,easy"]) == 2  # 2 bots for 3 players


def test_wilson_interval_matches_known_values():
    low, high = wilson(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_summary_counts_wins_by_entry_not_by_seat():
    rules = make_rules("classic", ["auto-setup"])
    results = [play_match(rules, ("normal", "random", "random"), seed=1, game=g) for g in range(3)]
    report = summary(("normal", "random", "random"), results)
    assert report["wins"][0] == 3  # normal beats two random players from every seat


def test_levels_are_ordered_by_strength_in_a_short_seeded_match():
    """A small seeded check that the levels keep their order (the benchmark measures it properly)."""
    rules = make_rules("classic", ["auto-setup"])
    easy_vs_random = [play_match(rules, ("easy", "random", "random"), seed=4, game=g).winner for g in range(9)]
    normal_vs_easy = [play_match(rules, ("normal", "easy", "easy"), seed=4, game=g).winner for g in range(9)]
    assert easy_vs_random.count(0) >= 8
    assert normal_vs_easy.count(0) >= 6


def test_make_bot_rejects_unknown_levels_and_bots_are_independent_objects():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", 1)
    a, b = make_bot("normal", 1), make_bot("normal", 1)
    assert a is not b
    assert all(make_bot(level, 0) is not None for level in LEVELS)
    assert list(itertools.islice(LEVELS, 4)) == ["random", "easy", "normal", "hard"]
