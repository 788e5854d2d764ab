//! Earcons through the sound card (feature `audio`): the tones of
//! [`crate::speech::earcon::Tone`], rendered at the device's rate and mixed into one
//! output stream that stays open (so a tone starts within one buffer, not after a device
//! open). [`EarconPlayer::player`] gives the non-blocking function
//! [`crate::speech::SpeechSink::with_earcons`] takes.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

use crate::speech::earcon::Tone;

/// The errors of the earcon output.
#[derive(Debug, thiserror::Error)]
pub enum EarconError {
    /// No output device, or it refused.
    #[error("sound output: {0}")]
    Device(String),
}

/// The open output stream (on its own thread: cpal streams are not `Send`).
pub struct EarconPlayer {
    queue: Arc<Mutex<VecDeque<f32>>>,
    rate: u32,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The device's name.
    pub device: String,
}

impl EarconPlayer {
    /// Opens the default output device.
    pub fn open() -> Result<EarconPlayer, EarconError> {
        let queue: Arc<Mutex<VecDeque<f32>>> = Arc::new(Mutex::new(VecDeque::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let (q, s) = (queue.clone(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("earcons".into())
            .spawn(move || {
                let opened = open_stream(q);
                match opened {
                    Ok((stream, rate, name)) => {
                        let _ = ready_tx.send(Ok((rate, name)));
                        while !s.load(Ordering::SeqCst) {
                            std::thread::park();
                        }
                        drop(stream);
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
            })
            .map_err(|e| EarconError::Device(e.to_string()))?;
        let (rate, device) = ready_rx
            .recv()
            .map_err(|_| EarconError::Device("the earcon thread failed".into()))??;
        Ok(EarconPlayer {
            queue,
            rate,
            stop,
            thread: Some(thread),
            device,
        })
    }

    /// A function that plays tones, for [`crate::speech::SpeechSink::with_earcons`].
    pub fn player(&self) -> Box<dyn FnMut(Tone) + Send> {
        let queue = self.queue.clone();
        let rate = self.rate;
        Box::new(move |tone: Tone| {
            let samples = tone.samples(rate);
            if let Ok(mut q) = queue.lock() {
                q.extend(samples);
            }
        })
    }
}

impl Drop for EarconPlayer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

type Opened = (cpal::Stream, u32, String);

fn open_stream(queue: Arc<Mutex<VecDeque<f32>>>) -> Result<Opened, EarconError> {
    let dev_err = |e: &dyn std::fmt::Display| EarconError::Device(e.to_string());
    let host = cpal::default_host();
    let dev = host
        .default_output_device()
        .ok_or_else(|| EarconError::Device("no output device".into()))?;
    let name = dev
        .id()
        .map(|i| i.to_string())
        .unwrap_or_else(|_| "default".into());
    let cfg = dev.default_output_config().map_err(|e| dev_err(&e))?;
    if cfg.sample_format() != cpal::SampleFormat::F32 {
        return Err(EarconError::Device(format!(
            "{name}: sample format {:?}, expected f32",
            cfg.sample_format()
        )));
    }
    let rate = cfg.sample_rate();
    let channels = usize::from(cfg.channels());
    let stream = dev
        .build_output_stream(
            cfg.into(),
            move |buf: &mut [f32], _: &cpal::OutputCallbackInfo| {
                let mut q = queue.lock().ok();
                for frame in buf.chunks_mut(channels) {
                    let v = q.as_mut().and_then(|q| q.pop_front()).unwrap_or(0.0);
                    frame.fill(v);
                }
            },
            // ALSA's pulse plugin reports harmless I/O errors as the stream starts.
            |e| tracing::debug!("earcon stream: {e}"),
            None,
        )
        .map_err(|e| dev_err(&e))?;
    stream.play().map_err(|e| dev_err(&e))?;
    Ok((stream, rate, name))
}
