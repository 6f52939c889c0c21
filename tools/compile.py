"""Compile the rules engine with mypyc into a separate copy of the package.

``python -m tools.compile`` copies ``src/hexfront`` to ``build/compiled/hexfront`` and
compiles the strictly typed engine and BITE rules modules there into C extensions
(mypyc, then the C compiler). The working tree stays pure Python, so an edited source is
never shadowed by a stale extension; run the compiled copy with
``PYTHONPATH=build/compiled``. ``make bench`` does, and reports which engine ran.

The compiled copy must play exactly the same games: ``tests/engine/test_compiled.py``
builds it and replays the golden records with it. Without a C compiler or mypyc the
tool says so and exits with status 2; nothing else depends on it.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "hexfront"
DEFAULT_OUT = ROOT / "build" / "compiled"

# The modules compiled, relative to src/hexfront: the hot path of setup, legal actions,
# apply and view. engine/protocol.py stays interpreted: its runtime-checkable Protocols
# cannot be compiled classes.
MODULES = (
    "engine/dice.py",
    "engine/errors.py",
    "engine/events.py",
    "engine/hexgrid.py",
    "engine/listing.py",
    "engine/paths.py",
    "engine/records.py",
    "engine/sequence.py",
    "games/bite/board.py",
    "games/bite/charts.py",
    "games/bite/game.py",
    "games/bite/machine.py",
    "games/bite/state.py",
    "games/bite/types.py",
    "games/bite/units.py",
    "games/bite/view.py",
    "games/bite/world.py",
    "games/bite/rules/__init__.py",
    "games/bite/rules/air.py",
    "games/bite/rules/basics.py",
    "games/bite/rules/blitz.py",
    "games/bite/rules/combat.py",
    "games/bite/rules/command.py",
    "games/bite/rules/deploy.py",
    "games/bite/rules/exploitation.py",
    "games/bite/rules/level.py",
    "games/bite/rules/modifiers.py",
    "games/bite/rules/movement.py",
    "games/bite/rules/powers.py",
    "games/bite/rules/production.py",
    "games/bite/rules/rail.py",
    "games/bite/rules/reaction.py",
    "games/bite/rules/resources.py",
    "games/bite/rules/retreat.py",
    "games/bite/rules/siege.py",
    "games/bite/rules/supply.py",
    "games/bite/rules/turn.py",
    "games/bite/rules/victory.py",
)
_NOT_COPIED = shutil.ignore_patterns("__pycache__", "*.so")
STAMP = "compiled-from.txt"  # the source fingerprint the copy was built from

# setuptools' build_ext, driven from a child process whose working directory holds no
# pyproject.toml (setuptools would validate ours as its own project).
_BUILD = """
import sys
from setuptools import setup
from mypyc.build import mypycify
modules, jobs = sys.argv[1].split(","), sys.argv[2]
setup(
    name="hexfront-compiled",
    packages=[],
    ext_modules=mypycify(["--config-file", "mypy.ini", *modules], opt_level="3"),
    script_args=["build_ext", "--inplace", "--build-temp", ".build", "-j", jobs],
)
"""


def fingerprint() -> str:
    """One hash over the compiled modules' sources (the rest of the copy is refreshed at
    every build, which costs a second)."""
    digest = hashlib.sha256()
    for module in MODULES:
        digest.update(module.encode())
        digest.update((SOURCE / module).read_bytes())
    return digest.hexdigest()


def compiled_module_count(package_dir: Path) -> int:
    """How many of MODULES have an extension next to them in a compiled copy."""
    return sum(1 for m in MODULES if list((package_dir / m).parent.glob(Path(m).stem + ".*.so")))


def missing_tools() -> str | None:
    """Why this machine cannot compile, or None when it can."""
    for needed in ("mypyc", "setuptools"):
        if importlib.util.find_spec(needed) is None:
            return f"{needed} is not installed (pip install mypy setuptools)"
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        return "no C compiler (cc or gcc) on PATH"
    return None


def build(out: Path = DEFAULT_OUT, *, force: bool = False, quiet: bool = False) -> Path:
    """Build (or reuse) the compiled copy under ``out``; return the directory to put on
    PYTHONPATH. Raises RuntimeError naming what failed."""
    say = (lambda _msg: None) if quiet else (lambda msg: print(msg, file=sys.stderr))
    why = missing_tools()
    if why is not None:
        raise RuntimeError(f"cannot compile: {why}")
    want = fingerprint()
    package = out / "hexfront"
    stamp = out / STAMP
    if (
        not force
        and stamp.exists()
        and stamp.read_text() == want
        and compiled_module_count(package) == len(MODULES)
    ):
        # The interpreted rest of the package and its data follow the working tree.
        shutil.copytree(SOURCE, package, ignore=_NOT_COPIED, dirs_exist_ok=True)
        say(f"compiled engine up to date in {out}")
        return out
    started = time.perf_counter()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(SOURCE, package, ignore=_NOT_COPIED)
    (out / "mypy.ini").write_text("[mypy]\npython_version = 3.11\n")
    jobs = str(os.cpu_count() or 1)
    say(
        f"compiling {len(MODULES)} modules with mypyc into {out} "
        f"(a minute or two on {jobs} cores) ..."
    )
    modules = ",".join(f"hexfront/{m}" for m in MODULES)
    done = subprocess.run(
        [sys.executable, "-c", _BUILD, modules, jobs],
        cwd=out,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-25:])
        raise RuntimeError(f"mypyc build failed (exit {done.returncode}):\n{tail}")
    count = compiled_module_count(package)
    if count != len(MODULES):
        raise RuntimeError(f"mypyc built {count} of {len(MODULES)} modules")
    shutil.rmtree(out / ".build", ignore_errors=True)
    stamp.write_text(want)
    say(f"compiled {count} modules in {time.perf_counter() - started:.0f} s")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.compile", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the copy goes")
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, force=args.force)
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
