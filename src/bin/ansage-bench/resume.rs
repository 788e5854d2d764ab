//! How long a resumed game's summary takes to say (issue 22.4: "at most about 8 s"): a
//! journal of a typical game is written to a temporary file (six half-moves with a 15+10
//! clock, the sighted Black offering a draw with his last move, the blind White's next
//! move echoed and waiting for "ja", the station gone a minute in), resumed with
//! [`ansage::journal_file::resume`] as `play --resume` does, and the announcement
//! ([`resume_announcement`]) rendered. Each part said is handed to espeak-ng as the speech
//! backend hands it (the language's respellings applied) and synthesized at its default
//! rate into a WAV file, whose duration is read; the parts are summed, as
//! speech-dispatcher says them one after the other. The figure is what is said to all
//! (the summary itself); the pending echo to the blind player follows it at a move's
//! priority and is given beside it. Deterministic: no clock is read, only espeak-ng runs.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context as _, Result, bail};

use ansage::core::journal::frame;
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Output};
use ansage::core::phrases::Message;
use ansage::core::resume::{clocks_message, resume_announcement, resumed_message};
use ansage::core::time::Timestamp;
use ansage::speech::pronunciation::{Pronunciation, Synthesizer};

/// The summary's goal, in seconds of espeak-ng speech (issue 22.4).
pub const GOAL_S: f64 = 8.0;

/// The game's records after the setup line: six half-moves (1. e4 e5 2. Nf3 Nc6 3. Bb5 a6,
/// the blind White confirming each of his with "ja", the sighted Black's made at once),
/// Black's draw offer with his third move, White's fourth announced and echoed, then the
/// journal's heartbeat until the station went away at 75 s.
const GAME: &[&str] = &[
    "@0.000 arbiter key start",
    "@4.000 white type e2e4",
    "@5.000 white key confirm",
    "@9.000 black type e7e5",
    "@15.000 white type g1f3",
    "@16.000 white key confirm",
    "@21.000 black type b8c6",
    "@33.000 white type f1b5",
    "@34.000 white key confirm",
    "@40.000 black type a7a6",
    "@40.500 black do offer-draw",
    "@62.000 white type b5a4",
    "@75.000 tick",
];

/// One language's summary and its spoken length.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The language.
    pub lang: Language,
    /// Each part of the summary proper said to all (where the game stands, the clocks),
    /// with its seconds.
    pub parts: Vec<(String, f64)>,
    /// What is pending that all hear (a draw offer, an adjournment), with its seconds.
    pub pending: Vec<(String, f64)>,
    /// What is said to the blind player only (the pending echo), with its seconds.
    pub to_player: Vec<(String, f64)>,
}

impl Summary {
    /// The seconds of what is said to all.
    pub fn to_all_s(&self) -> f64 {
        self.summary_s() + self.pending.iter().map(|(_, s)| s).sum::<f64>()
    }

    /// The seconds of the summary proper (without what is pending).
    pub fn summary_s(&self) -> f64 {
        self.parts.iter().map(|(_, s)| s).sum()
    }

    /// The seconds of what is said to the blind player only.
    pub fn to_player_s(&self) -> f64 {
        self.to_player.iter().map(|(_, s)| s).sum()
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.to_all_s() <= GOAL_S {
            "within"
        } else {
            "over"
        };
        writeln!(
            f,
            "{}: said to all {:.1} s in {} parts ({verdict} the goal of about {GOAL_S:.0} s): \
             the summary {:.1} s, what is pending {:.1} s; then to the blind player {:.1} s",
            self.lang.code(),
            self.to_all_s(),
            self.parts.len() + self.pending.len(),
            self.summary_s(),
            self.to_all_s() - self.summary_s(),
            self.to_player_s()
        )?;
        for (text, s) in &self.parts {
            writeln!(f, "  all    {s:4.2} s  {text}")?;
        }
        for (text, s) in &self.pending {
            writeln!(f, "  all    {s:4.2} s  {text} (pending)")?;
        }
        for (text, s) in &self.to_player {
            writeln!(f, "  player {s:4.2} s  {text}")?;
        }
        Ok(())
    }
}

/// The journal of [`GAME`] in `lang`, framed as the station writes it.
fn journal_text(lang: Language) -> String {
    let setup = format!(
        "@0.000 arbiter setup lang={} vi=white arbiter=off confirm=explicit \
         confirm_sighted=immediate tc=900+10",
        lang.code()
    );
    std::iter::once(setup.as_str())
        .chain(GAME.iter().copied())
        .map(frame)
        .collect()
}

