"""Share links and save codes: a whole game in a short URL-safe text, and back.

There is no server: a game lives in the page's address (``#<code>``, replaced after every action) and in
local storage, so these codes are the only copy of a game there is. Three kinds of code:

* a **game code** (:func:`encode_game`): rules, seats, the seed and a snapshot of the present; the decoded
  game starts from that snapshot with an empty history and goes on exactly as the original would
  (the generator state travels, so the future dice are the same);
* a **state code** (:func:`encode_state`): rules and the bare snapshot, for bots and tests;
* a **replay code** (:func:`encode_replay`): rules, seats, seed (or first state) and every action, for
  the log and save files; decoding replays the whole game through the checked engine;
* a **share code** (:func:`encode_share`), what "Send this turn" sends and the page's address holds
  after ``#``: the game code, then ``.`` and the replay code, so that whoever opens it can replay the
  game from its start (:class:`ReplayCoder` keeps the replay code up as a game grows). The game code
  comes first and stands alone: a share code cut short or damaged in its history still opens the game
  (:func:`decode_share` says why the history was left behind), and a game code is a share code.

Frame (the same for every kind and every future version): ``base64url(format byte + payload +
CRC-32)`` without padding. The format byte names kind and version (1 game, 2 state, 3 replay; a
larger one is a newer version). The CRC, salted so that other programs' data does not pass, catches
a mistyped or cut-off link.

Payload: one integer built by a range coder (rANS on Python's big integers; replays in blocks of
256 actions). Every field is a digit of a known radix or a symbol of a frequency table, so it costs
about the information it carries, a decoder can only read values inside each field's range, and
decoding is a bijection: a payload that passes the checks re-encodes to the very same code. A game
code holds, in order:

=================  ===============================================================================
rules              edition (index in EDITION_TABLE), options (bit mask over OPTION_TABLE), players
seats              per player: name (UTF-8, at most 24 bytes, length then bytes under a letter
                   model), colour (as a difference from the seat number), controller (table or text)
state              layout (compact or plain); phase, player to move, first player; turn; who is
                   still in; owners (mostly "same as an earlier neighbour", learnt per board);
                   last battle (source, which neighbour, dice) and dice waiting for a decision;
                   armies (learnt frequencies); reserves, setup quotas, sets traded, turn flags,
                   winner, headquarters, as far as the phase allows them; hand sizes, discard size;
                   every card as one permutation (Lehmer code; traded sets as combinations);
                   the 64-bit generator state
seed               draws since the seed (the generator only adds a constant, so seed = state - ...)
=================  ===============================================================================

The compact layout leaves out whatever the rules make certain (no armies while claiming, one reserve
while reinforcing...); the plain layout writes every field as it is, for any state the compact one
cannot hold, so that a game is never lost to an unexpected state. Tables and frequencies below are
part of format 1 and must never change; new editions, options and controllers are appended.

Every decoding problem raises a subclass of :class:`CodecError` (a ``ValueError``) whose message is
one sentence a player can read.

>>> from risk.game import Game, Seat
>>> from risk.rules import make_rules
>>> game = Game.start(make_rules("classic"), [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)], seed=7)
>>> code = encode_game(game)
>>> decode_game(code).state == game.state
True
>>> decode_game(code[:-3])
Traceback (most recent call last):
    ...
risk.codec.ChecksumMismatch: This game link is damaged: part of it is missing or mistyped.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from math import comb

from risk.actions import (
    AcceptRoll,
    Action,
    Attack,
    Blitz,
    ChooseHeadquarters,
    Claim,
    EndTurn,
    Fortify,
    IllegalAction,
    Occupy,
    Place,
    Reroll,
    Trade,
    UseCommander,
    format_action,
    parse_action,
)
from risk.board import Board, load_board
from risk.deck import deck_for
from risk.engine import apply, new_game, occupy_range
from risk.game import Game, Seat, Step
from risk.rng import GOLDEN_GAMMA, MASK64
from risk.rules import Rules, UnknownRules, make_rules
from risk.state import NO_DICE, GameState, Phase

__all__ = [
    "MAX_NAME_BYTES",
    "CannotEncode",
    "ChecksumMismatch",
    "CodecError",
    "CorruptCode",
    "ForeignCode",
    "ReplayCoder",
    "TruncatedCode",
    "UnknownVersion",
    "code_layout",
    "decode_game",
    "decode_replay",
    "decode_share",
    "decode_state",
    "encode_game",
    "encode_replay",
    "encode_share",
    "encode_state",
    "fit_name",
    "replay_length",
    "share_present",
]

# ---------------------------------------------------------------------------------------------
# Errors


class CodecError(ValueError):
    """A code that cannot be loaded; the message is one sentence for the player."""


class TruncatedCode(CodecError):
    """Too short to hold anything: the link was cut off."""


class ChecksumMismatch(CodecError):
    """The checksum does not match: characters are missing, extra or mistyped."""


class UnknownVersion(CodecError):
    """Made by a newer version of the game (a format, edition or option this version does not know)."""


class ForeignCode(CodecError):
    """Not a code of this game at all, or a code of another kind (a replay given as a game link)."""


class CorruptCode(CodecError):
    """The code is intact but describes something impossible (a bug in whatever made it)."""


class CannotEncode(ValueError):
    """A game this format cannot carry (unknown rules, a seat that does not fit); never raised for a
    game played by the engine from a registered edition."""


class _Unfit(Exception):
    """Internal: a value the layout being written cannot hold (the compact layout then gives way)."""


# ---------------------------------------------------------------------------------------------
# Fixed tables of format 1. Never reorder or remove an entry; append new ones.

FORMAT_GAME_V1 = 1
FORMAT_STATE_V1 = 2
FORMAT_REPLAY_V1 = 3
_KIND_NAMES = {FORMAT_GAME_V1: "a game link", FORMAT_STATE_V1: "a position code", FORMAT_REPLAY_V1: "a replay"}
NEWEST_FORMAT = FORMAT_REPLAY_V1

EDITION_TABLE = ("classic", "classic-1963")
OPTION_TABLE = (
    "auto-setup", "headquarters", "headquarters-short", "expert-card-values", "expert-fortify", "army-cap",
    "card-reroll", "commanders",
)
CONTROLLER_TABLE = ("human", "easy", "normal", "hard", "random")
# Phases by name, not by the engine's numbering.
PHASE_TABLE = ("claim", "setup", "headquarters", "reinforce", "attack", "battle", "occupy", "fortify", "over")
_PHASES = tuple(Phase.named(name) for name in PHASE_TABLE)
# Replay actions by kind; the generic form of an action names its kind by its place here.
ACTION_TABLE: tuple[type, ...] = (
    Claim, Place, ChooseHeadquarters, Trade, Attack, Blitz, UseCommander, Reroll, AcceptRoll, Occupy, Fortify,
    EndTurn,
)

MAX_NAME_BYTES = 24
MAX_LINK_CHARS = 4096  # a game or state code; real ones are a few hundred characters at most
MAX_REPLAY_CHARS = 2_000_000
MAX_REPLAY_ACTIONS = 200_000
SHARE_SEPARATOR = "."  # between the game code and the replay code of a share code (not in base64url)
MAX_SHARED_HISTORY_CHARS = 30_000  # a longer history stays out of links (a save file carries it)
_ACTIONS_PER_BLOCK = 256  # replay actions per separately coded block (keeps decoding linear in length)
_MAX_ACTION_TEXT = 200
_CRC_SALT = zlib.crc32(b"risk share link")
_SANE_COUNT = 100_000  # no territory, reserve or counter of a real game comes near this
_UNARY_CAP = 64  # longest prefix of a variable-length number: 2**64 and more are refused
_SETUP_PHASES = (Phase.CLAIM, Phase.SETUP, Phase.HEADQUARTERS)
_GAMMA_INVERSE = pow(GOLDEN_GAMMA, -1, 1 << 64)


class _Model:
    """A fixed table of symbol frequencies: a symbol of frequency f out of total T costs log2(T/f) bits."""

    __slots__ = ("freqs", "starts", "total")

    def __init__(self, weights: Sequence[int]) -> None:
        starts, total = [], 0
        for weight in weights:
            assert weight > 0
            starts.append(total)
            total += weight
        self.freqs = tuple(weights)
        self.starts = tuple(starts)
        self.total = total


class _Adaptive:
    """Frequencies that learn: each symbol coded gains ``step``, in the writer and the reader alike."""

    __slots__ = ("counts", "step", "total")

    def __init__(self, prior: Sequence[int], step: int) -> None:
        self.counts = list(prior)
        self.step = step
        self.total = sum(prior)


def _weights_of(pairs: dict[int, int], size: int, default: int) -> list[int]:
    return [pairs.get(i, default) for i in range(size)]


# Phases as links see them: mostly attacking or moving in after a capture.
_PHASE_MODEL = _Model([2, 2, 1, 8, 40, 2, 20, 2, 1])
# Territory owners (after the claims): another owner (0) or an earlier neighbour's (1); learnt per
# board, since owners are scattered just after setup and clustered later.
_OWNER_PRIOR, _OWNER_STEP = (2, 3), 1
# Armies minus one on a territory, learnt per board (small stacks after setup, single armies later);
# the last symbol means 16 or more (then a number follows).
_ARMIES_PRIOR, _ARMIES_STEP = (30, 10, 6, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3), 8
_ARMIES_ESCAPE = 16
# Cards in a hand; the last symbol means 7 or more.
_HAND_MODEL = _Model([4, 11, 14, 13, 8, 2, 1, 1])
_HAND_ESCAPE = 7
# Seat controllers: CONTROLLER_TABLE, then any other text.
_CONTROLLER_MODEL = _Model([16, 4, 6, 4, 2, 1])
# Name lengths in bytes, 0 to MAX_NAME_BYTES.
_NAME_LENGTH_MODEL = _Model([1, 2, 4, 8, 12, 12, 12, 12, 12, 8, 8, 8, 8, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2])


def _name_models() -> tuple[_Model, ...]:
    """Byte frequencies of names in four contexts: at a word start, after a letter or digit, inside a
    UTF-8 character, and after a non-ASCII character. Built from fixed constants (part of format 1)."""
    letters = "etaoinshrdlcumwfgypbvkjxqz"
    counts = (127, 91, 82, 75, 70, 67, 63, 61, 60, 43, 40, 28, 28, 24, 24, 22, 20, 20, 19, 15, 10, 8, 2, 2, 1, 1)
    start: dict[int, int] = {}
    inside: dict[int, int] = {}
    for letter, count in zip(letters, counts):
        start[ord(letter.upper())] = count
        start[ord(letter)] = count // 4 + 1
        inside[ord(letter)] = count
        inside[ord(letter.upper())] = count // 20 + 1
    for digit in range(ord("0"), ord("9") + 1):
        start[digit] = 15
        inside[digit] = 8
    for mark in b"-_.'":
        start[mark] = inside[mark] = 3
    start[ord(" ")], inside[ord(" ")] = 2, 40
    for lead in range(0xC2, 0xF5):
        start[lead] = inside[lead] = 2
    continuation = {byte: 64 for byte in range(0x80, 0xC0)}
    after_wide = {lead: 40 for lead in range(0xC2, 0xF5)}
    after_wide[ord(" ")] = 30
    return tuple(_Model(_weights_of(weights, 256, 1)) for weights in (start, inside, continuation, after_wide))


_NAME_MODELS = _name_models()

# Replay: the usual kinds of action in each phase, with weights; one more symbol for any other action.
_PHASE_KINDS: dict[Phase, tuple[tuple[type, ...], _Model]] = {
    Phase.CLAIM: ((Claim,), _Model([63, 1])),
    Phase.SETUP: ((Place,), _Model([63, 1])),
    Phase.HEADQUARTERS: ((ChooseHeadquarters,), _Model([63, 1])),
    Phase.REINFORCE: ((Place, Trade), _Model([48, 15, 1])),
    Phase.ATTACK: ((Attack, Blitz, Fortify, EndTurn), _Model([16, 24, 6, 16, 1])),
    Phase.BATTLE: ((AcceptRoll, UseCommander, Reroll), _Model([32, 16, 15, 1])),
    Phase.OCCUPY: ((Occupy,), _Model([63, 1])),
    Phase.FORTIFY: ((Fortify, EndTurn), _Model([16, 47, 1])),
    Phase.OVER: ((), _Model([1])),
}


# ---------------------------------------------------------------------------------------------
# The range coder: a list of digits and symbols in reading order, folded into one integer.


class _Writer:
    """Collects digits in the order the reader will read them; :meth:`value` folds them (rANS, last first)."""

    def __init__(self) -> None:
        self.ops: list[tuple[int, int, int]] = []  # (start, frequency, total)

    def digit(self, value: int, radix: int) -> None:
        """A whole number in ``range(radix)`` (free when ``radix`` is 1)."""
        if not 0 <= value < radix:
            raise _Unfit(f"{value} is not below {radix}")
        if radix > 1:
            self.ops.append((value, 1, radix))

    def bit(self, flag: bool) -> None:
        self.digit(1 if flag else 0, 2)

    def symbol(self, model: _Model, symbol: int) -> None:
        if not 0 <= symbol < len(model.freqs):
            raise _Unfit(f"symbol {symbol} is not in the table")
        self.ops.append((model.starts[symbol], model.freqs[symbol], model.total))

    def learn(self, model: _Adaptive, symbol: int) -> None:
        if not 0 <= symbol < len(model.counts):
            raise _Unfit(f"symbol {symbol} is not in the table")
        counts = model.counts
        self.ops.append((sum(counts[:symbol]), counts[symbol], model.total))
        counts[symbol] += model.step
        model.total += model.step

    def number(self, value: int, k: int) -> None:
        """A whole number of any size: Exp-Golomb with ``k`` low bits (small values cost k + 1 bits)."""
        if value < 0:
            raise _Unfit(f"{value} is negative")
        n = value + (1 << k)
        width = n.bit_length()
        if width - k - 1 > _UNARY_CAP:
            raise _Unfit(f"{value} is too large")
        for _ in range(width - k - 1):
            self.digit(1, 2)
        self.digit(0, 2)
        self.digit(n - (1 << (width - 1)), 1 << (width - 1))

    def signed(self, value: int, k: int) -> None:
        self.number(value * 2 if value >= 0 else -value * 2 - 1, k)

    def value(self) -> int:
        x = 0
        for start, freq, total in reversed(self.ops):
            if freq == 1:
                x = x * total + start
            else:
                q, r = divmod(x, freq)
                x = q * total + start + r
        return x


class _Reader:
    """Reads back what a :class:`_Writer` wrote, in the same order."""

    def __init__(self, value: int) -> None:
        self.x = value

    def digit(self, radix: int) -> int:
        if radix <= 1:
            if radix < 1:
                raise CorruptCode("This link is corrupt: it does not describe a game.")
            return 0
        self.x, value = divmod(self.x, radix)
        return value

    def bit(self) -> bool:
        return self.digit(2) == 1

    def symbol(self, model: _Model) -> int:
        q, slot = divmod(self.x, model.total)
        symbol = bisect_right(model.starts, slot) - 1
        self.x = model.freqs[symbol] * q + slot - model.starts[symbol]
        return symbol

    def learn(self, model: _Adaptive) -> int:
        counts = model.counts
        q, slot = divmod(self.x, model.total)
        symbol = start = 0
        while start + counts[symbol] <= slot:
            start += counts[symbol]
            symbol += 1
        self.x = counts[symbol] * q + slot - start
        counts[symbol] += model.step
        model.total += model.step
        return symbol

    def number(self, k: int) -> int:
        ones = 0
        while self.digit(2):
            ones += 1
            if ones > _UNARY_CAP:
                raise CorruptCode("This link is corrupt: it holds an impossibly large number.")
        width = ones + k + 1
        return (1 << (width - 1)) + self.digit(1 << (width - 1)) - (1 << k)

    def signed(self, k: int) -> int:
        n = self.number(k)
        return n // 2 if n % 2 == 0 else -(n + 1) // 2

    def finish(self) -> None:
        if self.x:
            raise CorruptCode("This link is corrupt: it carries more than a game.")


# ---------------------------------------------------------------------------------------------
# Framing: format byte, payload, checksum, base64url.


def _crc(data: bytes) -> bytes:
    return zlib.crc32(data, _CRC_SALT).to_bytes(4, "little")


def _seal(fmt: int, writer: _Writer) -> str:
    return _seal_bytes(fmt, _int_bytes(writer.value()))


def _seal_bytes(fmt: int, payload: bytes) -> str:
    data = bytes([fmt]) + payload
    return base64.urlsafe_b64encode(data + _crc(data)).rstrip(b"=").decode("ascii")


def _int_bytes(x: int) -> bytes:
    return x.to_bytes((x.bit_length() + 7) // 8, "little")


def _int_reader(payload: bytes, what: str) -> _Reader:
    """A reader on bytes written by :func:`_int_bytes` (which never end in a zero byte)."""
    if payload and payload[-1] == 0:
        raise CorruptCode(f"This {what} is corrupt: it has a needless trailing byte.")
    return _Reader(int.from_bytes(payload, "little"))


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _open(code: object, limit: int, wanted: int) -> _Reader:
    """Check the frame of ``code`` and return a reader on its payload (format ``wanted``)."""
    return _int_reader(_open_bytes(code, limit, wanted), _KIND_NAMES[wanted].split(" ", 1)[1])


def _open_bytes(code: object, limit: int, wanted: int) -> bytes:
    """Check the frame of ``code`` (text, checksum, format ``wanted``) and return its payload."""
    what = _KIND_NAMES[wanted]
    if not isinstance(code, str):
        raise ForeignCode(f"This is not {what}: it is not text.")
    if len(code) > limit:
        raise ForeignCode(f"This is not {what}: it is far too long.")
    if not set(code) <= _ALPHABET:
        raise ForeignCode(f"This is not {what}: it contains characters that {what} never has.")
    if len(code) < 7:  # 5 bytes: the format byte and the checksum
        raise TruncatedCode(f"This is too short to be {what}: it was probably cut off.")
    damaged = f"This {what.split(' ', 1)[1]} is damaged: part of it is missing or mistyped."
    if len(code) % 4 == 1:
        raise ChecksumMismatch(damaged)
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise ChecksumMismatch(damaged) from None
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != code or _crc(data[:-4]) != data[-4:]:
        raise ChecksumMismatch(damaged)
    fmt, payload = data[0], data[1:-4]
    if fmt == 0:
        raise ForeignCode(f"This is not {what}.")
    if fmt > NEWEST_FORMAT:
        raise UnknownVersion(f"This {what.split(' ', 1)[1]} was made by a newer version of the game: "
                             "reload the page to update it.")
    if fmt != wanted:
        raise ForeignCode(f"This is {_KIND_NAMES[fmt]}, not {what}.")
    return payload


@contextmanager
def _guard(what: str) -> Iterator[None]:
    """A last safety net: whatever slips through the checks becomes a :class:`CorruptCode`.

    The cause is kept (``__cause__``), and the tests fail if the net ever catches anything.
    """
    try:
        yield
    except CodecError:
        raise
    except (ArithmeticError, LookupError, ValueError, TypeError, AttributeError, MemoryError, RecursionError) as exc:
        raise CorruptCode(f"This {what} is corrupt: it does not describe a game.") from exc


# ---------------------------------------------------------------------------------------------
# Rules and seats


def _write_rules(w: _Writer, rules: Rules, people: int) -> None:
    if rules.edition not in EDITION_TABLE or any(o not in OPTION_TABLE for o in rules.options):
        raise CannotEncode(f"the {rules.edition} rules with options {rules.options} have no code yet")
    edition = EDITION_TABLE.index(rules.edition)
    mask = sum(1 << OPTION_TABLE.index(o) for o in set(rules.options))
    try:
        same = _rules_for(edition, mask) == rules
    except UnknownRules:
        same = False
    if not same:
        raise CannotEncode("only the rules of an edition with its options can travel in a code")
    w.number(edition, 1)
    w.number(mask, 8)
    w.digit(people - 1, 8)


def _read_rules(r: _Reader) -> tuple[Rules, int]:
    edition = r.number(1)
    mask = r.number(8)
    people = r.digit(8) + 1
    if edition >= len(EDITION_TABLE) or mask >> len(OPTION_TABLE):
        raise UnknownVersion("This link uses rules made by a newer version of the game: reload the page to update it.")
    try:
        rules = _rules_for(edition, mask)
    except UnknownRules:
        raise CorruptCode("This link is corrupt: its options do not go with its edition.") from None
    if not rules.min_players <= people <= rules.max_players:
        raise CorruptCode(f"This link is corrupt: the {rules.edition} rules are not for {people} players.")
    return rules, people


def _rules_for(edition: int, mask: int) -> Rules:
    """The rules of an edition and option set, made once (they are frozen values)."""
    key = (edition, mask)
    rules = _RULES.get(key)
    if rules is None:
        options = [name for i, name in enumerate(OPTION_TABLE) if mask >> i & 1]
        rules = _RULES[key] = make_rules(EDITION_TABLE[edition], options)
    return rules


_RULES: dict[tuple[int, int], Rules] = {}


def fit_name(name: str) -> str:
    """A seat name as it travels in a link: at most :data:`MAX_NAME_BYTES` bytes of UTF-8, cut at a
    character boundary (anything that is not text becomes ``?``). The page should apply it on entry.

    >>> fit_name("Bartholomew the Magnificent")
    'Bartholomew the Magnific'
    """
    data = name.encode("utf-8", "replace")[:MAX_NAME_BYTES]
    return data.decode("utf-8", "ignore")


def _name_context(previous: int, pending: int) -> int:
    if pending:
        return 2
    if previous < 0 or previous in b" -_.'":
        return 0
    return 3 if previous >= 0x80 else 1


def _write_text(w: _Writer, data: bytes) -> None:
    w.symbol(_NAME_LENGTH_MODEL, len(data))
    previous, pending = -1, 0
    for byte in data:
        w.symbol(_NAME_MODELS[_name_context(previous, pending)], byte)
        previous, pending = byte, _pending(byte, pending)


def _read_text(r: _Reader) -> str:
    length = r.symbol(_NAME_LENGTH_MODEL)
    out = bytearray()
    previous, pending = -1, 0
    for _ in range(length):
        byte = r.symbol(_NAME_MODELS[_name_context(previous, pending)])
        out.append(byte)
        previous, pending = byte, _pending(byte, pending)
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise CorruptCode("This link is corrupt: a player's name is not text.") from None


def _pending(byte: int, pending: int) -> int:
    """UTF-8 continuation bytes still expected after ``byte``."""
    if pending:
        return pending - 1 if 0x80 <= byte < 0xC0 else 0
    if 0xC0 <= byte < 0xE0:
        return 1
    if 0xE0 <= byte < 0xF0:
        return 2
    return 3 if 0xF0 <= byte < 0xF8 else 0


def _write_seats(w: _Writer, seats: Sequence[Seat]) -> None:
    for index, seat in enumerate(seats):
        _write_text(w, seat.name.encode("utf-8"))
        if not isinstance(seat.colour, int):
            raise CannotEncode(f"seat {index}'s colour is not a number")
        try:
            w.signed(seat.colour - index, 0)
        except _Unfit:
            raise CannotEncode(f"seat {index}'s colour number is too large") from None
        if seat.controller in CONTROLLER_TABLE:
            w.symbol(_CONTROLLER_MODEL, CONTROLLER_TABLE.index(seat.controller))
        else:
            data = seat.controller.encode("utf-8")
            if len(data) > MAX_NAME_BYTES:
                raise CannotEncode(f"seat {index}'s controller {seat.controller!r} is too long")
            w.symbol(_CONTROLLER_MODEL, len(CONTROLLER_TABLE))
            _write_text(w, data)


def _read_seats(r: _Reader, people: int) -> tuple[Seat, ...]:
    seats = []
    for index in range(people):
        name = _read_text(r)
        colour = index + r.signed(0)
        kind = r.symbol(_CONTROLLER_MODEL)
        if kind < len(CONTROLLER_TABLE):
            controller = CONTROLLER_TABLE[kind]
        else:
            controller = _read_text(r)
            if controller in CONTROLLER_TABLE:
                raise CorruptCode("This link is corrupt: a controller is spelt out needlessly.")
        seats.append(Seat(name, colour, controller))
    return tuple(seats)


# ---------------------------------------------------------------------------------------------
# Cards: every card exactly once, as one permutation of the segments hands, set-aside, discard, deck.


def _write_cards(w: _Writer, segments: Sequence[Sequence[int]], count: int, triples: int = -1) -> None:
    """Lehmer code of the concatenated segments; segment ``triples`` is written as ascending triples
    (a combination per triple, saving log2(6) bits each)."""
    remaining = list(range(count))
    for number, segment in enumerate(segments):
        if number == triples:
            for i in range(0, len(segment), 3):
                a, b, c = (_index(remaining, card) for card in segment[i:i + 3])
                w.digit(comb(c, 3) + comb(b, 2) + a, comb(len(remaining), 3))
                del remaining[c], remaining[b], remaining[a]
            continue
        for card in segment:
            i = _index(remaining, card)
            w.digit(i, len(remaining))
            del remaining[i]
    if remaining:
        raise _Unfit("cards are missing")


def _index(remaining: list[int], card: int) -> int:
    try:
        return remaining.index(card)
    except ValueError:
        raise _Unfit(f"card {card} is doubled or unknown") from None


def _read_cards(r: _Reader, lengths: Sequence[int], count: int, triples: int = -1) -> list[list[int]]:
    remaining = list(range(count))
    segments: list[list[int]] = []
    for number, length in enumerate(lengths):
        segment: list[int] = []
        if number == triples:
            for _ in range(length // 3):
                rank = r.digit(comb(len(remaining), 3))
                c = _largest(rank, 3)
                rank -= comb(c, 3)
                b = _largest(rank, 2)
                a = rank - comb(b, 2)
                segment += [remaining[a], remaining[b], remaining[c]]
                del remaining[c], remaining[b], remaining[a]
        else:
            for _ in range(length):
                segment.append(remaining.pop(r.digit(len(remaining))))
        segments.append(segment)
    return segments


def _largest(rank: int, k: int) -> int:
    """The largest n with comb(n, k) <= rank (the combinatorial number system)."""
    n = k - 1
    while comb(n + 1, k) <= rank:
        n += 1
    return n


# ---------------------------------------------------------------------------------------------
# The snapshot. Two layouts: compact (format 1's normal form, which leaves out whatever the rules
# make certain) and plain (every field as it is: the fallback for a state the compact one cannot hold).

_COMPACT, _PLAIN = 0, 1


def _write_state(w: _Writer, s: GameState, layout: int) -> None:
    w.digit(layout, 2)
    if layout == _COMPACT:
        _write_compact(w, s)
    else:
        _write_plain(w, s)
    w.digit(s.rng, 1 << 64)


def _read_state(r: _Reader, rules: Rules, people: int) -> GameState:
    layout = r.digit(2)
    s = _blank_state(rules, people)
    if layout == _COMPACT:
        _read_compact(r, s)
    else:
        _read_plain(r, s)
    s.rng = r.digit(1 << 64)
    _check_state(s)
    if layout == _PLAIN and _compact_holds(s):
        raise _corrupt("it is not written in its usual form")
    return s


def _blank_state(rules: Rules, people: int) -> GameState:
    board = load_board(rules.map)
    neutral = people if people == 2 and rules.neutral_with_two_players else -1
    players = people + (neutral >= 0)
    return GameState(
        rules=rules, board=board, players=players, people=people, neutral=neutral,
        owner=[-1] * board.size, armies=[0] * board.size, hands=[[] for _ in range(players)],
        deck=[], discard=[], set_aside=[], reserve=[0] * players, alive=[True] * players,
        headquarters=[-1] * players,
    )


def _compact_holds(s: GameState) -> bool:
    """Whether the compact layout carries ``s`` exactly (then a plain code of it is not canonical)."""
    w = _Writer()
    try:
        _write_compact(w, s)
        r = _Reader(w.value())
        back = _blank_state(s.rules, s.people)
        _read_compact(r, back)
    except (_Unfit, CodecError, LookupError, ValueError, TypeError, ArithmeticError):
        return False
    back.rng = s.rng
    return back == s and r.x == 0


def _need(condition: bool) -> None:
    if not condition:
        raise _Unfit("outside the compact layout")


def _write_compact(w: _Writer, s: GameState) -> None:
    board, rules = s.board, s.rules
    n, size = s.players, board.size
    phase = s.phase
    setup = phase in _SETUP_PHASES
    w.symbol(_PHASE_MODEL, _PHASES.index(phase))
    w.digit(s.current, n)
    w.digit(s.first_player, s.people)
    if setup:
        _need(s.turn == 0 and all(s.alive))
    else:
        w.number(s.turn - 1, 6)
        for p in range(n):
            w.bit(s.alive[p])
    # Owners: unclaimed is possible only while claiming; afterwards a territory's owner is usually
    # an earlier neighbour's.
    if phase is Phase.CLAIM:
        for t in range(size):
            w.digit(s.owner[t] + 1, n + 1)
            _need(s.armies[t] == (1 if s.owner[t] >= 0 else 0))
    else:
        living = [p for p in range(n) if s.alive[p]]
        owner = s.owner
        same = _Adaptive(_OWNER_PRIOR, _OWNER_STEP)
        for t, before in enumerate(_earlier_neighbours(board)):
            near = sorted({owner[m] for m in before})
            here = owner[t]
            if here in near:
                if len(near) < len(living):
                    w.learn(same, 1)
                w.digit(near.index(here), len(near))
            else:
                others = [p for p in living if p not in near]
                _need(here in others)
                if near:
                    w.learn(same, 0)
                w.digit(others.index(here), len(others))
    # Battle: the last battle's territories and dice stay in the state until the next one.
    battle = s.battle_source >= 0
    if not setup:
        w.bit(battle)
    else:
        _need(not battle)
    if battle:
        w.digit(s.battle_source, size)
        targets = board.neighbours[s.battle_source]
        _need(s.battle_target in targets)
        w.digit(targets.index(s.battle_target), len(targets))
        w.digit(s.battle_dice - 1, 3)
    else:
        _need(s.battle_target == -1 and s.battle_dice == 0)
    if phase is Phase.BATTLE:
        _need(battle and len(s.attacker_faces) == s.battle_dice and 1 <= len(s.defender_faces) <= 2)
        for face in s.attacker_faces:
            w.digit(face - 1, 6)
        w.digit(len(s.defender_faces) - 1, 2)
        for face in s.defender_faces:
            w.digit(face - 1, 6)
    else:
        _need(s.attacker_faces == NO_DICE and s.defender_faces == NO_DICE)
    # Armies: at least one everywhere, but none yet on a territory just captured.
    if phase is not Phase.CLAIM:
        moving_in = s.battle_target if phase is Phase.OCCUPY else -1
        stacks = _Adaptive(_ARMIES_PRIOR, _ARMIES_STEP)
        for t, armies in enumerate(s.armies):
            if t == moving_in:
                _need(armies == 0)
                continue
            _need(armies >= 1)
            if armies <= _ARMIES_ESCAPE:
                w.learn(stacks, armies - 1)
            else:
                w.learn(stacks, _ARMIES_ESCAPE)
                w.number(armies - 1 - _ARMIES_ESCAPE, 4)
    # Armies to place: everybody's during setup, only the player's own while reinforcing.
    for p in range(n):
        if setup:
            w.number(s.reserve[p], 4)
        elif phase is Phase.REINFORCE and p == s.current:
            w.number(s.reserve[p], 3)
        else:
            _need(s.reserve[p] == 0)
    if phase is Phase.SETUP:
        w.digit(s.quota_own, 3)
        w.digit(s.quota_neutral, 2)
    else:
        _need(s.quota_own == 0 and s.quota_neutral == 0)
    if setup:
        _need(s.sets_traded == 0 and not s.captured and s.card_bonus_taken == 0 and not s.commander_used)
    else:
        w.number(s.sets_traded, 2)
        w.bit(s.captured)
        w.number(s.card_bonus_taken, 0)
        if rules.commanders:
            w.bit(s.commander_used)
        else:
            _need(not s.commander_used)
    if rules.card_reroll and battle:
        w.bit(s.rerolled)
    else:
        _need(not s.rerolled)
    if phase is Phase.FORTIFY:
        w.number(s.moves_made - 1, 0)
    else:
        _need(s.moves_made == 0)
    if phase is Phase.OCCUPY:
        w.bit(s.just_eliminated)
    else:
        _need(not s.just_eliminated)
    if phase is Phase.OVER:
        w.digit(s.winner, n)
    else:
        _need(s.winner == -1)
    # Headquarters: chosen one by one in setup; afterwards their cards are set aside in seat order.
    people = [p for p in range(n) if p != s.neutral]
    if s.neutral >= 0:
        _need(s.headquarters[s.neutral] == -1)
    if rules.headquarters and setup:
        for p in people:
            w.digit(s.headquarters[p] + 1, size + 1)
    elif rules.headquarters:
        _need(s.set_aside == [s.headquarters[p] for p in people])
    else:
        _need(all(h == -1 for h in s.headquarters))
    # Cards: the deck is in order until setup ends, then shuffled; hands, set-aside and discard after.
    count = len(deck_for(rules))
    if phase is Phase.HEADQUARTERS:
        _need(not any(s.hands) and not s.discard and not s.set_aside)
        _write_cards(w, [s.deck], count)
    elif setup:
        _need(s.deck == list(range(count)) and not any(s.hands) and not s.discard and not s.set_aside)
    else:
        holders = [p for p in people if s.alive[p]]
        _need(all(not s.hands[p] for p in range(n) if p not in holders))
        _need(len(s.set_aside) == (len(people) if rules.headquarters else 0))
        for p in holders:
            w.symbol(_HAND_MODEL, min(len(s.hands[p]), _HAND_ESCAPE))
            if len(s.hands[p]) >= _HAND_ESCAPE:
                w.number(len(s.hands[p]) - _HAND_ESCAPE, 2)
        w.number(len(s.discard), 4)
        segments = [s.hands[p] for p in holders] + [s.set_aside, s.discard, s.deck]
        triples = -1
        if s.discard and len(s.discard) % 3 == 0:
            ascending = _ascending_triples(s.discard)
            w.bit(ascending)
            triples = len(holders) + 1 if ascending else -1
        _write_cards(w, segments, count, triples)


def _ascending_triples(cards: list[int]) -> bool:
    """Whether a discard pile is whole sets each traded in ascending order (as the engine lists them)."""
    return all(cards[i] < cards[i + 1] < cards[i + 2] for i in range(0, len(cards), 3))


def _earlier_neighbours(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per territory, its neighbours that come before it in board order (their owners are known first)."""
    found = _EARLIER.get(board.id)
    if found is None:
        found = _EARLIER[board.id] = tuple(tuple(m for m in ns if m < t) for t, ns in enumerate(board.neighbours))
    return found


