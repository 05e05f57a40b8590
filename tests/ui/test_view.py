"""The view: what each territory, the status line and the controls show for a given state."""

from risk.game import Seat
from risk.state import Phase
from risk_ui import view
from risk_ui.controller import DEFAULT_SETTINGS, Controller, NewGameSettings
from risk_ui.palette import NEUTRAL, PALETTE, ink_for
from scenario import position, scripted_rng, tid

SEATS = DEFAULT_SETTINGS.seats


def confirmed(state, seats=SEATS):
    c = Controller.from_state(seats, state)
    c.command("handoff")
    return c


def test_each_territory_shows_owner_armies_colour_mark_and_a_spoken_label():
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 3, "kamchatka": 1})
    screen = view.render(confirmed(state))
    alaska, kamchatka = screen.territory("alaska"), screen.territory("kamchatka")
    assert (alaska.owner, alaska.armies, alaska.label) == ("0", 3, "Alaska, Red, 3 armies")
    assert kamchatka.label == "Kamchatka, Blue, 1 army"
    assert alaska.colour == PALETTE[0].hex and kamchatka.colour == PALETTE[1].hex
    assert alaska.mark == "circle" and kamchatka.mark == "square"


def test_the_label_names_the_player_by_the_name_they_chose():
    seats = (Seat("Ann", 2), Seat("Bob", 0), Seat("Cy", 1))
    state = position(owners={"alaska": 0}, armies={"alaska": 2})
    alaska = view.render(confirmed(state, seats)).territory("alaska")
    assert alaska.label == "Alaska, Ann, 2 armies"
    assert alaska.colour == PALETTE[2].hex and alaska.mark == PALETTE[2].mark


def test_unclaimed_territories_say_so_and_have_no_owner():
    c = Controller.new(NewGameSettings(SEATS, "classic", ()), seed=1)
    alaska = view.render(c).territory("alaska")
    assert (alaska.owner, alaska.armies, alaska.label, alaska.mark) == ("", 0, "Alaska, unclaimed", "")
    assert "active" in alaska.classes  # claimable now


def test_the_neutral_seat_is_grey_with_its_own_mark_and_name():
    c = Controller.new(NewGameSettings(SEATS[:2], "classic", ("auto-setup",)), seed=3)
    state = c.state
    neutral_land = state.territories_of(state.neutral)[0]
    tv = view.render(c).territories[neutral_land]
    assert tv.colour == NEUTRAL.hex and tv.mark == NEUTRAL.mark and ", Neutral, " in tv.label


def test_the_palette_has_distinct_colours_and_distinct_marks_with_readable_ink():
    assert len({c.hex for c in PALETTE}) == len(PALETTE)
    assert len({c.mark for c in (*PALETTE, NEUTRAL)}) == len(PALETTE) + 1
    assert ink_for("#0072B2") == "#FFFFFF" and ink_for("#F0E442") == "#000000"


def test_body_attributes_carry_the_phase_and_the_player():
    state = position(phase=Phase.ATTACK, current=2)
    screen = view.render(confirmed(state))
    assert (screen.phase, screen.player) == ("attack", "2")


def test_selection_marks_the_source_the_targets_and_the_places_to_move_to():
    state = position(owners={"alaska": 0, "kamchatka": 1, "alberta": 0, "northwest_territory": 2},
                     armies={"alaska": 5})
    c = confirmed(state)
    c.click(tid("alaska"))
    screen = view.render(c)
    assert "selected" in screen.territory("alaska").classes and screen.territory("alaska").pressed
    assert "attackable" in screen.territory("kamchatka").classes
    assert "attackable" in screen.territory("northwest_territory").classes
    assert "movable" in screen.territory("alberta").classes
    assert "attackable" not in screen.territory("peru").classes
    assert screen.status == "Red: from Alaska, choose a territory to attack or one of yours to move to."
    c.click(tid("kamchatka"))
    screen = view.render(c)
    assert "target" in screen.territory("kamchatka").classes
    assert not screen.controls["roll"].disabled and not screen.controls["blitz"].disabled
    assert screen.status == "Red: attack Kamchatka from Alaska."


def test_the_roll_waits_for_a_source_and_a_target():
    screen = view.render(confirmed(position(owners={"alaska": 0}, armies={"alaska": 5})))
    assert not screen.controls["panel-attack"].hidden
    assert screen.controls["roll"].disabled and screen.controls["blitz"].disabled
    assert screen.controls["panel-place"].hidden and screen.controls["panel-occupy"].hidden


