//! The independent check of a SAFE answer for a program with procedures
//! (issue 44 §2; `answer::ProcedureProof`): every clause of the program's
//! non-linear Horn clauses (`chc::procedures::clauses`, built again here by
//! a lowerer of its own) is valid under the certificate's interpretation,
//! each asked of a solver of its own (one push/pop scope per clause,
//! [`solve::Reused`]), under the engine's integer semantics: the entry's
//! initiation, consecution along every edge of every program with the
//! callees' summaries (their exits' invariants) assumed at each call, every
//! call's arguments within the callee's calling contexts, every procedure's
//! start within its contexts, and no program's error location reachable.
//! Every interpretation must lower exactly, as in `check::cert`.

use crate::answer::ProcedureProof;
use crate::chc::procedures::{self, Pred};
use crate::ir::procedures::Procedures;
use crate::smt::hoare::lower;
use crate::smt::lower::{Lowerer, Val};
use crate::smt::solve;
use crate::smt::IntSemantics;
use std::collections::HashMap;
use z3::ast::Bool;

/// Checks `proof` against `ps`; `Err` names the first clause that fails.
pub fn check(ps: &Procedures, sem: IntSemantics, proof: &ProcedureProof) -> Result<(), String> {
    if proof.procedures.len() != ps.procedures.len() {
        return Err(format!(
            "{} procedures in the certificate, {} in the program",
            proof.procedures.len(),
            ps.procedures.len()
        ));
    }
    let mut l = Lowerer::new(sem);
    let canons = procedures::canons(ps, &l);
    let mut interpretation: HashMap<Pred, Bool> = HashMap::new();
    let invariants = std::iter::once(&proof.main).chain(proof.procedures.iter().map(|f| &f.invariants));
    for (k, (p, inv)) in ps.programs().zip(invariants).enumerate() {
        if inv.len() != p.locs.len() {
            return Err(format!("{} invariants for the {} locations of {}", inv.len(), p.locs.len(), p.function));
        }
        for (loc, e) in p.loc_ids().zip(inv) {
            interpretation.insert(Pred::Loc(k, loc), lower(p, &mut l, &canons[k], loc, e)?);
        }
    }
    for (i, (f, given)) in ps.procedures.iter().zip(&proof.procedures).enumerate() {
        if given.function != f.name() {
            return Err(format!("the certificate's procedure '{}' is '{}' in the program", given.function, f.name()));
        }
        let env = f.params.iter().map(|v| (*v, canons[i + 1].of(*v).clone())).collect();
        match l.exact(&given.context, &env) {
            Ok(Val::B(b)) => interpretation.insert(Pred::Context(i), b),
            Ok(_) => return Err(format!("the calling context of {} is not a formula", f.name())),
            Err(why) => return Err(format!("the calling context of {} is not exact: {why}", f.name())),
        };
    }
    let clauses = procedures::clauses(ps, &mut l)?;
    let solver = solve::Reused::new(sem);
    for c in &clauses {
        let at = |a: &procedures::Atom| procedures::instantiate(ps, &canons, &interpretation[&a.pred], a);
        let mut hyps: Vec<Bool> = c.body.iter().map(at).collect();
        hyps.extend(c.constraints.iter().cloned());
        let answer = match &c.head {
            Some(h) => solver.implies(&hyps, &at(h)),
            None => solver.is_sat(&hyps).map(|sat| !sat),
        };
        match answer {
            Some(true) => {}
            Some(false) => return Err(format!("the clause of {} is not valid", c.what)),
            None => return Err(format!("the clause of {} timed out or was unknown", c.what)),
        }
    }
    Ok(())
}
