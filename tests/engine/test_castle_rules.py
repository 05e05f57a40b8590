"""Castle Risk (1986), rule by rule, in scenarios with scripted dice and cards.

Each test quotes its basis: the rule text ``003_…`` (shared/spec/003_ad365cb7f714b430.txt), the research
(shared/spec/research/castle_risk.md) or the design note's decision (shared/design/editions.md §4.2) where the
text is silent. Every decision is also in docs/rules.md, "Castle Risk (1986)".
"""

from dataclasses import replace

import pytest

from castle_scenario import (
    BOARD,
    FLOW,
    OLD_RULES,
    RULES,
    cards,
    castle_position,
    deal,
    group,
    losing,
    played,
    refused,
    scripted_rng,
    tid,
)
from risk import rng
from risk.actions import Attack, Blitz, Claim, EndTurn, Fortify, Occupy, Place, Trade, listed
from risk.dice import PLAIN, DiceModel
from risk.engine import legal_actions, new_game, start_game
from risk.events import (
    BattleFought,
    Captured,
    CardDrawn,
    DeckReshuffled,
    Eliminated,
    GameWon,
    MovedIn,
    Placed,
    SetupDone,
    TurnStarted,
)
from risk.rules.castle import (
    ADMIRAL,
    AUTO_MARSHALL,
    BLOCK_SPY,
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
from risk.rules.castle.flow import CASTLE, HIDING, SPOILS, SPY_LOOK, ext
from risk.state import Phase

EMPIRE_GROUPS = [g for g, c in enumerate(BOARD.continents) if c.kind == "empire"]
GENERAL_PLUS = DiceModel(attack_plus=1)
MARSHALL_PLUS = DiceModel(defend_plus=1)
BOTH_PLUS = DiceModel(attack_plus=1, defend_plus=1)
CAP = DiceModel(attack_max=2)


def own(state, seat):
    return [t for t, who in enumerate(state.owner) if who == seat]


def finish_turn(state):
    """End the turn of the player to move and place its spoils on its first territory; what happened."""
    events = played(state, EndTurn())
    while state.phase is SPOILS:
        events += played(state, Place(own(state, state.current)[0], state.reserve[state.current]))
    return events


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


# ---------------------------------------------------------------------------------------------
# Setup


def replay_setup_draws(seed, people):
    """The setup's draws made again from the seed, in the order the flow makes them: the first player, the
    empires' chips, the deck shuffled when the armies are placed, the first player of the game."""
    g = rng.seed_state(seed)
    g, first = rng.below(g, people)
    empires = list(EMPIRE_GROUPS)
    g = rng.shuffle(g, empires)
    deck = list(range(48))
    g = rng.shuffle(g, deck)
    g, first_turn = rng.below(g, people)
    return first, empires, deck, first_turn


@pytest.mark.parametrize("people", [2, 3, 4, 5, 6])
def test_setup_goes_chips_castles_claims_fives_hidden_armies_cards_and_a_new_first_player(people):
    """003: "Each player randomly draws an Empire Castle Chip and places it and one army on a territory within
    its national borders. Players take turns placing one army onto unoccupied territories until all are gone.
    Then, players take turns placing 5 armies, divided in any way ... Hidden armies: players secretly choose any
    territory on the board (except for those with castles) ... Shuffle the cards and deal three to each player
    ... Randomly pick a player to go first". Armies "2 players/ 40 armies each, 3/35, 4/30, 5/25, 6/20".
    Design §4.2: the first player is drawn for the setup, the chips are drawn in setup order, and the first
    player of the game is drawn again."""
    seed = 10 + people
    state, events = start_game(RULES, people, seed)
    first, empires, deck, first_turn = replay_setup_draws(seed, people)
    order = [(first + i) % people for i in range(people)]
    start = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}[people]
    drawn = [-1] * people
    for place, seat in enumerate(order):
        drawn[seat] = empires[place]
    assert events == [ChipsDrawn(tuple(drawn))] and ext(state).empires == drawn
    assert state.phase is CASTLE and state.current == first and state.reserve == [start] * people
    # Castles, round the table from the first player, each in the empire of its chip.
    for seat in order:
        assert state.current == seat
        empire = BOARD.continents[drawn[seat]]
        elsewhere = next(t for t in range(44) if BOARD.territories[t].continent != drawn[seat])
        refused(state, PlaceCastle(elsewhere), f"is not in the {empire.name}: your castle goes in the empire")
        refused(state, PlaceCastle(tid("switzerland")), "your castle goes in the empire of your chip")
        refused(state, Claim(elsewhere), "first each player places a castle")
        site = empire.territories[-1]
        assert listed(PlaceCastle(site), legal_actions(state))
        assert played(state, PlaceCastle(site)) == [CastlePlaced(seat, site)]
        assert ext(state).castles[seat] == site and state.owner[site] == seat and state.armies[site] == 1
    # The claims go on round the table, one army at a time, until every territory is taken.
    claims = 0
    while state.phase is Phase.CLAIM:
        assert state.current == order[claims % people]
        played(state, Claim(state.owner.index(-1)))
        claims += 1
    assert claims == 44 - people
    # Then rounds of five armies, divided in any way; the last round smaller.
    batches = []
    while state.phase is Phase.SETUP:
        seat = state.current
        quota = state.quota_own
        assert quota == min(5, state.reserve[seat]) and quota >= 1
        territories = own(state, seat)
        refused(state, Place(territories[0], quota + 1), f"you may place only {quota} more")
        if quota > 1:
            played(state, Place(territories[0], quota - 1))
            assert state.current == seat
        events = played(state, Place(territories[-1], 1))
        batches.append(quota)
    assert sum(batches) == people * start - 44 and batches.count(5) >= len(batches) - people
    assert all(sum(a for t, a in enumerate(state.armies) if state.owner[t] == p) == start for p in range(people))
    assert of(events, SetupDone) and state.deck == deck
    # The hidden armies, in secret, from the first player: any territory but a castle's, an enemy's too.
    assert state.phase is HIDING
    for seat in order:
        assert state.current == seat
        castle = ext(state).castles[(seat + 1) % people]
        refused(state, ChooseHiddenArmy(castle), "has a castle: a hidden army waits on a territory without one")
        site = next(t for t in range(44) if state.owner[t] != seat and t not in ext(state).castles)
        events = played(state, ChooseHiddenArmy(site))
        assert ext(state).hidden[seat] == [site]
    assert events[0] == HiddenArmyChosen(order[-1], ext(state).hidden[order[-1]][0])
    # Three cards each from the first player on, then the first player drawn again, who draws one card.
    hands = {}
    for seat in order:
        hands[seat] = [deck.pop() for _ in range(3)]
    hands[first_turn].append(deck.pop())
    assert of(events, CardsDealt) == [CardsDealt(3, first_turn)]
    assert of(events, TurnStarted) == [TurnStarted(first_turn, 1, 0)]
    assert {p: state.hands[p] for p in range(people)} == hands and state.deck == deck
    assert state.phase is Phase.ATTACK and state.current == first_turn and not ext(state).attacked


