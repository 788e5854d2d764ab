use crate::core::online::Side;
use std::time::Duration;

use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

use super::*;
use crate::core::clock::{DelayKind, Period, TimeControl};
use crate::core::setup::{ConfirmPolicy, Impaired, SessionSetup};

/// The configuration of a setup line `@T arbiter setup KEY=VALUE …`.
fn config_of(line: &str) -> Result<SessionSetup, SettingError> {
    let (_, pairs) = line.split_once(" setup ").expect("a setup line");
    read_setup(&setup_pairs(pairs).expect("pairs"))
}

#[test]
fn every_script_key_is_read_and_written_by_its_type() {
    let s = config_of(
        "@0 arbiter setup lang=es vi=both confirm=window:2.5 fen=\"8/8/4k3/8/8/3K4/8/8 w - - 0 1\" white=\"Ana B\" low_time=2:00,0:30",
    )
    .unwrap();
    assert_eq!(s.lang, Language::Es);
    assert_eq!(s.impaired, Impaired::Both);
    assert_eq!(
        s.confirm,
        ConfirmPolicy::Window(Duration::from_millis(2500))
    );
    assert_eq!(s.start, Start::Fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1".into()));
    assert_eq!(s.info.white, "Ana B");
    assert_eq!(
        s.announce.alarms.low_time,
        vec![Duration::from_secs(120), Duration::from_secs(30)]
    );
}

#[test]
fn errors_name_the_key_and_the_value() {
    for (line, want) in [
        (
            "vi=purple",
            "vi=purple: expected white, black, both or none",
        ),
        ("lang=fr", "unknown language \"fr\": expected de, es or en"),
        (
            "confirm=soon",
            "confirm=soon: expected explicit or window:SECONDS",
        ),
        (
            "confirm_sighted=soon",
            "confirm_sighted=soon: expected explicit, immediate or window:SECONDS",
        ),
        ("chess960=x", "chess960=x: expected 0..959"),
        (
            "chess960=1000",
            "chess960=1000: Chess960 positions are numbered 0 to 959, not 1000",
        ),
        ("reminders=maybe", "reminders=maybe: expected on or off"),
        (
            "low_time=2min",
            "low_time=2min: expected m:ss readings separated by commas, or off",
        ),
        ("colour=blue", "unknown setup key \"colour\""),
        (
            "fen=\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\" chess960=5",
            "game.fen and game.chess960 exclude each other",
        ),
    ] {
        let err = config_of(&format!("@0 arbiter setup {line}")).unwrap_err();
        assert_eq!(err.to_string(), want, "{line}");
    }
}

/// The keys are read in any order: a player's own time control wins over `tc`.
#[test]
fn own_time_controls_win_over_tc() {
    let a = config_of("@0 arbiter setup tc=300 tc_white=600").unwrap();
    let b = config_of("@0 arbiter setup tc_white=600 tc=300").unwrap();
    assert_eq!(a, b);
    let clock = a.clock.expect("a clock");
    assert_eq!(
        (clock.white.to_string(), clock.black.to_string()),
        ("600".into(), "300".into())
    );
    // Only one player's own control: both play it, as without `tc`.
    let one = config_of("@0 arbiter setup tc_black=600").unwrap();
    assert_eq!(
        one.clock,
        Some(ClockSetup::same(TimeControl::from_pgn("600").unwrap()))
    );
    assert_eq!(config_of("@0 arbiter setup tc=-").unwrap().clock, None);
    // Neither player timed is no clock, as `tc=-`.
    assert_eq!(
        config_of("@0 arbiter setup tc_black=-").unwrap().clock,
        None
    );
}

/// The empty text sets a key back to its default.
#[test]
fn the_empty_text_is_the_default() {
    let mut s = GameSettings::default();
    for key in KEYS {
        key.set(&mut s, "")
            .unwrap_or_else(|e| panic!("{}: {e}", key.path()));
    }
    assert_eq!(s, GameSettings::default());
    assert_eq!(s.to_setup().unwrap(), SessionSetup::default());
}

#[test]
fn the_keys_are_unique_and_found() {
    for (i, key) in KEYS.iter().enumerate() {
        assert!(std::ptr::eq(file_key(key.section, key.name).unwrap(), key));
        if let Some(script) = key.script {
            assert!(std::ptr::eq(script_key(script).unwrap(), key), "{script}");
        }
        assert!(
            KEYS[..i].iter().all(|k| k.path() != key.path()),
            "{} twice",
            key.path()
        );
    }
    assert!(script_key("assistant").is_none());
}

fn configs() -> Vec<SessionSetup> {
    let parse_setup = |line: &str| config_of(line).unwrap();
    vec![
        SessionSetup::default(),
        parse_setup(
            "@0 arbiter setup tc=900+10 vi=both lang=es confirm=window:2.5 confirm_sighted=explicit arbiter=on",
        ),
        parse_setup("@0 arbiter setup tc_white=300d5 tc_black=40/5400+30:1800+30 vi=none lang=en"),
        parse_setup(
            "@0 arbiter setup tc=300b3 vi=black confirm=immediate confirm_sighted=window:0.25 chess960=17",
        ),
        parse_setup(
            "@0 arbiter setup fen=\"8/8/4k3/8/8/3K4/8/8 w - - 0 1\" white=\"Ana B\" black=\"Jörg Ü\" event=\"Open 2026\" site=Bonn date=2026.05.01 round=3.1",
        ),
        parse_setup(
            "@0 arbiter setup tc=60 announce_moves=off reminders=off control_alarm=off low_time=2:00,0:30,75:00",
        ),
        parse_setup("@0 arbiter setup tc=- low_time=off"),
    ]
}

/// `setup_line` and `read_setup` are inverses.
#[test]
fn setup_lines_round_trip() {
    for config in configs() {
        let line = setup_line(&config).unwrap_or_else(|e| panic!("{config:?}: {e}"));
        assert!(line.starts_with("@0.000 arbiter setup lang="), "{line}");
        assert_eq!(config_of(&line).unwrap(), config, "{line}");
    }
    assert_eq!(
        setup_line(&SessionSetup::default()).unwrap(),
        "@0.000 arbiter setup lang=de vi=white arbiter=off confirm=explicit \
             confirm_sighted=immediate tc=- announce_moves=on reminders=on control_alarm=on low_time=off white=\"?\" \
             black=\"?\" event=\"?\" site=\"?\" date=\"????.??.??\" round=\"?\" \
             eboard_wait=250 eboard_complete=stable:1000 braille_input=off"
    );
}

/// A configuration the line cannot carry is refused, not silently changed.
#[test]
fn setup_lines_refuse_what_they_cannot_carry() {
    let mut quote = SessionSetup::default();
    quote.info.white = "Ana \"die Schnelle\" B".into();
    let mut schedule = SessionSetup::default();
    schedule.announce.alarms.reminders =
        Some(crate::core::clock::ReminderSchedule { steps: Vec::new() });
    let fine_window = SessionSetup {
        confirm: ConfirmPolicy::Window(Duration::from_micros(2_500_100)),
        ..SessionSetup::default()
    };
    let mut fine_low = SessionSetup::default();
    fine_low.announce.alarms.low_time = vec![Duration::from_millis(1500)];
    for config in [quote, schedule, fine_window, fine_low] {
        assert!(setup_line(&config).is_err(), "{config:?}");
    }
}

/// value → Display → FromStr → the same value.
fn round_trips<T>(value: &T) -> Result<(), TestCaseError>
where
    T: std::str::FromStr + std::fmt::Display + PartialEq + std::fmt::Debug,
    T::Err: std::fmt::Display,
{
    let text = value.to_string();
    match text.parse::<T>() {
        Ok(back) => prop_assert_eq!(&back, value, "{}", text),
        Err(e) => prop_assert!(false, "{:?} written {:?} does not read: {}", value, text, e),
    }
    Ok(())
}

fn millis(max: u64) -> impl Strategy<Value = Duration> {
    (0..=max).prop_map(Duration::from_millis)
}

fn policy() -> impl Strategy<Value = ConfirmPolicy> {
    prop_oneof![
        Just(ConfirmPolicy::Explicit),
        millis(600_000).prop_map(ConfirmPolicy::Window),
    ]
}

fn period(last: bool) -> impl Strategy<Value = Period> {
    let moves = if last {
        prop::option::of(1..200u32).boxed()
    } else {
        (1..200u32).prop_map(Some).boxed()
    };
    let delay = prop::option::of((
        prop_oneof![Just(DelayKind::Simple), Just(DelayKind::Bronstein)],
        millis(120_000),
    ));
    (moves, millis(36_000_000), millis(120_000), delay).prop_map(|(moves, base, inc, delay)| {
        let period = match moves {
            Some(n) => Period::for_moves(n, base, inc),
            None => Period::sudden_death(base, inc),
        };
        match delay {
            Some((kind, length)) if !length.is_zero() => period.with_delay(kind, length),
            _ => period,
        }
    })
}

/// A time control: sudden death only as its last period; none at all is untimed.
fn time_control() -> impl Strategy<Value = TimeControl> {
    (
        prop::collection::vec(period(false), 0..3),
        prop::option::of(period(true)),
    )
        .prop_map(|(mut periods, last)| {
            periods.extend(last);
            TimeControl { periods }
        })
}

/// A legal position reached by up to 39 moves chosen at random, in FEN.
fn fen() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<prop::sample::Index>(), 0..40).prop_map(|picks| {
        let mut pos = Chess::default();
        for pick in picks {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[pick.index(moves.len())]);
        }
        Fen::from_position(&pos, EnPassantMode::Legal).to_string()
    })
}

