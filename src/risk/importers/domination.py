"""Domination's maps imported as this game's board file (format 1, ``docs/boards.md``).

A Domination map is a few files side by side (or in one zip): the ``.map`` text, which names the others in its
``[files]`` section (``pic`` the picture shown, ``map`` the index image, ``crd`` the ``.cards`` text, ``prv`` a
preview, not needed), and lists ``[continents]`` (name, bonus, colour), ``[countries]`` (number, name,
continent, x and y of its army badge) and ``[borders]`` (a country's number, then its neighbours'). Lines
that are empty or start with ``;`` are comments; a name's ``_`` is a space; lines before the first section are
``key value`` settings (``name``, ``author``...). The ``.cards`` text lists ``[cards]`` (``Infantry``,
``Cavalry`` or ``Cannon`` and a country's number, or ``wildcard``) and ``[missions]`` (secret missions, kept in
the board file for a later mode). In the index image each pixel's blue channel is the number of the country it
belongs to, 255 none.

:func:`import_map` reads them from a mapping of file names to bytes (what the page's file picker gives; names
are matched as the ``.map`` writes them, else ignoring case), checks every line and pixel, traces the index
image into outlines (:mod:`risk.importers.trace`) and returns the board file, validated
(:func:`risk.boardfile.validate`), with the warnings to show. Bad or incomplete files raise
:class:`MapImportError` naming the file, the line and the problem; nothing is half imported. How the importer
settles what Domination allows and this game's boards do not (one-way borders, a badge point off its land,
empty continents) is written in ``docs/rules.md``.
"""

from __future__ import annotations

import base64
import io
import re
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field

from risk.boardfile import BoardFileError, content_hash, validate
from risk.importers.errors import MapImportError
from risk.importers.images import IndexImage, decode_index_image, picture_size
from risk.importers.trace import Piece, Tracing, contains, deepest_points, distance_to_outline, trace

NO_COUNTRY = 255
BADGE_RADIUS = 10  # Domination's army circle is 20 pixels across unless the map's "circle" setting says otherwise
WRAP_MARGIN = 24  # a crossing round the world's edge is drawn this far past each edge (the view box widened)
SEA_LINE_LEAST = 24  # the board's sea lines drawn out to at least this long (risk.drawing), within that margin
PICTURE_LIMIT = 600_000  # bytes of picture kept in the board file (a data: URL a third larger): browser storage
ZIP_LIMIT = 30_000_000  # bytes a zip may unpack to
CARD_KINDS = {"infantry": "infantry", "cavalry": "cavalry", "cannon": "artillery"}
# Domination's colour names (any other colour is written as a number, "#rrggbb" or "0xrrggbb").
COLOUR_NAMES = {
    "black": 0x000000, "blue": 0x0000FF, "cyan": 0x00FFFF, "darkgray": 0x404040, "gray": 0x808080,
    "green": 0x00FF00, "lightgray": 0xC0C0C0, "magenta": 0xFF00FF, "orange": 0xFFC800, "pink": 0xFFAFAF,
    "red": 0xFF0000, "white": 0xFFFFFF, "yellow": 0xFFFF00,
}
DEFAULT_FILL = "#d9d2bd"  # the classic board's land, where a continent's colour cannot be read
SEA = "#cfe0ea"


@dataclass(frozen=True)
class Imported:
    """A map turned into a board file: the file's data, and what the player should be told about it."""

    board: dict[str, object]
    warnings: tuple[str, ...]
    files: tuple[str, ...]  # the files read, the .map first


# --------------------------------------------------------------------------------------------------
# The text files


@dataclass
class _Continent:
    key: str
    bonus: int
    colour: int | None
    line: int


@dataclass
class _Country:
    number: int
    key: str
    continent: int
    x: int
    y: int
    line: int


@dataclass
class _MapText:
    settings: dict[str, str] = field(default_factory=dict)
    files: dict[str, tuple[str, int]] = field(default_factory=dict)  # pic, map, crd, prv: (file name, line)
    continents: list[_Continent] = field(default_factory=list)
    countries: list[_Country] = field(default_factory=list)
    borders: list[tuple[int, int, int]] = field(default_factory=list)  # (country, neighbour, line)
    sections: set[str] = field(default_factory=set)


