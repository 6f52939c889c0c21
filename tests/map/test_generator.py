"""The generator is deterministic and the committed map is its current output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GEODATA = ROOT.parent / "shared" / "geodata"
COMMITTED = ROOT / "src" / "hexfront" / "games" / "bite" / "data" / "map.json.gz"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not GEODATA.is_dir(), reason=f"no geodata at {GEODATA} (generator inputs)"),
]


def _generate(out: Path) -> bytes:
    subprocess.run(
        [sys.executable, "-m", "tools.mapgen", "--geodata", str(GEODATA), "--out", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return out.read_bytes()


def test_two_runs_are_byte_identical_and_match_the_committed_map(tmp_path: Path) -> None:
    first = _generate(tmp_path / "a" / "map.json.gz")
    second = _generate(tmp_path / "b" / "map.json.gz")
    assert first == second
    assert first == COMMITTED.read_bytes(), "the committed map is stale: run `make map`"


def test_missing_geodata_is_a_clear_error(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.mapgen",
            "--geodata",
            str(tmp_path / "none"),
            "--out",
            str(tmp_path / "x"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "geodata folder not found" in result.stderr
