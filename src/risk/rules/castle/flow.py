"""Castle Risk's turn: the classic flow with castles, hidden armies, person cards and spoils.

Setup (``003_…``, design note §4.2): the first player is drawn; each player in turn draws an empire's castle
chip at random and places its castle with one army in that empire; the claims go one army at a time, then
rounds of five armies; each player chooses a hidden-army site in secret (not a castle); three cards each;
the first player is drawn again. A turn: draw one card, or up to three; before the first attack play
Reinforcements (the track's next space) and Diplomats (a truce until one's next turn); attack (at most two
dice against a castle; a General adds 1 to one's highest die until it loses a top pair; a defender's
Marshall, played by its standing order, adds 1 to its highest until it loses one; an Admiral carries armies
across a water both territories touch, fought to the end); the hidden army at any time of one's attacks, or
in defence of its site by a standing order (rules revision 3; revision 2: before the first attack only);
Spies at any time of one's turn;
then the spoils, placed anywhere one holds. No free move. Capturing a castle eliminates its owner: the
captor takes its chips, cards and unused hidden army, and the fallen player's other territories are taken
over. The last player with a castle wins. Every decision is in ``docs/rules.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from risk import auto_setup, dice, rng
from risk.actions import (
    AcceptRoll,
    Action,
    Attack,
    Blitz,
    Choice,
    ChooseHeadquarters,
    EndTurn,
    Fortify,
    IllegalAction,
    Place,
    Reroll,
    Trade,
    UseCommander,
    choice,
)
from risk.board import Board, Continent
from risk.deck import deck_for
from risk.events import BattleFought, Captured, Eliminated, GameWon, Placed, SetupDealt, TurnStarted
from risk.flow import Events, Flow, Handler, armies_text, count_text, step, territory_name, with_article
from risk.rules import Rules
from risk.rules.castle import (
    ADMIRAL,
    AUTO_MARSHALL,
    BLOCK_SPY,
    CARD_COUNTS,
    CARD_KINDS,
    DEFEND_HIDDEN,
    DIPLOMAT,
    GENERAL,
    MARSHALL,
    REINFORCEMENT,
    SPY,
    CastleSettings,
)
from risk.rules.castle.actions import (
    ChooseHiddenArmy,
    PlaceCastle,
    PlayDiplomat,
    PlayGeneral,
    PlayReinforcement,
    PlaySpy,
    RevealHiddenArmy,
    SeaAttack,
    SpyDiscard,
    StandingOrders,
)
from risk.rules.castle.events import (
    CardDiscarded,
    CardsDealt,
    CastleCaptured,
    CastlePlaced,
    ChipsDrawn,
    HiddenArmyChosen,
    HiddenArmyRevealed,
    OrdersSet,
    PersonLost,
    PersonPlayed,
    ReinforcementPlayed,
    SeaAttackMade,
    SpoilsCollected,
    SpyPlayed,
    TakenOver,
    TruceMade,
)
from risk.rules.castle.state import CastleState, default_orders
from risk.state import GameState, Phase

CASTLE = Phase("CASTLE", setup=True)  # setup: each player places its castle in its chip's empire
HIDING = Phase("HIDING", setup=True)  # setup: each player chooses its hidden army's site, in secret
SPY_LOOK = Phase("SPY")  # a Spy has looked at a hand: which card is discarded
SPOILS = Phase("SPOILS")  # the end of a turn: the spoils are placed


def settings(rules: Rules) -> CastleSettings:
    """The edition's own numbers (``Rules.family``)."""
    family = rules.family
    assert isinstance(family, CastleSettings)
    return family


def ext(state: GameState) -> CastleState:
    """The edition's part of a state."""
    extra = state.ext
    assert isinstance(extra, CastleState)
    return extra


def kind_of(state: GameState, card: int) -> int:
    """A card's kind (REINFORCEMENT, GENERAL, ...)."""
    return deck_for(state.rules).kinds[card]


