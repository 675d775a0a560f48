//! Floating-point instructions as the program model says them (issue 50 §1):
//! a float is an integer of its width holding its IEEE-754 bits
//! (`ir::float`).
//!
//! - Comparisons (`fcmp`) are exact integer terms over the bits, read by
//!   every engine: with `key(x) = x <s 0 ? MIN - x : x` (the sign-magnitude
//!   order as a two's complement one: `-0` and `+0` meet at 0), an ordered
//!   `a < b` is `!nan(a) && !nan(b) && key(a) <s key(b)`, and `nan(x)` is
//!   `(x & MAX) >s bits(+inf)`.
//! - Arithmetic, conversions and the C library's exact functions (`sqrt`,
//!   `floor`, `fmin`, `fma`, ...) become a [`HavocKind::Float`]: exact under
//!   `bv`, a fresh value elsewhere, with [`facts`] assumed beside it: what
//!   holds of every result (a NaN operand gives a NaN; the sign of a product
//!   is the exclusive or of the operands' signs; `(double)i` is zero exactly
//!   when `i` is and negative exactly when `i` is; ...), so that an engine
//!   without floats still proves what only needs these.
//! - Other `math.h` functions (`sin`, `exp`, ...) return any value of their
//!   documented range ([`math_range`]): the caller warns.
//!
//! Invariants: every fact holds of every execution on an IEEE-754 machine
//! rounding to nearest (a unit test checks each against the host's
//! arithmetic, `ir::float::apply`); the x87 format (`long double`) gets no
//! exact comparison and no facts (its operations stay havocs).

use crate::ir::{BinOp, CmpPred, Expr, FloatFormat, FloatOp, Rounding};
use llvm_sys::LLVMRealPredicate;

fn int(value: i128, bits: u32) -> Expr {
    Expr::Int { value: crate::ir::eval::wrap(value, bits), bits }
}

/// A signed comparison (or `==`, `!=`), folded when both sides are constants.
fn cmp(pred: CmpPred, a: Expr, b: Expr) -> Expr {
    let bits = a.sort().width();
    match (&a, &b) {
        (Expr::Int { value: x, .. }, Expr::Int { value: y, .. }) => Expr::Bool(match pred {
            CmpPred::Eq => x == y,
            CmpPred::Ne => x != y,
            CmpPred::Slt => x < y,
            CmpPred::Sle => x <= y,
            CmpPred::Sgt => x > y,
            CmpPred::Sge => x >= y,
            _ => return Expr::Cmp { pred, bits, a: Box::new(a), b: Box::new(b) },
        }),
        _ => Expr::Cmp { pred, bits, a: Box::new(a), b: Box::new(b) },
    }
}

fn and(xs: Vec<Expr>) -> Expr {
    let xs: Vec<Expr> = xs.into_iter().filter(|x| *x != Expr::Bool(true)).collect();
    if xs.contains(&Expr::Bool(false)) {
        return Expr::Bool(false);
    }
    match xs.len() {
        0 => Expr::Bool(true),
        1 => xs.into_iter().next().unwrap_or(Expr::Bool(true)),
        _ => Expr::And(xs),
    }
}

fn or(xs: Vec<Expr>) -> Expr {
    Expr::negate(and(xs.into_iter().map(Expr::negate).collect()))
}

fn implies(a: Expr, b: Expr) -> Expr {
    or(vec![Expr::negate(a), b])
}

fn iff(a: Expr, b: Expr) -> Expr {
    Expr::negate(Expr::Xor(Box::new(a), Box::new(b)))
}

/// The largest signed value of `bits` bits: every bit but the sign.
fn max(bits: u32) -> i128 {
    i128::MAX >> (128 - bits)
}

/// The bit patterns of one IEEE-754 format.
#[derive(Clone, Copy)]
struct Bits {
    format: FloatFormat,
    bits: u32,
}

impl Bits {
    fn of(format: FloatFormat) -> Option<Bits> {
        format.ieee().map(|_| Bits { format, bits: format.bits() })
    }

    fn min(self) -> i128 {
        i128::MIN >> (128 - self.bits)
    }

