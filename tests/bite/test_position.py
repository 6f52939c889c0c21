"""Positions (``games/bite/position.py``): building, loaded dice, records, bad files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.engine.records import GameRecord, load_record, replay, save_record, state_hash
from hexfront.games.bite.game import Bite
from hexfront.games.bite.position import Position, PositionError, load_position

from .helpers import act, at_prompt, drive, move_targets

GAME = Bite()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "positions"

# Army Group Centre's spearhead next to Minsk, held by a Soviet fighter alone; a Soviet
# army further east. (Design choice: a small position on the real map.)
MINSK: dict[str, Any] = {
    "scenario": "SBE4",
    "turn": 2,
    "side": "axis",
    "phase": "movement",
    "pp": {"germany": 7, "ussr": 12},
    "unit": [
        {"id": "ger-pz-xxxxvii", "hex": "2522"},
        {"id": "ger-c-xii", "hex": "2523", "strength": 3},
        {"id": "sov-vvs-w-f", "hex": "Minsk"},
        {"id": "sov-a-13", "hex": "3122", "strength": 2},
    ],
    "control": {"axis": ["2522", "2523"]},
}


def build(**changes: Any) -> Match[Any]:
    return Match.from_position(GAME, {**MINSK, **changes})


def test_a_position_is_set_up_as_written() -> None:
    m = build()
    s = m.state
    board = s.w.board
    on_map = {p.uid: (board.id_of(p.node), s.strength(p)) for p in s.on_map()}
    assert on_map == {
        "ger-pz-xxxxvii": ("2522", 5),
        "ger-c-xii": ("2523", 3),
        "sov-vvs-w-f": ("2622", 4),
        "sov-a-13": ("3122", 2),
    }
    assert (s.turn, s.phasing, s.phase, s.weather) == (2, "axis", "movement", "good")
    assert s.pp == {"germany": 7, "ussr": 12}
    assert s.control[board.node("2522")] == "axis"
    assert s.control[board.node("Minsk")] == "soviet"  # the 1941 border, no enemy walked in
    assert m.active_sides() == ["axis"]
    assert "2622" in move_targets(m, "ger-pz-xxxxvii")


def test_unlisted_blocks_are_off_the_map_and_reinforcements_still_come() -> None:
    s = build().state
    assert sum(1 for _ in s.on_map()) == 4
    assert any(p.status == "pool" for p in s.pieces.values())
    s = build(reinforcements=False).state
    assert not any(p.status == "pool" for p in s.pieces.values())


def test_a_block_may_be_named_as_printed() -> None:
    units = [{"name": "XII Corps", "hex": "2523"}, {"id": "sov-a-13", "hex": "3122"}]
    s = build(unit=units).state
    assert s.pieces["ger-c-xii"].status == "map"


def test_the_soviet_player_may_be_the_phasing_player() -> None:
    m = build(side="soviet")
    assert m.state.phasing == "soviet"
    assert m.active_sides() == ["soviet"]
    assert m.state.phase == "movement"


def test_a_combat_position_opens_with_its_battles() -> None:
    units = [
        {"id": "ger-pz-xxxxvii", "hex": "Minsk"},
        {"id": "sov-a-13", "hex": "Minsk", "strength": 2},
    ]
    m = build(unit=units, phase="combat")
    assert m.state.phase == "combat"
    assert {a.verb for a in m.legal_actions("axis")} == {"fight"}


def test_loaded_dice_are_rolled_first_and_in_order() -> None:
    units = [
        {"id": "ger-pz-xxxxvii", "hex": "Minsk"},
        {"id": "sov-a-13", "hex": "Minsk", "strength": 2},
    ]
    m = build(unit=units, phase="combat", dice=[6, 5, 4, 3, 2, 1, 6])
    act(m, "axis", "fight", hex="2622")
    drive(m, lambda x: any(e.kind == "roll" for e in x.state.log))
    rolled = [v for e in m.state.log if e.kind == "roll" for v in e.data["dice"]]
    assert rolled[:7] == [6, 5, 4, 3, 2, 1, 6][: len(rolled)]


def test_a_position_game_replays_from_its_record(tmp_path: Path) -> None:
    m = build(dice=[6, 6, 6, 1])
    act(m, "axis", "move", unit="ger-c-xii", to="2623")
    drive(m, at_prompt("move", "soviet"))
    path = tmp_path / "game.json"
    m.record.final_hash = m.hash()
    save_record(m.record, path)
    record = load_record(path)
    assert record.position is not None
    assert record.position["scenario"] == "SBE4"
    assert state_hash(GAME, replay(GAME, record)) == m.hash()


def test_a_record_without_position_keeps_its_old_form() -> None:
    record = Match(GAME, "SBE1", {}, 3).record
    assert "position" not in record.to_json()
    assert GameRecord.from_json(record.to_json()).position is None


# --- item 7 of issue 11: undo closes when hidden enemy blocks showed something ------------


def test_a_move_that_shows_a_hidden_air_unit_cannot_be_undone() -> None:
    m = build()
    act(m, "axis", "move", unit="ger-c-xii", to="2623")  # an empty hex: nothing learnt
    assert m.can_undo("axis")
    act(m, "axis", "move", unit="ger-pz-xxxxvii", to="2622")  # Minsk held by a lone fighter
    kinds = [e.kind for e in m.state.log[-4:]]
    assert "air_evacuation" in kinds or "eliminated" in kinds
    assert not m.can_undo("axis")  # the mover learnt the block was an air unit


def test_a_move_into_a_ground_unit_can_still_be_undone() -> None:
    units = [*MINSK["unit"][:2], {"id": "sov-a-13", "hex": "Minsk", "strength": 2}]
    m = build(unit=units)
    act(m, "axis", "move", unit="ger-pz-xxxxvii", to="2622")  # a battle to come, no roll yet
    assert m.can_undo("axis")
    m.undo("axis")
    assert m.state.pieces["ger-pz-xxxxvii"].node == m.state.w.board.node("2522")


# --- bad positions: a clear error naming the field, nothing built ------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"scenario": "SBE0"}, "scenario"),
        ({"turn": 9}, "turn"),
        ({"turn": "two"}, "turn"),
        ({"side": "allies"}, "side"),
        ({"phase": "lunch"}, "phase"),
        ({"weather": "fog"}, "weather"),
        ({"dice": [0, 7]}, "dice"),
        ({"pp": {"germany": "lots"}}, "pp"),
        ({"control": {"axis": "2522"}}, "control.axis"),
        ({"control": {"axis": ["9999"]}}, "control.axis"),
        ({"unit": [{"id": "ger-nobody", "hex": "2522"}]}, "unit[0]"),
        ({"unit": [{"id": "ger-c-xii", "hex": "9999"}]}, "unit[0].hex"),
        ({"unit": [{"id": "ger-c-xii"}]}, "unit[0].hex"),
        ({"unit": [{"id": "ger-c-xii", "hex": "2523", "strength": 7}]}, "unit[0].strength"),
        ({"unit": [{"id": "ger-c-xii", "hex": "2523", "steps": 2}]}, "unit[0].steps"),
        ({"unit": [{"id": "ger-c-xii", "hex": "2523", "status": "lost"}]}, "unit[0].status"),
        (
            {"unit": [{"id": "ger-c-xii", "hex": "2523"}, {"id": "ger-c-xii", "hex": "2522"}]},
            "unit[1]",
        ),
        ({"frozen": ["ger-nobody"]}, "frozen"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_position_names_its_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as info:
        Position.from_json({**MINSK, **change}).build(GAME)
    assert str(info.value).startswith(f"{field}:"), str(info.value)


def test_position_files_toml_and_json(tmp_path: Path) -> None:
    as_json = tmp_path / "p.json"
    as_json.write_text(json.dumps(MINSK))
    assert load_position(as_json).to_json() == Position.from_json(MINSK).to_json()
    broken = tmp_path / "p.toml"
    broken.write_text("scenario = 'SBE4\n")
    with pytest.raises(PositionError, match="not valid TOML"):
        load_position(broken)
    with pytest.raises(PositionError, match="no such position file"):
        load_position(tmp_path / "missing.toml")


@pytest.mark.parametrize("path", sorted(DOCS.glob("*.toml")), ids=lambda p: p.stem)
def test_the_shipped_positions_load_and_play(path: Path) -> None:
    m = Match.from_position(GAME, load_position(path).to_json())
    side = m.active_sides()[0]
    m.act(m.legal_actions(side)[0])


def test_cli_plays_from_a_position_and_explains_a_bad_file(tmp_path: Path) -> None:
    runner = CliRunner()
    good = DOCS / "sbe1_luga_line.toml"
    out = runner.invoke(
        app, ["play", "bite", "--position", str(good), "--soviet", "random"], input="q\n"
    )
    assert out.exit_code == 0, out.output
    assert "Luga" in out.output or "2916" in out.output
    bad = tmp_path / "bad.toml"
    bad.write_text('scenario = "SBE1"\n[[unit]]\nid = "ger-c-i"\nhex = "2916"\nstrength = 9\n')
    out = runner.invoke(app, ["play", "bite", "--position", str(bad)])
    assert out.exit_code == 1
    assert "unit[0].strength" in out.output
    assert "I Corps" in out.output


def test_loaded_faces_survive_a_save() -> None:
    m = build(dice=[2, 3])
    again = GAME.from_json(GAME.to_json(m.state))
    assert again.dice.loaded == [2, 3]
    assert again.dice == m.state.dice
    assert m.state.clone().dice.loaded == [2, 3]


def test_an_illegal_action_leaves_a_position_game_unchanged() -> None:
    m = build()
    before = m.hash()
    with pytest.raises(Exception, match="not a legal action"):
        m.act(Action("axis", "move", {"unit": "ger-c-xii", "to": "3122"}))
    assert m.hash() == before
