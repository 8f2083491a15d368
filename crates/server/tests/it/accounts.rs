//! Optional accounts (`docs/protocol.md`, "Accounts"): sign-up, sign-in, sessions as
//! server-side rows behind an `HttpOnly; SameSite=Lax` cookie that is rotated on sign-in and
//! dies on sign-out, password change and deletion; names unique ignoring case, reserved
//! names refused; password checks throttled per address and per name; other sites refused;
//! bad input answered with a 4xx naming the field, changing nothing.

use crate::common;

use common::accounts::{call, session_cookie, set_cookie, sign_in, sign_up, whoami};
use common::{assert_error, http};
use serde_json::{json, Value};

const PASSWORD: &str = "elephant-eye-9";

/// A server without the per-address limit on sign-ups (the tests below make many).
async fn unlimited_sign_ups() -> common::TestServer {
    common::start_with(
        |c| c.accounts_per_minute = 0,
        xiangqi_server::WallClock::System,
    )
    .await
}

#[tokio::test]
async fn sign_ups_are_limited_per_address() {
    let s = common::start_with(
        |c| c.accounts_per_minute = 2,
        xiangqi_server::WallClock::System,
    )
    .await;
    assert_eq!(sign_up(s.addr, "first", PASSWORD).await.status, 201);
    assert_eq!(sign_up(s.addr, "second", PASSWORD).await.status, 201);
    let r = sign_up(s.addr, "third", PASSWORD).await;
    assert_error(&r, 429, "rate_limited");
    assert!(r.header("retry-after").is_some());
    assert_error(
        &sign_in(s.addr, "third", PASSWORD, None).await,
        401,
        "wrong_credentials",
    );
}

#[tokio::test]
async fn sign_up_sign_in_rotates_the_session_and_sign_out_ends_it() {
    let s = common::start().await;
    let r = sign_up(s.addr, "RedChariot", PASSWORD).await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["name"], "RedChariot");
    let (first, header) = session_cookie(&r);
    assert_eq!(first.len(), 64, "{header}");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(header.contains(part), "{part} in {header}");
    }
    assert!(!header.contains("Secure"), "plain HTTP: {header}");
    let me = whoami(s.addr, &first).await;
    assert_eq!(me.status, 200, "{}", me.text());
    assert_eq!(me.json()["name"], "RedChariot");
    assert!(me.json()["created"].as_i64().is_some_and(|t| t > 0));

    let none = call(s.addr, "GET", "/api/session", None, None, &[]).await;
    assert_error(&none, 401, "not_signed_in");
    assert_error(&whoami(s.addr, &"0".repeat(64)).await, 401, "not_signed_in");

    // Sign-in, by the name in another case, from the browser holding the first session:
    // a new session, and the old cookie dies.
    let r = sign_in(s.addr, "redchariot", PASSWORD, Some(&first)).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["name"], "RedChariot");
    let (second, _) = session_cookie(&r);
    assert_ne!(second, first);
    assert_error(&whoami(s.addr, &first).await, 401, "not_signed_in");
    assert_eq!(whoami(s.addr, &second).await.status, 200);

    // Over HTTPS (the page's Origin says so) the cookie is Secure.
    let own_https = format!("Origin: https://{}", s.addr);
    let body = json!({"name": "RedChariot", "password": PASSWORD});
    let secure = call(
        s.addr,
        "POST",
        "/api/session",
        None,
        Some(&body),
        &[&own_https],
    )
    .await;
    assert_eq!(secure.status, 200, "{}", secure.text());
    assert!(session_cookie(&secure).1.contains("Secure"));
    let proxied = call(
        s.addr,
        "POST",
        "/api/session",
        None,
        Some(&body),
        &["X-Forwarded-Proto: https"],
    )
    .await;
    assert_eq!(proxied.status, 200, "{}", proxied.text());
    assert!(session_cookie(&proxied).1.contains("Secure"));

    let out = call(s.addr, "DELETE", "/api/session", Some(&second), None, &[]).await;
    assert_eq!(out.status, 204, "{}", out.text());
    for name in ["xq_session", "xq_name"] {
        let cleared = set_cookie(&out, name).expect("the cookie is cleared");
        assert!(cleared.contains("Max-Age=0"), "{cleared}");
    }
    let stale = whoami(s.addr, &second).await;
    assert_error(&stale, 401, "not_signed_in");
    assert!(
        set_cookie(&stale, "xq_name").is_some_and(|c| c.contains("Max-Age=0")),
        "a dead session's cookies are cleared"
    );
    // Signing out again, or with no session, is harmless.
    let again = call(s.addr, "DELETE", "/api/session", Some(&second), None, &[]).await;
    assert_eq!(again.status, 204);
}

