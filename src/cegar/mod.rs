//! The kernel every CEGAR engine shares (issue 42 §4), split the way
//! CPAchecker's configurable program analysis splits an analysis (Beyer,
//! Henzinger, Théoduloz, CAV 2007; the explicit-value paper §II builds on
//! it): the abstract POST with its merge, widen and stop (cover) operators is
//! `post::Post`; the rest is here:
//! - [`arg`]: the abstract reachability graph (UFO §3, Definition 1);
//! - [`precision`]: what the POST may track per location (predicates,
//!   variables), which refinement only grows;
//! - [`refine`]: the [`Refiner`] trait and UFO's DAG interpolation (§5);
//! - [`certificate`]: a complete ARG's labels as the candidate certificate.
//!
//! The fixpoint iterator of the abstract domains (`domains::fixpoint`) runs
//! over any `cfg::Dag` (the program's graph, an ARG, an unrolling) with a
//! widening hook (`domains::fixpoint::Widen`) that can take interpolants.
//!
//! Layer: above `chc` (the refiners' queries) and `smt`, below `post`
//! (which keeps its precision here) and the engines.

pub mod arg;
pub mod certificate;
pub mod precision;
pub mod refine;

pub use arg::{Arg, Node};
pub use precision::Precision;
pub use refine::{DagInterpolation, RefineCx, Refinement, Refiner};
