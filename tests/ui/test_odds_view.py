"""The odds panel: the engine's exact numbers when cheap, else floats with their bound, worked out in
slices that never hold the page; the panel says which."""

from __future__ import annotations

import asyncio
import re
from fractions import Fraction

import pytest

from risk import odds_float
from risk.odds import attack_odds
from risk.odds_float import Battle, float_odds
from risk_ui import odds_view, view
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.odds_view import DESK, Desk, attack_odds_for, percent
from scenario import position, tid


def chosen(options=(), armies=None, hand=()):
    """Red chose Alaska (12) against Kamchatka (4) in a position with ``options``."""
    state = position(options=options, owners={"alaska": 0, "kamchatka": 1},
                     armies=armies or {"alaska": 12, "kamchatka": 4})
    state.hands[0] = list(hand)
    c = Controller.from_state(DEFAULT_SETTINGS.seats, state)
    c.command("handoff")
    c.click(tid("alaska"))
    c.click(tid("kamchatka"))
    assert c.ui.target == tid("kamchatka")
    return c


def settled(c, desk=DESK) -> str:
    """The odds panel once the desk has worked out what it shows (the page's loop does this in slices)."""
    view.render(c)
    while desk.busy:
        desk.step(1.0)
    return view.render(c).html["odds"]


def rows(html: str) -> list[dict[str, str]]:
    found = []
    for row in re.findall(r"<tr data-stop-at[^>]*>.*?</tr>", html):
        attrs = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', row))
        attrs["shown"] = re.search(r'class="odds-p">([^<]*)<', row).group(1)
        found.append(attrs)
    return found


def test_no_odds_until_an_enemy_target_is_chosen():
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 12})
    c = Controller.from_state(DEFAULT_SETTINGS.seats, state)
    c.command("handoff")
    assert view.render(c).html["odds"] == ""
    c.click(tid("alaska"))
    assert attack_odds_for(c) is None and view.render(c).html["odds"] == ""


def test_the_odds_to_the_end_are_the_exact_engine_values_shown_at_once():
    c = chosen()
    exact = attack_odds(11, 4)
    html = view.render(c).html["odds"]
    [line] = rows(html)
    assert Fraction(line["p"]) == exact.p_conquer
    assert Fraction(line["lost-a"]) == 11 - exact.expected_attackers_left
    assert Fraction(line["lost-d"]) == 4 - exact.expected_defenders_left
    assert line["shown"] == percent(exact.p_conquer) and line["error"] == "0.0"
    assert "Chances of conquering (exact)" in html and 'aria-busy="false"' in html


def test_the_threshold_adds_its_own_line_with_its_stopping_rule():
    c = chosen()
    c.set_field("threshold", "5")
    lines = rows(settled(c))
    assert [line["stop-at"] for line in lines] == ["0", "4"]
    exact = attack_odds(11, 4, stop_at=4)
    assert Fraction(lines[1]["p"]) == exact.p_conquer < Fraction(lines[0]["p"])
    assert Fraction(lines[1]["lost-a"]) == 11 - exact.expected_attackers_left
    assert "until 5 armies are left" in view.render(c).html["odds"]


def test_commanders_count_while_the_commander_is_unused():
    c = chosen(options=("commanders",))
    settled(c)
    odds = attack_odds_for(c)
    assert odds is not None and odds.commander and not odds.reroll
    assert odds.lines[0].p_conquer == attack_odds(11, 4, commander=True).p_conquer
    c.state.commander_used = True
    assert attack_odds_for(c).lines[0].p_conquer == attack_odds(11, 4).p_conquer


def test_the_card_reroll_counts_only_with_a_card_of_either_territory():
    c = chosen(options=("card-reroll",), armies={"alaska": 5, "kamchatka": 3})
    settled(c)
    assert not attack_odds_for(c).reroll
    c = chosen(options=("card-reroll",), armies={"alaska": 5, "kamchatka": 3}, hand=(tid("kamchatka"),))
    html = settled(c)
    odds = attack_odds_for(c)
    assert odds.reroll and odds.lines[0].p_conquer == attack_odds(4, 3, reroll=True).p_conquer
    assert "card re-roll" in html


