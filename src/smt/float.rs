//! The exact, bit-precise meaning of a floating-point operation (issue 50
//! §2; `ir::float`): under `bv`, the operands' bits become Z3
//! floating-point terms (`to_fp` of the bits), the operation is Z3's with
//! rounding to nearest, ties to even (C's default mode), and the result's
//! bits are a fresh bit-vector `r` tied to the result.
//!
//! Invariants:
//! - The tie is SMT-LIB equality `to_fp(r) = result`: every NaN bit pattern
//!   is the one NaN value, so a NaN result lets `r` be any NaN (the host's
//!   payload and sign are not modelled), `-0` and `+0` stay distinct.
//! - A conversion to an integer is exact where C defines it (the truncated
//!   value fits the result's width) and any value elsewhere (the program's
//!   undefined behaviour; the replay decides what the machine does).
//! - `fmin`/`fmax` of two zeros of different signs is either zero (LLVM's
//!   `minnum` leaves it open); `fmod` is `x - y * trunc(x / y)` exactly,
//!   from Z3's IEEE remainder.
//! - Formats with no IEEE-754 interchange encoding (`x86_fp80`) are not
//!   encoded ([`tie`] answers `None`: the lowering over-approximates).

use crate::ir::{FloatFormat, FloatOp, Rounding};
use z3::ast::{Ast, Bool, Float, RoundingMode, BV};
use z3::{Context, Sort};

/// The floating-point sort of `format`.
fn sort(format: FloatFormat) -> Option<Sort> {
    let (e, s) = format.ieee()?;
    Some(Sort::float(e, s))
}

/// Wraps what a `z3_sys` constructor made (`None`: Z3 refused the term).
fn wrap_float(ast: Option<z3_sys::Z3_ast>) -> Option<Float> {
    let ctx = Context::thread_local();
    Some(unsafe { Float::wrap(&ctx, ast?) })
}

/// The float whose IEEE-754 bits are `bits`.
pub fn of_bits(bits: &BV, format: FloatFormat) -> Option<Float> {
    let s = sort(format)?;
    let ctx = Context::thread_local();
    wrap_float(unsafe { z3_sys::Z3_mk_fpa_to_fp_bv(ctx.get_z3_context(), bits.get_z3_ast(), s.get_z3_sort()) })
}

/// The float nearest to `x` in `format` (a numeral).
fn numeral(x: f64, format: FloatFormat) -> Option<Float> {
    let s = sort(format)?;
    let ctx = Context::thread_local();
    wrap_float(unsafe { z3_sys::Z3_mk_fpa_numeral_double(ctx.get_z3_context(), x, s.get_z3_sort()) })
}

/// The integer `a` as a float of `format`, rounded to nearest.
fn of_int(a: &BV, signed: bool, format: FloatFormat) -> Option<Float> {
    let s = sort(format)?;
    let ctx = Context::thread_local();
    let (c, rm) = (ctx.get_z3_context(), RoundingMode::round_nearest_ties_to_even());
    wrap_float(unsafe {
        if signed {
            z3_sys::Z3_mk_fpa_to_fp_signed(c, rm.get_z3_ast(), a.get_z3_ast(), s.get_z3_sort())
        } else {
            z3_sys::Z3_mk_fpa_to_fp_unsigned(c, rm.get_z3_ast(), a.get_z3_ast(), s.get_z3_sort())
        }
    })
}

