//! `ansage-bench`: the station's measurements, a program of its own beside `ansage` (cargo
//! feature `bench`), so that neither the library nor the `ansage` binary carries benchmark
//! code or test data. They may read the real clock; the core never does.
//!
//! Each benchmark is one [`Benchmark`] and one command ([`Benchmark::command`], the one
//! `docs/benchmarks.md` gives):
//!
//! - [`resolve`]: how long `Vocabulary::resolve` takes over the positions of real games.
//! - [`grammar`]: how long building the recognizer's grammar takes at each position, and
//!   its size.
//! - [`voice`](mod@voice): moves of real games said through a simulated recognizer ([`simulated`]) at
//!   5, 10 and 20 % word error rate and played through the session's protocol.
//! - [`clock`]: how late scheduled clock announcements and the flag are handed to the
//!   speech output by the real tokio main loop, with the other core kept busy.
//! - [`journal`]: how long a confirmed move takes to be announced as made, the journal's
//!   fdatasync included.
//! - [`journal_hours`] (`long-game`): what a five-hour game leaves in its journal (lines,
//!   bytes, syncs) and the clocks read back as after a crash.
//! - `braille` (feature `braille`): from a made move to its cells on the rig's virtual
//!   Braille display.
//! - `speech` (feature `speech`): hand-over to speech-dispatcher, and an urgent
//!   announcement interrupting a long utterance until its first sound.
//! - `answer` (feature `speech`): a question asked while a long answer plays and a
//!   reminder waits, from the input to the answer's first sound on the speaker; and the
//!   correction chain ([`correction`]): a new announcement into an impossible move's
//!   message, "nein" into its echo, each to its answer's first sound, and the stale
//!   utterances heard.
//! - `vosk` (feature `vosk`): the real recognizer on the small Korean model: grammar
//!   switch, end of speech to result and to echo, memory.
//! - `echo` (features `vosk`, `audio`, `speech`; the device rig): a stand-in phrase played
//!   into the rig's microphone until the first sound of its echo on the rig's speaker, end
//!   to end through the station as `ansage play` wires it, per end-of-speech setting; and
//!   whether phrases with a 250-ms pause inside are heard whole.
//!
//! - [`eboard`](mod@eboard): the sighted player's piece set down on the emulated
//!   electronic board to the move's echo from the real `ansage` station (DGT and
//!   Millennium).
//! - [`web`](mod@web): a made move until it is in the web page's document in the real
//!   browser, with 1 and 50 pages connected, and the station's own move path beside it.
//! - [`online`](mod@online): online play against a fake lichess on 127.0.0.1
//!   (the test kit's, [`ansage::testkit::lichess`]): the opponent's move line to its
//!   announcement, and the blind
//!   player's confirmation to the move's POST, through the real `ansage online`; and
//!   while the server flaps ([`online_flap`]): the requests per minute, and from a server
//!   well again to the game going on.
//! - [`launch`](mod@launch): from launching `ansage play` to "Bereit" on the rig's Braille
//!   display and to the first spoken word (the real `ansage`, built with every device
//!   feature).
//! - `train` (feature `engine`): the engine's move ready until its announcement, through
//!   the real `ansage train` and a fake engine (`train_latency`); the training levels'
//!   order, level 10 against level 1 in short games at a fixed node budget against
//!   Debian's stockfish (issue 34).
//! - `review` (feature `engine`; with `speech` on the rig too): going through a game of 40
//!   moves, "vor" to its sentence and, with speech, to its first sound on the speaker;
//!   "Partie analysieren" at the default budget (issue 34).
//! - [`step`]: the step view and the sinks that look at it, per step of a long game and
//!   per second of a running clock (issue 35.3).
//! - [`resume`](mod@resume): a resumed game's summary, in seconds of espeak-ng speech, against
//!   its goal of about 8 s (a bound, not a timing).
//!
//! Besides the measurements, [`emulate`] is a hand-driven DGT or Millennium board on a
//! pseudo-terminal, to try the station without hardware (docs/developers.md: The board
//! emulator).

