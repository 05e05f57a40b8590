"""What the page teaches, in plain words: how to play in a few steps, the rules of each edition and option,
and the keyboard's shortcuts. All of it ships with the page, so it reads offline.

The rules are the decisions of ``docs/rules.md`` told for players; every edition and option the engine
offers has its entry (a test checks), so a new one cannot reach the dialog unexplained.

>>> [step.title for step in LEARN_STEPS][:2]
['The goal', 'Your turn: reinforce']
>>> SHORTCUTS[0].keys
('r',)
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from risk.rules import EDITIONS, OPTIONS
from risk_ui.words import SKIP_MOTION_KEY


@dataclass(frozen=True)
class Step:
    """One screen of "How to play": a title and a few short paragraphs."""

    title: str
    paragraphs: tuple[str, ...]


LEARN_STEPS: tuple[Step, ...] = (
    Step("The goal", (
        "Risk is played on a map of territories grouped into continents. Each player's armies sit on the "
        "territories they hold; the number on a territory's badge is its armies, its colour and shape say "
        "whose it is.",
        "In the classic game you win by taking every territory. Other editions and options set other goals "
        "(headquarters, objectives): the line under the turn says which rules are in play.",
    )),
    Step("Your turn: reinforce", (
        "A turn starts with new armies: one for every three territories you hold (at least 3), plus the "
        "bonus of every continent you hold whole. The panel shows how your armies were counted.",
        "Click or tap your territories to place them (1, 5 or all at a time). Three cards of a set can be "
        "traded for more armies while you place; with five cards in hand you must trade.",
    )),
    Step("Attack", (
        "Choose one of your territories with at least two armies, then a neighbouring enemy territory. You "
        "roll up to three dice (one fewer than your armies), the defender up to two.",
        "The highest dice are compared in pairs: the higher wins, and the defender wins ties. Each lost pair "
        "costs one army. Roll once at a time, or \u201cAttack until won\u201d to roll until the territory "
        "falls or you reach the number you chose to stop at. The odds panel shows your chances first.",
    )),
    Step("Move in, and the free move", (
        "When a territory falls, move armies into it: at least as many as the dice you rolled, and one always "
        "stays behind. Capturing at least one territory in a turn earns a card at its end.",
        "You may attack as often as you like. Then make one free move between two of your territories that "
        "touch (it ends your turn), or press End turn.",
    )),
    Step("Cards and the end", (
        "Cards show infantry, cavalry or artillery; three alike or one of each make a set (a wild card "
        "stands for any). Sets are worth more and more armies as the game goes on.",
        "A player who loses their last territory is out, and whoever took it takes their cards. Play against "
        "the computer, or pass the device round the table: the page hides each player's cards until they "
        "take the device.",
    )),
)


@dataclass(frozen=True)
class RulesEntry:
    """The rules of one edition or option, told for players."""

    name: str
    points: tuple[str, ...]


# The order of the editions in the dialog and the rules: the classic game first, the others after it as they came
# to the page (an edition not named here comes last).
EDITION_ORDER = ("classic", "classic-1963", "revised", "castle")


def edition_place(name: str) -> int:
    """Where an edition stands in the lists of editions.

    >>> sorted(["castle", "revised", "classic"], key=edition_place)
    ['classic', 'revised', 'castle']
    """
    return EDITION_ORDER.index(name) if name in EDITION_ORDER else len(EDITION_ORDER)


# What losing one's castle means, said wherever it matters: the rules, the castle's placement, the warnings.
CASTLE_LOST = "Lose your castle and you are out of the game at once, whatever else you hold"

EDITION_RULES: dict[str, RulesEntry] = {
    "classic": RulesEntry("classic", (
        "3 to 6 players; 2 players get a third, neutral army that takes territories but never attacks.",
        "Reinforcements: territories divided by 3 (at least 3), plus the bonus of each continent held whole.",
        "Card sets are worth 4, 6, 8, 10, 12, 15 armies, then 5 more each time, counted across all players. "
        "A traded card showing one of your territories adds 2 armies there (at most 2 a turn).",
        "The defender always rolls as many dice as allowed (2 with two or more armies).",
        "One free move between two neighbouring territories of yours ends the turn.",
        "Taking a player's last territory takes their cards; with six or more you trade at once.",
        "Win by holding every territory.",
    )),
    "classic-1963": RulesEntry("classic-1963", (
        "The classic game as the 1963 rule text plays it.",
        "2 players get 50 armies each and no neutral army.",
        "Territories are claimed round the table the other way after the first player.",
        "Five cards in hand force a trade at once; every traded card showing your territory adds 2 armies "
        "there; a set needs two cards that are not wild.",
        "After a capture, move in at least one army.",
    )),
    "revised": RulesEntry("revised", (
        "3 to 5 players with 30, 25 or 20 armies each; each places a capital first, and 15 cities stand "
        "on the map.",
        "Reinforcements: territories and cities divided by 3 (a city counts twice), plus continents, plus one "
        "for every capital you hold.",
        "Cards carry one star (two for Asia); trade cards worth 2 to 10 stars once a turn while placing, for "
        "2 to 30 armies. Hands have no limit.",
        "Eight objectives lie face up, each with a reward (an airfield, an extra die, more armies, a card "
        "every turn, an extra move). Claim at most one a turn, after attacking.",
        "One move along a chain of your territories ends the turn.",
        "Win with three objectives while holding your own capital, at the end of your turn (even when "
        "taking a player's objectives brings the third), or by being the last player standing.",
    )),
    "castle": RulesEntry("castle", (
        "Europe in 1850, for 2 to 6 players with 40, 35, 30, 25 or 20 armies each: six empires and eleven "
        "independent lands. Win by capturing every other player's castle. " + CASTLE_LOST + ".",
        "Setup: each player draws an empire's castle chip and puts the castle, with one army, on a territory "
        "of that empire. Then the territories are claimed one army at a time, the rest placed five at a "
        "time, and each player chooses, in secret, a territory for a hidden army (any without a castle).",
        "Cards: everyone starts with three person cards and draws one at the start of each turn (up to "
        "three if fewer). Reinforcements and Diplomats are played before your first attack; Generals, "
        "Admirals, Spies and the hidden army any time in your attacks.",
        "The Reinforcement track, shared by everyone: each Reinforcement card played takes its next space "
        "and gives its armies at once (4, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 45); those cards never come "
        "back.",
        "Spoils: no armies at the start of a turn. At its end you collect 4 for every empire you hold whole, "
        "6 for holding all the independent lands, and 8 for every castle chip you hold.",
        "Castles: at most two attack dice against a castle's territory. Capturing a castle puts its player "
        "out at once: you take their chips, their cards and their hidden army, and their other territories "
        "are taken over.",
        "Generals add 1 to your highest attack die, Marshalls to the defender's (played for you when you "
        "are attacked); each stays in play until it loses a top pair. A Spy looks at a player's hand and "
        "makes them discard one card, unless their own Spy blocks it.",
        "Sea attacks: an Admiral carries armies from your coast to an enemy coast on the same water (the "
        "Black Sea joins no other); they fight to the end. Won, they land and the Admiral comes back; lost, "
        "the armies and the Admiral are lost. Dotted sea lines are crossed like borders.",
        "Truces: a Diplomat stops attacks both ways with one player until your next turn (not with two "
        "players).",
        "Hidden army: once in the game, at any time in your attacks, it comes out on its territory if you "
        "hold it, with the armies of the last Reinforcement played; or, by your standing order, when that "
        "territory is attacked, to defend it. (A game begun before this rule keeps the old one: before your "
        "first attack only.) There is no free move.",
    )),
}

OPTION_RULES: dict[str, RulesEntry] = {
    "auto-setup": RulesEntry("auto-setup", (
        "Territories are dealt at random and the starting armies spread one at a time at random; the "
        "game starts at the first turn.",
        "Revised: each capital goes where it can be held (few borders, away from the others), the territories "
        "next to it are claimed for its player first, the rest at random, and the troops guard it first.",
        "Castle Risk: each castle goes where it can be held in its empire (few borders, no coast where "
        "possible), the territories next to it are claimed for its player first, the armies guard it first, "
        "and the hidden army waits beside it, in secret.",
    )),
    "headquarters": RulesEntry("headquarters", (
        "After setup each player chooses a headquarters among their territories, in secret.",
        "Win by holding every other player's headquarters while holding your own.",
    )),
    "headquarters-short": RulesEntry("headquarters-short", (
        "Headquarters with a shorter goal: with 4 players capture 2 other headquarters, with 5 or 6 "
        "capture 3. Not for fewer than 4 players, and not together with the full headquarters game.",
    )),
    "expert-card-values": RulesEntry("expert-card-values", (
        "Card sets grow by one army each time: 4, 5, 6, 7, \u2026",
    )),
    "expert-fortify": RulesEntry("expert-fortify", (
        "Free moves go along any chain of your own territories, as many as you like, before you end the turn.",
    )),
    "army-cap": RulesEntry("army-cap", (
        "No territory may hold more than 12 armies; armies that fit nowhere are lost (in setup too).",
    )),
    "card-reroll": RulesEntry("card-reroll", (
        "Holding the card of the attacking or the attacked territory, the attacker may re-roll one of their "
        "own dice once per battle, after seeing all the dice.",
    )),
    "commanders": RulesEntry("commanders", (
        "Once a turn, while attacking, turn one of the dice you just rolled into a six.",
    )),
    "basic-training": RulesEntry("basic-training", (
        "The introductory game: objectives without their rewards. Not together with World Conquest.",
    )),
    "world-conquest": RulesEntry("world-conquest", (
        "Only the last player standing wins; objectives and rewards still count.",
    )),
}


# An option's rules in a game of one edition (the in-game list), where the edition has its own words for it.
EDITION_OPTION_RULES: dict[tuple[str, str], RulesEntry] = {
    ("auto-setup", "classic"): RulesEntry("auto-setup", OPTION_RULES["auto-setup"].points[:1]),
    ("auto-setup", "classic-1963"): RulesEntry("auto-setup", OPTION_RULES["auto-setup"].points[:1]),
    ("auto-setup", "revised"): RulesEntry("auto-setup", OPTION_RULES["auto-setup"].points[1:2]),
    ("auto-setup", "castle"): RulesEntry("auto-setup", OPTION_RULES["auto-setup"].points[2:3]),
}

# The new-game dialog's setup choice, by edition: (automatic, by hand).
SETUP_CHOICES: dict[str, tuple[str, str]] = {
    "classic": ("Territories are dealt at random and starting armies spread at random, one at a time.",
                "Players claim territories one at a time, then place their remaining armies."),
    "revised": ("Capitals, claims and troops placed for everyone: each capital where it can be held, the "
                "territories next to it claimed first, the troops guarding it first.",
                "Each player places a capital, then the territories are claimed one at a time and the rest "
                "of the troops placed one at a time."),
    "castle": ("Castles, claims, armies and hidden armies placed for everyone: each castle where it can be "
               "held, the territories next to it claimed first, the armies guarding it first.",
               "Each player places a castle in the empire drawn, the territories are claimed one at a time, the "
               "rest placed five at a time, and each hides an army in secret."),
}


def option_rules(name: str, edition: str) -> RulesEntry | None:
    """An option's rules as a game of ``edition`` plays it (None: no words of the page's own)."""
    return EDITION_OPTION_RULES.get((name, edition)) or OPTION_RULES.get(name)


def setup_choice(edition: str) -> tuple[str, str]:
    """The dialog's words for the automatic and the manual setup of an edition.

    >>> setup_choice("castle")[1].startswith("Each player places a castle")
    True
    """
    return SETUP_CHOICES.get(edition, SETUP_CHOICES["classic"])


def rules_html() -> str:
    """Every edition and option with its rules, for the first screen's rules page."""
    parts = ['<h3>Editions</h3>']
    for name, edition in sorted(EDITIONS.items(), key=lambda item: edition_place(item[0])):
        entry = EDITION_RULES.get(name)
        points = entry.points if entry else (edition.description,)
        items = "".join(f"<li>{escape(p)}</li>" for p in points)
        parts.append(f'<section class="rules-entry" id="rules-{escape(name)}"><h4>{escape(edition.title)}</h4>'
                     f"<ul>{items}</ul></section>")
    parts.append("<h3>Options</h3>")
    for name, option in OPTIONS.items():
        if not option.page:
            continue
        entry = OPTION_RULES.get(name)
        points = entry.points if entry else (option.description,)
        editions = ", ".join(EDITIONS[e].title for e in sorted(option.editions, key=edition_place) if e in EDITIONS)
        items = "".join(f"<li>{escape(p)}</li>" for p in points)
        parts.append(f'<section class="rules-entry" id="rules-{escape(name)}"><h4>{escape(option.title)}</h4>'
                     f'<p class="rules-for">For {escape(editions)}</p><ul>{items}</ul></section>')
    return "".join(parts)


