//! The step view's cost (issue 35.3): after every step the station builds one
//! [`StepView`] and hands it to every sink. Over a long game (a clock running, 200 plies
//! of the deterministic [`Mover`]; White is the blind player, whose every move is echoed
//! and then confirmed with "ja", Black's typed moves are made at once) each step's view
//! and observation is timed, with no sink and with the three that look at
//! every step (the records, written beside the game; the web page, its server on
//! 127.0.0.1 with no page open; the recognizer's grammar slot). Then the clock runs for a
//! minute of the game's time with the game at its longest, as it stands and then in its
//! last minute (the final countdown's announcements), and every deadline step of it is
//! timed the same way with the three sinks: the cost per second of the game's time. (The
//! journal's heartbeat is a task of its own that builds no step view.)
//!
//! Only [`StepView::of`] and [`Sink::observe`] are timed, not the session's own handling,
//! which is the same whatever looks at it.

use std::fmt;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, anyhow};
use shakmaty::{Chess, Position};

use crate::journal::Mover;
use ansage::app::records::RecordsSink;
use ansage::core::input::{Actor, Input, Key};
use ansage::core::script;
use ansage::core::session::Session;
use ansage::core::step_view::StepView;
use ansage::core::time::Timestamp;
use ansage::hearing::actor::{GrammarSlot, HearingSink};
use ansage::station::{Sink, StationInput, Timeline};

/// The plies of the long game.
const PLIES: usize = 200;

/// The game's time the clock runs for at its end.
const RUNNING: Duration = Duration::from_secs(60);

/// The benchmark's figures.
#[derive(Debug)]
pub struct StepBench {
    /// Plies made.
    pub plies: usize,
    /// Steps timed (an echo and a confirmation for each of White's moves).
    pub steps: usize,
    /// Per step, no sink: the view alone.
    pub bare: Micros,
    /// Per step, the three sinks.
    pub three: Micros,
    /// Deadline steps in the minute the clock ran as it stood, and in its last minute.
    pub running_steps: [usize; 2],
    /// Their whole cost, per second of the game's time, in microseconds.
    pub running_us_per_s: [f64; 2],
}

/// Per-step costs in microseconds.
#[derive(Debug)]
pub struct Micros {
    /// Median.
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
    /// Mean.
    pub mean: f64,
    /// The worst.
    pub max: f64,
}

impl Micros {
    fn of(mut samples: Vec<Duration>) -> Micros {
        samples.sort();
        let us = |d: &Duration| d.as_secs_f64() * 1e6;
        let pick = |q: f64| {
            let i = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len().max(1));
            samples.get(i - 1).map_or(0.0, us)
        };
        let total: f64 = samples.iter().map(us).sum();
        Micros {
            p50: pick(0.5),
            p95: pick(0.95),
            mean: total / samples.len().max(1) as f64,
            max: pick(1.0),
        }
    }
}

impl fmt::Display for Micros {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p50 {:.1} µs, p95 {:.1} µs, mean {:.1} µs, max {:.1} µs",
            self.p50, self.p95, self.mean, self.max
        )
    }
}

impl fmt::Display for StepBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the step view and its sinks per step (cargo run --release --features bench --bin ansage-bench -- step)"
        )?;
        writeln!(
            f,
            "  a game of {} plies in {} steps, a clock running",
            self.plies, self.steps
        )?;
        writeln!(f, "  no sink: {}", self.bare)?;
        writeln!(f, "  records, web page, grammar: {}", self.three)?;
        writeln!(
            f,
            "  a minute of the clock running, the three sinks: {} deadline steps, {:.1} µs per second of the game",
            self.running_steps[0], self.running_us_per_s[0]
        )?;
        write!(
            f,
            "  the clock's last minute (its announcements), the three sinks: {} deadline steps, {:.1} µs per second of the game",
            self.running_steps[1], self.running_us_per_s[1]
        )
    }
}

/// The long game's session: a clock started, White's moves confirmed, Black's made at
/// once.
fn session() -> Result<Session> {
    let setup = script::parse("@0 arbiter setup tc=5400+30 vi=white confirm=explicit lang=de")
        .map_err(|e| anyhow!("{e}"))?
        .setup;
    let mut session = Session::new(setup).map_err(|e| anyhow!("{e}"))?;
    session.handle(Input::key(Actor::Arbiter, Key::Start), Timestamp::ZERO);
    Ok(session)
}

/// Times the view and every sink's look at it.
fn observe(session: &Session, sinks: &mut [Box<dyn Sink + Send>]) -> Duration {
    let t0 = Instant::now();
    let step = StepView::of(session);
    for sink in sinks.iter_mut() {
        sink.observe(&step);
    }
    t0.elapsed()
}

