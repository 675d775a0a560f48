//! The independent check of a SAFE answer (DESIGN.md "Answers you can trust"):
//! an invariant per location, re-checked by a Z3 solver of its own (one
//! push/pop scope per query, [`solve::Reused`]), one query per program edge,
//! under the same integer semantics as the engine:
//! initiation (`true ⇒ Inv(en)`), consecution (`Inv(l) ∧ encode(e) ⇒ Inv(l')`)
//! and safety (`Inv(err) ≡ false`, checked as consecution into `err`).
//! An invariant is an `ir::Expr`; it must lower exactly (an invariant whose
//! lowering would need a fresh value is rejected, never approximated).
//!
//! Independent of the engine (its solver instance and that solver's state:
//! the certificate is lowered again here), not of the lowering (`lower`,
//! `transition`, `canon`) nor of Z3. Each query is an [`Obligation`], whose
//! words every rejection uses; [`print`] gives the queries as SMT-LIB for a
//! second solver (`--validate`, [`super::validate`]). The certificate of a
//! complete unrolling is a bound instead ([`complete_within`]): its
//! unwinding query is built and solved again here.

use super::query::Obligation;
use super::validate::Script;
use crate::ir::{Expr, Program};
use crate::smt::canon::Canon;
use crate::smt::hoare::{hoare_query, lower};
use crate::smt::lower::Lowerer;
use crate::smt::solve;
use crate::smt::IntSemantics;
use z3::ast::Bool;

/// Why a certificate was rejected.
#[derive(Debug, Clone)]
pub struct Rejection {
    pub what: String,
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
/// ([`crate::smt::deadline::detached`]), so that Z3's bit-vector
/// internalization, which does not poll the interrupt, cannot hold the
/// caller past the installed deadline. Under `lia` and `math` it runs here:
/// no such call was seen there, and a second context costs about 10 ms, as
/// much as a small check (measured on locks/test_locks_5: 0.011 s -> 0.021 s;
/// 22% more CPU per task over the shared set).
pub fn check(p: &Program, sem: IntSemantics, inv: &[Expr]) -> Result<(), Rejection> {
    let inv = inv.to_vec();
    here_or_detached(p, sem, move |p| check_here(p, sem, &inv, Mode::Check).map(|_| ()))
        .unwrap_or_else(|| Err(Rejection { what: format!("the check {}", crate::smt::deadline::ABANDONED) }))
}

/// `decide(p)` in this thread's Z3 context, or under `bv` on a detached
/// thread and context of its own (`None` if it was abandoned there): see
/// [`check`] for why.
fn here_or_detached<R: Send + 'static>(
    p: &Program,
    sem: IntSemantics,
    decide: impl FnOnce(&Program) -> R + Send + 'static,
) -> Option<R> {
    if sem != IntSemantics::Bv {
        return Some(decide(p));
    }
    let p = p.clone();
    crate::smt::deadline::detached(move || decide(&p))
}

/// `Ok` if no path of `dag` over `p` is feasible; else `feasible`, or why
/// the query of `what` failed.
fn no_path(
    p: &Program,
    sem: IntSemantics,
    dag: &crate::cfg::Dag,
    feasible: String,
    what: String,
) -> Result<(), String> {
    match crate::chc::argcond(p, &mut Lowerer::new(sem), dag) {
        Ok(None) => Ok(()),
        Ok(Some(_)) => Err(feasible),
        Err(why) => Err(format!("{what}: {why}")),
    }
}

/// Checks the certificate of a complete unrolling (`Certificate::complete_within`):
/// the unwinding query of depth `steps - 1` (`cfg::unroll::unwinding`: an
/// error within `steps` steps, or an execution that goes on past them) has
/// no feasible path. Built here from the program and solved in this check's
/// own Z3 context (under `bv` on a detached thread, as [`check`]).
pub fn complete_within(p: &Program, sem: IntSemantics, steps: usize) -> Result<Option<Script>, String> {
    let Some(depth) = steps.checked_sub(1) else { return Err("a complete unrolling of 0 steps".into()) };
    here_or_detached(p, sem, move |p| {
        let (q, dag) = crate::cfg::unroll::unwinding(p, depth);
        let feasible = format!("some execution reaches the error or goes on past {steps} steps");
        no_path(&q, sem, &dag, feasible, format!("the unwinding query of {steps} steps")).map(|()| None)
    })
    .unwrap_or_else(|| Err(format!("the check {}", crate::smt::deadline::ABANDONED)))
}

