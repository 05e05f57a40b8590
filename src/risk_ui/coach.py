"""The guided first turn: coach marks over the real page (a highlighted territory or button and a short bubble
beside it) that walk a first visitor through one turn: place your armies, attack, move in, end the turn.

The coach is offered once to a person on a plain visit (``eligible``), on their own turn's reinforcements; what
became of the offer is kept in the browser as ``coach_state`` ("" never offered, "offered", "declined" or
"done"). A step advances when the player does it, read from the game's phase changes (never a timer): the
reinforcements placed (the attack phase), a territory taken (move in), the move made (back to attacking: end
the turn) and the turn over (done). Everything it asks is done the page's usual way, by taps or by keys; the
bubble's buttons skip it.

Pure like the view: :meth:`Coach.observe` follows the game, :meth:`Coach.controls` says what shows and
:meth:`Coach.target` which element the mark is on; :func:`place` (the page's side) puts the mark there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from risk.state import GameState, Phase
from risk_ui import words
from risk_ui.screen import Control


class Controller(Protocol):
    """What the coach reads of the controller (which owns a :class:`Coach` and sits above this module)."""

    @property
    def state(self) -> GameState: ...

    @property
    def ui(self) -> Any: ...  # risk_ui.controller.UiState: the selection, what covers the page, the replay

    def is_human(self, seat: int) -> bool: ...

    def people_out(self) -> bool: ...

STATES = ("", "offered", "declined", "done")  # coach_state as stored
STEPS = ("place", "attack", "move", "end")  # the guided turn, in order
STORAGE_KEY = "coach_state"
MARK = "data-coach-mark"  # the attribute on the element marked


def attack_choice(controller: Controller) -> tuple[int, int]:
    """The attack the coach points at: the player's territory with the most armies over a weakest enemy
    neighbour, and that neighbour ((-1, -1): no attack is possible). Ties go to the board's order."""
    state = controller.state
    seat, board = state.current, state.board
    best: tuple[int, int, int] | None = None
    for source in range(len(board.territories)):
        if state.owner[source] != seat or state.armies[source] < 2:
            continue
        enemies = [t for t in board.adjacent[source] if state.owner[t] != seat]
        if not enemies:
            continue
        target = min(enemies, key=lambda t: (state.armies[t], t))
        margin = state.armies[source] - state.armies[target]
        if best is None or margin > best[0]:
            best = (margin, source, target)
    return (-1, -1) if best is None else (best[1], best[2])


def place_choice(controller: Controller) -> int:
    """Where the coach suggests placing: the player's border territory with the best attack after it (the
    territory with the most armies that borders an enemy), -1 when none borders one."""
    state = controller.state
    seat, board = state.current, state.board
    best = (-1, -1)
    for t in range(len(board.territories)):
        if state.owner[t] == seat and any(state.owner[n] != seat for n in board.adjacent[t]):
            best = max(best, (state.armies[t], -t))
    return -best[1] if best[0] >= 0 else -1


