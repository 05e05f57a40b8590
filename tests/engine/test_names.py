"""Player names (issue #28): a direction change never leaks out of a name, a cut never falls inside a
grapheme (emoji sequences, combining marks, flags, skin tones), and a name always shows something."""

import pytest

from risk.codec import CannotEncode, CorruptCode, clean_name, decode_game, encode_game, fit_name, name_problem
from risk.codec.seats import graphemes, name_shows
from risk.game import Game, Seat
from risk.rules import make_rules

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"  # 25 bytes, one grapheme
FAMILY_OF_THREE = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
WAVE_DARK = "\U0001F44B\U0001F3FF"  # a hand with a skin-tone modifier
FLAG_FR = "\U0001F1EB\U0001F1F7"  # two regional indicators
HEART = "\u2764\ufe0f"  # a variation selector
E_ACUTE = "e\u0301"  # a base and its combining mark


@pytest.mark.parametrize("typed", ["\u202eAnn", "Ann\u202e", "\u2067Ann", "A\u200fn\u200en\u061c",
                                   "\u202aAnn\u202c", "\u2066Ann\u2069"])
def test_direction_characters_are_dropped_from_a_typed_name(typed):
    assert clean_name(typed) == "Ann"


def test_a_name_left_with_a_direction_open_is_refused_in_a_link_but_a_balanced_one_kept():
    assert "direction" in name_problem(["\u202eAnn", "Bob"])
    assert "direction" in name_problem(["\u2067Ann", "Bob"])
    assert "direction" in name_problem(["Ann\u2069", "Bob"])  # a close with nothing open
    assert name_problem(["\u2067Ann\u2069", "\u202bBob\u202c"]) == ""  # links made before: still good


@pytest.mark.parametrize(("text", "clusters"), [
    (FAMILY + "ab", [FAMILY, "a", "b"]),
    (WAVE_DARK + WAVE_DARK, [WAVE_DARK, WAVE_DARK]),
    (FLAG_FR + FLAG_FR + "\U0001F1EB", [FLAG_FR, FLAG_FR, "\U0001F1EB"]),
    (HEART + "x", [HEART, "x"]),
    (E_ACUTE + "\u0323" + "z", [E_ACUTE + "\u0323", "z"]),
    ("1\ufe0f\u20e3!", ["1\ufe0f\u20e3", "!"]),  # a keycap
])
def test_graphemes_keep_sequences_together(text, clusters):
    assert graphemes(text) == clusters


@pytest.mark.parametrize(("name", "cut"), [
    ("Team " + FAMILY + "!", "Team "),  # 5 + 25 bytes: the family does not fit and is not split
    ("A" * 20 + WAVE_DARK, "A" * 20),  # the modifier is not left behind on its own...
    ("A" * 21 + WAVE_DARK, "A" * 21),  # ...nor the hand kept without it
    ("A" * 14 + FLAG_FR + FLAG_FR, "A" * 14 + FLAG_FR),  # never half a flag
    ("A" * 23 + E_ACUTE, "A" * 23),  # never a base without its mark
    ("A" * 16 + HEART + HEART, "A" * 16 + HEART),
    (FAMILY, FAMILY_OF_THREE),  # a sequence too long on its own keeps its first emoji that fit whole
])
def test_long_names_are_cut_at_a_grapheme_boundary(name, cut):
    assert fit_name(name) == cut
    assert clean_name(name) == cut.strip()


def test_names_that_fit_are_kept_exactly():
    for name in ("Zoë 🎲", "Łukasz & 李雷", FAMILY_OF_THREE, "A" * 20 + "\U0001F44B"):
        assert fit_name(name) == name


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200c\u2060", "\u3164", "\u0301", "\ufe0f"])
def test_a_name_showing_nothing_is_refused(name):
    assert not name_shows(name)
    assert "visible" in name_problem([name, "Bob"])
    seats = (Seat(name, 0), Seat("Bob", 1), Seat("Cy", 2))
    game = Game.start(make_rules("classic"), seats, 1)
    with pytest.raises(CannotEncode):
        encode_game(game)


def test_a_name_showing_something_travels_exactly():
    for name in ("x\u200b", FAMILY, "\u2067\u05e9\u05dc\u05d5\u05dd\u2069", E_ACUTE):
        assert name_shows(name)
        seats = (Seat(name, 0), Seat("Bob", 1), Seat("Cy", 2))
        game = Game.start(make_rules("classic"), seats, 1)
        assert decode_game(encode_game(game)).seats[0].name == fit_name(name)


def test_a_link_naming_a_player_with_an_open_override_is_refused_with_its_reason():
    from risk.codec import classic as classic_codec
    from risk.codec import frame, rans
    from risk.codec import rules as codec_rules
    from risk.codec import seats as codec_seats

    game = Game.start(make_rules("classic"), [Seat("Ann", 0), Seat("Bob", 1), Seat("Cy", 2)], 3)
    w = rans.Writer()
    codec_rules.write_rules(w, game.rules, 3)
    codec_seats.write_seats(w, [Seat("\u202eAnn", 0), Seat("Bob", 1), Seat("Cy", 2)])
    classic_codec.write_state(w, game.state, classic_codec.COMPACT)
    w.number(0, 10)
    with pytest.raises(CorruptCode, match="direction"):
        decode_game(frame.seal(frame.format_byte(frame.GAME, game.rules.revision), w))

