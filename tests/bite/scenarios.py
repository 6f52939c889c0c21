"""A small two-sided test scenario on a synthetic map, used by smoke and fuzz tests."""

from __future__ import annotations

from hexfront.games.bite.board import Site
from hexfront.games.bite.state import Income, World

from .synthetic import SyntheticBoard, unit, world

ROWS = [
    "..........",
    "..f...h...",
    ".....ss...",
    "..........",
    "...f..f...",
    "..........",
    "..m.......",
    "..........",
]


def front_board() -> SyntheticBoard:
    west = {f"{c:02d}{r:02d}": "germany" for c in range(1, 4) for r in range(1, 9)}
    b0 = SyntheticBoard(ROWS, owner="ussr", owners=west, boxes={"SIBERIA": ["1004", "1005"]})
    sites = [
        b0.site("Berlin", "0104", type="capital", country="germany"),
        b0.site("Posen", "0205", type="major", country="germany", factories=("red", "blue")),
        b0.site("Minsk", "0605", type="major", country="ussr"),
        b0.site("Smolensk", "0804", type="major", country="ussr", factories=("red", "blue")),
        b0.site("Moscow", "0905", type="capital", country="ussr", victory=True),
        b0.site("Vilna", "0502", type="minor", country="ussr"),
    ]
    rails = [
        ["0104", "0205", "0305", "0405", "0505", "0605", "0705", "0805", "0905", "1005", "SIBERIA"],
        ["0804", "0805"],
        ["1004", "SIBERIA"],
    ]
    return SyntheticBoard(
        ROWS,
        owner="ussr",
        owners=west,
        boxes={"SIBERIA": ["1004", "1005"]},
        rails=rails,
        rivers={("0403", "0503"): "Dniepr", ("0404", "0504"): "Dniepr"},
        sites=sites,
    )


def front_world(turns: int = 3) -> World:
    board = front_board()
    units = [
        unit("ger-inf-1", "infantry", "germany"),
        unit("ger-inf-2", "infantry", "germany"),
        unit("ger-pz-1", "tank", "germany", (5, 4, 3, 2)),
        unit("ger-art-1", "artillery", "germany", (4, 2, 0)),
        unit("ger-fi-1", "fighter", "germany", (3, 2, 1)),
        unit("ger-bo-1", "bomber", "germany", (3, 2, 1)),
        unit("sov-inf-1", "infantry", "ussr"),
        unit("sov-inf-2", "infantry", "ussr"),
        unit("sov-inf-3", "infantry", "ussr", (3, 2, 1)),
        unit(
            "sov-gds-1",
            "infantry",
            "ussr",
            (7, 5, 3, 1),
            colours=("blue", "black", "black", "black"),
        ),
        unit("sov-tk-1", "tank", "ussr", (4, 3, 2, 1)),
        unit("sov-fi-1", "fighter", "ussr", (3, 2, 1)),
        unit("sov-inf-9", "infantry", "ussr"),
    ]
    placements = {
        "ger-inf-1": "0304",
        "ger-inf-2": "0305",
        "ger-pz-1": "0205",
        "ger-art-1": "0304",
        "ger-fi-1": "0104",
        "ger-bo-1": "0205",
        "sov-inf-1": "0504",
        "sov-inf-2": "0505",
        "sov-inf-3": "0503",
        "sov-gds-1": "0605",
        "sov-tk-1": "0804",
        "sov-fi-1": "0804",
    }
    return world(
        board,
        units,
        placements,
        turns=turns,
        income=[Income("germany", 5, 2), Income("ussr", 4, 2)],
        main_sources={"germany": "Berlin", "ussr": "SIBERIA"},
        reinforcements=[("sov-inf-9", 3, 4, None)],
        victory={
            "kind": "count_table",
            "side": "axis",
            "places": ["Minsk", "Smolensk", "Moscow"],
            "table": [
                {"min": 0, "max": 0, "winner": "soviet", "level": "decisive"},
                {"min": 1, "max": 1, "winner": "draw", "level": "draw"},
                {"min": 2, "max": 2, "winner": "axis", "level": "marginal"},
                {"min": 3, "max": 3, "winner": "axis", "level": "decisive"},
            ],
        },
    )


def _sites_unused() -> list[Site]:
    return []