@dataclass
class Coach:
    """The guided turn's state: what became of the offer (kept), and the turn being guided."""

    status: str = ""  # one of STATES, as kept in the browser
    eligible: bool = False  # a plain visit by a person (not a link or a test's game): the offer may show
    active: bool = False
    seat: int = -1
    turn: int = -1
    step: str = ""  # one of STEPS while active
    captured: bool = False  # a territory was taken in the guided turn
    seen: tuple[str, ...] = ()  # the steps shown, in order

    def restore(self, stored: str | None) -> None:
        """The state kept in the browser (anything else: never offered)."""
        self.status = stored if stored in STATES else ""

    def offering(self, controller: Controller) -> bool:
        """Whether the offer shows now: a person's reinforcements, nothing over the page, never answered."""
        if not self.eligible or self.active or self.status not in ("", "offered"):
            return False
        return _person_playing(controller) and controller.state.phase is Phase.REINFORCE

    def observe(self, controller: Controller) -> None:
        """Follow the game: the offer marked as made, and the guided step read from the phase."""
        if self.offering(controller):
            self.status = "offered"
        if not self.active:
            return
        state = controller.state
        if state.current != self.seat or state.turn != self.turn or state.phase is Phase.OVER:
            self._finish("done")
            return
        phase = state.phase
        if phase is Phase.REINFORCE:
            step = "place"
        elif phase is Phase.OCCUPY:
            step, self.captured = "move", True
        elif phase is Phase.ATTACK:
            step = "end" if self.captured or attack_choice(controller)[0] < 0 else "attack"
        elif phase is Phase.FORTIFY:
            step = "end"
        else:  # the dice being settled, or an edition's step of its own: the step as it was
            step = self.step
        self._show(step)

    def _show(self, step: str) -> None:
        self.step = step
        if step and (not self.seen or self.seen[-1] != step):
            self.seen = (*self.seen, step)

    def _finish(self, status: str) -> None:
        self.status, self.active, self.step = status, False, ""

    def command(self, name: str, controller: Controller) -> None:
        """The bubble's buttons: "coach-start" (yes), "coach-no" (not now: declined), "coach-skip" (leave the
        guided turn: declined), "coach-again" (offer it again, from How to play)."""
        if name == "coach-start" and self.offering(controller):
            state = controller.state
            self.status = "offered"  # accepted: "done" once the turn is over, "declined" if skipped
            self.active, self.seat, self.turn, self.captured, self.seen = True, state.current, state.turn, False, ()
            self.observe(controller)
        elif name in ("coach-no", "coach-skip"):
            self._finish("declined")
        elif name == "coach-again":
            self._finish("")
            self.eligible = True

    def target(self, controller: Controller) -> str:
        """The id of the element the mark is on ("" for none)."""
        if not self.active or not _person_playing(controller):
            return ""
        ui, state = controller.ui, controller.state
        board = state.board
        if self.step == "place":
            where = place_choice(controller)
            return f"t-{board.territories[where].id}" if where >= 0 else "panel-place"
        if self.step == "attack":
            if ui.selected >= 0 and ui.target >= 0:
                return "blitz"
            source, target = attack_choice(controller)
            if ui.selected >= 0:
                enemies = [t for t in board.adjacent[ui.selected] if state.owner[t] != state.current]
                target = min(enemies, key=lambda t: (state.armies[t], t)) if enemies else target
                return f"t-{board.territories[target].id}" if target >= 0 else "end-turn"
            return f"t-{board.territories[source].id}" if source >= 0 else "end-turn"
        if self.step == "move":
            return "occupy"
        if self.step == "end":
            return "end-turn"
        return ""

    def text(self, controller: Controller) -> str:
        """The bubble's words for the step shown."""
        ui = controller.ui
        if self.step == "attack":
            if ui.selected >= 0 and ui.target >= 0:
                return words.COACH_ROLL
            return words.COACH_ATTACK_TO if ui.selected >= 0 else words.COACH_ATTACK_FROM
        return {"place": words.COACH_PLACE, "move": words.COACH_MOVE, "end": words.COACH_END}.get(self.step, "")

    def controls(self, controller: Controller) -> dict[str, Control]:
        """The bubble: the offer, or the step's words with "Skip", or hidden."""
        offer = self.offering(controller)
        guiding = bool(self.target(controller))
        c = {"coach": Control(hidden=not (offer or guiding)),
             "coach-start": Control(hidden=not offer), "coach-no": Control(hidden=not offer),
             "coach-skip": Control(hidden=offer or not guiding)}
        if offer:
            c["coach-title"] = Control(text=words.COACH_OFFER_TITLE)
            c["coach-text"] = Control(text=words.COACH_OFFER)
        elif guiding:
            number = STEPS.index(self.step) + 1 if self.step in STEPS else 0
            c["coach-title"] = Control(text=words.coach_step_title(number, len(STEPS)))
            c["coach-text"] = Control(text=self.text(controller))
        return c


