//! The checks: `ansage config` (the effective settings, checked, or printed as a file to
//! start from) and `ansage doctor` (every device and resource checked).

use crate::app::AppError;
use crate::app::options::GameOptions;

/// The arguments of `ansage config`.
#[derive(clap::Args, Debug)]
pub struct ConfigArgs {
    /// Print the effective settings as TOML (without it, they are only checked).
    #[arg(long)]
    pub print: bool,
    /// The settings.
    #[command(flatten)]
    pub options: GameOptions,
}

/// Reads the settings (built-in defaults, the file, the options given) and checks that
/// they set up a game; with `--print` writes them as TOML, a file to start from, else
/// says where they come from.
pub fn config(args: &ConfigArgs) -> Result<(), AppError> {
    let settings = args.options.layers()?.settings()?;
    settings.to_setup()?;
    let from = match &args.options.config {
        Some(path) => path.display().to_string(),
        None => match crate::config::default_path() {
            Some(p) if p.exists() => p.display().to_string(),
            Some(p) => format!("{} (absent: built-in defaults)", p.display()),
            None => "built-in defaults".into(),
        },
    };
    if args.print {
        println!("# ansage settings; from {from} and the options given");
        print!("{}", settings.to_toml());
    } else {
        println!(
            "settings: from {from} and the options given: they set up a game \
             (`ansage config --print` writes them as TOML)"
        );
    }
    Ok(())
}

/// Checks every device and resource and prints a few short lines each, in the game's
/// language (`--lang`, else the settings'); whether everything the settings need is there
/// (the exit status: a device the settings do not use never fails the doctor).
pub fn doctor(options: &GameOptions) -> Result<bool, AppError> {
    let settings = options.layers()?.settings()?;
    let lang = settings.to_setup()?.lang;
    let phrases = crate::core::phrases::Phrases::load(lang)?;
    let report = crate::doctor::check(&settings, lang, &phrases);
    let (lines, ok) = crate::doctor::render(&report, &phrases);
    for line in lines {
        println!("{line}");
    }
    Ok(ok)
}
