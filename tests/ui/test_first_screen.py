"""Issue #12 in CPython: the first screen's states, the map's geometry (zoom, pan, taps, names), the rules in
view, the turn's armies counted, the shortcut keys and the legend of groups."""

from __future__ import annotations

import pytest

from risk.actions import Trade
from risk.board import load_board
from risk.engine import apply
from risk.events import CardsTraded
from risk.game import Step
from risk.rules import EDITIONS, OPTIONS
from risk.state import Phase
from risk_ui import help_text, layout, view
from risk_ui.controller import DEFAULT_SETTINGS, QUICK_GAMES, Controller, option_applies
from risk_ui.map_view import group_holders, group_title
from risk_ui.viewport import MAX_ZOOM, Box, Viewport, in_view
from ui.conftest import BOARD

# -- the first screen ---------------------------------------------------------------------------------


def test_the_first_screen_covers_the_game_and_leads_to_its_pages() -> None:
    c = Controller.new(DEFAULT_SETTINGS, seed=4)
    c.ui.home = True
    screen = view.render(c)
    assert screen.overlay == "home" and not screen.controls["home"].hidden
    assert screen.controls["handoff"].hidden  # nothing else shows over or under it
    assert not screen.controls["home-menu"].hidden and screen.controls["home-learn-page"].hidden
    c.command("home-page", "learn")
    screen = view.render(c)
    assert screen.controls["home-menu"].hidden and not screen.controls["home-learn-page"].hidden
    assert not screen.controls["learn-0"].hidden and screen.controls["learn-1"].hidden
    assert screen.controls["learn-back"].disabled and screen.controls["learn-count"].text == "1 of 5"
    for _ in range(10):  # Next stops at the last step
        c.command("learn-next")
    screen = view.render(c)
    assert not screen.controls[f"learn-{len(help_text.LEARN_STEPS) - 1}"].hidden
    assert screen.controls["learn-next"].disabled
    c.command("home-page", "nowhere")
    assert c.ui.home_page == "menu"
    c.command("continue")
    assert view.render(c).overlay == "handoff"  # the game as it was, hand-off and all


def test_one_tap_starts_a_game_against_two_computer_players_and_closes_the_first_screen() -> None:
    c = Controller.new(DEFAULT_SETTINGS, seed=4)
    c.ui.home = True
    c.quick_start("computer", 9)
    seats = c.game.seats
    assert [s.controller for s in seats] == ["human", "normal", "normal"]
    assert c.state.rules.edition == "classic" and "auto-setup" in c.state.rules.options
    screen = view.render(c)
    assert screen.overlay == "" and c.ui.handoff == -1  # one person: no hand-off screen
    assert QUICK_GAMES["people"] == DEFAULT_SETTINGS


def test_pass_and_play_opens_the_dialog_with_every_seat_a_person() -> None:
    c = Controller.new(QUICK_GAMES["computer"], seed=4)
    c.command("open-dialog", "people")
    screen = view.render(c)
    assert screen.dialog_open
    preset = dict(screen.dialog_preset)
    assert preset["ng-count"] == "3" and preset["ng-controller-1"] == "human"
    c.command("close-dialog")
    c.command("open-dialog")
    assert view.render(c).dialog_preset == ()  # the full dialog opens as it was left


def test_the_high_contrast_choice_survives_a_new_game() -> None:
    c = Controller.new(DEFAULT_SETTINGS, seed=4)
    c.command("contrast")
    assert view.render(c).theme == "contrast" and view.render(c).controls["home-contrast"].pressed
    c.quick_start("computer", 5)
    assert c.ui.high_contrast


