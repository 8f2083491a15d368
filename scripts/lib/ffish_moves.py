"""Moves between ICCS and pyffish's Xiangqi coordinates, for the cross-check scripts.

ICCS numbers the ranks 0-9 from Red's side (`h2h9`); pyffish (Fairy-Stockfish) writes the
same move with ranks 1-10 (`h3h10`). The files a-i and the FEN are the same in both.
"""

import re

MOVE = re.compile(r"([a-i])(\d+)([a-i])(\d+)")


def parts(move):
    """Splits a move of either convention into (from file, from rank, to file, to rank).

    Raises ValueError when `move` is not four coordinates."""
    m = MOVE.fullmatch(move)
    if not m:
        raise ValueError(f"not a move: {move!r}")
    return m[1], int(m[2]), m[3], int(m[4])


def to_iccs(move):
    """A pyffish move (ranks 1-10, `h3h10`) in ICCS (ranks 0-9, `h2h9`)."""
    f1, r1, f2, r2 = parts(move)
    return f"{f1}{r1 - 1}{f2}{r2 - 1}"


def to_pyffish(move):
    """An ICCS move (ranks 0-9, `h2h9`) in pyffish's coordinates (ranks 1-10, `h3h10`)."""
    f1, r1, f2, r2 = parts(move)
    return f"{f1}{r1 + 1}{f2}{r2 + 1}"


def destination(move):
    """The destination point of a move as written (`h10` of pyffish's `h3h10`)."""
    _, _, f2, r2 = parts(move)
    return f"{f2}{r2}"
