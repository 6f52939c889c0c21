"""Stalin's War turn-1 setup: the typed loader for ``data/setup.toml`` and its checks.

The setup holds the markers' start (rule 4.1), every unit's start hex (rule 25; digest 5) and how
every other unit enters the game (:class:`Entry`: a card's reinforcement list, or a rule such as
the partisans' placement). :func:`load_setup` raises :class:`SetupDataError` naming every
malformed entry; :func:`check_setup` returns every problem: the hexes and their units against
section 25 (:data:`SECTION_25`, :data:`STATED`), every unit against ``units.toml``, stacking
(rule 9), the markers against rule 4.1 (:data:`MARKERS`), and every entry against the card it
names in ``cards.toml`` (the card exists, is the unit's side, and lists exactly those units).
Hex ids are checked for their XXYY form only; the map's own check places them.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from hexfront.engine.errors import HexfrontError
from hexfront.games.stalins_war import cards as cards_mod
from hexfront.games.stalins_war import units as units_mod

HEX_ID = re.compile(r"\d{4}")
RULES = ("25.1", "25.2")
RULE_SIDE = {"25.1": "soviet", "25.2": "axis"}
MARKER_KEYS = ("turn", "vp", "hand_limit", "replacements", "banked_ops", "consecutive_ops")
PER_SIDE_MARKERS = ("hand_limit", "replacements", "banked_ops", "consecutive_ops")
# Rule 9.1: at most four CUs and one LCU a hex; these count for neither (9.1, 16.4.4).
STACK_FREE = frozenset({"stalin", "bunker", "fortified_zone", "partisan"})


class SetupDataError(HexfrontError):
    """``setup.toml`` is malformed; ``problems`` names every bad entry and field."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        shown = "\n  ".join(self.problems[:40])
        more = f"\n  ... and {len(self.problems) - 40} more" if len(self.problems) > 40 else ""
        super().__init__(f"{len(self.problems)} problem(s) in the setup data:\n  {shown}{more}")


@dataclass(frozen=True, slots=True)
class Placement:
    """The units one hex holds at the start."""

    hex: str
    units: tuple[str, ...]
    rule: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Entry:
    """How units come in after the start: by ``card`` ("S1", "A23") or by ``rule``."""

    units: tuple[str, ...]
    card: str | None = None
    rule: str | None = None
    fulfils: str | None = None
    note: str = ""

    @property
    def label(self) -> str:
        return f"card {self.card}" if self.card else f"rule {self.rule}"


@dataclass(frozen=True, slots=True)
class Markers:
    turn: int
    vp: int
    per_side: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]

    def get(self, marker: str, side: str) -> int | None:
        return dict(dict(self.per_side).get(marker, ())).get(side)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "vp": self.vp, **{k: dict(v) for k, v in self.per_side}}


@dataclass(frozen=True, slots=True)
class Setup:
    markers: Markers
    hexes: tuple[Placement, ...]
    entries: tuple[Entry, ...]

    def placed(self) -> dict[str, str]:
        """unit id -> start hex."""
        return {u: p.hex for p in self.hexes for u in p.units}

    def to_json(self) -> dict[str, Any]:
        return {
            "markers": self.markers.to_json(),
            "hexes": {p.hex: list(p.units) for p in self.hexes},
            "enters": [
                {"card": e.card, "rule": e.rule, "units": list(e.units), "fulfils": e.fulfils}
                for e in self.entries
            ],
        }


# --------------------------------------------------------------------------- parsing


def _strs(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, list) and value and all(isinstance(v, str) and v for v in value):
        return tuple(value)
    return None


