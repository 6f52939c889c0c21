"""The ``hexfront`` command line (Typer + Rich)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from hexfront import __version__
from hexfront.cli.data_cmd import data_app
from hexfront.cli.map_cmd import map_app
from hexfront.engine.errors import HexfrontError
from hexfront.engine.match import Match, side_said, side_words
from hexfront.engine.protocol import (
    Action,
    DescribesActions,
    FormatsLog,
    Game,
    ReadsPositionFiles,
    RendersText,
    parse_option_pairs,
)
from hexfront.engine.records import replay, save_record, state_hash
from hexfront.games import registry
from hexfront.i18n import NP_, _, _n, _p

app = typer.Typer(
    name="hexfront",
    help="Hex-and-block wargames of the Eastern Front, 1941-45.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(map_app, name="map")
app.add_typer(data_app, name="data")

console = Console()
err = Console(stderr=True)


def _fail(message: str, code: int = 1) -> NoReturn:
    label = _("error:")
    err.print(f"[bold red]{label}[/] {message}", highlight=False)
    raise typer.Exit(code)


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
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            envvar="HEXFRONT_LANG",
            help="the language of every command's messages: en, it, es or fr (English by default)",
        ),
    ] = None,
) -> None:
    """hexfront: play Blocks in the East with the rules enforced and fog of war kept."""
    _use_language(lang or "en")


def _use_language(lang: str) -> None:
    """Write the commands' messages in ``lang`` (issue 18), or fail naming the choices."""
    from hexfront.i18n import UnknownLanguage, set_language

    try:
        set_language(lang)
    except UnknownLanguage as exc:
        _fail(str(exc))


#: The rules a scenario is played with, as ``hexfront games`` says them.
RULES_WORDS = {
    "basic": NP_("rules", "basic"),
    "advanced": NP_("rules", "advanced"),
    "core": NP_("rules", "core"),
    "example": NP_("rules", "example"),
}


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
        table = Table(title=f"{_(entry.title)} ({entry.name}) - {_(entry.status)}")
        for col in (_("scenario"), _("name"), _("turns"), _("rules"), _("playable")):
            table.add_column(col)
        yes, no = _("yes"), _("no")
        for s in entry.scenarios:
            rules = _p("rules", RULES_WORDS[s.rules]) if s.rules in RULES_WORDS else s.rules
            table.add_row(s.id, _(s.name), str(s.turns), rules, yes if s.playable else no)
        console.print(table)
        if entry.options:
            console.print(
                _("options (--option NAME=VALUE):")
                + " "
                + ", ".join(f"{o.name} ({_(o.label or o.help)})" for o in entry.options),
                markup=False,
                highlight=False,
            )


def _load(game_name: str) -> Game[Any]:
    try:
        return registry.load_game(game_name)
    except HexfrontError:
        known = ", ".join(e.name for e in registry.catalog())
        _fail(_("unknown game {name}; known games: {known}", name=repr(game_name), known=known))


def _options(pairs: list[str]) -> dict[str, Any]:
    try:
        return parse_option_pairs(pairs)
    except ValueError as exc:
        _fail(_("--option: {problem}", problem=exc))


def _seats(game: Game[Any], seat: list[str], shortcuts: dict[str, str | None]) -> dict[str, str]:
    chosen = dict.fromkeys(game.sides, "human")
    sides = ", ".join(game.sides)
    for side, who in shortcuts.items():
        if who is not None:
            if side not in game.sides:
                _fail(
                    _(
                        "{game} has no side {names}; sides: {sides}",
                        game=game.name,
                        names=repr(side),
                        sides=sides,
                    )
                )
            chosen[side] = who
    for item in seat:
        side, _equals, who = item.partition("=")
        if side not in game.sides or not who:
            _fail(_("--seat takes SIDE=PLAYER with SIDE one of {sides}", sides=sides))
        chosen[side] = who
    return chosen


