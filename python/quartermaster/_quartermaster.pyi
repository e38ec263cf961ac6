"""Type stubs of the native module (crates/qm_py)."""

from os import PathLike
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

_Path = Union[str, PathLike[str]]

#: Planes of ``Game.planes`` (docs/observation.md).
PLANES: int
#: Length of ``Game.scalars`` (docs/observation.md).
SCALARS: int
#: The sight range (hexes) of a game played under fog whose scenario sets
#: none (``fog=True``, ``qm selfplay --fog``).
DEFAULT_SIGHT: int
#: Logistics choices a side gives in one phase at most (self-play's bound,
#: which the environments keep too).
MAX_LOGISTICS_STEPS: int

class QuartermasterError(Exception):
    """The base of Quartermaster's errors."""

class OrderError(QuartermasterError):
    """An order the engine refused; the game is unchanged."""

    kind: str
    """The typed error's variant (``UnknownUnit``, ``WrongPhase``, ``Rule``,
    ``MaskedAction`` for an action the environment's mask excludes, ...)."""
    index: Optional[int]
    """The order's position in its batch."""
    family: Optional[str]
    """The rule family, for a family's own refusal (``kind == "Rule"``)."""

class LoadError(QuartermasterError):
    """A scenario, save or order text that does not load."""

    file: Optional[str]
    line: Optional[int]
    """1-based; 0 when the problem has no position (a file not found)."""
    col: Optional[int]
    diagnostics: List[Tuple[str, int, int, str]]
    """Every problem: (file, line, col, message)."""

class Snapshot:
    """An in-memory snapshot of a game's state."""

class Game:
    """One game of a scenario (or save) file, seeded."""

    def __init__(self, path: _Path, seed: int = 1) -> None: ...
    @staticmethod
    def from_save(text: str, file: str = "<save>") -> Game: ...
    @property
    def title(self) -> str: ...
    def clock(self) -> Tuple[int, str, Optional[str]]:
        """(turn, side to move, phase about to run or None)."""
    def reseed(self, seed: int) -> None: ...
    def observation(self, side: str, fog: Optional[int] = None) -> Dict[str, Any]:
        """Plain data (docs/observation.md) plus ``planes`` and ``scalars``."""
    def planes(self, side: str, fog: Optional[int] = None) -> npt.NDArray[np.uint8]:
        """uint8 (PLANES, rows, cols)."""
    def scalars(self, side: str, fog: Optional[int] = None) -> npt.NDArray[np.int64]:
        """int64 (SCALARS,): turn, phase, to move, side, then the side's economy."""
    def legal_orders(self, side: Optional[str] = None, kind: Optional[str] = None) -> List[str]:
        """RON texts, e.g. ``Move(unit:"g1",to:"e52")``."""
    def submit(self, side: str, orders: List[str]) -> None:
        """Raises OrderError (refused) or LoadError (unreadable text)."""
    def step_phase(self) -> Dict[str, Any]:
        """Runs a phase with the GIL released: {turn, side, phase, events}."""
    def is_over(self) -> bool: ...
    def result(self) -> Optional[Dict[str, Any]]: ...
    def score(self) -> Dict[str, int]: ...
    def adjudicate(self, start_turn: int, max_turns: int) -> Optional[Tuple[Optional[str], str]]:
        """(winner or None, reason) once self-play would end the game."""
    def clone(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def snapshot(self) -> Snapshot: ...
    def restore(self, snapshot: Snapshot) -> None: ...
    def save_text(self) -> str: ...
    def save(self, path: _Path) -> None: ...
    def checksum(self) -> str: ...
    def supply_report(self, side: str) -> Dict[str, Any]: ...
    def explain(self, unit: str) -> str:
        """Why a unit has its supply status; KeyError (with the closest id) for an unknown unit."""
    def unit_ids(self) -> List[str]: ...
    def action_kinds(self) -> List[str]: ...
    def node_count(self) -> int: ...
    def action_count(self) -> int: ...
    def action_groups(self, side: str) -> List[Tuple[str, Optional[int], List[int]]]:
        """(unit id or "" for constructions, its node, its actions)."""
    def unreachable_orders(self) -> int: ...
    def action_mask(self, group: int) -> npt.NDArray[np.int8]: ...
    def take_action(self, group: int, action: int) -> Optional[str]: ...
    def logistics_choices(self, side: str) -> List[str]:
        """One logistics step: the listed choices (RON texts); action ``1 + k`` gives choice ``k``, 0 passes."""
    def unreachable_choices(self) -> int:
        """Choices of the last listing beyond the action space."""
    def logistics_mask(self) -> npt.NDArray[np.int8]:
        """1 for action 0 and each listed choice's action."""
    def take_logistics_action(self, action: int) -> Optional[str]:
        """Gives the listed choice of ``action`` (0: pass); its RON text or None."""
    def sight(self) -> Optional[int]:
        """The scenario's fog sight range (its operations' ``sight``), or None."""
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...

class Policy:
    """A shipped policy (random, greedy, rollout) for one side."""

    def __init__(self, name: str, side: str, seed: int) -> None: ...
    @property
    def name(self) -> str: ...
    def give(self, game: Game, fog: Optional[int] = None) -> Tuple[List[str], List[str]]:
        """Submits its operations for the phase, under fog ``fog``: (given, refused)."""

def run_chunk(
    scenario: _Path,
    seed: int,
    start: int,
    count: int,
    policies: Tuple[str, str] = ("greedy", "random"),
    max_turns: int = 12,
    threads: int = 1,
) -> str:
    """JSON lines of games start..start+count, as ``qm selfplay`` writes them."""

def run_chunk_counted(
    scenario: _Path,
    seed: int,
    start: int,
    count: int,
    policies: Tuple[str, str] = ("greedy", "random"),
    max_turns: int = 12,
    threads: int = 1,
) -> Tuple[str, int, int]:
    """``run_chunk``'s lines, with the player turns played and the orders refused."""

def summary(lines: str, seconds: float, player_turns: int = 0, refused: int = 0) -> str:
    """The summary table ``qm selfplay`` prints, of a batch's JSON lines."""

def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a self-play batch seeded ``seed`` (as ``qm selfplay``)."""

def replay(scenario: _Path, seed: int, phases: List[List[Tuple[str, List[str]]]]) -> Tuple[str, float]:
    """Replays recorded orders through the Rust API: (checksum, seconds)."""