def _text(data: bytes, name: str) -> str:
    """A text file's characters: UTF-8 (with or without its mark), else Windows' Latin (older maps)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _lines(text: str) -> list[tuple[int, str]]:
    """The lines that say something, with their numbers (from 1): not empty, not a ``;`` comment."""
    result = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith(";"):
            result.append((number, line))
    return result


def _number(token: str, file: str, line: int, what: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise MapImportError(file, f"{what} should be a whole number, not {token!r}", line) from None


def _colour(token: str) -> int | None:
    """A Domination colour: one of its names, or a number ("#ff8800", "0xff8800", "16746496"); None if not."""
    named = COLOUR_NAMES.get(token.lower())
    if named is not None:
        return named
    text = token.lower()
    try:
        if text.startswith("#"):
            return int(text[1:], 16) & 0xFFFFFF
        if text.startswith("0x"):
            return int(text[2:], 16) & 0xFFFFFF
        return int(text, 10) & 0xFFFFFF
    except ValueError:
        return None


def parse_map(data: bytes, name: str, warnings: list[str]) -> _MapText:
    """The ``.map`` file's settings and sections, each entry checked on its own line."""
    result = _MapText()
    section = ""
    for line, text in _lines(_text(data, name)):
        if text.startswith("[") and text.endswith("]"):
            section = text[1:-1].strip().lower()
            if section not in ("files", "continents", "countries", "borders"):
                warnings.append(f"{name}, line {line}: the section [{section}] is not one Domination maps have; "
                                "it is skipped")
            result.sections.add(section)
            continue
        tokens = text.split()
        if section == "":
            key, _, value = text.partition(" ")
            result.settings[key.lower()] = value.strip()
        elif section == "files":
            kind = tokens[0].lower()
            if kind not in ("pic", "map", "crd", "prv") or len(tokens) < 2:
                raise MapImportError(name, f"[files] names a file as pic, map, crd or prv and then its name, not "
                                           f"{text!r}", line)
            result.files[kind] = (text[len(tokens[0]):].strip(), line)
        elif section == "continents":
            if len(tokens) not in (2, 3):
                raise MapImportError(name, "a continent is its name, its bonus and its colour (three words), not "
                                           f"{text!r}", line)
            bonus = _number(tokens[1], name, line, "a continent's bonus")
            if bonus < 0:
                raise MapImportError(name, f"a continent's bonus cannot be negative ({bonus})", line)
            result.continents.append(_Continent(tokens[0], bonus, _colour(tokens[2]) if len(tokens) == 3 else None,
                                                line))
        elif section == "countries":
            if len(tokens) != 5:
                raise MapImportError(name, "a country is its number, name, continent, x and y (five words), not "
                                           f"{text!r}", line)
            number = _number(tokens[0], name, line, "a country's number")
            expected = len(result.countries) + 1
            if number != expected:
                raise MapImportError(name, f"countries are numbered 1, 2, 3... in order: this one should be "
                                           f"{expected}, not {number}", line)
            result.countries.append(_Country(
                number, tokens[1], _number(tokens[2], name, line, "a country's continent"),
                _number(tokens[3], name, line, "a country's x"), _number(tokens[4], name, line, "a country's y"),
                line))
        elif section == "borders":
            country = _number(tokens[0], name, line, "a country's number")
            for token in tokens[1:]:
                result.borders.append((country, _number(token, name, line, "a neighbour's number"), line))
    for needed in ("continents", "countries", "borders"):
        if needed not in result.sections:
            raise MapImportError(name, f"the map has no [{needed}] section")
    return result


@dataclass
class _Cards:
    cards: list[tuple[str, int, int]] = field(default_factory=list)  # (kind, country or 0 for a wild card, line)
    missions: list[dict[str, object]] = field(default_factory=list)