    fn infinity_bits(self) -> i128 {
        self.format.infinity().unwrap_or(0)
    }

    /// `|x|`'s bits (the sign cleared): `x - MIN` for a negative `x`
    /// (linear, where `x & MAX` would need a remainder under `lia`).
    fn magnitude(self, x: &Expr) -> Expr {
        match x {
            Expr::Int { value, .. } => int(value & max(self.bits), self.bits),
            _ => self.when_negative(x, self.sub(x.clone(), int(self.min(), self.bits))),
        }
    }

    /// `x <s 0 ? then : x`.
    fn when_negative(self, x: &Expr, then: Expr) -> Expr {
        Expr::Ite(Box::new(self.negative(x)), Box::new(then), Box::new(x.clone()))
    }

    /// `a - b`, which does not overflow where [`Bits::when_negative`] takes it.
    fn sub(self, a: Expr, b: Expr) -> Expr {
        Expr::Bin { op: BinOp::Sub, bits: self.bits, nsw: true, nuw: false, a: Box::new(a), b: Box::new(b) }
    }

    /// `x`'s magnitude is `m`: `x` is `m` or `-m`'s bits (`MIN + m`).
    fn magnitude_is(self, x: &Expr, m: i128) -> Expr {
        or(vec![
            cmp(CmpPred::Eq, x.clone(), int(m, self.bits)),
            cmp(CmpPred::Eq, x.clone(), int(self.min() + m, self.bits)),
        ])
    }

    /// A NaN: its magnitude beyond infinity's.
    fn nan(self, x: &Expr) -> Expr {
        let inf = self.infinity_bits();
        or(vec![
            cmp(CmpPred::Sgt, x.clone(), int(inf, self.bits)),
            and(vec![self.negative(x), cmp(CmpPred::Sgt, x.clone(), int(self.min() + inf, self.bits))]),
        ])
    }

    fn infinite(self, x: &Expr) -> Expr {
        self.magnitude_is(x, self.infinity_bits())
    }

    /// Neither NaN nor infinite.
    fn finite(self, x: &Expr) -> Expr {
        let inf = self.infinity_bits();
        and(vec![
            cmp(CmpPred::Slt, x.clone(), int(inf, self.bits)),
            or(vec![Expr::negate(self.negative(x)), cmp(CmpPred::Slt, x.clone(), int(self.min() + inf, self.bits))]),
        ])
    }

    fn zero(self, x: &Expr) -> Expr {
        self.magnitude_is(x, 0)
    }

    /// The sign bit is set (`-0`, a negative number, a NaN with its sign).
    fn negative(self, x: &Expr) -> Expr {
        cmp(CmpPred::Slt, x.clone(), int(0, self.bits))
    }

    /// The order key: non-NaN floats compare as their keys do.
    fn key(self, x: &Expr) -> Expr {
        let min = self.min();
        match x {
            Expr::Int { value, .. } => int(if *value < 0 { min - value } else { *value }, self.bits),
            _ => self.when_negative(x, self.sub(int(min, self.bits), x.clone())),
        }
    }

    /// The bits of `±2^k`, if it is finite in this format.
    fn power_of_two(self, k: u32, negative: bool) -> Option<Expr> {
        let (e, s) = self.format.ieee()?;
        let bias = (1i128 << (e - 1)) - 1;
        if i128::from(k) > bias {
            return None;
        }
        let sign = if negative { i128::MIN >> (128 - self.bits) } else { 0 };
        Some(int(sign | ((i128::from(k) + bias) << (s - 1)), self.bits))
    }

    fn one(self, negative: bool) -> Expr {
        self.power_of_two(0, negative).unwrap_or_else(|| int(0, self.bits))
    }
}

