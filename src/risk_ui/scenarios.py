"""How the page starts: a default game, or (for tests and demonstrations) a seeded scenario.

The page's address may carry, all optional and ignored when malformed:

- ``seed=N``: the first game's seed (otherwise a random one), so a page load is repeatable;
- ``scenario=NAME``: start from a prepared position instead of a new game (see :data:`SCENARIOS`):
  ``near-win`` (Red attacks the last enemy territory: one capture wins) or ``turn`` (Red must trade
  one of the sets in a hand of five cards, place 3 + 4 armies, then can attack Kamchatka from Alaska
  and make a free move), ``big-battle`` (Red attacks Kamchatka from Alaska, 151 armies against 150,
  with commanders and the card re-roll: the odds panel's heaviest case, worked out in slices),
  ``revised-claim`` (a 4-player Revised game played by bots from the seed up to the first moment the
  player to move may claim an objective whose reward is an Airfield: the claim step and the Airfield's
  place) or ``revised-rewards`` (the same game played on, each objective claimed as soon as it is met, up
  to the first moment the player to move has an attack whose dice the rewards change: the odds panel's
  modifiers), or ``computer`` (the first screen's "Play against the computer" game, dealt from the seed);
- ``debug=1``: expose test hooks on ``window`` (see ``risk_ui.debug``).

Normal play never sees any of this: the page's own links carry no query.

>>> parse_query("?seed=12&scenario=near-win&debug=1")
PageOptions(seed=12, scenario='near-win', debug=True)
>>> parse_query("?seed=x").seed is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from risk.ai import classic_bot
from risk.board import ARTILLERY, CAVALRY, INFANTRY
from risk.deck import deck_for
from risk.engine import apply, new_game
from risk.flow import flow_for
from risk.game import Seat
from risk.rules import make_rules
from risk.state import GameState, Phase
from risk.visibility import public_view
from risk_ui.controller import DEFAULT_SETTINGS, QUICK_GAMES, Controller
from risk_ui.palette import PALETTE

if TYPE_CHECKING:  # the Revised edition's code is imported by the scenarios that play it, not with the page
    from risk.rules.revised.flow import RevisedFlow


@dataclass(frozen=True)
class PageOptions:
    """What the address asks for."""

    seed: int | None = None
    scenario: str = ""
    debug: bool = False


def parse_query(query: str) -> PageOptions:
    """Read the address's query string."""
    values = parse_qs(query.lstrip("?"))

    def first(name: str) -> str:
        return values.get(name, [""])[0]

    try:
        seed: int | None = int(first("seed")) if first("seed") else None
    except ValueError:
        seed = None
    scenario = first("scenario") if first("scenario") in SCENARIOS or first("scenario") in QUICK_GAMES else ""
    return PageOptions(seed, scenario, first("debug") in ("1", "true", "yes"))


def _position(
    seed: int, owners: dict[str, int], armies: dict[str, int], options: tuple[str, ...] = ()
) -> GameState:
    """Three players, classic rules, territories dealt round the table, then the given changes."""
    state = new_game(make_rules("classic", ["auto-setup", *options]), 3, seed)
    board = state.board
    for t in range(board.size):
        state.owner[t] = t % 3
        state.armies[t] = 1
    for name, seat in owners.items():
        state.owner[board.territory_index(name)] = seat
    for name, count in armies.items():
        state.armies[board.territory_index(name)] = count
    state.alive = [seat in state.owner for seat in range(state.players)]
    state.reserve = [0] * state.players
    state.current = state.first_player = 0
    state.turn = 10  # late enough for the cards in hand to have been drawn: a position a game can reach
    return state


def near_win(seed: int) -> GameState:
    """Red holds every territory but Kamchatka (Blue, 1 army), with 20 armies next door in Alaska."""
    state = _position(seed, {}, {"alaska": 20})
    kamchatka = state.board.territory_index("kamchatka")
    for t in range(state.board.size):
        state.owner[t] = 1 if t == kamchatka else 0
    state.alive = [True, True, False]
    state.phase = Phase.ATTACK
    state.turn = 30
    return state


def full_turn(seed: int) -> GameState:
    """Red to move, holding five cards (so a trade comes first: 4 armies) and 3 armies to place.

    Alaska (Red, 6) borders Kamchatka (Blue, 1) and Northwest Territory (Red, 1). The cards are an
    infantry, a cavalry and an artillery card of Blue's territories and the two wilds, so no trade
    adds armies to a territory of Red's.
    """
    state = _position(
        seed,
        {"alaska": 0, "kamchatka": 1, "northwest_territory": 0, "alberta": 0},
        {"alaska": 6},
    )
    deck = deck_for(state.rules)
    hand = []
    for kind in (INFANTRY, CAVALRY, ARTILLERY):
        hand.append(next(c for c, t in enumerate(deck.territories)
                         if t >= 0 and state.owner[t] == 1 and deck.kinds[c] == kind))
    hand += [c for c, t in enumerate(deck.territories) if t < 0]
    for card in hand:
        state.deck.remove(card)
    state.hands[0] = sorted(hand)
    state.phase = Phase.REINFORCE
    state.reserve[0] = 3
    return state


