"""Castle Risk (1986) on the page: its board's marks, its steps, its person cards and its words.

What the classic page does not have: castles on the map (a tower in the owner's colour, with the chips
held in words) and one's own hidden-army sites (a pennant, shown to their owner alone); the setup's castle
and hidden-army steps; the hand of person cards with a play button on each and what it will do (a Spy or a
Diplomat aimed at a player, an Admiral that starts a sea attack); the hidden army and its reveal; the
standing orders for what one's cards do on other players' turns (a Marshall when attacked, a Spy blocked);
the Spy's look at a hand (shown to its player alone) and the card it makes them discard; the Admiral's sea
attack (the coasts chosen on the map, the armies loaded, its odds); the Reinforcement track and the truces
in force (:func:`board_html`); the spoils; and the exact odds with the castle cap, a General and a Marshall
in play. Secrets stay with their owner: a hand, a hidden army's site and what a Spy saw show only on the
screen of the seat they belong to, behind the hand-off screen. The engine decides and words everything
(:class:`~risk.rules.castle.flow.CastleFlow`); this module only shows it.
"""

from __future__ import annotations

from html import escape
from typing import ClassVar

from risk.deck import deck_for
from risk.events import Eliminated, Event
from risk.flow import flow_for
from risk.odds_float import Battle
from risk.rules.castle import (
    ADMIRAL,
    AUTO_MARSHALL,
    BLOCK_SPY,
    CARD_KINDS,
    DEFEND_HIDDEN,
    DIPLOMAT,
    GENERAL,
    MARSHALL,
    REINFORCEMENT,
    SPY,
    CastleSettings,
)
from risk.rules.castle.events import CastleCaptured, CastlePlaced, HiddenArmyRevealed, SeaAttackMade
from risk.rules.castle.flow import CASTLE, HIDING, SPOILS, SPY_LOOK, CastleFlow
from risk.rules.castle.state import CastleState
from risk.state import GameState, Phase
from risk_ui import words
from risk_ui.controller import Controller
from risk_ui.edition_ui import EditionUi, Site
from risk_ui.help_text import CASTLE_LOST, term_html
from risk_ui.palette import site_svg
from risk_ui.screen import Control
from risk_ui.words import armies_text, breakdown_text, plural

HIDDEN_FILL = "#2B2B2B"  # one's own hidden army's pennant: dark, outlined, never a player's colour


def castle_state(state: GameState) -> CastleState | None:
    """The edition's part of a state, or None in a game of another edition."""
    extra = state.ext
    return extra if isinstance(extra, CastleState) else None


def settings_of(state: GameState) -> CastleSettings:
    family = state.rules.family
    assert isinstance(family, CastleSettings)
    return family


def castle_flow(state: GameState) -> CastleFlow:
    flow = flow_for(state.rules)
    assert isinstance(flow, CastleFlow)
    return flow


def kind_of(state: GameState, card: int) -> int:
    return deck_for(state.rules).kinds[card]


def kind_title(kind: int) -> str:
    """ "General", "Reinforcement", …"""
    return CARD_KINDS[kind].capitalize()


def track_next(state: GameState) -> int:
    """The armies the next Reinforcement card gives (0 when the track is full)."""
    extra, track = castle_state(state), settings_of(state).reinforcement_track
    assert extra is not None
    return track[extra.track] if extra.track < len(track) else 0


def track_last(state: GameState) -> int:
    """The armies of the last Reinforcement played (what a hidden army brings; 0 before any)."""
    extra = castle_state(state)
    assert extra is not None
    return settings_of(state).reinforcement_track[extra.track - 1] if extra.track else 0


def empire_name(state: GameState, seat: int) -> str:
    extra = castle_state(state)
    assert extra is not None
    return state.board.continents[extra.empires[seat]].name


def others(c: Controller, state: GameState) -> list[int]:
    """The other players still in the game, round the table from the player to move."""
    seat = state.current
    return [(seat + i) % state.players for i in range(1, state.players) if state.alive[(seat + i) % state.players]]


