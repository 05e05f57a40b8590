"""Continue opens the game last on the table (issue #28), whichever way it got there: played, loaded from
the saves list, imported then loaded, or opened by a link; after a reload and then a plain visit too."""

from __future__ import annotations

from risk.ai.simple import SimpleBot
from risk.codec import encode_share
from risk.engine import matched_sets
from risk.game import Game
from risk.rules import make_rules
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.storage import MemoryBackend
from threads import in_a_thread
from ui.test_saves_panel import open_page


def trade(page) -> None:
    c = page.controller
    c.command("trade", "-".join(map(str, matched_sets(c.state, c.state.current)[0])))
    page.render()


def visit(mount, backend: MemoryBackend, fragment: str = ""):
    """The page opened again in this browser (a reload with ``fragment``, or a plain visit)."""
    return open_page(mount, backend, fragment, Controller.new(DEFAULT_SETTINGS, seed=1))


def test_continue_offers_the_game_loaded_from_the_list_after_a_reload_and_a_plain_visit(mount):
    backend = MemoryBackend()
    doc, page, panel, browser = open_page(mount, backend)
    c = page.controller
    doc.click(doc.getElementById("handoff-button"))
    trade(page)
    game_a, id_a = c.game, panel.session.save_id
    c.start(DEFAULT_SETTINGS, seed=77)  # game B, played last
    page.render()
    id_b = panel.session.save_id
    assert panel.session.saves.current_id() == id_b
    panel.command("load", id_a)
    assert c.state == game_a.state
    assert panel.session.saves.current_id() == id_a  # Continue now offers A
    _, reloaded, panel2, _ = visit(mount, backend, "#" + browser.fragments[-1])
    assert reloaded.controller.state == game_a.state and panel2.session.save_id == id_a
    _, plain, panel3, _ = visit(mount, backend)
    assert plain.controller.state == game_a.state and panel3.session.save_id == id_a
    assert plain.controller.game.history == game_a.history


def test_continue_offers_an_imported_game_once_loaded_and_a_game_opened_by_a_link(mount):
    backend = MemoryBackend()
    _doc, _page, panel, browser = open_page(mount, backend)
    finished = Game.start(make_rules("classic", ["auto-setup"]), DEFAULT_SETTINGS.seats, 9)
    bot = SimpleBot(9)
    for _ in range(30):
        finished.play(bot.choose(finished.state))
    browser.file = ("risk-Kept.txt", encode_share(finished))
    in_a_thread(panel._import(None))
    imported = next(e for e in panel.session.saves.entries() if e.name == "Kept")
    assert panel.session.saves.current_id() != imported.id  # an import alone does not change the table
    panel.command("load", imported.id)
    _, plain, _, _ = visit(mount, backend)
    assert plain.controller.state == finished.state
    # A link from a friend: opened, then a plain visit continues it.
    friend = Game.start(make_rules("classic", ["auto-setup"]), DEFAULT_SETTINGS.seats, 21)
    _, linked, _, _ = visit(mount, backend, "#" + encode_share(friend))
    assert linked.controller.state == friend.state
    _, plain, _, _ = visit(mount, backend)
    assert plain.controller.state == friend.state
