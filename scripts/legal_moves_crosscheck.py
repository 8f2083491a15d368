#!/usr/bin/env python3
"""Records legal-move lists and check flags from Fairy-Stockfish (pyffish) along seeded games.

Test-data generator, not part of the product nor of scripts/test: it writes
crates/xiangqi/tests/data/legal-moves.tsv, which crates/xiangqi/tests/it/legal_moves_data.rs
checks our `legal_moves()`, `is_legal()` and `is_check()` against.

    pip install pyffish
    python3 scripts/legal_moves_crosscheck.py [--positions N] [--out PATH]

Games are played by a seeded pseudo-random player (Python's `random.Random(seed)`, so a run
is reproducible for a given pyffish version) that prefers captures, so the games reach
middle games and sparse endings, and prefers checking moves, so many recorded positions are
in check. Some games start from composed positions (see STARTS). Every fourth position of a
game is recorded, and every position in check and every final position (checkmate, no legal
move) too, until the wanted number is reached. Duplicates are skipped.

Each line: FEN, `check` or `-` (is the side to move in check, per pyffish.gives_check on the
position itself), then the legal moves in ICCS (ranks 0-9; pyffish writes ranks 1-10),
sorted and separated by spaces, or `none`.
"""

import argparse
import importlib.metadata
import os
import pathlib
import random
import sys

import pyffish as sf

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lib"))
from ffish_moves import destination, to_iccs  # noqa: E402  (scripts/lib/, put on the path above)

VARIANT = "xiangqi"
MAX_PLIES = 100
CAPTURE_BIAS = 0.6  # chance of playing a capture when one exists
CHECK_BIAS = 0.35  # chance of looking for a checking move first

# Where games start: the opening position for most seeds, composed positions for the rest.
STARTS = [
    sf.start_fen(VARIANT),
    sf.start_fen(VARIANT),
    sf.start_fen(VARIANT),
    # Horse legs next to both generals.
    "r3k4/5r3/2N2N3/4p3p/9/9/2P2nP2/3n1A3/3R5/4K4 w - - 0 1",
    # Cannons with 0 and 2 screens towards Red's general.
    "5k3/9/4c4/p7p/2R1N4/9/4P4/7C1/c3K4/9 w - - 0 1",
    # Chariot and horse against chariot, advisors on both sides.
    "3k5/4a4/3a1N3/9/9/9/2r6/9/4A4/3AK1R2 w - - 0 1",
    # Elephants with blocked eyes.
    "3aka3/9/1c2b4/3n2p2/2b6/6B2/P2N1p3/4B4/3C5/4K3R w - - 0 1",
]

def occupied(fen):
    """Returns the set of occupied squares in pyffish notation (`e1`..`i10`)."""
    out = set()
    for row, text in enumerate(fen.split()[0].split("/")):
        rank = 10 - row
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
            else:
                out.add(f"{'abcdefghi'[file]}{rank}")
                file += 1
    return out


def choose(rng, fen, moves):
    """Picks the next move: a check or a capture by preference, otherwise any move."""
    if rng.random() < CHECK_BIAS:
        for m in rng.sample(moves, len(moves)):
            if sf.gives_check(VARIANT, fen, [m]):
                return m
    full = occupied(fen)
    captures = [m for m in moves if destination(m) in full]
    if captures and rng.random() < CAPTURE_BIAS:
        return rng.choice(captures)
    return rng.choice(moves)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.join(here, "..", "crates", "xiangqi", "tests", "data", "legal-moves.tsv")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=300, help="how many to record")
    ap.add_argument("--out", default=default_out, help="output file")
    args = ap.parse_args()

    version = importlib.metadata.version("pyffish")
    rows = []
    seen = set()
    checks = finals = 0
    seed = 0
    while len(rows) < args.positions:
        seed += 1
        rng = random.Random(seed)
        fen = STARTS[seed % len(STARTS)]
        for ply in range(MAX_PLIES + 1):
            moves = sf.legal_moves(VARIANT, fen, [])
            check = sf.gives_check(VARIANT, fen, [])
            key = " ".join(fen.split()[:2])
            if (ply % 4 == 0 or check or not moves) and key not in seen:
                seen.add(key)
                listed = " ".join(sorted(to_iccs(m) for m in moves)) or "none"
                rows.append(f"{fen}\t{'check' if check else '-'}\t{listed}")
                checks += check
                finals += not moves
                if len(rows) == args.positions:
                    break
            if not moves:
                break
            fen = sf.get_fen(VARIANT, fen, [choose(rng, fen, moves)])
    header = [
        "# Legal moves and check flags computed by Fairy-Stockfish's Xiangqi rules, independently",
        f"# of this crate. Produced by: python3 scripts/legal_moves_crosscheck.py (pyffish {version},",
        f"# variant \"{VARIANT}\", seeds 1-{seed}). Checked by crates/xiangqi/tests/it/legal_moves_data.rs.",
        f"# {len(rows)} positions, {checks} in check, {finals} without a legal move.",
        "# Format: fen<TAB>check|-<TAB>sorted ICCS moves (ranks 0-9) separated by spaces, or none.",
        "fen\tcheck\tmoves",
    ]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(header + rows) + "\n")
    print(
        f"wrote {os.path.normpath(args.out)}: {len(rows)} positions, {checks} in check, "
        f"{finals} final, seeds 1-{seed}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
