#!/usr/bin/env bash
# The main job on defaults: `bash .ci/demo.sh` (the README's first command).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh
cargo run --release --locked --quiet --features hardware -- demo "$@"
