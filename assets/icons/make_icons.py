"""Draw the page's icons (a globe of three players' lands on the sea, in a dark tile) as PNG and SVG.

Standard library only: shapes are polygons filled with 4 x 4 samples a pixel, written by zlib. Run it after
changing the design; the build ships what it wrote (``icon-192.png``, ``icon-512.png``, the maskable
``icon-maskable-512.png`` whose picture keeps within the middle 80 %, and ``icon.svg``).

    python3 assets/icons/make_icons.py
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAMPLES = 4
TILE = "#1d2733"
SEA = "#2f6db3"
RING = "#fffdf8"
# Three lands in three player colours (red, yellow, green of the palette), in a 100 x 100 design.
LANDS = (
    ("#A53408", [(24, 30), (44, 22), (52, 34), (44, 46), (30, 50), (22, 42)]),
    ("#FFF07B", [(56, 26), (76, 32), (80, 48), (66, 52), (58, 42)]),
    ("#0B8670", [(34, 58), (56, 56), (70, 64), (62, 80), (44, 82), (32, 70)]),
)


def circle(cx: float, cy: float, r: float, n: int = 128) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]


def rounded_square(size: float, radius: float) -> list[tuple[float, float]]:
    points = []
    for cx, cy, start in ((size - radius, radius, -90), (size - radius, size - radius, 0),
                          (radius, size - radius, 90), (radius, radius, 180)):
        for i in range(9):
            angle = math.radians(start + 90 * i / 8)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def shapes(maskable: bool) -> list[tuple[str, list[tuple[float, float]]]]:
    """The design in a 100 x 100 box: a tile (full bleed when maskable), the globe, its ring, the lands."""
    scale, shift = (0.8, 10.0) if maskable else (1.0, 0.0)  # maskable: the picture within the safe 80 %

    def place(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(shift + x * scale, shift + y * scale) for x, y in points]

    tile = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)] if maskable else rounded_square(100, 18)
    found = [(TILE, tile), (RING, place(circle(50, 52, 40))), (SEA, place(circle(50, 52, 36)))]
    found += [(colour, place([(float(x), float(y)) for x, y in points])) for colour, points in LANDS]
    return found


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def raster(size: int, maskable: bool) -> bytes:
    """The icon as RGBA rows: each shape painted over the ones before, by its share of each pixel."""
    pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]
    unit = size / 100
    for colour, points in shapes(maskable):
        r, g, b = _rgb(colour)
        scaled = [(x * unit, y * unit) for x, y in points]
        cover = [0.0] * (size * size)
        edges = list(zip(scaled, scaled[1:] + scaled[:1], strict=True))
        for row in range(size * SAMPLES):
            y = (row + 0.5) / SAMPLES
            crossings = sorted(x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                               for (x1, y1), (x2, y2) in edges if (y1 <= y < y2) or (y2 <= y < y1))
            py = int(y)
            for left, right in zip(crossings[::2], crossings[1::2], strict=False):
                for column in range(max(0, math.ceil(left * SAMPLES - 0.5)),
                                    min(size * SAMPLES, math.floor(right * SAMPLES - 0.5) + 1)):
                    cover[py * size + column // SAMPLES] += 1 / (SAMPLES * SAMPLES)
        for i, share in enumerate(cover):
            if share <= 0:
                continue
            share = min(1.0, share)
            p = pixels[i]
            p[0] = p[0] * (1 - share) + r * share
            p[1] = p[1] * (1 - share) + g * share
            p[2] = p[2] * (1 - share) + b * share
            p[3] = p[3] * (1 - share) + 255 * share
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            p = pixels[y * size + x]
            alpha = p[3]
            if alpha > 0:  # the colours were mixed over transparent black: undo that for straight alpha
                rows += bytes(round(min(255.0, c * 255 / alpha)) for c in p[:3]) + bytes((round(alpha),))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, maskable: bool) -> bytes:
    """The icon as a PNG: indexed colour when the picture has at most 256 colours (it has under 100: flat
    shapes and their antialiased edges), a third smaller than RGBA; RGBA otherwise."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = raster(size, maskable)
    stride = 1 + 4 * size
    pixels = [rows[y * stride + 1 + 4 * x: y * stride + 5 + 4 * x] for y in range(size) for x in range(size)]
    palette = sorted(set(pixels))
    if len(palette) > 256:
        header, extra, data = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0), b"", rows
    else:
        index = {colour: i for i, colour in enumerate(palette)}
        header = struct.pack(">IIBBBBB", size, size, 8, 3, 0, 0, 0)
        extra = chunk(b"PLTE", b"".join(c[:3] for c in palette)) + chunk(b"tRNS", bytes(c[3] for c in palette))
        data = b"".join(b"\0" + bytes(index[c] for c in pixels[y * size:(y + 1) * size]) for y in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra
            + chunk(b"IDAT", zlib.compress(data, 9)) + chunk(b"IEND", b""))


def svg() -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">']
    for colour, points in shapes(False):
        path = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in points) + "Z"
        parts.append(f'<path fill="{colour}" d="{path}"/>')
    return "".join(parts) + "</svg>\n"


def main() -> None:
    (HERE / "icon-192.png").write_bytes(png(192, False))
    (HERE / "icon-512.png").write_bytes(png(512, False))
    (HERE / "icon-maskable-512.png").write_bytes(png(512, True))
    (HERE / "icon.svg").write_text(svg(), encoding="utf-8")


if __name__ == "__main__":
    main()