_EARLIER: dict[str, tuple[tuple[int, ...], ...]] = {}


def _corrupt(detail: str) -> CorruptCode:
    return CorruptCode(f"This link is corrupt: {detail}.")


def _read_compact(r: _Reader, s: GameState) -> None:
    board, rules = s.board, s.rules
    n, size = s.players, board.size
    phase = s.phase = _PHASES[r.symbol(_PHASE_MODEL)]
    setup = phase in _SETUP_PHASES
    s.current = r.digit(n)
    s.first_player = r.digit(s.people)
    if not setup:
        s.turn = r.number(6) + 1
        s.alive = [r.bit() for _ in range(n)]
    if phase is Phase.CLAIM:
        for t in range(size):
            s.owner[t] = r.digit(n + 1) - 1
            s.armies[t] = 1 if s.owner[t] >= 0 else 0
    else:
        living = [p for p in range(n) if s.alive[p]]
        owner = s.owner
        same = _Adaptive(_OWNER_PRIOR, _OWNER_STEP)
        for t, before in enumerate(_earlier_neighbours(board)):
            near = sorted({owner[m] for m in before})
            if near and (len(near) >= len(living) or r.learn(same) == 1):
                owner[t] = near[r.digit(len(near))]
            else:
                others = [p for p in living if p not in near]
                owner[t] = others[r.digit(len(others))]
    battle = not setup and r.bit()
    if battle:
        s.battle_source = r.digit(size)
        targets = board.neighbours[s.battle_source]
        s.battle_target = targets[r.digit(len(targets))]
        s.battle_dice = r.digit(3) + 1
    if phase is Phase.BATTLE:
        if not battle:
            raise _corrupt("dice wait for a decision but no battle was fought")
        s.attacker_faces = tuple(r.digit(6) + 1 for _ in range(s.battle_dice))
        defend = r.digit(2) + 1
        s.defender_faces = tuple(r.digit(6) + 1 for _ in range(defend))
    if phase is not Phase.CLAIM:
        moving_in = s.battle_target if phase is Phase.OCCUPY else -1
        armies = s.armies
        stacks = _Adaptive(_ARMIES_PRIOR, _ARMIES_STEP)
        for t in range(size):
            if t != moving_in:
                count = r.learn(stacks)
                armies[t] = count + 1 if count < _ARMIES_ESCAPE else count + 1 + r.number(4)
    for p in range(n):
        if setup:
            s.reserve[p] = r.number(4)
        elif phase is Phase.REINFORCE and p == s.current:
            s.reserve[p] = r.number(3)
    if phase is Phase.SETUP:
        s.quota_own = r.digit(3)
        s.quota_neutral = r.digit(2)
    if not setup:
        s.sets_traded = r.number(2)
        s.captured = r.bit()
        s.card_bonus_taken = r.number(0)
        if rules.commanders:
            s.commander_used = r.bit()
    if rules.card_reroll and battle:
        s.rerolled = r.bit()
    if phase is Phase.FORTIFY:
        s.moves_made = r.number(0) + 1
    if phase is Phase.OCCUPY:
        s.just_eliminated = r.bit()
    if phase is Phase.OVER:
        s.winner = r.digit(n)
    people = [p for p in range(n) if p != s.neutral]
    if rules.headquarters and setup:
        for p in people:
            s.headquarters[p] = r.digit(size + 1) - 1
    count = len(deck_for(rules))
    if phase is Phase.HEADQUARTERS:
        s.deck = _read_cards(r, [count], count)[0]
    elif setup:
        s.deck = list(range(count))
    else:
        holders = [p for p in people if s.alive[p]]
        lengths = []
        for _ in holders:
            length = r.symbol(_HAND_MODEL)
            if length == _HAND_ESCAPE:
                length += r.number(2)
            lengths.append(length)
        aside = len(people) if rules.headquarters else 0
        discard = r.number(4)
        lengths += [aside, discard]
        if sum(lengths) > count:
            raise _corrupt(f"it holds more than the {count} cards")
        triples = -1
        spelt_out = bool(discard) and discard % 3 == 0 and not r.bit()
        if discard and discard % 3 == 0 and not spelt_out:
            triples = len(holders) + 1
        lengths.append(count - sum(lengths))
        segments = _read_cards(r, lengths, count, triples)
        if spelt_out and _ascending_triples(segments[-2]):
            raise _corrupt("its discard pile is not written in its usual form")
        for p, hand in zip(holders, segments):
            s.hands[p] = hand
        s.set_aside, s.discard, s.deck = segments[-3:]
        if rules.headquarters:
            for p, card in zip(people, s.set_aside):
                s.headquarters[p] = card
                if card >= size:
                    raise _corrupt("a headquarters is a wild card")


