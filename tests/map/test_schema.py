"""The committed map file against its JSON Schema (a small validator for the subset used)."""

from __future__ import annotations

import copy
import gzip
import json
import re
from importlib import resources
from typing import Any

import pytest

Json = Any
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def _is(value: Json, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def validate(value: Json, schema: Json, root: Json, path: str = "$") -> list[str]:
    """Errors of ``value`` against a JSON Schema using type, enum, pattern, min/max,
    properties, required, additionalProperties, items, minItems/maxItems, minLength, $ref."""
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        return validate(value, target, root, path)
    errs: list[str] = []
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        if not any(_is(value, t) for t in names):
            return [f"{path}: {value!r:.60} is not {types}"]
    if "enum" in schema and value not in schema["enum"]:
        errs.append(f"{path}: {value!r} not in {schema['enum']}")
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errs.append(f"{path}: {value!r} does not match {schema['pattern']}")
        if len(value) < schema.get("minLength", 0):
            errs.append(f"{path}: too short")
    if _is(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            errs.append(f"{path}: {value} < {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errs.append(f"{path}: {value} > {schema['maximum']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errs.append(f"{path}: missing {key!r}")
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                errs += validate(item, props[key], root, f"{path}.{key}")
            elif extra is False:
                errs.append(f"{path}: unexpected key {key!r}")
            elif isinstance(extra, dict):
                errs += validate(item, extra, root, f"{path}.{key}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errs.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errs.append(f"{path}: more than {schema['maxItems']} items")
        if "items" in schema:
            for k, item in enumerate(value):
                errs += validate(item, schema["items"], root, f"{path}[{k}]")
    return errs


@pytest.fixture(scope="module")
def data() -> Json:
    raw = resources.files("hexfront.games.bite").joinpath("data/map.json.gz").read_bytes()
    return json.loads(gzip.decompress(raw))


@pytest.fixture(scope="module")
def schema() -> Json:
    text = resources.files("hexfront.games.bite").joinpath("data/map.schema.json").read_text()
    return json.loads(text)


def test_map_file_matches_the_schema(data: Json, schema: Json) -> None:
    assert validate(data, schema, schema) == []


def test_cross_references(data: Json) -> None:
    width, height = data["grid"]["width"], data["grid"]["height"]
    ids = [h["id"] for h in data["hexes"]]
    assert ids == [f"{c + 1:02d}{r + 1:02d}" for r in range(height) for c in range(width)]
    nodes = set(ids) | {b["id"] for b in data["boxes"]}
    for p in data["places"]:
        assert p["hex"] in nodes, p["name"]
    for r in data["rails"]:
        assert set(r["nodes"]) <= nodes, r["name"]
    for lk in data["links"]:
        assert {lk["a"], lk["b"]} <= nodes
    index = {h: i for i, h in enumerate(ids)}
    for s in data["hexsides"]:
        assert index[s["a"]] < index[s["b"]], s
        assert s["river"] or s["deep_water"] or s["strait"] or s["red_arrow"], s
    names = [p["name"] for p in data["places"]]
    assert len(names) == len(set(names))
    for z, members in data["zones"].items():
        assert set(members) <= set(ids), z


def test_the_validator_can_fail(data: Json, schema: Json) -> None:
    broken = copy.deepcopy(data)
    broken["hexes"][0]["terrain"] = "lava"
    del broken["places"][0]["victory"]
    broken["rails"][0]["status"] = "planned"
    errs = validate(broken, schema, schema)
    assert any("lava" in e for e in errs)
    assert any("victory" in e for e in errs)
    assert any("planned" in e for e in errs)