# ------------------------------------------------------------------------------------------------
# The cards


def card_effect(state: GameState, card: int) -> str:
    """What a card will do, in words."""
    extra = castle_state(state)
    assert extra is not None
    kind = kind_of(state, card)
    if kind == REINFORCEMENT:
        value = track_next(state)
        if not value:
            return "The Reinforcement track is full."
        return (f"{armies_text(value)} at once (space {extra.track + 1} of the track), before your first "
                "attack. It stays on the track.")
    if kind == GENERAL:
        return "+1 on your highest die while you attack, until the defender wins a top pair (then it is lost)."
    if kind == MARSHALL:
        return ("+1 on your highest die when you are attacked, until the attacker beats it; played for you by "
                "your standing order, so the device never changes hands in a battle.")
    if kind == ADMIRAL:
        return ("Attack by sea from one of your coasts to an enemy coast on the same water (the Black Sea joins "
                "no other), fought to the end. Won: the Admiral comes back; lost: it is lost.")
    if kind == SPY:
        return "Look at a player's hand and make them discard one card, face up. Their own Spy blocks it."
    return "A truce with a player until your next turn: neither may attack the other. Before your first attack."


def _button(action: str, arg: str, text: str, enabled: bool, extra: str = "") -> str:
    disabled = "" if enabled else " disabled"
    return (f'<button type="button" data-action="{action}" data-arg="{escape(arg)}"{disabled}{extra}>'
            f"{escape(text)}</button>")


def hand_html(c: Controller, seat: int) -> str:
    """The hand of the seat on screen: each card with what it does and its play button(s)."""
    state = c.state
    extra = castle_state(state)
    if extra is None:
        return ""
    attacking = state.phase is Phase.ATTACK and seat == state.current and c.ui.record.replay is None
    people = state.people >= settings_of(state).diplomats_from
    items = []
    for card in sorted(state.hands[seat]):
        kind = kind_of(state, card)
        title = kind_title(kind)
        in_play = card == extra.general or card == extra.marshalls[seat]
        buttons = []
        if kind == REINFORCEMENT:
            buttons.append(_button("reinforce", str(card), f"Play: +{armies_text(track_next(state))}",
                                   attacking and not extra.attacked and track_next(state) > 0))
        elif kind == GENERAL and not in_play:
            buttons.append(_button("general", str(card), "Play: +1 on your highest die",
                                   attacking and extra.general < 0))
        elif kind == ADMIRAL:
            buttons.append(_button("sail", str(card), "Sea attack\u2026", attacking))
        elif kind == SPY:
            buttons += [_button("spy", f"{card}-{p}", f"Spy on {c.seat_name(p)}", attacking)
                        for p in others(c, state)]
        elif kind == DIPLOMAT and people:
            buttons += [_button("diplomat", f"{card}-{p}", f"Truce with {c.seat_name(p)}",
                                attacking and not extra.attacked and not extra.in_truce(seat, p))
                        for p in others(c, state)]
        note = " <strong>In play</strong>" if in_play else ""
        if kind == DIPLOMAT and not people:
            note += " <em>Not used with two players.</em>"
        items.append(
            f'<li class="card card-{CARD_KINDS[kind]}" data-card="{card}"><span class="card-title">'
            f"{escape(title)}</span>{term_html(title)}{note}"
            f'<span class="card-effect">{escape(card_effect(state, card))}</span>'
            f'<span class="card-plays">{"".join(buttons)}</span></li>')
    if not items:
        return '<li class="card-none">No cards: you draw at the start of your turn.</li>'
    return "".join(items)


