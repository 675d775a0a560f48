//! Floating-point operations of the program model (issue 50): a `float`,
//! `double`, ... value is an integer of its width holding its IEEE-754 bits,
//! and an operation on such values is a [`HavocKind::Float`](super::HavocKind::Float)
//! naming the operation and its operands.
//!
//! What the operation means depends on who reads it (DESIGN.md "Integer
//! semantics", extended to floats):
//!
//! - under `bv`, `smt::float` encodes it exactly with Z3's floating-point
//!   terms (round to nearest, ties to even; a NaN result is any NaN);
//! - under `lia` and `math` it is a fresh value of its sort, counted as an
//!   over-approximation (what makes a spurious path infeasible bit-precisely:
//!   `check::path`); the frontend assumes beside it the facts that hold
//!   exactly (signs, NaN propagation), as integer terms over the bits;
//! - an engine that does not read the kind sees a havoc: sound.
//!
//! [`apply`] is the concrete meaning (the evaluator's, under `bv`), computed
//! with the host's IEEE-754 `f32`/`f64` arithmetic, which rounds to nearest,
//! ties to even, as the lowering does. Invariants: [`apply`] answers only
//! for `float` and `double` operands (it gives `None` for other formats, for
//! a conversion out of its integer range, which C leaves undefined, and for
//! `fmin`/`fmax` of two zeros of different signs, which LLVM leaves open);
//! its NaN results are the host's, one of the NaNs the lowering allows.
//! None of the five seed papers handles floats: this goes beyond them.

use serde::{Deserialize, Serialize};

/// The floating-point formats LLVM has (`half`, `bfloat`, `float`,
/// `double`, `x86_fp80`, `fp128`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FloatFormat {
    Half,
    BFloat,
    Single,
    Double,
    /// The x87 80-bit extended format (`long double` on x86): no IEEE-754
    /// interchange format (its integer bit is explicit); never encoded exactly.
    X87,
    Quad,
}

impl FloatFormat {
    /// The width of its values.
    pub fn bits(self) -> u32 {
        match self {
            FloatFormat::Half | FloatFormat::BFloat => 16,
            FloatFormat::Single => 32,
            FloatFormat::Double => 64,
            FloatFormat::X87 => 80,
            FloatFormat::Quad => 128,
        }
    }

    /// Exponent and significand widths (the significand with its hidden
    /// bit, as SMT-LIB counts it) of an IEEE-754 interchange format.
    pub fn ieee(self) -> Option<(u32, u32)> {
        match self {
            FloatFormat::Half => Some((5, 11)),
            FloatFormat::BFloat => Some((8, 8)),
            FloatFormat::Single => Some((8, 24)),
            FloatFormat::Double => Some((11, 53)),
            FloatFormat::Quad => Some((15, 113)),
            FloatFormat::X87 => None,
        }
    }

    /// The bits of positive infinity, as the signed value of the format's
    /// width (an IEEE-754 format: all exponent bits set).
    pub fn infinity(self) -> Option<i128> {
        let (e, s) = self.ieee()?;
        Some(((1i128 << e) - 1) << (s - 1))
    }

    /// The bits of `x` in this format, rounded to nearest (`float` and
    /// `double` only; a NaN has the host's bits).
    pub fn of_f64(self, x: f64) -> Option<i128> {
        match self {
            FloatFormat::Single => Some(i128::from((x as f32).to_bits() as i32)),
            FloatFormat::Double => Some(i128::from(x.to_bits() as i64)),
            _ => None,
        }
    }

    /// The value of the bits `v` (a signed value of the width), for
    /// `float` and `double`.
    pub fn to_f64(self, v: i128) -> Option<f64> {
        match self {
            FloatFormat::Single => Some(f64::from(f32::from_bits(v as u32))),
            FloatFormat::Double => Some(f64::from_bits(v as u64)),
            _ => None,
        }
    }
}

/// The value of the bits `v` of a `float` or `double` as a C literal that
/// reads back to the same value: the shortest decimal that does (`0.1`,
/// `-0.0`, `1e300`; a `float`'s with `f`), or `NAN`, `INFINITY`,
/// `-INFINITY` (`math.h`'s names).
pub fn c_literal(format: FloatFormat, v: i128) -> Option<String> {
    let x = format.to_f64(v)?;
    Some(match x {
        x if x.is_nan() => "NAN".into(),
        x if x.is_infinite() => if x > 0.0 { "INFINITY" } else { "-INFINITY" }.into(),
        _ if format == FloatFormat::Single => format!("{:?}f", f32::from_bits(v as u32)),
        x => format!("{x:?}"),
    })
}

