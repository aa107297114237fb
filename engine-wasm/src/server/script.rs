//! A sysbench event is a script of statements: BEGIN, point selects, ranges,
//! secondary selects, updates, COMMIT, chosen by the workload. Every workload is
//! such a script (`oltp_point_select` is one SELECT, `oltp_read_only` sixteen
//! statements, sysbench 0.5 `oltp.lua` BEGIN + N point selects + M index updates +
//! COMMIT). A thread runs its script's statements one after the other; the event
//! (sysbench's transaction: the latency histogram, `tps`) ends with the last one.
//!
//! Adding a statement kind (e.g. a DELETE of `oltp_read_write`):
//! 1. a variant of [`Stmt`] (and, if it reads or writes through an index, an
//!    `Act` in session.rs for what it does at the leaf it reaches);
//! 2. its place in [`build_script`] for the workload that issues it;
//! 3. its plan in `Engine::plan_statement` (server/select.rs: the index searches),
//!    its action in `act_at_leaf`, and its counter in `finish_statement`;
//! 4. if it writes, set `trx_wrote` (the COMMIT, or the statement itself under
//!    autocommit, invalidates the table's cached queries) and `log_commit`.
//!
//! The query cache applies to every statement for which [`Stmt::is_cacheable_select`]
//! holds, whatever script it is in.

use crate::scenario::{QueryKind, WorkloadConfig};

/// One statement of a sysbench event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// INSERT one row.
    Insert,
    /// `SELECT c FROM sbtestN WHERE id = ?`.
    Point,
    /// `SELECT c FROM sbtestN WHERE k = ?`.
    Secondary,
    /// `SELECT id, k, c, pad FROM sbtestN WHERE k IN (?, …, ?)` (sysbench
    /// `select_random_points`): a search of the k index per value, a clustered
    /// lookup per match.
    RandomPoints,
    /// `... WHERE id BETWEEN ? AND ? + 99` of the given kind.
    Range(RangeKind),
    /// `UPDATE sbtestN SET k=k+1 WHERE id=?` (oltp.lua `--oltp-index-updates`).
    Update,
    /// `BEGIN`.
    Begin,
    /// `COMMIT` (waits for its redo after writes; read-only: nothing to wait for).
    Commit,
}

impl Stmt {
    /// A SELECT the query cache may answer (`send_result_to_client` looks up every
    /// statement whose text starts with SELECT).
    pub fn is_cacheable_select(self) -> bool {
        matches!(
            self,
            Stmt::Point | Stmt::Secondary | Stmt::RandomPoints | Stmt::Range(_)
        )
    }
}

/// sysbench's four range queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeKind {
    /// `SELECT c ...`.
    Simple,
    /// `SELECT SUM(k) ...`.
    Sum,
    /// `SELECT c ... ORDER BY c`.
    Order,
    /// `SELECT DISTINCT c ... ORDER BY c`.
    Distinct,
}

/// sysbench `oltp_read_only` with its defaults: one event is this transaction.
pub const OLTP_READ_ONLY: [Stmt; 16] = [
    Stmt::Begin,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Range(RangeKind::Simple),
    Stmt::Range(RangeKind::Sum),
    Stmt::Range(RangeKind::Order),
    Stmt::Range(RangeKind::Distinct),
    Stmt::Commit,
];

/// sysbench `--range-size` default.
pub const RANGE_SIZE: i32 = 100;

/// One statement of a script and whether it picks its table (sysbench
/// `get_table_num()`) or reuses the previous statement's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The statement.
    pub stmt: Stmt,
    /// It draws a table; otherwise it runs on the previous statement's table.
    pub picks_table: bool,
}

/// The script of one event of the workload.
pub fn build_script(w: &WorkloadConfig) -> Vec<Step> {
    let step = |stmt, picks_table| Step { stmt, picks_table };
    match w.query {
        QueryKind::Insert => vec![step(Stmt::Insert, true)],
        QueryKind::PointSelect => vec![step(Stmt::Point, true)],
        QueryKind::SecondarySelect => vec![step(Stmt::Secondary, true)],
        // select_random_points.lua supports one table only: always sbtest1.
        QueryKind::RandomPoints => vec![step(Stmt::RandomPoints, false)],
        // oltp_common.lua: execute_point_selects draws one table for its ten
        // selects; each range query draws its own.
        QueryKind::OltpReadOnly => OLTP_READ_ONLY
            .iter()
            .enumerate()
            .map(|(i, &s)| step(s, !(s == Stmt::Point && i > 1)))
            .collect(),
        // sysbench 0.5 oltp.lua (read-only parts disabled except the point
        // selects): one table per event, drawn by its first statement.
        QueryKind::OltpLua => {
            let mut v = vec![step(Stmt::Begin, false)];
            for _ in 0..w.oltp_point_selects {
                v.push(step(Stmt::Point, v.len() == 1));
            }
            for _ in 0..w.oltp_index_updates {
                v.push(step(Stmt::Update, v.len() == 1));
            }
            v.push(step(Stmt::Commit, false));
            v
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::parse_scenario;

    fn script(workload: &str) -> Vec<Step> {
        let s = format!(r#"{{"version":1,"table":{{"prepare_rows":100}},"workload":{workload}}}"#);
        build_script(&parse_scenario(&s).expect("valid").workload)
    }

    #[test]
    fn scripts_of_the_workloads() {
        let p = script(r#"{"query":"point_select"}"#);
        assert_eq!(
            p,
            vec![Step {
                stmt: Stmt::Point,
                picks_table: true
            }]
        );
        let ro = script(r#"{"query":"oltp_read_only"}"#);
        assert_eq!(ro.len(), 16);
        assert!(ro[1].picks_table && !ro[2].picks_table && ro[11].picks_table);
        let lua = script(r#"{"query":"oltp_lua","oltp_point_selects":25,"oltp_index_updates":1}"#);
        assert_eq!(lua.len(), 28);
        assert_eq!(lua[0].stmt, Stmt::Begin);
        assert!(lua[1..26].iter().all(|s| s.stmt == Stmt::Point));
        assert_eq!(lua[26].stmt, Stmt::Update);
        assert_eq!(lua[27].stmt, Stmt::Commit);
        assert_eq!(lua.iter().filter(|s| s.picks_table).count(), 1);
        // select_random_points: one statement, always on sbtest1
        let pts = script(r#"{"query":"select_random_points"}"#);
        assert_eq!(
            pts,
            vec![Step {
                stmt: Stmt::RandomPoints,
                picks_table: false
            }]
        );
        assert!(pts[0].stmt.is_cacheable_select());
    }
}
