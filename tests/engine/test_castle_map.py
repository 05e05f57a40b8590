"""The Castle Risk board (``src/risk/maps/castle.json``): the research's reconstruction of the 1986 map of
Europe, turned into the engine's format. These are the checks of ``check_castle_map.py`` beside the research,
on what the engine loads: the printed board's borders are unknown, so the map must at least be whole,
symmetric and agree with what the sources say of it."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

from risk.board import load_board

BOARD = load_board("castle")
RAW = json.loads(resources.files("risk").joinpath("maps", "castle.json").read_text(encoding="utf-8"))


def _id(t: int) -> str:
    return BOARD.territories[t].id


def _group(t: int) -> str:
    return BOARD.continents[BOARD.territories[t].continent].id


def _components(edges: dict[int, set[int]]) -> list[set[int]]:
    seen: set[int] = set()
    parts = []
    for start in range(BOARD.size):
        if start in seen:
            continue
        part, stack = {start}, [start]
        while stack:
            for n in edges[stack.pop()]:
                if n not in part:
                    part.add(n)
                    stack.append(n)
        seen |= part
        parts.append(part)
    return parts


def test_six_empires_and_eleven_independents_make_44_territories():
    sizes = {c.id: (len(c.territories), c.bonus, c.kind) for c in BOARD.continents}
    assert sizes == {"british": (5, 4, "empire"), "french": (6, 4, "empire"), "russian": (6, 4, "empire"),
                     "german": (5, 4, "empire"), "ottoman": (6, 4, "empire"), "austrian": (5, 4, "empire"),
                     "independent": (11, 6, "independent")}
    assert BOARD.size == 44 and sorted(t for c in BOARD.continents for t in c.territories) == list(range(44))
    # A castle stands on an empire's territory, never on an independent one.
    assert all(t.castle_allowed == (BOARD.continents[t.continent].kind == "empire") for t in BOARD.territories)


def test_80_borders_symmetric_and_whole_with_the_four_dotted_crossings():
    assert BOARD.border_count() == 80
    assert all(a in BOARD.adjacent[b] for a in range(44) for b in BOARD.neighbours[a])
    lines = {tuple(sorted((_id(a), _id(b)))) for a, b in BOARD.lines}
    assert lines == {("ireland", "scotland"), ("ireland", "wales"), ("london", "paris"), ("denmark", "sweden")}
    assert len(_components({t: set(BOARD.neighbours[t]) for t in range(44)})) == 1
    # By land alone Britain and Ireland are islands: the dotted lines join them to the continent.
    land = {t: {n for n in BOARD.neighbours[t] if (min(t, n), max(t, n)) not in BOARD.lines} for t in range(44)}
    islands = sorted(sorted(_id(t) for t in part) for part in _components(land) if len(part) < 10)
    assert islands == [["ireland"], ["london", "scotland", "wales", "yorkshire"]]


def test_the_waters_and_the_black_sea():
    black = sorted(t.id for t in BOARD.territories if "black_sea" in t.seas)
    assert black == ["bulgaria", "romania", "turkey", "ukraine"]
    assert [t.id for t in BOARD.territories if len(t.seas) == 2] == ["turkey"]  # on both waters (a decision)
    landlocked = sorted(t.id for t in BOARD.territories if not t.seas)
    assert landlocked == sorted(["burgundy", "moscow", "smolensk", "poland", "saxony", "rhine", "bavaria", "serbia",
                                 "galicia", "vienna", "bohemia", "hungary", "switzerland"])


def test_what_the_sources_say_of_the_board_holds():
    """Old Wikipedia text: France "automatically dominates Spain and England", and Austria-Hungary "has no
    territories that do not border other empires"."""
    french = [t for t in range(44) if _group(t) == "french"]
    reach = {_id(n) for t in french for n in BOARD.neighbours[t]}
    assert reach & {"madrid", "barcelona", "portugal"} and any(_group(BOARD.index[n]) == "british" for n in reach)
    for t in (t for t in range(44) if _group(t) == "austrian"):
        assert any(_group(n) not in ("austrian", "independent") for n in BOARD.neighbours[t]), _id(t)


def test_every_border_keeps_its_confidence_from_the_reconstruction():
    notes = RAW["border_notes"]
    assert len(notes) == 80 and {tuple(sorted(n["border"])) for n in notes} == {
        tuple(sorted((_id(a), _id(b)))) for a in range(44) for b in BOARD.neighbours[a]}
    assert Counter(n["confidence"] for n in notes) == {"high": 58, "medium": 21, "low": 1}
