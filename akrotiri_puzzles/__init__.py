"""akrotiri-puzzles: a rules engine, solver and puzzle tool for the board game Akrotiri."""

from .actions import (
    Action,
    Buy,
    EndTurn,
    Excavate,
    KeepGoal,
    Load,
    Oracle,
    PlaceBoat,
    PlaceTile,
    Sell,
    Step,
    Unload,
)
from .board import Board
from .components import Components
from .effects import apply
from .errors import (
    AkrotiriError,
    ComponentError,
    IllegalActionError,
    NotationError,
    PositionError,
    PuzzleError,
)
from .files.components_yaml import load_components
from .files.position_yaml import dumps_position, load_position, loads_position, save_position
from .notation import format_action, parse_action, parse_line
from .position import Position, Seat
from .rules import action_cost, is_legal, legal_actions, why_illegal
from .scoring import final_score
from .setup import new_game
from .version import __version__ as __version__

__all__ = [
    "Action",
    "AkrotiriError",
    "Board",
    "Buy",
    "ComponentError",
    "Components",
    "EndTurn",
    "Excavate",
    "IllegalActionError",
    "KeepGoal",
    "Load",
    "NotationError",
    "Oracle",
    "PlaceBoat",
    "PlaceTile",
    "Position",
    "PositionError",
    "PuzzleError",
    "Seat",
    "Sell",
    "Step",
    "Unload",
    "action_cost",
    "apply",
    "dumps_position",
    "final_score",
    "format_action",
    "is_legal",
    "legal_actions",
    "load_components",
    "load_position",
    "loads_position",
    "new_game",
    "parse_action",
    "parse_line",
    "save_position",
    "why_illegal",
]
