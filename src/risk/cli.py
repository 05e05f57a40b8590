"""Command line: print a map, self-play games, bot tournaments, compute exact odds."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace

from risk.board import board_to_json, load_board
from risk.deck import deck_for
from risk.rules import EDITIONS, OPTIONS, UnknownRules, make_rules
from risk.selfplay import selfplay

BOARD_HELP = ("the board to play on instead of the edition's: a shipped map's name, generated:SEED[:SIZE[:K]] "
              "(a new world; SIZE small, medium or large) or a board file (.json)")


def board_ref(text: str) -> str:
    """A board named on the command line, as the reference a game carries: a shipped map's name, a generated
    world (``generated:SEED[:SIZE[:K]]``, or its whole reference ``generated:V:SEED:SIZE:K``) or a board file
    (held for this run: ``imported:HASH``). Raises ValueError for anything else."""
    from pathlib import Path

    from risk.board import GENERATED, register_board

    if text.startswith(GENERATED):
        from risk.worldgen.generator import parse_reference, reference

        parts = text.split(":")[1:]
        if len(parts) == 4:
            parse_reference(text)
            return text
        if not 1 <= len(parts) <= 3 or not parts[0].isdigit() or (len(parts) == 3 and not parts[2].isdigit()):
            raise ValueError(f"{text!r}: a new world is generated:SEED, generated:SEED:SIZE or generated:SEED:SIZE:K")
        return reference(int(parts[0]), parts[1] if len(parts) > 1 else "medium",
                         int(parts[2]) if len(parts) > 2 else None)
    path = Path(text)
    if text.endswith(".json") or path.is_file():
        from risk.boardfile import loads

        try:
            data = path.read_bytes()
        except OSError as error:
            raise ValueError(f"{text}: cannot read it ({error.strerror})") from None
        return register_board(loads(data, text))
    load_board(text)  # a shipped map's name, or a ValueError naming it
    return text


def _generate(argv: list[str]) -> int:
    """``map generate --seed N [--size S] [--continents K] [--json] [--out FILE]``: a new world, printed as
    ``map NAME --json`` prints a board, with its reference; the whole board file written to FILE."""
    from risk.worldgen.generator import MAX_CONTINENTS, MIN_CONTINENTS, SIZES, generate, reference

    parser = argparse.ArgumentParser(prog="python -m risk map generate",
                                     description="Make a new world from a seed (the same world every time).")
    parser.add_argument("--seed", type=int, required=True, help="0 to 4294967295")
    parser.add_argument("--size", default="medium", choices=SIZES, help="about 20, 42 or 80 territories")
    parser.add_argument("--continents", type=int, help=f"{MIN_CONTINENTS} to {MAX_CONTINENTS} (default: the seed's)")
    parser.add_argument("--out", help="write the whole board file (with its drawing) here")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        ref = reference(args.seed, args.size, args.continents)
        data = generate(args.seed, args.size, args.continents)
        board = load_board(ref)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    printed = {"ref": ref, "name": board.name, **board_to_json(board)}
    if args.out:
        from risk.boardfile import canonical_json

        with open(args.out, "w", encoding="utf-8") as stream:
            stream.write(canonical_json(data) + "\n")
        printed["file"] = args.out
    if args.json:
        print(json.dumps(printed, indent=1))
        return 0
    print(f"{board.name} ({ref}): {board.size} territories, {len(board.continents)} continents")
    for continent in board.continents:
        print(f"{continent.name} (+{continent.bonus})")
        for t in continent.territories:
            names = ", ".join(board.territories[n].name for n in board.neighbours[t])
            print(f"  {board.territories[t].name}: {names}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m risk", description="The Risk rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)

    map_cmd = sub.add_parser("map", help="print a board, by its name or an edition's (with that edition's deck), "
                                         "a board reference or a board file; 'map import FILE.map' imports a "
                                         "Domination map; 'map generate --seed N' makes a new world")
    map_cmd.add_argument("name", nargs="?", default="classic",
                         help=f"a map, or an edition: {', '.join(EDITIONS)}; or a board reference "
                              "(generated:SEED[:SIZE[:K]], generated:V:SEED:SIZE:K) or a board file (.json)")
    map_cmd.add_argument("--json", action="store_true")

    play = sub.add_parser("selfplay", help="play whole games between simple bots and time them")
    play.add_argument("--rules", default="classic", help=f"edition: {', '.join(EDITIONS)}")
    play.add_argument("--players", type=int, default=3)
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--option", action="append", default=[], help=f"one of {', '.join(OPTIONS)}")
    play.add_argument("--board", help=BOARD_HELP)
    play.add_argument("--json", action="store_true")

    tour = sub.add_parser("tournament", help="seeded games between bot levels: win rates with 95%% intervals")
    tour.add_argument("--rules", default="classic", help=f"edition: {', '.join(EDITIONS)}")
    tour.add_argument("--players", type=int, default=3)
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--bots", default="", help="comma-separated levels, one per player: random, easy, normal, hard")
    tour.add_argument("--option", action="append", default=[], help=f"one of {', '.join(OPTIONS)}")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--max-turns", type=int, default=600, help="a game still going after this many turns is a draw")
    tour.add_argument("--workers", type=int, default=1, help="processes to play games in")
    tour.add_argument("--board", help=BOARD_HELP)
    tour.add_argument("--json", action="store_true")

    odds = sub.add_parser(
        "odds", help="exact odds of a battle fought to the end",
        description="Exact odds of a battle fought to the end (floats with an error bound when the exact "
        "fractions would take over a minute). The modifiers combine freely.",
    )
    odds.add_argument("attacking", type=int, help="armies on the attacking territory")
    odds.add_argument("defending", type=int, help="armies on the defending territory")
    odds.add_argument("--commander", action="store_true", help="expert rule: a commander is available")
    odds.add_argument("--reroll", action="store_true", help="expert rule: a card re-roll is available")
    odds.add_argument("--attack-bonus-die", action="store_true", help="the attacker throws a die more, keeps the best")
    odds.add_argument("--defense-bonus-die", action="store_true", help="the defender throws a die more, keeps the best")
    odds.add_argument("--attack-plus", type=int, default=0, metavar="K", help="K added to the attacker's highest die")
    odds.add_argument("--defense-plus", type=int, default=0, metavar="K", help="K added to the defender's highest die")
    odds.add_argument("--attack-max", type=int, default=3, metavar="K", help="the attacker rolls at most K dice")
    odds.add_argument("--general", action="store_true", help="+1 on the attacker's top die until it loses a top pair")
    odds.add_argument("--marshall", action="store_true", help="+1 on the defender's top die until it loses a top pair")
    odds.add_argument("--json", action="store_true")
    return parser


def _odds(args: argparse.Namespace) -> int:
    from risk.dice import DiceModel
    from risk.odds import odds_report

    if args.attacking < 1 or args.defending < 1:
        raise ValueError("both territories hold at least one army")
    model = DiceModel(
        attack_max=args.attack_max, attack_bonus=int(args.attack_bonus_die), defend_bonus=int(args.defense_bonus_die),
        attack_plus=args.attack_plus, defend_plus=args.defense_plus,
    )
    report = odds_report(
        args.attacking, args.defending, commander=args.commander, reroll=args.reroll, model=model,
        general=args.general, marshall=args.marshall,
    )
    if args.json:
        print(json.dumps(report))
        return 0
    error = report["error"]
    assert isinstance(error, float)
    print(f"P(conquer) = {report['p_conquer']:.6f}")
    print(f"expected armies left on the attacking territory: {report['expected_attackers_left']:.4f}")
    print(f"expected armies left on the defending territory: {report['expected_defenders_left']:.4f}")
    if report["exact"] is not None:
        print("exact (--json gives the fractions)")
    else:
        armies = max(args.attacking, args.defending)
        print(f"to within {error:.1e} for the chance and {error * armies:.1e} armies (floats: exact would be slow)")
    if report["lower_bound"]:
        print("the commander is not counted at this size: the chance with it is at least this")
    return 0


def _map(args: argparse.Namespace) -> int:
    """A board by its name; an edition's name gives its board and its deck (``revised``: the classic board,
    whose cities are dealt per game, and the cards with their stars)."""
    edition = EDITIONS.get(args.name)
    ref = edition.rules.map if edition else board_ref(args.name)
    board = load_board(ref)
    data = board_to_json(board)
    if edition is None and ref != args.name:
        data = {"ref": ref, "name": board.name, **data}
    if edition is not None:
        deck = deck_for(edition.rules)
        data["edition"] = edition.name
        data["deck"] = [
            {"card": c, "kind": deck.kind_name(c),
             "territory": board.territories[deck.territories[c]].id if deck.territories[c] >= 0 else None,
             "stars": deck.stars[c]}
            for c in range(len(deck))
        ]
    if args.json:
        print(json.dumps(data, indent=1))
        return 0
    for continent in board.continents:
        print(f"{continent.name} (+{continent.bonus})")
        for t in continent.territories:
            names = ", ".join(board.territories[n].name for n in board.neighbours[t])
            print(f"  {board.territories[t].name}: {names}")
    if edition is not None:
        deck = deck_for(edition.rules)
        print(f"Deck of the {edition.title} rules: {len(deck)} cards, {sum(deck.stars)} stars" if any(deck.stars)
              else f"Deck of the {edition.title} rules: {len(deck)} cards")
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from risk.ai import LEVELS
    from risk.tournament import run_tournament, summary

    rules = make_rules(args.rules, args.option)
    if args.board:
        rules = replace(rules, map=board_ref(args.board))
    levels = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else ["normal"] * args.players
    if len(levels) != args.players:
        raise ValueError(f"--bots names {len(levels)} bots for {args.players} players")
    unknown = [b for b in levels if b not in LEVELS]
    if unknown:
        raise ValueError(f"unknown bot level {unknown[0]!r}; known: {', '.join(LEVELS)}")
    if not rules.min_players <= args.players <= rules.max_players:
        raise ValueError(f"the {rules.edition} rules are for {rules.min_players} to {rules.max_players} players")
    if args.games < 1:
        raise ValueError("play at least one game")
    results = run_tournament(rules, levels, args.games, args.seed, max_turns=args.max_turns, workers=args.workers)
    report = summary(levels, results)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{args.games} games, {args.rules} {' '.join(args.option)}".rstrip())
    rates, cis, wins = report["win_rates"], report["ci95"], report["wins"]
    assert isinstance(rates, list) and isinstance(cis, list) and isinstance(wins, list)
    for i, level in enumerate(levels):
        low, high = cis[i]
        print(f"  {i + 1}. {level:<7} won {wins[i]:>4}  {rates[i]:6.1%}  (95% CI {low:.1%} to {high:.1%})")
    print(f"  draws (turn cap {args.max_turns}): {report['draws']}; mean turns {report['mean_turns']:.1f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:2] == ["map", "import"]:  # its own arguments (risk/importers/cli.py)
        from risk.importers.cli import import_command

        return import_command(argv[2:])
    if argv[:2] == ["map", "generate"]:
        return _generate(argv[2:])
    args = _parser().parse_args(argv)
    try:
        if args.command == "map":
            return _map(args)
        if args.command == "selfplay":
            rules = make_rules(args.rules, args.option)
            if args.board:
                rules = replace(rules, map=board_ref(args.board))
            report = selfplay(rules, args.players, args.games, args.seed)
            if args.json:
                print(json.dumps(report))
            else:
                for key, value in report.items():
                    print(f"{key}: {value}")
            return 0
        if args.command == "tournament":
            return _tournament(args)
        if args.command == "odds":
            return _odds(args)
    except (UnknownRules, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 1
