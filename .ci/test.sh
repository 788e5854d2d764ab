#!/usr/bin/env bash
# All of ansage's tests, with their own set-up: `bash .ci/test.sh` (the README's test command).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh

cargo fmt --all --check
cargo clippy --all-targets --all-features --locked -- -D warnings
cargo test --all-features --locked
