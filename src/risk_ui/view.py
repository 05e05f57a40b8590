"""The page's view: from the game and the UI state to what every part of the page shows.

:func:`render` is pure: it reads a :class:`~risk_ui.controller.Controller` (its game state, seats and
UI state) and returns a :class:`Screen`, plain data that the DOM module writes into the page and that
tests compare directly. Nothing here knows about the browser.

The page's test contract, stable across releases:

- every territory ``<g data-territory="<engine id>">`` carries ``data-owner`` (the owner's seat number
  as text, ``""`` while unclaimed), ``data-armies`` and ``aria-label`` "<territory>, <player name>,
  <n> armies" ("1 army"; "<territory>, unclaimed" before it is claimed). The label names the *player*
  (default names are the colour names, so a new game reads "Alaska, Red, 3 armies"); the neutral
  seat is "Neutral". In the Revised edition the label goes on with what stands there, in this order:
  ", city", ", <player>'s capital", ", <player>'s airfield". The territory attacked or moved from, and the
  one chosen as target, carry ``aria-pressed="true"`` (no ``aria-pressed`` otherwise);
- ``<body>`` carries ``data-phase`` (``phase.name.lower()``) and ``data-player`` (the seat to move),
  and ``data-overlay`` ("handoff", "welcome" (a link's receiver's welcome where no hand-off screen shows), "winner",
  "out" (every person is out, the bots play on) or ""), and ``data-handoff`` ("remote" where the hand-off screen
  asks whether its seat, never taken on this device, plays on another device: "Send this turn" first).
"""

from __future__ import annotations

from html import escape

from risk.actions import Fortify, Reroll, UseCommander, every_action
from risk.board import load_board
from risk.deck import deck_for
from risk.dice import DiceModel
from risk.engine import bonus_choices, legal_actions, matched_sets, must_trade, occupy_range, tradable_sets
from risk.events import BattleFought, CardsTraded, Eliminated, Event, TurnStarted
from risk.flow import flow_for
from risk.history import describe, seat_names
from risk.rules import EDITIONS, OPTIONS
from risk.state import GameState, Phase
from risk.visibility import visible_headquarters
from risk_ui import bots, help_text, learn, new_world, odds_view, record, welcome, words
from risk_ui.controller import (
    EXCLUSIVE_OPTIONS,
    HOME_PAGES,
    MAX_SEATS,
    SETUP_OPTION,
    Controller,
    edition_any_board,
    option_applies,
    players_for,
)
from risk_ui.edition_views import others, ui_for
from risk_ui.map_view import GROUP_COLOURS, group_holders, legend_html, territory_views
from risk_ui.palette import mark_svg
from risk_ui.screen import Control, Screen
from risk_ui.words import Unfetchable, armies_range_text, armies_text, breakdown_text, plural

# ------------------------------------------------------------------------------------------------
# Text


def status_line(controller: Controller) -> str:
    """The line that says whose move it is and what to do."""
    state, ui = controller.state, controller.ui
    if state.phase is Phase.OVER:
        return f"{controller.seat_name(state.winner)} has won the game!"
    if ui.handoff >= 0:
        return f"Pass the device to {controller.seat_name(ui.handoff)}."
    if bots.bot_seat(controller) >= 0:
        return bots.status(controller)
    edition = ui_for(state).status(controller)
    if edition is not None:
        return edition
    seat = state.current
    name = controller.seat_name(seat)
    phase = state.phase
    if phase is Phase.CLAIM:
        return f"{name}: claim an empty territory ({armies_text(state.reserve[seat])} left to place)."
    if phase is Phase.SETUP:
        parts = []
        if state.quota_own:
            parts.append(f"{armies_text(state.quota_own)} on your territories")
        if state.quota_neutral:
            parts.append("1 neutral army on a neutral territory")
        return f"{name}: place {' and '.join(parts)} ({armies_text(state.reserve[seat])} left in all)."
    if phase is Phase.HEADQUARTERS:
        return f"{name}: choose one of your territories as your headquarters."
    if phase is Phase.REINFORCE:
        if must_trade(state):
            return f"{name}: you hold {len(state.hands[seat])} cards and must trade a set first."
        return f"{name}: place {armies_text(state.reserve[seat])} on your territories."
    if phase is Phase.OCCUPY:
        low, high = occupy_range(state)
        captured = controller.territory_name(state.battle_target)
        return f"{name}: you captured {captured}! Move in {armies_range_text(low, high)}."
    if phase is Phase.BATTLE:
        return f"{name}: keep the dice, or change one of them."
    source, target = ui.selected, ui.target
    if source >= 0 and target >= 0:
        src, dst = controller.territory_name(source), controller.territory_name(target)
        if state.owner[target] == seat:
            return f"{name}: move armies from {src} to {dst}."
        return f"{name}: attack {dst} from {src}."
    if source >= 0:
        src = controller.territory_name(source)
        if phase is Phase.FORTIFY:
            return f"{name}: from {src}, choose one of your territories to move to."
        moves = any(isinstance(c.action, Fortify) and c.action.source == source for c in legal_actions(state))
        return f"{name}: from {src}, choose a territory to attack{' or one of yours to move to' if moves else ''}."
    if phase is Phase.FORTIFY:
        another = "another" if state.moves_made else "your"
        return f"{name}: make {another} free move, or end your turn."
    return f"{name}: choose a territory to attack from, make your free move, or end your turn."


