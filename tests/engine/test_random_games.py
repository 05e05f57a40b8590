"""Seeded random games across editions and options, checking the rules' invariants after every action."""

import itertools

import pytest

from risk import rng
from risk.actions import Attack, Blitz, listed
from risk.ai.random_bot import pick_any
from risk.ai.simple import SimpleBot
from risk.engine import apply, check, legal_actions, new_game
from risk.events import ArmiesLost, BattleFought, CardsTraded, TurnStarted
from risk.flow import flow_for
from risk.game import Game, Seat
from risk.rules import make_rules
from risk.selfplay import MAX_TURNS, check_invariants, play_game
from risk.state import Phase
from scenario import EDITION_OPTIONS


class MixedPlayer:
    """Mostly the simple bot, sometimes a legal action at random: reaches odd corners and still ends.

    A random choice picks a kind of action first, then one of that kind; while attacking it picks among
    attacks only, since a random free move or end of turn would stall the game.
    """

    def __init__(self, seed: int) -> None:
        self.bot = SimpleBot(seed)
        self.rng = rng.seed_state(seed + 1)
        self.random_choices = 0

    def choose(self, state):
        self.rng, roll = rng.below(self.rng, 100)
        if roll < 20:
            choices = legal_actions(state)
            if state.phase is Phase.ATTACK:
                choices = [c for c in choices if isinstance(c.action, Attack)] or choices
            self.random_choices += 1
            return pick_any(choices, self._below)
        return self.bot.choose(state)

    def _below(self, n):
        self.rng, value = rng.below(self.rng, n)
        return value


def _armies_in_play(state):
    return sum(state.armies) + sum(state.reserve)


def play_checked(edition, options, people, seed):
    state = new_game(make_rules(edition, list(options)), people, seed)
    players = [MixedPlayer(seed * 31 + s) for s in range(state.players)]
    steps = 0
    while not state.over:
        action = players[state.current].choose(state)
        check(state, action)  # every chosen action passes the checked path
        steps += 1
        if steps % 7 == 0:  # listing every action is slow; sample the agreement between the two paths
            assert listed(action, legal_actions(state)), action
        before = _armies_in_play(state)
        events = apply(state, action)
        # Armies appear only through reinforcements and vanish only in battle or by the cap.
        gained = sum(e.income for e in events if isinstance(e, TurnStarted))
        gained += sum(e.armies + sum(a for _, a in e.bonus) for e in events if isinstance(e, CardsTraded))
        lost = sum(e.attacker_losses + e.defender_losses for e in events if isinstance(e, BattleFought))
        lost += sum(e.count for e in events if isinstance(e, ArmiesLost))
        assert _armies_in_play(state) == before + gained - lost, (action, events)
        check_invariants(state)
        # Every state a game reaches is one the decoder accepts (it refuses positions no game can reach).
        assert flow_for(state.rules).impossible(state) == "", (action, flow_for(state.rules).impossible(state))
        assert state.turn <= MAX_TURNS
    assert legal_actions(state) == []
    return state


CASES = [(e, o, p) for (e, o), p in itertools.product(EDITION_OPTIONS, (2, 3, 4, 6))
         if not (p == 2 and "headquarters" in " ".join(o))]


@pytest.mark.parametrize(("edition", "options", "people"), CASES)
def test_random_games_keep_every_invariant_and_end(edition, options, people):
    for seed in range(3):
        state = play_checked(edition, options, people, seed)
        assert state.winner >= 0 and state.winner != state.neutral


class StepChecker:
    """Checks after every action of a fast game: whole-state invariants, army bookkeeping, and (sampled)
    that the player to move always has a legal action."""

    def __init__(self, state):
        self.armies = _armies_in_play(state)
        self.steps = 0

    def __call__(self, state, action, events):
        gained = sum(e.income for e in events if isinstance(e, TurnStarted))
        gained += sum(e.armies + sum(a for _, a in e.bonus) for e in events if isinstance(e, CardsTraded))
        lost = sum(e.attacker_losses + e.defender_losses for e in events if isinstance(e, BattleFought))
        lost += sum(e.count for e in events if isinstance(e, ArmiesLost))
        now = _armies_in_play(state)
        assert now == self.armies + gained - lost, (action, events)
        self.armies = now
        check_invariants(state)
        self.steps += 1
        if self.steps % 40 == 0 or state.over:
            assert bool(legal_actions(state)) != state.over
            assert flow_for(state.rules).impossible(state) == ""


def test_many_simple_bot_games_keep_every_invariant_after_every_action_and_end():
    """Over five hundred seeded games across editions, options and table sizes, checked action by action."""
    games = 0
    for (edition, options), people in itertools.product(EDITION_OPTIONS, (2, 3, 5, 6)):
        if people == 2 and any("headquarters" in o for o in options):
            continue
        rules = make_rules(edition, list(options))
        for seed in range(18):
            checker = StepChecker(new_game(rules, people, seed))
            result = play_game(rules, people, seed, on_step=checker)
            assert result.winner >= 0 and result.winner != result.final.neutral
            assert checker.steps == result.actions
            games += 1
    assert games >= 500


def test_same_seed_and_actions_give_the_same_game_and_the_log_replays_it():
    rules = make_rules("classic", ["commanders", "card-reroll"])
    first = play_game(rules, 4, seed=77).final
    second = play_game(rules, 4, seed=77).final
    assert first == second
    other = play_game(rules, 4, seed=78).final
    assert other != first

    seats = [Seat(f"P{i}", i) for i in range(3)]
    game = Game.start(make_rules("classic", ["auto-setup"]), seats, seed=5)
    bots = [SimpleBot(i) for i in range(3)]
    while not game.state.over:
        game.play(bots[game.state.current].choose(game.state))
    assert game.verify() == len(game.history)
    assert game.state_at(len(game.history)) == game.state
    # A doctored roll in the record is caught.
    index = next(i for i, s in enumerate(game.history) if isinstance(s.action, (Attack, Blitz)))
    step = game.history[index]
    battle = next(e for e in step.events if isinstance(e, BattleFought))
    forged = BattleFought(battle.source, battle.target, (6, 6, 6), battle.defender, 0, len(battle.defender),
                          battle.attacker_seat, battle.defender_seat)
    doctored = tuple(forged if e is battle else e for e in step.events)
    game.history[index] = type(step)(step.action, doctored)
    with pytest.raises(ValueError, match="does not replay"):
        game.verify()