def test_every_empire_turns_up_for_every_seat_and_the_first_player_is_drawn():
    """003: "Each player randomly draws an Empire Castle Chip", "Randomly pick a player to go first"."""
    seen, firsts = set(), set()
    for seed in range(80):
        state = new_game(RULES, 3, seed)
        seen.update(enumerate(ext(state).empires))
        firsts.add(state.first_player)
        assert len(set(ext(state).empires)) == 3 and set(ext(state).empires) <= set(EMPIRE_GROUPS)
    assert seen == {(p, e) for p in range(3) for e in EMPIRE_GROUPS} and firsts == {0, 1, 2}


# ---------------------------------------------------------------------------------------------
# The turn: the draw


@pytest.mark.parametrize(("held", "drawn"), [(0, 3), (1, 2), (2, 1), (3, 1), (6, 1)])
def test_a_turn_begins_with_one_card_or_as_many_as_make_three(held, drawn):
    """003: "Hand Size: if you have fewer than 3 cards, draw up to three. Draw One Card". Design §4.2: the draw
    is max(1, 3 - hand), which satisfies both lines."""
    state = castle_position(hands={1: cards(DIPLOMAT, held)})
    top = state.deck[-drawn:]
    events = []
    FLOW.begin_turn(state, 1, events)
    assert of(events, CardDrawn) == [CardDrawn(1, c) for c in reversed(top)]
    assert len(state.hands[1]) == held + drawn and state.phase is Phase.ATTACK


def test_an_empty_pile_is_the_discards_shuffled_and_reinforcements_never_come_back():
    """003: "All discarded cards are shuffled and used again except Reinforcement cards"; "Once used, cards are
    not recycled"."""
    state = castle_position(track=5)
    others = [c for c in state.deck]
    state.discard, state.deck = others[:4], []
    state.set_aside.append(others[-1])  # a Reinforcement a Spy made someone discard, out of the game too
    events = []
    FLOW.begin_turn(state, 1, events)
    assert of(events, DeckReshuffled) == [DeckReshuffled(4)]
    assert sorted(state.deck + state.hands[1]) == sorted(others[:4]) and not state.discard
    assert state.set_aside == [0, 1, 2, 3, 4, others[-1]]


# ---------------------------------------------------------------------------------------------
# Reinforcements


def test_reinforcements_follow_the_track_before_the_first_attack_and_stay_on_it():
    """003: "Play as many as you want before your first attack, and place along the side of the board in the next
    available spot. Collect that many units to place anywhere on the board you control. Once used, cards are not
    recycled." Design §4.2: the provisional track 4, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 45."""
    state = castle_position(default_owner=1, owners={"yorkshire": 0, "wales": 0},
                            armies={"yorkshire": 5, "scotland": 5}, hands={0: cards(REINFORCEMENT)[3:7]}, track=3)
    assert CastleSettings().reinforcement_track == (4, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 45)
    first, second, third, fourth = cards(REINFORCEMENT)[3:7]
    events = played(state, PlayReinforcement(first))
    assert events == [ReinforcementPlayed(0, first, 3, 10)]
    assert state.phase is Phase.REINFORCE and state.reserve[0] == 10 and ext(state).track == 4
    assert state.set_aside == [0, 1, 2, first] and first not in state.hands[0]
    refused(state, PlayReinforcement(second), "first place your reinforcements")
    refused(state, Place(tid("paris"), 1), "Paris is not yours: place armies on your own territories")
    played(state, Place(tid("wales"), 4))
    played(state, Place(tid("yorkshire"), 6))
    assert state.phase is Phase.ATTACK and state.armies[tid("yorkshire")] == 11
    assert played(state, PlayReinforcement(second))[0].armies == 12
    played(state, Place(tid("wales"), 12))
    played(state, Attack(tid("yorkshire"), tid("scotland"), 1))
    refused(state, PlayReinforcement(third), "Reinforcement cards are played before your first attack")
    assert not [c for c in legal_actions(state) if isinstance(c.action, PlayReinforcement)]
    # Next turn, the track goes on where it stopped.
    state.phase = Phase.ATTACK
    FLOW.begin_turn(state, 0, [])
    assert played(state, PlayReinforcement(fourth)) == [ReinforcementPlayed(0, fourth, 5, 15)]
    assert state.set_aside == [0, 1, 2, first, second, fourth]


def test_the_track_is_a_setting_and_a_full_track_takes_no_more():
    """Research §4: the printed values are unverified; design §4.2: "make them one setting"."""
    state = castle_position(default_owner=0, castles=["london", "paris"], people=2,
                            hands={0: cards(REINFORCEMENT, 3)})
    state.rules = replace(RULES, family=CastleSettings(reinforcement_track=(3, 7)))
    a, b, c = cards(REINFORCEMENT, 3)
    assert played(state, PlayReinforcement(a))[0].armies == 3
    played(state, Place(tid("london"), 3))
    assert played(state, PlayReinforcement(b))[0].armies == 7
    played(state, Place(tid("london"), 7))
    refused(state, PlayReinforcement(c), "the Reinforcement track is full")


def test_card_plays_name_the_card_the_rule_wants():
    """A card that is not held, or of another kind, is refused and nothing changes."""
    state = castle_position(hands={0: [cards(GENERAL)[0], cards(ADMIRAL)[0]], 1: cards(REINFORCEMENT, 1)})
    refused(state, PlayReinforcement(cards(REINFORCEMENT)[0]), "play a Reinforcement card from your own hand")
    refused(state, PlayReinforcement(cards(GENERAL)[0]), "that card is a General, not a Reinforcement")
    refused(state, PlayGeneral(cards(ADMIRAL)[0]), "that card is an Admiral, not a General")
    refused(state, SeaAttack(cards(GENERAL)[0], tid("london"), tid("wales"), 1), "that card is a General, not an")
    refused(state, PlayDiplomat(99, 1), "play a Diplomat card from your own hand")
    refused(state, PlayReinforcement(-1), "play a Reinforcement card from your own hand")


# ---------------------------------------------------------------------------------------------
# Diplomats


def truce_position():
    """Seat 0 holds London (its castle, 6 armies) and Yorkshire (6); seat 1 Paris (its castle) and Brittany; seat 2
    the rest, with Moscow its castle and Wales 6 armies."""
    return castle_position(default_owner=2, owners={"london": 0, "yorkshire": 0, "paris": 1, "brittany": 1},
                           armies={"london": 6, "yorkshire": 6, "paris": 6, "brittany": 6, "wales": 6},
                           hands={0: [cards(DIPLOMAT)[0], cards(ADMIRAL)[0]], 1: [cards(ADMIRAL)[1]],
                                  2: [cards(ADMIRAL)[2]]})


