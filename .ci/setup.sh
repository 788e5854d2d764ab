#!/usr/bin/env bash
# Installs what ansage needs on a fresh Debian 12 machine, and nothing that is there already.
# Sourced by .ci/test.sh and .ci/demo.sh; safe to run again.
set -euo pipefail

# Debian packages the build and the tests need (the list grows with the device features).
ANSAGE_DEBS=(${ANSAGE_DEBS:-pkg-config pgn-extract})

if ! command -v cargo >/dev/null 2>&1; then
    cat >&2 <<'MSG'
ansage needs Rust 1.95 or newer (edition 2024), which Debian 12 does not package.
Install it with rustup (https://rustup.rs), then run this command again.
MSG
    exit 1
fi

missing=()
for pkg in "${ANSAGE_DEBS[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
