"""Each edition's part of the page, found by the game on the table (see :mod:`risk_ui.edition_ui`)."""

from __future__ import annotations

from risk.state import GameState
from risk_ui import castle_view, revised_view
from risk_ui.edition_ui import CLASSIC_UI, EditionUi

EDITION_UIS: dict[str, EditionUi] = {ui.edition: ui for ui in (revised_view.UI, castle_view.UI)}


def ui_for(state: GameState) -> EditionUi:
    """What the edition of ``state``'s game shows in the page (the classic page adds nothing)."""
    return EDITION_UIS.get(state.rules.edition, CLASSIC_UI)


def others(state: GameState) -> list[EditionUi]:
    """The parts of the editions not on the table (their panels hidden, their containers empty)."""
    current = ui_for(state)
    return [ui for ui in EDITION_UIS.values() if ui is not current]
