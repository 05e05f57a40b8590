"""What the Revised edition adds to the game state (``GameState.ext``): plain data, nothing secret."""

from __future__ import annotations

from dataclasses import dataclass

from risk.rules.revised import REWARDS


@dataclass(slots=True)
class RevisedState:
    """Capitals, cities, the objectives on the board with their rewards, and this turn's flags.

    Slots 0-3 hold the Minor objectives and 4-7 the Major ones. An objective's holder keeps it to the end
    (or hands it to whoever eliminates them); its reward belongs to whoever claimed it, and leaves the game
    when they are eliminated.
    """

    capitals: list[int]  # per seat: the capital's territory (-1 before it is placed)
    cities: tuple[int, ...]  # territories with a city, ascending (drawn once, at the start)
    objectives: tuple[int, ...]  # per slot: objective number (risk.rules.revised.OBJECTIVES)
    rewards: tuple[int, ...]  # per slot: reward token (risk.rules.revised.REWARDS); () without rewards
    holders: list[int]  # per slot: the seat holding the objective, -1 while it is on the board
    rewarded: list[int]  # per slot: the seat enjoying its reward, -1 for nobody
    airfields: list[int]  # per slot: where its Airfield stands, -1 for none
    start_owned: int = 0  # bit mask of the territories the player to move held at the start of its turn
    claimed: bool = False  # an objective was claimed this turn
    traded: bool = False  # cards were traded this turn
    attacked: bool = False  # an attack was made this turn
    starting_used: bool = False  # the Starting Maneuver was used this turn

    def copy(self) -> RevisedState:
        """An independent copy."""
        return RevisedState(self.capitals[:], self.cities, self.objectives, self.rewards, self.holders[:],
                            self.rewarded[:], self.airfields[:], self.start_owned, self.claimed, self.traded,
                            self.attacked, self.starting_used)

    def public(self, seat: int) -> RevisedState:
        """Capitals, cities, objectives, rewards and airfields are all on the table: everyone sees it all."""
        return self.copy()

    def objectives_of(self, seat: int) -> int:
        """How many objectives ``seat`` holds."""
        return self.holders.count(seat)

    def has_reward(self, seat: int, name: str) -> bool:
        """Whether ``seat`` enjoys a reward of this name ("attack-die", "airfield", ...)."""
        return any(who == seat and REWARDS[self.rewards[slot]][0] == name for slot, who in enumerate(self.rewarded))
