"""The Battle Sheets' dated events (7.3, long scenarios) and the TECH breakthroughs (3.13).

At the start of each player's Production Phase, once the income is in and the turn's
reinforcements have arrived (7.3: the Battle Sheet says what arrives and what leaves):

* **Upgrades** (SBE9: the LSSAH becomes the 1st SS Panzer Corps in turn 44). If the old
  block is in play and supplied, the new one takes its place and keeps its hits; if the old
  block is out of supply, the new one is held back until it is supplied; if it was
  eliminated, the new block arrives eliminated and must be rebuilt like any other.
* **Removals** (booklet, long scenarios: the units the Battle Sheet withdraws to other
  fronts). A removed block must be in play, supplied and at full strength: a damaged one is
  repaired first at its owner's cost, an eliminated one is paid for as if built new, one
  out of supply leaves as soon as a later Production Phase finds it supplied. Removed blocks
  never come back.

Design choices (the booklet does not say): the price of a missing step is its repair
price (7.3; in the Advanced Game with its paired coloured PP, 11.0); "built new" is the
rebuild plus every repair up to full strength; steps printed blue cost nothing (they can
never be bought); what the owner cannot pay now is owed and taken from its next Production
Phases before it spends anything.

The TECH schedule itself is data (``data/tech.toml``, read by ``forces.tech_level``); here
the turn's breakthroughs are announced in the log at the start of the month.
"""

from __future__ import annotations

from typing import cast

from hexfront.engine.events import JSON

from .. import forces
from ..state import DISBANDED, ELIMINATED, HELD, ON_MAP, POOL, REMOVED, BiteState, Piece
from . import resources
from .basics import advanced, lowest_live_step, step_cost

PENDING = "removals_pending"  # state.flags: blocks to remove once they are supplied
DEBT = "removal_debt"  # state.flags: {power: {colour or "yellow": PP owed}}


def battle_sheet(state: BiteState, side: str) -> None:
    """The phasing side's dated events of this turn, in its Production Phase (7.3)."""
    _pay_debts(state, side)
    for old, new in _upgrades(state.turn):
        _upgrade(state, side, old, new)
    due = [r.unit for r in forces.removals(state.turn)]
    pending = state.flags.get(PENDING)
    if isinstance(pending, list):
        due += [str(u) for u in pending if str(u) not in due]
    for uid in due:
        piece = state.pieces.get(uid)
        if piece is not None and piece.side == side:
            _remove(state, piece)


def _upgrades(turn: int) -> list[tuple[str, str]]:
    """Upgrades due by this turn (old block, new block): a held-back one is tried again."""
    return sorted(
        (u.id, u.upgrade_to)
        for u in forces.load_units()
        if u.upgrade_to is not None and u.upgrade_turn is not None and u.upgrade_turn <= turn
    )


# --- removals --------------------------------------------------------------------------------


def _remove(state: BiteState, piece: Piece) -> None:
    spec = state.spec(piece)
    status = piece.status
    if status == ON_MAP and piece.oos:
        _set_pending(state, piece.uid, True)
        state.emit("withdrawal_waits", audience=piece.side, unit=piece.uid)
        return
    if status in (ON_MAP, HELD):
        missing = range(piece.step)  # the edges above the one it shows
    elif status in (ELIMINATED, DISBANDED):
        missing = range(lowest_live_step(spec) + 1)  # built new: every edge
    else:
        _set_pending(state, piece.uid, False)
        return  # not in this game, not arrived, or gone already
    price = sum(step_cost(spec, i) or 0 for i in missing)
    paid, owed = _pay(state, spec.nation, _colour(state, piece), price)
    if status == ON_MAP:
        state.emit("block_removed", side=piece.side, handle=piece.handle)
    piece.status = REMOVED
    piece.node = piece.base = -1
    piece.oos = piece.half_hit = piece.revealed = False
    _set_pending(state, piece.uid, False)
    state.emit(
        "unit_withdrawn",
        audience=piece.side,
        unit=piece.uid,
        power=spec.nation,
        pp=paid,
        owed=owed,
    )


def _colour(state: BiteState, piece: Piece) -> str | None:
    """11.0: the coloured PP paid beside each yellow one for this block (Advanced Game)."""
    if not advanced(state):
        return None
    return resources.paired_colour(state.spec(piece), state.spec(piece).nation, state)


def _set_pending(state: BiteState, uid: str, wanted: bool) -> None:
    found = state.flags.get(PENDING)
    pending = [str(u) for u in found] if isinstance(found, list) else []
    if wanted and uid not in pending:
        pending.append(uid)
    elif not wanted and uid in pending:
        pending.remove(uid)
    else:
        return
    if pending:
        state.flags[PENDING] = cast(JSON, sorted(pending))
    else:
        state.flags.pop(PENDING, None)


def _pay(state: BiteState, power: str, colour: str | None, price: int) -> tuple[int, int]:
    """Take ``price`` yellow PP (and as many of ``colour``) from ``power``: what it cannot
    pay now is owed. Returns the yellow PP paid and every PP still owed."""
    if price <= 0:
        return 0, 0
    have = max(state.pp.get(power, 0), 0)
    paid = min(have, price)
    state.pp[power] = state.pp.get(power, 0) - paid
    owed = {"yellow": price - paid}
    if colour is not None:
        mine = resources.pool(state, power)
        took = min(max(mine.get(colour, 0), 0), price)
        mine[colour] = mine.get(colour, 0) - took
        owed[colour] = price - took
    _owe(state, power, owed)
    return paid, sum(owed.values())


def _debts(state: BiteState) -> dict[str, dict[str, int]]:
    found = state.flags.get(DEBT)
    return cast(dict[str, dict[str, int]], found) if isinstance(found, dict) else {}


