"""Stalin's War strategy cards: the typed loader for ``data/cards.toml`` and its checks.

Every card is a frozen :class:`Card`. Its event is data the rules can execute later: ``when`` is
a tuple of :class:`Condition` (all must hold for the event to be played) and ``effects`` a tuple
of :class:`Effect`, each naming a verb from :data:`VERBS` with typed parameters. The vocabulary
(documented at the top of the TOML file and in ``docs/data/stalins_war.md``):

Conditions (``{if = ...}``): played, not_played, turn, controls, controls_none,
controls_all_vp_spaces, unit_at, unit_in_play, units_in_area, not_captured, ever_eliminated,
combat_with.

Effects (``{do = ...}``): reinforce, place, remove, move, flip, activate_partisans, permit,
forbid, block_cards, cancel_cards, vp, vp_spaces, hand_size, banked_ops, ops, rp,
consecutive_ops, combat_shift, combat_loss, ignore_terrain, exploit, retreat, supply,
reveal_hand, discard_random, extra_play, control, cancellable, combined_attack, trench_roll,
choose_one, mark, remove_card. Any effect may also carry ``when``, ``duration``, ``scope``,
``side`` and ``note``.

Card references are ``"S<n>"`` (Soviet card n) and ``"A<n>"`` (Axis card n). VP deltas are
signed toward the Axis (the VP level counts Axis gains): a Soviet VP gain is negative.

:func:`load_cards` raises :class:`CardDataError` listing every malformed entry (which card,
which field); :func:`check_cards` returns every problem, the counts and totals of the deck
checked against the figures the digest gives (:data:`STATED` and :data:`FROM_THE_LIST`).
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

SIDES = ("soviet", "axis")
DECKS = ("blitzkrieg", "total_war")
DECK_NUMBERS = {"blitzkrieg": range(1, 26), "total_war": range(26, 56)}
SIDE_PREFIX = {"soviet": "S", "axis": "A"}
COMBAT_USES = ("once_per_turn", "round", "turn")
DURATIONS = ("ar", "round", "combat", "turn", "game")
TURNS = range(1, 19)
AMBIGUITY = re.compile(r"A([1-9]|[12]\d|3[0-2])")
CARD_REF = re.compile(r"([SA])([1-9]\d?)")

Param = str | int | bool | tuple[str, ...] | tuple[int, ...]

# A parameter's kind: str, int, bool, strs, ints, ref (card reference), refs, turn (1-18),
# turns, side ("soviet" | "axis"), duration (a word of DURATIONS or a number of turns),
# int_or_str, conditions (a nested `when`), options (choose_one's lists of effects).
_Spec = tuple[Mapping[str, str], frozenset[str]]  # (kinds of every allowed key, required keys)


def _spec(required: Mapping[str, str], optional: Mapping[str, str] | None = None) -> _Spec:
    return ({**required, **(optional or {})}, frozenset(required))


CONDITIONS: dict[str, _Spec] = {
    "played": _spec({"card": "ref"}),
    "not_played": _spec({"card": "ref"}),
    "turn": _spec({}, {"from": "turn", "to": "turn", "in": "turns", "not_in": "turns"}),
    "controls": _spec({"side": "side", "places": "strs"}),
    "controls_none": _spec({"side": "side", "places": "strs"}),
    "controls_all_vp_spaces": _spec({"side": "side", "area": "str"}),
    "unit_at": _spec({"unit": "str", "place": "str"}),
    "unit_in_play": _spec({"unit": "str"}),
    "units_in_area": _spec({"side": "side", "kind": "str", "area": "str", "at_least": "int"}),
    "not_captured": _spec({"place": "str"}),
    "ever_eliminated": _spec({"side": "side", "nation": "str", "kind": "str"}),
    "combat_with": _spec({"card": "ref"}),
}

COMMON_EFFECT_KEYS: Mapping[str, str] = {
    "when": "conditions",
    "duration": "duration",
    "scope": "str",
    "side": "side",
    "note": "str",
}

VERBS: dict[str, _Spec] = {
    "reinforce": _spec(
        {"units": "strs"},
        {"reduced": "strs", "at": "str", "unit": "str", "places": "strs", "area": "str"},
    ),
    "place": _spec(
        {"what": "str"},
        {
            "count": "int",
            "places": "strs",
            "area": "str",
            "at": "str",
            "unit": "str",
            "within": "int",
            "activate": "bool",
        },
    ),
    "remove": _spec(
        {"what": "str"},
        {"count": "int", "up_to": "int", "panzer_factors": "int", "to": "str", "not_from": "str"},
    ),
    "move": _spec(
        {"what": "str", "to": "str"},
        {
            "count": "int",
            "from": "str",
            "factors": "int",
            "min_panzer": "int",
            "distance": "str",
            "random": "bool",
            "reduce_to": "str",
        },
    ),
    "flip": _spec(
        {"what": "str", "to": "str"},
        {"count": "int", "area": "str", "chooser": "side", "requires": "str"},
    ),
    "activate_partisans": _spec({"count": "int"}),
    "permit": _spec({"what": "str"}),
    "forbid": _spec({"what": "str"}),
    "block_cards": _spec({"cards": "refs"}),
    "cancel_cards": _spec({"cards": "refs"}),
    "vp": _spec({"delta": "int"}, {"each": "str"}),
    "vp_spaces": _spec({"hexes": "strs"}),
    "hand_size": _spec({"schedule": "ints", "then": "int"}),
    "banked_ops": _spec({}, {"delta": "int", "limit": "int", "each": "str"}),
    "ops": _spec({}),
    "rp": _spec({"counts_as_rp_play": "bool"}),
    "consecutive_ops": _spec({"counts_as": "str"}),
    "combat_shift": _spec({"role": "str", "columns": "int"}, {"target": "str"}),
    "combat_loss": _spec({"delta": "int"}, {"target": "str", "timing": "str", "same_type": "bool"}),
    "ignore_terrain": _spec({"what": "strs"}, {"target": "str", "turns": "turns"}),
    "exploit": _spec({"who": "str", "hexes": "int"}, {"ignore_terrain": "bool", "requires": "str"}),
    "retreat": _spec({"who": "str", "hexes": "int"}, {"instead_of_combat": "bool"}),
    "supply": _spec({"purpose": "str", "what": "str"}),
    "reveal_hand": _spec({"non_cc": "bool"}),
    "discard_random": _spec({"count": "int"}),
    "extra_play": _spec({"count": "int"}),
    "control": _spec({"what": "str", "area": "str"}),
    "cancellable": _spec({"by": "side", "vp": "int"}, {"each": "str", "unless_played": "ref"}),
    "combined_attack": _spec({"hexes": "int", "extra_loss": "int"}, {"per": "str"}),
    "trench_roll": _spec({"success": "ints"}),
    "choose_one": _spec({"options": "options"}),
    "mark": _spec({}),
    "remove_card": _spec({}),
}

# Closed word lists for the parameters the rules branch on.
WORDS: Mapping[str, tuple[str, ...]] = {
    "role": ("attack", "defense", "either"),
    "timing": ("before", "result"),
    "counts_as": ("ops", "rp", "unchanged"),
    "purpose": ("attrition", "defense", "all"),
    "at": ("standard", "with_unit", "near_unit", "places", "area", "combat_hex"),
}

# What each placement (`at`) needs besides itself.
AT_NEEDS: Mapping[str, tuple[str, ...]] = {
    "with_unit": ("unit",),
    "near_unit": ("unit", "within"),
    "places": ("places",),
    "area": ("area",),
}

CARD_KEYS = frozenset(
    {
        "number",
        "side",
        "deck",
        "title",
        "ops",
        "rp",
        "removed",
        "combat",
        "combat_use",
        "underlined",
        "to_hand_at_draw",
        "when",
        "effects",
        "until_played",
        "summary",
        "source",
        "ambiguities",
    }
)


class CardDataError(HexfrontError):
    """``cards.toml`` is malformed; ``problems`` names every bad entry and field."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        shown = "\n  ".join(self.problems[:40])
        more = f"\n  ... and {len(self.problems) - 40} more" if len(self.problems) > 40 else ""
        super().__init__(f"{len(self.problems)} problem(s) in the card data:\n  {shown}{more}")


