"""Names for a generated world: made of syllables drawn from the world's generator, so that they read like
places ("Thurica", "Port Doulmere", "Kohesdor Island") and never repeat on one board. The lists are part of generator
version 1: changing a word changes the worlds, so a new list means a new version.

>>> from collections.abc import Callable

from risk.worldgen.rng import Rng
>>> namer = Namer(Rng.of(1, 2, "names"))
>>> namer.continent(), namer.territory(island=False), namer.territory(island=True)
('Thurica', 'Port Doulmere', 'Kohesdor Island')
"""

from __future__ import annotations

from collections.abc import Callable

from risk.worldgen.rng import Rng

ONSETS = ("b", "br", "c", "d", "dr", "f", "g", "gr", "h", "k", "kr", "l", "m", "n", "p", "r", "s", "sk", "st",
          "t", "th", "tr", "v", "z", "", "", "")
VOWELS = ("a", "e", "i", "o", "u", "a", "e", "o", "ai", "ea", "ou", "y")
CODAS = ("", "", "", "n", "r", "l", "s", "th", "nd", "rn", "ll", "m", "sk", "rd")
CONTINENT_ENDINGS = ("aria", "esia", "ora", "ica", "undia", "asta", "eron", "ania", "alis", "eth")
TERRITORY_ENDINGS = ("", "", "", "ia", "ar", "en", "or", "mark", "moor", "vale", "dor", "heim", "ford", "land",
                     "wick", "garth", "mere", "holt")
BEFORE = ("North", "South", "East", "West", "Upper", "Lower", "Port", "Cape", "Old", "New")
AFTER = ("Reach", "Marches", "Plains", "Coast", "Hills", "Steppe", "Wilds", "Fells", "Highlands", "Shore")
ISLAND_AFTER = ("Isle", "Isles", "Island", "Atoll", "Rock", "Keys")


class Namer:
    """Hands out names that are not yet used on the board (compared by their id, lower case with ``_``)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def pick(self, words: tuple[str, ...]) -> str:
        return words[self.rng.below(len(words))]

    def root(self, syllables: int) -> str:
        return "".join(self.pick(ONSETS) + self.pick(VOWELS) for _ in range(syllables)) + self.pick(CODAS)

    def fresh(self, make: Callable[[], str]) -> str:
        for _ in range(200):
            name = make()
            key = name_id(name)
            if key and key not in self.used and len(key) <= 40 and len(name) >= 3:
                self.used.add(key)
                return name
        raise AssertionError("the namer ran out of names")  # 200 draws of thousands of names: never

    def continent(self) -> str:
        return self.fresh(lambda: (self.pick(ONSETS) + self.pick(VOWELS) + self.pick(("l", "r", "n", "v", "s", "m"))
                                   + self.pick(CONTINENT_ENDINGS)).capitalize())

    def territory(self, island: bool) -> str:
        def make() -> str:
            base = (self.root(1 + self.rng.below(2)) + self.pick(TERRITORY_ENDINGS)).capitalize()
            if island and self.rng.chance(2, 3):
                return f"{base} {self.pick(ISLAND_AFTER)}"
            roll = self.rng.below(10)
            if roll == 0:
                return f"{self.pick(BEFORE)} {base}"
            if roll == 1:
                return f"{base} {self.pick(AFTER)}"
            return base
        return self.fresh(make)


def name_id(name: str) -> str:
    """A name as an id: lower case, words joined by ``_`` (``"Port Dalun"`` -> ``"port_dalun"``)."""
    return "_".join(name.lower().split())