def big_battle(seed: int) -> GameState:
    """Red's 151 armies in Alaska face Blue's 150 in Kamchatka, commanders and the card re-roll in play,
    Red's commander unused and a card of Kamchatka in Red's hand (so the re-roll counts too)."""
    state = _position(seed, {"alaska": 0, "kamchatka": 1}, {"alaska": 151, "kamchatka": 150},
                      ("commanders", "card-reroll"))
    kamchatka = state.board.territory_index("kamchatka")
    if kamchatka in state.deck:
        state.deck.remove(kamchatka)
    for hand in state.hands:
        if kamchatka in hand:
            hand.remove(kamchatka)
    state.hands[0].append(kamchatka)
    state.phase = Phase.ATTACK
    return state


REVISED_PLAYERS = 4
REVISED_LIMIT = 3_000  # actions a Revised scenario plays at most looking for its moment


def _revised_game(seed: int, stop: Callable[[GameState, RevisedFlow], bool], claim: bool) -> GameState:
    """A 4-player Revised game between the classic family's normal bots (the positions the page's tests were
    written for; the Revised bots would reach others) from ``seed``, played until ``stop`` says so in the
    attack phase (or the game ends, or :data:`REVISED_LIMIT` actions); with ``claim``, the player to move
    claims an objective as soon as it meets one (an Airfield on its largest army)."""
    from risk.rules.revised.actions import ClaimObjective
    from risk.rules.revised.flow import RevisedFlow

    state = new_game(make_rules("revised"), REVISED_PLAYERS, seed)
    flow = flow_for(state.rules)
    assert isinstance(flow, RevisedFlow)
    bots = [classic_bot("normal", seed * 10 + seat) for seat in range(state.players)]
    for _ in range(REVISED_LIMIT):
        if state.over:
            break
        if state.phase is Phase.ATTACK:
            if stop(state, flow):
                break
            claimable = flow.claimable(state)
            if claim and claimable:
                slot, seat = claimable[0], state.current
                largest = max((t for t, who in enumerate(state.owner) if who == seat), key=lambda t: state.armies[t])
                apply(state, ClaimObjective(slot, largest if flow.airfield_reward(state, slot) else -1))
                continue
        apply(state, bots[state.current].choose(public_view(state, state.current)))
    return state


def revised_claim(seed: int) -> GameState:
    """The first moment of a seeded Revised game when the player to move may claim an Airfield's objective."""
    return _revised_game(seed, lambda state, flow: any(flow.airfield_reward(state, s) for s in flow.claimable(state)),
                         claim=False)


def modified_attack(state: GameState, flow: RevisedFlow) -> tuple[int, int]:
    """An attack of the player to move whose dice the rewards change (``(-1, -1)`` if none): the first
    by territory number."""
    seat = state.current
    for source, who in enumerate(state.owner):
        if who == seat and state.armies[source] >= 2:
            for target in state.board.neighbours[source]:
                if state.owner[target] != seat and not flow.battle_model(state, source, target).is_plain:
                    return source, target
    return -1, -1


def revised_rewards(seed: int) -> GameState:
    """The same game with objectives claimed as met, up to an attack whose dice rewards change."""
    return _revised_game(seed, lambda state, flow: modified_attack(state, flow)[0] >= 0, claim=True)


SCENARIOS: dict[str, Callable[[int], GameState]] = {
    "near-win": near_win, "turn": full_turn, "big-battle": big_battle, "revised-claim": revised_claim,
    "revised-rewards": revised_rewards}


def initial_controller(options: PageOptions, random_seed: Callable[[], int]) -> Controller:
    """The controller the page starts with: the scenario asked for, or a default new game."""
    seed = options.seed if options.seed is not None else random_seed()
    if options.scenario in QUICK_GAMES:  # a one-tap game of the first screen, from the seed
        return Controller.new(QUICK_GAMES[options.scenario], seed)
    if options.scenario:
        state = SCENARIOS[options.scenario](seed)
        seats = tuple(Seat(PALETTE[i].name, i) for i in range(state.people))
        return Controller.from_state(seats, state, seed)
    return Controller.new(DEFAULT_SETTINGS, seed)
