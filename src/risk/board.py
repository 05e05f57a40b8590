"""Boards: territories, continents, borders, and the card design printed for each territory (if any).

A board is loaded once from a JSON file beside this module and shared by every game on it. The engine
works with territory *indices* (positions in ``Board.territories``) because lists indexed by small ints
are the fastest thing CPython offers; the string ids (``"alaska"``) are for people, files and the page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources

FORMAT = 1  # the board file format this engine reads (docs/boards.md; risk.boardfile checks a whole file)

INFANTRY, CAVALRY, ARTILLERY, WILD = 0, 1, 2, 3
CARD_KIND_NAMES = ("infantry", "cavalry", "artillery", "wild")


class UnknownTerritory(ValueError):
    """A territory id that the board does not have."""


@dataclass(frozen=True, slots=True)
class Territory:
    """One territory: its id, display name, group index, the design on its card (-1: none printed), the
    waters it touches (for sea attacks; empty: landlocked) and whether a castle may stand on it."""

    id: str
    name: str
    continent: int
    card_kind: int
    seas: tuple[str, ...] = ()
    castle_allowed: bool = False


@dataclass(frozen=True, slots=True)
class Continent:
    """A group of territories (a continent, an empire, the independents) and the bonus armies its sole
    holder receives; when they come is the rules' business (classic: start of turn; Castle Risk: spoils)."""

    id: str
    name: str
    bonus: int
    territories: tuple[int, ...]
    kind: str = "continent"  # "continent", "empire" or "independent"


@dataclass(frozen=True, slots=True)
class Mission:
    """A secret mission as a board file gives it (docs/boards.md, ``missions``; the game's rules for it are in
    :mod:`risk.missions`). Its goals all count: hold every continent of ``continents`` (indices) and ``more``
    other continents of the holder's choice, and at least ``territories`` territories with at least ``armies``
    armies on each. A mission to destroy a seat (``eliminate``, from 0) asks only that; ``territories`` and
    ``armies`` are then what it becomes when it cannot be done (0: the board's usual count). ``text`` is the
    file's own wording, kept as written."""

    continents: tuple[int, ...] = ()
    more: int = 0
    territories: int = 0
    armies: int = 1
    eliminate: int = -1
    text: str = ""


def missions_from(raw: object, continent_index: dict[str, int]) -> tuple[Mission, ...]:
    """The ``missions`` of a board file as :class:`Mission` values (a ``ValueError`` names a bad one)."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError("missions must be a list")
    missions = []
    for place, entry in enumerate(raw, 1):
        if not isinstance(entry, dict):
            raise ValueError(f"mission {place} is not an object")
        goals = entry.get("continents", [])
        numbers = [entry.get(key, default) for key, default in (("eliminate", 0), ("territories", 0), ("armies", 1))]
        if not isinstance(goals, list) or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in numbers):
            raise ValueError(f"mission {place} is not a mission")
        unknown = [g for g in goals if g != "*" and g not in continent_index]
        if unknown:
            raise ValueError(f"mission {place} names continent {unknown[0]!r}, which the board does not have")
        eliminate, territories, armies = numbers
        named = tuple(continent_index[g] for g in goals if g != "*")
        if len(set(named)) != len(named) or not (eliminate or territories or goals):
            raise ValueError(f"mission {place} asks nothing or names a continent twice")
        missions.append(Mission(named, goals.count("*"), territories, max(1, armies), eliminate - 1,
                                str(entry.get("text", ""))))
    return tuple(missions)


@dataclass(frozen=True)
class Board:
    """An immutable map. Borders are symmetric; ``neighbours[i]`` is sorted."""

    id: str
    name: str
    territories: tuple[Territory, ...]
    continents: tuple[Continent, ...]
    neighbours: tuple[tuple[int, ...], ...]
    wild_cards: int  # wild cards that go with the board's classic deck
    index: dict[str, int] = field(compare=False, repr=False, hash=False)
    adjacent: tuple[frozenset[int], ...] = field(compare=False, repr=False, hash=False)
    # Borders drawn as a line across water (each as an ascending pair): crossed like land, drawn dashed.
    lines: frozenset[tuple[int, int]] = field(default=frozenset(), compare=False, repr=False, hash=False)
    # The board file's own secret missions (an imported map's [missions]; the classic world's set), if any.
    missions: tuple[Mission, ...] = field(default=(), compare=False, repr=False, hash=False)

    @property
    def size(self) -> int:
        """How many territories the board has."""
        return len(self.territories)

    def territory_index(self, territory_id: str) -> int:
        """The index of a territory id, or :class:`UnknownTerritory` with the id in the message."""
        try:
            return self.index[territory_id]
        except KeyError:
            raise UnknownTerritory(f"there is no territory called {territory_id!r} on the {self.name}") from None

    def border_count(self) -> int:
        """Each border counted once."""
        return sum(len(n) for n in self.neighbours) // 2


def board_from_dict(data: dict[str, object]) -> Board:
    """Build a board from its JSON form (a board file, docs/boards.md: its drawing is the page's business and
    is not read here), checking that every border is listed from both ends. A file of a newer format than
    this engine reads is refused; :func:`risk.boardfile.validate` checks the rest of a file from elsewhere."""
    version = data.get("format", FORMAT)
    if not isinstance(version, int) or version > FORMAT:
        raise ValueError(f"the board {data.get('name', '')!r} was made by a newer version of the game "
                         f"(format {version}; this version reads format {FORMAT})")
    raw_territories = data["territories"]
    raw_continents = data["continents"]
    assert isinstance(raw_territories, list) and isinstance(raw_continents, list)
    continent_index = {c["id"]: i for i, c in enumerate(raw_continents)}
    index = {t["id"]: i for i, t in enumerate(raw_territories)}
    territories = tuple(
        Territory(t["id"], t["name"], continent_index[t["continent"]],
                  CARD_KIND_NAMES.index(t["card"]) if "card" in t else -1,
                  tuple(t.get("seas", ())), bool(t.get("castle_allowed", False)))
        for t in raw_territories
    )
    neighbours = tuple(tuple(sorted(index[n] for n in t["neighbours"])) for t in raw_territories)
    for i, ns in enumerate(neighbours):
        for n in ns:
            if i not in neighbours[n] or n == i:
                raise ValueError(f"border {territories[i].id}-{territories[n].id} is not listed both ways")
    continents = tuple(
        Continent(c["id"], c["name"], int(c["bonus"]), tuple(index[t] for t in c["territories"]),
                  str(c.get("kind", "continent")))
        for c in raw_continents
    )
    raw_lines = data.get("lines", [])
    assert isinstance(raw_lines, list)
    lines = frozenset((min(index[a], index[b]), max(index[a], index[b])) for a, b in raw_lines)
    for a, b in lines:
        if b not in neighbours[a]:
            raise ValueError(f"the line {territories[a].id}-{territories[b].id} is not a border")
    # Format 1 gives a board two wild cards unless it says otherwise; the older files (no format) gave none.
    wild = data.get("wild_cards", 2 if "format" in data else 0)
    assert isinstance(wild, int)
    return Board(
        id=str(data["id"]),
        name=str(data["name"]),
        territories=territories,
        continents=continents,
        neighbours=neighbours,
        wild_cards=wild,
        index=index,
        adjacent=tuple(frozenset(ns) for ns in neighbours),
        lines=lines,
        missions=missions_from(data.get("missions"), continent_index),
    )


class MissingBoard(ValueError):
    """An imported board (``imported:HASH``) that this program does not hold: the player has to import the map
    first. Carries the reference, the hash and the board's name where it is known (a link carries it)."""

    def __init__(self, ref: str, name: str = "") -> None:
        self.ref, self.hash, self.name = ref, ref.partition(":")[2], name
        shown = f'the map "{name}"' if name else f"the map {ref}"
        super().__init__(f"this game is played on {shown}, which is not here: import it first")