def _owe(state: BiteState, power: str, owed: dict[str, int]) -> None:
    owed = {k: v for k, v in owed.items() if v > 0}
    if not owed:
        return
    table = _debts(state)
    mine = table.setdefault(power, {})
    for colour, pp in owed.items():
        mine[colour] = mine.get(colour, 0) + pp
    state.flags[DEBT] = cast(JSON, table)


def _pay_debts(state: BiteState, side: str) -> None:
    """What removals left owed is paid first from the new income (design choice)."""
    table = _debts(state)
    for power in sorted(table):
        if resources.side_of(power) != side:
            continue
        owed = table[power]
        paid = 0
        for colour in sorted(owed):
            if colour == "yellow":
                take = min(max(state.pp.get(power, 0), 0), owed[colour])
                state.pp[power] = state.pp.get(power, 0) - take
            else:
                mine = resources.pool(state, power)
                take = min(max(mine.get(colour, 0), 0), owed[colour])
                mine[colour] = mine.get(colour, 0) - take
            owed[colour] -= take
            paid += take
        for colour in [c for c, v in owed.items() if v <= 0]:
            del owed[colour]
        if not owed:
            del table[power]
        if paid:
            state.emit("withdrawal_debt_paid", power=power, pp=paid, owed=sum(owed.values()))
    if DEBT in state.flags and not table:
        del state.flags[DEBT]


# --- upgrades ----------------------------------------------------------------------------------


def _upgrade(state: BiteState, side: str, old_id: str, new_id: str) -> None:
    old, new = state.pieces.get(old_id), state.pieces.get(new_id)
    if old is None or new is None or new.side != side or new.status != HELD:
        return
    if old.status in (ON_MAP, HELD) and not old.oos:
        hits = state.spec(old).ladder[0] - state.strength(old)
        ladder = state.spec(new).ladder
        want = ladder[0] - hits
        new.step = next((i for i, v in enumerate(ladder) if v <= want), len(ladder) - 1)
        new.half_hit = False
        if old.status == ON_MAP:
            new.status, new.node = ON_MAP, old.node
            new.handle = state.new_handle()
            new.oos = new.moved = new.attacked = new.revealed = False
            new.base = -1
            where = state.w.board.id_of(old.node)
            state.emit("block_removed", side=old.side, handle=old.handle)
            state.emit("block_placed", side=new.side, handle=new.handle, hex=where)
        _retire(old)
        state.emit(
            "unit_upgraded",
            audience=side,
            unit=old_id,
            into=new_id,
            strength=state.strength(new),
        )
    elif old.status == ON_MAP:  # out of supply: the new block is held back
        new.status, new.arrival = POOL, state.turn + 1
        state.emit("upgrade_waits", audience=side, unit=old_id, into=new_id)
    elif old.status in (ELIMINATED, DISBANDED):  # the new block must be rebuilt
        _retire(old)
        new.status, new.step = ELIMINATED, lowest_live_step(state.spec(new))
        state.emit("upgrade_rebuild", audience=side, unit=old_id, into=new_id)


def _retire(piece: Piece) -> None:
    piece.status = REMOVED
    piece.node = piece.base = -1
    piece.oos = piece.half_hit = piece.revealed = False


# --- TECH breakthroughs (3.13) -----------------------------------------------------------------

TECH_NATIONS = ("germany", "ussr")  # 3.13: the nations whose schedule the chart gives
MINOR_TECH = "or17_tech"  # optional rule 17: the Axis minor powers follow Germany (17.1)
# The order the minor powers' breakthroughs are told in (17.1).
MINOR_NATIONS = ("finland", "romania", "hungary", "slovakia")


def minors_develop(state: BiteState) -> bool:
    """17.1: whether the Axis minor powers' TECH follows Germany's, one level below (the
    optional rule is played); without it they keep their first-turn levels (5.3-5.7)."""
    return state.options.get(MINOR_TECH) is True


def tech_level(state: BiteState, nation: str, field: str, turn: int | None = None) -> int:
    """A nation's TECH level in a field this turn (or ``turn``), as this game plays it:
    the schedule of ``data/tech.toml`` (3.13, 17.1), with the minor powers held at their
    first levels unless optional rule 17 is played."""
    when = state.turn if turn is None else turn
    if nation in forces.developing_minors() and not minors_develop(state):
        when = forces.FIRST_TURN
    return forces.tech_level(nation, field, when)


def tech_breakthroughs(state: BiteState) -> None:
    """3.13: the fields whose TECH level rises this month, announced to both players;
    with optional rule 17 the minor powers' steps too (17.1)."""
    turn = state.turn
    if turn <= forces.FIRST_TURN or turn > forces.LAST_TURN:
        return
    nations = TECH_NATIONS + (MINOR_NATIONS if minors_develop(state) else ())
    for nation in nations:
        if nation in state.surrendered:
            continue
        for field in forces.FIELDS:
            level = forces.tech_level(nation, field, turn)
            if level > forces.tech_level(nation, field, turn - 1):
                kind = "tech_advance" if nation in TECH_NATIONS else "minor_tech_advance"
                state.emit(kind, nation=nation, field=field, level=level)


def tech_table(state: BiteState) -> dict[str, JSON]:
    """The Tech Level track as the view shows it (optional rule 17): every nation's level
    in each field this turn, the minor powers by 17.1, Italy never changing."""
    out: dict[str, JSON] = {}
    turn = min(max(state.turn, forces.FIRST_TURN), forces.LAST_TURN)
    for nation in (*TECH_NATIONS, *MINOR_NATIONS, "italy"):
        out[nation] = {f: tech_level(state, nation, f, turn) for f in forces.FIELDS}
    return out
