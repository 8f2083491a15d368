//! The two written notations side by side on hand-picked moves: each move is written in WXF
//! and in Chinese, and each text reads back as that move. The WXF texts follow the WXF's
//! notation page (front and rear markers `+`/`-`, a middle soldier by its file, `++`/`--` for
//! four and five soldiers, the tandem file digit for soldiers on two files); the Chinese
//! ones follow Chinese practice (前/中/后, 一 to 五 from the front for four or more soldiers,
//! Red's files and numbers in Chinese numerals, Black's in full-width digits). One table
//! serves both notations, so a position is set up once and the two can never drift apart.

use xiangqi::notation::{Notation, NotationError, SyntaxProblem};
use xiangqi::{chinese, wxf, Move, Position, START_FEN};

/// The position after Red's central cannon, 1. h2e2 (炮二平五, C2=5).
const AFTER_CENTRAL_CANNON: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";

/// Returns the position of `fen`, which the table knows to be legal.
fn position(fen: &str) -> Position {
    Position::from_fen(fen).expect("legal FEN")
}

/// Returns the ICCS move `iccs`.
fn mv(iccs: &str) -> Move {
    iccs.parse().expect("ICCS move")
}

/// Checks every `(ICCS, WXF, Chinese)` row in the position of `fen`: the move is written as
/// each text and each text reads back as the move.
fn written_both_ways(fen: &str, rows: &[(&str, &str, &str)]) {
    let pos = position(fen);
    for &(iccs, wxf_text, chinese_text) in rows {
        let m = mv(iccs);
        assert_eq!(
            wxf::write(&pos, m).as_deref(),
            Ok(wxf_text),
            "{iccs} in {fen}"
        );
        assert_eq!(wxf::parse(&pos, wxf_text), Ok(m), "{wxf_text} in {fen}");
        assert_eq!(
            chinese::write(&pos, m).as_deref(),
            Ok(chinese_text),
            "{iccs} in {fen}"
        );
        assert_eq!(
            chinese::parse(&pos, chinese_text),
            Ok(m),
            "{chinese_text} in {fen}"
        );
    }
}

/// Reads `text` in `notation` in `pos`.
fn parse(notation: Notation, pos: &Position, text: &str) -> Result<Move, NotationError> {
    match notation {
        Notation::Wxf => wxf::parse(pos, text),
        Notation::Chinese => chinese::parse(pos, text),
        Notation::Iccs => panic!("the examples are written in WXF or Chinese"),
    }
}

#[test]
fn opening_moves_of_both_sides() {
    written_both_ways(
        START_FEN,
        &[
            ("h2e2", "C2=5", "炮二平五"),
            ("h0g2", "H2+3", "马二进三"),
            ("b0c2", "H8+7", "马八进七"),
            ("i0i1", "R1+1", "车一进一"),
            ("c3c4", "P7+1", "兵七进一"),
            ("g0e2", "E3+5", "相三进五"),
            ("f0e1", "A4+5", "仕四进五"),
            ("e0e1", "K5+1", "帅五进一"),
            ("h2h9", "C2+7", "炮二进七"),
        ],
    );
    written_both_ways(
        AFTER_CENTRAL_CANNON,
        &[
            ("h7e7", "C8=5", "炮８平５"),
            ("h9g7", "H8+7", "马８进７"),
            ("b9c7", "H2+3", "马２进３"),
            ("g6g5", "P7+1", "卒７进１"),
            ("a9a7", "R1+2", "车１进２"),
            ("b7b0", "C2+7", "炮２进７"),
            ("c9e7", "E3+5", "象３进５"),
            ("e9e8", "K5+1", "将５进１"),
        ],
    );
}

#[test]
fn tandem_chariots_and_cannons_are_front_and_rear() {
    // Red chariots on e3 (front) and e0 (rear).
    written_both_ways(
        "3k5/9/9/9/9/9/4R4/9/9/4RK3 w",
        &[
            ("e3e8", "R++5", "前车进五"),
            ("e3e4", "R++1", "前车进一"),
            ("e3d3", "R+=6", "前车平六"),
            ("e0d0", "R-=6", "后车平六"),
        ],
    );
    // Black cannons on b2 (front, nearer Red) and b7 (rear).
    written_both_ways(
        "3k5/9/1c7/9/9/9/9/1c7/9/5K3 b",
        &[
            ("b2b0", "C++2", "前炮进２"),
            ("b2b5", "C+-3", "前炮退３"),
            ("b7e7", "C-=5", "后炮平５"),
        ],
    );
}

