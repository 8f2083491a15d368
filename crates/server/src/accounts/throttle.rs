//! The throttle on password checks of accounts (sign-in, password change, deletion): a
//! budget per client address and one per account name across all addresses, each a token
//! bucket (`governor`'s keyed limiter). A check is counted before the password is looked
//! at, right or wrong, so a guesser learns nothing from the timing of refusals and costs the
//! server no argon2 work once refused. A refusal is 429 `rate_limited` with `Retry-After`.

use crate::error::AppError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// The two budgets; a `None` budget does not limit.
pub struct SignInThrottle {
    by_address: Option<DefaultKeyedRateLimiter<IpAddr>>,
    by_name: Option<DefaultKeyedRateLimiter<String>>,
}

impl SignInThrottle {
    /// Returns budgets of `per_address` checks a minute per client address and `per_name`
    /// a minute per name key (each in bursts of as many; 0: no limit).
    pub fn new(per_address: u32, per_name: u32) -> SignInThrottle {
        let quota = |n: u32| NonZeroU32::new(n).map(Quota::per_minute);
        SignInThrottle {
            by_address: quota(per_address).map(RateLimiter::keyed),
            by_name: quota(per_name).map(RateLimiter::keyed),
        }
    }

    /// Takes one check from the budgets of `ip` (a client key, see
    /// [`crate::rate::client_key`]) and of the name `key` (lower case).
    ///
    /// # Errors
    /// [`AppError::RateLimited`] when either budget is spent (the address's is checked
    /// first; a refusal by it leaves the name's alone), with the seconds until one is back.
    pub fn check(&self, ip: IpAddr, key: &str) -> Result<(), AppError> {
        if let Some(l) = &self.by_address {
            l.check_key(&ip).map_err(|n| {
                refusal(
                    n.wait_time_from(DefaultClock::default().now()),
                    "this address",
                )
            })?;
        }
        if let Some(l) = &self.by_name {
            l.check_key(&key.to_string()).map_err(|n| {
                refusal(n.wait_time_from(DefaultClock::default().now()), "this name")
            })?;
        }
        Ok(())
    }

    /// Forgets the keys whose budgets are full again (run now and then, so memory stays
    /// bounded).
    pub fn prune(&self) {
        if let Some(l) = &self.by_address {
            l.retain_recent();
            l.shrink_to_fit();
        }
        if let Some(l) = &self.by_name {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}

fn refusal(wait: std::time::Duration, whose: &str) -> AppError {
    let retry_after_s = wait.as_secs_f64().ceil().max(1.0) as u64;
    AppError::RateLimited {
        retry_after_s,
        message: format!("too many sign-in attempts for {whose}; try again in {retry_after_s} s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_budget_refuses_once_spent() {
        let t = SignInThrottle::new(2, 2);
        let a: IpAddr = "192.0.2.1".parse().expect("address");
        let b: IpAddr = "192.0.2.2".parse().expect("address");
        assert!(t.check(a, "red").is_ok());
        assert!(t.check(a, "red").is_ok());
        // The name's budget (2) is spent, whatever the address.
        assert!(matches!(
            t.check(b, "red"),
            Err(AppError::RateLimited { .. })
        ));
        assert!(t.check(b, "black").is_ok());
        // The address's budget (2) is spent, whatever the name.
        assert!(matches!(
            t.check(a, "green"),
            Err(AppError::RateLimited { .. })
        ));
        let none = SignInThrottle::new(0, 0);
        for _ in 0..100 {
            assert!(none.check(a, "red").is_ok());
        }
    }
}
