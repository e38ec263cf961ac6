"""The PettingZoo AEC environment: ``aec_env(scenario=..., seed=..., fog=False)``.

Agents are the two sides, ``"axis"`` and ``"allies"``. Each step is one
decision: the order of one unit (or the constructions) for the phase about
to run, sub-stepped unit by unit, then (``logistics=True``, the default)
the side's logistics decisions one atomic choice a step; the side to move
first, then the other side; the phase runs when both sides are done. The
observation is a dict:

- ``observation``: ``uint8 (PLANES + 1, rows, cols)``, the engine's planes
  (``docs/observation.md``) and a last plane marking the hex of the unit
  the decision is for;
- ``scalars``: ``int64 (SCALARS,)``, the engine's scalars (turn, phase,
  side to move, side, then the side's economy; ``docs/observation.md``);
- ``action_mask``: ``int8 (n,)``, 1 for the actions the engine accepts now.

The action space is ``Discrete(1 + K * N)``: action 0 gives no order; action
``1 + k * N + n`` gives the unit's order of kind ``k``
(``Game.action_kinds()``) whose destination is map node ``n``. In a
logistics step, action 0 passes (the engine's default for the rest of the
decision) and action ``1 + k`` gives the ``k``-th listed choice
(``infos[agent]["choices"]``). A masked-out action raises
:class:`quartermaster.OrderError` and changes nothing. Rewards: win +1,
loss -1, draw 0 at the end; with ``shaping > 0``, each phase also rewards
``shaping`` per enemy unit newly isolated and ``-shaping`` per own unit
newly isolated (off by default). See ``docs/python.md``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import _core
from .._quartermaster import DEFAULT_SIGHT, SCALARS, Game

#: Bound of the ``scalars`` space: the engine's economy fits 32 bits.
SCALAR_BOUND = 2**31 - 1



def aec_env(
    scenario: str,
    seed: Optional[int] = None,
    fog: Union[bool, int] = False,
    max_turns: int = 12,
    shaping: float = 0.0,
    render_mode: Optional[str] = None,
    logistics: bool = True,
) -> "QuartermasterEnv":
    """The AEC environment of ``scenario`` (a scenario file).

    ``seed`` is used by the first ``reset()`` without a seed; ``fog`` is
    False (everything visible), True (the scenario's ``sight``, or
    ``DEFAULT_SIGHT`` when it sets none) or a sight range in hexes;
    ``logistics`` False leaves the logistics decisions to the engine's
    defaults (operations only).
    """
    return QuartermasterEnv(scenario, seed, fog, max_turns, shaping, render_mode, logistics=logistics)


def _sight(fog: Union[bool, int, None], game: Game) -> Optional[int]:
    """The sight range of ``fog`` in ``game``'s scenario, None for no fog."""
    if fog is True:
        sight = game.sight()
        return DEFAULT_SIGHT if sight is None else sight
    if fog is False or fog is None:
        return None
    return int(fog)


class QuartermasterEnv(AECEnv):
    """Two sides playing a Quartermaster scenario, one decision a step."""

    metadata = {"name": "quartermaster_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        scenario: str,
        seed: Optional[int] = None,
        fog: Union[bool, int] = False,
        max_turns: int = 12,
        shaping: float = 0.0,
        render_mode: Optional[str] = None,
        auto: Optional[Dict[str, str]] = None,
        logistics: bool = True,
    ) -> None:
        super().__init__()
        self.scenario = scenario
        self.base = Game(scenario, 0)
        #: The sight range played under (None: no fog).
        self.sight = _sight(fog, self.base)
        #: Whether the agents take the logistics decisions.
        self.logistics = bool(logistics)
        self.max_turns = max_turns
        self.shaping = shaping
        self.render_mode = render_mode
        self.auto = dict(auto or {})
        self._next_seed = 0 if seed is None else int(seed)
        self.possible_agents = [s for s in _core.SIDES if s not in self.auto]
        n = self.base.action_count()
        shape = _core.observation_shape(self.base)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 255, shape, dtype=np.uint8),
                "scalars": spaces.Box(-SCALAR_BOUND, SCALAR_BOUND, (SCALARS,), dtype=np.int64),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(n)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self.loop: Optional[_core.Loop] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- AEC API ------------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._next_seed = int(seed)
        game_seed = self._next_seed
        self._next_seed += 1
        self.loop = _core.Loop(self.base, game_seed, self.max_turns, self.sight, self.auto, self.logistics)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"seed": game_seed} for a in self.agents}
        self._isolated = self.loop.isolated() if self.shaping else None
        self._settle()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        assert self.loop is not None, "reset() first"
        return {
            "observation": self.loop.planes(agent),
            "scalars": self.loop.scalars(agent),
            "action_mask": self.loop.mask(agent),
        }

    def step(self, action: Optional[int]) -> None:
        assert self.loop is not None, "reset() first"
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        phases = len(self.loop.log)
        self.loop.act(int(action))
        if self.shaping and len(self.loop.log) != phases:
            self._shape()
        self._settle()
        self._accumulate_rewards()

    def _shape(self) -> None:
        now = self.loop.isolated()
        for a in self.agents:
            other = _core._other(a)
            gained = (now[other] - self._isolated[other]) - (now[a] - self._isolated[a])
            self.rewards[a] += self.shaping * gained
        self._isolated = now

    def _settle(self) -> None:
        """Selects the agent to act, or ends the game with its rewards."""
        loop = self.loop
        if loop.ending is not None:
            for a in self.agents:
                w = loop.ending.winner
                self.rewards[a] += 0.0 if w is None else (1.0 if w == a else -1.0)
                self.terminations[a] = True
                self.infos[a] = {
                    "seed": loop.seed,
                    "winner": loop.ending.winner,
                    "reason": loop.ending.reason,
                    "checksum": loop.game.checksum(),
                }
            self.agent_selection = self.agents[0]
            return
        d = loop.current()
        assert d is not None
        self.agent_selection = d.side
        info: Dict[str, Any] = {"seed": loop.seed, "unit": d.unit, "decision": d.kind}
        if d.kind == _core.LOGISTICS:
            info["choices"] = list(d.choices)
        self.infos[d.side] = info

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi" or self.loop is None:
            return None
        turn, side, phase = self.loop.game.clock()
        d = self.loop.current()
        if d is None:
            who = ""
        elif d.kind == _core.LOGISTICS:
            who = f", {d.side} decides logistics (step {self.loop.logistics_steps.get(d.side, 0) + 1})"
        else:
            who = f", {d.side} decides for {d.unit or 'constructions'}"
        return f"turn {turn}, {side} to move, before {phase}{who}"

    def close(self) -> None:
        self.loop = None

    # -- extras -------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played."""
        assert self.loop is not None, "reset() first"
        return self.loop.game

    def describe_action(self, action: int) -> str:
        """What `action` means for the current decision: ``"no order"`` or
        ``"<kind> -> node <n>"``; in a logistics step ``"pass"`` or the
        choice's RON text."""
        d = self.loop.current() if self.loop is not None else None
        if d is not None and d.kind == _core.LOGISTICS:
            if action == 0:
                return "pass"
            if 1 <= action <= len(d.choices):
                return d.choices[action - 1]
            return "no listed choice"
        return describe_action(self.game, action)


def describe_action(game: Game, action: int) -> str:
    """Decodes an action of the encoding (``docs/python.md``)."""
    if action == 0:
        return "no order"
    k, node = divmod(int(action) - 1, game.node_count())
    return f"{game.action_kinds()[k]} -> node {node}"
