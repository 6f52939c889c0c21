"""BITE forces and calendar data: unit blocks, Tech Level Chart, Turn Record Chart, Battle
Sheets, scenarios SBE1-SBE9 and setups, read from ``data/`` (TOML) and validated.

Everything here is stdlib only and cached. Bad data raises :class:`DataError` listing every
problem found, each prefixed by the file and the record it concerns.

>>> len(load_units())
304
>>> unit("ger-c-i").ladder
(4, 3, 2, 1)
>>> tech_level("germany", "infantry", 1), tech_level("germany", "infantry", 41)
(2, 3)
>>> calendar()[0].month_name, calendar()[-1].year
('June', 1945)
"""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any, Final

from hexfront.engine.errors import HexfrontError

FIRST_TURN: Final = 1
LAST_TURN: Final = 49

SIDES: Final = frozenset({"axis", "soviet", "western"})
NATIONS: Final = frozenset(
    {"germany", "finland", "romania", "hungary", "slovakia", "italy", "ussr", "usa", "uk"}
)
COUNT_GROUPS: Final = ("soviet", "axis", "italian", "german_strategic", "us", "british")
CLASSES: Final = frozenset(
    {
        "infantry",
        "static_infantry",
        "mountain",
        "cavalry",
        "artillery",
        "paratrooper",
        "marine",
        "tankette",
        "tank",
        "armor_hq",
        "air_hq",
        "navy_hq",
        "supreme_hq",
        "fighter",
        "bomber",
        "strategic_bomber",
        "submarine",
        "security",
        "heavy_artillery",
    }
)
COLOURS: Final = frozenset({"black", "white", "red", "blue"})
# PP cost of gaining a step of each printed colour (7.3); None = can never be bought.
COLOUR_COST: Final[Mapping[str, int | None]] = {"black": 1, "white": 2, "red": 3, "blue": None}
SOVIET_DOTS: Final = frozenset({"white", "blue", "yellow", "green", "orange", "brown", "black"})
AXIS_DOTS: Final = frozenset({"blue", "yellow", "green", "orange", "black"})
FIELDS: Final = ("infantry", "armor", "fighter", "bomber")
WEATHERS: Final = frozenset({"good", "rain", "snow", "variable"})
LL_ROUTES: Final = ("pacific", "arctic", "persia")
PP_KINDS: Final = frozenset({"yellow", "armor", "air", "oil"})
# What a map centre may yield besides: shipyards (white PP, 11.2), which no income lists.
MAP_PP_KINDS: Final = PP_KINDS | {"shipyard"}
OUTCOME_LEVELS: Final = frozenset({"decisive", "marginal", "victory", "draw"})
WINNERS: Final = frozenset({"axis", "soviet", "draw"})
# Military-district and army-group colours (BSS) and the map zones they stand for.
SOVIET_DOT_ZONES: Final[Mapping[str, str]] = {
    "white": "md_leningrad",
    "blue": "md_baltic",
    "yellow": "md_western",
    "green": "md_kiev",
    "orange": "md_odessa",
    "brown": "md_caucasus",
}
AXIS_DOT_ZONES: Final[Mapping[str, str]] = {
    "blue": "ag_north",
    "yellow": "ag_centre",
    "green": "ag_south",
}


