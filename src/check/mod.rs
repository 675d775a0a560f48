//! The independent check of every answer (DESIGN.md "Answers you can trust"),
//! for every engine alike: an engine proposes, this module disposes.
//!
//! - SAFE comes with a candidate certificate (an invariant per location); it is
//!   re-checked by a Z3 solver of its own, one query per edge (`check::cert`). If the
//!   check fails, the answer becomes UNKNOWN ("certificate rejected: ...", naming
//!   the failing edge). That check is independent of the engine's solver and
//!   its state, not of the lowering (`smt::lower`) nor of Z3.
//! - With `--validate`, a certificate Z3 accepted is checked again by cvc5
//!   (`check::validate`: the same queries, printed as SMT-LIB, in a process of
//!   its own): independent of Z3's solving, still the same lowering. SAFE then
//!   needs cvc5's `unsat` on every query; its `sat` is "certificate rejected by
//!   cvc5: ..." naming the obligation, and no cvc5, its `unknown` or the
//!   deadline is UNKNOWN saying so (never SAFE unvalidated).
//! - SAFE is never claimed for a program whose model may miss an error call
//!   (`Program::safe_blocked`: an error function inlined beyond recognition).
//! - UNSAFE comes with a trace; it is replayed on the real program (`replay`).
//!   If the error is not reached, the trace's path is checked bit-precisely
//!   (`check::path`): an infeasible one is spurious, a feasible one is replayed
//!   as the bit-precise model ran it and, failing that, with the program's
//!   uninitialized locals filled (`replay::replay_filled`: the path may read
//!   memory a fresh stack holds as zero). Nothing reached: the answer becomes
//!   UNKNOWN ("counterexample did not replay: ...").

use crate::answer::{Outcome, Validation, Verdict};
use crate::ir::Program;
use crate::program_inputs::RunInputs;
use crate::replay::{self, Replay};
pub mod cert;
pub mod path;
pub mod procedures;
pub mod query;
pub mod validate;

use crate::smt::Install;
use crate::smt::{Deadline, IntSemantics};
use path::PathCheck;
use std::time::{Duration, Instant};
use validate::{Invalid, Script};

/// How to check an answer: how to replay a counterexample, whether to
/// validate a certificate.
pub struct CheckSetup<'a> {
    pub files: &'a [String],
    /// C sources for the UBSan run when `files` are IR (the plugin's module,
    /// written from memory): the files the module was compiled from.
    pub sources: &'a [String],
    pub data_model: crate::frontend::DataModel,
    pub entry: replay::Entry,
    pub property: crate::frontend::Properties,
    pub harness: Option<&'a std::path::Path>,
    pub limits: crate::program_inputs::ReplayLimits,
    /// Check a certificate Z3 accepted again with cvc5 (`--validate`).
    pub validate: bool,
}

