"""A game the page cannot save (issue #28): never silent. The page says the game cannot be saved and why,
keeps the last good save and the address as they were, and saves again once the game can be saved."""

from __future__ import annotations

from risk.ai import choose, make_bot
from risk.codec import CannotEncode, decode_game, encode_game
from risk.game import Game
from risk.rules import make_rules
from risk.state import Phase
from risk_ui import words
from risk_ui.controller import DEFAULT_SETTINGS
from risk_ui.storage import MemoryBackend
from ui.test_saves_panel import open_page


def at_a_move_in(edition: str, options: tuple[str, ...] = ()) -> Game:
    game = Game.start(make_rules(edition, list(options)), DEFAULT_SETTINGS.seats, 11)
    bot = make_bot("easy", 11)
    while game.state.phase is not Phase.OCCUPY:
        game.play(choose(bot, game.state))
    return game


def test_a_game_that_cannot_be_saved_says_why_and_keeps_the_last_good_save(mount):
    backend = MemoryBackend()
    doc, page, panel, browser = open_page(mount, backend)
    c = page.controller
    good = dict(backend.data)
    address = browser.fragments[-1]
    # The position of issue #28's crafted link: a move-in whose attacking territory holds 1 army (links
    # now refuse it; a game that reached such a state by any other way must not be lost silently).
    for edition, options in (("classic", ("auto-setup",)), ("revised", ())):
        game = at_a_move_in(edition, options)
        game.state.armies[game.state.battle_source] = 1
        try:
            encode_game(game)
        except CannotEncode as error:
            reason = str(error)
        else:
            raise AssertionError("the crafted position was saved")
        assert "one layout" not in reason and "no army to move in" in reason
        c.load(game)
        page.render()
        message = panel.session.message
        assert message.startswith(words.cannot_save_text("")[:24]) and "no army to move in" in message
        assert c.ui.error and c.ui.notice == message
        assert doc.getElementById("saves-message").textContent == message
        assert backend.data == good  # the last good save is kept whole
        assert browser.fragments[-1] == address  # and the address still holds it
        assert decode_game(address).state != game.state
    # A game that can be saved again is saved, and the message goes.
    c.start(DEFAULT_SETTINGS, seed=5)
    page.render()
    assert backend.data != good and browser.fragments[-1] == encode_game(c.game)
    assert "cannot be saved" not in panel.session.message

