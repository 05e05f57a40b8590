"""A game on another board than its edition's, in the page: what start-up holds of "New world" in the new-game
dialog (a world made from a seed, :mod:`risk.worldgen`; docs/boards.md, "In the page"): the dialog's choices and
the seam that gives the page the board file of any board that is not shipped (dom.connect's ``board_file``).

The code that makes and draws worlds (:mod:`risk_ui.world_maps`, ``risk.worldgen``, ``risk.drawing``) ships with
the editions' code: precached, so offline too, and imported only when a world is made or a board drawn.

>>> world_reference(48213, "small", 4)
'generated:1:48213:small:4'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

WORLD = "world"  # the dialog's board choice that makes a new world from its seed
OWN = ""  # the dialog's board choice of the edition's own board
SAID_SEEDS = 100_000  # a seed drawn for the dialog is under this: five digits at most, easy to say
# The generator's options, said here so that start-up need not import it (a test holds them equal).
SIZES = ("small", "medium", "large")
CONTINENTS = range(3, 9)
MAX_SEED = (1 << 32) - 1


def world_reference(seed: int, size: str, continents: int = 0) -> str:
    """The reference of the world of ``seed`` at ``size`` with ``continents`` (0: as the seed gives); bad
    options raise the generator's ``BadReference`` (a ``ValueError``) saying what is wrong."""
    from risk.worldgen.generator import reference

    return reference(seed, size, continents or None)


def held_board_file(ref: str) -> Mapping[str, Any] | None:
    """The board file a reference names, or None when this browser does not hold it
    (:func:`risk_ui.world_maps.held_board_file`)."""
    from risk_ui.world_maps import held_board_file as held

    return held(ref)
