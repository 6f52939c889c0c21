"""The marks that airborne assaults (23.0) and amphibious landings (24.0) leave for the
battle that follows them: which units came down from the air or up from the sea this
turn, and the first round's Bonus and Malus they bring (``data/naval.toml``).

Kept apart from ``landings.py`` so that the combat modifiers can read the marks without
importing the landing rules (which fire anti-aircraft dice through ``combat.py``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, cast

from hexfront.engine.events import JSON

from ..state import BiteState, Piece

FLAG = "landings"  # state.flags: unit id -> {"how", "hex", "turn", "side", "port", "hq"}
AIRBORNE = "airborne"  # a paratrooper drop (23.0)
GLIDER = "glider"  # a glider landing (23.0)
AMPHIBIOUS = "amphibious"  # a marine landing (24.0)


@cache
def landing_data() -> dict[str, Any]:
    raw: dict[str, Any] = tomllib.loads(
        resources.files("hexfront.games.bite").joinpath("data/naval.toml").read_text("utf-8")
    )
    return raw


def marks(state: BiteState) -> dict[str, dict[str, JSON]]:
    raw = state.flags.get(FLAG)
    if not isinstance(raw, dict):
        return {}
    return cast(dict[str, dict[str, JSON]], raw)


def mark(state: BiteState, piece: Piece, how: str, node: int, **more: JSON) -> None:
    book = dict(marks(state))
    entry: dict[str, JSON] = {
        "how": how,
        "hex": state.w.board.id_of(node),
        "turn": state.turn,
        "side": piece.side,
    }
    entry.update(more)
    book[piece.uid] = entry
    state.flags[FLAG] = cast(JSON, dict(sorted(book.items())))


def unmark(state: BiteState, uid: str) -> None:
    book = dict(marks(state))
    if book.pop(uid, None) is None:
        return
    if book:
        state.flags[FLAG] = cast(JSON, book)
    else:
        state.flags.pop(FLAG, None)


def landed_how(state: BiteState, piece: Piece, node: int) -> str | None:
    """How ``piece`` reached ``node`` this turn of its side, if by air or by sea."""
    if FLAG not in state.flags:
        return None
    entry = marks(state).get(piece.uid)
    if entry is None or entry.get("turn") != state.turn or entry.get("side") != state.phasing:
        return None
    if entry.get("hex") != state.w.board.id_of(node):
        return None
    return str(entry.get("how"))


def overstack_excused(state: BiteState, piece: Piece, node: int) -> bool:
    """23.0, 24.0: paratroopers, glider troops and marines may overstack in the turn of
    their drop or landing: while their side moves and fights that turn, the stacking limits
    (3.10) do not count them in the hex they came down in."""
    return landed_how(state, piece, node) is not None


def overstack_kept(state: BiteState, node: int, side: str) -> bool:
    """Whether the hex holds a unit of ``side`` that came down there and still carries its
    mark: a hex it overstacked may stay so until its owner's next Movement Phase, which
    clears the marks and makes the units over the limits move out first (3.10, 7.3.2;
    design choice)."""
    if FLAG not in state.flags:
        return False
    hex_id = state.w.board.id_of(node)
    for uid, entry in marks(state).items():
        piece = state.pieces.get(uid)
        if piece is None or piece.node != node or piece.side != side:
            continue
        if entry.get("side") == side and entry.get("hex") == hex_id:
            return True
    return False


def clear_side(state: BiteState, side: str) -> None:
    """The marks of ``side`` end as its next Movement Phase begins."""
    book = {uid: m for uid, m in marks(state).items() if m.get("side") != side}
    if book:
        state.flags[FLAG] = cast(JSON, book)
    else:
        state.flags.pop(FLAG, None)


def first_round_malus(state: BiteState, piece: Piece, node: int) -> int:
    """23.0: landed paratroopers (and glider troops) fire with one Malus in the first round
    of their battle; 24.0: so do landing marines."""
    how = landed_how(state, piece, node)
    if how is None:
        return 0
    table = "amphibious" if how == AMPHIBIOUS else "airborne"
    return int(landing_data()[table]["first_round_malus"])


def landing_defence_bonus(state: BiteState, node: int, attacker: str) -> int:
    """24.0: the defending ground units have one Bonus in the first round against a landing
    from the sea."""
    if FLAG not in state.flags:
        return 0
    for p in state.at(node):
        if p.side == attacker and landed_how(state, p, node) == AMPHIBIOUS:
            return int(landing_data()["amphibious"]["defender_bonus"])
    return 0


def public_flags(state: BiteState, flags: dict[str, JSON], side: str | None) -> None:
    """Fog of war: a side sees the marks of its own landed units only (the enemy sees the
    drop or landing itself, as an unnamed block); the all-seeing view keeps them all."""
    if side is None or FLAG not in flags:
        return
    own = {uid: m for uid, m in marks(state).items() if m.get("side") == side}
    if own:
        flags[FLAG] = cast(JSON, own)
    else:
        del flags[FLAG]
