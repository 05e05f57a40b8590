"""Issue #23 part 7 in Chromium: a first visit is offered the guided first turn, which taps complete on a phone
(place, attack, move in, end); How to play opens for Castle Risk with a picture drawn from its map.

The offer rests in the page's flow (under the map on a phone, atop the side column on a laptop): it covers no
control at 390x844, 1440x900, 1280x720 and 844x390, the panes scrolled or not.
Screenshots (test-results/screens/): coach-*-phone.png and coach-*-desktop.png (the offer and each step),
coach-offer-1280x720.png, coach-offer-844x390.png,
learn-castle-phone.png and learn-castle-desktop.png.
"""

from __future__ import annotations

from typing import Any

from e2e.screens import shoot

READY = "document.documentElement.dataset.ready === 'true'"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1440, "height": 900}}
STORED = "Object.keys(localStorage).filter(k => k.endsWith('coach_state')).map(k => localStorage.getItem(k))"
SHOWN = """() => {
  const mark = document.querySelector('[data-coach-mark]');
  const bubble = document.getElementById('coach');
  const badge = mark && mark.querySelector('.army-badge');
  const box = (badge || mark || bubble).getBoundingClientRect();
  return {hidden: bubble.hidden, title: document.getElementById('coach-title').textContent,
          id: mark ? mark.id : '', territory: mark ? (mark.dataset.territory || '') : '',
          x: box.left + box.width / 2, y: box.top + box.height / 2,
          phase: document.body.dataset.phase, player: document.body.dataset.player};
}"""
# The controls the guided turn's bubble covers: each one whose box (a territory's within the map's) meets the
# bubble's and that shows the bubble on top where they meet.
COVERED = """() => {
  const bubble = document.getElementById('coach'), b = bubble.getBoundingClientRect(), found = [];
  for (const e of document.querySelectorAll('button, input, select, summary, a[href], [data-territory]')) {
    if (bubble.contains(e) || !e.checkVisibility()) continue;
    const r = e.getBoundingClientRect(), m = e.closest('#map')?.getBoundingClientRect();  // the map clips its own
    const left = Math.max(r.left, b.left, m ? m.left : -1e9), right = Math.min(r.right, b.right, m ? m.right : 1e9);
    const top = Math.max(r.top, b.top, m ? m.top : -1e9), bottom = Math.min(r.bottom, b.bottom, m ? m.bottom : 1e9);
    if (right <= left || bottom <= top) continue;
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    if (hit && bubble.contains(hit)) found.push(e.id || e.dataset.territory || e.textContent.trim());
  }
  return found;
}"""
SCROLL = """down => { for (const e of [document.getElementById('actions'), document.getElementById('side'),
  document.scrollingElement]) e.scrollTop = down ? e.scrollHeight : 0; }"""  # the panes and the page, to an end
MOMENT = ("() => document.body.dataset.phase + '|' + [...document.querySelectorAll('[data-territory]')]"
          ".map(g => g.dataset.armies + (g.getAttribute('aria-pressed') || '')).join(',')"
          " + '|' + document.getElementById('end-turn').textContent")  # End turn asks once with attacks left


def _open(browser: Any, url: str, options: dict[str, Any]) -> tuple[Any, Any]:
    ctx = browser.new_context(**options)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(READY, polling="raf", timeout=90_000)
    return ctx, page


def _offered(page: Any) -> None:
    """From the first screen, one tap to a game against the computer, then the person's turn and the offer."""
    assert page.evaluate("document.body.dataset.overlay") == "home"
    assert page.is_hidden("#coach")  # nothing over the first screen
    press = page.tap if page.evaluate("matchMedia('(pointer: coarse)').matches") else page.click
    press("#quick-computer")
    page.wait_for_function("document.body.dataset.overlay === ''")
    # A computer player may move first: skip to the person's turn (the button is disabled once it is theirs).
    page.evaluate("() => { const s = document.getElementById('skip'); if (!s.disabled && s.offsetParent) s.click(); }")
    page.wait_for_selector("#coach-start", state="visible", timeout=60_000)
    assert page.inner_text("#coach-title") == "New to Risk?"
    page.wait_for_function(f"{STORED}.includes('offered')")


