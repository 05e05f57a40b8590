"""The rules engine: start a game, list the legal actions, apply one.

Three entry points, in the manner of python-chess:

* :func:`legal_actions` lists every action the player to move may take;
* :func:`apply` performs an action *without checking it*, mutating the state (fast: bots and search);
* :func:`play` checks the action first, raising :class:`IllegalAction` with the rule that forbids it,
  and returns a new state, leaving the given one untouched (players, the page, saved games).

All chance (who starts, dealing, dice, card draws) comes from the generator held in ``state.rng``;
the events each action returns record every roll and draw.
"""

from __future__ import annotations

from risk import dice, rng
from risk.actions import (
    AcceptRoll,
    Action,
    Attack,
    Blitz,
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
)
from risk.board import load_board
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
    MovedIn,
    Placed,
    SetupDealt,
    SetupDone,
    TurnStarted,
)
from risk.rules import Rules, hooks_for
from risk.state import NO_DICE, GameState, Phase

__all__ = [
    "IllegalAction",
    "apply",
    "check",
    "legal_actions",
    "new_game",
    "occupy_range",
    "play",
    "start_game",
]

# ---------------------------------------------------------------------------------------------
# Starting a game


def new_game(rules: Rules, people: int, seed: int = 0) -> GameState:
    """A new game for ``people`` players (2 with the classic rules adds a neutral seat).

    Who goes first is drawn from the seeded generator, as the rulebook's dice roll decides it.
    """
    return start_game(rules, people, seed)[0]


def start_game(rules: Rules, people: int, seed: int = 0) -> tuple[GameState, list[Event]]:
    """:func:`new_game`, and what happened in it before the first action (the territories dealt, the
    armies spread, the first turn begun), for the log."""
    if not rules.min_players <= people <= rules.max_players:
        raise ValueError(f"the {rules.edition} rules are for {rules.min_players} to {rules.max_players} players")
    board = load_board(rules.map)
    size = board.size
    neutral = people if people == 2 and rules.neutral_with_two_players else -1
    players = people + (neutral >= 0)
    state = GameState(
        rules=rules,
        board=board,
        players=players,
        people=people,
        neutral=neutral,
        owner=[-1] * size,
        armies=[0] * size,
        hands=[[] for _ in range(players)],
        deck=list(range(board.card_count)),
        discard=[],
        set_aside=[],
        reserve=[rules.starting_armies_for(people)] * players,
        alive=[True] * players,
        headquarters=[-1] * players,
        rng=rng.seed_state(seed),
    )
    state.rng, first = rng.below(state.rng, people)
    state.first_player = state.current = first
    events: list[Event] = []
    if neutral >= 0:
        # 1980 two players: deal the territory cards into three piles, one each and one neutral.
        cards = list(range(size))
        state.rng = rng.shuffle(state.rng, cards)
        for i, territory in enumerate(cards):
            _claim(state, territory, i % 3)
        events.append(SetupDealt(tuple(state.owner)))
    elif rules.auto_setup:
        cards = list(range(size))
        state.rng = rng.shuffle(state.rng, cards)
        order = _setup_order(state)
        for i, territory in enumerate(cards):
            _claim(state, territory, order[i % len(order)])
        events.append(SetupDealt(tuple(state.owner)))
    if rules.auto_setup:
        _spread_armies_at_random(state, events)
        _finish_setup(state, events)
    elif neutral >= 0:
        state.phase = Phase.SETUP
        _start_setup_turn(state, first, events)
    else:
        state.phase = Phase.CLAIM
    return state, events


def _claim(state: GameState, territory: int, seat: int) -> None:
    state.owner[territory] = seat
    state.armies[territory] = 1
    state.reserve[seat] -= 1


def _setup_order(state: GameState) -> list[int]:
    """Seats in the order they claim and place, starting with the first player."""
    order = [state.first_player]
    seat = state.first_player
    for _ in range(state.people - 1):
        seat = _step(state, seat, state.rules.setup_direction, alive_only=False)
        order.append(seat)
    return order


def _step(state: GameState, seat: int, direction: int, *, alive_only: bool = True) -> int:
    """The next seat round the table that plays (never the neutral)."""
    players = state.players
    for _ in range(players):
        seat = (seat + direction) % players
        if seat != state.neutral and (state.alive[seat] or not alive_only):
            return seat
    return seat


