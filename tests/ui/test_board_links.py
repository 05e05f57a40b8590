"""A game on an imported map this browser does not hold (issue 24, part 4): a link, a save file (a replay code) and a
saved game of the list wait on the first screen, which says which map to import; the game opens once that map is
kept; a map that differs is said to differ (and kept); "Send with the board" writes one file with the game and its
map, and importing it keeps the map and opens the game. On the fake DOM, with risk.board.register_board as the
keep (what a page without the shelf does)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.board_link_fixtures import imported_board
from engine.domination_maps import tiny_files
from risk.ai import choose, make_bot
from risk.board import MissingBoard, board_file, forget_board, load_board, register_board
from risk.boardfile import content_hash, game_with_board, read_game_with_board
from risk.codec import encode_replay, encode_share
from risk.game import Game, Seat
from risk.importers.domination import import_map
from risk.rules import make_rules
from risk.worldgen.generator import generate
from risk_ui.board_links import LINK, SAVE_FILE, SAVED_GAME
from risk_ui.board_shelf import BoardShelf, ShelfFull
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.dom import Page, load_drawing
from risk_ui.maps_page import MapsPanel, read_map
from risk_ui.saves_panel import SavesPanel, Session
from risk_ui.scenarios import full_turn
from risk_ui.storage import MemoryBackend, Saves
from risk_ui.words import SHELF_FULL
from threads import in_a_thread
from ui.conftest import page_html, site_fetch, stand_in_svg
from ui.fakedom import FakeDocument
from ui.test_saves_panel import FakeBrowser, StorageEvent


class Files(FakeBrowser):
    """The browser, with the files a person would choose with the missing map's button (several at once)."""

    def __init__(self) -> None:
        super().__init__()
        self.files: list[tuple[str, bytes]] = []

    async def read_files(self, element: Any) -> list[tuple[str, bytes]]:
        return self.files

FIXTURE = Path(__file__).resolve().parents[1] / "engine" / "game_with_board_v1.json"


def held(ref: str) -> Any:
    """The page's board_file seam: the boards this browser holds."""
    try:
        return board_file(ref)
    except MissingBoard:
        return None


def open_page(backend: MemoryBackend, fragment: str = "",
              shelf: BoardShelf | None = None) -> tuple[FakeDocument, Page, SavesPanel, Files]:
    """A page opened with ``fragment`` in its address over ``backend`` (a browser's storage), as main.py does:
    resume, the first screen unless a link, then the panel."""
    controller = Controller.from_state(DEFAULT_SETTINGS.seats, full_turn(3), 3)
    if shelf is not None:
        shelf.restore()  # as main.py does, before the saves resume
    ids = iter(range(1, 100))
    session = Session(Saves(backend, clock=lambda: 1_000_000.0),
                      lambda: f"{next(ids):x}-{controller.game.seed & 0xFFFFFFFF:x}")
    session.open(controller, fragment)
    controller.ui.home = not fragment
    document = FakeDocument(page_html(stand_in_svg()))
    seeds = iter(range(100, 10_000))
    page = Page(document, controller, new_seed=lambda: next(seeds),
                load_map=lambda ref, done, failed: load_drawing(ref, done, failed, fetch=site_fetch, board_file=held))
    page.mount()
    browser = Files()
    panel = SavesPanel(document, page, session, browser, keep=shelf.keep if shelf is not None else register_board,
                       read_map=lambda files: read_map(files).board)
    if session.wanted is not None:  # as saves_panel.connect does
        controller.ui.home = True
        page.render()
    panel.mount()
    page.after_render.append(panel.refresh)
    return document, page, panel, browser


def the_board() -> tuple[dict[str, Any], str]:
    data = imported_board()
    return data, "imported:" + content_hash(data)


def played_on(ref: str, actions: int = 40, seed: int = 5) -> Game:
    """A game of three on the board ``ref`` (held while it is made), some moves in."""
    game = Game.start(replace(make_rules("classic", ["auto-setup"]), map=ref),
                      [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)], seed=seed)
    bots = [make_bot("normal", 3 + s) for s in range(3)]
    for _ in range(actions):
        game.play(choose(bots[game.state.current], game.state))
    return game


@pytest.fixture
def missing_board():
    """The test board and a game on it, made while held, then forgotten (a browser that never had it)."""
    data, ref = the_board()
    register_board(data)
    game = played_on(ref)
    codes = {"share": encode_share(game), "replay": encode_replay(game)}  # made while held, as its sender did
    forget_board(ref)
    yield data, ref, game, codes
    forget_board(ref)


