"""Castle Risk in the page, on the fake DOM: the dialog, the castle and hidden-army steps, the person-card
hand with a play button on each card, the Reinforcement track and truces, the hidden army and its reveal,
the Spy's look shown to its player alone, standing orders, the Admiral's sea attack with its odds, exact
odds with a General and the castle cap, the spoils, refusals that name the rule, and secrets that stay with
their owner behind the hand-off screen."""

from __future__ import annotations

from fractions import Fraction

import pytest

from risk.actions import Attack, EndTurn, every_action
from risk.engine import legal_actions
from risk.flow import flow_for
from risk.game import Seat
from risk.odds import attack_odds
from risk.rules import make_rules
from risk.rules.castle import ADMIRAL, CARD_COUNTS, DIPLOMAT, GENERAL, REINFORCEMENT, SPY
from risk.rules.castle.actions import StandingOrders
from risk.rules.castle.events import CardDiscarded, HiddenArmyRevealed, ReinforcementPlayed, SeaAttackMade
from risk.rules.castle.flow import CASTLE, HIDING, SPOILS, SPY_LOOK
from risk.rules.castle.state import CastleState
from risk.state import GameState, Phase
from risk_ui import odds_view, view
from risk_ui.castle_view import kind_of
from risk_ui.controller import Controller, NewGameSettings, parse_settings
from risk_ui.palette import PALETTE

SEATS = tuple(Seat(n, i) for i, n in enumerate(("Ann", "Bob", "Cy", "Dee")))
FIRST = {kind: sum(CARD_COUNTS[:kind]) for kind in range(len(CARD_COUNTS))}  # the lowest card of each kind


def castle(people: int = 3, seed: int = 5) -> Controller:
    return Controller.new(NewGameSettings(SEATS[:people], "castle", ()), seed=seed)


def ext(c: Controller) -> CastleState:
    extra = c.state.ext
    assert isinstance(extra, CastleState)
    return extra


def pass_device(c: Controller) -> None:
    if c.ui.handoff >= 0:
        c.command("handoff")


def to_first_attack(c: Controller) -> Controller:
    """Play the setup (the first choice each time) up to the first player's attack step."""
    for _ in range(2000):
        pass_device(c)
        if c.state.phase is Phase.ATTACK:
            return c
        action = next(a for a in every_action(legal_actions(c.state)) if not isinstance(a, StandingOrders))
        assert c.play(action), c.ui.notice
    raise AssertionError("the setup did not end")


def give(state: GameState, seat: int, cards: list[int]) -> None:
    """Put ``cards`` in ``seat``'s hand, from wherever they are (each card still counted once)."""
    for pile in (state.deck, state.discard, *state.hands):
        for card in cards:
            if card in pile:
                pile.remove(card)
    state.hands[seat].extend(cards)


def html(c: Controller, ident: str) -> str:
    return view.render(c).html.get(ident, "")


def control(c: Controller, ident: str):
    return view.render(c).controls[ident]


def test_the_dialog_offers_castle_risk_for_two_to_six_players_with_the_setup_choice():
    form = {"count": "2", "name-0": "Ann", "colour-0": "0", "name-1": "Bob", "colour-1": "1", "edition": "castle"}
    settings = parse_settings(form)
    assert settings.edition == "castle" and len(settings.seats) == 2 and settings.options == ("auto-setup",)
    assert parse_settings({**form, "setup": "manual"}).options == ()
    with pytest.raises(ValueError, match="2 to 6 players"):
        parse_settings({**form, "count": "7"})
    c = castle()
    c.set_field("ng-edition", "castle")
    controls = view.render(c).controls
    assert not controls["ng-count-2"].hidden and not controls["ng-count-6"].hidden
    assert not controls["ng-setup"].hidden


