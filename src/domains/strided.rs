//! Strided intervals: the reduced product of the interval domain
//! ([`Intervals`]) with congruences modulo powers of two
//! ([`super::congruence`], Granger 1989), one `[lo, hi] ∩ (a + 2^k·ℤ)` per
//! variable — the box of [`super::boxes::Boxes`] that proves parity after a
//! loop (issue 47: loop-acceleration phases_1-1, where `x` counts by 1 to
//! 65520 and then by 2, asserting `x % 2 == 0` at the end: the boxes keep
//! `x ≤ 65520` apart from `x ≥ 65522 ∧ x ≡ 0 (mod 2)`).
//!
//! - Reduction: a bound moves to the nearest value of the congruence class
//!   (`[1, 9]` with `x` even is `[2, 8]`), an empty result is bottom, a point
//!   interval is the exact congruence, and all `N` bits known is a point.
//! - Transfers: the interval domain's, and beside it the congruence of each
//!   assigned expression over the state before; `assume` of `e ⋈ c` where
//!   the comparison pins `e` to one value (`x & 1 != 0` on `x & 1 ∈ [0, 1]`)
//!   refines what `e` is made of (`x ≡ 1 (mod 2)`), and a comparison whose
//!   sides' congruences disagree is bottom.
//! - Widening widens the intervals and joins the congruences (each chain of
//!   congruences is at most [`congruence::MAX_K`] long).
//! - A certificate label states the congruence as `x & (2^k - 1) == a`
//!   under `bv`, as `x mod 2^k = a` over the signed value otherwise
//!   ([`congruence_label`]).
//!
//! Invariant (soundness, as every domain's): each value the model allows is
//! in the interval and satisfies the congruence; checked by the property
//! tests of `soundness` against `ir::eval`.

use super::boxes::BoxDomain;
use super::congruence::{self, Cong};
use super::interval::{Intervals, Itv};
use super::{Ctx, Domain, Thresholds};
use crate::ir::{ArithOp, BinOp, CastOp, CmpPred, Expr, IntSemantics, Rel, Sort, VarId};
use std::collections::BTreeMap;

/// An interval and a congruence per variable (absent: any), or bottom (the
/// intervals' bottom).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strided {
    itv: Intervals,
    cong: BTreeMap<VarId, Cong>,
}

impl Strided {
    /// The interval of `v`.
    pub fn get(&self, v: VarId) -> Itv {
        self.itv.get(v)
    }

    /// The congruence of `v`.
    pub fn cong(&self, v: VarId) -> Cong {
        self.cong.get(&v).copied().unwrap_or(Cong::TOP)
    }

    /// The intervals alone.
    pub fn intervals(&self) -> &Intervals {
        &self.itv
    }

    /// Sets `v`'s interval and congruence, reduced against each other.
    pub fn set(&mut self, cx: &Ctx, v: VarId, x: Itv, c: Cong) {
        if self.is_bottom() {
            return;
        }
        let bits = match (cx.sort)(v) {
            Sort::Int { bits } if cx.sem != IntSemantics::Math => bits,
            _ => {
                self.itv.set(v, x);
                self.cong.remove(&v);
                return;
            }
        };
        let c = c.coarsen(bits);
        let mut x = x;
        if let Some(p) = x.as_point() {
            if !c.contains(p) {
                return *self = Strided::bottom();
            }
            self.itv.set(v, x);
            self.cong.insert(v, Cong::exact(p, bits));
            return;
        }
        if c.k >= bits {
            // every bit known: the one value
            let shift = 128 - bits;
            let p = ((c.a as i128) << shift) >> shift;
            x = x.meet(&Itv::point(p));
        } else {
            x = tighten(x, c);
        }
        if x.is_empty() {
            return *self = Strided::bottom();
        }
        self.itv.set(v, x);
        match x.as_point() {
            Some(p) => {
                self.cong.insert(v, Cong::exact(p, bits));
            }
            None if c.is_top() => {
                self.cong.remove(&v);
            }
            None => {
                self.cong.insert(v, c);
            }
        }
    }

    /// The congruence of the integer expression `e`.
    pub fn eval_cong(&self, cx: &Ctx, e: &Expr) -> Cong {
        congruence::eval(cx, e, &|v, bits| match self.itv.get(v).as_point() {
            Some(p) => Cong::exact(p, bits),
            None => self.cong(v),
        })
    }

