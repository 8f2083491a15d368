//! The transposition table: search results keyed by Zobrist key, sized in MiB, replaced by
//! depth and age.

use xiangqi::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact (a principal-variation node).
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best or refuting move found, if any.
    pub mv: Option<Move>,
    /// Score in centipawns, mate scores relative to this node (see [`crate::search`]).
    pub score: i32,
    /// Static evaluation in centipawns (`i16::MIN` when not computed).
    pub eval: i32,
    /// Remaining depth of the search that produced the entry, in plies.
    pub depth: i32,
    /// How to read `score`.
    pub bound: Bound,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    mv: u16,
    score: i16,
    eval: i16,
    depth: i8,
    /// Bits 0–1: bound (0 empty, 1 exact, 2 lower, 3 upper); bits 2–7: age.
    flags: u8,
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// A fixed-size hash table of search results. One slot per index; a new result replaces the
/// old one when it comes from a newer search, is for the same position, or is at least as
/// deep.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    age: u8,
}

impl TranspositionTable {
    /// Creates a table of about `mib` mebibytes (at least one slot).
    pub fn new(mib: usize) -> TranspositionTable {
        let n = (mib.max(1) * 1024 * 1024 / SLOT_BYTES).max(1);
        TranspositionTable {
            slots: vec![Slot::default(); n],
            age: 0,
        }
    }

    /// Returns the size in mebibytes (rounded down).
    pub fn size_mib(&self) -> usize {
        self.slots.len() * SLOT_BYTES / (1024 * 1024)
    }

    /// Empties the table (for a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
        self.age = 0;
    }

    /// Marks the start of a new search, so older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3f;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Looks up `key`; returns the stored entry when the full key matches.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.slots[self.index(key)];
        if s.key != key || s.flags & 3 == 0 {
            return None;
        }
        let bound = match s.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            mv: if s.mv == 0 {
                None
            } else {
                Move::from_u16(s.mv)
            },
            score: s.score as i32,
            eval: s.eval as i32,
            depth: s.depth as i32,
            bound,
        })
    }

    /// Stores a result for `key`: score and eval in centipawns (clamped to 16 bits), depth
    /// in plies. Keeps the old move when the new result has none for the same position.
    #[inline]
    pub fn store(&mut self, key: u64, entry: Entry) {
        let i = self.index(key);
        let old = self.slots[i];
        let same = old.key == key;
        let old_age = old.flags >> 2;
        let replace = old.flags & 3 == 0
            || same
            || old_age != self.age
            || entry.depth + 2 >= old.depth as i32
            || entry.bound == Bound::Exact;
        if !replace {
            return;
        }
        let mv = match entry.mv {
            Some(m) => m.to_u16(),
            None if same => old.mv,
            None => 0,
        };
        let bound_bits = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        self.slots[i] = Slot {
            key,
            mv,
            score: entry.score.clamp(i16::MIN as i32 + 1, i16::MAX as i32) as i16,
            eval: entry.eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: entry.depth.clamp(-1, 127) as i8,
            flags: bound_bits | (self.age << 2),
        };
    }

    /// Returns how full the table is, in permille of a sample of slots used by this search.
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| s.flags & 3 != 0 && s.flags >> 2 == self.age)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let mut tt = TranspositionTable::new(1);
        let m: Move = "h2e2".parse().unwrap();
        let e = Entry {
            mv: Some(m),
            score: -123,
            eval: 45,
            depth: 7,
            bound: Bound::Lower,
        };
        tt.store(0xdead_beef_1234_5678, e);
        assert_eq!(tt.probe(0xdead_beef_1234_5678), Some(e));
        assert_eq!(tt.probe(0x1234), None);
        assert!(tt.size_mib() <= 1);
        tt.clear();
        assert_eq!(tt.probe(0xdead_beef_1234_5678), None);
    }
}
