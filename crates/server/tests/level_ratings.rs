//! The computer page shows each level with the rating the engine crate measured for it
//! (`Strength::rating`), so the page and the measurements cannot drift apart.

use xiangqi_engine::level::Strength;

#[test]
fn the_computer_page_shows_every_level_with_its_rating() {
    let page = include_str!("../../../web/computer.html");
    for s in Strength::ALL {
        let option = format!(
            "<option value=\"{n}\"{sel}>{n} — {name} (≈ {rating})</option>",
            n = s.number(),
            sel = if s == Strength::Normal {
                " selected"
            } else {
                ""
            },
            name = s.name(),
            rating = s.rating(),
        );
        assert!(page.contains(&option), "web/computer.html lacks {option}");
    }
}
