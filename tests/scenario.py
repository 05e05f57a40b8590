"""Helpers for engine tests: build a position by hand and script the next dice."""

from __future__ import annotations

from collections.abc import Sequence

from risk import dice, rng
from risk.board import load_board
from risk.engine import new_game
from risk.rules import make_rules
from risk.state import GameState, Phase

BOARD = load_board("classic")


def tid(name: str) -> int:
    """Territory index from its id."""
    return BOARD.territory_index(name)


def scripted_rng(attack_dice: int, defend_dice: int, attacker: Sequence[int], defender: Sequence[int]) -> int:
    """A generator state whose next battle throws exactly these faces (found by search, not faked)."""
    want = (tuple(sorted(attacker, reverse=True)), tuple(sorted(defender, reverse=True)))
    for seed in range(200_000):
        state = rng.seed_state(seed)
        _, a, d, _, _ = dice.roll_battle(state, attack_dice, defend_dice)
        if (a, d) == want:
            return state
    raise AssertionError(f"no seed throws {want}")


def position(
    people: int = 3,
    edition: str = "classic",
    options: Sequence[str] = (),
    owners: dict[str, int] | None = None,
    armies: dict[str, int] | None = None,
    current: int = 0,
    phase: Phase = Phase.ATTACK,
    default_owner: int | None = None,
) -> GameState:
    """A mid-game position: every territory to ``default_owner`` (or seats in turn), then the overrides."""
    state = new_game(make_rules(edition, ["auto-setup", *options]), people, seed=1)
    seats = [s for s in range(state.players) if s != state.neutral] if default_owner is None else [default_owner]
    for t in range(BOARD.size):
        state.owner[t] = seats[t % len(seats)]
        state.armies[t] = 1
    for name, seat in (owners or {}).items():
        state.owner[tid(name)] = seat
    for name, count in (armies or {}).items():
        state.armies[tid(name)] = count
    state.current = current
    state.phase = phase
    state.reserve = [0] * state.players
    state.alive = [s in state.owner for s in range(state.players)]
    return state


# Every option appears, in both editions, alone and combined.
EDITION_OPTIONS = [
    ("classic", ()),
    ("classic", ("auto-setup",)),
    ("classic", ("headquarters",)),
    ("classic", ("headquarters-short", "auto-setup")),
    ("classic", ("expert-card-values", "expert-fortify", "army-cap", "card-reroll", "commanders")),
    ("classic", ("army-cap", "auto-setup")),
    ("classic-1963", ()),
    ("classic-1963", ("auto-setup", "commanders", "expert-fortify")),
    ("classic-1963", ("headquarters", "card-reroll", "army-cap", "expert-card-values")),
]
# The Revised edition and each of its options (3 to 5 players).
REVISED_OPTIONS = [("revised", ()), ("revised", ("basic-training",)), ("revised", ("world-conquest",))]
# Castle Risk (2 to 6 players; no options).
CASTLE_OPTIONS = [("castle", ())]
# Secret missions, with the other classic options (kept out of EDITION_OPTIONS: the golden games are frozen).
MISSION_OPTIONS = [
    ("classic", ("secret-missions", "auto-setup")),
    ("classic-1963", ("secret-missions", "headquarters", "expert-fortify", "army-cap", "commanders")),
]
ALL_EDITION_OPTIONS = EDITION_OPTIONS + REVISED_OPTIONS + CASTLE_OPTIONS + MISSION_OPTIONS