def parse_cards(data: bytes, name: str, countries: int, continents: list[str], warnings: list[str]) -> _Cards:
    """The ``.cards`` file: each card's design and country, and the secret missions as they are written."""
    result = _Cards()
    section = ""
    for line, text in _lines(_text(data, name)):
        if text.startswith("[") and text.endswith("]"):
            section = text[1:-1].strip().lower()
            if section not in ("cards", "missions"):
                warnings.append(f"{name}, line {line}: the section [{section}] is not one Domination's cards have; "
                                "it is skipped")
            continue
        tokens = text.split()
        if section == "cards":
            kind = tokens[0].lower()
            if kind == "wildcard" and len(tokens) == 1:
                result.cards.append(("wild", 0, line))
                continue
            if kind not in CARD_KINDS or len(tokens) != 2:
                raise MapImportError(name, f"a card is Infantry, Cavalry or Cannon and a country's number, or "
                                           f"wildcard, not {text!r}", line)
            country = _number(tokens[1], name, line, "a card's country")
            if not 1 <= country <= countries:
                raise MapImportError(name, f"the card is for country {country}, but the map has countries 1 to "
                                           f"{countries}", line)
            result.cards.append((CARD_KINDS[kind], country, line))
        elif section == "missions":
            if len(tokens) < 6:
                raise MapImportError(name, "a mission is a player to eliminate, a number of countries, armies on "
                                           "each, three continents and its words, not " + repr(text), line)
            eliminate = _number(tokens[0], name, line, "a mission's player")
            held = _number(tokens[1], name, line, "a mission's number of countries")
            armies = _number(tokens[2], name, line, "a mission's armies")
            goals: list[str] = []
            for token in tokens[3:6]:
                if token == "*":
                    goals.append("*")
                    continue
                number = _number(token, name, line, "a mission's continent")
                if number == 0:
                    continue
                if not 1 <= number <= len(continents):
                    raise MapImportError(name, f"the mission names continent {number}, but the map has continents "
                                               f"1 to {len(continents)}", line)
                goals.append(continents[number - 1])
            mission: dict[str, object] = {"text": " ".join(tokens[6:])}
            if eliminate:
                mission["eliminate"] = eliminate
            if held:
                mission["territories"] = held
                mission["armies"] = armies
            if goals:
                mission["continents"] = goals
            result.missions.append(mission)
    return result


# --------------------------------------------------------------------------------------------------
# Files: given by name, or in a zip