    /// Meets what the congruence `c` of `e`'s value says about the variables
    /// it is made of.
    fn refine(&mut self, cx: &Ctx, e: &Expr, c: Cong) {
        if self.is_bottom() || c.is_top() {
            return;
        }
        let Sort::Int { bits } = e.sort() else { return };
        match e {
            Expr::Var(v, _) => match self.cong(*v).meet(&c) {
                Some(m) => self.set(cx, *v, self.get(*v), m),
                None => *self = Strided::bottom(),
            },
            Expr::Bin { op: BinOp::And, a, b, .. } => {
                let x = match (congruence::low_mask(b, bits), congruence::low_mask(a, bits)) {
                    (Some(j), _) => Some((a, j)),
                    (_, Some(j)) => Some((b, j)),
                    _ => None,
                };
                if let Some((x, j)) = x {
                    self.refine(cx, x, c.coarsen(j));
                }
            }
            Expr::Bin { op: BinOp::URem | BinOp::SRem, a, b, .. } => {
                if let Expr::Int { value, .. } = &**b {
                    if *value > 0 && value.count_ones() == 1 {
                        self.refine(cx, a, c.coarsen(value.trailing_zeros()));
                    }
                }
            }
            Expr::Bin { op: op @ (BinOp::Add | BinOp::Sub), a, b, .. } => {
                // x ± y ≡ c: x ≡ c ∓ y, y ≡ ±(c - x)
                let (ca, cb) = (self.eval_cong(cx, a), self.eval_cong(cx, b));
                let sub = |x: Cong, y: Cong| Cong::new(x.k.min(y.k), x.a.wrapping_sub(y.a));
                let neg = |x: Cong| Cong::new(x.k, x.a.wrapping_neg());
                let (for_a, for_b) = match op {
                    BinOp::Add => (sub(c, cb), sub(c, ca)),
                    _ => (Cong::new(c.k.min(cb.k), c.a.wrapping_add(cb.a)), neg(sub(c, ca))),
                };
                self.refine(cx, a, for_a);
                self.refine(cx, b, for_b);
            }
            Expr::Cast { op: CastOp::Zext | CastOp::Sext, from, a, .. } if *from > 1 => {
                self.refine(cx, a, c.coarsen(*from))
            }
            Expr::Cast { op: CastOp::Trunc, to, a, .. } => self.refine(cx, a, c.coarsen(*to)),
            _ => {}
        }
    }

    /// The congruence part of `assume`: comparisons whose sides disagree
    /// are bottom; a side the comparison pins to one value, or an equality
    /// with a side of known congruence, refines the other side.
    fn assume_cong(&mut self, cx: &Ctx, e: &Expr) {
        if self.is_bottom() || cx.sem == IntSemantics::Math {
            return;
        }
        match e {
            Expr::And(xs) => xs.iter().for_each(|x| self.assume_cong(cx, x)),
            Expr::Not(a) => match &**a {
                Expr::Cmp { pred, bits, a, b } => self.assume_cmp(cx, pred.negated(), *bits, a, b),
                Expr::Or(xs) => xs.iter().for_each(|x| self.assume_cong(cx, &Expr::negate(x.clone()))),
                _ => {}
            },
            Expr::Cmp { pred, bits, a, b } => self.assume_cmp(cx, *pred, *bits, a, b),
            _ => {}
        }
    }

    fn assume_cmp(&mut self, cx: &Ctx, pred: CmpPred, bits: u32, a: &Expr, b: &Expr) {
        let (ca, cb) = (self.eval_cong(cx, a), self.eval_cong(cx, b));
        let k = ca.k.min(cb.k);
        let disagree = ca.coarsen(k) != cb.coarsen(k);
        let exact = |c: &Cong| c.k >= bits;
        match pred {
            CmpPred::Eq if disagree => return *self = Strided::bottom(),
            CmpPred::Ne if exact(&ca) && exact(&cb) && !disagree => return *self = Strided::bottom(),
            CmpPred::Eq => {
                self.refine(cx, a, cb);
                self.refine(cx, b, ca);
            }
            _ => {}
        }
        // a side pinned to one value by the comparison with a constant
        for (x, y, pred) in [(a, b, pred), (b, a, swapped(pred))] {
            let Some(c) = self.itv.eval(cx, y).as_point() else { continue };
            let range = self.itv.eval(cx, x);
            if let Some(p) = pinned(range, pred, c) {
                self.refine(cx, x, Cong::exact(p, bits));
            }
        }
    }
}

