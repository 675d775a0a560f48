//! Verification engines behind one interface (DESIGN.md "Engines"): an
//! [`Engine`] takes a (sliced) program and an [`EngineContext`] (integer
//! semantics, deadline and cancellation token) and returns an [`Outcome`]:
//! SAFE with a candidate certificate, UNSAFE with a trace, or UNKNOWN with a
//! reason, always with statistics. Engines never print and never exit; the
//! driver checks every answer (`check`). [`engine`] is the registry: one line
//! per engine, from its [`EngineConfig`] (`config`).

pub mod ai;
pub mod bmc;
pub mod config;
pub mod spacer;
pub mod ufo;

pub use config::{EngineArgs, EngineConfig, EngineKind, Member, PostKind, SpacerMode};

use crate::domains::boxes::Boxes;
use crate::domains::interval::Intervals;
use crate::ir::Program;
use crate::post::domain::DomainPost;
use crate::smt::{Deadline, IntSemantics};
use crate::trace::Trace;
use serde::Serialize;

/// The answer of an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    #[serde(rename = "SAFE")]
    Safe,
    #[serde(rename = "UNSAFE")]
    Unsafe,
    #[serde(rename = "UNKNOWN")]
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Safe => "SAFE",
            Verdict::Unsafe => "UNSAFE",
            Verdict::Unknown => "UNKNOWN",
        }
    }
}

/// Statistics: the counters every engine has, and each engine's own
/// (DESIGN.md "Engines": common counters plus per-engine extras). In JSON an
/// engine's extras are an object under its name.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// Rounds of the engine's main loop (UFO: EXPANDARG and REFINE; BMC: 1).
    pub iterations: usize,
    /// Seconds in the independent check of the answer (certificate or replay).
    pub check_time: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ufo: Option<ufo::UfoStats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bmc: Option<bmc::BmcStats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spacer: Option<spacer::SpacerStats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ai: Option<ai::AiStats>,
    /// What the check of counterexamples refined (issue 19 §1).
    #[serde(skip_serializing_if = "CexRefinement::is_empty")]
    pub counterexamples: CexRefinement,
    /// The second solver's check of the certificate (`--validate`), when it
    /// confirmed it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validation: Option<Validation>,
}

/// A certificate that a second solver (cvc5) checked again after Z3's check
/// accepted it (`--validate`): every query of Z3's check, answered `unsat`.
#[derive(Clone, Debug, Serialize)]
pub struct Validation {
    /// The solver: `cvc5`.
    pub solver: String,
    /// Its queries (safety, initiation, consecution per edge).
    pub queries: usize,
    /// Of them, those it decided only when given with their instances: the
    /// query's quantifiers skolemized and instantiated at the cells it reads
    /// (what Z3's check tries first), which are satisfiable together with the
    /// query exactly when the query is.
    pub with_instances: usize,
    /// Seconds cvc5 ran (part of `check_time`).
    pub time: f64,
}

/// The counterexample check's refinements: a path whose inputs did not reach
/// the error is checked bit-precisely (`smt::path`); a feasible one gives new
/// inputs, an infeasible one (spurious: through over-approximated operations
/// or unbounded integers) makes the portfolio run the engine again under
/// `bv`, where every operation is exact; so does a Spacer query that ended
/// `unknown` (not by the clock).
#[derive(Clone, Debug, Default, Serialize)]
pub struct CexRefinement {
    /// Paths that did not replay and are infeasible bit-precisely.
    pub spurious: usize,
    /// Over-approximated operations on those paths.
    pub approximated_ops: usize,
    /// Paths that did not replay whose bit-precise model did.
    pub bit_precise_replays: usize,
    /// Runs of the engine again under `bv` after a spurious path or an
    /// undecided Spacer query.
    pub bv_reruns: usize,
    /// The engine's Spacer query was undecided (Spacer's `unknown`, not a
    /// timeout): worth one more run under `bv`.
    #[serde(skip)]
    pub retry_bit_precise: bool,
}

impl CexRefinement {
    /// Adds the counts of earlier runs.
    pub fn add(&mut self, earlier: &CexRefinement) {
        self.spurious += earlier.spurious;
        self.approximated_ops += earlier.approximated_ops;
        self.bit_precise_replays += earlier.bit_precise_replays;
        self.bv_reruns += earlier.bv_reruns;
    }
    pub fn is_empty(&self) -> bool {
        self.spurious + self.bit_precise_replays + self.bv_reruns == 0
    }
}

impl Stats {
    /// UFO's counters, created on first use.
    pub fn ufo(&mut self) -> &mut ufo::UfoStats {
        self.ufo.get_or_insert_with(Default::default)
    }