def parse_setup(text: str, where: str = "setup.toml") -> Setup:
    """The setup of ``text`` (TOML), or :class:`SetupDataError` naming each bad entry."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SetupDataError([f"{where}: not valid TOML ({exc})"]) from exc
    problems: list[str] = []
    for key in sorted(raw.keys() - {"markers", "hex", "enters"}):
        problems.append(f"{where}: unknown top-level key {key!r}")
    markers = _markers(raw.get("markers"), problems)
    hexes: list[Placement] = []
    raw_hexes = raw.get("hex")
    if not isinstance(raw_hexes, list):
        problems.append(f"{where}: no [[hex]] array of tables")
        raw_hexes = []
    for i, h in enumerate(raw_hexes):
        here = f"hex {h.get('hex')!r}" if isinstance(h, dict) else f"hex #{i + 1}"
        if not isinstance(h, dict):
            problems.append(f"{here}: must be a table")
            continue
        for key in sorted(h.keys() - {"hex", "units", "rule", "note"}):
            problems.append(f"{here}: unknown field {key!r}")
        hid, ids, rule, note = h.get("hex"), _strs(h.get("units")), h.get("rule"), h.get("note", "")
        if not isinstance(hid, str) or not HEX_ID.fullmatch(hid):
            problems.append(f"{here}: 'hex' must be an XXYY id like \"1724\", not {hid!r}")
        if ids is None:
            problems.append(f"{here}: 'units' must be a non-empty list of unit ids")
        if rule not in RULES:
            problems.append(f"{here}: 'rule' must be one of {', '.join(RULES)}, not {rule!r}")
        if not isinstance(note, str):
            problems.append(f"{here}: 'note' must be a string")
        if isinstance(hid, str) and ids is not None and rule in RULES and isinstance(note, str):
            hexes.append(Placement(hid, ids, str(rule), note))
    entries: list[Entry] = []
    raw_entries = raw.get("enters", [])
    if not isinstance(raw_entries, list):
        problems.append(f"{where}: 'enters' must be an array of tables")
        raw_entries = []
    for i, e in enumerate(raw_entries):
        here = f"enters #{i + 1}"
        if not isinstance(e, dict):
            problems.append(f"{here}: must be a table")
            continue
        for key in sorted(e.keys() - {"card", "rule", "units", "fulfils", "note"}):
            problems.append(f"{here}: unknown field {key!r}")
        card, rule, ids = e.get("card"), e.get("rule"), _strs(e.get("units"))
        fulfils, note = e.get("fulfils"), e.get("note", "")
        if (card is None) == (rule is None):
            problems.append(f"{here}: give exactly one of 'card' and 'rule'")
        if card is not None and (
            not isinstance(card, str) or not cards_mod.CARD_REF.fullmatch(card)
        ):
            problems.append(f"{here}: 'card' must be a card reference like \"S1\", not {card!r}")
        if rule is not None and (not isinstance(rule, str) or not note):
            problems.append(f"{here}: an entry by rule needs the rule number and a 'note'")
        if ids is None:
            problems.append(f"{here}: 'units' must be a non-empty list of unit ids")
        if fulfils is not None and not isinstance(fulfils, str):
            problems.append(f"{here}: 'fulfils' must be a string")
        if ids is not None and isinstance(note, str):
            entries.append(
                Entry(
                    ids,
                    card if isinstance(card, str) else None,
                    rule if isinstance(rule, str) else None,
                    fulfils if isinstance(fulfils, str) else None,
                    note,
                )
            )
    if problems or markers is None:
        raise SetupDataError(problems or [f"{where}: no [markers] table"])
    return Setup(markers, tuple(hexes), tuple(entries))


def _markers(raw: Any, problems: list[str]) -> Markers | None:
    if not isinstance(raw, dict):
        return None
    bad = len(problems)
    for key in sorted(raw.keys() - set(MARKER_KEYS)):
        problems.append(f"markers: unknown marker {key!r}")
    for key in ("turn", "vp"):
        if not isinstance(raw.get(key), int) or isinstance(raw.get(key), bool):
            problems.append(f"markers: {key!r} must be an integer, not {raw.get(key)!r}")
    per_side: list[tuple[str, tuple[tuple[str, int], ...]]] = []
    for key in PER_SIDE_MARKERS:
        value = raw.get(key)
        if (
            not isinstance(value, dict)
            or set(value) != {"soviet", "axis"}
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())
        ):
            problems.append(f"markers: {key!r} must be {{soviet = N, axis = N}}, not {value!r}")
            continue
        per_side.append((key, (("soviet", value["soviet"]), ("axis", value["axis"]))))
    if len(problems) > bad:
        return None
    return Markers(raw["turn"], raw["vp"], tuple(per_side))


def data_text() -> str:
    return (
        resources.files("hexfront.games.stalins_war").joinpath("data/setup.toml").read_text("utf-8")
    )


def load_setup() -> Setup:
    return parse_setup(data_text())


# --------------------------------------------------------------------------- checks

# Rule 25 (seed; digest 5), hex by hex, in the ids of units.toml.
SECTION_25: Mapping[str, tuple[str, ...]] = {
    # 25.1 Soviet
    "1624": ("su.8M",),
    "1625": ("su.16M",),
    "1721": ("su.West",),
    "1722": ("su.28R",),
    "1723": ("su.4M",),
    "1724": ("su.Southwest",),
    "1726": ("su.South",),
    "1821": ("su.6M",),
    "1823": ("su.5R",),
    "1824": ("su.15M",),
    "1826": ("su.5M",),
    "1827": ("su.18M",),
    "1829": ("su.Maritime",),
    "1918": ("su.12M",),
    "1920": ("su.3M",),
    "1924": ("su.22M",),
    "2022": ("su.13R",),
    "2118": ("su.Northwest",),
    "2123": ("su.Central", "su.21R"),
    "2320": ("su.22R",),
    "2517": ("su.Leningrad", "su.10M"),
    "2532": ("su.TransCaucasus",),
    "2722": ("su.Reserve", "su.7M", "su.20R", "su.Stalin"),
    # 25.2 Axis
    "1424": ("ge.49Mtn",),
    "1523": ("ge.17A",),
    "1527": ("ge.11A",),
    "1621": ("ge.4A",),
    "1622": ("ge.46Pz", "ge.24Pz", "ge.47Pz", "ge.43C"),
    "1623": ("ge.6A", "ge.48Pz", "ge.3Pz", "ge.14Pz"),
    "1720": ("ge.9A", "ge.39Pz", "ge.57Pz"),
    "1819": ("ge.18A",),
    "1820": ("ge.16A", "ge.56Pz", "ge.41Pz"),
    "1025": ("hu.3A",),
    "1627": ("ro.3A",),
    "1629": ("ro.4A",),
}

# What digest 5 states in words: 27 Soviet units and Stalin, eight of them Fronts (the LCUs);
# 22 Axis units: 19 German, 1 Hungarian, 2 Romanian.
STATED: Mapping[str, Any] = {
    "soviet_units": 28,
    "soviet_fronts": 8,
    "axis_units": 22,
    "axis_nations": {"GE": 19, "HU": 1, "RO": 2},
    "hexes": {"soviet": 23, "axis": 12},
}

# Rule 4.1.
MARKERS: Mapping[str, Any] = {
    "turn": 1,
    "vp": 7,
    "hand_limit": 6,
    "replacements": 0,
    "banked_ops": 0,
    "consecutive_ops": 0,
}


def check_setup(
    text: str | None = None,
    units: Sequence[units_mod.Unit] | None = None,
    cards: Sequence[cards_mod.Card] | None = None,
) -> list[str]:
    """Every problem with the setup (``text``, or the shipped file) against section 25, the
    units and the cards (the shipped ones unless given); empty when all hold."""
    try:
        setup = parse_setup(data_text() if text is None else text)
    except SetupDataError as exc:
        return list(exc.problems)
    problems: list[str] = []
    try:
        units = units_mod.load_units() if units is None else units
    except units_mod.UnitDataError:
        return ["setup: units.toml does not load; fix it first"]
    try:
        cards = cards_mod.load_cards() if cards is None else cards
    except cards_mod.CardDataError:
        return ["setup: cards.toml does not load; fix it first"]
    by_id = {u.id: u for u in units}
    problems += _markers_check(setup.markers)
    problems += _hexes(setup, by_id)
    problems += _entries(setup, by_id, {c.id: c for c in cards})
    return problems


def _markers_check(m: Markers) -> list[str]:
    p: list[str] = []
    for key in ("turn", "vp"):
        got = getattr(m, key)
        if got != MARKERS[key]:
            p.append(f"markers: {key} starts at {got}, rule 4.1 gives {MARKERS[key]}")
    for key in PER_SIDE_MARKERS:
        for side in units_mod.SIDES:
            got = m.get(key, side)
            if got != MARKERS[key]:
                p.append(f"markers: {side} {key} starts at {got}, rule 4.1 gives {MARKERS[key]}")
    return p


def _hexes(setup: Setup, by_id: Mapping[str, units_mod.Unit]) -> list[str]:
    p: list[str] = []
    seen_hex: set[str] = set()
    where_placed: dict[str, str] = {}
    for pl in setup.hexes:
        here = f"hex {pl.hex}"
        if pl.hex in seen_hex:
            p.append(f"{here}: listed twice")
        seen_hex.add(pl.hex)
        for uid in pl.units:
            if uid in where_placed:
                p.append(f"{here}: unit {uid} is already set up in {where_placed[uid]}")
            where_placed.setdefault(uid, pl.hex)
            u = by_id.get(uid)
            if u is None:
                p.append(f"{here}: unit {uid} is not in units.toml")
            elif u.side != RULE_SIDE[pl.rule]:
                p.append(f"{here}: unit {uid} is {u.side} but listed under rule {pl.rule}")
        want = SECTION_25.get(pl.hex)
        if want is None:
            p.append(f"{here}: section 25 sets up nothing here")
        else:
            if len(pl.units) != len(want):
                p.append(f"{here}: {len(pl.units)} unit(s), section 25 gives {len(want)}")
            if sorted(pl.units) != sorted(want):
                p.append(f"{here}: {', '.join(pl.units)}; section 25 gives {', '.join(want)}")
        known = [by_id[u] for u in pl.units if u in by_id]
        stacked = [u for u in known if u.kind not in STACK_FREE]
        if len(stacked) > 4:
            p.append(f"{here}: {len(stacked)} combat units, more than the 4 of rule 9.1")
        if sum(u.large for u in known) > 1:
            p.append(f"{here}: more than one LCU (rule 9.1)")
        sides = {u.side for u in known}
        if len(sides) > 1:
            p.append(f"{here}: units of both sides")
    for hid in sorted(SECTION_25.keys() - seen_hex):
        p.append(f"hex {hid}: missing; section 25 sets up {', '.join(SECTION_25[hid])} there")
    placed = [by_id[u] for u in where_placed if u in by_id]
    soviet = [u for u in placed if u.side == "soviet"]
    axis = [u for u in placed if u.side == "axis"]

    def expect(what: str, got: object, want: object) -> None:
        if got != want:
            p.append(f"setup: {what} {got}, the digest (5) gives {want}")

    expect("Soviet units (Stalin included)", len(soviet), STATED["soviet_units"])
    expect("Soviet Fronts", sum(u.kind == "front" for u in soviet), STATED["soviet_fronts"])
    expect("Axis units", len(axis), STATED["axis_units"])
    expect(
        "Axis units per nation",
        dict(sorted(Counter(u.nation for u in axis).items())),
        dict(sorted(STATED["axis_nations"].items())),
    )
    hexes = {
        side: sum(1 for pl in setup.hexes if RULE_SIDE[pl.rule] == side) for side in units_mod.SIDES
    }
    expect("hexes per side", hexes, STATED["hexes"])
    return p


def _card_units(effects: Iterable[cards_mod.Effect]) -> tuple[set[str], dict[str, int | None]]:
    """Names a card's effects bring in (``reinforce``) and the groups it places (``place``)."""
    names: set[str] = set()
    places: dict[str, int | None] = {}
    for e in effects:
        if e.do == "reinforce":
            listed = e.get("units")
            if isinstance(listed, tuple):
                names.update(str(n) for n in listed)
        elif e.do == "place":
            count = e.get("count")
            places[str(e.get("what"))] = count if isinstance(count, int) else None
        for option in e.options:
            more, more_places = _card_units(option)
            names |= more
            places.update(more_places)
    return names, places


