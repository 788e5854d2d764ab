use super::*;
use crate::core::input::Input;
use crate::core::lang::Language;
use crate::core::session::Session;
use crate::core::setup::{Impaired, SessionSetup};
use crate::core::words::vocabulary;
use crate::hearing::scripted::ScriptedRecognizer;
use shakmaty::{Chess, Color};
use std::sync::mpsc::sync_channel;

/// The start position's phrases in German.
fn start() -> MovePhrases<'static> {
    MovePhrases::new(vocabulary(Language::De), Chess::default())
}

const WORD: usize = 800;

fn loudest(samples: &[i16]) -> i16 {
    samples
        .iter()
        .map(|s| s.saturating_abs())
        .max()
        .unwrap_or(0)
}

fn chunk(at: Instant) -> AudioEvent {
    AudioEvent::Chunk(Chunk {
        samples: vec![0; WORD],
        at,
    })
}

/// Runs the actor with a scripted recognizer over `events`; returns what reached the
/// station and the stats. `slot` and `speaking` are the test's.
fn run(
    script: &str,
    events: Vec<AudioEvent>,
    slot: GrammarSlot,
    speaking: Speaking,
    options: ListenOptions,
) -> (Vec<StationInput>, ListenStats) {
    let rec = ScriptedRecognizer::from_script(script)
        .unwrap()
        .with_samples_per_word(WORD);
    let (atx, arx) = sync_channel(events.len() + 1);
    for e in events {
        atx.send(e).unwrap();
    }
    atx.send(AudioEvent::End).unwrap();
    let (otx, mut orx) = tokio::sync::mpsc::channel(64);
    let builder = GrammarBuilder::new(Language::De).unwrap();
    let stats = listen(
        ListenSetup {
            recognizer: Box::new(rec),
            builder,
            slot,
            speaking,
            options,
            out: otx,
        },
        &start(),
        arx,
    );
    let mut got = Vec::new();
    while let Ok(m) = orx.try_recv() {
        got.push(m);
    }
    (got, stats)
}

fn heard(inputs: &[StationInput]) -> Vec<(Option<Actor>, String, Vec<f32>)> {
    inputs
        .iter()
        .filter_map(|i| match i {
            StationInput::Heard { by, words: u } => Some((
                *by,
                u.text(),
                u.words.iter().map(|w| w.confidence).collect(),
            )),
            _ => None,
        })
        .collect()
}

/// The German path through the same actor as vosk: scripted words with confidences
/// reach the station as heard words whose speaker the session names; a word outside the grammar
/// becomes `[unk]`, a result of only `[unk]` is dropped.
#[test]
fn scripted_words_flow_to_the_station_with_confidences() {
    let t = Instant::now();
    let events = (0..7).map(|_| chunk(t)).collect();
    let (got, stats) = run(
        "Eva:0.8|Anna:0.1 vier:0.9\nquatsch\nja",
        events,
        GrammarSlot::default(),
        Speaking::new(),
        ListenOptions {
            quick_end: None,
            ..ListenOptions::default()
        },
    );
    // A shared microphone: the session names the speaker (Session::speaker).
    let shared = None;
    assert_eq!(
        heard(&got),
        [
            (shared, "Eva vier".to_owned(), vec![0.8, 0.9]),
            (shared, "ja".to_owned(), vec![1.0]),
        ]
    );
    assert_eq!(stats.sent, 2);
    assert_eq!(stats.dropped, 1);
}

