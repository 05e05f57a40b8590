"""Secret missions are not offered by the page yet (it cannot show a player their mission): the dialog does not
list the option, and a link to a game with missions (made by the command line, or a later page) is refused with a
sentence, the game on the table kept."""

from __future__ import annotations

import pytest

from risk.codec import encode_game
from risk.game import Game, Seat
from risk.rules import make_rules
from risk_ui.controller import DEFAULT_SETTINGS, Controller, page_can_show, parse_settings
from risk_ui.scenarios import full_turn
from risk_ui.storage import MemoryBackend
from ui.test_saves_panel import open_page


def test_a_link_to_a_game_with_secret_missions_is_refused_with_a_sentence(mount):
    rules = make_rules("classic", ["secret-missions", "auto-setup"])
    assert not page_can_show(rules) and page_can_show(make_rules("classic", ["auto-setup"]))
    missions = Game.start(rules, [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)], 4)
    controller = Controller.from_state(DEFAULT_SETTINGS.seats, full_turn(3), 3)
    before = controller.game
    _, page, panel, _ = open_page(mount, MemoryBackend(), "#" + encode_game(missions), controller)
    assert page.controller.game is before
    assert ("a game of Classic (1980) with \u201cSecret missions\u201d, which this version of the page cannot show"
            in panel.session.message)


def test_the_new_game_form_refuses_the_option():
    form = {"count": "3", "edition": "classic", "setup": "auto", "options": ["secret-missions", "commanders"]}
    for i in range(3):
        form |= {f"name-{i}": f"P{i}", f"colour-{i}": str(i), f"controller-{i}": "human"}
    with pytest.raises(ValueError, match="the option 'secret-missions' does not apply"):
        parse_settings(form)
