"""Clicking a territory's badge as a player would: a badge the zoomed-in map keeps off screen or under the buttons
over the map is first brought into view (the keyboard's focus on the territory centres it), then clicked."""

from __future__ import annotations

from typing import Any

from risk_ui.words import END_TURN_AGAIN

# Whether the badge's centre is on screen and the topmost element there belongs to its own territory.
_UNCOVERED = """(badge) => {
    const box = badge.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && badge.closest('[data-territory]').contains(top);
}"""


def click_badge(page: Any, territory_id: str) -> None:
    """Click the badge of ``territory_id``, focusing its territory first where it is hidden from a pointer."""
    territory = page.locator(f'[data-territory="{territory_id}"]')
    badge = territory.locator(".army-badge")
    if not badge.evaluate(_UNCOVERED):
        territory.focus()
        page.wait_for_function(f"(b) => ({_UNCOVERED})(b)", arg=badge.element_handle(), timeout=5_000)
    badge.click()


def play_my_turn(page: Any) -> None:
    """Place every reinforcement on one territory of the first seat's, then end the turn."""
    page.get_by_role("button", name="All", exact=True).click()
    mine = page.locator('[data-territory][data-owner="0"]').first.get_attribute("data-territory")
    page.locator(f'[data-territory="{mine}"] .army-badge').click()
    assert page.locator("body").get_attribute("data-phase") == "attack"
    end = page.locator("#end-turn")
    end.click()
    if end.is_visible() and end.inner_text() == END_TURN_AGAIN:  # attacks were left: End turn asks once more
        end.click()