/// FIDE Laws D.2.1: each new position's grammar is set between utterances; the speaker
/// is then the new side to move.
#[test]
fn the_sink_switches_the_grammar_between_utterances() {
    let slot = GrammarSlot::default();
    let mut sink = HearingSink::new(slot.clone());
    let mut session = Session::new(SessionSetup {
        impaired: Impaired::Both,
        ..SessionSetup::default()
    })
    .unwrap();
    sink.observe(&StepView::of(&session));
    assert!(slot.take().is_some_and(|l| !l.answering));
    sink.observe(&StepView::of(&session));
    assert!(slot.take().is_none(), "same position, no new grammar");
    // "Welcher …?" opens: the same position's grammar with the answers; answered, the
    // grammar without them.
    session.handle(
        Input::heard(Actor::Player(Color::White), "Springer drei"),
        Timestamp::ZERO,
    );
    sink.observe(&StepView::of(&session));
    assert!(slot.take().is_some_and(|l| l.answering));
    session.handle(
        Input::heard(Actor::Player(Color::White), "nein"),
        Timestamp::ZERO,
    );
    sink.observe(&StepView::of(&session));
    assert!(slot.take().is_some_and(|l| !l.answering));
    session.handle(
        Input::heard(Actor::Player(Color::White), "Eva vier"),
        Timestamp::ZERO,
    );
    session.handle(
        Input::heard(Actor::Player(Color::White), "ja"),
        Timestamp::from_millis(1000),
    );
    sink.observe(&StepView::of(&session));
    let t = Instant::now();
    // The new position arrives while the first word of "Eva fünf" is being heard: it is
    // taken only after that utterance.
    let (atx_events, slot2) = (vec![chunk(t), chunk(t), chunk(t)], slot.clone());
    let (got, stats) = run(
        "Eva fünf\nja",
        atx_events,
        slot2,
        Speaking::new(),
        ListenOptions {
            quick_end: None,
            ..ListenOptions::default()
        },
    );
    // Slot was filled before the first chunk: switched at once (no utterance yet).
    assert_eq!(stats.switches.len(), 1);
    let h = heard(&got);
    assert_eq!(h[0].0, None, "who spoke is the session's to say");
    assert_eq!(h[0].1, "Eva fünf");
}

/// The station does not hear itself: audio captured while it speaks (and for the tail)
/// is ignored and an utterance in progress forgotten, unless switched off (headphones).
#[test]
fn audio_is_ignored_while_the_station_speaks() {
    let speaking = Speaking::new();
    speaking.started();
    let t = Instant::now();
    let events: Vec<AudioEvent> = (0..4).map(|_| chunk(t)).collect();
    let (got, stats) = run(
        "Eva vier",
        events.clone(),
        GrammarSlot::default(),
        speaking.clone(),
        ListenOptions::default(),
    );
    assert!(heard(&got).is_empty());
    assert_eq!(stats.gated, 4);
    let (got, stats) = run(
        "Eva vier",
        events.clone(),
        GrammarSlot::default(),
        speaking.clone(),
        ListenOptions {
            deaf_while_speaking: false,
            ..ListenOptions::default()
        },
    );
    assert_eq!(heard(&got).len(), 1);
    assert_eq!(stats.gated, 0);
    // A key barges in.
    speaking.barge_in();
    let (got, _) = run(
        "Eva vier",
        events,
        GrammarSlot::default(),
        speaking,
        ListenOptions::default(),
    );
    assert_eq!(heard(&got).len(), 1);
}

/// A lost microphone is told once, and once when it is back.
#[test]
fn microphone_lost_and_back_are_told_once() {
    let events = vec![
        AudioEvent::Lost("gone".into()),
        AudioEvent::Lost("still gone".into()),
        AudioEvent::Back,
        AudioEvent::Back,
    ];
    let (got, _) = run(
        "",
        events,
        GrammarSlot::default(),
        Speaking::new(),
        ListenOptions::default(),
    );
    let notices: Vec<String> = got
        .iter()
        .filter_map(|i| match i {
            StationInput::Notice { message, .. } => Some(format!("{message:?}")),
            _ => None,
        })
        .collect();
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(notices[0].contains("microphone-lost") && notices[0].contains("gone"));
    assert!(notices[1].contains("microphone-back"));
}

/// A recognizer whose partial result never comes (the worst lag): each loud block of
/// `WORD` samples is the next word of `said`; `finish` gives the words so far and
/// starts over (as vosk decodes audio fed again).
struct Lagging {
    said: Vec<&'static str>,
    heard: usize,
}