def test_a_diplomat_forbids_attacks_both_ways_by_sea_too_until_the_players_next_turn():
    """003: "Used to force a truce with another player before your first attack. Truce is in effect for one
    complete round of play." Design §4.2: "truce with one player until the start of the player's next turn,
    neither may attack the other (Admiral included)"."""
    state = truce_position()
    london, yorkshire, paris, brittany, wales = (tid(n) for n in ("london", "yorkshire", "paris", "brittany", "wales"))
    admiral = cards(ADMIRAL)
    assert played(state, PlayDiplomat(cards(DIPLOMAT)[0], 1)) == [TruceMade(0, 1, cards(DIPLOMAT)[0])]
    assert ext(state).truces == [(0, 1)] and cards(DIPLOMAT)[0] in state.discard
    for action in (Attack(london, paris, 2), Blitz(london, paris, 0), SeaAttack(admiral[0], yorkshire, brittany, 2)):
        refused(state, action, "a truce stands with that player: no attacks until it ends")
        assert not listed(action, legal_actions(state))
    assert listed(Attack(london, wales, 3), legal_actions(state))
    finish_turn(state)
    # Seat 1's turn: no attack on seat 0 either.
    assert state.current == 1
    refused(state, Attack(paris, london, 2), "a truce stands with that player")
    refused(state, SeaAttack(admiral[1], brittany, yorkshire, 2), "a truce stands with that player")
    finish_turn(state)
    # Seat 2, outside the truce, may attack both.
    assert state.current == 2 and listed(Attack(wales, london, 2), legal_actions(state))
    assert listed(SeaAttack(admiral[2], wales, brittany, 1), legal_actions(state))
    finish_turn(state)
    # Seat 0's next turn: the truce is over.
    assert state.current == 0 and ext(state).truces == []
    assert listed(Attack(london, paris, 2), legal_actions(state))


def test_diplomat_refusals():
    """003: "(do not use in 2-player game)"; "before your first attack". A truce is made with another player still
    in the game, and once."""
    two = castle_position(people=2, hands={0: cards(DIPLOMAT, 1)})
    refused(two, PlayDiplomat(cards(DIPLOMAT)[0], 1), "Diplomats are not used with two players")
    assert not [c for c in legal_actions(two) if isinstance(c.action, PlayDiplomat)]
    state = truce_position()
    deal(state, 0, cards(DIPLOMAT)[1:2])
    first, second = cards(DIPLOMAT)[:2]
    refused(state, PlayDiplomat(first, 0), "a truce is made with another player still in the game")
    refused(state, PlayDiplomat(first, 7), "a truce is made with another player still in the game")
    played(state, PlayDiplomat(first, 1))
    refused(state, PlayDiplomat(second, 1), "a truce already stands with that player")
    out = state.copy()
    out.alive[2] = False
    refused(out, PlayDiplomat(second, 2), "a truce is made with another player still in the game")
    played(state, Attack(tid("london"), tid("wales"), 1))
    refused(state, PlayDiplomat(second, 2), "a Diplomat is played before your first attack")


# ---------------------------------------------------------------------------------------------
# The hidden army


def hidden_position(track=3, armies=None, **kwargs):
    """Seat 0 holds London and Yorkshire (4 armies unless told); its hidden army waits on Yorkshire; seat 1's on
    Wales."""
    return castle_position(default_owner=1, owners={"london": 0, "yorkshire": 0}, armies=armies or {"yorkshire": 4},
                           hidden={0: ["yorkshire"], 1: ["wales"]}, track=track, **kwargs)


def test_the_hidden_army_comes_out_on_its_held_site_with_the_last_reinforcements_value():
    """003: "Used only once ... You must occupy the territory before you bring them out. Reveal your paper ...
    and then place on that territory armies equal to the number of the last Reinforcement card played."
    Design §4.2: during the owner's card step, before its first attack."""
    state = hidden_position(track=3)
    yorkshire = tid("yorkshire")
    assert listed(RevealHiddenArmy(yorkshire), legal_actions(state))
    assert played(state, RevealHiddenArmy(yorkshire)) == [HiddenArmyRevealed(0, yorkshire, 8)]
    assert state.armies[yorkshire] == 12 and ext(state).hidden[0] == [] and state.phase is Phase.ATTACK
    refused(state, RevealHiddenArmy(yorkshire), "none of your hidden armies waits on Yorkshire")


def test_the_hidden_army_waits_for_a_reinforcement_its_site_and_the_card_step():
    """003: "You must occupy the territory before you bring them out"; "armies equal to the number of the last
    Reinforcement card played" (none played: design §4.2, not allowed); design §4.2: "revealed once, during the
    owner's card step (start of its turn, before the first attack)"."""
    yorkshire, wales = tid("yorkshire"), tid("wales")
    refused(hidden_position(track=0), RevealHiddenArmy(yorkshire), "the last Reinforcement played: none was yet")
    assert not [c for c in legal_actions(hidden_position(track=0)) if isinstance(c.action, RevealHiddenArmy)]
    refused(hidden_position(), RevealHiddenArmy(wales), "none of your hidden armies waits on Wales")
    lost = hidden_position()
    lost.owner[yorkshire] = 1
    refused(lost, RevealHiddenArmy(yorkshire), "Yorkshire is not yours: a hidden army comes out on a territory")
    refused(hidden_position(), RevealHiddenArmy(99), "the hidden army's territory is not a territory on this board")


def test_old_codes_bring_the_hidden_army_out_before_the_first_attack_only_and_never_in_defence():
    """Rules revision 2 (codes of formats 4-7, docs/rules.md): design §4.2, "revealed once, during the owner's card
    step (start of its turn, before the first attack)", and never to defend. Those games replay as they were."""
    yorkshire = tid("yorkshire")
    late = hidden_position(rules=OLD_RULES)
    assert late.rules.revision == 2 and ext(late).orders == [AUTO_MARSHALL | BLOCK_SPY] * 3
    played(late, Attack(yorkshire, tid("scotland"), 1))
    refused(late, RevealHiddenArmy(yorkshire), "a hidden army comes out before your first attack")
    assert not [c for c in legal_actions(late) if isinstance(c.action, RevealHiddenArmy)]
    attacked = hidden_position(rules=OLD_RULES, current=1, armies={"yorkshire": 4, "scotland": 10})
    events = played(attacked, Attack(tid("scotland"), yorkshire, 3))
    assert not of(events, HiddenArmyRevealed) and ext(attacked).hidden[0] == [yorkshire]
    refused(attacked, StandingOrders(DEFEND_HIDDEN), "standing orders are: play a Marshall when attacked, block")


def test_the_hidden_army_comes_out_at_any_time_of_the_attack_step():
    """003: "Used only once at any time during the game to attack from, or defend, the spot ... You must occupy
    the territory before you bring them out." Rules revision 3 (docs/rules.md): between attacks as before them."""
    yorkshire = tid("yorkshire")
    state = hidden_position(armies={"yorkshire": 4})
    played(state, Attack(yorkshire, tid("scotland"), 1))
    assert ext(state).attacked and listed(RevealHiddenArmy(yorkshire), legal_actions(state))
    assert played(state, RevealHiddenArmy(yorkshire)) == [HiddenArmyRevealed(0, yorkshire, 8)]
    refused(state, RevealHiddenArmy(yorkshire), "none of your hidden armies waits on Yorkshire")