def test_castles_are_placed_in_the_open_in_their_empire_and_hidden_armies_in_secret():
    c = castle()
    pass_device(c)
    assert c.state.phase is CASTLE
    empire = c.state.board.continents[ext(c).empires[c.state.current]]
    screen = view.render(c)
    assert empire.name in screen.status
    active = {tv.index for tv in screen.territories if "active" in tv.classes}
    assert active == set(empire.territories)
    placer = c.state.current
    c.click(empire.territories[0])
    assert ext(c).castles[placer] == empire.territories[0]
    assert c.ui.handoff < 0  # castles go down in the open: no hand-off between the players
    label = view.render(c).territory(c.state.board.territories[empire.territories[0]].id).label
    assert f"{c.seat_name(placer)}'s castle" in label
    while c.state.phase is not HIDING:
        pass_device(c)
        c.play(next(iter(every_action(legal_actions(c.state)))))
    # The hidden army is chosen behind the hand-off screen, and its site shows to its owner alone.
    pass_device(c)
    chooser = c.state.current
    site = next(t for t in range(c.state.board.size) if t not in ext(c).castles)
    c.click(site)
    assert ext(c).hidden[chooser] == [site]
    assert c.ui.handoff >= 0 and c.ui.handoff != chooser
    name = c.state.board.territories[site].id
    assert "hidden army" not in view.render(c).territory(name).label  # covered: nobody's secrets show
    c.command("handoff")
    assert "hidden army" not in view.render(c).territory(name).label  # the next player never sees it
    assert "chooses where a hidden army waits, in secret" in " ".join(view.render(c).html["log"].split("</li>"))


def test_each_card_has_a_play_button_saying_what_it_does_and_others_hands_never_show():
    c = to_first_attack(castle())
    seat = c.state.current
    cards = [FIRST[REINFORCEMENT], FIRST[GENERAL], FIRST[ADMIRAL], FIRST[SPY], FIRST[DIPLOMAT]]
    give(c.state, seat, cards)
    hand = html(c, "hand")
    assert 'data-action="reinforce"' in hand and "Play: +4 armies" in hand and "space 1 of the track" in hand
    assert 'data-action="general"' in hand and 'data-action="sail"' in hand
    others = [p for p in range(3) if p != seat]
    for p in others:
        assert f'data-action="spy" data-arg="{FIRST[SPY]}-{p}"' in hand
        assert f"Truce with {c.seat_name(p)}" in hand
    assert "Standing orders" in html(c, "sets") and 'aria-pressed="true"' in html(c, "sets")
    # Nobody else's cards: the hand shown is the player to move's, and only on its own screen.
    c.ui.viewer = others[0]
    assert html(c, "hand") == "" and control(c, "panel-cards").hidden


def test_a_reinforcement_goes_on_the_track_and_its_armies_are_placed_then_the_step_ends_with_an_attack():
    c = to_first_attack(castle())
    seat = c.state.current
    give(c.state, seat, [FIRST[REINFORCEMENT], FIRST[REINFORCEMENT] + 1])
    c.command("reinforce", str(FIRST[REINFORCEMENT]))
    assert any(isinstance(e, ReinforcementPlayed) for e in c.ui.events)
    assert c.state.phase is Phase.REINFORCE and c.state.reserve[seat] == 4
    screen = view.render(c)
    assert "Reinforcement" in screen.status and "space 1 of the track" in screen.controls["income"].text
    assert 'class="track-space played"' in screen.html["castle-board"]
    assert "The next Reinforcement card gives 6 armies" in screen.html["castle-board"]
    mine = next(t for t, o in enumerate(c.state.owner) if o == seat)
    c.command("amount", "all")
    c.click(mine)
    assert c.state.phase is Phase.ATTACK
    # After the first attack a Reinforcement is refused with the rule.
    source, target = next((s, t) for s, o in enumerate(c.state.owner) if o == seat and c.state.armies[s] >= 2
                          for t in c.state.board.neighbours[s] if c.state.owner[t] != seat)
    c.click(source)
    c.click(target)
    c.command("roll")
    if c.state.phase is Phase.OCCUPY:
        c.command("occupy")
    c.command("reinforce", str(FIRST[REINFORCEMENT] + 1))
    assert c.ui.error and "before your first attack" in c.ui.notice


