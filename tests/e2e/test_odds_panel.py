"""The odds panel in Chromium: the heaviest case (150 v 150 with commanders and the card re-roll) is worked
out in slices, the page answers clicks meanwhile, and the panel then states how exact its figures are."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

READY = "html[data-ready='true']"
DESKTOP = {"width": 1280, "height": 800}

# Click "Whole log" from a timer (as a person's click waits for the thread) and measure the time until
# the page has answered it (aria-pressed flipped), while the odds panel is still working.
MEASURE = """async (count) => {
  const button = document.getElementById('log-toggle');
  const busy = () => !!document.querySelector('#odds table[aria-busy="true"]');
  const samples = [];
  for (let i = 0; i < count && busy(); i++) {
    const ms = await new Promise(resolve => {
      const before = button.getAttribute('aria-pressed');
      const t0 = performance.now();
      setTimeout(() => {
        button.click();
        const poll = () => button.getAttribute('aria-pressed') !== before
          ? resolve(performance.now() - t0) : setTimeout(poll, 0);
        poll();
      }, 0);
    });
    samples.push([ms, busy()]);
    await new Promise(r => setTimeout(r, 61));
  }
  return samples;
}"""


@pytest.fixture(scope="module")
def big_battle(browser: Any, site_url: str) -> Iterator[Any]:
    page = browser.new_page(viewport=DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url.rstrip("/") + "/?scenario=big-battle&seed=7")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.locator("#handoff-button").click()
    yield page
    assert not errors, errors
    page.close()


def test_the_page_answers_clicks_while_150_against_150_is_worked_out(big_battle: Any) -> None:
    page = big_battle
    page.locator('[data-territory="alaska"] .army-badge').click()
    page.locator('[data-territory="kamchatka"] .army-badge').click()
    assert page.locator('#odds table[aria-busy="true"]').count() == 1, "a battle this large takes a while"
    assert "Working out the odds of 150 against 150" in page.locator("#odds").inner_text()
    samples = page.evaluate(MEASURE, 40)
    # Clicks answered while the odds were still being worked out (still busy after the answer): the work is
    # done in slices. How fast is a figure, not a check (timings on a shared machine are noise): it is printed.
    while_busy = [ms for ms, busy in samples if busy]
    assert len(while_busy) >= 2, samples
    print(f"click latency while the odds are worked out: worst {max(while_busy):.1f} ms of {len(while_busy)} samples")


def test_then_the_panel_shows_the_odds_and_how_exact_they_are(big_battle: Any) -> None:
    from risk.odds_float import float_odds

    page = big_battle
    page.wait_for_selector('#odds table[aria-busy="false"]', timeout=180_000)
    row = page.locator('#odds tr[data-stop-at="0"]')
    error = float(row.get_attribute("data-error") or "nan")
    assert 0 < error < 1e-9
    expected = float_odds(150, 150, commander=True, reroll=True)
    assert abs(float(row.get_attribute("data-p") or "nan") - expected.p_conquer) <= error
    caption = page.locator("#odds caption").inner_text()
    places = re.search(r"Chances of conquering \(accurate to (\d+) decimal places\)", caption)
    assert places and int(places.group(1)) >= 9, caption
    assert "your commander and a card re-roll" in page.locator("#odds").inner_text()
