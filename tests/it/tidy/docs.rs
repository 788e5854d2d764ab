//! The documentation's shape (issue 25): the README is a landing page under 15 KB; the user
//! guides are read with a screen reader's heading navigation and on a Braille display, so
//! every heading is there once and no paragraph or list item starts with a bold run-in; and
//! every relative link of the README and of `docs/` points to a file that exists, and its
//! `#anchor` to a heading of that file.
//!
//! Each check is a function that returns what it found wrong; the last test shows, case by
//! case, that each one catches what it looks for.

use std::path::{Path, PathBuf};

/// The README's limit in bytes.
const README_LIMIT: usize = 15_000;

/// The user guides, one per language: headings unique, no bold run-ins.
const GUIDES: [&str; 2] = ["docs/user-guide.md", "docs/benutzerhandbuch.md"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a Markdown text outside fenced code blocks, with their numbers (from 1).
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// The headings (`#` to `######`) outside code blocks: their line and text.
fn headings(text: &str) -> Vec<(usize, String)> {
    prose(text)
        .into_iter()
        .filter_map(|(n, line)| {
            let hashes = line.chars().take_while(|c| *c == '#').count();
            let rest = &line[hashes..];
            ((1..=6).contains(&hashes) && rest.starts_with(' '))
                .then(|| (n, rest.trim().trim_end_matches('#').trim().to_owned()))
        })
        .collect()
}

/// Headings that stand twice (compared as a heading's link anchor compares them: case
/// folded), each as "line N: TEXT (also line M)".
fn repeated_headings(text: &str) -> Vec<String> {
    let all = headings(text);
    let mut repeated = Vec::new();
    for (i, (n, heading)) in all.iter().enumerate() {
        if let Some((first, _)) = all[..i]
            .iter()
            .find(|(_, h)| h.to_lowercase() == heading.to_lowercase())
        {
            repeated.push(format!("line {n}: {heading} (also line {first})"));
        }
    }
    repeated
}

/// Lines whose paragraph or list item starts in bold (`**Term.** text`): the lines' numbers.
fn bold_run_ins(text: &str) -> Vec<usize> {
    prose(text)
        .into_iter()
        .filter(|(_, line)| {
            let t = line.trim_start();
            let digits = t.chars().take_while(char::is_ascii_digit).count();
            let t = t
                .strip_prefix("- ")
                .or_else(|| t.strip_prefix("* "))
                .or_else(|| match digits {
                    0 => None,
                    _ => t[digits..].strip_prefix(". "),
                })
                .unwrap_or(t);
            t.starts_with("**") || t.starts_with("__")
        })
        .map(|(n, _)| n)
        .collect()
}

/// The relative link targets of a Markdown text (`[text](target)`, `![alt](target)`),
/// outside code blocks and code spans, each with its line; web addresses are left out.
fn relative_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    for (n, line) in prose(text) {
        // Code spans are not links: drop what stands between backticks.
        let plain: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        for (i, _) in plain.match_indices("](") {
            let target: String = plain[i + 2..]
                .chars()
                .take_while(|c| *c != ')' && !c.is_whitespace())
                .collect();
            let external = ["http://", "https://", "mailto:"]
                .iter()
                .any(|scheme| target.starts_with(scheme));
            if !target.is_empty() && !external {
                links.push((n, target));
            }
        }
    }
    links
}

/// A heading's link anchor as GitHub makes it: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped ("The journal (crash safety)" is
/// `the-journal-crash-safety`).
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The links of `file` (relative to the repository) that lead nowhere, each as
/// "FILE:LINE: TARGET": a file that `read` does not find, or an `#anchor` that is no
/// heading of the Markdown file it points into. `read` gives a file's text, `None` when
/// there is no such file.
fn broken_links(file: &str, text: &str, read: impl Fn(&Path) -> Option<String>) -> Vec<String> {
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    let mut broken = Vec::new();
    for (n, target) in relative_links(text) {
        let (path, fragment) = target.split_once('#').unwrap_or((target.as_str(), ""));
        let found = if path.is_empty() {
            Some(text.to_owned())
        } else {
            read(&dir.join(path))
        };
        let leads_somewhere = match found {
            None => false,
            Some(_) if fragment.is_empty() || !(path.is_empty() || path.ends_with(".md")) => true,
            Some(page) => headings(&page).iter().any(|(_, h)| anchor(h) == fragment),
        };
        if !leads_somewhere {
            broken.push(format!("{file}:{n}: {target}"));
        }
    }
    broken
}

