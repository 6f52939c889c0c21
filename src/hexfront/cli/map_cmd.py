"""``hexfront map ...``: check, draw, inspect and measure a game map."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from hexfront.engine.errors import HexfrontError
from hexfront.games.bite.map import BiteMap, load_map
from hexfront.games.stalins_war.map import StalinsWarMap
from hexfront.games.stalins_war.map import check as sw_check
from hexfront.games.stalins_war.map import load_map as load_sw_map
from hexfront.games.stalins_war.map import stats as sw_stats
from hexfront.i18n import _, _n

map_app = typer.Typer(help="Inspect and draw a game map.", no_args_is_help=True)
console = Console()
err = Console(stderr=True)

GameArg = Annotated[
    str, typer.Argument(metavar="GAME", help="the game whose map to use (bite, stalins_war)")
]
MAP_GAMES = ("bite", "stalins_war")


def _fail(message: str, code: int = 1) -> NoReturn:
    label = _("error:")
    err.print(f"[bold red]{label}[/] {message}", highlight=False)
    raise typer.Exit(code)


def _map(game: str) -> BiteMap:
    if game == "stalins_war":
        _fail(_("the Stalin's War map offers check, render and show"))
    if game != "bite":
        _fail(
            _(
                "no map for game {game}; maps exist for: {games}",
                game=repr(game),
                games=", ".join(MAP_GAMES),
            )
        )
    try:
        return load_map()
    except (OSError, HexfrontError, ValueError) as exc:  # pragma: no cover - broken install
        _fail(_("cannot read the map: {why}", why=exc))


def _node(m: BiteMap, ref: str) -> int:
    try:
        return m.node(ref)
    except HexfrontError as exc:
        _fail(str(exc))


def describe(m: BiteMap, node: int) -> dict[str, Any]:
    """The hover card of one hex or box (also used by ``map show``)."""
    place = m.place_at.get(node) if node < m.hex_count else None
    box = next((b for b in m.boxes.values() if b.node == node), None)
    name = place.name if place else (box.name if box else None)
    return {
        "id": m.id_of(node),
        "name": name,
        "terrain": m.terrain[node],
        "city": place.type if place else None,
        "owner_1941": m.owner_1941[node],
        "coastal": m.coastal[node],
        "port": place.port if place else None,
        "rail": m.on_rail(node),
        "rivers": list(m.rivers_of(node)),
        "neighbors": [m.id_of(n) for n in m.adjacency[node]],
    }


@map_app.command("check")
def map_check(
    game_name: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """Validate a map against the rules and print its statistics."""
    if game_name == "stalins_war":
        _sw_check(as_json)
        return
    from hexfront.games.bite.mapcheck import check

    m = _map(game_name)
    stats, errors = check(m)
    if as_json:
        print(json.dumps({"stats": stats, "errors": errors}, indent=2, sort_keys=True))
    else:
        table = Table(
            title=_(
                "{game} map: {width} x {height} hexes, {boxes} boxes",
                game=game_name,
                width=m.grid.width,
                height=m.grid.height,
                boxes=len(m.boxes),
            )
        )
        table.add_column(_("statistic"))
        table.add_column(_("value"))
        for key in (
            "hexes_by_terrain",
            "places_by_type",
            "river_hexsides",
            "rail_hexes",
            "playable_hexes",
            "partial_hexes",
        ):
            table.add_row(key, json.dumps(stats[key]))
        for power, e in stats["economy"].items():
            if power != "later_years":
                table.add_row(_("June 1941 PP, {power}", power=power), json.dumps(e["connected"]))
        for year, e in stats["economy"]["later_years"].items():
            table.add_row(_("start line {year}", year=year), json.dumps(e))
        console.print(table)
        for e in errors:
            err.print(f"[red]{_('error:')}[/] {e}", highlight=False)
        console.print(_n("{n} error", "{n} errors", len(errors)))
    if errors:
        raise typer.Exit(1)


@map_app.command("render")
def map_render(
    game_name: GameArg,
    out: Annotated[Path, typer.Option("--out", help="PNG file to write")] = Path("map.png"),
    zones: Annotated[
        str,
        typer.Option(
            help="comma-separated zone groups (md, ag, green, finland, start, sbe) or zone names"
        ),
    ] = "",
    size: Annotated[float, typer.Option(help="hex radius in pixels")] = 15.0,
    ids: Annotated[bool, typer.Option("--ids", help="print hex IDs")] = False,
    labels: Annotated[str, typer.Option(help="city labels: cities, all or none")] = "cities",
) -> None:
    """Draw a map as a PNG: terrain, rivers, rails, cities, borders and zones."""
    if game_name == "stalins_war":
        _sw_render(out, size=size, ids=ids)
        console.print(_("wrote {path}", path=str(out)), highlight=False)
        return
    from hexfront.cli.map_render import ZONE_GROUPS, render

    m = _map(game_name)
    wanted = [z.strip() for z in zones.split(",") if z.strip()]
    for z in wanted:
        if z not in ZONE_GROUPS and z not in m.zone_names:
            _fail(
                _(
                    "unknown zone {zone}; groups: {groups}; zones: {zones}",
                    zone=repr(z),
                    groups=", ".join(ZONE_GROUPS),
                    zones=", ".join(m.zone_names),
                )
            )
    if labels not in ("cities", "all", "none"):
        _fail(_("--labels takes cities, all or none"))
    render(m, out, zones=wanted, size=size, ids=ids, labels=labels)
    console.print(_("wrote {path}", path=str(out)), highlight=False)


@map_app.command("show")
def map_show(
    game_name: GameArg,
    place: Annotated[str, typer.Argument(help="a city name or a hex ID (CCRR) or a box")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """Describe one hex or place."""
    if game_name == "stalins_war":
        sw = _sw_map()
        try:
            card = sw_describe(sw, sw.node(place))
        except HexfrontError as exc:
            _fail(str(exc))
    else:
        m = _map(game_name)
        card = describe(m, _node(m, place))
    if as_json:
        print(json.dumps(card))
        return
    for key, value in card.items():
        console.print(f"{key}: {value}")


@map_app.command("distance")
def map_distance(
    game_name: GameArg,
    a: Annotated[str, typer.Argument(help="a place or hex ID")],
    b: Annotated[str, typer.Argument(help="a place or hex ID")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """Hex distance between two places (a box counts 3 hexes per red arrow)."""
    m = _map(game_name)
    na, nb = _node(m, a), _node(m, b)
    d = m.distance(na, nb)
    if as_json:
        print(json.dumps({"from": m.id_of(na), "to": m.id_of(nb), "distance": d}))
    else:
        print(d)


# --- Stalin's War ----------------------------------------------------------------------------
def _sw_map() -> StalinsWarMap:
    try:
        return load_sw_map()
    except (OSError, HexfrontError, ValueError) as exc:  # pragma: no cover - broken install
        _fail(_("cannot read the map: {why}", why=exc))


def sw_describe(m: StalinsWarMap, node: int) -> dict[str, Any]:
    """The card of one Stalin's War hex (``map show``)."""
    place = m.place_at.get(node)
    return {
        "id": m.id_of(node),
        "name": place.name if place else None,
        "terrain": m.terrain[node],
        "mp": m.move_cost(node) if m.is_land(node) else None,
        "playable": m.playable[node],
        "nation": m.nation[node],
        "city": place.type if place else None,
        "fort": place.fort if place else False,
        "vp": place.vp if place else False,
        "vp_inactive": place.vp_inactive if place else False,
        "oil": place.oil if place else False,
        "port": place.sea if place and place.port else None,
        "rail": node in m.rail_hexes,
        "rivers": m.rivers_of(node),
        "zones": sorted(z for z, members in m.zones.items() if node in members),
        "neighbors": [m.id_of(n) for n in m.adjacency[node]],
        "source": place.source if place else m.terrain_source[node],
    }


