//! The POST interface every exploration engine uses (DESIGN.md "Abstract
//! domains and POST"; papers/ufo-under-over-approximations.txt §4 "Post
//! Operator"): transfer along an edge, join at a merge, widen at a loop head,
//! a cover check, conversion to a label, and strengthening by a refined label.
//! UFO's EXPANDARG (`engines::ufo::arg`) takes all of these from here; it
//! owns no abstraction of its own.
//!
//! Values are labels: formulas over the canonical constants of their
//! location's in-scope variables (`smt::canon`). Every operation must keep
//! the ARG well-labelled (Definition 1): `transfer(ψ, e)` satisfies
//! `ψ ∧ ⟦e⟧ ⇒ transfer(ψ, e)'`, `join` and `widen` are implied by each of
//! their arguments, and `covers` answers `Some(true)` only if the implication
//! holds. The instances:
//! - [`TruePost`]: the weakest admissible POST (uUFO);
//! - [`predicates::PredicatePost`]: Cartesian (cpUFO, CP) and Boolean (bpUFO,
//!   BP) predicate abstraction over the predicates refinement produced (§6);
//! - [`domain::DomainPost`]: an abstract domain as the POST (Vinta): intervals
//!   (`--post box`) or disjunctions of boxes (`--post boxes`).
//!
//! An abstract domain (box, octagon) becomes a POST by implementing the same
//! trait: it converts a label to its element where it transfers, and its
//! element back with `to_label`; its `join`/`widen` replace the defaults.

pub mod domain;
pub mod predabs;
pub mod predicates;

use crate::ir::{EdgeId, LocId, Program};
use crate::smt::canon::Canon;
use crate::smt::{solve, Formula, FormulaOps, Lowerer};

/// What a POST may use besides its own state.
pub struct PostCx<'a> {
    pub p: &'a Program,
    pub l: &'a mut Lowerer,
    pub canon: &'a Canon,
    /// The solver of cover checks (one per expansion).
    pub solver: &'a solve::Reused,
}

/// An abstract POST operator with its lattice operations (module docs).
pub trait Post {
    fn name(&self) -> &'static str;

    /// A label for the target of `edge` implied by `parent` and the edge's
    /// semantics.
    fn transfer(&mut self, cx: &mut PostCx, parent: &Formula, edge: EdgeId) -> Formula;

    /// The label of a node at `loc` reached along several edges, implied by
    /// each of `values` (a disjunction, by default).
    fn join(&mut self, _cx: &mut PostCx, _loc: LocId, values: &[Formula]) -> Formula {
        Formula::or(values).simplify()
    }

    /// The label of a loop head at `loc` given the labels of its earlier
    /// visits (`old`, the active heads) and the joined label of this visit:
    /// implied by `new`. Formula POSTs need no widening (their lattices are
    /// finite or UFO's covering stops the unrolling): `new` itself.
    fn widen(&mut self, _cx: &mut PostCx, _loc: LocId, _old: &[Formula], new: Formula) -> Formula {
        new
    }

    /// Is `v` covered by `by` at `loc` (UFO Fig. 3 line 43: `ψ(v) ⇒ ⋁ ψ(AH)`,
    /// values in range)? `None` if it cannot be decided; a cover is taken only
    /// on `Some(true)`.
    fn covers(&mut self, cx: &mut PostCx, loc: LocId, v: &Formula, by: &[Formula]) -> Option<bool> {
        let mut hyps = cx.canon.ranges(cx.p, cx.l, loc);
        hyps.push(v.clone());
        cx.solver.implies(&hyps, &Formula::or(by))
    }

    /// The label of a value (values are labels for the formula POSTs).
    fn to_label(&self, v: &Formula) -> Formula {
        v.clone()
    }

    /// The value of a node after refinement labelled it `label` (UFO Fig. 3
    /// REFINE): the refined label itself for formula POSTs; a domain meets its
    /// element with it.
    fn strengthen(&mut self, _v: &Formula, label: &Formula) -> Formula {
        label.clone()
    }

    /// Learns from refined labels (location, label); returns the locations
    /// that gained predicates.
    fn learn(&mut self, _labels: &[(LocId, Formula)]) -> Vec<LocId> {
        Vec::new()
    }

    /// Number of predicates known.
    fn predicates(&self) -> usize {
        0
    }

    /// Number of Boolean abstractions that fell back to the Cartesian one.
    fn fallbacks(&self) -> usize {
        0
    }

    /// Number of widenings that changed a loop head's value.
    fn widenings(&self) -> usize {
        0
    }
}

/// uUFO: POST always returns `true`.
pub struct TruePost;

impl Post for TruePost {
    fn name(&self) -> &'static str {
        "true"
    }
    fn transfer(&mut self, _: &mut PostCx, _: &Formula, _: EdgeId) -> Formula {
        Formula::from_bool(true)
    }
}