def _write_plain(w: _Writer, s: GameState) -> None:
    n, size, count = s.players, s.board.size, len(deck_for(s.rules))
    w.digit(_PHASES.index(s.phase), 16)
    w.digit(s.current, n)
    w.digit(s.first_player, n)
    w.number(s.turn, 6)
    for p in range(n):
        w.bit(s.alive[p])
        w.number(s.reserve[p], 4)
        w.digit(s.headquarters[p] + 1, size + 1)
    for t in range(size):
        w.digit(s.owner[t] + 1, n + 1)
        w.number(s.armies[t], 2)
    w.number(s.quota_own, 1)
    w.number(s.quota_neutral, 0)
    w.number(s.sets_traded, 2)
    w.bit(s.captured)
    w.number(s.card_bonus_taken, 0)
    w.digit(s.battle_source + 1, size + 1)
    w.digit(s.battle_target + 1, size + 1)
    w.digit(s.battle_dice, 4)
    for faces in (s.attacker_faces, s.defender_faces):
        w.digit(len(faces), 4)
        for face in faces:
            w.digit(face - 1, 6)
    w.bit(s.rerolled)
    w.bit(s.commander_used)
    w.number(s.moves_made, 0)
    w.bit(s.just_eliminated)
    w.digit(s.winner + 1, n + 1)
    lists = [*s.hands, s.set_aside, s.discard]
    for cards in lists:
        w.number(len(cards), 2)
    _write_cards(w, [*lists, s.deck], count)


