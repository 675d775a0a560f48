//! Explicit values with a join: the flat lattice of values per variable
//! (constant propagation), the explicit-value domain of
//! papers/explicit-value-cegar-interpolation.txt §III-A as a [`Domain`], so
//! that UFO can use it as its POST (`--post explicit`, `post::domain`).
//!
//! An element is an abstract variable assignment (`domains::explicit`) or
//! `⊥`. The paper's analysis has no join (§III: one state per path, merged
//! never, with a precision that keeps the number of paths finite); UFO's
//! DAG joins at every location, so here the join keeps the variables both
//! sides define with the same value (the flat lattice `⊥ ⊑ c ⊑ ⊤` per
//! variable). That lattice has height two per variable, so the join is
//! also the widening and every ascending chain is finite: no precision is
//! needed for termination, and the domain tracks every variable it can
//! evaluate (the precision of the paper lives in the ARG engine,
//! `engines::explicit`).
//!
//! - Transfer: `explicit::common_value` (the one reference evaluator,
//!   `ir::eval`, under the run's semantics; a `select` of an unknown
//!   condition whose arms agree has their value) for assignments; an
//!   unknown or arbitrary value forgets the variable (no splitting: one
//!   element).
//! - `assume c`: `⊥` where `c` evaluates to `false`; where it does not
//!   evaluate, the facts it states of single variables (`x == k`, `k == x`,
//!   of bit patterns or of their signed values, a Boolean variable or its
//!   negation, through conjunctions) define them, which is how a label
//!   (`smt::raise`d) becomes an element.
//! - Values are in their sorts' ranges (the evaluator's results are), so
//!   `in_range` has nothing to do.
//!
//! Soundness (`domains::soundness` checks it against concrete execution):
//! every concrete state that agrees with an element on its variables is
//! kept by `assume` where the condition holds there, and its successors by
//! a body agree with the transferred element.

use super::explicit::{common_value, value, Assignment};
use super::{Ctx, Domain, Thresholds};
use crate::ir::eval::{self, Val};
use crate::ir::{CmpPred, Expr, Rel, Sort, VarId};

/// An abstract variable assignment, or `⊥` (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constants(Option<Assignment>);

impl Constants {
    /// The element of one assignment.
    pub fn of(a: Assignment) -> Constants {
        Constants(Some(a))
    }

    /// Its assignment (`None`: `⊥`).
    pub fn assignment(&self) -> Option<&Assignment> {
        self.0.as_ref()
    }

    /// Defines `v` as `x` where `x` fits its sort (a value out of range,
    /// which an `nsw` result may leave until an edge leaves the location, is
    /// not tracked: the fact is dropped); `⊥` where the element already
    /// gives `v` another value.
    fn define(&mut self, cx: &Ctx, v: VarId, x: Val) {
        let Some(a) = self.0.as_mut() else { return };
        if !eval::fits(x, (cx.sort)(v), cx.sem) {
            return;
        }
        match a.get(v) {
            Some(y) if y != x => self.0 = None,
            _ => a.set(v, x),
        }
    }

    /// Defines `v` as the value of `k` where it has one.
    fn define_as(&mut self, cx: &Ctx, v: VarId, k: &Expr) {
        if let Some(x) = self.0.as_ref().and_then(|s| value(k, s, cx.sem)) {
            self.define(cx, v, x);
        }
    }

    /// What `c` (assumed to hold) states of single variables.
    fn learn(&mut self, cx: &Ctx, c: &Expr) {
        match c {
            Expr::And(xs) => xs.iter().for_each(|x| self.learn(cx, x)),
            Expr::Var(v, Sort::Bool) => self.define(cx, *v, Val::Bool(true)),
            Expr::Not(x) => {
                if let Expr::Var(v, Sort::Bool) = x.as_ref() {
                    self.define(cx, *v, Val::Bool(false))
                }
            }
            Expr::Cmp { pred: CmpPred::Eq, a, b, .. } | Expr::Rel { rel: Rel::Eq, a, b } => {
                // (`x == y` defines whichever of the two the other's value
                // gives)
                if let Some(v) = variable(a) {
                    self.define_as(cx, v, b);
                }
                if let Some(v) = variable(b) {
                    self.define_as(cx, v, a);
                }
            }
            _ => {}
        }
    }
}

/// The variable `e` is, as a bit pattern or as the signed value of one (a
/// raised label's `x == k` is a `Rel` of the latter; an integer is kept as
/// its signed value).
fn variable(e: &Expr) -> Option<VarId> {
    match e {
        Expr::Var(v, _) => Some(*v),
        Expr::Value { signed: true, bits, a } => match a.as_ref() {
            Expr::Var(v, Sort::Int { bits: b }) if b == bits => Some(*v),
            _ => None,
        },
        _ => None,
    }
}

impl Domain for Constants {
    const NAME: &'static str = "explicit";

    fn top() -> Self {
        Constants(Some(Assignment::new()))
    }

    fn bottom() -> Self {
        Constants(None)
    }

