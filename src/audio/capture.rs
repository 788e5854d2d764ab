//! Microphone capture: cpal on its own thread, any device rate and channel count converted
//! to 16 kHz mono, blocks of at most [`MAX_CHUNK`] to the hearing actor.
//!
//! - The device is the host's default input or the one named in
//!   [`CaptureOptions::device`] (cpal's name of it, as `ansage doctor` lists them).
//! - The cpal callback only copies the samples (as `f32`, channels averaged) into a bounded
//!   channel (dropping a block when it is full, never blocking); the capture thread
//!   resamples them with rubato's synchronous FFT resampler in 10 ms blocks and sends
//!   [`AudioEvent::Chunk`]s, each stamped with the instant its block arrived.
//! - A device that cannot be opened, reports that it is gone (`DeviceNotAvailable`,
//!   `HostUnavailable`) or delivers nothing for [`CaptureOptions::stall`] is closed and
//!   reopened every [`CaptureOptions::retry`]; the actor is told [`AudioEvent::Lost`] once
//!   and [`AudioEvent::Back`] once it works again (it tells the player). Other stream errors
//!   (ALSA's harmless `snd_pcm_avail_delay` I/O errors at start) are only counted.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use rubato::audioadapter_buffers::direct::InterleavedSlice;
use rubato::{Fft, FixedSync, Resampler};

use super::stream::{AudioEvent, Chunk, MAX_CHUNK};

/// The recognizer's sample rate.
pub const RATE: u32 = 16_000;

/// How the microphone is opened.
#[derive(Clone, Debug)]
pub struct CaptureOptions {
    /// The input device's name (`None`: the default input).
    pub device: Option<String>,
    /// The length of the blocks sent (at most [`MAX_CHUNK`]).
    pub chunk: Duration,
    /// How long the device may deliver nothing before it counts as lost.
    pub stall: Duration,
    /// How often a lost device is tried again.
    pub retry: Duration,
}

impl Default for CaptureOptions {
    fn default() -> Self {
        CaptureOptions {
            device: None,
            chunk: Duration::from_millis(10),
            stall: Duration::from_secs(2),
            retry: Duration::from_secs(1),
        }
    }
}

/// A running capture: stop it with [`Capture::stop`] (or drop it).
#[derive(Debug)]
pub struct Capture {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Capture {
    /// Stops the capture and waits for its thread.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        self.halt();
    }
}

/// The names of the host's input devices, the default first (for `ansage doctor`).
pub fn input_devices() -> Vec<String> {
    let host = cpal::default_host();
    let mut out: Vec<String> = Vec::new();
    if let Some(d) = host.default_input_device() {
        out.push(d.to_string());
    }
    if let Ok(devs) = host.input_devices() {
        for d in devs {
            let name = d.to_string();
            if !out.contains(&name) {
                out.push(name);
            }
        }
    }
    out
}

/// Starts capturing on its own thread; events go to `to` (the hearing actor's channel).
pub fn start(options: CaptureOptions, to: SyncSender<AudioEvent>) -> std::io::Result<Capture> {
    let stop = Arc::new(AtomicBool::new(false));
    let s = stop.clone();
    let thread = std::thread::Builder::new()
        .name("ansage-mic".into())
        .spawn(move || run(&options, &to, &s))?;
    Ok(Capture {
        stop,
        thread: Some(thread),
    })
}

/// A block from the callback: mono samples and when they arrived.
struct Raw {
    samples: Vec<f32>,
    at: Instant,
}

struct Open {
    _stream: cpal::Stream,
    raw: Receiver<Raw>,
    rate: u32,
    fatal: Arc<Mutex<Option<String>>>,
}

fn mono<T: Copy>(data: &[T], channels: usize, f: impl Fn(T) -> f32) -> Vec<f32> {
    let channels = channels.max(1);
    data.chunks(channels)
        .map(|frame| frame.iter().map(|s| f(*s)).sum::<f32>() / frame.len() as f32)
        .collect()
}

