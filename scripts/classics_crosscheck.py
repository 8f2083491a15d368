#!/usr/bin/env python3
"""Replays the replay page's classics (web/classics/*.pgn) with Fairy-Stockfish (pyffish).

Test-data generator, not part of the product nor of scripts/test: for each file it plays the
`[ICCS]` tag's moves with pyffish (variant `xiangqi`), stops with an error at the first move
pyffish finds illegal, and prints one line of the `EXPECTED` table of
crates/xiangqi/tests/it/classics.rs: the file, its number of plies and pyffish's final FEN.
The `[ICCS]` moves themselves come from each record's source (for the DhtmlXQ records, whose
moves are four digits each, column 0-8 from Red's left and row 0-9 from Black's side,
`xy xy` becomes ICCS `{a+x}{9-y}{a+x}{9-y}`), not from this project's rules library.

    pip install pyffish
    python3 scripts/classics_crosscheck.py
"""

import importlib.metadata
import pathlib
import re
import sys

import pyffish as sf

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lib"))
from ffish_moves import to_pyffish  # noqa: E402  (scripts/lib/, put on the path above)

FOLDER = pathlib.Path(__file__).resolve().parent.parent / "web" / "classics"
START = sf.start_fen("xiangqi")


def main():
    print(f"// pyffish {importlib.metadata.version('pyffish')}")
    for path in sorted(FOLDER.glob("*.pgn")):
        text = path.read_text(encoding="utf-8")
        tag = re.search(r'^\[ICCS "([^"]*)"\]', text, re.M)
        if not tag:
            sys.exit(f"{path.name}: no [ICCS] tag")
        moves = [to_pyffish(m) for m in tag.group(1).split()]
        for i, m in enumerate(moves):
            if m not in sf.legal_moves("xiangqi", START, moves[:i]):
                sys.exit(f"{path.name}: ply {i + 1} ({m}) is illegal")
        fen = sf.get_fen("xiangqi", START, moves)
        print(f'    ("{path.name}", {len(moves)}, "{fen}"),')


if __name__ == "__main__":
    main()
