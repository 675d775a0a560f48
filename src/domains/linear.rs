//! Linear expressions of the program model (issue 47): the exact linear
//! form `c + Σ kᵢ·xᵢ` over mathematical integers of an expression whose
//! value cannot wrap around in a given state, which the relational domains
//! (`octagon`, `polyhedra`) transfer exactly; the rest they hand to the
//! interval domain.
//!
//! Invariant: where [`linear`] gives `l` for `e` in a state `itv`, every
//! concrete state in `itv` gives `e` the value `l` has there under the
//! context's integer semantics (`ir::eval`, the lowering's `wrap_small`),
//! read as the signed value of its type (`Expr::Value`).

use super::interval::{int_range, Intervals, Itv};
use super::Ctx;
use crate::ir::IntSemantics;
use crate::ir::{ArithOp, BinOp, CastOp, CmpPred, Expr, Rel, Sort, VarId};
use std::collections::BTreeMap;

/// An assignment of a parallel one: its target, the value's linear part and
/// the interval of the rest (if it has one), the value's interval.
pub(crate) type Plan = (VarId, Option<(Lin, Itv)>, Itv);

/// A linear expression `c + Σ kᵢ·xᵢ` over mathematical integers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Lin {
    pub(crate) c: i128,
    pub(crate) terms: BTreeMap<VarId, i128>,
}

impl Lin {
    pub(crate) fn constant(c: i128) -> Lin {
        Lin { c, terms: BTreeMap::new() }
    }
    pub(crate) fn var(v: VarId) -> Lin {
        Lin { c: 0, terms: BTreeMap::from([(v, 1)]) }
    }
    pub(crate) fn plus(mut self, o: &Lin, k: i128) -> Option<Lin> {
        self.c = self.c.checked_add(o.c.checked_mul(k)?)?;
        for (v, a) in &o.terms {
            let e = self.terms.entry(*v).or_insert(0);
            *e = e.checked_add(a.checked_mul(k)?)?;
        }
        self.terms.retain(|_, a| *a != 0);
        Some(self)
    }
    pub(crate) fn scaled(self, k: i128) -> Option<Lin> {
        Lin::constant(0).plus(&self, k)
    }
    pub(crate) fn minus(&self, o: &Lin) -> Option<Lin> {
        self.clone().plus(o, -1)
    }
    /// The coefficient of `v` (0 if it does not occur).
    pub(crate) fn coeff(&self, v: VarId) -> i128 {
        self.terms.get(&v).copied().unwrap_or(0)
    }
    pub(crate) fn vars(&self) -> impl Iterator<Item = VarId> + '_ {
        self.terms.keys().copied()
    }
    /// As a mathematical expression, each variable of the sort `sort` gives.
    pub(crate) fn to_expr(&self, sort: &dyn Fn(VarId) -> Sort) -> Expr {
        let mut args: Vec<Expr> = self
            .terms
            .iter()
            .map(|(v, a)| match a {
                1 => Expr::Var(*v, sort(*v)),
                a => Expr::Arith { op: ArithOp::Mul, args: vec![Expr::Num(*a), Expr::Var(*v, sort(*v))] },
            })
            .collect();
        if self.c != 0 || args.is_empty() {
            args.push(Expr::Num(self.c));
        }
        match args.len() {
            1 => args.pop().unwrap_or(Expr::Num(0)),
            _ => Expr::Arith { op: ArithOp::Add, args },
        }
    }
    /// Its terms if octagonal: at most two, each `±1`.
    pub(crate) fn octagonal(&self) -> Option<Vec<(VarId, i128)>> {
        let ts: Vec<(VarId, i128)> = self.terms.iter().map(|(v, a)| (*v, *a)).collect();
        (ts.len() <= 2 && ts.iter().all(|(_, a)| a.abs() == 1)).then_some(ts)
    }
}

