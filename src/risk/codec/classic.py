"""Format 1's tables for the classic family: the snapshot of a state (two layouts) and the coding of each
replay action against the state it is played in.

Compact layout (format 1's normal form) leaves out whatever the rules make certain (no armies while
claiming, one reserve while reinforcing...); the plain layout writes every field as it is, for any state
the compact one cannot hold, so that a game is never lost to an unexpected state. A snapshot holds, in
order: layout; phase, player to move, first player; turn; who is still in; owners (mostly "same as an
earlier neighbour", learnt per board); last battle (source, which neighbour, dice) and dice waiting for a
decision; armies (learnt frequencies); reserves, setup quotas, sets traded, turn flags, winner,
headquarters, as far as the phase allows them; hand sizes, discard size; every card as one permutation;
the 64-bit generator state.

Tables and frequencies here are part of format 1 and must never change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb

from risk.actions import (
    AcceptRoll,
    Action,
    Attack,
    Blitz,
    ChooseHeadquarters,
    Claim,
    EndTurn,
    Fortify,
    IllegalAction,
    Occupy,
    Place,
    Reroll,
    Trade,
    UseCommander,
    format_action,
    parse_action,
)
from risk.board import Board, load_board
from risk.codec.cards import largest, read_cards, write_cards
from risk.codec.errors import CodecError, CorruptCode, Unfit
from risk.codec.rans import Adaptive, Model, Reader, Writer
from risk.deck import deck_for
from risk.engine import occupy_range
from risk.flow import flow_for
from risk.missions import mission_list
from risk.rules import Rules
from risk.state import NO_DICE, GameState, Phase

PHASE_TABLE = ("claim", "setup", "headquarters", "reinforce", "attack", "battle", "occupy", "fortify", "over")
_PHASES = tuple(Phase.named(name) for name in PHASE_TABLE)
# Replay actions by kind; the generic form of an action names its kind by its place here.
ACTION_TABLE: tuple[type, ...] = (
    Claim, Place, ChooseHeadquarters, Trade, Attack, Blitz, UseCommander, Reroll, AcceptRoll, Occupy, Fortify,
    EndTurn,
)


_MAX_ACTION_TEXT = 200




_SETUP_PHASES = (Phase.CLAIM, Phase.SETUP, Phase.HEADQUARTERS)


_PHASE_MODEL = Model([2, 2, 1, 8, 40, 2, 20, 2, 1])
# Territory owners (after the claims): another owner (0) or an earlier neighbour's (1); learnt per
# board, since owners are scattered just after setup and clustered later.
_OWNER_PRIOR, _OWNER_STEP = (2, 3), 1
# Armies minus one on a territory, learnt per board (small stacks after setup, single armies later);
# the last symbol means 16 or more (then a number follows).
_ARMIES_PRIOR, _ARMIES_STEP = (30, 10, 6, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3), 8
_ARMIES_ESCAPE = 16
# Cards in a hand; the last symbol means 7 or more.
_HAND_MODEL = Model([4, 11, 14, 13, 8, 2, 1, 1])
_HAND_ESCAPE = 7


_PHASE_KINDS: dict[Phase, tuple[tuple[type, ...], Model]] = {
    Phase.CLAIM: ((Claim,), Model([63, 1])),
    Phase.SETUP: ((Place,), Model([63, 1])),
    Phase.HEADQUARTERS: ((ChooseHeadquarters,), Model([63, 1])),
    Phase.REINFORCE: ((Place, Trade), Model([48, 15, 1])),
    Phase.ATTACK: ((Attack, Blitz, Fortify, EndTurn), Model([16, 24, 6, 16, 1])),
    Phase.BATTLE: ((AcceptRoll, UseCommander, Reroll), Model([32, 16, 15, 1])),
    Phase.OCCUPY: ((Occupy,), Model([63, 1])),
    Phase.FORTIFY: ((Fortify, EndTurn), Model([16, 47, 1])),
    Phase.OVER: ((), Model([1])),
}


from risk.codec.tables import COMPACT, PLAIN  # noqa: E402  (the layouts every edition shares)


def write_state(w: Writer, s: GameState, layout: int) -> None:
    w.digit(layout, 2)
    if layout == COMPACT:
        _write_compact(w, s)
    else:
        _write_plain(w, s)
    if s.rules.secret_missions:
        write_missions(w, s)
    w.digit(s.rng, 1 << 64)


def write_missions(w: Writer, s: GameState) -> None:
    """Secret missions (only in games with them; codes made before carry none): each seat's, as its index in
    the board's list plus one (0: none), below twice the list's length plus one (risk.missions)."""
    count = 2 * len(mission_list(s.board)) + 1
    if len(s.missions) != s.players or not all(-1 <= m < count - 1 for m in s.missions):
        raise Unfit("missions that are not the board's")
    for seat in range(s.players):
        if seat != s.neutral:
            w.digit(s.missions[seat] + 1, count)
        elif s.missions[seat] != -1:
            raise Unfit("the neutral holds a mission")


def read_missions(r: Reader, s: GameState) -> None:
    """What :func:`write_missions` wrote, into ``s.missions`` (checked with the rest of the state)."""
    count = 2 * len(mission_list(s.board)) + 1
    s.missions = [r.digit(count) - 1 if seat != s.neutral else -1 for seat in range(s.players)]


def read_state(r: Reader, rules: Rules, people: int) -> GameState:
    layout = r.digit(2)
    s = blank_state(rules, people)
    if layout == COMPACT:
        _read_compact(r, s)
    else:
        _read_plain(r, s)
    if rules.secret_missions:
        read_missions(r, s)
    s.rng = r.digit(1 << 64)
    check_state(s)
    if layout == PLAIN and compact_holds(s):
        raise corrupt("it is not written in its usual form")
    return s


def blank_state(rules: Rules, people: int) -> GameState:
    board = load_board(rules.map)
    neutral = people if people == 2 and rules.neutral_with_two_players else -1
    players = people + (neutral >= 0)
    return GameState(
        rules=rules, board=board, players=players, people=people, neutral=neutral,
        owner=[-1] * board.size, armies=[0] * board.size, hands=[[] for _ in range(players)],
        deck=[], discard=[], set_aside=[], reserve=[0] * players, alive=[True] * players,
        headquarters=[-1] * players,
    )


def compact_holds(s: GameState) -> bool:
    """Whether the compact layout carries ``s`` exactly (then a plain code of it is not canonical)."""
    w = Writer()
    try:
        _write_compact(w, s)
        r = Reader(w.value())
        back = blank_state(s.rules, s.people)
        _read_compact(r, back)
    except (Unfit, CodecError, LookupError, ValueError, TypeError, ArithmeticError):
        return False
    back.rng = s.rng
    back.missions = s.missions
    return back == s and r.x == 0


def need(condition: bool) -> None:
    if not condition:
        raise Unfit("outside the compact layout")


def _write_compact(w: Writer, s: GameState) -> None:
    board, rules = s.board, s.rules
    n, size = s.players, board.size
    phase = s.phase
    setup = phase in _SETUP_PHASES
    w.symbol(_PHASE_MODEL, _PHASES.index(phase))
    write_board(w, s, phase is Phase.CLAIM)
    battle = s.battle_source >= 0
    if phase is Phase.BATTLE:
        need(battle and len(s.attacker_faces) == s.battle_dice and 1 <= len(s.defender_faces) <= 2)
        for face in s.attacker_faces:
            w.digit(face - 1, 6)
        w.digit(len(s.defender_faces) - 1, 2)
        for face in s.defender_faces:
            w.digit(face - 1, 6)
    else:
        need(s.attacker_faces == NO_DICE and s.defender_faces == NO_DICE)
    # Armies: at least one everywhere, but none yet on a territory just captured.
    if phase is not Phase.CLAIM:
        write_armies(w, s, s.battle_target if phase is Phase.OCCUPY else -1)
    # Armies to place: everybody's during setup, only the player's own while reinforcing.
    for p in range(n):
        if setup:
            w.number(s.reserve[p], 4)
        elif phase is Phase.REINFORCE and p == s.current:
            w.number(s.reserve[p], 3)
        else:
            need(s.reserve[p] == 0)
    if phase is Phase.SETUP:
        w.digit(s.quota_own, 3)
        w.digit(s.quota_neutral, 2)
    else:
        need(s.quota_own == 0 and s.quota_neutral == 0)
    if setup:
        need(s.sets_traded == 0 and not s.captured and s.card_bonus_taken == 0 and not s.commander_used)
    else:
        w.number(s.sets_traded, 2)
        w.bit(s.captured)
        w.number(s.card_bonus_taken, 0)
        if rules.commanders:
            w.bit(s.commander_used)
        else:
            need(not s.commander_used)
    if rules.card_reroll and battle:
        w.bit(s.rerolled)
    else:
        need(not s.rerolled)
    if phase is Phase.FORTIFY:
        w.number(s.moves_made - 1, 0)
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
    # Headquarters: chosen one by one in setup; afterwards their cards are set aside in seat order.
    people = [p for p in range(n) if p != s.neutral]
    if s.neutral >= 0:
        need(s.headquarters[s.neutral] == -1)
    if rules.headquarters and setup:
        for p in people:
            w.digit(s.headquarters[p] + 1, size + 1)
    elif rules.headquarters:
        need(s.set_aside == [s.headquarters[p] for p in people])
    else:
        need(all(h == -1 for h in s.headquarters))
    # Cards: the deck is in order until setup ends, then shuffled; hands, set-aside and discard after.
    count = len(deck_for(rules))
    if phase is Phase.HEADQUARTERS:
        need(not any(s.hands) and not s.discard and not s.set_aside)
        write_cards(w, [s.deck], count)
    elif setup:
        need(s.deck == list(range(count)) and not any(s.hands) and not s.discard and not s.set_aside)
    else:
        holders = [p for p in people if s.alive[p]]
        need(all(not s.hands[p] for p in range(n) if p not in holders))
        need(len(s.set_aside) == (len(people) if rules.headquarters else 0))
        for p in holders:
            w.symbol(_HAND_MODEL, min(len(s.hands[p]), _HAND_ESCAPE))
            if len(s.hands[p]) >= _HAND_ESCAPE:
                w.number(len(s.hands[p]) - _HAND_ESCAPE, 2)
        w.number(len(s.discard), 4)
        segments = [s.hands[p] for p in holders] + [s.set_aside, s.discard, s.deck]
        triples = -1
        if s.discard and len(s.discard) % 3 == 0:
            ascending = _ascending_triples(s.discard)
            w.bit(ascending)
            triples = len(holders) + 1 if ascending else -1
        write_cards(w, segments, count, triples)


def write_board(w: Writer, s: GameState, claiming: bool) -> None:
    """What every edition's snapshot starts with after its phase: the player to move and the first player;
    the turn and who is still in (after the setup); the owners (one by one while ``claiming``, when some are
    empty; else mostly "an earlier neighbour's"); the last battle's territories and dice, which stay in the
    state until the next one."""
    board, n, size, setup = s.board, s.players, s.board.size, s.phase.setup
    w.digit(s.current, n)
    w.digit(s.first_player, s.people)
    if setup:
        need(s.turn == 0 and all(s.alive))
    else:
        w.number(s.turn - 1, 6)
        for p in range(n):
            w.bit(s.alive[p])
    if claiming:
        for t in range(size):
            w.digit(s.owner[t] + 1, n + 1)
            need(s.armies[t] == (1 if s.owner[t] >= 0 else 0))
    else:
        write_owners(w, s)
    battle = s.battle_source >= 0
    if not setup:
        w.bit(battle)
    else:
        need(not battle)
    if battle:
        w.digit(s.battle_source, size)
        targets = board.neighbours[s.battle_source]
        need(s.battle_target in targets)
        w.digit(targets.index(s.battle_target), len(targets))
        w.digit(s.battle_dice - 1, 3)
    else:
        need(s.battle_target == -1 and s.battle_dice == 0)


def read_board(r: Reader, s: GameState, claiming: bool) -> None:
    """What :func:`write_board` wrote (``s.phase`` already read)."""
    board, n, size, setup = s.board, s.players, s.board.size, s.phase.setup
    s.current = r.digit(n)
    s.first_player = r.digit(s.people)
    if not setup:
        s.turn = r.number(6) + 1
        s.alive = [r.bit() for _ in range(n)]
    if claiming:
        for t in range(size):
            s.owner[t] = r.digit(n + 1) - 1
            s.armies[t] = 1 if s.owner[t] >= 0 else 0
    else:
        read_owners(r, s)
    if not setup and r.bit():
        s.battle_source = r.digit(size)
        targets = board.neighbours[s.battle_source]
        s.battle_target = targets[r.digit(len(targets))]
        s.battle_dice = r.digit(3) + 1


def write_owners(w: Writer, s: GameState) -> None:
    """Every territory's owner, all claimed: mostly "the same as an earlier neighbour's" (learnt as it goes,
    since owners are scattered just after setup and clustered later), else one of the other living seats."""
    n = s.players
    living = [p for p in range(n) if s.alive[p]]
    owner = s.owner
    same = Adaptive(_OWNER_PRIOR, _OWNER_STEP)
    for t, before in enumerate(_earlier_neighbours(s.board)):
        near = sorted({owner[m] for m in before})
        here = owner[t]
        if here in near:
            if len(near) < len(living):
                w.learn(same, 1)
            w.digit(near.index(here), len(near))
        else:
            others = [p for p in living if p not in near]
            need(here in others)
            if near:
                w.learn(same, 0)
            w.digit(others.index(here), len(others))


def read_owners(r: Reader, s: GameState) -> None:
    """What :func:`write_owners` wrote, into ``s.owner`` (``s.alive`` already read)."""
    living = [p for p in range(s.players) if s.alive[p]]
    owner = s.owner
    same = Adaptive(_OWNER_PRIOR, _OWNER_STEP)
    for t, before in enumerate(_earlier_neighbours(s.board)):
        near = sorted({owner[m] for m in before})
        if near and (len(near) >= len(living) or r.learn(same) == 1):
            owner[t] = near[r.digit(len(near))]
        else:
            others = [p for p in living if p not in near]
            owner[t] = others[r.digit(len(others))]


def write_armies(w: Writer, s: GameState, moving_in: int) -> None:
    """The armies on every territory (at least one; none on ``moving_in``, just captured), learnt as they go."""
    stacks = Adaptive(_ARMIES_PRIOR, _ARMIES_STEP)
    for t, armies in enumerate(s.armies):
        if t == moving_in:
            need(armies == 0)
            continue
        need(armies >= 1)
        if armies <= _ARMIES_ESCAPE:
            w.learn(stacks, armies - 1)
        else:
            w.learn(stacks, _ARMIES_ESCAPE)
            w.number(armies - 1 - _ARMIES_ESCAPE, 4)


def read_armies(r: Reader, s: GameState, moving_in: int) -> None:
    """What :func:`write_armies` wrote, into ``s.armies``."""
    armies = s.armies
    stacks = Adaptive(_ARMIES_PRIOR, _ARMIES_STEP)
    for t in range(s.board.size):
        if t != moving_in:
            count = r.learn(stacks)
            armies[t] = count + 1 if count < _ARMIES_ESCAPE else count + 1 + r.number(4)


def write_hand_sizes(w: Writer, hands: Sequence[Sequence[int]]) -> None:
    """How many cards each of these hands holds."""
    for hand in hands:
        w.symbol(_HAND_MODEL, min(len(hand), _HAND_ESCAPE))
        if len(hand) >= _HAND_ESCAPE:
            w.number(len(hand) - _HAND_ESCAPE, 2)


def read_hand_sizes(r: Reader, count: int) -> list[int]:
    """What :func:`write_hand_sizes` wrote for ``count`` hands."""
    lengths = []
    for _ in range(count):
        length = r.symbol(_HAND_MODEL)
        if length == _HAND_ESCAPE:
            length += r.number(2)
        lengths.append(length)
    return lengths


def _ascending_triples(cards: list[int]) -> bool:
    """Whether a discard pile is whole sets each traded in ascending order (as the engine lists them)."""
    return all(cards[i] < cards[i + 1] < cards[i + 2] for i in range(0, len(cards), 3))


def _earlier_neighbours(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per territory, its neighbours that come before it in board order (their owners are known first)."""
    found = _EARLIER.get(board.id)
    if found is None:
        found = _EARLIER[board.id] = tuple(tuple(m for m in ns if m < t) for t, ns in enumerate(board.neighbours))
    return found