/// The README and every Markdown file of `docs/`, relative to the repository.
fn documents() -> Vec<String> {
    let mut files = vec!["README.md".to_owned()];
    let docs = std::fs::read_dir(root().join("docs")).unwrap_or_else(|e| panic!("docs/: {e}"));
    for entry in docs {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            files.push(format!("docs/{name}"));
        }
    }
    files.sort();
    files
}

#[test]
fn the_readme_is_a_landing_page_under_15_kb() {
    let size = read(&root().join("README.md")).len();
    assert!(
        size < README_LIMIT,
        "README.md has {size} bytes, the limit is {README_LIMIT}: move the details into docs/"
    );
}

#[test]
fn each_heading_of_a_user_guide_is_there_once() {
    for guide in GUIDES {
        let text = read(&root().join(guide));
        assert!(headings(&text).len() > 20, "{guide}: too few headings");
        let repeated = repeated_headings(&text);
        assert!(
            repeated.is_empty(),
            "{guide}: headings that stand twice:\n{}",
            repeated.join("\n")
        );
    }
}

#[test]
fn no_paragraph_of_a_user_guide_starts_in_bold() {
    for guide in GUIDES {
        let lines = bold_run_ins(&read(&root().join(guide)));
        assert!(
            lines.is_empty(),
            "{guide}: bold run-ins on lines {lines:?}: give the topic a heading instead"
        );
    }
}

#[test]
fn every_relative_link_points_to_a_file_and_heading() {
    let files = documents();
    for guide in GUIDES {
        assert!(files.iter().any(|f| f == guide), "{guide} is missing");
    }
    let read_file = |path: &Path| {
        let path = root().join(path);
        // A picture is there or not; its bytes are no text.
        path.exists()
            .then(|| std::fs::read_to_string(&path).unwrap_or_default())
    };
    let broken: Vec<String> = files
        .iter()
        .flat_map(|file| broken_links(file, &read(&root().join(file)), read_file))
        .collect();
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}

/// Each check catches what it looks for, and leaves alone what it must not flag.
#[test]
fn the_checks_catch_what_they_look_for() {
    // (text, repeated headings, bold run-in lines)
    let cases: [(&str, &[&str], &[usize]); 6] = [
        ("# A\n## B\n### C\n", &[], &[]),
        (
            "# A\n## Clock\ntext\n## clock\n",
            &["line 4: clock (also line 2)"],
            &[],
        ),
        ("# A\n```\n# A\n**x**\n```\n", &[], &[]),
        ("# A\n**Start.** The clock\n", &[], &[2]),
        ("# A\n- **Start**: the clock\n1. **x** y\n", &[], &[2, 3]),
        ("# A\nThe **clock** starts.\n#hashtag\n", &[], &[]),
    ];
    for (text, repeated, bold) in cases {
        assert_eq!(repeated_headings(text), repeated, "{text:?}");
        assert_eq!(bold_run_ins(text), bold, "{text:?}");
    }
    // (a file, its text, the links to nothing)
    let pages = |p: &Path| match p.to_str() {
        Some("docs/a.md") => Some("# A\n## The clock (6.5)\n".to_owned()),
        Some("docs/../README.md") => Some("# ansage\n## Install\n".to_owned()),
        Some("docs/pic.png") => Some(String::new()),
        _ => None,
    };
    let links: [(&str, &str, &[&str]); 7] = [
        (
            "docs/b.md",
            "See [a](a.md), [top](../README.md#install) and [clock](a.md#the-clock-65).",
            &[],
        ),
        (
            "docs/b.md",
            "See [gone](gone.md) and [clock](a.md#clock).",
            &["docs/b.md:1: gone.md", "docs/b.md:1: a.md#clock"],
        ),
        (
            "docs/b.md",
            "# B\n[web](https://example.org) [here](#b) [there](#c) `[x](y.md)`",
            &["docs/b.md:2: #c"],
        ),
        (
            "docs/b.md",
            "```\n[x](y.md)\n```\n![pic](pic.png \"title\") ![gone](gone.png)",
            &["docs/b.md:4: gone.png"],
        ),
        (
            "README.md",
            "[a](docs/a.md) [c](docs/c.md)",
            &["README.md:1: docs/c.md"],
        ),
        ("docs/b.md", "[pic](pic.png#top)", &[]),
        ("docs/b.md", "## Die Uhr: Züge\n[u](#die-uhr-züge)", &[]),
    ];
    for (file, text, broken) in links {
        assert_eq!(broken_links(file, text, pages), broken, "{text:?}");
    }
}
