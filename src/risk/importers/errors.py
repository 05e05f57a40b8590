"""The one error an importer raises: it names the file, the place in it, and what is wrong."""

from __future__ import annotations


class MapImportError(ValueError):
    """A map that cannot be imported. ``file`` is the file at fault, ``line`` its line (text files) or None,
    ``problem`` what is wrong in words a map's author can act on.

    >>> str(MapImportError("world.map", "country 43 is not in [countries]", line=88))
    'world.map, line 88: country 43 is not in [countries]'
    >>> str(MapImportError("world_map.gif", "the image ends before its last row"))
    'world_map.gif: the image ends before its last row'
    """

    def __init__(self, file: str, problem: str, line: int | None = None) -> None:
        self.file = file
        self.line = line
        self.problem = problem
        where = f"{file}, line {line}" if line is not None else file
        super().__init__(f"{where}: {problem}")
