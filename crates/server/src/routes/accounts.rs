//! Optional accounts (`docs/protocol.md`, "Accounts"): `POST /api/account` (sign up),
//! `POST /api/session` (sign in), `GET /api/session` (who is signed in),
//! `DELETE /api/session` (sign out), `POST /api/account/password` (change the password)
//! and `DELETE /api/account` (delete the account). A session is a server-side row named by
//! the hash of the `xq_session` cookie's token (see [`crate::accounts::session_cookie`]);
//! signing in or changing the password starts a new one (the old cookie dies).

use crate::accounts::{check_password, credentials, session_cookie, AccountName};
use crate::app_state::AppState;
use crate::error::{ApiJson, AppError};
use crate::ids::{AccountId, SeatHash, SessionToken};
use crate::listen::peer_ip;
use crate::password_hash;
use crate::rate::{client_key, limited, RateLimits};
use crate::store::{AccountRow, NewSession};
use axum::extract::State;
use axum::http::{header, Extensions, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use serde::{Deserialize, Serialize};
use tokio::sync::OnceCell;

/// Returns the account routes; sign-up is limited per address by `limits.accounts`.
pub fn router(limits: &RateLimits) -> Router<AppState> {
    Router::new()
        .route(
            "/api/account",
            limited(post(sign_up), limits.accounts.as_ref()).delete(delete_account),
        )
        .route("/api/account/password", post(change_password))
        .route("/api/session", get(current).post(sign_in).delete(sign_out))
}

/// A name and a password: the body of sign-up and sign-in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

/// The body of a password change: the current password and the new one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PasswordChange {
    password: String,
    new_password: String,
}

/// The body of an account deletion: the password, so an unattended signed-in browser
/// cannot delete the account.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Confirmation {
    password: String,
}

/// The signed-in account, as the routes answer it.
#[derive(Serialize)]
struct SessionView {
    /// The name as its owner wrote it.
    name: String,
    /// Creation time of the account, milliseconds since the Unix epoch.
    created: i64,
}

impl SessionView {
    fn of(row: &AccountRow) -> SessionView {
        SessionView {
            name: row.name.clone(),
            created: row.created_at,
        }
    }
}

/// Returns the live account signed in by `jar`'s session cookie, with the cookie's token.
///
/// # Errors
/// [`AppError::NotSignedIn`] when there is no cookie, or its session is unknown, expired or
/// of a deleted account; [`AppError::Internal`] when the store fails.
pub async fn signed_in(
    app: &AppState,
    jar: &CookieJar,
) -> Result<(SessionToken, AccountRow), AppError> {
    let token = session_cookie::token(jar).ok_or(AppError::NotSignedIn)?;
    let account = app
        .store
        .session_account(&token.hash(), app.wall.now_ms())
        .await?
        .ok_or(AppError::NotSignedIn)?;
    Ok((token, account))
}

