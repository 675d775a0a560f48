//! The linear view of the program model (issue 48; the program model of
//! papers/verymax-compositional-maxsmt.txt §III.2): each edge as one or more
//! transitions `(ℓ, τ, ℓ')` whose relation `τ` is a conjunction of linear
//! inequalities, a disjunction in the edge splitting it into several
//! transitions with the same locations (the paper's footnote 4).
//!
//! A transition is kept in substituted form: a guard (`l ≤ 0` rows over the
//! pre-state variables and fresh values) and, for every template variable of
//! the target (its live integer variables), its post-state value as a linear
//! expression over the same. `τ ∧ I'(ℓ')` is then `guard ∧ I(post)`, which
//! keeps Farkas' lemma (`condsafe`) to the pre-state and fresh columns.
//!
//! Invariants (soundness: the view over-approximates every edge):
//! - every execution of the edge from a state in the source's interval
//!   invariant (`ai`'s, added to the guard as bounds) satisfies the guard
//!   of one of its transitions, with the post values as given, reading each
//!   integer as its signed value (`domains::linear`: a linear form only
//!   where no wrap-around is possible, or `nsw` under `lia`);
//! - what is not linear is dropped, never guessed: a comparison of values
//!   that are not linear is left out of the guard (the guard is weaker), a
//!   value that is not linear is a fresh column (any value), and a
//!   disjunction of more than [`MAX_CUBES`] cubes is left out whole; each
//!   such drop is counted.
//!
//! Fresh columns (havocked values, non-linear results) are numbered from
//! `p.vars.len()` on, per edge: two transitions never share one.

use crate::domains::interval::{int_range, Intervals};
use crate::domains::linear::{comparison, linear, relation, Lin};
use crate::domains::Ctx;
use crate::ir::{CmpPred, EdgeId, Expr, IntSemantics, LocId, Program, Rel, Sort, Stmt, VarId};
use std::collections::{BTreeMap, HashMap};

/// Cubes a condition or an edge may split into before the rest of it is
/// left out of the view.
pub const MAX_CUBES: usize = 16;

/// A transition of the linear view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transition {
    /// The path of edges it comes from (none: the program's start, before
    /// its entry).
    pub path: Vec<EdgeId>,
    pub src: LocId,
    pub dst: LocId,
    /// Rows `l ≤ 0` over pre-state variables and fresh columns.
    pub guard: Vec<Lin>,
    /// The post-state value of each template variable of `dst`.
    pub post: BTreeMap<VarId, Lin>,
}

impl Transition {
    /// The linear expression `l` (over `dst`'s variables) after the
    /// transition: `l` with every variable replaced by its post value.
    pub fn after(&self, l: &Lin) -> Option<Lin> {
        let mut out = Lin::constant(l.c);
        for (v, a) in &l.terms {
            let post = self.post.get(v).cloned().unwrap_or_else(|| Lin::var(*v));
            out = out.plus(&post, *a)?;
        }
        Some(out)
    }

    /// The same transition with `row ≤ 0` added to its guard.
    pub fn with(&self, row: Lin) -> Transition {
        let mut t = self.clone();
        t.guard.push(row);
        t
    }
}

/// `¬(l ≤ 0)` over the integers: `1 - l ≤ 0`.
pub fn negated(l: &Lin) -> Option<Lin> {
    Lin::constant(1).plus(l, -1)
}

/// The variables a template at `l` ranges over: its live integer variables.
pub fn template_vars(p: &Program, l: LocId) -> Vec<VarId> {
    p.loc(l).live.iter().copied().filter(|v| matches!(p.var(*v).sort, Sort::Int { .. })).collect()
}

/// The bounds of `itv` on `vars` tighter than their type's range, as rows.
pub fn bounds(p: &Program, itv: &Intervals, vars: &[VarId]) -> Vec<Lin> {
    let mut rows = Vec::new();
    for v in vars {
        let Sort::Int { bits } = p.var(*v).sort else { continue };
        let (x, r) = (itv.get(*v), int_range(bits));
        if let Some(hi) = x.hi.filter(|h| r.hi.is_none_or(|rh| *h < rh)) {
            rows.extend(Lin::var(*v).plus(&Lin::constant(hi), -1));
        }
        if let Some(lo) = x.lo.filter(|l| r.lo.is_none_or(|rl| *l > rl)) {
            rows.extend(Lin::constant(lo).plus(&Lin::var(*v), -1));
        }
    }
    rows
}

