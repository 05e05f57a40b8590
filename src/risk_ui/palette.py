"""Player colours and marks: a colour-blind safe palette, each colour paired with a shape.

The eight player colours and the neutral grey were chosen so that every pair stays far apart (CIEDE2000
at least 18, measured at 20.6) for people with normal colour vision and under simulated protanopia,
deuteranopia and tritanopia (``tests/ui/test_colour_blind.py`` measures it and says why 18). The
shape drawn beside every army badge means colour is never the only cue. ``Seat.colour`` in the engine is
an index into :data:`PALETTE`.

>>> PALETTE[0].name, PALETTE[0].mark
('Red', 'circle')
>>> ink_for("#FFE997")
'#000000'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True, slots=True)
class Colour:
    """A player colour: the name people read, its hex value and the mark drawn with it."""

    name: str
    hex: str
    mark: str


# Found by a search that kept each colour within its name's hue and lightness (a red that reads as red,
# a yellow as yellow) and maximised the smallest CIEDE2000 of any pair under the four kinds of vision; then
# moved (each colour 8 units or less) to part the closest pairs under deuteranopia and tritanopia: their
# smallest distance 20.4 -> 21.2 (Blue and Green under tritanopia were the closest), every other vision's
# 20.5 -> 20.6.
PALETTE: tuple[Colour, ...] = (
    Colour("Red", "#A53408", "circle"),
    Colour("Blue", "#0A307F", "square"),
    Colour("Yellow", "#FFE997", "triangle"),
    Colour("Green", "#158376", "diamond"),
    Colour("Purple", "#B63AFF", "star"),
    Colour("Orange", "#DF7800", "cross"),
    Colour("Sky", "#00DEFE", "hexagon"),
    Colour("Black", "#000014", "bar"),
)
NEUTRAL = Colour("Neutral", "#B5C1B7", "ring")
UNCLAIMED_HEX = "#E9E4D4"


@cache
def ink_for(hex_colour: str) -> str:
    """Black or white, whichever reads better on ``hex_colour`` (by relative luminance)."""
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return "#000000" if luminance > 0.22 else "#FFFFFF"


@cache
def tint(hex_colour: str, amount: float) -> str:
    """``hex_colour`` mixed with white: ``amount`` 0 is the colour, 1 is white.

    >>> tint("#000000", 0.5)
    '#808080'
    """
    parts = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(c + (255 - c) * amount) for c in parts]
    return "#" + "".join(f"{c:02X}" for c in mixed)


@cache
def mark_path(shape: str, x: float, y: float, size: float) -> str:
    """SVG path data for a mark of ``shape`` centred on (x, y), ``size`` across.

    >>> mark_path("square", 0, 0, 2)
    'M-1 -1H1V1H-1Z'
    """
    h = size / 2

    def n(v: float) -> str:
        return f"{v:.2f}".rstrip("0").rstrip(".") if v % 1 else str(int(v))

    if shape == "square":
        return f"M{n(x - h)} {n(y - h)}H{n(x + h)}V{n(y + h)}H{n(x - h)}Z"
    if shape == "triangle":
        return f"M{n(x)} {n(y - h)}L{n(x + h)} {n(y + h * 0.8)}H{n(x - h)}Z"
    if shape == "diamond":
        return f"M{n(x)} {n(y - h)}L{n(x + h)} {n(y)}L{n(x)} {n(y + h)}L{n(x - h)} {n(y)}Z"
    if shape == "cross":
        t = h / 3
        return (f"M{n(x - t)} {n(y - h)}H{n(x + t)}V{n(y - t)}H{n(x + h)}V{n(y + t)}H{n(x + t)}V{n(y + h)}"
                f"H{n(x - t)}V{n(y + t)}H{n(x - h)}V{n(y - t)}H{n(x - t)}Z")
    if shape == "bar":
        return f"M{n(x - h)} {n(y - h / 2.5)}H{n(x + h)}V{n(y + h / 2.5)}H{n(x - h)}Z"
    if shape in ("star", "hexagon"):
        points = 10 if shape == "star" else 6
        coords = []
        for i in range(points):
            radius = h if shape == "hexagon" or i % 2 == 0 else h * 0.45
            angle = math.pi * 2 * i / points - math.pi / 2
            coords.append(f"{n(x + radius * math.cos(angle))} {n(y + radius * math.sin(angle))}")
        return "M" + "L".join(coords) + "Z"
    if shape == "ring":
        inner = h * 0.45
        return (f"M{n(x - h)} {n(y)}a{n(h)} {n(h)} 0 1 0 {n(2 * h)} 0a{n(h)} {n(h)} 0 1 0 {n(-2 * h)} 0Z"
                f"M{n(x - inner)} {n(y)}a{n(inner)} {n(inner)} 0 1 1 {n(2 * inner)} 0"
                f"a{n(inner)} {n(inner)} 0 1 1 {n(-2 * inner)} 0Z")
    # circle (and anything unknown)
    return f"M{n(x - h)} {n(y)}a{n(h)} {n(h)} 0 1 0 {n(2 * h)} 0a{n(h)} {n(h)} 0 1 0 {n(-2 * h)} 0Z"


def mark_svg(colour: Colour, size: int = 16) -> str:
    """A player's mark as a small inline SVG (hidden from screen readers: the name beside it is read)."""
    path = mark_path(colour.mark, size / 2, size / 2, size * 0.75)
    return (f'<svg class="mark" viewBox="0 0 {size} {size}" width="{size}" height="{size}" aria-hidden="true">'
            f'<path d="{path}" fill="{colour.hex}" fill-rule="evenodd" stroke="#000" stroke-width="1"/></svg>')


