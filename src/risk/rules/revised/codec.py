"""The Revised edition's codec tables: its snapshot and the coding of its actions (format of rules revision 2).

The snapshot follows the classic compact layout's shape and shares its parts (the owners as "an earlier
neighbour's", the learnt army counts, the hand sizes, the cards as one permutation), then adds the edition's
own: capitals, the 15 cities as one combination, the 8 objectives and their rewards as two ordered draws
per tier, who holds each objective and reward, the airfields, what the player to move held at the start
of its turn, and the turn's flags. There is one layout only (the plain one of the classic family exists for
states its compact layout cannot hold; every state of this edition fits this one). Tables and frequencies
here are part of the format: once shared, never change them; append.
"""

from __future__ import annotations

from math import comb, perm

from risk.actions import (
    Action,
    Attack,
    Blitz,
    Claim,
    EndTurn,
    Fortify,
    Occupy,
    Place,
)
from risk.codec import editions
from risk.codec.cards import read_cards, write_cards
from risk.codec.classic import (
    choose,
    corrupt,
    need,
    read_armies,
    read_board,
    read_hand_sizes,
    read_usual,
    write_armies,
    write_board,
    write_hand_sizes,
    write_usual,
)
from risk.codec.rans import Adaptive, Model, Reader, Writer
from risk.deck import deck_for
from risk.rules import Rules
from risk.rules.revised import MAJOR_OBJECTIVES, MAJOR_REWARDS, MINOR_OBJECTIVES, MINOR_REWARDS, REWARDS
from risk.rules.revised.actions import ClaimObjective, PlaceCapital, StartingManeuver, TradeStars
from risk.rules.revised.flow import CAPITAL, ext, settings
from risk.rules.revised.state import RevisedState
from risk.state import GameState, Phase

PHASE_TABLE = ("capital", "claim", "setup", "reinforce", "attack", "occupy", "fortify", "over")
_PHASES = tuple(Phase.named(name) for name in PHASE_TABLE)
_PHASE_MODEL = Model([1, 2, 2, 8, 40, 20, 4, 1])
_CLAIMING = (CAPITAL, Phase.CLAIM)
_HELD_PRIOR, _HELD_STEP = (1, 6), 2  # a territory of the player to move was its own at the start of its turn

# Replay: the usual kinds of action in each phase, with weights; one more symbol for any other action.
_PHASE_KINDS: dict[Phase, tuple[tuple[type, ...], Model]] = {
    CAPITAL: ((PlaceCapital,), Model([63, 1])),
    Phase.CLAIM: ((Claim,), Model([63, 1])),
    Phase.SETUP: ((Place,), Model([63, 1])),
    Phase.REINFORCE: ((Place, TradeStars), Model([48, 15, 1])),
    Phase.ATTACK: ((Attack, Blitz, Fortify, EndTurn, ClaimObjective, StartingManeuver),
                   Model([14, 24, 6, 16, 3, 2, 1])),
    Phase.OCCUPY: ((Occupy,), Model([63, 1])),
    Phase.FORTIFY: ((Fortify, EndTurn), Model([16, 47, 1])),
    Phase.OVER: ((), Model([1])),
}


# ---------------------------------------------------------------------------------------------
# The snapshot


def write_state(w: Writer, s: GameState, layout: int) -> None:
    editions.write_snapshot(w, s, layout, _write)


def read_state(r: Reader, rules: Rules, people: int) -> GameState:
    return editions.read_snapshot(r, rules, people, _read, _CLAIMING)


def compact_holds(s: GameState) -> bool:
    """Every state of this edition is written in its one layout."""
    return True


def _write(w: Writer, s: GameState) -> None:
    extra = ext(s)
    n, phase = s.players, s.phase
    setup = phase.setup
    need(s.neutral < 0 and all(h == -1 for h in s.headquarters) and not s.set_aside)
    w.symbol(_PHASE_MODEL, _PHASES.index(phase))
    write_board(w, s, phase in _CLAIMING)
    need(not s.attacker_faces and not s.defender_faces and not s.rerolled and not s.commander_used)
    if phase not in _CLAIMING:
        write_armies(w, s, s.battle_target if phase is Phase.OCCUPY else -1)
    for p in range(n):
        if setup:
            w.number(s.reserve[p], 4)
        elif phase is Phase.REINFORCE and p == s.current:
            w.number(s.reserve[p], 3)
        else:
            need(s.reserve[p] == 0)
    if phase is Phase.SETUP:
        w.digit(s.quota_own, 2)
    else:
        need(s.quota_own == 0)
    need(s.quota_neutral == 0 and s.card_bonus_taken == 0)
    if setup:
        need(s.sets_traded == 0 and not s.captured)
    else:
        w.number(s.sets_traded, 2)
        w.bit(s.captured)
    if phase is Phase.FORTIFY:
        w.number(s.moves_made, 0)
    else:
        need(s.moves_made == 0)
    if phase is Phase.OCCUPY:
        w.bit(s.just_eliminated)
    else:
        need(not s.just_eliminated)
    if phase is Phase.OVER:
        w.digit(s.winner, n)
    else:
        need(s.winner == -1)
    _write_extra(w, s, extra)
    count = len(deck_for(s.rules))
    if setup:
        need(s.deck == list(range(count)) and not any(s.hands) and not s.discard)
    else:
        holders = [p for p in range(n) if s.alive[p]]
        need(all(not s.hands[p] for p in range(n) if p not in holders))
        write_hand_sizes(w, [s.hands[p] for p in holders])
        w.number(len(s.discard), 4)
        write_cards(w, [s.hands[p] for p in holders] + [s.discard, s.deck], count)