def _check_scenario(game: Game[Any], scenario: str) -> None:
    """A scenario the game has and plays, or a clear error in the player's language."""
    found = {s.id: s for s in game.scenarios()}.get(scenario)
    if found is None:
        known = ", ".join(s.id for s in game.scenarios())
        _fail(
            _(
                "{game} has no scenario {scenario}; known: {known}",
                game=game.name,
                scenario=repr(scenario),
                known=known,
            )
        )
    if not found.playable:
        _fail(_("{scenario} is not playable yet", scenario=scenario))


def _check_options(game: Game[Any], given: dict[str, Any]) -> None:
    """Options the game has, each with one of its values (the server checks the same)."""
    infos = {o.name: o.said() for o in game.options()}
    unknown = sorted(set(given) - set(infos))
    if unknown:
        _fail(
            _(
                "{game} has no option {names}; options: {known}",
                game=game.name,
                names=", ".join(unknown),
                known=", ".join(infos) or _("none"),
            )
        )
    for name, value in given.items():
        choices = infos[name].choices
        if choices and value not in choices:
            _fail(infos[name].refusal(value))  # the option's and its choices' words


def _agents(seats: dict[str, str], seed: int) -> dict[str, Any]:
    """The computer players of the seats not played by a person."""
    from hexfront.ai.base import AGENTS, make_agent

    agents = {}
    for i, (side, who) in enumerate(seats.items()):
        if who == "human":
            continue
        if who not in AGENTS:
            _fail(
                _(
                    "{side}: there is no computer player {agent}; available: {agents}",
                    side=side,
                    agent=repr(who),
                    agents=", ".join(AGENTS),
                )
            )
        agents[side] = make_agent(who, seed + i)
    return agents


def _describe(game: Game[Any], action: Action, view: dict[str, Any]) -> str:
    if isinstance(game, DescribesActions):
        return game.describe_action(action, view)
    args = " ".join(f"{k}={v}" for k, v in action.args.items())
    return f"{action.verb} {args}"


def _in_words(game: Game[Any], text: str) -> str:
    """A verdict with the game's side keys said as words ("soviet victory" -> "Soviet victory")."""
    for side in game.sides:
        text = re.sub(rf"\b{re.escape(side)}\b", side_words(side), text)
    return text[:1].upper() + text[1:]


def _prompt_text(game: Game[Any], prompt: dict[str, Any]) -> str:
    """A prompt in the player's language, where the game (or its text module) words
    prompts (``prompt_words``), else as the rules wrote it."""
    import importlib

    try:
        text = importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".text")
    except ImportError:
        text = None
    words = getattr(game, "prompt_words", None) or getattr(text, "prompt_words", None)
    return str(words(prompt)) if callable(words) else str(prompt.get("text", ""))


def _verdict_text(game: Game[Any], result: dict[str, Any]) -> str:
    """A result in the player's language, where the game (or its text module) words
    verdicts (``verdict_words``), else with the side keys said as words."""
    import importlib

    try:
        text = importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".text")
    except ImportError:
        text = None
    words = getattr(game, "verdict_words", None) or getattr(text, "verdict_words", None)
    return str(words(result)) if callable(words) else _in_words(game, str(result["outcome"]))


def _log_text(game: Game[Any], event: dict[str, Any], view: dict[str, Any]) -> str:
    if isinstance(game, FormatsLog):
        return game.log_line(event, view)
    detail = ", ".join(f"{k}={v}" for k, v in event.get("data", {}).items())
    return f"{event.get('kind')} {detail}"


