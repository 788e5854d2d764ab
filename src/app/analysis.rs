//! A game's analysis at the station (issue 34.4): the analysing engine started as a
//! helper once the station runs ([`analyst`]; without the feature `engine` every request
//! is answered that no engine is there), and the analysed game written as PGN when the
//! session hands it over ([`AnnotatedSink`]).

use std::path::PathBuf;

use crate::app::launch;
use crate::core::time::Timestamp;

/// The engine that analyses a game gone through (issue 34.4; feature `engine`): found as
/// `engine.path` says, searching `engine.analysis_nodes` nodes a position, else
/// `engine.analysis_ms` milliseconds. Without the feature every request is answered that
/// no engine is found.
pub fn analyst(settings: &crate::config::Settings) -> Option<launch::Helper> {
    #[cfg(feature = "engine")]
    {
        use crate::core::engine::command::SearchLimit;
        use crate::engine::analyst::{self, AnalystConfig};
        let e = &settings.engine;
        let path = crate::engine::find::find(&e.path, std::env::var_os("PATH").as_deref()).ok();
        let limit = SearchLimit {
            nodes: (e.analysis_nodes > 0).then_some(e.analysis_nodes),
            depth: None,
            movetime_ms: (e.analysis_nodes == 0).then_some(e.analysis_ms.max(1)),
        };
        let timeouts = crate::engine::client::Timeouts {
            search: std::time::Duration::from_millis(e.timeout_ms.max(e.analysis_ms * 4)),
            ..Default::default()
        };
        let config = AnalystConfig {
            path,
            limit,
            timeouts,
        };
        Some(Box::new(move |tx| {
            Box::new(analyst::spawn(config, tx)) as Box<dyn crate::station::Sink + Send>
        }))
    }
    #[cfg(not(feature = "engine"))]
    {
        let _ = settings;
        Some(Box::new(|tx| {
            Box::new(NoAnalyst(tx)) as Box<dyn crate::station::Sink + Send>
        }))
    }
}

/// The analyst of a station built without the feature `engine`: every request is
/// answered that no engine is there.
#[cfg_attr(feature = "engine", allow(dead_code))]
struct NoAnalyst(tokio::sync::mpsc::Sender<crate::station::StationInput>);

impl crate::station::Sink for NoAnalyst {
    fn deliver(&mut self, _at: Timestamp, outputs: &[crate::core::output::Output]) {
        use crate::core::engine::analysis::AnalysisReply;
        use crate::core::input::{Actor, Input};
        for o in outputs {
            if matches!(o, crate::core::output::Output::Analyse(_)) {
                let input = Input::analysis(Actor::Arbiter, AnalysisReply::Missing);
                let _ = self.0.try_send(crate::station::StationInput::Input(input));
            }
        }
    }
}

/// Where the analysed game of `file` goes: beside it, `NAME.analysed.pgn`.
pub fn annotated_path(file: &std::path::Path) -> PathBuf {
    let stem = file
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy().into_owned());
    file.with_file_name(format!("{stem}.analysed.pgn"))
}

/// Writes the analysed game ([`crate::core::output::Output::Annotated`]) to its path, on
/// a thread of its own (written whole, [`crate::app::records::write_file`]); dropping the
/// sink waits for the writing.
#[derive(Debug)]
pub struct AnnotatedSink {
    path: PathBuf,
    writers: Vec<std::thread::JoinHandle<()>>,
}

impl AnnotatedSink {
    /// The analysed game goes to `path`.
    pub fn new(path: PathBuf) -> AnnotatedSink {
        AnnotatedSink {
            path,
            writers: Vec::new(),
        }
    }
}

impl crate::station::Sink for AnnotatedSink {
    fn deliver(&mut self, _at: Timestamp, outputs: &[crate::core::output::Output]) {
        for o in outputs {
            if let crate::core::output::Output::Annotated(pgn) = o {
                let (path, pgn) = (self.path.clone(), pgn.clone());
                let spawned =
                    std::thread::Builder::new()
                        .name("annotated".into())
                        .spawn(move || match crate::app::records::write_file(&path, &pgn) {
                            Ok(()) => {
                                tracing::info!(path = %path.display(), "analysed game written")
                            }
                            Err(e) => tracing::error!("analysed game: {e}"),
                        });
                if let Ok(handle) = spawned {
                    self.writers.push(handle);
                }
            }
        }
    }
}

impl Drop for AnnotatedSink {
    fn drop(&mut self) {
        for w in self.writers.drain(..) {
            let _ = w.join();
        }
    }
}
