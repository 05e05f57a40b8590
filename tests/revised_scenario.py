"""Helpers for the Revised edition's tests: a mid-game position laid out by hand, dice scripted under any
dice model, and a fast random player that knows the edition's actions."""

from __future__ import annotations

from collections.abc import Sequence

from risk import dice, rng
from risk.actions import Action, Attack, Blitz, Claim, EndTurn, Fortify, Occupy, Place
from risk.deck import deck_for
from risk.dice import DiceModel
from risk.engine import new_game
from risk.flow import flow_for
from risk.rules import make_rules
from risk.rules.revised import OBJECTIVES, REWARDS
from risk.rules.revised.actions import ClaimObjective, PlaceCapital, StartingManeuver, TradeStars
from risk.rules.revised.flow import CAPITAL, RevisedFlow, ext
from risk.rules.revised.state import RevisedState
from risk.state import GameState, Phase
from scenario import BOARD, tid

FLOW = flow_for(make_rules("revised"))
assert isinstance(FLOW, RevisedFlow)

# Fifteen cities chosen for the scenarios: five in North America, four in Europe, six in Asia.
CITIES = tuple(sorted(tid(name) for name in (
    "alaska", "alberta", "ontario", "quebec", "greenland",
    "iceland", "great_britain", "scandinavia", "ukraine",
    "ural", "siberia", "yakutsk", "kamchatka", "china", "india",
)))


def objective(key: str) -> int:
    """An objective's number from its key ("cities-8", "europe", ...)."""
    return next(i for i, (k, _) in enumerate(OBJECTIVES) if k == key)


def reward(key: str, tier: str = "") -> int:
    """A reward token's number from its key; an Airfield by tier ("minor" or "major")."""
    found = [i for i, (k, _) in enumerate(REWARDS) if k == key]
    if tier:
        found = [i for i in found if (i < 4) == (tier == "minor")]
    return found[0]


def revised_position(
    people: int = 3,
    options: Sequence[str] = (),
    owners: dict[str, int] | None = None,
    armies: dict[str, int] | None = None,
    current: int = 0,
    phase: Phase = Phase.ATTACK,
    default_owner: int | None = None,
    capitals: Sequence[str] | None = None,
    cities: Sequence[int] = CITIES,
    objectives: Sequence[int] | None = None,
    rewards: Sequence[int] | None = None,
    turn: int = 5,
    revision: int | None = None,
) -> GameState:
    """A Revised game in the middle of ``current``'s turn: every territory to ``default_owner`` (or the seats in
    turn), then the overrides; the capitals on the named territories (default: each seat's first territory);
    the objectives and rewards by slot (default: the first four objectives of each tier); what
    the player to move held "at the start of its turn" is what it holds now, and nothing was done yet.
    ``revision``: an earlier revision of the rules (2: what codes of formats 4-7 play)."""
    state = new_game(make_rules("revised", list(options), revision), people, seed=1)
    seats = list(range(people)) if default_owner is None else [default_owner]
    for t in range(BOARD.size):
        state.owner[t] = seats[t % len(seats)]
        state.armies[t] = 1
    for name, seat in (owners or {}).items():
        state.owner[tid(name)] = seat
    for name, count in (armies or {}).items():
        state.armies[tid(name)] = count
    extra = ext(state)
    if capitals is None:
        capital_list = [state.owner.index(p) if p in state.owner else BOARD.size - 1 - p for p in range(people)]
    else:
        capital_list = [tid(name) for name in capitals]
    with_rewards = bool(extra.rewards)
    if objectives is None:
        objectives = (0, 1, 2, 3, 6, 7, 8, 9)
    if rewards is None:  # by default no Airfield on slot 5 (the scenarios' "two continents")
        rewards = (0, 1, 2, 3, 4, 6, 5, 7) if with_rewards else ()
    state.ext = RevisedState(
        capitals=capital_list, cities=tuple(sorted(cities)), objectives=tuple(objectives),
        rewards=tuple(rewards), holders=[-1] * 8, rewarded=[-1] * 8, airfields=[-1] * 8)
    state.current = current
    state.first_player = 0
    state.turn = turn
    state.phase = phase
    state.reserve = [0] * state.players
    state.alive = [s in state.owner for s in range(state.players)]
    state.deck = list(range(len(deck_for(state.rules))))
    ext(state).start_owned = held_mask(state, current)
    return state


def settle(state: GameState) -> GameState:
    """After owners were changed by hand: who is still in the game, and what the player to move held at the
    start of its turn (what it holds now)."""
    state.alive = [s in state.owner for s in range(state.players)]
    ext(state).start_owned = held_mask(state, state.current)
    return state


def held_mask(state: GameState, seat: int) -> int:
    """The bit mask of ``seat``'s territories."""
    return sum(1 << t for t, who in enumerate(state.owner) if who == seat)


def give(state: GameState, seat: int, slot: int, *, rewarded: bool = True, airfield: str = "") -> None:
    """Hand the objective in ``slot`` to ``seat`` as if it had claimed it (with its reward, unless told)."""
    extra = ext(state)
    extra.holders[slot] = seat
    if rewarded and extra.rewards:
        extra.rewarded[slot] = seat
        if airfield:
            extra.airfields[slot] = tid(airfield)