def _choose(
    game: Game[Any], legal: Sequence[Action], view: dict[str, Any], extra: str
) -> str | Action:
    """Ask a human for one action; long lists are grouped by unit first."""
    by_unit: dict[str, list[Action]] = {}
    for a in legal:
        by_unit.setdefault(str(a.args.get("unit", "")), []).append(a)
    shown = legal
    if len(legal) > 30 and len(by_unit) > 1:
        groups = sorted(by_unit)
        for i, key in enumerate(groups, 1):
            first, n = by_unit[key][0], len(by_unit[key])
            label = _describe(game, first, view)
            if key:
                label = label.split(" to ")[0]
            elif n > 1:
                label = _("other choices")
            count = _n("{n} choice", "{n} choices", n)
            console.print(f"  {i:3d}. {label}  [dim]({count})[/]")
        answer = (
            typer.prompt(_("pick a group 1-{n} ({keys}q: quit)", n=len(groups), keys=extra))
            .strip()
            .lower()
        )
        if answer in ("q", "u", "v"):
            return answer
        if not answer.isdigit() or not 1 <= int(answer) <= len(groups):
            return "?"
        shown = by_unit[groups[int(answer) - 1]]
    for i, action in enumerate(shown, 1):
        console.print(f"  {i:3d}. {_describe(game, action, view)}")
    answer = (
        typer.prompt(_("choose 1-{n} ({keys}q: quit)", n=len(shown), keys=extra)).strip().lower()
    )
    if answer in ("q", "u", "v"):
        return answer
    if not answer.isdigit() or not 1 <= int(answer) <= len(shown):
        return "?"
    return shown[int(answer) - 1]


