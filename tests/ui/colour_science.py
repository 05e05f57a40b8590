"""Colour science for the palette test: sRGB to CIELAB, CIEDE2000, and simulated colour blindness.

Simulations (each applied to linear sRGB, the result clipped to the gamut):

- Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation of color vision
  deficiency", the matrices at severity 1.0 for protanopia, deuteranopia and tritanopia;
- Viénot, Brettel and Mollon (1999), "Digital video colourmaps for checking the legibility of displays by
  dichromats", the LMS projection for protanopia and deuteranopia. Its one-plane tritanopia is left out: it
  is known to be poor (Brettel et al. 1997 needed two half-planes for tritanopes), so tritanopia rests on
  Machado's model alone.

CIEDE2000 follows Sharma, Wu and Dalal (2005), whose test data the tests check it against.
"""

from __future__ import annotations

import math

Vector = tuple[float, float, float]
Matrix = tuple[Vector, Vector, Vector]

MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
RGB_TO_LMS: Matrix = ((17.8824, 43.5161, 4.11935), (3.45565, 27.1554, 3.86714), (0.0299566, 0.184309, 1.46709))
LMS_TO_RGB: Matrix = ((0.0809444479, -0.130504409, 0.116721066), (-0.0102485335, 0.0540193266, -0.113614708),
                      (-0.000365296938, -0.00412161469, 0.693511405))
KINDS = ("protanopia", "deuteranopia", "tritanopia")


def _times(m: Matrix, v: Vector) -> Vector:
    return (sum(m[0][j] * v[j] for j in range(3)), sum(m[1][j] * v[j] for j in range(3)),
            sum(m[2][j] * v[j] for j in range(3)))


def _clip(v: Vector) -> Vector:
    return (min(1.0, max(0.0, v[0])), min(1.0, max(0.0, v[1])), min(1.0, max(0.0, v[2])))


def linear_rgb(hex_colour: str) -> Vector:
    """A ``#RRGGBB`` colour in linear sRGB, 0 to 1."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return (r, g, b)


def machado(rgb: Vector, kind: str) -> Vector:
    """Linear sRGB as a dichromat of ``kind`` sees it, by Machado et al. (2009)."""
    return _clip(_times(MACHADO[kind], rgb))


def vienot(rgb: Vector, kind: str) -> Vector:
    """Linear sRGB as a protanope or deuteranope sees it, by Viénot et al. (1999)."""
    lms_l, lms_m, lms_s = _times(RGB_TO_LMS, rgb)
    if kind == "protanopia":
        lms_l = 2.02344 * lms_m - 2.52581 * lms_s
    elif kind == "deuteranopia":
        lms_m = 0.494207 * lms_l + 1.24827 * lms_s
    else:
        raise ValueError(f"Viénot's projection is not used for {kind}")
    return _clip(_times(LMS_TO_RGB, (lms_l, lms_m, lms_s)))


def lab(rgb: Vector) -> Vector:
    """CIELAB (D65 white) of a linear sRGB colour."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: Vector, lab2: Vector) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    d_big_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_big_h / s_h) ** 2 + r_t * (dc / s_c) * (d_big_h / s_h))


def views(hex_colour: str) -> dict[str, Vector]:
    """The colour's CIELAB under normal vision and under each simulation, by name."""
    rgb = linear_rgb(hex_colour)
    seen = {"normal": lab(rgb)}
    for kind in KINDS:
        seen[f"{kind} (Machado 2009)"] = lab(machado(rgb, kind))
        if kind != "tritanopia":
            seen[f"{kind} (Viénot 1999)"] = lab(vienot(rgb, kind))
    return seen


def relative_luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance of an sRGB colour ("#rgb" or "#rrggbb")."""
    digits = hex_colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    r, g, b = linear_rgb("#" + digits.upper())
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21 (text wants 4.5, a control's state 3)."""
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
