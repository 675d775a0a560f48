//! Plain SMT queries used by the engines: satisfiability and validity of
//! formulas, each on a fresh solver.

use z3::ast::Bool;
use z3::{SatResult, Solver};

/// A fresh solver whose checks stop at the installed deadline.
pub fn solver() -> Solver {
    let s = Solver::new();
    if let Some(ms) = super::deadline::remaining_ms() {
        let mut p = z3::Params::new();
        p.set_u32("timeout", ms);
        s.set_params(&p);
    }
    s
}

/// Is `f` satisfiable? `None` if Z3 does not know (e.g. timed out).
pub fn is_sat(f: &[Bool]) -> Option<bool> {
    let s = solver();
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
