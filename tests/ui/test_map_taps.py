"""Issue #23, part 2, in CPython: a phone's map that plays without zooming by hand.

For every territory of every shipped board and of a dense board drawn here (map_model.dense: 80 territories,
the densest of the three), at the zoom the page opens at on a phone held upright (390 x 844) and on its side
(844 x 390): a tap 10 px off its badge in 8 directions reaches it (or, where two badges are as near, asks with
the territory among the choices; never another territory silently); its badge is at least 16 px across; no
sea shows beyond the map's edges; the names of the territories in view have room. The figures are printed
(pytest -s). The page computes the same functions on the same drawing; tests/e2e/test_map_phone.py checks that
the page in Chromium opens at this zoom and badge size, and that real taps go where these say.
"""

from __future__ import annotations

from typing import Any

import pytest

from risk_ui.map_geometry import Box, Drawing, Land, path_rings
from risk_ui.viewport import (
    LABEL_GAP_PX,
    LINE_PX,
    Viewport,
    badge_factor,
    estimated_width,
    in_view,
    layout_names,
    opening_scale,
    opening_view,
    resolve_tap,
)
from ui.fakedom import FakeDocument, FakeEvent
from ui.map_model import LANDSCAPE, PORTRAIT, dense, generated, opening, shipped, taps_round_badges

BOARDS = {"classic": lambda: shipped("classic"), "castle": lambda: shipped("castle"), "dense": dense,
          # New worlds of each size (issue 24): the page draws them from their board files like the shipped ones.
          "world-small": lambda: generated("generated:1:48213:small:4"),
          "world-medium": lambda: generated("generated:1:7:medium:6"),
          "world-large": lambda: generated("generated:1:90001:large:8")}
SCREENS = {"portrait": PORTRAIT, "landscape": LANDSCAPE}
_DRAWINGS: dict[str, Drawing] = {}


def drawing(name: str) -> Drawing:
    if name not in _DRAWINGS:
        _DRAWINGS[name] = BOARDS[name]()
    return _DRAWINGS[name]


# -- the drawing's shapes ------------------------------------------------------------------------------------


def test_path_data_becomes_outlines_and_unreadable_data_none() -> None:
    """The page reads outlines with the board files' reader (risk.paths, tested with them); a path it cannot
    read is no land rather than a page that stops."""
    assert path_rings("M0 0H10V10H0Z") == path_rings("m0 0h10v10h-10z") == [[(0, 0), (10, 0), (10, 10), (0, 10)]]
    assert path_rings("M0 0h5v5zm10 0h5v5z")[1][0] == (10, 0)  # a move after a close: from the ring's start
    curve = path_rings("M0 0C0 10 10 10 10 0z")[0]
    assert curve[-1] == (10, 0) and max(y for _, y in curve) == pytest.approx(7.5)  # the curve, not its controls
    assert path_rings("M0 0A5 5 0 0 1 10 0z") == [] and path_rings("0 0 L") == []
    assert Land.from_paths(["nonsense"]).rings == () and not Land.from_paths(["nonsense"]).contains(0, 0)


def test_a_land_knows_what_is_on_it_holes_and_islands_too_and_how_far_the_rest_is() -> None:
    land = Land.from_paths(["M0 0h30v30h-30z M10 10h10v10h-10z", "M50 0h10v10h-10z"])  # a lake, an island
    assert land.contains(5, 5) and not land.contains(15, 15) and land.contains(55, 5)
    assert not land.contains(40, 5) and land.distance(40, 5) == pytest.approx(10)
    assert land.distance(15, 15) == pytest.approx(5)  # from the middle of the lake to its shore
    assert land.box == Box(0, 0, 60, 30)


# -- taps ----------------------------------------------------------------------------------------------------


def _row() -> Drawing:
    """Three territories side by side (two sharing a border at x = 30) and a small island."""
    return Drawing.build(Box(0, 0, 200, 50), [(20, 25, 5), (45, 25, 5), (80, 25, 5)],
                         [["M0 0h30v50h-30z"], ["M30 0h40v50h-40z"], ["M75 10h10v30h-10z"]], ["A", "B", "C"])