_EARLIER: dict[str, tuple[tuple[int, ...], ...]] = {}


def corrupt(detail: str) -> CorruptCode:
    return CorruptCode(f"This link is corrupt: {detail}.")


def _read_compact(r: Reader, s: GameState) -> None:
    board, rules = s.board, s.rules
    n, size = s.players, board.size
    phase = s.phase = _PHASES[r.symbol(_PHASE_MODEL)]
    setup = phase in _SETUP_PHASES
    read_board(r, s, phase is Phase.CLAIM)
    battle = s.battle_source >= 0
    if phase is Phase.BATTLE:
        if not battle:
            raise corrupt("dice wait for a decision but no battle was fought")
        s.attacker_faces = tuple(r.digit(6) + 1 for _ in range(s.battle_dice))
        defend = r.digit(2) + 1
        s.defender_faces = tuple(r.digit(6) + 1 for _ in range(defend))
    if phase is not Phase.CLAIM:
        read_armies(r, s, s.battle_target if phase is Phase.OCCUPY else -1)
    for p in range(n):
        if setup:
            s.reserve[p] = r.number(4)
        elif phase is Phase.REINFORCE and p == s.current:
            s.reserve[p] = r.number(3)
    if phase is Phase.SETUP:
        s.quota_own = r.digit(3)
        s.quota_neutral = r.digit(2)
    if not setup:
        s.sets_traded = r.number(2)
        s.captured = r.bit()
        s.card_bonus_taken = r.number(0)
        if rules.commanders:
            s.commander_used = r.bit()
    if rules.card_reroll and battle:
        s.rerolled = r.bit()
    if phase is Phase.FORTIFY:
        s.moves_made = r.number(0) + 1
    if phase is Phase.OCCUPY:
        s.just_eliminated = r.bit()
    if phase is Phase.OVER:
        s.winner = r.digit(n)
    people = [p for p in range(n) if p != s.neutral]
    if rules.headquarters and setup:
        for p in people:
            s.headquarters[p] = r.digit(size + 1) - 1
    count = len(deck_for(rules))
    if phase is Phase.HEADQUARTERS:
        s.deck = read_cards(r, [count], count)[0]
    elif setup:
        s.deck = list(range(count))
    else:
        holders = [p for p in people if s.alive[p]]
        lengths = []
        for _ in holders:
            length = r.symbol(_HAND_MODEL)
            if length == _HAND_ESCAPE:
                length += r.number(2)
            lengths.append(length)
        aside = len(people) if rules.headquarters else 0
        discard = r.number(4)
        lengths += [aside, discard]
        if sum(lengths) > count:
            raise corrupt(f"it holds more than the {count} cards")
        triples = -1
        spelt_out = bool(discard) and discard % 3 == 0 and not r.bit()
        if discard and discard % 3 == 0 and not spelt_out:
            triples = len(holders) + 1
        lengths.append(count - sum(lengths))
        segments = read_cards(r, lengths, count, triples)
        if spelt_out and _ascending_triples(segments[-2]):
            raise corrupt("its discard pile is not written in its usual form")
        for p, hand in zip(holders, segments):
            s.hands[p] = hand
        s.set_aside, s.discard, s.deck = segments[-3:]
        if rules.headquarters:
            for p, card in zip(people, s.set_aside):
                s.headquarters[p] = card
                if card >= size:
                    raise corrupt("a headquarters is a wild card")


