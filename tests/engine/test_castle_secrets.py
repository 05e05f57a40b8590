"""What Castle Risk keeps secret, and from whom: hands, hidden-army sites and what a Spy saw are hidden from
every seat but their owner's (``risk.visibility.public_view``), bots read only that view, and undo never goes
back past something a player was shown (``risk.events.Revealing``, as ``risk_ui.storage.can_undo`` reads it).

Issue 11, "Secrets stay secret": hands and hidden-army sites "are shown only to their owner"; "a Spy shows the
looked-at hand only to its player; undo never reaches back past something a player has seen". 003: "players
secretly choose any territory ... and write it down"; the Spy is "Used to look at another player's hand".
"""

import pytest

from castle_scenario import BOARD, FLOW, RULES, cards, castle_position, played, scripted_rng, tid
from risk import rng
from risk.actions import Attack
from risk.ai import LEVELS, make_bot
from risk.dice import DiceModel
from risk.engine import check, legal_actions
from risk.game import Game, Seat
from risk.rules.castle import ADMIRAL, DIPLOMAT, GENERAL, MARSHALL, REINFORCEMENT, SPY
from risk.rules.castle.actions import PlayGeneral, PlaySpy, RevealHiddenArmy, SpyDiscard
from risk.rules.castle.events import HiddenArmyChosen, SpyPlayed
from risk.rules.castle.flow import SPY_LOOK, ext
from risk.rules.castle.state import HIDDEN_SITE
from risk.visibility import HIDDEN_CARD, HIDDEN_RNG, public_view
from risk_ui.storage import can_undo, undo


def secret_pair():
    """Two positions of seat 0's turn that differ only in what seat 0 cannot see: seats 1 and 2's hands (of the
    same sizes), their hidden-army sites, the order of the draw pile and the generator."""
    common = {"default_owner": 2, "owners": {"london": 0, "yorkshire": 0, "scotland": 1, "paris": 1},
              "armies": {"london": 6, "yorkshire": 6, "scotland": 3, "paris": 3, "wales": 3}, "track": 2}
    a = castle_position(hands={0: [cards(SPY)[0], cards(GENERAL)[0], cards(ADMIRAL)[0]],
                               1: [cards(MARSHALL)[0], cards(REINFORCEMENT)[5]], 2: [cards(DIPLOMAT)[0]]},
                        hidden={0: ["yorkshire"], 1: ["wales"], 2: ["rome"]}, **common)
    b = castle_position(hands={0: [cards(SPY)[0], cards(GENERAL)[0], cards(ADMIRAL)[0]],
                               1: [cards(GENERAL)[3], cards(ADMIRAL)[4]], 2: [cards(GENERAL)[6]]},
                        hidden={0: ["yorkshire"], 1: ["naples"], 2: ["madrid"]}, **common)
    b.rng = rng.shuffle(rng.seed_state(99), b.deck)
    assert a != b and FLOW.impossible(a) == FLOW.impossible(b) == ""
    return a, b


def test_a_seat_sees_its_own_hand_and_hidden_site_and_only_the_number_of_the_others():
    a, _ = secret_pair()
    view = public_view(a, 0)
    assert view.hands == [a.hands[0], [HIDDEN_CARD] * 2, [HIDDEN_CARD]]
    assert ext(view).hidden == [[tid("yorkshire")], [HIDDEN_SITE], [HIDDEN_SITE]]
    assert view.deck == [HIDDEN_CARD] * len(a.deck) and view.rng == HIDDEN_RNG
    assert ext(public_view(a, 1)).hidden == [[HIDDEN_SITE], [tid("wales")], [HIDDEN_SITE]]
    # What every seat may know stays: the board, the track, the discards, the castles and chips.
    assert (view.owner, view.armies, view.set_aside, ext(view).castles, ext(view).chips, ext(view).track) == (
        a.owner, a.armies, a.set_aside, ext(a).castles, ext(a).chips, ext(a).track)
    assert a == secret_pair()[0]  # the view is a copy: the state is untouched


def test_two_games_that_differ_only_in_secrets_look_the_same_to_a_seat():
    a, b = secret_pair()
    assert public_view(a, 0) == public_view(b, 0)
    assert public_view(a, 1) != public_view(b, 1) and public_view(a, 2) != public_view(b, 2)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_cannot_tell_secrets_apart(level):
    """A bot reads only its seat's view, so it plays the same in two games that differ only in secrets."""
    a, b = secret_pair()
    assert make_bot(level, 5).choose(a) == make_bot(level, 5).choose(b)


