"""Numbers and errors in the page's words: small helpers every layer of the page may use (imports nothing
of the page)."""

from __future__ import annotations

REPLAY_BADGE = "Replay"  # over the map while a replay shows the past
REPLAY_STATUS = "Replay: the map and the players show an earlier moment; the live turn waits until you close it."
IMPORT_SAVE = "Import a save file"  # the file chooser of a save file, on the first screen and in Saved games
SETTINGS = "Settings"  # the first screen's preferences, kept in this browser
MOTION_SETTING = "Motion"  # a toggle: armies travel and dice roll on the map (default: as the browser prefers)
MOTION_SETTING_NOTE = "Armies travel and dice roll on the map; a tap on the map or S skips it"
SKIP_MOTION_KEY = "Skip the motion playing on the map (a tap on the map does too)"  # in the keys' list
YOUR_TURN_TITLE = "Your turn \u2014 "  # before the window's title when control comes back to a person
SOUND_SETTING = "Sound"  # a toggle: small sounds for the dice, a capture and your turn (off unless chosen)
SOUND_SETTING_NOTE = "Small sounds for the dice, a capture and your turn"
MAP_CHOOSER = "Which territory did you mean?"  # the chooser of a tap as near two territories (read out, not shown)


def armies_text(count: int) -> str:
    """ "1 army", "3 armies"."""
    return f"{count} army" if count == 1 else f"{count} armies"


def plural(count: int, one: str, many: str) -> str:
    """A count with its noun: ``plural(1, "territory", "territories")`` is "1 territory"."""
    return f"{count} {one if count == 1 else many}"


def gain_text(label: str, count: int) -> str:
    """One part of a turn's armies, readable: "14 territories: +4 armies", "Australia: +2 armies"."""
    return f"{label}: +{armies_text(count)}"


def breakdown_text(lead: str, total: int, parts: list[tuple[str, int]]) -> str:
    """A count of armies and where they come from, each part said with its armies.

    >>> breakdown_text("This turn", 6, [("14 territories", 4), ("Australia", 2)])
    'This turn: 6 armies. 14 territories: +4 armies; Australia: +2 armies.'
    """
    return f"{lead}: {armies_text(total)}. " + "; ".join(gain_text(label, n) for label, n in parts) + "."


def armies_range_text(low: int, high: int) -> str:
    """A range of armies, said once when it is one number.

    >>> armies_range_text(3, 3), armies_range_text(1, 1), armies_range_text(2, 5)
    ('3 armies', '1 army', '2 to 5 armies')
    """
    return armies_text(high) if low >= high else f"{low} to {high} armies"


def error_text(error: BaseException, limit: int = 200) -> str:
    """An unexpected error in one line for the player: its kind and message, cut to ``limit`` characters.

    >>> error_text(ZeroDivisionError("division by zero"))
    'ZeroDivisionError: division by zero'
    """
    text = " ".join(f"{type(error).__name__}: {error}".split()) if str(error) else type(error).__name__
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def name_shows_nothing(player: int) -> str:
    """Why the new-game dialog refuses a name made only of characters that draw nothing."""
    return (f"the name of player {player} shows nothing: type a letter, digit or symbol, or leave it empty for "
            "the colour's name")


CANNOT_SAVE = "This game cannot be saved"


def cannot_save_text(reason: str) -> str:
    """Why the game on the table is not being saved: the last good save and the address keep the moment before.

    >>> cannot_save_text("this game cannot be put in a code: a territory has no armies")[:57]
    'This game cannot be saved (a territory has no armies): th'
    """
    reason = reason.removeprefix("this game cannot be put in a code: ").removeprefix(
        "this game cannot be put in a replay code: ").rstrip(".")
    why = f" ({reason})" if reason else ""
    return f"{CANNOT_SAVE}{why}: the last good save is kept, and the moves made since are only on this page."


def board_missing_text(ref: str) -> str:
    """Why the map of a game cannot be drawn: this browser holds no board by its reference."""
    return f"this browser holds no board {ref}"


# ------------------------------------------------------------------------------------------------
# Maps kept in this browser (risk_ui.board_shelf) and the Maps page (risk_ui.maps_page).

MAPS_TITLE = "Maps"
MAPS_BUTTON = "Maps kept in this browser"  # the first screen's button to the Maps page
MAPS_INTRO = ("Maps you imported are kept in this browser beside the saved games, and play offline. Import a "
              "Domination map (its .map file with its .cards and pictures, or one .zip of them) or a map file "
              "(.json) exported here.")
