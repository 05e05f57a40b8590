"""Bots for the Revised edition (2008): the rule-of-thumb player taught capitals, cities, objectives, star cards
and rewards, and the planner that plays it out.

:class:`RevisedBot` is :class:`~risk.ai.heuristic.HeuristicBot` (the ``easy`` and ``normal`` levels) with the
edition's knowledge on top:

* **setup**: the capital goes where it can be held (few borders, a continent that is cheap to keep, cities near
  it, away from the capitals already placed); claims favour cities and the capital's surroundings; the starting
  armies guard the capital first;
* **objectives**: every open objective is read for what it still needs (cities, capitals, a continent, captures
  "in one turn") and what that would cost in defending armies (:class:`Outlook`); the cheapest one within reach
  becomes the turn's focus, and its territories are worth more as prizes, so attacks and the draft go towards
  it. Once the attacks are done the best claimable objective is claimed (worth more than the turn's card it
  costs), an Airfield placed on the main front; a player one objective from winning (with its capital) has its
  capital attacked at almost any odds, and a weak player holding objectives is worth eliminating (they pass to
  the eliminator);
* **the capital** is defended as the classic headquarters is: reinforcements, armies kept behind, free moves;
* **star cards** are held for the superlinear table (10 stars are 30 armies) unless the armies are needed now:
  the capital in danger, an objective just out of reach, or a hand that an elimination would hand over;
* **rewards**: the Starting Maneuver brings idle armies to the turn's first battle; battle odds use each battle's
  dice model (Attack and Defense Dice, Airfields) from the edition's flow, cached per model.

:class:`RevisedPlanner` is the ``hard`` level: :class:`~risk.ai.planner.PlannerBot` playing its plans out with
these players and scoring a position by strength and objectives held. Everything reads only the public view:
the edition's objectives, capitals, cities and rewards are on the table for all to see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from risk.actions import Action, Blitz, Claim, EndTurn, Occupy
from risk.ai.analysis import Survey, board_info, income, people_alive, room
from risk.ai.heuristic import EASY, NORMAL, HeuristicBot, Skill, _Prizes
from risk.ai.planner import Plan, PlannerBot
from risk.board import Board
from risk.deck import deck_for
from risk.dice import PLAIN, DiceModel
from risk.engine import occupy_range
from risk.flow import flow_for
from risk.rules.revised import OBJECTIVES, REWARDS
from risk.rules.revised.actions import ClaimObjective, PlaceCapital, StartingManeuver, TradeStars
from risk.rules.revised.flow import CAPITAL, RevisedFlow, ext, settings
from risk.state import GameState, Phase

REWARD_VALUE = {  # armies each reward is worth to its holder
    "airfield": 3.0, "additional-maneuver": 2.0, "starting-maneuver": 2.0, "guaranteed-card": 3.5,
    "attack-die": 5.0, "defense-die": 4.0, "two-troops": 6.0,
}


@dataclass(frozen=True)
class Weights:
    """What the edition's prizes are worth to a :class:`RevisedBot`, in armies, and how it shares its draft."""

    objective: float = 14.0  # an objective: a third of the way to winning
    win: float = 80.0  # the objective that wins the game (the goal's last one, with the capital held)
    card: float = 3.5  # a card, on average (1.3 stars, traded high in the table)
    city: float = 1.0  # a city: a third of an army a turn, and the city objectives
    capital: float = 2.0  # a capital: an army a turn to whoever holds it
    block: float = 30.0  # taking the capital of a player one objective from winning
    focus_share: float = 0.7  # share of an objective's worth spread over its captures, for the turn's focus
    other_share: float = 0.2  # ... and for the other objectives within reach
    capital_share: float = 0.6  # most of a draft for the capital while the win is more than one objective away
    guard_income: float = 1.0  # share of a neighbour's next draft the capital's guard counts on
    guard_margin: int = 2  # armies more than that on the capital ...
    guard_per_objective: int = 2  # ... and more for each objective held
    capital_border: float = 1.0  # a capital's cost for each border it has
    capital_city: float = 0.0  # ... and its worth for a city on it (and 0.4 for each next to it): none, it
    # draws the attacks of the players going for cities (measured: a capital on a city wins less often)
    capital_appeal: float = 2.0  # ... for its continent's appeal (bonus for the effort, the best at 1)
    capital_inside: float = 0.2  # ... for each neighbour in its own continent
    capital_apart: float = 3.0  # its cost next to a capital placed already
    capital_crowd: float = 1.5  # ... for each capital in its continent already
    claim_city: float = 1.2  # a claim's worth for a city on it (a continent's appeal is about 0.1 to 0.3)
    claim_capital: float = 1.5  # ... for bordering our capital (its shield: first, before the cities)
    claim_friend: float = 0.05  # ... for each neighbour of ours
    setup_guard: int = 15  # starting armies go to the capital until it has this many more than its neighbours


