//! `ansage-package OUT`: the generated files of the Debian package (`.ci/package.sh`), from
//! the program's own definitions so that they never drift from it: the manual pages
//! (clap_mangen: `ansage.1` and one page per command, `ansage-play.1` …) and the shell
//! completions (clap_complete: bash, zsh, fish) from the clap command line
//! ([`ansage::app::cli::Cli`]), and the quick reference cards in Braille
//! (`quick-reference-<lang>.brf`, [`ansage::core::quick_reference`]). A program of its own
//! (feature `package`), so that the `ansage` binary carries no packaging code.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::CommandFactory;
use clap_complete::Shell;

use ansage::app::cli::Cli;
use ansage::core::lang::Language;
use ansage::core::quick_reference;

fn main() -> Result<()> {
    let out: PathBuf = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .context("usage: ansage-package OUT_DIR")?;
    let man = out.join("man");
    let completions = out.join("completions");
    let cards = out.join("quick-reference");
    for dir in [&man, &completions, &cards] {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    manual_pages(&man)?;
    shell_completions(&completions)?;
    for lang in Language::ALL {
        let card = quick_reference::render_brf(lang);
        write(&cards.join(quick_reference::file_name(lang)), |w| {
            Ok(w.write_all(card.as_bytes())?)
        })?;
    }
    println!(
        "ansage-package: the manual pages, completions and quick reference cards are in {}",
        out.display()
    );
    Ok(())
}

/// `ansage.1`, and `ansage-COMMAND.1` for each command.
fn manual_pages(dir: &Path) -> Result<()> {
    let cmd = Cli::command();
    write(&dir.join("ansage.1"), |w| {
        Ok(clap_mangen::Man::new(cmd.clone()).render(w)?)
    })?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        // clap names a command with a `&'static str` (without its feature `string`); the
        // program ends right after writing the pages.
        let name: &'static str = Box::leak(format!("ansage-{}", sub.get_name()).into_boxed_str());
        let page = sub
            .clone()
            .name(name)
            .bin_name(format!("ansage {}", sub.get_name()));
        write(&dir.join(format!("{name}.1")), |w| {
            Ok(clap_mangen::Man::new(page.clone()).render(w)?)
        })?;
    }
    Ok(())
}

/// `ansage.bash`, `_ansage` (zsh) and `ansage.fish`.
fn shell_completions(dir: &Path) -> Result<()> {
    for (shell, file) in [
        (Shell::Bash, "ansage.bash"),
        (Shell::Zsh, "_ansage"),
        (Shell::Fish, "ansage.fish"),
    ] {
        write(&dir.join(file), |w| {
            clap_complete::generate(shell, &mut Cli::command(), "ansage", w);
            Ok(())
        })?;
    }
    Ok(())
}

/// Writes `path` through `render`.
fn write(path: &Path, render: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut w = BufWriter::new(file);
    render(&mut w).with_context(|| format!("writing {}", path.display()))?;
    w.flush()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}