def test_every_edition_and_option_has_its_rules_in_plain_words() -> None:
    offered = [name for name, option in OPTIONS.items() if option.page]  # the options the page offers
    assert set(EDITIONS) <= set(help_text.EDITION_RULES)
    assert set(offered) <= set(help_text.OPTION_RULES)
    html = help_text.rules_html()
    for name in (*EDITIONS, *offered):
        assert f'id="rules-{name}"' in html
    for name in set(OPTIONS) - set(offered):  # not offered yet (secret missions): neither shown nor chosen
        assert f'id="rules-{name}"' not in html
        assert f"ng-option-{name}" not in layout.dialog_html()
        assert not option_applies(name, "classic")


# -- the rules in view and the turn's armies ------------------------------------------------------------


def test_the_rules_in_play_are_named_in_play_and_on_the_hand_off_screen() -> None:
    from risk_ui.controller import NewGameSettings

    settings = NewGameSettings(DEFAULT_SETTINGS.seats, "classic", ("auto-setup", "commanders", "army-cap"))
    c = Controller.new(settings, seed=2)
    screen = view.render(c)
    summary = screen.controls["rules-summary"].text
    assert summary == "Rules: Classic (1980), Expert: 12 armies per territory, Automatic setup, Expert: commanders"
    assert screen.controls["handoff-rules"].text == summary
    assert "turn one of the dice you just rolled into a six" in screen.html["rules-list"]


def test_the_turns_armies_are_counted_territories_continents_and_cards() -> None:
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    c.command("handoff")
    state = c.state
    seat = state.current
    australia = next(g for g in state.board.continents if g.name == "Australia")
    for t in range(state.board.size):  # the Americas (the first 13 territories) and Australia
        state.owner[t] = seat if t in australia.territories or t < 13 else (seat + 1) % 3
    state.reserve[seat] = 99
    assert view.income_text(c) == ("This turn: 14 armies. 17 territories: +5 armies; North America: +5 armies; "
                                   "South America: +2 armies; Australia: +2 armies.")
    state.hands[seat] = []
    # A trade this turn (as the record holds it): 6 armies and 2 on a territory shown on a card.
    c.game.history.append(Step(Trade((1, 2, 3)), (CardsTraded(seat, (1, 2, 3), 6, ((4, 2),)),)))
    assert view.income_text(c).endswith("Australia: +2 armies; cards: +8 armies.")
    assert view.income_text(c).startswith("This turn: 22 armies")
    c.command("amount", "1")
    state.phase = Phase.ATTACK
    assert view.income_text(c) == ""


# -- the map's geometry -------------------------------------------------------------------------------------


def test_the_view_keeps_the_elements_shape_and_never_leaves_the_map() -> None:
    v = Viewport(Box(-22, -5, 1044, 505), 390, 300)
    fit = v.box
    assert fit.w == pytest.approx(1044) and fit.w / fit.h == pytest.approx(390 / 300)
    far = v.zoom_at(3, 390, 300).pan(-10_000, -10_000)  # dragged far to the right and down
    box = far.box
    assert box.x + box.w == pytest.approx(-22 + 1044) and box.y + box.h == pytest.approx(-5 + 505)
    assert v.zoom_at(100, 10, 10).zoom == MAX_ZOOM and v.zoom_at(0.01, 10, 10).zoom == 1
    # The point under the pointer stays put while zooming.
    z = v.zoom_at(2, 100, 120)
    assert z.to_screen(*v.to_user(100, 120)) == pytest.approx((100, 120))
    # A resize keeps the zoom and the centre.
    r = z.resized(800, 600)
    assert r.zoom == pytest.approx(z.zoom)


def test_the_legend_is_built_from_the_boards_groups_and_says_who_holds_them() -> None:
    from risk_ui import layout

    html = layout.map_tools_html(BOARD)
    assert html.count("data-group=") == len(BOARD.continents)
    for group in BOARD.continents:
        assert group.name in html and f"+{group.bonus}" in html
    assert group_title("continent") == "Continents" and group_title("empire") == "Empires"
    c = Controller.new(DEFAULT_SETTINGS, seed=3)
    state = c.state
    for t in BOARD.continents[5].territories:
        state.owner[t] = 1
    assert group_holders(state)[5] == 1
    rendered = view.render(c).html
    assert c.seat_name(1) in rendered["group-holder-5"] and "held by" in rendered["group-holder-5"]