#[cfg(feature = "speech")]
mod answer;
#[cfg(feature = "braille")]
mod braille;
mod clock;
#[cfg(feature = "speech")]
mod correction;
mod eboard;
#[cfg(all(feature = "vosk", feature = "audio", feature = "speech"))]
mod echo;
#[cfg(all(feature = "vosk", feature = "audio", feature = "speech"))]
mod echo_audio;
#[cfg(all(feature = "vosk", feature = "audio", feature = "speech"))]
mod echo_station;
mod emulate;
mod grammar;
mod journal;
mod journal_hours;
#[cfg(feature = "speech")]
mod launch;
mod online;
mod online_flap;
mod process;
mod resolve;
mod resume;
#[cfg(feature = "engine")]
mod review;
#[cfg(all(feature = "engine", feature = "speech"))]
mod review_sound;
mod runs;
mod simulated;
#[cfg(feature = "speech")]
mod speech;
mod stats;
mod step;
#[cfg(feature = "engine")]
mod train;
#[cfg(feature = "engine")]
mod train_latency;
mod voice;
#[cfg(feature = "vosk")]
mod vosk;
#[cfg(any(feature = "braille", feature = "speech"))]
mod vrlog;
mod web;

use std::path::PathBuf;

use anyhow::Result;
use clap::{Parser, ValueEnum};

/// The 400 games every benchmark over real games reads unless `--games` names others
/// (`tests/data/README.md`).
const GAMES: &str = include_str!("../../../tests/data/games.pgn");

/// What to measure.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Benchmark {
    /// Heard words to moves over the positions of real games.
    Resolve,
    /// Building the recognizer's phrase list per position, and its size.
    Grammar,
    /// Moves through a simulated noisy recognizer, played through the session's protocol.
    Voice,
    /// How late clock announcements and the flag reach speech, the other core busy (30 s).
    Clock,
    /// Confirmation to the made move announced, the journal's sync included (`--moves N`,
    /// `--dir DIR`).
    Journal,
    /// A five-hour game in virtual time: the journal's lines, bytes and syncs, and the
    /// clocks read back as after a crash (`--dir DIR`).
    LongGame,
    /// A made move to its cells on the rig's virtual Braille display (feature `braille`;
    /// `--moves N`).
    Braille,
    /// Hand-over to speech-dispatcher and interruptions until the first sound (feature
    /// `speech`; `--moves N`).
    Speech,
    /// A question while a long answer plays and other speech waits: input to the answer's
    /// first sound on the speaker (feature `speech`; 40 questions).
    Answer,
    /// The sighted player's piece set down on the emulated e-board to the move's echo from
    /// the real `ansage` (built first, beside this program or `--ansage PATH`; `--kind`,
    /// else both boards; `--moves N`, default 40 each).
    Eboard,
    /// The real recognizer on the Korean test model (feature `vosk`; `ANSAGE_BENCH_RUNS`,
    /// `ANSAGE_VOSK_MODEL`).
    Vosk,
    /// A stand-in phrase played into the rig's microphone to the first sound of its echo on
    /// the rig's speaker, per end-of-speech setting (features `vosk`, `audio`, `speech`;
    /// `ANSAGE_BENCH_RUNS`, `ANSAGE_VOSK_MODEL`).
    Echo,
    /// A typed move until it is in the web page's document in chromium, with no, 1 and 50
    /// pages connected, and typed to made beside it (the real `ansage`, built first, as for
    /// `eboard`; `--moves N`, default 60).
    Web,
    /// Online play against a fake lichess on 127.0.0.1: the opponent's move line to its
    /// announcement, the confirmation to the move's POST (the real `ansage`, built with
    /// `online`, as for `eboard`; `--moves N` of each, default 200); then two minutes of a
    /// flapping server: requests per minute, and from well again to the game going on.
    Online,
    /// Launch to "Bereit" on the rig's Braille display with speech on, `--moves N` launches
    /// (default 10; the real `ansage` beside this program, built with `hardware`).
    Launch,
    /// A resumed game's summary (six half-moves, a clock, a draw offer, an echo pending) in
    /// seconds of espeak-ng speech, de, es and en, against the goal of about 8 s.
    Resume,
    /// The engine's move ready until its announcement (100 moves through the real
    /// `ansage train` beside this program, a fake engine); then the training levels'
    /// order: level 10 against level 1 in `--moves N` short games (default 10) at
    /// `--nodes` (default 20000) a move, stockfish on one thread (feature `engine`).
    Train,
    /// Going through a game of 40 moves: "vor" to its sentence, and "Partie analysieren"
    /// at the default budget with stockfish (feature `engine`).
    Review,
    /// The step view and the sinks that look at it (records, web page, grammar) per step
    /// of a 200-ply game, with none and with the three, and per second of a running clock.
    Step,
    /// Not a measurement: a board driven by hand from the terminal, on a pseudo-terminal
    /// the station opens (`--kind dgt|millennium`, `--clock`, `--link PATH`).
    Emulate,
}

