"""risk.drawing.board_svg draws any board file as the page's SVG; hostile text cannot become markup."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from risk.boardfile import BoardFileError
from risk.drawing import board_svg
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