def test_a_hidden_army_on_a_taken_site_comes_out_to_attack_from_it():
    """003: "to attack from ... the spot"; "You must occupy the territory before you bring them out": take the
    site, move in, bring the army out, and attack from there in the same turn."""
    scotland, ireland = tid("scotland"), tid("ireland")
    state = castle_position(default_owner=1, owners={"london": 0, "yorkshire": 0}, armies={"yorkshire": 6},
                            hidden={0: ["scotland"], 1: ["wales"]}, track=3)
    refused(state, RevealHiddenArmy(scotland), "Scotland is not yours: a hidden army comes out on a territory")
    state.rng = scripted_rng([(PLAIN, 3, 1, ((6, 6, 6), (1,)))])
    played(state, Attack(tid("yorkshire"), scotland, 3))
    played(state, Occupy(3))
    assert played(state, RevealHiddenArmy(scotland)) == [HiddenArmyRevealed(0, scotland, 8)]
    assert state.armies[scotland] == 11
    assert listed(Attack(scotland, ireland, 3), legal_actions(state))
    played(state, Blitz(scotland, ireland, 0))
    assert state.owner[ireland] == 0


def test_the_hidden_army_defends_its_spot_by_standing_order():
    """003: "Used only once at any time during the game to attack from, or defend, the spot". Rules revision 3
    (docs/rules.md): a standing order, like the Marshall's (on by default), brings it out on the territory
    attacked before the first roll, so that the device is never handed over in the middle of a battle; once a
    Reinforcement has been played; one hidden army an attack; by land or by sea."""
    yorkshire, scotland = tid("yorkshire"), tid("scotland")
    state = hidden_position(current=1, armies={"yorkshire": 4, "scotland": 10})
    assert ext(state).orders == [AUTO_MARSHALL | BLOCK_SPY | DEFEND_HIDDEN] * 3
    events = played(state, Attack(scotland, yorkshire, 3))
    assert events[0] == HiddenArmyRevealed(0, yorkshire, 8) and isinstance(events[1], BattleFought)
    assert state.armies[yorkshire] == 12 - events[1].defender_losses and ext(state).hidden[0] == []
    again = played(state, Attack(scotland, yorkshire, 3))  # used once: the next attack meets no other
    assert not of(again, HiddenArmyRevealed)
    # Its order off, or no Reinforcement played yet: it stays hidden.
    off = hidden_position(current=0, armies={"yorkshire": 4, "scotland": 10})
    assert played(off, StandingOrders(AUTO_MARSHALL | BLOCK_SPY)) == [OrdersSet(0, AUTO_MARSHALL | BLOCK_SPY)]
    off.current = 1
    assert not of(played(off, Attack(scotland, yorkshire, 3)), HiddenArmyRevealed)
    assert ext(off).hidden[0] == [yorkshire]
    early = hidden_position(track=0, current=1, armies={"yorkshire": 4, "scotland": 10})
    assert not of(played(early, Attack(scotland, yorkshire, 3)), HiddenArmyRevealed)
    # By sea: an Admiral's landing is an attack on the spot too.
    sea = hidden_position(current=1, armies={"yorkshire": 2}, hands={1: cards(ADMIRAL, 1)})
    sea.owner[tid("brittany")], sea.armies[tid("brittany")] = 1, 6
    events = played(sea, SeaAttack(cards(ADMIRAL)[0], tid("brittany"), yorkshire, 5))
    assert events[0] == HiddenArmyRevealed(0, yorkshire, 8) and ext(sea).hidden[0] == []


def test_two_hidden_armies_on_one_spot_defend_one_attack_each():
    """A captor holds the fallen player's hidden army as its own (003); two on one territory are two armies, each
    "used only once": one comes out for each attack on it."""
    yorkshire, scotland = tid("yorkshire"), tid("scotland")
    state = hidden_position(current=1, armies={"yorkshire": 30, "scotland": 10})
    ext(state).hidden[0] = [yorkshire, yorkshire]
    out = HiddenArmyRevealed(0, yorkshire, 8)
    assert of(played(state, Attack(scotland, yorkshire, 1)), HiddenArmyRevealed) == [out]
    assert ext(state).hidden[0] == [yorkshire]
    assert of(played(state, Attack(scotland, yorkshire, 1)), HiddenArmyRevealed) == [out]
    assert ext(state).hidden[0] == [] and FLOW.impossible(state) == ""


def test_a_discarded_reinforcement_leaves_the_game_without_moving_the_track():
    """003: "All discarded cards are shuffled and used again except Reinforcement cards". The hidden army counts
    the last Reinforcement *played*, so one a Spy discards does not change it."""
    state = hidden_position(track=2, hands={0: cards(SPY, 1), 1: [cards(REINFORCEMENT)[5]]})
    played(state, PlaySpy(cards(SPY)[0], 1))
    played(state, SpyDiscard(cards(REINFORCEMENT)[5]))
    assert state.set_aside == [0, 1, cards(REINFORCEMENT)[5]] and ext(state).track == 2
    assert played(state, RevealHiddenArmy(tid("yorkshire")))[0].armies == 6


# ---------------------------------------------------------------------------------------------
# Battles: the castle cap, Generals, Marshalls


def battle_position(**kwargs):
    """Seat 0 holds London (its castle) and Yorkshire (10 armies); seat 1 Scotland (10) and Paris (its castle, 10),
    seat 2 the rest."""
    return castle_position(default_owner=2, owners={"london": 0, "yorkshire": 0, "scotland": 1, "paris": 1},
                           armies={"london": 10, "yorkshire": 10, "scotland": 10, "paris": 10}, **kwargs)


def test_at_most_two_dice_against_a_castle():
    """003: "When attacking a castle, you can never use more than two dice.\""""
    state = battle_position()
    london, paris, yorkshire, scotland = tid("london"), tid("paris"), tid("yorkshire"), tid("scotland")
    refused(state, Attack(london, paris, 3), "the attacker rolls 1 to 2 dice here")
    moves = legal_actions(state)
    assert listed(Attack(london, paris, 2), moves) and not listed(Attack(london, paris, 3), moves)
    assert listed(Attack(yorkshire, scotland, 3), moves)
    events = played(state, Blitz(london, paris, 0))
    assert all(len(e.attacker) <= 2 for e in of(events, BattleFought))
    assert any(len(e.attacker) == 2 and e.model == DiceModel(attack_max=2) for e in of(events, BattleFought))


def test_a_general_adds_one_to_the_highest_die_until_the_defender_wins_a_top_pair():
    """003: "Play any time during your attack before rolling dice to add +1 to your highest die ... it must remain
    in play throughout the entire turn until eliminated or your turn ends, when it returns to your hand. Lost if
    opponent ever rolls a die higher than or equal to your highest die roll +1. You can play more than one General
    card a turn, but not at the same time.\""""
    first, second = cards(GENERAL, 2)
    state = battle_position(hands={0: [first, second]})
    yorkshire, scotland = tid("yorkshire"), tid("scotland")
    assert played(state, PlayGeneral(first)) == [PersonPlayed(0, first, "general")]
    refused(state, PlayGeneral(second), "a General is in play already: one at a time")
    # 5+1 against 5: the General wins the top pair and stays; 3 beats 2.
    state.rng = scripted_rng([(GENERAL_PLUS, 3, 2, ((5, 3, 1), (5, 2)))])
    events = played(state, Attack(yorkshire, scotland, 3))
    assert [(e.attacker, e.defender, e.attacker_losses, e.defender_losses) for e in events] == [
        ((5, 3, 1), (5, 2), 0, 2)]
    assert ext(state).general == first and first in state.hands[0] and not of(events, PersonLost)
    # 4+1 against 5: the defender ties the General's die: the General is lost.
    state.rng = scripted_rng([(GENERAL_PLUS, 3, 2, ((4, 4, 2), (5, 1)))])
    events = played(state, Attack(yorkshire, scotland, 3))
    assert (events[0].attacker_losses, events[0].defender_losses) == (1, 1)
    assert events[1:] == [PersonLost(0, first, "general")]
    assert ext(state).general == -1 and first in state.discard and first not in state.hands[0]
    # Another General may follow a lost one; it goes back to hand when the turn ends.
    played(state, PlayGeneral(second))
    finish_turn(state)
    assert ext(state).general == -1 and second in state.hands[0]