def _entries(
    setup: Setup, by_id: Mapping[str, units_mod.Unit], by_card: Mapping[str, cards_mod.Card]
) -> list[str]:
    p: list[str] = []
    placed = setup.placed()
    entered: dict[str, str] = {}
    covered_cards: set[str] = set()
    for e in setup.entries:
        here = f"enters by {e.label}"
        for uid in e.units:
            if uid not in by_id:
                p.append(f"{here}: unit {uid} is not in units.toml")
            if uid in placed:
                p.append(f"{here}: unit {uid} is already set up in {placed[uid]}")
            if uid in entered:
                p.append(f"{here}: unit {uid} already enters by {entered[uid]}")
            entered.setdefault(uid, e.label)
        if e.card is None:
            continue
        covered_cards.add(e.card)
        card = by_card.get(e.card)
        if card is None:
            p.append(f"{here}: card {e.card} does not exist in cards.toml")
            continue
        known = [by_id[u] for u in e.units if u in by_id]
        for u in known:
            if u.side != card.side:
                p.append(f"{here}: unit {u.id} is {u.side}, the card {card.side}")
        names, places = _card_units(card.effects)
        if e.fulfils is not None:
            if e.fulfils not in places:
                p.append(f"{here}: the card places no {e.fulfils!r} (it places {sorted(places)})")
            elif places[e.fulfils] not in (None, len(e.units)):
                p.append(
                    f"{here}: the card places {places[e.fulfils]} {e.fulfils!r}, "
                    f"the entry lists {len(e.units)}"
                )
            continue
        got = {u.name for u in known}
        for name in sorted(names - got):
            p.append(f"{here} ({card.title}): the card brings {name!r}, which the entry lacks")
        for name in sorted(got - names):
            p.append(f"{here} ({card.title}): {name!r} is not on the card's list")
    for card in by_card.values():
        names, _ = _card_units(card.effects)
        if names and card.id not in covered_cards:
            p.append(
                f"card {card.id} ({card.title}) brings {', '.join(sorted(names))}; "
                "setup.toml has no entry for it"
            )
    for uid in by_id:
        if uid not in placed and uid not in entered:
            p.append(
                f"unit {uid} ({by_id[uid].name}) is neither set up nor entered by a card or rule"
            )
    return p


def summary(setup: Setup, units: Sequence[units_mod.Unit]) -> dict[str, Any]:
    """Counts for ``data check``: units per side at the start, hexes, entries, markers."""
    by_id = {u.id: u for u in units}
    placed = [by_id[u] for u in setup.placed() if u in by_id]
    return {
        "hexes": len(setup.hexes),
        "units_at_start": dict(sorted(Counter(u.side for u in placed).items())),
        "lcus_at_start": dict(sorted(Counter(u.side for u in placed if u.large).items())),
        "entering_by_card": sum(len(e.units) for e in setup.entries if e.card),
        "entering_by_rule": sum(len(e.units) for e in setup.entries if e.rule),
        "cards_with_reinforcements": sorted(
            {e.card for e in setup.entries if e.card}, key=lambda c: (c[0] != "S", int(c[1:]))
        ),
        "markers": setup.markers.to_json(),
    }
