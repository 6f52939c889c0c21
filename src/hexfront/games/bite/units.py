"""Unit blocks as the rules see them: class, step ladder, and firepower by TECH.

The printed data (which blocks exist, their ladders, the Tech Level Chart) lives in
``data/`` and is read by ``forces.py``; this module defines the shapes the rules use
and the class families of rule 6.0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

# --- class families (3.8, 3.9, 6.0) ---------------------------------------------------

INFANTRY_CLASS = frozenset(
    {
        "infantry",
        "static_infantry",
        "mountain",
        "cavalry",
        "artillery",
        "heavy_artillery",
        "paratrooper",
        "marine",
        "security",
    }
)
ARMOR_CLASS = frozenset({"tankette", "tank", "armor_hq"})
AIR_CLASS = frozenset({"fighter", "bomber", "strategic_bomber"})
HQ_CLASS = frozenset({"armor_hq", "air_hq", "navy_hq", "supreme_hq"})
ARTILLERY_LIKE = frozenset({"artillery", "heavy_artillery", "armor_hq"})  # fire first (6.1.4, 6.4)
SUPPORT_CLASS = frozenset({"artillery", "heavy_artillery"}) | HQ_CLASS  # GSU (3.8)
OFF_MAP_CLASS = frozenset({"submarine"})  # strategic warfare only (35.2)


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """One printed block."""

    id: str
    name: str
    side: str  # "axis", "soviet" or "western"
    nation: str  # germany, finland, romania, hungary, slovakia, italy, ussr, usa, uk
    cls: str
    ladder: tuple[int, ...]  # strength per edge, full strength first
    colours: tuple[str, ...]  # printed colour of each ladder value
    elite: bool = False
    tech: int | None = None  # special TECH (Soviet Shock Armies)
    dot: str | None = None
    dot_place: str | None = None
    traits: frozenset[str] = frozenset()  # unit-specific rules: "ski" (5.5), "gustav" (26.0)

    @property
    def is_air(self) -> bool:
        return self.cls in AIR_CLASS

    @property
    def is_ground(self) -> bool:
        return self.cls not in AIR_CLASS and self.cls not in OFF_MAP_CLASS

    @property
    def is_combat(self) -> bool:
        """Ground combat unit: a ground unit able to attack alone (3.8)."""
        return self.is_ground and self.cls not in SUPPORT_CLASS

    @property
    def is_support(self) -> bool:
        return self.cls in SUPPORT_CLASS

    @property
    def is_armor(self) -> bool:
        return self.cls in ARMOR_CLASS

    @property
    def is_infantry_class(self) -> bool:
        return self.cls in INFANTRY_CLASS

    @property
    def fires_as_artillery(self) -> bool:
        return self.cls in ARTILLERY_LIKE

    @property
    def full_strength(self) -> int:
        return self.ladder[0]

    def field(self) -> str:
        """The TECH field that governs the unit (3.13): infantry, armor, fighter, bomber."""
        if self.cls in ARMOR_CLASS:
            return "armor"
        if self.cls == "fighter":
            return "fighter"
        if self.cls in ("bomber", "strategic_bomber"):
            return "bomber"
        return "infantry"


@dataclass(frozen=True, slots=True)
class Profile:
    """A unit's firepower and movement at its current TECH (Tech Level Chart, 7.7.5).

    Firepower is the lowest die face that hits: 6 hits on 6, 5 on 5-6, 4 on 4-6; 0 means
    the unit has no fire of that kind.
    """

    attack: int
    defence: int  # also the AA firepower (6.5)
    a2a: int = 0
    a2g: int = 0
    mp: int = 3
    range: int = 0  # air combat range; rebasing reaches twice as far (7.5.2)
    abilities: frozenset[str] = field(default_factory=frozenset)
    tech: int = 1  # the TECH level these values belong to (3.13; 12.4 reads it)


class TechChart(Protocol):
    """Firepower, MP and abilities of a unit at a given turn."""

    def profile(self, unit: UnitSpec, turn: int) -> Profile: ...


def german_mountain(unit: UnitSpec) -> bool:
    """A German mountain unit (the long scenarios want two in Scandinavia)."""
    return unit.nation == "germany" and unit.cls == "mountain"
