"""A game on another board in the page: the new-game dialog's "New world" (a seed, its size and continents,
"Another world", a preview, the seed said), the boards kept in this browser offered beside it, only for the
editions whose rules play on any board, and the seam that gives the page those boards' files."""

from __future__ import annotations

from typing import Any

import pytest

from risk.board import forget_board, load_board, register_board
from risk.rules import EDITIONS
from risk.worldgen import generator
from risk_ui import new_world, world_maps
from risk_ui.controller import DEFAULT_SETTINGS, Controller, NewGameSettings, parse_settings
from risk_ui.dom import Page, load_drawing
from risk_ui.map_view import GROUP_COLOURS
from ui.conftest import page_html, site_fetch, stand_in_svg
from ui.fakedom import FakeDocument

TWO = {"count": "2", "name-0": "Ann", "colour-0": "0", "controller-0": "human",
       "name-1": "", "colour-1": "1", "controller-1": "easy", "edition": "classic"}


def world_form(**extra: str) -> dict[str, object]:
    return {**TWO, "board": "world", "world-seed": "48213", "world-size": "small", "world-continents": "4", **extra}


def test_the_dialog_constants_are_the_generators():
    assert new_world.SIZES == generator.SIZES
    assert (new_world.CONTINENTS.start, new_world.CONTINENTS.stop - 1) == (generator.MIN_CONTINENTS,
                                                                          generator.MAX_CONTINENTS)
    assert new_world.MAX_SEED == generator.MAX_SEED
    assert [value for value, _ in new_world_words_sizes()] == list(generator.SIZES)


def new_world_words_sizes() -> tuple[tuple[str, str], ...]:
    from risk_ui import words

    return words.WORLD_SIZES


def test_parse_settings_reads_a_new_world_as_its_reference_and_the_game_plays_on_it():
    settings = parse_settings(world_form())
    assert settings.board == "generated:1:48213:small:4"
    controller = Controller.new(settings, seed=5)
    assert controller.state.rules.map == "generated:1:48213:small:4"
    assert controller.state.board.size == load_board(settings.board).size and 18 <= controller.state.board.size <= 22
    assert len(controller.state.board.continents) == 4
    # "As the seed gives": the reference carries the continents the seed drew.
    drawn = parse_settings(world_form(**{"world-continents": "0"})).board
    assert drawn == generator.reference(48213, "small")


def test_parse_settings_takes_a_whole_reference_and_its_own_board_is_no_other():
    assert parse_settings({**TWO, "board": "generated:1:7:medium:5"}).board == "generated:1:7:medium:5"
    assert parse_settings({**TWO, "board": "classic"}).board == ""  # the edition's own board
    assert parse_settings({**TWO, "board": ""}).board == ""
    assert parse_settings(TWO).board == ""


@pytest.mark.parametrize(("form", "words"), [
    ({"board": "world", "world-seed": "forty", "world-size": "small"}, "a world is a whole number from 0 to"),
    ({"board": "world", "world-seed": "4294967296", "world-size": "small"}, "a world is a whole number"),
    ({"board": "world", "world-seed": "", "world-size": "small"}, "a world is a whole number"),
    ({"board": "world", "world-seed": "12", "world-size": "huge"}, "a size is small, medium, large"),
    ({"board": "world", "world-seed": "12", "world-size": "small", "world-continents": "9"}, "3 to 8 continents"),
    ({"board": "generated:7:1:small:4"}, "generator version 7 is not known"),
    ({"board": "nowhere"}, "there is no board nowhere here"),
    ({"board": "imported:0123456789abcdef"}, "there is no board imported:0123456789abcdef here"),
])
def test_parse_settings_refuses_a_board_it_cannot_make_saying_why(form: dict[str, str], words: str):
    with pytest.raises(ValueError, match=words):
        parse_settings({**TWO, **form})


@pytest.mark.parametrize("edition", ["revised", "castle"])
def test_an_edition_whose_rules_need_its_own_board_takes_no_other(edition: str):
    assert not EDITIONS[edition].any_board
    form = {**TWO, "count": "3", "name-2": "", "colour-2": "2", "edition": edition}
    assert parse_settings(form).board == ""
    with pytest.raises(ValueError, match="is played on its own board only"):
        parse_settings({**form, "board": "generated:1:7:medium:5"})


def test_the_classic_family_plays_on_any_board():
    assert [name for name, e in EDITIONS.items() if e.any_board] == ["classic", "classic-1963"]
    settings = NewGameSettings(DEFAULT_SETTINGS.seats, "classic-1963", (), "generated:1:7:small:3")
    assert Controller.new(settings, seed=1).state.rules.map == "generated:1:7:small:3"


