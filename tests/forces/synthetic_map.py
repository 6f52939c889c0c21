"""A small synthetic BITE map for tests: 72 km flat-top hexes over Eastern Europe, with rough
1941 owners, military districts and army-group areas drawn from a few hand-made lines.

It is NOT the game map (that is built from real geodata on the map branch). It is accurate
enough to exercise the deployment resolver and checks, and to show that the default setup is
legal on a map of the right scale.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache

HEX_KM = 72.0
LAT0 = 52.0
KX = 111.32 * math.cos(math.radians(LAT0))
KY = 110.57

# The 1941 western border of the USSR, north to south, then its southern border (lon, lat).
USSR = [
    (29.3, 69.9),
    (29.3, 66.95),
    (29.6, 66.5),
    (29.95, 66.05),
    (29.95, 65.5),
    (29.85, 65.1),
    (30.0, 64.6),
    (30.5, 64.0),
    (30.9, 63.6),
    (31.2, 63.1),
    (31.55, 62.85),
    (31.3, 62.5),
    (30.7, 62.15),
    (30.15, 61.85),
    (29.85, 61.55),
    (29.3, 61.3),
    (28.85, 61.15),
    (28.3, 60.87),
    (27.8, 60.55),
    (26.0, 60.0),
    (21.0, 59.6),
    (20.6, 57.4),
    (21.06, 55.87),
    (21.45, 55.92),
    (21.75, 55.6),
    (21.95, 55.35),
    (22.55, 55.07),
    (22.85, 55.05),
    (22.73, 54.43),
    (23.5, 54.0),
    (22.9, 54.0),
    (22.35, 53.85),
    (21.95, 53.55),
    (21.65, 53.3),
    (21.9, 53.05),
    (22.05, 52.75),
    (22.6, 52.45),
    (23.1, 52.28),
    (23.6, 52.1),
    (23.65, 51.65),
    (23.55, 51.5),
    (23.65, 51.2),
    (24.1, 50.85),
    (24.15, 50.45),
    (23.55, 50.3),
    (23.1, 50.15),
    (22.75, 50.05),
    (22.77, 49.78),
    (22.5, 49.6),
    (22.2, 49.55),
    (22.55, 49.3),
    (22.9, 49.0),
    (23.5, 48.85),
    (24.0, 48.55),
    (24.5, 48.2),
    (24.9, 47.92),
    (25.5, 47.85),
    (26.3, 48.05),
    (26.8, 48.27),
    (27.25, 48.0),
    (27.6, 47.6),
    (27.85, 47.2),
    (28.15, 46.75),
    (28.25, 46.3),
    (28.15, 45.9),
    (28.2, 45.5),
    (28.6, 45.3),
    (29.2, 45.4),
    (29.7, 45.25),
    (41.55, 41.52),
    (42.5, 41.45),
    (43.2, 41.2),
    (43.5, 40.95),
    (43.7, 40.5),
    (43.65, 40.1),
    (44.1, 40.02),
    (44.6, 39.78),
    (44.8, 39.65),
    (45.5, 39.0),
    (46.1, 38.85),
    (46.55, 38.9),
    (47.2, 39.35),
    (47.95, 39.7),
    (48.35, 39.4),
    (48.1, 38.95),
    (48.45, 38.6),
    (48.87, 38.43),
    (53.0, 37.0),
    (62.0, 37.0),
    (62.0, 70.0),
]
FIN_SOUTH = [(26.0, 60.05), (22.0, 59.6), (21.0, 60.0), (20.0, 63.0)]
FINLAND = [(20.0, 69.9), (29.3, 69.9), *USSR[1:19], *FIN_SOUTH]
ROM_SOUTH = [(29.7, 44.8), (28.6, 43.7), (22.5, 44.3), (21.0, 46.2)]
ROMANIA = [(22.9, 48.0), (24.9, 47.92), *USSR[56:69], *ROM_SOUTH]
HUNGARY = [
    (22.9, 49.0),
    (23.5, 48.85),
    (24.0, 48.55),
    (24.5, 48.2),
    (24.9, 47.92),
    (22.9, 48.0),
    (21.0, 46.2),
    (17.0, 45.8),
    (16.0, 47.5),
    (17.5, 48.0),
    (19.0, 48.2),
    (22.2, 48.4),
]
SLOVAKIA = [
    (17.0, 48.0),
    (19.0, 48.2),
    (22.2, 48.4),
    (22.9, 49.0),
    (22.2, 49.55),
    (19.5, 49.6),
    (17.2, 48.9),
]
TURKEY = [(41.55, 41.52), (44.8, 39.65), (44.8, 37.0), (26.0, 36.5), (26.0, 42.0), (29.7, 41.2)]
IRAN = [
    (44.8, 39.65),
    (45.5, 39.0),
    (46.1, 38.85),
    (46.55, 38.9),
    (47.2, 39.35),
    (47.95, 39.7),
    (48.35, 39.4),
    (48.1, 38.95),
    (48.45, 38.6),
    (48.87, 38.43),
    (53.0, 37.0),
    (53.0, 33.5),
    (44.8, 33.5),
]
SEA = [(29.7, 45.25), (41.55, 41.52), (41.0, 41.0), (29.7, 41.2), (28.6, 43.7), (29.7, 44.8)]
CASPIAN = [
    (48.87, 38.43),
    (49.0, 40.3),
    (49.9, 40.2),
    (50.3, 41.0),
    (49.0, 42.5),
    (47.5, 43.5),
    (47.5, 46.0),
    (49.5, 46.6),
    (53.0, 46.0),
    (53.0, 37.0),
]

PLACES = {
    "Moscow": (37.62, 55.75),
    "Leningrad": (30.3, 59.94),
    "Kiev": (30.52, 50.45),
    "Riga": (24.1, 56.95),
    "Tallinn": (24.75, 59.44),
    "Sevastopol": (33.52, 44.6),
    "Hanko": (22.95, 59.83),
    "Shepetovka": (27.06, 50.18),
    "Cherkassy": (32.06, 49.44),
    "Orsha": (30.42, 54.51),
    "Gomel": (31.0, 52.44),
    "Velikiye Luki": (30.52, 56.34),
    "Vyazma": (34.3, 55.21),
    "Bryansk": (34.36, 53.25),
    "Dnepropetrovsk": (35.05, 48.45),
    "Smolensk": (32.04, 54.78),
    "Vitebsk": (30.2, 55.19),
    "Orel": (36.08, 52.97),
    "Kharkov": (36.23, 49.99),
    "Armavir": (41.12, 44.99),
    "Pskov": (28.33, 57.82),
    "Polotsk": (28.8, 55.49),
    "Mozyr": (29.25, 52.05),
    "Korosten": (28.64, 50.95),
    "Tiraspol": (29.6, 46.84),
    "Baku": (49.87, 40.4),
    "Zhitomir": (28.66, 50.25),
    "Novgorod": (31.28, 58.52),
    "Rostov": (39.7, 47.23),
    "Tbilisi": (44.8, 41.7),
    "Bialystok": (23.16, 53.13),
    "Minsk": (27.56, 53.9),
    "Lvov": (24.03, 49.84),
    "Odessa": (30.73, 46.48),
    "Simferopol": (34.1, 44.95),
    "Rastenburg": (21.5, 54.08),
    "Insterburg": (21.81, 54.63),
    "Warsaw": (21.01, 52.23),
    "Rzeszow": (22.0, 50.04),
    "Rovaniemi": (25.73, 66.5),
    "Mikkeli": (27.27, 61.69),
    "Helsinki": (24.94, 60.17),
    "Bucharest": (26.1, 44.43),
    "Königsberg": (20.5, 54.71),
    "Tilsit": (21.88, 55.09),
    "Siedlce": (22.28, 52.17),
    "Suwalki": (22.93, 54.1),
    "Lublin": (22.57, 51.25),
    "Zamosc": (23.25, 50.72),
    "Iasi": (27.59, 47.16),
    "Ploiesti": (26.02, 44.94),
    "Focsani": (27.18, 45.7),
    "Constanta": (28.65, 44.18),
    "Kosice": (21.25, 48.72),
    "Banska Bystrica": (19.15, 48.74),
    "Budapest": (19.04, 47.5),
    "Berlin": (13.4, 52.52),
    "Stalingrad": (44.5, 48.7),
    "Kalinin": (35.9, 56.86),
    "Tula": (37.62, 54.2),
    "Voronezh": (39.2, 51.67),
    "Kursk": (36.19, 51.73),
    "Vilnius": (25.28, 54.69),
    "Kaunas": (23.9, 54.9),
    "Brest": (23.7, 52.1),
    "Grodno": (23.83, 53.68),
    "Poltava": (34.55, 49.59),
    "Stalino": (37.8, 48.0),
    "Taganrog": (38.9, 47.22),
    "Kaluga": (36.25, 54.51),
    "Yelets": (38.5, 52.62),
    "Krasnodar": (38.98, 45.04),
    "Kerch": (36.47, 45.36),
    "Vologda": (39.89, 59.22),
    "Yaroslavl": (39.87, 57.63),
    "Ryazan": (39.74, 54.63),
    "Tambov": (41.45, 52.72),
    "Saratov": (46.03, 51.53),
    "Volkhov": (32.33, 59.92),
    "Voroshilovgrad": (39.3, 48.57),
    "Bobruisk": (29.24, 53.14),
    "Chisinau": (28.85, 47.0),
    "Vinnitsa": (28.47, 49.23),
    "Oranienbaum": (29.55, 59.92),
    "Gorky": (44.0, 56.33),
    "Kuibyshev": (50.1, 53.2),
    "Breslau": (17.03, 51.11),
    "Grozny": (45.69, 43.32),
    "Vyborg": (28.75, 60.71),
    "Petrozavodsk": (34.35, 61.78),
    "Murmansk city": (33.08, 68.97),
}
BOXES = {
    "MURMANSK": "ussr",
    "TROMSO": "norway",
    "NARVIK": "norway",
    "PETSAMO": "ussr",
    "SIBERIA": "ussr",
    "KRASNOVODSK": "ussr",
}


def _inside(lon: float, lat: float, poly: list[tuple[float, float]]) -> bool:
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > lat) != (yj > lat) and lon < (xj - xi) * (lat - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _baltic(lon: float, lat: float) -> bool:
    return (
        (lon < 21.05 and 54.9 < lat < 60.0)
        or (59.55 < lat < 60.1 and 22.5 < lon < 25.5)
        or (59.6 < lat < 60.4 and 25.5 <= lon < 29.9)
        or (57.0 < lat < 58.3 and 22.0 < lon < 24.2)
        or (lat > 60.2 and lon < 21.3)
        or (lon < 22.3 and 58.6 < lat < 60.1)
    )


def owner_at(lon: float, lat: float) -> str:
    if _inside(lon, lat, SEA) or _inside(lon, lat, CASPIAN) or _baltic(lon, lat) or lat > 67.3:
        return "sea"
    for name, poly in (
        ("finland", FINLAND),
        ("romania", ROMANIA),
        ("hungary", HUNGARY),
        ("slovakia", SLOVAKIA),
        ("turkey", TURKEY),
        ("iran", IRAN),
    ):
        if _inside(lon, lat, poly):
            return name
    if _inside(lon, lat, USSR):
        return "ussr"
    if lat > 58.5 and lon < 20.5:
        return "sweden"
    return "germany"


def zones_at(lon: float, lat: float, owner: str) -> frozenset[str]:
    z: set[str] = set()
    if owner == "ussr":
        if lat < 43.6 and lon > 39.5:
            z.add("md_caucasus")
        elif (
            lon < 28.2
            and lat <= 59.7
            and lat >= (54.0 if lon <= 24.0 else min(55.7, 54.0 + (lon - 24.0) * 0.58))
        ):
            z.add("md_baltic")
        elif (lat > 57.6 and lon < 36) or lat > 60.2:
            z.add("md_leningrad")
        elif (lat >= 51.6 and lat < 54.0 and lon < 32) or (54.0 <= lat < 56.2 and 26.0 <= lon < 32):
            z.add("md_western")
        elif lon < 32.5 and 47.6 <= lat < 51.6 and (lat >= 48.3 or lon < 26.7):
            z.add("md_kiev")
        elif lon < 36.5 and lat < 48.3:
            z.add("md_odessa")
        else:
            z.add("ussr_interior")
    elif owner == "germany" and lon > 19.5:
        if lat >= 54.45 or (lat >= 54.25 and lon < 22.65):
            z.add("ag_north")
        elif lat >= 51.65:
            z.add("ag_centre")
        else:
            z.add("ag_south")
    if owner == "finland":
        z.add("finland_1941")
    return frozenset(z)


class SyntheticMap:
    """Flat-top odd-q hexes, ids 'CCRR', covering 18-52 E and 38-70 N."""

    def __init__(self) -> None:
        size = HEX_KM / math.sqrt(3)
        self.cols = int((52 - 18) * KX / (1.5 * size)) + 2
        self.rows = int((70 - 38) * KY / HEX_KM) + 2
        self.rec: dict[str, tuple[float, float, str, frozenset[str]]] = {}
        self.pos: dict[tuple[int, int], str] = {}
        for c in range(self.cols):
            for r in range(self.rows):
                x = c * 1.5 * size
                y = r * HEX_KM + (HEX_KM / 2 if c % 2 else 0.0)
                lon, lat = 18 + x / KX, 70 - y / KY
                own = owner_at(lon, lat)
                if own == "sea":
                    continue
                hid = f"{c + 1:02d}{r + 1:02d}"
                self.rec[hid] = (lon, lat, own, zones_at(lon, lat, own))
                self.pos[(c, r)] = hid
        self.city: set[str] = set()
        self.nodes: dict[str, str] = {}
        for name, (lon, lat) in PLACES.items():
            h = self.nearest(lon, lat)
            self.nodes[name] = h
            self.city.add(h)
        for box, own in BOXES.items():
            self.rec[box] = (0.0, 0.0, own, frozenset())
            self.nodes[box] = box

    def nearest(self, lon: float, lat: float) -> str:
        return min(
            (h for h in self.rec if h not in BOXES),
            key=lambda h: ((self.rec[h][0] - lon) * KX) ** 2 + ((self.rec[h][1] - lat) * KY) ** 2,
        )

    def hexes(self) -> Iterable[str]:
        return self.rec.keys()

    def lonlat(self, h: str) -> tuple[float, float]:
        return self.rec[h][0], self.rec[h][1]

    def owner(self, h: str) -> str:
        return self.rec[h][2]

    def zones(self, h: str) -> frozenset[str]:
        return self.rec[h][3]

    def zone_names(self) -> frozenset[str]:
        return frozenset(z for r in self.rec.values() for z in r[3])

    def neighbors(self, h: str) -> Iterable[str]:
        if h in BOXES:
            return []
        c, r = int(h[:2]) - 1, int(h[2:]) - 1
        if c % 2 == 0:
            deltas = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
        else:
            deltas = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
        return [self.pos[(c + dc, r + dr)] for dc, dr in deltas if (c + dc, r + dr) in self.pos]

    def node(self, name: str) -> str | None:
        return self.nodes.get(name)

    def is_city(self, h: str) -> bool:
        return h in self.city

    def is_box(self, h: str) -> bool:
        return h in BOXES


@cache
def synthetic_map() -> SyntheticMap:
    return SyntheticMap()