MAPS_IMPORT = "Import a map"  # the file chooser of the Maps page
MAPS_NONE = "No maps kept yet: import one."
MAPS_RENAME = "Rename"
MAPS_EXPORT = "Export"
MAPS_DELETE = "Delete"
MAPS_PLAY = "Play on this map"
MAPS_DELETE_ANYWAY = "Delete it anyway"
MAPS_KEEP = "Keep it"
MAPS_READING = "Reading the map\u2026"
MAPS_PREVIEW = "Outline of"  # a preview's name for a screen reader: "Outline of Tiny World"
MAPS_NEW_NAME = "New name"
MAP_READER_MISSING = "the code that checks maps could not be loaded: it comes over the network the first time"
MAPS_UNFETCHABLE = ("The map reader could not be loaded: it comes over the network the first time it is used here, "
                    "and the network is not there. Try again online.")
SHELF_FULL = ("The browser's storage for this page is full: the map was not kept. Delete some saved games or maps "
              "to make room, then import it again.")
SHELF_FULL_RENAME = "The browser's storage for this page is full: the map keeps its name."
NOT_A_MAP = ("These files are not a map: choose a Domination map's .map file with its .cards and pictures, one .zip "
             "of them, or a map file (.json) exported here.")


def map_counts_text(territories: int, continents: int) -> str:
    """What a kept map holds, in a few words.

    >>> map_counts_text(42, 1)
    '42 territories, 1 continent'
    """
    return f"{plural(territories, 'territory', 'territories')}, {plural(continents, 'continent', 'continents')}"


def map_kept_text(title: str, warnings: int = 0) -> str:
    """What the player is told once an imported map is kept."""
    said = f"The map \u201c{title}\u201d is kept in this browser: play on it from its entry."
    return said + (f" The import noted {plural(warnings, 'thing', 'things')}, below." if warnings else "")


def map_already_text(title: str) -> str:
    """An import of a map that this browser keeps already (the same board: the same content hash)."""
    return f"The map \u201c{title}\u201d was kept here already."


def map_in_use_text(title: str, games: list[str]) -> str:
    """Asked before a map is deleted when saved games are played on it.

    >>> map_in_use_text("Tiny", ["Friday", "Autosave"])[:47]
    'Saved games played on \u201cTiny\u201d: Friday, Autosave.'
    """
    return (f"Saved games played on \u201c{title}\u201d: {', '.join(games)}. Deleted, the map is gone from them too: "
            "they open once it is imported again.")


def map_delete_text(title: str) -> str:
    """Asked before a map no saved game is played on is deleted."""
    return f"Delete the map \u201c{title}\u201d from this browser? No saved game is played on it."


def map_renamed_text(title: str) -> str:
    return f"The map is called \u201c{title}\u201d here now (links to games on it are unchanged)."


def map_exported_text(title: str, file: str) -> str:
    return f"The map \u201c{title}\u201d is in the file {file}: import it in another browser to play on it there."


def map_unread_text(why: str) -> str:
    """Files that could not be read into a map for a reason of the page's own (not the map's)."""
    return f"The map could not be read ({why}); nothing was kept."


def map_deleted_text(title: str) -> str:
    return f"The map \u201c{title}\u201d was deleted from this browser."


def map_damaged_text(title: str, why: str) -> str:
    """A kept map that could not be read at start-up: left as it is (a newer version may read it), not played."""
    return f"The kept map \u201c{title}\u201d cannot be read ({why}): it is left as it is, and cannot be played here."


def map_lost_text(title: str) -> str:
    return f"The kept map \u201c{title}\u201d is missing from the browser's storage: import it again."


# The new-game dialog's refusal of a headquarters game for two (docs/rules.md, "Options that do not go together").
HEADQUARTERS_FOR_TWO = (
    "a headquarters game needs 3 or more players: with two, each would have one territory to hold and one to "
    "take (the neutral armies choose none), and the first capture of it could end the game on the first turn. "
    "Choose \u201cOff\u201d, or add a player")

# The new-game dialog's board: the edition's own, a new world made from a seed, or a board kept in this browser.
BOARD_LEGEND = "Board"
BOARD_OWN = "Its own board"  # the edition's board, its name beside it
NEW_WORLD = "New world"
NEW_WORLD_TEXT = "A map made from a seed: the same seed makes the same world, here and in a link."
WORLD_SEED = "World"  # the seed's field: people say "play world 48213"
WORLD_SIZE = "Size"
WORLD_SIZES = (("small", "Small: about 20 territories"), ("medium", "Medium: about 42 territories"),
               ("large", "Large: about 80 territories"))