def _read(r: Reader, s: GameState) -> None:
    n = s.players
    phase = s.phase = _PHASES[r.symbol(_PHASE_MODEL)]
    setup = phase.setup
    read_board(r, s, phase in _CLAIMING)
    if phase not in _CLAIMING:
        read_armies(r, s, s.battle_target if phase is Phase.OCCUPY else -1)
    for p in range(n):
        if setup:
            s.reserve[p] = r.number(4)
        elif phase is Phase.REINFORCE and p == s.current:
            s.reserve[p] = r.number(3)
    if phase is Phase.SETUP:
        s.quota_own = r.digit(2)
    if not setup:
        s.sets_traded = r.number(2)
        s.captured = r.bit()
    if phase is Phase.FORTIFY:
        s.moves_made = r.number(0)
    if phase is Phase.OCCUPY:
        s.just_eliminated = r.bit()
    if phase is Phase.OVER:
        s.winner = r.digit(n)
    s.ext = _read_extra(r, s)
    count = len(deck_for(s.rules))
    if setup:
        s.deck = list(range(count))
        return
    holders = [p for p in range(n) if s.alive[p]]
    lengths = read_hand_sizes(r, len(holders))
    lengths.append(r.number(4))
    if sum(lengths) > count:
        raise corrupt(f"it holds more than the {count} cards")
    lengths.append(count - sum(lengths))
    segments = read_cards(r, lengths, count)
    for p, hand in zip(holders, segments):
        s.hands[p] = hand
    s.discard, s.deck = segments[-2], segments[-1]


def _write_extra(w: Writer, s: GameState, extra: RevisedState) -> None:
    """Capitals, cities, objectives and rewards, who holds them, airfields, and the turn's own facts."""
    family = settings(s.rules)
    n, size, phase = s.players, s.board.size, s.phase
    for p in range(n):
        if phase is CAPITAL:
            w.digit(extra.capitals[p] + 1, size + 1)
        else:
            w.digit(extra.capitals[p], size)
    need(len(extra.cities) == family.cities and list(extra.cities) == sorted(set(extra.cities)))
    w.digit(editions.rank_combination(extra.cities), comb(size, family.cities))
    tiers = family.objectives_per_tier
    for slots, pool in ((extra.objectives[:tiers], MINOR_OBJECTIVES), (extra.objectives[tiers:], MAJOR_OBJECTIVES)):
        w.digit(editions.rank_draw(slots, pool), perm(len(pool), tiers))
    if family.rewards:
        for slots, pool in ((extra.rewards[:tiers], MINOR_REWARDS), (extra.rewards[tiers:], MAJOR_REWARDS)):
            w.digit(editions.rank_draw(slots, pool), perm(len(pool), tiers))
    else:
        need(not extra.rewards)
    for slot in range(2 * tiers):
        holder = extra.holders[slot]
        if phase.setup:
            need(holder == -1 and extra.rewarded[slot] == -1 and extra.airfields[slot] == -1)
            continue
        w.digit(holder + 1, n + 1)
        if family.rewards and holder >= 0:
            w.bit(extra.rewarded[slot] == holder)
            need(extra.rewarded[slot] in (-1, holder))
        else:
            need(extra.rewarded[slot] == -1)
        if extra.rewarded[slot] >= 0 and _is_airfield(extra, slot):
            w.digit(extra.airfields[slot], size)
        else:
            need(extra.airfields[slot] == -1)
    if phase.setup:
        need(not (extra.start_owned or extra.claimed or extra.traded or extra.attacked or extra.starting_used))
        return
    held = Adaptive(_HELD_PRIOR, _HELD_STEP)
    for t, owner in enumerate(s.owner):
        if owner == s.current:
            w.learn(held, extra.start_owned >> t & 1)
        else:
            need(not extra.start_owned >> t & 1)
    for flag in (extra.claimed, extra.traded, extra.attacked, extra.starting_used):
        w.bit(flag)