def _read_plain(r: _Reader, s: GameState) -> None:
    n, size, count = s.players, s.board.size, len(deck_for(s.rules))
    phase = r.digit(16)
    if phase >= len(_PHASES):
        raise _corrupt("its phase of play does not exist")
    s.phase = _PHASES[phase]
    s.current = r.digit(n)
    s.first_player = r.digit(n)
    s.turn = r.number(6)
    for p in range(n):
        s.alive[p] = r.bit()
        s.reserve[p] = r.number(4)
        s.headquarters[p] = r.digit(size + 1) - 1
    for t in range(size):
        s.owner[t] = r.digit(n + 1) - 1
        s.armies[t] = r.number(2)
    s.quota_own = r.number(1)
    s.quota_neutral = r.number(0)
    s.sets_traded = r.number(2)
    s.captured = r.bit()
    s.card_bonus_taken = r.number(0)
    s.battle_source = r.digit(size + 1) - 1
    s.battle_target = r.digit(size + 1) - 1
    s.battle_dice = r.digit(4)
    s.attacker_faces = tuple(r.digit(6) + 1 for _ in range(r.digit(4)))
    s.defender_faces = tuple(r.digit(6) + 1 for _ in range(r.digit(4)))
    s.rerolled = r.bit()
    s.commander_used = r.bit()
    s.moves_made = r.number(0)
    s.just_eliminated = r.bit()
    s.winner = r.digit(n + 1) - 1
    lengths = [r.number(2) for _ in range(n + 2)]
    if sum(lengths) > count:
        raise _corrupt(f"it holds more than the {count} cards")
    segments = _read_cards(r, [*lengths, count - sum(lengths)], count)
    s.hands = segments[:n]
    s.set_aside, s.discard, s.deck = segments[n:]