# --------------------------------------------------------------------------- the records


@dataclass(frozen=True, slots=True)
class Condition:
    """One ``when`` test: ``test`` from :data:`CONDITIONS` and its parameters."""

    test: str
    params: tuple[tuple[str, Param], ...] = ()

    def get(self, key: str) -> Param | None:
        return dict(self.params).get(key)

    def to_json(self) -> dict[str, Any]:
        return {"if": self.test, **{k: _json(v) for k, v in self.params}}


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: the verb ``do`` from :data:`VERBS`, its parameters, its own conditions, and
    for ``choose_one`` the alternative effect lists."""

    do: str
    params: tuple[tuple[str, Param], ...] = ()
    when: tuple[Condition, ...] = ()
    options: tuple[tuple[Effect, ...], ...] = ()

    def get(self, key: str) -> Param | None:
        return dict(self.params).get(key)

    def verbs(self) -> Iterable[str]:
        """This verb and those of every option below it."""
        yield self.do
        for option in self.options:
            for effect in option:
                yield from effect.verbs()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.do, **{k: _json(v) for k, v in self.params}}
        if self.when:
            out["when"] = [c.to_json() for c in self.when]
        if self.options:
            out["options"] = [[e.to_json() for e in option] for option in self.options]
        return out


@dataclass(frozen=True, slots=True)
class Rp:
    """Replacement points as printed: one ``value`` (every Soviet card; Axis 1- and 2-OPS
    cards), or the Axis ``german`` / ``panzer`` / ``axis`` split."""

    value: int | None = None
    german: int = 0
    panzer: int = 0
    axis: int = 0

    @property
    def split(self) -> bool:
        return self.value is None

    @property
    def total(self) -> int:
        return self.value if self.value is not None else self.german + self.panzer + self.axis

    def pools(self, side: str) -> dict[str, int]:
        """RP credited per pool when the card is played for RP. A lone Axis value goes to the
        German pool (the digest's default for ambiguity A21)."""
        if side == "soviet":
            return {"soviet": self.total}
        if self.value is not None:
            return {"german": self.value, "panzer": 0, "axis": 0}
        return {"german": self.german, "panzer": self.panzer, "axis": self.axis}

    def printed(self) -> str:
        return (
            str(self.value)
            if self.value is not None
            else f"{self.german}/{self.panzer}/{self.axis}"
        )


@dataclass(frozen=True, slots=True)
class Card:
    number: int
    side: str
    deck: str
    title: str
    ops: int
    rp: Rp
    removed: bool
    combat: bool
    combat_use: str | None
    underlined: bool
    to_hand_at_draw: int | None
    when: tuple[Condition, ...]
    effects: tuple[Effect, ...]
    until_played: tuple[Effect, ...]
    summary: str
    source: str
    ambiguities: tuple[str, ...]

    @property
    def id(self) -> str:
        """``S7``, ``A24``: the reference other cards use."""
        return f"{SIDE_PREFIX[self.side]}{self.number}"

    @property
    def reinforcements(self) -> bool:
        """Only events with "Reinforcements" in the name count as Reinforcement cards (7.5.2)."""
        return "Reinforcements" in self.title

    def verbs(self) -> Iterable[str]:
        for effect in self.effects + self.until_played:
            yield from effect.verbs()

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "number": self.number,
            "side": self.side,
            "deck": self.deck,
            "title": self.title,
            "ops": self.ops,
            "rp": self.rp.printed(),
            "rp_pools": self.rp.pools(self.side),
            "removed": self.removed,
            "combat": self.combat,
            "combat_use": self.combat_use,
            "underlined": self.underlined,
            "reinforcements": self.reinforcements,
            "to_hand_at_draw": self.to_hand_at_draw,
            "when": [c.to_json() for c in self.when],
            "effects": [e.to_json() for e in self.effects],
            "until_played": [e.to_json() for e in self.until_played],
            "summary": self.summary,
            "source": self.source,
            "ambiguities": list(self.ambiguities),
        }