def test_a_general_stays_in_play_for_every_attack_of_the_turn():
    """003: "it must remain in play throughout the entire turn until eliminated or your turn ends"."""
    state = battle_position(hands={0: cards(GENERAL, 1)})
    played(state, PlayGeneral(cards(GENERAL)[0]))
    state.rng = scripted_rng([(GENERAL_PLUS, 3, 2, ((6, 3, 1), (2, 2)))])
    played(state, Attack(tid("yorkshire"), tid("scotland"), 3))
    state.rng = scripted_rng([(DiceModel(attack_max=2, attack_plus=1), 2, 2, ((5, 1), (4, 4)))])
    events = played(state, Attack(tid("london"), tid("paris"), 2))
    assert events[0].model == DiceModel(attack_max=2, attack_plus=1) and events[0].defender_losses == 1
    assert ext(state).general == cards(GENERAL)[0]


def test_a_marshall_comes_in_by_standing_order_survives_ties_and_is_lost_to_a_higher_die():
    """003: "Play any time when defending before rolling dice to add +1 to your highest die ... it must remain in
    play throughout the entire turn until eliminated or your opponent's turn ends, when it returns to your hand.
    Lost if opponent ever rolls a die higher than your highest die roll +1. He lives on ties." Design §4.2:
    "Played automatically the first time its holder is attacked in a turn, if its standing order is on (default
    on)"."""
    first, second = cards(MARSHALL, 2)
    state = battle_position(hands={1: [first, second]})
    yorkshire, scotland, london, paris = tid("yorkshire"), tid("scotland"), tid("london"), tid("paris")
    # 6 against 5+1: a tie, which the Marshall survives (and wins).
    state.rng = scripted_rng([(MARSHALL_PLUS, 3, 2, ((6, 3, 1), (5, 2)))])
    events = played(state, Attack(yorkshire, scotland, 3))
    assert events[0] == PersonPlayed(1, first, "marshall")
    assert (events[1].attacker_losses, events[1].defender_losses, events[1].model) == (1, 1, MARSHALL_PLUS)
    assert ext(state).marshalls[1] == first and len(events) == 2
    # Still in play when another of its territories is attacked: no second Marshall.
    state.rng = scripted_rng([(DiceModel(attack_max=2, defend_plus=1), 2, 2, ((6, 5), (4, 4)))])
    events = played(state, Attack(london, paris, 2))
    assert not of(events, PersonPlayed) and events[0].model == DiceModel(attack_max=2, defend_plus=1)
    # 6 beats 4+1: the Marshall is lost...
    assert (events[0].attacker_losses, events[0].defender_losses) == (0, 2)
    assert events[1:] == [PersonLost(1, first, "marshall")] and first in state.discard
    # ...and the next one comes in before the next roll.
    state.rng = scripted_rng([(MARSHALL_PLUS, 3, 2, ((2, 2, 1), (1, 1)))])
    events = played(state, Attack(yorkshire, scotland, 3))
    assert events[0] == PersonPlayed(1, second, "marshall") and ext(state).marshalls[1] == second
    # At the end of the attacker's turn it goes back to its holder's hand.
    finish_turn(state)
    assert ext(state).marshalls == [-1, -1, -1] and second in state.hands[1]


def test_without_its_standing_order_a_marshall_stays_in_hand():
    """Design §4.2: the Marshall is played by a standing order (default on), which its holder may turn off."""
    state = battle_position(hands={1: cards(MARSHALL, 1)}, current=1)
    assert played(state, StandingOrders(BLOCK_SPY)) == [OrdersSet(1, BLOCK_SPY)]
    assert ext(state).orders[1] == BLOCK_SPY
    refused(state, StandingOrders(8), "standing orders are any of: play a Marshall when attacked, block a Spy, bring")
    state.current = 0
    events = played(state, Attack(tid("yorkshire"), tid("scotland"), 3))
    assert not of(events, PersonPlayed) and events[0].model is None and ext(state).marshalls[1] == -1


def test_a_general_against_a_marshall_compares_both_plus_one_and_a_tie_goes_to_the_defender():
    """003: the General is "Lost if opponent ever rolls a die higher than or equal to your highest die roll +1";
    the Marshall "lives on ties"."""
    state = battle_position(hands={0: cards(GENERAL, 1), 1: cards(MARSHALL, 1)})
    played(state, PlayGeneral(cards(GENERAL)[0]))
    state.rng = scripted_rng([(BOTH_PLUS, 3, 2, ((5, 4, 1), (5, 3)))])
    events = played(state, Attack(tid("yorkshire"), tid("scotland"), 3))
    assert [type(e) for e in events] == [PersonPlayed, BattleFought, PersonLost]
    assert (events[1].attacker_losses, events[1].defender_losses) == (1, 1)
    assert events[2] == PersonLost(0, cards(GENERAL)[0], "general") and ext(state).marshalls[1] == cards(MARSHALL)[0]


# ---------------------------------------------------------------------------------------------
# The Admiral


def sea_position(hands=None):
    """Seat 0: Ukraine and Turkey (the Black Sea; Turkey on both waters), Burgundy (landlocked), 10 armies each;
    seat 1: Bulgaria, Greece, Romania, Serbia (3 armies each); seat 2 the rest. Seat 0 holds two Admirals."""
    return castle_position(default_owner=2,
                           owners={"ukraine": 0, "turkey": 0, "burgundy": 0, "bulgaria": 1, "greece": 1, "romania": 1,
                                   "serbia": 1},
                           armies={"ukraine": 10, "turkey": 10, "burgundy": 10, "bulgaria": 3, "greece": 3,
                                   "romania": 3, "serbia": 3},
                           castles=["london", "greece", "moscow"],
                           hands=hands or {0: cards(ADMIRAL, 2)})


