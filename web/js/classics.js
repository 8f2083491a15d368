// @ts-check
/**
 * @file Built-in classic games for the replay page.
 *
 * 弃马十三招 ("horse sacrifice, mate in thirteen") from 橘中秘 (Juzhongmi, 1632): Red leaves
 * the horse on b0 unprotected, Black's cannon takes it (6… 炮2进7) and Red mates with the
 * doubled central cannons on its thirteenth move (ply 25).
 * Source of the record: the README of github.com/fenglielie/chessnote (its 弃马十三招
 * example, in Chinese notation); the same line is the "Horse Sacrifice with thirteen Moves
 * Kill" of xiangqielephantgame.blogspot.com (July 2016, "Xiangqi Opening Trap"). Converted to
 * ICCS and checked by crates/xiangqi/tests/juzhongmi.rs (data/juzhongmi.txt), which replays it
 * through xiangqi::Game, parses every Chinese move to the same ICCS move and asserts
 * checkmate, Red winning, after exactly 25 plies.
 */

/**
 * @typedef {object} Classic
 * @property {string} id
 * @property {string} title
 * @property {string} description
 * @property {string|null} fen null = the start position
 * @property {string[]} moves ICCS
 */

/** @type {Classic[]} */
export const CLASSICS = [
  {
    id: 'juzhongmi',
    title: '弃马十三招 — the horse-sacrifice trap (橘中秘, 1632)',
    description:
      'From Juzhongmi (橘中秘, "Secrets inside the Tangerine", 1632). Red leaves a horse to be ' +
      "taken; when Black's cannon grabs it, Red's chariots and cannons pour through the centre " +
      "and mate with two cannons on the central file on Red's thirteenth move.",
    fen: null,
    moves: [
      'h2e2', 'h7e7', // 1. 炮二平五 炮8平5
      'h0g2', 'h9g7', // 2. 马二进三 马8进7
      'i0i1', 'i9h9', // 3. 车一进一 车9平8
      'i1d1', 'h9h3', // 4. 车一平六 车8进6
      'd1d8', 'b9a7', // 5. 车六进七 马2进1
      'a0a1', 'b7b0', // 6. 车九进一 炮2进7 (Black takes the horse)
      'b2b7', 'g7h9', // 7. 炮八进五 马7退8
      'e2e6', 'f9e8', // 8. 炮五进四 士6进5
      'a1d1', 'e9f9', // 9. 车九平六 将5平6
      'd8d9', 'e8d9', // 10. 前车进一 士5退4
      'd1f1', 'e7f7', // 11. 车六平四 炮5平6
      'f1f7', 'f9e9', // 12. 车四进六 将6平5
      'b7e7', //         13. 炮八平五 checkmate
    ],
  },
];
