"""The smallest honest demonstration that the environment is learnable, on
the hex campaign (``python/examples/README.md`` has the curve and how to
read it).

A linear softmax policy over a few features of each legal action (``OPS``:
the order's kind, what its destination is, whether it closes on an
objective the enemy holds; ``LOGISTICS``: pass, or the kind of the listed
choice) plays the Allies of Fuel for the Front
(``scenarios/campaigns/fuel-for-the-front.ron``), operations and logistics
decisions both (``logistics=True``), against the engine's built-in
``random`` and ``greedy`` policies, in turn. It is trained with plain numpy
REINFORCE: the return is the result (+1 win, 0 draw, -1 loss); after each
batch of games the weights move by ``lr / batch`` times the sum of
``(return - baseline) * grad log pi`` over the batch's games, the baseline
of a game being the mean return of the batch's other games against the
same opponent. Every ``--eval-every`` episodes the (sampled) policy is
evaluated with learning off on held-out seeds (1000000 on, never trained
on) against each opponent; the win rates (draws count half) and the wall
and CPU seconds so far are written to a CSV (``target/curve.csv`` by
default; the committed ``curve.csv`` has the win rates it gives, the
times differ from run to run), which ``plot.py`` draws.

    python python/examples/reinforce.py --out target/curve.csv
"""

from __future__ import annotations

import argparse
import csv
import re
import time
from pathlib import Path
from typing import Dict, Tuple

import numpy as np

from quartermaster import envs

ROOT = Path(__file__).resolve().parents[2]
#: Steps of one episode at most (a game of the campaign takes a few hundred).
MAX_STEPS = 20_000

# Planes of the observation (docs/observation.md), relative to the side.
OWN_CONTROL, ENEMY_CONTROL, OWN_HEX_FULL = 1, 2, 3
ENEMY_UNITS, DEFENCE_SHIFT, OBJECTIVE_POINTS = 10, 18, 21
OWN_FACTORS, ENEMY_FACTORS = (22, 23, 24), (27, 28, 29)
#: The plane marking the hex of the unit a decision is for.
SELECTED = 37

#: Features of an operations decision (action 0 is "no order").
OPS = [
    "no order",
    "move",
    "exploit",
    "attack",
    "build",
    "other order",
    "into an enemy hex",
    "onto an enemy objective (points)",
    "onto an own objective (points)",
    "closer to an enemy objective (hexes, at most 3)",
    "next to enemy units (hexes holding them)",
    "terrain defence shift",
    "into a fully supplied own hex",
    "attack odds (log of own over enemy factors)",
]
#: Features of a logistics step: pass (action 0), or the kind of the choice.
LOGISTICS = [
    "pass",
    "DesignateSource (designate)",
    "DesignateSource (give up)",
    "SeaSupply",
    "DrawOil",
    "Reorganize",
    "SpendSaved",
    "SaveStock",
    "TransportStock",
    "SendResources",
    "other choice",
]
NAMES = OPS + LOGISTICS
DIM = len(NAMES)
LOG0 = len(OPS)

_KINDS = {"Move": 1, "Exploit": 2, "Attack": 3, "Combat": 3}
_CHOICE = re.compile(r"^(\w+)")


def _cube(r: int, c: int) -> Tuple[int, int, int]:
    """Cube coordinates of an offset hex (odd rows shoved right)."""
    x = c - (r - (r & 1)) // 2
    return x, -x - r, r


