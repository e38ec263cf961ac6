"""Deprecated alias of :mod:`quartermaster.envs` (this name shadows the
``pettingzoo`` package): ``env`` is :func:`quartermaster.envs.aec_env`."""

import warnings

from .envs.aec import DEFAULT_SIGHT, QuartermasterEnv, describe_action
from .envs.aec import aec_env as env

warnings.warn(
    "quartermaster.pettingzoo is deprecated: use quartermaster.envs.aec_env", DeprecationWarning, stacklevel=2
)

__all__ = ["DEFAULT_SIGHT", "QuartermasterEnv", "describe_action", "env"]
