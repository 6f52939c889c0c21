"""Stalin's War combat units: the typed loader for ``data/units.toml`` and its checks.

The text prints no counter values (digest 6.2); ``units.toml`` holds what the text states, what
the Example of Play implies, and calibrated values, each group or unit labelled with its
:data:`SOURCES` word and a reason. Every unit is a frozen :class:`Unit` with its :class:`Step`\\ s,
strongest first. A step is printed ``"A-D-M"`` (attack, defence, MA) or ``"S-M"`` (one combat
strength and MA, rule 2.2.1); a leading ``*`` marks a step that cannot be rebuilt (14.1.6).

:func:`load_units` raises :class:`UnitDataError` naming every malformed entry;
:func:`check_units` returns every problem: the structure (ids, steps, counters), the ZOC list of
rule 8.1, the values the text states (:data:`TEXT_FACTS`), the values the Example of Play implies
(:data:`EXAMPLE`, :data:`EXAMPLE_STEPS`) and the counter totals of rule 2.0 (:data:`COUNTERS`).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Any

from hexfront.engine.errors import HexfrontError

SIDES = ("soviet", "axis")
SIZES = ("large", "small")
SOURCES = ("text", "example of play", "history", "design choice")
# 2.2.3 prints GE, IT, RO, HU, SU; PL and BG are the Soviet-side Polish and Bulgarian units.
NATIONS: Mapping[str, tuple[str, ...]] = {
    "soviet": ("SU", "PL", "BG", "RO"),
    "axis": ("GE", "IT", "RO", "HU"),
}
# The unit types the rules branch on (digest 3.1, 3.18), per side.
KINDS: Mapping[str, tuple[str, ...]] = {
    "soviet": (
        "front",
        "rifle_army",
        "mechanized_corps",
        "shock_army",
        "guards_army",
        "guards_cavalry_corps",
        "tank_army",
        "guards_tank_army",
        "maritime_army",
        "allied_army",
        "stalin",
        "fortified_zone",
        "partisan",
    ),
    "axis": (
        "army",
        "armee_abteilung",
        "panzer_corps",
        "infantry_corps",
        "mountain_corps",
        "cavalry_corps",
        "mobile_corps",
        "vlasov_corps",
        "bunker",
    ),
}
# 8.1: every LCU, and of the SCUs only these, have a ZOC (in full supply).
ZOC_SCU_KINDS = frozenset(
    {"mechanized_corps", "tank_army", "guards_tank_army", "guards_army", "panzer_corps"}
)
# Units that never move (16.4.1 Stalin; the placed Fortified Zone and Bunker).
IMMOBILE_KINDS = frozenset({"stalin", "fortified_zone", "bunker"})
STEP = re.compile(r"(\*)?(\d+)-(\d+)(?:-(\d+))?")
UNIT_ID = re.compile(r"[a-z]{2}\.[A-Za-z0-9]+(\.[a-z]+)?")

GROUP_KEYS = frozenset(
    {
        "id",
        "side",
        "nation",
        "size",
        "kind",
        "zoc",
        "counters",
        "steps",
        "ss",
        "source",
        "reason",
        "units",
    }
)
UNIT_KEYS = frozenset(
    {"id", "name", "steps", "counters", "source", "reason", "nation", "kind", "ss"}
)


class UnitDataError(HexfrontError):
    """``units.toml`` is malformed; ``problems`` names every bad entry and field."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        shown = "\n  ".join(self.problems[:40])
        more = f"\n  ... and {len(self.problems) - 40} more" if len(self.problems) > 40 else ""
        super().__init__(f"{len(self.problems)} problem(s) in the unit data:\n  {shown}{more}")


# --------------------------------------------------------------------------- the records


