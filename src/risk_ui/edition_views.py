"""Each edition's part of the page, found by the game on the table (see :mod:`risk_ui.edition_ui`).

An edition's view is imported when a game of it is first on the table: the page ships the classic game's
code first and fetches the other editions' when one is played (``risk_ui.on_demand``).
"""

from __future__ import annotations

import importlib

from risk.state import GameState
from risk_ui.edition_ui import CLASSIC_UI, EditionUi

EDITION_VIEWS = {"revised": "risk_ui.revised_view", "castle": "risk_ui.castle_view"}  # each module's ``UI``
# Until its module is imported, an edition stands in the page by its panels and containers (the same as its
# UI's: tests/ui/test_imports.py checks), so that another edition's game hides and empties them all the same.
class _NotLoaded(EditionUi):
    def __init__(self, edition: str, panels: tuple[str, ...], containers: tuple[str, ...]) -> None:
        self.edition, self.panels, self.containers = edition, panels, containers


NOT_LOADED = (
    _NotLoaded("revised", panels=("panel-objectives", "panel-claim", "starting-move"),
              containers=("objectives", "claim-choices", "airfield-where")),
    _NotLoaded("castle", panels=("panel-castle", "panel-spy", "panel-sea", "spy-dialog"),
              containers=("castle-board", "spy-choices", "sea-odds")),
)
_LOADED: dict[str, EditionUi] = {}


def ui_for(state: GameState) -> EditionUi:
    """What the edition of ``state``'s game shows in the page (the classic page adds nothing)."""
    edition = state.rules.edition
    module = EDITION_VIEWS.get(edition)
    if module is None:
        return CLASSIC_UI
    if edition not in _LOADED:
        ui: EditionUi = importlib.import_module(module).UI
        _LOADED[edition] = ui
    return _LOADED[edition]


def others(state: GameState) -> list[EditionUi]:
    """The parts of the editions not on the table (their panels hidden, their containers empty)."""
    current = ui_for(state)
    return [_LOADED.get(ui.edition, ui) for ui in NOT_LOADED if ui.edition != current.edition]