/// Why the microphone cannot be opened, or its samples not converted.
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    /// The system has no default microphone.
    #[error("no default input device")]
    NoDefaultDevice,
    /// No microphone has the configured name.
    #[error("no input device {0:?}")]
    NoDevice(String),
    /// The microphone's samples are in a format this station does not read.
    #[error("unsupported sample format {0}")]
    Format(cpal::SampleFormat),
    /// The audio system refused.
    #[error(transparent)]
    Device(#[from] cpal::Error),
    /// No resampler for the microphone's rate.
    #[error(transparent)]
    Resampler(#[from] rubato::ResamplerConstructionError),
    /// Resampling failed.
    #[error(transparent)]
    Resample(#[from] rubato::ResampleError),
    /// A block of samples does not fit the resampler.
    #[error(transparent)]
    Block(#[from] rubato::audioadapter_buffers::SizeError),
}

fn open(options: &CaptureOptions) -> Result<Open, CaptureError> {
    let host = cpal::default_host();
    let device = match &options.device {
        None => host
            .default_input_device()
            .ok_or(CaptureError::NoDefaultDevice)?,
        Some(name) => host
            .input_devices()?
            .find(|d| &d.to_string() == name)
            .ok_or_else(|| CaptureError::NoDevice(name.clone()))?,
    };
    let supported = device.default_input_config()?;
    let channels = usize::from(supported.channels());
    let rate = supported.sample_rate();
    let format = supported.sample_format();
    let config: cpal::StreamConfig = supported.into();
    let (tx, raw) = sync_channel::<Raw>(64);
    let fatal: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
    let fatal_cb = fatal.clone();
    let data_cb = move |data: &cpal::Data, _: &cpal::InputCallbackInfo| {
        let at = Instant::now();
        let samples = match format {
            cpal::SampleFormat::F32 => data.as_slice::<f32>().map(|d| mono(d, channels, |s| s)),
            cpal::SampleFormat::I16 => data
                .as_slice::<i16>()
                .map(|d| mono(d, channels, |s| f32::from(s) / 32768.0)),
            cpal::SampleFormat::I32 => data
                .as_slice::<i32>()
                .map(|d| mono(d, channels, |s| s as f32 / 2_147_483_648.0)),
            cpal::SampleFormat::U16 => data
                .as_slice::<u16>()
                .map(|d| mono(d, channels, |s| (f32::from(s) - 32768.0) / 32768.0)),
            _ => None,
        };
        // A full queue drops the block: the capture thread fell behind.
        if let Some(samples) = samples {
            let _ = tx.try_send(Raw { samples, at });
        }
    };
    let err_cb = move |e: cpal::Error| match e.kind() {
        cpal::ErrorKind::DeviceNotAvailable | cpal::ErrorKind::HostUnavailable => {
            if let Ok(mut f) = fatal_cb.lock() {
                *f = Some(e.to_string());
            }
        }
        // Other stream errors pass: the stream goes on.
        _ => {}
    };
    if !matches!(
        format,
        cpal::SampleFormat::F32
            | cpal::SampleFormat::I16
            | cpal::SampleFormat::I32
            | cpal::SampleFormat::U16
    ) {
        return Err(CaptureError::Format(format));
    }
    let stream = device.build_input_stream_raw(config, format, data_cb, err_cb, None)?;
    stream.play()?;
    Ok(Open {
        _stream: stream,
        raw,
        rate,
        fatal,
    })
}

/// Any rate, mono `f32` in; 16 kHz `i16` blocks of a fixed length out.
pub struct To16k {
    resampler: Option<Fft<f32>>,
    block_in: usize,
    pending_in: Vec<f32>,
    pending_out: Vec<i16>,
    chunk: usize,
}

impl std::fmt::Debug for To16k {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("To16k")
            .field("block_in", &self.block_in)
            .field("chunk", &self.chunk)
            .finish()
    }
}

impl To16k {
    /// A converter from `rate` Hz mono to 16 kHz blocks of `chunk` (at most [`MAX_CHUNK`]).
    pub fn new(rate: u32, chunk: Duration) -> Result<To16k, CaptureError> {
        let chunk = chunk.min(MAX_CHUNK).max(Duration::from_millis(10));
        let block_in = (rate as usize / 100).max(1);
        let resampler = if rate == RATE {
            None
        } else {
            Some(Fft::<f32>::new(
                rate as usize,
                RATE as usize,
                block_in,
                1,
                FixedSync::Input,
            )?)
        };
        Ok(To16k {
            resampler,
            block_in,
            pending_in: Vec::new(),
            pending_out: Vec::new(),
            chunk: (RATE as u128 * chunk.as_millis() / 1000) as usize,
        })
    }

    /// Takes samples; returns the complete blocks now ready.
    pub fn push(&mut self, samples: &[f32]) -> Result<Vec<Vec<i16>>, CaptureError> {
        let to_i16 = |s: f32| (s.clamp(-1.0, 1.0) * 32767.0).round() as i16;
        match &mut self.resampler {
            None => self.pending_out.extend(samples.iter().map(|s| to_i16(*s))),
            Some(r) => {
                self.pending_in.extend_from_slice(samples);
                while self.pending_in.len() >= self.block_in {
                    let block: Vec<f32> = self.pending_in.drain(..self.block_in).collect();
                    let input = InterleavedSlice::new(&block[..], 1, block.len())?;
                    let out = r.process(&input, None)?;
                    self.pending_out
                        .extend(out.take_data().into_iter().map(to_i16));
                }
            }
        }
        let mut blocks = Vec::new();
        while self.pending_out.len() >= self.chunk {
            blocks.push(self.pending_out.drain(..self.chunk).collect());
        }
        Ok(blocks)
    }
}

/// Whether the capture thread told the station that the microphone is lost (it says so
/// once per loss, and once that it is back).
struct LossReport<'a> {
    to: &'a SyncSender<AudioEvent>,
    lost: bool,
}

impl LossReport<'_> {
    fn lost(&mut self, why: String) {
        tracing::warn!("microphone: {why}");
        if !self.lost {
            self.lost = true;
            let _ = self.to.send(AudioEvent::Lost(why));
        }
    }

    fn back(&mut self) {
        if self.lost {
            self.lost = false;
            tracing::info!("microphone: back");
            let _ = self.to.send(AudioEvent::Back);
        }
    }
}