def _cap_room(state: GameState, territory: int) -> int:
    """How many more armies a territory can take (a large number when there is no cap)."""
    cap = state.rules.army_cap
    return cap - state.armies[territory] if cap else 1 << 30


def _spread_armies_at_random(state: GameState, events: list[Event]) -> None:
    """Automatic setup: in setup order, each seat puts one army at a time on a random territory of its own."""
    seats = _setup_order(state) + ([state.neutral] if state.neutral >= 0 else [])
    owned = {seat: state.territories_of(seat) for seat in seats}
    while any(state.reserve[s] > 0 for s in seats):
        for seat in seats:
            if state.reserve[seat] <= 0:
                continue
            room = [t for t in owned[seat] if _cap_room(state, t) > 0]
            if not room:
                events.append(ArmiesLost(seat, state.reserve[seat]))
                state.reserve[seat] = 0
                continue
            state.rng, pick = rng.below(state.rng, len(room))
            state.armies[room[pick]] += 1
            state.reserve[seat] -= 1


def _start_setup_turn(state: GameState, seat: int, events: list[Event]) -> None:
    """A setup turn: one army (or, with the neutral, two of your own and one neutral)."""
    state.current = seat
    rules = state.rules
    batch = 2 if state.neutral >= 0 else 1
    state.quota_own = min(batch, state.reserve[seat])
    state.quota_neutral = 1 if state.neutral >= 0 and state.reserve[state.neutral] > 0 else 0
    # Under the army cap a side that has no room left loses what it cannot place.
    if rules.army_cap:
        for side, quota_name in ((seat, "quota_own"), (state.neutral, "quota_neutral")):
            if side >= 0 and getattr(state, quota_name) and not any(
                _cap_room(state, t) > 0 for t in state.territories_of(side)
            ):
                events.append(ArmiesLost(side, state.reserve[side]))
                state.reserve[side] = 0
                setattr(state, quota_name, 0)


def _advance_setup(state: GameState, events: list[Event]) -> None:
    """After a setup placement: the same player goes on, or the next one, or setup ends."""
    if state.quota_own or state.quota_neutral:
        return
    seat = state.current
    for _ in range(state.people):
        seat = _step(state, seat, state.rules.setup_direction, alive_only=False)
        if state.reserve[seat] > 0 or (state.neutral >= 0 and state.reserve[state.neutral] > 0):
            _start_setup_turn(state, seat, events)
            if state.quota_own or state.quota_neutral:
                return
    _finish_setup(state, events)


def _finish_setup(state: GameState, events: list[Event]) -> None:
    """Shuffle the whole deck (the wild cards back in) and go on to headquarters or the first turn."""
    state.reserve = [0] * state.players
    state.quota_own = state.quota_neutral = 0
    state.deck = list(range(state.board.card_count))
    state.rng = rng.shuffle(state.rng, state.deck)
    events.append(SetupDone())
    if state.rules.headquarters:
        state.phase = Phase.HEADQUARTERS
        state.current = state.first_player
    else:
        _begin_turn(state, _first_turn_seat(state), events)


def _first_turn_seat(state: GameState) -> int:
    seat = state.first_player
    for _ in range(state.rules.first_turn_offset):
        seat = _step(state, seat, 1)
    return seat


# ---------------------------------------------------------------------------------------------
# Turns


def _begin_turn(state: GameState, seat: int, events: list[Event]) -> None:
    state.current = seat
    state.turn += 1
    state.captured = False
    state.card_bonus_taken = 0
    state.commander_used = False
    state.moves_made = 0
    state.just_eliminated = False
    income = hooks_for(state.rules).reinforcements(state, seat)
    state.reserve[seat] = income
    state.phase = Phase.REINFORCE
    events.append(TurnStarted(seat, state.turn, income))
    _settle_reinforce(state, events)


def must_trade(state: GameState) -> bool:
    """Whether the player to move holds so many cards that only a trade is allowed now."""
    return state.phase is Phase.REINFORCE and len(state.hands[state.current]) >= state.rules.forced_trade_at


