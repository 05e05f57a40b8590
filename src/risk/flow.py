"""The turn of the game as a set of hooks: the classic flow, and the seam every other edition plugs into.

:class:`Flow` is the 1980 rulebook's game (its settings read from :class:`~risk.rules.Rules`): setup,
reinforcements and card sets, battles, the move-in, the free move, the end of the turn. Every step is a
method, and every kind of action is handled by an entry of :meth:`Flow.handlers` (the phases it is legal
in, its check and its effect). An edition subclasses :class:`Flow`, overrides the steps that differ and
adds its own kinds of action; :func:`flow_for` finds the flow of a rules value by its edition (the
edition names its flow as ``"module:attribute"``, loaded on first use, so that the edition's package sits
above the core and nothing in the core imports it).

The engine's entry points (:mod:`risk.engine`) only dispatch here. All chance comes from the generator
held in ``state.rng``; the events each action returns record every roll and draw.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from risk import dice, missions, rng
from risk.actions import (
    AcceptRoll,
    Action,
    Attack,
    Blitz,
    Choice,
    ChooseHeadquarters,
    Claim,
    EndTurn,
    Fortify,
    IllegalAction,
    Occupy,
    Place,
    Reroll,
    Trade,
    UseCommander,
    choice,
)
from risk.board import WILD, Board, Continent, load_board
from risk.deck import deck_for
from risk.events import (
    ArmiesLost,
    BattleFought,
    Captured,
    CardDrawn,
    CardsTraded,
    Claimed,
    CommanderUsed,
    DeckReshuffled,
    DiceRolled,
    DieRerolled,
    Eliminated,
    Event,
    Fortified,
    GameWon,
    HeadquartersChosen,
    HeadquartersRevealed,
    MissionCompleted,
    MissionsDealt,
    MovedIn,
    Placed,
    SetupDealt,
    SetupDone,
    TurnStarted,
)
from risk.rules import EDITIONS, Rules
from risk.state import NO_DICE, GameState, Phase

Events = list[Event]
# The phases the commonest steps set, as module globals (found faster than a class's attributes).
_ATTACK, _OCCUPY, _REINFORCE = Phase.ATTACK, Phase.OCCUPY, Phase.REINFORCE


class Unrecorded(list[Event]):
    """An events list that keeps nothing, for runs of the game nobody reads the record of (self-play, a bot's
    playouts): appending to it does nothing, and the steps taken most often (each battle of a blitz, a capture,
    a move-in, a turn's start, placement, trade, free move and card drawn) see it (:data:`UNRECORDED`) and do
    not build their events at all. The state changes exactly as with a list."""

    __slots__ = ()

    def append(self, event: Event) -> None:
        """Keep nothing."""

    def extend(self, events: Iterable[Event]) -> None:
        """Keep nothing."""


UNRECORDED = Unrecorded()


@dataclass(frozen=True)
class Handler:
    """How a flow treats one kind of action: the phases it is legal in, its check and its effect."""

    phases: tuple[Phase, ...]
    check: Callable[[GameState, Action], None]
    apply: Callable[[GameState, Action, Events], None]


class Flow:
    """The classic game. Subclass it for an edition; see the module docstring."""

    cards_per_trade = 3  # the fewest cards a trade takes (a set of three)
    # Whether every bot level knows these rules well enough never to choose an illegal action (tested for
    # the classic family); otherwise :func:`risk.ai.choose` checks each choice first.
    bots_know_the_rules = True

    def __init__(self) -> None:
        self.handlers: dict[type, Handler] = self.action_handlers()
        # Each kind's effect, looked up once per action on the hot path of self-play (apply).
        self.effects: dict[type, Callable[[GameState, Action, Events], None]] = {
            kind: handler.apply for kind, handler in self.handlers.items()}
        self.listers: dict[Phase, Callable[[GameState], list[Choice]]] = self.phase_listers()

    # -----------------------------------------------------------------------------------------
    # The entry points the engine calls

    def start(self, rules: Rules, people: int, seed: int) -> tuple[GameState, Events]:
        """A new game and what happened before its first action (the deal, the first turn)."""
        if not rules.min_players <= people <= rules.max_players:
            raise ValueError(f"the {rules.edition} rules are for {rules.min_players} to {rules.max_players} players")
        state = self.blank_state(rules, people)
        state.rng = rng.seed_state(seed)
        events: Events = []
        if rules.secret_missions:
            missions.deal(state)
            events.append(MissionsDealt())
        self.setup(state, events)
        if rules.secret_missions and not state.phase.setup:
            self.settle_missions(state, events)  # an automatic setup went straight to the first turn
        return state, events

    def blank_state(self, rules: Rules, people: int) -> GameState:
        """A state with the table laid out and nothing dealt (the codec fills one in when decoding)."""
        board = load_board(rules.map)
        size = board.size
        neutral = people if people == 2 and rules.neutral_with_two_players else -1
        players = people + (neutral >= 0)
        return GameState(
            rules=rules, board=board, players=players, people=people, neutral=neutral,
            owner=[-1] * size, armies=[0] * size, hands=[[] for _ in range(players)],
            deck=list(range(len(deck_for(rules)))), discard=[], set_aside=[],
            reserve=[rules.starting_armies_for(people)] * players, alive=[True] * players,
            headquarters=[-1] * players,
        )

    def legal_actions(self, state: GameState) -> list[Choice]:
        """Every action the player to move may take now (amounts as ranges); empty only at the end."""
        lister = self.listers.get(state.phase)
        return lister(state) if lister is not None else []

    def check(self, state: GameState, action: Action) -> None:
        """Raise :class:`IllegalAction` naming the rule if ``action`` is not allowed now."""
        if state.phase is Phase.OVER:
            raise IllegalAction("the game is over")
        handler = self.handlers.get(type(action))
        if handler is None:
            raise IllegalAction(f"not an action of this game: {action!r}")
        if state.phase not in handler.phases:
            raise IllegalAction(self.wrong_phase_message(state, action))
        handler.check(state, action)

    def apply(self, state: GameState, action: Action, *, record: bool = True) -> Events:
        """Perform ``action`` in place without checking it; what happened (nothing, without ``record``: the
        events are not built, as a bot's playouts need none)."""
        effect = self.effects.get(type(action))
        if effect is None:
            raise TypeError(f"not an action: {action!r}")
        if not record:
            effect(state, action, UNRECORDED)
            if state.rules.secret_missions:
                self.settle_missions(state, UNRECORDED)
            return []
        events: Events = []
        effect(state, action, events)
        if state.rules.secret_missions:
            self.settle_missions(state, events)
        return events

    def settle_missions(self, state: GameState, events: Events) -> None:
        """Secret missions: after every action, a player whose mission is complete wins at once (docs/rules.md,
        "Secret missions"). Not while the game is being set up, nor while dice wait for a decision or armies to
        move into a territory just captured: the capture is complete once they are in."""
        phase = state.phase
        if phase is Phase.OVER or phase.setup or phase is _OCCUPY or phase is Phase.BATTLE:
            return
        winner = missions.mission_winner(state)
        if winner >= 0:
            state.phase = Phase.OVER
            state.winner = winner
            state.reserve = [0] * state.players
            state.moves_made = 0
            events.append(MissionCompleted(winner, state.missions[winner]))
            events.append(GameWon(winner))

    def action_handlers(self) -> dict[type, Handler]:
        """Each kind of action this flow knows, with its phases, check and effect."""
        setup = (Phase.SETUP, Phase.REINFORCE)
        moving = (Phase.ATTACK, Phase.FORTIFY)
        return {
            Claim: Handler((Phase.CLAIM,), self.check_claim, self.apply_claim),
            Place: Handler(setup, self.check_place, self.apply_place),
            ChooseHeadquarters: Handler((Phase.HEADQUARTERS,), self.check_headquarters, self.apply_headquarters),
            Trade: Handler((Phase.REINFORCE,), self.check_trade, self.apply_trade),
            Attack: Handler((Phase.ATTACK,), self.check_attack, self.apply_attack),
            Blitz: Handler((Phase.ATTACK,), self.check_blitz, self.apply_blitz),
            AcceptRoll: Handler((Phase.BATTLE,), _no_check, self.apply_accept),
            UseCommander: Handler((Phase.BATTLE,), self.check_commander, self.apply_commander),
            Reroll: Handler((Phase.BATTLE,), self.check_reroll, self.apply_reroll),
            Occupy: Handler((Phase.OCCUPY,), self.check_occupy, self.apply_occupy),
            Fortify: Handler(moving, self.check_fortify, self.apply_fortify),
            EndTurn: Handler(moving, _no_check, self.apply_end_turn),
        }

    def phase_listers(self) -> dict[Phase, Callable[[GameState], list[Choice]]]:
        """Per phase, the function listing its legal actions."""
        return {
            Phase.CLAIM: self.list_claims,
            Phase.SETUP: self.list_setup,
            Phase.HEADQUARTERS: self.list_headquarters,
            Phase.REINFORCE: self.list_reinforce,
            Phase.ATTACK: self.list_moves,
            Phase.FORTIFY: self.list_moves,
            Phase.OCCUPY: self.list_occupy,
            Phase.BATTLE: self.list_battle,
        }

    # -----------------------------------------------------------------------------------------
    # Setup

    def setup(self, state: GameState, events: Events) -> None:
        """Draw the first player, deal or lay out the territories, and begin as the rules say."""
        rules = state.rules
        size = state.board.size
        state.rng, first = rng.below(state.rng, state.people)
        state.first_player = state.current = first
        if state.neutral >= 0:
            # 1980 two players: deal the territory cards into three piles, one each and one neutral.
            cards = list(range(size))
            state.rng = rng.shuffle(state.rng, cards)
            for i, territory in enumerate(cards):
                self.claim(state, territory, i % 3)
            events.append(SetupDealt(tuple(state.owner)))
        elif rules.auto_setup:
            cards = list(range(size))
            state.rng = rng.shuffle(state.rng, cards)
            order = self.setup_order(state)
            for i, territory in enumerate(cards):
                self.claim(state, territory, order[i % len(order)])
            events.append(SetupDealt(tuple(state.owner)))
        if rules.auto_setup:
            self.spread_armies_at_random(state, events)
            self.finish_setup(state, events)
        elif state.neutral >= 0:
            state.phase = Phase.SETUP
            self.start_setup_turn(state, first, events)
        else:
            state.phase = Phase.CLAIM

    @staticmethod
    def claim(state: GameState, territory: int, seat: int) -> None:
        """Put a seat's first army on a territory."""
        state.owner[territory] = seat
        state.armies[territory] = 1
        state.reserve[seat] -= 1

    def setup_order(self, state: GameState) -> list[int]:
        """Seats in the order they claim and place, starting with the first player."""
        order = [state.first_player]
        seat = state.first_player
        for _ in range(state.people - 1):
            seat = step(state, seat, state.rules.setup_direction, alive_only=False)
            order.append(seat)
        return order

    def spread_armies_at_random(self, state: GameState, events: Events) -> None:
        """Automatic setup: in setup order, each seat puts one army at a time on a random territory of its own."""
        seats = self.setup_order(state) + ([state.neutral] if state.neutral >= 0 else [])
        owned = {seat: state.territories_of(seat) for seat in seats}
        while any(state.reserve[s] > 0 for s in seats):
            for seat in seats:
                if state.reserve[seat] <= 0:
                    continue
                room = [t for t in owned[seat] if cap_room(state, t) > 0]
                if not room:
                    events.append(ArmiesLost(seat, state.reserve[seat]))
                    state.reserve[seat] = 0
                    continue
                state.rng, pick = rng.below(state.rng, len(room))
                state.armies[room[pick]] += 1
                state.reserve[seat] -= 1

    def setup_batch(self, state: GameState) -> int:
        """Own armies placed per setup turn after the claims (two beside a neutral one with two players)."""
        return 2 if state.neutral >= 0 else 1

    def start_setup_turn(self, state: GameState, seat: int, events: Events) -> None:
        """A setup turn: one army (or, with the neutral, two of your own and one neutral)."""
        state.current = seat
        rules = state.rules
        state.quota_own = min(self.setup_batch(state), state.reserve[seat])
        state.quota_neutral = 1 if state.neutral >= 0 and state.reserve[state.neutral] > 0 else 0
        # Under the army cap a side that has no room left loses what it cannot place.
        if rules.army_cap:
            for side, quota_name in ((seat, "quota_own"), (state.neutral, "quota_neutral")):
                if side >= 0 and getattr(state, quota_name) and not any(
                    cap_room(state, t) > 0 for t in state.territories_of(side)
                ):
                    events.append(ArmiesLost(side, state.reserve[side]))
                    state.reserve[side] = 0
                    setattr(state, quota_name, 0)

    def advance_setup(self, state: GameState, events: Events) -> None:
        """After a setup placement: the same player goes on, or the next one, or setup ends."""
        if state.quota_own or state.quota_neutral:
            return
        seat = state.current
        for _ in range(state.people):
            seat = step(state, seat, state.rules.setup_direction, alive_only=False)
            if state.reserve[seat] > 0 or (state.neutral >= 0 and state.reserve[state.neutral] > 0):
                self.start_setup_turn(state, seat, events)
                if state.quota_own or state.quota_neutral:
                    return
        self.finish_setup(state, events)

    def finish_setup(self, state: GameState, events: Events) -> None:
        """Shuffle the whole deck (the wild cards back in) and go on to headquarters or the first turn."""
        state.reserve = [0] * state.players
        state.quota_own = state.quota_neutral = 0
        state.deck = list(range(len(deck_for(state.rules))))
        state.rng = rng.shuffle(state.rng, state.deck)
        events.append(SetupDone())
        self.start_play(state, events)

    def start_play(self, state: GameState, events: Events) -> None:
        """Every starting army is placed and the deck shuffled: what comes before the first turn (classic:
        the headquarters, if in play), then the first turn."""
        if state.rules.headquarters:
            state.phase = Phase.HEADQUARTERS
            state.current = state.first_player
        else:
            self.begin_turn(state, self.first_turn_seat(state), events)

    def first_turn_seat(self, state: GameState) -> int:
        """Who plays the first turn."""
        seat = state.first_player
        for _ in range(state.rules.first_turn_offset):
            seat = step(state, seat, 1)
        return seat

    def check_claim(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Claim)
        name = territory_name(state, action.territory, "the claimed territory")
        if state.owner[action.territory] >= 0:
            raise IllegalAction(f"{name} is already claimed: claim an empty territory")

    def apply_claim(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Claim)
        seat = state.current
        if events is not UNRECORDED:
            events.append(Claimed(seat, action.territory))
        self.claim(state, action.territory, seat)
        if -1 in state.owner:
            state.current = step(state, seat, state.rules.setup_direction, alive_only=False)
        else:
            state.phase = Phase.SETUP
            state.quota_own = state.quota_neutral = 0
            self.advance_setup(state, events)

    def check_headquarters(self, state: GameState, action: Action) -> None:
        assert isinstance(action, ChooseHeadquarters)
        name = territory_name(state, action.territory, "the headquarters")
        if state.owner[action.territory] != state.current:
            raise IllegalAction(f"{name} is not yours: your headquarters must be one of your territories")

    def apply_headquarters(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, ChooseHeadquarters)
        seat = state.current
        events.append(HeadquartersChosen(seat, action.territory))
        state.headquarters[seat] = action.territory
        if -1 in state.headquarters_of_people():
            state.current = step(state, seat, state.rules.setup_direction, alive_only=False)
        else:
            for hq in state.headquarters_of_people():
                state.deck.remove(hq)
                state.set_aside.append(hq)
            events.append(HeadquartersRevealed(tuple(state.headquarters)))
            self.begin_turn(state, self.first_turn_seat(state), events)

    def list_claims(self, state: GameState) -> list[Choice]:
        return [choice(Claim(t)) for t, who in enumerate(state.owner) if who < 0]

    def list_setup(self, state: GameState) -> list[Choice]:
        choices = []
        seat = state.current
        for territory, who in enumerate(state.owner):
            if who == seat and state.quota_own:
                high = min(state.quota_own, cap_room(state, territory))
                if high >= 1:
                    choices.append(choice(Place(territory, 1), high))
            elif who == state.neutral and who >= 0 and state.quota_neutral and cap_room(state, territory) > 0:
                choices.append(choice(Place(territory, 1), 1))
        return choices

    def list_headquarters(self, state: GameState) -> list[Choice]:
        return [choice(ChooseHeadquarters(t)) for t, who in enumerate(state.owner) if who == state.current]

    # -----------------------------------------------------------------------------------------
    # Turns and reinforcements

    def begin_turn(self, state: GameState, seat: int, events: Events) -> None:
        """A seat's turn begins: its income, then the reinforcement step."""
        state.current = seat
        state.turn += 1
        state.captured = False
        state.card_bonus_taken = 0
        state.commander_used = False
        state.moves_made = 0
        state.just_eliminated = False
        income = self.reinforcements(state, seat)
        state.reserve[seat] = income
        state.phase = Phase.REINFORCE
        if events is not UNRECORDED:
            events.append(TurnStarted(seat, state.turn, income))
        self.settle_reinforce(state, events)

    def counted_groups(self, board: Board) -> tuple[Continent, ...]:
        """The groups of territories the statistics count as held whole (every continent; an edition may
        leave some out)."""
        return board.continents

    def turn_income(self, state: GameState, player: int) -> int:
        """The armies a player's holdings bring each turn, for the statistics (the classic turn's
        reinforcements; an edition that pays at another moment says so)."""
        return self.reinforcements(state, player)

    def reinforcements(self, state: GameState, player: int) -> int:
        """Armies a player receives at the start of a turn, before cards: territories / 3 (at least 3)
        plus continents."""
        owner = state.owner
        armies = max(3, owner.count(player) // 3)
        for continent in state.board.continents:
            for t in continent.territories:
                if owner[t] != player:
                    break
            else:
                armies += continent.bonus
        return armies

    def must_trade(self, state: GameState) -> bool:
        """Whether the player to move holds so many cards that only a trade is allowed now."""
        return state.phase is _REINFORCE and len(state.hands[state.current]) >= state.rules.forced_trade_at

    def settle_reinforce(self, state: GameState, events: Events) -> None:
        """Leave the reinforcement step once nothing is left to place and no trade is forced."""
        seat = state.current
        if self.must_trade(state):
            return
        if state.reserve[seat] > 0 and state.rules.army_cap and not any(
            cap_room(state, t) > 0 for t in state.territories_of(seat)
        ):
            events.append(ArmiesLost(seat, state.reserve[seat]))
            state.reserve[seat] = 0
        if state.reserve[seat] == 0:
            state.phase = Phase.ATTACK

    def add_armies(self, state: GameState, territory: int, count: int, events: Events) -> None:
        """Put armies on a territory; under the cap, what does not fit is lost."""
        room = cap_room(state, territory)
        if count > room:
            events.append(ArmiesLost(state.current, count - room))
            count = room
        state.armies[territory] += count

    def check_place(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Place)
        t, count = action.territory, action.count
        seat, owner = state.current, state.owner
        name = territory_name(state, t, "the territory")
        if count < 1:
            raise IllegalAction("place at least one army")
        if state.phase is Phase.REINFORCE:
            if self.must_trade(state):
                raise IllegalAction(
                    f"with {len(state.hands[seat])} cards you must trade a set before placing armies")
            if owner[t] != seat:
                raise IllegalAction(f"{name} is not yours: place armies on your own territories")
            if count > state.reserve[seat]:
                raise IllegalAction(f"you have only {armies_text(state.reserve[seat])} to place")
        elif owner[t] == seat:
            if count > state.quota_own:
                raise IllegalAction(f"you may place only {state.quota_own} more of your armies this setup turn")
        elif state.neutral >= 0 and owner[t] == state.neutral:
            if count > state.quota_neutral:
                raise IllegalAction("you may place only one neutral army each setup turn")
        elif state.neutral >= 0 and state.quota_neutral:
            raise IllegalAction(f"{name} is not yours: place your armies on your own territories and the "
                                "neutral army on a neutral territory")
        else:
            raise IllegalAction(f"{name} is not yours: place armies on your own territories")
        if count > cap_room(state, t):
            raise IllegalAction(f"at most {state.rules.army_cap} armies may stand on one territory")

    def apply_place(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Place)
        seat, territory, count = state.current, action.territory, action.count
        if events is not UNRECORDED:
            events.append(Placed(seat, territory, count, state.owner[territory]))
        state.armies[territory] += count
        if state.phase is Phase.REINFORCE:
            state.reserve[seat] -= count
            self.settle_reinforce(state, events)
        else:
            if state.owner[territory] == seat:
                state.quota_own -= count
                state.reserve[seat] -= count
            else:
                state.quota_neutral -= count
                state.reserve[state.neutral] -= count
            self.advance_setup(state, events)

    def list_reinforce(self, state: GameState) -> list[Choice]:
        seat = state.current
        choices = self.list_trades(state)
        if not self.must_trade(state):
            reserve = state.reserve[seat]
            for territory, who in enumerate(state.owner):
                if who == seat:
                    high = min(reserve, cap_room(state, territory))
                    if high >= 1:
                        choices.append(choice(Place(territory, 1), high))
        return choices

    # -----------------------------------------------------------------------------------------
    # Cards

    def is_set(self, rules: Rules, kinds: Sequence[int]) -> bool:
        """Whether three card designs make a matched set."""
        wilds = sum(1 for k in kinds if k == WILD)
        if wilds:
            return wilds == 1 or rules.two_wilds_make_a_set
        a, b, c = kinds
        return (a == b == c) or len({a, b, c}) == 3

    def set_value(self, state: GameState) -> int:
        """Armies for the next set traded in the game."""
        rules = state.rules
        n = state.sets_traded
        table = rules.set_values
        if n < len(table):
            return table[n]
        return table[-1] + rules.set_value_step * (n - len(table) + 1)

    def matched_sets(self, state: GameState, seat: int) -> list[tuple[int, int, int]]:
        """Every matched set of three in a seat's hand (cards ascending, sets in ascending order)."""
        hand = state.hands[seat]
        if len(hand) < 3:
            return []
        kinds = deck_for(state.rules).kinds
        is_set, rules = self.is_set, state.rules
        # combinations() of the sorted hand: ascending trios in ascending order.
        return [trio for trio in combinations(sorted(hand), 3)
                if is_set(rules, (kinds[trio[0]], kinds[trio[1]], kinds[trio[2]]))]

    def trades_closed(self, state: GameState) -> bool:
        """Whether the trade after an elimination is over: the hand is down to the rules' size (1980)."""
        rules = state.rules
        return (rules.elimination_trade_stops and state.captured
                and len(state.hands[state.current]) <= rules.trade_down_to)

    def bonus_territories(self, state: GameState, cards: Sequence[int]) -> list[int]:
        """The territories shown on ``cards`` that the player occupies and that may take the card armies
        now, in card order ([] when the bonus is used up this turn or not in the rules)."""
        rules = state.rules
        if rules.card_territory_bonus <= 0 or (
                rules.card_territory_bonus_cap and state.card_bonus_taken >= rules.card_territory_bonus_cap):
            return []
        shows = deck_for(rules).territories
        seat = state.current
        return [t for t in (shows[c] for c in cards) if t >= 0 and state.owner[t] == seat]

    def bonus_choices(self, state: GameState, cards: Sequence[int]) -> list[int]:
        """The territories the player may choose among for the card armies ([] when there is no choice:
        one territory, none, or rules that give every such territory its armies)."""
        rules = state.rules
        if not (rules.choose_card_bonus and rules.card_territory_bonus_cap):
            return []
        territories = self.bonus_territories(state, cards)
        return territories if len(territories) > 1 else []

    def tradable_sets(self, state: GameState) -> list[tuple[int, int, int]]:
        """The matched sets the player to move may trade now."""
        return [] if self.trades_closed(state) else self.matched_sets(state, state.current)

    def list_trades(self, state: GameState) -> list[Choice]:
        choices = []
        for cards in self.tradable_sets(state):
            places = self.bonus_choices(state, cards)
            choices.extend([choice(Trade(cards, t)) for t in places] if places else [choice(Trade(cards))])
        return choices

    def check_trade(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Trade)
        cards = action.cards
        hand = state.hands[state.current]
        if len(set(cards)) != 3 or any(c not in hand for c in cards):
            raise IllegalAction("trade three different cards from your own hand")
        kinds = [deck_for(state.rules).kinds[c] for c in cards]
        if not self.is_set(state.rules, kinds):
            raise IllegalAction("not a matched set: three alike, one of each, or two and a wild card")
        if self.trades_closed(state):
            raise IllegalAction(
                f"after an elimination you trade only until you hold {state.rules.trade_down_to} or fewer cards")
        places = self.bonus_choices(state, cards)
        if action.bonus < 0 and places:
            names = " or ".join(state.board.territories[t].name for t in places)
            raise IllegalAction(f"choose the territory that takes the {state.rules.card_territory_bonus} armies "
                                f"of the traded cards: {names}")
        if action.bonus >= 0 and action.bonus not in places:
            raise IllegalAction("the card armies go to a territory of yours shown on one of the traded cards, "
                                "and only when several are shown")

    def apply_trade(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Trade)
        cards = action.cards
        seat = state.current
        rules = state.rules
        hand = state.hands[seat]
        for card in cards:
            hand.remove(card)
        state.discard.extend(cards)
        value = self.set_value(state)
        state.sets_traded += 1
        state.reserve[seat] += value
        bonus: list[tuple[int, int]] = []
        shows = deck_for(rules).territories
        order = sorted(cards, key=lambda c: shows[c] != action.bonus) if action.bonus >= 0 else cards
        for card in order:
            territory = shows[card]
            if territory < 0 or state.owner[territory] != seat:
                continue
            armies = rules.card_territory_bonus
            if rules.card_territory_bonus_cap:
                armies = min(armies, rules.card_territory_bonus_cap - state.card_bonus_taken)
            if armies <= 0:
                break
            state.card_bonus_taken += armies
            self.add_armies(state, territory, armies, events)
            bonus.append((territory, armies))
        if events is not UNRECORDED:
            events.append(CardsTraded(seat, cards, value, tuple(bonus)))
        self.settle_reinforce(state, events)

    def draw_card(self, state: GameState, seat: int, events: Events) -> None:
        """The top card to ``seat``; an empty pile is the discards shuffled."""
        if not state.deck and state.discard:
            state.deck = state.discard
            state.discard = []
            state.rng = rng.shuffle(state.rng, state.deck)
            events.append(DeckReshuffled(len(state.deck)))
        if state.deck:
            card = state.deck.pop()
            state.hands[seat].append(card)
            if events is not UNRECORDED:  # a card is drawn at the end of most turns
                events.append(CardDrawn(seat, card))

    # -----------------------------------------------------------------------------------------
    # Battles

    def check_attack(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Attack)
        source, count = action.source, action.dice
        self.check_battle_front(state, source, action.target)
        most = self.battle_model(state, source, action.target).attack_max
        if not 1 <= count <= most:
            raise IllegalAction("the attacker rolls one, two or three dice" if most == 3
                                else f"the attacker rolls 1 to {most} dice here")
        if count > state.armies[source] - 1:
            raise IllegalAction(
                f"rolling {count} {'die' if count == 1 else 'dice'} needs at least {count + 1} armies on "
                f"{state.board.territories[source].name}; it has {state.armies[source]}")

    def check_blitz(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Blitz)
        source, stop_at = action.source, action.stop_at
        self.check_battle_front(state, source, action.target)
        if stop_at < 0:
            raise IllegalAction("the number of armies to stop at cannot be negative")
        if state.armies[source] - 1 <= stop_at:
            raise IllegalAction(
                f"{state.board.territories[source].name} has only {armies_text(state.armies[source] - 1)} that can "
                f"attack; stopping at {stop_at} leaves nothing to roll")

    def check_battle_front(self, state: GameState, source: int, target: int) -> None:
        """The rules every attack obeys: from your territory, with two armies, to an adjacent enemy."""
        owner, armies, seat = state.owner, state.armies, state.current
        src = territory_name(state, source, "the attacking territory")
        dst = territory_name(state, target, "the attacked territory")
        if owner[source] != seat:
            raise IllegalAction(f"{src} is not yours: attack from your own territory")
        if owner[target] == seat:
            raise IllegalAction(f"{dst} is yours: attack an opponent's territory")
        if target not in state.board.adjacent[source]:
            raise IllegalAction(f"{dst} is not adjacent to {src}")
        if armies[source] < 2:
            raise IllegalAction(f"{src} needs at least two armies to attack")

    def holds_card_of(self, state: GameState, *territories: int) -> bool:
        """Whether the player to move holds the card of one of these territories (the re-roll rule)."""
        shows = deck_for(state.rules).territories
        return any(shows[card] in territories for card in state.hands[state.current])

    def decision_open(self, state: GameState) -> bool:
        """Whether the attacker may still change the pending roll in a way that could help."""
        losses, _ = dice.battle_losses(state.attacker_faces, state.defender_faces)
        if losses == 0:
            return False
        rules = state.rules
        can_command = rules.commanders and not state.commander_used and min(state.attacker_faces) < 6
        can_reroll = (
            rules.card_reroll
            and not state.rerolled
            and self.holds_card_of(state, state.battle_source, state.battle_target)
        )
        return bool(can_command or can_reroll)

    def battle_model(self, state: GameState, source: int, target: int) -> dice.DiceModel:
        """How the dice of an attack from ``source`` on ``target`` are thrown and compared (classic: as rolled,
        3 against 2 at most). An edition's rewards, cards or castles change it here."""
        return dice.PLAIN

    def roll_battle(self, state: GameState, source: int, target: int, count: int, events: Events) -> None:
        """Throw one battle's dice; settle it, or wait for a commander or re-roll decision."""
        state.battle_source, state.battle_target, state.battle_dice = source, target, count
        armies = state.armies
        model = self.battle_model(state, source, target)
        # The defender rolls the most dice allowed (see docs/rules.md).
        defending = min(model.defend_max, armies[target])
        if not model.is_plain:
            state.rng, attacker, defender, lost_a, lost_d = dice.roll_battle_model(state.rng, count, defending, model)
            seat, enemy = state.current, state.owner[target]
            armies[source] -= lost_a
            armies[target] -= lost_d
            events.append(BattleFought(source, target, attacker, defender, lost_a, lost_d, seat, enemy, model))
            if armies[target] == 0:
                self.capture(state, target, enemy, events)
            return
        state.rng, attacker, defender, lost_a, lost_d = dice.roll_battle(state.rng, count, defending)
        rules = state.rules
        if lost_a and (rules.commanders or rules.card_reroll):
            state.attacker_faces, state.defender_faces, state.rerolled = attacker, defender, False
            if self.decision_open(state):
                events.append(DiceRolled(source, target, attacker, defender))
                state.phase = Phase.BATTLE
                return
            state.attacker_faces = state.defender_faces = NO_DICE
        seat, enemy = state.current, state.owner[target]
        armies[source] -= lost_a
        armies[target] -= lost_d
        events.append(BattleFought(source, target, attacker, defender, lost_a, lost_d, seat, enemy))
        if armies[target] == 0:
            self.capture(state, target, enemy, events)

    def apply_attack(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Attack)
        self.roll_battle(state, action.source, action.target, action.dice, events)

    def apply_blitz(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Blitz)
        source, target, stop_at = action.source, action.target, action.stop_at
        rules = state.rules
        armies = state.armies
        model = self.battle_model(state, source, target)
        if rules.commanders or rules.card_reroll:
            # A roll may pause for a decision: go one roll at a time.
            while state.phase is Phase.ATTACK and armies[source] - 1 > stop_at:
                self.roll_battle(state, source, target, min(model.attack_max, armies[source] - 1), events)
            return
        # The whole blitz at once, each throw recorded as its own battle (no decision can interrupt it).
        seat, enemy = state.current, state.owner[target]
        if model is dice.PLAIN:
            throws: list[dice.Throw] | None = None if events is UNRECORDED else []
            state.rng, attacking, defending, last_dice = dice.blitz(
                state.rng, armies[source] - 1, armies[target], stop_at, throws)
            if throws is not None:
                events.extend([BattleFought(source, target, a, d, la, ld, seat, enemy) for a, d, la, ld in throws])
        else:
            result = dice.blitz_model(state.rng, armies[source] - 1, armies[target], stop_at, model)
            state.rng, attacking, defending = result.state, result.attacking, result.defending
            events.extend(BattleFought(source, target, a, d, la, ld, seat, enemy, None if m.is_plain else m)
                          for a, d, la, ld, m in result.throws)
            last_dice = len(result.throws[-1][0]) - model.attack_bonus
        armies[source] = attacking + 1
        armies[target] = defending
        state.battle_source, state.battle_target = source, target
        state.battle_dice = last_dice
        if defending == 0:
            self.capture(state, target, enemy, events)

    def settle_battle(self, state: GameState, events: Events) -> None:
        """Settle a roll that waited for a decision, with the dice as they now lie."""
        source, target = state.battle_source, state.battle_target
        attacker, defender = state.attacker_faces, state.defender_faces
        lost_a, lost_d = dice.battle_losses(attacker, defender)
        seat, enemy = state.current, state.owner[target]
        state.armies[source] -= lost_a
        state.armies[target] -= lost_d
        state.attacker_faces = state.defender_faces = NO_DICE
        state.phase = Phase.ATTACK
        events.append(BattleFought(source, target, attacker, defender, lost_a, lost_d, seat, enemy))
        if state.armies[target] == 0:
            self.capture(state, target, enemy, events)

    def apply_accept(self, state: GameState, action: Action, events: Events) -> None:
        self.settle_battle(state, events)

    def check_commander(self, state: GameState, action: Action) -> None:
        assert isinstance(action, UseCommander)
        if not state.rules.commanders:
            raise IllegalAction("commanders are not in play")
        if state.commander_used:
            raise IllegalAction("the commander may be used once per turn")
        if not 0 <= action.die < len(state.attacker_faces) or state.attacker_faces[action.die] == 6:
            raise IllegalAction("choose one of your dice that does not already show a six")

    def apply_commander(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, UseCommander)
        faces = list(state.attacker_faces)
        events.append(CommanderUsed(action.die, faces[action.die]))
        faces[action.die] = 6
        state.attacker_faces = tuple(sorted(faces, reverse=True))
        state.commander_used = True
        if not self.decision_open(state):
            self.settle_battle(state, events)

    def check_reroll(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Reroll)
        if not state.rules.card_reroll:
            raise IllegalAction("the card re-roll is not in play")
        if state.rerolled:
            raise IllegalAction("only one die may be re-rolled in each battle")
        if not self.holds_card_of(state, state.battle_source, state.battle_target):
            raise IllegalAction("a re-roll needs a card showing the attacking or the attacked territory")
        if not 0 <= action.die < len(state.attacker_faces):
            raise IllegalAction("choose one of your own dice to re-roll")

    def apply_reroll(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Reroll)
        faces = list(state.attacker_faces)
        state.rng, (new,) = dice.roll(state.rng, 1)
        events.append(DieRerolled(action.die, faces[action.die], new))
        faces[action.die] = new
        state.attacker_faces = tuple(sorted(faces, reverse=True))
        state.rerolled = True
        if not self.decision_open(state):
            self.settle_battle(state, events)

    def list_battle(self, state: GameState) -> list[Choice]:
        choices = [choice(AcceptRoll())]
        rules = state.rules
        if rules.commanders and not state.commander_used:
            choices.extend(choice(UseCommander(i)) for i, f in enumerate(state.attacker_faces) if f < 6)
        if rules.card_reroll and not state.rerolled and self.holds_card_of(
            state, state.battle_source, state.battle_target
        ):
            choices.extend(choice(Reroll(i)) for i in range(len(state.attacker_faces)))
        return choices

    # -----------------------------------------------------------------------------------------
    # Captures, eliminations, the winner

    def capture(self, state: GameState, target: int, enemy: int, events: Events) -> None:
        """A territory fell: it changes hands, its owner may be out, the game may be won."""
        seat = state.current
        state.owner[target] = seat
        state.captured = True
        if events is not UNRECORDED:
            events.append(Captured(target, seat, enemy))
        if self.is_eliminated(state, enemy):
            self.eliminate(state, enemy, seat, events)
        state.phase = _OCCUPY
        winner = self.won_by_capture(state)
        if winner >= 0:
            # The game is won on the spot; the smallest legal move-in keeps the board whole.
            low, _ = self.occupy_range(state)
            self.occupy(state, low, events)
            state.phase = Phase.OVER
            state.winner = winner
            events.append(GameWon(winner))

    def is_eliminated(self, state: GameState, seat: int) -> bool:
        """Whether ``seat`` is out of the game (classic: it holds no territory)."""
        return seat not in state.owner

    def eliminate(self, state: GameState, seat: int, by: int, events: Events) -> None:
        """``seat`` is out: its cards go to ``by``, who may have to trade at once."""
        state.alive[seat] = False
        taken = tuple(state.hands[seat])
        state.hands[by].extend(taken)
        state.hands[seat] = []
        state.just_eliminated = True
        events.append(Eliminated(seat, by, taken))
        if state.rules.secret_missions:
            missions.fall_back(state, seat, by)

    def won_by_capture(self, state: GameState) -> int:
        """Who wins on the spot after a capture (and any elimination it made), or -1: in the classic game only an
        elimination (the last one standing) or a headquarters taken can end it."""
        return self.winner(state) if state.just_eliminated or state.rules.headquarters else -1

    def winner(self, state: GameState) -> int:
        """The seat that has won, or -1 while the game goes on: the last one standing, or the
        headquarters goal."""
        alive, neutral = state.alive, state.neutral
        # Counted first: this runs after every capture, and mostly several players are left.
        living = alive.count(True) - (neutral >= 0 and alive[neutral])
        if living > 1 and not state.rules.headquarters:
            return -1
        people = [p for p in range(state.players) if alive[p] and p != neutral]
        if len(people) == 1:
            return people[0]
        if state.rules.headquarters and -1 not in state.headquarters_of_people():
            goal = headquarters_goal(state.rules, state.people)
            hq = state.headquarters
            for p in people:
                if state.owner[hq[p]] != p:
                    continue
                held = sum(1 for q in range(state.players) if q != p and hq[q] >= 0 and state.owner[hq[q]] == p)
                if held >= goal:
                    return p
        return -1

    def occupy_range(self, state: GameState) -> tuple[int, int]:
        """The fewest and most armies that may move in after the capture just made."""
        armies, rules = state.armies, state.rules
        high = armies[state.battle_source] - 1
        if rules.army_cap and rules.army_cap - armies[state.battle_target] < high:
            high = rules.army_cap - armies[state.battle_target]
        low = state.battle_dice if rules.occupy_minimum == "dice" else 1
        return (low if low < high else high), high

    def occupy(self, state: GameState, count: int, events: Events) -> None:
        """Move armies into the territory just captured; then a trade may be due after an elimination."""
        state.armies[state.battle_source] -= count
        state.armies[state.battle_target] += count
        state.phase = _ATTACK
        if state.just_eliminated:
            state.just_eliminated = False
            if len(state.hands[state.current]) >= state.rules.elimination_trade_at:
                # Cards won by elimination: trade at once and place the armies before attacking on.
                state.phase = Phase.REINFORCE
                state.reserve[state.current] = 0

    def check_occupy(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Occupy)
        low, high = self.occupy_range(state)
        if not low <= action.count <= high:
            amount = f"exactly {armies_text(low)}" if low == high else f"between {low} and {high} armies"
            raise IllegalAction(
                f"move in {amount}: at least as many as the dice of the last battle"
                if state.rules.occupy_minimum == "dice" else f"move in {amount}")

    def apply_occupy(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Occupy)
        if events is not UNRECORDED:
            events.append(MovedIn(state.current, state.battle_source, state.battle_target, action.count))
        self.occupy(state, action.count, events)

    def list_occupy(self, state: GameState) -> list[Choice]:
        low, high = self.occupy_range(state)
        return [choice(Occupy(low), high)]

    # -----------------------------------------------------------------------------------------
    # Free moves and the end of the turn

    def reachable(self, state: GameState, source: int) -> list[int]:
        """Territories a free move from ``source`` may reach under the rules in play (sorted)."""
        owner, seat = state.owner, state.owner[source]
        neighbours = state.board.neighbours
        if not state.rules.fortify_connected:
            return [t for t in neighbours[source] if owner[t] == seat]
        seen = {source}
        frontier = [source]
        while frontier:
            here = frontier.pop()
            for t in neighbours[here]:
                if t not in seen and owner[t] == seat:
                    seen.add(t)
                    frontier.append(t)
        seen.discard(source)
        return sorted(seen)

    def fortify_opened_at(self, state: GameState) -> int:
        """The free moves made by the time the free-move step can be reached (classic: the first one
        opens it)."""
        return 1

    def fortify_limit(self, state: GameState) -> int:
        """How many free moves the player to move may make this turn (0: as many as they like)."""
        return state.rules.fortify_moves

    def check_fortify(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Fortify)
        source, target, count = action.source, action.target, action.count
        owner, seat = state.owner, state.current
        src = territory_name(state, source, "the territory moved from")
        dst = territory_name(state, target, "the territory moved to")
        if owner[source] != seat or owner[target] != seat:
            raise IllegalAction("a free move goes from one of your territories to another of yours")
        if source == target:
            raise IllegalAction("move to a different territory")
        if target not in self.reachable(state, source):
            raise IllegalAction(
                f"{dst} is not connected to {src} through your territories" if state.rules.fortify_connected
                else f"{dst} is not adjacent to {src}")
        if not 1 <= count <= state.armies[source] - 1:
            most = state.armies[source] - 1
            amount = f"only {armies_text(most)}" if most == 1 else f"between 1 and {most} armies"
            raise IllegalAction(f"move {amount}: one must stay on {src}")
        if count > cap_room(state, target):
            raise IllegalAction(f"at most {state.rules.army_cap} armies may stand on one territory")

    def apply_fortify(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Fortify)
        if events is not UNRECORDED:
            events.append(Fortified(state.current, action.source, action.target, action.count))
        state.armies[action.source] -= action.count
        state.armies[action.target] += action.count
        state.moves_made += 1
        limit = self.fortify_limit(state)
        if limit and state.moves_made >= limit:
            self.end_turn(state, events)
        else:
            state.phase = Phase.FORTIFY

    def apply_end_turn(self, state: GameState, action: Action, events: Events) -> None:
        self.end_turn(state, events)

    def end_turn(self, state: GameState, events: Events) -> None:
        """A card if the player captured a territory, then the next player's turn."""
        seat = state.current
        if state.captured:
            self.draw_card(state, seat, events)
        self.begin_turn(state, step(state, seat, 1), events)

    def list_moves(self, state: GameState) -> list[Choice]:
        """Attacks (in the attack phase), free moves and the end of the turn."""
        seat, owner, armies = state.current, state.owner, state.armies
        choices: list[Choice] = []
        if state.phase is Phase.ATTACK:
            neighbours = state.board.neighbours
            for source, here in enumerate(armies):
                if owner[source] != seat or here < 2:
                    continue
                for target in neighbours[source]:
                    if owner[target] != seat:
                        most = self.battle_model(state, source, target).attack_max
                        choices.extend(choice(Attack(source, target, n)) for n in range(1, min(most, here - 1) + 1))
                        choices.append(choice(Blitz(source, target, 0), here - 2))
        for source, here in enumerate(armies):
            if owner[source] != seat or here < 2:
                continue
            for target in self.reachable(state, source):
                high = min(here - 1, cap_room(state, target))
                if high >= 1:
                    choices.append(choice(Fortify(source, target, 1), high))
        choices.append(choice(EndTurn()))
        return choices

    # -----------------------------------------------------------------------------------------
    # Which states the rules can reach

    def impossible(self, state: GameState) -> str:
        """Why the rules could never reach ``state`` (a position from a link anyone may have edited), or ""
        if they could. Checked by the codec on every decoded position, after its own checks of the layout
        (cards all there once, owners alive, armies on every territory); a flow adds its own with super()."""
        rules, phase, seat = state.rules, state.phase, state.current
        people = [p for p in range(state.players) if p != state.neutral]
        if state.turn > MAX_TURN:
            return "its turn number is beyond any game"
        if any(r < 0 for r in state.reserve) or min(state.armies) < 0 or state.quota_own < 0 or state.quota_neutral < 0:
            return "it holds a negative number of armies"
        drawn = max(0, state.turn - 1) + self.cards_dealt(state)  # at most one card at the end of each turn
        if not phase.setup and self.cards_per_trade * state.sets_traded > drawn:
            return "more sets were traded than cards were ever drawn"
        in_play = sum(state.armies) + sum(state.reserve)
        if in_play > self.most_armies(state):
            return "it holds more armies than the game could have raised"
        if in_play > MAX_ARMIES_IN_PLAY:
            return f"it holds more armies than any game reaches (over {MAX_ARMIES_IN_PLAY:,})"
        if phase is not Phase.SETUP and (state.quota_own or state.quota_neutral):
            return "armies wait to be placed outside the setup"
        if phase is not Phase.FORTIFY and state.moves_made:
            return "free moves were counted outside the free move"
        if state.just_eliminated and phase is not Phase.OCCUPY:
            return "an elimination waits outside a move-in"
        if (state.commander_used and not rules.commanders) or (
                state.rerolled and not (rules.card_reroll and state.battle_source >= 0)):
            return "an expert rule was used that is not in play"
        if rules.card_territory_bonus_cap and state.card_bonus_taken > rules.card_territory_bonus_cap:
            return "more card armies were taken this turn than the rules allow"
        placing = phase in self.placement_phases()
        others = [r for p, r in enumerate(state.reserve) if r and not (phase.setup or (placing and p == seat))]
        if others:
            return "armies wait to be placed by a player whose turn it is not"
        if phase is Phase.CLAIM:
            problem = self._claims_impossible(state)
            if problem:
                return problem
        if phase.setup:
            start = rules.starting_armies_for(state.people)
            for p in range(state.players):
                if sum(a for t, a in enumerate(state.armies) if state.owner[t] == p) + state.reserve[p] > start:
                    return "a player has more starting armies than the rules give"
        if phase is Phase.SETUP:
            if state.quota_own > min(self.setup_batch(state), state.reserve[seat]) or state.quota_neutral > (
                    state.reserve[state.neutral] if state.neutral >= 0 else 0) or state.quota_neutral > 1:
                return "more armies wait to be placed than a setup turn has"
            if not (state.quota_own or state.quota_neutral):
                return "a setup turn has nothing to place"
        if phase is Phase.HEADQUARTERS and (state.headquarters[seat] >= 0 or any(state.reserve)):
            return "the player to choose a headquarters already has one"
        if rules.headquarters and not phase.setup:
            chosen = [state.headquarters[p] for p in people]
            if -1 in chosen or len(set(chosen)) != len(chosen):
                return "the headquarters are not one each"
        if placing and not (state.reserve[seat] or self.must_trade(state)):
            return "a placement step has nothing to place"
        if phase is Phase.FORTIFY and (state.moves_made < self.fortify_opened_at(state) or (
                self.fortify_limit(state) and state.moves_made >= self.fortify_limit(state))):
            return "the free moves made do not fit the rules"
        if phase is Phase.BATTLE:
            defending = 2 if state.armies[state.battle_target] > 1 else 1
            if (len(state.defender_faces) != defending or len(state.attacker_faces) != state.battle_dice
                    or state.battle_dice > state.armies[state.battle_source] - 1 or not self.decision_open(state)):
                return "the dice on the table do not fit the battle"
        if phase is Phase.OCCUPY and self.occupy_range(state)[1] < 1:
            # Its only move would leave the captured territory empty: no later position could be saved.
            return "the attacking territory of the move-in has no army to move in"
        problem = self.winner_problem(state)
        if problem:
            return problem
        if phase is not Phase.OVER and not self.legal_actions(state):
            return "the player to move could do nothing"
        return ""

    def winner_problem(self, state: GameState) -> str:
        """Why who has won (``state.winner``, -1 for nobody yet) cannot be, or ""."""
        if state.rules.secret_missions:
            problem = missions.problem(state)
            if problem:
                return problem
            phase = state.phase
            if phase is Phase.OVER and state.winner >= 0 and missions.completed(state, state.winner):
                return ""
            if not (phase.setup or phase is _OCCUPY or phase is Phase.BATTLE or phase is Phase.OVER) and (
                    missions.mission_winner(state) >= 0):
                return "a secret mission is complete, yet the game goes on"
        return "who has won does not fit the board" if self.winner(state) != state.winner else ""

    def placement_phases(self) -> tuple[Phase, ...]:
        """The phases in which the player to move places armies it received (classic: reinforcing)."""
        return (Phase.REINFORCE,)

    def cards_dealt(self, state: GameState) -> int:
        """Cards the players got without drawing them at the end of a turn (the deal of an edition that
        deals cards); sets traded can never use more than these and those drawn."""
        return 0

    def most_armies(self, state: GameState) -> int:
        """More armies than the game can have raised by now: every starting army, and every turn the most
        any turn can bring (all territories, all continents, all card armies), and every set traded."""
        rules, board = state.rules, state.board
        start = rules.starting_armies_for(state.people) * state.players
        per_turn = board.size // 3 + 3 + sum(c.bonus for c in board.continents) + 3 * rules.card_territory_bonus
        sets = state.rules.set_values
        traded = sum(sets[k] if k < len(sets) else sets[-1] + rules.set_value_step * (k - len(sets) + 1)
                     for k in range(state.sets_traded))
        return start + state.turn * per_turn + traded

    def _claims_impossible(self, state: GameState) -> str:
        """The claims go round the table one army at a time from the first player: the counts must fit."""
        if -1 not in state.owner:
            return "every territory is claimed, yet claiming goes on"
        order = self.setup_order(state)
        claimed = sum(1 for o in state.owner if o >= 0)
        start = state.rules.starting_armies_for(state.people)
        for place, p in enumerate(order):
            owned = state.owner.count(p)
            if owned != claimed // len(order) + (place < claimed % len(order)) or state.reserve[p] != start - owned:
                return "the claims do not go round the table"
        if state.current != order[claimed % len(order)]:
            return "the claims do not go round the table"
        return ""

    # -----------------------------------------------------------------------------------------
    # Messages

    def describe(self, event: object, names: Sequence[str], board: Board) -> str | None:
        """An event of the edition's own as a sentence for the log, or a core event the edition words its own
        way (None: the log's classic sentence, :func:`risk.history.describe`)."""
        return None

    def wrong_phase_message(self, state: GameState, action: Action) -> str:
        """Why an action of a known kind is not allowed in this phase, for the player."""
        phase = state.phase
        if phase is Phase.OCCUPY:
            return "first move armies into the territory you captured"
        if phase is Phase.BATTLE:
            return "first settle the dice you rolled (accept them, or use your commander or re-roll)"
        if phase is Phase.REINFORCE:
            return "first place your reinforcements" + (" (trade cards first)" if self.must_trade(state) else "")
        if phase is Phase.FORTIFY and isinstance(action, Attack):
            return "no more attacks after a free move"
        if phase.setup:
            return "the game is still being set up"
        return f"{type(action).__name__} is not allowed in the {phase.name.lower()} phase"


# ---------------------------------------------------------------------------------------------
# Helpers every flow shares


def armies_text(count: int) -> str:
    """ "1 army", "3 armies": refusals are read by players."""
    return count_text(count, "army")


def plural_of(noun: str) -> str:
    """An English noun's plural, for the game's own nouns ("army", "territory", "card", "castle chip").

    >>> plural_of("army"), plural_of("territory"), plural_of("card"), plural_of("day"), plural_of("box")
    ('armies', 'territories', 'cards', 'days', 'boxes')
    """
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def count_text(count: int, noun: str, many: str = "") -> str:
    """A count with its noun in the right number: "1 reward", "2 rewards", "0 armies" (``many`` for an
    irregular plural).

    >>> count_text(1, "reward"), count_text(2, "reward"), count_text(0, "army"), count_text(3, "die", "dice")
    ('1 reward', '2 rewards', '0 armies', '3 dice')
    """
    return f"{count} {noun if count == 1 else many or plural_of(noun)}"


def verb_for(count: int, one: str, many: str) -> str:
    """The verb agreeing with a count: ``verb_for(1, "leaves", "leave")`` is "leaves"."""
    return one if count == 1 else many


def with_article(word: str) -> str:
    """A noun with "a" or "an" as it is said: "an Admiral", "a General", "an 8", "a 6", "an 11".

    >>> with_article("Admiral"), with_article("General"), with_article("8"), with_article("6"), with_article("18")
    ('an Admiral', 'a General', 'an 8', 'a 6', 'an 18')
    """
    head = word.lstrip()
    if head[:1].isdigit():
        digits = head.split()[0].rstrip(",.;:")
        # eight, eighty..., eleven, eighteen, eleven thousand: the numbers said with a vowel first
        an = digits.startswith("8") or (len(digits) % 3 == 2 and digits[:2] in ("11", "18"))
    else:
        lower = head.lower()
        an = lower[:1] in ("a", "e", "i", "o") or (
            lower[:1] == "u" and not lower.startswith(("uni", "use", "usu", "uti")))
        if lower.startswith(("hour", "honest", "honour", "heir")):
            an = True
        if lower.startswith(("one", "once", "eu")):
            an = False
    return f"{'an' if an else 'a'} {word}"


def _no_check(state: GameState, action: Action) -> None:
    """Actions that are legal whenever their phase is."""


def step(state: GameState, seat: int, direction: int, *, alive_only: bool = True) -> int:
    """The next seat round the table that plays (never the neutral)."""
    players = state.players
    for _ in range(players):
        seat = (seat + direction) % players
        if seat != state.neutral and (state.alive[seat] or not alive_only):
            return seat
    return seat


def cap_room(state: GameState, territory: int) -> int:
    """How many more armies a territory can take (a large number when there is no cap)."""
    cap = state.rules.army_cap
    return cap - state.armies[territory] if cap else 1 << 30


def territory_name(state: GameState, territory: int, role: str) -> str:
    """The name of a territory the player named, or :class:`IllegalAction` if it is not on the board."""
    if not 0 <= territory < state.board.size:
        raise IllegalAction(f"{role} is not a territory on this board")
    return state.board.territories[territory].name


def headquarters_goal(rules: Rules, people: int) -> int:
    """Opposing headquarters to capture: all of them, or with the shorter goal 2 (4 players) or 3 (5–6)."""
    if rules.headquarters_short and people >= 4:
        return 2 if people == 4 else 3
    return people - 1


MAX_TURN = 99_999  # no game comes near: bots' self-play gives up at 5,000 turns, people's games end in hundreds
# The armies a decoded position may hold. The rules set no ceiling, and the bound of ``most_armies`` grows with
# turns and sets traded (billions by MAX_TURN), but a blitz rolls once per battle and the odds grow with the
# stacks: a hand-edited link with 10**8 armies opened, and one blitz from it took 182 s in CPython. Half a
# million needs about 450 sets traded (1,350 cards drawn, so as many turns); self-play's largest stacks are in
# the low thousands, and a blitz of 250,000 against 250,000 takes 0.34 s in CPython.
MAX_ARMIES_IN_PLAY = 500_000

_FLOWS: dict[str, Flow] = {}


def flow_for(rules: Rules) -> Flow:
    """The flow of the edition these rules belong to (loaded and made once)."""
    flow = _FLOWS.get(rules.edition)
    if flow is None:
        module, _, name = EDITIONS[rules.edition].flow.partition(":")
        made = getattr(importlib.import_module(module), name)
        flow = _FLOWS[rules.edition] = made() if isinstance(made, type) else made
    return flow


__all__ = [
    "UNRECORDED", "Flow", "Handler", "Unrecorded", "cap_room", "flow_for", "headquarters_goal", "step",
    "territory_name",
]
