"""Cards in a code: every card exactly once, as one permutation of the segments hands, set-aside, discard,
draw pile (a Lehmer code; traded sets as combinations)."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from risk.codec.errors import Unfit
from risk.codec.rans import Reader, Writer


def write_cards(w: Writer, segments: Sequence[Sequence[int]], count: int, triples: int = -1) -> None:
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
        raise Unfit("cards are missing")


def _index(remaining: list[int], card: int) -> int:
    try:
        return remaining.index(card)
    except ValueError:
        raise Unfit(f"card {card} is doubled or unknown") from None


def read_cards(r: Reader, lengths: Sequence[int], count: int, triples: int = -1) -> list[list[int]]:
    remaining = list(range(count))
    segments: list[list[int]] = []
    for number, length in enumerate(lengths):
        segment: list[int] = []
        if number == triples:
            for _ in range(length // 3):
                rank = r.digit(comb(len(remaining), 3))
                c = largest(rank, 3)
                rank -= comb(c, 3)
                b = largest(rank, 2)
                a = rank - comb(b, 2)
                segment += [remaining[a], remaining[b], remaining[c]]
                del remaining[c], remaining[b], remaining[a]
        else:
            for _ in range(length):
                segment.append(remaining.pop(r.digit(len(remaining))))
        segments.append(segment)
    return segments


def largest(rank: int, k: int) -> int:
    """The largest n with comb(n, k) <= rank (the combinatorial number system)."""
    n = k - 1
    while comb(n + 1, k) <= rank:
        n += 1
    return n
