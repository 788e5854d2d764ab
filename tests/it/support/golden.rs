//! The golden scripts: `tests/golden/TOPIC/NAME.script`, a folder per topic, each script
//! beside its transcript (`NAME.transcript`; a resume's announcement: `NAME.resumed`).

use std::path::PathBuf;

/// The golden scripts' folder, `tests/golden`.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The script `NAME` of `TOPIC`.
pub fn script(topic: &str, name: &str) -> PathBuf {
    dir().join(topic).join(format!("{name}.script"))
}

/// Every file of every topic folder, sorted.
pub fn files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for topic in std::fs::read_dir(dir()).unwrap() {
        let topic = topic.unwrap().path();
        if topic.is_dir() {
            for entry in std::fs::read_dir(&topic).unwrap() {
                files.push(entry.unwrap().path());
            }
        }
    }
    files.sort();
    files
}

/// Every golden script, sorted.
pub fn scripts() -> Vec<PathBuf> {
    files()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "script"))
        .collect()
}