def hidden_and_orders_html(c: Controller, seat: int, enabled: bool) -> str:
    """The seat's hidden armies (with the reveal) and its standing orders, under its hand."""
    state = c.state
    extra = castle_state(state)
    if extra is None:
        return ""
    parts = []
    last = track_last(state)
    family = settings_of(state)
    stepping = enabled and state.phase is Phase.ATTACK and (not extra.attacked or family.hidden_any_time)
    for site in sorted(set(extra.hidden[seat])):
        if site < 0:
            continue
        name = state.board.territories[site].name
        held = state.owner[site] == seat
        text = words.hidden_army_text(name, last, held, family.hidden_any_time, family.hidden_defends)
        button = _button("reveal", str(site), f"Bring out the hidden army on {name} (+{last})",
                         stepping and held and last > 0) if last else ""
        parts.append(f'<p class="hidden-army" data-site="{site}">{escape(text)}</p>{button}')
    orders = extra.orders[seat]
    toggles = []
    kinds = [(AUTO_MARSHALL, words.ORDER_MARSHALL), (BLOCK_SPY, words.ORDER_SPY)]
    if family.hidden_defends:
        kinds.append((DEFEND_HIDDEN, words.ORDER_HIDDEN))
    for bit, said in kinds:
        on = bool(orders & bit)
        toggles.append(_button("orders", str(orders ^ bit), said, enabled and state.phase is Phase.ATTACK,
                               f' aria-pressed="{"true" if on else "false"}" data-order="{bit}"'))
    parts.append('<div class="orders" role="group" aria-label="Standing orders (what your cards do on other '
                 'players\u2019 turns)"><p class="note">Standing orders, for other players\u2019 turns:'
                 + term_html("Standing orders") + "</p>" + "".join(toggles) + "</div>")
    return "".join(parts)


# ------------------------------------------------------------------------------------------------
# The board beside the map: the track, the truces


def board_html(c: Controller, state: GameState | None = None) -> str:
    """The Reinforcement track (spaces played marked, the next one named) and the truces in force."""
    state = state or c.state
    extra = castle_state(state)
    if extra is None:
        return ""
    track = settings_of(state).reinforcement_track
    spaces = []
    for i, value in enumerate(track):
        kind = "played" if i < extra.track else ("next" if i == extra.track else "")
        said = {"played": " (played)", "next": " (next)"}.get(kind, "")
        spaces.append(f'<li class="track-space {kind}" aria-label="Space {i + 1}: {armies_text(value)}{said}">'
                      f"{value}</li>")
    nxt = track_next(state)
    line = (f"The next Reinforcement card gives {armies_text(nxt)}." if nxt else "The track is full.")
    if extra.track:
        line += f" A hidden army brings {armies_text(track_last(state))}."
    truces = [f"<li>{escape(c.seat_name(a))} and {escape(c.seat_name(b))}, until {escape(c.seat_name(a))}\u2019s "
              "next turn</li>" for a, b in extra.truces]
    truce_html = (f'<ul class="truces">{"".join(truces)}</ul>' if truces
                  else '<p class="truces-none">No truce in force.</p>')
    return (f'<h3>Reinforcement track</h3><ol class="track" aria-label="Reinforcement track">{"".join(spaces)}</ol>'
            f'<p class="track-note">{escape(line)} The track is shared by every player; cards on it never come '
            f"back.</p><h3>Truces in force</h3>{truce_html}")


def spy_html(c: Controller) -> str:
    """The Spy's look: the hand it saw (shown to its player alone) and a discard button on each card."""
    state = c.state
    extra = castle_state(state)
    if extra is None or state.phase is not SPY_LOOK or c.ui.viewer != extra.spier:
        return ""
    target = c.seat_name(extra.spied)
    kinds: dict[int, list[int]] = {}  # cards of a kind act alike: one button per kind, its lowest card
    for card in sorted(card for card in extra.seen if card >= 0):
        kinds.setdefault(kind_of(state, card), []).append(card)
    buttons = [_button("spy-discard", str(cards[0]), f"Discard {target}\u2019s {kind_title(kind)}"
                       + (f" ({len(cards)} held)" if len(cards) > 1 else ""), True)
               for kind, cards in sorted(kinds.items())]
    return (f'<p>Your Spy sees {escape(target)}\u2019s hand: choose the card they discard. Everyone will see '
            f'it; the rest stays secret.</p><div class="spy-cards">{"".join(buttons)}</div>')


