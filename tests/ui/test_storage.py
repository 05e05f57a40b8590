"""Saved games and undo: autosave, list, rename, delete, prune on a full storage, undo boundaries, one
save written by two tabs, damaged records, and keys scoped to the site's folder."""

from __future__ import annotations

import json

import pytest

from risk.actions import Attack, EndTurn, Fortify, Place, every_action, format_action
from risk.codec import CodecError, encode_game, encode_replay, encode_share
from risk.engine import legal_actions, matched_sets, trade
from risk.events import CardDrawn
from risk.game import Game, Seat
from risk.rules import make_rules
from risk_ui import storage
from risk_ui.scenarios import full_turn
from risk_ui.storage import (
    LEGACY_KEYS,
    Keys,
    MemoryBackend,
    SaveConflict,
    Saves,
    StorageFull,
    Tail,
    check_entry,
    code_crc,
)

SEATS = (Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2))


def new_game(seed: int = 5) -> Game:
    return Game.start(make_rules("classic", ["auto-setup"]), SEATS, seed)


def turn_game(seed: int = 5) -> Game:
    state = full_turn(seed)
    return Game(state.rules, SEATS, seed, state.copy(), state.copy())


def clock(start: float = 1_000_000.0):
    now = [start]

    def tick() -> float:
        now[0] += 60
        return now[0]

    return tick


def alaska(game: Game) -> int:
    return game.state.board.territory_index("alaska")


def kamchatka(game: Game) -> int:
    return game.state.board.territory_index("kamchatka")


def play(game: Game, count: int) -> Game:
    for _ in range(count):
        game.play(every_action(legal_actions(game.state))[-1])
    return game


def test_an_autosave_keeps_the_whole_history_and_the_link_of_the_present():
    saves = Saves(MemoryBackend(), clock())
    game = turn_game()
    game.play(trade(game.state, matched_sets(game.state, 0)[0]))
    entry = saves.autosave(game, "a", viewer=0)
    loaded = saves.load("a")
    assert loaded.state == game.state and len(loaded.history) == 1
    assert entry.link == encode_game(game) and saves.find_link(entry.link) == entry
    assert (entry.players, entry.edition, entry.turn, entry.viewer) == (("Ann", "Bob", "Cy"), "Classic (1980)", 10, 0)
    assert saves.current_id() == "a"


def test_the_list_is_newest_first_and_rename_and_delete_work():
    saves = Saves(MemoryBackend(), clock())
    saves.autosave(new_game(1), "old")
    saves.autosave(new_game(2), "new")
    assert [e.id for e in saves.entries()] == ["new", "old"]
    renamed = saves.rename("old", "  Friday   night " + "x" * 40)
    assert renamed is not None and renamed.name == "Friday night xxxxxxxxxxx" and renamed.kept
    assert len(renamed.name.encode()) <= 24
    saves.delete("new")
    assert [e.id for e in saves.entries()] == ["old"] and saves.current_id() == ""
    assert saves.code("new") == "" and saves.revision("new") is None


def used(backend: MemoryBackend) -> int:
    return sum(len(k) + len(v) for k, v in backend.data.items())


def long_game(actions: int = 200) -> Game:
    game = new_game()
    for _ in range(actions):
        game.play(legal_actions(game.state)[0].action)
    return game


def test_a_full_storage_prunes_the_oldest_autosaves_never_the_saved_or_named_ones():
    game = new_game()
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    for name in ("a", "b", "c"):
        saves.autosave(new_game(), name)
    saves.rename("a", "Keep me")
    backend.limit = used(backend) + 50  # no room for a fourth save
    saves.autosave(new_game(), "d")
    assert [e.id for e in saves.pruned] == ["b"]  # the oldest autosave went first, and the page can say so
    saves.autosave(new_game(), "e")
    ids = {e.id for e in saves.entries()}
    assert "a" in ids and "e" in ids and "b" not in ids
    assert saves.current_id() == "e"
    for entry in saves.entries():
        assert saves.load(entry.id).state == game.state


