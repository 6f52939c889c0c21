"""The ``hexfront`` command line (Typer + Rich)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from hexfront import __version__
from hexfront.cli.map_cmd import map_app
from hexfront.engine.errors import HexfrontError
from hexfront.engine.events import Event
from hexfront.engine.match import Match
from hexfront.engine.protocol import Game
from hexfront.engine.records import load_record, replay, save_record, state_hash
from hexfront.games import registry

app = typer.Typer(
    name="hexfront",
    help="Hex-and-block wargames of the Eastern Front, 1941-45.",
    no_args_is_help=True,
    add_completion=False,
)
data_app = typer.Typer(
    help="Check and list a game's data (units, scenarios).", no_args_is_help=True
)
app.add_typer(map_app, name="map")
app.add_typer(data_app, name="data")

console = Console()
err = Console(stderr=True)


def _fail(message: str, code: int = 1) -> NoReturn:
    err.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def _not_built(what: str, issue: str) -> NoReturn:
    err.print(f"[yellow]{what} is not built yet[/] ({issue}).")
    raise typer.Exit(2)


def _version(value: bool) -> None:
    if value:
        console.print(f"hexfront {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """hexfront: play Blocks in the East with the rules enforced and fog of war kept."""


@app.command()
def games(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """List the games and their scenarios."""
    entries = registry.catalog()
    if as_json:
        print(json.dumps({"games": [e.to_json() for e in entries]}, indent=2))
        return
    for entry in entries:
        table = Table(title=f"{entry.title} ({entry.name}) - {entry.status}")
        for col in ("scenario", "name", "turns", "rules", "playable"):
            table.add_column(col)
        for s in entry.scenarios:
            table.add_row(s.id, s.name, str(s.turns), s.rules, "yes" if s.playable else "no")
        console.print(table)


def _load(game_name: str) -> Game[Any]:
    try:
        return registry.load_game(game_name)
    except HexfrontError as exc:
        _fail(str(exc))


def _seats(game: Game[Any], seat: list[str], shortcuts: dict[str, str | None]) -> dict[str, str]:
    chosen = dict.fromkeys(game.sides, "human")
    for side, who in shortcuts.items():
        if who is not None:
            if side not in game.sides:
                _fail(f"{game.name} has no side {side!r}; sides: {', '.join(game.sides)}")
            chosen[side] = who
    for item in seat:
        side, _, who = item.partition("=")
        if side not in game.sides or not who:
            _fail(f"--seat takes SIDE=PLAYER with SIDE one of {', '.join(game.sides)}")
        chosen[side] = who
    return chosen


def _print_events(events: list[Event]) -> None:
    for e in events:
        detail = ", ".join(f"{k}={v}" for k, v in e.data.items())
        console.print(f"  [dim]{e.kind}[/] {detail}")


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    scenario: Annotated[str, typer.Argument()],
    axis: Annotated[str | None, typer.Option(help="human or an agent name")] = None,
    soviet: Annotated[str | None, typer.Option(help="human or an agent name")] = None,
    seat: Annotated[list[str], typer.Option(help="SIDE=PLAYER, for any game's sides")] = [],  # noqa: B006
    seed: Annotated[int, typer.Option(help="dice seed")] = 1,
    record: Annotated[Path | None, typer.Option(help="save the game record here")] = None,
) -> None:
    """Play in the terminal: numbered legal actions, your side's view only."""
    from hexfront.ai.base import make_agent

    game = _load(game_name)
    seats = _seats(game, seat, {"axis": axis, "soviet": soviet})
    agents = {s: make_agent(p, seed + i) for i, (s, p) in enumerate(seats.items()) if p != "human"}
    try:
        match: Match[Any] = Match(game, scenario, {}, seed)
    except HexfrontError as exc:
        _fail(str(exc))
    seen = 0
    while not match.is_over():
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        if side in agents:
            match.act(agents[side].choose(match.view(side), legal))
            continue
        view = match.view(side)
        log = view.get("log", [])
        assert isinstance(log, list)
        _print_events([Event.from_json(e) for e in log[seen:]])
        seen = len(log)
        prompt = view.get("prompt") or {}
        assert isinstance(prompt, dict)
        console.rule(f"[bold]{side}[/]: {prompt.get('text', '')}")
        for i, action in enumerate(legal, 1):
            args = " ".join(f"{k}={v}" for k, v in action.args.items())
            console.print(f"  {i:3d}. {action.verb} {args}")
        extra = " u=undo" if match.can_undo(side) else ""
        answer = typer.prompt(f"choose 1-{len(legal)}{extra} q=quit").strip().lower()
        if answer == "q":
            break
        if answer == "u" and match.can_undo(side):
            match.undo(side)
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
            err.print("[red]not a valid choice[/]")
            continue
        match.act(legal[int(answer) - 1])
    result = match.result()
    console.print(f"[bold]Result:[/] {result.outcome if result else 'unfinished'}")
    if record is not None:
        match.record.final_hash = match.hash()
        save_record(match.record, record)
        console.print(f"record saved to {record}")


