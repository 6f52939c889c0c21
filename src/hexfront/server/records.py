"""Records and replays of a game whose record is readable (over, or opened by every seat).

A replay seen from one side shows that side's view, and another side's action with
whatever names something hidden from that side replaced by ``"hidden"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Game, ListsHidden, canonical_json
from hexfront.engine.records import GameRecord
from hexfront.i18n import _

from . import dice
from .errors import CorruptGame
from .live import LiveGame, result_json

HIDDEN = "hidden"


def full_record(live: LiveGame) -> dict[str, JSON]:
    """The ``GET /record`` answer: the record, the final hash and the dice's secret."""
    match = live.match
    rec = GameRecord(
        match.record.game,
        match.record.scenario,
        dict(match.record.options),
        match.record.seed,
        list(match.record.actions),
        match.hash(),
    )
    return {
        "id": live.id,
        "status": "over" if match.is_over() else "active",
        "result": result_json(match),
        "seats": {s: seat.public() for s, seat in live.seats.items()},
        "record": rec.to_json(),
        "dice": dice.reveal(live.seed_secret),
    }


def replay_view(
    live: LiveGame,
    actions: Sequence[Action],
    upto: int,
    side: str | None,
    snapshot_before: Callable[[LiveGame, int], tuple[Any, int]],
) -> dict[str, JSON]:
    """The view of ``side`` (``None``: everything) after ``upto`` of ``actions``, with the
    ``upto``-th action as that side may see it. ``snapshot_before(live, n)`` gives the
    newest stored state at or before ``n`` actions to start from."""
    game = live.game
    record = live.match.record
    # Seen from one side, the last action is checked against the state before it
    # too, so the replay starts at or before that state.
    state, start = snapshot_before(live, upto - 1 if side and upto else upto)
    if state is None:
        state = game.setup(record.scenario, record.options, record.seed)
    hidden: set[str] | None = set()
    for i in range(start, upto):
        action = actions[i]
        if action not in game.legal_actions(state, action.side):
            raise CorruptGame(
                _("game {game}: action {n} is not legal when replayed", game=live.id, n=i)
            )
        if i == upto - 1 and side is not None and action.side != side:
            hidden = hidden_from(game, state, side)
        game.apply(state, action)
    last: JSON = None
    if upto:
        last = actions[upto - 1].to_json()
        if side is not None and actions[upto - 1].side != side:
            after = hidden_from(game, state, side)
            both = None if hidden is None or after is None else hidden | after
            last = redact(actions[upto - 1], both)
    return {
        "id": live.id,
        "upto": upto,
        "total": len(actions),
        "side": side,
        "to_move": game.active_sides(state),
        "view": game.view(state, side),
        "action": last,
    }


def hidden_from(game: Game[Any], state: Any, side: str) -> set[str] | None:
    """What ``side`` may not see (the game's ``hidden_tokens``); ``None`` if the game does
    not say (it is not :class:`ListsHidden`), and then nothing of another side's action
    may be shown."""
    if not isinstance(game, ListsHidden):
        return None
    return set(game.hidden_tokens(state, side))


def redact(action: Action, hidden: set[str] | None) -> dict[str, JSON]:
    """Another side's action as a replay seen from one side shows it: every argument that
    names something hidden from that side (before or after the action) becomes
    ``"hidden"``, as that side's view shows such blocks without their identity. With
    ``hidden`` unknown (``None``) only the acting side is shown. ``redacted`` tells whether
    anything was left out. Tokens are looked for in the JSON text of each key and value
    (a game may list them quoted or bare)."""
    if hidden is None:
        return {"side": action.side, "verb": HIDDEN, "args": {}, "redacted": True}

    def names_hidden(value: JSON) -> bool:
        text = canonical_json(value)
        return any(token in text for token in hidden)

    args: dict[str, JSON] = {}
    redacted = False
    for name, value in action.args.items():
        if names_hidden(name):
            redacted = True  # the key itself would tell
            continue
        if names_hidden(value):
            args[name], redacted = HIDDEN, True
        else:
            args[name] = value
    verb = action.verb
    if names_hidden(verb):
        verb, redacted = HIDDEN, True
    return {"side": action.side, "verb": verb, "args": args, "redacted": redacted}
