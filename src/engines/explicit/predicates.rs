//! The auxiliary predicate analysis of `explicit-pred`
//! (papers/explicit-value-cegar-interpolation.txt §III-F "Auxiliary
//! Predicate Analysis", after Beyer, Henzinger, Théoduloz's CPA+ [9]): each
//! node of the tree also has a label, the Cartesian predicate abstraction
//! (`post::predicates`, UFO §6's) of its parent's label and explicit values
//! after the edge, over the predicates of its location. The predicate
//! precision grows only when explicit values cannot refute an infeasible
//! error path: then the path's interpolants (one CHC query on the path,
//! `chc::refine`, UFO §5's) add their atoms at its locations. So each half
//! tracks what it can: explicit values what evaluation decides, predicates
//! the inequalities and facts about inputs.
//!
//! Invariant: a label over-approximates the concrete states of its node
//! that agree with its explicit values (the predicate POST is sound, and the
//! explicit values it is given hold of the parent's states).

use crate::cfg::Dag;
use crate::chc::{self, Refinement};
use crate::domains::explicit::Assignment;
use crate::ir::{EdgeId, LocId, Program, VarId};
use crate::post::predicates::{Abstraction, PredicatePost};
use crate::post::{Post, PostCx};
use crate::smt::canon::Canon;
use crate::smt::lower::Val;
use crate::smt::{solve, Formula, IntSemantics, Lowerer};
use std::collections::HashMap;

/// The predicate half: its POST, and the solver context it works in.
pub struct Predicates {
    post: PredicatePost,
    pub l: Lowerer,
    pub canon: Canon,
    solver: solve::Reused,
    /// Each location's canonical state, made once (every transfer reads
    /// its source's).
    states: HashMap<LocId, HashMap<VarId, Val>>,
}

impl Predicates {
    pub fn new(p: &Program, sem: IntSemantics) -> Predicates {
        let l = Lowerer::new(sem);
        let canon = Canon::new(p, &l);
        Predicates {
            post: PredicatePost::new(p, Abstraction::Cartesian, false),
            l,
            canon,
            solver: solve::Reused::new(sem),
            states: HashMap::new(),
        }
    }

    /// The explicit values of `a` at `loc` as a formula over its canonical
    /// constants.
    pub fn values(&mut self, p: &Program, loc: LocId, a: &Assignment) -> Formula {
        let live = &p.loc(loc).live;
        let e = a.to_expr(&|v: VarId| p.var(v).sort, |v| live.binary_search(&v).is_ok());
        let state = self.states.entry(loc).or_insert_with(|| self.canon.state(p, loc));
        match self.l.exact(&e, state) {
            Ok(Val::B(b)) => b,
            _ => Formula::from_bool(true),
        }
    }

    /// The label after `edge` from a node labelled `parent` with explicit
    /// values `a` (`false`: the edge cannot be taken from there); `true`
    /// without a query where neither the parent's label nor the target's
    /// predicates say anything.
    pub fn transfer(&mut self, p: &Program, parent: &Formula, a: &Assignment, edge: EdgeId) -> Formula {
        let dst = p.edge(edge).dst;
        if self.post.at(dst).is_empty() && parent.as_bool() == Some(true) {
            return Formula::from_bool(true);
        }
        let src = p.edge(edge).src;
        let pre = Formula::and(&[parent.clone(), self.values(p, src, a)]);
        let mut cx = PostCx { p, l: &mut self.l, canon: &self.canon, solver: &self.solver };
        self.post.transfer(&mut cx, &pre, edge)
    }

    /// Whether `v` implies `by` (decided: `false` when unknown). Without the
    /// ranges of the location's variables, unlike `Post::covers`: a value
    /// an `nsw` operation put out of its range is excluded only where an
    /// edge leaves the location, so a state there may hold it, and the
    /// certificate's check of the edge into the location does not assume
    /// the range (a cover under it made systemc/token_ring.04.cil-1's
    /// certificate fail its check).
    pub fn covers(&mut self, v: &Formula, by: &Formula) -> bool {
        if by.as_bool() == Some(true) {
            return true;
        }
        self.solver.implies(std::slice::from_ref(v), by) == Some(true)
    }

    /// Makes the labels Boolean abstractions of the predicates (up to
    /// `crate::engines::MAX_CUBES` cubes), where they were Cartesian: a
    /// path whose interpolants' atoms are all predicates already can still
    /// be refuted by their Boolean combinations (a state machine's `s` in
    /// {0, 2}). `false` if they were Boolean already.
    pub fn boolean(&mut self) -> bool {
        self.post.make_boolean(crate::engines::MAX_CUBES)
    }

    /// The number of predicates at `loc` (a node made with fewer is stale).
    pub fn count(&self, loc: LocId) -> usize {
        self.post.at(loc).len()
    }

    pub fn total(&self) -> usize {
        self.post.predicates()
    }

    /// Refines the predicate precision along a path (from the entry to the
    /// error) that SMT found infeasible: the interpolants' atoms at its
    /// locations. `false` if no location gained a predicate.
    pub fn refine(&mut self, p: &Program, edges: &[EdgeId]) -> Result<bool, String> {
        let dag = Dag::of_path(p, edges).ok_or("an empty path")?;
        match chc::refine(p, &mut self.l, &self.canon, &dag) {
            Refinement::Labels(labels) => {
                let learnt: Vec<(LocId, Formula)> =
                    labels.into_iter().enumerate().filter_map(|(i, f)| Some((dag.loc[i], f?))).collect();
                Ok(!self.post.learn(&learnt).is_empty())
            }
            Refinement::Reachable(_) => Err("the path the SMT query refuted is reachable to the interpolation".into()),
            Refinement::Unknown(why) => Err(why),
        }
    }
}