/// The summary in each language, measured.
pub fn resume_lengths() -> Result<Vec<Summary>> {
    let dir = std::env::temp_dir().join(format!("ansage-bench-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let result = Language::ALL
        .iter()
        .map(|&lang| summary(lang, &dir))
        .collect();
    // Best effort: a folder left behind in the temporary directory harms nothing.
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// One language's summary: the journal written, resumed, its announcement measured.
fn summary(lang: Language, dir: &Path) -> Result<Summary> {
    let path = dir.join(format!("journal-{}.txt", lang.code()));
    std::fs::write(&path, journal_text(lang))
        .with_context(|| format!("writing {}", path.display()))?;
    let mut resumed = ansage::journal_file::resume(&path)?;
    if !resumed.replay.mismatches.is_empty() {
        bail!(
            "{}: the replay differs: {:?}",
            lang.code(),
            resumed.replay.mismatches
        );
    }
    let at = resumed.replay.last;
    let summary = summary_texts(&resumed.replay.session, at);
    let outputs = resume_announcement(&mut resumed.replay.session, at).told;
    let respell = Pronunciation::shipped(Synthesizer::EspeakNg)?;
    let mut parts = Vec::new();
    let mut pending = Vec::new();
    let mut to_player = Vec::new();
    for (i, output) in outputs.iter().enumerate() {
        let Output::Say(s) = output else { continue };
        let spoken = respell.apply(lang, &s.text);
        let wav = dir.join(format!("{}-{i}.wav", lang.code()));
        let secs = espeak_seconds(lang, &spoken, &wav)?;
        if s.to != Audience::All {
            to_player.push((s.text.clone(), secs));
        } else if summary.contains(&s.text) {
            parts.push((s.text.clone(), secs));
        } else {
            pending.push((s.text.clone(), secs));
        }
    }
    Ok(Summary {
        lang,
        parts,
        pending,
        to_player,
    })
}

/// The summary's sentences as said (where the game stands, that it is over, the clocks):
/// every other part said to all is something pending.
fn summary_texts(session: &ansage::core::session::Session, at: Timestamp) -> Vec<String> {
    let phrases = session.phrases();
    [
        Some(resumed_message(session)),
        Some(Message::new("journal-over")),
        clocks_message(session, at),
    ]
    .into_iter()
    .flatten()
    .map(|m| ansage::core::phrases::sentence_case(phrases.speech(&m)))
    .collect()
}

/// How long espeak-ng takes to say `text` in `lang` at its default rate, in seconds.
fn espeak_seconds(lang: Language, text: &str, wav: &PathBuf) -> Result<f64> {
    let out = Command::new("espeak-ng")
        .arg("-v")
        .arg(lang.code())
        .arg("-w")
        .arg(wav)
        .arg(text)
        .output()
        .context("running espeak-ng (Debian `espeak-ng`)")?;
    if !out.status.success() {
        bail!(
            "espeak-ng failed on {text:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let reader =
        hound::WavReader::open(wav).with_context(|| format!("reading {}", wav.display()))?;
    Ok(f64::from(reader.duration()) / f64::from(reader.spec().sample_rate))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The journal replays to the state the benchmark is about: six half-moves, a draw
    /// offer standing, an echo pending (espeak-ng is not needed for this).
    #[test]
    fn the_journal_is_the_game_described() {
        let dir = tempfile_dir();
        for lang in Language::ALL {
            let path = dir.join(format!("j-{}.txt", lang.code()));
            std::fs::write(&path, journal_text(lang)).unwrap();
            let mut resumed = ansage::journal_file::resume(&path).unwrap();
            assert!(resumed.replay.mismatches.is_empty());
            assert_eq!(resumed.replay.session.history().len(), 6);
            let at = resumed.replay.last;
            let summary = summary_texts(&resumed.replay.session, at);
            let said: Vec<_> = resume_announcement(&mut resumed.replay.session, at)
                .told
                .into_iter()
                .filter_map(|o| match o {
                    Output::Say(s) => Some(s),
                    _ => None,
                })
                .collect();
            assert!(said.iter().any(|s| s.to == Audience::White), "{said:?}");
            // The summary (where, whose move; the clocks), the echo, the draw offer.
            assert_eq!(said.len(), 4, "{said:?}");
            assert!(
                said.iter()
                    .any(|s| s.to == Audience::All && !summary.contains(&s.text)),
                "the draw offer: {said:?}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn tempfile_dir() -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("ansage-bench-resume-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