/// Links the seat `seat` to the account signed in by `jar`, if any (then the games that
/// seat finishes are that account's); nothing for a player without a session.
///
/// # Errors
/// [`AppError::Internal`] when the store fails.
pub async fn link_seat(app: &AppState, jar: &CookieJar, seat: &SeatHash) -> Result<(), AppError> {
    match signed_in(app, jar).await {
        Ok((_, account)) => Ok(app.store.link_seat(seat.clone(), account.id).await?),
        Err(AppError::NotSignedIn) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Returns a new session starting now, with its token for the cookie.
fn new_session(app: &AppState) -> (SessionToken, NewSession) {
    let token = SessionToken::random();
    let now = app.wall.now_ms();
    let lifetime = i64::try_from(session_cookie::SESSION_LIFETIME.as_millis()).unwrap_or(i64::MAX);
    let session = NewSession {
        token_hash: token.hash(),
        created_at: now,
        expires_at: now.saturating_add(lifetime),
    };
    (token, session)
}

/// Reads `text` as an account name for sign-up.
///
/// # Errors
/// [`AppError::InvalidField`] naming `name` and what is wrong.
fn account_name(text: &str) -> Result<AccountName, AppError> {
    AccountName::parse(text).map_err(|e| AppError::InvalidField(e.to_string()))
}

/// Checks that `password` may be set as the `field`'s new password.
///
/// # Errors
/// [`AppError::InvalidField`] naming `field` and its length.
fn new_password(field: &str, password: &str) -> Result<(), AppError> {
    check_password(password).map_err(|e| AppError::InvalidField(format!("{field}: {e}")))
}

/// `POST /api/account` `{name, password}`: creates an account and signs it in; 201 with
/// `{name, created}` and the session cookie.
async fn sign_up(
    State(app): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Response, AppError> {
    let name = account_name(&body.name)?;
    new_password("password", &body.password)?;
    let key = name.key();
    if app.store.account_by_name(&key).await?.is_some() {
        return Err(name_taken(&name));
    }
    let row = AccountRow {
        id: AccountId::random(),
        name: name.as_str().to_string(),
        password_hash: Some(password_hash::hash(body.password).await?),
        created_at: app.wall.now_ms(),
        deleted_at: None,
    };
    let (token, session) = new_session(&app);
    let view = SessionView::of(&row);
    let replaces = session_cookie::token(&jar).map(|t| t.hash());
    if !app
        .store
        .create_account(row, key, replaces, session)
        .await?
    {
        // Taken between the check and the insert (two sign-ups for one name at once).
        return Err(name_taken(&name));
    }
    tracing::info!(name = name.as_str(), "account created");
    let jar = session_cookie::set(jar, &token, name.as_str(), &headers);
    Ok((StatusCode::CREATED, jar, Json(view)).into_response())
}

fn name_taken(name: &AccountName) -> AppError {
    AppError::NameTaken(format!("name: {:?} is taken", name.as_str()))
}

/// A hash that matches no password the routes accept, checked when a name has no live
/// account so that a wrong name takes as long as a wrong password.
static DUMMY_HASH: OnceCell<String> = OnceCell::const_new();

/// Checks `password` against the live account of name `name` (any text), after charging
/// the sign-in throttle of the request's address and of `budget` (the name's lower-case
/// key, or a session's, see [`reauthenticate`]). Returns the account; its `password_hash`
/// is the hash the password matched, for the write that follows to check it still holds.
///
/// # Errors
/// [`AppError::RateLimited`] when the throttle refuses (nothing is checked);
/// [`AppError::WrongCredentials`] when no live account has this name and password;
/// [`AppError::Internal`] when the store fails.
async fn authenticate(
    app: &AppState,
    extensions: &Extensions,
    name: &str,
    budget: &str,
    password: String,
) -> Result<AccountRow, AppError> {
    app.limits
        .sign_ins
        .check(client_key(peer_ip(extensions)), budget)?;
    let account = if name.chars().count() <= credentials::MAX_NAME {
        app.store
            .account_by_name(&name.to_ascii_lowercase())
            .await?
    } else {
        None
    };
    let live_hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let too_long = password.chars().count() > credentials::MAX_PASSWORD;
    let matches = match live_hash {
        Some(hash) if !too_long => password_hash::verify(hash, password).await?,
        _ => {
            let dummy = DUMMY_HASH
                .get_or_try_init(|| password_hash::hash("no account".into()))
                .await?;
            let _ = password_hash::verify(dummy.clone(), "x".into()).await?;
            false
        }
    };
    match account {
        Some(a) if matches => Ok(a),
        _ => Err(AppError::WrongCredentials),
    }
}

/// The throttle key of sign-ins to name `name`: its lower-case form, cut after one
/// character more than a name may have (a longer text matches no account, and the throttle
/// need not keep it whole).
fn name_budget(name: &str) -> String {
    name.chars()
        .take(credentials::MAX_NAME + 1)
        .collect::<String>()
        .to_ascii_lowercase()
}

/// The hash `account`'s password was just checked against.
///
/// # Errors
/// [`AppError::WrongCredentials`] for an account without one (deleted meanwhile).
fn verified(account: &AccountRow) -> Result<String, AppError> {
    account
        .password_hash
        .clone()
        .ok_or(AppError::WrongCredentials)
}

/// Checks `password` against the account signed in by `jar` (before a change to it). The
/// check is charged to the session, not to the name: strangers guessing at the name
/// cannot keep a signed-in owner from changing the password or deleting the account.
///
/// # Errors
/// [`AppError::NotSignedIn`] without a live session; then as [`authenticate`].
async fn reauthenticate(
    app: &AppState,
    extensions: &Extensions,
    jar: &CookieJar,
    password: String,
) -> Result<AccountRow, AppError> {
    let (token, account) = signed_in(app, jar).await?;
    let budget = format!("session {}", token.hash());
    authenticate(app, extensions, &account.name, &budget, password).await
}

/// `POST /api/session` `{name, password}`: signs in (the name in any case); 200 with
/// `{name, created}` and a new session cookie (the session the request came with, if any,
/// ends).
async fn sign_in(
    State(app): State<AppState>,
    extensions: Extensions,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Response, AppError> {
    let budget = name_budget(&body.name);
    let account = authenticate(&app, &extensions, &body.name, &budget, body.password).await?;
    let replaces = session_cookie::token(&jar).map(|t| t.hash());
    let (token, session) = new_session(&app);
    let verified = verified(&account)?;
    if !app
        .store
        .start_session(account.id.clone(), verified, replaces, session)
        .await?
    {
        // The password changed (or the account went) while it was being checked.
        return Err(AppError::WrongCredentials);
    }
    let jar = session_cookie::set(jar, &token, &account.name, &headers);
    Ok((jar, Json(SessionView::of(&account))).into_response())
}

/// `GET /api/session`: 200 `{name, created}` of the signed-in account, or 401
/// `not_signed_in` (clearing the cookies the request came with: the session is over).
async fn current(State(app): State<AppState>, headers: HeaderMap, jar: CookieJar) -> Response {
    match signed_in(&app, &jar).await {
        // Per-user data: no shared cache may keep it.
        Ok((_, account)) => (
            [(header::CACHE_CONTROL, "no-store")],
            Json(SessionView::of(&account)),
        )
            .into_response(),
        Err(AppError::NotSignedIn) if session_cookie::present(&jar) => {
            (session_cookie::clear(jar, &headers), AppError::NotSignedIn).into_response()
        }
        Err(e) => e.into_response(),
    }
}

/// `DELETE /api/session`: signs out; 204 and the cookie cleared, signed in or not.
async fn sign_out(
    State(app): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<Response, AppError> {
    if let Some(token) = session_cookie::token(&jar) {
        app.store.end_session(token.hash()).await?;
    }
    let jar = session_cookie::clear(jar, &headers);
    Ok((StatusCode::NO_CONTENT, jar).into_response())
}

/// `POST /api/account/password` `{password, new_password}`: changes the signed-in
/// account's password; every session of the account ends, and the request gets a new one
/// (200 `{name, created}` and a new cookie).
async fn change_password(
    State(app): State<AppState>,
    extensions: Extensions,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<PasswordChange>,
) -> Result<Response, AppError> {
    new_password("new_password", &body.new_password)?;
    let account = reauthenticate(&app, &extensions, &jar, body.password).await?;
    let hash = password_hash::hash(body.new_password).await?;
    let (token, session) = new_session(&app);
    let verified = verified(&account)?;
    if !app
        .store
        .set_password(account.id.clone(), verified, hash, session)
        .await?
    {
        // Another change came first: this one's current password is no longer current.
        return Err(AppError::WrongCredentials);
    }
    let jar = session_cookie::set(jar, &token, &account.name, &headers);
    Ok((jar, Json(SessionView::of(&account))).into_response())
}

/// `DELETE /api/account` `{password}`: deletes the signed-in account; 204 and the cookie
/// cleared. Its games stay (shown under "deleted player"); its name stays taken and can
/// no longer sign in.
async fn delete_account(
    State(app): State<AppState>,
    extensions: Extensions,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<Confirmation>,
) -> Result<Response, AppError> {
    let account = reauthenticate(&app, &extensions, &jar, body.password).await?;
    let verified = verified(&account)?;
    if !app
        .store
        .delete_account(account.id.clone(), verified, app.wall.now_ms())
        .await?
    {
        return Err(AppError::WrongCredentials);
    }
    tracing::info!(name = account.name, "account deleted");
    let jar = session_cookie::clear(jar, &headers);
    Ok((StatusCode::NO_CONTENT, jar).into_response())
}
