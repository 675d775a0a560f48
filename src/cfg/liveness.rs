//! Live variables: the in-scope variables of each location (DESIGN.md: labels
//! at a location range over exactly the values live into it; this is what makes
//! the paper's CLEAN operation (§5, eq. 3) built in).

use crate::ir::{Program, Stmt, VarId};
use std::collections::BTreeSet;

/// Live-in variables of an edge's source, given what is live at its target.
pub fn transfer(body: &[Stmt], live_out: &BTreeSet<VarId>) -> BTreeSet<VarId> {
    let mut live = live_out.clone();
    let mut uses = Vec::new();
    for st in body.iter().rev() {
        for d in st.defs() {
            live.remove(&d);
        }
        uses.clear();
        st.uses(&mut uses);
        live.extend(uses.iter().copied());
    }
    live
}

/// Computes `Location::live` for every location (backward fixpoint).
pub fn annotate(p: &mut Program) {
    let n = p.locs.len();
    let succ = p.successors();
    let mut preds = vec![Vec::new(); n];
    for e in p.edge_ids() {
        preds[p.edge(e).dst.0 as usize].push(p.edge(e).src.0 as usize);
    }
    let mut live: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); n];
    let mut work: Vec<usize> = (0..n).collect();
    let mut queued = vec![true; n];
    while let Some(l) = work.pop() {
        queued[l] = false;
        let mut new = BTreeSet::new();
        for e in &succ[l] {
            let edge = p.edge(*e);
            new.extend(transfer(&edge.body, &live[edge.dst.0 as usize]));
        }
        if new != live[l] {
            live[l] = new;
            for &q in &preds[l] {
                if !queued[q] {
                    queued[q] = true;
                    work.push(q);
                }
            }
        }
    }
    for (l, s) in live.into_iter().enumerate() {
        p.locs[l].live = s.into_iter().collect();
    }
}
