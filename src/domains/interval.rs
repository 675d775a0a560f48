//! The interval domain (Box; Cousot and Cousot 1977), the POST of UFO's
//! SV-COMP 2013 configuration (issue 21): one interval per variable, bounds
//! `i128` or infinite.
//!
//! - Values are the model's: an `iN` variable holds its signed value; a Bool
//!   is `[0, 1]` (`1` true). Under `lia` an intermediate `nsw` result is exact
//!   (it may leave the type's range, as in the Z3 lowering); under `bv` every
//!   operation wraps; under `math` nothing wraps and unsigned views are the
//!   value itself (`smt::lower`).
//! - Each operation replays the lowering's formula on intervals: the unsigned
//!   view `ite(a < 0, a + 2^N, a)`, the signed view, the one-modulus wrap of a
//!   sum, truncating division, floor shifts, the masks `and_const` encodes
//!   exactly; a piecewise formula is evaluated on each piece and joined. What
//!   the lowering over-approximates (a fresh value: division by a divisor that
//!   may be zero, shifts by a variable, dense masks) is the sort's range here:
//!   every result the model allows is in the interval (the soundness
//!   invariant of `domains`, checked by property tests against `ir::eval`).
//! - `assume` refines the variables a comparison constrains, through
//!   sign-preserving casts and additions of a constant that cannot wrap.
//! - Widening jumps to the next threshold (the program's constants, then
//!   infinity); narrowing refines only infinite bounds.

use super::{Ctx, Domain, Thresholds};
use crate::ir::IntSemantics;
use crate::ir::{ArithOp, BinOp, CastOp, CmpPred, Expr, IntrOp, Rel, Sort, VarId};
use std::collections::BTreeMap;

/// A bound: `None` is infinite (below for a lower bound, above for an upper).
type Bound = Option<i128>;

/// An interval of integers, `lo <= hi`, or empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Itv {
    pub lo: Bound,
    pub hi: Bound,
}

/// An extended integer, for products and quotients of bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ext {
    NegInf,
    Fin(i128),
    PosInf,
}

impl Ext {
    fn sign(self) -> i32 {
        match self {
            Ext::NegInf => -1,
            Ext::PosInf => 1,
            Ext::Fin(x) => x.signum() as i32,
        }
    }
    fn inf(sign: i32) -> Ext {
        if sign < 0 {
            Ext::NegInf
        } else {
            Ext::PosInf
        }
    }
    fn mul(self, o: Ext) -> Ext {
        match (self, o) {
            (Ext::Fin(a), Ext::Fin(b)) => a.checked_mul(b).map_or(Ext::inf(self.sign() * o.sign()), Ext::Fin),
            _ if self.sign() == 0 || o.sign() == 0 => Ext::Fin(0),
            _ => Ext::inf(self.sign() * o.sign()),
        }
    }
    /// Truncating division by a nonzero `o`.
    fn tdiv(self, o: Ext) -> Ext {
        match (self, o) {
            (Ext::Fin(a), Ext::Fin(b)) => a.checked_div(b).map_or(Ext::PosInf, Ext::Fin),
            (Ext::Fin(_), _) => Ext::Fin(0),
            _ => Ext::inf(self.sign() * o.sign()),
        }
    }
    /// Floor division by a positive `o`.
    fn fdiv(self, o: Ext) -> Ext {
        match (self, o) {
            (Ext::Fin(a), Ext::Fin(b)) => Ext::Fin(a.div_euclid(b)),
            (Ext::Fin(a), _) => Ext::Fin(if a < 0 { -1 } else { 0 }),
            _ => self,
        }
    }
}

/// `2^n`, if it fits.
fn pow2(n: u32) -> Option<i128> {
    1i128.checked_shl(n).filter(|x| *x > 0)
}

/// The signed range of `iN`.
pub fn int_range(bits: u32) -> Itv {
    let bits = bits.clamp(1, 128);
    Itv { lo: Some(i128::MIN >> (128 - bits)), hi: Some(i128::MAX >> (128 - bits)) }
}

impl Itv {
    pub const TOP: Itv = Itv { lo: None, hi: None };
    pub const BOOL: Itv = Itv { lo: Some(0), hi: Some(1) };
    pub const EMPTY: Itv = Itv { lo: Some(1), hi: Some(0) };

