"""Seeded self-play, locally or on Ray, with the output of ``qm selfplay``.

``run(scenario, games, seed, policies, backend="local"|"ray", chunk=...)``
splits the batch into chunks of ``chunk`` games; each chunk is one call of
the Rust batch runner (``run_chunk``: games ``start..start+chunk`` with
seeds ``game_seed(seed, i)``, policies alternating sides by game), so the cost is one
call per chunk. With ``backend="ray"`` each chunk is a Ray task; results
stream back as they finish and are put in game order. The JSON lines are
byte-identical to ``qm selfplay``'s file for the same scenario, seed,
policies and turn limit.

CLI (it prints the summary ``qm selfplay`` prints: win rates with Wilson
95% intervals, mean turns, games/s, player turns/s)::

    python -m quartermaster.selfplay SCENARIO --games N --seed S \\
        --policies greedy,random --backend ray [--address local|auto|HOST:PORT] [--out F]

``--address local`` (the default) starts Ray on this machine; ``auto``
joins a running cluster, and without one the command says so in one line
and exits 1.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Callable, Iterable, List, Optional, Sequence, Tuple

from ._quartermaster import run_chunk, run_chunk_counted, summary

#: `qm selfplay`'s default turn limit (`qm_ai::Limits`).
DEFAULT_MAX_TURNS = 12


class NoClusterError(RuntimeError):
    """Ray found no cluster at the address given."""


def chunks(games: int, chunk: int) -> List[Tuple[int, int]]:
    """``(start, count)`` of each chunk, in game order."""
    if games < 0 or chunk < 1:
        raise ValueError("games must be >= 0 and chunk >= 1")
    return [(s, min(chunk, games - s)) for s in range(0, games, chunk)]


def run(
    scenario: str,
    games: int,
    seed: int = 1,
    policies: Sequence[str] = ("greedy", "random"),
    backend: str = "local",
    chunk: Optional[int] = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    threads: int = 1,
    address: Optional[str] = None,
    on_chunk: Optional[Callable[[int, int], None]] = None,
) -> str:
    """Plays the batch; its JSON lines, sorted by game.

    ``policies``: two names (or one, playing itself). ``chunk``: games per
    call (default: all games in one call locally, 4 per task on Ray).
    ``address``: Ray's address (``"auto"`` for a running cluster, ``None``
    or ``"local"`` to start one on this machine) when Ray is not
    initialised yet; :class:`NoClusterError` when ``"auto"`` (or an
    address) finds no cluster. ``on_chunk(start, count)`` is called as
    each chunk comes back.
    """
    return _play(scenario, games, seed, policies, backend, chunk, max_turns, threads, address, on_chunk)[0]


def _play(
    scenario: str,
    games: int,
    seed: int,
    policies: Sequence[str],
    backend: str,
    chunk: Optional[int],
    max_turns: int,
    threads: int,
    address: Optional[str],
    on_chunk: Optional[Callable[[int, int], None]],
) -> Tuple[str, int, int]:
    """:func:`run`, with the player turns and refused orders of the batch."""
    pair = _pair(policies)
    path = os.path.abspath(scenario)
    if backend == "local":
        parts = chunks(games, chunk or max(games, 1))
        out = []
        for start, count in parts:
            out.append(run_chunk_counted(path, seed, start, count, pair, max_turns, threads))
            if on_chunk:
                on_chunk(start, count)
        return _joined(out)
    if backend == "ray":
        return _run_ray(path, games, seed, pair, chunk or 4, max_turns, address, on_chunk)
    raise ValueError(f"unknown backend `{backend}` (expected local or ray)")


def _joined(parts: Sequence[Tuple[str, int, int]]) -> Tuple[str, int, int]:
    """The chunks' lines in order, their counts summed."""
    return ("".join(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts))


def _pair(policies: Sequence[str]) -> Tuple[str, str]:
    p = list(policies)
    if len(p) == 1:
        p = p * 2
    if len(p) != 2:
        raise ValueError(f"two policies, got {p}")
    return (p[0], p[1])


def _run_ray(
    path: str,
    games: int,
    seed: int,
    pair: Tuple[str, str],
    chunk: int,
    max_turns: int,
    address: Optional[str],
    on_chunk: Optional[Callable[[int, int], None]],
) -> Tuple[str, int, int]:
    import ray

    if not ray.is_initialized():
        _ray_init(ray, address)
    task = ray.remote(num_cpus=1)(_chunk_task)
    parts = chunks(games, chunk)
    pending = {task.remote(path, seed, s, c, pair, max_turns): (s, c) for s, c in parts}
    done = {}
    for _ in range(len(parts)):
        ready, _rest = ray.wait(list(pending), num_returns=1)
        ref = ready[0]
        start, count = pending.pop(ref)
        done[start] = ray.get(ref)
        if on_chunk:
            on_chunk(start, count)
    return _joined([done[s] for s, _ in parts])


def _ray_init(ray, address: Optional[str]) -> None:  # noqa: ANN001 - the ray module
    """Starts Ray here (``None``, ``"local"``) or joins the cluster at
    ``address``; :class:`NoClusterError` when there is none."""
    if address in (None, "local"):
        ray.init(address="local")
        return
    try:
        ray.init(address=address)
    except ConnectionError as e:
        raise NoClusterError(
            f"no Ray cluster found at --address {address}: start one (`ray start --head`) "
            "or use --address local to run on this machine"
        ) from e


def _chunk_task(
    path: str, seed: int, start: int, count: int, pair: Tuple[str, str], max_turns: int
) -> Tuple[str, int, int]:
    """One Ray task: one call of the Rust batch runner."""
    from quartermaster._quartermaster import run_chunk_counted as rc

    return rc(path, seed, start, count, pair, max_turns, 1)


def main(argv: Optional[Iterable[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m quartermaster.selfplay", description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policies", default="greedy,random")
    ap.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS)
    ap.add_argument("--backend", choices=["local", "ray"], default="local")
    ap.add_argument(
        "--address",
        default="local",
        help="Ray address: local (default: start Ray on this machine), auto (a running cluster) or HOST:PORT",
    )
    ap.add_argument("--chunk", type=int, default=None, help="games per Rust call (per Ray task)")
    ap.add_argument("--threads", type=int, default=1, help="threads of the local backend")
    ap.add_argument("--out", default=None, help="file for the JSON lines (default: stdout)")
    a = ap.parse_args(None if argv is None else list(argv))
    t0 = time.perf_counter()
    try:
        lines, player_turns, refused = _play(
            a.scenario,
            a.games,
            a.seed,
            a.policies.split(","),
            a.backend,
            a.chunk,
            a.max_turns,
            a.threads,
            a.address,
            None,
        )
    except NoClusterError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    table = summary(lines, time.perf_counter() - t0, player_turns, refused)
    # As `qm selfplay`: the summary on stdout, or on stderr when the lines
    # are on stdout.
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(lines)
        sys.stdout.write(table)
    else:
        sys.stdout.write(lines)
        sys.stderr.write(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