def deal(state: GameState, seat: int, cards: Sequence[int]) -> None:
    """Move these cards from the draw pile to a hand."""
    for card in cards:
        state.deck.remove(card)
        state.hands[seat].append(card)


def scripted_rng(model: DiceModel, attack_dice: int, defend_dice: int, attacker: Sequence[int],
                 defender: Sequence[int]) -> int:
    """A generator state whose next battle under ``model`` throws exactly these faces (bonus dice included),
    found by search, not faked."""
    want = (tuple(sorted(attacker, reverse=True)), tuple(sorted(defender, reverse=True)))
    assert len(want[0]) == attack_dice + model.attack_bonus and len(want[1]) == defend_dice + model.defend_bonus
    for seed in range(2_000_000):
        state = rng.seed_state(seed)
        _, a, d, _, _ = dice.roll_battle_model(state, attack_dice, defend_dice, model)
        if (a, d) == want:
            return state
    raise AssertionError(f"no seed throws {want}")


class RevisedRandomPlayer:
    """Plays a random legal action of the Revised edition without listing them all (listing every action
    after every step would cost ten times the game): it picks a kind first and then the territories, cards
    and amounts, and leans to attacking so that games end. It trades any cards worth 2 to 10 stars (not
    only the lowest-numbered, as the listed trades are), claims any objective it meets (now and then in
    the middle of its attacks) with the Airfield on any territory of its own, and uses the Starting
    Maneuver now and then. It places and attacks from its larger stacks more often than not, so that games end.
    Every action it picks is legal: the tests check each one before playing it."""

    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed)

    def below(self, n: int) -> int:
        self.rng, value = rng.below(self.rng, n)
        return value

    def pick(self, items: Sequence[int]) -> int:
        return items[self.below(len(items))]

    def choose(self, state: GameState) -> Action:
        phase, seat, owner = state.phase, state.current, state.owner
        if phase is CAPITAL or phase is Phase.CLAIM:
            empty = [t for t, who in enumerate(owner) if who < 0]
            territory = self.pick(empty)
            return PlaceCapital(territory) if phase is CAPITAL else Claim(territory)
        own = [t for t, who in enumerate(owner) if who == seat]
        if phase is Phase.SETUP:
            return Place(self.pick(own), 1)
        if phase is Phase.REINFORCE:
            trade = self.trade(state)
            if trade is not None:
                return trade
            reserve = state.reserve[seat]
            front = [t for t in own if any(owner[n] != seat for n in state.board.neighbours[t])]
            return Place(self.pick(front if front and self.below(4) else own),
                         reserve if self.below(3) else 1 + self.below(reserve))
        if phase is Phase.OCCUPY:
            low, high = FLOW.occupy_range(state)
            return Occupy(low + self.below(high - low + 1))
        if phase is Phase.ATTACK:
            claim = self.claim(state, own) if self.below(4) == 0 else None
            if claim is not None:
                return claim
            if FLOW.can_start_maneuver(state) and self.below(3) == 0:
                move = self.move(state, own)
                if move is not None:
                    return StartingManeuver(move.source, move.target, move.count)
            armies, neighbours = state.armies, state.board.neighbours
            fronts = [(s, t) for s in own if armies[s] > 1 for t in neighbours[s] if owner[t] != seat]
            if fronts and self.below(8):
                if self.below(2):  # from the largest stack, mostly: games end sooner
                    largest = max(armies[s] for s, _ in fronts)
                    fronts = [(s, t) for s, t in fronts if armies[s] == largest]
                source, target = fronts[self.below(len(fronts))]
                if self.below(3):
                    return Blitz(source, target, self.below(min(3, armies[source] - 1)) if self.below(4) == 0 else 0)
                most = FLOW.battle_model(state, source, target).attack_max
                return Attack(source, target, 1 + self.below(min(most, armies[source] - 1)))
            claim = self.claim(state, own)
            if claim is not None and self.below(4):
                return claim
        if self.below(2):
            move = self.move(state, own)
            if move is not None:
                return move
        return EndTurn()

    def trade(self, state: GameState) -> TradeStars | None:
        """Cards picked at random from the hand until they are worth 2 to 10 stars, now and then."""
        if ext(state).traded or self.below(3) == 0:
            return None
        stars = deck_for(state.rules).stars
        hand = list(state.hands[state.current])
        picked: list[int] = []
        total = 0
        while hand and total < 2 + self.below(9):
            card = hand.pop(self.below(len(hand)))
            if total + stars[card] <= 10:
                picked.append(card)
                total += stars[card]
        return TradeStars(tuple(sorted(picked))) if total >= 2 else None

    def claim(self, state: GameState, own: list[int]) -> ClaimObjective | None:
        slots = FLOW.claimable(state)
        if not slots:
            return None
        slot = self.pick(slots)
        return ClaimObjective(slot, self.pick(own) if FLOW.airfield_reward(state, slot) else -1)

    def move(self, state: GameState, own: list[int]) -> Fortify | None:
        movers = [t for t in own if state.armies[t] > 1]
        if not movers:
            return None
        source = self.pick(movers)
        targets = FLOW.reachable(state, source)
        if not targets:
            return None
        return Fortify(source, self.pick(targets), 1 + self.below(state.armies[source] - 1))