def _sw_check(as_json: bool) -> None:
    m = _sw_map()
    facts = sw_stats(m)
    errors = sw_check(m)
    if as_json:
        print(json.dumps({"stats": facts, "errors": errors}, indent=2, sort_keys=True))
    else:
        table = Table(
            title=_(
                "stalins_war map: {grid} hexes, {km} km a hex",
                grid=facts["grid"],
                km=facts["hex_km"],
            )
        )
        table.add_column(_("statistic"))
        table.add_column(_("value"))
        for key, value in facts.items():
            table.add_row(key, json.dumps(value))
        console.print(table)
        for e in errors:
            err.print(f"[red]{_('error:')}[/] {e}", highlight=False)
        console.print(_n("{n} error", "{n} errors", len(errors)))
    if errors:
        raise typer.Exit(1)


SW_COLOUR = {
    "clear": (236, 232, 196),
    "forest": (120, 168, 96),
    "rough": (204, 178, 122),
    "mountain": (150, 112, 78),
    "swamp": (128, 176, 164),
    "desert": (240, 214, 150),
    "water": (150, 190, 225),
}
SW_NATION = {
    "greater_germany": (60, 60, 60),
    "general_government": (110, 110, 110),
    "hungary": (40, 130, 60),
    "romania": (200, 170, 0),
    "finland": (240, 240, 240),
    "ussr": (200, 30, 30),
}


