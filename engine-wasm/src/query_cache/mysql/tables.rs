//! TABLE blocks and the ring of each table's queries (`register_all_tables`,
//! `insert_table`, `unlink_table`).

use super::{MysqlCache, Query, Table, BLOCK_HEADER, BLOCK_TABLE, TABLE_HEADER};
use crate::query_cache::arena::{align, BlockType, MIN_ALLOCATION_UNIT, NIL};
use crate::query_cache::QcEvent;

impl MysqlCache {
    pub(super) fn table_id(&self, name: &[u8]) -> Option<u32> {
        self.tables
            .iter()
            .position(|t| t.as_ref().is_some_and(|t| &*t.name == name))
            .map(|i| i as u32)
    }

    /// `register_all_tables` → `insert_table`: the table's block, created on first use.
    pub(super) fn find_or_add_table(&mut self, name: &[u8], ev: &mut Vec<QcEvent>) -> Option<u32> {
        if let Some(t) = self.table_id(name) {
            return Some(t);
        }
        let len = align(BLOCK_HEADER + BLOCK_TABLE + TABLE_HEADER + name.len() as u64);
        let block = self.allocate_block(len.max(MIN_ALLOCATION_UNIT), true, 0, ev)?;
        let id = match self.tables.iter().position(Option::is_none) {
            Some(i) => i as u32,
            None => {
                self.tables.push(None);
                (self.tables.len() - 1) as u32
            }
        };
        self.arena.set(block, BlockType::Table, id, len);
        self.tables[id as usize] = Some(Table {
            name: name.into(),
            block,
            ring: NIL,
            n: 0,
        });
        Some(id)
    }

    pub(super) fn ring_link(&mut self, t: u32, q: u32) {
        let tb = self.tables[t as usize].as_mut().expect("table");
        let head = tb.ring;
        tb.n += 1;
        if head == NIL {
            tb.ring = q;
            let qq = self.query_mut(q);
            qq.ring_prev = q;
            qq.ring_next = q;
            return;
        }
        let tail = self.query_mut(head).ring_prev;
        self.query_mut(tail).ring_next = q;
        self.query_mut(head).ring_prev = q;
        let qq = self.query_mut(q);
        qq.ring_prev = tail;
        qq.ring_next = head;
    }

    fn query_mut(&mut self, q: u32) -> &mut Query {
        &mut self.queries.get_mut(q).expect("query").data
    }

    pub(super) fn ring_unlink(&mut self, t: u32, q: u32, query: &Query) {
        let Some(tb) = self.tables[t as usize].as_mut() else {
            return;
        };
        tb.n -= 1;
        if query.ring_next == q {
            tb.ring = NIL;
            return;
        }
        if tb.ring == q {
            tb.ring = query.ring_next;
        }
        self.query_mut(query.ring_prev).ring_next = query.ring_next;
        self.query_mut(query.ring_next).ring_prev = query.ring_prev;
    }
}