/// `fcmp pred a, b` of two floats of `format`, exactly; `None` for x87.
pub fn compare(pred: LLVMRealPredicate, format: FloatFormat, a: Expr, b: Expr) -> Option<Expr> {
    use LLVMRealPredicate::*;
    let f = Bits::of(format)?;
    let unordered = or(vec![f.nan(&a), f.nan(&b)]);
    let (ka, kb) = (f.key(&a), f.key(&b));
    let keys = |p: CmpPred| cmp(p, ka.clone(), kb.clone());
    let (ordered, key) = match pred {
        LLVMRealPredicateFalse => return Some(Expr::Bool(false)),
        LLVMRealPredicateTrue => return Some(Expr::Bool(true)),
        LLVMRealORD => return Some(Expr::negate(unordered)),
        LLVMRealUNO => return Some(unordered),
        LLVMRealOEQ => (true, keys(CmpPred::Eq)),
        LLVMRealOGT => (true, keys(CmpPred::Sgt)),
        LLVMRealOGE => (true, keys(CmpPred::Sge)),
        LLVMRealOLT => (true, keys(CmpPred::Slt)),
        LLVMRealOLE => (true, keys(CmpPred::Sle)),
        LLVMRealONE => (true, keys(CmpPred::Ne)),
        LLVMRealUEQ => (false, keys(CmpPred::Eq)),
        LLVMRealUGT => (false, keys(CmpPred::Sgt)),
        LLVMRealUGE => (false, keys(CmpPred::Sge)),
        LLVMRealULT => (false, keys(CmpPred::Slt)),
        LLVMRealULE => (false, keys(CmpPred::Sle)),
        LLVMRealUNE => (false, keys(CmpPred::Ne)),
    };
    Some(if ordered { and(vec![Expr::negate(unordered), key]) } else { or(vec![unordered, key]) })
}

/// `x` is a NaN of `format` (the assumption on a NaN constant, whose
/// payload ufo does not read); `None` for x87.
pub fn is_nan(format: FloatFormat, x: &Expr) -> Option<Expr> {
    Some(Bits::of(format)?.nan(x))
}

