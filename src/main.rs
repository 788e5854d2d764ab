//! The `ansage` program.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use clap::{Parser, Subcommand};

use ansage::core::input::{Actor, Input, Key};
use ansage::core::journal::{self, announce};
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Priority};
use ansage::core::phrases::Message;
use ansage::core::phrases::Phrases;
use ansage::core::record::pgn;
use ansage::core::scoresheet::{self, Sheet};
use ansage::core::script;
use ansage::core::session::{Config, Session};
use ansage::core::time::Timestamp;
use ansage::journal::{FileJournal, Journal, NoJournal, Resumed};
use ansage::station::Sink;

#[derive(Parser)]
#[command(
    name = "ansage",
    version,
    about = "A station for chess with blind and visually impaired players (FIDE Laws Appendix D)"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(clap::Args, Default, PartialEq)]
struct GameOptions {
    /// Language spoken, brailled and understood: de, es, en.
    #[arg(long)]
    lang: Option<String>,
    /// Time control: PGN (300, 40/5400+30:1800+30) or human (15+10 = 15 min + 10 s,
    /// 90/40+30+30s, blitz, rapid, fide-standard; 5d3 = 5 min with a 3 s delay).
    #[arg(long)]
    tc: Option<String>,
    /// Who is visually impaired: white, black, both, none.
    #[arg(long)]
    vi: Option<String>,
    /// Confirmation of a visually impaired player's move: explicit or window:SECONDS.
    #[arg(long)]
    confirm: Option<String>,
    /// Confirmation of a sighted player's move: immediate, explicit or window:SECONDS.
    #[arg(long)]
    confirm_sighted: Option<String>,
    /// Start from this FEN.
    #[arg(long)]
    fen: Option<String>,
    /// Start from this Chess960 position (0-959).
    #[arg(long)]
    chess960: Option<u32>,
    /// Any setup option of a script, KEY=VALUE (repeatable): announce_moves=off,
    /// reminders=off, low_time=2:00,0:30, control_alarm=off, white="Name", …
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

impl GameOptions {
    fn config(&self) -> Result<Config> {
        let mut config = Config::default();
        let pairs = [
            ("lang", self.lang.clone()),
            // The command line also takes human forms ("15+10", "90/40+30+30s", "blitz").
            (
                "tc",
                match &self.tc {
                    Some(tc) => Some(
                        tc.parse::<ansage::core::clock::TimeControl>()
                            .map_err(|e| anyhow::anyhow!("--tc {tc}: {e}"))?
                            .to_string(),
                    ),
                    None => None,
                },
            ),
            ("vi", self.vi.clone()),
            ("confirm", self.confirm.clone()),
            ("confirm_sighted", self.confirm_sighted.clone()),
            ("fen", self.fen.clone()),
            ("chess960", self.chess960.map(|n| n.to_string())),
        ];
        for (key, value) in pairs {
            if let Some(value) = value {
                script::apply_setup(&mut config, key, &value).map_err(anyhow::Error::msg)?;
            }
        }
        for pair in &self.set {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| anyhow::anyhow!("--set {pair}: expected KEY=VALUE"))?;
            script::apply_setup(&mut config, key, value.trim_matches('"'))
                .map_err(anyhow::Error::msg)?;
        }
        Ok(config)
    }
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game; moves and questions are typed on the console, line by line.
    Play {
        /// Use the console for input and output (the only front end so far).
        #[arg(long)]
        console: bool,
        /// Hide Braille lines on the console.
        #[arg(long)]
        no_braille: bool,
        /// Write the game as PGN here at the end.
        #[arg(long)]
        pgn: Option<PathBuf>,
        /// Write the journal (every input, synced before it is acted on) to this file
        /// instead of `$XDG_DATA_HOME/ansage/games/DATE_TIME-WHITE-BLACK/journal.txt`.
        #[arg(long, value_name = "FILE", conflicts_with = "no_journal")]
        journal: Option<PathBuf>,
        /// Keep no journal (a crash loses the game).
        #[arg(long)]
        no_journal: bool,
        /// Continue the game in this journal after a crash: the position, both clocks
        /// (stopped until the arbiter starts them), the moves and what was pending come
        /// back; a damaged tail is cut off with a message saying what was dropped.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["journal", "no_journal"])]
        resume: Option<PathBuf>,
        #[command(flatten)]
        options: GameOptions,
    },
    /// The main job on defaults: plays the example game of FIDE Laws Appendix C, announced
    /// in German, through the station, and says where its records went.
    Demo {
        /// Where to put the game's folder (default: the XDG data directory).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// FIDE Laws D.2.8: compare two scoresheets (PGN, BRF or a plain move list in any
    /// supported notation) and say where they last agree.
    Compare {
        /// The first scoresheet.
        a: PathBuf,
        /// The second scoresheet.
        b: PathBuf,
        /// Language of the answer and of the notation read: de, es, en.
        #[arg(long, default_value = "de")]
        lang: String,
    },
    /// Write a game's scoresheets: PGN, Braille (BRF and Unicode braille) and plain text
    /// (.sheet.txt), from a journal, a PGN, a BRF or a move list. Without a format flag,
    /// all of them.
    Export {
        /// The game.
        file: PathBuf,
        /// PGN with clock times.
        #[arg(long)]
        pgn: bool,
        /// Braille Ready Format (40 cells x 25 lines) and Unicode braille (.brl.txt).
        #[arg(long)]
        brf: bool,
        /// Plain text in the language's notation.
        #[arg(long)]
        txt: bool,
        /// Where to write (default: beside the input).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Language of the notation: de, es, en.
        #[arg(long, default_value = "de")]
        lang: String,
    },
    /// Measure: `bench resolve` times resolving heard words to moves over real games;
    /// `bench clock` the lateness of clock announcements; `bench journal` the time from a
    /// confirmation to the made move announced, the journal's sync included.
    Bench {
        /// What to measure: `resolve` (heard words to moves), `clock` (how late clock
        /// announcements and the flag reach speech, the other core busy), `journal`
        /// (confirmation to made, sync included), `grammar` (the recognizer's phrase list
        /// per position), `voice` (moves through a simulated noisy recognizer), `braille`
        /// (made move to its cells on the rig's virtual Braille display; `--moves N`).
        what: String,
        /// A PGN file of games (default: the 400 games in tests/data/games.pgn).
        #[arg(long)]
        games: Option<PathBuf>,
        /// Language: de, es, en, or all.
        #[arg(long, default_value = "all")]
        lang: String,
        /// `bench journal`: how many moves to time.
        #[arg(long, default_value_t = 400)]
        moves: usize,
        /// `bench journal`: where to write the journals (default: a temporary folder).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Run a timed script in virtual time and print the transcript.
    Script {
        /// The script file.
        file: PathBuf,
        /// Write the game as PGN here.
        #[arg(long)]
        pgn: Option<PathBuf>,
    },
}

fn main() -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Cmd::Demo { out } => demo(out),
        Cmd::Compare { a, b, lang } => compare(&a, &b, &lang),
        Cmd::Export {
            file,
            pgn,
            brf,
            txt,
            out,
            lang,
        } => export(&file, [pgn, brf, txt], out, &lang),
        Cmd::Bench {
            what,
            games,
            lang,
            moves,
            dir,
        } => {
            if what == "journal" {
                if cfg!(debug_assertions) {
                    eprintln!(
                        "note: a debug build; measure with `cargo run --release -- bench journal`"
                    );
                }
                let report = ansage::bench::journal::journal_latency(moves, dir)?;
                println!("{report}");
                return Ok(());
            }
            if what == "braille" {
                return bench_braille(moves);
            }
            bench(&what, games, &lang)
        }
        Cmd::Script { file, pgn: out } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let parsed = script::parse(&text).with_context(|| format!("{}", file.display()))?;
            let run = script::run(&parsed)?;
            for line in &run.transcript {
                println!("{line}");
            }
            if let Some(out) = out {
                std::fs::write(&out, pgn(&run.session))
                    .with_context(|| format!("writing {}", out.display()))?;
            }
            Ok(())
        }
        Cmd::Play {
            console,
            no_braille,
            pgn: out,
            journal,
            no_journal,
            resume,
            options,
        } => {
            if !console {
                bail!("only the console front end exists so far: use `ansage play --console`");
            }
            let mut sinks: Vec<Box<dyn Sink + Send>> =
                vec![Box::new(ansage::console::ConsoleSink {
                    braille: !no_braille,
                })];
            let (session, mut journal, start) = match resume {
                Some(path) => {
                    if options != GameOptions::default() {
                        bail!(
                            "--resume takes the game's setup from the journal: leave out the other game options"
                        );
                    }
                    resume_game(&path, &mut sinks)?
                }
                None => new_game(&options, journal, no_journal, &mut sinks)?,
            };
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .context("starting the runtime")?;
            let session = rt.block_on(async {
                let (tx, rx) = tokio::sync::mpsc::channel(64);
                let reader = ansage::console::spawn_reader(tx);
                let timeline = ansage::station::Timeline::starting_at(start);
                let session = ansage::station::run_journaled(
                    session,
                    rx,
                    &mut sinks,
                    timeline,
                    journal.as_mut(),
                )
                .await;
                drop(reader);
                session
            });
            if let Some(out) = out {
                std::fs::write(&out, pgn(&session))
                    .with_context(|| format!("writing {}", out.display()))?;
                eprintln!("PGN written to {}", out.display());
            }
            rt.shutdown_background();
            Ok(())
        }
    }
}