/// The condition under which `result`, of `result_bits` bits, is the value
/// of `op` on the operand bits `args` (floats of `format`; an integer for
/// `FromInt`); `None` if this format or operation is not encoded.
pub fn tie(op: FloatOp, format: FloatFormat, args: &[BV], result: &BV, result_bits: u32) -> Option<Bool> {
    if args.len() != op.arity() {
        return None;
    }
    let rne = RoundingMode::round_nearest_ties_to_even();
    if let FloatOp::FromInt { signed } = op {
        return Some(of_bits(result, format)?.eq(&of_int(&args[0], signed, format)?));
    }
    let x: Vec<Float> = args.iter().map(|a| of_bits(a, format)).collect::<Option<_>>()?;
    let value = match op {
        FloatOp::Add => x[0].add_with_rounding_mode(&x[1], &rne),
        FloatOp::Sub => x[0].sub_with_rounding_mode(&x[1], &rne),
        FloatOp::Mul => x[0].mul_with_rounding_mode(&x[1], &rne),
        FloatOp::Div => x[0].div_with_rounding_mode(&x[1], &rne),
        FloatOp::Fma => x[0].fma_with_rounding_mode(&x[1], &x[2], &rne),
        FloatOp::Sqrt => x[0].sqrt_with_rounding_mode(&rne),
        FloatOp::Round(r) => x[0].round_to_integral_with_rounding_mode(&mode(r)),
        FloatOp::Rem => return fmod(&x[0], &x[1], &of_bits(result, format)?),
        FloatOp::Min | FloatOp::Max => {
            let r = of_bits(result, format)?;
            let chosen = if op == FloatOp::Min { x[0].min(&x[1]) } else { x[0].max(&x[1]) };
            // C leaves the sign of fmin(+0, -0) open (so does SMT-LIB's
            // fp.min): either zero; two zeros of one sign are that zero
            let signs_differ = x[0].is_negative().eq(x[1].is_negative()).not();
            let zeros = Bool::and(&[x[0].is_zero(), x[1].is_zero(), signs_differ, r.is_zero()]);
            return Some(Bool::or(&[r.eq(&chosen), zeros]));
        }
        FloatOp::Convert { to } => {
            let s = sort(to)?;
            let r = of_bits(result, to)?;
            return Some(r.eq(x[0].to_fp_with_rounding_mode(&rne, &s)));
        }
        FloatOp::ToInt { signed } => return to_int(&x[0], signed, format, result, result_bits),
        FloatOp::FromInt { .. } => return None,
    };
    Some(of_bits(result, format)?.eq(&value))
}

/// Z3's rounding mode for a rounding to an integral value.
fn mode(r: Rounding) -> RoundingMode {
    match r {
        Rounding::NearestEven => RoundingMode::round_nearest_ties_to_even(),
        Rounding::NearestAway => RoundingMode::round_nearest_ties_to_away(),
        Rounding::TowardZero => RoundingMode::round_towards_zero(),
        Rounding::Down => RoundingMode::round_towards_negative(),
        Rounding::Up => RoundingMode::round_towards_positive(),
    }
}

/// `r = fmod(x, y)`: C's remainder has the sign of `x` and is smaller than
/// `|y|`; IEEE's (`fp.rem`), `x - y * n` with `n` the nearest integer to
/// `x / y`, differs from it by `|y|` when their signs differ. Both are
/// exact, and so is the correcting addition (its result is `fmod`'s,
/// representable).
fn fmod(x: &Float, y: &Float, r: &Float) -> Option<Bool> {
    let rne = RoundingMode::round_nearest_ties_to_even();
    let ieee = x.rem(y);
    let ay = y.unary_abs();
    let fixed = ieee.add_with_rounding_mode(&ay, &rne);
    let fixed_neg = ieee.sub_with_rounding_mode(&ay, &rne);
    let (xneg, ineg, ipos) = (x.is_negative(), ieee.is_negative(), ieee.is_positive());
    let value = Bool::ite(
        &ieee.is_zero(),
        // a zero remainder has the sign of `x`
        &Bool::ite(&xneg, &ieee.unary_abs().unary_neg(), &ieee.unary_abs()),
        &Bool::ite(&Bool::and(&[xneg.not(), ineg]), &fixed, &Bool::ite(&Bool::and(&[xneg, ipos]), &fixed_neg, &ieee)),
    );
    Some(r.eq(&value))
}

