//! The sound side of `ansage-bench echo`: the stand-in phrases as WAVs (with a pause inside
//! where asked), and PulseAudio sources recorded with `parec` on one time base, so that the
//! end of speech on the microphone and the echo's first sound on the speaker can be
//! compared.
//!
//! Each recording is dated by its own sample count: sample `n` is at
//! `anchor + n / 16 kHz`, where `anchor` is the earliest that the samples read so far can
//! have started (the smallest `read instant - samples read / 16 kHz`). Both recordings
//! have the same `parec` settings and so about the same delay between a sample and its
//! read, which cancels in the difference; the read instants' jitter (10-ms blocks, often
//! read two at a time) does not enter.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};

/// The sample rate of the WAVs and the recordings.
pub const RATE: u32 = 16_000;

/// The position the phrases are said in: White to move, its knight on e3 can give check on
/// g4 to the black king on h6.
pub const FEN: &str = "rnbq1bnr/pppppppp/7k/8/4P3/4N3/PPPP1PPP/R1BQKBNR w KQ - 0 1";

/// A sample at least this loud (of 32768) is sound: the hearing actor's silence level
/// (`ListenOptions::default().silence_level`, about -35 dBFS).
pub const LOUD: i16 = 600;

/// A phrase said into the microphone: its WAV and the German words it must be heard as.
#[derive(Clone, Debug)]
pub struct Phrase {
    /// The 16-kHz mono WAV.
    pub wav: PathBuf,
    /// What the station must hear (the stand-ins' German words, lower case).
    pub words: &'static str,
    /// How it is said ("Springer ‖ Felix drei": a pause after "Springer").
    pub label: String,
    /// What kind of phrase it is.
    pub kind: Kind,
}

/// The kinds of phrases, each reported on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Said at once, and no other phrase continues it.
    Whole,
    /// With a pause inside.
    Paused,
    /// Said at once, a whole phrase that another phrase continues.
    Continued,
}

/// espeak-ng's Korean voice saying `text`, 16 kHz mono samples (through `sox`).
fn say(text: &str, dir: &Path) -> Result<Vec<i16>> {
    let raw = dir.join("raw.wav");
    let out = dir.join("16k.wav");
    let espeak = Command::new("espeak-ng")
        .args(["-v", "ko", "-w"])
        .arg(&raw)
        .arg(text)
        .status()
        .context("espeak-ng")?;
    let sox = Command::new("sox")
        .arg(&raw)
        .args(["-r", "16000", "-c", "1", "-b", "16"])
        .arg(&out)
        .status()
        .context("sox")?;
    if !espeak.success() || !sox.success() {
        bail!("espeak-ng or sox failed on {text:?}");
    }
    let r = hound::WavReader::open(&out)?;
    Ok(r.into_samples::<i16>().collect::<Result<_, _>>()?)
}

/// `samples` without the quiet samples (below [`LOUD`]) at its start and end.
fn trimmed(samples: &[i16]) -> &[i16] {
    let loud = |s: &i16| s.saturating_abs() >= LOUD;
    let first = samples.iter().position(loud).unwrap_or(0);
    let last = samples.iter().rposition(loud).map_or(0, |i| i + 1);
    &samples[first..last.max(first)]
}

/// The parts said one after the other with `pause` of silence between them (each part's
/// own quiet start and end cut off, so the pause is exactly that), 100 ms of silence before
/// and 300 ms after.
pub fn joined(parts: &[Vec<i16>], pause: Duration) -> Vec<i16> {
    let gap = |d: Duration| vec![0i16; (d.as_secs_f64() * f64::from(RATE)).round() as usize];
    let mut out = gap(Duration::from_millis(100));
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.extend(gap(pause));
        }
        out.extend_from_slice(trimmed(part));
    }
    out.extend(gap(Duration::from_millis(300)));
    out
}

