"""New worlds from a seed: :func:`generate` makes a board file (docs/boards.md) that a game plays like a shipped
board, and that a link names in a few characters (``generated:1:48213:medium:5``).

The same (generator version, seed, size, continents) gives the same file, byte for byte, forever and in every
interpreter: the generator draws from its own SplitMix64 (:mod:`risk.worldgen.rng`), computes in whole numbers
only (coordinates are tenths of a map unit; no float, no ``math`` function whose last digit could differ
between CPython and Pyodide) and writes its decimals from those whole numbers. Frozen content hashes
(``tests/engine/worldgen_fixtures.py``) guard that. A change to what it makes is a new
:data:`GENERATOR_VERSION`, with the old one kept.

How a world is made (version 1), on a grid of square cells (12 map units each):

1. the seed draws the number of territories (about 20, 42 or 80) and of continents (3 to 8, unless given) and
   shares the territories among the continents (at least 2 each); a large continent sometimes keeps a quarter
   of its territories on an island of its own;
2. each land mass grows from a centre (placed as far as possible from the others) one cell at a time, into
   the cheapest cell at its edge: a cell's cost is its height in a smooth random relief plus its distance from
   the centre, so coasts have bays and capes. Two continents may meet by land (2 pairs in 5) or stay apart by
   at least one cell of sea; a continent's island never touches it;
3. each land mass is cut into its territories: seeds as far apart as possible, then each territory takes in
   turn one cell at its edge, so territories are of like size and each in one piece;
4. land masses that do not touch are joined by sea lines, the shortest crossings that join them all, then a
   few more short ones (half as many again), so that there is more than one way round;
5. the drawing: each territory's outline (:mod:`risk.worldgen.outline`), its badge on the cell farthest from
   its edge, its name under the badge; each continent its own colours; the sea under everything.

Continent bonuses follow :func:`continent_bonus` (docs/rules.md). Card designs are dealt evenly (14, 14 and
14 for 42 territories), plus 2 wild cards.

>>> board = generate(48213, "small", 4)
>>> board["id"], board["name"], len(board["continents"])
('generated-1-48213-small-4', 'World 48213', 4)
>>> reference(48213, "small", 4)
'generated:1:48213:small:4'
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from math import isqrt
from typing import Any

from risk.worldgen.names import Namer, name_id
from risk.worldgen.outline import Grid, region_path
from risk.worldgen.rng import Rng

GENERATOR_VERSION = 1
VERSIONS = (1,)
SIZES = ("small", "medium", "large")
MIN_CONTINENTS, MAX_CONTINENTS = 3, 8
MAX_SEED = (1 << 32) - 1  # seeds are 0 to 4294967295 (ten digits at most in a link)


@dataclass(frozen=True)
class _Size:
    territories: tuple[int, int]  # drawn from this range, both included
    continents: tuple[int, int]  # when not given
    width: int  # cells
    height: int


_SIZES = {
    "small": _Size((18, 22), (3, 5), 56, 36),
    "medium": _Size((40, 44), (4, 7), 80, 50),
    "large": _Size((76, 84), (5, 8), 110, 70),
}
CELL = 120  # a cell's side, in tenths of a map unit
MARGIN = 2  # cells of sea round the map's edge
EDGE = 8  # land costs more within this many cells of the edge
CELLS_PER_TERRITORY = 36
MIN_CELLS = 14  # a land mass too crowded to hold its territories at this size each holds fewer
WOBBLE = 30  # tenths: how far a border's points stray from the cells' edges
BADGE_RADIUS = 90  # tenths
TOUCH = (2, 5)  # the chance that two continents may meet by land
SEA = "#cfe0ea"
FILLS = ("#e6d8a8", "#cadca4", "#ebc7ab", "#cdc6e2", "#b8dacf", "#e8e2b0", "#dcbccb", "#d6c8aa")
OUTLINES = ("#8a6d1f", "#4f7a2a", "#a0522d", "#5b4b8a", "#2f7a6b", "#7d7518", "#8a3f63", "#6b5a3a")
SEA_LINE = {"colour": "#3d5f82", "width": 1.6, "dash": [5, 3], "round": True, "over": False, "least": 0}
FOUR = ((1, 0), (0, 1), (-1, 0), (0, -1))
EIGHT = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


class BadReference(ValueError):
    """A generated board's reference or options that name no board (a bad seed, size or version)."""