/// `ansage bench braille`: made move to its cells on the rig's virtual display.
#[cfg(feature = "braille")]
fn bench_braille(moves: usize) -> Result<()> {
    if cfg!(debug_assertions) {
        eprintln!(
            "note: a debug build; measure with `cargo run --release --features braille -- bench braille`"
        );
    }
    let report = ansage::bench::braille::braille_latency(moves)?;
    println!("{report}");
    Ok(())
}

/// `ansage bench braille` needs the BrlAPI backend.
#[cfg(not(feature = "braille"))]
fn bench_braille(_moves: usize) -> Result<()> {
    bail!("bench braille needs the Braille display: build with `--features braille`")
}

type Sinks = Vec<Box<dyn Sink + Send>>;

/// A new game, its journal in `journal` or in a new folder for the game (said at start).
fn new_game(
    options: &GameOptions,
    journal: Option<PathBuf>,
    no_journal: bool,
    sinks: &mut Sinks,
) -> Result<(Session, Box<dyn Journal>, Timestamp)> {
    let config = options.config()?;
    let session = Session::new(config.clone())?;
    if no_journal {
        return Ok((session, Box::new(NoJournal), Timestamp::ZERO));
    }
    let path = match journal {
        Some(path) => path,
        None => game_dir(None, &game_name(&config))?.join("journal.txt"),
    };
    let file = FileJournal::create(&path, &config)
        .with_context(|| format!("starting the journal {}", path.display()))?;
    let msg = Message::new("journal-where").arg("path", path.display().to_string());
    deliver(
        sinks,
        Timestamp::ZERO,
        &announce(&session, Audience::Arbiter, Priority::Answer, &msg),
    );
    Ok((session, Box::new(file), Timestamp::ZERO))
}

