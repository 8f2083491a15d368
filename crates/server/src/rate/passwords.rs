//! Password guessing: the growing wait per room and address after wrong passwords, and the
//! budget of wrong passwords per room across all addresses, past which the room is under
//! siege for a while (see [`PasswordDelays`]).
//!
//! A siege answers 429 `rate_limited` with `Retry-After` to every address that already gave
//! a wrong password for the room, without checking what it sent (no argon2 work); an address
//! with a clean record for the room is still checked at once, so an honest player who comes
//! with the right password is let in during an attack, and a guesser gets at most one check
//! per address while the siege lasts. A player who mistyped during a siege waits it out (at
//! most [`MAX_SIEGE`]).

use crate::ids::RoomCode;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Longest wait after wrong passwords, however many there were.
pub const MAX_PASSWORD_DELAY: Duration = Duration::from_secs(300);
/// A room and address whose wait ended this long ago are forgotten (the count starts again).
const FORGET_STRIKES_AFTER: Duration = Duration::from_secs(3600);
/// The first siege of a room lasts this long; each further one twice as long as the last.
pub const FIRST_SIEGE: Duration = Duration::from_secs(6);
/// Longest siege, however many came before.
pub const MAX_SIEGE: Duration = Duration::from_secs(300);
/// A room whose last siege ended this long ago starts again from [`FIRST_SIEGE`], and its
/// record is forgotten once its budget is full again.
pub const FORGET_SIEGES_AFTER: Duration = Duration::from_secs(600);

/// Why a password is not checked now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// This address gave wrong passwords for the room and must wait this long.
    Address(Duration),
    /// The room is under siege (too many wrong passwords from all addresses) and this
    /// address gave a wrong one: it waits until the siege ends, this long.
    Siege(Duration),
}

impl Refused {
    /// Returns how long to wait before trying again.
    pub fn wait(self) -> Duration {
        match self {
            Refused::Address(d) | Refused::Siege(d) => d,
        }
    }
}

/// The wrong-password record of one room and address.
#[derive(Clone, Copy, Debug)]
struct Strikes {
    /// Wrong passwords in a row.
    wrong: u32,
    /// No new try before this.
    until: Instant,
    /// A check of this address's password for this room is running.
    checking: bool,
}

/// The wrong-password budget of one room, across all addresses: a token bucket.
#[derive(Clone, Copy, Debug)]
struct RoomBudget {
    /// Wrong passwords the room may still take before a siege (at most the budget).
    tokens: f64,
    /// When `tokens` was last brought up to date.
    at: Instant,
    /// The siege lasts until then (in the past: none).
    siege_until: Instant,
    /// How many sieges in a row (each doubles the next), reset after a quiet while.
    sieges: u32,
}

/// The waits after wrong passwords. Per room and address: after the n-th wrong password in
/// a row (n ≥ 2; the first costs nothing, so a typo can be retyped at once), that address
/// may not try that room's password again for `base × 2^(n-2)` (at most
/// [`MAX_PASSWORD_DELAY`]); the right password clears the count. Per room: a wrong password
/// past `per_minute` a minute (from any addresses) starts a siege of [`FIRST_SIEGE`],
/// doubled for each siege that follows within [`FORGET_SIEGES_AFTER`] of the last (at most
/// [`MAX_SIEGE`]); see the module's page for what a siege refuses.
pub struct PasswordDelays {
    base: Duration,
    per_minute: u32,
    strikes: Mutex<HashMap<(RoomCode, IpAddr), Strikes>>,
    rooms: Mutex<HashMap<RoomCode, RoomBudget>>,
}