def test_a_new_game_under_a_full_storage_is_saved_in_the_room_of_the_game_before_it():
    """The game that was on the table is an autosave like any other once a new game takes its place."""
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    saves.autosave(play(new_game(1), 30), "before")
    backend.limit = used(backend) + 10
    entry = saves.autosave(new_game(2), "new")
    assert saves.current_id() == "new" and [e.id for e in saves.entries()] == ["new"]
    assert [e.id for e in saves.pruned] == ["before"] and saves.load("new").state == new_game(2).state
    assert saves.find_link(entry.link) == entry  # a bookmark of the address finds the new game


def test_when_nothing_can_be_pruned_the_player_reads_one_clear_sentence_and_the_old_save_stays():
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    game = turn_game()
    saves.autosave(game, "only")
    before = saves.code("only")
    backend.limit = used(backend) + 10
    with pytest.raises(StorageFull, match="storage for this page is full"):
        saves.autosave(long_game(), "only")
    assert saves.current_id() == "only" and saves.code("only") == before
    assert saves.load("only").state == game.state


def test_a_damaged_list_leaves_out_only_its_damaged_records():
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    saves.autosave(new_game(1), "a")
    saves.autosave(new_game(2), "b")
    items = json.loads(backend.data[saves.keys.index])
    items[0]["date"] = "yesterday"
    backend.data[saves.keys.index] = json.dumps([*items, "junk", {"id": 3}])
    assert [e.id for e in saves.entries()] == ["a"]
    backend.data[saves.keys.index] = "{not json"
    assert saves.entries() == []
    backend.set(saves.keys.code("x"), "AAAA")
    with pytest.raises(CodecError):
        saves.load("x")


@pytest.mark.parametrize(("change", "why"), [
    ({"date": "yesterday"}, "its date is not a number"),
    ({"date": float("nan")}, "its date is not a number"),
    ({"date": 1e300}, "its date is not a date"),
    ({"name": 42}, "its name is not text"),
    ({"players": [1, 2]}, "its players are not names"),
    ({"players": "Ann"}, "its players are not names"),
    ({"turn": True}, "its turn is not a number"),
    ({"id": "../x"}, "its id is not one this page makes"),
    ({"kept": "yes"}, "its mark of a kept save is not yes or no"),
    ({"viewer": None}, "its seat on screen is not a seat"),
    ({"link": ""}, "its link is not text"),
    ({"colour": 1}, "it has unknown fields (colour)"),
])
def test_every_field_of_an_entry_is_checked_and_the_reason_is_said(change, why):
    good = {"id": "a-1", "name": "", "players": ["Ann"], "edition": "Classic", "turn": 3, "date": 1.5,
            "link": "AQ", "kept": False, "viewer": 0}
    assert check_entry(good).players == ("Ann",)
    with pytest.raises(storage.BadRecord, match=why.replace("(", r"\(").replace(")", r"\)")):
        check_entry({**good, **change})


def test_a_bad_import_keeps_everything_and_a_good_one_adds_a_named_save():
    saves = Saves(MemoryBackend(), clock())
    game = turn_game()
    saves.autosave(game, "cur")
    with pytest.raises(CodecError) as error:
        saves.import_code("not a save")
    assert str(error.value) == storage.NOT_A_SAVE and "replay" not in str(error.value)
    assert saves.current_id() == "cur" and len(saves.entries()) == 1
    name, text = saves.export("cur")
    assert name.endswith(".txt") and text.strip() == saves.code("cur")
    entry = saves.import_code(text, "Friday night")
    assert entry.kept and entry.name == "Friday night" and saves.current_id() == "cur"
    assert saves.load(entry.id).state == game.state
    linked = saves.import_code("https://example.invalid/risk/#" + encode_game(game))
    assert saves.load(linked.id).state == game.state and linked.name == "Imported"
    shared = saves.import_code("https://example.invalid/risk/#" + encode_share(game))
    assert saves.load(shared.id).history == game.history