@dataclass(frozen=True, slots=True)
class Step:
    """One strength level as printed: attack, defence, MA, and the asterisk."""

    attack: int
    defense: int
    ma: int
    starred: bool
    split: bool  # three numbers printed (attack and defence differ in meaning)

    def printed(self) -> str:
        star = "*" if self.starred else ""
        if self.split:
            return f"{star}{self.attack}-{self.defense}-{self.ma}"
        return f"{star}{self.attack}-{self.ma}"

    def get(self, field: str) -> int:
        value: int = {"attack": self.attack, "defense": self.defense, "ma": self.ma}[field]
        return value


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    name: str
    side: str
    nation: str
    size: str
    kind: str
    zoc: bool
    counters: int
    steps: tuple[Step, ...]
    ss: bool
    group: str
    source: str
    reason: str

    @property
    def large(self) -> bool:
        return self.size == "large"

    @property
    def permanent_loss(self) -> bool:
        """Starred on every step: removed from the game when eliminated (2.2.1)."""
        return all(s.starred for s in self.steps)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "nation": self.nation,
            "size": self.size,
            "kind": self.kind,
            "zoc": self.zoc,
            "counters": self.counters,
            "steps": [s.printed() for s in self.steps],
            "ss": self.ss,
            "group": self.group,
            "source": self.source,
            "reason": self.reason,
        }


# --------------------------------------------------------------------------- parsing


def parse_step(text: str) -> Step | None:
    """``"*5-3"`` or ``"4-3-5"`` as a :class:`Step`; None when it is neither form."""
    m = STEP.fullmatch(text)
    if m is None:
        return None
    star, a, b, c = m.groups()
    if c is None:
        return Step(int(a), int(a), int(b), star is not None, split=False)
    return Step(int(a), int(b), int(c), star is not None, split=True)


class _Parser:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def word(self, where: str, key: str, value: Any, allowed: Sequence[str]) -> str | None:
        if value not in allowed:
            self.bad(where, f"{key!r} must be one of {', '.join(allowed)}, not {value!r}")
            return None
        assert isinstance(value, str)
        return value

    def text(self, where: str, key: str, value: Any) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.bad(where, f"{key!r} must be a non-empty string, not {value!r}")
            return None
        return value

    def flag(self, where: str, key: str, value: Any) -> bool | None:
        if not isinstance(value, bool):
            self.bad(where, f"{key!r} must be true or false, not {value!r}")
            return None
        return value

    def steps(self, where: str, value: Any) -> tuple[Step, ...] | None:
        if not isinstance(value, list) or not value:
            self.bad(
                where, f'\'steps\' must be a non-empty list like ["*5-3", "4-3"], not {value!r}'
            )
            return None
        out: list[Step] = []
        for v in value:
            step = parse_step(v) if isinstance(v, str) else None
            if step is None:
                self.bad(where, f'step {v!r} is not "A-D-M" or "S-M" (with an optional *)')
                return None
            out.append(step)
        return tuple(out)

    def group(self, index: int, raw: Any) -> list[Unit]:
        if not isinstance(raw, dict):
            self.bad(f"group #{index + 1}", "must be a table")
            return []
        gid = raw.get("id")
        where = f"group {gid if isinstance(gid, str) else f'#{index + 1}'}"
        before = len(self.problems)
        for key in sorted(raw.keys() - GROUP_KEYS):
            self.bad(where, f"unknown field {key!r}")
        for key in ("id", "side", "nation", "size", "kind", "zoc", "steps", "source", "reason"):
            if key not in raw:
                self.bad(where, f"missing {key!r}")
        self.text(where, "id", gid)
        side = self.word(where, "side", raw.get("side"), SIDES)
        size = self.word(where, "size", raw.get("size"), SIZES)
        zoc = self.flag(where, "zoc", raw.get("zoc"))
        ss = self.flag(where, "ss", raw.get("ss", False))
        counters = raw.get("counters", 1)
        units = raw.get("units")
        if not isinstance(units, list) or not units:
            self.bad(where, "'units' must be a non-empty list of {id, name} tables")
            return []
        if len(self.problems) > before or side is None:
            return []
        out: list[Unit] = []
        for i, u in enumerate(units):
            unit = self.unit(where, i, u, raw, side, size, zoc, ss, counters)
            if unit is not None:
                out.append(unit)
        return out

    def unit(
        self,
        gwhere: str,
        index: int,
        raw: Any,
        group: Mapping[str, Any],
        side: str,
        size: str | None,
        zoc: bool | None,
        ss: bool | None,
        counters: Any,
    ) -> Unit | None:
        if not isinstance(raw, dict):
            self.bad(f"{gwhere} unit #{index + 1}", "must be a table {id, name}")
            return None
        uid = raw.get("id")
        where = f"unit {uid}" if isinstance(uid, str) else f"{gwhere} unit #{index + 1}"
        before = len(self.problems)
        for key in sorted(raw.keys() - UNIT_KEYS):
            self.bad(where, f"unknown field {key!r}")
        if not isinstance(uid, str) or not UNIT_ID.fullmatch(uid):
            self.bad(where, f'\'id\' must look like "su.28R" or "ge.16A", not {uid!r}')
        name = self.text(where, "name", raw.get("name"))
        nation = self.word(where, "nation", raw.get("nation", group.get("nation")), NATIONS[side])
        kind = self.word(where, "kind", raw.get("kind", group.get("kind")), KINDS[side])
        steps = self.steps(where, raw.get("steps", group.get("steps")))
        source = self.word(where, "source", raw.get("source", group.get("source")), SOURCES)
        reason = self.text(where, "reason", raw.get("reason", group.get("reason")))
        unit_ss = self.flag(where, "ss", raw.get("ss", ss))
        n = raw.get("counters", counters)
        if not isinstance(n, int) or isinstance(n, bool) or n not in (1, 2):
            self.bad(where, f"'counters' must be 1 or 2, not {n!r}")
        if len(self.problems) > before:
            return None
        assert isinstance(uid, str)
        assert name is not None
        assert nation is not None
        assert kind is not None
        assert steps is not None
        assert source is not None
        assert reason is not None
        assert size is not None
        assert zoc is not None
        assert unit_ss is not None
        return Unit(
            id=uid,
            name=name,
            side=side,
            nation=nation,
            size=size,
            kind=kind,
            zoc=zoc,
            counters=n,
            steps=steps,
            ss=unit_ss,
            group=str(group["id"]),
            source=source,
            reason=reason,
        )


