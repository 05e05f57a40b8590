"""How to play for each registered edition, with pictures drawn from the edition's own map, and the names of
rewards and cards explained where the panels show them (help_text.TERMS)."""

from __future__ import annotations

import re
from html import escape

import pytest

from risk.board import load_board
from risk.rules import EDITIONS
from risk.rules.castle import CARD_KINDS
from risk.rules.revised import REWARDS
from risk_ui import help_text, learn, view
from risk_ui.controller import DEFAULT_SETTINGS, Controller, NewGameSettings
from risk_ui.edition_views import ui_for
from risk_ui.palette import site_path
from ui.conftest import drawn_map


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_each_registered_edition_has_how_to_play_with_a_picture_of_its_own_map(edition: str) -> None:
    lesson = learn.lesson_for(edition)
    assert lesson.steps and lesson.figures
    board_ref = EDITIONS[edition].rules.map
    board = load_board(board_ref)
    svg = drawn_map(board_ref)
    assert svg is not None
    whole = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]
    for index, figure in lesson.figures:
        assert 0 <= index < len(lesson.steps)
        picture = learn.picture_svg(svg, board_ref, figure.territory, figure.site, figure.caption)
        territory = board.territories[board.territory_index(figure.territory)]
        assert picture.startswith('<svg class="learn-map"') and f">{territory.name}</text>" in picture
        box = [float(v) for v in re.search(r'viewBox="([^"]+)"', picture).group(1).split()]
        assert box[2] < whole[2] / 2  # a piece of the map, not all of it
        land = re.search(rf'<g id="t-{figure.territory}"[^>]*>\s*<path class="land"[^>]*? d="([^"]*)"', svg)
        assert land and f'd="{land.group(1)}"' in picture  # the board's own outline, lit
        names = [board.territories[n].name for n in board.adjacent[board.index[figure.territory]]]
        assert sum(f">{name}</text>" in picture for name in names) >= 2  # its neighbours, named
        if figure.site:
            assert site_path(figure.site, 0, 0, 1)[:1] == "M" and picture.count("<path") > 2


def test_a_picture_of_a_territory_the_board_lacks_is_none() -> None:
    assert learn.picture_svg(drawn_map("classic"), "classic", "london") == ""


def test_how_to_play_opens_on_the_games_edition_and_switches_edition_on_the_first_screen() -> None:
    c = Controller.new(NewGameSettings(DEFAULT_SETTINGS.seats, "castle", ("auto-setup",)), seed=3)
    c.command("home-page", "learn")
    screen = view.render(c)
    assert not screen.controls["learn-castle-0"].hidden and screen.controls["learn-0"].hidden
    assert screen.controls["learn-tab-castle"].pressed and not screen.controls["learn-tab-classic"].pressed
    assert screen.controls["learn-count"].text == f"1 of {len(help_text.CASTLE_LESSON.steps)}"
    c.command("learn-next")
    assert not view.render(c).controls["learn-castle-1"].hidden
    c.command("learn-edition", "revised")
    screen = view.render(c)
    assert not screen.controls["learn-revised-0"].hidden and screen.controls["learn-castle-1"].hidden
    assert screen.controls["learn-tab-revised"].pressed


def test_the_page_draws_the_pictures_of_the_lesson_opened_from_the_maps_drawing(mount) -> None:
    c = Controller.new(DEFAULT_SETTINGS, seed=3)
    doc, _ = mount(c, drawn_map("classic"))
    doc.click(doc.getElementById("menu"))
    doc.click(doc.getElementById("home-learn"))
    doc.click(doc.getElementById("learn-tab-castle"))
    assert not doc.getElementById("learn-castle-0").hidden
    index, figure = help_text.CASTLE_LESSON.figures[0]
    picture = doc.getElementById(learn.picture_id("castle", index))
    assert picture.querySelector("svg") is not None
    assert "London" in picture.textContent and figure.caption in doc.getElementById("learn-castle-0").textContent


def test_every_reward_and_card_name_has_its_explanation() -> None:
    names = {title for _, title in REWARDS} | {kind.capitalize() for kind in CARD_KINDS} | {"Standing orders"}
    assert names <= set(help_text.TERMS), names - set(help_text.TERMS)
    for name in names:
        html = help_text.term_html(name)
        assert f'data-term="{name}"' in html and escape(help_text.TERMS[name]) in html
    assert help_text.term_html("nothing of the sort") == ""


def test_the_revised_objectives_panel_explains_every_reward_it_names() -> None:
    c = Controller.new(NewGameSettings(DEFAULT_SETTINGS.seats, "revised", ("auto-setup",)), seed=3)
    html = view.render(c).html["objectives"]
    shown = re.findall(r'<span class="reward">Reward: ([^<(]+?)(?: \(|</span>)', html)
    assert len(shown) == 8
    for name in shown:
        assert name in help_text.TERMS
        assert f'data-term="{name}"' in html


def test_the_castle_hand_explains_every_person_card_and_the_standing_orders() -> None:
    c = Controller.new(NewGameSettings(DEFAULT_SETTINGS.seats, "castle", ("auto-setup",)), seed=3)
    seat = c.state.current
    ui = ui_for(c.state)
    hand = ui.hand_html(c, seat) or ""
    titles = re.findall(r'<span class="card-title">([^<]+)</span>', hand)
    assert titles
    for title in titles:
        assert f'<span class="card-title">{title}</span><details class="term" data-term="{title}"' in hand
    extras = view.render(c).html
    assert any('data-term="Standing orders"' in v for v in extras.values()) or \
        'data-term="Standing orders"' in (ui.sets_html(c, seat, True) or "")


def test_a_claim_button_says_what_its_reward_does() -> None:
    from risk_ui.scenarios import revised_claim

    state = revised_claim(3)
    c = Controller.from_state(DEFAULT_SETTINGS.seats, state)
    c.ui.handoff, c.ui.viewer = -1, c.state.current
    html = view.render(c).html["claim-choices"]
    buttons = re.findall(r'<button[^>]*data-action="objective"[^>]*>([^<]*)</button>', html)
    tips = re.findall(r'<button[^>]*data-action="objective"[^>]*title="([^"]*)"', html)
    assert buttons and len(tips) == sum("reward:" in b for b in buttons) > 0
    assert all(t in {escape(v) for v in help_text.TERMS.values()} for t in tips)
