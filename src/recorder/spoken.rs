//! The spoken scoresheet (`ansage export --audio FILE`): every move with its number, read
//! out ("12. Weiß: Springer Felix drei") into a WAV file for listening later, with a mark
//! (cue and label) at each move so a player can jump to move N.
//!
//! The engine is **espeak-ng through its command line** (`espeak-ng -v de -w FILE`): it
//! writes WAV files, and it is the synthesizer behind speech-dispatcher's default module,
//! so the export sounds like the station did during the game. speech-dispatcher (and so
//! libspeechd) only plays to the sound card and cannot write a file. espeak-ng is a
//! Debian package (`espeak-ng`), installed with speech-dispatcher's espeak-ng module.
//!
//! The marks' labels carry the real words ("4. Weiß: Kurze Rochade"); espeak-ng is handed
//! them respelled by its table ([`crate::speech::pronunciation`]), as the station's voice.

use std::path::{Path, PathBuf};
use std::process::Command;

use shakmaty::{Color, Position};

use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases};
use crate::core::scoresheet::Sheet;
use crate::speech::pronunciation::{PronunciationError, Respellings, Synthesizer};

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
    /// espeak-ng's respelling table is broken (a broken build: a unit test loads it).
    #[error("{0}")]
    Pronunciation(#[from] PronunciationError),
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

/// What is read for each move, in order: "1. Weiß: Eva vier" (the real words, also the
/// marks' labels; [`synthesize`] respells them for espeak-ng).
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
        out.push(phrases.speech(&msg));
        pos.play_unchecked(m.mv);
    }
    Ok(out)
}

/// Synthesizes one text (the real words) to mono samples, handing espeak-ng the text
/// respelled by its table; returns the samples and the sample rate.
pub fn synthesize(
    text: &str,
    lang: Language,
    options: &SpokenOptions,
    scratch: &Path,
) -> Result<(Vec<i16>, u32), SpokenError> {
    let respellings = Respellings::shipped(lang, Synthesizer::EspeakNg)?;
    let text = respellings.apply(text);
    let out = Command::new(&options.program)
        .args(["-v", espeak_voice(lang), "-s"])
        .arg(options.words_per_minute.to_string())
        .arg("-w")
        .arg(scratch)
        .arg("--")
        .arg(text.as_ref())
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
                "2. Schwarz: Springer Cäsar sechs",
            ]
        );
    }

    /// The marks carry the real words; espeak-ng is handed them respelled. A stand-in
    /// program takes espeak-ng's place: it notes the text it is handed and writes a WAV.
    #[cfg(unix)]
    #[test]
    fn espeak_ng_is_handed_the_respelled_words() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let handed = dir.path().join("handed.txt");
        let program = dir.path().join("espeak-ng");
        // A silent WAV the stand-in copies to `-w FILE`.
        let silent = dir.path().join("silent.wav");
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: 22_050,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        hound::WavWriter::create(&silent, spec)
            .unwrap()
            .finalize()
            .unwrap();
        // espeak-ng -v de -s 150 -w FILE -- TEXT: $6 is the file, $8 the text.
        let script = format!(
            "#!/bin/sh\nprintf '%s\\n' \"$8\" >> '{}'\ncp '{}' \"$6\"\n",
            handed.display(),
            silent.display()
        );
        std::fs::write(&program, script).unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let options = SpokenOptions {
            program,
            ..SpokenOptions::default()
        };
        let sheet = pgn_in::read_any(
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Be6 6. Nc3 Qd7 7. Be3 O-O-O",
            Language::En,
        )
        .unwrap();
        let cues = render(&sheet, Language::De, &dir.path().join("out.wav"), &options).unwrap();
        let labels: Vec<&str> = cues.iter().map(|c| c.label.as_str()).collect();
        let handed = std::fs::read_to_string(&handed).unwrap();
        let handed: Vec<&str> = handed.lines().collect();
        assert_eq!(handed.len(), labels.len());
        let pairs = [
            (
                3,
                "2. Schwarz: Springer Cäsar sechs",
                "2. Schwarz: Springer Zäsar sechs",
            ),
            (6, "4. Weiß: Kurze Rochade", "4. Weiß: Kurze Roschade"),
            (
                13,
                "7. Schwarz: Lange Rochade",
                "7. Schwarz: Lange Roschade",
            ),
            (0, "1. Weiß: Eva vier", "1. Weiß: Eva vier"),
        ];
        for (i, label, sent) in pairs {
            assert_eq!((labels[i], handed[i]), (label, sent));
        }
    }
}