def choose_file(panel: SavesPanel, browser: Files, name: str, text: str) -> str:
    """A file chosen with Import (the first screen's, or Saved games')."""
    browser.file = (name, text)
    in_a_thread(panel._import(None))
    return panel.session.message


def choose_map(panel: SavesPanel, browser: Files, files: dict[str, bytes]) -> str:
    """Files chosen with the missing map's own button, "Import the map"."""
    browser.files = list(files.items())
    in_a_thread(panel._import_map(None))
    return panel.session.message


def other_board() -> dict[str, Any]:
    return {**generate(5, "small", 3), "id": "imported-other", "name": "Other isles"}


def shows_prompt(doc: FakeDocument, name: str, kind: str) -> bool:
    text = doc.getElementById("board-wanted-text").textContent
    return (not doc.getElementById("board-wanted").hidden and doc.body.getAttribute("data-overlay") == "home"
            and f"played on the map \u201c{name}\u201d, which this browser does not have yet: import it" in text
            and f"the {kind} waits here" in text)


def test_a_link_to_a_game_on_a_missing_map_waits_on_the_first_screen_until_the_map_is_kept(missing_board):
    data, ref, game, codes = missing_board
    doc, page, panel, browser = open_page(MemoryBackend(), "#" + codes["share"])
    session = panel.session
    assert session.wanted is not None and session.wanted.kind == LINK and session.wanted.ref == ref
    assert shows_prompt(doc, "Test isles", "link")
    assert doc.activeElement is doc.getElementById("board-wanted-import")  # the keyboard is on its button
    assert page.controller.game.rules.map == "classic"  # the game of before stays under the first screen
    assert browser.fragments == []  # the address keeps the link
    assert session.saves.entries() == []  # nothing saved of it, nothing else lost
    # A map that is not this game's: said to differ, kept, and the link still waits.
    said = choose_map(panel, browser, {"other-isles.json": json.dumps(other_board()).encode()})
    assert ("\u201cOther isles\u201d, is not the one this game is played on: it differs from \u201cTest isles\u201d"
            in said)
    assert doc.getElementById("board-wanted-message").textContent == said
    assert load_board("imported:" + content_hash(other_board())).name == "Other isles"  # kept
    assert shows_prompt(doc, "Test isles", "link") and browser.fragments == []
    # The map itself: the game opens at once, at the link's moment, on the hand-off screen with the welcome.
    said = choose_map(panel, browser, {"test-isles.json": json.dumps(data, indent=1).encode()})
    assert said.startswith("The map \u201cTest isles\u201d is kept in this browser")
    c = page.controller
    assert c.game.rules.map == ref and c.game.state == game.state and len(c.game.history) == len(game.history)
    assert session.wanted is None and not c.ui.home and c.ui.welcome
    assert doc.getElementById("board-wanted").hidden and doc.body.getAttribute("data-map") == ref
    assert browser.fragments[-1] == encode_share(c.game)  # the address holds the game now
    forget_board("imported:" + content_hash(other_board()))


def test_a_save_file_on_a_missing_map_waits_and_is_imported_once_the_map_is_kept(missing_board):
    data, _ref, game, codes = missing_board
    doc, page, panel, browser = open_page(MemoryBackend())
    assert choose_file(panel, browser, "risk-Isles-night.txt", codes["replay"] + "\n") == ""
    assert panel.session.wanted is not None and panel.session.wanted.kind == SAVE_FILE
    assert shows_prompt(doc, "Test isles", "save file") and panel.session.saves.entries() == []
    choose_file(panel, browser, "board.json", json.dumps(data))
    c = page.controller
    assert c.game.state == game.state and len(c.game.history) == len(game.history) and not c.ui.home
    [entry] = panel.session.saves.entries()
    assert entry.name == "Isles night" and entry.floor == len(game.history)  # as any save file imported


