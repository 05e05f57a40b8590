"""New worlds from a seed (issue 24): ``risk.worldgen.generator.generate(seed, size, continents)`` makes a board
file (docs/boards.md) that is the same, byte for byte, in every interpreter and forever for a generator version.

This ``__init__`` imports nothing: the page ships it with the game and fetches the generator itself (in the
site's tools archive, with the board files' checks and drawing) when a world is made.
"""