# ------------------------------------------------------------------------------------------------
# The castle in danger


def castle_warning(c: Controller) -> str:
    """A warning when the move being chosen (a move-in out of the castle, an attack from it until won, an
    Admiral loading armies there) would leave one's castle no stronger than an enemy stack beside it, with what
    losing it means; "" otherwise. (The hidden army comes out on its own site, never a castle, and there is no
    free move: no other move weakens a castle.)"""
    state, ui = c.state, c.ui
    extra = castle_state(state)
    if extra is None or ui.handoff >= 0 or ui.record.replay is not None or state.phase.setup:
        return ""
    seat = state.current
    castle = extra.castles[seat]
    if castle < 0 or state.owner[castle] != seat or not c.is_human(seat):
        return ""
    armies, owner = state.armies, state.owner
    if state.phase is Phase.OCCUPY and state.battle_source == castle:
        count = c.occupy_count()
        left, could, doing = armies[castle] - count, False, f"moving {armies_text(count)} in"
    elif state.phase is Phase.ATTACK and ui.selected == castle and ui.target >= 0 and owner[ui.target] != seat:
        if ui.sailing >= 0:
            battle = UI.chosen_battle(c)
            load = battle[2] if battle is not None else armies[castle] - 1
            left, could, doing = armies[castle] - load, False, f"sailing with {armies_text(load)}"
        else:
            left, could = max(1, ui.threshold), True
            doing = "attacking until won" if ui.threshold <= 1 else f"attacking until {ui.threshold} are left"
    else:
        return ""
    beside = [t for t in state.board.neighbours[castle] if owner[t] not in (seat, -1)]
    if not beside:
        return ""
    where = max(beside, key=lambda t: (armies[t], -t))
    if left > armies[where]:
        return ""
    said = words.castle_warning(doing, could, c.territory_name(castle), left, c.seat_name(owner[where]),
                                armies[where], c.territory_name(where))
    return f"{said} {CASTLE_LOST}."


# ------------------------------------------------------------------------------------------------
# The edition's part of the page