def learn_html() -> str:
    """The steps of "How to play", each its own section (the view shows one at a time)."""
    parts = []
    for i, step in enumerate(LEARN_STEPS):
        body = "".join(f"<p>{escape(p)}</p>" for p in step.paragraphs)
        parts.append(f'<section class="learn-step" id="learn-{i}" aria-labelledby="learn-title-{i}"'
                     f'{"" if i == 0 else " hidden"}><h3 id="learn-title-{i}">{i + 1}. {escape(step.title)}</h3>'
                     f"{body}</section>")
    return "".join(parts)


@dataclass(frozen=True)
class Shortcut:
    """A key (or keys) and what it does: the buttons it presses (the first shown and enabled), by id or
    CSS selector, or a page action ("map", "next", "zoom-in", …)."""

    keys: tuple[str, ...]
    label: str  # how the key is written in the list
    does: str
    targets: tuple[str, ...] = ()
    action: str = ""


SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut(("r",), "R", "Roll the dice", ("#roll",)),
    Shortcut(("b",), "B", "Attack until won (or until the number chosen is left)", ("#blitz",)),
    Shortcut(("m",), "M", "Move: move in after a capture, or make the free move", ("#occupy", "#move")),
    Shortcut(("e",), "E", "End the turn", ("#end-turn",)),
    Shortcut(("u",), "U", "Undo the last move (when it can be taken back)", ("#handoff-undo", "#undo")),
    Shortcut(("t",), "T", "Trade the first set of cards offered", ("#sets button", "#claim-choices button")),
    Shortcut(("k",), "K", "Keep the dice rolled (commander and re-roll games)", ("#battle-choices button",)),
    Shortcut(("1",), "1", "Place 1 army a click, or roll 1 die", ("#amount-1", "#dice-1")),
    Shortcut(("2",), "2", "Roll 2 dice", ("#dice-2",)),
    Shortcut(("3",), "3", "Roll 3 dice", ("#dice-3",)),
    Shortcut(("5",), "5", "Place 5 armies a click", ("#amount-5",)),
    Shortcut(("a",), "A", "Place all your armies in one click", ("#amount-all",)),
    Shortcut(("g",), "G", "Go to the map: the first territory you can choose", action="map"),
    Shortcut(("n",), "N", "Next territory you can choose (Shift+N: the one before)", action="next"),
    Shortcut(("Enter", " "), "Enter or Space", "On a territory: place, choose or select it"),
    Shortcut(("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"), "Arrows",
             "On a territory: go to the nearest territory that way"),
    Shortcut(("+", "="), "+", "Zoom in", action="zoom-in"),
    Shortcut(("-", "_"), "\u2212", "Zoom out", action="zoom-out"),
    Shortcut(("0",), "0", "Show the whole map", action="zoom-fit"),
    Shortcut(("Shift+Arrows",), "Shift + arrows", "Move the map", action="pan"),
    Shortcut(("s",), "S", SKIP_MOTION_KEY, action="skip-motion"),
    Shortcut(("Escape",), "Esc", "Cancel the choice (or close a screen)"),
    Shortcut(("?",), "?", "These keys and how to play", action="keys"),
)


