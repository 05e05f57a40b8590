"""The saves panel on the fake DOM: autosave and the address after every action, undo, the list, and a
page opened with a link (good, damaged, or carrying names with markup)."""

from __future__ import annotations

import asyncio
from typing import Any

from risk import codec
from risk.actions import every_action
from risk.ai.simple import SimpleBot
from risk.codec import encode_game, encode_share
from risk.engine import legal_actions, matched_sets
from risk.game import Game, Seat
from risk.rules import make_rules
from risk_ui import record
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.saves_panel import FOLLOWED, SavesPanel, Session
from risk_ui.scenarios import full_turn
from risk_ui.storage import TAIL_MAX, MemoryBackend, Saves
from risk_ui.view import render
from threads import in_a_thread


class FakeBrowser:
    """Records what the panel asked of the browser; ``file`` is the file a person would choose."""

    def __init__(self) -> None:
        self.fragments: list[str] = []
        self.downloads: list[tuple[str, str]] = []
        self.file: tuple[str, str] = ("", "")

    def replace_fragment(self, code: str) -> None:
        self.fragments.append(code)

    def address(self, code: str) -> str:
        return "http://127.0.0.1/#" + code

    async def send(self, url: str) -> str:
        return "copied " + url

    def download(self, name: str, text: str) -> None:
        self.downloads.append((name, text))

    async def read_file(self, element: Any) -> tuple[str, str]:
        return self.file


def open_page(mount, backend: MemoryBackend, fragment: str = "", controller: Controller | None = None):
    controller = controller or Controller.from_state(DEFAULT_SETTINGS.seats, full_turn(3), 3)

    def session_game() -> Game:
        return controller.game
    ids = iter(range(1, 100))  # ids as the page makes them: a number, then the game's seed
    session = Session(Saves(backend, clock=lambda: 1_000_000.0),
                      lambda: f"{next(ids):x}-{session_game().seed & 0xFFFFFFFF:x}")
    session.open(controller, fragment)
    doc, page = mount(controller)
    browser = FakeBrowser()
    panel = SavesPanel(doc, page, session, browser)
    panel.mount()
    page.after_render.append(panel.refresh)
    return doc, page, panel, browser


def button(doc, ident: str):
    return doc.getElementById(ident)


def test_every_action_is_saved_and_put_in_the_address_and_a_reload_resumes_it(mount):
    backend = MemoryBackend()
    doc, page, _panel, browser = open_page(mount, backend)
    c = page.controller
    doc.click(button(doc, "handoff-button"))
    c.command("trade", "-".join(map(str, matched_sets(c.state, 0)[0])))
    page.render()
    # The address holds the present, then the history: a copy of it carries the whole record.
    assert browser.fragments[-1] == encode_share(c.game)
    _doc2, page2, _, _ = open_page(mount, backend, "#" + browser.fragments[-1],
                                  Controller.new(DEFAULT_SETTINGS, seed=1))
    assert page2.controller.state == c.state and len(page2.controller.game.history) == 1
    assert page2.controller.ui.handoff == -1  # Red had taken the device already


def test_undo_is_offered_for_a_placement_and_not_after_a_roll(mount):
    doc, page, panel, _ = open_page(mount, MemoryBackend())
    c = page.controller
    doc.click(button(doc, "handoff-button"))
    assert button(doc, "undo").disabled
    c.command("trade", "-".join(map(str, matched_sets(c.state, 0)[0])))
    page.render()
    alaska, kamchatka = (c.state.board.territory_index(t) for t in ("alaska", "kamchatka"))
    c.click(alaska)
    page.render()
    assert not button(doc, "undo").disabled and c.state.armies[alaska] == 7
    doc.click(button(doc, "undo"))
    assert c.state.armies[alaska] == 6
    c.command("amount", "all")
    c.click(alaska)
    c.click(alaska)
    c.click(kamchatka)
    c.command("roll")
    page.render()
    assert button(doc, "undo").disabled
    rolled = c.state
    panel.command("undo")
    assert c.state is rolled and "Nothing to undo" in button(doc, "saves-message").textContent


