//! The engine's own memory footprint, as counts of what its growable containers hold,
//! so soak tests can assert that memory stays bounded (tests/soak.rs states the bounds).

use super::engine::Engine;

/// Sizes of every container that can grow while a simulation runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    /// Events held by the trace ring (at most `TRACE_CAPACITY`).
    pub trace_events: usize,
    /// Values in the metric series (samples × columns).
    pub series_values: usize,
    /// Future events in the kernel's queue.
    pub queued_events: usize,
    /// Page reads in flight (each holds a frame).
    pub reads_in_flight: usize,
    /// Threads waiting for those reads.
    pub read_waiters: usize,
    /// Client sessions ever started.
    pub sessions: usize,
    /// Threads in the CPU run queue.
    pub run_queue: usize,
    /// Requests the data and log devices still track.
    pub io_in_flight: usize,
    /// Pages ever created in the page store (free ones included).
    pub pages: usize,
    /// Of those, pages on the free list.
    pub free_pages: usize,
    /// Entries of the per-page split marks.
    pub split_marks: usize,
}

impl Engine {
    /// The current footprint (O(reads in flight)).
    pub fn footprint(&self) -> Footprint {
        Footprint {
            trace_events: (self.trace.next_seq() - self.trace.first_seq()) as usize,
            series_values: self.series.since(0).len(),
            queued_events: self.queue.len(),
            reads_in_flight: self.reads.len(),
            read_waiters: self.reads.values().map(Vec::len).sum(),
            sessions: self.sessions.len(),
            run_queue: self.cpu.queued(),
            io_in_flight: self.data_dev.in_flight_len() + self.log_dev.in_flight_len(),
            pages: self.store.len(),
            free_pages: self.store.n_free(),
            split_marks: self.split_seq.len(),
        }
    }
}
