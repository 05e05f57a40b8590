"""The ``hard`` level: plan each turn by playing it out on copies of the board.

At the start of its turn the planner lists a dozen or so plans (where to mass the reinforcements:
the ways into the most promising continents; how boldly to attack; whether to trade cards it need not
trade) and plays each one out on copies of its public view with the engine's unchecked ``apply``:
its own turn under the plan, then every opponent's turn as a :mod:`normal <risk.ai.heuristic>` player
would play it, up to its next turn (an edition may look a round further: Castle Risk's planner does once
two players are left, :meth:`PlannerBot.rollout_rounds`). Cards it cannot see are dealt at random from the
ones unaccounted for (:func:`determinize`) and the dice come from its own generator, so it never looks at a
secret.

A plan's score is the planner's share of the table's strength (armies, plus income and cards for
what they will bring) when its next turn starts, averaged over samples. Samples go where they decide
something (successive halving): every plan gets two, the better half two more each, and so on; sample
``k`` deals the same cards and starts the dice from the same seed for every plan. The winning plan is
then played with the real dice by the same rule-of-thumb policy. Some 30 to 50 sampled rounds a turn:
about 40 ms of CPython (a few ms each), sliced by :meth:`PlannerBot.think` for the page.

Measured against two normal players (``bench/ai_bench.py``) this wins about two games in three; the
rule-of-thumb policy alone, whatever its thresholds, wins about its even share.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from risk import rng
from risk.actions import Action
from risk.ai.analysis import Survey, income, people_alive
from risk.ai.heuristic import NORMAL, HeuristicBot, Skill
from risk.engine import apply, must_trade, tradable_sets
from risk.state import GameState, Phase
from risk.visibility import HIDDEN_RNG, public_view, unseen_cards

BOLD = replace(NORMAL, attack_odds=0.5, card_odds=0.4, min_gain=0.3)
CAREFUL = replace(NORMAL, attack_odds=0.7, card_odds=0.55, min_gain=2.0)
MAX_ROLLOUT_ACTIONS = 2000


@dataclass(frozen=True)
class Plan:
    """A way to play this turn: where to mass, how boldly to attack, whether to trade when free to, and (in an
    edition with objectives) which one to go for (-1: the policy's choice)."""

    stage: int
    skill: Skill
    trade: bool | None
    aim: int = -1
    tweak: object = None  # an edition's own settings of the policy for this plan


def determinize(view: GameState, me: int, seed: int) -> GameState:
    """A full state consistent with ``me``'s view: unseen cards dealt at random, a dice generator of ours."""
    state = view.copy()
    unseen = unseen_cards(view, me)
    generator = rng.shuffle(rng.seed_state(seed), unseen)
    for seat, hand in enumerate(state.hands):
        if seat != me:
            for i in range(len(hand)):
                hand[i] = unseen.pop()
    state.deck = [unseen.pop() for _ in state.deck]
    state.rng = generator if generator != HIDDEN_RNG else 1
    return state


WEIGHTS = (1.0, 3.0, 1.5)  # strength of an army, of an army of income a turn, of a card


def strength_share(state: GameState, me: int, weights: tuple[float, float, float] = WEIGHTS) -> float:
    """``me``'s share of the table's strength: armies, plus income and cards for what they will bring."""
    if state.over:
        return 1.0 if state.winner == me else 0.0
    if not state.alive[me]:
        return 0.0
    owner, armies = state.owner, state.armies
    total = mine = 0.0
    for p in people_alive(state):
        held = sum(a for a, o in zip(armies, owner) if o == p)
        strength = weights[0] * held + weights[1] * income(state, p) + weights[2] * len(state.hands[p])
        total += strength
        if p == me:
            mine = strength
    return mine / total if total else 0.0


class PlannerBot:
    """Plays the best of a few plans, each tried out over rounds of sampled play; see the module docstring.

    ``samples`` is the first round's samples per plan, ``stages`` how many staging territories to try,
    ``budget`` the rollouts after which no further round of halving starts.
    """

    def __init__(self, seed: int = 0, samples: int = 2, stages: int = 4, budget: int = 36) -> None:
        self.rng = rng.seed_state(seed)
        self.samples = samples  # samples of every plan in the first round of halving
        self.budget = budget  # no new round of halving once this many rollouts are played
        self.stages = stages
        self.policy = self.make_policy(seed * 2 + 1, NORMAL)
        self._planned = -1  # the turn the current plan is for

    def make_policy(self, seed: int, skill: Skill) -> HeuristicBot:
        """The rule-of-thumb player that plays a plan out (an edition's planner plugs in its own)."""
        return HeuristicBot(seed, skill)

    def score(self, state: GameState, me: int) -> float:
        """How good a rolled-out position is for ``me``: its share of the table's strength."""
        return strength_share(state, me)

    def trade_options(self, view: GameState) -> list[bool | None]:
        """Trades to try: always and never when a trade is possible but not forced; else the policy's way."""
        return [True, False] if tradable_sets(view) and not must_trade(view) else [None]

    def choose(self, state: GameState) -> Action:
        """The action for the player to move (thinks to the end in one go)."""
        action: Action | None = None
        for step in self.think(state):
            action = step
        assert action is not None
        return action

    def think(self, state: GameState) -> Iterator[Action | None]:
        """Think in slices: ``None`` after each sampled round, then the action."""
        view = public_view(state, state.current)
        if view.phase is Phase.REINFORCE and view.turn > 0 and self._planned != view.turn:
            yield from self._plan(view)
            self._planned = view.turn
        yield self.policy.decide(view)

    def plans(self, view: GameState) -> list[Plan]:
        """The plans worth trying this turn."""
        me = view.current
        sv = Survey(view, me)
        policy = self.policy
        stages = [policy.staging(view, sv)]
        scores = policy.continent_scores(view, sv)
        armies, owner, neighbours = view.armies, view.owner, view.board.neighbours
        fronts = [t for t in sv.mine if sv.front[t]]
        fronts.sort(key=lambda t: (-(armies[t] - min(armies[n] for n in neighbours[t] if owner[n] != me)), t))
        for c in sorted(range(len(scores)), key=lambda c: -scores[c]):
            if scores[c] <= 0 or len(stages) >= self.stages:
                break
            for t in fronts:
                if any(owner[n] != me and sv.info.continent_of[n] == c for n in neighbours[t]) and t not in stages:
                    stages.append(t)
                    break
        trades = self.trade_options(view)
        plans = [Plan(stage, NORMAL, trade) for stage in stages for trade in trades]
        for stage in stages[:2]:
            plans += [Plan(stage, BOLD, trades[0]), Plan(stage, CAREFUL, trades[0])]
        return plans

    def _plan(self, view: GameState) -> Iterator[None]:
        """Successive halving: every plan gets a few samples, the better half twice as many, and so on."""
        me = view.current
        plans = self.plans(view)
        seeds: list[int] = []
        totals = [0.0] * len(plans)
        counts = [0] * len(plans)
        alive = list(range(len(plans)))
        per = self.samples
        spent = 0
        while True:
            for i in alive:
                while counts[i] < per:
                    if counts[i] == len(seeds):
                        self.rng, bits = rng.next_u64(self.rng)
                        seeds.append(bits)
                    totals[i] += self._rollout(view, me, plans[i], seeds[counts[i]])
                    counts[i] += 1
                    spent += 1
                    yield None
            if len(alive) == 1 or spent >= self.budget:
                break
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = alive[: (len(alive) + 1) // 2]
            per *= 2
        best = plans[max(alive, key=lambda i: (totals[i] / counts[i], -i))]
        self.adopt(self.policy, best)

    def adopt(self, policy: HeuristicBot, plan: Plan) -> None:
        """Make ``policy`` play ``plan`` this turn."""
        policy.skill, policy.stage, policy.trade_mode = plan.skill, plan.stage, plan.trade

    def deal(self, view: GameState, me: int, seed: int) -> GameState:
        """A full state consistent with ``view``, what is unseen dealt at random (an edition may hide more)."""
        return determinize(view, me, seed)

    def rollout_rounds(self, view: GameState) -> int:
        """How many rounds a rollout plays: the plan's turn and every opponent's, once (an edition may look
        further)."""
        return 1

    def _rollout(self, view: GameState, me: int, plan: Plan, seed: int) -> float:
        state = self.deal(view, me, seed)
        mine = self.make_policy(seed, plan.skill)
        self.adopt(mine, plan)
        others = {p: self.make_policy(seed + p + 1, NORMAL) for p in range(state.players)}
        steps = 0
        for round_ in range(self.rollout_rounds(view)):
            if round_:
                # The plan is for this turn: our later turns are played as a normal player would play them (a
                # seed none of the others' has: theirs are seed + 1 to seed + 6, six seats at most).
                mine = self.make_policy(seed + 7, NORMAL)
            turn = state.turn
            while not state.over and state.current == me and state.turn == turn and steps < MAX_ROLLOUT_ACTIONS:
                apply(state, mine.decide(state))
                steps += 1
            last = turn + state.players
            while not state.over and state.current != me and state.turn <= last and steps < MAX_ROLLOUT_ACTIONS:
                apply(state, others[state.current].decide(state))
                steps += 1
        return self.score(state, me)
