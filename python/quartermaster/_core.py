"""The turn loop shared by the PettingZoo and Gymnasium environments.

A phase's legal orders of each side are grouped by the unit that carries
them out (``Game.action_groups``), and one decision is asked per group;
then, with ``logistics=True``, the side's logistics decisions one atomic
choice at a time (``Game.logistics_choices``) until it passes, the list is
empty, or it has given ``MAX_LOGISTICS_STEPS`` choices this phase. The
side to move decides first, then the other side (as ``qm selfplay`` asks
them). Sides played by a built-in policy (``auto``) give their operations
at once, under the same fog, and leave their logistics to the engine's
defaults. When both sides are done the phase runs. The game ends as
self-play ends it (``Game.adjudicate``: the scenario's result, elimination,
or adjudication after ``max_turns`` game turns). See ``docs/python.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

import numpy as np

from ._quartermaster import MAX_LOGISTICS_STEPS, PLANES, SCALARS, Game, Policy

SIDES = ("axis", "allies")

#: Extra plane after the engine's planes: 1 on the hex of the unit the
#: decision is for.
SELECTED_PLANE = PLANES

#: Phases run in one ``advance`` call at most (a game of the shipped
#: scenarios runs well under 1000 phases in all).
MAX_PHASES_PER_ADVANCE = 10_000


#: What a pending decision is for.
OPERATIONS = "operations"
LOGISTICS = "logistics"


@dataclass
class Decision:
    """One pending decision: a side and a group of the current table
    (``kind == OPERATIONS``), or one step of the side's logistics
    (``kind == LOGISTICS``: ``choices`` are the listed choices, action
    ``1 + k`` giving ``choices[k]``; ``group`` is -1, ``unit`` ``""``)."""

    side: str
    group: int
    unit: str
    node: Optional[int]
    actions: List[int]
    mask: Optional[np.ndarray] = None
    kind: str = OPERATIONS
    choices: List[str] = field(default_factory=list)


@dataclass
class Ending:
    """How a game ended."""

    winner: Optional[str]
    reason: str


@dataclass
class Loop:
    """A game with its pending decisions."""

    base: Game
    seed: int
    max_turns: int = 12
    fog: Optional[int] = None
    auto: Dict[str, str] = field(default_factory=dict)
    logistics: bool = True
    game: Game = field(init=False)
    start_turn: int = field(init=False)
    decisions: List[Decision] = field(init=False, default_factory=list)
    #: What is left to ask this phase: ``(OPERATIONS or LOGISTICS, side)``.
    sides_left: List[Tuple[str, str]] = field(init=False, default_factory=list)
    #: Logistics choices each side has given this phase.
    logistics_steps: Dict[str, int] = field(init=False, default_factory=dict)
    in_phase: bool = field(init=False, default=False)
    ending: Optional[Ending] = field(init=False, default=None)
    log: List[List[Tuple[str, List[str]]]] = field(init=False, default_factory=list)
    policies: Dict[str, Policy] = field(init=False, default_factory=dict)
    refused: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.game = self.base.clone()
        self.game.reseed(self.seed)
        self.start_turn = self.game.clock()[0]
        self.policies = {s: Policy(p, s, self.seed) for s, p in self.auto.items()}
        self._grid = _grid(self.game)
        # The engine's planes of each side for the phase about to run:
        # orders given are queued, not applied, so they hold until it runs.
        self._planes: Dict[str, np.ndarray] = {}
        # The player turn the end was last checked at.
        self._checked: Optional[Tuple[int, str]] = None
        self.advance()

    # -- the loop -------------------------------------------------------

    def advance(self) -> None:
        """Runs phases until a decision is pending or the game has ended."""
        for _ in range(MAX_PHASES_PER_ADVANCE):
            if self.decisions or self.ending is not None:
                return
            if self.sides_left:
                what, side = self.sides_left.pop(0)
                if what == OPERATIONS:
                    self._ask(side)
                else:
                    self._ask_logistics(side)
                continue
            if self.in_phase:
                self.game.step_phase()
                self._planes.clear()
                self.in_phase = False
            turn, to_move, phase = self.game.clock()
            # As `qm_ai::play_game`: the end is checked as each player turn
            # begins (and at once when the scenario's result is decided).
            if self._checked != (turn, to_move) or self.game.is_over():
                self._checked = (turn, to_move)
                end = self.game.adjudicate(self.start_turn, self.max_turns)
                if end is not None:
                    self.ending = Ending(end[0], end[1])
                    return
            if phase is None:
                self.ending = Ending(None, "no-phase")
                return
            self.sides_left = []
            for side in (to_move, _other(to_move)):
                self.sides_left.append((OPERATIONS, side))
                if self.logistics and side not in self.policies:
                    self.sides_left.append((LOGISTICS, side))
            self.logistics_steps = {}
            self.in_phase = True
            self.log.append([])
        raise RuntimeError(f"no decision within {MAX_PHASES_PER_ADVANCE} phases")

    def _ask(self, side: str) -> None:
        if side in self.policies:
            given, refused = self.policies[side].give(self.game, self.fog)
            self.refused += len(refused)
            if given:
                self.log[-1].append((side, given))
            return
        groups = self.game.action_groups(side)
        self.decisions = [Decision(side, i, u, n, a) for i, (u, n, a) in enumerate(groups)]

    def _ask_logistics(self, side: str) -> None:
        """The next step of `side`'s logistics, if it has a choice and has
        not reached ``MAX_LOGISTICS_STEPS`` this phase."""
        if self.logistics_steps.get(side, 0) >= MAX_LOGISTICS_STEPS:
            return
        choices = self.game.logistics_choices(side)
        if choices:
            actions = list(range(1, len(choices) + 1))
            self.decisions = [Decision(side, -1, "", None, actions, kind=LOGISTICS, choices=choices)]

    def act(self, action: int) -> Optional[str]:
        """Gives the current decision's action; the order given, or None.

        A masked-out action raises ``OrderError`` and changes nothing. A
        logistics choice given asks the side's next logistics step; a pass
        (action 0) ends the side's logistics for the phase.
        """
        d = self.decisions[0]
        if d.kind == LOGISTICS:
            order = self.game.take_logistics_action(int(action))
        else:
            order = self.game.take_action(d.group, int(action))
        self.decisions.pop(0)
        if order is not None:
            self.log[-1].append((d.side, [order]))
            if d.kind == LOGISTICS:
                self.logistics_steps[d.side] = self.logistics_steps.get(d.side, 0) + 1
                self.sides_left.insert(0, (LOGISTICS, d.side))
        self.advance()
        return order

    # -- what an agent sees ---------------------------------------------

    def current(self) -> Optional[Decision]:
        return self.decisions[0] if self.decisions else None

    def mask(self, side: str) -> np.ndarray:
        """The action mask of `side`: its current decision's, or only
        action 0 when it has none."""
        d = self.current()
        if d is not None and d.side == side:
            if d.mask is None:
                d.mask = self.game.logistics_mask() if d.kind == LOGISTICS else self.game.action_mask(d.group)
            return d.mask.copy()
        m = np.zeros(self.game.action_count(), dtype=np.int8)
        m[0] = 1
        return m

    def scalars(self, side: str) -> np.ndarray:
        """The engine's scalars for `side`: ``int64 (SCALARS,)``."""
        s = self.game.scalars(side, self.fog)
        assert s.shape == (SCALARS,)
        return s

    def planes(self, side: str) -> np.ndarray:
        """The engine's planes for `side` and the selected-unit plane."""
        p = self._planes.get(side)
        if p is None:
            p = self._planes[side] = self.game.planes(side, self.fog)
        out = np.zeros((p.shape[0] + 1, p.shape[1], p.shape[2]), dtype=np.uint8)
        out[: p.shape[0]] = p
        d = self.current()
        if d is not None and d.side == side and d.node is not None:
            cell = self._grid.get(d.node)
            if cell is not None:
                out[SELECTED_PLANE, cell[0], cell[1]] = 1
        return out

    def isolated(self) -> Dict[str, int]:
        """Isolated units of each side (for the optional shaping)."""
        out = {}
        for s in SIDES:
            obs = self.game.observation(s)
            out[s] = sum(1 for u in obs["own_units"] if u["status"] == "Isolated")
        return out


def _other(side: str) -> str:
    return "allies" if side == "axis" else "axis"


def _grid(game: Game) -> Dict[int, Tuple[int, int]]:
    """Grid cell of each map node on the tensor grid."""
    obs = game.observation("axis")
    row0, col0, rows, cols = obs["grid"]
    out = {}
    for h in obs["hexes"]:
        rc = h["row_col"]
        if rc is None:
            continue
        r, c = rc[0] - row0, rc[1] - col0
        if 0 <= r < rows and 0 <= c < cols:
            out[h["node"]] = (r, c)
    return out


def observation_shape(game: Game) -> Tuple[int, int, int]:
    p = game.planes("axis")
    return (p.shape[0] + 1, p.shape[1], p.shape[2])