def test_a_tap_goes_to_the_nearest_badge_or_land_and_asks_where_two_are_as_near() -> None:
    d = _row()
    v = Viewport(d.bounds, 200, 50)  # 1 px per unit
    assert resolve_tap(v, d, 23, 25).territory == 0  # on A's badge
    assert resolve_tap(v, d, 45, 34).territory == 1  # 4 px under B's badge, nothing else near
    assert resolve_tap(v, d, 27, 25).territory == 0  # next to A's badge, clearly nearer it than B's
    between = resolve_tap(v, d, 32, 25)  # as near A's badge as B's: which?
    assert between.kind == "choose" and set(between.choices) == {0, 1}
    assert resolve_tap(v, d, 10, 45).territory == 0  # on A's land, far from any badge and border
    border = resolve_tap(v, d, 31, 45)  # on B's land, 1 px from A's
    assert border.kind == "choose" and border.choices[0] == 1 and 0 in border.choices
    assert resolve_tap(v, d, 90, 25).territory == 2  # the sea next to the island: the island
    assert resolve_tap(v, d, 150, 25).kind == "none"  # open sea
    drawn_larger = resolve_tap(v, d, 29, 25, factor=2.0)  # the badges drawn twice as large: on A's
    assert drawn_larger.territory == 0


# The share of taps 10 px off a badge that reach it straight away, as measured (issue #23 aims at 95% everywhere).
# On its side the phone shows the whole map as tall as the screen: Castle's Europe 95.5% (336 of 352; 16 ask,
# between London and Wales, Switzerland and Venice, Trieste and Vienna, ...; 94.3% with the page's 8 px over and
# under the map), the classic world 97.6%, the dense board 98.1%.
DIRECT = {("classic", "portrait"): 1.0, ("castle", "portrait"): 1.0, ("dense", "portrait"): 1.0,
          ("classic", "landscape"): 0.975, ("castle", "landscape"): 0.95, ("dense", "landscape"): 0.98,
          # New worlds (measured: small 100% and 100%, medium 99.7% and 98.8%, large 100% and 97.2%); the medium
          # one's closest badges make a phone upright open closer in (viewport.CLOSEST_WHOLE_PX), else 0.6% wrong.
          ("world-small", "portrait"): 1.0, ("world-small", "landscape"): 1.0,
          ("world-medium", "portrait"): 0.99, ("world-medium", "landscape"): 0.98,
          ("world-large", "portrait"): 1.0, ("world-large", "landscape"): 0.97}


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("board", BOARDS)
def test_taps_10_px_off_every_badge_reach_it_or_ask_never_another(board: str, screen: str, capsys: Any) -> None:
    count, misses = taps_round_badges(drawing(board), SCREENS[screen])
    with capsys.disabled():
        print(f"\n{board} {screen}: {count.total} taps, direct {count.share(count.direct):.1%}, "
              f"chooser {count.share(count.chooser):.1%}, wrong {count.share(count.wrong + count.chooser_without):.1%}")
    assert count.total >= 8 * len(drawing(board).badges) * 0.95  # nearly every tap is on the map
    assert count.wrong == count.chooser_without == count.none == 0, misses
    assert count.share(count.direct) >= DIRECT[board, screen], misses


def test_the_tap_test_counts_what_it_says() -> None:
    """The measure itself: on a map whose badges are too close for a finger, taps ask; at a distance that
    sends a tap to the neighbour, it is counted wrong."""
    close = Drawing.build(Box(0, 0, 100, 20), [(40, 10, 3), (52, 10, 3)], [["M0 0h46v20h-46z"], ["M46 0h54v20h-54z"]],
                          ["A", "B"])
    v = Viewport(close.bounds, 100, 20)
    assert resolve_tap(v, close, 50, 10).kind == "select"  # 2 px from B's centre: on B's badge
    assert resolve_tap(v, close, 46, 10).kind == "choose"


# -- the zoom the page opens at --------------------------------------------------------------------------------


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("board", BOARDS)
def test_the_opening_zoom_shows_badges_16_px_wide_and_no_sea_beyond_the_map(board: str, screen: str,
                                                                            capsys: Any) -> None:
    d = drawing(board)
    view = opening(d, SCREENS[screen])
    badge = 2 * min(b.r for b in d.badges) * badge_factor(d, view.scale) * view.scale
    with capsys.disabled():
        print(f"\n{board} {screen}: element {view.width:.0f}x{view.height:.0f}, zoom {view.zoom:.2f}, "
              f"scale {view.scale:.3f}, badges {badge:.1f} px")
    assert badge >= 16
    b, box = d.bounds, view.box
    if view.zoom == pytest.approx(1) and screen == "portrait":  # a world small enough to show whole upright
        assert board == "world-small"
        assert box.x <= b.x + 1e-6 and box.y <= b.y + 1e-6  # the whole map in view
        assert box.x + box.w >= b.x + b.w - 1e-6 and box.y + box.h >= b.y + b.h - 1e-6
        return
    assert box.x >= b.x - 1e-6 and box.y >= b.y - 1e-6  # the view within the map: no sea beyond it
    assert box.x + box.w <= b.x + b.w + 1e-6 and box.y + box.h <= b.y + b.h + 1e-6
    if screen == "landscape":
        assert view.zoom == pytest.approx(1)  # on its side, the phone shows the whole map
    else:
        assert view.zoom > 1.5  # upright, the phone opens closer in