def test_an_admiral_sails_between_shores_of_one_water_and_the_black_sea_joins_no_other():
    """003: "[Admiral] Used to move from one territory on the sea to another"; "Black Sea: does not connect with any
    other body of water". Design §4.1: every coast has a set of waters, the Admiral sails between two that share
    one; Turkey touches both."""
    state = sea_position()
    admiral = cards(ADMIRAL)[0]
    ukraine, turkey, burgundy = tid("ukraine"), tid("turkey"), tid("burgundy")
    bulgaria, greece, romania, serbia = tid("bulgaria"), tid("greece"), tid("romania"), tid("serbia")
    moves = legal_actions(state)
    for source, target in ((ukraine, bulgaria), (ukraine, romania), (turkey, greece), (turkey, romania)):
        assert listed(SeaAttack(admiral, source, target, 1), moves)
    assert listed(SeaAttack(admiral, turkey, tid("portugal"), 9), moves)
    refused(state, SeaAttack(admiral, ukraine, greece, 2), "Ukraine and Greece share no water: the Black Sea joins")
    refused(state, SeaAttack(admiral, burgundy, greece, 2), "Burgundy touches no sea: an Admiral sails from a coast")
    refused(state, SeaAttack(admiral, turkey, serbia, 2), "Serbia touches no sea: an Admiral lands on a coast")
    refused(state, SeaAttack(admiral, ukraine, turkey, 2), "Turkey is yours: an Admiral carries armies to attack")
    refused(state, SeaAttack(admiral, greece, turkey, 2), "Greece is not yours: sail from your own territory")
    refused(state, SeaAttack(admiral, ukraine, romania, 10), "load 1 to 9 armies: one stays on Ukraine")
    refused(state, SeaAttack(admiral, ukraine, romania, 0), "load 1 to 9 armies")
    refused(state, SeaAttack(cards(ADMIRAL)[3], ukraine, romania, 2), "play an Admiral card from your own hand")
    assert not [c for c in legal_actions(castle_position()) if isinstance(c.action, SeaAttack)]  # no Admiral


def test_a_sea_attack_won_lands_every_survivor_and_keeps_the_admiral():
    """003: "Load armies onto card and slide to defending territory. Once committed, you cannot withdraw- you must
    either win or be eliminated. If you lose, you lose the card too, but if you win you keep the card. You may use
    multiple times on your turn as long as you win.\""""
    state = sea_position()
    admiral, ukraine, romania = cards(ADMIRAL)[0], tid("ukraine"), tid("romania")
    state.rng = scripted_rng([(PLAIN, 3, 2, losing(PLAIN, 0, 2)), (PLAIN, 3, 1, losing(PLAIN, 0, 1))])
    events = played(state, SeaAttack(admiral, ukraine, romania, 4))
    assert [type(e) for e in events] == [BattleFought, BattleFought, SeaAttackMade, Captured]
    assert events[2] == SeaAttackMade(0, ukraine, romania, 4, admiral, True)
    assert state.owner[romania] == 0 and state.armies[romania] == 4 and state.armies[ukraine] == 6
    assert state.phase is Phase.ATTACK and admiral in state.hands[0] and ext(state).attacked
    # The Admiral sails again the same turn.
    assert listed(SeaAttack(admiral, ukraine, tid("bulgaria"), 1), legal_actions(state))


def test_a_sea_attack_lost_loses_every_army_loaded_and_the_admiral():
    """003: "Once committed, you cannot withdraw ... If you lose, you lose the card too"."""
    state = sea_position()
    admiral, ukraine, romania = cards(ADMIRAL)[0], tid("ukraine"), tid("romania")
    state.rng = scripted_rng([(PLAIN, 2, 2, ((2, 1), (6, 2)))])
    events = played(state, SeaAttack(admiral, ukraine, romania, 2))
    assert [(e.attacker_losses, e.defender_losses) for e in of(events, BattleFought)] == [(2, 0)]
    assert events[-1] == SeaAttackMade(0, ukraine, romania, 2, admiral, False)
    assert state.armies[ukraine] == 8 and state.armies[romania] == 3 and state.owner[romania] == 1
    assert admiral in state.discard and admiral not in state.hands[0]


def test_a_sea_attack_is_fought_to_the_end_and_ends_the_card_step():
    """003: "you must either win or be eliminated"; design §4.2: "fought to the end without retreat (min(3, loaded)
    dice a roll, castle cap applies)"."""
    for seed in range(30):
        state = sea_position(hands={0: [*cards(ADMIRAL, 1), *cards(REINFORCEMENT, 1)]})
        state.rng = rng.seed_state(seed)
        events = played(state, SeaAttack(cards(ADMIRAL)[0], tid("turkey"), tid("greece"), 5))
        battles = of(events, BattleFought)
        lost_a = sum(e.attacker_losses for e in battles)
        lost_d = sum(e.defender_losses for e in battles)
        assert lost_a == 5 or lost_d == 3
        assert all(len(e.attacker) <= 2 for e in battles)  # Greece is seat 1's castle here
        refused(state, PlayReinforcement(cards(REINFORCEMENT)[0]), "before your first attack")


# ---------------------------------------------------------------------------------------------
# The Spy


def spy_position(hands=None):
    """Seat 0 holds two Spies and London (3 armies), seat 1 a General, a Reinforcement and an Admiral, and Wales
    (5)."""
    hands = hands or {0: cards(SPY, 2), 1: [cards(GENERAL)[0], cards(REINFORCEMENT)[0], cards(ADMIRAL)[0]]}
    return castle_position(hands=hands, armies={"london": 3, "wales": 5})


def test_a_spy_looks_at_a_hand_and_has_one_card_discarded_face_up():
    """003: "[Spy] Used to look at another player's hand and to discard one card of your choice after revealing it
    to everyone ... May be played at any time during your turn.\""""
    state = spy_position()
    spy = cards(SPY)[0]
    hand = sorted(state.hands[1])
    assert played(state, PlaySpy(spy, 1)) == [SpyPlayed(0, 1, spy, -1)]
    assert state.phase is SPY_LOOK and ext(state).seen == tuple(hand) and ext(state).spied == 1
    assert [c.action for c in legal_actions(state)] == [SpyDiscard(c) for c in hand]
    refused(state, EndTurn(), "first choose the card your Spy makes the player discard")
    refused(state, SpyDiscard(cards(SPY)[1]), "choose one of the cards your Spy saw")
    assert played(state, SpyDiscard(cards(ADMIRAL)[0])) == [CardDiscarded(1, cards(ADMIRAL)[0], 0)]
    assert state.discard == [cards(ADMIRAL)[0], spy]
    assert state.hands[1] == [cards(GENERAL)[0], cards(REINFORCEMENT)[0]] and state.hands[0] == [cards(SPY)[1]]
    assert state.phase is Phase.ATTACK and ext(state).seen == () and ext(state).spied == -1
    # After an attack too.
    played(state, Attack(tid("london"), tid("wales"), 1))
    assert listed(PlaySpy(cards(SPY)[1], 1), legal_actions(state))


def test_a_spy_is_offered_on_the_players_own_view_where_the_other_hands_are_unseen():
    """On a seat's public view the other hands are cards it cannot see; a Spy on a player holding cards is
    still offered there (bots and the page list actions on that view), and not on one whose hand is empty."""
    from risk.visibility import public_view

    state = spy_position(hands={0: cards(SPY, 2), 1: [cards(GENERAL)[0]], 2: []})
    view = public_view(state, 0)
    assert listed(PlaySpy(cards(SPY)[0], 1), legal_actions(view))
    assert not listed(PlaySpy(cards(SPY)[0], 2), legal_actions(view))


