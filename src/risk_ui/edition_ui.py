"""What an edition shows in the page: the view's seam for editions (the controller's is
:mod:`risk_ui.edition_actions`).

The classic page is :class:`EditionUi` itself, which adds nothing. An edition subclasses it and overrides
the hooks it needs: words for its own steps (``status``), what stands on the map (``sites``: each a shape in
a colour, and words for a screen reader), which territories its steps offer (``highlights``), a line per
player, how the winner won and how a player was put out, where a turn's armies came from, its hand of cards
and what can be done with them, the dice modifiers the odds panel names and the battle it works out
(``chosen_battle``), its panels (``panels``, ``html`` and ``controls``), the key controls of its steps that the
turn bar holds (``key_controls``) and which territories its events touch in a
replay (``marks``). The renderers ask the one of the game on the table (:func:`risk_ui.edition_views.ui_for`),
so none of them asks which edition is played. Pure, like the view.
"""

from __future__ import annotations

from typing import ClassVar

from risk.events import Eliminated, Event
from risk.odds_float import Battle
from risk.state import GameState
from risk_ui.controller import Controller
from risk_ui.screen import Control

Site = tuple[str, str, str]  # (shape, fill colour, words for the territory's label)


class EditionUi:
    """The classic game's: every hook says "nothing of mine" (see the module docstring)."""

    edition = "classic"
    panels: tuple[str, ...] = ()  # ids of the edition's own panels in the layout: hidden in other games
    action_panels: tuple[str, ...] = ()  # those of them that act (hidden during a bot's turn and a replay)
    containers: tuple[str, ...] = ()  # ids whose inner HTML the edition writes ("" in other games)
    stat_titles: ClassVar[dict[str, tuple[str, str]]] = {}  # a statistic's field -> (chart title, column) of its own

    def status(self, c: Controller) -> str | None:
        """The status line in the edition's own steps (None: the classic line fits)."""
        return None

    def highlights(self, c: Controller) -> dict[int, set[str]] | None:
        """The territories its own steps offer now (None: the classic choices)."""
        return None

    def sites(self, c: Controller, state: GameState) -> dict[int, list[Site]]:
        """What stands on each territory (in the view of the seat on screen)."""
        return {}

    def player_facts(self, c: Controller, state: GameState, seat: int) -> str:
        """A line of the players panel for one seat ("" for none)."""
        return ""

    def player_marks(self, c: Controller, state: GameState, seat: int) -> str:
        """Small pictures beside a seat's line (HTML, hidden from screen readers: its words say the same)."""
        return ""

    def winner_text(self, c: Controller) -> str | None:
        """How the winner won (None: the classic sentence)."""
        return None

    def out_text(self, c: Controller, eliminated: Eliminated, events: tuple[Event, ...], whose: str) -> str | None:
        """How a person was put out of the game, ``events`` being the action's that did it and ``whose`` "your" or
        "the last person's" (None: the classic sentence, the last territory taken)."""
        return None

    def income_extras(self, c: Controller, seat: int) -> list[tuple[str, int]]:
        """What the edition adds to a turn's armies beyond territories and groups held."""
        return []

    def income_held(self, c: Controller, seat: int) -> str | None:
        """What a seat's territories' share of its armies counts, in words, when the edition counts more than
        the territories (None: "14 territories")."""
        return None

    def traded_armies(self, event: Event, seat: int) -> int:
        """The armies an edition's own trade event (not the classic ``CardsTraded``) gave ``seat``."""
        return 0

    def income_text(self, c: Controller) -> str | None:
        """Where the armies being placed came from, when the edition counts them its own way (None: the
        classic breakdown)."""
        return None

    def hand_html(self, c: Controller, seat: int) -> str | None:
        """The hand of the seat on screen (None: the classic cards)."""
        return None

    def sets_html(self, c: Controller, seat: int, enabled: bool) -> str | None:
        """What can be done with the hand (None: the classic sets to trade)."""
        return None

    def set_value_text(self, c: Controller) -> str | None:
        """The line under the hand (None: the classic set value)."""
        return None

    def dice_reasons(self, c: Controller, source: int, target: int) -> list[str]:
        """Why the dice of an attack are not thrown plain, in words."""
        return []

    def chosen_battle(self, c: Controller) -> tuple[int, int, int, bool] | None:
        """A battle of the edition's own being chosen: ``(source, target, attacking armies, fought to the
        end)`` for the odds panel (None: the classic attack chosen, if any)."""
        return None

    def odds_battle(self, c: Controller, source: int, target: int, attackers: int, stop_at: int) -> Battle | None:
        """The battle the odds panel works out for an attack, when the edition's dice are not the flow's
        model alone (None: ``Flow.battle_model`` with the options in play)."""
        return None

    def odds_container(self, c: Controller) -> str:
        """Where the odds of the battle chosen are shown."""
        return "odds"

    def html(self, c: Controller, past: GameState | None) -> dict[str, str]:
        """The inner HTML of the edition's containers (``past``: a replay's moment, else None)."""
        return {}

    def controls(self, c: Controller, covered: bool, playing: bool) -> dict[str, Control]:
        """The edition's panels and what it changes of the classic ones. ``covered``: the hand-off screen
        shows; ``playing``: a person may act now (no bot, no replay)."""
        return {}

    def key_controls(self, c: Controller, keys: tuple[str, ...]) -> tuple[str, ...]:
        """The step's key controls for the turn bar (ids of ``layout.KEYABLE``, the one the status line names
        first), given the classic game's ``keys`` for the phase: the edition's own steps add or replace them."""
        return keys

    def marks(self, event: Event) -> dict[int, str]:
        """Where an event of the edition's acted, for a replay ("selected", "target"); {} for none."""
        return {}


CLASSIC_UI = EditionUi()