/// `e` as an exact linear expression over the state's values (no
/// wrap-around possible in the state `itv`), if it is one.
pub(crate) fn linear(cx: &Ctx, itv: &Intervals, e: &Expr) -> Option<Lin> {
    let math = cx.sem == IntSemantics::Math;
    // a value within the type's range: what every view of it reads
    let fits = |l: &Lin, bits: u32| math || range_of(itv, l).leq(&int_range(bits));
    match e {
        Expr::Var(v, Sort::Int { .. }) => Some(Lin::var(*v)),
        Expr::Int { value, .. } => Some(Lin::constant(*value)),
        Expr::Num(c) => Some(Lin::constant(*c)),
        Expr::Value { signed, bits, a } => {
            let l = linear(cx, itv, a)?;
            // (a signed value under `lia` is the integer itself, `ir::eval`:
            // an `nsw` sum out of the type's range too)
            if *signed && cx.sem != IntSemantics::Bv {
                return Some(l);
            }
            let nonneg = range_of(itv, &l).lo.is_some_and(|lo| lo >= 0);
            ((*signed || nonneg) && fits(&l, *bits)).then_some(l)
        }
        Expr::Cast { op, from, to, a } => {
            let l = linear(cx, itv, a)?;
            let ok = match op {
                CastOp::Sext => fits(&l, *from),
                CastOp::Zext => fits(&l, *from) && range_of(itv, &l).lo.is_some_and(|lo| lo >= 0),
                CastOp::Trunc => fits(&l, *to),
            };
            ok.then_some(l)
        }
        Expr::Bin { op: op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl), bits, nsw, a, b, .. } => {
            let (x, y) = (linear(cx, itv, a)?, linear(cx, itv, b)?);
            let r = match op {
                BinOp::Add => x.clone().plus(&y, 1)?,
                BinOp::Sub => x.clone().plus(&y, -1)?,
                // `x << c`, a constant `c` below the width: `x·2^c` (what
                // the optimizer makes of `2 * n`), exact as a product is
                BinOp::Shl => match (y.terms.is_empty(), u32::try_from(y.c)) {
                    (true, Ok(c)) if c < (*bits).min(126) => x.clone().scaled(1i128 << c)?,
                    _ => return None,
                },
                _ => match (x.terms.is_empty(), y.terms.is_empty()) {
                    (true, _) => y.clone().scaled(x.c)?,
                    (_, true) => x.clone().scaled(y.c)?,
                    _ => return None,
                },
            };
            // (`nsw` under `lia` is the exact sum; else the lowering wraps
            // a result out of range, `wrap_small`, and bit-vectors wrap)
            let exact = math || (cx.sem == IntSemantics::Lia && *nsw) || fits(&r, *bits);
            exact.then_some(r)
        }
        Expr::Arith { op, args } => match (op, args.as_slice()) {
            (ArithOp::Add, xs) => xs.iter().try_fold(Lin::constant(0), |acc, x| acc.plus(&linear(cx, itv, x)?, 1)),
            (ArithOp::Sub, [a, b]) => linear(cx, itv, a)?.plus(&linear(cx, itv, b)?, -1),
            (ArithOp::Neg, [a]) => linear(cx, itv, a)?.scaled(-1),
            // (a polyhedron's constraint `k·x`, `Polyhedra::to_expr`)
            (ArithOp::Mul, xs) => {
                let ls: Vec<Lin> = xs.iter().map(|x| linear(cx, itv, x)).collect::<Option<_>>()?;
                let (vars, consts): (Vec<Lin>, Vec<Lin>) = ls.into_iter().partition(|l| !l.terms.is_empty());
                let k = consts.iter().try_fold(1i128, |k, l| k.checked_mul(l.c))?;
                match vars.as_slice() {
                    [] => Some(Lin::constant(k)),
                    [l] => l.clone().scaled(k),
                    _ => None,
                }
            }
            _ => None,
        },
        _ => None,
    }
}

/// `e` as an exact linear expression plus a value within an interval:
/// [`linear`]'s, or a sum or difference of one and an
/// expression that is not (its interval), without wrap-around.
pub(crate) fn affine(cx: &Ctx, itv: &Intervals, e: &Expr) -> Option<(Lin, Itv)> {
    if let Some(l) = linear(cx, itv, e) {
        return Some((l, Itv::point(0)));
    }
    let Expr::Bin { op: op @ (BinOp::Add | BinOp::Sub), bits, nsw, a, b, .. } = e else { return None };
    let (l, rest) = match (linear(cx, itv, a), linear(cx, itv, b), op) {
        (Some(l), None, BinOp::Add) => (l, itv.eval(cx, b)),
        (Some(l), None, _) => (l, itv.eval(cx, b).neg()),
        (None, Some(l), BinOp::Add) => (l, itv.eval(cx, a)),
        _ => return None,
    };
    let math = cx.sem == IntSemantics::Math;
    let exact = math || (cx.sem == IntSemantics::Lia && *nsw) || range_of(itv, &l).add(&rest).leq(&int_range(*bits));
    exact.then_some((l, rest))
}

