"""How to play, for each registered edition: its steps (:data:`risk_ui.help_text.LESSONS`, an edition without a
lesson of its own is taught as the classic game) and their pictures, drawn from the edition's own map.

A picture is a piece of the board's drawing (the SVG the page binds to, which the build draws from the board
file with :func:`risk.drawing.board_svg`): the lands around a territory and its neighbours, the territory
lit, its neighbours' badges and names, and what stands on it (a castle, a capital, …) in the page's shapes.
The first screen's page holds an empty frame per picture; the page fills it from the drawing when the
edition's lesson is opened (:func:`picture_svg`, pure: the tests draw every picture in CPython).

>>> lesson_key("classic-1963"), lesson_key("castle")
('classic', 'castle')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from risk import paths
from risk.board import load_board
from risk.rules import EDITIONS
from risk_ui.help_text import LESSONS, Lesson, edition_place
from risk_ui.palette import site_path

DEFAULT = "classic"  # the lesson of an edition with none of its own


def lesson_key(edition: str) -> str:
    """Which lesson teaches an edition (its own, else the classic game's)."""
    return edition if edition in LESSONS else DEFAULT


def lesson_for(edition: str) -> Lesson:
    """The lesson that teaches ``edition``."""
    return LESSONS[lesson_key(edition)]


def lesson_editions() -> list[str]:
    """The registered editions that have a lesson of their own, in the page's order (one tab each)."""
    return sorted((name for name in EDITIONS if name in LESSONS), key=edition_place)


def step_id(key: str, index: int) -> str:
    """The id of a lesson's step on the page (the classic lesson's steps keep their first ids)."""
    return f"learn-{index}" if key == DEFAULT else f"learn-{key}-{index}"


def picture_id(key: str, index: int) -> str:
    """The id of the frame of a step's picture."""
    return f"learn-picture-{key}-{index}"


def tab_id(key: str) -> str:
    return f"learn-tab-{key}"


def learn_html() -> str:
    """The first screen's How to play: a tab per edition with a lesson, and every lesson's steps (the view
    shows one step of one lesson), each picture an empty frame the page fills."""
    tabs = "".join(
        f'<button type="button" id="{tab_id(key)}" data-action="learn-edition" data-arg="{escape(key)}" '
        f'aria-pressed="false">{escape(EDITIONS[key].title)}</button>' for key in lesson_editions())
    parts = [f'<div class="learn-tabs" role="group" aria-label="Edition">{tabs}</div>']
    for key in lesson_editions():
        lesson = LESSONS[key]
        figures = dict(lesson.figures)
        board = EDITIONS[key].rules.map
        for i, step in enumerate(lesson.steps):
            ident = step_id(key, i)
            body = "".join(f"<p>{escape(p)}</p>" for p in step.paragraphs)
            figure = figures.get(i)
            if figure is not None:
                body += (f'<figure class="learn-figure"><div class="learn-picture" id="{picture_id(key, i)}" '
                         f'data-board="{escape(board)}" data-focus="{escape(figure.territory)}" '
                         f'data-site="{escape(figure.site)}" role="img" aria-label="{escape(figure.caption)}">'
                         f"</div><figcaption>{escape(figure.caption)}</figcaption></figure>")
            parts.append(f'<section class="learn-step" id="{ident}" aria-labelledby="{ident}-title" hidden>'
                         f'<h3 id="{ident}-title">{i + 1}. {escape(step.title)}</h3>{body}</section>')
    return "".join(parts)


# ------------------------------------------------------------------------------------------------
# A picture: a piece of the board's drawing around a territory

_GROUP = re.compile(
    r'<g id="t-(?P<id>[^"]+)"[^>]*>\s*<path class="land" fill="(?P<fill>[^"]*)"[^>]*? d="(?P<d>[^"]*)"/>\s*'
    r'<circle class="army-badge" cx="(?P<x>[-\d.]+)" cy="(?P<y>[-\d.]+)" r="(?P<r>[-\d.]+)"')
LIT = "#f2c14e"  # the territory the picture is about
NEAR = 0.3  # neighbours farther than this share of the map's width (across an ocean, round the world) are left out
MARGIN = 0.12  # of the picture's box, round the lands shown


@dataclass(frozen=True)
class _Land:
    fill: str
    d: str
    badge: tuple[float, float, float]
    box: tuple[float, float, float, float]  # x0, y0, x1, y1


def _lands(svg: str) -> dict[str, _Land]:
    lands = {}
    for m in _GROUP.finditer(svg):
        points = [p for ring in paths.path_rings(m["d"]) for p in ring]
        x, y, r = float(m["x"]), float(m["y"]), float(m["r"])
        xs, ys = [p[0] for p in points] or [x], [p[1] for p in points] or [y]
        lands[m["id"]] = _Land(m["fill"], m["d"], (x, y, r), (min(xs), min(ys), max(xs), max(ys)))
    return lands


def _map_width(svg: str) -> float:
    found = re.search(r'viewBox="([^"]+)"', svg)
    return float(found.group(1).split()[2]) if found else 1000.0


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def picture_svg(svg: str, board_ref: str, territory: str, site: str = "", caption: str = "") -> str:
    """The piece of board ``board_ref``'s drawing ``svg`` around ``territory`` (its id): the lands in view, the
    territory lit with ``site`` on its badge (one of risk_ui.palette.SITES, or ""), its near neighbours'
    badges and every shown territory's name. "" when the drawing has no such territory."""
    lands = _lands(svg)
    board = load_board(board_ref)
    if territory not in lands or territory not in board.index:
        return ""
    focus = lands[territory]
    reach = NEAR * _map_width(svg)
    fx, fy, _ = focus.badge
    near = [board.territories[n].id for n in board.adjacent[board.index[territory]]]
    near = [n for n in near if n in lands and abs(lands[n].badge[0] - fx) + abs(lands[n].badge[1] - fy) < reach]
    shown = [territory, *near]
    x0 = min(lands[t].box[0] for t in shown)
    y0 = min(lands[t].box[1] for t in shown)
    x1 = max(lands[t].box[2] for t in shown)
    y1 = max(lands[t].box[3] for t in shown)
    w, h = x1 - x0, y1 - y0
    if w < h * 1.4:  # a landscape picture: wider than tall
        x0, w = x0 - (h * 1.4 - w) / 2, h * 1.4
    pad = MARGIN * w
    x0, y0, w, h = x0 - pad, y0 - pad, w + 2 * pad, h + 2 * pad
    size = w / 40  # names and badges in proportion to the picture
    out = [f'<svg class="learn-map" viewBox="{_n(x0)} {_n(y0)} {_n(w)} {_n(h)}" role="img" '
           f'aria-label="{escape(caption)}" preserveAspectRatio="xMidYMid meet">'
           f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" fill="#cfe3f0"/>'
           f'<g stroke="#fff" stroke-width="{_n(size / 6)}" stroke-linejoin="round">']
    for tid, land in lands.items():
        bx0, by0, bx1, by1 = land.box
        if bx1 < x0 or by1 < y0 or bx0 > x0 + w or by0 > y0 + h:
            continue
        fill = LIT if tid == territory else land.fill
        out.append(f'<path fill="{escape(fill)}" d="{escape(land.d)}"/>')
    out.append("</g>")
    for tid in shown:
        x, y, _ = lands[tid].badge
        lit = tid == territory
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(size * (1.3 if lit else 0.9))}" fill="#fff" '
                   f'stroke="{"#1d2733" if lit else "#555"}" stroke-width="{_n(size / (4 if lit else 6))}"/>')
        name = board.territories[board.index[tid]].name
        out.append(f'<text x="{_n(x)}" y="{_n(y + size * 2.6)}" font-size="{_n(size * (1.5 if lit else 1.2))}" '
                   f'font-family="sans-serif" text-anchor="middle" fill="#1d2733" stroke="#fff" '
                   f'stroke-width="{_n(size / 3)}" paint-order="stroke" font-weight="{700 if lit else 400}">'
                   f"{escape(name)}</text>")
    if site:
        out.append(f'<path d="{site_path(site, fx, fy, size * 1.8)}" fill="#1d2733" stroke="#fff" '
                   f'stroke-width="{_n(size / 8)}"/>')
    out.append("</svg>")
    return "".join(out)
