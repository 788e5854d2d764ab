//! The console adapter: lines in, lines out, screen-reader friendly (no cursor movement);
//! every output line says whom it is for.

use std::io::{BufRead, Write};

use tokio::sync::mpsc;

use crate::core::output::Output;
use crate::core::script::transcript_line;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

/// Reads stdin on its own thread (blocking reads never stall the main loop) and sends each
/// line; sends `Shutdown` at end of input or on `quit`.
pub fn spawn_reader(tx: mpsc::Sender<StationInput>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            let msg = if matches!(line.trim(), "quit" | "exit") {
                StationInput::Shutdown
            } else {
                StationInput::ConsoleLine(line)
            };
            let stop = matches!(msg, StationInput::Shutdown);
            if tx.blocking_send(msg).is_err() || stop {
                return;
            }
        }
        let _ = tx.blocking_send(StationInput::Shutdown);
    })
}

/// Prints outputs as transcript lines.
pub struct ConsoleSink {
    /// Print Braille lines too (off: speech only, for a screen reader).
    pub braille: bool,
}

impl Sink for ConsoleSink {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        let mut stdout = std::io::stdout().lock();
        for o in outputs {
            if !self.braille && matches!(o, Output::Braille(_)) {
                continue;
            }
            let _ = writeln!(stdout, "{}", transcript_line(at, o));
        }
        let _ = stdout.flush();
    }
}