def _think(agent: Any, side: str, view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """Let an agent choose, showing its thinking as a progress bar when it searches."""
    if not hasattr(agent, "on_progress") or len(legal) < 2:
        return agent.choose(view, legal)  # type: ignore[no-any-return]
    from rich.progress import Progress

    with Progress(console=err, transient=True) as progress:
        task = progress.add_task(
            _("{agent} ({side}) is thinking", agent=agent.name, side=side_said(side)), total=1.0
        )
        agent.on_progress = lambda done: progress.update(task, completed=done)
        try:
            return agent.choose(view, legal)  # type: ignore[no-any-return]
        finally:
            agent.on_progress = None


def _position_match(game: Game[Any], path: Path, seed: int) -> Match[Any]:
    """A match from a position file (``hexfront play bite --position FILE``)."""
    if not isinstance(game, ReadsPositionFiles):
        _fail(_("{game} games cannot start from a position file", game=game.name))
    try:
        position = game.read_position(path)
        position.setdefault("seed", seed)  # the file's own seed wins
        return Match.from_position(game, position)
    except HexfrontError as exc:
        _fail(str(exc))


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    scenario: Annotated[
        str | None, typer.Argument(help="the scenario (not needed with --position)")
    ] = None,
    axis: Annotated[str | None, typer.Option(help="human or an agent name")] = None,
    soviet: Annotated[str | None, typer.Option(help="human or an agent name")] = None,
    seat: Annotated[list[str], typer.Option(help="SIDE=PLAYER, for any game's sides")] = [],  # noqa: B006
    seed: Annotated[int, typer.Option(help="dice seed")] = 1,
    record: Annotated[Path | None, typer.Option(help="save the game record here")] = None,
    option: Annotated[
        list[str], typer.Option(help="game option KEY=VALUE, e.g. deployment=by_hand (repeatable)")
    ] = [],  # noqa: B006
    position: Annotated[
        Path | None,
        typer.Option(help="start from a position file (TOML or JSON; docs/positions.md)"),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            envvar="HEXFRONT_LANG",
            help="the game's words and the errors: en, it, es or fr (English by default)",
        ),
    ] = None,
) -> None:
    """Play in the terminal: numbered legal actions, your side's view only."""
    if lang is not None:  # else the one of ``hexfront --lang`` (BITE's words; SW's stay English)
        _use_language(lang)

    game = _load(game_name)
    seats = _seats(game, seat, {"axis": axis, "soviet": soviet})
    if position is None and scenario is None:
        _fail(_("name a scenario (e.g. SBE1) or give --position FILE"))
    if position is not None and (scenario is not None or option):
        _fail(_("a position file names its own scenario and options"))
    agents = _agents(seats, seed)
    if position is None:
        _check_scenario(game, str(scenario))
        options = _options(option)
        _check_options(game, options)
    try:
        match: Match[Any] = (
            _position_match(game, position, seed)
            if position is not None
            else Match(game, str(scenario), options, seed)
        )
    except (HexfrontError, ValueError) as exc:
        _fail(str(exc))
    render = game.render_text if isinstance(game, RendersText) else None
    seen: dict[str, int] = {}
    last_phase: dict[str, Any] = {}
    while not match.is_over():
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        if side in agents:
            match.act(_think(agents[side], side, match.view(side), legal))
            continue
        view = match.view(side)
        log = view.get("log", [])
        assert isinstance(log, list)
        for event in log[seen.get(side, 0) :]:
            console.print(_log_text(game, event, view), markup=False, highlight=False)
        seen[side] = len(log)
        phase = (view.get("turn"), view.get("phase"), view.get("phasing"))
        if render is not None and last_phase.get(side) != phase:
            console.print(render(view), markup=False, highlight=False)
            last_phase[side] = phase
        prompt = view.get("prompt") or {}
        assert isinstance(prompt, dict)
        console.rule(f"[bold]{side_said(side)}[/]: {_prompt_text(game, prompt)}")
        extra = _("u: undo, ") if match.can_undo(side) else ""
        extra += _("v: view, ") if render is not None else ""
        choice = _choose(game, legal, view, extra)
        if choice == "q":
            break
        if choice == "v" and render is not None:
            console.print(render(view), markup=False, highlight=False)
        elif choice == "u" and match.can_undo(side):
            match.undo(side)
        elif isinstance(choice, Action):
            match.act(choice)
        else:
            refused = _("not a valid choice")
            err.print(f"[red]{refused}[/]")
    result = match.result()
    outcome = _verdict_text(game, result.to_json()) if result else _("unfinished")
    said = _("Result:")
    console.print(f"[bold]{said}[/] {outcome}", highlight=False)
    if record is not None:
        match.record.final_hash = match.hash()
        save_record(match.record, record)
        console.print(_("record saved to {path}", path=record), markup=False, highlight=False)


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
    option: Annotated[
        list[str], typer.Option(help="game option KEY=VALUE, e.g. deployment=by_hand (repeatable)")
    ] = [],  # noqa: B006
) -> None:
    """Play a whole game between agents and report the verdict."""
    from hexfront.ai.base import make_agent
    from hexfront.ai.play import play_out

    game = _load(game_name)
    names = [a.strip() for a in agents.split(",")]
    if len(names) != len(game.sides):
        _fail(
            _n(
                "{game} needs {n} agent ({sides})",
                "{game} needs {n} agents ({sides})",
                len(game.sides),
                game=game.name,
                sides=", ".join(game.sides),
            )
        )
    _check_scenario(game, scenario)
    try:
        pairs = enumerate(zip(game.sides, names, strict=True))
        seated = {side: make_agent(name, seed + i) for i, (side, name) in pairs}
        match = play_out(game, scenario, seated, seed=seed, options=_options(option))
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
        return
    labels = {
        "game": _("game"),
        "scenario": _("scenario"),
        "seed": _("seed"),
        "winner": _("winner"),
        "outcome": _("outcome"),
        "turns": _("turns"),
        "actions": _("actions"),
        "state_hash": _("state hash"),
    }
    nobody = _p("winner", "none")
    summary["winner"] = side_said(str(result.winner)) if result and result.winner else nobody
    summary["outcome"] = _verdict_text(game, result.to_json()) if result else _("unfinished")
    for k, v in summary.items():
        console.print(f"{labels[k]}: {v}", markup=False, highlight=False)


