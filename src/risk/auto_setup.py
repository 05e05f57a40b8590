"""Automatic setup for the editions whose setup asks for choices: where a capital or a castle stands, which
territories each player claims, where the starting armies and a hidden army go. The choices are made for every
player by one fixed judgement, with ties drawn from the game's own generator.

The classic family's automatic setup leaves everything to chance (:meth:`risk.flow.Flow.setup`: the territories
dealt, the armies spread at random). A capital or a castle cannot be left to chance: one army on a coast next to a
big enemy stack is a game lost on the first turn. So the judgement here is the bots' (``risk.ai``: a site with few
borders, none with another group, no coast, away from the sites already placed; the first claims around it; the
starting armies to it while it is no stronger than what borders it), written down once as integer scores:

* :func:`choose_site`: each candidate scores ``-10`` for each border with another group (continent or empire),
  ``-3`` for each border, ``-25`` for a coast on the ocean and ``-10`` on an inland sea, ``-15`` for each site
  already placed next to it and ``-10`` for each already in its group; the site is drawn among the candidates
  within :data:`SITE_MARGIN` of the best score, so that games differ but never put a site where it cannot be
  held;
* :func:`claim_around`: the claims go round the table one territory at a time, each player taking an empty
  territory next to its site while there is one, else any empty territory, drawn at random;
* :func:`spread_guarding`: the remaining armies go round the table one at a time, each to the player's site while
  it holds no more than :data:`GUARD_MARGIN` armies over the largest stack of another player next to it (and less
  than half the player's starting armies), else to one of its territories next to another player's, drawn at
  random (any of its territories when none is);
* :func:`choose_refuge`: a site for something a player wants kept (Castle Risk's hidden army): one of its
  territories next to its own site, with the fewest borders with other players.

The judgement is part of the rules, not of the bots: a replay code replays the setup from the seed, so it must
never change (``tests/engine/auto_setup_fixtures.py`` freezes games made with it); the bots choose for
themselves in a manual setup, with a judgement that may improve. Every decision is in ``docs/rules.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from risk import rng
from risk.state import GameState

SITE_MARGIN = 3  # a site is drawn among those this close to the best score (one border's worth)
GUARD_MARGIN = 3  # the site takes armies until it holds this many more than the largest stack next to it
GUARD_SHARE = 0.4  # ... or this share of the starting armies, if more
GROUP_BORDER, BORDER, OCEAN, INLAND_SEA, NEAR_SITE, SAME_GROUP = 10, 3, 25, 10, 15, 10


def draw(state: GameState, items: Sequence[int]) -> int:
    """One of ``items`` drawn from the game's generator (no draw when there is one)."""
    if len(items) == 1:
        return items[0]
    state.rng, i = rng.below(state.rng, len(items))
    return items[i]


def site_score(state: GameState, territory: int, placed: Sequence[int]) -> int:
    """How well ``territory`` can be held as a capital or castle before anything else is on the board (higher is
    better; see the module docstring)."""
    board = state.board
    here = board.territories[territory]
    neighbours = board.neighbours[territory]
    score = -BORDER * len(neighbours)
    score -= GROUP_BORDER * sum(1 for n in neighbours if board.territories[n].continent != here.continent)
    score -= OCEAN * ("ocean" in here.seas) + INLAND_SEA * any(s != "ocean" for s in here.seas)
    score -= NEAR_SITE * sum(1 for n in neighbours if n in placed)
    score -= SAME_GROUP * sum(1 for t in placed if t >= 0 and board.territories[t].continent == here.continent)
    return score


def choose_site(state: GameState, candidates: Sequence[int], placed: Sequence[int]) -> int:
    """The site of a capital or castle among ``candidates`` (``placed``: the sites already on the board)."""
    scores = [site_score(state, t, placed) for t in candidates]
    best = max(scores)
    return draw(state, [t for t, s in zip(candidates, scores) if s >= best - SITE_MARGIN])


def claim_around(state: GameState, order: Sequence[int], sites: Sequence[int],
                 claim: Callable[[GameState, int, int], None]) -> None:
    """Claim every empty territory, round the table in ``order`` one at a time: next to the claimer's site first
    (``sites[seat]``), else anywhere, drawn at random. ``claim(state, territory, seat)`` puts the army down."""
    owner, neighbours = state.owner, state.board.neighbours
    turn = 0
    while -1 in owner:
        seat = order[turn % len(order)]
        turn += 1
        near = [n for n in neighbours[sites[seat]] if owner[n] < 0] if sites[seat] >= 0 else []
        claim(state, draw(state, near or [t for t, who in enumerate(owner) if who < 0]), seat)


def largest_stack_next_to(state: GameState, territory: int) -> int:
    """The largest stack of another player (the neutral's too) on a neighbour of ``territory`` (0 for none)."""
    owner, armies, seat = state.owner, state.armies, state.owner[territory]
    return max((armies[n] for n in state.board.neighbours[territory] if owner[n] != seat), default=0)


def threat_to(state: GameState, site: int) -> int:
    """The largest attack another player could bring on ``site``: a stack next to it, or next to one of the site
    owner's territories beside it less twice the armies there (one lost and one left behind for each, roughly)."""
    owner, armies, neighbours = state.owner, state.armies, state.board.neighbours
    seat = owner[site]
    threat = 0
    for n in neighbours[site]:
        if owner[n] != seat:
            threat = max(threat, armies[n])
            continue
        for far in neighbours[n]:
            if owner[far] != seat:
                threat = max(threat, armies[far] - 2 * armies[n])
    return threat


def spread_guarding(state: GameState, order: Sequence[int], sites: Sequence[int]) -> None:
    """Place every seat's remaining armies, round the table in ``order`` one at a time: to the seat's site while
    it is not safe (see the module docstring), else to one of its front territories drawn at random."""
    owner, neighbours, armies = state.owner, state.board.neighbours, state.armies
    start = state.rules.starting_armies_for(state.people)
    cap = start * 2 // 3
    margin = max(GUARD_MARGIN, int(start * GUARD_SHARE))
    while any(state.reserve[s] > 0 for s in order):
        for seat in order:
            if state.reserve[seat] <= 0:
                continue
            site = sites[seat]
            if (site >= 0 and owner[site] == seat and armies[site] < cap
                    and armies[site] <= threat_to(state, site) + margin):
                where = site
            else:
                mine = [t for t, who in enumerate(owner) if who == seat]
                front = [t for t in mine if any(owner[n] != seat for n in neighbours[t])]
                where = draw(state, front or mine)
            armies[where] += 1
            state.reserve[seat] -= 1


def choose_refuge(state: GameState, seat: int, site: int, allowed: Callable[[int], bool]) -> int:
    """A territory of ``seat``'s that ``allowed`` accepts, to keep something safe: next to its site first, then
    the fewest neighbours of other players, then the most armies; ties at random. -1 when it holds none."""
    owner, neighbours, armies = state.owner, state.board.neighbours, state.armies
    mine = [t for t, who in enumerate(owner) if who == seat and allowed(t)]
    if not mine:
        return -1

    def key(t: int) -> tuple[int, int, int]:
        return (site in neighbours[t], -sum(1 for n in neighbours[t] if owner[n] != seat), armies[t])

    best = max(key(t) for t in mine)
    return draw(state, [t for t in mine if key(t) == best])


__all__ = ["GUARD_MARGIN", "SITE_MARGIN", "choose_refuge", "choose_site", "claim_around", "draw",
           "largest_stack_next_to", "site_score", "spread_guarding"]
