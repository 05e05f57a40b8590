"""Issue 23, part 4, in Chromium: the Revised edition and Castle Risk start set up from the dialog in one tap and
reach their first turn, set up exactly as CPython sets up the same seed (the automatic setup's judgement runs in
Pyodide); and the end screens and Castle Risk's warning, opened as links, on a phone (portrait and landscape) and a
laptop, with screenshots under ``test-results/screens/`` for people to look at. The words themselves are tested in
CPython (``tests/ui/test_setup_and_endings.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import castle_scenario as cs
from e2e.screens import shoot
from revised_scenario import give, revised_position, settle
from risk.actions import Attack, Blitz
from risk.codec import decode_share, encode_share
from risk.dice import PLAIN
from risk.engine import new_game
from risk.game import Seat
from risk_ui.controller import Controller
from scenario import position, scripted_rng, tid

READY = "html[data-ready='true']"
PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
LAPTOP = {"width": 1440, "height": 900}
ANN, BOB, CY = Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)


def open_at(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert not page.errors, page.errors


def body(page: Any, name: str) -> str:
    return str(page.locator("body").get_attribute(name))


def test_revised_and_castle_start_in_one_tap_set_up_as_cpython_sets_up_their_seed(
        fresh_page: Callable[..., Any], site_url: str) -> None:
    page = fresh_page(PHONE)
    open_at(page, site_url + "?seed=5")
    for title, people, phase in (("Revised (2008)", 4, "reinforce"), ("Castle Risk (1986)", 3, "attack")):
        new_game = page.locator("#handoff-new-game")
        (new_game if new_game.is_visible() else page.locator("#new-game")).click()
        dialog = page.locator("#new-game-dialog")
        dialog.get_by_text(title, exact=True).click()
        assert page.locator("#ng-setup").is_visible()
        assert page.locator('input[name="ng-setup"][value="auto"]').is_checked()
        page.locator("#ng-count").select_option(str(people))
        dialog.get_by_role("button", name="Start game").click()  # the one tap: no setup step follows
        assert dialog.is_hidden()
        page.wait_for_function(f"document.body.dataset.phase === '{phase}'", timeout=60_000, polling=250)
        assert body(page, "data-overlay") == "handoff"  # the first turn's player takes the device
        code = str(page.evaluate("location.hash")).lstrip("#")
        game, _ = decode_share(code)
        state = game.state
        assert state.turn == 1 and state.rules.auto_setup and state.people == people
        assert_same_as_cpython(state, game.seed)
        page.locator("#handoff-button").click()
        page.wait_for_function("document.body.dataset.overlay === ''", timeout=10_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shoot(page, f"auto-setup-{state.rules.edition}-390x844")
    assert not page.errors, page.errors


def assert_same_as_cpython(state: Any, seed: int) -> None:
    """The page's setup (Pyodide) is CPython's for the same seed, army for army."""
    here = new_game(state.rules, state.people, seed)
    assert (here.owner, here.armies, here.current, here.rng) == (state.owner, state.armies, state.current, state.rng)
    assert here.ext == state.ext


# -- the end screens and the warning, as links -----------------------------------------------------------


def at_table(seats: tuple[Seat, ...], state: Any) -> Controller:
    c = Controller.from_state(seats, state)
    if c.ui.handoff >= 0:
        c.command("handoff")
    return c


def castle_won() -> str:
    c = at_table((ANN, BOB), cs.castle_position(people=2, armies={"london": 20, "paris": 1}))
    assert c.play(Blitz(cs.tid("london"), cs.tid("paris"), 0))
    return encode_share(c.game)


def castle_out() -> str:
    state = cs.castle_position(people=3, armies={"yorkshire": 20, "london": 1}, owners={"yorkshire": 1}, current=1)
    c = Controller.from_state((ANN, Seat("Bob", 1, "easy"), Seat("Cy", 2, "easy")), state)
    assert c.play_bot(Blitz(cs.tid("yorkshire"), cs.tid("london"), 0))
    return encode_share(c.game)


def castle_warned() -> str:
    state = cs.castle_position(people=2, owners={"wales": 1, "yorkshire": 1},
                               armies={"london": 8, "wales": 3, "yorkshire": 1})
    state.rng = cs.scripted_rng([(PLAIN, 3, 1, ((6, 5, 4), (1,)))])
    c = at_table((ANN, BOB), state)
    assert c.play(Attack(cs.tid("london"), cs.tid("yorkshire"), 3))
    return encode_share(c.game)


def classic_capture(state: Any, seats: tuple[Seat, ...]) -> str:
    state.rng = scripted_rng(3, 1, [6, 5, 4], [1])
    c = at_table(seats, state)
    assert c.play(Attack(tid("alaska"), tid("kamchatka"), 3))
    return encode_share(c.game)


def headquarters_won() -> str:
    state = position(people=3, options=("headquarters",), owners={"alaska": 0, "kamchatka": 1, "peru": 0},
                     armies={"alaska": 9})
    state.headquarters = [tid("alaska"), tid("kamchatka"), tid("peru")]
    state.turn = 5  # the headquarters were chosen before the first turn
    return classic_capture(state, (ANN, BOB, CY))


def neutral_left() -> str:
    state = position(people=2, default_owner=2, owners={"alaska": 0, "kamchatka": 1, "peru": 0}, armies={"alaska": 9})
    return classic_capture(state, (ANN, BOB))


def objectives_won() -> str:
    state = revised_position(people=3, capitals=("alaska", "kamchatka", "peru"),
                             owners={"alaska": 0, "kamchatka": 1, "peru": 2})
    for slot in (1, 2, 4):  # no Airfield among their rewards
        give(state, 0, slot)
    c = at_table((ANN, BOB, CY), settle(state))
    c.command("end-turn")
    if c.confirming_end():  # attacks were left: End turn asks once more
        c.command("end-turn")
    return encode_share(c.game)


# (name, link maker, the overlay it opens on, what the screen says)
SCREENS = (
    ("castle-won", castle_won, "winner", "Ann captured Bob\u2019s castle on Paris"),
    ("castle-out", castle_out, "out", "Bob captured your castle on London. A player whose castle falls is out"),
    ("castle-warning", castle_warned, "handoff", "Careful: moving 7 armies in leaves your castle on London"),
    ("headquarters-won", headquarters_won, "winner", "Ann holds every other headquarters (Kamchatka, Peru)"),
    ("neutral-left", neutral_left, "winner", "Ann has knocked every other player out of the game"),
    ("objectives-won", objectives_won, "winner", "Ann completed three objectives while holding their capital"),
)


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE, LAPTOP], ids=["phone", "landscape", "laptop"])
def test_the_end_screens_and_the_castle_warning_say_what_happened(
        fresh_page: Callable[..., Any], site_url: str, viewport: dict[str, int]) -> None:
    page = fresh_page(viewport)
    open_at(page, site_url + "?seed=5")
    size = f"{viewport['width']}x{viewport['height']}"
    # The dialog's setup choice in Castle Risk's words.
    page.locator("#handoff-new-game").click()
    page.locator("#new-game-dialog").get_by_text("Castle Risk (1986)", exact=True).click()
    page.locator("#ng-setup").scroll_into_view_if_needed()
    assert page.locator("#ng-setup-auto-text").inner_text().startswith("Castles, claims, armies and hidden armies")
    shoot(page, f"dialog-setup-castle-{size}")
    page.locator("#new-game-dialog").get_by_role("button", name="Cancel").click()
    for name, link, overlay, said in SCREENS:
        page.evaluate(f"location.hash = {link()!r}")
        if overlay != "handoff":  # no hand-off screen: the link's receiver is welcomed on a screen of its own first
            page.wait_for_function("document.body.dataset.overlay === 'welcome'", timeout=60_000, polling=250)
            page.locator("#welcome-close").click()
        page.wait_for_function(f"document.body.dataset.overlay === '{overlay}'", timeout=60_000, polling=250)
        if overlay == "handoff":
            page.locator("#handoff-button").click()
            page.wait_for_function("document.body.dataset.overlay === ''", timeout=10_000)
            shown = page.locator("#warning")
            assert shown.is_visible()
            assert shown.bounding_box()["y"] < viewport["height"]  # on the screen without scrolling
        else:
            shown = page.locator(f"#{overlay}-text")
            assert shown.is_visible()
        assert said in shown.inner_text(), (name, shown.inner_text())
        assert "conquered the world" not in shown.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        shoot(page, f"{name}-{size}")
    assert not page.errors, page.errors
