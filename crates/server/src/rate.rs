//! Per-address rate limits on the routes that create things or test passwords
//! (`tower_governor` on `POST /api/rooms`, `POST /api/rooms/{code}/join` and
//! `POST /api/puzzles`), and the growing wait per room and address after wrong passwords.
//! A refused request gets 429 `rate_limited` with `Retry-After` and changes nothing.

use crate::config::Config;
use crate::error::AppError;
use crate::ids::RoomCode;
use crate::listen::peer_ip;
use crate::AppState;
use axum::response::IntoResponse;
use axum::routing::MethodRouter;
use governor::middleware::NoOpMiddleware;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use std::time::Instant;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::{GovernorError, GovernorLayer};

/// Longest wait after wrong passwords, however many there were.
pub const MAX_PASSWORD_DELAY: Duration = Duration::from_secs(300);
/// A room and address whose wait ended this long ago are forgotten (the count starts again).
const FORGET_STRIKES_AFTER: Duration = Duration::from_secs(3600);

/// Keys requests by client address: an IPv4 address (also when written as IPv4-mapped IPv6)
/// or the /64 network of an IPv6 address, since one host commonly holds a whole /64.
/// Requests whose address is unknown (not served by the accept loop) share one key.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClientKey;

impl KeyExtractor for ClientKey {
    type Key = IpAddr;

    fn extract<T>(&self, req: &axum::http::Request<T>) -> Result<IpAddr, GovernorError> {
        Ok(client_key(peer_ip(req.extensions())))
    }
}