def parse_units(text: str, where: str = "units.toml") -> tuple[Unit, ...]:
    """Every unit of ``text`` (TOML), or :class:`UnitDataError` naming each bad entry."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UnitDataError([f"{where}: not valid TOML ({exc})"]) from exc
    groups = raw.get("group")
    if not isinstance(groups, list):
        raise UnitDataError([f"{where}: no [[group]] array of tables"])
    parser = _Parser()
    units = [u for i, g in enumerate(groups) for u in parser.group(i, g)]
    for key in sorted(raw.keys() - {"group"}):
        parser.bad(where, f"unknown top-level key {key!r}")
    if parser.problems:
        raise UnitDataError(parser.problems)
    return tuple(units)


def data_text() -> str:
    return (
        resources.files("hexfront.games.stalins_war").joinpath("data/units.toml").read_text("utf-8")
    )


def load_units() -> tuple[Unit, ...]:
    """Every unit of ``data/units.toml`` in file order."""
    return parse_units(data_text())


# --------------------------------------------------------------------------- checks

# Rule 2.0 (digest 1): the box holds 88 large counters (the LCUs) and 280 small ones (the SCUs
# and every marker). The marker mix is not in the text, so the small total is an upper bound.
COUNTERS: Mapping[str, int] = {"large": 88, "small": 280}


@dataclass(frozen=True, slots=True)
class Fact:
    """A sum of printed values the text or the Example of Play fixes: ``terms`` are
    (unit id, step index from 0 = full strength, field); the sum must be one of ``want``."""

    what: str
    terms: tuple[tuple[str, int, str], ...]
    want: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StepFact:
    """The steps a unit must have: their number, their stars (None: not fixed), and whether
    some step can be rebuilt (``rebuildable``; None: not fixed)."""

    what: str
    unit: str
    steps: int | None
    starred: tuple[bool, ...] | None = None
    rebuildable: bool | None = None


@dataclass(frozen=True, slots=True)
class UnnamedFact:
    """Sums that involve ``count`` units the text does not name: some choice of that many
    ``candidates`` (at full strength) must make every sum hold at once. Each of ``sums`` is
    (named terms, the field read on the chosen units, allowed totals)."""

    what: str
    candidates: tuple[str, ...]
    count: int
    sums: tuple[tuple[tuple[tuple[str, int, str], ...], str, tuple[int, ...]], ...]


def _f(what: str, want: int | tuple[int, ...], *terms: tuple[str, int, str]) -> Fact:
    return Fact(what, tuple(terms), want if isinstance(want, tuple) else (want,))


# The text: 25.1 (the Southwest Front's stronger counter) and 14.1.6 (the German armies).
TEXT_FACTS: tuple[Fact, ...] = (
    _f(
        "25.1: the Southwest Front's stronger counter is 5-3 (strength)",
        5,
        ("su.Southwest", 0, "attack"),
    ),
    _f("25.1: the Southwest Front's stronger counter is 5-3 (MA)", 3, ("su.Southwest", 0, "ma")),
    *(
        _f(f"14.1.6: German army step {i + 1} is {s}-3 ({field})", want, (f"ge.{a}", i, field))
        for a in ("4A", "6A", "9A", "11A", "16A", "17A", "18A")
        for i, s in enumerate((5, 4, 3, 2))
        for field, want in (("attack", s), ("defense", s), ("ma", 3))
    ),
)
TEXT_STEPS: tuple[StepFact, ...] = tuple(
    StepFact(
        f"14.1.6: the {a} has four steps, only 5-3 starred",
        f"ge.{a}",
        4,
        (True, False, False, False),
    )
    for a in ("4A", "6A", "9A", "11A", "16A", "17A", "18A")
)

# The Example of Play (seed, after rule 25; digest 6.1). Columns are read as the text states
# them: a stated column already carries the shifts the text names (terrain, OOS, cards).
EXAMPLE: tuple[Fact, ...] = (
    _f("T1: the 16th Army alone attacks 1920 at 5", 5, ("ge.16A", 0, "attack")),
    _f(
        "T1: the 6th Army alone attacks 1723 at 5 (column 4 after the river)",
        5,
        ("ge.6A", 0, "attack"),
    ),
    _f("T1: 3M defends 1920 at column 2 of the SCU table", 2, ("su.3M", 0, "defense")),
    _f("T1: 4M defends 1723 at column 3 of the SCU table", 3, ("su.4M", 0, "defense")),
    _f(
        "T1: 48, 3 and 14 Pz attack 1722 at 11",
        11,
        ("ge.48Pz", 0, "attack"),
        ("ge.3Pz", 0, "attack"),
        ("ge.14Pz", 0, "attack"),
    ),
    _f("T1: 28R defends 1722 at column 2 of the SCU table", 2, ("su.28R", 0, "defense")),
    _f(
        "T1: 39, 57, 56 and 41 Pz attack 1821 at 15",
        15,
        ("ge.39Pz", 0, "attack"),
        ("ge.57Pz", 0, "attack"),
        ("ge.56Pz", 0, "attack"),
        ("ge.41Pz", 0, "attack"),
    ),
    _f(
        "T1: 6M, OOS, defends 1821 at column 2 (defence 3 before the shift)",
        3,
        ("su.6M", 0, "defense"),
    ),
    _f(
        "T1: the 9th Army with 46, 24, 47 Pz and the 43rd Corps attack 1721 at 15",
        15,
        ("ge.9A", 0, "attack"),
        ("ge.46Pz", 0, "attack"),
        ("ge.24Pz", 0, "attack"),
        ("ge.47Pz", 0, "attack"),
        ("ge.43C", 0, "attack"),
    ),
    _f(
        "T1: the West Front, OOS, defends 1721 at column 2 of the LCU table",
        3,
        ("su.West", 0, "defense"),
    ),
    _f("T2: 22M defends 2023 at column 2 of the SCU table", 2, ("su.22M", 0, "defense")),
    _f(
        "T2: 3 and 14 Pz attack 1625 at 8 on the SCU table",
        8,
        ("ge.3Pz", 0, "attack"),
        ("ge.14Pz", 0, "attack"),
    ),
    _f("T2: 16M, OOS, defends 1625 at column 1", (1, 2), ("su.16M", 0, "defense")),
    _f(
        "T1 (Soviet): 5R attacks 1922 at column 3 after a net shift of one left",
        4,
        ("su.5R", 0, "attack"),
    ),
    _f("T2: 15M attacks 1723 at column 3 of the SCU table", 3, ("su.15M", 0, "attack")),
    _f(
        "T2: the full 6th Army and the reduced 48 Pz defend 1723 at 6-7",
        (6, 7),
        ("ge.6A", 0, "defense"),
        ("ge.48Pz", 1, "defense"),
    ),
    _f("T2: 13R, OOS, attacks 2122 at column 1", (1, 2), ("su.13R", 0, "attack")),
    _f("T2: the South Front defends Zhitomir at 3 (LCU)", 3, ("su.South", 0, "defense")),
    _f(
        "T2: the full 4th Army and the reduced 43rd Corps attack Gomel at column 4 after two shifts (6-7)",
        (6, 7),
        ("ge.4A", 0, "attack"),
        ("ge.43C", 1, "attack"),
    ),
    _f("T2: the Leningrad Front alone defends 2420 at 3", 3, ("su.Leningrad", 0, "defense")),
    _f(
        "T2: the Trans-Caucasus Front alone defends Zaporozhe at 3",
        3,
        ("su.TransCaucasus", 0, "defense"),
    ),
    _f("T3: the 4th Army's second counter is 3-3", 3, ("ge.4A", 2, "defense")),
    _f(
        "T2: the reduced South Front and 51R attack from Kiev at column 3 after the OOS shift",
        4,
        ("su.South", 1, "attack"),
        ("su.51R", 0, "attack"),
    ),
    *(
        _f(
            f"T2: the Romanian army attacked from Kiev defends at 2 (LCU); the text does not "
            f"say which, so both are read so (here ro.{n})",
            2,
            (f"ro.{n}", 0, "defense"),
        )
        for n in ("3A", "4A")
    ),
)
# The German panzer corps in play and not eliminated by turn 3 of the example, but for the 24th.
_PANZERS_T3 = (
    "ge.3Pz",
    "ge.14Pz",
    "ge.39Pz",
    "ge.57Pz",
    "ge.56Pz",
    "ge.41Pz",
    "ge.46Pz",
    "ge.47Pz",
    "ge.SKPz",
    "ge.40Pz",
)
EXAMPLE_UNNAMED: tuple[UnnamedFact, ...] = (
    UnnamedFact(
        "T3: the 4th Army, the refitted 24 Pz and two more units in 2323 attack 2424 at column "
        "10-11 after two shifts (15 or more); after the 24th and the 4th each lose a step they "
        "defend 2323 at 14 (the Zhukov attack): the two others, unnamed, are full panzer corps "
        "that sum 8 in defence (four units at most, rule 9.1)",
        _PANZERS_T3,
        2,
        (
            ((("ge.4A", 0, "attack"), ("ge.24Pz", 0, "attack")), "attack", tuple(range(15, 41))),
            ((("ge.4A", 1, "defense"), ("ge.24Pz", 1, "defense")), "defense", (14,)),
        ),
    ),
)
EXAMPLE_STEPS: tuple[StepFact, ...] = (
    *(
        StepFact(f"T1-T2: {u} has one step and leaves the game at its loss", f"su.{u}", 1, (True,))
        for u in ("3M", "4M", "6M", "12M", "16M", "22M", "28R")
    ),
    StepFact("T2: 15M has two steps and leaves the game", "su.15M", 2, (True, True)),
    StepFact("T2: one loss eliminates 21R (every unit took one)", "su.21R", 1),
    StepFact("T3: one loss eliminates the fresh 30R (spread rule)", "su.30R", 1),
    StepFact("T1: 5R flips to absorb a loss", "su.5R", 2),
    StepFact("T3: 57R flips to absorb a loss", "su.57R", 2),
    StepFact(
        "T2: 13R goes to the Eliminated box (not starred on every step)", "su.13R", None, None, True
    ),
    StepFact(
        "T2: the West Front is rebuilt at full strength for 2 RP", "su.West", 2, (False, False)
    ),
    StepFact("T2: the Leningrad Front is rebuilt reduced for 1 RP", "su.Leningrad", 2, None, True),
    StepFact(
        "T2: the Trans-Caucasus Front is rebuilt reduced for 1 RP",
        "su.TransCaucasus",
        2,
        None,
        True,
    ),
    StepFact("T2: the South Front flips and retreats", "su.South", 2),
    StepFact("T3: the Kalinin Front flips", "su.Kalinin", 2),
    StepFact("T3: the Reserve Front flips", "su.Reserve", 2),
    StepFact("T2: 48 Pz, reduced, dies to one loss and can be rebuilt", "ge.48Pz", 2, None, True),
    *(
        StepFact(f"T1-T3: {p} Pz flips at a loss", f"ge.{p}Pz", 2)
        for p in ("56", "46", "3", "SK", "24", "14", "40")
    ),
    StepFact("T2: the 43rd Corps flips at Smolensk, then one loss eliminates it", "ge.43C", 2),
)


def check_units(text: str | None = None) -> list[str]:
    """Every problem with the unit data (``text``, or the shipped file); empty when all hold."""
    try:
        units = parse_units(data_text() if text is None else text)
    except UnitDataError as exc:
        return list(exc.problems)
    problems: list[str] = []
    problems += _structure(units)
    by_id = {u.id: u for u in units}
    problems += _rules(units)
    problems += _facts(by_id, TEXT_FACTS, TEXT_STEPS, "the text")
    problems += _facts(by_id, EXAMPLE, EXAMPLE_STEPS, "the Example of Play")
    problems += _unnamed(by_id, EXAMPLE_UNNAMED, "the Example of Play")
    totals = counter_totals(units)
    for size, limit in COUNTERS.items():
        if totals[size] > limit:
            problems.append(
                f"{size} counters: {totals[size]} unit counters, more than the {limit} the box "
                "holds (rule 2.0)"
            )
    return problems


def _structure(units: Sequence[Unit]) -> list[str]:
    p: list[str] = []
    seen: set[str] = set()
    names: set[tuple[str, str]] = set()
    for u in units:
        where = f"unit {u.id} ({u.name})"
        if u.id in seen:
            p.append(f"{where}: id used twice")
        seen.add(u.id)
        if (u.side, u.name) in names:
            p.append(f"{where}: name used twice on the {u.side} side")
        names.add((u.side, u.name))
        if not 1 <= len(u.steps) <= 4:
            p.append(f"{where}: {len(u.steps)} steps (a unit has 1 to 4, rule 2.2.1)")
        if u.counters == 2 and (not u.large or len(u.steps) != 4):
            p.append(f"{where}: two counters are for the 4-step German LCUs only (2.2.1)")
        if len(u.steps) > 2 and u.counters != 2:
            p.append(f"{where}: {len(u.steps)} steps need two counters (2.2.1)")
        for upper, lower in zip(u.steps, u.steps[1:], strict=False):
            if lower.attack > upper.attack or lower.defense > upper.defense:
                p.append(
                    f"{where}: step {lower.printed()} is stronger than the step above it "
                    f"{upper.printed()}"
                )
            if lower.starred and not upper.starred:
                p.append(
                    f"{where}: step {lower.printed()} is starred below an unstarred "
                    f"{upper.printed()} (only the top steps can be unrebuildable, 14.1.6)"
                )
    return p


def _rules(units: Sequence[Unit]) -> list[str]:
    p: list[str] = []
    for u in units:
        where = f"unit {u.id} ({u.name})"
        want_zoc = u.large or u.kind in ZOC_SCU_KINDS
        if u.zoc != want_zoc:
            p.append(
                f"{where}: zoc = {str(u.zoc).lower()}, but rule 8.1 gives a {u.size} {u.kind} "
                f"{'a' if want_zoc else 'no'} ZOC"
            )
        immobile = u.kind in IMMOBILE_KINDS
        for s in u.steps:
            if (s.ma == 0) != immobile:
                p.append(
                    f"{where}: MA {s.ma}; only Stalin, the Fortified Zone and the Bunker have MA 0"
                )
        if u.kind == "stalin" and (u.large or any(s.attack for s in u.steps)):
            p.append(f"{where}: Stalin is an SCU with no attack factor (16.4.1)")
        if u.kind == "shock_army" and any(s.ma != 2 for s in u.steps):
            p.append(f"{where}: a shock army has MA 2 (10.1.4)")
        if u.kind == "panzer_corps" and any(s.ma != 5 for s in u.steps):
            p.append(
                f"{where}: a panzer corps has MA 5 (12.2.3: MA 4 after the Paulus-line -1 of 10.1.5)"
            )
        if u.kind in ("front", "army", "armee_abteilung") and not u.large:
            p.append(f"{where}: a {u.kind} is an LCU (2.2.1)")
        if u.kind not in ("front", "army", "armee_abteilung") and u.large:
            p.append(f"{where}: only armies and Fronts are LCUs (2.2.1), not a {u.kind}")
    return p


def _facts(
    by_id: Mapping[str, Unit],
    facts: Sequence[Fact],
    step_facts: Sequence[StepFact],
    source: str,
) -> list[str]:
    p: list[str] = []
    for f in facts:
        total = 0
        missing = False
        for uid, index, field in f.terms:
            u = by_id.get(uid)
            if u is None:
                p.append(f"{source}: {f.what}: unit {uid} does not exist")
                missing = True
            elif index >= len(u.steps):
                p.append(f"{source}: {f.what}: unit {uid} has no step {index + 1}")
                missing = True
            else:
                total += u.steps[index].get(field)
        if not missing and total not in f.want:
            want = " or ".join(map(str, f.want))
            names = " + ".join(f"{uid} step {i + 1} {field}" for uid, i, field in f.terms)
            p.append(f"{source}: {f.what}: {names} = {total}, want {want}")
    for sf in step_facts:
        u = by_id.get(sf.unit)
        if u is None:
            p.append(f"{source}: {sf.what}: unit {sf.unit} does not exist")
            continue
        if sf.steps is not None and len(u.steps) != sf.steps:
            p.append(f"{source}: {sf.what}: {u.id} has {len(u.steps)} step(s), want {sf.steps}")
        stars = tuple(s.starred for s in u.steps)
        if sf.starred is not None and stars != sf.starred:
            p.append(
                f"{source}: {sf.what}: {u.id} stars {_stars(stars)}, want {_stars(sf.starred)}"
            )
        if sf.rebuildable is not None and (not u.permanent_loss) != sf.rebuildable:
            p.append(
                f"{source}: {sf.what}: {u.id} is "
                f"{'starred on every step' if u.permanent_loss else 'rebuildable'}"
            )
    return p


def _unnamed(by_id: Mapping[str, Unit], facts: Sequence[UnnamedFact], source: str) -> list[str]:
    p: list[str] = []
    for f in facts:
        named = [t for terms, _, _ in f.sums for t in terms]
        absent = sorted(({uid for uid, _, _ in named} | set(f.candidates)) - by_id.keys())
        if absent:
            p.append(f"{source}: {f.what}: units {', '.join(absent)} do not exist")
            continue
        fixed = [
            sum(by_id[u].steps[i].get(field) for u, i, field in terms) for terms, _, _ in f.sums
        ]
        fits = any(
            all(
                base + sum(by_id[c].steps[0].get(field) for c in chosen) in want
                for base, (_, field, want) in zip(fixed, f.sums, strict=True)
            )
            for chosen in combinations(f.candidates, f.count)
        )
        if not fits:
            p.append(f"{source}: {f.what}: no {f.count} of {', '.join(f.candidates)} make it hold")
    return p


def _stars(stars: Sequence[bool]) -> str:
    return "/".join("*" if s else "-" for s in stars)


def counter_totals(units: Sequence[Unit]) -> Counter[str]:
    """Counters per size that the unit list accounts for (a 4-step German army is two)."""
    totals: Counter[str] = Counter({"large": 0, "small": 0})
    for u in units:
        totals[u.size] += u.counters
    return totals


def summary(units: Sequence[Unit]) -> dict[str, Any]:
    """Counts for ``data check``: units and counters per side and size, sources, known facts."""
    totals = counter_totals(units)
    per: Counter[str] = Counter(f"{u.side}/{u.size}" for u in units)
    return {
        "units": len(units),
        "per_side_size": dict(sorted(per.items())),
        "counters": {
            size: {
                "accounted": totals[size],
                "in_the_box": COUNTERS[size],
                "unidentified": COUNTERS[size] - totals[size],
            }
            for size in SIZES
        },
        "by_source": dict(sorted(Counter(u.source for u in units).items())),
        "facts_checked": {
            "text": len(TEXT_FACTS) + len(TEXT_STEPS),
            "example_of_play": len(EXAMPLE) + len(EXAMPLE_STEPS) + len(EXAMPLE_UNNAMED),
        },
    }