def test_the_spy_shows_the_hand_to_its_player_alone_and_discards_the_card_chosen_face_up():
    c = to_first_attack(castle())
    seat = c.state.current
    target = (seat + 1) % 3
    give(c.state, seat, [FIRST[SPY]])
    c.state.hands[target][:] = [h for h in c.state.hands[target] if not FIRST[SPY] <= h < FIRST[DIPLOMAT]]
    give(c.state, target, [FIRST[GENERAL] + 1])
    c.command("spy", f"{FIRST[SPY]}-{target}")
    assert c.state.phase is SPY_LOOK
    screen = view.render(c)
    assert not screen.controls["panel-spy"].hidden
    assert f'data-action="spy-discard" data-arg="{FIRST[GENERAL] + 1}"' in screen.html["spy-choices"]
    c.ui.viewer = target  # anyone else's screen: the look is not there
    assert html(c, "spy-choices") == "" and control(c, "panel-spy").hidden
    c.ui.viewer = seat
    c.click(0)
    assert c.ui.error and "irst choose the card your Spy" in c.ui.notice
    c.command("spy-discard", str(FIRST[GENERAL] + 1))
    assert any(isinstance(e, CardDiscarded) for e in c.ui.events)
    assert FIRST[GENERAL] + 1 not in c.state.hands[target] and c.state.phase is Phase.ATTACK


def test_the_hidden_army_comes_out_on_its_site_with_the_last_reinforcements_armies():
    c = to_first_attack(castle())
    seat = c.state.current
    site = ext(c).hidden[seat][0]
    give(c.state, seat, [FIRST[REINFORCEMENT]])
    assert "none was yet" in html(c, "sets")
    c.command("reinforce", str(FIRST[REINFORCEMENT]))
    c.command("amount", "all")
    c.click(next(t for t, o in enumerate(c.state.owner) if o == seat))
    c.state.owner[site] = seat  # the player holds its site now (a capture would do it)
    before = c.state.armies[site]
    sets = html(c, "sets")
    assert f'data-action="reveal" data-arg="{site}"' in sets and "(+4)" in sets
    label = view.render(c).territory(c.state.board.territories[site].id).label
    assert "your hidden army waits here" in label
    c.command("reveal", str(site))
    assert any(isinstance(e, HiddenArmyRevealed) for e in c.ui.events)
    assert c.state.armies[site] == before + 4 and not ext(c).hidden[seat]


def test_standing_orders_toggle_from_the_page():
    """Three orders in a game of rules revision 3: the Marshall, the Spy's block, the hidden army in defence."""
    c = to_first_attack(castle())
    seat = c.state.current
    assert ext(c).orders[seat] == 7
    assert 'aria-pressed="true" data-order="4"' in html(c, "sets")
    assert "Bring out my hidden army when its territory is attacked" in html(c, "sets")
    c.command("orders", "6")
    assert ext(c).orders[seat] == 6
    assert 'data-order="1" aria-pressed="false"' not in html(c, "sets")  # the attribute order is the page's
    assert 'aria-pressed="false" data-order="1"' in html(c, "sets")
    c.command("orders", "2")
    assert ext(c).orders[seat] == 2 and 'aria-pressed="false" data-order="4"' in html(c, "sets")


