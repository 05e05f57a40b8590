"""Secret missions: the option ``secret-missions`` of the classic family (docs/rules.md, "Secret missions").

Before the territories are laid out, each player is dealt one mission, face down, from the game's own generator
(so a seeded game replays exactly); whoever completes their own mission wins at once. The missions of a game
come from its board (:func:`mission_list`): the board file's own (``missions``: the classic world's set, or an
imported Domination map's ``[missions]``), else missions made from the board by :func:`recipe`.

In the state, ``state.missions[seat]`` is a mission's index in :func:`mission_list`; a mission to destroy a
player that can no longer be done (the target is the holder, or someone else destroyed it) is that index plus
the list's length (see :func:`effective`); -1 is no mission (the neutral), or one the seat's view hides
(:func:`risk.visibility.public_view`). Games without the option hold an empty list.

>>> from risk.engine import new_game
>>> from risk.rules import make_rules
>>> state = new_game(make_rules("classic", ["secret-missions", "auto-setup"]), 4, seed=3)
>>> [describe(effective(state, seat), state.board) for seat in range(4)]  # doctest: +NORMALIZE_WHITESPACE
["destroy player 4's armies", 'hold 18 territories with at least 2 armies on each',
 'conquer Europe, South America and one more continent', 'conquer Asia and Africa']
"""

from __future__ import annotations

from collections.abc import Sequence

from risk import rng
from risk.board import Board, Mission
from risk.state import GameState

HIDDEN_MISSION = -1  # no mission, or one the seat may not see
COLOURS = 6  # the recipe's missions to destroy a player: one per colour of the classic family's six
# The classic world's counts, scaled to another board's size by the recipe.
CLASSIC_SIZE, HOLD, HOLD_STRONG, STRONG_ARMIES = 42, 24, 18, 2


def mission_list(board: Board) -> tuple[Mission, ...]:
    """Every mission a game on ``board`` can hold, by index: the board's own, then (when it has its own) the
    recipe's that destroy nobody, to deal from only when the board's own are too few for the players."""
    found = _LISTS.get(board.id)
    if found is None or found[0] is not board:
        made = recipe(board)
        missions = board.missions + tuple(m for m in made if m.eliminate < 0) if board.missions else made
        found = _LISTS[board.id] = (board, missions)
    return found[1]


_LISTS: dict[str, tuple[Board, tuple[Mission, ...]]] = {}


