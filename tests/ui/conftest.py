"""Fixtures for the browser layer's CPython tests: a stand-in map and a page on the fake DOM."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from risk.board import load_board
from risk.drawing import board_svg
from risk_ui.controller import Controller
from risk_ui.dom import Page, load_drawing
from ui.fakedom import FakeDocument

BOARD = load_board("classic")
COLUMNS = 7
SPACING = 50


def stand_in_svg() -> str:
    """A map with the real one's structure (one group per territory, land, badge, count) on a grid.

    Territory ``i`` sits in column ``i % 7``, row ``i // 7``, so arrow-key moves are easy to predict.
    """
    groups = []
    for i, t in enumerate(BOARD.territories):
        x, y = 20 + (i % COLUMNS) * SPACING, 20 + (i // COLUMNS) * SPACING
        continent = BOARD.continents[t.continent].id
        groups.append(
            f'<g id="t-{t.id}" class="territory continent-{continent}" data-territory="{t.id}">'
            f'<path class="land" d="M{x - 20} {y - 20}h40v40h-40z"/>'
            f'<circle class="army-badge" cx="{x}" cy="{y}" r="9"/>'
            f'<text class="army-count" x="{x}" y="{y}">0</text></g>')
    return ('<svg id="board" viewBox="0 0 400 350" data-board="classic"><g id="sea-links"></g><g id="territories">'
            + "".join(groups) + "</g></svg>")


BOARD_FILES = Path(__file__).resolve().parents[2] / "src" / "risk" / "maps"


@functools.cache
def drawn_map(name: str) -> str | None:
    """A shipped board's drawing as the build puts it on the site (drawn from its board file), or None."""
    path = BOARD_FILES / f"{name}.json"
    return board_svg(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else None


def site_fetch(url: str, done: Callable[[str], None], failed: Callable[[BaseException], None]) -> None:
    """The browser's fetch of a drawing the build wrote on the site (``./assets/maps/<id>.svg``), at once."""
    svg = drawn_map(Path(url).stem) if url.startswith("./assets/maps/") and url.endswith(".svg") else None
    if svg is not None:
        done(svg)
    else:
        failed(FileNotFoundError(f"the site answered 404 for {url}"))


def disk_maps(ref: str, done: Callable[[str], None], failed: Callable[[BaseException], None]) -> None:
    """The page's seam for a board's drawing, with the site's files at once and no boards of its own."""
    load_drawing(ref, done, failed, fetch=site_fetch)


def page_html(svg: str) -> str:
    """The body of index.html as the build writes it, with ``svg`` as the map."""
    return (f'<div id="loader"></div><main id="game"><div id="map">{svg}</div>'
            '<div id="app"></div></main>')


@pytest.fixture
def mount() -> Callable[..., tuple[FakeDocument, Page]]:
    """Mount a controller on a fresh fake page with the stand-in map."""

    def make(controller: Controller, svg: str | None = None) -> tuple[FakeDocument, Page]:
        document = FakeDocument(page_html(svg or stand_in_svg()))
        seeds = iter(range(100, 10_000))
        page = Page(document, controller, new_seed=lambda: next(seeds), load_map=disk_maps)
        page.mount()
        return document, page

    return make
