"""The command line plays, prints and pits bots in every edition, the Revised one included."""

from __future__ import annotations

import json
import re

import pytest

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


def test_the_castle_map_prints_each_territorys_empire_waters_and_the_dotted_crossings(capsys):
    assert main(["map", "castle", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_id = {t["id"]: t for t in data["territories"]}
    assert len(by_id) == 44 and sorted(by_id["turkey"]["seas"]) == ["black_sea", "ocean"]
    assert "seas" not in by_id["vienna"]
    assert by_id["london"]["castle_allowed"] and "castle_allowed" not in by_id["madrid"]
    assert {c["id"]: c["kind"] for c in data["continents"]}["independent"] == "independent"
    assert ["london", "paris"] in data["lines"] and len(data["lines"]) == 4
    assert [card["kind"] for card in data["deck"]].count("spy") == 7


@pytest.mark.parametrize("players", [2, 6])
def test_selfplay_plays_castle_games_to_a_winner_from_two_to_six_players(players, capsys):
    assert main(["selfplay", "--rules", "castle", "--players", str(players), "--games", "3", "--seed", "3",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and len(report["wins"]) == players
    assert sum(report["wins"]) == 3 and all(w >= 0 for w in report["wins"])  # one winner a game
    assert report["turns"] >= 3 and report["mean_turns"] == round(report["turns"] / 3, 2)


def test_castle_selfplay_refuses_a_seventh_player(capsys):
    assert main(["selfplay", "--rules", "castle", "--players", "7", "--games", "1"]) == 2
    assert "castle rules are for 2 to 6 players" in capsys.readouterr().err


def test_a_castle_tournament_prints_each_bots_wins_and_they_add_up_to_the_games(capsys):
    line_up = ["normal", "easy", "easy"]
    args = ["tournament", "--rules", "castle", "--players", "3", "--games", "2", "--bots", ",".join(line_up)]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "2 games, castle"
    rows = [re.fullmatch(r"  (\d)\. (\w+) +won +(\d+) +[\d.]+%  \(95% CI [\d.]+% to [\d.]+%\)", line)
            for line in lines[1:4]]
    assert all(rows), lines
    assert [(int(m[1]), m[2]) for m in rows if m] == [(1, "normal"), (2, "easy"), (3, "easy")]
    wins = [int(m[3]) for m in rows if m]
    draws = re.fullmatch(r"  draws \(turn cap 600\): (\d+); mean turns ([\d.]+)", lines[4])
    assert draws is not None and len(lines) == 5
    assert sum(wins) + int(draws[1]) == 2 and float(draws[2]) > 0
    # The same games, as JSON: a winner in each (castle games end long before the turn cap).
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == line_up and report["games"] == 2 and report["draws"] == 0
    assert report["wins"] == wins and sum(wins) == 2


# Each command's --help, with a phrase of its own help text: argparse formats help strings with %, so a
# bare "%" in one of them crashes --help (it did, with "95% intervals").
HELP_TEXTS = {
    (): "win rates with 95% intervals",
    ("map",): "a map, or an edition",
    ("selfplay",): "--players",
    ("tournament",): "a game still going after this many turns is a draw",
    ("odds",): "Exact odds of a battle fought to the end",
}


@pytest.mark.parametrize("command", HELP_TEXTS, ids=lambda command: " ".join(command) or "main")
def test_help_of_every_command_prints_and_exits_0(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--help"])
    assert exit_.value.code == 0
    assert HELP_TEXTS[command] in " ".join(capsys.readouterr().out.split())


def test_the_help_texts_cover_every_command(capsys):
    """A new command gets its --help checked too: the main usage line lists every command."""
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = re.search(r"\{([\w,-]+)\}", capsys.readouterr().out)
    assert listed is not None
    assert {(name,) for name in listed.group(1).split(",")} == set(HELP_TEXTS) - {()}
