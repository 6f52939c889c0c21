"""``hexfront data ...``: check and list a game's data (BITE units, scenarios and setups;
Stalin's War strategy cards, combat units and turn-1 setup)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from hexfront.engine.match import side_said
from hexfront.i18n import _, _n

data_app = typer.Typer(
    help="Check and list a game's data (units, scenarios, cards).", no_args_is_help=True
)

console = Console()
err = Console(stderr=True)


T = TypeVar("T")


def _loaded(load: Callable[[], T], error: type[Exception]) -> T:
    """What ``load`` reads, or exit 1 naming each problem of its data error."""
    try:
        return load()
    except error as exc:
        for problem in getattr(exc, "problems", [str(exc)]):
            err.print(f"[red]{_('error:')}[/] {problem}", highlight=False)
        raise typer.Exit(1) from exc


def _only_bite(game_name: str) -> None:
    if game_name != "bite":
        label, said = (
            _("error:"),
            _("no forces data for game {game}; known: bite", game=repr(game_name)),
        )
        err.print(f"[bold red]{label}[/] {said}", highlight=False)
        raise typer.Exit(1)


def stalins_war_report() -> dict[str, Any]:
    """Everything `data check stalins_war` reports: the strategy cards, the units, the turn-1
    setup and the map (its anchor hexes, stated adjacencies and setup hexes), each checked;
    `map check` gives the map's own details."""
    from hexfront.games.stalins_war import cards, setup, units
    from hexfront.games.stalins_war import map as sw_map

    card_errors = cards.check_cards()
    try:
        card_counts = cards.summary(cards.load_cards())
    except cards.CardDataError:
        card_counts = {}
    unit_errors = units.check_units()
    try:
        unit_list = units.load_units()
        unit_counts = units.summary(unit_list)
    except units.UnitDataError:
        unit_list, unit_counts = (), {}
    setup_errors = setup.check_setup()
    try:
        setup_counts = setup.summary(setup.load_setup(), unit_list)
    except setup.SetupDataError:
        setup_counts = {}
    try:
        map_errors = sw_map.check(sw_map.load_map())
    except sw_map.MapDataError as exc:
        map_errors = [f"map: {exc}"]
    counters = unit_counts.get("counters", {})
    notes = [
        "the map's figures are in `hexfront map check stalins_war`; its errors count here too",
    ]
    if counters:
        notes.append(
            "counters: the units account for "
            + ", ".join(
                f"{row['accounted']} of the {row['in_the_box']} {size}"
                for size, row in counters.items()
            )
            + " (rule 2.0); the rest are unidentified units or markers the text does not list"
        )
    return {
        "game": "stalins_war",
        "ok": not (card_errors or unit_errors or setup_errors or map_errors),
        "cards": card_counts,
        "units": unit_counts,
        "setup": setup_counts,
        "checks": {
            "cards": len(card_errors),
            "units": len(unit_errors),
            "setup": len(setup_errors),
            "map": len(map_errors),
        },
        "errors": card_errors + unit_errors + setup_errors + map_errors,
        "warnings": [],
        "notes": notes,
    }


def check_report(with_map: bool = True) -> dict[str, Any]:
    """Everything `data check bite` reports, as one JSON-ready dict."""
    from hexfront.games.bite import deployment, forces

    errors: list[str] = []
    warnings: list[str] = []
    notes: list[str] = []
    try:
        errors += forces.validate()
        summary = forces.summary()
    except forces.DataError as exc:
        return {
            "game": "bite",
            "ok": False,
            "errors": list(exc.problems),
            "warnings": [],
            "notes": [],
        }
    map_status = "not checked (--no-map)"
    supply_at_start: dict[str, Any] = {}
    if with_map:
        real, why = deployment.load_real_map()
        if real is None:
            map_status = f"skipped: {why}"
            notes.append(
                "deployment checks skipped: " + why + "; they run once the map branch is merged"
            )
        else:
            map_status = f"checked on {why}"
            for z in deployment.missing_zones(real):
                errors.append(f"map: zone {z!r} used by the setup dots is not on the map")
            findings = deployment.check_bss(real)
            for name in ("1942", "1943", "1944"):
                findings += deployment.check_front_setup(name, real)
            for f in findings:
                (errors if f.level == "error" else warnings).append(str(f))
            area_zones = {
                z for s in forces.scenarios() if not isinstance(s.map_area, str) for z in s.map_area
            }
            for z in sorted(area_zones - set(real.zone_names())):
                warnings.append(f"map: scenario map-area zone {z!r} is not on the map")
            supply_at_start = _supply_at_start(errors)
    return {
        "game": "bite",
        "ok": not errors,
        **summary,
        "map": map_status,
        "supply_at_start": supply_at_start,
        "errors": errors,
        "warnings": warnings,
        "notes": notes,
    }


