#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 30) each, from the seed
# corpus in fuzz/corpus/<target> (read only: new inputs go to a scratch
# corpus), and prints the executions of each: `fuzz/run.sh 600`.
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`) and a nightly compiler; on a
# stable toolchain RUSTC_BOOTSTRAP=1 lets it use the nightly flags
# (-Zsanitizer, -Cpasses=sancov) that libFuzzer's instrumentation needs.
# No sanitizer: the code is safe Rust, and debug assertions (-a) catch
# overflows. A crash leaves its input in fuzz/artifacts/<target>/ and fails
# the script; minimize it with `cargo fuzz tmin <target> <input>` and add a
# regression test under tests/.
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-30}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(loader scenario orders play save territory_oil orders_scale collect_maps render_cap)
export RUSTC_BOOTSTRAP="${RUSTC_BOOTSTRAP:-1}"
work="${FUZZ_WORK:-$(mktemp -d)}"
mkdir -p logs
cargo fuzz build -s none -a
status=0
for t in "${targets[@]}"; do
    # The loader starts from the scenario target's seeds.
    seeds="corpus/$t"
    [ "$t" = loader ] && seeds=corpus/scenario
    mkdir -p "$work/$t" "artifacts/$t" "$seeds"
    if ! cargo fuzz run -s none -a "$t" "$work/$t" "$seeds" -- \
        -max_total_time="$secs" -max_len=65536 -rss_limit_mb=4096 -timeout=20 \
        -print_final_stats=1 >"logs/$t.log" 2>&1; then
        echo "$t: FAILED, see fuzz/logs/$t.log and fuzz/artifacts/$t/"
        status=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "logs/$t.log" | grep -o '[0-9]*$' | tail -1)
    echo "$t: ${runs:-?} executions in ${secs} s"
done
exit $status