def test_a_damaged_link_says_why_and_keeps_the_saved_game(mount):
    backend = MemoryBackend()
    _, page, _, browser = open_page(mount, backend)
    kept = page.controller.state
    saved = dict(backend.data)
    code = browser.fragments[-1]
    bad = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    _doc2, page2, _, _ = open_page(mount, backend, "#" + bad, Controller.new(DEFAULT_SETTINGS, seed=1))
    assert page2.controller.state == kept
    assert page2.controller.ui.error and page2.controller.ui.notice.endswith(".")
    assert backend.data == saved  # nothing written


def test_names_from_a_link_are_written_as_text(mount):
    markup = "<img src=x onerror=f()>"
    game = Game.start(make_rules("classic", ["auto-setup"]), [Seat(markup, 0), Seat("Bob", 1)], seed=9)
    doc, page, _, _ = open_page(mount, MemoryBackend(), "#" + encode_game(game),
                                Controller.new(DEFAULT_SETTINGS, seed=1))
    listing = doc.getElementById("saves-list")
    assert listing.querySelector("img") is None and markup in listing.textContent
    assert page.controller.game.seats[0].name == markup


def test_a_long_game_is_saved_as_a_replay_code_and_a_short_tail_and_loads_whole():
    saves = Saves(MemoryBackend(), clock=lambda: 1.0)
    game = Game.start(make_rules("classic", ["auto-setup"]), [Seat("A", 0), Seat("B", 1)], seed=4)
    for _ in range(TAIL_MAX * 2 + 5):
        game.play(every_action(legal_actions(game.state))[-1])
        saves.autosave(game, "g")
    loaded = saves.load("g")
    assert loaded.state == game.state and loaded.actions == game.actions
    from risk.codec import decode_replay

    assert decode_replay(saves.export("g")[1].strip()).state == game.state


# -- "Send this turn": a link with the history -----------------------------------------------------


def bot_moves(game: Game, count: int, seed: int = 5) -> Game:
    bots = [SimpleBot(seed + s) for s in range(game.state.players)]
    for _ in range(count):
        game.play(bots[game.state.current].choose(game.state))
    return game


def on_table(game: Game) -> Controller:
    controller = Controller.new(DEFAULT_SETTINGS, seed=1)
    controller.load(game)
    return controller


def a_game(seed: int = 5, moves: int = 80) -> Game:
    return bot_moves(Game.start(make_rules("classic", ["auto-setup"]), DEFAULT_SETTINGS.seats, seed), moves, seed)


def send(panel: SavesPanel) -> str:
    """Press "Send this turn" and return the code of the link handed over."""
    async def press() -> None:
        panel.command("send")
        await asyncio.gather(*panel._tasks)

    in_a_thread(press())
    message = panel.session.message
    assert message.startswith("copied http://127.0.0.1/#"), message
    return message.split("#", 1)[1].split(" ", 1)[0]


def test_a_sent_link_carries_the_history_and_the_friend_replays_it_from_the_start(mount):
    game = a_game()
    _, _page, panel, browser = open_page(mount, MemoryBackend(), controller=on_table(game))
    code = send(panel)
    assert "." in code and browser.fragments[-1] == code  # the address holds the same record
    assert panel.document.getElementById("handoff-message").textContent == panel.session.message
    assert panel.session.message.endswith("It carries the game's history: the log and the replay go with it.")
    friend = MemoryBackend()
    _doc, page2, _, browser2 = open_page(mount, friend, "#" + code, Controller.new(DEFAULT_SETTINGS, seed=1))
    theirs = page2.controller.game
    assert theirs.history == game.history and theirs.state == game.state and not page2.controller.ui.error
    assert browser2.fragments[-1] == code  # the friend's address holds the same record
    page2.controller.command("replay-open")
    replay = page2.controller.ui.record.replay
    assert replay is not None and "The start of the game." in record.replay_text(page2.controller, replay)
    for index in (1, 40, len(game.history)):
        replay.go(index)
        assert replay.state() == game.state_at(index)
    # A reload of the friend's page (the short code in the address) finds the whole record again.
    _d, page3, _, _ = open_page(mount, friend, "#" + browser2.fragments[-1], Controller.new(DEFAULT_SETTINGS, seed=2))
    assert page3.controller.game.history == game.history