def continent_bonus(territories: int, border: int) -> int:
    """A continent's bonus: ``max(1, (2 * T + B) // 4)`` with T its territories and B those of them that border
    another continent (by land or sea line). On the classic board this gives 5 of the 6 printed bonuses
    exactly (Europe: 4, printed 5); see docs/rules.md.

    >>> [continent_bonus(t, b) for t, b in ((9, 3), (4, 2), (7, 4), (6, 3), (12, 5), (4, 1))]
    [5, 2, 4, 3, 7, 2]
    """
    return max(1, (2 * territories + border) // 4)


def reference(seed: int, size: str = "medium", continents: int | None = None,
              version: int = GENERATOR_VERSION) -> str:
    """The board reference a link carries: ``generated:VERSION:SEED:SIZE:CONTINENTS`` (continents as drawn
    from the seed when not given)."""
    _check(seed, size, continents, version)
    count = continents if continents is not None else default_continents(seed, size, version)
    return f"generated:{version}:{seed}:{size}:{count}"


def parse_reference(ref: str) -> tuple[int, int, str, int]:
    """``generated:V:SEED:SIZE:K`` as (version, seed, size, continents), or :class:`BadReference`.

    >>> parse_reference("generated:1:48213:medium:5")
    (1, 48213, 'medium', 5)
    """
    parts = ref.split(":")
    if len(parts) != 5 or parts[0] != "generated" or not all(p.isdigit() for p in (parts[1], parts[2], parts[4])):
        raise BadReference(f"{ref!r} is not a generated board (generated:VERSION:SEED:SIZE:CONTINENTS)")
    version, seed, size, count = int(parts[1]), int(parts[2]), parts[3], int(parts[4])
    _check(seed, size, count, version)
    if parts[2] != str(seed) or parts[1] != str(version) or parts[4] != str(count):
        raise BadReference(f"{ref!r}: numbers are written without leading zeros")
    return version, seed, size, count


def _check(seed: int, size: str, continents: int | None, version: int) -> None:
    if version not in VERSIONS:
        raise BadReference(f"generator version {version} is not known to this version of the game "
                           f"(it knows {', '.join(map(str, VERSIONS))})")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BadReference(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    if size not in _SIZES:
        raise BadReference(f"a size is {', '.join(SIZES)}, not {size!r}")
    if continents is not None and (isinstance(continents, bool) or not isinstance(continents, int)
                                   or not MIN_CONTINENTS <= continents <= MAX_CONTINENTS):
        raise BadReference(f"a world has {MIN_CONTINENTS} to {MAX_CONTINENTS} continents, not {continents!r}")


def default_continents(seed: int, size: str, version: int = GENERATOR_VERSION) -> int:
    """How many continents the seed gives a world of this size when the player does not say."""
    low, high = _SIZES[size].continents
    return Rng.of(version, seed, size, "continents").between(low, high)


def generate(seed: int, size: str = "medium", continents: int | None = None,
             version: int = GENERATOR_VERSION, *, drawing: bool = True) -> dict[str, Any]:
    """The board file of the world made from ``seed`` (0 to 4294967295) at ``size`` (small, medium, large)
    with ``continents`` (3 to 8; by default drawn from the seed): valid (:func:`risk.boardfile.validate`), and
    the same every time. Bad options raise :class:`BadReference`. With ``drawing=False`` the file has no
    ``drawing`` (what the engine reads: the rest is the same, in about half the time)."""
    _check(seed, size, continents, version)
    count = continents if continents is not None else default_continents(seed, size, version)
    return _World(seed, size, count, version).board(drawing)


@dataclass
class _Blob:
    """A land mass as it grows: the continent it belongs to, where it starts and how big it may grow."""

    continent: int
    centre: int
    territories: int
    target: int
    cells: list[int]


class _World:
    def __init__(self, seed: int, size: str, continents: int, version: int) -> None:
        self.seed, self.size, self.count, self.version = seed, size, continents, version
        self.spec = _SIZES[size]
        self.w, self.h = self.spec.width, self.spec.height
        self.rng = Rng.of(version, seed, size, continents)

    # -- the steps

    def board(self, drawing: bool = True) -> dict[str, Any]:
        shares = self.shares()
        self.relief = self.make_relief()
        blobs = self.place(shares)
        self.grow(blobs)
        territory_cells, territory_continent = self.cut(blobs)
        return self.assemble(blobs, territory_cells, territory_continent, drawing)

    def shares(self) -> list[int]:
        """Territories per continent: at least 2 each, the rest by random weights (largest remainders)."""
        low, high = self.spec.territories
        total = self.rng.between(low, high)
        weights = [self.rng.between(2, 6) for _ in range(self.count)]
        spare = total - 2 * self.count
        whole = sum(weights)
        shares = [2 + spare * wt // whole for wt in weights]
        order = sorted(range(self.count), key=lambda i: (-(spare * weights[i] % whole), i))
        for i in order[:total - sum(shares)]:
            shares[i] += 1
        return shares

    def make_relief(self) -> list[int]:
        """A smooth random height per cell (0 to 383): two octaves of value noise, bilinear in whole numbers."""
        w, h = self.w, self.h
        relief = [0] * (w * h)
        for step, scale in ((8, 255), (4, 127)):
            cols, rows = w // step + 2, h // step + 2
            lattice = [self.rng.below(scale + 1) for _ in range(cols * rows)]
            at = [divmod(x, step) for x in range(w)]
            # Each lattice row interpolated along x once, then each cell's row between two of those.
            across = [[lattice[gy * cols + gx] * (step - fx) + lattice[gy * cols + gx + 1] * fx for gx, fx in at]
                      for gy in range(rows)]
            whole = step * step
            for y in range(h):
                gy, fy = divmod(y, step)
                top, bottom = across[gy], across[gy + 1]
                row = y * w
                relief[row:row + w] = [r + (a * (step - fy) + b * fy) // whole
                                       for r, a, b in zip(relief[row:row + w], top, bottom)]
        return relief

    def place(self, shares: list[int]) -> list[_Blob]:
        """Each continent's centre as far from the others as a few tries find, and some continents' islands."""
        w, h = self.w, self.h
        lo_x, hi_x, lo_y, hi_y = MARGIN + 4, w - MARGIN - 5, MARGIN + 3, h - MARGIN - 4
        centres: list[tuple[int, int]] = []
        blobs: list[_Blob] = []
        for continent, share in enumerate(shares):
            best, best_score = (0, 0), -1
            for _ in range(24):
                x, y = self.rng.between(lo_x, hi_x), self.rng.between(lo_y, hi_y)
                edge = min(x, y, w - 1 - x, h - 1 - y)
                score = min(min(((x - cx) ** 2 + (y - cy) ** 2 for cx, cy in centres), default=1 << 30),
                            4 * edge * edge)
                if score > best_score:
                    best, best_score = (x, y), score
            centres.append(best)
            island = share // 4 if share >= 4 and self.rng.chance(1, 3) else 0
            main = share - island
            blobs.append(_Blob(continent, best[1] * w + best[0], main, main * CELLS_PER_TERRITORY, []))
            if island:
                radius = isqrt(share * CELLS_PER_TERRITORY * 100 // 314) + isqrt(island * CELLS_PER_TERRITORY)
                spot, spot_score = (0, 0), -(1 << 30)
                for _ in range(16):
                    x, y = self.rng.between(lo_x, hi_x), self.rng.between(lo_y, hi_y)
                    away = isqrt((x - best[0]) ** 2 + (y - best[1]) ** 2)
                    others = min(((x - cx) ** 2 + (y - cy) ** 2 for cx, cy in centres[:-1]), default=1 << 20)
                    score = min(others, 1 << 20) // 16 - 40 * abs(away - radius)
                    if score > spot_score and (x, y) not in centres:
                        spot, spot_score = (x, y), score
                centres.append(spot)
                blobs.append(_Blob(continent, spot[1] * w + spot[0], island, island * CELLS_PER_TERRITORY, []))
        self.touch = [[False] * self.count for _ in range(self.count)]
        for i in range(self.count):
            for j in range(i + 1, self.count):
                self.touch[i][j] = self.touch[j][i] = self.rng.chance(*TOUCH)
        return blobs

    def grow(self, blobs: list[_Blob]) -> None:
        """Grow every land mass at once, each at a pace in proportion to its size, into its cheapest cell."""
        w, h = self.w, self.h
        owner = self.owner = [-1] * (w * h)  # a blob's number, -1: sea
        relief, rng = self.relief, self.rng
        heaps: list[list[tuple[int, int]]] = [[] for _ in blobs]
        seen: list[set[int]] = [set() for _ in blobs]

        def allowed(cell: int, b: int) -> bool:
            x, y = cell % w, cell // w
            if owner[cell] != -1 or not (MARGIN <= x < w - MARGIN and MARGIN <= y < h - MARGIN):
                return False
            mine = blobs[b].continent
            for dx, dy in EIGHT:
                other = owner[(y + dy) * w + x + dx]
                if other == -1 or other == b:
                    continue
                theirs = blobs[other].continent
                if theirs == mine or not self.touch[mine][theirs]:
                    return False
                # Meeting only corner to corner would draw two lands touching at a point with no border.
                if dx and dy and owner[y * w + x + dx] == -1 and owner[(y + dy) * w + x] == -1:
                    return False
            return True

        def take(cell: int, b: int) -> None:
            owner[cell] = b
            blobs[b].cells.append(cell)
            cx, cy = blobs[b].centre % w, blobs[b].centre // w
            x, y = cell % w, cell // w
            for dx, dy in FOUR:
                n = (y + dy) * w + x + dx
                if n not in seen[b] and owner[n] == -1:
                    seen[b].add(n)
                    nx, ny = x + dx, y + dy
                    edge = min(nx, ny, w - 1 - nx, h - 1 - ny)
                    cost = (relief[n] + 22 * isqrt((nx - cx) ** 2 + (ny - cy) ** 2) + rng.below(48)
                            + (EDGE - edge) * 45 * (edge < EDGE))
                    heapq.heappush(heaps[b], (cost, n))

        for b, blob in enumerate(blobs):
            start = blob.centre
            if not allowed(start, b):
                free = [c for c in range(w * h) if allowed(c, b)]
                cx, cy = start % w, start // w
                start = min(free, key=lambda c: ((c % w - cx) ** 2 + (c // w - cy) ** 2, c))
                blob.centre = start
            seen[b].add(start)
            take(start, b)
        most = max(blob.target for blob in blobs)
        credit = [0] * len(blobs)
        growing = [len(blob.cells) < blob.target for blob in blobs]
        while any(growing):
            for b, blob in enumerate(blobs):
                if not growing[b]:
                    continue
                credit[b] += blob.target
                while credit[b] >= most and growing[b]:
                    credit[b] -= most
                    heap = heaps[b]
                    while heap:
                        _, cell = heapq.heappop(heap)
                        if allowed(cell, b):
                            take(cell, b)
                            break
                    if not heap or len(blob.cells) >= blob.target:
                        growing[b] = False

    def cut(self, blobs: list[_Blob]) -> tuple[list[list[int]], list[int]]:
        """Each land mass's territories: far-apart seeds, then each territory in turn takes a cell at its edge."""
        w = self.w
        rng = self.rng
        region = self.region = [-1] * (w * self.h)
        territory_cells: list[list[int]] = []
        territory_continent: list[int] = []
        for blob in blobs:
            cells = blob.cells
            count = max(1, min(blob.territories, len(cells) // MIN_CELLS))
            inside = set(cells)
            distance = dict.fromkeys(cells, 1 << 30)
            seeds = [cells[rng.below(len(cells))]]
            while True:
                frontier = [seeds[-1]]
                distance[seeds[-1]] = 0
                while frontier:
                    nxt = []
                    for cell in frontier:
                        d = distance[cell] + 1
                        for dx, dy in FOUR:
                            n = cell + dx + dy * w
                            if n in inside and distance[n] > d:
                                distance[n] = d
                                nxt.append(n)
                    frontier = nxt
                if len(seeds) == count:
                    break
                far = max(distance.values())
                choices = [c for c in cells if distance[c] >= far - 1 and c not in seeds]
                seeds.append(choices[rng.below(len(choices))])
            first = len(territory_cells)
            fronts: list[list[tuple[int, int]]] = []
            for k, seed in enumerate(seeds):
                region[seed] = first + k
                territory_cells.append([seed])
                territory_continent.append(blob.continent)
                fronts.append([])
                self.reach(fronts[k], seed, seed, inside)
            active = list(range(len(seeds)))
            while active:
                still = []
                for k in active:
                    front = fronts[k]
                    while front:
                        _, cell = heapq.heappop(front)
                        if region[cell] == -1:
                            region[cell] = first + k
                            territory_cells[first + k].append(cell)
                            self.reach(front, cell, seeds[k], inside)
                            break
                    if front:
                        still.append(k)
                active = still
        return territory_cells, territory_continent

    def reach(self, front: list[tuple[int, int]], cell: int, seed: int, inside: set[int]) -> None:
        """Put a territory's new cell's free neighbours on its edge, nearest its seed first (give or take a
        little), so that territories grow round and their borders run fairly straight."""
        w = self.w
        sx, sy = seed % w, seed // w
        for dx, dy in FOUR:
            n = cell + dx + dy * w
            if n in inside and self.region[n] == -1:
                nx, ny = n % w, n // w
                heapq.heappush(front, ((nx - sx) ** 2 + (ny - sy) ** 2 + self.rng.below(12), n))

    # -- the board file

    def assemble(self, blobs: list[_Blob], territory_cells: list[list[int]],
                 territory_continent: list[int], drawing: bool) -> dict[str, Any]:
        w, h = self.w, self.h
        region = self.region
        count = len(territory_cells)
        badges = [self.badge(cells, t) for t, cells in enumerate(territory_cells)]
        # Board order: continents west to east (by their first land mass's centre), territories north to south.
        main_centre: dict[int, int] = {}
        for blob in blobs:
            main_centre.setdefault(blob.continent, blob.centre)
        continent_order = sorted(range(self.count), key=lambda c: (main_centre[c] % w, main_centre[c] // w, c))
        rank = {c: i for i, c in enumerate(continent_order)}
        order = sorted(range(count), key=lambda t: (rank[territory_continent[t]], badges[t] // w, badges[t] % w))
        cells_of = [territory_cells[t] for t in order]
        continent_of = [rank[territory_continent[t]] for t in order]
        badge_of = [badges[t] for t in order]
        for t, cells in enumerate(cells_of):
            for cell in cells:
                region[cell] = t

        # Borders by land.
        neighbours: list[set[int]] = [set() for _ in range(count)]
        for y in range(h):
            for x in range(w):
                a = region[y * w + x]
                if a < 0:
                    continue
                for n in (y * w + x + 1, (y + 1) * w + x):
                    b = region[n] if n < w * h else -1
                    if b >= 0 and b != a:
                        neighbours[a].add(b)
                        neighbours[b].add(a)
        masses = _masses(neighbours)
        # A territory on a land mass of one or two territories is an island (its name may say so).
        island_of = [sum(1 for m in masses if m == masses[t]) <= 2 for t in range(count)]
        lines, segments = self.crossings(masses)
        for a, b in lines:
            neighbours[a].add(b)
            neighbours[b].add(a)

        # Names, ids, colours.
        namer = Namer(Rng.of(self.version, self.seed, self.size, self.count, "names"))
        continent_names = [namer.continent() for _ in range(self.count)]
        territory_names = [namer.territory(island_of[t]) for t in range(count)]
        tids = [name_id(n) for n in territory_names]
        cids = [name_id(n) for n in continent_names]
        palette = list(range(len(FILLS)))
        self.rng.shuffle(palette)
        designs = [("infantry", "cavalry", "artillery")[i % 3] for i in range(count)]
        self.rng.shuffle(designs)

        members: list[list[int]] = [[] for _ in range(self.count)]
        for t in range(count):
            members[continent_of[t]].append(t)
        continents = []
        for c in range(self.count):
            border = sum(1 for t in members[c] if any(continent_of[n] != c for n in neighbours[t]))
            continents.append({"id": cids[c], "name": continent_names[c],
                               "bonus": continent_bonus(len(members[c]), border),
                               "territories": [tids[t] for t in members[c]]})
        territories = [{"id": tids[t], "name": territory_names[t], "continent": cids[continent_of[t]],
                        "card": designs[t], "neighbours": [tids[n] for n in sorted(neighbours[t])]}
                       for t in range(count)]

        width, height = w * CELL, h * CELL
        name = f"World {self.seed}"
        board: dict[str, Any] = {
            "format": 1,
            "id": f"generated-{self.version}-{self.seed}-{self.size}-{self.count}",
            "name": name,
            "source": f"Generated by generator version {self.version} from seed {self.seed} ({self.size}, "
                      f"{self.count} continents)",
            "generated": {"version": self.version, "seed": self.seed, "size": self.size, "continents": self.count},
            "wild_cards": 2,
            "continents": continents,
            "territories": territories,
            "lines": [[tids[a], tids[b]] for a, b in lines],
        }
        if not drawing:
            return board
        grid = Grid(w, h, region, CELL, WOBBLE, salt=self.rng.below(1 << 32))
        drawn = {}
        for t in range(count):
            cell = badge_of[t]
            bx, by = (cell % w) * CELL + CELL // 2, (cell // w) * CELL + CELL // 2
            drawn[tids[t]] = {"land": [region_path(grid, t, sorted(cells_of[t]))],
                              "badge": [_unit(bx), _unit(by), _unit(BADGE_RADIUS)],
                              "label": [_unit(bx), _unit(by + BADGE_RADIUS + 15)]}
        board["drawing"] = {
            "view_box": [0, 0, _unit(width), _unit(height)],
            "label": f"Map of {name}",
            "background": [{"class": "sea", "d": f"M0 0h{_unit(width)}v{_unit(height)}h-{_unit(width)}z",
                            "fill": SEA}],
            "territories": drawn,
            "continents": {cids[c]: {"fill": FILLS[palette[c]], "outline": OUTLINES[palette[c]]}
                           for c in range(self.count)},
            "sea_links": [{"link": [tids[a], tids[b]], "line": [_unit(v) for v in seg]}
                          for (a, b), seg in zip(lines, segments)],
            "sea_line": dict(SEA_LINE),
        }
        return board

    def badge(self, cells: list[int], t: int) -> int:
        """The cell farthest from the territory's edge (counting diagonals), nearest its middle on a tie."""
        w = self.w
        region = self.region
        depth: dict[int, int] = {}
        frontier = []
        for cell in cells:
            if any(region[cell + dx + dy * w] != t for dx, dy in EIGHT):
                depth[cell] = 1
                frontier.append(cell)
        while frontier:
            nxt = []
            for cell in frontier:
                for dx, dy in EIGHT:
                    n = cell + dx + dy * w
                    if n not in depth and region[n] == t:
                        depth[n] = depth[cell] + 1
                        nxt.append(n)
            frontier = nxt
        n = len(cells)
        sx, sy = sum(c % w for c in cells), sum(c // w for c in cells)
        return min(cells, key=lambda c: (-depth[c], (n * (c % w) - sx) ** 2 + (n * (c // w) - sy) ** 2, c))

    def crossings(self, masses: list[int]) -> tuple[list[tuple[int, int]], list[list[int]]]:
        """Sea lines joining the land masses: the shortest crossing between each two that face each other across
        the sea (a search from every coast at once), the fewest that join them all (shortest first), then up to
        half as many again of the short ones left (at most 10 cells of sea). Each comes with its segment, from
        coast cell to coast cell."""
        w, h = self.w, self.h
        region = self.region
        which = [masses[region[c]] if region[c] >= 0 else -1 for c in range(w * h)]
        origin = [c if region[c] >= 0 else -1 for c in range(w * h)]
        distance = [0 if region[c] >= 0 else -1 for c in range(w * h)]
        frontier = [c for c in range(w * h) if region[c] >= 0]
        best: dict[tuple[int, int], tuple[int, int, int]] = {}
        while frontier:
            nxt = []
            for cell in frontier:
                x, y = cell % w, cell // w
                for dx, dy in FOUR:
                    if not (0 <= x + dx < w and 0 <= y + dy < h):
                        continue
                    n = cell + dx + dy * w
                    if which[n] == -1:
                        which[n], origin[n], distance[n] = which[cell], origin[cell], distance[cell] + 1
                        nxt.append(n)
                    elif which[n] != which[cell]:
                        a, b = origin[cell], origin[n]
                        if which[cell] > which[n]:
                            a, b = b, a
                        key = (min(which[cell], which[n]), max(which[cell], which[n]))
                        gap = distance[cell] + distance[n]
                        if key not in best or (gap, a, b) < best[key]:
                            best[key] = (gap, a, b)
            frontier = nxt
        joined = {m: m for m in set(masses)}

        def top(m: int) -> int:
            while joined[m] != m:
                m = joined[m]
            return m

        chosen: list[tuple[int, int, int]] = []
        spare: list[tuple[int, int, int]] = []
        for key, (gap, a, b) in sorted(best.items(), key=lambda item: (item[1], item[0])):
            ra, rb = top(key[0]), top(key[1])
            if ra != rb:
                joined[max(ra, rb)] = min(ra, rb)
                chosen.append((gap, a, b))
            elif gap <= 10:
                spare.append((gap, a, b))
        chosen.extend(spare[:(len(chosen) + 2) // 2])
        lines: list[tuple[int, int]] = []
        segments: list[list[int]] = []
        for _, a, b in chosen:
            ta, tb = region[a], region[b]
            if ta > tb:
                ta, tb, a, b = tb, ta, b, a
            if (ta, tb) in lines:
                continue
            lines.append((ta, tb))
            segments.append([(a % w) * CELL + CELL // 2, (a // w) * CELL + CELL // 2,
                             (b % w) * CELL + CELL // 2, (b // w) * CELL + CELL // 2])
        order = sorted(range(len(lines)), key=lambda i: lines[i])
        return [lines[i] for i in order], [segments[i] for i in order]


def _unit(tenths: int) -> int | float:
    """Tenths of a unit as the number written in the file: whole where whole (the division of two whole numbers
    is exact to the last digit in every interpreter)."""
    return tenths // 10 if tenths % 10 == 0 else tenths / 10


def _masses(neighbours: list[set[int]]) -> list[int]:
    """Each territory's land mass, named by its lowest territory (the territories joined by land borders)."""
    mass = [-1] * len(neighbours)
    for t in range(len(neighbours)):
        if mass[t] == -1:
            mass[t] = t
            todo = [t]
            while todo:
                for n in neighbours[todo.pop()]:
                    if mass[n] == -1:
                        mass[n] = t
                        todo.append(n)
    return mass
