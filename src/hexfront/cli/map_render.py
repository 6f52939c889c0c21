"""Draw the BITE map as a PNG with Pillow: terrain, rivers, rails, cities, borders, zones."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from hexfront.games.bite.map import BiteMap

SQRT3 = math.sqrt(3.0)
TERRAIN_COLOUR = {
    "clear": (236, 232, 196),
    "forest": (120, 168, 96),
    "hills": (204, 178, 122),
    "mountains": (150, 112, 78),
    "swamp": (128, 176, 164),
    "water": (150, 190, 225),
}
LAKE_COLOUR = (175, 208, 236)
PARTIAL_TINT = (200, 200, 200)
RIVER = (40, 95, 200)
RAIL = (45, 45, 45)
SOVIET_BORDER = (215, 25, 25)
BORDER = (120, 40, 40)
CITY = {
    "capital": (220, 30, 30),
    "major": (240, 140, 20),
    "fortress": (240, 140, 20),
    "minor": (245, 215, 40),
    "site": (30, 30, 30),
}
# Zone groups for --zones, with an outline colour per zone.
ZONE_GROUPS: dict[str, dict[str, tuple[int, int, int]]] = {
    "md": {
        "md_leningrad": (250, 250, 250),
        "md_baltic": (40, 90, 220),
        "md_western": (235, 200, 0),
        "md_kiev": (30, 160, 60),
        "md_odessa": (245, 130, 20),
        "md_caucasus": (130, 80, 40),
    },
    "ag": {"ag_north": (40, 90, 220), "ag_centre": (235, 200, 0), "ag_south": (30, 160, 60)},
    "green": {"green_line_south": (0, 170, 60)},
    "finland": {"faz": (255, 255, 255), "foa": (90, 90, 90)},
    "start": {
        "start_line_1942_axis": (235, 200, 0),
        "start_line_1943_axis": (0, 170, 60),
        "start_line_1944_axis": (40, 90, 220),
    },
    "sbe": {"sbe1_area": (40, 90, 220), "sbe2_area": (235, 200, 0), "sbe3_area": (30, 160, 60)},
}
# Where each off-map box is drawn, relative to the map edge.
BOX_SIDE = {
    "NARVIK": "north",
    "TROMSO": "north",
    "PETSAMO": "north",
    "MURMANSK": "north",
    "SIBERIA": "east",
    "KRASNOVODSK": "near",
}


class Canvas:
    def __init__(self, m: BiteMap, size: float, margin: int) -> None:
        self.m = m
        self.size = size
        self.margin = margin
        w = int(margin * 2 + size * (1.5 * (m.grid.width - 1) + 2))
        h = int(margin * 2 + size * SQRT3 * (m.grid.height + 0.5))
        self.img = Image.new("RGB", (w, h + int(size * 6)), (255, 255, 255))
        self.draw = ImageDraw.Draw(self.img)
        self.font = ImageFont.load_default(size=max(9, int(size * 0.62)))
        self.small = ImageFont.load_default(size=max(7, int(size * 0.45)))
        self.big = ImageFont.load_default(size=max(12, int(size * 1.0)))

    def centre(self, node: int) -> tuple[float, float]:
        col, row = self.m.grid.col_row(node)
        x = self.margin + self.size + self.size * 1.5 * col
        y = self.margin + self.size * SQRT3 * (row + 0.5 + 0.5 * (col & 1))
        return x, y

    def corners(self, node: int) -> list[tuple[float, float]]:
        cx, cy = self.centre(node)
        return [
            (
                cx + self.size * math.cos(math.radians(60 * k)),
                cy + self.size * math.sin(math.radians(60 * k)),
            )
            for k in range(6)
        ]

    def edge(self, a: int, b: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The shared edge of two adjacent hexes (screen coordinates, y down)."""
        d = self.m.grid.direction_to(a, b)
        # Directions N, NE, SE, S, SW, NW -> corner pairs of a flat-topped hex (y down).
        k1, k2 = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))[d]
        cs = self.corners(a)
        return cs[k1], cs[k2]


