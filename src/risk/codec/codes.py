"""Game, state, replay and share codes: the public encoders and decoders.

A game code is the rules, the seats, a snapshot of the present and the seed (as the number of draws since
it); a replay code is the rules, the seats, the seed (or the first state), and every action in blocks of
256; a share code is a game code, then ``.`` and a replay code.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Sequence

from risk.actions import IllegalAction
from risk.codec.errors import BaseMismatch, CannotEncode, CodecError, CorruptCode, Unfit
from risk.codec.frame import (
    CONTINUATION,
    GAME,
    REPLAY,
    STATE,
    code_kind,
    format_byte,
    guard,
    int_bytes,
    int_reader,
    open_bytes,
    open_code,
    seal,
    seal_bytes,
    split_blocks,
    varint,
)
from risk.codec.rans import Reader, Writer
from risk.codec.rules import read_rules, write_rules
from risk.codec.seats import fit_name, read_seats, write_seats
from risk.codec.tables import COMPACT, PLAIN, tables_for
from risk.engine import apply, new_game
from risk.game import Game, Seat, Step
from risk.rng import GOLDEN_GAMMA, MASK64
from risk.rules import Rules
from risk.state import GameState

MAX_LINK_CHARS = 4096  # a game or state code; real ones are a few hundred characters at most
MAX_REPLAY_CHARS = 2_000_000
MAX_REPLAY_ACTIONS = 200_000
SHARE_SEPARATOR = "."  # between the game code and the replay code of a share code (not in base64url)
MAX_SHARED_HISTORY_CHARS = 30_000  # a longer history stays out of links (a save file carries it)
_ACTIONS_PER_BLOCK = 256  # replay actions per separately coded block (keeps decoding linear in length)


_GAMMA_INVERSE = pow(GOLDEN_GAMMA, -1, 1 << 64)


def _format(kind: int, rules: Rules) -> int:
    try:
        return format_byte(kind, rules.revision)
    except ValueError:
        raise CannotEncode(f"no code carries rules of revision {rules.revision}") from None


def encode_game(game: Game) -> str:
    """The share-link code of ``game``'s present moment (the part of the address after ``#``).

    The code carries the rules, the seats (names cut by :func:`fit_name`), the seed and a snapshot of
    ``game.state``; it is checked by decoding it before it is returned, so a code this function
    returns always loads. Raises :class:`CannotEncode` for rules that are not an edition with options.
    """
    state = game.state
    if state.rules != game.rules or len(game.seats) != state.people:
        raise CannotEncode("the seats or rules of this game do not fit its state")
    seats = tuple(Seat(fit_name(s.name), s.colour, s.controller) for s in game.seats)

    def same(code: str) -> bool:
        back = decode_game(code)
        return back.state == state and back.seats == seats and back.seed == game.seed & MASK64

    return _encode_checked(_format(GAME, game.rules), lambda w, layout: _write_game(w, game, seats, layout), same)


def _write_game(w: Writer, game: Game, seats: Sequence[Seat], layout: int) -> None:
    state = game.state
    write_rules(w, game.rules, state.people)
    write_seats(w, seats)
    tables_for(state.rules).write_state(w, state, layout)
    # The seed, as the number of draws since it: the generator only ever adds GOLDEN_GAMMA.
    w.number(((state.rng - game.seed - GOLDEN_GAMMA) * _GAMMA_INVERSE) & MASK64, 10)


def decode_game(code: str) -> Game:
    """The game a code made by :func:`encode_game` describes: its ``initial`` state is the snapshot and
    its history is empty. Raises a :class:`CodecError` subclass, with a message for the player."""
    r, revision = open_code(code, MAX_LINK_CHARS, GAME)
    with guard("game link"):
        rules, people = read_rules(r, revision)
        seats = read_seats(r, people)
        state = tables_for(rules).read_state(r, rules, people)
        draws = r.number(10)
        if draws > MASK64:
            raise CorruptCode("This link is corrupt: its seed is out of range.")
        r.finish()
    seed = (state.rng - (draws + 1) * GOLDEN_GAMMA) & MASK64
    return Game(rules, seats, seed, state, state.copy())


def encode_state(state: GameState) -> str:
    """A code for a bare game state (rules and snapshot, no seats or seed), for bots and tests."""

    def write(w: Writer, layout: int) -> None:
        write_rules(w, state.rules, state.people)
        tables_for(state.rules).write_state(w, state, layout)

    return _encode_checked(_format(STATE, state.rules), write, lambda code: decode_state(code) == state)


def decode_state(code: str) -> GameState:
    """The state a code made by :func:`encode_state` describes."""
    r, revision = open_code(code, MAX_LINK_CHARS, STATE)
    with guard("position code"):
        rules, people = read_rules(r, revision)
        state = tables_for(rules).read_state(r, rules, people)
        r.finish()
    return state


def _encode_checked(fmt: int, write: Callable[[Writer, int], None], same: Callable[[str], bool]) -> str:
    """Write the compact layout, or the plain one if the compact one cannot hold the state; return the
    first code that decodes back to the same thing."""
    problem = ""  # why the layout that came nearest failed: a refusal of the decoder says most
    for layout in (COMPACT, PLAIN):
        w = Writer()
        try:
            write(w, layout)
        except CannotEncode:
            raise
        except (Unfit, LookupError, ValueError, TypeError, ArithmeticError) as exc:
            problem = problem or str(exc) or type(exc).__name__  # ("this edition has one layout" hid the reason)
            continue
        code = seal(fmt, w)
        try:
            if same(code):
                return code
            problem = "it does not decode to the same game"
        except CodecError as exc:
            problem = _CORRUPT_PREFIX.sub("", str(exc)).rstrip(".")
    raise CannotEncode(f"this game cannot be put in a code: {problem or 'the state breaks the rules'}")


_CORRUPT_PREFIX = re.compile(r"^This [a-z ]+ is corrupt: ")


def code_layout(code: str) -> str:
    """``"compact"`` or ``"plain"``: which snapshot layout a game link uses (for tests and benchmarks)."""
    r, revision = open_code(code, MAX_LINK_CHARS, GAME)
    with guard("game link"):
        _, people = read_rules(r, revision)
        read_seats(r, people)
        return "plain" if r.digit(2) == PLAIN else "compact"


# ---------------------------------------------------------------------------------------------
# Replay codes: the seed and every action.


def encode_replay(game: Game, *, check: bool = True) -> str:
    """A code for the whole game: rules, seats, seed, the first state if it is not the seed's (a game
    resumed from a link), and every action, each written against the state it was played in (a few
    bits: which of your territories, which neighbour, how many dice). Decoding replays it through the
    checked engine, so the result is the game itself, history and all. With ``check`` (the default) the
    code is decoded and compared before it is returned (a few tenths of a second for a long game)."""
    code = ReplayCoder(game).code()
    if check:
        try:
            back = decode_replay(code)
        except CodecError as exc:
            raise CannotEncode(f"this game cannot be put in a replay code: {exc}") from None
        if back.history != game.history or back.state != game.state or back.initial != game.initial:
            raise CannotEncode("this game cannot be put in a replay code: it does not replay the same")
    return code


class ReplayCoder:
    """The replay code of one game as its record grows (the same text as :func:`encode_replay`'s,
    unchecked). Actions are coded in blocks of 256, each on its own: the coder keeps the blocks that are
    full and writes again only the header (which counts the actions) and the last block, so a page can
    put the whole game in its address after every action. A record changed before the kept blocks end
    (an undo across a block) starts it over."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._from_seed = game.starts_at_seed()  # the first state never changes: ask once, not per action
        self._start()

    def _start(self) -> None:
        self._blocks: list[bytes] = []  # full blocks of actions, each as its length and bytes
        self._state = self.game.initial.copy()  # the state after them
        self._last_step: object = None  # the last step they cover, to notice a changed record

    def code(self) -> str:
        """The replay code of the game's record now; :class:`CannotEncode` if the format cannot hold it."""
        game = self.game
        history = game.history
        seats = tuple(Seat(fit_name(s.name), s.colour, s.controller) for s in game.seats)
        initial = game.initial
        if initial.rules != game.rules or len(seats) != initial.people:
            raise CannotEncode("the seats or rules of this game do not fit its state")
        done = len(self._blocks) * _ACTIONS_PER_BLOCK
        if done > len(history) or (done and history[done - 1] is not self._last_step):
            self._start()
            done = 0
        try:
            header = Writer()
            write_rules(header, game.rules, len(seats))
            write_seats(header, seats)
            header.signed(game.seed, 16)
            header.bit(not self._from_seed)
            if not self._from_seed:
                tables = tables_for(initial.rules)
                tables.write_state(header, initial, COMPACT if tables.compact_holds(initial) else PLAIN)
            header.number(len(history), 12)
            while len(history) - done >= _ACTIONS_PER_BLOCK:  # blocks filled since: write and keep them
                self._blocks.append(self._block(history[done:done + _ACTIONS_PER_BLOCK], self._state))
                done += _ACTIONS_PER_BLOCK
                self._last_step = history[done - 1]
            tail = [self._block(history[done:], self._state.copy())] if len(history) > done else []
        except (Unfit, LookupError, ValueError, TypeError, ArithmeticError) as exc:
            self._start()  # a block may have been half written: nothing kept is to be trusted
            raise CannotEncode(f"this game cannot be put in a replay code: {exc}") from None
        data = int_bytes(header.value())
        return seal_bytes(_format(REPLAY, game.rules), b"".join([varint(len(data)) + data, *self._blocks, *tail]))

    @staticmethod
    def _block(steps: Sequence[Step], state: GameState) -> bytes:
        """The actions of ``steps`` coded from ``state``, which they move on (a length, then the bytes)."""
        w = Writer()
        for step in steps:
            tables_for(state.rules).write_action(w, state, step.action)
            apply(state, step.action)
        data = int_bytes(w.value())
        return varint(len(data)) + data