@app.command("replay")
def replay_cmd(
    file: Annotated[
        Path, typer.Argument(help="a saved game record, or a game server's record (GET /record)")
    ],
    verify: Annotated[
        bool, typer.Option(help="rebuild and check the final hash and the server's dice")
    ] = False,
    commitment: Annotated[
        str | None, typer.Option(help="the dice commitment the game showed you")
    ] = None,
) -> None:
    """Rebuild a saved game record; with --verify, check its state hash, and for a game
    server's record that the seed is the one committed to when the game began."""
    from hexfront.server import dice as server_dice

    try:
        rec, dice = server_dice.read_record(file)
        game = registry.load_game(rec.game)
        state = replay(game, rec)
    except HexfrontError as exc:
        _fail(str(exc))
    rebuilt = state_hash(game, state)
    console.print(
        _n(
            "{game} {scenario}: {n} action, hash {hash}",
            "{game} {scenario}: {n} actions, hash {hash}",
            len(rec.actions),
            game=rec.game,
            scenario=rec.scenario,
            hash=rebuilt,
        ),
        markup=False,
        highlight=False,
    )
    if verify:
        if dice is not None:
            try:
                promised = server_dice.check(rec, dice, commitment)
            except server_dice.DiceError as exc:
                _fail(_("dice: {problem}", problem=exc))
            label = _("dice verified")
            said = _(
                "the seed comes from the secret committed to when the game began ({commitment}); "
                "the replay rolled every die again from it",
                commitment=promised,
            )
            console.print(f"[green]{label}[/]: {said}", highlight=False)
        elif commitment is not None:
            _fail(_("the record reveals no dice secret to check the commitment against"))
        if rec.final_hash is None:
            _fail(_("the record carries no final hash to verify against"))
        if rec.final_hash != rebuilt:
            _fail(_("hash mismatch: the record says {hash}", hash=rec.final_hash))
        label = _("verified")
        said = _("the rebuilt state matches the record")
        console.print(f"[green]{label}[/]: {said}", highlight=False)


@app.command()
def demo() -> None:
    """The engine's small example game (Skirmish), played in the terminal."""
    console.print(
        _(
            "This demo plays Skirmish, the engine's small example game: three hidden blocks "
            "a side on a field of 6 by 5 hexes. For the real games: hexfront play bite SBE1, "
            "hexfront play stalins_war tournament, or hexfront serve for the browser."
        ),
        markup=False,
        highlight=False,
    )
    if sys.stdin.isatty():
        play("skirmish", "standard", None, None, ["red=human", "blue=random"], 1, None)
    else:
        selfplay("skirmish", "standard", "random,random", 1, False, None)