def test_dice_buttons_beyond_the_armies_are_disabled():
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 3})
    c = confirmed(state)
    c.click(tid("alaska"))
    controls = view.render(c).controls
    assert not controls["dice-2"].disabled and controls["dice-3"].disabled
    assert controls["dice-2"].pressed and controls["roll"].text == "Roll 2 dice"


def test_the_dice_of_the_last_roll_show_both_sides_and_the_losses():
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 4, "kamchatka": 2})
    state.rng = scripted_rng(3, 2, [6, 5, 1], [4, 3])
    c = confirmed(state)
    c.click(tid("alaska"))
    c.click(tid("kamchatka"))
    c.command("roll")
    screen = view.render(c)
    dice = screen.html["dice"]
    assert 'aria-label="Red rolled 6, 5, 1"' in dice and 'aria-label="Blue rolled 4, 3"' in dice
    assert "Red lost 0, Blue lost 2. Red captured Kamchatka!" in dice
    assert screen.phase == "occupy" and not screen.controls["panel-occupy"].hidden
    assert screen.controls["occupy-min"].text == "Fewest (3)" and screen.controls["occupy-max"].text == "Most (3)"
    assert "Red captures Kamchatka from Blue." in screen.message


def test_a_pending_roll_offers_a_button_for_each_legal_decision():
    state = position(options=["commanders"], owners={"alaska": 0, "kamchatka": 1},
                     armies={"alaska": 4, "kamchatka": 1})
    state.rng = scripted_rng(3, 1, [6, 2, 1], [6])
    c = confirmed(state)
    c.click(tid("alaska"))
    c.click(tid("kamchatka"))
    c.command("roll")
    screen = view.render(c)
    choices = screen.html["battle-choices"]
    assert screen.phase == "battle" and not screen.controls["panel-battle"].hidden
    assert 'data-action="accept"' in choices
    assert 'data-action="commander" data-arg="1"' in choices and 'data-action="commander" data-arg="2"' in choices
    assert 'data-arg="0"' not in choices  # that die already shows a six


def test_the_hand_off_screen_covers_everything_and_hides_the_cards():
    c = Controller.new(DEFAULT_SETTINGS, seed=4)
    seat = c.state.current
    c.game.state.hands[seat] = [tid("alaska"), tid("peru"), 43]
    screen = view.render(c)
    assert screen.overlay == "handoff" and not screen.controls["handoff"].hidden
    assert screen.controls["handoff-title"].text == f"Pass to {SEATS[seat].name}"
    assert screen.html["hand"] == "" and screen.html["sets"] == ""
    assert screen.controls["panel-cards"].hidden and screen.controls["panel-place"].hidden
    assert all(not tv.classes for tv in screen.territories)
    c.command("handoff")
    screen = view.render(c)
    assert screen.overlay == "" and screen.controls["handoff"].hidden
    assert "Alaska (infantry)" in screen.html["hand"] and "Wild" in screen.html["hand"]
    assert 'data-action="trade"' in screen.html["sets"]
    assert "The next set is worth 4 armies." in screen.controls["set-value"].text


def test_a_refusal_is_the_message_and_is_marked_as_an_error():
    c = confirmed(position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 5}))
    c.click(tid("kamchatka"))
    screen = view.render(c)
    assert screen.message_error and screen.message.startswith("Kamchatka is not yours")


def test_status_lines_follow_the_phase():
    c = confirmed(position(phase=Phase.REINFORCE))
    c.game.state.reserve[0] = 7
    assert view.render(c).status == "Red: place 7 armies on your territories."
    c.game.state.hands[0] = [0, 1, 2, 3, 4]
    assert "must trade a set first" in view.render(c).status
    c = Controller.new(NewGameSettings(SEATS[:2], "classic", ()), seed=2)
    status = view.render(c).status
    assert "2 armies on your territories and 1 neutral army" in status


def test_the_winner_screen_names_the_winner_and_can_be_closed_to_see_the_board():
    from risk_ui.scenarios import near_win

    c = confirmed(near_win(7))
    c.click(tid("alaska"))
    c.click(tid("kamchatka"))
    c.command("blitz")
    screen = view.render(c)
    assert screen.overlay == "winner" and screen.controls["winner-title"].text == "Red wins!"
    assert screen.status == "Red has won the game!"
    c.command("close-winner")
    assert view.render(c).overlay == ""


