"""Domination-format maps the project writes itself, for the importer's tests and bench: small GIF and PNG
encoders (real LZW, every PNG filter and colour type, both interlacings), a tiny hand-made map whose shapes
cover what tracing must get right, and a large map of the usual 677x425 with wavy, hand-drawn-like borders."""

from __future__ import annotations

import math
import random
import struct
import zlib
from collections.abc import Callable, Sequence

# --------------------------------------------------------------------------------------------------
# Encoders


def grey_palette() -> bytes:
    return b"".join(bytes((i, i, i)) for i in range(256))


def encode_gif(width: int, height: int, indices: bytes, palette: bytes | None = None, interlace: bool = False,
               local_palette: bool = False) -> bytes:
    """A GIF89a of one image whose pixels are the palette ``indices`` (row after row), LZW-compressed."""
    palette = palette if palette is not None else grey_palette()
    palette = palette.ljust(768, b"\0")[:768]
    rows = [indices[y * width:(y + 1) * width] for y in range(height)]
    if interlace:
        order = [*range(0, height, 8), *range(4, height, 8), *range(2, height, 4), *range(1, height, 2)]
        rows = [rows[y] for y in order]
    data = _lzw_encode(b"".join(rows), 8)
    screen_flags = 0x80 | 0x70 | 7 if not local_palette else 0x70
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", width, height, screen_flags, 0, 0))
    if not local_palette:
        out += palette
    out += b"\x21\xf9\x04\x00\x00\x00\x00\x00"  # a graphic control extension, to be skipped
    image_flags = (0x40 if interlace else 0) | (0x87 if local_palette else 0)
    out += b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, image_flags)
    if local_palette:
        out += palette
    out += bytes((8,))
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        out += bytes((len(chunk),)) + chunk
    out += b"\x00\x3b"
    return bytes(out)


def _lzw_encode(data: bytes, min_size: int) -> bytes:
    """GIF's LZW: a table of strings grown one entry a code, code width up to 12 bits, cleared when full."""
    clear, end = 1 << min_size, (1 << min_size) + 1
    out = bytearray()
    acc = nbits = 0

    def emit(code: int, size: int) -> None:
        nonlocal acc, nbits
        acc |= code << nbits
        nbits += size
        while nbits >= 8:
            out.append(acc & 255)
            acc >>= 8
            nbits -= 8

    def reset() -> tuple[dict[tuple[int, int], int], int, int]:
        return {}, end + 1, min_size + 1

    table, next_code, size = reset()
    emit(clear, size)
    code = -1
    for byte in data:
        if code < 0:
            code = byte
            continue
        found = table.get((code, byte))
        if found is not None:
            code = found
            continue
        emit(code, size)
        table[(code, byte)] = next_code
        next_code += 1
        if next_code > (1 << size) and size < 12:
            size += 1
        if next_code == 4096:
            emit(clear, size)
            table, next_code, size = reset()
        code = byte
    if code >= 0:
        emit(code, size)
        if next_code + 1 > (1 << size) and size < 12:  # the decoder grows its table on this code first
            size += 1
    emit(end, size)
    if nbits:
        out.append(acc & 255)
    return bytes(out)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