/// How a stream's loop ended.
enum StreamEnd {
    /// Stopped, or nobody listens any more: the thread ends.
    Stop,
    /// The stream failed: open the device again.
    Reopen,
}

fn run(options: &CaptureOptions, to: &SyncSender<AudioEvent>, stop: &AtomicBool) {
    let mut report = LossReport { to, lost: false };
    while !stop.load(Ordering::SeqCst) {
        let open = match open(options) {
            Ok(o) => o,
            Err(why) => {
                report.lost(why.to_string());
                std::thread::sleep(options.retry);
                continue;
            }
        };
        let mut conv = match To16k::new(open.rate, options.chunk) {
            Ok(c) => c,
            Err(why) => {
                report.lost(why.to_string());
                std::thread::sleep(options.retry);
                continue;
            }
        };
        if let StreamEnd::Stop = stream(options, &open, &mut conv, &mut report, stop) {
            return;
        }
        // A stream whose device or sound server vanished can block forever when it is
        // closed (seen with ALSA's PulseAudio plugin when the server died): it is left
        // behind, so that reopening goes on. (cpal streams cannot move to another thread
        // to be closed there.) One lost stream per loss of the device.
        std::mem::forget(open);
        std::thread::sleep(options.retry);
    }
}

/// Sends the open stream's sound on as 16 kHz chunks until it fails or the thread stops.
fn stream(
    options: &CaptureOptions,
    open: &Open,
    conv: &mut To16k,
    report: &mut LossReport<'_>,
    stop: &AtomicBool,
) -> StreamEnd {
    let mut delivered = false;
    loop {
        if stop.load(Ordering::SeqCst) {
            return StreamEnd::Stop;
        }
        if let Some(why) = open.fatal.lock().ok().and_then(|mut f| f.take()) {
            report.lost(why);
            return StreamEnd::Reopen;
        }
        let raw = match open.raw.recv_timeout(options.stall) {
            Ok(raw) => raw,
            Err(RecvTimeoutError::Timeout) => {
                report.lost(format!("no sound for {:?}", options.stall));
                return StreamEnd::Reopen;
            }
            Err(RecvTimeoutError::Disconnected) => {
                report.lost("the stream ended".into());
                return StreamEnd::Reopen;
            }
        };
        if !delivered {
            delivered = true;
            report.back();
        }
        match conv.push(&raw.samples) {
            Ok(blocks) => {
                for samples in blocks {
                    let chunk = Chunk {
                        samples,
                        at: raw.at,
                    };
                    if report.to.send(AudioEvent::Chunk(chunk)).is_err() {
                        return StreamEnd::Stop;
                    }
                }
            }
            Err(why) => {
                report.lost(why.to_string());
                return StreamEnd::Reopen;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any rate becomes 16 kHz blocks of the chunk's length, and a tone keeps its level.
    #[test]
    fn converts_any_rate_to_16k_blocks() {
        for rate in [8_000u32, 16_000, 44_100, 48_000] {
            let mut c = To16k::new(rate, Duration::from_millis(50)).unwrap();
            let tone: Vec<f32> = (0..rate)
                .map(|i| 0.5 * (2.0 * std::f32::consts::PI * 440.0 * i as f32 / rate as f32).sin())
                .collect();
            let mut blocks = Vec::new();
            for part in tone.chunks(rate as usize / 30) {
                blocks.extend(c.push(part).unwrap());
            }
            assert!(blocks.iter().all(|b| b.len() == 800), "{rate}");
            let n: usize = blocks.iter().map(Vec::len).sum();
            assert!((15_000..=16_000).contains(&n), "{rate}: {n}");
            let tail = &blocks[blocks.len() / 2];
            let peak = tail.iter().map(|s| s.saturating_abs()).max().unwrap();
            assert!((15_000..=17_500).contains(&peak), "{rate}: {peak}");
        }
        assert!(To16k::new(44_100, Duration::from_secs(1)).unwrap().chunk == 1600);
    }
}