WEIGHTS = Weights()
# What "in one turn" and counting objectives ask for; the flow's objective_gap decides whether one is met.
COUNTS = {"cities-8": 8, "cities-11": 11, "cities-4-in-a-turn": 4, "enemy-capital": 1, "enemy-capitals-2": 2,
          "territories-10-in-a-turn": 10, "territories-18": 18}
DICE_REWARDS = ("attack-die", "defense-die", "airfield")  # the rewards that change a battle's dice
IN_A_TURN = ("cities-4-in-a-turn", "continent-in-a-turn", "territories-10-in-a-turn")
INFEASIBLE = 1e9
_NONE: list[int] = []  # no targets (shared, never changed)
_CONTINENTS: dict[tuple[str, str], int] = {}


CARELESS_GUARD = 2  # the careless player's capital takes starting armies until it has this many over its threat


def _continent_index(board: Board, key: str) -> int:
    """The index of the continent an objective names ("north-america" is ``north_america``)."""
    index = _CONTINENTS.get((board.id, key))
    if index is None:
        index = _CONTINENTS[board.id, key] = next(
            i for i, c in enumerate(board.continents) if c.id == key.replace("-", "_"))
    return index


def revised_flow(state: GameState) -> RevisedFlow:
    """The edition's flow, for its public helpers (objectives met, trades, dice models)."""
    flow = flow_for(state.rules)
    assert isinstance(flow, RevisedFlow)
    return flow


def goal_of(state: GameState) -> int:
    """Objectives that win (with the capital); more than there are in World Conquest."""
    family = settings(state.rules)
    return 1_000 if family.world_conquest else family.goal


def hand_stars(state: GameState, seat: int) -> int:
    """Stars in a seat's hand as that seat sees it (its own cards)."""
    stars = deck_for(state.rules).stars
    return sum(stars[c] for c in state.hands[seat] if c >= 0)