def shortcuts_html() -> str:
    """The keyboard's shortcuts as a table."""
    rows = "".join(f'<tr><th scope="row"><kbd>{escape(s.label)}</kbd></th><td>{escape(s.does)}</td></tr>'
                   for s in SHORTCUTS)
    return (f'<table class="keys-table"><caption>Keyboard shortcuts (not while typing in a field)</caption>'
            f"<tbody>{rows}</tbody></table>")


# ------------------------------------------------------------------------------------------------
# How to play, for each edition (risk_ui.learn puts them on the page): a few steps, each with a picture drawn
# from the edition's own map around a territory (``Figure``: the territory's id on the edition's board, what
# stands on it, and the words that say what the picture shows).


@dataclass(frozen=True)
class Figure:
    """A picture of a step: the map around ``territory``, with ``site`` (one of risk_ui.palette.SITES, or "")
    drawn on it, and ``caption`` saying what it shows."""

    territory: str
    caption: str
    site: str = ""


@dataclass(frozen=True)
class Lesson:
    """How to play one edition (or a family of editions): its steps, and a picture for some of them (by the
    step's index)."""

    steps: tuple[Step, ...]
    figures: tuple[tuple[int, Figure], ...] = ()


CLASSIC_LESSON = Lesson(LEARN_STEPS, (
    (1, Figure("ontario", "Ontario and the territories it borders: armies placed here can attack any of them.")),
    (2, Figure("north_africa", "North Africa and its neighbours: it may attack each of them, Brazil across "
                               "the sea too.")),
))

