//! A tiny HTTP/1.1 client over a plain TCP stream (one request per connection,
//! `Connection: close`), enough for the JSON API. It has no dependency but tokio and
//! serde_json, so the CLI crate's restart test can include it with `#[path]`.

use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long one request may take before the test fails.
const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

/// A response: status, headers (names lower-cased) and body.
#[derive(Debug)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body, de-chunked.
    pub body: Vec<u8>,
}

impl Response {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON (panics, naming the body, if it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.text()))
    }

    /// The first header named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends one request; `body` is sent as `application/json` when given.
pub async fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> Response {
    tokio::time::timeout(HTTP_TIMEOUT, request_inner(None, addr, method, path, body))
        .await
        .unwrap_or_else(|_| panic!("{method} {path}: no answer within {HTTP_TIMEOUT:?}"))
}

/// Sends one POST of `body` from the loopback address `from` (any `127.x.y.z`), so that
/// one test can speak for many client addresses.
pub async fn post_from(from: IpAddr, addr: SocketAddr, path: &str, body: &Value) -> Response {
    let body = body.to_string();
    let request = request_inner(Some(from), addr, "POST", path, Some(&body));
    tokio::time::timeout(HTTP_TIMEOUT, request)
        .await
        .unwrap_or_else(|_| panic!("POST {path} from {from}: no answer within {HTTP_TIMEOUT:?}"))
}

/// Opens a TCP connection to `addr`, from the loopback address `from` when given.
pub async fn connect_from(from: Option<IpAddr>, addr: SocketAddr) -> TcpStream {
    let connect = async {
        match from {
            None => TcpStream::connect(addr).await,
            Some(ip) => {
                let socket = tokio::net::TcpSocket::new_v4()?;
                socket.bind(SocketAddr::new(ip, 0))?;
                socket.connect(addr).await
            }
        }
    };
    connect
        .await
        .unwrap_or_else(|e| panic!("connect {addr} from {from:?}: {e}"))
}

async fn request_inner(
    from: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Response {
    let mut stream = connect_from(from, addr).await;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    let body = body.unwrap_or("");
    if !body.is_empty() || method == "POST" {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes()).await.expect("write head");
    stream.write_all(body.as_bytes()).await.expect("write body");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("read response");
    parse(&raw)
}

fn parse(raw: &[u8]) -> Response {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no end of headers in {:?}", String::from_utf8_lossy(raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line {status_line:?}"));
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&data[..eol]).into_owned();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .unwrap_or_else(|_| panic!("bad chunk size {size_text:?}"));
        data = &data[eol + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[..size]);
        data = &data[(size + 2).min(data.len())..];
    }
}

/// `GET path`.
pub async fn get(addr: SocketAddr, path: &str) -> Response {
    request(addr, "GET", path, None).await
}

/// `POST path` with a JSON body.
pub async fn post(addr: SocketAddr, path: &str, body: &Value) -> Response {
    request(addr, "POST", path, Some(&body.to_string())).await
}

/// `POST path` with a raw body (for malformed-body tests).
pub async fn post_raw(addr: SocketAddr, path: &str, body: &str) -> Response {
    request(addr, "POST", path, Some(body)).await
}

/// Sends `raw` (a whole request, as bytes) on a fresh connection and reads the answer until
/// the server closes; for requests the helpers above cannot write (odd headers, bad paths).
pub async fn raw(addr: SocketAddr, raw: &[u8]) -> Response {
    let exchange = async {
        let mut stream = TcpStream::connect(addr)
            .await
            .unwrap_or_else(|e| panic!("connect {addr}: {e}"));
        stream.write_all(raw).await.expect("write request");
        let mut answer = Vec::new();
        stream
            .read_to_end(&mut answer)
            .await
            .expect("read response");
        parse(&answer)
    };
    tokio::time::timeout(HTTP_TIMEOUT, exchange)
        .await
        .unwrap_or_else(|_| panic!("raw request: no answer within {HTTP_TIMEOUT:?}"))
}

/// Sends `method path` with the extra header lines `headers` (each `Name: value`) and
/// `body`, with `Connection: close`.
pub async fn with_headers(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &str,
) -> Response {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    head.push_str(body);
    raw(addr, head.as_bytes()).await
}