/// What holds of `r`, the result of `op` on `args` in `format` (the
/// operands' format; the result's for `FromInt`), on every IEEE-754
/// machine: the assumptions beside its havoc.
pub fn facts(op: FloatOp, format: FloatFormat, args: &[Expr], r: &Expr) -> Vec<Expr> {
    let Some(f) = Bits::of(format) else { return Vec::new() };
    if args.len() != op.arity() {
        return Vec::new();
    }
    let a = &args[0];
    let any_nan = || or(args.iter().map(|x| f.nan(x)).collect());
    let no_nan = || Expr::negate(any_nan());
    let propagates = || implies(any_nan(), f.nan(r));
    let neg = |x: &Expr| f.negative(x);
    let pos = |x: &Expr| Expr::negate(f.negative(x));
    let mut out = match op {
        FloatOp::Add | FloatOp::Sub => {
            let b = &args[1];
            // `a + b` of two operands of one sign has that sign (and so
            // does `a - b` of operands of different signs), never NaN
            let same =
                if op == FloatOp::Add { iff(neg(a), neg(b)) } else { Expr::Xor(Box::new(neg(a)), Box::new(neg(b))) };
            vec![
                propagates(),
                implies(and(vec![no_nan(), same]), and(vec![iff(neg(r), neg(a)), Expr::negate(f.nan(r))])),
            ]
        }
        FloatOp::Mul | FloatOp::Div => {
            let sign = Expr::Xor(Box::new(neg(a)), Box::new(neg(&args[1])));
            vec![propagates(), implies(Expr::negate(f.nan(r)), iff(neg(r), sign))]
        }
        FloatOp::Rem => vec![propagates(), implies(Expr::negate(f.nan(r)), iff(neg(r), neg(a)))],
        FloatOp::Fma => vec![propagates()],
        FloatOp::Sqrt => {
            let (kr, ka, one) = (f.key(r), f.key(a), f.key(&f.one(false)));
            let positive = and(vec![Expr::negate(f.nan(a)), pos(a)]);
            vec![
                propagates(),
                // sqrt(±0) = ±0, sqrt(+inf) = +inf
                implies(or(vec![f.zero(a), and(vec![pos(a), f.infinite(a)])]), cmp(CmpPred::Eq, r.clone(), a.clone())),
                implies(and(vec![Expr::negate(f.nan(a)), neg(a), Expr::negate(f.zero(a))]), f.nan(r)),
                implies(positive.clone(), and(vec![pos(r), Expr::negate(f.nan(r))])),
                // monotone, and 1 is a fixed point: between 1 and its operand
                implies(
                    and(vec![positive.clone(), cmp(CmpPred::Sge, ka.clone(), one.clone())]),
                    and(vec![cmp(CmpPred::Sle, kr.clone(), ka.clone()), cmp(CmpPred::Sge, kr.clone(), one.clone())]),
                ),
                implies(
                    and(vec![positive, cmp(CmpPred::Sle, ka.clone(), one.clone())]),
                    and(vec![cmp(CmpPred::Sge, kr.clone(), ka), cmp(CmpPred::Sle, kr, one)]),
                ),
            ]
        }
        FloatOp::Round(mode) => {
            let not_nan = Expr::negate(f.nan(a));
            let mut v = vec![
                propagates(),
                implies(not_nan.clone(), and(vec![Expr::negate(f.nan(r)), iff(neg(r), neg(a))])),
                // zeros and infinities are integral already
                implies(or(vec![f.zero(a), f.infinite(a)]), cmp(CmpPred::Eq, r.clone(), a.clone())),
            ];
            let (kr, ka) = (f.key(r), f.key(a));
            match mode {
                Rounding::Down => v.push(implies(not_nan, cmp(CmpPred::Sle, kr, ka))),
                Rounding::Up => v.push(implies(not_nan, cmp(CmpPred::Sge, kr, ka))),
                Rounding::TowardZero => v.push(implies(not_nan, cmp(CmpPred::Sle, f.magnitude(r), f.magnitude(a)))),
                Rounding::NearestEven | Rounding::NearestAway => {}
            }
            v
        }
        FloatOp::Min | FloatOp::Max => {
            let b = &args[1];
            let both = and(vec![f.nan(a), f.nan(b)]);
            vec![
                iff(f.nan(r), both.clone()),
                or(vec![both, cmp(CmpPred::Eq, r.clone(), a.clone()), cmp(CmpPred::Eq, r.clone(), b.clone())]),
            ]
        }
        FloatOp::FromInt { signed } => {
            let bits = a.sort().width();
            let a_zero = cmp(CmpPred::Eq, a.clone(), int(0, bits));
            let sign = if signed { cmp(CmpPred::Slt, a.clone(), int(0, bits)) } else { Expr::Bool(false) };
            vec![Expr::negate(f.nan(r)), iff(f.zero(r), a_zero), iff(neg(r), sign)]
        }
        FloatOp::ToInt { signed } => to_int(f, signed, a, r),
        FloatOp::Convert { to } => {
            let Some(t) = Bits::of(to) else { return Vec::new() };
            let mut v = vec![
                iff(t.nan(r), f.nan(a)),
                implies(Expr::negate(f.nan(a)), iff(t.negative(r), neg(a))),
                implies(f.zero(a), t.zero(r)),
            ];
            if to.bits() > format.bits() {
                // widening is exact
                v.push(iff(t.zero(r), f.zero(a)));
                v.push(iff(t.finite(r), f.finite(a)));
            }
            v
        }
    };
    out.retain(|x| *x != Expr::Bool(true));
    out
}

/// Facts of `r = (int)x` (`r` of its width, signed or not), where C
/// defines it: the truncated value fits.
fn to_int(f: Bits, signed: bool, x: &Expr, r: &Expr) -> Vec<Expr> {
    let bits = r.sort().width();
    if bits < 2 {
        return Vec::new();
    }
    let k = f.key(x);
    let key_cmp = |p: CmpPred, c: Expr| cmp(p, k.clone(), f.key(&c));
    // within: finite, and (conservatively) in [-2^(n-1), 2^(n-1)) or
    // (-1, 2^n); a bound beyond the format's range holds of every finite x
    let (lo, hi) = if signed {
        (f.power_of_two(bits - 1, true).map(|c| key_cmp(CmpPred::Sge, c)), f.power_of_two(bits - 1, false))
    } else {
        (Some(key_cmp(CmpPred::Sgt, f.one(true))), f.power_of_two(bits, false))
    };
    let within = and(vec![
        f.finite(x),
        lo.unwrap_or(Expr::Bool(true)),
        hi.map_or(Expr::Bool(true), |c| key_cmp(CmpPred::Slt, c)),
    ]);
    let r_cmp = |p: CmpPred, v: i128| cmp(p, r.clone(), int(v, bits));
    let below_one = and(vec![key_cmp(CmpPred::Sgt, f.one(true)), key_cmp(CmpPred::Slt, f.one(false))]);
    let mut v = vec![implies(and(vec![within.clone(), below_one]), r_cmp(CmpPred::Eq, 0))];
    if signed {
        v.push(implies(and(vec![within.clone(), key_cmp(CmpPred::Sge, f.one(false))]), r_cmp(CmpPred::Sgt, 0)));
        v.push(implies(and(vec![within, key_cmp(CmpPred::Sle, f.one(true))]), r_cmp(CmpPred::Slt, 0)));
    } else {
        v.push(implies(and(vec![within, key_cmp(CmpPred::Sge, f.one(false))]), r_cmp(CmpPred::Ne, 0)));
    }
    v
}