/// Continues the game in a journal: prints the restored moves (`restored @… made …`), says
/// what a damaged tail lost and what the replay could not confirm, stops the clock at the
/// last recorded instant (as the arbiter would, FIDE Laws 6.12; journaled, so a later
/// resume sees it too) and names both clocks. The game's time goes on from that instant.
fn resume_game(path: &Path, sinks: &mut Sinks) -> Result<(Session, Box<dyn Journal>, Timestamp)> {
    let Resumed {
        mut journal,
        recovered,
        replay,
    } = ansage::journal::resume(path).with_context(|| format!("resuming {}", path.display()))?;
    let mut session = replay.session;
    let at = replay.last;
    {
        let mut stdout = std::io::stdout().lock();
        for line in &replay.restored {
            writeln!(stdout, "restored {line}").context("writing to stdout")?;
        }
    }
    let mut outputs = Vec::new();
    if let Some(damage) = &recovered.damage {
        eprintln!(
            "journal {}: {damage}; the file was cut there",
            path.display()
        );
        let msg = journal::damage_message(session.phrases(), damage, &session);
        outputs.extend(announce(&session, Audience::All, Priority::Urgent, &msg));
    }
    for m in &replay.mismatches {
        eprintln!(
            "journal {}: record {} says {:?}, the replay gives {:?}",
            path.display(),
            m.record,
            m.expected,
            m.got
        );
        let msg = journal::mismatch_message(m);
        outputs.extend(announce(
            &session,
            Audience::Arbiter,
            Priority::Urgent,
            &msg,
        ));
    }
    let msg = journal::resumed_message(&session);
    outputs.extend(announce(&session, Audience::All, Priority::Answer, &msg));
    deliver(sinks, at, &outputs);
    let running = session.clock().and_then(|c| c.running()).is_some();
    if running && session.result().is_none() {
        let pause = Input::key(Actor::Arbiter, Key::Pause);
        ansage::station::handle_input(&mut session, &mut journal, sinks, pause, at);
    }
    if let Some(msg) = journal::clocks_message(&session, at) {
        deliver(
            sinks,
            at,
            &announce(&session, Audience::All, Priority::Answer, &msg),
        );
    }
    // What the station was waiting for when the game stopped (an echoed move's "ja"…).
    let prompt = session.pending_prompt();
    deliver(sinks, at, &prompt);
    Ok((session, Box::new(journal), at))
}

