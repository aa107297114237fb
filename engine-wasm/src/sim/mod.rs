//! Kernel: virtual time, the event queue, seeded RNG streams, CPU cores, IO device.

pub mod cond_lock;
pub mod cpu;
pub mod io;
pub mod latch;
pub mod mutex;
pub mod queue;
pub mod rng;
pub mod vecmap;

/// Virtual time in integer nanoseconds. The engine has no clock of its own.
pub type Nanos = u64;

/// One millisecond in [`Nanos`].
pub const MS: Nanos = 1_000_000;
/// One microsecond in [`Nanos`].
pub const US: Nanos = 1_000;
/// One second in [`Nanos`].
pub const SEC: Nanos = 1_000_000_000;