/// The operation and format of a C library function or LLVM intrinsic
/// (`llvm.sqrt` without its type suffix) ufo encodes exactly: `sqrt`,
/// `fabs`' relatives and `fmin`/`fmax`/`fma`/`fmod`.
pub fn library(name: &str) -> Option<(FloatOp, FloatFormat)> {
    // (an intrinsic's format is its operand type's: the caller's)
    if let Some(intrinsic) = name.strip_prefix("llvm.") {
        return exact(intrinsic).map(|op| (op, FloatFormat::Double));
    }
    let suffixed = [('f', FloatFormat::Single), ('l', FloatFormat::X87)]
        .into_iter()
        .find_map(|(suffix, format)| Some((exact(name.strip_suffix(suffix)?)?, format)));
    suffixed.or_else(|| exact(name).map(|op| (op, FloatFormat::Double)))
}

/// The operation of a function name without its type suffix.
fn exact(stem: &str) -> Option<FloatOp> {
    Some(match stem {
        "sqrt" => FloatOp::Sqrt,
        "floor" => FloatOp::Round(Rounding::Down),
        "ceil" => FloatOp::Round(Rounding::Up),
        "trunc" => FloatOp::Round(Rounding::TowardZero),
        "round" => FloatOp::Round(Rounding::NearestAway),
        "rint" | "nearbyint" | "roundeven" => FloatOp::Round(Rounding::NearestEven),
        "fmin" | "minnum" => FloatOp::Min,
        "fmax" | "maxnum" => FloatOp::Max,
        "fma" => FloatOp::Fma,
        "fmod" => FloatOp::Rem,
        _ => return None,
    })
}

/// For a `math.h` function ufo does not encode, the documented range of its
/// result (besides NaN): `(lo, hi)`, either bound open-ended; `None` if the
/// name is no such function.
pub fn math_range(name: &str) -> Option<(Option<f64>, Option<f64>)> {
    let stem = name.strip_suffix('f').or_else(|| name.strip_suffix('l')).filter(|s| math_stem(s)).unwrap_or(name);
    if !math_stem(stem) {
        return None;
    }
    Some(match stem {
        "sin" | "cos" | "tanh" | "erf" => (Some(-1.0), Some(1.0)),
        "exp" | "exp2" => (Some(0.0), None),
        "expm1" => (Some(-1.0), None),
        "cosh" => (Some(1.0), None),
        "erfc" => (Some(0.0), Some(2.0)),
        "asin" | "atan" => (Some(-std::f64::consts::FRAC_PI_2 - 1e-6), Some(std::f64::consts::FRAC_PI_2 + 1e-6)),
        "acos" => (Some(0.0), Some(std::f64::consts::PI + 1e-6)),
        "atan2" => (Some(-std::f64::consts::PI - 1e-6), Some(std::f64::consts::PI + 1e-6)),
        "hypot" => (Some(0.0), None),
        _ => (None, None),
    })
}