def _check_state(s: GameState) -> None:
    """Refuse a state the engine could not have produced or could not go on from."""
    n, size, count = s.players, s.board.size, len(deck_for(s.rules))
    phase, rules = s.phase, s.rules
    setup = phase in _SETUP_PHASES
    if not 0 <= s.current < n or s.current == s.neutral or not s.alive[s.current]:
        raise _corrupt("the player to move is not in the game")
    if not 0 <= s.first_player < s.people:
        raise _corrupt("the first player is not at the table")
    if setup != (s.turn == 0):
        raise _corrupt("the turn number does not fit the phase of play")
    if setup and not all(s.alive):
        raise _corrupt("a player was eliminated before the game began")
    if sorted(s.deck + s.discard + s.set_aside + [c for h in s.hands for c in h]) != list(range(count)):
        raise _corrupt(f"the {count} cards are not all there exactly once")
    if any(s.hands[p] for p in range(n) if not s.alive[p] or p == s.neutral):
        raise _corrupt("a player out of the game holds cards")
    moving_in = s.battle_target if phase is Phase.OCCUPY else -1
    for t in range(size):
        owner, armies = s.owner[t], s.armies[t]
        if owner < 0:
            if phase is not Phase.CLAIM or armies:
                raise _corrupt("a territory has no owner")
            continue
        if phase is Phase.CLAIM and armies != 1:
            raise _corrupt("a claimed territory does not have exactly one army")
        if armies < 1 and t != moving_in:
            raise _corrupt("a territory has no armies")
        if rules.army_cap and armies > rules.army_cap:
            raise _corrupt(f"a territory holds more than {rules.army_cap} armies")
        if not s.alive[owner]:
            raise _corrupt("an eliminated player still holds a territory")
    if not setup and any(s.alive[p] and p not in s.owner for p in range(n)):
        raise _corrupt("a player with no territory is still in the game")
    if phase in (Phase.BATTLE, Phase.OCCUPY):
        source, target = s.battle_source, s.battle_target
        if not (0 <= source < size and 0 <= target < size and 1 <= s.battle_dice <= 3):
            raise _corrupt("the battle being fought is not on the board")
        if s.owner[source] != s.current or (s.owner[target] == s.current) != (phase is Phase.OCCUPY):
            raise _corrupt("the battle being fought does not fit who owns what")
    if phase is Phase.BATTLE and not (1 <= len(s.attacker_faces) <= 3 and 1 <= len(s.defender_faces) <= 2):
        raise _corrupt("the dice on the table are not a roll")
    if any(list(f) != sorted(f, reverse=True) for f in (s.attacker_faces, s.defender_faces)):
        raise _corrupt("the dice on the table are out of order")
    if (phase is Phase.OVER) != (s.winner >= 0) or (s.winner >= 0 and (s.winner == s.neutral or not s.alive[s.winner])):
        raise _corrupt("the winner does not fit the phase of play")
    if any(h >= size for h in s.headquarters) or (s.neutral >= 0 and s.headquarters[s.neutral] >= 0):
        raise _corrupt("a headquarters is not a territory")
    counts = (*s.armies, *s.reserve, s.turn, s.sets_traded, s.quota_own, s.quota_neutral, s.card_bonus_taken,
              s.moves_made)
    if max(counts) > _SANE_COUNT:
        raise _corrupt("it holds an impossibly large number")


