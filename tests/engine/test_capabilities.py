"""Optional capabilities (engine/protocol.py): what each game declares beyond the contract.

A method renamed by mistake would silently switch a capability off (the CLI and the
server fall back to plain output); these tests say which game offers which.
"""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.example import Skirmish
from hexfront.engine.protocol import (
    DescribesActions,
    FormatsLog,
    Game,
    HasBoard,
    ListsHidden,
    PositionGame,
    ReadsPositionFiles,
    RendersText,
    SplitsCommand,
)
from hexfront.games.bite.game import Bite

CAPABILITIES: tuple[Any, ...] = (
    DescribesActions,
    FormatsLog,
    RendersText,
    ListsHidden,
    HasBoard,
    ReadsPositionFiles,
    PositionGame,
    SplitsCommand,
)


def offered(game: object) -> set[str]:
    return {c.__name__ for c in CAPABILITIES if isinstance(game, c)}


def test_bite_offers_every_capability() -> None:
    assert isinstance(Bite(), Game)
    assert offered(Bite()) == {c.__name__ for c in CAPABILITIES}


def test_the_example_game_words_its_actions_and_log_and_lists_its_hidden_blocks() -> None:
    """Skirmish says its choices and log in the player's language (issue 18), so that
    ``hexfront demo`` and ``play skirmish`` are not English whatever the language."""
    assert isinstance(Skirmish(), Game)
    assert offered(Skirmish()) == {"DescribesActions", "FormatsLog", "ListsHidden"}


def test_stalins_war_describes_actions_and_log_lines_and_lists_its_hidden_cards() -> None:
    from hexfront.games.stalins_war.game import StalinsWar

    assert isinstance(StalinsWar(), Game)
    assert offered(StalinsWar()) == {"DescribesActions", "FormatsLog", "ListsHidden", "HasBoard"}


@pytest.mark.parametrize("capability", CAPABILITIES)
def test_a_bare_object_has_none(capability: Any) -> None:
    assert not isinstance(object(), capability)