class DataError(HexfrontError):
    """The BITE data files are inconsistent; ``problems`` lists every finding."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        shown = "\n  ".join(self.problems[:40])
        more = f"\n  ... and {len(self.problems) - 40} more" if len(self.problems) > 40 else ""
        super().__init__(f"{len(self.problems)} problem(s) in the BITE data:\n  {shown}{more}")


# --------------------------------------------------------------------------- reading helpers


class _Reader:
    """Typed access to one TOML record, collecting problems instead of failing at once."""

    def __init__(self, raw: Mapping[str, Any], where: str, problems: list[str]) -> None:
        self.raw = raw
        self.where = where
        self.problems = problems

    def bad(self, message: str) -> None:
        self.problems.append(f"{self.where}: {message}")

    def _get(self, key: str, kinds: tuple[type, ...], kind_name: str, required: bool) -> Any:
        if key not in self.raw:
            if required:
                self.bad(f"missing {key!r}")
            return None
        value = self.raw[key]
        if isinstance(value, bool) and bool not in kinds:
            self.bad(f"{key!r} must be {kind_name}, not {value!r}")
            return None
        if not isinstance(value, kinds):
            self.bad(f"{key!r} must be {kind_name}, not {value!r}")
            return None
        return value

    def text(self, key: str, default: str = "") -> str:
        value = self._get(key, (str,), "a string", required=True)
        return value if isinstance(value, str) else default

    def opt_text(self, key: str) -> str | None:
        value = self._get(key, (str,), "a string", required=False)
        return value if isinstance(value, str) else None

    def integer(self, key: str, default: int = 0) -> int:
        value = self._get(key, (int,), "an integer", required=True)
        return value if isinstance(value, int) else default

    def opt_integer(self, key: str) -> int | None:
        value = self._get(key, (int,), "an integer", required=False)
        return value if isinstance(value, int) else None

    def num(self, key: str) -> float:
        value = self._get(key, (int, float), "a number", required=True)
        return float(value) if isinstance(value, (int, float)) else 0.0

    def flag(self, key: str, default: bool = False) -> bool:
        value = self._get(key, (bool,), "true or false", required=False)
        return value if isinstance(value, bool) else default

    def ints(self, key: str, required: bool = True) -> tuple[int, ...]:
        value = self._get(key, (list,), "a list of integers", required=required)
        if value is None:
            return ()
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            self.bad(f"{key!r} must be a list of integers, not {value!r}")
            return ()
        return tuple(value)

    def strs(self, key: str, required: bool = False) -> tuple[str, ...]:
        value = self._get(key, (list,), "a list of strings", required=required)
        if value is None:
            return ()
        if not all(isinstance(v, str) for v in value):
            self.bad(f"{key!r} must be a list of strings, not {value!r}")
            return ()
        return tuple(value)

    def table(self, key: str, required: bool = False) -> Mapping[str, Any]:
        value = self._get(key, (dict,), "a table", required=required)
        return value if isinstance(value, dict) else {}

    def one_of(self, key: str, allowed: Iterable[str], required: bool = True) -> str | None:
        value = self.text(key) if required else self.opt_text(key)
        if value is None or (not value and required):
            return None
        allowed = sorted(allowed)
        if value not in allowed:
            self.bad(f"unknown {key} {value!r} (known: {', '.join(allowed)})")
            return None
        return value


def _records(raw: Mapping[str, Any], key: str, where: str, problems: list[str]) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
        problems.append(f"{where}: [[{key}]] must be an array of tables")
        return []
    return value


def _loads(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError([f"{where}: not valid TOML ({exc})"]) from exc


def _data_text(path: str) -> str:
    return resources.files("hexfront.games.bite").joinpath(f"data/{path}").read_text("utf-8")


def _turn_ok(r: _Reader, key: str, value: int | None) -> None:
    if value is not None and not FIRST_TURN <= value <= LAST_TURN:
        r.bad(f"{key} {value} is outside turns {FIRST_TURN}..{LAST_TURN}")


# --------------------------------------------------------------------------- units


@dataclass(frozen=True, slots=True)
class UnitRecord:
    """One stickered block (B.1). ``ladder`` is the strength on each edge, full strength first."""

    id: str
    name: str
    side: str
    nation: str
    count_group: str
    cls: str
    ladder: tuple[int, ...]
    colours: tuple[str, ...]
    elite: bool = False
    guards: bool = False
    tech: int | None = None
    dot: str | None = None
    dot_place: str | None = None
    arrival_turn: int | None = None
    arrival_strength: int | None = None
    arrival_place: str | None = None
    removal_turns: tuple[int, ...] = ()
    upgrade_to: str | None = None
    upgrade_turn: int | None = None
    abilities: tuple[str, ...] = ()
    overrides: tuple[tuple[str, int], ...] = ()
    optional_rule: str | None = None
    source: str = ""

    @property
    def full_strength(self) -> int:
        return self.ladder[0]

    @property
    def floor(self) -> int:
        """The last printed value: 0 for units that hits cannot eliminate (artillery, HQ...)."""
        return self.ladder[-1]

    def hits_to_reduce(self, strength: int) -> int:
        """Hits needed to turn the block from ``strength`` to the next edge: 2 on a shield step.

        >>> unit("sov-ga-1").hits_to_reduce(7), unit("ger-c-i").hits_to_reduce(4)
        (2, 1)
        """
        i = self.ladder.index(strength)
        if i + 1 >= len(self.ladder):
            return 1
        return 2 if self.ladder[i] - self.ladder[i + 1] == 2 else 1

    def step_cost(self, strength: int) -> int | None:
        """PP to gain the edge showing ``strength`` (7.3); None if it cannot be bought (blue)."""
        return COLOUR_COST[self.colours[self.ladder.index(strength)]]

    @property
    def frozen_turn1(self) -> bool:
        """Frozen in June 1941 (3.21 and SBE5), as far as nation, dot and class tell.

        Black-dot units inside a frozen district are added by
        ``deployment.frozen_on_turn1``, which knows where each unit stands."""
        if self.id == "sov-stavka":
            return True
        if self.side == "soviet":
            return self.dot in ("white", "orange", "brown")
        if self.nation in ("hungary", "finland", "slovakia"):
            return True
        ground = CLASS_FAMILY.get(self.cls, "") in ("ground_combat", "ground_support")
        if self.nation == "romania":
            return ground and self.cls != "supreme_hq"
        return self.nation == "germany" and self.dot == "orange" and ground

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "nationality": self.nation,
            "count_group": self.count_group,
            "class": self.cls,
            "ladder": list(self.ladder),
            "colours": list(self.colours),
            "elite": self.elite,
            "guards": self.guards,
            "tech": self.tech,
            "dot": self.dot,
            "dot_place": self.dot_place,
            "arrival": (
                None
                if self.arrival_turn is None
                else {
                    "turn": self.arrival_turn,
                    "strength": self.arrival_strength,
                    "place": self.arrival_place,
                }
            ),
            "removal": list(self.removal_turns),
            "upgrade": (
                None
                if self.upgrade_to is None
                else {"to": self.upgrade_to, "turn": self.upgrade_turn}
            ),
            "optional_rule": self.optional_rule,
            "frozen_turn1": self.frozen_turn1,
            "source": self.source,
        }


# Class families; they mirror tech.toml's [[class]] rows (a test keeps the two equal).
CLASS_FAMILY: dict[str, str] = {
    "infantry": "ground_combat",
    "static_infantry": "ground_combat",
    "mountain": "ground_combat",
    "cavalry": "ground_combat",
    "paratrooper": "ground_combat",
    "marine": "ground_combat",
    "security": "ground_combat",
    "tankette": "ground_combat",
    "tank": "ground_combat",
    "artillery": "ground_support",
    "heavy_artillery": "ground_support",
    "armor_hq": "ground_support",
    "supreme_hq": "ground_support",
    "navy_hq": "ground_support",
    "air_hq": "ground_support",
    "fighter": "air",
    "bomber": "air",
    "strategic_bomber": "air",
    "submarine": "naval",
}


def is_ground(u: UnitRecord) -> bool:
    return CLASS_FAMILY[u.cls] in ("ground_combat", "ground_support")


def is_ground_combat(u: UnitRecord) -> bool:
    return CLASS_FAMILY[u.cls] == "ground_combat"


def is_air(u: UnitRecord) -> bool:
    return CLASS_FAMILY[u.cls] == "air"


def _parse_unit(raw: Mapping[str, Any], where: str, problems: list[str]) -> UnitRecord | None:
    r = _Reader(raw, where, problems)
    n0 = len(problems)
    uid = r.text("id")
    if uid and not all(c.islower() or c.isdigit() or c == "-" for c in uid):
        r.bad(f"id {uid!r} must be lowercase ascii letters, digits and '-'")
    side = r.one_of("side", SIDES) or ""
    nation = r.one_of("nation", NATIONS) or ""
    group = r.one_of("count_group", COUNT_GROUPS) or ""
    cls = r.one_of("class", CLASSES) or ""
    ladder = r.ints("ladder")
    colours = r.strs("colours", required=True)
    if ladder:
        if len(ladder) > 4:
            r.bad(f"ladder {list(ladder)} has more than 4 values (a block has 4 edges)")
        if any(a <= b for a, b in itertools.pairwise(ladder)):
            r.bad(f"ladder {list(ladder)} must be strictly decreasing")
        if any(a - b > 2 for a, b in itertools.pairwise(ladder)):
            r.bad(f"ladder {list(ladder)} drops by more than 2 between edges")
        if ladder[-1] < 0:
            r.bad(f"ladder {list(ladder)} ends below 0")
        if ladder[0] <= 0:
            r.bad(f"ladder {list(ladder)} has no strength at full strength")
    if colours and len(colours) != len(ladder):
        r.bad(f"colours {list(colours)} must have one entry per ladder value ({len(ladder)})")
    for c in colours:
        if c not in COLOURS:
            r.bad(f"unknown colour {c!r} (known: {', '.join(sorted(COLOURS))})")
    dot = r.opt_text("dot")
    if dot is not None:
        allowed = SOVIET_DOTS if side == "soviet" else AXIS_DOTS if side == "axis" else set()
        if dot not in allowed:
            r.bad(f"unknown dot {dot!r} for side {side!r} (known: {', '.join(sorted(allowed))})")
    dot_place = r.opt_text("dot_place")
    if dot == "black" and not dot_place:
        r.bad("a black-dot unit needs dot_place")
    if dot_place and dot != "black":
        r.bad("dot_place is only for black-dot units")
    arrival = r.opt_integer("arrival_turn")
    _turn_ok(r, "arrival_turn", arrival)
    arrival_strength = r.opt_integer("arrival_strength")
    if arrival_strength is not None and ladder and arrival_strength not in ladder:
        r.bad(f"arrival_strength {arrival_strength} is not a value of the ladder {list(ladder)}")
    if dot is None and arrival is None:
        r.bad("a unit without a setup dot needs an arrival_turn")
    if dot is not None and arrival is not None:
        r.bad("a unit with a setup dot cannot also have an arrival_turn")
    removals = r.ints("removal_turns", required=False)
    for t in removals:
        _turn_ok(r, "removal turn", t)
        if arrival is not None and t <= arrival:
            r.bad(f"removal turn {t} is not after the arrival turn {arrival}")
    upgrade_to = r.opt_text("upgrade_to")
    upgrade_turn = r.opt_integer("upgrade_turn")
    _turn_ok(r, "upgrade_turn", upgrade_turn)
    if (upgrade_to is None) != (upgrade_turn is None):
        r.bad("upgrade_to and upgrade_turn go together")
    tech = r.opt_integer("tech")
    if tech is not None and not 1 <= tech <= 3:
        r.bad(f"tech {tech} must be 1, 2 or 3")
    overrides_raw = r.table("overrides")
    overrides: list[tuple[str, int]] = []
    for k, v in overrides_raw.items():
        if k not in ("attack", "defence", "a2a", "a2g", "mp", "range") or not isinstance(v, int):
            r.bad(f"override {k}={v!r} is not a known integer field")
        else:
            overrides.append((k, v))
    expected_group = _expected_group(uid, nation)
    if group and expected_group and group != expected_group:
        r.bad(f"count_group {group!r} does not fit nation {nation!r} (expected {expected_group!r})")
    expected_side = {"ussr": "soviet", "usa": "western", "uk": "western"}.get(nation, "axis")
    if side and nation and side != expected_side:
        r.bad(f"side {side!r} does not fit nation {nation!r}")
    if len(problems) > n0:
        return None
    return UnitRecord(
        id=uid,
        name=r.text("name"),
        side=side,
        nation=nation,
        count_group=group,
        cls=cls,
        ladder=ladder,
        colours=colours,
        elite=r.flag("elite"),
        guards=r.flag("guards"),
        tech=tech,
        dot=dot,
        dot_place=dot_place,
        arrival_turn=arrival,
        arrival_strength=arrival_strength,
        arrival_place=r.opt_text("arrival_place"),
        removal_turns=removals,
        upgrade_to=upgrade_to,
        upgrade_turn=upgrade_turn,
        abilities=r.strs("abilities"),
        overrides=tuple(overrides),
        optional_rule=r.opt_text("optional_rule"),
        source=r.text("source"),
    )


def _expected_group(uid: str, nation: str) -> str | None:
    if uid.startswith("gst-"):
        return "german_strategic"
    return {
        "ussr": "soviet",
        "usa": "us",
        "uk": "british",
        "italy": "italian",
        "germany": "axis",
        "finland": "axis",
        "romania": "axis",
        "hungary": "axis",
        "slovakia": "axis",
    }.get(nation)


def parse_units(text: str, where: str = "<units>") -> tuple[UnitRecord, ...]:
    """Parse and validate one units file; raises :class:`DataError` listing every problem.

    >>> try:
    ...     parse_units('[[unit]]\\nid = "x"')
    ... except DataError as exc:
    ...     print(exc.problems[0])
    <units> unit 1 (x): missing 'side'
    """
    problems: list[str] = []
    units = _parse_unit_list(_loads(text, where), where, problems)
    _check_unit_links(units, problems, where)
    if problems:
        raise DataError(problems)
    return tuple(units)


def _parse_unit_list(raw: Mapping[str, Any], where: str, problems: list[str]) -> list[UnitRecord]:
    out = []
    for i, rec in enumerate(_records(raw, "unit", where, problems), 1):
        label = f"{where} unit {i} ({rec.get('id', '?')})"
        u = _parse_unit(rec, label, problems)
        if u is not None:
            out.append(u)
    return out


def _check_unit_links(
    units: Sequence[UnitRecord], problems: list[str], where: str = "units"
) -> None:
    ids = Counter(u.id for u in units)
    for uid, n in ids.items():
        if n > 1:
            problems.append(f"{where}: duplicate unit id {uid!r} ({n} times)")
    known = set(ids)
    for u in units:
        if u.upgrade_to is not None:
            if u.upgrade_to not in known:
                problems.append(f"{where}: {u.id}: upgrade_to {u.upgrade_to!r} is not a unit")
            else:
                target = next(t for t in units if t.id == u.upgrade_to)
                if target.arrival_turn != u.upgrade_turn:
                    problems.append(
                        f"{where}: {u.id}: upgrade turn {u.upgrade_turn} differs from the arrival "
                        f"turn {target.arrival_turn} of {target.id}"
                    )


UNIT_FILES: Final = ("units/soviet.toml", "units/axis.toml", "units/others.toml")


@cache
def load_units() -> tuple[UnitRecord, ...]:
    """Every block of the game, in file order (cached)."""
    problems: list[str] = []
    units: list[UnitRecord] = []
    for path in UNIT_FILES:
        units += _parse_unit_list(_loads(_data_text(path), path), path, problems)
    _check_unit_links(units, problems)
    if problems:
        raise DataError(problems)
    return tuple(units)


@cache
def units_by_id() -> Mapping[str, UnitRecord]:
    return {u.id: u for u in load_units()}


def unit(uid: str) -> UnitRecord:
    """The unit with this id; KeyError names close matches."""
    try:
        return units_by_id()[uid]
    except KeyError:
        close = [k for k in units_by_id() if uid.split("-")[-1] in k][:5]
        raise KeyError(f"no BITE unit {uid!r}; similar: {', '.join(close) or 'none'}") from None


def block_counts(units: Iterable[UnitRecord] | None = None) -> dict[str, int]:
    """Blocks per count group (B.1), in the printed order."""
    counts = Counter(u.count_group for u in (load_units() if units is None else units))
    return {g: counts.get(g, 0) for g in COUNT_GROUPS}


# --------------------------------------------------------------------------- tech chart


@dataclass(frozen=True, slots=True)
class TechEntry:
    """One row of the Tech Level Chart. Firepower = lowest die face that hits; 0 = none."""

    cls: str
    nation: str
    tech: int
    attack: int
    defence: int
    a2a: int
    a2g: int
    mp: int
    range: int
    abilities: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "class": self.cls,
            "nation": self.nation,
            "tech": self.tech,
            "attack": self.attack,
            "defence": self.defence,
            "a2a": self.a2a,
            "a2g": self.a2g,
            "mp": self.mp,
            "range": self.range,
            "abilities": list(self.abilities),
        }


@dataclass(frozen=True, slots=True)
class TechTable:
    classes: Mapping[str, tuple[str, str]]  # class -> (family, field)
    schedule: Mapping[str, Mapping[str, tuple[tuple[int, int], ...]]]
    entries: tuple[TechEntry, ...]
    extras: Mapping[str, Any] = field(default_factory=dict)


def parse_tech(text: str, where: str = "tech.toml") -> TechTable:
    raw = _loads(text, where)
    problems: list[str] = []
    classes: dict[str, tuple[str, str]] = {}
    for i, rec in enumerate(_records(raw, "class", where, problems), 1):
        r = _Reader(rec, f"{where} class {i}", problems)
        name = r.one_of("name", CLASSES) or ""
        family = r.one_of("family", ("ground_combat", "ground_support", "air", "naval")) or ""
        fld = r.one_of("field", (*FIELDS, "none")) or ""
        classes[name] = (family, fld)
    missing = CLASSES - set(classes)
    if missing:
        problems.append(f"{where}: classes without a [[class]] row: {', '.join(sorted(missing))}")
    schedule: dict[str, dict[str, tuple[tuple[int, int], ...]]] = {}
    sched_raw = raw.get("schedule", {})
    for nation in sorted(NATIONS):
        per = sched_raw.get(nation)
        if not isinstance(per, dict):
            problems.append(f"{where}: no [schedule.{nation}]")
            continue
        schedule[nation] = {}
        for f in FIELDS:
            steps = per.get(f)
            ok = (
                isinstance(steps, list)
                and steps
                and all(
                    isinstance(s, list) and len(s) == 2 and all(isinstance(x, int) for x in s)
                    for s in steps
                )
            )
            if not ok:
                problems.append(f"{where}: schedule.{nation}.{f} must be [[from_turn, level], ...]")
                continue
            assert isinstance(steps, list)
            pairs = tuple((int(s[0]), int(s[1])) for s in steps)
            if pairs[0][0] != FIRST_TURN or any(a[0] >= b[0] for a, b in itertools.pairwise(pairs)):
                problems.append(f"{where}: schedule.{nation}.{f} must start at turn 1 and rise")
            if any(not 1 <= lv <= 3 for _, lv in pairs):
                problems.append(f"{where}: schedule.{nation}.{f} has a level outside 1..3")
            schedule[nation][f] = pairs
    entries = []
    for i, rec in enumerate(_records(raw, "entry", where, problems), 1):
        r = _Reader(rec, f"{where} entry {i}", problems)
        n0 = len(problems)
        cls = r.one_of("class", CLASSES) or ""
        nation = r.text("nation")
        if nation != "*" and nation not in NATIONS:
            r.bad(f"unknown nation {nation!r}")
        values = {
            k: r.integer(k) for k in ("tech", "attack", "defence", "a2a", "a2g", "mp", "range")
        }
        for k in ("attack", "defence", "a2a", "a2g"):
            if values[k] not in (0, 3, 4, 5, 6):
                r.bad(f"{k} {values[k]} must be 0 (no fire) or a die face 3-6")
        if len(problems) == n0:
            entries.append(
                TechEntry(cls=cls, nation=nation, abilities=r.strs("abilities"), **values)
            )
    for cls in CLASSES:
        if not any(e.cls == cls and e.nation == "*" and e.tech == 1 for e in entries):
            problems.append(f"{where}: class {cls} has no TECH 1 entry for nation '*'")
    if problems:
        raise DataError(problems)
    extras: dict[str, Any] = {
        k: raw[k] for k in ("anti_aircraft", "airwar", "convoy_attack", "optional_17") if k in raw
    }
    return TechTable(classes=classes, schedule=schedule, entries=tuple(entries), extras=extras)


@cache
def tech_chart() -> TechTable:
    return parse_tech(_data_text("tech.toml"))


def field_of(cls: str) -> str:
    """The TECH field (3.13) that sets a class's level: infantry, armor, fighter, bomber, none."""
    return tech_chart().classes[cls][1]


