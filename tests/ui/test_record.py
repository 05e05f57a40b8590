"""The record on the page: the log by turn with its filters, the replay, the dice check and the charts."""

from __future__ import annotations

import itertools
import re

import pytest

from risk.game import Seat
from risk.history import game_log, turn_stats
from risk.state import Phase
from risk_ui import bots, charts, record_state, view
from risk_ui.controller import Controller, NewGameSettings
from risk_ui.record import STATS_PARTS, filtered_log, step_marks
from risk_ui.record_state import CHECKPOINT, Replay
from threads import in_a_thread


@pytest.fixture(scope="module")
def played() -> Controller:
    """Three bots played for a while (every state of the record is the engine's own)."""
    seats = tuple(Seat(f"P{i}", i, "easy") for i in range(3))
    c = Controller.new(NewGameSettings(seats=seats), seed=12)
    autoplay = bots.Autoplay(c)
    while len(c.game.history) < 3 * CHECKPOINT + 10 and autoplay.tick() is not None:
        pass
    return c


def fresh(c: Controller) -> Controller:
    """The same game under a new UI state."""
    return Controller(c.game)


def test_the_replay_shows_state_at_every_step_forwards_and_backwards(played: Controller):
    replay = Replay(played.game)
    end = len(played.game.history)
    for index in [*range(0, end + 1, 7), end, end - 1, 3, 2 * CHECKPOINT + 1, 1, 0, CHECKPOINT - 1]:
        replay.go(index)
        assert replay.state() == played.game.state_at(index), index
    replay.go(end + 5)
    assert replay.index == end and replay.state() == played.state


def test_replay_buttons_step_through_without_touching_the_live_game(played: Controller):
    c = fresh(played)
    live, length = c.state.copy(), len(c.game.history)
    c.command("replay-open")
    screen = view.render(c)
    start = c.game.state_at(0)
    assert [t.armies for t in screen.territories] == start.armies
    assert not screen.controls["replay-bar"].hidden and screen.controls["replay-back"].disabled
    assert all(screen.controls[p].hidden for p in ("panel-place", "panel-attack", "end-turn"))
    for _ in range(5):
        c.command("replay-forward")
    c.command("replay-back")
    screen = view.render(c)
    assert [t.armies for t in screen.territories] == c.game.state_at(4).armies
    assert "action 4 of" in screen.controls["replay-status"].text
    c.click(0)  # a move during the replay is refused, and nothing changes
    assert c.state == live and len(c.game.history) == length
    c.command("replay-close")
    assert [t.armies for t in view.render(c).territories] == live.armies


def test_the_time_lapse_advances_one_step_a_tick_and_stops_at_the_end(played: Controller):

    c = fresh(played)
    c.command("replay-open")
    c.command("replay-end")
    c.command("replay-back")
    c.command("replay-play")
    assert c.ui.record.playing
    assert record_state.tick(c.ui.record) and not c.ui.record.playing
    assert c.ui.record.replay.index == len(c.game.history)