def _text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: ImageFont.ImageFont | ImageFont.FreeTypeFont,
    fill: tuple[int, int, int] = (0, 0, 0),
) -> None:
    d.text(xy, text, font=font, fill=fill, stroke_width=2, stroke_fill=(255, 255, 255))


# Lines that only mean something inside the USSR: draw them where the outer hex is Soviet.
SOVIET_ONLY = (
    "green_line_south",
    "start_line_1942_axis",
    "start_line_1943_axis",
    "start_line_1944_axis",
)


def _sides(m: BiteMap, name: str) -> Iterable[tuple[int, int]]:
    """Sides between a zone hex and a land hex outside the zone (coasts are not drawn)."""
    inside = m.zone(name)
    for a in inside:
        for b in m.grid.neighbors[a]:
            if b in inside or m.water[a] or m.water[b]:
                continue
            if name in SOVIET_ONLY and m.owner_1941[b] != "ussr":
                continue
            yield a, b


def render(
    m: BiteMap,
    out: Path,
    zones: Sequence[str] = (),
    size: float = 15.0,
    ids: bool = False,
    labels: str = "cities",
) -> Path:
    """Write a PNG of the map. ``zones`` names groups of ZONE_GROUPS or single zones."""
    cv = Canvas(m, size, margin=int(size * 3))
    d = cv.draw
    n = m.hex_count
    # Terrain.
    for i in range(n):
        colour = LAKE_COLOUR if m.lake[i] else TERRAIN_COLOUR[m.terrain[i]]
        if m.partial[i] and not m.water[i]:
            r0, g0, b0 = colour
            colour = (
                (r0 + PARTIAL_TINT[0]) // 2,
                (g0 + PARTIAL_TINT[1]) // 2,
                (b0 + PARTIAL_TINT[2]) // 2,
            )
        d.polygon(cv.corners(i), fill=colour, outline=(170, 170, 160))
        if m.partial[i] and not m.water[i]:
            x, y = cv.centre(i)
            s = size * 0.5
            d.line([(x - s, y + s), (x + s, y - s)], fill=(150, 150, 150), width=1)
    # Rivers on hexsides.
    for a in range(n):
        for b in m.grid.neighbors[a]:
            if b < a:
                continue
            side = m.hexside_flags(a, b)
            if side.river:
                d.line(
                    cv.edge(a, b),
                    fill=RIVER,
                    width=max(2, int(size / (4 if side.major_river else 6))),
                )
            if side.deep_water:
                p, q = cv.edge(a, b)
                d.line([p, q], fill=(20, 60, 140), width=1)
            if side.red_arrow:
                _arrow(d, cv.centre(a), cv.centre(b), size)
    # Political borders (1941), the Soviet border stronger.
    for a in range(n):
        for b in m.grid.neighbors[a]:
            if b < a or m.water[a] or m.water[b]:
                continue
            oa, ob = m.owner_1941[a], m.owner_1941[b]
            if oa != ob and oa and ob:
                soviet = "ussr" in (oa, ob)
                d.line(
                    cv.edge(a, b),
                    fill=SOVIET_BORDER if soviet else BORDER,
                    width=max(2, int(size / 5)) if soviet else 1,
                )
    # Zones.
    chosen: dict[str, tuple[int, int, int]] = {}
    for z in zones:
        if z in ZONE_GROUPS:
            chosen.update(ZONE_GROUPS[z])
        elif z in m.zone_names:
            chosen[z] = (120, 0, 160)
    for k, (name, colour) in enumerate(sorted(chosen.items())):
        for a, b in _sides(m, name):
            p, q = cv.edge(a, b)
            # dashed: draw the middle part only, shifted per zone to keep overlaps visible
            t0, t1 = 0.15 + 0.05 * (k % 3), 0.85 - 0.05 * (k % 3)
            d.line(
                [
                    (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                    (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1),
                ],
                fill=colour,
                width=max(3, int(size / 3.5)),
            )
    # Rails between hex centres.
    for r in m.rails:
        pts = [cv.centre(x) for x in r.nodes if x < n]
        for p0, p1 in itertools.pairwise(pts):
            if r.built:
                d.line([p0, p1], fill=RAIL, width=max(2, int(size / 7)))
            else:
                _dotted(d, p0, p1, size)
    # Boxes and their links.
    _boxes(cv)
    # Cities and sites.
    for i, pl in sorted(m.place_at.items()):
        x, y = cv.centre(i)
        kind = pl.type or "site"
        rad = (
            size
            * {"capital": 0.42, "major": 0.36, "fortress": 0.38, "minor": 0.26, "site": 0.15}[kind]
        )
        d.ellipse([x - rad, y - rad, x + rad, y + rad], fill=CITY[kind], outline=(0, 0, 0))
        if kind == "fortress":
            d.rectangle(
                [x - rad * 1.3, y - rad * 1.3, x + rad * 1.3, y + rad * 1.3],
                outline=(200, 60, 0),
                width=2,
            )
        if pl.victory:
            _star(d, x, y - rad * 2.0, rad * 0.9)
        if pl.bunker:
            d.rectangle([x + rad, y + rad * 0.2, x + rad * 2.2, y + rad * 1.4], fill=(90, 90, 90))
        show = labels == "all" or (
            labels == "cities"
            and (
                kind in ("capital", "major", "fortress")
                or pl.production.yellow
                or pl.production.black
                or pl.bunker
                or kind == "minor"
            )
        )
        if show and labels != "none":
            font = cv.font if kind in ("capital", "major", "fortress") else cv.small
            _text(d, (x + rad + 1, y - rad - size * 0.35), pl.name, font)
    if ids:
        for i in range(n):
            x, y = cv.centre(i)
            d.text(
                (x - size * 0.45, y + size * 0.45), m.id_of(i), font=cv.small, fill=(110, 110, 110)
            )
    _legend(cv, sorted(chosen.items()))
    cv.img.save(out, optimize=True)
    return out


def _arrow(
    d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float], size: float
) -> None:
    d.line([p, q], fill=(220, 0, 0), width=max(2, int(size / 5)))
    ang = math.atan2(q[1] - p[1], q[0] - p[0])
    for s in (-1, 1):
        a2 = ang + math.pi - s * 0.5
        d.line(
            [q, (q[0] + size * 0.5 * math.cos(a2), q[1] + size * 0.5 * math.sin(a2))],
            fill=(220, 0, 0),
            width=max(2, int(size / 5)),
        )


