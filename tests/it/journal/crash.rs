//! The crash test: the real binary (`ansage play --console --journal FILE`) is fed a
//! scripted game on stdin and killed with SIGKILL at 100 seeded random points, each time
//! resumed with `--resume FILE`:
//! - every move reported as made before the kill is there after the resume, as it was
//!   reported (the `restored` lines);
//! - the restored clocks are within 100 ms of what the clocks showed at the kill;
//!   the kill's instant in the program's time is known only between two bounds (its
//!   lines are read some time after they are stamped, its inputs stamped some time after
//!   they are sent), and the clocks must be within 100 ms of the clocks at some instant
//!   between them;
//! - the game then goes on from where it stopped, until every scripted move is made (then
//!   a new game starts, in a new journal).
//!
//! Half the points kill the program while it is busy (after a random number of output
//! lines, the rest of the game already waiting on stdin); the other half feed a few lines
//! and kill it after it has been idle with the clock running for a random 50-300 ms,
//! which is where the heartbeat matters. Waiting for silence is part of what is tested,
//! not a synchronisation: the program's time must run for its clocks to run.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use ansage::core::script::parse_exact;
use ansage::testkit::station::{Line, StationProcess};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

use crate::support::load;

const POINTS: usize = 100;
const PLIES: usize = 80;

/// The limit for the program killed with SIGKILL to be reaped, and then for the rest of
/// its output to reach the test (its pipes end with it: at once, normally).
const AFTER_KILL: Duration = Duration::from_secs(10);

/// SplitMix64: a small seeded generator, so every run of the test kills at the same points.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random game of up to `PLIES` plies, in UCI, that never ends by itself (no mate,
/// stalemate or dead position), so every move can be announced.
fn scripted_game(rng: &mut Rng) -> Vec<String> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    while moves.len() < PLIES {
        let legal: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                !after.is_game_over()
            })
            .collect();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len() as u64) as usize];
        moves.push(UciMove::from_move(mv, CastlingMode::Standard).to_string());
        pos.play_unchecked(mv);
    }
    moves
}

/// The console lines that play the game from ply `from` on: the arbiter (re)starts the
/// clock; White (visually impaired) announces and confirms, Black's typed move is made at
/// once.
fn lines_from(game: &[String], from: usize) -> Vec<String> {
    let mut lines = vec!["arbiter key start".to_owned()];
    for (ply, uci) in game.iter().enumerate().skip(from) {
        if ply % 2 == 0 {
            lines.push(format!("white type {uci}"));
            lines.push("white key confirm".to_owned());
        } else {
            lines.push(format!("black type {uci}"));
        }
    }
    lines
}

