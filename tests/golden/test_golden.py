"""Golden records (``tools/golden.py``): every committed game replays to its final hash.

A speed-up or a refactoring must not change a single game. When a rule is fixed on
purpose, the records are made again in the same commit (``python -m tools.golden``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tools.golden import OUT, golden_set, name_of

from hexfront.engine.records import load_record, verify
from hexfront.games.bite.game import Bite

RECORDS = sorted(OUT.glob("*.json.gz"))
GAME = Bite()


def test_the_golden_set_is_complete() -> None:
    expected = {name_of(*g) for g in golden_set()}
    assert len(expected) >= 30
    assert {p.name for p in RECORDS} == expected


@pytest.mark.slow
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name.removesuffix(".json.gz"))
def test_a_golden_record_replays_to_its_hash(path: Path) -> None:
    record = load_record(path)
    assert record.final_hash is not None
    same, rebuilt = verify(GAME, record)
    assert same, f"{path.name}: the game changed (hash {rebuilt[:12]})"
