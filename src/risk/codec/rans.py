"""The range coder: a list of digits and symbols in reading order, folded into one integer (rANS on
Python's big integers), and read back in the same order.

Every field of a code is a digit of a known radix, a symbol of a fixed frequency table (:class:`Model`),
or a symbol of a table that learns as it goes (:class:`Adaptive`, the same in the writer and the reader),
so a code costs about the information it carries and a reader can only read values inside each field's
range.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from risk.codec.errors import CorruptCode, Unfit

_UNARY_CAP = 64  # longest prefix of a variable-length number: 2**64 and more are refused


class Model:
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


class Adaptive:
    """Frequencies that learn: each symbol coded gains ``step``, in the writer and the reader alike."""

    __slots__ = ("counts", "step", "total")

    def __init__(self, prior: Sequence[int], step: int) -> None:
        self.counts = list(prior)
        self.step = step
        self.total = sum(prior)


def weights_of(pairs: dict[int, int], size: int, default: int) -> list[int]:
    return [pairs.get(i, default) for i in range(size)]


class Writer:
    """Collects digits in the order the reader will read them; :meth:`value` folds them (rANS, last first)."""

    def __init__(self) -> None:
        self.ops: list[tuple[int, int, int]] = []  # (start, frequency, total)

    def digit(self, value: int, radix: int) -> None:
        """A whole number in ``range(radix)`` (free when ``radix`` is 1)."""
        if not 0 <= value < radix:
            raise Unfit(f"{value} is not below {radix}")
        if radix > 1:
            self.ops.append((value, 1, radix))

    def bit(self, flag: bool) -> None:
        self.digit(1 if flag else 0, 2)

    def symbol(self, model: Model, symbol: int) -> None:
        if not 0 <= symbol < len(model.freqs):
            raise Unfit(f"symbol {symbol} is not in the table")
        self.ops.append((model.starts[symbol], model.freqs[symbol], model.total))

    def learn(self, model: Adaptive, symbol: int) -> None:
        if not 0 <= symbol < len(model.counts):
            raise Unfit(f"symbol {symbol} is not in the table")
        counts = model.counts
        self.ops.append((sum(counts[:symbol]), counts[symbol], model.total))
        counts[symbol] += model.step
        model.total += model.step

    def number(self, value: int, k: int) -> None:
        """A whole number of any size: Exp-Golomb with ``k`` low bits (small values cost k + 1 bits)."""
        if value < 0:
            raise Unfit(f"{value} is negative")
        n = value + (1 << k)
        width = n.bit_length()
        if width - k - 1 > _UNARY_CAP:
            raise Unfit(f"{value} is too large")
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


class Reader:
    """Reads back what a :class:`Writer` wrote, in the same order."""

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

    def symbol(self, model: Model) -> int:
        q, slot = divmod(self.x, model.total)
        symbol = bisect_right(model.starts, slot) - 1
        self.x = model.freqs[symbol] * q + slot - model.starts[symbol]
        return symbol

    def learn(self, model: Adaptive) -> int:
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
