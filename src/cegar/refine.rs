//! Refinement: what a CEGAR analysis asks when the error node of its ARG is
//! reachable in the abstraction. A [`Refiner`] looks at the ARG's DAG and
//! answers with a path to the error that is feasible (the program is
//! UNSAFE), or with new labels for the nodes that reach the error — a
//! labelling under which the error node is unreachable (an interpolant per
//! node, papers/ufo-under-over-approximations.txt §5 Definition 2) — from
//! which the engine strengthens its labels or adjusts its precision
//! (`post::Post::learn`, `cegar::Precision`).
//!
//! The refiners: [`DagInterpolation`], UFO's §5 (Fig. 3 REFINE): one ARG
//! condition (eq. 1–2) decides whether some path of the whole DAG is
//! feasible, and if none is, one CHC query (Spacer as an interpolating
//! engine, `chc::refine`) labels every node at once. The explicit-value
//! analysis (path interpolation over variables), DAGGER (interpolants for the
//! widen of a loop head) and TRACER (annotations of a symbolic execution
//! tree) plug in as other implementations.
//!
//! Invariant: `Labels` make every ARG edge between two labelled nodes a
//! Hoare triple and the error node's label false; `Reachable` carries a path
//! of the program's edges from the entry to the error whose inputs the
//! independent check replays.

use crate::cfg::Dag;
use crate::chc;
pub use crate::chc::Refinement;
use crate::ir::Program;
use crate::smt::canon::Canon;
use crate::smt::Lowerer;

/// What the refiner may use besides the DAG.
pub struct RefineCx<'a> {
    pub p: &'a Program,
    pub l: &'a mut Lowerer,
    pub canon: &'a Canon,
}

/// A refinement strategy (module docs).
pub trait Refiner {
    fn name(&self) -> &'static str;
    /// A feasible path to the error node of `dag`, or labels per node (over
    /// canonical constants; `None` for a node that does not reach the error)
    /// under which the error node is unreachable.
    fn refine(&mut self, cx: &mut RefineCx, dag: &Dag) -> Refinement;
}

/// UFO's refinement (§5): the ARG condition of the whole DAG in one SMT
/// query; labels by one CHC query only when no path is feasible.
pub struct DagInterpolation;

impl Refiner for DagInterpolation {
    fn name(&self) -> &'static str {
        "dag-interpolation"
    }
    fn refine(&mut self, cx: &mut RefineCx, dag: &Dag) -> Refinement {
        match chc::argcond(cx.p, cx.l, dag) {
            Ok(Some(trace)) => Refinement::Reachable(trace),
            Ok(None) => chc::refine(cx.p, cx.l, cx.canon, dag),
            Err(why) => Refinement::Unknown(why),
        }
    }
}
