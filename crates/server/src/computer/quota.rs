//! The cap on computer games in progress per client address: a new computer room takes a
//! [`ComputerLease`], which its room gives back when the game ends or the room unloads.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// Counts each client address's computer games in progress (by its rate-limit key,
/// [`crate::rate::client_key`]) and refuses new ones past the cap. Cloning gives another
/// handle to the same counts.
#[derive(Clone, Debug)]
pub struct ComputerQuota {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    cap: usize,
}

/// The refusal of a lease: `client` already has `cap` computer games in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotaFull {
    /// The most computer games in progress per address.
    pub cap: usize,
}

/// One computer game in progress of one client address; dropping it gives the place back.
#[derive(Debug)]
pub struct ComputerLease {
    quota: ComputerQuota,
    client: IpAddr,
}

impl ComputerQuota {
    /// Returns counts with at most `cap` games in progress per address; 0: no cap.
    pub fn new(cap: usize) -> ComputerQuota {
        ComputerQuota {
            counts: Arc::new(Mutex::new(HashMap::new())),
            cap,
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<IpAddr, usize>> {
        // One insert or decrement per holder: the map is never left half-changed.
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes a place for a new computer game of `client`.
    ///
    /// # Errors
    /// [`QuotaFull`] when `client` already has the cap's number in progress.
    pub fn lease(&self, client: IpAddr) -> Result<ComputerLease, QuotaFull> {
        let mut counts = self.lock();
        let n = counts.entry(client).or_insert(0);
        if self.cap > 0 && *n >= self.cap {
            return Err(QuotaFull { cap: self.cap });
        }
        *n += 1;
        Ok(ComputerLease {
            quota: self.clone(),
            client,
        })
    }

    /// Returns the number of computer games `client` has in progress.
    pub fn in_progress(&self, client: IpAddr) -> usize {
        self.lock().get(&client).copied().unwrap_or(0)
    }
}

impl ComputerLease {
    /// Returns the address that holds the lease.
    pub fn client(&self) -> IpAddr {
        self.client
    }
}

impl Drop for ComputerLease {
    fn drop(&mut self) {
        let mut counts = self.quota.lock();
        if let Some(n) = counts.get_mut(&self.client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ComputerQuota, QuotaFull};
    use std::net::IpAddr;

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2));

    #[test]
    fn the_cap_counts_each_address_alone_and_a_dropped_lease_frees_its_place() {
        let quota = ComputerQuota::new(2);
        let first = quota.lease(A).expect("first");
        let second = quota.lease(A).expect("second");
        assert_eq!(quota.lease(A).map(|_| ()), Err(QuotaFull { cap: 2 }));
        assert_eq!(quota.in_progress(A), 2);
        let other = quota.lease(B).expect("another address has its own places");
        assert_eq!(first.client(), A);
        assert_eq!(other.client(), B);
        drop(first);
        assert_eq!(quota.in_progress(A), 1);
        let again = quota.lease(A).expect("a place was given back");
        drop((second, again, other));
        assert_eq!(quota.in_progress(A), 0);
        assert_eq!(quota.in_progress(B), 0);
        assert!(
            quota.lock().is_empty(),
            "nothing is kept for addresses with no game"
        );
    }

    #[test]
    fn a_zero_cap_means_no_cap() {
        let quota = ComputerQuota::new(0);
        let leases: Vec<_> = (0..50).map(|_| quota.lease(A).expect("no cap")).collect();
        assert_eq!(quota.in_progress(A), 50);
        drop(leases);
        assert_eq!(quota.in_progress(A), 0);
    }
}