def _settle_reinforce(state: GameState, events: list[Event]) -> None:
    """Leave the reinforcement step once nothing is left to place and no trade is forced."""
    seat = state.current
    if must_trade(state):
        return
    if state.reserve[seat] > 0 and state.rules.army_cap and not any(
        _cap_room(state, t) > 0 for t in state.territories_of(seat)
    ):
        events.append(ArmiesLost(seat, state.reserve[seat]))
        state.reserve[seat] = 0
    if state.reserve[seat] == 0:
        state.phase = Phase.ATTACK


def _add_armies(state: GameState, territory: int, count: int, events: list[Event]) -> None:
    """Put armies on a territory; under the cap, what does not fit is lost."""
    room = _cap_room(state, territory)
    if count > room:
        events.append(ArmiesLost(state.current, count - room))
        count = room
    state.armies[territory] += count


def _end_turn(state: GameState, events: list[Event]) -> None:
    seat = state.current
    if state.captured:
        _draw_card(state, seat, events)
    _begin_turn(state, _step(state, seat, 1), events)


def _draw_card(state: GameState, seat: int, events: list[Event]) -> None:
    if not state.deck and state.discard:
        state.deck = state.discard
        state.discard = []
        state.rng = rng.shuffle(state.rng, state.deck)
        events.append(DeckReshuffled(len(state.deck)))
    if state.deck:
        card = state.deck.pop()
        state.hands[seat].append(card)
        events.append(CardDrawn(seat, card))


# ---------------------------------------------------------------------------------------------
# Battles


def _holds_card_of(state: GameState, *territories: int) -> bool:
    hand = state.hands[state.current]
    return any(t in hand for t in territories)


def _decision_open(state: GameState) -> bool:
    """Whether the attacker may still change the pending roll in a way that could help."""
    losses, _ = dice.battle_losses(state.attacker_faces, state.defender_faces)
    if losses == 0:
        return False
    rules = state.rules
    can_command = rules.commanders and not state.commander_used and min(state.attacker_faces) < 6
    can_reroll = (
        rules.card_reroll
        and not state.rerolled
        and _holds_card_of(state, state.battle_source, state.battle_target)
    )
    return bool(can_command or can_reroll)


def _roll_battle(state: GameState, source: int, target: int, count: int, events: list[Event]) -> None:
    state.battle_source, state.battle_target, state.battle_dice = source, target, count
    armies = state.armies
    # The defender rolls the most dice allowed (see docs/rules.md).
    state.rng, attacker, defender, lost_a, lost_d = dice.roll_battle(state.rng, count, 2 if armies[target] > 1 else 1)
    rules = state.rules
    if lost_a and (rules.commanders or rules.card_reroll):
        state.attacker_faces, state.defender_faces, state.rerolled = attacker, defender, False
        if _decision_open(state):
            events.append(DiceRolled(source, target, attacker, defender))
            state.phase = Phase.BATTLE
            return
        state.attacker_faces = state.defender_faces = NO_DICE
    seat, enemy = state.current, state.owner[target]
    armies[source] -= lost_a
    armies[target] -= lost_d
    events.append(BattleFought(source, target, attacker, defender, lost_a, lost_d, seat, enemy))
    if armies[target] == 0:
        _capture(state, target, enemy, events)


def _blitz(state: GameState, source: int, target: int, stop_at: int, events: list[Event]) -> None:
    """A whole blitz at once, each throw recorded as its own battle (no decisions can interrupt it)."""
    armies = state.armies
    state.rng, throws, attacking, defending = dice.blitz(state.rng, armies[source] - 1, armies[target], stop_at)
    seat, enemy = state.current, state.owner[target]
    events.extend(BattleFought(source, target, a, d, la, ld, seat, enemy) for a, d, la, ld in throws)
    armies[source] = attacking + 1
    armies[target] = defending
    state.battle_source, state.battle_target = source, target
    state.battle_dice = len(throws[-1][0])
    if defending == 0:
        _capture(state, target, enemy, events)


def _settle_battle(state: GameState, events: list[Event]) -> None:
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
        _capture(state, target, enemy, events)