class Outlook:
    """One seat's reading of the open objectives at one moment (its own turn): for each slot what it is worth,
    how many captures it still needs and what they would cost in defending armies; the turn's ``focus`` (the
    cheapest one within reach, -1 for none); and ``bonus[t]``, the worth that taking territory ``t`` adds
    through the objectives."""

    __slots__ = ("bonus", "cost", "focus", "in_a_turn", "need", "reach", "targets", "value")

    def __init__(self, state: GameState, sv: Survey, aim: int = -1, weights: Weights = WEIGHTS) -> None:
        extra, board = ext(state), state.board
        owner, armies, neighbours = state.owner, state.armies, board.neighbours
        me, size, mine = sv.me, board.size, sv.mine
        info = sv.info
        slots = len(extra.objectives)
        held_now = 0
        for t in mine:
            held_now |= 1 << t
        at_start = extra.start_owned if me == state.current else held_now
        reach = 0
        near = [False] * size  # enemy territories next to one of ours
        for t in mine:
            if sv.front[t]:
                reach += armies[t] - 1
                for n in neighbours[t]:
                    if owner[n] != me:
                        near[n] = True
        if state.phase is Phase.REINFORCE:
            reach += state.reserve[me]
        self.reach = reach
        self.value = value = [0.0] * slots
        self.need = needs = [0] * slots
        self.cost = costs = [INFEASIBLE] * slots
        self.targets = all_targets = [_NONE] * slots
        self.in_a_turn = in_a_turn = [False] * slots
        goal, held = goal_of(state), extra.objectives_of(me)
        capital = extra.capitals[me]
        capital_held = capital >= 0 and owner[capital] == me
        enemy_cities = [t for t in extra.cities if owner[t] != me]
        whole = [c for c, who in enumerate(sv.holder) if who == me]

        def price(t: int) -> float:
            return armies[t] + (1.0 if near[t] else 4.0)

        def cheapest(members: tuple[int, ...] | list[int]) -> list[int]:
            return sorted((t for t in members if owner[t] != me), key=lambda t: (price(t), t))

        for slot, objective in enumerate(extra.objectives):
            if extra.holders[slot] >= 0:
                continue
            key = OBJECTIVES[objective][0]
            reward = REWARD_VALUE.get(REWARDS[extra.rewards[slot]][0], 0.0) if extra.rewards else 0.0
            if goal > slots:
                value[slot] = reward + 2.0  # World Conquest: objectives bring only their rewards
            elif held + 1 >= goal:
                value[slot] = weights.win if capital_held else weights.objective + reward
            else:
                value[slot] = weights.objective + reward
            in_a_turn[slot] = key in IN_A_TURN
            # What is still needed (``need`` captures among ``targets``, cheapest first).
            targets: list[int]
            if key in ("cities-8", "cities-11"):
                need = COUNTS[key] - (len(extra.cities) - len(enemy_cities))
                targets = sorted(enemy_cities, key=lambda t: (price(t), t)) if need > 0 else _NONE
            elif key == "cities-4-in-a-turn":
                need = COUNTS[key] - sum(1 for t in extra.cities if owner[t] == me and not at_start >> t & 1)
                targets = sorted(enemy_cities, key=lambda t: (price(t), t)) if need > 0 else _NONE
            elif key in ("enemy-capital", "enemy-capitals-2"):
                theirs = [t for s, t in enumerate(extra.capitals) if s != me and t >= 0]
                targets = [t for t in theirs if owner[t] != me]
                need = COUNTS[key] - (len(theirs) - len(targets))
                targets.sort(key=lambda t: (price(t), t))
            elif key == "territories-18":
                need = COUNTS[key] - len(mine)
                targets = cheapest(range(size)) if need > 0 else _NONE  # type: ignore[arg-type]
            elif key == "territories-10-in-a-turn":
                need = COUNTS[key] - bin(held_now & ~at_start).count("1")
                targets = cheapest(range(size)) if need > 0 else _NONE  # type: ignore[arg-type]
            elif key == "two-continents":
                need = 2 - len(whole)
                if need > 0:
                    ways = sorted((sum(price(t) for t in members if owner[t] != me), c)
                                  for c, members in enumerate(info.members) if sv.holder[c] != me)
                    targets = cheapest([t for _, c in ways[:need] for t in info.members[c]])
                    need = len(targets)
                else:
                    targets = _NONE
            elif key == "continent-in-a-turn":
                fresh = [c for c, members in enumerate(info.members) if not any(at_start >> t & 1 for t in members)]
                if any(c in whole for c in fresh):
                    need, targets = 0, _NONE
                else:
                    ways = sorted((sum(price(t) for t in info.members[c] if owner[t] != me), c) for c in fresh)
                    targets = cheapest(info.members[ways[0][1]]) if ways else _NONE
                    need = len(targets) if ways else 1
            else:  # a continent to control
                c = _continent_index(board, key)
                targets = cheapest(info.members[c])
                need = len(targets)
            if need <= 0:
                costs[slot] = 0.0
                continue
            if len(targets) < need:
                continue
            needs[slot] = need
            all_targets[slot] = targets
            costs[slot] = sum(price(t) for t in targets[:need])
        # The focus: the objective a plan aims at, else the best worth for its cost among those within reach
        # (this turn for the "in one turn" ones, in a few turns for the others).
        focus, best = -1, 0.0
        for slot in range(slots):
            cost = costs[slot]
            if not needs[slot] or cost > (1.0 if in_a_turn[slot] else 2.5) * max(reach, 1):
                continue
            worth = value[slot] / (cost + 2.0)
            if worth > best:
                focus, best = slot, worth
        if 0 <= aim < slots and needs[aim]:
            focus = aim
        self.focus = focus
        bonus = [0.0] * size
        for slot in range(slots):
            need = needs[slot]
            if not need or (slot != focus and (in_a_turn[slot] or costs[slot] > 2.5 * max(reach, 1))):
                continue
            share = (weights.focus_share if slot == focus else weights.other_share) * value[slot] / need
            for t in all_targets[slot] if slot == focus else all_targets[slot][:need + 2]:
                bonus[t] += share
        self.bonus = bonus

    def met(self) -> list[int]:
        """The open slots whose objective is met now."""
        return [slot for slot, cost in enumerate(self.cost) if cost == 0.0]


