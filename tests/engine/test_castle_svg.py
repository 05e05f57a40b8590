"""The Castle Risk drawing, as the build draws it from its board file (risk.drawing.board_svg of
src/risk/maps/castle.json), agrees with the board's graph.

The page colours, counts and clicks territories through the board's SVG, so the Castle map keeps the
classic map's contract: one group per territory (``id="t-<id>"``, ``data-territory``; the page makes each a
button with its name) holding a land path, a badge and a count.  Every land border of the board must be
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

from risk.drawing import board_svg

ROOT = Path(__file__).resolve().parents[2]
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
SVG = board_svg(BOARD)
ROOT_ELEMENT = ET.fromstring(SVG)
# The crossings as the board file gives them, coast to coast (the drawing draws them out to be seen).
CROSSINGS = BOARD["drawing"]["sea_links"]

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


def test_every_territory_is_drawn_once_in_board_order_with_its_group_class():
    layer = ROOT_ELEMENT.find("svg:g[@id='territories']", NS)
    drawn = [g.get("data-territory") for g in layer.findall("svg:g", NS)]
    assert drawn == IDS and len(drawn) == len(set(drawn)) == 44
    for tid, g in territory_groups().items():
        assert g.get("id") == f"t-{tid}"
        assert g.get("class").split() == ["territory", f"continent-{GROUP[tid]}"]


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
        edge = re.fullmatch(r"--continent:(#[0-9a-f]{6})", path.get("style"))
        assert edge is not None, tid
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
    assert [line.get("data-link").split() for line in sea_links()] == [sorted(c["link"]) for c in CROSSINGS]
    for crossing in CROSSINGS:
        pair = sorted(crossing["link"])
        drawn.append(frozenset(pair))
        x1, y1, x2, y2 = crossing["line"]
        ends = [(x1, y1), (x2, y2)] if crossing["link"][0] == pair[0] else [(x2, y2), (x1, y1)]
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


def test_the_seas_are_named_in_a_layer_that_takes_no_clicks_and_no_territory_name_is_drawn_twice():
    layer = ROOT_ELEMENT.find("svg:g[@id='labels']", NS)
    assert layer is not None and layer.get("pointer-events") == "none" and layer.get("aria-hidden") == "true"
    assert [t.text for t in layer.findall("svg:text[@class='sea-label']", NS)] == [
        "Atlantic Ocean", "North Sea", "Baltic Sea", "Mediterranean Sea", "Black Sea"]
    assert layer.findall("svg:text[@class='name']", NS) == []  # the page draws the names (#names)


def test_the_black_sea_is_shaded_apart_and_reaches_exactly_the_black_sea_territories():
    sea = ROOT_ELEMENT.find("svg:path[@class='sea black-sea']", NS)
    assert sea is not None
    assert sea.get("fill") != ROOT_ELEMENT.find("svg:path[@class='sea']", NS).get("fill")
    # The Black Sea is drawn under the land, and its outline runs over the land round it: the territories
    # with land inside it are the ones on its shore.
    outline = rings(sea.get("d"))
    shore = {tid for tid, rs in land_rings().items()
             if any(inside((x / 10, y / 10), outline) for ring in rs for x, y in ring)}
    assert shore == {tid for tid in IDS if "black_sea" in SEAS[tid]}


def test_the_drawing_is_small_enough_to_inline_in_the_page():
    assert len(SVG.encode()) < 150 * 1024
