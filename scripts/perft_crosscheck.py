#!/usr/bin/env python3
"""Computes perft counts with Fairy-Stockfish (pyffish) for positions chosen to stress the rules.

Test-data generator, not part of the product nor of scripts/test: it writes
crates/xiangqi/tests/data/perft-crosschecked.tsv, which crates/xiangqi/tests/it/perft_data.rs
checks our move generator against. Fairy-Stockfish is an independent implementation of the
Xiangqi rules (variant "xiangqi"), so equal counts mean both generators agree on every
position of the tree.

    pip install pyffish
    python3 scripts/perft_crosscheck.py [--jobs N] [--out PATH]

pyffish has no perft function, so the counts come from recursive `legal_moves` calls; each
call costs about 2 ms, which is why the depths below keep the trees moderate (the whole run
takes a few minutes on two cores). For every position the file holds one line per depth from
1 to the depth given here, so a disagreement shows the first depth at which it appears.

pyffish writes Xiangqi moves with ranks 1-10; our FEN is the same as its FEN (`w`/`b`), so no
conversion is needed for positions, only for moves (see `to_iccs`).
"""

import argparse
import importlib.metadata
import multiprocessing
import os
import pathlib
import sys
import time

import pyffish as sf

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lib"))
from ffish_moves import to_iccs  # noqa: E402  (scripts/lib/, put on the path above)

VARIANT = "xiangqi"

# (id, what it stresses, FEN, depth). Depths keep each count under ~1.5 million nodes and the
# number of pyffish calls (one per interior node) near 200 000 in all.
POSITIONS = [
    (
        "flying-general-pin",
        "Black's advisor e8 is the only piece between the generals on the e-file: it may not "
        "leave the file, and neither general may step onto an open file facing the other",
        "rn2k4/4a4/7c1/2p3p2/9/9/P1P3P1P/1C7/4K4/1N1A1A2R b - - 0 1",
        4,
    ),
    (
        "flying-general-cannon",
        "Red's cannon e4 is the only piece between the generals: it moves along the file but "
        "cannot capture sideways; full armies otherwise",
        "rnbakabnr/9/1c5c1/p1p3p1p/9/4C4/P1P3P1P/1C7/9/RNBAKABNR w - - 0 1",
        3,
    ),
    (
        "cannon-screens",
        "Black cannons aim at Red's general with 0 screens (a1 along rank 1: nothing may step "
        "between) and 2 screens (e7 over e5 and e3: neither screen may leave the file); "
        "Red's general may not step onto the open f-file",
        "5k3/9/4c4/p7p/2R1N4/9/4P4/7C1/c3K4/9 w - - 0 1",
        4,
    ),
    (
        "chariot-and-cannon-pins",
        "Red chariot e4 pins Black's horse e7; Red cannon a9 has two screens (c9, d9) before "
        "Black's general, so neither may leave rank 9; the general may not step to f9 (open "
        "file facing Red's general)",
        "C1rak4/9/1c2n4/2p3p2/9/4R4/P7P/9/9/2B2K3 b - - 0 1",
        4,
    ),
    (
        "horse-legs-by-generals",
        "Horse legs next to both generals: Red chariot d1 blocks the leg of Black horse d2 "
        "(which would check e0), Black chariot f8 blocks the leg of Red horse f7 (which would "
        "check e9); an advisor blocks horse f3 from e1; horse c7 guards d9 and e8",
        "r3k4/5r3/2N2N3/4p3p/9/9/2P2nP2/3n1A3/3R5/4K4 w - - 0 1",
        4,
    ),
    (
        "soldiers-beside-general",
        "Red soldiers d8 and e8 beside Black's general (check from e8, d8 guarding e8 and d9 "
        "sideways); a Black soldier on f1 beside Red's general guards e1 and f0",
        "4ka3/3PP4/1c2b4/9/7r1/9/9/2N4C1/5p3/R3K4 b - - 0 1",
        5,
    ),
    (
        "double-check",
        "Black's general is checked by chariot a9 and horse g8 at once: capturing the horse "
        "with chariot h8 is illegal, only a general move answers",
        "R3k4/6Nr1/9/2p1p4/9/9/P7P/1C7/9/3AK4 b - - 0 1",
        5,
    ),
    (
        "triple-check-mate",
        "Chariot a9, horse g8 and cannon e4 (over soldier e6) all check Black's general, "
        "which has no escape: checkmated",
        "R3k4/6Nr1/9/2p1p4/9/4C4/P7P/1C7/9/3AK4 b - - 0 1",
        1,
    ),
    (
        "cannon-check",
        "Red's general is checked by cannon e7 over Black soldier e4 and pinned along rank 1 "
        "(chariot a1 pins horse c1): answers are capturing the cannon, adding a second screen "
        "(cannon h2 to e2) or stepping aside",
        "4k3r/4a4/1R2c4/p8/6P2/4p4/2P6/7C1/r1N1K4/3A1A3 w - - 0 1",
        4,
    ),
    (
        "double-cannon-check",
        "Red cannons e2 and e4 against Black's general: any piece that interposes, or that "
        "captures the front cannon and lands on e4, becomes a screen and still leaves check",
        "1nb1k1b2/9/1c5c1/p1p3p1p/9/r3C4/2P3P2/4C4/9/1NBK1AB1R b - - 0 1",
        4,
    ),
    (
        "horse-check-leg-block",
        "Black horse g1 checks Red's general e0 over the empty leg f1; the only answer is to "
        "block the leg (chariot f5 to f1) since a Black soldier on d1 guards d0 and e1",
        "r4k3/4a4/3N5/2p2cp2/P4R3/9/4P3P/1C7/3p2n2/4KAB2 w - - 0 1",
        5,
    ),
    (
        "elephant-eyes",
        "Elephants with blocked eyes on both sides (Red e2 by cannon d1 and soldier f3, Red g4 "
        "by f3, Black c5 and e7 by horse d6) and a cannon screen over Red's horse d3",
        "3aka3/9/1c2b4/3n2p2/2b6/6B2/P2N1p3/4B4/3C5/4K3R w - - 0 1",
        4,
    ),
    (
        "checkmate",
        "Black is checkmated by two chariots (d7 checks, e8 guards d8 and e9); Black's cannon "
        "a7 has no screen to capture with",
        "3k5/4R4/c2R5/6p2/9/9/2p6/9/9/4K4 b - - 0 1",
        1,
    ),
    (
        "no-legal-moves",
        "Black is not in check but has no legal move: d8 is guarded, e9 faces Red's general, "
        "the elephant's eyes are blocked and the horse is pinned by chariot d2 (a loss for "
        "Black, WXF 2018 Article 3)",
        "3k2b2/R4P1P1/9/9/3n5/9/9/3R5/9/4K4 b - - 0 1",
        1,
    ),
    (
        "endgame-chariot-horse",
        "Endgame: chariot and horse with two advisors against chariot and two advisors",
        "3k5/4a4/3a1N3/9/9/9/2r6/9/4A4/3AK1R2 w - - 0 1",
        4,
    ),
    (
        "middlegame-central-cannon",
        "Middle game after the central cannon against screen horses: h2e2 h9g7 h0g2 i9h9 "
        "i0h0 b9c7 h0h6 c6c5 h6g6 h7i7 b0c2 b7b3 c3c4 c5c4 a0b0 b3c3 b2b6 a9a8 g6g7",
        "2bakabr1/r8/2n3R1c/pC2p3p/9/2p6/P1c1P1P1P/2N1C1N2/9/1RBAKAB2 b - - 0 10",
        3,
    ),
    (
        "middlegame-same-direction-cannons",
        "Middle game after same-direction cannons: b2e2 b7e7 b0c2 b9c7 a0b0 a9b9 h0g2 h9g7 "
        "i0h0 i9h9 h2h6 h7i7",
        "1rbakabr1/9/2n1c1n1c/p1p1p1pCp/9/9/P1P1P1P1P/2N1C1N2/9/1RBAKABR1 w - - 12 7",
        3,
    ),
    (
        "published-middlegame",
        "Middle game from the published suite (perft.tsv), confirmed here independently",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        3,
    ),
    (
        "published-sparse",
        "Sparse middle game from the published suite (perft.tsv), confirmed here "
        "independently",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        4,
    ),
]

