"""Importers: boards made by other programs turned into this game's board file (``docs/boards.md``).

Pure Python (the standard library only), so that the page and the command line import a map the same way.
``risk.importers.domination`` reads Domination's maps (a ``.map`` and ``.cards`` text file, a picture and an
index image); ``images`` decodes GIF and PNG, ``trace`` turns an index image into outlines. This package's
``__init__`` imports nothing: the page ships it with the game and fetches the rest when a map is imported.
"""
