//! The engine's process: started by tokio with its standard input and output as pipes,
//! killed when dropped. Lines are read one at a time, each cut at
//! [`MAX_LINE`] bytes (the rest of an overlong line is skipped), so an engine gone mad
//! cannot fill the memory; a line the protocol refuses is logged and skipped.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::Instant;

use super::EngineError;
use crate::core::engine::command::Command as UciCommand;
use crate::core::engine::uci::{EngineLine, MAX_LINE, parse_line};

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    path: PathBuf,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl EngineProcess {
    /// Starts `path` (its standard error goes nowhere: the engine's own chatter is not
    /// the station's).
    pub fn spawn(path: &Path) -> Result<EngineProcess, EngineError> {
        let start = |message: String| EngineError::Start {
            path: path.to_path_buf(),
            message,
        };
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| start(e.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(start("no pipes".into()));
        };
        tracing::debug!(path = %path.display(), pid = ?child.id(), "engine started");
        Ok(EngineProcess {
            path: path.to_path_buf(),
            child,
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    /// The program.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes one command.
    pub async fn send(&mut self, cmd: &UciCommand) -> Result<(), EngineError> {
        let mut line = cmd.line();
        tracing::trace!(%line, "to engine");
        line.push('\n');
        let written = async {
            self.stdin.write_all(line.as_bytes()).await?;
            self.stdin.flush().await
        };
        written
            .await
            .map_err(|e| EngineError::Crashed(format!("writing: {e}")))
    }

    /// The next line the protocol reads, by `until`; refused lines are logged and skipped.
    /// `what` names the question for the timeout's message.
    pub async fn read(
        &mut self,
        until: Instant,
        what: &'static str,
    ) -> Result<EngineLine, EngineError> {
        let ms = until.saturating_duration_since(Instant::now()).as_millis();
        loop {
            let raw = tokio::time::timeout_at(until, self.raw_line())
                .await
                .map_err(|_| EngineError::Timeout { what, ms })??;
            match parse_line(&raw) {
                Ok(line) => {
                    tracing::trace!(line = %raw, "from engine");
                    return Ok(line);
                }
                Err(e) => tracing::warn!(error = %e, "engine line refused"),
            }
        }
    }

    /// One line, at most [`MAX_LINE`] bytes of it; an end of output is a crash.
    async fn raw_line(&mut self) -> Result<String, EngineError> {
        let mut line: Vec<u8> = Vec::new();
        loop {
            let buf = self
                .stdout
                .fill_buf()
                .await
                .map_err(|e| EngineError::Crashed(format!("reading: {e}")))?;
            if buf.is_empty() {
                return Err(EngineError::Crashed(self.exit_status()));
            }
            let (used, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let room = (MAX_LINE + 1).saturating_sub(line.len());
            line.extend_from_slice(&buf[..used.min(room)]);
            self.stdout.consume(used);
            if done {
                let text = String::from_utf8_lossy(&line);
                return Ok(text.trim_end_matches(['\n', '\r']).to_owned());
            }
        }
    }

    /// How the process ended, if it did.
    fn exit_status(&mut self) -> String {
        match self.child.try_wait() {
            Ok(Some(status)) => format!("its output closed ({status})"),
            _ => "its output closed".to_owned(),
        }
    }

    /// Ends the process: `quit`, then killed if it has not ended within `grace`.
    pub async fn close(mut self, grace: std::time::Duration) {
        let _ = self.send(&UciCommand::Quit).await;
        if tokio::time::timeout(grace, self.child.wait())
            .await
            .is_err()
        {
            let _ = self.child.kill().await;
        }
    }

    /// Kills the process at once (a hung engine) and waits for it.
    pub async fn kill(mut self) {
        let _ = self.child.kill().await;
    }
}
