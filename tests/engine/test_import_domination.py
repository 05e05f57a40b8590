"""A Domination map the tests wrote (its .map, .cards, picture and an index image as GIF and as PNG) becomes a
board file the engine plays on: its countries, names, borders, bonuses, cards and missions as written, outlines
that hold each country's pixels with the badge inside; damaged files are refused naming the file and line."""

from __future__ import annotations

import functools
import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest

from engine.domination_maps import (
    TINY_COUNTRIES,
    TINY_HEIGHT,
    TINY_WIDTH,
    encode_gif,
    encode_png,
    tiny_files,
    tiny_index,
    tiny_map_text,
)
from risk.board import board_from_dict
from risk.boardfile import canonical_json, content_hash, validate
from risk.cli import main
from risk.importers.domination import Imported, import_map, read_zip
from risk.importers.errors import MapImportError
from risk.importers.trace import _area2, contains

IDS = ["north_west", "north_east", "ring_land", "lake_isle", "twin_isles", "middle", "chequer_a", "chequer_b",
       "far_east"]


@functools.cache
def imported(index: str = "gif") -> Imported:
    return import_map(tiny_files(index))


def loops_of(paths: list[str]) -> list[list[tuple[int, int]]]:
    """The corners of path data as written by the importer (M, then relative h, v, l; z closes)."""
    import re

    loops: list[list[tuple[int, int]]] = []
    for path in paths:
        for sub in path.split("z"):
            if not sub:
                continue
            tokens = re.findall(r"[MhvlL]|-?\d+(?:\.\d+)?", sub)
            x = y = 0
            loop: list[tuple[int, int]] = []
            i = 0
            while i < len(tokens):
                op = tokens[i]
                if op == "M":
                    x, y = int(tokens[i + 1]), int(tokens[i + 2])
                    i += 3
                elif op == "h":
                    x += int(tokens[i + 1])
                    i += 2
                elif op == "v":
                    y += int(tokens[i + 1])
                    i += 2
                else:
                    x, y = x + int(tokens[i + 1]), y + int(tokens[i + 2])
                    i += 3
                loop.append((x, y))
            loops.append(loop)
    return loops


def test_the_gif_and_the_png_index_give_the_same_board() -> None:
    assert imported("gif").board == imported("png").board
    assert canonical_json(imported("gif").board) == canonical_json(import_map(tiny_files("gif")).board)


def test_countries_names_continents_and_bonuses_are_the_maps() -> None:
    board = imported().board
    assert board["format"] == 1 and board["name"] == "Tiny World"
    assert board["source"] == "Imported from the Domination map tiny.map by The Tests"
    territories = board["territories"]
    assert isinstance(territories, list)
    assert [t["id"] for t in territories] == IDS
    assert [t["name"] for t in territories][:4] == ["North West", "North-East", "Ring Land", "Lake Isle"]
    assert [(c["id"], c["name"], c["bonus"], len(c["territories"])) for c in board["continents"]] == [
        ("north", "North", 3, 3), ("ring_sea", "Ring Sea", 2, 2), ("south", "South", 4, 4)]
    assert {t["id"]: t["continent"] for t in territories}["middle"] == "north"


def test_borders_are_both_ways_and_a_one_way_border_is_made_two_way_with_a_warning() -> None:
    result = imported()
    neighbours = {t["id"]: set(t["neighbours"]) for t in result.board["territories"]}
    assert all(a in neighbours[b] for a, ns in neighbours.items() for b in ns)
    assert neighbours["north_west"] == {"north_east"} and "north_west" in neighbours["north_east"]
    assert sum(len(ns) for ns in neighbours.values()) == 2 * 9
    assert any("listed one way only and made two-way" in w and "North West to North-East (line 31)" in w
               for w in result.warnings)


def test_borders_across_water_are_lines_and_one_round_the_worlds_edge_is_drawn_to_both_edges() -> None:
    board = imported().board
    assert sorted(map(sorted, board["lines"])) == sorted(map(sorted, [
        ["north_east", "ring_land"], ["ring_land", "lake_isle"], ["twin_isles", "middle"],
        ["twin_isles", "far_east"], ["middle", "chequer_a"], ["chequer_b", "far_east"]]))
    links = [link for link in board["drawing"]["sea_links"] if link["link"] == ["twin_isles", "far_east"]]
    assert len(links) == 2  # from the west coast out past the west edge, from the east coast out past the east
    assert [link["line"][2] for link in links] == [-24, TINY_WIDTH + 24]
    assert board["drawing"]["view_box"] == [-24, 0, TINY_WIDTH + 48, TINY_HEIGHT]  # the view holds them
    (x1, y1, x2, y2), (x3, y3, x4, y4) = (link["line"] for link in links)
    assert (y2 - y1) * (x4 - x3) == pytest.approx((y4 - y3) * (x2 - x1))  # one straight line, in two pieces


