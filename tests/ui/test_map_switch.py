"""The page shows the map the game on the table needs: the classic world (inlined in the page) or Castle
Risk's Europe (fetched once from the site, then kept), switching both ways without a reload, for a new
game, a loaded one and one opened from a link, with each map's legend, and says so if a map cannot come."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from risk.game import Seat
from risk_ui.controller import Controller, NewGameSettings
from risk_ui.dom import Page, map_url
from risk_ui.palette import PALETTE
from ui.conftest import drawn_map, page_html
from ui.fakedom import FakeDocument

CLASSIC_SVG = drawn_map("classic")
SEATS = tuple(Seat(PALETTE[i].name, i) for i in range(3))
CASTLE = NewGameSettings(SEATS, "castle", ())
CLASSIC = NewGameSettings(SEATS, "classic", ("auto-setup",))


class Loader:
    """Fetches the maps the build draws on the site when told to (``deliver``), recording what was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.waiting: list[tuple[str, Callable[[str], None], Callable[[BaseException], None]]] = []

    def __call__(self, name: str, done: Callable[[str], None], failed: Callable[[BaseException], None]) -> None:
        self.asked.append(name)
        self.waiting.append((name, done, failed))

    def deliver(self) -> None:
        while self.waiting:
            name, done, failed = self.waiting.pop(0)
            svg = drawn_map(Path(map_url(name)).stem)
            if svg is not None:
                done(svg)
            else:
                failed(FileNotFoundError(f"no drawing {name}"))


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
