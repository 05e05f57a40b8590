"""Small sounds, synthesized with WebAudio from Python (no audio files): the dice, a capture, your turn.

Off unless the person chooses Sound (a preference the page keeps). The audio context is made only in a gesture of
the person (a click, a tap or a key: the browsers' autoplay rules), and every call into the browser is guarded:
a page without WebAudio (the fake DOM of the tests, an old browser) plays nothing, silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from risk.events import BattleFought, Captured, Event


@dataclass(frozen=True, slots=True)
class Tone:
    """One short note: starting ``at`` seconds into its sound, ``length`` seconds long, fading out."""

    at: float
    frequency: float
    length: float
    wave: str = "triangle"
    volume: float = 0.12


SOUNDS: dict[str, tuple[Tone, ...]] = {
    # three dry clicks, like dice on a board
    "dice": (Tone(0.0, 190, 0.05, "square", 0.05), Tone(0.07, 150, 0.05, "square", 0.05),
             Tone(0.13, 230, 0.06, "square", 0.05)),
    # a rising pair: a territory taken
    "capture": (Tone(0.0, 392, 0.12), Tone(0.11, 587, 0.22)),
    # a soft two-note chime: your turn
    "your-turn": (Tone(0.0, 659, 0.18, "sine", 0.14), Tone(0.16, 880, 0.3, "sine", 0.14)),
}


def sound_for(events: Iterable[Event]) -> str:
    """The sound of an action's events: a capture, else the dice of a battle, else none ("")."""
    kinds = {type(event) for event in events}
    if Captured in kinds:
        return "capture"
    return "dice" if BattleFought in kinds else ""


def _is_none(value: object) -> bool:
    return value is None


class Sound:
    """The page's sounds: :meth:`unlock` in a gesture makes the audio context, :meth:`play` plays one of SOUNDS."""

    def __init__(self, window: Any = None, is_none: Callable[[Any], bool] = _is_none) -> None:
        self._window = window
        self._none = is_none
        self._context: Any = None
        self.failed = False  # no WebAudio here (or it refused): never tried again
        self.played = 0  # sounds played, for tests

    @property
    def ready(self) -> bool:
        """Whether the audio context was made (in a gesture)."""
        return self._context is not None

    def unlock(self) -> None:
        """Make the audio context; call only in a gesture of the person, with Sound on."""
        if self._context is not None or self.failed:
            return
        try:
            window = self._window
            maker = None if window is None else getattr(window, "AudioContext", None)
            if maker is None or self._none(maker):
                maker = None if window is None else getattr(window, "webkitAudioContext", None)
            if maker is None or self._none(maker):
                self.failed = True
                return
            self._context = maker.new()
        except Exception:  # refused, or not a constructor: no sound, and nothing else changes
            self.failed, self._context = True, None

    def play(self, name: str) -> bool:
        """Play a sound now (True), or nothing: no context yet, no such sound, or the browser refused."""
        context, tones = self._context, SOUNDS.get(name, ())
        if context is None or not tones:
            return False
        try:
            if str(context.state) == "suspended":
                context.resume()
            now = float(context.currentTime)
            for tone in tones:
                start, end = now + tone.at, now + tone.at + tone.length
                oscillator, gain = context.createOscillator(), context.createGain()
                oscillator.type = tone.wave
                oscillator.frequency.setValueAtTime(tone.frequency, start)
                gain.gain.setValueAtTime(0.0001, start)
                gain.gain.exponentialRampToValueAtTime(tone.volume, start + 0.01)
                gain.gain.exponentialRampToValueAtTime(0.0001, end)
                oscillator.connect(gain)
                gain.connect(context.destination)
                oscillator.start(start)
                oscillator.stop(end + 0.02)
        except Exception:  # a browser that cannot: silently nothing
            return False
        self.played += 1
        return True