fn deliver(sinks: &mut Sinks, at: Timestamp, outputs: &[ansage::core::output::Output]) {
    for sink in sinks.iter_mut() {
        sink.deliver(at, outputs);
    }
}

/// `WHITE-BLACK` for the game's folder, from the scoresheet's names (`white-black` while
/// they are unknown); only letters, digits, `-` and `_`.
fn game_name(config: &Config) -> String {
    let part = |name: &str, unknown: &str| {
        let cleaned: String = name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        if cleaned.trim_matches('_').is_empty() {
            unknown.to_owned()
        } else {
            cleaned
        }
    };
    format!(
        "{}-{}",
        part(&config.info.white, "white"),
        part(&config.info.black, "black")
    )
}

/// The folder for a game's records: `$XDG_DATA_HOME/ansage/games/DATE_TIME-NAME`
/// (`~/.local/share/...` when unset).
fn game_dir(base: Option<PathBuf>, name: &str) -> Result<PathBuf> {
    let base = match base {
        Some(b) => b,
        None => match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
            Some(d) => PathBuf::from(d).join("ansage/games"),
            None => {
                let home =
                    std::env::var_os("HOME").context("neither XDG_DATA_HOME nor HOME is set")?;
                PathBuf::from(home).join(".local/share/ansage/games")
            }
        },
    };
    let stamp = chrono::Local::now().format("%Y-%m-%d_%H%M%S");
    let dir = base.join(format!("{stamp}-{name}"));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(dir)
}

fn demo(out: Option<PathBuf>) -> Result<()> {
    let text = include_str!("../assets/demo/seed_game_de.script");
    let mut parsed = script::parse(text).context("the demo script")?;
    parsed.config.info.event = "ansage demo: FIDE Laws Appendix C".into();
    parsed.config.info.date = chrono::Local::now().format("%Y.%m.%d").to_string();
    let run = script::run(&parsed)?;
    for line in &run.transcript {
        println!("{line}");
    }
    let dir = game_dir(out, "demo")?;
    let pgn_path = dir.join("game.pgn");
    std::fs::write(&pgn_path, pgn(&run.session))
        .with_context(|| format!("writing {}", pgn_path.display()))?;
    let transcript_path = dir.join("transcript.txt");
    std::fs::write(&transcript_path, run.transcript.join("\n") + "\n")
        .with_context(|| format!("writing {}", transcript_path.display()))?;
    println!("PGN: {}", pgn_path.display());
    println!("Transcript: {}", transcript_path.display());
    println!(
        "Devices: speech, Braille display and microphone are not built in yet; everything was printed here."
    );
    Ok(())
}

fn bench(what: &str, games: Option<PathBuf>, lang: &str) -> Result<()> {
    if what == "clock" {
        let report = ansage::bench::clock::lateness(std::time::Duration::from_secs(30))?;
        println!("{report}");
        return Ok(());
    }
    if !matches!(what, "resolve" | "grammar" | "voice") {
        bail!("unknown benchmark {what:?}: expected resolve, grammar, voice, clock or journal");
    }
    let pgn_text = match games {
        Some(path) => {
            std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?
        }
        None => include_str!("../tests/data/games.pgn").to_owned(),
    };
    if cfg!(debug_assertions) {
        eprintln!("note: a debug build; measure with `cargo run --release -- bench {what}`");
    }
    if what == "voice" {
        // The German path (Appendix D); then the pessimistic case of a recognizer that is
        // confident of a fifth of its errors.
        let setup = ansage::bench::voice::VoiceSetup::default();
        println!("{}", ansage::bench::voice::voice(&pgn_text, &setup)?);
        let pessimistic = ansage::bench::voice::VoiceSetup {
            confident_errors: 0.2,
            wers: vec![0.10],
            ..setup
        };
        println!("{}", ansage::bench::voice::voice(&pgn_text, &pessimistic)?);
        return Ok(());
    }
    let langs = if lang == "all" {
        ansage::core::lang::Language::ALL.to_vec()
    } else {
        vec![lang.parse().map_err(anyhow::Error::msg)?]
    };
    for lang in langs {
        if what == "grammar" {
            println!(
                "{}",
                ansage::bench::grammar::grammar_stats(&pgn_text, lang)?
            );
        } else {
            let stats = ansage::bench::resolve::resolve_stats(&pgn_text, lang)?;
            println!("{stats}");
        }
    }
    Ok(())
}