    pub fn point(c: i128) -> Itv {
        Itv { lo: Some(c), hi: Some(c) }
    }
    pub fn new(lo: i128, hi: i128) -> Itv {
        Itv { lo: Some(lo), hi: Some(hi) }
    }
    pub fn is_empty(&self) -> bool {
        matches!((self.lo, self.hi), (Some(l), Some(h)) if l > h)
    }
    pub fn contains(&self, x: i128) -> bool {
        self.lo.is_none_or(|l| l <= x) && self.hi.is_none_or(|h| x <= h)
    }
    /// Whether no run of `step` or more values lies between `self` and `o`
    /// (they overlap, or the one above starts within `step` of the other's
    /// end): with `step` 1, their union is an interval.
    pub fn within_step(&self, o: &Itv, step: i128) -> bool {
        let near = |lo: Option<i128>, hi: Option<i128>| match (lo, hi) {
            (Some(l), Some(h)) => l <= h.saturating_add(step),
            _ => true,
        };
        near(self.lo, o.hi) && near(o.lo, self.hi)
    }
    pub fn as_point(&self) -> Option<i128> {
        match (self.lo, self.hi) {
            (Some(l), Some(h)) if l == h => Some(l),
            _ => None,
        }
    }
    pub fn leq(&self, o: &Itv) -> bool {
        self.is_empty()
            || (o.lo.is_none_or(|ol| self.lo.is_some_and(|l| ol <= l))
                && o.hi.is_none_or(|oh| self.hi.is_some_and(|h| h <= oh)))
    }
    pub fn join(&self, o: &Itv) -> Itv {
        if self.is_empty() {
            return *o;
        }
        if o.is_empty() {
            return *self;
        }
        Itv { lo: self.lo.zip(o.lo).map(|(a, b)| a.min(b)), hi: self.hi.zip(o.hi).map(|(a, b)| a.max(b)) }
    }
    pub fn meet(&self, o: &Itv) -> Itv {
        let lo = match (self.lo, o.lo) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        let hi = match (self.hi, o.hi) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let r = Itv { lo, hi };
        if r.is_empty() {
            Itv::EMPTY
        } else {
            r
        }
    }
    /// Values `>= x` (`x` `None`: all).
    fn at_least(x: Bound) -> Itv {
        Itv { lo: x, hi: None }
    }
    fn at_most(x: Bound) -> Itv {
        Itv { lo: None, hi: x }
    }
    fn lo_ext(&self) -> Ext {
        self.lo.map_or(Ext::NegInf, Ext::Fin)
    }
    fn hi_ext(&self) -> Ext {
        self.hi.map_or(Ext::PosInf, Ext::Fin)
    }
    fn from_exts(xs: &[Ext]) -> Itv {
        let lo = xs.iter().min().copied().unwrap_or(Ext::NegInf);
        let hi = xs.iter().max().copied().unwrap_or(Ext::PosInf);
        let b = |e: Ext| if let Ext::Fin(x) = e { Some(x) } else { None };
        Itv { lo: b(lo), hi: b(hi) }
    }
    pub fn add(&self, o: &Itv) -> Itv {
        if self.is_empty() || o.is_empty() {
            return Itv::EMPTY;
        }
        let f = |a: Bound, b: Bound| a.zip(b).and_then(|(a, b)| a.checked_add(b));
        Itv { lo: f(self.lo, o.lo), hi: f(self.hi, o.hi) }
    }
    pub fn neg(&self) -> Itv {
        if self.is_empty() {
            return Itv::EMPTY;
        }
        Itv { lo: self.hi.and_then(|h| h.checked_neg()), hi: self.lo.and_then(|l| l.checked_neg()) }
    }
    pub fn sub(&self, o: &Itv) -> Itv {
        self.add(&o.neg())
    }
    pub fn mul(&self, o: &Itv) -> Itv {
        if self.is_empty() || o.is_empty() {
            return Itv::EMPTY;
        }
        let (a, b) = ([self.lo_ext(), self.hi_ext()], [o.lo_ext(), o.hi_ext()]);
        Itv::from_exts(&[a[0].mul(b[0]), a[0].mul(b[1]), a[1].mul(b[0]), a[1].mul(b[1])])
    }
    /// Truncating division, for a divisor without 0.
    fn tdiv(&self, o: &Itv) -> Itv {
        let (a, b) = ([self.lo_ext(), self.hi_ext()], [o.lo_ext(), o.hi_ext()]);
        Itv::from_exts(&[a[0].tdiv(b[0]), a[0].tdiv(b[1]), a[1].tdiv(b[0]), a[1].tdiv(b[1])])
    }
    /// Floor division by the positive constant `k`.
    fn fdiv(&self, k: i128) -> Itv {
        if self.is_empty() {
            return Itv::EMPTY;
        }
        Itv::from_exts(&[self.lo_ext().fdiv(Ext::Fin(k)), self.hi_ext().fdiv(Ext::Fin(k))])
    }
    /// The parts of `self` below `x`, and from `x` on.
    fn split(&self, x: i128) -> (Itv, Itv) {
        (self.meet(&Itv::at_most(x.checked_sub(1))), self.meet(&Itv::at_least(Some(x))))
    }
}

/// The interval of `e` when it is a Boolean: `[0, 0]`, `[1, 1]` or `[0, 1]`.
fn truth(b: Option<bool>) -> Itv {
    match b {
        Some(b) => Itv::point(b as i128),
        None => Itv::BOOL,
    }
}

/// The Box domain: an interval per variable (absent: any value), or bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intervals {
    bottom: bool,
    vars: BTreeMap<VarId, Itv>,
}

/// How the semantics treats machine integers.
struct Sem {
    sem: IntSemantics,
}

impl Sem {
    fn math(&self) -> bool {
        self.sem == IntSemantics::Math
    }
    /// Any value of `sort`.
    fn top(&self, sort: Sort) -> Itv {
        match sort {
            Sort::Bool => Itv::BOOL,
            Sort::Int { bits } if !self.math() => int_range(bits),
            _ => Itv::TOP,
        }
    }
    /// The result of an operation the lowering over-approximates: any value
    /// of `iN` (a fresh value; unbounded under `math`).
    fn any(&self, bits: u32) -> Itv {
        self.top(Sort::Int { bits })
    }
    /// `ite(a < 0, a + 2^N, a)` (lowering's `unsigned`).
    fn unsigned(&self, a: &Itv, bits: u32) -> Itv {
        if self.math() || a.lo.is_some_and(|l| l >= 0) {
            return *a;
        }
        let (neg, pos) = a.split(0);
        match pow2(bits) {
            Some(m) => neg.add(&Itv::point(m)).join(&pos),
            // (2^N does not fit: unbounded)
            None => Itv::TOP,
        }
    }
    /// `ite(u > smax, u - 2^N, u)` (lowering's `signed`).
    fn signed(&self, u: &Itv, bits: u32) -> Itv {
        let smax = int_range(bits).hi.unwrap_or(i128::MAX);
        if self.math() || u.hi.is_some_and(|h| h <= smax) {
            return *u;
        }
        let (low, high) = u.split(smax.saturating_add(1));
        match pow2(bits) {
            Some(m) => low.join(&high.sub(&Itv::point(m))),
            None => self.any(bits),
        }
    }
    /// The one-modulus wrap of a sum (lowering's `wrap_small`; not under `math`).
    fn wrap_small(&self, e: &Itv, bits: u32) -> Itv {
        if self.math() {
            return *e;
        }
        let r = int_range(bits);
        if e.leq(&r) {
            return *e;
        }
        let (Some(m), Some(smin), Some(smax)) = (pow2(bits), r.lo, r.hi) else { return self.any(bits) };
        let (below, rest) = e.split(smin);
        let (mid, above) = rest.split(smax + 1);
        // (more than one modulus away, the lowering's formula leaves a value
        // out of range, and so does this)
        below.add(&Itv::point(m)).join(&mid).join(&above.sub(&Itv::point(m)))
    }
    /// `value mod 2^N` as a signed value (lowering's `wrap`).
    fn wrap(&self, e: &Itv, bits: u32) -> Itv {
        if self.math() || e.leq(&int_range(bits)) {
            *e
        } else {
            self.any(bits)
        }
    }
}