class Features:
    """Per-action features of a side's decisions in one scenario."""

    def __init__(self, env) -> None:
        game = env.unwrapped.aec.base
        self.n = game.node_count()
        self.kinds = game.action_kinds()
        obs = game.observation(env.unwrapped.side)
        row0, col0, rows, cols = obs["grid"]
        # Node -> grid cell (nodes off the grid, boxes, get cell 0 and no
        # neighbours: nothing of theirs is read from the planes).
        self.on_grid = np.zeros(self.n, bool)
        self.cell = np.zeros((self.n, 2), np.int64)
        cube = np.zeros((self.n, 3), np.int64)
        at: Dict[Tuple[int, int], int] = {}
        for h in obs["hexes"]:
            if h["row_col"] is None:
                continue
            r, c = h["row_col"][0] - row0, h["row_col"][1] - col0
            if 0 <= r < rows and 0 <= c < cols:
                self.on_grid[h["node"]] = True
                self.cell[h["node"]] = (r, c)
                cube[h["node"]] = _cube(h["row_col"][0], h["row_col"][1])
                at[(r, c)] = h["node"]
        self.node_at = np.full((rows, cols), -1, np.int64)
        for (r, c), n in at.items():
            self.node_at[r, c] = n
        # Hex distance of every node to every objective.
        self.objectives = np.array([h["node"] for h in obs["hexes"] if h["objective"]], np.int64)
        d = np.abs(cube[:, None, :] - cube[None, self.objectives, :]).max(axis=2)
        self.obj_dist = np.where(self.on_grid[:, None], d, 99)
        # Neighbours of every node (-1: none), from the cube coordinates.
        key = {tuple(cube[n]): n for n in range(self.n) if self.on_grid[n]}
        steps = [(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)]
        self.nbr = np.full((self.n, 6), -1, np.int64)
        for n in range(self.n):
            if self.on_grid[n]:
                x, y, z = cube[n]
                for i, (dx, dy, dz) in enumerate(steps):
                    self.nbr[n, i] = key.get((x + dx, y + dy, z + dz), -1)
        self._key = None

    def new_episode(self) -> None:
        """Forgets the phase read last (the next call reads the planes)."""
        self._key = None

    def _phase(self, planes: np.ndarray) -> None:
        """Node vectors of the planes, read once per phase."""
        r, c = self.cell[:, 0], self.cell[:, 1]
        g = self.on_grid
        node = lambda p: np.where(g, planes[p, r, c], 0).astype(np.float64)  # noqa: E731
        self.enemy = node(ENEMY_CONTROL)
        self.own = node(OWN_CONTROL)
        self.points = node(OBJECTIVE_POINTS)
        self.defence = node(DEFENCE_SHIFT)
        self.full = node(OWN_HEX_FULL)
        self.own_f = sum(node(p) for p in OWN_FACTORS)
        self.enemy_f = sum(node(p) for p in ENEMY_FACTORS)
        units = node(ENEMY_UNITS) > 0
        self.near = np.where(self.nbr >= 0, units[self.nbr], False).sum(axis=1).astype(np.float64)
        targets = self.objectives[self.enemy[self.objectives] > 0]
        self.to_obj = self.obj_dist[:, np.isin(self.objectives, targets)].min(axis=1, initial=99).astype(np.float64)

    def __call__(self, obs, info) -> Tuple[np.ndarray, np.ndarray]:
        """The legal actions and their feature rows."""
        legal = np.flatnonzero(obs["action_mask"])
        phi = np.zeros((len(legal), DIM))
        if info.get("decision") == "logistics":
            choices = info["choices"]
            for i, a in enumerate(legal):
                phi[i, LOG0 + self._choice(choices[a - 1] if a else None)] = 1.0
            return legal, phi
        planes = obs["observation"]
        # The planes hold for a phase (orders are queued until it runs).
        key = (int(obs["scalars"][0]), int(obs["scalars"][1]))
        if key != self._key:
            self._phase(planes)
            self._key = key
        phi[legal == 0, 0] = 1.0
        rest = legal > 0
        k, n = np.divmod(legal[rest] - 1, self.n)
        kind = np.array([_KINDS.get(self.kinds[x], 4 if self.kinds[x].startswith("Build:") else 5) for x in k])
        rows = np.flatnonzero(rest)
        phi[rows, kind] = 1.0
        moving = kind <= 2
        attack = kind == 3
        phi[rows, 6] = self.enemy[n] * moving
        phi[rows, 7] = self.points[n] * self.enemy[n] * moving
        phi[rows, 8] = self.points[n] * self.own[n] * moving
        sel = np.argwhere(planes[SELECTED] > 0)
        if len(sel):
            u = self.node_at[sel[0][0], sel[0][1]]
            phi[rows, 9] = np.clip(self.to_obj[u] - self.to_obj[n], -3, 3) * moving
            odds = np.log((self.own_f[u] + 1.0) / (self.enemy_f[n] + 1.0))
            phi[rows, 13] = odds * attack
        phi[rows, 10] = self.near[n] * moving
        phi[rows, 11] = self.defence[n] * moving
        phi[rows, 12] = self.full[n] * moving
        return legal, phi

    @staticmethod
    def _choice(text) -> int:
        if text is None:
            return 0
        name = _CHOICE.match(text).group(1)
        if name == "DesignateSource":
            return 1 if "designate:true" in text else 2
        try:
            return LOGISTICS.index(name)
        except ValueError:
            return len(LOGISTICS) - 1


def softmax(z: np.ndarray) -> np.ndarray:
    p = np.exp(z - z.max())
    return p / p.sum()


def episode(env, feats: Features, theta: np.ndarray, seed: int, rng, learn: bool):
    """Plays one episode; its return, the gradient of its log-probability
    (None when not learning) and the last step's info."""
    obs, info = env.reset(seed=seed)
    feats.new_episode()
    grad = np.zeros_like(theta) if learn else None
    ret = 0.0
    for _ in range(MAX_STEPS):
        legal, phi = feats(obs, info)
        p = softmax(phi @ theta)
        i = int(rng.choice(len(p), p=p))
        if learn:
            grad += phi[i] - p @ phi
        obs, r, term, trunc, info = env.step(int(legal[i]))
        ret += r
        if term or trunc:
            break
    return ret, grad, info


