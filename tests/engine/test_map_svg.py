"""The classic board's drawing, as the build draws it from its board file (risk.drawing.board_svg of
src/risk/maps/classic.json), agrees with the board's graph.

The page colours, counts and clicks territories through this SVG, so its structure is a contract: one
group per territory with a path, a badge and a count.  Every border of the board must be visible on it,
either as land the two territories share or as a dashed sea link, and no other pair may share land.
Shared land is measured from the paths themselves: the generator writes coordinates on a 0.1 px grid and
gives two territories exactly the same vertices along a common border, so common segments can be counted.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

from risk.drawing import board_svg

ROOT = Path(__file__).resolve().parents[2]
MAP_PATH = ROOT / "src" / "risk" / "maps" / "classic.json"
NS = {"svg": "http://www.w3.org/2000/svg"}
MIN_LAND_BORDER = 4.0  # px of common border that count as touching (as in generate_classic.py)

BOARD = json.loads(MAP_PATH.read_text(encoding="utf-8"))
IDS = [t["id"] for t in BOARD["territories"]]
CONTINENT = {t["id"]: t["continent"] for t in BOARD["territories"]}
BORDERS = {frozenset((t["id"], n)) for t in BOARD["territories"] for n in t["neighbours"]}
SVG = board_svg(BOARD)
ROOT_ELEMENT = ET.fromstring(SVG)


def territory_groups() -> dict[str, ET.Element]:
    layer = ROOT_ELEMENT.find("svg:g[@id='territories']", NS)
    assert layer is not None
    return {g.get("data-territory"): g for g in layer.findall("svg:g", NS)}


def sea_links() -> list[ET.Element]:
    layer = ROOT_ELEMENT.find("svg:g[@id='sea-links']", NS)
    assert layer is not None
    return layer.findall("svg:line", NS)


def rings(d: str) -> list[list[tuple[int, int]]]:
    """Rings of a path made of M, l and z commands, in integer tenths of a pixel."""
    out: list[list[tuple[int, int]]] = []
    for command, args in re.findall(r"([MmLlZz])([^MmLlZz]*)", d):
        values = [round(float(v) * 10) for v in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", args)]
        pairs = list(zip(values[0::2], values[1::2]))
        if command == "M":
            out.append([pairs[0]])
            pairs = pairs[1:]
        elif command in "Zz":
            continue
        elif command == "m" or command not in "lL":
            raise AssertionError(f"unexpected path command {command}")
        for dx, dy in pairs:
            x, y = out[-1][-1]
            out[-1].append((dx, dy) if command == "L" else (x + dx, y + dy))
    return out


def land_path_rings() -> dict[str, list[list[tuple[int, int]]]]:
    return {tid: rings(g.find("svg:path", NS).get("d")) for tid, g in territory_groups().items()}


def shared_border_lengths() -> dict[frozenset[str], float]:
    owners: dict[tuple, set[str]] = defaultdict(set)
    for tid, rs in land_path_rings().items():
        for ring in rs:
            for a, b in zip(ring, ring[1:] + ring[:1]):
                if a != b:
                    owners[(min(a, b), max(a, b))].add(tid)
    lengths: dict[frozenset[str], float] = defaultdict(float)
    for (a, b), tids in owners.items():
        if len(tids) == 2:
            lengths[frozenset(tids)] += math.dist(a, b) / 10
    return lengths


def inside(point: tuple[float, float], rs: list[list[tuple[int, int]]]) -> bool:
    """Even-odd point-in-polygon test over all rings (tenths of a pixel)."""
    px, py = point[0] * 10, point[1] * 10
    result = False
    for ring in rs:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                result = not result
    return result


def test_svg_root_is_the_board_with_a_world_map_label():
    assert ROOT_ELEMENT.tag == "{http://www.w3.org/2000/svg}svg"
    assert ROOT_ELEMENT.get("id") == "board"
    assert ROOT_ELEMENT.get("role") == "group"
    assert ROOT_ELEMENT.get("aria-label") == "World map"
    assert len(ROOT_ELEMENT.get("viewBox").split()) == 4


def test_there_is_one_group_per_territory_with_matching_ids_and_continent_class():
    groups = territory_groups()
    assert sorted(groups) == sorted(IDS)
    assert len(groups) == 42
    for tid, g in groups.items():
        assert g.get("id") == f"t-{tid}"
        classes = g.get("class").split()
        assert "territory" in classes
        assert f"continent-{CONTINENT[tid]}" in classes


def test_each_territory_has_one_land_path_one_badge_and_one_count():
    for tid, g in territory_groups().items():
        paths = g.findall("svg:path", NS)
        circles = g.findall("svg:circle", NS)
        texts = g.findall("svg:text", NS)
        assert [p.get("class") for p in paths] == ["land"], tid
        assert [c.get("class") for c in circles] == ["army-badge"], tid
        assert [t.get("class") for t in texts] == ["army-count"], tid
        assert texts[0].text == "0"
        assert (float(texts[0].get("x")), float(texts[0].get("y"))) == (
            float(circles[0].get("cx")), float(circles[0].get("cy")))


def test_paths_use_one_decimal_at_most():
    for tid, g in territory_groups().items():
        d = g.find("svg:path", NS).get("d")
        assert not re.search(r"\.\d\d", d), tid


def test_every_sea_link_joins_two_neighbours():
    links = sea_links()
    assert links
    for line in links:
        assert line.get("class") == "sea-link"
        pair = line.get("data-link").split()
        assert len(pair) == 2 and pair == sorted(pair)
        assert frozenset(pair) in BORDERS, pair


def test_alaska_and_kamchatka_are_linked_off_both_edges_of_the_map():
    x0, _, width, _ = (float(v) for v in ROOT_ELEMENT.get("viewBox").split())
    ends = [(float(line.get("x1")), float(line.get("x2"))) for line in sea_links()
            if line.get("data-link") == "alaska kamchatka"]
    assert len(ends) == 2
    assert any(min(e) == x0 for e in ends)
    assert any(max(e) == x0 + width for e in ends)


def test_no_territories_share_land_unless_they_are_neighbours():
    touching = {pair for pair, length in shared_border_lengths().items() if length >= MIN_LAND_BORDER}
    assert touching - BORDERS == set()


def test_every_border_is_shown_as_shared_land_or_a_sea_link_but_not_both():
    touching = {pair for pair, length in shared_border_lengths().items() if length >= MIN_LAND_BORDER}
    linked = {frozenset(line.get("data-link").split()) for line in sea_links()}
    assert touching | linked == BORDERS
    assert touching & linked == set()
    assert len(BORDERS) == 83


def test_badges_sit_inside_their_territory_and_do_not_overlap():
    all_rings = land_path_rings()
    centres = {}
    for tid, g in territory_groups().items():
        c = g.find("svg:circle", NS)
        centres[tid] = (float(c.get("cx")), float(c.get("cy")))
        radius = float(c.get("r"))
        assert inside(centres[tid], all_rings[tid]), tid
    for i, a in enumerate(IDS):
        for b in IDS[i + 1:]:
            assert math.dist(centres[a], centres[b]) > 2 * radius, (a, b)


def test_the_drawing_is_small_enough_to_inline_in_the_page():
    assert len(SVG.encode()) < 200 * 1024
