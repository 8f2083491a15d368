#!/usr/bin/env python3
"""Asks Fairy-Stockfish (pyffish) how it rules the end-of-game cases of
crates/xiangqi/tests/it/rules_cycles.rs, and prints its verdict next to ours.

Test-data script, not part of the product nor of scripts/test: run it by hand after changing
a ruling or adding a case, and copy the outcome into the comment of the test concerned
("Fairy-Stockfish agrees" or why it differs).

    pip install pyffish
    python3 scripts/rules_crosscheck.py

Fairy-Stockfish (variant "xiangqi") adjudicates a repetition at the THIRD occurrence under its
Asian (AXF) chasing rules, so every cycle is given to it twice from the start position (eight
plies for a four-ply cycle) and asked `is_optional_game_end`. Our `wxf-2018` rule set only
warns at the third occurrence and rules at the fourth; `casual` rules at the third. The values
pyffish returns are from the point of view of the side to move after the moves.

pyffish writes Xiangqi moves with ranks 1-10; ours (ICCS) use 0-9, hence `to_pyffish`. The FENs are
the same. The cases below must stay in step with the test file (same FEN, same moves).
"""

import pathlib
import sys

import pyffish as sf

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lib"))
from ffish_moves import to_pyffish  # noqa: E402  (scripts/lib/, put on the path above)

VARIANT = "xiangqi"

# (test name in rules_cycles.rs, FEN, one lap of the cycle, our wxf-2018 ruling at the 4th
# occurrence, our casual ruling at the 3rd). Rulings: "red" / "black" win, or "draw".
CYCLES = [
    ("chariot_perpetual_check_loses_at_the_fourth_occurrence_under_wxf_2018",
     "3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1", "h8h9 d9d8 h9h8 d8d9", "black", "black"),
    ("horse_chasing_an_unprotected_chariot_loses (and casual_does_not_judge_chases)",
     "4k4/9/9/3N5/r8/9/9/9/9/3K5 w - - 0 1", "d6c4 a5b5 c4d6 b5a5", "black", "draw"),
    ("horse_chasing_a_protected_chariot_still_loses",
     "4k4/9/9/3N5/r7r/9/9/9/9/3K5 w - - 0 1", "d6c4 a5b5 c4d6 b5a5", "black", "draw"),
    ("chariot_following_a_protected_horse_is_a_draw",
     "5k3/4a4/4b4/9/2n6/3R5/9/9/9/4K4 w - - 0 1", "d4c4 c5d7 c4d4 d7c5", "draw", "draw"),
    ("chariot_following_an_unprotected_horse_loses",
     "5k3/9/9/9/2n6/3R5/9/9/9/4K4 w - - 0 1", "d4c4 c5d7 c4d4 d7c5", "black", "draw"),
    ("general_threats_are_not_chases",
     "5k3/9/9/9/9/9/9/3c5/4K4/9 w - - 0 1", "e1e2 d2d1 e2e1 d1d2", "draw", "draw"),
    ("crossed_soldier_threats_are_not_chases",
     "3k5/9/3c5/4P4/9/9/9/9/9/5K3 w - - 0 1", "e6d6 d7e7 d6e6 e7d7", "draw", "draw"),
    ("checker_loses_to_chaser",
     "9/5k3/9/1R4c2/3n5/9/9/4N4/9/3K1C3 w - - 0 1", "e2f4 d5f6 f4e2 f6d5", "black", "black"),
    ("answering_check_is_not_chasing",
     "5k3/4R4/9/9/9/9/2n6/9/1C7/3K5 w - - 0 1", "e8e9 f9f8 e9e8 f8f9", "black", "black"),
    ("one_check_one_chase_loses",
     "7nR/4k4/6C2/9/9/9/9/5K3/9/9 w - - 0 1", "i9i8 e8e9 i8i9 e9e8", "black", "draw"),
    ("mutual_perpetual_check_is_a_draw",
     "3kr4/9/9/4c4/9/9/4R4/9/9/3CK4 w - - 0 1", "e3d3 e6d6 d3e3 d6e6", "draw", "draw"),
    ("idle_repetition_is_a_draw",
     "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a1 i9i8 a1a0 i8i9", "draw", "draw"),
    ("threats_to_an_uncrossed_soldier_are_not_chases",
     "5k3/9/9/4p4/2N6/9/9/4C4/9/3K5 w - - 0 1", "c5e4 f9f8 e4c5 f8f9", "draw", "draw"),
    ("the_same_threats_against_a_chariot_lose",
     "5k3/9/9/4r4/2N6/9/9/4C4/9/3K5 w - - 0 1", "c5e4 f9f8 e4c5 f8f9", "black", "draw"),
    ("threats_to_a_crossed_soldier_are_chases",
     "5k3/9/9/9/9/4p4/2N6/9/9/3KC4 w - - 0 1", "c3e2 f9f8 e2c3 f8f9", "black", "draw"),
    ("block_move_refuses_the_forbidden_repetition",
     "3k3R1/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8 h9h8 d8d9 h8h9", "black", "black"),
]