/// What the view left out, counted.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dropped {
    /// Comparisons or disjunctions left out of a guard.
    pub conditions: usize,
    /// Values that became fresh columns (non-linear, not modelled).
    pub values: usize,
}

/// The transitions of the path of edges `path` (one edge, or a path
/// through locations on no cycle: a large block), from states in `itv`
/// (the interval invariant of its source).
pub fn of_path(
    p: &Program,
    sem: IntSemantics,
    path: &[EdgeId],
    itv: &Intervals,
    dropped: &mut Dropped,
) -> Vec<Transition> {
    let (Some(first), Some(last)) = (path.first(), path.last()) else { return Vec::new() };
    let (src, dst) = (p.edge(*first).src, p.edge(*last).dst);
    let n = p.vars.len() as u32;
    let mut fresh: Vec<Sort> = Vec::new();
    let mut state = itv.clone();
    let mut env: HashMap<VarId, Expr> = HashMap::new();
    let mut conds: Vec<Expr> = Vec::new();
    let subst = |env: &HashMap<VarId, Expr>, x: &Expr| x.substitute(&|w, _| env.get(&w).cloned());
    let new_fresh = |sort: Sort, fresh: &mut Vec<Sort>, state: &mut Intervals| {
        let v = VarId(n + fresh.len() as u32);
        fresh.push(sort);
        if let Sort::Int { bits } = sort {
            if sem != IntSemantics::Math {
                state.set(v, int_range(bits));
            }
        }
        Expr::Var(v, sort)
    };
    for s in path.iter().flat_map(|e| &p.edge(*e).body) {
        match s {
            Stmt::Assign(v, x) => {
                let x = subst(&env, x);
                env.insert(*v, x);
            }
            Stmt::Parallel(xs) => {
                let vals: Vec<(VarId, Expr)> = xs.iter().map(|(v, x)| (*v, subst(&env, x))).collect();
                env.extend(vals);
            }
            Stmt::Assume(g) => conds.push(subst(&env, g)),
            Stmt::Havoc(v, ..) => {
                let x = new_fresh(p.var(*v).sort, &mut fresh, &mut state);
                env.insert(*v, x);
            }
        }
    }
    let sort_of = |v: VarId| if v.0 < n { p.var(v).sort } else { fresh[(v.0 - n) as usize] };
    let cx = Ctx { sem, sort: &sort_of };
    let view = View { cx: &cx, itv: &state };
    // the guard's cubes
    let mut cubes = vec![bounds(p, itv, &template_vars(p, src))];
    for c in &conds {
        let cs = view.cubes(c, false, dropped);
        cubes = product(&cubes, &cs).unwrap_or_else(|| {
            dropped.conditions += 1;
            cubes.clone()
        });
    }
    // each post value's alternatives (a `select` splits)
    let mut fresh_count = fresh.len() as u32;
    let mut out: Vec<(Vec<Lin>, BTreeMap<VarId, Lin>)> = cubes.into_iter().map(|g| (g, BTreeMap::new())).collect();
    for v in template_vars(p, dst) {
        let Some(x) = env.get(&v) else {
            for (_, post) in &mut out {
                post.insert(v, Lin::var(v));
            }
            continue;
        };
        let alts = view.alternatives(x, dropped);
        let split = alts.as_ref().map(|a| a.len() * out.len()).unwrap_or(usize::MAX);
        match alts {
            Some(alts) if split <= MAX_CUBES => {
                let mut next = Vec::new();
                for (g, post) in &out {
                    for (cond, l) in &alts {
                        for c in cond {
                            let mut g = g.clone();
                            g.extend(c.iter().cloned());
                            let mut post = post.clone();
                            post.insert(v, l.clone());
                            next.push((g, post));
                        }
                    }
                }
                out = next;
            }
            _ => {
                dropped.values += 1;
                let f = VarId(n + fresh_count);
                fresh_count += 1;
                for (_, post) in &mut out {
                    post.insert(v, Lin::var(f));
                }
            }
        }
    }
    out.into_iter().map(|(guard, post)| Transition { path: path.to_vec(), src, dst, guard, post }).collect()
}

