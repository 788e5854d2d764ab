//! Speech, earcons and the audio scoresheets against the device rig (tests/rig/README.md):
//! speech-dispatcher with espeak-ng speaking into the PulseAudio null sink `speaker`.
//! Skipped without a rig (fails with `ANSAGE_REQUIRE_RIG=1`).

#[path = "support/rig.rs"]
mod rig;

#[cfg(feature = "speech")]
mod speech {
    use std::time::{Duration, Instant};

    use ansage::core::lang::Language;
    use ansage::core::output::{Audience, Output, Priority, Speech};
    use ansage::core::time::Timestamp;
    use ansage::devices::Speaking;
    use ansage::speech::schedule::DropReason;
    use ansage::speech::{SpeechConfig, SpeechSink, Traced};
    use ansage::station::Sink;

    use super::rig::{self, wait_until};

    /// One speaker per rig: the tests take turns.
    static SPEAKER: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn turn() -> std::sync::MutexGuard<'static, ()> {
        SPEAKER
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn say(text: &str, priority: Priority) -> Output {
        Output::Say(Speech {
            text: text.into(),
            lang: Language::De,
            priority,
            to: Audience::White,
            error: false,
        })
    }

    fn sink(speaking: Speaking) -> SpeechSink {
        let config = SpeechConfig::default();
        SpeechSink::spawn(
            ansage::speech::tts::maker(&config),
            &config,
            vec![Audience::White],
            speaking,
        )
        .expect("speech-dispatcher")
    }

    fn began(sink: &SpeechSink, text: &str) -> bool {
        sink.trace()
            .entries()
            .iter()
            .any(|(_, t)| *t == Traced::Began(text.to_owned()))
    }

    #[test]
    fn what_the_station_says_reaches_the_speaker() {
        let Some(rig) = rig::rig("what_the_station_says_reaches_the_speaker") else {
            return;
        };
        let _turn = turn();
        let dir = tempfile::tempdir().unwrap();
        let rec = rig.record_speaker(&dir.path().join("said.wav"));
        let speaking = Speaking::new();
        let mut s = sink(speaking.clone());
        // Give parec a moment to connect: wait for the file header, not a fixed span.
        assert!(wait_until(Duration::from_secs(5), || rec.path.exists()));
        s.deliver(
            Timestamp::ZERO,
            &[say("Springer Felix drei. Zug zwölf.", Priority::Move)],
        );
        assert!(wait_until(Duration::from_secs(5), || speaking
            .is_speaking(Instant::now())));
        assert!(s.wait_idle(Duration::from_secs(20)), "speech did not end");
        let path = rec.stop();
        let trace = s.trace().entries();
        assert!(
            trace.iter().any(|(_, t)| matches!(t, Traced::Ended(_))),
            "{trace:?}"
        );
        let rms = rig::wav_rms(&path);
        let secs = rig::wav_seconds(&path);
        eprintln!("recorded {secs:.2} s, RMS {rms:.4}");
        assert!(rms > 0.005, "silence on the speaker (RMS {rms})");
        // Six words take a second or two at the normal rate.
        assert!(secs > 0.8 && secs < 15.0, "implausible length {secs}");
        assert!(voiced_seconds(&path) > 0.6, "too little sound");
        s.close(Duration::from_secs(5));
    }

    #[test]
    fn a_move_interrupts_and_a_stale_reminder_is_dropped() {
        let Some(rig) = rig::rig("a_move_interrupts_and_a_stale_reminder_is_dropped") else {
            return;
        };
        let _turn = turn();
        let dir = tempfile::tempdir().unwrap();
        let rec = rig.record_speaker(&dir.path().join("said.wav"));
        assert!(wait_until(Duration::from_secs(5), || rec.path.exists()));
        let mut s = sink(Speaking::new());
        let long = "Auf Anna eins steht ein weißer Turm, auf Bella eins ein weißer Springer, \
                    auf Zäsar eins ein weißer Läufer, auf David eins die weiße Dame, \
                    auf Eva eins der weiße König, auf Felix eins ein weißer Läufer.";
        s.deliver(Timestamp::ZERO, &[say(long, Priority::Answer)]);
        assert!(wait_until(Duration::from_secs(10), || began(&s, long)));
        let t0 = Instant::now();
        s.deliver(
            Timestamp::ZERO,
            &[say("Noch zehn Sekunden.", Priority::Reminder)],
        );
        s.deliver(Timestamp::ZERO, &[say("Dame Hector fünf.", Priority::Move)]);
        assert!(s.wait_idle(Duration::from_secs(20)));
        let took = t0.elapsed();
        let path = rec.stop();
        let order: Vec<String> = s
            .trace()
            .entries()
            .into_iter()
            .filter_map(|(_, t)| match t {
                Traced::Began(x) => {
                    Some(format!("began {}", x.chars().take(11).collect::<String>()))
                }
                Traced::Dropped(x, r) => Some(format!(
                    "dropped {} {r:?}",
                    x.chars().take(11).collect::<String>()
                )),
                _ => None,
            })
            .collect();
        assert_eq!(
            order,
            vec![
                "began Auf Anna ei".to_owned(),
                format!("dropped Noch zehn S {:?}", DropReason::Overtaken),
                format!("dropped Auf Anna ei {:?}", DropReason::Interrupted),
                "began Dame Hector".to_owned(),
            ],
        );
        // The long answer alone takes about ten seconds; cut short, all is over soon.
        assert!(took < Duration::from_secs(5), "took {took:?}");
        let secs = rig::wav_seconds(&path);
        assert!(voiced_seconds(&path) < secs, "no pause at all?");
        s.close(Duration::from_secs(5));
    }

    /// Seconds of 10 ms frames above a small RMS.
    fn voiced_seconds(path: &std::path::Path) -> f64 {
        let mut r = hound::WavReader::open(path).unwrap();
        let rate = r.spec().sample_rate as usize;
        let s: Vec<f64> = r
            .samples::<i16>()
            .map(|x| f64::from(x.unwrap()) / 32768.0)
            .collect();
        let frame = rate / 100;
        s.chunks(frame)
            .filter(|c| (c.iter().map(|x| x * x).sum::<f64>() / c.len() as f64).sqrt() > 0.01)
            .count() as f64
            / 100.0
    }
}
