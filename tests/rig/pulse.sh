#!/usr/bin/env bash
# pulse.sh stop|start [RIG_DIR] - kill the rig's PulseAudio (SIGKILL: the sound server, and so
# the microphone, is gone), or start it again with the command line and the sinks of up.sh.
# New PIDs are appended to $RIG_DIR/pids, so down.sh stops them. Used by the fault tests.
set -euo pipefail
what=${1:?stop or start}
RIG_DIR=${2:-${RIG_DIR:-}}
[[ -n $RIG_DIR && -f $RIG_DIR/env.sh ]] || { echo "pulse.sh: no rig at '$RIG_DIR'" >&2; exit 1; }
# shellcheck disable=SC1091
source "$RIG_DIR/env.sh"
alive() { [[ -r /proc/$1/stat ]] && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }

case $what in
stop)
    while read -r pid st n; do
        [[ $n == pulseaudio || $n == keepalive-* ]] || continue
        alive "$pid" && [[ $(awk '{print $22}' "/proc/$pid/stat") == "$st" ]] && kill -KILL "$pid" 2>/dev/null || true
    done < "$RIG_DIR/pids"
    for _ in $(seq 50); do
        [[ -S $RIG_DIR/pulse/native ]] && ! pactl info >/dev/null 2>&1 && break
        [[ ! -S $RIG_DIR/pulse/native ]] && break
        sleep 0.1
    done
    ;;
start)
    rm -f "$RIG_DIR/pulse/native"
    env -u PULSE_SERVER HOME="$RIG_DIR/home" XDG_RUNTIME_DIR="$RIG_DIR/xdg" \
        pulseaudio -n -F "$RIG_DIR/pulse/default.pa" --daemonize=no --exit-idle-time=-1 \
        --use-pid-file=no --log-target=file:"$RIG_DIR/pulse/pulse.log" --log-level=notice \
        < /dev/null >> "$RIG_DIR/pulse/stdout.log" 2>&1 &
    pid=$!
    echo "$pid $(awk '{print $22}' "/proc/$pid/stat" 2>/dev/null || echo 0) pulseaudio" >> "$RIG_DIR/pids"
    for _ in $(seq 150); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
    pactl info >/dev/null 2>&1 || { echo "pulse.sh: no server after 15 s" >&2; exit 1; }
    for mon in micfeed.monitor speaker.monitor; do
        parec --latency-msec=10 -d "$mon" --raw --client-name=rig-keepalive < /dev/null > /dev/null 2>&1 &
        echo "$! $(awk '{print $22}' "/proc/$!/stat" 2>/dev/null || echo 0) keepalive-$mon" >> "$RIG_DIR/pids"
    done
    # speech-dispatcher exits when its sound server dies: start it again as well.
    sd=$(grep ' speech-dispatcher$' "$RIG_DIR/pids" | tail -1 | awk '{print $1}')
    if [[ -n ${SPEECHD_ADDRESS:-} && -n $sd ]] && ! alive "$sd"; then
        bash "$(dirname "${BASH_SOURCE[0]}")/speechd.sh" stop "$RIG_DIR"
        bash "$(dirname "${BASH_SOURCE[0]}")/speechd.sh" start "$RIG_DIR"
    fi
    ;;
*) echo "pulse.sh: stop or start" >&2; exit 2 ;;
esac
