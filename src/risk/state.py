"""The game state: plain data, nothing hidden in objects or the page.

The state is mutable so that bots can apply thousands of actions a second (``engine.apply``), and
copied cheaply (:meth:`GameState.copy`) wherever a value is wanted: ``engine.play`` returns a new
state and leaves the old one untouched. Everything in it is ints, lists of ints and two frozen
values (the rules and the board), so saving it, comparing it and sending it in a link is simple.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from risk.board import Board
from risk.rules import Rules


class Phase:
    """A step of the game: who may do what now. An open set: the core names the classic steps below, and an
    edition registers its own (``Phase("CAPITAL", setup=True)``) without touching this module.

    Each phase is one object, compared with ``is``; ``name`` is upper case and ``name.lower()`` is the
    public name (``<body data-phase>``, the codec's phase tables). ``setup`` marks the steps before the
    first turn.
    """

    __slots__ = ("name", "setup")
    name: str
    setup: bool
    _registry: ClassVar[dict[str, Phase]] = {}

    CLAIM: ClassVar[Phase]  # setup: claiming empty territories one army at a time
    SETUP: ClassVar[Phase]  # setup: placing the remaining starting armies
    HEADQUARTERS: ClassVar[Phase]  # setup: choosing headquarters
    REINFORCE: ClassVar[Phase]  # trading cards and placing armies
    ATTACK: ClassVar[Phase]  # attacking; a free move ends it
    BATTLE: ClassVar[Phase]  # dice rolled, waiting for a commander or re-roll decision
    OCCUPY: ClassVar[Phase]  # a territory was captured: how many armies move in
    FORTIFY: ClassVar[Phase]  # more free moves (expert fortification)
    OVER: ClassVar[Phase]  # somebody has won

    def __new__(cls, name: str, *, setup: bool = False) -> Phase:
        known = cls._registry.get(name)
        if known is not None:
            if known.setup != setup:
                raise ValueError(f"phase {name} is already registered with setup={known.setup}")
            return known
        phase = super().__new__(cls)
        phase.name = name
        phase.setup = setup
        cls._registry[name] = phase
        return phase

    @classmethod
    def named(cls, name: str) -> Phase:
        """The registered phase of this name (either case); ``KeyError`` if there is none."""
        return cls._registry[name.upper()]

    @classmethod
    def registered(cls) -> tuple[Phase, ...]:
        """Every phase known so far, in the order they were registered (the classic ones first)."""
        return tuple(cls._registry.values())

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return Phase.named, (self.name,)

    def __copy__(self) -> Phase:
        return self

    def __deepcopy__(self, memo: object) -> Phase:
        return self


for _name, _setup in (("CLAIM", True), ("SETUP", True), ("HEADQUARTERS", True), ("REINFORCE", False),
                      ("ATTACK", False), ("BATTLE", False), ("OCCUPY", False), ("FORTIFY", False),
                      ("OVER", False)):
    setattr(Phase, _name, Phase(_name, setup=_setup))


class EditionState(Protocol):
    """What an edition adds to the state (capitals, objectives, castles...): plain data it owns.

    It is copied with the state and compared with it; :meth:`public` is what one seat may see of it.
    """

    def copy(self) -> EditionState: ...

    def public(self, seat: int) -> EditionState: ...


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
    ext: EditionState | None = None  # what the edition adds (None for the classic family)
    # Per seat, its secret mission (risk.missions; -1: none or hidden); empty without secret missions.
    missions: list[int] = field(default_factory=list)

    def copy(self) -> GameState:
        """An independent copy (the rules and board are shared: they are frozen)."""
        return GameState(
            self.rules, self.board, self.players, self.people, self.neutral, self.owner[:], self.armies[:],
            [h[:] for h in self.hands], self.deck[:], self.discard[:], self.set_aside[:], self.reserve[:],
            self.alive[:], self.headquarters[:], self.phase, self.current, self.first_player, self.turn,
            self.quota_own, self.quota_neutral, self.sets_traded, self.captured, self.card_bonus_taken,
            self.battle_source, self.battle_target, self.battle_dice, self.attacker_faces,
            self.defender_faces, self.rerolled, self.commander_used, self.moves_made, self.just_eliminated,
            self.winner, self.rng, None if self.ext is None else self.ext.copy(), self.missions[:],
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