REVISED_LESSON = Lesson((
    Step("The goal: objectives", (
        "Revised plays on the classic world map with cities and capitals on it. Eight objectives lie face up, "
        "four Minor and four Major (take 4 cities in one turn, control Europe, control an enemy capital, \u2026).",
        "You win by completing three objectives while holding your own capital, at the end of your turn, or "
        "by being the last player standing. Claim at most one objective a turn, after your attacks, when you "
        "meet it.",
    )),
    Step("Capitals and cities", (
        "Each player places a capital first; 15 cities stand on the map. A city counts twice towards your "
        "armies (territories and cities divided by 3), and each capital you hold adds one more.",
        "Lose your own capital and you cannot win on objectives until you take it back.",
    )),
    Step("Star trades", (
        "Each card carries one star (two for Asia). Once a turn, while placing, trade cards worth 2 to 10 "
        "stars for 2 to 30 armies: the more stars at once, the better the rate. Hands have no limit.",
    )),
    Step("Rewards", (
        "Each objective carries a reward for whoever claims it: an Airfield (+1 on your highest die round it), "
        "an Attack Die or a Defense Die (an extra die, the best kept), 2 Troops every turn, a Guaranteed Card, "
        "an Additional or a Starting Maneuver (an extra move).",
        "Tap the \u201c?\u201d beside a reward's name in the Objectives panel to read what it does.",
    )),
    Step("Your turn", (
        "Place your armies, trade stars, attack as in the classic game, claim an objective you meet, then make "
        "one move along a chain of your territories, which ends the turn.",
    )),
), (
    (1, Figure("western_europe", "A capital (the crown) on Western Europe and the territories around it.",
               "capital")),
    (3, Figure("egypt", "An Airfield (the aeroplane) on Egypt: a reward of an objective.", "airfield")),
))