def test_cards_give_each_country_its_design_and_the_wild_cards_and_missions_are_kept() -> None:
    board = imported().board
    assert [t.get("card") for t in board["territories"]] == [
        "cavalry", "artillery", "infantry", "cavalry", "artillery", "infantry", "cavalry", "artillery", "infantry"]
    assert board["wild_cards"] == 2
    assert board["missions"] == [
        {"text": "Destroy PLAYER2's armies", "eliminate": 2},
        {"text": "Hold 6 countries with 2 armies", "territories": 6, "armies": 2},
        {"text": "Take North, South and one more", "continents": ["north", "south", "*"]}]


def test_each_outline_holds_its_countrys_pixels_and_its_badge() -> None:
    board = imported().board
    drawing = board["drawing"]
    index = tiny_index()
    for number, territory_id in enumerate(IDS, 1):
        entry = drawing["territories"][territory_id]
        loops = loops_of(entry["land"])
        pixels = index.count(bytes([number]))
        area = sum(_area2(loop) for loop in loops) / 2
        assert abs(area - pixels) <= 0.05 * pixels + 4, (territory_id, area, pixels)
        x, y, radius = entry["badge"]
        assert contains(loops, x, y) and radius == 10, territory_id
    assert len(drawing["territories"]["twin_isles"]["land"]) == 2  # one path a piece
    assert drawing["territories"]["ring_land"]["land"][0].count("M") == 2  # the ring's hole is a subpath


def test_a_badge_point_off_its_land_moves_well_inside_with_a_warning() -> None:
    result = imported()
    given = {name: (x, y) for _, name, _, x, y in TINY_COUNTRIES}
    badges = {tid: result.board["drawing"]["territories"][tid]["badge"][:2] for tid in IDS}
    assert badges["lake_isle"] == list(given["Lake_Isle"]) and badges["ring_land"] != list(given["Ring_Land"])
    assert any("not inside its land" in w and "Ring Land (line 22)" in w for w in result.warnings)


def test_the_picture_is_kept_as_it_is_under_the_outlines() -> None:
    picture = imported().board["drawing"]["picture"]
    files = tiny_files()
    assert picture["href"].startswith("data:image/png;base64,")
    assert len(picture["href"]) < 4 * len(files["tiny_pic.png"]) // 3 + 40
    assert (picture["x"], picture["y"], picture["width"], picture["height"]) == (0, 0, TINY_WIDTH, TINY_HEIGHT)
    assert "background" not in imported().board["drawing"]  # drawn over the picture, a sea would hide it
    without = import_map(files, with_picture=False).board["drawing"]
    assert "picture" not in without and [shape["class"] for shape in without["background"]] == ["sea"]


def test_each_continent_is_drawn_in_the_maps_colour_for_it_lightened() -> None:
    """Named (yellow), "#rrggbb" and "0xrrggbb" colours, each mixed half with white; the empty continent has
    no look, as it has no lands."""
    assert imported().board["drawing"]["continents"] == {
        "north": {"fill": "#ffff80"}, "ring_sea": {"fill": "#99b3e6"}, "south": {"fill": "#80d580"}}


def test_the_engine_loads_the_board_and_its_id_comes_from_its_content() -> None:
    board = imported().board
    loaded = board_from_dict(board)
    assert loaded.size == 9 and loaded.border_count() == 9 and len(loaded.lines) == 6
    assert loaded.continents[2].bonus == 4
    validate(board)
    without_id = {k: v for k, v in board.items() if k != "id"}
    assert board["id"] == "imported-" + hashlib.sha256(canonical_json(without_id).encode()).hexdigest()[:12]


def test_an_empty_continent_is_left_out_with_a_warning() -> None:
    assert any("the continent Nowhere has no country; it is left out" in w for w in imported().warnings)


def test_a_zip_of_the_files_in_a_folder_gives_the_same_board() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in tiny_files().items():
            archive.writestr(f"Tiny World/{name}", data)
        archive.writestr("__MACOSX/Tiny World/._tiny.map", b"resource fork")
    assert import_map(read_zip(buffer.getvalue(), "tiny.zip")).board == imported().board