def _write_plain(w: Writer, s: GameState) -> None:
    n, size, count = s.players, s.board.size, len(deck_for(s.rules))
    w.digit(_PHASES.index(s.phase), 16)
    w.digit(s.current, n)
    w.digit(s.first_player, n)
    w.number(s.turn, 6)
    for p in range(n):
        w.bit(s.alive[p])
        w.number(s.reserve[p], 4)
        w.digit(s.headquarters[p] + 1, size + 1)
    for t in range(size):
        w.digit(s.owner[t] + 1, n + 1)
        w.number(s.armies[t], 2)
    w.number(s.quota_own, 1)
    w.number(s.quota_neutral, 0)
    w.number(s.sets_traded, 2)
    w.bit(s.captured)
    w.number(s.card_bonus_taken, 0)
    w.digit(s.battle_source + 1, size + 1)
    w.digit(s.battle_target + 1, size + 1)
    w.digit(s.battle_dice, 4)
    for faces in (s.attacker_faces, s.defender_faces):
        w.digit(len(faces), 4)
        for face in faces:
            w.digit(face - 1, 6)
    w.bit(s.rerolled)
    w.bit(s.commander_used)
    w.number(s.moves_made, 0)
    w.bit(s.just_eliminated)
    w.digit(s.winner + 1, n + 1)
    lists = [*s.hands, s.set_aside, s.discard]
    for cards in lists:
        w.number(len(cards), 2)
    write_cards(w, [*lists, s.deck], count)


