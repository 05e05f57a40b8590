"""The slips of issue #23 part 8: the page's words, the replay's badge, high contrast, Esc, the saves' names."""

from __future__ import annotations

from risk.board import load_board
from risk.flow import count_text, flow_for, with_article
from risk.rules import make_rules
from risk.rules.castle import CARD_KINDS
from risk.rules.castle.events import CardDiscarded
from risk.rules.revised.events import ObjectivesTaken, RewardsLost
from risk_ui.words import breakdown_text

# ------------------------------------------------------------------------------------------------
# Wording


def test_articles_follow_the_sound_of_the_word() -> None:
    assert [with_article(w) for w in ("Admiral", "General", "Marshall", "Spy", "Diplomat", "Reinforcement")] == [
        "an Admiral", "a General", "a Marshall", "a Spy", "a Diplomat", "a Reinforcement"]
    assert [with_article(w) for w in ("1", "6", "8", "11", "18", "80", "hour", "unit", "umbrella")] == [
        "a 1", "a 6", "an 8", "an 11", "an 18", "an 80", "an hour", "a unit", "an umbrella"]


def test_counts_agree_with_their_nouns() -> None:
    assert [count_text(n, "reward") for n in (0, 1, 2)] == ["0 rewards", "1 reward", "2 rewards"]
    assert count_text(1, "territory") == "1 territory" and count_text(14, "territory") == "14 territories"
    assert count_text(2, "castle chip") == "2 castle chips"


def test_the_castle_log_says_an_admiral() -> None:
    rules = make_rules("castle")
    board = load_board(rules.map)
    flow = flow_for(rules)
    names = ["Red", "Blue", "Green"]
    from risk.deck import deck_for

    deck = deck_for(rules)
    admiral = next(card for card in range(len(deck)) if deck.kind_name(card) == "admiral")
    general = next(card for card in range(len(deck)) if deck.kind_name(card) == "general")
    assert "admiral" in CARD_KINDS
    assert flow.describe(CardDiscarded(1, admiral, 0), names, board) == "Red makes Blue discard an Admiral."
    assert flow.describe(CardDiscarded(1, general, 0), names, board) == "Red makes Blue discard a General."


def test_the_revised_log_counts_rewards_and_objectives() -> None:
    rules = make_rules("revised")
    board = load_board(rules.map)
    flow = flow_for(rules)
    names = ["Red", "Blue"]
    assert flow.describe(RewardsLost(1, (3,)), names, board) == "Blue's 1 reward leaves the game."
    assert flow.describe(RewardsLost(1, (3, 4)), names, board) == "Blue's 2 rewards leave the game."
    assert flow.describe(ObjectivesTaken(1, 0, (2,)), names, board) == "Red takes Blue's 1 objective."


def test_a_breakdown_says_each_part_with_its_armies() -> None:
    text = breakdown_text("This turn", 7, [("14 territories", 4), ("Australia", 2), ("cards", 1)])
    assert text == "This turn: 7 armies. 14 territories: +4 armies; Australia: +2 armies; cards: +1 army."


# ------------------------------------------------------------------------------------------------
# The replay


def _bots_played(moves: int = 60):
    from risk.game import Seat
    from risk_ui import bots
    from risk_ui.controller import Controller, NewGameSettings

    seats = (Seat("You", 0, "human"), *(Seat(f"P{i}", i, "easy") for i in range(1, 3)))
    c = Controller.new(NewGameSettings(seats=seats), seed=5)
    autoplay = bots.Autoplay(c)
    while len(c.game.history) < moves and autoplay.tick() is not None:
        pass
    return c


def test_the_replay_hides_the_live_turn_and_says_replay_over_the_map() -> None:
    from risk_ui import record, view, words

    c = _bots_played()
    c.command("handoff")
    live = view.render(c)
    assert live.replay == "" and live.status != words.REPLAY_STATUS
    shown = {"panel-place", "panel-cards", "panel-dice", "income"}  # the person's draft after the bots' turns
    assert not any(live.controls[ident].hidden for ident in shown)
    c.command("replay-open")
    c.command("replay-forward")
    screen = view.render(c)
    assert screen.replay == words.REPLAY_BADGE == "Replay"
    assert screen.status == words.REPLAY_STATUS and screen.message == ""
    for ident in (*record.ACTION_PANELS, *record.LIVE_PANELS):
        assert screen.controls[ident].hidden, ident
    assert screen.html["odds"] == ""
    c.command("replay-close")
    after = view.render(c)
    assert after.replay == "" and after.status == live.status


