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


def test_a_full_storage_says_so_and_the_game_goes_on(context: Callable[..., Any], site_url: str) -> None:
    page = context()
    open_at(page, site_url + "?scenario=turn&seed=3")
    page.evaluate("""() => {
      let size = 1 << 20, i = 0;
      while (size >= 1) {
        try { localStorage.setItem('fill' + i++, 'x'.repeat(size)); } catch (e) { size >>= 1; }
      }
    }""")
    page.locator("#handoff-new-game").click()
    page.locator("#ng-start").click()
    page.wait_for_function(
        "document.getElementById('saves-message').textContent.includes('storage for this page is full')",
        timeout=10_000)
    assert page.locator("body").get_attribute("data-phase") == "reinforce"
    assert "#" in page.url


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
