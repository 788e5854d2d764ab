//! The audio scoresheet (FIDE Laws D.2.6: the moves may be recorded "on a recording
//! device"): the microphone's audio of the whole game in a WAV file, with a mark at each
//! made move, so a player can jump to move N.
//!
//! - The WAV (16 kHz, mono, 16 bit) gets a `cue ` point and a `labl` label per made move
//!   ("12. Nf3 Springer Felix drei"), written when the file is closed ([`super::wav`]).
//! - A plain-text index beside it (`NAME.index.tsv`) gets one line per move as it is made,
//!   flushed at once: move number, side, seconds and sample offset into the WAV, SAN, the
//!   spoken phrase, both clocks.
//! - Crash tolerance: the WAV header's sizes are rewritten every second (hound's flush), so
//!   after a crash the audio up to the last second plays and the index has every mark;
//!   only the cue chunk is missing.
//!
//! The samples come from the microphone capture as [`AudioChunk`]s; the marks from
//! [`Output::Made`] through [`AudioRecordSink`]. Time zero of the file is the instant the
//! recorder starts; a gap in the audio (a stalled capture) is filled with silence, so
//! offsets stay true to the game's time.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::time::{Duration, Instant};

use shakmaty::Color;

use crate::core::output::{MadeMove, Output};
use crate::core::script::exact;
use crate::core::time::Timestamp;
use crate::station::Sink;

use super::wav::{Cue, WavError, append_cues};

/// The recording's sample rate (what the recognizer listens at).
pub const RATE: u32 = 16_000;

/// Microphone audio: 16 kHz mono samples, `at` the capture instant of the first one.
#[derive(Clone, Debug, PartialEq)]
pub struct AudioChunk {
    /// When the first sample was captured.
    pub at: Instant,
    /// The samples.
    pub samples: Vec<i16>,
}

/// A made move to mark.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveMark {
    /// When it was made.
    pub at: Instant,
    /// The move.
    pub made: MadeMove,
}

/// Writes the audio scoresheet; see the module.
pub struct AudioScoresheet {
    wav: hound::WavWriter<BufWriter<std::fs::File>>,
    path: PathBuf,
    index: BufWriter<std::fs::File>,
    start: Instant,
    written: u64,
    cues: Vec<Cue>,
    flushed: Instant,
}

/// The index file beside a WAV.
pub fn index_path(wav: &Path) -> PathBuf {
    wav.with_extension("index.tsv")
}

fn sample_at(start: Instant, t: Instant) -> u64 {
    let d = t.saturating_duration_since(start);
    (d.as_nanos() * u128::from(RATE) / 1_000_000_000) as u64
}

/// A move's label: `12. Nf3 Springer Felix drei` (`12...` for Black).
pub fn label(m: &MadeMove) -> String {
    let dots = if m.side == Color::White { "." } else { "..." };
    format!("{}{dots} {} {}", m.number, m.san, m.phrase)
}

impl AudioScoresheet {
    /// Starts the WAV at `wav` (and its index), time zero at `start`.
    pub fn create(wav: &Path, start: Instant) -> Result<AudioScoresheet, WavError> {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: RATE,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let writer = hound::WavWriter::create(wav, spec)?;
        let mut index = BufWriter::new(std::fs::File::create(index_path(wav))?);
        writeln!(
            index,
            "# ansage audio scoresheet: {} ({RATE} Hz); one line per made move",
            wav.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        )?;
        writeln!(
            index,
            "move\tside\tseconds\tsample\tsan\tphrase\twhite\tblack"
        )?;
        index.flush()?;
        Ok(AudioScoresheet {
            wav: writer,
            path: wav.to_path_buf(),
            index,
            start,
            written: 0,
            cues: Vec::new(),
            flushed: Instant::now(),
        })
    }