def narrate(controller: Controller, events: tuple[Event, ...]) -> str:
    """What the last command caused, in the game log's words; a run of battles as one sentence."""
    names = seat_names(controller.game)
    parts: list[str] = []
    fought = False
    for event in events:
        if isinstance(event, BattleFought):
            fought = True
            continue
        text = describe(controller.game, event, names)
        if text is not None:
            parts.append(text)
    if fought and controller.ui.report is not None:
        parts.insert(0, battle_sentence(controller, capture=False))
    return " ".join(parts)


def battle_sentence(controller: Controller, capture: bool = True) -> str:
    """One sentence on the last roll or run of rolls (and the capture, unless the log says it already)."""
    report = controller.ui.report
    if report is None:
        return ""
    attacker, defender = controller.seat_name(report.attacker_seat), controller.seat_name(report.defender_seat)
    target = controller.territory_name(report.target)
    rolls = f"{report.rolls} rolls: " if report.rolls > 1 else ""
    text = f"{rolls}{attacker} lost {report.attacker_losses}, {defender} lost {report.defender_losses}."
    if report.captured and capture:
        text += f" {attacker} captured {target}!"
    return text


# ------------------------------------------------------------------------------------------------
# Pieces of HTML for the lists that change (players, cards, sets, dice, battle choices)


def players_html(controller: Controller, state: GameState | None = None) -> str:
    """The table of players: mark, name, territories, armies, cards; the one to move first marked.
    ``state``: the moment to show (a replay's), else the live one."""
    state = state or controller.state
    rows = []
    for seat in range(state.players):
        colour = controller.seat_colour(seat)
        owned = state.owner.count(seat)
        armies = sum(a for t, a in enumerate(state.armies) if state.owner[t] == seat)
        classes = ["player"]
        if seat == state.current and state.phase is not Phase.OVER:
            classes.append("current")
        if not state.alive[seat]:
            classes.append("out")
        cards = len(state.hands[seat])
        facts = f"{plural(owned, 'territory', 'territories')}, {armies_text(armies)}"
        if seat != state.neutral:
            facts += f", {plural(cards, 'card', 'cards')}"
        shown = visible_headquarters(state, controller.ui.viewer)[seat]
        if shown >= 0:
            facts += f"; headquarters {state.board.territories[shown].name}"
        elif state.headquarters[seat] >= 0:
            facts += "; headquarters chosen"
        more = ui_for(state).player_facts(controller, state, seat)
        marks = ui_for(state).player_marks(controller, state, seat) if state.alive[seat] else ""
        if not state.alive[seat]:
            facts = "out of the game"
        current = ' aria-current="true"' if "current" in classes else ""
        name = escape(controller.seat_name(seat))
        rows.append(  # a long name is cut short on screen: the title holds it whole
            f'<li class="{" ".join(classes)}" data-seat="{seat}"{current}>{mark_svg(colour)}'
            f'<span class="player-name" title="{name}">{name}</span>'
            f'<span class="player-facts">{escape(facts)}</span>'
            + (f'<span class="player-more">{escape(more)}</span>' if more else "")
            + (f'<span class="player-marks" aria-hidden="true">{marks}</span>' if marks else "") + "</li>")
    return "".join(rows)


def hand_html(controller: Controller, seat: int) -> str:
    """A player's cards, by label and design."""
    state = controller.state
    board, deck = state.board, deck_for(state.rules)
    items = []
    starred = any(deck.stars)
    for card in sorted(state.hands[seat]):
        shows = deck.territories[card]
        mine = " owned" if shows >= 0 and state.owner[shows] == seat else ""
        stars = card_stars_html(deck.stars[card]) if starred else ""
        items.append(f'<li class="card card-{deck.kind_name(card)}{mine}">{stars}'
                     f"{escape(deck.label(card, board))}</li>")
    if not items:
        return '<li class="card-none">No cards yet: capture a territory in a turn to draw one.</li>'
    return "".join(items)


def card_stars_html(stars: int) -> str:
    """A card's stars drawn as stars (the label beside it says the number)."""
    return f'<span class="card-stars" aria-hidden="true">{"★" * stars}</span>'