class _RevisedPrizes(_Prizes):
    """The classic prizes, plus cities, capitals, the objectives a capture brings closer, a leader's capital
    taken and a beaten player's objectives; the turn's card is worth its stars, and nothing when an objective
    will be claimed instead."""

    __slots__ = ("extra",)

    def __init__(self, bot: RevisedBot, state: GameState, sv: Survey) -> None:
        super().__init__(bot, state, sv)
        revised = ext(state)
        me = sv.me
        outlook = bot.outlook(state, sv)
        claiming = bool(outlook.met()) and not revised.claimed
        guaranteed = revised.has_reward(me, "guaranteed-card")
        weights = bot.weights
        self.card = weights.card if not (state.captured or claiming or guaranteed) and (state.deck or state.discard) \
            else 0.0
        extra = outlook.bonus[:]
        for t in revised.cities:
            extra[t] += weights.city
        goal = goal_of(state)
        self.urgent = urgent = set()
        for seat, capital in enumerate(revised.capitals):
            if capital < 0 or seat == me:
                continue
            extra[capital] += weights.capital
            owner = state.owner[capital]
            if owner == seat and state.alive[seat] and revised.objectives_of(seat) + 1 >= goal:
                # It wins at the end of its next turn unless it loses its capital: take it, or get closer.
                extra[capital] += weights.block
                urgent.add(capital)
                for n in state.board.neighbours[capital]:
                    if state.owner[n] != me:
                        extra[n] += weights.block / 4
        # A player about to be knocked out hands over its objectives.
        for enemy, left in enumerate(self.counts):
            objectives = revised.objectives_of(enemy) if enemy != me and 0 < left <= 3 else 0
            if objectives:
                worth = weights.objective * objectives / (1 if left == 1 else 2 * left)
                for t, who in enumerate(state.owner):
                    if who == enemy:
                        extra[t] += worth
        self.extra = extra

    def worth(self, target: int) -> float:
        return super().worth(target) + self.extra[target]


