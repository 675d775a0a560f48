//! Weakest preconditions of edge bodies, and labels for the locations a
//! solution leaves without one.
//!
//! A CHC solver that inlines a location's predicate (Spacer's preprocessing)
//! reconstructs its interpretation as the image of the predecessor's:
//! `exists a0. Inv(a0) ∧ mem = store(a0, i, v)` after a store, which a
//! certificate cannot use. The weakest precondition of the location's
//! out-edges with respect to its successors' labels is quantifier-free for
//! assignments and assumptions (`Inv'[mem := store(mem, i, v)]`), universally
//! quantified only over havocked variables the successor label mentions, and
//! it is the weakest label that keeps the certificate inductive on those
//! edges: if the predecessors' labels reach the successors' through the
//! location (what the solver proved of the inlined clauses), they imply it.
//!
//! Invariant: the labels filled in mention only variables of the successors'
//! labels that the edges do not define, and the variables the edges read: live
//! at the location when the successors' labels are over their live variables.
//! Nothing here decides an answer: the certificate check does.

use super::{Expr, Program, Stmt};

/// `wp(body, post)`: the states from which every execution of `body` that
/// passes its assumptions ends in `post`.
pub fn wp(p: &Program, body: &[Stmt], post: Expr) -> Expr {
    body.iter().rev().fold(post, |q, s| match s {
        Stmt::Assign(v, e) => q.substitute(&|w, _| (w == *v).then(|| e.clone())),
        Stmt::Parallel(xs) => q.substitute(&|w, _| xs.iter().find(|(x, _)| *x == w).map(|(_, e)| e.clone())),
        Stmt::Assume(g) => match q {
            Expr::Bool(true) => q,
            Expr::Bool(false) => Expr::negate(g.clone()),
            q => Expr::Or(vec![Expr::negate(g.clone()), q]),
        },
        Stmt::Havoc(v, ..) => {
            let mut used = Vec::new();
            q.vars(&mut used);
            if !used.contains(v) {
                return q;
            }
            let sort = p.var(*v).sort;
            let body = q.substitute(&|w, depth| (w == *v).then_some(Expr::Bound { index: depth, sort }));
            Expr::Forall { sorts: vec![sort], body: Box::new(body) }
        }
    })
}