def _supply_at_start(errors: list[str]) -> dict[str, Any]:
    """Every setup and playable scenario set up on the map, and the game's own supply rules
    (4.3) run for both sides: a unit out of supply at the start is an error naming it."""
    from hexfront.games.bite import startsupply

    out: dict[str, Any] = {}
    for name in startsupply.SETUPS + startsupply.SCENARIOS:
        try:
            state = startsupply.start_state(name)
        except Exception as exc:  # a setup that cannot even be placed is an error too
            errors.append(f"{name}: cannot be set up to check supply ({exc})")
            out[name] = {"units": 0, "out_of_supply": None}
            continue
        cut_off = startsupply.out_of_supply(state, name)
        errors.extend(str(u) for u in cut_off)
        out[name] = {
            "units": sum(1 for _ in state.on_map()),
            "out_of_supply": [u.to_json() for u in cut_off],
        }
    return out


@data_app.command("check")
def data_check(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
    no_map: Annotated[bool, typer.Option("--no-map", help="Skip the checks on the map.")] = False,
) -> None:
    """Validate a game's units, charts, scenarios, setups and cards; exit 1 on any error."""
    if game_name == "stalins_war":
        report = stalins_war_report()
    else:
        _only_bite(game_name)
        report = check_report(with_map=not no_map)
    if as_json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        _print_report(report)
    if report["errors"]:
        raise typer.Exit(1)


def _print_report(report: dict[str, Any]) -> None:
    if report.get("cards"):
        table = Table(title=_("Stalin's War strategy cards"))
        for col in (
            _("side/deck"),
            _("cards"),
            "OPS",
            "RP",
            _("starred"),
            "CC",
            _("reinforcements"),
        ):
            table.add_column(col)
        for group, row in report["cards"].items():
            rp = " ".join(f"{pool} {n}" for pool, n in row["rp"].items())
            table.add_row(
                group,
                str(row["cards"]),
                str(row["ops"]),
                rp,
                str(row["starred"]),
                str(row["combat"]),
                str(row["reinforcements"]),
            )
        console.print(table)
    if report.get("units"):
        u = report["units"]
        table = Table(title=_("Stalin's War units ({n})", n=u["units"]))
        for col in (_("side/size"), _("units")):
            table.add_column(col)
        for group, n in u["per_side_size"].items():
            table.add_row(group, str(n))
        console.print(table)
        sources = ", ".join(f"{k} {n}" for k, n in u["by_source"].items())
        console.print(_("unit values by source: {sources}", sources=sources), highlight=False)
        facts = u["facts_checked"]
        console.print(
            _(
                "facts checked: {text} from the text, {example} from the Example of Play",
                text=facts["text"],
                example=facts["example_of_play"],
            ),
            highlight=False,
        )
    if report.get("setup"):
        s = report["setup"]
        start = ", ".join(f"{side} {n}" for side, n in s["units_at_start"].items())
        console.print(
            _(
                "turn-1 setup: {hexes} hexes, units {start}; entering later: {by_card} by "
                "card, {by_rule} by rule",
                hexes=s["hexes"],
                start=start,
                by_card=s["entering_by_card"],
                by_rule=s["entering_by_rule"],
            ),
            highlight=False,
        )
    if "blocks" in report:
        table = Table(title=_("BITE blocks"))
        table.add_column(_("group"))
        table.add_column(_("blocks"), justify="right")
        for group, n in report["blocks"].items():
            table.add_row(group, str(n))
        console.print(table)
        setups = Table(title=_("Setups (units placed)"))
        for col in (_("setup"), side_said("soviet"), side_said("axis")):
            setups.add_column(col)
        for name, counts in report["setups"].items():
            if counts:
                setups.add_row(name, str(counts.get("soviet", 0)), str(counts.get("axis", 0)))
        console.print(setups)
        if report.get("supply_at_start"):
            supply = Table(title=_("Supply at the start (4.3)"))
            for col in (_("setup"), _("units"), _("out of supply")):
                supply.add_column(col)
            for name, row in report["supply_at_start"].items():
                cut = row["out_of_supply"]
                shown = "?" if cut is None else str(len(cut))
                supply.add_row(name, str(row["units"]), shown)
            console.print(supply)
        console.print(_("map: {where}", where=report["map"]), highlight=False)
    for note in report["notes"]:
        console.print(f"[yellow]{_('note:')}[/] {note}", highlight=False)
    for w in report["warnings"]:
        console.print(f"[yellow]{_('warning:')}[/] {w}", highlight=False)
    for e in report["errors"]:
        console.print(f"[red]{_('error:')}[/] {e}", highlight=False)
    n = len(report["errors"])
    verdict = f"[green]{_('ok')}[/]" if not n else f"[red]{_n('{n} error', '{n} errors', n)}[/]"
    name = "Stalin's War" if report.get("game") == "stalins_war" else "BITE"
    console.print(_("{game} data: {verdict}", game=name, verdict=verdict), highlight=False)


