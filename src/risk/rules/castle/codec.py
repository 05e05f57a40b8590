"""Castle Risk's codec tables: its snapshot and the coding of its actions (formats of rules revisions 2 and 3).

The snapshot shares the classic compact layout's parts (the players and turn, the owners, the last battle,
the armies, the hand sizes, every card as one permutation: hands, the Reinforcement track, the discards, the
draw pile) and adds the edition's own: the castle chip each seat drew, the castles, who holds each chip, the
hidden-army sites, the track, the General and Marshalls in play, standing orders, truces, the card step and a
Spy's look. Tables and frequencies here are part of the format: once shared, never change them; append.
Revision 3 adds a third standing order (the hidden army in defence): its orders are written with
``_ORDERS_MODEL_3``, and every seat starts with all three.
"""

from __future__ import annotations

from math import perm

from risk.actions import Action, Attack, Blitz, Claim, EndTurn, Occupy, Place
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
from risk.codec.rans import Model, Reader, Writer
from risk.deck import deck_for
from risk.rules import Rules
from risk.rules.castle import ADMIRAL, DIPLOMAT, GENERAL, MARSHALL, REINFORCEMENT, SPY
from risk.rules.castle.actions import (
    ChooseHiddenArmy,
    PlaceCastle,
    PlayDiplomat,
    PlayGeneral,
    PlayReinforcement,
    PlaySpy,
    RevealHiddenArmy,
    SeaAttack,
    SpyDiscard,
    StandingOrders,
)
from risk.rules.castle.flow import CASTLE, HIDING, SPOILS, SPY_LOOK, ext, kind_of, settings
from risk.rules.castle.state import CastleState, default_orders
from risk.state import GameState, Phase

PHASE_TABLE = ("castle", "claim", "setup", "hiding", "reinforce", "attack", "occupy", "spy", "spoils", "over")
_PHASES = tuple(Phase.named(name) for name in PHASE_TABLE)
_PHASE_MODEL = Model([1, 2, 2, 1, 4, 40, 16, 1, 6, 1])
_CLAIMING = (CASTLE, Phase.CLAIM)
_PLACING = (Phase.REINFORCE, SPOILS)
_ORDERS_MODEL = Model([1, 2, 2, 24])  # standing orders: most keep both on
_ORDERS_MODEL_3 = Model([1, 1, 1, 2, 1, 2, 2, 24])  # rules revision 3, three orders: most keep all on

