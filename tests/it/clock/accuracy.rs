//! Accuracy of the clock over long games (FIDE Laws Article 6, Appendix D.2.3).
//!
//! Six-hour games of 200 completed moves under every kind of control, with move times and
//! pauses from a seeded generator, checked to the millisecond against a reference written
//! here independently, in the plainest way: every value is recomputed from scratch, from the
//! list of the running intervals of every turn so far, with integer milliseconds.

use std::time::Duration;

use ansage::core::clock::{Clock, ClockSetup, FlagFall, TimeControl};
use ansage::core::time::Timestamp;
use shakmaty::Color;

/// xorshift64*: deterministic, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A period for the reference: moves (None = rest of game), base, increment, delay, all in
/// ms; delay `(simple?, length)`.
#[derive(Clone, Copy)]
struct RefPeriod {
    moves: Option<u32>,
    base: u64,
    inc: u64,
    delay: Option<(bool, u64)>,
}

fn p(moves: Option<u32>, base_s: u64, inc_s: u64, delay: Option<(bool, u64)>) -> RefPeriod {
    RefPeriod {
        moves,
        base: base_s * 1000,
        inc: inc_s * 1000,
        delay: delay.map(|(simple, s)| (simple, s * 1000)),
    }
}

/// The move counts at which a control is passed, with the time then added, listed out by
/// walking the periods (the last one repeating if it has a move count) up to 1000 moves.
fn controls(periods: &[RefPeriod]) -> Vec<(u32, u64)> {
    let mut out = Vec::new();
    let mut count = 0;
    let mut i = 0;
    while count < 1000 {
        let Some(n) = periods[i].moves else { break };
        count += n;
        let next = (i + 1).min(periods.len() - 1);
        out.push((count, periods[next].base));
        i = next;
    }
    out
}

/// The period a player is in after `moves` completed moves.
fn period_of(periods: &[RefPeriod], moves: u32) -> RefPeriod {
    let passed = controls(periods)
        .iter()
        .filter(|(at, _)| *at <= moves)
        .count();
    periods[passed.min(periods.len() - 1)]
}

