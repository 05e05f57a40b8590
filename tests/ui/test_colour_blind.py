"""The player colours and the neutral stay apart for people with any of the common kinds of colour blindness.

The threshold, 18 CIEDE2000 units, and why:

- about 3 units is a difference people see at once between two large patches side by side on a screen
  (CIEDE2000 was fitted so that 1 unit is about one just-noticeable difference under ideal viewing; the
  colour industry's "clearly visible" tolerances are 2 to 3);
- an army badge is small (10 to 25 px, well under one degree of visual field), and colour discrimination
  gets about three times coarser for such small fields than for the 2-degree patches the formula was
  fitted on (Brainard 2003; Carter & Huertas 2010 on small samples), so 3 x 3 = 9;
- the badges to be compared are apart on the map, not side by side, and a player matches a badge to a
  remembered colour (the players' table), which about doubles the difference needed again: 9 x 2 = 18.

The palette measures 20.6 at its closest pair (20.4 before issue #23, Blue and Green under tritanopia by
Machado's model, now 21.2 under deuteranopia and tritanopia), so there is room for the imprecision of the
simulations. Besides colour, each player's mark has its own shape.
"""

from __future__ import annotations

import itertools

import pytest

from risk_ui.palette import NEUTRAL, PALETTE, tint
from ui.colour_science import KINDS, ciede2000, lab, linear_rgb, machado, views

THRESHOLD = 18.0


def test_ciede2000_matches_the_published_test_data() -> None:
    """Pairs from Sharma, Wu and Dalal (2005), table 1."""
    pairs = [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
             ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
             ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0),
             ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
             ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
             ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
             ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082)]
    for first, second, expected in pairs:
        assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_collapse_the_colours_each_kind_confuses() -> None:
    """A sanity check of the simulations: red and green, far apart for most people, come close for
    deuteranopes; a blue and a teal come closer for tritanopes."""
    red, green = linear_rgb("#FF0000"), linear_rgb("#00A000")
    normal = ciede2000(lab(red), lab(green))
    deutan = ciede2000(lab(machado(red, "deuteranopia")), lab(machado(green, "deuteranopia")))
    assert normal > 60 and deutan < normal / 3
    assert ciede2000(lab(machado(linear_rgb("#0050FF"), "tritanopia")),
                     lab(machado(linear_rgb("#00A0A0"), "tritanopia"))) < ciede2000(
        lab(linear_rgb("#0050FF")), lab(linear_rgb("#00A0A0")))
    assert set(KINDS) == {"protanopia", "deuteranopia", "tritanopia"}


def closest_pairs() -> list[tuple[float, str, str, str]]:
    """Every pair of player colours and the neutral under every kind of vision, closest first."""
    colours = [*PALETTE, NEUTRAL]
    seen = {c.name: views(c.hex) for c in colours}
    found = []
    for a, b in itertools.combinations(colours, 2):
        for vision in seen[a.name]:
            found.append((ciede2000(seen[a.name][vision], seen[b.name][vision]), vision, a.name, b.name))
    return sorted(found)


def test_every_pair_of_player_colours_and_the_neutral_stays_apart_under_colour_blindness() -> None:
    pairs = closest_pairs()
    visions = {vision for _, vision, _, _ in pairs}
    assert visions >= {"normal", "protanopia (Machado 2009)", "deuteranopia (Machado 2009)",
                       "tritanopia (Machado 2009)", "protanopia (Viénot 1999)", "deuteranopia (Viénot 1999)"}
    assert len(pairs) == len(visions) * 36  # 9 colours: 36 pairs under each kind of vision
    too_close = [f"{a} and {b} under {vision}: {d:.1f}" for d, vision, a, b in pairs if d < THRESHOLD]
    assert not too_close, "colours too close: " + "; ".join(too_close)


def test_the_old_palette_would_have_failed() -> None:
    """The check catches what the issue found: the Okabe-Ito pink against the old neutral grey."""
    pink, grey = views("#CC79A7"), views("#9A9A9A")
    vision = "deuteranopia (Machado 2009)"
    assert ciede2000(pink[vision], grey[vision]) < THRESHOLD


def test_the_land_tints_of_the_players_stay_apart_too() -> None:
    """The land is the colour mixed with white; a looser bar (half) since the badge carries the full colour."""
    from risk_ui.map_view import LAND_TINT

    colours = [*PALETTE, NEUTRAL]
    seen = {c.name: views(tint(c.hex, LAND_TINT)) for c in colours}
    worst = min(ciede2000(seen[a.name][v], seen[b.name][v])
                for a, b in itertools.combinations(colours, 2) for v in seen[a.name])
    assert worst >= THRESHOLD / 2


def test_deuteranopes_and_tritanopes_see_the_closest_pair_farther_apart_than_before() -> None:
    """Issue #23: the closest pair under deuteranopia and tritanopia was 20.4 (Blue and Green, tritanopia)."""
    pairs = [d for d, vision, _, _ in closest_pairs() if vision.startswith(("deuteranopia", "tritanopia"))]
    assert min(pairs) >= 21.0