def test_a_long_game_plays_as_a_time_lapse_in_a_bounded_number_of_steps(played: Controller, monkeypatch):
    monkeypatch.setattr(record_state, "PLAY_STEPS", 40)
    c = fresh(played)
    c.command("replay-open")
    c.command("replay-play")
    end = len(c.game.history)
    ticks = 0
    while record_state.tick(c.ui.record):
        ticks += 1
    assert c.ui.record.replay.index == end and not c.ui.record.playing
    assert end > 40 * 3 and ticks == -(-end // (end // 40))


def test_bots_wait_while_a_replay_is_open():
    import itertools

    seats = (Seat("A", 0, "easy"), Seat("B", 1, "easy"))
    c = Controller.new(NewGameSettings(seats=seats), seed=3)
    c.command("replay-open")

    class FakePage:
        controller = c

        def render(self) -> None:
            pass

    loops = itertools.count()
    in_a_thread(bots.run(FakePage(), stop=lambda: next(loops) > 3))
    assert c.game.history == []


def _items(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<li data-seat="(\d+)">([^<]*)</li>', html)


def _shown_lines(html: str) -> list[str]:
    """The log's lines on screen, oldest first (the page shows turns newest first, lines in order)."""
    sections = re.findall(r'<section class="log-turn" data-turn="\d+">(.*?)</section>', html)
    return [text for section in reversed(sections) for _, text in _items(section)]


def test_the_whole_log_is_grouped_by_turn_a_page_at_a_time(played: Controller):
    """The log shows its newest PAGE_LINES lines, turns newest first; "Older lines" goes back a page at
    a time to the deal at the very bottom, "Newer lines" and "Newest" come back."""
    from html import unescape

    from risk_ui.record_state import PAGE_LINES

    c = fresh(played)
    c.command("log-toggle")
    whole = [unescape(line.text) for line in game_log(c.game)]
    assert len(whole) > 2 * PAGE_LINES
    html = view.render(c).html["record-log"]
    turns = [int(t) for t in re.findall(r'data-turn="(\d+)"', html)]
    assert turns == sorted(set(turns), reverse=True) and turns[0] == c.state.turn
    assert [unescape(t) for t in _shown_lines(html)] == whole[-PAGE_LINES:]
    assert 'data-action="log-older"' in html and 'data-action="log-newer"' not in html
    pages = [html]
    while 'data-action="log-older"' in pages[-1]:
        c.command("log-older")
        pages.append(view.render(c).html["record-log"])
    assert [unescape(t) for page in reversed(pages) for t in _shown_lines(page)] == whole
    # A turn split between two pages says so where it goes on, and numbers no lines from 1 there.
    for newer, older in itertools.pairwise(pages):
        turns_newer, turns_older = (re.findall(r'data-turn="(\d+)"', p) for p in (newer, older))
        cut = turns_newer[-1] == turns_older[0]
        assert ("(continued)" in newer[newer.rindex("<section"):]) == cut
        assert newer.count("(continued)") == int(cut) and newer.count('<ol class="continued">') == int(cut)
    assert any("(continued)" in page for page in pages)
    # The deal of an automatic setup, before any action, is the "Setup" group at the bottom.
    assert pages[-1].endswith('<li data-seat="0">Every starting army is on the board.</li></ol></section>')
    assert "The territories are dealt at random." in pages[-1] and 'data-action="log-newer"' in pages[-1]
    c.command("log-newer")
    assert view.render(c).html["record-log"] == pages[-2]
    c.command("log-newest")
    assert view.render(c).html["record-log"] == pages[0]


def test_the_log_filters_by_player_and_words(played: Controller):
    c = fresh(played)
    c.command("log-toggle")
    c.set_field("log-player", "1")
    html = view.render(c).html["record-log"]
    items = _items(html)
    assert items and all(seat == "1" or "P1" in text for seat, text in items)
    assert any(seat == "1" for seat, _ in items) and len(items) < len(game_log(c.game))
    c.set_field("log-search", "CAPTURES")
    lines = filtered_log(c.game, "1", "captures")
    assert lines and all("captures" in line.text and (line.seat == 1 or "P1" in line.text) for line in lines)
    assert _shown_lines(view.render(c).html["record-log"]) == [line.text for line in lines][-100:]
    c.set_field("log-search", "no such words here")
    assert "Nothing in the log matches" in view.render(c).html["record-log"]


def test_check_the_dice_says_how_many_actions_were_checked(played: Controller):
    c = fresh(played)
    c.command("check-dice")
    control = view.render(c).controls["dice-check"]
    assert not control.hidden and f"Checked {len(c.game.history)} actions" in control.text


def test_the_statistics_panel_draws_a_line_per_player_and_the_luck_meter(played: Controller):
    c = fresh(played)
    assert all(view.render(c).html[part] == "" for part in STATS_PARTS)
    c.command("stats-toggle")
    html = "".join(view.render(c).html[part] for part in STATS_PARTS)
    assert html.count('<svg class="chart"') == 5
    for title in ("Territories", "Armies", "Cards in hand", "Income", "Continents held"):
        assert f'class="chart-title">{title}</text>' in html
    # Territories and armies: a line for each of the three players.
    assert len(re.findall(r'<polyline class="series" data-seat="\d"', html)) >= 6
    assert "Luck of the dice" in html
    turn, last = turn_stats(c.game)[-1]
    assert f"P0 {last[0].territories}" in html
    figures = html[html.index('<table class="figures">'):html.index("</table>")]
    assert f"<caption>Turn {turn}</caption>" in figures
    for seat, stats in enumerate(last):
        cells = "".join(f"<td>{v}</td>" for v in (stats.territories, stats.armies, stats.cards, stats.income,
                                                   stats.continents))
        assert (f'<tr data-seat="{seat}"><th scope="row">P{seat}</th>{cells}</tr>' in figures) == bool(
            stats.territories)


def test_the_winners_screen_carries_the_charts():
    from risk_ui.scenarios import near_win

    seats = tuple(Seat(n, i) for i, n in enumerate(("Red", "Blue", "Yellow")))
    c = Controller.from_state(seats, near_win(7))
    board = c.state.board
    assert view.render(c).html["winner-stats"] == ""
    c.command("handoff")
    c.click(board.territory_index("alaska"))
    c.click(board.territory_index("kamchatka"))
    c.command("blitz")
    assert c.state.phase is Phase.OVER
    assert view.render(c).html["winner-stats"].count('<svg class="chart"') == 5


def test_a_chart_scales_to_its_largest_value():
    svg = charts.line_chart("Armies", [1, 2, 3], [[10, 20, 41]], ["Red"], ["#f00"])
    assert ">60</text>" in svg and 'aria-label="Armies per player by turn; at the end: Red 41"' in svg


def test_each_replay_step_marks_where_its_action_acted_on_the_map(played: Controller):
    from risk.events import BattleFought, Placed

    c = fresh(played)
    history = c.game.history
    battle = next(i for i, step in enumerate(history) if any(isinstance(e, BattleFought) for e in step.events))
    placing = next(i for i, step in enumerate(history) if any(isinstance(e, Placed) for e in step.events))
    c.command("replay-open")
    c.ui.record.replay.go(battle + 1)
    fought = next(e for e in history[battle].events if isinstance(e, BattleFought))
    marked = {t.index: t.classes for t in view.render(c).territories if t.classes}
    assert marked[fought.source] == ("selected",) and marked[fought.target] == ("target",)
    c.ui.record.replay.go(placing + 1)
    placed = next(e for e in history[placing].events if isinstance(e, Placed))
    assert step_marks(c.game, placing + 1) == {placed.territory: "target"}
    assert {t.index for t in view.render(c).territories if t.classes} == {placed.territory}
    c.command("replay-start")
    assert not any(t.classes for t in view.render(c).territories)


def test_during_a_replay_the_players_table_shows_that_moment(played: Controller):
    c = fresh(played)
    live = view.render(c).html["players"]
    c.command("replay-open")
    c.ui.record.replay.go(CHECKPOINT)
    past = c.game.state_at(CHECKPOINT)
    html = view.render(c).html["players"]
    assert html == view.players_html(c, past) != live
    c.command("replay-close")
    assert view.render(c).html["players"] == live


def test_a_chart_of_nothing_but_zeros_says_none_yet():
    empty = charts.line_chart("Cards in hand", [1, 2], [[0, 0], [0, 0]], ["Red", "Blue"], ["#f00", "#00f"])
    assert "None yet</text>" in empty and 'aria-label="Cards in hand per player by turn; none yet"' in empty
    assert "<polyline" not in empty
    drawn = charts.line_chart("Cards in hand", [1, 2], [[0, 2], [0, 0]], ["Red", "Blue"], ["#f00", "#00f"])
    assert "None yet" not in drawn and drawn.count("<polyline") == 1


def test_check_the_dice_says_where_the_record_starts(played: Controller):
    from risk.codec import decode_game, encode_game

    c = fresh(played)
    c.command("check-dice")
    assert c.ui.record.checked.endswith("replays exactly from the seed.")
    linked = Controller(decode_game(encode_game(played.game)))
    bots.Autoplay(linked).tick()
    linked.command("check-dice")
    turn = linked.game.initial.turn
    assert linked.ui.record.checked == (
        f"Checked 1 action: every roll and card replays exactly from the moment this record starts (turn {turn}), "
        "with its dice.")


def test_the_log_and_charts_follow_an_undo_and_another_move():
    from risk.actions import Place
    from scenario import position, tid

    state = position(phase=Phase.REINFORCE, owners={"kamchatka": 1, "brazil": 2}, default_owner=0)
    state.reserve[0] = 5
    c = Controller.from_state((Seat("Red", 0), Seat("Blue", 1), Seat("Green", 2)), state)
    c.command("log-toggle")
    c.game.play(Place(tid("alaska"), 1))
    assert "Red places 1 army on Alaska." in view.render(c).html["record-log"]
    c.game.history.pop()  # undo, then another placement: the same length of record
    c.game.state = state.copy()
    c.game.play(Place(tid("peru"), 1))
    html = view.render(c).html["record-log"]
    assert "Red places 1 army on Peru." in html and "Alaska" not in html


def test_during_a_replay_what_happened_ends_at_the_replayed_moment(played: Controller):
    from risk.game import Game

    c = fresh(played)
    c.command("replay-open")
    c.ui.record.replay.go(CHECKPOINT)
    game = c.game
    upto = Game(game.rules, game.seats, game.seed, game.initial, game.state_at(CHECKPOINT),
                game.history[:CHECKPOINT])
    assert view.render(c).html["log"] == view.log_html(Controller(upto)) != view.log_html(c)
    c.command("replay-start")
    assert "Turn 1:" in view.render(c).html["log"]  # the deal and the first turn, before any action


def test_the_replay_jumps_a_turn_at_a_time(played: Controller):
    from risk.events import TurnStarted

    c = fresh(played)
    history = c.game.history
    starts = [0] + [i + 1 for i, step in enumerate(history) if any(isinstance(e, TurnStarted) for e in step.events)]
    assert len(starts) > 3
    c.command("replay-open")
    seen = [0]
    while c.ui.record.replay.index < len(history):
        c.command("replay-next-turn")
        seen.append(c.ui.record.replay.index)
    expected = starts + ([len(history)] if starts[-1] != len(history) else [])
    assert seen == expected
    c.command("replay-previous-turn")
    assert c.ui.record.replay.index == expected[-2]
    c.ui.record.replay.go(starts[2] + 1)
    c.command("replay-previous-turn")
    assert c.ui.record.replay.index == starts[2]
    screen = view.render(c)
    assert not screen.controls["replay-previous-turn"].disabled and not screen.controls["replay-next-turn"].disabled
    assert f"turn {c.game.state_at(starts[2]).turn}." in screen.controls["replay-status"].text


RECORD_PARTS = ("div#record-log", "div#stats-charts", "div#stats-figures", "div#stats-luck")


def _long_page(mount, length: int):
    """A record of ``length`` random legal actions on the fake page."""
    from risk_ui.debug import long_record

    return mount(Controller(long_record(length)))


def test_a_long_games_log_shows_a_bounded_page_and_a_search_finds_a_line_far_back(mount):
    """20,000 actions: the log opens with PAGE_LINES lines written, however long the game; a search for
    the first claim of the setup reads back in slices (none reading the whole record) and finds it."""
    from html import unescape

    from risk_ui import record
    from risk_ui.record_state import PAGE_LINES

    document, page = _long_page(mount, 20_000)
    c = page.controller
    document.writes()
    document.click(document.getElementById("log-toggle"))
    log = document.getElementById("record-log")
    written = [w for w in document.writes() if w[0] == "html" and w[1] == "div#record-log"]
    assert len(written) == 1 and written[0][3] < 200 * PAGE_LINES
    assert len(log.querySelectorAll("li")) == PAGE_LINES
    assert len(record.game_log(c.game)) > 40 * PAGE_LINES
    first_claim = next(line.text for line in record.game_log(c.game) if " claims " in line.text)
    document.type_into(document.getElementById("log-search"), first_claim)
    assert "Searching the log" in log.textContent and first_claim not in unescape(log.innerHTML)
    slices = 0
    while record.work(c, budget=0.0):  # one piece per slice
        page.render()
        slices += 1
        assert len(log.querySelectorAll("li")) <= PAGE_LINES
    assert slices > 10 and first_claim in log.textContent and "Searching" not in log.textContent
    assert log.querySelectorAll("li")[0].textContent == first_claim  # newest first: nothing else matches later
    assert log.querySelector('[data-action="log-older"]') is None  # read back to the start: nothing older
    # Back to every line: the newest page again, with the way to older ones.
    document.type_into(document.getElementById("log-search"), "")
    assert len(log.querySelectorAll("li")) == PAGE_LINES
    document.click(log.querySelector('[data-action="log-older"]'))
    older = log.querySelectorAll("li")
    assert len(older) == PAGE_LINES and log.querySelector('[data-action="log-newest"]') is not None


@pytest.mark.parametrize("panels", [("log-toggle",), ("stats-toggle",), ("log-toggle", "stats-toggle")])
def test_after_more_actions_the_record_panels_write_no_more_in_a_longer_game(mount, panels):
    """The same 40 moves, played at 300 and at 3,000 actions with the panels open: what the log, the
    charts, the figures and the luck meter write does not grow with the game (new lines and points,
    never the whole record), and no single write is larger."""
    from risk.ai.random_bot import RandomBot
    from risk_ui import record

    def written(length: int) -> tuple[int, int]:
        document, page = _long_page(mount, length)
        c = page.controller
        for name in panels:
            c.command(name)
        page.render()
        while record.work(c):
            page.render()
        bots = [RandomBot(s) for s in range(c.state.players)]
        document.writes()
        for _ in range(40):
            c.play_bot(bots[c.state.current].choose(c.state))
            page.render()
        sizes = [w[3] for w in document.writes() if w[0] == "html" and w[1] in RECORD_PARTS]
        return sum(sizes), max(sizes)

    (short_total, short_largest), (long_total, long_largest) = written(300), written(3000)
    assert long_total <= 1.5 * short_total and long_largest <= 1.5 * short_largest


def test_the_statistics_of_a_long_record_are_read_in_slices_meanwhile_saying_how_far(mount):
    from risk.history import turn_stats
    from risk_ui import record

    document, page = _long_page(mount, 6_000)
    c = page.controller
    document.click(document.getElementById("stats-toggle"))
    charts_part = document.getElementById("stats-charts")
    assert "Reading the record for the statistics" in charts_part.textContent
    while record.work(c, budget=0.0):
        page.render()
    assert charts_part.querySelectorAll("svg")  # drawn once read, at most CHART_POINTS turns a line
    points = charts_part.querySelector("polyline").getAttribute("points").split()
    assert 2 <= len(points) <= record.CHART_POINTS
    turn, _ = turn_stats(c.game)[-1]
    assert f"<caption>Turn {turn}</caption>" in document.getElementById("stats-figures").innerHTML


def test_the_dice_check_of_a_long_record_runs_in_slices(mount):
    from risk_ui import record

    document, page = _long_page(mount, 3_000)
    c = page.controller
    c.command("check-dice")
    page.render()
    status = document.getElementById("dice-check")
    if c.ui.record.checking is not None:  # not read at once: it says how far, and the button waits
        assert status.textContent.startswith("Checking the dice:")
        assert document.getElementById("check-dice").disabled
    while record.work(c, budget=0.0):
        page.render()
    assert status.textContent.startswith("Checked 3000 actions: every roll and card replays exactly from the seed")
    assert not document.getElementById("check-dice").disabled


def test_a_blitz_on_huge_stacks_says_a_few_lines_and_pages_its_thousands_of_rolls():
    """100,000 armies a side: one action rolls thousands of times. The replay's status says a few lines
    and how many more; "What happened" and the log show a page; nothing lists every roll."""
    from risk.actions import Blitz
    from risk.events import BattleFought
    from risk_ui.record import MAX_SAID
    from risk_ui.record_state import PAGE_LINES
    from scenario import position, tid

    state = position(phase=Phase.ATTACK, owners={"kamchatka": 1}, armies={"alaska": 100_000, "kamchatka": 100_000},
                     default_owner=0)
    c = Controller.from_state((Seat("Red", 0), Seat("Blue", 1), Seat("Green", 2)), state)
    c.game.play(Blitz(tid("alaska"), tid("kamchatka"), 0))
    rolls = sum(isinstance(e, BattleFought) for e in c.game.history[-1].events)
    assert rolls > 10_000
    c.command("log-toggle")
    c.command("replay-open")
    c.command("replay-end")
    screen = view.render(c)
    status = screen.controls["replay-status"].text
    assert status.count(" attacks Kamchatka from Alaska") == MAX_SAID and "more.)" in status
    assert screen.html["record-log"].count("<li ") == PAGE_LINES and screen.html["log"].count("<li>") == 8
    assert len(screen.html["record-log"]) < 200 * PAGE_LINES


def test_a_replay_of_a_long_record_never_replays_it_whole_at_once(mount):
    """"Now", then "◀ Back" in a 3,000-action record: the end is the live state; the moment before it is
    far from any checkpoint, so the board keeps the last moment shown and the status says it is on its
    way while the background reading makes checkpoints; then it shows exactly that moment."""
    from risk_ui import record

    document, page = _long_page(mount, 3_000)
    c = page.controller
    for name in ("replay-open", "replay-end"):
        document.click(document.getElementById(name))
    replay = c.ui.record.replay
    assert replay.state() == c.state
    calls = 0
    real = record_state.apply

    def counting(state, action):
        nonlocal calls
        calls += 1
        return real(state, action)

    record_state.apply = counting
    try:
        document.click(document.getElementById("replay-back"))
        assert calls == 0 and not replay.ready
        assert "going to action 2,999 of 3,000" in document.getElementById("replay-status").textContent
        assert [t.armies for t in view.render(c).territories] == c.state.armies  # the last moment shown
        while record.work(c, budget=0.0):
            page.render()
        assert calls <= 3_000 + replay.reach and replay.ready
    finally:
        record_state.apply = real
    page.render()
    assert replay.state() == c.game.state_at(2_999)
    assert document.getElementById("replay-status").textContent.startswith("Replay: action 2999 of 3000")
