"""The game log, statistics per turn and the luck meter, read from a recorded game."""

from fractions import Fraction

from risk.actions import Attack
from risk.ai.simple import SimpleBot
from risk.game import Game, Seat
from risk.history import expected_losses, game_log, luck, turn_stats
from risk.rules import make_rules
from risk.state import Phase
from scenario import position, scripted_rng, tid


def _played_game(people=3, seed=4):
    game = Game.start(make_rules("classic", ["auto-setup"]), [Seat(f"P{i}", i) for i in range(people)], seed)
    bots = [SimpleBot(i) for i in range(game.state.players)]
    while not game.state.over:
        game.play(bots[game.state.current].choose(game.state))
    return game


def test_log_line_of_a_battle_names_the_dice_and_the_losses():
    state = position(owners={"north_africa": 0, "brazil": 1}, armies={"north_africa": 7, "brazil": 4})
    state.rng = scripted_rng(3, 2, [6, 5, 2], [4, 3])
    game = Game(state.rules, (Seat("Red", 0), Seat("Blue", 1), Seat("Green", 2)), 0, state, state.copy())
    game.play(Attack(tid("north_africa"), tid("brazil"), 3))
    assert [line.text for line in game_log(game)] == [
        "Red attacks Brazil from North Africa: 6 5 2 against 4 3; Blue loses 2."
    ]


def test_log_groups_lines_by_turn_and_never_names_a_drawn_card():
    game = _played_game()
    lines = game_log(game)
    turns = [line.turn for line in lines]
    assert turns == sorted(turns) and turns[-1] == game.state.turn
    assert any(line.text.endswith("draws a card.") for line in lines)
    assert lines[-1].text.endswith("wins the game.")


def test_turn_stats_follow_the_replayed_states():
    game = _played_game()
    series = turn_stats(game)
    assert [turn for turn, _ in series[:-1]] == list(range(1, game.state.turn + 1))
    _, last = series[-1]
    winner = game.state.winner
    assert last[winner].territories == 42 and last[winner].armies == sum(game.state.armies)
    assert all(s.territories == 0 for seat, s in enumerate(last) if seat != winner)
    _, first = series[0]
    assert sum(s.territories for s in first) == 42 and all(s.income >= 3 for s in first)


def test_luck_expectation_is_the_sum_of_exact_per_roll_expectations():
    game = _played_game(people=4, seed=9)
    meter = luck(game)
    rolls = [e for step in game.history for e in step.events if type(e).__name__ == "BattleFought"]
    total_expected = sum((sum(expected_losses(len(r.attacker), len(r.defender))) for r in rolls), Fraction(0))
    assert sum(m.expected_lost for m in meter) == total_expected
    assert sum(m.lost for m in meter) == sum(r.attacker_losses + r.defender_losses for r in rolls)
    # What one side kills the other loses, so the balances sum to zero.
    assert sum(m.balance for m in meter) == 0
    assert expected_losses(3, 2) == (Fraction(2 * 2275 + 2611, 7776), Fraction(2 * 2890 + 2611, 7776))


def test_a_whole_game_replays_to_its_recorded_states():
    game = _played_game(seed=12)
    states = list(game.states())
    assert states[0] == game.initial and states[-1] == game.state
    assert game.verify() == len(game.history)
    assert states[-1].phase is Phase.OVER