impl Intervals {
    /// The variables it bounds.
    pub fn constrained(&self) -> Vec<VarId> {
        self.vars.keys().copied().collect()
    }

    /// The interval of `v` (any value if not constrained).
    pub fn get(&self, v: VarId) -> Itv {
        if self.bottom {
            return Itv::EMPTY;
        }
        self.vars.get(&v).copied().unwrap_or(Itv::TOP)
    }

    /// The variables whose intervals differ in `self` and `o`, up to `limit`
    /// of them (in order; both not bottom).
    pub fn differing(&self, o: &Intervals, limit: usize) -> Vec<VarId> {
        let mut out = Vec::new();
        let (mut a, mut b) = (self.vars.iter().peekable(), o.vars.iter().peekable());
        while out.len() < limit {
            let v = match (a.peek().map(|e| *e.0), b.peek().map(|e| *e.0)) {
                (Some(x), Some(y)) if x == y => {
                    if a.next().map(|e| e.1) == b.next().map(|e| e.1) {
                        continue;
                    }
                    x
                }
                (Some(x), y) if y.is_none_or(|y| x < y) => {
                    a.next();
                    x
                }
                (_, Some(y)) => {
                    b.next();
                    y
                }
                _ => break,
            };
            out.push(v);
        }
        out
    }

    /// Sets `v` to `x` (bottom if `x` is empty).
    pub fn set(&mut self, v: VarId, x: Itv) {
        if self.bottom {
            return;
        }
        if x.is_empty() {
            *self = Intervals::bottom();
        } else if x == Itv::TOP {
            self.vars.remove(&v);
        } else {
            self.vars.insert(v, x);
        }
    }

    /// The interval of the integer or Boolean expression `e` in this state.
    pub fn eval(&self, cx: &Ctx, e: &Expr) -> Itv {
        if self.bottom {
            return Itv::EMPTY;
        }
        let s = Sem { sem: cx.sem };
        let bv = cx.sem == IntSemantics::Bv;
        match e {
            Expr::Bool(b) => truth(Some(*b)),
            Expr::Int { value, .. } | Expr::Num(value) => Itv::point(*value),
            Expr::Var(v, sort) => self.get(*v).meet(&match sort {
                Sort::Bool => Itv::BOOL,
                _ => Itv::TOP,
            }),
            Expr::Not(a) => truth(self.decide(cx, a).map(|b| !b)),
            Expr::And(xs) => truth(self.junction(cx, xs, false)),
            Expr::Or(xs) => truth(self.junction(cx, xs, true)),
            Expr::Xor(a, b) => truth(self.decide(cx, a).zip(self.decide(cx, b)).map(|(a, b)| a != b)),
            Expr::Ite(c, a, b) => match self.decide(cx, c) {
                Some(true) => self.eval(cx, a),
                Some(false) => self.eval(cx, b),
                // (the condition constrains neither branch's variables: no
                // copy of the state)
                None if !shares_vars(c, a) && !shares_vars(c, b) => self.eval(cx, a).join(&self.eval(cx, b)),
                None => {
                    let (mut t, mut f) = (self.clone(), self.clone());
                    t.assume(cx, c);
                    f.assume(cx, &Expr::negate((**c).clone()));
                    t.eval(cx, a).join(&f.eval(cx, b))
                }
            },
            Expr::Cmp { pred, bits, a, b } => {
                let (x, y) = (self.eval(cx, a), self.eval(cx, b));
                truth(compare(&s, *pred, *bits, &x, &y))
            }
            Expr::Rel { rel, a, b } => {
                let (x, y) = (self.eval(cx, a), self.eval(cx, b));
                truth(compare(&Sem { sem: IntSemantics::Math }, signed_pred(*rel), 128, &x, &y))
            }
            Expr::Bin { op, bits, nsw, a, b, .. } => {
                let (x, y) = (self.eval(cx, a), self.eval(cx, b));
                // (which operand the lowering sees as a numeral: a literal; under
                // `bv` every operation is exact anyway)
                let literal = |e: &Expr| bv || matches!(e, Expr::Int { .. } | Expr::Num(_));
                binary(&s, *op, *bits, *nsw && !bv, (&x, literal(a)), (&y, literal(b)))
            }
            Expr::Cast { op, from, to, a } => {
                let x = self.eval(cx, a);
                match (op, from, to) {
                    (CastOp::Zext, 1, _) => x.meet(&Itv::BOOL),
                    (CastOp::Sext, 1, _) => match x.meet(&Itv::BOOL).as_point() {
                        Some(c) => Itv::point(-c),
                        None => Itv::new(-1, 0),
                    },
                    (CastOp::Trunc, _, 1) => match x.as_point() {
                        Some(c) => Itv::point(c.rem_euclid(2)),
                        None => Itv::BOOL,
                    },
                    (CastOp::Zext, _, _) => s.unsigned(&x, *from),
                    (CastOp::Sext, _, _) => x,
                    (CastOp::Trunc, _, _) => s.wrap(&x, *to),
                }
            }
            Expr::Intr { op, bits, args } => {
                let xs: Vec<Itv> = args.iter().map(|a| self.eval(cx, a)).collect();
                intrinsic(&s, *op, *bits, &xs)
            }
            Expr::Value { signed, bits, a } => {
                let x = self.eval(cx, a);
                if *signed {
                    x
                } else {
                    s.unsigned(&x, *bits)
                }
            }
            Expr::Arith { op, args } => {
                let xs: Vec<Itv> = args.iter().map(|a| self.eval(cx, a)).collect();
                match (op, xs.as_slice()) {
                    (ArithOp::Add, _) => xs.iter().fold(Itv::point(0), |acc, x| acc.add(x)),
                    (ArithOp::Mul, _) => xs.iter().fold(Itv::point(1), |acc, x| acc.mul(x)),
                    (ArithOp::Sub | ArithOp::Neg, [a]) => a.neg(),
                    (ArithOp::Sub, [a, rest @ ..]) => rest.iter().fold(*a, |acc, x| acc.sub(x)),
                    (ArithOp::Div, [a, b]) => match b.as_point() {
                        Some(k) if k > 0 => a.fdiv(k),
                        _ => Itv::TOP,
                    },
                    (ArithOp::Mod, [_, b]) => match b.as_point() {
                        Some(k) if k != 0 => {
                            Itv::new(0, k.unsigned_abs().saturating_sub(1).min(i128::MAX as u128) as i128)
                        }
                        _ => Itv::TOP,
                    },
                    _ => Itv::TOP,
                }
            }
            // memory and quantifiers: not tracked
            Expr::Select { .. } | Expr::Store { .. } | Expr::Forall { .. } | Expr::Bound { .. } => s.top(e.sort()),
        }
    }