# -- two tabs, one save ---------------------------------------------------------------------------


def test_a_page_writes_only_over_the_revision_it_read_so_a_newer_save_is_never_replaced():
    backend = MemoryBackend()
    tab_a, tab_b = Saves(backend, clock()), Saves(backend, clock())
    game_a = new_game()
    tab_a.autosave(game_a, "g")
    game_b = tab_b.read("g", claim=True).game
    play(game_b, 1)
    tab_b.autosave(game_b, "g")
    assert tab_a.revision("g") == 2 and tab_a.known_revision("g") == 1
    play(game_a, 2)
    stored = dict(backend.data)
    with pytest.raises(SaveConflict) as conflict:
        tab_a.autosave(game_a, "g")
    assert conflict.value.stored == 2 and backend.data == stored  # nothing written
    assert tab_a.read("g", claim=True).game.history == game_b.history
    tab_b.delete("g")
    with pytest.raises(SaveConflict) as gone:
        tab_a.autosave(game_a, "g")
    assert gone.value.stored is None


def test_a_page_catches_up_with_another_tabs_moves_without_replaying_the_whole_record():
    backend = MemoryBackend()
    tab_a, tab_b = Saves(backend, clock()), Saves(backend, clock())
    game_a = play(new_game(), 3)
    tab_a.autosave(game_a, "g")
    game_b = tab_b.read("g", claim=True).game
    play(game_a, 2)
    tab_a.autosave(game_a, "g")
    assert tab_b.catch_up("g", game_b) and game_b.history == game_a.history and game_b.state == game_a.state
    assert tab_b.known_revision("g") == tab_b.revision("g") == 2
    assert not tab_b.catch_up("g", tab_b.read("g").game)  # only the game this page wrote or claimed
    game_b.play(legal_actions(game_b.state)[0].action)  # the two tabs went two ways
    game_a.play(every_action(legal_actions(game_a.state))[-1])
    tab_a.autosave(game_a, "g")
    assert game_a.history[-1] != game_b.history[-1] and not tab_b.catch_up("g", game_b)


def test_a_tail_is_only_ever_played_on_the_code_it_extends():
    """The damage two tabs made before: one rewrote the whole save, the other appended its tail to it
    ("This saved game is damaged"). Even with the compare-and-set bypassed, the histories never mix."""
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    game = play(new_game(), 10)
    saves.autosave(game, "g")
    other = play(new_game(), 40)  # another tab's longer record of the same game, written under this one
    backend.data[saves.keys.code("g")] = encode_replay(other, check=False)
    play(game, 3)
    saves.autosave(game, "g")  # this tab appends its tail, which names the code it extends
    loaded = saves.read("g")
    assert loaded.game.state == game.state and loaded.game.history == []  # this tab's present, last written
    assert "it opens at its last saved moment" in loaded.problem
    del backend.data[saves.keys.tail("g")]
    assert saves.read("g").game.history == other.history  # the other record alone reads whole


def test_a_released_pages_tail_without_a_header_still_plays_and_the_next_write_counts_from_it():
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    game = play(new_game(), 5)
    backend.data[saves.keys.code("g")] = encode_replay(new_game(), check=False)
    backend.data[saves.keys.tail("g")] = "\n".join(format_action(game.state.board, s.action) for s in game.history)
    assert saves.revision("g") == 0
    loaded = saves.read("g", claim=True)
    assert loaded.game.history == game.history and loaded.revision == 0
    play(loaded.game, 1)
    saves.autosave(loaded.game, "g")
    tail = Tail.parse(backend.data[saves.keys.tail("g")])
    assert saves.revision("g") == 1 and (tail.base, len(tail.lines)) == (0, 6)