#[tokio::test]
async fn names_are_unique_ignoring_case_and_reserved_names_are_refused() {
    let s = unlimited_sign_ups().await;
    assert_eq!(sign_up(s.addr, "Black_Horse", PASSWORD).await.status, 201);
    let taken = assert_error(
        &sign_up(s.addr, "black_horse", PASSWORD).await,
        409,
        "name_taken",
    );
    assert!(taken["error"]["message"]
        .as_str()
        .is_some_and(|m| m.starts_with("name")));
    for reserved in ["admin", "Admin", "API", "xiangqi"] {
        let r = sign_up(s.addr, reserved, PASSWORD).await;
        let e = assert_error(&r, 422, "invalid_field");
        assert!(
            e["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("reserved")),
            "{e}"
        );
    }
    // The one account is still the only one: the refusals stored nothing.
    assert_eq!(
        sign_in(s.addr, "BLACK_HORSE", PASSWORD, None).await.status,
        200
    );
    assert_error(
        &sign_in(s.addr, "admin", PASSWORD, None).await,
        401,
        "wrong_credentials",
    );
}

#[tokio::test]
async fn a_password_change_ends_every_session_and_the_old_password() {
    let s = common::start().await;
    let (laptop, _) = session_cookie(&sign_up(s.addr, "cannon", PASSWORD).await);
    let (phone, _) = session_cookie(&sign_in(s.addr, "cannon", PASSWORD, None).await);
    let change = |cookie: String, password: &'static str, new: &'static str| {
        let body = json!({"password": password, "new_password": new});
        async move {
            call(
                s.addr,
                "POST",
                "/api/account/password",
                Some(&cookie),
                Some(&body),
                &[],
            )
            .await
        }
    };
    // The current password is checked, and the new one must be long enough.
    assert_error(
        &change(laptop.clone(), "wrong-password", "a-new-password").await,
        401,
        "wrong_credentials",
    );
    let short = assert_error(
        &change(laptop.clone(), PASSWORD, "short").await,
        422,
        "invalid_field",
    );
    assert!(short["error"]["message"]
        .as_str()
        .is_some_and(|m| m.starts_with("new_password")));
    assert_eq!(
        whoami(s.addr, &phone).await.status,
        200,
        "refusals change nothing"
    );

    let r = change(laptop.clone(), PASSWORD, "a-new-password").await;
    assert_eq!(r.status, 200, "{}", r.text());
    let (renewed, _) = session_cookie(&r);
    assert_error(&whoami(s.addr, &laptop).await, 401, "not_signed_in");
    assert_error(&whoami(s.addr, &phone).await, 401, "not_signed_in");
    assert_eq!(whoami(s.addr, &renewed).await.status, 200);
    assert_error(
        &sign_in(s.addr, "cannon", PASSWORD, None).await,
        401,
        "wrong_credentials",
    );
    assert_eq!(
        sign_in(s.addr, "cannon", "a-new-password", None)
            .await
            .status,
        200
    );
    // Without a session there is nothing to change.
    let body = json!({"password": PASSWORD, "new_password": "another-password"});
    let anon = call(
        s.addr,
        "POST",
        "/api/account/password",
        None,
        Some(&body),
        &[],
    )
    .await;
    assert_error(&anon, 401, "not_signed_in");
}

#[tokio::test]
async fn a_deleted_account_cannot_sign_in_and_its_name_stays_taken() {
    let s = common::start().await;
    let (cookie, _) = session_cookie(&sign_up(s.addr, "soldier", PASSWORD).await);
    let (other, _) = session_cookie(&sign_in(s.addr, "soldier", PASSWORD, None).await);
    let wrong = json!({"password": "not-the-password"});
    let r = call(
        s.addr,
        "DELETE",
        "/api/account",
        Some(&cookie),
        Some(&wrong),
        &[],
    )
    .await;
    assert_error(&r, 401, "wrong_credentials");
    assert_eq!(
        whoami(s.addr, &cookie).await.status,
        200,
        "a refused deletion changes nothing"
    );

    let right = json!({"password": PASSWORD});
    let r = call(
        s.addr,
        "DELETE",
        "/api/account",
        Some(&cookie),
        Some(&right),
        &[],
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text());
    assert_error(&whoami(s.addr, &cookie).await, 401, "not_signed_in");
    assert_error(&whoami(s.addr, &other).await, 401, "not_signed_in");
    assert_error(
        &sign_in(s.addr, "soldier", PASSWORD, None).await,
        401,
        "wrong_credentials",
    );
    assert_error(
        &sign_up(s.addr, "Soldier", PASSWORD).await,
        409,
        "name_taken",
    );
}

#[tokio::test]
async fn password_checks_are_throttled_per_name_and_per_address() {
    let s = common::start_with(
        |c| {
            c.sign_ins_per_name_per_minute = 3;
            c.sign_ins_per_minute = 5;
        },
        xiangqi_server::WallClock::System,
    )
    .await;
    assert_eq!(sign_up(s.addr, "advisor", PASSWORD).await.status, 201);
    for _ in 0..3 {
        assert_error(
            &sign_in(s.addr, "advisor", "guess-guess", None).await,
            401,
            "wrong_credentials",
        );
    }
    // The name's budget is spent: even the right password waits.
    let r = sign_in(s.addr, "ADVISOR", PASSWORD, None).await;
    let e = assert_error(&r, 429, "rate_limited");
    let wait: u64 = r
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .expect("seconds");
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(e["error"]["retry_after_s"], wait);
    assert!(set_cookie(&r, "xq_session").is_none());
    // The address paid for all four; one more name, then its budget (5) is spent too.
    assert_error(
        &sign_in(s.addr, "nobody1", PASSWORD, None).await,
        401,
        "wrong_credentials",
    );
    let r = sign_in(s.addr, "nobody2", PASSWORD, None).await;
    assert_error(&r, 429, "rate_limited");
}

#[tokio::test]
async fn other_sites_cannot_sign_in_or_out_or_delete() {
    let s = common::start().await;
    let (cookie, _) = session_cookie(&sign_up(s.addr, "general", PASSWORD).await);
    let evil = "Origin: https://evil.example";
    let body = json!({"name": "general", "password": PASSWORD});
    let r = call(s.addr, "POST", "/api/session", None, Some(&body), &[evil]).await;
    assert_error(&r, 403, "bad_origin");
    assert!(set_cookie(&r, "xq_session").is_none());
    let r = call(
        s.addr,
        "DELETE",
        "/api/session",
        Some(&cookie),
        None,
        &[evil],
    )
    .await;
    assert_error(&r, 403, "bad_origin");
    let confirm = json!({"password": PASSWORD});
    let r = call(
        s.addr,
        "DELETE",
        "/api/account",
        Some(&cookie),
        Some(&confirm),
        &[evil],
    )
    .await;
    assert_error(&r, 403, "bad_origin");
    let change = json!({"password": PASSWORD, "new_password": "stolen-password"});
    let r = call(
        s.addr,
        "POST",
        "/api/account/password",
        Some(&cookie),
        Some(&change),
        &[evil],
    )
    .await;
    assert_error(&r, 403, "bad_origin");
    assert_eq!(
        whoami(s.addr, &cookie).await.status,
        200,
        "the session survived"
    );
    // The site's own pages may.
    let own = format!("Origin: http://{}", s.addr);
    let r = call(
        s.addr,
        "DELETE",
        "/api/session",
        Some(&cookie),
        None,
        &[&own],
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text());
}

#[tokio::test]
async fn bad_input_names_the_field_and_changes_nothing() {
    let s = unlimited_sign_ups().await;
    let cases: Vec<(Value, u16, &str, &str)> = vec![
        (
            json!({"name": 5, "password": PASSWORD}),
            400,
            "bad_request",
            "name",
        ),
        (json!({"name": "horse"}), 400, "bad_request", "password"),
        (
            json!({"name": "horse", "password": PASSWORD, "admin": true}),
            400,
            "bad_request",
            "admin",
        ),
        (
            json!({"name": "h", "password": PASSWORD}),
            422,
            "invalid_field",
            "name",
        ),
        (
            json!({"name": "x".repeat(10_000), "password": PASSWORD}),
            422,
            "invalid_field",
            "name",
        ),
        (
            json!({"name": "horse horse", "password": PASSWORD}),
            422,
            "invalid_field",
            "name",
        ),
        (
            json!({"name": "horse", "password": "short"}),
            422,
            "invalid_field",
            "password",
        ),
        (
            json!({"name": "horse", "password": "p".repeat(129)}),
            422,
            "invalid_field",
            "password",
        ),
    ];
    for (body, status, code, field) in cases {
        let r = call(s.addr, "POST", "/api/account", None, Some(&body), &[]).await;
        let e = assert_error(&r, status, code);
        let message = e["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(field), "{body}: {message}");
        assert!(set_cookie(&r, "xq_session").is_none());
    }
    let r = http::with_headers(
        s.addr,
        "POST",
        "/api/account",
        &["Content-Type: text/plain"],
        "{}",
    )
    .await;
    assert_error(&r, 415, "unsupported_media_type");
    // Nothing was created: the name is free.
    assert_eq!(sign_up(s.addr, "horse", PASSWORD).await.status, 201);
    // An oversized name or password at sign-in is a wrong credential, not a crash.
    let huge = "y".repeat(60_000);
    assert_error(
        &sign_in(s.addr, &huge, PASSWORD, None).await,
        401,
        "wrong_credentials",
    );
    assert_error(
        &sign_in(s.addr, "horse", &huge, None).await,
        401,
        "wrong_credentials",
    );
    // A session cookie that is not a token at all is no session.
    assert_error(&whoami(s.addr, "%%%;;;").await, 401, "not_signed_in");
}

#[tokio::test]
async fn strangers_guessing_at_a_name_cannot_block_its_signed_in_owner() {
    let s = common::start_with(
        |c| c.sign_ins_per_name_per_minute = 2,
        xiangqi_server::WallClock::System,
    )
    .await;
    let (cookie, _) = session_cookie(&sign_up(s.addr, "owner", PASSWORD).await);
    for _ in 0..2 {
        let r = sign_in(s.addr, "owner", "a-wrong-guess", None).await;
        assert_error(&r, 401, "wrong_credentials");
    }
    assert_error(
        &sign_in(s.addr, "owner", PASSWORD, None).await,
        429,
        "rate_limited",
    );
    // The owner's session is charged, not the name: the change goes through.
    let body = json!({"password": PASSWORD, "new_password": "a-fresh-password"});
    let r = call(
        s.addr,
        "POST",
        "/api/account/password",
        Some(&cookie),
        Some(&body),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let (renewed, _) = session_cookie(&r);
    let body = json!({"password": "a-fresh-password"});
    let r = call(
        s.addr,
        "DELETE",
        "/api/account",
        Some(&renewed),
        Some(&body),
        &[],
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text());
}

#[tokio::test]
async fn signing_up_while_signed_in_ends_the_old_session() {
    let s = unlimited_sign_ups().await;
    let (first, _) = session_cookie(&sign_up(s.addr, "first_one", PASSWORD).await);
    let body = json!({"name": "second_one", "password": PASSWORD});
    let r = call(
        s.addr,
        "POST",
        "/api/account",
        Some(&first),
        Some(&body),
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_error(&whoami(s.addr, &first).await, 401, "not_signed_in");
    let (second, _) = session_cookie(&r);
    assert_eq!(whoami(s.addr, &second).await.json()["name"], "second_one");
    // A body that is not JSON is refused as such on DELETE too.
    let r = http::with_headers(
        s.addr,
        "DELETE",
        "/api/account",
        &[
            &format!("Cookie: xq_session={second}"),
            "Content-Type: text/plain",
        ],
        "{\"password\": \"x\"}",
    )
    .await;
    assert_error(&r, 415, "unsupported_media_type");
    let r = http::with_headers(
        s.addr,
        "DELETE",
        "/api/account",
        &[&format!("Cookie: xq_session={second}")],
        "",
    )
    .await;
    assert_error(&r, 415, "unsupported_media_type");
    assert_eq!(whoami(s.addr, &second).await.status, 200, "nothing changed");
    let me = whoami(s.addr, &second).await;
    assert_eq!(me.header("cache-control"), Some("no-store"));
}

#[tokio::test]
async fn of_two_password_changes_at_once_one_wins_and_the_other_is_refused() {
    let s = unlimited_sign_ups().await;
    let (a, _) = session_cookie(&sign_up(s.addr, "racer", PASSWORD).await);
    let (b, _) = session_cookie(&sign_in(s.addr, "racer", PASSWORD, None).await);
    let change = |cookie: String, new: &'static str| {
        let body = json!({"password": PASSWORD, "new_password": new});
        async move {
            call(
                s.addr,
                "POST",
                "/api/account/password",
                Some(&cookie),
                Some(&body),
                &[],
            )
            .await
        }
    };
    let (ra, rb) = tokio::join!(change(a, "password-of-a"), change(b, "password-of-b"));
    let mut statuses = [ra.status, rb.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 401], "{} / {}", ra.text(), rb.text());
    let (winner, winner_password) = if ra.status == 200 {
        (ra, "password-of-a")
    } else {
        (rb, "password-of-b")
    };
    // The winner's new password and session hold; the old password is gone.
    assert_eq!(whoami(s.addr, &session_cookie(&winner).0).await.status, 200);
    assert_eq!(
        sign_in(s.addr, "racer", winner_password, None).await.status,
        200
    );
    assert_error(
        &sign_in(s.addr, "racer", PASSWORD, None).await,
        401,
        "wrong_credentials",
    );
}
