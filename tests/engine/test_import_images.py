"""The index image decoders read back what the test encoders wrote, in every layout Domination's maps come in,
and refuse damaged or unsupported images by name."""

from __future__ import annotations

import zlib

import pytest

from engine.domination_maps import encode_gif, encode_png, grey_palette
from risk.importers.errors import MapImportError
from risk.importers.images import decode_index_image, picture_size

WIDTH, HEIGHT = 37, 23  # odd sizes: rows that are not whole bytes at low depths, passes of Adam7 that are short


def pattern(top: int = 256) -> bytes:
    """Values that change along rows and down columns (every filter has work to do), some runs, some noise."""
    return bytes(((x // 5) * 7 + (y // 3) * 11 + ((x * y) % 13 == 0) * 29) % top
                 for y in range(HEIGHT) for x in range(WIDTH))


@pytest.mark.parametrize("interlace", [False, True])
def test_a_gif_reads_back_its_grey_values_interlaced_or_not(interlace: bool) -> None:
    values = pattern()
    image = decode_index_image(encode_gif(WIDTH, HEIGHT, values, interlace=interlace), "map.gif")
    assert (image.width, image.height, image.pixels) == (WIDTH, HEIGHT, values)


def test_a_gif_pixel_is_the_blue_of_its_palette_colour_not_its_index() -> None:
    """Domination reads the colour's low byte: a palette in another order must not change the numbers."""
    values = pattern()
    palette = b"".join(bytes((i, 255 - i, (i * 37) % 256)) for i in range(256))
    indices = values
    image = decode_index_image(encode_gif(WIDTH, HEIGHT, indices, palette=palette, local_palette=True), "m.gif")
    assert image.pixels == bytes((i * 37) % 256 for i in indices)


def test_a_long_gif_outgrows_the_lzw_table_and_is_cleared_on_the_way() -> None:
    width, height = 300, 200
    values = bytes((x * y + x // 3) % 251 for y in range(height) for x in range(width))  # little to compress
    assert decode_index_image(encode_gif(width, height, values), "big.gif").pixels == values


def test_a_gif_image_smaller_than_its_screen_is_placed_on_it_with_no_territory_round_it() -> None:
    values = pattern()
    data = bytearray(encode_gif(WIDTH, HEIGHT, values))
    data[6:10] = (WIDTH + 3).to_bytes(2, "little") + (HEIGHT + 2).to_bytes(2, "little")  # a larger screen
    descriptor = data.index(b"\x2c", 13 + 768 + 8)
    data[descriptor + 1:descriptor + 5] = (2).to_bytes(2, "little") + (1).to_bytes(2, "little")  # at (2, 1)
    image = decode_index_image(bytes(data), "map.gif")
    assert (image.width, image.height) == (WIDTH + 3, HEIGHT + 2)
    assert image.at(0, 0) == image.at(WIDTH + 2, HEIGHT + 1) == image.at(1, 5) == 255
    assert all(image.at(x + 2, y + 1) == values[y * WIDTH + x] for y in range(HEIGHT) for x in range(WIDTH))


@pytest.mark.parametrize("mode", ["grey", "palette", "rgb", "rgba", "greyalpha"])
@pytest.mark.parametrize("interlace", [False, True])
def test_a_png_of_every_colour_type_and_filter_reads_back_its_values(mode: str, interlace: bool) -> None:
    values = pattern()
    data = encode_png(WIDTH, HEIGHT, values, mode=mode, filters=(0, 1, 2, 3, 4, 4, 3, 2, 1), interlace=interlace)
    image = decode_index_image(data, "map.png")
    assert (image.width, image.height, image.pixels) == (WIDTH, HEIGHT, values)


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_a_png_palette_of_few_colours_packs_pixels_below_a_byte(depth: int) -> None:
    indices = pattern(1 << depth)
    palette = b"".join(bytes((0, 0, 200 + i)) for i in range(1 << depth))
    data = encode_png(WIDTH, HEIGHT, indices, mode="palette", depth=depth, palette=palette, filters=(0, 1, 2, 3, 4))
    assert decode_index_image(data, "map.png").pixels == bytes(200 + i for i in indices)


def test_a_grey_png_below_a_byte_is_scaled_to_the_full_range() -> None:
    values = pattern(4)
    assert decode_index_image(encode_png(WIDTH, HEIGHT, values, depth=2), "m.png").pixels == bytes(
        v * 85 for v in values)


def test_a_sixteen_bit_png_is_refused_with_what_to_do() -> None:
    with pytest.raises(MapImportError, match=r"map\.png: the PNG has 16 bits a sample: save the index image"):
        decode_index_image(encode_png(WIDTH, HEIGHT, pattern(), sixteen=True), "map.png")


@pytest.mark.parametrize("cut", [0.5, 0.9])
def test_a_cut_short_gif_is_refused_by_name(cut: float) -> None:
    data = encode_gif(WIDTH, HEIGHT, pattern())
    with pytest.raises(MapImportError, match=r"^world\.gif: .*cut short") as error:
        decode_index_image(data[:int(len(data) * cut)], "world.gif")
    assert error.value.file == "world.gif" and error.value.line is None


def test_a_gif_whose_data_stops_early_says_how_many_pixels_it_holds() -> None:
    values = pattern()
    short = encode_gif(WIDTH, HEIGHT, values[:WIDTH * 10])  # a whole, well-formed file with ten rows of data
    with pytest.raises(MapImportError, match=rf"world\.gif: the GIF's image data stops after {WIDTH * 10} of its "
                                             rf"{WIDTH * HEIGHT} pixels"):
        decode_index_image(short, "world.gif")


@pytest.mark.parametrize("cut", [0.3, 0.7, 0.97])
def test_a_cut_short_png_is_refused_by_name(cut: float) -> None:
    data = encode_png(WIDTH, HEIGHT, pattern(), filters=(4,))
    with pytest.raises(MapImportError, match=r"^world\.png: the PNG"):
        decode_index_image(data[:int(len(data) * cut)], "world.png")


def test_a_png_with_a_damaged_byte_fails_its_checksum() -> None:
    data = bytearray(encode_png(WIDTH, HEIGHT, pattern()))
    data[60] ^= 0x10
    with pytest.raises(MapImportError, match="checksum"):
        decode_index_image(bytes(data), "world.png")


def test_an_image_of_another_kind_is_refused_with_the_kinds_that_are_read() -> None:
    with pytest.raises(MapImportError, match="not a GIF or PNG image"):
        decode_index_image(b"\xff\xd8\xff\xe0 a jpeg", "world.jpg")


def test_a_pictures_kind_and_size_are_read_from_its_header_alone() -> None:
    assert picture_size(encode_png(5, 3, bytes(15))) == ("image/png", 5, 3)
    assert picture_size(encode_gif(6, 4, bytes(24), grey_palette())) == ("image/gif", 6, 4)
    jpeg = (b"\xff\xd8" + b"\xff\xe0\x00\x10" + b"JFIF\0" + bytes(9)
            + b"\xff\xc0\x00\x11\x08" + (425).to_bytes(2, "big") + (677).to_bytes(2, "big") + bytes(10))
    assert picture_size(jpeg) == ("image/jpeg", 677, 425)
    assert picture_size(b"not a picture") is None


def test_an_index_image_too_large_to_trace_in_a_page_is_refused_before_decoding() -> None:
    data = bytearray(encode_png(4, 4, bytes(16)))
    data[16:24] = (3000).to_bytes(4, "big") + (2000).to_bytes(4, "big")  # the header alone says 6 million pixels
    data[29:33] = zlib.crc32(bytes(data[12:29])).to_bytes(4, "big")
    with pytest.raises(MapImportError, match=r"big\.png: the image is 3000x2000 pixels; an index image of up to 4 "):
        decode_index_image(bytes(data), "big.png")