def _dotted(
    d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float], size: float
) -> None:
    steps = 6
    for k in range(steps):
        t = (k + 0.5) / steps
        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        r = size / 9
        d.ellipse([x - r, y - r, x + r, y + r], fill=RAIL)


def _star(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    d.polygon(pts, fill=(200, 0, 0), outline=(90, 0, 0))


def _boxes(cv: Canvas) -> None:
    m, d, size = cv.m, cv.draw, cv.size
    w, _ = cv.img.size
    placed: dict[int, tuple[float, float]] = {}
    north = [b for b in m.boxes.values() if BOX_SIDE.get(b.id) == "north"]
    # North boxes in a row along the top edge, above their map links.
    for b in m.boxes.values():
        linked = [lk.b if lk.a == b.node else lk.a for lk in m.links if b.node in (lk.a, lk.b)]
        hexes = [x for x in linked if x < m.hex_count]
        side = BOX_SIDE.get(b.id, "near")
        if hexes:
            xs = [cv.centre(x) for x in hexes]
            ax, ay = sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs)
        else:
            ax, ay = 0.0, 0.0
        if side == "north":
            pos = (ax, cv.margin * 0.45)
        elif side == "east":
            pos = (w - cv.margin * 0.9, ay)
        else:
            pos = (ax + size * 3.2, ay + size * 1.5)
        placed[b.node] = pos
    for b in north:  # Tromso has no map link: put it between Narvik and Petsamo
        if b.id == "TROMSO":
            nx = placed[m.boxes["NARVIK"].node][0]
            px = placed[m.boxes["PETSAMO"].node][0]
            placed[b.node] = ((nx + px) / 2, cv.margin * 0.45)
    for lk in m.links:
        ends = [lk.a, lk.b]
        if all(x in placed for x in ends) and len({BOX_SIDE.get(m.id_of(x)) for x in ends}) > 1:
            continue  # e.g. Krasnovodsk-Siberia: named on the box instead
        pts = [placed[x] if x in placed else cv.centre(x) for x in ends]
        colour = (
            (220, 0, 0)
            if lk.kind == "red_arrow"
            else (90, 90, 90)
            if lk.kind == "rail"
            else (40, 120, 220)
        )
        if not lk.built:
            _dotted(d, pts[0], pts[1], size)
        else:
            d.line(pts, fill=colour, width=max(2, int(size / 6)))
    for b in m.boxes.values():
        x, y = placed[b.node]
        bw, bh = size * 2.6, size * 0.9
        d.rectangle(
            [x - bw, y - bh, x + bw, y + bh],
            fill=TERRAIN_COLOUR[b.terrain],
            outline=(200, 0, 0),
            width=2,
        )
        _text(d, (x - bw + 3, y - bh + 1), b.name, cv.font)
        far = [
            m.boxes[m.id_of(o)].name
            for lk in m.links
            for o in (lk.a, lk.b)
            if b.node in (lk.a, lk.b)
            and o != b.node
            and o in placed
            and BOX_SIDE.get(m.id_of(o)) != BOX_SIDE.get(b.id)
        ]
        if far:
            _text(d, (x - bw + 3, y + bh + 1), "rail to " + ", ".join(far), cv.small)


