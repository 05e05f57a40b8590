"""An index image traced into outlines: one closed path per connected piece of each value, holes included.

The image is read as runs (a row's stretches of one value), never pixel by pixel in Python: runs are found by
``re`` in C, joined into 4-connected pieces by union-find where runs of one value overlap in consecutive rows,
and the boundary is made of the runs' ends (vertical unit edges) and of the stretches where two consecutive
rows differ (horizontal edges as long as both rows stay the same). Each edge runs along the cracks between
pixels, with its piece on its right (clockwise on screen for an outline, anticlockwise for a hole), and edges
are chained into loops; where two pieces of one value touch only at a corner, the loop turns towards its own
pixel, so that a loop never crosses itself and pieces touching diagonally stay apart.

Loops are then simplified so that paths stay small, without opening gaps between neighbours: each loop is cut
at its junctions (points where three pieces meet, or two meet corner to corner), and each stretch between two
junctions, which two neighbours share, is simplified once (Douglas-Peucker at :data:`TOLERANCE` pixels) and
used by both. Vertices stay on whole pixel corners.

Coordinates are the image's pixels: x to the right, y down, pixel (x, y) is the square from (x, y) to
(x + 1, y + 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from risk.importers.images import IndexImage

TOLERANCE = 1.0  # how far (pixels) a simplified outline may stray from the pixels' edges
OUTSIDE = -1  # the piece "label" past the image's edges
SPECK = 5  # pieces of fewer pixels, of a value with a larger piece, are given to the land round them

_RUN = re.compile(rb"(.)\1*", re.S)
Point = tuple[int, int]


@dataclass(slots=True)
class Piece:
    """One 4-connected piece of one value: its pixels and outline (the outer loop first, then its holes;
    each loop a list of corners, closed implicitly)."""

    value: int
    pixels: int
    loops: list[list[Point]]
    label: int  # the piece's number in :attr:`Tracing.labels`
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 (exclusive) of its pixels


@dataclass
class Tracing:
    """What an index image holds: each value's pieces (largest first), the values that share an edge, and a
    piece number for every pixel (``labels``, row after row) for questions about one piece's pixels."""

    width: int
    height: int
    pieces: dict[int, list[Piece]]
    touching: set[tuple[int, int]]
    labels: list[int] = field(repr=False)


def runs_of(image: IndexImage) -> list[list[tuple[int, int, int]]]:
    """Each row's runs: (first x, x past the last, value)."""
    width, pixels = image.width, image.pixels
    rows = []
    for y in range(image.height):
        row = pixels[y * width:(y + 1) * width]
        rows.append([(m.start(), m.end(), row[m.start()]) for m in _RUN.finditer(row)])
    return rows