def _capture(state: GameState, target: int, enemy: int, events: list[Event]) -> None:
    seat = state.current
    state.owner[target] = seat
    state.captured = True
    events.append(Captured(target, seat, enemy))
    if enemy not in state.owner:
        state.alive[enemy] = False
        taken = tuple(state.hands[enemy])
        state.hands[seat].extend(taken)
        state.hands[enemy] = []
        state.just_eliminated = True
        events.append(Eliminated(enemy, seat, taken))
    state.phase = Phase.OCCUPY
    winner = hooks_for(state.rules).winner(state)
    if winner >= 0:
        # The game is won on the spot; the smallest legal move-in keeps the board whole.
        low, _ = occupy_range(state)
        _occupy(state, low, events)
        state.phase = Phase.OVER
        state.winner = winner
        events.append(GameWon(winner))


def occupy_range(state: GameState) -> tuple[int, int]:
    """The fewest and most armies that may move in after the capture just made."""
    source, target = state.battle_source, state.battle_target
    low = state.battle_dice if state.rules.occupy_minimum == "dice" else 1
    high = min(state.armies[source] - 1, _cap_room(state, target))
    return min(low, high), high


def _occupy(state: GameState, count: int, events: list[Event]) -> None:
    state.armies[state.battle_source] -= count
    state.armies[state.battle_target] += count
    state.phase = Phase.ATTACK
    if state.just_eliminated:
        state.just_eliminated = False
        if len(state.hands[state.current]) >= state.rules.elimination_trade_at:
            # Cards won by elimination: trade at once and place the armies before attacking on.
            state.phase = Phase.REINFORCE
            state.reserve[state.current] = 0


# ---------------------------------------------------------------------------------------------
# Free moves


def reachable(state: GameState, source: int) -> list[int]:
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


def _fortify(state: GameState, action: Fortify, events: list[Event]) -> None:
    events.append(Fortified(state.current, action.source, action.target, action.count))
    state.armies[action.source] -= action.count
    state.armies[action.target] += action.count
    state.moves_made += 1
    limit = state.rules.fortify_moves
    if limit and state.moves_made >= limit:
        _end_turn(state, events)
    else:
        state.phase = Phase.FORTIFY


# ---------------------------------------------------------------------------------------------
# Applying actions


def apply(state: GameState, action: Action) -> list[Event]:
    """Perform ``action`` on ``state`` in place, without checking it; return what happened.

    Use :func:`play` for anything a person typed or clicked.
    """
    events: list[Event] = []
    seat = state.current
    match action:
        case Attack(source, target, count):
            _roll_battle(state, source, target, count, events)
        case Blitz(source, target, stop_at):
            rules = state.rules
            if rules.commanders or rules.card_reroll:
                # A roll may pause for a decision: go one roll at a time.
                armies = state.armies
                while state.phase is Phase.ATTACK and armies[source] - 1 > stop_at:
                    _roll_battle(state, source, target, min(3, armies[source] - 1), events)
            else:
                _blitz(state, source, target, stop_at, events)
        case Place(territory, count):
            events.append(Placed(seat, territory, count, state.owner[territory]))
            if state.phase is Phase.REINFORCE:
                state.armies[territory] += count
                state.reserve[seat] -= count
                _settle_reinforce(state, events)
            else:
                state.armies[territory] += count
                if state.owner[territory] == seat:
                    state.quota_own -= count
                    state.reserve[seat] -= count
                else:
                    state.quota_neutral -= count
                    state.reserve[state.neutral] -= count
                _advance_setup(state, events)
        case Occupy(count):
            events.append(MovedIn(seat, state.battle_source, state.battle_target, count))
            _occupy(state, count, events)
        case Fortify():
            _fortify(state, action, events)
        case EndTurn():
            _end_turn(state, events)
        case Trade(cards):
            _trade(state, cards, events)
        case AcceptRoll():
            _settle_battle(state, events)
        case UseCommander(die):
            faces = list(state.attacker_faces)
            events.append(CommanderUsed(die, faces[die]))
            faces[die] = 6
            state.attacker_faces = tuple(sorted(faces, reverse=True))
            state.commander_used = True
            if not _decision_open(state):
                _settle_battle(state, events)
        case Reroll(die):
            faces = list(state.attacker_faces)
            state.rng, (new,) = dice.roll(state.rng, 1)
            events.append(DieRerolled(die, faces[die], new))
            faces[die] = new
            state.attacker_faces = tuple(sorted(faces, reverse=True))
            state.rerolled = True
            if not _decision_open(state):
                _settle_battle(state, events)
        case Claim(territory):
            events.append(Claimed(seat, territory))
            _claim(state, territory, seat)
            if -1 in state.owner:
                state.current = _step(state, seat, state.rules.setup_direction, alive_only=False)
            else:
                state.phase = Phase.SETUP
                state.quota_own = state.quota_neutral = 0
                _advance_setup(state, events)
        case ChooseHeadquarters(territory):
            events.append(HeadquartersChosen(seat, territory))
            state.headquarters[seat] = territory
            if -1 in state.headquarters_of_people():
                state.current = _step(state, seat, state.rules.setup_direction, alive_only=False)
            else:
                for hq in state.headquarters_of_people():
                    state.deck.remove(hq)
                    state.set_aside.append(hq)
                _begin_turn(state, _first_turn_seat(state), events)
        case _:
            raise TypeError(f"not an action: {action!r}")
    return events