class RevisedBot(HeuristicBot):
    """The rule-of-thumb player of the Revised edition (see the module docstring)."""

    def __init__(self, seed: int = 0, skill: Skill = NORMAL, weights: Weights = WEIGHTS) -> None:
        super().__init__(seed, skill)
        self.weights = weights
        self.aim = -1  # a planner's choice of objective to go for this turn (-1: choose)
        self._outlook: tuple[object, Outlook] | None = None

    def pressure(self, state: GameState) -> float:
        """Never pressed to end a long game: the edition's own rules end its games, on its own board (this bot's
        play stays as measured in its own ladder)."""
        return 0.0

    # -- the protocol ----------------------------------------------------------------------------

    def decide(self, state: GameState) -> Action:
        if state.phase is CAPITAL:
            return self._capital(state)
        return super().decide(state)

    def outlook(self, state: GameState, sv: Survey) -> Outlook:
        """The objectives read for this position (kept while the board and the turn stay the same)."""
        key = (state.turn, state.phase, tuple(state.owner), tuple(state.armies), state.reserve[sv.me], self.aim)
        known = self._outlook
        if known is not None and known[0] == key:
            return known[1]
        outlook = Outlook(state, sv, self.aim, self.weights)
        self._outlook = (key, outlook)
        return outlook

    # -- setup -----------------------------------------------------------------------------------

    def _capital(self, state: GameState) -> Action:
        """Where a capital can be held: few borders, a continent cheap to keep, cities near it, and away from
        the capitals already placed (their owners will claim around them)."""
        board, owner = state.board, state.owner
        info = board_info(board)
        neighbours = board.neighbours
        extra = ext(state)
        city = set(extra.cities)
        theirs = [t for t in extra.capitals if t >= 0]
        near_theirs = {n for t in theirs for n in (t, *neighbours[t])}
        continents_taken = [info.continent_of[t] for t in theirs]
        top = max(info.appeal)
        w = self.weights

        def score(t: int) -> tuple[float, int]:
            c = info.continent_of[t]
            inside = sum(1 for n in neighbours[t] if info.continent_of[n] == c)
            value = w.capital_appeal * info.appeal[c] / top + w.capital_inside * inside
            value += w.capital_city * ((t in city) + 0.4 * sum(1 for n in neighbours[t] if n in city))
            value -= w.capital_border * len(neighbours[t])
            value -= w.capital_apart * (t in near_theirs) + w.capital_crowd * continents_taken.count(c)
            return value, -t

        free = sorted((t for t, who in enumerate(owner) if who < 0), key=score, reverse=True)
        if self.skill.spread:  # the careless player takes one of the better places, not the best
            return PlaceCapital(self._pick(free[:max(1, len(free) // 3)]))
        return PlaceCapital(free[0])

    def _claim(self, state: GameState) -> Action:
        """The classic claims (continents where we are strongest), drawn to cities and to our capital."""
        if self.skill.spread:
            return super()._claim(state)
        owner, me = state.owner, state.current
        sv = Survey(state, me)
        info, neighbours = sv.info, state.board.neighbours
        extra = ext(state)
        city = set(extra.cities)
        capital = extra.capitals[me]
        home = info.continent_of[capital] if capital >= 0 else -1
        w = self.weights
        others = [0] * len(info.members)
        for t, who in enumerate(owner):
            if who >= 0 and who != me:
                others[info.continent_of[t]] += 1

        def score(t: int) -> tuple[float, int]:
            c = info.continent_of[t]
            base = info.appeal[c] * (1 + sv.count_in[c]) / (1 + 1.5 * others[c])
            friends = sum(1 for n in neighbours[t] if owner[n] == me)
            around = w.claim_city * (t in city) + w.claim_capital * (capital in neighbours[t]) + 0.05 * (c == home)
            return base + w.claim_friend * friends + around, -t

        return Claim(max((t for t, who in enumerate(owner) if who < 0), key=score))

    def site_short(self, state: GameState, sv: Survey) -> int:
        """The capital, while it holds fewer than ``Weights.setup_guard`` armies over its threat (the careless
        player only :data:`CARELESS_GUARD`: it spreads the rest, but never leaves its capital to the first attack)."""
        capital = ext(state).capitals[sv.me]
        guard = CARELESS_GUARD if self.skill.spread else self.weights.setup_guard
        if capital >= 0 and state.armies[capital] < guard + sv.threat[capital] and room(state, capital) > 0:
            return capital
        return -1

    def setup_spot(self, state: GameState, sv: Survey) -> int:
        """The capital first, while it is weaker than what borders it; then the classic fronts."""
        capital = ext(state).capitals[sv.me]
        if capital >= 0 and state.armies[capital] < self.weights.setup_guard + sv.threat[capital] \
                and room(state, capital) > 0:
            return capital
        return super().setup_spot(state, sv)

    # -- the draft -------------------------------------------------------------------------------

    def _reinforce(self, state: GameState) -> Action:
        trade = self.star_trade(state)
        return trade if trade is not None else super()._reinforce(state)

    def star_trade(self, state: GameState) -> TradeStars | None:
        """The trade of the most stars (up to 10) when it is time: at the skill's value (10 stars for the
        careful player), or sooner when the armies are needed now."""
        choices = revised_flow(state).list_trades(state)
        if not choices:
            return None
        stars = deck_for(state.rules).stars
        trades = [c.action for c in choices if isinstance(c.action, TradeStars)]
        best = max(trades, key=lambda a: (sum(stars[c] for c in a.cards), -len(a.cards)))
        value = revised_flow(state).star_value(state.rules, sum(stars[c] for c in best.cards))
        want = self.trade_mode
        if want is None:
            want = value >= self.skill.star_trade_at or self.needs_armies(state, value)
        return best if want else None

    def needs_armies(self, state: GameState, value: int) -> bool:
        """Whether a trade's armies are wanted now rather than later: the capital short of its defenders, an
        objective (or a rival's capital) within reach only with them, or few territories left to lose the
        hand with."""
        me = state.current
        sv = Survey(state, me)
        extra = ext(state)
        if len(sv.mine) <= 4:
            return True
        capital = extra.capitals[me]
        reserve = state.reserve[me]
        if self.capital_guard(state, sv) > state.armies[capital] + reserve:
            return True
        if capital >= 0 and state.owner[capital] != me:
            return True  # without the capital there is no win
        outlook = self.outlook(state, sv)
        for slot, cost in enumerate(outlook.cost):
            if outlook.need[slot] and outlook.value[slot] >= self.weights.objective and \
                    outlook.reach < cost <= outlook.reach + value:
                return True
        goal = goal_of(state)
        return any(extra.objectives_of(p) + 1 >= goal for p in people_alive(state) if p != me)

    def placements(self, state: GameState, sv: Survey, reserve: int) -> list[tuple[int, int]]:
        """The capital first, up to what it lacks against its neighbours' next draft (all of the armies once the
        win is one objective away, most of them before); the rest the classic way."""
        capital = ext(state).capitals[sv.me]
        need = self.capital_guard(state, sv) - state.armies[capital] if capital >= 0 else 0
        if need <= 0 or self.skill.spread:
            return super().placements(state, sv, reserve)
        share = 1.0 if ext(state).objectives_of(sv.me) + 1 >= goal_of(state) else self.weights.capital_share
        give = min(need, max(1, int(reserve * share)), room(state, capital))
        if give >= reserve:
            return [(capital, reserve)]
        return [(capital, give), *super().placements(state, sv, reserve - give)]

    def capital_guard(self, state: GameState, sv: Survey) -> int:
        """Armies our capital should hold: what the strongest enemy stack next to it, or one step further (less
        what stands between), could attack with after its owner's next draft, and a margin that grows as our win
        nears (0 when the capital is not ours, or no enemy is that close)."""
        capital = ext(state).capitals[sv.me]
        if capital < 0 or state.owner[capital] != sv.me:
            return 0
        owner, armies, weights = state.owner, state.armies, self.weights
        neighbours = state.board.neighbours
        strongest, close = 0, False
        drafts: dict[int, int] = {}

        def draft(enemy: int) -> int:
            if enemy not in drafts:
                drafts[enemy] = int(weights.guard_income * income(state, enemy))
            return drafts[enemy]

        for n in neighbours[capital]:
            enemy = owner[n]
            if enemy != sv.me:
                close = True
                strongest = max(strongest, armies[n] - 1 + draft(enemy))
                continue
            for far in neighbours[n]:  # an enemy beyond a territory of ours must get through it first
                enemy = owner[far]
                if enemy != sv.me:
                    close = True
                    strongest = max(strongest, armies[far] - 1 + draft(enemy) - 2 * armies[n])
        if not close:
            return 0
        return max(strongest, 0) + weights.guard_margin + weights.guard_per_objective * ext(state).objectives_of(sv.me)

    def staging(self, state: GameState, sv: Survey) -> int:
        """Next to the focus objective's territories when it is within reach this turn; else the classic way."""
        outlook = self.outlook(state, sv)
        focus = outlook.focus
        if focus >= 0 and outlook.cost[focus] <= outlook.reach:
            armies, neighbours = state.armies, state.board.neighbours
            wanted = set(outlook.targets[focus][:outlook.need[focus]])
            best, best_key = -1, (0.0, 0)
            for t in sv.mine:
                if not sv.front[t] or room(state, t) <= 0:
                    continue
                targets = [n for n in neighbours[t] if n in wanted]
                if targets:
                    key = (armies[t] - min(armies[n] for n in targets) + 0.5 * len(targets), -t)
                    if best < 0 or key > best_key:
                        best, best_key = t, key
            if best >= 0:
                return best
        return super().staging(state, sv)

    # -- attacks, the claim, the Starting Maneuver -------------------------------------------------

    def prizes(self, state: GameState, sv: Survey) -> _Prizes:
        return _RevisedPrizes(self, state, sv)

    def battle_models(self, state: GameState) -> Callable[[int, int], DiceModel] | None:
        extra = ext(state)
        if not extra.rewards:
            return None
        # Only a player holding a reward that changes dice (a bonus die, an airfield) changes a battle.
        changes = {who for slot, who in enumerate(extra.rewarded)
                   if who >= 0 and REWARDS[extra.rewards[slot]][0] in DICE_REWARDS}
        if not changes:
            return None
        flow, owner, me = revised_flow(state), state.owner, state.current

        def model(source: int, target: int) -> DiceModel:
            if me in changes or owner[target] in changes:
                return flow.battle_model(state, source, target)
            return PLAIN

        return model

    def keep_behind(self, state: GameState, sv: Survey, source: int) -> int:
        if source == ext(state).capitals[sv.me] and not self.skill.spread:
            return max(0, self.capital_guard(state, sv) - 1)
        return super().keep_behind(state, sv, source)

    def _attack(self, state: GameState) -> Action:
        flow = revised_flow(state)
        if flow.meets_goal(state, state.current):
            # Three objectives and the capital held: the win comes at the end of the turn (000_… §6), and nothing
            # in our own turn can take either away.
            return EndTurn()
        if flow.can_start_maneuver(state):
            move = self.starting_maneuver(state)
            if move is not None:
                return move
        action = super()._attack(state)
        if isinstance(action, Blitz):
            return action
        claim = self.claim(state)
        return claim if claim is not None else action

    def claim(self, state: GameState) -> ClaimObjective | None:
        """The objective to claim now that the attacks are done: the best worth among those met (an "in one
        turn" one first, since it will not last), if it is worth more than the turn's card it costs."""
        flow = revised_flow(state)
        slots = flow.claimable(state)
        if not slots:
            return None
        sv = Survey(state, state.current)
        outlook = self.outlook(state, sv)

        def worth(slot: int) -> tuple[float, int]:
            return outlook.value[slot] + 4.0 * outlook.in_a_turn[slot], -slot

        slot = max(slots, key=worth)
        extra = ext(state)
        card = self.weights.card if state.captured and not extra.has_reward(state.current, "guaranteed-card") else 0.0
        if worth(slot)[0] <= card:
            return None
        return ClaimObjective(slot, self.airfield_spot(state, sv) if flow.airfield_reward(state, slot) else -1)

    def airfield_spot(self, state: GameState, sv: Survey) -> int:
        """Our territory whose airfield covers the most armies on our fronts (and the capital), and that we can
        keep."""
        owner, armies, neighbours = state.owner, state.armies, state.board.neighbours
        capital = ext(state).capitals[sv.me]

        def score(t: int) -> tuple[float, int]:
            covered = (t, *neighbours[t])
            value = float(sum(armies[u] for u in covered if owner[u] == sv.me and sv.front[u]))
            value += 5.0 * (capital in covered and owner[capital] == sv.me)
            value -= 2.0 * max(0, sv.threat[t] - armies[t])
            return value, -t

        return max(sv.mine, key=score)

    def starting_maneuver(self, state: GameState) -> StartingManeuver | None:
        """The Starting Maneuver: the largest idle army to where the first battle will be fought (or to the
        capital if it is short), or nothing worth moving."""
        me = state.current
        sv = Survey(state, me)
        armies = state.armies
        capital = ext(state).capitals[me]
        if capital >= 0 and state.owner[capital] == me and sv.front[capital] and \
                armies[capital] <= sv.threat[capital]:
            goal = capital
        else:
            first = self.best_attack(state, sv)
            goal = first.source if first is not None else self.staging(state, sv)
        flow = revised_flow(state)
        idle = [t for t in sv.mine if armies[t] > 1 and not sv.front[t]]
        for source in sorted(idle, key=lambda t: (-armies[t], t)):
            if goal in flow.reachable(state, source):
                count = min(armies[source] - 1, room(state, goal))
                if count > 0:
                    return StartingManeuver(source, goal, count)
        return None

    def _occupy(self, state: GameState) -> Action:
        """Leave the capital its defenders when attacking out of it; else the classic move-in."""
        me = state.current
        source = state.battle_source
        if source == ext(state).capitals[me] and not self.skill.spread:
            low, high = occupy_range(state)
            keep = self.capital_guard(state, Survey(state, me)) - 1
            return Occupy(max(low, min(high, high - keep)))
        return super()._occupy(state)

    # -- free moves ------------------------------------------------------------------------------

    def _danger(self, state: GameState, sv: Survey) -> list[float]:
        danger = super()._danger(state, sv)
        capital = ext(state).capitals[sv.me]
        if capital >= 0 and state.owner[capital] == sv.me and sv.front[capital]:
            danger[capital] += 5.0 + 3.0 * ext(state).objectives_of(sv.me)
        return danger


# The strength of an objective held, of one more with the capital held (the win in sight), of the capital
# itself, in armies; and the share an objective keeps without its holder's capital.
SHARE_WEIGHTS = (28.0, 28.0, 0.0, 0.6)


def revised_share(state: GameState, me: int, weights: tuple[float, float, float, float] = SHARE_WEIGHTS) -> float:
    """``me``'s share of the table's strength, objectives counted: armies, income and cards as in the classic
    planner, each objective held worth many armies (less without the capital), and more when the win is one
    objective away with the capital held."""
    if state.over:
        return 1.0 if state.winner == me else 0.0
    if not state.alive[me]:
        return 0.0
    extra = ext(state)
    owner, armies = state.owner, state.armies
    goal = goal_of(state)
    per_objective, in_sight, home, away = weights
    total = mine = 0.0
    for p in people_alive(state):
        held = sum(a for a, o in zip(armies, owner) if o == p)
        objectives = extra.objectives_of(p)
        capital = extra.capitals[p]
        at_home = capital >= 0 and owner[capital] == p
        strength = held + 3.0 * income(state, p) + 1.5 * len(state.hands[p]) + home * at_home
        strength += per_objective * objectives * (1.0 if at_home else away)
        if objectives + 1 >= goal and at_home:
            strength += in_sight
        total += strength
        if p == me:
            mine = strength
    return mine / total if total else 0.0


class RevisedPlanner(PlannerBot):
    """The ``hard`` level of the Revised edition: plans played out by :class:`RevisedBot` players, with
    plans that aim at each of the objectives most worth their cost (``aims`` of them)."""

    aims = 2
    share_weights = SHARE_WEIGHTS
    # Plans that hold the capital with all the draft, or leave it to its own armies.
    tweaks: tuple[Weights, ...] = (
        Weights(capital_share=1.0, guard_margin=6),
        Weights(capital_share=0.0, guard_margin=0, guard_income=0.0),
    )

    def make_policy(self, seed: int, skill: Skill) -> HeuristicBot:
        return RevisedBot(seed, skill)

    def score(self, state: GameState, me: int) -> float:
        return revised_share(state, me, self.share_weights)

    def plans(self, view: GameState) -> list[Plan]:
        """The classic plans (where to mass, how boldly, trade or not), and one for each of the objectives
        most worth their cost besides the one the policy would go for."""
        plans = super().plans(view)
        policy = self.policy
        assert isinstance(policy, RevisedBot)
        policy.aim = -1
        outlook = policy.outlook(view, Survey(view, view.current))
        aims = sorted((slot for slot, need in enumerate(outlook.need) if need and slot != outlook.focus),
                      key=lambda slot: (-outlook.value[slot] / (outlook.cost[slot] + 2.0), slot))
        trade = plans[0].trade
        plans += [Plan(-1, NORMAL, trade, slot) for slot in aims[:self.aims]]
        return plans + [Plan(-1, NORMAL, trade, -1, tweak) for tweak in self.tweaks]

    def adopt(self, policy: HeuristicBot, plan: Plan) -> None:
        super().adopt(policy, plan)
        assert isinstance(policy, RevisedBot)
        policy.aim = plan.aim
        policy.weights = plan.tweak if isinstance(plan.tweak, Weights) else WEIGHTS

    def trade_options(self, view: GameState) -> list[bool | None]:
        """Trade now or hold, when a trade is possible and short of the table's top."""
        choices = revised_flow(view).list_trades(view)
        return [True, False] if choices and hand_stars(view, view.current) < 10 else [None]


def make_revised_bot(level: str, seed: int) -> object:
    """A Revised bot of the named level (random plays any legal action, the edition's ones included)."""
    from risk.ai.random_bot import RandomBot

    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return RevisedBot(seed, EASY)
    if level == "normal":
        return RevisedBot(seed, NORMAL)
    if level == "hard":
        return RevisedPlanner(seed)
    raise ValueError(f"unknown bot level {level!r}")


__all__ = ["Outlook", "RevisedBot", "RevisedPlanner", "make_revised_bot", "revised_share"]
