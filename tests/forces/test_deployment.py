"""Deployment rules (B.21) on a synthetic map of the right scale."""

from __future__ import annotations

import pytest
from synthetic_map import SyntheticMap, synthetic_map

from hexfront.games.bite import deployment as dep
from hexfront.games.bite import forces


def errors(findings: list[dep.Finding]) -> list[str]:
    return [str(f) for f in findings if f.level == "error"]


def test_synthetic_map_fits_the_interface() -> None:
    m = synthetic_map()
    assert isinstance(m, dep.DeployMap)
    assert dep.missing_zones(m) == []
    assert dep.adapt_map(m) is m


def test_default_bss_passes_every_rule() -> None:
    assert errors(dep.check_bss(synthetic_map())) == []


def test_default_bss_stays_near_history() -> None:
    m = synthetic_map()
    res = dep.resolve(forces.setup("BSS"), m, dep.bss_rule(m), cover_border=True)
    assert len(res.hexes) == 191
    # Nobody is pushed more than about two hexes from the real June 1941 position.
    assert max(res.moved_km.values()) < 250


def test_black_dot_units_stand_on_their_city() -> None:
    m = synthetic_map()
    res = dep.resolve(forces.setup("BSS"), m, dep.bss_rule(m), cover_border=True)
    assert res.hexes["sov-stavka"] == m.node("Moscow")
    assert res.hexes["ger-fhq"] == m.node("Rastenburg")
    assert res.hexes["sov-a-14"] == "MURMANSK"


def test_frozen_units_by_position() -> None:
    m = synthetic_map()
    res = dep.resolve(forces.setup("BSS"), m, dep.bss_rule(m), cover_border=True)
    frozen = dep.frozen_on_turn1(res.hexes, m)
    assert {"sov-art-leningrad", "sov-ni-blacksea", "sov-a-23", "ger-c-xi", "fin-c-ii"} <= frozen
    assert not {"sov-a-3", "sov-a-16", "rom-antonescu", "ger-jg-77", "ger-c-i"} & frozen


def moved(res: dep.Resolved, uid: str, to: str) -> dep.Resolved:
    res.hexes[uid] = to
    return res


def fresh() -> tuple[dep.Resolved, SyntheticMap]:
    m = synthetic_map()
    return dep.resolve(forces.setup("BSS"), m, dep.bss_rule(m), cover_border=True), m


def test_unit_outside_its_district_is_caught() -> None:
    res, m = fresh()
    moved(res, "sov-a-23", m.node("Kiev") or "")
    assert any("md_leningrad" in e for e in errors(dep.check_bss(m, res)))


def test_axis_unit_in_ussr_and_wrong_army_group_are_caught() -> None:
    res, m = fresh()
    moved(res, "ger-c-i", m.node("Warsaw") or "")  # blue dot in Army Group Centre's area
    errs = errors(dep.check_bss(m, res))
    assert any("ag_north" in e for e in errs)
    res, m = fresh()
    moved(res, "rom-c-iii", m.node("Kiev") or "")
    errs = errors(dep.check_bss(m, res))
    assert any("west of the Soviet border" in e for e in errs)
    assert any("both sides in one hex" in e for e in errs)


def test_black_dot_off_its_hex_is_caught() -> None:
    res, m = fresh()
    moved(res, "sov-stavka", m.node("Tula") or "")
    assert any("must stand at Moscow" in e for e in errors(dep.check_bss(m, res)))


def test_second_german_unit_in_finland_is_caught() -> None:
    res, m = fresh()
    moved(res, "ger-c-xxvi", m.node("Helsinki") or "")
    assert any("German units in Finland" in e for e in errors(dep.check_bss(m, res)))


def test_overstacking_and_air_rules_are_caught() -> None:
    res, m = fresh()
    kiev = m.node("Kiev") or ""
    for uid in ("sov-mc-9", "sov-mc-19"):
        moved(res, uid, kiev)
    assert any("more than 3 ground" in e for e in errors(dep.check_bss(m, res)))
    res, m = fresh()
    moved(res, "sov-pvo-moscow", m.node("Leningrad") or "")
    assert any("more than 1 air unit" in e for e in errors(dep.check_bss(m, res)))
    res, m = fresh()
    field = next(
        h
        for h in m.hexes()
        if m.owner(h) == "ussr" and "md_western" in m.zones(h) and not m.is_city(h)
    )
    moved(res, "sov-vvs-w-f", field)
    assert any("airbase" in e for e in errors(dep.check_bss(m, res)))


def test_gap_in_the_border_screen_is_caught() -> None:
    res, m = fresh()
    for uid in ("sov-a-46", "sov-rc-40", "sov-a-45"):  # strip the Turkish border
        moved(res, uid, m.node("Baku") or "")
    errs = errors(dep.check_bss(m, res))
    assert any(e.startswith("border:") for e in errs)


def test_front_setups_on_the_synthetic_map() -> None:
    m = synthetic_map()
    for name in ("1942", "1943", "1944"):
        assert errors(dep.check_front_setup(name, m)) == [], name


@pytest.mark.parametrize("name", ["1942", "1943", "1944"])
def test_front_setups_keep_each_side_behind_its_start_line(name: str) -> None:
    """On the real map the start line is drawn: Axis blocks stand on its Axis side (the
    zone of the hexes the Axis holds), Soviet blocks off it."""
    real, why = dep.load_real_map()
    assert real is not None, why
    zone = dep.axis_start_zone(forces.setup(name).start_line)
    assert zone == f"start_line_{name}_axis"
    units = forces.units_by_id()
    res = dep.resolve_setup(name, real)
    wrong = [
        (uid, h)
        for uid, h in res.hexes.items()
        if not real.is_box(h) and (zone in real.zones(h)) != (units[uid].side == "axis")
    ]
    assert wrong == []
    assert errors(dep.check_front_setup(name, real)) == []


class _Hex:
    def __init__(self, lon: float, lat: float, owner: str, zones: set[str]) -> None:
        self.lon, self.lat, self.owner_1941, self.zones = lon, lat, owner, zones
        self.city = True


class _AttrMapLike:
    def __init__(self) -> None:
        self.hexes = {
            "0101": _Hex(30.0, 60.0, "ussr", {"md_leningrad"}),
            "0102": _Hex(30.0, 59.4, "finland", {"finland_1941"}),
        }

    def neighbors(self, h: str) -> list[str]:
        return ["0102"] if h == "0101" else ["0101"]

    def node(self, name: str) -> str | None:
        return "0101" if name == "Leningrad" else None


def test_adapter_reads_a_record_style_map() -> None:
    m = dep.adapt_map(_AttrMapLike())
    assert sorted(m.hexes()) == ["0101", "0102"]
    assert m.owner("0102") == "finland"
    assert "md_leningrad" in m.zones("0101")
    assert list(m.neighbors("0101")) == ["0102"]
    assert m.node("Leningrad") == "0101"
    assert m.node("Atlantis") is None
    assert dep.border_hexes(m) == {"0101", "0102"}
    with pytest.raises(dep.MapAdapterError, match="hexes"):
        dep.adapt_map(object())


def test_real_map_when_available() -> None:
    real, why = dep.load_real_map()
    if real is None:
        pytest.skip(f"deployment checks on the real map skipped: {why}")
    assert dep.missing_zones(real) == []
    assert errors(dep.check_bss(real)) == []
