//! Plain SMT queries used by the engines: satisfiability and validity of
//! formulas, each on a fresh solver, or many in a row on one [`Reused`] solver.

use super::IntSemantics;
use z3::ast::Bool;
use z3::{SatResult, Solver};

/// A fresh solver whose checks stop at the installed deadline.
pub fn solver() -> Solver {
    let s = Solver::new();
    set_deadline(&s);
    s
}

fn set_deadline(s: &Solver) {
    if let Some(ms) = super::deadline::remaining_ms() {
        let mut p = z3::Params::new();
        p.set_u32("timeout", ms);
        s.set_params(&p);
    }
}

fn answer(r: SatResult) -> Option<bool> {
    match r {
        SatResult::Sat => Some(true),
        SatResult::Unsat => Some(false),
        SatResult::Unknown => None,
    }
}

/// One solver for many small queries in a row (push, assert, check, pop).
/// Z3 builds a fresh solver's kernel on its first assertion, which costs about
/// 10 ms, more than a typical covering check or Hoare-triple check itself.
/// Under `--int bv` every query still gets a fresh solver (Z3 bit-blasts a
/// fresh solver's query up front, which its incremental kernel does not), and
/// a query the reused solver cannot decide is asked again on a fresh one, so
/// reuse never answers `None` where a fresh solver would not.
pub struct Reused {
    s: Option<Solver>,
}

impl Reused {
    pub fn new(sem: IntSemantics) -> Reused {
        Reused { s: (sem != IntSemantics::Bv).then(Solver::new) }
    }

    /// Is the conjunction of `f` satisfiable? `None` if Z3 does not know.
    pub fn is_sat(&self, f: &[Bool]) -> Option<bool> {
        let Some(s) = &self.s else { return is_sat(f) };
        set_deadline(s);
        s.push();
        for x in f {
            s.assert(x);
        }
        let r = s.check();
        s.pop(1);
        let time_left = super::deadline::remaining_ms().is_none_or(|ms| ms > 1);
        match answer(r) {
            None if time_left => is_sat(f),
            a => a,
        }
    }

    /// Does `hyps ⇒ goal` hold? `None` if Z3 does not know.
    pub fn implies(&self, hyps: &[Bool], goal: &Bool) -> Option<bool> {
        let mut f: Vec<Bool> = hyps.to_vec();
        f.push(goal.not());
        self.is_sat(&f).map(|sat| !sat)
    }
}

/// Is `f` satisfiable? `None` if Z3 does not know (e.g. timed out).
pub fn is_sat(f: &[Bool]) -> Option<bool> {
    let s = solver();
    for x in f {
        s.assert(x);
    }
    answer(s.check())
}

/// Does `hyps ⇒ goal` hold (on a fresh solver)? `None` if Z3 does not know.
pub fn implies(hyps: &[Bool], goal: &Bool) -> Option<bool> {
    Reused { s: None }.implies(hyps, goal)
}
