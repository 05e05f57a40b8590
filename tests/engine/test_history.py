"""The game log, statistics per turn and the luck meter, read from a recorded game."""

from dataclasses import replace
from fractions import Fraction

import pytest

import risk.history as history_module
from risk.actions import Attack, Fortify, Occupy, Place
from risk.ai.simple import SimpleBot
from risk.events import Claimed, HeadquartersChosen, Placed, TurnStarted
from risk.game import Game, Seat
from risk.history import (
    START,
    LogLine,
    LogReader,
    describe,
    expected_losses,
    game_log,
    luck,
    merged,
    opening,
    seat_names,
    turn_stats,
)
from risk.rules import make_rules
from risk.state import Phase
from scenario import EDITION_OPTIONS, position, scripted_rng, tid


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


@pytest.mark.parametrize(("edition", "options"), EDITION_OPTIONS)
@pytest.mark.parametrize("people", [2, 4])
def test_every_action_of_every_edition_says_something_in_the_log(edition, options, people):
    """Claims, placements, headquarters, move-ins and free moves are logged as well as rolls and cards:
    no action of a whole game leaves the log silent."""
    game = Game.start(make_rules(edition, list(options)), [Seat(f"P{i}", i) for i in range(people)], people)
    bots = [SimpleBot(people + i) for i in range(game.state.players)]
    names = seat_names(game)
    while not game.state.over:
        action = bots[game.state.current].choose(game.state)
        events = game.play(action)
        said = [describe(game, e, names) for e in events]
        assert any(said), f"{action} says nothing: {events}"
        assert all(text is None or text.endswith(".") for text in said)


def _game_at(state, names=("Red", "Blue", "Green")):
    return Game(state.rules, tuple(Seat(n, i) for i, n in enumerate(names)), 0, state, state.copy())


def test_placements_in_a_row_on_one_territory_are_one_line_and_moves_name_both_ends():
    state = position(phase=Phase.REINFORCE, owners={"alaska": 0, "kamchatka": 1, "peru": 1, "brazil": 2},
                     armies={"alaska": 3, "kamchatka": 1, "alberta": 2}, default_owner=0)
    state.reserve[0] = 5
    game = _game_at(state)
    for territory in ("alaska", "alaska", "alaska", "alberta", "alaska"):
        game.play(Place(tid(territory), 1))
    texts = [line.text for line in game_log(game)]
    assert texts == ["Red places 3 armies on Alaska.", "Red places 1 army on Alberta.",
                     "Red places 1 army on Alaska."]
    assert [line.seat for line in game_log(game)] == [0, 0, 0]
    # The record itself keeps every single action and event.
    assert len(game.history) == 5 and len(merged(e for s in game.history for e in s.events)) == 3
    state = game.state
    state.rng = scripted_rng(3, 1, [6, 5, 4], [1])
    state.armies[tid("alaska")] = 8
    game = _game_at(state)
    game.play(Attack(tid("alaska"), tid("kamchatka"), 3))
    game.play(Occupy(5))
    game.play(Fortify(tid("alberta"), tid("alaska"), 2))
    texts = [line.text for line in game_log(game)]
    assert texts[:5] == [
        "Red attacks Kamchatka from Alaska: 6 5 4 against 1; Blue loses 1.",
        "Red captures Kamchatka from Blue.",
        "Red moves 5 armies into Kamchatka.",
        "Red moves 2 armies from Alberta to Alaska.",
        "Red draws a card.",  # the one free move ends the turn
    ]
    assert texts[5].startswith("Turn ") and ": Blue receives " in texts[5]


def test_the_setup_log_names_claims_neutral_armies_and_headquarters_by_whoever_acted():
    game = Game.start(make_rules("classic", ["headquarters"]), [Seat("Ann", 0), Seat("Bob", 1)], 3)
    bots = [SimpleBot(i) for i in range(game.state.players)]
    while game.state.phase is not Phase.REINFORCE:
        game.play(bots[game.state.current].choose(game.state))
    lines = game_log(game)
    claims = [line for line in lines if " claims " in line.text]
    neutral = [line for line in lines if " for Neutral on " in line.text]
    chosen = [line for line in lines if line.text.endswith(" chooses a headquarters in secret.")]
    revealed = [line.text for line in lines if line.text.startswith("The headquarters are revealed: ")]
    assert neutral and all(line.turn == 0 for line in neutral)
    assert {line.seat for line in neutral} == {0, 1}
    assert len(chosen) == 2 and {line.seat for line in chosen} == {0, 1}
    # The log says where only when every headquarters is chosen, and then names them all.
    hq = game.state.headquarters
    names = [game.state.board.territories[hq[s]].name for s in (0, 1)]
    assert revealed == [f"The headquarters are revealed: Ann in {names[0]}, Bob in {names[1]}."]
    assert claims == []  # two players are dealt their territories: nobody claims
    # With three, each claim is a line of whoever claimed.
    three = Game.start(make_rules("classic"), [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)], 3)
    bots = [SimpleBot(i) for i in range(3)]
    seats = []
    for _ in range(6):
        seats.append(three.state.current)
        three.play(bots[three.state.current].choose(three.state))
    lines = game_log(three)
    assert [line.seat for line in lines] == seats and [line.turn for line in lines] == [0] * 6
    board = three.state.board
    assert [line.text for line in lines] == [
        f"{('Ann', 'Bob', 'Cy')[seat]} claims {board.territories[step.action.territory].name}."
        for seat, step in zip(seats, three.history, strict=True)]