def sets_html(controller: Controller, seat: int, enabled: bool) -> str:
    """A button for each matched set in the hand."""
    state = controller.state
    value = flow_for(state.rules).set_value(state)
    buttons = []
    disabled = "" if enabled else " disabled"
    shown: set[str] = set()
    for trio in (tradable_sets(state) if seat == state.current else matched_sets(state, seat)):
        names = ", ".join(deck_for(state.rules).label(c, state.board) for c in trio)
        if names in shown:  # the two wilds look alike: offer such a set once
            continue
        shown.add(names)
        arg = "-".join(str(c) for c in trio)
        places = bonus_choices(state, trio) if seat == state.current else []
        bonus = state.rules.card_territory_bonus
        for place in places or [-1]:
            where = f", +{bonus} on {state.board.territories[place].name}" if place >= 0 else ""
            buttons.append(
                f'<button type="button" class="trade" data-action="trade" data-arg="{arg}'
                f'{f"@{place}" if place >= 0 else ""}"{disabled}>'
                f'Trade {escape(names)} for {armies_text(value)}{escape(where)}</button>')
    return "".join(buttons)


def log_html(controller: Controller, lines: int = 8, upto: int | None = None) -> str:
    """The last few lines of the game log, newest last (read backwards, so long games stay cheap);
    ``upto``: the log as it stood after that many actions (a replay's moment)."""
    return "".join(f"<li>{escape(text)}</li>" for text in record.recent_lines(controller, lines, upto))


def _dice_row(faces: tuple[int, ...], side: str, who: str, bonus: int = 0, plus: int = 0) -> str:
    """One side's dice, high first; with a dice model, the ``bonus`` lowest dropped (shown faded) and
    ``plus`` added to the highest (shown on it)."""
    faces = tuple(sorted(faces, reverse=True)) if bonus or plus else faces
    kept = len(faces) - bonus
    spoken = ", ".join(str(f) for f in faces)
    if bonus:
        spoken += f" ({plural(bonus, 'lowest die', 'lowest dice')} dropped)"
    if plus and kept:
        spoken += f", +{plus} on the highest"
    dice = []
    for i, f in enumerate(faces):
        extra = " dropped" if i >= kept else ""
        shown = f'<span>{f}<sup class="die-plus">+{plus}</sup></span>' if plus and i == 0 and kept else str(f)
        dice.append(f'<span class="die {side}{extra}" data-face="{f}">{shown}</span>')
    return (f'<div class="dice-row {side}" role="img" aria-label="{escape(who)} rolled {spoken}">'
            f'<span class="dice-who">{escape(who)}</span>{"".join(dice)}</div>')


def dice_html(controller: Controller) -> str:
    """The dice of the pending roll (Phase.BATTLE) or of the last roll, with the losses."""
    state, report = controller.state, controller.ui.report
    if state.phase is Phase.BATTLE:
        attacker = controller.seat_name(state.current)
        defender = controller.seat_name(state.owner[state.battle_target])
        return (_dice_row(state.attacker_faces, "attacker", attacker)
                + _dice_row(state.defender_faces, "defender", defender)
                + '<p class="dice-result">The dice wait for your decision.</p>')
    if report is None:
        return ""
    attacker, defender = controller.seat_name(report.attacker_seat), controller.seat_name(report.defender_seat)
    model = report.model or DiceModel()
    return (_dice_row(report.attacker, "attacker", attacker, model.attack_bonus, model.attack_plus)
            + _dice_row(report.defender, "defender", defender, model.defend_bonus, model.defend_plus)
            + f'<p class="dice-result">{escape(battle_sentence(controller))}</p>')


def battle_html(controller: Controller) -> str:
    """A button for each decision open on the pending roll."""
    state = controller.state
    if state.phase is not Phase.BATTLE:
        return ""
    buttons = ['<button type="button" data-action="accept">Keep these dice</button>']
    faces = state.attacker_faces
    for action in every_action(legal_actions(state)):
        if isinstance(action, UseCommander):
            buttons.append(f'<button type="button" data-action="commander" data-arg="{action.die}">'
                           f'Commander: make die {action.die + 1} ({faces[action.die]}) a six</button>')
        elif isinstance(action, Reroll):
            buttons.append(f'<button type="button" data-action="reroll" data-arg="{action.die}">'
                           f'Re-roll die {action.die + 1} ({faces[action.die]})</button>')
    return "".join(buttons)


# ------------------------------------------------------------------------------------------------
# The rules in play, and where a turn's armies come from


def rules_summary(controller: Controller) -> str:
    """The edition and options of the game on the table in one line ("Classic (1980): Automatic setup,
    Commanders"; "no options" when there are none)."""
    rules = controller.state.rules
    edition = EDITIONS[rules.edition].title if rules.edition in EDITIONS else rules.edition
    options = [OPTIONS[o].title if o in OPTIONS else o for o in rules.options]
    return f"Rules: {edition}, " + (", ".join(options) if options else "no options")


def rules_list_html(controller: Controller) -> str:
    """The rules in play, each option with what it changes (in plain words)."""
    rules = controller.state.rules
    items = []
    entry = help_text.EDITION_RULES.get(rules.edition)
    if rules.edition in EDITIONS:
        said = entry.points[0] if entry else EDITIONS[rules.edition].description
        items.append(f"<li><strong>{escape(EDITIONS[rules.edition].title)}</strong>: {escape(said)}</li>")
    for name in rules.options:
        option = OPTIONS.get(name)
        if option is None:
            continue
        words = help_text.option_rules(name, rules.edition)
        text = " ".join(words.points) if words else option.description
        items.append(f"<li><strong>{escape(option.title)}</strong>: {escape(text)}</li>")
    return "".join(items)


