//! The bit-precise check of a counterexample path (issue 19 §1; the
//! explicit-value paper, §IV "Precise Counterexample Check"): an engine's
//! path was found under `lia` or `math`, where some operations are
//! over-approximated (a bit operation on two variables, a shift by a variable
//! amount) or integers are unbounded. When its inputs do not reach the error
//! on the real program, the same edges are checked under `bv`, which is exact:
//!
//! - feasible: the `bv` model gives other inputs for the same path (then they
//!   are replayed instead);
//! - infeasible: the path is spurious; the over-approximated operations it
//!   went through are counted, and the engine runs again bit-precisely (the
//!   portfolio: lazy precision, per run of a member).
//!
//! Invariant: the path is one edge sequence from the entry to the error; the
//! query is the ARG condition (eq. 1–2) of that one-path DAG.

use super::IntSemantics;
use crate::cfg::Dag;
use crate::chc::argcond;
use crate::ir::{Expr, Program};
use crate::smt::lower::Lowerer;
use crate::trace::Trace;

/// What the bit-precise check says of a path.
pub enum PathCheck {
    /// The path is feasible bit-precisely; the trace of a `bv` model of it.
    Feasible(Trace),
    /// It is not; the operations on it `lia` over-approximated (none if the
    /// difference is `math`'s unbounded integers or a wrap-around).
    Infeasible(Vec<Expr>),
    /// The query was not decided (timeout, cancel); why.
    Unknown(String),
}

/// Checks the path of `trace` under `bv`, under a deadline the caller installed.
///
/// Runs on a thread and Z3 context of its own ([`crate::smt::deadline::detached`]):
/// a bit-vector query Z3 cannot interrupt does not hold the caller past the
/// installed deadline.
pub fn check(p: &Program, trace: &Trace) -> PathCheck {
    let (p, trace) = (p.clone(), trace.clone());
    crate::smt::deadline::detached(move || check_here(&p, &trace))
        .unwrap_or_else(|| PathCheck::Unknown(format!("the query {}", crate::smt::deadline::ABANDONED)))
}

/// [`check`] in this thread's Z3 context.
fn check_here(p: &Program, trace: &Trace) -> PathCheck {
    let Some(d) = Dag::of_path(p, &trace.edges) else { return PathCheck::Unknown("an empty path".into()) };
    if d.loc[d.error] != p.error || d.loc[d.entry] != p.entry {
        return PathCheck::Unknown("the path does not lead from the entry to the error".into());
    }
    let mut bv = Lowerer::new(IntSemantics::Bv);
    match argcond::argcond(p, &mut bv, &d) {
        Ok(Some(t)) => PathCheck::Feasible(t),
        Ok(None) => {
            // the over-approximated operations on the path, as `lia` lowers them
            let mut lia = Lowerer::new(IntSemantics::Lia);
            let _ = argcond::encode(p, &mut lia, &d);
            PathCheck::Infeasible(lia.approx_sites)
        }
        Err(why) => PathCheck::Unknown(why),
    }
}
