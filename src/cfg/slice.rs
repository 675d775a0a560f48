//! Slicing: keep only the locations reachable from the entry that can reach the
//! error location. Sound for `unreach-call`: a path to the error only visits such
//! locations, so the sliced program reaches the error iff the original does.

use crate::ir::{LocId, Program};
use std::collections::VecDeque;

fn reach(n: usize, start: usize, adj: &[Vec<usize>]) -> Vec<bool> {
    let mut seen = vec![false; n];
    let mut q = VecDeque::from([start]);
    seen[start] = true;
    while let Some(u) = q.pop_front() {
        for &w in &adj[u] {
            if !seen[w] {
                seen[w] = true;
                q.push_back(w);
            }
        }
    }
    seen
}

/// Returns the sliced program and, for each new location, its old id.
pub fn slice(p: &Program) -> (Program, Vec<LocId>) {
    let n = p.locs.len();
    let mut fwd = vec![Vec::new(); n];
    let mut bwd = vec![Vec::new(); n];
    for e in &p.edges {
        fwd[e.src.0 as usize].push(e.dst.0 as usize);
        bwd[e.dst.0 as usize].push(e.src.0 as usize);
    }
    let from_entry = reach(n, p.entry.0 as usize, &fwd);
    let to_error = reach(n, p.error.0 as usize, &bwd);
    let mut keep: Vec<bool> = (0..n).map(|i| from_entry[i] && to_error[i]).collect();
    keep[p.entry.0 as usize] = true;
    keep[p.error.0 as usize] = true;
    let mut new_id = vec![None; n];
    let mut old_ids = Vec::new();
    let mut locs = Vec::new();
    for i in 0..n {
        if keep[i] {
            new_id[i] = Some(LocId(locs.len() as u32));
            old_ids.push(LocId(i as u32));
            locs.push(p.locs[i].clone());
        }
    }
    let edges = p
        .edges
        .iter()
        .filter_map(|e| {
            let s = new_id[e.src.0 as usize]?;
            let d = new_id[e.dst.0 as usize]?;
            let mut e = e.clone();
            e.src = s;
            e.dst = d;
            Some(e)
        })
        .collect();
    let out = Program {
        locs,
        edges,
        entry: new_id[p.entry.0 as usize].unwrap_or(LocId(0)),
        error: new_id[p.error.0 as usize].unwrap_or(LocId(0)),
        ..p.clone()
    };
    (out, old_ids)
}

/// Cone-of-influence slicing of variables: the relevant variables are the least
/// set containing every variable of an `assume` and every variable the
/// assignment of a relevant variable reads. Assignments to other variables
/// cannot change whether any path is feasible, so they are dropped (a sound and
/// complete transformation for reachability). Havocs of nondeterministic inputs
/// are kept so that traces still list every input in call order. Liveness is
/// recomputed; the number of variables in scope shrinks accordingly.
pub fn slice_vars(p: &Program) -> Program {
    use crate::ir::{HavocKind, Stmt, VarId};
    let n = p.vars.len();
    let mut relevant = vec![false; n];
    let mut deps: Vec<Vec<VarId>> = vec![Vec::new(); n];
    let mut work: Vec<VarId> = Vec::new();
    let mut buf = Vec::new();
    for e in &p.edges {
        for st in &e.body {
            match st {
                Stmt::Assume(x) => {
                    buf.clear();
                    x.vars(&mut buf);
                    work.extend(buf.iter().copied());
                }
                Stmt::Assign(v, x) => x.vars(&mut deps[v.0 as usize]),
                Stmt::Parallel(xs) => xs.iter().for_each(|(v, x)| x.vars(&mut deps[v.0 as usize])),
                Stmt::Havoc(v, HavocKind::Float { args, .. }, _) => {
                    args.iter().for_each(|x| x.vars(&mut deps[v.0 as usize]))
                }
                Stmt::Havoc(..) => {}
            }
        }
    }
    while let Some(v) = work.pop() {
        if !std::mem::replace(&mut relevant[v.0 as usize], true) {
            work.extend(deps[v.0 as usize].iter().copied());
        }
    }
    let keep = |v: &VarId| relevant[v.0 as usize];
    let mut out = p.clone();
    for e in &mut out.edges {
        e.body = std::mem::take(&mut e.body)
            .into_iter()
            .filter_map(|st| match st {
                Stmt::Assign(v, _) if !keep(&v) => None,
                Stmt::Havoc(v, HavocKind::Unmodelled { .. } | HavocKind::Float { .. }, _) if !keep(&v) => None,
                Stmt::Parallel(xs) => {
                    let xs: Vec<_> = xs.into_iter().filter(|(v, _)| keep(v)).collect();
                    (!xs.is_empty()).then_some(Stmt::Parallel(xs))
                }
                st => Some(st),
            })
            .collect();
    }
    crate::cfg::liveness::annotate(&mut out);
    out
}
