"""The optional sounds (issue #23 part 6): off by default, the audio context made only in a gesture of the person,
the dice, a capture and your turn played through WebAudio calls, and nothing at all (no error) where there is no
WebAudio. The browser's audio is a recording fake here."""

from __future__ import annotations

from typing import Any, ClassVar

from risk.events import BattleFought, Captured, MovedIn
from risk_ui import bots, saves_panel
from risk_ui.controller import Controller
from risk_ui.dom import Page
from risk_ui.sound import SOUNDS, Sound, sound_for
from risk_ui.storage import MemoryBackend, Saves
from ui.conftest import disk_maps, page_html, stand_in_svg
from ui.fakedom import FakeDocument
from ui.test_turn_cue import bots_first, play_bots

BATTLE = BattleFought(source=3, target=4, attacker=(6, 5, 2), defender=(4, 3), attacker_losses=0,
                      defender_losses=2, attacker_seat=0, defender_seat=1)


class Param:
    def __init__(self, log: list[tuple[Any, ...]], name: str) -> None:
        self.log, self.name = log, name

    def setValueAtTime(self, value: float, at: float) -> None:
        self.log.append((self.name, "set", value, at))

    def exponentialRampToValueAtTime(self, value: float, at: float) -> None:
        assert value > 0  # WebAudio refuses an exponential ramp to 0
        self.log.append((self.name, "ramp", value, at))


class Node:
    def __init__(self, log: list[tuple[Any, ...]], kind: str) -> None:
        self.log, self.kind, self.type = log, kind, ""
        self.frequency, self.gain = Param(log, "frequency"), Param(log, "gain")

    def connect(self, other: Any) -> None:
        self.log.append((self.kind, "connect", getattr(other, "kind", other)))

    def start(self, at: float) -> None:
        self.log.append((self.kind, "start", at, self.type))

    def stop(self, at: float) -> None:
        self.log.append((self.kind, "stop", at))


class FakeAudioContext:
    made: ClassVar[list[FakeAudioContext]] = []

    def __init__(self) -> None:
        self.log: list[tuple[Any, ...]] = []
        self.state, self.currentTime, self.destination = "suspended", 2.5, "speakers"
        FakeAudioContext.made.append(self)

    @classmethod
    def new(cls) -> FakeAudioContext:  # Pyodide's way to call a JS constructor
        return cls()

    def resume(self) -> None:
        self.state = "running"

    def createOscillator(self) -> Node:
        return Node(self.log, "oscillator")

    def createGain(self) -> Node:
        return Node(self.log, "gain")


class AudioWindow:
    AudioContext = FakeAudioContext


class Refusing:
    class AudioContext:
        @staticmethod
        def new() -> None:
            raise RuntimeError("NotAllowedError")


def started(context: FakeAudioContext) -> int:
    return sum(1 for entry in context.log if entry[:2] == ("oscillator", "start"))


def test_each_sound_is_its_notes_through_oscillators_and_gains_once_made_in_a_gesture() -> None:
    FakeAudioContext.made.clear()
    sound = Sound(AudioWindow())
    assert not sound.play("dice") and FakeAudioContext.made == []  # no gesture yet: no context, nothing plays
    sound.unlock()
    sound.unlock()
    assert sound.ready and len(FakeAudioContext.made) == 1
    context = FakeAudioContext.made[0]
    for name, tones in SOUNDS.items():
        before = started(context)
        assert sound.play(name)
        assert started(context) - before == len(tones)
    assert context.state == "running"  # a suspended context is resumed
    first = SOUNDS["dice"][0]
    assert ("frequency", "set", first.frequency, 2.5) in context.log
    assert ("oscillator", "connect", "gain") in context.log and ("gain", "connect", "speakers") in context.log
    assert not sound.play("no such sound")


def test_without_webaudio_or_when_refused_nothing_plays_and_nothing_fails() -> None:
    for window in (None, object(), Refusing()):
        sound = Sound(window)
        sound.unlock()
        assert not sound.ready and sound.failed
        assert not sound.play("capture") and sound.played == 0


def test_which_sound_an_action_makes() -> None:
    assert sound_for([BATTLE]) == "dice"
    assert sound_for([BATTLE, Captured(4, 0, 1), MovedIn(0, 3, 4, 2)]) == "capture"
    assert sound_for([MovedIn(0, 3, 4, 2)]) == ""


def mount_with_sound(c: Controller) -> tuple[FakeDocument, Page, Sound]:
    document = FakeDocument(page_html(stand_in_svg()))
    sound = Sound(AudioWindow())
    page = Page(document, c, load_map=disk_maps, sound=sound)
    page.mount()
    return document, page, sound


def test_sound_is_off_by_default_and_kept_when_chosen() -> None:
    c = bots_first()
    assert not c.ui.sound
    c.command("sound")
    assert c.ui.sound and saves_panel.prefs_text(c) == "sound"
    backend = MemoryBackend()
    saves = Saves(backend)
    backend.set(saves.keys.prefix + saves_panel.PREFS_KEY, "sound")
    again = bots_first()
    saves_panel.load_prefs(saves, again)
    assert again.ui.sound


def test_the_page_makes_its_audio_only_at_a_click_with_sound_on_then_plays_the_bots_and_your_turn() -> None:
    FakeAudioContext.made.clear()
    c = bots_first()
    doc, page, sound = mount_with_sound(c)
    doc.click(doc.getElementById("menu"))  # a gesture with Sound off: no audio made
    assert not sound.ready
    doc.click(doc.getElementById("home-sound"))  # Sound on: this click is the gesture
    assert c.ui.sound and sound.ready and doc.getElementById("home-sound").getAttribute("aria-pressed") == "true"
    play_bots(page, bots.Autoplay(c))  # the bots' placements (silent) and battles (the dice), then your turn
    context = FakeAudioContext.made[0]
    firsts = [entry[2] for entry in context.log if entry[:2] == ("frequency", "set")]
    played = [name for name, tones in SOUNDS.items() for f in firsts if f == tones[0].frequency]
    assert "dice" in played or "capture" in played
    assert firsts[-2:] == [tone.frequency for tone in SOUNDS["your-turn"]]  # the last sound: your turn
    assert sound.played == played.count("dice") + played.count("capture") + 1