def test_the_opening_view_shows_the_players_territories() -> None:
    d = drawing("classic")
    names = {n: t for t, n in enumerate(d.names)}
    for mine in (["Alaska", "Alberta", "Ontario", "Quebec"], ["Siam", "Indonesia", "New Guinea", "India"],
                 ["Argentina", "Peru", "Brazil"]):
        focus = [names[n] for n in mine]
        view = opening(d, PORTRAIT, focus)
        assert set(focus) <= set(in_view(view, d)), mine


def test_a_map_shows_whole_where_its_badges_have_room_and_only_then() -> None:
    spread = Drawing.build(Box(0, 0, 1000, 500), [(50 + 100 * i, 250, 9) for i in range(10)], [[]] * 10,
                           [str(i) for i in range(10)])
    assert opening_scale(spread, 1000, 500) == 1.0  # 100 px apart: the whole map
    assert opening_scale(spread, 200, 400) == pytest.approx(0.2)  # 20 px apart: still the whole map
    assert opening_scale(spread, 160, 80) == pytest.approx(0.32)  # 16 px apart: closer in, 32 px apart
    assert opening_scale(spread, 150, 400) == pytest.approx(0.8)  # ... and never with sea above and below
    v = opening_view(Viewport(spread.bounds, 150, 400), spread, [])
    assert v.box.x == pytest.approx(500 - 150 / 0.8 / 2) and v.box.h == pytest.approx(500)  # the middle


# -- names ---------------------------------------------------------------------------------------------------


def _check_names(view: Viewport, d: Drawing, blocked: list[tuple[float, float, float, float]]) -> tuple[int, int]:
    """Lay out the names in ``view`` and check them: inside the element, clear of each other, of the badges
    and of ``blocked``. Returns (names placed, territories fully in view)."""
    factor = badge_factor(d, view.scale)
    placed = layout_names(view, d, factor, [estimated_width(n) for n in d.names], (), blocked)
    rects = {}
    for t, label in placed.items():
        width = max(len(line) for line in label.lines) / len(d.names[t]) * estimated_width(d.names[t])
        left = label.x - (width / 2 if label.anchor == "middle" else width if label.anchor == "end" else 0)
        rects[t] = (left, label.y, left + width, label.y + LINE_PX * len(label.lines))
    for t, (x0, y0, x1, y1) in rects.items():
        assert x0 >= 0 and x1 <= view.width and y0 >= 0 and y1 <= view.height, d.names[t]
        for u, (a0, b0, a1, b1) in rects.items():
            assert u == t or x1 <= a0 or a1 <= x0 or y1 <= b0 or b1 <= y0, (d.names[t], d.names[u])
        for u, badge in enumerate(d.badges):
            cx, cy = view.to_screen(badge.x, badge.y)
            r = badge.r * factor * view.scale + LABEL_GAP_PX - 0.01
            nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
            assert u == t or (nx - cx) ** 2 + (ny - cy) ** 2 >= r * r, (d.names[t], d.names[u])
        for bx0, by0, bx1, by1 in blocked:
            assert x1 <= bx0 or bx1 <= x0 or y1 <= by0 or by1 <= y0, d.names[t]
    whole = []
    for t, badge in enumerate(d.badges):
        cx, cy = view.to_screen(badge.x, badge.y)
        r = badge.r * factor * view.scale
        if r <= cx <= view.width - r and r <= cy <= view.height - r:
            whole.append(t)
    assert set(placed) <= set(in_view(view, d))
    return len(set(placed) & set(whole)), len(whole)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("board", BOARDS)