def test_the_log_opens_with_what_happened_before_the_first_action():
    from risk.codec import decode_game, encode_game

    game = Game.start(make_rules("classic", ["auto-setup"]), [Seat(f"P{i}", i) for i in range(3)], 4)
    first = game.state.current
    assert [(line.turn, line.text) for line in game_log(game)] == [
        (0, "The territories are dealt at random."),
        (0, "Every starting army is on the board."),
        (1, f"Turn 1: P{first} receives {game.state.reserve[first]} armies."),
    ]
    two = Game.start(make_rules("classic"), [Seat("Ann", 0), Seat("Bob", 1)], 4)
    assert [line.text for line in game_log(two)] == [
        "The territories are dealt in three piles: one for each player and one for Neutral."]
    # A game opened from a link starts at that moment: no deal, and its first lines are in its turn.
    bots = [SimpleBot(i) for i in range(3)]
    while game.state.turn < 5:
        game.play(bots[game.state.current].choose(game.state))
    linked = decode_game(encode_game(game))
    linked.play(bots[linked.state.current].choose(linked.state))
    lines = game_log(linked)
    assert lines and all(line.turn >= 5 for line in lines)
    assert not any("dealt" in line.text for line in lines)


def _reference_log(game):
    """The log the simple way, to check LogReader against: every event of the record in order, placement
    runs merged, each line in the turn of the last turn begun (the actor's own in the setup)."""
    first = opening(game)
    turn, seat = (0 if first is not None else game.initial.turn), game.initial.current
    names = seat_names(game)
    stream = [((-1, k), e) for k, e in enumerate(first or ())]
    stream += [((i, k), e) for i, step in enumerate(game.history) for k, e in enumerate(step.events)]
    rows, previous = [], None
    for at, event in stream:
        if isinstance(event, TurnStarted):
            turn, seat = event.turn, event.seat
        if (isinstance(event, Placed) and isinstance(previous, Placed)
                and (previous.seat, previous.territory, previous.owner) == (event.seat, event.territory, event.owner)):
            rows[-1][3] = replace(rows[-1][3], count=rows[-1][3].count + event.count)
        elif describe(game, event, names) is not None:
            actor = event.seat if isinstance(event, (Claimed, Placed, HeadquartersChosen)) else seat
            rows.append([turn, actor, at, event])
        previous = event
    return [LogLine(t, a, describe(game, e, names), at) for t, a, at, e in rows]


def _pages(reader, size, end=None):
    """The whole log read backwards, ``size`` lines at a time from ``end``; the pages, newest first."""
    end = reader.end if end is None else end
    pages = []
    while True:
        lines, first = reader.before(end, size)
        pages.append(lines)
        if first == START:
            return pages
        end = first


@pytest.mark.parametrize(("edition", "options", "people"), [
    ("classic", (), 3),  # claims one at a time, runs of placements in the setup
    ("classic", ("headquarters",), 2),  # the neutral's armies, headquarters
    ("classic-1963", ("auto-setup", "commanders", "card-reroll"), 5),
])
def test_the_log_read_backwards_a_page_at_a_time_is_the_whole_log(edition, options, people):
    """Any page of the log, read from where it ends, holds exactly the lines the whole log has there
    (turns, seats, merged placements and positions included), whatever the page's size."""
    game = Game.start(make_rules(edition, list(options)), [Seat(f"P{i}", i) for i in range(people)], 7)
    bots = [SimpleBot(70 + i) for i in range(game.state.players)]
    while not game.state.over:
        game.play(bots[game.state.current].choose(game.state))
    whole = _reference_log(game)
    assert game_log(game) == whole and any("places" in line.text and "armies" in line.text for line in whole)
    for size in (1, 4, 25):
        pages = _pages(LogReader(game), size)
        assert all(len(page) == size for page in pages[:-1]) and 0 < len(pages[-1]) <= size
        assert [line for page in reversed(pages) for line in page] == whole
    # From any line's start, a page ends just before it.
    reader = LogReader(game)
    for index in range(0, len(whole), 37):
        lines, first = reader.before(whole[index].at, 3)
        assert lines == whole[max(0, index - 3):index] and (index < 3 or first == whole[index - 3].at)