def test_a_saved_game_whose_map_was_let_go_waits_for_it_when_loaded(missing_board):
    data, ref, game, codes = missing_board
    register_board(data)
    backend = MemoryBackend()
    _doc, page, panel, _browser = open_page(backend, "#" + codes["share"])
    saved = panel.session.save_id
    assert page.controller.game.rules.map == ref
    forget_board(ref)  # the map deleted from this browser; the game stays in the list
    doc2, page2, panel2, browser2 = open_page(backend)  # a reload: Continue's game is on that map
    assert panel2.session.wanted is not None and panel2.session.wanted.kind == SAVED_GAME
    assert panel2.session.wanted.code == saved and shows_prompt(doc2, "Test isles", "saved game")
    choose_map(panel2, browser2, {"isles.json": json.dumps(data).encode()})
    assert page2.controller.game.state == game.state and panel2.session.save_id == saved


def test_send_with_the_board_writes_the_game_and_its_map_and_importing_it_opens_the_game(missing_board):
    data, ref, game, codes = missing_board
    doc, _page, _panel, _browser = open_page(MemoryBackend())
    assert doc.getElementById("send-board").hidden  # a game on a shipped board has nothing to send with it
    register_board(data)
    doc, _page, panel, browser = open_page(MemoryBackend(), "#" + codes["share"])
    assert not doc.getElementById("send-board").hidden
    panel.session.saves.rename(panel.session.save_id, "Isles")
    doc.click(doc.getElementById("send-board"))
    name, text = browser.downloads[-1]
    assert name == "risk-Isles-with-map.json"
    assert panel.session.message.startswith(f"The game and its map \u201cTest isles\u201d are in the file {name}")
    code, board = read_game_with_board(json.loads(text))
    assert board == data and code == codes["replay"]
    forget_board(ref)  # another browser, which has neither
    doc2, page2, panel2, browser2 = open_page(MemoryBackend())
    said = choose_file(panel2, browser2, name, text)
    assert said.startswith(
        "The map \u201cTest isles\u201d is kept and the game is in the list as \u201cIsles with map\u201d")
    c = page2.controller
    assert c.game.state == game.state and c.game.history == game.history and not c.ui.home
    assert load_board(ref).name == "Test isles" and doc2.body.getAttribute("data-map") == ref


def test_a_game_with_board_file_whose_game_is_on_another_map_or_whose_map_is_bad_is_refused(missing_board):
    data, _ref, _game, codes = missing_board
    _doc, page, panel, browser = open_page(MemoryBackend())
    wrong = game_with_board(codes["replay"], other_board())
    assert choose_file(panel, browser, "x.json", wrong) == (
        "This file cannot be imported: its game is not played on the map it holds.")
    assert panel.session.saves.entries() == [] and page.controller.game.rules.map == "classic"
    bad = json.loads(game_with_board(codes["replay"], data))
    bad["board"]["territories"][0]["neighbours"] = []
    said = choose_file(panel, browser, "bad.json", json.dumps(bad))
    assert said.startswith('the board "Test isles": ') and panel.session.saves.entries() == []
    forget_board("imported:" + content_hash(other_board()))


def test_the_frozen_game_with_board_file_imports_its_map_and_game():
    """tests/engine/game_with_board_v1.json, written by the first version of "Send with the board", never edited."""
    _data, ref = the_board()
    forget_board(ref)
    _doc, page, panel, browser = open_page(MemoryBackend())
    said = choose_file(panel, browser, FIXTURE.name, FIXTURE.read_text(encoding="utf-8"))
    assert said.startswith("The map \u201cTest isles\u201d is kept")
    state = page.controller.game.state
    assert state.rules.map == ref and (state.turn, state.current, state.phase.name) == (8, 2, "ATTACK")
    forget_board(ref)


def test_a_map_imported_for_a_link_is_kept_on_the_shelf_and_the_game_opens_again_after_a_reload(missing_board):
    """With the page's shelf, the map imported for a waiting link is stored beside the saves: a reload (the engine
    holding nothing until the shelf restores it) opens the game on it."""
    data, ref, game, codes = missing_board
    backend = MemoryBackend()
    doc, page, panel, browser = open_page(backend, "#" + codes["share"], BoardShelf(backend))
    assert shows_prompt(doc, "Test isles", "link")
    choose_file(panel, browser, "isles.json", json.dumps(data))
    assert page.controller.game.state == game.state
    assert [(e.ref, e.name) for e in BoardShelf(backend).entries()] == [(ref, "Test isles")]
    forget_board(ref)  # a reload: only the storage holds the map
    _doc, page2, panel2, _ = open_page(backend, "#" + browser.fragments[-1], BoardShelf(backend))
    assert panel2.session.wanted is None and page2.controller.game.state == game.state


