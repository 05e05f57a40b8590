"""Rule-of-thumb players: the ``easy`` and ``normal`` levels, and the policy the ``hard`` level plans with.

One policy, tuned by a :class:`Skill`. The normal player picks a continent worth going for (its bonus
for its size, its gates and the armies in the way), masses its reinforcements where it can attack into
that continent, shores up the gates of what it holds, attacks when the exact odds
(:func:`risk.odds.attack_odds_float`, with a stop threshold) and the worth of the prize say so, moves
in as the fronts require, brings idle armies from the interior to the front and trades cards when it
must, when the set is worth it, or when a card shows one of its territories. The easy player runs the
same code carelessly: it spreads its armies, sometimes attacks at poor odds, stops attacking on a whim
and often forgets its free move.

A long game presses both (:func:`risk.ai.analysis.stall_pressure`, from round 20, full at round 30): an enemy army
destroyed comes to count as much as one of its own lost, even with several rivals (else stacks of thousands sit
side by side while the card sets grow, and the game never ends on a large board), and the careless player comes to
mass its armies, move in, fortify and keep attacking as the careful one does. Earlier turns are played as before.

Every decision is built straight from the state (no list of legal actions), so a choice costs well
under a millisecond; the few random choices come from the bot's own generator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from risk import rng
from risk.actions import (
    AcceptRoll,
    Action,
    Blitz,
    ChooseHeadquarters,
    Claim,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Reroll,
    UseCommander,
)
from risk.ai.analysis import Survey, distance_to_front, income, next_set_value, room, stall_pressure
from risk.ai.random_bot import any_legal_action
from risk.dice import PLAIN, DiceModel
from risk.engine import must_trade, occupy_range, reachable, tradable_sets, trade
from risk.missions import effective
from risk.odds import attack_odds_float as _attack_odds_float
from risk.odds import best_decision
from risk.state import GameState, Phase
from risk.visibility import public_view

# Secret missions: a continent of one's mission counts this many times more; the last territory of the player
# one is to destroy is worth this many armies (it wins the game).
MISSION_PULL, MISSION_TARGET = 1.5, 40.0
# Battles larger than this are decided as if this large: the odds hardly change, the cost does.
ODDS_CLAMP = 40
DECISION_CLAMP = 20


@dataclass(frozen=True)
class Skill:
    """How well a heuristic player plays: thresholds, and how often it is careless."""

    attack_odds: float = 0.6  # least P(conquer) to start a battle
    card_odds: float = 0.45  # least P(conquer) while this turn's card is still to be earned
    trade_at: int = 8  # trade a set (when not forced) once it is worth this many armies
    defend_share: float = 0.4  # most of the reinforcements that go to shore up held continents
    spread: bool = False  # place a few armies at a time on random fronts instead of massing them
    blunder: float = 0.0  # chance, at each attack decision, of an attack at poor odds
    give_up: float = 0.0  # chance, after each battle, of attacking no more this turn
    forget_fortify: float = 0.0  # chance of skipping the free move
    loss_weight: float = 1.0  # cost of an army lost, against the worth of what is captured
    kill_weight: float = 0.5  # worth of an enemy army destroyed
    min_gain: float = 1.0  # least expected gain (in armies) that makes a battle worth starting
    star_trade_at: int = 30  # Revised: trade star cards (when not in need) once they are worth this many armies


NORMAL = Skill()
EASY = Skill(
    attack_odds=0.5, card_odds=0.4, trade_at=0, defend_share=0.0, spread=True, blunder=0.15, give_up=0.2,
    forget_fortify=0.5, loss_weight=0.6, kill_weight=0.5, min_gain=0.5, star_trade_at=0,
)


_ODDS: dict[tuple[int, int, int], tuple[float, float, float]] = {}
_MODEL_ODDS: dict[DiceModel, dict[tuple[int, int, int], tuple[float, float, float]]] = {}


def odds(attackers: int, defenders: int, stop_at: int = 0, model: DiceModel = PLAIN) -> tuple[float, float, float]:
    """``(P(conquer), attacking armies lost, defending armies lost)`` expected from a battle fought until
    the territory falls or the attacking armies are down to ``stop_at``, under the dice ``model`` of that
    battle (an edition's bonus dice and pluses: ``flow_for(rules).battle_model(state, source, target)``).

    Battles larger than :data:`ODDS_CLAMP` are worked out scaled down to that size, keeping the ratio
    of the armies, and their losses scaled back up: close enough for a bot, and fast. Answers are kept,
    per model (there are at most ``ODDS_CLAMP ** 3`` of them for each).
    """
    largest = max(attackers, defenders)
    scale = largest / ODDS_CLAMP if largest > ODDS_CLAMP else 1.0
    if scale > 1.0:
        attackers = max(1, round(attackers / scale))
        defenders = max(1, round(defenders / scale))
        stop_at = min(attackers - 1, round(stop_at / scale))
    key = (attackers, defenders, stop_at)
    cache = _ODDS if model is PLAIN else _MODEL_ODDS.setdefault(model, {})
    known = cache.get(key)
    if known is None:
        result = _attack_odds_float(attackers, defenders, stop_at=stop_at, model=model)
        known = cache[key] = (
            result.p_conquer, attackers - result.expected_attackers_left, defenders - result.expected_defenders_left)
    if scale > 1.0:
        return known[0], known[1] * scale, known[2] * scale
    return known


class HeuristicBot:
    """A rule-of-thumb player; see the module docstring. ``stage`` lets a planner fix where to mass."""

    def __init__(self, seed: int = 0, skill: Skill = NORMAL) -> None:
        self.rng = rng.seed_state(seed)
        self.skill = skill
        self.stage = -1  # a planner's choice of staging territory for this turn (-1: choose)
        self.trade_mode: bool | None = None  # a planner's choice: always trade (True), hold (False)
        self._quit = -1  # the turn in which a careless player stopped attacking
        self._placing: tuple[int, int, list[tuple[int, int]]] | None = None  # (turn, reserve, plan)

    # -- randomness of its own ----------------------------------------------------------------

    def _chance(self, p: float) -> bool:
        if p <= 0.0:
            return False
        self.rng, bits = rng.next_u64(self.rng)
        return bits < p * 18446744073709551616.0

    def _pick(self, items: list[int]) -> int:
        self.rng, i = rng.below(self.rng, len(items))
        return items[i]

    # -- the protocol ----------------------------------------------------------------------------

    def choose(self, state: GameState) -> Action:
        """The action for the player to move, decided from what that player may see."""
        return self.decide(public_view(state, state.current))

    def decide(self, state: GameState) -> Action:
        """The action for ``state.current``, reading ``state`` as given (a view, or a planner's copy)."""
        phase = state.phase
        if phase is Phase.ATTACK:
            return self._attack(state)
        if phase is Phase.REINFORCE:
            return self._reinforce(state)
        if phase is Phase.OCCUPY:
            return self._occupy(state)
        if phase is Phase.FORTIFY:
            return self._free_move(state, Survey(state, state.current))
        if phase is Phase.BATTLE:
            return self._battle(state)
        if phase is Phase.CLAIM:
            return self._claim(state)
        if phase is Phase.SETUP:
            return self._setup(state)
        if phase is Phase.HEADQUARTERS:
            return self._headquarters(state)
        return any_legal_action(state, self._below)

    def _below(self, n: int) -> int:
        self.rng, value = rng.below(self.rng, n)
        return value

    # -- continents ------------------------------------------------------------------------------

    def continent_scores(self, state: GameState, sv: Survey) -> list[float]:
        """How much each continent is worth going for now (0 for those held or out of reach)."""
        if sv.scores is not None:
            return sv.scores
        info, owner, armies, me = sv.info, state.owner, state.armies, sv.me
        neighbours = state.board.neighbours
        mission = effective(state, me) if state.missions else None  # its own secret mission, from its view
        pull = mission.continents if mission is not None else ()
        scores = []
        for c, members in enumerate(info.members):
            size, mine = len(members), sv.count_in[c]
            if mine == size:
                scores.append(0.0)
                continue
            in_the_way = 0
            reach = mine > 0
            for t in members:
                if owner[t] != me:
                    in_the_way += armies[t]
                    if not reach:
                        reach = any(owner[n] == me for n in neighbours[t])
            if not reach:
                scores.append(0.0)
                continue
            score = (info.bonus[c] + 1) * (1 + mine / size) / (in_the_way + 2 * len(info.gates[c]) + size - mine)
            scores.append(score * MISSION_PULL if c in pull else score)
        sv.scores = scores
        return scores

    # -- reinforcements --------------------------------------------------------------------------

    def _reinforce(self, state: GameState) -> Action:
        me = state.current
        sets = tradable_sets(state)
        if sets and (must_trade(state) or self._wants_trade(state, sets)):
            return trade(state, self._best_set(state, sets), lambda t: Survey(state, me).threat[t])
        reserve = state.reserve[me]
        memo = self._placing
        if memo is not None and memo[:2] == (state.turn, reserve) and memo[2] and room(state, memo[2][0][0]) > 0:
            plan = memo[2]
        else:
            plan = self.placements(state, Survey(state, me), reserve)
        territory, count = plan[0]
        count = max(1, min(count, reserve, room(state, territory)))
        self._placing = (state.turn, reserve - count, plan[1:])
        return Place(territory, count)

    def _wants_trade(self, state: GameState, sets: list[tuple[int, int, int]]) -> bool:
        if self.trade_mode is not None:
            return self.trade_mode
        skill = self.skill
        value = next_set_value(state)
        if value >= skill.trade_at:
            return True
        me = state.current
        if value >= income(state, me):
            return True
        # A card showing one of our territories brings armies onto it: worth taking with a fair set.
        owner, size = state.owner, state.board.size
        return value >= skill.trade_at - 2 and any(c < size and owner[c] == me for s in sets for c in s)

    def _best_set(self, state: GameState, sets: list[tuple[int, int, int]]) -> tuple[int, int, int]:
        """The set that brings the most card-territory armies and spends the fewest wild cards."""
        owner, size, me = state.owner, state.board.size, state.current
        capped = state.rules.card_territory_bonus_cap > 0

        def worth(cards: tuple[int, int, int]) -> float:
            owned = sum(1 for c in cards if c < size and owner[c] == me)
            wilds = sum(1 for c in cards if c >= size)
            return (min(owned, 1) if capped else owned) * 2 - wilds * 1.5

        return max(sets, key=worth)

    def placements(self, state: GameState, sv: Survey, reserve: int) -> list[tuple[int, int]]:
        """Where this turn's ``reserve`` armies go: ``[(territory, armies), ...]`` (never empty)."""
        if self.skill.spread and not self._chance(self.pressure(state)):
            return self._spread(state, sv, reserve)
        plan: list[tuple[int, int]] = []
        left = reserve
        armies = state.armies
        # Gates of held continents (and the headquarters) that an enemy stack could take.
        budget = int(reserve * self.skill.defend_share)
        for t, need in self.defence_needs(state, sv):
            if budget <= 0:
                break
            give = min(need, budget, room(state, t))
            if give > 0:
                plan.append((t, give))
                budget -= give
                left -= give
        if left > 0:
            stage = self.stage if self.stage >= 0 and state.owner[self.stage] == sv.me else self.staging(state, sv)
            if room(state, stage) >= left:
                plan.append((stage, left))
            else:
                # Under the army cap, fill the staging territory, then the fronts with the most room.
                fronts = sorted((t for t in sv.mine if sv.front[t] and t != stage), key=lambda t: (armies[t], t))
                order = [stage, *fronts, *(t for t in sv.mine if not sv.front[t] and t != stage)]
                for t in order:
                    give = min(left, room(state, t))
                    if give > 0:
                        plan.append((t, give))
                        left -= give
                    if left == 0:
                        break
        if not plan:
            plan.append((sv.mine[0], reserve))
        return plan

    def defence_needs(self, state: GameState, sv: Survey) -> list[tuple[int, int]]:
        """``(territory, armies short)`` for held gates and the headquarters, the most short first."""
        info, armies = sv.info, state.armies
        needs: list[tuple[int, int]] = []
        guarded: set[int] = set()
        for c, gates in enumerate(info.gates):
            if sv.owns(c):
                guarded.update(t for t in gates if sv.front[t])
        hq = state.headquarters[sv.me] if state.rules.headquarters else -1
        if hq >= 0 and state.owner[hq] == sv.me and sv.front[hq]:
            guarded.add(hq)
        for t in guarded:
            short = sv.threat[t] + 1 - armies[t] + (2 if t == hq else 0)
            if short > 0:
                needs.append((t, short))
        needs.sort(key=lambda x: (-x[1], x[0]))
        return needs

    def staging(self, state: GameState, sv: Survey) -> int:
        """The territory to mass on: the strongest way into the best continent, or the best front."""
        owner, armies, neighbours = state.owner, state.armies, state.board.neighbours
        me, info = sv.me, sv.info
        scores = self.continent_scores(state, sv)
        order = sorted(range(len(scores)), key=lambda c: -scores[c])
        for c in order:
            if scores[c] <= 0:
                break
            best, best_key = -1, (-1.0, 0)
            for t in sv.mine:
                if not sv.front[t] or room(state, t) <= 0:
                    continue
                targets = [n for n in neighbours[t] if owner[n] != me and info.continent_of[n] == c]
                if not targets and not (info.continent_of[t] == c and sv.front[t]):
                    continue
                weakest = min((armies[n] for n in targets), default=armies[t])
                key = (armies[t] - weakest + 0.5 * len(targets), -t)
                if key > best_key:
                    best, best_key = t, key
            if best >= 0:
                return best
        fronts = [t for t in sv.mine if sv.front[t] and room(state, t) > 0]
        if not fronts:
            spare = [t for t in sv.mine if room(state, t) > 0]
            return spare[0] if spare else sv.mine[0]
        return max(fronts, key=lambda t: (armies[t] - min(armies[n] for n in neighbours[t] if owner[n] != me), -t))

    def _spread(self, state: GameState, sv: Survey, reserve: int) -> list[tuple[int, int]]:
        """The careless way: a few armies at a time on fronts picked at random."""
        fronts = [t for t in sv.mine if sv.front[t] and room(state, t) > 0]
        fronts = fronts or [t for t in sv.mine if room(state, t) > 0] or sv.mine
        self.rng, extra = rng.below(self.rng, 3)
        return [(self._pick(fronts), min(reserve, 1 + extra))]

    # -- attacks ---------------------------------------------------------------------------------

    def _attack(self, state: GameState) -> Action:
        me = state.current
        skill = self.skill
        if self._quit == state.turn:
            return self._free_move(state, Survey(state, me))
        sv = Survey(state, me)
        choice = self.best_attack(state, sv)
        if skill.blunder and self._chance(skill.blunder):
            careless = self._careless_attack(state, sv)
            if careless is not None:
                choice = careless
        if choice is None or (skill.give_up and state.captured
                              and self._chance(skill.give_up * (1.0 - self.pressure(state)))):
            self._quit = state.turn
            return self._free_move(state, sv)
        return choice

    def keep_behind(self, state: GameState, sv: Survey, source: int) -> int:
        """Attacking armies a battle from ``source`` stops at, to keep a guarded gate guarded."""
        info = sv.info
        c = info.continent_of[source]
        if (sv.holder[c] == sv.me and source in info.gates[c]) or (
                state.rules.headquarters and state.headquarters[sv.me] == source):
            return sv.threat[source] // 2
        return 0

    def best_attack(self, state: GameState, sv: Survey) -> Blitz | None:
        """The battle with the best expected gain that the odds allow, or None."""
        skill = self.skill
        owner, armies, neighbours = state.owner, state.armies, state.board.neighbours
        me = sv.me
        prizes = self.prizes(state, sv)
        model_of = self.battle_models(state)
        threshold = skill.attack_odds if state.captured else skill.card_odds
        # Face to face with a single opponent, an army it loses is worth as much as one of ours; so it comes to be
        # against several as a long game presses (stacks that only watch each other never end it).
        kill_weight = 1.0 if prizes.rivals == 1 else skill.kill_weight
        loss_weight = skill.loss_weight
        press = self.pressure(state)
        if press > 0.0 and loss_weight > kill_weight:
            kill_weight += (loss_weight - kill_weight) * press
        best: Blitz | None = None
        best_gain = skill.min_gain
        front = sv.front
        barred = prizes.barred
        for source in sv.mine:
            here = armies[source]
            if here < 2 or not front[source]:
                continue
            attackers = here - 1
            keep = min(self.keep_behind(state, sv, source), attackers - 1)
            for target in neighbours[source]:
                if owner[target] == me or owner[target] in barred:
                    continue
                if model_of is None:
                    p, lost_a, lost_d = odds(attackers, armies[target], keep)
                else:
                    p, lost_a, lost_d = odds(attackers, armies[target], keep, model_of(source, target))
                if p < threshold and target not in prizes.urgent:
                    continue
                gain = p * prizes.worth(target) - loss_weight * lost_a + kill_weight * lost_d
                if gain > best_gain:
                    best, best_gain = Blitz(source, target, keep), gain
        return best

    def pressure(self, state: GameState) -> float:
        """How hard a long game presses this player to break it, 0 to 1 (:func:`risk.ai.analysis.stall_pressure`;
        an edition whose games end by rules of their own may answer 0)."""
        return stall_pressure(state)

    def prizes(self, state: GameState, sv: Survey) -> _Prizes:
        """What taking each enemy territory is worth now (an edition's bot adds its own prizes)."""
        return _Prizes(self, state, sv)

    def battle_models(self, state: GameState) -> Callable[[int, int], DiceModel] | None:
        """The dice model of an attack from one territory on another, or None when every battle is plain."""
        return None

    def _careless_attack(self, state: GameState, sv: Survey) -> Blitz | None:
        owner, armies, neighbours = state.owner, state.armies, state.board.neighbours
        sources = [t for t in sv.mine if armies[t] >= 2 and sv.front[t]]
        if not sources:
            return None
        source = self._pick(sources)
        return Blitz(source, self._pick([n for n in neighbours[source] if owner[n] != sv.me]), 0)

    # -- after a capture ---------------------------------------------------------------------------

    def _occupy(self, state: GameState) -> Action:
        low, high = occupy_range(state)
        if high <= low:
            return Occupy(low)
        if self.skill.spread and not self._chance(self.pressure(state)):
            return Occupy(high if self._chance(0.5) else low)
        sv = Survey(state, state.current)
        source, target = state.battle_source, state.battle_target
        if not sv.front[target]:
            return Occupy(low)
        if not sv.front[source]:
            return Occupy(high)
        keep = sv.threat[source]
        info = sv.info
        c = info.continent_of[source]
        if not (sv.owns(c) and source in info.gates[c]):
            keep //= 2
        return Occupy(max(low, high - keep))

    # -- free moves --------------------------------------------------------------------------------

    def _free_move(self, state: GameState, sv: Survey) -> Action:
        if self.skill.forget_fortify and state.phase is Phase.ATTACK and self._chance(
                self.skill.forget_fortify * (1.0 - self.pressure(state))):
            return EndTurn()
        move = self.fortify_move(state, sv)
        return move if move is not None else EndTurn()

    def fortify_move(self, state: GameState, sv: Survey) -> Fortify | None:
        """Bring the largest idle interior army towards the front that needs it most, if any."""
        armies = state.armies
        idle = [t for t in sv.mine if armies[t] > 1 and not sv.front[t]]
        if not idle:
            return None
        connected = state.rules.fortify_connected
        dist = None if connected else distance_to_front(state, sv.me, sv.front)
        danger = self._danger(state, sv)
        for source in sorted(idle, key=lambda t: (-armies[t], t)):
            targets = [t for t in reachable(state, source) if room(state, t) > 0]
            if not targets:
                continue
            if connected:
                fronts = [t for t in targets if sv.front[t]]
                if not fronts:
                    continue
                target = max(fronts, key=lambda t: (danger[t], -t))
            else:
                assert dist is not None
                closer = [t for t in targets if dist[t] < dist[source]]
                if not closer:
                    continue
                target = max(closer, key=lambda t: (-dist[t], danger[t], -t))
            return Fortify(source, target, min(armies[source] - 1, room(state, target)))
        return None

    def _danger(self, state: GameState, sv: Survey) -> list[float]:
        """How much each front territory needs armies: its threat against its armies, doubled on the
        gates of held continents; the headquarters most of all."""
        armies, info = state.armies, sv.info
        danger = [0.0] * state.board.size
        for t in sv.mine:
            if not sv.front[t]:
                continue
            c = info.continent_of[t]
            weight = 2.0 if sv.owns(c) and t in info.gates[c] else 1.0
            danger[t] = weight * (sv.threat[t] - armies[t]) + 0.1 * armies[t]
        if state.rules.headquarters:
            hq = state.headquarters[sv.me]
            if hq >= 0 and state.owner[hq] == sv.me:
                danger[hq] += 5.0
        return danger

    # -- the expert dice rules ---------------------------------------------------------------------

    def _battle(self, state: GameState) -> Action:
        return battle_action(state)

    # -- setup -----------------------------------------------------------------------------------

    def _claim(self, state: GameState) -> Action:
        """Claim in the continents where we are strongest and that are cheap to hold."""
        owner, me = state.owner, state.current
        sv = Survey(state, me)
        info, neighbours = sv.info, state.board.neighbours
        others = [0] * len(info.members)
        for t, who in enumerate(owner):
            if who >= 0 and who != me:
                others[info.continent_of[t]] += 1
        free = [t for t, who in enumerate(owner) if who < 0]
        if self.skill.spread:
            return Claim(self._pick(free))

        def score(t: int) -> tuple[float, int]:
            c = info.continent_of[t]
            base = info.appeal[c] * (1 + sv.count_in[c]) / (1 + 1.5 * others[c])
            friends = sum(1 for n in neighbours[t] if owner[n] == me)
            return base + 0.05 * friends, -t

        return Claim(max(free, key=score))

    def _setup(self, state: GameState) -> Action:
        me = state.current
        sv = Survey(state, me)
        if state.quota_own:
            t = self.site_short(state, sv)  # a capital or castle first, for the careless player too
            if t < 0:
                t = self._spread(state, sv, state.quota_own)[0][0] if self.skill.spread else self.setup_spot(state, sv)
            if room(state, t) <= 0:
                t = next(x for x in sv.mine if room(state, x) > 0)
            return Place(t, min(state.quota_own, room(state, t)))
        # The neutral army: where it blocks the opponents rather than us.
        owner, neighbours, neutral = state.owner, state.board.neighbours, state.neutral
        options = [t for t, who in enumerate(owner) if who == neutral and room(state, t) > 0]

        def blocking(t: int) -> tuple[int, int]:
            theirs = sum(1 for n in neighbours[t] if owner[n] not in (me, neutral))
            ours = sum(1 for n in neighbours[t] if owner[n] == me)
            return theirs - ours, -t

        return Place(max(options, key=blocking), 1)

    def site_short(self, state: GameState, sv: Survey) -> int:
        """A territory whose loss loses the game (an edition's castle) or much of it (a capital) while it is too
        weak to hold, which the starting armies guard first at every skill; -1 for none (the classic game's
        headquarters are chosen after the setup)."""
        return -1

    def setup_spot(self, state: GameState, sv: Survey) -> int:
        """Where a starting army goes: the front of the continents we go for that is weakest against
        its neighbours, so the armies end up spread along the fronts that matter, not in one pile."""
        armies, info = state.armies, sv.info
        scores = self.continent_scores(state, sv)
        top = max(scores) or 1.0
        held = [sv.owns(c) for c in range(len(scores))]

        def need(t: int) -> tuple[float, int]:
            c = info.continent_of[t]
            weight = 1.0 if held[c] else scores[c] / top
            return weight * 3 + sv.threat[t] - armies[t], -t

        fronts = [t for t in sv.mine if sv.front[t] and room(state, t) > 0]
        return max(fronts, key=need) if fronts else sv.mine[0]

    def _headquarters(self, state: GameState) -> Action:
        """The territory an attack is least likely to take: the most armies over the largest attack that could
        reach it (:func:`reach_threat`), less 2 with an enemy or neutral next to it, plus 4 for each step to the
        nearest opponent (:func:`enemy_distance`, three at most).

        A headquarters is public once chosen and the opponents go for it: in 300 two-player games of normal bots
        after an automatic setup, one fell in the first round of turns in 17 games, against 43 with the earlier
        choice (the most armies less the stack next to it, less 2 at a front), which took a lone army beside the
        neutral where a stack two steps away could blitz through the neutral's one army (3 players: 70 of 900
        headquarters against 78; 5 players: 322 of 1,500 against 328)."""
        me, owner, armies, neighbours = state.current, state.owner, state.armies, state.board.neighbours
        mine = [t for t, who in enumerate(owner) if who == me]

        def key(t: int) -> tuple[int, int]:
            front = any(owner[n] != me for n in neighbours[t])
            far = min(enemy_distance(state, t), HQ_FAR)
            return armies[t] - reach_threat(state, t) - 2 * front + HQ_STEP * far, -t

        return ChooseHeadquarters(max(mine, key=key))


class _Prizes:
    """What taking each enemy territory is worth now, in armies (the parts shared by all worked out once):
    the continent it leads into, a bonus completed or broken, the turn's card, a player knocked out
    (and their cards), a headquarters."""

    __slots__ = ("card", "counts", "hands", "hqs", "info", "neutral", "owner", "rivals", "sv", "target",
                 "urgent", "weights")

    # Players no battle may be fought against (an edition's truces): none in the classic family.
    barred: frozenset[int] | set[int] = frozenset()

    def __init__(self, bot: HeuristicBot, state: GameState, sv: Survey) -> None:
        scores = bot.continent_scores(state, sv)
        top = max(scores) or 1.0
        self.weights = [s / top for s in scores]
        self.sv, self.info, self.owner, self.neutral = sv, sv.info, state.owner, state.neutral
        self.card = 3.0 + next_set_value(state) / 4 if not state.captured and (state.deck or state.discard) else 0.0
        self.counts = counts = [0] * state.players
        for who in state.owner:
            if who >= 0:
                counts[who] += 1
        self.rivals = sum(1 for p, n in enumerate(counts) if n and p != sv.me and p != state.neutral)
        self.hands = [len(h) for h in state.hands]
        self.hqs = state.headquarters if state.rules.headquarters else ()
        self.urgent: frozenset[int] | set[int] = frozenset()  # worth attacking at any odds (an edition's)
        # Secret missions: the player it is to destroy (its last territory wins the game).
        mission = effective(state, sv.me) if state.missions else None
        self.target = mission.eliminate if mission is not None else -1

    def worth(self, target: int) -> float:
        sv, info = self.sv, self.info
        c = info.continent_of[target]
        enemy = self.owner[target]
        worth = 0.3 + 2.5 * self.weights[c] + self.card
        if sv.count_in[c] + 1 == len(info.members[c]):
            worth += 3.0 * info.bonus[c]
        if sv.holder[c] == enemy:
            worth += 2.0 * info.bonus[c]
        if enemy != self.neutral:
            left = self.counts[enemy]
            if left == 1:
                worth += 5.0 + 3.0 * self.hands[enemy]
            elif left <= 3:
                worth += self.hands[enemy] / left
        if target in self.hqs:
            worth += 12.0
        if enemy == self.target and self.counts[enemy] == 1:
            worth += MISSION_TARGET
        return worth


HQ_FAR = 3  # steps from every opponent beyond which a headquarters counts as no safer
HQ_STEP = 4  # what a step farther from the nearest opponent is worth to a headquarters, in armies


def enemy_distance(state: GameState, territory: int) -> int:
    """Steps from ``territory`` to the nearest territory of another player (never the neutral), walking through
    its owner's territories and the neutral's; a large number when no opponent can be reached."""
    owner, neighbours, neutral = state.owner, state.board.neighbours, state.neutral
    me = owner[territory]
    seen, layer, steps = {territory}, [territory], 0
    while layer:
        steps += 1
        ahead = []
        for here in layer:
            for n in neighbours[here]:
                if n in seen:
                    continue
                seen.add(n)
                if owner[n] not in (me, neutral):
                    return steps
                ahead.append(n)
        layer = ahead
    return state.board.size


def reach_threat(state: GameState, territory: int) -> int:
    """The largest attack another player (never the neutral) could bring on ``territory`` next turn: a stack next
    to it less the army that stays behind, or a stack one territory further less that and twice the armies of the
    territory between (one lost and one left behind for each, roughly)."""
    owner, armies, neighbours, neutral = state.owner, state.armies, state.board.neighbours, state.neutral
    me = owner[territory]
    worst = 0
    for n in neighbours[territory]:
        if owner[n] != me and owner[n] != neutral:
            worst = max(worst, armies[n] - 1)
        for far in neighbours[n]:
            enemy = owner[far]
            if far != territory and enemy not in (me, neutral, owner[n]):
                worst = max(worst, armies[far] - 1 - 2 * armies[n])
    return worst


def battle_action(state: GameState) -> Action:
    """The optimal commander / re-roll choice for the dice on the table (:func:`risk.odds.best_decision`)."""
    source, target = state.battle_source, state.battle_target
    faces = state.attacker_faces
    attackers = min(max(state.armies[source] - 1, len(faces)), max(DECISION_CLAMP, len(faces)))
    defenders = min(state.armies[target], DECISION_CLAMP)
    hand = state.hands[state.current]
    rules = state.rules
    decision = best_decision(
        attackers, defenders, faces, state.defender_faces,
        commander=rules.commanders and not state.commander_used,
        reroll=rules.card_reroll and (source in hand or target in hand),
        rerolled=state.rerolled,
    )
    if decision.action == "commander" and decision.die is not None:
        return UseCommander(decision.die)
    if decision.action == "reroll" and decision.die is not None:
        return Reroll(decision.die)
    return AcceptRoll()
