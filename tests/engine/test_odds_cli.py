"""`python -m risk odds N D`: exact odds, the dice modifiers combined, floats with a bound when exact is slow."""

import json
import sys
from fractions import Fraction

import pytest

from risk.cli import main
from risk.dice import DiceModel
from risk.odds import attack_odds


def run(capsys, *args: str) -> dict:
    assert main(["odds", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_json_report_holds_the_exact_fractions(capsys):
    report = run(capsys, "10", "7")
    exact = attack_odds(9, 7)
    assert Fraction(report["exact"]["p_conquer"]) == exact.p_conquer
    assert Fraction(report["exact"]["expected_attackers_left"]) == exact.expected_attackers_left + 1
    assert report["error"] == 0.0 and report["lower_bound"] is False


@pytest.mark.parametrize(
    ("flags", "model", "castle"),
    [
        (["--attack-bonus-die"], DiceModel(attack_bonus=1), {}),
        (["--defense-bonus-die", "--defense-plus", "1"], DiceModel(defend_bonus=1, defend_plus=1), {}),
        (["--attack-plus", "1", "--attack-max", "2"], DiceModel(attack_plus=1, attack_max=2), {}),
        (
            ["--attack-bonus-die", "--defense-bonus-die", "--attack-plus", "2", "--defense-plus", "1"],
            DiceModel(attack_bonus=1, defend_bonus=1, attack_plus=2, defend_plus=1),
            {},
        ),
        (
            ["--attack-max", "2", "--general", "--marshall"],
            DiceModel(attack_max=2),
            {"general": True, "marshall": True},
        ),
    ],
)
def test_every_modifier_combines_and_stays_exact(capsys, flags, model, castle):
    report = run(capsys, "8", "6", *flags)
    assert Fraction(report["exact"]["p_conquer"]) == attack_odds(7, 6, model=model, **castle).p_conquer


def test_fractions_longer_than_pythons_digit_limit_are_printed(capsys):
    """`odds 1201 1200 --json` failed with "Exceeds the limit (4300 digits)"; the same at a lower limit."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        report = run(capsys, "301", "300")
        assert len(report["exact"]["p_conquer"]) > 1000
        assert sys.get_int_max_str_digits() == 640, "the limit is put back"
    finally:
        sys.set_int_max_str_digits(limit)
    assert Fraction(report["exact"]["p_conquer"]) == attack_odds(300, 300).p_conquer


def test_a_hundred_thousand_armies_get_floats_with_their_error_bound(capsys):
    report = run(capsys, "100001", "100000", "--defense-bonus-die")
    assert report["exact"] is None
    assert 0 < report["error"] < 1e-9
    assert report["p_conquer"] < 1e-12 and report["expected_attackers_left"] == pytest.approx(1.0)


def test_the_text_report_says_whether_it_is_exact(capsys):
    assert main(["odds", "3", "2"]) == 0
    out = capsys.readouterr().out
    assert "P(conquer) = " in out and "exact" in out
    assert main(["odds", "20001", "20000"]) == 0
    assert "to within" in capsys.readouterr().out


def test_bad_odds_arguments_exit_2_with_a_message(capsys):
    assert main(["odds", "5", "5", "--attack-max", "4"]) == 2
    assert "1 to 3 dice" in capsys.readouterr().err
    assert main(["odds", "0", "5"]) == 2
    assert "at least one army" in capsys.readouterr().err
    assert main(["odds", "5", "5", "--reroll", "--defense-bonus-die"]) == 2
    assert "plain dice" in capsys.readouterr().err
