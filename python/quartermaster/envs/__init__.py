"""The environments: :func:`aec_env`, the PettingZoo AEC environment of
both sides, and :func:`gym_env`, one side against a built-in policy as a
Gymnasium environment (registered as ``Quartermaster-v0``). See
``docs/python.md``.

The package is named ``envs`` so that ``from quartermaster import envs``
shadows neither ``pettingzoo`` nor ``gymnasium``.
"""

from .aec import DEFAULT_SIGHT, QuartermasterEnv, aec_env, describe_action
from .single import DEFAULT_SCENARIO, ENV_ID, QuartermasterGym, gym_env

__all__ = [
    "DEFAULT_SCENARIO",
    "DEFAULT_SIGHT",
    "ENV_ID",
    "QuartermasterEnv",
    "QuartermasterGym",
    "aec_env",
    "describe_action",
    "gym_env",
]