def test_held_board_file_makes_a_world_gives_a_held_board_and_none_for_one_not_held():
    world = new_world.held_board_file("generated:1:48213:small:4")
    assert world is not None and "drawing" in world and world["name"] == "World 48213"
    assert new_world.held_board_file("generated:1:48213:small:4") is world  # made once
    assert new_world.held_board_file("imported:0123456789abcdef") is None
    ref = register_board(dict(generator.generate(3, "small", 3)))
    try:
        assert new_world.held_board_file(ref) is not None
    finally:
        forget_board(ref)
    assert new_world.held_board_file(ref) is None


def test_the_preview_is_a_small_picture_without_ids_that_names_the_seed():
    picture, caption = world_maps.preview("generated:1:48213:small:4", GROUP_COLOURS)
    assert caption == "World 48213: " + f"{load_board('generated:1:48213:small:4').size} territories in 4 continents"
    assert picture.startswith("<svg") and 'role="img"' in picture and caption in picture
    assert " id=" not in picture  # it sits beside the map, whose ids are the territories'
    assert picture.count("<path") == 1 + 4  # the sea, then each continent
    assert picture != world_maps.preview("generated:1:48214:small:4", GROUP_COLOURS)[0]


# -- the dialog on the fake page --------------------------------------------------------------------------------


def mounted(controller: Controller) -> tuple[FakeDocument, Page]:
    document = FakeDocument(page_html(stand_in_svg()))
    seeds = iter([48213, 777_012_345, 5, 6, 7, 8, 9])

    def maps(ref: str, done: Any, failed: Any) -> None:
        load_drawing(ref, done, failed, fetch=site_fetch, board_file=new_world.held_board_file)

    page = Page(document, controller, new_seed=lambda: next(seeds), load_map=maps)
    page.mount()
    return document, page


def choose(doc: FakeDocument, name: str, value: str) -> None:
    for radio in doc.querySelectorAll(f'input[name="{name}"]'):
        if radio.getAttribute("value") == value:
            radio.checked = True
            doc.dispatch(radio, "change")
            return
    raise AssertionError(f"no {name} radio of value {value!r}")


def pick(doc: FakeDocument, ident: str, value: str) -> None:
    element = doc.getElementById(ident)
    element.value = value
    doc.dispatch(element, "change")


def test_new_world_in_the_dialog_shows_its_seed_rerolls_and_starts_a_game_on_it():
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mounted(c)
    doc.click(doc.getElementById("new-game"))
    assert not doc.getElementById("ng-board").hidden and doc.getElementById("ng-world").hidden
    assert doc.getElementById("ng-board-own-text").textContent == load_board("classic").name
    choose(doc, "ng-board", "world")
    assert not doc.getElementById("ng-world").hidden
    assert doc.getElementById("ng-world-seed").value == "48213"  # drawn at random: five digits at most
    first = doc.getElementById("ng-world-preview").innerHTML
    assert first.startswith("<svg") and "World 48213" in doc.getElementById("ng-world-caption").textContent
    doc.click(doc.getElementById("ng-another-world"))
    seed = doc.getElementById("ng-world-seed").value
    assert seed == str(777_012_345 % new_world.SAID_SEEDS) and seed != "48213"
    assert doc.getElementById("ng-world-preview").innerHTML != first
    assert f"World {seed}:" in doc.getElementById("ng-world-caption").textContent
    assert doc.getElementById("ng-board-world").checked
    pick(doc, "ng-world-size", "small")
    pick(doc, "ng-world-continents", "3")
    caption = doc.getElementById("ng-world-caption").textContent
    assert "in 3 continents" in caption
    doc.click(doc.getElementById("ng-start"))
    assert not doc.getElementById("new-game-dialog").open, doc.getElementById("ng-error").textContent
    assert c.state.rules.map == f"generated:1:{seed}:small:3"
    # The page drew the world's map (its board file, through the seam) and plays on it.
    ids = [str(g.getAttribute("data-territory")) for g in doc.querySelectorAll("#territories [data-territory]")]
    assert ids == [t.id for t in c.state.board.territories]
    assert doc.getElementById("map").getAttribute("data-map") == c.state.rules.map
    # The dialog opens again on the same world.
    doc.click(doc.getElementById("new-game"))
    assert doc.getElementById("ng-world-seed").value == seed and not doc.getElementById("ng-world").hidden


def test_a_typed_seed_makes_that_world_and_a_bad_one_is_refused():
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mounted(c)
    doc.click(doc.getElementById("new-game"))
    choose(doc, "ng-board", "world")
    pick(doc, "ng-world-seed", "1234")
    assert "World 1234:" in doc.getElementById("ng-world-caption").textContent
    pick(doc, "ng-world-seed", "12x")
    assert "a world is a whole number" in doc.getElementById("ng-error").textContent
    assert doc.getElementById("ng-world-seed").value == "1234"  # the last world shown stays