def test_a_game_passed_back_and_forth_keeps_one_save_with_the_whole_record(mount):
    mine, theirs = MemoryBackend(), MemoryBackend()
    _, _page, panel, _ = open_page(mount, mine, controller=on_table(a_game()))
    first = send(panel)
    _, page2, panel2, _ = open_page(mount, theirs, "#" + first, Controller.new(DEFAULT_SETTINGS, seed=1))
    bot_moves(page2.controller.game, 30, seed=9)
    page2.render()
    back = send(panel2)
    assert len(Saves(theirs).entries()) == 1
    _, page3, _, _ = open_page(mount, mine, "#" + back, Controller.new(DEFAULT_SETTINGS, seed=1))
    assert page3.controller.game.history == page2.controller.game.history
    entries = Saves(mine).entries()
    assert len(entries) == 1 and Saves(mine).load(entries[0].id).history == page2.controller.game.history


def test_a_link_cut_in_its_history_opens_the_game_and_says_the_replay_starts_now(mount):
    game = a_game()
    _, _, panel, _ = open_page(mount, MemoryBackend(), controller=on_table(game))
    code = send(panel)
    friend = MemoryBackend()
    doc2, page2, _, _ = open_page(mount, friend, "#" + code[:-6], Controller.new(DEFAULT_SETTINGS, seed=1))
    c = page2.controller
    assert c.state == game.state and c.game.history == []
    assert c.ui.error and "history is damaged" in c.ui.notice
    assert len(Saves(friend).entries()) == 1  # kept, from this moment on
    assert "history is damaged" in button(doc2, "handoff-message").textContent  # not hidden by the overlay
    doc2.click(button(doc2, "handoff-button"))  # taking the device is no move: the warning stays
    assert "history is damaged" in button(doc2, "saves-message").textContent
    c.command("replay-open")
    assert "first moment on record" in record.replay_text(c, c.ui.record.replay)
    c.command("replay-close")
    bot_moves(c.game, 1)
    page2.render()
    assert button(doc2, "saves-message").textContent == ""


def test_a_history_too_long_for_a_link_stays_out_and_the_sender_is_told(mount, monkeypatch):
    monkeypatch.setattr(codec, "MAX_SHARED_HISTORY_CHARS", 20)
    monkeypatch.setattr(codec.codes, "MAX_SHARED_HISTORY_CHARS", 20)
    game = a_game()
    _, _, panel, _ = open_page(mount, MemoryBackend(), controller=on_table(game))
    code = send(panel)
    assert code == encode_game(game) and "too long for a link" in panel.session.message
    assert panel.browser.fragments[-1] == code  # nor does the address carry it


def test_a_finished_game_can_be_sent_and_opens_on_the_winner_with_its_whole_record(mount):
    game = a_game(moves=0)
    bots = [SimpleBot(5 + s) for s in range(game.state.players)]
    while not game.state.over:
        game.play(bots[game.state.current].choose(game.state))
    doc, _, panel, _ = open_page(mount, MemoryBackend(), controller=on_table(game))
    button_ = button(doc, "send-turn")
    assert not button_.disabled and button_.textContent == "Send this game"
    code = send(panel)
    _, page2, _, _ = open_page(mount, MemoryBackend(), "#" + code, Controller.new(DEFAULT_SETTINGS, seed=1))
    c = page2.controller
    assert c.state.over and c.game.history == game.history
    assert render(c).overlay == "welcome"  # its receiver is welcomed first (risk_ui.welcome), then the winner
    c.command("close-welcome")
    assert render(c).overlay == "winner"