#[test]
fn tandem_advisors_and_elephants_are_marked() {
    written_both_ways(
        "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
        &[("d0e1", "A-+5", "后仕进五"), ("d2e1", "A+-5", "前仕退五")],
    );
    written_both_ways(
        "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
        &[("c0a2", "E-+9", "后相进九"), ("c4a2", "E+-9", "前相退九")],
    );
}

#[test]
fn three_soldiers_on_a_file_are_front_middle_rear() {
    written_both_ways(
        "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w",
        &[
            ("e7d7", "P+=6", "前兵平六"),
            ("e7e8", "P++1", "前兵进一"),
            ("e6d6", "P5=6", "中兵平六"),
            ("e5d5", "P-=6", "后兵平六"),
        ],
    );
}

#[test]
fn four_and_five_soldiers_are_counted_from_the_front() {
    written_both_ways(
        "4k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w",
        &[
            ("c8b8", "++=8", "一兵平八"),
            ("c7b7", "P+=8", "二兵平八"),
            ("c6b6", "P-=8", "三兵平八"),
            ("c5b5", "--=8", "四兵平八"),
        ],
    );
    written_both_ways(
        "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w",
        &[
            ("c9b9", "++=8", "一兵平八"),
            ("c8b8", "P+=8", "二兵平八"),
            ("c7b7", "P7=8", "三兵平八"),
            ("c6b6", "P-=8", "四兵平八"),
            ("c5b5", "--=8", "五兵平八"),
        ],
    );
    // Black: five soldiers on Black's file 3 (ICCS c), c1 in front (nearest Red).
    written_both_ways(
        "4k4/9/9/9/2p6/2p6/2p6/2p6/2p6/3K5 b",
        &[
            ("c1b1", "++=2", "１卒平２"),
            ("c2b2", "P+=2", "２卒平２"),
            ("c3b3", "P3=2", "３卒平２"),
            ("c4b4", "P-=2", "４卒平２"),
        ],
    );
}

#[test]
fn soldiers_in_tandem_on_two_files_name_the_file() {
    // The WXF page's own example: three on Red's file 3, two on file 7.
    written_both_ways(
        "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w",
        &[
            ("g7f7", "3+=4", "前三平四"),
            ("g6f6", "33=4", "中三平四"),
            ("g5f5", "3-=4", "后三平四"),
            ("c6d6", "7+=6", "前七平六"),
            ("c5d5", "7-=6", "后七平六"),
        ],
    );
}

