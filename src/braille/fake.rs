//! A display in memory, for tests (always built).

use std::collections::VecDeque;
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex};

use super::{Connector, LinkError, Terminal};
use crate::core::scoresheet::braille::Cell;

/// The state of a [`FakeConnector`]'s display, shared with the test that drives it.
#[derive(Debug, Default)]
pub struct FakeDisplay {
    /// Whether the display can be reached; unplugging it loses the connection.
    pub present: bool,
    /// Cells per line and lines.
    pub size: (usize, usize),
    /// What it shows.
    pub cells: Vec<Cell>,
    /// Keys waiting to be read (BrlAPI key codes).
    pub keys: VecDeque<u64>,
    /// Every write, in order.
    pub writes: Vec<Vec<Cell>>,
    /// Counts unpluggings: a connection made before one is lost for good.
    pub generation: u64,
}

impl FakeDisplay {
    /// Pulls the cable: the current connection is lost, new ones are refused.
    pub fn unplug(&mut self) {
        self.present = false;
        self.generation += 1;
    }

    /// Plugs it in again: the next connection succeeds.
    pub fn plug(&mut self) {
        self.present = true;
    }
}

/// A display in memory, for tests: plug it in and out, press keys, read what it shows.
#[derive(Debug, Clone)]
pub struct FakeConnector {
    /// The display, shared with the test.
    pub display: Arc<Mutex<FakeDisplay>>,
    /// Wakes the test on every write.
    pub written: Option<std_mpsc::Sender<Vec<Cell>>>,
}

struct FakeTerminal {
    display: Arc<Mutex<FakeDisplay>>,
    written: Option<std_mpsc::Sender<Vec<Cell>>>,
    size: (usize, usize),
    generation: u64,
}

impl FakeConnector {
    fn lock(
        display: &Arc<Mutex<FakeDisplay>>,
    ) -> Result<std::sync::MutexGuard<'_, FakeDisplay>, LinkError> {
        display
            .lock()
            .map_err(|_| LinkError("fake display poisoned".into()))
    }
}

impl FakeTerminal {
    fn live(&self) -> Result<std::sync::MutexGuard<'_, FakeDisplay>, LinkError> {
        let d = FakeConnector::lock(&self.display)?;
        if !d.present || d.generation != self.generation {
            return Err(LinkError("connection lost".into()));
        }
        Ok(d)
    }
}

impl Connector for FakeConnector {
    fn connect(&mut self) -> Result<Box<dyn Terminal>, LinkError> {
        let d = FakeConnector::lock(&self.display)?;
        if !d.present {
            return Err(LinkError("connection refused".into()));
        }
        Ok(Box::new(FakeTerminal {
            display: Arc::clone(&self.display),
            written: self.written.clone(),
            size: d.size,
            generation: d.generation,
        }))
    }
    fn describe(&self) -> String {
        "fake display".into()
    }
}

impl Terminal for FakeTerminal {
    fn size(&self) -> (usize, usize) {
        self.size
    }
    fn write(&mut self, cells: &[Cell]) -> Result<(), LinkError> {
        let mut d = self.live()?;
        d.cells = cells.to_vec();
        d.writes.push(cells.to_vec());
        if let Some(tx) = &self.written {
            let _ = tx.send(cells.to_vec());
        }
        Ok(())
    }
    fn read_key(&mut self) -> Result<Option<u64>, LinkError> {
        Ok(self.live()?.keys.pop_front())
    }
}