/// The pairwise unions of two sets of cubes, `None` past [`MAX_CUBES`].
fn product(a: &[Vec<Lin>], b: &[Vec<Lin>]) -> Option<Vec<Vec<Lin>>> {
    if a.len() * b.len() > MAX_CUBES {
        return None;
    }
    Some(a.iter().flat_map(|x| b.iter().map(move |y| x.iter().chain(y).cloned().collect())).collect())
}

/// Linear forms of one edge's expressions, in the state before it.
struct View<'a> {
    cx: &'a Ctx<'a>,
    itv: &'a Intervals,
}

impl View<'_> {
    /// The cubes of `e` (or of `¬e` with `neg`): a disjunction of
    /// conjunctions of rows that `e` implies; what is not linear is left
    /// out (true).
    fn cubes(&self, e: &Expr, neg: bool, dropped: &mut Dropped) -> Vec<Vec<Lin>> {
        let all = vec![Vec::new()];
        let conj = |xs: &[Expr], neg: bool, dropped: &mut Dropped| {
            let mut acc = vec![Vec::new()];
            for x in xs {
                let c = self.cubes(x, neg, dropped);
                match product(&acc, &c) {
                    Some(next) => acc = next,
                    None => dropped.conditions += 1,
                }
            }
            acc
        };
        let disj = |xs: &[Expr], neg: bool, dropped: &mut Dropped| {
            let mut acc = Vec::new();
            for x in xs {
                acc.extend(self.cubes(x, neg, dropped));
                if acc.len() > MAX_CUBES {
                    dropped.conditions += 1;
                    return vec![Vec::new()];
                }
            }
            acc
        };
        match e {
            Expr::Bool(b) => {
                if *b != neg {
                    all
                } else {
                    Vec::new()
                }
            }
            Expr::Not(a) => self.cubes(a, !neg, dropped),
            Expr::And(xs) if !neg => conj(xs, false, dropped),
            Expr::And(xs) => disj(xs, true, dropped),
            Expr::Or(xs) if !neg => disj(xs, false, dropped),
            Expr::Or(xs) => conj(xs, true, dropped),
            Expr::Xor(a, b) => {
                // a ≠ b, or with `neg` a = b
                let (x, y) = ((**a).clone(), (**b).clone());
                let one = Expr::And(vec![x.clone(), if neg { y.clone() } else { Expr::negate(y.clone()) }]);
                let two = Expr::And(vec![Expr::negate(x), if neg { Expr::negate(y) } else { y }]);
                disj(&[one, two], false, dropped)
            }
            Expr::Ite(c, a, b) => {
                let one = Expr::And(vec![(**c).clone(), (**a).clone()]);
                let two = Expr::And(vec![Expr::negate((**c).clone()), (**b).clone()]);
                let both = Expr::Or(vec![one, two]);
                self.cubes(&both, neg, dropped)
            }
            Expr::Var(v, Sort::Bool) => {
                // a Boolean as 0 or 1: `1 - b ≤ 0`, or `b ≤ 0`
                let row =
                    if neg { Lin::var(*v) } else { Lin::constant(1).plus(&Lin::var(*v), -1).unwrap_or(Lin::var(*v)) };
                vec![vec![row]]
            }
            Expr::Cmp { pred, bits, a, b } if *bits > 1 => {
                let pred = if neg { pred.negated() } else { *pred };
                // a `select` operand: one comparison per arm
                if let Some(split) = self.split_ite(a, b, &|x, y| Expr::Cmp { pred, bits: *bits, a: x, b: y }) {
                    return self.cubes(&split, false, dropped);
                }
                if pred == CmpPred::Ne {
                    let lt = Expr::Cmp { pred: CmpPred::Slt, bits: *bits, a: a.clone(), b: b.clone() };
                    let gt = Expr::Cmp { pred: CmpPred::Sgt, bits: *bits, a: a.clone(), b: b.clone() };
                    return disj(&[lt, gt], false, dropped);
                }
                match relation(pred).and_then(|(signed, rel)| comparison(self.cx, self.itv, signed, rel, a, b)) {
                    Some(rows) => vec![rows],
                    None => {
                        dropped.conditions += 1;
                        all
                    }
                }
            }
            Expr::Rel { rel, a, b } => {
                let rows = if neg {
                    let flip = |r: Rel| match r {
                        Rel::Le => Some(Rel::Gt),
                        Rel::Lt => Some(Rel::Ge),
                        Rel::Ge => Some(Rel::Lt),
                        Rel::Gt => Some(Rel::Le),
                        Rel::Eq => None,
                    };
                    match flip(*rel) {
                        Some(r) => comparison(self.cx, self.itv, true, r, a, b).map(|x| vec![x]),
                        None => {
                            let lt = comparison(self.cx, self.itv, true, Rel::Lt, a, b);
                            let gt = comparison(self.cx, self.itv, true, Rel::Gt, a, b);
                            lt.zip(gt).map(|(x, y)| vec![x, y])
                        }
                    }
                } else {
                    comparison(self.cx, self.itv, true, *rel, a, b).map(|x| vec![x])
                };
                rows.unwrap_or_else(|| {
                    dropped.conditions += 1;
                    all
                })
            }
            _ => {
                dropped.conditions += 1;
                all
            }
        }
    }

    /// `mk(a, b)` split over the arms of a `select` in `a` or `b`:
    /// `(c ∧ mk(x, b)) ∨ (¬c ∧ mk(y, b))`.
    fn split_ite(&self, a: &Expr, b: &Expr, mk: &dyn Fn(Box<Expr>, Box<Expr>) -> Expr) -> Option<Expr> {
        let arms = |c: &Expr, x: Expr, y: Expr| {
            Expr::Or(vec![Expr::And(vec![c.clone(), x]), Expr::And(vec![Expr::negate(c.clone()), y])])
        };
        match (a, b) {
            (Expr::Ite(c, x, y), _) => {
                Some(arms(c, mk(x.clone(), Box::new(b.clone())), mk(y.clone(), Box::new(b.clone()))))
            }
            (_, Expr::Ite(c, x, y)) => {
                Some(arms(c, mk(Box::new(a.clone()), x.clone()), mk(Box::new(a.clone()), y.clone())))
            }
            _ => None,
        }
    }

    /// The value of the integer expression `e` as linear forms, each under
    /// the cubes of its condition (one alternative without a `select`);
    /// `None` if it is not linear.
    #[allow(clippy::type_complexity)]
    fn alternatives(&self, e: &Expr, dropped: &mut Dropped) -> Option<Vec<(Vec<Vec<Lin>>, Lin)>> {
        if let Expr::Ite(c, a, b) = e {
            let (x, y) = (self.alternatives(a, dropped)?, self.alternatives(b, dropped)?);
            let (yes, no) = (self.cubes(c, false, dropped), self.cubes(c, true, dropped));
            let mut out = Vec::new();
            for (cond, l) in x {
                out.push((product(&yes, &cond)?, l));
            }
            for (cond, l) in y {
                out.push((product(&no, &cond)?, l));
            }
            return (out.iter().map(|(c, _)| c.len()).sum::<usize>() <= MAX_CUBES).then_some(out);
        }
        linear(self.cx, self.itv, e).map(|l| (vec![Vec::new()], l)).map(|x| vec![x])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{add, assume, cmp, havoc, lit, program, set, v};
    use crate::domains::Domain;
    use crate::ir::BinOp;

    fn lin(c: i128, terms: &[(u32, i128)]) -> Lin {
        terms.iter().fold(Lin::constant(c), |l, (v, a)| l.plus(&Lin::var(VarId(*v)), *a).unwrap())
    }

    /// The transitions of `p`'s edge `e` from any state, and what was dropped.
    fn view(p: &Program, e: u32) -> (Vec<Transition>, Dropped) {
        let mut dropped = Dropped::default();
        let ts = of_path(p, IntSemantics::Lia, &[EdgeId(e)], &Intervals::top(), &mut dropped);
        (ts, dropped)
    }

    /// An assignment through an intermediate variable is substituted; the
    /// guard is over the pre-state; the edge's `x != y` splits it in two.
    #[test]
    fn a_body_becomes_guards_and_post_values_over_the_pre_state() {
        let p = program(
            &["x", "y", "t"],
            &["a", "b", "err"],
            vec![
                (0, 1, vec![set(2, add(v(0), lit(5))), assume(cmp(CmpPred::Ne, v(2), v(1))), set(0, v(2))]),
                (1, 1, vec![assume(cmp(CmpPred::Slt, v(0), v(1)))]),
                (1, 2, vec![assume(cmp(CmpPred::Eq, v(0), v(1)))]),
            ],
        );
        let (ts, dropped) = view(&p, 0);
        assert_eq!(ts.len(), 2, "{ts:?}");
        // x + 5 < y: x - y + 6 ≤ 0; x + 5 > y: -x + y - 4 ≤ 0
        assert_eq!(ts[0].guard, vec![lin(6, &[(0, 1), (1, -1)])]);
        assert_eq!(ts[1].guard, vec![lin(-4, &[(0, -1), (1, 1)])]);
        for t in &ts {
            assert_eq!(t.post[&VarId(0)], lin(5, &[(0, 1)]), "x' = x + 5");
            assert_eq!(t.post[&VarId(1)], lin(0, &[(1, 1)]), "y' = y");
        }
        assert_eq!((dropped.conditions, dropped.values), (0, 0));
    }

    /// A `select` splits the transition per arm, each with its condition; a
    /// product of two variables is no linear value: a fresh column
    /// (counted), and a comparison of it is left out of the guard.
    #[test]
    fn a_select_splits_and_a_product_is_a_fresh_value() {
        let sel = Expr::Ite(Box::new(cmp(CmpPred::Sgt, v(0), lit(0))), Box::new(v(0)), Box::new(lit(0)));
        let mul = Expr::Bin { op: BinOp::Mul, bits: 32, nsw: true, nuw: false, a: Box::new(v(0)), b: Box::new(v(1)) };
        let p = program(
            &["x", "y"],
            &["a", "b", "err"],
            vec![
                (0, 1, vec![set(1, sel)]),
                (0, 1, vec![assume(cmp(CmpPred::Slt, mul.clone(), lit(3))), set(0, mul)]),
                (1, 1, vec![assume(cmp(CmpPred::Slt, v(0), v(1)))]),
                (1, 2, vec![assume(cmp(CmpPred::Eq, v(0), v(1)))]),
            ],
        );
        let (ts, _) = view(&p, 0);
        assert_eq!(ts.len(), 2, "{ts:?}");
        // x > 0: -x + 1 ≤ 0, y' = x; x ≤ 0: x ≤ 0, y' = 0
        assert_eq!((ts[0].guard.clone(), ts[0].post[&VarId(1)].clone()), (vec![lin(1, &[(0, -1)])], lin(0, &[(0, 1)])));
        assert_eq!((ts[1].guard.clone(), ts[1].post[&VarId(1)].clone()), (vec![lin(0, &[(0, 1)])], lin(0, &[])));
        let (ts, dropped) = view(&p, 1);
        assert_eq!(ts.len(), 1);
        assert!(ts[0].guard.is_empty(), "{ts:?}");
        let x = &ts[0].post[&VarId(0)];
        assert!(x.terms.keys().all(|w| w.0 >= p.vars.len() as u32), "x' is fresh: {x:?}");
        assert_eq!((dropped.conditions, dropped.values), (1, 1));
    }

    /// A havocked value is a fresh column, an unassigned variable keeps
    /// its value, and the source's interval bounds join the guard.
    #[test]
    fn a_havoc_is_fresh_and_the_sources_bounds_join_the_guard() {
        let p = program(
            &["x", "y"],
            &["a", "b", "err"],
            vec![(0, 1, vec![havoc(1)]), (1, 1, vec![assume(cmp(CmpPred::Slt, v(0), v(1)))]), (1, 2, vec![])],
        );
        let mut itv = Intervals::top();
        itv.set(VarId(0), crate::domains::interval::Itv { lo: Some(0), hi: Some(7) });
        let mut dropped = Dropped::default();
        let ts = of_path(&p, IntSemantics::Lia, &[EdgeId(0)], &itv, &mut dropped);
        assert_eq!(ts.len(), 1);
        assert_eq!(ts[0].post[&VarId(0)], lin(0, &[(0, 1)]));
        assert!(ts[0].post[&VarId(1)].terms.keys().all(|w| w.0 >= 2));
        // (x is live at `a` only if it is read later: here it is)
        assert!(ts[0].guard.contains(&lin(-7, &[(0, 1)])) && ts[0].guard.contains(&lin(0, &[(0, -1)])), "{ts:?}");
    }
}
