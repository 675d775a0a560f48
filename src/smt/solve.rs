//! Plain SMT queries used by the engines: satisfiability and validity of
//! formulas, each on a fresh solver.

use z3::ast::Bool;
use z3::{SatResult, Solver};

/// Is `f` satisfiable? `None` if Z3 does not know (e.g. interrupted).
pub fn is_sat(f: &[Bool]) -> Option<bool> {
    let s = Solver::new();
    for x in f {
        s.assert(x);
    }
    match s.check() {
        SatResult::Sat => Some(true),
        SatResult::Unsat => Some(false),
        SatResult::Unknown => None,
    }
}

/// Does `hyps ⇒ goal` hold? `None` if Z3 does not know.
pub fn implies(hyps: &[Bool], goal: &Bool) -> Option<bool> {
    let mut f: Vec<Bool> = hyps.to_vec();
    f.push(goal.not());
    is_sat(&f).map(|sat| !sat)
}