def test_files_named_in_another_letter_case_are_found() -> None:
    files = tiny_files()
    files["TINY_MAP.GIF"] = files.pop("tiny_map.gif")
    assert import_map(files).board == imported().board


# Damaged files: each refused by name, file and line.


def damaged(**changes: bytes) -> str:
    with pytest.raises(MapImportError) as error:
        import_map(tiny_files(**changes))
    return str(error.value)


def test_a_border_to_a_missing_country_is_refused_with_its_line() -> None:
    text = tiny_map_text(borders={**{n: [] for n in range(1, 10)}, 1: [2], 2: [1, 12]})
    message = damaged(**{"tiny.map": text.encode()})
    assert message.startswith("tiny.map, line 32: a border to country 12, which [countries] does not have")


def test_a_country_in_no_continent_is_refused_with_its_line() -> None:
    countries = [(n, name, 7 if n == 6 else c, x, y) for n, name, c, x, y in TINY_COUNTRIES]
    message = damaged(**{"tiny.map": tiny_map_text(countries=countries).encode()})
    assert message == ("tiny.map, line 25: country 6 (Middle) is in continent 7, but [continents] lists 4: every "
                       "country needs a continent")


def test_countries_out_of_order_are_refused_with_their_line() -> None:
    countries = [(n if n != 4 else 5, name, c, x, y) for n, name, c, x, y in TINY_COUNTRIES]
    assert damaged(**{"tiny.map": tiny_map_text(countries=countries).encode()}) == (
        "tiny.map, line 23: countries are numbered 1, 2, 3... in order: this one should be 4, not 5")


def test_an_index_value_with_no_country_is_refused_with_its_pixel() -> None:
    pixels = bytearray(tiny_index())
    pixels[40 * TINY_WIDTH + 70] = 20
    message = damaged(**{"tiny_map.gif": encode_gif(TINY_WIDTH, TINY_HEIGHT, bytes(pixels))})
    assert message == ("tiny_map.gif: pixel (70, 40) has the value 20, which is no country's number: the map has "
                       "countries 1 to 9, and 255 is no country")


def test_a_country_missing_from_the_index_image_is_refused() -> None:
    pixels = bytes(255 if v == 4 else v for v in tiny_index())
    assert damaged(**{"tiny_map.gif": encode_gif(TINY_WIDTH, TINY_HEIGHT, pixels)}).startswith(
        "tiny_map.gif: no pixel has the number of country 4 (Lake Isle)")


