"""Start-up never fails on stored data: every kind of damaged record, one at a time, in a storage that
holds two games, and the page still starts (the pure path: repair, Session.open, the panel drawn),
says what it set aside or rebuilt, keeps the other game, and the game on the table plays on.

``CASES`` is shared with the Playwright check (``tests/e2e/test_saves.py``), which writes a few of
them into a real browser's storage.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from risk.actions import every_action
from risk.engine import legal_actions
from risk.game import Game
from risk.rules import make_rules
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.dom import Page
from risk_ui.saves_panel import SavesPanel, Session
from risk_ui.storage import Keys, MemoryBackend, Saves
from ui.conftest import page_html, stand_in_svg
from ui.fakedom import FakeDocument
from ui.test_saves_panel import FakeBrowser

KEYS = Keys.for_path("/")
NOW = 1_700_000_000.0


def game(seed: int, moves: int) -> Game:
    played = Game.start(make_rules("classic", ["auto-setup"]), DEFAULT_SETTINGS.seats, seed)
    for _ in range(moves):
        played.play(every_action(legal_actions(played.state))[-1])
    return played


def two_games(keys: Keys = KEYS) -> dict[str, str]:
    """A storage with "Other" (named, b) and the game on the table (a, its code and a tail of 5 moves)."""
    backend = MemoryBackend()
    saves = Saves(backend, clock=lambda: NOW, keys=keys)
    for save_id, seed in (("b", 1), ("a", 2)):
        played = game(seed, 0)
        saves.autosave(played, save_id)
        for _ in range(5):
            played.play(every_action(legal_actions(played.state))[-1])
            saves.autosave(played, save_id)
    saves.rename("b", "Other")
    return backend.data


Damage = Callable[[dict[str, str]], None]


def _index(data: dict[str, str]) -> list[dict[str, object]]:
    return json.loads(data[KEYS.index])


def _set_index(data: dict[str, str], items: list[object]) -> None:
    data[KEYS.index] = json.dumps(items)


def field(name: str, value: object) -> Damage:
    """Change one field of the entry of the game on the table (the first: the most recent)."""
    def damage(data: dict[str, str]) -> None:
        items = _index(data)
        items[0][name] = value
        _set_index(data, items)
    return damage


def put(key: str, value: str) -> Damage:
    def damage(data: dict[str, str]) -> None:
        data[key] = value
    return damage


def tail_line(line: str) -> Damage:
    def damage(data: dict[str, str]) -> None:
        head, *lines = data[KEYS.tail("a")].split("\n")
        data[KEYS.tail("a")] = "\n".join([head, line, *lines])
    return damage


def raw_date(text: str) -> Damage:
    def damage(data: dict[str, str]) -> None:
        data[KEYS.index] = data[KEYS.index].replace(f'"date": {NOW}', f'"date": {text}', 1).replace(
            f'"date":{NOW}', f'"date":{text}', 1)
    return damage


def drop(name: str) -> Damage:
    def damage(data: dict[str, str]) -> None:
        items = _index(data)
        del items[0][name]
        _set_index(data, items)
    return damage


CASES: dict[str, Damage] = {
    "list not JSON": put(KEYS.index, "{not json"),
    "list not a list": put(KEYS.index, '{"a": 1}'),
    "list nested too deep": put(KEYS.index, "[" * 100_000),
    "entry not an object": lambda data: _set_index(data, ["a", *_index(data)]),
    "entry without its link": drop("link"),
    "date not a number": field("date", "yesterday"),
    "date NaN": raw_date("NaN"),
    "date beyond any calendar": field("date", 1e300),
    "name not text": field("name", 42),
    "players not names": field("players", [1, 2]),
    "players a string": field("players", "Ann"),
    "unknown field": field("colour", 3),
    "turn not a number": field("turn", "three"),
    "id not text": field("id", 7),
    "id with a slash": field("id", "a/../b"),
    "kept not yes or no": field("kept", "yes"),
    "viewer not a seat": field("viewer", None),
    "link damaged": field("link", "AAAA"),
    "code damaged": put(KEYS.code("a"), "AAAA"),
    "code cut short": lambda data: data.__setitem__(KEYS.code("a"), data[KEYS.code("a")][:-7]),
    "code missing": lambda data: data.pop(KEYS.code("a")),
    "tail names an unknown territory": tail_line("place atlantis 1"),
    "tail move not legal": tail_line("attack alaska kamchatka 3"),
    "tail unknown verb": tail_line("dance alaska"),
    "tail number beyond any army": tail_line("place alaska 99999999999999999999999999"),
    "tail header damaged": lambda data: data.__setitem__(KEYS.tail("a"), "@@" + data[KEYS.tail("a")]),
    "current names no save": put(KEYS.current, "zzz"),
    "entry twice": lambda data: _set_index(data, [_index(data)[0], *_index(data)]),
}


def start(data: dict[str, str]) -> tuple[Session, Controller, FakeDocument]:
    """The page's start-up on this storage: repair, open, mount the page and the panel, draw."""
    controller = Controller.new(DEFAULT_SETTINGS, seed=9)
    ids = iter(f"new{i}" for i in range(100))
    backend = MemoryBackend()
    backend.data = data
    saves = Saves(backend, clock=lambda: NOW + 100, keys=KEYS)
    session = Session(saves, lambda: next(ids))
    for text in saves.repair():
        session.say(text)
    session.open(controller, "")
    doc = FakeDocument(page_html(stand_in_svg()))
    page = Page(doc, controller)
    page.mount()
    panel = SavesPanel(doc, page, session, FakeBrowser())
    panel.mount()
    page.after_render.append(panel.refresh)
    page.render()
    return session, controller, doc


