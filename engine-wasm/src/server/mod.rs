//! Server: client sessions running queries as small step programs on the kernel
//! (CPU steps on cores, IO waits, logical B+tree actions), and the engine around them.

mod ahi_exec;
pub mod cost;
mod counters;
mod engine;
mod exec;
mod flush;
mod flush55;
mod flush_view;
mod flush_wait;
mod footprint;
mod io_paths;
mod knobs;
mod prepare;
mod qc_exec;
mod qc_innodb;
mod qc_key;
mod qc_lock;
pub mod report;
mod run;
pub mod script;
mod select;
mod session;
pub mod status;
pub mod table;
mod write;

pub use engine::Engine;
pub use footprint::Footprint;
pub use session::ThreadState;