    /// A conjunction (`absorbing` false) or disjunction (true) of `xs`: the
    /// absorbing value if one operand surely has it, the other if all surely
    /// have that, else unknown.
    fn junction(&self, cx: &Ctx, xs: &[Expr], absorbing: bool) -> Option<bool> {
        let vs: Vec<Option<bool>> = xs.iter().map(|x| self.decide(cx, x)).collect();
        if vs.contains(&Some(absorbing)) {
            Some(absorbing)
        } else if vs.iter().all(|v| *v == Some(!absorbing)) {
            Some(!absorbing)
        } else {
            None
        }
    }

    /// Whether the Boolean `e` holds in every state (`Some(true)`), in none
    /// (`Some(false)`), or may go either way.
    pub fn decide(&self, cx: &Ctx, e: &Expr) -> Option<bool> {
        let x = self.eval(cx, e);
        if x.is_empty() {
            // (no state: anything holds)
            return Some(true);
        }
        match (x.contains(0), x.contains(1)) {
            (false, true) => Some(true),
            (true, false) => Some(false),
            _ => None,
        }
    }

    /// Meets what `e` (an expression whose value is `x` in the states kept)
    /// says about the variables it is made of.
    fn refine(&mut self, cx: &Ctx, e: &Expr, x: Itv) {
        if self.bottom {
            return;
        }
        let cur = self.eval(cx, e);
        let x = x.meet(&cur);
        if x.is_empty() {
            *self = Intervals::bottom();
            return;
        }
        let s = Sem { sem: cx.sem };
        match e {
            Expr::Var(v, _) => self.set(*v, self.get(*v).meet(&x)),
            // the same value (sign-extension; zero-extension of a
            // nonnegative value; a value read as signed)
            Expr::Cast { op: CastOp::Sext, from, a, .. } | Expr::Value { signed: true, bits: from, a } if *from > 1 => {
                self.refine(cx, a, x)
            }
            Expr::Cast { op: CastOp::Zext, from, a, .. } | Expr::Value { signed: false, bits: from, a }
                if *from > 1 && (s.math() || self.eval(cx, a).lo.is_some_and(|l| l >= 0)) =>
            {
                self.refine(cx, a, x)
            }
            // a sum with a constant that is exact here: `a = x - c`
            Expr::Bin { op: op @ (BinOp::Add | BinOp::Sub), a, b, .. } => {
                let (ia, ib) = (self.eval(cx, a), self.eval(cx, b));
                let exact = if *op == BinOp::Add { ia.add(&ib) } else { ia.sub(&ib) };
                if exact != cur || exact == Itv::TOP {
                    return;
                }
                if let Some(c) = ib.as_point() {
                    let k = Itv::point(c);
                    self.refine(cx, a, if *op == BinOp::Add { x.sub(&k) } else { x.add(&k) });
                } else if let (BinOp::Add, Some(c)) = (op, ia.as_point()) {
                    self.refine(cx, b, x.sub(&Itv::point(c)));
                }
            }
            _ => {}
        }
    }

