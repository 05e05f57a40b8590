"""A link to a game on an imported map, opened in a browser without the map (issue 24, part 4), in Chromium with two
browser contexts (two devices).

The map is the project's own tiny Domination map (tests/engine/domination_maps.py), turned into a board file by
risk.importers.domination.import_map and written to disk. Context A imports that file with the first screen's
Import (the page keeps it), opens a game on it by its link, plays a turn (the page's ``riskPlay`` hook), its
address is the link, and "Send with the board" downloads the game with its map. Context B, a fresh browser, opens
the link: the first screen says which map to import, with the button; the downloaded file chosen there keeps the
map and opens the waiting game at once, with the same state digest as A's. Screenshots of the prompt at 390x844,
844x390 and 1440x900 (board-wanted-*.png), of A's Send with the board (board-send-*.png) and of the game opened
after the import (board-wanted-opened.png).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.domination_maps import tiny_files
from link_turns import SHARED, plain
from risk.actions import format_action
from risk.board import forget_board, register_board
from risk.codec import encode_share, share_present
from risk.game import HUMAN, Game, Seat
from risk.importers.domination import import_map
from risk.rules import make_rules
from risk.state import Phase

from .screens import shoot

READY = "html[data-ready='true']"
SIZES = {"phone": {"width": 390, "height": 844}, "sideways": {"width": 844, "height": 390},
         "desktop": {"width": 1440, "height": 900}}


def open_at(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert not page.errors, page.errors


def code_of(page: Any) -> str:
    return str(page.evaluate("location.hash")).lstrip("#")


def a_turn_on(ref: str, seed: int = 3) -> tuple[Game, list[str]]:
    """A game of Ann and Bob (people) and a computer player on board ``ref``, at the start of a person's turn past
    the setup, and the text of that person's moves to the end of the turn."""
    seats = (Seat("Ann", 0, HUMAN), Seat("Bob", 1, HUMAN), Seat("Cy", 2, "normal"))
    game = Game.start(replace(make_rules("classic", ["auto-setup"]), map=ref), seats, seed)
    rng, before = random.Random(seed), -1
    while not (game.state.turn >= 2 and game.state.phase not in SHARED
               and seats[game.state.current].controller == HUMAN and game.state.current != before):
        before = game.state.current
        game.play(plain(game.state, rng))
    copy = Game(game.rules, game.seats, game.seed, game.initial.copy(), game.state.copy(), list(game.history))
    seat, lines = copy.state.current, []
    while copy.state.current == seat and copy.state.phase is not Phase.OVER:
        action = plain(copy.state, rng)
        lines.append(format_action(copy.state.board, action))
        copy.play(action)
    return game, lines


def test_a_link_to_an_imported_map_opens_in_a_browser_without_it_once_the_map_is_imported(
        fresh_page: Callable[..., Any], site_url: str, tmp_path: Path) -> None:
    board = import_map(tiny_files()).board
    name = str(board["name"])
    path = tmp_path / "tiny-world.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    ref = register_board(board)
    try:
        game, lines = a_turn_on(ref)
        link = encode_share(game)
    finally:
        forget_board(ref)

    # A holds the map (imported through the first screen) and plays a turn of the game on it.
    sender = fresh_page(SIZES["desktop"])
    open_at(sender, site_url)
    sender.locator("#home-import").set_input_files(str(path))
    sender.wait_for_function("document.getElementById('home-import-message').textContent.includes('is kept')")
    open_at(sender, site_url + "?debug=1#" + link)  # a reload: the kept map is held again before the link opens
    sender.locator("#handoff-button").click()
    assert sender.evaluate("texts => window.riskPlay(texts)", "\n".join(lines)) == ""
    sent = code_of(sender)
    digest = sender.evaluate("window.riskStateDigest()")
    # "Send with the board": one file with the game and its map, downloaded.
    with sender.expect_download() as download:
        sender.locator("#send-board").click()
    bundle = tmp_path / download.value.suggested_filename
    download.value.save_as(bundle)
    assert bundle.name.endswith("-with-map.json") and json.loads(bundle.read_text(encoding="utf-8"))["board"] == board
    assert "are in the file" in sender.locator("#saves-message").inner_text()
    for size, viewport in SIZES.items():
        sender.set_viewport_size(viewport)
        sender.evaluate("document.getElementById('send-board').scrollIntoView({block: 'center'})")
        shoot(sender, f"board-send-{size}")

    # B has never seen the map: told which one to import, with the button; the link waits in the address.
    receiver = fresh_page(SIZES["phone"])
    open_at(receiver, site_url + "?debug=1#" + sent)
    assert receiver.locator("body").get_attribute("data-overlay") == "home"
    assert receiver.locator("#board-wanted").is_visible()
    assert f"played on the map \u201c{name}\u201d, which this browser does not have yet" in (
        receiver.locator("#board-wanted-text").inner_text())
    for size, viewport in SIZES.items():
        receiver.set_viewport_size(viewport)
        shoot(receiver, f"board-wanted-{size}")
    assert code_of(receiver) == sent
    receiver.set_viewport_size(SIZES["phone"])
    receiver.locator("#board-wanted-import").set_input_files(str(bundle))  # the map, as the game sent with it
    # The game opens at once, with the link's welcome (on the hand-off screen, or its own where a computer plays
    # next: the computer players wait while it shows).
    receiver.wait_for_function("['handoff', 'welcome'].includes(document.body.dataset.overlay)", timeout=30_000)
    assert receiver.evaluate("window.riskStateDigest()") == digest
    assert receiver.locator("#welcome").is_visible() and not receiver.locator("#board-wanted").is_visible()
    assert share_present(code_of(receiver)) == share_present(sent)
    shoot(receiver, "board-wanted-opened")
    assert not sender.errors and not receiver.errors, (sender.errors, receiver.errors)