def income_text(controller: Controller) -> str:
    """Where the armies of this turn came from, while the player to move places them: territories,
    each group held, the edition's extras, and cards traded this turn ("" outside that moment).

    The income is the engine's (``Flow.reinforcements``: nothing has changed hands since the turn began);
    the groups held are read off the board, the edition's own extras from its view, and the territories'
    share is what remains. Cards traded are this turn's ``CardsTraded`` events.
    """
    state, game = controller.state, controller.game
    edition = ui_for(state).income_text(controller)
    if edition is not None:
        return edition
    if state.phase is not Phase.REINFORCE or state.captured:
        return ""
    seat = state.current
    income = flow_for(state.rules).reinforcements(state, seat)
    edition_ui = ui_for(state)
    traded = 0
    for step in reversed(game.history):
        if any(isinstance(e, TurnStarted) for e in step.events):
            break
        for event in step.events:
            if isinstance(event, CardsTraded) and event.seat == seat:
                traded += event.armies + sum(count for _, count in event.bonus)
            else:
                traded += edition_ui.traded_armies(event, seat)
    parts: list[tuple[str, int]] = []
    groups = 0
    for group, holder in zip(state.board.continents, group_holders(state), strict=True):
        if holder == seat and group.bonus:
            parts.append((group.name, group.bonus))
            groups += group.bonus
    extras = edition_ui.income_extras(controller, seat)
    rest = income - groups - sum(n for _, n in extras)
    held = edition_ui.income_held(controller, seat) or plural(state.owner.count(seat), "territory", "territories")
    parts = [(held, rest), *parts, *extras]
    if traded:
        parts.append(("cards", traded))
    return breakdown_text("This turn", income + traded, parts)


# ------------------------------------------------------------------------------------------------
# The whole screen


