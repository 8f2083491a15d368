//! The opening book: the main lines of the standard openings, as ICCS moves from the start
//! position. The game review asks how many of a game's first plies follow it (a move the
//! theory plays is not marked as an inaccuracy, however the search of a moment scores it);
//! the engine does not play from it.
//!
//! The lines are the usual names' main lines as opening manuals give them (central cannon
//! against screen horses, same- and opposite-direction cannons, reverse palcorner horse,
//! elephant, pawn, horse and palcorner cannon openings). Each is also read in its left–right
//! mirror image (`C8=5` for `C2=5`), which the rules treat alike.

use xiangqi::{Move, Square};

/// The book's lines, ICCS moves from the start position separated by spaces, with their
/// names in WXF notation.
#[rustfmt::skip] // one line per opening line reads as the manuals print them
pub const LINES: [(&str, &str); 24] = [
    // Central cannon against screen horses (C2=5 H8+7 … R9=8 …).
    ("C2=5 H8+7 H2+3 R9=8 R1=2 H2+3 R2+6 P7+1 H8+7", "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 g6g5 b0c2"),
    ("C2=5 H8+7 H2+3 R9=8 R1=2 P7+1 R2+6 H2+3 P7+1", "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4"),
    ("C2=5 H8+7 H2+3 R9=8 R1=2 H2+3 P7+1 P7+1 R2+6 C8=9", "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7"),
    ("C2=5 H8+7 H2+3 R9=8 P7+1 C8=9 H8+7 R8+5", "h2e2 h9g7 h0g2 i9h9 c3c4 h7i7 b0c2 h9h4"),
    ("C2=5 H8+7 H2+3 P7+1 R1=2 R9=8 R2+6 H2+3", "h2e2 h9g7 h0g2 g6g5 i0h0 i9h9 h0h6 b9c7"),
    ("C2=5 H8+7 H2+3 P7+1 H8+7 R9=8 R1=2 C8+4", "h2e2 h9g7 h0g2 g6g5 b0c2 i9h9 i0h0 h7h3"),
    // Same-direction cannons (C2=5 C8=5).
    ("C2=5 C8=5 H2+3 H8+7 R1=2 R9=8 H8+9 H2+3", "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 b0a2 b9c7"),
    ("C2=5 C8=5 H2+3 H8+7 R1=2 R9+1 H8+9 H2+3 C8=7 R1=2", "h2e2 h7e7 h0g2 h9g7 i0h0 i9i8 b0a2 b9c7 b2c2 a9b9"),
    ("C2=5 C8=5 H2+3 H8+7 R1=2 H2+3 H8+7 R9+1 P3+1", "h2e2 h7e7 h0g2 h9g7 i0h0 b9c7 b0c2 i9i8 g3g4"),
    ("C2=5 C8=5 H2+3 H8+7 R1=2 P7+1 H8+9 R9+1 R2+6 H2+3", "h2e2 h7e7 h0g2 h9g7 i0h0 g6g5 b0a2 i9i8 h0h6 b9c7"),
    ("C2=5 C8=5 H2+3 H8+7 R1+1 R9=8", "h2e2 h7e7 h0g2 h9g7 i0i1 i9h9"),
    // Opposite-direction cannons (C2=5 C2=5).
    ("C2=5 C2=5 H2+3 H2+3 R1=2 R1=2", "h2e2 b7e7 h0g2 b9c7 i0h0 a9b9"),
    // Reverse palcorner horse (C2=5 H2+3 … C8=6).
    ("C2=5 H2+3 H2+3 C8=6 R1=2 H8+7", "h2e2 b9c7 h0g2 h7f7 i0h0 h9g7"),
    // Elephant openings.
    ("E3+5 C8=5 H2+3 P7+1 P7+1 C2=3", "g0e2 h7e7 h0g2 g6g5 c3c4 b7c7"),
    ("E3+5 P3+1 H2+3 H2+3", "g0e2 c6c5 h0g2 b9c7"),
    ("E7+5 P7+1 H8+7 H8+7", "c0e2 g6g5 b0c2 h9g7"),
    ("E7+5 H8+7 H8+7 R9=8", "c0e2 h9g7 b0c2 i9h9"),
    // Pawn openings.
    ("P7+1 P7+1 H8+7 H8+7", "c3c4 g6g5 b0c2 h9g7"),
    ("P7+1 C2=3 C2=5 E3+5", "c3c4 b7c7 h2e2 c9e7"),
    ("P7+1 E3+5 H2+3 H8+7", "c3c4 c9e7 h0g2 h9g7"),
    // Horse openings.
    ("H2+3 P7+1 P7+1 H8+7", "h0g2 g6g5 c3c4 h9g7"),
    ("H2+3 P3+1 C8=9 H2+3", "h0g2 c6c5 b2a2 b9c7"),
    // Palcorner cannon.
    ("C2=6 H8+7 H2+3 R9=8", "h2d2 h9g7 h0g2 i9h9"),
    ("C2=4 H2+3 H2+3 R1=2", "h2f2 b9c7 h0g2 a9b9"),
];

