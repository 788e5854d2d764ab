//! `ansage-package` (feature `package`): the Debian package's generated files. The quick
//! reference cards are BRF of at most three pages of at most 25 lines of at most 40 cells,
//! in Braille ASCII only; the manual page names every command; the completions exist.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::support::proc;

const LIMIT: Duration = Duration::from_secs(60);

fn generate(out: &Path) {
    let status = proc::run(
        Command::new(env!("CARGO_BIN_EXE_ansage-package")).arg(out),
        LIMIT,
    )
    .status;
    assert!(status.success(), "ansage-package {}", out.display());
}

#[test]
fn the_cards_fit_three_braille_pages_of_40_cells_by_25_lines() {
    let out = std::env::temp_dir().join(format!("ansage-package-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    generate(&out);
    for lang in ["de", "es", "en"] {
        let path = out.join(format!("quick-reference/quick-reference-{lang}.brf"));
        let brf = std::fs::read_to_string(&path).unwrap();
        let pages: Vec<&str> = brf.split('\x0c').collect();
        assert!(
            (1..=3).contains(&pages.len()),
            "{lang}: {} pages",
            pages.len()
        );
        let mut text_lines = 0;
        for (p, page) in pages.iter().enumerate() {
            assert!(
                page.ends_with("\r\n"),
                "{lang} page {p}: lines end with CR LF"
            );
            let lines: Vec<&str> = page.strip_suffix("\r\n").unwrap().split("\r\n").collect();
            assert!(lines.len() <= 25, "{lang} page {p}: {} lines", lines.len());
            for (i, line) in lines.iter().enumerate() {
                // Braille ASCII: one character is one cell.
                assert!(
                    line.chars().all(|c| (' '..='_').contains(&c)),
                    "{lang} page {p} line {i}: {line:?}"
                );
                assert!(
                    line.chars().count() <= 40,
                    "{lang} page {p} line {i}: {line:?}"
                );
                text_lines += usize::from(!line.trim().is_empty());
            }
        }
        // Read back, the card says what its data file says.
        let first = brf.lines().next().unwrap();
        assert!(first.starts_with("ANSAGE"), "{lang}: {first:?}");
        assert!(text_lines > 20, "{lang}: {text_lines} lines of text");
        assert!(brf.contains(&format!("ANSAGE MODELS INSTALL {}", lang.to_uppercase())));
    }
    let man = std::fs::read_to_string(out.join("man/ansage.1")).unwrap();
    for command in [
        "play", "demo", "compare", "export", "config", "doctor", "script", "models",
    ] {
        assert!(man.contains(&format!("ansage\\-{command}(1)")), "{command}");
        assert!(
            out.join(format!("man/ansage-{command}.1")).is_file(),
            "{command}"
        );
    }
    for file in ["ansage.bash", "_ansage", "ansage.fish"] {
        let text = std::fs::read_to_string(out.join("completions").join(file)).unwrap();
        assert!(text.contains("models"), "{file}");
    }
    let _ = std::fs::remove_dir_all(&out);
}
