"""The trimmed standard library in Chromium: a page that starts, plays a game of every edition with bots, opens
the record panels, makes and opens links and imports every module the game's sources name never needs a module
outside ``assets/stdlib_kept.list``; a module outside it still imports (its archive fetched once, on the first miss).

The same tour writes the list: ``python3 build.py stdlib-list`` builds the site with the whole standard library
and runs :func:`test_a_tour_of_the_game_imports_only_the_shipped_standard_library` with ``RISK_STDLIB_DUMP`` set
to a file, where the tour writes every module of the standard library the page imported.
"""

from __future__ import annotations

import ast
import json
import os
import sys
from pathlib import Path
from typing import Any

import build
import pytest

from e2e.dialog import start_from_dialog

DUMP = os.environ.get(build.ENV_STDLIB_DUMP)
# Sources the page never runs: the command lines and the tournament runner (threads, argparse).
NOT_IN_THE_PAGE = ("risk/cli.py", "risk/__main__.py", "risk/tournament.py", "risk/importers/cli.py")


def stdlib_imports_of_the_game() -> list[str]:
    """Every module of the standard library that the game's sources import anywhere (in functions too)."""
    found: set[str] = set()
    for package in build.PYTHON_PACKAGES:
        for path in sorted((build.SRC / package).rglob("*.py")):
            if path.relative_to(build.SRC).as_posix() in NOT_IN_THE_PAGE:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                found.update(n for n in names if n.split(".")[0] in sys.stdlib_module_names)
    return sorted(found - {"__future__"} - set(sys.builtin_module_names))


def report(page: Any) -> dict[str, list[str]]:
    return dict(json.loads(page.evaluate("window.riskStdlib()")))


def test_the_games_own_imports_of_the_standard_library_are_found() -> None:
    names = stdlib_imports_of_the_game()
    assert {"fractions", "zlib", "urllib.parse", "asyncio"} <= set(names)
    assert "argparse" not in names  # only the command line's


def test_a_tour_of_the_game_imports_only_the_shipped_standard_library(page: Any) -> None:
    seen: set[str] = set()

    def step(what: str) -> None:
        now = report(page.page)
        seen.update(now["modules"])
        if DUMP is None:
            assert now["on_demand"] == [], f"{what} imported modules the page does not ship"

    page.open("?debug=1&seed=5")
    page.wait_ready()
    page.wait_for_function("() => typeof window.riskStdlib === 'function'", timeout=60_000)
    step("start-up")
    editions = [name for name in report(page.page)["editions"] if "revised" in name or "castle" in name]
    assert editions == [], "a classic page imported another edition's code"
    page.evaluate("window.riskSelfplayDigest(1)")
    page.evaluate("window.riskBotTurnTimes('hard', 1, 2)")
    step("bots")
    page.evaluate("window.riskShareLinkTimes(3, 1)")
    step("links")
    page.evaluate("window.riskRecordUpdateTimes(120, 2)")
    step("the record panels")
    page.evaluate("window.riskStateDigest()")
    for title, seats, bots in (("Revised (2008)", 3, "random"), ("Castle Risk (1986)", 3, "random")):
        start_from_dialog(page.page, title, seats, bots)
        page.locator("#fast").click()
        page.wait_for_function("document.body.dataset.phase === 'attack'", timeout=120_000, polling=250)
        step(title)
    assert {"risk.rules.revised.flow", "risk_ui.revised_view", "risk.rules.castle.flow", "risk_ui.castle_view"} <= set(
        report(page.page)["editions"]), "the other editions' code came from elsewhere than their archive"
    for name in stdlib_imports_of_the_game():
        page.evaluate("(name) => window.riskImport(name)", name)
    step("the game's own imports")
    assert not page.page_errors, page.page_errors
    if DUMP is not None:
        Path(DUMP).write_text(json.dumps(sorted(seen)), encoding="utf-8")
    else:
        kept = build.kept_stdlib_modules()
        assert kept is not None and seen <= kept


def test_a_module_outside_the_list_loads_on_demand_once_and_offline_fails_as_an_import_error(
        page: Any, site_server: Any) -> None:
    kept = build.kept_stdlib_modules()
    if kept is None or DUMP is not None:
        pytest.skip("the standard library is not trimmed")
    assert "difflib" not in kept and "json" in kept and "json.tool" not in kept
    more = "/lib/python_stdlib_more.zip/"
    site_server.reset_counts()
    page.open("?debug=1")
    page.wait_ready()
    page.wait_controlled()
    assert not [r for r in site_server.responses if r.path.endswith(build.STDLIB_MORE)], "fetched at start-up"
    page.wait_for_function("() => typeof window.riskImport === 'function'", timeout=60_000)
    assert page.evaluate("window.riskImport('difflib')").startswith(more)
    # A module whose package was shipped: found in the other half of the package.
    assert page.evaluate("window.riskImport('json.tool')").startswith(more + "json/")
    assert {"difflib", "json.tool"} <= set(report(page.page)["on_demand"])
    assert len([r for r in site_server.responses if r.path.endswith(build.STDLIB_MORE) and r.status == 200]) == 1
    # Offline, the page still starts (from the worker's cache); an import outside the list is an ImportError
    # that says why (the archive is not precached: a page's synchronous request never reaches the worker).
    page.context.set_offline(True)
    page.reload()
    page.wait_ready()
    page.wait_for_function("() => typeof window.riskImport === 'function'", timeout=60_000)
    with pytest.raises(Exception, match=r"Unfetchable: \S*python_stdlib_more\.zip could not be fetched"):
        page.evaluate("window.riskImport('difflib')")
    assert not page.page_errors, page.page_errors