    /// Assumes `a pred b` (signed or unsigned `bits`-bit comparison, or a
    /// comparison of mathematical integers with `math`).
    fn assume_cmp(&mut self, cx: &Ctx, pred: CmpPred, bits: u32, a: &Expr, b: &Expr, math: bool) {
        let s = Sem { sem: if math { IntSemantics::Math } else { cx.sem } };
        let (x, y) = (self.eval(cx, a), self.eval(cx, b));
        if compare(&s, pred, bits, &x, &y) == Some(false) {
            *self = Intervals::bottom();
            return;
        }
        let nonneg = |i: &Itv| s.math() || i.lo.is_some_and(|l| l >= 0);
        // (in range: a negative value is above every nonnegative one unsigned)
        let r = int_range(bits);
        let in_range = |i: &Itv| i.leq(&r);
        // an unsigned comparison of nonnegative values is the signed one; a
        // value below an unsigned bound `c >= 0` is nonnegative
        let unsigned = matches!(pred, CmpPred::Ult | CmpPred::Ule | CmpPred::Ugt | CmpPred::Uge);
        if unsigned && in_range(&x) && in_range(&y) {
            // the operand below the other unsigned, when the other is nonnegative
            let below = match pred {
                CmpPred::Ult | CmpPred::Ule if nonneg(&y) && !nonneg(&x) => Some(a),
                CmpPred::Ugt | CmpPred::Uge if nonneg(&x) && !nonneg(&y) => Some(b),
                _ => None,
            };
            if let Some(e) = below {
                self.refine(cx, e, Itv::at_least(Some(0)));
            }
        }
        let (x, y) = (self.eval(cx, a), self.eval(cx, b));
        if unsigned && !(nonneg(&x) && nonneg(&y)) {
            return;
        }
        let signed = match pred {
            CmpPred::Ult => CmpPred::Slt,
            CmpPred::Ule => CmpPred::Sle,
            CmpPred::Ugt => CmpPred::Sgt,
            CmpPred::Uge => CmpPred::Sge,
            p => p,
        };
        let (x, y) = (self.eval(cx, a), self.eval(cx, b));
        let one = Itv::point(1);
        let (nx, ny) = match signed {
            CmpPred::Eq => (y, x),
            CmpPred::Ne => {
                let cut = |i: Itv, c: Option<i128>| match c {
                    Some(c) if i.lo == Some(c) => Itv { lo: c.checked_add(1), hi: i.hi },
                    Some(c) if i.hi == Some(c) => Itv { lo: i.lo, hi: c.checked_sub(1) },
                    _ => i,
                };
                (cut(x, y.as_point()), cut(y, x.as_point()))
            }
            CmpPred::Slt => (Itv::at_most(y.sub(&one).hi), Itv::at_least(x.add(&one).lo)),
            CmpPred::Sle => (Itv::at_most(y.hi), Itv::at_least(x.lo)),
            CmpPred::Sgt => (Itv::at_least(y.add(&one).lo), Itv::at_most(x.sub(&one).hi)),
            CmpPred::Sge => (Itv::at_least(y.lo), Itv::at_most(x.hi)),
            _ => return,
        };
        self.refine(cx, a, nx);
        self.refine(cx, b, ny);
    }
}

/// Whether `a` and `b` have a variable in common.
fn shares_vars(a: &Expr, b: &Expr) -> bool {
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    b.vars(&mut ys);
    if ys.is_empty() {
        return false;
    }
    a.vars(&mut xs);
    xs.iter().any(|x| ys.contains(x))
}

/// The signed comparison a comparison of mathematical integers is.
fn signed_pred(rel: Rel) -> CmpPred {
    match rel {
        Rel::Eq => CmpPred::Eq,
        Rel::Le => CmpPred::Sle,
        Rel::Lt => CmpPred::Slt,
        Rel::Ge => CmpPred::Sge,
        Rel::Gt => CmpPred::Sgt,
    }
}

/// Whether `x pred y` holds for all, none, or some of the values.
fn compare(s: &Sem, pred: CmpPred, bits: u32, x: &Itv, y: &Itv) -> Option<bool> {
    if x.is_empty() || y.is_empty() {
        return Some(true);
    }
    let (x, y) = match pred {
        CmpPred::Ult | CmpPred::Ule | CmpPred::Ugt | CmpPred::Uge => (s.unsigned(x, bits), s.unsigned(y, bits)),
        _ => (*x, *y),
    };
    // x < y for all / for none
    let lt = |x: &Itv, y: &Itv| {
        if x.hi.zip(y.lo).is_some_and(|(h, l)| h < l) {
            Some(true)
        } else if x.lo.zip(y.hi).is_some_and(|(l, h)| l >= h) {
            Some(false)
        } else {
            None
        }
    };
    let not = |b: Option<bool>| b.map(|b| !b);
    match pred {
        CmpPred::Eq | CmpPred::Ne => {
            let eq = match (x.as_point(), y.as_point()) {
                (Some(a), Some(b)) if a == b => Some(true),
                _ if x.meet(&y).is_empty() => Some(false),
                _ => None,
            };
            if pred == CmpPred::Eq {
                eq
            } else {
                not(eq)
            }
        }
        CmpPred::Slt | CmpPred::Ult => lt(&x, &y),
        CmpPred::Sge | CmpPred::Uge => not(lt(&x, &y)),
        CmpPred::Sgt | CmpPred::Ugt => lt(&y, &x),
        CmpPred::Sle | CmpPred::Ule => not(lt(&y, &x)),
    }
}

