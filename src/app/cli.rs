//! The `ansage` program's command line (clap): every command and its arguments. `src/main.rs`
//! parses it ([`parse`]) and dispatches; `ansage-package` (feature `package`) renders it as
//! the manual page and the shell completions.
//!
//! The top-level help is short: each command in a few words, the first game's command
//! first; a command's own help (`ansage help play`) says the rest.

use std::path::Path;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::app;
use crate::core::lang::Language;
use crate::core::quick_reference::{INSTALLED_DIR, file_name};

/// The last lines of `ansage help` as the package installs it (the manual page has them):
/// where a command's help, the Braille quick reference card and the user guide are.
pub const AFTER_HELP: &str = "\
A command's help: ansage help COMMAND, for example ansage help play.
Braille quick reference card (BRF, for an embosser or a notetaker):
/usr/share/ansage/quick-reference-de.brf (-es.brf, -en.brf).
User guide: /usr/share/doc/ansage/user-guide.md (German: benutzerhandbuch.md).";

/// The last lines of `ansage help` for where this `ansage` runs from: the package's files
/// when its card is installed ([`AFTER_HELP`]); else, for a build from source, the card's
/// text and the user guide in the source tree it was built from, and how to write the card
/// as BRF; the package's paths when neither is there.
pub fn after_help() -> String {
    let installed = Path::new(INSTALLED_DIR).join(file_name(Language::De));
    let source = Path::new(env!("CARGO_MANIFEST_DIR"));
    let card = source.join("assets/de/quick-reference.txt");
    if installed.is_file() || !card.is_file() {
        return AFTER_HELP.to_owned();
    }
    format!(
        "A command's help: ansage help COMMAND, for example ansage help play.\n\
         Braille quick reference card: not installed (built from source); its text is\n\
         {card} (es, en beside it); as BRF for an embosser:\n\
         cargo run --features package --bin ansage-package -- DIR writes DIR/quick-reference/.\n\
         User guide: {guide} (German: benutzerhandbuch.md).",
        card = card.display(),
        guide = source.join("docs/user-guide.md").display(),
    )
}

/// The command line as given, its help ending in [`after_help`]; a wrong command line
/// exits with clap's message, as [`Parser::parse`] does.
pub fn parse() -> Cli {
    let matches = Cli::command().after_help(after_help()).get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// The command line.
#[derive(Parser)]
#[command(
    after_help = AFTER_HELP,
    name = "ansage",
    version,
    about = "A chess station for blind and visually impaired players (FIDE Laws Appendix D)"
)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Cmd,
}

/// The commands, in the order the help lists them: the first game's first. Each one's
/// first line is what `ansage help` says of it; the rest is its own help.
#[derive(Subcommand)]
pub enum Cmd {
    /// Play a game at the board.
    ///
    /// Moves and questions come by voice, the Braille display, an electronic board, the web
    /// page, or typed on the console, line by line. A console line is `[WHO] [VERB] TEXT`
    /// (WHO: white, black, arbiter). The console belongs to the visually impaired player: a
    /// question, key or command typed without WHO is theirs. A move without WHO is theirs
    /// too, except that the sighted player may type his own move when he is to move; when he
    /// has an input of his own (an electronic board, the web page, a microphone as his
    /// input) every line without WHO is the visually impaired player's. With both players or
    /// neither visually impaired, a line without WHO is the side to move's.
    ///
    /// One-letter commands typed alone on a line (German and English; Spanish in brackets):
    /// l last move, c clock, p position, s (t) whose move, h help, m more.
    Play(app::play::PlayArgs),
    /// Check the devices and say what to install or set.
    ///
    /// Every device and resource: the microphone, libvosk, the vosk model and its
    /// vocabulary, speech-dispatcher and a voice for the language, BrlAPI, espeak-ng, the
    /// electronic board, the web page's port, online play. Exit status 1 when something the
    /// settings need is missing.
    Doctor {
        /// The settings.
        #[command(flatten)]
        options: app::options::GameOptions,
    },
    /// Install or list the speech models.
    ///
    /// `models install de` (es, en) downloads a language's model into the data folder,
    /// where the station finds it; `models list` says which are there. Exit status 1 when
    /// an installation fails.
    Models(app::models::ModelsArgs),
    /// Play a game on lichess.
    ///
    /// The online menu (seek, challenge), or a running game with `--game ID`; the token
    /// from ANSAGE_LICHESS_TOKEN or the token file (`online login`), the server from
    /// online.server.
    #[cfg(feature = "online")]
    Online(app::online::OnlineArgs),
    /// Train against a chess engine at home.
    ///
    /// The engine (Debian's stockfish, engine.path) plays the other side; its moves are
    /// announced in the language's words and brailled, for the player to execute on his
    /// own board; his own moves go through the whole dialogue, as in `play`, with the same
    /// options. `--level 1..10`, `--colour white|black|random`, a clock only with `--tc`.
    /// By voice: "Stufe fünf" (level five), "Neue Partie" (new game), "Farbe wechseln"
    /// (switch colour).
    #[cfg(feature = "engine")]
    Train(app::train::TrainArgs),
    /// Watch the example game of FIDE Laws Appendix C.
    ///
    /// The main job on defaults: plays the example game, announced in German, through the
    /// station, and says where its records went.
    Demo(app::demo::DemoArgs),
    /// Go through a game, move by move.
    ///
    /// A journal, a PGN (its first game, or `--game N`), a BRF or a move list, at the
    /// station with its devices: forward, back, beginning, the end, move N (black move N),
    /// and every question of a game on the position reached. Nothing is written.
    Review(app::review::ReviewArgs),
    /// Write a game's scoresheets.
    ///
    /// PGN, Braille (BRF and Unicode braille) and plain text (.sheet.txt), from a journal,
    /// a PGN (every game in it, or `--game N`), a BRF or a move list. Without a format flag,
    /// all of them (with only `--audio`, just the spoken scoresheet). Exit status 1 when a
    /// game is refused.
    Export(app::sheets::ExportArgs),
    /// Say where two scoresheets part (FIDE Laws D.2.8).
    ///
    /// Compares two scoresheets (PGN, BRF or a plain move list in any supported notation)
    /// and says where they last agree.
    Compare(app::sheets::CompareArgs),
    /// Check the settings, or print them.
    ///
    /// `config --print` writes the effective settings (built-in defaults, the file, the
    /// options given here) as TOML, a file to start from; without `--print` they are only
    /// checked.
    Config(app::check::ConfigArgs),
    /// Run a timed script and print its transcript.
    ///
    /// The script runs in virtual time (docs/developers.md: scripts and transcripts).
    Script(app::script::ScriptArgs),
}