WORLD_CONTINENTS = "Continents"
WORLD_CONTINENTS_ANY = "As the seed gives"
ANOTHER_WORLD = "Another world"
KEPT_BOARD_TEXT = "A map kept in this browser."
WORLD_OFFLINE = ("New worlds could not be made: their code comes over the network the first time one is made here, "
                 "and the network is not there. Try again online.")


def world_caption(seed: int, territories: int, continents: int) -> str:
    """What the preview of a new world says (and a screen reader reads).

    >>> world_caption(48213, 42, 5)
    'World 48213: 42 territories in 5 continents'
    """
    lands = plural(territories, "territory", "territories")
    return f"World {seed}: {lands} in {plural(continents, 'continent', 'continents')}"


def bad_world_seed(most: int) -> str:
    """The dialog's refusal of a seed that is not one."""
    return f"a world is a whole number from 0 to {most}: type one, or press \u201c{ANOTHER_WORLD}\u201d"


def own_board_only(title: str) -> str:
    """The dialog's refusal of another board for an edition whose rules need its own."""
    return f"{title} is played on its own board only: its rules name that board's territories"


def board_unknown(ref: str) -> str:
    """The dialog's refusal of a board this browser does not hold."""
    return f"there is no board {ref} here: choose another board"


class Unfetchable(ImportError):
    """Code of the game's that could not be had: an archive fetched on demand with no network for it, or a
    copy of another build (raised by :mod:`risk_ui.on_demand`; the controller tells the player, who can do
    something about it, unlike any other failed import)."""


# ------------------------------------------------------------------------------------------------
# The end of a game and of a player's game: each way of winning and of losing says its own truth, and "conquered
# the world" only when the winner holds every territory.

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")


def count_words(count: int) -> str:
    """A small count in words ("three"), a larger one in figures."""
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)


def turns_text(turns: int) -> str:
    """ "1 turn", "12 turns"."""
    return plural(turns, "turn", "turns")


def won_the_world(name: str, turns: int) -> str:
    """The winner holds every territory."""
    return f"{name} has conquered the world in {turns_text(turns)}."


def won_last_standing(name: str, held: int, size: int, turns: int) -> str:
    """The last player standing, the neutral's territories still on the board (the 1980 two-player game)."""
    return (f"{name} has knocked every other player out of the game in {turns_text(turns)}, holding {held} of "
            f"{size} territories: the neutral armies need not be beaten.")


def won_headquarters(name: str, taken: list[str], own: str, every: bool, turns: int) -> str:
    """The headquarters goal: every other headquarters (or the shorter goal's number) and one's own."""
    places = ", ".join(taken)
    which = "every other headquarters" if every else f"{count_words(len(taken))} other headquarters"
    return f"{name} holds {which} ({places}) and their own, {own}: victory in {turns_text(turns)}."


def won_objectives(name: str, held: int, goal: int, capital: str, turns: int) -> str:
    """The Revised goal: objectives while holding one's capital."""
    done = (f"completed {count_words(goal)} objectives" if held == goal
            else f"holds {count_words(held)} objectives ({count_words(goal)} win)")
    return f"{name} {done} while holding their capital, {capital}: victory in {turns_text(turns)}."


def goal_met_this_turn(name: str) -> str:
    """Revised (rules revision 3): the player to move meets the goal in the middle of its turn; it wins at its end."""
    return (f"{name}: you hold three objectives and your capital, and win when this turn ends: attack on, "
            "maneuver, or end your turn now.")


def won_castles(name: str, fallen: str, place: str, turns: int) -> str:
    """Castle Risk: the capture of the last other castle."""
    return (f"{name} captured {fallen}\u2019s castle on {place}: {name} holds the last castle and every castle "
            f"chip, after {turns_text(turns)}.")


def won_castles_held(name: str, turns: int) -> str:
    """Castle Risk, when the capture is not in the record (a game opened from a link at its end)."""
    return f"{name} holds the last castle and every castle chip, after {turns_text(turns)}."


def out_last_territory(by: str, whose: str) -> str:
    """Out of the game: the last territory taken (``whose``: "your", "the last person's")."""
    return f"{by} took {whose} last territory."


CASTLE_OUT = "A player whose castle falls is out at once, whatever else they hold."

# Castle Risk's standing orders, as their toggles say them (the third only in games of rules revision 3).
ORDER_MARSHALL = "Play a Marshall when I am attacked"
ORDER_SPY = "Block a Spy with my Spy"
ORDER_HIDDEN = "Bring out my hidden army when its territory is attacked"


