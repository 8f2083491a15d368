//! The one check of the text players write and others read: chat lines, display names and
//! puzzle titles. Text that could deceive or break the page of whoever reads it is refused
//! with a reason ([`PlayerTextError`], sent as 422 / `invalid_field`):
//!
//! - bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which
//!   reorder what follows them, so a name can read as someone else's or a line as a move;
//! - line breaks of any kind (`\n`, `\r`, U+0085, U+2028, U+2029, vertical tab, form feed):
//!   every kind of player text is one line;
//! - other control characters;
//! - text with nothing visible: only white space and zero-width or filler characters
//!   (U+200B–U+200D, U+2060, U+FEFF, U+00AD, U+034F, U+115F, U+1160, U+17B4, U+17B5,
//!   U+180E, U+2061–U+2064, U+3164, U+FFA0). These pass inside visible text, where some
//!   are needed (U+200D joins emoji such as 👨‍👩‍👧; U+200C shapes Persian).
//!
//! Text is trimmed of white space first; every script and emoji is welcome.
//!
//! ```
//! use xiangqi_view::player_text::{check, TextKind};
//! assert_eq!(check(TextKind::Name, "  Nguyễn Thị Ánh ").as_deref(), Ok("Nguyễn Thị Ánh"));
//! assert!(check(TextKind::Name, "\u{202E}olleh").is_err());
//! assert!(check(TextKind::Chat, "\u{200B}").is_err());
//! ```

use crate::ViewError;
use std::fmt;

/// What a piece of player text is: it sets the field its errors name and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextKind {
    /// A chat line (field `text`, at most [`TextKind::max_chars`] = 300 characters).
    Chat,
    /// A seat's display name (field `name`, at most 24 characters).
    Name,
    /// A puzzle's title (field `title`, at most 100 characters).
    PuzzleTitle,
}

impl TextKind {
    /// Returns the JSON field the text arrives in, which its errors start with.
    pub const fn field(self) -> &'static str {
        match self {
            TextKind::Chat => "text",
            TextKind::Name => "name",
            TextKind::PuzzleTitle => "title",
        }
    }

    /// Returns the most characters (Unicode scalar values) the text may have once trimmed.
    pub const fn max_chars(self) -> usize {
        match self {
            TextKind::Chat => 300,
            TextKind::Name => 24,
            TextKind::PuzzleTitle => 100,
        }
    }
}

/// What is wrong with a piece of player text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextProblem {
    /// Nothing is left after trimming white space.
    Empty,
    /// More characters than the kind allows.
    TooLong {
        /// How many it has.
        chars: usize,
        /// How many are allowed.
        max: usize,
    },
    /// A line break: the text is one line.
    LineBreak(char),
    /// A bidirectional control character.
    Bidi(char),
    /// Another control character.
    Control(char),
    /// Only invisible characters: white space, zero-width or filler characters.
    Invisible,
}

/// Why a piece of player text was refused: which kind of text, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerTextError {
    /// The kind of text checked.
    pub kind: TextKind,
    /// What is wrong with it.
    pub problem: TextProblem,
}

impl fmt::Display for PlayerTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.kind.field())?;
        match &self.problem {
            TextProblem::Empty => f.write_str("empty after trimming spaces"),
            TextProblem::TooLong { chars, max } => {
                write!(f, "{chars} characters, at most {max} allowed")
            }
            TextProblem::LineBreak(c) => write!(
                f,
                "line break U+{:04X} is not allowed: one line only",
                u32::from(*c)
            ),
            TextProblem::Bidi(c) => write!(
                f,
                "bidirectional control U+{:04X} is not allowed",
                u32::from(*c)
            ),
            TextProblem::Control(c) => write!(
                f,
                "control characters are not allowed (U+{:04X})",
                u32::from(*c)
            ),
            TextProblem::Invisible => {
                f.write_str("nothing visible: only blank or invisible characters")
            }
        }
    }
}