def test_a_save_from_a_link_without_history_takes_the_record_when_the_same_moment_comes_with_it(mount):
    game = a_game()
    friend = MemoryBackend()
    _, page, _, _ = open_page(mount, friend, "#" + encode_game(game), Controller.new(DEFAULT_SETTINGS, seed=1))
    assert page.controller.game.history == []
    first = Saves(friend).entries()
    _, page2, _, browser2 = open_page(mount, friend, "#" + encode_share(game), Controller.new(DEFAULT_SETTINGS, seed=1))
    assert page2.controller.game.history == game.history
    entries = Saves(friend).entries()
    assert len(first) == len(entries) == 1 and entries[0].id == first[0].id
    assert Saves(friend).load(entries[0].id).history == game.history
    # A reload (the address holds the same record): the save stands, the player who had the device keeps it.
    page2.controller.command("handoff")
    page2.render()
    _, page3, _, _ = open_page(mount, friend, "#" + browser2.fragments[-1], Controller.new(DEFAULT_SETTINGS, seed=2))
    assert page3.controller.game.history == game.history and page3.controller.ui.handoff == -1


# -- the address holds the game on the table ------------------------------------------------------


def trade(page) -> None:
    c = page.controller
    c.command("trade", "-".join(map(str, matched_sets(c.state, c.state.current)[0])))
    page.render()


def test_the_address_holds_the_game_on_the_table_after_a_load_a_new_game_and_an_imported_game_loaded(mount):
    backend = MemoryBackend()
    doc, page, panel, browser = open_page(mount, backend)
    c = page.controller
    doc.click(button(doc, "handoff-button"))
    trade(page)
    game_a, id_a = c.game, panel.session.save_id
    assert browser.fragments[-1] == encode_share(game_a)
    c.start(DEFAULT_SETTINGS, seed=77)  # game B
    page.render()
    assert browser.fragments[-1] == encode_game(c.game) and panel.session.save_id != id_a
    panel.command("load", id_a)
    assert c.state == game_a.state and browser.fragments[-1] == encode_share(game_a)
    # A reload (or a bookmark, or a copied address) brings back A.
    _, page2, _, _ = open_page(mount, backend, "#" + browser.fragments[-1], Controller.new(DEFAULT_SETTINGS, seed=1))
    assert page2.controller.state == game_a.state and page2.controller.game.history == game_a.history
    # A finished game, imported then loaded: the address holds it too, and a reload opens its winner.
    finished = a_game(moves=0)
    bots = [SimpleBot(5 + s) for s in range(finished.state.players)]
    while not finished.state.over:
        finished.play(bots[finished.state.current].choose(finished.state))
    browser.file = ("risk-The-end.txt", encode_share(finished))
    in_a_thread(panel._import(None))
    imported = next(e for e in panel.session.saves.entries() if e.name == "The end")
    panel.command("load", imported.id)
    assert browser.fragments[-1] == encode_share(finished)
    _, page3, _, _ = open_page(mount, backend, "#" + browser.fragments[-1], Controller.new(DEFAULT_SETTINGS, seed=1))
    assert page3.controller.state.over and render(page3.controller).overlay == "winner"


def test_the_address_holds_a_game_that_just_ended(mount):
    from risk_ui.scenarios import near_win

    controller = Controller.from_state(DEFAULT_SETTINGS.seats, near_win(4), 4)
    doc, page, _, browser = open_page(mount, MemoryBackend(), controller=controller)
    doc.click(button(doc, "handoff-button"))
    c = page.controller
    alaska, kamchatka = (c.state.board.territory_index(t) for t in ("alaska", "kamchatka"))
    c.click(alaska)
    c.click(kamchatka)
    while not c.state.over:
        c.command("roll")
        if c.state.phase.name == "OCCUPY":
            c.command("occupy")
    page.render()
    assert codec.decode_share(browser.fragments[-1])[0].state == c.state


# -- one game, two tabs -----------------------------------------------------------------------------


class GuardEvent:
    """A click or key as the window's capturing listener sees it."""

    def __init__(self) -> None:
        self.stopped = self.prevented = False

    def stopImmediatePropagation(self) -> None:
        self.stopped = True

    def preventDefault(self) -> None:
        self.prevented = True


class StorageEvent:
    def __init__(self, key: str | None) -> None:
        self.key = key


def two_tabs(mount, controller: Controller | None = None):
    """Tab A starts a game and trades; tab B opens A's address (the same save)."""
    backend = MemoryBackend()
    doc_a, page_a, panel_a, browser_a = open_page(mount, backend, controller=controller)
    if page_a.controller.ui.handoff >= 0:
        doc_a.click(button(doc_a, "handoff-button"))
    if matched_sets(page_a.controller.state, page_a.controller.state.current):
        trade(page_a)
    tab_b = open_page(mount, backend, "#" + browser_a.fragments[-1], Controller.new(DEFAULT_SETTINGS, seed=1))
    assert tab_b[2].session.save_id == panel_a.session.save_id
    return backend, (doc_a, page_a, panel_a, browser_a), tab_b


