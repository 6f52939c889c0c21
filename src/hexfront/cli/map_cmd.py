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

map_app = typer.Typer(help="Inspect and draw a game map.", no_args_is_help=True)
console = Console()
err = Console(stderr=True)

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="the game whose map to use (bite)")]


def _fail(message: str, code: int = 1) -> NoReturn:
    err.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def _map(game: str) -> BiteMap:
    if game != "bite":
        _fail(f"no map for game {game!r}; maps exist for: bite")
    try:
        return load_map()
    except (OSError, HexfrontError, ValueError) as exc:  # pragma: no cover - broken install
        _fail(f"cannot read the map: {exc}")


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
    from hexfront.games.bite.mapcheck import check

    m = _map(game_name)
    stats, errors = check(m)
    if as_json:
        print(json.dumps({"stats": stats, "errors": errors}, indent=2, sort_keys=True))
    else:
        table = Table(
            title=f"{game_name} map: {m.grid.width} x {m.grid.height} hexes, {len(m.boxes)} boxes"
        )
        table.add_column("statistic")
        table.add_column("value")
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
                table.add_row(f"June 1941 PP, {power}", json.dumps(e["connected"]))
        for year, e in stats["economy"]["later_years"].items():
            table.add_row(f"start line {year}", json.dumps(e))
        console.print(table)
        for e in errors:
            err.print(f"[red]error:[/] {e}")
        console.print(f"{len(errors)} error(s)")
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
    from hexfront.cli.map_render import ZONE_GROUPS, render

    m = _map(game_name)
    wanted = [z.strip() for z in zones.split(",") if z.strip()]
    for z in wanted:
        if z not in ZONE_GROUPS and z not in m.zone_names:
            _fail(
                f"unknown zone {z!r}; groups: {', '.join(ZONE_GROUPS)}; "
                f"zones: {', '.join(m.zone_names)}"
            )
    if labels not in ("cities", "all", "none"):
        _fail("--labels takes cities, all or none")
    render(m, out, zones=wanted, size=size, ids=ids, labels=labels)
    console.print(f"wrote {out}")


@map_app.command("show")
def map_show(
    game_name: GameArg,
    place: Annotated[str, typer.Argument(help="a city name or a hex ID (CCRR) or a box")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """Describe one hex or place."""
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
