"""GIF and PNG decoded in pure Python, to the one number per pixel an index image carries.

Domination reads an index image's pixel as a colour and keeps its lowest byte, the blue channel: in a grey
image that is the grey level, in a palette image the blue of the pixel's palette colour, whatever its index.
:func:`decode_index_image` gives the same number for every pixel, one byte each, row after row. GIF (LZW,
interlaced or not, global or local palette, the first image of the file) and PNG (every colour type at 1 to 8
bits, the five filters, Adam7 interlacing) are read; a 16-bit PNG is refused with a message, as is anything
damaged or cut short. The work per pixel is done by ``zlib``, ``bytes.translate`` and slicing where it can be;
what is left in Python is the LZW codes (far fewer than the pixels) and the PNG filters that depend on the
byte before (Sub, Average, Paeth; Up is done on whole rows as big integers).

:func:`picture_size` reads the width and height of a picture (PNG, GIF or JPEG) without decoding it.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from risk.importers.errors import MapImportError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_PIXELS = 4_000_000  # Domination's maps are 677 x 425; the largest made for it are a few times that


@dataclass(frozen=True, slots=True)
class IndexImage:
    """An image reduced to one byte per pixel (the blue channel), row after row."""

    width: int
    height: int
    pixels: bytes

    def at(self, x: int, y: int) -> int:
        """The value of pixel (x, y)."""
        return self.pixels[y * self.width + x]


def decode_index_image(data: bytes, name: str) -> IndexImage:
    """The index image in ``data`` (GIF or PNG, told by its first bytes); ``name`` is for messages.

    >>> decode_index_image(b"BM....", "map.bmp")
    Traceback (most recent call last):
    ...
    risk.importers.errors.MapImportError: map.bmp: not a GIF or PNG image (save the index image as GIF or PNG)
    """
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return decode_gif(data, name)
    if data[:8] == PNG_SIGNATURE:
        return decode_png(data, name)
    raise MapImportError(name, "not a GIF or PNG image (save the index image as GIF or PNG)")


def _check_size(width: int, height: int, name: str) -> None:
    if width * height > MAX_PIXELS:
        raise MapImportError(name, f"the image is {width}x{height} pixels; an index image of up to "
                                   f"{MAX_PIXELS // 1_000_000} million pixels is imported")


def _blue_table(palette: bytes) -> bytes:
    """A 256-byte table from a palette index to the blue of its colour (255 past the palette's end)."""
    blues = palette[2::3][:256]
    return blues + b"\xff" * (256 - len(blues))


# --------------------------------------------------------------------------------------------------
# GIF


def decode_gif(data: bytes, name: str) -> IndexImage:
    """The first image of a GIF file, as the blue channel of its palette colours; where the image does not
    cover its logical screen, the rest is 255 (in an index image: no territory)."""
    if len(data) < 13:
        raise MapImportError(name, "the GIF ends inside its header (the file is cut short)")
    screen_w, screen_h, flags = struct.unpack_from("<HHB", data, 6)
    pos = 13
    global_palette = b""
    if flags & 0x80:
        size = 3 << ((flags & 7) + 1)
        global_palette = data[pos:pos + size]
        pos += size
    while True:
        if pos >= len(data):
            raise MapImportError(name, "the GIF ends before its first image (the file is cut short)")
        block = data[pos]
        if block == 0x21:  # an extension: its label, then sub-blocks
            pos = _skip_sub_blocks(data, pos + 2, name)
        elif block == 0x2C:
            break
        elif block == 0x3B:
            raise MapImportError(name, "the GIF holds no image")
        else:
            raise MapImportError(name, f"the GIF is damaged (an unknown block 0x{block:02x} at byte {pos})")
    if pos + 10 > len(data):
        raise MapImportError(name, "the GIF ends inside its image's header (the file is cut short)")
    left, top, width, height, image_flags = struct.unpack_from("<HHHHB", data, pos + 1)
    pos += 10
    palette = global_palette
    if image_flags & 0x80:
        size = 3 << ((image_flags & 7) + 1)
        palette = data[pos:pos + size]
        pos += size
    if not palette:
        raise MapImportError(name, "the GIF has no palette")
    if width == 0 or height == 0:
        raise MapImportError(name, "the GIF's image is empty")
    _check_size(width, height, name)
    if pos >= len(data):
        raise MapImportError(name, "the GIF ends before its image data (the file is cut short)")
    min_size = data[pos]
    if not 2 <= min_size <= 11:
        raise MapImportError(name, f"the GIF is damaged (LZW code size {min_size})")
    chunks = []
    pos += 1
    while True:
        if pos >= len(data):
            raise MapImportError(name, "the GIF ends inside its image data (the file is cut short)")
        length = data[pos]
        if length == 0:
            break
        if pos + 1 + length > len(data):
            raise MapImportError(name, "the GIF ends inside its image data (the file is cut short)")
        chunks.append(data[pos + 1:pos + 1 + length])
        pos += 1 + length
    count = width * height
    indices = _lzw_decode(b"".join(chunks), min_size, count, name)
    if len(indices) < count:
        raise MapImportError(name, f"the GIF's image data stops after {len(indices)} of its {count} pixels "
                                   "(the file is cut short or damaged)")
    values = bytes(indices[:count]).translate(_blue_table(palette))
    if image_flags & 0x40:
        values = _deinterlace_gif(values, width, height)
    if (left, top, width, height) != (0, 0, screen_w, screen_h) and screen_w and screen_h:
        values = _on_screen(values, width, height, left, top, screen_w, screen_h, 255)  # no territory round it
        width, height = screen_w, screen_h
    return IndexImage(width, height, values)


def _skip_sub_blocks(data: bytes, pos: int, name: str) -> int:
    while True:
        if pos >= len(data):
            raise MapImportError(name, "the GIF ends inside an extension block (the file is cut short)")
        length = data[pos]
        pos += 1 + length
        if length == 0:
            return pos


def _lzw_decode(data: bytes, min_size: int, count: int, name: str) -> bytearray:
    """GIF's variable-length LZW: codes read least significant bit first, the table grown one entry per
    code, the code width growing to 12 bits; stops at the end code, the end of the data or ``count`` pixels."""
    clear = 1 << min_size
    end = clear + 1
    base = [bytes((i,)) for i in range(clear)] + [b"", b""]
    table = list(base)
    size = min_size + 1
    mask = (1 << size) - 1
    out = bytearray()
    prev = b""
    acc = nbits = pos = 0
    n = len(data)
    while len(out) < count:
        while nbits < size:
            if pos >= n:
                return out
            acc |= data[pos] << nbits
            pos += 1
            nbits += 8
        code = acc & mask
        acc >>= size
        nbits -= size
        if code == clear:
            table = list(base)
            size = min_size + 1
            mask = (1 << size) - 1
            prev = b""
            continue
        if code == end:
            break
        if code < len(table):
            entry = table[code]
            if prev and len(table) < 4096:
                table.append(prev + entry[:1])
        elif code == len(table) and prev:
            entry = prev + prev[:1]
            table.append(entry)
        else:
            raise MapImportError(name, f"the GIF's image data is damaged (LZW code {code} after {len(out)} pixels)")
        out += entry
        prev = entry
        if len(table) == mask + 1 and size < 12:
            size += 1
            mask = (1 << size) - 1
    return out


def _deinterlace_gif(values: bytes, width: int, height: int) -> bytes:
    """Rows stored in the four passes of an interlaced GIF (every 8th from 0, every 8th from 4, every 4th
    from 2, every 2nd from 1), put back in order."""
    order = [*range(0, height, 8), *range(4, height, 8), *range(2, height, 4), *range(1, height, 2)]
    rows: list[bytes] = [b""] * height
    for stored, row in enumerate(order):
        rows[row] = values[stored * width:(stored + 1) * width]
    return b"".join(rows)


def _on_screen(values: bytes, width: int, height: int, left: int, top: int, screen_w: int, screen_h: int,
               fill: int) -> bytes:
    """An image placed on its logical screen (the rest in the background colour), clipped to it."""
    canvas = bytearray([fill]) * (screen_w * screen_h)
    for y in range(height):
        sy = top + y
        if not 0 <= sy < screen_h:
            continue
        x0, x1 = max(left, 0), min(left + width, screen_w)
        if x0 < x1:
            canvas[sy * screen_w + x0:sy * screen_w + x1] = values[y * width + x0 - left:y * width + x1 - left]
    return bytes(canvas)


# --------------------------------------------------------------------------------------------------
# PNG

_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # colour type: samples per pixel
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def decode_png(data: bytes, name: str) -> IndexImage:
    """A PNG's pixels as one byte each: the grey level, or the blue of the colour (palette, RGB, RGBA)."""
    pos = 8
    header: tuple[int, ...] | None = None
    palette = b""
    idat: list[bytes] = []
    ended = False
    while pos < len(data):
        if pos + 8 > len(data):
            raise MapImportError(name, "the PNG ends inside a chunk header (the file is cut short)")
        length, kind = struct.unpack_from(">I4s", data, pos)
        body = data[pos + 8:pos + 8 + length]
        if len(body) < length or pos + 12 + length > len(data):
            raise MapImportError(name, f"the PNG ends inside its {kind.decode('latin-1')} chunk "
                                       "(the file is cut short)")
        crc = struct.unpack_from(">I", data, pos + 8 + length)[0]
        if zlib.crc32(kind + body) != crc:
            raise MapImportError(name, f"the PNG's {kind.decode('latin-1')} chunk is damaged (its checksum is wrong)")
        pos += 12 + length
        if kind == b"IHDR":
            if length != 13:
                raise MapImportError(name, "the PNG's header is damaged")
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            ended = True
            break
    if header is None:
        raise MapImportError(name, "the PNG has no header")
    width, height, depth, colour, _compression, _filter, interlace = header
    if colour not in _CHANNELS or depth not in (1, 2, 4, 8, 16) or (colour in (2, 4, 6) and depth < 8) or (
            colour == 3 and depth == 16):
        raise MapImportError(name, f"the PNG's colour type {colour} at {depth} bits is not a valid PNG")
    if depth == 16:
        raise MapImportError(name, "the PNG has 16 bits a sample: save the index image with 8 bits (256 greys or "
                                   "a palette)")
    if colour == 3 and not palette:
        raise MapImportError(name, "the PNG has a palette image but no palette")
    if not ended:
        raise MapImportError(name, "the PNG has no end (the file is cut short)")
    if width == 0 or height == 0:
        raise MapImportError(name, "the PNG's image is empty")
    _check_size(width, height, name)
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(b"".join(idat))
    except zlib.error as error:
        raise MapImportError(name, f"the PNG's image data is damaged ({error})") from None
    if not inflater.eof:
        raise MapImportError(name, "the PNG's image data stops early (the file is cut short or damaged)")
    bits = _CHANNELS[colour] * depth  # bits a pixel
    samples = _adam7(raw, width, height, bits, name) if interlace else _unfilter(raw, width, height, bits, name)
    if depth < 8:
        samples = _unpack(samples, width, height, depth, scale=colour == 0)
    if colour == 3:
        values = samples.translate(_blue_table(palette))
    elif colour == 0:
        values = samples
    else:
        values = samples[{2: 2, 4: 0, 6: 2}[colour]::_CHANNELS[colour]]
    return IndexImage(width, height, values)


def _unfilter(raw: bytes, width: int, height: int, bits: int, name: str, offset: int = 0) -> bytes:
    """The scanlines of one (sub-)image without their filter bytes, each filter undone."""
    stride = (width * bits + 7) // 8
    bpp = max(1, bits // 8)
    need = offset + height * (stride + 1)
    if len(raw) < need:
        raise MapImportError(name, f"the PNG's image data holds {(len(raw) - offset) // (stride + 1)} of its "
                                   f"{height} rows (the file is cut short or damaged)")
    low = int.from_bytes(b"\x7f" * stride, "big")
    high = int.from_bytes(b"\x80" * stride, "big")
    out = bytearray()
    prev: bytes | bytearray = bytes(stride)
    pos = offset
    for _ in range(height):
        kind = raw[pos]
        line = raw[pos + 1:pos + 1 + stride]
        pos += 1 + stride
        if kind == 0:
            row: bytes | bytearray = line
        elif kind == 2:  # Up: each byte plus the one above, mod 256, all at once (no carry between bytes)
            a, b = int.from_bytes(line, "big"), int.from_bytes(prev, "big")
            row = (((a & low) + (b & low)) ^ ((a ^ b) & high)).to_bytes(stride, "big")
        elif kind == 1:  # Sub: plus the byte a pixel to the left
            row = bytearray(line)
            for i in range(bpp, stride):
                row[i] = (row[i] + row[i - bpp]) & 255
        elif kind == 3:  # Average: plus the mean of the left and the above
            row = bytearray(line)
            for i in range(stride):
                left = row[i - bpp] if i >= bpp else 0
                row[i] = (row[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:  # Paeth: plus whichever of left, above, upper left is nearest to left + above - upper left
            row = bytearray(line)
            for i in range(stride):
                if i >= bpp:
                    a, b, c = row[i - bpp], prev[i], prev[i - bpp]
                else:
                    a, b, c = 0, prev[i], 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        else:
            raise MapImportError(name, f"the PNG's image data is damaged (filter {kind} on a row)")
        out += row
        prev = row
    return bytes(out)


def _adam7(raw: bytes, width: int, height: int, bits: int, name: str) -> bytes:
    """An interlaced PNG's seven passes, each unfiltered as its own small image, put back as one."""
    stride = (width * bits + 7) // 8
    if bits < 8:  # unpack each pass to a byte a pixel first: simpler to scatter, and the caller then has 8 bits
        raise MapImportError(name, "the PNG is interlaced with fewer than 8 bits a pixel: save it without "
                                   "interlacing")
    bpp = bits // 8
    out = bytearray(height * stride)
    offset = 0
    for x0, y0, dx, dy in _ADAM7:
        pw, ph = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if pw <= 0 or ph <= 0:
            continue
        sub = _unfilter(raw, pw, ph, bits, name, offset)
        offset += ph * (pw * bpp + 1)
        for j in range(ph):
            y = y0 + j * dy
            row = sub[j * pw * bpp:(j + 1) * pw * bpp]
            for k in range(bpp):
                start = y * stride + x0 * bpp + k
                out[start:start + (pw - 1) * dx * bpp + 1:dx * bpp] = row[k::bpp]
    return bytes(out)


def _unpack(samples: bytes, width: int, height: int, depth: int, scale: bool) -> bytes:
    """Samples of 1, 2 or 4 bits (rows padded to a byte) as one byte each; grey levels scaled to 0-255."""
    stride = (width * depth + 7) // 8
    per_byte = 8 // depth
    top = (1 << depth) - 1
    table = [[(b >> (8 - depth * (k + 1))) & top for k in range(per_byte)] for b in range(256)]
    out = bytearray()
    for y in range(height):
        row = samples[y * stride:(y + 1) * stride]
        unpacked = bytearray()
        for b in row:
            unpacked += bytes(table[b])
        out += unpacked[:width]
    if scale:
        factor = 255 // top
        return bytes(out).translate(bytes(min(255, v * factor) for v in range(256)))
    return bytes(out)


# --------------------------------------------------------------------------------------------------
# Pictures: size only


def picture_size(data: bytes) -> tuple[str, int, int] | None:
    """A picture's type (its MIME type) and size, read from its header; None if it is not PNG, GIF or JPEG.

    >>> picture_size(b"GIF89a" + bytes([2, 1, 3, 0]))
    ('image/gif', 258, 3)
    """
    if data[:8] == PNG_SIGNATURE and len(data) >= 24:
        width, height = struct.unpack_from(">II", data, 16)
        return "image/png", width, height
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack_from("<HH", data, 6)
        return "image/gif", width, height
    if data[:2] == b"\xff\xd8":
        pos = 2
        while pos + 4 <= len(data):
            if data[pos] != 0xFF:
                return None
            marker = data[pos + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                pos += 2
                continue
            length = struct.unpack_from(">H", data, pos + 2)[0]
            if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
                if pos + 9 > len(data):
                    return None
                height, width = struct.unpack_from(">HH", data, pos + 5)
                return "image/jpeg", width, height
            pos += 2 + length
    return None
