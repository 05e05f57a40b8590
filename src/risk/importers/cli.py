"""``python -m risk map import FILE.map [--out DIR] [--json]``: a Domination map written as a board file.

The ``.map`` names its other files in ``[files]``; they are read from beside it (by that name, else the same
name in other letter case, as maps made on Windows often need). A ``.zip`` of the files works as well. The board
file goes to ``DIR`` (the current folder by default) as ``<id>.json``; ``--json`` prints the board as ``map
classic --json`` prints one, plus ``file`` (the board file written), ``hash`` (its content hash, the first 16
hex digits of the SHA-256 of its canonical JSON: how a link names it) and ``warnings``. A map that cannot be
imported prints its file, line and problem, exits with 2 and writes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from risk.board import board_from_dict, board_to_json
from risk.boardfile import content_hash
from risk.importers.domination import import_map, parse_map, read_zip
from risk.importers.errors import MapImportError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m risk map import",
        description="Import a Domination map (its .map, with the .cards and images it names beside it, or one "
                    ".zip of them) as a board file.")
    parser.add_argument("file", help="the map's .map file, or a .zip holding the map's files")
    parser.add_argument("--out", default=".", help="the folder to write the board file in (default: here)")
    parser.add_argument("--no-picture", action="store_true", help="leave the map's picture out of the board file")
    parser.add_argument("--json", action="store_true", help="print the board, the file written and its hash")
    return parser


def read_map_files(path: Path) -> tuple[dict[str, bytes], str | None]:
    """The files of the map at ``path``: a zip's contents, or the ``.map`` and the files its [files] section
    names, found beside it. Returns them by name, and which is the ``.map`` (None: the zip's only one)."""
    if path.suffix.lower() == ".zip":
        return read_zip(path.read_bytes(), path.name), None
    data = path.read_bytes()
    files = {path.name: data}
    text = parse_map(data, path.name, [])
    folder = path.parent
    listing: list[str] | None = None
    for kind in ("map", "pic", "crd"):
        entry = text.files.get(kind)
        if entry is None:
            continue
        wanted = entry[0].replace("\\", "/")
        candidate = folder / wanted
        if not candidate.is_file():
            listing = listing if listing is not None else os.listdir(folder)
            base = wanted.rpartition("/")[2].lower()
            match = next((name for name in listing if name.lower() == base), None)
            if match is None:
                continue  # the import names it as missing, with its line
            candidate = folder / match
        files[entry[0]] = candidate.read_bytes()
    return files, path.name


def write_board(board: dict[str, object], folder: Path) -> Path:
    """Write the board file as ``<id>.json`` in ``folder`` (made if need be), whole or not at all."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{board['id']}.json"
    text = json.dumps(board, indent=1, ensure_ascii=False) + "\n"
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".import-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def import_command(argv: Sequence[str]) -> int:
    """Run ``map import``; return the exit status (2: the map could not be imported, nothing written)."""
    args = _parser().parse_args(list(argv))
    path = Path(args.file)
    try:
        files, map_name = read_map_files(path)
        imported = import_map(files, map_name, with_picture=not args.no_picture)
        board = board_from_dict(imported.board)  # the engine reads it (symmetric borders, known ids)
        written = write_board(imported.board, Path(args.out))
    except MapImportError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except FileNotFoundError as error:
        print(f"error: {error.filename or path}: no such file", file=sys.stderr)
        return 2
    except (OSError, ValueError) as error:
        print(f"error: {path.name}: {error}", file=sys.stderr)
        return 2
    for warning in imported.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    digest = content_hash(imported.board)
    if args.json:
        data = board_to_json(board)
        data.update({"id": board.id, "name": board.name, "file": str(written), "hash": digest,
                     "warnings": list(imported.warnings)})
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return 0
    print(f"{board.name}: {board.size} territories, {len(board.continents)} continents, "
          f"{board.border_count()} borders ({len(board.lines)} across water)")
    print(f"wrote {written} (hash {digest})")
    return 0
