"""Optional rule 31.0: reserve units (the Advanced Game's HQs, 13.0-13.8).

A unit at TECH 2 or more may be put in reserve for one action point of an activated HQ of
its side (the black barrel of the rule is the ``reserve`` entry of ``state.flags``):

- Motorization, in the Movement Phase: a ground unit (infantry or armour class), by a
  Supreme HQ (its own nationality unless it commands every one, 13.8.3; one reserve action
  per activation, 13.8.1) or an Armor-HQ of its nationality in command range. The unit does
  not move in the Movement Phase and moves in the Exploitation Phase instead, with or
  without an Armor-HQ's command there.
- Reaction, in the Exploitation Phase: an armour-class unit, by an Armor-HQ only. It does
  not exploit; in the enemy's next turn, after his Movement Phase (the Defender Reaction
  Phase, 7.6), it may move into a battle hex it can reach to reinforce it.

Reserves end with the Exploitation Phase (motorized) or the enemy's Reaction Phase
(reaction) they were meant for. The Italian 2.x rules (``reserve_infantry_only``) motorize
infantry-class units only, and their Stavka (``stavka_reserve_armor_only``) armour only.
"""

from __future__ import annotations

from typing import cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

from ..state import ON_MAP, BiteState, Piece
from ..versions import differs
from . import command
from .optional_rules import rule_on

RESERVES = "or31_reserves"
FLAG = "reserve"  # state.flags: unit id -> "motorized" or "reaction"
MOTORIZED = "motorized"
REACTION = "reaction"


def _book(state: BiteState) -> dict[str, str]:
    raw = state.flags.get(FLAG)
    return {str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}


def mode(state: BiteState, piece: Piece) -> str | None:
    """The reserve mode of ``piece``, or None."""
    if FLAG not in state.flags:
        return None
    return _book(state).get(piece.uid)


def motorized(state: BiteState, piece: Piece) -> bool:
    return mode(state, piece) == MOTORIZED


def in_reaction(state: BiteState, piece: Piece) -> bool:
    return mode(state, piece) == REACTION


def _may_order(state: BiteState, hq: Piece, piece: Piece, phase: str) -> bool:
    """Whether the activated ``hq`` may put ``piece`` in reserve now (31.0)."""
    entries = command.active_entries(state)
    entry = entries.get(hq.uid)
    if entry is None or int(entry["used"]) >= int(entry["ap"]):
        return False
    hq_spec, spec = state.spec(hq), state.spec(piece)
    supreme = hq_spec.cls == "supreme_hq"
    if phase == "exploitation" and hq_spec.cls != "armor_hq":
        return False  # 31.0: only Armor-HQs order the reaction
    if not supreme and hq_spec.cls != "armor_hq":
        return False
    if supreme:
        rules = command.supreme_rules(hq.uid)
        acts = cast(list[str], entry["acts"])
        if "reserve" in acts and not rules.repeat_kinds:
            return False  # 13.8.1: one action of each kind
        limit = rules.kinds_per_activation
        if limit is not None and len(set(acts) | {"reserve"}) > limit:
            return False  # 13.8.2: the FHQ's two kinds
        if (
            hq_spec.nation == "ussr"
            and not spec.is_armor
            and differs(state.options, "stavka_reserve_armor_only")
        ):
            return False  # 13.8.1, Italian 2.x rules: the Stavka holds back armour only
        return rules.cross_command or spec.nation == hq_spec.nation
    return spec.nation == hq_spec.nation and command.in_range(state, hq, piece)


def _eligible(state: BiteState, piece: Piece, phase: str) -> bool:
    spec = state.spec(piece)
    if piece.status != ON_MAP or not spec.is_ground or piece.uid in _book(state):
        return False
    if spec.cls.endswith("_hq") or state.profile(piece).tech < 2:
        return False  # 31.0: TECH 2 units only (HQs give orders, they are not held back)
    if phase == "movement":
        if piece.moved:
            return False
        infantry_only = differs(state.options, "reserve_infantry_only")  # Italian 2.x
        return not (infantry_only and spec.is_armor)
    return spec.is_armor and not piece.moved  # the reaction: armour that has not exploited


def actions(state: BiteState, side: str, phase: str) -> list[Action]:
    """The reserve orders open to ``side`` in the Movement or Exploitation Phase."""
    if not rule_on(state, RESERVES) or phase not in ("movement", "exploitation"):
        return []
    entries = command.active_entries(state)
    if not entries:
        return []
    hqs = [state.pieces[uid] for uid in sorted(entries)]
    hqs = [hq for hq in hqs if hq.side == side and hq.status == ON_MAP]
    out: list[Action] = []
    kind: JSON = MOTORIZED if phase == "movement" else REACTION
    for p in sorted(state.on_map(side), key=lambda x: x.uid):
        if not _eligible(state, p, phase):
            continue
        for hq in hqs:
            if hq is not p and _may_order(state, hq, p, phase):
                out.append(Action(side, "reserve", {"hq": hq.uid, "unit": p.uid, "mode": kind}))
    return out


def act(state: BiteState, action: Action) -> None:
    """Put the unit in reserve: one action point, and it stays put for now (31.0)."""
    hq = state.pieces[str(action.args["hq"])]
    piece = state.pieces[str(action.args["unit"])]
    kind = str(action.args["mode"])
    command.use_action(state, hq, "reserve", piece.uid)
    book = _book(state)
    book[piece.uid] = kind
    state.flags[FLAG] = cast(JSON, dict(sorted(book.items())))
    piece.moved = True  # no move in this phase
    state.emit("reserve", audience=piece.side, unit=piece.uid, hq=hq.uid, mode=kind)


def reaction_command(state: BiteState, piece: Piece) -> None:
    """31.0: armour held in reaction moves under the order its Armor-HQ gave, so it is not
    in the limited supply of unordered armour (13.5) for its move and the battle."""
    book = state.flags.get(command.HQ_FLAG)
    if not isinstance(book, dict):
        book = {"active": {}, "commanded": {}}
        state.flags[command.HQ_FLAG] = book
    commanded = book.setdefault("commanded", {})
    if isinstance(commanded, dict):
        commanded[piece.uid] = "armor"


def end(state: BiteState, kind: str, side: str) -> None:
    """Reserves of ``side`` in mode ``kind`` are over (their phase has passed)."""
    book = _book(state)
    left = {uid: m for uid, m in book.items() if not (m == kind and state.pieces[uid].side == side)}
    if left:
        state.flags[FLAG] = cast(JSON, dict(sorted(left.items())))
    else:
        state.flags.pop(FLAG, None)


def public_flags(state: BiteState, flags: dict[str, JSON], side: str | None) -> None:
    """Fog of war: a side sees only its own units in reserve (the rule's tip: the black
    barrel may be hidden); the all-seeing view (``side`` None) sees every one."""
    if side is None or FLAG not in flags:
        return
    own = {uid: m for uid, m in _book(state).items() if state.pieces[uid].side == side}
    if own:
        flags[FLAG] = cast(JSON, own)
    else:
        del flags[FLAG]