def _controls(controller: Controller, seats_in_dialog: int) -> dict[str, Control]:
    state, ui = controller.state, controller.ui
    phase, seat = state.phase, state.current
    covered = ui.handoff >= 0
    c: dict[str, Control] = {}
    name = controller.seat_name

    # Placing reinforcements, or a setup round of several armies (Castle Risk's fives, the classic two-player
    # game's twos): the amount buttons place several a click.
    placing = phase is Phase.REINFORCE and not covered and not must_trade(state)
    rounds = (phase is Phase.SETUP and not covered and state.quota_own > 0
              and flow_for(state.rules).setup_batch(state) > 1)
    c["panel-place"] = Control(hidden=not (placing or rounds))
    if placing or rounds:
        reserve = state.quota_own if rounds else state.reserve[seat]
        if rounds:
            summary = (f"{armies_text(reserve)} of yours to place this round ({armies_text(state.reserve[seat])} "
                       "left in all): click or press Enter on your territories.")
        else:
            summary = f"{armies_text(reserve)} to place: click or press Enter on your territories."
        c["place-summary"] = Control(text=summary)
        for amount in ("1", "5", "all"):
            c[f"amount-{amount}"] = Control(pressed=ui.amount == amount)
        c["amount-number"] = Control(value=str(ui.number), maximum=str(max(1, reserve)))
    income = income_text(controller) if placing or (phase is Phase.REINFORCE and not covered) else ""
    c["income"] = Control(text=income, hidden=not income)

    # The hand and the trades.
    showing_hand = not covered and phase_shows_hand(controller) and ui.viewer == seat
    c["panel-cards"] = Control(hidden=not showing_hand)
    said = ui_for(state).set_value_text(controller) if showing_hand else None
    if said is not None:
        c["set-value"] = Control(text=said)
    elif showing_hand:
        value = flow_for(state.rules).set_value(state)
        note = " You must trade now." if must_trade(state) else ""
        c["set-value"] = Control(text=f"The next set is worth {armies_text(value)}.{note}")

    # Attacking.
    source, target = ui.selected, ui.target
    attacking = phase is Phase.ATTACK and not covered and not (target >= 0 and state.owner[target] == seat)
    c["panel-attack"] = Control(hidden=not attacking)
    if attacking:
        ready = source >= 0 and target >= 0
        if ready:
            summary = (f"{controller.territory_name(source)} ({armies_text(state.armies[source])}) attacks "
                       f"{controller.territory_name(target)} ({armies_text(state.armies[target])}).")
        elif source >= 0:
            summary = f"From {controller.territory_name(source)}: choose the territory to attack."
        else:
            summary = "Choose one of your territories with two or more armies to attack from."
        c["attack-summary"] = Control(text=summary)
        most = controller.dice_most()
        for n in (1, 2, 3):
            c[f"dice-{n}"] = Control(pressed=controller.dice_count() == n, disabled=source >= 0 and n > most)
        bonus = flow_for(state.rules).battle_model(state, source, target).attack_bonus if ready else 0
        extra = f" and {plural(bonus, 'bonus die', 'bonus dice')}" if bonus else ""  # the Attack Die
        c["roll"] = Control(disabled=not ready, text=f"Roll {controller.dice_count()} "
                                                     f"{'die' if controller.dice_count() == 1 else 'dice'}{extra}")
        # The threshold belongs to the attack chosen, and the button says what it will do.
        blocked = controller.blitz_blocked()
        c["threshold"] = Control(value=str(ui.threshold), disabled=not ready,
                                 maximum=str(max(1, state.armies[source] - 1)) if ready else None)
        until = "won" if ui.threshold <= 1 else f"{ui.threshold} are left"
        c["blitz"] = Control(disabled=not ready or bool(blocked), text=f"Attack until {until}")
        c["blitz-note"] = Control(text=blocked, hidden=not blocked)
        c["cancel-attack"] = Control(disabled=source < 0)

    # The free move.
    moving = phase in (Phase.ATTACK, Phase.FORTIFY) and not covered and target >= 0 and state.owner[target] == seat
    c["panel-move"] = Control(hidden=not moving)
    if moving and source >= 0:
        most = state.armies[source] - 1
        c["move-summary"] = Control(text=f"Move {armies_range_text(1, most)} from "
                                         f"{controller.territory_name(source)} to {controller.territory_name(target)}.")
        c["move-count"] = Control(value=str(controller.move_count()), minimum="1", maximum=str(most))
        c["move"] = Control(text=f"Move {armies_text(controller.move_count())}")

    # The dice and any decision on them.
    c["panel-battle"] = Control(hidden=phase is not Phase.BATTLE or covered)
    c["panel-dice"] = Control(hidden=covered or (phase is not Phase.BATTLE and ui.report is None))

    # Moving in after a capture.
    occupying = phase is Phase.OCCUPY and not covered
    c["panel-occupy"] = Control(hidden=not occupying)
    if occupying:
        low, high = occupy_range(state)
        count = controller.occupy_count()
        c["occupy-summary"] = Control(
            text=f"Move {armies_range_text(low, high)} from {controller.territory_name(state.battle_source)} into "
                 f"{controller.territory_name(state.battle_target)}.")
        c["occupy-count"] = Control(value=str(count), minimum=str(low), maximum=str(high), disabled=low == high)
        c["occupy"] = Control(text=f"Move in {armies_text(count)}")
        c["occupy-min"] = Control(text=f"Fewest ({low})", disabled=low == high)
        c["occupy-max"] = Control(text=f"Most ({high})", disabled=low == high)

    c["end-turn"] = Control(hidden=phase not in (Phase.ATTACK, Phase.FORTIFY) or covered,
                            text=words.END_TURN_AGAIN if controller.confirming_end() else "End turn")
    c["warning"] = Control(text="", hidden=True)  # a move that risks too much, in an edition's words

    # Overlays.
    c["handoff"] = Control(hidden=not covered or ui.home)  # the first screen covers every other
    if covered:
        who = name(ui.handoff)
        if controller.remote(ui.handoff):  # a seat that plays elsewhere? "Send this turn" comes first (CSS)
            c["handoff-title"] = Control(text=words.remote_title(who))
            c["handoff-text"] = Control(text=words.remote_text(who))
        else:
            c["handoff-title"] = Control(text=f"Pass to {who}")
            c["handoff-text"] = Control(text=f"{who}, press the button when only you can see the screen: "
                                             "your cards will show.")
        c["handoff-button"] = Control(text=f"I am {who}: show my turn")
        c["handoff-rules"] = Control(text=rules_summary(controller))
    over = phase is Phase.OVER
    c["winner"] = Control(hidden=not over or ui.winner_dismissed or ui.home or welcome.alone(controller))
    if over:
        c["winner-title"] = Control(text=f"{name(state.winner)} wins!")
        c["winner-text"] = Control(text=winner_text(controller))
    out = controller.people_out() and not over and not ui.out_dismissed
    c["out"] = Control(hidden=not out or ui.home or welcome.alone(controller))
    if out:
        c.update(_out_texts(controller))

    c["rules-summary"] = Control(text=rules_summary(controller))
    c.update(_home_controls(controller))

    # An unexpected error (saving, drawing): shown until dismissed.
    c["problem"] = Control(hidden=not ui.problem)
    c["problem-text"] = Control(text=ui.problem)

    # The new-game dialog: the numbers of players the edition allows, rows for the chosen number, only the
    # edition's options, the error if any.
    c.update(_dialog_controls(ui.dialog_edition, seats_in_dialog, ui.dialog_error))
    c.update(board_controls(controller))
    return c


