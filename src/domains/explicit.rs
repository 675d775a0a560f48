//! Explicit values: abstract variable assignments
//! (papers/explicit-value-cegar-interpolation.txt §III-A; issue 45), a
//! partial map from variables to values. A variable the map does not define
//! may hold any value (the paper's `⊤`); a contradiction (`⊥`) is no
//! assignment at all (nothing from [`post`]: the path is infeasible).
//!
//! - [`post`] is the strongest post-condition `SP_op(v)` of an edge body on
//!   an assignment (a few assignments where a `select` of an unknown
//!   condition chooses between known values), by concrete evaluation with the program model's one
//!   reference evaluator (`ir::eval`, under the run's integer semantics): an
//!   assignment whose operands are known gets its value, any other (a havoc,
//!   an operand not tracked, a value the model leaves arbitrary, a memory
//!   cell) makes its variable undefined; an assumption that evaluates to
//!   `false` contradicts, one that cannot be evaluated holds (§III-A:
//!   "an assume on untracked variables is true").
//! - [`Assignment::restrict`] is the precision adjustment `prec(v, π) = v|π`
//!   (§III-A, "explicit-value abstraction"); there is no join (§III: the
//!   analysis keeps one state per path and merges nothing).
//! - [`Assignment::implies`] is the paper's implication `v ⇒ v'`: `v'` is
//!   defined on fewer variables, with the same values there (a state is
//!   covered by an equal or less-defined one).
//!
//! Soundness (what `domains` asks of every transfer): for every concrete
//! state that agrees with `v` on its variables, each successor by the body
//! under `ir::eval` agrees with one of `post(v)` on its variables; a body
//! whose `post` is empty has no successor from such a state. Values the model
//! excludes (`nsw` overflow under `lia`, `NoValue::Excluded`) are treated as
//! unknown, not as a contradiction: the model keeps such a value until an
//! edge leaves the location, so forgetting it over-approximates.
//!
//! No Z3 here (as every domain).

use crate::ir::eval::{self, Val};
use crate::ir::{CmpPred, Expr, IntSemantics, Sort, Stmt, VarId};
use std::collections::BTreeMap;

/// An abstract variable assignment: the variables it defines, with their
/// values (Booleans, and integers as `ir::eval` gives them: the signed value
/// of their bits).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment(BTreeMap<VarId, Val>);

impl Assignment {
    /// The assignment that defines nothing (`v_0 = {}`).
    pub fn new() -> Assignment {
        Assignment(BTreeMap::new())
    }

    pub fn get(&self, v: VarId) -> Option<Val> {
        self.0.get(&v).copied()
    }

    pub fn set(&mut self, v: VarId, x: Val) {
        self.0.insert(v, x);
    }

    pub fn forget(&mut self, v: VarId) {
        self.0.remove(&v);
    }

    /// Its definition range `def(v)`, in order.
    pub fn vars(&self) -> impl Iterator<Item = VarId> + '_ {
        self.0.keys().copied()
    }

    pub fn values(&self) -> impl Iterator<Item = (VarId, Val)> + '_ {
        self.0.iter().map(|(v, x)| (*v, *x))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `v|π`: only the variables `keep` accepts.
    pub fn restrict(&self, keep: impl Fn(VarId) -> bool) -> Assignment {
        Assignment(self.0.iter().filter(|(v, _)| keep(**v)).map(|(v, x)| (*v, *x)).collect())
    }

    /// `self ⇒ other`: `other` defines only variables `self` defines, with
    /// the same values.
    pub fn implies(&self, other: &Assignment) -> bool {
        other.0.len() <= self.0.len() && other.0.iter().all(|(v, x)| self.0.get(v) == Some(x))
    }

    /// The assignment as a formula of the program model: the conjunction of
    /// `x == value` over its variables that `keep` accepts (a certificate's
    /// label: `true` for the empty assignment).
    pub fn to_expr(&self, sort: &dyn Fn(VarId) -> Sort, keep: impl Fn(VarId) -> bool) -> Expr {
        let conj: Vec<Expr> = self
            .0
            .iter()
            .filter(|(v, _)| keep(**v))
            .filter_map(|(v, x)| {
                let var = Expr::Var(*v, sort(*v));
                match (sort(*v), x) {
                    (Sort::Bool, Val::Bool(true)) => Some(var),
                    (Sort::Bool, Val::Bool(false)) => Some(Expr::negate(var)),
                    (Sort::Int { bits }, Val::Int(c)) => Some(Expr::Cmp {
                        pred: CmpPred::Eq,
                        bits,
                        a: Box::new(var),
                        b: Box::new(Expr::Int { value: *c, bits }),
                    }),
                    _ => None,
                }
            })
            .collect();
        Expr::And(conj)
    }
}

