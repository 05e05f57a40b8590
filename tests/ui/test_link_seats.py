"""A link's receiver never opens another remote seat's turn (issue #23, part 1): the seats claimed on a device.

A game of three people passed by link between devices: Ann's device made it (every seat claimed: pass-and-play),
Bob's got it by a link (Bob, the person it was sent to, claimed). When Bob ends his turn, Cy's hand-off screen on
Bob's device first asks "Cy plays on another device?" with "Send this turn" as its main button; "I am Cy: show my
turn" claims Cy there. The claims are kept in the save (the optional field ``claimed``); a save or listing without
the field reads as before for a game made here, and safely (only the seat on screen) for one that came by link.
"""

from __future__ import annotations

import json
import random

import pytest

from link_turns import people, plain, turn_to_send
from risk.codec import decode_share, encode_share
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.saves_panel import claimed_seats
from risk_ui.storage import MemoryBackend, Saves, check_entry
from risk_ui.view import render
from risk_ui.words import remote_title
from ui.test_saves_panel import button, on_table, open_page, send


def play_turn(page, seed: int = 3) -> None:
    """The player to move takes the device (if the hand-off shows) and plays its turn to its end, plainly."""
    c = page.controller
    if c.ui.handoff >= 0:
        c.command("handoff")
    seat, rng = c.state.current, random.Random(seed)
    for _ in range(500):
        if c.state.current != seat:
            break
        assert c.play(plain(c.state, rng)), c.ui.notice
    page.render()
    assert c.state.current != seat


def made_here(mount, backend: MemoryBackend, edition: str = "classic"):
    """Ann's device: a game of Ann, Bob and Cy made here, at the start of someone's turn."""
    game, _ = turn_to_send(edition, people("Ann", "Bob", "Cy"), 5)
    doc, page, panel, _browser = open_page(mount, backend, controller=on_table(game))
    return doc, page, panel


def remote_screen(doc) -> bool:
    return doc.body.getAttribute("data-handoff") == "remote"


@pytest.mark.parametrize("edition", ["classic", "revised", "castle"])
def test_the_receiver_who_ends_its_turn_is_asked_whether_the_next_seat_plays_elsewhere(mount, edition):
    # Ann's device made the game: its turn is played and sent on.
    doc_a, page_a, panel_a = made_here(mount, MemoryBackend(), edition)
    first = page_a.controller.state.current
    play_turn(page_a)
    after = page_a.controller.state.current
    assert page_a.controller.ui.handoff == after and not remote_screen(doc_a)  # pass-and-play: the plain hand-off
    code = send(panel_a)

    # Bob's device (fresh): the link opens on Bob's own plain hand-off with the welcome; Bob takes it and plays.
    bob_backend = MemoryBackend()
    doc, page, panel, _ = open_page(mount, bob_backend, "#" + code, Controller.new(DEFAULT_SETTINGS, seed=9))
    c = page.controller
    assert c.ui.handoff == after and c.ui.welcome and not remote_screen(doc)
    assert doc.getElementById("handoff-title").textContent == f"Pass to {c.seat_name(after)}"
    doc.click(button(doc, "handoff-button"))
    assert c.ui.viewer == after and c.ui.claimed == {after}
    play_turn(page)
    third = c.state.current
    assert third not in (first, after)  # round the table: the third seat
    cy = c.seat_name(third)

    # The next seat's hand-off asks first: "Send this turn" is its main button, no hand shows.
    screen = render(c)
    assert c.ui.handoff == third and screen.overlay == "handoff" and screen.handoff == "remote"
    assert remote_screen(doc) and doc.getElementById("handoff-title").textContent == remote_title(cy)
    assert doc.getElementById("handoff-button").textContent == f"I am {cy}: show my turn"
    assert not button(doc, "handoff-send").hidden and screen.html["hand"] == ""
    # Its Send works: the link carries Bob's turn, and the screen still asks.
    sent, _ = decode_share(send(panel))
    assert sent.state == c.game.state and sent.state.current == third
    assert doc.getElementById("handoff-message").textContent == panel.session.message
    assert c.ui.handoff == third and remote_screen(doc)
    # The claim button: Cy sits here after all; Cy's turn shows, and Cy stays claimed on this device.
    doc.click(button(doc, "handoff-button"))
    assert c.ui.handoff == -1 and c.ui.viewer == third and c.ui.claimed == {after, third}
    assert not remote_screen(doc)
    entry = panel.session.saves.entry(panel.session.save_id)
    assert entry is not None and set(entry.claimed or ()) == {after, third}

    # The claim survives a reload: Cy plays, and the next hand-off (Ann's, never claimed here) asks again.
    _d, page2, _p, _b = open_page(mount, bob_backend, "", Controller.new(DEFAULT_SETTINGS, seed=9))
    c2 = page2.controller
    assert c2.ui.claimed == {after, third} and c2.ui.handoff == -1 and c2.ui.viewer == third
    play_turn(page2)
    assert c2.ui.handoff == first and c2.remote(first) and render(c2).handoff == "remote"


def test_a_game_made_here_shows_the_plain_hand_off_for_every_seat(mount):
    doc, page, _panel, _ = open_page(mount, MemoryBackend(), controller=on_table(
        turn_to_send("classic", people("Ann", "Bob", "Cy"), 5)[0]))
    c = page.controller
    assert c.ui.claimed is None
    seen = set()
    for seed in range(4):  # round the table and on: every seat's hand-off is the plain one
        if c.ui.handoff >= 0:
            seen.add(c.ui.handoff)
            assert not remote_screen(doc) and render(c).handoff == ""
            assert doc.getElementById("handoff-title").textContent == f"Pass to {c.seat_name(c.ui.handoff)}"
        play_turn(page, seed)
    assert len(seen) == 3