def tech_level(nation: str, fld: str, turn: int) -> int:
    """TECH level of a nation's field on a turn (3.13, 17.1).

    >>> tech_level("ussr", "armor", 17), tech_level("ussr", "armor", 18)
    (1, 2)
    >>> tech_level("romania", "armor", 26), tech_level("italy", "fighter", 40)
    (2, 1)
    """
    if not FIRST_TURN <= turn <= LAST_TURN:
        raise ValueError(f"turn {turn} is outside {FIRST_TURN}..{LAST_TURN}")
    if fld == "none":
        return 1
    level = 1
    for start, lv in tech_chart().schedule[nation][fld]:
        if start <= turn:
            level = lv
    return level


def developing_minors() -> frozenset[str]:
    """17.1: the Axis minor powers whose TECH follows Germany's only when optional rule 17
    is played (``[optional_17]`` of ``data/tech.toml``); without it they keep their
    first-turn levels.

    >>> sorted(developing_minors())
    ['finland', 'hungary', 'romania', 'slovakia']
    """
    raw = tech_chart().extras.get("optional_17", {})
    return frozenset(str(n) for n in raw.get("developing", ()))


def unit_tech(u: UnitRecord, turn: int) -> int:
    """The unit's TECH: its field's level, raised to its own minimum (Shock Armies: 2)."""
    level = tech_level(u.nation, field_of(u.cls), turn)
    return max(level, u.tech or 0)