/// The box of `--domain strided-boxes`: a gap in a variable is a new case
/// of widening (`BoxDomain::GAPS_ARE_CASES`).
impl BoxDomain for Strided {
    const GAPS_ARE_CASES: bool = true;

    /// The variables whose interval or congruence differ, up to `limit`.
    fn differing(&self, o: &Strided, limit: usize) -> Vec<VarId> {
        let mut out = self.itv.differing(&o.itv, usize::MAX);
        let keys = self.cong.keys().chain(o.cong.keys());
        for v in keys {
            if self.cong(*v) != o.cong(*v) && !out.contains(v) {
                out.push(*v);
            }
        }
        out.sort_unstable();
        out.truncate(limit);
        out
    }

    /// Whether the union of `self` and `o`, which differ in `v` alone, is
    /// their join: the join's congruence is each one's (or one is a
    /// point), and the intervals overlap or leave no gap of the join's
    /// stride.
    fn unions_exactly(&self, o: &Strided, v: VarId) -> bool {
        let (x, y) = (self.get(v), o.get(v));
        let (cx, cy) = (self.cong(v), o.cong(v));
        let j = cx.join(&cy);
        let same = |i: &Itv, c: &Cong| i.as_point().is_some() || c.k == j.k;
        if !same(&x, &cx) || !same(&y, &cy) {
            return false;
        }
        let stride = if j.k == 0 { 1 } else { 1i128.checked_shl(j.k).unwrap_or(i128::MAX) };
        x.within_step(&y, stride)
    }

    /// Whether the Boolean `e` holds in every state, in none, or either.
    fn decide(&self, cx: &Ctx, e: &Expr) -> Option<bool> {
        if let Some(b) = self.itv.decide(cx, e) {
            return Some(b);
        }
        let mut t = self.clone();
        t.assume(cx, e);
        if t.is_bottom() {
            return Some(false);
        }
        let mut f = self.clone();
        f.assume(cx, &Expr::negate(e.clone()));
        f.is_bottom().then_some(true)
    }
}

/// The label `v ≡ a (mod 2^k)`: under `bv` the bit operation `v & (2^k -
/// 1) == a`; else the signed value `mod 2^k` (the check wants labels
/// without the fresh constants `lia` lowers a mask's `mod` with, and
/// raises `mod` by a numeral exactly).
fn congruence_label(cx: &Ctx, v: VarId, bits: u32, c: Cong) -> Expr {
    let var = Box::new(Expr::Var(v, Sort::Int { bits }));
    if cx.sem == IntSemantics::Bv {
        let int = |value: i128| Box::new(Expr::Int { value, bits });
        let low = Expr::Bin { op: BinOp::And, bits, nsw: false, nuw: false, a: var, b: int((1i128 << c.k) - 1) };
        return Expr::Cmp { pred: CmpPred::Eq, bits, a: Box::new(low), b: int(c.a as i128) };
    }
    let value = Expr::Value { signed: true, bits, a: var };
    let m = Expr::Arith { op: ArithOp::Mod, args: vec![value, Expr::Num(1i128 << c.k)] };
    Expr::Rel { rel: Rel::Eq, a: Box::new(m), b: Box::new(Expr::Num(c.a as i128)) }
}

/// `x`'s bounds moved to the nearest values of `c`'s class (empty where
/// none is left, or past `i128`).
fn tighten(x: Itv, c: Cong) -> Itv {
    if c.is_top() {
        return x;
    }
    match (x.lo.map(|l| c.above(l)), x.hi.map(|h| c.below(h))) {
        (Some(None), _) | (_, Some(None)) => Itv::EMPTY,
        (lo, hi) => Itv { lo: lo.flatten(), hi: hi.flatten() },
    }
}

/// `y ⋈ x` for `x ⋈ y`.
fn swapped(p: CmpPred) -> CmpPred {
    use CmpPred::*;
    match p {
        Slt => Sgt,
        Sle => Sge,
        Sgt => Slt,
        Sge => Sle,
        Ult => Ugt,
        Ule => Uge,
        Ugt => Ult,
        Uge => Ule,
        p => p,
    }
}