fn write_wav(path: &Path, samples: &[i16]) -> Result<()> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(path, spec)?;
    for s in samples {
        w.write_sample(*s)?;
    }
    w.finalize()?;
    Ok(())
}

/// The phrases of the benchmark in `dir`, for the position [`FEN`]: three said at once,
/// two with a pause of `pause` inside, "Springer ‖ Felix drei" (no whole phrase before the
/// pause) and "Springer Gustav vier ‖ Schach" (before the pause a whole phrase, which the
/// one with the check word continues), and that whole phrase said alone. Chosen among the
/// stand-ins that the Korean model hears right at espeak-ng's rates 150, 175 and 200 when
/// a WAV is decoded at once (not "Springer Gustav vier Schach" said without a pause, nor
/// "Dame Hector fünf": the model often hears other words).
pub fn phrases(dir: &Path, pause: Duration) -> Result<Vec<Phrase>> {
    let table: [(&[&str], &'static str, &str, Kind); 6] = [
        (&["오렌지 넷"], "felix vier", "Felix vier", Kind::Whole),
        (
            &["기사 오렌지 셋"],
            "springer felix drei",
            "Springer Felix drei",
            Kind::Whole,
        ),
        (&["레몬 넷"], "gustav vier", "Gustav vier", Kind::Whole),
        (
            &["기사", "오렌지 셋"],
            "springer felix drei",
            "Springer ‖ Felix drei",
            Kind::Paused,
        ),
        (
            &["기사 레몬 넷", "장군"],
            "springer gustav vier schach",
            "Springer Gustav vier ‖ Schach",
            Kind::Paused,
        ),
        (
            &["기사 레몬 넷"],
            "springer gustav vier",
            "Springer Gustav vier",
            Kind::Continued,
        ),
    ];
    let mut out = Vec::new();
    for (i, (parts, words, label, kind)) in table.into_iter().enumerate() {
        let said = parts
            .iter()
            .map(|p| say(p, dir))
            .collect::<Result<Vec<_>>>()?;
        let wav = dir.join(format!("phrase{i}.wav"));
        write_wav(&wav, &joined(&said, pause))?;
        out.push(Phrase {
            wav,
            words,
            label: label.to_owned(),
            kind,
        });
    }
    Ok(out)
}

/// One 10-ms block of a recording: where it starts (in samples from the recording's start)
/// and its first and last loud samples (index within the block), if any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block {
    /// The block's first sample's number.
    pub start: u64,
    /// The first and the last loud sample in the block.
    pub loud: Option<(usize, usize)>,
}

/// What a recording has read: its blocks and its time base.
#[derive(Debug, Default)]
struct Read {
    blocks: Vec<Block>,
    /// The earliest instant the recording's first sample can have been captured.
    anchor: Option<Instant>,
}

/// A PulseAudio source recorded with `parec` (16 kHz mono), blocks dated by their samples.
pub struct Recording {
    child: Child,
    read: Arc<Mutex<Read>>,
}

/// Samples per block (10 ms).
const BLOCK: usize = 160;

