"""Quartermaster: WWII wargame logistics as a Python game API.

``Game(path, seed)`` wraps the Rust engine (``qm_game``); the environments
are in :mod:`quartermaster.envs` (importing the package registers the
Gymnasium id ``Quartermaster-v0`` when Gymnasium is installed), self-play
(local or on Ray) in :mod:`quartermaster.selfplay`. See ``docs/python.md``.
"""

from ._quartermaster import (
    MAX_LOGISTICS_STEPS,
    PLANES,
    SCALARS,
    Game,
    LoadError,
    OrderError,
    Policy,
    QuartermasterError,
    Snapshot,
    game_seed,
    replay,
    run_chunk,
)

__all__ = [
    "MAX_LOGISTICS_STEPS",
    "PLANES",
    "SCALARS",
    "Game",
    "LoadError",
    "OrderError",
    "Policy",
    "QuartermasterError",
    "Snapshot",
    "game_seed",
    "replay",
    "run_chunk",
]


def _register_gymnasium() -> None:
    """Registers ``Quartermaster-v0`` with Gymnasium, when it is installed."""
    try:
        import gymnasium
    except ImportError:
        return
    if "Quartermaster-v0" not in gymnasium.registry:
        gymnasium.register(id="Quartermaster-v0", entry_point="quartermaster.envs.single:QuartermasterGym")


_register_gymnasium()
