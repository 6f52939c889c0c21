"""Errors the engine raises. Each carries a message meant for the player or client."""

from __future__ import annotations


class HexfrontError(Exception):
    """Base class of every error hexfront raises on purpose."""


class IllegalAction(HexfrontError):
    """The action is not one of the legal actions; the state was not changed."""


class MalformedAction(IllegalAction):
    """The action is not even well formed (wrong types, unknown fields)."""


class NotYourTurn(IllegalAction):
    """The side may not act now."""


class RecordError(HexfrontError):
    """A saved record or state is corrupt, truncated or does not match its hash."""


class UnknownGame(HexfrontError):
    """No game, scenario or option by that name."""


class RulesError(HexfrontError):
    """The rules machinery reached an impossible situation (a bug, not a player error)."""
