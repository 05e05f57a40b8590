"""Issue 23, part 4, in the page (CPython, fake DOM and the pure view): every edition starts in one tap from the
dialog; the amount buttons in every placement step; the end screens say what happened, each way of winning and
losing in its own words ("conquered the world" only when it is so); Castle Risk warns when a move would leave the
castle weaker than an enemy stack beside it, and says what losing it means."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import castle_scenario as cs
from revised_scenario import give, revised_position, settle
from risk.actions import Attack, Blitz, Place
from risk.dice import PLAIN
from risk.engine import legal_actions
from risk.game import Seat
from risk.rules.castle import ADMIRAL
from risk.rules.castle.flow import CASTLE, ext
from risk.rules.revised.flow import ext as revised_ext
from risk.state import Phase
from risk_ui import help_text, view
from risk_ui.controller import Controller, NewGameSettings
from scenario import position, scripted_rng, tid
from ui.fakedom import FakeDocument

Mount = Callable[..., tuple[FakeDocument, Any]]
ANN, BOB, CY, DEE = Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2), Seat("Dee", 3)


def text(controller: Controller, ident: str) -> str:
    return view.render(controller).controls[ident].text or ""


def at_table(seats, state) -> Controller:
    """A controller for the position, its player to move past the hand-off screen."""
    c = Controller.from_state(seats, state)
    if c.ui.handoff >= 0:
        c.command("handoff")
    return c


# -- one tap from the dialog -------------------------------------------------------------------------


def choose_edition(doc: FakeDocument, edition: str) -> None:
    for radio in doc.querySelectorAll('input[name="ng-edition"]'):
        radio.checked = radio.getAttribute("value") == edition
        if radio.checked:
            doc.dispatch(radio, "change")


@pytest.mark.parametrize(("edition", "first", "words"), [
    ("revised", Phase.REINFORCE, "Capitals, claims and troops placed for everyone"),
    ("castle", Phase.ATTACK, "Castles, claims, armies and hidden armies placed for everyone"),
])
def test_the_dialog_starts_each_edition_set_up_in_one_tap(mount: Mount, edition, first, words):
    """The setup choice shows with the edition's own words, Automatic by default: "Start game" lands on the first
    turn, every capital or castle placed; the rules in play say how it was set up."""
    c = Controller.new(seed=4)
    doc, _ = mount(c)
    doc.click(doc.getElementById("new-game"))
    choose_edition(doc, edition)
    assert not doc.getElementById("ng-setup").hidden
    assert doc.getElementById("ng-setup-auto-text").textContent.startswith(words)
    assert doc.getElementById("ng-setup-manual-text").textContent == help_text.setup_choice(edition)[1]
    doc.click(doc.getElementById("ng-start"))
    state = c.state
    assert state.rules.edition == edition and state.rules.auto_setup
    assert state.phase is first and state.turn == 1
    assert -1 not in (state.ext.capitals if edition == "revised" else state.ext.castles)
    told = help_text.option_rules("auto-setup", edition)
    assert told is not None and told.points[0].startswith(("Revised:", "Castle Risk:"))
    assert told.points[0] in doc.getElementById("rules-list").innerHTML
    # Back to the classic game: its own words again.
    doc.click(doc.getElementById("new-game"))
    choose_edition(doc, "classic")
    assert doc.getElementById("ng-setup-auto-text").textContent.startswith("Territories are dealt at random")


# -- the amount buttons in the setup rounds --------------------------------------------------------------


def castle_rounds() -> Controller:
    """A three-player Castle game set up by hand up to its rounds of five."""
    c = Controller.new(NewGameSettings((ANN, BOB, CY), "castle", ()), seed=3)
    while c.state.phase is not Phase.SETUP:
        assert c.play(legal_actions(c.state)[0].action)
    return c


def test_the_rounds_of_five_are_placed_by_the_amount_chosen():
    c = castle_rounds()
    state = c.state
    seat = state.current
    assert state.quota_own == 5
    screen = view.render(c)
    assert not screen.controls["panel-place"].hidden
    assert screen.controls["place-summary"].text.startswith("5 armies of yours to place this round (")
    mine = [t for t, who in enumerate(state.owner) if who == seat]
    c.command("amount", "number")
    c.set_field("amount-number", "3")
    before = state.armies[mine[0]]
    c.click(mine[0])
    assert c.state.armies[mine[0]] == before + 3 and c.state.quota_own == 2 and c.state.current == seat
    c.command("amount", "5")  # five, but the round has two left: two
    c.click(mine[1])
    assert c.state.current != seat
    seat = c.state.current
    c.command("amount", "all")
    c.click(next(t for t, who in enumerate(c.state.owner) if who == seat))
    assert c.state.current != seat  # the whole round in one click


def test_the_two_player_setup_places_two_of_ones_own_in_a_click_and_the_neutral_one():
    c = Controller.new(NewGameSettings((ANN, BOB), "classic", ()), seed=2)
    state = c.state
    assert state.phase is Phase.SETUP and state.quota_own == 2 and state.quota_neutral == 1
    assert not view.render(c).controls["panel-place"].hidden
    c.command("amount", "all")
    seat = state.current
    mine = next(t for t, who in enumerate(state.owner) if who == seat)
    before = state.armies[mine]
    c.click(mine)
    assert c.state.armies[mine] == before + 2 and c.state.quota_own == 0 and c.state.current == seat
    neutral = next(t for t, who in enumerate(c.state.owner) if who == c.state.neutral)
    c.click(neutral)
    assert c.state.current != seat and not c.ui.error


# -- the end screens: classic ------------------------------------------------------------------------


def capture(state, source: str, target: str, seats) -> Controller:
    """The player to move takes ``target`` from ``source`` with three dice against one (scripted)."""
    state.rng = scripted_rng(3, 1, [6, 5, 4], [1])
    c = Controller.from_state(seats, state)
    assert c.play(Attack(tid(source), tid(target), 3)), c.ui.notice
    return c


def test_the_last_player_standing_holding_every_territory_has_conquered_the_world():
    state = position(people=3, default_owner=0, owners={"kamchatka": 1}, armies={"alaska": 9})
    c = capture(state, "alaska", "kamchatka", (ANN, BOB, CY))
    assert c.state.phase is Phase.OVER
    assert text(c, "winner-text") == f"Ann has conquered the world in {c.state.turn} turn{'s' * (c.state.turn != 1)}."


def test_two_players_the_neutral_left_on_the_board_is_no_world_conquered():
    state = position(people=2, default_owner=2, owners={"alaska": 0, "kamchatka": 1, "peru": 0},
                     armies={"alaska": 9})
    c = capture(state, "alaska", "kamchatka", (ANN, BOB))
    said = text(c, "winner-text")
    assert said.startswith("Ann has knocked every other player out of the game in ")
    assert "holding 3 of 42 territories: the neutral armies need not be beaten." in said
    assert "conquered the world" not in said


def test_a_headquarters_game_says_which_headquarters_the_winner_holds():
    state = position(people=3, options=("headquarters",), owners={"alaska": 0, "kamchatka": 1, "peru": 0},
                     armies={"alaska": 9, "kamchatka": 1})
    state.headquarters = [tid("alaska"), tid("kamchatka"), tid("peru")]  # Cy's fell to Ann already
    c = capture(state, "alaska", "kamchatka", (ANN, BOB, CY))
    assert c.state.phase is Phase.OVER and c.state.alive == [True, True, True]
    said = text(c, "winner-text")
    assert said.startswith("Ann holds every other headquarters (Kamchatka, Peru) and their own, Alaska: victory in ")
    assert "conquered the world" not in said


def test_the_shorter_headquarters_goal_says_how_many_were_taken():
    state = position(people=4, options=("headquarters-short",), owners={"alaska": 0, "kamchatka": 1, "peru": 0},
                     armies={"alaska": 9, "kamchatka": 1})
    state.headquarters = [tid("alaska"), tid("kamchatka"), tid("peru"), tid("madagascar")]
    state.owner[tid("madagascar")] = 3
    c = capture(state, "alaska", "kamchatka", (ANN, BOB, CY, DEE))
    assert c.state.phase is Phase.OVER
    assert text(c, "winner-text").startswith("Ann holds two other headquarters (Kamchatka, Peru) and their own, Alaska")


def test_out_of_a_classic_game_the_last_territory_was_taken():
    seats = (ANN, Seat("Bob", 1, "easy"), Seat("Cy", 2, "easy"))
    state = position(owners={"alaska": 1, "kamchatka": 0}, armies={"alaska": 9}, current=1)
    for t in range(state.board.size):
        if state.owner[t] == 0 and t != tid("kamchatka"):
            state.owner[t] = 2
    state.rng = scripted_rng(3, 1, [6, 5, 4], [1])
    c = Controller.from_state(seats, state)
    assert c.play_bot(Attack(tid("alaska"), tid("kamchatka"), 3))
    assert text(c, "out-text").startswith("Bob took your last territory. ")


# -- the end screens: Revised -----------------------------------------------------------------------


def test_three_objectives_and_the_capital_win_and_the_screen_says_so():
    state = revised_position(people=3, capitals=("alaska", "kamchatka", "peru"),
                             owners={"alaska": 0, "kamchatka": 1, "peru": 2})
    for slot in (1, 2, 4):  # no Airfield among their rewards
        give(state, 0, slot)
    c = at_table((ANN, BOB, CY), settle(state))
    c.command("end-turn")
    assert c.state.phase is Phase.OVER and c.state.winner == 0
    assert text(c, "winner-text") == ("Ann completed three objectives while holding their capital, Alaska: victory "
                                      f"in {c.state.turn} turns.")
    give(c.state, 0, 5)  # one more, taken from a player knocked out: the count and the goal
    assert "Ann holds four objectives (three win) while holding their capital, Alaska" in text(c, "winner-text")


def test_the_last_revised_player_standing_has_conquered_the_world():
    state = revised_position(people=3, default_owner=0, owners={"kamchatka": 1}, armies={"alaska": 9},
                             capitals=("alaska", "kamchatka", "peru"))
    settle(state)
    assert revised_ext(state).capitals[2] == tid("peru") and not state.alive[2]
    state.rng = scripted_rng(3, 1, [6, 5, 4], [1])
    c = Controller.from_state((ANN, BOB, CY), state)
    assert c.play(Attack(tid("alaska"), tid("kamchatka"), 3)), c.ui.notice
    assert c.state.phase is Phase.OVER
    assert text(c, "winner-text").startswith("Ann has conquered the world in ")


# -- Castle Risk: the end, the out screen, the warnings -------------------------------------------------


def blitz_castle(state, source: str, castle: str, seats, bot: bool = False) -> Controller:
    c = Controller.from_state(seats, state)
    action = Blitz(cs.tid(source), cs.tid(castle), 0)
    assert (c.play_bot(action) if bot else c.play(action)), c.ui.notice
    return c


def test_the_castle_winner_is_told_whose_castle_fell_where():
    state = cs.castle_position(people=2, armies={"london": 20, "paris": 1})
    c = blitz_castle(state, "london", "paris", (ANN, BOB))
    assert c.state.phase is Phase.OVER
    assert text(c, "winner-text") == ("Ann captured Bob\u2019s castle on Paris: Ann holds the last castle and every "
                                      "castle chip, after 5 turns.")


def test_a_player_whose_castle_falls_is_told_so_whatever_else_they_held():
    """Ann holds a third of Europe when Bob takes London: the screen says the castle fell, and what that means, not
    that her last territory was taken."""
    state = cs.castle_position(people=3, armies={"yorkshire": 20, "london": 1}, owners={"yorkshire": 1}, current=1)
    held = state.owner.count(0)
    assert held >= 12
    c = blitz_castle(state, "yorkshire", "london", (ANN, Seat("Bob", 1, "easy"), Seat("Cy", 2, "easy")), bot=True)
    assert not c.state.alive[0] and c.state.phase is not Phase.OVER
    screen = view.render(c)
    assert screen.overlay == "out"
    said = screen.controls["out-text"].text
    assert said.startswith("Bob captured your castle on London. A player whose castle falls is out at once, "
                           "whatever else they hold. ")
    assert "last territory" not in said


def warned(c: Controller) -> str:
    control = view.render(c).controls["warning"]
    return "" if control.hidden else control.text or ""


def test_attacking_from_ones_castle_until_won_is_warned_with_what_losing_it_means():
    state = cs.castle_position(people=2, owners={"wales": 1, "yorkshire": 1},
                               armies={"london": 8, "wales": 5, "yorkshire": 1})
    c = at_table((ANN, BOB), state)
    c.click(cs.tid("london"))
    assert warned(c) == ""  # nothing chosen to do yet
    c.click(cs.tid("yorkshire"))
    said = warned(c)
    assert said.startswith("Careful: attacking until won could leave your castle on London with 1 army, beside "
                           "Bob\u2019s 5 armies in Wales.")
    assert said.endswith(help_text.CASTLE_LOST + ".")
    c.set_field("threshold", "6")  # stop while six are left: more than Wales's five
    assert warned(c) == ""
    c.set_field("threshold", "5")
    assert "with 5 armies, beside Bob\u2019s 5 armies" in warned(c)


def test_moving_in_out_of_ones_castle_is_warned_as_the_number_changes():
    state = cs.castle_position(people=2, owners={"wales": 1, "yorkshire": 1},
                               armies={"london": 8, "wales": 3, "yorkshire": 1})
    state.rng = cs.scripted_rng([(PLAIN, 3, 1, ((6, 5, 4), (1,)))])
    c = at_table((ANN, BOB), state)
    assert c.play(Attack(cs.tid("london"), cs.tid("yorkshire"), 3))
    assert c.state.phase is Phase.OCCUPY
    assert warned(c).startswith("Careful: moving 7 armies in leaves your castle on London with 1 army, beside "
                                "Bob\u2019s 3 armies in Wales.")
    c.command("occupy-min")
    assert warned(c) == ""  # three move in, five stay: more than Wales's three


def test_an_admiral_loading_the_castles_armies_is_warned():
    state = cs.castle_position(people=2, owners={"wales": 1}, armies={"london": 8, "wales": 4, "brittany": 2},
                               hands={0: cs.cards(ADMIRAL, 1)})
    state.owner[cs.tid("brittany")] = 1
    c = at_table((ANN, BOB), state)
    c.command("sail", str(cs.cards(ADMIRAL)[0]))
    c.click(cs.tid("london"))
    c.click(cs.tid("brittany"))
    assert c.ui.sailing >= 0 and c.ui.target == cs.tid("brittany"), c.ui.notice
    assert warned(c).startswith("Careful: sailing with 7 armies leaves your castle on London with 1 army, beside "
                                "Bob\u2019s 4 armies in Wales.")
    c.set_field("sea-load", "3")
    assert warned(c) == ""


def test_what_losing_the_castle_means_is_said_where_it_matters():
    """The rules in play and the castle's placement say it; a bot's move is never warned on a person's screen."""
    c = Controller.new(NewGameSettings((ANN, BOB), "castle", ()), seed=1)
    assert c.state.phase is CASTLE
    assert help_text.CASTLE_LOST in view.status_line(c)
    assert help_text.CASTLE_LOST in view.render(c).html["rules-list"]
    state = cs.castle_position(people=2, owners={"wales": 1, "yorkshire": 1},
                               armies={"london": 8, "wales": 5, "yorkshire": 1})
    bots = Controller.from_state((Seat("Ann", 0, "easy"), BOB), state)
    bots.ui.selected, bots.ui.target = cs.tid("london"), cs.tid("yorkshire")
    assert warned(bots) == ""
    assert ext(state).castles[0] == cs.tid("london")


def test_the_classic_setup_by_hand_still_places_one_at_a_time():
    c = Controller.new(NewGameSettings((ANN, BOB, CY), "classic", ()), seed=2)
    while c.state.phase is Phase.CLAIM:
        assert c.play(legal_actions(c.state)[0].action)
    assert c.state.phase is Phase.SETUP and c.state.quota_own == 1
    assert view.render(c).controls["panel-place"].hidden  # one army a turn: nothing to choose
    c.command("amount", "all")
    seat = c.state.current
    c.click(next(t for t, who in enumerate(c.state.owner) if who == seat))
    assert c.state.current != seat
    assert isinstance(c.game.history[-1].action, Place) and c.game.history[-1].action.count == 1
