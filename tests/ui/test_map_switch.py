"""The page shows the map the game on the table needs: the classic world (inlined in the page) or Castle
Risk's Europe (fetched once from the site, then kept), switching both ways without a reload, for a new
game, a loaded one and one opened from a link, with each map's legend, and says so if a map cannot come."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from risk.game import Seat
from risk_ui.controller import Controller, NewGameSettings
from risk_ui.dom import Page, load_drawing, map_url
from risk_ui.palette import PALETTE
from ui.conftest import drawn_map, page_html, site_fetch
from ui.fakedom import FakeDocument

CLASSIC_SVG = drawn_map("classic")
SEATS = tuple(Seat(PALETTE[i].name, i) for i in range(3))
CASTLE = NewGameSettings(SEATS, "castle", ())
CLASSIC = NewGameSettings(SEATS, "classic", ("auto-setup",))


class Loader:
    """Fetches the maps the build draws on the site when told to (``deliver``), recording what was asked."""

    def __init__(self) -> None:
        self.board_files: dict[str, dict[str, object]] = {}  # the boards this browser holds, by reference
        self.asked: list[str] = []
        self.waiting: list[tuple[str, Callable[[str], None], Callable[[BaseException], None]]] = []

    def __call__(self, name: str, done: Callable[[str], None], failed: Callable[[BaseException], None]) -> None:
        self.asked.append(name)
        self.waiting.append((name, done, failed))

    def deliver(self) -> None:
        while self.waiting:
            ref, done, failed = self.waiting.pop(0)
            load_drawing(ref, done, failed, fetch=site_fetch, board_file=self.board_files.get)


def mounted(controller: Controller) -> tuple[FakeDocument, Page, Loader]:
    loader = Loader()
    document = FakeDocument(page_html(CLASSIC_SVG))
    page = Page(document, controller, load_map=loader)
    page.mount()
    return document, page, loader


def territories(document: FakeDocument) -> list[str]:
    return [str(g.getAttribute("data-territory")) for g in document.querySelectorAll("#territories [data-territory]")]


def test_a_castle_game_fetches_europe_once_and_switching_back_and_forth_keeps_each_map_whole() -> None:
    controller = Controller.new(CLASSIC, seed=3)
    document, page, loader = mounted(controller)
    classic_ids = territories(document)
    assert len(classic_ids) == 42 and document.body.getAttribute("data-map") == "classic"

    controller.start(CASTLE, seed=4)
    page.render()
    # While Europe is on its way: the world is gone (nothing to click on the wrong board), the box says so.
    assert loader.asked == ["castle"]
    assert territories(document) == []
    assert document.getElementById("map").getAttribute("data-map") == "loading"
    assert document.body.getAttribute("data-map") == ""

    loader.deliver()
    assert document.body.getAttribute("data-map") == "castle"
    castle_ids = territories(document)
    assert len(castle_ids) == 44 and "yorkshire" in castle_ids
    legend = document.getElementById("map-legend")
    assert "British Empire" in legend.innerHTML and "Independent territories" in legend.innerHTML
    assert len(document.querySelectorAll("#board")) == 1 and len(document.querySelectorAll(".map-overlay")) == 1
    owned = document.querySelector('[data-territory="london"]')
    assert owned.getAttribute("aria-label") == "London, unclaimed"

    controller.start(CLASSIC, seed=5)
    page.render()
    assert territories(document) == classic_ids  # at once, the same drawing: no second fetch
    assert loader.asked == ["castle"]
    alaska = document.querySelector('[data-territory="alaska"]')
    assert alaska.getAttribute("data-owner") in ("0", "1", "2")
    assert len(alaska.querySelectorAll(".owner-mark")) == 1  # bound once, not again on the way back
    assert "North America" in document.getElementById("map-legend").innerHTML

    controller.start(CASTLE, seed=6)
    page.render()
    assert territories(document) == castle_ids and loader.asked == ["castle"]
    london = document.querySelector('[data-territory="london"]')
    assert len(london.querySelectorAll(".owner-mark")) == 1
    assert london.getAttribute("aria-label") == "London, unclaimed"  # drawn again for this game


def test_clicks_on_the_new_map_reach_the_game_and_its_names_come_from_the_new_board() -> None:
    controller = Controller.new(CASTLE, seed=4)
    document, page, loader = mounted(controller)
    loader.deliver()
    controller.command("handoff")
    page.render()
    empire = controller.state.board.continents[controller.state.ext.empires[controller.state.current]]
    first = controller.state.board.territories[empire.territories[0]]
    document.click(document.querySelector(f'[data-territory="{first.id}"]'))
    assert controller.state.owner[empire.territories[0]] >= 0
    names = [t.textContent for t in document.querySelectorAll("#names .name")]
    assert "Yorkshire" in names and "Alaska" not in names


def test_a_map_that_cannot_be_fetched_is_said_and_the_page_goes_on() -> None:
    controller = Controller.new(CLASSIC, seed=3)
    document, page, loader = mounted(controller)
    from dataclasses import replace

    from risk.rules import make_rules
    rules = replace(make_rules("castle"), map="atlantis")
    controller.game.rules = rules  # type: ignore[misc]
    controller.game.state.rules = rules
    page.render()
    loader.deliver()
    assert document.getElementById("map").getAttribute("data-map") == "failed"
    assert not document.getElementById("problem").hidden
    assert "could not be loaded" in document.getElementById("problem-text").textContent
    assert loader.asked == ["atlantis"]
    page.render()
    assert loader.asked == ["atlantis"]  # not asked again and again


@pytest.mark.parametrize("name", ["../secret", "castle.svg", ""])
def test_only_a_plain_name_makes_a_map_address(name: str) -> None:
    with pytest.raises(ValueError):
        map_url(name)


def test_the_drawing_seam_fetches_a_shipped_board_and_draws_any_other_from_its_board_file() -> None:
    """load_drawing is the one way the page gets a board's drawing: a plain id is a file the build drew on the
    site; any other reference is drawn here from the board file this browser holds, or refused by name."""
    from risk.boardfile import BoardFileError
    from risk.drawing import board_svg
    from tiny_board import tiny

    got: list[str] = []
    lost: list[BaseException] = []
    fetched: list[str] = []

    def fetch(url: str, done: Callable[[str], None], failed: Callable[[BaseException], None]) -> None:
        fetched.append(url)
        site_fetch(url, done, failed)

    held = {"generated:1:5:small:3": tiny()}
    load_drawing("castle", got.append, lost.append, fetch=fetch, board_file=held.get)
    assert fetched == ["./assets/maps/castle.svg"] and got == [drawn_map("castle")]
    load_drawing("generated:1:5:small:3", got.append, lost.append, fetch=fetch, board_file=held.get)
    assert fetched == ["./assets/maps/castle.svg"] and got[1] == board_svg(tiny()) and not lost
    load_drawing("imported:0123456789abcdef", got.append, lost.append, fetch=fetch, board_file=held.get)
    assert str(lost[0]) == "this browser holds no board imported:0123456789abcdef" and len(got) == 2
    held["generated:1:5:small:3"]["drawing"]["territories"]["a"]["badge"] = [250, 50, 9]
    load_drawing("generated:1:5:small:3", got.append, lost.append, fetch=fetch, board_file=held.get)
    assert isinstance(lost[1], BoardFileError) and "outside the territory's own land" in str(lost[1])
    load_drawing("atlantis", got.append, lost.append, fetch=fetch)
    assert "404" in str(lost[2]) and len(got) == 2


def test_the_board_in_the_page_is_the_one_its_drawing_names_whatever_it_is() -> None:
    """The page binds the drawing the build inlined as the board its data-board names (no name in the page's
    code): with Europe inlined, a Castle game needs no fetch, and a classic one fetches the world."""
    castle_svg = drawn_map("castle")
    assert castle_svg is not None
    loader = Loader()
    document = FakeDocument(page_html(castle_svg))
    controller = Controller.new(CASTLE, seed=4)
    page = Page(document, controller, load_map=loader)
    page.mount()
    assert loader.asked == [] and len(territories(document)) == 44
    assert document.body.getAttribute("data-map") == "castle"
    controller.start(CLASSIC, seed=5)
    page.render()
    loader.deliver()
    assert loader.asked == ["classic"] and len(territories(document)) == 42

    unnamed = FakeDocument(page_html(castle_svg.replace(' data-board="castle"', "")))
    with pytest.raises(RuntimeError, match="does not say which board it draws"):
        Page(unnamed, Controller.new(CASTLE, seed=4), load_map=loader).mount()


def test_the_page_code_and_stylesheet_name_no_board() -> None:
    """Board-specific choices are the board file's data: the modules that bind and draw the map hold no shipped
    board's id as a string (but for a site of that name: Castle Risk's castles), and no rule of the stylesheet
    is for one board."""
    from risk_ui.palette import SITES

    root = Path(__file__).resolve().parents[2]
    boards = {path.stem for path in (root / "src" / "risk" / "maps").glob("*.json")}
    for name in ("dom.py", "map_control.py", "map_view.py", "viewport.py", "layout.py"):
        text = (root / "src" / "risk_ui" / name).read_text(encoding="utf-8")
        assert set(re.findall(r"""["']([a-z0-9_-]+)["']""", text)) & boards <= set(SITES), name
    assert "data-map=" not in (root / "assets" / "style" / "game.css").read_text(encoding="utf-8")
