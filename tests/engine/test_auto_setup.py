"""The option ``auto-setup`` of the Revised edition and Castle Risk (issue 23, part 4): every edition starts in one
tap. The setup is made for every player in the rule text's order by the judgement of ``risk.auto_setup`` (a capital
or castle that can be held, the claims around it, the armies guarding it first, Castle Risk's hidden army beside
it), and must give a game the rules could reach, that plays to its end, that travels in links and replay codes, and
that the same seed makes again (the frozen codes of ``auto_setup_fixtures.py``)."""

from __future__ import annotations

import pytest

from engine.auto_setup_fixtures import FIXTURES, SEATS
from engine.test_castle_fixtures import digest as castle_digest
from engine.test_revised_fixtures import digest as revised_digest
from risk import auto_setup
from risk.ai import choose, make_bot
from risk.codec import decode_game, decode_replay, decode_state, encode_game, encode_replay, encode_state
from risk.engine import apply, new_game, start_game
from risk.events import SetupDealt, SetupDone, TurnStarted
from risk.flow import flow_for
from risk.game import Game, Seat
from risk.history import describe, seat_names
from risk.rules import OPTIONS, make_rules
from risk.rules.castle.events import CardsDealt, CastlePlaced, ChipsDrawn, HiddenArmyChosen
from risk.rules.revised.events import BoardDealt, CapitalPlaced
from risk.selfplay import check_invariants

EDITIONS_PEOPLE = [("revised", n) for n in (3, 4, 5)] + [("castle", n) for n in (2, 3, 4, 5, 6)]


def sites(state) -> list[int]:
    """Each seat's capital (Revised) or castle (Castle Risk)."""
    extra = state.ext
    return list(extra.capitals if state.rules.edition == "revised" else extra.castles)


def test_automatic_setup_is_an_option_of_every_edition_in_the_editions_own_words():
    option = OPTIONS["auto-setup"]
    assert set(option.editions) == {"classic", "classic-1963", "revised", "castle"}
    assert option.description_for("classic") == option.description  # the classic deal, at random
    assert "capital" in option.description_for("revised") and "castle" in option.description_for("castle")
    for edition in ("revised", "castle"):
        assert make_rules(edition, ["auto-setup"]).auto_setup and not make_rules(edition).auto_setup


@pytest.mark.parametrize(("edition", "people"), EDITIONS_PEOPLE)
def test_an_automatic_setup_starts_the_first_turn_with_every_site_one_its_player_can_hold(edition, people):
    """Every starting army placed, each site its owner's, apart from the others and stronger than any stack of
    another player next to it; Castle Risk's hidden armies chosen (beside the castle where one's own territory
    is), the cards dealt; a position the rules could reach."""
    rules = make_rules(edition, ["auto-setup"])
    start = rules.starting_armies_for(people)
    for seed in range(25):
        state = new_game(rules, people, seed)
        assert not state.phase.setup and state.turn == 1, (seed, state.phase)
        assert flow_for(rules).impossible(state) == ""
        check_invariants(state)
        placed = sites(state)
        board = state.board
        for seat, site in enumerate(placed):
            assert state.owner[site] == seat
            assert not any(other in board.adjacent[site] for other in placed), (seed, seat)
            assert state.armies[site] > auto_setup.largest_stack_next_to(state, site), (seed, seat)
            # Every starting army is on the board (the first draft is a reserve apart).
            assert sum(a for t, a in enumerate(state.armies) if state.owner[t] == seat) == start, (seed, seat)
        if edition == "castle":
            extra = state.ext
            for seat, hidden in enumerate(extra.hidden):
                (where,) = hidden
                assert state.owner[where] == seat and where not in extra.castles
                beside = [t for t in board.neighbours[extra.castles[seat]] if state.owner[t] == seat]
                assert not beside or where in beside, (seed, seat)
            assert sorted(len(hand) for hand in state.hands)[:-1] == [3] * (people - 1)  # the first draws one


def test_the_setup_goes_in_the_rule_texts_order_and_its_log_says_so():
    """Revised: the board dealt, a capital per seat from the first player, the claims, every army placed, the first
    turn. Castle Risk: the chips, a castle per seat from the first player, the claims, the armies, the hidden armies
    in secret, the cards and the first player drawn again."""
    names = [f"P{i}" for i in range(5)]
    state, events = start_game(make_rules("revised", ["auto-setup"]), 4, 3)
    order = flow_for(state.rules).setup_order(state)
    kinds = [type(e) for e in events]
    assert kinds[:6] == [BoardDealt, CapitalPlaced, CapitalPlaced, CapitalPlaced, CapitalPlaced, SetupDealt]
    assert [e.seat for e in events if isinstance(e, CapitalPlaced)] == order
    assert kinds.index(SetupDone) < kinds.index(TurnStarted)
    game = Game.start(state.rules, [Seat(n, i) for i, n in enumerate(names[:4])], 3)
    said = [describe(game, e, seat_names(game)) for e in events]
    assert "The territories are claimed for everyone: those next to each capital first, the rest at random." in said

    state, events = start_game(make_rules("castle", ["auto-setup"]), 5, 3)
    order = flow_for(state.rules).setup_order(state)
    kinds = [type(e) for e in events]
    assert kinds[:7] == [ChipsDrawn, *[CastlePlaced] * 5, SetupDealt]
    assert [e.seat for e in events if isinstance(e, CastlePlaced)] == order
    assert [e.seat for e in events if isinstance(e, HiddenArmyChosen)] == order
    assert kinds.index(SetupDone) < kinds.index(HiddenArmyChosen) < kinds.index(CardsDealt) < kinds.index(TurnStarted)
    game = Game.start(state.rules, [Seat(n, i) for i, n in enumerate(names)], 3)
    said = [describe(game, e, seat_names(game)) for e in events]
    assert said.count("P0 chooses where a hidden army waits, in secret.") == 1  # never where
    assert "The territories are claimed for everyone: those next to each castle first, the rest at random." in said


