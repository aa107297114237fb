//! What the query cache sees of a statement: whether it takes part, its text and
//! key bytes as the client sends them, its result's size, and the answer the result
//! carries (row and table versions, advanced at COMMIT) to tell a stale hit.

use super::engine::Engine;
use super::qc_exec::QC_DB;
use super::session::{RangeKind, Stmt, RANGE_SIZE};
use crate::scenario::{QueryCacheType, SelectHint};
use crate::sim::cpu::Tid;

impl Engine {
    /// The query cache takes part in this SELECT's lookup
    /// (`send_result_to_client`'s checks before the lock: type ≠ OFF, size > 0,
    /// the text starts with SELECT, no `SQL_NO_CACHE`).
    pub(super) fn qc_lookup_applies(&self) -> bool {
        self.qc.active()
            && self.scenario.server.query_cache_type != QueryCacheType::Off
            && self.scenario.workload.select_hint != SelectHint::SqlNoCache
    }

    /// `is_cacheable` for the store: type ON, or DEMAND with `SQL_CACHE`.
    pub(super) fn qc_cacheable(&self) -> bool {
        match self.scenario.server.query_cache_type {
            QueryCacheType::Off => false,
            QueryCacheType::On => self.scenario.workload.select_hint != SelectHint::SqlNoCache,
            QueryCacheType::Demand => self.scenario.workload.select_hint == SelectHint::SqlCache,
        }
    }

    /// Writes the SELECT's text and key into the session: the statement as
    /// sysbench sends it, byte for byte (any other spelling is another query).
    pub(super) fn qc_build_key(&mut self, tid: Tid) {
        let hint = match self.scenario.workload.select_hint {
            SelectHint::None => "",
            SelectHint::SqlCache => "SQL_CACHE ",
            SelectHint::SqlNoCache => "SQL_NO_CACHE ",
        };
        // a script with BEGIN runs its selects inside a transaction
        let in_trans = self.script.first().is_some_and(|s| s.stmt == Stmt::Begin);
        let s = &mut self.sessions[tid as usize];
        let t = self.table.table_names[s.table_no].as_str();
        let id = s.row_id;
        let last = id.saturating_add(RANGE_SIZE as u32 - 1);
        self.qc_text.clear();
        let mut q = Text(&mut self.qc_text);
        q.s("SELECT ").s(hint);
        match s.stmt {
            Stmt::Secondary => q.s("c FROM ").s(t).s(" WHERE k=").n(id.into()),
            Stmt::RandomPoints => {
                // the values as bound, in the statement's order (sorted here: the
                // planned searches; the same set gives the same text)
                q.s("id, k, c, pad FROM ").s(t).s(" WHERE k IN (");
                for (j, sr) in s.searches.iter().enumerate() {
                    let sep = if j == 0 { "" } else { ", " };
                    q.s(sep).n(sr.key.first_i32().unwrap_or(0).into());
                }
                q.s(")")
            }
            Stmt::Range(kind) => {
                let what = match kind {
                    RangeKind::Sum => "SUM(k)",
                    RangeKind::Distinct => "DISTINCT c",
                    RangeKind::Simple | RangeKind::Order => "c",
                };
                q.s(what)
                    .s(" FROM ")
                    .s(t)
                    .s(" WHERE id BETWEEN ")
                    .n(id.into());
                q.s(" AND ").n(last.into());
                if matches!(kind, RangeKind::Order | RangeKind::Distinct) {
                    q.s(" ORDER BY c");
                }
                &mut q
            }
            _ => q.s("c FROM ").s(t).s(" WHERE id=").n(id.into()),
        };
        crate::query_cache::build_key(
            &mut s.qc_key,
            self.qc_text.as_bytes(),
            QC_DB.as_bytes(),
            in_trans,
            !in_trans,
        );
    }

    /// Bytes of the current statement's result packets: a point select's one row,
    /// else the rows it sent (`SUM(k)`: one short row).
    pub(super) fn qc_stmt_result_bytes(&self, tid: Tid) -> u64 {
        let s = &self.sessions[tid as usize];
        match s.stmt {
            Stmt::Point => self.qc_result_bytes,
            Stmt::Range(RangeKind::Sum) => self.qc_result_bytes - self.qc_row_bytes + 4 + 1 + 12,
            _ => {
                self.qc_result_bytes - self.qc_row_bytes
                    + u64::from(s.rows_sent) * self.qc_row_bytes
            }
        }
    }

    /// The answer a result of the current statement carries, to tell a stale hit:
    /// a point select's row version, else the version of its table (any committed
    /// write to it).
    pub(super) fn qc_answer(&self, tid: Tid) -> u64 {
        let s = &self.sessions[tid as usize];
        match s.stmt {
            Stmt::Point => self.row_version(s.table_no, s.row_id),
            _ => self.table_versions[s.table_no],
        }
    }

    /// The version of a row: how many committed updates it has had.
    pub(super) fn row_version(&self, table: usize, row: u32) -> u64 {
        self.row_versions.get(&(table, row)).copied().unwrap_or(0)
    }

    /// The transaction's updates become the rows' current versions (at COMMIT);
    /// returns the tables it wrote (bit t = table t; 127 stands for any beyond).
    pub(super) fn apply_updates(&mut self, tid: Tid) -> u128 {
        let mut rows = std::mem::take(&mut self.sessions[tid as usize].updated_rows);
        let mut tables = 0u128;
        for &r in &rows {
            *self.row_versions.entry(r).or_insert(0) += 1;
            tables |= 1u128 << r.0.min(127);
        }
        if self.sessions[tid as usize].stmt == Stmt::Insert {
            tables |= 1;
        }
        for (t, v) in self.table_versions.iter_mut().enumerate() {
            if tables & (1u128 << t.min(127)) != 0 {
                *v += 1;
            }
        }
        rows.clear();
        self.sessions[tid as usize].updated_rows = rows;
        tables
    }
}

/// Appends a statement's text piece by piece: one text per cacheable SELECT, where
/// `write!` and its formatting machinery took ~10% of the Aurora query-cache run in
/// wasm (issue #2). Integers in decimal, as the client sends them.
struct Text<'a>(&'a mut String);

impl Text<'_> {
    fn s(&mut self, piece: &str) -> &mut Self {
        self.0.push_str(piece);
        self
    }

    fn n(&mut self, v: i64) -> &mut Self {
        if v < 0 {
            self.0.push('-');
        }
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        let mut u = v.unsigned_abs();
        loop {
            i -= 1;
            digits[i] = b'0' + (u % 10) as u8;
            u /= 10;
            if u == 0 {
                break;
            }
        }
        for &d in &digits[i..] {
            self.0.push(char::from(d));
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::Text;

    #[test]
    fn text_writes_pieces_and_decimal_integers() {
        let mut out = String::new();
        let mut t = Text(&mut out);
        t.s("id=")
            .n(0)
            .s(" ")
            .n(7)
            .s(" ")
            .n(1_234_567_890)
            .s(" ")
            .n(-42);
        t.s(" ").n(i64::MIN).s(" ").n(i64::from(u32::MAX));
        assert_eq!(out, "id=0 7 1234567890 -42 -9223372036854775808 4294967295");
    }
}
