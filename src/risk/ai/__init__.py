"""Computer players. A bot is any object with ``choose(state) -> Action`` for the seat to move.

Levels, from :func:`make_bot`:

* ``random``: any legal action (:mod:`risk.ai.random_bot`);
* ``easy`` and ``normal``: rules of thumb, careless or careful (:mod:`risk.ai.heuristic`);
* ``hard``: plans each turn by playing it out on copies of the board (:mod:`risk.ai.planner`).

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


def make_bot(level: str, seed: int) -> Bot:
    """A bot of the named level (one of :data:`LEVELS`) drawing its choices from ``seed``.

    >>> make_bot("normal", 1).__class__.__name__
    'HeuristicBot'
    """
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


def choose(bot: Bot, state: GameState) -> Action:
    """``bot.choose(state)``, made legal by :func:`legal_or_any` unless the bots know the edition's rules."""
    action = bot.choose(state)
    return action if flow_for(state.rules).bots_know_the_rules else legal_or_any(state, action)


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
