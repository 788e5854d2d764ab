//! espeak-ng in the station's process (libespeak-ng through `espeakng-sys`): one thread
//! for the whole process, since the library keeps one state; every speaker hands it
//! jobs. It synthesizes in 20 ms chunks and hands each to the job's player as soon as
//! it is made, so the first sound waits for one chunk, not the sentence; a job whose
//! generation is gone (cut) is aborted at its next chunk.

// FFI: libespeak-ng's C API (`espeakng-sys`), called from this file's one thread, and its
// callback, which reads the samples and the job behind raw pointers.
#![allow(unsafe_code)]

use std::ffi::{CString, c_int, c_short, c_void};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, OnceLock};

use espeakng_sys as sys;

use super::params::Voice;
use super::player::ToPlayer;

/// The synthesizer's chunk, milliseconds.
const CHUNK_MS: c_int = 20;

/// One utterance to synthesize.
pub struct Job {
    /// Its words, respelled for espeak-ng.
    pub text: String,
    /// The voice.
    pub voice: Voice,
    /// The speaker's id of it.
    pub id: u64,
    /// The generation it belongs to.
    pub generation: u64,
    /// The speaker's current generation.
    pub current: Arc<AtomicU64>,
    /// Its player.
    pub to: SyncSender<ToPlayer>,
}

/// The process's synthesizer: where jobs go, and its sample rate.
pub struct Synth {
    jobs: Mutex<SyncSender<Job>>,
    /// Samples per second (22,050 for espeak-ng's voices).
    pub rate: u32,
}

impl Synth {
    /// Hands over a job (waits while 64 are queued).
    pub fn submit(&self, job: Job) -> Result<(), String> {
        let jobs = self
            .jobs
            .lock()
            .map_err(|_| "the synthesizer's lock".to_owned())?;
        jobs.send(job)
            .map_err(|_| "the synthesizer's thread has stopped".to_owned())
    }
}

/// The process's synthesizer, started on first use.
pub fn shared() -> Result<&'static Synth, String> {
    static SYNTH: OnceLock<Result<Synth, String>> = OnceLock::new();
    SYNTH.get_or_init(start).as_ref().map_err(Clone::clone)
}

fn start() -> Result<Synth, String> {
    let (tx, rx) = sync_channel::<Job>(64);
    let (ready_tx, ready_rx) = sync_channel(1);
    std::thread::Builder::new()
        .name("espeak-ng".into())
        .spawn(move || {
            // SAFETY: called once, on the only thread that ever calls libespeak-ng.
            let rate = unsafe {
                sys::espeak_Initialize(
                    sys::espeak_AUDIO_OUTPUT_AUDIO_OUTPUT_SYNCHRONOUS,
                    CHUNK_MS,
                    std::ptr::null(),
                    0,
                )
            };
            let ok = rate > 0;
            let _ = ready_tx.send(u32::try_from(rate).ok().filter(|_| ok));
            if ok {
                // SAFETY: the callback is a plain function that lives as long as the process.
                unsafe { sys::espeak_SetSynthCallback(Some(chunk)) };
                serve(&rx);
            }
        })
        .map_err(|e| format!("espeak-ng: no thread: {e}"))?;
    let rate = ready_rx
        .recv()
        .map_err(|_| "espeak-ng: its thread ended".to_owned())?
        .ok_or_else(|| "espeak-ng: the library did not start (its data missing?)".to_owned())?;
    Ok(Synth {
        jobs: Mutex::new(tx),
        rate,
    })
}

/// Synthesizes every job that comes, one after the other.
fn serve(rx: &Receiver<Job>) {
    let mut set: Option<Voice> = None;
    while let Ok(job) = rx.recv() {
        if job.current.load(Ordering::SeqCst) == job.generation {
            if set.as_ref() != Some(&job.voice) {
                select(&job.voice);
                set = Some(job.voice.clone());
            }
            synthesize(&job);
        }
        let _ = job.to.send(ToPlayer::End {
            id: job.id,
            generation: job.generation,
        });
    }
}

/// Sets the voice, rate, pitch and volume (the language's voice when the named one is
/// not found).
fn select(voice: &Voice) {
    let name = CString::new(voice.name.replace('\0', "")).unwrap_or_default();
    // SAFETY: a valid C string; on the library's thread.
    let found = unsafe { sys::espeak_SetVoiceByName(name.as_ptr()) };
    if found != sys::espeak_ERROR_EE_OK {
        tracing::warn!("speech: espeak-ng has no voice {:?}", voice.name);
        let fallback = CString::new(voice.fallback.replace('\0', "")).unwrap_or_default();
        // SAFETY: as above.
        unsafe { sys::espeak_SetVoiceByName(fallback.as_ptr()) };
    }
    for (parameter, value) in [
        (sys::espeak_PARAMETER_espeakRATE, voice.rate),
        (sys::espeak_PARAMETER_espeakPITCH, voice.pitch),
        (sys::espeak_PARAMETER_espeakVOLUME, voice.volume),
    ] {
        // SAFETY: plain values; on the library's thread.
        unsafe { sys::espeak_SetParameter(parameter, value, 0) };
    }
}

/// Synthesizes one job; its chunks go to its player from [`chunk`].
fn synthesize(job: &Job) {
    let text = CString::new(job.text.replace('\0', " ")).unwrap_or_default();
    let bytes = text.as_bytes_with_nul();
    // SAFETY: the text is NUL-terminated and outlives the call; in synchronous mode
    // every callback happens inside this call, so `job` outlives them too, and they
    // only read it.
    let result = unsafe {
        sys::espeak_Synth(
            bytes.as_ptr().cast::<c_void>(),
            bytes.len(),
            0,
            sys::espeak_POSITION_TYPE_POS_CHARACTER,
            0,
            sys::espeakCHARS_UTF8,
            std::ptr::null_mut(),
            std::ptr::from_ref(job).cast_mut().cast::<c_void>(),
        )
    };
    if result != sys::espeak_ERROR_EE_OK {
        tracing::warn!("speech: espeak-ng refused an utterance ({result})");
    }
}

/// libespeak-ng's callback: one chunk of samples (`wav` may be null at the end), and the
/// events, which carry the job as their user data. Returns 1 to abort a job that was cut.
extern "C" fn chunk(wav: *mut c_short, samples: c_int, events: *mut sys::espeak_EVENT) -> c_int {
    // SAFETY: libespeak-ng passes its event list, whose first entry carries the user
    // data given to espeak_Synth: the `Job` `synthesize` borrows for the call.
    let job = unsafe { events.as_ref().map(|e| e.user_data.cast::<Job>()) };
    let Some(job) = job.and_then(|j| unsafe { j.as_ref() }) else {
        return 0;
    };
    if job.current.load(Ordering::SeqCst) != job.generation {
        return 1;
    }
    let n = usize::try_from(samples).unwrap_or(0);
    if wav.is_null() || n == 0 {
        return 0;
    }
    // SAFETY: libespeak-ng hands `samples` samples at `wav`, valid during the call.
    let pcm = unsafe { std::slice::from_raw_parts(wav, n) }.to_vec();
    let sent = job.to.send(ToPlayer::Audio {
        id: job.id,
        generation: job.generation,
        samples: pcm,
    });
    i32::from(sent.is_err())
}