/// The one value of `x ∈ range` with `x ⋈ c`, if one (nonnegative ranges and
/// constants for the unsigned predicates, where they read as the signed).
fn pinned(range: Itv, pred: CmpPred, c: i128) -> Option<i128> {
    use CmpPred::*;
    let (lo, hi) = (range.lo?, range.hi?);
    if matches!(pred, Ult | Ule | Ugt | Uge) && (lo < 0 || c < 0) {
        return None;
    }
    let kept = match pred {
        Eq => Itv::point(c),
        Ne if lo == c => Itv::new(lo + 1, hi),
        Ne if hi == c => Itv::new(lo, hi - 1),
        Ne => return None,
        Slt | Ult => Itv { lo: Some(lo), hi: c.checked_sub(1) },
        Sle | Ule => Itv::new(lo, c),
        Sgt | Ugt => Itv { lo: c.checked_add(1), hi: Some(hi) },
        Sge | Uge => Itv::new(c, hi),
    };
    range.meet(&kept).as_point()
}

impl Domain for Strided {
    const NAME: &'static str = "strided";
    const BITS: bool = true;
    fn top() -> Self {
        Strided { itv: Intervals::top(), cong: BTreeMap::new() }
    }
    fn bottom() -> Self {
        Strided { itv: Intervals::bottom(), cong: BTreeMap::new() }
    }
    fn is_bottom(&self) -> bool {
        self.itv.is_bottom()
    }
    fn leq(&self, o: &Self) -> bool {
        self.is_bottom()
            || (self.itv.leq(&o.itv)
                && o.cong.iter().all(|(v, c)| match self.get(*v).as_point() {
                    Some(p) => c.contains(p),
                    None => self.cong(*v).leq(c),
                }))
    }
    fn join(&self, o: &Self) -> Self {
        if self.is_bottom() {
            return o.clone();
        }
        if o.is_bottom() {
            return self.clone();
        }
        let mut cong = BTreeMap::new();
        for (v, c) in &self.cong {
            if let Some(d) = o.cong.get(v) {
                let j = c.join(d);
                if !j.is_top() {
                    cong.insert(*v, j);
                }
            }
        }
        Strided { itv: self.itv.join(&o.itv), cong }
    }
    fn meet(&self, o: &Self) -> Self {
        if self.is_bottom() || o.is_bottom() {
            return Strided::bottom();
        }
        let mut r = Strided { itv: self.itv.meet(&o.itv), cong: self.cong.clone() };
        for (v, c) in &o.cong {
            match r.cong(*v).meet(c) {
                Some(m) => {
                    r.cong.insert(*v, m);
                }
                None => return Strided::bottom(),
            }
        }
        r.reduce_all();
        r
    }
    fn widen_with(&self, next: &Self, t: &Thresholds) -> Self {
        if self.is_bottom() {
            return next.clone();
        }
        let j = self.join(next);
        let mut r = Strided { itv: self.itv.widen_with(&next.itv, t), cong: j.cong };
        r.reduce_all();
        r
    }
    fn narrow(&self, next: &Self) -> Self {
        if self.is_bottom() || next.is_bottom() {
            return next.clone();
        }
        let mut r = Strided { itv: self.itv.narrow(&next.itv), cong: self.cong.clone() };
        r.reduce_all();
        r
    }
    fn assign_parallel(&mut self, cx: &Ctx, xs: &[(VarId, Expr)]) {
        if self.is_bottom() {
            return;
        }
        let congs: Vec<Cong> = xs.iter().map(|(_, e)| self.eval_cong(cx, e)).collect();
        self.itv.assign_parallel(cx, xs);
        for ((v, _), c) in xs.iter().zip(congs) {
            self.cong.remove(v);
            let x = self.get(*v);
            self.set(cx, *v, x, c);
        }
    }
    fn assume(&mut self, cx: &Ctx, e: &Expr) {
        if self.is_bottom() {
            return;
        }
        self.itv.assume(cx, e);
        self.assume_cong(cx, e);
        self.reduce_all_with(cx);
    }
    fn forget(&mut self, v: VarId) {
        self.itv.forget(v);
        self.cong.remove(&v);
    }
    fn havoc(&mut self, cx: &Ctx, v: VarId) {
        self.itv.havoc(cx, v);
        self.cong.remove(&v);
    }
    fn restrict(&mut self, keep: &[VarId]) {
        self.itv.restrict(keep);
        self.cong.retain(|v, _| keep.contains(v));
    }
    fn in_range(&mut self, cx: &Ctx, vars: &[VarId]) {
        self.itv.in_range(cx, vars);
        self.reduce_all_with(cx);
    }
    fn to_expr(&self, cx: &Ctx, vars: &[VarId]) -> Expr {
        let base = self.itv.to_expr(cx, vars);
        if self.is_bottom() {
            return base;
        }
        let mut cs = match base {
            Expr::Bool(true) => Vec::new(),
            Expr::And(xs) => xs,
            x => vec![x],
        };
        for v in vars {
            let c = self.cong(*v);
            let Sort::Int { bits } = (cx.sort)(*v) else { continue };
            if c.is_top() || self.get(*v).as_point().is_some() || c.k >= bits {
                continue;
            }
            cs.push(congruence_label(cx, *v, bits, c));
        }
        match cs.len() {
            0 => Expr::Bool(true),
            1 => cs.pop().unwrap_or(Expr::Bool(true)),
            _ => Expr::And(cs),
        }
    }
}

