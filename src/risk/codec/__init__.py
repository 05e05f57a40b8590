"""Share links and save codes: a whole game in a short URL-safe text, and back.

There is no server: a game lives in the page's address (``#<code>``, replaced after every action) and in
local storage, so these codes are the only copy of a game there is. Three kinds of code:

* a **game code** (:func:`encode_game`): rules, seats, the seed and a snapshot of the present; the decoded
  game starts from that snapshot with an empty history and goes on exactly as the original would
  (the generator state travels, so the future dice are the same);
* a **state code** (:func:`encode_state`): rules and the bare snapshot, for bots and tests;
* a **replay code** (:func:`encode_replay`): rules, seats, seed (or first state) and every action, for
  the log and save files; decoding replays the whole game through the checked engine;
* a **share code** (:func:`encode_share`), what "Send this turn" sends and the page's address holds
  after ``#``: the game code, then ``.`` and the replay code, so that whoever opens it can replay the
  game from its start (:class:`ReplayCoder` keeps the replay code up as a game grows). The game code
  comes first and stands alone: a share code cut short or damaged in its history still opens the game
  (:func:`decode_share` says why the history was left behind), and a game code is a share code.

Frame (the same for every kind and every future version): ``base64url(format byte + payload +
CRC-32)`` without padding. The format byte names kind and version (1 game, 2 state, 3 replay; a
larger one is a newer version). The CRC, salted so that other programs' data does not pass, catches
a mistyped or cut-off link.

Payload: one integer built by a range coder (rANS on Python's big integers; replays in blocks of
256 actions). Every field is a digit of a known radix or a symbol of a frequency table, so it costs
about the information it carries, a decoder can only read values inside each field's range, and
decoding is a bijection: a payload that passes the checks re-encodes to the very same code. A game
code holds, in order:

=================  ===============================================================================
rules              edition (index in EDITION_TABLE), options (bit mask over OPTION_TABLE), players
                   (and, for a game on another board than its edition's, the board's reference)
seats              per player: name (UTF-8, at most 24 bytes, length then bytes under a letter
                   model), colour (as a difference from the seat number), controller (table or text)
state              layout (compact or plain); phase, player to move, first player; turn; who is
                   still in; owners (mostly "same as an earlier neighbour", learnt per board);
                   last battle (source, which neighbour, dice) and dice waiting for a decision;
                   armies (learnt frequencies); reserves, setup quotas, sets traded, turn flags,
                   winner, headquarters, as far as the phase allows them; hand sizes, discard size;
                   every card as one permutation (Lehmer code; traded sets as combinations);
                   the 64-bit generator state
seed               draws since the seed (the generator only adds a constant, so seed = state - ...)
=================  ===============================================================================

The compact layout leaves out whatever the rules make certain (no armies while claiming, one reserve
while reinforcing...); the plain layout writes every field as it is, for any state the compact one
cannot hold, so that a game is never lost to an unexpected state. Tables and frequencies below are
part of format 1 and must never change; new editions, options and controllers are appended.

Every decoding problem raises a subclass of :class:`CodecError` (a ``ValueError``) whose message is
one sentence a player can read.

>>> from risk.game import Game, Seat
>>> from risk.rules import make_rules
>>> game = Game.start(make_rules("classic"), [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)], seed=7)
>>> code = encode_game(game)
>>> decode_game(code).state == game.state
True
>>> decode_game(code[:-3])
Traceback (most recent call last):
    ...
risk.codec.errors.ChecksumMismatch: This game link is damaged: part of it is missing or mistyped.
"""

from __future__ import annotations

from risk.codec.classic import ACTION_TABLE, PHASE_TABLE
from risk.codec.codes import (
    MAX_LINK_CHARS,
    MAX_REPLAY_ACTIONS,
    MAX_REPLAY_CHARS,
    MAX_SHARED_HISTORY_CHARS,
    SHARE_SEPARATOR,
    ReplayCoder,
    code_layout,
    decode_continuation,
    decode_game,
    decode_replay,
    decode_share,
    decode_state,
    encode_continuation,
    encode_game,
    encode_replay,
    encode_share,
    encode_state,
    replay_length,
    share_present,
)
from risk.codec.errors import (
    BaseMismatch,
    BoardNotHeld,
    CannotEncode,
    ChecksumMismatch,
    CodecError,
    CorruptCode,
    ForeignCode,
    TruncatedCode,
    UnknownVersion,
)
from risk.codec.frame import FORMAT_GAME_V1, FORMAT_REPLAY_V1, FORMAT_STATE_V1, NEWEST_FORMAT
from risk.codec.rules import BOARD_TABLE, EDITION_TABLE, OPTION_TABLE
from risk.codec.seats import (
    CONTROLLER_TABLE,
    MAX_NAME_BYTES,
    clean_name,
    fit_name,
    graphemes,
    name_problem,
    name_shows,
)

__all__ = [
    "ACTION_TABLE",
    "BOARD_TABLE",
    "CONTROLLER_TABLE",
    "EDITION_TABLE",
    "FORMAT_GAME_V1",
    "FORMAT_REPLAY_V1",
    "FORMAT_STATE_V1",
    "MAX_LINK_CHARS",
    "MAX_NAME_BYTES",
    "MAX_REPLAY_ACTIONS",
    "MAX_REPLAY_CHARS",
    "MAX_SHARED_HISTORY_CHARS",
    "NEWEST_FORMAT",
    "OPTION_TABLE",
    "PHASE_TABLE",
    "SHARE_SEPARATOR",
    "BaseMismatch",
    "BoardNotHeld",
    "CannotEncode",
    "ChecksumMismatch",
    "CodecError",
    "CorruptCode",
    "ForeignCode",
    "ReplayCoder",
    "TruncatedCode",
    "UnknownVersion",
    "clean_name",
    "code_layout",
    "decode_continuation",
    "decode_game",
    "decode_replay",
    "decode_share",
    "decode_state",
    "encode_continuation",
    "encode_game",
    "encode_replay",
    "encode_share",
    "encode_state",
    "fit_name",
    "graphemes",
    "name_problem",
    "name_shows",
    "replay_length",
    "share_present",
]
