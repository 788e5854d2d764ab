//! Speech, earcons and the audio scoresheets against the device rig (tests/rig/README.md):
//! speech-dispatcher with espeak-ng speaking into the PulseAudio null sink `speaker`.
//! Skipped without a rig (fails with `ANSAGE_REQUIRE_RIG=1`).

use crate::support::{proc, rig};

/// The limit for `ansage export --audio` of a game of seven moves (espeak-ng says each move:
/// a second or two in all).
const EXPORT_LIMIT: std::time::Duration = std::time::Duration::from_secs(120);

/// The limit for espeak-ng saying each of the seven moves again, one by one (as long).
const SYNTH_LIMIT: std::time::Duration = std::time::Duration::from_secs(120);

/// The limit for `parec` to end after SIGINT, and for its reader to see the end.
const STOP_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

#[cfg(feature = "speech")]
mod speech {
    use std::time::{Duration, Instant};

    use ansage::adapter::Speaking;
    use ansage::core::lang::Language;
    use ansage::core::output::{Audience, Output, Priority, Speech};
    use ansage::core::time::Timestamp;
    use ansage::speech::schedule::DropReason;
    use ansage::speech::{SpeechConfig, SpeechEngine, SpeechSink, Traced};
    use ansage::station::Sink;

    use crate::support::rig::{self, turn, wait_until};

    fn say(text: &str, priority: Priority) -> Output {
        Output::Say(Speech {
            text: text.into(),
            lang: Language::De,
            priority,
            to: Audience::White,
            error: false,
            expires: None,
            live: None,
            reply_to: None,
            ply: 0,
        })
    }

    fn sink(speaking: Speaking, engine: SpeechEngine) -> SpeechSink {
        let config = SpeechConfig {
            engine,
            ..SpeechConfig::default()
        };
        SpeechSink::spawn(
            ansage::speech::maker(&config),
            &config,
            vec![Audience::White],
            speaking,
        )
        .expect("the synthesizer")
    }

    fn began(sink: &SpeechSink, text: &str) -> bool {
        sink.trace()
            .entries()
            .iter()
            .any(|(_, t)| *t == Traced::Began(text.to_owned()))
    }

    #[test]
    fn what_the_station_says_reaches_the_speaker() {
        reaches_the_speaker(
            "what_the_station_says_reaches_the_speaker",
            SpeechEngine::SpeechDispatcher,
        );
    }

    /// The station's own espeak-ng (`speech.engine = "espeak-ng"`), on the rig's PulseAudio.
    #[cfg(feature = "espeak")]
    #[test]
    fn what_the_station_says_reaches_the_speaker_by_its_own_espeak_ng() {
        reaches_the_speaker(
            "what_the_station_says_reaches_the_speaker_by_its_own_espeak_ng",
            SpeechEngine::EspeakNg,
        );
    }

    #[test]
    fn a_move_interrupts_and_a_late_reminder_is_dropped() {
        interrupts(
            "a_move_interrupts_and_a_late_reminder_is_dropped",
            SpeechEngine::SpeechDispatcher,
        );
    }

    #[cfg(feature = "espeak")]
    #[test]
    fn a_move_interrupts_and_a_late_reminder_is_dropped_by_its_own_espeak_ng() {
        interrupts(
            "a_move_interrupts_and_a_late_reminder_is_dropped_by_its_own_espeak_ng",
            SpeechEngine::EspeakNg,
        );
    }

