"""The Revised edition (2008) on the page: its board, its steps and its words.

What the classic page does not have: the capitals, cities and airfields on the map (:func:`sites`, each
drawn with its own shape and named for a screen reader); the objectives board (:func:`objectives_html`:
the eight objectives, each with its reward and who holds what, and what the player to move meets now);
the capital step of the setup; the star-trade picker (:func:`trades_html`: the trades the hand allows,
each with its stars and armies); the claim step after attacking (:func:`claim_html`, with the Airfield's
territory chosen on the map or in a list); and the dice modifiers the odds panel counts
(:func:`dice_reasons`). The engine decides everything (:class:`~risk.rules.revised.flow.RevisedFlow`:
``claimable``, ``objective_gap``, ``list_trades``, ``star_value``, ``battle_model``); this module only
words it. Pure, like the view: every function returns text, HTML or controls.
"""

from __future__ import annotations

from html import escape

from risk.actions import every_action
from risk.deck import deck_for
from risk.events import Event
from risk.flow import flow_for
from risk.rules.revised import OBJECTIVES, REWARDS, RevisedSettings
from risk.rules.revised.actions import TradeStars
from risk.rules.revised.events import CapitalPlaced, ObjectiveClaimed, StarsTraded
from risk.rules.revised.flow import CAPITAL, RevisedFlow
from risk.rules.revised.state import RevisedState
from risk.state import GameState, Phase
from risk_ui import words
from risk_ui.controller import Controller
from risk_ui.edition_ui import EditionUi, Site
from risk_ui.help_text import TERMS, term_html
from risk_ui.palette import CITY_HEX, mark_svg, site_svg
from risk_ui.screen import Control
from risk_ui.words import armies_text, plural

TIERS = ("Minor", "Major")


def revised_state(state: GameState) -> RevisedState | None:
    """The edition's part of a state, or None in a game of another edition."""
    extra = state.ext
    return extra if isinstance(extra, RevisedState) else None


def revised_flow(state: GameState) -> RevisedFlow | None:
    """The edition's flow, or None in a game of another edition."""
    flow = flow_for(state.rules)
    return flow if isinstance(flow, RevisedFlow) else None


def settings_of(state: GameState) -> RevisedSettings:
    """The edition's numbers (its options applied)."""
    family = state.rules.family
    assert isinstance(family, RevisedSettings)
    return family