class CastleFlow(Flow):
    """Castle Risk; see the module docstring."""

    bots_know_the_rules = True  # risk.ai.castle

    # -----------------------------------------------------------------------------------------
    # Actions and phases

    def action_handlers(self) -> dict[type, Handler]:
        handlers = super().action_handlers()
        for classic_only in (Trade, ChooseHeadquarters, Fortify, UseCommander, Reroll, AcceptRoll):
            del handlers[classic_only]
        attack = (Phase.ATTACK,)
        handlers[Place] = Handler((Phase.SETUP, Phase.REINFORCE, SPOILS), self.check_place, self.apply_place)
        handlers[EndTurn] = Handler(attack, self.check_end_turn, self.apply_end_turn)
        handlers[PlaceCastle] = Handler((CASTLE,), self.check_castle, self.apply_castle)
        handlers[ChooseHiddenArmy] = Handler((HIDING,), self.check_hide, self.apply_hide)
        handlers[PlayReinforcement] = Handler(attack, self.check_reinforcement, self.apply_reinforcement)
        handlers[PlayDiplomat] = Handler(attack, self.check_diplomat, self.apply_diplomat)
        handlers[RevealHiddenArmy] = Handler(attack, self.check_reveal, self.apply_reveal)
        handlers[PlayGeneral] = Handler(attack, self.check_general, self.apply_general)
        handlers[PlaySpy] = Handler(attack, self.check_spy, self.apply_spy)
        handlers[SpyDiscard] = Handler((SPY_LOOK,), self.check_spy_discard, self.apply_spy_discard)
        handlers[SeaAttack] = Handler(attack, self.check_sea_attack, self.apply_sea_attack)
        handlers[StandingOrders] = Handler(attack, self.check_orders, self.apply_orders)
        return handlers

    def phase_listers(self) -> dict[Phase, Callable[[GameState], list[Choice]]]:
        listers = super().phase_listers()
        for classic_only in (Phase.HEADQUARTERS, Phase.FORTIFY, Phase.BATTLE):
            del listers[classic_only]
        listers[CASTLE] = self.list_castles
        listers[HIDING] = self.list_hiding
        listers[SPY_LOOK] = self.list_spy_discards
        listers[SPOILS] = self.list_placements
        return listers

    # -----------------------------------------------------------------------------------------
    # Setup

    def setup(self, state: GameState, events: Events) -> None:
        """First player; the empires' castle chips drawn at random, one per player in setup order."""
        state.rng, first = rng.below(state.rng, state.people)
        state.first_player = state.current = first
        empires = [g for g, group in enumerate(state.board.continents) if group.kind == "empire"]
        state.rng = rng.shuffle(state.rng, empires)
        drawn = [-1] * state.players
        for place, seat in enumerate(self.setup_order(state)):
            drawn[seat] = empires[place]
        state.ext = CastleState(
            empires=drawn, castles=[-1] * state.players, chips=[[e] for e in drawn],
            hidden=[[] for _ in range(state.players)], marshalls=[-1] * state.players,
            orders=default_orders(state.players, state.rules))
        events.append(ChipsDrawn(tuple(drawn)))
        state.phase = CASTLE
        if state.rules.auto_setup:
            self.auto_setup(state, events)

    def auto_setup(self, state: GameState, events: Events) -> None:
        """The option ``auto-setup``: the castles, the claims, the rounds of armies and the hidden armies placed
        for every player in the rule text's order, by the judgement of :mod:`risk.auto_setup` (a castle that can be
        held, the claims around it, the armies guarding it first, the hidden army beside it), then the cards and
        the first turn."""
        order = self.setup_order(state)
        extra = ext(state)
        for seat in order:
            state.current = seat
            empire = state.board.continents[extra.empires[seat]].territories
            free = [t for t in empire if state.owner[t] < 0]
            self.apply_castle(state, PlaceCastle(auto_setup.choose_site(state, free, extra.castles)), events)
        auto_setup.claim_around(state, order, extra.castles, self.claim)
        events.append(SetupDealt(tuple(state.owner)))
        auto_setup.spread_guarding(state, order, extra.castles)
        self.finish_setup(state, events)  # on to the hidden armies, from the first player
        for seat in order:
            state.current = seat
            site = auto_setup.choose_refuge(state, seat, extra.castles[seat], lambda t: t not in extra.castles)
            if site < 0:  # no territory of its own without a castle (never on the shipped board): any
                site = auto_setup.draw(state, [t for t in range(state.board.size) if t not in extra.castles])
            self.apply_hide(state, ChooseHiddenArmy(site), events)

    def check_castle(self, state: GameState, action: Action) -> None:
        assert isinstance(action, PlaceCastle)
        t = action.territory
        name = territory_name(state, t, "the castle")
        empire = state.board.continents[ext(state).empires[state.current]]
        if state.board.territories[t].continent != ext(state).empires[state.current]:
            raise IllegalAction(f"{name} is not in the {empire.name}: your castle goes in the empire of your chip")
        if state.owner[t] >= 0:
            raise IllegalAction(f"{name} is taken: place your castle on an empty territory of the {empire.name}")

    def apply_castle(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, PlaceCastle)
        seat = state.current
        events.append(CastlePlaced(seat, action.territory))
        self.claim(state, action.territory, seat)
        ext(state).castles[seat] = action.territory
        state.current = step(state, seat, 1, alive_only=False)
        if -1 not in ext(state).castles:
            state.phase = Phase.CLAIM  # the claims go on round the table from the first player

    def list_castles(self, state: GameState) -> list[Choice]:
        empire = ext(state).empires[state.current]
        return [choice(PlaceCastle(t)) for t in state.board.continents[empire].territories if state.owner[t] < 0]

    def setup_batch(self, state: GameState) -> int:
        return settings(state.rules).setup_batch

    def start_play(self, state: GameState, events: Events) -> None:
        """Every army is placed: the hidden armies are chosen, in secret, from the first player on."""
        state.phase = HIDING
        state.current = state.first_player

    def check_hide(self, state: GameState, action: Action) -> None:
        assert isinstance(action, ChooseHiddenArmy)
        name = territory_name(state, action.territory, "the hidden army's territory")
        if action.territory in ext(state).castles:
            raise IllegalAction(f"{name} has a castle: a hidden army waits on a territory without one")

    def apply_hide(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, ChooseHiddenArmy)
        seat, extra = state.current, ext(state)
        extra.hidden[seat] = [action.territory]
        events.append(HiddenArmyChosen(seat, action.territory))
        if any(not sites for sites in extra.hidden):
            state.current = step(state, seat, 1, alive_only=False)
            return
        # Three cards each, from the first player on; then the first player is drawn again.
        seat = state.first_player
        for _ in range(state.people):
            for _ in range(settings(state.rules).hand):
                self.draw_card(state, seat, events)
            seat = step(state, seat, 1, alive_only=False)
        state.rng, first = rng.below(state.rng, state.people)
        events.append(CardsDealt(settings(state.rules).hand, first))
        self.begin_turn(state, first, events)

    def list_hiding(self, state: GameState) -> list[Choice]:
        castles = ext(state).castles
        return [choice(ChooseHiddenArmy(t)) for t in range(state.board.size) if t not in castles]

    def cards_dealt(self, state: GameState) -> int:
        return 0  # no sets are traded

    # -----------------------------------------------------------------------------------------
    # Turns: the draw, the card step, the spoils

    def begin_turn(self, state: GameState, seat: int, events: Events) -> None:
        """The truces the player made end; it draws one card, or up to three."""
        extra = ext(state)
        extra.attacked = False
        extra.general = -1
        extra.marshalls = [-1] * state.players
        extra.truces = [truce for truce in extra.truces if truce[0] != seat]
        super().begin_turn(state, seat, events)
        for _ in range(max(1, settings(state.rules).hand - len(state.hands[seat]))):
            self.draw_card(state, seat, events)

    def reinforcements(self, state: GameState, player: int) -> int:
        return 0  # armies come at the end of the turn (the spoils) and from Reinforcement cards

    def counted_groups(self, board: Board) -> tuple[Continent, ...]:
        return tuple(g for g in board.continents if g.kind == "empire")  # the independents are no empire

    def turn_income(self, state: GameState, player: int) -> int:
        return self.spoils(state, player)[0]  # the statistics' income: the spoils its holdings bring

    def spoils(self, state: GameState, seat: int) -> tuple[int, int, bool, int]:
        """``(armies, empires held whole, all independents held, castle chips held)``."""
        family, owner = settings(state.rules), state.owner
        empires = independents = 0
        groups_independent = [g for g in state.board.continents if g.kind == "independent"]
        for group in state.board.continents:
            if group.kind == "empire" and all(owner[t] == seat for t in group.territories):
                empires += 1
        every_independent = bool(groups_independent) and all(
            owner[t] == seat for g in groups_independent for t in g.territories)
        independents = family.spoils_all_independents if every_independent else 0
        chips = len(ext(state).chips[seat])
        return (empires * family.spoils_per_empire + independents + chips * family.spoils_per_chip,
                empires, every_independent, chips)

    def must_trade(self, state: GameState) -> bool:
        return False

    def matched_sets(self, state: GameState, seat: int) -> list[tuple[int, int, int]]:
        return []

    def check_place(self, state: GameState, action: Action) -> None:
        if state.phase is SPOILS:
            assert isinstance(action, Place)
            name = territory_name(state, action.territory, "the territory")
            if action.count < 1:
                raise IllegalAction("place at least one army")
            if state.owner[action.territory] != state.current:
                raise IllegalAction(f"{name} is not yours: place your spoils on your own territories")
            if action.count > state.reserve[state.current]:
                raise IllegalAction(f"you have only {armies_text(state.reserve[state.current])} to place")
            return
        super().check_place(state, action)

    def apply_place(self, state: GameState, action: Action, events: Events) -> None:
        if state.phase is not SPOILS:
            super().apply_place(state, action, events)
            return
        assert isinstance(action, Place)
        seat = state.current
        events.append(Placed(seat, action.territory, action.count, seat))
        state.armies[action.territory] += action.count
        state.reserve[seat] -= action.count
        if not state.reserve[seat]:
            self.next_turn(state, events)

    def settle_reinforce(self, state: GameState, events: Events) -> None:
        if state.phase is not SPOILS:
            super().settle_reinforce(state, events)

    def list_placements(self, state: GameState) -> list[Choice]:
        seat, reserve = state.current, state.reserve[state.current]
        return [choice(Place(t, 1), reserve) for t, who in enumerate(state.owner) if who == seat]

    def check_end_turn(self, state: GameState, action: Action) -> None:
        pass

    def end_turn(self, state: GameState, events: Events) -> None:
        """The spoils: 4 a whole empire, 6 for all the independents, 8 a castle chip held."""
        seat = state.current
        armies, empires, independents, chips = self.spoils(state, seat)
        events.append(SpoilsCollected(seat, armies, empires, independents, chips))
        state.reserve[seat] = armies
        state.phase = SPOILS
        if not armies:
            self.next_turn(state, events)

    def next_turn(self, state: GameState, events: Events) -> None:
        """The person cards in play go back to their holders' hands; the next player's turn."""
        self.begin_turn(state, step(state, state.current, 1), events)

    # -----------------------------------------------------------------------------------------
    # The card step: Reinforcements, Diplomats, the hidden army

    def card_step(self, state: GameState, what: str) -> None:
        """Refuse a card step play once the player has attacked."""
        if ext(state).attacked:
            raise IllegalAction(f"{what} before your first attack")

    def held(self, state: GameState, card: int, kind: int, what: str) -> None:
        """Refuse a card the player to move does not hold, or of another kind."""
        if card not in state.hands[state.current] or not 0 <= card < len(deck_for(state.rules)):
            raise IllegalAction(f"play {with_article(what)} card from your own hand")
        if kind_of(state, card) != kind:
            held = CARD_KINDS[kind_of(state, card)].capitalize()
            raise IllegalAction(f"that card is {with_article(held)}, not {with_article(what)}")

    def track_value(self, state: GameState, space: int) -> int:
        """The armies of the Reinforcement track's space (0 for the first)."""
        return settings(state.rules).reinforcement_track[space]

    def check_reinforcement(self, state: GameState, action: Action) -> None:
        assert isinstance(action, PlayReinforcement)
        self.card_step(state, "Reinforcement cards are played")
        self.held(state, action.card, REINFORCEMENT, "Reinforcement")
        if ext(state).track >= len(settings(state.rules).reinforcement_track):
            raise IllegalAction("the Reinforcement track is full")

    def apply_reinforcement(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, PlayReinforcement)
        seat, extra = state.current, ext(state)
        state.hands[seat].remove(action.card)
        state.set_aside.append(action.card)  # on the track, out of the game
        armies = self.track_value(state, extra.track)
        events.append(ReinforcementPlayed(seat, action.card, extra.track, armies))
        extra.track += 1
        state.reserve[seat] = armies
        state.phase = Phase.REINFORCE  # placed at once, then the card step goes on

    def check_diplomat(self, state: GameState, action: Action) -> None:
        assert isinstance(action, PlayDiplomat)
        self.card_step(state, "a Diplomat is played")
        self.held(state, action.card, DIPLOMAT, "Diplomat")
        if state.people < settings(state.rules).diplomats_from:
            raise IllegalAction("Diplomats are not used with two players")
        if not 0 <= action.seat < state.players or action.seat == state.current or not state.alive[action.seat]:
            raise IllegalAction("a truce is made with another player still in the game")
        if ext(state).in_truce(state.current, action.seat):
            raise IllegalAction("a truce already stands with that player")

    def apply_diplomat(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, PlayDiplomat)
        seat = state.current
        state.hands[seat].remove(action.card)
        state.discard.append(action.card)
        extra = ext(state)
        extra.truces = sorted([*extra.truces, (seat, action.seat)])
        events.append(TruceMade(seat, action.seat, action.card))

    def check_reveal(self, state: GameState, action: Action) -> None:
        assert isinstance(action, RevealHiddenArmy)
        if not settings(state.rules).hidden_any_time:  # rules revision 2
            self.card_step(state, "a hidden army comes out")
        name = territory_name(state, action.territory, "the hidden army's territory")
        if action.territory not in ext(state).hidden[state.current]:
            raise IllegalAction(f"none of your hidden armies waits on {name}")
        if state.owner[action.territory] != state.current:
            raise IllegalAction(f"{name} is not yours: a hidden army comes out on a territory you hold")
        if not ext(state).track:
            raise IllegalAction("a hidden army brings the armies of the last Reinforcement played: none was yet")

    def apply_reveal(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, RevealHiddenArmy)
        self.bring_out(state, state.current, action.territory, events)

    def bring_out(self, state: GameState, seat: int, territory: int, events: Events) -> None:
        """One of ``seat``'s hidden armies comes out on ``territory``, its site, with the armies of the last
        Reinforcement played."""
        extra = ext(state)
        armies = self.track_value(state, extra.track - 1)
        extra.hidden[seat].remove(territory)
        state.armies[territory] += armies
        events.append(HiddenArmyRevealed(seat, territory, armies))

    def call_hidden(self, state: GameState, target: int, events: Events) -> None:
        """The defender's standing order (rules revision 3): when a territory where one of its hidden armies
        waits is attacked, one of them comes out there before the first roll ("to attack from, or defend, the
        spot", 003_…), once a Reinforcement has been played (before, it would bring nothing)."""
        extra, defender = ext(state), state.owner[target]
        if (settings(state.rules).hidden_defends and 0 <= defender < state.players and extra.track
                and extra.orders[defender] & DEFEND_HIDDEN and target in extra.hidden[defender]):
            self.bring_out(state, defender, target, events)

    # -----------------------------------------------------------------------------------------
    # Battles: the castle cap, Generals and Marshalls, truces, the Admiral

    def battle_model(self, state: GameState, source: int, target: int) -> dice.DiceModel:
        """At most two dice against a castle; +1 for a General or Marshall in play."""
        extra = ext(state)
        defender = state.owner[target]
        cap = settings(state.rules).castle_attack_dice if target in extra.castles else 3
        plus_a = int(extra.general >= 0)
        plus_d = int(0 <= defender < state.players and extra.marshalls[defender] >= 0)
        return _model(cap, plus_a, plus_d)

    def check_battle_front(self, state: GameState, source: int, target: int) -> None:
        super().check_battle_front(state, source, target)
        if ext(state).in_truce(state.current, state.owner[target]):
            raise IllegalAction("a truce stands with that player: no attacks until it ends")

    def muster(self, state: GameState, target: int, events: Events) -> None:
        """Before the first roll of an attack: the attack has begun (the card step is over), and the defender's
        standing orders may bring its hidden army out on the territory attacked and a Marshall in."""
        ext(state).attacked = True
        self.call_hidden(state, target, events)
        self.call_marshall(state, state.owner[target], events)

    def call_marshall(self, state: GameState, defender: int, events: Events) -> bool:
        """The defender's standing order: with no Marshall in play, it plays one (the lowest numbered) before
        the roll, if it holds one. Whether a Marshall is in play now."""
        extra = ext(state)
        if not 0 <= defender < state.players:
            return False
        if extra.marshalls[defender] < 0 and extra.orders[defender] & AUTO_MARSHALL:
            card = next((c for c in sorted(state.hands[defender]) if kind_of(state, c) == MARSHALL), -1)
            if card >= 0:
                extra.marshalls[defender] = card
                events.append(PersonPlayed(defender, card, "marshall"))
        return extra.marshalls[defender] >= 0

    def settle_people(self, state: GameState, defender: int, general: bool, marshall: bool, events: Events) -> None:
        """After the rolls: a General or Marshall that lost a top pair is discarded."""
        extra = ext(state)
        if extra.general >= 0 and not general:
            self.lose_card(state, state.current, extra.general, "general", events)
            extra.general = -1
        if 0 <= defender < state.players and extra.marshalls[defender] >= 0 and not marshall:
            self.lose_card(state, defender, extra.marshalls[defender], "marshall", events)
            extra.marshalls[defender] = -1

    def lose_card(self, state: GameState, seat: int, card: int, kind: str, events: Events) -> None:
        state.hands[seat].remove(card)
        state.discard.append(card)
        events.append(PersonLost(seat, card, kind))

    def fight(self, state: GameState, source: int, target: int, attacking: int, stop_at: int, rolls: int,
              events: Events) -> tuple[int, int, int]:
        """Fight ``rolls`` rolls at most (0: as many as it takes) with ``attacking`` armies until ``stop_at``
        are left; return ``(attacking left, defending left, dice of the last roll)``.

        Roll by roll while a General or Marshall is in play: one that loses its top pair is discarded at once,
        and before the next roll the defender's standing order brings in its next Marshall ("more than one
        ... a turn, but not at the same time"). The attacker's next General waits for its next action (a blitz
        is its choice). With nobody in play, the rest is one fast blitz (the same draws)."""
        extra, defender, seat = ext(state), state.owner[target], state.current
        self.muster(state, target, events)
        cap = _model(self.battle_model(state, source, target).attack_max, 0, 0)
        defending, last, thrown = state.armies[target], 0, 0
        while attacking > stop_at and defending > 0 and (not rolls or thrown < rolls):
            general = extra.general >= 0
            marshall = self.call_marshall(state, defender, events) if thrown else (
                0 <= defender < state.players and extra.marshalls[defender] >= 0)
            if not (general or marshall or rolls):
                result = dice.blitz_model(state.rng, attacking, defending, stop_at, cap)
                state.rng = result.state
                events.extend(BattleFought(source, target, a, d, la, ld, seat, defender, _logged(m))
                              for a, d, la, ld, m in result.throws)
                return result.attacking, result.defending, len(result.throws[-1][0])
            model = cap.with_plus(int(general), int(marshall))
            attack_dice, defend_dice = cap.dice(attacking, defending)
            state.rng, attacker, defended, lost_a, lost_d = dice.roll_battle_model(
                state.rng, attack_dice, defend_dice, model)
            events.append(BattleFought(source, target, attacker, defended, lost_a, lost_d, seat, defender,
                                       _logged(model)))
            if general or marshall:
                top = model.top_pair_won(attacker, defended)
                self.settle_people(state, defender, not general or top, not marshall or not top, events)
            attacking, defending, last, thrown = attacking - lost_a, defending - lost_d, attack_dice, thrown + 1
        return attacking, defending, last

    def apply_attack(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Attack)
        self.land_battle(state, action.source, action.target, action.dice, 0, 1, events)

    def apply_blitz(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, Blitz)
        self.land_battle(state, action.source, action.target, state.armies[action.source] - 1, action.stop_at, 0,
                         events)

    def land_battle(self, state: GameState, source: int, target: int, attacking: int, stop_at: int, rolls: int,
                    events: Events) -> None:
        enemy = state.owner[target]
        spare = state.armies[source] - 1 - attacking
        left, defending, last = self.fight(state, source, target, attacking, stop_at, rolls, events)
        state.armies[source] = spare + left + 1
        state.armies[target] = defending
        state.battle_source, state.battle_target, state.battle_dice = source, target, last
        if defending == 0:
            self.capture(state, target, enemy, events)

    def check_sea_attack(self, state: GameState, action: Action) -> None:
        assert isinstance(action, SeaAttack)
        self.held(state, action.card, ADMIRAL, "Admiral")
        src = territory_name(state, action.source, "the territory sailed from")
        dst = territory_name(state, action.target, "the territory attacked")
        seat, owner, board = state.current, state.owner, state.board
        if owner[action.source] != seat:
            raise IllegalAction(f"{src} is not yours: sail from your own territory")
        if owner[action.target] == seat:
            raise IllegalAction(f"{dst} is yours: an Admiral carries armies to attack, not to move them")
        if not board.territories[action.source].seas:
            raise IllegalAction(f"{src} touches no sea: an Admiral sails from a coast")
        if not board.territories[action.target].seas:
            raise IllegalAction(f"{dst} touches no sea: an Admiral lands on a coast")
        if not set(board.territories[action.source].seas) & set(board.territories[action.target].seas):
            raise IllegalAction(f"{src} and {dst} share no water: the Black Sea joins no other")
        if not 1 <= action.armies <= state.armies[action.source] - 1:
            raise IllegalAction(f"load 1 to {state.armies[action.source] - 1} armies: one stays on {src}")
        if ext(state).in_truce(seat, owner[action.target]):
            raise IllegalAction("a truce stands with that player: no attacks until it ends")

    def apply_sea_attack(self, state: GameState, action: Action, events: Events) -> None:
        """Fought to the end: won, the survivors land and the Admiral goes back to hand; lost, it is discarded."""
        assert isinstance(action, SeaAttack)
        seat, source, target = state.current, action.source, action.target
        enemy = state.owner[target]
        state.armies[source] -= action.armies
        left, defending, last = self.fight(state, source, target, action.armies, 0, 0, events)
        won = defending == 0
        events.append(SeaAttackMade(seat, source, target, action.armies, action.card, won))
        state.battle_source, state.battle_target, state.battle_dice = source, target, last
        if not won:
            state.armies[target] = defending
            state.hands[seat].remove(action.card)
            state.discard.append(action.card)
        else:
            state.armies[target] = 0
            self.capture(state, target, enemy, events, landing=left)
        # A crossing is no land battle: nothing of it waits (the last battle names neighbours only).
        state.battle_source, state.battle_target, state.battle_dice = -1, -1, 0

    # -----------------------------------------------------------------------------------------
    # Generals, Spies, standing orders

    def check_general(self, state: GameState, action: Action) -> None:
        assert isinstance(action, PlayGeneral)
        self.held(state, action.card, GENERAL, "General")
        if ext(state).general >= 0:
            raise IllegalAction("a General is in play already: one at a time")

    def apply_general(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, PlayGeneral)
        ext(state).general = action.card
        events.append(PersonPlayed(state.current, action.card, "general"))

    def check_spy(self, state: GameState, action: Action) -> None:
        assert isinstance(action, PlaySpy)
        self.held(state, action.card, SPY, "Spy")
        if not 0 <= action.seat < state.players or action.seat == state.current or not state.alive[action.seat]:
            raise IllegalAction("spy on another player still in the game")
        if not self.hand_shown(state, action.seat):
            raise IllegalAction("that player holds no card in hand to look at (a Marshall in play is on the table)")

    def apply_spy(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, PlaySpy)
        seat, target, extra = state.current, action.seat, ext(state)
        block = -1
        if extra.orders[target] & BLOCK_SPY:
            block = next((c for c in sorted(state.hands[target]) if kind_of(state, c) == SPY), -1)
        events.append(SpyPlayed(seat, target, action.card, block))
        if block >= 0:
            for holder, card in ((seat, action.card), (target, block)):
                state.hands[holder].remove(card)
                state.discard.append(card)
            return
        extra.spied, extra.spier, extra.spy_card = target, seat, action.card
        extra.seen = tuple(self.hand_shown(state, target))
        state.phase = SPY_LOOK

    def hand_shown(self, state: GameState, seat: int) -> list[int]:
        """What a Spy sees of ``seat``'s hand (ascending): its cards, less a Marshall in play (it is on the table,
        not in the hand; the state keeps it in the hand so that every card is counted once)."""
        marshall = ext(state).marshalls[seat]
        if marshall < 0:  # none in play; on a public view, -1 is also what the unseen cards read
            return sorted(state.hands[seat])
        return sorted(c for c in state.hands[seat] if c != marshall)

    def check_spy_discard(self, state: GameState, action: Action) -> None:
        assert isinstance(action, SpyDiscard)
        if action.card not in ext(state).seen:
            raise IllegalAction("choose one of the cards your Spy saw")

    def apply_spy_discard(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, SpyDiscard)
        seat, extra = state.current, ext(state)
        target = extra.spied
        state.hands[target].remove(action.card)
        # Discards are shuffled back, except Reinforcements: one discarded leaves the game, as if played.
        (state.set_aside if kind_of(state, action.card) == REINFORCEMENT else state.discard).append(action.card)
        state.hands[seat].remove(extra.spy_card)
        state.discard.append(extra.spy_card)
        events.append(CardDiscarded(target, action.card, seat))
        extra.spied, extra.spier, extra.spy_card, extra.seen = -1, -1, -1, ()
        state.phase = Phase.ATTACK

    def list_spy_discards(self, state: GameState) -> list[Choice]:
        return [choice(SpyDiscard(c)) for c in ext(state).seen]  # what the spier saw, in its view too

    def check_orders(self, state: GameState, action: Action) -> None:
        assert isinstance(action, StandingOrders)
        if not 0 <= action.orders <= settings(state.rules).all_orders:
            if settings(state.rules).hidden_defends:
                raise IllegalAction("standing orders are any of: play a Marshall when attacked, block a Spy, bring "
                                    "out a hidden army when its territory is attacked")
            raise IllegalAction("standing orders are: play a Marshall when attacked, block a Spy, both or neither")

    def apply_orders(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, StandingOrders)
        ext(state).orders[state.current] = action.orders
        events.append(OrdersSet(state.current, action.orders))

    # -----------------------------------------------------------------------------------------
    # Captures: a castle eliminates its owner; the take-over; the winner

    def capture(self, state: GameState, target: int, enemy: int, events: Events, landing: int = -1) -> None:
        """A territory fell; a castle's owner is out at once. ``landing``: the armies of a sea attack, which all
        land (no move-in choice) before any take-over, which starts with them."""
        seat = state.current
        state.owner[target] = seat
        state.captured = True
        events.append(Captured(target, seat, enemy))
        if landing >= 0:
            state.armies[target] = landing
        if self.is_eliminated(state, enemy):
            self.eliminate(state, enemy, seat, events, landed=landing >= 0)
        if landing >= 0:
            state.phase = Phase.ATTACK
            state.just_eliminated = False  # no move-in follows a landing
        else:
            state.phase = Phase.OCCUPY
        winner = self.last_standing(state)
        if winner >= 0:
            if state.phase is Phase.OCCUPY:
                low, _ = self.occupy_range(state)
                self.occupy(state, low, events)
            state.phase = Phase.OVER
            state.winner = winner
            events.append(GameWon(winner))

    def is_eliminated(self, state: GameState, seat: int) -> bool:
        castle = ext(state).castles[seat]
        return (castle >= 0 and state.owner[castle] != seat) or seat not in state.owner

    def eliminate(self, state: GameState, seat: int, by: int, events: Events, landed: bool = False) -> None:
        """Out: its chips, cards and unused hidden armies go to the captor; its other territories are taken
        over (:meth:`take_over`; ``landed``: the castle fell to a sea attack)."""
        extra = ext(state)
        state.alive[seat] = False
        state.just_eliminated = True
        taken = tuple(state.hands[seat])
        state.hands[by].extend(taken)
        state.hands[seat] = []
        events.append(Eliminated(seat, by, taken))
        chips = tuple(extra.chips[seat])
        extra.chips[by] = extra.chips[by][:1] + sorted(extra.chips[by][1:] + list(chips))  # its own chip first
        extra.chips[seat] = []
        events.append(CastleCaptured(seat, by, extra.castles[seat], chips))
        extra.castles[seat] = -1
        extra.hidden[by].extend(extra.hidden[seat])
        extra.hidden[seat] = []
        extra.marshalls[seat] = -1
        extra.truces = [t for t in extra.truces if seat not in t]
        self.take_over(state, seat, by, events, landed)

    def take_over(self, state: GameState, fallen: int, by: int, events: Events, landed: bool = False) -> None:
        """The fallen player's other territories, each occupied by one army: from the captor's armies, "starting
        with the armies you attacked with" (the attacking territory, keeping what the move-in needs; after a sea
        attack, the armies that landed, keeping one), then its largest stacks; a territory the captor cannot
        fill goes, round the table from the captor's left, to the next player with an army to spare (from its
        largest stack); if nobody has one, to the captor with one army."""
        owner, armies = state.owner, state.armies
        left = [t for t, who in enumerate(owner) if who == fallen]
        if not left:
            return
        if landed:
            keep = {state.battle_target: 1}
        else:
            keep = {state.battle_source: 1 + state.battle_dice} if owner[state.battle_source] == by else {}
        seats: list[int] = []
        others = [p for p in range(state.players) if p != by and p != fallen and state.alive[p]]
        start = step(state, by, 1)
        others.sort(key=lambda p: (p - start) % state.players)
        turn = 0
        for t in left:
            giver = self._giver(state, by, keep)
            taker = by
            if giver < 0:
                for i in range(len(others)):
                    candidate = others[(turn + i) % len(others)]
                    giver = self._giver(state, candidate, {})
                    if giver >= 0:
                        taker, turn = candidate, turn + i + 1
                        break
            if giver >= 0:
                armies[giver] -= 1
            owner[t], armies[t] = taker, 1
            seats.append(taker)
        events.append(TakenOver(tuple(left), tuple(seats)))

    @staticmethod
    def _giver(state: GameState, seat: int, keep: dict[int, int]) -> int:
        """The territory of ``seat`` that gives an army: the attacking one first (``keep`` says what it must
        keep), then the largest stack with one to spare (the lowest numbered of equals); -1 for none."""
        for t, least in keep.items():
            if state.armies[t] > least:
                return t
        best = -1
        for t, who in enumerate(state.owner):
            if who != seat or state.armies[t] <= 1 or t in keep:
                continue
            if best < 0 or state.armies[t] > state.armies[best]:
                best = t
        return best

    def last_standing(self, state: GameState) -> int:
        alive = [p for p in range(state.players) if state.alive[p]]
        return alive[0] if len(alive) == 1 else -1

    def won_by_capture(self, state: GameState) -> int:
        return self.last_standing(state)

    def winner(self, state: GameState) -> int:
        return self.last_standing(state)

    # -----------------------------------------------------------------------------------------
    # What may be done now

    def list_moves(self, state: GameState) -> list[Choice]:
        """Attacks, sea attacks, the cards that may be played now, standing orders and the end of the turn
        (cards of one kind act alike: each play is listed with the lowest numbered card of its kind)."""
        seat, owner, armies, extra = state.current, state.owner, state.armies, ext(state)
        board = state.board
        choices: list[Choice] = []
        first: dict[int, int] = {}  # kind -> the lowest numbered card of that kind in hand
        for card in sorted(state.hands[seat]):
            first.setdefault(kind_of(state, card), card)
        enemies_in_truce = {p for p in range(state.players) if extra.in_truce(seat, p)}
        for source, here in enumerate(armies):
            if owner[source] != seat or here < 2:
                continue
            for target in board.neighbours[source]:
                if owner[target] != seat and owner[target] not in enemies_in_truce:
                    most = self.battle_model(state, source, target).attack_max
                    choices += [choice(Attack(source, target, n)) for n in range(1, min(most, here - 1) + 1)]
                    choices.append(choice(Blitz(source, target, 0), here - 2))
            if ADMIRAL in first and board.territories[source].seas:
                waters = set(board.territories[source].seas)
                for target, who in enumerate(owner):
                    if (who != seat and who not in enemies_in_truce and target != source
                            and waters & set(board.territories[target].seas)):
                        choices.append(choice(SeaAttack(first[ADMIRAL], source, target, 1), here - 1))
        if GENERAL in first and extra.general < 0:
            choices.append(choice(PlayGeneral(first[GENERAL])))
        if SPY in first:
            choices += [choice(PlaySpy(first[SPY], p)) for p in range(state.players)
                        if p != seat and state.alive[p] and self.hand_shown(state, p)]
        if extra.track and (not extra.attacked or settings(state.rules).hidden_any_time):
            choices += [choice(RevealHiddenArmy(t)) for t in sorted(set(extra.hidden[seat])) if owner[t] == seat]
        if not extra.attacked:
            if REINFORCEMENT in first and extra.track < len(settings(state.rules).reinforcement_track):
                choices.append(choice(PlayReinforcement(first[REINFORCEMENT])))
            if DIPLOMAT in first and state.people >= settings(state.rules).diplomats_from:
                choices += [choice(PlayDiplomat(first[DIPLOMAT], p)) for p in range(state.players)
                            if p != seat and state.alive[p] and not extra.in_truce(seat, p)]
        choices += [choice(StandingOrders(o)) for o in range(settings(state.rules).all_orders + 1)
                    if o != extra.orders[seat]]
        choices.append(choice(EndTurn()))
        return choices

    # -----------------------------------------------------------------------------------------
    # Which states the rules can reach

    def placement_phases(self) -> tuple[Phase, ...]:
        return (Phase.REINFORCE, SPOILS)

    def most_armies(self, state: GameState) -> int:
        family, board = settings(state.rules), state.board
        start = state.rules.starting_armies_for(state.people) * state.players
        per_turn = (family.spoils_per_empire * len(board.continents) + family.spoils_all_independents
                    + family.spoils_per_chip * state.players)
        track = family.reinforcement_track
        return start + state.turn * per_turn + sum(track) + state.players * max(track)

    def impossible(self, state: GameState) -> str:
        extra = state.ext
        if not isinstance(extra, CastleState):
            return "the edition's part of the game is missing"
        problem = self._castle_problem(state, extra)
        return problem or super().impossible(state)

    def _castle_problem(self, state: GameState, extra: CastleState) -> str:
        board, phase, n = state.board, state.phase, state.players
        empires = [g for g, group in enumerate(board.continents) if group.kind == "empire"]
        if sorted(extra.empires) != sorted(set(extra.empires)) or not set(extra.empires) <= set(empires):
            return "its castle chips are not the empires'"
        held = sorted(e for chips in extra.chips for e in chips)
        if held != sorted(extra.empires) or any(extra.chips[p] and not state.alive[p] for p in range(n)):
            return "the castle chips are not each with a player in the game"
        for p in range(n):
            castle = extra.castles[p]
            if state.alive[p] and not phase.setup and (castle < 0 or state.owner[castle] != p):
                return "a player in the game has no castle"
            if castle >= 0 and (board.territories[castle].continent != extra.empires[p] or not state.alive[p]):
                return "a castle is not in its empire"
        if phase is CASTLE:
            order = self.setup_order(state)
            done = sum(1 for c in extra.castles if c >= 0)
            if done >= len(order) or state.current != order[done] or [extra.castles[p] >= 0 for p in order] != [
                    i < done for i in range(len(order))] or sum(1 for o in state.owner if o >= 0) != done:
                return "the castles do not go round the table"
        elif -1 in [c for p, c in enumerate(extra.castles) if state.alive[p]]:
            return "a player has no castle"
        chosen = [bool(sites) for sites in extra.hidden]
        if phase in (CASTLE, Phase.CLAIM, Phase.SETUP) and any(chosen):
            return "a hidden army was chosen before its time"
        if phase is HIDING and (extra.hidden[state.current] or state.hands != [[] for _ in range(n)]):
            return "the hidden armies do not go round the table"
        out = sum(1 for p in range(n) if not state.alive[p])
        if (sum(len(sites) for sites in extra.hidden) > n
                or any(len(sites) > (1 + out if state.alive[p] else 0) for p, sites in enumerate(extra.hidden))):
            # One site each, chosen in the setup; a player holds more only by taking a fallen player's.
            return "there are more hidden-army sites than players chose"
        if any(t in extra.castles or not 0 <= t < board.size for sites in extra.hidden for t in sites if t >= 0):
            return "a hidden army waits on a castle"
        track = extra.track
        if (track > len(settings(state.rules).reinforcement_track) or len(state.set_aside) < track
                or any(kind_of(state, c) != REINFORCEMENT for c in state.set_aside)
                or any(kind_of(state, c) == REINFORCEMENT for c in state.discard)):
            return "the Reinforcement track does not hold the cards played"
        if extra.general >= 0 and (phase.setup or extra.general not in state.hands[state.current]
                                   or kind_of(state, extra.general) != GENERAL):
            return "the General in play is not the player's"
        for p, card in enumerate(extra.marshalls):
            if card >= 0 and (p == state.current or card not in state.hands[p] or kind_of(state, card) != MARSHALL):
                return "a Marshall in play is not its defender's"
        if any(not 0 <= o <= settings(state.rules).all_orders for o in extra.orders):
            return "its standing orders are not orders"
        if any(a == b or not state.alive[a] or not state.alive[b] or a >= n or b >= n for a, b in extra.truces):
            return "a truce is not between two players in the game"
        if len(set(extra.truces)) != len(extra.truces):
            return "a truce is made twice"
        if (phase is SPY_LOOK) != (extra.spied >= 0):
            return "a Spy looks at a hand outside its step"
        if extra.spied >= 0 and (extra.spier != state.current or extra.spy_card not in state.hands[state.current]
                                 or kind_of(state, extra.spy_card) != SPY
                                 or list(extra.seen) != self.hand_shown(state, extra.spied)):
            return "what the Spy saw does not fit the hands"
        if extra.takeover >= 0:
            return "a take-over was left half done"
        if phase.setup and (extra.attacked or extra.general >= 0 or extra.truces or track):
            return "turn flags are set before the first turn"
        if state.sets_traded:
            return "sets were traded in a game without sets"
        return ""

    def wrong_phase_message(self, state: GameState, action: Action) -> str:
        if state.phase is CASTLE:
            return "first each player places a castle"
        if state.phase is HIDING:
            return "first each player chooses where its hidden army waits"
        if state.phase is SPY_LOOK:
            return "first choose the card your Spy makes the player discard"
        if state.phase is SPOILS:
            return "first place your spoils"
        return super().wrong_phase_message(state, action)

    # -----------------------------------------------------------------------------------------
    # The log

    def describe(self, event: object, names: Sequence[str], board: Board) -> str | None:
        def place(territory: int) -> str:
            return board.territories[territory].name

        match event:
            case TurnStarted(seat, turn, _income):  # no income: armies come from cards and the spoils
                return f"Turn {turn}: {names[seat]}'s turn."
            case ChipsDrawn(empires):
                drawn = ", ".join(f"{names[s]} the {board.continents[e].name}" for s, e in enumerate(empires))
                return f"Castle chips drawn: {drawn}."
            case CastlePlaced(seat, territory):
                return f"{names[seat]} places a castle on {place(territory)}."
            case SetupDealt():  # the automatic setup's claims
                return "The territories are claimed for everyone: those next to each castle first, the rest at random."
            case HiddenArmyChosen(seat, _):
                return f"{names[seat]} chooses where a hidden army waits, in secret."
            case CardsDealt(cards, first):
                return f"Everyone is dealt {cards} cards; {names[first]} plays first."
            case ReinforcementPlayed(seat, _card, space, armies):
                return f"{names[seat]} plays a Reinforcement (space {space + 1} of the track): {armies_text(armies)}."
            case HiddenArmyRevealed(seat, territory, armies):
                return f"{names[seat]}'s hidden army comes out on {place(territory)}: {armies_text(armies)}."
            case TruceMade(seat, other, _card):
                return f"{names[seat]} sends a Diplomat: a truce with {names[other]} until {names[seat]}'s next turn."
            case PersonPlayed(seat, _card, kind):
                return f"{names[seat]}'s {kind.capitalize()} comes into play: +1 on the highest die."
            case PersonLost(seat, _card, kind):
                return f"{names[seat]}'s {kind.capitalize()} is lost."
            case SpyPlayed(seat, target, _card, blocked_by):
                if blocked_by >= 0:
                    return f"{names[seat]}'s Spy is blocked by {names[target]}'s: both are discarded."
                return f"{names[seat]}'s Spy looks at {names[target]}'s hand."
            case CardDiscarded(seat, card, by):
                kind = CARD_KINDS[_KINDS[card]].capitalize()
                return f"{names[by]} makes {names[seat]} discard {with_article(kind)}."
            case SeaAttackMade(seat, source, target, armies, _card, won):
                result = "land" if won else "are lost with the Admiral"
                return (f"{names[seat]}'s Admiral carries {armies_text(armies)} from {place(source)} to "
                        f"{place(target)}: they {result}.")
            case Eliminated(seat, by, cards):  # a castle fell: the chip and the take-over follow
                taken = f"; {names[by]} takes {count_text(len(cards), 'card')}" if cards else ""
                return f"{names[seat]} is out of the game{taken}."
            case CastleCaptured(seat, by, territory, chips):
                return (f"{names[by]} captures {names[seat]}'s castle on {place(territory)} with "
                        f"{count_text(len(chips), 'castle chip')}.")
            case TakenOver(territories, seats):
                takers: dict[int, list[str]] = {}
                for t, s in zip(territories, seats):
                    takers.setdefault(s, []).append(place(t))
                return " ".join(f"{names[s]} takes over {', '.join(held)}." for s, held in takers.items())
            case SpoilsCollected(seat, armies, empires, independents, chips):
                parts = [count_text(chips, "castle chip")]
                if empires:
                    parts.append(count_text(empires, "empire"))
                if independents:
                    parts.append("every independent territory")
                return f"{names[seat]} collects {armies_text(armies)} of spoils ({', '.join(parts)})."
            case OrdersSet(seat, orders):
                said = [w for bit, w in ((AUTO_MARSHALL, "play a Marshall when attacked"), (BLOCK_SPY, "block a Spy"),
                                         (DEFEND_HIDDEN, "bring out a hidden army when its territory is attacked"))
                        if orders & bit]
                listed = ", ".join(said[:-1]) + (" and " if len(said) > 1 else "") + said[-1] if said else "none"
                return f"{names[seat]}'s standing orders: {listed}."
        return None


_MODELS: dict[tuple[int, int, int], dice.DiceModel] = {}


def _model(cap: int, plus_a: int, plus_d: int) -> dice.DiceModel:
    """The dice model of a cap and the +1s in play (made once each)."""
    key = (cap, plus_a, plus_d)
    model = _MODELS.get(key)
    if model is None:
        model = _MODELS[key] = dice.PLAIN if key == (3, 0, 0) else dice.DiceModel(
            attack_max=cap, attack_plus=plus_a, defend_plus=plus_d)
    return model


def _logged(model: dice.DiceModel) -> dice.DiceModel | None:
    """The model a battle's event records: none for the classic dice."""
    return None if model.is_plain and model.attack_max == 3 else model


_KINDS = tuple(k for k, count in enumerate(CARD_COUNTS) for _ in range(count))  # each card's kind, by number

__all__ = ["CASTLE", "HIDING", "SPOILS", "SPY_LOOK", "CastleFlow", "ext", "settings"]
