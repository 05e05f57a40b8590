"""Board files: the one JSON format every board is read in (docs/boards.md), checked before anything uses it.

A board file holds the graph the engine plays on (territories, continents and bonuses, borders, card designs)
and, optionally, the drawing the page shows (outlines, badge points, sea lines). Shipped boards, generated
ones and imported ones are all board files, so one validator stands between any of them and a game: a file
from a stranger's disk is refused with a message that names the board, the place and the problem, never
half-loaded. The engine itself reads the graph with :func:`risk.board.board_from_dict`; the drawing is drawn
by :func:`risk.drawing.board_svg`.

>>> try:
...     validate({"name": "Atlantis", "format": 2})
... except BoardFileError as error:
...     print(error)
the board "Atlantis": format: made by a newer version of the game (format 2; this version reads format 1)
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping
from typing import NoReturn, TypeGuard

from risk.board import FORMAT
from risk.paths import Ring, inside, path_rings

MIN_TERRITORIES, MAX_TERRITORIES = 6, 250
MAX_NAME = 80  # characters of a territory's, continent's or board's name (the legend and the names layer)
ID = re.compile(r"[a-z0-9_-]{1,40}")  # ids become element ids and class names in the page: no spaces, no markup
CARDS = ("infantry", "cavalry", "artillery")
KINDS = ("continent", "empire", "independent")
COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|none")
CLASSES = re.compile(r"[a-z][a-z0-9-]{0,30}(?: [a-z][a-z0-9-]{0,30}){0,3}")
PICTURE = re.compile(r"data:image/(?:png|gif|jpeg|webp);base64,[A-Za-z0-9+/=]+")  # never another origin
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class BoardFileError(ValueError):
    """A board file that cannot be played or drawn: the message names the board, the place and the problem."""


# -- reading ----------------------------------------------------------------------------------------------


def canonical_json(data: object) -> str:
    """The board file as one canonical string (keys sorted, no spaces, non-ASCII kept): what its hash is of.

    >>> canonical_json({"b": [1, 2], "a": "é"})
    '{"a":"é","b":[1,2]}'
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def content_hash(data: object) -> str:
    """The first 16 hex digits of the SHA-256 of :func:`canonical_json`: how a link names an imported board.

    >>> content_hash({"a": 1}) == content_hash({"a": 1.0}) or len(content_hash({"a": 1}))
    16
    """
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()[:16]


def graph_only(data: Mapping[str, object]) -> dict[str, object]:
    """The board file without its drawing: what the engine needs (the page's engine archive ships this).

    >>> graph_only({"id": "x", "drawing": {"view_box": [0, 0, 1, 1]}})
    {'id': 'x'}
    """
    return {key: value for key, value in data.items() if key != "drawing"}


def loads(text: str | bytes, what: str = "the board file") -> dict[str, object]:
    """Parse and :func:`validate` a board file's text; a file that is not JSON is refused by line and column."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        where = f"line {error.lineno}, column {error.colno}: " if isinstance(error, json.JSONDecodeError) else ""
        raise BoardFileError(f"{what}: {where}not a JSON file ({getattr(error, 'msg', error)})") from None
    validate(data)
    assert isinstance(data, dict)
    return data


# -- the validator --------------------------------------------------------------------------------------------


def validate(data: object) -> None:
    """Refuse a board file that cannot be played or drawn, with :class:`BoardFileError` naming the board,
    the place and the problem; return None for a good one. The cases are docs/boards.md's list."""
    _Check(data).run()


