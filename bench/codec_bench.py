"""Share-link figures: code lengths over every state of many games, encode/decode time, a 100,000-code
fuzz run, and replay-code sizes of whole games.

Run with ``PYTHONPATH=src python3 bench/codec_bench.py [--quick] [--every-state]`` (or call
:func:`main` from ``build.py bench``); it prints and returns a JSON-able dict. ``--every-state`` also
round-trips every state of 135 games of every edition, option set and table size (minutes).
"""

from __future__ import annotations

import base64
import collections
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence

from risk import codec
from risk.ai.simple import SimpleBot
from risk.codec import classic as classic_codec
from risk.codec import codes, frame, rans
from risk.game import Game, Seat
from risk.rules import Rules, make_rules
from risk.selfplay import play_game
from risk.state import GameState

EVERYDAY_NAMES = ("Alice", "Bob", "Charlotte", "Dmitri", "Eve", "Frank")
LONGEST_NAMES = ("Bartholomew the Magnific", "Wilhelmina Featherstonem", "Maximilian Vandersteenen",
                 "Anastasia Konstantinovna", "Christopher Montgomeryyy", "Alexandria Wolfensteinnn")
CONTROLLERS = ("human", "normal", "easy", "hard", "human", "random")


def _seats(names: Sequence[str], people: int) -> tuple[Seat, ...]:
    return tuple(Seat(names[i], i, CONTROLLERS[i]) for i in range(people))


def _spread(values: list[int] | list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values), "count": len(values)}


SHORTEST_NAMES = ("A", "B", "C", "D", "E", "F")  # a name is never empty (the dialog names a seat by its colour)


def link_lengths(people: int, games: int, names: Sequence[str] = EVERYDAY_NAMES,
                 rules: Rules | None = None) -> dict[str, object]:
    """Length of the game code of every state of ``games`` games (classic unless ``rules``), the same over the
    middle third of each game's turns (a mid-game), and the time per state."""
    rules = rules or make_rules("classic")
    seats = _seats(names, people)
    lengths: list[int] = []
    middle_lengths: list[int] = []
    turns: list[int] = []  # the turn of each state measured, beside its length
    encode = decode = 0.0
    for seed in range(games):
        def measure(state: GameState, seed: int = seed) -> None:
            nonlocal encode, decode
            game = Game(rules, seats, seed, state, state)
            started = time.perf_counter()
            code = codec.encode_game(game)
            middle = time.perf_counter()
            back = codec.decode_game(code)
            decode += time.perf_counter() - middle
            encode += middle - started
            assert back.state == state
            lengths.append(len(code))
            turns.append(state.turn)

        first = len(lengths)
        result = play_game(rules, people, seed, on_action=measure)
        middle_lengths += [n for n, t in zip(lengths[first:], turns[first:])
                           if result.turns / 3 <= t <= 2 * result.turns / 3]
    return {
        "chars": _spread(lengths),
        "mid_game_chars": _spread(middle_lengths),
        "encode_us": round(encode / len(lengths) * 1e6, 1),  # includes the decode that checks the code
        "decode_us": round(decode / len(lengths) * 1e6, 1),
    }


def _mutate(rng: random.Random, code: str, game: Game) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    roll = rng.random()
    if roll < 1 / 3:  # one field changed to another value of its range, behind a valid checksum
        w = rans.Writer()
        codes._write_game(w, game, game.seats, classic_codec.COMPACT)
        i = rng.choice([i for i, (_, freq, _) in enumerate(w.ops) if freq == 1])
        value, _, radix = w.ops[i]
        other = rng.randrange(radix - 1)
        w.ops[i] = (other + (other >= value), 1, radix)
        return frame.seal(frame.format_byte(frame.GAME, game.rules.revision), w)
    if roll < 2 / 3:  # characters of the link
        chars = list(code)
        i = rng.randrange(len(chars))
        kind = rng.randrange(4)
        if kind == 0:
            chars[i] = rng.choice(alphabet)
        elif kind == 1:
            chars.insert(i, rng.choice(alphabet))
        elif kind == 2:
            del chars[i]
        else:
            chars = chars[:i]
        return "".join(chars)
    # bytes behind a fresh, valid checksum: reaches the field checks
    data = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))[:-4])
    i = rng.randrange(1, len(data))
    kind = rng.randrange(4)
    if kind == 0:
        data[i] ^= 1 << rng.randrange(8)
    elif kind == 1:
        data.insert(i, rng.randrange(256))
    elif kind == 2:
        del data[i]
    else:
        del data[i:]
    return base64.urlsafe_b64encode(bytes(data) + frame.crc(bytes(data))).rstrip(b"=").decode()