@app.command()
def arena(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    scenario: Annotated[str, typer.Argument()],
    address: Annotated[
        str | None,
        typer.Argument(
            metavar="[ADDRESS]",
            help="with --ray: the Ray cluster to join (auto, ray://head:10001); "
            "without one, --ray starts a local Ray",
            show_default=False,
        ),
    ] = None,
    agents: Annotated[str, typer.Option(help="comma-separated agent names")] = "heuristic,random",
    games: Annotated[
        int, typer.Option(help="games per pair of agents (both side assignments)")
    ] = 10,
    seed: Annotated[int, typer.Option(help="first seed")] = 1,
    jobs: Annotated[int | None, typer.Option(help="worker processes (default: all cores)")] = None,
    budget: Annotated[
        float | None, typer.Option(help="seconds per decision for search agents")
    ] = None,
    ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help="play the games as Ray tasks: on a local Ray (--jobs CPUs), or on the "
            "cluster at ADDRESS (--ray ADDRESS); needs the ray package (the ray extra)",
        ),
    ] = False,
    results: Annotated[
        Path | None,
        typer.Option(
            help="append each finished game to this file (JSON lines); run again with the "
            "same file to resume: games already in it are not played again"
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """Pit agents against each other from both sides: W/D/L per side, speed, Elo."""
    from rich.progress import Progress

    from hexfront.ai import arena as arena_mod
    from hexfront.ai.base import AGENTS

    if address is not None and not ray:
        _fail(
            _(
                "{address}: an address is only taken after --ray (the Ray cluster to join)",
                address=repr(address),
            )
        )
    names = [a.strip() for a in agents.split(",") if a.strip()]
    unknown = [n for n in names if n not in AGENTS]
    if unknown or not names:
        _fail(
            _(
                "unknown agents {names}; available: {agents}",
                names=", ".join(map(repr, unknown)) or _("none"),
                agents=", ".join(AGENTS),
            )
        )
    _check_scenario(_load(game_name), scenario)
    options = {"ismcts": {"budget": budget}} if budget is not None else {}
    pairs = max(1, len(names) * (len(names) - 1) // 2)
    with Progress(console=err, transient=as_json) as progress:
        task = progress.add_task(f"{game_name} {scenario}", total=games * pairs)
        try:
            report = arena_mod.run(
                game_name,
                scenario,
                names,
                games=games,
                seed=seed,
                jobs=jobs,
                agent_options=options,
                progress=lambda r: progress.advance(task),
                runner="ray" if ray else "local",
                ray_address=address,
                results_file=results,
            )
        except HexfrontError as exc:
            _fail(str(exc))
    if as_json:
        print(json.dumps(report, indent=2))
        return
    n_games = int(report["games"])
    table = Table(
        title=_n(
            "Arena: {game} {scenario}, {n} game",
            "Arena: {game} {scenario}, {n} games",
            n_games,
            game=game_name,
            scenario=scenario,
        )
    )
    for col in (_("agent"), _("side"), _("win"), _("draw"), _("loss"), _("s/decision"), "Elo"):
        table.add_column(col)
    for name, by_side in report["results"].items():
        for side, c in by_side.items():
            table.add_row(
                name,
                side_said(side),
                str(c["win"]),
                str(c["draw"]),
                str(c["loss"]),
                str(report["seconds_per_decision"][name]),
                str(report["elo"][name]),
            )
    console.print(table)
    console.print(
        _(
            "average game: {actions} actions, {turns} turns",
            actions=report["average_actions"],
            turns=report["average_turns"],
        ),
        highlight=False,
    )


@app.command()
def serve(
    host: Annotated[str, typer.Option()] = "127.0.0.1",
    port: Annotated[int, typer.Option()] = 8000,
    db: Annotated[
        str | None, typer.Option(help="database URL; default: SQLite in the data directory")
    ] = None,
    data_dir: Annotated[
        Path | None, typer.Option(help="data directory (default: $HEXFRONT_DATA or ./data)")
    ] = None,
    rate: Annotated[
        float | None, typer.Option(help="requests per second per token (0: no limit)")
    ] = None,
    burst: Annotated[int | None, typer.Option(help="requests at once per token")] = None,
    access_log: Annotated[bool, typer.Option(help="log every request")] = True,
    sqlite_sync: Annotated[
        str, typer.Option(help="SQLite: FULL (survives power cuts) or NORMAL (faster)")
    ] = "FULL",
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="address or network of a reverse proxy whose X-Forwarded-For is believed "
            "(repeat for several; default: none)"
        ),
    ] = None,
) -> None:
    """Start the game server (FastAPI + uvicorn) and its built-in page."""
    from hexfront.cli.serve_cmd import ServeError
    from hexfront.cli.serve_cmd import serve as run_server

    try:
        run_server(
            host, port, db, data_dir, rate, burst, access_log, sqlite_sync, trusted_proxy or []
        )
    except ServeError as exc:
        _fail(str(exc))


_DB_HELP = "database URL; default: SQLite in the data directory"
_DATA_HELP = "data directory (default: $HEXFRONT_DATA or ./data)"


@app.command("export")
def export_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME_ID", help="the game's id")],
    file: Annotated[Path, typer.Argument(metavar="FILE", help="where to write it")],
    db: Annotated[str | None, typer.Option(help=_DB_HELP)] = None,
    data_dir: Annotated[Path | None, typer.Option(help=_DATA_HELP)] = None,
) -> None:
    """Write a game of this server's database to one file (its record, seats' kinds and a
    SHA-256), for `hexfront import` here or on another server. A game in progress between
    people in different places is exported only once every seat agreed to open its record."""
    from hexfront.cli.transfer_cmd import TransferError, export_game

    try:
        data = export_game(game_id, db, data_dir)
    except TransferError as exc:
        _fail(str(exc))
    try:
        file.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
    except OSError as exc:
        _fail(_("cannot write {path}: {why}", path=str(file), why=exc.strerror or exc))
    actions = data.get("actions")
    n = len(actions) if isinstance(actions, list) else 0
    console.print(
        _(
            "{game} {scenario}: {n} actions written to {file}",
            game=data.get("game"),
            scenario=data.get("scenario"),
            n=n,
            file=str(file),
        ),
        highlight=False,
    )