def _json(value: Param) -> Any:
    return list(value) if isinstance(value, tuple) else value


# --------------------------------------------------------------------------- parsing


class _Parser:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    # ---- parameters

    def param(self, where: str, key: str, kind: str, value: Any) -> Param | None:
        def fail(what: str) -> None:
            self.bad(where, f"{key!r} must be {what}, not {value!r}")

        if kind in ("str", "ref", "side"):
            if not isinstance(value, str) or not value:
                fail("a non-empty string")
                return None
            if kind == "ref" and not CARD_REF.fullmatch(value):
                fail('a card reference like "S7" or "A24"')
                return None
            if kind == "side" and value not in SIDES:
                fail(f"one of {', '.join(SIDES)}")
                return None
            if key in WORDS and value not in WORDS[key]:
                fail(f"one of {', '.join(WORDS[key])}")
                return None
            return value
        if kind in ("int", "turn"):
            if not isinstance(value, int) or isinstance(value, bool):
                fail("an integer")
                return None
            if kind == "turn" and value not in TURNS:
                fail("a turn 1-18")
                return None
            return value
        if kind == "bool":
            if not isinstance(value, bool):
                fail("true or false")
                return None
            return value
        if kind == "duration":
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return value
            if value in DURATIONS:
                assert isinstance(value, str)
                return value
            fail(f"a number of turns or one of {', '.join(DURATIONS)}")
            return None
        if kind in ("strs", "refs"):
            if (
                not isinstance(value, list)
                or not value
                or not all(isinstance(v, str) and v for v in value)
            ):
                fail("a non-empty list of strings")
                return None
            if kind == "refs" and not all(CARD_REF.fullmatch(v) for v in value):
                fail('a list of card references like "S7"')
                return None
            return tuple(value)
        if kind in ("ints", "turns"):
            if (
                not isinstance(value, list)
                or not value
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                fail("a non-empty list of integers")
                return None
            if kind == "turns" and not all(v in TURNS for v in value):
                fail("a list of turns 1-18")
                return None
            return tuple(value)
        raise AssertionError(f"unknown parameter kind {kind!r}")  # pragma: no cover

    def params(
        self, where: str, raw: Mapping[str, Any], spec: _Spec, skip: Iterable[str]
    ) -> tuple[tuple[str, Param], ...]:
        kinds, required = spec
        out: list[tuple[str, Param]] = []
        for key in sorted(required - raw.keys()):
            self.bad(where, f"missing {key!r}")
        for key, value in raw.items():
            if key in skip:
                continue
            kind = kinds.get(key)
            if kind is None:
                self.bad(where, f"unknown parameter {key!r} (allowed: {', '.join(sorted(kinds))})")
                continue
            parsed = self.param(where, key, kind, value)
            if parsed is not None:
                out.append((key, parsed))
        return tuple(out)

    # ---- conditions and effects

    def conditions(self, where: str, raw: Any) -> tuple[Condition, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list) or not all(isinstance(c, dict) for c in raw):
            self.bad(where, 'must be a list of tables like {if = "played", card = "S7"}')
            return ()
        out = []
        for i, c in enumerate(raw):
            here = f"{where}[{i}]"
            test = c.get("if")
            if test not in CONDITIONS:
                known = ", ".join(sorted(CONDITIONS))
                self.bad(here, f"unknown condition {test!r} (known: {known})")
                continue
            out.append(Condition(test, self.params(here, c, CONDITIONS[test], ("if",))))
        return tuple(out)

    def effects(self, where: str, raw: Any, required: bool) -> tuple[Effect, ...]:
        if raw is None:
            if required:
                self.bad(where, "missing (every card needs at least one effect)")
            return ()
        if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
            self.bad(where, 'must be a list of tables like {do = "vp", delta = 1}')
            return ()
        if required and not raw:
            self.bad(where, "is empty (every card needs at least one effect)")
        return tuple(self.effect(f"{where}[{i}]", e) for i, e in enumerate(raw))

    def effect(self, where: str, raw: Mapping[str, Any]) -> Effect:
        verb = raw.get("do")
        if verb not in VERBS:
            self.bad(where, f"unknown verb {verb!r} (known: {', '.join(sorted(VERBS))})")
            return Effect(str(verb))
        kinds, required = VERBS[verb]
        spec: _Spec = ({**COMMON_EFFECT_KEYS, **kinds}, required)
        params = self.params(where, raw, spec, ("do", "when", "options"))
        for key in AT_NEEDS.get(str(raw.get("at")), ()):
            if key not in raw:
                self.bad(where, f"'at = {raw.get('at')!r}' needs {key!r}")
        when = self.conditions(f"{where}.when", raw.get("when"))
        options: list[tuple[Effect, ...]] = []
        if verb == "choose_one":
            opts = raw.get("options")
            if not isinstance(opts, list) or len(opts) < 2:
                self.bad(where, "'options' must list at least two effect lists")
            else:
                for i, option in enumerate(opts):
                    options.append(self.effects(f"{where}.options[{i}]", option, required=True))
        return Effect(verb, params, when, tuple(options))

    # ---- cards

    def card(self, index: int, raw: Any) -> Card | None:
        if not isinstance(raw, dict):
            self.bad(f"card #{index + 1}", "must be a table")
            return None
        side: Any = raw.get("side")
        number: Any = raw.get("number")
        title: Any = raw.get("title")
        label = f"{side} {number}" if side in SIDES and isinstance(number, int) else None
        where = f"card {label or f'#{index + 1}'}" + (
            f" ({title})" if isinstance(title, str) else ""
        )
        before = len(self.problems)
        for key in sorted(raw.keys() - CARD_KEYS):
            self.bad(where, f"unknown field {key!r}")

        def field(key: str, kinds: tuple[type, ...], what: str, required: bool = True) -> Any:
            if key not in raw:
                if required:
                    self.bad(where, f"missing {key!r}")
                return None
            value = raw[key]
            if isinstance(value, bool) != (bool in kinds) or not isinstance(value, kinds):
                self.bad(where, f"{key!r} must be {what}, not {value!r}")
                return None
            return value

        if field("number", (int,), "an integer") is not None and not 1 <= number <= 55:
            self.bad(where, f"'number' must be 1-55, not {number}")
        if field("side", (str,), "a string") is not None and side not in SIDES:
            self.bad(where, f"'side' must be one of {', '.join(SIDES)}, not {side!r}")
        deck = field("deck", (str,), "a string")
        if deck is not None and deck not in DECKS:
            self.bad(where, f"'deck' must be one of {', '.join(DECKS)}, not {deck!r}")
        field("title", (str,), "a string")
        ops = field("ops", (int,), "an integer")
        if ops is not None and not 1 <= ops <= 4:
            self.bad(where, f"'ops' must be 1-4, not {ops}")
        rp = self.rp(where, raw.get("rp"), side)
        removed = field("removed", (bool,), "true or false", required=False) or False
        combat = field("combat", (bool,), "true or false", required=False) or False
        use = field("combat_use", (str,), "a string", required=False)
        if use is not None and use not in COMBAT_USES:
            self.bad(where, f"'combat_use' must be one of {', '.join(COMBAT_USES)}, not {use!r}")
        if use is not None and not combat:
            self.bad(where, "'combat_use' is only for combat cards (combat = true)")
        underlined = field("underlined", (bool,), "true or false", required=False) or False
        to_hand = field("to_hand_at_draw", (int,), "an integer", required=False)
        if to_hand is not None and to_hand not in TURNS:
            self.bad(where, f"'to_hand_at_draw' must be a turn 1-18, not {to_hand}")
        summary = field("summary", (str,), "a string")
        source = field("source", (str,), "a string")
        if isinstance(source, str) and not source.startswith("digest "):
            self.bad(where, f"'source' must name a digest section (\"digest 4.1\"), not {source!r}")
        if isinstance(summary, str) and not summary.strip():
            self.bad(where, "'summary' is empty")
        ambiguities = field("ambiguities", (list,), "a list of strings", required=False) or []
        for a in ambiguities:
            if not isinstance(a, str) or not AMBIGUITY.fullmatch(a):
                self.bad(where, f"'ambiguities' holds {a!r}, not a digest ambiguity id A1-A32")
        when = self.conditions(f"{where}: when", raw.get("when"))
        effects = self.effects(f"{where}: effects", raw.get("effects"), required=True)
        until = self.effects(f"{where}: until_played", raw.get("until_played"), required=False)
        if len(self.problems) > before or rp is None:
            return None
        return Card(
            number=number,
            side=side,
            deck=deck,
            title=title,
            ops=ops,
            rp=rp,
            removed=removed,
            combat=combat,
            combat_use=use,
            underlined=underlined,
            to_hand_at_draw=to_hand,
            when=when,
            effects=effects,
            until_played=until,
            summary=summary,
            source=source,
            ambiguities=tuple(ambiguities),
        )

    def rp(self, where: str, raw: Any, side: Any) -> Rp | None:
        if raw is None:
            self.bad(where, "missing 'rp'")
            return None
        if isinstance(raw, int) and not isinstance(raw, bool):
            if not 1 <= raw <= 4:
                self.bad(where, f"'rp' must be 1-4, not {raw}")
                return None
            return Rp(value=raw)
        if isinstance(raw, dict) and side == "axis":
            keys = {"german", "panzer", "axis"}
            values = [raw.get(k) for k in ("german", "panzer", "axis")]
            if raw.keys() != keys or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4 for v in values
            ):
                self.bad(where, f"'rp' split must be {{german, panzer, axis}} of 0-4, not {raw!r}")
                return None
            german, panzer, axis = (int(v) for v in values if isinstance(v, int))
            return Rp(german=german, panzer=panzer, axis=axis)
        what = "an integer" if side == "soviet" else "an integer or {german, panzer, axis}"
        self.bad(where, f"'rp' must be {what}, not {raw!r}")
        return None


