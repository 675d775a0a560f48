//! Verification engines behind one interface (DESIGN.md "Engines"): an
//! [`Engine`] takes a (sliced) program and an [`EngineContext`] (integer
//! semantics, deadline and cancellation token) and returns an [`Outcome`]:
//! SAFE with a candidate certificate, UNSAFE with a trace, or UNKNOWN with a
//! reason, always with statistics. Engines never print and never exit; the
//! driver checks every answer (`check`). [`ENGINES`] lists the engines (one
//! line each, below; [`registry`] derives the names, values and defaults):
//! each module has its registry entry and its configuration type, which
//! builds it.

pub mod ai;
pub mod arrays;
pub mod bmc;
pub mod config;
pub mod dagger;
pub mod explicit;
pub mod kind;
pub mod maxsmt;
pub mod procedures;
pub mod registry;
pub mod simulate;
pub mod spacer;
pub mod tracer;
pub mod ufo;

/// The registry's line per engine, `(SPEC, configure)`: the engine's
/// [`registry::EngineSpec`] and its module's configuration function
/// (`--engine NAME`'s configuration, or with `member` the portfolio member
/// `NAME`'s, without `-bv`; `None` for a name not its own). Makes
/// [`ENGINES`] (data, read by `registry`'s functions) and [`configure`]
/// (code). It lives here, beside the `pub mod` lines of the engines it names,
/// so that `registry.rs` and `config.rs` name no engine and no circle runs
/// through them.
macro_rules! engines {
    ($(($spec:path, $configure:path)),* $(,)?) => {
        /// Every engine, in the order `--help` lists them.
        pub const ENGINES: &[&registry::EngineSpec] = &[$(&$spec),*];

        /// The configuration of the engine `name`, or with `member` of the
        /// member `name` (without `-bv`).
        pub fn configure(name: &str, member: bool, a: &EngineArgs) -> Option<EngineConfig> {
            let all: &[fn(&str, bool, &EngineArgs) -> Option<EngineConfig>] = &[$($configure),*];
            all.iter().find_map(|c| c(name, member, a))
        }
    };
}

engines![
    (ufo::SPEC, ufo::configure),
    (bmc::SPEC, bmc::configure),
    (ufo::CP, ufo::configure),
    (ufo::BP, ufo::configure),
    (spacer::SPEC, spacer::configure),
    (ai::SPEC, ai::configure),
    (arrays::SPEC, arrays::configure),
    (kind::SPEC, kind::configure),
    (explicit::SPEC, explicit::configure),
    (explicit::PRED_SPEC, explicit::configure),
    (tracer::SPEC, tracer::configure),
    (dagger::SPEC, dagger::configure),
    (simulate::SPEC, simulate::configure),
    (maxsmt::SPEC, maxsmt::configure),
];

pub use crate::answer::{Certificate, CexRefinement, Outcome, OwnStats, Stats, Validation, Verdict};
pub use config::{Configuration, EngineArgs, EngineConfig, Member, PostKind, SpacerMode};

use crate::ir::Program;
use crate::smt::{Deadline, IntSemantics};

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

/// The engine a configuration selects (built by its own module).
pub fn engine(cfg: &EngineConfig, p: &Program) -> Box<dyn Engine> {
    cfg.build(p)
}

/// Runs the engine of `cfg` on a sliced program.
pub fn run(cfg: &EngineConfig, p: &Program, cx: &EngineContext) -> Outcome {
    engine(cfg, p).run(p, cx)
}

/// One SMT query on a path of edges from the entry to the error: its trace
/// if it is feasible, `None` if not (the explicit-value analysis, TRACER).
pub(crate) fn path_query(
    p: &Program,
    edges: &[crate::ir::EdgeId],
    cx: &EngineContext,
) -> Result<Option<crate::trace::Trace>, String> {
    let dag = crate::cfg::Dag::of_path(p, edges).ok_or("an empty path")?;
    crate::chc::argcond(p, &mut crate::smt::Lowerer::new(cx.sem), &dag)
}

/// The answer of a [`path_query`] on a path the engine did not refute:
/// UNSAFE with its trace, or UNKNOWN with why there is none.
pub(crate) fn path_answer(r: Result<Option<crate::trace::Trace>, String>, stats: Stats, cx: &EngineContext) -> Outcome {
    match r {
        Ok(Some(trace)) => Outcome::bug(trace, stats),
        Ok(None) => Outcome::unknown("the path is infeasible", stats),
        Err(_) if cx.deadline.expired() => Outcome::unknown(cx.deadline.stop_reason(), stats),
        Err(why) => Outcome::unknown(why, stats),
    }
}
