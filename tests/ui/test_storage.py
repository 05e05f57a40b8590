"""Saved games and undo: autosave, list, rename, delete, prune on a full storage, undo boundaries."""

from __future__ import annotations

import pytest

from risk.actions import Attack, EndTurn, Place, Trade
from risk.codec import CodecError, encode_game, encode_share
from risk.engine import matched_sets
from risk.game import Game, Seat
from risk.rules import make_rules
from risk_ui import storage
from risk_ui.scenarios import full_turn
from risk_ui.storage import MemoryBackend, Saves, StorageFull

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


def test_an_autosave_keeps_the_whole_history_and_the_link_of_the_present():
    saves = Saves(MemoryBackend(), clock())
    game = turn_game()
    game.play(Trade(matched_sets(game.state, 0)[0]))
    entry = saves.autosave(game, "a", viewer=0)
    loaded = saves.load("a")
    assert loaded.state == game.state and len(loaded.history) == 1
    assert entry.link == encode_game(game) and saves.find_link(entry.link) == entry
    assert (entry.players, entry.edition, entry.turn, entry.viewer) == (("Ann", "Bob", "Cy"), "Classic (1980)", 1, 0)
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
    assert saves.code("new") == ""


def used(backend: MemoryBackend) -> int:
    return sum(len(k) + len(v) for k, v in backend.data.items())


def long_game(actions: int = 200) -> Game:
    from risk.engine import legal_actions

    game = new_game()
    for _ in range(actions):
        game.play(legal_actions(game.state)[0].action)
    return game


def test_a_full_storage_prunes_the_oldest_autosaves_never_the_current_or_named_ones():
    game = new_game()
    backend = MemoryBackend()
    saves = Saves(backend, clock())
    for name in ("a", "b", "c"):
        saves.autosave(new_game(), name)
    saves.rename("a", "Keep me")
    backend.limit = used(backend) + 50  # no room for a fourth save
    saves.autosave(new_game(), "d")
    saves.autosave(new_game(), "e")
    ids = {e.id for e in saves.entries()}
    assert "a" in ids and "e" in ids and "b" not in ids  # b, the oldest autosave, went first
    assert saves.current_id() == "e"
    for entry in saves.entries():
        assert saves.load(entry.id).state == game.state


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


def test_a_damaged_index_reads_as_empty_and_a_damaged_code_is_a_codec_error():
    backend = MemoryBackend()
    backend.set(storage.INDEX_KEY, "{not json")
    saves = Saves(backend, clock())
    assert saves.entries() == []
    backend.set(storage.CODE_PREFIX + "x", "AAAA")
    with pytest.raises(CodecError):
        saves.load("x")


def test_a_bad_import_keeps_everything_and_a_good_one_adds_a_named_save():
    saves = Saves(MemoryBackend(), clock())
    game = turn_game()
    saves.autosave(game, "cur")
    with pytest.raises(CodecError) as error:
        saves.import_code("not a save")
    assert str(error.value).endswith(".") and saves.current_id() == "cur" and len(saves.entries()) == 1
    name, text = saves.export("cur")
    assert name.endswith(".txt") and text.strip() == saves.code("cur")
    entry = saves.import_code(text)
    assert entry.kept and saves.load(entry.id).state == game.state and saves.current_id() == "cur"
    linked = saves.import_code("https://example.invalid/risk/#" + encode_game(game))
    assert saves.load(linked.id).state == game.state
    shared = saves.import_code("https://example.invalid/risk/#" + encode_share(game))
    assert saves.load(shared.id).history == game.history


def test_undo_takes_back_a_placement_and_a_trade_but_never_a_roll():
    game = turn_game()
    assert not storage.can_undo(game)
    game.play(Trade(matched_sets(game.state, 0)[0]))
    traded = game.state.copy()
    game.play(Place(alaska(game), 3))
    assert storage.undo(game) and game.state == traded
    assert storage.undo(game) and len(game.history) == 0
    assert not storage.undo(game)
    game.play(Trade(matched_sets(game.state, 0)[0]))
    game.play(Place(alaska(game), game.state.reserve[0]))
    game.play(Attack(alaska(game), kamchatka(game), 3))
    assert not storage.can_undo(game) and not storage.undo(game)


def test_undo_stops_at_the_start_of_a_turn():
    game = turn_game()
    game.play(Trade(matched_sets(game.state, 0)[0]))
    game.play(Place(alaska(game), game.state.reserve[0]))
    from risk.state import Phase

    while game.state.phase is not Phase.REINFORCE or game.state.current == 0:
        if game.state.phase is Phase.ATTACK or game.state.phase is Phase.FORTIFY:
            game.play(EndTurn())
        else:
            from risk.engine import legal_actions

            game.play(legal_actions(game.state)[0].action)
    assert not storage.can_undo(game)


def test_a_reload_cannot_roll_again_the_dice_come_from_the_saved_generator():
    saves = Saves(MemoryBackend(), clock())
    game = turn_game()
    game.play(Trade(matched_sets(game.state, 0)[0]))
    game.play(Place(alaska(game), game.state.reserve[0]))
    saves.autosave(game, "g")
    first = game.play(Attack(alaska(game), kamchatka(game), 3))
    again = saves.load("g").play(Attack(alaska(game), kamchatka(game), 3))
    assert first == again