/// Checks a k-induction proof (`Certificate::k_induction`): the
/// strengthening `inv` is inductive (initiation and consecution, the error's
/// invariant not asked to be `false`), no error is within `k` steps of the
/// entry (`cfg::unroll::unroll`), and `k` consecutive states that satisfy
/// `inv` and are not at the error are never followed by the error
/// (`cfg::unroll::induction_step`). Each built here from the program and
/// solved in this check's own context (under `bv` on a detached thread).
pub fn k_inductive(p: &Program, sem: IntSemantics, inv: &[Expr], k: usize) -> Result<Option<Script>, String> {
    let inv = inv.to_vec();
    here_or_detached(p, sem, move |p| {
        check_here(p, sem, &inv, Mode::Inductive).map_err(|r| format!("the strengthening: {}", r.what))?;
        let base = crate::cfg::unroll::unroll(p, k);
        no_path(p, sem, &base, format!("an error within {k} steps"), format!("the base case of {k} steps"))?;
        let (q, step) = crate::cfg::unroll::induction_step(p, &inv, k);
        let feasible = format!("not {k}-inductive: {k} states within the strengthening can reach the error");
        no_path(&q, sem, &step, feasible, format!("the inductive step of {k}")).map(|()| None)
    })
    .unwrap_or_else(|| Err(format!("the check {}", crate::smt::deadline::ABANDONED)))
}

/// [`check`], then the same queries as an SMT-LIB script for a second solver
/// ([`super::validate`]): every query the check asked, in the order it asked
/// them, each of them unsatisfiable for Z3. The check runs exactly as
/// without the script (no term of it is kept alive for printing: Z3's
/// search depends on the identities of its terms); the queries are lowered
/// and printed afresh once it passed, by the same deterministic lowering,
/// so they are the formulas Z3 was asked.
pub fn check_and_print(p: &Program, sem: IntSemantics, inv: &[Expr]) -> Result<Script, Rejection> {
    check(p, sem, inv)?;
    print(p, sem, inv)
}

/// The queries [`check`] asks of `inv`, printed without asking Z3: what a
/// second solver sees of a certificate whether Z3 accepts it or not (the
/// tests plant wrong ones). `Err` only if an invariant does not lower.
pub fn print(p: &Program, sem: IntSemantics, inv: &[Expr]) -> Result<Script, Rejection> {
    check_here(p, sem, inv, Mode::Print).map(Option::unwrap_or_default)
}

/// What [`check_here`] does with each query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Asks Z3.
    Check,
    /// Prints the queries.
    Print,
    /// Asks Z3 whether the invariants are inductive (initiation and
    /// consecution), not whether they exclude the error.
    Inductive,
}

/// [`check`] in this thread's Z3 context, and the queries as a script if the
/// mode prints them (`None` if not).
fn check_here(p: &Program, sem: IntSemantics, inv: &[Expr], mode: Mode) -> Result<Option<Script>, Rejection> {
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
    let solver = solve::Reused::new(sem);
    let mut queries: Vec<(Obligation, Vec<Bool>)> = Vec::new();
    let mut ask = |what: Obligation, hyps: Vec<Bool>, goal: Option<&Bool>| -> Result<(), Rejection> {
        let answer = match (mode, goal) {
            (Mode::Print, _) => Some(true),
            (_, Some(g)) => solver.implies(&hyps, g),
            (_, None) => solver.is_sat(&hyps).map(|sat| !sat),
        };
        match answer {
            Some(true) => {}
            Some(false) => return Err(Rejection { what: what.fails(p) }),
            None => return Err(Rejection { what: format!("{} timed out or was unknown", what.what(p)) }),
        }
        if mode == Mode::Print {
            let mut f = hyps;
            f.extend(goal.map(Bool::not));
            queries.push((what, f));
        }
        Ok(())
    };
    // safety (not of a k-induction's strengthening)
    if mode != Mode::Inductive {
        ask(Obligation::Safety, vec![inv[p.error.0 as usize].clone()], None)?;
    }
    // initiation
    ask(Obligation::Initiation, canon.ranges(p, &l, p.entry), Some(&inv[p.entry.0 as usize]))?;
    // consecution
    for e in p.edge_ids() {
        let edge = p.edge(e);
        let (pre, post) = (&inv[edge.src.0 as usize], &inv[edge.dst.0 as usize]);
        let (hyps, goal) = hoare_query(p, &mut l, &canon, pre, e, post);
        ask(Obligation::Consecution(e), hyps, Some(&goal))?;
    }
    Ok((mode == Mode::Print).then(|| super::validate::script(&queries)))
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
