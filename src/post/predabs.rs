//! Predicate abstraction of one edge's post-image (the Cartesian and Boolean
//! POST operators of papers/ufo-under-over-approximations.txt §4 "Post
//! Operator" and §6 cpUFO/bpUFO), and the atoms of a formula (where the
//! predicates come from).
//!
//! Both operators are sound: the result φ satisfies `parent ∧ τ ⇒ φ'`
//! (Definition 1). An unknown solver answer only drops a predicate (Cartesian)
//! or gives up the Boolean enumeration (the caller falls back to Cartesian).

use crate::smt::hoare::EdgeRelation;
use crate::smt::solve;
use crate::smt::Formula;
use z3::ast::{Ast, Bool, Dynamic};
use z3::SatResult;

/// The atoms of a Boolean formula: the maximal subformulas that are not
/// `and`/`or`/`not`/`=>`/Boolean `ite`/`=`, simplified, without constants.
pub fn atoms(f: &Formula) -> Vec<Formula> {
    let mut out = Vec::new();
    collect(&Dynamic::from_ast(&f.simplify()), &mut out);
    out
}

fn collect(e: &Dynamic, out: &mut Vec<Formula>) {
    let Some(b) = e.as_bool() else { return };
    if e.num_children() > 0 {
        let name = e.decl().name();
        let boolean_args = e.children().iter().all(|c| c.as_bool().is_some());
        if matches!(name.as_str(), "and" | "or" | "not" | "=>" | "xor" | "iff")
            || (matches!(name.as_str(), "=" | "ite") && boolean_args)
            || (name == "ite" && e.children().iter().skip(1).all(|c| c.as_bool().is_some()))
        {
            for c in e.children() {
                collect(&c, out);
            }
            return;
        }
    }
    if b.as_bool().is_none() {
        out.push(b);
    }
}

fn base(s: &z3::Solver, rel: &EdgeRelation, parent: &Bool) {
    for h in &rel.hyps {
        s.assert(h);
    }
    s.assert(parent);
}

/// Cartesian abstraction: the conjunction of the literals over the predicates
/// (over the target's canonical constants) that `parent ∧ τ` implies: `q`
/// where it implies `q`, `¬q` where it implies `¬q`; at most two checks per
/// predicate on one incremental solver (the caller's, in a scope of its
/// own). (Both polarities: a refinement's label `¬(x ≤ -1) ∧ ¬(x ≥ 1)` gives
/// the predicates `x ≤ -1` and `x ≥ 1`, and `x = 0` must be expressible by
/// them.)
pub fn cartesian(solver: &solve::Reused, rel: &EdgeRelation, parent: &Bool, preds: &[Bool]) -> Bool {
    solver.scoped(|s| cartesian_on(s, rel, parent, preds))
}

fn cartesian_on(s: &z3::Solver, rel: &EdgeRelation, parent: &Bool, preds: &[Bool]) -> Bool {
    base(s, rel, parent);
    if s.check() == SatResult::Unsat {
        return Bool::from_bool(false);
    }
    let implies = |goal: &Bool| {
        s.push();
        s.assert(goal.not());
        let r = s.check() == SatResult::Unsat;
        s.pop(1);
        r
    };
    let mut implied = Vec::new();
    for q in preds {
        let at = rel.at_target(q);
        if implies(&at) {
            implied.push(q.clone());
        } else if implies(&at.not()) {
            implied.push(q.not());
        }
    }
    Bool::and(&implied)
}

/// Boolean abstraction: the disjunction of the cubes over the predicates that
/// are consistent with `parent ∧ τ` (AllSAT with blocking clauses over
/// indicator literals). `None` if more than `max_cubes` cubes exist or the
/// solver does not know.
pub fn boolean(rel: &EdgeRelation, parent: &Bool, preds: &[Bool], max_cubes: usize) -> Option<Bool> {
    let s = solve::solver();
    base(&s, rel, parent);
    let ind: Vec<Bool> = (0..preds.len()).map(|_| Bool::fresh_const("pa")).collect();
    for (b, q) in ind.iter().zip(preds) {
        s.assert(b.eq(rel.at_target(q)));
    }
    let mut cubes = Vec::new();
    loop {
        match s.check() {
            SatResult::Unsat => break,
            SatResult::Unknown => return None,
            SatResult::Sat => {}
        }
        if cubes.len() == max_cubes {
            return None;
        }
        let m = s.get_model()?;
        let mut cube = Vec::new();
        let mut block = Vec::new();
        for (b, q) in ind.iter().zip(preds) {
            let v = m.eval(b, true).and_then(|x| x.as_bool()).unwrap_or(false);
            cube.push(if v { q.clone() } else { q.not() });
            block.push(if v { b.not() } else { b.clone() });
        }
        cubes.push(Bool::and(&cube));
        if block.is_empty() {
            break;
        }
        s.assert(Bool::or(&block));
    }
    Some(Bool::or(&cubes).simplify())
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;

    #[test]
    fn atoms_of_a_boolean_combination() {
        let x = Int::new_const("x");
        let y = Int::new_const("y");
        let f = Bool::or(&[Bool::and(&[x.ge(0), y.lt(&x)]), x.ge(0).not()]);
        let a: Vec<String> = atoms(&f).iter().map(|a| a.to_string()).collect();
        assert_eq!(a.len(), 3, "{a:?}");
        assert!(a.iter().all(|s| !s.starts_with("(and") && !s.starts_with("(or") && !s.starts_with("(not")), "{a:?}");
    }
}