def trace(image: IndexImage, skip: int = 255, tolerance: float = TOLERANCE, speck: int = SPECK) -> Tracing:
    """Trace every value but ``skip`` (the index image's "no territory") into pieces and outlines. A piece of
    fewer than ``speck`` pixels whose value has a larger piece elsewhere (a stray pixel left by a brush or by
    smoothing, a pinhole in the land) is first given to the piece it borders most."""
    width, height = image.width, image.height
    rows = runs_of(image)

    # Pieces: runs of one value that overlap in consecutive rows are one piece (union-find over runs).
    parent: list[int] = []

    def find(i: int) -> int:
        root = i
        while parent[root] != root:
            root = parent[root]
        while parent[i] != root:
            parent[i], i = root, parent[i]
        return root

    row_ids: list[list[int]] = []
    previous: list[tuple[int, int, int]] = []
    previous_ids: list[int] = []
    for runs in rows:
        ids = list(range(len(parent), len(parent) + len(runs)))
        parent.extend(ids)
        i = j = 0
        while i < len(previous) and j < len(runs):
            top, bottom = previous[i], runs[j]
            if top[2] == bottom[2] and top[0] < bottom[1] and bottom[0] < top[1]:  # one value, sharing an edge
                a, b = find(previous_ids[i]), find(ids[j])
                if a != b:
                    parent[max(a, b)] = min(a, b)
            if top[1] <= bottom[1]:
                i += 1
            else:
                j += 1
        row_ids.append(ids)
        previous, previous_ids = runs, ids
    compact: dict[int, int] = {}
    values: list[int] = []
    row_labels: list[list[int]] = []
    for runs, ids in zip(rows, row_ids):
        labels_here = []
        for run, run_id in zip(runs, ids):
            root = find(run_id)
            label = compact.get(root)
            if label is None:
                label = compact[root] = len(values)
                values.append(run[2])
            labels_here.append(label)
        row_labels.append(labels_here)
    count = len(values)

    labels = [0] * (width * height)
    pixels = [0] * count
    boxes = [[width, height, 0, 0] for _ in range(count)]
    for y, (runs, labels_here) in enumerate(zip(rows, row_labels)):
        base = y * width
        for (x0, x1, _), label in zip(runs, labels_here):
            labels[base + x0:base + x1] = [label] * (x1 - x0)
            pixels[label] += x1 - x0
            box = boxes[label]
            if x0 < box[0]:
                box[0] = x0
            if x1 > box[2]:
                box[2] = x1
            if y < box[1]:
                box[1] = y
            if y >= box[3]:
                box[3] = y + 1
    if speck > 0:
        _absorb_specks(rows, row_labels, labels, values, pixels, boxes, width, height, speck)

    traced = [v != skip and n > 0 for v, n in zip(values, pixels)]

    # Edges, each with its piece on its right: key (piece, start corner, direction) -> (end corner, piece on
    # the left). Corners are numbered y * (width + 1) + x; directions 0 east, 1 south, 2 west, 3 north.
    stride = width + 1
    corners = stride * (height + 1)
    edges: dict[int, tuple[int, int]] = {}
    touching: set[tuple[int, int]] = set()

    def touch(a: int, b: int) -> None:
        if a >= 0 and b >= 0 and traced[a] and traced[b]:
            va, vb = values[a], values[b]
            touching.add((va, vb) if va < vb else (vb, va))

    for y, (runs, labels_here) in enumerate(zip(rows, row_labels)):
        top_corner = y * stride
        bottom_corner = top_corner + stride
        left = OUTSIDE
        for (x0, _, _), label in zip(runs, labels_here):
            if traced[label]:  # its left side, going north
                edges[((label * corners + bottom_corner + x0) << 2) | 3] = (top_corner + x0, left)
            if left >= 0 and traced[left]:  # the right side of the run before, going south
                edges[((left * corners + top_corner + x0) << 2) | 1] = (bottom_corner + x0, label)
            touch(left, label)
            left = label
        if traced[left]:
            edges[((left * corners + top_corner + width) << 2) | 1] = (bottom_corner + width, OUTSIDE)

    border = [(0, width, OUTSIDE)]
    for y in range(height + 1):
        above = rows[y - 1] if y > 0 else border
        above_labels = row_labels[y - 1] if y > 0 else [OUTSIDE]
        below = rows[y] if y < height else border
        below_labels = row_labels[y] if y < height else [OUTSIDE]
        i = j = x = 0
        line = y * stride
        while x < width:
            t, b = above_labels[i], below_labels[j]
            end = min(above[i][1], below[j][1])
            if t != b:
                if b >= 0 and traced[b]:  # the top of b, going east
                    edges[((b * corners + line + x) << 2) | 0] = (line + end, t)
                if t >= 0 and traced[t]:  # the bottom of t, going west
                    edges[((t * corners + line + end) << 2) | 2] = (line + x, b)
                touch(t, b)
            if above[i][1] == end:
                i += 1
            if below[j][1] == end:
                j += 1
            x = end

    # Loops: from each edge not yet used, follow the piece's boundary, turning right before going straight
    # before turning left (right keeps the loop on its own pixel where two pieces meet corner to corner).
    used: set[int] = set()

    def junction(corner: int) -> bool:
        y, x = divmod(corner, stride)
        if 0 < x < width and 0 < y < height:
            i = y * width + x
            nw, ne, sw, se = labels[i - width - 1], labels[i - width], labels[i - 1], labels[i]
        else:
            nw, ne, sw, se = (labels[yy * width + xx] if 0 <= xx < width and 0 <= yy < height else OUTSIDE
                              for xx, yy in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)))
        if nw == se:  # three labels, or two corner to corner
            return ne != nw if ne == sw else (nw != ne and nw != sw)
        return (ne != nw and ne != se) or (sw != nw and sw != se)  # three labels or more

    loops: list[tuple[int, list[Point], list[bool]]] = []  # (piece, corners, which are junctions)
    for first in edges:
        if first in used:
            continue
        label, corner = divmod(first >> 2, corners)
        direction = first & 3
        walk: list[tuple[int, int, int]] = []  # (start corner, direction, piece on the left) of each edge
        key = first
        while True:
            used.add(key)
            end, other = edges[key]
            walk.append((corner, direction, other))
            base = (label * corners + end) << 2
            for turn in ((direction + 1) & 3, direction, (direction + 3) & 3):
                key = base | turn
                if key in edges:
                    break
            else:  # pragma: no cover - every corner of a closed boundary has a way on
                raise AssertionError("an outline stopped at a corner")
            if key == first:
                break
            corner, direction = end, turn
        points: list[Point] = []
        joints: list[bool] = []
        _, last_direction, last_other = walk[-1]
        for corner, direction, other in walk:
            if direction != last_direction or other != last_other:  # a corner of the outline, or a junction
                y, x = divmod(corner, stride)
                points.append((x, y))
                joints.append(junction(corner))
            last_direction, last_other = direction, other
        loops.append((label, points, joints))

    # Simplify each stretch between junctions once, for both pieces that share it.
    tolerance2 = tolerance * tolerance
    shared: dict[tuple[Point, Point], list[Point]] = {}
    outlines: dict[int, list[list[Point]]] = {}
    for label, points, joints in loops:
        simple = _simplified_loop(points, joints, shared, tolerance2)
        raw_area, area = _area2(points), _area2(simple)
        if len(simple) < 3 or (area > 0) != (raw_area > 0) or abs(area - raw_area) > abs(raw_area) / 2:
            simple = points  # too small to simplify: keep every corner
        outlines.setdefault(label, []).append(simple)

    pieces: dict[int, list[Piece]] = {}
    for label, its_loops in outlines.items():
        its_loops.sort(key=_area2, reverse=True)  # the outer loop (clockwise on screen) is the only positive one
        x0, y0, x1, y1 = boxes[label]
        pieces.setdefault(values[label], []).append(Piece(values[label], pixels[label], its_loops, label,
                                                          (x0, y0, x1, y1)))
    for its_pieces in pieces.values():
        its_pieces.sort(key=lambda p: (-p.pixels, p.box))
    return Tracing(width, height, pieces, touching, labels)


