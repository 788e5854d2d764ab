#!/usr/bin/env bash
# speechd.sh stop|start [RIG_DIR] - kill the rig's speech-dispatcher (SIGKILL, as a crash), or
# start it again with the command line of up.sh. The new PID is appended to $RIG_DIR/pids, so
# down.sh stops it. Used by the fault tests (tests/rig/station.rs).
set -euo pipefail
what=${1:?stop or start}
RIG_DIR=${2:-${RIG_DIR:-}}
[[ -n $RIG_DIR && -f $RIG_DIR/env.sh ]] || { echo "speechd.sh: no rig at '$RIG_DIR'" >&2; exit 1; }
# shellcheck disable=SC1091
source "$RIG_DIR/env.sh"
SD="$RIG_DIR/speechd"
alive() { [[ -r /proc/$1/stat ]] && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }

case $what in
stop)
    while read -r pid st n; do
        [[ $n == speech-dispatcher ]] || continue
        alive "$pid" && [[ $(awk '{print $22}' "/proc/$pid/stat") == "$st" ]] && kill -KILL "$pid" 2>/dev/null || true
    done < "$RIG_DIR/pids"
    # the espeak-ng module process dies with its server's socket; make sure of it
    pkill -KILL -f "sd_espeak-ng.*$SD" 2>/dev/null || true
    for _ in $(seq 50); do
        busy=0
        while read -r pid st n; do
            [[ $n == speech-dispatcher ]] && alive "$pid" && busy=1
        done < "$RIG_DIR/pids"
        [[ $busy == 0 ]] && break
        sleep 0.1
    done
    rm -f "$SD/speechd.sock" "$SD/pid"
    ;;
start)
    env PULSE_SERVER="$PULSE_SERVER" HOME="$RIG_DIR/home" XDG_RUNTIME_DIR="$RIG_DIR/xdg" \
        speech-dispatcher -s -t 0 -C "$SD/conf" -P "$SD/pid" -L "$SD/log" \
        < /dev/null >> "$SD/stdout.log" 2>&1 &
    pid=$!
    echo "$pid $(awk '{print $22}' "/proc/$pid/stat" 2>/dev/null || echo 0) speech-dispatcher" >> "$RIG_DIR/pids"
    for _ in $(seq 150); do [[ -S $SD/speechd.sock ]] && exit 0; sleep 0.1; done
    echo "speechd.sh: no socket after 15 s" >&2
    exit 1
    ;;
*) echo "speechd.sh: stop or start" >&2; exit 2 ;;
esac
