//! The independent check of every answer (DESIGN.md "Answers you can trust"),
//! for every engine alike: an engine proposes, this module disposes.
//!
//! - SAFE comes with a candidate certificate (an invariant per location); it is
//!   re-checked by a Z3 solver of its own, one query per edge (`smt::cert`). If the
//!   check fails, the answer becomes UNKNOWN ("certificate rejected: ...", naming
//!   the failing edge).
//! - SAFE is never claimed for a program whose model may miss an error call
//!   (`Program::safe_blocked`: an error function inlined beyond recognition).
//! - UNSAFE comes with a trace; it is replayed on the real program (`replay`).
//!   If the error is not reached, the answer becomes UNKNOWN ("counterexample did
//!   not replay: ...").

use crate::engines::{Outcome, Verdict};
use crate::ir::Program;
use crate::replay::{self, Replay};
use crate::smt::path::{self, PathCheck};
use crate::smt::Install;
use crate::smt::{cert, Deadline, IntSemantics};
use std::time::{Duration, Instant};

/// How to replay a counterexample.
pub struct ReplaySetup<'a> {
    pub files: &'a [String],
    /// C sources for the UBSan run when `files` are IR (the plugin's module,
    /// written from memory): the files the module was compiled from.
    pub sources: &'a [String],
    pub data_model: crate::frontend::DataModel,
    pub entry: replay::Entry,
    pub property: crate::frontend::Property,
    pub harness: Option<&'a std::path::Path>,
    pub limits: crate::program_inputs::ReplayLimits,
}

/// Checks the outcome of an engine on the (sliced) program `p` and downgrades
/// it to UNKNOWN if the check fails. Returns the replay result for UNSAFE.
pub fn check(
    p: &Program,
    sem: IntSemantics,
    outcome: &mut Outcome,
    setup: &ReplaySetup,
    deadline: &Deadline,
) -> Option<Replay> {
    let t = Instant::now();
    let replayed = match outcome.verdict {
        Verdict::Safe if p.safe_blocked.is_some() => {
            outcome.verdict = Verdict::Unknown;
            outcome.reason = p.safe_blocked.clone();
            None
        }
        Verdict::Safe => {
            let _installed = deadline.install();
            if let Err(why) = check_certificate(p, sem, outcome) {
                outcome.verdict = Verdict::Unknown;
                outcome.reason = Some(if deadline.expired() {
                    format!("timeout while checking the certificate ({why})")
                } else {
                    format!("certificate rejected: {why}")
                });
            }
            None
        }
        Verdict::Unsafe => {
            let Some(trace) = &outcome.trace else {
                outcome.verdict = Verdict::Unknown;
                outcome.reason = Some("the engine gave no counterexample".into());
                return None;
            };
            let limit = Duration::from_secs(10);
            let failure = trace.edges.last().and_then(|e| p.edge(*e).failure.as_ref());
            let target = replay::Target { property: setup.property, trap: failure.is_some_and(|f| f.kind == "trap") };
            let run_trace = |trace: &crate::trace::Trace| {
                let run = crate::program_inputs::RunInputs::of(&trace.inputs);
                match run.exceeds(&setup.limits) {
                    Some(why) => Replay::Impossible(format!("not run: {why}")),
                    None => replay::replay(
                        setup.files,
                        setup.sources,
                        setup.data_model,
                        &setup.entry,
                        target,
                        trace,
                        setup.harness,
                        limit,
                    ),
                }
            };
            let mut r = run_trace(trace);
            let mut note = String::new();
            if matches!(r, Replay::NotReached(_)) && sem != IntSemantics::Bv {
                // only a path that is feasible bit-precisely goes to replay again
                let _installed = deadline.install();
                match path::check(p, trace) {
                    PathCheck::Feasible(exact) => match run_trace(&exact) {
                        reached @ Replay::Reached(_) => {
                            outcome.stats.counterexamples.bit_precise_replays += 1;
                            outcome.trace = Some(exact);
                            r = reached;
                        }
                        _ => note = "; nor did the bit-precise model of its path".into(),
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

/// Checks the certificate of a SAFE outcome.
fn check_certificate(p: &Program, sem: IntSemantics, outcome: &Outcome) -> Result<(), String> {
    let Some(c) = &outcome.certificate else { return Err("the engine gave no certificate".into()) };
    if c.sem != sem {
        return Err(format!("found under --int {}, checked under --int {}", c.sem.as_str(), sem.as_str()));
    }
    cert::check(p, sem, &c.invariants).map_err(|r| r.what)
}