def fuzz(count: int = 100_000, seed: int = 1) -> dict[str, object]:
    """Mutated real codes (a third each: one field changed, characters of the link changed, payload
    bytes changed behind a valid checksum): each must load and re-encode to itself, or raise a
    CodecError (never the decoder's last-resort net, nor any other exception)."""
    rng = random.Random(seed)
    codes: list[tuple[str, Game]] = []
    for people, options in ((6, ()), (3, ("commanders", "card-reroll", "expert-fortify")), (2, ("headquarters",)),
                            (4, ("auto-setup", "army-cap"))):
        rules = make_rules("classic", list(options))
        seen: list[GameState] = []
        play_game(rules, people, seed + people, on_action=lambda s, seen=seen: seen.append(s.copy()))
        for state in seen[:: max(1, len(seen) // 40)]:
            game = Game(rules, _seats(EVERYDAY_NAMES, people), seed, state, state)
            codes.append((codec.encode_game(game), game))
    outcomes: collections.Counter[str] = collections.Counter()
    started = time.perf_counter()
    for _ in range(count):
        original, source = rng.choice(codes)
        code = _mutate(rng, original, source)
        try:
            game = codec.decode_game(code)
        except codec.CodecError as exc:
            if exc.__cause__ is not None:
                raise AssertionError(f"the safety net caught {exc.__cause__!r} for {code}") from exc
            outcomes[type(exc).__name__] += 1
            continue
        if codec.encode_game(game) != code:
            raise AssertionError(f"{code} loads but does not re-encode to itself")
        outcomes["loaded (unchanged)" if code == original else "loaded (a different legal game)"] += 1
    return {"codes": count, "seconds": round(time.perf_counter() - started, 1), "outcomes": dict(outcomes)}


def replay_sizes(people: int, games: int) -> dict[str, object]:
    """Replay-code length of whole classic games, and per action; the length of the link "Send this
    turn" makes at the end (present and history) and the time to open it."""
    rules = make_rules("classic")
    chars: list[int] = []
    per_action: list[float] = []
    actions: list[int] = []
    share_chars: list[int] = []
    share_open_ms: list[float] = []
    for seed in range(games):
        game = Game.start(rules, _seats(EVERYDAY_NAMES, people), seed)
        bots = [SimpleBot(seed * 7919 + s) for s in range(game.state.players)]
        while not game.state.over:
            game.play(bots[game.state.current].choose(game.state))
        code = codec.encode_replay(game)
        assert codec.decode_replay(code).state == game.state
        chars.append(len(code))
        actions.append(len(game.history))
        per_action.append(round(len(code) * 6 / 8 / len(game.history), 3))
        share = codec.encode_share(game)
        started = time.perf_counter()
        opened, problem = codec.decode_share(share)
        share_open_ms.append(round((time.perf_counter() - started) * 1000, 1))
        assert problem == "" and opened.history == game.history
        share_chars.append(len(share))
    return {"chars": _spread(chars), "actions": _spread(actions), "bytes_per_action": _spread(per_action),
            "share_link_chars": _spread(share_chars), "share_link_open_ms": _spread(share_open_ms)}


EDITION_OPTIONS = [
    ("classic", ()), ("classic", ("auto-setup",)), ("classic", ("headquarters",)),
    ("classic", ("headquarters-short", "auto-setup")),
    ("classic", ("expert-card-values", "expert-fortify", "army-cap", "card-reroll", "commanders")),
    ("classic", ("army-cap", "auto-setup")), ("classic-1963", ()),
    ("classic-1963", ("auto-setup", "commanders", "expert-fortify")),
    ("classic-1963", ("headquarters", "card-reroll", "army-cap", "expert-card-values")),
]


def every_state(seeds: int = 3) -> dict[str, object]:
    """Every state of ``seeds`` games per edition, option set and table size (2 to 6): decoded equal,
    re-encoded identical, always in the compact layout."""
    states = games = 0
    started = time.perf_counter()
    for edition, options in EDITION_OPTIONS:
        rules = make_rules(edition, list(options))
        for people in range(max(2, rules.min_players), rules.max_players + 1):
            seats = _seats(EVERYDAY_NAMES, people)
            for seed in range(seeds):
                def check(state: GameState, rules: Rules = rules, seats: tuple[Seat, ...] = seats,
                          seed: int = seed) -> None:
                    nonlocal states
                    code = codec.encode_game(Game(rules, seats, seed, state, state))
                    back = codec.decode_game(code)
                    assert back.state == state and codec.encode_game(back) == code
                    assert codec.code_layout(code) == "compact"
                    states += 1

                play_game(rules, people, seed, on_action=check)
                games += 1
    return {"games": games, "states": states, "seconds": round(time.perf_counter() - started, 1)}


def main(quick: bool = False, all_states: bool = False) -> dict[str, object]:
    """Print and return the codec figures (``quick``: fewer games and 10,000 fuzzed codes)."""
    games = 4 if quick else 20
    report: dict[str, object] = {
        "links_3p": link_lengths(3, games),
        "links_6p": link_lengths(6, games),
        "links_6p_shortest_names": link_lengths(6, max(2, games // 4), SHORTEST_NAMES),
        "links_revised_5p": link_lengths(5, games, rules=make_rules("revised")),
        "links_castle_6p": link_lengths(6, games, rules=make_rules("castle")),
        "links_6p_longest_names": link_lengths(6, max(2, games // 4), LONGEST_NAMES),
        "fuzz": fuzz(10_000 if quick else 100_000),
        "replay_3p": replay_sizes(3, games),
        "replay_6p": replay_sizes(6, games),
    }
    if all_states:
        report["every_state"] = every_state()
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    main(quick="--quick" in sys.argv, all_states="--every-state" in sys.argv)