#[test]
fn other_common_forms_are_read() {
    let tandem_chariots = "3k5/9/9/9/9/9/4R4/9/9/4RK3 w";
    let five_soldiers = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w";
    let two_files = "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w";
    let readings = [
        // WXF: `.` for `=`, lower case, no action sign, N and B for horse and elephant.
        (Notation::Wxf, START_FEN, "C2.5", "h2e2"),
        (Notation::Wxf, START_FEN, "c2=5", "h2e2"),
        (Notation::Wxf, START_FEN, "C25", "h2e2"),
        (Notation::Wxf, START_FEN, " C2=5 ", "h2e2"),
        (Notation::Wxf, START_FEN, "N2+3", "h0g2"),
        (Notation::Wxf, START_FEN, "n2+3", "h0g2"),
        (Notation::Wxf, START_FEN, "B3+5", "g0e2"),
        // The marker before the letter, or the file where only one of the pair can move.
        (Notation::Wxf, tandem_chariots, "+R+5", "e3e8"),
        (Notation::Wxf, tandem_chariots, "-R=6", "e0d0"),
        (Notation::Wxf, tandem_chariots, "R5+5", "e3e8"),
        (
            Notation::Wxf,
            "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
            "A6+5",
            "d0e1",
        ),
        (
            Notation::Wxf,
            "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
            "A6-5",
            "d2e1",
        ),
        (
            Notation::Wxf,
            "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
            "E7+9",
            "c0a2",
        ),
        (
            Notation::Wxf,
            "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
            "E7-5",
            "c4e2",
        ),
        // Other programs' numbered soldiers: the second and the fifth from the front.
        (Notation::Wxf, five_soldiers, "27=8", "c8b8"),
        (Notation::Wxf, five_soldiers, "57=8", "c5b5"),
        // Without the file where only one of the candidates can make the move.
        (Notation::Wxf, two_files, "P+=4", "g7f7"),
        (Notation::Wxf, two_files, "P3=4", "g6f6"),
        // Chinese: traditional characters, other numerals, white space.
        (Notation::Chinese, START_FEN, "傌二進三", "h0g2"),
        (Notation::Chinese, START_FEN, "馬二进三", "h0g2"),
        (Notation::Chinese, START_FEN, "马2进3", "h0g2"),
        (Notation::Chinese, START_FEN, "马２进３", "h0g2"),
        (Notation::Chinese, START_FEN, " 马二进三 ", "h0g2"),
        (Notation::Chinese, START_FEN, "砲二平五", "h2e2"),
        (Notation::Chinese, START_FEN, "包二平五", "h2e2"),
        (Notation::Chinese, START_FEN, "俥一進一", "i0i1"),
        (Notation::Chinese, AFTER_CENTRAL_CANNON, "馬8進7", "h9g7"),
        (Notation::Chinese, AFTER_CENTRAL_CANNON, "马八进七", "h9g7"),
        (Notation::Chinese, AFTER_CENTRAL_CANNON, "砲８平５", "h7e7"),
        // The marker after the piece, traditional 後, a file where only one can move.
        (Notation::Chinese, tandem_chariots, "车前进一", "e3e4"),
        (Notation::Chinese, tandem_chariots, "俥後平六", "e0d0"),
        (Notation::Chinese, tandem_chariots, "後俥平六", "e0d0"),
        (
            Notation::Chinese,
            "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
            "仕六进五",
            "d0e1",
        ),
        (
            Notation::Chinese,
            "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
            "仕六退五",
            "d2e1",
        ),
        // 中 and 前 for five soldiers, a Chinese numeral for Black's soldier, the piece named
        // with the tandem file.
        (Notation::Chinese, five_soldiers, "中兵平八", "c7b7"),
        (Notation::Chinese, five_soldiers, "前兵平八", "c9b9"),
        (
            Notation::Chinese,
            "4k4/9/9/9/2p6/2p6/2p6/2p6/2p6/3K5 b",
            "一卒平2",
            "c1b1",
        ),
        (Notation::Chinese, two_files, "前兵三平四", "g7f7"),
        (Notation::Chinese, two_files, "二兵三平四", "g6f6"),
    ];
    for (notation, fen, text, iccs) in readings {
        let pos = position(fen);
        assert_eq!(parse(notation, &pos, text), Ok(mv(iccs)), "{text} in {fen}");
    }
}

#[test]
fn malformed_text_gets_a_syntax_error() {
    let malformed = [
        (Notation::Wxf, "", SyntaxProblem::Empty),
        (Notation::Wxf, "   ", SyntaxProblem::Empty),
        (Notation::Wxf, "X2=5", SyntaxProblem::UnknownPiece('X')),
        (Notation::Wxf, "C0=5", SyntaxProblem::BadFile('0')),
        (Notation::Wxf, "C2x5", SyntaxProblem::BadAction('x')),
        (Notation::Wxf, "C2=0", SyntaxProblem::BadNumber('0')),
        (Notation::Wxf, "C2=", SyntaxProblem::BadNumber('=')),
        (Notation::Wxf, "C2=55", SyntaxProblem::Shape),
        (Notation::Wxf, "+-=5", SyntaxProblem::BadMarker('-')),
        (Notation::Wxf, "炮二平五", SyntaxProblem::UnknownPiece('炮')),
        (Notation::Wxf, "é2=5", SyntaxProblem::UnknownPiece('é')),
        (Notation::Chinese, "", SyntaxProblem::Empty),
        (Notation::Chinese, "炮二平", SyntaxProblem::Shape),
        (Notation::Chinese, "炮二平五五五", SyntaxProblem::Shape),
        (
            Notation::Chinese,
            "王二平五",
            SyntaxProblem::UnknownPiece('王'),
        ),
        (Notation::Chinese, "炮十平五", SyntaxProblem::BadFile('十')),
        (
            Notation::Chinese,
            "炮二走五",
            SyntaxProblem::BadAction('走'),
        ),
        (
            Notation::Chinese,
            "炮二平零",
            SyntaxProblem::BadNumber('零'),
        ),
        (
            Notation::Chinese,
            "前x平五",
            SyntaxProblem::UnknownPiece('x'),
        ),
        (
            Notation::Chinese,
            "x兵三平四",
            SyntaxProblem::BadMarker('x'),
        ),
        (Notation::Chinese, "C2=5", SyntaxProblem::UnknownPiece('C')),
    ];
    let pos = Position::start();
    for (notation, text, problem) in malformed {
        let error = parse(notation, &pos, text);
        let expected = NotationError::Syntax {
            notation,
            text: text.trim().to_string(),
            problem,
        };
        assert_eq!(error, Err(expected), "{notation:?} {text:?}");
    }
}
