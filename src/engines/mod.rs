//! Verification engines behind one interface (DESIGN.md "Engines"): an
//! [`Engine`] takes a (sliced) program and an [`EngineContext`] (integer
//! semantics, deadline and cancellation token) and returns an [`Outcome`]:
//! SAFE with a candidate certificate, UNSAFE with a trace, or UNKNOWN with a
//! reason, always with statistics. Engines never print and never exit; the
//! driver checks every answer (`check`). [`engine`] is the registry: one line
//! per engine, from its [`EngineConfig`] (`config`).

pub mod bmc;
pub mod config;
pub mod ufo;

pub use config::{EngineArgs, EngineConfig, EngineKind, PostKind};

use crate::ir::Program;
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

/// A candidate inductive invariant per location of the (sliced) program, as
/// plain data that crosses threads: SMT-LIB text over the canonical constants
/// (`smt::canon`, named after the program variables) of the location's
/// in-scope variables, under the integer semantics it was found in. Engines
/// return it with SAFE; the driver reports SAFE only after `check` parsed it
/// in a Z3 context of its own and accepted it.
#[derive(Clone, Debug, Serialize)]
pub struct Certificate {
    pub sem: IntSemantics,
    /// The invariant of each location, indexed by location.
    pub invariants: Vec<String>,
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
        EngineConfig::Bmc { bound } => Box::new(bmc::Bmc { bound }),
        EngineConfig::Ufo { post, max_iterations, check_labels } => {
            let post: Box<dyn Post> = match post {
                PostKind::True => Box::new(TruePost),
                PostKind::Cartesian => predicates(Abstraction::Cartesian, check_labels),
                PostKind::Boolean => predicates(boolean, check_labels),
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
