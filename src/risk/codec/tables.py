"""Which codec tables a game uses: each edition names the module that writes its snapshot and its actions
(``Edition.codec``); the classic family's is :mod:`risk.codec.classic` (format 1's tables, frozen).

An edition's module provides ``write_state(w, state, layout)``, ``read_state(r, rules, people)``,
``compact_holds(state)``, ``write_action(w, state, action)`` and ``read_action(r, state)``. The rules (read
first, by the same code for every edition) decide which module reads the rest, so a code of a newer edition
meets an older page's "made by a newer version" before any of it is read.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from risk.actions import Action
from risk.codec.rans import Reader, Writer
from risk.rules import EDITIONS, Rules
from risk.state import GameState

COMPACT, PLAIN = 0, 1  # snapshot layouts: the edition's normal form, or every field as it is


class EditionTables(Protocol):
    """What the codes need of an edition's codec module."""

    def write_state(self, w: Writer, s: GameState, layout: int) -> None: ...

    def read_state(self, r: Reader, rules: Rules, people: int) -> GameState: ...

    def compact_holds(self, s: GameState) -> bool: ...

    def write_action(self, w: Writer, s: GameState, action: Action) -> None: ...

    def read_action(self, r: Reader, s: GameState) -> Action: ...


_TABLES: dict[str, EditionTables] = {}


def tables_for(rules: Rules) -> EditionTables:
    """The codec module of the edition these rules belong to (imported once)."""
    tables = _TABLES.get(rules.edition)
    if tables is None:
        module: EditionTables = importlib.import_module(EDITIONS[rules.edition].codec)
        tables = _TABLES[rules.edition] = module
    return tables