def _read_plain(r: Reader, s: GameState) -> None:
    n, size, count = s.players, s.board.size, len(deck_for(s.rules))
    phase = r.digit(16)
    if phase >= len(_PHASES):
        raise corrupt("its phase of play does not exist")
    s.phase = _PHASES[phase]
    s.current = r.digit(n)
    s.first_player = r.digit(n)
    s.turn = r.number(6)
    for p in range(n):
        s.alive[p] = r.bit()
        s.reserve[p] = r.number(4)
        s.headquarters[p] = r.digit(size + 1) - 1
    for t in range(size):
        s.owner[t] = r.digit(n + 1) - 1
        s.armies[t] = r.number(2)
    s.quota_own = r.number(1)
    s.quota_neutral = r.number(0)
    s.sets_traded = r.number(2)
    s.captured = r.bit()
    s.card_bonus_taken = r.number(0)
    s.battle_source = r.digit(size + 1) - 1
    s.battle_target = r.digit(size + 1) - 1
    s.battle_dice = r.digit(4)
    s.attacker_faces = tuple(r.digit(6) + 1 for _ in range(r.digit(4)))
    s.defender_faces = tuple(r.digit(6) + 1 for _ in range(r.digit(4)))
    s.rerolled = r.bit()
    s.commander_used = r.bit()
    s.moves_made = r.number(0)
    s.just_eliminated = r.bit()
    s.winner = r.digit(n + 1) - 1
    lengths = [r.number(2) for _ in range(n + 2)]
    if sum(lengths) > count:
        raise corrupt(f"it holds more than the {count} cards")
    segments = read_cards(r, [*lengths, count - sum(lengths)], count)
    s.hands = segments[:n]
    s.set_aside, s.discard, s.deck = segments[n:]


