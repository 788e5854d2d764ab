//! Records (issue 15): PGN files as other programs write them (tests/data, from
//! python-chess's test files), read game by game and checked against python-chess's own
//! reading of their main lines; `ansage export` of files with several games, with a
//! byte-order mark, and of a broken game; `ansage compare` of a scoresheet broken after the
//! point where the games part; and the records of `ansage play` kept current after every
//! made move.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ansage::core::lang::Language;
use ansage::core::scoresheet::pgn_in::read_games;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Position};

use crate::support::proc;

/// The limit for one `ansage` command here (each takes well under a second).
const LIMIT: Duration = Duration::from_secs(60);

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ansage-records-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

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

/// python-chess's reading of every game's main line (tests/data/python-chess-mainlines.txt):
/// file → the games' moves in UCI.
fn python_chess() -> BTreeMap<String, Vec<Vec<String>>> {
    let text = std::fs::read_to_string(data("python-chess-mainlines.txt")).unwrap();
    let mut out: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split(' ');
        let file = words.next().unwrap().to_owned();
        let game: usize = words.next().unwrap().parse().unwrap();
        let plies: usize = words.next().unwrap().parse().unwrap();
        let moves: Vec<String> = words.filter(|w| !w.is_empty()).map(str::to_owned).collect();
        assert_eq!(moves.len(), plies, "{line}");
        let games = out.entry(file).or_default();
        assert_eq!(games.len() + 1, game, "{line}");
        games.push(moves);
    }
    out
}

/// Every game of every file reads, and its main line is python-chess's, move for move.
#[test]
fn real_files_read_as_python_chess_reads_them() {
    let want = python_chess();
    assert_eq!(want.len(), 7);
    for (file, games) in &want {
        let text = std::fs::read_to_string(data(&format!("{file}.pgn"))).unwrap();
        let read = read_games(&text, Language::De).unwrap();
        assert_eq!(read.len(), games.len(), "{file}: games");
        for (i, (got, want)) in read.iter().zip(games).enumerate() {
            // A null move (ChessBase's "Z0", python-chess's "0000") is no move of chess
            // (FIDE Laws 3): the game is read up to it, and the refusal names it.
            let want = match want.iter().position(|u| u == "0000") {
                Some(null) => {
                    let stop = got.stop.as_ref().map(ToString::to_string);
                    assert_eq!(
                        stop.as_deref(),
                        Some("game 1, line 20: move 41… Z0: not a move"),
                        "{file} game {}",
                        i + 1
                    );
                    &want[..null]
                }
                None => {
                    assert_eq!(got.stop, None, "{file} game {}", i + 1);
                    &want[..]
                }
            };
            let mode =
                CastlingMode::detect(&got.sheet.start.to_setup(shakmaty::EnPassantMode::Legal));
            let mut pos = got.sheet.start.clone();
            let ucis: Vec<String> = got
                .sheet
                .moves
                .iter()
                .map(|m| {
                    let u = UciMove::from_move(m.mv, mode).to_string();
                    pos.play_unchecked(m.mv);
                    u
                })
                .collect();
            assert_eq!(ucis, want, "{file} game {}", i + 1);
        }
    }
}

