//! The run loop: virtual time advances event by event (`run_until`), stopping where
//! the run ends, at its duration or (with `run_until_finish`) at the instant its
//! closed-loop workload runs out; and which thread may start another statement.

use super::engine::{Engine, Ev};
use super::session::ThreadState;
use crate::scenario::QueryKind;
use crate::sim::cpu::Tid;
use crate::sim::{Nanos, SEC};

/// Events per call of [`Engine::batch_events`]: enough that the call costs nothing,
/// few enough that a long run re-enters it thousands of times.
const EVENT_BATCH: u32 = 4096;

impl Engine {
    /// The run's end time (scenario duration).
    pub fn end_time(&self) -> Nanos {
        self.end
    }

    /// True when the scenario's end is reached or no thread has work left.
    pub fn done(&self) -> bool {
        self.now >= self.end
            || (self.scenario.workload.rate_tps == 0.0
                && self.sessions.iter().all(|s| s.state == ThreadState::Idle))
    }

    /// Advances virtual time to `t` (capped at the scenario's end).
    pub fn run_until(&mut self, t: Nanos) {
        self.advance(t, false);
    }

    /// [`Engine::run_until`], except that a workload running out on the way stops
    /// the clock at that instant (after every event at it): where a finished run
    /// ends then depends on the scenario and seed alone, not on how the caller
    /// sliced time (frame pacing in the player). Once the workload has finished,
    /// this is `run_until`: background work (flushing, purge of the flush list)
    /// goes on as the caller asks.
    pub fn run_until_finish(&mut self, t: Nanos) {
        let stop = self.finished_at.is_none();
        self.advance(t, stop);
    }

    /// When the closed-loop workload ran out (`None` while it runs, and for runs
    /// that end at their duration).
    pub fn finished_at(&self) -> Option<Nanos> {
        self.finished_at
    }

    fn advance(&mut self, t: Nanos, stop_at_finish: bool) {
        let mut t = t.min(self.end);
        loop {
            // A scheduled knob change (run.changes) applies at its time, after the
            // events before that instant and before the events at it.
            let change_at = self
                .scenario
                .run
                .changes
                .get(self.next_change)
                .map(|c| (c.at_s * SEC as f64) as Nanos)
                .filter(|&c| c <= t);
            let mut limit = change_at.map_or(t, |c| c.saturating_sub(1));
            while self.batch_events(&mut t, &mut limit, stop_at_finish) {}
            let Some(c) = change_at.filter(|&c| c <= t) else {
                break;
            };
            self.now = self.now.max(c);
            let ch = self.scenario.run.changes[self.next_change].clone();
            self.next_change += 1;
            // Checked when the scenario was parsed, so this cannot fail.
            let _ = self.apply_knob(&ch.knob, ch.value);
        }
        self.now = self.now.max(t);
    }

    /// Runs up to [`EVENT_BATCH`] events due by `limit`; false once none is left. A
    /// workload running out (with `stop_at_finish`) moves `t` and `limit` to that
    /// instant: the rest of the instant still runs, nothing after it.
    ///
    /// Out of line and re-entered every batch because WebAssembly engines have no
    /// on-stack replacement: a loop keeps running the code its function had when it
    /// was entered. As one loop in `advance`, a run made in one call (a whole
    /// scenario, a sweep point, the benchmark) stayed in V8's baseline (Liftoff) code
    /// to its end, the optimized code never used; re-entered, this function switches
    /// to it as soon as it is ready (issue #2).
    ///
    /// The `batch_` prefix is that convention's name: `#[inline(never)]` keeps LLVM
    /// from inlining such a function, and scripts/build-engine.mjs tells wasm-opt
    /// not to inline any function named `batch_*` (it inlines every function with a
    /// single caller otherwise).
    #[inline(never)]
    fn batch_events(&mut self, t: &mut Nanos, limit: &mut Nanos, stop_at_finish: bool) -> bool {
        for _ in 0..EVENT_BATCH {
            let Some((at, ev)) = self.queue.pop_until(*limit) else {
                return false;
            };
            self.now = at;
            self.dispatch(ev);
            if stop_at_finish && self.finished_at.is_some() {
                *t = (*t).min(at);
                *limit = (*limit).min(at);
            }
        }
        true
    }

    /// Whether the workload stops at a row target (inserts up to `workload.max_rows`,
    /// closed loop): the only workload that runs out before the run's duration, and
    /// so the only one [`Engine::finished_at`] can be set for.
    pub fn can_finish(&self) -> bool {
        let w = &self.scenario.workload;
        w.rate_tps == 0.0 && w.query == QueryKind::Insert && w.max_rows > 0
    }

    /// Notes the instant the closed-loop workload ran out: every client thread idle
    /// with no statement left to start (called when a thread parks). A run that ends
    /// before its first sample gets it at that instant, over the whole run: a run stops
    /// there, and 10,000 rows in 92 ms, sampled every 100 ms, left every chart empty
    /// under "run complete". (A later run's last part-interval is not sampled: over a
    /// few ms its rates and latency would swing on a handful of statements.)
    pub(super) fn note_if_finished(&mut self) {
        if self.finished_at.is_none()
            && self.scenario.workload.rate_tps == 0.0
            && self.sessions.iter().all(|s| s.state == ThreadState::Idle)
        {
            self.finished_at = Some(self.now);
            if self.last_sample.t == 0 && self.now > 0 {
                self.take_sample();
            }
        }
    }

    /// Runs one event's handler. All but the two busiest (`on_cpu_done`, `on_wake`) are
    /// `#[inline(never)]`: each is called only from here, and inlined they made
    /// the run loop (`advance`) one ~20 kB wasm function with ~95 locals. Apart, the wasm is
    /// ~0.4 kB gzip smaller and the lesson runs take the same time (paired runs,
    /// native and WASM); out-lining the two busiest as well slowed the AHI latch run.
    fn dispatch(&mut self, ev: Ev) {
        match ev {
            Ev::Cpu(tid) => self.on_cpu_done(tid),
            Ev::Wake(tid) => self.on_wake(tid),
            Ev::ReadDone(p) => self.on_read_done(p),
            Ev::WriteDone(p) => self.on_lru_write_done(p),
            Ev::FlushDone(p, tid) => {
                self.on_lru_write_done(p);
                self.on_wake(tid);
            }
            Ev::Cleaner(gen) => self.flush_tick(gen),
            Ev::BatchWrite(p) => self.on_batch_write_done(p),
            Ev::Dblwr => self.on_dblwr_step(),
            Ev::Checkpoint => self.on_checkpoint_timer(),
            Ev::Sample => {
                self.take_sample();
                self.queue.push(self.now + self.sample_every(), Ev::Sample);
            }
            Ev::QcTimeout(tid, gen) => self.on_qc_timeout(tid, gen),
            Ev::Arrival => self.on_arrival(),
        }
    }

    /// Whether a new statement may start (row target not reached).
    pub(super) fn may_start(&mut self, tid: Tid) -> bool {
        if tid >= self.scenario.workload.threads {
            return false;
        }
        match self.scenario.workload.query {
            QueryKind::PointSelect
            | QueryKind::SecondarySelect
            | QueryKind::RandomPoints
            | QueryKind::OltpReadOnly
            | QueryKind::ReadWrite
            | QueryKind::OltpLua => true,
            QueryKind::Insert => {
                let max = self.scenario.workload.max_rows;
                if max > 0 && self.reserved_rows >= max {
                    return false;
                }
                self.reserved_rows += 1;
                true
            }
        }
    }
}