/// Fills the labels that are `None` with the conjunction of the weakest
/// preconditions of the location's out-edges, from successors that have one,
/// until every location has one (the error location's missing label is
/// `false`, a location without out-edges gets `true`). A location left
/// without a label (a cycle of unlabelled locations) is an error naming it.
pub fn fill_labels(p: &Program, labels: &mut [Option<Expr>]) -> Result<(), String> {
    if labels[p.error.0 as usize].is_none() {
        labels[p.error.0 as usize] = Some(Expr::Bool(false));
    }
    let succ = p.successors();
    loop {
        let mut progress = false;
        let mut missing = None;
        for l in p.loc_ids() {
            if labels[l.0 as usize].is_some() {
                continue;
            }
            let outs = &succ[l.0 as usize];
            if outs.iter().any(|&e| labels[p.edge(e).dst.0 as usize].is_none()) {
                missing = Some(l);
                continue;
            }
            let parts: Vec<Expr> = outs
                .iter()
                .map(|&e| wp(p, &p.edge(e).body, labels[p.edge(e).dst.0 as usize].clone().unwrap_or(Expr::Bool(true))))
                .filter(|q| *q != Expr::Bool(true))
                .collect();
            labels[l.0 as usize] = Some(match parts.len() {
                0 => Expr::Bool(true),
                1 => parts.into_iter().next().unwrap_or(Expr::Bool(true)),
                _ => Expr::And(parts),
            });
            progress = true;
        }
        match missing {
            None => return Ok(()),
            Some(l) if !progress => {
                return Err(format!("no label for location {} (on a cycle of unlabelled locations)", p.loc(l).name))
            }
            Some(_) => {}
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ir::{BinOp, CmpPred, Edge, HavocKind, LocId, Location, Sort, Var, VarId};

    const INT: Sort = Sort::Int { bits: 32 };
    const MEM: Sort = Sort::Array { index: 32, elem: 32 };

    fn int(value: i128) -> Expr {
        Expr::Int { value, bits: 32 }
    }
    fn x() -> Expr {
        Expr::Var(VarId(0), INT)
    }
    fn m() -> Expr {
        Expr::Var(VarId(1), MEM)
    }
    fn eq(a: Expr, b: Expr) -> Expr {
        Expr::Cmp { pred: CmpPred::Eq, bits: 32, a: Box::new(a), b: Box::new(b) }
    }
    fn select(a: Expr, i: Expr) -> Expr {
        Expr::Select { array: Box::new(a), index: Box::new(i) }
    }
    fn store(a: Expr, i: Expr, v: Expr) -> Expr {
        Expr::Store { array: Box::new(a), index: Box::new(i), value: Box::new(v) }
    }

    /// A location of a test program, with its live variables.
    pub(crate) fn loc(name: &str, live: Vec<VarId>) -> Location {
        Location { name: name.into(), live, ..Default::default() }
    }

    /// An edge of a test program.
    pub(crate) fn edge(src: u32, dst: u32, body: Vec<Stmt>) -> Edge {
        Edge { src: LocId(src), dst: LocId(dst), body, src_loc: Default::default(), failure: None, calls: Vec::new() }
    }

    /// entry -[x := 0]-> mid -[m := store(m, x, 7)]-> head -[m[0] != 7]-> error,
    /// with `x` (i32) and the region `m`; `x` is live at `mid` only.
    pub(crate) fn store_chain() -> Program {
        Program {
            vars: vec![
                Var { name: "x".into(), sort: INT, src_name: None, float: None },
                Var { name: "m".into(), sort: MEM, src_name: None, float: None },
            ],
            locs: vec![
                loc("entry", vec![VarId(1)]),
                loc("mid", vec![VarId(0), VarId(1)]),
                loc("head", vec![VarId(1)]),
                loc("error", vec![]),
            ],
            edges: vec![
                edge(0, 1, vec![Stmt::Assign(VarId(0), int(0))]),
                edge(1, 2, vec![Stmt::Assign(VarId(1), store(m(), x(), int(7)))]),
                edge(2, 3, vec![Stmt::Assume(Expr::negate(eq(select(m(), int(0)), int(7))))]),
            ],
            entry: LocId(0),
            error: LocId(3),
            ..Program::default()
        }
    }

    #[test]
    fn assignments_substitute_and_assumptions_imply() {
        let p = store_chain();
        let post = eq(select(m(), int(0)), int(7));
        let body = [Stmt::Assume(eq(x(), int(0))), Stmt::Assign(VarId(1), store(m(), x(), int(7)))];
        let want = Expr::Or(vec![Expr::negate(eq(x(), int(0))), eq(select(store(m(), x(), int(7)), int(0)), int(7))]);
        assert_eq!(wp(&p, &body, post.clone()), want);
        // simultaneous assignment: x and m swap roles at once
        let par = [Stmt::Parallel(vec![(VarId(0), int(3)), (VarId(1), store(m(), x(), int(1)))])];
        assert_eq!(wp(&p, &par, eq(select(m(), x()), x())), eq(select(store(m(), x(), int(1)), int(3)), int(3)));
        // assume false-post is the negated guard; a true post stays true
        assert_eq!(wp(&p, &[Stmt::Assume(eq(x(), int(0)))], Expr::Bool(false)), Expr::negate(eq(x(), int(0))));
        assert_eq!(wp(&p, &[Stmt::Assume(eq(x(), int(0)))], Expr::Bool(true)), Expr::Bool(true));
    }

    #[test]
    fn a_havocked_variable_is_bound_at_every_depth() {
        let p = store_chain();
        let havoc = Stmt::Havoc(VarId(0), HavocKind::Unmodelled { why: "test".into() }, Default::default());
        // x is not read: nothing to quantify
        assert_eq!(
            wp(&p, std::slice::from_ref(&havoc), eq(select(m(), int(0)), int(7))),
            eq(select(m(), int(0)), int(7))
        );
        // forall k. m[k] == x  becomes  forall x'. forall k. m[k] == x'
        let k = Expr::Bound { index: 0, sort: INT };
        let post = Expr::Forall { sorts: vec![INT], body: Box::new(eq(select(m(), k.clone()), x())) };
        let got = wp(&p, &[havoc], post);
        let inner =
            Expr::Forall { sorts: vec![INT], body: Box::new(eq(select(m(), k), Expr::Bound { index: 1, sort: INT })) };
        assert_eq!(got, Expr::Forall { sorts: vec![INT], body: Box::new(inner) });
    }

    #[test]
    fn missing_labels_are_filled_backwards_and_a_cycle_is_named() {
        let p = store_chain();
        let head = eq(select(m(), int(0)), int(7));
        let mut labels = vec![Some(Expr::Bool(true)), None, Some(head), None];
        fill_labels(&p, &mut labels).unwrap();
        assert_eq!(labels[3], Some(Expr::Bool(false)));
        assert_eq!(labels[1], Some(eq(select(store(m(), x(), int(7)), int(0)), int(7))));
        // a loop of unlabelled locations has no weakest precondition here
        let mut looped = p.clone();
        looped.edges.push(Edge {
            src: LocId(2),
            dst: LocId(1),
            body: vec![Stmt::Assign(
                VarId(0),
                Expr::Bin { op: BinOp::Add, bits: 32, nsw: false, nuw: false, a: Box::new(x()), b: Box::new(int(1)) },
            )],
            src_loc: Default::default(),
            failure: None,
            calls: Vec::new(),
        });
        let mut labels = vec![Some(Expr::Bool(true)), None, None, Some(Expr::Bool(false))];
        let e = fill_labels(&looped, &mut labels).unwrap_err();
        assert!(e.contains("mid") || e.contains("head"), "{e}");
    }
}
