"""Issue #28's crafted link in Chromium: a move-in whose attacking territory holds 1 army. The page says
why it cannot open it and keeps the game it had: the board, the save and the address stay as they were.
Then the new-game dialog refuses a name that shows nothing. One page load; the screenshots are taken at
the three sizes on the same page."""

from __future__ import annotations

from typing import Any

from e2e.screens import shoot
from engine.test_decoder_bounds import played_to, sealed, with_state
from risk.state import Phase

READY = "html[data-ready='true']"
SIZES = {"phone": {"width": 390, "height": 844}, "phone-landscape": {"width": 844, "height": 390},
         "desktop": {"width": 1440, "height": 900}}


def crafted_link() -> str:
    game = played_to("classic", ("auto-setup",), Phase.OCCUPY, 7)

    def one_army_left(state: Any) -> None:
        state.armies[state.battle_source] = 1

    return sealed(with_state(game, one_army_left))


def board(page: Any) -> list[list[str]]:
    return page.eval_on_selector_all(
        "[data-territory]", "els => els.map(e => [e.dataset.territory, e.dataset.owner, e.dataset.armies])")


def test_the_crafted_move_in_link_is_refused_with_its_reason_and_nothing_is_lost(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport=SIZES["desktop"])
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site_url.rstrip("/") + "/?scenario=turn")
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        page.locator("#handoff-button").click()
        page.locator('#sets [data-action="trade"]').first.click()  # a move: the game is saved
        page.wait_for_function("location.hash.length > 1")
        before = board(page)
        address = page.evaluate("location.hash")
        stored = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
        page.evaluate("code => { location.hash = code; }", crafted_link())
        message = page.locator("#message")
        message.filter(has_text="no army to move in").wait_for(timeout=20_000)
        assert "corrupt" in message.inner_text()
        assert board(page) == before
        assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == stored
        page.locator('[data-territory="alaska"] .army-badge').click()  # and the game plays on, and is saved
        page.wait_for_function("address => location.hash !== address", arg=address)
        assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") != stored
        page.evaluate("code => { location.hash = code; }", crafted_link())
        message.filter(has_text="no army to move in").wait_for(timeout=20_000)
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            shoot(page, f"crafted-link-refused-{name}")
        # A name of a zero-width space alone is refused by the new-game dialog, with a message naming the player.
        page.locator("#new-game").click()
        page.locator("#ng-name-1").fill("\u200b")
        page.locator("#ng-start").click()
        error = page.locator("#ng-error")
        error.filter(has_text="player 2 shows nothing").wait_for(timeout=10_000)
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            error.scroll_into_view_if_needed()
            shoot(page, f"name-invisible-refused-{name}")
        assert not errors, errors
    finally:
        context.close()