def test_the_players_list_marks_who_is_to_move_and_who_is_out():
    from risk_ui.scenarios import near_win

    c = confirmed(near_win(1))
    html = view.render(c).html["players"]
    assert 'class="player current" data-seat="0" aria-current="true"' in html
    assert 'class="player out" data-seat="2"' in html and "out of the game" in html


def test_dialog_rows_follow_the_number_of_players_and_options_the_edition():
    c = Controller.new(DEFAULT_SETTINGS, seed=1)
    c.set_field("ng-count", "5")
    controls = view.render(c).controls
    assert [controls[f"ng-row-{i}"].hidden for i in range(6)] == [False] * 5 + [True]
    assert not controls["ng-option-army-cap"].disabled


def test_the_log_shows_the_last_events_in_words_newest_last():
    from risk_ui.scenarios import near_win

    c = confirmed(near_win(7))
    assert view.render(c).html["log"] == ""
    c.click(tid("alaska"))
    c.click(tid("kamchatka"))
    c.command("blitz")
    log = view.render(c).html["log"]
    assert log.startswith("<li>Red attacks Kamchatka from Alaska: ")
    assert log.endswith("<li>Red eliminates Blue.</li><li>Red wins the game.</li>")


def test_sets_that_differ_only_by_which_wild_card_are_offered_once():
    from risk.engine import matched_sets
    from risk_ui.scenarios import full_turn

    c = confirmed(full_turn(3))
    sets = view.render(c).html["sets"]
    assert len(matched_sets(c.state, 0)) == 10
    assert sets.count("<button") == 7  # three of a kind or one of each, with no, one or two wilds
    assert view.render(c).controls["panel-place"].hidden  # nothing to place before the forced trade


def test_the_recent_log_shows_a_run_of_placements_as_one_line_and_at_most_eight_lines():
    from risk.actions import Place

    state = position(phase=Phase.REINFORCE, owners={"kamchatka": 1, "brazil": 2}, default_owner=0)
    state.reserve[0] = 30
    c = Controller.from_state(DEFAULT_SETTINGS.seats, state)
    for territory in ["alaska"] * 4 + ["alberta", "alaska"]:
        c.game.play(Place(tid(territory), 1))
    assert view.log_html(c).count("<li>") == 3
    assert "<li>Red places 4 armies on Alaska.</li><li>Red places 1 army on Alberta.</li>" in view.log_html(c)
    for territory in ["peru", "iceland"] * 6:
        c.game.play(Place(tid(territory), 1))
    html = view.log_html(c)
    assert html.count("<li>") == 8 and html.endswith("<li>Red places 1 army on Iceland.</li>")


def test_what_happened_starts_with_the_deal_and_the_first_turn():
    c = Controller.new(DEFAULT_SETTINGS, seed=5)
    html = view.log_html(c)
    first = c.state.current
    assert html.startswith("<li>The territories are dealt at random.</li>")
    assert html.endswith(f"<li>Turn 1: {c.seat_name(first)} receives {c.state.reserve[first]} armies.</li>")


# -- texts that count: one or many, a range or one number -------------------------------------------


def test_the_move_in_prompt_says_one_number_when_the_range_is_one_number():
    from risk.actions import Attack

    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 4, "kamchatka": 1})
    state.rng = scripted_rng(3, 1, [6, 5, 4], [1])
    c = confirmed(state)
    c.play_bot(Attack(tid("alaska"), tid("kamchatka"), 3))
    assert c.state.phase is Phase.OCCUPY
    screen = view.render(c)
    assert screen.status == "Red: you captured Kamchatka! Move in 3 armies."
    assert screen.controls["occupy-summary"].text == "Move 3 armies from Alaska into Kamchatka."
    assert screen.controls["occupy-min"].disabled and screen.controls["occupy-max"].disabled
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 9, "kamchatka": 1})
    state.rng = scripted_rng(3, 1, [6, 5, 4], [1])
    c = confirmed(state)
    c.play_bot(Attack(tid("alaska"), tid("kamchatka"), 3))
    screen = view.render(c)
    assert screen.status.endswith("Move in 3 to 8 armies.") and not screen.controls["occupy-min"].disabled


def test_one_territory_one_card_and_a_move_of_one_army_are_said_in_the_singular():
    state = position(owners={"alaska": 0, "alberta": 0}, armies={"alaska": 2}, default_owner=1)
    state.hands[0] = [5]
    c = confirmed(state)
    facts = view.render(c).html["players"]
    assert "2 territories, 3 armies, 1 card" in facts and "40 territories" in facts
    c.click(tid("alaska"))
    c.click(tid("alberta"))
    assert view.render(c).controls["move-summary"].text == "Move 1 army from Alaska to Alberta."


