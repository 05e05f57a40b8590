"""The page's modules import each other one way: the import graph of ``src/risk_ui`` has no cycle.

Every import counts, wherever it stands: at the top, inside a function, or under ``TYPE_CHECKING``.
The layers, bottom up: shared words and types (``words``, ``screen``, ``palette``, ``charts``,
``storage``), the record's remembered state, the controller with its UI state, the renderers of the
parts (map, record, bots, odds, the Revised panels), the view of the whole page, then the wiring
(``layout``, ``dom``, ``saves_panel``, ``scenarios``, ``debug``, ``main``).
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "src" / "risk_ui"
PACKAGE = "risk_ui"
# Modules that need the browser (they import js or pyscript when imported): their examples are not run here.
BROWSER_ONLY = {"boot", "main"}


def module_names() -> list[str]:
    """The page's modules by short name ("controller", "view", ...)."""
    return sorted(path.stem for path in SOURCE.glob("*.py") if path.stem != "__init__")


def imports_of(path: Path) -> set[str]:
    """The page's modules ``path`` imports, anywhere in it (short names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == PACKAGE and len(parts) > 1:
                    found.add(parts[1])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            parts = node.module.split(".")
            if parts[0] != PACKAGE:
                continue
            if len(parts) > 1:
                found.add(parts[1])
            else:  # from risk_ui import record, view
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:  # relative: from . import x, from .x import y
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found - {path.stem}


def import_graph() -> dict[str, set[str]]:
    """Each module of the page and the modules of the page it imports."""
    names = set(module_names())
    return {name: imports_of(SOURCE / f"{name}.py") & names for name in names}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph as a path that returns to its start, or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_graph_reader_sees_every_kind_of_import(tmp_path):
    """Top-level, in-function, TYPE_CHECKING and relative imports all count (so a hidden cycle is found)."""
    source = tmp_path / "sample.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from risk_ui import view, words\n"
        "import risk_ui.palette\n"
        "from risk_ui.screen import Control\n"
        "if TYPE_CHECKING:\n    from risk_ui.controller import Controller\n"
        "def f():\n    from risk_ui import record\n"
        "from . import charts\nfrom .storage import Saves\n"
        "from risk.engine import apply\n")
    assert imports_of(source) == {"view", "words", "palette", "screen", "controller", "record", "charts",
                                  "storage"}


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_pages_modules_import_each_other_one_way():
    graph = import_graph()
    assert {"controller", "view", "record", "bots", "odds_view"} <= set(graph)
    cycle = find_cycle(graph)
    assert not cycle, "an import cycle: " + " -> ".join(cycle)


def test_the_controller_sits_below_every_renderer():
    """The controller and the state it owns import no renderer and nothing of the page's wiring; the
    editions' actions (the seam ``edition_actions`` and each edition's part) sit below it too, and know
    the controller only through that seam's protocol."""
    graph = import_graph()
    below = {"controller", "record_state", "words", "screen", "palette", "charts", "storage",
             "edition_actions", "revised_actions", "castle_actions",
             "coach",  # the guided turn's state, which the controller keeps across games
             "new_world", "world_maps"}  # the dialog's board: a world's reference, board file, preview (pure)

    def reach(node: str) -> set[str]:
        seen: set[str] = set()
        todo = [node]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    assert reach("controller") <= below
    for leaf in ("words", "screen", "palette", "charts"):
        assert graph[leaf] == set(), f"{leaf} should import nothing of the page"
    for part in ("revised_actions", "castle_actions"):
        assert graph[part] == {"edition_actions"}, f"{part} should know the page only through the seam"


@pytest.mark.parametrize("name", [n for n in module_names() if n not in BROWSER_ONLY])
def test_the_docstring_examples_of_a_page_module_hold(name):
    result = doctest.testmod(importlib.import_module(f"{PACKAGE}.{name}"), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_an_edition_not_yet_imported_stands_for_its_panels_and_containers() -> None:
    """The page imports an edition's view when a game of it opens; until then edition_views names its panels
    and containers, which must be the view's own."""
    from risk_ui import edition_views

    for stand_in in edition_views.NOT_LOADED:
        ui = importlib.import_module(edition_views.EDITION_VIEWS[stand_in.edition]).UI
        assert (stand_in.panels, stand_in.containers) == (ui.panels, ui.containers), stand_in.edition
