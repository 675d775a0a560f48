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
use crate::smt::{cert, Deadline, IntSemantics};
use std::time::{Duration, Instant};

/// How to replay a counterexample.
pub struct ReplaySetup<'a> {
    pub files: &'a [String],
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
            let run = crate::program_inputs::RunInputs::of(&trace.inputs);
            let r = match run.exceeds(&setup.limits) {
                Some(why) => Replay::Impossible(format!("not run: {why}")),
                None => {
                    replay::replay(setup.files, setup.data_model, &setup.entry, target, trace, setup.harness, limit)
                }
            };
            if let Replay::NotReached(why) | Replay::Impossible(why) = &r {
                outcome.verdict = Verdict::Unknown;
                outcome.reason = Some(format!("counterexample did not replay: {why}"));
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