def place(page, territory: str = "alaska") -> None:
    c = page.controller
    c.click(c.state.board.territory_index(territory))
    page.render()


def tell(panel: SavesPanel, other: SavesPanel) -> None:
    """The storage event the browser sends ``panel``'s window after ``other`` wrote its save."""
    panel.on_storage(StorageEvent(other.session.saves.keys.tail(other.session.save_id)))


def test_a_tab_follows_another_that_plays_the_same_game_and_a_third_holds_every_move(mount):
    backend, (_, page_a, panel_a, _), (doc_b, page_b, panel_b, browser_b) = two_tabs(mount)
    game_b = page_b.controller.game
    place(page_a)
    tell(panel_b, panel_a)
    assert page_b.controller.state == page_a.controller.state
    assert page_b.controller.game is game_b  # the new move played on, the record not read again
    assert page_b.controller.ui.notice == FOLLOWED and "another tab" in button(doc_b, "saves-message").textContent
    assert codec.decode_share(browser_b.fragments[-1])[0].state == page_a.controller.state  # B's address too
    place(page_b, "northwest_territory")
    tell(panel_a, panel_b)
    place(page_a)
    tell(panel_b, panel_a)
    _, page_c, panel_c, _ = open_page(mount, backend, controller=Controller.new(DEFAULT_SETTINGS, seed=2))
    assert len(page_c.controller.game.history) == 4  # the trade, and every move of both tabs
    assert page_c.controller.state == page_a.controller.state == page_b.controller.state
    assert panel_c.session.message == "" and len(panel_c.session.saves.entries()) == 1


def test_a_click_on_an_old_position_is_held_back_until_the_tab_has_caught_up(mount):
    _, (_, page_a, _, _), (_, page_b, panel_b, _) = two_tabs(mount)
    place(page_a)
    event = GuardEvent()
    panel_b.on_guard(event)  # the storage event has not come yet: the click comes first
    assert event.stopped and event.prevented and page_b.controller.state == page_a.controller.state
    again = GuardEvent()
    panel_b.on_guard(again)
    assert not again.stopped  # caught up: clicks go through


def test_two_tabs_that_move_at_once_keep_both_games_and_neither_is_damaged(mount):
    backend, (_, page_a, panel_a, _), (_, page_b, panel_b, _) = two_tabs(mount)
    place(page_a)
    place(page_b, "northwest_territory")  # before B heard of A's move
    saves = Saves(backend)
    entries = saves.entries()
    assert len(entries) == 2 and panel_b.session.save_id != panel_a.session.save_id
    copy = saves.entry(panel_b.session.save_id)
    assert copy is not None and copy.name.startswith("Copy:") and copy.kept
    assert "separate save" in page_b.controller.ui.notice and page_b.controller.ui.error
    for entry in entries:
        loaded = saves.read(entry.id)
        assert loaded.problem == "" and len(loaded.game.history) == 2
    assert saves.read(panel_a.session.save_id).game.state == page_a.controller.state
    assert saves.read(panel_b.session.save_id).game.state == page_b.controller.state
    tell(panel_a, panel_b)  # A's game was not touched: nothing to follow
    assert page_a.controller.ui.notice != FOLLOWED


