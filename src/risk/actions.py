"""Actions: one small frozen value per kind of move a player can make.

Actions carry territory *indices*; :func:`format_action` and :func:`parse_action` give the text form
(``"attack alaska kamchatka 3"``) used by logs, tests and the command line, and the two round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass

from risk.board import Board


class IllegalAction(ValueError):
    """An action the rules forbid now; the message names the rule, for the player to read."""


@dataclass(frozen=True, slots=True)
class Claim:
    """Setup: put one army on an unclaimed territory."""

    territory: int


@dataclass(frozen=True, slots=True)
class Place:
    """Put armies from the reserve (setup or reinforcements) on a territory.

    During the two-player setup the same action places the neutral army on a neutral territory.
    """

    territory: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class ChooseHeadquarters:
    """Headquarters game: choose one of your territories as your headquarters."""

    territory: int


@dataclass(frozen=True, slots=True)
class Trade:
    """Trade a matched set of three cards (card numbers, ascending) for armies."""

    cards: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Attack:
    """Roll once: attack ``target`` from ``source`` with ``dice`` red dice (1 to 3)."""

    source: int
    target: int
    dice: int


@dataclass(frozen=True, slots=True)
class Blitz:
    """Attack with the most dice again and again until the territory falls, the attacker is down to
    ``stop_at`` attacking armies (armies on ``source`` minus the one that stays), or the dice wait for
    a commander or re-roll decision. Every roll is recorded as its own battle."""

    source: int
    target: int
    stop_at: int = 0


@dataclass(frozen=True, slots=True)
class UseCommander:
    """Expert rule: once a turn, turn one of the attacker's dice just rolled into a six."""

    die: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """Expert rule: with a card showing either territory, re-roll one of your dice once per battle."""

    die: int


@dataclass(frozen=True, slots=True)
class AcceptRoll:
    """Accept the dice as they lie and settle the battle."""


@dataclass(frozen=True, slots=True)
class Occupy:
    """After a capture, move ``count`` armies into the captured territory."""

    count: int


@dataclass(frozen=True, slots=True)
class Fortify:
    """The free move: ``count`` armies from ``source`` to ``target`` (both yours)."""

    source: int
    target: int
    count: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop attacking and moving; draw a card if you captured a territory; pass the dice."""


Action = (
    Claim | Place | ChooseHeadquarters | Trade | Attack | Blitz | UseCommander | Reroll | AcceptRoll | Occupy
    | Fortify | EndTurn
)


def format_action(board: Board, action: Action) -> str:
    """The text form of an action.

    >>> from risk.board import load_board
    >>> format_action(load_board("classic"), Attack(0, 28, 3))
    'attack alaska kamchatka 3'
    """

    def name(index: int) -> str:
        return board.territories[index].id

    match action:
        case Claim(t):
            return f"claim {name(t)}"
        case Place(t, count):
            return f"place {name(t)} {count}"
        case ChooseHeadquarters(t):
            return f"headquarters {name(t)}"
        case Trade(cards):
            return "trade " + " ".join(str(c) for c in cards)
        case Attack(s, t, dice):
            return f"attack {name(s)} {name(t)} {dice}"
        case Blitz(s, t, stop_at):
            return f"blitz {name(s)} {name(t)} {stop_at}"
        case UseCommander(die):
            return f"commander {die}"
        case Reroll(die):
            return f"reroll {die}"
        case AcceptRoll():
            return "accept"
        case Occupy(count):
            return f"occupy {count}"
        case Fortify(s, t, count):
            return f"fortify {name(s)} {name(t)} {count}"
        case EndTurn():
            return "end"
    raise TypeError(f"not an action: {action!r}")


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
    shapes: dict[str, tuple[str, ...]] = {
        "claim": ("t",), "place": ("t", "n"), "headquarters": ("t",), "trade": ("n", "n", "n"),
        "attack": ("t", "t", "n"), "blitz": ("t", "t", "n"), "commander": ("n",), "reroll": ("n",), "accept": (),
        "occupy": ("n",), "fortify": ("t", "t", "n"), "end": (),
    }
    if verb not in shapes:
        raise IllegalAction(f"unknown action {verb!r}; expected one of {', '.join(shapes)}")
    shape = shapes[verb]
    if len(args) != len(shape):
        raise IllegalAction(f"{verb!r} takes {len(shape)} argument(s), got {len(args)}")
    values: list[int] = []
    for kind, arg in zip(shape, args):
        if kind == "t":
            values.append(board.territory_index(arg))
        else:
            try:
                values.append(int(arg))
            except ValueError:
                raise IllegalAction(f"{arg!r} is not a whole number") from None
    match verb:
        case "claim":
            return Claim(values[0])
        case "place":
            return Place(values[0], values[1])
        case "headquarters":
            return ChooseHeadquarters(values[0])
        case "trade":
            a, b, c = sorted(values)
            return Trade((a, b, c))
        case "attack":
            return Attack(values[0], values[1], values[2])
        case "blitz":
            return Blitz(values[0], values[1], values[2])
        case "commander":
            return UseCommander(values[0])
        case "reroll":
            return Reroll(values[0])
        case "accept":
            return AcceptRoll()
        case "occupy":
            return Occupy(values[0])
        case "fortify":
            return Fortify(values[0], values[1], values[2])
    return EndTurn()
