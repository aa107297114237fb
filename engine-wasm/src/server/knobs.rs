//! Runtime knobs (`SET GLOBAL …` during a run): client threads, device latencies and
//! IOPS, the AHI switch, `query_cache_type`, and the flushing variables. Each changes
//! the live structure and the scenario copy that snapshots and STATUS read.

use super::engine::Engine;
use super::session::{Phase, Session, ThreadState};
use crate::scenario::{check_knob, EngineError};
use crate::sim::cpu::Tid;
use crate::sim::io::IoKind;
use crate::sim::rng::{Rng, Stream};
use crate::sim::{Nanos, US};

impl Engine {
    /// Grows or shrinks the client thread count (a runtime knob). New threads start
    /// now; surplus threads finish their statement and go idle.
    pub fn set_threads(&mut self, n: u32) {
        // Set first: may_start() admits thread ids below it.
        self.scenario.workload.threads = n;
        let seed = self.scenario.seed;
        while self.sessions.len() < n as usize {
            let tid = self.sessions.len() as Tid;
            self.sessions
                .push(Session::new(Rng::stream(seed, Stream::Client(tid))));
            self.begin_statement(tid);
        }
        for (i, s) in self.sessions.iter_mut().enumerate() {
            if i >= n as usize && s.phase == Phase::Idle {
                s.state = ThreadState::Idle;
            }
        }
        let open_loop = self.scenario.workload.rate_tps > 0.0;
        for i in 0..self.sessions.len() {
            if i < n as usize
                && self.sessions[i].phase == Phase::Idle
                && self.sessions[i].state == ThreadState::Idle
                && !(open_loop && self.idle_workers.contains(&(i as Tid)))
            {
                self.begin_statement(i as Tid);
            }
        }
        self.scenario.workload.threads = n;
        self.note_if_finished();
    }

    /// Changes device latencies now (runtime knobs); `None` keeps a value.
    pub fn set_device_latency(
        &mut self,
        read: Option<Nanos>,
        write: Option<Nanos>,
        commit: Option<Nanos>,
    ) {
        if let Some(r) = read {
            self.data_dev.set_latency(IoKind::Read, r);
            self.scenario.storage.read_latency_us = (r / US) as u32;
        }
        if let Some(w) = write {
            self.data_dev.set_latency(IoKind::Write, w);
            self.scenario.storage.write_latency_us = (w / US) as u32;
        }
        if let Some(c) = commit {
            self.log_dev.set_latency(IoKind::Write, c);
            self.scenario.storage.commit_latency_us = (c / US) as u32;
        }
    }

    /// Applies a runtime knob now (checked against `KNOBS`).
    pub fn apply_knob(&mut self, name: &str, value: f64) -> Result<(), EngineError> {
        check_knob(name, value)?;
        let v = value as u64;
        match name {
            "workload.threads" => self.set_threads(v as u32),
            "storage.read_latency_us" => self.set_device_latency(Some(v * US), None, None),
            "storage.write_latency_us" => self.set_device_latency(None, Some(v * US), None),
            "storage.commit_latency_us" => self.set_device_latency(None, None, Some(v * US)),
            "server.innodb_adaptive_hash_index" => self.set_ahi(v == 1),
            "storage.iops" => {
                self.data_dev.set_iops(v as u32);
                self.scenario.storage.iops = v as u32;
            }
            "server.query_cache_type" => {
                // SET GLOBAL query_cache_type = OFF | ON | DEMAND (0, 1, 2)
                self.scenario.server.query_cache_type = match v {
                    0 => crate::scenario::QueryCacheType::Off,
                    1 => crate::scenario::QueryCacheType::On,
                    _ => crate::scenario::QueryCacheType::Demand,
                };
            }
            _ => self.apply_flush_knob(name, v),
        }
        Ok(())
    }

    /// `SET GLOBAL innodb_adaptive_hash_index = on` (a runtime knob). Turning it
    /// off clears every partition (`btr_search_disable`).
    /// On an Aurora reader the variable changes but the AHI stays off.
    pub fn set_ahi(&mut self, on: bool) {
        self.scenario.server.innodb_adaptive_hash_index = on;
        let effective = self.scenario.server.ahi_in_effect();
        self.ahi.set_enabled(effective, &self.store);
    }

    /// Flushing knobs (`server.innodb_io_capacity` … `server.flushing`). As MySQL does,
    /// io_capacity is kept ≤ io_capacity_max by moving the other value.
    fn apply_flush_knob(&mut self, name: &str, v: u64) {
        let k = &mut self.flush.knobs;
        let s = &mut self.scenario.server;
        match name {
            "server.innodb_io_capacity" => {
                k.io_capacity = v;
                k.io_capacity_max = k.io_capacity_max.max(v);
            }
            "server.innodb_io_capacity_max" => {
                k.io_capacity_max = v;
                k.io_capacity = k.io_capacity.min(v);
            }
            "server.innodb_adaptive_flushing" => k.adaptive_flushing = v == 1,
            "server.innodb_adaptive_flushing_lwm" => k.adaptive_flushing_lwm = v,
            "server.innodb_max_dirty_pages_pct" => k.max_dirty_pages_pct = v,
            "server.innodb_max_dirty_pages_pct_lwm" => k.max_dirty_pages_pct_lwm = v,
            "server.innodb_flushing_avg_loops" => k.flushing_avg_loops = v,
            "server.innodb_flush_sync" => {
                self.flush.flush_sync = v == 1;
                s.innodb_flush_sync = v == 1;
            }
            "server.flushing" => {
                if let Some(p) = crate::redo::FlushPolicy::from_code(v as u32) {
                    self.flush.policy = p;
                    s.flushing = p;
                    self.redo.limits = self.redo_limits();
                }
            }
            _ => {}
        }
        let k = self.flush.knobs;
        let s = &mut self.scenario.server;
        s.innodb_io_capacity = k.io_capacity as u32;
        s.innodb_io_capacity_max = k.io_capacity_max as u32;
        s.innodb_adaptive_flushing = k.adaptive_flushing;
        s.innodb_adaptive_flushing_lwm = k.adaptive_flushing_lwm as u32;
        s.innodb_max_dirty_pages_pct = k.max_dirty_pages_pct as u32;
        s.innodb_max_dirty_pages_pct_lwm = k.max_dirty_pages_pct_lwm as u32;
        s.innodb_flushing_avg_loops = k.flushing_avg_loops as u32;
    }
}
