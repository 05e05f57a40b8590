"""The built site in Chromium: it starts, stays on its own origin, works offline, and shows the map."""

from __future__ import annotations

import shutil
import struct
import zlib
from pathlib import Path
from urllib.parse import urlsplit

import build
import pytest

RESULTS = Path(__file__).resolve().parents[2] / "test-results"


def foreign_requests(urls: list[str], site_url: str) -> list[str]:
    """The URLs that leave the site's origin (data: and blob: URLs never leave the page)."""
    origin = urlsplit(site_url)[:2]
    return [url for url in urls if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url)[:2] != origin]


def test_the_origin_check_catches_a_cdn_and_passes_local_files() -> None:
    site = "http://127.0.0.1:8123/"
    local = ["http://127.0.0.1:8123/index.html", "data:,", "blob:http://127.0.0.1:8123/x"]
    cdn = "https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs"
    assert foreign_requests(local, site) == []
    assert foreign_requests([*local, cdn, "http://127.0.0.1:9999/other-port.js"], site) == [
        cdn,
        "http://127.0.0.1:9999/other-port.js",
    ]


def test_the_page_starts_without_error_and_asks_only_its_own_origin(page, site_url) -> None:
    page.open()
    page.wait_ready()
    assert page.locator("#error").is_hidden()
    assert page.locator("#loader").is_hidden()
    assert page.locator(".py-error").count() == 0
    assert page.page_errors == [] and page.console_errors == []
    page.wait_controlled()  # the service worker's precache requests are checked too
    assert any(url.endswith("pyodide.asm.wasm") for url in page.requests)
    assert foreign_requests(page.requests, site_url) == []


def test_after_one_visit_the_page_starts_with_the_network_off(page, site_server) -> None:
    page.open()
    page.wait_ready()
    page.wait_controlled()
    page.context.set_offline(True)
    site_server.reset_counts()
    page.reload()
    page.wait_ready()
    assert page.locator("#error").is_hidden()
    assert site_server.requests == [], "offline, the server must not have been asked for anything"


def png_colours(png: bytes, samples: int = 4000) -> set[tuple[int, ...]]:
    """Colours of up to ``samples`` pixels spread over an 8-bit RGB or RGBA PNG (what Chromium writes)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, [], b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        data = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = data
        elif kind == b"IDAT":
            chunks.append(data)
        pos += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, "an unexpected PNG layout"
    channels = 3 if colour_type == 2 else 4
    raw, stride = zlib.decompress(b"".join(chunks)), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    step = max(1, (width * height) // samples)
    return {
        tuple(rows[n // width][(n % width) * channels : (n % width + 1) * channels])
        for n in range(0, width * height, step)
    }


@pytest.mark.parametrize(
    "viewport",
    [{"width": 390, "height": 844}, {"width": 1280, "height": 800}],
    ids=["phone-390x844", "desktop-1280x800"],
)
def test_the_map_shows_before_python_starts_and_after_on_a_phone_and_a_desktop(browser, site_url, viewport) -> None:
    """Screenshots in test-results/: the map inlined in the HTML draws at once, under the loader."""
    name = f"site-{viewport['width']}x{viewport['height']}"
    RESULTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(site_url, wait_until="domcontentloaded")
        assert page.evaluate("document.documentElement.dataset.ready") is None, "too late to see the loader"
        assert page.locator("#loader").is_visible()
        assert page.locator("#loader-stage").inner_text() in ("Downloading…", "Starting Python…", "Loading the game…")
        shots = {"loading": page.screenshot(path=str(RESULTS / f"{name}-loading.png"))}
        loading_box = page.locator("#map svg").first.bounding_box()
        page.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=90_000)
        shots["ready"] = page.screenshot(path=str(RESULTS / f"{name}.png"))
        ready_box = page.locator("#map svg").first.bounding_box()
    finally:
        context.close()
    for box in (loading_box, ready_box):
        assert box is not None and box["width"] > viewport["width"] / 2 and box["height"] > 100, box
    for stage, shot in shots.items():
        assert len(png_colours(shot)) > 20, f"the {stage} screenshot is (nearly) one colour"


BROKEN_MAIN = """
from risk_ui import boot

def main():
    raise RuntimeError("a deliberate failure in main()")

boot.run(main)
"""


@pytest.mark.parametrize(
    ("path", "content", "expected"),
    [
        ("app/main.py", BROKEN_MAIN, "a deliberate failure in main()"),
        ("pyscript.toml", 'interpreter = "./runtime/pyodide/missing.mjs"\n', "missing.mjs"),
    ],
    ids=["python-raises", "runtime-missing"],
)
def test_a_failed_start_shows_the_error_box_not_a_blank_page(
    browser, site_server, tmp_path, path, content, expected
) -> None:
    broken = tmp_path / "site"
    shutil.copytree(site_server.root, broken, ignore=shutil.ignore_patterns("sw.js*"))
    (broken / path).write_text(content)
    for packed in broken.rglob(path + ".gz"):
        packed.unlink()
    context = browser.new_context()
    try:
        with build.serving(broken) as server:
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector("#error:not([hidden])", timeout=90_000)
            message = page.locator("#error-message").inner_text()
            assert page.locator("#loader").is_hidden()
            assert page.evaluate("document.documentElement.dataset.ready") is None
    finally:
        context.close()
    assert expected in message
