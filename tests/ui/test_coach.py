"""The guided first turn (risk_ui.coach): offered once to a first visitor, each step advancing when the game's
phase says the player did it, skippable, and what became of it kept in the browser."""

from __future__ import annotations

from risk.state import Phase
from risk_ui import coach, saves_panel, view
from risk_ui.controller import QUICK_GAMES, Controller
from risk_ui.storage import MemoryBackend, Saves
from scenario import position, tid
from ui.conftest import drawn_map


def first_visit(seed: int) -> Controller:
    """A plain visit's game against the computer, on the person's reinforcements."""
    c = Controller.new(QUICK_GAMES["computer"], seed=seed)
    c.coach.eligible = True
    return c


def shown(c: Controller) -> tuple[str, str, str]:
    """What the coach shows after following the game: (step, element marked, bubble's words)."""
    c.coach.observe(c)
    controls = view.render(c).controls
    text = "" if controls["coach"].hidden else (controls["coach-text"].text or "")
    return c.coach.step, c.coach.target(c), text


def index(c: Controller, target: str) -> int:
    assert target.startswith("t-"), target
    return c.state.board.territory_index(target[2:])


def guided_seed() -> int:
    """A quick game whose guided attack takes its territory at the first "Attack until won" (found by playing,
    so the test runs through every step)."""
    for seed in range(1, 60):
        c = first_visit(seed)
        if not c.coach.offering(c):  # a computer player moves first
            continue
        c.coach.command("coach-start", c)
        c.command("amount", "all")
        c.click(place_target(c))
        source, target = coach.attack_choice(c)
        c.click(source)
        c.click(target)
        c.command("blitz")
        if c.state.phase is Phase.OCCUPY:
            return seed
    raise AssertionError("no quick game's first attack captured")


def place_target(c: Controller) -> int:
    c.coach.observe(c)
    return index(c, c.coach.target(c))


def test_the_offer_shows_once_to_a_first_visitor_and_not_to_a_link_or_a_test_game() -> None:
    c = first_visit(3)
    screen = view.render(c)
    assert not screen.controls["coach"].hidden and not screen.controls["coach-start"].hidden
    assert screen.controls["coach-text"].text == coach.words.COACH_OFFER
    c.coach.observe(c)
    assert c.coach.status == "offered"
    other = Controller.new(QUICK_GAMES["computer"], seed=3)  # a link or a test's game: not eligible
    assert view.render(other).controls["coach"].hidden
    c.ui.home = True  # nothing shows over the first screen
    assert view.render(c).controls["coach"].hidden


def test_each_step_advances_on_the_phase_change_that_says_it_was_done() -> None:
    c = first_visit(guided_seed())
    c.command("coach-start")
    assert c.coach.active and c.coach.status == "offered"
    step, target, text = shown(c)
    assert (step, text) == ("place", coach.words.COACH_PLACE)
    where = index(c, target)
    assert c.state.owner[where] == c.state.current
    assert any(c.state.owner[n] != c.state.current for n in c.state.board.adjacent[where])
    c.click(where)  # one army of several: still placing
    assert c.state.phase is Phase.REINFORCE and shown(c)[0] == "place"
    c.command("amount", "all")
    c.click(where)
    assert c.state.phase is Phase.ATTACK
    step, target, text = shown(c)
    assert (step, text) == ("attack", coach.words.COACH_ATTACK_FROM)
    source = index(c, target)
    assert source == where  # the armies just placed attack
    c.click(source)
    step, target, text = shown(c)
    assert (step, text) == ("attack", coach.words.COACH_ATTACK_TO)
    enemy = index(c, target)
    assert enemy in c.state.board.adjacent[source] and c.state.owner[enemy] != c.state.current
    c.click(enemy)
    assert shown(c) == ("attack", "blitz", coach.words.COACH_ROLL)
    c.command("blitz")
    assert c.state.phase is Phase.OCCUPY
    assert shown(c) == ("move", "occupy", coach.words.COACH_MOVE)
    c.command("occupy")
    assert c.state.phase is Phase.ATTACK and c.state.owner[enemy] == c.state.current
    assert shown(c) == ("end", "end-turn", coach.words.COACH_END)
    c.click(source)  # choosing another attack does not take the step back
    assert shown(c)[0] == "end"
    c.command("end-turn")  # attacks are left: End turn asks once (End turn anyway), the guide stays on it
    assert c.confirming_end() and shown(c)[0] == "end"
    c.command("end-turn")
    assert c.state.current != c.coach.seat
    c.coach.observe(c)
    assert c.coach.status == "done" and not c.coach.active and c.coach.seen == coach.STEPS
    assert view.render(c).controls["coach"].hidden
    assert not c.coach.offering(c)  # never again, in this game or the next
    c.start(QUICK_GAMES["computer"], seed=5)
    assert view.render(c).controls["coach"].hidden


