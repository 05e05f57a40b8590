"""Links the engine's own encoder could not have made, or from which it could not save the next state
(issue #28): a move-in whose attacking territory holds one army, more hidden-army sites than players, more
objectives claimed than turns played. Each is refused with its reason; games played to such a step are not."""

import random

import pytest

from risk.ai import choose, make_bot
from risk.codec import CorruptCode, codes, decode_game, encode_game, frame, rans
from risk.codec.classic import COMPACT, PLAIN
from risk.flow import flow_for
from risk.game import Game, Seat
from risk.rules import make_rules
from risk.state import Phase

SEATS = (Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2))


def sealed(game):
    """A link of ``game`` written without the encoder's check (as anyone may write one)."""
    last = None
    for layout in (COMPACT, PLAIN):
        w = rans.Writer()
        try:
            codes._write_game(w, game, game.seats, layout)
        except Exception as exc:  # the compact layout may not hold the state
            last = last or exc
            continue
        return frame.seal(frame.format_byte(frame.GAME, game.rules.revision), w)
    raise AssertionError(f"no layout writes the game: {last!r}")


def played_to(edition, options, phase, seed):
    """A game played by bots until ``phase`` comes up (its link saved on the way, as the page saves)."""
    rules = make_rules(edition, list(options))
    game = Game.start(rules, SEATS, seed)
    bot = make_bot("easy", seed)
    for _ in range(5000):
        if game.state.phase is phase:
            return game
        game.play(choose(bot, game.state))
    raise AssertionError(f"no {phase} in {edition}")


def with_state(game, change):
    state = game.state.copy()
    change(state)
    return Game(game.rules, game.seats, game.seed, state, state.copy())


@pytest.mark.parametrize(("edition", "options"), [("classic", ("auto-setup",)), ("classic-1963", ("auto-setup",)),
                                                  ("revised", ()), ("castle", ("auto-setup",))])
def test_a_move_in_whose_attacking_territory_holds_one_army_is_refused(edition, options):
    game = played_to(edition, options, Phase.OCCUPY, 7)
    assert decode_game(encode_game(game)).state == game.state  # the real step saves and loads

    def one_army_left(state):
        state.armies[state.battle_source] = 1

    with pytest.raises(CorruptCode, match="no army to move in"):
        decode_game(sealed(with_state(game, one_army_left)))


def test_a_castle_link_giving_a_player_a_site_on_every_territory_is_refused():
    game = played_to("castle", ("auto-setup",), Phase.REINFORCE, 3)
    state = game.state
    castles = set(state.ext.castles)
    assert sum(len(sites) for sites in state.ext.hidden) <= state.players

    def every_site(state):
        state.ext.hidden[state.current] = [t for t in range(state.board.size) if t not in castles]

    with pytest.raises(CorruptCode, match="hidden-army sites"):
        decode_game(sealed(with_state(game, every_site)))

    def two_sites(state):  # one more than its own, with every other player still in the game
        own = state.ext.hidden[state.current]
        state.ext.hidden[state.current] = own + [t for t in range(state.board.size)
                                                 if t not in castles and t not in own][:1]
        for p in range(state.players):
            if p != state.current:
                state.ext.hidden[p] = []

    with pytest.raises(CorruptCode, match="hidden-army sites"):
        decode_game(sealed(with_state(game, two_sites)))


def test_a_revised_link_with_more_objectives_claimed_than_turns_played_is_refused():
    game = played_to("revised", (), Phase.ATTACK, 5)
    state = game.state
    assert state.turn <= 3

    def many_claimed(state):
        others = [p for p in range(state.players) if p != state.current]
        for slot, p in enumerate(others * 2):  # two each: nobody meets the goal of three
            state.ext.holders[slot] = p
            if state.ext.rewards:
                state.ext.rewarded[slot] = p
                if flow_for(state.rules).airfield_reward(state, slot):
                    state.ext.airfields[slot] = state.owner.index(p)

    with pytest.raises(CorruptCode, match="objectives"):
        decode_game(sealed(with_state(game, many_claimed)))


def test_bot_games_never_reach_a_link_the_bounds_refuse():
    """The bounds refuse no position real play reaches: every state of a few bot games saves and loads."""
    for edition, options in (("classic", ("auto-setup",)), ("revised", ()), ("castle", ("auto-setup",))):
        rules = make_rules(edition, list(options))
        seed = random.Random(edition).randrange(1000)
        game = Game.start(rules, SEATS, seed)
        bot = make_bot("easy", seed)
        for _ in range(400):
            if game.state.phase is Phase.OVER:
                break
            game.play(choose(bot, game.state))
            assert decode_game(encode_game(game)).state == game.state
