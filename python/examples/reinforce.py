"""The smallest honest demonstration that the environment is learnable.

A tabular policy (one logit per action of the encoding, a softmax over the
actions the mask allows) gives the operations of the Allies of the
Barbarossa pocket (its logistics are the engine's defaults) against the
built-in `random` policy, and is trained with plain numpy REINFORCE (the
episode's result, +1 / 0 / -1, minus a running-mean baseline). Every
`--eval-every` episodes the (sampled) policy is evaluated on
held-out seeds with the learning switched off, and the win rate (draws
count half) is written to a CSV (``target/curve.csv`` by default, beside
the build; the committed ``curve.csv`` is what it gives); `plot.py` draws it.

    python python/examples/reinforce.py --out target/curve.csv
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np

from quartermaster import envs

ROOT = Path(__file__).resolve().parents[2]
#: Steps of one episode at most.
MAX_STEPS = 5_000


def masked_softmax(theta: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask > 0, theta, -np.inf)
    z = z - z[mask > 0].max()
    p = np.exp(z)
    return p / p.sum()


def episode(env, theta: np.ndarray, seed: int, rng: np.random.Generator, learn: bool):
    """Plays one episode; its return and the gradient of its log-probability."""
    obs, _ = env.reset(seed=seed)
    grad = np.zeros_like(theta) if learn else None
    ret = 0.0
    for _ in range(MAX_STEPS):
        mask = obs["action_mask"]
        p = masked_softmax(theta, mask)
        a = int(rng.choice(len(p), p=p))
        if learn:
            grad -= p
            grad[a] += 1.0
        obs, r, term, trunc, _ = env.step(a)
        ret += r
        if term or trunc:
            break
    return ret, grad


def evaluate(env, theta: np.ndarray, seeds, rng) -> float:
    score = 0.0
    for s in seeds:
        r, _ = episode(env, theta, s, rng, learn=False)
        score += 1.0 if r > 0 else (0.5 if r == 0 else 0.0)
    return score / len(seeds)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default=str(ROOT / "scenarios/awaw/barbarossa-pocket.ron"))
    ap.add_argument("--side", default="allies")
    ap.add_argument("--episodes", type=int, default=1000)
    ap.add_argument("--eval-every", type=int, default=100)
    ap.add_argument("--eval-games", type=int, default=60)
    ap.add_argument("--max-turns", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=str(ROOT / "target/curve.csv"))
    a = ap.parse_args()
    # Operations only (logistics=False): one logit per action cannot tell
    # a logistics step's choices from the operations they share numbers with.
    env = envs.gym_env(
        scenario=a.scenario, opponent="random", seed=a.seed, side=a.side, max_turns=a.max_turns, logistics=False
    )
    theta = np.zeros(env.action_space.n)
    rng = np.random.default_rng(a.seed)
    eval_rng = np.random.default_rng(a.seed + 1)
    eval_seeds = [1_000_000 + i for i in range(a.eval_games)]
    baseline = 0.0
    rows = [(0, evaluate(env, theta, eval_seeds, eval_rng))]
    print(f"episode 0: win rate vs random {rows[-1][1]:.3f}", flush=True)
    t0 = time.perf_counter()
    for ep in range(1, a.episodes + 1):
        ret, grad = episode(env, theta, a.seed * 100_000 + ep, rng, learn=True)
        theta += a.lr * (ret - baseline) * grad
        baseline += 0.05 * (ret - baseline)
        if ep % a.eval_every == 0:
            rows.append((ep, evaluate(env, theta, eval_seeds, eval_rng)))
            print(f"episode {ep}: win rate vs random {rows[-1][1]:.3f} ({time.perf_counter() - t0:.0f} s)", flush=True)
    with open(a.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["episode", "win_rate"])
        w.writerows(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