def test_when_only_computer_players_moved_at_once_the_tab_follows_and_keeps_no_copy(mount):
    from risk_ui.controller import NewGameSettings

    seats = (Seat("Red", 0), Seat("Blue", 1, "easy"), Seat("Yellow", 2, "easy"))
    controller = Controller.new(NewGameSettings(seats), seed=6)
    backend, (_, page_a, panel_a, _), (_, page_b, panel_b, _) = two_tabs(mount, controller)
    c_a, c_b = page_a.controller, page_b.controller
    while c_a.is_human(c_a.state.current):
        c_a.game.play(legal_actions(c_a.state)[0].action)
    page_a.render()
    tell(panel_b, panel_a)
    assert c_b.state == c_a.state and not c_b.is_human(c_b.state.current)
    bot_a, bot_b = SimpleBot(1), SimpleBot(2)
    c_a.play_bot(bot_a.choose(c_a.state))
    page_a.render()
    c_b.play_bot(bot_b.choose(c_b.state))  # both tabs' bots moved before either heard of the other
    page_b.render()
    assert len(Saves(backend).entries()) == 1
    assert c_b.state == c_a.state and c_b.ui.notice == FOLLOWED


def test_a_save_deleted_in_another_tab_is_saved_again_at_the_next_move(mount):
    backend, (_, page_a, panel_a, _), _ = two_tabs(mount)
    old = panel_a.session.save_id
    Saves(backend).delete(old)
    panel_a.on_storage(StorageEvent(panel_a.session.saves.keys.tail(old)))
    assert "deleted in another tab" in panel_a.session.message
    place(page_a)
    saves = Saves(backend)
    assert [e.id for e in saves.entries()] == [panel_a.session.save_id] != [old]
    assert saves.load(panel_a.session.save_id).state == page_a.controller.state


def test_a_move_made_on_a_save_deleted_elsewhere_before_the_tab_heard_of_it_is_saved_at_once(mount):
    backend, (_, page_a, panel_a, _), _ = two_tabs(mount)
    old = panel_a.session.save_id
    Saves(backend).delete(old)
    place(page_a)  # the storage event has not come: the write finds the save gone
    saves = Saves(backend)
    assert [e.id for e in saves.entries()] == [panel_a.session.save_id] != [old]
    assert saves.load(panel_a.session.save_id).state == page_a.controller.state


# -- undo: a turn ends only when the player means it ------------------------------------------------


def end_turn_page(mount, controller: Controller | None = None):
    doc, page, panel, browser = open_page(mount, MemoryBackend(), controller=controller)
    c = page.controller
    doc.click(button(doc, "handoff-button"))
    trade(page)
    c.command("amount", "all")
    place(page)
    assert c.state.phase.name == "ATTACK"
    return doc, page, panel, browser


def test_end_turn_is_taken_back_from_the_hand_off_screen_until_the_next_player_takes_the_device(mount):
    doc, page, _, _ = end_turn_page(mount)
    c = page.controller
    before = c.state
    c.command("end-turn")
    c.command("end-turn")  # attacks were left: the second press confirms
    page.render()
    back = button(doc, "handoff-undo")
    assert c.ui.handoff == 1 and not back.hidden and back.textContent == "Undo: back to Red's turn"
    doc.click(back)
    assert c.state == before and c.ui.handoff == -1 and c.ui.notice == "Undone: Red ends the turn."
    assert back.hidden and not button(doc, "undo").disabled  # Red's turn again: the next undo is Red's
    c.command("end-turn")
    c.command("end-turn")
    page.render()
    doc.click(button(doc, "handoff-button"))  # Blue takes the device: Red's turn is over for good
    assert button(doc, "handoff-undo").hidden and button(doc, "undo").disabled


def test_the_free_move_that_ends_a_classic_turn_is_taken_back(mount):
    doc, page, _, _ = end_turn_page(mount)
    c = page.controller
    before = c.state
    place_from, place_to = (c.state.board.territory_index(t) for t in ("alaska", "northwest_territory"))
    c.click(place_from)
    c.click(place_to)
    c.command("move")
    page.render()
    assert c.state.current == 1 and c.ui.handoff == 1
    doc.click(button(doc, "handoff-undo"))
    assert c.state == before and c.ui.handoff == -1
    assert c.ui.notice.startswith("Undone: Red moves") and "from Alaska to Northwest Territory" in c.ui.notice


