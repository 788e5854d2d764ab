//! WAV files with marks: a `cue ` chunk (one cue point per mark) and a `LIST`/`adtl` chunk
//! with a `labl` per cue, the markers audio editors (Audacity, ocenaudio, Sound Forge) and
//! players with chapter support show and jump to. hound writes the samples and keeps the
//! header's sizes true on every flush; the marks are appended after the data when the file
//! is closed, and the RIFF size is patched.

use std::fs::OpenOptions;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

/// One mark: a sample offset and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cue {
    /// The sample frame it points at.
    pub sample: u32,
    /// Its label (UTF-8).
    pub label: String,
}

/// The errors of marked WAV files.
#[derive(Debug, thiserror::Error)]
pub enum WavError {
    /// Reading or writing.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// hound's own.
    #[error("{0}")]
    Hound(#[from] hound::Error),
    /// Not a RIFF/WAVE file, or a broken chunk.
    #[error("not a WAV file: {0}")]
    Format(String),
}

/// Appends `cue ` and `LIST`/`adtl`/`labl` chunks for `cues` to a finished WAV file and
/// patches its RIFF size.
pub fn append_cues(path: &Path, cues: &[Cue]) -> Result<(), WavError> {
    if cues.is_empty() {
        return Ok(());
    }
    let n = u32::try_from(cues.len()).map_err(|_| WavError::Format("too many cues".into()))?;
    let mut cue = Vec::new();
    cue.extend_from_slice(&n.to_le_bytes());
    for (i, c) in cues.iter().enumerate() {
        let id = u32::try_from(i + 1).unwrap_or(u32::MAX);
        cue.extend_from_slice(&id.to_le_bytes());
        cue.extend_from_slice(&c.sample.to_le_bytes()); // dwPosition
        cue.extend_from_slice(b"data");
        cue.extend_from_slice(&0u32.to_le_bytes()); // dwChunkStart
        cue.extend_from_slice(&0u32.to_le_bytes()); // dwBlockStart
        cue.extend_from_slice(&c.sample.to_le_bytes()); // dwSampleOffset
    }
    let mut adtl = b"adtl".to_vec();
    for (i, c) in cues.iter().enumerate() {
        let id = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let mut body = id.to_le_bytes().to_vec();
        body.extend_from_slice(c.label.as_bytes());
        body.push(0);
        push_chunk(&mut adtl, b"labl", &body);
    }
    let mut tail = Vec::new();
    push_chunk(&mut tail, b"cue ", &cue);
    push_chunk(&mut tail, b"LIST", &adtl);
    let mut f = OpenOptions::new().read(true).write(true).open(path)?;
    let len = f.seek(SeekFrom::End(0))?;
    if len % 2 == 1 {
        f.write_all(&[0])?;
    }
    f.write_all(&tail)?;
    let total = f.seek(SeekFrom::End(0))?;
    let riff = u32::try_from(total - 8).map_err(|_| WavError::Format("over 4 GiB".into()))?;
    f.seek(SeekFrom::Start(4))?;
    f.write_all(&riff.to_le_bytes())?;
    f.sync_all()?;
    Ok(())
}

fn push_chunk(out: &mut Vec<u8>, id: &[u8; 4], body: &[u8]) {
    out.extend_from_slice(id);
    out.extend_from_slice(&u32::try_from(body.len()).unwrap_or(u32::MAX).to_le_bytes());
    out.extend_from_slice(body);
    if body.len() % 2 == 1 {
        out.push(0);
    }
}

/// The marks of a WAV file, in the order of its cue chunk (empty when it has none).
pub fn read_cues(path: &Path) -> Result<Vec<Cue>, WavError> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut bytes)?;
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(WavError::Format(path.display().to_string()));
    }
    let u32_at = |b: &[u8], i: usize| -> Option<u32> {
        b.get(i..i + 4)
            .and_then(|s| <[u8; 4]>::try_from(s).ok())
            .map(u32::from_le_bytes)
    };
    let mut points: Vec<(u32, u32)> = Vec::new();
    let mut labels: Vec<(u32, String)> = Vec::new();
    let mut i = 12;
    while i + 8 <= bytes.len() {
        let id = &bytes[i..i + 4];
        let size = u32_at(&bytes, i + 4).unwrap_or(0) as usize;
        let body = bytes.get(i + 8..i + 8 + size).unwrap_or(&[]);
        if id == b"cue " {
            let n = u32_at(body, 0).unwrap_or(0) as usize;
            for k in 0..n {
                let at = 4 + 24 * k;
                if let (Some(cid), Some(off)) = (u32_at(body, at), u32_at(body, at + 20)) {
                    points.push((cid, off));
                }
            }
        } else if id == b"LIST" && body.get(..4) == Some(b"adtl") {
            let mut j = 4;
            while j + 8 <= body.len() {
                let sid = &body[j..j + 4];
                let ssize = u32_at(body, j + 4).unwrap_or(0) as usize;
                let sbody = body.get(j + 8..j + 8 + ssize).unwrap_or(&[]);
                if sid == b"labl"
                    && let Some(cid) = u32_at(sbody, 0)
                {
                    let text = sbody.get(4..).unwrap_or(&[]);
                    let text = text.split(|b| *b == 0).next().unwrap_or(&[]);
                    labels.push((cid, String::from_utf8_lossy(text).into_owned()));
                }
                j += 8 + ssize + ssize % 2;
            }
        }
        i += 8 + size + size % 2;
    }
    Ok(points
        .into_iter()
        .map(|(cid, sample)| Cue {
            sample,
            label: labels
                .iter()
                .find(|(l, _)| *l == cid)
                .map(|(_, t)| t.clone())
                .unwrap_or_default(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cues_round_trip_and_hound_still_reads_the_samples() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.wav");
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: 16_000,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let mut w = hound::WavWriter::create(&path, spec).unwrap();
        for i in 0..1601 {
            w.write_sample((i % 100) as i16).unwrap();
        }
        w.finalize().unwrap();
        let cues = vec![
            Cue {
                sample: 0,
                label: "1. e4 Eva vier".into(),
            },
            Cue {
                sample: 1600,
                label: "1... e5 Eva fünf".into(),
            },
        ];
        append_cues(&path, &cues).unwrap();
        assert_eq!(read_cues(&path).unwrap(), cues);
        let mut r = hound::WavReader::open(&path).unwrap();
        assert_eq!(r.duration(), 1601);
        assert_eq!(r.samples::<i16>().count(), 1601);
        let len = std::fs::metadata(&path).unwrap().len();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(
            u64::from(u32::from_le_bytes(bytes[4..8].try_into().unwrap())),
            len - 8
        );
    }
}
