//! Verification engines behind one interface (DESIGN.md "Engines"). An engine
//! takes a (sliced) program and a deadline and returns an [`Outcome`]: SAFE with
//! labels, UNSAFE with a trace, or UNKNOWN with a reason, always with
//! statistics. Engines never print and never exit.

pub mod bmc;
pub mod ufo;

use crate::ir::{LocId, Program};
use crate::smt::dag::Trace;
use crate::smt::{Deadline, IntSemantics};
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

/// Statistics, as in the UFO paper's Table 2 where they apply.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// Rounds of exploration (EXPANDARG) and checking.
    pub iterations: usize,
    /// Refinement queries (REFINE).
    pub refinements: usize,
    /// Seconds in refinement (interpolation / CHC solving).
    pub refine_time: f64,
    /// Seconds in POST.
    pub post_time: f64,
    /// Seconds in covering checks.
    pub cover_time: f64,
    /// Seconds in the independent check of the answer (certificate or replay).
    pub check_time: f64,
    pub arg_nodes: usize,
    pub covered_heads: usize,
    /// Largest refinement query: number of ARG nodes in it.
    pub max_query_nodes: usize,
    /// BMC: the bound used.
    pub bound: usize,
    /// Predicate-abstraction POSTs: predicates known at the end.
    pub predicates: usize,
    /// Boolean POST: abstractions that exceeded the cube limit and fell back
    /// to the Cartesian result.
    pub post_fallbacks: usize,
}

/// A candidate inductive invariant per location of the (sliced) program, over
/// the canonical constants of the location's in-scope variables. Engines return
/// it with SAFE; the driver reports SAFE only after `check` accepted it.
#[derive(Clone, Debug, Serialize)]
pub struct Certificate {
    /// The invariants as SMT-LIB text, per location (filled in once checked).
    pub invariants: Vec<(LocId, String)>,
    /// The invariants as formulas, indexed by location.
    #[serde(skip)]
    pub formulas: Vec<crate::smt::Formula>,
}

impl Certificate {
    /// A candidate certificate: one formula per location, not yet checked.
    pub fn unchecked(formulas: Vec<crate::smt::Formula>) -> Certificate {
        Certificate { invariants: Vec::new(), formulas }
    }
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

/// Which engine runs (`--engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
pub enum EngineKind {
    /// UFO (papers/ufo-under-over-approximations.txt) with the POST of `--post`.
    Ufo,
    /// Bounded model checking: one query for all paths up to `--bound` steps.
    Bmc,
    /// Pure over-approximation-driven lazy abstraction with Cartesian predicate
    /// abstraction: labels only from POST, refinement only adds predicates.
    Cp,
    /// The same with Boolean predicate abstraction.
    Bp,
}

/// The abstract POST of the UFO engine (`--post`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
pub enum PostKind {
    /// uUFO: POST = true.
    True,
    /// cpUFO: Cartesian predicate abstraction.
    Cartesian,
    /// bpUFO: Boolean predicate abstraction.
    Boolean,
}

/// Cubes the Boolean POST enumerates before it falls back to the Cartesian one.
pub const MAX_CUBES: usize = 64;

/// Options every engine may use.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub sem: IntSemantics,
    pub bound: usize,
    pub max_iterations: Option<usize>,
    pub post: PostKind,
    /// Check that every refinement satisfies Definition 2 of the UFO paper
    /// (always on in debug builds).
    pub check_labels: bool,
}

/// Runs the chosen engine on a sliced program.
pub fn run(kind: EngineKind, p: &Program, opts: &EngineOptions, deadline: &Deadline) -> Outcome {
    use ufo::post::{Abstraction, PredicatePost, TruePost};
    let check = cfg!(debug_assertions) || opts.check_labels;
    let boolean = Abstraction::Boolean { max_cubes: MAX_CUBES };
    match (kind, opts.post) {
        (EngineKind::Bmc, _) => bmc::run(p, opts, deadline),
        (EngineKind::Ufo, PostKind::True) => ufo::run(p, opts, deadline, &mut TruePost, false),
        (EngineKind::Ufo, PostKind::Cartesian) => {
            ufo::run(p, opts, deadline, &mut PredicatePost::new(p, Abstraction::Cartesian, check), false)
        }
        (EngineKind::Ufo, PostKind::Boolean) => {
            ufo::run(p, opts, deadline, &mut PredicatePost::new(p, boolean, check), false)
        }
        (EngineKind::Cp, _) => {
            ufo::run(p, opts, deadline, &mut PredicatePost::new(p, Abstraction::Cartesian, check), true)
        }
        (EngineKind::Bp, _) => ufo::run(p, opts, deadline, &mut PredicatePost::new(p, boolean, check), true),
    }
}