def test_a_spy_is_blocked_by_the_targets_own_spy_by_standing_order():
    """003: "Or, use it to block another player's Spy card." Design §4.2: "The target may block with its own Spy
    (both discarded): standing order, default on"."""
    state = spy_position(hands={0: cards(SPY, 1), 1: [cards(SPY)[1], cards(GENERAL)[0]]})
    spy, block = cards(SPY)[:2]
    assert played(state, PlaySpy(spy, 1)) == [SpyPlayed(0, 1, spy, block)]
    assert state.phase is Phase.ATTACK and state.hands == [[], [cards(GENERAL)[0]], []]
    assert state.discard == [spy, block]
    # With the order off, the Spy looks, and may even have the would-be blocker discarded.
    state = spy_position(hands={0: cards(SPY, 1), 1: [cards(SPY)[1], cards(GENERAL)[0]]})
    ext(state).orders[1] = AUTO_MARSHALL
    played(state, PlaySpy(spy, 1))
    assert state.phase is SPY_LOOK
    played(state, SpyDiscard(block))
    assert state.hands[1] == [cards(GENERAL)[0]]


def test_a_spy_does_not_see_a_marshall_in_play():
    """Design (docs/rules.md): a Marshall in play is on the table until the attacker's turn ends, not in its
    holder's hand, so a Spy played after it came in neither sees it nor has it discarded."""
    marshall = cards(MARSHALL)[0]
    state = battle_position(hands={0: cards(SPY, 2), 1: [marshall, cards(GENERAL)[0]]})
    state.rng = scripted_rng([(MARSHALL_PLUS, 1, 2, ((1,), (1, 1)))])
    played(state, Attack(tid("yorkshire"), tid("scotland"), 1))
    assert ext(state).marshalls[1] == marshall
    played(state, PlaySpy(cards(SPY)[0], 1))
    assert ext(state).seen == (cards(GENERAL)[0],)
    refused(state, SpyDiscard(marshall), "choose one of the cards your Spy saw")
    played(state, SpyDiscard(cards(GENERAL)[0]))
    assert state.hands[1] == [marshall]
    refused(state, PlaySpy(cards(SPY)[1], 1), "that player holds no card in hand to look at")
    assert not listed(PlaySpy(cards(SPY)[1], 1), legal_actions(state))


def test_spy_refusals():
    """A Spy is played on another player still in the game, holding a card."""
    state = spy_position()
    spy = cards(SPY)[0]
    refused(state, PlaySpy(spy, 0), "spy on another player still in the game")
    refused(state, PlaySpy(spy, 3), "spy on another player still in the game")
    refused(state, PlaySpy(spy, 2), "that player holds no card in hand to look at")
    refused(state, PlaySpy(cards(GENERAL)[0], 1), "play a Spy card from your own hand")
    state.alive[1] = False
    refused(state, PlaySpy(spy, 1), "spy on another player still in the game")


# ---------------------------------------------------------------------------------------------
# Spoils, no free move


def test_spoils_come_at_the_end_of_the_turn_and_go_anywhere_one_holds():
    """003: "Spoils collect 4 armies/Empire you control, 6/ if you control all Independent territories, and 8 for
    every Empire Castle Chip you control (including your own) Spoils distribute them any way you want on any
    territories you control." Design §4.2."""
    independents = [t for t in range(44) if BOARD.continents[BOARD.territories[t].continent].kind == "independent"]
    state = castle_position(default_owner=1, owners={name: 0 for name in ("london", "wales", "ireland", "yorkshire",
                                                                          "scotland")})
    for t in independents:
        state.owner[t] = 0
    ext(state).chips[0].append(ext(state).empires[2])
    ext(state).chips[2] = []
    state.alive[2] = False
    ext(state).castles[2] = -1
    events = played(state, EndTurn())
    assert events == [SpoilsCollected(0, 4 + 6 + 16, 1, True, 2)]
    assert state.phase is SPOILS and state.reserve[0] == 26 and state.current == 0
    refused(state, Place(tid("paris"), 1), "Paris is not yours: place your spoils on your own territories")
    refused(state, Place(tid("london"), 27), "you have only 26 armies to place")
    refused(state, Attack(tid("london"), tid("paris"), 1), "first place your spoils")
    played(state, Place(tid("london"), 20))
    events = played(state, Place(independents[0], 6))
    assert events[0] == Placed(0, independents[0], 6, 0) and of(events, TurnStarted)[0].seat == 1
    assert state.armies[tid("london")] == 21 and state.current == 1
    # Seat 1 holds the French, German, Ottoman and Austrian empires whole (Moscow is seat 2's) and its own chip.
    assert played(state, EndTurn())[0] == SpoilsCollected(1, 4 * 4 + 8, 4, False, 1)


def test_no_free_move_and_no_card_sets():
    """003: "No 'fortifying' of armies at the end of a player's turn"; cards are played one by one."""
    state = castle_position(default_owner=0, armies={"london": 5})
    refused(state, Fortify(tid("london"), tid("wales"), 1), "not an action of this game")
    refused(state, Trade((0, 1, 2)), "not an action of this game")
    assert not [c for c in legal_actions(state) if isinstance(c.action, (Fortify, Trade))]


# ---------------------------------------------------------------------------------------------
# A castle's fall


def fall_position(people=3, hands=None, **kwargs):
    """Seat 0 holds London (its castle, 10 armies), Yorkshire (4) and Wales (2); seat 1 Paris (its castle, 1
    army), Brittany (3), Gascony, Marseille, with a hidden army waiting on Rome, two cards and a truce with seat
    2; seat 2 (and 3) the rest."""
    state = castle_position(
        people=people, default_owner=2 if people > 2 else 1,
        owners={"london": 0, "yorkshire": 0, "wales": 0, "paris": 1, "brittany": 1, "gascony": 1, "marseille": 1},
        armies={"london": 10, "yorkshire": 4, "wales": 2, "paris": 1, "brittany": 3, "gascony": 1, "marseille": 2},
        hands=hands or {1: [cards(GENERAL)[0], cards(ADMIRAL)[0]]}, hidden={0: ["ireland"], 1: ["rome"]}, **kwargs)
    ext(state).truces = [(1, 2)] if people > 2 else []
    return state


def test_capturing_a_castle_eliminates_its_owner_at_once_with_its_chip_cards_and_hidden_army():
    """003: "When you defeat all armies on the castle territory, you capture the castle and eliminate the
    defending player from the game. Take that player's castle chip and place it on the same spot as your castle
    ... Take the defeated players cards into your hand, and control of their hidden units if not used yet."
    Design §4.2: the captor occupies each of the fallen player's other territories with 1 army from its own spare
    armies, the attacking territory first (keeping what the move-in needs), then its largest stacks."""
    state = fall_position()
    london, paris = tid("london"), tid("paris")
    fallen = [tid(n) for n in ("paris", "gascony", "brittany", "marseille")]
    left = sorted(fallen[1:])
    state.rng = scripted_rng([(CAP, 2, 1, ((6, 6), (1,)))])
    events = played(state, Attack(london, paris, 2))
    french = group("french")
    assert [type(e) for e in events] == [BattleFought, Captured, Eliminated, CastleCaptured, TakenOver]
    assert events[2] == Eliminated(1, 0, (cards(GENERAL)[0], cards(ADMIRAL)[0]))
    assert events[3] == CastleCaptured(1, 0, paris, (french,))
    assert events[4] == TakenOver(tuple(left), (0, 0, 0))
    assert not state.alive[1] and ext(state).castles[1] == -1 and ext(state).chips[0] == [group("british"), french]
    assert sorted(state.hands[0]) == [cards(GENERAL)[0], cards(ADMIRAL)[0]] and state.hands[1] == []
    assert ext(state).hidden[0] == [tid("ireland"), tid("rome")] and ext(state).hidden[1] == []
    assert ext(state).truces == []
    # Three armies came from London (keeping 1 + 2 for the move-in), one for each territory taken over.
    assert state.armies[london] == 7 and all(state.owner[t] == 0 and state.armies[t] == 1 for t in left)
    assert state.phase is Phase.OCCUPY and FLOW.occupy_range(state) == (2, 6)
    played(state, Occupy(2))
    assert played(state, EndTurn())[0] == SpoilsCollected(0, 16, 0, False, 2)


