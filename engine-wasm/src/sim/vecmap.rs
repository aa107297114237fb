//! A map kept as a vector sorted by key: for the engine's small maps (reads in
//! flight, snapshots), where a binary search over a few dozen entries beats a
//! `BTreeMap` in time and the wasm build saves one B-tree instantiation per map.
//! Same order and results as a `BTreeMap`.

/// Entries sorted by key, keys unique.
#[derive(Clone, Debug)]
pub struct VecMap<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> Default for VecMap<K, V> {
    fn default() -> Self {
        VecMap {
            entries: Vec::new(),
        }
    }
}

impl<K: Ord + Copy, V> VecMap<K, V> {
    fn find(&self, key: K) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.cmp(&key))
    }

    /// The value of `key`.
    pub fn get(&self, key: K) -> Option<&V> {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    /// The value of `key`, mutable.
    pub fn get_mut(&mut self, key: K) -> Option<&mut V> {
        match self.find(key) {
            Ok(i) => Some(&mut self.entries[i].1),
            Err(_) => None,
        }
    }

    /// Sets `key` to `value`, returning the previous value.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: K) -> Option<V> {
        self.find(key).ok().map(|i| self.entries.remove(i).1)
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True without entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Values in key order.
    pub fn values(&self) -> impl Iterator<Item = &V> + '_ {
        self.entries.iter().map(|(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::VecMap;

    #[test]
    fn behaves_like_an_ordered_map() {
        let mut m = VecMap::default();
        assert_eq!(m.insert(5, 'a'), None);
        assert_eq!(m.insert(1, 'b'), None);
        assert_eq!(m.insert(3, 'c'), None);
        assert_eq!(m.insert(5, 'd'), Some('a'));
        assert_eq!(m.values().copied().collect::<String>(), "bcd");
        if let Some(v) = m.get_mut(3) {
            *v = 'e';
        }
        assert_eq!((m.get(3), m.get(4), m.len()), (Some(&'e'), None, 3));
        assert_eq!((m.remove(1), m.remove(1)), (Some('b'), None));
        assert_eq!(m.values().copied().collect::<String>(), "ed");
        assert!(!m.is_empty());
    }
}