CASTLE_LESSON = Lesson((
    Step("The goal: the castles", (
        "Castle Risk is Europe in 1850: six empires and the independent lands. Each player draws an empire and "
        "puts a castle in it. Win by capturing every other player's castle.",
        CASTLE_LOST + ". At most two dice attack a castle's territory: keep armies there.",
    )),
    Step("Person cards", (
        "Everyone starts with three person cards and draws one each turn. A Reinforcement gives the armies of "
        "the track's next space (4, 6, 8, \u2026); a General adds 1 to your highest attack die; a Marshall to "
        "your defence; an Admiral carries armies across the sea; a Spy looks at a hand; a Diplomat makes a "
        "truce.",
        "Reinforcements and Diplomats are played before your first attack; Generals, Admirals and Spies any "
        "time in your attacks.",
    )),
    Step("Standing orders", (
        "Some cards act on other players' turns: say once what they do. \u201cPlay a Marshall when I am "
        "attacked\u201d, \u201cBlock a Spy with my Spy\u201d and \u201cBring out my hidden army when its "
        "territory is attacked\u201d are standing orders, so the device never changes hands in the middle of "
        "someone's battle.",
    )),
    Step("The hidden army", (
        "In setup each player picks, in secret, a territory for a hidden army. Once in the game it comes out "
        "there with the armies of the last Reinforcement played: at any time in your attacks if you hold "
        "the territory (take it first, then attack from it), or to defend it when it is attacked.",
    )),
    Step("Spoils, not reinforcements", (
        "No armies at the start of a turn: at its end you collect 4 for every empire you hold whole, 6 for all "
        "the independent lands and 8 for every castle chip you hold. There is no free move.",
    )),
), (
    (0, Figure("london", "A castle (the tower) on London, the British empire's, and the lands next to it.",
               "castle")),
    (3, Figure("bavaria", "A hidden army's site (the pennant) on Bavaria: nobody else sees it.", "hidden")),
))