fn read_sheet(
    path: &std::path::Path,
    lang: Language,
) -> Result<(Sheet, Vec<Option<std::time::Duration>>)> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    // A journal (the station's own record of the game) is replayed to its last record.
    let recovered = journal::read(&bytes);
    if recovered.config().is_some() {
        let replay = journal::replay(&recovered).with_context(|| format!("{}", path.display()))?;
        if let Some(damage) = &recovered.damage {
            let phrases = Phrases::load(lang)?;
            let msg = journal::damage_message(&phrases, damage, &replay.session);
            eprintln!("{}: {}", path.display(), phrases.speech(&msg));
        }
        let session = &replay.session;
        let sheet = Sheet::from_plies(
            &session.config().info,
            session.config().clock.as_ref().map(|c| c.white.to_string()),
            session.result().map(|r| r.pgn().to_owned()),
            session.initial_position(),
            session.history(),
        );
        let clocks = session.history().iter().map(|p| p.made.clock).collect();
        return Ok((sheet, clocks));
    }
    let text = String::from_utf8(bytes)
        .with_context(|| format!("{}: neither a journal nor text", path.display()))?;
    if scoresheet::pgn_in::detect(&text) == scoresheet::pgn_in::Format::Pgn {
        let mut games = scoresheet::pgn_in::read_pgn(&text, lang)
            .with_context(|| format!("{}", path.display()))?;
        if games.is_empty() {
            bail!("{}: no game in it", path.display());
        }
        let game = games.swap_remove(0);
        return Ok((game.sheet, game.clocks));
    }
    // A scoresheet may be written in another language's letters than the one spoken
    // (a Spanish "Cf3" list at a German station): the station's language first.
    let mut first_error = None;
    for l in std::iter::once(lang).chain(Language::ALL.into_iter().filter(|l| *l != lang)) {
        match scoresheet::pgn_in::read_any(&text, l) {
            Ok(sheet) => return Ok((sheet, Vec::new())),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    match first_error {
        Some(e) => Err(anyhow::Error::new(e).context(format!("{}", path.display()))),
        None => bail!("{}: cannot be read", path.display()),
    }
}

fn compare(a: &std::path::Path, b: &std::path::Path, lang: &str) -> Result<()> {
    let lang: Language = lang.parse().map_err(anyhow::Error::msg)?;
    let (sa, _) = read_sheet(a, lang)?;
    let (sb, _) = read_sheet(b, lang)?;
    if sa.start != sb.start {
        bail!("the two scoresheets start from different positions");
    }
    let agreement = scoresheet::compare::compare_from(&sa.start, &sa.move_list(), &sb.move_list());
    let phrases = Phrases::load(lang)?;
    println!("{}", phrases.speech(&agreement.message()));
    Ok(())
}

fn export(
    file: &std::path::Path,
    formats: [bool; 3],
    out: Option<PathBuf>,
    lang: &str,
) -> Result<()> {
    let lang: Language = lang.parse().map_err(anyhow::Error::msg)?;
    let (sheet, clocks) = read_sheet(file, lang)?;
    let all = formats.iter().all(|f| !f);
    let [pgn_on, brf_on, txt_on] = formats.map(|f| f || all);
    let dir = match out {
        Some(d) => d,
        None => file.parent().map(PathBuf::from).unwrap_or_default(),
    };
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let stem = file
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy().into_owned());
    let input = std::fs::canonicalize(file).ok();
    let write = |ext: &str, text: String| -> Result<()> {
        let path = dir.join(format!("{stem}.{ext}"));
        // Never write over the game being exported (a journal named game.txt, say).
        if input.is_some() && std::fs::canonicalize(&path).ok() == input {
            bail!("{} is the input; choose another --out", path.display());
        }
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        println!("{}", path.display());
        Ok(())
    };
    if pgn_on {
        write("pgn", ansage::core::record::pgn_of_sheet(&sheet, &clocks))?;
    }
    if brf_on {
        write("brf", scoresheet::brf::render_brf(&sheet, lang))?;
        write("brl.txt", scoresheet::brf::render_unicode(&sheet, lang))?;
    }
    if txt_on {
        write("sheet.txt", scoresheet::brf::render_text(&sheet, lang))?;
    }
    Ok(())
}
