//! The archive's download: streamed into a file, its size and SHA-256 checked on the way,
//! a progress step at every tenth.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use sha2::{Digest, Sha256};

use super::{Archive, InstallError, Progress, disk_error};

/// How long connecting may take, and how long the server may stay silent mid-download.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);
const READ_TIMEOUT: Duration = Duration::from_secs(60);

/// Downloads `url` into `to` (a new file), checking that it is `archive.size` bytes and,
/// where known, its SHA-256; reports [`Progress::Downloading`] at 10 %, 20 %, … 100 %.
pub(super) async fn fetch(
    url: &str,
    archive: &Archive,
    to: &Path,
    progress: &mut dyn FnMut(Progress),
) -> Result<(), InstallError> {
    let network = |e: reqwest::Error| InstallError::Network {
        url: url.to_owned(),
        detail: describe(&e),
    };
    let tls = crate::tls::client_config().map_err(|e| InstallError::Network {
        url: url.to_owned(),
        detail: e.to_string(),
    })?;
    let client = reqwest::Client::builder()
        .use_preconfigured_tls(tls)
        .connect_timeout(CONNECT_TIMEOUT)
        .read_timeout(READ_TIMEOUT)
        .build()
        .map_err(network)?;
    let mut response = client.get(url).send().await.map_err(network)?;
    let status = response.status();
    if !status.is_success() {
        return Err(InstallError::Http {
            url: url.to_owned(),
            status: status.as_u16(),
        });
    }
    if let Some(announced) = response.content_length()
        && announced != archive.size
    {
        return Err(InstallError::Size {
            expected: archive.size,
            got: announced,
        });
    }
    progress(Progress::Started {
        url: url.to_owned(),
        size: archive.size,
    });
    let mut file = std::fs::File::create(to).map_err(|e| disk_error(to, e))?;
    let mut hash = Sha256::new();
    let mut got: u64 = 0;
    let mut tenths = 0;
    while let Some(chunk) = response.chunk().await.map_err(network)? {
        got += chunk.len() as u64;
        if got > archive.size {
            return Err(InstallError::Size {
                expected: archive.size,
                got,
            });
        }
        file.write_all(&chunk).map_err(|e| disk_error(to, e))?;
        hash.update(&chunk);
        let now = got * 10 / archive.size.max(1);
        while tenths < now {
            tenths += 1;
            progress(Progress::Downloading {
                percent: tenths as u8 * 10,
            });
        }
    }
    if got != archive.size {
        return Err(InstallError::Size {
            expected: archive.size,
            got,
        });
    }
    file.sync_all().map_err(|e| disk_error(to, e))?;
    if let Some(expected) = &archive.sha256 {
        let got = hex(&hash.finalize());
        if !got.eq_ignore_ascii_case(expected) {
            return Err(InstallError::Checksum {
                expected: expected.clone(),
                got,
            });
        }
    }
    Ok(())
}

/// A download error as one short phrase: what happened, and the innermost cause.
fn describe(e: &reqwest::Error) -> String {
    let what = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "no connection"
    } else if e.is_body() || e.is_decode() {
        "the connection broke off"
    } else {
        "failed"
    };
    let mut cause = None;
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        cause = Some(s.to_string());
        source = s.source();
    }
    match cause {
        Some(c) => format!("{what} ({c})"),
        None => what.to_owned(),
    }
}

/// Bytes as lower-case hex.
pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
