"""The first screen's Maps page on the fake DOM (risk_ui.maps_page): the kept maps listed with a preview, renamed,
exported and imported back, deleted after naming the saved games on them; a Domination map imported from the
project's own test files (risk.importers in the page), and damaged ones refused with the importer's message while
nothing changes."""

from __future__ import annotations

import asyncio
import io
import json
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from engine.domination_maps import TINY_HEIGHT, TINY_WIDTH, encode_gif, tiny_files, tiny_index, tiny_map_text
from risk.board import IMPORTED, MissingBoard, forget_board, load_board
from risk.boardfile import content_hash
from risk.game import Game, Seat
from risk.importers.domination import import_map
from risk.rules import make_rules
from risk_ui import board_shelf, words
from risk_ui.board_shelf import BoardShelf
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.maps_page import MapsPanel, preview_svg, read_map
from risk_ui.storage import MemoryBackend, Saves
from risk_ui.view import render
from tiny_board import tiny

TINY_REF = IMPORTED + content_hash(import_map(tiny_files()).board)


class FakeFiles:
    """The browser as the panel sees it: ``chosen`` are the files a person picked; downloads are recorded."""

    def __init__(self) -> None:
        self.chosen: list[tuple[str, bytes]] = []
        self.downloads: list[tuple[str, str]] = []

    def download(self, name: str, text: str) -> None:
        self.downloads.append((name, text))

    async def read_files(self, element: Any) -> list[tuple[str, bytes]]:
        return list(self.chosen)


@pytest.fixture(autouse=True)
def nothing_held() -> Iterator[None]:
    refs = [TINY_REF, IMPORTED + content_hash(tiny())]
    for ref in refs:
        forget_board(ref)
    yield
    for ref in refs:
        forget_board(ref)


def open_maps(mount, backend: MemoryBackend | None = None):  # type: ignore[no-untyped-def]
    backend = backend if backend is not None else MemoryBackend()
    controller = Controller.new(DEFAULT_SETTINGS, seed=1)
    doc, page = mount(controller)
    shelf = BoardShelf(backend, clock=lambda: 50.0)
    saves = Saves(backend, clock=lambda: 60.0)
    browser = FakeFiles()
    panel = MapsPanel(doc, page, shelf, saves, browser)
    panel.mount()
    page.after_render.append(panel.refresh)
    controller.command("home-page", "maps")
    page.render()
    return doc, page, panel, browser


def choose(doc, panel: MapsPanel, browser: FakeFiles, files: dict[str, bytes]) -> None:  # type: ignore[no-untyped-def]
    """A person picks files in the Maps page's chooser."""
    browser.chosen = list(files.items())
    asyncio.run(panel.import_files(doc.getElementById("maps-import")))


def press(doc, action: str, ref: str) -> None:  # type: ignore[no-untyped-def]
    [button] = [b for b in doc.querySelectorAll("[data-map-action]")
                if b.getAttribute("data-map-action") == action and b.getAttribute("data-map") == ref]
    doc.click(button)


def listed(doc) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.textContent for e in doc.querySelectorAll("#maps-list .map-name")]


def message(doc) -> str:  # type: ignore[no-untyped-def]
    return doc.getElementById("maps-message").textContent


def test_the_maps_page_is_a_page_of_the_first_screen(mount) -> None:  # type: ignore[no-untyped-def]
    doc, page, _panel, _ = open_maps(mount)
    screen = render(page.controller)
    assert not screen.controls["home-maps-page"].hidden and screen.controls["home-menu"].hidden
    assert doc.getElementById("home-maps").getAttribute("data-arg") == "maps"  # the menu's button to it
    assert listed(doc) == [] and doc.getElementById("maps-list").textContent == words.MAPS_NONE
    assert page.controller.escape() == "home-page" and page.controller.ui.home_page == "menu"


def test_a_domination_map_from_files_is_kept_listed_with_its_preview_and_held(mount) -> None:  # type: ignore[no-untyped-def]
    doc, _page, panel, browser = open_maps(mount)
    choose(doc, panel, browser, tiny_files("gif"))
    assert listed(doc) == ["Tiny World"]
    assert message(doc).startswith("The map \u201cTiny World\u201d is kept in this browser")
    facts = doc.querySelector("#maps-list .map-facts").textContent
    assert facts == "9 territories, 3 continents"
    preview = doc.querySelector("#maps-list svg.map-preview")
    assert preview is not None and preview.getAttribute("aria-label") == "Outline of Tiny World"
    assert len(preview.querySelectorAll("path")) == 9
    assert load_board(TINY_REF).size == 9  # held by the engine: games on it open
    # The same files again keep one map.
    choose(doc, panel, browser, tiny_files("png"))
    assert listed(doc) == ["Tiny World"]
    assert message(doc) == words.map_already_text("Tiny World")