def test_a_spys_look_is_shown_to_the_spier_alone():
    """Issue 11: "a Spy shows the looked-at hand only to its player"."""
    a, _ = secret_pair()
    b = a.copy()  # seat 1 holds other cards
    b.deck += b.hands[1]
    b.hands[1] = [b.deck.pop(b.deck.index(cards(GENERAL)[3])), b.deck.pop(b.deck.index(cards(ADMIRAL)[4]))]
    for state in (a, b):
        played(state, PlaySpy(cards(SPY)[0], 1))
        assert state.phase is SPY_LOOK
    assert ext(public_view(a, 0)).seen == tuple(sorted(a.hands[1]))
    assert ext(public_view(a, 2)).seen == (HIDDEN_SITE, HIDDEN_SITE) and public_view(a, 1).hands[0][0] == HIDDEN_CARD
    assert public_view(a, 2) == public_view(b, 2) and public_view(a, 0) != public_view(b, 0)
    # The spier's view lists what it may discard, so a bot choosing from it plays a legal card.
    view = public_view(a, 0)
    assert [c.action for c in legal_actions(view)] == [SpyDiscard(c) for c in sorted(a.hands[1])]
    for level in LEVELS:
        action = make_bot(level, 3).choose(a)
        check(a, action)
        assert isinstance(action, SpyDiscard)


def test_the_log_never_names_a_hidden_site_or_a_hand_looked_at():
    """003: the hidden army's territory is written down "secretly"; the log says a choice was made, not where."""
    text = FLOW.describe(HiddenArmyChosen(1, tid("wales")), ["Ann", "Bob", "Cy"], BOARD)
    assert text == "Bob chooses where a hidden army waits, in secret."
    text = FLOW.describe(SpyPlayed(0, 1, cards(SPY)[0], -1), ["Ann", "Bob", "Cy"], BOARD)
    assert text == "Ann's Spy looks at Bob's hand."


def game_at(state):
    return Game(RULES, tuple(Seat(n, i) for i, n in enumerate(("Ann", "Bob", "Cy"))), 1, state.copy(), state.copy())


def test_undo_stops_at_a_spys_look_its_discard_and_a_revealed_hidden_army():
    """Issue 11: "undo never reaches back past something a player has seen". A card played from one's hand with
    no draw and nothing shown can be taken back."""
    a, _ = secret_pair()
    game = game_at(a)
    before = game.state.copy()
    game.play(PlayGeneral(cards(GENERAL)[0]))
    assert can_undo(game) and undo(game) and game.state == before
    game.play(PlaySpy(cards(SPY)[0], 1))
    assert not can_undo(game) and not undo(game)  # seat 0 has seen seat 1's hand
    game.play(SpyDiscard(cards(MARSHALL)[0]))
    assert not can_undo(game)  # everyone has seen the card discarded face up
    game.play(RevealHiddenArmy(tid("yorkshire")))
    assert not can_undo(game)  # everyone has seen where the hidden army waited
    assert game.verify() == 3


def test_undo_stops_at_a_blocked_spy():
    """The block shows the spier that its target held a Spy."""
    a, _ = secret_pair()
    a.hands[1].append(a.deck.pop(a.deck.index(cards(SPY)[1])))
    game = game_at(a)
    game.play(PlaySpy(cards(SPY)[0], 1))
    assert game.history[-1].events[0].blocked_by == cards(SPY)[1] and not can_undo(game)


def test_an_inherited_hidden_army_stays_secret_from_the_others():
    """Design §4.2: "a captor inherits an unused one (still secret to the others)"."""
    a, _ = secret_pair()
    a.armies[tid("paris")] = 1
    a.armies[tid("london")] = 6
    a.rng = scripted_rng([(DiceModel(attack_max=2), 2, 1, ((6, 6), (1,)))])
    played(a, Attack(tid("london"), tid("paris"), 2))
    assert ext(a).hidden[0] == [tid("yorkshire"), tid("wales")]
    assert ext(public_view(a, 2)).hidden[0] == [HIDDEN_SITE, HIDDEN_SITE]
    assert ext(public_view(a, 0)).hidden[0] == [tid("yorkshire"), tid("wales")]
