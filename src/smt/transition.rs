//! The transition relation of one program edge, built in one place for every
//! user: the refinement clauses (`chc`, papers/ufo-under-over-approximations.txt
//! §5), the whole-program clauses (`horn`), the ARG condition (`dag`, eq. 1–2),
//! POST and the certificate check (`cert`). From a pre-state (a value per
//! in-scope variable of the source) it gives the body's constraints, the value
//! of every in-scope variable of the target after the body, and the fresh
//! constants it introduced.
//!
//! Invariant: a target variable the body does not define gets a fresh value
//! of its sort (with its range): an over-approximation, never a constraint.

use super::lower::NondetValue;
use super::lower::{Lowerer, Val};
use crate::ir::{EdgeId, Program, VarId};
use std::collections::HashMap;
use z3::ast::{Bool, Dynamic};

/// One edge's transition from a given pre-state.
pub struct Transition {
    /// The body's assumptions and side constraints, and the ranges of fresh values.
    pub constraints: Vec<Bool>,
    /// The in-scope variables of the target, in their `live` order, with their
    /// values after the body.
    pub post: Vec<(VarId, Val)>,
    /// Every fresh constant the edge introduced (a CHC rule quantifies them).
    pub fresh: Vec<Dynamic>,
    /// The nondeterministic inputs of the body, in execution order.
    pub inputs: Vec<NondetValue>,
    /// Its calls of procedures (`ir::procedures`), in execution order.
    pub summaries: Vec<super::lower::SummaryCall>,
    /// Every variable's value after the body, in scope at the target or not
    /// (a counterexample's call arguments): the lowering's own environment.
    pub after: HashMap<VarId, Val>,
}

/// The transition of edge `e` from the pre-state `pre`.
pub fn of_edge(p: &Program, l: &mut Lowerer, e: EdgeId, pre: &HashMap<VarId, Val>) -> Transition {
    let edge = p.edge(e);
    let sorts = |v: VarId| p.var(v).sort;
    let enc = l.body(&edge.body, pre, &sorts);
    let mut constraints = vec![enc.cond];
    let mut fresh = enc.fresh;
    let post = p
        .loc(edge.dst)
        .live
        .iter()
        .map(|v| match enc.post.get(v) {
            Some(x) => (*v, x.clone()),
            None => {
                let (x, range) = l.fresh_value("unset", p.var(*v).sort);
                fresh.push(x.dynamic());
                constraints.extend(range);
                (*v, x)
            }
        })
        .collect();
    Transition { constraints, post, fresh, inputs: enc.inputs, summaries: enc.summaries, after: enc.post }
}