# -- damaged saves ---------------------------------------------------------------------------------


def saved(moves: int = 20) -> tuple[MemoryBackend, Saves, Game]:
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    game = new_game()
    saves.autosave(game, "g")
    for _ in range(moves):
        play(game, 1)
        saves.autosave(game, "g")
    return backend, saves, game


@pytest.mark.parametrize("damage", ["code", "code missing", "unknown territory", "illegal move"])
def test_a_damaged_save_opens_at_its_links_present_moment_and_says_so(damage):
    backend, saves, game = saved()
    code_key, tail_key = saves.keys.code("g"), saves.keys.tail("g")
    if damage == "code":
        backend.data[code_key] = backend.data[code_key][:-9]
    elif damage == "code missing":
        del backend.data[code_key]
    elif damage == "unknown territory":  # a release that renamed a territory
        backend.data[tail_key] = backend.data[tail_key].replace("alaska", "atlantis").replace(
            "place ", "place atlantis 1\nplace ", 1)
    else:
        head, *lines = backend.data[tail_key].split("\n")
        backend.data[tail_key] = "\n".join([head, "attack alaska ural 3", *lines])
    loaded = saves.read("g")
    assert loaded.game.state == game.state and loaded.game.history == []
    assert "is damaged: it opens at its last saved moment" in loaded.problem


def test_junk_after_the_last_move_loses_nothing_and_a_save_with_nothing_readable_is_a_codec_error():
    backend, saves, game = saved()
    backend.data[saves.keys.tail("g")] += "\nthe cat walked here"
    loaded = saves.read("g")
    assert loaded.problem == "" and loaded.game.history == game.history
    backend.data[saves.keys.tail("g")] = "@x" + backend.data[saves.keys.tail("g")][1:]  # a header unreadable
    loaded = saves.read("g")  # its lines still end where the link does: nothing is lost
    assert loaded.problem == "" and loaded.game.history == game.history
    items = json.loads(backend.data[saves.keys.index])
    items[0]["link"] = "AAAA"
    backend.data[saves.keys.index] = json.dumps(items)
    backend.data[saves.keys.code("g")] = "AAAA"
    with pytest.raises(CodecError, match="cannot be opened"):
        saves.read("g")


def test_repair_rebuilds_damaged_entries_from_their_saves_and_sets_aside_what_cannot_be_read():
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    saves.autosave(play(new_game(1), 8), "a")
    saves.autosave(play(new_game(2), 9), "b")
    saves.rename("b", "Friday")
    items = json.loads(backend.data[saves.keys.index])
    by_id = {i["id"]: i for i in items}
    by_id["a"]["date"] = "yesterday"
    by_id["b"]["players"] = 7
    backend.data[saves.keys.index] = json.dumps([*items, {"id": "ghost", "name": "Lost", "date": 1}, 12])
    messages = saves.repair()
    assert [e.id for e in sorted(saves.entries(), key=lambda e: e.id)] == ["a", "b"]
    assert saves.entry("b").name == "Friday" and saves.entry("b").kept  # what still read was kept
    assert saves.load("a").state == play(new_game(1), 8).state
    assert any('"Friday"' in m and "made again" in m for m in messages)
    assert any('"Lost"' in m and "set aside" in m for m in messages)
    assert len(saves.set_aside()) == 4  # every damaged record is kept for a look by hand
    assert saves.repair() == []  # once repaired, a start-up has nothing to say


def test_a_save_missing_from_the_list_is_found_again():
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    saves.autosave(play(new_game(1), 8), "a")
    backend.data[saves.keys.index] = "[]"
    assert saves.repair() == ["1 saved game missing from the list was found again."]
    assert [e.id for e in saves.entries()] == ["a"] and saves.entry("a").kept


# -- keys scoped to the site's folder --------------------------------------------------------------


