"""The rules-coverage table lists every chapter of the rulebook and every scenario."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).parents[1] / "docs" / "rules-coverage.md"
STATUSES = {"not started", "partial", "done", "n/a"}


def rows() -> dict[str, list[str]]:
    out = {}
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[0] not in ("rule", "---"):
            out[cells[0]] = cells
    return out


def test_every_chapter_and_scenario_has_a_row() -> None:
    table = rows()
    for chapter in range(1, 40):
        assert f"{chapter}.0" in table, chapter
    for n in range(1, 10):
        assert f"SBE{n}" in table
    assert {"7.7.7", "7.7.15", "BOX 1", "12.4.1", "BSS"} <= set(table)


def test_named_files_exist() -> None:
    root = Path(__file__).parents[1]
    for rule, cells in rows().items():
        for name in re.findall(r"`([^`]+)`", cells[3] + " " + cells[4]):
            candidates = [
                root / name,
                root / "src/hexfront/games/bite" / name,
                root / "src/hexfront" / name,
            ]
            candidates.append(root / "src/hexfront/games/bite/data" / name)
            assert any(c.exists() for c in candidates), f"{rule} names {name}, which does not exist"


def test_statuses_are_known_and_done_rows_name_code_and_tests() -> None:
    for rule, cells in rows().items():
        status = cells[5]
        assert status in STATUSES, (rule, status)
        if status in ("done", "partial"):
            assert cells[3], f"{rule} is {status} but names no code"
        if status == "done":
            assert cells[4], f"{rule} is done but names no tests"
        assert re.fullmatch(r"\d+\.\d+(\.\d+)*|BOX 1|BSS|SBE\d", rule), rule
