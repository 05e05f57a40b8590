"""The DOM module on a fake page: it builds the controls, binds the map, and writes what the view says."""

import pytest

from risk.state import Phase
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.scenarios import full_turn
from scenario import BOARD, position, tid
from ui.conftest import drawn_map, page_html
from ui.fakedom import FakeDocument


def territory(doc, territory_id):
    return doc.querySelector(f'[data-territory="{territory_id}"]')


def land(doc, territory_id):
    return territory(doc, territory_id).querySelector(".land")


def confirmed_page(mount, state):
    c = Controller.from_state(DEFAULT_SETTINGS.seats, state)
    doc, page = mount(c)
    doc.click(doc.getElementById("handoff-button"))
    return doc, page, c


def test_mounting_makes_every_territory_a_labelled_keyboard_button_with_the_data_contract(mount):
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mount(c)
    groups = doc.querySelectorAll("[data-territory]")
    assert len(groups) == BOARD.size
    for g in groups:
        t = BOARD.territory_index(g.getAttribute("data-territory"))
        seat = c.state.owner[t]
        assert g.getAttribute("tabindex") in ("0", "-1") and g.getAttribute("role") == "button"
        assert g.getAttribute("data-owner") == str(seat)
        assert g.getAttribute("data-armies") == str(c.state.armies[t])
        name, armies = BOARD.territories[t].name, c.state.armies[t]
        unit = "army" if armies == 1 else "armies"
        assert g.getAttribute("aria-label") == f"{name}, {c.seat_name(seat)}, {armies} {unit}"
        assert g.querySelector(".army-count").textContent == str(armies)
        assert g.querySelector(".owner-mark").getAttribute("d")
    assert doc.body.getAttribute("data-phase") == "reinforce"
    assert doc.body.getAttribute("data-player") == str(c.state.current)
    # The map is one stop of the Tab order (arrows, N and G move within it), not 42.
    assert sum(g.getAttribute("tabindex") == "0" for g in groups) == 1


def test_every_control_is_a_real_button_with_a_visible_name(mount):
    doc, _ = mount(Controller.new(DEFAULT_SETTINGS, seed=2))
    buttons = doc.querySelectorAll("button")
    assert len(buttons) > 15
    for button in buttons:
        assert button.getAttribute("type") == "button"
        assert button.textContent.strip(), button.outerHTML
    assert doc.querySelectorAll('[data-action]') == [b for b in buttons if b.hasAttribute("data-action")]


def test_a_click_on_the_land_places_armies_and_the_badge_and_label_follow(mount):
    state = position(owners={"alaska": 0}, armies={"alaska": 2}, phase=Phase.REINFORCE)
    state.reserve[0] = 3
    doc, _, c = confirmed_page(mount, state)
    doc.writes()
    doc.click(land(doc, "alaska"))
    g = territory(doc, "alaska")
    assert g.getAttribute("data-armies") == "3"
    assert g.getAttribute("aria-label") == "Alaska, Red, 3 armies"
    assert g.querySelector(".army-count").textContent == "3"
    assert doc.getElementById("status").textContent == "Red: place 2 armies on your territories."
    assert c.state.armies[tid("alaska")] == 3


def test_rendering_again_writes_nothing_and_a_change_writes_little(mount):
    state = position(owners={"alaska": 0}, armies={"alaska": 2}, phase=Phase.REINFORCE)
    state.reserve[0] = 3
    doc, page, _ = confirmed_page(mount, state)
    doc.writes()
    page.render()
    assert doc.writes() == []
    doc.click(land(doc, "alaska"))
    writes = doc.writes()
    assert ("set", "g#t-alaska", "data-armies", "3") in writes
    assert not any(w[1] == "g#t-peru" for w in writes)
    assert len(writes) < 30


def test_an_illegal_click_shows_the_engines_message_in_the_live_status_region(mount):
    state = position(owners={"alaska": 0, "kamchatka": 1}, phase=Phase.REINFORCE)
    state.reserve[0] = 3
    doc, _, _ = confirmed_page(mount, state)
    doc.click(land(doc, "kamchatka"))
    message = doc.getElementById("message")
    assert message.getAttribute("role") == "status" and message.getAttribute("aria-live") == "polite"
    assert message.textContent == "Kamchatka is not yours: place armies on your own territories"
    assert message.getAttribute("class") == "message error"
    assert territory(doc, "kamchatka").getAttribute("data-armies") == "1"


