"""Deprecated alias of :mod:`quartermaster.envs` (this name shadows the
``gymnasium`` package): ``make`` is :func:`quartermaster.envs.gym_env`."""

import warnings

from .envs.single import QuartermasterGym
from .envs.single import gym_env as make

warnings.warn(
    "quartermaster.gymnasium is deprecated: use quartermaster.envs.gym_env", DeprecationWarning, stacklevel=2
)

__all__ = ["QuartermasterGym", "make"]
