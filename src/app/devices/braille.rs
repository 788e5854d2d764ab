//! The Braille display: BRLTTY through BrlAPI, the display's owner the visually impaired
//! player.

#[cfg(feature = "braille")]
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use super::{Devices, Wanted};
#[cfg(feature = "braille")]
use super::{Shared, take};
use crate::config::Settings;
use crate::devices::DeviceStatus;
use crate::station::StationInput;

impl Devices {
    /// The Braille display, unless it is off; its keys go to `tx` as the owner's acts.
    pub(super) fn open_braille(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        tx: &mpsc::Sender<StationInput>,
    ) {
        if !settings.braille.enabled {
            self.status.push(DeviceStatus::present(
                "Braille display",
                "off in the settings (braille.enabled = false)",
            ));
            return;
        }
        #[cfg(feature = "braille")]
        {
            use crate::braille::{BrailleConfig, BrailleSink, brlapi::BrlapiConnector};
            let mut config = BrailleConfig::new(wanted.display_owner(), wanted.lang);
            config.braille_only = settings.braille.braille_only;
            config.host = Some(settings.braille.host.clone()).filter(|h| !h.is_empty());
            config.auth = Some(settings.braille.auth.clone()).filter(|a| !a.is_empty());
            let connector = BrlapiConnector::from_config(&config);
            match BrailleSink::spawn(config, Box::new(connector), tx.clone()) {
                Ok(sink) => {
                    // The first connection is tried at once; give it a moment to report.
                    let deadline =
                        std::time::Instant::now() + std::time::Duration::from_millis(1500);
                    while sink.connections() == 0 && std::time::Instant::now() < deadline {
                        std::thread::sleep(std::time::Duration::from_millis(20));
                    }
                    let mut status = sink.status();
                    if !status.present {
                        status.detail = format!(
                            "{}: install brltty (Debian) and connect a display, or set \
                             BRLAPI_HOST/BRLAPI_AUTH; the station keeps trying",
                            status.detail
                        );
                    }
                    self.status.push(status);
                    let shared = Arc::new(Mutex::new(Some(sink)));
                    self.sinks.push(Box::new(Shared(Arc::clone(&shared))));
                    self.closers.push(Box::new(move || {
                        // Dropping the sink stops and joins its thread (BRLTTY gets the
                        // display back).
                        drop(take(&shared));
                    }));
                    self.braille = true;
                }
                Err(e) => self
                    .status
                    .push(DeviceStatus::absent("Braille display", e.to_string())),
            }
        }
        #[cfg(not(feature = "braille"))]
        {
            let _ = (wanted, tx);
            self.status.push(DeviceStatus::absent(
                "Braille display",
                "not built in: build with `--features braille` (or `hardware`)",
            ));
        }
    }
}
