//! Reading the tab-separated fixtures in `tests/data`, shared by the integration tests.

use std::path::Path;

/// One data line of a fixture: its 1-based line number and its fields.
pub struct Row {
    /// The line number in the file, for failure messages.
    #[allow(dead_code)] // each test file compiles this module; not all report lines
    pub line: usize,
    /// The tab-separated fields.
    pub fields: Vec<String>,
}

/// Reads `tests/data/<name>`, skipping `#` comments, blank lines and the header line (the
/// one whose first field is `header`); every data line must have `width` fields.
pub fn rows(name: &str, header: &str, width: usize) -> Vec<Row> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .filter(|(_, l)| l.split('\t').next() != Some(header))
        .map(|(i, l)| {
            let fields: Vec<String> = l.split('\t').map(String::from).collect();
            assert_eq!(
                fields.len(),
                width,
                "{name}:{}: expected {width} fields",
                i + 1
            );
            Row {
                line: i + 1,
                fields,
            }
        })
        .collect()
}

/// Extends the moves by one more lap of the cycle that ends them, so that the position
/// reached at the third occurrence occurs a fourth time.
#[allow(dead_code)] // not every test file replays cycles
pub fn one_more_lap(fen: &str, moves: &[String]) -> Vec<String> {
    let mut pos = xiangqi::Position::from_fen(fen).expect("legal FEN");
    let mut keys = vec![pos.key()];
    for m in moves {
        pos.play(m.parse().expect("ICCS")).expect("legal move");
        keys.push(pos.key());
    }
    let last = keys.len() - 1;
    let prev = (0..last)
        .rev()
        .find(|&i| keys[i] == keys[last])
        .expect("a repetition");
    let lap = &moves[prev..];
    moves.iter().chain(lap).cloned().collect()
}
