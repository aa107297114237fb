//! The platform-free part of the `Simulation` handle: scenario parsing, runtime
//! knobs with a command log, snapshots, event paging. Shared by api.rs and the CLI.

use crate::scenario::{parse_scenario, EngineError};
use crate::server::Engine;
use crate::sim::vecmap::VecMap;
use crate::sim::Nanos;
use serde::Serialize;
use std::sync::Mutex;

static PANIC_MESSAGE: Mutex<String> = Mutex::new(String::new());

/// Keeps the message of any panic so the UI can show it after the trap.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut m) = PANIC_MESSAGE.lock() {
            *m = info.to_string();
        }
    }));
}

/// The last panic message, cleared.
pub fn take_panic_message() -> String {
    PANIC_MESSAGE
        .lock()
        .map(|mut m| std::mem::take(&mut *m))
        .unwrap_or_default()
}

/// Panics on purpose (test hook for crash recovery).
pub fn debug_panic() {
    panic!("debug_panic: deliberate engine panic requested by a test");
}

pub use crate::scenario::default_scenario_json;

/// One knob change, as recorded.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Command {
    /// When it was applied.
    pub t_ns: Nanos,
    /// Knob name.
    pub name: String,
    /// New value.
    pub value: f64,
}

/// The handle's state.
pub struct SimHandle {
    /// The live engine.
    pub engine: Engine,
    /// The scenario text, to rebuild the start state on reset (deterministic, so no
    /// second copy of the engine is kept).
    scenario_json: String,
    snapshots: VecMap<u32, (Engine, Vec<Command>)>,
    next_snapshot: u32,
    commands: Vec<Command>,
    split_seen: Vec<u64>,
    status_base: crate::server::status::StatusBase,
}

impl SimHandle {
    /// Builds a simulation from scenario JSON.
    #[inline] // compiled in api/, for size (see Engine::new)
    pub fn new(json: &str) -> Result<SimHandle, EngineError> {
        let s = parse_scenario(json)?;
        let engine = Engine::new(s)?;
        let n = engine.table.trees.len();
        Ok(SimHandle {
            scenario_json: json.to_string(),
            engine,
            snapshots: VecMap::default(),
            next_snapshot: 1,
            commands: Vec::new(),
            split_seen: vec![0; n],
            status_base: Default::default(),
        })
    }

    /// Applies a runtime knob now.
    pub fn set_knob(&mut self, name: &str, value: f64) -> Result<(), EngineError> {
        self.engine.apply_knob(name, value)?;
        self.commands.push(Command {
            t_ns: self.engine.now,
            name: name.to_string(),
            value,
        });
        Ok(())
    }

    /// Saves the state; returns its id.
    #[inline] // compiled in api/ with Engine::clone, for size (see Engine::new)
    pub fn snapshot(&mut self) -> u32 {
        let id = self.next_snapshot;
        self.next_snapshot += 1;
        self.snapshots
            .insert(id, (self.engine.clone(), self.commands.clone()));
        id
    }

    /// Restores a saved state.
    #[inline] // compiled in api/ with Engine::clone, for size (see Engine::new)
    pub fn restore(&mut self, id: u32) -> Result<(), EngineError> {
        match self.snapshots.get(id) {
            // The splits last reported stay as the last frame saw them, not as when the
            // snapshot was taken: a step back then flags no leaf (nothing split between
            // the frame shown and an earlier time), and the frames stepped forward from
            // there flag what split in each step, as when they were first stepped to.
            // (Restored with the snapshot, a step back flagged everything since the
            // snapshot, and stepping forward again did not give the same numbers.)
            Some((e, c)) => {
                self.engine = e.clone();
                self.commands = c.clone();
                Ok(())
            }
            None => Err(EngineError::state(
                "restore.id",
                format!("no snapshot {id}"),
            )),
        }
    }

    /// Forgets a snapshot.
    #[inline] // compiled in api/ with the Engine drop glue, for size
    pub fn drop_snapshot(&mut self, id: u32) {
        self.snapshots.remove(id);
    }

    /// Back to the start.
    #[inline] // compiled in api/, for size (see Engine::new)
    pub fn reset(&mut self) -> Result<(), EngineError> {
        self.engine = Engine::new(parse_scenario(&self.scenario_json)?)?;
        self.commands.clear();
        self.split_seen.iter_mut().for_each(|s| *s = 0);
        self.status_base = Default::default();
        Ok(())
    }

    /// The command log as JSON.
    #[inline] // compiled in api/, for size (see Engine::summary)
    pub fn commands_json(&self) -> String {
        serde_json::to_string(&self.commands).unwrap_or_default()
    }

    /// `IndexInfo[]` as JSON.
    #[inline] // compiled in api/, for size (see Engine::summary)
    pub fn indexes_json(&self) -> String {
        #[derive(Serialize)]
        struct Info<'a> {
            id: usize,
            name: &'a str,
            table: &'a str,
            clustered: bool,
        }
        let t = &self.engine.table;
        let v: Vec<Info> = t
            .index_names
            .iter()
            .enumerate()
            .map(|(i, n)| Info {
                id: i,
                name: n,
                table: &t.table_names[t.table_of(i)],
                clustered: i % t.per_table == 0,
            })
            .collect();
        serde_json::to_string(&v).unwrap_or_default()
    }

    /// Events numbered ≥ `since`, at most 2000, as JSON.
    #[inline] // compiled in api/, for size (see Engine::summary)
    pub fn events_json(&self, since: u64) -> String {
        #[derive(Serialize)]
        struct Page<'a> {
            next: u64,
            events: Vec<&'a crate::trace::TraceEvent>,
        }
        let tr = &self.engine.trace;
        let events: Vec<_> = tr.since(since).take(2000).collect();
        let next = since.max(tr.first_seq()) + events.len() as u64;
        serde_json::to_string(&Page { next, events }).unwrap_or_default()
    }

    /// SHOW ENGINE INNODB STATUS text (averages since the previous call).
    #[inline] // compiled in api/, for size (see Engine::summary)
    pub fn status_text(&mut self) -> String {
        let mut base = std::mem::take(&mut self.status_base);
        let s = self.engine.status_text(&mut base);
        self.status_base = base;
        s
    }

    /// Leaf state bytes, flagging splits since the previous call for this index.
    pub fn leaf_state(&mut self, index: usize) -> Vec<u8> {
        let mut seen = self.split_seen.get(index).copied().unwrap_or(0);
        let v = crate::frames::leaf_state(&self.engine, index, &mut seen);
        if let Some(s) = self.split_seen.get_mut(index) {
            *s = seen;
        }
        v
    }
}
