//! The rig's emulated Braille display as the benchmarks read it: `vrdisplay.py` stamps
//! every line BRLTTY's Virtual driver sends it in `$RIG_VR_DIR/vr.log` (wall-clock seconds,
//! to the millisecond); [`VrLog`] reads the lines written since it was opened.

use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Reads the new lines of the emulated display's log.
pub struct VrLog {
    file: std::fs::File,
    pos: u64,
    partial: String,
}

impl VrLog {
    /// Opens the log at its end: only lines written from now on count.
    pub fn open(path: PathBuf) -> Result<VrLog, std::io::Error> {
        let mut file = std::fs::File::open(path)?;
        let pos = file.seek(SeekFrom::End(0))?;
        Ok(VrLog {
            file,
            pos,
            partial: String::new(),
        })
    }

    #[cfg_attr(not(feature = "braille"), allow(dead_code))]
    /// The wall-clock instant (seconds since the epoch) of the first new `Braille` line
    /// equal to `dots`, waiting up to `timeout`.
    pub fn wait_for(
        &mut self,
        dots: &str,
        timeout: Duration,
    ) -> Result<Option<f64>, std::io::Error> {
        self.wait_until(|shown| shown == dots, timeout)
    }

    /// The wall-clock instant of the first new `Braille` line whose cells (as
    /// [`ansage::core::display::vr_dots`] writes them) satisfy `matches`, waiting up to
    /// `timeout`.
    pub fn wait_until(
        &mut self,
        matches: impl Fn(&str) -> bool,
        timeout: Duration,
    ) -> Result<Option<f64>, std::io::Error> {
        let start = Instant::now();
        loop {
            self.file.seek(SeekFrom::Start(self.pos))?;
            let mut text = String::new();
            let n = self.file.read_to_string(&mut text)?;
            self.pos += n as u64;
            self.partial.push_str(&text);
            while let Some(i) = self.partial.find('\n') {
                let line: String = self.partial.drain(..=i).collect();
                if let Some((stamp, rest)) = line.trim_end().split_once(' ')
                    && let Some(dots) = rest
                        .strip_prefix("< Braille \"")
                        .and_then(|r| r.strip_suffix('"'))
                    && matches(dots)
                    && let Ok(t) = stamp.parse::<f64>()
                {
                    return Ok(Some(t));
                }
            }
            if start.elapsed() > timeout {
                return Ok(None);
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

/// Now, in wall-clock seconds since the epoch (the log's stamps).
pub fn wall() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}
