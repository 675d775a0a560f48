//! Hoare triples over canonical constants: an invariant expression lowered
//! exactly at a location, the transition relation of an edge between two
//! locations' canonical states, and the validity of `{pre} e {post}`. The
//! certificate check (`check::cert`), UFO's cover and Houdini steps and the
//! predicate POST ask their questions through it.

use super::canon::Canon;
use super::lower::{Lowerer, Val};
use super::solve;
use crate::ir::{EdgeId, Expr, LocId, Program};
use z3::ast::{Ast, Bool, Dynamic};

/// An invariant at `loc` over the canonical constants of its in-scope
/// variables, lowered exactly (no fresh constant, no over-approximation).
pub fn lower(p: &Program, l: &mut Lowerer, canon: &Canon, loc: LocId, e: &Expr) -> Result<Bool, String> {
    match l.exact(e, &canon.state(p, loc)) {
        Ok(Val::B(b)) => Ok(b),
        Ok(_) => Err(format!("the invariant at {} is not a formula", p.loc(loc).name)),
        Err(why) => Err(format!("the invariant at {} is not exact: {why}", p.loc(loc).name)),
    }
}

/// The transition relation of one edge over canonical constants: hypotheses
/// over the source's constants (ranges, the body's constraints) and the map of
/// the target's constants to their values after the body.
pub struct EdgeRelation {
    pub hyps: Vec<Bool>,
    subst: Vec<(Dynamic, Dynamic)>,
}

impl EdgeRelation {
    pub fn new(p: &Program, l: &mut Lowerer, canon: &Canon, e: EdgeId) -> EdgeRelation {
        let t = super::transition::of_edge(p, l, e, &canon.state(p, p.edge(e).src));
        let subst = t.post.into_iter().map(|(v, x)| (canon.of(v).dynamic(), x.dynamic())).collect();
        let mut hyps = canon.ranges(p, l, p.edge(e).src);
        hyps.extend(t.constraints);
        EdgeRelation { hyps, subst }
    }

    /// `f` (over the target's canonical constants) in terms of the source state.
    pub fn at_target(&self, f: &Bool) -> Bool {
        let pairs: Vec<(&Dynamic, &Dynamic)> = self.subst.iter().map(|(a, b)| (a, b)).collect();
        f.substitute(&pairs)
    }
}

/// Is `{pre} e {post}` a valid Hoare triple? `pre` and `post` are over the
/// canonical constants of the edge's source and target; values are assumed in
/// range at the source. `None` if Z3 does not know.
pub fn hoare_triple(
    p: &Program,
    l: &mut Lowerer,
    canon: &Canon,
    pre: &Bool,
    e: EdgeId,
    post: &Bool,
    solver: &solve::Reused,
) -> Option<bool> {
    let (hyps, goal) = hoare_query(p, l, canon, pre, e, post);
    solver.implies(&hyps, &goal)
}

/// The triple `{pre} e {post}` as hypotheses and a goal over the source's
/// canonical constants: valid exactly when the hypotheses imply the goal.
pub fn hoare_query(
    p: &Program,
    l: &mut Lowerer,
    canon: &Canon,
    pre: &Bool,
    e: EdgeId,
    post: &Bool,
) -> (Vec<Bool>, Bool) {
    let rel = EdgeRelation::new(p, l, canon, e);
    let mut hyps = rel.hyps.clone();
    hyps.push(pre.clone());
    (hyps, rel.at_target(post))
}
