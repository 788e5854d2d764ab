#!/usr/bin/env bash
# All of ansage's tests, with their own set-up: `bash .ci/test.sh` (the README's test command).
#
# It installs what is missing (.ci/setup.sh), starts the device rig (tests/rig/up.sh: PulseAudio
# with a virtual microphone and speaker, speech-dispatcher with espeak-ng, BRLTTY with its
# virtual Braille display), runs every test with every feature against it, and stops the rig.
# ANSAGE_RIG=0 skips the rig (the device tests then say they were skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh

# Property tests explore new random cases on every developer run; CI replays one fixed
# seed so that its verdict depends only on the code (failures found locally are kept in
# tests/proptest-regressions/ and replayed everywhere).
export PROPTEST_RNG_SEED=${PROPTEST_RNG_SEED:-20261122}

cargo fmt --all --check
cargo clippy --all-targets --all-features --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features --locked --quiet
# A build without any device feature must build and run (on the console).
cargo build --locked --quiet
cargo test --all-features --locked --no-run --quiet

if [[ ${ANSAGE_RIG:-1} != 0 ]]; then
    eval "$(bash tests/rig/up.sh)"
    trap 'bash tests/rig/down.sh >/dev/null 2>&1 || true' EXIT
    bash tests/rig/selftest.sh
    export ANSAGE_REQUIRE_RIG=1
fi
# setup.sh installed chromium and chromium-driver: the browser tests must run, not skip.
export ANSAGE_REQUIRE_BROWSER=1
cargo test --all-features --locked