def check_state(s: GameState, claiming: Sequence[Phase] = (Phase.CLAIM,)) -> None:
    """Refuse a state the engine could not have produced or could not go on from: the layout's own checks,
    then the flow's (:meth:`risk.flow.Flow.impossible`: reserves, quotas, dice, cards and counts against
    the phase; bounds on turns, sets and armies; something legal to do). ``claiming``: the phases in which
    territories may still be empty (every edition's codec shares these checks)."""
    n, size, count = s.players, s.board.size, len(deck_for(s.rules))
    phase, rules = s.phase, s.rules
    setup = phase.setup
    if not 0 <= s.current < n or s.current == s.neutral or not s.alive[s.current]:
        raise corrupt("the player to move is not in the game")
    if not 0 <= s.first_player < s.people:
        raise corrupt("the first player is not at the table")
    if setup != (s.turn == 0):
        raise corrupt("the turn number does not fit the phase of play")
    if setup and not all(s.alive):
        raise corrupt("a player was eliminated before the game began")
    if sorted(s.deck + s.discard + s.set_aside + [c for h in s.hands for c in h]) != list(range(count)):
        raise corrupt(f"the {count} cards are not all there exactly once")
    if any(s.hands[p] for p in range(n) if not s.alive[p] or p == s.neutral):
        raise corrupt("a player out of the game holds cards")
    moving_in = s.battle_target if phase is Phase.OCCUPY else -1
    for t in range(size):
        owner, armies = s.owner[t], s.armies[t]
        if owner < 0:
            if phase not in claiming or armies:
                raise corrupt("a territory has no owner")
            continue
        if phase in claiming and armies != 1:
            raise corrupt("a claimed territory does not have exactly one army")
        if armies < 1 and t != moving_in:
            raise corrupt("a territory has no armies")
        if rules.army_cap and armies > rules.army_cap:
            raise corrupt(f"a territory holds more than {rules.army_cap} armies")
        if not s.alive[owner]:
            raise corrupt("an eliminated player still holds a territory")
    if not setup and any(s.alive[p] and p not in s.owner for p in range(n)):
        raise corrupt("a player with no territory is still in the game")
    if phase in (Phase.BATTLE, Phase.OCCUPY):
        source, target = s.battle_source, s.battle_target
        if not (0 <= source < size and 0 <= target < size and 1 <= s.battle_dice <= 3):
            raise corrupt("the battle being fought is not on the board")
        if s.owner[source] != s.current or (s.owner[target] == s.current) != (phase is Phase.OCCUPY):
            raise corrupt("the battle being fought does not fit who owns what")
    if phase is Phase.BATTLE and not (1 <= len(s.attacker_faces) <= 3 and 1 <= len(s.defender_faces) <= 2):
        raise corrupt("the dice on the table are not a roll")
    if any(list(f) != sorted(f, reverse=True) for f in (s.attacker_faces, s.defender_faces)):
        raise corrupt("the dice on the table are out of order")
    if (phase is Phase.OVER) != (s.winner >= 0) or (s.winner >= 0 and (s.winner == s.neutral or not s.alive[s.winner])):
        raise corrupt("the winner does not fit the phase of play")
    if any(h >= size for h in s.headquarters) or (s.neutral >= 0 and s.headquarters[s.neutral] >= 0):
        raise corrupt("a headquarters is not a territory")
    problem = flow_for(rules).impossible(s)
    if problem:
        raise corrupt(problem)


