//! Read-write latches as InnoDB's `rw_lock_t` behaves under contention (5.7
//! `sync0rw.cc`): a thread that finds the latch taken spins on its core for up to
//! `innodb_sync_spin_loops` rounds of `ut_delay(rand(0, innodb_spin_wait_delay))`,
//! then sleeps in the wait array (gives its core back) until the holder releases,
//! when every sleeper is woken to try again. The latch decides; the caller (the
//! server) turns the decisions into core use and events.

use super::cpu::Tid;
use super::Nanos;
use std::collections::VecDeque;

/// Shared or exclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// S: many readers.
    Shared,
    /// X: one writer, no readers.
    Exclusive,
}

/// Spin parameters (`innodb_sync_spin_loops`, `innodb_spin_wait_delay`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpinConfig {
    /// Rounds before sleeping (`innodb_sync_spin_loops`, default 30).
    pub spin_loops: u32,
    /// Upper bound of one round's delay in units (`innodb_spin_wait_delay`, default 6).
    pub spin_wait_delay: u32,
    /// Wall time of one delay unit. `ut_delay(1)` runs 50 PAUSE instructions
    /// (`innodb_spin_wait_pause_multiplier`); at ~40 cycles per PAUSE on a 2–3 GHz
    /// core that is about 0.7–1 µs, so 1 µs per unit.
    pub unit_ns: Nanos,
}

impl Default for SpinConfig {
    fn default() -> Self {
        SpinConfig {
            spin_loops: 30,
            spin_wait_delay: 6,
            unit_ns: 1_000,
        }
    }
}

impl SpinConfig {
    /// Expected time of a full spin phase: loops × mean round (delay/2 units).
    pub fn full_spin_ns(&self) -> Nanos {
        self.spin_loops as Nanos * self.spin_wait_delay as Nanos * self.unit_ns / 2
    }
}

/// Counters as SHOW ENGINE INNODB STATUS prints them (SEMAPHORES section).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LatchStats {
    /// Shared requests that found the latch taken (`RW-shared spins`).
    pub s_spin_waits: u64,
    /// Shared spin rounds.
    pub s_spin_rounds: u64,
    /// Shared requests that went to sleep (`OS waits`).
    pub s_os_waits: u64,
    /// Exclusive requests that found the latch taken (`RW-excl spins`).
    pub x_spin_waits: u64,
    /// Exclusive spin rounds.
    pub x_spin_rounds: u64,
    /// Exclusive requests that slept.
    pub x_os_waits: u64,
    /// Granted requests.
    pub acquisitions: u64,
}

/// What a request got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acquire {
    /// Granted now.
    Granted,
    /// Taken: spin for this long (on the core), then call [`RwLatch::after_spin`].
    Spin(Nanos),
}

/// One rw-latch.
#[derive(Clone, Debug, Default)]
pub struct RwLatch {
    readers: u32,
    writer: Option<Tid>,
    /// Exclusive requests waiting (spinning or sleeping): new S requests wait too
    /// (InnoDB's `lock_word` is decremented by a waiting writer).
    x_waiting: u32,
    /// Sleepers in arrival order (the wait array cell of this latch).
    sleepers: VecDeque<(Tid, Mode)>,
    /// Statistics.
    pub stats: LatchStats,
}

impl RwLatch {
    /// Whether `mode` could be granted now.
    pub fn available(&self, mode: Mode) -> bool {
        match mode {
            Mode::Shared => self.writer.is_none() && self.x_waiting == 0,
            Mode::Exclusive => self.writer.is_none() && self.readers == 0,
        }
    }

    /// Held exclusively?
    pub fn x_held(&self) -> bool {
        self.writer.is_some()
    }

    /// Readers holding it.
    pub fn readers(&self) -> u32 {
        self.readers
    }

    /// Threads sleeping on it, in order.
    pub fn sleepers(&self) -> impl Iterator<Item = &(Tid, Mode)> {
        self.sleepers.iter()
    }

    fn grant(&mut self, tid: Tid, mode: Mode) {
        match mode {
            Mode::Shared => self.readers += 1,
            Mode::Exclusive => self.writer = Some(tid),
        }
        self.stats.acquisitions += 1;
    }

    /// Try once without waiting (`rw_lock_x_lock_nowait`, `rw_lock_s_lock_nowait`).
    pub fn try_acquire(&mut self, tid: Tid, mode: Mode) -> bool {
        if self.available(mode) {
            self.grant(tid, mode);
            true
        } else {
            false
        }
    }