def test_a_log_of_a_game_from_a_link_reads_backwards_from_its_first_moment():
    from risk.codec import decode_game, encode_game

    game = _played_game(seed=5)
    while len(game.history) > 40:
        game.history.pop()
    middle = game.state_at(len(game.history) // 2)
    linked = decode_game(encode_game(Game(game.rules, game.seats, game.seed, middle, middle)))
    bots = [SimpleBot(i) for i in range(linked.state.players)]
    for _ in range(30):
        linked.play(bots[linked.state.current].choose(linked.state))
    whole = _reference_log(linked)
    assert whole[0].turn == middle.turn and whole[0].at[0] == 0
    assert [line for page in reversed(_pages(LogReader(linked), 4)) for line in page] == whole


def test_a_log_reader_follows_a_growing_record_and_an_undo():
    """The page keeps one reader per game: after every action, and after an action taken back and
    another played, its newest lines are those of a fresh reading."""
    game = Game.start(make_rules("classic"), [Seat(f"P{i}", i) for i in range(3)], 8)
    bots = [SimpleBot(80 + i) for i in range(3)]
    kept = LogReader(game)
    for number in range(1, 700):
        before = game.state.copy()
        game.play(bots[game.state.current].choose(game.state))
        if number % 50 == 0:
            kept.before(kept.end, 5)
            game.history.pop()
            game.state = before
            game.play(bots[(game.state.current + number) % 3].choose(game.state))
        newest = kept.before(kept.end, 5)[0]
        if number % 7 == 0 or number % 50 == 0:
            assert newest == _reference_log(game)[-5:], number
        if game.state.over:
            break


def test_a_page_of_the_log_costs_what_it_shows_not_what_the_game_holds():
    """Reading the newest page, or the page before any line, describes a bounded number of events: the
    same in a game 10 times as long (the cost of a page does not grow with the record)."""
    from risk.ai.random_bot import RandomBot
    from risk.engine import apply
    from risk.game import Step

    def described(length):
        game = Game.start(make_rules("classic"), [Seat(f"P{i}", i) for i in range(4)], 3)
        bots = [RandomBot(i) for i in range(4)]
        while len(game.history) < length:
            action = bots[game.state.current].choose(game.state)
            game.history.append(Step(action, tuple(apply(game.state, action))))
        reader = LogReader(game)
        calls = 0
        real = history_module.describe

        def counting(*args, **kwargs):
            nonlocal calls
            calls += 1
            return real(*args, **kwargs)

        history_module.describe = counting
        try:
            lines, first = reader.before(reader.end, 50)
            newest = calls
            calls = 0
            reader.before(first, 50)
        finally:
            history_module.describe = real
        assert len(lines) == 50
        return newest, calls

    short, long = described(500), described(5000)
    assert short[0] <= 60 and long[0] <= 60 and long[1] <= 60


@pytest.mark.parametrize(("edition", "options"), [("classic", ()), ("classic", ("auto-setup", "commanders"))])
def test_a_chronicle_kept_up_action_by_action_equals_one_read_from_scratch(edition, options):
    """The page's incremental statistics and luck match a fresh reading after every action, across an
    undo (a changed last step), and read in slices of a few steps as well as at once."""
    from risk.history import Chronicle

    game = Game.start(make_rules(edition, list(options)), [Seat(f"P{i}", i) for i in range(3)], 21)
    bots = [SimpleBot(30 + i) for i in range(game.state.players)]
    kept = Chronicle(game)
    undone = 0
    for number in range(1, 100_000):
        if game.state.over:
            break
        before = game.state.copy()
        game.play(bots[game.state.current].choose(game.state))
        if number % 400 == 0 and not game.state.over:
            kept.update()
            game.history.pop()  # taken back, and played again: a new step where the read one was
            game.state = before
            game.play(bots[game.state.current].choose(game.state))
            undone += 1
        if number % 23 == 0 or game.state.over:
            fresh = Chronicle(game).update()
            sliced = Chronicle(game)
            while not sliced.update(limit=37).done:
                pass
            kept.update()
            assert kept.done and kept.turn_stats() == fresh.turn_stats() == sliced.turn_stats()
            assert kept.luck() == fresh.luck() == sliced.luck() and kept.battles == fresh.battles
    assert game.state.over and kept.update().turn_stats()[-1][0] == game.state.turn and undone > 0
    assert kept.generation == 0  # an undo went back to the start of the turn, not to the start of the game


def test_a_chart_of_a_long_game_takes_every_kth_turn_and_the_end():
    """Thinned statistics: at most the asked number of points, every k-th turn for k a power of two (so
    the points drawn stay put as the game goes on), the whole series when it fits, and a finished
    game's end."""
    from risk.history import Chronicle

    def strides(series, points):
        return [k for k in (1, 2, 4, 8, 16, 32, 64, 128) if points == series[::k]]

    game = _played_game(people=4, seed=9)
    whole = turn_stats(game)
    kept = Chronicle(game).update()
    assert kept.sampled_stats(len(whole)) == whole and kept.latest_stats() == whole[-1]
    for most in (2, 5, 17, 40):
        points = kept.sampled_stats(most)
        assert len(points) <= most and points[-1] == whole[-1] and strides(whole[:-1], points[:-1])
    game.history[:] = game.history[:len(game.history) // 2]  # a game going on: no end point
    going = Chronicle(game).update()
    series = going.turn_stats()
    for most in (3, 8, 30):
        points = going.sampled_stats(most)
        assert 2 <= len(points) <= most and strides(series, points)
