//! The independent check of a SAFE answer (DESIGN.md "Answers you can trust"):
//! an invariant per location, re-checked by fresh Z3 solvers, one query per
//! program edge, under the same integer semantics as the engine:
//! initiation (`true ⇒ Inv(en)`), consecution (`Inv(l) ∧ encode(e) ⇒ Inv(l')`)
//! and safety (`Inv(err) ≡ false`, checked as consecution into `err`).

use super::canon::Canon;
use super::lower::Lowerer;
use super::solve;
use super::IntSemantics;
use crate::ir::{LocId, Program};
use z3::ast::{Ast, Bool, Dynamic};

/// Why a certificate was rejected.
#[derive(Debug, Clone)]
pub struct Rejection {
    pub what: String,
}

/// Checks that `inv` (one formula per location over canonical constants) is an
/// inductive invariant that excludes the error location.
pub fn check(p: &Program, sem: IntSemantics, inv: &[Bool]) -> Result<(), Rejection> {
    let mut l = Lowerer::new(sem);
    let canon = Canon::new(p, &l);
    let name = |x: LocId| p.loc(x).name.clone();
    // safety
    if solve::is_sat(&[inv[p.error.0 as usize].clone()]) != Some(false) {
        return Err(Rejection { what: "the invariant at the error location is not false".into() });
    }
    // initiation
    let init = canon.ranges(p, &l, p.entry);
    if solve::implies(&init, &inv[p.entry.0 as usize]) != Some(true) {
        return Err(Rejection { what: format!("initiation fails at {}", name(p.entry)) });
    }
    // consecution
    let sorts = |v| p.var(v).sort;
    for e in p.edge_ids() {
        let edge = p.edge(e);
        let pre = canon.state(p, edge.src);
        let enc = l.body(&edge.body, &pre, &sorts);
        let mut subst: Vec<(Dynamic, Dynamic)> = Vec::new();
        for v in &p.loc(edge.dst).live {
            let to = match enc.post.get(v) {
                Some(x) => x.dynamic(),
                None => l.fresh("unset", p.var(*v).sort).dynamic(),
            };
            subst.push((canon.of(*v).dynamic(), to));
        }
        let pairs: Vec<(&Dynamic, &Dynamic)> = subst.iter().map(|(a, b)| (a, b)).collect();
        let goal = inv[edge.dst.0 as usize].substitute(&pairs);
        let mut hyps = canon.ranges(p, &l, edge.src);
        hyps.push(inv[edge.src.0 as usize].clone());
        hyps.push(enc.cond);
        hyps.extend(l.take_side());
        match solve::implies(&hyps, &goal) {
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
