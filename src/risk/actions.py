"""Actions: one small frozen value per kind of move a player can make, and their text form.

Actions carry territory *indices*. Every kind registers itself with :func:`action_kind`: its verb and the
shape of its arguments, which give the text form (``"attack alaska kamchatka 3"``) used by logs, saves,
tests and the command line; :func:`format_action` and :func:`parse_action` round-trip. An edition adds
its own kinds the same way, without touching this module.

A kind may name one field as its *amount* (how many armies, where to stop): :func:`risk.engine.legal_actions`
lists such an action once, as a :class:`Choice` with the whole range of amounts, so the list does not
grow with the size of a stack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, TypeVar

from risk.board import Board


class IllegalAction(ValueError):
    """An action the rules forbid now; the message names the rule, for the player to read."""


# Argument shapes of the text form: a territory id; a whole number; a territory id or nothing (the
# field's default, -1); exactly three card numbers; any number of card numbers (in the order written, so
# that the text form of any action reads back as that very action).
TERRITORY, NUMBER, OPTIONAL_TERRITORY, THREE_CARDS, CARDS = "t", "n", "t?", "c3", "c*"


@dataclass(frozen=True)
class ActionKind:
    """How one kind of action is written: its verb, one shape per field, and its amount field."""

    verb: str
    cls: type
    shape: tuple[str, ...]
    amount: str = ""  # the field listed as a range by legal_actions ("" for none)


class Action:
    """The base of every action kind (each a frozen dataclass registered with :func:`action_kind`)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Any]]


KINDS: dict[type, ActionKind] = {}
VERBS: dict[str, ActionKind] = {}

T = TypeVar("T", bound=type[Action])


def action_kind(verb: str, *shape: str, amount: str = "") -> Callable[[T], T]:
    """Class decorator: register an action kind and its text form (``verb`` then one word per field)."""

    def register(cls: T) -> T:
        names = [f.name for f in fields(cls)]
        if len(names) != len(shape):
            raise TypeError(f"{cls.__name__} has {len(names)} fields but a text shape of {len(shape)}")
        if amount and amount not in names:
            raise TypeError(f"{cls.__name__} has no field {amount!r}")
        known = VERBS.get(verb)
        if known is not None and known.cls is not cls:
            raise ValueError(f"the verb {verb!r} already belongs to {known.cls.__name__}")
        kind = ActionKind(verb, cls, tuple(shape), amount)
        KINDS[cls] = VERBS[verb] = kind
        return cls

    return register


@action_kind("claim", TERRITORY)
@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Setup: put one army on an unclaimed territory."""

    territory: int


@action_kind("place", TERRITORY, NUMBER, amount="count")
@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put armies from the reserve (setup or reinforcements) on a territory.

    During the two-player setup the same action places the neutral army on a neutral territory.
    """

    territory: int
    count: int = 1


@action_kind("headquarters", TERRITORY)
@dataclass(frozen=True, slots=True)
class ChooseHeadquarters(Action):
    """Headquarters game: choose one of your territories as your headquarters."""

    territory: int


@action_kind("trade", THREE_CARDS, OPTIONAL_TERRITORY)
@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Trade a matched set of three cards (card numbers, ascending) for armies.

    ``bonus`` is the territory that takes the armies for a traded card showing one of your territories,
    when you may choose among several; -1 leaves it to the rules (the first such card, as older games did).
    """

    cards: tuple[int, int, int]
    bonus: int = -1


@action_kind("attack", TERRITORY, TERRITORY, NUMBER)
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Roll once: attack ``target`` from ``source`` with ``dice`` red dice (1 to 3)."""

    source: int
    target: int
    dice: int


@action_kind("blitz", TERRITORY, TERRITORY, NUMBER, amount="stop_at")
@dataclass(frozen=True, slots=True)
class Blitz(Action):
    """Attack with the most dice again and again until the territory falls, the attacker is down to
    ``stop_at`` attacking armies (armies on ``source`` minus the one that stays), or the dice wait for
    a commander or re-roll decision. Every roll is recorded as its own battle."""

    source: int
    target: int
    stop_at: int = 0


@action_kind("commander", NUMBER)
@dataclass(frozen=True, slots=True)
class UseCommander(Action):
    """Expert rule: once a turn, turn one of the attacker's dice just rolled into a six."""

    die: int


