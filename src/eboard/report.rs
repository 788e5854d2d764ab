//! What `ansage play` and `ansage doctor` say about the electronic board: whose board it
//! is, the boards found, the ports that may not be opened (the `dialout` group), none
//! found, or not built in.

use std::path::Path;

use shakmaty::Color;

use crate::adapter::DeviceStatus;
use crate::config::InputMethod;
use crate::core::phrases::Message;

use super::ports::{AUTO_PREFIXES, DEV, Protocol, Search};

/// The device's name in the reports (the log's word; the player reads `device-eboard`).
pub const DEVICE: &str = "electronic board";

/// Whose board it is: the side whose input is `eboard` (FIDE Laws D.1: the sighted
/// player's), and whether both sides asked for one (the board is then White's, and the
/// caller warns).
pub fn board_side(white: InputMethod, black: InputMethod) -> Option<(Color, bool)> {
    match (white == InputMethod::Eboard, black == InputMethod::Eboard) {
        (true, both) => Some((Color::White, both)),
        (false, true) => Some((Color::Black, false)),
        (false, false) => None,
    }
}

/// Built without the feature `eboard`: the game goes on by keyboard and voice.
pub fn not_built() -> DeviceStatus {
    DeviceStatus::absent(DEVICE, "not built in: `--features eboard`")
        .said(Message::new("device-not-built"))
        .todo(Message::new("device-build").arg("feature", "eboard"))
}

/// The ports searched, in the player's words: the setting's path, or the patterns of
/// `auto`.
pub fn searched(setting: &str) -> String {
    if setting == "auto" {
        AUTO_PREFIXES
            .iter()
            .map(|p| format!("{DEV}/{p}*"))
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        setting.to_owned()
    }
}

/// A line for each board found, each port that may not be opened (with the `dialout`
/// hint), or one saying that none was found; `needed`: an input is `eboard` (a refused
/// port matters only while no board was found).
pub fn statuses(setting: &str, search: &Search, needed: bool) -> Vec<DeviceStatus> {
    let mut out = Vec::new();
    for board in &search.boards {
        let port = board.path.display().to_string();
        let id = match (board.protocol, board.clock) {
            (_, true) => "device-eboard-there-clock",
            (Protocol::Dgt, false) => "device-eboard-there-no-clock",
            (Protocol::Millennium, false) => "device-eboard-there",
        };
        let clock = if board.clock { ", clock" } else { "" };
        out.push(
            DeviceStatus::present(DEVICE, format!("{} on {port}{clock}", board.protocol))
                .said(
                    Message::new(id)
                        .arg("kind", board.protocol.to_string())
                        .arg("port", port),
                )
                .needed(needed),
        );
    }
    for path in &search.denied {
        out.push(denied(path).needed(needed && search.boards.is_empty()));
    }
    if search.boards.is_empty() && search.denied.is_empty() {
        let tried: Vec<String> = search
            .tried
            .iter()
            .map(|(p, why)| format!("{}: {why}", p.display()))
            .collect();
        out.push(
            DeviceStatus::absent(
                DEVICE,
                format!("no board on {} ({})", searched(setting), tried.join("; ")),
            )
            .said(Message::new("device-eboard-none").arg("ports", searched(setting)))
            .todo(Message::new("device-eboard-none-todo"))
            .needed(needed),
        );
    }
    out
}

/// A port this user may not open, and what to do.
fn denied(path: &Path) -> DeviceStatus {
    let port = path.display().to_string();
    DeviceStatus::absent(DEVICE, format!("{port}: permission denied"))
        .said(Message::new("device-eboard-denied").arg("port", port))
        .todo(Message::new("device-eboard-denied-todo"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::Language;
    use crate::core::phrases::Phrases;
    use crate::eboard::ports::Found;
    use std::path::PathBuf;

    #[test]
    fn whose_board() {
        use InputMethod::{Console, Eboard, Voice};
        assert_eq!(board_side(Console, Eboard), Some((Color::Black, false)));
        assert_eq!(board_side(Eboard, Voice), Some((Color::White, false)));
        assert_eq!(board_side(Eboard, Eboard), Some((Color::White, true)));
        assert_eq!(board_side(Voice, Console), None);
    }

    /// The lines `ansage doctor` and `ansage play` print, in each case, in German and
    /// English: a board (with a clock), a refused port with the dialout hint, none found,
    /// not built in.
    #[test]
    fn lines_of_each_case() {
        let dgt = Found {
            path: PathBuf::from("/dev/ttyUSB0"),
            protocol: Protocol::Dgt,
            clock: true,
        };
        let found = Search {
            boards: vec![
                dgt,
                Found {
                    path: PathBuf::from("/dev/ttyUSB1"),
                    protocol: Protocol::Dgt,
                    clock: false,
                },
                Found {
                    path: PathBuf::from("/dev/rfcomm0"),
                    protocol: Protocol::Millennium,
                    clock: false,
                },
            ],
            ..Search::default()
        };
        let denied = Search {
            denied: vec![PathBuf::from("/dev/ttyACM0")],
            ..Search::default()
        };
        let none = Search::default();
        let cases: [(Language, Vec<DeviceStatus>, &[&str]); 5] = [
            (
                Language::De,
                statuses("auto", &found, true),
                &[
                    "Elektronisches Brett: DGT-Brett an /dev/ttyUSB0, mit DGT-3000-Uhr.",
                    "Elektronisches Brett: DGT-Brett an /dev/ttyUSB1, keine Uhr antwortet.",
                    "Elektronisches Brett: Millennium-Brett an /dev/rfcomm0.",
                ],
            ),
            (
                Language::En,
                statuses("auto", &denied, true),
                &[
                    "Electronic board: missing: no permission to open /dev/ttyACM0.",
                    "  To do: add the user to the dialout group: sudo adduser $USER dialout, then log in again.",
                ],
            ),
            (
                Language::De,
                statuses("auto", &none, true),
                &[
                    "Elektronisches Brett: fehlt: kein Brett gefunden an /dev/ttyUSB*, /dev/ttyACM*, /dev/rfcomm*.",
                    "  Zu tun: Brett anschließen und einschalten (oder eboard.port setzen); die Station sucht alle paar Sekunden weiter. Bis dahin Züge tippen oder sagen.",
                ],
            ),
            (
                Language::En,
                statuses("/dev/pts/3", &none, false),
                &[
                    "Electronic board: missing, not needed with these settings: no board found on /dev/pts/3.",
                    "  To do: plug in and switch on the board (or set eboard.port); the station keeps looking every few seconds. Until then type or say the moves.",
                ],
            ),
            (
                Language::En,
                vec![not_built()],
                &[
                    "Electronic board: missing: not built in.",
                    "  To do: build ansage with cargo build --features eboard.",
                ],
            ),
        ];
        for (lang, report, want) in cases {
            let phrases = Phrases::load(lang).unwrap();
            let lines: Vec<String> = report.iter().flat_map(|s| s.lines(&phrases)).collect();
            assert_eq!(lines, want, "{lang:?}");
        }
    }

    /// Without the feature, "Bereit. Ohne elektronisches Brett.": the game goes on by
    /// keyboard.
    #[test]
    fn not_built_in_is_named_when_ready() {
        let phrases = Phrases::load(Language::De).unwrap();
        let ready = crate::app::devices::ready_message(&phrases, &[not_built()]);
        assert_eq!(phrases.speech(&ready), "Bereit. Ohne elektronisches Brett.");
    }
}