def winner_text(controller: Controller) -> str:
    """How the game was won: the edition's words, else the classic game's three ways (every territory taken; the
    last player standing while the neutral still holds some; the headquarters goal). Never "conquered the world"
    unless the winner holds every territory."""
    said = ui_for(controller.state).winner_text(controller)
    if said is not None:
        return said
    state = controller.state
    winner, board = state.winner, state.board
    name = controller.seat_name(winner)
    others = [p for p in range(state.players) if p not in (winner, state.neutral)]
    if state.rules.headquarters and any(state.alive[p] for p in others):
        hq = state.headquarters
        taken = [board.territories[hq[p]].name for p in others if hq[p] >= 0 and state.owner[hq[p]] == winner]
        return words.won_headquarters(name, taken, board.territories[hq[winner]].name,
                                      len(taken) == len(others), state.turn)
    held = state.owner.count(winner)
    if held == board.size:
        return words.won_the_world(name, state.turn)
    return words.won_last_standing(name, held, board.size, state.turn)


def _dialog_controls(edition: str, people: int, error: str) -> dict[str, Control]:
    """The new-game dialog for an edition: its numbers of players, a row per player, its options only
    (the others hidden, and disabled so the form leaves them out), the setup choice only where the
    edition has one."""
    rules = EDITIONS[edition].rules if edition in EDITIONS else EDITIONS["classic"].rules
    people = players_for(edition, people)
    c: dict[str, Control] = {"ng-count": Control(value=str(people))}
    for n in range(2, MAX_SEATS + 1):
        allowed = rules.min_players <= n <= rules.max_players
        c[f"ng-count-{n}"] = Control(hidden=not allowed, disabled=not allowed)
    for i in range(MAX_SEATS):
        c[f"ng-row-{i}"] = Control(hidden=i >= people)
    c["ng-error"] = Control(text=error, hidden=not error)
    grouped = {member for members in EXCLUSIVE_OPTIONS.values() for member in members}
    for option_name in (name for name, option in OPTIONS.items() if option.page):
        applies = option_applies(option_name, edition)
        if option_name == SETUP_OPTION:
            c["ng-setup"] = Control(hidden=not applies)
            automatic, by_hand = help_text.setup_choice(edition)
            c["ng-setup-auto-text"] = Control(text=automatic)
            c["ng-setup-manual-text"] = Control(text=by_hand)
            continue
        c[f"ng-option-{option_name}"] = Control(disabled=not applies)
        if option_name not in grouped:
            c[f"ng-choice-{option_name}"] = Control(hidden=not applies)
    for group, members in EXCLUSIVE_OPTIONS.items():
        applies = any(option_applies(member, edition) for member in members)
        c[f"ng-{group}"] = Control(hidden=not applies)
        c[f"ng-{group}-off"] = Control(disabled=not applies)
    offered = [o for o in OPTIONS if o != SETUP_OPTION and o not in grouped and option_applies(o, edition)]
    c["ng-options"] = Control(hidden=not offered)
    return c


def board_controls(controller: Controller) -> dict[str, Control]:
    """The dialog's board: offered only for an edition that plays on any board (the engine's descriptor says);
    the edition's own board, a new world (its seed, size, continents and preview) or a board kept here."""
    ui = controller.ui
    choice = ui.dialog_board
    offered = edition_any_board(ui.dialog_edition)
    kept = [ref for ref, _ in controller.kept_boards()]
    board = choice.board if choice.board in (new_world.WORLD, *kept) else new_world.OWN
    own = EDITIONS[ui.dialog_edition].rules.map if ui.dialog_edition in EDITIONS else "classic"
    c = {"ng-board": Control(hidden=not offered),
         "ng-board-own": Control(disabled=not offered, checked=board == new_world.OWN),
         "ng-board-world": Control(disabled=not offered, checked=board == new_world.WORLD),
         "ng-board-own-text": Control(text=load_board(own).name),
         "ng-world": Control(hidden=not offered or board != new_world.WORLD)}
    if choice.seed >= 0:
        c["ng-world-seed"] = Control(value=str(choice.seed))
    c["ng-world-size"] = Control(value=choice.size)
    c["ng-world-continents"] = Control(value=str(choice.continents))
    return c


def board_html(controller: Controller) -> dict[str, str]:
    """The dialog's boards kept in this browser (radios) and the new world's preview and caption (made only
    while the dialog shows it: the generator's code is imported then)."""
    ui = controller.ui
    kept = "".join(
        f'<label class="choice"><input type="radio" name="ng-board" value="{escape(ref)}">'
        f'<span class="choice-title">{escape(name)}</span>'
        f'<span class="choice-text">{escape(words.KEPT_BOARD_TEXT)}</span></label>'
        for ref, name in controller.kept_boards())
    html = {"ng-kept-boards": kept}
    ref = ui.dialog_board.world()
    if not (ui.dialog_open and ui.dialog_board.board == new_world.WORLD and ref
            and edition_any_board(ui.dialog_edition)):
        return html
    try:
        from risk_ui.world_maps import preview  # (with the editions' code: imported when a world is shown)

        picture, caption = preview(ref, GROUP_COLOURS)
    except Unfetchable:  # the generator's code, and no network
        picture, caption = "", words.WORLD_OFFLINE
    html["ng-world-preview"] = picture
    html["ng-world-caption"] = escape(caption)
    return html