# How to play by edition: an edition with no lesson of its own is taught as the classic game (the 1963 rules).
LESSONS: dict[str, Lesson] = {"classic": CLASSIC_LESSON, "revised": REVISED_LESSON, "castle": CASTLE_LESSON}


# ------------------------------------------------------------------------------------------------
# The names of rewards, cards and other pieces, explained where they appear (a "?" beside the name).

TERMS: dict[str, str] = {
    # Revised: the rewards of the objectives.
    "Airfield": "Placed on a territory of yours when claimed: +1 on your highest die when you attack from or "
                "defend its territory or a territory next to it, while you hold its territory.",
    "Additional Maneuver": "Two moves along a chain of your territories at the end of your turn, not one.",
    "Starting Maneuver": "One move after placing your troops and before your first attack, besides the "
                         "one at the end of the turn.",
    "Guaranteed Card": "A card at the end of every turn, even one without a capture.",
    "Attack Die": "When you attack, you roll one die more than you fight with and keep the best.",
    "2 Troops": "2 more troops at the start of every turn.",
    "Defense Die": "When you are attacked, you roll one die more than you fight with and keep the best.",
    # Revised: the board's pieces.
    "Capital": "Each player's first territory. Hold your own to win on objectives; each capital held adds an "
               "army a turn.",
    "City": "Counts as two territories towards your armies.",
    "Stars": "Each card carries one star (two for Asia); trade 2 to 10 stars once a turn for 2 to 30 armies.",
    # Castle Risk: the person cards.
    "Reinforcement": "Gives the armies of the Reinforcement track's next space at once (4, 6, 8, \u2026); "
                     "played before your first attack, and never comes back.",
    "General": "Adds 1 to your highest attack die; stays in play until it loses a top pair.",
    "Marshall": "Adds 1 to your highest defence die when you are attacked; stays until it loses a top pair.",
    "Admiral": "Carries armies from your coast to an enemy coast on the same water; they fight to the end.",
    "Spy": "Looks at a player's hand and makes them discard a card, unless their own Spy blocks it.",
    "Diplomat": "A truce with one player: no attacks either way until your next turn (not with two players).",
    # Castle Risk: the board's pieces.
    "Standing orders": "What your cards do on other players' turns, said in advance: a Marshall played when "
                       "you are attacked, a Spy blocked with your own, your hidden army brought out when its "
                       "territory is attacked.",
    "Hidden army": "Armies waiting in secret on a territory you chose; once in the game they come out there: "
                   "in your attacks if you hold it, or to defend it when it is attacked.",
    "Castle": CASTLE_LOST + ". At most two dice attack it.",
}


def term_html(name: str) -> str:
    """A "?" beside a name that opens its explanation next to it ("" for a name with no entry).

    >>> "Adds 1 to your highest attack die" in term_html("General")
    True
    """
    text = TERMS.get(name)
    if text is None:
        return ""
    return (f'<details class="term" data-term="{escape(name)}"><summary title="{escape(text)}" '
            f'aria-label="What is {escape(name)}?">?</summary><span class="term-text">{escape(text)}</span>'
            "</details>")