def test_a_game_of_the_old_rules_shows_two_orders_and_the_reveal_before_the_first_attack_only():
    """A game begun under rules revision 2 (an old link) keeps its rules in the page too."""
    new = to_first_attack(castle())
    old_rules = make_rules("castle", revision=2)
    state = new.state.copy()
    state.rules = old_rules
    ext_state = state.ext
    assert isinstance(ext_state, CastleState)
    ext_state.orders = [3] * state.players
    c = Controller.from_state(SEATS[:3], state)
    pass_device(c)
    seat = c.state.current
    assert 'data-order="4"' not in html(c, "sets") and "hidden army when its territory" not in html(c, "sets")
    site = ext(c).hidden[seat][0]
    c.state.owner[site] = seat
    ext(c).track = 1
    assert "before your first attack" in html(c, "sets") and 'data-action="reveal"' in html(c, "sets")
    ext(c).attacked = True
    assert "disabled" in html(c, "sets").split('data-action="reveal"')[1].split(">")[0]


def test_the_hidden_army_comes_out_between_attacks():
    """Rules revision 3: "at any time during the game" (003_…): the reveal stays offered after an attack."""
    c = to_first_attack(castle())
    seat = c.state.current
    site = ext(c).hidden[seat][0]
    c.state.owner[site] = seat
    ext(c).track, ext(c).attacked = 1, True
    sets = html(c, "sets")
    assert "at any time of your attacks" in sets
    assert "disabled" not in sets.split('data-action="reveal"')[1].split(">")[0]
    c.command("reveal", str(site))
    assert any(isinstance(e, HiddenArmyRevealed) for e in c.ui.events) and not ext(c).hidden[seat]


def sea_pair(c: Controller) -> tuple[int, int]:
    """One of the mover's coasts with two armies or more, and an enemy coast on a water it touches."""
    state, seat = c.state, c.state.current
    board = state.board
    for s, o in enumerate(state.owner):
        if o != seat or not board.territories[s].seas:
            continue
        for t, who in enumerate(state.owner):
            if who != seat and set(board.territories[s].seas) & set(board.territories[t].seas):
                state.armies[s] = max(state.armies[s], 6)
                return s, t
    raise AssertionError("no sea attack")


def test_the_admirals_sea_attack_chooses_its_coasts_on_the_map_loads_armies_and_shows_its_odds():
    c = to_first_attack(castle(seed=8))
    seat = c.state.current
    give(c.state, seat, [FIRST[ADMIRAL]])
    source, target = sea_pair(c)
    c.command("sail", str(FIRST[ADMIRAL]))
    assert not control(c, "panel-sea").hidden and control(c, "panel-attack").hidden
    landlocked = next((t for t, o in enumerate(c.state.owner)
                       if o == seat and not c.state.board.territories[t].seas and c.state.armies[t] >= 2), -1)
    if landlocked >= 0:
        c.click(landlocked)
        assert c.ui.error and "touches no sea" in c.ui.notice
    c.click(source)
    c.click(target)
    assert (c.ui.selected, c.ui.target) == (source, target)
    c.set_field("sea-load", "3")
    screen = view.render(c)
    assert "3 armies from" in screen.controls["sea-summary"].text
    assert 'data-stop-at="0"' in screen.html["sea-odds"] and screen.html["odds"] == ""
    odds = odds_view.attack_odds_for(c)
    assert odds is not None and odds.attackers == 3 and len(odds.lines) == 1
    c.command("sea-attack")
    made = [e for e in c.ui.events if isinstance(e, SeaAttackMade)]
    assert made and made[0].armies == 3 and c.ui.sailing == -1


def test_the_odds_count_a_general_in_play_and_the_castle_cap_exactly():
    c = to_first_attack(castle(seed=8))
    seat = c.state.current
    give(c.state, seat, [FIRST[GENERAL]])
    c.command("general", str(FIRST[GENERAL]))
    assert ext(c).general == FIRST[GENERAL]
    castle_site = next(ext(c).castles[p] for p in range(3) if p != seat)
    source = c.state.board.neighbours[castle_site][0]
    c.state.owner[source], c.state.armies[source] = seat, 5
    c.state.armies[castle_site] = 3
    c.ui.selected, c.ui.target = source, castle_site
    odds = odds_view.attack_odds_for(c)
    assert odds is not None and odds.lines[0].error == 0.0
    model = flow_for(c.state.rules).battle_model(c.state, source, castle_site)
    expected = attack_odds(4, 3, model=model.with_plus(0, 0), general=True)
    assert Fraction(odds.lines[0].p_conquer) == expected.p_conquer
    reasons = " ".join(odds.modifiers)
    assert "castle (at most 2 attack dice)" in reasons and "your General" in reasons