def _learn_castle(page: Any, name: str) -> None:
    page.click("#menu")
    page.click("#home-learn")
    page.click("#learn-tab-castle")
    page.wait_for_selector("#learn-picture-castle-0 svg.learn-map", timeout=30_000)
    assert page.is_visible("#learn-castle-0") and page.is_hidden("#learn-0")
    assert "London" in page.inner_text("#learn-picture-castle-0")
    assert "castle" in page.inner_text("#learn-castle-0").lower()
    page.eval_on_selector("#learn-castle-0", "e => e.scrollIntoView()")
    shoot(page, name)


def test_a_first_visit_is_offered_the_guided_turn_and_taps_complete_it_on_a_phone(browser: Any,
                                                                                   site_url: str) -> None:
    ctx, page = _open(browser, site_url, PHONE)
    try:
        _offered(page)
        assert page.evaluate(COVERED) == []  # in the page's flow under the map: over no control
        shoot(page, "coach-offer-phone")
        page.tap("#coach-start")
        titles: list[str] = []
        kinds: list[str] = []
        for _ in range(80):
            shown = page.evaluate(SHOWN)
            if shown["hidden"]:
                break
            if not titles or titles[-1] != shown["title"]:
                titles.append(shown["title"])
                kinds.append((shown["territory"] and "territory") or shown["id"])
                shoot(page, f"coach-step-{len(titles)}-phone")
            before = page.evaluate(MOMENT)
            if shown["territory"]:
                page.touchscreen.tap(shown["x"], shown["y"])
            else:
                page.tap(f"#{shown['id']}")
            page.wait_for_function(f"({MOMENT})() !== {before!r} || document.getElementById('coach').hidden",
                                   timeout=15_000)
        assert titles == ["Step 1 of 4", "Step 2 of 4", "Step 3 of 4", "Step 4 of 4"]
        assert kinds[0] == "territory" and kinds[2:] == ["occupy", "end-turn"]
        page.wait_for_function(f"{STORED}.includes('done')")
        assert page.is_hidden("#coach")
        _learn_castle(page, "learn-castle-phone")
    finally:
        ctx.close()


def test_the_offer_and_how_to_play_on_a_laptop(browser: Any, site_url: str) -> None:
    ctx, page = _open(browser, site_url, DESKTOP)
    try:
        _offered(page)
        # The offer covers no control, the panes scrolled or not, at 1440x900, at 1280x720 and on a phone on its
        # side (where it moves, on the resize, from the top of the side column to the top of the actions).
        for size, slot in (({"width": 1440, "height": 900}, "side"), ({"width": 1280, "height": 720}, "side"),
                           ({"width": 844, "height": 390}, "actions")):
            page.set_viewport_size(size)
            page.wait_for_function("slot => document.getElementById('coach').parentNode.id === slot", arg=slot)
            assert page.evaluate(COVERED) == [], size
            shoot(page, "coach-offer-desktop" if size["width"] == 1440 else
                  f"coach-offer-{size['width']}x{size['height']}")
            page.evaluate(SCROLL, True)
            assert page.evaluate(COVERED) == [], size
            page.evaluate(SCROLL, False)
        page.set_viewport_size(DESKTOP["viewport"])
        page.click("#coach-start")
        page.wait_for_selector("[data-coach-mark]", state="attached")
        box = page.evaluate(SHOWN)
        assert box["title"] == "Step 1 of 4" and box["territory"]
        bubble = page.eval_on_selector("#coach", "e => { const b = e.getBoundingClientRect(); "
                                                 "return [b.left, b.top, b.right, b.bottom]; }")
        assert bubble[0] >= 0 and bubble[2] <= 1440 and bubble[1] >= 0 and bubble[3] <= 900
        assert not (bubble[0] <= box["x"] <= bubble[2] and bubble[1] <= box["y"] <= bubble[3])  # beside, not over
        shoot(page, "coach-step-1-desktop")
        page.click("#coach-skip")
        page.wait_for_function(f"{STORED}.includes('declined')")
        assert page.is_hidden("#coach") and page.evaluate("document.querySelector('[data-coach-mark]')") is None
        _learn_castle(page, "learn-castle-desktop")
    finally:
        ctx.close()
