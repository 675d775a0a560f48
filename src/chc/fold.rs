//! Chains of an unrolling folded into one Horn clause for UFO's refinement
//! query (`chc::refine`, papers/ufo-under-over-approximations.txt §5).
//!
//! A node of the unrolling with exactly one incoming edge that is not a copy
//! of a loop head (a WTO head, `cfg::Wto`) gets no predicate of its own: the
//! clause of each edge leaving it starts at its nearest kept ancestor and
//! conjoins the bodies of the chain between (each edge's post-state equal to
//! the next one's pre-state). Spacer then solves a query with one predicate
//! per join, loop-head copy, entry and error node: on systemc/pc_sfifo_2.cil-1
//! under `--post box` a refinement took 4.4 s on average (9 refinements,
//! SAFE in 47 s) where unfolded it took 14 s (4 refinements, then the 60 s
//! timeout); on the shared set `--post box` solves 92 tasks instead of 90 in
//! 8% less CPU time (bench-results/bench-2026-11-26c-post-box-fold.md).
//!
//! A folded node's label is the strongest postcondition of its parent's label
//! through its one edge ([`image`], existentials eliminated): a valid
//! labelling of the chain (Definition 2) given valid labels at its ends.
//! Loop-head copies keep Spacer's generalized labels, which is what lets the
//! next unrolling be covered (folding them as well — Z3's own
//! `xform.inline_eager` — made the labels of straight-line loops exact,
//! `x == k` per copy, and UFO never converged on loop-invgen's nest-if3 and
//! MADWiFi-encode_ie_ok). Invariant: every folded node is relevant (reaches
//! the error) and so is its parent; entry and error are never folded.

use super::clause::EdgeClause;
use crate::cfg::Dag;
use crate::cfg::Wto;
use crate::ir::{EdgeId, Program};
use crate::smt::canon::Canon;
use crate::smt::lower::Lowerer;
use crate::smt::terms::quantifier_free;
use z3::ast::{Ast, Bool, Dynamic};

/// Which nodes of an unrolling are folded, and each folded node's one edge.
pub struct Folding {
    /// Per node: folded into its successors' clauses.
    pub folded: Vec<bool>,
    /// Per node: the index (in `Dag::edges`) of its one incoming edge, for folded nodes.
    pub in_edge: Vec<Option<usize>>,
}

impl Folding {
    /// Nothing folded: a predicate per relevant node.
    pub fn none(n: usize) -> Folding {
        Folding { folded: vec![false; n], in_edge: vec![None; n] }
    }

    /// The folding of `d`'s relevant nodes (see the module doc).
    pub fn of(p: &Program, d: &Dag, relevant: &[bool]) -> Folding {
        let n = d.loc.len();
        let wto = Wto::of_program(p);
        let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, (_, w, _)) in d.edges.iter().enumerate() {
            incoming[*w].push(i);
        }
        let mut f = Folding::none(n);
        for u in 0..n {
            let head = wto.is_head.get(d.loc[u].0 as usize).copied().unwrap_or(true);
            if relevant[u] && u != d.entry && u != d.error && incoming[u].len() == 1 && !head {
                f.folded[u] = true;
                f.in_edge[u] = Some(incoming[u][0]);
            }
        }
        f
    }

    /// The edges of the clause that ends with edge `i`: from the nearest kept
    /// ancestor of its source, in order (`i` last).
    pub fn chain(&self, d: &Dag, i: usize) -> Vec<usize> {
        let mut chain = vec![i];
        let mut u = d.edges[i].0;
        while let Some(j) = self.in_edge[u].filter(|_| self.folded[u]) {
            chain.push(j);
            u = d.edges[j].0;
        }
        chain.reverse();
        chain
    }
}

/// The clause parts of a chain of edges (as [`EdgeClause`]): the first edge's
/// pre-state, the last one's post-state, every body with the equalities that
/// join consecutive edges, and every constant to quantify.
pub(super) fn chain_clause(p: &Program, l: &mut Lowerer, d: &Dag, chain: &[usize]) -> EdgeClause {
    // (a chain is never empty: it ends with the clause's own edge)
    let mut acc = EdgeClause::new(p, l, d.edges[chain[0]].2, &format!("e{}", chain[0]));
    for &j in &chain[1..] {
        let c = EdgeClause::new(p, l, d.edges[j].2, &format!("e{j}"));
        acc.constraints.extend(acc.post_args.iter().zip(&c.pre_args).map(|(a, b)| a.eq(b)));
        acc.constraints.extend(c.constraints);
        acc.bounds.extend(c.bounds);
        acc.post_args = c.post_args;
    }
    acc
}

/// The strongest postcondition of `pre` (over the canonical constants of
/// `e`'s source) through `e`, over the canonical constants of its target,
/// with its existentials eliminated where `quantifier_free` can.
pub(super) fn image(p: &Program, l: &mut Lowerer, canon: &Canon, pre: &Bool, e: EdgeId) -> Bool {
    let edge = p.edge(e);
    let c = EdgeClause::new(p, l, e, "img");
    let from: Vec<Dynamic> = p.loc(edge.src).live.iter().map(|v| canon.of(*v).dynamic()).collect();
    let pairs: Vec<(&Dynamic, &Dynamic)> = from.iter().zip(&c.pre_args).collect();
    let mut body = vec![pre.substitute(&pairs)];
    body.extend(c.constraints);
    for (v, x) in p.loc(edge.dst).live.iter().zip(&c.post_args) {
        body.push(canon.of(*v).dynamic().eq(x));
    }
    let refs: Vec<&dyn Ast> = c.bounds.iter().map(|b| b as &dyn Ast).collect();
    quantifier_free(&z3::ast::exists_const(&refs, &[], &Bool::and(&body)))
}
