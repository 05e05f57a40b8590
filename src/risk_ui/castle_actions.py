"""Castle Risk's clicks and buttons (:class:`~risk_ui.edition_actions.EditionActions`).

On the map: the castle placed in its empire, the hidden army's site chosen in secret, the spoils placed, and
the Admiral's sea attack (its coast, then the enemy coast on a water both touch). From the hand: a play
button on each card (a Reinforcement, a General, a Spy or Diplomat aimed at a player, an Admiral that starts
a sea attack), the Spy's choice of the card to discard, the hidden army brought out, and the standing orders
for what one's cards do on other players' turns. The engine decides and words every refusal
(:class:`~risk.rules.castle.flow.CastleFlow`); this module only turns the page's choices into its actions.
"""

from __future__ import annotations

from risk.actions import Place
from risk.rules.castle.actions import (
    ChooseHiddenArmy,
    PlaceCastle,
    PlayDiplomat,
    PlayGeneral,
    PlayReinforcement,
    PlaySpy,
    RevealHiddenArmy,
    SeaAttack,
    SpyDiscard,
    StandingOrders,
)
from risk.rules.castle.flow import CASTLE, HIDING, SPOILS, SPY_LOOK
from risk.state import Phase
from risk_ui.edition_actions import Acting, EditionActions, numbers


class CastleActions(EditionActions):
    """See the module docstring."""

    shared_phases = (CASTLE,)  # castles are placed in the open; the hidden armies are chosen behind the hand-off

    def click(self, c: Acting, territory: int) -> bool:
        phase = c.state.phase
        if phase is CASTLE:
            c.play(PlaceCastle(territory))
        elif phase is SPOILS:
            c.play(Place(territory, c.placement_count()))
        elif phase is SPY_LOOK:
            c.refuse("first choose the card your Spy makes the player discard")
        elif phase is HIDING:
            c.play(ChooseHiddenArmy(territory))
        elif phase is Phase.ATTACK and c.ui.sailing >= 0:
            self.choose_coast(c, territory)
        else:
            return False
        return True

    def command(self, c: Acting, name: str, arg: str) -> bool:
        parts = numbers(arg)
        if name == "reinforce":
            c.play(PlayReinforcement(parts[0]))
        elif name == "general":
            c.play(PlayGeneral(parts[0]))
        elif name == "diplomat":
            c.play(PlayDiplomat(parts[0], parts[-1]))
        elif name == "spy":
            c.play(PlaySpy(parts[0], parts[-1]))
        elif name == "spy-discard":
            c.play(SpyDiscard(parts[0]))
        elif name in ("spy-open", "spy-close"):  # the look's dialog, closed to see the map, and opened again
            c.ui.spy_closed = name == "spy-close"
        elif name == "reveal":
            c.play(RevealHiddenArmy(parts[0]))
        elif name == "orders":
            c.play(StandingOrders(parts[0]))
        elif name == "sail":
            self.start_sailing(c, parts[0])
        elif name == "sea-attack":
            self.sea_attack(c)
        else:
            return False
        return True

    def cancel(self, c: Acting) -> None:
        c.ui.sailing, c.ui.load = -1, 0

    def after(self, c: Acting) -> None:
        """A sea attack made, or the turn over: the Admiral's choices are done with (one kept after a won
        crossing sails again only when asked); a Spy's next look opens its dialog."""
        self.cancel(c)
        c.ui.spy_closed = False

    # -- the Admiral --------------------------------------------------------------------------------

    def start_sailing(self, c: Acting, card: int) -> None:
        """An Admiral chosen from the hand: the map now chooses the coasts of a sea attack."""
        if c.state.phase is not Phase.ATTACK:
            c.refuse("an Admiral sails during your attacks")
            return
        if card not in c.state.hands[c.state.current]:
            c.refuse("play an Admiral card from your own hand")
            return
        c.select(-1, -1)
        c.ui.sailing, c.ui.load = card, 0
        c.hint("Admiral: choose one of your coastal territories to sail from, then the enemy coast to attack "
               "on a water both touch. The armies you load fight to the end.")

    def choose_coast(self, c: Acting, territory: int) -> None:
        """The sea attack's coasts: first one's own, then the enemy's (a refusal names the rule)."""
        state, ui = c.state, c.ui
        seat, source = state.current, ui.selected
        name = c.territory_name(territory)
        if territory == source:
            c.select(-1, -1)
            return
        if state.owner[territory] == seat:
            if not state.board.territories[territory].seas:
                c.refuse(f"{name} touches no sea: an Admiral sails from a coast")
            elif state.armies[territory] < 2:
                c.refuse(f"{name} needs at least two armies: one stays behind when the others sail")
            else:
                c.select(territory, -1)
                ui.load = 0
            return
        if source < 0:
            c.refuse(f"{name} is not yours: first choose one of your coastal territories to sail from")
            return
        if c.refused(SeaAttack(ui.sailing, source, territory, 1)):
            return
        c.select(source, territory)

    def load_count(self, c: Acting) -> int:
        """Armies to load: the number chosen, or all but the one that stays."""
        source = c.ui.selected
        if source < 0:
            return 0
        most: int = c.state.armies[source] - 1
        chosen = int(c.ui.load)
        return max(1, min(chosen, most)) if chosen > 0 else most

    def sea_attack(self, c: Acting) -> None:
        ui = c.ui
        if ui.sailing < 0 or ui.selected < 0 or ui.target < 0:
            c.refuse("choose your coast to sail from, then the enemy coast to attack")
            return
        c.play(SeaAttack(ui.sailing, ui.selected, ui.target, self.load_count(c)))
