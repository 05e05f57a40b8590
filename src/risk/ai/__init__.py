"""Computer players. A bot is any object with ``choose(state) -> Action`` for the seat to move.

Levels, from :func:`make_bot`:

* ``random``: any legal action (:mod:`risk.ai.random_bot`);
* ``easy`` and ``normal``: rules of thumb, careless or careful (:mod:`risk.ai.heuristic`);
* ``hard``: plans each turn by playing it out on copies of the board (:mod:`risk.ai.planner`).

An edition with rules of its own has its own players of each level (the Revised edition's in
:mod:`risk.ai.revised`, Castle Risk's in :mod:`risk.ai.castle`); :func:`make_bot` gives a bot that plays
every edition with the right one.

Bots never cheat: ``choose`` reads only :func:`risk.visibility.public_view` of the state it is given
(other hands, the deck and the dice generator are hidden), and every random choice comes from the
bot's own seeded generator, so a seeded bot replays exactly.

In the page, call :func:`think` instead of ``choose``: it yields ``None`` after each slice of work
(one sampled round of play for ``hard``: a few milliseconds in CPython, some 10-30 ms in Pyodide) and
finally the action. Run slices until about 40 ms have passed, then give the browser back control
(``setTimeout(tick, 0)``) and carry on from the same generator::

    steps = think(bot, game.state)          # the bot reads only its seat's public view
    def tick():
        deadline = now() + 40
        for step in steps:
            if step is not None:            # the action: play it, then the next player
                game.play(step); return
            if now() > deadline:            # let the page answer clicks
                set_timeout(tick, 0); return

``random``, ``easy`` and ``normal`` answer in one step (about a millisecond in CPython; the first
battles of a session also fill an odds cache, tens of milliseconds at most); ``hard`` plans once a turn,
at its first reinforcement, then plays the rest of the turn in one step per action. A game with the
commander or card re-roll rules needs exact decision tables the first time a bot settles a battle under
them; run :func:`warm_up` slices while the game starts so that cost is not paid in one block. Or run the
bots in a worker, where nothing blocks the page.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Protocol

from risk.actions import Action, EndTurn, IllegalAction, listed
from risk.engine import check, legal_actions
from risk.flow import flow_for
from risk.rules import Rules
from risk.state import GameState

LEVELS = ("random", "easy", "normal", "hard")


class Bot(Protocol):
    """Anything that picks an action for the player to move."""

    def choose(self, state: GameState) -> Action:
        """The action to play now; it must be legal."""
        ...


# Editions whose bots are not the classic ones: the edition's name and the maker of its bots, as
# "module:function" (imported on first use, so that the classic bots never load an edition's code).
EDITION_BOTS = {"revised": "risk.ai.revised:make_revised_bot", "castle": "risk.ai.castle:make_castle_bot"}


def make_bot(level: str, seed: int) -> Bot:
    """A bot of the named level (one of :data:`LEVELS`) drawing its choices from ``seed``, for any edition.

    ``random`` is one object that plays every edition; the other levels are an :class:`EditionBot`, which
    plays each game with its edition's bot of that level (the classic one unless :data:`EDITION_BOTS`
    names another), made on first use from the same seed.

    >>> from risk.rules import make_rules
    >>> make_bot("normal", 1).bot_for(make_rules("classic")).__class__.__name__
    'HeuristicBot'
    >>> make_bot("normal", 1).bot_for(make_rules("revised")).__class__.__name__
    'RevisedBot'
    """
    from risk.ai.random_bot import RandomBot

    if level == "random":
        return RandomBot(seed)
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return EditionBot(level, seed)


def classic_bot(level: str, seed: int) -> Bot:
    """The classic family's bot of a level."""
    from risk.ai.heuristic import EASY, NORMAL, HeuristicBot
    from risk.ai.planner import PlannerBot
    from risk.ai.random_bot import RandomBot

    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return HeuristicBot(seed, EASY)
    if level == "normal":
        return HeuristicBot(seed, NORMAL)
    if level == "hard":
        return PlannerBot(seed)
    raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")