@app.command("import")
def import_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a file written by export")],
    play_as: Annotated[
        str | None, typer.Option("--as", help="your side (default: the first person's)")
    ] = None,
    db: Annotated[str | None, typer.Option(help=_DB_HELP)] = None,
    data_dir: Annotated[Path | None, typer.Option(help=_DATA_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """Store an exported game in this server's database as a new game: the file's SHA-256
    is checked and the whole game replayed first; a changed or damaged file is refused and
    nothing is stored. Prints the new game's links: your seats' and the invitations."""
    from hexfront.cli.transfer_cmd import TransferError, import_game

    try:
        raw = file.read_bytes()
    except OSError as exc:
        _fail(_("cannot read {path}: {why}", path=str(file), why=exc.strerror or exc))
    try:
        made = import_game(raw, play_as, db, data_dir)
    except TransferError as exc:
        _fail(str(exc))
    if as_json:
        print(json.dumps(made, indent=2))
        return
    console.print(
        _(
            "imported as game {id} ({game} {scenario}, {n} actions)",
            id=made.get("id"),
            game=made.get("game"),
            scenario=made.get("scenario"),
            n=made.get("seq"),
        ),
        highlight=False,
    )
    links = made.get("links")
    if isinstance(links, dict):
        for side, link in links.items():
            console.print(f"  {side_said(str(side))}: {link}", highlight=False)


@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME")] = "bite",
    scenario: Annotated[str, typer.Option(help="scenario to play")] = "SBE4",
    seconds: Annotated[float, typer.Option(help="seconds of random play")] = 20.0,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """Benchmark a game's rules engine (random play, turns, supply; OpenSpiel if present)."""
    if game_name != "bite":
        _fail(_("no benchmark for {game}; try bite", game=repr(game_name)))
    from hexfront.ai.bite_tools.benchmark import run

    try:
        report = run(scenario, seconds)
    except HexfrontError as exc:
        _fail(str(exc))
    if as_json:
        print(json.dumps(report, indent=2))
        return
    for line in bench_lines(scenario, report):
        console.print(line, markup=False, highlight=False)


def bench_lines(scenario: str, report: dict[str, Any]) -> list[str]:
    """``hexfront bench``'s report in the player's language: the numbers and units as
    measured, the words translated; a figure not measured is said so, not "None"."""
    rp, sp = report["random_play"], report["supply"]
    engine = _("compiled rules (mypyc)") if report["engine"] == "mypyc" else _("pure Python rules")
    per_turn = rp.get("ms_per_turn")
    turn = (
        _("{ms} ms per turn", ms=per_turn)
        if per_turn is not None
        else _("no turn finished in the time given")
    )
    lines = [
        _(
            "random play on {scenario} with {engine}: {rate} actions/s, {turn}",
            scenario=scenario,
            engine=engine,
            rate=rp["actions_per_second"],
            turn=turn,
        ),
        _(
            "supply of all units: {ours} ms (networkx {networkx} ms, {speedup}x faster)",
            ours=sp["ours_ms"],
            networkx=sp["networkx_ms"],
            speedup=sp["speedup"],
        ),
    ]
    chess = report.get("openspiel_chess")
    if chess:
        lines.append(
            _(
                "OpenSpiel chess: {rate} actions/s; ratio {ratio}",
                rate=chess["actions_per_second"],
                ratio=report["ratio_vs_openspiel_chess"],
            )
        )
    return lines


if __name__ == "__main__":  # pragma: no cover
    app()