impl PasswordDelays {
    /// Returns an empty record whose first wait per address is `base` (zero: never wait)
    /// and whose rooms take `per_minute` wrong passwords a minute, in bursts of as many,
    /// before a siege (0: no siege).
    pub fn new(base: Duration, per_minute: u32) -> PasswordDelays {
        PasswordDelays {
            base,
            per_minute,
            strikes: Mutex::new(HashMap::new()),
            rooms: Mutex::new(HashMap::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(RoomCode, IpAddr), Strikes>> {
        // Every operation is one map call: the map stays consistent even after a panic.
        self.strikes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn lock_rooms(&self) -> std::sync::MutexGuard<'_, HashMap<RoomCode, RoomBudget>> {
        // As above: one map call per holder.
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts a check of a password `ip` gave for room `code`, unless that address must
    /// still wait, has another check of that room's password running (so parallel guesses
    /// do not slip past the wait), or gave a wrong one for a room under siege; report the
    /// outcome on the [`Attempt`].
    ///
    /// # Errors
    /// [`Refused`], with the time to wait before trying again.
    pub fn begin(&self, code: &RoomCode, ip: IpAddr) -> Result<Attempt<'_>, Refused> {
        self.begin_at(code, ip, Instant::now())
    }

    fn begin_at(&self, code: &RoomCode, ip: IpAddr, now: Instant) -> Result<Attempt<'_>, Refused> {
        if self.base.is_zero() && self.per_minute == 0 {
            return Ok(Attempt {
                delays: self,
                key: None,
                reserved: false,
            });
        }
        let key = (code.clone(), ip);
        let mut map = self.lock();
        let entry = map.entry(key.clone()).or_insert(Strikes {
            wrong: 0,
            until: now,
            checking: false,
        });
        if entry.until > now {
            return Err(Refused::Address(entry.until - now));
        }
        if entry.checking {
            return Err(Refused::Address(CHECK_RUNNING_WAIT));
        }
        // An address that guessed wrong needs one of the room's wrong passwords before its
        // check starts (so parallel guesses cannot overrun the budget); given back if right.
        let reserved = entry.wrong > 0 && self.per_minute > 0;
        if reserved {
            self.take(code, now).map_err(Refused::Siege)?;
        }
        entry.checking = true;
        Ok(Attempt {
            delays: self,
            key: Some(key),
            reserved,
        })
    }

    fn wrong_at(&self, key: &(RoomCode, IpAddr), reserved: bool, now: Instant) -> Duration {
        if !reserved {
            // During a siege this takes nothing: the siege goes on as it is.
            let _ = self.take(&key.0, now);
        }
        let mut map = self.lock();
        let entry = map.entry(key.clone()).or_insert(Strikes {
            wrong: 0,
            until: now,
            checking: false,
        });
        entry.wrong = entry.wrong.saturating_add(1);
        // The first wrong password costs nothing, so a person may retype a typo at once.
        let wait = match entry.wrong {
            0 | 1 => Duration::ZERO,
            _ if self.base.is_zero() => Duration::ZERO,
            n => self
                .base
                .saturating_mul(1u32 << (n - 2).min(31))
                .min(MAX_PASSWORD_DELAY),
        };
        entry.until = now + wait;
        wait
    }

    /// Takes one wrong password from room `code`'s budget.
    ///
    /// # Errors
    /// How long the siege lasts, when one is on or none was left (which starts one).
    fn take(&self, code: &RoomCode, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let full = f64::from(self.per_minute);
        let mut rooms = self.lock_rooms();
        let room = rooms.entry(code.clone()).or_insert(RoomBudget {
            tokens: full,
            at: now,
            siege_until: now,
            sieges: 0,
        });
        let refill = now.saturating_duration_since(room.at).as_secs_f64() * full / 60.0;
        room.tokens = (room.tokens + refill).min(full);
        room.at = now;
        if room.siege_until > now {
            return Err(room.siege_until - now);
        }
        if room.tokens >= 1.0 {
            room.tokens -= 1.0;
            return Ok(());
        }
        if room.siege_until + FORGET_SIEGES_AFTER < now {
            room.sieges = 0;
        }
        let length = siege_length(room.sieges);
        room.siege_until = now + length;
        room.sieges = room.sieges.saturating_add(1);
        tracing::warn!(room = %code, sieges = room.sieges, "room under password siege");
        Err(length)
    }

    /// Gives back a wrong password taken from room `code`'s budget (the password was right).
    fn give_back(&self, code: &RoomCode) {
        let full = f64::from(self.per_minute);
        if let Some(room) = self.lock_rooms().get_mut(code) {
            room.tokens = (room.tokens + 1.0).min(full);
        }
    }

    /// Forgets the records whose wait ended long ago, so the maps do not grow without end.
    pub fn prune(&self) {
        self.prune_at(Instant::now());
    }

    fn prune_at(&self, now: Instant) {
        self.lock()
            .retain(|_, s| s.checking || s.until + FORGET_STRIKES_AFTER > now);
        self.lock_rooms()
            .retain(|_, r| r.siege_until + FORGET_SIEGES_AFTER > now);
    }

    /// Returns how many rooms and addresses have a record.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Says whether no room and address has a record.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Returns the length of a room's siege after `before` sieges in a row.
fn siege_length(before: u32) -> Duration {
    FIRST_SIEGE
        .saturating_mul(1u32 << before.min(31))
        .min(MAX_SIEGE)
}

/// What a refused check waits when another check of the same room and address runs.
const CHECK_RUNNING_WAIT: Duration = Duration::from_secs(1);

/// A running password check (from [`PasswordDelays::begin`]); say how it ended with
/// [`Attempt::wrong`] or [`Attempt::right`]. Dropped without either (the request went away),
/// it counts as nothing.
pub struct Attempt<'a> {
    delays: &'a PasswordDelays,
    key: Option<(RoomCode, IpAddr)>,
    /// One of the room's wrong passwords was taken when the check began.
    reserved: bool,
}

impl Attempt<'_> {
    /// Records a wrong password; returns the wait the address now has for this room.
    pub fn wrong(&self) -> Duration {
        self.wrong_at(Instant::now())
    }

    fn wrong_at(&self, now: Instant) -> Duration {
        self.key.as_ref().map_or(Duration::ZERO, |key| {
            self.delays.wrong_at(key, self.reserved, now)
        })
    }

    /// Forgets the address's wrong passwords for this room (it gave the right one).
    pub fn right(&self) {
        if let Some(key) = &self.key {
            self.delays.lock().remove(key);
            if self.reserved {
                self.delays.give_back(&key.0);
            }
        }
    }
}

impl Drop for Attempt<'_> {
    fn drop(&mut self) {
        if let Some(key) = &self.key {
            if let Some(s) = self.delays.lock().get_mut(key) {
                s.checking = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs one check of `ip` for `code` at `now` that ends wrong; returns the new wait.
    fn guess_wrong(delays: &PasswordDelays, code: &RoomCode, ip: IpAddr, now: Instant) -> Duration {
        delays
            .begin_at(code, ip, now)
            .expect("may try")
            .wrong_at(now)
    }

    #[test]
    fn the_wait_after_wrong_passwords_doubles_and_the_right_one_clears_it() {
        let delays = PasswordDelays::new(Duration::from_secs(1), 0);
        let code = RoomCode::parse("ABCDEF").expect("code");
        let ip: IpAddr = "192.0.2.1".parse().expect("address");
        let other: IpAddr = "192.0.2.2".parse().expect("address");
        let t0 = Instant::now();
        assert_eq!(
            guess_wrong(&delays, &code, ip, t0),
            Duration::ZERO,
            "a typo is free"
        );
        assert_eq!(guess_wrong(&delays, &code, ip, t0), Duration::from_secs(1));
        assert!(delays.begin_at(&code, ip, t0).is_err());
        assert!(
            delays.begin_at(&code, other, t0).is_ok(),
            "only that address waits"
        );
        let t1 = t0 + Duration::from_millis(1001);
        assert_eq!(guess_wrong(&delays, &code, ip, t1), Duration::from_secs(2));
        let t2 = t1 + Duration::from_secs(3);
        assert_eq!(guess_wrong(&delays, &code, ip, t2), Duration::from_secs(4));
        let mut t = t2;
        for _ in 0..40 {
            t += MAX_PASSWORD_DELAY;
            guess_wrong(&delays, &code, ip, t);
        }
        t += MAX_PASSWORD_DELAY;
        assert_eq!(guess_wrong(&delays, &code, ip, t), MAX_PASSWORD_DELAY);
        t += MAX_PASSWORD_DELAY;
        delays.begin_at(&code, ip, t).expect("may try").right();
        assert!(delays.begin_at(&code, ip, t).is_ok());
    }

    #[test]
    fn parallel_guesses_of_one_address_are_checked_one_at_a_time() {
        let delays = PasswordDelays::new(Duration::from_secs(1), 0);
        let code = RoomCode::parse("ABCDEF").expect("code");
        let ip: IpAddr = "192.0.2.1".parse().expect("address");
        let t0 = Instant::now();
        let first = delays.begin_at(&code, ip, t0).expect("may try");
        assert_eq!(
            delays.begin_at(&code, ip, t0).err(),
            Some(Refused::Address(CHECK_RUNNING_WAIT)),
            "a second guess while the first is checked waits"
        );
        drop(first);
        assert!(
            delays.begin_at(&code, ip, t0).is_ok(),
            "a dropped check counts as nothing"
        );
    }

    #[test]
    fn old_wrong_password_records_are_forgotten() {
        let delays = PasswordDelays::new(Duration::from_secs(1), 0);
        let code = RoomCode::parse("ABCDEF").expect("code");
        let t0 = Instant::now();
        guess_wrong(&delays, &code, "192.0.2.1".parse().expect("address"), t0);
        delays.prune_at(t0);
        assert_eq!(delays.len(), 1);
        delays.prune_at(t0 + FORGET_STRIKES_AFTER + Duration::from_secs(2));
        assert!(delays.is_empty());
    }

    #[test]
    fn past_the_room_budget_a_siege_refuses_struck_addresses_but_checks_clean_ones() {
        let delays = PasswordDelays::new(Duration::ZERO, 3);
        let code = RoomCode::parse("ABCDEF").expect("code");
        let ip = |n: u8| IpAddr::from([192, 0, 2, n]);
        let t0 = Instant::now();
        for n in 1..=3 {
            guess_wrong(&delays, &code, ip(n), t0);
        }
        // The budget is spent: an address that guessed wrong is not checked again, and the
        // siege (6 s) starts.
        assert_eq!(
            delays.begin_at(&code, ip(1), t0).err(),
            Some(Refused::Siege(FIRST_SIEGE))
        );
        assert_eq!(
            delays
                .begin_at(&code, ip(2), t0 + Duration::from_secs(1))
                .err(),
            Some(Refused::Siege(Duration::from_secs(5)))
        );
        // An address with no wrong password for the room is still checked, once.
        guess_wrong(&delays, &code, ip(4), t0);
        assert_eq!(
            delays.begin_at(&code, ip(4), t0).err(),
            Some(Refused::Siege(FIRST_SIEGE))
        );
        let honest = delays
            .begin_at(&code, ip(9), t0)
            .expect("a clean address is checked");
        honest.right();
        drop(honest);
        // At its end the budget has 0.3 back: the next struck guess starts a siege of 12 s.
        assert_eq!(
            delays.begin_at(&code, ip(1), t0 + FIRST_SIEGE).err(),
            Some(Refused::Siege(FIRST_SIEGE * 2))
        );
        let other = RoomCode::parse("GHJKMN").expect("code");
        assert!(delays.begin_at(&other, ip(1), t0).is_ok(), "only that room");
    }

    #[test]
    fn a_right_password_gives_its_share_of_the_budget_back() {
        let delays = PasswordDelays::new(Duration::ZERO, 2);
        let code = RoomCode::parse("ABCDEF").expect("code");
        let ip = IpAddr::from([192, 0, 2, 1]);
        let t0 = Instant::now();
        let tokens = || delays.lock_rooms().get(&code).map(|r| r.tokens);
        guess_wrong(&delays, &code, ip, t0);
        assert_eq!(tokens(), Some(1.0));
        let attempt = delays.begin_at(&code, ip, t0).expect("one left");
        assert_eq!(
            tokens(),
            Some(0.0),
            "a struck address takes its share first"
        );
        attempt.right();
        assert_eq!(tokens(), Some(1.0));
    }

    #[test]
    fn sieges_double_up_to_five_minutes_and_start_over_after_a_quiet_while() {
        assert_eq!(siege_length(0), Duration::from_secs(6));
        assert_eq!(siege_length(1), Duration::from_secs(12));
        assert_eq!(siege_length(5), Duration::from_secs(192));
        assert_eq!(siege_length(6), MAX_SIEGE);
        assert_eq!(siege_length(40), MAX_SIEGE);
        let delays = PasswordDelays::new(Duration::ZERO, 1);
        let code = RoomCode::parse("ABCDEF").expect("code");
        let ip = IpAddr::from([192, 0, 2, 1]);
        let mut t = Instant::now();
        guess_wrong(&delays, &code, ip, t);
        for expected in [6, 12, 24] {
            assert_eq!(
                delays.begin_at(&code, ip, t).err(),
                Some(Refused::Siege(Duration::from_secs(expected)))
            );
            t += Duration::from_secs(expected);
        }
        t += FORGET_SIEGES_AFTER + Duration::from_secs(60);
        guess_wrong(&delays, &code, ip, t);
        assert_eq!(
            delays.begin_at(&code, ip, t).err(),
            Some(Refused::Siege(FIRST_SIEGE))
        );
    }
}
