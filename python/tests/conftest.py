"""Shared fixtures: scenario paths and the `qm` command."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: A small scenario (70 hexes, 5 units): quick games.
SMALL = str(ROOT / "scenarios/awaw/libya-split.ron")
#: The Barbarossa pocket (143 hexes, 2 boxes, 10 units): games of 30 to
#: 70 decisions at 4 to 8 turns with operations only; random logistics
#: choices (giving up the Soviets' source) end most games far sooner.
POCKET = str(ROOT / "scenarios/awaw/barbarossa-pocket.ron")


def qm(*args: str) -> subprocess.CompletedProcess:
    """Runs the `qm` CLI: $QM_BIN, else `cargo run -p qm_cli`."""
    exe = os.environ.get("QM_BIN")
    cmd = [exe, *args] if exe else ["cargo", "run", "-q", "--locked", "-p", "qm_cli", "--", *args]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True, timeout=3600)


@pytest.fixture
def small() -> str:
    return SMALL


@pytest.fixture
def pocket() -> str:
    return POCKET
