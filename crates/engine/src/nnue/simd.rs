//! The network's vector loops: the accumulator update and the output layer.
//!
//! Each loop is written once, in plain Rust over fixed-size rows, so the compiler vectorises
//! it for whatever the build targets: SSE2 on every x86-64, `simd128` in a WebAssembly build
//! made with that feature. On x86-64 the same loops are compiled a second time with AVX2
//! enabled and chosen at run time when the processor has it (the one `unsafe` call below).
//! Both versions compute exactly the same integers.
#![allow(unsafe_code)]

use super::network::{Row, HIDDEN, QA};

/// Sets `dst` to `src` plus every row of `add` minus every row of `sub` (wrapping `i16`
/// sums; a network within its weight bounds never wraps).
#[inline]
pub fn update(dst: &mut Row, src: &Row, add: &[&Row], sub: &[&Row]) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has just been found to support AVX2, the only feature the
        // function enables.
        unsafe { update_avx2(dst, src, add, sub) };
        return;
    }
    update_body(dst, src, add, sub);
}

/// Returns the output layer's sum for the views `us` (side to move) and `them`:
/// `Σ clamp(us_i, 0, QA)² × w[0]_i + Σ clamp(them_i, 0, QA)² × w[1]_i`, in units of
/// `QA² × QB`.
#[inline]
pub fn output(us: &Row, them: &Row, w: &[Row; 2]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: as in `update`.
        return unsafe { output_avx2(us, them, w) };
    }
    output_body(us, them, w)
}

/// Returns whether the AVX2 versions are used on this processor.
pub fn uses_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn update_avx2(dst: &mut Row, src: &Row, add: &[&Row], sub: &[&Row]) {
    update_body(dst, src, add, sub);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn output_avx2(us: &Row, them: &Row, w: &[Row; 2]) -> i32 {
    output_body(us, them, w)
}

#[inline(always)]
fn update_body(dst: &mut Row, src: &Row, add: &[&Row], sub: &[&Row]) {
    dst.0 = src.0;
    for a in add {
        for (d, x) in dst.0.iter_mut().zip(a.0.iter()) {
            *d = d.wrapping_add(*x);
        }
    }
    for s in sub {
        for (d, x) in dst.0.iter_mut().zip(s.0.iter()) {
            *d = d.wrapping_sub(*x);
        }
    }
}

#[inline(always)]
fn output_body(us: &Row, them: &Row, w: &[Row; 2]) -> i32 {
    half(us, &w[0]) + half(them, &w[1])
}

/// One view's share of the output. `v × w` fits an `i16` (|v| ≤ 255, |w| ≤ 126), so the
/// products are formed in 16 bits and widened once, as a multiply-add instruction would.
#[inline(always)]
fn half(acc: &Row, w: &Row) -> i32 {
    let mut lanes = [0i32; 16];
    for (a, b) in acc.0.chunks_exact(16).zip(w.0.chunks_exact(16)) {
        for i in 0..16 {
            let v = a[i].clamp(0, QA as i16);
            let vw = v.wrapping_mul(b[i]);
            lanes[i] += i32::from(vw) * i32::from(v);
        }
    }
    debug_assert_eq!(HIDDEN % 16, 0);
    lanes.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seed: i32) -> Row {
        let mut r = Row([0; HIDDEN]);
        for (i, x) in r.0.iter_mut().enumerate() {
            *x = (((i as i32 * 7919 + seed * 104_729) % 601) - 300) as i16;
        }
        r
    }

    #[test]
    fn the_chosen_loops_agree_with_the_portable_ones() {
        let (a, b, c) = (row(1), row(2), row(3));
        let (mut x, mut y) = (Row([0; HIDDEN]), Row([0; HIDDEN]));
        update(&mut x, &a, &[&b], &[&c]);
        update_body(&mut y, &a, &[&b], &[&c]);
        assert_eq!(x, y);
        assert_eq!(x.0[5], a.0[5] + b.0[5] - c.0[5]);
        let mut w = [row(4), row(5)];
        for r in &mut w {
            r.0.iter_mut().for_each(|v| *v = (*v).clamp(-126, 126));
        }
        assert_eq!(output(&a, &b, &w), output_body(&a, &b, &w));
        let expect: i64 = (0..HIDDEN)
            .map(|i| {
                let u = i64::from(a.0[i].clamp(0, 255));
                let t = i64::from(b.0[i].clamp(0, 255));
                u * u * i64::from(w[0].0[i]) + t * t * i64::from(w[1].0[i])
            })
            .sum();
        assert_eq!(i64::from(output(&a, &b, &w)), expect);
    }
}
