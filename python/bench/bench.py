"""Benchmarks of the Python package (issue 12), as ratios measured in one run.

    python python/bench/bench.py [--scenario S] [--games N] [--qm PATH]

1. env steps/s through the PettingZoo API (random masked actions) vs the
   same games (same seeds, same orders, checked by the final checksum)
   replayed through the Rust API (`replay`: per phase each side's legal
   orders and observation, the orders submitted, the phase run);
2. self-play games/s on Ray with 1 and with 2 workers;
3. `selfplay.run(backend="local")` vs `qm selfplay` (one thread each).

Every loop is bounded; figures are wall-clock and depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]

import quartermaster as q  # noqa: E402
from quartermaster import envs  # noqa: E402
from quartermaster import selfplay  # noqa: E402

MAX_STEPS = 50_000


class Timed:
    """A `Game` whose every method call is timed: the time spent in Rust."""

    def __init__(self, game: q.Game, clock: list) -> None:
        self._game, self._clock = game, clock

    def __getattr__(self, name: str):
        f = getattr(self._game, name)
        if not callable(f):
            return f

        def timed(*a, **k):
            t0 = time.perf_counter()
            try:
                return f(*a, **k)
            finally:
                self._clock[0] += time.perf_counter() - t0

        return timed


def env_vs_rust(scenario: str, games: int) -> dict:
    env = envs.aec_env(scenario=scenario)
    steps = 0
    t_env = 0.0
    t_rust = 0.0
    native = [0.0]
    for g in range(games):
        rng = np.random.default_rng(g)
        t0 = time.perf_counter()
        env.reset(seed=g)
        env.loop.game = Timed(env.loop.game, native)
        for agent in env.agent_iter(max_iter=MAX_STEPS):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        t_env += time.perf_counter() - t0
        checksum, secs = q.replay(scenario, g, env.loop.log)
        assert checksum == env.loop.game._game.checksum(), "the replay is the same game"
        t_rust += secs
    return {"steps": steps, "env_s": t_env, "rust_s": t_rust, "native_s": native[0]}


def ray_workers(scenario: str, games: int, chunk: int) -> dict:
    import ray

    out = {}
    for cpus in (1, 2):
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        selfplay.run(scenario, 2 * cpus, 1, ("greedy", "random"), backend="ray", chunk=1)  # warm the workers
        t0 = time.perf_counter()
        selfplay.run(scenario, games, 1, ("greedy", "random"), backend="ray", chunk=chunk)
        out[cpus] = time.perf_counter() - t0
        ray.shutdown()
    return out


def local_vs_cli(scenario: str, games: int, qm: list) -> dict:
    t0 = time.perf_counter()
    lines = selfplay.run(scenario, games, 1, ("greedy", "random"), backend="local")
    t_py = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "r.jsonl")
        t0 = time.perf_counter()
        subprocess.run([*qm, "selfplay", scenario, "--games", str(games), "--seed", "1", "--out", out], check=True, capture_output=True)
        t_cli = time.perf_counter() - t0
        same = Path(out).read_text() == lines
    return {"py_s": t_py, "cli_s": t_cli, "identical": same}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default=str(ROOT / "scenarios/awaw/eastern-front-1941.ron"))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--qm", default=os.environ.get("QM_BIN", str(ROOT / "target/debug/qm")))
    a = ap.parse_args()
    e = env_vs_rust(a.scenario, a.games)
    print(f"env: {e['steps']} steps in {a.games} games")
    print(f"  PettingZoo API: {e['env_s']:.3f} s, {e['steps'] / e['env_s']:.0f} steps/s")
    print(f"  Rust API replay: {e['rust_s']:.3f} s, {e['steps'] / e['rust_s']:.0f} steps/s")
    print(f"  env time / Rust API time: {e['env_s'] / e['rust_s']:.2f}x")
    py = e["env_s"] - e["native_s"]
    print(
        f"  of the env's time: {e['native_s']:.3f} s in Rust calls (the engine's work, with exact masks), "
        f"{py:.3f} s in Python: Python overhead {100 * py / e['native_s']:.0f}% of the Rust time"
    )
    r = ray_workers(a.scenario, 4 * a.games, 4)
    g = 4 * a.games
    print(f"ray: {g} games: 1 worker {g / r[1]:.2f} games/s, 2 workers {g / r[2]:.2f} games/s, speed-up {r[1] / r[2]:.2f}x")
    c = local_vs_cli(a.scenario, 4 * a.games, [a.qm])
    print(
        f"selfplay.run local {g / c['py_s']:.2f} games/s vs qm selfplay {g / c['cli_s']:.2f} games/s "
        f"(ratio {c['cli_s'] / c['py_s']:.2f}), identical: {c['identical']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
