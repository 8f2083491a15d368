//! The SPRT's log-likelihood ratio against values computed by hand from the published
//! formula (fishtest's pentanomial GSPRT; see `xiangqi_tools::sprt`).

#![allow(clippy::unwrap_used)]

use xiangqi_tools::sprt::{Decision, Pentanomial, Sprt};

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() <= eps
}

#[test]
fn sprt_llr_matches_a_hand_computation() {
    // Fishtest's pentanomial GSPRT (LLRcalc.LLR_logistic): with frequencies p̂_i over the
    // pair scores a_i = 0, ¼, ½, ¾, 1 and s_j = 1/(1 + 10^(−elo_j/400)), the closest
    // distribution of mean s_j is p̂_i/(1 + θ_j(a_i − s_j)), θ_j the root of
    // Σ p̂_i (a_i − s_j)/(1 + θ_j(a_i − s_j)), and LLR = N Σ p̂_i ln(p1_i/p0_i).
    //
    // One pair of each kind, H0 0 against H1 10: p̂_i = 0.2, and the mean is already ½ = s0,
    // so θ0 = 0 and p0 = p̂. s1 = 1/(1 + 10^(−1/40)) = 0.5143872; the root is
    // θ1 = −0.1151547 (Σ (a_i − s1)/(1 + θ1(a_i − s1)) = 0), so
    // LLR = 5 · Σ 0.2 · ln(1/(1 + θ1(a_i − s1))) = −Σ ln(1 + θ1(a_i − s1)) = −0.0041409.
    let t = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    let llr = t.llr(&Pentanomial([1, 1, 1, 1, 1]));
    assert!(close(llr, -0.004_140_85, 1e-8), "{llr}");
    // The normal approximation of the same paper, N (s1 − s0)(2 s̄ − s0 − s1) / (2 σ²) with
    // s̄ = ½ and σ² = 0.125 per pair, gives −0.0041398: close, as it should be.
    let approx = 5.0 * (0.514_387_2 - 0.5) * (1.0 - 0.5 - 0.514_387_2) / (2.0 * 0.125);
    assert!(close(llr, approx, 1e-5), "{approx}");
    // [2, 10, 30, 14, 4] (60 pairs, mean 0.53333, σ² 0.048889): θ0 = 0.6666667 (the mean
    // of 0.5 is then met), θ1 = 0.3851354; LLR = 0.4550193 (approximation 0.4615494).
    let llr = t.llr(&Pentanomial([2, 10, 30, 14, 4]));
    assert!(close(llr, 0.455_019_27, 1e-7), "{llr}");
    // Classes never seen count 0.001, as fishtest regularizes: [0, 3, 10, 5, 2] with
    // H0 −5 against H1 5 gives θ0 = 1.9843142, θ1 = 1.6433970 and LLR = 0.5235997.
    let t = Sprt::new(-5.0, 5.0, 0.05, 0.05).unwrap();
    let llr = t.llr(&Pentanomial([0, 3, 10, 5, 2]));
    assert!(close(llr, 0.523_599_69, 1e-7), "{llr}");
    // A losing run against H1 50: [10, 20, 40, 25, 5] gives LLR = −5.3012112 ≤ −2.944: H0.
    let t = Sprt::new(0.0, 50.0, 0.05, 0.05).unwrap();
    let state = t.state(&Pentanomial([10, 20, 40, 25, 5]));
    assert!(close(state.llr, -5.301_211_25, 1e-7), "{}", state.llr);
    assert_eq!(state.decision, Decision::H0);
    // Twelve pairs won twice against H1 100: LLR = 2.9639515 ≥ 2.944: H1; eleven are not
    // enough (2.7169899).
    let t = Sprt::new(0.0, 100.0, 0.05, 0.05).unwrap();
    let state = t.state(&Pentanomial([0, 0, 0, 0, 12]));
    assert!(close(state.llr, 2.963_951_54, 1e-7), "{}", state.llr);
    assert_eq!(state.decision, Decision::H1);
    assert_eq!(
        state.to_string(),
        "LLR 2.96 (-2.94, 2.94) after 12 pairs [0, 0, 0, 0, 12]: H1 accepted"
    );
    let state = t.state(&Pentanomial([0, 0, 0, 0, 11]));
    assert!(close(state.llr, 2.716_989_88, 1e-7), "{}", state.llr);
    assert_eq!(state.decision, Decision::Continue);
    assert_eq!(t.llr(&Pentanomial::default()), 0.0);
}