    /// Appends captured audio; a gap before it is filled with silence.
    pub fn push(&mut self, chunk: &AudioChunk) -> Result<(), WavError> {
        let due = sample_at(self.start, chunk.at);
        // Tolerate jitter; fill a real gap (over 50 ms) so offsets stay true.
        if due > self.written + u64::from(RATE / 20) {
            for _ in self.written..due {
                self.wav.write_sample(0i16)?;
            }
            self.written = due;
        }
        for s in &chunk.samples {
            self.wav.write_sample(*s)?;
        }
        self.written += chunk.samples.len() as u64;
        if self.flushed.elapsed() >= Duration::from_secs(1) {
            self.wav.flush()?;
            self.flushed = Instant::now();
        }
        Ok(())
    }

    /// Marks a made move; returns its sample offset.
    pub fn mark(&mut self, mark: &MoveMark) -> Result<u32, WavError> {
        let sample = u32::try_from(sample_at(self.start, mark.at)).unwrap_or(u32::MAX);
        let m = &mark.made;
        let (white, black) = m
            .clocks
            .map_or((String::from("-"), String::from("-")), |(w, b)| {
                (exact(w), exact(b))
            });
        writeln!(
            self.index,
            "{}\t{}\t{:.3}\t{sample}\t{}\t{}\t{white}\t{black}",
            m.number,
            if m.side == Color::White {
                "white"
            } else {
                "black"
            },
            f64::from(sample) / f64::from(RATE),
            m.san,
            m.phrase.replace(['\t', '\n'], " "),
        )?;
        self.index.flush()?;
        self.cues.push(Cue {
            sample,
            label: label(m),
        });
        Ok(sample)
    }

    /// Finishes the WAV (header, then the marks) and the index; returns the WAV's path.
    pub fn close(mut self) -> Result<PathBuf, WavError> {
        self.index.flush()?;
        self.index.get_ref().sync_all()?;
        self.wav.finalize()?;
        append_cues(&self.path, &self.cues)?;
        Ok(self.path)
    }
}

/// What reaches the recorder thread.
#[derive(Debug)]
enum RecMsg {
    Audio(AudioChunk),
    Mark(MoveMark),
    Close,
}

/// Where the microphone capture hands its audio (never blocks: a full queue drops the
/// chunk with a warning, and the gap becomes silence).
#[derive(Clone, Debug)]
pub struct AudioFeed(SyncSender<RecMsg>);

impl AudioFeed {
    /// Hands over a chunk.
    pub fn send(&self, chunk: AudioChunk) {
        if let Err(TrySendError::Full(_)) = self.0.try_send(RecMsg::Audio(chunk)) {
            tracing::warn!("audio scoresheet: queue full, a chunk was dropped");
        }
    }
}

/// The [`Sink`] that marks made moves in the audio scoresheet; the writing happens on the
/// recorder's own thread.
pub struct AudioRecordSink {
    tx: SyncSender<RecMsg>,
    origin: (Timestamp, Instant),
    thread: Option<std::thread::JoinHandle<Result<PathBuf, WavError>>>,
}

impl AudioRecordSink {
    /// Starts recording to `wav`, time zero at `start` (now, for a live game); `origin` maps the session's time to real
    /// instants (the station's [`crate::station::Timeline`]: its `start` and
    /// `epoch.into_std()`). Returns the sink and the feed for the microphone.
    pub fn spawn(
        wav: &Path,
        start: Instant,
        origin: (Timestamp, Instant),
    ) -> Result<(AudioRecordSink, AudioFeed), WavError> {
        let mut sheet = AudioScoresheet::create(wav, start)?;
        let (tx, rx) = std::sync::mpsc::sync_channel(1024);
        let thread = std::thread::Builder::new()
            .name("audio-scoresheet".into())
            .spawn(move || record(&mut sheet, &rx).and_then(|()| sheet.close()))?;
        Ok((
            AudioRecordSink {
                tx: tx.clone(),
                origin,
                thread: Some(thread),
            },
            AudioFeed(tx),
        ))
    }

    /// Finishes the files; returns the WAV's path.
    pub fn close(mut self) -> Result<PathBuf, WavError> {
        let _ = self.tx.send(RecMsg::Close);
        match self.thread.take().map(std::thread::JoinHandle::join) {
            Some(Ok(r)) => r,
            _ => Err(WavError::Format("the recorder thread failed".into())),
        }
    }
}

