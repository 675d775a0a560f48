//! Houdini (Flanagan and Leino, FME 2001) over the program's control-flow
//! graph: from candidate conjuncts per location, the largest subset that is an
//! inductive invariant (initiation at the entry, consecution on every edge,
//! checked exactly like the certificate check `cert` does).
//!
//! UFO uses it on the labels of its ARG (`engines::ufo`): the labels of the
//! different copies of a loop head say different things about the unrolling
//! (Spacer's interpolants of a bounded query), and covering needs one copy's
//! label to imply an earlier one's. The conjuncts that are inductive for the
//! whole program are what Spacer's own lemma pushing (IC3's propagation phase)
//! would keep; they prove the error unreachable on programs where covering
//! does not converge; what is inductive but does not prove strengthens every
//! label. This is a departure from papers/ufo-under-over-approximations.txt
//! Fig. 2, which only covers.
//!
//! Invariants: a conjunct is removed only when a model of the edge's relation
//! with the source's remaining conjuncts falsifies it, so the result is the
//! greatest inductive subset; `None` when Z3 does not decide a check (the
//! caller then knows nothing, never an unchecked invariant).

use super::canon::Canon;
use super::cert::EdgeRelation;
use super::instances;
use super::lower::Lowerer;
use super::solve;
use crate::ir::{EdgeId, LocId, Program};
use std::collections::{HashSet, VecDeque};
use z3::ast::{Ast, Bool};
use z3::{DeclKind, SatResult};

/// The conjuncts of `f` (its top-level `and`s flattened).
fn conjuncts(f: &Bool, out: &mut Vec<Bool>) {
    if f.decl().kind() == DeclKind::And {
        for c in f.children() {
            if let Some(b) = c.as_bool() {
                conjuncts(&b, out);
            }
        }
    } else {
        out.push(f.clone());
    }
}

/// The candidates of `labels` (a formula per location, several per location
/// allowed): `false` and every quantifier-free conjunct, simplified, once.
pub fn candidates(locs: usize, labels: impl IntoIterator<Item = (LocId, Bool)>) -> Vec<Vec<Bool>> {
    let mut cands: Vec<Vec<Bool>> = vec![vec![Bool::from_bool(false)]; locs];
    let mut seen: Vec<HashSet<Bool>> = vec![HashSet::new(); locs];
    for (loc, f) in labels {
        let mut cs = Vec::new();
        conjuncts(&f, &mut cs);
        let i = loc.0 as usize;
        for c in cs {
            let c = c.simplify();
            if c.as_bool() != Some(true) && !instances::has_quantifier(&c.clone().into()) && seen[i].insert(c.clone()) {
                cands[i].push(c);
            }
        }
    }
    cands
}

/// `cs` without the conjuncts that the others imply (same conjunction, so an
/// inductive invariant stays one); for readable certificates.
pub fn without_implied(mut cs: Vec<Bool>) -> Vec<Bool> {
    let solver = solve::Reused::new(super::IntSemantics::Lia);
    let mut i = 0;
    while i < cs.len() {
        let c = cs.remove(i);
        if solver.implies(&cs, &c) != Some(true) {
            cs.insert(i, c);
            i += 1;
        }
    }
    cs
}

/// The program's edge relations over canonical constants, built once per run.
pub struct Relations {
    edges: Vec<EdgeRelation>,
    init: Vec<Bool>,
}

impl Relations {
    pub fn new(p: &Program, l: &mut Lowerer, canon: &Canon) -> Relations {
        let edges = p.edge_ids().map(|e| EdgeRelation::new(p, l, canon, e)).collect();
        Relations { edges, init: canon.ranges(p, l, p.entry) }
    }
}

/// Removes from `cands[dst]` every conjunct that some model of
/// `hyps ∧ ⋀ src` falsifies; `Some(true)` if any was removed.
fn weaken(solver: &z3::Solver, hyps: &[Bool], dst: &mut Vec<Bool>, at: impl Fn(&Bool) -> Bool) -> Option<bool> {
    let mut changed = false;
    while !dst.is_empty() {
        let goals: Vec<Bool> = dst.iter().map(&at).collect();
        solve::set_timeout(solver, None);
        solver.push();
        for h in hyps {
            solver.assert(h);
        }
        solver.assert(Bool::and(&goals).not());
        let r = solver.check();
        let keep: Vec<bool> = match r {
            SatResult::Unsat => {
                solver.pop(1);
                return Some(changed);
            }
            SatResult::Unknown => {
                solver.pop(1);
                return None;
            }
            SatResult::Sat => {
                let m = solver.get_model()?;
                goals.iter().map(|g| m.eval(g, true).and_then(|v| v.as_bool()) == Some(true)).collect()
            }
        };
        solver.pop(1);
        if keep.iter().all(|k| *k) {
            // the model satisfies every goal but not their conjunction:
            // Z3's evaluation is partial here; nothing can be concluded
            return None;
        }
        let mut k = keep.into_iter();
        dst.retain(|_| k.next().unwrap_or(false));
        changed = true;
    }
    Some(changed)
}