def tech_entry(cls: str, nation: str, level: int) -> TechEntry:
    """The chart row for a class, nation and level (falls back to nation '*' and lower TECH)."""
    best: TechEntry | None = None
    for e in tech_chart().entries:
        if e.cls != cls or e.tech > level or e.nation not in (nation, "*"):
            continue
        if best is None or (e.tech, e.nation != "*") > (best.tech, best.nation != "*"):
            best = e
    if best is None:  # pragma: no cover - parse_tech guarantees a TECH 1 row
        raise KeyError(f"no tech entry for {cls}/{nation}/{level}")
    return best


def firepower(u: UnitRecord, turn: int) -> TechEntry:
    """The unit's values on a turn: chart row, then unit overrides and unit abilities.

    >>> f = firepower(unit("ger-pz-xxxxi"), 1)
    >>> (f.attack, f.defence, f.mp), "blitz" in f.abilities
    ((5, 5, 4), True)
    >>> firepower(unit("sov-sh-1"), 6).mp
    4
    """
    e = tech_entry(u.cls, u.nation, unit_tech(u, turn))
    extra = tuple(a for a in u.abilities if a not in e.abilities)
    e = replace(e, nation=u.nation, abilities=e.abilities + extra)
    if not u.overrides:
        return e
    values = {k: getattr(e, k) for k in ("attack", "defence", "a2a", "a2g", "mp", "range")}
    values.update(dict(u.overrides))
    return TechEntry(e.cls, e.nation, e.tech, abilities=e.abilities, **values)