def decode_replay(code: str, limit: int = MAX_REPLAY_CHARS) -> Game:
    """The game a code made by :func:`encode_replay` describes, replayed action by action."""
    payload, revision = open_bytes(code, limit, REPLAY)
    blocks = split_blocks(payload)
    with guard("replay"):
        r = int_reader(blocks[0], "replay")
        rules, people = read_rules(r, revision)
        seats = read_seats(r, people)
        seed = r.signed(16)
        if r.bit():
            initial = tables_for(rules).read_state(r, rules, people)
            if initial == new_game(rules, people, seed):
                raise CorruptCode("This replay is corrupt: it is not written in its usual form.")
            game = Game(rules, seats, seed, initial, initial.copy())
        else:
            game = Game.start(rules, seats, seed)
        actions = r.number(12)
        if actions > MAX_REPLAY_ACTIONS:
            raise CorruptCode("This replay is corrupt: it is longer than any game.")
        _play_blocks(game, r, blocks, actions, "replay")
    return game


def _play_blocks(game: Game, r: Reader, blocks: Sequence[bytes], actions: int, what: str) -> None:
    """Read ``actions`` actions from the blocks after the header (``r`` reads the header's end) and play each
    through the checked engine; a :class:`CorruptCode` for moves cut short, padded, or against the rules."""
    if len(blocks) != 1 + -(-actions // _ACTIONS_PER_BLOCK):
        raise CorruptCode(f"This {what} is corrupt: its moves are cut short or padded.")
    for number in range(actions):
        if number % _ACTIONS_PER_BLOCK == 0:
            r.finish()
            r = int_reader(blocks[1 + number // _ACTIONS_PER_BLOCK], what)
        if game.state.over:
            raise CorruptCode(f"This {what} is corrupt: it goes on after the game was won.")
        action = tables_for(game.rules).read_action(r, game.state)
        try:
            game.play(action)
        except IllegalAction:
            raise CorruptCode(f"This {what} is corrupt: its move {number + 1} breaks the rules.") from None
    r.finish()


# ---------------------------------------------------------------------------------------------
# Share codes: the present, then the whole game.


def encode_share(game: Game, *, history_limit: int | None = None, since: int = 0) -> str:
    """The code "Send this turn" puts in a link: :func:`encode_game`'s code, then, if its history is at
    most ``history_limit`` characters (default :data:`MAX_SHARED_HISTORY_CHARS`), :data:`SHARE_SEPARATOR`
    and the history (checked): with ``since`` (a number of actions), only the moves after that moment, as a
    continuation (:func:`encode_continuation`: the receiver holds the game up to it); else the whole replay
    code. Use ``SHARE_SEPARATOR in code`` to know whether the history went in."""
    present = encode_game(game)
    if history_limit is None:
        history_limit = MAX_SHARED_HISTORY_CHARS
    if history_limit <= 0 or not game.history or since >= len(game.history):
        return present
    past = encode_continuation(game, since) if since > 0 else encode_replay(game)
    return present if len(past) > history_limit else present + SHARE_SEPARATOR + past


def share_present(code: str) -> str:
    """The game-code part of a share code (the whole code if it carries no history)."""
    return code.partition(SHARE_SEPARATOR)[0]


def decode_share(code: str, base: Callable[[Game], Game | None] | None = None) -> tuple[Game, str]:
    """The game of a share code, with its history when the code carries a good one, and ``""`` or one
    sentence for the player saying why the history was left behind (the game itself still loads).

    The game code decides the present; the history must replay to exactly that moment, same seats and
    seed, or it is dropped. If only the game code is damaged, a whole history still gives the game. A
    continuation needs the game it carries on: ``base`` is asked for the one this browser holds (given the
    present, it returns a game of the same rules, seats and seed, or None).
    Raises a :class:`CodecError` subclass when neither part gives a game.
    """
    present, separator, past = code.partition(SHARE_SEPARATOR)
    if not separator:
        return decode_game(present), ""
    try:
        game: Game | None = decode_game(present)
        problem: CodecError | None = None
    except CodecError as error:
        game, problem = None, error
    try:
        if code_kind(past, MAX_REPLAY_CHARS) == CONTINUATION:
            held = base(game) if base is not None and game is not None else None
            if held is None:
                if game is None:
                    raise problem or CorruptCode("This link is corrupt.")
                return game, ("This link carries only the moves since you last had the game, and this browser "
                              "does not hold it, so the game goes on from here (the replay starts now).")
            try:
                whole = decode_continuation(past, held)
            except BaseMismatch as mismatch:
                assert game is not None
                return game, f"{mismatch} The game goes on from here (the replay starts now)."
        else:
            whole = decode_replay(past)
    except CodecError as error:
        if problem is not None:
            raise problem from None
        assert game is not None
        return game, ("This link's history is damaged, so the game goes on from here without it "
                      f"(the replay starts now). {error}")
    if game is None:
        return whole, ""
    if whole.state != game.state or whole.seats != game.seats or whole.seed & MASK64 != game.seed:
        return game, ("This link's history does not lead to its game, so the game goes on from here "
                      "without it (the replay starts now).")
    return whole, ""


def encode_continuation(game: Game, since: int, *, check: bool = True) -> str:
    """A code for the moves of ``game`` after its first ``since`` actions, for a receiver who holds the game up
    to that moment: the rules, seats and seed (to find it), ``since``, a checksum of the state at that moment
    (to be sure it is the same), then the moves, coded as a replay code's are, from that state."""
    history = game.history
    if not 0 < since <= len(history):
        raise CannotEncode(f"a continuation starts inside the record, not after action {since}")
    seats = tuple(Seat(fit_name(s.name), s.colour, s.controller) for s in game.seats)
    base = game.state_at(since)
    try:
        header = Writer()
        write_rules(header, game.rules, len(seats))
        write_seats(header, seats)
        header.signed(game.seed, 16)
        header.number(since, 12)
        header.digit(state_check(base), 1 << 32)
        header.number(len(history) - since, 12)
        blocks = [ReplayCoder._block(history[i:i + _ACTIONS_PER_BLOCK], base)
                  for i in range(since, len(history), _ACTIONS_PER_BLOCK)]
    except (Unfit, LookupError, ValueError, TypeError, ArithmeticError) as exc:
        raise CannotEncode(f"this game cannot be put in a continuation: {exc}") from None
    data = int_bytes(header.value())
    code = seal_bytes(_format(CONTINUATION, game.rules), b"".join([varint(len(data)) + data, *blocks]))
    if check:
        try:
            back = decode_continuation(code, game)
        except CodecError as exc:
            raise CannotEncode(f"this game cannot be put in a continuation: {exc}") from None
        if back.history != game.history or back.state != game.state:
            raise CannotEncode("this game cannot be put in a continuation: it does not replay the same")
    return code


def decode_continuation(code: str, base: Game, limit: int = MAX_REPLAY_CHARS) -> Game:
    """The game ``base`` carried on by a continuation: its first actions, up to the moment the code names
    (which must be ``base``'s own, checked), then the code's moves, played through the checked engine."""
    payload, revision = open_bytes(code, limit, CONTINUATION)
    blocks = split_blocks(payload)
    with guard("continuation"):
        r = int_reader(blocks[0], "continuation")
        rules, people = read_rules(r, revision)
        seats = read_seats(r, people)
        seed = r.signed(16)
        since = r.number(12)
        check = r.digit(1 << 32)
        actions = r.number(12)
        if since + actions > MAX_REPLAY_ACTIONS:
            raise CorruptCode("This link is corrupt: it is longer than any game.")
        if (rules != base.rules or seats != tuple(Seat(fit_name(s.name), s.colour, s.controller)
                                                  for s in base.seats) or seed & MASK64 != base.seed & MASK64):
            raise BaseMismatch("This link carries on another game than the one this browser holds.")
        start = base.state_at(since) if since <= len(base.history) else None
        if start is None or state_check(start) != check:
            raise BaseMismatch("This link carries on a moment of the game that this browser does not hold.")
        game = Game(base.rules, base.seats, base.seed, base.initial, start, list(base.history[:since]))
        _play_blocks(game, r, blocks, actions, "link")
    return game


def state_check(state: GameState) -> int:
    """A 32-bit checksum of a state (of its snapshot as a code writes it), to recognise a moment."""
    tables = tables_for(state.rules)
    w = Writer()
    tables.write_state(w, state, COMPACT if tables.compact_holds(state) else PLAIN)
    return zlib.crc32(int_bytes(w.value()))


def replay_length(code: str) -> int:
    """How many actions a replay code holds, read from its header alone (no replaying); a
    :class:`CodecError` subclass if it is not a replay code."""
    payload, revision = open_bytes(code, MAX_REPLAY_CHARS, REPLAY)
    blocks = split_blocks(payload)
    with guard("replay"):
        r = int_reader(blocks[0], "replay")
        rules, people = read_rules(r, revision)
        read_seats(r, people)
        r.signed(16)
        if r.bit():
            tables_for(rules).read_state(r, rules, people)
        return r.number(12)