def test_the_spoils_are_counted_and_placed_and_the_turn_passes():
    c = to_first_attack(castle())
    seat = c.state.current
    c.play(EndTurn())
    assert c.state.phase is SPOILS
    screen = view.render(c)
    assert "Spoils:" in screen.controls["income"].text and "castle chip: +8 armies" in screen.controls["income"].text
    assert not screen.controls["panel-place"].hidden
    c.command("amount", "all")
    c.click(next(t for t, o in enumerate(c.state.owner) if o == seat))
    assert c.state.current != seat


def test_the_players_panel_and_the_track_are_public_and_the_winner_holds_every_castle():
    c = to_first_attack(castle())
    players = html(c, "players")
    assert "Castle " in players and "castle chip" in players
    board = html(c, "castle-board")
    assert "Reinforcement track" in board and "No truce in force" in board
    c.state.phase, c.state.winner = Phase.OVER, c.state.current
    assert "holds the last castle" in view.render(c).controls["winner-text"].text


def hold_a_diplomat(c: Controller) -> int:
    """A Diplomat in the hand of the player to move: one it holds, or one from the deck swapped for a card of
    another kind (the hand the same size and every card still counted once, as a deal could have left it)."""
    state, seat = c.state, c.state.current
    held = [card for card in state.hands[seat] if kind_of(state, card) == DIPLOMAT]
    if held:
        return held[0]
    card = next(card for card in state.deck if kind_of(state, card) == DIPLOMAT)
    given = state.hands[seat][0]
    state.deck[state.deck.index(card)] = given
    state.hands[seat][0] = card
    return card


def attacks_on(c: Controller, seat: int) -> set[tuple[int, int]]:
    """The land attacks the player to move is offered on ``seat``'s territories."""
    return {(a.source, a.target) for a in every_action(legal_actions(c.state))
            if isinstance(a, Attack) and c.state.owner[a.target] == seat}


def land(doc, c: Controller, territory: int):
    return doc.querySelector(f'[data-territory="{c.state.board.territories[territory].id}"] .land')


def end_turn_on_the_page(doc, c: Controller) -> None:
    """Through the page: show the turn, end it at once, and place the spoils all on one territory."""
    if c.ui.handoff >= 0:
        doc.click(doc.getElementById("handoff-button"))
    seat = c.state.current
    assert c.state.phase is Phase.ATTACK
    doc.click(doc.getElementById("end-turn"))
    if c.confirming_end():  # attacks were left: End turn asks once more
        doc.click(doc.getElementById("end-turn"))
    assert c.state.phase is SPOILS, c.ui.notice
    doc.click(doc.getElementById("amount-all"))
    doc.click(land(doc, c, next(t for t, o in enumerate(c.state.owner) if o == seat)))
    assert c.state.current != seat, c.ui.notice