# --------------------------------------------------------------------------- calendar


@dataclass(frozen=True, slots=True)
class Turn:
    """One row of the Turn Record Chart."""

    turn: int
    year: int
    month: int
    month_name: str
    weather: str
    events: tuple[str, ...]
    lend_lease: Mapping[str, Mapping[str, int]]

    @property
    def lend_lease_total(self) -> int:
        return sum(sum(v.values()) for v in self.lend_lease.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "year": self.year,
            "month": self.month,
            "month_name": self.month_name,
            "weather": self.weather,
            "events": list(self.events),
            "lend_lease": {k: dict(v) for k, v in self.lend_lease.items()},
        }


@dataclass(frozen=True, slots=True)
class Calendar:
    turns: tuple[Turn, ...]
    windows: Mapping[str, Any]
    italy_surrender: Mapping[str, Any]


def turn_of(year: int, month: int) -> int:
    """Turn number of a month: June 1941 is 1.

    >>> turn_of(1941, 6), turn_of(1945, 1), turn_of(1945, 6)
    (1, 44, 49)
    """
    return (year - 1941) * 12 + month - 5


def parse_calendar(text: str, where: str = "calendar.toml") -> Calendar:
    raw = _loads(text, where)
    problems: list[str] = []
    turns = []
    for i, rec in enumerate(_records(raw, "turn", where, problems), 1):
        r = _Reader(rec, f"{where} turn {i}", problems)
        t, y, m = r.integer("turn"), r.integer("year"), r.integer("month")
        if t != i:
            r.bad(f"turn {t} is out of order (row {i})")
        if turn_of(y, m) != t:
            r.bad(f"{y}-{m:02d} is turn {turn_of(y, m)}, not {t}")
        weather = r.one_of("weather", WEATHERS) or ""
        if m in (5, 10) and weather != "variable":
            r.bad("May and October weather is rolled (9.0): use 'variable'")
        ll: dict[str, dict[str, int]] = {}
        for route, amounts in r.table("lend_lease").items():
            if route not in LL_ROUTES or not isinstance(amounts, dict):
                r.bad(f"unknown Lend-Lease route {route!r}")
                continue
            ll[route] = {k: int(v) for k, v in amounts.items() if k in ("armor", "air")}
        turns.append(Turn(t, y, m, r.text("month_name"), weather, r.strs("events"), ll))
    if len(turns) != LAST_TURN:
        problems.append(f"{where}: {len(turns)} turns, expected {LAST_TURN}")
    if problems:
        raise DataError(problems)
    windows = raw.get("windows", {})
    italy = raw.get("italy_surrender", {})
    return Calendar(tuple(turns), windows if isinstance(windows, dict) else {}, italy)


@cache
def load_calendar() -> Calendar:
    return parse_calendar(_data_text("calendar.toml"))


def calendar() -> tuple[Turn, ...]:
    """The 49 rows of the Turn Record Chart."""
    return load_calendar().turns


def turn_info(turn: int) -> Turn:
    if not FIRST_TURN <= turn <= LAST_TURN:
        raise ValueError(f"turn {turn} is outside {FIRST_TURN}..{LAST_TURN}")
    return calendar()[turn - 1]


def in_window(name: str, turn: int) -> bool:
    """Whether a calendar rule window (e.g. 'axis_first_winter') covers the turn."""
    w = load_calendar().windows.get(name)
    if isinstance(w, list) and len(w) == 2 and all(isinstance(x, int) for x in w):
        return bool(w[0] <= turn <= w[1])
    raise KeyError(f"no calendar window {name!r}")


def axis_srm_limit(turn: int) -> int | None:
    """The Axis SRM cap in the USSR on a turn (OR 33.1), or None when normal (4)."""
    for w in load_calendar().windows.get("axis_srm_reduced", []):
        if w["from"] <= turn <= w["to"]:
            return int(w["srm"])
    return None


def italy_surrender_max_roll(turn: int) -> int:
    """OR 36.0: the highest d6 roll that makes Italy surrender this turn (0 = no roll yet)."""
    best = 0
    for row in load_calendar().italy_surrender.get("rolls", []):
        if row["turn"] <= turn:
            best = int(row["max_roll"])
    return best


# --------------------------------------------------------------------------- battle sheets


@dataclass(frozen=True, slots=True)
class Removal:
    unit: str
    turn: int
    reason: str


@dataclass(frozen=True, slots=True)
class BattleSheets:
    removals: tuple[Removal, ...]
    pools: Mapping[str, Mapping[str, Any]]


@cache
def battle_sheets() -> BattleSheets:
    where = "battle_sheets.toml"
    raw = _loads(_data_text(where), where)
    problems: list[str] = []
    removals = []
    for i, rec in enumerate(_records(raw, "removal", where, problems), 1):
        r = _Reader(rec, f"{where} removal {i}", problems)
        rem = Removal(r.text("unit"), r.integer("turn"), r.text("reason"))
        _turn_ok(r, "turn", rem.turn)
        removals.append(rem)
    pools = raw.get("pool", {})
    if problems:
        raise DataError(problems)
    return BattleSheets(tuple(removals), pools if isinstance(pools, dict) else {})


def reinforcements(turn: int, side: str | None = None) -> tuple[UnitRecord, ...]:
    """Blocks whose Battle Sheet entry falls on this turn (optional-rule blocks included)."""
    return tuple(
        u for u in load_units() if u.arrival_turn == turn and (side is None or u.side == side)
    )


def removals(turn: int) -> tuple[Removal, ...]:
    return tuple(r for r in battle_sheets().removals if r.turn == turn)


def battle_sheet(side: str) -> list[dict[str, Any]]:
    """A side's sheet: for every turn, the arrivals (entry strength and place) and removals."""
    rows = []
    for t in range(FIRST_TURN + 1, LAST_TURN + 1):
        arrivals = [
            {"unit": u.id, "name": u.name, "strength": u.arrival_strength, "place": u.arrival_place}
            for u in reinforcements(t, side)
        ]
        gone = [
            {"unit": r.unit, "reason": r.reason}
            for r in removals(t)
            if units_by_id()[r.unit].side == side
        ]
        if arrivals or gone:
            rows.append({"turn": t, "arrivals": arrivals, "removals": gone})
    return rows