# ---------------------------------------------------------------------------------------------
# Public API: game codes and state codes


def encode_game(game: Game) -> str:
    """The share-link code of ``game``'s present moment (the part of the address after ``#``).

    The code carries the rules, the seats (names cut by :func:`fit_name`), the seed and a snapshot of
    ``game.state``; it is checked by decoding it before it is returned, so a code this function
    returns always loads. Raises :class:`CannotEncode` for rules that are not an edition with options.
    """
    state = game.state
    if state.rules != game.rules or len(game.seats) != state.people:
        raise CannotEncode("the seats or rules of this game do not fit its state")
    seats = tuple(Seat(fit_name(s.name), s.colour, s.controller) for s in game.seats)

    def same(code: str) -> bool:
        back = decode_game(code)
        return back.state == state and back.seats == seats and back.seed == game.seed & MASK64

    return _encode_checked(FORMAT_GAME_V1, lambda w, layout: _write_game(w, game, seats, layout), same)


def _write_game(w: _Writer, game: Game, seats: Sequence[Seat], layout: int) -> None:
    state = game.state
    _write_rules(w, game.rules, state.people)
    _write_seats(w, seats)
    _write_state(w, state, layout)
    # The seed, as the number of draws since it: the generator only ever adds GOLDEN_GAMMA.
    w.number(((state.rng - game.seed - GOLDEN_GAMMA) * _GAMMA_INVERSE) & MASK64, 10)


def decode_game(code: str) -> Game:
    """The game a code made by :func:`encode_game` describes: its ``initial`` state is the snapshot and
    its history is empty. Raises a :class:`CodecError` subclass, with a message for the player."""
    r = _open(code, MAX_LINK_CHARS, FORMAT_GAME_V1)
    with _guard("game link"):
        rules, people = _read_rules(r)
        seats = _read_seats(r, people)
        state = _read_state(r, rules, people)
        draws = r.number(10)
        if draws > MASK64:
            raise CorruptCode("This link is corrupt: its seed is out of range.")
        r.finish()
    seed = (state.rng - (draws + 1) * GOLDEN_GAMMA) & MASK64
    return Game(rules, seats, seed, state, state.copy())


def encode_state(state: GameState) -> str:
    """A code for a bare game state (rules and snapshot, no seats or seed), for bots and tests."""

    def write(w: _Writer, layout: int) -> None:
        _write_rules(w, state.rules, state.people)
        _write_state(w, state, layout)

    return _encode_checked(FORMAT_STATE_V1, write, lambda code: decode_state(code) == state)


def decode_state(code: str) -> GameState:
    """The state a code made by :func:`encode_state` describes."""
    r = _open(code, MAX_LINK_CHARS, FORMAT_STATE_V1)
    with _guard("position code"):
        rules, people = _read_rules(r)
        state = _read_state(r, rules, people)
        r.finish()
    return state


def _encode_checked(fmt: int, write: Callable[[_Writer, int], None], same: Callable[[str], bool]) -> str:
    """Write the compact layout, or the plain one if the compact one cannot hold the state; return the
    first code that decodes back to the same thing."""
    problem = "the state breaks the rules"
    for layout in (_COMPACT, _PLAIN):
        w = _Writer()
        try:
            write(w, layout)
        except CannotEncode:
            raise
        except (_Unfit, LookupError, ValueError, TypeError, ArithmeticError) as exc:
            problem = str(exc) or type(exc).__name__
            continue
        code = _seal(fmt, w)
        try:
            if same(code):
                return code
            problem = "it does not decode to the same game"
        except CodecError as exc:
            problem = str(exc)
    raise CannotEncode(f"this game cannot be put in a code: {problem}")


def code_layout(code: str) -> str:
    """``"compact"`` or ``"plain"``: which snapshot layout a game link uses (for tests and benchmarks)."""
    r = _open(code, MAX_LINK_CHARS, FORMAT_GAME_V1)
    with _guard("game link"):
        _, people = _read_rules(r)
        _read_seats(r, people)
        return "plain" if r.digit(2) == _PLAIN else "compact"


# ---------------------------------------------------------------------------------------------
# Replay codes: the seed and every action.