def test_a_long_unbroken_name_keeps_its_whole_self_in_the_players_title():
    name = "W" * 24
    c = confirmed(position(), (Seat(name, 0), Seat("Bob", 1), Seat("Cy", 2)))
    html = view.render(c).html["players"]
    assert f'<span class="player-name" title="{name}">{name}</span>' in html


# -- every person out: say so, offer to watch the bots finish or start again -------------------------


def eliminated_by_a_bot():
    """Ann (a person) holds only Kamchatka (1 army); Bob (a bot) attacks it from Alaska and takes it."""
    from risk.actions import Attack

    seats = (Seat("Ann", 0), Seat("Bob", 1, "easy"), Seat("Cy", 2, "easy"))
    state = position(owners={"alaska": 1, "kamchatka": 0}, armies={"alaska": 9, "kamchatka": 1}, current=1)
    for t in range(state.board.size):
        if state.owner[t] == 0 and t != tid("kamchatka"):
            state.owner[t] = 2
    state.rng = scripted_rng(3, 1, [6, 5, 4], [1])
    c = Controller.from_state(seats, state)
    assert c.play_bot(Attack(tid("alaska"), tid("kamchatka"), 3))
    return c


def test_when_every_person_is_out_a_screen_says_so_and_offers_fast_play_or_a_new_game():
    c = eliminated_by_a_bot()
    assert not c.state.alive[0] and c.state.phase is not Phase.OVER
    screen = view.render(c)
    assert screen.overlay == "out"
    assert screen.controls["out-title"].text == "You are out of the game"
    assert screen.controls["out-text"].text == ("Bob took your last territory. 2 computer players play on: "
                                                "watch them at full speed, have the game finished at once, "
                                                "or leave it.")
    assert screen.controls["skip"].text == "Skip to the end"
    assert not c.ui.fast
    c.command("play-on")
    screen = view.render(c)
    assert screen.overlay == "" and c.ui.fast and screen.controls["out"].hidden
    c.command("skip")
    assert c.ui.skipping and "(skipping to the end)" in view.render(c).status


def test_finish_now_plays_the_bots_to_the_end_at_once_and_leave_opens_the_menu():
    """The out screen's other two choices: the bots' loop plays many moves between two drawings until the
    game is over, with no pause; Leave goes to the first screen over the game."""
    from risk_ui import bots

    c = eliminated_by_a_bot()
    c.command("finish-now")
    assert c.ui.finishing and view.render(c).overlay == ""
    assert "(finishing the game)" in view.render(c).status

    class Page:
        controller = c
        drawn = 0

        def render(self) -> None:
            Page.drawn += 1

        def report(self, doing: str, error: BaseException) -> None:
            raise AssertionError(error)

    page, autoplay = Page(), bots.Autoplay(c)
    for _ in range(2_000):
        wait = bots.step(page, autoplay)
        if c.state.phase is Phase.OVER:
            break
        assert wait <= bots.PACE_SKIP
    assert c.state.phase is Phase.OVER and not c.ui.finishing
    assert autoplay.actions > 5 * Page.drawn  # many moves between two drawings
    leaving = eliminated_by_a_bot()
    leaving.command("home")
    assert view.render(leaving).overlay == "home" and leaving.ui.home_page == "menu"


def test_the_out_screen_offers_a_new_game_and_never_shows_while_a_person_plays_on():
    c = eliminated_by_a_bot()
    c.command("open-dialog")
    assert c.ui.dialog_open
    seats = (Seat("Ann", 0), Seat("Bob", 1, "easy"), Seat("Dee", 3))
    c = Controller.from_state(seats, position())
    c.state.alive[0] = False
    assert view.render(c).overlay != "out"  # Dee still plays


# -- the new-game dialog ----------------------------------------------------------------------------


def test_the_headquarters_options_are_one_radio_choice_off_by_default():
    from risk_ui import layout

    html = layout.dialog_html()
    assert html.count('name="ng-headquarters"') == 3
    assert '<input type="radio" id="ng-headquarters-off" checked name="ng-headquarters" value="">' in html
    assert 'type="radio" id="ng-option-headquarters-short" name="ng-headquarters"' in html
    assert 'type="checkbox" id="ng-option-headquarters"' not in html