# ------------------------------------------------------------------------------------------------
# Escape


def test_escape_closes_one_overlay_a_press_topmost_first() -> None:
    from risk.state import Phase

    c = _bots_played()
    c.command("handoff")
    c.command("log-toggle")
    c.command("stats-toggle")
    c.command("replay-open")
    c.command("home-page", "keys")  # the keyboard's help, over the game
    c.command("open-dialog")
    c.ui.problem = "something went wrong"
    closed = []
    while True:
        what = c.escape()
        if not what:
            break
        closed.append(what)
    assert closed == ["dialog", "home-page", "home", "problem", "replay", "stats", "log"]
    ui, rec = c.ui, c.ui.record
    assert not ui.dialog_open and not ui.home and not ui.problem and rec.replay is None
    assert not rec.stats_open and not rec.log_open
    # A choice in progress (an attack chosen, its odds shown) is the next thing Escape takes away.
    while c.state.phase is Phase.REINFORCE:
        c.command("amount", "all")
        c.click(c.state.owner.index(c.state.current))
    state = c.state
    assert state.phase is Phase.ATTACK
    source = next(t for t in range(state.board.size) if state.owner[t] == state.current and state.armies[t] > 1
                  and any(state.owner[n] != state.current for n in state.board.neighbours[t]))
    target = next(n for n in state.board.neighbours[source] if state.owner[n] != state.current)
    c.click(source)
    c.click(target)
    assert (c.ui.selected, c.ui.target) == (source, target)
    c.command("log-toggle")
    assert c.escape() == "choice" and (c.ui.selected, c.ui.target) == (-1, -1)
    assert c.escape() == "log" and c.escape() == ""


# ------------------------------------------------------------------------------------------------
# Contrast, read from the stylesheets


STYLES = ("assets/style/game.css", "assets/style/saves.css")
LIGHT_BACKGROUNDS = ("#ffffff", "#fffdf8", "#fffbea", "#f3efe3", "#fdecea")  # the page's and its panels'
HEX = r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b"


def _rules() -> list[tuple[str, dict[str, str]]]:
    """Every rule of the page's stylesheets, in order: (one selector, its declarations)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for name in STYLES:
        css = re.sub(r"/\*.*?\*/", "", (root / name).read_text(), flags=re.S)
        css = re.sub(r"@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)\s*\}", r"\1", css)  # the rules inside, in place
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
            declarations = {}
            for part in body.split(";"):
                if ":" in part:
                    key, value = part.split(":", 1)
                    declarations[key.strip()] = value.strip()
            for selector in selectors.split(","):
                found.append((" ".join(selector.split()), declarations))
    return found


def _colour(value: str | None) -> str | None:
    """A declaration's colour: its hex value, or the fallback of a var() ("var(--accent, #2f6db3)")."""
    import re

    if value is None:
        return None
    if value.strip() in ("#fff", "white"):
        return "#ffffff"
    if value.strip() in ("#000", "black"):
        return "#000000"
    match = re.search(HEX, value)
    return None if match is None or (value.startswith("var(") and "," not in value) else match.group(0)


def test_every_text_colour_the_stylesheets_set_reads_at_4_5_to_1() -> None:
    """A rule's text colour against the background it sets, else against each of the page's light ones."""
    from ui.colour_science import contrast_ratio

    checked, low = 0, []
    for selector, d in _rules():
        text = _colour(d.get("color"))
        if text is None or ":disabled" in selector:
            continue
        ground = _colour(d.get("background-color") or d.get("background"))
        grounds = (ground,) if ground else LIGHT_BACKGROUNDS
        worst = min(contrast_ratio(text, g) for g in grounds)
        checked += 1
        if worst < 4.5:
            low.append(f"{selector}: {text} at {worst:.2f}")
    assert checked > 40 and not low, low


