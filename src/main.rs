//! The `ansage` program: the command line ([`ansage::app::cli`]) and its dispatch. What
//! each command does is in [`ansage::app`]; the benchmarks are a program of their own
//! (`ansage-bench`, docs/benchmarks.md).

use ansage::app;
use ansage::app::cli::Cmd;
use anyhow::Result;

fn main() -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    match app::cli::parse().command {
        Cmd::Play(args) => told(app::play::run(args))?,
        Cmd::Demo(args) => app::demo::run(&args)?,
        Cmd::Review(args) => told(app::review::run(args))?,
        Cmd::Compare(args) => {
            if !app::sheets::run(|p| app::sheets::compare(&args, p), &args.lang) {
                std::process::exit(1);
            }
        }
        Cmd::Export(args) => {
            if !app::sheets::run(|p| app::sheets::export(&args, p), &args.lang) {
                std::process::exit(1);
            }
        }
        Cmd::Config(args) => app::check::config(&args)?,
        Cmd::Doctor { options } => {
            if !app::check::doctor(&options)? {
                std::process::exit(1);
            }
        }
        Cmd::Script(args) => app::script::run(&args)?,
        #[cfg(feature = "online")]
        Cmd::Online(args) => told(app::online::run(args))?,
        #[cfg(feature = "engine")]
        Cmd::Train(args) => told(app::train::run(args))?,
        Cmd::Models(args) => {
            if !app::models::run(&args)? {
                std::process::exit(1);
            }
        }
    }
    Ok(())
}

/// A failure to start that has been said, shown and printed in the game's language
/// (`app::failure`) ends the program with status 1 and nothing more printed; any other
/// error goes on to be printed.
fn told(result: Result<(), app::AppError>) -> Result<(), app::AppError> {
    match result {
        Err(e) if e.told() => std::process::exit(1),
        other => other,
    }
}
