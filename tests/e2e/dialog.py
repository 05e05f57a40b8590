"""Starting a game from the new-game dialog, as a player does (the end-to-end tests of each edition)."""

from __future__ import annotations

from typing import Any


def start_from_dialog(page: Any, title: str, seats: int, controllers: str = "") -> None:
    """Open the new-game dialog, choose an edition and players, start."""
    if page.locator("#handoff-new-game").is_visible():
        page.locator("#handoff-new-game").click()
    elif page.locator("#winner-new-game").is_visible():
        page.locator("#winner-new-game").click()
    else:
        page.locator("#new-game").click()
    dialog = page.locator("#new-game-dialog")
    dialog.get_by_text(title, exact=True).click()
    page.locator("#ng-count").select_option(str(seats))
    for seat in range(seats):
        page.locator(f"#ng-controller-{seat}").select_option(controllers or "human")
    page.get_by_role("button", name="Start game").click()
    assert dialog.is_hidden()