def _specificity(selector: str) -> tuple[int, int, int]:
    import re

    plain = re.sub(r":not\(([^)]*)\)", r" \1", selector)
    ids = len(re.findall(r"#[\w-]+", plain))
    classes = len(re.findall(r"\.[\w-]+|\[[^\]]+\]|:(?!:)[\w-]+", plain))
    elements = len(re.findall(r"(?:^|[\s>+~])([a-z][\w-]*)", plain))
    return ids, classes, elements


def _cascade(selectors: set[str]) -> dict[str, str]:
    """The colours a button gets from the rules of the given selectors (the ones that match it), by the
    cascade: higher specificity wins, then the later rule."""
    ranked = sorted(((_specificity(s), i, d) for i, (s, d) in enumerate(_rules()) if s in selectors),
                    key=lambda r: (r[0], r[1]))
    got: dict[str, str] = {}
    for _, _, d in ranked:
        for key in ("color", "background", "background-color"):
            if key in d:
                got["background" if key.startswith("background") else key] = d[key]
    return got


def test_high_contrast_draws_the_pressed_button_at_4_5_to_1_and_apart_from_the_others() -> None:
    from ui.colour_science import contrast_ratio

    theme = 'html[data-theme="contrast"] '
    plain = {"button", theme + "button"}
    pressed = plain | {'button[aria-pressed="true"]', theme + 'button[aria-pressed="true"]'}
    up, down = _cascade(plain), _cascade(pressed)
    up_text, up_ground = _colour(up["color"]) or "#000000", _colour(up["background"])
    down_text, down_ground = _colour(down["color"]), _colour(down["background"])
    assert up_ground and down_text and down_ground
    assert contrast_ratio(up_text, up_ground) >= 4.5
    assert contrast_ratio(down_text, down_ground) >= 4.5  # was #000 on #1d2733: 1.4
    assert contrast_ratio(up_ground, down_ground) >= 3  # the state shows in the button's fill too


# ------------------------------------------------------------------------------------------------
# The Revised board


def _revised(seats, seed: int):
    from risk_ui.controller import Controller, NewGameSettings

    return Controller.new(NewGameSettings(seats=seats, edition="revised", options=("auto-setup",)), seed=seed)


def test_the_revised_board_speaks_to_the_person_at_the_device_not_to_bots() -> None:
    import re

    from risk.game import Seat
    from risk.state import Phase
    from risk_ui import bots
    from risk_ui.revised_view import objectives_html

    person = Seat("Ann", 0, "human")
    c = _revised((person, Seat("Bot1", 1, "easy"), Seat("Bot2", 2, "easy")), seed=4)
    autoplay = bots.Autoplay(c)
    seen_bot = seen_person = 0
    for _ in range(400):
        if c.state.phase is Phase.OVER:
            break
        html = objectives_html(c)
        if c.is_human(c.state.current) and not c.state.phase.setup:
            seen_person += 1
        elif not c.state.phase.setup:
            seen_bot += 1
            assert "Bot1" not in re.sub(r'<span class="(held|reward)">.*?</span>', "", html)
            assert "Bot2" not in re.sub(r'<span class="(held|reward)">.*?</span>', "", html)
            assert "may claim it now" not in html
            if c.state.alive[0] and 'class="open"' not in html and 'class="gap"' not in html \
                    and 'class="meets"' not in html:
                assert "Held by" in html  # every objective held: nothing for anyone to meet
            elif c.state.alive[0]:
                assert "Ann: " in html or "Ann meets it now" in html, html  # the person's own facts
        if autoplay.tick() is None:  # the person's turn: the bots wait; end it
            from risk.engine import legal_actions

            c.play(legal_actions(c.state)[-1].action)
    assert seen_bot > 10 and seen_person > 0
    everyone_bots = _revised(tuple(Seat(f"Bot{i}", i, "easy") for i in range(3)), seed=4)
    assert "meets it now" not in objectives_html(everyone_bots) and ': you ' not in objectives_html(everyone_bots)


