"""The standard library on demand (risk_ui.on_demand) in CPython: a module the shipped archive lacks is
found in the other archive, fetched once on the first miss; a name the other archive does not hold never
fetches it; a package that was shipped finds its left-out submodules."""

from __future__ import annotations

import importlib
import io
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from risk_ui.on_demand import OnDemand
from risk_ui.words import Unfetchable


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


@pytest.fixture
def finder(tmp_path: Path) -> Iterator[tuple[OnDemand, list[str]]]:
    shipped = tmp_path / "shipped"
    (shipped / "zzpkg").mkdir(parents=True)
    (shipped / "zzpkg" / "__init__.py").write_text("SHIPPED = True\n")
    more = zipped({"zzmore.py": "VALUE = 7\n", "zzpkg/left.py": "from zzpkg import SHIPPED\nVALUE = SHIPPED\n"})
    fetched: list[str] = []

    def fetch(url: str) -> bytes:
        fetched.append(url)
        return more

    on_demand = OnDemand(lambda: ["zzmore", "zzpkg.left"], fetch, url="more.zip", mount=str(tmp_path / "more.zip"),
                         write=lambda path, data: Path(path).write_bytes(data))
    sys.path.insert(0, str(shipped))
    sys.meta_path.append(on_demand)
    try:
        yield on_demand, fetched
    finally:
        sys.meta_path.remove(on_demand)
        for entry in (str(shipped), str(tmp_path / "more.zip")):
            if entry in sys.path:
                sys.path.remove(entry)
        for name in ("zzmore", "zzpkg", "zzpkg.left"):
            sys.modules.pop(name, None)
        sys.path_importer_cache.clear()


def test_a_module_left_out_is_fetched_once_on_the_first_miss(finder: tuple[OnDemand, list[str]]) -> None:
    on_demand, fetched = finder
    assert importlib.import_module("zzmore").VALUE == 7
    assert importlib.import_module("zzpkg.left").VALUE is True  # its package was shipped
    assert fetched == ["more.zip"] and on_demand.loaded == ["zzmore", "zzpkg.left"]


def test_a_name_the_other_archive_lacks_fetches_nothing(finder: tuple[OnDemand, list[str]]) -> None:
    _, fetched = finder
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("zz_never_was")
    assert importlib.import_module("zzpkg").SHIPPED and fetched == []


def test_an_archive_a_host_already_decompressed_is_mounted_as_it_came(tmp_path: Path) -> None:
    """The game's archives come compressed with Zstandard (decompressed in the page: tests/e2e); a host that
    sent one with a Content-Encoding hands over the zip itself, which the finder mounts as it is."""
    mount = tmp_path / "more.zip"
    on_demand = OnDemand(lambda: [], lambda url: b"", mount=str(mount), write=lambda p, d: Path(p).write_bytes(d))
    data = zipped({"zzgz.py": "VALUE = 1\n"})
    on_demand.mount(data)
    try:
        assert mount.read_bytes() == data and on_demand.mounted
    finally:
        sys.path.remove(str(mount))


def test_an_archive_of_another_build_is_refused_and_this_builds_mounted(tmp_path: Path) -> None:
    """The classic game's archive carries each other archive's SHA-256 (build.archive_digest): a copy from another
    build (a cache's, say) would mix two versions of the game, so it is not mounted."""
    import hashlib

    mount = tmp_path / "more.zip"
    data = zipped({"zzdigest.py": "VALUE = 1\n"})
    write = lambda p, d: Path(p).write_bytes(d)  # noqa: E731
    stale = OnDemand(lambda: [], lambda url: b"", mount=str(mount), write=write, digest=lambda: "0" * 64)
    with pytest.raises(Unfetchable, match="another version of the game"):
        stale.mount(data)
    assert not stale.mounted and not mount.exists()
    right = OnDemand(lambda: [], lambda url: b"", mount=str(mount), write=write,
                     digest=lambda: hashlib.sha256(data).hexdigest())
    right.mount(data)
    try:
        assert right.mounted and mount.read_bytes() == data
    finally:
        sys.path.remove(str(mount))
