"""Rules: one frozen :class:`Rules` value of orthogonal settings, editions as named presets of it,
options as named changes to it; what cannot be a setting is the edition's flow (:mod:`risk.flow`).

Adding an edition means adding a module that registers itself here and names its flow; the engine never
asks which edition it is playing (no ``if edition == ...``), it reads settings and calls the flow's hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Rules:
    """Every setting the engine reads. Defaults are the 1980 classic rulebook."""

    edition: str = "classic"
    options: tuple[str, ...] = ()
    map: str = "classic"
    # The cards (risk.deck): "classic" is one card per territory of the map plus its wild cards.
    deck: str = "classic"
    min_players: int = 3
    max_players: int = 6
    # Armies each player counts out, by number of players (people, not the neutral).
    starting_armies: tuple[tuple[int, int], ...] = ((2, 40), (3, 35), (4, 30), (5, 25), (6, 20))
    # 1980 two-player game: a third, neutral set of armies that never attacks nor reinforces.
    neutral_with_two_players: bool = True
    # Setup: deal territories and spread armies at random instead of claiming one army at a time.
    auto_setup: bool = False
    # 1963: after the first player, claims go round the table the other way...
    setup_direction: int = 1
    # ...and the first real turn goes to the seat this many places after the first claimer.
    first_turn_offset: int = 0
    # Card sets: the printed schedule, then this much more for each further set.
    set_values: tuple[int, ...] = (4, 6, 8, 10, 12, 15)
    set_value_step: int = 5
    # "Any two cards plus a wild": may those two include the other wild? (1963: no.)
    two_wilds_make_a_set: bool = True
    # Extra armies placed on an owned territory shown on a traded card, and the cap per turn
    # (0 = no cap: every such territory gets them, as in 1963).
    card_territory_bonus: int = 2
    card_territory_bonus_cap: int = 2
    # When several traded cards show your territories and only one may take the armies (the cap), you
    # choose which (1980: "you must place both those armies onto that particular territory").
    choose_card_bonus: bool = True
    # Holding this many cards at the start of a turn forces a trade.
    forced_trade_at: int = 5
    # Taking an opponent's cards brings a hand to this many: trade at once down to four or fewer.
    elimination_trade_at: int = 6
    trade_down_to: int = 4
    # That trade stops once the hand is down to ``trade_down_to`` (1980: "until you have 4 or fewer
    # cards"); the 1963 text lets the player "turn in more if their cards allow it".
    elimination_trade_stops: bool = True
    # Which printing of these rules the game follows: 1 is what the first release of this program played
    # (the card bonus on the first such card, trades after an elimination at any hand size). Codes of
    # format 1 carry revision 1; see make_rules.
    revision: int = 2
    # What an edition adds that is not a classic setting: one frozen value of its own (None for classic).
    family: object = None
    # After a capture move in at least the dice of the last battle ("dice"), or at least one ("one").
    occupy_minimum: str = "dice"
    # The free move: to an adjacent territory, or along a chain of your own territories.
    fortify_connected: bool = False
    # How many free moves a turn (0 = as many as you like).
    fortify_moves: int = 1
    # At most this many armies on one territory (0 = no cap); armies that cannot be placed are lost.
    army_cap: int = 0
    # Expert: re-roll one die per battle when holding a card of either territory.
    card_reroll: bool = False
    # Expert: once per turn change one attacking die to a six.
    commanders: bool = False
    # Shorter play: capture the opposing headquarters.
    headquarters: bool = False
    # With headquarters: 4 players need 2 opposing headquarters, 5 or 6 players need 3.
    headquarters_short: bool = False
    # Secret missions (risk.missions): each player is dealt a mission and wins at once on completing it.
    secret_missions: bool = False

    def starting_armies_for(self, players: int) -> int:
        """Armies each player counts out at the start: the rulebook's figure, on another board than the
        edition's own scaled to it (docs/rules.md, "Any board")."""
        for count, armies in self.starting_armies:
            if count == players:
                return self._scaled(armies, players)
        raise ValueError(f"the {self.edition} rules are for {self.min_players} to {self.max_players} players")

    def _scaled(self, armies: int, players: int) -> int:
        """The rulebook's figure is for the edition's own board (42 territories for the classic family): on
        a board of N territories it is ``armies * N / own`` rounded (halves up), and at least one more than
        the territories each seat claims, so that every claim can be made and one army is left to place."""
        edition = EDITIONS.get(self.edition)
        own = edition.rules.map if edition is not None else "classic"
        if self.map == own:
            return armies
        from risk.board import load_board

        size, own_size = load_board(self.map).size, load_board(own).size
        seats = players + (1 if players == 2 and self.neutral_with_two_players else 0)
        return max((2 * armies * size + own_size) // (2 * own_size), -(-size // seats) + 1)


@dataclass(frozen=True)
class Edition:
    """A named rules preset, and where its flow lives (``"module:attribute"``, loaded on first use by
    :func:`risk.flow.flow_for`, so that an edition's code sits above the core and the core never imports it)."""

    name: str
    title: str
    description: str
    rules: Rules
    flow: str = "risk.flow:Flow"
    codec: str = "risk.codec.classic"  # the module with the edition's snapshot and action coding
    # Whether its rules read nothing of a board but its data (territories, borders, continents, cards), so that
    # a game of it may be played on another board than its own (docs/rules.md, "Any board"); an edition whose
    # rules name its own board's territories or continents (objectives, castles, seas) may not.
    any_board: bool = False
    # Earlier revisions of the edition's rules that old games still follow: revision -> how to turn the
    # current rules (options applied) into that revision's.
    revisions: tuple[tuple[int, Callable[[Rules], Rules]], ...] = ()


@dataclass(frozen=True)
class Option:
    """A named change to the rules that combines with others. An option of the core's settings (``auto-setup``)
    may mean more in one edition than another: ``described`` gives an edition's own words for it."""

    name: str
    title: str
    description: str
    apply: Callable[[Rules], Rules]
    editions: tuple[str, ...]
    described: tuple[tuple[str, str], ...] = ()  # (edition, what the option does there)
    # Whether the page offers it in its new-game dialog (False: the engine, the command line and codes
    # know it, the page cannot show it yet).
    page: bool = True

    def description_for(self, edition: str) -> str:
        """What the option does in ``edition``."""
        return dict(self.described).get(edition, self.description)


EDITIONS: dict[str, Edition] = {}
OPTIONS: dict[str, Option] = {}


class UnknownRules(ValueError):
    """An edition or option name that is not registered, or one that does not fit the edition."""


def register_edition(edition: Edition) -> None:
    """Make an edition findable by name."""
    EDITIONS[edition.name] = edition


def register_option(option: Option) -> None:
    """Make an option findable by name."""
    OPTIONS[option.name] = option


def offer_option(name: str, edition: str, description: str = "") -> None:
    """Let the registered option ``name`` apply to one more edition (with the edition's own words for it, if
    given): an edition offers an option of the core's settings without touching the other editions' code."""
    option = OPTIONS[name]
    described = (*option.described, (edition, description)) if description else option.described
    OPTIONS[name] = replace(option, editions=(*option.editions, edition), described=described)


# Options of the core's settings, which any edition may offer (``offer_option``).
register_option(Option(
    "auto-setup", "Automatic setup",
    "Territories are dealt at random and starting armies spread at random, one at a time.",
    lambda r: replace(r, auto_setup=True), ()))


def make_rules(edition: str = "classic", options: Sequence[str] = (), revision: int | None = None) -> Rules:
    """The rules of an edition with options applied, in a canonical (sorted) order; an earlier
    ``revision`` gives the rules a game made by an earlier release follows (the current one by default).

    >>> make_rules("classic", ["army-cap"]).army_cap
    12
    >>> make_rules("classic", revision=1).elimination_trade_stops
    False
    """
    if edition not in EDITIONS:
        raise UnknownRules(f"unknown edition {edition!r}; known: {', '.join(sorted(EDITIONS))}")
    rules = EDITIONS[edition].rules
    names = sorted(set(options))
    for name in names:
        option = OPTIONS.get(name)
        if option is None:
            raise UnknownRules(f"unknown option {name!r}; known: {', '.join(sorted(OPTIONS))}")
        if edition not in option.editions:
            raise UnknownRules(f"option {name!r} does not apply to the {edition} edition")
        rules = option.apply(rules)
    rules = replace(rules, options=tuple(names))
    if revision is not None and revision != rules.revision:
        older = dict(EDITIONS[edition].revisions).get(revision)
        if older is None:
            raise UnknownRules(f"the {edition} rules have no revision {revision}")
        rules = older(rules)
    return rules


from risk.rules import castle as _castle  # noqa: E402  (registers Castle Risk)
from risk.rules import classic as _classic  # noqa: E402  (registers the classic family)
from risk.rules import revised as _revised  # noqa: E402  (registers the revised edition)

__all__ = [
    "EDITIONS",
    "OPTIONS",
    "Edition",
    "Option",
    "Rules",
    "UnknownRules",
    "_castle",
    "_classic",
    "_revised",
    "make_rules",
    "offer_option",
    "register_edition",
    "register_option",
]
