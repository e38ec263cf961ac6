"""Draws the learning curve written by reinforce.py (needs matplotlib).

    python python/examples/plot.py python/examples/curve.csv python/examples/curve.png
"""

import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(src: str, dst: str) -> int:
    with open(src, newline="") as f:
        rows = [(int(r["episode"]), float(r["win_rate"])) for r in csv.DictReader(f)]
    xs, ys = zip(*rows)
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    ax.plot(xs, ys, marker="o")
    ax.axhline(ys[0], linestyle="--", color="grey", label="untrained (uniform over legal actions)")
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win rate vs random (draws half)")
    ax.set_ylim(0, 1)
    ax.set_title("REINFORCE, tabular policy: Allies, barbarossa-pocket, 4 turns")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(dst)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], sys.argv[2]))