def _own(s: GameState) -> list[int]:
    return [t for t, o in enumerate(s.owner) if o == s.current]


def write_action(w: Writer, s: GameState, action: Action) -> None:
    kinds, model = _PHASE_KINDS[s.phase]
    if type(action) in kinds:
        probe = Writer()
        if write_usual(probe, s, action):
            w.symbol(model, kinds.index(type(action)))
            w.ops += probe.ops
            return
    w.symbol(model, len(kinds))
    write_generic(w, s, action)


def read_action(r: Reader, s: GameState) -> Action:
    kinds, model = _PHASE_KINDS[s.phase]
    kind = r.symbol(model)
    if kind < len(kinds):
        return read_usual(r, s, kinds[kind])
    action = read_generic(r, s)
    if type(action) in kinds and write_usual(Writer(), s, action):
        raise CorruptCode("This replay is corrupt: an action is spelt out needlessly.")
    return action


def choose(w: Writer, value: int, choices: Sequence[int]) -> bool:
    if value not in choices:
        return False
    w.digit(choices.index(value), len(choices))
    return True


def write_usual(w: Writer, s: GameState, action: Action) -> bool:
    """Write ``action`` as one of the usual moves of its phase; False if it is not one of them."""
    own = _own(s)
    neighbours = s.board.neighbours
    match action:
        case Claim(t):
            return choose(w, t, [u for u, o in enumerate(s.owner) if o < 0])
        case Place(t, count) if s.phase is Phase.SETUP:
            if not choose(w, t, [u for u, o in enumerate(s.owner) if o == s.current or (o >= 0 and o == s.neutral)]):
                return False
            if s.owner[t] == s.current:
                return 1 <= count <= s.quota_own and choose(w, count - 1, range(s.quota_own))
            return count == 1
        case Place(t, count):
            reserve = s.reserve[s.current]
            return 1 <= count <= reserve and choose(w, t, own) and choose(w, count - 1, range(reserve))
        case ChooseHeadquarters(t):
            return choose(w, t, own)
        case Trade(cards, bonus):
            hand = sorted(s.hands[s.current])
            if bonus >= 0 or list(cards) != sorted(set(cards)) or len(cards) != 3 or any(c not in hand for c in cards):
                return False
            a, b, c = (hand.index(card) for card in cards)
            w.digit(comb(c, 3) + comb(b, 2) + a, comb(len(hand), 3))
            return True
        case Attack(source, target, dice):
            return choose(w, source, own) and choose(w, target, neighbours[source]) and choose(w, dice - 1, range(3))
        case Blitz(source, target, stop_at):
            if stop_at < 0 or not (choose(w, source, own) and choose(w, target, neighbours[source])):
                return False
            w.number(stop_at, 0)
            return True
        case Fortify(source, target, count):
            targets = own if s.rules.fortify_connected else neighbours[source]
            return (choose(w, source, own) and choose(w, target, targets)
                    and choose(w, count - 1, range(s.armies[source] - 1)))
        case UseCommander(die) | Reroll(die):
            return choose(w, die, range(len(s.attacker_faces)))
        case Occupy(count):
            low, high = occupy_range(s)
            return choose(w, count - low, range(high - low + 1))
        case AcceptRoll() | EndTurn():
            return True
    return False