@data_app.command("cards")
def data_cards(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """List every strategy card (Stalin's War)."""
    if game_name != "stalins_war":
        label = _("error:")
        said = _("no card data for game {game}; known: stalins_war", game=repr(game_name))
        err.print(f"[bold red]{label}[/] {said}", highlight=False)
        raise typer.Exit(1)
    from hexfront.games.stalins_war import cards
    from hexfront.games.stalins_war.text import card_summary, card_title

    deck = _loaded(cards.load_cards, cards.CardDataError)
    if as_json:
        print(json.dumps({"cards": [c.to_json() for c in deck]}, indent=2, ensure_ascii=False))
        return
    table = Table(title=_("Stalin's War strategy cards ({n})", n=len(deck)))
    for col in ("id", _("deck"), _("title"), "OPS", "RP", "*", "CC", _("event")):
        table.add_column(col)
    for c in deck:
        table.add_row(
            c.id,
            c.deck,
            card_title(c.id),  # in the chosen language (--lang), like the summary
            str(c.ops),
            c.rp.printed(),
            "*" if c.removed else "",
            "CC" if c.combat else "",
            card_summary(c.id),
        )
    console.print(table)


@data_app.command("units")
def data_units(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """List every unit block (BITE) or combat unit (Stalin's War)."""
    if game_name == "stalins_war":
        _stalins_war_units(as_json)
        return
    _only_bite(game_name)
    from hexfront.games.bite import forces

    units = forces.load_units()
    if as_json:
        print(json.dumps({"units": [u.to_json() for u in units]}, indent=2, ensure_ascii=False))
        return
    table = Table(title=_("BITE unit blocks ({n})", n=len(units)))
    for col in (
        "id",
        _("name"),
        _("nation"),
        _("class"),
        _("ladder"),
        _("dot"),
        _("arrival"),
        _("removal"),
    ):
        table.add_column(col)
    for u in units:
        table.add_row(
            u.id,
            u.name,
            u.nation,
            u.cls,
            "-".join(map(str, u.ladder)),
            u.dot or "",
            "" if u.arrival_turn is None else str(u.arrival_turn),
            ",".join(map(str, u.removal_turns)),
        )
    console.print(table)


def _stalins_war_units(as_json: bool) -> None:
    from hexfront.games.stalins_war import units

    listed = _loaded(units.load_units, units.UnitDataError)
    if as_json:
        print(json.dumps({"units": [u.to_json() for u in listed]}, indent=2, ensure_ascii=False))
        return
    table = Table(title=_("Stalin's War combat units ({n})", n=len(listed)))
    for col in ("id", _("name"), _("nation"), _("size"), _("kind"), _("steps"), "ZOC", _("source")):
        table.add_column(col)
    for u in listed:
        table.add_row(
            u.id,
            u.name,
            u.nation,
            u.size,
            u.kind,
            " ".join(s.printed() for s in u.steps),
            _("yes") if u.zoc else "",
            u.source,
        )
    console.print(table)