def test_a_large_battle_says_it_is_working_then_shows_floats_within_their_stated_bound():
    desk = Desk()
    c = chosen(options=("commanders", "card-reroll"), armies={"alaska": 41, "kamchatka": 40},
               hand=(tid("alaska"),))
    first = odds_view.odds_html(c, desk)
    assert "working out" in first and 'aria-busy="true"' in first and not rows(first)
    assert "Working out the odds of 40 against 40" in first
    while desk.busy:
        desk.step(0.005)
    html = odds_view.odds_html(c, desk)
    [line] = rows(html)
    exact = attack_odds(40, 40, commander=True, reroll=True)
    error = float(line["error"])
    assert 0 < error < 1e-9
    assert abs(float(line["p"]) - float(exact.p_conquer)) <= error
    assert abs(float(line["lost-a"]) - float(40 - exact.expected_attackers_left)) <= error * 40
    places = re.search(r"Chances of conquering \(accurate to (\d+) decimal places\)", html).group(1)
    assert int(places) >= 9
    assert "working out" not in html and 'aria-busy="false"' in html


def test_choosing_another_attack_drops_the_work_on_the_last_one():
    desk = Desk()
    first, second = Battle(300, 300, reroll=True, commander=True), Battle(200, 250, commander=True)
    assert desk.ask([first]) == [None]
    desk.step(0.0)
    assert desk.ask([second]) == [None] and desk.wanted == [second]
    while desk.busy:
        desk.step(0.01)
    assert second in desk.known and first not in desk.known


def test_a_step_keeps_to_its_budget_and_leaves_the_rest_for_later():
    desk = Desk()
    ticks = iter(range(10**6))
    desk.ask([Battle(2_000, 2_000, reroll=True)])
    assert desk.step(0.5, clock=lambda: float(next(ticks))) is False, "one slice, then the time is up"
    assert desk.busy
    steps = 0
    while desk.busy:
        desk.step(0.005)
        steps += 1
    assert steps > 1
    assert desk.known[Battle(2_000, 2_000, reroll=True)] == float_odds(2_000, 2_000, reroll=True)


def test_beyond_its_budget_the_commander_is_said_not_to_count(monkeypatch):
    monkeypatch.setattr(odds_float, "MAX_VALUE_STATES", 100)
    desk = Desk()
    c = chosen(options=("commanders",), armies={"alaska": 61, "kamchatka": 50})
    odds_view.odds_html(c, desk)
    while desk.busy:
        desk.step(0.01)
    html = odds_view.odds_html(c, desk)
    [line] = rows(html)
    assert "lower-bound" in re.search(r"<tr data-stop-at[^>]*>", html).group(0)
    assert line["shown"].startswith("≥") and "your commander is not counted" in html


def test_the_page_loop_draws_again_when_an_answer_is_ready_and_builds_programs_while_idle():
    desk = Desk()
    c = chosen(options=("commanders", "card-reroll"), armies={"alaska": 31, "kamchatka": 30})

    class Page:
        controller = c
        renders = 0

        def render(self) -> None:
            Page.renders += 1

    odds_view.odds_html(c, desk)
    assert desk.busy
    asyncio.run(odds_view.run(Page(), desk, stop=lambda: not desk.busy and Page.renders > 0))
    assert Page.renders == 1
    assert "working out" not in odds_view.odds_html(c, desk)


