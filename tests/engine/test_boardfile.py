"""The board file validator refuses each kind of bad board with a message naming the board, the place and the
problem (docs/boards.md, "What the validator refuses"); a good file passes and the engine plays it.

Every case starts from one small good board written here by hand: six square territories in two rows of
three (``a b c`` over ``d e f``), two continents, the land borders of the grid and one line across water
(``a``-``f``), with a drawing.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from risk.board import board_from_dict
from risk.boardfile import (
    BoardFileError,
    canonical_json,
    content_hash,
    graph_only,
    inside,
    loads,
    path_rings,
    validate,
)
from tiny_board import tiny


def territory(data: dict[str, Any], tid: str) -> dict[str, Any]:
    return next(t for t in data["territories"] if t["id"] == tid)


def refused(change: Callable[[dict[str, Any]], object]) -> str:
    """The message the validator gives the tiny board after ``change``."""
    data = tiny()
    change(data)
    with pytest.raises(BoardFileError) as caught:
        validate(data)
    return str(caught.value)


def test_the_tiny_board_is_good_and_the_engine_plays_its_graph():
    validate(tiny())
    board = board_from_dict(tiny())
    assert board.size == 6 and board.border_count() == 8 and board.wild_cards == 2
    assert board.lines == frozenset({(0, 5)})


def test_a_duplicate_territory_id_is_refused():
    def twice(data):
        data["territories"][1]["id"] = "a"
    assert refused(twice) == ('the board "Tiny world": territory "a": this id is used twice (every territory needs '
                              "its own)")


def test_a_duplicate_continent_id_is_refused():
    message = refused(lambda d: d["continents"][1].update(id="north"))
    assert message.startswith('the board "Tiny world": continent "north": this id is used twice')


def test_a_border_listed_one_way_only_is_refused():
    message = refused(lambda d: territory(d, "b")["neighbours"].remove("c"))
    assert message == ('the board "Tiny world": territory "c": its border to "b" is listed one way only '
                       '("b" does not list "c"; borders go both ways)')


def test_a_border_to_a_missing_territory_is_refused():
    message = refused(lambda d: territory(d, "a")["neighbours"].append("atlantis"))
    assert message == 'the board "Tiny world": territory "a": it borders "atlantis", which the board does not have'


def test_a_border_to_itself_is_refused():
    message = refused(lambda d: territory(d, "e")["neighbours"].append("e"))
    assert message == 'the board "Tiny world": territory "e": it lists itself as a neighbour'


def test_a_territory_in_no_continent_is_refused():
    message = refused(lambda d: d["continents"][0]["territories"].remove("b"))
    assert message == 'the board "Tiny world": territory "b": it is in no continent (no continent lists it)'


def test_a_territory_in_two_continents_is_refused():
    message = refused(lambda d: d["continents"][1]["territories"].append("b"))
    assert message == 'the board "Tiny world": territory "b": it is in two continents ("south" lists it in "north" too)'


def test_a_territory_whose_continent_disagrees_with_the_lists_is_refused():
    message = refused(lambda d: territory(d, "b").update(continent="south"))
    assert message == 'the board "Tiny world": territory "b": it says it is in "south" but "north" lists it'


def test_a_territory_in_a_continent_the_board_lacks_is_refused():
    message = refused(lambda d: territory(d, "b").update(continent="west"))
    assert message == 'the board "Tiny world": territory "b": it is in continent "west", which the board does not have'


def test_a_continent_without_territories_is_refused():
    message = refused(lambda d: d["continents"].append({"id": "empty", "name": "Empty", "bonus": 1,
                                                        "territories": []}))
    assert message == 'the board "Tiny world": continent "empty": it has no territories'


def test_a_territory_nobody_can_reach_is_refused():
    def island(data):  # c and f keep only their border to each other
        for x, y in (("b", "c"), ("e", "f"), ("a", "f")):
            territory(data, x)["neighbours"].remove(y)
            territory(data, y)["neighbours"].remove(x)
        data["lines"] = []
        data["drawing"]["sea_links"] = []
    assert refused(island) == ('the board "Tiny world": territory "c": nobody can reach it from "a" (no chain of '
                               "borders joins them; cut off: c, f)")


@pytest.mark.parametrize(("count", "makes"), [(5, "has 5"), (251, "has 251")])
def test_fewer_than_6_or_more_than_250_territories_are_refused(count: int, makes: str):
    ids = [f"t{i}" for i in range(count)]
    data = {"format": 1, "id": "ring", "name": "Ring", "continents": [
        {"id": "all", "name": "All", "bonus": 1, "territories": ids}], "territories": [
        {"id": t, "name": t, "continent": "all", "neighbours": [ids[i - 1], ids[(i + 1) % count]]}
        for i, t in enumerate(ids)]}
    with pytest.raises(BoardFileError) as caught:
        validate(data)
    assert str(caught.value) == f'the board "Ring": territories: the board {makes}; a board has 6 to 250'


def test_the_bounds_themselves_are_good():
    for count in (6, 250):
        ids = [f"t{i}" for i in range(count)]
        validate({"format": 1, "id": "ring", "name": "Ring", "continents": [
            {"id": "all", "name": "All", "bonus": 1, "territories": ids}], "territories": [
            {"id": t, "name": t, "continent": "all", "neighbours": [ids[i - 1], ids[(i + 1) % count]]}
            for i, t in enumerate(ids)]})


@pytest.mark.parametrize("bonus", [-1, 2.5, "3", True, None])
def test_a_negative_or_non_integer_bonus_is_refused(bonus: object):
    message = refused(lambda d: d["continents"][0].update(bonus=bonus))
    assert message.startswith('the board "Tiny world": continent "north": the bonus must be a whole number, 0 or '
                              'more, not ')


def test_a_badge_point_outside_its_own_land_is_refused():
    message = refused(lambda d: d["drawing"]["territories"]["b"].update(badge=[250, 50, 9]))
    assert message == ('the board "Tiny world": drawing: territory "b": badge: the badge point (250, 50) is outside '
                       "the territory's own land")


def test_a_badge_in_a_hole_of_its_land_is_outside_it():
    def holed(data):
        data["drawing"]["territories"]["b"]["land"] = ["M100 0h100v100h-100z M140 40h20v20h-20z"]
    assert "outside the territory's own land" in refused(holed)


def test_a_line_that_is_not_a_border_is_refused():
    message = refused(lambda d: d["lines"].append(["a", "c"]))
    assert message == ('the board "Tiny world": lines[1]: "a" and "c" do not share a border, so no line can join '
                       'them')


def test_a_sea_link_drawn_for_a_border_not_in_lines_is_refused():
    message = refused(lambda d: d["drawing"]["sea_links"].append({"link": ["a", "b"], "line": [0, 0, 1, 1]}))
    assert message.startswith('the board "Tiny world": drawing: sea_links[1]: ["a", "b"] is not one of the '
                              "board's lines")


def test_a_drawing_without_a_territory_of_the_graph_is_refused():
    message = refused(lambda d: d["drawing"]["territories"].pop("e"))
    assert message == ('the board "Tiny world": drawing: territories: "e": the board has this territory but the '
                       "drawing does not")


def test_a_drawing_with_a_territory_the_graph_lacks_is_refused():
    message = refused(lambda d: d["drawing"]["territories"].update(z=d["drawing"]["territories"]["a"]))
    assert message == ('the board "Tiny world": drawing: territories: "z": the drawing has this territory but '
                       "the board does not")


def test_a_newer_format_is_refused_by_the_validator_and_the_engine():
    message = refused(lambda d: d.update(format=2))
    assert message == ('the board "Tiny world": format: made by a newer version of the game (format 2; this '
                       "version reads format 1)")
    data = tiny()
    data["format"] = 2
    with pytest.raises(ValueError, match="newer version"):
        board_from_dict(data)


def test_a_file_without_a_format_is_refused():
    assert refused(lambda d: d.pop("format")).startswith('the board "Tiny world": format: missing')


@pytest.mark.parametrize(("path", "problem"), [
    ("M0 0h100v100h-100z 5", "a number (5) follows z, which takes none"),
    ("L0 0h100v100z", "the path starts with L, not a move (M)"),
    ("M0 0 A50 50 0 0 0 100 100z", "the path has an arc (A)"),
    ("M0 0h100v", "the command v has too few numbers"),
    ("M0 0h100v100h-100z<script>", "the path cannot be read at character 19"),
])
def test_bad_path_data_is_refused_by_what_is_wrong(path: str, problem: str):
    message = refused(lambda d: d["drawing"]["territories"]["a"].update(land=[path]))
    assert message.startswith(f'the board "Tiny world": drawing: territory "a": land[0]: {problem}')


@pytest.mark.parametrize(("change", "place"), [
    (lambda d: d.update(id="Tiny World"), "id: an id is 1 to 40 of a-z, 0-9, _ and -"),
    (lambda d: territory(d, "a").update(id="a b"), "territories[0].id: an id is"),
    (lambda d: territory(d, "a").update(name=""), 'territory "a": name: a name is some text'),
    (lambda d: territory(d, "a").update(card="joker"), 'territory "a": the card design must be one of'),
    (lambda d: d["drawing"].update(view_box=[0, 0, 0, 10]), "drawing: view_box: the width and height"),
    (lambda d: d["drawing"]["territories"]["a"].update(fill="red;x"), 'drawing: territory "a": fill: a colour'),
    (lambda d: d["drawing"].update(picture={"href": "https://example.invalid/a.png", "x": 0, "y": 0,
                                            "width": 1, "height": 1}), "drawing: picture.href: the picture is a "
                                                                       "data: URL"),
    (lambda d: d["drawing"].update(texts=[{"text": "Sea", "x": 1, "y": 1, "class": "a\" onload=\""}]),
     "drawing: texts[0].class: classes are"),
])
def test_other_bad_values_are_refused_by_place(change: Callable[[dict[str, Any]], object], place: str):
    assert refused(change).startswith(f'the board "Tiny world": {place}')


def test_a_file_that_is_not_json_is_refused_by_line_and_column():
    with pytest.raises(BoardFileError, match=r"^my.json: line 2, column 1: not a JSON file"):
        loads('{"format": 1,\n}', "my.json")
    assert loads(json.dumps(tiny()))["id"] == "tiny"


def test_the_validator_leaves_the_file_as_it_was():
    data = tiny()
    before = copy.deepcopy(data)
    validate(data)
    assert data == before


def test_the_canonical_json_sorts_keys_without_spaces_and_the_hash_is_its_sha256_prefix():
    data = tiny()
    reordered = copy.deepcopy(dict(reversed(list(data.items()))))
    assert canonical_json(reordered) == canonical_json(data)
    assert " " not in canonical_json({"a": [1, 2], "b": {"c": "d"}})
    assert content_hash(reordered) == content_hash(data) and len(content_hash(data)) == 16
    int(content_hash(data), 16)
    data["continents"][0]["bonus"] = 5
    assert content_hash(data) != content_hash(reordered)
    assert "drawing" not in graph_only(data) and graph_only(data)["territories"] == data["territories"]


def test_path_rings_read_relative_and_absolute_commands_with_implicit_repeats_and_curves():
    assert path_rings("M10 10 20 10 20 20z") == [[(10, 10), (20, 10), (20, 20)]]
    assert path_rings("m10 10 10 0 0 10z") == [[(10, 10), (20, 10), (20, 20)]]
    assert path_rings("M0 0H4V4H0Z") == path_rings("M0 0h4v4h-4z") == [[(0, 0), (4, 0), (4, 4), (0, 4)]]
    curved = path_rings("M0 0Q10 0 10 10T20 20L0 20z")[0]
    assert curved[8] == (10.0, 10.0) and curved[16] == (20.0, 20.0) and len(curved) == 18
    assert inside((2, 9), [curved]) and not inside((9, 2), [curved])


def test_a_land_of_several_paths_is_read_as_the_one_path_it_is_drawn_as():
    data = tiny()  # the second piece's relative move starts where the first piece started, as the SVG draws it
    data["drawing"]["territories"]["b"]["land"] = ["M100 0h10v10h-10z", "m40 40h20v20h-20z"]
    validate(data)
    data["drawing"]["territories"]["b"]["badge"] = [50, 50, 9]
    with pytest.raises(BoardFileError, match="outside the territory's own land"):
        validate(data)