fn settings() -> impl Strategy<Value = GameSettings> {
    let name = "[^\"\n]{0,12}";
    let start = prop_oneof![
        Just((None, None)),
        fen().prop_map(|f| (Some(StartFen(f)), None)),
        (0..960u32).prop_map(|n| (None, Some(Chess960Number(n)))),
    ];
    let time = (
        prop::option::of(time_control()),
        prop::option::of(time_control()),
        prop::option::of(time_control()),
    );
    let people = (name, name, name, name, name, name);
    let switches = any::<(bool, bool, bool, bool, bool)>();
    let who = (0..3usize, 0..4usize, policy(), policy());
    let low = prop::collection::vec((0..36_000u64).prop_map(Duration::from_secs), 0..4);
    let board = (
        0..3usize,
        0..=60_000u64,
        prop::option::of(0..=60_000u64),
        "[a-z/]{0,12}",
    );
    (who, time, start, people, switches, low, board).prop_map(
        |((lang, vi, confirm, sighted), (tc, w, b), (fen, chess960), names, on, low, board)| {
            GameSettings {
                lang: Language::ALL[lang],
                vi: [
                    Impaired::None,
                    Impaired::White,
                    Impaired::Black,
                    Impaired::Both,
                ][vi],
                assistant: OnOff(on.0),
                braille_input: OnOff(on.3 && on.0),
                // Online against the side the language's index picks, or at the board.
                online: [None, Some(Side::White), Some(Side::Black)][(lang + vi) % 3],
                // A training game's engine on the other side, at a level from the names.
                engine: [None, Some(Side::Black), Some(Side::White)][(lang + vi) % 3],
                level: crate::core::engine::level::Level::new(1 + (names.0.len() % 10) as u8)
                    .filter(|_| (lang + vi) % 3 != 0),
                arbiter: OnOff(on.4),
                confirm: AnnouncedConfirm(confirm),
                confirm_sighted: sighted,
                tc: tc.map(PgnTimeControl),
                tc_white: w.map(PgnTimeControl),
                tc_black: b.map(PgnTimeControl),
                fen,
                chess960,
                announce_moves: OnOff(on.1),
                reminders: OnOff(on.2),
                control_alarm: OnOff(on.3),
                low_time: LowTime(low),
                white: names.0,
                black: names.1,
                event: names.2,
                site: names.3,
                date: names.4,
                round: names.5,
                eboard_port: board.3,
                eboard_kind: BoardKind::ALL[board.0].0,
                eboard_wait: StableWait(Duration::from_millis(board.1)),
                eboard_complete: board.2.map_or(Completion::Key, |ms| {
                    Completion::Stable(Duration::from_millis(ms))
                }),
            }
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn each_type_round_trips(
        lang in 0..3usize,
        vi in 0..4usize,
        policy in policy(),
        tc in time_control(),
        fen in fen(),
        chess960 in 0..960u32,
        on in any::<bool>(),
        low in prop::collection::vec((0..360_000u64).prop_map(Duration::from_secs), 0..5),
        name in ".*",
    ) {
        round_trips(&Language::ALL[lang])?;
        round_trips(&[Impaired::None, Impaired::White, Impaired::Black, Impaired::Both][vi])?;
        round_trips(&policy)?;
        round_trips(&AnnouncedConfirm(policy))?;
        round_trips(&PgnTimeControl(tc))?;
        round_trips(&StartFen(fen))?;
        round_trips(&Chess960Number(chess960))?;
        round_trips(&OnOff(on))?;
        round_trips(&LowTime(low))?;
        round_trips(&name)?;
    }

    /// Every key written back ([`Key::get`]) sets the same value ([`Key::set`]).
    #[test]
    fn every_key_round_trips(settings in settings()) {
        let mut back = GameSettings::default();
        for key in KEYS {
            let text = key.get(&settings);
            key.set(&mut back, &text).map_err(|e| TestCaseError::fail(format!("{}={text:?}: {e}", key.path())))?;
        }
        // The empty text is the default: an empty name reads back as "?".
        let mut want = settings.clone();
        for key in KEYS {
            if key.get(&settings).is_empty() {
                key.set(&mut want, "").map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
        prop_assert_eq!(back, want);
    }

    /// The journal's setup line of a configuration reads back the same configuration.
    #[test]
    fn setup_lines_of_settings_round_trip(mut settings in settings()) {
        // The line has no empty name: the empty text is the default.
        for key in KEYS {
            if key.get(&settings).is_empty() {
                key.set(&mut settings, "").map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
        let Ok(config) = settings.to_setup() else {
            return Ok(());
        };
        let line = setup_line(&config).map_err(|e| TestCaseError::fail(format!("{config:?}: {e}")))?;
        prop_assert_eq!(config_of(&line).ok(), Some(config), "{}", line);
    }
}