def test_an_attack_that_takes_nothing_leads_to_ending_the_turn() -> None:
    state = position(owners={"alaska": 0, "kamchatka": 1}, armies={"alaska": 1}, default_owner=0,
                     phase=Phase.ATTACK)
    for t in range(state.board.size):  # every territory of seat 0 with one army: nothing can attack
        if state.owner[t] == 0:
            state.armies[t] = 1
    state.armies[tid("alaska")] = 2
    c = Controller.from_state(QUICK_GAMES["computer"].seats, state)
    c.coach.eligible, c.coach.active, c.coach.seat, c.coach.turn = True, True, 0, state.turn
    assert shown(c)[:2] == ("attack", "t-alaska")
    c.state.armies[tid("alaska")] = 1  # the attack lost: no attack is left
    assert shown(c)[:2] == ("end", "end-turn")


def test_skipping_declines_and_the_offer_can_be_declined() -> None:
    c = first_visit(3)
    c.command("coach-no")
    assert c.coach.status == "declined" and view.render(c).controls["coach"].hidden
    c = first_visit(3)
    c.command("coach-start")
    assert not view.render(c).controls["coach-skip"].hidden
    c.command("coach-skip")
    assert c.coach.status == "declined" and not c.coach.active
    assert view.render(c).controls["coach"].hidden and c.coach.target(c) == ""
    c.command("coach-again")  # How to play offers it again
    assert c.coach.status == "" and c.coach.offering(c)


def test_what_became_of_the_offer_is_kept_in_the_browser() -> None:
    backend = MemoryBackend()
    saves = Saves(backend)
    c = first_visit(3)
    saves_panel.load_prefs(saves, c)
    assert c.coach.status == "" and c.coach.offering(c)
    backend.set(saves.keys.prefix + coach.STORAGE_KEY, "done")
    c = first_visit(3)
    saves_panel.load_prefs(saves, c)
    assert c.coach.status == "done" and view.render(c).controls["coach"].hidden
    backend.set(saves.keys.prefix + coach.STORAGE_KEY, "nonsense")
    saves_panel.load_prefs(saves, c)
    assert c.coach.status == ""


def test_the_guided_turn_completed_by_keys_on_the_page(mount) -> None:
    c = first_visit(guided_seed())
    doc, page = mount(c, drawn_map("classic"))
    bubble = doc.getElementById("coach")
    assert not bubble.hidden and not doc.getElementById("coach-start").hidden
    doc.click(doc.getElementById("coach-start"))  # a button: Enter or Space is its click
    assert c.coach.active and doc.getElementById("coach-title").textContent == "Step 1 of 4"

    def marked() -> object:
        found = doc.querySelectorAll("[data-coach-mark]")
        assert len(found) == 1
        return found[0]

    def key(k: str) -> None:
        doc.press(doc.activeElement or doc.body, k)

    where = marked()
    assert where.getAttribute("data-territory")
    key("a")  # All
    doc.press(where, "Enter")
    assert c.state.phase is Phase.ATTACK and c.coach.step == "attack"
    doc.press(marked(), "Enter")  # attack from here
    doc.press(marked(), "Enter")  # the enemy marked
    assert marked().id == "blitz"
    key("b")
    assert c.coach.step == "move" and marked().id == "occupy"
    key("m")
    assert c.coach.step == "end" and marked().id == "end-turn"
    assert doc.getElementById("coach-text").textContent == coach.words.COACH_END
    key("e")  # attacks are left: End turn asks once
    assert c.coach.step == "end" and marked().id == "end-turn"
    key("e")
    assert c.coach.status == "done" and doc.getElementById("coach").hidden
    assert not doc.querySelectorAll("[data-coach-mark]")
    assert page is not None


class Window:
    """A window of some width (the offer's slot depends on it only)."""

    def __init__(self, width: int) -> None:
        self.innerWidth, self.innerHeight = width, 800


def test_the_offer_rests_in_the_pages_flow_covering_nothing_and_a_step_floats_by_its_mark(mount) -> None:
    c = first_visit(guided_seed())
    doc, _page = mount(c, drawn_map("classic"))
    bubble = doc.getElementById("coach")
    # The offer: at the top of the side column (a wide screen), in the flow, not floating over the controls.
    assert not bubble.hidden and bubble.hasAttribute("data-inline") and not bubble.hasAttribute("data-placed")
    assert bubble.parentNode.id == "side" and doc.getElementById("side").firstChild is bubble
    # On a narrow screen (a phone, upright or on its side): at the top of the actions, under the map.
    find = doc.getElementById
    coach.place(find, Window(390), "", [])
    assert bubble.parentNode.id == "actions" and doc.getElementById("actions").firstChild is bubble
    coach.place(find, Window(1280), "", [])
    assert bubble.parentNode.id == "side"
    # "Show me": the step's bubble goes back to float by its mark.
    doc.click(doc.getElementById("coach-start"))
    assert c.coach.active and not bubble.hasAttribute("data-inline") and bubble.parentNode.id == "app"
