"""The page's controller: clicks, keys and buttons in; engine actions and UI state changes out.

One :class:`Controller` owns the :class:`~risk.game.Game` and the :class:`UiState` (what is selected,
the amounts chosen, the message, whose eyes are on the screen). It never touches the page: the DOM
module calls its methods and then draws ``view.render(controller)``. Every action goes through
``Game.play``, so the engine decides what is legal and its message is what the player reads.

>>> c = Controller.new(DEFAULT_SETTINGS, seed=3)
>>> c.game.state.phase.name, c.ui.handoff == c.game.state.current
('REINFORCE', True)
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

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
from risk.board import MissingBoard, load_board
from risk.codec import clean_name, name_shows
from risk.dice import DiceModel
from risk.engine import check, legal_actions, occupy_range
from risk.events import BattleFought, Captured, Event, Revealing
from risk.flow import flow_for
from risk.game import HUMAN, Game, Seat
from risk.rules import EDITIONS, OPTIONS, Rules, make_rules
from risk.state import GameState, Phase
from risk_ui import new_world, record_state
from risk_ui.coach import Coach
from risk_ui.edition_actions import CLASSIC, EditionActions
from risk_ui.palette import NEUTRAL, PALETTE, Colour
from risk_ui.record_state import RecordUi
from risk_ui.words import (
    END_TURN_CONFIRM,
    HEADQUARTERS_FOR_TWO,
    WORLD_OFFLINE,
    Unfetchable,
    armies_text,
    bad_world_seed,
    board_unknown,
    error_text,
    name_shows_nothing,
    own_board_only,
    welcome_move_text,
)

AMOUNTS = ("1", "5", "all", "number")
MAX_SEATS = 6  # rows of the new-game dialog: the most players any edition seats
SETUP_OPTION = "auto-setup"  # offered as "manual or automatic setup", not among the other options
# Phases in which nothing secret is on screen, so the device passes round without a hand-off screen
# (headquarters are chosen in secret: that step hands the device over); an edition adds its own
# (``EditionActions.shared_phases``: the Revised capitals, Castle Risk's castles).
SHARED_PHASES = (Phase.CLAIM, Phase.SETUP)
# What each edition's clicks and buttons do beyond the classic game's (the seam for editions): the module and
# class, imported when a game of the edition is first on the table (the page fetches editions' code then).
EDITION_ACTIONS_AT = {"revised": "risk_ui.revised_actions:RevisedActions",
                      "castle": "risk_ui.castle_actions:CastleActions"}
_EDITION_ACTIONS: dict[str, EditionActions] = {}


def edition_actions(edition: str) -> EditionActions:
    """The clicks and buttons edition ``edition`` adds (CLASSIC: none), made once."""
    where = EDITION_ACTIONS_AT.get(edition)
    if where is None:
        return CLASSIC
    if edition not in _EDITION_ACTIONS:
        module, _, name = where.partition(":")
        _EDITION_ACTIONS[edition] = getattr(importlib.import_module(module), name)()
    return _EDITION_ACTIONS[edition]
ARROWS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}
# Options of which a game takes at most one: the dialog offers each group as one radio choice (with "off").
# The shorter headquarters goal is a headquarters game, so ticking both would say one thing twice.
EXCLUSIVE_OPTIONS = {"headquarters": ("headquarters", "headquarters-short")}
SHORT_HEADQUARTERS = "headquarters-short"
SHORT_HEADQUARTERS_PLAYERS = 4  # fewer players must capture every opposing headquarters anyway
HEADQUARTERS_PLAYERS = 3  # with two, one capture of one territory decides (docs/rules.md)
# Options that each make sense alone but not together, with the reason the dialog gives.
CONFLICTING_OPTIONS = {
    ("basic-training", "world-conquest"): (
        "Basic Training plays the objectives without their rewards, and World Conquest does not count "
        "objectives towards the win: together the objectives would do nothing. Choose one of them"),
}


@dataclass(frozen=True)
class NewGameSettings:
    """What the new-game dialog chooses: the seats, the edition and its options, and the board (a reference,
    docs/boards.md; "": the edition's own)."""

    seats: tuple[Seat, ...]
    edition: str = "classic"
    options: tuple[str, ...] = (SETUP_OPTION,)
    board: str = ""

    def rules_options(self) -> tuple[str, ...]:
        """The options in canonical order (as ``make_rules`` sorts them)."""
        return tuple(sorted(set(self.options)))

    def rules(self) -> Rules:
        """The rules of the game these settings start: the edition's with the options, on the board chosen."""
        rules = make_rules(self.edition, self.rules_options())
        return replace(rules, map=self.board) if self.board else rules


# The boards kept in this browser that a new game may be played on, as (reference, name): none unless the page
# injects its own (Controller.kept_boards).
KeptBoards = Callable[[], "Sequence[tuple[str, str]]"]


def no_kept_boards() -> Sequence[tuple[str, str]]:
    """A page that keeps no boards."""
    return ()


@dataclass
class BoardChoice:
    """The new-game dialog's board: the edition's own (``new_world.OWN``), a new world (``new_world.WORLD``) or a
    kept board's reference; and the new world's seed (-1: none drawn yet), size and continents (0: as the seed
    gives)."""

    board: str = ""
    seed: int = -1
    size: str = "medium"
    continents: int = 0

    def world(self) -> str:
        """The reference of the new world chosen ("" before a seed is drawn, or for options that name none)."""
        if self.seed < 0:
            return ""
        try:
            return new_world.world_reference(self.seed, self.size, self.continents)
        except ValueError:
            return ""


DEFAULT_SETTINGS = NewGameSettings(
    seats=tuple(Seat(PALETTE[i].name, i) for i in range(3)), edition="classic", options=(SETUP_OPTION,))
# The first screen's one-tap games: against the computer (one person, two normal bots) and pass-and-play.
QUICK_BOT_LEVEL = "normal"
QUICK_GAMES = {
    "computer": NewGameSettings(
        seats=(Seat(PALETTE[0].name, 0), *(Seat(PALETTE[i].name, i, QUICK_BOT_LEVEL) for i in (1, 2))),
        edition="classic", options=(SETUP_OPTION,)),
    "people": DEFAULT_SETTINGS,
}
# The first screen's pages: the menu, how to play (a few steps), the rules, the keys, the maps kept here.
HOME_PAGES = ("menu", "learn", "rules", "keys", "maps")


def board_known(ref: str) -> bool:
    """Whether the engine knows board ``ref``: every board it knows has a drawing (a shipped board's on the
    site, any other drawn from its board file), so the page can draw a game on it. The page names no board."""
    try:
        load_board(ref)
    except ValueError:
        return False
    return True


def _off_its_board(rules: Rules) -> bool:
    """Whether these rules put an edition whose rules need its own board on another one."""
    edition = EDITIONS.get(rules.edition)
    return edition is not None and rules.map != edition.rules.map and not edition.any_board


def page_can_show(rules: Rules) -> bool:
    """Whether this page can draw a game of these rules: an edition on another board is not offered, and a
    link to a game on one is refused with a message; so is an edition whose rules need its own board on
    another board (``Edition.any_board``), and a game with an option the page does not offer yet
    (``Option.page``: secret missions, which it cannot show their owner)."""
    return not _off_its_board(rules) and board_known(rules.map) and not _options_not_shown(rules)


def _options_not_shown(rules: Rules) -> list[str]:
    return [OPTIONS[o].title for o in rules.options if o in OPTIONS and not OPTIONS[o].page]


def not_shown_message(rules: Rules) -> str:
    """What the player reads when a game of rules this page cannot draw is opened."""
    title = EDITIONS[rules.edition].title if rules.edition in EDITIONS else rules.edition
    if _off_its_board(rules):
        return f"This game cannot be shown: {own_board_only(title)}."
    hidden = _options_not_shown(rules)
    if hidden:
        title += " with " + " and ".join(f"\u201c{name}\u201d" for name in hidden)
    return f"This is a game of {title}, which this version of the page cannot show yet."


def edition_any_board(edition: str) -> bool:
    """Whether a game of ``edition`` may be played on another board than its own (the engine's descriptor says).

    >>> edition_any_board("classic"), edition_any_board("castle")
    (True, False)
    """
    return edition in EDITIONS and EDITIONS[edition].any_board


def parse_board(form: Mapping[str, object], edition: str) -> str:
    """The board the new-game form chooses, as the reference a game carries ("": the edition's own).

    Keys: ``board``: "" (the edition's own), ``new_world.WORLD`` (a new world, from ``world-seed``,
    ``world-size`` and ``world-continents``, "" or 0: as the seed gives) or a board reference that the engine
    knows (docs/boards.md). ``ValueError`` says what is wrong."""
    choice = str(form.get("board") or "")
    if not choice:
        return ""
    title = EDITIONS[edition].title
    if not edition_any_board(edition):
        raise ValueError(own_board_only(title))
    if choice == new_world.WORLD:
        seed_text = str(form.get("world-seed", "")).strip()
        if not seed_text.isdigit() or int(seed_text) > new_world.MAX_SEED:
            raise ValueError(bad_world_seed(new_world.MAX_SEED))
        continents = str(form.get("world-continents") or "0")
        choice = new_world.world_reference(int(seed_text), str(form.get("world-size") or "medium"),
                                           int(continents) if continents.isdigit() else -1)
    try:
        load_board(choice)
    except MissingBoard:
        raise ValueError(board_unknown(choice)) from None
    except ValueError as error:
        raise ValueError(f"{board_unknown(choice)} ({error})") from None
    return "" if choice == EDITIONS[edition].rules.map else choice


def parse_settings(form: Mapping[str, object]) -> NewGameSettings:
    """Read the new-game form (plain strings and lists) into settings; ``ValueError`` says what is wrong.

    Keys: ``count``; ``name-<i>``, ``colour-<i>``, ``controller-<i>`` per seat; ``edition``; ``setup``
    ("auto" or "manual"); ``options`` (a list of option names); the board (:func:`parse_board`).

    >>> parse_settings({"count": "2", "name-0": "Ann", "colour-0": "1", "name-1": "", "colour-1": "0",
    ...                 "edition": "classic", "setup": "manual", "options": []}).seats[1].name
    'Red'
    """
    edition = str(form.get("edition") or "classic")
    if edition not in EDITIONS or not page_can_show(EDITIONS[edition].rules):
        raise ValueError(f"unknown edition {edition!r}")
    rules = EDITIONS[edition].rules
    title = EDITIONS[edition].title
    try:
        count = int(str(form.get("count", "3")))
    except ValueError:
        raise ValueError("choose how many people play") from None
    if not rules.min_players <= count <= rules.max_players:
        raise ValueError(f"{title} is for {rules.min_players} to {rules.max_players} players")
    seats: list[Seat] = []
    for i in range(count):
        try:
            colour = int(str(form.get(f"colour-{i}", i)))
        except ValueError:
            raise ValueError(f"choose a colour for player {i + 1}") from None
        if not 0 <= colour < len(PALETTE):
            raise ValueError(f"choose a colour for player {i + 1}")
        name = clean_name(str(form.get(f"name-{i}", "")))
        if name and not name_shows(name):
            raise ValueError(name_shows_nothing(i + 1))
        name = name or PALETTE[colour].name
        controller = str(form.get(f"controller-{i}") or HUMAN)
        seats.append(Seat(name, colour, controller))
    colours = [s.colour for s in seats]
    if len(set(colours)) != len(colours):
        raise ValueError("each player needs a colour of their own")
    names = [s.name.casefold() for s in seats]
    if len(set(names)) != len(names):
        raise ValueError("each player needs a name of their own")
    raw = form.get("options") or []
    options = [str(o) for o in raw] if isinstance(raw, list | tuple) else [str(raw)]
    for group in EXCLUSIVE_OPTIONS:  # a radio group's choice ("" or absent: off)
        if str(form.get(group) or ""):
            options.append(str(form[group]))
    for name in options:
        if not option_applies(name, edition):
            raise ValueError(f"the option {name!r} does not apply to {title}")
    _check_together(options, count)
    options = [o for o in options if o != SETUP_OPTION]
    if str(form.get("setup", "auto")) == "auto" and option_applies(SETUP_OPTION, edition):
        options.append(SETUP_OPTION)
    make_rules(edition, options)  # raises for a combination the rules refuse
    return NewGameSettings(tuple(seats), edition, tuple(sorted(set(options))), parse_board(form, edition))


def option_applies(name: str, edition: str) -> bool:
    """Whether an option is one of the edition's (the dialog shows only those).

    >>> option_applies("auto-setup", "castle"), option_applies("army-cap", "revised")
    (True, False)
    """
    return name in OPTIONS and OPTIONS[name].page and edition in OPTIONS[name].editions


def players_for(edition: str, people: int) -> int:
    """``people`` brought within the edition's number of players (the dialog's count follows the edition).

    >>> players_for("revised", 6), players_for("revised", 2), players_for("classic", 2)
    (5, 3, 2)
    """
    rules = EDITIONS[edition].rules if edition in EDITIONS else EDITIONS["classic"].rules
    return max(rules.min_players, min(rules.max_players, people))


def _check_together(options: Sequence[str], people: int) -> None:
    """Refuse options that do not go together, saying why."""
    for pair, reason in CONFLICTING_OPTIONS.items():
        if all(o in options for o in pair):
            titles = " and ".join(f"\u201c{OPTIONS[o].title}\u201d" for o in pair)
            raise ValueError(f"{titles} do not go together: {reason}")
    for members in EXCLUSIVE_OPTIONS.values():
        chosen = sorted({o for o in options if o in members})
        if len(chosen) > 1:
            titles = " or ".join(f"\u201c{OPTIONS[o].title}\u201d" for o in chosen)
            raise ValueError(f"choose either {titles}, not both: the shorter goal is already a headquarters game")
    if people < HEADQUARTERS_PLAYERS and any(o in EXCLUSIVE_OPTIONS["headquarters"] for o in options):
        raise ValueError(HEADQUARTERS_FOR_TWO)
    if SHORT_HEADQUARTERS in options and people < SHORT_HEADQUARTERS_PLAYERS:
        raise ValueError(f"the shorter headquarters goal is for {SHORT_HEADQUARTERS_PLAYERS} to 6 players: with "
                         f"{people}, every opposing headquarters must be captured, so choose "
                         f"\u201c{OPTIONS['headquarters'].title}\u201d")


@dataclass(frozen=True)
class BattleReport:
    """The last roll, or the last run of rolls ("attack until won"): dice of the last roll, total losses."""

    source: int
    target: int
    attacker_seat: int
    defender_seat: int
    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    attacker_losses: int
    defender_losses: int
    rolls: int
    captured: bool
    model: DiceModel | None = None  # the dice model of the last roll when it was not plain (bonus dice, +1)


@dataclass
class UiState:
    """Everything the page remembers beside the game. Plain data, owned by the controller."""

    selected: int = -1  # the territory attacked or moved from
    target: int = -1  # the territory attacked or moved to
    amount: str = "1"  # reinforcements per click: one of AMOUNTS
    number: int = 3  # the amount when ``amount == "number"``
    dice: int = 3  # dice to roll (fewer when the territory has too few armies)
    threshold: int = 1  # "attack until won or until N armies are left": N, for the attack chosen (1: until won)
    threshold_turn: tuple[int, int] = (-1, -1)  # (turn, seat) the threshold was set in: it never outlives a turn
    occupy: int = 0  # armies to move in after a capture (0: not chosen, the most)
    move: int = 0  # armies for the free move (0: not chosen, the most)
    notice: str = ""  # the engine's refusal, or a hint; shown in the status region
    error: bool = False  # whether ``notice`` is a refusal
    events: tuple[Event, ...] = ()  # what the last command caused, for the message
    motion: bool = False  # whether the page plays the events' motion (off under reduce motion, and off the page)
    motion_chosen: bool = False  # the person set Motion on or off (kept by the page); else it follows the browser
    motion_skips: int = 0  # bumped by a tap on the map or the key that ends the motion playing (a bot waiting moves on)
    sound: bool = False  # the page's small sounds (a preference, off unless chosen, kept by the page)
    report: BattleReport | None = None
    viewer: int = -1  # the seat who confirmed the hand-off: whose cards may show
    handoff: int = -1  # the seat the device must be passed to, or -1
    dialog_open: bool = False
    dialog_error: str = ""
    dialog_people: int = 3
    dialog_edition: str = "classic"
    dialog_board: BoardChoice = field(default_factory=BoardChoice)  # the dialog's board (kept across games)
    winner_dismissed: bool = False  # the winner's screen was closed to look at the board
    focus: int = -1  # a territory to move keyboard focus to after this command, or -1
    fast: bool = False  # bots move at a quick pace
    skipping: bool = False  # bots move without pause until a person's turn
    bot_error: str = ""  # why the bots stopped (an error in a bot's thinking or move); "" while they run
    bot_restarts: int = 0  # bumped by "Restart the computer players": the bot loop makes fresh bots
    problem: str = ""  # an unexpected error elsewhere (saving, drawing), shown until dismissed
    out_dismissed: bool = False  # the "you are out of the game" screen was closed
    airfield_slot: int = -1  # Revised: the objective being claimed whose Airfield waits for its territory
    airfield_where: int = -1  # Revised: the territory chosen for it in the list (-1: none yet)
    sailing: int = -1  # Castle: the Admiral card of a sea attack being chosen (-1: none)
    load: int = 0  # Castle: the armies it loads (0: not chosen, all but one)
    spy_closed: bool = False  # Castle: the Spy's look was closed (Escape) to look at the map; it opens again
    home: bool = False  # the first screen covers the page (a plain visit, or "Menu")
    home_page: str = "menu"  # which of HOME_PAGES it shows
    learn_step: int = 0  # the step of "How to play" shown
    learn_edition: str = ""  # the edition whose "How to play" shows ("": the game's on the table)
    dialog_preset: str = ""  # how the new-game dialog opens: "" as it was, "people": every seat a person
    finishing: bool = False  # only bots are left and the game is played to its end at once
    high_contrast: bool = False  # the high-contrast look (a preference, kept by the page)
    welcome: bool = False  # a link this browser did not send was opened: its receiver is told what it is
    welcome_from: int = -1  # the seat of the person who sent that link (risk_ui.welcome.sender), or -1
    # The seats claimed on this device: None, every seat (a game made here: pass-and-play); else, in a game that
    # came by a link or a save file, the seats taken here ("I am Cy: show my turn"). The hand-off screen of a
    # person's seat not claimed here first asks whether that person plays on another device (risk_ui.view).
    claimed: frozenset[int] | None = None
    # A person's move gave the turn to a bot: the actions in the game then (the bot waits a moment, and Undo
    # shows, while the game has that many), and how many such offers were made (each one's wait is its own).
    offer: int = -1
    offers: int = 0
    confirm_end: int = -1  # End turn pressed with attacks left: the actions in the game then (a second press ends)
    record: RecordUi = field(default_factory=RecordUi)  # the whole log, the replay, the statistics


@dataclass
class Controller:
    """Turns what the player does into engine actions and UI changes; owns the game and the UI state."""

    game: Game
    ui: UiState = field(default_factory=UiState)
    centres: dict[int, tuple[float, float]] = field(default_factory=dict)  # for arrow-key moves
    coach: Coach = field(default_factory=Coach)  # the guided first turn (kept across games)
    kept_boards: KeptBoards = no_kept_boards  # the boards kept in this browser, offered by the dialog

    @classmethod
    def new(cls, settings: NewGameSettings = DEFAULT_SETTINGS, seed: int = 0) -> Controller:
        """A controller with a freshly started game."""
        controller = cls(Game.start(settings.rules(), settings.seats, seed))
        controller._after_change()
        return controller

    @classmethod
    def from_state(cls, seats: Sequence[Seat], state: GameState, seed: int = 0) -> Controller:
        """A controller for a game that starts from a given position (scenarios, saved games)."""
        controller = cls(Game(state.rules, tuple(seats), seed, state.copy(), state.copy()))
        controller._after_change()
        return controller

    @property
    def state(self) -> GameState:
        """The game's current state."""
        return self.game.state

    @property
    def edition(self) -> EditionActions:
        """What the edition of the game on the table adds to clicks and buttons (nothing for the classic)."""
        return edition_actions(self.state.rules.edition)

    def shared_phase(self) -> bool:
        """Whether the step being played shows nothing secret, so the device passes without a hand-off."""
        phase = self.state.phase
        return phase in SHARED_PHASES or phase in self.edition.shared_phases

    # -- starting games ---------------------------------------------------------------------------

    def start(self, settings: NewGameSettings, seed: int) -> None:
        """Start a new game, keeping the player's preferred amounts."""
        self.game = Game.start(settings.rules(), settings.seats, seed)
        kept = self.ui
        # The threshold belongs to one attack: a new game starts "until won".
        self.ui = UiState(amount=kept.amount, number=kept.number, dice=kept.dice,
                          dialog_people=kept.dialog_people, dialog_edition=kept.dialog_edition,
                          dialog_board=kept.dialog_board, fast=kept.fast,
                          high_contrast=kept.high_contrast, motion=kept.motion,
                          motion_chosen=kept.motion_chosen, sound=kept.sound)
        self._after_change()

    def quick_start(self, kind: str, seed: int) -> None:
        """One of the first screen's one-tap games (:data:`QUICK_GAMES`)."""
        self.start(QUICK_GAMES.get(kind, DEFAULT_SETTINGS), seed)

    def load(self, game: Game, viewer: int = -1) -> None:
        """Put a saved or linked game on the table (``viewer``: whose turn was already on screen)."""
        self.game = game
        kept = self.ui
        self.ui = UiState(amount=kept.amount, number=kept.number, dice=kept.dice,
                          dialog_people=kept.dialog_people, dialog_edition=kept.dialog_edition,
                          dialog_board=kept.dialog_board, fast=kept.fast,
                          viewer=viewer, high_contrast=kept.high_contrast, motion=kept.motion,
                          motion_chosen=kept.motion_chosen, sound=kept.sound)
        self._after_change()

    def play_on_board(self, ref: str) -> None:
        """The Maps page's "Play on this map": the new-game dialog opens with board ``ref`` chosen (its
        ``ng-board`` field, docs/boards.md's reference), in the classic game if the edition chosen last plays on
        its own board only."""
        if not edition_any_board(self.ui.dialog_edition):
            self.set_field("ng-edition", DEFAULT_SETTINGS.edition)
        self.set_field("ng-board", ref)
        self.command("open-dialog")

    def submit_dialog(self, form: Mapping[str, object], seed: int) -> bool:
        """The dialog's "Start game": start the game, or keep the dialog open with what is wrong."""
        try:
            settings = parse_settings(form)
        except ValueError as error:
            self.ui.dialog_error = str(error)
            return False
        except Unfetchable:  # a new world's code, fetched when the first world is made here, and no network
            self.ui.dialog_error = WORLD_OFFLINE
            return False
        try:
            self.start(settings, seed)
        except Unfetchable:  # another edition's code, fetched when first played here, and no network
            self.ui.dialog_error = (f"{EDITIONS[settings.edition].title} could not be loaded: its rules come over the "
                                    "network the first time it is played here, and the network is not there. "
                                    "Try again online.")
            return False
        return True

    # -- territories ------------------------------------------------------------------------------

    def click(self, territory: int) -> None:
        """A click (or Enter/Space) on a territory: claim, place, choose, select or target."""
        self._begin()
        if self.ui.handoff >= 0:
            self._hint(f"Pass the device to {self.seat_name(self.ui.handoff)} first.")
            return
        if self._bot_playing():
            return
        state = self.state
        phase = state.phase
        if self.edition.click(self, territory):
            return
        if phase is Phase.CLAIM:
            self._play(Claim(territory))
        elif phase is Phase.SETUP:  # one's own armies by the amount chosen (at most this round's), a neutral's one
            mine = state.owner[territory] == state.current
            self._play(Place(territory, min(self.placement_count(), state.quota_own) if mine else 1))
        elif phase is Phase.HEADQUARTERS:
            self._play(ChooseHeadquarters(territory))
        elif phase is Phase.REINFORCE:
            self._play(Place(territory, self.placement_count()))
        elif phase in (Phase.ATTACK, Phase.FORTIFY):
            self._choose(territory)
        elif phase is Phase.OCCUPY:
            name = self.territory_name(state.battle_target)
            self._refuse(f"first move armies into {name}: choose how many and press Move in")
        elif phase is Phase.BATTLE:
            self._refuse("first settle the dice you rolled: keep them, or use your commander or re-roll")
        else:
            self._refuse("the game is over: start a new game to play again")

    def _choose(self, territory: int) -> None:
        """Attack and free-move selection: from, then to (an enemy to attack, or one of yours to move to)."""
        state, ui = self.state, self.ui
        seat = state.current
        name = self.territory_name(territory)
        if ui.selected < 0 or ui.selected == territory:
            if ui.selected == territory:
                self.cancel()
                return
            if state.owner[territory] != seat:
                self._refuse(f"{name} is not yours: first choose one of your territories to attack or move from")
            elif state.armies[territory] < 2:
                self._refuse(f"{name} needs at least two armies to attack or move from")
            else:
                self._select(territory, -1)
                ui.move = 0
            return
        source = ui.selected
        if state.owner[territory] != seat:
            if self._refused(Attack(source, territory, 1)):
                return
            self._select(source, territory)
            return
        if self._refused(Fortify(source, territory, 1)):
            if state.armies[territory] >= 2:
                # Not a place to move to, but one to attack or move from: choose it instead.
                self._begin()
                self._select(territory, -1)
            return
        self._select(source, territory)
        ui.move = 0

    def _select(self, source: int, target: int) -> None:
        """Choose the territories of an attack or move; another attack starts again "until won"."""
        ui = self.ui
        if (source, target) != (ui.selected, ui.target):
            ui.threshold = 1
        ui.selected, ui.target = source, target

    def cancel(self) -> None:
        """Escape or Cancel: forget the selection and the amounts chosen for it (and an Airfield's place
        being chosen)."""
        self.ui.focus = -1
        self._select(-1, -1)
        self.ui.occupy = self.ui.move = 0
        self.edition.cancel(self)

    def escape(self) -> str:
        """The Escape key: close the topmost thing open over the turn, one per press, and say which ("" when
        there was none): the new-game dialog, a page of the first screen (help, keys, rules: back to its menu),
        the first screen itself (over a game), the winner's screen, a problem's notice, the replay, a choice in
        progress (an attack with its odds, a move, an Airfield's place, an Admiral's sailing), the statistics,
        the whole log. (The map's chooser and an edition's modal dialog close in the page, before this.) The
        welcome of a link's receiver (on the hand-off screen or its own) closes before the rest."""
        ui, rec = self.ui, self.ui.record
        if ui.dialog_open:
            self.command("close-dialog")
            return "dialog"
        if ui.welcome and not ui.home:
            self.command("close-welcome")
            return "welcome"
        if ui.home:
            if ui.home_page != "menu":
                self.command("home-page", "menu")
                return "home-page"
            self.command("continue")
            return "home"
        if self.state.phase is Phase.OVER and not ui.winner_dismissed:
            self.command("close-winner")
            return "winner"
        if ui.problem:
            self.command("dismiss-problem")
            return "problem"
        if rec.replay is not None:
            self.command("replay-close")
            return "replay"
        choosing = (ui.selected, ui.target, ui.occupy, ui.move, ui.airfield_slot, ui.airfield_where, ui.sailing,
                    ui.load)
        self.cancel()
        if choosing != (ui.selected, ui.target, ui.occupy, ui.move, ui.airfield_slot, ui.airfield_where,
                        ui.sailing, ui.load):
            return "choice"
        if rec.stats_open:
            self.command("stats-toggle")
            return "stats"
        if rec.log_open:
            self.command("log-toggle")
            return "log"
        return ""

    def key(self, territory: int, key: str) -> None:
        """A key pressed on a territory: Enter/Space select, arrows move focus, Escape cancels."""
        self.ui.focus = -1
        if key in ("Enter", " ", "Spacebar"):
            self.click(territory)
        elif key == "Escape":
            self.cancel()
        elif key in ARROWS:
            self.ui.focus = nearest_in_direction(self.centres, territory, ARROWS[key])

    # -- buttons ----------------------------------------------------------------------------------

    def command(self, name: str, arg: str = "") -> None:
        """A button: ``name`` is its ``data-action``, ``arg`` its ``data-arg``."""
        self._begin(keep_confirm=name == "end-turn")
        ui = self.ui
        if name == "open-dialog":
            ui.dialog_open, ui.dialog_error, ui.dialog_preset = True, "", arg
            if arg == "people":
                ui.dialog_edition, ui.dialog_people = DEFAULT_SETTINGS.edition, len(DEFAULT_SETTINGS.seats)
            return
        if name == "home":  # the first screen, over the game (which stays as it is)
            ui.home, ui.home_page, ui.finishing = True, "menu", False
            return
        if name == "continue":
            ui.home = False
            return
        if name == "home-page":
            ui.home, ui.home_page = True, arg if arg in HOME_PAGES else "menu"
            ui.learn_step, ui.learn_edition = 0, ""
            return
        if name == "learn-edition":  # How to play for another edition, from its first step
            ui.learn_edition, ui.learn_step = arg, 0
            return
        if name in ("learn-next", "learn-back"):  # the view keeps the step within the steps there are
            ui.learn_step = max(0, ui.learn_step + (1 if name == "learn-next" else -1))
            return
        if name.startswith("coach-"):
            if name == "coach-again":
                ui.home = False
            self.coach.command(name, self)
            return
        if name == "contrast":
            ui.high_contrast = not ui.high_contrast
            return
        if name == "motion":  # the person's choice, kept: it wins over the browser's reduce motion
            ui.motion, ui.motion_chosen = not ui.motion, True
            return
        if name == "sound":
            ui.sound = not ui.sound
            return
        if name == "finish-now":  # only bots are left: play the game to its end at once
            ui.finishing = ui.fast = ui.out_dismissed = True
            return
        if name == "close-dialog":
            ui.dialog_open = False
            return
        if name == "close-welcome":
            ui.welcome = False
            return
        if name == "close-winner":
            ui.winner_dismissed = True
            return
        if name == "handoff":
            if ui.handoff >= 0:
                if ui.claimed is not None:  # "I am Cy: show my turn": Cy sits at this device from now on
                    ui.claimed = ui.claimed | {ui.handoff}
                ui.viewer, ui.handoff = ui.handoff, -1
                if ui.welcome:  # a link's receiver takes the device: its welcome is over
                    seat = self.state.current
                    ui.welcome = False
                    ui.notice = welcome_move_text(self.seat_name(seat), self.seat_colour(seat).name, True)
            return
        if name == "fast":
            ui.fast = not ui.fast
            return
        if name == "restart-bots":
            ui.bot_error = ""
            ui.bot_restarts += 1
            self._hint("The computer players start again.")
            return
        if name == "dismiss-problem":
            ui.problem = ""
            return
        if name == "play-on":  # the people are out: let the bots finish the game, fast
            ui.fast, ui.out_dismissed = True, True
            return
        if name.startswith(("log-", "replay-", "stats-", "check-")):
            record_state.command(ui.record, self.game, name, arg)
            return
        if name == "skip":
            ui.skipping = any(self.is_human(s) for s in range(len(self.game.seats))) and not self.is_human(
                self.state.current)
            return
        if ui.handoff >= 0:
            self._hint(f"Pass the device to {self.seat_name(ui.handoff)} first.")
            return
        if name not in ("amount", "dice") and self._bot_playing():
            return
        if self.edition.command(self, name, arg):
            return
        if name == "amount" and arg in AMOUNTS:
            ui.amount = arg
        elif name == "dice":
            ui.dice = max(1, min(3, _int(arg, 3)))
        elif name == "cancel":
            self.cancel()
        elif name == "roll":
            self.roll()
        elif name == "blitz":
            self.blitz()
        elif name == "accept":
            self._play(AcceptRoll())
        elif name == "commander":
            self._play(UseCommander(_int(arg, -1)))
        elif name == "reroll":
            self._play(Reroll(_int(arg, -1)))
        elif name == "trade":  # "3-17-40", or "3-17-40@5" with the territory for the card armies
            listed, _, bonus = arg.partition("@")
            cards = tuple(sorted(_int(c, -1) for c in listed.split("-")))
            if len(cards) != 3:
                self._refuse("trade three cards")
            else:
                self._play(Trade((cards[0], cards[1], cards[2]), _int(bonus, -1) if bonus else -1))
        elif name == "occupy":
            self._play(Occupy(self.occupy_count()))
        elif name == "occupy-min" or name == "occupy-max":
            low, high = occupy_range(self.state)
            ui.occupy = low if name == "occupy-min" else high
        elif name == "move":
            self.move()
        elif name == "end-turn":
            self.end_turn()
        else:
            self._refuse(f"unknown command {name!r}")

    def set_field(self, name: str, value: str) -> None:
        """A number or choice typed into the page: remember it (the view writes it back)."""
        ui = self.ui
        ui.focus = -1
        if name == "amount-number":
            ui.number, ui.amount = max(1, _int(value, ui.number)), "number"
        elif name == "threshold" and self.attack_chosen():
            ui.threshold = max(1, _int(value, ui.threshold))
            ui.threshold_turn = (self.state.turn, self.state.current)
        elif name == "occupy-count":
            ui.occupy = _int(value, ui.occupy)
        elif name == "move-count":
            ui.move = _int(value, ui.move)
        elif name == "ng-count":
            ui.dialog_people = _int(value, ui.dialog_people)
        elif name == "ng-edition" and value in EDITIONS:
            ui.dialog_edition = value
            ui.dialog_people = players_for(value, ui.dialog_people)
        elif name.startswith("ng-board") or name.startswith("ng-world-"):
            self._set_board_field(name, value)
        elif name == "airfield-where":
            ui.airfield_where = _int(value, -1)
        elif name == "sea-load":
            ui.load = max(1, _int(value, ui.load))
        elif name.startswith("log-"):
            record_state.set_field(ui.record, name, value)

    def _set_board_field(self, name: str, value: str) -> None:
        """The dialog's board: which (``ng-board``), the new world's seed, size and continents."""
        choice, ui = self.ui.dialog_board, self.ui
        if name == "ng-board":
            choice.board = value
        elif name == "ng-world-seed":
            text = value.strip()
            if text.isdigit() and int(text) <= new_world.MAX_SEED:
                choice.seed, ui.dialog_error = int(text), ""
            else:
                ui.dialog_error = bad_world_seed(new_world.MAX_SEED)
        elif name == "ng-world-size" and value in new_world.SIZES:
            choice.size = value
        elif name == "ng-world-continents":
            count = _int(value, 0)
            choice.continents = count if count in new_world.CONTINENTS else 0

    def another_world(self, seed: int) -> None:
        """The dialog's "Another world" (and the first world shown): a new seed, said in few digits."""
        choice = self.ui.dialog_board
        choice.board, choice.seed = new_world.WORLD, seed % new_world.SAID_SEEDS

    # -- amounts ----------------------------------------------------------------------------------

    def placement_count(self) -> int:
        """Armies one click places: 1, 5, all or the typed number (5 and all never more than the reserve, or in
        a setup round than the round's armies)."""
        state = self.state
        reserve = state.quota_own if state.phase is Phase.SETUP else state.reserve[state.current]
        if self.ui.amount == "5":
            return max(1, min(5, reserve))
        if self.ui.amount == "all":
            return max(1, reserve)
        if self.ui.amount == "number":
            return self.ui.number
        return 1

    def dice_count(self) -> int:
        """Dice for the next roll: the chosen number, fewer if the attacking territory is small."""
        source = self.ui.selected
        if source < 0:
            return self.ui.dice
        return max(1, min(self.ui.dice, self.dice_most()))

    def dice_most(self) -> int:
        """The most dice the attack chosen may roll: all but one army, at most 3, or fewer where the edition
        caps them (Castle Risk: 2 against a castle)."""
        state, source, target = self.state, self.ui.selected, self.ui.target
        if source < 0:
            return 3
        most = 3
        if target >= 0 and state.owner[target] != state.current and state.phase is Phase.ATTACK:
            most = flow_for(state.rules).battle_model(state, source, target).attack_max
        return max(1, min(most, state.armies[source] - 1))

    def attack_chosen(self) -> bool:
        """Whether an attack is chosen: a territory of the player to move and an enemy one (the threshold's
        field is open only then, as the threshold belongs to that attack)."""
        state, ui = self.state, self.ui
        return (state.phase is Phase.ATTACK and ui.selected >= 0 and ui.target >= 0
                and state.owner[ui.target] != state.current)

    def blitz_blocked(self) -> str:
        """Why "attack until" cannot roll with the threshold chosen ("" when it can)."""
        source = self.ui.selected
        if not self.attack_chosen() or self.ui.threshold < self.state.armies[source]:
            return ""
        name = self.territory_name(source)
        return (f"{name} has {armies_text(self.state.armies[source])}: stopping when {self.ui.threshold} are "
                "left leaves nothing to roll. Choose a smaller number, or roll the dice one roll at a time.")

    def occupy_count(self) -> int:
        """Armies to move in: the chosen number, or the most allowed."""
        return self.ui.occupy if self.ui.occupy > 0 else occupy_range(self.state)[1]

    def move_count(self) -> int:
        """Armies for the free move: the chosen number, or all but one."""
        source = self.ui.selected
        if self.ui.move > 0 or source < 0:
            return self.ui.move
        return self.state.armies[source] - 1

    # -- attacking and moving ---------------------------------------------------------------------

    def roll(self) -> None:
        """One roll of the dice from the selected territory against the target."""
        source, target = self.ui.selected, self.ui.target
        if source < 0 or target < 0:
            self._refuse("choose the territory to attack from, then the one to attack")
            return
        self._play(Attack(source, target, self.dice_count()))

    def blitz(self) -> None:
        """Attack until the target falls or the attacker is down to ``threshold`` armies.

        One engine :class:`~risk.actions.Blitz` action: it rolls the most dice again and again, each
        roll recorded as its own battle, and stops at a capture, at the threshold, or when the dice wait
        for a decision (commander, re-roll). ``stop_at`` counts attacking armies: all but the one that
        stays, so "until N armies are left" is ``stop_at = N - 1``.
        """
        source, target = self.ui.selected, self.ui.target
        if source < 0 or target < 0:
            self._refuse("choose the territory to attack from, then the one to attack")
            return
        self._play(Blitz(source, target, max(1, self.ui.threshold) - 1))

    def move(self) -> None:
        """The free move from the selected territory to the chosen one."""
        source, target = self.ui.selected, self.ui.target
        if source < 0 or target < 0:
            self._refuse("choose the territory to move from, then one of yours to move to")
            return
        self._play(Fortify(source, target, self.move_count()))

    # -- what an edition's actions may ask (``risk_ui.edition_actions.Acting``) ------------------------

    def play(self, action: Action) -> bool:
        """Play an action; on refusal show the engine's reason. Whether it was played."""
        return self._play(action)

    def refused(self, action: Action) -> bool:
        """Check an action without playing it; on refusal show the engine's reason."""
        return self._refused(action)

    def refuse(self, text: str) -> None:
        """Show a refusal."""
        self._refuse(text)

    def hint(self, text: str) -> None:
        """Show a hint."""
        self._hint(text)

    def select(self, source: int, target: int) -> None:
        """Choose the territories of an attack or move (-1: none)."""
        self._select(source, target)

    def play_bot(self, action: Action) -> bool:
        """A bot's action for the seat to move (the page's bot loop calls this, never a click)."""
        self.ui.notice, self.ui.error = "", False
        self.ui.offer = -1
        played = self._play(action)
        self.ui.offer = -1
        return played

    def _bot_playing(self) -> bool:
        """During a bot's turn a person's moves are refused, with a hint."""
        state = self.state
        if self.ui.record.replay is not None:
            self._hint("A replay is showing: press Back to the game to play.")
            return True
        if state.phase is Phase.OVER or self.is_human(state.current) or not 0 <= state.current < len(self.game.seats):
            return False
        if self.ui.bot_error:
            self._hint("The computer players stopped after an error: press Restart the computer players.")
        else:
            self._hint(f"{self.seat_name(state.current)} (computer) is playing: wait, or press Skip to my turn.")
        return True

    def bot_failed(self, seat: int, error: BaseException) -> None:
        """A bot's thinking or move raised: stop the bots, and say so (the game itself is untouched)."""
        who = f"{self.seat_name(seat)} (computer)" if 0 <= seat < len(self.game.seats) else "A computer player"
        self.ui.bot_error = (f"{who} stopped after an error: {error_text(error)}. The game waits: press "
                             "Restart the computer players to go on.")
        self.ui.skipping = False

    def report_problem(self, doing: str, error: BaseException) -> None:
        """An unexpected error while ``doing`` something beside the game: shown until dismissed."""
        self.ui.problem = f"Something went wrong {doing}: {error_text(error)}. The game goes on."

    def people_out(self) -> bool:
        """Whether every person at the table is out of a game the bots play on."""
        state, seats = self.state, self.game.seats
        people = [s for s in range(len(seats)) if self.is_human(s)]
        return (bool(people) and len(people) < len(seats) and state.phase is not Phase.OVER
                and not any(state.alive[s] for s in people))

    # -- internals --------------------------------------------------------------------------------

    def _begin(self, keep_confirm: bool = False) -> None:
        self.ui.notice, self.ui.error, self.ui.focus = "", False, -1
        if not keep_confirm:
            self.ui.confirm_end = -1  # anything else done since: End turn asks again

    def attacks_left(self) -> bool:
        """Whether the player to move can still attack (a territory of 2 or more armies next to an enemy's,
        as the edition's rules allow: truces, the sea)."""
        state = self.state
        return state.phase is Phase.ATTACK and any(
            isinstance(choice.action, Attack | Blitz) for choice in legal_actions(state))

    def confirming_end(self) -> bool:
        """Whether End turn was pressed once with attacks left, and a second press ends the turn."""
        return self.ui.confirm_end == len(self.game.history) and self.state.phase is Phase.ATTACK

    def end_turn(self) -> None:
        """End turn: with attacks left in the attack step, the first press asks (in the bar), the second ends."""
        if not self.confirming_end() and self.attacks_left():
            self.ui.confirm_end = len(self.game.history)
            self._hint(END_TURN_CONFIRM)
            return
        self.ui.confirm_end = -1
        self._play(EndTurn())

    def say(self, text: str) -> None:
        """A hint from the page itself (the map zoomed in for a tap), shown like the engine's words."""
        self._begin()
        self._hint(text)

    def _hint(self, text: str) -> None:
        self.ui.notice, self.ui.error = text, False

    def _refuse(self, text: str) -> None:
        self.ui.notice, self.ui.error = text[:1].upper() + text[1:], True

    def _refused(self, action: Action) -> bool:
        """Check ``action`` without playing it; on refusal show the engine's reason."""
        try:
            check(self.state, action)
        except IllegalAction as error:
            self._refuse(str(error))
            return True
        return False

    def _play(self, action: Action) -> bool:
        actor, rng, shared = self.state.current, self.state.rng, self.shared_phase()
        try:
            events = self.game.play(action)
        except IllegalAction as error:
            self._refuse(str(error))
            return False
        state = self.state
        if (not shared and self.is_human(actor) and state.current != actor and state.phase is not Phase.OVER
                and 0 <= state.current < len(self.game.seats) and not self.is_human(state.current)
                and state.rng == rng and not any(isinstance(e, Revealing) for e in events)):
            # A person's turn ended (End turn, the free move) and a bot is next: it waits a moment, while Undo is
            # offered (only for a move Undo can take back: no dice, no reshuffle, nothing revealed).
            self.ui.offer, self.ui.offers = len(self.game.history), self.ui.offers + 1
        self._took(events)
        return True

    def offering(self) -> bool:
        """Whether the bot to move waits while Undo is offered for the move that gave it the turn."""
        ui = self.ui
        return ui.offer == len(self.game.history) and ui.offer > 0 and ui.record.replay is None

    def _took(self, events: tuple[Event, ...]) -> None:
        """Remember what happened and tidy the selection for the new state."""
        ui, state = self.ui, self.state
        ui.events = events
        self.edition.after(self)
        battles = [e for e in events if isinstance(e, BattleFought)]
        if battles:
            last = battles[-1]
            ui.report = BattleReport(
                last.source, last.target, last.attacker_seat, last.defender_seat, last.attacker, last.defender,
                sum(b.attacker_losses for b in battles), sum(b.defender_losses for b in battles), len(battles),
                any(isinstance(e, Captured) for e in events), last.model)
        if state.phase is Phase.OCCUPY:
            ui.occupy = 0
        elif state.phase in (Phase.ATTACK, Phase.FORTIFY):
            # A captured target (moved into) or a finished move: choose anew; keep a source that can go on.
            if ui.target >= 0 and state.owner[ui.target] == state.current:
                self._select(ui.selected, -1)
            if ui.selected >= 0 and (state.owner[ui.selected] != state.current or state.armies[ui.selected] < 2):
                self._select(-1, -1)
        elif state.phase is not Phase.BATTLE:
            self._select(-1, -1)
        self._after_change()

    def _after_change(self) -> None:
        """Decide whether the device must change hands before the next player sees the screen."""
        state, ui = self.state, self.ui
        if self.people_at_table() == 1:  # one person against bots: only that person's cards ever show
            ui.viewer, ui.handoff = next(s for s in range(len(self.game.seats)) if self.is_human(s)), -1
        elif self.shared_phase() or self.people_at_table() < 2:
            ui.viewer, ui.handoff = state.current, -1
        elif state.phase is Phase.OVER:
            ui.handoff = -1
        elif state.current != ui.viewer and self.is_human(state.current):
            ui.handoff = state.current
            self._select(-1, -1)
            ui.report = None
        if ui.threshold_turn != (state.turn, state.current):  # a threshold never outlives its turn
            ui.threshold = 1

    # -- names ------------------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """A seat's player name ("Neutral" for the neutral seat)."""
        if 0 <= seat < len(self.game.seats):
            return self.game.seats[seat].name
        return "Neutral" if seat == self.state.neutral and seat >= 0 else "nobody"

    def seat_colour(self, seat: int) -> Colour:
        """A seat's palette entry (the neutral's grey for the neutral seat)."""
        seats = self.game.seats
        if 0 <= seat < len(seats):
            return PALETTE[seats[seat].colour % len(PALETTE)]
        return NEUTRAL

    def territory_name(self, territory: int) -> str:
        """A territory's display name."""
        return self.state.board.territories[territory].name

    def is_human(self, seat: int) -> bool:
        """Whether a person plays this seat (the neutral and bots do not)."""
        return 0 <= seat < len(self.game.seats) and self.game.seats[seat].controller == HUMAN

    def remote(self, seat: int) -> bool:
        """Whether a person plays this seat whom this device never saw take it: a game that came by a link, and
        the seat not claimed here (see ``UiState.claimed``)."""
        return self.ui.claimed is not None and seat not in self.ui.claimed and self.is_human(seat)

    def people_at_table(self) -> int:
        """How many seats people play."""
        return sum(1 for s in self.game.seats if s.controller == HUMAN)


def _int(text: str, default: int) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        return default


def nearest_in_direction(
    centres: Mapping[int, tuple[float, float]], origin: int, direction: tuple[float, float],
) -> int:
    """The territory whose centre lies nearest to ``origin``'s in ``direction`` (within 60°), or -1.

    Distance counts double sideways, so the arrow keys prefer what is straight ahead.

    >>> nearest_in_direction({0: (0, 0), 1: (10, 1), 2: (5, 8), 3: (-4, 0)}, 0, (1, 0))
    1
    """
    if origin not in centres:
        return -1
    ox, oy = centres[origin]
    dx, dy = direction
    best, best_score = -1, math.inf
    for index, (x, y) in centres.items():
        if index == origin:
            continue
        vx, vy = x - ox, y - oy
        ahead = vx * dx + vy * dy
        side = abs(vx * dy - vy * dx)
        if ahead <= 0 or side > ahead * math.sqrt(3):
            continue
        score = ahead + 2 * side
        if score < best_score:
            best, best_score = index, score
    return best


__all__ = [
    "DEFAULT_SETTINGS",
    "BattleReport",
    "Controller",
    "NewGameSettings",
    "UiState",
    "nearest_in_direction",
    "parse_settings",
]
