"""Helpers for the codec tables of the editions after the classic family (formats of rules revision 2).

Every edition codes a replay action the same way: per phase a table of the usual kinds of action, each
written in a few digits against the state it is played in, and one more symbol for any other action, then
spelt out in its text form. The edition gives the table and how to write and read its usual kinds.
Combinations and ordered draws (the cities of a map, the objectives on a board) are ranked into one digit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb

from risk.actions import Action, IllegalAction, format_action, parse_action
from risk.codec.cards import largest
from risk.codec.classic import blank_state, check_state, corrupt
from risk.codec.errors import CorruptCode, Unfit
from risk.codec.rans import Model, Reader, Writer
from risk.rules import Rules
from risk.state import GameState, Phase

MAX_ACTION_TEXT = 200
ONE_LAYOUT = 0  # these editions' snapshots have one layout (the classic "compact" digit, for code_layout)

PhaseKinds = dict[Phase, tuple[tuple[type, ...], Model]]
WriteUsual = Callable[[Writer, GameState, Action], bool]
ReadUsual = Callable[[Reader, GameState, type], Action]


def write_snapshot(w: Writer, s: GameState, layout: int, write: Callable[[Writer, GameState], None]) -> None:
    """A snapshot in the edition's one layout: the layout digit, what ``write`` writes, the generator."""
    if layout != ONE_LAYOUT:
        raise Unfit("this edition has one layout")
    w.digit(ONE_LAYOUT, 2)
    write(w, s)
    w.digit(s.rng, 1 << 64)


def read_snapshot(r: Reader, rules: Rules, people: int, read: Callable[[Reader, GameState], None],
                  claiming: Sequence[Phase]) -> GameState:
    """What :func:`write_snapshot` wrote, checked as every edition's snapshot is (``claiming``: the phases in
    which territories may still be empty)."""
    if r.digit(2) != ONE_LAYOUT:
        raise corrupt("its snapshot is not in this edition's layout")
    s = blank_state(rules, people)
    read(r, s)
    s.rng = r.digit(1 << 64)
    check_state(s, claiming)
    return s


def write_action(w: Writer, s: GameState, action: Action, kinds_by_phase: PhaseKinds, usual: WriteUsual) -> None:
    """One action: its usual form if it is one of its phase's usual kinds and fits it, else its text form."""
    kinds, model = kinds_by_phase[s.phase]
    if type(action) in kinds:
        probe = Writer()
        if usual(probe, s, action):
            w.symbol(model, kinds.index(type(action)))
            w.ops += probe.ops
            return
    w.symbol(model, len(kinds))
    data = format_action(s.board, action).encode("utf-8")
    if len(data) > MAX_ACTION_TEXT:
        raise Unfit("an action's text is too long")
    w.number(len(data), 5)
    for byte in data:
        w.digit(byte, 256)


def read_action(r: Reader, s: GameState, kinds_by_phase: PhaseKinds, usual: ReadUsual,
                write_usual: WriteUsual) -> Action:
    """What :func:`write_action` wrote; the text form of a usual action is refused (one code per game)."""
    kinds, model = kinds_by_phase[s.phase]
    kind = r.symbol(model)
    if kind < len(kinds):
        return usual(r, s, kinds[kind])
    length = r.number(5)
    if length > MAX_ACTION_TEXT:
        raise CorruptCode("This replay is corrupt: an action is impossibly long.")
    try:
        action = parse_action(s.board, bytes(r.digit(256) for _ in range(length)).decode("utf-8"))
    except (IllegalAction, ValueError):
        raise CorruptCode("This replay is corrupt: an action is not one this game knows.") from None
    if type(action) in kinds and write_usual(Writer(), s, action):
        raise CorruptCode("This replay is corrupt: an action is spelt out needlessly.")
    return action


def rank_combination(items: Sequence[int]) -> int:
    """The rank of an ascending combination in the combinatorial number system."""
    return sum(comb(item, k + 1) for k, item in enumerate(items))


def unrank_combination(rank: int, k: int) -> list[int]:
    """The ascending combination of ``k`` items of this rank."""
    items = []
    for size in range(k, 0, -1):
        item = largest(rank, size)
        items.append(item)
        rank -= comb(item, size)
    return items[::-1]


def rank_draw(drawn: Sequence[int], pool: Sequence[int]) -> int:
    """The rank of an ordered draw without replacement from ``pool`` (below ``perm(len(pool), len(drawn))``)."""
    remaining = list(pool)
    rank = 0
    for item in drawn:
        if item not in remaining:
            raise Unfit(f"{item} is not in the pool")
        rank = rank * len(remaining) + remaining.index(item)
        remaining.remove(item)
    return rank


def unrank_draw(rank: int, pool: Sequence[int], k: int) -> list[int]:
    """The ordered draw of ``k`` items from ``pool`` of this rank."""
    radices = [len(pool) - i for i in range(k)]
    digits = []
    for radix in reversed(radices):
        rank, digit = divmod(rank, radix)
        digits.append(digit)
    remaining = list(pool)
    return [remaining.pop(d) for d in reversed(digits)]
