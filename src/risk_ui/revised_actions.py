"""The Revised edition's clicks and buttons (:class:`~risk_ui.edition_actions.EditionActions`): the capital
placed on the map, the star trades, claiming an objective (one whose reward is an Airfield first asks where
it goes, on the map or in a list) and the Starting Maneuver."""

from __future__ import annotations

from risk.flow import flow_for
from risk.rules.revised.actions import ClaimObjective, PlaceCapital, StartingManeuver, TradeStars
from risk.rules.revised.flow import CAPITAL, RevisedFlow
from risk.rules.revised.flow import ext as revised_ext
from risk.state import Phase
from risk_ui.edition_actions import Acting, EditionActions, numbers


class RevisedActions(EditionActions):
    """See the module docstring."""

    shared_phases = (CAPITAL,)  # capitals are placed in the open

    def click(self, c: Acting, territory: int) -> bool:
        phase = c.state.phase
        if phase is CAPITAL:
            c.play(PlaceCapital(territory))
        elif phase is Phase.ATTACK and c.ui.airfield_slot >= 0:
            c.play(ClaimObjective(c.ui.airfield_slot, territory))
        else:
            return False
        return True

    def command(self, c: Acting, name: str, arg: str) -> bool:
        if name == "stars":  # "3-17-40": the cards of a star trade
            c.play(TradeStars(tuple(sorted(numbers(arg)))))
        elif name == "objective":
            self.claim_objective(c, numbers(arg)[0])
        elif name == "airfield":
            self.place_airfield(c, c.ui.airfield_where)
        elif name == "starting-move":
            self.starting_move(c)
        else:
            return False
        return True

    def cancel(self, c: Acting) -> None:
        c.ui.airfield_slot = c.ui.airfield_where = -1

    def after(self, c: Acting) -> None:
        self.cancel(c)

    def claim_objective(self, c: Acting, slot: int) -> None:
        """Claim the objective in ``slot``; one whose reward is an Airfield first asks where it goes (on the
        map, or in the list), unless the engine refuses the claim itself."""
        flow = flow_for(c.state.rules)
        state = c.state
        if (isinstance(flow, RevisedFlow) and 0 <= slot < len(revised_ext(state).objectives)
                and flow.airfield_reward(state, slot)):
            # Any territory of the player's would do for the check: a refusal is about the claim itself.
            mine = next((t for t, who in enumerate(state.owner) if who == state.current), -1)
            if c.refused(ClaimObjective(slot, mine)):
                return
            c.select(-1, -1)
            c.ui.airfield_slot, c.ui.airfield_where = slot, -1
            c.hint("Choose the territory for the Airfield: click one of yours on the map, or pick it in the list.")
            return
        c.play(ClaimObjective(slot))

    def place_airfield(self, c: Acting, territory: int) -> None:
        """Claim the objective waiting for its Airfield, with the Airfield on ``territory``."""
        if c.ui.airfield_slot < 0:
            c.refuse("first choose the objective to claim")
        elif territory < 0:
            c.refuse("choose the territory for the Airfield: one of yours")
        else:
            c.play(ClaimObjective(c.ui.airfield_slot, territory))

    def starting_move(self, c: Acting) -> None:
        """The Starting Maneuver: the free move that keeps the attacks open."""
        source, target = c.ui.selected, c.ui.target
        if source < 0 or target < 0:
            c.refuse("choose the territory to move from, then one of yours to move to")
            return
        count = c.ui.move if c.ui.move > 0 else c.state.armies[source] - 1
        c.play(StartingManeuver(source, target, count))