    /// A blocking request (`rw_lock_s_lock_spin` / `rw_lock_x_lock_func`): granted,
    /// or the caller spins for the returned time. `round_delays` are the random
    /// delays of the spin rounds in units (the caller draws them from its stream).
    pub fn acquire(
        &mut self,
        tid: Tid,
        mode: Mode,
        cfg: &SpinConfig,
        round_delay_units: u64,
    ) -> Acquire {
        if self.try_acquire(tid, mode) {
            return Acquire::Granted;
        }
        match mode {
            Mode::Shared => {
                self.stats.s_spin_waits += 1;
                self.stats.s_spin_rounds += cfg.spin_loops as u64;
            }
            Mode::Exclusive => {
                self.stats.x_spin_waits += 1;
                self.stats.x_spin_rounds += cfg.spin_loops as u64;
                self.x_waiting += 1;
            }
        }
        Acquire::Spin(round_delay_units * cfg.unit_ns)
    }

    /// End of a spin phase: granted, or the thread sleeps (`sync_array_wait_event`)
    /// and gives its core back; returns whether it was granted.
    pub fn after_spin(&mut self, tid: Tid, mode: Mode) -> bool {
        if mode == Mode::Exclusive {
            self.x_waiting = self.x_waiting.saturating_sub(1);
        }
        if self.available(mode) {
            self.grant(tid, mode);
            return true;
        }
        match mode {
            Mode::Shared => self.stats.s_os_waits += 1,
            Mode::Exclusive => {
                self.stats.x_os_waits += 1;
                self.x_waiting += 1;
            }
        }
        self.sleepers.push_back((tid, mode));
        false
    }

    /// A sleeper woke (it will request again); undoes its waiting-writer mark.
    fn woke(&mut self, mode: Mode) {
        if mode == Mode::Exclusive {
            self.x_waiting = self.x_waiting.saturating_sub(1);
        }
    }

    /// Releases `mode`; returns the sleepers to wake (all of them, as
    /// `os_event_set` does: they race for the latch again).
    pub fn release(&mut self, mode: Mode, woken: &mut Vec<(Tid, Mode)>) {
        match mode {
            Mode::Shared => self.readers = self.readers.saturating_sub(1),
            Mode::Exclusive => self.writer = None,
        }
        if self.readers == 0 && self.writer.is_none() {
            while let Some((t, m)) = self.sleepers.pop_front() {
                self.woke(m);
                woken.push((t, m));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_is_shared_exclusive_is_alone() {
        let mut l = RwLatch::default();
        let cfg = SpinConfig::default();
        assert_eq!(l.acquire(1, Mode::Shared, &cfg, 90), Acquire::Granted);
        assert_eq!(l.acquire(2, Mode::Shared, &cfg, 90), Acquire::Granted);
        assert_eq!(
            l.acquire(3, Mode::Exclusive, &cfg, 90),
            Acquire::Spin(90_000)
        );
        // a waiting writer blocks new readers (writer preference)
        assert!(!l.try_acquire(4, Mode::Shared));
        assert!(!l.after_spin(3, Mode::Exclusive));
        let mut woken = Vec::new();
        l.release(Mode::Shared, &mut woken);
        assert!(woken.is_empty());
        l.release(Mode::Shared, &mut woken);
        assert_eq!(woken, vec![(3, Mode::Exclusive)]);
        assert!(l.try_acquire(3, Mode::Exclusive));
        assert!(l.x_held());
        assert_eq!(l.stats.x_spin_waits, 1);
        assert_eq!(l.stats.x_spin_rounds, 30);
        assert_eq!(l.stats.x_os_waits, 1);
        assert_eq!(l.stats.acquisitions, 3);
    }

    #[test]
    fn sleepers_wake_in_arrival_order_and_all_at_once() {
        let mut l = RwLatch::default();
        let cfg = SpinConfig::default();
        assert!(l.try_acquire(0, Mode::Exclusive));
        for t in 1..=3 {
            assert!(matches!(
                l.acquire(t, Mode::Exclusive, &cfg, 10),
                Acquire::Spin(_)
            ));
            assert!(!l.after_spin(t, Mode::Exclusive));
        }
        let order: Vec<Tid> = l.sleepers().map(|s| s.0).collect();
        assert_eq!(order, vec![1, 2, 3]);
        let mut woken = Vec::new();
        l.release(Mode::Exclusive, &mut woken);
        assert_eq!(woken.iter().map(|w| w.0).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert!(l.available(Mode::Shared));
        assert_eq!(SpinConfig::default().full_spin_ns(), 90_000);
    }
}
