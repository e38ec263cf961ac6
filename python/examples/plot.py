"""Draws the learning curve written by reinforce.py (needs matplotlib): the
win rate against each built-in opponent over the training episodes.

    python python/examples/plot.py python/examples/curve.csv python/examples/curve.png
"""

import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

#: The CSV's win-rate columns and their labels.
CURVES = [("win_rate_vs_random", "vs random"), ("win_rate_vs_greedy", "vs greedy")]


def main(src: str, dst: str) -> int:
    with open(src, newline="") as f:
        rows = list(csv.DictReader(f))
    xs = [int(r["episode"]) for r in rows]
    fig, ax = plt.subplots(figsize=(6.5, 3.8), dpi=100)
    for (col, label), color in zip(CURVES, ["tab:blue", "tab:red"]):
        ys = [float(r[col]) for r in rows]
        ax.plot(xs, ys, marker="o", color=color, label=label)
    ax.set_xlabel("training episodes (games, opponents in turn)")
    ax.set_ylabel("win rate, held-out seeds (draws half)")
    ax.set_ylim(-0.02, 1.02)
    minutes = float(rows[-1]["elapsed_s"]) / 60
    ax.set_title(f"REINFORCE, linear policy: Allies, fuel-for-the-front ({minutes:.0f} min wall)", fontsize=10)
    ax.legend(loc="center right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(dst)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], sys.argv[2]))