def _person_playing(controller: Controller) -> bool:
    """A person's own turn on screen, with nothing over the page and no replay."""
    state, ui = controller.state, controller.ui
    if ui.home or ui.handoff >= 0 or ui.dialog_open or ui.record.replay is not None:
        return False
    return state.phase is not Phase.OVER and controller.is_human(state.current) and not controller.people_out()


# ------------------------------------------------------------------------------------------------
# The page's side: the mark put on its element and the bubble beside it (``document`` and ``window`` are the
# browser's, or the tests' fake DOM).

GAP = 10  # px between the marked element and the bubble
EDGE = 8  # px kept clear of the window's edges
WIDE = 900  # px: from this width on, the page has its side column (the layout's wide screen, assets/style/game.css)
HOME = "app"  # where a step's bubble sits in the page (it floats by its mark: position fixed)
# Where the offer rests, in the page's flow (covering nothing, and pushing nothing out of the window): the top of
# the side column on a wide screen (which has room under its panels), the top of the actions under the map
# (in the pane beside it, a phone on its side) on a narrow one.
OFFER_SLOTS = {True: "side", False: "actions"}


def place(find: Callable[[str], Any], window: Any, target: str, marked: list[str]) -> None:
    """Mark element ``target`` (an id, found by ``find``; "" for none) and put the bubble next to it, below
    where it fits, else above, within the window. ``marked`` holds the id marked before (updated)."""
    if marked and marked[0] != target:
        old = find(marked[0])
        if old is not None:
            old.removeAttribute(MARK)
        marked.clear()
    bubble = find("coach")
    element = find(target) if target else None
    if bubble is not None:
        _settle(find, window, bubble, offer=element is None and not bubble.hidden)
    if bubble is None or element is None:
        if bubble is not None and bubble.hasAttribute("data-placed"):  # written only when it changes
            bubble.removeAttribute("data-placed")
        return
    if not marked:
        element.setAttribute(MARK, "")
        marked.append(target)
    if window is None:  # no window to measure (the tests' fake page): the bubble stays at its resting place
        return
    box = element.getBoundingClientRect()
    width, height = float(window.innerWidth), float(window.innerHeight)
    if box.width == 0 and box.height == 0:  # not laid out (hidden): the bubble at its resting place
        if bubble.hasAttribute("data-placed"):
            bubble.removeAttribute("data-placed")
        return
    if (box.bottom < 0 or box.top > height) and not target.startswith("t-"):  # a button scrolled away
        element.scrollIntoView(False)
        box = element.getBoundingClientRect()
    own = bubble.getBoundingClientRect()
    below = box.bottom + GAP
    top = below if below + own.height <= height - EDGE else max(EDGE, box.top - GAP - own.height)
    left = min(max(EDGE, box.left + box.width / 2 - own.width / 2), max(EDGE, width - own.width - EDGE))
    bubble.style.setProperty("top", f"{top:.0f}px")
    bubble.style.setProperty("left", f"{left:.0f}px")
    bubble.setAttribute("data-placed", "")


def _settle(find: Callable[[str], Any], window: Any, bubble: Any, offer: bool) -> None:
    """Put the bubble where it belongs: the offer (no mark) in the page's flow, in its slot (``OFFER_SLOTS``),
    marked ``data-inline``; a step's bubble back in the page, floating by its mark. Moved only when it must be."""
    if offer:
        wide = window is None or float(window.innerWidth) >= WIDE
        slot = find(OFFER_SLOTS[wide])
        if slot is None:
            return
        if getattr(slot.firstChild, "id", "") != "coach":
            slot.insertBefore(bubble, slot.firstChild)
        if not bubble.hasAttribute("data-inline"):
            bubble.setAttribute("data-inline", "")
    elif bubble.hasAttribute("data-inline"):
        bubble.removeAttribute("data-inline")
        home = find(HOME)
        if home is not None:
            home.appendChild(bubble)