def test_editions_that_need_their_own_board_hide_the_choice_and_start_on_their_own():
    c = Controller.new(DEFAULT_SETTINGS, seed=2)
    doc, _ = mounted(c)
    doc.click(doc.getElementById("new-game"))
    choose(doc, "ng-board", "world")
    for edition in ("revised", "castle"):
        choose(doc, "ng-edition", edition)
        assert doc.getElementById("ng-board").hidden
        assert doc.getElementById("ng-board-world").disabled
    choose(doc, "ng-edition", "revised")
    doc.click(doc.getElementById("ng-start"))
    assert not doc.getElementById("new-game-dialog").open, doc.getElementById("ng-error").textContent
    assert c.state.rules.edition == "revised" and c.state.rules.map == "classic"


def test_the_boards_kept_in_this_browser_are_offered_and_a_game_starts_on_one():
    kept = generator.generate(99, "small", 3)
    kept["name"] = "Our island"
    ref = register_board(kept)
    try:
        c = Controller.new(DEFAULT_SETTINGS, seed=2)
        c.kept_boards = lambda: [(ref, "Our island")]
        doc, _ = mounted(c)
        doc.click(doc.getElementById("new-game"))
        assert "Our island" in doc.getElementById("ng-kept-boards").innerHTML
        choose(doc, "ng-board", ref)
        assert doc.getElementById("ng-world").hidden
        doc.click(doc.getElementById("ng-start"))
        assert not doc.getElementById("new-game-dialog").open, doc.getElementById("ng-error").textContent
        assert c.state.rules.map == ref and c.state.board.name == "Our island"
    finally:
        forget_board(ref)


def test_a_game_on_a_new_world_plays_through_the_page_keys_words_log_replay_statistics_and_legend():
    """Bots play a while on a medium world in the page; then a person's keyboard, the screen reader's words,
    the legend's continents, the log, a replay's step and the statistics all read the world's own data."""
    from risk.ai import make_bot
    from risk_ui import view

    settings = NewGameSettings(DEFAULT_SETTINGS.seats, "classic", ("auto-setup",), "generated:1:7:medium:6")
    c = Controller.new(settings, seed=11)
    doc, page = mounted(c)
    board = c.state.board
    bots = [make_bot("normal", seat) for seat in range(3)]
    while c.state.turn < 4:
        assert c.play(bots[c.state.current].choose(c.state)), c.ui.notice
    page.render()
    # The legend: each continent with its bonus, outlined in the page's colour of its place.
    legend = doc.getElementById("map-legend").innerHTML
    for i, continent in enumerate(board.continents):
        assert continent.name in legend and f"+{continent.bonus}" in legend
        assert f'id="group-entry-{i}"' in legend
    # A screen reader: each territory a button named by its name, owner and armies, told its continent.
    for i, t in enumerate(board.territories):
        g = doc.querySelector(f'[data-territory="{t.id}"]')
        label = str(g.getAttribute("aria-label"))
        assert label.startswith(t.name) and str(c.state.armies[i]) in label
        assert g.getAttribute("aria-describedby") == f"group-entry-{t.continent}"
    # The keyboard: the arrows go from a territory to the nearest one that way on the world's drawing.
    if c.ui.handoff >= 0:
        c.command("handoff")
        page.render()
    first = doc.querySelector(f'[data-territory="{board.territories[0].id}"]')
    first.focus()
    doc.press(first, "ArrowRight")
    moved = doc.activeElement
    assert moved is not first and moved.getAttribute("data-territory") in board.index
    # The log names the world's territories; a replay steps through it; the statistics count its continents.
    screen = view.render(c)
    assert any(t.name in screen.html["log"] for t in board.territories)
    c.command("replay-open")
    for _ in range(3):
        c.command("replay-forward")
    past = view.render(c)
    assert [t.armies for t in past.territories] == c.game.state_at(3).armies
    c.command("replay-close")
    c.command("stats-toggle")
    stats = "".join(view.render(c).html.values())
    assert "Continents held" in stats and "Luck of the dice" in stats


@pytest.mark.parametrize("edition", ["revised", "castle"])
def test_a_link_to_an_edition_that_needs_its_own_board_on_another_is_refused_saying_why(edition: str):
    from dataclasses import replace

    from risk.rules import make_rules
    from risk_ui.controller import not_shown_message, page_can_show

    own = make_rules(edition)
    assert page_can_show(own)
    elsewhere = replace(own, map="generated:1:7:small:3")
    assert not page_can_show(elsewhere)
    assert "is played on its own board only" in not_shown_message(elsewhere)
    assert page_can_show(replace(make_rules("classic"), map="generated:1:7:small:3"))