# --------------------------------------------------------------------------- setups


@dataclass(frozen=True, slots=True)
class Placement:
    """One unit of a setup: its historical position (lon/lat), place name and start steps."""

    unit: str
    lon: float
    lat: float
    strength: int
    place: str | None = None
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "lon": self.lon,
            "lat": self.lat,
            "strength": self.strength,
            "place": self.place,
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One line of a Scenario Setup Chart: blocks of a type and their total steps."""

    side: str
    nation: str
    cls: str
    blocks: int
    steps: int


@dataclass(frozen=True, slots=True)
class Setup:
    name: str
    description: str
    turn: int
    placements: tuple[Placement, ...]
    optional_placements: tuple[Placement, ...] = ()
    chart: tuple[ChartRow, ...] = ()
    start_line: str | None = None

    def units(self) -> tuple[UnitRecord, ...]:
        return tuple(units_by_id()[p.unit] for p in self.placements)

    def counts(self, dots: Iterable[str] | str | None = None) -> dict[str, int]:
        """Placed units per side, optionally only those carrying one of the dots."""
        out = {"soviet": 0, "axis": 0}
        for u in self.units():
            if dots is None or dots == "all" or (u.dot is not None and u.dot in dots):
                out[u.side] = out.get(u.side, 0) + 1
        return out


SETUP_FILES: Final[Mapping[str, str]] = {
    "BSS": "setups/bss.toml",
    "1942": "setups/1942.toml",
    "1943": "setups/1943.toml",
    "1944": "setups/1944.toml",
}


def _parse_placement(raw: Mapping[str, Any], where: str, problems: list[str]) -> Placement:
    r = _Reader(raw, where, problems)
    lon, lat = r.num("lon"), r.num("lat")
    if not (-30 <= lon <= 75 and 30 <= lat <= 75):
        r.bad(f"position {lon},{lat} is outside the BITE area")
    return Placement(
        r.text("unit"), lon, lat, r.integer("strength"), r.opt_text("place"), r.opt_text("rule")
    )


def parse_setup(text: str, where: str, units: Mapping[str, UnitRecord] | None = None) -> Setup:
    raw = _loads(text, where)
    problems: list[str] = []
    units = units_by_id() if units is None else units
    r = _Reader(raw, where, problems)
    turn = r.integer("turn")
    placements = [
        _parse_placement(p, f"{where} placement {i} ({p.get('unit', '?')})", problems)
        for i, p in enumerate(_records(raw, "placement", where, problems), 1)
    ]
    optional = [
        _parse_placement(p, f"{where} optional placement {i}", problems)
        for i, p in enumerate(_records(raw, "optional_placement", where, problems), 1)
    ]
    chart = []
    for i, rec in enumerate(_records(raw, "chart", where, problems), 1):
        cr = _Reader(rec, f"{where} chart {i}", problems)
        chart.append(
            ChartRow(
                cr.one_of("side", ("axis", "soviet")) or "",
                cr.one_of("nation", NATIONS) or "",
                cr.one_of("class", CLASSES) or "",
                cr.integer("blocks"),
                cr.integer("steps"),
            )
        )
    seen: Counter[str] = Counter()
    for p in (*placements, *optional):
        seen[p.unit] += 1
        u = units.get(p.unit)
        if u is None:
            problems.append(f"{where}: placement of unknown unit {p.unit!r}")
            continue
        if p.strength not in u.ladder:
            problems.append(
                f"{where}: {p.unit} starts at {p.strength}, "
                f"not a value of its ladder {list(u.ladder)}"
            )
        if u.arrival_turn is not None and u.arrival_turn > turn:
            problems.append(
                f"{where}: {p.unit} arrives on turn {u.arrival_turn}, after turn {turn}"
            )
        if any(t <= turn for t in u.removal_turns) and turn > 1:
            problems.append(f"{where}: {p.unit} was removed before turn {turn}")
    for uid, n in seen.items():
        if n > 1:
            problems.append(f"{where}: {uid} is placed {n} times")
    if chart:
        problems += _chart_mismatches(chart, placements, units, where)
    if problems:
        raise DataError(problems)
    return Setup(
        name=r.text("name"),
        description=r.text("description"),
        turn=turn,
        placements=tuple(placements),
        optional_placements=tuple(optional),
        chart=tuple(chart),
        start_line=r.opt_text("start_line"),
    )


def _chart_mismatches(
    chart: Sequence[ChartRow],
    placements: Sequence[Placement],
    units: Mapping[str, UnitRecord],
    where: str,
) -> list[str]:
    actual: dict[tuple[str, str, str], list[int]] = {}
    for p in placements:
        u = units[p.unit]
        key = (u.side, u.nation, u.cls)
        actual.setdefault(key, [0, 0])
        actual[key][0] += 1
        actual[key][1] += p.strength
    wanted = {(c.side, c.nation, c.cls): [c.blocks, c.steps] for c in chart}
    out = []
    for key in sorted(set(actual) | set(wanted)):
        if actual.get(key, [0, 0]) != wanted.get(key, [0, 0]):
            out.append(
                f"{where}: chart says {key} = {wanted.get(key, [0, 0])} blocks/steps, "
                f"the deployment has {actual.get(key, [0, 0])}"
            )
    return out


@cache
def setup(name: str) -> Setup:
    """A setup by name: 'BSS', '1942', '1943' or '1944'."""
    if name not in SETUP_FILES:
        raise KeyError(f"no setup {name!r}; known: {', '.join(SETUP_FILES)}")
    return parse_setup(_data_text(SETUP_FILES[name]), SETUP_FILES[name])


# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str
    level: str

    def to_json(self) -> dict[str, str]:
        return {"winner": self.winner, "level": self.level}


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario of the booklet, as data. ``victory`` is evaluated by the rules engine."""

    id: str
    name: str
    start_turn: int
    turns: int
    rules: str
    difficulty: int
    map_area: tuple[str, ...] | str
    first_deployer: str
    setup: Mapping[str, Any]
    income_from_turn: int
    income: Mapping[str, Mapping[str, int]]
    flags: Mapping[str, Any]
    victory: Mapping[str, Any]
    # What the reconstructed map yields at the start (advanced production, 11.1-11.3), where
    # it differs from ``income``, with the reason per power (``income_map_why``).
    income_map: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    income_map_why: Mapping[str, str] = field(default_factory=dict)
    # Design choice (SBE6-SBE8): PP per turn by power and booklet word that no centre of the
    # map makes, so that the income on the start line ties to the booklet (``why``: source).
    income_supplement: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    income_supplement_why: Mapping[str, str] = field(default_factory=dict)

    @property
    def end_turn(self) -> int:
        return self.start_turn + self.turns - 1

    def outcome_for_vp(self, vp: int) -> Outcome:
        """Result of a VP or count table (SBE3, SBE4, SBE5, SBE6) for a score.

        >>> scenario("SBE4").outcome_for_vp(7)
        Outcome(winner='draw', level='draw')
        """
        if self.victory.get("kind") not in ("vp_table", "count_table"):
            raise ValueError(f"{self.id} has no victory table")
        for row in self.victory["table"]:
            if row["min"] <= vp and ("max" not in row or vp <= row["max"]):
                return Outcome(row["winner"], row["level"])
        raise ValueError(f"{self.id}: no row of the victory table covers {vp}")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "start_turn": self.start_turn,
            "turns": self.turns,
            "end_turn": self.end_turn,
            "rules": self.rules,
            "difficulty": self.difficulty,
            "map_area": self.map_area if isinstance(self.map_area, str) else list(self.map_area),
            "first_deployer": self.first_deployer,
            "setup": dict(self.setup),
            "income_from_turn": self.income_from_turn,
            "income": {k: dict(v) for k, v in self.income.items()},
            "flags": dict(self.flags),
            "victory": dict(self.victory),
            "income_map": {k: dict(v) for k, v in self.income_map.items()},
            "income_map_why": dict(self.income_map_why),
            "income_supplement": {k: dict(v) for k, v in self.income_supplement.items()},
            "income_supplement_why": dict(self.income_supplement_why),
        }