/// The interval of a binary operation (`exact`: an `nsw` operation under
/// `lia`, or `math`: not wrapped), each operand with whether the lowering
/// sees it as a numeral (shifts and masks are exact only by numerals).
fn binary(s: &Sem, op: BinOp, bits: u32, exact: bool, (x, x_lit): (&Itv, bool), (y, y_lit): (&Itv, bool)) -> Itv {
    if x.is_empty() || y.is_empty() {
        return Itv::EMPTY;
    }
    let exact = exact || s.math();
    let shift = y.as_point().filter(|c| y_lit && (0..bits as i128).contains(c)).map(|c| c as u32);
    match op {
        BinOp::Add if exact => x.add(y),
        BinOp::Add => s.wrap_small(&x.add(y), bits),
        BinOp::Sub if exact => x.sub(y),
        BinOp::Sub => s.wrap_small(&x.sub(y), bits),
        BinOp::Mul if exact => x.mul(y),
        BinOp::Mul => s.wrap(&x.mul(y), bits),
        // (a divisor that may be 0: Z3's division by zero, any integer, even
        // out of the type's range under `lia`)
        BinOp::SDiv if y.contains(0) => Itv::TOP,
        BinOp::SDiv => {
            let (neg, pos) = y.split(0);
            let q = [neg, pos].iter().filter(|d| !d.is_empty()).fold(Itv::EMPTY, |acc, d| acc.join(&x.tdiv(d)));
            s.wrap_small(&q, bits)
        }
        BinOp::SRem => {
            // a - b * tdiv(a, b): |r| < |b|, with a's sign; a if b may be 0
            let m = y.lo.zip(y.hi).and_then(|(l, h)| l.checked_abs().zip(h.checked_abs())).map(|(l, h)| l.max(h));
            let bound = m.map(|m| m - 1);
            let mut r = Itv { lo: bound.map(|b| -b), hi: bound };
            if x.lo.is_some_and(|l| l >= 0) {
                r = r.meet(&Itv { lo: Some(0), hi: x.hi });
            } else if x.hi.is_some_and(|h| h <= 0) {
                r = r.meet(&Itv { lo: x.lo, hi: Some(0) });
            }
            if y.contains(0) {
                r = r.join(x);
            }
            r
        }
        BinOp::UDiv | BinOp::URem => {
            let (ux, uy) = (s.unsigned(x, bits), s.unsigned(y, bits));
            // (a divisor that may be 0 gives any integer; under `math` the
            // unsigned view is the value itself, and a negative divisor makes
            // SMT-LIB's Euclidean `div`/`mod`: not worth an interval)
            if uy.lo.is_none_or(|l| l <= 0) {
                return Itv::TOP;
            }
            // (floor division and Euclidean remainder by a positive divisor:
            // the dividend is negative only under `math`)
            let q = if op == BinOp::UDiv {
                let (a, b) = ([ux.lo_ext(), ux.hi_ext()], [uy.lo_ext(), uy.hi_ext()]);
                Itv::from_exts(&[a[0].fdiv(b[0]), a[0].fdiv(b[1]), a[1].fdiv(b[0]), a[1].fdiv(b[1])])
            } else {
                let r = Itv { lo: Some(0), hi: uy.hi.map(|h| h - 1) };
                if ux.lo.is_some_and(|l| l >= 0) {
                    r.meet(&Itv { lo: Some(0), hi: ux.hi })
                } else {
                    r
                }
            };
            s.signed(&q, bits)
        }
        BinOp::Shl => match shift.and_then(pow2) {
            Some(m) if exact => x.mul(&Itv::point(m)),
            Some(m) => s.wrap(&x.mul(&Itv::point(m)), bits),
            None => s.any(bits),
        },
        BinOp::LShr => match shift {
            Some(0) => *x,
            Some(c) => match pow2(c) {
                Some(m) => s.unsigned(x, bits).fdiv(m),
                None => s.any(bits),
            },
            None => s.any(bits),
        },
        BinOp::AShr => match shift.and_then(pow2) {
            Some(m) => x.fdiv(m),
            // (a shift by 127 of an `i128`)
            None if shift.is_some() && x.leq(&int_range(bits)) => Itv::new(-1, 0),
            None => s.any(bits),
        },
        BinOp::And | BinOp::Or | BinOp::Xor => {
            bit_operation(s, op, bits, (x, x.as_point().filter(|_| x_lit)), (y, y.as_point().filter(|_| y_lit)))
        }
    }
}

/// `and`/`or`/`xor`: exact for the masks the lowering encodes exactly and
/// where a constant decides, the range otherwise.
/// Each operand with its value if the lowering sees it as a numeral.
fn bit_operation(s: &Sem, op: BinOp, bits: u32, (x, xc): (&Itv, Option<i128>), (y, yc): (&Itv, Option<i128>)) -> Itv {
    let all = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
    // (`and_const`: a mask with at most 8 bits set or clear, or of all ones
    // below or above a bit, is exact under `lia`; others a fresh value)
    let exact = |m: i128| {
        let mu = m as u128 & all;
        let inv = !mu & all;
        s.sem == IntSemantics::Bv
            || mu.count_ones() <= 8
            || inv.count_ones() <= 8
            || mu.wrapping_add(1) & mu == 0
            || (inv.wrapping_add(1)) & inv == 0
    };
    let (v, m) = match (xc, yc) {
        (Some(a), Some(b)) if !s.math() && exact(b) => {
            let r = match op {
                BinOp::And => a & b,
                BinOp::Or => a | b,
                _ => a ^ b,
            };
            // (the bits of two's complement values of any width)
            return Itv::point(r);
        }
        (_, Some(m)) if exact(m) => (x, m),
        (Some(m), None) if exact(m) => (y, m),
        _ => return s.any(bits),
    };
    let mu = m as u128 & all;
    match op {
        BinOp::And if mu == all => *v,
        BinOp::And if mu == 0 => Itv::point(0),
        // a low mask: `v mod 2^k`
        BinOp::And if mu.wrapping_add(1) & mu == 0 => {
            let top = mu as i128;
            if v.lo.is_some_and(|l| l >= 0) && v.hi.is_some_and(|h| h <= top) {
                *v
            } else {
                Itv::new(0, top)
            }
        }
        BinOp::And if m >= 0 && v.lo.is_some_and(|l| l >= 0) && !s.math() => Itv::new(0, v.hi.map_or(m, |h| h.min(m))),
        BinOp::Or if mu == 0 => *v,
        BinOp::Xor if mu == 0 => *v,
        BinOp::Xor if mu == all => Itv::point(-1).sub(v),
        _ => s.any(bits),
    }
}

/// The interval of an intrinsic.
fn intrinsic(s: &Sem, op: IntrOp, bits: u32, xs: &[Itv]) -> Itv {
    let (a, b) = match xs {
        [a, b, ..] => (*a, *b),
        [a] => (*a, *a),
        [] => return s.any(bits),
    };
    if a.is_empty() || b.is_empty() {
        return Itv::EMPTY;
    }
    let max = |x: &Itv, y: &Itv| Itv {
        lo: match (x.lo, y.lo) {
            (Some(p), Some(q)) => Some(p.max(q)),
            (p, q) => p.or(q),
        },
        hi: x.hi.zip(y.hi).map(|(p, q)| p.max(q)),
    };
    let min = |x: &Itv, y: &Itv| Itv {
        lo: x.lo.zip(y.lo).map(|(p, q)| p.min(q)),
        hi: match (x.hi, y.hi) {
            (Some(p), Some(q)) => Some(p.min(q)),
            (p, q) => p.or(q),
        },
    };
    match op {
        IntrOp::SMax => max(&a, &b),
        IntrOp::SMin => min(&a, &b),
        IntrOp::UMax | IntrOp::UMin => {
            let nonneg = |i: &Itv| s.math() || i.lo.is_some_and(|l| l >= 0);
            if nonneg(&a) && nonneg(&b) {
                if op == IntrOp::UMax {
                    max(&a, &b)
                } else {
                    min(&a, &b)
                }
            } else {
                a.join(&b)
            }
        }
        IntrOp::Abs => {
            let (neg, pos) = a.split(0);
            let flipped = if neg.is_empty() { Itv::EMPTY } else { s.wrap_small(&neg.neg(), bits) };
            pos.join(&flipped)
        }
        IntrOp::Overflow(..) => Itv::BOOL,
        IntrOp::Fshl | IntrOp::Fshr => s.any(bits),
    }
}

