//! The abstract reachability graph of a CEGAR analysis
//! (papers/ufo-under-over-approximations.txt §3, Definition 1): nodes at
//! program locations, labelled with formulas over the canonical constants of
//! their location (`smt::canon`), edges labelled with program edges. UFO's
//! ARG is a DAG (one future node per location, §4 Fig. 3); a tree-shaped ARG
//! (explicit-value CEGAR, TRACER's symbolic execution tree) is the same data.
//! Its [`Arg::dag`] is what the refiners encode (`cegar::refine`), its
//! uncovered part what the certificate is made of (`cegar::certificate`).
//!
//! Invariants: `entry` and `error` are nodes; `children` and `parents` are
//! each other's mirror; a node is `covered` only when its label is implied by
//! the labels it is covered by (the exploring engine decides, with its POST's
//! `covers`).

use crate::cfg::Dag;
use crate::ir::{EdgeId, LocId, Program};
use crate::smt::Formula;

/// An ARG node `v` with `ν(v)`, `ψ(v)`.
pub struct Node {
    pub loc: LocId,
    pub label: Formula,
    pub children: Vec<(usize, EdgeId)>,
    pub parents: Vec<(usize, EdgeId)>,
    pub marked: bool,
    /// Covered in the latest expansion (a loop head whose label is implied by
    /// the active heads of its location).
    pub covered: bool,
}

pub struct Arg {
    pub nodes: Vec<Node>,
    pub entry: usize,
    pub error: usize,
}

impl Arg {
    pub fn new(p: &Program) -> Arg {
        let mut a = Arg { nodes: Vec::new(), entry: 0, error: 0 };
        a.entry = a.add(p.entry);
        a.nodes[a.entry].marked = true;
        a.error = a.add(p.error);
        a
    }

    /// A node at `loc`, labelled `true`, without edges.
    pub fn add(&mut self, loc: LocId) -> usize {
        self.nodes.push(Node {
            loc,
            label: Formula::from_bool(true),
            children: Vec::new(),
            parents: Vec::new(),
            marked: false,
            covered: false,
        });
        self.nodes.len() - 1
    }

    /// The ARG as a DAG over locations (for the ARG condition and refinement).
    pub fn dag(&self) -> Dag {
        let mut d = Dag {
            loc: self.nodes.iter().map(|n| n.loc).collect(),
            edges: Vec::new(),
            entry: self.entry,
            error: self.error,
        };
        for (u, n) in self.nodes.iter().enumerate() {
            for (w, e) in &n.children {
                d.edges.push((u, *w, *e));
            }
        }
        d
    }

    /// Nodes reachable from the entry without passing through a covered node:
    /// the uncovered part of the ARG, whose labels form the certificate.
    pub fn uncovered(&self) -> Vec<bool> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![self.entry];
        seen[self.entry] = true;
        while let Some(u) = stack.pop() {
            for (w, _) in &self.nodes[u].children {
                if !seen[*w] && !self.nodes[*w].covered {
                    seen[*w] = true;
                    stack.push(*w);
                }
            }
        }
        seen
    }
}
