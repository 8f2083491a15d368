//! Limits that belong to a seat or a room rather than to one socket: a player who presents
//! the seat again on a new socket keeps the seat's spent allowance, so reconnecting gives no
//! fresh burst. The room actor holds a [`SeatLimits`] per seat (it follows the seat when the
//! colours swap) and a [`RoomEvents`] budget per room; the registry holds [`WatcherHellos`],
//! one limit per client address across all rooms. A refused message gets the
//! `rate_limited` error and changes nothing.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

/// What a seat does that is limited per seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatAction {
    /// A `chat` message (every one counts, refused or not).
    Chat,
    /// A `name` that changes the seat's display name.
    Name,
    /// A draw offer that is stored (not one that accepts the opponent's).
    DrawOffer,
    /// A new-round request that is stored, or a new round against the computer.
    NewRound,
}

impl SeatAction {
    /// Returns the burst and the time after which one more is allowed.
    const fn quota(self) -> (u32, Duration) {
        match self {
            SeatAction::Chat => (5, Duration::from_secs(2)),
            SeatAction::Name => (3, Duration::from_secs(20)),
            SeatAction::DrawOffer => (3, Duration::from_secs(20)),
            SeatAction::NewRound => (10, Duration::from_secs(6)),
        }
    }

    /// Returns what the refusal calls the action, with its limit.
    const fn describe(self) -> &'static str {
        match self {
            SeatAction::Chat => "too many chat lines: at most 5 in 10 s",
            SeatAction::Name => "too many name changes: 3, then one every 20 s",
            SeatAction::DrawOffer => "too many draw offers: 3, then one every 20 s",
            SeatAction::NewRound => "too many new-round requests: 10, then one every 6 s",
        }
    }
}

/// Why a message was refused by a seat's or a room's limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Limited {
    /// The seat did this too often.
    Seat {
        /// What it did.
        action: SeatAction,
        /// How long until one more is allowed.
        wait: Duration,
    },
    /// The room stored too many events other than moves this minute.
    Room {
        /// How long until one more is allowed.
        wait: Duration,
    },
}

impl Limited {
    /// The wait until one more is allowed, in whole seconds rounded up (at least 1): the
    /// `retry_after_s` of the `rate_limited` error the room sends.
    pub fn retry_after_s(&self) -> u64 {
        let (Limited::Seat { wait, .. } | Limited::Room { wait }) = self;
        wait.as_secs_f64().ceil().max(1.0) as u64
    }
}

impl std::fmt::Display for Limited {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self {
            Limited::Seat { action, .. } => action.describe(),
            Limited::Room { .. } => {
                "this room has stored too many chat lines, names and offers this minute"
            }
        };
        write!(f, "{what}; try again in {} s", self.retry_after_s())
    }
}

impl std::error::Error for Limited {}

/// Returns a limiter of `burst` at once, then one more every `every`.
fn direct(burst: u32, every: Duration) -> Option<DefaultDirectRateLimiter> {
    let burst = NonZeroU32::new(burst)?;
    Quota::with_period(every).map(|q| RateLimiter::direct(q.allow_burst(burst)))
}

/// Returns the wait a refusal of a limiter names.
fn wait_of(not_until: &governor::NotUntil<<DefaultClock as Clock>::Instant>) -> Duration {
    not_until.wait_time_from(DefaultClock::default().now())
}

/// The limits of one seat, kept across its connections (see the module's page).
pub struct SeatLimits {
    chat: Option<DefaultDirectRateLimiter>,
    names: Option<DefaultDirectRateLimiter>,
    draw_offers: Option<DefaultDirectRateLimiter>,
    new_rounds: Option<DefaultDirectRateLimiter>,
}

impl Default for SeatLimits {
    fn default() -> SeatLimits {
        let of = |a: SeatAction| {
            let (burst, every) = a.quota();
            direct(burst, every)
        };
        SeatLimits {
            chat: of(SeatAction::Chat),
            names: of(SeatAction::Name),
            draw_offers: of(SeatAction::DrawOffer),
            new_rounds: of(SeatAction::NewRound),
        }
    }
}