def encode_replay(game: Game, *, check: bool = True) -> str:
    """A code for the whole game: rules, seats, seed, the first state if it is not the seed's (a game
    resumed from a link), and every action, each written against the state it was played in (a few
    bits: which of your territories, which neighbour, how many dice). Decoding replays it through the
    checked engine, so the result is the game itself, history and all. With ``check`` (the default) the
    code is decoded and compared before it is returned (a few tenths of a second for a long game)."""
    code = ReplayCoder(game).code()
    if check:
        try:
            back = decode_replay(code)
        except CodecError as exc:
            raise CannotEncode(f"this game cannot be put in a replay code: {exc}") from None
        if back.history != game.history or back.state != game.state or back.initial != game.initial:
            raise CannotEncode("this game cannot be put in a replay code: it does not replay the same")
    return code


class ReplayCoder:
    """The replay code of one game as its record grows (the same text as :func:`encode_replay`'s,
    unchecked). Actions are coded in blocks of 256, each on its own: the coder keeps the blocks that are
    full and writes again only the header (which counts the actions) and the last block, so a page can
    put the whole game in its address after every action. A record changed before the kept blocks end
    (an undo across a block) starts it over."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._from_seed = game.starts_at_seed()  # the first state never changes: ask once, not per action
        self._start()

    def _start(self) -> None:
        self._blocks: list[bytes] = []  # full blocks of actions, each as its length and bytes
        self._state = self.game.initial.copy()  # the state after them
        self._last_step: object = None  # the last step they cover, to notice a changed record

    def code(self) -> str:
        """The replay code of the game's record now; :class:`CannotEncode` if the format cannot hold it."""
        game = self.game
        history = game.history
        seats = tuple(Seat(fit_name(s.name), s.colour, s.controller) for s in game.seats)
        initial = game.initial
        if initial.rules != game.rules or len(seats) != initial.people:
            raise CannotEncode("the seats or rules of this game do not fit its state")
        done = len(self._blocks) * _ACTIONS_PER_BLOCK
        if done > len(history) or (done and history[done - 1] is not self._last_step):
            self._start()
            done = 0
        try:
            header = _Writer()
            _write_rules(header, game.rules, len(seats))
            _write_seats(header, seats)
            header.signed(game.seed, 16)
            header.bit(not self._from_seed)
            if not self._from_seed:
                _write_state(header, initial, _COMPACT if _compact_holds(initial) else _PLAIN)
            header.number(len(history), 12)
            while len(history) - done >= _ACTIONS_PER_BLOCK:  # blocks filled since: write and keep them
                self._blocks.append(self._block(history[done:done + _ACTIONS_PER_BLOCK], self._state))
                done += _ACTIONS_PER_BLOCK
                self._last_step = history[done - 1]
            tail = [self._block(history[done:], self._state.copy())] if len(history) > done else []
        except (_Unfit, LookupError, ValueError, TypeError, ArithmeticError) as exc:
            self._start()  # a block may have been half written: nothing kept is to be trusted
            raise CannotEncode(f"this game cannot be put in a replay code: {exc}") from None
        data = _int_bytes(header.value())
        return _seal_bytes(FORMAT_REPLAY_V1, b"".join([_varint(len(data)) + data, *self._blocks, *tail]))

    @staticmethod
    def _block(steps: Sequence[Step], state: GameState) -> bytes:
        """The actions of ``steps`` coded from ``state``, which they move on (a length, then the bytes)."""
        w = _Writer()
        for step in steps:
            _write_action(w, state, step.action)
            apply(state, step.action)
        data = _int_bytes(w.value())
        return _varint(len(data)) + data