@action_kind("reroll", NUMBER)
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Expert rule: with a card showing either territory, re-roll one of your dice once per battle."""

    die: int


@action_kind("accept")
@dataclass(frozen=True, slots=True)
class AcceptRoll(Action):
    """Accept the dice as they lie and settle the battle."""


@action_kind("occupy", NUMBER, amount="count")
@dataclass(frozen=True, slots=True)
class Occupy(Action):
    """After a capture, move ``count`` armies into the captured territory."""

    count: int


@action_kind("fortify", TERRITORY, TERRITORY, NUMBER, amount="count")
@dataclass(frozen=True, slots=True)
class Fortify(Action):
    """The free move: ``count`` armies from ``source`` to ``target`` (both yours)."""

    source: int
    target: int
    count: int


@action_kind("end")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Stop attacking and moving; draw a card if you captured a territory; pass the dice."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of the legal actions: an action, or a family of them that differ only in their amount.

    ``action`` carries the lowest amount; ``high`` is the highest (equal to it, or -1 for a kind without
    an amount). ``Place(alaska, 1)`` to ``Place(alaska, 30)`` is one choice, however large the reserve.
    """

    action: Action
    high: int = -1

    @property
    def amounts(self) -> range:
        """The amounts allowed (empty for a kind without one)."""
        kind = KINDS[type(self.action)]
        if not kind.amount:
            return range(0)
        return range(getattr(self.action, kind.amount), self.high + 1)

    def with_amount(self, amount: int) -> Action:
        """The action with this amount (which must be in :attr:`amounts`)."""
        if amount not in self.amounts:
            raise ValueError(f"{amount} is not between {self.amounts.start} and {self.high}")
        return replace(self.action, **{KINDS[type(self.action)].amount: amount})

    def __contains__(self, action: object) -> bool:
        if type(action) is not type(self.action):
            return False
        kind = KINDS[type(action)]
        if not kind.amount:
            return action == self.action
        amount = getattr(action, kind.amount)
        return amount in self.amounts and replace(action, **{kind.amount: self.amounts.start}) == self.action

    def __iter__(self) -> Iterator[Action]:
        kind = KINDS[type(self.action)]
        if not kind.amount:
            yield self.action
            return
        for amount in self.amounts:
            yield replace(self.action, **{kind.amount: amount})

    def __len__(self) -> int:
        return len(self.amounts) if KINDS[type(self.action)].amount else 1


def choice(action: Action, high: int | None = None) -> Choice:
    """A :class:`Choice` of one action, or of its amounts up to ``high``."""
    return Choice(action, -1 if high is None else high)


def listed(action: Action, choices: Sequence[Choice]) -> bool:
    """Whether ``action`` is one of the actions ``choices`` list."""
    return any(action in c for c in choices)


def every_action(choices: Sequence[Choice]) -> list[Action]:
    """Every action ``choices`` list, each amount apart (only for small positions: it grows with stacks)."""
    return [action for c in choices for action in c]


def format_action(board: Board, action: Action) -> str:
    """The text form of an action.

    >>> from risk.board import load_board
    >>> format_action(load_board("classic"), Attack(0, 29, 3))
    'attack alaska kamchatka 3'
    """
    kind = KINDS.get(type(action))
    if kind is None:
        raise TypeError(f"not an action: {action!r}")
    words = [kind.verb]
    for f, shape in zip(fields(kind.cls), kind.shape):
        value = getattr(action, f.name)
        if shape == TERRITORY:
            words.append(board.territories[value].id)
        elif shape == OPTIONAL_TERRITORY:
            if value >= 0:
                words.append(board.territories[value].id)
        elif shape in (THREE_CARDS, CARDS):
            words.extend(str(c) for c in value)
        else:
            words.append(str(value))
    return " ".join(words)


def parse_action(board: Board, text: str) -> Action:
    """Read the text form back; raises :class:`IllegalAction` for text that is not an action.

    >>> from risk.board import load_board
    >>> parse_action(load_board("classic"), "fortify alaska alberta 2")
    Fortify(source=0, target=3, count=2)
    """
    words = text.split()
    if not words:
        raise IllegalAction("an empty action")
    verb, args = words[0].lower(), words[1:]
    kind = VERBS.get(verb)
    if kind is None:
        raise IllegalAction(f"unknown action {verb!r}; expected one of {', '.join(VERBS)}")
    values: list[object] = []
    for shape in kind.shape:
        if shape == TERRITORY:
            values.append(board.territory_index(_take(args, verb)))
        elif shape == NUMBER:
            values.append(_number(_take(args, verb)))
        elif shape == OPTIONAL_TERRITORY:
            values.append(board.territory_index(args.pop(0)) if args else -1)
        elif shape == THREE_CARDS:
            values.append(tuple(_number(_take(args, verb)) for _ in range(3)))
        else:
            values.append(tuple(_number(word) for word in args))
            args = []
    if args:
        raise IllegalAction(f"{verb!r} takes {len(kind.shape)} argument(s), got more")
    result: Action = kind.cls(*values)
    return result


def _take(args: list[str], verb: str) -> str:
    if not args:
        raise IllegalAction(f"{verb!r} is missing an argument")
    return args.pop(0)


def _number(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise IllegalAction(f"{word!r} is not a whole number") from None


__all__ = [
    "CARDS",
    "KINDS",
    "NUMBER",
    "OPTIONAL_TERRITORY",
    "TERRITORY",
    "THREE_CARDS",
    "VERBS",
    "AcceptRoll",
    "Action",
    "ActionKind",
    "Attack",
    "Blitz",
    "Choice",
    "ChooseHeadquarters",
    "Claim",
    "EndTurn",
    "Fortify",
    "IllegalAction",
    "Occupy",
    "Place",
    "Reroll",
    "Trade",
    "UseCommander",
    "action_kind",
    "choice",
    "every_action",
    "format_action",
    "listed",
    "parse_action",
]
