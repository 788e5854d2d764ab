//! A scripted fake UCI engine (issue 34): a small shell program speaking UCI over its
//! pipes, for the protocol and every failure of the engine adapter. Its answers to the
//! successive `go`s are a plan, one step a line, kept across its restarts (a counter file
//! beside it):
//!
//! - `e7e5` (any UCI move): `info depth 1 score cp 20 pv e7e5`, then `bestmove e7e5`;
//! - `crash`: it ends at once (exit status 3);
//! - `hang`: it sleeps for a minute, reading nothing (a `stop` goes unanswered);
//! - `garbage MOVE`: lines no engine sends (a teapot, a bad depth, a bad best move),
//!   then `bestmove MOVE`;
//! - `illegal MOVE`: `bestmove MOVE` (meant to be illegal in the position).
//!
//! Every line it is sent goes into `received` beside it, so a test sees what the station
//! said (the options, the positions).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// A fake engine in `dir` playing `plan`; its path.
pub fn fake_engine(dir: &Path, plan: &[&str]) -> PathBuf {
    std::fs::write(dir.join("plan"), plan.join("\n") + "\n").unwrap();
    let path = dir.join("fakefish");
    std::fs::write(&path, SCRIPT).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// The lines the fake engine in `dir` was sent, over all its runs.
pub fn received(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("received"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// How many times the fake engine in `dir` was started.
pub fn starts(dir: &Path) -> usize {
    received(dir).iter().filter(|l| *l == "uci").count()
}

const SCRIPT: &str = r#"#!/bin/bash
dir=$(dirname "$0")
echo "Fakefish 1.0 by the ansage tests"
while IFS= read -r line; do
    echo "$line" >> "$dir/received"
    case "$line" in
    uci)
        echo "id name Fakefish 1.0"
        echo "id author the ansage tests"
        echo "option name Threads type spin default 1 min 1 max 8"
        echo "option name Skill Level type spin default 20 min 0 max 20"
        echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
        n=$(cat "$dir/count" 2>/dev/null || echo 0)
        echo $((n + 1)) > "$dir/count"
        step=$(sed -n "$((n + 1))p" "$dir/plan")
        set -- $step
        case "$1" in
        crash) exit 3 ;;
        hang) exec sleep 60 ;;
        garbage)
            echo "I am a teapot"
            echo "info depth ten"
            echo "bestmove zz99"
            echo "bestmove $2" ;;
        illegal) echo "bestmove $2" ;;
        "") echo "bestmove (none)" ;;
        *)
            echo "info depth 1 score cp 20 nodes 10 pv $1"
            echo "bestmove $1" ;;
        esac ;;
    quit) exit 0 ;;
    esac
done
"#;
