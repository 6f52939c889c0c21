"""The BITE map generator: ``../shared/geodata`` plus curated files -> ``map.json.gz``.

Run it with ``make map`` (or ``python -m tools.mapgen``). The output is deterministic:
two runs give byte-identical files.
"""
