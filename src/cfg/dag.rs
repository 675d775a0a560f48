//! A DAG over program locations: the graph an ARG condition (`chc::argcond`),
//! a refinement query (`chc::spacer`) or an unrolling (BMC) is built over —
//! nodes labelled with locations, edges with program edges, an entry and an
//! error node. Plain data: the encodings live in `chc/`.

use super::wto::Wto;
use crate::ir::{EdgeId, LocId, Program};

/// A DAG over program locations.
#[derive(Clone, Debug, Default)]
pub struct Dag {
    /// Location of each node.
    pub loc: Vec<LocId>,
    /// Edges `(src node, dst node, program edge)`.
    pub edges: Vec<(usize, usize, EdgeId)>,
    pub entry: usize,
    pub error: usize,
}

impl Dag {
    /// The program's own graph of locations (a node per location, an edge per
    /// edge): not a DAG when the program loops, which whole-program clauses allow.
    pub fn of_program(p: &Program) -> Dag {
        Dag {
            loc: p.loc_ids().collect(),
            edges: p.edge_ids().map(|e| (p.edge(e).src.0 as usize, p.edge(e).dst.0 as usize, e)).collect(),
            entry: p.entry.0 as usize,
            error: p.error.0 as usize,
        }
    }

    /// The one-path DAG of `edges` (nodes `0..=len`, the last the error
    /// node); `None` for no edges.
    pub fn of_path(p: &Program, edges: &[crate::ir::EdgeId]) -> Option<Dag> {
        let first = *edges.first()?;
        let mut loc = vec![p.edge(first).src];
        loc.extend(edges.iter().map(|e| p.edge(*e).dst));
        let edges = edges.iter().enumerate().map(|(i, e)| (i, i + 1, *e)).collect();
        Some(Dag { error: loc.len() - 1, loc, edges, entry: 0 })
    }

    /// The weak topological order of the nodes from the entry, the error node
    /// last (for [`Dag::of_program`], the program's `Wto::of_program`).
    pub fn wto(&self) -> Wto {
        Wto::of_edges(self.loc.len(), self.edges.iter().map(|(s, d, _)| (*s, *d)), self.entry, Some(self.error))
    }

    /// Nodes that can reach the error node.
    pub fn reaches_error(&self) -> Vec<bool> {
        let n = self.loc.len();
        let mut preds = vec![Vec::new(); n];
        for (i, (s, d, _)) in self.edges.iter().enumerate() {
            preds[*d].push((*s, i));
        }
        let mut seen = vec![false; n];
        let mut stack = vec![self.error];
        seen[self.error] = true;
        while let Some(u) = stack.pop() {
            for &(p, _) in &preds[u] {
                if !seen[p] {
                    seen[p] = true;
                    stack.push(p);
                }
            }
        }
        seen
    }
}