@pytest.mark.parametrize("index", ["gif", "png"])
def test_a_truncated_index_image_is_refused_by_name(index: str) -> None:
    files = tiny_files(index)
    name = f"tiny_map.{index}"
    files[name] = files[name][:len(files[name]) * 2 // 3]
    with pytest.raises(MapImportError, match=rf"^{name}: the (GIF|PNG).*(cut short|stops)"):
        import_map(files)


def test_a_file_named_in_files_but_not_given_is_refused_with_its_line() -> None:
    files = tiny_files()
    del files["tiny.cards"]
    with pytest.raises(MapImportError) as error:
        import_map(files)
    assert str(error.value) == ("tiny.map, line 10: [files] names tiny.cards (the cards), but it is not among the "
                                "files given (give it beside the .map, or all of them in one zip)")


def test_a_country_nobody_can_reach_is_refused() -> None:
    borders = {n: ns for n, ns in {1: [2], 2: [1, 3, 6], 3: [2], 4: [], 5: [6, 9], 6: [2, 5, 7], 7: [6, 8],
                                   8: [7, 9], 9: [8, 5]}.items()}
    assert damaged(**{"tiny.map": tiny_map_text(borders=borders).encode()}) == (
        "tiny.map, line 23: 1 country cannot be reached from North West by any border: Lake Isle (4) (add the "
        "missing borders in [borders])")


def test_a_card_for_a_missing_country_is_refused_with_its_line() -> None:
    assert damaged(**{"tiny.cards": b"[cards]\nInfantry 1\nCavalry 10\n"}) == (
        "tiny.cards, line 3: the card is for country 10, but the map has countries 1 to 9")


def test_files_that_are_not_a_map_are_refused() -> None:
    with pytest.raises(MapImportError, match=r"^the files: no \.map file among them"):
        import_map({"notes.txt": b"hello"})
    with pytest.raises(MapImportError, match=r"^maps\.zip: not a zip file"):
        read_zip(b"PK\x03\x04 broken", "maps.zip")
    with pytest.raises(MapImportError, match=r"^tiny\.map: the map has no \[borders\] section"):
        import_map({"tiny.map": b"[continents]\nA 1 red\n[countries]\n1 X 1 0 0\n"})


# The command line, end to end.


def write_tiny(folder: Path, index: str = "png") -> Path:
    for name, data in tiny_files(index).items():
        (folder / name).write_bytes(data)
    return folder / "tiny.map"


def test_map_import_writes_the_board_file_and_prints_the_board_with_its_file_and_hash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_tiny(tmp_path)
    out = tmp_path / "boards"
    assert main(["map", "import", str(source), "--out", str(out), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    written = Path(printed["file"])
    assert written.parent == out and written.name == f"{printed['id']}.json"
    board = json.loads(written.read_text(encoding="utf-8"))
    assert printed["hash"] == hashlib.sha256(canonical_json(board).encode()).hexdigest()[:16] == content_hash(board)
    assert [t["id"] for t in printed["territories"]] == IDS and printed["name"] == "Tiny World"
    assert {c["id"]: c["bonus"] for c in printed["continents"]} == {"north": 3, "ring_sea": 2, "south": 4}
    assert printed["territories"][1]["neighbours"] == ["north_west", "ring_land", "middle"]
    assert len(printed["warnings"]) == 3
    assert board == imported("png").board


def test_map_import_of_a_zip_gives_the_same_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "tiny.zip"
    with zipfile.ZipFile(archive, "w") as stream:
        for name, data in tiny_files("png").items():
            stream.writestr(name, data)
    assert main(["map", "import", str(archive), "--out", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hash"] == content_hash(imported("png").board)


def test_map_import_of_a_damaged_map_exits_2_with_the_file_and_line_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "in").mkdir()
    source = write_tiny(tmp_path / "in")
    (tmp_path / "in" / "tiny.cards").unlink()
    out = tmp_path / "out"
    assert main(["map", "import", str(source), "--out", str(out), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error: tiny.map, line 10: [files] names tiny.cards")
    assert not out.exists()
    assert main(["map", "import", str(tmp_path / "missing.map")]) == 2
    assert "missing.map: no such file" in capsys.readouterr().err


def test_map_import_finds_the_files_beside_the_map_in_another_letter_case(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_tiny(tmp_path)
    (tmp_path / "tiny_map.png").rename(tmp_path / "Tiny_Map.PNG")
    assert main(["map", "import", str(source), "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("Tiny World: 9 territories, 3 continents, 9 borders (6 across water)")


def test_a_sixteen_bit_index_is_refused_through_the_importer_too() -> None:
    data = encode_png(TINY_WIDTH, TINY_HEIGHT, tiny_index(), sixteen=True)
    assert damaged(**{"tiny_map.gif": data}).startswith("tiny_map.gif: the PNG has 16 bits a sample")


def test_a_map_the_board_validator_refuses_is_refused_naming_the_map() -> None:
    """Five countries: Domination plays it, this game's boards have 6 to 250 territories."""
    text = "\n".join(["[files]", "map five.gif", "[continents]", "All 2 red", "[countries]",
                      *(f"{n} C{n} 1 {n * 10 - 5} 5" for n in range(1, 6)), "[borders]",
                      *(f"{n} {n % 5 + 1} {(n - 2) % 5 + 1}" for n in range(1, 6))])
    index = bytes(x // 10 + 1 for _ in range(10) for x in range(50))
    with pytest.raises(MapImportError) as error:
        import_map({"five.map": text.encode(), "five.gif": encode_gif(50, 10, index)})
    assert str(error.value).startswith("five.map: the board it makes is refused: ")
    assert "6" in str(error.value) and "250" in str(error.value)


def test_the_drawing_draws_an_imported_board_with_its_picture_under_the_land() -> None:
    from risk.drawing import board_svg

    board = imported().board
    svg = board_svg(board)
    assert svg.count('class="territory continent-') == 9 and svg.count('class="sea-link"') == len(
        board["drawing"]["sea_links"]) == 7
    assert svg.index("<image ") < svg.index('id="territories"') and 'class="sea"' not in svg
    assert 'viewBox="-24 0 144 64"' in svg and 'fill="#99b3e6"' in svg  # the ring's continent, lightened
