//! A queue that serves its clients in turn: one lane per client, first come first served
//! within a lane, and the lanes taken round-robin. A client with many waiting items delays
//! only itself; any other client waits for at most one item of each client ahead of it.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

/// Items of type `T` waiting in lanes keyed by client `K`.
#[derive(Debug)]
pub struct FairQueue<K, T> {
    lanes: HashMap<K, VecDeque<T>>,
    /// The clients with a waiting item, in the order they will be served.
    turns: VecDeque<K>,
    len: usize,
}

impl<K: Hash + Eq + Clone, T> FairQueue<K, T> {
    /// Returns an empty queue.
    pub fn new() -> FairQueue<K, T> {
        FairQueue {
            lanes: HashMap::new(),
            turns: VecDeque::new(),
            len: 0,
        }
    }

    /// Puts `item` at the end of `client`'s lane; a client that had nothing waiting takes
    /// its turn after every client already waiting.
    pub fn push(&mut self, client: K, item: T) {
        let lane = self.lanes.entry(client.clone()).or_default();
        if lane.is_empty() {
            self.turns.push_back(client);
        }
        lane.push_back(item);
        self.len += 1;
    }

    /// Takes the first item of the client whose turn it is; that client, if it has more
    /// waiting, goes to the back of the turns. `None` when nothing waits.
    pub fn pop(&mut self) -> Option<(K, T)> {
        let client = self.turns.pop_front()?;
        let lane = self.lanes.get_mut(&client)?;
        let item = lane.pop_front()?;
        if lane.is_empty() {
            self.lanes.remove(&client);
        } else {
            self.turns.push_back(client.clone());
        }
        self.len -= 1;
        Some((client, item))
    }

    /// Returns the number of waiting items, all clients together.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Returns whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Returns the number of clients with at least one waiting item.
    pub fn clients(&self) -> usize {
        self.turns.len()
    }

    /// Returns the first waiting item of each client (the oldest of its lane), in no
    /// particular order.
    pub fn fronts(&self) -> impl Iterator<Item = &T> {
        self.lanes.values().filter_map(VecDeque::front)
    }
}

impl<K: Hash + Eq + Clone, T> Default for FairQueue<K, T> {
    fn default() -> FairQueue<K, T> {
        FairQueue::new()
    }
}

#[cfg(test)]
mod tests {
    use super::FairQueue;

    fn drain(q: &mut FairQueue<&'static str, u32>) -> Vec<(&'static str, u32)> {
        std::iter::from_fn(|| q.pop()).collect()
    }

    #[test]
    fn one_client_is_first_come_first_served() {
        let mut q = FairQueue::new();
        for i in 0..4 {
            q.push("a", i);
        }
        assert_eq!(q.len(), 4);
        assert_eq!(q.clients(), 1);
        assert_eq!(drain(&mut q), vec![("a", 0), ("a", 1), ("a", 2), ("a", 3)]);
        assert!(q.is_empty());
        assert_eq!(q.clients(), 0);
    }

    #[test]
    fn a_crowded_client_does_not_hold_up_a_later_one() {
        // Client "a" queues eight searches, then "b" one: "b" is served second, not ninth.
        let mut q = FairQueue::new();
        for i in 0..8 {
            q.push("a", i);
        }
        q.push("b", 100);
        assert_eq!(q.clients(), 2);
        let order = drain(&mut q);
        assert_eq!(order[0], ("a", 0));
        assert_eq!(order[1], ("b", 100));
        assert_eq!(
            order[2..].iter().map(|p| p.1).collect::<Vec<_>>(),
            (1..8).collect::<Vec<_>>()
        );
    }

    #[test]
    fn clients_take_turns_round_robin() {
        let mut q = FairQueue::new();
        for i in 0..3 {
            q.push("a", i);
        }
        for i in 10..12 {
            q.push("b", i);
        }
        q.push("c", 20);
        assert_eq!(
            drain(&mut q),
            vec![
                ("a", 0),
                ("b", 10),
                ("c", 20),
                ("a", 1),
                ("b", 11),
                ("a", 2)
            ]
        );
    }

    #[test]
    fn the_fronts_are_the_first_item_of_each_lane() {
        let mut q = FairQueue::new();
        assert_eq!(q.fronts().count(), 0);
        q.push("a", 0);
        q.push("a", 1);
        q.push("b", 10);
        let mut fronts: Vec<u32> = q.fronts().copied().collect();
        fronts.sort_unstable();
        assert_eq!(fronts, vec![0, 10]);
        assert_eq!(q.pop(), Some(("a", 0)));
        let mut fronts: Vec<u32> = q.fronts().copied().collect();
        fronts.sort_unstable();
        assert_eq!(fronts, vec![1, 10]);
    }

    #[test]
    fn a_client_that_comes_back_waits_behind_those_waiting() {
        let mut q = FairQueue::new();
        q.push("a", 0);
        q.push("b", 10);
        assert_eq!(q.pop(), Some(("a", 0)));
        // "a" had nothing left; its new item goes after "b"'s turn and "c"'s.
        q.push("c", 20);
        q.push("a", 1);
        assert_eq!(drain(&mut q), vec![("b", 10), ("c", 20), ("a", 1)]);
        assert_eq!(q.pop(), None);
    }
}
