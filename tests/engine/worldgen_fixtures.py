"""Boards made by version 1 of the world generator (:mod:`risk.worldgen`), frozen: every later version of the
game must make the very same files from the same options, because a link to a game on a generated board carries
only ``generated:1:SEED:SIZE:CONTINENTS``.

Never edit or regenerate an entry: a change here means games already shared open on another world. Each entry
is (seed, size, continents or None for the seed's own choice, content hash of the whole board file as
``risk.boardfile.content_hash`` computes it, number of territories).
"""

FIXTURES = [
    (0, "small", None, "6f212dcfcb960b91", 21),
    (1, "small", 3, "624722de399a6b74", 18),
    (48213, "small", 4, "00a512db1b992d54", 20),
    (4294967295, "small", 8, "2b54aa558451843b", 18),
    (0, "medium", None, "c19de19c33197ec8", 40),
    (7, "medium", 3, "fa815021d5f97fb3", 40),
    (42, "medium", 6, "02a97eeb15784954", 42),
    (48213, "medium", 5, "253d2183318164e2", 43),
    (2026, "medium", 8, "203d4a4637794c7a", 41),
    (0, "large", None, "e1e244c5207c7f0d", 82),
    (99, "large", 5, "f78eaba66b1e8c5e", 81),
    (123456789, "large", 8, "e35f3b2a9531e2ab", 81),
]