/// The comparison `pred` as a relation on values, and whether it reads
/// them signed (`None`: `!=`, which no convex element says).
pub(crate) fn relation(pred: CmpPred) -> Option<(bool, Rel)> {
    Some(match pred {
        CmpPred::Eq => (true, Rel::Eq),
        CmpPred::Ne => return None,
        CmpPred::Slt => (true, Rel::Lt),
        CmpPred::Sle => (true, Rel::Le),
        CmpPred::Sgt => (true, Rel::Gt),
        CmpPred::Sge => (true, Rel::Ge),
        CmpPred::Ult => (false, Rel::Lt),
        CmpPred::Ule => (false, Rel::Le),
        CmpPred::Ugt => (false, Rel::Gt),
        CmpPred::Uge => (false, Rel::Ge),
    })
}

/// The range of `l`'s values in the state `itv`.
pub(crate) fn range_of(itv: &Intervals, l: &Lin) -> Itv {
    let mut r = Itv::point(l.c);
    for (v, a) in &l.terms {
        r = r.add(&itv.get(*v).mul(&Itv::point(*a)));
    }
    r
}

/// The value of `v` as a mathematical integer (its signed value).
pub(crate) fn value(cx: &Ctx, v: VarId) -> Option<Expr> {
    match (cx.sort)(v) {
        sort @ Sort::Int { bits } => Some(Expr::Value { signed: true, bits, a: Box::new(Expr::Var(v, sort)) }),
        _ => None,
    }
}

/// Calls `f` on each comparison of the conjunction `e` (through `&&`,
/// `!`, `!(a || b)`) as a relation on values: whether it reads them
/// signed, the relation, its sides (a relational domain's `assume`).
pub(crate) fn comparisons(e: &Expr, f: &mut dyn FnMut(bool, Rel, &Expr, &Expr)) {
    match e {
        Expr::And(xs) => {
            for x in xs {
                comparisons(x, f);
            }
        }
        Expr::Not(a) => match &**a {
            Expr::Not(b) => comparisons(b, f),
            Expr::Or(xs) => {
                for x in xs {
                    comparisons(&Expr::negate(x.clone()), f);
                }
            }
            Expr::Cmp { pred, a, b, .. } => {
                if let Some((signed, rel)) = relation(pred.negated()) {
                    f(signed, rel, a, b);
                }
            }
            _ => {}
        },
        Expr::Cmp { pred, a, b, .. } => {
            if let Some((signed, rel)) = relation(*pred) {
                f(signed, rel, a, b);
            }
        }
        Expr::Rel { rel, a, b } => f(true, *rel, a, b),
        _ => {}
    }
}

/// The constraints `l ≤ 0` that `a rel b` is, where both sides are exact
/// linear expressions whose values the comparison reads (signed, or
/// unsigned where neither is negative: `smt::lower`'s `cmp`); `None` if
/// it is not such a comparison.
pub(crate) fn comparison(cx: &Ctx, itv: &Intervals, signed: bool, rel: Rel, a: &Expr, b: &Expr) -> Option<Vec<Lin>> {
    let (x, y) = (linear(cx, itv, a)?, linear(cx, itv, b)?);
    let nonneg = |l: &Lin| range_of(itv, l).lo.is_some_and(|lo| lo >= 0);
    if !(signed || nonneg(&x) && nonneg(&y)) {
        return None;
    }
    let d = x.plus(&y, -1)?;
    // d ≤ 0, d < 0 (d + 1 ≤ 0), d ≥ 0 (−d ≤ 0), d > 0 (1 − d ≤ 0), d = 0 (both)
    let forms: &[(i128, i128)] = match rel {
        Rel::Le => &[(1, 0)],
        Rel::Lt => &[(1, 1)],
        Rel::Ge => &[(-1, 0)],
        Rel::Gt => &[(-1, 1)],
        Rel::Eq => &[(1, 0), (-1, 0)],
    };
    forms.iter().map(|(k, c)| d.clone().scaled(*k)?.plus(&Lin::constant(*c), 1)).collect()
}