_COLOUR_TYPE = {"grey": 0, "rgb": 2, "palette": 3, "greyalpha": 4, "rgba": 6}
_SAMPLES = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def encode_png(width: int, height: int, values: bytes, mode: str = "grey", filters: Sequence[int] = (0,),
               interlace: bool = False, depth: int = 8, palette: bytes | None = None, sixteen: bool = False) -> bytes:
    """A PNG whose pixels read back as ``values``: grey levels, palette indices (into a grey palette unless
    ``palette``), or RGB(A)/grey-alpha with the value in blue (and noise in the other channels, which the
    index must not read). Rows use ``filters`` in turn."""
    colour = _COLOUR_TYPE[mode]
    if mode == "rgb":
        samples = b"".join(bytes(((v * 7) & 255, (v * 13) & 255, v)) for v in values)
    elif mode == "rgba":
        samples = b"".join(bytes(((v * 7) & 255, (v * 13) & 255, v, 255)) for v in values)
    elif mode == "greyalpha":
        samples = b"".join(bytes((v, 200)) for v in values)
    else:
        samples = values
    if sixteen:
        depth = 16
        samples = b"".join(bytes((s, s)) for s in samples)
    bits = _SAMPLES[colour] * depth

    def pack_rows(w: int, h: int, pixel_rows: list[bytes]) -> bytes:
        stride = (w * bits + 7) // 8
        raw = bytearray()
        prev = bytes(stride)
        for y, row in enumerate(pixel_rows):
            if depth < 8:
                packed = bytearray(stride)
                for x, v in enumerate(row):
                    packed[x * depth // 8] |= v << (8 - depth - (x * depth) % 8)
                row = bytes(packed)
            kind = filters[y % len(filters)]
            raw.append(kind)
            raw += _filter(kind, row, prev, max(1, bits // 8))
            prev = row
        return bytes(raw)

    per_pixel = _SAMPLES[colour] * max(1, depth // 8)
    if depth < 8:
        per_pixel = 1
    pixels = [samples[i * per_pixel:(i + 1) * per_pixel] for i in range(width * height)]
    if interlace:
        raw = b""
        for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
                               (0, 1, 1, 2)):
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):
                sub_rows = [b"".join(pixels[y * width + x] for x in xs) for y in ys]
                raw += pack_rows(len(xs), len(ys), sub_rows if depth >= 8 else [bytes(r) for r in sub_rows])
    else:
        raw = pack_rows(width, height, [b"".join(pixels[y * width:(y + 1) * width]) for y in range(height)])
    out = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0,
                                                             int(interlace)))
    if colour == 3:
        out += _chunk(b"PLTE", palette if palette is not None else grey_palette())
    compressed = zlib.compress(raw, 9)
    half = len(compressed) // 2  # two IDAT chunks: a reader must join them
    out += _chunk(b"IDAT", compressed[:half]) + _chunk(b"IDAT", compressed[half:]) + _chunk(b"IEND", b"")
    return out


def _filter(kind: int, row: bytes, prev: bytes, bpp: int) -> bytes:
    out = bytearray(len(row))
    for i, value in enumerate(row):
        left = row[i - bpp] if i >= bpp else 0
        up = prev[i]
        corner = prev[i - bpp] if i >= bpp else 0
        if kind == 0:
            predicted = 0
        elif kind == 1:
            predicted = left
        elif kind == 2:
            predicted = up
        elif kind == 3:
            predicted = (left + up) >> 1
        else:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            predicted = left if pa <= pb and pa <= pc else up if pb <= pc else corner
        out[i] = (value - predicted) & 255
    return bytes(out)


# --------------------------------------------------------------------------------------------------
# A tiny map: 96 x 64 pixels, nine countries, shapes chosen for what tracing must get right


TINY_WIDTH, TINY_HEIGHT = 96, 64


def tiny_value(x: int, y: int) -> int:
    """The tiny map's index: 1 and 2 split by a staircase; 3 a ring round a lake holding island 4; 5 in two
    pieces; 6 touching 2; 7 and 8 a checkerboard (each in two pieces meeting corner to corner); 9 at the
    right edge, across the world's edge from 5; 255 the sea."""
    if 4 <= x < 44 and 4 <= y < 30:
        return 1 if x < 4 + y else 2
    if 52 <= x < 88 and 4 <= y < 40:
        if 62 <= x < 78 and 14 <= y < 30:
            return 4 if 66 <= x < 74 and 18 <= y < 26 else 255
        return 3
    if (0 <= x < 20 and 36 <= y < 52) or (26 <= x < 34 and 44 <= y < 52):
        return 5
    if 36 <= x < 48 and 30 <= y < 52:
        return 6
    if 52 <= x < 68 and 44 <= y < 60:
        return 7 if (x < 60) == (y < 52) else 8
    if 84 <= x < 96 and 48 <= y < 60:
        return 9
    return 255


