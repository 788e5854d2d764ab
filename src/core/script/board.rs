//! The script form of what an electronic board reported (the verb `board`): `found`,
//! `found clock`, `lever`, `lost`, or the placement as the board part of a FEN
//! (`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR`, in the board's own coordinates).

use shakmaty::Board;

use crate::core::input::BoardEvent;

use super::errors::BodyError;

/// Reads the text after the verb `board`.
pub fn parse_board_event(text: &str) -> Result<BoardEvent, BodyError> {
    match text.trim() {
        "found" => Ok(BoardEvent::Found { clock: false }),
        "found clock" => Ok(BoardEvent::Found { clock: true }),
        "lever" => Ok(BoardEvent::Lever),
        "lost" => Ok(BoardEvent::Lost),
        fen => fen
            .parse::<Board>()
            .map(BoardEvent::Placement)
            .map_err(|_| BodyError::Board(fen.to_owned())),
    }
}

/// Writes an electronic board's event as [`parse_board_event`] reads it.
pub fn board_event_text(event: &BoardEvent) -> String {
    match event {
        BoardEvent::Found { clock: false } => "found".into(),
        BoardEvent::Found { clock: true } => "found clock".into(),
        BoardEvent::Lever => "lever".into(),
        BoardEvent::Lost => "lost".into(),
        BoardEvent::Placement(board) => board.board_fen().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_events_round_trip() {
        let cases = [
            ("found", true),
            ("found clock", true),
            ("lever", true),
            ("lost", true),
            ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", true),
            ("8/8/8/8/8/8/8/8", true),
            ("rnbqkbnr/pppppppp", false),
            ("found lever", false),
        ];
        for (text, ok) in cases {
            match parse_board_event(text) {
                Ok(event) => {
                    assert!(ok, "{text} read");
                    assert_eq!(board_event_text(&event), text);
                }
                Err(e) => {
                    assert!(!ok, "{text}: {e}");
                    assert!(e.to_string().contains(text), "{e}");
                }
            }
        }
    }
}