impl Strided {
    /// Reduces every variable with a congruence (no sorts at hand: the
    /// bounds only; a point is left to the next [`Strided::set`]).
    fn reduce_all(&mut self) {
        if self.is_bottom() {
            return;
        }
        let vars: Vec<(VarId, Cong)> = self.cong.iter().map(|(v, c)| (*v, *c)).collect();
        for (v, c) in vars {
            let x = self.get(v);
            if let Some(p) = x.as_point() {
                if !c.contains(p) {
                    return *self = Strided::bottom();
                }
                continue;
            }
            let y = tighten(x, c);
            if y.is_empty() {
                return *self = Strided::bottom();
            }
            self.itv.set(v, y);
        }
    }

    /// [`Strided::reduce_all`] with the sorts: also points made exact.
    fn reduce_all_with(&mut self, cx: &Ctx) {
        if self.is_bottom() {
            return;
        }
        let vars: Vec<VarId> = self.cong.keys().copied().chain(self.itv.constrained()).collect();
        for v in vars {
            let (x, c) = (self.get(v), self.cong(v));
            self.set(cx, v, x, c);
            if self.is_bottom() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: Sort = Sort::Int { bits: 32 };

    fn var(v: u32) -> Box<Expr> {
        Box::new(Expr::Var(VarId(v), W))
    }
    fn int(c: i128) -> Box<Expr> {
        Box::new(Expr::Int { value: c, bits: 32 })
    }
    fn bin(op: BinOp, a: Box<Expr>, b: Box<Expr>) -> Box<Expr> {
        Box::new(Expr::Bin { op, bits: 32, nsw: false, nuw: false, a, b })
    }

    #[test]
    fn a_loop_that_steps_by_two_keeps_its_parity_and_the_bound_moves_to_it() {
        let sort = |_: VarId| W;
        let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
        let x = VarId(0);
        let mut d = Strided::top();
        d.assign(&cx, x, &Expr::Int { value: 65522, bits: 32 });
        let mut next = d.clone();
        next.assign(&cx, x, &bin(BinOp::Add, var(0), int(2)));
        let j = d.join(&next);
        assert_eq!((j.get(x), j.cong(x)), (Itv::new(65522, 65524), Cong::new(1, 0)));
        let w = j.widen_with(&j.join(&next), &Thresholds::new(vec![268435455]));
        assert_eq!(w.cong(x), Cong::new(1, 0));
        // x & 1 != 0 contradicts x even
        let mut e = w.clone();
        let odd = Expr::Cmp { pred: CmpPred::Ne, bits: 32, a: bin(BinOp::And, var(0), int(1)), b: int(0) };
        e.assume(&cx, &odd);
        assert!(e.is_bottom(), "{e:?}");
        // and x & 1 != 0 on an unknown x makes it odd, bounds moved to odd values
        let mut o = Strided::top();
        o.set(&cx, x, Itv::new(0, 10), Cong::TOP);
        o.assume(&cx, &odd);
        assert_eq!((o.get(x), o.cong(x)), (Itv::new(1, 9), Cong::new(1, 1)));
    }

    #[test]
    fn the_label_states_the_congruence_and_all_known_bits_are_a_point() {
        let sort = |_: VarId| W;
        let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
        let mut d = Strided::top();
        d.set(&cx, VarId(0), Itv::new(0, 100), Cong::new(1, 0));
        let e = d.to_expr(&cx, &[VarId(0)]);
        assert!(format!("{e:?}").contains("Mod"), "{e:?}");
        d.set(&cx, VarId(1), Itv::TOP, Cong::exact(-3, 32));
        assert_eq!(d.get(VarId(1)), Itv::point(-3));
        // a point outside the congruence is bottom
        d.set(&cx, VarId(2), Itv::point(3), Cong::new(1, 0));
        assert!(d.is_bottom());
    }
}
