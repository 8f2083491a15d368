//! Per-address rate limits on the routes that create things or test passwords
//! (`tower_governor` on `POST /api/rooms`, `POST /api/rooms/{code}/join` and
//! `POST /api/puzzles`), the limit on unknown room codes, and (in [`passwords`]) the waits
//! after wrong passwords, per address and per room. A refused request gets 429
//! `rate_limited` with `Retry-After` and changes nothing.

pub mod passwords;

pub use passwords::{Attempt, PasswordDelays, Refused, MAX_PASSWORD_DELAY};

use crate::config::Config;
use crate::error::AppError;
use crate::listen::peer_ip;
use axum::response::IntoResponse;
use axum::routing::MethodRouter;
use governor::middleware::NoOpMiddleware;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::{GovernorError, GovernorLayer};

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
/// `puzzles_per_minute`, `wrong_password_delay`, `room_wrong_passwords_per_minute`,
/// `room_misses_per_minute`, `watcher_hellos_per_minute`, `accounts_per_minute`,
/// `sign_ins_per_minute`, `sign_ins_per_name_per_minute`).
pub struct RateLimits {
    /// `POST /api/rooms`; `None`: no limit.
    pub rooms: Option<Limit>,
    /// `POST /api/rooms/{code}/join`; `None`: no limit.
    pub joins: Option<Limit>,
    /// `POST /api/puzzles`; `None`: no limit.
    pub puzzles: Option<Limit>,
    /// The waits after wrong passwords, per address and per room.
    pub passwords: PasswordDelays,
    /// Lookups of unknown room codes.
    pub room_misses: RoomMisses,
    /// Watcher hellos per address (the rooms hold a handle; pruned here).
    pub watcher_hellos: crate::room::limits::WatcherHellos,
    /// `POST /api/account`; `None`: no limit.
    pub accounts: Option<Limit>,
    /// Password checks of accounts, per address and per name.
    pub sign_ins: crate::accounts::SignInThrottle,
}

impl RateLimits {
    /// Returns fresh limits with the settings of `config`.
    pub fn new(config: &Config) -> RateLimits {
        RateLimits {
            rooms: limit(config.rooms_per_minute, "rooms created"),
            joins: limit(config.joins_per_minute, "joins"),
            puzzles: limit(config.puzzles_per_minute, "puzzles created"),
            passwords: PasswordDelays::new(
                config.wrong_password_delay,
                config.room_wrong_passwords_per_minute,
            ),
            room_misses: RoomMisses::new(config.room_misses_per_minute),
            watcher_hellos: crate::room::limits::WatcherHellos::new(
                config.watcher_hellos_per_minute,
            ),
            accounts: limit(config.accounts_per_minute, "accounts created"),
            sign_ins: crate::accounts::SignInThrottle::new(
                config.sign_ins_per_minute,
                config.sign_ins_per_name_per_minute,
            ),
        }
    }

    /// Forgets the addresses whose limits are full again and old wrong-password records
    /// (run now and then, so the memory the limits hold stays bounded).
    pub fn prune(&self) {
        for limit in [&self.rooms, &self.joins, &self.puzzles, &self.accounts]
            .into_iter()
            .flatten()
        {
            limit.limiter().retain_recent();
            limit.limiter().shrink_to_fit();
        }
        self.passwords.prune();
        self.room_misses.prune();
        self.watcher_hellos.prune();
        self.sign_ins.prune();
    }
}

/// Puts `route` (of a router with state `S`) behind `limit` (unchanged when there is none).
pub fn limited<S>(route: MethodRouter<S>, limit: Option<&Limit>) -> MethodRouter<S>
where
    S: Clone + Send + Sync + 'static,
{
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
}