def _home_controls(controller: Controller) -> dict[str, Control]:
    """The first screen: shown or not, which of its pages, the step of "How to play"."""
    ui = controller.ui
    c = {"home": Control(hidden=not ui.home)}
    for page in HOME_PAGES:
        ident = "home-menu" if page == "menu" else f"home-{page}-page"
        c[ident] = Control(hidden=ui.home_page != page)
    key = learn.lesson_key(ui.learn_edition or controller.state.rules.edition)
    steps = len(help_text.LESSONS[key].steps)
    step = min(max(ui.learn_step, 0), steps - 1)
    for other in learn.lesson_editions():  # one step of one edition's lesson shows
        c[learn.tab_id(other)] = Control(pressed=other == key)
        for i in range(len(help_text.LESSONS[other].steps)):
            c[learn.step_id(other, i)] = Control(hidden=other != key or i != step)
    c["learn-back"] = Control(disabled=step == 0)
    c["learn-next"] = Control(disabled=step >= steps - 1)
    c["learn-count"] = Control(text=f"{step + 1} of {steps}")
    c["home-contrast"] = Control(pressed=ui.high_contrast)
    c["home-motion"] = Control(pressed=ui.motion)
    c["home-sound"] = Control(pressed=ui.sound)
    return c


def _out_texts(controller: Controller) -> dict[str, Control]:
    """The screen that says every person is out: how (the last territory taken, or the edition's way), and what
    next."""
    state, game = controller.state, controller.game
    people = [s for s in range(len(game.seats)) if controller.is_human(s)]
    last, events = None, ()
    for step in reversed(game.history):  # the latest elimination of a person
        last = next((e for e in step.events if isinstance(e, Eliminated) and e.seat in people), None)
        if last is not None:
            events = step.events
            break
    bots_left = sum(1 for s in range(len(game.seats)) if state.alive[s] and not controller.is_human(s))
    if len(people) == 1:
        title, whose = "You are out of the game", "your"
    else:
        title, whose = "Everyone at the table is out", "the last person's"
    how = ""
    if last is not None:
        said = ui_for(state).out_text(controller, last, tuple(events), whose)
        how = (said or words.out_last_territory(controller.seat_name(last.by), whose)) + " "
    players = "computer player plays" if bots_left == 1 else "computer players play"
    return {
        "out-title": Control(text=title),
        "out-text": Control(text=f"{how}{bots_left} {players} on: watch them at full speed, have the game "
                                 "finished at once, or leave it."),
    }


def render(controller: Controller) -> Screen:
    """The whole page for the controller's game and UI state."""
    state, ui = controller.state, controller.ui
    covered = ui.handoff >= 0
    narration = "" if ui.error else narrate(controller, ui.events)
    message = " ".join(p for p in (narration, ui.notice) if p)
    seat = state.current
    showing_hand = not covered and phase_shows_hand(controller) and ui.viewer == seat
    past = record.replay_state(controller)
    replay = controller.ui.record.replay
    replayed = replay.index if past is not None and replay is not None else None  # actions the past shows
    edition = ui_for(state)
    if not showing_hand:
        sets = hand = ""
    else:
        enabled = state.phase is Phase.REINFORCE
        own_sets = edition.sets_html(controller, seat, enabled)
        sets = sets_html(controller, seat, enabled) if own_sets is None else own_sets
        own_hand = edition.hand_html(controller, seat)
        hand = hand_html(controller, seat) if own_hand is None else own_hand
    html = {
        "players": players_html(controller, past),
        "hand": hand,
        "sets": sets,
        "dice": "" if covered else dice_html(controller),
        "battle-choices": "" if covered else battle_html(controller),
        "log": log_html(controller, upto=replayed),
    }
    for other in others(state):  # the other editions' panels: empty
        html.update({ident: "" for ident in other.containers})
    html.update({ident: "" for ident in edition.containers})
    html.update(edition.html(controller, past))
    html["odds"] = ""
    html[edition.odds_container(controller)] = odds_view.odds_html(controller)
    html.update(legend_html(controller, past))
    html["rules-list"] = rules_list_html(controller)
    html.update(board_html(controller))
    if ui.home:
        overlay = "home"
    elif covered:
        overlay = "handoff"
    elif welcome.alone(controller):  # a link's receiver is welcomed first, where no hand-off screen shows
        overlay = "welcome"
    elif state.phase is Phase.OVER:
        overlay = "" if ui.winner_dismissed else "winner"
    else:
        overlay = "out" if controller.people_out() and not ui.out_dismissed else ""
    playing = past is None and bots.bot_seat(controller) < 0
    controls = _controls(controller, ui.dialog_people)
    for other in others(state):
        controls.update({ident: Control(hidden=True) for ident in other.panels})
    controls.update(edition.controls(controller, covered, playing))
    controls.update(bots.controls(controller))
    controls.update(record.controls(controller))
    controls.update(welcome.controls(controller))
    controls.update(controller.coach.controls(controller))
    html.update(record.html(controller))
    html.update(welcome.html(controller))
    territories = territory_views(controller) if past is None else record.past_territories(controller, past)
    if past is not None or bots.bot_seat(controller) >= 0:  # the past, or a bot's turn: nothing to play
        controls.update({ident: Control(hidden=True) for ident in (*record.ACTION_PANELS, *edition.action_panels)})
    # The bot waits a moment after a person's turn ended, while Undo is offered (risk_ui.bots.Autoplay).
    offering = past is None and not covered and controller.offering() and bots.bot_seat(controller) >= 0
    controls["undo-offer"] = Control(hidden=not offering)
    if offering:
        controls["undo-offer-text"] = Control(text=words.undo_offer_text(controller.seat_name(state.current)))
    if past is not None:  # the replay: nothing of the live turn mixes into the moment replayed
        controls.update({ident: Control(hidden=True) for ident in record.LIVE_PANELS})
        html["odds"] = html[edition.odds_container(controller)] = ""
        message = ""
    return Screen(
        phase=state.phase.name.lower(),
        player=str(state.current),
        territories=territories,
        status=words.REPLAY_STATUS if past is not None else status_line(controller),
        message=message,
        message_error=ui.error,
        controls=controls,
        html=html,
        overlay=overlay,
        dialog_open=ui.dialog_open,
        focus=ui.focus,
        dialog_preset=_dialog_preset(ui.dialog_preset),
        theme="contrast" if ui.high_contrast else "",
        keys=_shown_keys(key_controls(controller), controls, html) if not overlay else (),
        replay=words.REPLAY_BADGE if past is not None else "",
        handoff="remote" if covered and overlay == "handoff" and controller.remote(ui.handoff) else "",
    )