def _trade(state: GameState, cards: tuple[int, ...], events: list[Event]) -> None:
    seat = state.current
    rules = state.rules
    hand = state.hands[seat]
    for card in cards:
        hand.remove(card)
    state.discard.extend(cards)
    value = hooks_for(rules).set_value(state)
    state.sets_traded += 1
    state.reserve[seat] += value
    bonus: list[tuple[int, int]] = []
    size = state.board.size
    for card in cards:
        if card >= size or state.owner[card] != seat:
            continue
        armies = rules.card_territory_bonus
        if rules.card_territory_bonus_cap:
            armies = min(armies, rules.card_territory_bonus_cap - state.card_bonus_taken)
        if armies <= 0:
            break
        state.card_bonus_taken += armies
        _add_armies(state, card, armies, events)
        bonus.append((card, armies))
    events.append(CardsTraded(seat, cards, value, tuple(bonus)))
    _settle_reinforce(state, events)


# ---------------------------------------------------------------------------------------------
# Legal actions and checks


def matched_sets(state: GameState, seat: int) -> list[tuple[int, int, int]]:
    """Every matched set of three in a seat's hand (cards ascending, sets in ascending order)."""
    hand = sorted(state.hands[seat])
    kinds = state.board.card_kinds
    is_set = hooks_for(state.rules).is_set
    sets = []
    n = len(hand)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                trio = (hand[i], hand[j], hand[k])
                if is_set(state.rules, (kinds[trio[0]], kinds[trio[1]], kinds[trio[2]])):
                    sets.append(trio)
    return sets


def legal_actions(state: GameState) -> list[Action]:
    """Every action the player to move may take now; empty only when the game is over."""
    phase = state.phase
    seat = state.current
    owner, armies = state.owner, state.armies
    actions: list[Action] = []
    if phase is Phase.ATTACK or phase is Phase.FORTIFY:
        neighbours = state.board.neighbours
        if phase is Phase.ATTACK:
            for source, here in enumerate(armies):
                if owner[source] != seat or here < 2:
                    continue
                for target in neighbours[source]:
                    if owner[target] != seat:
                        for count in range(1, min(3, here - 1) + 1):
                            actions.append(Attack(source, target, count))
                        for stop_at in range(here - 1):
                            actions.append(Blitz(source, target, stop_at))
        for source, here in enumerate(armies):
            if owner[source] != seat or here < 2:
                continue
            for target in reachable(state, source):
                for count in range(1, min(here - 1, _cap_room(state, target)) + 1):
                    actions.append(Fortify(source, target, count))
        actions.append(EndTurn())
    elif phase is Phase.REINFORCE:
        actions.extend(Trade(s) for s in matched_sets(state, seat))
        if not must_trade(state):
            reserve = state.reserve[seat]
            for territory, who in enumerate(owner):
                if who == seat:
                    for count in range(1, min(reserve, _cap_room(state, territory)) + 1):
                        actions.append(Place(territory, count))
    elif phase is Phase.OCCUPY:
        low, high = occupy_range(state)
        actions.extend(Occupy(n) for n in range(low, high + 1))
    elif phase is Phase.BATTLE:
        actions.append(AcceptRoll())
        rules = state.rules
        if rules.commanders and not state.commander_used:
            actions.extend(UseCommander(i) for i, f in enumerate(state.attacker_faces) if f < 6)
        if rules.card_reroll and not state.rerolled and _holds_card_of(
            state, state.battle_source, state.battle_target
        ):
            actions.extend(Reroll(i) for i in range(len(state.attacker_faces)))
    elif phase is Phase.CLAIM:
        actions.extend(Claim(t) for t, who in enumerate(owner) if who < 0)
    elif phase is Phase.SETUP:
        for territory, who in enumerate(owner):
            if who == seat and state.quota_own:
                for count in range(1, min(state.quota_own, _cap_room(state, territory)) + 1):
                    actions.append(Place(territory, count))
            elif who == state.neutral and who >= 0 and state.quota_neutral and _cap_room(state, territory) > 0:
                actions.append(Place(territory, 1))
    elif phase is Phase.HEADQUARTERS:
        actions.extend(ChooseHeadquarters(t) for t, who in enumerate(owner) if who == seat)
    return actions