impl Drop for AudioRecordSink {
    fn drop(&mut self) {
        if let Some(t) = self.thread.take() {
            let _ = self.tx.send(RecMsg::Close);
            let _ = t.join();
        }
    }
}

fn record(sheet: &mut AudioScoresheet, rx: &Receiver<RecMsg>) -> Result<(), WavError> {
    while let Ok(msg) = rx.recv() {
        match msg {
            RecMsg::Audio(c) => sheet.push(&c)?,
            RecMsg::Mark(m) => {
                sheet.mark(&m)?;
            }
            RecMsg::Close => break,
        }
    }
    Ok(())
}

impl Sink for AudioRecordSink {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        let instant = self.origin.1 + at.saturating_since(self.origin.0);
        for o in outputs {
            if let Output::Made(m) = o {
                let msg = RecMsg::Mark(MoveMark {
                    at: instant,
                    made: m.clone(),
                });
                if self.tx.try_send(msg).is_err() {
                    tracing::warn!("audio scoresheet: could not mark {}", m.san);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::script;
    use crate::recorder::wav::read_cues;

    #[test]
    fn a_game_is_recorded_with_a_mark_per_move_at_its_instant() {
        let dir = tempfile::tempdir().unwrap();
        let wav = dir.path().join("game.wav");
        let text = "@0 arbiter setup tc=300 vi=white\n@0 arbiter key start\n\
                    @1 white type e4\n@1.5 white key confirm\n@3 black type e5\n\
                    @4.25 white type Nf3\n@5 white key confirm\n@6 black type Nc6\n@7 black wait\n";
        let parsed = script::parse(text).unwrap();
        let run = script::run(&parsed).unwrap();
        let t0 = Instant::now();
        let (mut sink, feed) = AudioRecordSink::spawn(&wav, t0, (Timestamp::ZERO, t0)).unwrap();
        // 7 s of "audio" in 100 ms chunks (a ramp, to check it arrives intact), with a
        // 500 ms gap from 2.0 s (a stalled capture).
        for k in 0..70u32 {
            if (20..25).contains(&k) {
                continue;
            }
            let at = t0 + Duration::from_millis(u64::from(k) * 100);
            feed.send(AudioChunk {
                at,
                samples: (0..1600).map(|i| (i % 1000) as i16 + 1).collect(),
            });
        }
        // The made moves, at their session instants.
        let mut session = crate::core::session::Session::new(parsed.setup.clone()).unwrap();
        for step in &parsed.steps {
            while let Some((t, outs)) = session.poll_due(step.at) {
                sink.deliver(t, &outs);
            }
            if let script::Action::Input(i) = &step.action {
                let outs = session.handle(i.clone(), step.at);
                sink.deliver(step.at, &outs);
            }
        }
        assert_eq!(run.session.history().len(), 4);
        let path = sink.close().unwrap();
        let cues = read_cues(&path).unwrap();
        let got: Vec<(u32, &str)> = cues.iter().map(|c| (c.sample, c.label.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (24_000, "1. e4 Eva vier"),
                (48_000, "1... e5 Eva fünf"),
                (80_000, "2. Nf3 Springer Felix drei"),
                (96_000, "2... Nc6 Springer Cäsar sechs"),
            ]
        );
        let r = hound::WavReader::open(&path).unwrap();
        assert_eq!(r.duration(), 70 * 1600);
        let samples: Vec<i16> = r.into_samples().map(Result::unwrap).collect();
        assert_eq!(samples[32_000], 0, "the gap is silence");
        assert_eq!(samples[40_000], 1, "audio resumes at its instant");
        let index = std::fs::read_to_string(index_path(&path)).unwrap();
        let lines: Vec<&str> = index.lines().skip(2).collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[2],
            "2\twhite\t5.000\t80000\tNf3\tSpringer Felix drei\t0:04:56.500\t0:04:58.500"
        );
    }
}