impl SeatLimits {
    /// Takes one `action` from the seat's allowance.
    ///
    /// # Errors
    /// [`Limited::Seat`] when none is left, with the wait until the next.
    pub fn take(&self, action: SeatAction) -> Result<(), Limited> {
        let limiter = match action {
            SeatAction::Chat => &self.chat,
            SeatAction::Name => &self.names,
            SeatAction::DrawOffer => &self.draw_offers,
            SeatAction::NewRound => &self.new_rounds,
        };
        match limiter.as_ref().map(RateLimiter::check) {
            Some(Err(not_until)) => Err(Limited::Seat {
                action,
                wait: wait_of(&not_until),
            }),
            _ => Ok(()),
        }
    }
}

/// A room's budget of stored events other than moves and game endings per minute (chat
/// lines, names, draw offers and declines, new-round requests and declines), both seats
/// together.
pub struct RoomEvents(Option<DefaultDirectRateLimiter>);

impl RoomEvents {
    /// Returns a budget of `per_minute` events a minute, in bursts of as many; 0: none.
    pub fn new(per_minute: u32) -> RoomEvents {
        RoomEvents(NonZeroU32::new(per_minute).map(|n| RateLimiter::direct(Quota::per_minute(n))))
    }

    /// Takes one event from the budget.
    ///
    /// # Errors
    /// [`Limited::Room`] when none is left, with the wait until the next.
    pub fn take(&self) -> Result<(), Limited> {
        match self.0.as_ref().map(RateLimiter::check) {
            Some(Err(not_until)) => Err(Limited::Room {
                wait: wait_of(&not_until),
            }),
            _ => Ok(()),
        }
    }
}

/// The limit on watcher hellos per client address (as [`crate::rate::client_key`] gives
/// it), across all rooms of this node: connect, hello, close loops cannot make a room tell
/// its players about thousands of watchers. Cloning gives another handle to the same limit.
#[derive(Clone)]
pub struct WatcherHellos(Option<std::sync::Arc<DefaultKeyedRateLimiter<IpAddr>>>);

impl WatcherHellos {
    /// Returns a limit of `per_minute` watcher hellos a minute per address, in bursts of as
    /// many; 0: no limit.
    pub fn new(per_minute: u32) -> WatcherHellos {
        WatcherHellos(
            NonZeroU32::new(per_minute)
                .map(|n| std::sync::Arc::new(RateLimiter::keyed(Quota::per_minute(n)))),
        )
    }

    /// Takes one watcher hello of `client`.
    ///
    /// # Errors
    /// The wait until the address may watch again.
    pub fn take(&self, client: IpAddr) -> Result<(), Duration> {
        match self.0.as_ref().map(|l| l.check_key(&client)) {
            Some(Err(not_until)) => Err(wait_of(&not_until)),
            _ => Ok(()),
        }
    }

    /// Forgets the addresses whose allowance is full again.
    pub fn prune(&self) {
        if let Some(l) = &self.0 {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_action_has_its_burst() {
        let seat = SeatLimits::default();
        for (action, burst) in [
            (SeatAction::Chat, 5),
            (SeatAction::Name, 3),
            (SeatAction::DrawOffer, 3),
            (SeatAction::NewRound, 10),
        ] {
            for _ in 0..burst {
                assert_eq!(seat.take(action), Ok(()), "{action:?}");
            }
            let refused = seat.take(action).expect_err("past the burst");
            assert!(
                matches!(refused, Limited::Seat { action: a, .. } if a == action),
                "{refused:?}"
            );
        }
    }

    #[test]
    fn the_room_budget_and_watcher_hellos_run_out_and_zero_means_no_limit() {
        let room = RoomEvents::new(2);
        assert_eq!(room.take(), Ok(()));
        assert_eq!(room.take(), Ok(()));
        let e = room.take().expect_err("spent");
        assert!(e.to_string().starts_with("this room has stored"), "{e}");
        let hellos = WatcherHellos::new(1);
        let a = IpAddr::from([192, 0, 2, 1]);
        assert_eq!(hellos.take(a), Ok(()));
        assert!(hellos.take(a).is_err());
        assert_eq!(
            hellos.take(IpAddr::from([192, 0, 2, 2])),
            Ok(()),
            "per address"
        );
        let none = (RoomEvents::new(0), WatcherHellos::new(0));
        for _ in 0..1000 {
            assert_eq!(none.0.take(), Ok(()));
            assert_eq!(none.1.take(a), Ok(()));
        }
    }
}
