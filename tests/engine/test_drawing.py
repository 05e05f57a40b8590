"""risk.drawing.board_svg draws any board file as the page's SVG; the shipped boards, whose drawings became
data in their board files, are drawn as their committed SVGs were (tests/engine/drawing_fixtures/, frozen:
the last SVGs committed before the board files), element by element; hostile text cannot become markup.
"""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from risk.board import board_from_dict, load_board
from risk.boardfile import BoardFileError, validate
from risk.drawing import board_svg, sea_link_ends
from tiny_board import tiny

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "src" / "risk" / "maps"
FIXTURES = Path(__file__).resolve().parent / "drawing_fixtures"
NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
SHIPPED = sorted(p.stem for p in MAPS.glob("*.json"))


def board_file(name: str) -> dict[str, Any]:
    return json.loads((MAPS / f"{name}.json").read_text(encoding="utf-8"))


def territories(root: ET.Element) -> list[ET.Element]:
    layer = root.find("svg:g[@id='territories']", NS)
    assert layer is not None
    return layer.findall("svg:g", NS)


def numbers(element: ET.Element, names: str) -> tuple[float, ...]:
    return tuple(float(element.get(n) or "nan") for n in names.split())


def test_every_shipped_board_file_is_format_1_validates_and_the_engine_reads_the_same_graph():
    assert SHIPPED == ["castle", "classic"]
    for name in SHIPPED:
        data = board_file(name)
        assert data["format"] == 1
        validate(data)
        board = board_from_dict(data)
        assert board == load_board(name) and board.size == len(data["drawing"]["territories"])
    assert load_board("classic").wild_cards == 2 and load_board("castle").wild_cards == 0


@pytest.mark.parametrize("name", ["classic", "castle"])
def test_a_shipped_board_is_drawn_as_its_last_committed_svg_element_by_element(name: str):
    old = ET.parse(FIXTURES / f"{name}.svg").getroot()
    data = board_file(name)
    new = ET.fromstring(board_svg(data))
    for attribute in ("viewBox", "id", "role", "aria-label"):
        assert new.get(attribute) == old.get(attribute), attribute
    assert new.get("data-board") == name
    # Territories: ids, classes, land, colours, badge centres and radii, counts at the badge, in board order.
    old_t, new_t = territories(old), territories(new)
    assert [g.get("id") for g in new_t] == [g.get("id") for g in old_t] == [f"t-{t['id']}" for t in data["territories"]]
    for a, b in zip(old_t, new_t, strict=True):
        assert (b.get("class"), b.get("data-territory")) == (a.get("class"), a.get("data-territory"))
        land_a, land_b = a.find("svg:path", NS), b.find("svg:path", NS)
        assert (land_b.get("class"), land_b.get("d"), land_b.get("fill")) == (
            land_a.get("class"), land_a.get("d"), land_a.get("fill"))
        outline = re.search(r"--continent:#\w+", land_a.get("style") or "")
        assert (land_b.get("style") or None) == (outline.group(0) if outline else None)
        badge_a, badge_b = a.find("svg:circle", NS), b.find("svg:circle", NS)
        assert badge_b.get("class") == "army-badge" and numbers(badge_b, "cx cy r") == numbers(badge_a, "cx cy r")
        assert ET.tostring(b.find("svg:text", NS)) == ET.tostring(a.find("svg:text", NS))
    # Sea links: the same pairs in the same order; the same ends, drawn out where the board says so (as the
    # page used to draw out Castle's when it bound the map).
    least = data["drawing"]["sea_line"]["least"]
    old_links = old.findall("svg:g[@id='sea-links']/svg:line", NS)
    new_links = new.findall("svg:g[@id='sea-links']/svg:line", NS)
    assert [line.get("data-link") for line in new_links] == [line.get("data-link") for line in old_links]
    for a, b in zip(old_links, new_links, strict=True):
        assert numbers(b, "x1 y1 x2 y2") == sea_link_ends(*numbers(a, "x1 y1 x2 y2"), least=least)
    # The layer of sea links sits where it sat: under the land on the classic board, over it on Castle's.
    order = [child.get("id") for child in new if child.tag == SVG + "g"]
    assert order == [child.get("id") for child in old if child.tag == SVG + "g"]
    # Background shapes (a rectangle became its path) and the seas' names.
    old_shapes = [(e.get("class"), e.get("fill")) for e in old if e.tag in (SVG + "rect", SVG + "path")]
    assert [(e.get("class"), e.get("fill")) for e in new if e.tag == SVG + "path"] == old_shapes
    old_texts = [(t.text, t.get("x"), t.get("y")) for t in old.iter(SVG + "text") if t.get("class") == "sea-label"]
    assert [(t.text, t.get("x"), t.get("y")) for t in new.iter(SVG + "text") if t.get("class") == "sea-label"] == [
        (text, str(float(x)).removesuffix(".0"), str(float(y)).removesuffix(".0")) for text, x, y in old_texts]