fn math_stem(s: &str) -> bool {
    matches!(
        s,
        "sin"
            | "cos"
            | "tan"
            | "asin"
            | "acos"
            | "atan"
            | "atan2"
            | "sinh"
            | "cosh"
            | "tanh"
            | "asinh"
            | "acosh"
            | "atanh"
            | "exp"
            | "exp2"
            | "expm1"
            | "log"
            | "log2"
            | "log10"
            | "log1p"
            | "pow"
            | "cbrt"
            | "hypot"
            | "erf"
            | "erfc"
            | "tgamma"
            | "lgamma"
    )
}

/// `lo <= x <= hi` or `nan(x)`, for a float `x` of `format`, a bound `None`
/// left open: the range of a function [`math_range`] gives.
pub fn within(format: FloatFormat, x: &Expr, lo: Option<f64>, hi: Option<f64>) -> Option<Expr> {
    let f = Bits::of(format)?;
    let bound = |c: Option<f64>, p: CmpPred| -> Option<Expr> {
        let bits = format.of_f64(c?)?;
        Some(cmp(p, f.key(x), f.key(&int(bits, f.bits))))
    };
    let range: Vec<Expr> = [bound(lo, CmpPred::Sge), bound(hi, CmpPred::Sle)].into_iter().flatten().collect();
    Some(or(vec![f.nan(x), and(range)]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::eval::{self, Val};
    use crate::ir::float::apply;
    use crate::ir::{IntSemantics, Sort, VarId};
    use proptest::prelude::*;

    fn var(i: u32, bits: u32) -> Expr {
        Expr::Var(VarId(i), Sort::Int { bits })
    }

    fn holds(e: &Expr, vals: &[i128]) -> bool {
        let env = |v: VarId| vals.get(v.0 as usize).map(|x| Val::Int(*x));
        matches!(eval::expr(e, &env, IntSemantics::Bv), Ok(Val::Bool(true)))
    }

    fn d(x: f64) -> i128 {
        i128::from(x.to_bits() as i64)
    }

    fn double() -> impl Strategy<Value = f64> {
        crate::ir::float::interesting_doubles()
    }

    #[test]
    fn comparisons_follow_ieee_754() {
        use std::cmp::Ordering::*;
        use LLVMRealPredicate::*;
        let vals =
            [0.0, -0.0, 1.0, -1.0, 0.1, -2.5, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN, 5e-324, -5e-324];
        let preds = [
            (LLVMRealOEQ, &(|a: f64, b: f64| a == b) as &dyn Fn(f64, f64) -> bool),
            (LLVMRealOLT, &|a, b| a < b),
            (LLVMRealOLE, &|a, b| a <= b),
            (LLVMRealOGT, &|a, b| a > b),
            (LLVMRealOGE, &|a, b| a >= b),
            (LLVMRealONE, &|a, b| matches!(a.partial_cmp(&b), Some(Less | Greater))),
            (LLVMRealUNE, &|a, b| a != b),
            (LLVMRealULT, &|a, b| !matches!(a.partial_cmp(&b), Some(Greater | Equal))),
            (LLVMRealUEQ, &|a, b| !matches!(a.partial_cmp(&b), Some(Less | Greater))),
            (LLVMRealUNO, &|a: f64, b: f64| a.is_nan() || b.is_nan()),
        ];
        for (pred, host) in preds {
            let e = compare(pred, FloatFormat::Double, var(0, 64), var(1, 64)).unwrap();
            for a in vals {
                for b in vals {
                    assert_eq!(holds(&e, &[d(a), d(b)]), host(a, b), "{pred:?} {a} {b}");
                    // and with a constant operand, folded
                    let c = compare(pred, FloatFormat::Double, var(0, 64), int(d(b), 64)).unwrap();
                    assert_eq!(holds(&c, &[d(a)]), host(a, b), "{pred:?} {a} const {b}");
                }
            }
        }
        assert!(compare(LLVMRealOLT, FloatFormat::X87, var(0, 80), var(1, 80)).is_none());
    }

    fn check_facts(
        op: FloatOp,
        format: FloatFormat,
        args: &[i128],
        arg_bits: u32,
        result_bits: u32,
    ) -> Result<(), TestCaseError> {
        let vars: Vec<Expr> = (0..args.len() as u32).map(|i| var(i, arg_bits)).collect();
        let r = var(args.len() as u32, result_bits);
        let fs = facts(op, format, &vars, &r);
        // where the result is undefined, the facts hold of every value
        let results = match apply(op, format, args, arg_bits, result_bits) {
            Some(x) => vec![x],
            // `fmin(+0, -0)`: either
            None if matches!(op, FloatOp::Min | FloatOp::Max) => args.to_vec(),
            None => vec![0, 1, -1, i128::MIN >> (128 - result_bits)],
        };
        for x in results {
            let mut vals = args.to_vec();
            vals.push(x);
            for fact in &fs {
                prop_assert!(holds(fact, &vals), "{:?} {:?} {:x?} -> {:x}: {:?}", op, format, args, x, fact);
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn facts_hold_of_the_hosts_results(a in double(), b in double(), c in double(), i in any::<i32>()) {
            let (da, db, dc) = (d(a), d(b), d(c));
            for op in [FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div, FloatOp::Rem, FloatOp::Min, FloatOp::Max] {
                check_facts(op, FloatFormat::Double, &[da, db], 64, 64)?;
                check_facts(op, FloatFormat::Double, &[da, da], 64, 64)?;
            }
            check_facts(FloatOp::Fma, FloatFormat::Double, &[da, db, dc], 64, 64)?;
            check_facts(FloatOp::Sqrt, FloatFormat::Double, &[da], 64, 64)?;
            for r in [Rounding::NearestEven, Rounding::NearestAway, Rounding::TowardZero, Rounding::Down, Rounding::Up] {
                check_facts(FloatOp::Round(r), FloatFormat::Double, &[da], 64, 64)?;
            }
            for signed in [true, false] {
                check_facts(FloatOp::ToInt { signed }, FloatFormat::Double, &[da], 64, 32)?;
                check_facts(FloatOp::ToInt { signed }, FloatFormat::Double, &[da], 64, 8)?;
                check_facts(FloatOp::FromInt { signed }, FloatFormat::Double, &[i128::from(i)], 32, 64)?;
                check_facts(FloatOp::FromInt { signed }, FloatFormat::Single, &[i128::from(i)], 32, 32)?;
            }
            let fa = i128::from((a as f32).to_bits() as i32);
            check_facts(FloatOp::Convert { to: FloatFormat::Single }, FloatFormat::Double, &[da], 64, 32)?;
            check_facts(FloatOp::Convert { to: FloatFormat::Double }, FloatFormat::Single, &[fa], 32, 64)?;
            check_facts(FloatOp::ToInt { signed: true }, FloatFormat::Single, &[fa], 32, 32)?;
            check_facts(FloatOp::Mul, FloatFormat::Single, &[fa, fa], 32, 32)?;
        }
    }

    #[test]
    fn a_square_is_never_negative_unless_nan() {
        let x = var(0, 64);
        let r = var(1, 64);
        let fs = facts(FloatOp::Mul, FloatFormat::Double, &[x.clone(), x], &r);
        // r = -4.0 contradicts the facts for any x that is not NaN
        assert!(fs.iter().any(|f| !holds(f, &[d(2.0), d(-4.0)])));
        assert!(fs.iter().all(|f| holds(f, &[d(-2.0), d(4.0)])));
    }

    #[test]
    fn library_functions_by_name() {
        assert_eq!(library("sqrt"), Some((FloatOp::Sqrt, FloatFormat::Double)));
        assert_eq!(library("floorf"), Some((FloatOp::Round(Rounding::Down), FloatFormat::Single)));
        assert_eq!(library("fmodl"), Some((FloatOp::Rem, FloatFormat::X87)));
        assert_eq!(library("llvm.minnum").map(|x| x.0), Some(FloatOp::Min));
        assert_eq!(library("sin"), None);
        assert_eq!(math_range("sinf"), Some((Some(-1.0), Some(1.0))));
        assert_eq!(math_range("exp"), Some((Some(0.0), None)));
        assert_eq!(math_range("strlen"), None);
        let x = var(0, 64);
        let w = within(FloatFormat::Double, &x, Some(-1.0), Some(1.0)).unwrap();
        assert!(holds(&w, &[d(0.5)]) && holds(&w, &[d(f64::NAN)]) && !holds(&w, &[d(1.5)]));
    }
}