def test_a_diplomats_truce_is_listed_forbids_attacks_both_ways_and_ends_at_the_diplomats_next_turn(mount):
    c = to_first_attack(castle())
    state, seat = c.state, c.state.current
    card = hold_a_diplomat(c)
    assert flow_for(state.rules).impossible(state) == ""  # a position the rules can reach
    # The partner: a player the Diplomat's player could attack now.
    source, target = next((s, t) for s, o in enumerate(state.owner) if o == seat and state.armies[s] >= 2
                          for t in state.board.neighbours[s] if state.owner[t] != seat)
    partner = state.owner[target]
    assert (source, target) in attacks_on(c, partner)
    doc, _page = mount(c)
    board = doc.getElementById("castle-board")
    assert "Truces in force" in board.textContent and "No truce in force." in board.textContent
    # The hand's own button, as a player presses it.
    doc.click(doc.querySelector(f'#hand button[data-action="diplomat"][data-arg="{card}-{partner}"]'))
    assert ext(c).truces == [(seat, partner)] and not c.ui.error
    assert card not in c.state.hands[seat] and card in c.state.discard
    me, them = c.seat_name(seat), c.seat_name(partner)
    listed = [li.textContent for li in board.querySelectorAll(".truces li")]
    assert listed == [f"{me} and {them}, until {me}\u2019s next turn"]
    assert board.querySelector(".truces-none") is None and "No truce in force" not in board.textContent
    # No attack on the partner is offered, nor marked on the map; one tried is refused with the rule.
    assert not attacks_on(c, partner)
    doc.click(land(doc, c, source))
    assert c.ui.selected == source
    marked = {tv.index for tv in view.render(c).territories if "attackable" in tv.classes}
    assert target not in marked and not any(c.state.owner[t] == partner for t in marked)
    doc.click(land(doc, c, target))
    truce_words = "A truce stands with that player: no attacks until it ends"
    assert c.ui.error and c.ui.notice == truce_words and c.ui.target == -1
    assert doc.getElementById("message").textContent == truce_words
    # The truce holds through the others' turns, the partner's included: it may not attack back.
    doc.click(land(doc, c, source))  # the selection put down again
    end_turn_on_the_page(doc, c)
    while c.state.current != seat:
        doc.click(doc.getElementById("handoff-button"))
        assert ext(c).truces == [(seat, partner)] and len(board.querySelectorAll(".truces li")) == 1
        if c.state.current == partner:
            owner, armies = c.state.owner, c.state.armies
            assert any(owner[t] == seat for s, o in enumerate(owner) if o == partner and armies[s] >= 2
                       for t in c.state.board.neighbours[s])  # a front it could attack across, but for the truce
            assert not attacks_on(c, seat)
        end_turn_on_the_page(doc, c)
    # It ends as the Diplomat's player's next turn begins, and the list says so.
    doc.click(doc.getElementById("handoff-button"))
    assert c.state.current == seat and c.state.phase is Phase.ATTACK and ext(c).truces == []
    assert not board.querySelectorAll(".truces li") and "No truce in force." in board.textContent
    assert (source, target) in attacks_on(c, partner)


def test_an_attacks_marks_offer_no_move_as_castle_risk_has_no_free_move():
    c = to_first_attack(castle())
    state, seat = c.state, c.state.current
    source = next(s for s, o in enumerate(state.owner) if o == seat
                  and any(state.owner[t] == seat for t in state.board.neighbours[s])
                  and any(state.owner[t] != seat for t in state.board.neighbours[s]))
    state.armies[source] += 5  # enough to attack from, or (in classic) to move on
    c.ui.selected = source
    marks = {tv.index: set(tv.classes) for tv in view.render(c).territories}
    assert not any("movable" in names for names in marks.values())
    assert {t for t, names in marks.items() if "attackable" in names} == {
        t for t in state.board.neighbours[source] if state.owner[t] != seat}
    assert view.render(c).status.endswith(f"from {c.territory_name(source)}, choose a territory to attack.")


def test_a_classic_game_hides_every_castle_panel():
    c = Controller.new(NewGameSettings(tuple(Seat(PALETTE[i].name, i) for i in range(3)), "classic",
                                       ("auto-setup",)), seed=1)
    screen = view.render(c)
    for ident in ("panel-castle", "panel-spy", "panel-sea", "panel-objectives"):
        assert screen.controls[ident].hidden
    assert screen.html["castle-board"] == ""


def planned_game(seed: int = 8) -> Controller:
    """A two-player game played to its end by the plan of the whole-game tests (a hidden army brought out,
    a Spy's look, a sea attack that takes the last castle)."""
    from castle_plan import plan
    from risk.actions import parse_action

    c = Controller.new(NewGameSettings(SEATS[:2], "castle", ()), seed=seed)
    for segment in plan(c.game):
        for action in [parse_action(c.state.board, t) for t in segment.texts] + segment.actions:
            pass_device(c)
            assert c.play(action), c.ui.notice
    return c