def counts(fen, path, depth):
    """Returns [nodes at ply 1, ..., nodes at ply `depth`] below the position fen + path."""
    moves = sf.legal_moves(VARIANT, fen, path)
    out = [len(moves)] + [0] * (depth - 1)
    if depth > 1:
        for m in moves:
            for i, n in enumerate(counts(fen, path + [m], depth - 1)):
                out[i + 1] += n
    return out


def subtree(task):
    fen, path, depth = task
    return len(path), counts(fen, path, depth)


def perft_all(pool, fen, depth):
    """Perft for plies 1..depth, the tree split into subtrees for the worker pool."""
    total = [0] * depth
    # Expand the first plies here until there is enough work to share out.
    frontier = [[]]
    ply = 0
    while ply < depth - 1 and len(frontier) < 16:
        nxt = []
        for path in frontier:
            nxt.extend(path + [m] for m in sf.legal_moves(VARIANT, fen, path))
        ply += 1
        total[ply - 1] += len(nxt)
        frontier = nxt
    if not frontier:
        return total
    tasks = [(fen, path, depth - ply) for path in frontier]
    for start, sub in pool.imap_unordered(subtree, tasks):
        for i, n in enumerate(sub):
            total[start + i] += n
    return total


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.join(
        here, "..", "crates", "xiangqi", "tests", "data", "perft-crosschecked.tsv"
    )
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--out", default=default_out, help="output file")
    ap.add_argument("--only", help="compute just this position id (prints, writes nothing)")
    args = ap.parse_args()

    version = importlib.metadata.version("pyffish")
    lines = [
        "# Perft counts computed by Fairy-Stockfish's Xiangqi rules, independently of this crate.",
        f"# Produced by: python3 scripts/perft_crosscheck.py (pyffish {version}, variant "
        f"\"{VARIANT}\",",
        "# recursive pyffish.legal_moves). Checked by crates/xiangqi/tests/it/perft_data.rs.",
        "# Do not edit by hand: change the script and run it again. Format: fen<TAB>depth<TAB>nodes.",
        "fen\tdepth\tnodes",
    ]
    started = time.time()
    with multiprocessing.Pool(args.jobs) as pool:
        for pid, what, fen, depth in POSITIONS:
            if args.only and pid != args.only:
                continue
            if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
                sys.exit(f"{pid}: pyffish rejects the FEN {fen}")
            t = time.time()
            result = perft_all(pool, fen, depth)
            print(
                f"{pid}: {result} ({time.time() - t:.1f} s)",
                file=sys.stderr,
            )
            lines.append(f"# {pid}: {what}")
            for d, n in enumerate(result, start=1):
                lines.append(f"{fen}\t{d}\t{n}")
    print(f"total {time.time() - started:.1f} s", file=sys.stderr)
    if args.only:
        return
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.normpath(args.out)}", file=sys.stderr)


if __name__ == "__main__":
    main()