@pytest.mark.parametrize("name", list(CASES))
def test_the_page_starts_on_every_kind_of_damaged_record_and_loses_nothing_else(name):
    data = two_games()
    table = Saves(MemoryBackend(), keys=KEYS)
    table.backend.data = dict(data)  # type: ignore[attr-defined]
    present = table.read("a").game.state
    CASES[name](data)
    session, controller, doc = start(data)
    saves = session.saves
    if name != "current names no save":
        assert controller.state == present, "the game on the table is back, at its present moment"
    # The other game is still in the list, by its name (unless the list that held the name is what was
    # damaged: then it is found again from its save, and kept), and opens.
    other = saves.entry("b")
    assert other is not None and saves.read("b").game.state == game(1, 5).state
    if name.startswith("list"):
        listed = doc.getElementById("saves-list").textContent
        assert other.kept and "Red, Blue, Yellow · Classic (1980) · turn 3" in listed
    else:
        assert other.name == "Other" and "Other" in doc.getElementById("saves-list").textContent
    # The game plays on, and is saved.
    controller.game.play(legal_actions(controller.state)[0].action)
    controller.ui.notice = ""
    saves_before = saves.revision(session.save_id) or 0
    session.save(controller)
    assert (saves.revision(session.save_id) or 0) > saves_before
    assert saves.read(session.save_id).game.state == controller.state
    # A second start-up on what the first one left has nothing more to say and opens the same game.
    again, controller2, _ = start(data)
    assert controller2.state == controller.state and again.message == ""


@pytest.mark.parametrize("name", [n for n in CASES if n.startswith(("date", "name", "players", "unknown", "turn",
                                                                      "kept", "viewer", "entry without"))])
def test_a_damaged_entry_is_named_in_the_message(name):
    data = two_games()
    CASES[name](data)
    session, _, doc = start(data)
    assert "the game of Red, Blue, Yellow" in session.message, session.message
    assert session.message in doc.getElementById("saves-message").textContent


@pytest.mark.parametrize("name", ["code damaged", "code cut short", "code missing", "tail names an unknown territory",
                                  "tail move not legal"])
def test_a_damaged_save_says_it_opens_at_its_last_saved_moment(name):
    data = two_games()
    CASES[name](data)
    session, controller, _ = start(data)
    assert "it opens at its last saved moment" in session.message and controller.ui.error
    assert controller.game.history == []