/// How a value is rounded to an integral one (`floor`, `ceil`, `trunc`,
/// `round`, `rint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rounding {
    /// `rint`, `nearbyint`, `roundeven` (the default rounding mode).
    NearestEven,
    /// `round`: halfway cases away from zero.
    NearestAway,
    /// `trunc`.
    TowardZero,
    /// `floor`.
    Down,
    /// `ceil`.
    Up,
}

/// A floating-point operation; its operands are floats of the
/// [`HavocKind::Float`](super::HavocKind::Float)'s format unless said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
    /// `frem`, C's `fmod`: `a - b * trunc(a / b)`, exactly.
    Rem,
    /// `fma(a, b, c)`: `a * b + c` rounded once.
    Fma,
    Sqrt,
    /// `fmin`/`fmax` (`llvm.minnum`/`maxnum`): a NaN operand is ignored.
    Min,
    Max,
    Round(Rounding),
    /// An integer operand (signed or not) to the format: `sitofp`/`uitofp`.
    FromInt {
        signed: bool,
    },
    /// To an integer of the result's width, rounded toward zero:
    /// `fptosi`/`fptoui`; undefined (any value) out of its range.
    ToInt {
        signed: bool,
    },
    /// To another format (`fpext`/`fptrunc`), rounded to nearest.
    Convert {
        to: FloatFormat,
    },
}

impl FloatOp {
    /// How C or LLVM calls it.
    pub fn name(self) -> &'static str {
        match self {
            FloatOp::Add => "fadd",
            FloatOp::Sub => "fsub",
            FloatOp::Mul => "fmul",
            FloatOp::Div => "fdiv",
            FloatOp::Rem => "fmod",
            FloatOp::Fma => "fma",
            FloatOp::Sqrt => "sqrt",
            FloatOp::Min => "fmin",
            FloatOp::Max => "fmax",
            FloatOp::Round(Rounding::NearestEven) => "rint",
            FloatOp::Round(Rounding::NearestAway) => "round",
            FloatOp::Round(Rounding::TowardZero) => "trunc",
            FloatOp::Round(Rounding::Down) => "floor",
            FloatOp::Round(Rounding::Up) => "ceil",
            FloatOp::FromInt { signed: true } => "sitofp",
            FloatOp::FromInt { signed: false } => "uitofp",
            FloatOp::ToInt { signed: true } => "fptosi",
            FloatOp::ToInt { signed: false } => "fptoui",
            FloatOp::Convert { .. } => "fpconvert",
        }
    }

    /// Does its result depend on the rounding mode (its exact encoding
    /// assumes round to nearest, ties to even)?
    pub fn rounds(self) -> bool {
        !matches!(
            self,
            FloatOp::Rem
                | FloatOp::Min
                | FloatOp::Max
                | FloatOp::ToInt { .. }
                | FloatOp::Round(Rounding::NearestAway | Rounding::TowardZero | Rounding::Down | Rounding::Up)
        )
    }

    /// The number of operands.
    pub fn arity(self) -> usize {
        match self {
            FloatOp::Add | FloatOp::Sub | FloatOp::Mul | FloatOp::Div | FloatOp::Rem | FloatOp::Min | FloatOp::Max => 2,
            FloatOp::Fma => 3,
            _ => 1,
        }
    }
}

/// The signed value of the low `bits` bits of `v`.
fn signed_value(v: i128, bits: u32) -> i128 {
    (v << (128 - bits)) >> (128 - bits)
}