def test_the_log_the_replay_and_the_statistics_speak_of_castle_risk():
    import re

    from risk.history import game_log, turn_stats
    from risk.rules.castle.events import CastleCaptured, SpyPlayed
    from risk_ui import record
    from risk_ui.record import STATS_PARTS

    c = planned_game()
    lines = [line.text for line in game_log(c.game)]
    assert "Turn 2: Bob's turn." in lines or "Turn 2: Ann's turn." in lines
    assert not any("receives" in line for line in lines)  # no income at the start of a castle turn
    said = " ".join(lines)
    for words in ("'s hidden army comes out on", "'s Spy looks at Bob's hand", "Ann makes Bob discard a",
                  "'s Admiral carries", "Bob is out of the game; Ann takes", "Ann captures Bob's castle on",
                  "with 1 castle chip.", "Ann takes over", "Ann wins the game."):
        assert words in said, words
    assert not re.search(r"draws an? (Reinforcement|General|Marshall|Admiral|Spy|Diplomat)", said)
    # The replay marks where the castle events acted, and its log ends at the moment replayed.
    history = c.game.history
    spied = next(i for i, step in enumerate(history) if any(isinstance(e, SpyPlayed) for e in step.events))
    fell = next(i for i, step in enumerate(history) if any(isinstance(e, CastleCaptured) for e in step.events))
    c.command("replay-open")
    c.ui.record.replay.go(spied + 1)
    assert "Spy looks at" in view.render(c).html["log"] and "captures Bob's castle" not in view.render(c).html["log"]
    c.ui.record.replay.go(fell + 1)
    sailed = next(e for e in history[fell].events if isinstance(e, SeaAttackMade))
    marked = {t.index: t.classes for t in view.render(c).territories if t.classes}
    assert marked[sailed.source] == ("selected",) and marked[sailed.target] == ("target",)
    c.command("replay-close")
    # The statistics: the spoils a seat's holdings bring, and the empires held.
    c.command("stats-toggle")
    while record.work(c):
        pass
    html = "".join(view.render(c).html[part] for part in STATS_PARTS)
    assert 'class="chart-title">Spoils at the end of a turn</text>' in html and ">Empires held</text>" in html
    assert ">Income<" not in html and '<th scope="col">Spoils</th>' in html
    first = turn_stats(c.game)[1][1]
    assert first[0].income == 8 and first[1].income == 8  # a castle chip each, 8 armies of spoils
    last = turn_stats(c.game)[-1][1]
    assert last[0].continents == 6 and last[0].income == 6 * 4 + 6 + 2 * 8  # every empire, not the independents


def test_the_spys_look_is_a_modal_dialog_named_for_a_screen_reader_that_escape_closes_and_a_button_reopens(mount):
    c = to_first_attack(castle())
    seat = c.state.current
    target = (seat + 1) % 3
    give(c.state, seat, [FIRST[SPY]])
    c.state.hands[target][:] = [h for h in c.state.hands[target] if not FIRST[SPY] <= h < FIRST[DIPLOMAT]]
    doc, _page = mount(c)
    dialog = doc.getElementById("spy-dialog")
    assert dialog.tagName == "dialog" and not dialog.open
    doc.click(doc.querySelector(f'#hand button[data-action="spy"][data-arg="{FIRST[SPY]}-{target}"]'))
    assert c.state.phase is SPY_LOOK and dialog.open  # showModal: the rest of the page is inert
    title = doc.getElementById(str(dialog.getAttribute("aria-labelledby")))
    assert title.textContent == "Your Spy\u2019s look" and dialog.contains(title)
    choices = dialog.querySelectorAll('[data-action="spy-discard"]')
    kinds = {kind_of(c.state, card) for card in c.state.hands[target]}
    assert len(choices) == len(kinds)  # one button per kind of card (they act alike), its count said
    dialog.close()  # Escape: the browser closes a modal dialog and says so
    assert c.ui.spy_closed and not dialog.open
    reopen = doc.getElementById("spy-reopen")
    assert not doc.getElementById("panel-spy").hidden and not reopen.hidden
    doc.click(reopen)
    assert dialog.open and not c.ui.spy_closed
    card = int(str(choices[0].getAttribute("data-arg")))
    doc.click(dialog.querySelector(f'[data-action="spy-discard"][data-arg="{card}"]'))
    assert c.state.phase is Phase.ATTACK and not dialog.open and not c.ui.spy_closed
    assert card not in c.state.hands[target] and doc.getElementById("panel-spy").hidden