/// Returns the rate-limit key of a client address (see [`ClientKey`]).
pub fn client_key(ip: Option<IpAddr>) -> IpAddr {
    match ip {
        None => IpAddr::from([0, 0, 0, 0]),
        Some(IpAddr::V4(v4)) => IpAddr::V4(v4),
        Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

/// One route's limit: the governor's configuration, shared by the layer and the cleanup.
pub type Limit = Arc<GovernorConfig<ClientKey, NoOpMiddleware>>;

/// Builds a limit of `per_minute` requests a minute per key, in bursts of as many; `None`
/// when `per_minute` is 0 (no limit). `what` names the requests in the 429's message.
fn limit(per_minute: u32, what: &'static str) -> Option<Limit> {
    if per_minute == 0 {
        return None;
    }
    let period = Duration::from_secs(60) / per_minute;
    let config = GovernorConfigBuilder::default()
        .period(period.max(Duration::from_nanos(1)))
        .burst_size(per_minute)
        .key_extractor(ClientKey)
        .error_handler(move |e| match e {
            GovernorError::TooManyRequests { wait_time, .. } => {
                // The governor rounds the wait down to whole seconds; ask for one more.
                let retry_after_s = wait_time.saturating_add(1);
                AppError::RateLimited {
                    retry_after_s,
                    message: format!(
                        "too many {what} from this address; try again in {retry_after_s} s"
                    ),
                }
                .into_response()
            }
            other => AppError::Internal(format!("rate limit: {other}")).into_response(),
        })
        .finish()?;
    Some(Arc::new(config))
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

/// The growing wait per room and address after wrong passwords: after the n-th wrong
/// password in a row (n ≥ 2; the first costs nothing, so a typo can be retyped at once),
/// that address may not try that room's password again for `base × 2^(n-2)` (at most
/// [`MAX_PASSWORD_DELAY`]); the right password clears the count.
pub struct PasswordDelays {
    base: Duration,
    strikes: Mutex<HashMap<(RoomCode, IpAddr), Strikes>>,
}

impl PasswordDelays {
    /// Returns an empty record whose first wait is `base` (zero: never wait).
    pub fn new(base: Duration) -> PasswordDelays {
        PasswordDelays {
            base,
            strikes: Mutex::new(HashMap::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(RoomCode, IpAddr), Strikes>> {
        // Every operation is one map call: the map stays consistent even after a panic.
        self.strikes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts a check of a password `ip` gave for room `code`, unless that address must
    /// still wait or has another check of that room's password running (so parallel
    /// guesses do not slip past the wait); report the outcome on the [`Attempt`].
    ///
    /// # Errors
    /// The time to wait before trying again.
    pub fn begin(&self, code: &RoomCode, ip: IpAddr) -> Result<Attempt<'_>, Duration> {
        self.begin_at(code, ip, Instant::now())
    }

    fn begin_at(&self, code: &RoomCode, ip: IpAddr, now: Instant) -> Result<Attempt<'_>, Duration> {
        if self.base.is_zero() {
            return Ok(Attempt {
                delays: self,
                key: None,
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
            return Err(entry.until - now);
        }
        if entry.checking {
            return Err(CHECK_RUNNING_WAIT);
        }
        entry.checking = true;
        Ok(Attempt {
            delays: self,
            key: Some(key),
        })
    }

    fn wrong_at(&self, key: &(RoomCode, IpAddr), now: Instant) -> Duration {
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
            n => self
                .base
                .saturating_mul(1u32 << (n - 2).min(31))
                .min(MAX_PASSWORD_DELAY),
        };
        entry.until = now + wait;
        wait
    }

    /// Forgets the records whose wait ended long ago, so the map does not grow without end.
    pub fn prune(&self) {
        self.prune_at(Instant::now());
    }

    fn prune_at(&self, now: Instant) {
        self.lock()
            .retain(|_, s| s.checking || s.until + FORGET_STRIKES_AFTER > now);
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

/// What a refused check waits when another check of the same room and address runs.
const CHECK_RUNNING_WAIT: Duration = Duration::from_secs(1);

/// A running password check (from [`PasswordDelays::begin`]); say how it ended with
/// [`Attempt::wrong`] or [`Attempt::right`]. Dropped without either (the request went away),
/// it counts as nothing.
pub struct Attempt<'a> {
    delays: &'a PasswordDelays,
    key: Option<(RoomCode, IpAddr)>,
}

impl Attempt<'_> {
    /// Records a wrong password; returns the wait the address now has for this room.
    pub fn wrong(&self) -> Duration {
        self.wrong_at(Instant::now())
    }

    fn wrong_at(&self, now: Instant) -> Duration {
        self.key
            .as_ref()
            .map_or(Duration::ZERO, |key| self.delays.wrong_at(key, now))
    }

    /// Forgets the address's wrong passwords for this room (it gave the right one).
    pub fn right(&self) {
        if let Some(key) = &self.key {
            self.delays.lock().remove(key);
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

/// The limit on looking up room codes that do not exist, per client address: each unknown
/// code (in `GET /api/rooms/{code}`, its `/game`, `/join` or its game socket) takes one of
/// `per_minute` a minute (in bursts of as many); once they are spent, every room lookup of
/// that address — known code or not — gets 429 until one is back, so guessing codes says
/// nothing about which exist.
pub struct RoomMisses {
    limiter: Option<MissLimiter>,
    blocked: Mutex<HashMap<IpAddr, Instant>>,
}

/// Counts unknown codes per address and says how many are left after each.
type MissLimiter =
    governor::DefaultKeyedRateLimiter<IpAddr, governor::middleware::StateInformationMiddleware>;

impl RoomMisses {
    /// Returns a limit of `per_minute` unknown codes a minute per address; 0: no limit.
    pub fn new(per_minute: u32) -> RoomMisses {
        let limiter = std::num::NonZeroU32::new(per_minute).map(|n| {
            governor::RateLimiter::keyed(governor::Quota::per_minute(n))
                .with_middleware::<governor::middleware::StateInformationMiddleware>()
        });
        RoomMisses {
            limiter,
            blocked: Mutex::new(HashMap::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Instant>> {
        // One map call per holder: consistent even after a panic.
        self.blocked.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Says whether `ip` may look up a room now.
    ///
    /// # Errors
    /// [`AppError::RateLimited`] while the address has no unknown code left.
    pub fn check(&self, ip: IpAddr) -> Result<(), AppError> {
        let now = Instant::now();
        match self.lock().get(&ip) {
            Some(&until) if until > now => Err(Self::refusal(until - now)),
            _ => Ok(()),
        }
    }

    /// Records that `ip` looked up a code that does not exist; returns the error to answer:
    /// 404 `not_found` naming `what` (the address's last unknown code included: from then on
    /// it waits until one is back, for every lookup), or 429 once it has spent them all.
    pub fn missed(&self, ip: IpAddr, what: String) -> AppError {
        let Some(limiter) = &self.limiter else {
            return AppError::NotFound(what);
        };
        match limiter.check_key(&ip) {
            Ok(left) => {
                if left.remaining_burst_capacity() == 0 {
                    // The last one: no lookup until the next comes back, so that a real code
                    // cannot be told from an unknown one while none is left.
                    let wait = left.quota().replenish_interval();
                    self.lock().insert(ip, Instant::now() + wait);
                }
                AppError::NotFound(what)
            }
            Err(not_until) => {
                use governor::clock::Clock;
                let wait = not_until.wait_time_from(governor::clock::DefaultClock::default().now());
                self.lock().insert(ip, Instant::now() + wait);
                Self::refusal(wait)
            }
        }
    }

    fn refusal(wait: Duration) -> AppError {
        let retry_after_s = wait.as_secs_f64().ceil().max(1.0) as u64;
        AppError::RateLimited {
            retry_after_s,
            message: format!(
                "too many unknown room codes from this address; try again in {retry_after_s} s"
            ),
        }
    }

    /// Forgets the addresses whose wait is over and the limiter's idle keys.
    pub fn prune(&self) {
        let now = Instant::now();
        self.lock().retain(|_, until| *until > now);
        if let Some(l) = &self.limiter {
            l.retain_recent();
        }
    }
}

/// The limits of one server (see [`Config`]: `rooms_per_minute`, `joins_per_minute`,
/// `puzzles_per_minute`, `wrong_password_delay`, `room_misses_per_minute`).
pub struct RateLimits {
    /// `POST /api/rooms`; `None`: no limit.
    pub rooms: Option<Limit>,
    /// `POST /api/rooms/{code}/join`; `None`: no limit.
    pub joins: Option<Limit>,
    /// `POST /api/puzzles`; `None`: no limit.
    pub puzzles: Option<Limit>,
    /// The wait after wrong passwords.
    pub passwords: PasswordDelays,
    /// Lookups of unknown room codes.
    pub room_misses: RoomMisses,
}

impl RateLimits {
    /// Returns fresh limits with the settings of `config`.
    pub fn new(config: &Config) -> RateLimits {
        RateLimits {
            rooms: limit(config.rooms_per_minute, "rooms created"),
            joins: limit(config.joins_per_minute, "joins"),
            puzzles: limit(config.puzzles_per_minute, "puzzles created"),
            passwords: PasswordDelays::new(config.wrong_password_delay),
            room_misses: RoomMisses::new(config.room_misses_per_minute),
        }
    }

    /// Forgets the addresses whose limits are full again and old wrong-password records
    /// (run now and then, so the memory the limits hold stays bounded).
    pub fn prune(&self) {
        for limit in [&self.rooms, &self.joins, &self.puzzles]
            .into_iter()
            .flatten()
        {
            limit.limiter().retain_recent();
            limit.limiter().shrink_to_fit();
        }
        self.passwords.prune();
        self.room_misses.prune();
    }
}

/// Puts `route` behind `limit` (unchanged when there is none).
pub fn limited(route: MethodRouter<AppState>, limit: Option<&Limit>) -> MethodRouter<AppState> {
    match limit {
        Some(config) => route.layer(GovernorLayer {
            config: Arc::clone(config),
        }),
        None => route,
    }
}

/// How often [`run_cleanup`] prunes the limits.
const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// Prunes `limits` every minute, forever.
pub async fn run_cleanup(limits: Arc<RateLimits>) {
    let mut tick = tokio::time::interval(PRUNE_EVERY);
    loop {
        tick.tick().await;
        limits.prune();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_addresses_of_one_network_share_a_key() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("address");
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().expect("address");
        let other: IpAddr = "2001:db8:1:3::1".parse().expect("address");
        assert_eq!(client_key(Some(a)), client_key(Some(b)));
        assert_ne!(client_key(Some(a)), client_key(Some(other)));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("address");
        assert_eq!(
            client_key(Some(mapped)),
            "192.0.2.7".parse::<IpAddr>().expect("address")
        );
    }

    /// Runs one check of `ip` for `code` at `now` that ends wrong; returns the new wait.
    fn guess_wrong(delays: &PasswordDelays, code: &RoomCode, ip: IpAddr, now: Instant) -> Duration {
        delays
            .begin_at(code, ip, now)
            .expect("may try")
            .wrong_at(now)
    }

    #[test]
    fn the_wait_after_wrong_passwords_doubles_and_the_right_one_clears_it() {
        let delays = PasswordDelays::new(Duration::from_secs(1));
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
        let delays = PasswordDelays::new(Duration::from_secs(1));
        let code = RoomCode::parse("ABCDEF").expect("code");
        let ip: IpAddr = "192.0.2.1".parse().expect("address");
        let t0 = Instant::now();
        let first = delays.begin_at(&code, ip, t0).expect("may try");
        assert_eq!(
            delays.begin_at(&code, ip, t0).err(),
            Some(CHECK_RUNNING_WAIT),
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
        let delays = PasswordDelays::new(Duration::from_secs(1));
        let code = RoomCode::parse("ABCDEF").expect("code");
        let t0 = Instant::now();
        guess_wrong(&delays, &code, "192.0.2.1".parse().expect("address"), t0);
        delays.prune_at(t0);
        assert_eq!(delays.len(), 1);
        delays.prune_at(t0 + FORGET_STRIKES_AFTER + Duration::from_secs(2));
        assert!(delays.is_empty());
    }
}
