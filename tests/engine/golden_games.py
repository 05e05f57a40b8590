"""Golden classic games: whole games recorded once, by the engine of commit 55595f0, and frozen.

The engine's seams are being opened for new editions (a deck apart from the board, a dice model, turn
hooks, an action registry, per-edition codec tables). None of that may change a classic game by one die.
Each golden game keeps, per game: the rules, the seats, the seed, the replay code, a digest of every
action's text form, a digest of every event, and the final game code. The test replays the recorded
actions through today's engine and codec and asserts all of it, byte for byte.

Never regenerate ``golden_games.json`` to make a test pass: a difference means a classic game, link,
save or replay code made by a released page would no longer load or replay identically. Run this file
only to *add* games (``python3 tests/engine/golden_games.py --add``), never to replace the recorded ones.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

GOLDEN_FILE = Path(__file__).with_name("golden_games.json")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
# Event kinds added since the recording that only say something the record did not (the headquarters
# turned face up); they change no state, no die and no card, and are left out of the digest. Append only.
ADDED_EVENTS = frozenset({"HeadquartersRevealed"})
LEVELS = ("random", "easy", "normal")


def event_form(event: object) -> str:
    """An event as text: its kind and every field that differs from the field's default.

    Fields an edition adds later, with a default, leave a classic event's form unchanged.
    """
    parts = [type(event).__name__]
    for f in dataclasses.fields(event):  # type: ignore[arg-type]
        value = getattr(event, f.name)
        if f.default is not dataclasses.MISSING and value == f.default:
            continue
        if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
            continue
        parts.append(f"{f.name}={value!r}")
    return " ".join(parts)


def digest(lines: Iterable[str]) -> str:
    """SHA-256 of the lines, joined by newlines (hex, first 32 characters)."""
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return h.hexdigest()[:32]


def game_facts(game: object) -> dict[str, str]:
    """The digests the golden file keeps of a played game."""
    from risk.actions import format_action

    board = game.state.board  # type: ignore[attr-defined]
    history = game.history  # type: ignore[attr-defined]
    return {
        "actions": digest(format_action(board, step.action) for step in history),
        "events": digest(" | ".join(event_form(e) for e in step.events if type(e).__name__ not in ADDED_EVENTS)
                         for step in history),
    }


def _cases() -> list[tuple[str, tuple[str, ...], int, int]]:
    """(edition, options, people, seed): every edition/option combination of the tests, several table sizes."""
    from scenario import EDITION_OPTIONS

    cases = []
    for number, (edition, options) in enumerate(EDITION_OPTIONS):
        for people in (2, 3, 4, 6):
            seed = 1000 + number * 10 + people
            cases.append((edition, tuple(options), people, seed))
    return cases


def play(edition: str, options: Sequence[str], people: int, seed: int) -> object:
    """One whole game between a mix of bot levels, every action through the checked path."""
    from risk.ai import make_bot
    from risk.game import Game, Seat
    from risk.rules import make_rules

    seats = [Seat(NAMES[i], i, LEVELS[(seed + i) % len(LEVELS)]) for i in range(people)]
    game = Game.start(make_rules(edition, list(options)), seats, seed)
    bots = [make_bot(LEVELS[(seed + i) % len(LEVELS)], seed * 13 + i) for i in range(game.state.players)]
    while not game.state.over and len(game.history) < 6000:
        game.play(bots[game.state.current].choose(game.state))
    return game


def record(edition: str, options: Sequence[str], people: int, seed: int) -> dict[str, object]:
    """The golden entry of one game."""
    from risk.codec import encode_game, encode_replay

    game = play(edition, options, people, seed)
    return {
        "edition": edition, "options": list(options), "people": people, "seed": seed,
        "length": len(game.history),  # type: ignore[attr-defined]
        "replay": encode_replay(game),  # type: ignore[arg-type]
        "final": encode_game(game),  # type: ignore[arg-type]
        **game_facts(game),
    }


def main(argv: Sequence[str]) -> None:
    if "--add" not in argv:
        raise SystemExit("usage: golden_games.py --add   (adds missing games; never changes recorded ones)")
    root = Path(__file__).resolve().parents[2]
    sys.path[:0] = [str(root / "src"), str(root / "tests")]
    existing = json.loads(GOLDEN_FILE.read_text()) if GOLDEN_FILE.exists() else []
    known = {(g["edition"], tuple(g["options"]), g["people"], g["seed"]) for g in existing}
    for case in _cases():
        if case not in known:
            existing.append(record(*case))
            print("recorded", case, existing[-1]["length"], "actions", file=sys.stderr)
    GOLDEN_FILE.write_text(json.dumps(existing, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