def read_zip(data: bytes, name: str) -> dict[str, bytes]:
    """The files of a zip by their own names (folders dropped), refusing one too large to hold."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = [info for info in archive.infolist() if not info.is_dir()]
        if sum(info.file_size for info in entries) > ZIP_LIMIT:
            raise MapImportError(name, f"the zip unpacks to more than {ZIP_LIMIT // 1_000_000} MB; a map is far "
                                       "smaller")
        files: dict[str, bytes] = {}
        for info in entries:
            base = info.filename.replace("\\", "/").rpartition("/")[2]
            if base and not base.startswith(".") and "__MACOSX" not in info.filename:
                files.setdefault(base, archive.read(info))
        return files
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError) as error:
        if isinstance(error, MapImportError):
            raise
        raise MapImportError(name, f"not a zip file that can be read ({error})") from None


def _find(files: Mapping[str, bytes], wanted: str) -> str | None:
    """The given file that a [files] entry names: by that name, else ignoring case and any folder."""
    base = wanted.replace("\\", "/").rpartition("/")[2]
    for candidate in (wanted, base):
        if candidate in files:
            return candidate
    lowered = base.lower()
    return next((f for f in files if f.replace("\\", "/").rpartition("/")[2].lower() == lowered), None)


def _map_file(files: Mapping[str, bytes], map_name: str | None) -> str:
    if map_name is not None:
        if map_name not in files:
            raise MapImportError(map_name, "the file was not given")
        return map_name
    maps = sorted(f for f in files if f.lower().endswith(".map"))
    if len(maps) != 1:
        given = ", ".join(sorted(files)) or "none"
        raise MapImportError("the files", ("no .map file among them" if not maps else
                                           f"{len(maps)} .map files among them ({', '.join(maps)}): give one map "
                                           "at a time") + f" (given: {given})")
    return maps[0]


# --------------------------------------------------------------------------------------------------
# The board


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:40].strip("_")


def _unique_ids(keys: list[str], fallback: str) -> list[str]:
    ids: list[str] = []
    taken: set[str] = set()
    for i, key in enumerate(keys, 1):
        base = _slug(key) or f"{fallback}_{i}"
        candidate, n = base, 2
        while candidate in taken:
            candidate = f"{base[:36]}_{n}"
            n += 1
        taken.add(candidate)
        ids.append(candidate)
    return ids


def _display_name(key: str) -> str:
    """A name as Domination shows it (``_`` a space), fit for a board file (80 characters, no control ones)."""
    name = re.sub(r"[\x00-\x1f\x7f]", "", key.replace("_", " ")).strip()[:80].strip()
    return name or _slug(key) or "?"


def _fill(colour: int | None) -> str:
    """A territory's colour before anyone holds it: its continent's colour, mixed half with white so that the
    players' colours stand out on it."""
    if colour is None:
        return DEFAULT_FILL
    r, g, b = (colour >> 16) & 255, (colour >> 8) & 255, colour & 255
    return "#{:02x}{:02x}{:02x}".format(*((c + 255 + 1) // 2 for c in (r, g, b)))


def path_data(loops: list[list[tuple[int, int]]]) -> str:
    """One piece's outline as SVG path data: each loop a subpath of relative moves, closed.

    >>> path_data([[(0, 0), (4, 0), (4, 3), (0, 3)], [(1, 1), (1, 2), (2, 2)]])
    'M0 0h4v3h-4zM1 1v1h1z'
    """
    parts = []
    for loop in loops:
        loop = _without_straight_points(loop)
        x, y = loop[0]
        out = [f"M{x} {y}"]
        for nx, ny in loop[1:]:
            dx, dy = nx - x, ny - y
            if dy == 0:
                out.append(f"h{dx}")
            elif dx == 0:
                out.append(f"v{dy}")
            else:
                out.append(f"l{dx}{'' if dy < 0 else ' '}{dy}")
            x, y = nx, ny
        parts.append("".join(out) + "z")
    return "".join(parts)


def _without_straight_points(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A loop without the corners that lie straight on the way between their neighbours (junctions kept for
    tracing, which the drawing does not need)."""
    kept = []
    n = len(loop)
    for i, (x, y) in enumerate(loop):
        px, py = loop[i - 1]
        nx, ny = loop[(i + 1) % n]
        if (x - px) * (ny - y) != (y - py) * (nx - x) or (x - px) * (nx - x) + (y - py) * (ny - y) < 0:
            kept.append((x, y))
    return kept if len(kept) >= 3 else loop


def _inside(pieces: list[Piece], x: float, y: float) -> float:
    """How far (x, y) is inside the pieces' land: the distance to their outline, or -1 if outside."""
    loops = [loop for piece in pieces for loop in piece.loops]
    return distance_to_outline(loops, x, y) if contains(loops, x, y) else -1.0


def import_map(files: Mapping[str, bytes], map_name: str | None = None, *, with_picture: bool = True) -> Imported:
    """The board file made from a Domination map's files (``map_name``: which is the ``.map``; by default the
    only one given). Raises :class:`MapImportError` naming the file and line at fault."""
    warnings: list[str] = []
    map_file = _map_file(files, map_name)
    text = parse_map(files[map_file], map_file, warnings)
    read = [map_file]

    def named(kind: str, required: bool) -> str | None:
        entry = text.files.get(kind)
        if entry is None:
            if required:
                raise MapImportError(map_file, f"[files] names no {kind} file (the "
                                               f"{'index image' if kind == 'map' else 'picture'})")
            return None
        wanted, line = entry
        found = _find(files, wanted)
        if found is None:
            what = {"pic": "the picture", "map": "the index image", "crd": "the cards"}[kind]
            raise MapImportError(map_file, f"[files] names {wanted} ({what}), but it is not among the files given "
                                           "(give it beside the .map, or all of them in one zip)", line)
        read.append(found)
        return found

    index_file = named("map", required=True)
    assert index_file is not None
    picture_file = named("pic", required=False) if with_picture else None
    cards_file = named("crd", required=False)
    if "crd" not in text.files:
        warnings.append(f"{map_file}: [files] names no cards file, so the deck gives designs by the rule for "
                        "boards that print none")

    # The graph, checked against the text.
    count = len(text.countries)
    if not text.countries:
        raise MapImportError(map_file, "[countries] lists no country")
    for country in text.countries:
        if not 1 <= country.continent <= len(text.continents):
            raise MapImportError(map_file, f"country {country.number} ({_display_name(country.key)}) is in "
                                           f"continent {country.continent}, but [continents] lists "
                                           f"{len(text.continents)}: every country needs a continent", country.line)
    names = [_display_name(c.key) for c in text.countries]
    neighbours: list[set[int]] = [set() for _ in range(count + 1)]
    listed: dict[tuple[int, int], int] = {}
    for a, b, line in text.borders:
        for end in (a, b):
            if not 1 <= end <= count:
                raise MapImportError(map_file, f"a border to country {end}, which [countries] does not have (it "
                                               f"lists 1 to {count})", line)
        if a == b:
            warnings.append(f"{map_file}, line {line}: {names[a - 1]} is listed as its own neighbour; that is "
                            "skipped")
            continue
        neighbours[a].add(b)
        listed.setdefault((a, b), line)
    one_way = sorted((line, a, b) for (a, b), line in listed.items() if (b, a) not in listed)
    for _, a, b in one_way:
        neighbours[b].add(a)
    if one_way:
        shown = "; ".join(f"{names[a - 1]} to {names[b - 1]} (line {line})" for line, a, b in one_way[:12])
        more = f" and {len(one_way) - 12} more" if len(one_way) > 12 else ""
        warnings.append(f"{map_file}: {len(one_way)} border{'s are' if len(one_way) > 1 else ' is'} listed one "
                        f"way only and made two-way here (this game's borders can be crossed both ways): "
                        f"{shown}{more}")
    _check_connected(neighbours, names, map_file, text)

    # The cards and missions.
    continent_ids_raw = [c.key for c in text.continents]
    continent_ids = _unique_ids(continent_ids_raw, "continent")
    designs: dict[int, str] = {}
    wild = 2
    missions: list[dict[str, object]] = []
    if cards_file is not None:
        cards = parse_cards(files[cards_file], cards_file, count, continent_ids, warnings)
        wild = sum(1 for kind, _, _ in cards.cards if kind == "wild")
        for kind, number, line in cards.cards:
            if kind == "wild":
                continue
            if number in designs:
                warnings.append(f"{cards_file}, line {line}: {names[number - 1]} has a second card; the board keeps "
                                "the first one's design")
                continue
            designs[number] = kind
        missions = cards.missions

    # The index image, traced.
    image = decode_index_image(files[index_file], index_file)
    _check_values(image, count, index_file, names)
    tracing = trace(image, skip=NO_COUNTRY)
    missing = [n for n in range(1, count + 1) if n not in tracing.pieces]
    if missing:
        shown = ", ".join(f"{n} ({names[n - 1]})" for n in missing[:8])
        raise MapImportError(index_file, f"no pixel has the number of countr{'ies' if len(missing) > 1 else 'y'} "
                                         f"{shown}{' and more' if len(missing) > 8 else ''}: each country needs its "
                                         "land in the index image")

    territory_ids = _unique_ids([c.key for c in text.countries], "territory")
    radius = BADGE_RADIUS
    circle = text.settings.get("circle")
    if circle and circle.isdigit() and 6 <= int(circle) <= 80:
        radius = int(circle) // 2
    drawn: dict[str, object] = {}
    badge_moves: list[str] = []
    for country in text.countries:
        pieces = tracing.pieces[country.number]
        badge = _badge_point(tracing, pieces, country)
        if badge != (country.x, country.y):
            badge_moves.append(f"{names[country.number - 1]} (line {country.line})")
        drawn[territory_ids[country.number - 1]] = {  # its name goes under the badge (the page's default)
            "land": [path_data(piece.loops) for piece in pieces],
            "badge": [_round(badge[0]), _round(badge[1]), radius],
        }
    if badge_moves:
        warnings.append(f"{map_file}: the army badge's x and y of {len(badge_moves)} countr"
                        f"{'ies are' if len(badge_moves) > 1 else 'y is'} not inside its land in the index image, so "
                        f"the badge is put well inside it: {', '.join(badge_moves)}")

    # Borders across water (the two lands do not touch) are drawn as lines between their nearest coasts.
    crossings = sorted((a, b) for a in range(1, count + 1) for b in neighbours[a]
                       if a < b and (a, b) not in tracing.touching)
    sea_links: list[dict[str, object]] = []
    wraps = False
    for a, b in crossings:
        segments = _crossing(tracing, a, b)
        wraps = wraps or len(segments) > 1
        for segment in segments:
            sea_links.append({"link": [territory_ids[a - 1], territory_ids[b - 1]],
                              "line": [_round(v) for v in segment]})

    # Each continent's lands in its colour from the map, lightened (the legend's outlines stay the page's own).
    looks = {continent_ids[i]: {"fill": _fill(continent.colour)} for i, continent in enumerate(text.continents)
             if any(c.continent == i + 1 for c in text.countries)}
    margin = WRAP_MARGIN if wraps else 0
    box = [-margin, 0, image.width + 2 * margin, image.height]
    drawing: dict[str, object] = {"view_box": box, "continents": looks, "territories": drawn,
                                  "sea_links": sea_links, "sea_line": {"least": SEA_LINE_LEAST}}
    picture = _picture(files[picture_file], picture_file, image, warnings) if picture_file is not None else None
    if picture is not None:
        drawing["picture"] = picture
    else:  # the sea (a picture, drawn first, has its own)
        drawing["background"] = [{"class": "sea", "d": f"M{box[0]} 0h{box[2]}v{box[3]}h-{box[2]}z", "fill": SEA}]

    territories = []
    for country in text.countries:
        number = country.number
        item: dict[str, object] = {
            "id": territory_ids[number - 1], "name": names[number - 1],
            "continent": continent_ids[country.continent - 1],
            "neighbours": [territory_ids[n - 1] for n in sorted(neighbours[number])],
        }
        if number in designs:
            item["card"] = designs[number]
        territories.append(item)
    continents = []
    for i, continent in enumerate(text.continents, 1):
        members = [territory_ids[c.number - 1] for c in text.countries if c.continent == i]
        if not members:
            warnings.append(f"{map_file}, line {continent.line}: the continent {_display_name(continent.key)} has no "
                            "country; it is left out")
            continue
        continents.append({"id": continent_ids[i - 1], "name": _display_name(continent.key), "bonus": continent.bonus,
                           "territories": members})

    author = text.settings.get("author", "").strip()
    board: dict[str, object] = {
        "format": 1,
        "name": _board_name(text, map_file),
        "source": f"Imported from the Domination map {map_file}" + (f" by {author}" if author else ""),
        "wild_cards": wild,
        "continents": continents,
        "territories": territories,
        "lines": [[territory_ids[a - 1], territory_ids[b - 1]] for a, b in crossings],
        "drawing": drawing,
    }
    if missions:
        board["missions"] = missions
    # The id comes from the content (without the id): the same map imported twice is the same board.
    board = {"format": 1, "id": "imported-" + content_hash(board)[:12], **board}
    try:
        validate(board)
    except BoardFileError as error:  # what the checks above let through: the file is still the map's
        raise MapImportError(map_file, f"the board it makes is refused: {error}") from None
    return Imported(board, tuple(warnings), tuple(read))


def _round(value: float) -> float | int:
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def _board_name(text: _MapText, map_file: str) -> str:
    """The map's ``name`` setting, else its file's name."""
    name = re.sub(r"[\x00-\x1f\x7f]", "", text.settings.get("name", "")).strip()[:80].strip()
    if name:
        return name
    stem = map_file.replace("\\", "/").rpartition("/")[2].rpartition(".")[0] or map_file
    return _display_name(stem) if stem.strip() else "Imported map"


def _check_connected(neighbours: list[set[int]], names: list[str], map_file: str, text: _MapText) -> None:
    """Every country reachable from the first: a country nobody can reach is an error the map's author can
    fix in [borders]."""
    count = len(names)
    seen = {1}
    todo = [1]
    while todo:
        for n in neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) < count:
        alone = [n for n in range(1, count + 1) if n not in seen]
        shown = ", ".join(f"{names[n - 1]} ({n})" for n in alone[:8])
        line = text.countries[alone[0] - 1].line
        raise MapImportError(map_file, f"{len(alone)} countr{'ies' if len(alone) > 1 else 'y'} cannot be reached "
                                       f"from {names[0]} by any border: {shown}{' and more' if len(alone) > 8 else ''}"
                                       " (add the missing borders in [borders])", line)


def _check_values(image: IndexImage, count: int, name: str, names: list[str]) -> None:
    """Every pixel is a country's number or 255 (no country)."""
    wrong = sorted(v for v in set(image.pixels) if v != NO_COUNTRY and not 1 <= v <= count)
    if wrong:
        where = image.pixels.index(bytes((wrong[0],)))
        y, x = divmod(where, image.width)
        others = f" (and the values {', '.join(map(str, wrong[1:6]))}{'...' if len(wrong) > 6 else ''})" if len(
            wrong) > 1 else ""
        raise MapImportError(name, f"pixel ({x}, {y}) has the value {wrong[0]}{others}, which is no country's "
                                   f"number: the map has countries 1 to {count}, and 255 is no country")


def _badge_point(tracing: Tracing, pieces: list[Piece], country: _Country) -> tuple[float, float]:
    """The country's own x and y if they are inside its land, else the point deepest inside its largest piece
    (of the deepest pixels, the first whose centre the drawn, simplified outline holds)."""
    if _inside(pieces, country.x, country.y) > 0.25:
        return country.x, country.y
    candidates = deepest_points(tracing, pieces[0])
    return next(((x, y) for x, y, _ in candidates if _inside(pieces, x, y) > 0.25), candidates[0][:2])


def _nearest(loops: list[list[tuple[int, int]]], x: float, y: float) -> tuple[float, float]:
    best, where = float("inf"), (0.0, 0.0)
    for loop in loops:
        for px, py in loop:
            d = (px - x) ** 2 + (py - y) ** 2
            if d < best:
                best, where = d, (float(px), float(py))
    return where


def _crossing(tracing: Tracing, a: int, b: int) -> list[tuple[float, float, float, float]]:
    """The line drawn for a border across water: from a coast of ``a`` to the nearest coast of ``b``, or, when
    the way round the world's edge is shorter (Domination's maps wrap east to west), two lines to the edges."""
    width = tracing.width
    loops_a = [loop for piece in tracing.pieces[a] for loop in piece.loops]
    loops_b = [loop for piece in tracing.pieces[b] for loop in piece.loops]
    best: tuple[float, int, tuple[float, float], tuple[float, float]] | None = None
    for shift in (0, -width, width):
        shifted = [[(x + shift, y) for x, y in loop] for loop in loops_b]
        bx, by = _nearest(shifted, *_centre(tracing.pieces[b][0], shift))
        ax, ay = _nearest(loops_a, bx, by)
        bx, by = _nearest(shifted, ax, ay)
        distance = (ax - bx) ** 2 + (ay - by) ** 2
        if best is None or distance < best[0]:
            best = (distance, shift, (ax, ay), (bx, by))
    assert best is not None
    _, shift, (ax, ay), (bx, by) = best
    if shift == 0:
        return [(ax, ay, bx, by)]
    # One straight line from a to b beyond the edge (b shifted by a world's width), drawn in two pieces: from a
    # out past its edge, and from b out past the other edge, each WRAP_MARGIN beyond (where the view box ends).
    out_a = -WRAP_MARGIN if shift < 0 else width + WRAP_MARGIN
    out_b = WRAP_MARGIN if shift < 0 else width - WRAP_MARGIN  # on the shifted line, then shifted back
    if abs(bx - ax) < 1:  # both coasts on the edge: straight out from each
        return [(ax, ay, float(out_a), ay), (bx - shift, by, float(out_b - shift), by)]

    def y_at(x: float) -> float:
        return ay + (x - ax) / (bx - ax) * (by - ay)

    return [(ax, ay, float(out_a), y_at(out_a)), (bx - shift, by, float(out_b - shift), y_at(out_b))]


def _centre(piece: Piece, shift: int) -> tuple[float, float]:
    x0, y0, x1, y1 = piece.box
    return (x0 + x1) / 2 + shift, (y0 + y1) / 2


def _picture(data: bytes, name: str, image: IndexImage, warnings: list[str]) -> dict[str, object] | None:
    """The picture as a data: URL laid over the index image's size, unless it is too large to keep."""
    kind = picture_size(data)
    if kind is None:
        warnings.append(f"{name}: the picture is not a PNG, GIF or JPEG image; the board is drawn without it")
        return None
    mime, width, height = kind
    if len(data) > PICTURE_LIMIT:
        warnings.append(f"{name}: the picture is {len(data) // 1000} KB, more than the {PICTURE_LIMIT // 1000} KB a "
                        "board keeps (browsers hold a few MB for a site); the board is drawn without it")
        return None
    if (width, height) != (image.width, image.height):
        warnings.append(f"{name}: the picture is {width}x{height} but the index image {image.width}x{image.height}; "
                        "the picture is stretched to the index image")
    return {"href": f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}", "x": 0, "y": 0,
            "width": image.width, "height": image.height}
