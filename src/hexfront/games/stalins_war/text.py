"""Stalin's War in words, for terminal play: actions and log lines."""

from __future__ import annotations

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

from .world import load_world


def card_words(card_id: object) -> str:
    card = load_world().cards.get(str(card_id))
    if card is None:
        return str(card_id)
    return f"{card.id} {card.title} ({card.ops} OPS, RP {card.rp.printed()})"


def unit_words(uid: object) -> str:
    unit = load_world().units.get(str(uid))
    return f"{unit.name} ({unit.id})" if unit else str(uid)


def describe(action: Action) -> str:
    a = action.args
    verb = action.verb
    if verb == "play_ops":
        return f"play {card_words(a['card'])} for OPS (7.3)"
    if verb == "play_rp":
        return f"play {card_words(a['card'])} for RP (7.4)"
    if verb == "play_event":
        return f"play {card_words(a['card'])} as its event (7.5)"
    if verb == "zero_ops_move":
        return "0-OPS round: move, paying with banked OPS (7.2.6)"
    if verb == "zero_ops_pass":
        if "discard" in a:
            return f"0-OPS round: pass, swap {card_words(a['discard'])} for the deck's top (7.2.6)"
        return "0-OPS round: pass (7.2.6)"
    if verb == "move":
        return f"move {unit_words(a['unit'])} to {a['to']} (10.1)"
    if verb == "rail":
        return f"move {unit_words(a['unit'])} by rail to {a['to']} for 1 OPS (10.2)"
    if verb == "place":
        return f"place {unit_words(a['unit'])} at {a['at']} (7.5.2c)"
    if verb == "replace_step":
        return f"buy back a step of {unit_words(a['unit'])} (14.1.2)"
    if verb == "rebuild":
        return f"rebuild {unit_words(a['unit'])} at {a['at']} (14.1.4)"
    if verb == "done_replacing":
        return "end replacements (unspent RP are lost, 14.1.5)"
    if verb == "sea":
        return f"move {unit_words(a['unit'])} by sea to {a['to']} for 1 OPS (10.2.5-10.2.6)"
    if verb == "end_movement":
        return "end movement"
    if verb == "discard":
        return f"discard {card_words(a['card'])} (7.6.2)"
    if verb == "done_discarding":
        return "keep the hand and draw (7.6)"
    return verb.replace("_", " ")


def log_line(event: dict[str, JSON]) -> str:
    kind = str(event.get("kind"))
    d = event.get("data") or {}
    if kind == "play":
        card = f" {card_words(d['card'])}" if d.get("card") else ""
        return f"{d.get('side')}: {d.get('round')}{card}"
    if kind == "move":
        return f"{d.get('side')}: {unit_words(d.get('unit'))} {d.get('frm')} -> {d.get('to')}"
    if kind == "drawn":
        return f"{d.get('side')} draws " + ", ".join(card_words(c) for c in d.get("cards", []))
    if kind == "control":
        return f"{d.get('place')} taken by {d.get('side')} (VP {d.get('vp')})"
    detail = ", ".join(f"{k}={v}" for k, v in d.items())
    return f"{kind} {detail}"