/// One turn: who, and the intervals (ms) its clock ran; the move is completed at the end of
/// the last interval.
struct Turn {
    side: Color,
    runs: Vec<(u64, u64)>,
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
struct RefState {
    remaining: u64,
    used: u64,
    moves: u32,
    /// Instant the flag fell, if it has.
    flag: Option<u64>,
}

/// The state of `side` at instant `at`, recomputed from scratch from all the turns.
fn reference(periods: &[RefPeriod], turns: &[Turn], side: Color, at: u64) -> RefState {
    let controls = controls(periods);
    let mut remaining = periods[0].base;
    let mut used = 0;
    let mut moves = 0;
    let mut flag = None;
    for turn in turns.iter().filter(|t| t.side == side) {
        let period = period_of(periods, moves);
        let simple = match period.delay {
            Some((true, len)) => len,
            _ => 0,
        };
        // walk the intervals up to `at`
        let mut elapsed = 0;
        for &(a, b) in &turn.runs {
            if a >= at {
                break;
            }
            let b = b.min(at);
            if flag.is_none() && elapsed + (b - a) >= remaining + simple {
                flag = Some(a + (remaining + simple - elapsed));
                remaining = 0;
            }
            elapsed += b - a;
        }
        used += elapsed;
        let end = turn.runs.last().map_or(0, |r| r.1);
        if end > at {
            // the turn is in progress at `at`
            if flag.is_none() {
                remaining -= elapsed.saturating_sub(simple);
            }
            break;
        }
        moves += 1;
        if flag.is_none() {
            remaining -= elapsed.saturating_sub(simple);
            remaining += period.inc;
            if let Some((false, len)) = period.delay {
                remaining += elapsed.min(len);
            }
            if let Some((_, added)) = controls.iter().find(|(m, _)| *m == moves) {
                remaining += added;
            }
        }
    }
    RefState {
        remaining,
        used,
        moves,
        flag,
    }
}

fn t(ms: u64) -> Timestamp {
    Timestamp::from_millis(ms)
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn index(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Plays a 200-move game and checks everything against the reference. Returns the flags
/// that fell.
fn play(
    name: &str,
    controls_text: [&str; 2],
    periods: [Vec<RefPeriod>; 2],
    seed: u64,
) -> Vec<FlagFall> {
    let parse = |s: &str| {
        s.parse::<TimeControl>()
            .unwrap_or_else(|e| panic!("{name}: {s}: {e}"))
    };
    let setup = ClockSetup::new(parse(controls_text[0]), parse(controls_text[1]));
    let mut clock = Clock::new(setup);
    let mut rng = Rng(seed);
    let mut turns: Vec<Turn> = Vec::new();
    let mut flags = Vec::new();
    let mut now = 1_000;
    clock.start(Color::White, t(now));
    let mut side = Color::White;
    for move_no in 0..200 {
        let periods_of = |c: Color| &periods[index(c)];
        // Think time: mostly up to 4:40 minutes, sometimes within a few seconds (inside a
        // delay), sometimes exactly 0.
        let think = match rng.below(10) {
            0 => rng.below(6_000),
            1 => 0,
            _ => rng.below(280_000),
        };
        // Sometimes the arbiter stops the clock in the middle of the turn.
        let mut runs = Vec::new();
        let mut events: Vec<(u64, &str)> = Vec::new();
        if rng.below(8) == 0 {
            let split = rng.below(think + 1);
            let pause = 1 + rng.below(600_000);
            runs.push((now, now + split));
            runs.push((now + split + pause, now + think + pause));
            events.push((now + split, "pause"));
            events.push((now + split + pause, "resume"));
        } else {
            runs.push((now, now + think));
        }
        let end = runs.last().map_or(now, |r| r.1);
        turns.push(Turn {
            side,
            runs: runs.clone(),
        });

        // Random queries during the turn, and the flag instants around a flag fall.
        let mut queries: Vec<u64> = (0..3).map(|_| now + rng.below(end - now + 1)).collect();
        let before = reference(periods_of(side), &turns[..turns.len() - 1], side, now);
        let full = reference(periods_of(side), &turns, side, end);
        let new_flag = full.flag.filter(|_| before.flag.is_none());
        if let Some(f) = new_flag {
            queries.push(f.saturating_sub(1).max(now));
            queries.push(f);
            events.push((f.saturating_sub(1), "flag-1"));
            events.push((f, "flag"));
        }
        for q in queries {
            events.push((q, "query"));
        }
        events.push((end, "move"));
        // In time order; at the same instant: flag checks first (the clock must still run),
        // then pause/resume, then the move, then queries (the reference counts a move as
        // completed at the end of its turn).
        let rank = |kind: &str| match kind {
            "flag-1" | "flag" => 0,
            "move" => 2,
            "query" => 3,
            _ => 1,
        };
        events.sort_by_key(|&(at, kind)| (at, rank(kind)));

        for (at, kind) in events {
            match kind {
                "pause" => clock.pause(t(at)),
                "resume" => clock.resume(t(at)),
                "query" => {
                    for s in [Color::White, Color::Black] {
                        let r = reference(periods_of(s), &turns, s, at);
                        assert_eq!(
                            ms(clock.remaining(s, t(at))),
                            r.remaining,
                            "{name}: move {move_no}, {s:?} remaining at {at}"
                        );
                        assert_eq!(
                            ms(clock.used(s, t(at))),
                            r.used,
                            "{name}: move {move_no}, {s:?} used at {at}"
                        );
                    }
                }
                "flag-1" => {
                    let f = new_flag.unwrap_or(0);
                    if at < f {
                        assert_eq!(
                            clock.check_flag(t(at)),
                            None,
                            "{name}: move {move_no}, 1 ms before the flag"
                        );
                    }
                }
                "flag" => {
                    assert_eq!(
                        clock.next_deadline(),
                        Some(t(at)),
                        "{name}: move {move_no}, deadline"
                    );
                    let fall = clock.check_flag(t(at));
                    let first = flags.is_empty();
                    assert_eq!(
                        fall,
                        Some(FlagFall {
                            side,
                            at: t(at),
                            first
                        }),
                        "{name}: move {move_no}, flag"
                    );
                    flags.extend(fall);
                    assert_eq!(clock.check_flag(t(at)), None, "{name}: once");
                }
                _ => {
                    let timing = clock
                        .complete_move(t(at))
                        .unwrap_or_else(|e| panic!("{name}: {e}"));
                    let r = reference(periods_of(side), &turns, side, at);
                    assert_eq!(timing.side, side);
                    assert_eq!(
                        ms(timing.remaining_after),
                        r.remaining,
                        "{name}: move {move_no} by {side:?}, remaining after"
                    );
                    assert_eq!(
                        ms(timing.elapsed),
                        runs.iter().map(|(a, b)| b - a).sum::<u64>()
                    );
                    assert_eq!(timing.moves_completed, r.moves);
                    assert_eq!(timing.flag_fallen, r.flag.is_some());
                    for s in [Color::White, Color::Black] {
                        let r = reference(periods_of(s), &turns, s, at);
                        assert_eq!(ms(clock.remaining(s, t(at))), r.remaining, "{name}");
                        assert_eq!(clock.moves_completed(s), r.moves, "{name}");
                    }
                }
            }
        }
        now = end;
        side = !side;
    }
    assert!(
        now - 1_000 >= 6 * 3_600_000,
        "{name}: a six-hour game, got {now} ms"
    );
    assert_eq!(clock.moves_completed(Color::White), 100);
    assert_eq!(clock.moves_completed(Color::Black), 100);
    flags
}

const SIMPLE: bool = true;
const BRONSTEIN: bool = false;

#[test]
fn sudden_death() {
    let control = vec![p(None, 3 * 3600, 0, None)];
    play("sudden death", ["3h", "3h"], [control.clone(), control], 1);
}

#[test]
fn fischer() {
    let control = vec![p(None, 150 * 60, 30, None)];
    play(
        "Fischer",
        ["150m+30", "150m+30"],
        [control.clone(), control],
        2,
    );
}

#[test]
fn fide_standard_multi_period() {
    let control = vec![p(Some(40), 5400, 30, None), p(None, 1800, 30, None)];
    play(
        "FIDE standard",
        ["fide-standard", "90/40+30+30s"],
        [control.clone(), control],
        3,
    );
}

#[test]
fn repeating_last_period() {
    let control = vec![p(Some(40), 7200, 0, None), p(Some(20), 3600, 0, None)];
    play(
        "repeating",
        ["40/7200:20/3600", "40/7200:20/3600"],
        [control.clone(), control],
        4,
    );
}

#[test]
fn per_period_increment_and_delay() {
    let control = vec![
        p(Some(30), 3600, 10, Some((SIMPLE, 5))),
        p(None, 3600, 30, Some((BRONSTEIN, 20))),
    ];
    play(
        "per period",
        ["30/3600+10d5:3600+30b20", "30/3600+10d5:3600+30b20"],
        [control.clone(), control],
        5,
    );
}

#[test]
fn simple_delay() {
    let control = vec![p(None, 170 * 60, 0, Some((SIMPLE, 30)))];
    play(
        "simple delay",
        ["170md30", "170md30"],
        [control.clone(), control],
        6,
    );
}

#[test]
fn bronstein_delay() {
    let control = vec![p(None, 170 * 60, 0, Some((BRONSTEIN, 30)))];
    play(
        "Bronstein",
        ["170mb30", "170mb30"],
        [control.clone(), control],
        7,
    );
}

#[test]
fn different_controls_per_player() {
    let white = vec![p(Some(40), 5400, 30, None), p(None, 1800, 30, None)];
    let black = vec![p(None, 7200, 10, None)];
    play("different", ["fide-standard", "2h+10"], [white, black], 8);
}

#[test]
fn flags_fall_exactly_at_the_deadline() {
    // Too little time for the pace: both flags fall, the first one marked.
    for (seed, text, control) in [
        (9, "60m+5", vec![p(None, 3600, 5, None)]),
        (10, "45md10", vec![p(None, 2700, 0, Some((SIMPLE, 10)))]),
        (11, "45mb10", vec![p(None, 2700, 0, Some((BRONSTEIN, 10)))]),
    ] {
        let flags = play(text, [text, text], [control.clone(), control], seed);
        assert_eq!(flags.len(), 2, "{text}: both flags fall");
        assert!(flags[0].first && !flags[1].first, "{text}");
        assert_ne!(flags[0].side, flags[1].side, "{text}");
    }
}

#[test]
fn generous_controls_never_flag() {
    let control = vec![p(None, 5 * 3600, 30, None)];
    let flags = play(
        "no flag",
        ["5h+30", "5h+30"],
        [control.clone(), control],
        12,
    );
    assert!(flags.is_empty());
}

/// The same accuracy through the whole session: 200 moves made by typed input at seeded
/// times, with arbiter pauses, lasting at least six hours; after every move both clock
/// readings the session outputs equal the reference to the millisecond.
fn session_game(name: &str, tc: &str, periods: &[RefPeriod], mean_ms: u64, seed: u64) {
    use ansage::core::input::{Actor, Input, Key};
    use ansage::core::output::Output;
    use ansage::core::session::Session;
    use ansage::core::setup::{Announcements, Impaired, SessionSetup};
    use shakmaty::{Chess, Position, uci::UciMove};

    let control = TimeControl::from_pgn(tc).unwrap();
    let config = SessionSetup {
        impaired: Impaired::None,
        clock: Some(ClockSetup::same(control)),
        announce: Announcements {
            move_count: false,
            ..Announcements::default()
        },
        ..SessionSetup::default()
    };
    let mut session = Session::new(config).unwrap();
    let mut rng = Rng(seed);
    let mut pos = Chess::default();
    let mut now = 0u64;
    let mut turns: Vec<Turn> = Vec::new();
    let mut runs: Vec<(u64, u64)> = Vec::new();
    session.handle(Input::key(Actor::Arbiter, Key::Start), t(0));
    let mut start = 0;
    for ply in 0..200 {
        let side = pos.turn();
        // Think, sometimes with an arbiter's pause in the middle.
        let think = 1 + rng.below(2 * mean_ms);
        if rng.below(8) == 0 {
            let before = think / 2;
            let paused = 1 + rng.below(600_000);
            session.handle(Input::key(Actor::Arbiter, Key::Pause), t(now + before));
            runs.push((start, now + before));
            now += before + paused;
            session.handle(Input::key(Actor::Arbiter, Key::Resume), t(now));
            start = now;
            now += think - before;
        } else {
            now += think;
        }
        // A random legal move that does not end the game.
        let mut moves: Vec<_> = pos.legal_moves().into_iter().collect();
        let mut chosen = None;
        while !moves.is_empty() {
            let m = moves.swap_remove(usize::try_from(rng.below(moves.len() as u64)).unwrap());
            let mut after = pos.clone();
            after.play_unchecked(m);
            if !after.is_game_over() && (after.halfmoves() < 120 || rng.below(4) == 0) {
                chosen = Some(m);
                break;
            }
        }
        let m = chosen.unwrap_or_else(|| panic!("{name}: no move at ply {ply}"));
        let uci = UciMove::from_standard(m).to_string();
        let out = session.handle(Input::typed(Actor::Player(side), &uci), t(now));
        runs.push((start, now));
        turns.push(Turn {
            side,
            runs: std::mem::take(&mut runs),
        });
        start = now;
        pos.play_unchecked(m);
        let reading = out
            .iter()
            .find_map(|o| match o {
                Output::Clock(c) => Some(c.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{name}: no clock reading at ply {ply}: {out:?}"));
        for (c, shown) in [(Color::White, reading.white), (Color::Black, reading.black)] {
            let want = reference(periods, &turns, c, now);
            assert_eq!(
                want.flag, None,
                "{name}: flag in the reference at ply {ply}"
            );
            assert_eq!(
                ms(shown),
                want.remaining,
                "{name}: {c:?} at ply {ply}, t={now} ms"
            );
        }
    }
    assert_eq!(session.history().len(), 200, "{name}");
    assert!(now >= 6 * 3600 * 1000, "{name}: only {} s", now / 1000);
}

#[test]
fn session_sudden_death() {
    session_game(
        "sudden death",
        "14400",
        &[p(None, 14400, 0, None)],
        100_000,
        11,
    );
}

#[test]
fn session_fischer() {
    session_game(
        "fischer",
        "9000+30",
        &[p(None, 9000, 30, None)],
        100_000,
        12,
    );
}

#[test]
fn session_fide_standard() {
    let periods = [p(Some(40), 5400, 30, None), p(None, 1800, 30, None)];
    session_game("fide", "40/5400+30:1800+30", &periods, 90_000, 13);
}

#[test]
fn session_simple_delay() {
    session_game(
        "delay",
        "9000d30",
        &[p(None, 9000, 0, Some((SIMPLE, 30)))],
        100_000,
        14,
    );
}

#[test]
fn session_bronstein() {
    session_game(
        "bronstein",
        "9000b30",
        &[p(None, 9000, 0, Some((BRONSTEIN, 30)))],
        100_000,
        15,
    );
}