def _armies(count: int) -> str:
    """ "1 army", "3 armies": refusals are read by players."""
    return f"{count} army" if count == 1 else f"{count} armies"


def _territory(state: GameState, territory: int, role: str) -> str:
    if not 0 <= territory < state.board.size:
        raise IllegalAction(f"{role} is not a territory on this board")
    return state.board.territories[territory].name


def check(state: GameState, action: Action) -> None:
    """Raise :class:`IllegalAction` naming the rule if ``action`` is not allowed now."""
    phase, seat = state.phase, state.current
    owner, armies, rules = state.owner, state.armies, state.rules
    if phase is Phase.OVER:
        raise IllegalAction("the game is over")
    expected = {
        Claim: (Phase.CLAIM,), Place: (Phase.SETUP, Phase.REINFORCE), ChooseHeadquarters: (Phase.HEADQUARTERS,),
        Trade: (Phase.REINFORCE,), Attack: (Phase.ATTACK,), Blitz: (Phase.ATTACK,), AcceptRoll: (Phase.BATTLE,),
        UseCommander: (Phase.BATTLE,), Reroll: (Phase.BATTLE,), Occupy: (Phase.OCCUPY,),
        Fortify: (Phase.ATTACK, Phase.FORTIFY), EndTurn: (Phase.ATTACK, Phase.FORTIFY),
    }.get(type(action))
    if expected is None:
        raise IllegalAction(f"not an action: {action!r}")
    if phase not in expected:
        raise IllegalAction(_wrong_phase_message(state, action))
    match action:
        case Claim(t):
            name = _territory(state, t, "the claimed territory")
            if owner[t] >= 0:
                raise IllegalAction(f"{name} is already claimed: claim an empty territory")
        case Place(t, count):
            name = _territory(state, t, "the territory")
            if count < 1:
                raise IllegalAction("place at least one army")
            if phase is Phase.REINFORCE:
                if must_trade(state):
                    raise IllegalAction(
                        f"with {len(state.hands[seat])} cards you must trade a set before placing armies")
                if owner[t] != seat:
                    raise IllegalAction(f"{name} is not yours: place armies on your own territories")
                if count > state.reserve[seat]:
                    raise IllegalAction(f"you have only {_armies(state.reserve[seat])} to place")
            elif owner[t] == seat:
                if count > state.quota_own:
                    raise IllegalAction(f"you may place only {state.quota_own} more of your armies this setup turn")
            elif state.neutral >= 0 and owner[t] == state.neutral:
                if count > state.quota_neutral:
                    raise IllegalAction("you may place only one neutral army each setup turn")
            else:
                raise IllegalAction(f"{name} is not yours: place armies on your own territories")
            if count > _cap_room(state, t):
                raise IllegalAction(f"at most {rules.army_cap} armies may stand on one territory")
        case ChooseHeadquarters(t):
            name = _territory(state, t, "the headquarters")
            if owner[t] != seat:
                raise IllegalAction(f"{name} is not yours: your headquarters must be one of your territories")
        case Trade(cards):
            hand = state.hands[seat]
            if len(set(cards)) != 3 or any(c not in hand for c in cards):
                raise IllegalAction("trade three different cards from your own hand")
            kinds = [state.board.card_kinds[c] for c in cards]
            if not hooks_for(rules).is_set(rules, kinds):
                raise IllegalAction("not a matched set: three alike, one of each, or two and a wild card")
        case Attack(source, target, count):
            _check_attack(state, source, target)
            if not 1 <= count <= 3:
                raise IllegalAction("the attacker rolls one, two or three dice")
            if count > armies[source] - 1:
                raise IllegalAction(
                    f"rolling {count} {'die' if count == 1 else 'dice'} needs at least {count + 1} armies on "
                    f"{state.board.territories[source].name}; it has {armies[source]}")
        case Blitz(source, target, stop_at):
            _check_attack(state, source, target)
            if stop_at < 0:
                raise IllegalAction("the number of armies to stop at cannot be negative")
            if armies[source] - 1 <= stop_at:
                raise IllegalAction(
                    f"{state.board.territories[source].name} has only {_armies(armies[source] - 1)} that can attack; "
                    f"stopping at {stop_at} leaves nothing to roll")
        case UseCommander(die):
            if not rules.commanders:
                raise IllegalAction("commanders are not in play")
            if state.commander_used:
                raise IllegalAction("the commander may be used once per turn")
            if not 0 <= die < len(state.attacker_faces) or state.attacker_faces[die] == 6:
                raise IllegalAction("choose one of your dice that does not already show a six")
        case Reroll(die):
            if not rules.card_reroll:
                raise IllegalAction("the card re-roll is not in play")
            if state.rerolled:
                raise IllegalAction("only one die may be re-rolled in each battle")
            if not _holds_card_of(state, state.battle_source, state.battle_target):
                raise IllegalAction("a re-roll needs a card showing the attacking or the attacked territory")
            if not 0 <= die < len(state.attacker_faces):
                raise IllegalAction("choose one of your own dice to re-roll")
        case Occupy(count):
            low, high = occupy_range(state)
            if not low <= count <= high:
                amount = f"exactly {_armies(low)}" if low == high else f"between {low} and {high} armies"
                raise IllegalAction(
                    f"move in {amount}: at least as many as the dice of the last battle"
                    if rules.occupy_minimum == "dice" else f"move in {amount}")
        case Fortify(source, target, count):
            src = _territory(state, source, "the territory moved from")
            dst = _territory(state, target, "the territory moved to")
            if owner[source] != seat or owner[target] != seat:
                raise IllegalAction("a free move goes from one of your territories to another of yours")
            if source == target:
                raise IllegalAction("move to a different territory")
            if target not in reachable(state, source):
                raise IllegalAction(
                    f"{dst} is not connected to {src} through your territories" if rules.fortify_connected
                    else f"{dst} is not adjacent to {src}")
            if not 1 <= count <= armies[source] - 1:
                most = armies[source] - 1
                amount = f"only {_armies(most)}" if most == 1 else f"between 1 and {most} armies"
                raise IllegalAction(f"move {amount}: one must stay on {src}")
            if count > _cap_room(state, target):
                raise IllegalAction(f"at most {rules.army_cap} armies may stand on one territory")


