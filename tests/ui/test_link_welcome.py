"""The welcome of a link's receiver where no hand-off screen shows (issue #23, part 1): a computer player's move,
one person against the computer, a shared step of the setup, a finished game. The welcome is then a screen of
its own (``data-overlay="welcome"``), the computer players wait while it shows, and closing it gives the board
(or the winner's screen). It says who sent the link, the game, its players and colours, whose move it is (which
colour is the receiver's, when only one person plays), what to do and "Send this turn"."""

from __future__ import annotations

import random

from link_turns import people, plain
from risk.codec import encode_share
from risk.game import HUMAN, Game, Seat
from risk.rules import make_rules
from risk.state import Phase
from risk_ui.bots import Autoplay
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.scenarios import near_win
from risk_ui.storage import MemoryBackend
from ui.fakedom import FakeEvent
from ui.test_saves_panel import open_page


def played_to(edition: str, seats: tuple[Seat, ...], seed: int, stop) -> Game:
    """A game of ``edition`` (set up automatically) played on with plain moves until ``stop(game)``."""
    game = Game.start(make_rules(edition, ["auto-setup"]), seats, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if stop(game):
            return game
        game.play(plain(game.state, rng))
    raise AssertionError("the moment never came")


def bots_turn(edition: str = "classic", seed: int = 5) -> Game:
    """Ann and Bob (people) and Cy (a computer player), at the start of Cy's second turn or later."""
    seats = people("Ann", "Bob", "Cy", bots=(2,))
    return played_to(edition, seats, seed, lambda g: g.state.turn >= 2 and g.state.current == 2
                     and g.state.phase is Phase.REINFORCE and bool(g.history))


def receive(mount, game: Game):
    return open_page(mount, MemoryBackend(), "#" + encode_share(game), Controller.new(DEFAULT_SETTINGS, seed=9))


def text(doc, ident: str) -> str:
    return doc.getElementById(ident).textContent


def on_its_own_screen(doc, page) -> bool:
    """The welcome shows on its own screen (and the section sits in it)."""
    page.render()
    section = doc.getElementById("welcome")
    return (doc.body.getAttribute("data-overlay") == "welcome" and not section.hidden
            and not doc.getElementById("welcome-screen").hidden and section.closest("#welcome-screen") is not None
            and doc.getElementById("handoff").hidden)


def test_a_link_opened_on_a_computer_players_move_is_welcomed_and_the_computer_waits(mount):
    game = bots_turn()
    doc, page, _panel, _ = receive(mount, game)
    c = page.controller
    assert c.ui.handoff < 0 and on_its_own_screen(doc, page)
    assert text(doc, "welcome-from") == "Sent by Bob (Blue)."  # the last person to play before Cy
    assert not doc.getElementById("welcome-from").hidden
    assert text(doc, "welcome-game") == f"Classic (1980), turn {game.state.turn}"
    players = doc.getElementById("welcome-players").innerHTML
    assert all(n in players for n in ("Ann", "Bob", "Cy (computer)"))
    assert text(doc, "welcome-move").startswith("It is Cy\u2019s move (computer, Yellow)")
    assert "Send this turn" in text(doc, "welcome-send") and "Play your turn" in text(doc, "welcome-todo")
    # The computer player waits while the welcome shows: its receiver sees every move it makes.
    autoplay = Autoplay(c)
    count = len(c.game.history)
    for _ in range(5):
        assert autoplay.tick() is None
    assert len(c.game.history) == count
    doc.click(doc.getElementById("welcome-close"))
    assert not c.ui.welcome and doc.body.getAttribute("data-overlay") == ""
    assert doc.getElementById("welcome-screen").hidden
    for _ in range(50):
        if len(c.game.history) > count:
            break
        autoplay.tick()
    assert len(c.game.history) > count


def test_one_person_against_the_computer_is_told_their_colour_and_escape_closes_the_welcome(mount):
    seats = people("Ann", "Bob", "Cy", bots=(1, 2))
    game = played_to("classic", seats, 5, lambda g: g.state.turn >= 5 and g.state.current == 0
                     and g.state.phase is Phase.REINFORCE)
    doc, page, _panel, _ = receive(mount, game)
    c = page.controller
    assert on_its_own_screen(doc, page)
    assert text(doc, "welcome-move") == "You play Red (Ann) against the computer. It is your move."
    assert text(doc, "welcome-from") == "Sent by Ann (Red)."  # the only person: it was sent on by Ann's device
    assert doc.getElementById("hand").innerHTML == "" or c.ui.viewer == 0  # only Ann's own cards, if any
    page.on_document_key(FakeEvent("keydown", doc.body, "Escape"))
    page.render()
    assert not c.ui.welcome and doc.body.getAttribute("data-overlay") == ""
    assert c.ui.viewer == 0 and doc.getElementById("welcome").hidden


def test_a_shared_step_of_the_setup_is_welcomed_without_a_hand_off(mount):
    game = Game.start(make_rules("classic", []), people("Ann", "Bob", "Cy"), 4)
    rng = random.Random(4)
    for _ in range(4):
        game.play(plain(game.state, rng))
    assert game.state.phase is Phase.CLAIM
    doc, page, _panel, _ = receive(mount, game)
    assert page.controller.ui.handoff < 0 and on_its_own_screen(doc, page)
    move = text(doc, "welcome-move")
    name = game.seats[game.state.current].name
    assert move.startswith(f"It is {name}") and "setup" in move
    assert text(doc, "welcome-game") == "Classic (1980), setting up"
    last = game.seats[game.state_at(len(game.history) - 1).current].name
    assert text(doc, "welcome-from").startswith(f"Sent by {last} (")  # the last claim's player
    doc.click(doc.getElementById("welcome-close"))
    assert doc.body.getAttribute("data-overlay") == ""


def test_a_finished_game_is_welcomed_before_its_winners_screen(mount):
    seats = tuple(Seat(n, i, HUMAN) for i, n in enumerate(("Ann", "Bob", "Cy")))
    c = Controller.from_state(seats, near_win(7))
    board = c.state.board
    c.command("handoff")
    c.click(board.territory_index("alaska"))
    c.click(board.territory_index("kamchatka"))
    c.command("blitz")
    assert c.state.phase is Phase.OVER
    doc, page, _panel, _ = receive(mount, c.game)
    assert on_its_own_screen(doc, page) and doc.getElementById("winner").hidden
    assert text(doc, "welcome-move") == "This game is over: Red (Ann) won."
    assert "replay" in text(doc, "welcome-todo") and doc.getElementById("welcome-send").hidden
    doc.click(doc.getElementById("welcome-close"))
    assert doc.body.getAttribute("data-overlay") == "winner" and not doc.getElementById("winner").hidden


def test_the_welcome_moves_to_the_hand_off_screen_when_a_persons_turn_comes(mount):
    """A link opened on a computer player's move, the welcome left open: the computer waits; a link of a
    person's move shows it on the hand-off screen, whose button ends it."""
    game = bots_turn()
    doc, page, _panel, _ = receive(mount, game)
    assert on_its_own_screen(doc, page)
    seats = people("Ann", "Bob", "Cy", bots=(2,))
    person = played_to("classic", seats, 5, lambda g: g.state.turn >= 2 and g.state.current == 1
                       and g.state.phase is Phase.REINFORCE)
    doc2, page2, _p, _b = receive(mount, person)
    page2.render()
    section = doc2.getElementById("welcome")
    assert doc2.body.getAttribute("data-overlay") == "handoff" and section.closest("#handoff") is not None
    assert doc2.getElementById("welcome-screen").hidden and not section.hidden
    # The same page, once the receiver's welcome stands over a bot's move: back on its own screen.
    page2.controller.ui.handoff = -1
    page2.controller.load(game)
    page2.controller.ui.welcome = True
    assert on_its_own_screen(doc2, page2)