    /// Each engine's extras as `name=value` pairs, for the text report.
    pub fn extras(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let Some(u) = &self.ufo {
            out.extend(u.fields());
        }
        if let Some(b) = &self.bmc {
            out.push(("bound", b.bound.to_string()));
            out.push(("unrolled_nodes", b.unrolled_nodes.to_string()));
            out.push(("solve", format!("{:.3}s", b.solve_time)));
        }
        if let Some(sp) = &self.spacer {
            out.push(("spacer", format!("{:.3}s", sp.solve_time)));
            out.push(("rejected", sp.rejected.to_string()));
            out.push(("waypoints", sp.waypoints.to_string()));
            out.push(("segments", sp.segments.to_string()));
            out.push(("bmc_bound", sp.bmc_bound.to_string()));
        }
        if let Some(a) = &self.ai {
            out.push(("domain", a.domain.clone()));
            out.push(("transfers", a.fixpoint.transfers.to_string()));
            out.push(("widenings", a.fixpoint.widenings.to_string()));
            out.push(("narrowings", a.fixpoint.narrowings.to_string()));
            out.push(("domain_time", format!("{:.3}s", a.domain_time)));
        }
        if let Some(v) = &self.validation {
            out.push(("validated", v.solver.clone()));
            out.push(("validate", format!("{:.3}s", v.time)));
        }
        out
    }
}

/// A candidate inductive invariant per location of the (sliced) program, as
/// plain data that crosses threads: an `ir::Expr` over the location's
/// in-scope variables (DESIGN.md "Engines"), meant under the integer
/// semantics it was found in (under `lia` a variable's value is
/// `Expr::Value`, its signed value). Engines return it with SAFE (raised from
/// their Z3 terms by `smt::raise`); the driver reports SAFE only after `check`
/// lowered it in a Z3 context of its own and accepted it.
#[derive(Clone, Debug, Serialize)]
pub struct Certificate {
    pub sem: IntSemantics,
    /// The invariant of each location, indexed by location.
    pub invariants: Vec<crate::ir::Expr>,
}

/// What an engine answers.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    pub verdict: Verdict,
    pub reason: Option<String>,
    pub trace: Option<Trace>,
    pub certificate: Option<Certificate>,
    pub stats: Stats,
}

impl Outcome {
    pub fn unknown(reason: impl Into<String>, stats: Stats) -> Outcome {
        Outcome { verdict: Verdict::Unknown, reason: Some(reason.into()), trace: None, certificate: None, stats }
    }
}

/// Cubes the Boolean POST enumerates before it falls back to the Cartesian one.
pub const MAX_CUBES: usize = 64;

/// What every engine gets besides the program.
pub struct EngineContext<'a> {
    /// How machine integers become SMT terms.
    pub sem: IntSemantics,
    /// When to stop, and the token that cancels the run from another thread.
    pub deadline: &'a Deadline,
}

/// A verification engine.
pub trait Engine {
    /// Its name in reports (the `--engine` value).
    fn name(&self) -> &'static str;
    /// Runs on a sliced program until an answer, the deadline or a cancel.
    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome;
}

/// The registry: the engine a configuration selects.
pub fn engine(cfg: &EngineConfig, p: &Program) -> Box<dyn Engine> {
    use crate::post::predicates::{Abstraction, PredicatePost};
    use crate::post::{Post, TruePost};
    let boolean = Abstraction::Boolean { max_cubes: MAX_CUBES };
    let check = |c: bool| cfg!(debug_assertions) || c;
    let predicates = |kind, c| Box::new(PredicatePost::new(p, kind, check(c)));
    match *cfg {
        EngineConfig::Bmc { bound, deepen } => Box::new(bmc::Bmc { bound, deepen }),
        EngineConfig::Ai { domain } => Box::new(ai::Ai { domain }),
        EngineConfig::Spacer { mode } => {
            Box::new(spacer::Spacer { global: mode == SpacerMode::Global, cells: mode == SpacerMode::Cells })
        }
        EngineConfig::Ufo { post, max_iterations, check_labels } => {
            let post: Box<dyn Post> = match post {
                PostKind::True => Box::new(TruePost),
                PostKind::Cartesian => predicates(Abstraction::Cartesian, check_labels),
                PostKind::Boolean => predicates(boolean, check_labels),
                PostKind::Box => Box::new(DomainPost::<Intervals>::new(p, "box")),
                PostKind::Boxes => Box::new(DomainPost::<Boxes>::new(p, "boxes")),
            };
            Box::new(ufo::Ufo { post, od: false, max_iterations, check_labels: check(check_labels) })
        }
        EngineConfig::Cp { max_iterations, check_labels } => Box::new(ufo::Ufo {
            post: predicates(Abstraction::Cartesian, check_labels),
            od: true,
            max_iterations,
            check_labels: check(check_labels),
        }),
        EngineConfig::Bp { max_iterations, check_labels } => Box::new(ufo::Ufo {
            post: predicates(boolean, check_labels),
            od: true,
            max_iterations,
            check_labels: check(check_labels),
        }),
    }
}

/// Runs the engine of `cfg` on a sliced program.
pub fn run(cfg: &EngineConfig, p: &Program, cx: &EngineContext) -> Outcome {
    engine(cfg, p).run(p, cx)
}