impl std::error::Error for PlayerTextError {}

impl From<PlayerTextError> for ViewError {
    fn from(e: PlayerTextError) -> ViewError {
        ViewError::InvalidField(e.to_string())
    }
}

/// Tells whether `c` breaks a line.
fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// Tells whether `c` is a bidirectional control: an embedding, override or isolate, or an
/// implicit mark.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// Tells whether `c` shows nothing by itself: white space, a zero-width character or a
/// filler.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{200B}'..='\u{200D}'
                | '\u{2060}'..='\u{2064}'
                | '\u{FEFF}'
                | '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180E}'
                | '\u{3164}'
                | '\u{FFA0}'
        )
}

/// Checks player text of `kind` as typed: returns it trimmed of white space when it has 1
/// to [`TextKind::max_chars`] characters, something visible, and no line break, control
/// or bidirectional control.
///
/// # Errors
/// [`PlayerTextError`] naming the field and the first problem found (a 422
/// `invalid_field` on the wire, through [`ViewError`]).
pub fn check(kind: TextKind, typed: &str) -> Result<String, PlayerTextError> {
    let refuse = |problem| PlayerTextError { kind, problem };
    let text = typed.trim();
    if text.is_empty() {
        return Err(refuse(TextProblem::Empty));
    }
    let chars = text.chars().count();
    if chars > kind.max_chars() {
        return Err(refuse(TextProblem::TooLong {
            chars,
            max: kind.max_chars(),
        }));
    }
    for c in text.chars() {
        if is_line_break(c) {
            return Err(refuse(TextProblem::LineBreak(c)));
        }
        if is_bidi_control(c) {
            return Err(refuse(TextProblem::Bidi(c)));
        }
        if c.is_control() {
            return Err(refuse(TextProblem::Control(c)));
        }
    }
    if text.chars().all(is_invisible) {
        return Err(refuse(TextProblem::Invisible));
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [TextKind; 3] = [TextKind::Chat, TextKind::Name, TextKind::PuzzleTitle];

    fn problem(kind: TextKind, text: &str) -> TextProblem {
        match check(kind, text) {
            Err(e) => {
                assert!(e.to_string().starts_with(kind.field()), "{e}");
                e.problem
            }
            Ok(t) => panic!("{kind:?} {text:?} passed as {t:?}"),
        }
    }

    #[test]
    fn bidi_controls_are_refused_in_every_kind() {
        let controls = ('\u{202A}'..='\u{202E}')
            .chain('\u{2066}'..='\u{2069}')
            .chain(['\u{200E}', '\u{200F}', '\u{061C}']);
        for c in controls {
            for kind in KINDS {
                assert_eq!(
                    problem(kind, &format!("abc{c}def")),
                    TextProblem::Bidi(c),
                    "{kind:?} U+{:04X}",
                    u32::from(c)
                );
            }
        }
        // The breaker's name: a right-to-left override that makes "gnp.exe" read backwards.
        assert_eq!(
            problem(TextKind::Name, "\u{202E}exe.gnp"),
            TextProblem::Bidi('\u{202E}')
        );
    }

    #[test]
    fn line_breaks_are_refused_where_one_line_is_meant() {
        for c in [
            '\n', '\r', '\u{0B}', '\u{0C}', '\u{85}', '\u{2028}', '\u{2029}',
        ] {
            for kind in KINDS {
                assert_eq!(
                    problem(kind, &format!("one{c}two")),
                    TextProblem::LineBreak(c),
                    "{kind:?} U+{:04X}",
                    u32::from(c)
                );
            }
        }
        assert_eq!(
            problem(TextKind::PuzzleTitle, "Mate in 2\r\nRed to move"),
            TextProblem::LineBreak('\r')
        );
    }

    #[test]
    fn text_with_nothing_visible_is_refused() {
        for text in [
            "\u{200B}",
            "\u{200B}\u{200C}\u{200D}",
            "\u{2060}",
            "\u{FEFF}",
            "\u{200B} \u{200B}",
            "\u{3164}\u{3164}",
            "\u{00AD}",
        ] {
            for kind in KINDS {
                assert_eq!(problem(kind, text), TextProblem::Invisible, "{text:?}");
            }
        }
        for blank in ["", "   ", "\u{3000}", " \u{A0} "] {
            assert_eq!(
                problem(TextKind::Chat, blank),
                TextProblem::Empty,
                "{blank:?}"
            );
        }
    }

    #[test]
    fn controls_and_long_text_are_refused() {
        assert_eq!(
            problem(TextKind::Name, "a\u{7}b"),
            TextProblem::Control('\u{7}')
        );
        assert_eq!(
            problem(TextKind::Chat, "tab\there"),
            TextProblem::Control('\t')
        );
        assert_eq!(
            problem(TextKind::Name, &"x".repeat(25)),
            TextProblem::TooLong { chars: 25, max: 24 }
        );
        assert_eq!(
            problem(TextKind::PuzzleTitle, &"题".repeat(101)),
            TextProblem::TooLong {
                chars: 101,
                max: 100
            }
        );
    }

    #[test]
    fn chinese_vietnamese_and_emoji_pass_trimmed() {
        for (kind, typed, kept) in [
            (TextKind::Name, "  许银川  ", "许银川"),
            (TextKind::Name, "Nguyễn Thị Ánh", "Nguyễn Thị Ánh"),
            (TextKind::Name, "Lê Quang Liêm ♟", "Lê Quang Liêm ♟"),
            (TextKind::Chat, "好棋！炮二平五 👍🏽", "好棋！炮二平五 👍🏽"),
            (
                TextKind::Chat,
                "gg 👨\u{200D}👩\u{200D}👧 🎉",
                "gg 👨\u{200D}👩\u{200D}👧 🎉",
            ),
            (TextKind::Chat, "سلام", "سلام"),
            (
                TextKind::PuzzleTitle,
                "Đỏ đi trước, chiếu hết sau 2 nước",
                "Đỏ đi trước, chiếu hết sau 2 nước",
            ),
            (TextKind::PuzzleTitle, "红先胜：三步杀", "红先胜：三步杀"),
        ] {
            assert_eq!(
                check(kind, typed).as_deref(),
                Ok(kept),
                "{kind:?} {typed:?}"
            );
        }
        assert!(check(TextKind::Name, &"帥".repeat(24)).is_ok());
        assert!(check(TextKind::Chat, &"字".repeat(300)).is_ok());
    }

    #[test]
    fn an_error_is_an_invalid_field_naming_the_field() {
        let e = ViewError::from(check(TextKind::PuzzleTitle, "a\u{2028}b").unwrap_err());
        assert_eq!(e.code(), "invalid_field");
        assert_eq!(
            e.to_string(),
            "title: line break U+2028 is not allowed: one line only"
        );
    }

    #[test]
    fn chat_lines_are_trimmed_and_checked() {
        let chat = |typed: &str| check(TextKind::Chat, typed).map_err(|e| e.to_string());
        assert_eq!(chat("  good move!  ").as_deref(), Ok("good move!"));
        assert!(chat(&"字".repeat(300)).is_ok());
        for bad in ["", " \t ", "two\nlines", &"x".repeat(301)] {
            let e = chat(bad).unwrap_err();
            assert!(e.starts_with("text:"), "{bad:?}: {e}");
        }
    }

    #[test]
    fn display_names_are_trimmed_and_checked() {
        let name = |typed: &str| check(TextKind::Name, typed);
        assert_eq!(name("  Lan 兰  ").as_deref(), Ok("Lan 兰"));
        assert_eq!(name(&"帥".repeat(24)).map(|n| n.chars().count()), Ok(24));
        for bad in ["", "   ", "a\u{7}b", "tab\there", &"x".repeat(25)] {
            assert!(name(bad).is_err(), "{bad:?}");
        }
    }
}
