#!/usr/bin/env bash
# brltty-restart.sh [RIG_DIR] - kill the rig's brltty (SIGKILL, as a crash) and start it
# again with the command line of up.sh, with a fresh emulated display (vrdisplay.py exits
# when brltty goes away). The new PIDs are appended to $RIG_DIR/pids, so down.sh stops
# them. Used by tests/rig/braille.rs ("brltty killed and started again mid-game").
#   RIG_RESTART_PAUSE=SECONDS   how long brltty stays away (default 0.5)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RIG_DIR=${1:-${RIG_DIR:-}}
[[ -n $RIG_DIR && -f $RIG_DIR/env.sh ]] || { echo "brltty-restart.sh: no rig at '$RIG_DIR'" >&2; exit 1; }
# shellcheck disable=SC1091
source "$RIG_DIR/env.sh"
B="$RIG_DIR/brltty"; VR="$RIG_DIR/vr"
N=${BRLAPI_HOST##*:}
AUTH=${BRLAPI_AUTH:-none}
CELLS=${RIG_BRL_CELLS:-40}
TABLE=${RIG_BRL_TABLE:-de}
PY=${RIG_PYTHON:-python3}

alive() { [[ -r /proc/$1/stat ]] && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }
# The rig's own brltty and display, by the PIDs recorded at their start.
for name in brltty vrdisplay; do
    while read -r pid st n; do
        [[ $n == "$name" ]] || continue
        alive "$pid" && [[ $(awk '{print $22}' "/proc/$pid/stat") == "$st" ]] && kill -KILL "$pid" 2>/dev/null || true
    done < "$RIG_DIR/pids"
done
# Wait until they are gone (a zombie counts as gone), then drop the PID file: brltty
# refuses to start while the PID in it still exists.
for _ in $(seq 50); do
    gone=1
    while read -r pid st n; do
        [[ $n == brltty || $n == vrdisplay ]] && alive "$pid" && gone=0
    done < "$RIG_DIR/pids"
    [[ $gone == 1 ]] && break
    sleep 0.1
done
rm -f "$RIG_DIR/vr.sock" "$B/brltty.pid"
sleep "${RIG_RESTART_PAUSE:-0.5}"

start() {
    local name=$1 logf=$2; shift 2
    "$@" < /dev/null >> "$logf" 2>&1 &
    local pid=$!
    echo "$pid $(awk '{print $22}' "/proc/$pid/stat" 2>/dev/null || echo 0) $name" >> "$RIG_DIR/pids"
    echo "brltty-restart.sh: started $name pid $pid" >&2
}
wait_for() {
    local t=$1 what=$2; shift 2
    for ((i = 0; i < t * 10; i++)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
    echo "brltty-restart.sh: timed out waiting for $what" >&2; exit 1
}
start brltty "$B/brltty.log" \
    brltty -n -q -e -l info -f /dev/null -F /dev/null -W "$B" -U "$B" -P "$B/brltty.pid" \
    -b vr -d "server:$RIG_DIR/vr.sock" -x no -s no -t "$TABLE" \
    -A "host=127.0.0.1:$N,auth=$AUTH"
wait_for 15 "brltty vr socket" test -S "$RIG_DIR/vr.sock"
start vrdisplay "$VR/stderr.log" "$PY" "$HERE/vrdisplay.py" "$RIG_DIR/vr.sock" "$VR" "$CELLS"
wait_for 15 "BrlAPI port $((4101 + N))" bash -c "(exec 3<>/dev/tcp/127.0.0.1/$((4101 + N))) 2>/dev/null"