def read_usual(r: Reader, s: GameState, kind: type) -> Action:
    own = _own(s)
    neighbours = s.board.neighbours
    if kind is Claim:
        return Claim([u for u, o in enumerate(s.owner) if o < 0][r.digit(sum(o < 0 for o in s.owner))])
    if kind is Place and s.phase is Phase.SETUP:
        places = [u for u, o in enumerate(s.owner) if o == s.current or (o >= 0 and o == s.neutral)]
        t = places[r.digit(len(places))]
        return Place(t, r.digit(s.quota_own) + 1 if s.owner[t] == s.current else 1)
    if kind is Place:
        t = own[r.digit(len(own))]
        return Place(t, r.digit(s.reserve[s.current]) + 1)
    if kind is ChooseHeadquarters:
        return ChooseHeadquarters(own[r.digit(len(own))])
    if kind is Trade:
        hand = sorted(s.hands[s.current])
        rank = r.digit(comb(len(hand), 3))
        c = largest(rank, 3)
        rank -= comb(c, 3)
        b = largest(rank, 2)
        return Trade((hand[rank - comb(b, 2)], hand[b], hand[c]))
    if kind is Attack or kind is Blitz:
        source = own[r.digit(len(own))]
        target = neighbours[source][r.digit(len(neighbours[source]))]
        if kind is Attack:
            return Attack(source, target, r.digit(3) + 1)
        return Blitz(source, target, r.number(0))
    if kind is Fortify:
        source = own[r.digit(len(own))]
        targets = own if s.rules.fortify_connected else neighbours[source]
        target = targets[r.digit(len(targets))]
        return Fortify(source, target, r.digit(s.armies[source] - 1) + 1)
    if kind is UseCommander:
        return UseCommander(r.digit(len(s.attacker_faces)))
    if kind is Reroll:
        return Reroll(r.digit(len(s.attacker_faces)))
    if kind is Occupy:
        low, high = occupy_range(s)
        return Occupy(low + r.digit(high - low + 1))
    if kind is AcceptRoll:
        return AcceptRoll()
    return EndTurn()


