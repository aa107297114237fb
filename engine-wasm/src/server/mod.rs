//! Server: client sessions running queries as small step programs on the kernel
//! (CPU steps on cores, IO waits, logical B+tree actions), and the engine around them.

pub mod cost;
mod engine;
mod exec;
mod io_paths;
mod prepare;
pub mod report;
mod session;
pub mod table;

pub use engine::Engine;
pub use session::ThreadState;