def test_the_classic_drawing_keeps_its_size_for_the_page():
    drawn = board_svg(board_file("classic")).encode()
    assert abs(len(drawn) - (FIXTURES / "classic.svg").stat().st_size) < 200


def hostile() -> dict[str, Any]:
    data = tiny()
    data["name"] = '"><script>alert(1)</script>'
    data["drawing"]["label"] = "</svg><img src=x onerror=alert(1)> & <b>"
    data["drawing"]["texts"] = [{"text": "<script>alert('sea')</script> & \"more\"", "x": 5, "y": 5}]
    for t in data["territories"]:
        t["name"] = "<b onmouseover=alert(1)>"
    return data


def test_hostile_names_and_words_are_drawn_as_text_never_as_markup():
    data = hostile()
    svg = board_svg(data)
    root = ET.fromstring(svg)  # well formed: nothing broke out of an attribute or a text
    assert root.get("aria-label") == data["drawing"]["label"]
    words = [t.text for t in root.iter(SVG + "text") if t.get("class") == "text"]
    assert words == [data["drawing"]["texts"][0]["text"]]
    assert {e.tag for e in root.iter()} <= {SVG + tag for tag in ("svg", "g", "path", "circle", "text", "line")}
    assert "<script" not in svg and "<img" not in svg and "<b" not in svg


def test_a_board_that_does_not_validate_is_not_drawn():
    data = hostile()
    data["drawing"]["territories"]["a"]["fill"] = '"/><script>alert(1)</script>'
    with pytest.raises(BoardFileError, match='territory "a": fill'):
        board_svg(data)
    data = tiny()
    del data["drawing"]
    with pytest.raises(BoardFileError, match="drawing: missing"):
        board_svg(data)


def test_the_tiny_board_draws_its_layers_in_order_with_its_look():
    data = tiny()
    data["drawing"]["territories"]["b"]["label"] = [150, 80]
    data["drawing"]["continents"] = {"south": {"fill": "#abcdef", "outline": "#123456"}}
    data["drawing"]["background"] = [{"class": "sea", "fill": "#cfe0ea", "d": "M0 0h300v200h-300z"}]
    data["drawing"]["picture"] = {"href": "data:image/png;base64,iVBORw0KGgo=", "x": 0, "y": 0, "width": 300,
                                  "height": 200}
    root = ET.fromstring(board_svg(data))
    assert [(e.tag.removeprefix(SVG), e.get("id") or e.get("class")) for e in root] == [
        ("image", None), ("path", "sea"), ("g", "territories"), ("g", "sea-links")]
    groups = {g.get("data-territory"): g for g in territories(root)}
    assert groups["b"].get("data-label") == "150 80" and "data-label" not in groups["a"].attrib
    assert groups["e"].find("svg:path", NS).get("style") == "--continent:#123456"
    assert groups["e"].find("svg:path", NS).get("fill") == "#abcdef"
    assert groups["a"].find("svg:path", NS).get("style") is None
    line = root.find("svg:g[@id='sea-links']/svg:line", NS)
    assert line.get("data-link") == "a f" and numbers(line, "x1 y1 x2 y2") == (10, 10, 290, 190)
    under = copy.deepcopy(data)
    under["drawing"]["sea_line"] = {"over": False, "least": 500}
    root = ET.fromstring(board_svg(under))
    assert [e.get("id") for e in root if e.tag == SVG + "g"] == ["sea-links", "territories"]
    x1, y1, x2, y2 = numbers(root.find("svg:g[@id='sea-links']/svg:line", NS), "x1 y1 x2 y2")
    assert round(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5) == 500  # drawn out to the least length
