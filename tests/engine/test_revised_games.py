"""Thousands of seeded random games of the Revised edition and each option, 3 to 5 players, checked after every
action: armies, cards and stars conserved, objectives and rewards each in one place and moving only as the rules
move them, every position one the decoder accepts (sampled), every game over with a winner who meets the win
condition; and positions and whole games through the link and replay codecs (sampled).
"""

import itertools
from collections import Counter

import pytest

from revised_scenario import RevisedRandomPlayer
from risk import rng
from risk.actions import Attack, Blitz, EndTurn, Fortify, listed
from risk.ai.random_bot import pick_any
from risk.codec import decode_game, decode_replay, encode_game, encode_replay
from risk.deck import deck_for
from risk.engine import apply, check, legal_actions, new_game
from risk.events import BattleFought, Eliminated, GameWon, TurnStarted
from risk.flow import flow_for
from risk.game import Game, Seat
from risk.rules import make_rules
from risk.rules.revised import REWARDS
from risk.rules.revised.actions import ClaimObjective
from risk.rules.revised.events import ObjectiveClaimed, ObjectivesTaken, RewardsLost, StarsTraded
from risk.rules.revised.flow import ext, settings
from risk.selfplay import MAX_TURNS, check_invariants
from risk.state import Phase
from scenario import REVISED_OPTIONS

SEATS = tuple(Seat(f"P{i}", i) for i in range(5))


def armies_in_play(state):
    return sum(state.armies) + sum(state.reserve)


class Checker:
    """The invariants of one game, checked after every action against the state before it."""

    def __init__(self, state):
        self.rules = state.rules
        self.flow = flow_for(state.rules)
        self.deck = deck_for(state.rules)
        self.cards = list(range(len(self.deck)))
        self.values = settings(state.rules).star_values
        self.claims = self.eliminations = self.trades = 0
        # How the game was won: "turn" (at its end), "turn after an elimination" (the third objective taken in an
        # elimination, the turn played out: rules revision 3), "elimination" (at once: revision 2), "last".
        self.ended = ""
        self.goal_by_elimination = False  # this turn, an elimination brought the goal
        self.keep(state)

    def keep(self, state):
        """What the next check compares with (cheaper than a copy of the whole state)."""
        self.armies = armies_in_play(state)
        self.ext = ext(state).copy()
        self.setup = state.phase.setup

    def __call__(self, state, action, events):
        now, was = ext(state), self.ext
        # Armies: what the turn brought and the trades gave, less what the battles cost; nothing else.
        gained = sum(e.income for e in events if isinstance(e, TurnStarted))
        for e in events:
            if isinstance(e, StarsTraded):
                # Stars as the deck says, armies as the table says, the cards to the discards.
                assert e.stars == sum(self.deck.stars[c] for c in e.cards) and 2 <= e.stars <= 10
                assert e.armies == self.values[e.stars - 2] and set(e.cards) <= set(state.discard)
                gained += e.armies
                self.trades += 1
        lost = sum(e.attacker_losses + e.defender_losses for e in events if isinstance(e, BattleFought))
        assert armies_in_play(state) == self.armies + gained - lost, (action, events)
        # Cards: every card once, in the draw pile, the discards or a hand.
        assert sorted(state.deck + state.discard + [c for h in state.hands for c in h]) == self.cards
        # Territories: held by players still in the game, with an army at least (but the one being moved into).
        if not state.phase.setup:
            assert all(state.alive[p] for p in set(state.owner))
            assert state.armies.count(0) == (state.phase is Phase.OCCUPY and not state.armies[state.battle_target])
        # The board's objectives and rewards never change; each slot has one holder and moves only when
        # claimed (to the claimer, with its reward) or when its holder is eliminated (to the eliminator,
        # without its reward, which leaves the game with the holder's airfields).
        assert (now.cities, now.objectives, now.rewards) == (was.cities, was.objectives, was.rewards)
        assert now.capitals == was.capitals or self.setup
        claimed = {e.slot: e for e in events if isinstance(e, ObjectiveClaimed)}
        taken = {slot: e for e in events if isinstance(e, ObjectivesTaken) for slot in e.slots}
        lost_rewards = {slot for e in events if isinstance(e, RewardsLost) for slot in e.slots}
        eliminated = [e for e in events if isinstance(e, Eliminated)]
        assert len(claimed) <= 1 and (not claimed or isinstance(action, ClaimObjective))
        for slot in range(len(now.objectives)):
            holder, reward, airfield = now.holders[slot], now.rewarded[slot], now.airfields[slot]
            assert holder == -1 or state.alive[holder]
            assert reward in (-1, holder) and (airfield == -1 or reward >= 0)
            is_airfield = bool(now.rewards) and REWARDS[now.rewards[slot]][0] == "airfield"
            assert (airfield >= 0) == (reward >= 0 and is_airfield)
            if slot in claimed:
                assert was.holders[slot] == -1 and holder == state.current == claimed[slot].seat
                assert reward == (holder if now.rewards else -1)
                self.claims += 1
            elif slot in taken:
                assert was.holders[slot] == taken[slot].seat and holder == taken[slot].by == state.current
                assert reward == -1 and (slot in lost_rewards) == (was.rewarded[slot] >= 0)
            else:
                assert holder == was.holders[slot] and reward == was.rewarded[slot] == (
                    -1 if slot in lost_rewards else was.rewarded[slot])
                assert airfield == (-1 if slot in lost_rewards else was.airfields[slot])
        for e in eliminated:
            assert not state.alive[e.seat] and e.by == state.current
            assert now.capitals[e.seat] == was.capitals[e.seat], "the capital stays on the board"
            self.eliminations += 1
        if any(isinstance(e, TurnStarted) for e in events):
            self.goal_by_elimination = False
        if eliminated and not state.over and self.flow.meets_goal(state, state.current):
            # 000 §6, rules revision 3: the win waits for the end of the turn, which is played out.
            assert settings(state.rules).win_at_end_of_turn
            self.goal_by_elimination = True
        if any(isinstance(e, GameWon) for e in events):
            alone = [p for p in range(state.players) if state.alive[p]] == [state.winner]
            self.ended = ("last" if alone else "elimination" if eliminated
                          else "turn after an elimination" if self.goal_by_elimination else "turn")
            assert self.ended != "turn after an elimination" or isinstance(action, EndTurn | Fortify)  # its end
        assert now.claimed == ((was.claimed and not any(isinstance(e, TurnStarted) for e in events)) or bool(claimed))
        self.keep(state)