GENERATED, IMPORTED = "generated:", "imported:"
# Imported boards this program holds (the page's saved boards, a file given on the command line), by
# reference: the whole board file, as registered.
_REGISTERED: dict[str, dict[str, object]] = {}


def register_board(data: dict[str, object]) -> str:
    """Hold an imported (or any other) board file, checked by :func:`risk.boardfile.validate`, and return its
    reference, ``imported:`` and its content hash (docs/boards.md): what a link to a game on it carries."""
    from risk.boardfile import content_hash, validate

    validate(data)
    ref = IMPORTED + content_hash(data)
    _REGISTERED[ref] = data
    return ref


def forget_board(ref: str) -> None:
    """Stop holding a registered board (the page's "delete"): a game on it then raises :class:`MissingBoard`."""
    _REGISTERED.pop(ref, None)
    if ref.startswith(IMPORTED):
        _BOARDS.pop(ref, None)


def board_file(ref: str) -> dict[str, object]:
    """The whole board file (drawing included) that a reference names: a shipped board's file, a generated
    world (made from its reference), or an imported board held by :func:`register_board`."""
    if ref.startswith(GENERATED):
        from risk.worldgen.generator import generate, parse_reference

        version, seed, size, continents = parse_reference(ref)
        return generate(seed, size, continents, version)
    if ref.startswith(IMPORTED):
        if ref not in _REGISTERED:
            raise MissingBoard(ref)
        return _REGISTERED[ref]
    try:
        text = resources.files("risk").joinpath("maps", f"{ref}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        raise ValueError(f"no map called {ref!r}") from None
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def load_board(name: str) -> Board:
    """The board a reference names (docs/boards.md, "Board references"): a shipped board by its name
    (``"classic"``), a generated world (``"generated:1:48213:medium:5"``, made the first time it is asked
    for) or an imported board that :func:`register_board` holds (``"imported:HASH"``; else
    :class:`MissingBoard`). A reference that names no board raises a ``ValueError``."""
    board = _BOARDS.get(name)
    if board is None:
        if name.startswith(GENERATED):
            from risk.worldgen.generator import generate, parse_reference

            version, seed, size, continents = parse_reference(name)
            data = generate(seed, size, continents, version, drawing=False)
        else:
            data = board_file(name)
        board = _BOARDS[name] = board_from_dict(data)
    return board


_BOARDS: dict[str, Board] = {}


def board_to_json(board: Board) -> dict[str, object]:
    """The public JSON form printed by ``python -m risk map``: territories and groups as on the classic board,
    plus, where a board has them, each territory's waters and castle site, each group's kind (an empire,
    the independents) and the borders drawn as lines across water."""
    territories: list[dict[str, object]] = []
    for i, t in enumerate(board.territories):
        item: dict[str, object] = {
            "id": t.id,
            "name": t.name,
            "continent": board.continents[t.continent].id,
            "neighbours": [board.territories[n].id for n in board.neighbours[i]],
        }
        if t.seas:
            item["seas"] = list(t.seas)
        if t.castle_allowed:
            item["castle_allowed"] = True
        territories.append(item)
    continents: list[dict[str, object]] = []
    for c in board.continents:
        group: dict[str, object] = {"id": c.id, "name": c.name, "bonus": c.bonus,
                                    "territories": [board.territories[i].id for i in c.territories]}
        if c.kind != "continent":
            group["kind"] = c.kind
        continents.append(group)
    data: dict[str, object] = {"territories": territories, "continents": continents}
    if board.lines:
        data["lines"] = sorted([board.territories[a].id, board.territories[b].id] for a, b in board.lines)
    return data