def test_the_names_in_view_have_room_clear_of_each_other_and_of_the_badges(board: str, screen: str,
                                                                          capsys: Any) -> None:
    """At the opening zoom, the view brought to each territory in turn; the zoom buttons and the legend over
    the map's bottom corners (as the stylesheet draws them) are kept clear."""
    d = drawing(board)
    start = opening(d, SCREENS[screen])
    w, h = start.width, start.height
    blocked = [(w - 140, h - 48, w, h), (0, h - 40, 112, h)]
    named = seen = 0
    for badge in d.badges:
        got, of = _check_names(start.centre_on(badge.x, badge.y), d, blocked)
        named, seen = named + got, seen + of
    with capsys.disabled():
        print(f"\n{board} {screen}: names of {named / seen:.1%} of the territories in view")
    if screen == "landscape":  # the whole map in at least 33rem beside the turn bar's pane (issue #23, part 3):
        # classic 81.0% (95.2% across the whole screen before the bar), Castle's Europe 70.5% (as tall as the
        # screen), the dense board of 80 territories 44.3% (92.5%)
        assert named / seen >= {"classic": 0.78, "castle": 0.65}.get(board, 0.40)
    else:
        assert named / seen >= (0.65 if start.zoom == 1 and board != "classic" else 0.85)


def test_a_name_goes_on_two_lines_where_one_has_no_room() -> None:
    d = Drawing.build(Box(0, 0, 120, 60), [(20, 20, 5), (100, 20, 5)], [[], []], ["Northwest Territory", "East"])
    placed = layout_names(Viewport(d.bounds, 120, 60), d, 1.0, [estimated_width(n) for n in d.names])
    assert placed[0].lines == ("Northwest", "Territory")


# -- the page (fake DOM) ------------------------------------------------------------------------------------


def _touch(doc: FakeDocument, target: Any, x: float, y: float) -> FakeEvent:
    event = FakeEvent("click", target)
    event.clientX, event.clientY, event.pointerType, event.timeStamp = x, y, "touch", 10_000.0  # type: ignore[attr-defined]
    return event


def test_in_the_page_an_ambiguous_tap_asks_and_the_choice_plays(mount: Any) -> None:
    from risk_ui.controller import DEFAULT_SETTINGS, Controller
    from risk_ui.words import MAP_CHOOSER
    from ui.conftest import drawn_map

    c = Controller.new(DEFAULT_SETTINGS, seed=3)
    doc, page = mount(c, drawn_map("classic"))
    c.command("handoff")
    page.render()
    control = page.map
    assert control is not None
    v, d = control.viewport, control.drawing
    assert v.width == 800 and v.zoom == pytest.approx(1)  # the fake element: the whole world fits
    board = c.state.board
    north, south = board.territory_index("northern_europe"), board.territory_index("southern_europe")
    # The point between the two badges, as near one as the other.
    a, b = d.badges[north], d.badges[south]
    x, y = v.to_screen((a.x + b.x) / 2, (a.y + b.y) / 2)
    svg = doc.getElementById("board")
    before = list(c.state.owner), list(c.state.armies)
    page.on_map_click(_touch(doc, svg, x, y))
    chooser = doc.getElementById("map-chooser")
    assert chooser is not None and chooser.getAttribute("aria-label") == MAP_CHOOSER
    buttons = chooser.querySelectorAll("button")
    assert {btn.textContent for btn in buttons} == {"Northern Europe", "Southern Europe"}
    assert (list(c.state.owner), list(c.state.armies)) == before  # nothing played yet
    # Escape takes it away and nothing is played; a tap elsewhere on the map does too.
    page.on_document_key(FakeEvent("keydown", doc.body, "Escape"))
    assert doc.getElementById("map-chooser") is None
    page.on_map_click(_touch(doc, svg, x, y))
    page.on_map_click(_touch(doc, svg, 5, 5))
    assert doc.getElementById("map-chooser") is None and (list(c.state.owner), list(c.state.armies)) == before
    # The choice made: the controller gets a click on that territory, as if it had been tapped square.
    page.on_map_click(_touch(doc, svg, x, y))
    pick = next(btn for btn in doc.getElementById("map-chooser").querySelectorAll("button")
                if btn.textContent == "Southern Europe")
    clicked: list[int] = []
    c.click = clicked.append  # type: ignore[method-assign]
    doc.click(pick)
    assert clicked == [south] and doc.getElementById("map-chooser") is None
    # A clear tap goes straight through, 10 px off a badge.
    bx, by = v.to_screen(d.badges[0].x, d.badges[0].y)
    page.on_map_click(_touch(doc, svg, bx + 10, by))
    assert clicked == [south, 0]
