"""The Revised edition's turn: the classic flow with capitals, cities, star trades, objectives and rewards.

Setup (``000_…`` 3): the cities and the objectives (with their rewards) are drawn, each player in turn
places a capital with its first army, then the claims and the rest of the armies go one at a time, and
the later seats get their initial cards. A turn: draft (territories and cities / 3, at least 3, plus
continents, capitals and the 2 Troops reward) with one star trade; attacks (the Starting Maneuver first,
for its holder); one objective claimed, which ends the attacks; the maneuvers; a card; and, at the end of
the turn or right after an elimination, the win with three objectives while holding one's own capital.
The decisions where the text is silent are in ``docs/rules.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from risk import auto_setup, rng
from risk.actions import (
    Action,
    Attack,
    Blitz,
    Choice,
    ChooseHeadquarters,
    Claim,
    Fortify,
    IllegalAction,
    Trade,
    choice,
)
from risk.board import Board
from risk.deck import deck_for
from risk.dice import PLAIN, DiceModel
from risk.events import Fortified, GameWon, SetupDealt
from risk.flow import Events, Flow, Handler, armies_text, count_text, step, territory_name, verb_for
from risk.rules import Rules
from risk.rules.revised import (
    MAJOR_OBJECTIVES,
    MAJOR_REWARDS,
    MINOR_OBJECTIVES,
    MINOR_REWARDS,
    OBJECTIVES,
    REWARDS,
    RevisedSettings,
)
from risk.rules.revised.actions import ClaimObjective, PlaceCapital, StartingManeuver, TradeStars
from risk.rules.revised.events import (
    BoardDealt,
    CapitalPlaced,
    ObjectiveClaimed,
    ObjectivesTaken,
    RewardsLost,
    StarsTraded,
)
from risk.rules.revised.state import RevisedState
from risk.state import GameState, Phase

CAPITAL = Phase("CAPITAL", setup=True)  # setup: each player places a capital with its first army
_MODELS: dict[tuple[int, int, int, int], DiceModel] = {}  # the dice models of the rewards, made once


def settings(rules: Rules) -> RevisedSettings:
    """The edition's own numbers (``Rules.family``)."""
    family = rules.family
    assert isinstance(family, RevisedSettings)
    return family


def ext(state: GameState) -> RevisedState:
    """The edition's part of a state."""
    extra = state.ext
    assert isinstance(extra, RevisedState)
    return extra