class _Check:
    """One validation: :meth:`fail` raises with the board's name in front of the place and the problem."""

    def __init__(self, data: object) -> None:
        self.data = data
        self.board = "the board"
        if isinstance(data, dict):
            name, ident = data.get("name"), data.get("id")
            if isinstance(name, str) and name.strip():
                self.board = f'the board "{_short(name)}"'
            elif isinstance(ident, str) and ident:
                self.board = f'the board "{_short(ident)}"'

    def fail(self, place: str, problem: str) -> NoReturn:
        raise BoardFileError(f"{self.board}: {place}: {problem}")

    def run(self) -> None:
        data = self.data
        if not isinstance(data, dict):
            raise BoardFileError(f"{self.board}: a board file is a JSON object, not {_kind(data)}")
        self.check_format(data.get("format"))
        self.check_id("id", data.get("id"))
        self.check_name("name", data.get("name"))
        wild = data.get("wild_cards", 2)
        if not _is_int(wild) or not 0 <= wild <= 99:
            self.fail("wild_cards", f"must be a whole number from 0 to 99, not {_show(wild)}")
        continents = self.check_continents(data.get("continents"))
        territories = self.check_territories(data.get("territories"), continents)
        self.check_groups(continents, territories)
        self.check_connected(territories)
        lines = self.check_lines(data.get("lines", []), territories)
        if "missions" in data:
            from risk.board import missions_from

            try:
                missions_from(data["missions"], {c: i for i, c in enumerate(continents)})
            except ValueError as error:
                self.fail("missions", str(error))
        if "drawing" in data:
            _Drawing(self, data["drawing"], territories, continents, lines).run()

    # -- the graph

    def check_format(self, value: object) -> None:
        if value is None:
            self.fail("format", f"missing (a board file says which format it is in: \"format\": {FORMAT})")
        if not _is_int(value) or value < 1:
            self.fail("format", f"must be a whole number (1), not {_show(value)}")
        if value > FORMAT:
            self.fail("format", f"made by a newer version of the game (format {value}; "
                                f"this version reads format {FORMAT})")

    def check_id(self, place: str, value: object) -> str:
        if not isinstance(value, str) or not ID.fullmatch(value):
            self.fail(place, f"an id is 1 to 40 of a-z, 0-9, _ and -, not {_show(value)}")
        return value

    def check_name(self, place: str, value: object) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(place, f"a name is some text, not {_show(value)}")
        if len(value) > MAX_NAME:
            self.fail(place, f"the name is {len(value)} characters long (at most {MAX_NAME})")
        if CONTROL.search(value):
            self.fail(place, "the name holds a control character")
        return value

    def items(self, place: str, value: object) -> list[dict[str, object]]:
        """A list of JSON objects, or a failure naming the first thing that is not one."""
        if not isinstance(value, list):
            self.fail(place, f"must be a list, not {_kind(value)}")
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                self.fail(f"{place}[{i}]", f"must be an object, not {_kind(item)}")
        return value

    def strings(self, place: str, value: object) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(place, f"must be a list of ids, not {_show(value)}")
        return value

    def check_continents(self, value: object) -> dict[str, dict[str, object]]:
        continents: dict[str, dict[str, object]] = {}
        for i, c in enumerate(self.items("continents", value)):
            cid = self.check_id(f"continents[{i}].id", c.get("id"))
            place = f'continent "{cid}"'
            if cid in continents:
                self.fail(place, "this id is used twice (every continent needs its own)")
            self.check_name(f"{place}: name", c.get("name"))
            bonus = c.get("bonus")
            if not _is_int(bonus) or bonus < 0:
                self.fail(place, f"the bonus must be a whole number, 0 or more, not {_show(bonus)}")
            kind = c.get("kind", "continent")
            if kind not in KINDS:
                self.fail(place, f"kind must be one of {', '.join(KINDS)}, not {_show(kind)}")
            self.strings(f"{place}: territories", c.get("territories"))
            continents[cid] = c
        if not continents:
            self.fail("continents", "there are none (every territory belongs to one)")
        return continents

    def check_territories(self, value: object, continents: Mapping[str, object]) -> dict[str, dict[str, object]]:
        raw = self.items("territories", value)
        territories: dict[str, dict[str, object]] = {}
        for i, t in enumerate(raw):
            tid = self.check_id(f"territories[{i}].id", t.get("id"))
            place = f'territory "{tid}"'
            if tid in territories:
                self.fail(place, "this id is used twice (every territory needs its own)")
            self.check_name(f"{place}: name", t.get("name"))
            continent = t.get("continent")
            if not isinstance(continent, str) or continent not in continents:
                self.fail(place, f"it is in continent {_show(continent)}, which the board does not have")
            if "card" in t and t["card"] not in CARDS:
                self.fail(place, f"the card design must be one of {', '.join(CARDS)}, not {_show(t['card'])}")
            self.strings(f"{place}: neighbours", t.get("neighbours"))
            self.strings(f"{place}: seas", t.get("seas", []))
            if not isinstance(t.get("castle_allowed", False), bool):
                self.fail(place, f"castle_allowed must be true or false, not {_show(t['castle_allowed'])}")
            territories[tid] = t
        if not MIN_TERRITORIES <= len(territories) <= MAX_TERRITORIES:
            self.fail("territories", f"the board has {len(territories)}; a board has "
                                     f"{MIN_TERRITORIES} to {MAX_TERRITORIES}")
        for tid, t in territories.items():
            neighbours = t["neighbours"]
            assert isinstance(neighbours, list)
            seen: set[str] = set()
            for n in neighbours:
                if n == tid:
                    self.fail(f'territory "{tid}"', "it lists itself as a neighbour")
                if n not in territories:
                    self.fail(f'territory "{tid}"', f'it borders "{_short(n)}", which the board does not have')
                if n in seen:
                    self.fail(f'territory "{tid}"', f'it lists "{n}" twice as a neighbour')
                seen.add(n)
                back = territories[n]["neighbours"]
                assert isinstance(back, list)
                if tid not in back:
                    self.fail(f'territory "{tid}"', f'its border to "{n}" is listed one way only '
                                                    f'("{n}" does not list "{tid}"; borders go both ways)')
        return territories

    def check_groups(self, continents: Mapping[str, dict[str, object]],
                     territories: Mapping[str, dict[str, object]]) -> None:
        listed: dict[str, str] = {}
        for cid, c in continents.items():
            members = c["territories"]
            assert isinstance(members, list)
            if not members:
                self.fail(f'continent "{cid}"', "it has no territories")
            for tid in members:
                if tid not in territories:
                    self.fail(f'continent "{cid}"', f'it lists "{_short(tid)}", which the board does not have')
                if tid in listed:
                    where = "twice" if listed[tid] == cid else f'in "{listed[tid]}" too'
                    self.fail(f'territory "{tid}"', f'it is in two continents ("{cid}" lists it {where})')
                listed[tid] = cid
        for tid, t in territories.items():
            if tid not in listed:
                self.fail(f'territory "{tid}"', "it is in no continent (no continent lists it)")
            if listed[tid] != t["continent"]:
                self.fail(f'territory "{tid}"', f'it says it is in "{t["continent"]}" but "{listed[tid]}" '
                                                f"lists it")

    def check_connected(self, territories: Mapping[str, dict[str, object]]) -> None:
        first = next(iter(territories))
        reached = {first}
        frontier = [first]
        while frontier:
            neighbours = territories[frontier.pop()]["neighbours"]
            assert isinstance(neighbours, list)
            for n in neighbours:
                if n not in reached:
                    reached.add(n)
                    frontier.append(n)
        apart = [tid for tid in territories if tid not in reached]
        if apart:
            more = f" and {len(apart) - 3} more" if len(apart) > 3 else ""
            self.fail(f'territory "{apart[0]}"', f'nobody can reach it from "{first}" (no chain of borders joins '
                                                 f'them; cut off: {", ".join(apart[:3])}{more})')

    def check_lines(self, value: object, territories: Mapping[str, dict[str, object]]) -> set[frozenset[str]]:
        if not isinstance(value, list):
            self.fail("lines", f"must be a list of pairs of territories, not {_kind(value)}")
        lines: set[frozenset[str]] = set()
        for i, pair in enumerate(value):
            if (not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(p, str) for p in pair)
                    or pair[0] == pair[1]):
                self.fail(f"lines[{i}]", f"a line joins two territories, not {_show(pair)}")
            a, b = pair
            neighbours = territories[a]["neighbours"] if a in territories else []
            assert isinstance(neighbours, list)
            if b not in neighbours:
                self.fail(f"lines[{i}]", f'"{_short(a)}" and "{_short(b)}" do not share a border, so no line '
                                         f"can join them")
            if frozenset(pair) in lines:
                self.fail(f"lines[{i}]", f'"{a}"–"{b}" is listed twice')
            lines.add(frozenset(pair))
        return lines


