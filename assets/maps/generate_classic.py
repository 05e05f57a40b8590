"""Draw the classic Risk board as an SVG from real geography.

The engine's board (``src/risk/maps/classic.json``) says which 42 territories exist and which of them
border each other; this script decides what they look like.  Each territory is the union of Natural Earth
countries, or pieces of countries cut along a few hand-placed lines of longitude and latitude (most of them
follow real state or province borders: 60°N and 110°W in Canada, the Urals, the Ontario-Quebec line...).
The shapes are projected with Miller's cylindrical projection centred on 11°E, so that the map's left and
right edges fall in the Bering Strait, then simplified as one coverage, so that two territories that
share a border keep exactly the same vertices on it.  Pairs of neighbours whose shapes do not touch get a
dashed sea link; the script fails if the drawing and the JSON disagree.

The SVG is folded into the board file's drawing (``svg_to_board.py``), which is committed data: the build
draws the page's SVG from it (``risk.drawing.board_svg``), so the page never runs this.  To draw the map
again (Python 3.11)::

    pip install shapely==2.2.0                      # brings numpy and GEOS 3.14; needs shapely >= 2.2
    npm pack world-atlas@2.0.2                      # Natural Earth 4.1.0 admin-0, 1:50m, as TopoJSON
    tar xzf world-atlas-2.0.2.tgz                   # gives package/countries-50m.json
    python assets/maps/generate_classic.py --atlas package/countries-50m.json
    python -m pytest tests/engine/test_map_svg.py tests/engine/test_drawing.py

Natural Earth is in the public domain; world-atlas repackages it under the ISC licence.
Pass ``--png out.png`` to also render a preview, tinted by continent, with headless Chromium
(``/usr/bin/chromium``).  The output is deterministic: the same inputs give the same file.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import subprocess
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import shapely
import svg_to_board  # beside this script: folds the SVG into the board file
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, polylabel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MAP_JSON = ROOT / "src" / "risk" / "maps" / "classic.json"
OUT_SVG = Path(tempfile.gettempdir()) / "classic.svg"  # folded into the board file (svg_to_board.py)

CENTRAL_MERIDIAN = 11.0  # the antimeridian of this falls at 169°W, between Alaska and Chukotka
WRAP_LON = CENTRAL_MERIDIAN - 180.0  # longitudes west of this are moved to the far east (+360)
MAP_WIDTH = 1000.0  # pixels for 360° of longitude
LAT_TOP = 84.0  # the top of the drawing (Greenland reaches 83.6°N); the bottom is where the land ends
MARGIN_X, MARGIN_Y = 22.0, 8.0  # sea around the land; the Alaska-Kamchatka stubs run into the side margins
GRID = 0.001  # pixel grid for the overlay operations, so that cut lines match on both sides
SIMPLIFY = 0.45  # coverage simplification tolerance, pixels
MIN_PART_AREA = 5.0  # islands smaller than this (px²) are left out
MAX_CENTROID_LAT = 80.2  # high-Arctic islands beyond this are left out (Ellesmere's centre is at 79.8°N)
BADGE_RADIUS = 9.0
MIN_LAND_BORDER = 4.0  # pixels of shared border that count as touching; the test uses the same figure
MIN_LINK_LENGTH = 7.0  # a crossing narrower than this is drawn across nearby open water instead
IDEAL_LINK_LENGTH = 11.0  # ... preferring about this length

LAND_FILL = "#d9d2bd"
LINK_COLOUR = "#5b6f86"


def lonlat_box(west: float, south: float, east: float, north: float) -> Polygon:
    return box(west, south, east, north)


def lonlat_poly(*points: tuple[float, float]) -> Polygon:
    return Polygon(points)


# --- Where the cut lines go (longitude in [-169, 191], latitude) --------------------------------------

# Canada: British Columbia and Alberta; Saskatchewan, Manitoba, Ontario, Kivalliq and Baffin Island (which
# brings Ontario within a sea crossing of Greenland, as on the printed board); Quebec with Labrador and the
# Maritimes; the rest of the north.
CANADA_ALBERTA = lonlat_box(-142, 40, -110, 60)
CANADA_QUEBEC = lonlat_poly(
    (-74.7, 40),
    (-74.7, 44.98),
    (-74.4, 45.5),
    (-75.7, 45.45),
    (-77.1, 45.85),
    (-78.7, 46.3),
    (-79.5, 47.1),
    (-79.5, 51.8),
    (-80.5, 55.0),
    (-80.5, 62.9),
    (-72.0, 62.5),
    (-40, 62.5),
    (-40, 40),
)
CANADA_ONTARIO = lonlat_poly((-110, 40), (-110, 60), (-102, 60), (-102, 68.5), (-55, 75.5), (-55, 40))

# United States: the line runs down the Minnesota-Dakota border, then leaves Texas in the east.
USA_EAST = lonlat_poly((-96.6, 50), (-96.6, 45.9), (-103.0, 36.5), (-103.0, 32.0), (-106.6, 31.8), (-106.6, 20),
                       (-60, 20), (-60, 50))
USA_ALASKA = lonlat_box(-169, 50, -129, 75)

# Russia and Kazakhstan between the Baltic and the Pacific.  The Urals line follows the range, then passes
# east of Novaya Zemlya; the Asian lines are meridians and parallels chosen so that each piece touches the
# neighbours the board gives it (Siberia reaches Mongolia through Tuva and China through the Altai).
URALS = [(58.5, 35), (58.5, 51.5), (59.5, 55), (59.0, 58), (59.5, 61.5), (62, 65), (66, 67.5), (67.5, 68.8),
         (64, 71), (72, 78), (72, 90)]
RUSSIA_URAL = lonlat_poly(*URALS, (82, 90), (82, 35))
RUSSIA_SIBERIA = lonlat_poly((82, 35), (82, 90), (110, 90), (110, 58), (99, 58), (99, 35))
RUSSIA_IRKUTSK = lonlat_box(99, 35, 127, 58)
RUSSIA_YAKUTSK = lonlat_box(110, 58, 141, 90)
RUSSIA_KAMCHATKA = lonlat_poly((127, 35), (127, 58), (141, 58), (141, 90), (191, 90), (191, 35))
KAZAKH_SIBERIA = lonlat_box(82, 47, 95, 56)
KAZAKH_URAL = lonlat_poly((74, 44), (95, 44), (95, 47), (82, 47), (82, 56), (74, 56))

# China north of 41°N and east of 115°E (Manchuria) goes with Mongolia and Korea, so that Mongolia borders
# Kamchatka's Amur and Ussuri coast and faces Japan across the sea.
CHINA_MANCHURIA = lonlat_box(115, 41, 136, 54)

# Australia: Western Australia with the Northern Territory; the rest is Eastern Australia.
AUSTRALIA_WEST = lonlat_poly((110, -9), (138, -9), (138, -26), (129, -26), (129, -40), (110, -40))

EUROPE = lonlat_box(-11, 34.5, 45, 72)
SOUTH_AMERICA_NORTH = lonlat_box(-60, 0, -50, 10)  # French Guiana
NEW_GUINEA_SIDE = lonlat_box(130.8, -11, 160, 0)

# Each country: the territories it goes to, in order.  A region of None takes the rest.  A country listed
# in CUT has its largest piece cut along the regions; its other pieces (islands) go whole, by centroid.
# Pieces whose centroid falls in no region are dropped, as are countries not listed.
ASSIGN: dict[str, list[tuple[str, Polygon | None]]] = {
    # North America
    "Canada": [("alberta", CANADA_ALBERTA), ("quebec", CANADA_QUEBEC), ("ontario", CANADA_ONTARIO),
               ("northwest_territory", None)],
    "United States of America": [("alaska", USA_ALASKA), ("eastern_united_states", USA_EAST),
                                 ("western_united_states", lonlat_box(-130, 24, -60, 50))],
    "Greenland": [("greenland", None)],
    **{
        name: [("central_america", None)]
        for name in ("Mexico", "Guatemala", "Belize", "Honduras", "El Salvador", "Nicaragua", "Costa Rica",
                     "Panama", "Cuba", "Jamaica", "Haiti", "Dominican Rep.", "Bahamas", "Puerto Rico")
    },
    # South America
    **{name: [("venezuela", None)] for name in ("Venezuela", "Colombia", "Guyana", "Suriname",
                                                 "Trinidad and Tobago")},
    "France": [("western_europe", EUROPE), ("venezuela", SOUTH_AMERICA_NORTH)],
    "Peru": [("peru", None)],
    "Ecuador": [("peru", lonlat_box(-82, -6, -75, 2))],  # not the Galápagos
    "Bolivia": [("peru", None)],
    "Brazil": [("brazil", None)],
    **{name: [("argentina", None)] for name in ("Argentina", "Chile", "Uruguay", "Paraguay")},
    # Europe
    "Iceland": [("iceland", None)],
    **{name: [("great_britain", None)] for name in ("United Kingdom", "Ireland", "Isle of Man")},
    "Norway": [("scandinavia", EUROPE)],
    **{name: [("scandinavia", None)] for name in ("Sweden", "Finland", "Åland")},
    "Denmark": [("northern_europe", EUROPE)],  # so Scandinavia meets Northern Europe across the sea
    **{name: [("northern_europe", None)] for name in ("Germany", "Poland", "Czechia", "Slovakia", "Austria",
                                                       "Switzerland", "Liechtenstein")},
    "Spain": [("western_europe", lonlat_box(-10, 36, 5, 44.5))],  # not the Canaries, Ceuta or Melilla
    "Portugal": [("western_europe", EUROPE)],
    **{name: [("western_europe", None)] for name in ("Andorra", "Monaco", "Belgium", "Luxembourg")},
    "Netherlands": [("northern_europe", EUROPE)],
    **{name: [("southern_europe", None)] for name in (
        "Italy", "San Marino", "Vatican", "Malta", "Slovenia", "Croatia", "Bosnia and Herz.", "Serbia",
        "Montenegro", "Kosovo", "Albania", "Macedonia", "Greece", "Bulgaria", "Romania", "Moldova", "Hungary")},
    **{name: [("ukraine", None)] for name in ("Ukraine", "Belarus", "Estonia", "Latvia", "Lithuania")},
    "Russia": [("kamchatka", RUSSIA_KAMCHATKA), ("yakutsk", RUSSIA_YAKUTSK), ("irkutsk", RUSSIA_IRKUTSK),
               ("siberia", RUSSIA_SIBERIA), ("ural", RUSSIA_URAL), ("ukraine", None)],
    # Africa
    **{name: [("north_africa", None)] for name in (
        "Morocco", "W. Sahara", "Algeria", "Tunisia", "Mauritania", "Mali", "Niger", "Chad", "Senegal",
        "Gambia", "Guinea-Bissau", "Guinea", "Sierra Leone", "Liberia", "Côte d'Ivoire", "Burkina Faso", "Ghana",
        "Togo", "Benin", "Nigeria")},
    **{name: [("egypt", None)] for name in ("Egypt", "Libya")},
    **{name: [("east_africa", None)] for name in (
        "Sudan", "S. Sudan", "Eritrea", "Ethiopia", "Djibouti", "Somalia", "Somaliland", "Kenya", "Uganda",
        "Tanzania", "Rwanda", "Burundi")},
    **{name: [("congo", None)] for name in ("Cameroon", "Central African Rep.", "Eq. Guinea", "Gabon", "Congo",
                                             "Dem. Rep. Congo")},
    **{name: [("south_africa", None)] for name in (
        "Angola", "Zambia", "Malawi", "Mozambique", "Zimbabwe", "Botswana", "Namibia", "South Africa", "Lesotho",
        "eSwatini")},
    "Madagascar": [("madagascar", None)],
    # Asia
    **{name: [("middle_east", None)] for name in (
        "Turkey", "Cyprus", "N. Cyprus", "Syria", "Lebanon", "Israel", "Palestine", "Jordan", "Iraq", "Iran",
        "Kuwait", "Saudi Arabia", "Bahrain", "Qatar", "United Arab Emirates", "Oman", "Georgia", "Armenia",
        "Azerbaijan")},
    "Yemen": [("middle_east", lonlat_box(41, 12, 52, 20))],  # not Socotra
    **{name: [("afghanistan", None)] for name in ("Afghanistan", "Turkmenistan", "Uzbekistan", "Tajikistan",
                                                   "Kyrgyzstan")},
    "Kazakhstan": [("siberia", KAZAKH_SIBERIA), ("ural", KAZAKH_URAL), ("afghanistan", None)],
    **{name: [("india", None)] for name in ("India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka",
                                             "Siachen Glacier")},
    "China": [("mongolia", CHINA_MANCHURIA), ("china", None)],
    **{name: [("china", None)] for name in ("Taiwan", "Hong Kong", "Macao")},
    **{name: [("mongolia", None)] for name in ("Mongolia", "North Korea", "South Korea")},
    "Japan": [("japan", None)],
    **{name: [("siam", None)] for name in ("Myanmar", "Thailand", "Laos", "Cambodia", "Vietnam", "Singapore")},
    "Malaysia": [("siam", lonlat_box(99, 0, 105, 8)), ("indonesia", None)],
    # Australia
    "Indonesia": [("new_guinea", NEW_GUINEA_SIDE), ("indonesia", None)],
    **{name: [("indonesia", None)] for name in ("Brunei", "Philippines", "Timor-Leste")},
    "Papua New Guinea": [("new_guinea", lonlat_box(140, -12, 154.5, 0))],  # not Bougainville
    "Australia": [("western_australia", AUSTRALIA_WEST), ("eastern_australia", None)],
}
CUT = {"Canada", "United States of America", "Russia", "Kazakhstan", "China", "Australia"}

# Sea links whose ends are better placed by hand than found from the coasts: (longitude, latitude) of each
# end, in the order of the pair.  From Madagascar the nearest coast is Mozambique's (South Africa), so the
# East Africa link goes to the Tanzanian coast instead.
LINK_ENDS: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]] = {
    ("east_africa", "madagascar"): ((39.6, -8.6), (49.2, -12.6)),
}


# Badges placed by hand (longitude, latitude) where the deepest point would hide the sea links.
BADGE_AT: dict[str, tuple[float, float]] = {
    "great_britain": (-2.4, 54.4),
}


# --- Reading Natural Earth ----------------------------------------------------------------------------


def read_countries(atlas: Path) -> dict[str, MultiPolygon]:
    """Decode the TopoJSON ``countries`` object into shapely shapes in degrees, keyed by name."""
    topo = json.loads(atlas.read_text(encoding="utf-8"))
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        xy = np.cumsum(np.asarray(arc, dtype=np.float64), axis=0)
        arcs.append(np.column_stack((xy[:, 0] * sx + tx, xy[:, 1] * sy + ty)))

    def ring(indices: Sequence[int]) -> np.ndarray:
        parts = []
        for n, i in enumerate(indices):
            arc = arcs[i] if i >= 0 else arcs[~i][::-1]
            parts.append(arc if n == 0 else arc[1:])
        xy = np.concatenate(parts)
        # Rings that cross the antimeridian jump by 360°: make them continuous (longitudes may pass 180).
        jumps = np.diff(xy[:, 0])
        offset = np.concatenate(([0.0], np.cumsum(np.where(jumps > 180, -360.0, np.where(jumps < -180, 360.0, 0.0)))))
        return np.column_stack((xy[:, 0] + offset, xy[:, 1]))

    def polygon(rings: Sequence[Sequence[int]]) -> Polygon:
        return Polygon(ring(rings[0]), [ring(r) for r in rings[1:]])

    shapes = {}
    for geometry in topo["objects"]["countries"]["geometries"]:
        if geometry["type"] == "Polygon":
            polys = [polygon(geometry["arcs"])]
        elif geometry["type"] == "MultiPolygon":
            polys = [polygon(p) for p in geometry["arcs"]]
        else:
            continue
        shapes[geometry["properties"]["name"]] = shapely.make_valid(MultiPolygon(polys))
    return shapes


def unwrap(geom: shapely.Geometry) -> list[Polygon]:
    """Cut at 169°W and bring every piece into longitudes from -169 to 191."""
    frame = box(WRAP_LON, -90, WRAP_LON + 360, 90)
    pieces = []
    for shift in (-360.0, 0.0, 360.0):
        moved = shapely.transform(geom, lambda xy, s=shift: np.add(xy, (s, 0.0)))
        pieces.extend(shapely.get_parts(shapely.intersection(moved, frame)))
    return [p for p in pieces if isinstance(p, Polygon) and not p.is_empty]


# --- Projection ------------------------------------------------------------------------------------------

SCALE = MAP_WIDTH / (2 * math.pi)


def miller_y(lat: np.ndarray | float) -> np.ndarray | float:
    return 1.25 * np.log(np.tan(np.pi / 4 + 0.4 * np.radians(lat)))


Y_TOP = float(miller_y(LAT_TOP))


def project_xy(xy: np.ndarray) -> np.ndarray:
    x = np.radians(xy[:, 0] - CENTRAL_MERIDIAN) * SCALE + MAP_WIDTH / 2
    y = (Y_TOP - miller_y(np.clip(xy[:, 1], -89, 89))) * SCALE
    return np.column_stack((x, y))


def project(geom: shapely.Geometry) -> shapely.Geometry:
    return shapely.transform(shapely.segmentize(geom, 1.0), project_xy)


def project_point(lon: float, lat: float) -> tuple[float, float]:
    x, y = project_xy(np.array([[lon, lat]], dtype=np.float64))[0]
    return float(x), float(y)


# --- Building the territories ----------------------------------------------------------------------------


def build_territories(countries: dict[str, MultiPolygon], ids: Iterable[str]) -> dict[str, shapely.Geometry]:
    pieces: dict[str, list[shapely.Geometry]] = defaultdict(list)
    for name, spec in ASSIGN.items():
        if name not in countries:
            raise SystemExit(f"{name!r} is not in the atlas")
        parts = unwrap(countries[name])
        main = max(parts, key=lambda p: p.area) if name in CUT else None
        for part in parts:
            if part is main:
                continue
            centre = part.centroid
            if centre.y > MAX_CENTROID_LAT:
                continue
            for territory, region in spec:
                if region is None or region.contains(centre):
                    pieces[territory].append(project(part))
                    break
        if main is not None:
            rest = project(main)
            for territory, region in spec:
                if region is None:
                    pieces[territory].append(rest)
                    break
                area = project(region)
                pieces[territory].append(shapely.intersection(rest, area, grid_size=GRID))
                rest = shapely.difference(rest, area, grid_size=GRID)
    territories = {}
    for tid in ids:
        if not pieces[tid]:
            raise SystemExit(f"no land for {tid}")
        territories[tid] = shapely.union_all(pieces[tid], grid_size=GRID)
    return territories


def simplify(territories: dict[str, shapely.Geometry]) -> dict[str, MultiPolygon]:
    ids = list(territories)
    # Cut lines add vertices on one side of a country border and not the other: node the whole coverage
    # so that every shared edge has the same vertices on both sides, or the simplifier would tear it.
    geoms = list(shapely.coverage_clean([territories[t] for t in ids], snapping_distance=10 * GRID))
    if not shapely.coverage_is_valid(geoms):
        bad = shapely.coverage_invalid_edges(geoms)
        for tid, edges in zip(ids, bad):
            if not edges.is_empty:
                print("coverage problem near", tid, edges.bounds)
    simple = shapely.coverage_simplify(geoms, SIMPLIFY)
    out = {}
    for tid, geom in zip(ids, simple):
        parts = [p for p in shapely.get_parts(geom) if isinstance(p, Polygon)]
        largest = max(parts, key=lambda p: p.area)
        kept = [p for p in parts if p.area >= MIN_PART_AREA or p is largest]
        out[tid] = MultiPolygon(kept)
    return out


# --- Writing paths with one decimal, so that shared borders stay identical -------------------------------


def tenths(ring: Sequence[tuple[float, float]]) -> list[tuple[int, int]]:
    pts = []
    for x, y in ring:
        p = (round(x * 10), round(y * 10))
        if not pts or pts[-1] != p:
            pts.append(p)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    return pts


def fmt(value: int) -> str:
    text = f"{value / 10:.1f}".rstrip("0").rstrip(".")
    if text.startswith("0."):
        text = text[1:]
    elif text.startswith("-0."):
        text = "-" + text[2:]
    return text or "0"


def numbers(values: Iterable[int]) -> str:
    out = ""
    for v in values:
        s = fmt(v)
        out += s if not out or s.startswith("-") else " " + s
    return out


def rings_of(geom: MultiPolygon) -> list[list[tuple[int, int]]]:
    rings = []
    for poly in geom.geoms:
        for ring in [poly.exterior, *poly.interiors]:
            pts = tenths(ring.coords)
            if len(pts) >= 3:
                rings.append(pts)
    return rings


def path_data(rings: list[list[tuple[int, int]]]) -> str:
    d = []
    for pts in rings:
        (x0, y0), rel = pts[0], []
        for (ax, ay), (bx, by) in itertools.pairwise(pts):
            rel += [bx - ax, by - ay]
        d.append(f"M{numbers([x0, y0])}l{numbers(rel)}z")
    return "".join(d)


def shared_lengths(rings: dict[str, list[list[tuple[int, int]]]]) -> dict[tuple[str, str], float]:
    """Length in pixels of the border each pair of territories shares, from the rounded rings."""
    owners: dict[tuple[tuple[int, int], tuple[int, int]], set[str]] = defaultdict(set)
    for tid, rs in rings.items():
        for pts in rs:
            for a, b in zip(pts, pts[1:] + pts[:1]):
                owners[(min(a, b), max(a, b))].add(tid)
    lengths: dict[tuple[str, str], float] = defaultdict(float)
    for (a, b), tids in owners.items():
        if len(tids) == 2:
            pair = tuple(sorted(tids))
            lengths[pair] += math.dist(a, b) / 10
    return dict(lengths)


# --- Badges and sea links -----------------------------------------------------------------------------------


def badge_centre(geom: MultiPolygon) -> tuple[float, float]:
    """The point deepest inside the territory (pole of inaccessibility of its roomiest piece)."""
    best, best_depth = None, -1.0
    for poly in geom.geoms:
        centre = polylabel(poly, tolerance=0.2)
        depth = poly.exterior.distance(centre)
        for hole in poly.interiors:
            depth = min(depth, hole.distance(centre))
        if depth > best_depth:
            best, best_depth = centre, depth
    return round(best.x, 1), round(best.y, 1)


def boundary_points(geom: MultiPolygon, centre: Point, radius: float) -> np.ndarray:
    xy = shapely.get_coordinates(shapely.segmentize(geom.boundary, 0.5))
    return xy[np.hypot(xy[:, 0] - centre.x, xy[:, 1] - centre.y) <= radius]


def link_segment(a: MultiPolygon, b: MultiPolygon, land: shapely.Geometry) -> tuple[tuple[float, float], ...]:
    """A dashed line from coast to coast: the shortest crossing, or for a strait too narrow to show a
    line (Gibraltar, Bab-el-Mandeb, Malacca...) a nearby crossing over open water of a readable length."""
    pa, pb = nearest_points(a, b)
    if pa.distance(pb) >= MIN_LINK_LENGTH:
        return (round(pa.x, 1), round(pa.y, 1)), (round(pb.x, 1), round(pb.y, 1))
    centre = Point((pa.x + pb.x) / 2, (pa.y + pb.y) / 2)
    ends_a, ends_b = boundary_points(a, centre, 20), boundary_points(b, centre, 20)
    ia, ib = np.meshgrid(np.arange(len(ends_a)), np.arange(len(ends_b)), indexing="ij")
    ia, ib = ia.ravel(), ib.ravel()
    length = np.hypot(*(ends_a[ia] - ends_b[ib]).T)
    ok = (length >= MIN_LINK_LENGTH) & (length <= 2.2 * IDEAL_LINK_LENGTH)
    ia, ib, length = ia[ok], ib[ok], length[ok]
    middle = (ends_a[ia] + ends_b[ib]) / 2
    score = np.abs(length - IDEAL_LINK_LENGTH) + 0.5 * np.hypot(middle[:, 0] - centre.x, middle[:, 1] - centre.y)
    order = np.argsort(score)
    for k in order[:4000]:
        line = LineString([ends_a[ia[k]], ends_b[ib[k]]])
        if line.intersection(land).length < 0.3:
            (x1, y1), (x2, y2) = ends_a[ia[k]], ends_b[ib[k]]
            return (round(x1, 1), round(y1, 1)), (round(x2, 1), round(y2, 1))
    raise SystemExit("no open-water crossing found")


# --- Putting it together -----------------------------------------------------------------------------------


def load_board() -> tuple[list[dict], set[tuple[str, str]]]:
    board = json.loads(MAP_JSON.read_text(encoding="utf-8"))
    territories = board["territories"]
    borders = {tuple(sorted((t["id"], n))) for t in territories for n in t["neighbours"]}
    return territories, borders


def generate(atlas: Path) -> str:
    board, borders = load_board()
    ids = [t["id"] for t in board]
    continent = {t["id"]: t["continent"] for t in board}

    shapes = simplify(build_territories(read_countries(atlas), ids))
    rings = {tid: rings_of(shapes[tid]) for tid in ids}
    lengths = shared_lengths(rings)
    land = {pair for pair, length in lengths.items() if length >= MIN_LAND_BORDER}
    for pair, length in sorted(lengths.items()):
        if pair not in borders:
            print(f"warning: {pair[0]} and {pair[1]} are not neighbours but share {length:.1f} px")
        elif length < MIN_LAND_BORDER:
            print(f"note: {pair[0]}-{pair[1]} touch for only {length:.1f} px: drawn as a sea link")
    wrong = land - borders
    if wrong:
        raise SystemExit(f"non-neighbours touch: {sorted(wrong)}")

    # Bounds of the drawing
    bounds = shapely.union_all([shapes[t] for t in ids]).bounds
    left, top = -MARGIN_X, round(bounds[1] - MARGIN_Y)
    width, height = MAP_WIDTH + 2 * MARGIN_X, round(bounds[3] + MARGIN_Y) - top

    land_all = shapely.union_all([shapes[t] for t in ids])
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            gap = shapes[a].distance(shapes[b])
            if (a, b) not in borders and (b, a) not in borders and gap < 2.0:
                print(f"warning: {a} and {b} are not neighbours but only {gap:.1f} px apart")

    links: list[tuple[str, tuple[float, float], tuple[float, float]]] = []
    for a, b in sorted(borders - land):
        if (a, b) == ("alaska", "kamchatka"):
            # Across the Bering Strait, which is where the map wraps: one stub off each side.
            for tid, edge in (("alaska", left), ("kamchatka", left + width)):
                geom = shapes[tid]
                xs = shapely.get_coordinates(geom)
                tip = xs[np.argmin(xs[:, 0])] if edge < 0 else xs[np.argmax(xs[:, 0])]
                links.append((f"{a} {b}", (round(tip[0], 1), round(tip[1], 1)), (edge, round(tip[1], 1))))
            continue
        if (a, b) in LINK_ENDS:
            p, q = (tuple(round(v, 1) for v in project_point(*end)) for end in LINK_ENDS[(a, b)])
            links.append((f"{a} {b}", p, q))
            continue
        p, q = link_segment(shapes[a], shapes[b], land_all)
        links.append((f"{a} {b}", p, q))
    for name, p, q in links:
        line = LineString([p, q])
        for tid in ids:
            if tid not in name.split() and line.crosses(shapes[tid]):
                print(f"warning: sea link {name} crosses {tid}")

    badges = {tid: badge_centre(shapes[tid]) for tid in ids}
    for tid, (lon, lat) in BADGE_AT.items():
        badges[tid] = tuple(round(v, 1) for v in project_point(lon, lat))
    closest = min((math.dist(badges[a], badges[b]), a, b) for i, a in enumerate(ids) for b in ids[i + 1:])
    print(f"closest badges: {closest[1]} and {closest[2]}, {closest[0]:.1f} px apart")
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if math.dist(badges[a], badges[b]) < 2 * BADGE_RADIUS + 2:
                print(f"warning: badges of {a} and {b} overlap")
        if not shapes[a].contains(Point(badges[a])):
            raise SystemExit(f"badge of {a} is outside it")

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{fmt(round(left * 10))} {top} {fmt(round(width * 10))} '
        f'{height}" id="board" role="group" aria-label="World map">',
        f'<g id="sea-links" fill="none" stroke="{LINK_COLOUR}" stroke-width="1.2" stroke-dasharray="4 3">',
    ]
    for name, (x1, y1), (x2, y2) in links:
        out.append(f'<line class="sea-link" data-link="{name}" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>')
    out.append("</g>")
    out.append('<g id="territories" stroke="#fff" stroke-width=".6" stroke-linejoin="round">')
    for tid in ids:
        cx, cy = badges[tid]
        out.append(
            f'<g id="t-{tid}" class="territory continent-{continent[tid]}" data-territory="{tid}">'
            f'<path class="land" fill="{LAND_FILL}" d="{path_data(rings[tid])}"/>'
            f'<circle class="army-badge" cx="{cx:g}" cy="{cy:g}" r="{BADGE_RADIUS:g}" fill="#fff" stroke="#444"/>'
            f'<text class="army-count" x="{cx:g}" y="{cy:g}" text-anchor="middle" dominant-baseline="central" '
            f'font-family="sans-serif" font-size="10" stroke="none" fill="#222">0</text></g>'
        )
    out.append("</g>")
    out.append("</svg>")
    print(f"{len(land)} land borders, {len(borders - land)} sea links")
    return "\n".join(out) + "\n"


def render_png(svg: Path, png: Path, width: int = 1600) -> None:
    """Screenshot the SVG with headless Chromium, tinted by continent, for a look at the shapes."""
    colours = {"north_america": "#e3c16f", "south_america": "#d9826b", "europe": "#7f9fcf",
               "africa": "#c9a27a", "asia": "#8dbb7c", "australia": "#b58cc4"}
    css = "".join(f".continent-{c} .land{{fill:{v}}}" for c, v in colours.items())
    text = svg.read_text(encoding="utf-8")
    view = [float(v) for v in text.split('viewBox="')[1].split('"')[0].split()]
    height = round(width * view[3] / view[2])
    html = (f"<html><body style='margin:0;background:#a9c6de'><style>{css} svg{{width:{width}px;"
            f"height:{height}px;display:block}}</style>{text}</body></html>")
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "preview.html"
        page.write_text(html, encoding="utf-8")
        subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={png.resolve()}", f"--window-size={width},{height}", page.as_uri()],
                       check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atlas", type=Path, required=True, help="world-atlas countries-50m.json")
    parser.add_argument("--out", type=Path, default=OUT_SVG, help="where the SVG goes on its way into the board file")
    parser.add_argument("--png", type=Path, help="also render a preview PNG here")
    args = parser.parse_args()
    svg = generate(args.atlas)
    args.out.write_text(svg, encoding="utf-8")
    print(f"wrote {args.out} ({len(svg.encode()) / 1024:.1f} KB) and {svg_to_board.write('classic', svg)}")
    if args.png:
        render_png(args.out, args.png)


if __name__ == "__main__":
    main()
