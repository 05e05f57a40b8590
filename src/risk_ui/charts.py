"""Small SVG line charts built as text in Python (no DOM, no library), for the statistics panels.

>>> svg = line_chart("Armies", [1, 2], [[3, 5], [4, 2]], ["Red", "Blue"], ["#c00", "#00c"])
>>> svg.startswith('<svg') and svg.count('class="series"') == 2
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT = 320, 170
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 22, 34  # margins for the axes, the title and the legend
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")  # lines told apart without colour too


def _nice_top(value: int) -> int:
    """A round number at or above ``value`` for the vertical axis (its half is round too).

    >>> [_nice_top(v) for v in (3, 17, 41, 998, 13454, 2_000_001)]
    [5, 20, 60, 1000, 15000, 3000000]
    """
    scale = 1
    while True:
        for step in (5, 10, 20, 25, 50):
            if value <= step * scale * 4:
                return int(max(step * scale, -(-value // (step * scale)) * step * scale))
        scale *= 10


def _tick(value: int) -> str:
    """An axis label that fits the margin: 15000 is "15k", 2400000 "2.4M".

    >>> [_tick(v) for v in (0, 950, 7500, 15000, 2_400_000)]
    ['0', '950', '7500', '15k', '2.4M']
    """
    if value >= 1_000_000:
        return f"{value / 1_000_000:g}M"
    return f"{value / 1000:g}k" if value >= 10_000 else str(value)


def line_chart(title: str, xs: Sequence[int], series: Sequence[Sequence[int]], names: Sequence[str],
               colours: Sequence[str]) -> str:
    """One line per series over ``xs`` (turns), with axes, a legend and a text alternative."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    top = _nice_top(max((v for s in series for v in s), default=1) or 1)
    x0, x1 = (xs[0], xs[-1]) if xs else (0, 1)
    span = (x1 - x0) or 1

    def px(x: int) -> float:
        return LEFT + (x - x0) / span * plot_w

    def py(y: int) -> float:
        return TOP + plot_h - y / top * plot_h

    parts = [f'<text x="{LEFT}" y="14" class="chart-title">{escape(title)}</text>',
             f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" class="axis"/>',
             f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" class="axis"/>']
    for tick in (0, top // 2, top):
        parts.append(f'<text x="{LEFT - 4}" y="{py(tick) + 4:.1f}" class="tick" text-anchor="end">{_tick(tick)}</text>')
    if xs:
        for x, anchor in ((x0, "start"), (x1, "end")) if x1 != x0 else ((x0, "start"),):
            # The first turn starts at the axis, the last ends at the plot's edge: neither is cut off.
            parts.append(f'<text x="{px(x):.1f}" y="{TOP + plot_h + 12}" class="tick" text-anchor="{anchor}">'
                         f"{x}</text>")
    summary = []
    for i, values in enumerate(series):
        if not any(values):
            continue
        points = " ".join(f"{px(x):.1f},{py(v):.1f}" for x, v in zip(xs, values, strict=False))
        dash = DASHES[i % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="series" data-seat="{i}" points="{points}" fill="none" '
                     f'stroke="{colours[i]}" stroke-width="2"{dash_attr}/>')
        marked = list(zip(xs, values, strict=False))[-1:] if len(xs) > 24 else zip(xs, values, strict=False)
        parts.extend(f'<circle cx="{px(x):.1f}" cy="{py(v):.1f}" r="2.5" fill="{colours[i]}"/>' for x, v in marked)
        summary.append(f"{names[i]} {values[-1] if values else 0}")
    legend_y = HEIGHT - 6
    x = LEFT
    for i, name in enumerate(names):
        if not any(series[i]) if i < len(series) else True:
            continue
        dash = DASHES[i % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<line x1="{x}" y1="{legend_y - 4}" x2="{x + 16}" y2="{legend_y - 4}" stroke="{colours[i]}" '
                     f'stroke-width="2"{dash_attr}/><text x="{x + 19}" y="{legend_y}" class="legend">'
                     f"{escape(name)}</text>")
        x += 24 + 7 * len(name)
    if not summary:  # every value is zero (no cards, no continent yet): say so rather than draw nothing
        parts.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{TOP + plot_h / 2:.1f}" class="chart-empty" '
                     'text-anchor="middle">None yet</text>')
    label = f"{title} per player by turn" + (f"; at the end: {', '.join(summary)}" if summary else "; none yet")
    return (f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(label)}">'
            f'{"".join(parts)}</svg>')
