//! The Braille display: BRLTTY through BrlAPI, the display's owner the visually impaired
//! player.

#[cfg(feature = "braille")]
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use super::{Devices, Wanted};
#[cfg(feature = "braille")]
use super::{Shared, take};
use crate::adapter::DeviceStatus;
use crate::config::Settings;
use crate::core::phrases::Message;
use crate::station::StationInput;
#[cfg(feature = "braille")]
use crate::{
    braille::BrailleSink, core::output::Output, core::step_view::StepView, core::time::Timestamp,
    station::Sink,
};

/// The display's sink: ready once BRLTTY has connected it (until then what is said is
/// held, `Held`).
#[cfg(feature = "braille")]
struct Display(Shared<BrailleSink>);

#[cfg(feature = "braille")]
impl Sink for Display {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        self.0.deliver(at, outputs);
    }

    fn observe(&mut self, step: &StepView) {
        self.0.observe(step);
    }

    fn ready(&mut self) -> bool {
        self.0
            .0
            .lock()
            .ok()
            .and_then(|g| g.as_ref().map(|s| s.connections() > 0))
            .unwrap_or(true)
    }
}

impl Devices {
    /// The Braille display, unless it is off; its keys go to `tx` as the owner's acts.
    pub(super) fn open_braille(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        tx: &mpsc::Sender<StationInput>,
    ) {
        if !settings.braille.enabled {
            self.status.push(
                DeviceStatus::present(
                    "Braille display",
                    "off in the settings (braille.enabled = false)",
                )
                .said(Message::new("device-off")),
            );
            return;
        }
        #[cfg(feature = "braille")]
        {
            use crate::braille::{BrailleConfig, BrailleSink, brlapi::BrlapiConnector};
            let mut config = BrailleConfig::new(wanted.display_owner(), wanted.lang);
            config.braille_only = settings.braille.braille_only;
            config.countdown = settings.braille.countdown;
            config.host = Some(settings.braille.host.clone()).filter(|h| !h.is_empty());
            config.auth = Some(settings.braille.auth.clone()).filter(|a| !a.is_empty());
            let connector = BrlapiConnector::from_config(&config);
            match BrailleSink::spawn(config, Box::new(connector), tx.clone()) {
                Ok(sink) => {
                    // The first connection is tried at once; give it a moment to report
                    // (what is said meanwhile waits for the display: `Held`).
                    let deadline =
                        std::time::Instant::now() + std::time::Duration::from_millis(500);
                    // The thread's first status is "connecting to …"; a failed first try
                    // replaces it, and then there is nothing more to wait for.
                    let trying = |s: &BrailleSink| {
                        s.connections() == 0 && s.status().detail.starts_with("connecting")
                    };
                    while trying(&sink) && std::time::Instant::now() < deadline {
                        std::thread::sleep(std::time::Duration::from_millis(20));
                    }
                    let status = sink.status();
                    self.status.push(if status.present {
                        status
                    } else {
                        status
                            .said(Message::new("device-braille-missing"))
                            .todo(Message::new("device-braille-todo"))
                    });
                    let shared = Arc::new(Mutex::new(Some(sink)));
                    self.attach(Box::new(Display(Shared(Arc::clone(&shared)))));
                    self.closers.push(Box::new(move || {
                        // Dropping the sink stops and joins its thread (BRLTTY gets the
                        // display back).
                        drop(take(&shared));
                    }));
                    self.braille = true;
                }
                Err(e) => self.status.push(
                    DeviceStatus::absent("Braille display", e.to_string())
                        .said(Message::new("device-braille-missing"))
                        .todo(Message::new("device-braille-todo")),
                ),
            }
        }
        #[cfg(not(feature = "braille"))]
        {
            let _ = (wanted, tx);
            self.status.push(
                DeviceStatus::absent("Braille display", "not built in")
                    .said(Message::new("device-not-built"))
                    .todo(Message::new("device-build").arg("feature", "braille")),
            );
        }
    }
}
