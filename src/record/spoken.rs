//! The spoken scoresheet (`ansage export --audio FILE`): every move with its number, read
//! out ("12. Weiß: Springer Felix drei") into a WAV file for listening later, with a mark
//! (cue and label) at each move so a player can jump to move N.
//!
//! The engine is **espeak-ng through its command line** (`espeak-ng -v de -w FILE`): it
//! writes WAV files, and it is the synthesizer behind speech-dispatcher's default module,
//! so the export sounds like the station did during the game. speech-dispatcher (and so
//! the `tts` crate) only plays to the sound card and cannot write a file. espeak-ng is a
//! Debian package (`espeak-ng`), installed with speech-dispatcher's espeak-ng module.

use std::path::{Path, PathBuf};
use std::process::Command;

use shakmaty::{Color, Position};

use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases};
use crate::core::scoresheet::Sheet;

use super::wav::{Cue, WavError, append_cues};

/// The errors of the spoken scoresheet.
#[derive(Debug, thiserror::Error)]
pub enum SpokenError {
    /// espeak-ng is not installed or failed.
    #[error("espeak-ng: {0} (install the Debian package espeak-ng)")]
    Engine(String),
    /// The language's words could not be loaded.
    #[error("words: {0}")]
    Words(String),
    /// Writing the file.
    #[error("{0}")]
    Wav(#[from] WavError),
    /// A move of the sheet is illegal in its position.
    #[error("move {0}: illegal in its position")]
    Illegal(usize),
}

/// How the moves are read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpokenOptions {
    /// The espeak-ng program.
    pub program: PathBuf,
    /// Words per minute (espeak-ng's `-s`; its default is 175).
    pub words_per_minute: u32,
    /// Silence between moves, in milliseconds.
    pub pause_ms: u32,
}

impl Default for SpokenOptions {
    fn default() -> Self {
        SpokenOptions {
            program: PathBuf::from("espeak-ng"),
            words_per_minute: 150,
            pause_ms: 700,
        }
    }
}

/// espeak-ng's voice for a language.
pub fn espeak_voice(lang: Language) -> &'static str {
    match lang {
        Language::De => "de",
        Language::Es => "es",
        Language::En => "en-gb",
    }
}

/// What is read for each move, in order: "1. Weiß: Eva vier" (respelled for the
/// synthesizer like everything the station says).
pub fn move_texts(sheet: &Sheet, lang: Language) -> Result<Vec<String>, SpokenError> {
    let vocab = crate::core::words::load(lang).map_err(|e| SpokenError::Words(e.to_string()))?;
    let phrases = Phrases::load(lang).map_err(|e| SpokenError::Words(e.to_string()))?;
    let mut pos = sheet.start.clone();
    let mut out = Vec::new();
    for (i, m) in sheet.moves.iter().enumerate() {
        if !pos.is_legal(m.mv) {
            return Err(SpokenError::Illegal(i + 1));
        }
        let side: Color = pos.turn();
        let msg = Message::new("move-entry")
            .arg("number", pos.fullmoves().get())
            .arg("side", vocab.color_name(side).to_owned())
            .arg("move", vocab.announce(&pos, m.mv));
        out.push(vocab.for_speech(&phrases.speech(&msg)));
        pos.play_unchecked(m.mv);
    }
    Ok(out)
}

/// Synthesizes one text to mono samples; returns them and the sample rate.
pub fn synthesize(
    text: &str,
    lang: Language,
    options: &SpokenOptions,
    scratch: &Path,
) -> Result<(Vec<i16>, u32), SpokenError> {
    let out = Command::new(&options.program)
        .args(["-v", espeak_voice(lang), "-s"])
        .arg(options.words_per_minute.to_string())
        .arg("-w")
        .arg(scratch)
        .arg("--")
        .arg(text)
        .output()
        .map_err(|e| SpokenError::Engine(format!("{}: {e}", options.program.display())))?;
    if !out.status.success() {
        return Err(SpokenError::Engine(
            String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        ));
    }
    let mut r = hound::WavReader::open(scratch).map_err(WavError::from)?;
    let rate = r.spec().sample_rate;
    let samples = r
        .samples::<i16>()
        .collect::<Result<Vec<_>, _>>()
        .map_err(WavError::from)?;
    Ok((samples, rate))
}

/// Writes the spoken scoresheet of `sheet` to `out`; returns its marks (one per move).
pub fn render(
    sheet: &Sheet,
    lang: Language,
    out: &Path,
    options: &SpokenOptions,
) -> Result<Vec<Cue>, SpokenError> {
    let texts = move_texts(sheet, lang)?;
    let scratch = out.with_extension("part.wav");
    let mut writer: Option<hound::WavWriter<_>> = None;
    let mut written: u64 = 0;
    let mut cues = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let (samples, rate) = synthesize(text, lang, options, &scratch)?;
        let w = match writer.as_mut() {
            Some(w) => w,
            None => {
                let spec = hound::WavSpec {
                    channels: 1,
                    sample_rate: rate,
                    bits_per_sample: 16,
                    sample_format: hound::SampleFormat::Int,
                };
                writer.insert(hound::WavWriter::create(out, spec).map_err(WavError::from)?)
            }
        };
        if i > 0 {
            let pause = u64::from(w.spec().sample_rate) * u64::from(options.pause_ms) / 1000;
            for _ in 0..pause {
                w.write_sample(0i16).map_err(WavError::from)?;
            }
            written += pause;
        }
        cues.push(Cue {
            sample: u32::try_from(written).unwrap_or(u32::MAX),
            label: text.clone(),
        });
        for s in &samples {
            w.write_sample(*s).map_err(WavError::from)?;
        }
        written += samples.len() as u64;
    }
    let _ = std::fs::remove_file(&scratch);
    match writer {
        Some(w) => w.finalize().map_err(WavError::from)?,
        None => {
            // No moves: an empty file still says so by being a valid, silent WAV.
            let spec = hound::WavSpec {
                channels: 1,
                sample_rate: 22_050,
                bits_per_sample: 16,
                sample_format: hound::SampleFormat::Int,
            };
            hound::WavWriter::create(out, spec)
                .and_then(hound::WavWriter::finalize)
                .map_err(WavError::from)?;
        }
    }
    append_cues(out, &cues)?;
    Ok(cues)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::scoresheet::pgn_in;

    #[test]
    fn the_texts_have_number_side_and_the_spoken_move() {
        let sheet = pgn_in::read_any("1. e4 e5 2. Nf3 Nc6", Language::En).unwrap();
        let texts = move_texts(&sheet, Language::De).unwrap();
        assert_eq!(
            texts,
            vec![
                "1. Weiß: Eva vier",
                "1. Schwarz: Eva fünf",
                "2. Weiß: Springer Felix drei",
                "2. Schwarz: Springer Zäsar sechs",
            ]
        );
    }
}
