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


# Format characters that change the direction of the text after them: embeddings and overrides (closed by
# U+202C), isolates (closed by U+2069) and the three direction marks.
_OPENERS = {"\u202a": "\u202c", "\u202b": "\u202c", "\u202d": "\u202c", "\u202e": "\u202c",
            "\u2066": "\u2069", "\u2067": "\u2069", "\u2068": "\u2069"}
DIRECTION_CHARACTERS = frozenset(_OPENERS) | {"\u202c", "\u2069", "\u200e", "\u200f", "\u061c"}
# Letters and symbols that draw nothing (fillers and the blank braille pattern).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_ZWJ = "\u200d"


def clean_name(text: str) -> str:
    """A seat name as the new-game dialog keeps it: control characters and the format characters that
    change direction left out, each run of spaces one space, none at the ends, at most
    :data:`MAX_NAME_BYTES` bytes cut between graphemes (possibly "": the dialog then names the seat by its
    colour). A link's names must be clean, not empty, and differ from each other.

    >>> clean_name("  Ann\x07  Marie "), clean_name("\u202eAnn")
    ('Ann Marie', 'Ann')
    """
    kept = "".join(ch for ch in text if (unicodedata.category(ch) != "Cc" or ch.isspace())
                   and ch not in DIRECTION_CHARACTERS)
    return fit_name(" ".join(kept.split())).strip()


def name_shows(name: str) -> bool:
    """Whether a name draws at least one character: not only spaces, format characters (a zero-width
    space, a joiner), lone combining marks or blank fillers.

    >>> name_shows("\u200b"), name_shows("x\u200b")
    (False, True)
    """
    return any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANK_LETTERS for ch in name)


def direction_balanced(name: str) -> bool:
    """Whether every embedding, override or isolate a name opens it also closes, in order, so that no
    change of direction reaches the text shown after it.

    >>> direction_balanced("\u2067abc\u2069"), direction_balanced("\u202eabc")
    (True, False)
    """
    open_: list[str] = []
    for ch in name:
        if ch in _OPENERS:
            open_.append(_OPENERS[ch])
        elif ch in ("\u202c", "\u2069") and (not open_ or open_.pop() != ch):
            return False
    return not open_


def _legacy_clean(name: str) -> bool:
    """Whether a name is as the dialog kept names before direction characters were left out and cuts fell
    between graphemes (links and saves made then still load exactly)."""
    kept = "".join(ch for ch in name if unicodedata.category(ch) != "Cc" or ch.isspace())
    data = " ".join(kept.split()).encode("utf-8", "replace")[:MAX_NAME_BYTES]
    return data.decode("utf-8", "ignore").strip() == name


def name_problem(names: Sequence[str]) -> str:
    """Why these seat names could not have come from the new-game dialog, or ""."""
    if any(not name or not _legacy_clean(name) for name in names):
        return "a player's name is empty or holds characters a name never has"
    if not all(name_shows(name) for name in names):
        return "a player's name shows no visible character"
    if not all(direction_balanced(name) for name in names):
        return "a player's name changes the direction of the text after it"
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        return "two players have the same name"
    return ""


def _joins(cluster: str, ch: str) -> bool:
    """Whether ``ch`` belongs to the grapheme ``cluster`` ends with (an approximation of Unicode's
    extended grapheme clusters good for names: combining marks, variation selectors, joiners, skin-tone
    modifiers, emoji tags, keycaps and flags made of two regional indicators)."""
    code = ord(ch)
    if unicodedata.category(ch) in ("Mn", "Me", "Mc") or ch == _ZWJ:
        return True
    if 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F:  # skin tones, emoji tags
        return True
    if cluster.endswith(_ZWJ):
        return True
    if 0x1F1E6 <= code <= 0x1F1FF:  # a regional indicator pairs with one left unpaired before it
        run = len(cluster) - len(cluster.rstrip("".join(chr(c) for c in range(0x1F1E6, 0x1F200))))
        return run == len(cluster) and run % 2 == 1
    return False


def graphemes(text: str) -> list[str]:
    """``text`` cut into what a reader sees as single characters.

    >>> [len(cluster) for cluster in graphemes("e\u0301\U0001F1EB\U0001F1F7!")]
    [2, 2, 1]
    """
    clusters: list[str] = []
    for ch in text:
        if clusters and _joins(clusters[-1], ch):
            clusters[-1] += ch
        else:
            clusters.append(ch)
    return clusters


def fit_name(name: str) -> str:
    """A seat name as it travels in a link: at most :data:`MAX_NAME_BYTES` bytes of UTF-8, cut between
    graphemes (anything that is not text becomes ``?``; a name that fits is kept as it is). A first
    grapheme too long on its own (a long emoji sequence) keeps the joined emoji that fit. The page should
    apply it on entry.

    >>> fit_name("Bartholomew the Magnificent")
    'Bartholomew the Magnific'
    """
    text = name.encode("utf-8", "replace").decode("utf-8")
    if len(text.encode("utf-8")) <= MAX_NAME_BYTES:
        return text
    out, size = "", 0
    for cluster in graphemes(text):
        size += len(cluster.encode("utf-8"))
        if size > MAX_NAME_BYTES:
            if not out:  # keep the whole emoji before a joiner that still fit
                parts = cluster.split(_ZWJ)
                while len(parts) > 1 and len(_ZWJ.join(parts).encode("utf-8")) > MAX_NAME_BYTES:
                    parts.pop()
                out = _ZWJ.join(parts) if len(parts[0].encode("utf-8")) <= MAX_NAME_BYTES else ""
            break
        out += cluster
    return out


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