def test_a_whole_turn_by_clicks_place_attack_move_in_free_move_and_hand_off(mount):
    doc, _, c = confirmed_page(mount, full_turn(3))
    click = doc.click
    # Five cards: the trade comes first, and the page says so when a placement is tried.
    click(land(doc, "alaska"))
    assert "must trade a set" in doc.getElementById("message").textContent
    assert len(doc.getElementById("hand").querySelectorAll("li")) == 5
    trades = doc.getElementById("sets").querySelectorAll("button")
    assert trades and all("for 4 armies" in b.textContent for b in trades)
    click(trades[0])
    assert "Red trades" in doc.getElementById("message").textContent
    assert len(doc.getElementById("hand").querySelectorAll("li")) == 2
    assert c.state.reserve[0] == 7
    click(doc.getElementById("amount-all"))
    assert doc.getElementById("amount-all").getAttribute("aria-pressed") == "true"
    click(land(doc, "alaska"))
    assert doc.body.getAttribute("data-phase") == "attack"
    click(land(doc, "alaska"))
    click(land(doc, "kamchatka"))
    assert "target" in territory(doc, "kamchatka").getAttribute("class")
    assert territory(doc, "kamchatka").getAttribute("aria-pressed") == "true"
    click(doc.getElementById("blitz"))
    assert doc.body.getAttribute("data-phase") == "occupy"
    assert doc.getElementById("dice").querySelectorAll(".die.attacker")
    assert not doc.getElementById("panel-occupy").hidden
    click(doc.getElementById("occupy-min"))
    assert doc.getElementById("occupy-count").value == "3"
    click(doc.getElementById("occupy"))
    assert territory(doc, "kamchatka").getAttribute("data-owner") == "0"
    assert territory(doc, "kamchatka").getAttribute("data-armies") == "3"
    assert not territory(doc, "kamchatka").hasAttribute("aria-pressed")
    assert territory(doc, "alaska").getAttribute("aria-pressed") == "true"
    assert "selected" in territory(doc, "alaska").getAttribute("class")  # ready to attack on from there
    click(land(doc, "northwest_territory"))
    assert not doc.getElementById("panel-move").hidden
    doc.type_into(doc.getElementById("move-count"), "1")
    click(doc.getElementById("move"))
    assert territory(doc, "northwest_territory").getAttribute("data-armies") == "2"
    assert doc.body.getAttribute("data-overlay") == "handoff"
    assert doc.getElementById("handoff-title").textContent == "Pass to Blue"
    assert doc.activeElement is doc.getElementById("handoff-button")
    assert doc.body.getAttribute("data-player") == "1"
    assert c.state.current == 1


def test_the_hand_off_keeps_the_next_players_cards_out_of_the_page(mount):
    c = Controller.new(DEFAULT_SETTINGS, seed=4)
    seat = c.state.current
    c.game.state.hands[seat] = [tid("alaska"), tid("peru")]
    doc, _ = mount(c)
    assert not doc.getElementById("handoff").hidden
    assert doc.getElementById("hand").textContent == ""
    assert doc.getElementById("panel-cards").hidden
    assert doc.getElementById("map").hasAttribute("inert") and doc.getElementById("controls").hasAttribute("inert")
    doc.click(doc.getElementById("handoff-button"))
    assert doc.getElementById("handoff").hidden
    assert not doc.getElementById("map").hasAttribute("inert")
    assert "Alaska (infantry)" in doc.getElementById("hand").textContent


def test_keyboard_only_placement_arrows_and_escape(mount):
    state = position(owners={BOARD.territories[i].id: 0 for i in range(3)}, phase=Phase.REINFORCE)
    state.reserve[0] = 5
    doc, _, c = confirmed_page(mount, state)
    first = territory(doc, BOARD.territories[0].id)
    assert doc.activeElement is first  # after the hand-off the focus lands on the board
    event = doc.press(first, "Enter")
    assert event.defaultPrevented
    assert first.getAttribute("data-armies") == "2"
    doc.press(first, "ArrowRight")
    second = territory(doc, BOARD.territories[1].id)
    assert doc.activeElement is second
    doc.press(second, " ")
    assert second.getAttribute("data-armies") == "2"
    doc.press(second, "ArrowDown")
    assert doc.activeElement is territory(doc, BOARD.territories[1 + 7].id)  # the grid has 7 columns
    assert doc.press(doc.activeElement, "x").defaultPrevented is False
    assert c.state.reserve[0] == 3


def test_escape_anywhere_cancels_the_selection(mount):
    doc, _, c = confirmed_page(mount, position(owners={"alaska": 0}, armies={"alaska": 4}))
    doc.click(land(doc, "alaska"))
    assert "selected" in territory(doc, "alaska").getAttribute("class")
    doc.press(doc.getElementById("roll"), "Escape")
    assert "selected" not in territory(doc, "alaska").getAttribute("class")
    assert c.ui.selected == -1


def test_disabled_buttons_do_nothing(mount):
    doc, _, c = confirmed_page(mount, position(owners={"alaska": 0}, armies={"alaska": 4}))
    roll = doc.getElementById("roll")
    assert roll.disabled
    doc.click(roll)
    assert c.game.history == []


