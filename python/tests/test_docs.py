"""Every command of the user docs runs as written: the shell and Python
blocks of README.md, docs/*.md and python/examples/README.md.

- A ``sh`` block runs whole in bash (``set -euo pipefail``) from the
  repository root, with the ``qm`` under test first on the ``PATH`` (the
  docs call ``qm`` after ``cargo install --path crates/qm_cli --locked``)
  and the test environment's ``python``. It passes when it exits 0.
  ``cargo run --release -p qm_cli --`` (the README's first command) runs
  as that ``qm``: the one the tests built runs the same code, and a
  release build would take minutes more.
- A ``console`` block is a transcript: each ``$ COMMAND`` runs the same
  way, and what it prints (stdout and stderr, merged) must match the lines
  below it, where a line ``...`` (indented or not) stands for any lines (none included). It
  must exit 0, or with the code of a ``? CODE`` line right below it.
- A ``python`` block with ``>>>`` prompts is a doctest (``ELLIPSIS`` and
  ``NORMALIZE_WHITESPACE`` on); one without runs as a script.
- ``<!-- doc-test: skip: REASON -->`` on the line before a block skips it,
  and the test output says why. The test command itself
  (``bash scripts/test.sh``, with or without ``--python``), which is
  running these tests, is not run again inside them.
- No block may leave a file behind in the repository: examples write to
  ``target/`` (git-ignored) or a temporary folder.
- No other block kind (``text``, ``ron``, ...) holds a ``$ `` command.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

import pytest

from conftest import ROOT

#: The user docs whose blocks run.
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "python/examples/README.md"]
SHELL = {"sh", "bash", "shell"}
SKIP = re.compile(r"^<!-- doc-test: skip: (.+) -->\s*$")
#: The README's first command builds and runs ``qm``: here it runs the
#: ``qm`` under test.
CARGO_QM = re.compile(r"\bcargo run --release -p qm_cli --(?= )")
#: The test command, which runs these tests: not run from inside them.
SELF = re.compile(r"^(\s*)bash scripts/test\.sh( --python)?(\s+#.*)?$")


@dataclass
class Block:
    """One fenced block of a Markdown file."""

    file: Path
    line: int
    lang: str
    text: str
    skip: Optional[str]

    @property
    def where(self) -> str:
        return f"{self.file.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> List[Block]:
    """The fenced blocks of ``path``, with the skip reason written above each."""
    out: List[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)", lines[i])
        if not m:
            i += 1
            continue
        start, lang = i, m.group(1)
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        above = SKIP.match(lines[start - 1]) if start > 0 else None
        out.append(Block(path, start + 1, lang, "\n".join(lines[start + 1 : j]) + "\n", above and above.group(1)))
        i = j + 1
    return out


ALL = [b for p in DOCS for b in blocks(p)]
RUN = [b for b in ALL if b.lang in SHELL | {"console", "python"}]


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict:
    """The environment of the blocks: the `qm` under test and this Python first on the PATH."""
    exe = os.environ.get("QM_BIN")
    if not exe:
        subprocess.run(["cargo", "build", "-q", "--locked", "-p", "qm_cli"], cwd=ROOT, check=True)
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        exe = str((ROOT / target / "debug/qm").resolve())
    bin_dir = tmp_path_factory.mktemp("bin")
    (bin_dir / "qm").symlink_to(Path(exe).resolve())
    e = dict(os.environ)
    e["PATH"] = os.pathsep.join([str(bin_dir), str(Path(sys.executable).parent), e.get("PATH", "")])
    e.pop("RAY_ADDRESS", None)
    return e


def repo_changes() -> Optional[str]:
    """What git sees changed or new in the checkout (None outside a git checkout)."""
    if shutil.which("git") is None:
        return None
    r = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True, text=True
    )
    return r.stdout if r.returncode == 0 else None


def without_self(script: str) -> str:
    """``script`` with the test command turned into a note, and ``cargo run
    --release -p qm_cli --`` into the ``qm`` under test."""
    return "\n".join(
        CARGO_QM.sub("qm", SELF.sub(r"\1echo 'not run here: the test command itself, which runs this test' >&2", line))
        for line in script.splitlines()
    )


def bash(script: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-c", "set -euo pipefail\n" + without_self(script)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def transcript(text: str) -> List[tuple]:
    """``(command, exit code, expected lines)`` of a console block."""
    out: List[tuple] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            out.append([line[2:], 0, []])
        elif out and not out[-1][2] and re.match(r"^\? \d+$", line):
            out[-1][1] = int(line[2:])
        elif out:
            out[-1][2].append(line.rstrip())
        elif line.strip():
            raise AssertionError(f"output before the first `$ ` command: {line!r}")
    return [tuple(t) for t in out]


def matches(expected: List[str], got: List[str]) -> bool:
    """Whether ``got`` matches ``expected``, a ``...`` line matching any lines."""
    if not expected:
        return not got
    if expected[0].strip() == "...":
        return any(matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and got[0] == expected[0] and matches(expected[1:], got[1:])


def run_console(b: Block, env: dict) -> None:
    for cmd, code, expected in transcript(b.text):
        r = bash(f"{{ {cmd}\n}} 2>&1", env)
        assert r.returncode == code, f"{b.where}: `{cmd}` exited {r.returncode}, not {code}\n{r.stdout}{r.stderr}"
        got = [line.rstrip() for line in r.stdout.splitlines()]
        while expected and expected[-1] == "":
            expected = expected[:-1]
        assert matches(expected, got), f"{b.where}: `{cmd}` printed\n{r.stdout}\nexpected\n" + "\n".join(expected)


#: Runs a doctest read from stdin (in a fresh interpreter, as each block
#: has its own: a block that starts Ray leaves no Ray behind).
DOCTEST = """
import doctest, sys
name, file, line = sys.argv[1], sys.argv[2], int(sys.argv[3])
test = doctest.DocTestParser().get_doctest(sys.stdin.read(), {}, name, file, line)
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
sys.exit(1 if runner.run(test).failed else 0)
"""


def run_python(b: Block, env: dict) -> None:
    """A doctest, or a plain script, in a fresh interpreter from the repository root."""
    cmd = [sys.executable, "-c", DOCTEST, b.where, str(b.file), str(b.line)] if ">>>" in b.text else [sys.executable]
    r = subprocess.run(cmd, input=b.text, cwd=ROOT, env=env, capture_output=True, text=True)
    assert r.returncode == 0, f"{b.where}: exited {r.returncode}\n{r.stdout}{r.stderr}"


@pytest.mark.parametrize("b", RUN, ids=[b.where for b in RUN])
def test_doc_block_runs_as_written(b: Block, env: dict) -> None:
    if b.skip:
        pytest.skip(f"{b.where}: {b.skip}")
    before = repo_changes()
    if b.lang in SHELL:
        r = bash(b.text, env)
        assert r.returncode == 0, f"{b.where}: exited {r.returncode}\n{r.stdout}{r.stderr}"
    elif b.lang == "console":
        run_console(b, env)
    else:
        run_python(b, env)
    after = repo_changes()
    assert before == after, f"{b.where} left files in the repository:\n{after}"


def test_no_other_block_holds_a_command() -> None:
    hidden = [
        b.where
        for b in ALL
        if b.lang not in SHELL | {"console", "python"} and any(line.startswith("$ ") for line in b.text.splitlines())
    ]
    assert not hidden, f"`$ ` commands outside console blocks (not run by this test): {hidden}"


def test_every_skip_says_why() -> None:
    for b in ALL:
        assert b.skip is None or b.skip.strip(), b.where


def test_transcripts_match_with_elisions() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b"])
    assert not matches(["a"], ["a", "b"])
    assert matches(["...", "x", "..."], ["w", "x", "y"])