def test_the_revised_turns_armies_add_up_to_what_is_placed() -> None:
    """At every moment of every draft in three bot games: the parts sum to the total, and the total is what
    is left to place plus what was placed this turn (star trades counted, the cities with the territories)."""
    import re

    from risk.events import Placed, TurnStarted
    from risk.game import Seat
    from risk.state import Phase
    from risk_ui import bots, view

    checked = 0
    for seed in (1, 2, 3):
        c = _revised(tuple(Seat(f"P{i}", i, "easy") for i in range(3)), seed)
        autoplay = bots.Autoplay(c)
        while autoplay.tick() is not None and checked < 40 * seed:
            state = c.state
            text = view.income_text(c)
            if state.phase is not Phase.REINFORCE or not text.startswith("This turn"):
                continue
            total = int(re.match(r"This turn: (\d+)", text).group(1))
            parts = [int(n) for n in re.findall(r": \+(\d+) arm", text)]
            placed = 0
            for step in reversed(c.game.history):
                if any(isinstance(e, TurnStarted) for e in step.events):
                    break
                placed += sum(e.count for e in step.events if isinstance(e, Placed) and e.seat == state.current)
            assert sum(parts) == total == state.reserve[state.current] + placed, text
            checked += 1
    assert checked == 120


# ------------------------------------------------------------------------------------------------
# Saves: Import on the first screen, names that do not repeat the players, the edition and the end


def test_a_save_file_imports_from_the_first_screen_and_lists_there(mount) -> None:
    from risk.codec import encode_share
    from risk_ui import words
    from risk_ui.storage import MemoryBackend
    from threads import in_a_thread
    from ui.test_saves_panel import open_page

    doc, page, panel, browser = open_page(mount, MemoryBackend())
    field = doc.getElementById("home-import")
    assert field is not None and doc.getElementById("home-menu").querySelector("#home-import") is field
    assert words.IMPORT_SAVE in doc.getElementById("home-menu").textContent
    panel._spawn = in_a_thread  # the import's reading of the file, at once
    browser.file = ("risk-Friday-night.txt", encode_share(page.controller.game))
    doc.dispatch(field, "change")
    said = doc.getElementById("home-import-message").textContent
    assert said == 'The save file is in the list as "Friday night": press Load to play it.'
    listed = doc.getElementById("home-saves").textContent
    assert "Friday night" in listed and "Classic" in listed and "turn " in listed


def test_saves_are_named_without_their_players_and_say_the_edition_and_the_end() -> None:
    from risk.game import Seat
    from risk.state import Phase
    from risk_ui import bots
    from risk_ui.controller import Controller, NewGameSettings
    from risk_ui.storage import check_entry, describe

    seats = tuple(Seat(f"P{i}", i, "easy") for i in range(2))
    c = Controller.new(NewGameSettings(seats=seats), seed=3)
    entry = describe(c.game, "a", 0.0, "code")
    assert entry.title == "Autosave" and entry.winner == ""
    assert entry.facts_text(date=False) == "P0, P1 · Classic (1980) · turn 1"
    autoplay = bots.Autoplay(c)
    c.ui.fast = c.ui.skipping = True
    while c.state.phase is not Phase.OVER and autoplay.tick() is not None:
        pass
    assert c.state.phase is Phase.OVER
    done = describe(c.game, "a", 0.0, "code")
    won = c.seat_name(c.state.winner)
    assert done.winner == won and f"finished: {won} won on turn {c.state.turn}" in done.facts_text()
    loser = c.seat_name(1 - c.state.winner)
    assert (done.title + done.facts_text()).count(loser) == 1  # the players said once, not in the name too
    # The listing keeps the winner; an older listing without the field still lists.
    import json
    from dataclasses import asdict

    assert check_entry(json.loads(json.dumps(asdict(done)))) == done
    old = {k: v for k, v in json.loads(json.dumps(asdict(entry))).items() if k != "winner"}
    assert check_entry(old) == entry


def test_the_players_shapes_on_the_badges_are_larger(mount) -> None:
    """Each owner's mark spans at least 1.8 badge radii (it was 1.5), measured on the drawn path."""
    import re

    from risk_ui.controller import Controller

    doc, _ = mount(Controller.new(seed=4))
    measured = 0
    for g in doc.querySelectorAll("[data-territory]"):
        mark, badge = g.querySelector(".owner-mark"), g.querySelector(".army-badge")
        d = mark.getAttribute("d") if mark is not None else ""
        if not d or badge is None:
            continue
        r = float(badge.getAttribute("r"))
        xs = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)[0::2]]
        ys = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)[1::2]]
        assert max(max(xs) - min(xs), max(ys) - min(ys)) >= 1.8 * r - 0.05, (g.getAttribute("data-territory"), d)
        measured += 1
    assert measured >= 10
