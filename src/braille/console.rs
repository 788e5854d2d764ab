//! A display on stderr (always built).

use super::{Connector, LinkError, Terminal};
use crate::core::scoresheet::braille::{Cell, to_unicode};

/// A display on stderr: each new content as one line of Unicode braille (`display: ⠠⠎⠋⠒`);
/// no keys. For trying the display's model without a device.
#[derive(Debug, Clone, Copy)]
pub struct ConsoleConnector {
    /// Cells per line.
    pub width: usize,
}

struct ConsoleTerminal {
    width: usize,
}

impl Connector for ConsoleConnector {
    fn connect(&mut self) -> Result<Box<dyn Terminal>, LinkError> {
        Ok(Box::new(ConsoleTerminal { width: self.width }))
    }
    fn describe(&self) -> String {
        format!("console, {} cells", self.width)
    }
}

impl Terminal for ConsoleTerminal {
    fn size(&self) -> (usize, usize) {
        (self.width, 1)
    }
    fn write(&mut self, cells: &[Cell]) -> Result<(), LinkError> {
        use std::io::Write;
        let mut err = std::io::stderr().lock();
        writeln!(err, "display: {}", to_unicode(cells).trim_end_matches('⠀'))
            .map_err(|e| LinkError(e.to_string()))
    }
    fn read_key(&mut self) -> Result<Option<u64>, LinkError> {
        Ok(None)
    }
}
