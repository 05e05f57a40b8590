"""A two-player Castle Risk game planned to its end, for the page's whole-game tests.

Random players take hundreds of turns to capture a castle, so the whole-game tests play a game whose every
action is chosen here: the hero (seat 0) claims an ocean coast first and stacks every army it gets there,
hides its army on a territory of its own, and waits, ending its turns, until it holds an Admiral and a Spy
and the Reinforcement track has a space filled (by anyone); then, in one turn, it brings out its hidden army,
spies on the other player's hand and makes it discard a card, and sails from its stack to the other's
castle, placed on a coast, which falls: the game is won. The other player never attacks, stacks its armies
away from its castle, turns its standing orders off (so its Spy never blocks) and plays the Reinforcements
it holds. The dice are the game's own: the final sea attack is made only in a turn where it wins (tried on
a copy of the state first). Nobody plays an Admiral or a Spy before that, so once the deck runs out a hero
dealt no Admiral or no Spy waits for ever: about one seed in a hundred (65 and 179 of the first 200).
:func:`plan` then raises :class:`NoWinningPlan`, and a test on the page's own random seed starts another game.

:func:`plan` returns the game as :class:`Segment` runs: the dull parts as action texts (a test sends them
through a debug hook), and the three moments that matter as single actions that a test plays through the
page's own buttons (``reveal``, ``spy`` with its ``discard``, ``sail``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from risk.actions import Action, Claim, EndTurn, Place, format_action
from risk.deck import deck_for
from risk.engine import legal_actions, play
from risk.game import Game
from risk.rules.castle import ADMIRAL, BLOCK_SPY, REINFORCEMENT, SPY
from risk.rules.castle.actions import (
    ChooseHiddenArmy,
    PlaceCastle,
    PlayReinforcement,
    PlaySpy,
    RevealHiddenArmy,
    SeaAttack,
    SpyDiscard,
    StandingOrders,
)
from risk.rules.castle.flow import CASTLE, HIDING, SPOILS
from risk.rules.castle.state import CastleState
from risk.state import GameState, Phase

HERO, OTHER = 0, 1


class NoWinningPlan(AssertionError):
    """The hero found no winning turn in the game's first turns (it never held an Admiral and a Spy)."""


@dataclass
class Segment:
    """A run of actions: ``kind`` "hook" (``texts`` sent at once), or "reveal", "spy", "sail" (one move
    through the page's buttons; ``actions`` holds it, and a Spy's discard after it)."""

    kind: str
    texts: list[str] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)


def _ext(state: GameState) -> CastleState:
    extra = state.ext
    assert isinstance(extra, CastleState)
    return extra


def _first_of(state: GameState, seat: int, kind: int) -> int:
    kinds = deck_for(state.rules).kinds
    return next((c for c in sorted(state.hands[seat]) if kinds[c] == kind), -1)


def _place_all(state: GameState, territory: int) -> Place:
    """Place the whole batch or reserve the step allows on ``territory``."""
    for chosen in legal_actions(state):
        if isinstance(chosen.action, Place) and chosen.action.territory == territory:
            return Place(territory, chosen.high)
    raise AssertionError(f"no placement on territory {territory}")


