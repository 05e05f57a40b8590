"""Rules in a code: the edition (an index in :data:`EDITION_TABLE`), the options (a bit mask over
:data:`OPTION_TABLE`) and the number of players. Both tables are only ever appended to. The rules'
revision is not written here: the code's format byte carries it (:func:`risk.codec.frame.format_byte`)."""

from __future__ import annotations

from risk.codec.errors import CannotEncode, CorruptCode, UnknownVersion
from risk.codec.rans import Reader, Writer
from risk.rules import Rules, UnknownRules, make_rules

EDITION_TABLE = ("classic", "classic-1963", "revised", "castle")
OPTION_TABLE = (
    "auto-setup", "headquarters", "headquarters-short", "expert-card-values", "expert-fortify", "army-cap",
    "card-reroll", "commanders", "basic-training", "world-conquest",
)


def write_rules(w: Writer, rules: Rules, people: int) -> None:
    if rules.edition not in EDITION_TABLE or any(o not in OPTION_TABLE for o in rules.options):
        raise CannotEncode(f"the {rules.edition} rules with options {rules.options} have no code yet")
    edition = EDITION_TABLE.index(rules.edition)
    mask = sum(1 << OPTION_TABLE.index(o) for o in set(rules.options))
    try:
        same = rules_for(edition, mask, rules.revision) == rules
    except UnknownRules:
        same = False
    if not same:
        raise CannotEncode("only the rules of an edition with its options can travel in a code")
    w.number(edition, 1)
    w.number(mask, 8)
    w.digit(people - 1, 8)


def read_rules(r: Reader, revision: int) -> tuple[Rules, int]:
    """The rules (of the ``revision`` the code's format carries) and the number of players."""
    edition = r.number(1)
    mask = r.number(8)
    people = r.digit(8) + 1
    if edition >= len(EDITION_TABLE) or mask >> len(OPTION_TABLE):
        raise UnknownVersion("This link uses rules made by a newer version of the game: reload the page to update it.")
    try:
        rules = rules_for(edition, mask, revision)
    except UnknownRules:
        raise CorruptCode("This link is corrupt: its options do not go with its edition.") from None
    if not rules.min_players <= people <= rules.max_players:
        raise CorruptCode(f"This link is corrupt: the {rules.edition} rules are not for {people} players.")
    return rules, people


def rules_for(edition: int, mask: int, revision: int) -> Rules:
    """The rules of an edition, option set and revision, made once (they are frozen values)."""
    key = (edition, mask, revision)
    rules = _RULES.get(key)
    if rules is None:
        options = [name for i, name in enumerate(OPTION_TABLE) if mask >> i & 1]
        rules = _RULES[key] = make_rules(EDITION_TABLE[edition], options, revision)
    return rules


_RULES: dict[tuple[int, int, int], Rules] = {}
