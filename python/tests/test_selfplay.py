"""Self-play from Python: byte-identical to `qm selfplay`, locally and on Ray."""

import pytest

from conftest import SMALL, qm
from quartermaster import selfplay

GAMES = 20
SEED = 11
POLICIES = ("greedy", "random")


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """`qm selfplay`'s file for the batch."""
    out = tmp_path_factory.mktemp("qm") / "ref.jsonl"
    qm("selfplay", SMALL, "--games", str(GAMES), "--seed", str(SEED), "--policies", ",".join(POLICIES), "--out", str(out))
    return out.read_bytes()


def test_chunks_cover_the_batch_in_order():
    assert selfplay.chunks(7, 3) == [(0, 3), (3, 3), (6, 1)]
    assert selfplay.chunks(0, 3) == []


def test_local_run_is_byte_identical_to_qm_selfplay(reference):
    lines = selfplay.run(SMALL, GAMES, SEED, POLICIES, backend="local", chunk=3)
    assert lines.encode() == reference
    assert len(lines.splitlines()) == GAMES


def test_ray_run_is_byte_identical_to_qm_selfplay(reference):
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        seen = []
        lines = selfplay.run(SMALL, GAMES, SEED, POLICIES, backend="ray", chunk=3, on_chunk=lambda s, c: seen.append(s))
    finally:
        ray.shutdown()
    assert lines.encode() == reference
    assert sorted(seen) == [s for s, _ in selfplay.chunks(GAMES, 3)]


def test_cli_writes_the_same_file(reference, tmp_path):
    out = tmp_path / "cli.jsonl"
    assert selfplay.main([SMALL, "--games", str(GAMES), "--seed", str(SEED), "--policies", "greedy,random", "--chunk", "7", "--out", str(out)]) == 0
    assert out.read_bytes() == reference


def _cli(*args, env=None):
    """`python -m quartermaster.selfplay ARGS` in a fresh interpreter."""
    import subprocess
    import sys

    from conftest import ROOT

    return subprocess.run(
        [sys.executable, "-m", "quartermaster.selfplay", *args], cwd=ROOT, capture_output=True, text=True, env=env
    )


def test_cli_prints_the_summary_qm_selfplay_prints(reference, tmp_path, capsys):
    mine = tmp_path / "py.jsonl"
    assert selfplay.main([SMALL, "--games", str(GAMES), "--seed", str(SEED), "--out", str(mine)]) == 0
    table = capsys.readouterr().out
    theirs = qm("selfplay", SMALL, "--games", str(GAMES), "--seed", str(SEED), "--out", str(tmp_path / "qm.jsonl")).stdout
    assert mine.read_bytes() == reference
    # Every line but the timing figures: the header, one row per policy
    # (games, wins, win rate, Wilson interval), then games, mean turns,
    # player turns and refused orders.
    assert table.splitlines()[:-1] == theirs.splitlines()[:-1]
    assert table.splitlines()[-1].split(";")[0] == theirs.splitlines()[-1].split(";")[0]
    assert table.splitlines()[0].split() == ["policy", "games", "wins", "win", "rate", "95%", "CI", "(Wilson)"]


def test_cli_on_ray_without_an_address_runs_here(reference, tmp_path):
    pytest.importorskip("ray")
    import os

    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    out = tmp_path / "ray.jsonl"
    r = _cli(SMALL, "--games", str(GAMES), "--seed", str(SEED), "--backend", "ray", "--out", str(out), env=env)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == reference
    assert "win rate" in r.stdout


def test_cli_on_ray_with_address_auto_and_no_cluster_says_so_in_one_line():
    pytest.importorskip("ray")
    import os

    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    r = _cli(SMALL, "--games", "2", "--backend", "ray", "--address", "auto", env=env)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    errors = [line for line in r.stderr.splitlines() if line.startswith("error:")]
    assert errors == [
        "error: no Ray cluster found at --address auto: start one (`ray start --head`) "
        "or use --address local to run on this machine"
    ], r.stderr
