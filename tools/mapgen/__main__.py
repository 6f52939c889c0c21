"""``python -m tools.mapgen [--game bite|stalins_war] [--geodata DIR] [--out FILE]``: write
a game's map (default BITE)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tools.mapgen import config
from tools.mapgen.build import Built, encode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.mapgen", description=__doc__)
    ap.add_argument("--game", default="bite", choices=sorted(config.GAMES), help="which map")
    ap.add_argument(
        "--geodata", type=Path, default=config.GEODATA, help="the shared geodata folder"
    )
    ap.add_argument("--out", type=Path, default=None, help="where to write map.json.gz")
    args = ap.parse_args(argv)
    game = config.GAMES[args.game]
    out: Path = args.out or game.output
    if not args.geodata.is_dir():
        print(f"geodata folder not found: {args.geodata}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    if game.key == "bite":
        built = Built(args.geodata)
        errors, document = built.errors, built.document
    else:
        from tools.mapgen.stalins_war import StalinsWar

        sw = StalinsWar(args.geodata)
        errors, document = sw.errors, sw.document
    if errors:
        for e in errors:
            print(f"error: {e}", file=sys.stderr)
        print("map not written", file=sys.stderr)
        return 1
    data = encode(document())
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    print(f"wrote {out} ({len(data)} bytes) in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
