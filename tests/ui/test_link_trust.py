"""A link a friend can trust (issue #23, part 1): the undo floor.

The device that opens a link (or a save file, or a save kept before the floor was) never takes back a move it did
not make: the floor is kept in the save, so a reload, a second tab or the address opened again keep it.
"""

from __future__ import annotations

import json

from risk.codec import encode_share
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.storage import NO_FLOOR, MemoryBackend, Saves, check_entry
from risk_ui.words import UNDO_FLOOR
from ui.fakedom import FakeEvent
from ui.test_saves_panel import button, end_turn_page, open_page, place, trade


def sent_turn(mount) -> tuple[str, int]:
    """Red plays a turn on its device and ends it: the link it sends, and the actions it holds."""
    _doc, page, _panel, _browser = end_turn_page(mount)
    c = page.controller
    c.command("end-turn")
    c.command("end-turn")  # attacks were left: the second press confirms
    page.render()
    assert c.state.current == 1
    return encode_share(c.game), len(c.game.history)


def receive(mount, backend: MemoryBackend, code: str):
    return open_page(mount, backend, "#" + code, Controller.new(DEFAULT_SETTINGS, seed=9))


def test_the_receiver_of_a_link_cannot_undo_the_senders_turn(mount):
    code, count = sent_turn(mount)
    backend = MemoryBackend()
    doc, page, panel, _ = receive(mount, backend, code)
    c = page.controller
    assert c.ui.handoff == 1 and len(c.game.history) == count
    # The hand-off screen offers no way back into Red's turn, nor does the Undo button or its shortcut's command.
    assert button(doc, "handoff-undo").hidden and button(doc, "undo").disabled
    ended = c.state
    panel.command("undo")
    assert c.state is ended and len(c.game.history) == count and c.ui.handoff == 1
    assert panel.session.message == UNDO_FLOOR
    # The floor is in the save: what was received is kept as this browser's save with it.
    entry = panel.session.saves.entry(panel.session.save_id)
    assert entry is not None and entry.floor == count


def test_the_floor_survives_a_reload_a_second_tab_and_the_link_opened_again(mount):
    code, count = sent_turn(mount)
    backend = MemoryBackend()
    receive(mount, backend, code)
    for fragment in ("", "#" + code):  # the autosave (a reload or a second tab), the link again
        doc, page, panel, _ = open_page(mount, backend, fragment, Controller.new(DEFAULT_SETTINGS, seed=9))
        c = page.controller
        assert len(c.game.history) == count and panel.session.floor(c) == count
        assert button(doc, "handoff-undo").hidden
        panel.command("undo")
        assert len(c.game.history) == count and panel.session.message == UNDO_FLOOR


def test_the_receiver_can_undo_its_own_moves_down_to_the_floor(mount):
    code, count = sent_turn(mount)
    doc, page, panel, _ = receive(mount, MemoryBackend(), code)
    c = page.controller
    doc.click(button(doc, "handoff-button"))  # Blue takes the device: its own turn
    assert c.ui.viewer == 1
    if c.state.hands[1] and len(c.state.hands[1]) >= 5:
        trade(page)
    start = len(c.game.history)
    place(page, "kamchatka")
    assert len(c.game.history) == start + 1 and not button(doc, "undo").disabled
    doc.click(button(doc, "undo"))
    assert len(c.game.history) == start
    if start == count:  # the floor: no further
        panel.command("undo")
        assert len(c.game.history) == count and panel.session.message == UNDO_FLOOR


def test_the_sender_still_undoes_on_its_own_device(mount):
    _doc, page, panel, _ = end_turn_page(mount)
    c = page.controller
    c.command("end-turn")
    c.command("end-turn")
    page.render()
    assert panel.session.floor(c) == 0
    entry = panel.session.saves.entry(panel.session.save_id)
    assert entry is not None and entry.floor == 0
    assert panel.session.undo(c)


