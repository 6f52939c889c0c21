"""What must hold after every action of a Stalin's War game (the fuzz tests run these)."""

from __future__ import annotations

from collections import Counter

from .rules.stacking import stacking_problems
from .state import ON_MAP, PILES, SIDES, SwState


def check(state: SwState) -> list[str]:
    """Every broken invariant: card conservation across the piles, hand sizes, stacking, no
    two sides in a hex, units on playable land, tracks in range."""
    problems: list[str] = []
    w = state.world
    t = w.tables
    for side in SIDES:
        seen: Counter[str] = Counter()
        for pile in PILES:
            seen.update(state.pile(side, pile))
        want = {c.id for c in w.cards.values() if c.side == side}
        if set(seen) != want or any(n != 1 for n in seen.values()):
            dup = sorted(c for c, n in seen.items() if n != 1)
            lost = sorted(want - set(seen))
            problems.append(f"{side} cards not conserved: duplicated {dup}, lost {lost}")
        # the hand grows only by drawing up to the size, plus the Soviet set-aside cards
        # (two on turn 1): never above the maximum and those two
        if len(state.pile(side, "hand")) > t.hand_max + 2:
            problems.append(f"{side} holds {len(state.pile(side, 'hand'))} cards")
        if state.total_war and state.pile(side, "reserve"):
            problems.append(f"{side} Total War cards still aside after Total War")
        if state.banked_ops[side] < 0 or state.consecutive_ops[side] < 0:
            problems.append(f"{side} OPS tracks below zero")
    problems += stacking_problems(state)
    for p in state.pieces.values():
        if (p.box == "track") != (p.uid in state.track):
            problems.append(f"{p.uid} in box {p.box} but Turn Track {state.track.get(p.uid)}")
        if p.box != ON_MAP and p.uid in state.oos:
            problems.append(f"{p.uid} marked OOS off the map")
    m = w.map
    sides_at: dict[int, set[str]] = {}
    for p in state.pieces.values():
        if p.box != ON_MAP:
            continue
        if not m.is_land(p.at):
            problems.append(f"{p.uid} off the land at {m.id_of(p.at)}")
        if state.world.units[p.uid].kind == "partisan" and p.uid not in state.active_partisans:
            continue  # 16.1.4: the Axis may share a hex with inactive partisans
        sides_at.setdefault(p.at, set()).add(p.side)
    for node, sides in sides_at.items():
        if len(sides) > 1:
            problems.append(f"both sides in {m.id_of(node)}")
    return problems


def _strings(value: object, out: set[str]) -> None:
    """Every string in a JSON value, keys and values alike."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.add(str(k))
            _strings(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            _strings(v, out)


# the keys a face-down partisan counter may carry in a view (16.1.3: its place, nothing more)
FACE_DOWN_KEYS = frozenset({"id", "kind", "side", "box", "hex"})
# log events that move a card known to both sides into a hand (7.1.3: the set-aside cards)
PUBLIC_MOVES = frozenset({"set_aside_taken"})
# Log lines that show the other side's cards to their audience by a card's rule: Red Choir
# (S34) and Foreign Armies East (A49) show the enemy hand to the side that played them
SHOWN_BY_RULE = frozenset({"hand_shown"})


def _unplayed_penalty(state: SwState, entry: dict[str, object]) -> bool:
    """A VP line for the penalty of a card not yet played (A24: the Axis loses a VP each
    Spring and Summer turn after 1941 until Hitler Takes Command is played): it names the
    card to say it is unplayed, which both sides know, not where it lies."""
    data = entry.get("data")
    if entry.get("kind") != "vp" or not isinstance(data, dict):
        return False
    card = state.world.cards.get(str(data.get("card")))
    return card is not None and bool(card.until_played) and card.id not in state.played


def fog_leaks(state: SwState, view: dict[str, object], viewer: str) -> list[str]:
    """What ``viewer``'s view shows that it may not, checked cheaply enough for every action:
    the other side's hand (7.1: counts only), the cards still in either draw pile (their
    contents and order are known to no one), and the inactive partisans' counters, whose
    identity and strength stay secret to both sides until revealed (16.1.3). The cards are
    looked for by id and by title among every string of the view, log included (a card the
    log names before its deck's last reshuffle was face up then, so that is history)."""
    from .rules.partisans import hidden

    problems: list[str] = []
    other = next(s for s in SIDES if s != viewer)
    cards = view.get("cards")
    if not isinstance(cards, dict) or not isinstance(cards.get(other), dict):
        return [f"the {viewer} view has no card table for the {other}"]
    if cards[other].get("hand") is not None:
        problems.append(f"the {viewer} view lists the {other} hand")
    strings: set[str] = set()
    # "played" is the game's history of events played face up (7.5), so it may name a card
    # since reshuffled into its deck; the log is looked at below
    _strings({k: v for k, v in view.items() if k not in ("log", "played")}, strings)
    # 7.2: a card played face up this turn and then reshuffled into its deck stays named in
    # the log of its play: that is history, not a leak; only what the log says after the
    # last reshuffle of the card's deck must not name it
    log = view.get("log")
    entries = log if isinstance(log, list) else []
    since: dict[str, set[str]] = {}
    for side in SIDES:
        last = max(
            (
                i
                for i, e in enumerate(entries)
                if isinstance(e, dict)
                and (
                    e.get("kind") == "total_war"  # 7.6.4: both sides' discards join the decks
                    or (
                        e.get("kind") == "reshuffle"
                        and isinstance(e.get("data"), dict)
                        and e["data"].get("side") == side
                    )
                )
            ),
            default=-1,
        )
        since[side] = set()
        # 7.1.3: the Soviet set-aside cards lie face up, so taking them into the hand is public
        _strings(
            [
                e
                for e in entries[last + 1 :]
                if not (
                    isinstance(e, dict)
                    and (
                        e.get("kind") in PUBLIC_MOVES
                        or (e.get("kind") in SHOWN_BY_RULE and e.get("audience") == viewer)
                        or _unplayed_penalty(state, e)
                    )
                )
            ],
            since[side],
        )
    secret = dict.fromkeys(state.pile(other, "hand"), f"the {other} hand")
    for s in SIDES:
        secret |= dict.fromkeys(state.pile(s, "deck"), f"the {s} draw pile")
    titles = Counter(c.title for c in state.world.cards.values())
    for cid, where in sorted(secret.items()):
        card = state.world.cards[cid]
        shown = strings | since[card.side]
        # a title shared by several cards (the six Soviet Reinforcements) names none of them
        if cid in shown or (titles[card.title] == 1 and card.title in shown):
            problems.append(f"the {viewer} view shows card {cid} ({card.title}) from {where}")
    _strings(entries, strings)
    for uid in hidden(state):
        if uid in strings:
            problems.append(f"the {viewer} view names the inactive partisan {uid}")
    units = view.get("units")
    for u in units if isinstance(units, list) else []:
        if isinstance(u, dict) and u.get("id") is None and set(u) - FACE_DOWN_KEYS:
            extra = sorted(set(u) - FACE_DOWN_KEYS)
            problems.append(f"the {viewer} view shows {extra} of a face-down partisan")
    return problems