def write_generic(w: Writer, s: GameState, action: Action) -> None:
    """Any action: its kind's place in :data:`ACTION_TABLE` and its fields, or its text form."""
    size, count = s.board.size, len(deck_for(s.rules))
    if type(action) not in ACTION_TABLE or _spelt_out(action):
        w.digit(len(ACTION_TABLE), len(ACTION_TABLE) + 1)
        data = format_action(s.board, action).encode("utf-8")
        if len(data) > _MAX_ACTION_TEXT:
            raise Unfit("an action's text is too long")
        w.number(len(data), 5)
        for byte in data:
            w.digit(byte, 256)
        return
    w.digit(ACTION_TABLE.index(type(action)), len(ACTION_TABLE) + 1)
    match action:
        case Claim(t) | ChooseHeadquarters(t):
            w.digit(t, size)
        case Place(t, n):
            w.digit(t, size)
            w.number(n, 2)
        case Trade(cards):
            if len(cards) != 3:
                raise Unfit("a trade of more or fewer than three cards")
            for card in cards:
                w.digit(card, count)
        case Attack(source, target, n) | Blitz(source, target, n) | Fortify(source, target, n):
            w.digit(source, size)
            w.digit(target, size)
            w.number(n, 1)
        case UseCommander(n) | Reroll(n) | Occupy(n):
            w.number(n, 1)


def read_generic(r: Reader, s: GameState) -> Action:
    size, count = s.board.size, len(deck_for(s.rules))
    kind_index = r.digit(len(ACTION_TABLE) + 1)
    if kind_index == len(ACTION_TABLE):
        length = r.number(5)
        if length > _MAX_ACTION_TEXT:
            raise CorruptCode("This replay is corrupt: an action is impossibly long.")
        try:
            action = parse_action(s.board, bytes(r.digit(256) for _ in range(length)).decode("utf-8"))
        except (IllegalAction, ValueError):
            raise CorruptCode("This replay is corrupt: an action is not one this game knows.") from None
        if type(action) in ACTION_TABLE and not _spelt_out(action):
            raise CorruptCode("This replay is corrupt: an action is spelt out needlessly.")
        return action
    kind = ACTION_TABLE[kind_index]
    territory: Callable[[], int] = lambda: r.digit(size)  # noqa: E731
    readers: dict[type, Callable[[], Action]] = {
        Claim: lambda: Claim(territory()),
        ChooseHeadquarters: lambda: ChooseHeadquarters(territory()),
        Place: lambda: Place(territory(), r.number(2)),
        Trade: lambda: Trade((r.digit(count), r.digit(count), r.digit(count))),
        Attack: lambda: Attack(territory(), territory(), r.number(1)),
        Blitz: lambda: Blitz(territory(), territory(), r.number(1)),
        Fortify: lambda: Fortify(territory(), territory(), r.number(1)),
        UseCommander: lambda: UseCommander(r.number(1)),
        Reroll: lambda: Reroll(r.number(1)),
        Occupy: lambda: Occupy(r.number(1)),
        AcceptRoll: AcceptRoll,
        EndTurn: EndTurn,
    }
    return readers[kind]()


def _spelt_out(action: Action) -> bool:
    """Whether an action of a kind in :data:`ACTION_TABLE` carries what format 1's fields cannot (a trade
    with a chosen territory for the card armies, of rules revision 2): its text form is written instead."""
    return isinstance(action, Trade) and action.bonus >= 0