def test_the_legend_works_for_a_board_with_empires_and_independents() -> None:
    from risk_ui import layout

    castle = load_board("castle")
    html = layout.map_tools_html(castle)
    kinds = {g.kind for g in castle.continents}
    assert len(kinds) > 1 and "<h3>" in html
    assert html.count("data-group=") == len(castle.continents)


# -- the page: keys, the map's one Tab stop -----------------------------------------------------------------


def test_shortcut_keys_press_the_buttons_that_show(mount) -> None:
    from risk_ui.scenarios import full_turn

    state = full_turn(3)
    c = Controller.from_state(DEFAULT_SETTINGS.seats, state)
    doc, _ = mount(c)
    doc.click(doc.getElementById("handoff-button"))
    body = doc.body
    doc.dispatch(body, "keydown", "t")  # trade the first set
    assert len(c.state.hands[0]) == 2
    doc.dispatch(body, "keydown", "a")
    assert c.ui.amount == "all"
    doc.dispatch(body, "keydown", "g")
    focused = doc.activeElement
    assert focused.getAttribute("data-territory") == "alaska" and focused.getAttribute("tabindex") == "0"
    doc.press(focused, "Enter")
    assert c.state.phase is Phase.ATTACK
    doc.dispatch(body, "keydown", "r")  # nothing chosen: Roll is disabled, nothing happens
    assert c.state.phase is Phase.ATTACK and not c.ui.error
    doc.dispatch(body, "keydown", "e")
    assert c.state.phase is Phase.ATTACK and c.confirming_end()  # attacks were left: E asks once more
    doc.dispatch(body, "keydown", "e")
    assert c.state.current != 0 or c.state.phase is not Phase.ATTACK  # the turn ended
    field = doc.getElementById("amount-number")
    before = c.state.current
    doc.dispatch(field, "keydown", "e")  # typing in a field is never a shortcut
    assert c.state.current == before


def test_the_map_zoom_buttons_and_names_in_the_fake_page(mount) -> None:
    c = Controller.new(DEFAULT_SETTINGS, seed=3)
    doc, page = mount(c)
    svg = doc.getElementById("board")
    whole = svg.getAttribute("viewBox")
    doc.click(doc.getElementById("zoom-in"))
    assert svg.getAttribute("viewBox") != whole and svg.getAttribute("data-zoomed") == "true"
    assert page.map is not None
    for _ in range(2):  # the names of the territories in view show, and only those
        seen = {BOARD.territories[t].id for t in in_view(page.map.viewport, page.map.drawing)}
        shown = set(page.map.names_shown())
        print(f"names shown: {len(shown)} of {len(seen)} in view")
        assert shown <= seen and len(shown) >= 0.9 * len(seen)
        doc.click(doc.getElementById("zoom-in"))
    doc.click(doc.getElementById("zoom-fit"))
    assert svg.getAttribute("viewBox") == whole
    assert len(doc.querySelectorAll("#names .name")) == BOARD.size


def test_an_elimination_game_state_still_counts_armies_for_revised(mount) -> None:
    """The Revised edition's breakdown counts capitals (its extras come from its own view)."""
    from risk.game import Seat
    from risk_ui.controller import NewGameSettings

    seats = tuple(Seat(n, i) for i, n in enumerate(("Ann", "Bob", "Cy")))
    c = Controller.new(NewGameSettings(seats, "revised", ()), seed=5)
    state = c.state
    while state.phase is not Phase.REINFORCE:
        from risk.engine import legal_actions

        apply(state, legal_actions(state)[0].action)
    c.ui.viewer = state.current
    text = view.income_text(c)
    assert text.startswith("This turn:") and "capital" in text