/// The greatest subset of `cands` (conjuncts per location, over the
/// location's canonical constants) that is an inductive invariant.
pub fn inductive_subset(p: &Program, rels: &Relations, mut cands: Vec<Vec<Bool>>) -> Option<Vec<Vec<Bool>>> {
    let solver = solve::solver();
    let entry = p.entry.0 as usize;
    weaken(&solver, &rels.init, &mut cands[entry], |g| g.clone())?;
    let mut out: Vec<Vec<EdgeId>> = vec![Vec::new(); p.locs.len()];
    for e in p.edge_ids() {
        out[p.edge(e).src.0 as usize].push(e);
    }
    let mut queued = vec![true; p.edges.len()];
    let mut work: VecDeque<EdgeId> = p.edge_ids().collect();
    while let Some(e) = work.pop_front() {
        queued[e.0 as usize] = false;
        if super::deadline::remaining_ms() == Some(0) {
            return None;
        }
        let edge = p.edge(e);
        let (src, dst) = (edge.src.0 as usize, edge.dst.0 as usize);
        let rel = &rels.edges[e.0 as usize];
        let mut hyps = rel.hyps.clone();
        hyps.extend(cands[src].iter().cloned());
        let mut goals = std::mem::take(&mut cands[dst]);
        let changed = weaken(&solver, &hyps, &mut goals, |g| rel.at_target(g));
        cands[dst] = goals;
        if changed? {
            for f in &out[dst] {
                if !queued[f.0 as usize] {
                    queued[f.0 as usize] = true;
                    work.push_back(*f);
                }
            }
        }
    }
    Some(cands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::wp::tests::{edge, loc};
    use crate::ir::{BinOp, CmpPred, Expr, Sort, Stmt, Var, VarId};
    use crate::smt::cert;

    const INT: Sort = Sort::Int { bits: 32 };

    fn var(i: u32) -> Expr {
        Expr::Var(VarId(i), INT)
    }
    fn int(value: i128) -> Expr {
        Expr::Int { value, bits: 32 }
    }
    fn cmp(pred: CmpPred, a: Expr, b: Expr) -> Expr {
        Expr::Cmp { pred, bits: 32, a: Box::new(a), b: Box::new(b) }
    }
    fn inc(v: u32) -> Stmt {
        let sum =
            Expr::Bin { op: BinOp::Add, bits: 32, nsw: false, nuw: false, a: Box::new(var(v)), b: Box::new(int(1)) };
        Stmt::Assign(VarId(v), sum)
    }

    /// `x = y = 0; while (x < 10) { x++; y++; } if (y != 10) error;` with
    /// locations entry, head (x, y live), error.
    fn twin_counters() -> Program {
        let (x, y) = (VarId(0), VarId(1));
        Program {
            vars: vec![
                Var { name: "x".into(), sort: INT, src_name: None },
                Var { name: "y".into(), sort: INT, src_name: None },
            ],
            locs: vec![loc("entry", vec![]), loc("head", vec![x, y]), loc("error", vec![])],
            edges: vec![
                edge(0, 1, vec![Stmt::Assign(x, int(0)), Stmt::Assign(y, int(0))]),
                edge(1, 1, vec![Stmt::Assume(cmp(CmpPred::Slt, var(0), int(10))), inc(0), inc(1)]),
                edge(
                    1,
                    2,
                    vec![
                        Stmt::Assume(cmp(CmpPred::Sge, var(0), int(10))),
                        Stmt::Assume(cmp(CmpPred::Ne, var(1), int(10))),
                    ],
                ),
            ],
            entry: LocId(0),
            error: LocId(2),
            ..Program::default()
        }
    }

    /// The greatest inductive subset of the head's candidates, each given as
    /// an expression, and whether the error location's `false` survived.
    fn houdini(head: &[Expr]) -> (Vec<usize>, bool) {
        let p = twin_counters();
        let mut l = Lowerer::new(crate::smt::IntSemantics::Lia);
        let canon = Canon::new(&p, &l);
        let lowered: Vec<Bool> = head.iter().map(|e| cert::lower(&p, &mut l, &canon, LocId(1), e).unwrap()).collect();
        let labels = lowered.iter().map(|b| (LocId(1), b.clone()));
        let cands = candidates(p.locs.len(), labels);
        let rels = Relations::new(&p, &mut l, &canon);
        let inv = inductive_subset(&p, &rels, cands).expect("decided");
        assert!(inv[0].is_empty(), "the entry is reachable: {:?}", inv[0]);
        let kept = (0..head.len()).filter(|i| inv[1].contains(&lowered[*i].simplify())).collect();
        (kept, inv[2].iter().any(|c| c.as_bool() == Some(false)))
    }

    #[test]
    fn keeps_exactly_the_inductive_conjuncts() {
        let head = [
            cmp(CmpPred::Sge, var(0), int(0)),  // inductive
            cmp(CmpPred::Sle, var(0), int(10)), // inductive
            cmp(CmpPred::Eq, var(1), var(0)),   // inductive
            cmp(CmpPred::Sle, var(0), int(5)),  // true for six iterations only
            cmp(CmpPred::Eq, var(1), int(0)),   // initially only
        ];
        let (kept, safe) = houdini(&head);
        assert_eq!(kept, vec![0, 1, 2]);
        assert!(safe, "x <= 10 && y == x excludes the error");
        // without y == x nothing proves y == 10 at the exit
        let (kept, safe) = houdini(&[head[0].clone(), head[1].clone(), head[3].clone()]);
        assert_eq!(kept, vec![0, 1]);
        assert!(!safe);
    }

    #[test]
    fn a_conjunct_implied_by_the_others_is_dropped() {
        let p = twin_counters();
        let mut l = Lowerer::new(crate::smt::IntSemantics::Lia);
        let canon = Canon::new(&p, &l);
        let mut low = |e: Expr| cert::lower(&p, &mut l, &canon, LocId(1), &e).unwrap();
        let a = low(cmp(CmpPred::Sle, var(0), int(5)));
        let b = low(cmp(CmpPred::Sle, var(0), int(10)));
        let c = low(cmp(CmpPred::Eq, var(1), var(0)));
        assert_eq!(without_implied(vec![a.clone(), b, c.clone()]), vec![a, c]);
    }
}