/// Checks the outcome of an engine on the (sliced) program `p` and downgrades
/// it to UNKNOWN if the check fails. Returns the replay result for UNSAFE.
pub fn check(
    p: &Program,
    sem: IntSemantics,
    outcome: &mut Outcome,
    setup: &CheckSetup,
    deadline: &Deadline,
) -> Option<Replay> {
    let t = Instant::now();
    let replayed = match outcome.verdict {
        Verdict::Safe if p.safe_blocked.is_some() && !of_procedures(p, outcome) => {
            outcome.verdict = Verdict::Unknown;
            outcome.reason = p.safe_blocked.clone();
            None
        }
        Verdict::Safe => {
            let _installed = deadline.install();
            let rejected = match check_certificate(p, sem, outcome, setup.validate) {
                Err(why) if deadline.expired() => Some(format!("timeout while checking the certificate ({why})")),
                Err(why) => Some(format!("certificate rejected: {why}")),
                Ok(None) => None,
                Ok(Some(script)) => match validate::validate(p, &script, deadline) {
                    Ok(v) => {
                        let solver = validate::SOLVER.to_string();
                        outcome.stats.validation = Some(Validation {
                            solver,
                            queries: v.queries,
                            with_instances: v.with_instances,
                            time: v.seconds,
                        });
                        None
                    }
                    Err(Invalid::Rejected(why)) => Some(format!("certificate rejected by cvc5: {why}")),
                    Err(Invalid::Undecided(why)) => Some(format!("certificate not validated: {why}")),
                    Err(Invalid::Stopped(why)) => Some(format!("{why} while validating the certificate with cvc5")),
                },
            };
            if let Some(why) = rejected {
                outcome.verdict = Verdict::Unknown;
                outcome.reason = Some(why);
            }
            None
        }
        Verdict::Unsafe => {
            let Some(trace) = &outcome.trace.clone() else {
                outcome.verdict = Verdict::Unknown;
                outcome.reason = Some("the engine gave no counterexample".into());
                return None;
            };
            let limit = Duration::from_secs(10);
            let failure = trace.edges.last().and_then(|e| p.edge(*e).failure.as_ref());
            let kind = |k: &str| failure.is_some_and(|f| f.kind == k);
            let target = replay::Target {
                property: setup.property,
                trap: kind("trap"),
                null_call: kind(crate::ir::INVALID_POINTER_CALL),
                fault: failure.and_then(|f| {
                    let kind = crate::frontend::instrumented_kind(&f.kind)?;
                    Some(replay::Fault { kind, line: f.at.line })
                }),
            };
            let run_trace = |trace: &crate::trace::Trace| {
                let run = RunInputs::of(&trace.inputs);
                match run.exceeds(&setup.limits) {
                    Some(why) => Replay::Impossible(format!("not run: {why}")),
                    None => replay::replay(
                        setup.files,
                        setup.sources,
                        p.executable.as_ref(),
                        setup.data_model,
                        &setup.entry,
                        target,
                        trace,
                        setup.harness,
                        limit,
                    ),
                }
            };
            // (arguments as short as the model's bytes first: `with_short_arguments`)
            let short = crate::program_inputs::with_short_arguments(&trace.inputs)
                .map(|inputs| crate::trace::Trace { inputs, ..trace.clone() })
                .map(|short| (run_trace(&short), short));
            let mut r = match short {
                Some((reached @ Replay::Reached(..), short)) => {
                    outcome.trace = Some(short);
                    reached
                }
                _ => run_trace(trace),
            };
            let mut note = String::new();
            // (the bit-precise model of a path that is feasible but did not replay)
            let mut feasible = None;
            if matches!(r, Replay::NotReached(_)) && sem != IntSemantics::Bv {
                // only a path that is feasible bit-precisely goes to replay again
                let _installed = deadline.install();
                match path::check(p, trace) {
                    PathCheck::Feasible(exact) => match run_trace(&exact) {
                        reached @ Replay::Reached(..) => {
                            outcome.stats.counterexamples.bit_precise_replays += 1;
                            outcome.trace = Some(exact);
                            r = reached;
                        }
                        _ => {
                            note = "; nor did the bit-precise model of its path".into();
                            feasible = Some(exact);
                        }
                    },
                    PathCheck::Infeasible(ops) => {
                        let cex = &mut outcome.stats.counterexamples;
                        cex.spurious += 1;
                        cex.approximated_ops += ops.len();
                        note = match ops.len() {
                            0 => "; its path is infeasible bit-precisely".into(),
                            n => format!(
                                "; its path is infeasible bit-precisely (through {n} over-approximated operation{})",
                                if n == 1 { "" } else { "s" }
                            ),
                        };
                    }
                    PathCheck::Unknown(why) => note = format!("; the bit-precise check of its path: {why}"),
                }
            }
            // (a feasible path the plain build does not follow: through
            // uninitialized memory? `replay::replay_filled`)
            let not_reached = matches!(r, Replay::NotReached(_));
            let feasible = feasible.or_else(|| (not_reached && sem == IntSemantics::Bv).then(|| trace.clone()));
            if let (true, Some(exact)) = (not_reached, feasible) {
                let filled =
                    || replay::replay_filled(setup.files, setup.data_model, &setup.entry, target, &exact, limit);
                if let Some(reached) =
                    RunInputs::of(&exact.inputs).exceeds(&setup.limits).is_none().then(filled).flatten()
                {
                    outcome.trace = Some(exact);
                    r = reached;
                }
            }
            if let Replay::NotReached(why) | Replay::Impossible(why) = &r {
                outcome.verdict = Verdict::Unknown;
                outcome.reason = Some(format!("counterexample did not replay: {why}{note}"));
            }
            Some(r)
        }
        Verdict::Unknown => None,
    };
    outcome.stats.check_time += t.elapsed().as_secs_f64();
    replayed
}

/// Is the outcome's certificate one of the program's procedures (which
/// `safe_blocked` of the bounded program does not concern)?
fn of_procedures(p: &Program, outcome: &Outcome) -> bool {
    let proof = outcome.certificate.as_ref().is_some_and(|c| c.procedures.is_some());
    proof && p.procedures.as_ref().is_some_and(|ps| ps.main.safe_blocked.is_none())
}

/// Checks the certificate of a SAFE outcome; with `print`, returns its
/// queries as the script for the second solver.
fn check_certificate(p: &Program, sem: IntSemantics, outcome: &Outcome, print: bool) -> Result<Option<Script>, String> {
    let Some(c) = &outcome.certificate else { return Err("the engine gave no certificate".into()) };
    if c.sem != sem {
        return Err(format!("found under --int {}, checked under --int {}", c.sem.as_str(), sem.as_str()));
    }
    if let Some(proof) = &c.procedures {
        let Some(ps) = p.procedures.as_deref() else { return Err("the program has no procedures".into()) };
        if let Some(why) = &ps.main.safe_blocked {
            return Err(why.clone());
        }
        if print {
            return Err("cvc5 validates invariants, not procedure summaries".into());
        }
        return procedures::check(ps, sem, proof).map(|()| None);
    }
    if let Some(k) = c.k_induction {
        if print {
            return Err("cvc5 validates invariants, not a k-induction proof".into());
        }
        return cert::k_inductive(p, sem, &c.invariants, k);
    }
    if let Some(steps) = c.complete_within {
        if print {
            return Err("cvc5 validates invariants, not a complete unrolling".into());
        }
        return cert::complete_within(p, sem, steps);
    }
    if print {
        return cert::check_and_print(p, sem, &c.invariants).map(Some).map_err(|r| r.what);
    }
    cert::check(p, sem, &c.invariants).map(|()| None).map_err(|r| r.what)
}
