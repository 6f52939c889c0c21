"""Players read words, never internals (issue 18, point 5).

Whole games are played and everything the terminal shows a player is scanned, from both
seats: every log line (rendered with that side's view, as the CLI renders it), every prompt,
every legal action's description and the view's summary. None may hold a unit id of the order
of battle, a block handle, a snake_case key, a ``key=value`` pair, ``frm`` or a raw side key.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hexfront.ai.base import Agent, RandomAgent, make_agent
from hexfront.engine.errors import HexfrontError
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import text as text_module
from hexfront.games.bite.game import Bite
from hexfront.games.bite.state import BiteState

GAME = Bite()
SIDES = ("axis", "soviet")
HANDLE = re.compile(r"\bb\d+\b")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
KEY_VALUE = re.compile(r"\w=")
FIELD_WORDS = re.compile(r"\bfrm\b|\bNone\b|\bhandle\b")
SIDE_KEY = re.compile(r"\b(axis|soviet)\b")  # the players' words are "Axis" and "Soviet"


def log_text(event: dict[str, Any], view: dict[str, Any]) -> str:
    """A log line as the terminal prints it for the side whose view this is."""
    return GAME.log_line(event, view)


def _id_pattern(match: Match[BiteState]) -> re.Pattern[str]:
    ids = sorted(match.state.w.units, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


def _leaks(line: str, ids: re.Pattern[str]) -> list[str]:
    found = []
    for name, pattern in (
        ("unit id", ids),
        ("block handle", HANDLE),
        ("snake_case key", SNAKE),
        ("key=value", KEY_VALUE),
        ("field name", FIELD_WORDS),
        ("side key", SIDE_KEY),
    ):
        hit = pattern.search(line)
        if hit:
            found.append(f"{name} {hit.group(0)!r}")
    return found


def _shown(
    match: Match[BiteState], agents: dict[str, Agent], max_actions: int
) -> Iterator[tuple[str, str, str]]:
    """(side, what, text) for all a terminal player of either side would read."""
    seen = dict.fromkeys(SIDES, 0)
    phase: dict[str, object] = {}
    for _ in range(max_actions):
        if match.is_over():
            break
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        yield from _news(match, seen, phase)
        view = match.view(side)
        prompt = view.get("prompt")
        assert isinstance(prompt, dict)
        yield side, f"prompt {prompt.get('kind')}", text_module.prompt_words(prompt)
        for action in legal:
            yield side, f"action {action.verb}", GAME.describe_action(action, view)
        match.act(agents[side].choose(view, legal))
    yield from _news(match, seen, phase)


def _news(
    match: Match[BiteState], seen: dict[str, int], phase: dict[str, object]
) -> Iterator[tuple[str, str, str]]:
    """What each side's terminal prints before its next choice: the new events it may read
    (the same events its view's log holds), and the summary when the phase changed."""
    log = match.state.log
    for s in SIDES:
        view = match.view(s)
        for event in log[seen[s] :]:
            if event.visible_to(s):
                yield s, f"log {event.kind}", log_text(event.to_json(), view)
        seen[s] = len(log)
        now = (view["turn"], view["phase"], view["phasing"])
        if phase.get(s) != now or match.is_over():
            phase[s] = now
            for line in GAME.render_text(view).splitlines():
                yield s, "view", line


def _check(match: Match[BiteState], agents: dict[str, Agent], max_actions: int) -> None:
    ids = _id_pattern(match)
    bad: dict[str, str] = {}  # one example per kind of leak and per source
    lines = 0
    for side, what, text in _shown(match, agents, max_actions):
        lines += 1
        for leak in _leaks(text, ids):
            bad.setdefault(
                f"{what}: {leak.split(' ', 1)[0]}", f"[{side}] {what}: {leak} in {text!r}"
            )
    assert lines > 100
    assert not bad, f"{len(bad)} kinds of leak:\n" + "\n".join(sorted(bad.values()))


@pytest.mark.parametrize(
    ("scenario", "seed"), [("SBE1", 1), ("SBE1", 2), ("SBE1", 3), ("SBE4", 1), ("SBE4", 2)]
)
def test_random_games_read_as_words(scenario: str, seed: int) -> None:
    match = Match(GAME, scenario, {}, seed)
    agents: dict[str, Agent] = {
        "axis": RandomAgent(seed * 10),
        "soviet": RandomAgent(seed * 10 + 1),
    }
    _check(match, agents, 2500)


def test_a_heuristic_game_reads_as_words() -> None:
    match = Match(GAME, "SBE1", {}, 7)
    agents = {"axis": make_agent("heuristic", 7), "soviet": make_agent("heuristic", 8)}
    _check(match, agents, 1500)


def test_hidden_blocks_are_never_named() -> None:
    """A log line names an enemy block only when the side's view shows it (revealed)."""
    match = Match(GAME, "SBE1", {}, 4)
    agents = {"axis": RandomAgent(1), "soviet": RandomAgent(2)}
    names = {uid: spec.name for uid, spec in match.state.w.units.items()}
    for _ in range(600):
        if match.is_over():
            break
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        match.act(agents[side].choose(match.view(side), legal))
        for s in SIDES:
            view = match.view(s)
            log = view["log"]
            assert isinstance(log, list)
            assert log
            last = log[-1]
            assert isinstance(last, dict)
            if last.get("kind") not in ("move", "rail", "retreat", "blitz", "react", "fly"):
                continue
            handle = last["data"]["handle"]  # type: ignore[index, call-overload]
            piece = next(p for p in match.state.pieces.values() if p.handle == handle)
            if piece.side == s:
                continue
            shown = {u.get("handle"): u for u in view["units"]}  # type: ignore[union-attr]
            line = log_text(last, view)
            if "name" not in shown.get(handle, {}):
                assert names[piece.uid] not in line, line


def test_refusals_read_as_words() -> None:
    """The server shows a refused action's reason to the player: words too."""
    match = Match(GAME, "SBE1", {}, 1)
    ids = _id_pattern(match)
    side = match.active_sides()[0]
    other = next(s for s in SIDES if s != side)
    own = next(p for p in match.state.pieces.values() if p.side == side)
    enemy = next(p for p in match.state.pieces.values() if p.side == other)
    refusals = []
    for action in (
        Action(side, "move", {"unit": own.uid, "to": "0101"}),
        Action(side, "repair", {"unit": own.uid}),
        Action(other, "move", {"unit": enemy.uid, "to": "0101"}),
    ):
        with pytest.raises(HexfrontError) as caught:
            match.act(action)
        refusals.append(str(caught.value))
    with pytest.raises(HexfrontError) as caught:
        match.undo(side)
    refusals.append(str(caught.value))
    assert state_spec_name(match, own.uid) in refusals[0]
    for text in refusals:
        assert not _leaks(text, ids), text


def state_spec_name(match: Match[BiteState], uid: str) -> str:
    return match.state.w.units[uid].name


# One event of every kind the rules log, as they log it: random play reaches few of the rare
# ones (an air evacuation, a power leaving the war), so each is read here from both seats.
SAMPLE_EVENTS: dict[str, dict[str, Any]] = {
    "setup": {"scenario": "SBE1"},
    "turn": {"turn": 2, "weather": "good"},
    "side": {"side": "soviet"},
    "deploy": {"side": "axis"},
    "deployed": {"unit": "ger-c-i", "hex": "2020"},
    "deployment_done": {"side": "axis"},
    "redeploy": {"handle": "b7", "side": "axis", "frm": "2020", "to": "2021"},
    "income": {"power": "ussr", "pp": 5},
    "aid": {"to": "finland"},
    "reinforcement_available": {"unit": "sov-a-8"},
    "repair": {"unit": "ger-c-i", "strength": 3},
    "pp_spent": {"side": "soviet", "pp": 2},
    "disband": {"unit": "sov-a-8"},
    "block_removed": {"side": "soviet", "handle": "b199"},
    "place": {"unit": "sov-a-8", "hex": "3907"},
    "rebuild": {"unit": "sov-a-8", "hex": "3907"},
    "block_placed": {"side": "soviet", "handle": "b400", "hex": "3907"},
    "hq_action": {"hq": "ger-fhq", "action": "rail"},
    "rail_unit": {"unit": "ger-c-i"},
    "move": {"handle": "b95", "side": "axis", "path": ["2020", "1921"]},
    "rail": {"handle": "b95", "side": "axis", "frm": "2020", "to": "1721"},
    "fly": {"handle": "b15", "side": "axis", "frm": "2020", "to": "2119"},
    "rebase": {"handle": "b15", "side": "axis", "frm": "2119", "to": "2020"},
    "react": {"handle": "b20", "side": "soviet", "frm": "2928", "to": "2226"},
    "air_evacuation": {"handle": "b213", "side": "axis", "frm": "2020", "to": "1922"},
    "battle": {"hex": "2119", "attacker": "axis", "blitz": True},
    "round": {"hex": "2119", "round": 2},
    "reveal": {"unit": "sov-a-8", "name": "8th Army", "side": "soviet", "cls": "static_infantry", "strength": 3},
    "roll": {"dice": [3, 6], "purpose": "ground"},
    "fire": {
        "step": "a2g", "round": 1, "air_round": 1, "unit": "sov-a-8", "name": "8th Army",
        "side": "soviet", "dice": [6], "hit_on": 5, "hits": 1, "mali": 1, "boni": 0,
    },
    "hit": {"unit": "ger-c-i", "name": "I Corps", "side": "axis", "result": "half", "strength": 3},
    "retreat": {"handle": "b105", "side": "soviet", "frm": "2220", "to": "2121"},
    "blitz": {"handle": "b13", "side": "axis", "frm": "2124", "to": "2024"},
    "follow": {"handle": "b151", "side": "axis", "frm": "2119", "to": "2218"},
    "eliminated": {"handle": "b199", "side": "soviet", "why": "combat"},
    "eliminated_unit": {"unit": "sov-a-8", "name": "8th Army"},
    "battle_over": {"hex": "2119", "winner": "soviet"},
    "captured": {"city": "Kaunas", "side": "axis", "hex": "2222"},
    "factories_destroyed": {"city": "Kiev", "side": "axis"},
    "fortification_lost": {"city": "Sevastopol", "side": "axis", "was": "fortress", "now": "bunker"},
    "out_of_supply": {"side": "soviet", "handles": ["b199"], "hexes": ["2119"]},
    "surrender": {"handle": "b199", "side": "soviet", "hex": "2119"},
    "surrendered_unit": {"unit": "sov-a-8", "name": "8th Army"},
    "surrender_pp": {"power": "germany", "pp": 1},
    "siege_step_lost": {"handle": "b199", "side": "soviet", "hex": "2514"},
    "siege_step_lost_unit": {"unit": "sov-a-8", "name": "8th Army"},
    "surrender_coloured_pp": {"power": "ussr", "colour": "red", "pp": 1},
    "desperate_attack_failed": {"side": "axis", "hex": "4737", "units": 1},
    "power_surrenders": {"power": "finland", "why": "Helsinki is in Soviet hands"},
    "finland_neutral": {},
    "persia_joins_axis": {},  # 37.0
    "game_over": {
        "winner": "soviet", "outcome": "soviet decisive victory", "level": "decisive",
        "detail": "Germany surrendered (sudden death)", "score": None,
    },
    # --- advanced production (11.0-11.3) ---
    "coloured_income": {"power": "germany", "red": 3, "blue": 9, "black": 10, "white": 0},
    "resources_cut": {"power": "ussr", "cities": ["Kerch"]},
    "mine_loss": {"power": "ussr", "city": "Leningrad", "pp": 1},
    "pp_discarded": {"power": "germany", "red": 0, "blue": 0, "black": 7, "white": 0},
    "coloured_pp_spent": {"side": "axis", "power": "germany", "colour": "red", "pp": 3},
    "coloured_aid": {"to": "romania", "colour": "red", "pp": 1},
    # --- HQ, fuel and movement (13.0-13.8) ---
    "hq_activated": {
        "unit": "ger-pzgr-3", "name": "Panzergruppe 3", "cls": "armor_hq", "side": "axis",
        "hex": "2022", "ap": 4,
    },
    "hq_command": {"hq": "ger-pzgr-3", "unit": "ger-pz-xxxxvii", "order": "armor", "left": 3},
    "hq_deactivated": {"unit": "ger-pzgr-3", "name": "Panzergruppe 3", "side": "axis", "strength": 3},
    "hq_supremacy_cost": {"unit": "ger-lf-2", "name": "Luftflotte 2", "side": "axis", "strength": 2},
    "supreme_hq_moved": {
        "unit": "ger-fhq", "name": "FHQ", "side": "axis", "frm": "2021", "to": "1121",
    },
    # --- the Battle Sheets' dated events, TECH and the 1942-44 setups (long scenarios) ---
    "unit_withdrawn": {"unit": "ger-7fd", "power": "germany", "pp": 2, "owed": 0},
    "withdrawal_waits": {"unit": "ger-fk-ii"},
    "withdrawal_debt_paid": {"power": "hungary", "pp": 1, "owed": 10},
    "unit_upgraded": {"unit": "ger-ss-lah", "into": "ger-ss-i", "strength": 5},
    "upgrade_waits": {"unit": "ger-ss-lah", "into": "ger-ss-i"},
    "upgrade_rebuild": {"unit": "ger-ss-lah", "into": "ger-ss-i"},
    "tech_advance": {"nation": "ussr", "field": "infantry", "level": 2},
    "minor_tech_advance": {"nation": "romania", "field": "armor", "level": 2},
    # Lend-Lease and strategic warfare (optional rules 34.0, 35.1, 35.2)
    "lend_lease_arrives": {"route": "arctic", "red": 2, "blue": 1},
    "lend_lease_cut": {"route": "persia", "pp": 2},
    "convoy_attack": {"route": "arctic", "hits": 2, "red": 1, "blue": 1},
    "lend_lease_spent": {"colour": "red", "pp": 2},
    "lend_lease_lost": {"red": 1, "blue": 0},
    "strategic_warfare": {"turn": 15},
    "airwar_raid": {"unit": "us-af-8", "name": "8th Air Force", "hex": "1121"},
    "airwar_quiet": {},
    "airwar_unopposed": {"hex": "1121", "bombers": 1},
    "airwar_air_combat": {
        "hex": "0420",
        "bombers": 2,
        "fighters": 1,
        "bomber_hits": 2,
        "fighter_hits": 1,
    },
    "airwar_aa": {"hits": 1},
    "airwar_bombs": {"unit": "uk-bg-4", "name": "4th Bomber Group", "hex": "0420", "hits": 1},
    "airwar_losses": {"yellow": 1, "red": 0, "blue": 1, "black": 2, "white": 0},
    "interceptor_repaired": {"unit": "gst-fj2", "name": "FJ2", "strength": 4},
    "deployed_strength": {"unit": "sov-a-8", "strength": 3},
    # --- new factories, scorched earth, strategic bombing (15.1, 16.0-16.2, 32.0-32.3) ---
    "factory_placed": {"power": "germany", "colour": "red", "city": "Kassel"},
    "factory_evacuated": {"city": "Kharkov", "colour": "red"},
    "factory_moving": {"power": "ussr", "colour": "blue", "box": 9},
    "factory_loot": {"side": "axis", "city": "Kharkov", "pp": 1},
    "factory_loot_paid": {"power": "germany", "colour": "red", "pp": 1},
    "centre_repair": {"city": "Kiev", "paid": 2, "restored": False},
    "bombing": {"side": "axis", "handle": "b7", "city": "Moscow", "target": "factory"},
    "bomb_hits": {"side": "axis", "city": "Moscow", "target": "rail", "hits": 2},
    "factories_bombed_out": {"city": "Moscow"},
    # --- escorts and interceptors over a raid (23.0, 32.0) ---
    "raid_escorts": {"side": "axis", "hex": "3430", "raid": "airdrop", "fighters": 1},
    "raid_intercepted": {"side": "soviet", "hex": "2817", "raid": "bomb", "fighters": 2},
    # --- optional rules of combat (19.1, 20.0, 21.0) ---
    "recon": {"side": "axis", "hq": "ger-lf-2", "hex": "3122", "result": "success"},
    "charge": {"side": "soviet", "hex": "3930", "attack": "cavalry", "barbo": False},
    # --- optional rules of forces (28.0, 29.0, 30.0) ---
    "volkssturm_called": {},
    "volkssturm_raised": {"unit": "ger-c-l", "hex": "1621"},
    "chechens_rise": {"hex": "4739"},
    "partisan_placed": {"hex": "3202", "n": 2},
    "partisans_found": {"hex": "3202", "n": 2},
    "partisans_dispersed": {"hex": "3202"},
    "partisans_rejoin": {"hex": "3202", "n": 2},
    "partisan_fight": {"hex": "3202", "n": 3},  # 29.0: the Axis attacks them
    "partisans_fire": {"hex": "3202", "hits": 1},
    "partisans_hit": {"hex": "3202", "lost": 1, "n": 2},
    "partisans_hold": {"hex": "3202", "n": 2},
    "reserve": {"unit": "ger-pz-xxxxvii", "hq": "ger-pzgr-3", "mode": "motorized"},  # 31.0
    # --- naval moves, airborne assaults, landings (18.0, 23.0, 24.0) ---
    "sea_move": {"handle": "h1", "side": "soviet", "frm": "3137", "to": "3737", "result": "damaged"},
    "airdrop": {
        "handle": "h2",
        "side": "axis",
        "frm": "2020",
        "to": "2120",
        "how": "glider",
        "result": "landed",
        "hits": 1,
    },
    "landing": {"handle": "h3", "side": "soviet", "frm": "3137", "to": "3336", "result": "landed"},
    "reembark": {"handle": "h3", "side": "soviet", "frm": "3336", "to": "3137", "result": "sunk"},
    # the long scenarios' economy (rules/economy.py) and SBE9's surrender option
    "project_built": {"project": "saratov_stalingrad", "power": "ussr", "pp": 3},
    "oil_route_lost": {"power": "ussr"},
    "oil_route_restored": {"power": "ussr"},
    "plant_built_up": {"power": "germany", "colour": "yellow", "progress": 6, "of": 10},
    "plant_finished": {"power": "ussr", "colour": "red"},
    "soviet_surrender": {"pp": 21},
}  # fmt: skip


def _logged_kinds() -> set[str]:
    """Every event kind the BITE rules log (read from their source)."""
    source = "\n".join(p.read_text() for p in Path(text_module.__file__).parent.rglob("*.py"))
    kinds = set(re.findall(r"emit(?:_move)?\(\s*\"([a-z_]+)\"", source))
    return kinds | {"place", "rebuild", "blitz", "follow"}  # logged by a verb's name


def test_every_kind_of_event_has_words_from_both_seats() -> None:
    assert _logged_kinds() <= set(SAMPLE_EVENTS), _logged_kinds() - set(SAMPLE_EVENTS)
    match = Match(GAME, "SBE1", {}, 1)
    ids = _id_pattern(match)
    for side in (*SIDES, None):
        view = match.view(side) if side else None
        for kind, data in SAMPLE_EVENTS.items():
            line = GAME.log_line({"kind": kind, "data": data}, view)
            assert line != kind.replace("_", " ").capitalize(), f"no words for {kind}"
            assert not _leaks(line, ids), (side, kind, line, _leaks(line, ids))
    # The issue's own example: an enemy's evacuation is an unnamed block, with places.
    evacuation = {"kind": "air_evacuation", "data": SAMPLE_EVENTS["air_evacuation"]}
    assert GAME.log_line(evacuation, match.view("soviet")) == (
        "An Axis block flies off its overrun airbase: Insterburg (2020) → Allenstein (1922)"
    )


@pytest.mark.parametrize(("human", "computer"), [("axis", "soviet"), ("soviet", "axis")])
def test_the_terminal_game_reads_as_words(human: str, computer: str) -> None:
    """All `hexfront play` prints, from either seat, to the verdict (always answering "1")."""
    from typer.testing import CliRunner

    from hexfront.cli.main import app

    args = ["play", "bite", "SBE1", f"--{human}", "human", f"--{computer}", "random"]
    result = CliRunner().invoke(app, [*args, "--seed", "3"], input="1\n" * 4000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Result:" in result.output
    ids = _id_pattern(Match(GAME, "SBE1", {}, 3))
    bad = {}
    for line in result.output.splitlines():
        for leak in _leaks(line, ids):
            bad.setdefault(leak.split(" ", 1)[0], f"{leak} in {line!r}")
    assert not bad, "\n".join(bad.values())


def test_the_new_game_form_reads_options_as_words() -> None:
    """The options a new-game form offers: a label and a word for each choice, never the
    internal name or value ("bonus_cancels_malus", "by_hand", True)."""
    for option in GAME.options():
        shown = option.to_json()
        label, words = str(shown["label"]), shown["choice_labels"]
        assert isinstance(words, list)
        assert label != option.name
        assert not re.search(r"_|\b(True|False|true|false)\b", label), label
        assert len(words) == len(option.choices)
        for word in words:
            assert not re.search(r"_|\b(True|False|true|false)\b", str(word)), (option.name, word)


def _production_words(scenario: str) -> dict[str, str]:
    """Each production choice of the Axis at its turn-2 Production Phase, in words, keyed
    by verb, ally and colour: a reduced panzer corps to repair, an eliminated fighter to
    rebuild, and the PP Germany may give its allies."""
    units = [
        {"id": "ger-pz-xxxxvii", "hex": "Brest-Litovsk", "strength": 2},
        {"id": "ger-jg-51", "hex": "Warsaw", "status": "eliminated"},
        {"id": "ger-c-xii", "hex": "2522"},
    ]
    base = {"scenario": scenario, "turn": 2, "side": "axis", "phase": "production"}
    match = Match.from_position(GAME, {**base, "unit": units})
    view = match.view("axis")
    words: dict[str, str] = {}
    for action in match.legal_actions("axis"):
        if action.verb in ("repair", "rebuild", "aid"):
            parts = [action.verb]
            if action.verb == "aid":
                parts += [str(action.args["to"]), str(action.args.get("colour", ""))]
            key = " ".join(p for p in parts if p)
            words.setdefault(key, GAME.describe_action(action, view))
    return words


def test_advanced_production_choices_name_their_colours() -> None:
    """11.0: in the Advanced Game a step of armour costs as many red PP as yellow ones, of air
    blue ones; Germany may give its allies a PP of any colour (5.2). The menu says which."""
    from hexfront.i18n import using

    words = _production_words("SBE5")
    assert words["repair"] == "repair XXXXVII Panzer Corps: 3 yellow and 3 red PP"
    assert words["rebuild"].startswith("rebuild JG 51 Mölders at ")
    assert words["rebuild"].endswith(": 2 yellow and 2 blue PP")
    assert words["aid romania"] == "give 1 yellow PP to Romania"
    assert words["aid romania red"] == "give 1 red PP to Romania"
    assert words["aid finland black"] == "give 1 black PP to Finland"
    # The Basic Game (SBE4) pays yellow PP only, and says just how many.
    basic = _production_words("SBE4")
    assert basic["repair"] == "repair XXXXVII Panzer Corps (3 PP)"
    assert basic["aid romania"] == "give 1 PP to Romania"
    assert not any("red" in w or "yellow" in w for w in basic.values())
    with using("it"):
        italian = _production_words("SBE5")
    assert italian["repair"] == "rinforza XXXXVII Panzer Corps: 3 PP gialli e 3 rossi"
    assert italian["aid romania red"] == "dai 1 PP rosso alla Romania"  # the article, joined
