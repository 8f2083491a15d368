//! Admitting a new computer game (a computer room, or a new round against the computer): it
//! needs one of its address's places ([`ComputerQuota`]) and a place in the engine's queue
//! ([`ComputerPool::reserve`]); it holds both until it ends or its room unloads.

use super::quota::{ComputerLease, ComputerQuota, QuotaFull};
use super::{ComputerPool, EngineBusy, Reservation};
use std::net::IpAddr;

/// One admitted computer game: its address's place and its place in the engine's queue,
/// both given back when it is dropped.
#[derive(Debug)]
pub struct Admission {
    lease: ComputerLease,
    _reservation: Reservation,
}

/// Why a new computer game was refused; nothing was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The address already has as many computer games in progress as it may (429
    /// `too_many_computer_games`).
    TooManyGames(QuotaFull),
    /// The engine's queue is full for the whole node (503 `engine_busy`).
    EngineBusy(EngineBusy),
}

impl Admission {
    /// Returns the address whose game this is.
    pub fn client(&self) -> IpAddr {
        self.lease.client()
    }
}

/// Admits a new computer game of `client`: first its address's place from `quota`, then a
/// place in `pool`'s queue.
///
/// # Errors
/// [`Refused::TooManyGames`] when the address is at its cap (then the queue is not asked, and
/// no refusal is counted there); [`Refused::EngineBusy`] when the queue is full (then the
/// address's place is given back at once).
pub fn admit(
    quota: &ComputerQuota,
    pool: &ComputerPool,
    client: IpAddr,
) -> Result<Admission, Refused> {
    let lease = quota.lease(client).map_err(Refused::TooManyGames)?;
    let reservation = pool.reserve().map_err(Refused::EngineBusy)?;
    Ok(Admission {
        lease,
        _reservation: reservation,
    })
}

#[cfg(test)]
mod tests {
    use super::{admit, Refused};
    use crate::computer::quota::{ComputerQuota, QuotaFull};
    use crate::computer::ComputerPool;
    use std::net::{IpAddr, Ipv4Addr};

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 2));

    #[test]
    fn a_full_queue_refuses_and_gives_the_address_place_back() {
        let quota = ComputerQuota::new(4);
        // One worker and one waiting search: two games at most.
        let pool = ComputerPool::new(1, 1, 2000);
        let first = admit(&quota, &pool, A).expect("first");
        let second = admit(&quota, &pool, B).expect("second");
        assert_eq!(first.client(), A);
        let refused = admit(&quota, &pool, A).map(|_| ());
        assert!(
            matches!(refused, Err(Refused::EngineBusy(_))),
            "{refused:?}"
        );
        assert_eq!(quota.in_progress(A), 1, "the refused game keeps no place");
        assert_eq!((pool.load().reserved, pool.load().refused), (2, 1));
        drop(second);
        let third = admit(&quota, &pool, A).expect("a place was given back");
        assert_eq!(quota.in_progress(A), 2);
        drop((first, third));
        assert_eq!((pool.load().reserved, quota.in_progress(A)), (0, 0));
    }

    #[test]
    fn the_address_cap_is_checked_first_and_takes_no_queue_place() {
        let quota = ComputerQuota::new(1);
        let pool = ComputerPool::new(1, 2, 2000);
        let _game = admit(&quota, &pool, A).expect("first");
        assert_eq!(
            admit(&quota, &pool, A).map(|_| ()),
            Err(Refused::TooManyGames(QuotaFull { cap: 1 }))
        );
        assert_eq!((pool.load().reserved, pool.load().refused), (1, 0));
    }
}