def parse_cards(text: str, where: str = "cards.toml") -> tuple[Card, ...]:
    """Every card of ``text`` (TOML), or :class:`CardDataError` naming each bad entry."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError([f"{where}: not valid TOML ({exc})"]) from exc
    records = raw.get("card")
    if not isinstance(records, list):
        raise CardDataError([f"{where}: no [[card]] array of tables"])
    parser = _Parser()
    cards = [parser.card(i, r) for i, r in enumerate(records)]
    for key in sorted(raw.keys() - {"card"}):
        parser.bad(where, f"unknown top-level key {key!r}")
    if parser.problems:
        raise CardDataError(parser.problems)
    return tuple(c for c in cards if c is not None)


def data_text() -> str:
    return (
        resources.files("hexfront.games.stalins_war").joinpath("data/cards.toml").read_text("utf-8")
    )


def load_cards() -> tuple[Card, ...]:
    """The 110 cards of ``data/cards.toml``, Soviet then Axis, in file order."""
    return parse_cards(data_text())


# --------------------------------------------------------------------------- checks

# Figures the digest states outright (section given).
STATED: Mapping[str, Any] = {
    "cards": 110,  # digest 1 (components) and 3.4
    "per_side": 55,  # 3.4
    "per_deck": {"blitzkrieg": 25, "total_war": 30},  # 1, 3.4: Blitzkrieg 1-25, Total War 26-55
    "ops_range": (1, 4),  # 3.4 card anatomy
    # 4, "Count of starred cards" table (removed after play; they feed the Total War trigger)
    "starred": {
        ("soviet", "blitzkrieg"): 18,
        ("soviet", "total_war"): 22,
        ("axis", "blitzkrieg"): 21,
        ("axis", "total_war"): 23,
    },
    # 2 D.3 and 3.4: Soviet cards 1-6 are set aside and join the hand at these draws
    "set_aside": {1: 1, 2: 1, 3: 3, 4: 4, 5: 5, 6: 6},
    # 3.4: the card anatomy diagram is Axis 33 Backhand Blow, Total War, CC, starred, 3 OPS, 2/1/1
    "diagram": ("A33", "Backhand Blow", "total_war", 3, "2/1/1", True, True),
    # 3.4 combat cards with their own duration; A19 reads Luftwaffe Support as a whole-turn CC
    "combat_use": {"S48": "once_per_turn", "A42": "once_per_turn", "S15": "round"}
    | {"S35": "round", "A10": "turn", "A50": "round"},
    # 3.4 consecutive-OPS exceptions and the cards that also give RP
    "counts_as": {"S36": "ops", "A32": "unchanged", "A55": "unchanged"},
    "rp_events": ("A8", "A32", "A55"),
    "underlined": ("S7", "S8", "S38"),  # 4.1, 4.2: underlined names (U)
}

# Figures derived from the digest's own card list (section 4), card by card: the digest prints
# no totals, so these sums are of its rows; any change to one card's figures breaks one of them.
FROM_THE_LIST: Mapping[str, Any] = {
    "ops_total": {
        ("soviet", "blitzkrieg"): 62,
        ("soviet", "total_war"): 74,
        ("axis", "blitzkrieg"): 68,
        ("axis", "total_war"): 67,
    },
    "ops_counts": {  # cards with 1, 2, 3, 4 OPS
        ("soviet", "blitzkrieg"): (8, 5, 4, 8),
        ("soviet", "total_war"): (2, 15, 10, 3),
        ("axis", "blitzkrieg"): (2, 9, 8, 6),
        ("axis", "total_war"): (8, 11, 7, 4),
    },
    # Soviet: RP equals OPS on every card (4.1 heading), so its RP totals are the OPS totals.
    # Axis: 4 OPS print 2/2/1, 3 OPS print 2/1/1, 1 and 2 OPS print a lone 1 (4.3, A21).
    "axis_rp_by_ops": {1: "1", 2: "1", 3: "2/1/1", 4: "2/2/1"},
    "axis_rp_totals": {  # german, panzer, axis over the split cards; lone-1 cards
        "blitzkrieg": ((28, 20, 14), 11),
        "total_war": ((22, 15, 11), 19),
    },
    "combat_cards": {  # as printed with "CC"; the Axis Blitzkrieg 5 are 4 printed + A10 (A19)
        ("soviet", "blitzkrieg"): 6,
        ("soviet", "total_war"): 7,
        ("axis", "blitzkrieg"): 5,
        ("axis", "total_war"): 11,
    },
    "reinforcement_cards": {
        ("soviet", "blitzkrieg"): 6,
        ("soviet", "total_war"): 6,
        ("axis", "blitzkrieg"): 5,
        ("axis", "total_war"): 6,
    },
}


def check_cards(text: str | None = None) -> list[str]:
    """Every problem with the card data (``text``, or the shipped file); empty when all hold."""
    try:
        cards = parse_cards(data_text() if text is None else text)
    except CardDataError as exc:
        return list(exc.problems)
    problems: list[str] = []
    by_id: dict[str, Card] = {}
    for c in cards:
        if c.id in by_id:
            problems.append(
                f"card {c.id} ({c.title}): number {c.number} used twice on the {c.side} side"
            )
        by_id.setdefault(c.id, c)
        if c.number not in DECK_NUMBERS[c.deck]:
            span = DECK_NUMBERS[c.deck]
            problems.append(
                f"card {c.id} ({c.title}): number {c.number} is not in the {c.deck} range "
                f"{span.start}-{span.stop - 1}"
            )
    problems += _counts(cards, by_id)
    problems += _refs(cards, by_id)
    return problems


def _groups(cards: Sequence[Card]) -> dict[tuple[str, str], list[Card]]:
    groups: dict[tuple[str, str], list[Card]] = {(s, d): [] for s in SIDES for d in DECKS}
    for c in cards:
        groups[c.side, c.deck].append(c)
    return groups


def _expect(problems: list[str], what: str, got: object, want: object, source: str) -> None:
    if got != want:
        problems.append(f"{what}: {got} where {source} gives {want}")


def _counts(cards: Sequence[Card], by_id: Mapping[str, Card]) -> list[str]:
    p: list[str] = []
    _expect(p, "cards", len(cards), STATED["cards"], "the digest (1, 3.4)")
    for side in SIDES:
        numbers = sorted(c.number for c in cards if c.side == side)
        _expect(p, f"{side} cards", len(numbers), STATED["per_side"], "the digest (3.4)")
        missing = sorted(set(range(1, 56)) - set(numbers))
        if missing:
            p.append(f"{side} cards: numbers missing {missing} (1-55 must all be there)")
    for (side, deck), group in _groups(cards).items():
        name = f"{side} {deck}"
        _expect(p, f"{name} cards", len(group), STATED["per_deck"][deck], "the digest (3.4)")
        starred = sum(c.removed for c in group)
        _expect(p, f"{name} starred cards", starred, STATED["starred"][side, deck], "digest 4")
        ops = sum(c.ops for c in group)
        _expect(p, f"{name} OPS total", ops, FROM_THE_LIST["ops_total"][side, deck], "digest 4")
        counts = tuple(sum(1 for c in group if c.ops == n) for n in (1, 2, 3, 4))
        want = FROM_THE_LIST["ops_counts"][side, deck]
        _expect(p, f"{name} cards with 1/2/3/4 OPS", counts, want, "digest 4")
        cc = sum(c.combat for c in group)
        _expect(
            p, f"{name} combat cards", cc, FROM_THE_LIST["combat_cards"][side, deck], "digest 4"
        )
        reinf = sum(c.reinforcements for c in group)
        want_r = FROM_THE_LIST["reinforcement_cards"][side, deck]
        _expect(p, f"{name} Reinforcements cards", reinf, want_r, "digest 4")
        if side == "soviet":
            rp = sum(c.rp.total for c in group)
            _expect(p, f"{name} RP total", rp, FROM_THE_LIST["ops_total"][side, deck], "digest 4.1")
        else:
            splits = [c.rp for c in group if c.rp.split]
            totals = tuple(sum(getattr(r, k) for r in splits) for k in ("german", "panzer", "axis"))
            lone = sum(c.rp.total for c in group if not c.rp.split)
            want_t = FROM_THE_LIST["axis_rp_totals"][deck]
            _expect(
                p,
                f"{name} RP totals (GE/PZ/AX; lone values)",
                (totals, lone),
                want_t,
                "digest 4.3-4.4",
            )
    low, high = STATED["ops_range"]
    for c in cards:
        where = f"card {c.id} ({c.title})"
        if not low <= c.ops <= high:
            p.append(f"{where}: OPS {c.ops} outside {low}-{high} (digest 3.4)")
        if c.side == "soviet":
            if c.rp.split:
                p.append(f"{where}: a Soviet card prints one RP value, not a split (digest 3.4)")
            elif c.rp.total != c.ops:
                p.append(
                    f"{where}: RP {c.rp.total} but OPS {c.ops}; they are equal on every Soviet card (digest 4.1)"
                )
        else:
            want_rp = FROM_THE_LIST["axis_rp_by_ops"][c.ops]
            if c.rp.printed() != want_rp:
                p.append(
                    f"{where}: RP {c.rp.printed()} but a {c.ops}-OPS Axis card prints {want_rp} (digest 4.3, A21)"
                )
    set_aside = {
        c.number: c.to_hand_at_draw
        for c in cards
        if c.to_hand_at_draw is not None and c.side == "soviet"
    }
    _expect(
        p,
        "set-aside Soviet cards (card: draw turn)",
        set_aside,
        STATED["set_aside"],
        "the digest (2 D.3)",
    )
    for c in cards:
        if c.to_hand_at_draw is not None and c.side != "soviet":
            p.append(f"card {c.id} ({c.title}): only Soviet cards 1-6 are set aside")
    d = by_id.get(STATED["diagram"][0])
    got = None if d is None else (d.id, d.title, d.deck, d.ops, d.rp.printed(), d.removed, d.combat)
    _expect(p, "the card of the anatomy diagram", got, STATED["diagram"], "the digest (3.4)")
    uses = {c.id: c.combat_use for c in cards if c.combat_use}
    _expect(
        p,
        "combat cards with their own duration",
        uses,
        STATED["combat_use"],
        "the digest (3.4, A19)",
    )
    counts_as = {
        c.id: e.get("counts_as") for c in cards for e in c.effects if e.do == "consecutive_ops"
    }
    _expect(p, "consecutive-OPS exceptions", counts_as, STATED["counts_as"], "the digest (3.4)")
    rp_events = tuple(
        sorted((c.id for c in cards if any(e.do == "rp" for e in c.effects)), key=_order)
    )
    _expect(p, "events that also give RP", rp_events, STATED["rp_events"], "the digest (3.4)")
    under = tuple(sorted((c.id for c in cards if c.underlined), key=_order))
    _expect(p, "underlined cards", under, STATED["underlined"], "digest 4.1-4.2")
    return p


def _order(card_id: str) -> tuple[int, int]:
    return (0 if card_id[0] == "S" else 1, int(card_id[1:]))


def _refs(cards: Sequence[Card], by_id: Mapping[str, Card]) -> list[str]:
    p: list[str] = []

    def conditions(where: str, when: Iterable[Condition]) -> None:
        for cond in when:
            ref = cond.get("card")
            if isinstance(ref, str) and ref not in by_id:
                p.append(f"{where}: condition {cond.test!r} names card {ref}, which does not exist")

    def effects(where: str, effs: Iterable[Effect]) -> None:
        for e in effs:
            conditions(where, e.when)
            refs = list(_refs_of(e.get("cards"))) + list(_refs_of(e.get("unless_played")))
            for ref in refs:
                if ref not in by_id:
                    p.append(f"{where}: {e.do!r} names card {ref}, which does not exist")
            for option in e.options:
                effects(where, option)

    for c in cards:
        where = f"card {c.id} ({c.title})"
        conditions(where, c.when)
        effects(where, c.effects + c.until_played)
        for verb in c.verbs():
            if verb not in VERBS:  # pragma: no cover - the parser already refuses these
                p.append(f"{where}: verb {verb!r} is not in the vocabulary")
    return p


def _refs_of(value: Param | None) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        yield from (v for v in value if isinstance(v, str))


def summary(cards: Sequence[Card]) -> dict[str, Any]:
    """Counts for ``data check``: cards per side and deck, OPS, RP, starred and combat cards."""
    out: dict[str, Any] = {}
    for (side, deck), group in _groups(cards).items():
        rp: Counter[str] = Counter()
        for c in group:
            for pool, points in c.rp.pools(side).items():
                rp[pool] += points
        out[f"{side}/{deck}"] = {
            "cards": len(group),
            "ops": sum(c.ops for c in group),
            "rp": dict(rp),
            "starred": sum(c.removed for c in group),
            "combat": sum(c.combat for c in group),
            "reinforcements": sum(c.reinforcements for c in group),
        }
    return out