def tiny_index() -> bytes:
    return bytes(tiny_value(x, y) for y in range(TINY_HEIGHT) for x in range(TINY_WIDTH))


TINY_COUNTRIES = [  # number, name as written, continent, x, y
    (1, "North_West", 1, 10, 10), (2, "North-East", 1, 38, 10), (3, "Ring_Land", 2, 70, 22),
    (4, "Lake_Isle", 2, 70, 22), (5, "Twin_Isles", 3, 10, 44), (6, "Middle", 1, 42, 44),
    (7, "Chequer_A", 3, 56, 48), (8, "Chequer_B", 3, 64, 48), (9, "Far_East", 3, 90, 54),
]
TINY_BORDERS = {1: [2], 2: [3, 6], 3: [2, 4], 4: [3], 5: [6, 9], 6: [2, 5, 7], 7: [6, 8], 8: [7, 9], 9: [8, 5]}


def tiny_map_text(index_name: str = "tiny_map.gif", countries: Sequence[tuple[int, str, int, int, int]] = (),
                  borders: dict[int, list[int]] | None = None, extra: str = "") -> str:
    countries = countries or TINY_COUNTRIES
    borders = borders if borders is not None else TINY_BORDERS
    lines = ["; a map the tests made", "; comments start with a semicolon", "", "name Tiny World",
             "author The Tests", "", "[files]", "pic tiny_pic.png", f"map {index_name}", "crd tiny.cards",
             "prv tiny_preview.jpg", "", "[continents]", "North 3 yellow", "Ring_Sea 2 #3366cc", "South 4 0x00aa00",
             "Nowhere 9 red", "", "[countries]"]
    lines += [f"{n} {name} {c} {x} {y}" for n, name, c, x, y in countries]
    lines += ["", "[borders]"]
    lines += [" ".join(map(str, [n, *ns])) for n, ns in sorted(borders.items())]
    return "\r\n".join(lines) + "\r\n" + extra


def tiny_cards_text() -> str:
    kinds = ["Infantry", "Cavalry", "Cannon"]
    lines = ["[cards]"] + [f"{kinds[n % 3]} {n}" for n in range(1, 10)] + ["wildcard", "wildcard", "", "[missions]",
                                                                          "2 0 0 0 0 0 Destroy PLAYER2's armies",
                                                                          "0 6 2 0 0 0 Hold 6 countries with 2 armies",
                                                                          "0 0 0 1 3 * Take North, South and one more"]
    return "\n".join(lines) + "\n"


def tiny_picture() -> bytes:
    """A small picture (a PNG of the map's shapes in colour) to lay under the outlines."""
    return encode_png(TINY_WIDTH, TINY_HEIGHT, bytes(v * 20 & 255 for v in tiny_index()), mode="rgb")


def tiny_files(index: str = "gif", **changes: bytes) -> dict[str, bytes]:
    """The tiny map's files by name, with the index image as a GIF or a PNG; ``changes`` replaces files."""
    index_name = f"tiny_map.{index}"
    pixels = tiny_index()
    image = (encode_gif(TINY_WIDTH, TINY_HEIGHT, pixels) if index == "gif"
             else encode_png(TINY_WIDTH, TINY_HEIGHT, pixels, filters=(0, 1, 2, 3, 4)))
    files = {"tiny.map": tiny_map_text(index_name).encode(), "tiny.cards": tiny_cards_text().encode(),
             index_name: image, "tiny_pic.png": tiny_picture()}
    files.update(changes)
    return files


# --------------------------------------------------------------------------------------------------
# A large map: Domination's usual 677 x 425, 42 countries in 6 continents, wavy borders and coasts