@pytest.mark.parametrize("edition", ["revised", "castle"])
def test_the_same_seed_gives_the_same_setup_and_the_seeds_give_several(edition):
    """Reproducible (the generator decides every tie), yet not one fixed layout: sites drawn among the good ones."""
    rules = make_rules(edition, ["auto-setup"])
    assert new_game(rules, 4, 17) == new_game(rules, 4, 17)
    layouts = {tuple(sites(new_game(rules, 4, seed))) for seed in range(20)}
    assert len(layouts) >= 10


def test_a_site_is_drawn_among_the_best_and_never_beside_another():
    """On the empty classic board the first capital is one of the best-scoring territories; once one is placed,
    a territory next to it scores a site's worth less."""
    state = new_game(make_rules("revised"), 3, 1)  # the capitals step: an empty board
    everywhere = list(range(state.board.size))
    scores = {t: auto_setup.site_score(state, t, []) for t in everywhere}
    best = max(scores.values())
    chosen = {auto_setup.choose_site(state, everywhere, []) for _ in range(60)}
    assert chosen and all(scores[t] >= best - auto_setup.SITE_MARGIN for t in chosen) and len(chosen) > 1
    argentina = state.board.territory_index("argentina")
    peru = state.board.territory_index("peru")
    beside = scores[peru] - auto_setup.NEAR_SITE - auto_setup.SAME_GROUP
    assert auto_setup.site_score(state, peru, [argentina]) == beside


@pytest.mark.parametrize(("edition", "people", "seed"), [("revised", 3, 1), ("revised", 5, 2), ("castle", 2, 3),
                                                         ("castle", 6, 4)])
def test_an_automatically_set_up_game_plays_to_its_end_and_every_state_travels_in_a_code(edition, people, seed):
    """Easy bots play it through; after every action the position is one the rules could reach and round-trips
    through the state code; the whole game through its link and its replay code."""
    rules = make_rules(edition, ["auto-setup"])
    game = Game.start(rules, [Seat(f"P{i}", i) for i in range(people)], seed)
    bots = [make_bot("easy", seed * 10 + p) for p in range(people)]
    flow = flow_for(rules)
    while not game.state.over:
        assert game.state.turn < 400, "the game must end"
        game.play(choose(bots[game.state.current], game.state))
        state = game.state
        check_invariants(state)
        assert flow.impossible(state) == ""
        assert decode_state(encode_state(state)) == state
    assert decode_game(encode_game(game)).state == game.state
    replayed = decode_replay(encode_replay(game))
    assert replayed.state == game.state and replayed.starts_at_seed()


def test_the_setup_is_the_same_with_unchecked_actions():
    """Bots' playouts apply actions unchecked from the same start: the start itself is one function of the seed."""
    rules = make_rules("castle", ["auto-setup"])
    state = new_game(rules, 3, 5)
    bot = make_bot("normal", 1)
    copy = state.copy()
    apply(copy, choose(bot, copy))
    assert new_game(rules, 3, 5) == state


@pytest.mark.parametrize(("name", "kind", "code", "expected"), FIXTURES, ids=[f[0] for f in FIXTURES])
def test_automatic_setup_codes_still_load_and_replay_to_the_same_setup(name, kind, code, expected):
    """Links and replays of automatically set-up games already shared keep working; a replay code starts from its
    seed, so the setup it makes again must be the very one it was made with."""
    seats = tuple(Seat(*s) for s in SEATS)
    if kind == "game":
        game = decode_game(code)
        assert encode_game(game) == code
        if game.state.turn == 1 and not game.history:  # the moment the setup ended: made again from the seed
            assert new_game(game.rules, game.state.people, game.seed) == game.state
    else:
        game = decode_replay(code)
        assert len(game.history) == expected["actions"] and game.verify() == expected["actions"]
        assert encode_replay(game) == code and game.starts_at_seed()
    state = game.state
    assert game.seats == seats[: state.people]
    assert flow_for(state.rules).impossible(state) == ""
    digest = revised_digest if state.rules.edition == "revised" else castle_digest
    summary = {"edition": state.rules.edition, "options": list(state.rules.options), "people": state.people,
               "phase": state.phase.name.lower(), "current": state.current, "turn": state.turn,
               "digest": digest(state)}
    assert summary == {k: v for k, v in expected.items() if k != "actions"}


def test_the_fixtures_cover_both_editions_every_kind_and_the_options():
    assert {e["edition"] for *_, e in FIXTURES} == {"revised", "castle"}
    assert {kind for _, kind, _, _ in FIXTURES} == {"game", "replay"}
    assert {o for *_, e in FIXTURES for o in e["options"]} == {"auto-setup", "world-conquest", "basic-training"}
