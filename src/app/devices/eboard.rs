//! The sighted player's electronic board (FIDE Laws D.1): found on the ports
//! `eboard.port` names, read by its actor's thread (`eboard::actor`), and with a DGT 3000
//! attached, kept showing the station's times and the blind player's last move.

use tokio::sync::mpsc;

use super::Devices;
use crate::config::Settings;
use crate::eboard::report;
use crate::station::StationInput;

impl Devices {
    /// The board of the side whose input is `eboard` (none: nothing to open or say); its
    /// events go to `tx` as that player's inputs. Without the feature `eboard` it is
    /// reported as not built in, and the game goes on by keyboard and voice.
    pub(super) fn open_eboard(&mut self, settings: &Settings, tx: &mpsc::Sender<StationInput>) {
        let Some((side, both)) = report::board_side(settings.input.white, settings.input.black)
        else {
            return;
        };
        if both {
            tracing::warn!(
                "eboard: both input.white and input.black are \"eboard\"; the board is White's"
            );
        }
        #[cfg(feature = "eboard")]
        {
            use std::sync::Arc;
            use std::sync::atomic::{AtomicBool, Ordering};

            use crate::eboard::actor::{self, BoardActor, ClockSink};
            use crate::eboard::serial::{self, SerialOpener};

            let opener = SerialOpener {
                port: settings.game.eboard_port.clone(),
                kind: settings.game.eboard_kind,
            };
            let (_, search) = serial::search(&opener.port, opener.kind, false);
            self.status
                .extend(report::statuses(&opener.port, &search, true));
            let target = search.boards.first().map(|b| (b.path.clone(), b.protocol));
            let wish = Arc::default();
            let board = BoardActor::new(opener, side, target, Arc::clone(&wish));
            let stop = Arc::new(AtomicBool::new(false));
            match actor::spawn(board, tx.clone(), Arc::clone(&stop)) {
                Ok(thread) => {
                    self.sinks.push(Box::new(ClockSink::new(wish, side)));
                    self.closers.push(Box::new(move || {
                        stop.store(true, Ordering::SeqCst);
                        let _ = thread.join();
                    }));
                }
                Err(e) => tracing::error!("eboard: no thread: {e}"),
            }
        }
        #[cfg(not(feature = "eboard"))]
        {
            let _ = (side, tx);
            self.status.push(report::not_built());
        }
    }
}