class EditionBot:
    """A level's player for whatever edition the game is: it hands each decision to that edition's bot."""

    __slots__ = ("bots", "level", "seed")

    def __init__(self, level: str, seed: int) -> None:
        self.level, self.seed = level, seed
        self.bots: dict[str, Bot] = {}

    def bot_for(self, rules: Rules) -> Bot:
        """The bot that plays games under ``rules`` (made once per edition, from this bot's seed)."""
        edition = rules.edition if rules.edition in EDITION_BOTS else ""
        bot = self.bots.get(edition)
        if bot is None:
            if edition:
                module, _, name = EDITION_BOTS[edition].partition(":")
                maker = getattr(importlib.import_module(module), name)
                bot = maker(self.level, self.seed)
            else:
                bot = classic_bot(self.level, self.seed)
            self.bots[edition] = bot
        return bot

    def choose(self, state: GameState) -> Action:
        """The action for the player to move, by the edition's bot."""
        return self.bot_for(state.rules).choose(state)

    def knows(self, rules: Rules) -> bool:
        """The edition's bot knows its rules when the edition's flow says its bots do."""
        return flow_for(rules).bots_know_the_rules

    def think(self, state: GameState) -> Iterator[Action | None]:
        """:func:`think` with the edition's bot."""
        return think(self.bot_for(state.rules), state)


def warm_up(rules: Rules) -> Iterator[None]:
    """Build, one small step at a time, the odds tables bots will need under ``rules``.

    Everything is cached for the whole session, so this only moves a one-off cost (a second or two
    in the page for the expert dice rules) out of a bot's first battle.
    """
    from risk.odds import attack_odds_float, best_decision

    for attackers, defenders in ((1, 1), (2, 1), (2, 2), (3, 1), (3, 2)):
        attack_odds_float(attackers, defenders)
        yield None
    if not (rules.commanders or rules.card_reroll):
        return
    # A bot asks with the commander still to use or not, and with or without a card for the re-roll.
    flags = [(c, r) for c in {False, rules.commanders} for r in {False, rules.card_reroll} if c or r]
    for commander, reroll in sorted(flags):
        for attackers, defenders in ((1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (6, 6), (12, 12), (20, 20)):
            faces = (6, 5, 4)[:min(3, attackers)]
            best_decision(attackers, defenders, faces, (6, 6)[:min(2, defenders)], commander=commander, reroll=reroll)
            yield None


def think(bot: Bot, state: GameState) -> Iterator[Action | None]:
    """Run ``bot`` on ``state`` in slices: ``None`` after each slice, then the action (last item), made legal
    by :func:`legal_or_any`.

    Bots that think in one short step (all but ``hard``) yield the action at once.
    """
    steps = getattr(bot, "think", None)
    if steps is None:
        yield legal_or_any(state, bot.choose(state))
        return
    for step in steps(state):
        yield step if step is None else legal_or_any(state, step)


def knows_rules(bot: Bot, rules: Rules) -> bool:
    """Whether every choice ``bot`` makes under ``rules`` is legal, so that nobody needs to check it.

    A bot may say so itself (``knows(rules)``: :class:`EditionBot` and the random bot); any other bot is
    one of the classic family's own (``SimpleBot``, a level's classic bot made directly), which knows an
    edition only if the edition has no bots of its own and its flow says bots know it.
    """
    knows = getattr(bot, "knows", None)
    if knows is not None:
        return bool(knows(rules))
    return rules.edition not in EDITION_BOTS and flow_for(rules).bots_know_the_rules


def choose(bot: Bot, state: GameState) -> Action:
    """``bot.choose(state)``, made legal by :func:`legal_or_any` unless the bot knows the edition's rules."""
    action = bot.choose(state)
    return action if knows_rules(bot, state.rules) else legal_or_any(state, action)


def legal_or_any(state: GameState, action: Action) -> Action:
    """``action`` if the rules allow it; else a plain legal move: the end of the turn where it is allowed, else
    the first legal action (a bot that does not know a rule of an edition yet, such as a truce or the castle's
    two dice, still plays, and the game always goes on)."""
    try:
        check(state, action)
        return action
    except IllegalAction:
        choices = legal_actions(state)
        if not choices:
            raise ValueError("the game is over") from None
        return EndTurn() if listed(EndTurn(), choices) else choices[0].action
