#!/usr/bin/env bash
# Fuzzing: `bash .ci/fuzz.sh [SECONDS]` runs each fuzz target (fuzz/fuzz_targets/: resolve,
# typed, pgn, journal, script) for SECONDS (default 60) with libFuzzer and AddressSanitizer,
# then prints each target's runs, time and findings. Not part of .ci/test.sh (too long);
# tests/fuzz_seeds.rs runs the same entry functions on the seeds in every test run.
#
# cargo-fuzz passes nightly-only flags to rustc (-Zsanitizer=address, …); only a stable
# toolchain exists here, and RUSTC_BOOTSTRAP=1 makes it accept them. The corpus grows in
# fuzz/corpus/<target> (seeded from fuzz/seeds/<target>, and the golden scripts for
# `script`); a crash's input goes to fuzz/artifacts/<target>/ and is replayed with
# `RUSTC_BOOTSTRAP=1 cargo fuzz run -O TARGET fuzz/artifacts/TARGET/crash-…` from fuzz/..
# FUZZ_TARGETS="pgn journal" restricts the targets; FUZZ_JOBS=N runs N workers each;
# FUZZ_TIMEOUT=S counts an input slower than S seconds (default 10) as a finding.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
targets=${FUZZ_TARGETS:-resolve typed pgn journal script}
export RUSTC_BOOTSTRAP=1

if ! command -v cargo-fuzz >/dev/null; then
    cargo install cargo-fuzz --locked
fi

# The words the station understands, as a libFuzzer dictionary for the text targets
# (bytes outside printable ASCII escaped as \xNN, as libFuzzer wants them).
dict=$PWD/fuzz/target/words.dict
mkdir -p fuzz/target
perl -ne 'while (/"([^"\\]+)"/g) { my $w = $1; $w =~ s/([^\x20-\x7e])/sprintf("\\x%02X", ord($1))/ge; print "\"$w\"\n" }' \
    assets/*/words.toml assets/*/commands.toml | sort -u >"$dict"

flags=(-O --debug-assertions)
(cd fuzz && cargo fuzz build "${flags[@]}")

failed=0
summary=()
for t in $targets; do
    corpus=fuzz/corpus/$t
    mkdir -p "$corpus" "fuzz/artifacts/$t"
    cp -n fuzz/seeds/"$t"/* "$corpus"/ 2>/dev/null || true
    if [[ $t == script ]]; then
        cp -n tests/golden/*.script "$corpus"/
    fi
    extra=()
    case $t in resolve | typed | script) extra=(-dict="$dict") ;; esac
    if [[ ${FUZZ_JOBS:-1} != 1 ]]; then
        extra+=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
    fi
    log=fuzz/target/$t.log
    status=0
    # An input slower than FUZZ_TIMEOUT seconds (default 10) is a finding too.
    (cd fuzz && cargo fuzz run "${flags[@]}" "$t" -- -max_total_time="$secs" -max_len=4096 \
        -timeout="${FUZZ_TIMEOUT:-10}" -print_final_stats=1 "${extra[@]}") \
        >"$log" 2>&1 || status=$?
    runs=$(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1 || true)
    crashes=$(ls "fuzz/artifacts/$t" | wc -l)
    if [[ $status != 0 ]]; then
        failed=1
        summary+=("$t: FAILED (exit $status), $crashes artifact(s) in fuzz/artifacts/$t; log $log")
    else
        summary+=("$t: ${runs:-no count} (corpus $(ls "$corpus" | wc -l) inputs), $crashes artifact(s)")
    fi
done
printf '%s\n' "${summary[@]}"
exit $failed
