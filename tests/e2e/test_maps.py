"""A Domination map imported in Chromium from files on disk, played against the computer, and still there after a
reload (issue #24, parts 1 and 3).

One browser context (its own storage) for the whole module: the test writes the
project's map of Domination's usual size (tests/engine/domination_maps.py: 677 x 425 pixels, 42 countries with wavy
borders; its .map and GIF index image) into a folder, picks the files in the first screen's Maps page (the page
reads and traces them in Pyodide, and must make the very board CPython makes: the same content hash), starts a game
on it against two computer players from its "Play on this map" (the new-game dialog opens with the map chosen),
plays two turns, reloads, and finds the game on the table on the map, and the map listed. Screenshots of the Maps
page and of the board in play at 390x844, 844x390 and 1440x900: maps-page-*.png, maps-in-play-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from e2e.map_clicks import play_my_turn
from e2e.screens import shoot
from engine.domination_maps import encode_gif, world_index, world_map_text
from risk.board import IMPORTED
from risk.boardfile import content_hash
from risk.importers.domination import import_map

READY = "html[data-ready='true']"
SIZES = ({"width": 390, "height": 844}, {"width": 844, "height": 390}, {"width": 1440, "height": 900})
DESKTOP = SIZES[2]


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    context.close()


def wait_ready(page: Any) -> None:
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert not page.errors, page.errors


def body(page: Any, name: str) -> str:
    return str(page.locator("body").get_attribute(name))


def shots(page: Any, name: str) -> None:
    for size in SIZES:
        page.set_viewport_size(size)
        page.wait_for_timeout(150)  # the layout settles (the map refits itself to its box)
        shoot(page, f"{name}-{size['width']}x{size['height']}")
    page.set_viewport_size(DESKTOP)


def test_a_map_imported_from_files_plays_against_the_computer_and_stays_after_a_reload(
        page: Any, site_url: str, tmp_path: Path) -> None:
    index = world_index()  # Domination's usual 677 x 425 pixels, 42 countries with wavy borders
    files = {"world.map": world_map_text("world_map.gif", index).encode(), "world_map.gif": encode_gif(677, 425, index)}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    board = import_map(files).board  # what CPython makes of the same files
    ref = IMPORTED + content_hash(board)

    page.emulate_media(reduced_motion="reduce")  # the armies do not travel: the game goes at the bots' pace
    page.goto(site_url + "?debug=1")
    wait_ready(page)
    page.evaluate("window.riskGrace(0)")  # the bots do not wait while Undo is offered
    page.locator("#home-maps").click()
    assert page.locator("#home-maps-page").is_visible()
    page.locator("#maps-import").set_input_files([str(tmp_path / name) for name in sorted(files)])
    entry = page.locator("#maps-list .map-entry")
    entry.wait_for(timeout=60_000)  # the importer's code comes on demand, then the image is traced
    assert entry.get_attribute("data-map") == ref  # the page's Pyodide made CPython's board, to the byte
    assert page.locator("#maps-list .map-name").inner_text() == "Wavy World"
    assert page.locator("#maps-list svg.map-preview path").count() == 42
    assert "kept in this browser" in page.locator("#maps-message").inner_text()
    shots(page, "maps-page")

    # A game on it against two computer players, from the map's "Play on this map" and the new-game dialog.
    page.locator(f'#maps-list [data-map-action="play"][data-map="{ref}"]').click()
    assert page.locator("#new-game-dialog").is_visible()
    assert page.locator(f'input[name="ng-board"][value="{ref}"]').is_checked()
    page.locator("#ng-controller-1").select_option("normal")
    page.locator("#ng-controller-2").select_option("easy")
    page.get_by_role("button", name="Start game").click()
    assert page.locator("svg#board").get_attribute("data-board") == board["id"]
    assert page.locator("[data-territory]").count() == 42
    turns = 0
    while turns < 2:
        page.wait_for_selector("body[data-player='0'][data-phase='reinforce']", timeout=60_000)
        if turns == 1:
            shots(page, "maps-in-play")
        play_my_turn(page)
        turns += 1
    page.wait_for_selector("body[data-player='0'][data-phase='reinforce']", timeout=60_000)
    played = page.evaluate("window.riskGameCode()")
    assert not page.errors, page.errors

    page.reload()
    wait_ready(page)
    assert page.locator("svg#board").get_attribute("data-board") == board["id"]  # the game opens on the map
    assert page.evaluate("window.riskGameCode()") == played
    assert body(page, "data-player") == "0" and body(page, "data-phase") == "reinforce"
    page.locator("#menu").click()
    page.locator("#home-maps").click()
    assert page.locator("#maps-list .map-entry").get_attribute("data-map") == ref
    assert not page.errors, page.errors