def test_with_a_computer_player_next_its_first_move_ends_the_window_for_undo(mount):
    seats = (Seat("Red", 0), Seat("Blue", 1, "easy"), Seat("Yellow", 2, "easy"))
    controller = Controller.from_state(seats, full_turn(3), 3)
    doc, page, panel, _ = open_page(mount, MemoryBackend(), controller=controller)
    c = page.controller
    trade(page)
    c.command("amount", "all")
    place(page)
    c.command("end-turn")
    c.command("end-turn")
    page.render()
    assert not c.is_human(c.state.current) and not button(doc, "undo").disabled
    ended = c.state
    c.play_bot(SimpleBot(1).choose(c.state))
    page.render()
    assert button(doc, "undo").disabled
    panel.command("undo")
    assert c.state is not ended and "Nothing to undo" in panel.session.message


def test_each_undo_says_what_it_took_back(mount):
    doc, page, _, _ = open_page(mount, MemoryBackend())
    c = page.controller
    doc.click(button(doc, "handoff-button"))
    trade(page)
    place(page)
    place(page)
    doc.click(button(doc, "undo"))
    first = c.ui.notice
    doc.click(button(doc, "undo"))
    second = c.ui.notice
    doc.click(button(doc, "undo"))
    third = c.ui.notice
    assert first == "Undone: Red places 1 army on Alaska."
    assert second == "Undone: Red places 1 army on Alaska. (2 moves taken back.)"
    assert third.startswith("Undone: Red trades") and third.endswith("(3 moves taken back.)")
    assert len({first, second, third}) == 3


# -- import, and a full storage ---------------------------------------------------------------------


def test_an_import_is_named_after_its_file_and_a_file_that_is_no_save_says_so(mount):
    _, page, panel, browser = open_page(mount, MemoryBackend())
    browser.file = ("notes.txt", "shopping: eggs, milk")
    in_a_thread(panel._import(None))
    assert panel.session.message == "This is not a save file of this game, nor a link to one."
    browser.file = ("risk-Friday-night.txt", encode_share(page.controller.game))
    in_a_thread(panel._import(None))
    assert panel.session.message == 'The save file is in the list as "Friday night": press Load to play it.'
    browser.file = ("", encode_share(page.controller.game))
    in_a_thread(panel._import(None))
    assert panel.session.message == 'The save file is in the list as "Imported": press Load to play it.'


def damaged(code: str) -> str:
    """``code`` with one character mistyped in its middle."""
    i = len(code) // 2
    return code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]


def test_an_import_of_a_damaged_or_newer_save_says_why_and_text_that_is_no_save_says_so(mount, monkeypatch):
    """A save file or link of this game that cannot be opened gets the codec's own reason (damaged, made by a
    newer version), not "not a save file"; text that is not ours at all still gets that sentence. Nothing is
    added to the list."""
    _, page, panel, browser = open_page(mount, MemoryBackend())
    game = page.controller.game
    saves = panel.session.saves
    before = saves.entries()
    _name, text = saves.export(panel.session.save_id)
    link = "https://example.invalid/risk/#" + encode_share(game)

    def imported(file: str) -> str:
        browser.file = ("risk-game.txt", file)
        in_a_thread(panel._import(None))
        assert saves.entries() == before, "nothing added to the list"
        return panel.session.message

    assert imported(damaged(text.strip()) + "\n") == "This replay is damaged: part of it is missing or mistyped."
    assert imported(damaged(link)) == (
        "This game link is damaged: part of it is missing or mistyped.")
    for unrelated in ("shopping: eggs, milk", "https://example.invalid/notes#section-two-of-the-notes",
                      "Bonjour", "x" * 40):
        assert imported(unrelated) == "This is not a save file of this game, nor a link to one."
    monkeypatch.setattr(codec.frame, "NEWEST_FORMAT", 3)  # this page, as the first release: formats 1-3 only
    assert imported(text) == "This replay was made by a newer version of the game: reload the page to update it."
    assert imported(link) == (
        "This game link was made by a newer version of the game: reload the page to update it.")