/// The concrete result of `op` in `format` on the operand values `args`
/// (bit patterns as signed values; an integer operand of `FromInt` as the
/// signed value of `arg_bits` bits), as the signed value of `result_bits`
/// bits; `None` where the module doc says.
pub fn apply(op: FloatOp, format: FloatFormat, args: &[i128], arg_bits: u32, result_bits: u32) -> Option<i128> {
    if args.len() != op.arity() {
        return None;
    }
    let x = |i: usize| format.to_f64(args[i]);
    let single = format == FloatFormat::Single;
    // one rounding of the exact result to the format: `f32` operations round
    // once (an `f64` result rounded again to `f32` may round twice)
    let bin = |f32op: fn(f32, f32) -> f32, f64op: fn(f64, f64) -> f64| -> Option<i128> {
        if single {
            let (a, b) = (f32::from_bits(args[0] as u32), f32::from_bits(args[1] as u32));
            Some(i128::from(f32op(a, b).to_bits() as i32))
        } else {
            format.of_f64(f64op(x(0)?, x(1)?))
        }
    };
    match op {
        FloatOp::Add => bin(|a, b| a + b, |a, b| a + b),
        FloatOp::Sub => bin(|a, b| a - b, |a, b| a - b),
        FloatOp::Mul => bin(|a, b| a * b, |a, b| a * b),
        FloatOp::Div => bin(|a, b| a / b, |a, b| a / b),
        // (Rust's `%` is C's `fmod`: exact)
        FloatOp::Rem => bin(|a, b| a % b, |a, b| a % b),
        FloatOp::Min | FloatOp::Max => {
            let (a, b) = (x(0)?, x(1)?);
            if a == 0.0 && b == 0.0 && a.is_sign_negative() != b.is_sign_negative() {
                return None;
            }
            let r = if op == FloatOp::Min { a.min(b) } else { a.max(b) };
            format.of_f64(r)
        }
        FloatOp::Fma => {
            if single {
                let f = |i: usize| f32::from_bits(args[i] as u32);
                Some(i128::from(f(0).mul_add(f(1), f(2)).to_bits() as i32))
            } else {
                format.of_f64(x(0)?.mul_add(x(1)?, x(2)?))
            }
        }
        FloatOp::Sqrt => {
            if single {
                Some(i128::from(f32::from_bits(args[0] as u32).sqrt().to_bits() as i32))
            } else {
                format.of_f64(x(0)?.sqrt())
            }
        }
        // (integral results are exact in the operand's format)
        FloatOp::Round(r) => format.of_f64(match r {
            Rounding::NearestEven => x(0)?.round_ties_even(),
            Rounding::NearestAway => x(0)?.round(),
            Rounding::TowardZero => x(0)?.trunc(),
            Rounding::Down => x(0)?.floor(),
            Rounding::Up => x(0)?.ceil(),
        }),
        FloatOp::FromInt { signed } => {
            let bits = arg_bits.clamp(1, 128);
            let u = (args[0] as u128) & (u128::MAX >> (128 - bits));
            let v = if signed { signed_value(u as i128, bits) } else { u as i128 };
            // (`as` rounds an integer to nearest, ties to even, once)
            match format {
                FloatFormat::Single if signed => Some(i128::from((v as f32).to_bits() as i32)),
                FloatFormat::Single => Some(i128::from((u as f32).to_bits() as i32)),
                FloatFormat::Double if signed => Some(i128::from((v as f64).to_bits() as i64)),
                FloatFormat::Double => Some(i128::from((u as f64).to_bits() as i64)),
                _ => None,
            }
        }
        FloatOp::ToInt { signed } => {
            let t = x(0)?.trunc();
            let bits = result_bits.clamp(1, 128);
            let (lo, hi) = if signed {
                (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1))
            } else {
                (0.0, 2f64.powi(bits as i32))
            };
            // (NaN fails both comparisons)
            if !(t >= lo && t < hi) {
                return None;
            }
            let v = if signed { t as i128 } else { (t as u128) as i128 };
            Some(signed_value(v, bits))
        }
        FloatOp::Convert { to } => to.of_f64(x(0)?),
    }
}