SCENARIO_IDS: Final = tuple(f"SBE{i}" for i in range(1, 10))
VICTORY_KINDS: Final = frozenset({"conditions", "count_table", "vp_table", "capture_deadline"})
CONDITION_KINDS: Final = frozenset(
    {
        "control",
        "cut_off",
        "surrounded",
        "units_destroyed",
        "bridgehead",
        "control_pairs_roll",
        "capture_deadline",
        "surrender",
    }
)


def _check_outcome(o: Any, where: str, problems: list[str]) -> None:
    if (
        not isinstance(o, dict)
        or o.get("winner") not in WINNERS
        or o.get("level") not in OUTCOME_LEVELS
    ):
        problems.append(f"{where}: outcome {o!r} needs winner in {sorted(WINNERS)} and a level")


def _check_table(rows: Any, where: str, problems: list[str]) -> None:
    if not isinstance(rows, list) or not rows:
        problems.append(f"{where}: a victory table needs rows")
        return
    expect = 0
    for i, row in enumerate(rows, 1):
        _check_outcome(row, f"{where} row {i}", problems)
        lo, hi = row.get("min"), row.get("max")
        if lo != expect:
            problems.append(f"{where} row {i}: starts at {lo}, expected {expect} (no gaps)")
        if hi is None:
            if i != len(rows):
                problems.append(f"{where} row {i}: only the last row may be open-ended")
            break
        if hi < lo:
            problems.append(f"{where} row {i}: max {hi} below min {lo}")
        expect = hi + 1


def _check_victory(v: Mapping[str, Any], where: str, problems: list[str]) -> None:
    kind = v.get("kind")
    if kind not in VICTORY_KINDS:
        problems.append(f"{where}: unknown victory kind {kind!r} (known: {sorted(VICTORY_KINDS)})")
        return
    if "default" in v:
        _check_outcome(v["default"], f"{where} default", problems)
    if kind in ("count_table", "vp_table"):
        _check_table(v.get("table"), where, problems)
    if kind == "conditions":
        conds = v.get("condition", [])
        if not conds:
            problems.append(f"{where}: no [[victory.condition]]")
        for i, c in enumerate(conds, 1):
            if c.get("kind") not in CONDITION_KINDS:
                problems.append(f"{where} condition {i}: unknown kind {c.get('kind')!r}")
            if "result" in c:
                _check_outcome(c["result"], f"{where} condition {i}", problems)
            if c.get("kind") == "capture_deadline":
                for d in c.get("deadlines", []):
                    _check_outcome(d, f"{where} condition {i} deadline", problems)
    if kind == "capture_deadline":
        for d in v.get("deadlines", []):
            _check_outcome(d, f"{where} deadline", problems)


def parse_scenario(text: str, where: str) -> Scenario:
    raw = _loads(text, where)
    problems: list[str] = []
    r = _Reader(raw, where, problems)
    start, turns = r.integer("start_turn"), r.integer("turns")
    _turn_ok(r, "start_turn", start)
    if start + turns - 1 > LAST_TURN:
        r.bad(f"ends on turn {start + turns - 1}, after turn {LAST_TURN}")
    area_raw = raw.get("map_area")
    area: tuple[str, ...] | str = (
        area_raw if area_raw == "all" else r.strs("map_area", required=True)
    )
    income_raw = dict(r.table("income", required=True))
    from_turn = income_raw.pop("from_turn", None)
    if not isinstance(from_turn, int):
        r.bad("income needs from_turn")
        from_turn = start
    income: dict[str, dict[str, int]] = {}
    for power, amounts in income_raw.items():
        if power not in NATIONS or not isinstance(amounts, dict):
            r.bad(f"income for unknown power {power!r}")
            continue
        for k, v in amounts.items():
            if k not in PP_KINDS or not isinstance(v, int) or v < 0:
                r.bad(f"income {power}.{k} = {v!r} is not a PP kind and a count")
        income[power] = {k: v for k, v in amounts.items() if isinstance(v, int)}
    income_map: dict[str, dict[str, int]] = {}
    map_raw = dict(r.table("income_map"))
    why_raw = map_raw.pop("why", {})
    for power, amounts in map_raw.items():
        if power not in NATIONS or not isinstance(amounts, dict):
            r.bad(f"income_map for unknown power {power!r}")
            continue
        for k, v in amounts.items():
            if k not in MAP_PP_KINDS or not isinstance(v, int) or v < 0:
                r.bad(f"income_map {power}.{k} = {v!r} is not a PP kind and a count")
        income_map[power] = {k: v for k, v in amounts.items() if isinstance(v, int)}
    why: dict[str, str] = {}
    if not isinstance(why_raw, dict) or not all(isinstance(v, str) for v in why_raw.values()):
        r.bad("income_map.why must map powers to their reasons")
    else:
        why = {str(k): str(v) for k, v in why_raw.items()}
    for power in why:
        if power not in income_map:
            r.bad(f"income_map.why explains {power!r}, which income_map does not list")
    supplement, supplement_why = _income_table(r, "income_supplement", PP_KINDS)
    victory = r.table("victory", required=True)
    _check_victory(victory, f"{where} victory", problems)
    rules = r.one_of("rules", ("basic", "advanced")) or ""
    deployer = r.one_of("first_deployer", ("axis", "soviet")) or ""
    setup_ref = r.table("setup", required=True)
    if setup_ref.get("name") not in SETUP_FILES:
        r.bad(f"setup {setup_ref.get('name')!r} is not one of {', '.join(SETUP_FILES)}")
    if problems:
        raise DataError(problems)
    return Scenario(
        id=r.text("id"),
        name=r.text("name"),
        start_turn=start,
        turns=turns,
        rules=rules,
        difficulty=r.integer("difficulty"),
        map_area=area,
        first_deployer=deployer,
        setup=setup_ref,
        income_from_turn=from_turn,
        income=income,
        flags=r.table("flags"),
        victory=victory,
        income_map=income_map,
        income_map_why=why,
        income_supplement=supplement,
        income_supplement_why=supplement_why,
    )


