"""A board file's drawing as the SVG the page binds to: one function for every board, shipped or not.

Like python-chess's ``chess.svg``, the drawing is built as a string with no DOM, so the build draws the
shipped boards with it (their SVG is never committed: the board file is the one source) and the page draws a
generated or imported board with the same function in Pyodide. The SVG is the page's contract
(``risk_ui.dom.Page._bind``, ``risk_ui.map_control``):

- one ``<svg id="board" viewBox=… role="group" aria-label=… data-board=…>`` (the board's id: which board the
  page has in hand when the drawing came with the page);
- the picture (``<image>``) and the background shapes under everything;
- ``<g id="sea-links">`` with one ``<line class="sea-link" data-link="A B">`` per segment of a border across
  water (A and B sorted), under the land or over it as the board's ``sea_line`` says, drawn out to at least
  its ``least`` length so that a crossing of a strait shows on a phone;
- ``<g id="territories">`` holding, per territory in board order, ``<g id="t-ID" class="territory
  continent-CID" data-territory="ID">`` with one ``path.land``, a ``circle.army-badge`` and a
  ``text.army-count`` at the badge's centre (and ``data-label="x y"`` where the board places the name);
- ``<g id="labels">`` with the board's words that are not territory names (seas, regions).

Every value is escaped and the file is validated first: a board from a stranger's disk can break neither the
markup nor the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from risk.boardfile import BoardFileError, validate

SVG_NS = "http://www.w3.org/2000/svg"
LAND_FILL = "#d9d2bd"  # a territory's land before anyone holds it, where the board gives no colour
# The dashed line of a border across water, where the board's drawing says nothing else: over the land and
# drawn out to 34 map units, as the Castle map's (a few units across a strait is a line nobody finds on a phone).
SEA_LINE = {"colour": "#16324f", "width": 2.6, "dash": [4, 3], "round": True, "over": True, "least": 34}
BADGE = 'fill="#fff" stroke="#444"'
COUNT = ('text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-size="{size}" '
         'stroke="none" fill="#222"')


def board_svg(data: Mapping[str, Any]) -> str:
    """The SVG of a board file's drawing (see the module's docstring), after :func:`risk.boardfile.validate`
    (a bad file raises its :class:`~risk.boardfile.BoardFileError`; a file without a drawing too)."""
    validate(data)
    drawing = data.get("drawing")
    if drawing is None:
        raise BoardFileError(f'the board "{data["name"]}": drawing: missing (this board cannot be shown)')
    style = {**SEA_LINE, **drawing.get("sea_line", {})}
    groups = {c["id"]: c for c in data["continents"]}
    looks = drawing.get("continents", {})
    box = " ".join(_n(v) for v in drawing["view_box"])
    label = drawing.get("label", data["name"])
    out = [f'<svg xmlns="{SVG_NS}" viewBox="{box}" id="board" role="group" aria-label="{_a(label)}" '
           f'data-board="{_a(data["id"])}">']
    picture = drawing.get("picture")
    if picture:
        out.append(f'<image href="{_a(picture["href"])}" x="{_n(picture["x"])}" y="{_n(picture["y"])}" '
                   f'width="{_n(picture["width"])}" height="{_n(picture["height"])}" preserveAspectRatio="none"/>')
    for shape in drawing.get("background", []):
        out.append(f'<path class="{_a(shape.get("class", "background"))}" fill="{_a(shape.get("fill", "none"))}" '
                   f'd="{_a(shape["d"])}"/>')
    sea_links = _sea_links(drawing.get("sea_links", []), style)
    if not style["over"]:
        out.append(sea_links)
    out.append('<g id="territories" stroke="#fff" stroke-width=".6" stroke-linejoin="round">')
    for t in data["territories"]:
        tid = t["id"]
        own = drawing["territories"][tid]
        look = looks.get(t["continent"], {})
        land = own["land"] if isinstance(own["land"], list) else [own["land"]]
        fill = own.get("fill", look.get("fill", LAND_FILL))
        outline = f' style="--continent:{_a(look["outline"])}"' if "outline" in look else ""
        x, y, r = (_n(v) for v in own["badge"])
        where = f' data-label="{_n(own["label"][0])} {_n(own["label"][1])}"' if "label" in own else ""
        count = COUNT.format(size=_n(float(own["badge"][2]) * 10 / 9))
        out.append(
            f'<g id="t-{_a(tid)}" class="territory continent-{_a(groups[t["continent"]]["id"])}" '
            f'data-territory="{_a(tid)}"{where}>'
            f'<path class="land" fill="{_a(fill)}"{outline} d="{_a(" ".join(land))}"/>'
            f'<circle class="army-badge" cx="{x}" cy="{y}" r="{r}" {BADGE}/>'
            f'<text class="army-count" x="{x}" y="{y}" {count}>0</text></g>')
    out.append("</g>")
    if style["over"]:
        out.append(sea_links)
    texts = drawing.get("texts", [])
    if texts:
        out.append('<g id="labels" aria-hidden="true" pointer-events="none" font-family="sans-serif" '
                   'text-anchor="middle">')
        for text in texts:
            extra = ' font-style="italic"' if text.get("italic") else ""
            extra += f' font-weight="{int(text["weight"])}"' if "weight" in text else ""
            out.append(f'<text class="{_a(text.get("class", "text"))}" x="{_n(text["x"])}" y="{_n(text["y"])}" '
                       f'font-size="{_n(text.get("size", 12))}"{extra} fill="{_a(text.get("fill", "#000"))}" '
                       f'stroke="none">{escape(text["text"], quote=False)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _sea_links(links: list[Mapping[str, Any]], style: Mapping[str, Any]) -> str:
    dash = " ".join(_n(v) for v in style["dash"])
    cap = ' stroke-linecap="round"' if style["round"] else ""
    out = [f'<g id="sea-links" fill="none" stroke="{_a(style["colour"])}" stroke-width="{_n(style["width"])}" '
           f'stroke-dasharray="{dash}"{cap} pointer-events="none">']
    for link in links:
        x1, y1, x2, y2 = (float(v) for v in link["line"])
        x1, y1, x2, y2 = sea_link_ends(x1, y1, x2, y2, least=float(style["least"]))
        pair = " ".join(sorted(link["link"]))
        out.append(f'<line class="sea-link" data-link="{_a(pair)}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" '
                   f'y2="{_n(y2)}"/>')
    out.append("</g>")
    return "\n".join(out)


def sea_link_ends(x1: float, y1: float, x2: float, y2: float, least: float) -> tuple[float, float, float, float]:
    """A dashed sea crossing's ends, drawn out along its line to at least ``least`` long (a board draws each
    from coast to coast, a few units across a strait, which no eye finds on a phone).

    >>> sea_link_ends(0, 0, 10, 0, 30)
    (-10.0, 0.0, 20.0, 0.0)
    >>> sea_link_ends(0, 0, 40, 0, 30)
    (0.0, 0.0, 40.0, 0.0)
    """
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5
    if length >= least or length == 0:
        return float(x1), float(y1), float(x2), float(y2)
    grow = (least - length) / 2 / length
    return (round(x1 - dx * grow, 1), round(y1 - dy * grow, 1), round(x2 + dx * grow, 1), round(y2 + dy * grow, 1))


def _n(value: object) -> str:
    """A number as the SVG writes it: at most 2 decimals, no trailing zeros.

    >>> _n(45.8), _n(9.0), _n(-22), _n(0.125), _n(-0.0)
    ('45.8', '9', '-22', '0.12', '0')
    """
    number = round(float(value), 2)  # type: ignore[arg-type]
    return str(int(number)) if number == int(number) else repr(number)


def _a(value: object) -> str:
    """Text as an attribute's value."""
    return escape(str(value), quote=True)
