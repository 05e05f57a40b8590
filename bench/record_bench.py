"""The record panels' figures: the whole log of a long record opened, a search far back, the page's update
per move with the log, statistics and luck open at 300 and 3,000 actions, and a blitz on huge stacks.

Run with ``PYTHONPATH=src:. python3 bench/record_bench.py [--page] [--rounds N] [--longest N]`` (or
``python3 build.py bench --part record``). Without ``--page`` it measures in CPython, the page on the
tests' fake DOM; with it, also in Chromium on the built site (``?debug=1`` exposes
``window.riskRecordUpdateTimes``), and a link of a 20,000-action record opened and its log shown. The
records are games of random legal actions (:func:`risk_ui.debug.long_record`): they run as long as
asked. Prints and returns a JSON-able dict; each figure of the page is min/median/max over interleaved
rounds.

Before this part existed (build of 55595f0), the page's update per move with the panels open was 30 ms
at 300 actions and 285 ms at 2,700 (the whole log written again), and the log of a 20,000-action link
took 9.6 s to open (190,000 actions: 20 s).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "src", ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from risk.codec import encode_share  # noqa: E402
from risk.game import Game  # noqa: E402
from risk_ui import debug, record, view  # noqa: E402
from risk_ui.controller import Controller  # noqa: E402

LENGTHS = (300, 3000)  # the aim: per-move cost within 1.5x from the first to the second


def _spread(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), 2), "median": round(statistics.median(values), 2), "max": round(max(values), 2)}


def _fake_page(controller: Controller) -> Any:
    from risk_ui.dom import Page
    from ui.conftest import page_html, stand_in_svg
    from ui.fakedom import FakeDocument

    page = Page(FakeDocument(page_html(stand_in_svg())), controller)
    page.mount()
    return page


def log_open(length: int) -> dict[str, float]:
    """A record of ``length`` actions put on the table, then its log opened (what a link does), then a
    search for its first claim (the far end) read to the end in slices."""
    game = debug.long_record(length)
    controller = Controller(game)
    started = time.perf_counter()
    controller.command("log-toggle")
    shown = view.render(controller).html["record-log"]
    opened = time.perf_counter() - started
    first = next(line.text for line in record.game_log(game) if " claims " in line.text) if length <= 20_000 else ""
    search = slices = longest = 0.0
    if first:
        started = time.perf_counter()
        controller.set_field("log-search", first)
        view.render(controller)
        search = time.perf_counter() - started
        while True:
            began = time.perf_counter()
            if not record.work(controller):
                break
            view.render(controller)
            slices += 1
            longest = max(longest, time.perf_counter() - began)
            search += time.perf_counter() - began
        assert first in view.render(controller).html["record-log"]
    return {"actions": len(game.history), "open_log_ms": round(1000 * opened, 1), "lines_shown": shown.count("<li "),
            "search_far_back_ms": round(1000 * search, 1), "search_slices": slices,
            "search_longest_slice_ms": round(1000 * longest, 1)}


def huge_stacks() -> dict[str, float]:
    """Armies of 100,000 on every territory, one attack until won: one action of tens of thousands of rolls.
    What "What happened", the log, the statistics and the replay's status then cost."""
    from risk.actions import Blitz, Place
    from risk.engine import new_game
    from risk.game import Seat
    from risk.rules import make_rules
    from risk.state import Phase

    state = new_game(make_rules("classic", ["auto-setup"]), 3, 5)
    state.armies = [99_990] * len(state.armies)
    game = Game(state.rules, tuple(Seat(n, i) for i, n in enumerate(("Red", "Blue", "Green"))), 5, state.copy(),
                state.copy())
    while game.state.phase is Phase.REINFORCE:
        game.play(Place(game.state.owner.index(game.state.current), game.state.reserve[game.state.current]))
    board, me = game.state.board, game.state.current
    source = next(t for t in range(board.size) if game.state.owner[t] == me
                  and any(game.state.owner[n] != me for n in board.neighbours[t]))
    target = next(n for n in board.neighbours[source] if game.state.owner[n] != me)
    started = time.perf_counter()
    game.play(Blitz(source, target, 0))
    figures = {"blitz_events": len(game.history[-1].events), "blitz_ms": round(1000 * (time.perf_counter() - started))}
    controller = Controller(game)
    for name, do in (("render_ms", lambda: None), ("log_ms", lambda: controller.command("log-toggle")),
                     ("stats_ms", lambda: controller.command("stats-toggle")),
                     ("replay_end_ms", lambda: (controller.command("replay-open"), controller.command("replay-end")))):
        started = time.perf_counter()
        do()
        screen = view.render(controller)
        figures[name] = round(1000 * (time.perf_counter() - started), 1)
    figures["record_log_chars"] = len(screen.html["record-log"])
    figures["replay_status_chars"] = len(screen.controls["replay-status"].text or "")
    return figures