def decode_replay(code: str, limit: int = MAX_REPLAY_CHARS) -> Game:
    """The game a code made by :func:`encode_replay` describes, replayed action by action."""
    blocks = _split_blocks(_open_bytes(code, limit, FORMAT_REPLAY_V1))
    with _guard("replay"):
        r = _int_reader(blocks[0], "replay")
        rules, people = _read_rules(r)
        seats = _read_seats(r, people)
        seed = r.signed(16)
        if r.bit():
            initial = _read_state(r, rules, people)
            if initial == new_game(rules, people, seed):
                raise CorruptCode("This replay is corrupt: it is not written in its usual form.")
            game = Game(rules, seats, seed, initial, initial.copy())
        else:
            game = Game.start(rules, seats, seed)
        actions = r.number(12)
        if actions > MAX_REPLAY_ACTIONS:
            raise CorruptCode("This replay is corrupt: it is longer than any game.")
        if len(blocks) != 1 + -(-actions // _ACTIONS_PER_BLOCK):
            raise CorruptCode("This replay is corrupt: its moves are cut short or padded.")
        for number in range(actions):
            if number % _ACTIONS_PER_BLOCK == 0:
                r.finish()
                r = _int_reader(blocks[1 + number // _ACTIONS_PER_BLOCK], "replay")
            if game.state.over:
                raise CorruptCode("This replay is corrupt: it goes on after the game was won.")
            action = _read_action(r, game.state)
            try:
                game.play(action)
            except IllegalAction:
                raise CorruptCode(f"This replay is corrupt: its move {number + 1} breaks the rules.") from None
        r.finish()
    return game


# ---------------------------------------------------------------------------------------------
# Share codes: the present, then the whole game.


def encode_share(game: Game, *, history_limit: int | None = None) -> str:
    """The code "Send this turn" puts in a link: :func:`encode_game`'s code, then, if its replay code is
    at most ``history_limit`` characters (default :data:`MAX_SHARED_HISTORY_CHARS`),
    :data:`SHARE_SEPARATOR` and that replay code (checked). Use ``SHARE_SEPARATOR in code`` to know
    whether the history went in."""
    present = encode_game(game)
    if history_limit is None:
        history_limit = MAX_SHARED_HISTORY_CHARS
    if history_limit <= 0 or not game.history:
        return present
    past = encode_replay(game)
    return present if len(past) > history_limit else present + SHARE_SEPARATOR + past


def share_present(code: str) -> str:
    """The game-code part of a share code (the whole code if it carries no history)."""
    return code.partition(SHARE_SEPARATOR)[0]


def decode_share(code: str) -> tuple[Game, str]:
    """The game of a share code, with its history when the code carries a good one, and ``""`` or one
    sentence for the player saying why the history was left behind (the game itself still loads).

    The game code decides the present; the history must replay to exactly that moment, same seats and
    seed, or it is dropped. If only the game code is damaged, a whole history still gives the game.
    Raises a :class:`CodecError` subclass when neither part gives a game.
    """
    present, separator, past = code.partition(SHARE_SEPARATOR)
    if not separator:
        return decode_game(present), ""
    try:
        game: Game | None = decode_game(present)
        problem: CodecError | None = None
    except CodecError as error:
        game, problem = None, error
    try:
        whole = decode_replay(past)
    except CodecError as error:
        if problem is not None:
            raise problem from None
        assert game is not None
        return game, ("This link's history is damaged, so the game goes on from here without it "
                      f"(the replay starts now). {error}")
    if game is None:
        return whole, ""
    if whole.state != game.state or whole.seats != game.seats or whole.seed & MASK64 != game.seed:
        return game, ("This link's history does not lead to its game, so the game goes on from here "
                      "without it (the replay starts now).")
    return whole, ""


def replay_length(code: str) -> int:
    """How many actions a replay code holds, read from its header alone (no replaying); a
    :class:`CodecError` subclass if it is not a replay code."""
    blocks = _split_blocks(_open_bytes(code, MAX_REPLAY_CHARS, FORMAT_REPLAY_V1))
    with _guard("replay"):
        r = _int_reader(blocks[0], "replay")
        rules, people = _read_rules(r)
        _read_seats(r, people)
        r.signed(16)
        if r.bit():
            _read_state(r, rules, people)
        return r.number(12)


def _varint(n: int) -> bytes:
    """LEB128: seven bits a byte, low first, the high bit set on all but the last."""
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _split_blocks(payload: bytes) -> list[bytes]:
    """The length-prefixed blocks of a replay payload (canonical lengths, nothing left over)."""
    blocks, i = [], 0
    while i < len(payload):
        length = shift = 0
        start = i
        while True:
            if i >= len(payload) or shift > 28:
                raise CorruptCode("This replay is corrupt: a block length is broken.")
            byte = payload[i]
            i += 1
            length |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                break
        if payload[start:i] != _varint(length) or i + length > len(payload):
            raise CorruptCode("This replay is corrupt: a block length is broken.")
        blocks.append(payload[i:i + length])
        i += length
    if not blocks:
        raise CorruptCode("This replay is corrupt: it is empty.")
    return blocks


def _own(s: GameState) -> list[int]:
    return [t for t, o in enumerate(s.owner) if o == s.current]


def _write_action(w: _Writer, s: GameState, action: Action) -> None:
    kinds, model = _PHASE_KINDS[s.phase]
    if type(action) in kinds:
        probe = _Writer()
        if _write_usual(probe, s, action):
            w.symbol(model, kinds.index(type(action)))
            w.ops += probe.ops
            return
    w.symbol(model, len(kinds))
    _write_generic(w, s, action)


def _read_action(r: _Reader, s: GameState) -> Action:
    kinds, model = _PHASE_KINDS[s.phase]
    kind = r.symbol(model)
    if kind < len(kinds):
        return _read_usual(r, s, kinds[kind])
    action = _read_generic(r, s)
    if type(action) in kinds and _write_usual(_Writer(), s, action):
        raise CorruptCode("This replay is corrupt: an action is spelt out needlessly.")
    return action


def _choose(w: _Writer, value: int, choices: Sequence[int]) -> bool:
    if value not in choices:
        return False
    w.digit(choices.index(value), len(choices))
    return True


def _write_usual(w: _Writer, s: GameState, action: Action) -> bool:
    """Write ``action`` as one of the usual moves of its phase; False if it is not one of them."""
    own = _own(s)
    neighbours = s.board.neighbours
    match action:
        case Claim(t):
            return _choose(w, t, [u for u, o in enumerate(s.owner) if o < 0])
        case Place(t, count) if s.phase is Phase.SETUP:
            if not _choose(w, t, [u for u, o in enumerate(s.owner) if o == s.current or (o >= 0 and o == s.neutral)]):
                return False
            if s.owner[t] == s.current:
                return 1 <= count <= s.quota_own and _choose(w, count - 1, range(s.quota_own))
            return count == 1
        case Place(t, count):
            reserve = s.reserve[s.current]
            return 1 <= count <= reserve and _choose(w, t, own) and _choose(w, count - 1, range(reserve))
        case ChooseHeadquarters(t):
            return _choose(w, t, own)
        case Trade(cards):
            hand = sorted(s.hands[s.current])
            if list(cards) != sorted(set(cards)) or len(cards) != 3 or any(c not in hand for c in cards):
                return False
            a, b, c = (hand.index(card) for card in cards)
            w.digit(comb(c, 3) + comb(b, 2) + a, comb(len(hand), 3))
            return True
        case Attack(source, target, dice):
            return _choose(w, source, own) and _choose(w, target, neighbours[source]) and _choose(w, dice - 1, range(3))
        case Blitz(source, target, stop_at):
            if stop_at < 0 or not (_choose(w, source, own) and _choose(w, target, neighbours[source])):
                return False
            w.number(stop_at, 0)
            return True
        case Fortify(source, target, count):
            targets = own if s.rules.fortify_connected else neighbours[source]
            return (_choose(w, source, own) and _choose(w, target, targets)
                    and _choose(w, count - 1, range(s.armies[source] - 1)))
        case UseCommander(die) | Reroll(die):
            return _choose(w, die, range(len(s.attacker_faces)))
        case Occupy(count):
            low, high = occupy_range(s)
            return _choose(w, count - low, range(high - low + 1))
        case AcceptRoll() | EndTurn():
            return True
    return False


def _read_usual(r: _Reader, s: GameState, kind: type) -> Action:
    own = _own(s)
    neighbours = s.board.neighbours
    if kind is Claim:
        return Claim([u for u, o in enumerate(s.owner) if o < 0][r.digit(sum(o < 0 for o in s.owner))])
    if kind is Place and s.phase is Phase.SETUP:
        places = [u for u, o in enumerate(s.owner) if o == s.current or (o >= 0 and o == s.neutral)]
        t = places[r.digit(len(places))]
        return Place(t, r.digit(s.quota_own) + 1 if s.owner[t] == s.current else 1)
    if kind is Place:
        t = own[r.digit(len(own))]
        return Place(t, r.digit(s.reserve[s.current]) + 1)
    if kind is ChooseHeadquarters:
        return ChooseHeadquarters(own[r.digit(len(own))])
    if kind is Trade:
        hand = sorted(s.hands[s.current])
        rank = r.digit(comb(len(hand), 3))
        c = _largest(rank, 3)
        rank -= comb(c, 3)
        b = _largest(rank, 2)
        return Trade((hand[rank - comb(b, 2)], hand[b], hand[c]))
    if kind is Attack or kind is Blitz:
        source = own[r.digit(len(own))]
        target = neighbours[source][r.digit(len(neighbours[source]))]
        if kind is Attack:
            return Attack(source, target, r.digit(3) + 1)
        return Blitz(source, target, r.number(0))
    if kind is Fortify:
        source = own[r.digit(len(own))]
        targets = own if s.rules.fortify_connected else neighbours[source]
        target = targets[r.digit(len(targets))]
        return Fortify(source, target, r.digit(s.armies[source] - 1) + 1)
    if kind is UseCommander:
        return UseCommander(r.digit(len(s.attacker_faces)))
    if kind is Reroll:
        return Reroll(r.digit(len(s.attacker_faces)))
    if kind is Occupy:
        low, high = occupy_range(s)
        return Occupy(low + r.digit(high - low + 1))
    if kind is AcceptRoll:
        return AcceptRoll()
    return EndTurn()


def _write_generic(w: _Writer, s: GameState, action: Action) -> None:
    """Any action: its kind's place in :data:`ACTION_TABLE` and its fields, or its text form."""
    size, count = s.board.size, len(deck_for(s.rules))
    if type(action) not in ACTION_TABLE:
        w.digit(len(ACTION_TABLE), len(ACTION_TABLE) + 1)
        data = format_action(s.board, action).encode("utf-8")
        if len(data) > _MAX_ACTION_TEXT:
            raise _Unfit("an action's text is too long")
        w.number(len(data), 5)
        for byte in data:
            w.digit(byte, 256)
        return
    w.digit(ACTION_TABLE.index(type(action)), len(ACTION_TABLE) + 1)
    match action:
        case Claim(t) | ChooseHeadquarters(t):
            w.digit(t, size)
        case Place(t, n):
            w.digit(t, size)
            w.number(n, 2)
        case Trade(cards):
            if len(cards) != 3:
                raise _Unfit("a trade of more or fewer than three cards")
            for card in cards:
                w.digit(card, count)
        case Attack(source, target, n) | Blitz(source, target, n) | Fortify(source, target, n):
            w.digit(source, size)
            w.digit(target, size)
            w.number(n, 1)
        case UseCommander(n) | Reroll(n) | Occupy(n):
            w.number(n, 1)


def _read_generic(r: _Reader, s: GameState) -> Action:
    size, count = s.board.size, len(deck_for(s.rules))
    kind_index = r.digit(len(ACTION_TABLE) + 1)
    if kind_index == len(ACTION_TABLE):
        length = r.number(5)
        if length > _MAX_ACTION_TEXT:
            raise CorruptCode("This replay is corrupt: an action is impossibly long.")
        try:
            action = parse_action(s.board, bytes(r.digit(256) for _ in range(length)).decode("utf-8"))
        except (IllegalAction, ValueError):
            raise CorruptCode("This replay is corrupt: an action is not one this game knows.") from None
        if type(action) in ACTION_TABLE:
            raise CorruptCode("This replay is corrupt: an action is spelt out needlessly.")
        return action
    kind = ACTION_TABLE[kind_index]
    territory: Callable[[], int] = lambda: r.digit(size)  # noqa: E731
    readers: dict[type, Callable[[], Action]] = {
        Claim: lambda: Claim(territory()),
        ChooseHeadquarters: lambda: ChooseHeadquarters(territory()),
        Place: lambda: Place(territory(), r.number(2)),
        Trade: lambda: Trade((r.digit(count), r.digit(count), r.digit(count))),
        Attack: lambda: Attack(territory(), territory(), r.number(1)),
        Blitz: lambda: Blitz(territory(), territory(), r.number(1)),
        Fortify: lambda: Fortify(territory(), territory(), r.number(1)),
        UseCommander: lambda: UseCommander(r.number(1)),
        Reroll: lambda: Reroll(r.number(1)),
        Occupy: lambda: Occupy(r.number(1)),
        AcceptRoll: AcceptRoll,
        EndTurn: EndTurn,
    }
    return readers[kind]()
