"""A single-agent Gymnasium environment against a built-in policy:
``gym_env(scenario=..., opponent="greedy", seed=...)``, registered with
Gymnasium as ``Quartermaster-v0`` (``gymnasium.make("Quartermaster-v0")``
after ``import quartermaster``; without ``scenario=`` it plays
:data:`DEFAULT_SCENARIO`).

The agent plays one side (``side="axis"`` by default) with the same
observation, action encoding and rewards as the AEC environment
(:mod:`quartermaster.pettingzoo`); the opponent is one of the engine's
policies (``random``, ``greedy``, ``rollout``), seeded from the episode's
seed, giving its operations for each phase at once (under the same fog;
its logistics are the engine's defaults).

Gymnasium's checker and most learners sample actions without the mask: an
action the mask excludes gives no order, and ``info["refused"]`` says so
(with the action), so nothing is dropped silently. ``info["action_mask"]``
repeats the mask.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Dict, Optional, Tuple, Union

import gymnasium as gym
import numpy as np

from .. import _core
from .._quartermaster import OrderError
from .aec import QuartermasterEnv

#: The Gymnasium id registered by ``import quartermaster``.
ENV_ID = "Quartermaster-v0"

#: The scenario played when none is given: ``$QM_SCENARIO``, else the
#: Barbarossa pocket of the repository the package was built from.
DEFAULT_SCENARIO = os.environ.get(
    "QM_SCENARIO", str(Path(__file__).resolve().parents[3] / "scenarios/awaw/barbarossa-pocket.ron")
)


def gym_env(
    scenario: Optional[str] = None,
    opponent: str = "greedy",
    seed: Optional[int] = None,
    side: str = "axis",
    fog: Union[bool, int] = False,
    max_turns: int = 12,
    shaping: float = 0.0,
    logistics: bool = True,
) -> "QuartermasterGym":
    """The environment of ``scenario`` (default :data:`DEFAULT_SCENARIO`):
    the agent plays ``side`` against ``opponent``; ``fog`` and
    ``logistics`` as in :func:`quartermaster.envs.aec_env`."""
    return QuartermasterGym(scenario, opponent, seed, side, fog, max_turns, shaping, logistics=logistics)


class QuartermasterGym(gym.Env):
    """One side of a scenario against a built-in policy."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        scenario: Optional[str] = None,
        opponent: str = "greedy",
        seed: Optional[int] = None,
        side: str = "axis",
        fog: Union[bool, int] = False,
        max_turns: int = 12,
        shaping: float = 0.0,
        render_mode: Optional[str] = None,
        logistics: bool = True,
    ) -> None:
        if scenario is None:
            scenario = DEFAULT_SCENARIO
            if not Path(scenario).is_file():
                raise ValueError(f"no scenario given and the default `{scenario}` is missing: pass scenario=PATH")
        if side not in _core.SIDES:
            raise ValueError(f"unknown side `{side}` (expected axis or allies)")
        self.side = side
        self.opponent = opponent
        self.render_mode = render_mode
        self.aec = QuartermasterEnv(
            scenario,
            seed,
            fog,
            max_turns,
            shaping,
            render_mode,
            auto={_core._other(side): opponent},
            logistics=logistics,
        )
        self.observation_space = self.aec.observation_space(side)
        self.action_space = self.aec.action_space(side)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self._paid = False
        obs = self._obs()
        return obs, self._info(obs)

    def step(self, action: Any) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        if self.aec.terminations.get(self.side, True):
            # The game ended without a decision of the agent (in reset, or
            # the step after the end): the result is paid once.
            reward = 0.0 if self._paid else float(self.aec._cumulative_rewards.get(self.side, 0.0))
            self._paid = True
            obs = self._obs()
            return obs, reward, True, False, self._info(obs)
        a = int(action)
        refused = None
        mask = self.aec.loop.mask(self.side)
        if not (0 <= a < mask.shape[0]) or mask[a] == 0:
            refused = {"action": a, "why": "masked out: no order given"}
            a = 0
        try:
            self.aec.step(a)
        except OrderError as e:  # pragma: no cover - the mask is exact
            refused = {"action": a, "why": str(e)}
            self.aec.step(0)
        reward = float(self.aec._cumulative_rewards.get(self.side, 0.0))
        terminated = bool(self.aec.terminations.get(self.side, False))
        self._paid = terminated
        obs = self._obs()
        info = self._info(obs)
        if refused is not None:
            info["refused"] = refused
        return obs, reward, terminated, False, info

    def _obs(self) -> Dict[str, np.ndarray]:
        return self.aec.observe(self.side)

    def _info(self, obs: Dict[str, np.ndarray]) -> Dict[str, Any]:
        info = dict(self.aec.infos.get(self.side, {}))
        info["action_mask"] = obs["action_mask"].copy()
        return info

    def render(self) -> Optional[str]:
        return self.aec.render()