    fn reaches_the_speaker(name: &str, engine: SpeechEngine) {
        let Some(rig) = rig::rig(name) else {
            return;
        };
        let _turn = turn();
        let dir = tempfile::tempdir().unwrap();
        let rec = rig.record_speaker(&dir.path().join("said.wav"));
        let speaking = Speaking::new();
        let mut s = sink(speaking.clone(), engine);
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

    fn interrupts(name: &str, engine: SpeechEngine) {
        let Some(rig) = rig::rig(name) else {
            return;
        };
        let _turn = turn();
        let dir = tempfile::tempdir().unwrap();
        let rec = rig.record_speaker(&dir.path().join("said.wav"));
        assert!(wait_until(Duration::from_secs(5), || rec.path.exists()));
        let mut s = sink(Speaking::new(), engine);
        let long = "Auf Anna eins steht ein weißer Turm, auf Bella eins ein weißer Springer, \
                    auf Zäsar eins ein weißer Läufer, auf David eins die weiße Dame, \
                    auf Eva eins der weiße König, auf Felix eins ein weißer Läufer.";
        // The long answer replies to the player's question (newest input first: a move cuts
        // it short, and a reply cut short is not said again).
        let mut answer = say(long, Priority::Answer);
        if let Output::Say(speech) = &mut answer {
            speech.reply_to = Some(1);
        }
        s.deliver(Timestamp::ZERO, &[answer]);
        assert!(wait_until(Duration::from_secs(10), || began(&s, long)));
        let t0 = Instant::now();
        // A reminder the session says is worth saying only within half a second.
        let mut reminder = say("Noch zehn Sekunden.", Priority::Reminder);
        if let Output::Say(speech) = &mut reminder {
            speech.expires = Some(Timestamp::from_millis(500));
        }
        s.deliver(Timestamp::ZERO, &[reminder]);
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
                format!("dropped Auf Anna ei {:?}", DropReason::Interrupted),
                "began Dame Hector".to_owned(),
                format!("dropped Noch zehn S {:?}", DropReason::Late),
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

/// The spoken scoresheet of a game (`ansage export --audio`): one mark per move, in order,
/// and the audio at each mark is that move's words (the same synthesis of its text).
#[test]
fn the_spoken_scoresheet_has_the_moves_in_order() {
    let Some(_rig) = rig::rig("the_spoken_scoresheet_has_the_moves_in_order") else {
        return;
    };
    use ansage::core::lang::Language;
    use ansage::recorder::spoken::{SpokenOptions, move_texts, synthesize};
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("game.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n").unwrap();
    let wav = dir.path().join("spoken.wav");
    let out = proc::run(
        std::process::Command::new(env!("CARGO_BIN_EXE_ansage"))
            .arg("export")
            .arg(&pgn)
            .arg("--audio")
            .arg(&wav),
        EXPORT_LIMIT,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cues = ansage::recorder::wav::read_cues(&wav).unwrap();
    let sheet = ansage::core::scoresheet::pgn_in::read_any(
        &std::fs::read_to_string(&pgn).unwrap(),
        Language::En,
    )
    .unwrap();
    let texts = move_texts(&sheet, Language::De).unwrap();
    assert_eq!(texts.len(), 7);
    // The marks carry the real words; espeak-ng is handed them respelled (its table in
    // assets/de/pronunciation/espeak-ng.toml): the castling sounds as "Roschade" does.
    assert_eq!(texts[6], "4. Weiß: Kurze Rochade");
    let options = SpokenOptions::default();
    let (castling, _) =
        synthesize(&texts[6], Language::De, &options, &dir.path().join("c.wav")).unwrap();
    let raw = |text: &str| {
        let file = dir.path().join("raw.wav");
        let status = std::process::Command::new(&options.program)
            .args(["-v", "de", "-s"])
            .arg(options.words_per_minute.to_string())
            .arg("-w")
            .arg(&file)
            .arg("--")
            .arg(text)
            .status()
            .unwrap();
        assert!(status.success());
        hound::WavReader::open(&file)
            .unwrap()
            .into_samples::<i16>()
            .map(Result::unwrap)
            .collect::<Vec<i16>>()
    };
    assert!(castling == raw("4. Weiß: Kurze Roschade"), "not respelled");
    assert!(
        castling != raw("4. Weiß: Kurze Rochade"),
        "respelled to no effect"
    );
    let labels: Vec<&str> = cues.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, texts.iter().map(String::as_str).collect::<Vec<_>>());
    let samples: Vec<i16> = hound::WavReader::open(&wav)
        .unwrap()
        .into_samples()
        .map(Result::unwrap)
        .collect();
    let scratch = dir.path().join("one.wav");
    // Each move said alone (espeak-ng through the library), on a thread: its wait has a bound.
    let alones = proc::join_within(
        std::thread::spawn({
            let texts = texts.clone();
            move || {
                texts
                    .iter()
                    .map(|text| {
                        synthesize(text, Language::De, &SpokenOptions::default(), &scratch)
                            .unwrap()
                            .0
                    })
                    .collect::<Vec<_>>()
            }
        }),
        SYNTH_LIMIT,
        "espeak-ng saying each move alone",
    );
    for (i, (text, alone)) in texts.iter().zip(alones).enumerate() {
        let at = cues[i].sample as usize;
        let seg = &samples[at..at + alone.len()];
        assert_eq!(seg, &alone[..], "move {i} is not {text:?} at its mark");
        assert!(
            alone.iter().any(|s| s.unsigned_abs() > 1000),
            "{text:?} is silent"
        );
        if i + 1 < cues.len() {
            assert!(cues[i + 1].sample as usize >= at + alone.len());
        }
    }
}

/// The audio scoresheet: the microphone (the rig's virtual one, read with parec as a stand-in
/// for the station's capture) recorded with a mark at each made move, at its instant; the
/// sound played into the microphone just before each move is there, before its mark.
#[test]
fn the_audio_scoresheet_marks_every_move_at_its_offset() {
    let Some(rig) = rig::rig("the_audio_scoresheet_marks_every_move_at_its_offset") else {
        return;
    };
    use std::io::Read;
    use std::time::{Duration, Instant};

    use ansage::core::output::{MadeMove, Output};
    use ansage::core::time::Timestamp;
    use ansage::recorder::audio::{AudioChunk, AudioRecordSink, RATE};
    use ansage::station::Sink;
    use shakmaty::Color;

    let _turn = rig::turn();
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("game.wav");
    let t0 = Instant::now();
    let (mut sink, feed) = AudioRecordSink::spawn(&wav, t0, (Timestamp::ZERO, t0)).unwrap();
    let source = std::env::var("RIG_MIC_SINK").unwrap_or_else(|_| "micfeed".into()) + ".monitor";
    let mut parec = proc::spawn(
        std::process::Command::new("parec")
            .args(["-d", &source, "--raw", "--rate=16000", "--channels=1"])
            .args(["--format=s16le", "--latency-msec=20"])
            .stdout(std::process::Stdio::piped()),
    );
    let mut out = parec.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = vec![0u8; 640];
        // The stream's clock: the first chunk was captured about its length before it was
        // read, and every later one follows it without gaps (reads come in bursts).
        let mut first: Option<Instant> = None;
        let mut count: u64 = 0;
        while out.read_exact(&mut buf).is_ok() {
            let samples: Vec<i16> = buf
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect();
            let start = *first.get_or_insert_with(|| Instant::now() - Duration::from_millis(20));
            let at = start + Duration::from_micros(count * 1_000_000 / u64::from(RATE));
            count += samples.len() as u64;
            feed.send(AudioChunk { at, samples });
        }
    });
    // A 300 ms tone into the microphone, then the move is made; four moves.
    let tone = dir.path().join("tone.wav");
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(&tone, spec).unwrap();
    for i in 0..(RATE * 3 / 10) {
        let t = f64::from(i) / f64::from(RATE);
        w.write_sample((12000.0 * (2.0 * std::f64::consts::PI * 440.0 * t).sin()) as i16)
            .unwrap();
    }
    w.finalize().unwrap();
    let sans = ["e4", "e5", "Nf3", "Nc6"];
    let mut made_at = Vec::new();
    std::thread::sleep(Duration::from_millis(500));
    for (i, san) in sans.iter().enumerate() {
        rig.play_into_mic(&tone);
        let at = Timestamp::from_millis(t0.elapsed().as_millis() as u64);
        made_at.push(at);
        let m = MadeMove {
            number: 1 + i as u32 / 2,
            side: if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            san: (*san).into(),
            uci: String::new(),
            phrase: format!("Zug {san}"),
            clock: None,
            elapsed: None,
            clocks: None,
            draw_offer: false,
        };
        sink.deliver(at, &[Output::Made(m)]);
        std::thread::sleep(Duration::from_millis(400));
    }
    proc::stop(&mut parec, proc::Signal::INT, STOP_LIMIT, "parec");
    proc::join_within(reader, STOP_LIMIT, "the reader of parec's output");
    let path = sink.close().unwrap();
    let cues = ansage::recorder::wav::read_cues(&path).unwrap();
    assert_eq!(cues.len(), 4);
    let samples: Vec<i16> = hound::WavReader::open(&path)
        .unwrap()
        .into_samples()
        .map(Result::unwrap)
        .collect();
    let rms = |a: usize, b: usize| {
        let s = &samples[a.min(samples.len())..b.min(samples.len())];
        (s.iter()
            .map(|x| (f64::from(*x) / 32768.0).powi(2))
            .sum::<f64>()
            / s.len().max(1) as f64)
            .sqrt()
    };
    for (i, (cue, at)) in cues.iter().zip(&made_at).enumerate() {
        let want = (at.as_millis() * u64::from(RATE) / 1000) as u32;
        assert_eq!(cue.sample, want, "move {i}");
        assert!(cue.label.contains(sans[i]), "{:?}", cue.label);
        // The tone ended just before the move: it is in the 600 ms before the mark, and
        // the 300 ms after the mark are quiet.
        let m = cue.sample as usize;
        let before = rms(m.saturating_sub(9600), m);
        let after = rms(m + 1600, m + 4800);
        eprintln!("move {i}: before {before:.4} after {after:.4}");
        assert!(
            before > 0.05,
            "move {i}: no tone before its mark ({before})"
        );
        assert!(after < 0.02, "move {i}: sound after its mark ({after})");
    }
}
