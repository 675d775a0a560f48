//! The independent check of a SAFE answer (DESIGN.md "Answers you can trust"):
//! an invariant per location, re-checked by a Z3 solver of its own (one
//! push/pop scope per query, [`solve::Reused`]), one query per program edge,
//! under the same integer semantics as the engine:
//! initiation (`true ⇒ Inv(en)`), consecution (`Inv(l) ∧ encode(e) ⇒ Inv(l')`)
//! and safety (`Inv(err) ≡ false`, checked as consecution into `err`).
//! An invariant is an `ir::Expr`; it must lower exactly (an invariant whose
//! lowering would need a fresh value is rejected, never approximated).

use super::canon::Canon;
use super::lower::{Lowerer, Val};
use super::solve;
use super::IntSemantics;
use crate::ir::{EdgeId, Expr, LocId, Program};
use z3::ast::{Ast, Bool, Dynamic};

/// Why a certificate was rejected.
#[derive(Debug, Clone)]
pub struct Rejection {
    pub what: String,
}

/// An invariant at `loc` over the canonical constants of its in-scope
/// variables, lowered exactly (no fresh constant, no over-approximation).
pub fn lower(p: &Program, l: &mut Lowerer, canon: &Canon, loc: LocId, e: &Expr) -> Result<Bool, String> {
    match l.exact(e, &canon.state(p, loc)) {
        Ok(Val::B(b)) => Ok(b),
        Ok(_) => Err(format!("the invariant at {} is not a formula", p.loc(loc).name)),
        Err(why) => Err(format!("the invariant at {} is not exact: {why}", p.loc(loc).name)),
    }
}

/// The invariants as SMT-LIB text over the canonical constants (for reports).
pub fn smtlib(p: &Program, sem: IntSemantics, inv: &[Expr]) -> Vec<String> {
    let mut l = Lowerer::new(sem);
    let canon = Canon::new(p, &l);
    p.loc_ids()
        .zip(inv)
        .map(|(loc, e)| lower(p, &mut l, &canon, loc, e).map(|b| b.to_string()).unwrap_or_else(|why| why))
        .collect()
}

/// Checks that `inv` (one expression per location over its in-scope
/// variables) is an inductive invariant that excludes the error location.
/// Under `bv` the check runs on a thread and Z3 context of its own
/// ([`super::deadline::detached`]), so that Z3's bit-vector
/// internalization, which does not poll the interrupt, cannot hold the
/// caller past the installed deadline. Under `lia` and `math` it runs here:
/// no such call was seen there, and a second context costs about 10 ms, as
/// much as a small check (measured on locks/test_locks_5: 0.011 s -> 0.021 s;
/// 22% more CPU per task over the shared set).
pub fn check(p: &Program, sem: IntSemantics, inv: &[Expr]) -> Result<(), Rejection> {
    if sem != IntSemantics::Bv {
        return check_here(p, sem, inv);
    }
    let (p, inv) = (p.clone(), inv.to_vec());
    super::deadline::detached(move || check_here(&p, sem, &inv))
        .unwrap_or_else(|| Err(Rejection { what: format!("the check {}", super::deadline::ABANDONED) }))
}