def _legend(cv: Canvas, zones: list[tuple[str, tuple[int, int, int]]]) -> None:
    d, size = cv.draw, cv.size
    _, h = cv.img.size
    y0 = h - size * 5.5
    x: float = cv.margin
    _text(
        d,
        (x, y0),
        "Blocks in the East - hexfront reconstruction (1 hex = 72 km, June 1941 borders)",
        cv.big,
    )
    y: float = y0 + size * 1.6
    for name, colour in TERRAIN_COLOUR.items():
        d.rectangle([x, y, x + size, y + size], fill=colour, outline=(0, 0, 0))
        _text(d, (x + size * 1.3, y), name, cv.font)
        x += size * 6
    d.line([(x, y + size / 2), (x + size * 1.5, y + size / 2)], fill=RIVER, width=3)
    _text(d, (x + size * 1.8, y), "river", cv.font)
    x += size * 6
    d.line([(x, y + size / 2), (x + size * 1.5, y + size / 2)], fill=RAIL, width=3)
    _text(d, (x + size * 1.8, y), "rail", cv.font)
    x += size * 5
    d.line([(x, y + size / 2), (x + size * 1.5, y + size / 2)], fill=SOVIET_BORDER, width=3)
    _text(d, (x + size * 1.8, y), "Soviet border", cv.font)
    x = float(cv.margin)
    y += size * 1.6
    for kind, colour in CITY.items():
        r = size * 0.35
        d.ellipse(
            [x, y + size / 2 - r, x + 2 * r, y + size / 2 + r], fill=colour, outline=(0, 0, 0)
        )
        _text(d, (x + size * 1.1, y), kind, cv.font)
        x += size * 6
    for name, colour in zones:
        d.line([(x, y + size / 2), (x + size * 1.5, y + size / 2)], fill=colour, width=3)
        _text(d, (x + size * 1.8, y), name, cv.small)
        x += size * 7