def _absorb_specks(rows: list[list[tuple[int, int, int]]], row_labels: list[list[int]], labels: list[int],
                   values: list[int], pixels: list[int], boxes: list[list[int]], width: int, height: int,
                   speck: int) -> None:
    """Give each speck (a piece under ``speck`` pixels whose value has a larger piece) to the piece it borders
    on most pixel sides (the image's edge does not count), in place; then join the runs that became one."""
    largest: dict[int, int] = {}
    for value, count in zip(values, pixels):
        largest[value] = max(largest.get(value, 0), count)
    specks = [label for label, (value, count) in enumerate(zip(values, pixels))
              if count < speck and count < largest[value]]
    if not specks:
        return
    into = list(range(len(values)))
    for label in specks:
        x0, y0, x1, y1 = boxes[label]
        votes: dict[int, int] = {}
        for y in range(y0, y1):
            for x in range(x0, x1):
                if labels[y * width + x] != label:
                    continue
                for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    if 0 <= nx < width and 0 <= ny < height:
                        other = labels[ny * width + nx]
                        if other != label:
                            votes[other] = votes.get(other, 0) + 1
        if not votes:
            continue
        target = max(votes, key=lambda k: (votes[k], -k))
        for y in range(y0, y1):
            for x in range(x0, x1):
                if labels[y * width + x] == label:
                    labels[y * width + x] = target
        pixels[target] += pixels[label]
        pixels[label] = 0
        box = boxes[target]
        box[0], box[1], box[2], box[3] = min(box[0], x0), min(box[1], y0), max(box[2], x1), max(box[3], y1)
        into[label] = target
    for label in specks:  # a speck given to a speck given on: follow to where it ended
        target = into[label]
        while into[target] != target:
            target = into[target]
        into[label] = target
    for y, (runs, labels_here) in enumerate(zip(rows, row_labels)):
        if not any(into[label] != label for label in labels_here):
            continue
        merged: list[tuple[int, int, int]] = []
        merged_labels: list[int] = []
        for (x0, x1, _), label in zip(runs, labels_here):
            label = into[label]
            if merged_labels and merged_labels[-1] == label:
                merged[-1] = (merged[-1][0], x1, values[label])
            else:
                merged.append((x0, x1, values[label]))
                merged_labels.append(label)
        rows[y], row_labels[y] = merged, merged_labels


def _area2(loop: list[Point]) -> int:
    """Twice the signed area of a loop (positive when clockwise on screen, y pointing down)."""
    total = 0
    px, py = loop[-1]
    for x, y in loop:
        total += px * y - x * py
        px, py = x, y
    return total


