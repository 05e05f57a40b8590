"""Issue 23, part 3, in Chromium: the turn in sight. One page, put by the debug hook ``window.riskPosition`` into
every step a person acts in, in every edition (:data:`risk_ui.debug.POSITIONS`), at a laptop's two sizes and a
phone upright and on its side: the status line and every control the turn bar holds are inside the window, and
the first of them (the one the status line names) is not covered by anything at its centre. Screenshots of an
attack, a move-in and a forced trade at each size under ``test-results/screens/`` (bar-*.png)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from e2e.screens import shoot
from risk_ui.debug import POSITIONS

READY = "html[data-ready='true']"
SIZES = ((1280, 720), (1440, 900), (390, 844), (844, 390))
SHOTS = ("classic-attack", "classic-occupy", "classic-trade", "castle-cards")

# Where an element is (its box) and whether the point at its centre is it or inside it (nothing covers it).
SEEN = """(el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return {x: r.x, y: r.y, w: r.width, h: r.height, top: !!hit && (hit === el || el.contains(hit))};
}"""


def _in_window(box: dict[str, float], size: tuple[int, int]) -> bool:
    return (box["w"] > 0 and box["h"] > 0 and box["x"] >= -0.5 and box["y"] >= -0.5
            and box["x"] + box["w"] <= size[0] + 0.5 and box["y"] + box["h"] <= size[1] + 0.5)


def test_the_steps_key_control_is_in_sight_in_every_step_of_every_edition_at_four_sizes(
        fresh_page: Callable[..., Any], site_url: str) -> None:
    page = fresh_page({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.goto(site_url + "?debug=1&seed=3")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    problems: list[str] = []
    seen_keys: set[str] = set()
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        label = f"{size[0]}x{size[1]}"
        for name in POSITIONS:
            status = page.evaluate(f"riskPosition({name!r})")
            assert page.locator("#status").inner_text() == status
            assert page.evaluate("document.body.dataset.overlay") == ""
            keys = (page.get_attribute("#turn-bar", "data-keys") or "").split()
            seen_keys.update(keys)
            status_box = page.eval_on_selector("#status", SEEN)
            if not (_in_window(status_box, size) and status_box["top"]):
                problems.append(f"{label} {name}: the status line at {status_box}")
            for i, ident in enumerate(keys):
                assert page.eval_on_selector(f"#{ident}", "el => el.parentElement.id") == "bar-keys"
                box = page.eval_on_selector(f"#{ident}", SEEN)
                if not _in_window(box, size) or (i == 0 and not box["top"]):
                    problems.append(f"{label} {name}: #{ident} at {box}")
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0], (label, name)
            if name in SHOTS:
                shoot(page, f"bar-{name}-{label}")
    assert not problems, "\n".join(problems)
    # Every kind of key control was held by the bar somewhere, the page raised no error.
    assert {"amounts", "sets", "attack-buttons", "end-turn", "panel-occupy", "panel-move", "panel-claim",
            "hand"} <= seen_keys, seen_keys
    assert not page.errors, page.errors