def test_new_game_opens_the_dialog_whose_start_button_starts_a_three_person_classic_automatic_game(mount):
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mount(c)
    dialog = doc.getElementById("new-game-dialog")
    doc.click(doc.getElementById("handoff-new-game"))
    assert dialog.open
    editions = [e.getAttribute("value") for e in doc.querySelectorAll('input[name="ng-edition"]')]
    assert editions == ["classic", "classic-1963", "revised", "castle"]
    assert "Expert: commanders" in dialog.textContent and "Automatic" in dialog.textContent
    old = c.game
    doc.click(doc.getElementById("ng-start"))
    assert not dialog.open and c.game is not old and c.game.seed == 100
    assert c.state.people == 3 and c.state.rules.edition == "classic" and c.state.rules.auto_setup
    assert doc.body.getAttribute("data-overlay") == "handoff"


def test_the_dialog_reads_players_names_colours_edition_setup_and_options(mount):
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mount(c)
    doc.click(doc.getElementById("new-game"))
    count = doc.getElementById("ng-count")
    count.value = "4"
    doc.dispatch(count, "change")
    assert not doc.getElementById("ng-row-3").hidden and doc.getElementById("ng-row-4").hidden
    doc.type_into(doc.getElementById("ng-name-0"), "Ann")
    doc.querySelector('input[name="ng-setup"][value="manual"]').checked = True
    doc.getElementById("ng-option-commanders").checked = True
    doc.click(doc.getElementById("ng-start"))
    assert [s.name for s in c.game.seats] == ["Ann", "Blue", "Yellow", "Green"]
    assert c.state.phase is Phase.CLAIM and c.state.rules.commanders


def test_a_bad_form_keeps_the_dialog_open_with_the_reason(mount):
    doc, _ = mount(Controller.new(DEFAULT_SETTINGS, seed=2))
    doc.click(doc.getElementById("new-game"))
    doc.getElementById("ng-colour-1").value = "0"
    doc.click(doc.getElementById("ng-start"))
    error = doc.getElementById("ng-error")
    assert doc.getElementById("new-game-dialog").open
    assert not error.hidden and error.textContent == "each player needs a colour of their own"
    doc.click(doc.getElementById("ng-cancel"))
    assert not doc.getElementById("new-game-dialog").open


def test_a_number_field_is_not_rewritten_while_the_player_types_in_it(mount):
    state = position(owners={"alaska": 0}, phase=Phase.REINFORCE)
    state.reserve[0] = 5
    doc, _, c = confirmed_page(mount, state)
    field = doc.getElementById("amount-number")
    field.focus()
    field.value = ""
    doc.dispatch(field, "input")
    assert field.value == "" and c.ui.number == 3
    field.value = "4"
    doc.dispatch(field, "input")
    assert c.ui.amount == "number" and c.ui.number == 4


def test_the_real_map_binds_every_territory(mount):
    svg = drawn_map("classic")
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mount(c, svg)
    assert len(c.centres) == BOARD.size
    assert {g.getAttribute("data-owner") for g in doc.querySelectorAll("[data-territory]")} == {"0", "1", "2"}


def test_a_map_missing_a_territory_is_reported_not_half_bound():
    from ui.conftest import stand_in_svg

    svg = stand_in_svg().replace('data-territory="peru"', 'data-territory="nowhere"')
    doc = FakeDocument(page_html(svg))
    from risk_ui.dom import Page

    with pytest.raises(Exception, match="nowhere"):
        Page(doc, Controller.new(DEFAULT_SETTINGS, seed=1)).mount()


def test_an_arrow_moves_the_focus_once_and_typing_later_does_not_pull_it_back(mount):
    state = position(owners={BOARD.territories[i].id: 0 for i in range(3)}, phase=Phase.REINFORCE)
    state.reserve[0] = 5
    doc, _, _ = confirmed_page(mount, state)
    doc.press(territory(doc, BOARD.territories[0].id), "ArrowRight")
    assert doc.activeElement is territory(doc, BOARD.territories[1].id)
    field = doc.getElementById("amount-number")
    doc.type_into(field, "2")
    assert doc.activeElement is field


def test_a_name_goes_where_the_board_places_it_else_next_to_its_badge(mount):
    from ui.conftest import stand_in_svg

    svg = stand_in_svg().replace('data-territory="peru"', 'data-territory="peru" data-label="123 45.5"')
    doc, _ = mount(Controller.new(DEFAULT_SETTINGS, seed=2), svg)
    peru = doc.querySelector('#names [data-name-of="peru"]')
    assert (peru.getAttribute("x"), peru.getAttribute("y")) == ("123", "45.5")
    alaska = doc.querySelector('#names [data-name-of="alaska"]')  # badge (20, 20), r 9; its neighbours 50 away
    x, y = float(alaska.getAttribute("x")), float(alaska.getAttribute("y"))
    assert "fits" in alaska.getAttribute("class") and abs(x - 20) <= 25 and abs(y - 20) <= 25  # next to its badge