def test_two_copies_of_the_site_on_one_origin_keep_their_saves_apart():
    backend = MemoryBackend()
    site_a = Saves(backend, clock(), Keys.for_path("/a/"))
    site_b = Saves(backend, clock(), Keys.for_path("/b/index.html"))
    site_a.autosave(new_game(1), "x")
    assert site_b.entries() == [] and site_b.current_id() == "" and site_b.revision("x") is None
    site_b.autosave(new_game(2), "y")
    assert [e.id for e in site_a.entries()] == ["x"] and site_a.current_id() == "x"
    assert all(k.startswith(("risk/a/.", "risk/b/.")) for k in backend.data)


def test_saves_under_the_released_unscoped_keys_move_once_to_the_first_site_that_opens():
    backend = MemoryBackend()
    old = Saves(backend, clock(), LEGACY_KEYS)
    old.autosave(play(new_game(1), 70), "x")  # a code and a tail
    old.autosave(new_game(2), "y")
    site_a, site_b = Saves(backend, clock(), Keys.for_path("/a/")), Saves(backend, clock(), Keys.for_path("/b/"))
    assert site_a.repair() == []
    assert {e.id for e in site_a.entries()} == {"x", "y"} and site_a.current_id() == "y"
    assert site_a.load("x").history == play(new_game(1), 70).history
    assert not [k for k in backend.data if k.startswith("risk.")]
    site_b.repair()
    assert site_b.entries() == []


def test_an_old_page_still_open_after_the_update_loses_nothing_it_saves():
    """The released page, cached in another tab, plays on under the old keys after the saves moved."""
    backend = MemoryBackend()
    old = Saves(backend, clock(), LEGACY_KEYS)
    game = play(new_game(1), 70)
    old.autosave(game, "x")
    site = Saves(backend, clock(), Keys.for_path("/"))
    site.repair()
    mine = site.read("x", claim=True).game
    play(mine, 2)
    site.autosave(mine, "x")  # the updated page plays on
    theirs = play(game, 5)
    backend.data[LEGACY_KEYS.tail("x")] = "\n".join(  # and the old page too, as it writes (no header)
        format_action(theirs.state.board, s.action) for s in theirs.history[70:])
    backend.data[LEGACY_KEYS.code("x")] = backend.data[site.keys.code("x")]
    backend.data[LEGACY_KEYS.index] = json.dumps([{**json.loads(backend.data[site.keys.index])[0], "turn": 99}])
    again = Saves(backend, clock(), Keys.for_path("/"))
    again.repair()
    assert {e.id for e in again.entries()} == {"x", "x-1"}
    assert again.load("x").history == mine.history and again.load("x-1").history == theirs.history


def test_moving_the_old_saves_fits_in_a_storage_that_is_nearly_full():
    backend = MemoryBackend()
    old = Saves(backend, clock(), LEGACY_KEYS)
    old.autosave(play(new_game(1), 30), "x")
    backend.limit = used(backend) + 40
    site = Saves(backend, clock(), Keys.for_path("/games/"))
    assert site.repair() == []
    assert site.load("x").history == play(new_game(1), 30).history


# -- undo ------------------------------------------------------------------------------------------


def test_undo_takes_back_a_placement_and_a_trade_but_never_a_roll():
    game = turn_game()
    assert not storage.can_undo(game)
    game.play(trade(game.state, matched_sets(game.state, 0)[0]))
    traded = game.state.copy()
    game.play(Place(alaska(game), 3))
    assert storage.undo(game) and game.state == traded
    assert storage.undo(game) and len(game.history) == 0
    assert not storage.undo(game)
    game.play(trade(game.state, matched_sets(game.state, 0)[0]))
    game.play(Place(alaska(game), game.state.reserve[0]))
    game.play(Attack(alaska(game), kamchatka(game), 3))
    assert not storage.can_undo(game) and not storage.undo(game)


