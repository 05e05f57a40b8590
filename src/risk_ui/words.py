"""Numbers and errors in the page's words: small helpers every layer of the page may use (imports nothing
of the page)."""

from __future__ import annotations


def armies_text(count: int) -> str:
    """ "1 army", "3 armies"."""
    return f"{count} army" if count == 1 else f"{count} armies"


def plural(count: int, one: str, many: str) -> str:
    """A count with its noun: ``plural(1, "territory", "territories")`` is "1 territory"."""
    return f"{count} {one if count == 1 else many}"


def armies_range_text(low: int, high: int) -> str:
    """A range of armies, said once when it is one number.

    >>> armies_range_text(3, 3), armies_range_text(1, 1), armies_range_text(2, 5)
    ('3 armies', '1 army', '2 to 5 armies')
    """
    return armies_text(high) if low >= high else f"{low} to {high} armies"


def error_text(error: BaseException, limit: int = 200) -> str:
    """An unexpected error in one line for the player: its kind and message, cut to ``limit`` characters.

    >>> error_text(ZeroDivisionError("division by zero"))
    'ZeroDivisionError: division by zero'
    """
    text = " ".join(f"{type(error).__name__}: {error}".split()) if str(error) else type(error).__name__
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def board_missing_text(ref: str) -> str:
    """Why the map of a game cannot be drawn: this browser holds no board by its reference."""
    return f"this browser holds no board {ref}"


# The new-game dialog's refusal of a headquarters game for two (docs/rules.md, "Options that do not go together").
HEADQUARTERS_FOR_TWO = (
    "a headquarters game needs 3 or more players: with two, each would have one territory to hold and one to "
    "take (the neutral armies choose none), and the first capture of it could end the game on the first turn. "
    "Choose \u201cOff\u201d, or add a player")


class Unfetchable(ImportError):
    """Code of the game's that could not be had: an archive fetched on demand with no network for it, or a
    copy of another build (raised by :mod:`risk_ui.on_demand`; the controller tells the player, who can do
    something about it, unlike any other failed import)."""
