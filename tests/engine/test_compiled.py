"""The mypyc-compiled engine (``tools/compile.py``) plays exactly the same games.

It is built (or reused when up to date) in ``build/compiled`` and every golden record is
replayed with it in a child process, so a change that the compiler rejects, or that
plays differently once compiled, fails here. Skipped, with the reason, on a machine
without a C compiler or mypyc.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tools import compile as compiler

ROOT = compiler.ROOT

# Loaded from the compiled copy: the extension files, not the sources.
_WHICH = """
import hexfront.engine.sequence as s, hexfront.games.bite.game as g, hexfront.engine.protocol as p
print(s.__file__); print(g.__file__); print(p.__file__)
"""


@pytest.fixture(scope="module")
def compiled() -> dict[str, str]:
    why = compiler.missing_tools()
    if why is not None:
        pytest.skip(f"no compiled engine here: {why}")
    out = compiler.build(quiet=True)
    return {**os.environ, "PYTHONPATH": str(out)}


@pytest.mark.slow
def test_the_compiled_copy_is_what_runs(compiled: dict[str, str]) -> None:
    files = subprocess.run(
        [sys.executable, "-c", _WHICH], env=compiled, capture_output=True, text=True, check=True
    ).stdout.split()
    assert files[0].endswith(".so"), files
    assert files[1].endswith(".so"), files
    assert files[2].endswith(".py"), "protocol.py is meant to stay interpreted"
    assert all("build" in f and "compiled" in f for f in files), files
    engine = "from hexfront.ai.bite_tools.benchmark import engine; print(engine())"
    named = subprocess.run(
        [sys.executable, "-c", engine], env=compiled, capture_output=True, text=True, check=True
    )
    assert named.stdout.strip() == "mypyc"  # what `hexfront bench bite` reports


@pytest.mark.slow
def test_compiled_random_games_keep_every_invariant(
    compiled: dict[str, str], tmp_path: Path
) -> None:
    # Beyond the golden games: saves and loads, views, fog, on random games of each
    # basic scenario (compiled classes check types at run time that Python never does).
    summary = tmp_path / "fuzz.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "hexfront.ai.bite_tools.fuzz",
            "--games",
            "2",
            "--jobs",
            "1",
            "--scenarios",
            "SBE1,SBE2,SBE3,SBE4",
            "--seed",
            "900",
            "--json",
            str(summary),
        ],
        cwd=tmp_path,
        env=compiled,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    report = json.loads(summary.read_text())
    assert report["games"] == 8
    assert report["problems"] == {}


_INTERPRETED_GAME = """
from hexfront.ai.base import RandomAgent
from hexfront.engine.example import Skirmish
from hexfront.engine.match import Match
import hexfront.engine.sequence as sequence
assert not sequence.__file__.endswith(".py")  # the compiled machine ...
match = Match(Skirmish(), "standard", {}, 4)  # ... runs procedures not compiled
agents = {side: RandomAgent(5) for side in ("red", "blue")}
while not match.is_over():
    side = match.active_sides()[0]
    match.act(agents[side].choose(match.view(side), match.legal_actions(side)))
print(match.result().outcome)
"""


@pytest.mark.slow
def test_interpreted_procedures_run_on_the_compiled_machine(compiled: dict[str, str]) -> None:
    # Other games (the engine's example, Stalin's War) subclass Procedure and Steps in
    # modules that are not compiled: their class attributes must reach the machine.
    done = subprocess.run(
        [sys.executable, "-c", _INTERPRETED_GAME],
        env=compiled,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip()


def test_the_benchmark_names_the_pure_engine_here() -> None:
    from hexfront.ai.bite_tools.benchmark import engine

    assert engine() == "python"


@pytest.mark.slow
def test_the_compiled_engine_replays_every_golden_record(compiled: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/golden"],
        cwd=ROOT,
        env=compiled,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout
    assert "failed" not in done.stdout


def test_the_fingerprint_covers_every_compiled_module() -> None:
    # The copy is rebuilt when any source changes: the fingerprint covers every module.
    first = compiler.fingerprint()
    assert first == compiler.fingerprint()
    assert len(first) == 64
    assert all((compiler.SOURCE / m).is_file() for m in compiler.MODULES)
