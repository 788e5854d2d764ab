//! The `ansage` program's command line (clap): every command and its arguments. `src/main.rs`
//! parses it and dispatches; `ansage-package` (feature `package`) renders it as the manual
//! page and the shell completions.

use clap::{Parser, Subcommand};

use crate::app;

/// The text after `ansage --help` and `ansage help`: where the user guide and the quick
/// reference card are.
pub const AFTER_HELP: &str = "\
Each command's options: ansage help COMMAND.
Quick reference card in Braille (BRF, 40 cells by 25 lines, for an embosser or a notetaker):
/usr/share/ansage/quick-reference-de.brf (-es.brf, -en.brf), from the package.
User guide: /usr/share/doc/ansage/user-guide.md (German: benutzerhandbuch.md); in the
source tree docs/.";

/// The command line.
#[derive(Parser)]
#[command(
    after_help = AFTER_HELP,
    name = "ansage",
    version,
    about = "A station for chess with blind and visually impaired players (FIDE Laws Appendix D)"
)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Cmd,
}

/// The commands.
#[derive(Subcommand)]
pub enum Cmd {
    /// Play a game; moves and questions are typed on the console, line by line.
    ///
    /// A line is `[WHO] [VERB] TEXT` (WHO: white, black, arbiter). The console belongs to
    /// the visually impaired player: a question, key or command typed without WHO is
    /// theirs. A move without WHO is theirs too, except that the sighted player may type
    /// his own move when he is to move; when he has an input of his own (an electronic
    /// board, the web page, a microphone as his input) every line without WHO is the
    /// visually impaired player's. With both players or neither visually impaired, a line
    /// without WHO is the side to move's.
    ///
    /// One-letter commands typed alone on a line (German and English; Spanish in brackets):
    /// l last move, c clock, p position, s (t) whose move, h help, m more.
    Play(app::play::PlayArgs),
    /// The main job on defaults: plays the example game of FIDE Laws Appendix C, announced
    /// in German, through the station, and says where its records went.
    Demo(app::demo::DemoArgs),
    /// FIDE Laws D.2.8: compare two scoresheets (PGN, BRF or a plain move list in any
    /// supported notation) and say where they last agree.
    Compare(app::sheets::CompareArgs),
    /// Write a game's scoresheets: PGN, Braille (BRF and Unicode braille) and plain text
    /// (.sheet.txt), from a journal, a PGN (every game in it, or `--game N`), a BRF or a
    /// move list. Without a format flag, all of them (with only `--audio`, just the spoken
    /// scoresheet). Exit status 1 when a game is refused.
    Export(app::sheets::ExportArgs),
    /// The settings: `config --print` writes the effective settings (built-in defaults,
    /// the file, the options given here) as TOML, a file to start from; without `--print`
    /// they are only checked.
    Config(app::check::ConfigArgs),
    /// Check every device and resource (microphone, libvosk, the vosk model and its
    /// vocabulary, speech-dispatcher and a voice for the language, BrlAPI, espeak-ng) and
    /// say what to install or set. Exit status 1 when something is missing.
    Doctor {
        /// The settings.
        #[command(flatten)]
        options: app::options::GameOptions,
    },
    /// Run a timed script in virtual time and print the transcript.
    Script(app::script::ScriptArgs),
    /// Play a running lichess game at the station (issue 24): `--game ID`; the token from
    /// ANSAGE_LICHESS_TOKEN or the token file, the server from online.server.
    #[cfg(feature = "online")]
    Online(app::online::OnlineArgs),
    /// The speech models: `models install de` (es, en) downloads a language's model into
    /// the data folder, where the station finds it; `models list` says which are there.
    /// Exit status 1 when an installation fails.
    Models(app::models::ModelsArgs),
}