impl Recognizer for Lagging {
    fn sample_rate(&self) -> u32 {
        16_000
    }
    fn set_grammar(&mut self, _: &Grammar) -> Result<(), crate::hearing::HearingError> {
        Ok(())
    }
    fn accept(&mut self, samples: &[i16]) -> Result<Option<Heard>, crate::hearing::HearingError> {
        self.heard += samples.chunks(WORD).filter(|c| loudest(c) >= 600).count();
        Ok(None)
    }
    fn finish(&mut self) -> Result<Option<Heard>, crate::hearing::HearingError> {
        let n = std::mem::take(&mut self.heard).min(self.said.len());
        // One utterance a test: hearing its audio again hears its words again.
        let words = self.said[..n].join(" ");
        Ok((!words.is_empty()).then(|| Heard::Final(HeardWords::from_text(&words))))
    }
    fn reset(&mut self) {
        self.heard = 0;
    }
}

/// The silence end does not wait for the partial result: a whole phrase is sent after
/// the silence; a pause inside a phrase ("springer …") is heard again and the whole
/// phrase sent once it is finished, never the cut one.
#[test]
fn silence_ends_an_utterance_and_a_pause_inside_a_phrase_is_heard_again() {
    let t = Instant::now();
    let loud = || {
        AudioEvent::Chunk(Chunk {
            samples: vec![2000; WORD],
            at: t,
        })
    };
    for (said, events, sent, replays) in [
        (
            vec!["eva", "vier"],
            vec![loud(), loud(), chunk(t), chunk(t)],
            vec!["eva vier"],
            0,
        ),
        (
            vec!["springer", "felix", "drei"],
            vec![
                loud(),
                chunk(t),
                chunk(t),
                chunk(t),
                loud(),
                loud(),
                chunk(t),
                chunk(t),
            ],
            vec!["springer felix drei"],
            1,
        ),
    ] {
        let (texts, stats) = lagging(
            &start(),
            said,
            events,
            ListenOptions {
                silence_end: Some(Duration::from_millis(100)),
                ..ListenOptions::default()
            },
        );
        assert_eq!(texts, sent);
        assert_eq!(stats.silence_ends, 1);
        assert_eq!(stats.replays, replays);
    }
}

/// After 1. e4 f6: the queen's check on h5 is "Dame Hector fünf Schach", and "Dame
/// Hector fünf" is a whole phrase that it continues.
fn check_position() -> MovePhrases<'static> {
    let fen: shakmaty::fen::Fen = "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        .parse()
        .unwrap();
    let pos: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
    MovePhrases::new(vocabulary(Language::De), pos)
}

/// The words the `Lagging` recognizer hears in `events`, through the actor with `options`
/// in `position`: what reached the station and the stats.
fn lagging(
    position: &MovePhrases<'_>,
    said: Vec<&'static str>,
    events: Vec<AudioEvent>,
    options: ListenOptions,
) -> (Vec<String>, ListenStats) {
    let (atx, arx) = sync_channel(events.len());
    for e in events {
        atx.send(e).unwrap();
    }
    // No End: what is sent came from the silence end, not from flushing.
    drop(atx);
    let (otx, mut orx) = tokio::sync::mpsc::channel(8);
    let stats = listen(
        ListenSetup {
            recognizer: Box::new(Lagging { said, heard: 0 }),
            builder: GrammarBuilder::new(Language::De).unwrap(),
            slot: GrammarSlot::default(),
            speaking: Speaking::new(),
            options,
            out: otx,
        },
        position,
        arx,
    );
    let mut got = Vec::new();
    while let Ok(m) = orx.try_recv() {
        got.push(m);
    }
    (heard(&got).into_iter().map(|h| h.1).collect(), stats)
}

