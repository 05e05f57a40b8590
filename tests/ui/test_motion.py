"""Motion: an action's events become animation steps, and the page's motion layer shows and clears them."""

from __future__ import annotations

from tests.ui.fakedom import FakeDocument

from risk.events import BattleFought, Captured, Eliminated, Fortified, MovedIn, Placed, TurnStarted
from risk_ui import motion

BATTLE = BattleFought(source=3, target=4, attacker=(6, 5, 2), defender=(4, 3), attacker_losses=0,
                      defender_losses=2, attacker_seat=0, defender_seat=1)
CENTRES = {3: (10.0, 20.0), 4: (110.0, 60.0), 7: (50.0, 50.0)}


def test_a_battle_is_a_token_travelling_then_its_dice() -> None:
    steps = motion.steps_for([TurnStarted(0, 1, 3), BATTLE])
    assert [s.kind for s in steps] == ["travel", "dice"]
    assert (steps[0].source, steps[0].target, steps[0].seat, steps[0].count) == (3, 4, 0, 3)
    assert steps[1].dice == ((6, 5, 2), (4, 3))


def test_an_attack_of_several_rolls_is_one_token_and_the_last_dice() -> None:
    last = BattleFought(source=3, target=4, attacker=(3, 1), defender=(2,), attacker_losses=0,
                        defender_losses=1, attacker_seat=0, defender_seat=1)
    steps = motion.steps_for([BATTLE, BATTLE, last])
    assert [s.kind for s in steps] == ["travel", "dice"]
    assert steps[1].dice == ((3, 1), (2,))


def test_a_capture_an_elimination_and_the_move_in() -> None:
    events = [BATTLE, Captured(territory=4, seat=0, previous=1), Eliminated(seat=1, by=0, cards=()),
              MovedIn(seat=0, source=3, target=4, count=2)]
    steps = motion.steps_for(events)
    assert [s.kind for s in steps] == ["travel", "dice", "capture", "eliminate", "travel"]
    assert steps[2].target == 4 and steps[3].seat == 1
    assert (steps[4].source, steps[4].target, steps[4].count) == (3, 4, 2)
    assert motion.duration(steps) == sum(motion.DURATION[s.kind] for s in steps)


def test_a_move_and_a_placement() -> None:
    steps = motion.steps_for([Fortified(seat=2, source=4, target=7, count=5), Placed(2, 7, 3, 2)])
    assert [(s.kind, s.source, s.target, s.count) for s in steps] == [("travel", 4, 7, 5), ("place", -1, 7, 3)]


def test_nothing_moves_when_motion_is_reduced() -> None:
    assert motion.steps_for([BATTLE, Captured(4, 0, 1)], reduce_motion=True) == []


def test_the_layer_gets_its_elements_in_sequence_and_is_cleared() -> None:
    document = FakeDocument('<svg><g id="motion"></g></svg><ol><li data-seat="1">Blue</li></ol>')
    steps = motion.steps_for([BATTLE, Captured(4, 0, 1), Eliminated(1, 0, ())])
    total = motion.play(document, steps, CENTRES)
    assert total == motion.duration(steps) > 0
    layer = document.getElementById("motion")
    assert layer is not None
    token = layer.querySelector("circle.mo-token")
    assert token is not None and token.getAttribute("data-dx") == "100.0"
    assert token.getAttribute("data-dy") == "40.0"
    dice = layer.querySelector("text.mo-dice")
    assert dice is not None and dice.textContent == "6 5 2 : 4 3"
    ring = layer.querySelector("circle.mo-capture")
    assert ring is not None and "animation-delay:600ms" in (ring.getAttribute("style") or "")
    row = document.querySelector('[data-seat="1"]')
    assert row is not None and row.getAttribute("data-eliminated-flash") == "1"
    motion.clear(document)
    assert layer.querySelector("circle") is None and layer.querySelector("text") is None


def test_no_steps_leave_the_layer_alone() -> None:
    document = FakeDocument('<svg><g id="motion"></g></svg>')
    assert motion.play(document, [], CENTRES) == 0
    assert document.log == []