class _Drawing:
    """The checks of a board file's ``drawing``."""

    def __init__(self, check: _Check, value: object, territories: Mapping[str, object],
                 continents: Mapping[str, object], lines: set[frozenset[str]]) -> None:
        self.check, self.value, self.territories, self.continents, self.lines = (
            check, value, territories, continents, lines)

    def fail(self, place: str, problem: str) -> NoReturn:
        self.check.fail(f"drawing: {place}" if place else "drawing", problem)

    def run(self) -> None:
        drawing = self.value
        if not isinstance(drawing, dict):
            self.fail("", f"must be an object, not {_kind(drawing)}")
        box = self.numbers("view_box", drawing.get("view_box"), 4)
        if box[2] <= 0 or box[3] <= 0:
            self.fail("view_box", f"the width and height must be more than 0, not {box[2]:g} and {box[3]:g}")
        if "label" in drawing:
            self.check.check_name("drawing: label", drawing["label"])
        self.check_territories(drawing.get("territories"))
        self.check_continents(drawing.get("continents", {}))
        for i, shape in enumerate(self.check.items("drawing: background", drawing.get("background", []))):
            self.path(f"background[{i}]", shape.get("d"))
            self.colour(f"background[{i}].fill", shape.get("fill", "none"))
            self.classes(f"background[{i}].class", shape.get("class", "background"))
        self.check_sea_links(drawing.get("sea_links", []))
        self.check_style(drawing.get("sea_line", {}))
        for i, text in enumerate(self.check.items("drawing: texts", drawing.get("texts", []))):
            self.check.check_name(f"drawing: texts[{i}].text", text.get("text"))
            self.numbers(f"texts[{i}]", [text.get("x"), text.get("y")], 2)
            self.positive(f"texts[{i}].size", text.get("size", 12))
            self.colour(f"texts[{i}].fill", text.get("fill", "#000"))
            self.classes(f"texts[{i}].class", text.get("class", "text"))
            if not isinstance(text.get("italic", False), bool):
                self.fail(f"texts[{i}].italic", f"must be true or false, not {_show(text['italic'])}")
            weight = text.get("weight", 400)
            if not _is_int(weight) or not 100 <= weight <= 900:
                self.fail(f"texts[{i}].weight", f"must be a font weight from 100 to 900, not {_show(weight)}")
        if "picture" in drawing:
            self.check_picture(drawing["picture"])

    def check_territories(self, value: object) -> None:
        if not isinstance(value, dict):
            self.fail("territories", f"must be an object with one entry per territory, not {_kind(value)}")
        missing = [tid for tid in self.territories if tid not in value]
        if missing:
            self.fail(f'territories: "{missing[0]}"', "the board has this territory but the drawing does not")
        extra = [tid for tid in value if tid not in self.territories]
        if extra:
            self.fail(f'territories: "{_short(extra[0])}"', "the drawing has this territory but the board does not")
        for tid in self.territories:
            t = value[tid]
            place = f'territory "{tid}"'
            if not isinstance(t, dict):
                self.fail(place, f"must be an object, not {_kind(t)}")
            land = t.get("land")
            if isinstance(land, str):
                land = [land]
            if not isinstance(land, list) or not land or not all(isinstance(d, str) for d in land):
                self.fail(f"{place}: land", "the land is one or more SVG paths")
            for i, d in enumerate(land):
                self.path(f"{place}: land[{i}]", d)
            rings = self.path(f"{place}: land", " ".join(land))  # drawn as one path, read as one
            badge = self.numbers(f"{place}: badge", t.get("badge"), 3)
            if badge[2] <= 0:
                self.fail(f"{place}: badge", f"the radius must be more than 0, not {badge[2]:g}")
            if not inside((badge[0], badge[1]), rings):
                self.fail(f"{place}: badge", f"the badge point ({badge[0]:g}, {badge[1]:g}) is outside "
                                             f"the territory's own land")
            if "label" in t:
                self.numbers(f"{place}: label", t["label"], 2)
            if "fill" in t:
                self.colour(f"{place}: fill", t["fill"])

    def check_continents(self, value: object) -> None:
        if not isinstance(value, dict):
            self.fail("continents", f"must be an object keyed by continent id, not {_kind(value)}")
        for cid, style in value.items():
            if cid not in self.continents:
                self.fail(f'continents: "{_short(cid)}"', "the board has no such continent")
            if not isinstance(style, dict):
                self.fail(f'continents: "{cid}"', f"must be an object, not {_kind(style)}")
            for key in ("fill", "outline"):
                if key in style:
                    self.colour(f'continents: "{cid}": {key}', style[key])

    def check_sea_links(self, value: object) -> None:
        for i, link in enumerate(self.check.items("drawing: sea_links", value)):
            pair = link.get("link")
            if not isinstance(pair, list) or len(pair) != 2 or frozenset(map(str, pair)) not in self.lines:
                self.fail(f"sea_links[{i}]", f"{_show(pair)} is not one of the board's lines (a sea link is "
                                             f"drawn for a border listed in \"lines\")")
            self.numbers(f"sea_links[{i}].line", link.get("line"), 4)

    def check_style(self, value: object) -> None:
        if not isinstance(value, dict):
            self.fail("sea_line", f"must be an object, not {_kind(value)}")
        if "colour" in value:
            self.colour("sea_line.colour", value["colour"])
        for key in ("width", "least"):
            if key in value:
                self.numbers(f"sea_line.{key}", [value[key]], 1)
        if "dash" in value:
            self.numbers("sea_line.dash", value["dash"], 2)
        for key in ("over", "round"):
            if not isinstance(value.get(key, False), bool):
                self.fail(f"sea_line.{key}", f"must be true or false, not {_show(value[key])}")

    def check_picture(self, value: object) -> None:
        if not isinstance(value, dict):
            self.fail("picture", f"must be an object, not {_kind(value)}")
        href = value.get("href")
        if not isinstance(href, str) or not PICTURE.fullmatch(href):
            self.fail("picture.href", "the picture is a data: URL of a PNG, GIF, JPEG or WebP image in base64 "
                                      "(the page loads nothing from elsewhere)")
        box = self.numbers("picture", [value.get(k) for k in ("x", "y", "width", "height")], 4)
        if box[2] <= 0 or box[3] <= 0:
            self.fail("picture", "the width and height must be more than 0")

    # -- values

    def numbers(self, place: str, value: object, count: int) -> list[float]:
        if (not isinstance(value, list) or len(value) != count
                or not all(_is_number(v) and math.isfinite(v) for v in value)):
            self.fail(place, f"must be {count} number{'s' if count > 1 else ''}, not {_show(value)}")
        return [float(v) for v in value]

    def positive(self, place: str, value: object) -> None:
        if not _is_number(value) or not 0 < value < 1000:
            self.fail(place, f"must be a number more than 0, not {_show(value)}")

    def colour(self, place: str, value: object) -> None:
        if not isinstance(value, str) or not COLOUR.fullmatch(value):
            self.fail(place, f"a colour is #rgb, #rrggbb (or with alpha) or none, not {_show(value)}")

    def classes(self, place: str, value: object) -> None:
        if not isinstance(value, str) or not CLASSES.fullmatch(value):
            self.fail(place, f"classes are up to 4 words of a-z, 0-9 and -, not {_show(value)}")

    def path(self, place: str, value: object) -> list[Ring]:
        if not isinstance(value, str):
            self.fail(place, f"must be SVG path data, not {_kind(value)}")
        try:
            rings = path_rings(value)
        except ValueError as error:
            self.fail(place, str(error))
        if not rings:
            self.fail(place, "the path draws nothing")
        return rings


