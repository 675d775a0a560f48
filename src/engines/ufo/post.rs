//! The abstract POST operator UFO is parameterized by
//! (papers/ufo-under-over-approximations.txt §4 "Post Operator"): for an ARG edge
//! `(u, v)` it returns `φ` with `ψ(u) ∧ ⟦τ(u,v)⟧ ⇒ φ'`, which keeps the ARG
//! well-labelled (Definition 1). `TruePost` is the weakest admissible POST
//! (uUFO); predicate-abstraction POSTs plug in behind the same trait.

use crate::ir::{EdgeId, Program};
use crate::smt::canon::Canon;
use crate::smt::{Formula, Lowerer};

/// An abstract POST operator.
pub trait Post {
    fn name(&self) -> &'static str;
    /// A label for the target of `edge` (over the canonical constants of its
    /// location) implied by `parent` and the edge's semantics.
    fn post(&mut self, p: &Program, l: &mut Lowerer, canon: &Canon, parent: &Formula, edge: EdgeId) -> Formula;
}

/// uUFO: POST always returns `true`.
pub struct TruePost;

impl Post for TruePost {
    fn name(&self) -> &'static str {
        "true"
    }
    fn post(&mut self, _: &Program, _: &mut Lowerer, _: &Canon, _: &Formula, _: EdgeId) -> Formula {
        Formula::from_bool(true)
    }
}