def test_a_save_without_the_field_reads_as_before_made_here_and_safely_by_link():
    base = {"id": "a", "name": "", "players": ["Ann", "Bob", "Cy"], "edition": "", "turn": 3, "date": 0,
            "link": "AQ"}
    assert check_entry(base).claimed is None
    assert check_entry({**base, "claimed": [0, 2]}).claimed == (0, 2)
    for bad in ([-1], ["0"], [True], 3, {"0": 1}):
        try:
            check_entry({**base, "claimed": bad})
        except ValueError as error:
            assert "seats claimed" in str(error)
        else:
            raise AssertionError(bad)
    assert claimed_seats(check_entry({**base, "floor": 0})) is None  # made here: every seat, as before
    assert claimed_seats(check_entry({**base, "floor": 12, "viewer": 1})) == {1}  # by link: the seat shown
    assert claimed_seats(check_entry({**base, "floor": 12})) == frozenset()
    assert claimed_seats(check_entry(base)) == frozenset()  # older than the floor: the safe reading


def test_an_older_listing_without_claims_loads_and_plays_as_before(mount):
    backend = MemoryBackend()
    _doc_a, page_a, panel_a = made_here(mount, backend)
    play_turn(page_a)
    code = send(panel_a)
    # A listing written before the field: the game made here keeps its plain hand-offs.
    saves = Saves(backend)
    items = json.loads(backend.get(saves.keys.index) or "[]")
    for item in items:
        del item["claimed"]
    backend.set(saves.keys.index, json.dumps(items))
    doc, page, _panel, _ = open_page(mount, backend, "", Controller.new(DEFAULT_SETTINGS, seed=9))
    c = page.controller
    assert c.ui.claimed is None and c.ui.handoff >= 0 and not remote_screen(doc)
    # A game received by link, listed without the field: the seat on screen is the only one claimed.
    other = MemoryBackend()
    doc2, page2, _panel2, _ = open_page(mount, other, "#" + code, Controller.new(DEFAULT_SETTINGS, seed=9))
    c2 = page2.controller
    doc2.click(button(doc2, "handoff-button"))
    bob = c2.ui.viewer
    items = json.loads(other.get(saves.keys.index) or "[]")
    for item in items:
        del item["claimed"]
    other.set(saves.keys.index, json.dumps(items))
    doc3, page3, _p3, _ = open_page(mount, other, "", Controller.new(DEFAULT_SETTINGS, seed=9))
    c3 = page3.controller
    assert c3.ui.claimed == {bob} and c3.ui.viewer == bob
    play_turn(page3)
    assert c3.ui.handoff >= 0 and c3.ui.handoff != bob and remote_screen(doc3)


def test_an_imported_save_file_claims_no_seat_until_one_is_taken(mount):
    game, _ = turn_to_send("classic", people("Ann", "Bob", "Cy"), 5)
    backend = MemoryBackend()
    entry = Saves(backend, clock=lambda: 1_000_000.0).import_code(encode_share(game), "From Ann")
    assert entry.claimed == ()
    doc, page, panel, _ = open_page(mount, backend, "", Controller.new(DEFAULT_SETTINGS, seed=9))
    panel.command("load", entry.id)
    c = page.controller
    assert c.ui.handoff == game.state.current and remote_screen(doc)
    doc.click(button(doc, "handoff-button"))
    assert c.ui.claimed == {game.state.current} and not remote_screen(doc)


def test_the_device_that_made_the_game_asks_for_the_seats_it_sent_to_and_heard_from(mount):
    """Ann's device made the game (every seat claimed), then sent it to Bob: Bob plays elsewhere, so Bob's
    hand-off there asks first (kept over a reload). When the game comes back by Cy's link, Cy plays elsewhere
    too: no seat but Ann's opens plainly on Ann's device, however the turns come round (an elimination may
    skip straight to Cy)."""
    backend = MemoryBackend()
    doc_a, page_a, panel_a = made_here(mount, backend)
    ann = page_a.controller.state.current
    play_turn(page_a)
    bob = page_a.controller.state.current
    assert not remote_screen(doc_a)
    send(panel_a)
    assert page_a.controller.remote(bob) and remote_screen(doc_a)
    assert page_a.controller.ui.claimed == frozenset({0, 1, 2}) - {bob}
    _d, page_r, _p, _b = open_page(mount, backend, "", Controller.new(DEFAULT_SETTINGS, seed=9))
    assert page_r.controller.ui.claimed == frozenset({0, 1, 2}) - {bob}  # kept in the save

    # Bob's device plays and sends to Cy; Cy's device plays and sends back to Ann.
    _bob_doc, bob_page, bob_panel, _ = open_page(mount, MemoryBackend(), "#" + send(panel_a),
                                                Controller.new(DEFAULT_SETTINGS, seed=9))
    play_turn(bob_page)
    cy = bob_page.controller.state.current
    _cy_doc, cy_page, cy_panel, _ = open_page(mount, MemoryBackend(), "#" + send(bob_panel),
                                             Controller.new(DEFAULT_SETTINGS, seed=9))
    play_turn(cy_page)
    assert cy_page.controller.state.current == ann
    back = send(cy_panel)
    _doc, page, _panel, _ = open_page(mount, backend, "#" + back, Controller.new(DEFAULT_SETTINGS, seed=9))
    c = page.controller
    assert c.ui.claimed == {ann} and not c.remote(ann) and c.remote(bob) and c.remote(cy)