# The panel a key control sits in, where it is not a panel itself: the control is shown only with its panel.
KEY_PANEL = {"amounts": "panel-place", "attack-buttons": "panel-attack", "hand": "panel-cards", "sets": "panel-cards"}


def key_controls(controller: Controller) -> tuple[str, ...]:
    """The step's key controls, which the turn bar holds so that they are in sight without scrolling: ids of
    ``layout.KEYABLE``, the one the status line names first (the edition's own steps through
    :meth:`~risk_ui.edition_ui.EditionUi.key_controls`). Only those shown count (:func:`render` leaves out the
    hidden ones): none under an overlay, in a replay or after the end; the bot bar in a bot's turn."""
    state, ui = controller.state, controller.ui
    if ui.home or ui.handoff >= 0 or state.phase is Phase.OVER or record.replay_state(controller) is not None:
        return ()
    if bots.bot_seat(controller) >= 0:  # the Undo offered while the bot waits comes first (see render)
        return ("undo-offer", "bot-bar")
    phase = state.phase
    keys: tuple[str, ...] = ()
    if phase is Phase.REINFORCE:
        keys = ("sets",) if must_trade(state) else ("amounts", "sets")
    elif phase is Phase.SETUP:
        keys = ("amounts",)
    elif phase is Phase.OCCUPY:
        keys = ("panel-occupy",)
    elif phase is Phase.BATTLE:
        keys = ("panel-battle",)
    elif phase in (Phase.ATTACK, Phase.FORTIFY):
        if ui.target >= 0 and state.owner[ui.target] == state.current:
            keys = ("panel-move", "end-turn")
        elif phase is Phase.FORTIFY:
            keys = ("end-turn",)
        else:
            keys = ("attack-buttons", "end-turn") if ui.selected >= 0 else ("end-turn",)  # no attack chosen: its
            # buttons wait in their panel
    return ui_for(state).key_controls(controller, keys)


def _shown_keys(keys: tuple[str, ...], controls: dict[str, Control], html: dict[str, str]) -> tuple[str, ...]:
    """The key controls that show: their panel (or themselves) not hidden, a container not empty."""
    def shown(ident: str) -> bool:
        control = controls.get(KEY_PANEL.get(ident, ident))
        return control is not None and not control.hidden and (ident not in html or bool(html[ident]))
    return tuple(dict.fromkeys(k for k in keys if shown(k)))


def _dialog_preset(preset: str) -> tuple[tuple[str, str], ...]:
    """What the dialog's fields are set to as it opens (element id, value): pass-and-play makes every
    seat a person, three of them, in the classic game."""
    if preset != "people":
        return ()
    fields = [("ng-count", "3")] + [(f"ng-controller-{i}", "human") for i in range(MAX_SEATS)]
    return tuple(fields)


def phase_shows_hand(controller: Controller) -> bool:
    """Whether the hand belongs on screen in this phase (not during the shared steps of the setup, not after
    the end)."""
    return not controller.shared_phase() and controller.state.phase is not Phase.OVER