# What stands on a territory in the Revised edition, each its own shape (none of them a player's mark):
# a city as a skyline, a capital as a crown, an airfield as an aeroplane seen from above.
SITES = ("city", "capital", "airfield", "castle", "hidden")  # Castle Risk: a castle, a hidden army's site
CITY_HEX = "#3A3A3A"  # cities belong to nobody: dark grey, outlined in white to stand out on any land


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") if v % 1 else str(int(v))


def _polygon(points: list[tuple[float, float]], x: float, y: float, h: float) -> str:
    return "M" + "L".join(f"{_n(x + px * h)} {_n(y + py * h)}" for px, py in points) + "Z"


_SKYLINE = [(-1, 1), (-1, -0.2), (-0.4, -0.2), (-0.4, -1), (0.3, -1), (0.3, -0.5), (1, -0.5), (1, 1)]
_CROWN = [(-1, 0.7), (-1, -0.8), (-0.5, -0.1), (0, -1), (0.5, -0.1), (1, -0.8), (1, 0.7)]
_PLANE_RIGHT = [(0, -1), (0.16, -0.8), (0.16, -0.3), (1, 0.12), (1, 0.42), (0.16, 0.22), (0.16, 0.6),
                (0.45, 0.82), (0.45, 1), (0, 0.9)]
_PLANE = _PLANE_RIGHT + [(-px, py) for px, py in reversed(_PLANE_RIGHT[1:-1])]
_TOWER = [(-1, 1), (-1, -1), (-0.6, -1), (-0.6, -0.6), (-0.2, -0.6), (-0.2, -1), (0.2, -1), (0.2, -0.6),
          (0.6, -0.6), (0.6, -1), (1, -1), (1, 1)]  # a castle: a tower with battlements
_PENNANT = [(-0.8, 1), (-0.8, -1), (0.95, -0.5), (-0.45, 0), (-0.45, 1)]  # a hidden army: a pennant on a pole


@cache
def site_path(site: str, x: float, y: float, size: float) -> str:
    """SVG path data for a site's shape (one of :data:`SITES`) centred on (x, y), ``size`` across.

    >>> site_path("capital", 0, 0, 2)
    'M-1 0.7L-1 -0.8L-0.5 -0.1L0 -1L0.5 -0.1L1 -0.8L1 0.7Z'
    """
    shape = {"city": _SKYLINE, "capital": _CROWN, "airfield": _PLANE, "castle": _TOWER, "hidden": _PENNANT}[site]
    return _polygon(shape, x, y, size / 2)


def site_svg(site: str, fill: str, size: int = 16) -> str:
    """A site's shape as a small inline SVG, for the legend and the objectives board."""
    stroke = "#FFFFFF" if site == "city" else "#000000"
    path = site_path(site, size / 2, size / 2, size * 0.8)
    return (f'<svg class="site site-{site}" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
            f'aria-hidden="true"><path d="{path}" fill="{fill}" stroke="{stroke}" stroke-width="1"/></svg>')
