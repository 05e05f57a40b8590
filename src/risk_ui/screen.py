"""What the view produces, as plain data: the whole page at one moment (:class:`Screen`), each
territory (:class:`TerritoryView`) and each fixed control (:class:`Control`).

The shared vocabulary of the page's layers: the renderers build these, :mod:`risk_ui.dom` writes them
into the page, and tests compare them directly. It imports nothing of the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class TerritoryView:
    """What one territory shows."""

    index: int
    id: str
    name: str
    owner: str  # seat number as text, "" while unclaimed
    armies: int
    label: str  # aria-label
    colour: str  # badge fill
    tint: str  # land fill
    ink: str  # army count colour on the badge
    mark: str  # the owner's mark shape, "" while unclaimed
    classes: tuple[str, ...] = ()  # "selected", "target", "attackable", "movable", "active", "headquarters"
    pressed: bool = False
    sites: tuple[tuple[str, str], ...] = ()  # what stands on it (Revised): (site, fill colour), site in SITES


@dataclass(frozen=True, slots=True)
class Control:
    """A fixed element of the layout: shown or hidden, enabled or not, and optionally its text or value."""

    hidden: bool = False
    disabled: bool | None = None  # None: not a control that can be disabled
    text: str | None = None
    pressed: bool | None = None
    value: str | None = None
    checked: bool | None = None  # a radio or checkbox set by the view (None: as the person left it)
    minimum: str | None = None
    maximum: str | None = None


@dataclass(frozen=True)
class Screen:
    """The whole page at one moment."""

    phase: str
    player: str
    territories: tuple[TerritoryView, ...]
    status: str
    message: str
    message_error: bool
    controls: dict[str, Control] = field(default_factory=dict)  # by element id
    html: dict[str, str] = field(default_factory=dict)  # container id -> inner HTML
    overlay: str = ""  # "home", "handoff", "welcome", "winner", "out" or ""
    dialog_open: bool = False
    focus: int = -1  # territory index to focus, or -1
    dialog_preset: tuple[tuple[str, str], ...] = ()  # fields of the dialog set as it opens: (element id, value)
    theme: str = ""  # "contrast": the high-contrast look
    keys: tuple[str, ...] = ()  # the step's key controls, held by the turn bar in this order (layout.KEYABLE)
    replay: str = ""  # the badge over the map while a replay shows the past ("" when the live game shows)
    handoff: str = ""  # "remote": the hand-off screen asks whether its seat plays on another device (or "")

    def territory(self, territory_id: str) -> TerritoryView:
        """The view of one territory by its engine id."""
        for view in self.territories:
            if view.id == territory_id:
                return view
        raise KeyError(territory_id)
