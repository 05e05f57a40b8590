"""The standard library on demand: the page ships only the modules the game imports, the rest on a miss.

``python_stdlib.zip`` (mounted by Pyodide at ``/lib/python314.zip``) holds what the page was seen to import
(``stdlib_kept.txt``, written by ``python3 build.py stdlib-list``); every other module of the standard library
is in a second archive that no visit downloads unless an import asks for one of its modules. Then this finder,
last on ``sys.meta_path`` so that it only hears of modules nothing else found, fetches that archive once (an
import is synchronous, so the fetch is too), mounts it beside the first and lets the usual finders load the
module. The names the second archive holds come with the game (:data:`INDEX`), so that an optional import of a
module Pyodide never had (``_winapi``, say) costs nothing.

Runs in Pyodide only for the fetch; the finder itself is plain Python and takes the fetch as a function.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

ARCHIVE_URL = "./runtime/pyodide/python_stdlib_more.zip"
MOUNT = "/lib/python_stdlib_more.zip"
INDEX = os.path.join(os.path.dirname(__file__), "stdlib_more.txt")  # the module names of the archive, one a line
SHIPPED = "/lib/python314.zip/"


def fetch_sync(url: str) -> bytes:
    """The body of ``url``, fetched synchronously (a page's synchronous XMLHttpRequest cannot hand back an
    ArrayBuffer, so the bytes come as the x-user-defined charset's text: byte b as U+F700 + b above 0x7F)."""
    import _codecs

    import js  # type: ignore[import-not-found]

    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    try:
        request.send(None)
    except Exception as error:  # offline: Chromium sends a page's synchronous requests past the service worker
        raise ImportError(f"the standard library's other modules could not be fetched ({url}): {error}") from None
    if request.status != 200:
        raise ImportError(f"the standard library's other modules could not be fetched ({url}: {request.status})")
    # Each character's low byte is the byte: UTF-16-LE puts it first. _codecs is built in, so this needs no
    # module of the encodings package (which might itself be on demand).
    return bytes(_codecs.utf_16_le_encode(str(request.responseText))[0][::2])


def write_file(path: str, data: bytes) -> None:
    with open(path, "wb") as stream:
        stream.write(data)


class OnDemand:
    """A meta path finder for the standard library's modules that were left out of the shipped archive."""

    def __init__(self, names: Callable[[], Sequence[str]], fetch: Callable[[str], bytes] = fetch_sync,
                 url: str = ARCHIVE_URL, mount: str = MOUNT, write: Callable[[str, bytes], None] = write_file) -> None:
        self._names = names
        self._known: frozenset[str] | None = None
        self._fetch, self._url, self._mount, self._write = fetch, url, mount, write
        self.mounted = False
        self.loaded: list[str] = []  # every module this finder found, in order: what the shipped list missed

    def known(self) -> frozenset[str]:
        if self._known is None:
            self._known = frozenset(self._names())
        return self._known

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None) -> Any:
        if fullname not in self.known():
            return None
        if not self.mounted:
            self._write(self._mount, self._fetch(self._url))
            self.mounted = True
            sys.path.append(self._mount)
        parent, _, _ = fullname.rpartition(".")
        if parent:
            # A package that was shipped looks only in the shipped archive: show it its half here as well.
            package = sys.modules[parent]
            here = f"{self._mount}/{parent.replace('.', '/')}"
            search = list(getattr(package, "__path__", []))
            if here not in search:
                package.__path__.append(here)
                search.append(here)
        else:
            search = [self._mount]
        spec = importlib.machinery.PathFinder.find_spec(fullname, search)
        if spec is not None:
            self.loaded.append(fullname)
        return spec


_finder: OnDemand | None = None


def _index_names() -> list[str]:
    if not os.path.exists(INDEX):
        return []
    with open(INDEX, encoding="utf-8") as stream:
        return stream.read().split()


def install() -> OnDemand:
    """Put the finder last on ``sys.meta_path`` (once) and return it."""
    global _finder
    if _finder is None:
        _finder = OnDemand(_index_names)
        sys.meta_path.append(_finder)
    return _finder


def report() -> dict[str, list[str]]:
    """The standard library's modules in ``sys.modules`` (from either archive) and those loaded on demand."""
    found = []
    for name, module in list(sys.modules.items()):
        origin = str(getattr(getattr(module, "__spec__", None), "origin", None) or "")
        if origin.startswith((SHIPPED, MOUNT + "/")):
            found.append(name)
    return {"modules": sorted(found), "on_demand": list(_finder.loaded) if _finder else []}


def import_module(name: str) -> str:
    """Import ``name`` and say where it came from (a test hook: a module outside the shipped list loads)."""
    import importlib

    module = importlib.import_module(name)
    return str(getattr(module.__spec__, "origin", ""))