/// The six games of Kasparov–Deep Blue 1997: every one exported, the count said, one PGN
/// holding all six (which reads back to python-chess's main lines), a Braille scoresheet
/// per game; `--game N` exports only that one; a game the file lacks is refused in the
/// language's words.
#[test]
fn export_writes_every_game_of_a_file_and_says_how_many() {
    let dir = tmp("kasparov");
    let input = data("kasparov-deep-blue-1997.pgn");
    let (ok, out, err) = ansage(&[
        "export",
        input.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
        "--lang",
        "de",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().next(),
        Some(format!("6 Partien in {}.", input.display()).as_str())
    );
    for n in 1..=6 {
        let brf = dir.join(format!("kasparov-deep-blue-1997-{n}.brf"));
        assert!(brf.is_file(), "{}: {out}", brf.display());
        assert!(
            out.contains(&format!("Geschrieben: {}", brf.display())),
            "{out}"
        );
    }
    let pgn = std::fs::read_to_string(dir.join("kasparov-deep-blue-1997.pgn")).unwrap();
    let games = read_games(&pgn, Language::En).unwrap();
    let want = &python_chess()["kasparov-deep-blue-1997"];
    assert_eq!(games.len(), 6);
    for (g, w) in games.iter().zip(want) {
        assert_eq!(g.sheet.moves.len(), w.len());
    }
    assert_eq!(
        pgn.matches("[Event \"IBM Man-Machine, New York USA\"]")
            .count(),
        6,
        "{pgn}"
    );

    let one = tmp("kasparov-3");
    let (ok, out, err) = ansage(&[
        "export",
        input.to_str().unwrap(),
        "--game",
        "3",
        "--brf",
        "--out",
        one.to_str().unwrap(),
        "--lang",
        "en",
    ]);
    assert!(ok, "{err}");
    assert!(out.starts_with("6 games in "), "{out}");
    let names: Vec<String> = std::fs::read_dir(&one)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut names = names;
    names.sort();
    assert_eq!(
        names,
        [
            "kasparov-deep-blue-1997.brf",
            "kasparov-deep-blue-1997.brl.txt"
        ]
    );

    let (ok, _, err) = ansage(&[
        "export",
        input.to_str().unwrap(),
        "--game",
        "9",
        "--out",
        one.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert_eq!(
        err.trim(),
        format!("{} hat 6 Partien; Partie 9 gibt es nicht.", input.display())
    );
}

/// A file that starts with a byte-order mark (two games without moves) and a Chess960
/// match (four games from their own start positions) export whole.
#[test]
fn export_takes_a_byte_order_mark_and_chess960() {
    let dir = tmp("bom");
    for (file, games) in [("utf8-bom", 2), ("cutechess-fischerrandom", 4)] {
        let input = data(&format!("{file}.pgn"));
        let (ok, out, err) = ansage(&[
            "export",
            input.to_str().unwrap(),
            "--pgn",
            "--out",
            dir.to_str().unwrap(),
            "--lang",
            "es",
        ]);
        assert!(ok, "{file}: {err}");
        assert!(out.starts_with(&format!("{games} partidas en ")), "{out}");
        let pgn = std::fs::read_to_string(dir.join(format!("{file}.pgn"))).unwrap();
        assert!(!pgn.contains('\u{feff}'));
        assert_eq!(
            read_games(&pgn, Language::En).unwrap().len(),
            games,
            "{pgn}"
        );
    }
    let pgn = std::fs::read_to_string(dir.join("cutechess-fischerrandom.pgn")).unwrap();
    assert_eq!(pgn.matches("[Variant \"Chess960\"]").count(), 4, "{pgn}");
}

/// A file whose second game has an illegal move: the others are exported, the broken one
/// is named (game, line, move) in the language's words, and the exit status is 1.
#[test]
fn a_broken_game_is_refused_by_game_line_and_move() {
    let dir = tmp("broken");
    let input = dir.join("three.pgn");
    std::fs::write(
        &input,
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5\n2. Bxf7 *\n\n\
         [Event \"c\"]\n\n1. c4 *\n",
    )
    .unwrap();
    let out_dir = dir.join("out");
    let (ok, out, err) = ansage(&[
        "export",
        input.to_str().unwrap(),
        "--txt",
        "--out",
        out_dir.to_str().unwrap(),
        "--lang",
        "de",
    ]);
    assert!(!ok);
    assert!(out.starts_with("3 Partien in "), "{out}");
    assert_eq!(
        err.trim(),
        "Nicht exportiert: Partie 2, Zeile 8, Zug 2 von Weiß: Bxf7 ist in dieser Stellung unmöglich."
    );
    assert!(out_dir.join("three-1.sheet.txt").is_file(), "{out}");
    assert!(out_dir.join("three-3.sheet.txt").is_file(), "{out}");
    assert!(!out_dir.join("three-2.sheet.txt").exists(), "{out}");
}

/// FIDE Laws D.2.8: the other scoresheet has an illegal move after the point where the
/// games part: compare still says where they agree and names the two differing moves,
/// in each language, and exits 0.
#[test]
fn compare_names_the_parting_moves_when_the_rest_is_broken() {
    let dir = tmp("compare");
    let a = dir.join("mine.txt");
    let b = dir.join("theirs.pgn");
    std::fs::write(
        &a,
        "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3\n",
    )
    .unwrap();
    std::fs::write(
        &b,
        "\u{feff}[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n\
         6. Re1 b5 7. Be3 d6 8. Bxf6 Qxq9 *\n",
    )
    .unwrap();
    for (lang, want) in [
        (
            "de",
            "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
             Dann, Zug 7 von Weiß: Lb3 gegen Be3 (in dieser Stellung unmöglich).",
        ),
        (
            "es",
            "Las planillas coinciden hasta la jugada 6 de las negras, incluida. \
             Después, jugada 7 de las blancas: Ab3 frente a Be3 (imposible en esta posición).",
        ),
        (
            "en",
            "The scoresheets agree up to and including Black's move 6. \
             Then, White's move 7: Bb3 against Be3 (illegal in this position).",
        ),
    ] {
        let (ok, out, err) = ansage(&[
            "compare",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            "--lang",
            lang,
        ]);
        assert!(ok, "{lang}: {err}");
        assert_eq!(out.trim(), want, "{lang}");
    }
}

/// Polls `path` until `done` holds for its text, within `limit`.
fn wait_for(path: &Path, limit: Duration, done: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if done(&text) {
            return text;
        }
        assert!(
            start.elapsed() < limit,
            "{} not as awaited within {limit:?}: {text}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// FIDE Laws 8.1: `play` keeps game.pgn and game.brf current after every made move, while
/// the game goes on (a crash leaves them, not only the journal), with the game's date;
/// an export from the journal keeps the moves' times (`[%emt]`).
#[test]
fn play_keeps_the_records_current_after_every_move() {
    let dir = tmp("play");
    let journal = dir.join("journal.txt");
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
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"arbiter key start\nEva vier\nja\n")
        .unwrap();
    stdin.flush().unwrap();
    let pgn_path = dir.join("game.pgn");
    let pgn = wait_for(&pgn_path, LIMIT, |t| t.contains("1. e4"));
    let today = chrono::Local::now().format("%Y.%m.%d").to_string();
    assert!(pgn.contains(&format!("[Date \"{today}\"]")), "{pgn}");
    let brf = wait_for(&dir.join("game.brf"), LIMIT, |t| t.contains("E4"));
    assert!(!brf.is_empty());
    stdin.write_all(b"black e5\n").unwrap();
    stdin.flush().unwrap();
    wait_for(&pgn_path, LIMIT, |t| t.contains("} e5"));
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let out = proc::output_within(child, LIMIT, "ansage play --console");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // No temporary file is left beside the records.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");

    let export = dir.join("export");
    let (ok, _, err) = ansage(&[
        "export",
        journal.to_str().unwrap(),
        "--pgn",
        "--out",
        export.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let exported = std::fs::read_to_string(export.join("journal.pgn")).unwrap();
    assert!(exported.contains("[%emt 0:00:"), "{exported}");
    assert!(
        exported.contains(&format!("[Date \"{today}\"]")),
        "{exported}"
    );
    assert_eq!(exported, std::fs::read_to_string(&pgn_path).unwrap());
}
