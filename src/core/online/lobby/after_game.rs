//! After a game (issues 32.3, 34.3): the menu asks for the rematch (when the opponent is
//! an account), going through the game, the menu or the end.

use super::super::events::GameInfo;
use super::{Lobby, LobbyOutput, Rematch, said};
use crate::core::phrases::Message;

impl Lobby {
    /// What the menu says after a game ended (its result was said): "Revanche" (when
    /// the opponent `rematch` is an account), "Partie durchgehen", "Menü" or "beenden"
    /// (issues 32.3, 34.3). The running games (`games`) are known quietly ("Menü" counts
    /// them, "fortsetzen" plays one).
    pub fn after_game(
        &mut self,
        games: Vec<GameInfo>,
        rematch: Option<Rematch>,
    ) -> Vec<LobbyOutput> {
        let _known = self.playing(games);
        self.after_game = true;
        self.rematch = rematch;
        said(self.after_game_question())
    }

    /// What the menu asks after a game: the rematch (when the opponent is an account),
    /// going through the game, the menu or the end.
    pub(super) fn after_game_question(&self) -> Message {
        match &self.rematch {
            Some(rematch) => Message::new("lobby-after-game").arg("name", rematch.name.clone()),
            None => Message::new("lobby-after-game-alone"),
        }
    }

    /// "Partie durchgehen": the game that just ended, once nothing is sought or
    /// challenged (issue 34.3).
    pub(super) fn review(&mut self) -> Vec<LobbyOutput> {
        if !self.after_game {
            return said(Message::new("lobby-no-review"));
        }
        if let Some(busy) = self.busy() {
            return vec![busy];
        }
        vec![LobbyOutput::Review]
    }
}