def failing_for(attackers: int):
    """``battle_odds_steps`` whose battles of ``attackers`` armies raise in their first slice (say, out of
    memory); every other battle is worked out as usual. The calls it saw are in ``.calls``."""
    real = odds_view.battle_odds_steps
    calls: list[Battle] = []

    def steps(battle: Battle):
        calls.append(battle)
        if battle.attackers == attackers:
            yield
            raise MemoryError("a slice ran out of memory")
        return (yield from real(battle))

    steps.calls = calls
    return steps


def test_a_slice_that_raises_says_the_odds_could_not_be_worked_out_and_the_loop_serves_the_next_attack(
        monkeypatch):
    """The page's odds loop survives an error in one computation: the panel stops working and says so in
    plain words, and a later attack still gets its odds from the same loop."""
    monkeypatch.setattr(odds_view, "battle_odds_steps", failing_for(40))
    desk = Desk()
    c = chosen(options=("commanders", "card-reroll"), armies={"alaska": 41, "kamchatka": 40},
               hand=(tid("alaska"),))

    class Page:
        controller = c
        renders = 0

        def render(self) -> None:
            Page.renders += 1

    assert "working out" in odds_view.odds_html(c, desk) and desk.busy
    done = False

    async def scenario() -> tuple[str, str]:
        loop = asyncio.ensure_future(odds_view.run(Page(), desk, stop=lambda: done))

        async def until(condition) -> None:
            for _ in range(60_000):
                if loop.done():
                    loop.result()  # the loop died: its error fails the test
                    raise AssertionError("the odds loop ended")
                if condition():
                    return
                await asyncio.sleep(0.001)
            raise AssertionError("the odds loop never got there")

        await until(lambda: Page.renders >= 1)
        failed = odds_view.odds_html(c, desk)
        # The next attack chosen: the same loop works it out.
        Page.controller = chosen(options=("commanders",), armies={"alaska": 31, "kamchatka": 30})
        assert "working out" in odds_view.odds_html(Page.controller, desk)
        await until(lambda: not desk.busy and Page.renders >= 2)
        nonlocal done
        done = True
        await loop
        return failed, odds_view.odds_html(Page.controller, desk)

    failed, later = asyncio.run(scenario())
    assert "The odds of 40 against 40 could not be worked out" in failed
    assert 'aria-busy="false"' in failed and "working out" not in failed and not rows(failed)
    assert desk.errors == 1 and not desk.busy, "drawn again, the failed battle is not tried in a loop"
    [line] = rows(later)
    assert 0 < float(line["p"]) < 1 and 0 < float(line["error"]) < 1e-9
    assert 'aria-busy="false"' in later and "could not be worked out" not in later


def test_a_battle_that_failed_is_not_retried_while_still_chosen_but_is_when_chosen_anew(monkeypatch):
    """Odds worked out at once (a small battle) fail just as quietly; each drawing asks again, but only
    choosing the attack anew (after another) tries once more."""
    steps = failing_for(5)
    monkeypatch.setattr(odds_view, "battle_odds_steps", steps)
    desk = Desk()
    failing, other = Battle(5, 3), Battle(6, 3)
    assert desk.ask([failing]) == [None] and not desk.busy and failing in desk.failed
    assert desk.ask([failing]) == [None] and len(steps.calls) == 1
    assert desk.ask([other])[0] is not None and not desk.failed
    assert desk.ask([failing]) == [None]
    assert len(steps.calls) == 3 and desk.errors == 2


@pytest.mark.parametrize("error", [2.3e-11, 1e-10, 4.9e-10, 9.99e-10, 3e-7])
def test_the_stated_decimal_places_are_guaranteed_by_the_error_bound(error):
    line = odds_view.OddsLine(0, 0.5, 1.0, 1.0, error)
    text = odds_view.precision(odds_view.AttackOdds(3, 3, False, False, (line,)))
    places = int(re.search(r"accurate to (\d+) decimal places", text).group(1))
    assert error <= 0.5 * 10.0**-places, "rounding to that many places is right"
    assert error > 0.5 * 10.0 ** -(places + 1), "and one place more could be wrong"
