"""The built page in Chromium never leaves the player stuck: a bot error and a failing autosave, injected.

The faults are injected by serving the page's entry script (``app/main.py``) with a few lines added
before the bots start: ``bots.think`` raises once when ``window.riskFailBot`` is set, and a first
``after_render`` hook raises once when ``window.riskFailSave`` is set. Nothing else of the site changes.
Also here: the blitz button names its threshold, and the headquarters choice in the dialog.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from risk_ui.words import END_TURN_AGAIN

READY = "html[data-ready='true']"
DESKTOP = {"width": 1280, "height": 800}
ANCHOR = "    bots.start(page)\n"
FAULTS = """    from pyscript import window as _window
    _real_think = bots.think

    def _think(bot, state):
        if getattr(_window, "riskFailBot", False):
            _window.riskFailBot = False
            raise RuntimeError("injected bot fault")
        return _real_think(bot, state)

    bots.think = _think

    def _failing_save():
        if getattr(_window, "riskFailSave", False):
            _window.riskFailSave = False
            raise OSError("injected autosave fault")

    page.after_render.insert(0, _failing_save)
"""


def body(page: Any, name: str) -> str:
    return str(page.locator("body").get_attribute(name))


@pytest.fixture(scope="module")
def faulty(browser: Any, site_url: str) -> Iterator[Any]:
    """A page whose entry script carries the fault switches, against two easy bots, at the person's turn."""
    page = browser.new_page(viewport=DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def serve_main(route: Any) -> None:
        text = route.fetch().text()
        assert ANCHOR in text, "main.py no longer starts the bots with bots.start(page)"
        route.fulfill(body=text.replace(ANCHOR, FAULTS + ANCHOR), content_type="text/x-python")

    page.route("**/app/main.py", serve_main)
    page.goto(site_url.rstrip("/") + "/?seed=21")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.get_by_role("button", name="New game…").click()
    page.locator("#ng-controller-1").select_option("easy")
    page.locator("#ng-controller-2").select_option("easy")
    page.get_by_role("button", name="Start game").click()
    if body(page, "data-player") != "0":
        page.get_by_role("button", name="Skip to my turn").click()
    page.wait_for_selector("body[data-player='0'][data-phase='reinforce']", timeout=60_000)
    page.errors = errors
    yield page
    page.close()


def play_my_turn(page: Any) -> None:
    """Place every reinforcement on one territory of mine, then end the turn."""
    page.get_by_role("button", name="All", exact=True).click()
    mine = page.locator('[data-territory][data-owner="0"]').first.get_attribute("data-territory")
    page.locator(f'[data-territory="{mine}"] .army-badge').click()
    end = page.locator("#end-turn")
    end.click()
    if end.is_visible() and end.inner_text() == END_TURN_AGAIN:  # attacks were left: End turn asks once more
        end.click()


def test_a_bot_error_is_shown_the_page_answers_and_restart_plays_on(faulty: Any) -> None:
    page = faulty
    page.evaluate("window.riskFailBot = true")
    play_my_turn(page)
    restart = page.get_by_role("button", name="Restart the computer players")
    restart.wait_for(state="visible", timeout=30_000)
    status, bar = page.locator("#status").inner_text(), page.locator("#bot-status").inner_text()
    assert "stopped after an error" in status and "is playing" not in status
    assert "RuntimeError: injected bot fault" in bar
    player = body(page, "data-player")
    assert player != "0"
    fast = page.locator("#fast")  # the page still answers
    before = fast.get_attribute("aria-pressed")
    fast.click()
    assert fast.get_attribute("aria-pressed") != before
    page.wait_for_timeout(500)
    assert body(page, "data-player") == player  # and the bots really wait
    restart.click()
    assert restart.is_hidden()
    page.wait_for_selector("body[data-player='0'][data-phase='reinforce']", timeout=60_000)
    assert "stopped" not in page.locator("#bot-status").inner_text()
    assert not page.errors, page.errors


def test_a_failing_autosave_is_shown_and_the_game_and_bots_go_on(faulty: Any) -> None:
    page = faulty
    page.evaluate("window.riskFailSave = true")
    play_my_turn(page)
    problem = page.locator("#problem")
    problem.wait_for(state="visible", timeout=10_000)
    assert "OSError: injected autosave fault" in problem.inner_text()
    assert "The game goes on" in problem.inner_text()
    page.wait_for_selector("body[data-player='0'][data-phase='reinforce']", timeout=60_000)  # bots played on
    page.get_by_role("button", name="Dismiss").click()
    assert problem.is_hidden()
    assert not page.errors, page.errors


def test_the_blitz_button_names_its_threshold_and_refuses_one_that_leaves_nothing(browser: Any, site_url: str) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(site_url.rstrip("/") + "/?scenario=near-win&seed=7")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.locator("#handoff-button").click()
    threshold = page.locator("#threshold")
    assert threshold.is_disabled()  # no attack chosen yet
    page.locator('[data-territory="alaska"] .army-badge').click()
    page.locator('[data-territory="kamchatka"] .army-badge').click()
    threshold.fill("3")
    assert page.locator("#blitz").inner_text() == "Attack until 3 are left"
    threshold.fill("20")
    threshold.dispatch_event("change")
    assert page.locator("#blitz").is_disabled()
    note = page.locator("#blitz-note")
    assert note.is_visible() and "Alaska has 20 armies: stopping when 20 are left" in note.inner_text()
    page.get_by_role("button", name="Cancel").first.click()
    page.locator('[data-territory="alaska"] .army-badge').click()
    page.locator('[data-territory="kamchatka"] .army-badge').click()
    assert page.locator("#blitz").inner_text() == "Attack until won" and threshold.input_value() == "1"
    page.close()


def test_the_dialog_offers_headquarters_as_one_choice_and_says_why_it_refuses(browser: Any, site_url: str) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(site_url.rstrip("/") + "/?seed=3")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.get_by_role("button", name="New game…").click()
    page.get_by_label("Headquarters, shorter goal").check()
    assert not page.get_by_label("Headquarters (shorter play)").is_checked()
    page.get_by_role("button", name="Start game").click()
    error = page.locator("#ng-error")
    assert error.is_visible() and "4 to 6 players" in error.inner_text()
    page.locator("#ng-count").select_option("4")
    page.get_by_role("button", name="Start game").click()
    assert page.locator("#new-game-dialog").is_hidden()
    assert body(page, "data-phase") == "headquarters"
    page.close()
