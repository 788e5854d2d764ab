//! The `ansage` commands as a user runs them: compare, export, script, demo.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use crate::support::{load, proc};

/// The limit for one `ansage` command here: `demo --console --scale 0.01` takes a few
/// seconds, the others well under one.
const LIMIT: Duration = Duration::from_secs(120);

fn ansage(args: &[&str]) -> (bool, String, String) {
    let out = proc::run(
        Command::new(env!("CARGO_BIN_EXE_ansage"))
            .args(args)
            .env("RUST_BACKTRACE", "0"),
        LIMIT,
    );
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ansage-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const SEED_ES: &str = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd4 d5 6.exd6 a.p. Cxd6 7.Ag5 \
                       Cc6 8.De3+ Ae7 9.Cbd2 0-0 10.0-0-0 Te8 11.Rb1(=)\n";

#[test]
fn compare_says_where_the_scoresheets_last_agree() {
    let dir = tmp("compare");
    let a = dir.join("a.txt");
    let b = dir.join("b.txt");
    std::fs::write(&a, SEED_ES).unwrap();
    std::fs::write(
        &b,
        "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd4 d5 6.exd6 a.p. Cxd6 7.Ag5 Cc6 8.Dd3\n",
    )
    .unwrap();
    let table = [
        (
            "de",
            "Die Partien stimmen bis einschließlich Zug 7 von Schwarz überein. \
             Dann, Zug 8 von Weiß: De3+ gegen Dd3.\n",
        ),
        (
            "es",
            "Las planillas coinciden hasta la jugada 7 de las negras, incluida. \
             Después, jugada 8 de las blancas: De3+ frente a Dd3.\n",
        ),
        (
            "en",
            "The scoresheets agree up to and including Black's move 7. \
             Then, White's move 8: Qe3+ against Qd3.\n",
        ),
    ];
    for (lang, want) in table {
        let (ok, out, err) = ansage(&[
            "compare",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            "--lang",
            lang,
        ]);
        assert!(ok, "{err}");
        assert_eq!(out, want);
    }
    let (ok, out, _) = ansage(&["compare", a.to_str().unwrap(), a.to_str().unwrap()]);
    assert!(ok);
    assert_eq!(out, "Die Partien stimmen überein.\n");
    // FIDE Laws D.2.8: an illegal move where the sheets part is named, not an error.
    std::fs::write(&b, "1.e4 e5 2.Ke3\n").unwrap();
    let (ok, out, err) = ansage(&["compare", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "Die Partien stimmen bis einschließlich Zug 1 von Schwarz überein. \
         Dann, Zug 2 von Weiß: Sf3 gegen Ke3 (in dieser Stellung unmöglich).\n"
    );
    // A file that cannot be read is said in the language chosen, with exit status 1.
    let missing = dir.join("missing.txt");
    let (ok, _, err) = ansage(&[
        "compare",
        a.to_str().unwrap(),
        missing.to_str().unwrap(),
        "--lang",
        "es",
    ]);
    assert!(!ok);
    assert!(
        err.starts_with(&format!("{}: ", missing.display())),
        "{err}"
    );
    let pgn = dir.join("bad.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n[FEN \"8/8 w - - 0 1\"]\n\n*\n").unwrap();
    let (ok, _, err) = ansage(&["compare", a.to_str().unwrap(), pgn.to_str().unwrap()]);
    assert!(!ok);
    assert_eq!(
        err.trim(),
        format!(
            "{}: Partie 1, Zeile 2: Die Stellung 8/8 w - - 0 1 ist ungültig (invalid board part in fen).",
            pgn.display()
        )
    );
}

#[test]
fn export_writes_pgn_brf_and_text_that_read_back() {
    let dir = tmp("export");
    let list = dir.join("seed.txt");
    std::fs::write(&list, SEED_ES).unwrap();
    let out_dir = dir.join("out");
    let (ok, out, err) = ansage(&[
        "export",
        list.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
        "--lang",
        "es",
    ]);
    assert!(ok, "{err}");
    for ext in ["pgn", "brf", "brl.txt", "sheet.txt"] {
        assert!(out.contains(&format!("seed.{ext}")), "{out}");
    }
    let text = std::fs::read_to_string(out_dir.join("seed.sheet.txt")).unwrap();
    assert!(text.contains("11 Rb1 (=)"), "{text}");
    // The BRF reads back to the same game: its PGN equals the list's PGN.
    let back = dir.join("back");
    let (ok, _, err) = ansage(&[
        "export",
        out_dir.join("seed.brf").to_str().unwrap(),
        "--pgn",
        "--out",
        back.to_str().unwrap(),
        "--lang",
        "es",
    ]);
    assert!(ok, "{err}");
    let pgn_a = std::fs::read_to_string(out_dir.join("seed.pgn")).unwrap();
    let pgn_b = std::fs::read_to_string(back.join("seed.pgn")).unwrap();
    let moves = |p: &str| {
        p.lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(moves(&pgn_a), moves(&pgn_b));
    assert!(pgn_a.contains("11. Kb1 { (=) } *"), "{pgn_a}");
}

#[test]
fn a_bad_script_names_the_line() {
    let dir = tmp("script");
    let s = dir.join("bad.script");
    std::fs::write(&s, "@0 arbiter setup tc=300\n@1 white dance e4\n").unwrap();
    let (ok, _, err) = ansage(&["script", s.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("line 2: unknown verb \"dance\""), "{err}");
}

#[test]
fn demo_plays_the_seed_game_and_says_where_the_records_went() {
    let _busy = load::busy();
    let dir = tmp("demo");
    // The console only, at a fast pace: the records are what is checked here (the demo
    // with its devices: tests/rig/station.rs).
    let (ok, out, err) = ansage(&[
        "demo",
        "--console",
        "--scale",
        "0.01",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("say:black König Bella eins."), "{out}");
    let pgn_line = out.lines().find(|l| l.starts_with("PGN: ")).unwrap();
    let pgn = std::fs::read_to_string(pgn_line.trim_start_matches("PGN: ")).unwrap();
    assert!(pgn.contains("11. Kb1"), "{pgn}");
    for record in ["Journal: ", "BRF: ", "WAV: "] {
        assert!(
            out.lines().any(|l| l.starts_with(record)),
            "{record}: {out}"
        );
    }
}

#[test]
fn export_reads_a_journal_of_a_console_game() {
    use std::io::Write as _;
    let dir = tmp("journal-export");
    let journal = dir.join("j.txt");
    let mut child = proc::spawn(
        Command::new(env!("CARGO_BIN_EXE_ansage"))
            .args([
                "play",
                "--console",
                "--tc",
                "5",
                "--journal",
                journal.to_str().unwrap(),
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped()),
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"arbiter key start\nEva vier\nja\nblack e5\nquit\n")
        .unwrap();
    let out = proc::output_within(child, LIMIT, "ansage play --console");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (ok, _, err) = ansage(&[
        "export",
        journal.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let pgn = std::fs::read_to_string(dir.join("j.pgn")).unwrap();
    assert!(pgn.contains("[TimeControl \"300\"]"), "{pgn}");
    // The moves with their clocks and the time each took (issue 15: export from a
    // journal keeps %emt), however the lines wrap.
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("1. e4 { [%clk 0:0"), "{pgn}");
    assert!(flat.contains("} e5 { [%clk 0:0"), "{pgn}");
    assert_eq!(flat.matches("[%emt 0:00:").count(), 2, "{pgn}");
    let sheet = std::fs::read_to_string(dir.join("j.sheet.txt")).unwrap();
    assert!(sheet.contains("1 e4 e5"), "{sheet}");
    // The journal itself is untouched and still resumes.
    let journal_text = std::fs::read_to_string(&journal).unwrap();
    assert!(journal_text.contains("black type e5"), "{journal_text}");
}

/// `ansage help` is short, lists the first game's command first, names no issue, and
/// names a Braille card and a user guide that are there: the package's when it is
/// installed, else the source tree's. A command's own help says the rest.
#[test]
fn help_is_short_and_names_files_that_are_there() {
    let (ok, help, err) = ansage(&["help"]);
    assert!(ok, "{err}");
    let words = help.split_whitespace().count();
    assert!(words <= 200, "{words} words:\n{help}");
    assert!(!help.to_lowercase().contains("issue"), "{help}");
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(commands.first(), Some(&"play"), "{help}");
    // Every absolute path the help names to a file is there.
    let paths: Vec<&str> = help
        .split_whitespace()
        .map(|w| w.trim_end_matches(['.', ',', ';', ')']))
        .filter(|w| {
            w.starts_with('/') && (w.ends_with(".brf") || w.ends_with(".md") || w.ends_with(".txt"))
        })
        .collect();
    assert!(paths.len() >= 2, "a card and a guide: {help}");
    for path in paths {
        assert!(
            std::path::Path::new(path).is_file(),
            "{path} is not there:\n{help}"
        );
    }
    let (ok, play, err) = ansage(&["help", "play"]);
    assert!(ok, "{err}");
    assert!(play.contains("One-letter commands"), "{play}");
    for command in [
        "doctor", "models", "online", "demo", "export", "compare", "config", "script",
    ] {
        let (ok, text, err) = ansage(&["help", command]);
        assert!(
            ok && !text.to_lowercase().contains("issue"),
            "{command}: {err}{text}"
        );
    }
}
