"""The command line plays, prints and pits bots in every edition, the Revised one included."""

from __future__ import annotations

import json

from risk.cli import main


def test_selfplay_plays_revised_games_to_the_end(capsys):
    assert main(["selfplay", "--rules", "revised", "--players", "4", "--games", "2", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and sum(report["wins"]) == 2 and len(report["wins"]) == 4


def test_an_edition_name_prints_its_board_and_deck(capsys):
    assert main(["map", "revised", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == "revised" and len(data["territories"]) == 42  # cities are dealt per game
    stars = {card["territory"]: card["stars"] for card in data["deck"]}
    assert len(stars) == 42 and stars["kamchatka"] == 2 and stars["alaska"] == 1 and sum(stars.values()) == 54
    assert main(["map", "classic", "--json"]) == 0  # the classic edition's deck: 42 designs and 2 wilds
    kinds = [card["kind"] for card in json.loads(capsys.readouterr().out)["deck"]]
    assert len(kinds) == 44 and kinds.count("wild") == 2


def test_a_revised_tournament_reports_every_seat(capsys):
    assert main(["tournament", "--rules", "revised", "--players", "3", "--games", "2", "--bots",
                 "normal,easy,random", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert sum(report["wins"]) + report["draws"] == 2


def test_rules_that_do_not_fit_exit_2_with_a_message(capsys):
    assert main(["selfplay", "--rules", "revised", "--players", "2"]) == 2
    assert "3 to 5 players" in capsys.readouterr().err
    assert main(["selfplay", "--rules", "revised", "--option", "commanders"]) == 2
    assert "does not apply" in capsys.readouterr().err