def _check_attack(state: GameState, source: int, target: int) -> None:
    owner, armies, seat = state.owner, state.armies, state.current
    src = _territory(state, source, "the attacking territory")
    dst = _territory(state, target, "the attacked territory")
    if owner[source] != seat:
        raise IllegalAction(f"{src} is not yours: attack from your own territory")
    if owner[target] == seat:
        raise IllegalAction(f"{dst} is yours: attack an opponent's territory")
    if target not in state.board.adjacent[source]:
        raise IllegalAction(f"{dst} is not adjacent to {src}")
    if armies[source] < 2:
        raise IllegalAction(f"{src} needs at least two armies to attack")


def _wrong_phase_message(state: GameState, action: Action) -> str:
    phase = state.phase
    if phase is Phase.OCCUPY:
        return "first move armies into the territory you captured"
    if phase is Phase.BATTLE:
        return "first settle the dice you rolled (accept them, or use your commander or re-roll)"
    if phase is Phase.REINFORCE:
        return "first place your reinforcements" + (" (trade cards first)" if must_trade(state) else "")
    if phase is Phase.FORTIFY and isinstance(action, Attack):
        return "no more attacks after a free move"
    if phase in (Phase.CLAIM, Phase.SETUP, Phase.HEADQUARTERS):
        return "the game is still being set up"
    return f"{type(action).__name__} is not allowed in the {phase.name.lower()} phase"


def play(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Check ``action`` and apply it to a copy: the new state and what happened.

    The given state is never changed, so a refused action loses nothing.
    """
    check(state, action)
    new = state.copy()
    return new, apply(new, action)
