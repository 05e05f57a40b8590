"""The committed Castle Risk drawing (assets/maps/castle.svg) agrees with the engine's map (castle.json).

The page colours, counts and clicks territories through the board's SVG, so the Castle map keeps the
classic map's contract: one group per territory (``id="t-<id>"``, ``data-territory``, a button role, a
tab stop and its name) holding a land path, a badge and a count.  Every land border of the board must be
visible as land that the two territories share, no other pair may share land, and each of the four dotted
crossings must be drawn from one territory over water to the other.  Shared land is measured from the
paths themselves: the generator writes coordinates on a 0.1 px grid and gives two territories exactly the
same vertices along a common border, so common segments can be counted (as in test_map_svg.py).
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SVG_PATH = ROOT / "assets" / "maps" / "castle.svg"
MAP_PATH = ROOT / "src" / "risk" / "maps" / "castle.json"
NS = {"svg": "http://www.w3.org/2000/svg"}
MIN_LAND_BORDER = 4.0  # px of common border that count as touching (as in generate_castle.py)

BOARD = json.loads(MAP_PATH.read_text(encoding="utf-8"))
IDS = [t["id"] for t in BOARD["territories"]]
NAME = {t["id"]: t["name"] for t in BOARD["territories"]}
GROUP = {t["id"]: t["continent"] for t in BOARD["territories"]}
SEAS = {t["id"]: t["seas"] for t in BOARD["territories"]}
ALL_BORDERS = {frozenset((t["id"], n)) for t in BOARD["territories"] for n in t["neighbours"]}
DOTTED = {frozenset(pair) for pair in BOARD["lines"]}
LAND_BORDERS = ALL_BORDERS - DOTTED
ROOT_ELEMENT = ET.parse(SVG_PATH).getroot()

Rings = list[list[tuple[int, int]]]


def territory_groups() -> dict[str, ET.Element]:
    layer = ROOT_ELEMENT.find("svg:g[@id='territories']", NS)
    assert layer is not None
    return {g.get("data-territory"): g for g in layer.findall("svg:g", NS)}


def sea_links() -> list[ET.Element]:
    layer = ROOT_ELEMENT.find("svg:g[@id='sea-links']", NS)
    assert layer is not None
    return layer.findall("svg:line", NS)


def rings(d: str) -> Rings:
    """Rings of a path made of M, l and z commands, in integer tenths of a pixel."""
    out: Rings = []
    for command, args in re.findall(r"([MmLlZz])([^MmLlZz]*)", d):
        values = [round(float(v) * 10) for v in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", args)]
        pairs = list(zip(values[0::2], values[1::2]))
        if command == "M":
            out.append([pairs[0]])
            pairs = pairs[1:]
        elif command in "Zz":
            continue
        elif command != "l":
            raise AssertionError(f"unexpected path command {command}")
        for dx, dy in pairs:
            x, y = out[-1][-1]
            out[-1].append((x + dx, y + dy))
    return out


def land_rings() -> dict[str, Rings]:
    return {tid: rings(g.find("svg:path", NS).get("d")) for tid, g in territory_groups().items()}


def shared_border_lengths() -> dict[frozenset[str], float]:
    owners: dict[tuple, set[str]] = defaultdict(set)
    for tid, rs in land_rings().items():
        for ring in rs:
            for a, b in zip(ring, ring[1:] + ring[:1]):
                if a != b:
                    owners[(min(a, b), max(a, b))].add(tid)
    lengths: dict[frozenset[str], float] = defaultdict(float)
    for (a, b), tids in owners.items():
        if len(tids) == 2:
            lengths[frozenset(tids)] += math.dist(a, b) / 10
    return lengths


def inside(point: tuple[float, float], rs: Rings) -> bool:
    """Even-odd point-in-polygon test over all rings (tenths of a pixel)."""
    px, py = point[0] * 10, point[1] * 10
    result = False
    for ring in rs:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                result = not result
    return result


def touching() -> set[frozenset[str]]:
    return {pair for pair, length in shared_border_lengths().items() if length >= MIN_LAND_BORDER}


def test_svg_root_is_the_board_with_a_map_label():
    assert ROOT_ELEMENT.tag == "{http://www.w3.org/2000/svg}svg"
    assert ROOT_ELEMENT.get("id") == "board"
    assert ROOT_ELEMENT.get("role") == "group"
    assert ROOT_ELEMENT.get("aria-label") == "Map of Europe"
    assert len(ROOT_ELEMENT.get("viewBox").split()) == 4


def test_every_territory_is_drawn_once_as_a_named_focusable_button_with_its_group_class():
    layer = ROOT_ELEMENT.find("svg:g[@id='territories']", NS)
    drawn = [g.get("data-territory") for g in layer.findall("svg:g", NS)]
    assert sorted(drawn) == sorted(IDS) and len(drawn) == len(set(drawn)) == 44
    for tid, g in territory_groups().items():
        assert g.get("id") == f"t-{tid}"
        assert g.get("class").split() == ["territory", f"continent-{GROUP[tid]}"]
        assert g.get("role") == "button"
        assert g.get("tabindex") == "0"
        assert g.get("aria-label") == NAME[tid]


def test_each_territory_has_one_land_path_one_badge_and_one_count_at_the_badge():
    for tid, g in territory_groups().items():
        assert [p.get("class") for p in g.findall("svg:path", NS)] == ["land"], tid
        circles = g.findall("svg:circle", NS)
        texts = g.findall("svg:text", NS)
        assert [c.get("class") for c in circles] == ["army-badge"], tid
        assert [t.get("class") for t in texts] == ["army-count"], tid
        assert texts[0].text == "0"
        assert (float(texts[0].get("x")), float(texts[0].get("y"))) == (
            float(circles[0].get("cx")), float(circles[0].get("cy")))


def test_group_colours_are_data_on_each_land_path_shared_within_a_group_and_distinct_between_groups():
    colours: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for tid, g in territory_groups().items():
        path = g.find("svg:path", NS)
        edge = re.fullmatch(r"--continent:(#[0-9a-f]{6});--empire:(#[0-9a-f]{6})", path.get("style"))
        assert edge is not None, tid
        assert edge.group(2) == path.get("fill")
        colours[GROUP[tid]].add((path.get("fill"), edge.group(1)))
    assert all(len(c) == 1 for c in colours.values())
    fills = [next(iter(c))[0] for c in colours.values()]
    assert len(set(fills)) == len(fills) == 7


def test_paths_use_one_decimal_at_most():
    for element in ROOT_ELEMENT.iter("{http://www.w3.org/2000/svg}path"):
        assert not re.search(r"\.\d\d", element.get("d")), element.get("id") or element.get("class")


def test_every_land_border_of_the_board_is_land_the_two_territories_share():
    lengths = shared_border_lengths()
    short = {tuple(sorted(pair)): round(lengths.get(pair, 0.0), 1)
             for pair in LAND_BORDERS if lengths.get(pair, 0.0) < MIN_LAND_BORDER}
    assert short == {}
    assert len(LAND_BORDERS) == 76


def test_no_two_territories_share_land_unless_the_board_makes_them_land_neighbours():
    assert touching() - LAND_BORDERS == set()
    # Where four or five territories meet at one point, the others may touch there, but no more.
    for pair, length in shared_border_lengths().items():
        if pair not in LAND_BORDERS:
            assert length < 1.5, (sorted(pair), length)


def test_each_dotted_crossing_is_drawn_once_from_one_territory_over_water_to_the_other():
    all_rings = land_rings()
    drawn = []
    for line in sea_links():
        assert line.get("class") == "sea-link"
        pair = line.get("data-link").split()
        assert len(pair) == 2 and pair == sorted(pair)
        drawn.append(frozenset(pair))
        ends = [(float(line.get("x1")), float(line.get("y1"))), (float(line.get("x2")), float(line.get("y2")))]
        assert inside(ends[0], all_rings[pair[0]]) and inside(ends[1], all_rings[pair[1]]), pair
        samples = [(ends[0][0] + (ends[1][0] - ends[0][0]) * k / 20, ends[0][1] + (ends[1][1] - ends[0][1]) * k / 20)
                   for k in range(21)]
        over = {tid for point in samples for tid, rs in all_rings.items() if inside(point, rs)}
        assert over == set(pair), (pair, over)  # crosses no third territory
        at_sea = [p for p in samples if not any(inside(p, rs) for rs in all_rings.values())]
        assert at_sea, f"{pair} crosses no water"
    assert sorted(map(sorted, drawn)) == sorted(map(sorted, DOTTED))
    assert len(drawn) == 4
    assert not DOTTED & touching()


def test_badges_sit_inside_their_territory_and_do_not_overlap():
    all_rings = land_rings()
    centres = {}
    radius = 0.0
    for tid, g in territory_groups().items():
        c = g.find("svg:circle", NS)
        centres[tid] = (float(c.get("cx")), float(c.get("cy")))
        radius = float(c.get("r"))
        assert inside(centres[tid], all_rings[tid]), tid
    for i, a in enumerate(IDS):
        for b in IDS[i + 1:]:
            assert math.dist(centres[a], centres[b]) > 2 * radius, (a, b)


def test_each_territory_has_its_name_under_its_badge_in_a_layer_that_takes_no_clicks():
    layer = ROOT_ELEMENT.find("svg:g[@id='labels']", NS)
    assert layer is not None and layer.get("pointer-events") == "none" and layer.get("aria-hidden") == "true"
    names = {t.get("data-label-for"): t for t in layer.findall("svg:text[@class='name']", NS)}
    assert sorted(names) == sorted(IDS)
    for tid, g in territory_groups().items():
        c = g.find("svg:circle", NS)
        label = names[tid]
        assert label.text == NAME[tid]
        assert float(label.get("x")) == float(c.get("cx"))
        assert float(label.get("y")) > float(c.get("cy")) + float(c.get("r"))


def test_the_black_sea_is_shaded_apart_and_reaches_exactly_the_black_sea_territories():
    sea = ROOT_ELEMENT.find("svg:path[@id='black-sea']", NS)
    assert sea is not None and "black-sea" in sea.get("class").split()
    assert sea.get("fill") != ROOT_ELEMENT.find("svg:rect[@id='sea']", NS).get("fill")
    # The Black Sea is drawn under the land, and its outline runs over the land round it: the territories
    # with land inside it are the ones on its shore.
    outline = rings(sea.get("d"))
    shore = {tid for tid, rs in land_rings().items()
             if any(inside((x / 10, y / 10), outline) for ring in rs for x, y in ring)}
    assert shore == {tid for tid in IDS if "black_sea" in SEAS[tid]}


def test_file_is_small_enough_to_inline_in_the_page():
    assert SVG_PATH.stat().st_size < 150 * 1024
