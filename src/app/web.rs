//! The station's web page for `ansage play` and `ansage demo` (`web.enabled`, `--web`):
//! started beside the devices, whatever `--console` says (the page is how the other
//! people at the table follow and act), and said where it is; stopped after the main
//! loop. Without the feature `web` the station says it is not built in.

use tokio::sync::mpsc;

use crate::config::Settings;
use crate::core::phrases::Message;
use crate::core::session::Session;
use crate::station::{Sink, StationInput, Timeline};

/// The running page.
#[derive(Debug)]
pub struct WebPage {
    #[cfg(feature = "web")]
    web: crate::web::Web,
}

/// What starting the page gave: its sink and handle, and what to tell the arbiter
/// (where the page is, or why there is none).
pub struct Opened {
    /// The page's sink, for the main loop.
    pub sink: Option<Box<dyn Sink + Send>>,
    /// The running page.
    pub page: Option<WebPage>,
    /// Where it is, or why it is not.
    pub message: Message,
}

/// The game's journal, for the page's grants kept beside it.
#[derive(Copy, Clone, Debug)]
pub struct JournalFile<'a> {
    /// The journal.
    pub path: &'a std::path::Path,
    /// The game is resumed (its browsers get their roles back); else a new game.
    pub resumed: bool,
}

/// Starts the page if `settings` ask for it (`None`: they do not); the browsers' roles
/// are kept beside `journal`, if the game has one.
pub fn open(
    settings: &Settings,
    session: &Session,
    tx: &mpsc::Sender<StationInput>,
    timeline: Timeline,
    journal: Option<JournalFile<'_>>,
) -> Option<Opened> {
    if !settings.web.enabled {
        return None;
    }
    #[cfg(feature = "web")]
    {
        let grants = journal.map(|j| crate::web::GrantsFile::beside(j.path, j.resumed));
        let listen = &settings.web.listen;
        Some(
            match crate::web::start(listen, session, tx.clone(), timeline, grants.as_ref()) {
                Ok((sink, web)) => Opened {
                    message: crate::web::PageAddress::new(web.url(), session.phrases())
                        .args(Message::new("web-where")),
                    sink: Some(Box::new(sink)),
                    page: Some(WebPage { web }),
                },
                Err(e) => {
                    tracing::error!("web: {e}");
                    Opened {
                        sink: None,
                        page: None,
                        message: Message::new("web-failed").arg("error", e.to_string()),
                    }
                }
            },
        )
    }
    #[cfg(not(feature = "web"))]
    {
        let _ = (session, tx, timeline, journal);
        Some(Opened {
            sink: None,
            page: None,
            message: Message::new("web-not-built"),
        })
    }
}

impl WebPage {
    /// Stops the page (after the main loop, its sink dropped: the pages' streams end).
    pub async fn stop(self) {
        #[cfg(feature = "web")]
        self.web.stop().await;
    }
}
