//! CPU cores and the run queue: more runnable threads than cores wait in FIFO
//! order; a thread that waits for IO gives its core back.

use std::collections::VecDeque;

/// A thread id (index into the session table).
pub type Tid = u32;

/// C cores shared by client threads.
#[derive(Clone, Debug)]
pub struct Cpu {
    cores: u32,
    busy: u32,
    run_queue: VecDeque<Tid>,
    /// Total core-nanoseconds of work done (for utilisation).
    pub busy_ns: u64,
}

impl Cpu {
    /// `cores` idle cores.
    pub fn new(cores: u32) -> Cpu {
        Cpu {
            cores: cores.max(1),
            busy: 0,
            run_queue: VecDeque::new(),
            busy_ns: 0,
        }
    }

    /// Thread `t` wants a core: true if it got one now, false if it queued.
    pub fn request(&mut self, t: Tid) -> bool {
        if self.busy < self.cores {
            self.busy += 1;
            true
        } else {
            self.run_queue.push_back(t);
            false
        }
    }

    /// A thread gives its core back; returns the queued thread that takes it.
    pub fn release(&mut self) -> Option<Tid> {
        match self.run_queue.pop_front() {
            Some(next) => Some(next),
            None => {
                self.busy = self.busy.saturating_sub(1);
                None
            }
        }
    }

    /// Cores in use.
    pub fn busy(&self) -> u32 {
        self.busy
    }

    /// Threads waiting for a core.
    pub fn queued(&self) -> usize {
        self.run_queue.len()
    }

    /// Number of cores.
    pub fn cores(&self) -> u32 {
        self.cores
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_beyond_cores_queue_fifo() {
        let mut c = Cpu::new(2);
        assert!(c.request(0));
        assert!(c.request(1));
        assert!(!c.request(2));
        assert!(!c.request(3));
        assert_eq!(c.queued(), 2);
        assert_eq!(c.release(), Some(2));
        assert_eq!(c.release(), Some(3));
        assert_eq!(c.release(), None);
        assert_eq!(c.busy(), 1);
    }
}