impl Recording {
    /// Starts recording the source `source` (`speaker.monitor`, `micfeed.monitor`).
    pub fn start(source: &str) -> Result<Recording> {
        let mut child = Command::new("parec")
            .args(["-d", source, "--raw", "--rate=16000", "--channels=1"])
            .args(["--format=s16le", "--latency-msec=10"])
            .stdout(Stdio::piped())
            .stdin(Stdio::null())
            .spawn()
            .context("parec")?;
        let mut out = child.stdout.take().context("parec has no stdout")?;
        let read: Arc<Mutex<Read>> = Arc::default();
        let r = read.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; BLOCK * 2];
            let mut n: u64 = 0;
            while out.read_exact(&mut buf).is_ok() {
                let now = Instant::now();
                let samples: Vec<i16> = buf
                    .chunks_exact(2)
                    .map(|b| i16::from_le_bytes([b[0], b[1]]))
                    .collect();
                let block = Block {
                    start: n,
                    loud: loud_span(&samples),
                };
                n += BLOCK as u64;
                let Ok(mut r) = r.lock() else { return };
                let earliest = now.checked_sub(samples_to(n));
                r.anchor = match (r.anchor, earliest) {
                    (Some(a), Some(e)) => Some(a.min(e)),
                    (a, e) => a.or(e),
                };
                r.blocks.push(block);
            }
        });
        Ok(Recording { child, read })
    }

    /// The recording's time base and its blocks so far.
    fn snapshot(&self) -> Option<(Instant, Vec<Block>)> {
        let r = self.read.lock().ok()?;
        Some((r.anchor?, r.blocks.clone()))
    }

    /// The instant of the last loud sample in `(from, to]`, if any.
    pub fn last_loud(&self, from: Instant, to: Instant) -> Option<Instant> {
        let (anchor, blocks) = self.snapshot()?;
        let at = |n: u64| anchor + samples_to(n);
        blocks
            .iter()
            .rev()
            .filter_map(|b| b.loud.map(|(_, last)| at(b.start + last as u64)))
            .find(|&t| t > from && t <= to)
    }

    /// The instant of the first loud sample after `from`, if any.
    pub fn first_loud(&self, from: Instant) -> Option<Instant> {
        let (anchor, blocks) = self.snapshot()?;
        let at = |n: u64| anchor + samples_to(n);
        blocks
            .iter()
            .filter_map(|b| b.loud.map(|(first, _)| at(b.start + first as u64)))
            .find(|&t| t > from)
    }

    /// Whether the recording has read up to `t`.
    pub fn reached(&self, t: Instant) -> bool {
        self.snapshot().is_some_and(|(anchor, blocks)| {
            blocks
                .last()
                .is_some_and(|b| anchor + samples_to(b.start + BLOCK as u64) >= t)
        })
    }
}

impl Drop for Recording {
    /// Stops `parec`.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn samples_to(n: u64) -> Duration {
    Duration::from_secs_f64(n as f64 / f64::from(RATE))
}

/// The first and the last loud sample of `samples`, if any.
fn loud_span(samples: &[i16]) -> Option<(usize, usize)> {
    let loud = |s: &i16| s.saturating_abs() >= LOUD;
    Some((
        samples.iter().position(loud)?,
        samples.iter().rposition(loud)?,
    ))
}

/// Plays `wav` into the PulseAudio sink `sink` (the rig's microphone) and waits until
/// `paplay` has played it.
pub fn play(sink: &str, wav: &Path) -> Result<()> {
    let ok = Command::new("paplay")
        .args(["-d", sink])
        .arg(wav)
        .status()
        .context("paplay")?
        .success();
    if !ok {
        bail!("paplay failed on {}", wav.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pause_inside_is_exactly_the_pause() {
        let a = [0, 0, 700, -900, 10, 0];
        let b = [5, 800, 0];
        let out = joined(&[a.to_vec(), b.to_vec()], Duration::from_millis(1));
        let lead = 1600;
        assert!(out[..lead].iter().all(|&s| s == 0));
        // "700 -900", 16 samples of pause (1 ms), then "800".
        assert_eq!(&out[lead..lead + 2], &[700, -900]);
        assert!(out[lead + 2..lead + 18].iter().all(|&s| s == 0));
        assert_eq!(out[lead + 18], 800);
        assert_eq!(out.len(), lead + 19 + 4800);
    }

    #[test]
    fn loud_spans() {
        type Span = Option<(usize, usize)>;
        let table: [(&[i16], Span); 4] = [
            (&[0, 0, 0], None),
            (&[0, 600, 0], Some((1, 1))),
            (&[-700, 0, 599, 800, 3], Some((0, 3))),
            (&[599, -599], None),
        ];
        for (samples, want) in table {
            assert_eq!(loud_span(samples), want, "{samples:?}");
        }
    }
}
