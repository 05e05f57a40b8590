"""Codes of games on other boards than their edition's (issue 24), made by format 1 of :mod:`risk.codec` with
the board reference after the players, frozen: every later version must still load them, on the same world.

Never edit or regenerate an entry. Each entry is (name, kind, code, expected): ``expected`` names the board
reference the decoded rules carry and summarises the decoded state as ``codec_fixtures.py`` does (phase,
player to move, turn, digest). Seats are ``SEATS[:people]``. The imported board is :func:`imported_board`, a
generated world renamed (the generator's output is frozen too), which the test registers first.
"""

from __future__ import annotations

from typing import Any

SEATS = (("Ann", 0, "human"), ("Bob", 1, "normal"), ("Cy", 2, "hard"))


def imported_board() -> dict[str, Any]:
    from risk.worldgen.generator import generate

    return {**generate(77, "small", 3), "id": "imported-test", "name": "Test isles"}


FIXTURES = [
    (
        "generated-start",
        "game",
        "BE8AkH8aAYBYbg0YnjbkL9YP_Yv5qdzOLJdbW2gZNvLwWZFOAoGmEoq3-HA",
        {"map": "generated:1:48213:medium:5", "phase": "claim", "current": 0, "turn": 0, "digest": "ad3244183784f916"},
    ),
    (
        "generated-mid-game",
        "share",
        "BE8AkH8aAYDhBlJ2YQv7DcXKwr_irHp86KfBeaC5DwVP_TPCsJE8zWTSUPfjV7vyqsmtq7cHC0t6XD_U2hLFo1R4i19oqQtCjWiE"
        "eg.BhRPAJB_GgGAxpr6RoIBDz3ekj7IAVHcvKCVGbRufLT_tMA4iGovV8br22_lSbZb3s2wT-PJfKiRJtkwW_N27tVmXt07FAsMt"
        "j6uHI8pblJRR7_otG-j82YH8w27Ctj1tx6BnB4igslDLII2",
        {"map": "generated:1:48213:medium:5", "phase": "occupy", "current": 2, "turn": 6, "digest": "791a33183b407a36"},
    ),
    (
        "generated-two-players-auto-setup",
        "game",
        "BE8IiA0AAACJitCPA4kqHk9DxEg2-_h5BW8zJTdrZZlnkpECASf0Ba-DTXRKmWus0lU",
        {"map": "generated:1:9:small:3", "phase": "occupy", "current": 1, "turn": 11, "digest": "395f5012b52dbd29"},
    ),
    (
        "generated-large-1963",
        "replay",
        "BhNvAJD-____EyuWzWUluhFET6p5HcBhbOGs_gEnECv21emqsafvav3qpjdhwWjqdhd4PsJEBw",
        {"map": "generated:1:4294967295:large:8",
         "phase": "claim", "current": 0, "turn": 0, "digest": "4df3b893c7a761e7"},
    ),
    (
        "imported-mid-game",
        "game",
        "BE8AEKdPj1OnHzybxoqFg0Udib2hRT9C8YnR97isVstHfd086VHKjzmyT-2FxeJVGsBSA-5_sKonynGynBXRRhVy",
        {"map": "imported:24502a346f69bf89", "phase": "attack", "current": 1, "turn": 5, "digest": "56fba3c22f85d530"},
    ),
]