def scaled(count: int, board: Board) -> int:
    """A count of the classic world's 42 territories on a board of another size (halves rounded up)."""
    return max(1, (2 * count * board.size + CLASSIC_SIZE) // (2 * CLASSIC_SIZE))


def usual_territories(board: Board) -> int:
    """What a mission to destroy a player becomes when it cannot be done, if its board says no count: hold
    this many territories (the classic world's 24, scaled)."""
    return scaled(HOLD, board)


def recipe(board: Board) -> tuple[Mission, ...]:
    """Missions made from a board without its own (docs/rules.md, "Secret missions", the recipe): destroy
    each of the six colours (else hold :func:`usual_territories`); hold pairs of continents of comparable
    worth (the largest bonus with the smallest, the second largest with the second smallest...; with an odd
    number, the middle one with one more continent of the holder's choice), leaving out a goal that is the
    whole board; hold 18 territories with 2 armies on each; hold 24 territories (both counts scaled)."""
    missions = [Mission(eliminate=seat) for seat in range(COLOURS)]
    groups = [c for c, continent in enumerate(board.continents) if continent.bonus > 0 and continent.territories]
    ordered = sorted(groups, key=lambda c: (board.continents[c].bonus, len(board.continents[c].territories), c))
    goals: list[tuple[tuple[int, ...], int]] = [
        ((ordered[-1 - i], ordered[i]), 0) for i in range(len(ordered) // 2)]
    if len(ordered) % 2 and len(ordered) >= 3:
        goals.append(((ordered[len(ordered) // 2],), 1))
    for continents, more in goals:
        held = sum(len(board.continents[c].territories) for c in continents)
        if held < board.size:
            missions.append(Mission(continents=continents, more=more))
    missions.append(Mission(territories=scaled(HOLD_STRONG, board), armies=STRONG_ARMIES))
    missions.append(Mission(territories=usual_territories(board)))
    return tuple(missions)


def deal(state: GameState) -> None:
    """Deal each player a mission from the game's generator. The missions to destroy a colour that is not at
    the table (the neutral is none) are taken out first; one's own colour becomes its territories goal."""
    board = state.board
    missions = mission_list(board)
    own = len(board.missions) or len(missions)
    people = [p for p in range(state.players) if p != state.neutral]
    deck = [i for i in range(own) if missions[i].eliminate < state.people]
    if len(deck) < len(people):
        deck += range(own, len(missions))
    state.rng = rng.shuffle(state.rng, deck)
    state.missions = [HIDDEN_MISSION] * state.players
    for seat, index in zip(people, deck):
        state.missions[seat] = index + (len(missions) if missions[index].eliminate == seat else 0)


def effective(state: GameState, seat: int) -> Mission | None:
    """The mission ``seat`` plays for now (a fallen-back one as its territories goal), or None."""
    index = state.missions[seat] if seat < len(state.missions) else HIDDEN_MISSION
    if index < 0:
        return None
    missions = mission_list(state.board)
    if index < len(missions):
        return missions[index]
    dealt = missions[index - len(missions)]
    return Mission(territories=dealt.territories or usual_territories(state.board), armies=dealt.armies)


def completed(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has completed the mission it plays for (False when it has none, or it is hidden)."""
    mission = effective(state, seat)
    if mission is None:
        return False
    if mission.eliminate >= 0:
        # Only the holder can have destroyed the target: anyone else's doing turns the mission into its
        # territories goal (fall_back).
        return not state.alive[mission.eliminate]
    owner, continents = state.owner, state.board.continents
    for c in mission.continents:
        if any(owner[t] != seat for t in continents[c].territories):
            return False
    if mission.more:
        others = sum(1 for c, continent in enumerate(continents)
                     if c not in mission.continents and continent.territories
                     and all(owner[t] == seat for t in continent.territories))
        if others < mission.more:
            return False
    if mission.territories:
        armies, least = state.armies, mission.armies
        if sum(1 for t, o in enumerate(owner) if o == seat and armies[t] >= least) < mission.territories:
            return False
    return True


def mission_winner(state: GameState) -> int:
    """The seat whose mission is complete (the player to move first, then round the table), or -1."""
    players = state.players
    for k in range(players):
        seat = (state.current + k) % players
        if state.alive[seat] and seat != state.neutral and completed(state, seat):
            return seat
    return -1


def fall_back(state: GameState, eliminated: int, by: int) -> None:
    """``by`` destroyed ``eliminated``: every other player whose mission was to do so now plays for its
    territories goal instead."""
    missions = mission_list(state.board)
    for seat, index in enumerate(state.missions):
        if 0 <= index < len(missions) and missions[index].eliminate == eliminated and seat != by:
            state.missions[seat] = index + len(missions)


def problem(state: GameState) -> str:
    """Why the missions in ``state`` could not have been dealt and kept by the rules, or ""."""
    missions = mission_list(state.board)
    held = state.missions
    if len(held) != state.players:
        return "its missions are not one per player"
    dealt = [index % len(missions) for seat, index in enumerate(held) if seat != state.neutral and index >= 0]
    if (state.neutral >= 0 and held[state.neutral] != HIDDEN_MISSION) or len(dealt) != state.people:
        return "its missions are not one per player"
    if len(set(dealt)) != len(dealt) or any(index >= 2 * len(missions) for index in held):
        return "its missions are not cards of one pack"
    own = len(state.board.missions)
    if own and sum(1 for m in state.board.missions if m.eliminate < state.people) >= state.people and any(
            index >= own for index in dealt):
        return "a mission was dealt from outside the board's own while they were enough"
    for seat, index in enumerate(held):
        if index < 0:
            continue
        mission = missions[index % len(missions)]
        if mission.eliminate >= state.people:
            return "a mission names a player who is not at the table"
        if index >= len(missions) and mission.eliminate < 0:
            return "a mission fell back that destroys nobody"
        if index < len(missions) and mission.eliminate == seat:
            return "a player's mission is to destroy themselves"
    return ""


def describe(mission: Mission | None, board: Board, names: Sequence[str] = ()) -> str:
    """A mission in words, for the log and the command line ("conquer Asia and Africa").

    >>> from risk.board import load_board
    >>> board = load_board("classic")
    >>> describe(Mission(continents=(2, 1), more=1), board)
    'conquer Europe, South America and one more continent'
    >>> describe(Mission(eliminate=2, territories=24), board, ["Ann", "Bo", "Cy"])
    "destroy Cy's armies"
    """
    if mission is None:
        return "no mission"
    if mission.eliminate >= 0:
        who = names[mission.eliminate] if mission.eliminate < len(names) else f"player {mission.eliminate + 1}"
        return f"destroy {who}'s armies"
    parts = []
    if mission.continents or mission.more:
        named = [board.continents[c].name for c in mission.continents]
        if mission.more:
            named.append("one more continent" if mission.more == 1 else f"{mission.more} more continents")
        listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
        parts.append(f"conquer {listed}")
    if mission.territories:
        each = f" with at least {mission.armies} armies on each" if mission.armies > 1 else ""
        parts.append(f"hold {mission.territories} {'territory' if mission.territories == 1 else 'territories'}{each}")
    return " and ".join(parts)


def mission_of(state: GameState, seat: int, names: Sequence[str] = ()) -> str:
    """What ``seat`` plays for, in words (its mission as dealt, and what it became if it fell back)."""
    index = state.missions[seat] if seat < len(state.missions) else HIDDEN_MISSION
    missions = mission_list(state.board)
    text = describe(effective(state, seat), state.board, names)
    if index >= len(missions):
        return f"{text} (dealt: {describe(missions[index - len(missions)], state.board, names)})"
    return text