/// Doubles a test of floating-point code draws (zeros, NaNs, infinities,
/// the extremes, values at the edge of `int`'s range), then any double.
#[cfg(test)]
pub(crate) fn interesting_doubles() -> impl proptest::strategy::Strategy<Value = f64> {
    use proptest::prelude::*;
    let special = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.5,
        -0.5,
        2.5,
        -2.5,
        3.0,
        1e308,
        -1e308,
        5e-324,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
        2147483647.5,
        -2147483648.9,
        4294967296.0,
    ];
    prop_oneof![prop::sample::select(special.to_vec()), any::<u64>().prop_map(f64::from_bits), -1e6f64..1e6]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: f64) -> i128 {
        i128::from(x.to_bits() as i64)
    }
    fn f(x: f32) -> i128 {
        i128::from(x.to_bits() as i32)
    }

    #[test]
    fn double_arithmetic_rounds_to_nearest_even() {
        let sum = apply(FloatOp::Add, FloatFormat::Double, &[d(0.1), d(0.2)], 64, 64).unwrap();
        assert_eq!(sum, d(0.30000000000000004));
        assert_ne!(sum, d(0.3));
        // float arithmetic rounds once, in float
        let third = apply(FloatOp::Div, FloatFormat::Single, &[f(10.0), f(3.0)], 32, 32).unwrap();
        assert_eq!(third, f(10.0f32 / 3.0));
        assert_eq!(apply(FloatOp::Rem, FloatFormat::Double, &[d(-7.5), d(2.0)], 64, 64), Some(d(-1.5)));
        assert_eq!(apply(FloatOp::Sqrt, FloatFormat::Double, &[d(-0.0)], 64, 64), Some(d(-0.0)));
    }

    #[test]
    fn conversions_to_integers_are_undefined_out_of_range() {
        let to_int = FloatOp::ToInt { signed: true };
        assert_eq!(apply(to_int, FloatFormat::Double, &[d(-2.9)], 64, 32), Some(-2));
        assert_eq!(apply(to_int, FloatFormat::Double, &[d(2147483647.9)], 64, 32), Some(2147483647));
        assert_eq!(apply(to_int, FloatFormat::Double, &[d(2147483648.0)], 64, 32), None);
        assert_eq!(apply(to_int, FloatFormat::Double, &[d(f64::NAN)], 64, 32), None);
        let to_uint = FloatOp::ToInt { signed: false };
        assert_eq!(apply(to_uint, FloatFormat::Single, &[f(-0.5)], 32, 32), Some(0));
        assert_eq!(apply(to_uint, FloatFormat::Single, &[f(4e9)], 32, 32), Some(4000000000u32 as i32 as i128));
        assert_eq!(apply(to_uint, FloatFormat::Single, &[f(-1.0)], 32, 32), None);
        // `(float)16777217` rounds to even
        let from = FloatOp::FromInt { signed: true };
        assert_eq!(apply(from, FloatFormat::Single, &[16777217], 32, 32), Some(f(16777216.0)));
        assert_eq!(
            apply(FloatOp::FromInt { signed: false }, FloatFormat::Double, &[-1], 32, 64),
            Some(d(4294967295.0))
        );
    }

    #[test]
    fn values_print_as_c_literals_that_read_back() {
        assert_eq!(c_literal(FloatFormat::Double, d(0.1)).as_deref(), Some("0.1"));
        assert_eq!(c_literal(FloatFormat::Double, d(-0.0)).as_deref(), Some("-0.0"));
        assert_eq!(c_literal(FloatFormat::Double, d(f64::NEG_INFINITY)).as_deref(), Some("-INFINITY"));
        assert_eq!(c_literal(FloatFormat::Single, f(0.1)).as_deref(), Some("0.1f"));
        assert_eq!(c_literal(FloatFormat::Single, f(f32::NAN)).as_deref(), Some("NAN"));
        let tiny = c_literal(FloatFormat::Double, d(5e-324)).unwrap();
        assert_eq!(tiny.parse::<f64>().unwrap().to_bits(), 1);
        assert_eq!(c_literal(FloatFormat::X87, 0), None);
    }

    #[test]
    fn only_float_and_double_and_determined_results_have_a_value() {
        assert_eq!(apply(FloatOp::Add, FloatFormat::Quad, &[0, 0], 128, 128), None);
        assert_eq!(apply(FloatOp::Min, FloatFormat::Double, &[d(0.0), d(-0.0)], 64, 64), None);
        assert_eq!(apply(FloatOp::Max, FloatFormat::Double, &[d(f64::NAN), d(1.0)], 64, 64), Some(d(1.0)));
        assert_eq!(
            apply(FloatOp::Convert { to: FloatFormat::Single }, FloatFormat::Double, &[d(0.1)], 64, 32),
            Some(f(0.1))
        );
        assert_eq!(apply(FloatOp::Round(Rounding::NearestEven), FloatFormat::Double, &[d(2.5)], 64, 64), Some(d(2.0)));
        assert_eq!(
            apply(FloatOp::Round(Rounding::NearestAway), FloatFormat::Double, &[d(-2.5)], 64, 64),
            Some(d(-3.0))
        );
        assert_eq!(apply(FloatOp::Add, FloatFormat::Double, &[0], 64, 64), None);
    }
}