/// The variables some assignment of `set` defines, sorted, each once.
pub fn defined(set: &[Assignment]) -> Vec<VarId> {
    let mut vars: Vec<VarId> = set.iter().flat_map(|a| a.0.keys().copied()).collect();
    vars.sort();
    vars.dedup();
    vars
}

/// The value of `e` where `a` defines what it needs; `None` where it does
/// not, or the model gives it no single value.
pub fn value(e: &Expr, a: &Assignment, sem: IntSemantics) -> Option<Val> {
    // (an excluded, arbitrary or unsupported value is no value it knows)
    eval::expr(e, &|w| a.get(w), sem).ok()
}

/// The one value `e` may take where `a` defines what it needs: its value,
/// or an `ite` of an unknown condition whose arms agree (the join of the
/// split [`post`] makes).
pub fn common_value(e: &Expr, a: &Assignment, sem: IntSemantics) -> Option<Val> {
    match choices(e, a, sem)?.as_slice() {
        [x] => Some(*x),
        _ => None,
    }
}

/// Successor assignments one body may split into (an `ite` of an unknown
/// condition between known values: one successor per value).
pub const MAX_SPLIT: usize = 8;

/// The values `e` may take where `a` defines what it needs: its value where
/// it evaluates; for an `ite` whose condition does not, the values of both
/// arms (at most [`MAX_SPLIT`]); `None` where that is not known.
fn choices(e: &Expr, a: &Assignment, sem: IntSemantics) -> Option<Vec<Val>> {
    if let Some(x) = value(e, a, sem) {
        return Some(vec![x]);
    }
    let Expr::Ite(c, t, f) = e else { return None };
    match value(c, a, sem) {
        Some(Val::Bool(true)) => choices(t, a, sem),
        Some(Val::Bool(false)) => choices(f, a, sem),
        _ => {
            let mut xs = choices(t, a, sem)?;
            for y in choices(f, a, sem)? {
                if !xs.contains(&y) {
                    xs.push(y);
                }
            }
            (xs.len() <= MAX_SPLIT).then_some(xs)
        }
    }
}

