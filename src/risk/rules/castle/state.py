"""What Castle Risk adds to the game state (``GameState.ext``). The hidden-army sites and what a Spy saw
are secret: :meth:`CastleState.public` leaves them out for everyone but their owner."""

from __future__ import annotations

from dataclasses import dataclass, field

from risk.rules import Rules
from risk.rules.castle import CastleSettings

HIDDEN_SITE = -1  # a hidden-army site the seat may not see


@dataclass(slots=True)
class CastleState:
    """Castles, chips, hidden armies, the Reinforcement track and the people in play.

    The General and Marshall cards in play stay in their holders' hands (so every card is counted once);
    ``general`` and ``marshalls`` say which are in play.
    """

    empires: list[int]  # per seat: the empire (group number) of the chip it drew
    castles: list[int]  # per seat: its castle's territory (-1 before placed)
    chips: list[list[int]]  # per seat: the empires whose castle chips it holds (its own first)
    hidden: list[list[int]]  # per seat: unused hidden-army sites (its own, and any taken with a castle)
    track: int = 0  # Reinforcement cards played so far (they stay on the track)
    general: int = -1  # the General in play for the player to move (a card in its hand), or -1
    marshalls: list[int] = field(default_factory=list)  # per seat: its Marshall in play this turn, or -1
    orders: list[int] = field(default_factory=list)  # per seat: standing orders (bits)
    truces: list[tuple[int, int]] = field(default_factory=list)  # (who played the Diplomat, with whom)
    attacked: bool = False  # the player to move has attacked this turn: the card step is over
    spied: int = -1  # the player whose hand a Spy is looking at, or -1
    spier: int = -1  # who played that Spy (the player to move)
    seen: tuple[int, ...] = ()  # the hand it saw (shown to the spier alone)
    spy_card: int = -1  # that Spy, waiting to be discarded with the card chosen
    takeover: int = -1  # a fallen player whose territories are taken over after the move-in, or -1

    def copy(self) -> CastleState:
        """An independent copy."""
        return CastleState(self.empires[:], self.castles[:], [c[:] for c in self.chips], [h[:] for h in self.hidden],
                           self.track, self.general, self.marshalls[:], self.orders[:], self.truces[:],
                           self.attacked, self.spied, self.spier, self.seen, self.spy_card, self.takeover)

    def public(self, seat: int) -> CastleState:
        """What ``seat`` sees: its own hidden sites, only the number of the others'; a spied hand only if it is
    the spier."""
        view = self.copy()
        view.hidden = [h[:] if s == seat else [HIDDEN_SITE] * len(h) for s, h in enumerate(self.hidden)]
        if seat != self.spier:
            view.seen = (HIDDEN_SITE,) * len(self.seen)
        return view

    def in_truce(self, a: int, b: int) -> bool:
        """Whether a truce stands between two players."""
        return (a, b) in self.truces or (b, a) in self.truces


def default_orders(players: int, rules: Rules) -> list[int]:
    """Every seat's standing orders at the start: every order the rules know."""
    family = rules.family
    assert isinstance(family, CastleSettings)
    return [family.default_orders] * players
