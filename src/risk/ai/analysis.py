"""What the bots see on a board: continents and their gates, fronts, threats, incomes.

Everything here reads a state (a public view) and returns plain numbers; nothing chooses an action.
The board's fixed facts are worked out once per board and kept, the rest once per decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from risk.board import Board
from risk.flow import flow_for
from risk.state import GameState


@dataclass(frozen=True)
class BoardInfo:
    """Facts about a board that never change: which continent each territory is in, and the gates.

    A continent's *gates* are its territories with a neighbour outside it: the ones its owner must hold.
    ``appeal`` is a continent's bonus for the effort of taking and keeping it, from the map alone.
    """

    continent_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    bonus: tuple[int, ...]
    gates: tuple[tuple[int, ...], ...]
    appeal: tuple[float, ...]


_BOARDS: dict[str, BoardInfo] = {}


def board_info(board: Board) -> BoardInfo:
    """The fixed facts of a board (worked out on first use)."""
    info = _BOARDS.get(board.id)
    if info is None:
        continent_of = tuple(t.continent for t in board.territories)
        members = tuple(c.territories for c in board.continents)
        gates = tuple(
            tuple(t for t in ts if any(continent_of[n] != i for n in board.neighbours[t]))
            for i, ts in enumerate(members)
        )
        bonus = tuple(c.bonus for c in board.continents)
        appeal = tuple(b / (len(m) + 2 * len(g)) for b, m, g in zip(bonus, members, gates))
        info = _BOARDS[board.id] = BoardInfo(continent_of, members, bonus, gates, appeal)
    return info


class Survey:
    """One seat's reading of the board at one moment.

    ``threat[t]`` (for the seat's territories) is the largest stack that could attack ``t`` next turn:
    the armies of its strongest hostile neighbour less the one that must stay behind. The neutral
    never attacks, so its armies threaten nobody. ``front[t]`` says whether ``t`` has a hostile neighbour.
    """

    __slots__ = ("count_in", "front", "holder", "info", "me", "mine", "scores", "threat")

    def __init__(self, state: GameState, me: int) -> None:
        board = state.board
        info = board_info(board)
        owner, armies, neighbours = state.owner, state.armies, board.neighbours
        neutral = state.neutral
        size = board.size
        self.me = me
        self.info = info
        self.mine = mine = [t for t, who in enumerate(owner) if who == me]
        self.front = front = [False] * size
        self.threat = threat = [0] * size
        for t in mine:
            strongest = 0
            for n in neighbours[t]:
                who = owner[n]
                if who != me:
                    front[t] = True
                    if who != neutral and armies[n] > strongest:
                        strongest = armies[n]
            threat[t] = strongest - 1 if strongest else 0
        self.count_in = count_in = [0] * len(info.members)
        continent_of = info.continent_of
        for t in mine:
            count_in[continent_of[t]] += 1
        self.holder = [
            me if count_in[c] == len(ts) else -1 if count_in[c] else continent_holder(owner, ts)
            for c, ts in enumerate(info.members)
        ]
        self.scores: list[float] | None = None  # continent scores, worked out by the first player asking

    def owns(self, continent: int) -> bool:
        """Whether the seat holds the whole continent."""
        return self.holder[continent] == self.me


def continent_holder(owner: list[int], members: tuple[int, ...]) -> int:
    """The seat that holds every territory of a continent, or -1."""
    first = owner[members[0]]
    for t in members:
        if owner[t] != first:
            return -1
    return first


def income(state: GameState, seat: int) -> int:
    """Armies ``seat`` would receive at the start of its turn (before cards)."""
    return flow_for(state.rules).reinforcements(state, seat)


def next_set_value(state: GameState) -> int:
    """Armies the next set traded in the game is worth."""
    return flow_for(state.rules).set_value(state)


def room(state: GameState, territory: int) -> int:
    """How many more armies fit on a territory (a large number without the army cap)."""
    cap = state.rules.army_cap
    return cap - state.armies[territory] if cap else 1 << 30


def distance_to_front(state: GameState, me: int, front: list[bool]) -> list[int]:
    """Steps from each of ``me``'s territories to its nearest front territory, through its own ones."""
    size = state.board.size
    owner, neighbours = state.owner, state.board.neighbours
    far = size + 1
    dist = [far] * size
    layer = [t for t in range(size) if front[t]]
    for t in layer:
        dist[t] = 0
    step = 0
    while layer:
        step += 1
        nxt = []
        for t in layer:
            for n in neighbours[t]:
                if owner[n] == me and dist[n] == far:
                    dist[n] = step
                    nxt.append(n)
        layer = nxt
    return dist


# Rounds of play (turns per seat that plays) before a long game starts pressing the bots to end it, and the rounds
# over which the pressure then grows to its full. Games between normal bots on the classic board mostly end in 10 to
# 15 rounds; games that stall (three or more players each sitting on a stack too large for anyone to attack at a
# fair trade of armies, the card sets growing every round) do not end at all.
STALL_START = 20
STALL_SPAN = 10


def stall_pressure(state: GameState) -> float:
    """How much a long game presses the bots to end it, from 0 (its first :data:`STALL_START` rounds) growing
    evenly to 1 over :data:`STALL_SPAN` rounds more. A pressed bot comes to count an enemy army destroyed as much
    as one of its own lost, and a careless one to play carefully (see :mod:`risk.ai.heuristic`).

    The round count is the turns played over the seats that started: public, the same for every seat, so a
    planner's rollout is pressed just as the game is.

    >>> from risk.engine import new_game
    >>> from risk.rules import make_rules
    >>> state = new_game(make_rules("classic"), 4, 1)
    >>> [stall_pressure(state) for state.turn in (40, 80, 100, 120, 200)]
    [0.0, 0.0, 0.5, 1.0, 1.0]
    """
    rounds = state.turn / max(1, state.people)
    return min(1.0, max(0.0, (rounds - STALL_START) / STALL_SPAN))


def people_alive(state: GameState) -> list[int]:
    """The seats still playing, the neutral left out."""
    return [p for p in range(state.players) if p != state.neutral and state.alive[p]]