/// With `pause_end`, a whole phrase that another phrase continues is no end at the
/// silence end: "Dame Hector fünf ‖ Schach" with a 250-ms pause is heard whole, where the
/// silence end alone cut it after "fünf"; said alone, "Dame Hector fünf" is sent once the
/// silence has lasted `pause_end`, not before. Blocks of 50 ms; 100 ms of silence end the
/// utterance; the silence counts from the last loud sample.
#[test]
fn a_whole_phrase_another_continues_waits_for_the_pause_end() {
    let t = Instant::now();
    let loud = || {
        AudioEvent::Chunk(Chunk {
            samples: vec![2000; WORD],
            at: t,
        })
    };
    let quiet = |n: usize| (0..n).map(|_| chunk(t)).collect::<Vec<_>>();
    let words = vec!["dame", "hector", "fünf", "schach"];
    let paused: Vec<AudioEvent> = [loud(), loud(), loud()]
        .into_iter()
        .chain(quiet(5))
        .chain([loud()])
        .chain(quiet(3))
        .collect();
    let alone = |silence: usize| -> Vec<AudioEvent> {
        [loud(), loud(), loud()]
            .into_iter()
            .chain(quiet(silence))
            .collect()
    };
    let ms = |m| Some(Duration::from_millis(m));
    let options = |pause_end| ListenOptions {
        silence_end: ms(100),
        pause_end,
        ..ListenOptions::default()
    };
    // (audio, pause end, what is sent, how often heard again)
    type Row = (
        Vec<AudioEvent>,
        Option<Duration>,
        &'static [&'static str],
        usize,
    );
    let table: [Row; 4] = [
        (paused.clone(), ms(400), &["dame hector fünf schach"], 1),
        // Cut: "Schach" alone is no phrase, heard again and never sent.
        (paused, None, &["dame hector fünf"], 1),
        (alone(8), ms(400), &["dame hector fünf"], 1),
        (alone(7), ms(400), &[], 1),
    ];
    for (i, (events, pause_end, sent, replays)) in table.into_iter().enumerate() {
        let (texts, stats) = lagging(&check_position(), words.clone(), events, options(pause_end));
        assert_eq!(texts, sent, "row {i}");
        assert_eq!(stats.replays, replays, "row {i}");
    }
}

/// The silence counts from the last loud sample, not from the end of its block: a block
/// that ends in 60 ms of silence and one quiet block of 50 ms end the utterance at a
/// silence end of 100 ms; a block that is loud to its end and the same quiet block do not.
#[test]
fn the_silence_counts_from_the_last_loud_sample() {
    let t = Instant::now();
    let block = |loud_samples: usize| {
        let mut samples = vec![2000i16; loud_samples];
        samples.resize(WORD * 2, 0);
        AudioEvent::Chunk(Chunk { samples, at: t })
    };
    let quiet = AudioEvent::Chunk(Chunk {
        samples: vec![0; WORD],
        at: t,
    });
    // 1600 samples: 100 ms; loud for 40 ms (640), then 60 ms quiet (960).
    for (first, fired) in [(block(640), 1), (block(1600), 0)] {
        let (texts, stats) = lagging(
            &check_position(),
            vec!["dame", "hector", "fünf"],
            vec![first, quiet.clone()],
            ListenOptions {
                silence_end: Some(Duration::from_millis(100)),
                ..ListenOptions::default()
            },
        );
        assert_eq!(stats.silence_ends + stats.replays, fired, "{texts:?}");
    }
}

/// A partial that is a whole phrase no other phrase continues ends the utterance after
/// the silence; one that others continue waits for the recognizer.
#[test]
fn complete_phrases() {
    let g = Grammar::for_position(Language::De, &Chess::default()).unwrap();
    assert!(is_complete_phrase(&g, "springer felix drei"));
    assert!(!is_complete_phrase(&g, "springer felix"));
    // "eva vier" is a phrase, but "eva vier schach"-like continuations do not exist at
    // the start; "eva" alone is no phrase.
    assert!(!is_complete_phrase(&g, "eva"));
}
