"""Boards kept in the browser (risk_ui.board_shelf) over the fake storage the saves use: kept once, restored
after a reload, listed, renamed without changing the board, exported and imported back, deleted (with the saved
games on it named first), and a full or damaged storage."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace

import pytest

from risk.board import IMPORTED, MissingBoard, board_file, forget_board, load_board
from risk.boardfile import BoardFileError, canonical_json, content_hash
from risk.codec import BoardNotHeld, decode_game, encode_game
from risk.game import Game, Seat
from risk.rules import Rules, make_rules
from risk_ui import board_shelf
from risk_ui.board_shelf import BoardShelf, ShelfFull, board_of_link, kept_boards
from risk_ui.storage import MemoryBackend, Saves
from tiny_board import tiny


def _rules_on(ref: str) -> Rules:
    """The classic rules (automatic setup) on another board."""
    return replace(make_rules("classic", ["auto-setup"]), map=ref)


def other_board() -> dict[str, object]:
    """Another good board: the tiny one with another name (so another hash)."""
    data = tiny()
    data["name"] = "Second world"
    data["id"] = "second"
    return data


@pytest.fixture(autouse=True)
def nothing_held() -> Iterator[None]:
    """Each test starts with the engine holding none of these boards, and leaves it so."""
    refs = [IMPORTED + content_hash(b) for b in (tiny(), other_board())]
    for ref in refs:
        forget_board(ref)
    yield
    for ref in refs:
        forget_board(ref)
    board_shelf.install(None)


def test_a_kept_board_is_held_listed_and_survives_a_reload() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend, clock=lambda: 100.0)
    ref = shelf.keep(tiny())
    assert ref == IMPORTED + content_hash(tiny())
    assert load_board(ref).name == "Tiny world"  # registered with the engine at once
    [entry] = shelf.entries()
    assert (entry.ref, entry.shown, entry.territories, entry.continents, entry.date) == (ref, "Tiny world", 6, 2,
                                                                                          100.0)
    assert entry.facts_text() == "6 territories, 2 continents"
    # A reload: the engine holds nothing until the shelf restores it.
    forget_board(ref)
    with pytest.raises(MissingBoard):
        load_board(ref)
    again = BoardShelf(backend)
    assert again.restore() == []
    assert load_board(ref).size == 6
    assert board_file(ref) == tiny()
    assert [e.ref for e in again.entries()] == [ref]


def test_keeping_the_same_board_twice_keeps_one() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend, clock=lambda: 1.0)
    first = shelf.keep(tiny())
    stored = dict(backend.data)
    assert shelf.keep(json.loads(json.dumps(tiny()))) == first
    assert backend.data == stored
    second = shelf.keep(other_board())
    assert second != first
    assert sorted(e.ref for e in shelf.entries()) == sorted([first, second])


def test_a_bad_board_is_refused_and_nothing_is_kept() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend)
    bad = tiny()
    bad["territories"][0]["neighbours"].append("nowhere")  # a border to a territory that does not exist
    with pytest.raises(BoardFileError, match="nowhere"):
        shelf.keep(bad)
    assert backend.data == {} and shelf.entries() == []


def test_rename_keeps_the_board_and_its_links() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend)
    ref = shelf.keep(tiny())
    game = Game.start(_rules_on(ref), [Seat("Ann", 0), Seat("Bob", 1)], seed=3)
    link = encode_game(game)
    renamed = shelf.rename(ref, "  Friday   map\n")
    assert renamed is not None and renamed.shown == "Friday map" and renamed.name == "Tiny world"
    assert shelf.entry(ref) == renamed
    assert content_hash(shelf.board_file(ref)) == ref.removeprefix(IMPORTED)  # the file is untouched
    assert decode_game(link).rules.map == ref  # the link still opens: it names the board's own name
    assert shelf.rename(ref, "") is not None and shelf.entry(ref).shown == "Tiny world"  # type: ignore[union-attr]
    assert shelf.rename("imported:0000000000000000", "x") is None




def test_export_imports_back_as_the_same_board() -> None:
    shelf = BoardShelf(MemoryBackend())
    ref = shelf.keep(tiny())
    shelf.rename(ref, "Our / map!")
    name, text = shelf.export(ref)
    assert name == "map-Our-map.json"
    forget_board(ref)
    elsewhere = BoardShelf(MemoryBackend())
    assert elsewhere.keep(json.loads(text)) == ref
    assert elsewhere.entry(ref).shown == "Tiny world"  # type: ignore[union-attr]  # the name shown stays here


def test_forget_names_the_games_on_the_board_first_and_then_lets_it_go() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend)
    saves = Saves(backend, clock=lambda: 5.0)
    ref = shelf.keep(tiny())
    other = shelf.keep(other_board())
    on_tiny = Game.start(_rules_on(ref), [Seat("Ann", 0), Seat("Bob", 1)], seed=3)
    on_classic = Game.start(make_rules("classic", ["auto-setup"]), [Seat("Cy", 0), Seat("Di", 1)], seed=4)
    saves.autosave(on_tiny, "g1")
    saves.autosave(on_classic, "g2")
    saves.rename("g1", "Friday")
    assert [e.title for e in shelf.games_on(ref, saves)] == ["Friday"]
    assert shelf.games_on(other, saves) == []
    assert board_of_link(saves.entry("g2").link) == "classic"  # type: ignore[union-attr]
    shelf.forget(ref)
    assert [e.ref for e in shelf.entries()] == [other]
    assert shelf.key(ref) not in backend.data
    with pytest.raises(MissingBoard):
        load_board(ref)
    with pytest.raises(BoardNotHeld):
        decode_game(saves.entry("g1").link)  # type: ignore[union-attr]
    # Its save is still found as a game on that board (to say so again, or once it is back).
    assert board_of_link(saves.entry("g1").link) == ref  # type: ignore[union-attr]


@pytest.mark.parametrize("room", ["none", "board-only"])
def test_a_full_storage_keeps_nothing_and_loses_nothing(room: str) -> None:
    backend = MemoryBackend()
    saves = Saves(backend, clock=lambda: 5.0)
    saves.autosave(Game.start(make_rules("classic", ["auto-setup"]), [Seat("Cy", 0), Seat("Di", 1)], seed=4), "g2")
    before = dict(backend.data)
    shelf = BoardShelf(backend)
    used = sum(len(k) + len(v) for k, v in backend.data.items())
    # No room for the board, or room for its file but not for its entry in the list (the file is taken back).
    backend.limit = used + (len(shelf.key(IMPORTED + "0" * 16)) + len(canonical_json(tiny())) if room == "board-only"
                            else 100)
    with pytest.raises(ShelfFull) as full:
        shelf.keep(tiny())
    assert "full" in str(full.value) and "not kept" in str(full.value)
    assert backend.data == before  # the save is all there, and no half of the board
    with pytest.raises(MissingBoard):
        load_board(IMPORTED + content_hash(tiny()))  # not held either: it was not kept


def test_a_full_storage_refuses_a_rename_with_its_own_sentence() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend)
    ref = shelf.keep(tiny())
    backend.limit = sum(len(k) + len(v) for k, v in backend.data.items())
    with pytest.raises(ShelfFull, match="keeps its name"):
        shelf.rename(ref, "A much longer name than before")
    assert shelf.entry(ref).shown == "Tiny world"  # type: ignore[union-attr]


def test_a_damaged_board_is_skipped_and_reported_and_the_others_are_held() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend, clock=lambda: 1.0)
    good = shelf.keep(tiny())
    bad = shelf.keep(other_board())
    backend.data[shelf.key(bad)] = backend.data[shelf.key(bad)][:-40]  # cut short
    forget_board(good)
    forget_board(bad)
    again = BoardShelf(backend)
    [message] = again.restore()
    assert "Second world" in message and "cannot be read" in message
    assert load_board(good).size == 6
    with pytest.raises(MissingBoard):
        load_board(bad)
    assert {e.ref: bool(e.problem) for e in again.entries()} == {good: False, bad: True}
    assert shelf.key(bad) in backend.data  # left as it is: a newer version may read it
    board_shelf.install(again)
    assert kept_boards() == [(good, "Tiny world")]  # the dialog lists what plays


def test_a_file_that_is_not_the_board_its_key_names_is_not_held() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend)
    ref = shelf.keep(tiny())
    other = other_board()
    kept_other = shelf.keep(other)  # kept too, under its own key
    backend.data[shelf.key(ref)] = json.dumps(other)  # the key says tiny, the file is another board
    forget_board(ref)
    forget_board(kept_other)  # a reload: nothing held
    [message] = BoardShelf(backend).restore()
    assert "not the map its name says" in message
    with pytest.raises(MissingBoard):
        load_board(ref)
    assert load_board(kept_other).name == "Second world"  # the other board is held all the same


def test_a_lost_list_finds_its_boards_again_and_a_lost_board_is_said() -> None:
    backend = MemoryBackend()
    shelf = BoardShelf(backend, clock=lambda: 7.0)
    ref = shelf.keep(tiny())
    other = shelf.keep(other_board())
    backend.data[shelf.index_key] = "{not json"
    del backend.data[shelf.key(other)]
    forget_board(ref)
    again = BoardShelf(backend, clock=lambda: 8.0)
    assert again.restore() == []  # the list is made again from the boards; the lost one was in no readable list
    [entry] = again.entries()
    assert (entry.ref, entry.shown, entry.territories) == (ref, "Tiny world", 6)
    assert load_board(ref).size == 6
    # A board the (readable) list names but whose file is gone is said, and dropped from the list.
    shelf2 = BoardShelf(backend, clock=lambda: 9.0)
    shelf2.keep(other_board())
    del backend.data[shelf2.key(other)]
    messages = BoardShelf(backend).restore()
    assert messages == ["The kept map \u201cSecond world\u201d is missing from the browser's storage: import it again."]
    assert [e.ref for e in BoardShelf(backend).entries()] == [ref]


def test_kept_boards_lists_the_page_shelf_for_the_new_game_dialog() -> None:
    assert kept_boards() == []
    shelf = BoardShelf(MemoryBackend(), clock=iter([1.0, 2.0]).__next__)
    board_shelf.install(shelf)
    ref = shelf.keep(tiny())
    other = shelf.keep(other_board())
    shelf.rename(ref, "Mine")
    assert kept_boards() == [(other, "Second world"), (ref, "Mine")]  # the most recently kept first


def test_two_copies_of_the_site_keep_their_boards_apart() -> None:
    from risk_ui.storage import Keys

    backend = MemoryBackend()
    BoardShelf(backend, keys=Keys.for_path("/a/")).keep(tiny())
    assert BoardShelf(backend, keys=Keys.for_path("/b/")).entries() == []
    assert len(BoardShelf(backend, keys=Keys.for_path("/a/index.html")).entries()) == 1


def test_a_browser_with_no_maps_never_loads_the_validator(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "risk.boardfile", None)  # any import of it now fails
    shelf = BoardShelf(MemoryBackend())
    assert shelf.restore() == [] and shelf.entries() == [] and kept_boards() == []


def test_kept_maps_whose_checking_code_cannot_be_loaded_say_so_and_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from risk import boardfile

    backend = MemoryBackend()
    ref = BoardShelf(backend).keep(tiny())
    forget_board(ref)
    stored = dict(backend.data)
    monkeypatch.setitem(sys.modules, "risk.boardfile", None)  # offline, its archive not cached yet
    again = BoardShelf(backend)
    [message] = again.restore()
    assert "could not be loaded" in message and again.entry(ref).problem  # type: ignore[union-attr]
    assert backend.data == stored  # left as it is: the next visit online holds it
    monkeypatch.setitem(sys.modules, "risk.boardfile", boardfile)  # online again
    assert BoardShelf(backend).restore() == [] and load_board(ref).size == 6
