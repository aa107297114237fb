//! A storage device: read and write latency, an IOPS limit and a FIFO queue. Pure integer
//! arithmetic: `submit` returns the completion time and the caller schedules the event.
//! Instantiate one per device (data files, redo log).

use super::{Nanos, SEC, US};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Device parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IoDeviceConfig {
    /// Service time of one page read (ns).
    pub read_latency_ns: Nanos,
    /// Service time of one write (ns), including any flush the device needs.
    pub write_latency_ns: Nanos,
    /// Requests started per second; service slots are `1e9 / iops` ns apart.
    /// 0 = no limit (every request starts on arrival).
    pub iops: u32,
}

impl Default for IoDeviceConfig {
    /// A datacenter SSD: 100 µs per I/O, 20 000 IOPS.
    fn default() -> Self {
        IoDeviceConfig {
            read_latency_ns: 100 * US,
            write_latency_ns: 100 * US,
            iops: 20_000,
        }
    }
}

/// What a request does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IoKind {
    /// A page read.
    Read,
    /// A page or log write.
    Write,
}

/// Device counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IoCounters {
    /// Read requests submitted.
    pub reads: u64,
    /// Write requests submitted.
    pub writes: u64,
    /// Sum over requests of the wait before service started (ns).
    pub queue_delay_total_ns: u64,
    /// Longest such wait (ns).
    pub queue_delay_max_ns: u64,
}

/// One device with a FIFO queue: requests start in arrival order, at most one per slot.
#[derive(Clone, Debug)]
pub struct IoDevice {
    cfg: IoDeviceConfig,
    /// Next free service slot in units of 1/iops ns, so spacing is exact for any iops.
    next_slot_scaled: u128,
    /// Completion times of requests not yet known to be complete, ascending. Starts
    /// are FIFO and a kind's latency rarely changes, so a new time almost always goes
    /// at the back.
    in_flight: VecDeque<Nanos>,
    counters: IoCounters,
}

impl IoDevice {
    /// An idle device.
    pub fn new(cfg: IoDeviceConfig) -> Self {
        IoDevice {
            cfg,
            next_slot_scaled: 0,
            in_flight: VecDeque::new(),
            counters: IoCounters::default(),
        }
    }

    /// The parameters in force.
    pub fn config(&self) -> &IoDeviceConfig {
        &self.cfg
    }

    /// Changes the latency of one kind of request from now on (a runtime knob).
    pub fn set_latency(&mut self, kind: IoKind, ns: Nanos) {
        match kind {
            IoKind::Read => self.cfg.read_latency_ns = ns,
            IoKind::Write => self.cfg.write_latency_ns = ns,
        }
    }

    /// Changes the operations per second from now on (a runtime knob); requests already
    /// queued keep their slots.
    pub fn set_iops(&mut self, iops: u32) {
        if iops == self.cfg.iops {
            return;
        }
        // Re-express the next free slot in the new unit.
        if self.cfg.iops != 0 && iops != 0 {
            let t = self.next_slot_scaled.div_ceil(self.cfg.iops as u128);
            self.next_slot_scaled = t * iops as u128;
        } else {
            self.next_slot_scaled = 0;
        }
        self.cfg.iops = iops;
    }

    /// Submits a request at `now` (non-decreasing across calls) and returns its
    /// completion time: start = max(now, next free slot), completion = start + latency.
    pub fn submit(&mut self, now: Nanos, kind: IoKind) -> Nanos {
        self.retire(now);
        let start = self.reserve_slot(now);
        let latency = match kind {
            IoKind::Read => {
                self.counters.reads += 1;
                self.cfg.read_latency_ns
            }
            IoKind::Write => {
                self.counters.writes += 1;
                self.cfg.write_latency_ns
            }
        };
        let delay = start - now;
        self.counters.queue_delay_total_ns += delay;
        self.counters.queue_delay_max_ns = self.counters.queue_delay_max_ns.max(delay);
        let done = start.saturating_add(latency);
        if self.in_flight.back().is_none_or(|&b| b <= done) {
            self.in_flight.push_back(done);
        } else {
            let at = self.in_flight.partition_point(|&t| t <= done);
            self.in_flight.insert(at, done);
        }
        done
    }

    /// How long a request arriving at `now` would wait before its service starts.
    pub fn queue_delay_at(&self, now: Nanos) -> Nanos {
        if self.cfg.iops == 0 {
            return 0;
        }
        let iops = self.cfg.iops as u128;
        let wait_scaled = self.next_slot_scaled.saturating_sub(now as u128 * iops);
        div_ceil_scaled(wait_scaled, self.cfg.iops)
    }

    /// Requests submitted and not complete at `now` (queued or in service).
    pub fn outstanding(&mut self, now: Nanos) -> u32 {
        self.retire(now);
        self.in_flight.len() as u32
    }

    /// Requests still tracked (not yet retired; retiring happens on `submit`), for
    /// memory-footprint checks.
    pub fn in_flight_len(&self) -> usize {
        self.in_flight.len()
    }