def meets_the_win_condition(state):
    """000 §6: three objectives and one's own capital at the end of the turn (rules revision 2: or at once after an
    elimination);
    World Conquest (and any game where the others are gone): the last player standing."""
    winner, extra = state.winner, ext(state)
    alone = [p for p in range(state.players) if state.alive[p]] == [winner]
    if settings(state.rules).world_conquest:
        return alone and set(state.owner) == {winner}
    return alone or (extra.objectives_of(winner) >= 3 and state.owner[extra.capitals[winner]] == winner)


def round_trip(rules, people, seed, state):
    game = Game(rules, SEATS[:people], seed, state, state)
    code = encode_game(game)
    back = decode_game(code)
    assert back.state == state and encode_game(back) == code
    return code


def play_checked(rules, people, seed, *, impossible_every=20, codec_every=250):
    """One game with the fast random player, every action checked before it is played and the invariants after;
    the decoder's check of reachable positions every few actions and at every claim, elimination and the end;
    the link codec now and then, at the end, and (one game in eight) at every claim and elimination; in one
    game in sixty (two of each case), after every action."""
    if seed % 60 == 0:
        codec_every = 1
    state = new_game(rules, people, seed)
    player = RevisedRandomPlayer(seed * 7 + people)
    checker = Checker(state)
    flow = checker.flow
    steps = 0
    while not state.over:
        action = player.choose(state)
        check(state, action)
        events = apply(state, action)
        checker(state, action, events)
        steps += 1
        notable = isinstance(action, ClaimObjective) or any(isinstance(e, Eliminated) for e in events) or state.over
        if notable or steps % impossible_every == 0:
            assert flow.impossible(state) == "", (action, flow.impossible(state))
        if (notable and seed % 8 == 0) or state.over or steps % codec_every == 0:
            round_trip(rules, people, seed, state)
        assert state.turn <= MAX_TURNS
    check_invariants(state)
    assert legal_actions(state) == [] and meets_the_win_condition(state), (state.winner, ext(state))
    return state, checker, steps