def test_a_zip_of_the_map_is_kept_as_the_same_board(mount) -> None:  # type: ignore[no-untyped-def]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in tiny_files().items():
            archive.writestr(f"Tiny World/{name}", data)
    doc, _page, panel, browser = open_maps(mount)
    choose(doc, panel, browser, {"tiny.zip": buffer.getvalue()})
    assert [e.ref for e in panel.shelf.entries()] == [TINY_REF]


@pytest.mark.parametrize("damage", ["border", "image", "not-a-map"])
def test_a_damaged_map_shows_the_importers_message_and_keeps_nothing(mount, damage: str) -> None:  # type: ignore[no-untyped-def]
    backend = MemoryBackend()
    doc, _page, panel, browser = open_maps(mount, backend)
    before = dict(backend.data)
    if damage == "border":  # a border to a country the map does not have
        text = tiny_map_text("tiny_map.gif", borders={**{n: [] for n in range(1, 10)}, 1: [2], 2: [1, 12]})
        files = tiny_files(**{"tiny.map": text.encode()})
        expected = "tiny.map, line 32: a border to country 12, which [countries] does not have"
    elif damage == "image":  # the index image cut short
        image = encode_gif(TINY_WIDTH, TINY_HEIGHT, tiny_index())
        files = tiny_files(**{"tiny_map.gif": image[:len(image) * 2 // 3]})
        expected = "tiny_map.gif: the GIF"
    else:
        files = {"holiday.png": b"\x89PNG not a map"}
        expected = words.NOT_A_MAP
    choose(doc, panel, browser, files)
    assert message(doc).startswith(expected)
    assert "error" in doc.getElementById("maps-message").getAttribute("class")
    assert listed(doc) == [] and backend.data == before
    with pytest.raises(MissingBoard):
        load_board(TINY_REF)


def test_rename_shows_the_new_name_and_keeps_the_board(mount) -> None:  # type: ignore[no-untyped-def]
    doc, _page, panel, browser = open_maps(mount)
    choose(doc, panel, browser, tiny_files())
    field = doc.getElementById(f"map-rename-{TINY_REF.partition(':')[2]}")
    doc.type_into(field, "Our <b>own</b> map")
    press(doc, "rename", TINY_REF)
    assert listed(doc) == ["Our <b>own</b> map"]  # as text, never markup
    assert doc.querySelector("#maps-list b") is None
    assert panel.shelf.entry(TINY_REF).name == "Tiny World"  # type: ignore[union-attr]
    assert load_board(TINY_REF).name == "Tiny World"  # links to games on it name the board's own name


def test_export_downloads_the_board_file_which_imports_back(mount) -> None:  # type: ignore[no-untyped-def]
    doc, _page, panel, browser = open_maps(mount)
    choose(doc, panel, browser, tiny_files())
    press(doc, "export", TINY_REF)
    [(name, text)] = browser.downloads
    assert name == "map-Tiny-World.json" and json.loads(text)["name"] == "Tiny World"
    # Another browser imports the file back: the same board.
    forget_board(TINY_REF)
    doc2, _page2, panel2, browser2 = open_maps(mount)
    choose(doc2, panel2, browser2, {name: text.encode()})
    assert [e.ref for e in panel2.shelf.entries()] == [TINY_REF] and listed(doc2) == ["Tiny World"]
    # A board file that is not one is refused with the validator's words, nothing kept.
    doc3, _page3, panel3, browser3 = open_maps(mount)
    bad = json.loads(text)
    bad["territories"][0]["continent"] = "atlantis"
    choose(doc3, panel3, browser3, {"bad.json": json.dumps(bad).encode()})
    assert "atlantis" in message(doc3) and panel3.shelf.entries() == []


def test_delete_names_the_saved_games_on_the_map_and_asks_first(mount) -> None:  # type: ignore[no-untyped-def]
    backend = MemoryBackend()
    doc, _page, panel, browser = open_maps(mount, backend)
    choose(doc, panel, browser, tiny_files())
    saves = Saves(backend, clock=lambda: 70.0)
    on_map = Game.start(replace(make_rules("classic", ["auto-setup"]), map=TINY_REF), [Seat("Ann", 0), Seat("Bo", 1)],
                        seed=2)
    saves.autosave(on_map, "g1")
    saves.rename("g1", "Friday")
    saves.autosave(Game.start(make_rules("classic", ["auto-setup"]), [Seat("Cy", 0), Seat("Di", 1)], seed=3), "g2")
    press(doc, "delete", TINY_REF)
    assert message(doc) == words.map_in_use_text("Tiny World", ["Friday"])
    assert listed(doc) == ["Tiny World"]
    press(doc, "delete-no", TINY_REF)  # "Keep it"
    assert listed(doc) == ["Tiny World"] and load_board(TINY_REF).size == 9
    press(doc, "delete", TINY_REF)
    press(doc, "delete-yes", TINY_REF)
    assert listed(doc) == [] and message(doc) == words.map_deleted_text("Tiny World")
    with pytest.raises(MissingBoard):
        load_board(TINY_REF)
    assert {e.id for e in saves.entries()} == {"g1", "g2"}  # the saves stay: they open once it is back


def test_a_map_no_game_is_on_is_deleted_after_a_second_press(mount) -> None:  # type: ignore[no-untyped-def]
    doc, _page, panel, browser = open_maps(mount)
    choose(doc, panel, browser, tiny_files())
    press(doc, "delete", TINY_REF)
    assert message(doc) == words.map_delete_text("Tiny World")
    press(doc, "delete-yes", TINY_REF)
    assert listed(doc) == []


@pytest.mark.parametrize("last_edition", ["classic", "castle"])
def test_play_on_this_map_opens_the_new_game_dialog_with_the_map_chosen_and_starts_on_it(
        mount, last_edition: str) -> None:  # type: ignore[no-untyped-def]
    doc, page, panel, browser = open_maps(mount)
    controller = page.controller
    board_shelf.install(panel.shelf)
    controller.kept_boards = board_shelf.kept_boards  # as main.py gives the dialog the kept maps
    try:
        if last_edition != "classic":  # the dialog was last used for an edition that plays on its own board only
            doc.click(doc.getElementById("new-game"))
            radio = doc.querySelector(f'input[name="ng-edition"][value="{last_edition}"]')
            radio.checked = True
            doc.dispatch(radio, "change")
            doc.click(doc.getElementById("ng-cancel"))
            controller.command("home-page", "maps")
            page.render()
        choose(doc, panel, browser, tiny_files())
        press(doc, "play", TINY_REF)
        assert doc.getElementById("new-game-dialog").open
        assert controller.ui.dialog_board.board == TINY_REF and controller.ui.dialog_edition == "classic"
        assert not doc.getElementById("ng-board").hidden
        [chosen] = [r for r in doc.querySelectorAll('input[name="ng-board"]') if r.checked]
        assert chosen.getAttribute("value") == TINY_REF
        doc.click(doc.getElementById("ng-start"))
        assert not doc.getElementById("new-game-dialog").open, doc.getElementById("ng-error").textContent
        assert controller.state.rules.map == TINY_REF and controller.state.board.name == "Tiny World"
        assert not controller.ui.home  # the game on the map is on the table
    finally:
        board_shelf.install(None)


def test_the_preview_draws_outlines_only_escaped() -> None:
    data = tiny()
    svg = preview_svg(data, 'Tiny "world" <x>')
    assert svg.count("<path") == 6 and "<image" not in svg and "<circle" not in svg
    assert 'aria-label="Outline of Tiny &quot;world&quot; &lt;x&gt;"' in svg
    assert preview_svg({"name": "no drawing"}, "x") == ""


def test_read_map_takes_a_board_file_a_zip_or_a_dominations_files() -> None:
    assert read_map([("t.json", json.dumps(tiny()).encode())]).board == tiny()
    files = tiny_files()
    assert read_map(list(files.items())).board == import_map(files).board
    with pytest.raises(ValueError, match="not a map"):
        read_map([])


def test_a_map_kept_in_another_tab_is_held_and_listed_here(mount) -> None:  # type: ignore[no-untyped-def]
    backend = MemoryBackend()
    doc, _page, panel, _browser = open_maps(mount, backend)
    other_tab = BoardShelf(backend, clock=lambda: 80.0)
    ref = other_tab.keep(import_map(tiny_files()).board)
    forget_board(ref)  # this tab's Python holds nothing yet
    panel.on_storage("risk/.prefs")  # another key: nothing to do
    assert listed(doc) == []
    panel.on_storage(panel.shelf.index_key)
    assert listed(doc) == ["Tiny World"] and load_board(ref).size == 9


def test_files_the_browser_cannot_read_are_said_and_nothing_is_kept(mount) -> None:  # type: ignore[no-untyped-def]
    doc, _page, panel, browser = open_maps(mount)

    async def unreadable(element: Any) -> list[tuple[str, bytes]]:
        raise OSError("NotReadableError: the file was moved")

    browser.read_files = unreadable  # type: ignore[method-assign]
    asyncio.run(panel.import_files(doc.getElementById("maps-import")))
    assert message(doc).startswith("The map could not be read (OSError: NotReadableError")
    assert listed(doc) == [] and panel.shelf.entries() == []
