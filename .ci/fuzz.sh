#!/usr/bin/env bash
# Fuzzing: `bash .ci/fuzz.sh [SECONDS]` runs each fuzz target (fuzz/fuzz_targets/: resolve,
# typed, pgn, journal, script, dgt, millennium, web_action, online, uci,
# challenge_answer) for SECONDS (default 60)
# with libFuzzer, then prints each target's runs, time and findings. Not part of .ci/test.sh (too long);
# tests/it/protocol/fuzz_seeds.rs runs the same entry functions on the seeds in every test run.
#
# Stable rustc builds the targets without a sanitizer (`--sanitizer none`: only -C flags);
# a sanitizer needs the nightly-only -Zsanitizer, which stable rustc accepts under
# RUSTC_BOOTSTRAP=1 (set here only then: changing it rebuilds everything). The corpus grows in
# fuzz/corpus/<target> (seeded from fuzz/seeds/<target>, and the golden scripts for
# `script`); a crash's input goes to fuzz/artifacts/<target>/ and is replayed with
# `cargo fuzz run -O -s none TARGET artifacts/TARGET/crash-…` in fuzz/.
# FUZZ_TARGETS="pgn journal" restricts the targets; FUZZ_JOBS=N runs N workers each;
# FUZZ_TIMEOUT=S counts an input slower than S seconds (default 10) as a finding.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
targets=${FUZZ_TARGETS:-resolve typed pgn journal script dgt millennium web_action online uci challenge_answer}

if ! command -v cargo-fuzz >/dev/null; then
    cargo install cargo-fuzz --locked
fi

# The words the station understands, as a libFuzzer dictionary for the text targets
# (bytes outside printable ASCII escaped as \xNN, as libFuzzer wants them).
dict=$PWD/fuzz/target/words.dict
mkdir -p fuzz/target
perl -ne 'while (/"([^"\\]+)"/g) { my $w = $1; $w =~ s/([^\x20-\x7e])/sprintf("\\x%02X", ord($1))/ge; print "\"$w\"\n" }' \
    assets/*/words.toml assets/*/commands.toml | sort -u >"$dict"

# Sanitizer: none by default (the fuzzed code has no unsafe code: the findings are panics,
# overflows caught by the debug assertions, hangs and memory blow-ups, and a run is several
# times faster); FUZZ_SANITIZER=address for AddressSanitizer.
flags=(-O --debug-assertions --sanitizer "${FUZZ_SANITIZER:-none}")
if [[ ${FUZZ_SANITIZER:-none} != none ]]; then
    export RUSTC_BOOTSTRAP=1
fi
(cd fuzz && cargo fuzz build "${flags[@]}")

failed=0
summary=()
for t in $targets; do
    corpus=fuzz/corpus/$t
    mkdir -p "$corpus" "fuzz/artifacts/$t"
    cp -n fuzz/seeds/"$t"/* "$corpus"/ 2>/dev/null || true
    if [[ $t == script ]]; then
        cp -n tests/golden/*/*.script "$corpus"/
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
