"""Motion: the engine's events of one action turned into a short list of animation steps, and the SVG the
page's ``g#motion`` layer (over the map) shows for them.

The steps are plain data (made in CPython, tested without a browser); the drawing is SVG elements with CSS
animations (classes ``mo-*``), so the browser plays them and nothing here waits. With reduce motion on there
are no steps: the page shows the final state at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from risk.events import BattleFought, Captured, Eliminated, Event, Fortified, MovedIn, Placed

# How long each kind of step plays (ms): a bot's pacing waits for the sum.
DURATION = {"travel": 250, "dice": 350, "capture": 400, "eliminate": 600, "place": 150}


@dataclass(frozen=True, slots=True)
class Step:
    """One animation: ``kind`` is travel/dice/capture/eliminate/place; territories by index, ``seat`` whose."""

    kind: str
    source: int = -1
    target: int = -1
    seat: int = -1
    count: int = 0
    dice: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())


def steps_for(events: Iterable[Event], reduce_motion: bool = False) -> list[Step]:
    """The animation steps of an action's events, in order; none when motion is reduced."""
    if reduce_motion:
        return []
    steps: list[Step] = []
    for event in events:
        if isinstance(event, BattleFought):
            dice = Step("dice", event.source, event.target, event.attacker_seat,
                        dice=(tuple(event.attacker), tuple(event.defender)))
            if steps and steps[-1].kind == "dice" and steps[-1].target == event.target:
                steps[-1] = dice  # "attack until": one token, then the last roll's dice
                continue
            steps.append(Step("travel", event.source, event.target, event.attacker_seat, len(event.attacker)))
            steps.append(dice)
        elif isinstance(event, Captured):
            steps.append(Step("capture", target=event.territory, seat=event.seat))
        elif isinstance(event, Eliminated):
            steps.append(Step("eliminate", seat=event.seat))
        elif isinstance(event, (MovedIn, Fortified)):
            steps.append(Step("travel", event.source, event.target, event.seat, event.count))
        elif isinstance(event, Placed):
            steps.append(Step("place", target=event.territory, seat=event.seat, count=event.count))
    return steps


def duration(steps: Iterable[Step]) -> int:
    """How long the steps play one after another (ms)."""
    return sum(DURATION[step.kind] for step in steps)


def svg_for(steps: list[Step], centres: Mapping[int, tuple[float, float]]) -> str:
    """The SVG markup of the steps for the motion layer; each step starts when the one before ends."""
    parts: list[str] = []
    delay = 0
    for step in steps:
        style = f'style="animation-delay:{delay}ms;animation-duration:{DURATION[step.kind]}ms"'
        if step.kind == "travel" and step.source in centres and step.target in centres:
            (x1, y1), (x2, y2) = centres[step.source], centres[step.target]
            parts.append(
                f'<circle class="mo-token p{step.seat}" r="6" cx="{x1:.1f}" cy="{y1:.1f}" '
                f'style="animation-delay:{delay}ms;animation-duration:{DURATION[step.kind]}ms;'
                f'--dx:{x2 - x1:.1f}px;--dy:{y2 - y1:.1f}px" data-dx="{x2 - x1:.1f}" data-dy="{y2 - y1:.1f}"></circle>')
        elif step.kind == "dice" and step.target in centres:
            x, y = centres[step.target]
            faces = " ".join(map(str, step.dice[0])) + " : " + " ".join(map(str, step.dice[1]))
            parts.append(f'<text class="mo-dice" x="{x:.1f}" y="{y - 16:.1f}" {style}>{faces}</text>')
        elif step.kind in ("capture", "place") and step.target in centres:
            x, y = centres[step.target]
            parts.append(f'<circle class="mo-{step.kind} p{step.seat}" r="14" cx="{x:.1f}" cy="{y:.1f}" '
                         f'{style}></circle>')
        delay += DURATION[step.kind]
    return "".join(parts)


def _is_none(value: object) -> bool:
    return value is None


def play(document: Any, steps: list[Step], centres: Mapping[int, tuple[float, float]],
         is_none: Callable[[Any], bool] = _is_none) -> int:
    """Put the steps into ``g#motion`` (and mark an eliminated player's row); returns how long they play (ms)."""
    layer = document.getElementById("motion")
    if is_none(layer) or not steps:
        return 0
    layer.innerHTML = svg_for(steps, centres)
    for step in steps:
        if step.kind == "eliminate":
            row = document.querySelector(f'[data-seat="{step.seat}"]')
            if not is_none(row):
                row.setAttribute("data-eliminated-flash", "1")
    return duration(steps)


def clear(document: Any, is_none: Callable[[Any], bool] = _is_none) -> None:
    """Empty the motion layer and end an eliminated player's flash (when the steps have played, or at a tap that
    skips them)."""
    layer = document.getElementById("motion")
    if not is_none(layer):
        layer.innerHTML = ""
    for row in document.querySelectorAll("[data-eliminated-flash]"):
        row.removeAttribute("data-eliminated-flash")