def test_the_take_over_uses_the_largest_stacks_then_other_players_round_the_table_then_new_armies():
    """003: "Remove the defeated player's armies from the board and replace them with armies from territories you
    occupy, starting with the armies you attacked with. If you don't want to occupy a territory, other players
    must use armies on the board. The rules don't specify how the other players are selected." Design §4.2: "any
    it cannot fill go, round the table from the captor's left, to players with spare armies (1 from their largest
    stack); if nobody can, the captor gets it with 1 army"."""
    state = fall_position(people=4, castles=["london", "paris", "moscow", "berlin"])
    for t in range(44):
        if state.owner[t] in (2, 3):
            state.armies[t] = 1
    state.owner[tid("naples")] = 3
    state.armies[tid("naples")] = 3  # seat 3 can give two armies, seat 2 one
    state.armies[tid("rome")] = 2
    state.armies[tid("london")] = 4  # keeps 3 for the move-in: gives one
    state.armies[tid("yorkshire")] = 2  # gives one
    state.armies[tid("wales")] = 1
    extra_left = ["bulgaria", "greece"]
    for name in extra_left:
        state.owner[tid(name)] = 1
    left = sorted(tid(n) for n in ("gascony", "brittany", "marseille", *extra_left))
    state.rng = scripted_rng([(CAP, 2, 1, ((6, 6), (1,)))])
    events = played(state, Attack(tid("london"), tid("paris"), 2))
    taken = of(events, TakenOver)[0]
    assert taken.territories == tuple(left)
    # London, then Yorkshire; then from the captor's left (seat 1 is out): 2, 3, 2... while they can.
    assert taken.seats == (0, 0, 2, 3, 3)
    assert state.armies[tid("london")] == 3 and state.armies[tid("yorkshire")] == 1
    assert state.armies[tid("rome")] == 1 and state.armies[tid("naples")] == 1
    # Nobody with an army to spare: the captor's, with one army.
    state = fall_position(people=2, castles=["london", "paris"])
    for t in range(44):
        if state.owner[t] != 1:
            state.armies[t] = 1
    state.armies[tid("london")] = 3
    left = [t for t in range(44) if state.owner[t] == 1 and t != tid("paris")]
    before, fallen = sum(state.armies), sum(state.armies[t] for t in left)
    state.rng = scripted_rng([(CAP, 2, 1, ((6, 6), (1,)))])
    events = played(state, Attack(tid("london"), tid("paris"), 2))
    assert of(events, TakenOver)[0].seats == (0,) * len(left) and of(events, GameWon) == [GameWon(0)]
    # Paris's army fell in battle; the fallen player's other armies left the board, and one new army of the
    # captor's stands on each of its territories.
    assert sum(state.armies) == before - 1 - fallen + len(left)


def test_a_castle_taken_by_sea_is_taken_over_with_the_armies_that_landed():
    """003: "starting with the armies you attacked with": after a sea attack, those are the armies that landed
    (design, docs/rules.md), which keep one on the castle's territory."""
    state = fall_position(hands={0: cards(ADMIRAL, 1), 1: [cards(GENERAL)[0]]})
    yorkshire, paris = tid("yorkshire"), tid("paris")
    state.armies[yorkshire] = 8
    state.rng = scripted_rng([(CAP, 2, 1, ((6, 5), (2,)))])
    events = played(state, SeaAttack(cards(ADMIRAL)[0], yorkshire, paris, 6))
    assert [type(e) for e in events] == [BattleFought, SeaAttackMade, Captured, Eliminated, CastleCaptured,
                                         TakenOver]
    assert state.armies[paris] == 3 and state.armies[yorkshire] == 2 and state.armies[tid("london")] == 10
    assert state.phase is Phase.ATTACK and cards(ADMIRAL)[0] in state.hands[0] and not state.just_eliminated


def test_the_last_castle_standing_wins():
    """003: "Once you capture everyone else's Castle, you win the game"; "Last man standing wins"."""
    state = fall_position(people=2, castles=["london", "paris"])
    state.rng = scripted_rng([(CAP, 2, 1, ((6, 6), (1,)))])
    events = played(state, Attack(tid("london"), tid("paris"), 2))
    assert events[-1] == GameWon(0) and not of(events, MovedIn) and state.armies[tid("paris")] == 2
    assert state.phase is Phase.OVER and state.winner == 0 and legal_actions(state) == []
    refused(state, EndTurn(), "the game is over")


def test_a_player_is_out_only_when_its_castle_falls():
    """003: "When you defeat all armies on the castle territory, you capture the castle and eliminate the defending
    player"; taking its other territories does not."""
    state = fall_position(hands={0: cards(ADMIRAL, 1)})
    # Brittany borders Paris and Gascony only: seat 0 takes it by sea.
    state.rng = scripted_rng([(PLAIN, 3, 2, losing(PLAIN, 0, 2)), (PLAIN, 3, 1, losing(PLAIN, 0, 1))])
    events = played(state, SeaAttack(cards(ADMIRAL)[0], tid("yorkshire"), tid("brittany"), 3))
    assert state.owner[tid("brittany")] == 0 and state.alive[1] and not of(events, Eliminated)
    assert state.phase is Phase.ATTACK and state.armies[tid("brittany")] == 3


def test_a_captor_brings_out_an_inherited_hidden_army_on_a_later_turn():
    """003: "Take ... control of their hidden units if not used yet." Design §4.2: "a captor inherits an unused
    one"; it comes out as the captor's own does, on its site once held."""
    state = fall_position()
    state.rng = scripted_rng([(CAP, 2, 1, ((6, 6), (1,)))])
    played(state, Attack(tid("london"), tid("paris"), 2))
    played(state, Occupy(2))
    rome = tid("rome")
    refused(state, RevealHiddenArmy(rome), "Rome is not yours: a hidden army comes out on a territory you hold")
    state.owner[rome] = 0
    ext(state).track = 4
    FLOW.begin_turn(state, 0, [])
    assert listed(RevealHiddenArmy(rome), legal_actions(state))
    assert played(state, RevealHiddenArmy(rome)) == [HiddenArmyRevealed(0, rome, 10)]
    assert ext(state).hidden[0] == [tid("ireland")]
