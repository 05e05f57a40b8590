"""Framing: ``base64url(format byte + payload + CRC-32)`` without padding, the same for every kind and
version of code; and the length-prefixed blocks of a replay payload.

The format byte names kind and version (1 game, 2 state, 3 replay; a larger one is a newer version). The
CRC, salted so that other programs' data does not pass, catches a mistyped or cut-off link.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from risk.codec.errors import ChecksumMismatch, CodecError, CorruptCode, ForeignCode, TruncatedCode, UnknownVersion
from risk.codec.rans import Reader, Writer

# Kinds of code, and the format bytes: each names a kind and the rules revision the game follows
# (risk.rules.Rules.revision). Formats 1-3 are revision 1 (the first release); a continuation (the moves
# since a moment the receiver holds) exists from revision 2 on; formats 8-11 are revision 3 (Castle Risk's
# hidden army at any time and in defence, the Revised win at the end of the turn). Only ever append.
GAME, STATE, REPLAY, CONTINUATION = 1, 2, 3, 4
KIND_NAMES = {GAME: "a game link", STATE: "a position code", REPLAY: "a replay", CONTINUATION: "a continuation"}
FORMATS = {1: (GAME, 1), 2: (STATE, 1), 3: (REPLAY, 1), 4: (GAME, 2), 5: (STATE, 2), 6: (REPLAY, 2),
           7: (CONTINUATION, 2), 8: (GAME, 3), 9: (STATE, 3), 10: (REPLAY, 3), 11: (CONTINUATION, 3)}
FORMAT_GAME_V1, FORMAT_STATE_V1, FORMAT_REPLAY_V1 = GAME, STATE, REPLAY
NEWEST_REVISION = 3
NEWEST_FORMAT = max(FORMATS)


def format_byte(kind: int, revision: int) -> int:
    """The format byte of a code of ``kind`` for a game of rules ``revision``."""
    for fmt, (known, of) in FORMATS.items():
        if known == kind and of == revision:
            return fmt
    raise ValueError(f"no format for a code of kind {kind} and rules revision {revision}")


_CRC_SALT = zlib.crc32(b"risk share link")


def crc(data: bytes) -> bytes:
    return zlib.crc32(data, _CRC_SALT).to_bytes(4, "little")


def seal(fmt: int, writer: Writer) -> str:
    return seal_bytes(fmt, int_bytes(writer.value()))


def seal_bytes(fmt: int, payload: bytes) -> str:
    data = bytes([fmt]) + payload
    return base64.urlsafe_b64encode(data + crc(data)).rstrip(b"=").decode("ascii")


def int_bytes(x: int) -> bytes:
    return x.to_bytes((x.bit_length() + 7) // 8, "little")


def int_reader(payload: bytes, what: str) -> Reader:
    """A reader on bytes written by :func:`int_bytes` (which never end in a zero byte)."""
    if payload and payload[-1] == 0:
        raise CorruptCode(f"This {what} is corrupt: it has a needless trailing byte.")
    return Reader(int.from_bytes(payload, "little"))


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def open_code(code: object, limit: int, wanted: int) -> tuple[Reader, int]:
    """Check the frame of ``code`` (a code of kind ``wanted``) and return a reader on its payload, and the
    rules revision its format carries."""
    payload, revision = open_bytes(code, limit, wanted)
    return int_reader(payload, KIND_NAMES[wanted].split(" ", 1)[1]), revision


def open_bytes(code: object, limit: int, wanted: int) -> tuple[bytes, int]:
    """Check the frame of ``code`` (text, checksum, a format of kind ``wanted``) and return its payload and
    the rules revision its format carries."""
    what = KIND_NAMES[wanted]
    kind, revision, payload = _unseal(code, limit, what)
    if kind != wanted:
        raise ForeignCode(f"This is {KIND_NAMES[kind]}, not {what}.")
    return payload, revision


def code_kind(code: object, limit: int = 1 << 30) -> int:
    """The kind of an intact code (GAME, STATE, REPLAY or CONTINUATION), from its format byte; a
    :class:`CodecError` for one that is damaged or of a newer version."""
    return _unseal(code, limit, "a code of this game")[0]


def written_kind(code: str, shortest: int = 16) -> int:
    """The kind (GAME, STATE, REPLAY or CONTINUATION) that ``code`` is written as, damaged or not, with no
    checksum checked: our alphabet, ``shortest`` characters or more (16: the replay of a game not yet begun,
    the shortest code the page writes) and a format byte this version knows; 0 for any other text. For
    telling a damaged code of ours from text that never was one.

    >>> written_kind("BgYAiHAAAAAAAAAA") == REPLAY, written_kind("Bonjour"), written_kind("Hello, world, you")
    (True, 0, 0)
    """
    if len(code) < shortest or not set(code) <= _ALPHABET:
        return 0
    known = FORMATS.get(base64.urlsafe_b64decode(code[:4])[0])
    return known[0] if known else 0


def _unseal(code: object, limit: int, what: str) -> tuple[int, int, bytes]:
    """``(kind, revision, payload)`` of a code whose text, length and checksum are sound."""
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
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != code or crc(data[:-4]) != data[-4:]:
        raise ChecksumMismatch(damaged)
    fmt, payload = data[0], data[1:-4]
    if fmt == 0:
        raise ForeignCode(f"This is not {what}.")
    if fmt > NEWEST_FORMAT:
        raise UnknownVersion(f"This {what.split(' ', 1)[1]} was made by a newer version of the game: "
                             "reload the page to update it.")
    kind, revision = FORMATS[fmt]
    return kind, revision, payload


@contextmanager
def guard(what: str) -> Iterator[None]:
    """A last safety net: whatever slips through the checks becomes a :class:`CorruptCode`.

    The cause is kept (``__cause__``), and the tests fail if the net ever catches anything.
    """
    try:
        yield
    except CodecError:
        raise
    except (ArithmeticError, LookupError, ValueError, TypeError, AttributeError, MemoryError, RecursionError) as exc:
        raise CorruptCode(f"This {what} is corrupt: it does not describe a game.") from exc


def varint(n: int) -> bytes:
    """LEB128: seven bits a byte, low first, the high bit set on all but the last."""
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def split_blocks(payload: bytes) -> list[bytes]:
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
        if payload[start:i] != varint(length) or i + length > len(payload):
            raise CorruptCode("This replay is corrupt: a block length is broken.")
        blocks.append(payload[i:i + length])
        i += length
    if not blocks:
        raise CorruptCode("This replay is corrupt: it is empty.")
    return blocks