/// The board `emulate` emulates (and `eboard` measures).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum BoardKind {
    /// A DGT board (with `--clock`, a DGT 3000 clock on it).
    Dgt,
    /// A Millennium ChessLink board.
    Millennium,
}

impl BoardKind {
    /// The emulator's kind.
    fn emulated(self) -> ansage::eboard::emulator::Kind {
        match self {
            BoardKind::Dgt => ansage::eboard::emulator::Kind::Dgt,
            BoardKind::Millennium => ansage::eboard::emulator::Kind::Millennium,
        }
    }
}

impl Benchmark {
    /// The cargo features of the devices the benchmark measures, besides `bench`.
    fn feature(self) -> Option<&'static str> {
        match self {
            Benchmark::Braille => Some("braille"),
            Benchmark::Speech | Benchmark::Answer => Some("speech"),
            Benchmark::Vosk => Some("vosk"),
            Benchmark::Echo => Some("vosk,audio,speech"),
            Benchmark::Launch => Some("hardware"),
            Benchmark::Online => Some("online"),
            Benchmark::Train => Some("engine"),
            Benchmark::Review => Some("engine,speech,espeak"),
            _ => None,
        }
    }

    /// Its name on the command line.
    fn name(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
    }

    /// The command that runs it, in a release build (docs/benchmarks.md).
    fn command(self) -> String {
        let features = match self.feature() {
            Some(f) => format!("bench,{f}"),
            None => "bench".into(),
        };
        format!(
            "cargo run --release --features {features} --bin ansage-bench -- {}",
            self.name()
        )
    }
}

#[derive(Parser)]
#[command(
    name = "ansage-bench",
    about = "The measurements of ansage (docs/benchmarks.md)"
)]
struct Cli {
    /// What to measure.
    what: Benchmark,
    /// A PGN file of games (default: the 400 games in tests/data/games.pgn).
    #[arg(long)]
    games: Option<PathBuf>,
    /// Language: de, es, en, or all (`resolve`, `grammar`).
    #[arg(long, default_value = "all")]
    lang: String,
    /// `journal`, `braille`, `speech`: how many moves to time (default 400); `eboard`: how
    /// many of Black's moves on each board (default 40); `web`: how many moves (default 60);
    /// `online`: how many moves of each side (default 200); `launch`: how many launches
    /// (default 10); `train`: how many games (default 10).
    #[arg(long)]
    moves: Option<usize>,
    /// `journal`: where to write the journals (default: a temporary folder).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// `emulate`: the board (default dgt); `eboard`: the board measured (default both).
    #[arg(long, value_enum)]
    kind: Option<BoardKind>,
    /// `eboard`, `web`, `online`: the `ansage` binary (default: the one beside this program).
    #[arg(long)]
    ansage: Option<PathBuf>,
    /// `train`: the node budget of every engine move (default 20000).
    #[arg(long)]
    nodes: Option<u64>,
    /// `emulate`: a DGT 3000 clock on the DGT board.
    #[arg(long)]
    clock: bool,
    /// `emulate`: the path the station opens, a link to the pseudo-terminal (default:
    /// `ansage-eboard` in the temporary folder).
    #[arg(long)]
    link: Option<PathBuf>,
}

