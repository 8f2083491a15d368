//! The transposition table: search results keyed by Zobrist key, sized in MiB, replaced by
//! depth and age, shared without locks by the threads of a search (Lazy SMP).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
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

/// The fields of one slot, packed into 64 bits: move (bits 0–15), score (16–31), static
/// evaluation (32–47), depth (48–55), flags (56–63: bits 0–1 the bound, 0 for an empty slot,
/// 1 exact, 2 lower, 3 upper; bits 2–7 the age).
#[derive(Clone, Copy, Default)]
struct Data {
    mv: u16,
    score: i16,
    eval: i16,
    depth: i8,
    flags: u8,
}

impl Data {
    #[inline]
    fn pack(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.flags) << 56
    }

    #[inline]
    fn unpack(w: u64) -> Data {
        Data {
            mv: w as u16,
            score: (w >> 16) as u16 as i16,
            eval: (w >> 32) as u16 as i16,
            depth: (w >> 48) as u8 as i8,
            flags: (w >> 56) as u8,
        }
    }
}

/// One slot: the data word and the key xor-ed with it. A slot torn by two threads writing
/// at once fails the key check instead of yielding another position's data (the "lockless
/// hashing" of Hyatt and Mann).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// Returns the slot's key and data as one consistent pair (an empty or torn slot gives a
    /// key that matches no position it could be asked for, except by a 64-bit accident).
    #[inline]
    fn load(&self) -> (u64, Data) {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        (key, Data::unpack(data))
    }

    #[inline]
    fn save(&self, key: u64, d: Data) {
        let data = d.pack();
        self.check.store(key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// A fixed-size hash table of search results, shared by the threads of one search (every
/// method takes `&self`; entries are atomic pairs, see [`TranspositionTable::probe`]). One
/// slot per index; a new result replaces the old one when it comes from a newer search, is
/// for the same position, or is at least as deep.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    age: AtomicU8,
}

impl TranspositionTable {
    /// Creates a table of about `mib` mebibytes (at least one slot).
    pub fn new(mib: usize) -> TranspositionTable {
        let n = (mib.max(1) * 1024 * 1024 / SLOT_BYTES).max(1);
        TranspositionTable {
            slots: (0..n).map(|_| Slot::default()).collect(),
            age: AtomicU8::new(0),
        }
    }

    /// Returns the size in mebibytes (rounded down).
    pub fn size_mib(&self) -> usize {
        self.slots.len() * SLOT_BYTES / (1024 * 1024)
    }

    /// Empties the table (for a new game). Not to be called while a search runs.
    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so older entries become preferred for replacement.
    /// Called once per search, by the main thread only.
    pub fn new_search(&self) {
        let age = self.age.load(Ordering::Relaxed);
        self.age.store((age + 1) & 0x3f, Ordering::Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Looks up `key`; returns the stored entry when the full key matches. The two words
    /// of a slot are read without a lock: a slot half-written by another thread does not
    /// match, so a probe never mixes two positions' data.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (k, s) = self.slots[self.index(key)].load();
        if k != key || s.flags & 3 == 0 {
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
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[self.index(key)];
        let (old_key, old) = slot.load();
        let age = self.age.load(Ordering::Relaxed);
        let same = old_key == key;
        let old_age = old.flags >> 2;
        let replace = old.flags & 3 == 0
            || same
            || old_age != age
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
        slot.save(
            key,
            Data {
                mv,
                score: entry.score.clamp(i16::MIN as i32 + 1, i16::MAX as i32) as i16,
                eval: entry.eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                depth: entry.depth.clamp(-1, 127) as i8,
                flags: bound_bits | (age << 2),
            },
        );
    }

    /// Returns how full the table is, in permille of a sample of slots used by this search.
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let age = self.age.load(Ordering::Relaxed);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let (_, d) = s.load();
                d.flags & 3 != 0 && d.flags >> 2 == age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let tt = TranspositionTable::new(1);
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

    #[test]
    fn packing_round_trips_extreme_values() {
        let tt = TranspositionTable::new(1);
        let m: Move = "a0a9".parse().unwrap();
        for (score, eval, depth) in [(-32767, i16::MIN as i32, -1), (32767, 32767, 127)] {
            let key = 0x0123_4567_89ab_cdef ^ score as u64;
            let e = Entry {
                mv: Some(m),
                score,
                eval,
                depth,
                bound: Bound::Upper,
            };
            tt.store(key, e);
            assert_eq!(tt.probe(key), Some(e));
        }
    }

    #[test]
    fn a_torn_slot_matches_no_key() {
        let tt = TranspositionTable::new(1);
        let key = 0xfeed_f00d_0000_0001;
        tt.store(
            key,
            Entry {
                mv: None,
                score: 5,
                eval: 5,
                depth: 3,
                bound: Bound::Exact,
            },
        );
        // Another thread's data word lands without its check word.
        let slot = &tt.slots[tt.index(key)];
        slot.data.store(0x1234_5678_9abc_def1, Ordering::Relaxed);
        assert_eq!(tt.probe(key), None);
    }
}