class CastleUi(EditionUi):
    """Castle Risk on the page (see the module docstring)."""

    edition = "castle"
    panels = ("panel-castle", "panel-spy", "panel-sea", "spy-dialog")
    action_panels = ("panel-spy", "panel-sea")
    containers = ("castle-board", "spy-choices", "sea-odds")
    stat_titles: ClassVar[dict[str, tuple[str, str]]] = {
        "income": ("Spoils at the end of a turn", "Spoils"), "continents": ("Empires held", "Empires")}

    def status(self, c: Controller) -> str | None:
        state, ui = c.state, c.ui
        extra = castle_state(state)
        if extra is None:
            return None
        seat = state.current
        name = c.seat_name(seat)
        phase = state.phase
        if phase is CASTLE:
            return (f"{name}: place your castle, with its first army, on an empty territory of the "
                    f"{empire_name(state, seat)}. {CASTLE_LOST}.")
        if phase is HIDING:
            return f"{name}: choose, in secret, where your hidden army waits (any territory without a castle)."
        if phase is SPOILS:
            return f"{name}: place your spoils, {armies_text(state.reserve[seat])}, on your territories."
        if phase is Phase.REINFORCE:
            return f"{name}: place the Reinforcement's {armies_text(state.reserve[seat])} on your territories."
        if phase is SPY_LOOK:
            return f"{name}: your Spy looks at {c.seat_name(extra.spied)}\u2019s hand: choose the card to discard."
        if phase is Phase.ATTACK and ui.sailing >= 0:
            if ui.selected < 0:
                return f"{name}: choose one of your coasts to sail from."
            src = c.territory_name(ui.selected)
            if ui.target < 0:
                return f"{name}: from {src}, choose the enemy coast to attack by sea."
            return f"{name}: sail from {src} to attack {c.territory_name(ui.target)}."
        if phase is Phase.ATTACK and ui.selected < 0:
            step = "" if extra.attacked else "play your cards, "
            return f"{name}: {step}choose a territory to attack from, or end your turn (the spoils come then)."
        return None

    def highlights(self, c: Controller) -> dict[int, set[str]] | None:
        state, ui = c.state, c.ui
        extra = castle_state(state)
        if extra is None:
            return None
        seat, owner, phase = state.current, state.owner, state.phase
        if phase is CASTLE:
            empire = state.board.continents[extra.empires[seat]]
            return {t: {"active"} for t in empire.territories if owner[t] < 0}
        if phase is HIDING:
            return {t: {"active"} for t in range(state.board.size) if t not in extra.castles}
        if phase is SPOILS:
            return {t: {"active"} for t, o in enumerate(owner) if o == seat}
        if phase is SPY_LOOK:
            return {}
        if phase is Phase.ATTACK and ui.sailing >= 0:
            board = state.board
            if ui.selected < 0:
                return {t: {"active"} for t, o in enumerate(owner)
                        if o == seat and state.armies[t] >= 2 and board.territories[t].seas}
            marks: dict[int, set[str]] = {ui.selected: {"selected"}}
            waters = set(board.territories[ui.selected].seas)
            for t, o in enumerate(owner):
                if o != seat and waters & set(board.territories[t].seas) and not extra.in_truce(seat, o):
                    marks.setdefault(t, set()).add("attackable")
            if ui.target >= 0:
                marks.setdefault(ui.target, set()).add("target")
            return marks
        return None

    def sites(self, c: Controller, state: GameState) -> dict[int, list[Site]]:
        extra = castle_state(state)
        found: dict[int, list[Site]] = {}
        if extra is None:
            return found
        for seat, where in enumerate(extra.castles):
            if where >= 0:
                chips = len(extra.chips[seat])
                words = f"{c.seat_name(seat)}'s castle" + (f" with {chips} chips" if chips > 1 else "")
                found.setdefault(where, []).append(("castle", c.seat_colour(seat).hex, words))
        viewer = c.ui.viewer
        if 0 <= viewer < len(extra.hidden) and c.ui.handoff < 0:  # one's own hidden armies, to oneself alone
            for where in extra.hidden[viewer]:
                if where >= 0:
                    found.setdefault(where, []).append(("hidden", HIDDEN_FILL, "your hidden army waits here"))
        return found

    def player_facts(self, c: Controller, state: GameState, seat: int) -> str:
        extra = castle_state(state)
        if extra is None or seat >= len(extra.castles):
            return ""
        parts = []
        if extra.castles[seat] >= 0:
            parts.append(f"castle {state.board.territories[extra.castles[seat]].name}")
        if extra.chips[seat]:
            parts.append(plural(len(extra.chips[seat]), "castle chip", "castle chips"))
        unused = len(extra.hidden[seat])
        if unused and not state.phase.setup:
            parts.append(plural(unused, "hidden army", "hidden armies") + " unused")
        if seat == state.current and extra.general >= 0:
            parts.append("General in play")
        if extra.marshalls[seat] >= 0:
            parts.append("Marshall in play")
        text = "; ".join(parts)
        return text[:1].upper() + text[1:]

    def player_marks(self, c: Controller, state: GameState, seat: int) -> str:
        """A tower per castle chip held, in the colour of the player whose castle it was (one's own first)."""
        extra = castle_state(state)
        if extra is None or seat >= len(extra.chips):
            return ""
        first = {empire: s for s, empire in enumerate(extra.empires)}
        return "".join(site_svg("castle", c.seat_colour(first.get(chip, seat)).hex, 14) for chip in extra.chips[seat])

    def winner_text(self, c: Controller) -> str | None:
        """Whose castle fell last, and where (the capture that won, from the record)."""
        state = c.state
        if castle_state(state) is None or state.winner < 0:
            return None
        name = c.seat_name(state.winner)
        for step in reversed(c.game.history):
            fell = next((e for e in step.events if isinstance(e, CastleCaptured) and e.by == state.winner), None)
            if fell is not None:
                place = state.board.territories[fell.territory].name
                return words.won_castles(name, c.seat_name(fell.seat), place, state.turn)
        return words.won_castles_held(name, state.turn)

    def out_text(self, c: Controller, eliminated: Eliminated, events: tuple[Event, ...], whose: str) -> str | None:
        """A player is out when its castle falls, however much else it holds: say so."""
        fell = next((e for e in events if isinstance(e, CastleCaptured) and e.seat == eliminated.seat), None)
        if fell is None:
            return None
        return words.out_castle(c.seat_name(fell.by), whose, c.state.board.territories[fell.territory].name)

    def income_text(self, c: Controller) -> str | None:
        state = c.state
        extra = castle_state(state)
        if extra is None:
            return None
        seat = state.current
        if state.phase is Phase.REINFORCE and extra.track:
            return (f"Reinforcement card: {armies_text(state.reserve[seat])} to place (space {extra.track} of the "
                    "track).")
        if state.phase is SPOILS:
            armies, empires, independents, chips = castle_flow(state).spoils(state, seat)
            family = settings_of(state)
            parts = [(plural(chips, "castle chip", "castle chips"), chips * family.spoils_per_chip)]
            if empires:
                parts.append((plural(empires, "empire", "empires"), empires * family.spoils_per_empire))
            if independents:
                parts.append(("every independent territory", family.spoils_all_independents))
            return breakdown_text("Spoils", armies, parts)
        return ""

    def hand_html(self, c: Controller, seat: int) -> str | None:
        return hand_html(c, seat)

    def sets_html(self, c: Controller, seat: int, enabled: bool) -> str | None:
        playing = c.ui.record.replay is None and c.is_human(c.state.current)
        return hidden_and_orders_html(c, seat, playing)

    def set_value_text(self, c: Controller) -> str | None:
        state = c.state
        nxt = track_next(state)
        return (f"A Reinforcement card gives {armies_text(nxt)} now." if nxt else "The Reinforcement track is full.")

    def dice_reasons(self, c: Controller, source: int, target: int) -> list[str]:
        state = c.state
        extra = castle_state(state)
        if extra is None:
            return []
        defender = state.owner[target]
        reasons = []
        if target in extra.castles:
            reasons.append(f"{c.seat_name(defender)}'s castle (at most {settings_of(state).castle_attack_dice} "
                           "attack dice)")
        if extra.general >= 0:
            reasons.append("your General (+1 on your highest die, lost when the defender wins a top pair)")
        if 0 <= defender < len(extra.marshalls) and extra.marshalls[defender] >= 0:
            reasons.append(f"{c.seat_name(defender)}'s Marshall in play (+1 on their highest die, lost when "
                           "you beat it)")
        return reasons

    def chosen_battle(self, c: Controller) -> tuple[int, int, int, bool] | None:
        state, ui = c.state, c.ui
        if castle_state(state) is None or ui.sailing < 0 or ui.selected < 0 or ui.target < 0:
            return None
        if state.phase is not Phase.ATTACK or ui.handoff >= 0:
            return None
        most = state.armies[ui.selected] - 1
        load = max(1, min(ui.load, most)) if ui.load > 0 else most
        return ui.selected, ui.target, load, True

    def odds_container(self, c: Controller) -> str:
        return "sea-odds" if c.ui.sailing >= 0 else "odds"

    def html(self, c: Controller, past: GameState | None) -> dict[str, str]:
        return {"castle-board": board_html(c, past), "spy-choices": spy_html(c)}

    def controls(self, c: Controller, covered: bool, playing: bool) -> dict[str, Control]:
        state, ui = c.state, c.ui
        extra = castle_state(state)
        controls: dict[str, Control] = {"panel-castle": Control(hidden=extra is None)}
        warning = castle_warning(c) if playing else ""
        controls["warning"] = Control(text=warning, hidden=not warning)
        spying = state.phase is SPY_LOOK and not covered and playing and extra is not None and ui.viewer == extra.spier
        controls["panel-spy"] = Control(hidden=not spying)
        controls["spy-dialog"] = Control(hidden=not spying or ui.spy_closed)  # a modal <dialog>
        sailing = state.phase is Phase.ATTACK and ui.sailing >= 0 and not covered and playing
        controls["panel-sea"] = Control(hidden=not sailing)
        if sailing:
            controls["panel-attack"] = Control(hidden=True)
            controls["panel-move"] = Control(hidden=True)
            battle = self.chosen_battle(c)
            if battle is None:
                summary = ("Choose one of your coasts to sail from." if ui.selected < 0
                           else f"From {c.territory_name(ui.selected)}: choose the enemy coast to attack.")
                controls["sea-load"] = Control(value="1", disabled=True)
            else:
                source, target, load, _ = battle
                summary = (f"Admiral: {armies_text(load)} from {c.territory_name(source)} attack "
                           f"{c.territory_name(target)} ({armies_text(state.armies[target])}) by sea, to the end: "
                           "won, they all land and the Admiral comes back; lost, they and the Admiral are lost.")
                controls["sea-load"] = Control(value=str(load), minimum="1",
                                               maximum=str(state.armies[source] - 1), disabled=False)
            controls["sea-summary"] = Control(text=summary)
            controls["sea-attack"] = Control(disabled=battle is None)
        if extra is not None and state.phase is SPOILS:
            placing = not covered
            controls["panel-place"] = Control(hidden=not placing)
            if placing:
                reserve = state.reserve[state.current]
                controls["place-summary"] = Control(text=f"{armies_text(reserve)} of spoils to place: click or "
                                                         "press Enter on your territories.")
                for amount in ("1", "5", "all"):
                    controls[f"amount-{amount}"] = Control(pressed=ui.amount == amount)
                controls["amount-number"] = Control(value=str(ui.number), maximum=str(max(1, reserve)))
                text = self.income_text(c) or ""
                controls["income"] = Control(text=text, hidden=not text)
        return controls

    def key_controls(self, c: Controller, keys: tuple[str, ...]) -> tuple[str, ...]:
        """The spoils' amounts, the Spy's look, the sea attack; the person cards first while they can be played
        (before the first attack)."""
        state, ui = c.state, c.ui
        extra = castle_state(state)
        if extra is None:
            return keys
        if state.phase in (SPOILS, Phase.REINFORCE):  # under the hand: the standing orders, no sets to trade
            return ("amounts",)
        if state.phase is SPY_LOOK:
            return ("panel-spy",)
        if state.phase is Phase.ATTACK and ui.sailing >= 0:
            return ("panel-sea", "end-turn")
        if state.phase is Phase.ATTACK and ui.selected < 0 and not extra.attacked and state.hands[state.current]:
            return ("hand", *keys)
        return keys

    def marks(self, event: Event) -> dict[int, str]:
        match event:
            case CastlePlaced(territory=where) | HiddenArmyRevealed(territory=where):
                return {where: "target"}
            case SeaAttackMade(source=source, target=target):
                return {source: "selected", target: "target"}
        return {}

    def odds_battle(self, c: Controller, source: int, target: int, attackers: int, stop_at: int) -> Battle | None:
        """The battle the odds panel works out: the castle cap in the dice, a General and a Marshall in play
        followed until they are lost (a Marshall still in the defender's hand is a secret: not counted)."""
        state = c.state
        extra = castle_state(state)
        if extra is None:
            return None
        model = castle_flow(state).battle_model(state, source, target)
        defender = state.owner[target]
        general = extra.general >= 0
        marshall = 0 <= defender < len(extra.marshalls) and extra.marshalls[defender] >= 0
        plain = model.with_plus(0, 0) if (general or marshall) else model
        return Battle(attackers, state.armies[target], stop_at, model=plain, general=general, marshall=marshall)


UI = CastleUi()