def test_a_map_that_does_not_fit_in_the_storage_is_said_and_the_game_still_waits(missing_board):
    data, _ref, _game, codes = missing_board
    doc, _page, panel, browser = open_page(MemoryBackend(), "#" + codes["share"])

    def full(board: dict[str, object]) -> str:
        raise ShelfFull()

    panel.keep = full
    assert choose_file(panel, browser, "isles.json", json.dumps(data)) == SHELF_FULL
    assert shows_prompt(doc, "Test isles", "link")
    assert doc.getElementById("board-wanted-message").textContent == SHELF_FULL


def test_a_domination_map_chosen_with_the_prompts_button_is_traced_kept_and_opens_the_game():
    """The map a link waits for, as its Domination files (.map, .cards, the index image, the picture): traced in
    the page into the very board the sender had (same content hash), kept, and the game opens; a damaged set of
    files gets the importer's sentence (file and problem) and the game still waits."""
    board = import_map(tiny_files()).board
    ref = register_board(board)
    game = played_on(ref, 30)
    link = encode_share(game)
    forget_board(ref)
    try:
        doc, page, panel, browser = open_page(MemoryBackend(), "#" + link)
        assert shows_prompt(doc, "Tiny World", "link")
        broken = tiny_files(**{"tiny.map": tiny_files()["tiny.map"].replace(b"9 8 5", b"9 8 5 12")})
        said = choose_map(panel, browser, broken)
        assert said.startswith("tiny.map") and "12" in said and shows_prompt(doc, "Tiny World", "link")
        choose_map(panel, browser, tiny_files())
        assert page.controller.game.state == game.state and panel.session.wanted is None
        assert doc.body.getAttribute("data-map") == ref
    finally:
        forget_board(ref)


def test_the_map_imported_on_the_maps_page_opens_the_game_waiting_for_it(missing_board):
    """The first screen's Maps page keeps maps too: a waiting game opens as soon as its map is kept there."""
    data, ref, game, codes = missing_board
    backend = MemoryBackend()
    shelf = BoardShelf(backend)
    doc, page, panel, _ = open_page(backend, "#" + codes["share"], shelf)
    maps = MapsPanel(doc, page, shelf, panel.session.saves, Files())
    maps.mount()
    page.after_render.append(maps.refresh)
    page.controller.command("home-page", "maps")
    page.render()
    assert shows_prompt(doc, "Test isles", "link")
    maps.browser.files = [("isles.json", json.dumps(data).encode())]  # type: ignore[attr-defined]
    in_a_thread(maps.import_files(doc.getElementById("maps-import")))
    assert page.controller.game.state == game.state and not page.controller.ui.home
    assert panel.session.wanted is None and doc.getElementById("board-wanted").hidden
    assert [e.ref for e in shelf.entries()] == [ref]


def test_a_browser_with_a_game_of_its_own_keeps_it_under_the_waiting_link(missing_board):
    """The autosave on the table at start-up stays under the first screen while the link waits; Continue lets the
    link go and the address follows the autosave again."""
    *_, codes = missing_board
    backend = MemoryBackend()
    _doc, page, panel, browser = open_page(backend)
    page.controller.command("continue")
    page.render()
    own = panel.session.save_id
    doc, page, panel, browser = open_page(backend, "#" + codes["share"])
    assert shows_prompt(doc, "Test isles", "link") and panel.session.save_id == own
    assert browser.fragments == []
    page.controller.command("continue")  # the player chose the game of before: the link is let go
    page.render()
    assert panel.session.wanted is None and doc.getElementById("board-wanted").hidden
    assert browser.fragments[-1] == encode_share(page.controller.game) and page.controller.game.rules.map == "classic"


def test_the_map_kept_in_another_tab_opens_the_game_waiting_here(missing_board):
    """Two tabs of one browser: the one waiting hears the storage change (another tab kept the map), holds the
    map from the storage (the shelf's restore) and opens the game."""
    data, ref, game, codes = missing_board
    backend = MemoryBackend()
    shelf = BoardShelf(backend)
    doc, page, panel, _ = open_page(backend, "#" + codes["share"], shelf)
    panel.restore = shelf.restore
    BoardShelf(backend).keep(data)  # the other tab
    forget_board(ref)  # (one process holds the boards of both tabs: this one has not heard of it yet)
    panel.on_storage(StorageEvent(shelf.index_key))
    assert page.controller.game.state == game.state and panel.session.wanted is None
    assert doc.getElementById("board-wanted").hidden
