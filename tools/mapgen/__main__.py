"""``python -m tools.mapgen [--geodata DIR] [--out FILE]``: write the BITE map."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tools.mapgen import config
from tools.mapgen.build import Built, encode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.mapgen", description=__doc__)
    ap.add_argument(
        "--geodata", type=Path, default=config.GEODATA, help="the shared geodata folder"
    )
    ap.add_argument("--out", type=Path, default=config.OUTPUT, help="where to write map.json.gz")
    args = ap.parse_args(argv)
    if not args.geodata.is_dir():
        print(f"geodata folder not found: {args.geodata}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    built = Built(args.geodata)
    if built.errors:
        for e in built.errors:
            print(f"error: {e}", file=sys.stderr)
        print("map not written", file=sys.stderr)
        return 1
    data = encode(built.document())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"wrote {args.out} ({len(data)} bytes) in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
