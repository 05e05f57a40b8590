"""The game state: plain data, nothing hidden in objects or the page.

The state is mutable so that bots can apply thousands of actions a second (``engine.apply``), and
copied cheaply (:meth:`GameState.copy`) wherever a value is wanted: ``engine.play`` returns a new
state and leaves the old one untouched. Everything in it is ints, lists of ints and two frozen
values (the rules and the board), so saving it, comparing it and sending it in a link is simple.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from risk.board import Board
from risk.rules import Rules


class Phase(IntEnum):
    """Where the game is. ``name.lower()`` is the phase's public name (``<body data-phase>``)."""

    CLAIM = 0  # setup: claiming empty territories one army at a time
    SETUP = 1  # setup: placing the remaining starting armies
    HEADQUARTERS = 2  # setup: choosing headquarters
    REINFORCE = 3  # trading cards and placing armies
    ATTACK = 4  # attacking; a free move ends it
    BATTLE = 5  # dice rolled, waiting for a commander or re-roll decision
    OCCUPY = 6  # a territory was captured: how many armies move in
    FORTIFY = 7  # more free moves (expert fortification)
    OVER = 8  # somebody has won


NO_DICE: tuple[int, ...] = ()


@dataclass(slots=True)
class GameState:
    """A whole game at one moment. Seats are numbered 0.. ``players - 1``; the neutral is a seat too."""

    rules: Rules
    board: Board
    players: int  # seats, the neutral included
    people: int  # seats that play (not the neutral)
    neutral: int  # the neutral's seat, or -1
    owner: list[int]  # per territory: seat, or -1 while unclaimed
    armies: list[int]  # per territory
    hands: list[list[int]]  # per seat: card numbers (territory index, or >= board.size for wilds)
    deck: list[int]  # the draw pile; the top card is the last element
    discard: list[int]
    set_aside: list[int]  # cards out of play (headquarters cards)
    reserve: list[int]  # per seat: armies still to place (setup, or this turn's reinforcements)
    alive: list[bool]
    headquarters: list[int]  # per seat: territory index or -1
    phase: Phase = Phase.CLAIM
    current: int = 0
    first_player: int = 0
    turn: int = 0  # number of the current player turn; 0 during setup
    quota_own: int = 0  # two-player setup: own armies still to place this setup turn
    quota_neutral: int = 0  # two-player setup: neutral armies still to place this setup turn
    sets_traded: int = 0
    captured: bool = False  # captured a territory this turn (earns a card)
    card_bonus_taken: int = 0  # card-territory armies received this turn
    battle_source: int = -1
    battle_target: int = -1
    battle_dice: int = 0
    attacker_faces: tuple[int, ...] = NO_DICE  # a roll waiting for a decision (Phase.BATTLE)
    defender_faces: tuple[int, ...] = NO_DICE
    rerolled: bool = False  # the re-roll was used on the pending roll
    commander_used: bool = False
    moves_made: int = 0  # free moves this turn
    just_eliminated: bool = False  # the last capture eliminated a player
    winner: int = -1
    rng: int = 0

    def copy(self) -> GameState:
        """An independent copy (the rules and board are shared: they are frozen)."""
        return GameState(
            self.rules, self.board, self.players, self.people, self.neutral, self.owner[:], self.armies[:],
            [h[:] for h in self.hands], self.deck[:], self.discard[:], self.set_aside[:], self.reserve[:],
            self.alive[:], self.headquarters[:], self.phase, self.current, self.first_player, self.turn,
            self.quota_own, self.quota_neutral, self.sets_traded, self.captured, self.card_bonus_taken,
            self.battle_source, self.battle_target, self.battle_dice, self.attacker_faces,
            self.defender_faces, self.rerolled, self.commander_used, self.moves_made, self.just_eliminated,
            self.winner, self.rng,
        )

    @property
    def over(self) -> bool:
        """Whether somebody has won."""
        return self.phase is Phase.OVER

    def territories_of(self, seat: int) -> list[int]:
        """The territories a seat owns, in board order."""
        return [t for t, o in enumerate(self.owner) if o == seat]

    def headquarters_of_people(self) -> list[int]:
        """Headquarters of the seats that play (the neutral has none)."""
        return [self.headquarters[p] for p in range(self.players) if p != self.neutral]

    def total_armies(self) -> int:
        """Armies on the board."""
        return sum(self.armies)
