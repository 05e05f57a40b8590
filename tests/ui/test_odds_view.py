"""The odds panel: the numbers shown before an attack are the engine's exact ones, under the rules in play."""

from __future__ import annotations

import re
from fractions import Fraction

from risk.odds import attack_odds
from risk_ui import view
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.odds_view import attack_odds_for, percent
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


def test_the_odds_to_the_end_are_the_exact_engine_values():
    c = chosen()
    exact = attack_odds(11, 4)
    [line] = rows(view.render(c).html["odds"])
    assert Fraction(line["p"]) == exact.p_conquer
    assert Fraction(line["lost-a"]) == 11 - exact.expected_attackers_left
    assert Fraction(line["lost-d"]) == 4 - exact.expected_defenders_left
    assert line["shown"] == percent(exact.p_conquer)


def test_the_threshold_adds_its_own_line_with_its_stopping_rule():
    c = chosen()
    c.set_field("threshold", "5")
    lines = rows(view.render(c).html["odds"])
    assert [line["stop-at"] for line in lines] == ["0", "4"]
    exact = attack_odds(11, 4, stop_at=4)
    assert Fraction(lines[1]["p"]) == exact.p_conquer < Fraction(lines[0]["p"])
    assert Fraction(lines[1]["lost-a"]) == 11 - exact.expected_attackers_left
    assert "until 5 armies are left" in view.render(c).html["odds"]


def test_commanders_count_while_the_commander_is_unused():
    c = chosen(options=("commanders",))
    odds = attack_odds_for(c)
    assert odds is not None and odds.commander and not odds.reroll
    assert odds.lines[0].p_conquer == attack_odds(11, 4, commander=True).p_conquer
    c.state.commander_used = True
    assert attack_odds_for(c).lines[0].p_conquer == attack_odds(11, 4).p_conquer


def test_the_card_reroll_counts_only_with_a_card_of_either_territory():
    c = chosen(options=("card-reroll",), armies={"alaska": 5, "kamchatka": 3})
    assert not attack_odds_for(c).reroll
    c = chosen(options=("card-reroll",), armies={"alaska": 5, "kamchatka": 3}, hand=(tid("kamchatka"),))
    odds = attack_odds_for(c)
    assert odds.reroll and odds.lines[0].p_conquer == attack_odds(4, 3, reroll=True).p_conquer
    assert "card re-roll" in view.render(c).html["odds"]