/// [`check`] in this thread's Z3 context.
fn check_here(p: &Program, sem: IntSemantics, inv: &[Expr]) -> Result<(), Rejection> {
    if inv.len() != p.locs.len() {
        return Err(Rejection { what: format!("{} invariants for {} locations", inv.len(), p.locs.len()) });
    }
    let mut l = Lowerer::new(sem);
    let canon = Canon::new(p, &l);
    let inv = p
        .loc_ids()
        .zip(inv)
        .map(|(loc, e)| lower(p, &mut l, &canon, loc, e))
        .collect::<Result<Vec<Bool>, String>>()
        .map_err(|what| Rejection { what })?;
    let name = |x: LocId| p.loc(x).name.clone();
    let solver = solve::Reused::new(sem);
    // safety
    if solver.is_sat(&[inv[p.error.0 as usize].clone()]) != Some(false) {
        return Err(Rejection { what: "the invariant at the error location is not false".into() });
    }
    // initiation
    let init = canon.ranges(p, &l, p.entry);
    if solver.implies(&init, &inv[p.entry.0 as usize]) != Some(true) {
        return Err(Rejection { what: format!("initiation fails at {}", name(p.entry)) });
    }
    // consecution
    for e in p.edge_ids() {
        let edge = p.edge(e);
        let (pre, post) = (&inv[edge.src.0 as usize], &inv[edge.dst.0 as usize]);
        match hoare_triple(p, &mut l, &canon, pre, e, post, &solver) {
            Some(true) => {}
            Some(false) => {
                return Err(Rejection {
                    what: format!(
                        "consecution fails on the edge {} -> {} ({})",
                        name(edge.src),
                        name(edge.dst),
                        edge.src_loc
                    ),
                })
            }
            None => {
                return Err(Rejection {
                    what: format!(
                        "the check of the edge {} -> {} timed out or was unknown",
                        name(edge.src),
                        name(edge.dst)
                    ),
                })
            }
        }
    }
    Ok(())
}

/// The transition relation of one edge over canonical constants: hypotheses
/// over the source's constants (ranges, the body's constraints) and the map of
/// the target's constants to their values after the body.
pub struct EdgeRelation {
    pub hyps: Vec<Bool>,
    subst: Vec<(Dynamic, Dynamic)>,
}

impl EdgeRelation {
    pub fn new(p: &Program, l: &mut Lowerer, canon: &Canon, e: EdgeId) -> EdgeRelation {
        let t = super::transition::of_edge(p, l, e, &canon.state(p, p.edge(e).src));
        let subst = t.post.into_iter().map(|(v, x)| (canon.of(v).dynamic(), x.dynamic())).collect();
        let mut hyps = canon.ranges(p, l, p.edge(e).src);
        hyps.extend(t.constraints);
        EdgeRelation { hyps, subst }
    }

    /// `f` (over the target's canonical constants) in terms of the source state.
    pub fn at_target(&self, f: &Bool) -> Bool {
        let pairs: Vec<(&Dynamic, &Dynamic)> = self.subst.iter().map(|(a, b)| (a, b)).collect();
        f.substitute(&pairs)
    }
}

/// Is `{pre} e {post}` a valid Hoare triple? `pre` and `post` are over the
/// canonical constants of the edge's source and target; values are assumed in
/// range at the source. `None` if Z3 does not know.
pub fn hoare_triple(
    p: &Program,
    l: &mut Lowerer,
    canon: &Canon,
    pre: &Bool,
    e: EdgeId,
    post: &Bool,
    solver: &solve::Reused,
) -> Option<bool> {
    let rel = EdgeRelation::new(p, l, canon, e);
    let mut hyps = rel.hyps.clone();
    hyps.push(pre.clone());
    solver.implies(&hyps, &rel.at_target(post))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::wp;

    /// The weakest precondition fills a location's label so that the
    /// certificate is inductive where `true` (what Spacer's model converter
    /// gave an inlined location of mcmillan2006 at -O0) is not.
    #[test]
    fn a_label_filled_by_weakest_precondition_passes_the_check() {
        let p = wp::tests::store_chain();
        let head = p.edges[2].body[0].clone();
        let crate::ir::Stmt::Assume(Expr::Not(m0_is_7)) = head else { panic!("the error edge's guard") };
        for sem in [IntSemantics::Lia, IntSemantics::Bv] {
            let mut labels = vec![Some(Expr::Bool(true)), None, Some((*m0_is_7).clone()), Some(Expr::Bool(false))];
            wp::fill_labels(&p, &mut labels).unwrap();
            let filled: Vec<Expr> = labels.into_iter().map(Option::unwrap).collect();
            assert!(check(&p, sem, &filled).is_ok(), "{sem:?}: {:?}", check(&p, sem, &filled));
            let mut weak = filled.clone();
            weak[1] = Expr::Bool(true);
            let e = check(&p, sem, &weak).unwrap_err();
            assert!(e.what.contains("mid -> head"), "{sem:?}: {e:?}");
        }
    }
}
