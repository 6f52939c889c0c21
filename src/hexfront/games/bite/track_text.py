"""The tracks of the optional rules in words, for the terminal's status block (issue 20).

The view carries them only when their rule is played (``view._optional_tracks``): the Tech
Level chart (17.1), the Lend-Lease routes and pool (34.0, 35.2), the air war over Germany
(35.1) and what new factories, scorched earth and strategic bombing leave on the map (15.1,
16.0-16.2, 32.0-32.3). A game without them shows nothing here. Everything said comes from the
side's own view, so nothing hidden can show: the Soviets read how many interceptors the
Reich has, never their strength.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.events import JSON
from hexfront.i18n import N_, _, _n

from .text import (
    BOMB_TARGET_WORDS,
    PLANT_WORDS,
    ROUTE_WORDS,
    TECH_FIELD_WORDS,
    _colour_list,
    _key_words,
    cap,
    names_in,
    place,
    place_name,
    power_word,
    side_word,
)

TECH_ORDER = ("germany", "ussr", "finland", "romania", "hungary", "slovakia", "italy")


def track_lines(view: dict[str, JSON]) -> list[str]:
    """The status block of the optional rules in play: a heading and indented lines per
    track; empty when none of them is played."""
    v: dict[str, Any] = dict(view)
    lines: list[str] = []
    if isinstance(v.get("tech"), dict):
        lines += _tech(v["tech"])
    if isinstance(v.get("lend_lease"), dict):
        lines += _lend_lease(v["lend_lease"])
    if isinstance(v.get("strategic_warfare"), dict):
        lines += _air_war(v["strategic_warfare"])
    if isinstance(v.get("works"), dict):
        lines += _works(v["works"])
    marks = (v.get("flags") or {}).get("landings")
    if isinstance(marks, dict) and marks:  # 23.0, 24.0: the view keeps the own side's only
        lines += _landings(view, marks)
    return lines


# 23.0, 24.0: how a unit landed this turn (its battle's first round counts it).
LANDING_WORDS = {
    "airborne": N_("{name} came down by parachute at {place} (23.0)"),
    "glider": N_("{name} landed by glider at {place} (23.0)"),
    "amphibious": N_("{name} landed from the sea at {place} (24.0)"),
}


def _landings(view: dict[str, JSON], marks: dict[str, Any]) -> list[str]:
    names = names_in(view)
    lines = [_("Landed this turn (23.0, 24.0):")]
    for uid, mark in sorted(marks.items()):
        if not isinstance(mark, dict) or str(mark.get("how")) not in LANDING_WORDS:
            continue
        words = LANDING_WORDS[str(mark["how"])]
        lines.append("  " + _(words, name=names.unit(uid), place=place(mark.get("hex"))))
    return lines if len(lines) > 1 else []


def _faces(lowest: object) -> str:
    """The die faces that hit, from the lowest: 6, or 5-6, 4-6..."""
    n = int(lowest) if isinstance(lowest, int) else 6
    return "6" if n >= 6 else f"{n}-6"


def _tech(table: dict[str, Any]) -> list[str]:  # 3.13, 17.1
    lines = [_("Tech levels (17.1):")]
    for nation in sorted(table, key=lambda k: (*TECH_ORDER, k).index(k)):
        levels = table[nation]
        if not isinstance(levels, dict):
            continue
        fields = ", ".join(
            _(
                "{field} {level}",
                field=_key_words(TECH_FIELD_WORDS, f),
                level=levels[f],
            )
            for f in TECH_FIELD_WORDS
            if f in levels
        )
        lines.append("  " + _("{power}: {fields}", power=cap(power_word(nation)), fields=fields))
    return lines


def _lend_lease(track: dict[str, Any]) -> list[str]:  # 34.0, 35.2
    lines = [_("Lend-Lease (34.0):")]
    for row in track.get("routes") or []:
        route = _key_words(ROUTE_WORDS, row.get("route"))
        cargo = _colour_list({"red": row.get("armor", 0), "blue": row.get("air", 0)})
        if not row.get("open"):
            line = (
                _("{route}: closed, so its {pp} do not arrive this month", route=route, pp=cargo)
                if cargo
                else _("{route}: closed", route=route)
            )
        elif cargo:
            line = _("{route}: open, bringing {pp} this month", route=route, pp=cargo)
        else:
            line = _("{route}: open, nothing sent this month", route=route)
        if row.get("open") and row.get("convoys_attacked"):
            line += _("; its convoys face U-boats and bombers (35.2)")
        lines.append("  " + cap(line))
    pool = track.get("pool") or {}
    spare = _colour_list(dict(pool)) if isinstance(pool, dict) else ""
    if spare:
        lines.append(
            "  "
            + _(
                "Lend-Lease to spend in this phase, lost if unspent: {pp}",
                pp=spare,
            )
        )
    return lines


def _air_war(track: dict[str, Any]) -> list[str]:  # 35.1
    bombers = int(track.get("western_bombers") or 0)
    lines = [
        _("Air war over Germany (35.1):"),
        "  "
        + _n(
            "{n} Western bomber flies this month",
            "{n} Western bombers fly this month",
            bombers,
        ),
    ]
    strengths = track.get("interceptors")
    if isinstance(strengths, list):
        lines.append(
            "  "
            + _(
                "The Reich's interceptors, at strength {strengths}",
                strengths=", ".join(str(s) for s in strengths),
            )
        )
    else:
        count = int(track.get("interceptor_count") or 0)
        lines.append(
            "  "
            + _n(
                "The Reich has {n} interceptor (its strength is hidden)",
                "The Reich has {n} interceptors (their strength is hidden)",
                count,
            )
        )
    hits = track.get("hits") or {}
    lines.append(
        "  "
        + _(
            "Hits this month: the bombers' fire on {bombers}, the German fighters' on "
            "{fighters}, the German anti-aircraft on {aa}, the bombs on {bombs}",
            bombers=_faces(hits.get("bombers_a2a")),
            fighters=_faces(hits.get("fighters_a2a")),
            aa=_faces(hits.get("aa")),
            bombs=_faces(hits.get("bombs")),
        )
    )
    return lines


def _plant_line(p: dict[str, Any]) -> str:  # 15.1, 16.2
    kind = _(PLANT_WORDS.get(str(p.get("colour")), N_("factory")))
    power = cap(power_word(p.get("power", "")))
    progress, of = p.get("progress"), p.get("of")
    if p.get("hex"):
        return _(
            "{power}: a new {kind} plant at {place}, making {pp} PP a turn",
            power=power,
            kind=kind,
            place=place(p["hex"]),
            pp=p.get("pp"),
        )
    if p.get("moved") and isinstance(progress, int) and isinstance(of, int) and progress < of:
        return _(
            "{power}: an evacuated {kind} factory travelling east, box {box} of {of} (16.2)",
            power=power,
            kind=kind,
            box=progress,
            of=of,
        )
    if isinstance(progress, int) and isinstance(of, int) and progress < of:
        return _(
            "{power}: a new {kind} plant being built, {paid} of {of} PP paid (15.1)",
            power=power,
            kind=kind,
            paid=progress,
            of=of,
        )
    return _(
        "{power}: a new {kind} plant finished, waiting for its city (15.1)",
        power=power,
        kind=kind,
    )


def _works(track: dict[str, Any]) -> list[str]:  # 15.1, 16.0-16.2, 32.0-32.3
    lines = [_("Factories and bomb damage (15, 16, 32):")]
    for p in track.get("plants") or []:
        if isinstance(p, dict):
            lines.append("  " + _plant_line(p))
    scorched = track.get("scorched") or {}
    if isinstance(scorched, dict) and scorched:
        lines.append(
            "  "
            + _(
                "Scorched by the retreating Soviets (16.0): {places}",
                places=", ".join(
                    _("{city} ({paid} PP of repairs paid)", city=place_name(city), paid=paid)
                    for city, paid in scorched.items()
                ),
            )
        )
    evacuated = track.get("evacuated") or []
    if evacuated:
        lines.append(
            "  "
            + _(
                "Factories evacuated east (16.2): {factories}",
                factories=", ".join(
                    _(
                        "the {kind} factory of {city}",
                        kind=_(PLANT_WORDS.get(str(e.get("colour")), N_("factory"))),
                        city=place_name(e.get("city")),
                    )
                    for e in evacuated
                    if isinstance(e, dict)
                ),
            )
        )
    for d in track.get("bomb_damage") or []:
        if not isinstance(d, dict):
            continue
        lines.append(
            "  "
            + _n(
                "Bomb damage: {hits} hit on the {target} of {place} ({side}), until its "
                "owner's next turn is over (32.0)",
                "Bomb damage: {hits} hits on the {target} of {place} ({side}), until its "
                "owner's next turn is over (32.0)",
                int(d.get("hits") or 0),
                hits=d.get("hits"),
                target=_(BOMB_TARGET_WORDS.get(str(d.get("target")), N_("targets"))),
                place=place(d.get("hex")),
                side=side_word(d.get("side")),
            )
        )
    if len(lines) == 1:
        lines.append("  " + _("Nothing built, evacuated, scorched or bombed yet"))
    return lines
