"""Rules in a code: the edition (an index in :data:`EDITION_TABLE`), the options (a bit mask over
:data:`OPTION_TABLE`) and the number of players. Both tables are only ever appended to. The rules'
revision is not written here: the code's format byte carries it (:func:`risk.codec.frame.format_byte`).

A game on another board than its edition's writes its edition number plus :data:`BOARD_EDITION` and, after
the players, the board's reference (issue 24): a generated world by generator version, seed (32 bits), size
and continents (about 8 characters more than the same game on the edition's board); an imported board by its
content hash (64 bits) and its name (so that a receiver without it is told which map to import); a shipped
board by its index in :data:`BOARD_TABLE`. Codes made before carry no board and decode as they always did.
An older version of the game reads such an edition number as a newer version's, and says so."""

from __future__ import annotations

from dataclasses import replace

from risk.board import GENERATED, IMPORTED, MissingBoard, load_board
from risk.codec.errors import BoardNotHeld, CannotEncode, CorruptCode, UnknownVersion
from risk.codec.rans import Reader, Writer
from risk.rules import Rules, UnknownRules, make_rules

EDITION_TABLE = ("classic", "classic-1963", "revised", "castle")
OPTION_TABLE = (
    "auto-setup", "headquarters", "headquarters-short", "expert-card-values", "expert-fortify", "army-cap",
    "card-reroll", "commanders", "basic-training", "world-conquest", "secret-missions",
)
BOARD_TABLE = ("classic", "castle")  # the shipped boards, only ever appended to
BOARD_EDITION = 32  # an edition number this much larger: the game is on another board, named after the players
WORLD_SIZES = ("small", "medium", "large")  # a generated world's size, by index
FIRST_CONTINENTS, CONTINENT_CHOICES = 3, 6  # a generated world has 3 to 8 continents
MAX_BOARD_NAME_BYTES = 320  # a board's name is at most 80 characters


def write_rules(w: Writer, rules: Rules, people: int) -> None:
    if rules.edition not in EDITION_TABLE or any(o not in OPTION_TABLE for o in rules.options):
        raise CannotEncode(f"the {rules.edition} rules with options {rules.options} have no code yet")
    edition = EDITION_TABLE.index(rules.edition)
    mask = sum(1 << OPTION_TABLE.index(o) for o in set(rules.options))
    try:
        base = rules_for(edition, mask, rules.revision)
    except UnknownRules:
        base = None
    if base is None or replace(base, map=rules.map) != rules:
        raise CannotEncode("only the rules of an edition with its options can travel in a code")
    elsewhere = rules.map != base.map
    w.number(edition + (BOARD_EDITION if elsewhere else 0), 1)
    w.number(mask, 8)
    w.digit(people - 1, 8)
    if elsewhere:
        write_board(w, rules.map)


def read_rules(r: Reader, revision: int) -> tuple[Rules, int]:
    """The rules (of the ``revision`` the code's format carries) and the number of players."""
    edition = r.number(1)
    elsewhere = edition >= BOARD_EDITION
    edition -= BOARD_EDITION if elsewhere else 0
    mask = r.number(8)
    people = r.digit(8) + 1
    if edition >= len(EDITION_TABLE) or mask >> len(OPTION_TABLE):
        raise UnknownVersion("This link uses rules made by a newer version of the game: reload the page to update it.")
    try:
        rules = rules_for(edition, mask, revision)
    except UnknownRules:
        raise CorruptCode("This link is corrupt: its options do not go with its edition.") from None
    if elsewhere:
        ref = read_board(r)
        if ref == rules.map:
            raise CorruptCode("This link is corrupt: it names its edition's own board as another.")
        rules = replace(rules, map=ref)
    if not rules.min_players <= people <= rules.max_players:
        raise CorruptCode(f"This link is corrupt: the {rules.edition} rules are not for {people} players.")
    return rules, people


def write_board(w: Writer, ref: str) -> None:
    """A board's reference: 0 a generated world, 1 an imported board (hash and name), 2 a shipped board."""
    if ref.startswith(GENERATED):
        from risk.worldgen.generator import parse_reference

        version, seed, size, continents = parse_reference(ref)
        w.digit(0, 3)
        w.number(version - 1, 0)
        w.digit(seed, 1 << 32)
        w.digit(WORLD_SIZES.index(size), len(WORLD_SIZES))
        w.digit(continents - FIRST_CONTINENTS, CONTINENT_CHOICES)
    elif ref.startswith(IMPORTED):
        digest = ref[len(IMPORTED):]
        name = load_board(ref).name.encode("utf-8")
        if len(digest) != 16 or len(name) > MAX_BOARD_NAME_BYTES:
            raise CannotEncode(f"the board {ref} cannot travel in a code")
        w.digit(1, 3)
        w.digit(int(digest, 16), 1 << 64)
        w.digit(len(name), MAX_BOARD_NAME_BYTES + 1)
        for byte in name:
            w.digit(byte, 256)
    elif ref in BOARD_TABLE:
        w.digit(2, 3)
        w.number(BOARD_TABLE.index(ref), 0)
    else:
        raise CannotEncode(f"the board {ref!r} has no code")


def read_board(r: Reader) -> str:
    """The reference :func:`write_board` wrote; an imported board this program does not hold raises
    :class:`~risk.codec.errors.BoardNotHeld` with its reference and name."""
    kind = r.digit(3)
    if kind == 0:
        from risk.worldgen.generator import VERSIONS

        version = r.number(0) + 1
        seed = r.digit(1 << 32)
        size = WORLD_SIZES[r.digit(len(WORLD_SIZES))]
        continents = r.digit(CONTINENT_CHOICES) + FIRST_CONTINENTS
        if version not in VERSIONS:
            raise UnknownVersion("This link is to a world made by a newer version of the game: reload the page to "
                                 "update it.")
        return f"{GENERATED}{version}:{seed}:{size}:{continents}"
    if kind == 1:
        ref = f"{IMPORTED}{r.digit(1 << 64):016x}"
        length = r.digit(MAX_BOARD_NAME_BYTES + 1)
        raw = bytes(r.digit(256) for _ in range(length))
        try:
            name = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CorruptCode("This link is corrupt: its map's name is not text.") from None
        try:
            board = load_board(ref)
        except MissingBoard:
            raise BoardNotHeld(ref, name) from None
        if board.name != name:
            raise CorruptCode("This link is corrupt: its map's name is not the name of the map it names.")
        return ref
    index = r.number(0)
    if index >= len(BOARD_TABLE):
        raise UnknownVersion("This link is to a board of a newer version of the game: reload the page to update it.")
    return BOARD_TABLE[index]


def rules_for(edition: int, mask: int, revision: int) -> Rules:
    """The rules of an edition, option set and revision, made once (they are frozen values)."""
    key = (edition, mask, revision)
    rules = _RULES.get(key)
    if rules is None:
        options = [name for i, name in enumerate(OPTION_TABLE) if mask >> i & 1]
        rules = _RULES[key] = make_rules(EDITION_TABLE[edition], options, revision)
    return rules


_RULES: dict[tuple[int, int, int], Rules] = {}