/// `SP_body(a)`: the assignments after an edge body, none if it contradicts
/// (an assumption evaluates to `false`). One, but where an assignment's
/// value is an `ite` of an unknown condition between known values (a C
/// `?:`, LLVM's `select`): then one per value, as if the two arms were
/// branches (CPAchecker's control-flow automata make them branches), at most
/// [`MAX_SPLIT`] in all; past that the variable is forgotten.
pub fn post(body: &[Stmt], a: &Assignment, sem: IntSemantics, sort: &dyn Fn(VarId) -> Sort) -> Vec<Assignment> {
    let fits = |v: VarId, x: &Val| eval::fits(*x, sort(v), sem);
    let mut states = vec![a.clone()];
    for st in body {
        let mut next: Vec<Assignment> = Vec::with_capacity(states.len());
        let others = states.len();
        for (i, mut a) in states.into_iter().enumerate() {
            let rest = others - i - 1;
            match st {
                Stmt::Assign(v, e) => {
                    let xs = choices(e, &a, sem).filter(|xs| xs.iter().all(|x| fits(*v, x)));
                    match xs {
                        Some(xs) if next.len() + xs.len() + rest <= MAX_SPLIT => {
                            for x in xs {
                                let mut b = a.clone();
                                b.set(*v, x);
                                next.push(b);
                            }
                        }
                        _ => {
                            a.forget(*v);
                            next.push(a);
                        }
                    }
                }
                Stmt::Assume(c) => {
                    if value(c, &a, sem) != Some(Val::Bool(false)) {
                        next.push(a);
                    }
                }
                Stmt::Havoc(v, ..) => {
                    a.forget(*v);
                    next.push(a);
                }
                Stmt::Parallel(xs) => {
                    let vals: Vec<(VarId, Option<Val>)> =
                        xs.iter().map(|(v, e)| (*v, value(e, &a, sem).filter(|x| fits(*v, x)))).collect();
                    for (v, x) in vals {
                        match x {
                            Some(x) => a.set(v, x),
                            None => a.forget(v),
                        }
                    }
                    next.push(a);
                }
            }
        }
        if next.is_empty() {
            return next;
        }
        states = next;
    }
    let mut out: Vec<Assignment> = Vec::with_capacity(states.len());
    for a in states {
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{lit, v as int};
    use crate::ir::{BinOp, HavocKind};

    fn sort(_: VarId) -> Sort {
        Sort::Int { bits: 32 }
    }

    /// §III-A on a body: an assignment of known operands is evaluated (with
    /// wrap-around under `lia` for a plain add), an unknown operand or a
    /// havoc undefines, an assumption over tracked values contradicts, one
    /// over untracked values holds.
    #[test]
    fn the_strongest_post_of_a_body_evaluates_what_it_knows() {
        let add = |a: Expr, b: Expr| Expr::Bin {
            op: BinOp::Add,
            bits: 32,
            nsw: false,
            nuw: false,
            a: Box::new(a),
            b: Box::new(b),
        };
        let eq = |a: Expr, b: Expr| Expr::Cmp { pred: CmpPred::Eq, bits: 32, a: Box::new(a), b: Box::new(b) };
        let mut a = Assignment::new();
        a.set(VarId(0), Val::Int(i32::MAX as i128));
        let body = vec![
            Stmt::Assign(VarId(1), add(int(0), lit(1))),
            Stmt::Assign(VarId(2), add(int(3), lit(1))),
            Stmt::Havoc(VarId(0), HavocKind::Unmodelled { why: "test".into() }, Default::default()),
            Stmt::Assume(eq(int(2), lit(5))),
        ];
        let b = post(&body, &a, IntSemantics::Lia, &sort).pop().expect("an assumption over an unknown holds");
        assert_eq!(b.get(VarId(1)), Some(Val::Int(i32::MIN as i128)), "wraps");
        assert_eq!((b.get(VarId(0)), b.get(VarId(2))), (None, None));
        let contradiction = vec![Stmt::Assume(eq(int(1), lit(5)))];
        assert!(post(&contradiction, &b, IntSemantics::Lia, &sort).is_empty());
        // an `ite` of an unknown condition between known values splits
        let pick = Expr::Ite(Box::new(eq(int(3), lit(2))), Box::new(lit(2)), Box::new(lit(0)));
        let split = post(&[Stmt::Assign(VarId(4), pick)], &b, IntSemantics::Lia, &sort);
        let values: Vec<Option<Val>> = split.iter().map(|s| s.get(VarId(4))).collect();
        assert_eq!(values, [Some(Val::Int(2)), Some(Val::Int(0))]);
        // implication: a less-defined assignment with the same values
        assert!(b.implies(&Assignment::new()) && !Assignment::new().implies(&b));
        assert!(b.implies(&b.restrict(|v| v != VarId(1))));
    }
}