    fn is_bottom(&self) -> bool {
        self.0.is_none()
    }

    fn leq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a.implies(b),
        }
    }

    fn join(&self, other: &Self) -> Self {
        match (&self.0, &other.0) {
            (None, _) => other.clone(),
            (_, None) => self.clone(),
            (Some(a), Some(b)) => Constants(Some(a.restrict(|v| a.get(v) == b.get(v)))),
        }
    }

    fn meet(&self, other: &Self) -> Self {
        let (Some(a), Some(b)) = (&self.0, &other.0) else { return Constants(None) };
        let mut m = a.clone();
        for (v, x) in b.values() {
            match m.get(v) {
                Some(y) if y != x => return Constants(None),
                _ => m.set(v, x),
            }
        }
        Constants(Some(m))
    }

    /// The join: the lattice has height two per variable.
    fn widen_with(&self, next: &Self, _: &Thresholds) -> Self {
        self.join(next)
    }

    fn narrow(&self, next: &Self) -> Self {
        next.clone()
    }

    fn assign_parallel(&mut self, cx: &Ctx, xs: &[(VarId, Expr)]) {
        let Some(a) = self.0.as_mut() else { return };
        let vals: Vec<(VarId, Option<Val>)> = xs
            .iter()
            .map(|(v, e)| (*v, common_value(e, a, cx.sem).filter(|x| eval::fits(*x, (cx.sort)(*v), cx.sem))))
            .collect();
        for (v, x) in vals {
            match x {
                Some(x) => a.set(v, x),
                None => a.forget(v),
            }
        }
    }

    fn assume(&mut self, cx: &Ctx, e: &Expr) {
        let Some(a) = self.0.as_ref() else { return };
        match value(e, a, cx.sem) {
            Some(Val::Bool(false)) => self.0 = None,
            Some(_) => {}
            None => self.learn(cx, e),
        }
    }

    fn forget(&mut self, v: VarId) {
        if let Some(a) = self.0.as_mut() {
            a.forget(v);
        }
    }

    fn havoc(&mut self, _: &Ctx, v: VarId) {
        self.forget(v);
    }

    fn restrict(&mut self, keep: &[VarId]) {
        if let Some(a) = self.0.as_mut() {
            *a = a.restrict(|v| keep.contains(&v));
        }
    }

    fn in_range(&mut self, _: &Ctx, _: &[VarId]) {}

    fn to_expr(&self, cx: &Ctx, vars: &[VarId]) -> Expr {
        match &self.0 {
            None => Expr::Bool(false),
            Some(a) => a.to_expr(cx.sort, |v| vars.contains(&v)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{lit, v as int};
    use crate::ir::{BinOp, IntSemantics, Stmt};

    fn eq(a: Expr, b: Expr) -> Expr {
        Expr::Cmp { pred: CmpPred::Eq, bits: 32, a: Box::new(a), b: Box::new(b) }
    }

    /// A label's facts of single variables become values; the join keeps
    /// what both agree on; an assumption against a value is `⊥`; a loop
    /// counter's chain `i = 0 ⊔ i = 1` stops at once.
    #[test]
    fn labels_become_values_and_the_join_keeps_what_agrees() {
        let sort = |_: VarId| Sort::Int { bits: 32 };
        let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
        let mut d = Constants::top();
        d.assume(&cx, &Expr::And(vec![eq(int(0), lit(3)), eq(lit(5), int(1)), eq(int(2), int(0))]));
        // (`x == y` the other way round: the known side defines the other)
        d.assume(&cx, &eq(int(1), int(6)));
        assert_eq!(d.assignment().and_then(|a| a.get(VarId(6))), Some(Val::Int(5)));
        d.forget(VarId(6));
        let a = d.assignment().expect("not bottom");
        assert_eq!(
            (a.get(VarId(0)), a.get(VarId(1)), a.get(VarId(2))),
            (Some(Val::Int(3)), Some(Val::Int(5)), Some(Val::Int(3)))
        );
        let inc =
            Expr::Bin { op: BinOp::Add, bits: 32, nsw: true, nuw: false, a: Box::new(int(0)), b: Box::new(lit(1)) };
        let mut e = d.clone();
        e.body(&cx, &[Stmt::Assign(VarId(0), inc)]);
        let j = d.join(&e);
        let ja = j.assignment().expect("not bottom");
        assert_eq!((ja.get(VarId(0)), ja.get(VarId(1))), (None, Some(Val::Int(5))));
        assert!(d.leq(&j) && e.leq(&j) && j.widen(&d) == j);
        let mut f = d.clone();
        f.assume(&cx, &eq(int(1), lit(4)));
        assert!(f.is_bottom());
        // an assumption it cannot evaluate and that states no value holds
        let mut g = d.clone();
        g.assume(&cx, &Expr::Cmp { pred: CmpPred::Slt, bits: 32, a: Box::new(int(7)), b: Box::new(lit(0)) });
        assert_eq!(g, d);
    }
}
