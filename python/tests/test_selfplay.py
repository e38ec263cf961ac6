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