# Cycles where we differ from Fairy-Stockfish on purpose, and why (also said in the test).
DELIBERATE = {
    "one_check_one_chase_loses":
        "Fairy-Stockfish wants a chase on every move and does not let a check stand in for "
        "one; WXF 2018 forbids 'one check, one chase'",
}

# Single positions: (test name, FEN, moves, what we rule, what to ask pyffish).
ENDINGS = [
    ("wxf_move_limit_is_100_plies_and_a_soldier_step_does_not_reset_it",
     "5k2r/9/9/9/9/9/P8/9/9/4K3R b - - 95 60",
     "i9i8 a3a4 i8i9 i0i1 i9i8", "draw (move_limit) at ply 5 = 100 plies", "optional"),
    ("wxf_move_limit_is_100_plies_and_a_soldier_step_does_not_reset_it (99th ply)",
     "5k2r/9/9/9/9/9/P8/9/9/4K3R b - - 95 60",
     "i9i8 a3a4 i8i9 i0i1", "ongoing at 99 plies", "optional"),
    ("casual_move_limit_is_120_plies_and_a_soldier_step_resets_it",
     "5k2r/9/9/9/9/9/P8/9/9/4K3R b - - 115 60",
     "i9i8 i0i1 i8i9 i1i0 i9i8", "casual: draw (move_limit) at 120 plies", "optional"),
    ("a_capture_resets_both_counts",
     "5k2r/9/9/9/8N/9/P8/9/9/4K3R b - - 95 60",
     "i9i5 i0i1 f9f8 i1i0 f8f9", "ongoing in both (count 4 after the capture)", "optional"),
    ("capture_leaving_only_defenders_is_an_immediate_draw",
     "2bak4/9/9/9/9/9/9/4B4/4p4/3AK4 w - - 0 1", "d0e1",
     "draw (insufficient_material)", "material"),
    ("start_position_without_attackers_is_drawn_at_once",
     "2bak4/9/9/9/9/9/9/4B4/9/3AK4 w - - 0 1", "", "draw (insufficient_material)",
     "material"),
    ("checkmate_loses", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "b0b9",
     "red (checkmate)", "result"),
    ("no_legal_move_loses", "3k5/9/7R1/9/9/9/9/9/9/4K4 w - - 0 1", "h7h8",
     "red (no_legal_moves)", "result"),
]


def side_to_move(fen, moves):
    return sf.get_fen(VARIANT, fen, moves).split()[1]


def verdict(value, fen, moves):
    """A pyffish game value, seen by the side to move, as red / black / draw."""
    if value == 0:
        return "draw"
    mover_wins = value > 0
    red_to_move = side_to_move(fen, moves) == "w"
    return "red" if mover_wins == red_to_move else "black"


def main():
    print(f"pyffish {sf.version()}, {sf.info().splitlines()[0]}")
    disagreements = 0
    print("\nRepetition cycles (Fairy-Stockfish at the 3rd occurrence):")
    for name, fen, lap, ours_wxf, ours_casual in CYCLES:
        if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
            sys.exit(f"{name}: pyffish rejects {fen}")
        moves = [to_pyffish(m) for m in lap.split()] * 2
        ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
        fsf = verdict(value, fen, moves) if ended else "ongoing"
        if fsf == ours_wxf:
            mark = "agrees"
        elif name in DELIBERATE:
            mark = f"differs on purpose: {DELIBERATE[name]}"
        else:
            mark = "DIFFERS"
            disagreements += 1
        print(f"  {name:<60} fsf {fsf:<7} wxf-2018 {ours_wxf:<6} casual {ours_casual:<6} {mark}")
    print("\nOther endings:")
    for name, fen, text, ours, ask in ENDINGS:
        moves = [to_pyffish(m) for m in text.split()]
        if ask == "optional":
            ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
            fsf = f"{verdict(value, fen, moves)} (claimable)" if ended else "ongoing"
        elif ask == "material":
            red, black = sf.has_insufficient_material(VARIANT, fen, moves)
            ended, _ = sf.is_immediate_game_end(VARIANT, fen, moves)
            fsf = f"insufficient red={red} black={black}, immediate end={ended}"
        else:
            legal = sf.legal_moves(VARIANT, fen, moves)
            value = sf.game_result(VARIANT, fen, moves) if not legal else None
            fsf = verdict(value, fen, moves) if value is not None else "ongoing"
        print(f"  {name}\n      fsf: {fsf}\n      ours: {ours}")
    print(f"\n{disagreements} unexplained difference(s) between Fairy-Stockfish and wxf-2018")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