def _sw_render(out: Path, size: float, ids: bool) -> None:
    """Terrain, nations (border lines), rivers, the Volga line, rails, places, VP stars, oil,
    the Paulus and Caucasus lines, and the edge rail hexes."""
    import math

    from PIL import Image, ImageDraw, ImageFont

    m = _sw_map()
    r = size
    h = math.sqrt(3.0) * r
    live = [i for i in range(m.hex_count) if m.playable[i]]
    cols = [i % m.width for i in live]
    rows = [i // m.width for i in live]
    c0, r0 = min(cols), min(rows)

    def centre(i: int) -> tuple[float, float]:
        row, col = divmod(i, m.width)
        x = (col - c0) * 1.5 * r + r + 4
        y = (row - r0) * h + (h / 2 if col % 2 else 0.0) + h / 2 + 4
        return x, y

    def corners(i: int) -> list[tuple[float, float]]:
        x, y = centre(i)
        return [
            (x + r * math.cos(math.radians(60 * k)), y + r * math.sin(math.radians(60 * k)))
            for k in range(6)
        ]

    def edge(a: int, b: int) -> tuple[tuple[float, float], tuple[float, float]]:
        ax, ay = centre(a)
        bx, by = centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        pts = sorted(corners(a), key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)[:2]
        return pts[0], pts[1]

    width = int((max(cols) - c0) * 1.5 * r + 2 * r + 8)
    height = int((max(rows) - r0 + 1) * h + h / 2 + 8)
    img = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    for i in live:
        draw.polygon(corners(i), fill=SW_COLOUR[m.terrain[i]], outline=(190, 190, 190))
    paulus = m.lines.get("Paulus Line", frozenset())
    caucasus = m.lines.get("Caucasus Line", frozenset())
    for i in live:
        for j in m.grid.neighbors[i]:
            if j < i or not m.playable[j]:
                continue
            s = m.side(i, j)
            ni, nj = m.nation[i], m.nation[j]
            if m.is_land(i) and m.is_land(j) and ni != nj:
                draw.line(edge(i, j), fill=(20, 20, 20), width=max(2, int(r / 5)))
            if (i, j) in paulus:
                draw.line(edge(i, j), fill=(150, 0, 150), width=max(2, int(r / 4)))
            if (i, j) in caucasus:
                draw.line(edge(i, j), fill=(230, 110, 0), width=max(2, int(r / 4)))
            if s is None:
                continue
            if s.river:
                colour = (255, 255, 255) if s.volga_line else (40, 95, 200)
                w = max(2, int(r / (4 if s.major_river else 7)))
                if s.volga_line:
                    draw.line(edge(i, j), fill=(40, 95, 200), width=w + 2)
                draw.line(edge(i, j), fill=colour, width=w)
            if s.sea:
                draw.line(edge(i, j), fill=(0, 60, 160), width=max(2, int(r / 3)))
            if s.kerch_strait:
                draw.line(edge(i, j), fill=(220, 0, 0), width=max(3, int(r / 3)))
    for rail in m.rails:
        pts = [centre(x) for x in rail.nodes]
        draw.line(pts, fill=(45, 45, 45), width=max(1, int(r / 8)))
    for x in (*m.west_edge_rail, *m.east_edge_rail):
        cx, cy = centre(x)
        draw.rectangle((cx - r / 3, cy - r / 3, cx + r / 3, cy + r / 3), outline=(0, 0, 0), width=2)
    for p in m.places.values():
        cx, cy = centre(p.node)
        rad = r / 4 if p.type == "town" else r / 3
        fill = (30, 30, 30) if p.oil else (250, 250, 250) if p.type == "town" else (220, 40, 40)
        draw.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=fill, outline=(0, 0, 0))
        if p.fort:
            draw.rectangle((cx - rad, cy - rad, cx + rad, cy + rad), outline=(0, 0, 0), width=2)
        if p.vp or p.vp_inactive:
            star = (255, 215, 0) if p.vp else (255, 255, 255)
            draw.regular_polygon((cx + r / 2, cy - r / 2, r / 4), 5, fill=star, outline=(0, 0, 0))
        draw.text((cx - r * 0.9, cy + rad), p.name[:12], fill=(0, 0, 0), font=font)
    if ids:
        for i in live:
            cx, cy = centre(i)
            draw.text((cx - r / 2, cy - r * 0.8), m.id_of(i), fill=(90, 90, 90), font=font)
    out.parent.mkdir(parents=True, exist_ok=True)
    img.save(out)
