//! Plain SMT queries used by the engines: satisfiability and validity of
//! formulas, each on a fresh solver, or many in a row on one [`Reused`] solver.

use super::IntSemantics;
use z3::ast::Bool;
use z3::{SatResult, Solver};

/// A fresh solver whose checks stop at the installed deadline.
pub fn solver() -> Solver {
    let s = Solver::new();
    set_timeout(&s, None);
    s
}

/// Limits `s`'s checks to the time left before the installed deadline and to
/// `cap_ms`, whichever is less; returns the limit set (`None`: no limit).
pub fn set_timeout(s: &Solver, cap_ms: Option<u32>) -> Option<u32> {
    let ms = match (super::deadline::remaining_ms(), cap_ms) {
        (Some(left), Some(cap)) => Some(left.min(cap)),
        (left, cap) => left.or(cap),
    };
    if let Some(ms) = ms {
        let mut p = z3::Params::new();
        p.set_u32("timeout", ms);
        // `timeout` is a parameter of every Z3 solver: a rejection is a bug.
        if let Err(e) = super::params::set_solver(s, &p) {
            panic!("{e}");
        }
    }
    ms
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

    /// A fresh solver for every query.
    pub fn fresh() -> Reused {
        Reused { s: None }
    }

    /// Runs `f` on the reused solver in a scope of its own (popped after),
    /// or on a fresh solver (bit-vectors, `fresh()`): a fresh Z3 solver's
    /// first check builds its tactic, which costs more than a small query.
    pub fn scoped<R>(&self, f: impl FnOnce(&Solver) -> R) -> R {
        match &self.s {
            Some(s) => {
                set_timeout(s, None);
                s.push();
                let r = f(s);
                s.pop(1);
                r
            }
            None => f(&solver()),
        }
    }

    /// Is the conjunction of `f` satisfiable? `None` if Z3 does not know.
    pub fn is_sat(&self, f: &[Bool]) -> Option<bool> {
        if self.s.is_none() {
            return is_sat(f);
        }
        let r = self.scoped(|s| {
            for x in f {
                s.assert(x);
            }
            s.check()
        });
        let time_left = super::deadline::remaining_ms().is_none_or(|ms| ms > 1);
        match answer(r) {
            None if time_left => is_sat(f),
            a => a,
        }
    }

    /// Does `hyps ⇒ goal` hold? `None` if Z3 does not know. With
    /// quantifiers, their instances (`smt::instances`) are tried first.
    pub fn implies(&self, hyps: &[Bool], goal: &Bool) -> Option<bool> {
        let mut f: Vec<Bool> = hyps.to_vec();
        f.push(goal.not());
        if let Some(g) = super::instances::ground(&f) {
            if self.is_sat(&g) == Some(false) {
                return Some(true);
            }
        }
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
    Reused::fresh().implies(hyps, goal)
}