fn main() -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    // Benchmarks measure release builds: a debug build says how to run the real one.
    if cfg!(debug_assertions) && cli.what != Benchmark::Emulate {
        eprintln!("note: a debug build; measure with `{}`", cli.what.command());
    }
    match cli.what {
        Benchmark::Resolve | Benchmark::Grammar => runs::per_language(&cli),
        Benchmark::Voice => runs::voice(&runs::games(cli.games.as_ref())?),
        Benchmark::Clock => {
            println!("{}", clock::lateness(std::time::Duration::from_secs(30))?);
            Ok(())
        }
        Benchmark::Journal => {
            println!(
                "{}",
                journal::journal_latency(cli.moves.unwrap_or(runs::MOVES), cli.dir)?
            );
            Ok(())
        }
        Benchmark::LongGame => {
            let dir = cli.dir.clone().unwrap_or_else(std::env::temp_dir);
            println!("{}", journal_hours::long_game(&dir)?);
            Ok(())
        }
        Benchmark::Braille => runs::braille(cli.moves.unwrap_or(runs::MOVES)),
        Benchmark::Speech => runs::speech(cli.moves.unwrap_or(runs::MOVES)),
        Benchmark::Eboard => runs::eboard(&cli),
        Benchmark::Answer => runs::answer(),
        Benchmark::Vosk => runs::vosk(&runs::games(cli.games.as_ref())?),
        Benchmark::Echo => runs::echo(),
        Benchmark::Web => runs::web(&cli),
        Benchmark::Online => runs::online(&cli),
        Benchmark::Launch => runs::launch(&cli),
        Benchmark::Train => runs::train(&cli),
        Benchmark::Review => runs::review_bench(&cli),
        Benchmark::Resume => {
            for summary in resume::resume_lengths()? {
                println!("{summary}");
            }
            Ok(())
        }
        Benchmark::Step => {
            println!("{}", step::step_cost()?);
            Ok(())
        }
        Benchmark::Emulate => {
            let kind = cli.kind.unwrap_or(BoardKind::Dgt).emulated();
            emulate::emulate(kind, cli.clock, cli.link)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The benchmark commands of docs/benchmarks.md are exactly the benchmarks: one command
    /// each, and every `ansage-bench` command it gives names one.
    #[test]
    fn the_benchmarks_page_gives_one_command_for_each_benchmark() {
        let page = include_str!("../../../docs/benchmarks.md");
        for b in Benchmark::value_variants() {
            let command = b.command();
            assert!(
                page.contains(&format!("{command} ")) || page.contains(&format!("{command}\n")),
                "docs/benchmarks.md lacks `{command}`"
            );
        }
        let marker = "--bin ansage-bench -- ";
        for (i, _) in page.match_indices(marker) {
            let rest = &page[i + marker.len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            let b = Benchmark::from_str(&name, false)
                .unwrap_or_else(|e| panic!("docs/benchmarks.md: `{marker}{name}`: {e}"));
            let end = i + marker.len() + name.len();
            assert!(
                page[..end].ends_with(&b.command()),
                "docs/benchmarks.md: the command for `{name}` is not `{}`",
                b.command()
            );
        }
    }

    #[test]
    fn the_help_names_every_benchmark() {
        use clap::CommandFactory as _;
        let help = Cli::command().render_long_help().to_string();
        for b in Benchmark::value_variants() {
            assert!(help.contains(&b.name()), "{help}");
        }
    }
}
