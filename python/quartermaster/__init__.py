"""Quartermaster: WWII wargame logistics as a Python game API.

``Game(path, seed)`` wraps the Rust engine (``qm_game``); the environments
are in :mod:`quartermaster.pettingzoo` and :mod:`quartermaster.gymnasium`,
self-play (local or on Ray) in :mod:`quartermaster.selfplay`. See
``docs/python.md``.
"""

from ._quartermaster import (
    PLANES,
    Game,
    LoadError,
    OrderError,
    Policy,
    QuartermasterError,
    Snapshot,
    replay,
    run_chunk,
)

__all__ = [
    "PLANES",
    "Game",
    "LoadError",
    "OrderError",
    "Policy",
    "QuartermasterError",
    "Snapshot",
    "replay",
    "run_chunk",
]