@app.command()
def selfplay(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    scenario: Annotated[str, typer.Argument()],
    agents: Annotated[
        str, typer.Option(help="comma-separated agents, one per side")
    ] = "random,random",
    seed: Annotated[int, typer.Option(help="dice and agent seed")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
    record: Annotated[Path | None, typer.Option(help="save the game record here")] = None,
) -> None:
    """Play a whole game between agents and report the verdict."""
    from hexfront.ai.base import make_agent
    from hexfront.ai.play import play_out

    game = _load(game_name)
    names = [a.strip() for a in agents.split(",")]
    if len(names) != len(game.sides):
        _fail(f"{game.name} needs {len(game.sides)} agents ({', '.join(game.sides)})")
    try:
        pairs = enumerate(zip(game.sides, names, strict=True))
        seated = {side: make_agent(name, seed + i) for i, (side, name) in pairs}
        match = play_out(game, scenario, seated, seed=seed)
    except (HexfrontError, ValueError) as exc:
        _fail(str(exc))
    result = match.result()
    match.record.final_hash = match.hash()
    if record is not None:
        save_record(match.record, record)
    summary = {
        "game": game.name,
        "scenario": scenario,
        "seed": seed,
        "winner": result.winner if result else None,
        "outcome": result.outcome if result else "unfinished",
        "turns": match.view(None).get("turn", match.view(None).get("round")),
        "actions": len(match.record.actions),
        "state_hash": match.record.final_hash,
    }
    if as_json:
        print(json.dumps(summary))
    else:
        for k, v in summary.items():
            console.print(f"{k}: {v}")


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a saved game record")],
    verify: Annotated[bool, typer.Option(help="rebuild and check the final hash")] = False,
) -> None:
    """Rebuild a saved game record; with --verify, check its state hash."""
    try:
        rec = load_record(file)
        game = registry.load_game(rec.game)
        state = replay(game, rec)
    except HexfrontError as exc:
        _fail(str(exc))
    rebuilt = state_hash(game, state)
    console.print(f"{rec.game} {rec.scenario}: {len(rec.actions)} actions, hash {rebuilt}")
    if verify:
        if rec.final_hash is None:
            _fail("the record carries no final hash to verify against")
        if rec.final_hash != rebuilt:
            _fail(f"hash mismatch: record says {rec.final_hash}")
        console.print("[green]verified[/]: the rebuilt state matches the record")


@app.command()
def demo() -> None:
    """What works today: the engine example game, played in the terminal."""
    console.print(
        "[bold]hexfront[/] is under construction. The web app and the BITE rules are not "
        "built yet; this demo plays [bold]Skirmish[/], the engine's example game."
    )
    if sys.stdin.isatty():
        play("skirmish", "standard", None, None, ["red=human", "blue=random"], 1, None)
    else:
        selfplay("skirmish", "standard", "random,random", 1, False, None)


@app.command()
def arena() -> None:
    """Pit agents against each other over many games (AI issue)."""
    _not_built("the arena", "AI issue #7")


@app.command()
def serve(
    host: Annotated[str, typer.Option()] = "127.0.0.1",
    port: Annotated[int, typer.Option()] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL")] = None,
) -> None:
    """Start the web server (server issue)."""
    _not_built("the web server", "server issue #6")


@app.command()
def bench(game_name: Annotated[str, typer.Argument(metavar="GAME")] = "bite") -> None:
    """Benchmark a game's rules engine (basic-rules issue)."""
    _not_built(
        "the rules benchmark", "basic-rules issue #5; `make bench` runs the kernel benchmark"
    )


@data_app.command("check")
def data_check(game_name: Annotated[str, typer.Argument(metavar="GAME")]) -> None:
    """Validate a game's units and scenarios."""
    _not_built("the forces data", "forces issue #4")


@data_app.command("units")
def data_units(game_name: Annotated[str, typer.Argument(metavar="GAME")]) -> None:
    """List every unit block."""
    _not_built("the forces data", "forces issue #4")


if __name__ == "__main__":  # pragma: no cover
    app()