/// Starts `ansage ARGS` (the test kit's station process: each line stamped when read).
fn spawn(args: &[&str]) -> StationProcess {
    StationProcess::spawn(
        Command::new(env!("CARGO_BIN_EXE_ansage"))
            .args(args)
            .env("RUST_LOG", "off"),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn stamp_ms(line: &str) -> Option<i64> {
    let t = line.strip_prefix('@')?.split(' ').next()?;
    let (s, ms) = t.split_once('.')?;
    Some(s.parse::<i64>().ok()? * 1000 + ms.parse::<i64>().ok()?)
}

/// `@T clock white W black B running S`: (T, W, B, S), times in milliseconds.
type Reading = (i64, i64, i64, String);

fn clock_line(line: &str) -> Option<Reading> {
    let w: Vec<&str> = line.split(' ').collect();
    if w.len() != 8 || w[1] != "clock" || w[2] != "white" || w[4] != "black" {
        return None;
    }
    let ms = |t: &str| parse_exact(t).map(|d| d.as_millis() as i64);
    Some((stamp_ms(line)?, ms(w[3])?, ms(w[5])?, w[7].to_owned()))
}

fn is_made(line: &str) -> bool {
    line.split(' ').nth(1) == Some("made")
}

/// The clocks after the made move `line` (`@T made 12... Nf6 clk 0:14:31.000 emt …`),
/// from the reading before it: the mover's clock shows `clk` and stands, the other runs
/// from `T` (FIDE Laws 6.2.a; the test's time control has no increment).
fn after_move(before: Reading, line: &str) -> Reading {
    let w: Vec<&str> = line.split(' ').collect();
    let (Some(t), Some(clk)) = (
        stamp_ms(line),
        w.get(5)
            .filter(|_| w.get(4) == Some(&"clk"))
            .and_then(|c| parse_exact(c))
            .map(|d| d.as_millis() as i64),
    ) else {
        return before;
    };
    let (_, white, black, _) = before;
    if w.get(2).is_some_and(|n| n.ends_with("...")) {
        (t, white, clk, "white".to_owned())
    } else {
        (t, clk, black, "black".to_owned())
    }
}

/// What a resume reported before taking input.
struct Report {
    /// The restored made lines.
    restored: Vec<String>,
    /// The clocks as restored and stopped (after `clock arbiter pause`), if they ran.
    paused: Option<Reading>,
}

/// Reads a resume's report: up to its last line, the stopped clocks ("Uhr steht: Weiß 14,
/// Schwarz 14 Minuten.").
fn read_report(run: &mut StationProcess) -> Report {
    let mut report = Report {
        restored: Vec::new(),
        paused: None,
    };
    let mut after_pause = false;
    loop {
        let line = run
            .next_line(Duration::from_secs(20))
            .expect("the resume's report");
        let text = line.text;
        if let Some(rest) = text.strip_prefix("restored ") {
            report.restored.push(rest.to_owned());
        } else if text.ends_with(" clock arbiter pause") {
            after_pause = true;
        } else if let Some(c) = clock_line(&text).filter(|_| after_pause) {
            report.paused = Some(c);
            after_pause = false;
        } else if text.contains(" say:all Uhr steht: Weiß ") && text.contains(", Schwarz ") {
            // The summary's clocks ("Uhr steht: Weiß 14, Schwarz 14 Minuten."): its
            // end.
            return report;
        }
    }
}

/// What the test saw of a live run before killing it.
struct Seen {
    /// Made lines reported.
    made: Vec<String>,
    /// The last clock reading.
    clock: Option<Reading>,
    /// The kill, in the program's time: the earliest it can have been (from when its lines
    /// were read: each was stamped before it was read) and the latest (from the first
    /// input fed, which was stamped after it was sent).
    killed_at: Option<(i64, i64)>,
}

/// Milliseconds from `origin` to `at`, negative if `at` is earlier (a line of the resume's
/// report can have been read before the first input was sent).
fn since(origin: Instant, at: Instant) -> i64 {
    match at.checked_duration_since(origin) {
        Some(d) => d.as_millis() as i64,
        None => -(origin.duration_since(at).as_millis() as i64),
    }
}

/// Reads a run's live output while `more` says so, kills the program with SIGKILL, reads
/// what was already on its way. `fed`: when the first input was sent, if one was (its
/// answer is `@T clock arbiter start`, or `resume` in a resumed game). Returns what was seen and the program's stderr.
fn kill_when(
    mut run: StationProcess,
    start_ms: i64,
    fed: Option<Instant>,
    mut more: impl FnMut(&mut StationProcess, usize) -> Option<Line>,
) -> (Seen, String) {
    let mut seen = Seen {
        made: Vec::new(),
        clock: None,
        killed_at: None,
    };
    // The program's epoch as an offset from `origin`: at most the least (read instant -
    // stamp) over the lines of its live game (stamped after its start instant); at least
    // (sent - stamp) of the first input.
    let origin = fed.unwrap_or_else(Instant::now);
    let mut offset: Option<i64> = None;
    let mut least: Option<i64> = None;
    let mut live = 0usize;
    let mut take = |line: &Line, seen: &mut Seen, live: &mut usize, offset: &mut Option<i64>| {
        let Some(t) = stamp_ms(&line.text) else {
            return;
        };
        if let Some(c) = clock_line(&line.text) {
            seen.clock = Some(c);
        }
        if is_made(&line.text) {
            seen.made.push(line.text.clone());
            // The clocks switch as the move is made: the kill can come before the clock
            // line that follows says so.
            seen.clock = seen.clock.take().map(|c| after_move(c, &line.text));
        }
        if t > start_ms {
            let off = since(origin, line.at) - t;
            *offset = Some(offset.map_or(off, |o| o.min(off)));
        }
        let started = [" clock arbiter start", " clock arbiter resume"];
        if fed.is_some() && t >= start_ms && started.iter().any(|s| line.text.ends_with(s)) {
            least.get_or_insert(-t);
        }
        *live += 1;
    };
    while let Some(line) = more(&mut run, live) {
        take(&line, &mut seen, &mut live, &mut offset);
    }
    let killed = Instant::now();
    if let Err(e) = run.kill() {
        panic!("ansage killed with SIGKILL: {e}");
    }
    let drained = Instant::now() + AFTER_KILL;
    while let Some(line) = run.next_line(drained.saturating_duration_since(Instant::now())) {
        take(&line, &mut seen, &mut live, &mut offset);
    }
    assert!(
        run.output_ended(),
        "the stdout of ansage killed with SIGKILL did not end within {AFTER_KILL:?}"
    );
    let killed = since(origin, killed);
    seen.killed_at = offset.map(|o| (killed - o, killed - least.unwrap_or(o)));
    let stderr = run.stderr();
    (seen, stderr)
}

/// The latest instant the journal at `path` recorded (a tick may be later than the
/// records after it): a resumed program's time starts there.
fn last_instant(path: &Path) -> i64 {
    let bytes = std::fs::read(path).unwrap_or_default();
    let recovered = ansage::core::journal::read(&bytes);
    recovered
        .records
        .iter()
        .map(|r| r.at().as_millis() as i64)
        .max()
        .unwrap_or(0)
}

/// Both clocks (White, Black) in milliseconds.
type Clocks = (i64, i64);

/// The clocks at the kill, at the earliest and the latest it can have been: the last
/// reading, the running one less the time since.
fn clocks_at_kill(seen: &Seen) -> Option<(Clocks, Clocks)> {
    let (t, w, b, running) = seen.clock.as_ref()?;
    let (early, late) = seen.killed_at?;
    let at = |killed: i64| match running.as_str() {
        "white" => Some((w - (killed - t), *b)),
        "black" => Some((*w, b - (killed - t))),
        _ => None,
    };
    Some((at(early)?, at(late)?))
}

/// How far `restored` is from the nearest value in `[late, early]` (a running clock shows
/// less the later the kill).
fn apart(restored: i64, early: i64, late: i64) -> i64 {
    (restored - early).max(late - restored).max(0)
}

/// Checks a resume's report against what was seen before the kill: every made move is
/// there as reported; the clocks are within 100 ms of those at some instant the kill can
/// have been (unless the program made a move the test had not read yet). Returns the
/// deviation compared.
fn check_report(
    point: usize,
    report: &Report,
    known: &[String],
    at_kill: Option<(Clocks, Clocks)>,
) -> Option<i64> {
    assert!(
        report.restored.starts_with(known),
        "after kill {point}: restored {:#?}\nreported before the kill {known:#?}",
        report.restored
    );
    if report.restored.len() > known.len() {
        return None;
    }
    let ((w, b), (late_w, late_b)) = at_kill?;
    let (_, rw, rb, running) = report.paused.as_ref()?;
    assert_eq!(running, "none", "after kill {point}: the clock stands");
    let dev = apart(*rw, w, late_w).max(apart(*rb, b, late_b));
    assert!(
        dev <= 100,
        "after kill {point}: clocks restored {rw}/{rb} ms, {w}/{b} to {late_w}/{late_b} ms \
         at the kill: {dev} ms apart"
    );
    Some(dev)
}

#[test]
fn killed_at_100_random_points_every_made_move_and_the_clocks_come_back() {
    let _alone = load::alone();
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x5eed_a115_a6e0_0001);
    let mut games = 1;
    let mut game = scripted_game(&mut rng);
    let mut path = dir.path().join("game1/j.txt");
    // The made lines reported so far (restored and live), in order.
    let mut known: Vec<String> = Vec::new();
    let mut at_kill: Option<(Clocks, Clocks)> = None;
    let mut fresh = true;
    let (mut deviations, mut idle_points, mut made_total) = (Vec::new(), 0, 0);
    // How wide the kill's instant is known (the latest less the earliest), each kill.
    let mut widths: Vec<i64> = Vec::new();
    let resume_args = |path: &str| {
        [
            "play",
            "--console",
            "--transcript",
            "--no-braille",
            "--resume",
            path,
        ]
        .map(str::to_owned)
    };
    for point in 1..=POINTS {
        let path_str = path.to_str().unwrap().to_owned();
        let args: Vec<String> = if fresh {
            [
                "play",
                "--console",
                "--transcript",
                "--no-braille",
                "--tc",
                "15",
                "--journal",
                &path_str,
            ]
            .map(str::to_owned)
            .to_vec()
        } else {
            resume_args(&path_str).to_vec()
        };
        let start_ms = if fresh { 0 } else { last_instant(&path) };
        let mut run = spawn(&args.iter().map(String::as_str).collect::<Vec<_>>());
        if !fresh {
            let report = read_report(&mut run);
            deviations.extend(check_report(point - 1, &report, &known, at_kill));
            known = report.restored;
        }
        let ply = known.iter().filter(|l| is_made(l)).count();
        let lines = lines_from(&game, ply);
        let idle = rng.below(2) == 0;
        let (feed, kill_after, quiet) = if idle {
            idle_points += 1;
            let n = 1 + rng.below(6) as usize;
            (n.min(lines.len()), usize::MAX, 50 + rng.below(250))
        } else {
            (lines.len(), 1 + rng.below(60) as usize, 1000)
        };
        let text: String = lines[..feed].iter().map(|l| format!("{l}\n")).collect();
        let fed = run.send_text(&text).unwrap();
        let quiet = Duration::from_millis(quiet);
        let (seen, stderr) = kill_when(run, start_ms, Some(fed), |rx, live| {
            if live >= kill_after {
                return None;
            }
            // A fresh station is killed only once it has answered: its journal exists
            // then (under load its start can take longer than the quiet time).
            let wait = if fresh && live == 0 {
                Duration::from_secs(20)
            } else {
                quiet
            };
            rx.next_line(wait)
        });
        assert!(
            !stderr.contains("weicht von der Wiederholung ab") && !stderr.contains("panicked"),
            "kill {point}: {stderr}"
        );
        made_total += seen.made.len();
        known.extend(seen.made.iter().cloned());
        at_kill = clocks_at_kill(&seen);
        widths.extend(seen.killed_at.map(|(early, late)| late - early));
        fresh = false;
        let made = known.iter().filter(|l| is_made(l)).count();
        if made >= game.len() || point == POINTS {
            // Look at this game once more: resumed, nothing fed, stdin closed.
            let mut run = spawn(
                &resume_args(&path_str)
                    .iter()
                    .map(String::as_str)
                    .collect::<Vec<_>>(),
            );
            run.close_input();
            let report = read_report(&mut run);
            deviations.extend(check_report(point, &report, &known, at_kill));
            let (_, stderr) = kill_when(run, i64::MAX, None, |rx, _| {
                rx.next_line(Duration::from_secs(20))
            });
            assert!(
                !stderr.contains("weicht von der Wiederholung ab"),
                "{stderr}"
            );
            if made >= game.len() {
                // The whole game is in its journal.
                let restored_moves = report.restored.iter().filter(|l| is_made(l)).count();
                assert_eq!(restored_moves, game.len());
                games += 1;
                game = scripted_game(&mut rng);
                path = dir.path().join(format!("game{games}/j.txt"));
                known.clear();
                at_kill = None;
                fresh = true;
            }
        }
    }
    let max = deviations.iter().copied().max().unwrap_or(0);
    widths.sort_unstable();
    eprintln!(
        "crash test: {POINTS} kills ({idle_points} while idle), {made_total} moves reported made, \
         {} games; clocks compared after {} kills: max deviation {max} ms; the kill's instant \
         known to {} ms (median), {} ms (widest); {:.1} s",
        games - usize::from(fresh),
        deviations.len(),
        widths.get(widths.len() / 2).copied().unwrap_or(0),
        widths.last().copied().unwrap_or(0),
        started.elapsed().as_secs_f64()
    );
    assert!(
        deviations.len() >= 20,
        "too few kills with a running clock: {}",
        deviations.len()
    );
    assert!(games >= 2, "no game was played to its end");
    // The bounds must say something: most kills are placed to within a few milliseconds.
    let median = widths.get(widths.len() / 2).copied().unwrap_or(i64::MAX);
    assert!(
        median <= 50,
        "the kill's instant is known only to {median} ms (median)"
    );
}