GAMES_PER_CASE = 25  # 9 cases: 225 games (1,080 cost 63 s of the suite's 8 minutes of CPU; 225 about 20 s)


@pytest.mark.parametrize(("options", "people"),
                         [(o, p) for (_, o), p in itertools.product(REVISED_OPTIONS, (3, 4, 5))])
def test_random_games_keep_every_invariant_and_end_with_a_rightful_winner(options, people):
    """GAMES_PER_CASE seeded games a case, each action checked and the invariants kept after it."""
    rules = make_rules("revised", list(options))
    claims = eliminations = trades = steps = 0
    winners, endings = set(), Counter()
    for seed in range(GAMES_PER_CASE):
        state, checker, played = play_checked(rules, people, seed)
        claims += checker.claims
        eliminations += checker.eliminations
        trades += checker.trades
        steps += played
        winners.add(state.winner)
        endings[checker.ended] += 1
    # The games reach the edition's corners: claims, eliminations, trades, and every seat wins some.
    assert claims >= GAMES_PER_CASE and eliminations >= GAMES_PER_CASE // 6 and trades >= GAMES_PER_CASE // 2
    assert winners == set(range(people))
    # Every way to win turns up: three objectives with one's capital at the end of a turn, also of a turn in which
    # an elimination brought the third (never at once: rules revision 3), and the last player standing (the only
    # one in World Conquest).
    if "world-conquest" in options:
        assert set(endings) == {"last"}
    else:
        assert endings["turn"] > endings["turn after an elimination"] > 0 and endings["elimination"] == 0
        assert endings["turn"] + endings["turn after an elimination"] + endings["last"] == GAMES_PER_CASE


def test_games_of_rules_revision_2_still_win_at_once_after_an_elimination():
    """Games begun before revision 3 go on under their rules: an elimination that brings the third objective (the
    capital held) wins on the spot, and no turn is played out after it."""
    rules = make_rules("revised", revision=2)
    endings = Counter(play_checked(rules, 3, seed)[1].ended for seed in range(60))
    assert endings["elimination"] > 0 and endings["turn after an elimination"] == 0


def picker(seed):
    """``pick_any`` over every legal action, biased to attacking so that games end."""
    generator = rng.seed_state(seed)

    def below(n):
        nonlocal generator
        generator, value = rng.below(generator, n)
        return value

    def choose(state):
        choices = legal_actions(state)
        if state.phase is Phase.ATTACK and below(10) < 8:
            choices = [c for c in choices if isinstance(c.action, Attack | Blitz)] or choices
        action = pick_any(choices, below)
        assert listed(action, choices)
        return action

    return choose


@pytest.mark.parametrize(("options", "people"),
                         [(o, p) for (_, o), p in itertools.product(REVISED_OPTIONS, (3, 4, 5))])
def test_games_of_listed_actions_are_positions_the_decoder_accepts_after_every_action(options, people):
    """Random legal actions as ``legal_actions`` lists them (``risk.ai.random_bot.pick_any``): the decoder's check
    of reachable positions after every one of them, and every game's replay code gives the game back."""
    rules = make_rules("revised", list(options))
    flow = flow_for(rules)
    for seed in range(1):
        game = Game.start(rules, SEATS[:people], seed)
        checker = Checker(game.state)
        choose = picker(seed)
        while not game.state.over:
            action = choose(game.state)
            events = game.play(action)
            checker(game.state, action, list(events))
            assert flow.impossible(game.state) == ""
        assert meets_the_win_condition(game.state)
        back = decode_replay(encode_replay(game, check=False))
        assert back.history == game.history and back.state == game.state
        assert back.verify() == len(game.history)