def hidden_army_text(name: str, last: int, held: bool, any_time: bool, defends: bool) -> str:
    """Castle Risk: one's own hidden army, under the hand (``last``: the armies it brings now; ``any_time``: it may
    come out between attacks; ``defends``: a standing order brings it out when its territory is attacked).

    >>> hidden_army_text("Rome", 8, True, True, True)
    'Your hidden army waits on Rome: it can come out now with 8 armies, at any time of your attacks.'
    >>> hidden_army_text("Rome", 8, False, True, True).split(": ")[1]
    'it comes out only on a territory you hold (8 armies now), or by your standing order when Rome is attacked.'
    """
    text = f"Your hidden army waits on {name}"
    if not last:
        return text + ": it brings the armies of the last Reinforcement played, and none was yet."
    if not held:
        also = f", or by your standing order when {name} is attacked" if defends else ""
        return text + f": it comes out only on a territory you hold ({armies_text(last)} now){also}."
    when = "at any time of your attacks" if any_time else "before your first attack"
    return text + f": it can come out now with {armies_text(last)}, {when}."


def out_castle(by: str, whose: str, place: str) -> str:
    """Out of Castle Risk: the castle captured, however many territories were left."""
    return f"{by} captured {whose} castle on {place}. {CASTLE_OUT}"


def castle_warning(doing: str, could: bool, castle: str, left: int, enemy: str, stack: int, where: str) -> str:
    """Castle Risk: a move would leave one's castle no stronger than an enemy stack beside it."""
    leaves = "could leave" if could else "leaves"
    return (f"Careful: {doing} {leaves} your castle on {castle} with {armies_text(left)}, beside {enemy}\u2019s "
            f"{armies_text(stack)} in {where}.")


# ------------------------------------------------------------------------------------------------
# Links and Undo (docs/rules.md, "The page: Undo, End turn and links").

UNDO_FLOOR = ("Nothing to undo here: the moves before came by the link (or a save file) from another device, and "
              "only the player who made them can take them back, on that device.")



def remote_title(name: str) -> str:
    """The hand-off screen's title for a person's seat never taken on this device (a game that came by link)."""
    return f"{name} plays on another device?"


def remote_text(name: str) -> str:
    """What that hand-off screen asks of whoever holds the device."""
    return (f"{name} has not played on this device: send this turn, and {name} plays on from the link. If {name} "
            f"sits here, {name} presses \u201cI am {name}\u201d when only {name} can see the screen.")


WELCOME_TITLE = "A game sent to you"
WELCOME_CLOSE = "Got it"


def welcome_game_text(edition: str, turn: int) -> str:
    """What the game of a link is: "Classic (1980), turn 4"."""
    return f"{edition}, turn {turn}" if turn > 0 else f"{edition}, setting up"


def welcome_move_text(name: str, colour: str, yours: bool) -> str:
    """Whose move it is, to the person who opened the link."""
    said = colour if name == colour else f"{colour} ({name})"
    if yours:
        return f"Your move as {said}."
    whose = f"{name}\u2019s move" + ("" if name == colour else f" ({colour})")
    return (f"It is {whose}. If that is you, press \u201cI am {name}: show my turn\u201d next: "
            "your cards show only then.")


WELCOME_TODO = ("Play your turn on the map: the line under the map says what each step needs. The moves made "
                "before you got the link are the sender\u2019s: they cannot be undone here.")
WELCOME_OVER_TODO = ("Look at the board, or replay the whole game from \u201cGame record\u201d: every move of it "
                     "came with the link.")


def welcome_sender_text(name: str, colour: str) -> str:
    """Who sent the link: the last person to play before the one to move."""
    return f"Sent by {colour}." if name == colour else f"Sent by {name} ({colour})."


def welcome_alone_text(name: str, colour: str, mover: str) -> str:
    """One person against the computer: the colour is theirs; whose move it is if not theirs."""
    said = colour if name == colour else f"{colour} ({name})"
    first = f" {mover} (computer) moves first, here, when you close this." if mover else " It is your move."
    return f"You play {said} against the computer.{first}"


def welcome_bot_text(name: str, colour: str) -> str:
    """A computer player's move when the link opens."""
    said = "computer" if name == colour else f"computer, {colour}"
    return (f"It is {name}\u2019s move ({said}): the computer players move here, in this browser, when you close "
            "this. When a person\u2019s turn comes, the page asks for that person first.")


def welcome_shared_text(name: str, colour: str) -> str:
    """A step of the setup everyone sees (no hand-off screen): whose move it is."""
    said = name if name == colour else f"{name} ({colour})"
    return (f"It is {said}\u2019s move in the setup, which shows nothing secret: whoever plays {colour} "
            "moves on the map.")


def welcome_over_text(name: str, colour: str) -> str:
    """A finished game sent by link."""
    said = colour if name == colour else f"{colour} ({name})"
    return f"This game is over: {said} won."


