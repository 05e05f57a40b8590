"""Modules on demand: the page ships the standard library's modules the game imports and the classic game's
code; the rest of each comes in an archive fetched on the first import that misses it.

``python_stdlib.zip`` (mounted by Pyodide at ``/lib/python314.zip``) holds what the page was seen to import
(``assets/stdlib_kept.list``, written by ``python3 build.py stdlib-list``); every other module of the standard library
is in a second archive that no visit downloads unless an import asks for one of its modules. Then this finder,
last on ``sys.meta_path`` so that it only hears of modules nothing else found, fetches that archive once (an
import is synchronous, so the fetch is too), mounts it beside the first and lets the usual finders load the
module. The names each archive holds come with the game (a file beside this module, see :data:`ARCHIVES`), so
that an optional import of a module Pyodide never had (``_winapi``, say) costs nothing.

The code a classic game never runs (the Revised and Castle rules, bots and panels) is the second such
archive, imported when a game of theirs is first on the table; the test hooks and the command line the third,
which no player's page asks for. Offline a synchronous fetch cannot work
(Chromium sends a page's synchronous requests past the service worker, which precaches this archive), so a
page the service worker controls mounts it from the worker's cache at start-up, and a first visit's page once
the worker has installed (:func:`mount_cached`: no network); before that it fetches it when a game of another
edition opens.

Runs in Pyodide only for the fetches; the finder itself is plain Python and takes the fetch as a function.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from risk_ui.words import Unfetchable

ARCHIVE_URL = "./runtime/pyodide/python_stdlib_more.zip"
MOUNT = "/lib/python_stdlib_more.zip"
SHIPPED = "/lib/python314.zip/"
# Each archive: (its address, where it is mounted, the file beside this module naming its modules one a line).
ARCHIVES = {
    "stdlib": (ARCHIVE_URL, MOUNT, "stdlib_more.txt"),
    "editions": ("./app/editions.zip.zst", "/lib/risk_editions.zip", "editions.txt"),
    "tools": ("./app/tools.zip.zst", "/lib/risk_tools.zip", "tools.txt"),
}
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"  # the game's archives are compressed whole with Zstandard (build.py)


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
        raise Unfetchable(f"{url} could not be fetched, so its modules cannot be imported ({error})") from None
    if request.status != 200:
        raise Unfetchable(f"{url} could not be fetched, so its modules cannot be imported ({request.status})")
    # Each character's low byte is the byte: UTF-16-LE puts it first. _codecs is built in, so this needs no
    # module of the encodings package (which might itself be on demand).
    return bytes(_codecs.utf_16_le_encode(str(request.responseText))[0][::2])


def write_file(path: str, data: bytes) -> None:
    with open(path, "wb") as stream:
        stream.write(data)


class OnDemand:
    """A meta path finder for the modules of one archive that the page did not ship (see the module)."""

    def __init__(self, names: Callable[[], Sequence[str]], fetch: Callable[[str], bytes] = fetch_sync,
                 url: str = ARCHIVE_URL, mount: str = MOUNT, write: Callable[[str, bytes], None] = write_file,
                 digest: Callable[[], str] = lambda: "") -> None:
        self._names = names
        self._digest = digest  # the SHA-256 of the archive's zip this build made ("" where none is known)
        self._known: frozenset[str] | None = None
        self._fetch, self._url, self._mount, self._write = fetch, url, mount, write
        self.mounted = False
        self.loaded: list[str] = []  # every module this finder found, in order: what the shipped list missed

    def known(self) -> frozenset[str]:
        if self._known is None:
            self._known = frozenset(self._names())
        return self._known

    def mount(self, data: bytes) -> None:
        """Put the archive's bytes where the finders look (once); an archive of another build is refused."""
        if not self.mounted:
            if data[:4] == ZSTD_MAGIC:  # (a host that sent it with a Content-Encoding left the zip itself)
                from compression import zstd  # type: ignore[import-not-found]  # Python 3.14's

                data = zstd.decompress(data)
            expected = self._digest()
            if expected and hashlib.sha256(data).hexdigest() != expected:
                raise Unfetchable(f"{self._url} is from another version of the game than this page: reload the page")
            self._write(self._mount, data)
            self.mounted = True
            sys.path.append(self._mount)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None) -> Any:
        if fullname not in self.known():
            return None
        if not self.mounted:
            self.mount(self._fetch(self._url))
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


