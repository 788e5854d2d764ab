#!/usr/bin/env bash
# The Debian package: `bash .ci/package.sh` writes target/debian/ansage_<version>_amd64.deb
# (the README's Install). With --check (CI, as root, in the fresh root after the tests) it
# then installs the package with apt, checks it from the installed files alone (the build
# tree off the PATH, in an empty home), purges it and checks that nothing of it remains.
#
# The release binary with every device (`hardware`, as .ci/demo.sh builds it) is copied and
# its rpath pointed at the package's private /usr/lib/ansage (patchelf), so the build tree's
# libvosk can never stand in for the packaged one; `ansage-package` generates the manual
# pages and shell completions from the command line; cargo-deb (Cargo.toml,
# [package.metadata.deb]) packs them with libvosk and the user guides.
set -euo pipefail
cd "$(dirname "$0")/.."
export ANSAGE_PACKAGE=1
source .ci/setup.sh
check=0
[[ ${1:-} == --check ]] && check=1

started=$SECONDS
target_dir=$(cargo metadata --format-version 1 --no-deps --locked |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
cargo build --release --locked --quiet --features hardware --bin ansage
pkg=target/package
rm -rf "$pkg"
mkdir -p "$pkg/lib"
# Debug-built with every feature, as .ci/test.sh builds the tests: nothing new to compile.
cargo run --locked --quiet --all-features --bin ansage-package -- "$pkg"
gzip -9n "$pkg"/man/*.1
cp "$target_dir/release/ansage" "$pkg/ansage"
strip --strip-unneeded "$pkg/ansage"
patchelf --set-rpath /usr/lib/ansage "$pkg/ansage"
cp "$VOSK_LIB_DIR/libvosk.so" "$pkg/lib/libvosk.so"
strip --strip-unneeded "$pkg/lib/libvosk.so"
deb=$(cargo deb --locked --no-build --no-strip --quiet --output target/debian/ | tail -n 1)
echo "package: $deb ($(du -k "$deb" | cut -f1) KiB, $(dpkg-deb -f "$deb" Installed-Size) KiB" \
    "installed) in $((SECONDS - started)) s" >&2
((check)) || exit 0

# ---- the package on this machine, from its installed files alone ----
[[ $(id -u) -eq 0 ]] || { echo "package: --check installs the package: run it as root" >&2; exit 1; }
name=$(dpkg-deb -f "$deb" Package)
lock=(-o DPkg::Lock::Timeout=600)
t0=$(date +%s%N)
DEBIAN_FRONTEND=noninteractive apt-get "${lock[@]}" install -y -qq "./$deb" >/dev/null
t1=$(date +%s%N)
echo "package: installed with apt in $(((t1 - t0) / 1000000)) ms" >&2
home=$(mktemp -d)
# What the checks started (speech-dispatcher, autospawned by the doctor's speech check)
# stops with them: the processes whose HOME is the checks' own.
stop_ours() {
    local p
    for p in /proc/[0-9]*; do
        { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qxF "HOME=$home" \
            && kill "${p#/proc/}" 2>/dev/null || true
    done
    rm -rf "$home"
    # A failed check leaves no package behind either.
    if dpkg -s "$name" >/dev/null 2>&1; then
        DEBIAN_FRONTEND=noninteractive apt-get "${lock[@]}" purge -y -qq "$name" >/dev/null || true
    fi
}
trap stop_ours EXIT
# No cargo, no build tree, no VOSK_LIB_DIR: only what the system has.
installed() {
    (cd "$home" && env -i HOME="$home" PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 "$@")
}
fail() { echo "package: $*" >&2; exit 1; }
[[ $(installed sh -c 'command -v ansage') == /usr/bin/ansage ]] || fail "ansage is not /usr/bin/ansage"
installed ldd /usr/bin/ansage | grep -q 'libvosk.so => /usr/lib/ansage/libvosk.so' \
    || fail "ansage does not load /usr/lib/ansage/libvosk.so: $(installed ldd /usr/bin/ansage | grep vosk)"
installed ansage --version | grep -qx "ansage $(dpkg-deb -f "$deb" Version)" || fail "ansage --version"
# The doctor's exit status says whether the devices are there (none need be here); it must
# run and say its summary.
rc=0
out=$(installed ansage doctor --lang en) || rc=$?
((rc <= 1)) || fail "ansage doctor exited with $rc: $out"
grep -q 'ansage models install en' <<<"$out" || fail "ansage doctor names no model command: $out"
installed ansage demo --console --scale 0.01 --out "$home/demo" >"$home/demo.log" 2>&1 \
    || fail "ansage demo --console: $(tail -n 5 "$home/demo.log")"
find "$home/demo" -name game.pgn -size +0 | grep -q . || fail "ansage demo wrote no game.pgn"
installed man -P cat ansage | grep -q 'ansage-models(1)' || fail "man ansage"
[[ -f /usr/share/bash-completion/completions/ansage ]] || fail "no bash completion"
files=$(dpkg -L "$name")

# ---- purged, nothing of it remains ----
DEBIAN_FRONTEND=noninteractive apt-get "${lock[@]}" purge -y -qq "$name" >/dev/null
! dpkg -s "$name" >/dev/null 2>&1 || fail "still known to dpkg after the purge"
left=()
while read -r f; do
    [[ -f $f || -L $f ]] && left+=("$f")
done <<<"$files"
for d in /usr/share/ansage /usr/lib/ansage /usr/share/doc/ansage; do
    [[ -e $d ]] && left+=("$d")
done
((${#left[@]} == 0)) || fail "left after the purge: ${left[*]}"
echo "package: installed, checked and purged; nothing left" >&2