def _read_extra(r: Reader, s: GameState) -> RevisedState:
    family = settings(s.rules)
    n, size, phase = s.players, s.board.size, s.phase
    capitals = [r.digit(size + 1) - 1 if phase is CAPITAL else r.digit(size) for _ in range(n)]
    cities = editions.unrank_combination(r.digit(comb(size, family.cities)), family.cities)
    tiers = family.objectives_per_tier
    objectives: list[int] = []
    for pool in (MINOR_OBJECTIVES, MAJOR_OBJECTIVES):
        objectives += editions.unrank_draw(r.digit(perm(len(pool), tiers)), pool, tiers)
    rewards: list[int] = []
    if family.rewards:
        for pool in (MINOR_REWARDS, MAJOR_REWARDS):
            rewards += editions.unrank_draw(r.digit(perm(len(pool), tiers)), pool, tiers)
    slots = 2 * tiers
    extra = RevisedState(capitals, tuple(cities), tuple(objectives), tuple(rewards), [-1] * slots, [-1] * slots,
                         [-1] * slots)
    if phase.setup:
        return extra
    for slot in range(slots):
        holder = extra.holders[slot] = r.digit(n + 1) - 1
        if family.rewards and holder >= 0 and r.bit():
            extra.rewarded[slot] = holder
        if extra.rewarded[slot] >= 0 and _is_airfield(extra, slot):
            extra.airfields[slot] = r.digit(size)
    held = Adaptive(_HELD_PRIOR, _HELD_STEP)
    for t, owner in enumerate(s.owner):
        if owner == s.current and r.learn(held):
            extra.start_owned |= 1 << t
    extra.claimed, extra.traded, extra.attacked, extra.starting_used = (r.bit() for _ in range(4))
    return extra


def _is_airfield(extra: RevisedState, slot: int) -> bool:
    return bool(extra.rewards) and REWARDS[extra.rewards[slot]][0] == "airfield"


# ---------------------------------------------------------------------------------------------
# Actions


def write_action(w: Writer, s: GameState, action: Action) -> None:
    editions.write_action(w, s, action, _PHASE_KINDS, _write_usual)


def read_action(r: Reader, s: GameState) -> Action:
    return editions.read_action(r, s, _PHASE_KINDS, _read_usual, _write_usual)


def _own(s: GameState) -> list[int]:
    return [t for t, o in enumerate(s.owner) if o == s.current]


def _write_usual(w: Writer, s: GameState, action: Action) -> bool:
    """Write ``action`` as one of the usual moves of its phase; False if it is not one of them."""
    match action:
        case PlaceCapital(t):
            return choose(w, t, [u for u, o in enumerate(s.owner) if o < 0])
        case TradeStars(cards):
            hand = sorted(s.hands[s.current])
            if not cards or list(cards) != sorted(set(cards)) or any(c not in hand for c in cards):
                return False
            w.digit(sum(1 << hand.index(c) for c in cards), 1 << len(hand))
            return True
        case ClaimObjective(slot, airfield):
            open_slots = [i for i, who in enumerate(ext(s).holders) if who < 0]
            if not choose(w, slot, open_slots):
                return False
            if _is_airfield(ext(s), slot) and ext(s).rewards:
                return choose(w, airfield, _own(s))
            return airfield == -1
        case StartingManeuver(source, target, count):
            own = _own(s)
            return (choose(w, source, own) and choose(w, target, own)
                    and choose(w, count - 1, range(s.armies[source] - 1)))
    return write_usual(w, s, action)


def _read_usual(r: Reader, s: GameState, kind: type) -> Action:
    if kind is PlaceCapital:
        empty = [u for u, o in enumerate(s.owner) if o < 0]
        return PlaceCapital(empty[r.digit(len(empty))])
    if kind is TradeStars:
        hand = sorted(s.hands[s.current])
        mask = r.digit(1 << len(hand))
        return TradeStars(tuple(c for i, c in enumerate(hand) if mask >> i & 1))
    if kind is ClaimObjective:
        open_slots = [i for i, who in enumerate(ext(s).holders) if who < 0]
        slot = open_slots[r.digit(len(open_slots))]
        if _is_airfield(ext(s), slot) and ext(s).rewards:
            own = _own(s)
            return ClaimObjective(slot, own[r.digit(len(own))])
        return ClaimObjective(slot)
    if kind is StartingManeuver:
        own = _own(s)
        source = own[r.digit(len(own))]
        target = own[r.digit(len(own))]
        return StartingManeuver(source, target, r.digit(s.armies[source] - 1) + 1)
    return read_usual(r, s, kind)


__all__ = ["PHASE_TABLE", "compact_holds", "read_action", "read_state", "write_action", "write_state"]
