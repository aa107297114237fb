//! A sysbench event is a script of statements: BEGIN, point selects, ranges,
//! secondary selects, updates, COMMIT, chosen by the workload. Every workload is
//! such a script (`oltp_point_select` is one SELECT, `oltp_read_only` sixteen
//! statements, `oltp_read_write` BEGIN + point selects + the index update, the
//! non-index update, DELETE and INSERT of one id + COMMIT, sysbench 0.5 `oltp.lua`
//! BEGIN + N point selects + M index updates + COMMIT). A thread runs its script's statements one after the other; the event
//! (sysbench's transaction: the latency histogram, `tps`) ends with the last one.
//!
//! Adding a statement kind:
//! 1. a variant of [`Stmt`] (and, if it reads through an index in a new way, an
//!    `Act` in session.rs for what it does at the leaf it reaches);
//! 2. its place in [`build_script`] for the workload that issues it;
//! 3. its plan: a read in `Engine::plan_statement` (select.rs), a row change in
//!    `Engine::plan_write` (write.rs: index searches whose leaf action is
//!    `Act::Write`); its counter in `finish_statement` (exec.rs);
//! 4. a row change says so in [`Stmt::is_write`]: that one flag decides the rest in
//!    one place (exec.rs): `log_free_check` before its first change, `trx_wrote`,
//!    and at the transaction's end (COMMIT, or the statement itself in autocommit
//!    mode, `Engine::ends_writing_trx`) the commit record, the wait for the log and
//!    the query cache invalidation of the written tables.
//!
//! The query cache applies to every statement for which [`Stmt::is_cacheable_select`]
//! holds, whatever script it is in.

use crate::scenario::{QueryKind, WorkloadConfig};

/// One statement of a sysbench event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// INSERT one new row (the table's id generator; a real B-tree insert).
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
    /// `UPDATE sbtestN SET k=k+1 WHERE id=?` (`oltp_read_write`'s index update and
    /// oltp.lua `--oltp-index-updates`): the `k` entry moves in its index.
    UpdateIndex,
    /// `UPDATE sbtestN SET c=? WHERE id=?` (the clustered record only).
    UpdateNonIndex,
    /// `DELETE FROM sbtestN WHERE id=?` (delete-marks; purge is not modelled).
    Delete,
    /// `INSERT INTO sbtestN ... ` of the id the transaction's DELETE removed: over
    /// its delete-marked records (`row_ins_clust_index_entry_by_modify`).
    InsertDeleted,
    /// `BEGIN`.
    Begin,
    /// `COMMIT`: a transaction that changed rows writes its commit record and waits
    /// for the log (`trx_commit` → `log_write_up_to`); a read-only one does not.
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

    /// The statement changes rows: `log_free_check` first, redo for each change,
    /// and its transaction's end is durable and invalidates cached queries.
    pub fn is_write(self) -> bool {
        matches!(
            self,
            Stmt::Insert
                | Stmt::UpdateIndex
                | Stmt::UpdateNonIndex
                | Stmt::Delete
                | Stmt::InsertDeleted
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
                v.push(step(Stmt::UpdateIndex, v.len() == 1));
            }
            v.push(step(Stmt::Commit, false));
            v
        }
        // oltp_common.lua execute_point_selects (one table for the group), then
        // each row change draws its own table, except the INSERT that puts back
        // the id the DELETE removed (same table, same id).
        QueryKind::ReadWrite => {
            let mut v = vec![step(Stmt::Begin, false)];
            for i in 0..w.point_selects {
                v.push(step(Stmt::Point, i == 0));
            }
            v.extend([
                step(Stmt::UpdateIndex, true),
                step(Stmt::UpdateNonIndex, true),
                step(Stmt::Delete, true),
                step(Stmt::InsertDeleted, false),
                step(Stmt::Commit, false),
            ]);
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
        assert_eq!(lua[26].stmt, Stmt::UpdateIndex);
        assert_eq!(lua[27].stmt, Stmt::Commit);
        assert_eq!(lua.iter().filter(|s| s.picks_table).count(), 1);
        let rw = script(r#"{"query":"read_write","point_selects":3}"#);
        let kinds: Vec<Stmt> = rw.iter().map(|s| s.stmt).collect();
        assert_eq!(
            kinds,
            vec![
                Stmt::Begin,
                Stmt::Point,
                Stmt::Point,
                Stmt::Point,
                Stmt::UpdateIndex,
                Stmt::UpdateNonIndex,
                Stmt::Delete,
                Stmt::InsertDeleted,
                Stmt::Commit
            ]
        );
        let picks: Vec<bool> = rw.iter().map(|s| s.picks_table).collect();
        assert_eq!(
            picks,
            vec![false, true, false, false, true, true, true, false, false]
        );
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