_finders: dict[str, OnDemand] = {}


def _beside(name: str) -> Callable[[], list[str]]:
    """The words of the file ``name`` beside this module (none without it)."""
    def read() -> list[str]:
        # Through this module's loader: the file sits beside it in a folder or in the mounted archive.
        try:
            return bytes(__loader__.get_data(os.path.join(os.path.dirname(__file__), name))).decode().split()
        except OSError:
            return []
    return read


def _index_digest(index: str) -> Callable[[], str]:
    words = _beside(index.removesuffix(".txt") + ".sha256")  # (build.archive_digest)
    return lambda: "".join(words()[:1])


def install() -> dict[str, OnDemand]:
    """Put a finder for each archive last on ``sys.meta_path`` (once) and return them by name."""
    if not _finders:
        for name, (url, mount, index) in ARCHIVES.items():
            _finders[name] = OnDemand(_beside(index), url=url, mount=mount, digest=_index_digest(index))
            sys.meta_path.append(_finders[name])
    return _finders


async def mount_cached(name: str) -> bool:
    """Mount archive ``name`` from the service worker's cache, once the worker is ready (at once on a page it
    controls; after its install, which precaches the archive, on a first visit). Reads Cache Storage itself,
    so no request: nothing downloaded twice, no check of sw.js (a fetch on a first visit made the browser
    check it again offline). A copy of another build (a cache may hold two while a new worker installs) is
    passed over. False where there is no worker, no cache or no copy of this build."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    finder = install()[name]
    container = getattr(js.navigator, "serviceWorker", None)
    if container is None or getattr(js, "caches", None) is None:
        return False
    try:
        await container.ready
        address = js.URL.new(ARCHIVES[name][0], js.location.href).href
        # The worker stores it under ?v=<its hash>; each copy's own hash is checked when it is mounted.
        options = to_js({"ignoreSearch": True}, dict_converter=js.Object.fromEntries)
        for cache_name in await js.caches.keys():
            for response in await (await js.caches.open(cache_name)).matchAll(address, options):
                if finder.mounted:
                    return True
                try:
                    finder.mount(bytes((await response.arrayBuffer()).to_bytes()))
                except Unfetchable:
                    continue  # another build's copy
    except Exception as error:  # storage the browser refuses (a private window): fetched when needed, online
        js.console.warn(f"The {name} archive was not kept for offline play: {error}")
    return finder.mounted


def controlled() -> bool:
    """Whether a service worker answers this page's requests (so a fetch costs no network)."""
    import js  # type: ignore[import-not-found]

    worker = getattr(js.navigator, "serviceWorker", None)
    return bool(worker and worker.controller)


def report() -> dict[str, list[str]]:
    """The standard library's modules in ``sys.modules`` (from either archive); of them, those from the
    archive on demand; the game's modules from its archive on demand; and the archives mounted."""
    origins = {name: str(getattr(getattr(module, "__spec__", None), "origin", None) or "")
               for name, module in list(sys.modules.items())}

    def under(*folders: str) -> list[str]:
        return sorted(name for name, origin in origins.items() if origin.startswith(folders))

    return {"modules": under(SHIPPED, MOUNT + "/"), "on_demand": under(MOUNT + "/"),
            "editions": under(ARCHIVES["editions"][1] + "/"),
            "mounted": sorted(name for name, finder in install().items() if finder.mounted)}


def import_module(name: str) -> str:
    """Import ``name`` and say where it came from (a test hook: a module outside the shipped list loads)."""
    import importlib

    module = importlib.import_module(name)
    return str(getattr(module.__spec__, "origin", ""))