def world_index(width: int = 677, height: int = 425, seed: int = 1) -> bytes:
    """42 countries round the points of a jittered 7 x 6 grid, in six continents (two rows of three blocks of
    columns) parted by channels of sea; borders and coasts bent by waves a few pixels high, as a hand with a
    brush draws them; numbered down each column, continent by continent; 255 the sea."""
    rng = random.Random(seed)
    columns, rows = 7, 6
    cw, ch = width / columns, height / rows
    centres: list[tuple[float, float, int]] = []  # x, y, continent
    for continent, (c0, c1, r0) in enumerate([(0, 2, 0), (2, 5, 0), (5, 7, 0), (0, 2, 3), (2, 5, 3), (5, 7, 3)]):
        for c in range(c0, c1):
            for r in range(r0, r0 + 3):
                centres.append(((c + 0.5 + rng.uniform(-0.3, 0.3)) * cw, (r + 0.5 + rng.uniform(-0.3, 0.3)) * ch,
                                continent))
    cell = 16
    near: dict[tuple[int, int], list[int]] = {}
    for cy in range(0, height + cell, cell):
        for cx in range(0, width + cell, cell):
            mx, my = cx + cell / 2, cy + cell / 2
            near[(cx // cell, cy // cell)] = sorted(range(len(centres)), key=lambda k: (centres[k][0] - mx) ** 2 + (
                centres[k][1] - my) ** 2)[:5]
    phase = [rng.uniform(0, 6.3) for _ in range(4)]
    out = bytearray(width * height)
    for y in range(height):
        for x in range(width):
            jitter = ((x * 73856093) ^ (y * 19349663) ^ seed) % 1000 / 400.0  # ragged by a pixel or two
            wave = 3.0 * math.sin(x / 9.0 + phase[0]) * math.cos(y / 11.0 + phase[1]) + 1.5 * math.sin(
                (x + y) / 5.0 + phase[2]) + jitter
            best, second, which, other = 1e18, 1e18, 0, 0
            for k in near[(x // cell, y // cell)]:
                cx, cy, _ = centres[k]
                d = math.hypot(cx - x, cy - y) + wave * (1 if k % 2 else -1)
                if d < best:
                    best, second, which, other = d, best, k, which
                elif d < second:
                    second, other = d, k
            channel = centres[which][2] != centres[other][2] and second - best < 7 + 3 * math.sin(y / 13.0 + phase[3])
            edge = min(x, y, width - 1 - x, height - 1 - y) < 6 + 4 * math.sin((x - y) / 17.0)
            out[y * width + x] = 255 if channel or edge or best > 58 + 5 * math.cos(x / 7.0) else which + 1
    return bytes(out)


def world_map_text(index_name: str, index: bytes, width: int = 677, height: int = 425) -> str:
    """The .map of :func:`world_index`: each country's badge at the mean of its pixels, its borders those it
    shares in the image and, across the sea, to the next country by number (so that every one is reached)."""
    sizes = [6, 9, 6, 6, 9, 6]
    continent_of = [c for c, size in enumerate(sizes, 1) for _ in range(size)]
    sums: dict[int, list[int]] = {}
    borders: dict[int, set[int]] = {n: set() for n in range(1, 43)}
    for y in range(height):
        row = index[y * width:(y + 1) * width]
        below = index[(y + 1) * width:(y + 2) * width] if y + 1 < height else b""
        for x, v in enumerate(row):
            if v == 255:
                continue
            total = sums.setdefault(v, [0, 0, 0])
            total[0] += x
            total[1] += y
            total[2] += 1
            for w in (row[x + 1] if x + 1 < width else 255, below[x] if below else 255):
                if w not in (255, v):
                    borders[v].add(w)
                    borders[w].add(v)
    for n in range(1, 42):
        borders[n].add(n + 1)
        borders[n + 1].add(n)
    lines = ["name Wavy World", "", "[files]", f"map {index_name}", "", "[continents]"]
    lines += [f"Continent_{i + 1} {i + 2} red" for i in range(6)]
    lines += ["", "[countries]"]
    lines += [f"{n} Country_{n} {continent_of[n - 1]} {sums[n][0] // sums[n][2]} {sums[n][1] // sums[n][2]}"
              for n in range(1, 43)]
    lines += ["", "[borders]"]
    lines += [" ".join(map(str, [n, *sorted(borders[n])])) for n in range(1, 43)]
    return "\n".join(lines) + "\n"


Encoder = Callable[[int, int, bytes], bytes]