# -- words --------------------------------------------------------------------------------------------------


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _short(text: object, most: int = 40) -> str:
    """Untrusted text as it goes into a message: one line, cut short."""
    shown = CONTROL.sub("?", str(text))
    return shown if len(shown) <= most else shown[:most - 1] + "…"


def _show(value: object) -> str:
    if value is None:
        return "nothing"
    return _short(json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else f'"{value}"')


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true or false", type(None): "null"}.get(
        type(value), "a number")


# -- a game with its board ------------------------------------------------------------------------------------

GAME_WITH_BOARD = "risk game with board"  # the "kind" of a file holding a game and the board it is played on
GAME_WITH_BOARD_VERSION = 1  # the version of that file this version of the game writes and reads


def is_game_with_board(data: object) -> bool:
    """Whether parsed JSON is a game-with-board file (docs/boards.md) rather than a board file.

    >>> is_game_with_board({"kind": "risk game with board"}), is_game_with_board({"format": 1})
    (True, False)
    """
    return isinstance(data, dict) and data.get("kind") == GAME_WITH_BOARD


def game_with_board(code: str, board: Mapping[str, object]) -> str:
    """The text of a game-with-board file: the game's code (a replay code, the whole game) and the whole board file
    it is played on (drawing included), so that whoever imports it gets the map and the game in one go."""
    data = {"kind": GAME_WITH_BOARD, "version": GAME_WITH_BOARD_VERSION, "game": code, "board": dict(board)}
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n"


