//! BRLTTY through BrlAPI (cargo feature `braille`).
//!
//! The connection follows BrlAPI's own rules: the host and the authorization come from
//! [`BrailleConfig`](super::BrailleConfig) when set, otherwise from `BRLAPI_HOST` and
//! `BRLAPI_AUTH`, otherwise from BrlAPI's configuration (`/etc/brlapi.key`, the local
//! BRLTTY). The display is claimed in tty mode for the root of BRLTTY's tty tree
//! (`brlapi_enterTtyModeWithPath` with an empty path): it shows the game whatever console
//! is in front, and leaving tty mode (or the connection closing, also when ansage dies)
//! gives the display back to BRLTTY's screen reading.
//!
//! Keys are read with `brlapi__readKeyWithTimeout` on this connection's handle and a zero
//! timeout: brlapi 0.4.1's `KeyReader::read_key_timeout` calls the global-handle function
//! and fails on a `Connection` (tests/rig/README.md).

// FFI: BrlAPI's C functions on the connection's handle (`brlapi-sys`), for what the safe
// `brlapi` crate lacks or gets wrong (the display's size, dots, keys, tty mode, parameters).
#![allow(unsafe_code)]

use std::time::Duration;

use brlapi::Connection;
use brlapi::settings::ConnectionSettings;

use super::{Connector, LinkError, Terminal};
use crate::core::scoresheet::braille::Cell;

/// BrlAPI: the display of a running BRLTTY.
#[derive(Debug, Clone, Default)]
pub struct BrlapiConnector {
    /// `host:N`, or `None` for `BRLAPI_HOST` / the configuration.
    pub host: Option<String>,
    /// `none`, `keyfile:PATH`…, or `None` for `BRLAPI_AUTH` / the configuration.
    pub auth: Option<String>,
}

impl BrlapiConnector {
    /// From the adapter's configuration.
    pub fn from_config(config: &super::BrailleConfig) -> BrlapiConnector {
        BrlapiConnector {
            host: config.host.clone(),
            auth: config.auth.clone(),
        }
    }
}

fn error(what: &str, e: impl std::fmt::Display) -> LinkError {
    LinkError(format!("{what}: {e}"))
}

impl Connector for BrlapiConnector {
    fn connect(&mut self) -> Result<Box<dyn Terminal>, LinkError> {
        let mut settings = ConnectionSettings::new();
        let host = self
            .host
            .clone()
            .or_else(|| std::env::var("BRLAPI_HOST").ok());
        let auth = self
            .auth
            .clone()
            .or_else(|| std::env::var("BRLAPI_AUTH").ok());
        if let Some(h) = &host {
            settings.set_host(h.clone());
        }
        if let Some(a) = &auth {
            settings.set_auth(a.clone());
        }
        // A dead host must not hold the thread for BrlAPI's default 10 s.
        settings.set_timeout(Duration::from_secs(2));
        let conn = Connection::open_with_settings(Some(&settings))
            .map_err(|e| error("cannot connect to BRLTTY", e))?;
        let (mut x, mut y) = (0u32, 0u32);
        // SAFETY: the handle is valid while `conn` lives; x and y are valid out-pointers.
        let r = unsafe { brlapi_sys::brlapi__getDisplaySize(conn.handle_ptr(), &mut x, &mut y) };
        if r < 0 || x == 0 {
            return Err(LinkError("BRLTTY has no display".into()));
        }
        // SAFETY: a null path with count 0 is BrlAPI's root of the tty tree; a null driver
        // asks for BRLTTY's commands, not the driver's raw keys.
        let r = unsafe {
            brlapi_sys::brlapi__enterTtyModeWithPath(
                conn.handle_ptr(),
                std::ptr::null(),
                0,
                std::ptr::null(),
            )
        };
        if r < 0 {
            return Err(LinkError("cannot claim the display (tty mode)".into()));
        }
        retain_dots(&conn);
        Ok(Box::new(BrlapiTerminal {
            conn,
            width: x as usize,
            height: (y as usize).max(1),
        }))
    }

    fn describe(&self) -> String {
        let host = self
            .host
            .clone()
            .or_else(|| std::env::var("BRLAPI_HOST").ok())
            .unwrap_or_else(|| "the local BRLTTY".into());
        format!("BrlAPI {host}")
    }
}

/// A claimed display.
struct BrlapiTerminal {
    conn: Connection,
    width: usize,
    height: usize,
}

impl Terminal for BrlapiTerminal {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    fn write(&mut self, cells: &[Cell]) -> Result<(), LinkError> {
        // writeDots takes exactly width × height cells.
        let mut dots: Vec<u8> = cells.iter().map(|c| c.0).collect();
        dots.resize(self.width * self.height, 0);
        // SAFETY: the handle is valid while `self.conn` lives, and `dots` holds the
        // display's number of cells.
        let r = unsafe { brlapi_sys::brlapi__writeDots(self.conn.handle_ptr(), dots.as_ptr()) };
        if r < 0 {
            return Err(LinkError(format!("writing failed ({})", last_error())));
        }
        Ok(())
    }

    fn read_key(&mut self) -> Result<Option<u64>, LinkError> {
        let mut k: brlapi_sys::brlapi_keyCode_t = 0;
        // SAFETY: the handle is valid while `self.conn` lives; k is a valid out-pointer.
        let r =
            unsafe { brlapi_sys::brlapi__readKeyWithTimeout(self.conn.handle_ptr(), 0, &mut k) };
        match r {
            1 => Ok(Some(k)),
            0 => Ok(None),
            _ => Err(LinkError(format!("connection lost ({})", last_error()))),
        }
    }
}

impl Drop for BrlapiTerminal {
    fn drop(&mut self) {
        // Give the display back to BRLTTY's screen reading (closing does so as well).
        // SAFETY: the handle is valid while `self.conn` lives.
        unsafe {
            brlapi_sys::brlapi__leaveTtyMode(self.conn.handle_ptr());
        }
    }
}

/// FIDE Laws D.2.6: asks BRLTTY for dot chords as dots (PASSDOTS), not as characters of
/// its own text table, so that they are read back through the display's table, the one
/// the cells are written with. A server without the parameter (BrlAPI before 0.8) keeps
/// sending characters of its text table: said once in the log.
fn retain_dots(conn: &Connection) {
    let yes: brlapi_sys::brlapi_param_retainDots_t = 1;
    // SAFETY: the handle is valid while `conn` lives; `yes` is the parameter's one byte.
    let r = unsafe {
        brlapi_sys::brlapi__setParameter(
            conn.handle_ptr(),
            brlapi_sys::brlapi_param_t_BRLAPI_PARAM_RETAIN_DOTS,
            0,
            brlapi_sys::BRLAPI_PARAMF_LOCAL,
            std::ptr::from_ref(&yes).cast(),
            std::mem::size_of_val(&yes),
        )
    };
    if r < 0 {
        tracing::warn!(
            "BRLTTY does not pass dot chords as dots ({}); typed chords go through its text table",
            last_error()
        );
    }
}

fn last_error() -> String {
    brlapi::BrlApiError::get_last_error().to_string()
}
