"""The codec's errors: every decoding problem is a :class:`CodecError` (a ``ValueError``) whose message is
one sentence a player can read."""

from __future__ import annotations


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


class BoardNotHeld(CodecError):
    """A game on an imported board that this program does not hold: ``ref`` (``imported:HASH``) and ``name``
    (as the link carries it) say which map to import; the game opens once it is registered."""

    def __init__(self, ref: str, name: str) -> None:
        self.ref, self.name = ref, name
        super().__init__(f"This game is played on the map \u201c{name}\u201d, which is not here: import the map, "
                         "then open the link again.")


class CannotEncode(ValueError):
    """A game this format cannot carry (unknown rules, a seat that does not fit); never raised for a
    game played by the engine from a registered edition."""


class Unfit(Exception):
    """Internal: a value the layout being written cannot hold (the compact layout then gives way)."""


class BaseMismatch(CodecError):
    """A continuation carries on a game, or a moment of it, that this browser does not hold."""
