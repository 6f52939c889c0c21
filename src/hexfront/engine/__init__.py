"""Game-agnostic kernel: hex math, dice, the game contract, the sequence of play, records."""

from .dice import Dice
from .errors import (
    HexfrontError,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    RecordError,
    RulesError,
    UnknownGame,
)
from .events import PUBLIC, REVEAL, ROLL, Event
from .hexgrid import HexGrid, Hexside
from .match import Match
from .protocol import (
    Action,
    DescribesActions,
    FormatsLog,
    Game,
    HasBoard,
    ListsHidden,
    OptionInfo,
    PositionGame,
    Prompt,
    ReadsPositionFiles,
    RendersText,
    Result,
    ScenarioInfo,
    canonical_json,
)
from .records import (
    GameRecord,
    load_record,
    load_state,
    replay,
    save_record,
    save_state,
    state_hash,
)
from .sequence import Decision, Frame, Machine, Procedure

__all__ = [
    "PUBLIC",
    "REVEAL",
    "ROLL",
    "Action",
    "Decision",
    "DescribesActions",
    "Dice",
    "Event",
    "FormatsLog",
    "Frame",
    "Game",
    "GameRecord",
    "HasBoard",
    "HexGrid",
    "HexfrontError",
    "Hexside",
    "IllegalAction",
    "ListsHidden",
    "Machine",
    "MalformedAction",
    "Match",
    "NotYourTurn",
    "OptionInfo",
    "PositionGame",
    "Procedure",
    "Prompt",
    "ReadsPositionFiles",
    "RecordError",
    "RendersText",
    "Result",
    "RulesError",
    "ScenarioInfo",
    "UnknownGame",
    "canonical_json",
    "load_record",
    "load_state",
    "replay",
    "save_record",
    "save_state",
    "state_hash",
]