def test_a_save_kept_before_the_floor_was_opens_with_the_floor_where_it_is_opened(mount):
    backend = MemoryBackend()
    doc, page, panel, _ = open_page(mount, backend)
    c = page.controller
    doc.click(button(doc, "handoff-button"))
    trade(page)
    place(page)
    count = len(c.game.history)
    saves = panel.session.saves
    # The index as an older page wrote it: no "floor" field.
    items = json.loads(backend.get(saves.keys.index) or "[]")
    for item in items:
        del item["floor"]
    backend.set(saves.keys.index, json.dumps(items))
    assert saves.entry(panel.session.save_id).floor == NO_FLOOR  # read as "not kept"
    doc2, page2, panel2, _ = open_page(mount, backend, "", Controller.new(DEFAULT_SETTINGS, seed=9))
    c2 = page2.controller
    assert len(c2.game.history) == count and panel2.session.floor(c2) == count
    panel2.command("undo")
    assert len(c2.game.history) == count and panel2.session.message == UNDO_FLOOR
    place(page2)  # a move made here can be taken back; the save now keeps its floor
    assert panel2.session.saves.entry(panel2.session.save_id).floor == count
    doc2.click(button(doc2, "undo"))
    assert len(c2.game.history) == count


def test_an_imported_save_file_keeps_its_moves_out_of_undo(mount):
    code, count = sent_turn(mount)
    saves = Saves(MemoryBackend(), clock=lambda: 1_000_000.0)
    entry = saves.import_code(code, "From Ann")
    assert entry.floor == count


def test_a_damaged_floor_is_named_and_an_entry_without_one_reads(mount):
    base = {"id": "a", "name": "", "players": ["Ann"], "edition": "", "turn": 0, "date": 0, "link": "AQ"}
    assert check_entry(base).floor == NO_FLOOR
    assert check_entry({**base, "floor": 7}).floor == 7
    for bad in ("7", -2, True, None):
        try:
            check_entry({**base, "floor": bad})
        except ValueError as error:
            assert "undo floor" in str(error)
        else:
            raise AssertionError(bad)


# -- the welcome ---------------------------------------------------------------------------------------------


def test_a_links_receiver_is_welcomed_with_the_game_the_players_and_what_to_do(mount):
    code, _ = sent_turn(mount)
    doc, page, _panel, _ = receive(mount, MemoryBackend(), code)
    c = page.controller
    page.render()
    welcome = doc.getElementById("welcome")
    # At the top of the hand-off screen the link opens on: nothing of anyone's turn shows with it.
    assert c.ui.welcome and not welcome.hidden and doc.body.getAttribute("data-overlay") == "handoff"
    assert doc.getElementById("welcome-game").textContent == f"Classic (1980), turn {c.state.turn}"
    players = doc.getElementById("welcome-players").innerHTML
    assert all(s.name in players for s in c.game.seats) and "Red" in players and "Blue" in players
    move = doc.getElementById("welcome-move").textContent
    assert move.startswith("It is Blue\u2019s move") and "I am Blue: show my turn" in move
    assert "Send this turn" in doc.getElementById("welcome-send").textContent
    # Escape closes it; the hand-off screen stays.
    page.on_document_key(FakeEvent("keydown", doc.body, "Escape"))
    assert not c.ui.welcome and welcome.hidden and doc.body.getAttribute("data-overlay") == "handoff"


def test_taking_the_device_ends_the_welcome_with_your_move_and_its_button_closes_it(mount):
    code, _ = sent_turn(mount)
    doc, page, _panel, _ = receive(mount, MemoryBackend(), code)
    c = page.controller
    page.render()
    doc.click(doc.getElementById("handoff-button"))
    assert not c.ui.welcome and doc.getElementById("welcome").hidden
    assert c.ui.notice == "Your move as Blue."
    doc2, page2, _p, _b = receive(mount, MemoryBackend(), code)
    page2.render()
    doc2.click(doc2.getElementById("welcome-close"))
    assert not page2.controller.ui.welcome and doc2.getElementById("welcome").hidden
    assert page2.controller.ui.handoff == 1


def test_the_sender_and_a_reload_of_a_received_game_are_not_welcomed(mount):
    _doc, page, _panel, _ = end_turn_page(mount)
    assert not page.controller.ui.welcome
    code, _ = sent_turn(mount)
    backend = MemoryBackend()
    receive(mount, backend, code)
    for fragment in ("", "#" + code):  # the autosave, and the same link again (a reload)
        _d, page2, _p, _b = open_page(mount, backend, fragment, Controller.new(DEFAULT_SETTINGS, seed=9))
        assert not page2.controller.ui.welcome