def tier_of(extra: RevisedState, slot: int) -> str:
    """ "Minor" or "Major": the first half of the slots holds the Minor objectives."""
    return TIERS[slot >= len(extra.objectives) // 2]


def reward_name(extra: RevisedState, slot: int) -> str:
    """The name of the reward on a slot ("" without rewards)."""
    return REWARDS[extra.rewards[slot]][1] if extra.rewards else ""


# ------------------------------------------------------------------------------------------------
# The map


def sites(state: GameState) -> dict[int, list[tuple[str, int]]]:
    """What stands on each territory: ``(site, seat)`` pairs, ``site`` one of "city" (seat -1), "capital"
    (the seat whose capital it is) and "airfield" (the seat enjoying it). Empty outside the edition."""
    extra = revised_state(state)
    found: dict[int, list[tuple[str, int]]] = {}
    if extra is None:
        return found
    for t in extra.cities:
        found.setdefault(t, []).append(("city", -1))
    for seat, t in enumerate(extra.capitals):
        if t >= 0:
            found.setdefault(t, []).append(("capital", seat))
    for slot, t in enumerate(extra.airfields):
        if t >= 0:
            found.setdefault(t, []).append(("airfield", extra.rewarded[slot]))
    return found


def site_words(controller: Controller, site: str, seat: int) -> str:
    """A site as the territory's aria-label says it: "city", "Blue's capital", "Red's airfield"."""
    if site == "city":
        return "city"
    return f"{controller.seat_name(seat)}'s {site}"


def site_fill(controller: Controller, site: str, seat: int) -> str:
    """The colour a site is drawn in: cities dark grey, capitals and airfields in their seat's colour."""
    return CITY_HEX if site == "city" else controller.seat_colour(seat).hex


def income_extras(controller: Controller, seat: int) -> list[tuple[str, int]]:
    """What the edition adds to a draft beyond territories and continents, for the breakdown: one per
    capital held, and the 2 Troops reward (the cities count with the territories, divided by 3)."""
    state = controller.state
    extra = revised_state(state)
    if extra is None:
        return []
    found = []
    capitals = sum(1 for t in extra.capitals if t >= 0 and state.owner[t] == seat)
    if capitals:
        found.append((plural(capitals, "capital", "capitals"), capitals))
    if extra.has_reward(seat, "two-troops"):
        found.append(("2 Troops reward", 2))
    return found


# ------------------------------------------------------------------------------------------------
# Words for the status line, the players and the winner


def status(controller: Controller) -> str | None:
    """The status line in the edition's own steps (None: the classic line fits)."""
    state, ui = controller.state, controller.ui
    extra = revised_state(state)
    if extra is None:
        return None
    name = controller.seat_name(state.current)
    if state.phase is CAPITAL:
        return (f"{name}: place your capital, with its first army, on an empty territory "
                f"({armies_text(state.reserve[state.current])} left to place).")
    if state.phase is Phase.ATTACK and ui.airfield_slot >= 0:
        objective = OBJECTIVES[extra.objectives[ui.airfield_slot]][1]
        return f"{name}: choose one of your territories for the Airfield of “{objective}”."
    flow = revised_flow(state)
    if (flow is not None and state.phase in (Phase.ATTACK, Phase.FORTIFY) and settings_of(state).win_at_end_of_turn
            and flow.meets_goal(state, state.current)):
        return words.goal_met_this_turn(name)  # 000_… §6: the win comes at the end of the turn
    return None


def player_facts(controller: Controller, state: GameState, seat: int) -> str:
    """What the players panel says of a seat on a line of its own: its capital (and who holds it) and its
    objectives ("" outside the edition)."""
    extra = revised_state(state)
    if extra is None or seat >= len(extra.capitals):
        return ""
    parts = []
    capital = extra.capitals[seat]
    if capital >= 0:
        where = state.board.territories[capital].name
        holder = state.owner[capital]
        held = "" if holder == seat else f", held by {controller.seat_name(holder)}"
        parts.append(f"capital {where}{held}")
    goal = settings_of(state).goal
    count = extra.objectives_of(seat)
    if settings_of(state).world_conquest:
        parts.append(plural(count, "objective", "objectives"))
    else:
        parts.append(f"{count} of {goal} objectives")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def winner_text(controller: Controller) -> str | None:
    """How the winner won, in a Revised game (None: another edition)."""
    state = controller.state
    extra = revised_state(state)
    if extra is None or state.winner < 0:
        return None
    name = controller.seat_name(state.winner)
    alive = [p for p in range(state.players) if state.alive[p]]
    if alive == [state.winner]:  # no neutral in this edition: the last one standing holds every territory
        return words.won_the_world(name, state.turn)
    capital = state.board.territories[extra.capitals[state.winner]].name
    return words.won_objectives(name, extra.objectives_of(state.winner), settings_of(state).goal, capital, state.turn)


def goal_text(state: GameState) -> str:
    """How the game is won, for the top of the objectives board."""
    family = settings_of(state)
    if family.world_conquest:
        rewards = "earn their rewards" if family.rewards else "count for nothing but the glory"
        return f"World Conquest: the last player standing wins. Objectives still {rewards}."
    text = f"Win with {family.goal} objectives while holding your own capital."
    if family.win_at_end_of_turn:
        text += " The win comes at the end of your turn."
    if not family.rewards:
        text += " Basic Training: objectives carry no rewards."
    return text


# ------------------------------------------------------------------------------------------------
# The objectives board


def _holder_html(controller: Controller, seat: int) -> str:
    return (f'<span class="holder">{mark_svg(controller.seat_colour(seat), 14)}'
            f"{escape(controller.seat_name(seat))}</span>")


def person_at_device(controller: Controller, state: GameState) -> int:
    """Whom the objectives board speaks to: the player to move when a person plays it, else the person who
    last had the device (one against bots: that one), else nobody (-1: only bots play)."""
    if controller.is_human(state.current):
        return state.current
    viewer = controller.ui.viewer
    return viewer if controller.is_human(viewer) and 0 <= viewer < state.players and state.alive[viewer] else -1


def objectives_html(controller: Controller, state: GameState | None = None) -> str:
    """The objectives board: for each of the eight objectives (Minor, then Major) its reward, who holds
    it, and whether the person at the device meets it now (or what they lack; never a bot's). ``state``: the
    moment to show (a replay's), else the live one."""
    state = state or controller.state
    extra = revised_state(state)
    flow = revised_flow(state)
    if extra is None or flow is None:
        return ""
    seat = person_at_device(controller, state)
    live = not state.phase.setup and state.phase is not Phase.OVER and 0 <= seat < state.players
    mover = controller.seat_name(seat)
    # What may be claimed now: only on the person's own turn (a bot's claims are its own business).
    claimable = set(flow.claimable(state)) if live and seat == state.current else set()
    parts = [f'<p class="objectives-goal">{escape(goal_text(state))}</p>']
    half = len(extra.objectives) // 2
    for tier, slots in ((TIERS[0], range(half)), (TIERS[1], range(half, len(extra.objectives)))):
        items = []
        for slot in slots:
            objective = extra.objectives[slot]
            title = OBJECTIVES[objective][1]
            holder, rewarded = extra.holders[slot], extra.rewarded[slot]
            reward = reward_name(extra, slot)
            facts = []
            if reward:
                where = extra.airfields[slot]
                text = f"Reward: {reward}"
                if rewarded >= 0 and where >= 0:
                    text += f" ({controller.seat_name(rewarded)}'s, on {state.board.territories[where].name})"
                elif holder >= 0 and rewarded < 0:
                    text += " (lost when its claimer was eliminated)"
                facts.append(f'<span class="reward">{escape(text)}</span>{term_html(reward)}')
            meets = ""
            if holder >= 0:
                facts.append(f'<span class="held">Held by {_holder_html(controller, holder)}</span>')
            elif live:
                gap = flow.objective_gap(state, objective, seat)
                if not gap:
                    now = " and may claim it now" if slot in claimable else ""
                    meets = "true"
                    facts.append(f'<span class="meets">✓ {escape(mover)} meets it now{escape(now)}</span>')
                else:
                    meets = "false"
                    facts.append(f'<span class="gap">{escape(mover)}: {escape(gap)}</span>')
            else:
                facts.append('<span class="open">On the board</span>')
            data = f' data-holder="{holder if holder >= 0 else ""}"' + (f' data-meets="{meets}"' if meets else "")
            items.append(f'<li class="objective{" held" if holder >= 0 else ""}" data-slot="{slot}"{data}>'
                         f'<span class="objective-title">{escape(title)}</span>{"".join(facts)}</li>')
        parts.append(f'<h3>{tier}</h3><ol class="objectives-list">{"".join(items)}</ol>')
    parts.append(legend_html())
    return "".join(parts)


def legend_html() -> str:
    """What the shapes on the map mean."""
    entries = (("capital", "#FFFFFF", "Capital (in its player's colour)"), ("city", CITY_HEX, "City"),
               ("airfield", "#FFFFFF", "Airfield (in its player's colour)"))
    items = "".join(f"<li>{site_svg(site, fill)}{escape(text)}</li>" for site, fill, text in entries)
    return f'<ul class="site-legend" aria-label="Map symbols">{items}</ul>'


# ------------------------------------------------------------------------------------------------
# Cards and star trades


def stars_text(state: GameState) -> str:
    """The trade table in a sentence, and whether a trade is still open this turn."""
    flow = revised_flow(state)
    extra = revised_state(state)
    if flow is None or extra is None:
        return ""
    table = ", ".join(f"{stars}★ {flow.star_value(state.rules, stars)}"
                      for stars in range(2, 2 + len(settings_of(state).star_values)))
    done = " You have traded this turn." if extra.traded and state.phase is Phase.REINFORCE else ""
    return f"Trade 2 to 10 stars once a turn, while placing armies: {table} armies.{done}"


def hand_stars(state: GameState, seat: int) -> int:
    """The stars in a seat's hand."""
    stars = deck_for(state.rules).stars
    return sum(stars[c] for c in state.hands[seat])


def trades_html(controller: Controller, enabled: bool) -> str:
    """The star-trade picker: one button per trade the hand allows (the engine's ``list_trades``: each
    number of one-star and two-star cards worth 2 to 10 stars), with its cards, stars and armies; the
    richest first."""
    state = controller.state
    flow = revised_flow(state)
    if flow is None:
        return ""
    deck = deck_for(state.rules)
    trades = [a for a in every_action(flow.list_trades(state)) if isinstance(a, TradeStars)]
    rows = []
    for action in trades:
        stars = sum(deck.stars[c] for c in action.cards)
        rows.append((flow.star_value(state.rules, stars), -len(action.cards), stars, action))
    rows.sort(key=lambda row: (-row[0], -row[1]))
    disabled = "" if enabled else " disabled"
    buttons = []
    for armies, _, stars, action in rows:
        names = ", ".join(deck.label(c, state.board).split(" (")[0] for c in action.cards)
        arg = "-".join(str(c) for c in action.cards)
        buttons.append(
            f'<button type="button" class="trade" data-action="stars" data-arg="{arg}" data-stars="{stars}" '
            f'data-armies="{armies}"{disabled}>Trade {plural(len(action.cards), "card", "cards")}, '
            f'{plural(stars, "star", "stars")}, for {armies_text(armies)} <small>({escape(names)})</small></button>')
    return "".join(buttons)


# ------------------------------------------------------------------------------------------------
# Claiming an objective


def claim_html(controller: Controller) -> str:
    """The claim step: a button for each objective the player to move meets now (claiming one ends the
    attacks and replaces this turn's card); while an Airfield waits for its place, what to do."""
    state, ui = controller.state, controller.ui
    flow = revised_flow(state)
    extra = revised_state(state)
    if flow is None or extra is None:
        return ""
    if ui.airfield_slot >= 0:
        title = OBJECTIVES[extra.objectives[ui.airfield_slot]][1]
        return (f'<p>Claiming “{escape(title)}”: its reward is an Airfield, +1 on your highest die when you '
                "attack from or defend its territory or a neighbour. Click one of your territories on the map, "
                "or choose it here.</p>")
    buttons = []
    for slot in flow.claimable(state):
        title = OBJECTIVES[extra.objectives[slot]][1]
        reward = reward_name(extra, slot)
        more = "…" if flow.airfield_reward(state, slot) else ""
        text = f"Claim “{title}”" + (f" (reward: {reward}){more}" if reward else "")
        said = TERMS.get(reward, "")  # what the reward does, on the button's tooltip
        tip = f' title="{escape(said)}"' if said else ""
        buttons.append(f'<button type="button" data-action="objective" data-arg="{slot}"{tip}>{escape(text)}</button>')
    return "".join(buttons)


def airfield_options_html(controller: Controller) -> str:
    """The list of the player's territories for the Airfield (the one chosen selected)."""
    state, ui = controller.state, controller.ui
    seat = state.current
    options = ['<option value="-1">Choose a territory…</option>']
    for t, who in enumerate(state.owner):
        if who == seat:
            selected = " selected" if t == ui.airfield_where else ""
            options.append(f'<option value="{t}"{selected}>{escape(state.board.territories[t].name)}</option>')
    return "".join(options)


# ------------------------------------------------------------------------------------------------
# The odds panel


def dice_reasons(controller: Controller, source: int, target: int) -> list[str]:
    """Why the dice of an attack from ``source`` on ``target`` are not thrown plain: the rewards that
    count, with whose they are ([] when none does)."""
    state = controller.state
    flow, extra = revised_flow(state), revised_state(state)
    if flow is None or extra is None or not extra.rewards:
        return []
    attacker, defender = state.owner[source], state.owner[target]
    you, them = "your", f"{controller.seat_name(defender)}'s"
    reasons = []
    if extra.has_reward(attacker, "attack-die"):
        reasons.append(f"{you} Attack Die (one more die thrown, the lowest dropped)")
    if extra.has_reward(defender, "defense-die"):
        reasons.append(f"{them} Defense Die (one more die thrown, the lowest dropped)")
    if flow.airfield_covers(state, attacker, source):
        reasons.append(f"{you} Airfield (+1 on your highest die)")
    if flow.airfield_covers(state, defender, target):
        reasons.append(f"{them} Airfield (+1 on their highest die)")
    return reasons


# ------------------------------------------------------------------------------------------------
# The controls


def controls(controller: Controller, covered: bool, playing: bool) -> dict[str, Control]:
    """The edition's panels: the objectives board (in a Revised game), the claim step and the Airfield's
    list (for the person to move, when it meets an objective), the Starting Maneuver's button.
    ``covered``: the hand-off screen shows; ``playing``: a person may act now (no bot, no replay)."""
    state, ui = controller.state, controller.ui
    flow, extra = revised_flow(state), revised_state(state)
    c: dict[str, Control] = {"panel-objectives": Control(hidden=extra is None)}
    if flow is None or extra is None:
        c.update({"panel-claim": Control(hidden=True), "starting-move": Control(hidden=True)})
        return c
    attacking = state.phase is Phase.ATTACK and not covered and playing
    claimable = flow.claimable(state) if attacking else []
    choosing = attacking and ui.airfield_slot >= 0
    c["panel-claim"] = Control(hidden=not (claimable or choosing))
    c["airfield-chooser"] = Control(hidden=not choosing)
    c["claim-note"] = Control(hidden=choosing, text="You meet these objectives now. Claiming one ends your "
                              "attacks, and takes the place of this turn's card.")
    if choosing:
        c["airfield-place"] = Control(disabled=ui.airfield_where < 0)
    c["starting-move"] = Control(hidden=not (attacking and flow.can_start_maneuver(state)))
    return c


# ------------------------------------------------------------------------------------------------
# The edition's part of the page


class RevisedUi(EditionUi):
    """The Revised edition on the page (:class:`~risk_ui.edition_ui.EditionUi`)."""

    edition = "revised"
    panels = ("panel-objectives", "panel-claim", "starting-move")
    action_panels = ("panel-claim",)
    containers = ("objectives", "claim-choices", "airfield-where")

    def status(self, c: Controller) -> str | None:
        return status(c)

    def highlights(self, c: Controller) -> dict[int, set[str]] | None:
        state, ui = c.state, c.ui
        seat = state.current
        if state.phase is Phase.ATTACK and ui.airfield_slot >= 0:  # where the Airfield may go: any of theirs
            return {t: {"active"} for t, o in enumerate(state.owner) if o == seat}
        if state.phase is CAPITAL:
            return {t: {"active"} for t, o in enumerate(state.owner) if o < 0}
        return None

    def sites(self, c: Controller, state: GameState) -> dict[int, list[Site]]:
        return {t: [(site, site_fill(c, site, who), site_words(c, site, who)) for site, who in here]
                for t, here in sites(state).items()}

    def player_facts(self, c: Controller, state: GameState, seat: int) -> str:
        return player_facts(c, state, seat)

    def winner_text(self, c: Controller) -> str | None:
        return winner_text(c)

    def income_extras(self, c: Controller, seat: int) -> list[tuple[str, int]]:
        return income_extras(c, seat)

    def income_held(self, c: Controller, seat: int) -> str | None:
        extra = revised_state(c.state)
        if extra is None:
            return None
        owner = c.state.owner
        cities = sum(1 for t in extra.cities if owner[t] == seat)
        held = plural(owner.count(seat), "territory", "territories")
        return f"{held} and {plural(cities, 'city', 'cities')}" if cities else held

    def traded_armies(self, event: Event, seat: int) -> int:
        return event.armies if isinstance(event, StarsTraded) and event.seat == seat else 0

    def hand_html(self, c: Controller, seat: int) -> str | None:
        return None  # the classic list, with each card's stars (the deck has stars)

    def sets_html(self, c: Controller, seat: int, enabled: bool) -> str | None:
        return trades_html(c, enabled)

    def set_value_text(self, c: Controller) -> str | None:
        return stars_text(c.state)

    def dice_reasons(self, c: Controller, source: int, target: int) -> list[str]:
        return dice_reasons(c, source, target)

    def html(self, c: Controller, past: GameState | None) -> dict[str, str]:
        return {"objectives": objectives_html(c, past), "claim-choices": claim_html(c),
                "airfield-where": airfield_options_html(c) if c.ui.airfield_slot >= 0 else ""}

    def controls(self, c: Controller, covered: bool, playing: bool) -> dict[str, Control]:
        return controls(c, covered, playing)

    def key_controls(self, c: Controller, keys: tuple[str, ...]) -> tuple[str, ...]:
        """An objective to claim (or the Airfield's place) first: claiming ends the attacks."""
        return ("panel-claim", *keys)

    def marks(self, event: Event) -> dict[int, str]:
        match event:
            case CapitalPlaced(territory=where):
                return {where: "target"}
            case ObjectiveClaimed(airfield=where) if where >= 0:
                return {where: "target"}
        return {}


UI = RevisedUi()