_PHASE_KINDS: editions.PhaseKinds = {
    CASTLE: ((PlaceCastle,), Model([63, 1])),
    Phase.CLAIM: ((Claim,), Model([63, 1])),
    Phase.SETUP: ((Place,), Model([63, 1])),
    HIDING: ((ChooseHiddenArmy,), Model([63, 1])),
    Phase.REINFORCE: ((Place,), Model([63, 1])),
    Phase.ATTACK: ((Attack, Blitz, EndTurn, SeaAttack, PlayGeneral, PlaySpy, PlayReinforcement, RevealHiddenArmy,
                    StandingOrders, PlayDiplomat), Model([10, 24, 14, 4, 3, 2, 2, 1, 2, 1, 1])),
    Phase.OCCUPY: ((Occupy,), Model([63, 1])),
    SPY_LOOK: ((SpyDiscard,), Model([63, 1])),
    SPOILS: ((Place,), Model([63, 1])),
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
    n, phase = s.players, s.phase
    setup = phase.setup
    need(s.neutral < 0 and all(h == -1 for h in s.headquarters))
    need(not s.attacker_faces and not s.defender_faces and not s.rerolled and not s.commander_used)
    need(s.quota_neutral == 0 and s.card_bonus_taken == 0 and s.sets_traded == 0 and s.moves_made == 0)
    w.symbol(_PHASE_MODEL, _PHASES.index(phase))
    write_board(w, s, phase in _CLAIMING)
    if phase not in _CLAIMING:
        write_armies(w, s, s.battle_target if phase is Phase.OCCUPY else -1)
    for p in range(n):
        if setup:
            w.number(s.reserve[p], 4)
        elif phase in _PLACING and p == s.current:
            w.number(s.reserve[p] - 1, 4)
        else:
            need(s.reserve[p] == 0)
    if phase is Phase.SETUP:
        w.digit(s.quota_own, settings(s.rules).setup_batch + 1)
    else:
        need(s.quota_own == 0)
    if not setup:
        w.bit(s.captured)
    else:
        need(not s.captured)
    if phase is Phase.OCCUPY:
        w.bit(s.just_eliminated)
    else:
        need(not s.just_eliminated)
    if phase is Phase.OVER:
        w.digit(s.winner, n)
    else:
        need(s.winner == -1)
    extra = ext(s)
    _write_board_extra(w, s, extra)
    count = len(deck_for(s.rules))
    if phase in (CASTLE, Phase.CLAIM, Phase.SETUP, HIDING):
        need(extra.orders == default_orders(n, s.rules))  # orders change only in the attack step
        need(s.deck == list(range(count)) or phase is HIDING)
        need(not any(s.hands) and not s.discard and not s.set_aside)
        if phase is HIDING:
            write_cards(w, [s.deck], count)  # shuffled at the end of the placements
        else:
            need(s.deck == list(range(count)))
        return
    holders = [p for p in range(n) if s.alive[p]]
    need(all(not s.hands[p] for p in range(n) if p not in holders))
    need(len(s.set_aside) >= extra.track)
    write_hand_sizes(w, [s.hands[p] for p in holders])
    w.number(len(s.set_aside) - extra.track, 0)  # Reinforcements a Spy discarded: out of the game too
    w.number(len(s.discard), 4)
    write_cards(w, [s.hands[p] for p in holders] + [s.set_aside, s.discard, s.deck], count)
    _write_people(w, s, extra)


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
        elif phase in _PLACING and p == s.current:
            s.reserve[p] = r.number(4) + 1
    if phase is Phase.SETUP:
        s.quota_own = r.digit(settings(s.rules).setup_batch + 1)
    if not setup:
        s.captured = r.bit()
    if phase is Phase.OCCUPY:
        s.just_eliminated = r.bit()
    if phase is Phase.OVER:
        s.winner = r.digit(n)
    extra = _read_board_extra(r, s)
    s.ext = extra
    count = len(deck_for(s.rules))
    if phase in (CASTLE, Phase.CLAIM, Phase.SETUP, HIDING):
        s.deck = read_cards(r, [count], count)[0] if phase is HIDING else list(range(count))
        return
    holders = [p for p in range(n) if s.alive[p]]
    lengths = read_hand_sizes(r, len(holders))
    lengths.append(extra.track + r.number(0))
    lengths.append(r.number(4))
    if sum(lengths) > count:
        raise corrupt(f"it holds more than the {count} cards")
    lengths.append(count - sum(lengths))
    segments = read_cards(r, lengths, count)
    for p, hand in zip(holders, segments):
        s.hands[p] = hand
    s.set_aside, s.discard, s.deck = segments[-3], segments[-2], segments[-1]
    _read_people(r, s, extra)


def _empires(s: GameState) -> list[int]:
    return [g for g, group in enumerate(s.board.continents) if group.kind == "empire"]


def _write_board_extra(w: Writer, s: GameState, extra: CastleState) -> None:
    """The chips drawn, the castles, who holds each chip, the hidden-army sites and the track."""
    n, phase, board = s.players, s.phase, s.board
    empires = _empires(s)
    w.digit(editions.rank_draw(extra.empires, empires), perm(len(empires), n))
    for p in range(n):
        group = board.continents[extra.empires[p]].territories
        castle = extra.castles[p]
        if phase is CASTLE or not s.alive[p]:
            w.digit(group.index(castle) + 1 if castle >= 0 else 0, len(group) + 1)
        else:
            need(castle in group)
            w.digit(group.index(castle), len(group))
    for e in extra.empires:
        holders = [p for p in range(n) if e in extra.chips[p]]
        need(len(holders) == 1)
        w.digit(holders[0], n)
    need(extra.chips == _chips(extra.empires, [next(p for p in range(n) if e in extra.chips[p])
                                               for e in extra.empires]))
    if phase in (CASTLE, Phase.CLAIM, Phase.SETUP):
        need(not any(extra.hidden))
    else:
        for p in range(n):
            w.number(len(extra.hidden[p]), 0)
            for t in extra.hidden[p]:
                w.digit(t, board.size)
    w.digit(extra.track, len(settings(s.rules).reinforcement_track) + 1)


def _chips(empires: list[int], holders: list[int]) -> list[list[int]]:
    """Who holds which chips, as the flow keeps them: one's own first, then the others taken, in order."""
    chips: list[list[int]] = [[] for _ in empires]
    for seat, (empire, holder) in enumerate(zip(empires, holders)):
        if holder == seat:
            chips[seat].append(empire)
    for empire, holder in sorted(zip(empires, holders)):
        if empire not in chips[holder]:
            chips[holder].append(empire)
    return [c[:1] + sorted(c[1:]) for c in chips]


def _read_board_extra(r: Reader, s: GameState) -> CastleState:
    n, phase, board = s.players, s.phase, s.board
    empires = editions.unrank_draw(r.digit(perm(len(_empires(s)), n)), _empires(s), n)
    castles = []
    for p in range(n):
        group = board.continents[empires[p]].territories
        if phase is CASTLE or not s.alive[p]:
            index = r.digit(len(group) + 1)
            castles.append(group[index - 1] if index else -1)
        else:
            castles.append(group[r.digit(len(group))])
    chips = _chips(empires, [r.digit(n) for _ in empires])
    hidden: list[list[int]] = [[] for _ in range(n)]
    if phase not in (CASTLE, Phase.CLAIM, Phase.SETUP):
        for p in range(n):
            hidden[p] = [r.digit(board.size) for _ in range(r.number(0))]
    extra = CastleState(empires, castles, chips, hidden, marshalls=[-1] * n, orders=default_orders(n, s.rules))
    extra.track = r.digit(len(settings(s.rules).reinforcement_track) + 1)
    return extra


def _write_people(w: Writer, s: GameState, extra: CastleState) -> None:
    """After the cards: the General and Marshalls in play, orders, truces, the card step, a Spy's look."""
    n = s.players
    hand = s.hands[s.current]
    _write_card(w, extra.general, hand, GENERAL, s)
    for p in range(n):
        if p != s.current and s.alive[p]:
            _write_card(w, extra.marshalls[p], s.hands[p], MARSHALL, s)
        else:
            need(extra.marshalls[p] == -1)
    model = _orders_model(s)
    for p in range(n):
        w.symbol(model, extra.orders[p])
    need(extra.truces == sorted(extra.truces))
    w.number(len(extra.truces), 0)
    for a, b in extra.truces:
        w.digit(a, n)
        w.digit(b, n)
    w.bit(extra.attacked)
    if s.phase is SPY_LOOK:
        w.digit(extra.spied, n)
        need(extra.spier == s.current and list(extra.seen) == _shown(s, extra.spied))
        _write_card(w, extra.spy_card, hand, SPY, s, optional=False)
    else:
        need(extra.spied == -1 and extra.spier == -1 and extra.spy_card == -1 and not extra.seen)
    need(extra.takeover == -1)


def _read_people(r: Reader, s: GameState, extra: CastleState) -> None:
    n = s.players
    hand = s.hands[s.current]
    extra.general = _read_card(r, hand, GENERAL, s)
    for p in range(n):
        if p != s.current and s.alive[p]:
            extra.marshalls[p] = _read_card(r, s.hands[p], MARSHALL, s)
    model = _orders_model(s)
    for p in range(n):
        extra.orders[p] = r.symbol(model)
    extra.truces = [(r.digit(n), r.digit(n)) for _ in range(r.number(0))]
    if extra.truces != sorted(extra.truces):
        raise corrupt("its truces are not written in their usual form")
    extra.attacked = r.bit()
    if s.phase is SPY_LOOK:
        extra.spied = r.digit(n)
        extra.spier = s.current
        extra.seen = tuple(_shown(s, extra.spied))
        extra.spy_card = _read_card(r, hand, SPY, s, optional=False)


def _orders_model(s: GameState) -> Model:
    """The standing orders' model of the game's rules revision."""
    return _ORDERS_MODEL_3 if settings(s.rules).hidden_defends else _ORDERS_MODEL


def _shown(s: GameState, seat: int) -> list[int]:
    """What a Spy sees of a hand: its cards less a Marshall in play (read after the Marshalls)."""
    return sorted(c for c in s.hands[seat] if c != ext(s).marshalls[seat])


def _write_card(w: Writer, card: int, hand: list[int], kind: int, s: GameState, optional: bool = True) -> None:
    """A card of one kind in a hand (or none, when ``optional``): its place among that hand's cards of the kind."""
    cards = sorted(c for c in hand if kind_of(s, c) == kind)
    if optional:
        need(card == -1 or card in cards)
        w.digit(cards.index(card) + 1 if card >= 0 else 0, len(cards) + 1)
    else:
        need(card in cards)
        w.digit(cards.index(card), len(cards))


def _read_card(r: Reader, hand: list[int], kind: int, s: GameState, optional: bool = True) -> int:
    cards = sorted(c for c in hand if kind_of(s, c) == kind)
    if optional:
        index = r.digit(len(cards) + 1)
        return cards[index - 1] if index else -1
    return cards[r.digit(len(cards))]


# ---------------------------------------------------------------------------------------------
# Actions


def write_action(w: Writer, s: GameState, action: Action) -> None:
    editions.write_action(w, s, action, _PHASE_KINDS, _write_usual)


def read_action(r: Reader, s: GameState) -> Action:
    return editions.read_action(r, s, _PHASE_KINDS, _read_usual, _write_usual)


def _own(s: GameState) -> list[int]:
    return [t for t, o in enumerate(s.owner) if o == s.current]


def _cards(s: GameState, kind: int, seat: int = -1) -> list[int]:
    return sorted(c for c in s.hands[s.current if seat < 0 else seat] if kind_of(s, c) == kind)


def _shores(s: GameState, source: int) -> list[int]:
    """The enemy territories an Admiral may sail to from ``source``."""
    waters = set(s.board.territories[source].seas)
    return [t for t, o in enumerate(s.owner) if o != s.current and waters & set(s.board.territories[t].seas)]


def _others(s: GameState) -> list[int]:
    return [p for p in range(s.players) if p != s.current and s.alive[p]]


def _write_usual(w: Writer, s: GameState, action: Action) -> bool:
    """Write ``action`` as one of the usual moves of its phase; False if it is not one of them."""
    extra = ext(s)
    match action:
        case PlaceCastle(t):
            group = s.board.continents[extra.empires[s.current]].territories
            return choose(w, t, [u for u in group if s.owner[u] < 0])
        case ChooseHiddenArmy(t):
            return choose(w, t, [u for u in range(s.board.size) if u not in extra.castles])
        case SeaAttack(card, source, target, armies):
            return (choose(w, card, _cards(s, ADMIRAL)) and choose(w, source, _own(s))
                    and choose(w, target, _shores(s, source)) and choose(w, armies - 1, range(s.armies[source] - 1)))
        case PlayGeneral(card):
            return choose(w, card, _cards(s, GENERAL))
        case PlayReinforcement(card):
            return choose(w, card, _cards(s, REINFORCEMENT))
        case PlaySpy(card, seat):
            return choose(w, card, _cards(s, SPY)) and choose(w, seat, _others(s))
        case PlayDiplomat(card, seat):
            return choose(w, card, _cards(s, DIPLOMAT)) and choose(w, seat, _others(s))
        case RevealHiddenArmy(t):
            return choose(w, t, sorted(set(extra.hidden[s.current])))
        case StandingOrders(orders):
            return choose(w, orders, range(settings(s.rules).all_orders + 1))
        case SpyDiscard(card):
            return choose(w, card, list(extra.seen))
    return write_usual(w, s, action)


def _read_usual(r: Reader, s: GameState, kind: type) -> Action:
    extra = ext(s)

    def pick(items: list[int] | range) -> int:
        return items[r.digit(len(items))]

    if kind is PlaceCastle:
        group = s.board.continents[extra.empires[s.current]].territories
        return PlaceCastle(pick([u for u in group if s.owner[u] < 0]))
    if kind is ChooseHiddenArmy:
        return ChooseHiddenArmy(pick([u for u in range(s.board.size) if u not in extra.castles]))
    if kind is SeaAttack:
        card = pick(_cards(s, ADMIRAL))
        source = pick(_own(s))
        target = pick(_shores(s, source))
        return SeaAttack(card, source, target, r.digit(s.armies[source] - 1) + 1)
    if kind is PlayGeneral:
        return PlayGeneral(pick(_cards(s, GENERAL)))
    if kind is PlayReinforcement:
        return PlayReinforcement(pick(_cards(s, REINFORCEMENT)))
    if kind is PlaySpy:
        card = pick(_cards(s, SPY))
        return PlaySpy(card, pick(_others(s)))
    if kind is PlayDiplomat:
        card = pick(_cards(s, DIPLOMAT))
        return PlayDiplomat(card, pick(_others(s)))
    if kind is RevealHiddenArmy:
        return RevealHiddenArmy(pick(sorted(set(extra.hidden[s.current]))))
    if kind is StandingOrders:
        return StandingOrders(r.digit(settings(s.rules).all_orders + 1))
    if kind is SpyDiscard:
        return SpyDiscard(pick(list(extra.seen)))
    return read_usual(r, s, kind)


__all__ = ["PHASE_TABLE", "compact_holds", "read_action", "read_state", "write_action", "write_state"]