def per_move_cpython(rounds: int) -> dict[str, Any]:
    """The fake page's update per move (view and DOM writes, no browser) at each length, panels open."""
    runs: dict[int, list[dict[str, Any]]] = {n: [] for n in LENGTHS}
    for _ in range(rounds):
        for n in LENGTHS:
            runs[n].append(json.loads(debug.record_update_times(_fake_page(Controller.new()), n, 40)))
    return _per_move_report(runs)


def _per_move_report(runs: dict[int, list[dict[str, Any]]]) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for n, results in runs.items():
        report[f"{n}_actions"] = {
            "open_median_ms": _spread([r["open"]["median_ms"] for r in results]),
            "open_p90_ms": _spread([r["open"]["p90_ms"] for r in results]),
            "closed_median_ms": _spread([r["closed"]["median_ms"] for r in results]),
            "open_view_median_ms": _spread([r["open_view"]["median_ms"] for r in results]),
            "open_saves_median_ms": _spread([r["open_saves"]["median_ms"] for r in results]),
            "closed_saves_median_ms": _spread([r["closed_saves"]["median_ms"] for r in results]),
            "open_log_ms": _spread([r["open_log_ms"] for r in results]),
            "search_total_ms": _spread([r["search_total_ms"] for r in results]),
            "search_slice_max_ms": _spread([r["search_slice_max_ms"] for r in results]),
        }
    low, high = (statistics.median(r["open"]["median_ms"] for r in runs[n]) for n in LENGTHS)
    report[f"ratio_{LENGTHS[1]}_over_{LENGTHS[0]}"] = round(high / low, 2)
    return report


def per_move_page(rounds: int) -> dict[str, Any]:
    """The same in Chromium, on the built site: ``page.render()`` and a forced layout per move."""
    import build
    from playwright.sync_api import sync_playwright

    runs: dict[int, list[dict[str, Any]]] = {n: [] for n in LENGTHS}
    figures: dict[str, Any] = {}
    with sync_playwright() as playwright, build.serving(build.build_if_needed()) as server:
        browser = build._launch(playwright)
        try:
            for _ in range(rounds):
                for n in LENGTHS:
                    context, page = build._debug_page(browser, server.url, "riskRecordUpdateTimes")
                    runs[n].append(json.loads(page.evaluate("(n) => window.riskRecordUpdateTimes(n, 60)", n)))
                    context.close()
            figures["per_move"] = _per_move_report(runs)
            figures["link_20000"] = open_long_link(browser, server.url, 20_000)
        finally:
            browser.close()
    return figures


def open_long_link(browser: Any, url: str, length: int) -> dict[str, float]:
    """A link carrying a record of ``length`` actions opened; its log shown; a click answered."""
    code = encode_share(debug.long_record(length, controller="human"), history_limit=10**9)  # no bot plays
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url + "#" + code)
    page.wait_for_function("document.documentElement.dataset.ready === 'true'", polling="raf", timeout=600_000)
    ready = time.perf_counter() - started
    if page.locator("#handoff-button").is_visible():  # people at one device: the next one shows the turn
        page.locator("#handoff-button").click()
    settle = "new Promise((r) => requestAnimationFrame(() => setTimeout(r)))"
    started = time.perf_counter()
    page.locator("#log-toggle").click()
    page.locator("#record-log li").first.wait_for()
    page.evaluate(settle)
    shown = time.perf_counter() - started
    started = time.perf_counter()
    page.locator("#stats-toggle").click()
    page.evaluate(settle)
    clicked = time.perf_counter() - started
    lines = page.locator("#record-log li").count()
    context.close()
    return {"actions": length, "link_chars": len(code), "ready_s": round(ready, 2), "open_log_ms": round(1000 * shown),
            "next_click_ms": round(1000 * clicked), "lines_shown": lines}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", action="store_true", help="also measure in Chromium on the built site")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--longest", type=int, default=190_000, help="the longest record whose log is opened")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {
        "log_open_cpython": [log_open(n) for n in (2_000, 20_000, args.longest)],
        "huge_stacks_cpython": huge_stacks(),
        "per_move_cpython_fake_dom": per_move_cpython(args.rounds),
    }
    if args.page:
        report["page"] = per_move_page(args.rounds)
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    main()
