//! InnoDB's say in MySQL's query cache. InnoDB tables report
//! `HA_CACHE_TBL_ASKTRANSACT` (`ha_innobase::table_cache_type()`), so the server's
//! own refusal inside a multi-statement transaction (`send_result_to_client`,
//! `is_cacheable`: `tables_type & HA_CACHE_TBL_TRANSACT`) never applies to them;
//! instead the server asks InnoDB, both before storing a result
//! (`ask_handler_allowance`) and before sending one (the table's callback), through
//! `innobase_query_caching_of_table_permitted()` →
//! `row_search_check_if_query_cache_permitted()`:
//!
//! - an autocommit SELECT looking a result up (no table in use yet) may always use it;
//! - otherwise only while no transaction holds a lock on the table
//!   (`lock_table_get_n_locks(table) == 0`: a writer's IX lock from its first row
//!   change to its commit), and only if the transaction's read view is not older than
//!   the table's `query_cache_inv_id` (set to `trx_sys->max_trx_id` when a writing
//!   transaction releases its table lock, `lock_release()`), or it has no read view
//!   yet; the check opens one (a permitted check does under REPEATABLE READ, and a
//!   refused SELECT's consistent read would).
//!
//! A read-only load (sysbench's oltp.lua with `--oltp-read-only`) is always
//! permitted, inside BEGIN … COMMIT too; a read-write load is refused whenever some
//! writer holds the table.

/// One transaction's part (a session's; reset at its end).
#[derive(Clone, Copy, Debug, Default)]
pub struct TrxQc {
    /// `trx->id`: 0 for a read-only transaction, assigned at its first row change.
    pub id: u64,
    /// The read view's `low_limit_id` once one is open (ids start at 1; 0: none).
    pub view: u64,
    /// Tables (bit per table, the first 64) the transaction holds an IX lock on.
    pub locked: u64,
}

/// One table's lock count and `query_cache_inv_id`.
#[derive(Clone, Copy, Debug, Default)]
struct TableQc {
    locks: u32,
    inv_id: u64,
}

/// The tables' locks and invalidation ids, and the transaction id counter.
#[derive(Clone, Debug, Default)]
pub struct QcGate {
    tables: Vec<TableQc>,
    /// `trx_sys->max_trx_id`: the next transaction id to assign.
    max_trx_id: u64,
}

impl QcGate {
    pub fn new(tables: usize) -> QcGate {
        QcGate {
            tables: vec![TableQc::default(); tables],
            max_trx_id: 1,
        }
    }

    /// A row change of table `t`: the transaction gets its id (`trx_set_rw_mode`)
    /// and an IX lock on the table (`lock_table`) if it has none yet.
    pub fn on_write(&mut self, trx: &mut TrxQc, t: usize) {
        if trx.id == 0 {
            trx.id = self.max_trx_id;
            self.max_trx_id += 1;
        }
        // tables past the 64th are not tracked (no lesson has more than 16)
        let Some(bit) = 1u64.checked_shl(t as u32) else {
            return;
        };
        if trx.locked & bit == 0 {
            trx.locked |= bit;
            if let Some(tb) = self.tables.get_mut(t) {
                tb.locks += 1;
            }
        }
    }

    /// The transaction's end (COMMIT, or an autocommit statement's end): a writer
    /// takes its serialisation number (`trx->no`, from `max_trx_id`), its table locks
    /// go and, as it changed those tables, their `query_cache_inv_id` becomes
    /// `max_trx_id` (`lock_release()`); its read view closes.
    pub fn on_end(&mut self, trx: &mut TrxQc) {
        if trx.id != 0 {
            // trx_serialisation_number_get()
            self.max_trx_id += 1;
        }
        let mut locked = trx.locked;
        while locked != 0 {
            let t = locked.trailing_zeros() as usize;
            locked &= locked - 1;
            if let Some(tb) = self.tables.get_mut(t) {
                tb.locks -= 1;
                tb.inv_id = self.max_trx_id;
            }
        }
        *trx = TrxQc::default();
    }

    /// `row_search_check_if_query_cache_permitted()` for table `t`: no lock on the
    /// table and a read view not older than its invalidation (or none yet). The
    /// transaction's read view opens here if it has none: a permitted check opens it
    /// (REPEATABLE READ), and a refused SELECT's consistent read would
    /// (`trx_assign_read_view`).
    pub fn permitted(&self, trx: &mut TrxQc, t: usize) -> bool {
        let tb = self.tables.get(t).copied().unwrap_or_default();
        let ok = tb.locks == 0
            && ((trx.id != 0 && trx.id >= tb.inv_id) || trx.view == 0 || trx.view >= tb.inv_id);
        if trx.view == 0 {
            trx.view = self.max_trx_id;
        }
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_only_transactions_are_always_permitted() {
        let g = QcGate::new(2);
        let mut r = TrxQc::default();
        assert!(g.permitted(&mut r, 0));
        assert_ne!(r.view, 0);
        assert!(g.permitted(&mut r, 1));
    }

    #[test]
    fn a_writer_holding_the_table_refuses_everyone_until_it_ends() {
        let mut g = QcGate::new(2);
        let (mut w, mut r) = (TrxQc::default(), TrxQc::default());
        g.on_write(&mut w, 0);
        assert_eq!(w.id, 1);
        assert!(!g.permitted(&mut r, 0), "IX lock on table 0");
        assert!(g.permitted(&mut r, 1), "the other table is free");
        g.on_end(&mut w);
        assert_eq!(w.locked, 0);
        // r's read view (opened on table 1 before the commit) is older than the
        // table's invalidation: refused until r ends
        assert!(!g.permitted(&mut r, 0));
        g.on_end(&mut r);
        assert!(g.permitted(&mut r, 0), "a new transaction's view is newer");
    }

    #[test]
    fn a_writer_sees_its_own_lock() {
        let mut g = QcGate::new(1);
        let mut w = TrxQc::default();
        g.on_write(&mut w, 0);
        g.on_write(&mut w, 0);
        assert!(!g.permitted(&mut w, 0));
        g.on_end(&mut w);
        let mut next = TrxQc::default();
        assert!(g.permitted(&mut next, 0));
    }
}
