"""Tracing an index image gives each country's land exactly (unsimplified), one outline per piece with its
holes, and simplified outlines that neighbours share, so that no gap or overlap opens between them."""

from __future__ import annotations

import functools

from engine.domination_maps import TINY_HEIGHT, TINY_WIDTH, tiny_index, tiny_value, world_index
from risk.importers.images import IndexImage
from risk.importers.trace import _area2, contains, deepest_points, trace


def tiny() -> IndexImage:
    return IndexImage(TINY_WIDTH, TINY_HEIGHT, tiny_index())


@functools.cache
def small_world() -> IndexImage:
    return IndexImage(240, 150, world_index(240, 150, seed=3))


def test_unsimplified_outlines_hold_exactly_each_pieces_pixels() -> None:
    tracing = trace(tiny(), tolerance=0)
    for value, pieces in tracing.pieces.items():
        for piece in pieces:
            assert sum(_area2(loop) for loop in piece.loops) == 2 * piece.pixels
            assert _area2(piece.loops[0]) > 0 and all(_area2(hole) < 0 for hole in piece.loops[1:]), value
    for y in range(TINY_HEIGHT):
        for x in range(TINY_WIDTH):
            inside = [v for v, pieces in tracing.pieces.items()
                      if contains([loop for p in pieces for loop in p.loops], x + 0.5, y + 0.5)]
            assert inside == ([] if tiny_value(x, y) == 255 else [tiny_value(x, y)]), (x, y)


def test_pieces_holes_and_corner_touches_are_told_apart() -> None:
    tracing = trace(tiny(), tolerance=0)
    counts = {value: [len(p.loops) for p in pieces] for value, pieces in tracing.pieces.items()}
    assert counts[3] == [2]  # the ring: its outline and the lake's shore
    assert counts[4] == [1]  # the island in the lake
    assert counts[5] == [1, 1]  # two islands, the larger first
    assert counts[7] == counts[8] == [1, 1]  # a checkerboard: pieces meeting at a corner stay apart
    assert tracing.pieces[5][0].pixels == 20 * 16 and tracing.pieces[5][1].pixels == 8 * 8
    assert 255 not in tracing.pieces
    assert tracing.touching == {(1, 2), (2, 6), (7, 8)}  # 1 and 6, 3 and 4, 6 and 7... are parted by sea


def test_a_staircase_between_neighbours_becomes_one_line_both_use() -> None:
    tracing = trace(tiny())
    west, east = tracing.pieces[1][0].loops[0], tracing.pieces[2][0].loops[0]
    assert len(west) == 4 and (8, 4) in west and (33, 30) in east  # the 26 steps are one diagonal
    shared = set(west) & set(east)
    assert {(8, 4), (33, 30)} <= shared


def test_simplified_neighbours_leave_no_gap_and_never_overlap() -> None:
    image = small_world()
    tracing = trace(image)
    lands = {v: [loop for p in pieces for loop in p.loops] for v, pieces in tracing.pieces.items()}
    boxes = {v: (min(p.box[0] for p in ps), min(p.box[1] for p in ps), max(p.box[2] for p in ps),
                 max(p.box[3] for p in ps)) for v, ps in tracing.pieces.items()}
    checked = 0
    for y in range(1, image.height - 1, 2):
        for x in range(1, image.width - 1, 2):
            around = {image.at(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            inside = [v for v, loops in lands.items() if boxes[v][0] - 1 <= x <= boxes[v][2]
                      and boxes[v][1] - 1 <= y <= boxes[v][3] and contains(loops, x + 0.5, y + 0.5)]
            assert len(inside) <= 1, (x, y, inside)
            if 255 not in around:  # deep in the land: exactly one country, if not its own then a neighbour's
                assert len(inside) == 1 and inside[0] in around, (x, y, inside, around)
                checked += 1
    assert checked > 2000


def test_simplified_areas_stay_within_a_pixel_of_the_outline() -> None:
    tracing = trace(small_world())
    exact = trace(small_world(), tolerance=0)
    for value, pieces in tracing.pieces.items():
        for piece, raw in zip(pieces, exact.pieces[value]):
            perimeter = sum(len(loop) for loop in raw.loops)  # corners: no more than the unit steps
            area = sum(_area2(loop) for loop in piece.loops) / 2
            assert abs(area - piece.pixels) <= max(2.0, 0.5 * perimeter), (value, area, piece.pixels)
            assert sum(len(loop) for loop in piece.loops) <= perimeter


def test_specks_go_to_the_land_round_them() -> None:
    width, height = 30, 20
    pixels = bytearray([255]) * (width * height)
    for y in range(2, 18):
        pixels[y * width + 2:y * width + 14] = bytes([1]) * 12
        pixels[y * width + 14:y * width + 28] = bytes([2]) * 14
    pixels[8 * width + 5] = pixels[8 * width + 6] = 2  # two stray pixels of 2 in 1's land
    pixels[12 * width + 20] = 255  # a pinhole in 2's land
    pixels[12 * width + 8] = 3  # the only pixel of 3: its largest piece, kept however small
    tracing = trace(IndexImage(width, height, bytes(pixels)))
    assert [p.pixels for p in tracing.pieces[1]] == [12 * 16 - 1]
    assert [len(p.loops) for p in tracing.pieces[1]] == [2]  # the hole round 3's pixel
    assert [(p.pixels, len(p.loops)) for p in tracing.pieces[2]] == [(14 * 16, 1)]  # pinhole filled, strays gone
    assert [p.pixels for p in tracing.pieces[3]] == [1]


def test_the_deepest_point_of_a_ring_is_in_the_ring_away_from_both_shores() -> None:
    tracing = trace(tiny())
    ring = tracing.pieces[3][0]
    points = deepest_points(tracing, ring)
    x, y, depth = points[0]
    assert tiny_value(int(x), int(y)) == 3 and contains(ring.loops, x, y)
    assert depth >= 4  # the ring is 10 pixels wide: its middle is 5 from either shore
    assert len(points) == 16 and [p[2] for p in points] == sorted((p[2] for p in points), reverse=True)