def attack_until_captured(game: Game) -> None:
    while game.state.owner[kamchatka(game)] != 0:
        game.play(Attack(alaska(game), kamchatka(game), min(3, game.state.armies[alaska(game)] - 1)))
    game.play(legal_actions(game.state)[0].action)  # move in


def strong_turn_game(seed: int = 7) -> Game:
    """Red's turn, with 40 armies on Alaska: enough to take Kamchatka whatever the dice."""
    state = full_turn(seed)
    state.armies[state.board.territory_index("alaska")] = 40
    return Game(state.rules, SEATS, seed, state.copy(), state.copy())


def test_an_end_of_turn_and_a_free_move_that_ends_it_can_be_taken_back_card_and_all():
    for last in (EndTurn(), None):
        game = strong_turn_game()
        game.play(trade(game.state, matched_sets(game.state, 0)[0]))
        game.play(Place(alaska(game), game.state.reserve[0]))
        attack_until_captured(game)
        before = game.state.copy()
        if last is None:  # classic rules: the one free move ends the turn
            last = Fortify(alaska(game), game.state.board.territory_index("northwest_territory"), 5)
        events = game.play(last)
        assert game.state.current == 1 and any(isinstance(e, CardDrawn) for e in events)
        assert storage.can_undo(game) and storage.undo(game) and game.state == before
        again = game.play(last)  # the same card again: nothing was learnt by taking it back
        assert again == events


def test_an_end_of_turn_that_reshuffles_the_deck_is_final():
    state = full_turn(7)
    state.armies[state.board.territory_index("alaska")] = 40
    state.discard, state.deck = state.deck, []  # the next card drawn needs a reshuffle
    game = Game(state.rules, SEATS, 7, state.copy(), state.copy())
    game.play(trade(game.state, matched_sets(game.state, 0)[0]))
    game.play(Place(alaska(game), game.state.reserve[0]))
    attack_until_captured(game)
    game.play(EndTurn())
    assert game.state.current == 1 and not storage.can_undo(game) and not storage.undo(game)


def test_a_reload_cannot_roll_again_the_dice_come_from_the_saved_generator():
    saves = Saves(MemoryBackend(), clock())
    game = turn_game()
    game.play(trade(game.state, matched_sets(game.state, 0)[0]))
    game.play(Place(alaska(game), game.state.reserve[0]))
    saves.autosave(game, "g")
    first = game.play(Attack(alaska(game), kamchatka(game), 3))
    again = saves.load("g").play(Attack(alaska(game), kamchatka(game), 3))
    assert first == again


def test_the_tail_header_reads_back_and_a_bad_one_is_unreadable():
    text = Tail.text(7, 130, code_crc("abc"), ["end", "place alaska 1"])
    tail = Tail.parse(text)
    assert (tail.revision, tail.base, tail.crc, tail.lines) == (7, 130, code_crc("abc"), ("end", "place alaska 1"))
    assert not Tail.parse("@7 x\nend").readable and Tail.parse("end\n").lines == ("end",)


def test_undo_stops_at_what_a_player_was_shown():
    """A Spy's look at a hand cannot be unseen: undo stops there although no die was rolled."""
    from risk.ai.random_bot import pick_any
    from risk.rules.castle.actions import PlaySpy

    game = Game.start(make_rules("castle"), [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)], 11)
    chooser = [7]

    def below(n: int) -> int:
        chooser[0] = (chooser[0] * 1103515245 + 12345) % 2**31
        return chooser[0] % n

    while not any(isinstance(c.action, PlaySpy) for c in legal_actions(game.state)):
        game.play(pick_any(legal_actions(game.state), below))
    spy = next(c.action for c in legal_actions(game.state) if isinstance(c.action, PlaySpy))
    game.play(spy)
    assert game.state.rng == game.state_at(len(game.history) - 1).rng  # nothing random happened...
    assert not storage.can_undo(game) and not storage.undo(game)  # ...yet it is final