def _income_table(
    r: _Reader, name: str, kinds: frozenset[str]
) -> tuple[dict[str, dict[str, int]], dict[str, str]]:
    """A table of PP by power and kind with a ``why`` for each power (its source)."""
    raw = dict(r.table(name))
    why_raw = raw.pop("why", {})
    out: dict[str, dict[str, int]] = {}
    for power, amounts in raw.items():
        if power not in NATIONS or not isinstance(amounts, dict):
            r.bad(f"{name} for unknown power {power!r}")
            continue
        for k, v in amounts.items():
            if k not in kinds or not isinstance(v, int) or v < 0:
                r.bad(f"{name} {power}.{k} = {v!r} is not a PP kind and a count")
        out[power] = {k: v for k, v in amounts.items() if isinstance(v, int)}
    if not isinstance(why_raw, dict) or not all(isinstance(v, str) for v in why_raw.values()):
        r.bad(f"{name}.why must map powers to their reasons")
        return out, {}
    why = {str(k): str(v) for k, v in why_raw.items()}
    for power in out:
        if power not in why:
            r.bad(f"{name}.{power} needs its reason in {name}.why")
    return out, why


@cache
def scenario(sid: str) -> Scenario:
    """Scenario SBE1..SBE9 with its full definition."""
    if sid not in SCENARIO_IDS:
        raise KeyError(f"no scenario {sid!r}; known: {', '.join(SCENARIO_IDS)}")
    path = f"scenarios/{sid}.toml"
    return parse_scenario(_data_text(path), path)


def scenarios() -> tuple[Scenario, ...]:
    return tuple(scenario(s) for s in SCENARIO_IDS)


def scenario_units(sid: str) -> tuple[UnitRecord, ...]:
    """The units a 1941 scenario deploys (its dot groups of the BSS); other setups: all."""
    s = scenario(sid)
    st = setup(s.setup["name"])
    wanted = {"soviet": s.setup.get("soviet_dots", "all"), "axis": s.setup.get("axis_dots", "all")}
    out = []
    for u in st.units():
        dots = wanted.get(u.side, "all")
        if dots == "all" or u.dot in dots:
            out.append(u)
    return tuple(out)


# --------------------------------------------------------------------------- whole-data checks


def validate() -> list[str]:
    """Cross-file checks of all the data (no map needed). Empty list = consistent."""
    problems: list[str] = []
    try:
        units = load_units()
        by_id = units_by_id()
        tech_chart()
        calendar()
        sheets = battle_sheets()
        bss = setup("BSS")
        for name in ("1942", "1943", "1944"):
            setup(name)
        all_scenarios = scenarios()
    except DataError as exc:
        return list(exc.problems)
    # Battle-sheet removals and unit removal turns must agree.
    listed = {(r.unit, r.turn) for r in sheets.removals}
    on_units = {(u.id, t) for u in units for t in u.removal_turns}
    for uid, t in sorted(listed - on_units):
        problems.append(f"battle_sheets.toml: removal of {uid} on turn {t} not on the unit")
    for uid, t in sorted(on_units - listed):
        problems.append(f"units: {uid} is removed on turn {t} but not on the Battle Sheet")
    for uid, _ in listed:
        if uid not in by_id:
            problems.append(f"battle_sheets.toml: unknown unit {uid!r}")
    for name, pool in sheets.pools.items():
        for pool_uid in [pool.get("unit"), *pool.get("units", [])]:
            if pool_uid is not None and pool_uid not in by_id:
                problems.append(f"battle_sheets.toml: pool {name} names unknown unit {pool_uid!r}")
    # Every dotted unit deploys in the BSS; nothing else does.
    placed = {p.unit for p in bss.placements}
    for u in units:
        if u.dot is not None and u.id not in placed:
            problems.append(f"setups/bss.toml: {u.id} has a {u.dot} dot but no placement")
        if u.dot is None and u.id in placed and u.arrival_turn != FIRST_TURN:
            problems.append(
                f"setups/bss.toml: {u.id} is placed but arrives on turn {u.arrival_turn}"
            )
    # Calendar events that name units must name real units.
    for row in calendar():
        for ev in row.events:
            for part in ev.split(":")[1:]:
                if (
                    part.startswith(("ger-", "sov-", "hun-", "rom-", "fin-", "ita-"))
                    and part not in by_id
                ):
                    problems.append(
                        f"calendar.toml turn {row.turn}: event {ev!r} names unknown unit"
                    )
    # Scenarios: the dot groups give exactly the booklet's counts.
    for s in all_scenarios:
        expected = s.setup.get("expected")
        if isinstance(expected, dict):
            got = Counter(u.side for u in scenario_units(s.id))
            for side, n in expected.items():
                if got.get(side, 0) != n:
                    problems.append(
                        f"{s.id}: setup deploys {got.get(side, 0)} {side} units, text says {n}"
                    )
    return problems


def summary() -> dict[str, Any]:
    """Counts per count group, nationality, class, setup group and scenario (for `data check`)."""
    units = load_units()
    bss = setup("BSS")
    groups: Counter[str] = Counter()
    for u in bss.units():
        groups[f"{u.side}:{u.dot or 'none'}"] += 1
    setups: dict[str, Any] = {"BSS": bss.counts()}
    for sid in ("SBE1", "SBE2", "SBE3"):
        setups[sid] = dict(Counter(u.side for u in scenario_units(sid)))
    for name in ("1942", "1943", "1944"):
        setups[name] = setup(name).counts()
    return {
        "blocks": block_counts(units),
        "total_blocks": len(units),
        "nations": dict(sorted(Counter(u.nation for u in units).items())),
        "classes": dict(sorted(Counter(u.cls for u in units).items())),
        "setup_groups": dict(sorted(groups.items())),
        "setups": setups,
        "scenarios": {
            s.id: {
                "turns": s.turns,
                "start_turn": s.start_turn,
                "rules": s.rules,
                "setup": s.setup.get("name"),
                "income": {k: dict(v) for k, v in s.income.items()},
            }
            for s in scenarios()
        },
        "calendar_turns": len(calendar()),
        "tech_entries": len(tech_chart().entries),
    }