/// The number of a game's first plies that follow one book line, its moves as given or all
/// mirrored left–right: 0 to the longest line's length. `moves` are played from the start
/// position; a game from another position is out of the book (the caller passes none).
pub fn book_plies(moves: &[Move]) -> usize {
    let mirrored: Vec<Move> = moves.iter().map(|&m| mirror(m)).collect();
    LINES
        .iter()
        .map(|(_, line)| {
            let line = parse_line(line);
            common_prefix(&line, moves).max(common_prefix(&line, &mirrored))
        })
        .max()
        .unwrap_or(0)
}

/// The moves of a line; the lines are constants checked by the tests, so an unreadable
/// move (which they rule out) ends the line there.
fn parse_line(line: &str) -> Vec<Move> {
    line.split(' ').map_while(|m| m.parse().ok()).collect()
}

fn common_prefix(a: &[Move], b: &[Move]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A move's left–right mirror image: file a ↔ i, b ↔ h, …, the rank kept.
fn mirror(m: Move) -> Move {
    Move::new(mirror_square(m.from), mirror_square(m.to))
}

fn mirror_square(s: Square) -> Square {
    // The mirrored file is on the board whenever the file is.
    Square::new(8 - s.file(), s.rank()).unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{wxf, Position};

    fn moves(line: &str) -> Vec<Move> {
        line.split(' ').map(|m| m.parse().expect("ICCS")).collect()
    }

    #[test]
    fn every_line_is_legal_and_its_wxf_name_is_its_moves() {
        for (name, line) in LINES {
            let mut position = Position::start();
            let mut written = Vec::new();
            for m in moves(line) {
                written.push(wxf::write(&position, m).expect("a legal move has a WXF name"));
                position = position
                    .after(m)
                    .unwrap_or_else(|_| panic!("{line}: {m} is illegal"));
            }
            assert_eq!(written.join(" "), name, "{line}");
        }
    }

    #[test]
    fn a_game_follows_the_book_until_it_leaves_it() {
        // 1. C2=5 C8=5 2. H2+3 H8+7 3. R1=2 R9=8, then 4. H8+9 and 4… C2=1 (off book).
        let game = moves("h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 b0a2 b7a7");
        assert_eq!(book_plies(&game), 7);
        assert_eq!(book_plies(&game[..3]), 3);
        assert_eq!(book_plies(&[]), 0);
        assert_eq!(book_plies(&moves("e3e4")), 0);
    }

    #[test]
    fn a_mirrored_game_follows_the_mirrored_line() {
        // 1. C8=5 C2=5 2. H8+7 H2+3: the same-direction cannons on the other wing.
        assert_eq!(book_plies(&moves("b2e2 b7e7 b0c2 b9c7 a0b0")), 5);
    }
}
