//! The abstract POST operator UFO is parameterized by
//! (papers/ufo-under-over-approximations.txt §4 "Post Operator"): for an ARG edge
//! `(u, v)` it returns `φ` with `ψ(u) ∧ ⟦τ(u,v)⟧ ⇒ φ'`, which keeps the ARG
//! well-labelled (Definition 1).
//!
//! - `TruePost`: the weakest admissible POST (uUFO).
//! - `PredicatePost` with [`Abstraction::Cartesian`] (cpUFO, CP) or
//!   [`Abstraction::Boolean`] (bpUFO, BP): predicate abstraction over the
//!   predicates of the target location, which are the atoms of the labels
//!   refinement produced there (§6).

use crate::ir::{EdgeId, LocId, Program};
use crate::smt::canon::Canon;
use crate::smt::cert::{self, EdgeRelation};
use crate::smt::{predabs, solve, Formula, Lowerer};
use std::collections::{HashMap, HashSet};

/// An abstract POST operator.
pub trait Post {
    fn name(&self) -> &'static str;
    /// A label for the target of `edge` (over the canonical constants of its
    /// location) implied by `parent` and the edge's semantics.
    fn post(&mut self, p: &Program, l: &mut Lowerer, canon: &Canon, parent: &Formula, edge: EdgeId) -> Formula;
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

/// Which predicate abstraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abstraction {
    Cartesian,
    /// AllSAT up to this many cubes, then Cartesian.
    Boolean {
        max_cubes: usize,
    },
}

/// Predicate abstraction over per-location predicates.
pub struct PredicatePost {
    kind: Abstraction,
    preds: Vec<Vec<Formula>>,
    seen: Vec<HashSet<String>>,
    /// Each edge's transition relation, encoded once.
    relations: HashMap<EdgeId, EdgeRelation>,
    fallbacks: usize,
    /// Check Definition 1 on every result (debug builds, `--check-labels`).
    check: bool,
}

impl PredicatePost {
    pub fn new(p: &Program, kind: Abstraction, check: bool) -> PredicatePost {
        let n = p.locs.len();
        PredicatePost {
            kind,
            preds: vec![Vec::new(); n],
            seen: vec![HashSet::new(); n],
            relations: HashMap::new(),
            fallbacks: 0,
            check,
        }
    }
}

impl Post for PredicatePost {
    fn name(&self) -> &'static str {
        match self.kind {
            Abstraction::Cartesian => "cartesian",
            Abstraction::Boolean { .. } => "boolean",
        }
    }

    fn post(&mut self, p: &Program, l: &mut Lowerer, canon: &Canon, parent: &Formula, edge: EdgeId) -> Formula {
        let dst = p.edge(edge).dst;
        let preds = &self.preds[dst.0 as usize];
        let rel = self.relations.entry(edge).or_insert_with(|| EdgeRelation::new(p, l, canon, edge));
        let phi = match self.kind {
            Abstraction::Cartesian => predabs::cartesian(rel, parent, preds),
            Abstraction::Boolean { max_cubes } => match predabs::boolean(rel, parent, preds, max_cubes) {
                Some(f) => f,
                None => {
                    self.fallbacks += 1;
                    predabs::cartesian(rel, parent, preds)
                }
            },
        };
        if self.check && cert::hoare_triple(p, l, canon, parent, edge, &phi, &solve::Reused::fresh()) == Some(false) {
            panic!("POST is not sound on the edge {} -> {}", p.loc(p.edge(edge).src).name, p.loc(dst).name);
        }
        phi
    }

    fn learn(&mut self, labels: &[(LocId, Formula)]) -> Vec<LocId> {
        let mut gained = Vec::new();
        for (loc, f) in labels {
            let i = loc.0 as usize;
            for a in predabs::atoms(f) {
                if self.seen[i].insert(a.to_string()) {
                    self.preds[i].push(a);
                    if gained.last() != Some(loc) {
                        gained.push(*loc);
                    }
                }
            }
        }
        gained.sort();
        gained.dedup();
        gained
    }

    fn predicates(&self) -> usize {
        self.preds.iter().map(Vec::len).sum()
    }

    fn fallbacks(&self) -> usize {
        self.fallbacks
    }
}
