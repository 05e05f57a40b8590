"""Saves and share links in Chromium: a reload, a link in another browser, a damaged link, names with
markup, a full storage, and undo that never re-rolls.

Each test opens its pages in browser contexts of its own (so each has its own local storage); the
scenario ``?scenario=turn`` gives Red a hand to trade, armies to place and an attack on Kamchatka.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from risk.codec import decode_game, decode_replay, decode_share, encode_game, share_present
from risk.game import Game, Seat
from risk.rules import make_rules
from risk_ui.words import END_TURN_AGAIN

READY = "html[data-ready='true']"
DESKTOP = {"width": 1280, "height": 900}
MARKUP = "<svg onload=alert(1)>"


@pytest.fixture(scope="module")
def context(browser: Any, site_url: str) -> Iterator[Callable[..., Any]]:
    """A new browser context (own storage) with a page in it; ``open(page, address)`` loads and waits."""
    contexts: list[Any] = []

    def new() -> Any:
        ctx = browser.new_context(viewport=DESKTOP)
        contexts.append(ctx)
        page = ctx.new_page()
        page.dialogs = []  # type: ignore[attr-defined]
        page.errors = []  # type: ignore[attr-defined]
        page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page

    yield new
    for ctx in contexts:
        ctx.close()


def open_at(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert not page.errors, page.errors


def board(page: Any) -> tuple[str, list[tuple[str, str, str]]]:
    rows = page.eval_on_selector_all(
        "[data-territory]", "els => els.map(e => [e.dataset.territory, e.dataset.owner, e.dataset.armies])")
    return str(page.locator("body").get_attribute("data-phase")), [tuple(r) for r in rows]


def armies(page: Any, territory: str) -> int:
    return int(page.locator(f'[data-territory="{territory}"]').get_attribute("data-armies"))


def click_territory(page: Any, territory: str) -> None:
    page.locator(f'[data-territory="{territory}"] .army-badge').click()


def start_turn(page: Any) -> None:
    """Red confirms the hand-off, trades a set and places one army on Alaska."""
    page.locator("#handoff-button").click()
    page.locator('#sets [data-action="trade"]').first.click()
    click_territory(page, "alaska")


def test_reload_mid_turn_and_a_link_in_another_browser_resume_the_same_game(
        context: Callable[..., Any], site_url: str) -> None:
    page = context()
    open_at(page, site_url + "?scenario=turn&seed=3")
    start_turn(page)
    before = board(page)
    assert "#" in page.url and before[0] == "reinforce"
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert board(page) == before
    assert page.locator("body").get_attribute("data-overlay") == ""  # Red had already taken the device
    assert page.locator("#saves-list .save").count() == 1
    # Export the save to a file and import it back: a second save of the same game.
    page.locator("#saves-details summary").click()
    with page.expect_download() as download:
        page.locator('#saves-list [data-save-action="export"]').click()
    path = download.value.path()
    exported = decode_replay(Path(path).read_text().strip())
    address = page.url.split("#", 1)[1]
    assert exported.state == decode_game(share_present(address)).state and len(exported.history) == 2
    assert decode_share(address)[0].history == exported.history  # the address carries the record too
    page.locator("#saves-import").set_input_files(path)
    page.wait_for_function("document.querySelectorAll('#saves-list .save').length === 2", timeout=10_000)

    other = context()
    open_at(other, page.url)
    assert board(other) == before
    # A damaged link: one sentence on screen, the game of before stays and nothing is overwritten.
    code = share_present(page.url.split("#", 1)[1])
    middle = len(code) // 2
    tampered = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    third = other.context.new_page()
    third.errors = []
    open_at(third, site_url + "?scenario=turn&seed=3#" + tampered)
    message = third.locator("#message").inner_text()
    assert message.endswith(".") and "link" in message.lower()
    assert board(third) == before
    assert third.locator("#saves-list .save").count() == 1


def test_names_from_a_link_are_text_and_run_nothing(context: Callable[..., Any], site_url: str) -> None:
    game = Game.start(make_rules("classic", ["auto-setup"]), [Seat(MARKUP, 0), Seat("Bob", 1)], seed=9)
    page = context()
    open_at(page, site_url + "#" + encode_game(game))
    page.wait_for_timeout(300)
    assert MARKUP in page.locator("#saves-list").text_content()
    assert MARKUP in page.locator("#handoff-title").inner_text() + page.locator("#players").inner_text()
    assert page.locator("#app svg[onload], #saves-list svg").count() == 0
    assert page.dialogs == [] and page.errors == []


FILL_STORAGE = """() => {
  let size = 1 << 20, i = 0;
  while (size >= 1) {
    try { localStorage.setItem('fill' + i++, 'x'.repeat(size)); } catch (e) { size >>= 1; }
  }
}"""


def test_a_new_game_under_a_full_storage_is_saved_and_a_plain_visit_reopens_it(
        context: Callable[..., Any], site_url: str) -> None:
    """The game before it (an autosave) makes room, and the player is told; nothing lives only in the
    address."""
    page = context()
    open_at(page, site_url + "?scenario=turn&seed=3")
    start_turn(page)
    page.evaluate(FILL_STORAGE)
    page.locator("#new-game").click()
    page.locator("#ng-start").click()
    page.wait_for_function(
        "document.getElementById('saves-message').textContent.includes('was deleted to keep this game')",
        timeout=10_000)
    new = board(page)
    assert new[0] == "reinforce" and "#" in page.url
    assert page.locator("#saves-list .save").count() == 1
    open_at(page, site_url)  # a bookmark of the site without the game in its address
    assert board(page) == new


def test_undo_takes_back_a_placement_but_never_a_roll(context: Callable[..., Any], site_url: str) -> None:
    page = context()
    open_at(page, site_url + "?scenario=turn&seed=3")
    start_turn(page)
    assert armies(page, "alaska") == 7
    page.locator("#undo").click()
    assert armies(page, "alaska") == 6
    page.locator("#amount-all").click()
    click_territory(page, "alaska")
    placed = armies(page, "alaska")
    assert page.locator("body").get_attribute("data-phase") == "attack"
    click_territory(page, "alaska")
    click_territory(page, "kamchatka")
    page.locator("#roll").click()
    after = board(page)
    assert after[1] != [] and page.locator("#undo").is_disabled()
    assert armies(page, "alaska") <= placed
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert board(page) == after and page.locator("#undo").is_disabled()


def test_send_this_turn_hands_over_the_history_and_the_friend_replays_it(
        browser: Any, context: Callable[..., Any], site_url: str) -> None:
    """The link from "Send this turn" (read back from the clipboard) opens elsewhere with the whole
    record: the friend's replay steps through the sender's moves."""
    sender_context = browser.new_context(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    try:
        page = sender_context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        open_at(page, site_url + "?scenario=turn&seed=3")
        start_turn(page)
        click_territory(page, "alaska")
        page.locator("#send-turn").click()
        page.wait_for_function("document.getElementById('saves-message').textContent.includes('copied')",
                               timeout=10_000)
        url = str(page.evaluate("navigator.clipboard.readText()"))
        before = board(page)
    finally:
        sender_context.close()
    code = url.split("#", 1)[1]
    assert "." in code and url.startswith(site_url.split("?")[0])
    friend = context()
    open_at(friend, url)
    assert board(friend) == before
    assert friend.url.split("#", 1)[1] == code  # the friend's address holds the same record
    friend.locator("#handoff-button").click()  # Red, whose turn it still is, takes the device
    friend.locator("#replay-open").click()
    status = friend.locator("#replay-status")
    assert "action 0 of 3" in status.inner_text()
    assert armies(friend, "alaska") == 6
    friend.locator("#replay-forward").click()  # the trade
    friend.locator("#replay-forward").click()  # one army on Alaska
    assert armies(friend, "alaska") == 7 and "action 2 of 3" in status.inner_text()
    friend.locator("#replay-end").click()
    assert armies(friend, "alaska") == 8
    friend.locator("#replay-close").click()
    assert board(friend) == before


# -- the address, other tabs, damaged storage, undo of a turn's end ---------------------------------

REPLACE_STORAGE = ("data => { localStorage.clear(); "
                   "for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }")


def test_a_game_loaded_from_the_list_is_the_one_a_reload_brings_back(
        context: Callable[..., Any], site_url: str) -> None:
    page = context()
    open_at(page, site_url + "?scenario=turn&seed=3")
    start_turn(page)  # game A
    game_a = board(page)
    page.locator("#new-game").click()
    page.locator("#ng-start").click()  # game B
    page.wait_for_function("document.querySelectorAll('#saves-list .save').length === 2", timeout=10_000)
    assert board(page) != game_a
    page.locator("#handoff-button").click()
    page.locator("#saves-details summary").click()
    page.locator('#saves-list .save:not(:has(.save-current)) [data-save-action="load"]').click()
    assert board(page) == game_a
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert board(page) == game_a


def wait_for_armies(page: Any, territory: str, count: int) -> None:
    page.wait_for_function(
        f"document.querySelector('[data-territory=\"{territory}\"]').dataset.armies === '{count}'",
        timeout=10_000)


def test_two_tabs_on_one_game_follow_each_other_and_a_third_holds_every_move(
        context: Callable[..., Any], site_url: str) -> None:
    first = context()
    open_at(first, site_url + "?scenario=turn&seed=3")
    start_turn(first)  # the trade and one army on Alaska: 7
    second = first.context.new_page()
    second.errors = []
    second.on("pageerror", lambda e: second.errors.append(str(e)))
    open_at(second, first.url)  # a received link to the game already open: the same save
    assert board(second) == board(first)
    click_territory(first, "alaska")
    wait_for_armies(second, "alaska", 8)  # the second tab follows, before any move of its own
    assert "another tab" in second.locator("#message").inner_text()
    click_territory(second, "northwest_territory")
    wait_for_armies(first, "northwest_territory", 2)
    click_territory(first, "alaska")
    wait_for_armies(second, "alaska", 9)
    third = first.context.new_page()
    third.errors = []
    open_at(third, site_url)  # a plain visit: the first screen, whose Continue is this game
    third.locator("#home-continue").click()
    third.wait_for_function("location.hash.length > 1")
    assert board(third) == board(first) == board(second)
    assert len(decode_share(third.url.split("#", 1)[1])[0].history) == 5  # the trade and four armies
    for tab in (first, second, third):
        text = tab.locator("#message").inner_text() + tab.locator("#saves-message").inner_text()
        assert "damaged" not in text and not tab.errors
    assert third.locator("#saves-list .save").count() == 1


def test_the_page_starts_on_damaged_saved_data_and_plays_on(context: Callable[..., Any], site_url: str) -> None:
    """Several kinds of damage at once (the CPython tests try each alone): a date that is not a number, a
    name that is not text, a record that is not one, and a move naming a territory no map has."""
    from ui.test_damaged_storage import CASES, two_games

    data = two_games()
    for name in ("name not text", "tail names an unknown territory", "entry not an object"):
        CASES[name](data)
    data["risk/.saves"] = data["risk/.saves"].replace('"date": 1700000000.0', '"date": NaN')
    page = context()
    open_at(page, site_url + "?scenario=turn&seed=3")
    page.evaluate(REPLACE_STORAGE, data)
    open_at(page, site_url)
    page.locator("#home-continue").click()  # a plain visit opens on the first screen
    message = page.locator("#saves-message").inner_text()
    assert "set aside" in message or "made again" in message
    assert "it opens at its last saved moment" in message
    assert page.locator("#saves-list .save").count() == 2
    page.locator("#handoff-button").click()
    before = board(page)
    phase = before[0]
    assert phase in ("reinforce", "attack") and not page.errors
    page.locator("#saves-details summary").click()
    page.locator('#saves-list .save:not(:has(.save-current)) [data-save-action="load"]').click()
    assert board(page) != before and not page.errors


def test_a_released_pages_saves_open_after_the_update(context: Callable[..., Any], site_url: str) -> None:
    from engine.saves_fixtures import EXPECTED, STORAGE

    page = context()
    open_at(page, site_url + "?scenario=turn&seed=3")
    page.evaluate(REPLACE_STORAGE, STORAGE)
    open_at(page, site_url)
    assert page.locator("#saves-list .save").count() == len(EXPECTED)
    assert "Friday night ✓" in page.locator("#saves-list").text_content()
    assert page.locator("body").get_attribute("data-phase") == "occupy"  # the game on the table, as it was
    keys = page.evaluate("Object.keys(localStorage)")
    assert keys and not [k for k in keys if k.startswith("risk.")]


def test_end_turn_and_the_free_move_are_taken_back_from_the_hand_off_screen(
        context: Callable[..., Any], site_url: str) -> None:
    page = context()
    open_at(page, site_url + "?scenario=turn&seed=3")
    start_turn(page)
    page.locator("#amount-all").click()
    click_territory(page, "alaska")
    attacking = board(page)
    assert attacking[0] == "attack"
    page.locator("#end-turn").click()
    assert page.locator("#end-turn").inner_text() == END_TURN_AGAIN  # attacks were left: it asks once more
    page.locator("#end-turn").click()
    assert page.locator("body").get_attribute("data-overlay") == "handoff"
    back = page.locator("#handoff-undo")
    assert back.inner_text() == "Undo: back to Red's turn"
    back.click()
    assert board(page) == attacking and page.locator("body").get_attribute("data-overlay") == ""
    assert page.locator("#message").inner_text() == "Undone: Red ends the turn."
    click_territory(page, "alaska")
    click_territory(page, "northwest_territory")
    page.locator("#move").click()  # classic rules: the one free move ends the turn
    assert page.locator("body").get_attribute("data-overlay") == "handoff"
    page.locator("#handoff-undo").click()
    assert board(page) == attacking
    assert page.locator("#message").inner_text().startswith("Undone: Red moves")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert board(page) == attacking  # what was taken back stays taken back


def test_two_copies_of_the_site_on_one_origin_keep_their_own_saves(
        browser: Any, site_server: Any, tmp_path: Path) -> None:
    import build

    for name in ("a", "b"):
        (tmp_path / name).symlink_to(site_server.root, target_is_directory=True)
    with build.serving(tmp_path) as server:
        ctx = browser.new_context(viewport=DESKTOP)
        try:
            page = ctx.new_page()
            page.errors = []
            page.on("pageerror", lambda e: page.errors.append(str(e)))
            open_at(page, server.url + "a/?scenario=turn&seed=3")
            start_turn(page)
            open_at(page, server.url + "b/")
            # b has nothing of a's: its first screen offers no game to continue, its list is empty
            assert page.locator("#home-continue").is_hidden()
            assert page.locator("#saves-list .save").count() == 0
            open_at(page, server.url + "a/")
            page.locator("#home-continue").click()
            assert armies(page, "alaska") == 7
        finally:
            ctx.close()
