"""Seats in a code: each player's name (UTF-8 under a letter model), colour and controller."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from risk.codec.errors import CannotEncode, CorruptCode, Unfit
from risk.codec.rans import Model, Reader, Writer, weights_of
from risk.game import Seat

CONTROLLER_TABLE = ("human", "easy", "normal", "hard", "random")


MAX_NAME_BYTES = 24


_CONTROLLER_MODEL = Model([16, 4, 6, 4, 2, 1])
# Name lengths in bytes, 0 to MAX_NAME_BYTES.
_NAME_LENGTH_MODEL = Model([1, 2, 4, 8, 12, 12, 12, 12, 12, 8, 8, 8, 8, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2])


def _name_models() -> tuple[Model, ...]:
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
    return tuple(Model(weights_of(weights, 256, 1)) for weights in (start, inside, continuation, after_wide))


_NAME_MODELS = _name_models()


def clean_name(text: str) -> str:
    """A seat name as the new-game dialog keeps it: control characters left out, each run of spaces one
    space, none at the ends, at most :data:`MAX_NAME_BYTES` bytes (possibly "": the dialog then names the
    seat by its colour). A link's names must be clean, not empty, and differ from each other.

    >>> clean_name("  Ann\x07  Marie ")
    'Ann Marie'
    """
    kept = "".join(ch for ch in text if unicodedata.category(ch) != "Cc" or ch.isspace())
    return fit_name(" ".join(kept.split())).strip()


def name_problem(names: Sequence[str]) -> str:
    """Why these seat names could not have come from the new-game dialog, or ""."""
    if any(not name or clean_name(name) != name for name in names):
        return "a player's name is empty or holds characters a name never has"
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        return "two players have the same name"
    return ""


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


def write_text(w: Writer, data: bytes) -> None:
    w.symbol(_NAME_LENGTH_MODEL, len(data))
    previous, pending = -1, 0
    for byte in data:
        w.symbol(_NAME_MODELS[_name_context(previous, pending)], byte)
        previous, pending = byte, _pending(byte, pending)


def read_text(r: Reader) -> str:
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


def write_seats(w: Writer, seats: Sequence[Seat]) -> None:
    for index, seat in enumerate(seats):
        write_text(w, seat.name.encode("utf-8"))
        if not isinstance(seat.colour, int):
            raise CannotEncode(f"seat {index}'s colour is not a number")
        try:
            w.signed(seat.colour - index, 0)
        except Unfit:
            raise CannotEncode(f"seat {index}'s colour number is too large") from None
        if seat.controller in CONTROLLER_TABLE:
            w.symbol(_CONTROLLER_MODEL, CONTROLLER_TABLE.index(seat.controller))
        else:
            data = seat.controller.encode("utf-8")
            if len(data) > MAX_NAME_BYTES:
                raise CannotEncode(f"seat {index}'s controller {seat.controller!r} is too long")
            w.symbol(_CONTROLLER_MODEL, len(CONTROLLER_TABLE))
            write_text(w, data)


def read_seats(r: Reader, people: int) -> tuple[Seat, ...]:
    seats = []
    for index in range(people):
        name = read_text(r)
        colour = index + r.signed(0)
        kind = r.symbol(_CONTROLLER_MODEL)
        if kind < len(CONTROLLER_TABLE):
            controller = CONTROLLER_TABLE[kind]
        else:
            controller = read_text(r)
            if controller in CONTROLLER_TABLE:
                raise CorruptCode("This link is corrupt: a controller is spelt out needlessly.")
        seats.append(Seat(name, colour, controller))
    problem = name_problem([seat.name for seat in seats])
    if problem:
        raise CorruptCode(f"This link is corrupt: {problem}.")
    if len({seat.colour for seat in seats}) != len(seats):
        raise CorruptCode("This link is corrupt: two players have the same colour.")
    return tuple(seats)