WELCOME_SEND = ("When you are done, press \u201cSend this turn\u201d and send the link back (or on to the next "
                "player): their browser plays on from there.")

# A link to an earlier moment of a game this browser took further (the back button, an older link).
EARLIER_LINK = ("That link is an earlier moment of this game: it stays at its latest move here. Replay shows the "
                "moments before.")
UNDO_OFFER_BUTTON = "Undo"


def undo_offer_text(bot: str) -> str:
    """The offer to take back the move that gave a computer player the turn, while it waits."""
    return f"{bot} (computer) plays in a moment. Not what you meant?"

END_TURN_CONFIRM = "You can still attack. Press End turn again to end your turn."
END_TURN_AGAIN = "End turn anyway"
# The guided first turn (risk_ui.coach): the offer, and each step's bubble.

COACH_OFFER_TITLE = "New to Risk?"
COACH_OFFER = "Let the page walk you through your first turn: place, attack, move in, end. It takes a minute."
COACH_YES = "Show me"
COACH_NO = "No thanks"
COACH_SKIP = "Skip the guide"
COACH_AGAIN = "Guide me through a turn"
COACH_AGAIN_NOTE = "The guide comes back at the start of your next turn in a game on this device."
COACH_PLACE = ("Place your armies here: tap this territory (or press Enter on it) until your new armies are all "
               "placed. 1, 5 and All say how many go each tap.")
COACH_ATTACK_FROM = ("Attack from here: tap this territory of yours (or press N to reach it, then Enter); it has "
                     "the most armies next to a weak enemy.")
COACH_ATTACK_TO = "Now tap the enemy territory marked, next to it, to attack it."
COACH_ROLL = ("Roll the dice: \u201cAttack until won\u201d (B) rolls until the territory falls or your armies "
              "run low. The defender wins ties.")
COACH_MOVE = ("You took it! Move armies in: choose how many and press Move in (M). One always stays "
              "behind.")
COACH_END = ("End your turn (E). A capture this turn earns you a card. You could attack again or make one free "
             "move first.")


def coach_step_title(number: int, steps: int) -> str:
    """The bubble's heading: "Step 2 of 4"."""
    return f"Step {number} of {steps}"


# A game on an imported map this browser does not hold (issue 24, part 4): the first screen says which map to import
# and waits with the link (or save file) until a map of the same content is kept; "Send with the board" writes one
# file with the game and its map (docs/boards.md, "A game with its board").
BOARD_WANTED_TITLE = "A map to import first"
BOARD_WANTED_IMPORT = "Import the map"
BOARD_WANTED_FILES = ("The map's file (.json), the game sent with its board (.json), or a Domination map: its .map "
                      "with its .cards and pictures, or one .zip.")
SEND_WITH_BOARD = "Send with the board"


def board_wanted_text(name: str, kind: str) -> str:
    """What the first screen says of a link (``kind``: "link", "save file" or "saved game") to a game on a map
    this browser does not have.

    >>> board_wanted_text("Test isles", "link")[:77]
    'This game is played on the map \u201cTest isles\u201d, which this browser does not have'
    """
    return (f"This game is played on the map \u201c{name}\u201d, which this browser does not have yet: import it. "
            f"Ask whoever sent the {kind} for the map (or for the game sent with the board); the {kind} waits "
            "here and the game opens as soon as the map is in.")


def board_differs_text(got: str, wanted: str) -> str:
    """A map kept while a game waits for another: it is kept, and the game still waits."""
    return (f"That map, \u201c{got}\u201d, is not the one this game is played on: it differs from \u201c{wanted}\u201d "
            f"(a map changed in any way is another map). It is kept among this browser's maps; the game still "
            f"waits for \u201c{wanted}\u201d.")


def board_kept_text(name: str) -> str:
    """A board file imported with no game waiting for it."""
    return f"The map \u201c{name}\u201d is kept in this browser: games on it open here."


def game_with_board_text(name: str, title: str) -> str:
    """A game-with-board file imported: the map kept, the game opened."""
    return f"The map \u201c{name}\u201d is kept and the game is in the list as \u201c{title}\u201d: here it is."


def sent_with_board_text(file_name: str, name: str) -> str:
    """What "Send with the board" did."""
    return (f"The game and its map \u201c{name}\u201d are in the file {file_name}: send it. Whoever imports it "
            "(Import, on the first screen or in Saved games) gets the map and the game.")


def board_file_wrong_text(problem: str) -> str:
    """A game-with-board file whose game is not on its own board, or whose board is refused."""
    return f"This file cannot be imported: {problem}"