class RevisedFlow(Flow):
    """Revised RISK (2008); see the module docstring."""

    cards_per_trade = 1  # a two-star card alone is a trade
    bots_know_the_rules = True  # risk.ai.revised

    # -----------------------------------------------------------------------------------------
    # Actions and phases

    def action_handlers(self) -> dict[type, Handler]:
        handlers = super().action_handlers()
        for classic_only in (Trade, ChooseHeadquarters):
            del handlers[classic_only]
        handlers[PlaceCapital] = Handler((CAPITAL,), self.check_capital, self.apply_capital)
        handlers[TradeStars] = Handler((Phase.REINFORCE,), self.check_stars, self.apply_stars)
        handlers[ClaimObjective] = Handler((Phase.ATTACK,), self.check_objective, self.apply_objective)
        handlers[StartingManeuver] = Handler((Phase.ATTACK,), self.check_starting_maneuver,
                                             self.apply_starting_maneuver)
        return handlers

    def phase_listers(self) -> dict[Phase, Callable[[GameState], list[Choice]]]:
        listers = super().phase_listers()
        del listers[Phase.HEADQUARTERS]
        listers[CAPITAL] = self.list_capitals
        return listers

    # -----------------------------------------------------------------------------------------
    # Setup

    def setup(self, state: GameState, events: Events) -> None:
        """First player, cities, objectives and rewards; then the capitals, one seat at a time."""
        family = settings(state.rules)
        state.rng, first = rng.below(state.rng, state.people)
        state.first_player = state.current = first
        # a. Cities: the territories of the first cards of a shuffled deck.
        cards = list(range(len(deck_for(state.rules))))
        state.rng = rng.shuffle(state.rng, cards)
        shows = deck_for(state.rules).territories
        cities = tuple(sorted(shows[c] for c in cards[:family.cities]))
        # b, c. Objectives by tier, face up, and the rewards shuffled by tier onto them.
        objectives: list[int] = []
        rewards: list[int] = []
        for tier, tokens in ((MINOR_OBJECTIVES, MINOR_REWARDS), (MAJOR_OBJECTIVES, MAJOR_REWARDS)):
            drawn = list(tier)
            state.rng = rng.shuffle(state.rng, drawn)
            objectives += drawn[:family.objectives_per_tier]
            if family.rewards:
                pile = list(tokens)
                state.rng = rng.shuffle(state.rng, pile)
                rewards += pile[:family.objectives_per_tier]
        slots = len(objectives)
        state.ext = RevisedState(
            capitals=[-1] * state.players, cities=cities, objectives=tuple(objectives), rewards=tuple(rewards),
            holders=[-1] * slots, rewarded=[-1] * slots, airfields=[-1] * slots)
        events.append(BoardDealt(cities, tuple(objectives), tuple(rewards)))
        state.phase = CAPITAL
        if state.rules.auto_setup:
            self.auto_setup(state, events)

    def auto_setup(self, state: GameState, events: Events) -> None:
        """The option ``auto-setup``: the capitals, the claims and the troops placed for every player in the rule
        text's order, by the judgement of :mod:`risk.auto_setup` (a capital that can be held, the claims around it,
        the troops guarding it first), then the first turn."""
        order = self.setup_order(state)
        capitals = ext(state).capitals
        for seat in order:
            state.current = seat
            free = [t for t, who in enumerate(state.owner) if who < 0]
            self.apply_capital(state, PlaceCapital(auto_setup.choose_site(state, free, capitals)), events)
        auto_setup.claim_around(state, order, capitals, self.claim)
        events.append(SetupDealt(tuple(state.owner)))
        auto_setup.spread_guarding(state, order, capitals)
        self.finish_setup(state, events)

    def check_capital(self, state: GameState, action: Action) -> None:
        assert isinstance(action, PlaceCapital)
        name = territory_name(state, action.territory, "the capital")
        if state.owner[action.territory] >= 0:
            raise IllegalAction(f"{name} is taken: place your capital on an empty territory")

    def apply_capital(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, PlaceCapital)
        seat = state.current
        events.append(CapitalPlaced(seat, action.territory))
        self.claim(state, action.territory, seat)
        ext(state).capitals[seat] = action.territory
        state.current = step(state, seat, 1, alive_only=False)
        if -1 not in ext(state).capitals:
            state.phase = Phase.CLAIM  # the claims go on round the table from the first player

    def list_capitals(self, state: GameState) -> list[Choice]:
        return [choice(PlaceCapital(t)) for t, who in enumerate(state.owner) if who < 0]

    def start_play(self, state: GameState, events: Events) -> None:
        """The deck was shuffled again (after the cities were drawn from it): the later seats' initial
        cards, then the first turn."""
        seat = state.first_player
        for count in settings(state.rules).initial_cards[:state.people]:
            for _ in range(count):
                self.draw_card(state, seat, events)
            seat = step(state, seat, 1, alive_only=False)
        self.begin_turn(state, state.first_player, events)

    def cards_dealt(self, state: GameState) -> int:
        return sum(settings(state.rules).initial_cards[:state.people])

    # -----------------------------------------------------------------------------------------
    # The draft

    def begin_turn(self, state: GameState, seat: int, events: Events) -> None:
        extra = ext(state)
        extra.claimed = extra.traded = extra.attacked = extra.starting_used = False
        extra.start_owned = sum(1 << t for t, who in enumerate(state.owner) if who == seat)
        super().begin_turn(state, seat, events)

    def reinforcements(self, state: GameState, player: int) -> int:
        """Territories and cities / 3 (at least 3), continents, every capital held, the 2 Troops reward."""
        owner, extra, family = state.owner, ext(state), settings(state.rules)
        count = owner.count(player) + sum(1 for t in extra.cities if owner[t] == player)
        armies = max(3, -(-count // 3) if family.draft_rounding == "up" else count // 3)
        for continent in state.board.continents:
            if all(owner[t] == player for t in continent.territories):
                armies += continent.bonus
        armies += sum(1 for t in extra.capitals if t >= 0 and owner[t] == player)
        if extra.has_reward(player, "two-troops"):
            armies += 2
        return armies

    def must_trade(self, state: GameState) -> bool:
        return False  # hands are unlimited

    def matched_sets(self, state: GameState, seat: int) -> list[tuple[int, int, int]]:
        return []  # no sets of three: cards are traded by their stars

    def star_value(self, rules: Rules, stars: int) -> int:
        """Armies for a trade of ``stars`` stars (0 outside 2 to 10)."""
        values = settings(rules).star_values
        return values[stars - 2] if 2 <= stars < 2 + len(values) else 0

    def list_trades(self, state: GameState) -> list[Choice]:
        """One trade per number of one-star and two-star cards worth 2 to 10 stars, with the lowest
        numbered cards of each kind (only stars count, so the other cards would trade alike)."""
        if ext(state).traded:
            return []
        stars = deck_for(state.rules).stars
        hand = sorted(state.hands[state.current])
        ones = [c for c in hand if stars[c] == 1]
        twos = [c for c in hand if stars[c] == 2]
        choices = []
        for j in range(len(twos) + 1):
            for i in range(len(ones) + 1):
                total = i + 2 * j
                if self.star_value(state.rules, total):
                    choices.append(choice(TradeStars(tuple(sorted(ones[:i] + twos[:j])))))
        return choices

    def check_stars(self, state: GameState, action: Action) -> None:
        assert isinstance(action, TradeStars)
        if ext(state).traded:
            raise IllegalAction("you may trade cards once a turn")
        hand = state.hands[state.current]
        cards = action.cards
        if not cards or len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            raise IllegalAction("trade different cards from your own hand")
        stars = sum(deck_for(state.rules).stars[c] for c in cards)
        if not self.star_value(state.rules, stars):
            raise IllegalAction(f"trade cards worth 2 to 10 stars; these are worth {stars}")

    def apply_stars(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, TradeStars)
        seat = state.current
        hand = state.hands[seat]
        for card in action.cards:
            hand.remove(card)
        state.discard.extend(action.cards)
        stars = sum(deck_for(state.rules).stars[c] for c in action.cards)
        value = self.star_value(state.rules, stars)
        state.reserve[seat] += value
        state.sets_traded += 1
        ext(state).traded = True
        events.append(StarsTraded(seat, action.cards, stars, value))
        self.settle_reinforce(state, events)

    # -----------------------------------------------------------------------------------------
    # Attacks, the Starting Maneuver

    def battle_model(self, state: GameState, source: int, target: int) -> DiceModel:
        """The Attack Die and Defense Die (one more die thrown, the best kept) and the Airfields (+1 on the
        highest die when attacking from, or defending, an airfield's territory or a neighbour, while its
        holder holds it; one +1 at most)."""
        extra = ext(state)
        if not extra.rewards or max(extra.rewarded) < 0:  # no reward claimed yet (or none in the game)
            return PLAIN
        attacker, defender = state.owner[source], state.owner[target]
        key = (int(extra.has_reward(attacker, "attack-die")), int(extra.has_reward(defender, "defense-die")),
               int(self.airfield_covers(state, attacker, source)), int(self.airfield_covers(state, defender, target)))
        model = _MODELS.get(key)
        if model is None:
            model = _MODELS[key] = DiceModel(attack_bonus=key[0], defend_bonus=key[1], attack_plus=key[2],
                                             defend_plus=key[3]) if any(key) else PLAIN
        return model

    def airfield_covers(self, state: GameState, seat: int, territory: int) -> bool:
        """Whether an airfield of ``seat``'s (which it holds) stands on ``territory`` or next to it."""
        extra, adjacent = ext(state), state.board.adjacent
        return any(t >= 0 and extra.rewarded[slot] == seat and state.owner[t] == seat
                   and (t == territory or territory in adjacent[t]) for slot, t in enumerate(extra.airfields))

    def apply_attack(self, state: GameState, action: Action, events: Events) -> None:
        ext(state).attacked = True
        super().apply_attack(state, action, events)

    def apply_blitz(self, state: GameState, action: Action, events: Events) -> None:
        ext(state).attacked = True
        super().apply_blitz(state, action, events)

    def can_start_maneuver(self, state: GameState) -> bool:
        """Whether the player to move may still make the Starting Maneuver."""
        extra = ext(state)
        return (state.phase is Phase.ATTACK and not extra.attacked and not extra.starting_used
                and not extra.claimed and extra.has_reward(state.current, "starting-maneuver"))

    def check_starting_maneuver(self, state: GameState, action: Action) -> None:
        assert isinstance(action, StartingManeuver)
        if not self.can_start_maneuver(state):
            raise IllegalAction("the Starting Maneuver is one move before your first attack, for its holder")
        self.check_fortify(state, Fortify(action.source, action.target, action.count))

    def apply_starting_maneuver(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, StartingManeuver)
        events.append(Fortified(state.current, action.source, action.target, action.count))
        state.armies[action.source] -= action.count
        state.armies[action.target] += action.count
        ext(state).starting_used = True

    # -----------------------------------------------------------------------------------------
    # Objectives

    def objective_gap(self, state: GameState, objective: int, seat: int) -> str:
        """What ``seat`` still lacks to meet an objective now ("" when it meets it)."""
        return self.objective_gaps(state, seat)[objective]

    def objective_gaps(self, state: GameState, seat: int) -> list[str]:
        """What ``seat`` still lacks to meet each of the twelve objectives now, by number ("" where it meets
        it). "In one turn" counts what the player to move did not hold at the start of its turn (another
        seat has taken nothing this turn)."""
        owner, extra = state.owner, ext(state)
        board = state.board
        held = [t for t, who in enumerate(owner) if who == seat]
        at_start = extra.start_owned if seat == state.current else sum(1 << t for t in held)
        cities = [t for t in extra.cities if owner[t] == seat]
        new_cities = [t for t in cities if not at_start >> t & 1]
        enemy_capitals = [t for s, t in enumerate(extra.capitals) if s != seat and t >= 0 and owner[t] == seat]
        missing = {c.id: sum(1 for t in c.territories if owner[t] != seat) for c in board.continents}
        whole = [c for c in board.continents if not missing[c.id]]
        taken_whole = [c for c in whole if not any(at_start >> t & 1 for t in c.territories)]
        new_territories = [t for t in held if not at_start >> t & 1]
        counts = {
            "cities-8": (len(cities), 8, "cities"),
            "cities-11": (len(cities), 11, "cities"),
            "cities-4-in-a-turn": (len(new_cities), 4, "cities taken this turn"),
            "enemy-capital": (len(enemy_capitals), 1, "enemy capitals"),
            "enemy-capitals-2": (len(enemy_capitals), 2, "enemy capitals"),
            "two-continents": (len(whole), 2, "whole continents"),
            "continent-in-a-turn": (len(taken_whole), 1, "continents taken whole this turn"),
            "territories-10-in-a-turn": (len(new_territories), 10, "territories taken this turn"),
            "territories-18": (len(held), 18, "territories"),
        }
        gaps = []
        for key, _ in OBJECTIVES:
            if key in counts:
                have, need, what = counts[key]
                gaps.append("" if have >= need else f"you have {have} of the {need} {what}")
            else:  # a continent to hold whole
                continent = next(c for c in board.continents if c.id == key.replace("-", "_"))
                lacking = missing[continent.id]
                gaps.append("" if not lacking else (f"{lacking} of {continent.name}'s territories "
                                                    f"{verb_for(lacking, 'is', 'are')} not yours"))
        return gaps

    def claimable(self, state: GameState) -> list[int]:
        """The slots whose objective the player to move may claim now."""
        extra = ext(state)
        if state.phase is not Phase.ATTACK or extra.claimed:
            return []
        gaps = self.objective_gaps(state, state.current)
        return [slot for slot, objective in enumerate(extra.objectives)
                if extra.holders[slot] < 0 and not gaps[objective]]

    def airfield_reward(self, state: GameState, slot: int) -> bool:
        """Whether the reward on ``slot`` is an Airfield (and rewards are in play)."""
        rewards = ext(state).rewards
        return bool(rewards) and REWARDS[rewards[slot]][0] == "airfield"

    def check_objective(self, state: GameState, action: Action) -> None:
        assert isinstance(action, ClaimObjective)
        extra, seat = ext(state), state.current
        if extra.claimed:
            raise IllegalAction("only one objective may be claimed each turn")
        if not 0 <= action.slot < len(extra.objectives):
            raise IllegalAction("choose one of the objectives on the board")
        name = OBJECTIVES[extra.objectives[action.slot]][1]
        if extra.holders[action.slot] >= 0:
            raise IllegalAction(f"“{name}” has been claimed already")
        gap = self.objective_gap(state, extra.objectives[action.slot], seat)
        if gap:
            raise IllegalAction(f"you do not meet “{name}” yet: {gap}")
        if self.airfield_reward(state, action.slot):
            where = territory_name(state, action.airfield, "the airfield") if action.airfield >= 0 else ""
            if not where:
                raise IllegalAction("the Airfield reward goes on one of your territories: choose where")
            if state.owner[action.airfield] != seat:
                raise IllegalAction(f"{where} is not yours: the Airfield goes on one of your territories")
        elif action.airfield >= 0:
            raise IllegalAction("only an Airfield reward is placed on the board")

    def apply_objective(self, state: GameState, action: Action, events: Events) -> None:
        assert isinstance(action, ClaimObjective)
        extra, seat, slot = ext(state), state.current, action.slot
        extra.holders[slot] = seat
        reward = -1
        if extra.rewards:
            extra.rewarded[slot] = seat
            reward = extra.rewards[slot]
            if action.airfield >= 0:
                extra.airfields[slot] = action.airfield
        extra.claimed = True
        state.phase = Phase.FORTIFY  # no more attacks: the maneuver, then the end of the turn
        events.append(ObjectiveClaimed(seat, slot, extra.objectives[slot], reward, action.airfield))

    def list_moves(self, state: GameState) -> list[Choice]:
        choices = super().list_moves(state)
        if state.phase is Phase.ATTACK:
            seat = state.current
            for slot in self.claimable(state):
                if self.airfield_reward(state, slot):
                    choices += [choice(ClaimObjective(slot, t)) for t, who in enumerate(state.owner) if who == seat]
                else:
                    choices.append(choice(ClaimObjective(slot)))
            if self.can_start_maneuver(state):
                for source, here in enumerate(state.armies):
                    if state.owner[source] == seat and here >= 2:
                        choices += [choice(StartingManeuver(source, target, 1), here - 1)
                                    for target in self.reachable(state, source)]
        return choices

    # -----------------------------------------------------------------------------------------
    # Maneuvers, the end of the turn, eliminations, the winner

    def fortify_opened_at(self, state: GameState) -> int:
        return 0 if ext(state).claimed else 1  # claiming an objective opens the maneuver step

    def fortify_limit(self, state: GameState) -> int:
        return 2 if ext(state).has_reward(state.current, "additional-maneuver") else 1

    def end_turn(self, state: GameState, events: Events) -> None:
        """A card (after a conquest without an objective claimed, or with the Guaranteed Card), the win at
        the end of the turn, then the next player."""
        seat, extra = state.current, ext(state)
        if (state.captured and not extra.claimed) or extra.has_reward(seat, "guaranteed-card"):
            self.draw_card(state, seat, events)
        if self.meets_goal(state, seat):
            state.moves_made = 0
            state.phase = Phase.OVER
            state.winner = seat
            events.append(GameWon(seat))
            return
        self.begin_turn(state, step(state, seat, 1), events)

    def meets_goal(self, state: GameState, seat: int) -> bool:
        """Three objectives while holding one's own capital (never in World Conquest)."""
        family, extra = settings(state.rules), ext(state)
        capital = extra.capitals[seat]
        return (not family.world_conquest and extra.objectives_of(seat) >= family.goal and capital >= 0
                and state.owner[capital] == seat)

    def eliminate(self, state: GameState, seat: int, by: int, events: Events) -> None:
        """The cards and the objectives go to the eliminator; the rewards (and airfields) leave the game."""
        super().eliminate(state, seat, by, events)
        extra = ext(state)
        taken = tuple(slot for slot, who in enumerate(extra.holders) if who == seat)
        for slot in taken:
            extra.holders[slot] = by
        if taken:
            events.append(ObjectivesTaken(seat, by, taken))
        lost = tuple(slot for slot, who in enumerate(extra.rewarded) if who == seat)
        for slot in lost:
            extra.rewarded[slot] = -1
            extra.airfields[slot] = -1
        if lost:
            events.append(RewardsLost(seat, lost))

    def won_by_capture(self, state: GameState) -> int:
        """The last player standing. The goal is met "at the end of their turn" (000_… §6): an elimination that
        brings the third objective wins when the turn ends (:meth:`end_turn`). Rules revision 2 (the FAQ's
        reading): right after an elimination, the player to move wins at once if it now meets the goal."""
        last = self.last_standing(state)
        if last >= 0:
            return last
        if settings(state.rules).win_at_end_of_turn:
            return -1
        return state.current if state.just_eliminated and self.meets_goal(state, state.current) else -1

    def last_standing(self, state: GameState) -> int:
        """The one player left, or -1."""
        alive = [p for p in range(state.players) if state.alive[p]]
        return alive[0] if len(alive) == 1 else -1

    def winner(self, state: GameState) -> int:
        last = self.last_standing(state)
        if last >= 0:
            return last
        goal = [p for p in range(state.players) if state.alive[p] and self.meets_goal(state, p)]
        return goal[0] if len(goal) == 1 else -1

    def winner_problem(self, state: GameState) -> str:
        """Over: the winner meets the goal or stands alone. Not over: nobody does, but the player to move may
        meet it in the middle of its turn (the win comes at the end of the turn)."""
        if state.phase is Phase.OVER:
            won = state.winner
            if won < 0 or not (self.last_standing(state) == won or self.meets_goal(state, won)):
                return "who has won does not fit the board"
            return ""
        if state.winner >= 0 or self.last_standing(state) >= 0:
            return "who has won does not fit the board"
        if any(self.meets_goal(state, p) for p in range(state.players) if p != state.current and state.alive[p]):
            return "a player met the goal at the end of a turn, yet the game goes on"
        return ""

    # -----------------------------------------------------------------------------------------
    # Which states the rules can reach

    def impossible(self, state: GameState) -> str:
        extra = state.ext
        if not isinstance(extra, RevisedState):
            return "the edition's part of the game is missing"
        problem = self._revised_problem(state, extra)
        if problem:
            return problem
        return super().impossible(state)

    def _revised_problem(self, state: GameState, extra: RevisedState) -> str:
        family, size, phase = settings(state.rules), state.board.size, state.phase
        tiers = family.objectives_per_tier
        if (len(extra.cities) != family.cities or list(extra.cities) != sorted(set(extra.cities))
                or not all(0 <= t < size for t in extra.cities)):
            return "its cities are not one each on the board"
        minor, major = extra.objectives[:tiers], extra.objectives[tiers:]
        if (len(extra.objectives) != 2 * tiers or len(set(extra.objectives)) != 2 * tiers
                or not set(minor) <= set(MINOR_OBJECTIVES) or not set(major) <= set(MAJOR_OBJECTIVES)):
            return "its objectives are not the edition's"
        if family.rewards:
            if (len(extra.rewards) != 2 * tiers or len(set(extra.rewards)) != 2 * tiers
                    or not set(extra.rewards[:tiers]) <= set(MINOR_REWARDS)
                    or not set(extra.rewards[tiers:]) <= set(MAJOR_REWARDS)):
                return "its rewards are not the edition's"
        elif extra.rewards or any(r >= 0 for r in extra.rewarded) or any(a >= 0 for a in extra.airfields):
            return "it has rewards the rules leave out"
        for slot in range(2 * tiers):
            holder, rewarded, airfield = extra.holders[slot], extra.rewarded[slot], extra.airfields[slot]
            if rewarded >= 0 and (rewarded != holder or not state.alive[rewarded]):
                return "a reward is with a player who does not hold its objective"
            if airfield >= 0 and (rewarded < 0 or not self.airfield_reward(state, slot) or airfield >= size):
                return "an airfield stands without its reward"
            if self.airfield_reward(state, slot) and rewarded >= 0 and airfield < 0:
                return "an Airfield reward was claimed without its airfield"
            if holder >= 0 and (phase.setup or not state.alive[holder]):
                return "an objective is held by a player not in the game"
        placed = [t for t in extra.capitals if t >= 0]
        if len(placed) != len(set(placed)) or any(t >= size or state.owner[t] < 0 for t in placed):
            return "its capitals are not one each on the board"
        if phase is CAPITAL:
            order = self.setup_order(state)
            done = len(placed)
            start = state.rules.starting_armies_for(state.people)
            if (done == state.people or state.current != order[done % len(order)]
                    or [extra.capitals[p] >= 0 for p in order] != [i < done for i in range(len(order))]
                    or sum(1 for o in state.owner if o >= 0) != done
                    or any(state.reserve[p] != start - state.owner.count(p) for p in order)):
                return "the capitals do not go round the table"
        elif -1 in extra.capitals:
            return "a player has no capital"
        if not phase.setup:
            if extra.start_owned >> size or (extra.start_owned & ~sum(1 << t for t, o in enumerate(state.owner)
                                                                        if o == state.current)):
                return "what the player to move held at the start of its turn does not fit the board"
            if state.sets_traded > state.turn:
                return "more trades were made than turns were played"
            if sum(1 for holder in extra.holders if holder >= 0) > state.turn:
                return "more objectives were claimed than turns were played (one a turn at most)"
            if extra.claimed and phase is Phase.ATTACK:
                return "attacks go on after an objective was claimed"
            if extra.starting_used and not extra.has_reward(state.current, "starting-maneuver"):
                return "a Starting Maneuver was made without its reward"
            if state.phase is Phase.REINFORCE and state.captured:
                return "a draft came after a conquest"
        elif extra.start_owned or extra.claimed or extra.traded or extra.attacked or extra.starting_used:
            return "turn flags are set before the first turn"
        return ""

    def most_armies(self, state: GameState) -> int:
        rules, board = state.rules, state.board
        start = rules.starting_armies_for(state.people) * state.players
        per_turn = ((board.size + settings(rules).cities) // 3 + 3 + sum(c.bonus for c in board.continents)
                    + state.players + 2 + max(settings(rules).star_values))
        return start + state.turn * per_turn

    def wrong_phase_message(self, state: GameState, action: Action) -> str:
        """The rule an action breaks in this phase, in the edition's words (the core's otherwise)."""
        phase, claimed = state.phase, ext(state).claimed
        if phase is CAPITAL:
            return "first each player places a capital"
        if isinstance(action, PlaceCapital):
            return ("capitals are placed before the first turn" if not phase.setup
                    else "every player has placed a capital")
        if phase in (Phase.OCCUPY, Phase.OVER) or (phase.setup and not isinstance(action, TradeStars)):
            return super().wrong_phase_message(state, action)
        if phase is Phase.FORTIFY and claimed and isinstance(action, Attack | Blitz):
            return "no more attacks after claiming an objective"
        if isinstance(action, Claim):
            return "every territory is claimed"
        if isinstance(action, ClaimObjective):
            if claimed:
                return "only one objective may be claimed each turn"
            return "an objective is claimed after attacking and before maneuvering"
        if isinstance(action, TradeStars):
            return "cards are traded while drafting, before placing the last of your troops"
        if isinstance(action, StartingManeuver):
            return "the Starting Maneuver is one move before your first attack, for its holder"
        return super().wrong_phase_message(state, action)

    # -----------------------------------------------------------------------------------------
    # The log

    def describe(self, event: object, names: Sequence[str], board: Board) -> str | None:
        def place(territory: int) -> str:
            return board.territories[territory].name

        match event:
            case BoardDealt(cities, objectives, rewards):
                shown = "; ".join(
                    OBJECTIVES[o][1] + (f" ({REWARDS[rewards[i]][1]})" if rewards else "")
                    for i, o in enumerate(objectives))
                return f"Cities on {', '.join(place(t) for t in cities)}. Objectives: {shown}."
            case CapitalPlaced(seat, territory):
                return f"{names[seat]} places a capital on {place(territory)}."
            case SetupDealt():  # the automatic setup's claims
                return "The territories are claimed for everyone: those next to each capital first, the rest at random."
            case StarsTraded(seat, cards, stars, armies):
                return (f"{names[seat]} trades {count_text(len(cards), 'card')} worth {stars} stars "
                        f"for {armies_text(armies)}.")
            case ObjectiveClaimed(seat, _slot, objective, reward, airfield):
                text = f"{names[seat]} claims “{OBJECTIVES[objective][1]}”"
                if reward >= 0:
                    text += f" and its reward, {REWARDS[reward][1]}"
                    if airfield >= 0:
                        text += f", on {place(airfield)}"
                return text + "."
            case ObjectivesTaken(seat, by, slots):
                return f"{names[by]} takes {names[seat]}'s {count_text(len(slots), 'objective')}."
            case RewardsLost(seat, slots):
                return (f"{names[seat]}'s {count_text(len(slots), 'reward')} "
                        f"{verb_for(len(slots), 'leaves', 'leave')} the game.")
        return None


__all__ = ["CAPITAL", "RevisedFlow", "ext", "settings"]
