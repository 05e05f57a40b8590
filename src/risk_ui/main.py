"""The page's entry script: start-up, the game's controls, the map bound to them, then ready.

PyScript puts this file beside the page's first Python (build.py's ENTRY_SCRIPT, app/start.py), which puts
the game's archive where Python imports from it and then imports this; everything it wires is in the
``risk_ui`` package.
"""

from risk_ui import on_demand

on_demand.install()  # first: the modules the page does not ship (stdlib, other editions) load on demand

import json  # noqa: E402
import secrets  # noqa: E402
from typing import Any  # noqa: E402

from risk_ui import board_shelf, boot, bots, dom, new_world, odds_view, record, saves_panel, words  # noqa: E402
from risk_ui.scenarios import initial_controller, parse_query  # noqa: E402


def _random_seed() -> int:
    return secrets.randbits(32)


def _expose_test_hooks(page: dom.Page) -> None:
    """The hooks of ``?debug=1`` on ``window``. Those of risk_ui.debug import it on their first call: it is in
    the test tools' archive, which the page fetches then (online), so a page offline still starts with them."""

    def debug() -> Any:
        from risk_ui import debug

        return debug

    dom.expose("riskSelfplayDigest", lambda *args: debug().selfplay_digest(*args))
    dom.expose("riskBotTurnTimes", lambda *args: debug().bot_turn_times(*args))
    dom.expose("riskShareLinkTimes", lambda *args: debug().share_link_times(*args))
    dom.expose("riskImportTimes", lambda *args: debug().import_times(*args))
    dom.expose("riskStateDigest", lambda: debug().state_digest(page.controller.state))
    dom.expose("riskGameCode", lambda: debug().game_code(page.controller))
    dom.expose("riskPlay", lambda texts: debug().play_texts(page, texts))
    dom.expose("riskPosition", lambda name: debug().show_position(page, name))
    dom.expose("riskRecordUpdateTimes", lambda length, moves: debug().record_update_times(
        page, length, moves, settle=debug().settle_layout))
    dom.expose("riskRenderSplit", lambda: debug().render_split(page, debug().settle_layout))
    dom.expose("riskStdlib", lambda: json.dumps(on_demand.report()))
    dom.expose("riskImport", on_demand.import_module)
    dom.expose("riskGrace", bots.set_grace)  # how long a bot waits while Undo is offered (0: none)


_maps_mounted: list[bool] = []


def _maps_page(page: dom.Page, saves: Any) -> None:
    """The first screen's Maps page, mounted the first time it shows: its code (risk_ui.maps_page) is in the
    archive of code a classic game never runs, so that the page starts with no more bytes than before."""
    ui = page.controller.ui
    if _maps_mounted or not (ui.home and ui.home_page == "maps"):
        return
    from pyscript import document  # type: ignore[import-not-found]

    try:
        from risk_ui import maps_page
    except ImportError:  # offline before the archive was cached: the page says so, and tries again next time
        document.getElementById("maps-message").textContent = words.MAPS_UNFETCHABLE
        return
    _maps_mounted.append(True)
    maps_page.connect(page, saves)


def _read_map(files: Any) -> dict[str, object]:
    """A Domination map's files (or a .zip) read into a board file by the Maps page's reader, whose code comes the
    first time it is used (an ImportError offline before it was cached, which the saves panel says)."""
    from risk_ui import maps_page

    return maps_page.read_map(files).board


async def main() -> None:
    """Build the game from the address, draw it, and say the page is ready."""
    options = parse_query(dom.page_query())
    fresh = options.seed is not None or bool(options.scenario)
    # The other editions' code from the service worker's cache, so that a game of theirs opens offline too: at
    # once where the worker controls the page (a saved or linked game of theirs may open now), else once it
    # has installed (a first visit; until then, online, the code is fetched when such a game opens).
    if on_demand.controlled():
        await on_demand.mount_cached("editions")
    else:
        boot.background(on_demand.mount_cached("editions"))
    controller = initial_controller(options, _random_seed)
    shelf = board_shelf.open_in_page()  # the maps kept in this browser, held before a saved game on one is resumed
    controller.kept_boards = board_shelf.kept_boards  # the new-game dialog offers them
    session = saves_panel.resume(controller, fresh=fresh)
    # A plain visit opens on the first screen; a link (the game in the address) or a test's query goes
    # straight to the game.
    controller.ui.home = not fresh and not dom.page_fragment().lstrip("#")
    controller.coach.eligible = controller.ui.home  # the guided first turn is offered on a plain visit
    page = dom.connect(controller, _random_seed, board_file=new_world.held_board_file)
    # A map imported for a game waiting for it (a board file, a Domination map's files) is kept on the shelf.
    saves_panel.connect(page, session, keep=shelf.keep, read_map=_read_map, restore=shelf.restore)
    page.after_render.append(lambda: _maps_page(page, session.saves))  # the maps kept here, and import
    bots.start(page)
    record.start(page)  # a long record's log search, statistics and dice check, read in slices
    odds_view.start(page)  # the odds of the chosen attack, worked out in slices
    if options.debug:
        _expose_test_hooks(page)
    boot.mark_ready()


boot.run(main)