class Planner:
    """Plays the game on a copy (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = Game(game.rules, game.seats, game.seed, game.initial, game.state.copy(), list(game.history))
        board = game.state.board
        self.board = board
        self.segments: list[Segment] = []
        self.source = -1  # the hero's coast, where its armies stack
        self.site = -1  # the hero's hidden army's site
        self.stack = -1  # where the other player stacks its armies
        self.revealed = self.spied = False

    @property
    def state(self) -> GameState:
        return self.game.state

    def do(self, action: Action) -> None:
        """A dull move, sent with others through the hook."""
        if not self.segments or self.segments[-1].kind != "hook":
            self.segments.append(Segment("hook"))
        self.segments[-1].texts.append(format_action(self.board, action))
        self.game.play(action)

    def ui(self, kind: str, *actions: Action) -> None:
        """A move made through the page's buttons."""
        self.segments.append(Segment(kind, actions=list(actions)))
        for action in actions:
            self.game.play(action)

    # -- the setup ------------------------------------------------------------------------------

    def castle(self) -> None:
        state, seat = self.state, self.state.current
        empire = state.board.continents[_ext(state).empires[seat]]
        empty = [t for t in empire.territories if state.owner[t] < 0]
        if seat == OTHER:  # on a coast of the ocean: the hero's Admiral will reach it
            empty.sort(key=lambda t: "ocean" not in state.board.territories[t].seas)
        self.do(PlaceCastle(empty[0]))

    def claim(self) -> None:
        state, seat = self.state, self.state.current
        board = state.board
        empty = [t for t in range(board.size) if state.owner[t] < 0]
        if seat == HERO and self.source < 0:
            coasts = [t for t in empty if "ocean" in board.territories[t].seas]
            self.source = coasts[0]
            self.do(Claim(self.source))
            return
        if seat == HERO and self.site < 0:
            self.site = next(t for t in empty if t != self.source)
            self.do(Claim(self.site))
            return
        self.do(Claim(empty[0]))

    def mine(self, seat: int) -> int:
        """Where a seat puts its armies."""
        if seat == HERO:
            return self.source
        if self.stack < 0 or self.state.owner[self.stack] != OTHER:
            castles = set(_ext(self.state).castles)
            self.stack = next(t for t, o in enumerate(self.state.owner) if o == OTHER and t not in castles)
        return self.stack

    # -- the turns ------------------------------------------------------------------------------

    def other_turn(self) -> None:
        state, extra = self.state, _ext(self.state)
        if extra.orders[OTHER]:
            self.do(StandingOrders(0))
        card = _first_of(state, OTHER, REINFORCEMENT)
        if card >= 0 and not extra.attacked and extra.track == 0:
            self.do(PlayReinforcement(card))
            return
        self.do(EndTurn())

    def hero_turn(self) -> None:
        state, extra = self.state, _ext(self.state)
        if not extra.attacked and extra.track == 0 and _first_of(state, HERO, REINFORCEMENT) >= 0:
            self.do(PlayReinforcement(_first_of(state, HERO, REINFORCEMENT)))
            return
        spy, admiral = _first_of(state, HERO, SPY), _first_of(state, HERO, ADMIRAL)
        target = extra.castles[OTHER]
        ready = (extra.track > 0 and spy >= 0 and admiral >= 0 and state.hands[OTHER]
                 and not (extra.orders[OTHER] & BLOCK_SPY and _first_of(state, OTHER, SPY) >= 0))
        if ready and not self.revealed:
            sail = SeaAttack(admiral, self.source, target, state.armies[self.source] - 1)
            after_reveal = play(state, RevealHiddenArmy(self.site))[0]
            after_spy = play(play(after_reveal, PlaySpy(spy, OTHER))[0], SpyDiscard(min(state.hands[OTHER])))[0]
            won = play(after_spy, SeaAttack(admiral, self.source, target, after_spy.armies[self.source] - 1))[0]
            if won.over and won.winner == HERO:
                self.ui("reveal", RevealHiddenArmy(self.site))
                self.revealed = True
                self.ui("spy", PlaySpy(spy, OTHER), SpyDiscard(min(state.hands[OTHER])))
                self.spied = True
                sail = SeaAttack(admiral, self.source, target, self.state.armies[self.source] - 1)
                self.ui("sail", sail)
                return
        self.do(EndTurn())

    def step(self) -> None:
        state = self.state
        phase, seat = state.phase, state.current
        if phase is CASTLE:
            self.castle()
        elif phase is Phase.CLAIM:
            self.claim()
        elif phase is HIDING:
            self.do(ChooseHiddenArmy(self.site if seat == HERO else self.mine(OTHER)))
        elif phase in (Phase.SETUP, Phase.REINFORCE, SPOILS):
            self.do(_place_all(state, self.mine(seat)))
        elif phase is Phase.ATTACK:
            (self.hero_turn if seat == HERO else self.other_turn)()
        else:
            raise AssertionError(f"the plan has no move in phase {phase.name}")


def plan(game: Game, turns: int = 200) -> list[Segment]:
    """The rest of ``game`` (two players, at its start) as runs of moves that end in the hero's win."""
    assert game.state.players == 2 and not game.history, "the plan starts a two-player game from its first move"
    planner = Planner(game)
    while not planner.state.over:
        if planner.state.turn > turns:
            raise NoWinningPlan(f"the hero found no winning turn in {turns} turns (seed {game.seed})")
        planner.step()
    assert planner.state.winner == HERO and planner.revealed and planner.spied
    return planner.segments


def final_state(game: Game, segments: list[Segment]) -> GameState:
    """The state the plan ends in, replayed from ``game`` (to compare with the page's)."""
    from risk.actions import parse_action

    state = game.state.copy()
    for segment in segments:
        moves = [parse_action(state.board, t) for t in segment.texts] + segment.actions
        for action in moves:
            state = play(state, action)[0]
    return state