def test_the_first_screens_rules_list_the_editions_in_order_and_tell_castle_risk_in_plain_words():
    import re

    from risk_ui import help_text, layout

    html = help_text.rules_html()
    editions = re.findall(r'id="rules-(classic|classic-1963|revised|castle)"', html)
    assert editions == ["classic", "classic-1963", "revised", "castle"]
    dialog = re.findall(r'name="ng-edition" value="([a-z0-9-]+)"', layout.dialog_html())
    assert dialog == editions
    castle_rules = html[html.index('id="rules-castle"'):]
    castle_rules = castle_rules[:castle_rules.index("</section>")]
    for words in ("castle chip", "in secret", "three person cards", "Reinforcement track", "Spoils", "8 for every "
                  "castle chip", "at most two attack dice", "Admiral", "Black Sea", "Diplomat", "Hidden army",
                  "Spy", "General", "Marshall", "no free move"):
        assert words in castle_rules, words


def test_castle_marks_are_larger_than_the_owners_mark_and_sea_crossings_long_enough_to_see(mount):
    import re

    from risk_ui.dom import MARK_SIZE, SITE_SIZES

    c = to_first_attack(castle())
    doc, _page = mount(c)
    assert SITE_SIZES["castle"] > MARK_SIZE and SITE_SIZES["hidden"] > SITE_SIZES["city"]
    towers = [e for e in doc.querySelectorAll(".site-castle") if e.getAttribute("d")]
    assert len(towers) == 3
    xs = [float(v) for v in re.findall(r"[ML](-?[\d.]+) ", str(towers[0].getAttribute("d")))]
    assert max(xs) - min(xs) >= 19  # map units across: 2.2 badge radii of 9
    lines = doc.querySelectorAll("#sea-links .sea-link")
    assert len(lines) == 4
    for line in lines:
        x1, y1, x2, y2 = (float(str(line.getAttribute(a))) for a in ("x1", "y1", "x2", "y2"))
        assert ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 >= 33.9
    # A tower per castle chip beside each player's line, in the colour of the castle's first owner.
    players = view.render(c).html["players"]
    assert players.count('class="site site-castle"') == 3
    seat = c.state.current
    ext(c).chips[seat].append(ext(c).empires[(seat + 1) % 3])
    players = view.render(c).html["players"]
    assert players.count('class="site site-castle"') == 4
    assert players.count(f'fill="{c.seat_colour((seat + 1) % 3).hex}"') >= 2


def test_the_worlds_sea_lines_are_left_as_the_classic_map_draws_them(mount):
    import re

    from ui.conftest import drawn_map

    svg = drawn_map("classic")
    drawn = re.findall(r'<line class="sea-link"[^>]*x1="([-\d.]+)"', svg)
    c = Controller.new(NewGameSettings(tuple(Seat(PALETTE[i].name, i) for i in range(3)), "classic",
                                       ("auto-setup",)), seed=1)
    doc, _page = mount(c, svg)
    lines = doc.querySelectorAll("#sea-links .sea-link")
    assert [str(line.getAttribute("x1")) for line in lines] == drawn
