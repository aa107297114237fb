//! `innodb-sim`: runs a scenario headless (native CLI).
fn main() {}
