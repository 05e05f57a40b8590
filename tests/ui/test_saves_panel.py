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
from risk_ui.saves_panel import SavesPanel, Session
from risk_ui.scenarios import full_turn
from risk_ui.storage import TAIL_MAX, MemoryBackend, Saves
from risk_ui.view import render
from threads import in_a_thread


class FakeBrowser:
    """Records what the panel asked of the browser."""

    def __init__(self) -> None:
        self.fragments: list[str] = []
        self.downloads: list[tuple[str, str]] = []

    def replace_fragment(self, code: str) -> None:
        self.fragments.append(code)

    def address(self, code: str) -> str:
        return "http://127.0.0.1/#" + code

    async def send(self, url: str) -> str:
        return "copied " + url

    def download(self, name: str, text: str) -> None:
        self.downloads.append((name, text))

    async def read_file(self, element: Any) -> str:
        return ""


def open_page(mount, backend: MemoryBackend, fragment: str = "", controller: Controller | None = None):
    controller = controller or Controller.from_state(DEFAULT_SETTINGS.seats, full_turn(3), 3)
    ids = iter(f"id{i}" for i in range(100))
    session = Session(Saves(backend, clock=lambda: 1_000_000.0), lambda: next(ids))
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
    record.command(page2.controller, "replay-open")
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
    record.command(c, "replay-open")
    assert "first moment on record" in record.replay_text(c, c.ui.record.replay)
    record.command(c, "replay-close")
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
