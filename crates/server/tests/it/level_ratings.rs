//! The computer page shows each level with the rating the engine crate measured for it
//! (`Strength::rating`), in English in the page and in every language file, so the page, its
//! translations and the measurements cannot drift apart.

use xiangqi_engine::level::Strength;

/// The language files (web/i18n/, docs/browser.md "Languages").
const LANGUAGES: [(&str, &str); 4] = [
    ("en", include_str!("../../../../web/i18n/en.json")),
    ("zh-Hans", include_str!("../../../../web/i18n/zh-Hans.json")),
    ("zh-Hant", include_str!("../../../../web/i18n/zh-Hant.json")),
    ("vi", include_str!("../../../../web/i18n/vi.json")),
];

/// Returns the key of level `s`'s option under the file's `computer` section.
fn option_key(s: Strength) -> String {
    format!("{}-{}-{}", s.number(), s.name().to_lowercase(), s.rating())
}

#[test]
fn the_computer_page_shows_every_level_with_its_rating() {
    let page = include_str!("../../../../web/computer.html");
    for s in Strength::ALL {
        let option = format!(
            "<option value=\"{n}\"{sel} data-i18n=\"computer.{key}\">{n} — {name} (≈ {rating})</option>",
            n = s.number(),
            sel = if s == Strength::Normal {
                " selected"
            } else {
                ""
            },
            key = option_key(s),
            name = s.name(),
            rating = s.rating(),
        );
        assert!(page.contains(&option), "web/computer.html lacks {option}");
    }
}

#[test]
fn every_language_shows_every_level_with_its_rating() {
    for (code, text) in LANGUAGES {
        let file: serde_json::Value =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("web/i18n/{code}.json: {e}"));
        for s in Strength::ALL {
            let key = option_key(s);
            let label = file["computer"][&key]
                .as_str()
                .unwrap_or_else(|| panic!("web/i18n/{code}.json lacks computer.{key}"));
            let rating = format!("≈ {}", s.rating());
            assert!(
                label.starts_with(&s.number().to_string()) && label.contains(&rating),
                "web/i18n/{code}.json: computer.{key} is {label:?}, not level {} with {rating}",
                s.number()
            );
        }
    }
}
