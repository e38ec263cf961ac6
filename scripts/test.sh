#!/usr/bin/env bash
# The whole test suite on a fresh machine: the Rust workspace, then the
# Python package and the commands of the docs (python/tests/test_docs.py).
# Needs the Rust toolchain, a C compiler and python3 (3.11 or newer: the
# pinned numpy needs it; with its venv module), and access to crates.io
# and PyPI.
#
#   bash scripts/test.sh            # cargo test --workspace (and the Bevy
#                                   # plugin's test), then pytest
#   bash scripts/test.sh --python   # the Python part only
#
# The virtual environment lives in target/venv (git-ignored, like all of
# target/); the tools are pinned in python/requirements-test.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

# Checked first, not after half an hour of building.
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "error: the Python tests need python3 3.11 or newer (the pinned numpy needs it); found: $(python3 --version 2>&1 || echo none)" >&2
    exit 1
fi

if [[ "${1:-}" != "--python" ]]; then
    # Every target (the criterion benches run once each, in criterion's
    # test mode) and the Bevy plugin's feature, in one build.
    echo "== $(date -u +%H:%M:%S) cargo test --workspace --all-targets --features quartermaster/bevy"
    cargo test --workspace --all-targets --features quartermaster/bevy --locked
fi

echo "== $(date -u +%H:%M:%S) python: virtual environment and pinned tools"
VENV=target/venv
if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check -r python/requirements-test.txt

# The dev profile (optimized, see Cargo.toml) by default: it shares the
# compiled dependencies of the cargo tests above. QM_PY_BUILD=--release
# builds the release profile (for benchmarks).
BUILD="${QM_PY_BUILD-}"
echo "== $(date -u +%H:%M:%S) python: build the package (maturin develop $BUILD)"
export VIRTUAL_ENV="$PWD/$VENV"
export PATH="$VIRTUAL_ENV/bin:$PATH"
# shellcheck disable=SC2086
(cd python && maturin develop $BUILD --locked -q)

# The qm command for the self-play tests and the docs' commands: the cargo
# tests above built it (qm_cli's tests run it).
if [[ "${1:-}" == "--python" ]]; then
    echo "== $(date -u +%H:%M:%S) python: the qm command for the self-play tests and the docs' commands"
    cargo build --locked -q -p qm_cli
fi
TARGET="${CARGO_TARGET_DIR:-target}"
[[ "$TARGET" = /* ]] || TARGET="$PWD/$TARGET"
export QM_BIN="$TARGET/debug/qm"

echo "== $(date -u +%H:%M:%S) pytest (with the docs' commands and examples: python/tests/test_docs.py)"
python -m pytest -q -rs python/tests