def _simplified_loop(points: list[Point], joints: list[bool], shared: dict[tuple[Point, Point], list[Point]],
                     tolerance2: float) -> list[Point]:
    """A loop with each stretch between junctions simplified, the same way for the piece on either side."""
    n = len(points)
    cuts = [i for i in range(n) if joints[i]]
    if not cuts:  # a loop nobody else shares a junction with: an island, or the hole it sits in
        start = min(range(n), key=points.__getitem__)
        ring = points[start:] + points[:start]
        forward = ring[1] < ring[-1]
        if not forward:
            ring = [ring[0], *reversed(ring[1:])]
        key = (ring[0], ring[1])
        simple = shared.get(key)
        if simple is None:
            far = max(range(n), key=lambda i: ((ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2, -i))
            simple = _douglas_peucker(ring[:far + 1], tolerance2)[:-1] + _douglas_peucker(ring[far:] + ring[:1],
                                                                                           tolerance2)[:-1]
            shared[key] = simple
        return simple if forward else [simple[0], *reversed(simple[1:])]
    result: list[Point] = []
    for k, i in enumerate(cuts):
        j = cuts[k + 1] if k + 1 < len(cuts) else cuts[0] + n
        stretch = [points[m % n] for m in range(i, j + 1)]
        forward = (stretch[0], stretch[1]) < (stretch[-1], stretch[-2])
        if not forward:
            stretch.reverse()
        key = (stretch[0], stretch[1])
        simple = shared.get(key)
        if simple is None:
            simple = shared[key] = _douglas_peucker(stretch, tolerance2)
        result += simple[:-1] if forward else simple[:0:-1]
    return result


def _douglas_peucker(points: list[Point], tolerance2: float) -> list[Point]:
    """The points kept when each stretch is replaced by its chord wherever no point strays further than the
    tolerance from it (the farthest point splits a stretch that cannot be); both ends are kept."""
    n = len(points)
    if n <= 2:
        return list(points)
    keep = [False] * n
    keep[0] = keep[-1] = True
    stack = [(0, n - 1)]
    while stack:
        a, b = stack.pop()
        ax, ay = points[a]
        bx, by = points[b]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        worst, farthest = -1.0, -1
        for i in range(a + 1, b):
            px, py = points[i]
            if length2:
                cross = dx * (py - ay) - dy * (px - ax)
                distance2 = cross * cross / length2
            else:
                distance2 = (px - ax) ** 2 + (py - ay) ** 2
            if distance2 > worst:
                worst, farthest = distance2, i
        if worst > tolerance2:
            keep[farthest] = True
            if farthest - a > 1:
                stack.append((a, farthest))
            if b - farthest > 1:
                stack.append((farthest, b))
    return [p for p, k in zip(points, keep) if k]


def contains(loops: list[list[Point]], x: float, y: float) -> bool:
    """Whether (x, y) is inside the loops under the even-odd rule (a hole's inside is outside)."""
    inside = False
    for loop in loops:
        px, py = loop[-1]
        for qx, qy in loop:
            if (qy > y) != (py > y) and x < px + (y - py) * (qx - px) / (qy - py):
                inside = not inside
            px, py = qx, qy
    return inside


def distance_to_outline(loops: list[list[Point]], x: float, y: float) -> float:
    """The distance from (x, y) to the nearest edge of the loops."""
    best = float("inf")
    for loop in loops:
        px, py = loop[-1]
        for qx, qy in loop:
            dx, dy = qx - px, qy - py
            ex, ey = px - x, py - y
            length2 = dx * dx + dy * dy
            if length2:
                t = -(ex * dx + ey * dy) / length2
                if t > 1.0:
                    t = 1.0
                elif t > 0.0:
                    ex += t * dx
                    ey += t * dy
                if t == 1.0:
                    ex, ey = qx - x, qy - y
            distance2 = ex * ex + ey * ey
            if distance2 < best:
                best = distance2
            px, py = qx, qy
    return float(best ** 0.5)


def deepest_points(tracing: Tracing, piece: Piece, count: int = 16) -> list[tuple[float, float, float]]:
    """The centres of the piece's ``count`` pixels farthest from any other pixel (a chamfer distance, 3-4
    weights), deepest first, each with that distance in pixels: where a badge sits best, well inside the land."""
    x0, y0, x1, y1 = piece.box
    w, h = x1 - x0 + 2, y1 - y0 + 2  # a margin of one pixel all round, outside the piece
    big = 1 << 30
    dist = [0] * (w * h)
    labels, width, label = tracing.labels, tracing.width, piece.label
    for y in range(y0, y1):
        row = labels[y * width + x0:y * width + x1]
        base = (y - y0 + 1) * w + 1
        for i, here in enumerate(row):
            if here == label:
                dist[base + i] = big
    for y in range(1, h - 1):
        for i in range(y * w + 1, y * w + w - 1):
            if dist[i]:
                dist[i] = min(dist[i], dist[i - 1] + 3, dist[i - w] + 3, dist[i - w - 1] + 4, dist[i - w + 1] + 4)
    for y in range(h - 2, 0, -1):
        for i in range(y * w + w - 2, y * w, -1):
            if dist[i]:
                dist[i] = min(dist[i], dist[i + 1] + 3, dist[i + w] + 3, dist[i + w + 1] + 4, dist[i + w - 1] + 4)
    deepest = sorted((i for i in range(w * h) if dist[i]), key=lambda i: -dist[i])[:count]
    return [(x0 + i % w - 1 + 0.5, y0 + i // w - 1 + 0.5, dist[i] / 3) for i in deepest]