/// Plays the long game, each step observed by `sinks`; the session at its end and the
/// per-step costs.
fn play(sinks: &mut [Box<dyn Sink + Send>]) -> Result<(Session, Vec<Duration>)> {
    let mut session = session()?;
    let mut mover = Mover {
        pos: Chess::default(),
        state: 0x5eed,
        plies: 0,
    };
    let mut samples = Vec::with_capacity(PLIES);
    let mut t = Timestamp::ZERO;
    while let Some(uci) = mover.next() {
        t = t + Duration::from_millis(700);
        while let Some((at, outputs)) = session.poll_due(t) {
            deliver(sinks, at, &outputs);
            observe(&session, sinks);
        }
        let turn = session.position().turn();
        let by = Actor::Player(turn);
        let confirm = (turn == shakmaty::Color::White).then_some("ja");
        for (i, text) in std::iter::once(uci.as_str()).chain(confirm).enumerate() {
            let at = t + Duration::from_millis(300 * i as u64);
            let outputs = session.handle(Input::typed(by, text), at);
            deliver(sinks, at, &outputs);
            samples.push(observe(&session, sinks));
        }
        if session.history().len() != mover.plies {
            return Err(anyhow!("{uci} was not made (ply {})", mover.plies));
        }
    }
    Ok((session, samples))
}

fn deliver(
    sinks: &mut [Box<dyn Sink + Send>],
    at: Timestamp,
    outputs: &[ansage::core::output::Output],
) {
    for sink in sinks.iter_mut() {
        sink.deliver(at, outputs);
    }
}

/// The clock runs for [`RUNNING`] of the game's time, first as it stands, then in its
/// last minute (the side to move's clock set to a minute by the arbiter: the final
/// countdown's announcements): every deadline step, timed.
fn running(
    session: &mut Session,
    sinks: &mut [Box<dyn Sink + Send>],
) -> Result<[(usize, Duration); 2]> {
    let as_it_stands = run_for(session, sinks);
    let side = if session.position().turn() == shakmaty::Color::White {
        "white"
    } else {
        "black"
    };
    let command = script::parse_command(&format!("set-clock {side} 0:01:00.000"))
        .map_err(|e| anyhow!("{e}"))?;
    let at = session.now();
    let outputs = session.handle(
        Input::Act {
            by: Actor::Arbiter,
            event: ansage::core::input::Event::Command(command),
        },
        at,
    );
    deliver(sinks, at, &outputs);
    observe(session, sinks);
    Ok([as_it_stands, run_for(session, sinks)])
}

/// Every deadline step of [`RUNNING`] of the game's time, timed.
fn run_for(session: &mut Session, sinks: &mut [Box<dyn Sink + Send>]) -> (usize, Duration) {
    let end = session.now() + RUNNING;
    let (mut steps, mut spent) = (0, Duration::ZERO);
    while let Some((at, outputs)) = session.poll_due(end) {
        deliver(sinks, at, &outputs);
        spent += observe(session, sinks);
        steps += 1;
    }
    (steps, spent)
}

/// The three sinks: the records in `dir`, the web page on 127.0.0.1 (on the current
/// runtime), the grammar slot.
fn three(
    session: &Session,
    dir: &std::path::Path,
) -> Result<(Vec<Box<dyn Sink + Send>>, ansage::web::Web)> {
    let (tx, _rx) = tokio::sync::mpsc::channel::<StationInput>(64);
    let timeline = Timeline {
        epoch: tokio::time::Instant::now(),
        start: Timestamp::ZERO,
    };
    let (web, server) =
        ansage::web::start("127.0.0.1:0", session, tx, timeline, None).context("web page")?;
    let sinks: Vec<Box<dyn Sink + Send>> = vec![
        Box::new(RecordsSink::new(Some(dir.to_owned()), None)),
        Box::new(web),
        Box::new(HearingSink::new(GrammarSlot::default())),
    ];
    Ok((sinks, server))
}

/// Runs the benchmark.
pub fn step_cost() -> Result<StepBench> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    let _entered = runtime.enter();
    let (_, bare) = play(&mut [])?;
    let dir = std::env::temp_dir().join(format!("ansage-step-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let (mut sinks, server) = three(&session()?, &dir)?;
    let (mut session, with_three) = play(&mut sinks)?;
    let running = running(&mut session, &mut sinks)?;
    let per_second = |spent: Duration| spent.as_secs_f64() * 1e6 / RUNNING.as_secs_f64();
    drop(sinks);
    runtime.block_on(server.stop());
    std::fs::remove_dir_all(&dir)?;
    Ok(StepBench {
        plies: session.history().len(),
        steps: with_three.len(),
        bare: Micros::of(bare),
        three: Micros::of(with_three),
        running_steps: running.map(|(steps, _)| steps),
        running_us_per_s: running.map(|(_, spent)| per_second(spent)),
    })
}
