"""The other editions' code on demand, in Chromium: a classic first visit starts without it (the service
worker fetches it afterwards, once, for offline); a castle link then opens with the network off, its code
mounted from the worker's cache at start-up. (A first visit's page that loses the network cannot open such
a game until it is reloaded: see risk_ui/on_demand.py.)"""

from __future__ import annotations

import random
from typing import Any

import build

from e2e.dialog import start_from_dialog
from risk.actions import every_action
from risk.codec import encode_game
from risk.engine import legal_actions
from risk.game import Game, Seat
from risk.rules import make_rules


def castle_link(seed: int = 3, actions: int = 60) -> str:
    """A 3-person castle game played a while by random choices, as a link's fragment."""
    game = Game.start(make_rules("castle"), [Seat(n, i) for i, n in enumerate(("Ann", "Bob", "Cy"))], seed)
    chooser = random.Random(seed)
    for _ in range(actions):
        game.play(chooser.choice(list(every_action(legal_actions(game.state)))))
    return encode_game(game)


def test_a_classic_visit_starts_without_the_other_editions_and_a_castle_link_then_opens_offline(
        page: Any, site_server: Any) -> None:
    asked: list[str] = []
    page.page.on("request", lambda request: asked.append(request.url))  # the page's own, not the worker's
    site_server.reset_counts()
    page.open()
    page.wait_ready()
    page.wait_controlled()
    # The page never asked for them (its service worker did, after it was ready: registering it is the last
    # thing start-up does), so the first visit did not wait for them.
    assert asked and not [url for url in asked if build.APP_MORE in url], "the page waited for the other editions"
    fetched = [r for r in site_server.responses if build.APP_MORE in r.path and r.status == 200]
    assert len(fetched) == 1, "precached once, for offline"

    # Offline, on a page started from the worker's cache with a castle link.
    page.context.set_offline(True)
    page.goto("about:blank")
    page.open("#" + castle_link())
    page.wait_ready()
    page.wait_for_selector("body[data-map='castle']", state="attached", timeout=30_000)
    assert page.locator("#panel-castle").is_visible()
    assert not page.page_errors, page.page_errors
    assert "could not be opened" not in (page.locator("#problem-text").text_content() or "")


def test_a_first_visit_keeps_the_other_editions_and_opens_one_offline_without_a_reload(
        page: Any, site_server: Any) -> None:
    """Once a first visit's service worker has installed, the page mounts the other editions' code from the
    worker's cache (no request): with the network gone, that same page starts a Castle game from the dialog."""
    asked: list[str] = []
    page.page.on("request", lambda request: asked.append(request.url))
    site_server.reset_counts()
    page.open("?debug=1&seed=5")
    page.wait_ready()
    page.wait_controlled()
    page.wait_for_function("() => typeof window.riskStdlib === 'function' && "
                           "JSON.parse(window.riskStdlib()).mounted.includes('editions')", timeout=60_000)
    page.context.set_offline(True)
    start_from_dialog(page.page, "Castle Risk (1986)", 3, "random")
    page.wait_for_selector("body[data-map='castle']", state="attached", timeout=30_000)
    assert not [url for url in asked if build.APP_MORE in url], "the page fetched the code itself"
    fetched = [r for r in site_server.responses if build.APP_MORE in r.path and r.status == 200]
    assert len(fetched) == 1, "downloaded once, by the worker's precache"
    assert not page.page_errors, page.page_errors