def evaluate(env, feats, theta, seeds, rng) -> Tuple[float, Dict[str, int]]:
    """Win rate (draws half) on ``seeds``, and how the games ended."""
    score, ends = 0.0, {}
    for s in seeds:
        r, _, info = episode(env, feats, theta, s, rng, learn=False)
        score += 1.0 if r > 0 else (0.5 if r == 0 else 0.0)
        end = f"{'win' if r > 0 else 'loss' if r < 0 else 'draw'}:{info.get('reason')}"
        ends[end] = ends.get(end, 0) + 1
    return score / len(seeds), dict(sorted(ends.items()))


def update(theta: np.ndarray, batch, lr: float) -> None:
    """One REINFORCE step from a batch of ``(opponent, return, grad)``."""
    step = np.zeros_like(theta)
    for o in {b[0] for b in batch}:
        games = [b for b in batch if b[0] == o]
        if len(games) < 2:
            continue
        rets = np.array([b[1] for b in games])
        baseline = (rets.sum() - rets) / (len(rets) - 1)
        for adv, (_, _, grad) in zip(rets - baseline, games):
            step += adv * grad
    theta += lr / len(batch) * step


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", default=str(ROOT / "scenarios/campaigns/fuel-for-the-front.ron"))
    ap.add_argument("--side", default="allies")
    ap.add_argument("--train", default="random,greedy", help="opponents of the training games, in turn")
    ap.add_argument("--episodes", type=int, default=1000)
    ap.add_argument("--batch", type=int, default=10, help="games per update (at least 2 against each opponent)")
    ap.add_argument("--lr", type=float, default=0.0125)
    ap.add_argument("--pass-bias", type=float, default=5.0, help="starting weight of a logistics pass")
    ap.add_argument("--eval-every", type=int, default=100)
    ap.add_argument("--eval-games", type=int, default=40, help="held-out games against each opponent")
    ap.add_argument("--max-turns", type=int, default=7, help="game turns before adjudication (the campaign has 7)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=str(ROOT / "target/curve.csv"))
    a = ap.parse_args()
    opponents = ["random", "greedy"]
    train = a.train.split(",")
    env = {
        o: envs.gym_env(scenario=a.scenario, opponent=o, side=a.side, max_turns=a.max_turns, logistics=True)
        for o in opponents
    }
    feats = Features(env["random"])
    theta = np.zeros(DIM)
    # The untrained policy: uniform over the legal orders, and in a
    # logistics step a strong preference for passing (the engine's
    # defaults): uniform over the listed choices, it gives up its supply
    # source in the first turn and loses every game by elimination.
    theta[LOG0] = a.pass_bias
    rng = np.random.default_rng(a.seed)
    eval_rng = np.random.default_rng(a.seed + 1)
    eval_seeds = [1_000_000 + i for i in range(a.eval_games)]
    t0, c0 = time.perf_counter(), time.process_time()
    out = open(a.out, "w", newline="")
    csv_out = csv.writer(out)
    csv_out.writerow(["episode", "win_rate_vs_random", "win_rate_vs_greedy", "elapsed_s", "cpu_s"])

    def report(ep: int) -> None:
        rates = []
        for o in opponents:
            rate, ends = evaluate(env[o], feats, theta, eval_seeds, eval_rng)
            rates.append(rate)
            print(f"  vs {o}: {rate:.3f} {ends}", flush=True)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        csv_out.writerow([ep, *rates, f"{wall:.0f}", f"{cpu:.0f}"])
        out.flush()
        top = ", ".join(f"{NAMES[i]} {theta[i]:+.2f}" for i in np.argsort(-np.abs(theta))[:4])
        print(
            f"episode {ep}: vs random {rates[0]:.3f}, vs greedy {rates[1]:.3f} ({wall:.0f} s, {cpu:.0f} CPU s); {top}",
            flush=True,
        )

    report(0)
    batch = []
    for ep in range(1, a.episodes + 1):
        o = train[(ep - 1) % len(train)]
        ret, grad, _ = episode(env[o], feats, theta, a.seed * 100_000 + ep, rng, learn=True)
        batch.append((o, ret, grad))
        if len(batch) == a.batch:
            update(theta, batch, a.lr)
            batch = []
        if ep % a.eval_every == 0:
            report(ep)
    out.close()
    print("weights:\n" + "\n".join(f"  {t:+.2f}  {n}" for n, t in zip(NAMES, theta)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