impl Domain for Intervals {
    const NAME: &'static str = "interval";
    fn top() -> Self {
        Intervals { bottom: false, vars: BTreeMap::new() }
    }
    fn bottom() -> Self {
        Intervals { bottom: true, vars: BTreeMap::new() }
    }
    fn is_bottom(&self) -> bool {
        self.bottom
    }
    fn leq(&self, o: &Self) -> bool {
        if self.bottom {
            return true;
        }
        if o.bottom {
            return false;
        }
        o.vars.iter().all(|(v, y)| self.get(*v).leq(y))
    }
    fn join(&self, o: &Self) -> Self {
        if self.bottom {
            return o.clone();
        }
        if o.bottom {
            return self.clone();
        }
        let mut r = Intervals::top();
        for (v, x) in &self.vars {
            if let Some(y) = o.vars.get(v) {
                r.set(*v, x.join(y));
            }
        }
        r
    }
    fn meet(&self, o: &Self) -> Self {
        if self.bottom || o.bottom {
            return Intervals::bottom();
        }
        let mut r = self.clone();
        for (v, y) in &o.vars {
            r.set(*v, r.get(*v).meet(y));
        }
        r
    }
    fn widen_with(&self, next: &Self, t: &Thresholds) -> Self {
        if self.bottom {
            return next.clone();
        }
        if next.bottom {
            return self.clone();
        }
        let mut r = Intervals::top();
        for (v, x) in &self.vars {
            let y = next.get(*v).join(x);
            let lo = match (x.lo, y.lo) {
                (Some(a), Some(b)) if b < a => t.below(b),
                (_, b) => b,
            };
            let hi = match (x.hi, y.hi) {
                (Some(a), Some(b)) if b > a => t.above(b),
                (_, b) => b,
            };
            r.set(*v, Itv { lo, hi });
        }
        r
    }
    fn narrow(&self, next: &Self) -> Self {
        if self.bottom || next.bottom {
            return next.clone();
        }
        let mut r = self.clone();
        for (v, y) in &next.vars {
            let x = self.get(*v);
            r.set(*v, Itv { lo: x.lo.or(y.lo), hi: x.hi.or(y.hi) });
        }
        r
    }
    fn assign_parallel(&mut self, cx: &Ctx, xs: &[(VarId, Expr)]) {
        if self.bottom {
            return;
        }
        let vals: Vec<(VarId, Itv)> = xs.iter().map(|(v, e)| (*v, self.eval(cx, e))).collect();
        for (v, x) in vals {
            self.set(v, x);
        }
    }
    fn assume(&mut self, cx: &Ctx, e: &Expr) {
        if self.bottom {
            return;
        }
        match e {
            Expr::Bool(true) => {}
            Expr::Bool(false) => *self = Intervals::bottom(),
            Expr::And(xs) => {
                for x in xs {
                    self.assume(cx, x);
                }
            }
            Expr::Or(xs) => {
                let mut r = Intervals::bottom();
                for x in xs {
                    let mut d = self.clone();
                    d.assume(cx, x);
                    r = r.join(&d);
                }
                *self = r;
            }
            Expr::Not(a) => match &**a {
                Expr::Not(b) => self.assume(cx, b),
                Expr::And(xs) => self.assume(cx, &Expr::Or(xs.iter().cloned().map(Expr::negate).collect())),
                Expr::Or(xs) => self.assume(cx, &Expr::And(xs.iter().cloned().map(Expr::negate).collect())),
                Expr::Cmp { pred, bits, a, b } => self.assume_cmp(cx, pred.negated(), *bits, a, b, false),
                Expr::Var(v, Sort::Bool) => self.set(*v, self.get(*v).meet(&Itv::point(0))),
                _ => {
                    if self.decide(cx, a) == Some(true) {
                        *self = Intervals::bottom();
                    }
                }
            },
            Expr::Var(v, Sort::Bool) => self.set(*v, self.get(*v).meet(&Itv::point(1))),
            Expr::Cmp { pred, bits, a, b } => self.assume_cmp(cx, *pred, *bits, a, b, false),
            Expr::Rel { rel, a, b } => self.assume_cmp(cx, signed_pred(*rel), 128, a, b, true),
            _ => {
                if self.decide(cx, e) == Some(false) {
                    *self = Intervals::bottom();
                }
            }
        }
    }
    fn forget(&mut self, v: VarId) {
        self.vars.remove(&v);
    }
    fn havoc(&mut self, cx: &Ctx, v: VarId) {
        let s = Sem { sem: cx.sem };
        self.forget(v);
        self.set(v, s.top((cx.sort)(v)));
    }
    fn restrict(&mut self, keep: &[VarId]) {
        self.vars.retain(|v, _| keep.contains(v));
    }
    fn in_range(&mut self, cx: &Ctx, vars: &[VarId]) {
        let s = Sem { sem: cx.sem };
        for v in vars {
            let sort = (cx.sort)(*v);
            if matches!(sort, Sort::Bool | Sort::Int { .. }) {
                self.set(*v, self.get(*v).meet(&s.top(sort)));
            }
        }
    }
    fn to_expr(&self, cx: &Ctx, vars: &[VarId]) -> Expr {
        if self.bottom {
            return Expr::Bool(false);
        }
        let s = Sem { sem: cx.sem };
        let mut cs = Vec::new();
        for v in vars {
            let (x, sort) = (self.get(*v), (cx.sort)(*v));
            if s.top(sort).leq(&x) {
                continue;
            }
            match sort {
                Sort::Bool => cs.push(match x.as_point() {
                    Some(0) => Expr::Not(Box::new(Expr::Var(*v, sort))),
                    _ => Expr::Var(*v, sort),
                }),
                Sort::Int { bits } => {
                    let val = || Box::new(Expr::Value { signed: true, bits, a: Box::new(Expr::Var(*v, sort)) });
                    let range = s.top(sort);
                    if let Some(c) = x.as_point() {
                        cs.push(Expr::Rel { rel: Rel::Eq, a: val(), b: Box::new(Expr::Num(c)) });
                        continue;
                    }
                    if let Some(l) = x.lo.filter(|l| range.lo.is_none_or(|r| *l > r)) {
                        cs.push(Expr::Rel { rel: Rel::Ge, a: val(), b: Box::new(Expr::Num(l)) });
                    }
                    if let Some(h) = x.hi.filter(|h| range.hi.is_none_or(|r| *h < r)) {
                        cs.push(Expr::Rel { rel: Rel::Le, a: val(), b: Box::new(Expr::Num(h)) });
                    }
                }
                _ => {}
            }
        }
        match cs.len() {
            0 => Expr::Bool(true),
            1 => cs.pop().unwrap_or(Expr::Bool(true)),
            _ => Expr::And(cs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn bound() -> impl Strategy<Value = Bound> {
        prop_oneof![
            1 => Just(None),
            6 => (-50i128..50).prop_map(Some),
            1 => prop_oneof![Just(i128::MIN), Just(i128::MAX), Just(i32::MAX as i128)].prop_map(Some),
        ]
    }

    fn itv() -> impl Strategy<Value = Itv> {
        (bound(), bound()).prop_map(|(a, b)| match (a, b) {
            (Some(x), Some(y)) if x > y => Itv::new(y, x),
            (lo, hi) => Itv { lo, hi },
        })
    }

    /// A state over variables 0..3 (an absent one: any value), or bottom.
    fn state() -> impl Strategy<Value = Intervals> {
        (any::<bool>(), prop::collection::vec(prop::option::of(itv()), 3)).prop_map(|(bottom, xs)| {
            if bottom && xs[0].is_none() {
                return Intervals::bottom();
            }
            let mut d = Intervals::top();
            for (i, x) in xs.into_iter().enumerate() {
                if let Some(x) = x {
                    d.set(VarId(i as u32), x);
                }
            }
            d
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// join is an upper bound, meet a lower bound, widening an upper
        /// bound; leq is reflexive and agrees with join; bottom is least.
        #[test]
        fn lattice_laws(a in state(), b in state(), t in prop::collection::vec(-60i128..60, 0..4)) {
            let j = a.join(&b);
            prop_assert!(a.leq(&j) && b.leq(&j));
            let m = a.meet(&b);
            prop_assert!(m.leq(&a) && m.leq(&b));
            prop_assert!(a.leq(&a));
            prop_assert_eq!(a.leq(&b), a.join(&b) == b || (a.is_bottom() && b.is_bottom()) || a.join(&b).leq(&b));
            let w = a.widen_with(&b, &Thresholds::new(t));
            prop_assert!(a.leq(&w) && b.leq(&w), "{a:?} widen {b:?} = {w:?}");
            prop_assert!(Intervals::bottom().leq(&a) && a.leq(&Intervals::top()));
            if b.leq(&a) {
                let n = a.narrow(&b);
                prop_assert!(b.leq(&n) && n.leq(&a), "{a:?} narrow {b:?} = {n:?}");
            }
        }

        /// Interval arithmetic contains every result of the operation on members.
        #[test]
        fn arithmetic_contains_the_concrete_results(x in itv(), y in itv(), k in 1i128..9, seed in any::<u64>()) {
            let pick = |i: &Itv, s: u64| {
                let lo = i.lo.unwrap_or(-1000).max(-1000);
                let hi = i.hi.unwrap_or(1000).min(1000).max(lo);
                lo + (s as i128).rem_euclid(hi - lo + 1)
            };
            let (a, b) = (pick(&x, seed), pick(&y, seed >> 20));
            prop_assume!(x.contains(a) && y.contains(b));
            for (r, what) in [(x.add(&y), a.checked_add(b)), (x.sub(&y), a.checked_sub(b)), (x.mul(&y), a.checked_mul(b))] {
                // (a result past i128 is in no finite bound: the interval is unbounded there)
                match what {
                    Some(c) => prop_assert!(r.contains(c), "{x:?} {y:?}: {r:?} misses {c}"),
                    None => prop_assert!(r.lo.is_none() || r.hi.is_none()),
                }
            }
            prop_assert!(x.fdiv(k).contains(a.div_euclid(k)));
            if !y.contains(0) {
                prop_assert!(x.tdiv(&y).contains(a / b), "{x:?} / {y:?} misses {a} / {b}");
            }
        }
    }

    #[test]
    fn widening_stops_at_the_next_threshold_then_at_infinity() {
        let v = VarId(0);
        let mut a = Intervals::top();
        a.set(v, Itv::new(0, 1));
        let mut b = Intervals::top();
        b.set(v, Itv::new(0, 2));
        let t = Thresholds::new(vec![-1, 0, 99, 100, 101]);
        assert_eq!(a.widen_with(&b, &t).get(v), Itv::new(0, 99));
        b.set(v, Itv::new(0, 102));
        assert_eq!(a.widen_with(&b, &t).get(v), Itv { lo: Some(0), hi: None });
        b.set(v, Itv::new(-5, 1));
        assert_eq!(a.widen_with(&b, &t).get(v), Itv { lo: None, hi: Some(1) });
    }
}
