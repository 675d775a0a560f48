//! Predicate abstraction as a POST (papers/ufo-under-over-approximations.txt
//! §6: cpUFO/CP with [`Abstraction::Cartesian`], bpUFO/BP with
//! [`Abstraction::Boolean`]): the abstraction of an edge's post-image over the
//! predicates of the target location, which are the atoms of the labels
//! refinement produced there (`post::predabs`). Join, widen, cover check and
//! strengthening are the trait's defaults (disjunction, none, SMT
//! implication, the refined label).

use super::predabs;
use super::{Post, PostCx};
use crate::cegar::Precision;
use crate::ir::{EdgeId, LocId, Program};
use crate::smt::hoare::{self as cert, EdgeRelation};
use crate::smt::{solve, Formula};
use std::collections::HashMap;

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
    /// The predicates per location (the analysis' precision).
    preds: Precision<Formula>,
    /// Each edge's transition relation, encoded once.
    relations: HashMap<EdgeId, EdgeRelation>,
    fallbacks: usize,
    /// Check Definition 1 on every result (debug builds, `--check-labels`).
    check: bool,
}

impl PredicatePost {
    pub fn new(p: &Program, kind: Abstraction, check: bool) -> PredicatePost {
        let n = p.locs.len();
        PredicatePost { kind, preds: Precision::new(n), relations: HashMap::new(), fallbacks: 0, check }
    }
}

impl PredicatePost {
    /// The predicates of `loc`.
    pub fn at(&self, loc: LocId) -> &[Formula] {
        self.preds.at(loc)
    }

    /// Makes a Cartesian abstraction Boolean (up to `max_cubes` cubes);
    /// `false` if it was Boolean already.
    pub fn make_boolean(&mut self, max_cubes: usize) -> bool {
        let was = self.kind == Abstraction::Cartesian;
        self.kind = Abstraction::Boolean { max_cubes };
        was
    }
}

impl Post for PredicatePost {
    fn name(&self) -> &'static str {
        match self.kind {
            Abstraction::Cartesian => "cartesian",
            Abstraction::Boolean { .. } => "boolean",
        }
    }

    fn transfer(&mut self, cx: &mut PostCx, parent: &Formula, edge: EdgeId) -> Formula {
        let (p, canon) = (cx.p, cx.canon);
        let l = &mut *cx.l;
        let dst = p.edge(edge).dst;
        let preds = self.preds.at(dst);
        let rel = self.relations.entry(edge).or_insert_with(|| EdgeRelation::new(p, l, canon, edge));
        let phi = match self.kind {
            Abstraction::Cartesian => predabs::cartesian(cx.solver, rel, parent, preds),
            Abstraction::Boolean { max_cubes } => match predabs::boolean(rel, parent, preds, max_cubes) {
                Some(f) => f,
                None => {
                    self.fallbacks += 1;
                    predabs::cartesian(cx.solver, rel, parent, preds)
                }
            },
        };
        if self.check && cert::hoare_triple(p, l, canon, parent, edge, &phi, &solve::Reused::fresh()) == Some(false) {
            panic!("POST is not sound on the edge {} -> {}", p.loc(p.edge(edge).src).name, p.loc(dst).name);
        }
        phi
    }

    fn learn(&mut self, labels: &[(LocId, Formula)]) -> Vec<LocId> {
        self.preds.extend(labels.iter().flat_map(|(loc, f)| predabs::atoms(f).into_iter().map(|a| (*loc, a))))
    }

    fn predicates(&self) -> usize {
        self.preds.len()
    }

    fn fallbacks(&self) -> usize {
        self.fallbacks
    }
}