    /// Counters so far.
    pub fn counters(&self) -> &IoCounters {
        &self.counters
    }

    /// Takes the next service slot at or after `now`; returns its start time.
    fn reserve_slot(&mut self, now: Nanos) -> Nanos {
        if self.cfg.iops == 0 {
            return now;
        }
        let iops = self.cfg.iops as u128;
        let slot = self.next_slot_scaled.max(now as u128 * iops);
        self.next_slot_scaled = slot + SEC as u128;
        div_ceil_scaled(slot, self.cfg.iops)
    }

    /// Forgets requests completed by `now`.
    fn retire(&mut self, now: Nanos) {
        while self.in_flight.front().is_some_and(|&done| done <= now) {
            self.in_flight.pop_front();
        }
    }
}

/// `n / iops` rounded up, capped at `Nanos::MAX`: in 64-bit arithmetic whenever
/// `n` fits (the usual case), since 128-bit division is a software routine both
/// natively and in WebAssembly. Same result either way.
#[inline]
fn div_ceil_scaled(n: u128, iops: u32) -> Nanos {
    match u64::try_from(n) {
        Ok(n) => n.div_ceil(u64::from(iops)),
        Err(_) => n.div_ceil(u128::from(iops)).min(Nanos::MAX as u128) as Nanos,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::MS;

    #[test]
    fn scaled_division_agrees_in_both_widths() {
        for (n, d) in [(0u128, 7u32), (1, 7), (7, 7), (8, 7), (u64::MAX as u128, 3)] {
            let want = n.div_ceil(u128::from(d)).min(Nanos::MAX as u128) as Nanos;
            assert_eq!(div_ceil_scaled(n, d), want, "{n} / {d}");
        }
        let big = (u64::MAX as u128) * 5 + 3;
        assert_eq!(div_ceil_scaled(big, 5), u64::MAX);
        assert_eq!(div_ceil_scaled(big, 7), (big.div_ceil(7)) as Nanos);
    }

    fn device(iops: u32) -> IoDevice {
        IoDevice::new(IoDeviceConfig {
            read_latency_ns: 100 * US,
            write_latency_ns: 300 * US,
            iops,
        })
    }

    #[test]
    fn simultaneous_requests_queue_one_slot_apart() {
        let mut d = device(1000);
        let done: Vec<Nanos> = (0..3).map(|_| d.submit(0, IoKind::Read)).collect();
        assert_eq!(done, vec![100 * US, 1100 * US, 2100 * US]);
        assert_eq!(d.counters().queue_delay_total_ns, 3 * MS);
        assert_eq!(d.counters().queue_delay_max_ns, 2 * MS);
        assert_eq!(d.outstanding(0), 3);
        assert_eq!(d.outstanding(1100 * US), 1);
        assert_eq!(d.outstanding(3 * MS), 0);
    }

    #[test]
    fn idle_device_starts_on_arrival_and_writes_use_write_latency() {
        let mut d = device(1000);
        assert_eq!(d.submit(0, IoKind::Read), 100 * US);
        assert_eq!(d.queue_delay_at(400 * US), 600 * US);
        assert_eq!(d.submit(5 * MS, IoKind::Write), 5 * MS + 300 * US);
        assert_eq!(d.submit(5 * MS, IoKind::Write), 6 * MS + 300 * US);
        assert_eq!(d.queue_delay_at(10 * MS), 0);
        let c = d.counters();
        assert_eq!((c.reads, c.writes), (1, 2));
    }

    #[test]
    fn fractional_slot_spacing_does_not_drift() {
        let mut d = device(3);
        let done: Vec<Nanos> = (0..4).map(|_| d.submit(0, IoKind::Read)).collect();
        let starts: Vec<Nanos> = done.iter().map(|t| t - 100 * US).collect();
        assert_eq!(starts, vec![0, 333_333_334, 666_666_667, SEC]);
    }

    #[test]
    fn a_shorter_latency_completes_before_earlier_requests() {
        // Unlimited IOPS: a write (300 µs) then a read (100 µs) complete out of order.
        let mut d = device(0);
        assert_eq!(d.submit(0, IoKind::Write), 300 * US);
        assert_eq!(d.submit(0, IoKind::Read), 100 * US);
        d.set_latency(IoKind::Write, 50 * US);
        assert_eq!(d.submit(10 * US, IoKind::Write), 60 * US);
        assert_eq!(d.outstanding(59 * US), 3);
        assert_eq!(d.outstanding(60 * US), 2);
        assert_eq!(d.outstanding(100 * US), 1);
        assert_eq!(d.outstanding(299 * US), 1);
        assert_eq!(d.outstanding(300 * US), 0);
    }

    #[test]
    fn unlimited_iops_never_queues() {
        let mut d = device(0);
        for _ in 0..10 {
            assert_eq!(d.submit(7, IoKind::Read), 7 + 100 * US);
        }
        assert_eq!(d.counters().queue_delay_total_ns, 0);
        assert_eq!(d.outstanding(7), 10);
    }
}