def read_game_with_board(data: object, what: str = "the file") -> tuple[str, dict[str, object]]:
    """The game's code and the board file of a parsed game-with-board file, the board checked by :func:`validate`;
    a :class:`BoardFileError` naming ``what`` and the problem for a file that is not a good one.

    >>> read_game_with_board({"kind": "risk game with board", "version": 2})
    Traceback (most recent call last):
        ...
    risk.boardfile.BoardFileError: the file: made by a newer version of the game (version 2; this version reads 1)
    """
    if not is_game_with_board(data):
        raise BoardFileError(f"{what}: not a game with its board")
    assert isinstance(data, dict)
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise BoardFileError(f"{what}: version must be a whole number (1), not {_show(version)}")
    if version > GAME_WITH_BOARD_VERSION:
        raise BoardFileError(f"{what}: made by a newer version of the game (version {version}; this version reads "
                             f"{GAME_WITH_BOARD_VERSION})")
    code, board = data.get("game"), data.get("board")
    if not isinstance(code, str) or not code.strip():
        raise BoardFileError(f"{what}: game: the game's code is missing")
    if not isinstance(board, dict):
        raise BoardFileError(f"{what}: board: must be a board file (a JSON object), not {_kind(board)}")
    validate(board)
    return code.strip(), board