def test_a_new_game_under_a_full_storage_is_saved_and_the_player_told_what_made_room(mount):
    backend = MemoryBackend()
    doc, page, panel, browser = open_page(mount, backend)
    doc.click(button(doc, "handoff-button"))
    trade(page)
    backend.limit = sum(len(k) + len(v) for k, v in backend.data.items()) + 20
    page.controller.start(DEFAULT_SETTINGS, seed=77)
    page.render()
    saves = Saves(backend)
    assert [e.id for e in saves.entries()] == [panel.session.save_id] == [saves.current_id()]
    assert "oldest autosave" in panel.session.message and "was deleted to keep this game" in panel.session.message
    # Nothing left to prune (the only other game is named): the player is asked, with the list open.
    saves.rename(panel.session.save_id, "Mine")
    backend.limit = sum(len(k) + len(v) for k, v in backend.data.items()) + 20
    page.controller.start(DEFAULT_SETTINGS, seed=78)
    page.render()
    assert panel.session.full and "storage for this page is full" in button(doc, "saves-message").textContent
    assert doc.getElementById("saves-details").open
    assert browser.fragments[-1] == encode_game(page.controller.game)  # said, and the address still holds it


def test_a_link_to_a_game_this_page_cannot_draw_says_so_and_keeps_the_game_on_the_table(mount, monkeypatch):
    """A game on a map this page has no drawing of (Castle Risk's, as a page without it would be): its link is
    refused with a sentence, nothing lost."""
    monkeypatch.setattr("risk_ui.controller.board_known", lambda ref: ref == "classic")
    castle = Game.start(make_rules("castle"), [Seat("Ann", 0), Seat("Bob", 1)], 4)
    controller = Controller.from_state(DEFAULT_SETTINGS.seats, full_turn(3), 3)
    before = controller.game
    _, page, panel, _ = open_page(mount, MemoryBackend(), "#" + encode_game(castle), controller)
    assert page.controller.game is before
    assert "Castle Risk (1986), which this version of the page cannot show yet" in panel.session.message


def test_a_castle_link_opens_its_game_on_the_map_of_europe(mount):
    """A Castle Risk game's link puts that game on the table, on its own map (fetched), with its legend."""
    castle = Game.start(make_rules("castle"), [Seat("Ann", 0), Seat("Bob", 1)], 4)
    controller = Controller.from_state(DEFAULT_SETTINGS.seats, full_turn(3), 3)
    doc, page, _panel, _ = open_page(mount, MemoryBackend(), "#" + encode_game(castle), controller)
    assert page.controller.game.rules.edition == "castle"
    assert doc.body.getAttribute("data-map") == "castle"
    assert len(doc.querySelectorAll("#territories [data-territory]")) == 44
    assert "Empires" in doc.getElementById("map-legend").innerHTML


def test_a_link_sent_back_carries_only_the_new_moves_and_the_whole_game_is_one_choice_away(mount):
    """The receiver holds the game up to the link it sent: the answer carries only what came after (and the
    receiver's browser adds it to its own save); "Send with the whole game" carries everything."""
    from risk.codec import decode_share
    from risk.codec.frame import CONTINUATION, FORMATS, REPLAY, code_kind

    mine, theirs = MemoryBackend(), MemoryBackend()
    _, _page, panel, _ = open_page(mount, mine, controller=on_table(a_game()))
    first = send(panel)
    assert code_kind(first.partition(".")[2]) == REPLAY  # the first link: its receiver holds nothing yet
    _, page2, panel2, _ = open_page(mount, theirs, "#" + first, Controller.new(DEFAULT_SETTINGS, seed=1))
    bot_moves(page2.controller.game, 30, seed=9)
    page2.render()
    back = send(panel2)
    assert code_kind(back.partition(".")[2]) == CONTINUATION and len(back) < len(first)
    assert "since" in panel2.session.message and "whole game" in panel2.session.message
    game, said = decode_share(back)  # a browser without the game gets its present, and is told
    assert not game.history and "replay starts now" in said
    _, page3, _, _ = open_page(mount, mine, "#" + back, Controller.new(DEFAULT_SETTINGS, seed=1))
    assert page3.controller.game.history == page2.controller.game.history  # added to the save held here

    async def press_whole() -> None:
        panel2.command("send-whole")
        await asyncio.gather(*panel2._tasks)

    in_a_thread(press_whole())
    whole = panel2.session.message.split("#", 1)[1].split(" ", 1)[0]
    assert code_kind(whole.partition(".")[2]) == REPLAY
    assert decode_share(whole)[0].history == page2.controller.game.history
    assert 7 in FORMATS