/// `r = (int)x`, truncated, where the truncated value fits `bits` bits
/// (signed or not); no constraint elsewhere.
fn to_int(x: &Float, signed: bool, format: FloatFormat, r: &BV, bits: u32) -> Option<Bool> {
    let rtz = RoundingMode::round_towards_zero();
    let t = x.round_to_integral_with_rounding_mode(&rtz);
    // the bounds are powers of two, exact (or infinite: then every finite
    // value is within)
    let (lo, hi) = if signed {
        (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1))
    } else {
        (0.0, 2f64.powi(bits as i32))
    };
    let (lo, hi) = (numeral(lo, format)?, numeral(hi, format)?);
    // (a NaN fails both comparisons)
    let within = Bool::and(&[t.ge(&lo), t.lt(&hi)]);
    let value = if signed { x.to_sbv_with_rounding_mode(&rtz, bits) } else { x.to_ubv_with_rounding_mode(&rtz, bits) };
    Some(within.implies(r.eq(&value)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::float::apply;
    use proptest::prelude::*;
    use z3::{SatResult, Solver};

    /// The result bits `tie` allows for these operands: the one value, or
    /// `None` if several (a NaN, an undefined conversion).
    fn forced(op: FloatOp, format: FloatFormat, args: &[i128], arg_bits: u32, result_bits: u32) -> Option<i128> {
        let s = Solver::new();
        let args: Vec<BV> = args.iter().map(|a| BV::from_i64(*a as i64, arg_bits)).collect();
        let r = BV::new_const("r", result_bits);
        s.assert(tie(op, format, &args, &r, result_bits).unwrap());
        assert_eq!(s.check(), SatResult::Sat, "{op:?} on {args:?} has no result");
        let v = s.get_model().unwrap().eval(&r, true).unwrap();
        s.assert(r.eq(&v).not());
        (s.check() == SatResult::Unsat).then(|| crate::ir::eval::wrap(i128::from(v.as_u64().unwrap()), result_bits))
    }

    fn nan(format: FloatFormat, v: i128) -> bool {
        format.to_f64(v).is_some_and(f64::is_nan)
    }

    /// Bits of interesting doubles, and of any double.
    fn double() -> impl Strategy<Value = i128> {
        crate::ir::float::interesting_doubles().prop_map(|x| i128::from(x.to_bits() as i64))
    }

    fn float() -> impl Strategy<Value = i128> {
        double().prop_map(|d| i128::from((f64::from_bits(d as u64) as f32).to_bits() as i32))
    }

    fn agrees(
        op: FloatOp,
        format: FloatFormat,
        args: &[i128],
        arg_bits: u32,
        result_bits: u32,
    ) -> Result<(), TestCaseError> {
        let host = apply(op, format, args, arg_bits, result_bits);
        let z3 = forced(op, format, args, arg_bits, result_bits);
        match (host, z3) {
            // the host's NaN is one of those the encoding allows
            (Some(h), None) if nan(if let FloatOp::Convert { to } = op { to } else { format }, h) => Ok(()),
            // an undefined conversion: any value
            (None, None) => Ok(()),
            (h, z) => {
                prop_assert_eq!(h, z, "{:?} {:?} on {:x?}", op, format, args);
                Ok(())
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn double_operations_agree_with_the_host(a in double(), b in double(), c in double()) {
            for op in [FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div, FloatOp::Rem, FloatOp::Min, FloatOp::Max] {
                agrees(op, FloatFormat::Double, &[a, b], 64, 64)?;
            }
            agrees(FloatOp::Fma, FloatFormat::Double, &[a, b, c], 64, 64)?;
            agrees(FloatOp::Sqrt, FloatFormat::Double, &[a], 64, 64)?;
            for r in [Rounding::NearestEven, Rounding::NearestAway, Rounding::TowardZero, Rounding::Down, Rounding::Up] {
                agrees(FloatOp::Round(r), FloatFormat::Double, &[a], 64, 64)?;
            }
            agrees(FloatOp::ToInt { signed: true }, FloatFormat::Double, &[a], 64, 32)?;
            agrees(FloatOp::ToInt { signed: false }, FloatFormat::Double, &[a], 64, 32)?;
            agrees(FloatOp::ToInt { signed: true }, FloatFormat::Double, &[a], 64, 64)?;
            agrees(FloatOp::Convert { to: FloatFormat::Single }, FloatFormat::Double, &[a], 64, 32)?;
        }

        #[test]
        fn float_operations_and_conversions_agree_with_the_host(a in float(), b in float(), i in any::<i32>(), l in any::<i64>()) {
            for op in [FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div, FloatOp::Rem] {
                agrees(op, FloatFormat::Single, &[a, b], 32, 32)?;
            }
            agrees(FloatOp::Convert { to: FloatFormat::Double }, FloatFormat::Single, &[a], 32, 64)?;
            for signed in [true, false] {
                agrees(FloatOp::FromInt { signed }, FloatFormat::Single, &[i128::from(i)], 32, 32)?;
                agrees(FloatOp::FromInt { signed }, FloatFormat::Double, &[i128::from(l)], 64, 64)?;
                agrees(FloatOp::ToInt { signed }, FloatFormat::Single, &[a], 32, 32)?;
            }
        }
    }

    #[test]
    fn point_one_plus_point_two_is_not_point_three() {
        let d = |x: f64| i128::from(x.to_bits() as i64);
        assert_eq!(forced(FloatOp::Add, FloatFormat::Double, &[d(0.1), d(0.2)], 64, 64), Some(d(0.30000000000000004)));
        // x87 is not encoded
        assert!(tie(
            FloatOp::Add,
            FloatFormat::X87,
            &[BV::from_i64(0, 80), BV::from_i64(0, 80)],
            &BV::new_const("r", 80),
            80
        )
        .is_none());
    }
}
