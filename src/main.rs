//! The `ansage` program.

use std::path::PathBuf;

use anyhow::{Context as _, Result, bail};
use clap::{Parser, Subcommand};

use ansage::core::lang::Language;
use ansage::core::phrases::Phrases;
use ansage::core::record::pgn;
use ansage::core::scoresheet::{self, Sheet};
use ansage::core::script;
use ansage::core::session::{Config, Session};

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

#[derive(clap::Args, Default)]
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
    /// Write a game's scoresheets: PGN, Braille (BRF and Unicode braille) and plain text,
    /// from a PGN, a BRF or a move list. Without a format flag, all of them.
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
    /// Measure: `bench resolve` times resolving heard words to moves over real games.
    Bench {
        /// What to measure: `resolve` (heard words to moves) or `clock` (how late clock
        /// announcements and the flag reach the speech output, with the other core busy).
        what: String,
        /// A PGN file of games (default: the 400 games in tests/data/games.pgn).
        #[arg(long)]
        games: Option<PathBuf>,
        /// Language: de, es, en, or all.
        #[arg(long, default_value = "all")]
        lang: String,
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
        Cmd::Bench { what, games, lang } => bench(&what, games, &lang),
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
            options,
        } => {
            if !console {
                bail!("only the console front end exists so far: use `ansage play --console`");
            }
            let session = Session::new(options.config()?)?;
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .context("starting the runtime")?;
            let session = rt.block_on(async {
                let (tx, rx) = tokio::sync::mpsc::channel(64);
                let reader = ansage::console::spawn_reader(tx);
                let mut sinks: Vec<Box<dyn ansage::station::Sink + Send>> =
                    vec![Box::new(ansage::console::ConsoleSink {
                        braille: !no_braille,
                    })];
                let session =
                    ansage::station::run(session, rx, &mut sinks, tokio::time::Instant::now())
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

/// The folder for a game's records: `$XDG_DATA_HOME/ansage/games/DATE-NAME`
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
        bail!("unknown benchmark {what:?}: expected resolve, grammar, voice or clock");
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
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
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
    let write = |ext: &str, text: String| -> Result<()> {
        let path = dir.join(format!("{stem}.{ext}"));
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
        write("txt", scoresheet::brf::render_text(&sheet, lang))?;
    }
    Ok(())
}
