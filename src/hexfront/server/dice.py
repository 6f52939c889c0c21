"""Verifiable dice for online games.

When the server draws a game's seed, it first draws a 256-bit secret and derives the seed
from it; at creation every seat is shown the commitment ``sha256(secret)``. The secret
itself goes out only with the record (at the end, or once every seat agreed to open it),
and then anyone can check that it matches the commitment, that the record's seed derives
from it, and (by replaying the record) every roll: ``hexfront replay --verify RECORD``.
The seed is thus fixed before the first move and cannot have been changed since; the
secret is too long to find from its hash.

No dependency on the web server: the CLI imports this module alone.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path
from typing import Any

from hexfront.engine.records import GameRecord, RecordError
from hexfront.i18n import _

DERIVATION = "seed = first 8 bytes of sha256('hexfront-seed:' + secret), big-endian, >> 1"


class DiceError(Exception):
    """The revealed secret does not match the commitment or the record's seed."""


def draw() -> tuple[str, int]:
    """A fresh secret (64 hex digits) and the seed it gives."""
    secret = secrets.token_hex(32)
    return secret, seed_of(secret)


def seed_of(secret: str) -> int:
    digest = hashlib.sha256(f"hexfront-seed:{secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def commitment(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def reveal(secret: str | None) -> dict[str, Any] | None:
    """The ``dice`` entry of a record: what a verifier needs."""
    if secret is None:
        return None
    return {"commitment": commitment(secret), "secret": secret, "derivation": DERIVATION}


def read_record(path: Path) -> tuple[GameRecord, dict[str, Any] | None]:
    """A record file: a bare record, or the server's ``GET /record`` answer (the record
    with its ``dice``)."""
    try:
        obj = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(_("cannot read {path}: {why}", path=str(path), why=exc)) from None
    if isinstance(obj, dict) and "format" not in obj and isinstance(obj.get("record"), dict):
        dice = obj.get("dice")
        return GameRecord.from_json(obj["record"]), dice if isinstance(dice, dict) else None
    return GameRecord.from_json(obj), None


def check(record: GameRecord, dice: dict[str, Any], shown: str | None = None) -> str:
    """Check the revealed secret against its commitment (and against the commitment the
    player was shown, if given) and the record's seed; the commitment, or DiceError."""
    secret, promised = dice.get("secret"), dice.get("commitment")
    if not isinstance(secret, str) or not isinstance(promised, str):
        raise DiceError(_("the record's dice entry lacks its secret or its commitment"))
    if commitment(secret) != promised:
        raise DiceError(_("the revealed secret does not match the commitment"))
    if shown is not None and shown != promised:
        raise DiceError(_("the commitment differs from the one shown during the game"))
    if seed_of(secret) != record.seed:
        raise DiceError(_("the record's seed is not the one the secret gives"))
    return promised
