//! Unrollings of a program as DAGs over locations (plain data for
//! `chc::argcond` and the refinement query): the paths of at most `k` steps
//! (BMC, UFO §5 eq. 1–2), between two locations, through waypoints in order
//! (Spacer's derivations), and the unwinding query of a depth (CBMC's
//! unwinding assertions: is every execution within the bound?), whose
//! emptiness is a complete BMC's SAFE and is checked again by `check/`.
//!
//! Invariant: every path of an unrolling is a path of the program (the
//! unwinding query's program has its `ε` edges besides, after the program's
//! own, so a trace through none of them is a trace of the program).

use super::Dag;
use crate::ir::{LocId, Program};
use std::collections::{HashMap, HashSet};

/// The K-step unrolling of a program as a DAG.
pub fn unroll(p: &Program, k: usize) -> Dag {
    unroll_between(p, p.entry, p.error, k)
}

/// The paths of at most `k` steps from `from` to their first visit of `to`
/// (`from` itself only after a step), as a DAG of `(location, step)` nodes
/// with every visit of `to` merged into its error node.
pub fn unroll_between(p: &Program, from: LocId, to: LocId, k: usize) -> Dag {
    unroll_frontier(p, from, to, k).0
}

/// The fewest steps of a path from `from` to `to` (at least one: a path
/// from a location back to itself goes round a cycle), if there is one: no
/// [`unroll_between`] with fewer has a path.
pub fn fewest_steps(p: &Program, from: LocId, to: LocId) -> Option<usize> {
    let succ = p.successors();
    let mut seen = vec![false; p.locs.len()];
    let mut frontier = vec![from];
    for steps in 1..=p.locs.len() {
        let mut next = Vec::new();
        for u in frontier {
            for &e in &succ[u.0 as usize] {
                let dst = p.edge(e).dst;
                if dst == to {
                    return Some(steps);
                }
                if !std::mem::replace(&mut seen[dst.0 as usize], true) {
                    next.push(dst);
                }
            }
        }
        frontier = next;
    }
    None
}

/// [`unroll_between`], and its nodes at depth `k` (its frontier).
pub fn unroll_frontier(p: &Program, from: LocId, to: LocId, k: usize) -> (Dag, Vec<usize>) {
    let succ = p.successors();
    let mut dag = Dag::default();
    let mut index: HashMap<(LocId, usize), usize> = HashMap::new();
    dag.loc.push(from);
    index.insert((from, 0), 0);
    dag.loc.push(to);
    dag.error = 1;
    let mut frontier = vec![0usize];
    for t in 0..k {
        let mut next = Vec::new();
        for &u in &frontier {
            for &e in &succ[dag.loc[u].0 as usize] {
                let dst = p.edge(e).dst;
                let w = if dst == to {
                    dag.error
                } else {
                    *index.entry((dst, t + 1)).or_insert_with(|| {
                        dag.loc.push(dst);
                        next.push(dag.loc.len() - 1);
                        dag.loc.len() - 1
                    })
                };
                dag.edges.push((u, w, e));
            }
        }
        frontier = next;
    }
    (dag, frontier)
}

/// The unwinding query of depth `k` (CBMC's unwinding assertions, Clarke,
/// Kroening, Lerda: TACAS 2004 §4, on a DAG): the program with an edge
/// `ε_L: L → error` with an empty body out of every location `L` that has an
/// edge, and the paths of `unroll(p, k + 1)` with `ε` out of every node at
/// depth `k + 1` into the error node. No path of it is feasible iff no
/// execution reaches the error within `k + 1` steps and none is, after
/// `k + 1` steps, at a location with an edge: every execution of `p` ends
/// within the bound (for a sliced `p`: leaves the slice, where the error is
/// out of reach), the unrolling is complete, and `p` is SAFE. A path that
/// ends with an `ε` edge (id at least `p.edges.len()`) says only that the
/// bound may be too small. (The DAG's labels under which its error node is
/// unreachable, joined per location, would be an inductive invariant:
/// `engines::bmc` explains why it answers with the bound instead.)
pub fn unwinding(p: &Program, k: usize) -> (Program, Dag) {
    let (mut dag, frontier) = unroll_frontier(p, p.entry, p.error, k + 1);
    let mut q = p.clone();
    let succ = p.successors();
    let mut eps = vec![None; p.locs.len()];
    for l in p.loc_ids().filter(|l| *l != p.error && !succ[l.0 as usize].is_empty()) {
        eps[l.0 as usize] = Some(crate::ir::EdgeId(q.edges.len() as u32));
        q.edges.push(crate::ir::Edge {
            src: l,
            dst: p.error,
            body: Vec::new(),
            src_loc: p.loc(l).src.clone(),
            failure: None,
            calls: Vec::new(),
        });
    }
    for u in frontier {
        if let Some(e) = eps[dag.loc[u].0 as usize] {
            dag.edges.push((u, dag.error, e));
        }
    }
    (q, dag)
}

/// The inductive step of k-induction (Sheeran, Singh, Stålmarck: FMCAD 2000;
/// on a control-flow graph as CPAchecker's and ESBMC's k-induction run it),
/// strengthened by the invariants `inv` (one per location, over its in-scope
/// variables: `ai`'s): the program with a new location `start` (the last)
/// and an edge from it to every location `L` but the error that gives `L`'s
/// variables any values satisfying `inv[L]`; every other edge's body begins
/// with `assume inv[src]`. The DAG holds its paths from `start` through `k`
/// states (depths 1 to `k`, none at the error) and then one edge into the
/// error. No path of it is feasible iff `k` consecutive states that satisfy
/// the invariants and are not at the error are never followed by the error:
/// with `inv` inductive and no error within `k` steps of the entry (the base
/// case, `unroll(p, k)`), the error is unreachable.
pub fn induction_step(p: &Program, inv: &[crate::ir::Expr], k: usize) -> (Program, Dag) {
    use crate::ir::{Edge, EdgeId, HavocKind, Location, Stmt};
    let mut q = p.clone();
    for e in &mut q.edges {
        e.body.insert(0, Stmt::Assume(inv[e.src.0 as usize].clone()));
    }
    let start = LocId(q.locs.len() as u32);
    q.locs.push(Location { name: "k-induction start".into(), ..Default::default() });
    let mut entries = Vec::new();
    for l in p.loc_ids().filter(|l| *l != p.error) {
        let why = HavocKind::Unmodelled { why: "any state of the inductive step".into() };
        let mut body: Vec<Stmt> =
            p.loc(l).live.iter().map(|v| Stmt::Havoc(*v, why.clone(), p.loc(l).src.clone())).collect();
        body.push(Stmt::Assume(inv[l.0 as usize].clone()));
        entries.push(EdgeId(q.edges.len() as u32));
        q.edges.push(Edge {
            src: start,
            dst: l,
            body,
            src_loc: p.loc(l).src.clone(),
            failure: None,
            calls: Vec::new(),
        });
    }
    let succ = q.successors();
    let mut dag = Dag::default();
    dag.loc.push(start);
    dag.loc.push(p.error);
    dag.error = 1;
    let mut layer: HashMap<LocId, usize> = HashMap::new();
    for e in entries {
        let l = q.edge(e).dst;
        dag.loc.push(l);
        layer.insert(l, dag.loc.len() - 1);
        dag.edges.push((0, dag.loc.len() - 1, e));
    }
    for depth in 1..=k.max(1) {
        let mut next: HashMap<LocId, usize> = HashMap::new();
        let mut nodes: Vec<(LocId, usize)> = layer.iter().map(|(l, u)| (*l, *u)).collect();
        nodes.sort();
        for (l, u) in nodes {
            for &e in &succ[l.0 as usize] {
                let dst = q.edge(e).dst;
                if dst == p.error {
                    if depth == k.max(1) {
                        dag.edges.push((u, dag.error, e));
                    }
                } else if depth < k.max(1) {
                    let w = *next.entry(dst).or_insert_with(|| {
                        dag.loc.push(dst);
                        dag.loc.len() - 1
                    });
                    dag.edges.push((u, w, e));
                }
            }
        }
        layer = next;
    }
    (q, dag)
}

/// The paths of `p` that visit `waypoints` in order (the first the entry,
/// the last the error), as a DAG: between consecutive waypoints `a` and `b`,
/// the locations on some path from `a` to `b` through no waypoint, once each
/// if they form no cycle, else unrolled to as many steps as there are of them
/// (a path through a location twice is then cut at that depth). Every path of
/// the DAG is a program path; the program paths between waypoints that visit
/// no waypoint and no location twice are all in it. Used with the facts of
/// Spacer's derivation as waypoints: a search for the counterexample Spacer
/// found, among far fewer paths than an unrolling to the same depth.
pub fn unroll_through(p: &Program, waypoints: &[LocId]) -> Dag {
    let succ = p.successors();
    let mut pred = vec![Vec::new(); p.locs.len()];
    for e in p.edge_ids() {
        pred[p.edge(e).dst.0 as usize].push(p.edge(e).src);
    }
    let is_waypoint: HashSet<LocId> = waypoints.iter().copied().collect();
    let mut dag = Dag::default();
    let Some(&first) = waypoints.first() else { return dag };
    dag.loc.push(first);
    let mut cur = 0;
    for pair in waypoints.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let inner = between(
            a,
            b,
            &is_waypoint,
            |x| succ[x.0 as usize].iter().map(|e| p.edge(*e).dst).collect(),
            |y| pred[y.0 as usize].clone(),
        );
        dag.loc.push(b);
        let target = dag.loc.len() - 1;
        // (location, depth) → node; depth 0 for every inner location if acyclic
        let layers = if acyclic(p, &succ, &inner) { 1 } else { inner.len() };
        let mut node: HashMap<(LocId, usize), usize> = HashMap::new();
        let mut frontier = vec![(a, cur, 0usize)];
        while let Some((x, u, depth)) = frontier.pop() {
            for &e in &succ[x.0 as usize] {
                let y = p.edge(e).dst;
                let w = if y == b {
                    target
                } else if inner.contains(&y) && (layers == 1 || depth < layers) {
                    let key = (y, if layers == 1 { 0 } else { depth + 1 });
                    *node.entry(key).or_insert_with(|| {
                        dag.loc.push(y);
                        frontier.push((y, dag.loc.len() - 1, key.1));
                        dag.loc.len() - 1
                    })
                } else {
                    continue;
                };
                dag.edges.push((u, w, e));
            }
        }
        cur = target;
    }
    dag.error = cur;
    dag
}

/// The locations other than waypoints on a path from `a` to `b` that visits
/// no waypoint in between.
fn between(
    a: LocId,
    b: LocId,
    is_waypoint: &HashSet<LocId>,
    succ: impl Fn(LocId) -> Vec<LocId>,
    pred: impl Fn(LocId) -> Vec<LocId>,
) -> HashSet<LocId> {
    let reach = |from: LocId, next: &dyn Fn(LocId) -> Vec<LocId>| {
        let mut seen = HashSet::new();
        let mut stack = vec![from];
        while let Some(x) = stack.pop() {
            for y in next(x) {
                if !is_waypoint.contains(&y) && seen.insert(y) {
                    stack.push(y);
                }
            }
        }
        seen
    };
    let fwd = reach(a, &succ);
    let bwd = reach(b, &pred);
    fwd.intersection(&bwd).copied().collect()
}

/// Do the edges among `locs` form no cycle?
fn acyclic(p: &Program, succ: &[Vec<crate::ir::EdgeId>], locs: &HashSet<LocId>) -> bool {
    let mut indegree: HashMap<LocId, usize> = locs.iter().map(|l| (*l, 0)).collect();
    for l in locs {
        for e in &succ[l.0 as usize] {
            if let Some(d) = indegree.get_mut(&p.edge(*e).dst) {
                *d += 1;
            }
        }
    }
    let mut ready: Vec<LocId> = indegree.iter().filter(|(_, d)| **d == 0).map(|(l, _)| *l).collect();
    let mut done = 0;
    while let Some(l) = ready.pop() {
        done += 1;
        for e in &succ[l.0 as usize] {
            if let Some(d) = indegree.get_mut(&p.edge(*e).dst) {
                *d -= 1;
                if *d == 0 {
                    ready.push(p.edge(*e).dst);
                }
            }
        }
    }
    done == locs.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Edge, Location};

    /// A program with empty edge bodies over locations `0..n` (0 the entry,
    /// `n - 1` the error).
    fn graph(n: usize, edges: &[(u32, u32)]) -> Program {
        let loc = |i: usize| Location { name: format!("l{i}"), ..Default::default() };
        let edge = |&(a, b): &(u32, u32)| Edge {
            src: LocId(a),
            dst: LocId(b),
            body: Vec::new(),
            src_loc: Default::default(),
            failure: None,
            calls: Vec::new(),
        };
        Program {
            locs: (0..n).map(loc).collect(),
            edges: edges.iter().map(edge).collect(),
            entry: LocId(0),
            error: LocId(n as u32 - 1),
            ..Program::default()
        }
    }

    /// The DAG's paths from the entry to the error, as location sequences.
    fn paths(d: &Dag) -> Vec<Vec<u32>> {
        fn go(d: &Dag, u: usize, path: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            path.push(d.loc[u].0);
            if u == d.error {
                out.push(path.clone());
            }
            for (s, w, _) in &d.edges {
                if *s == u {
                    go(d, *w, path, out);
                }
            }
            path.pop();
        }
        let mut out = Vec::new();
        go(d, d.entry, &mut Vec::new(), &mut out);
        out.sort();
        out
    }

    /// 0 → 1 (loop head) → {2 | 3} → 1, 1 → 4 (error): through the head twice,
    /// the DAG holds exactly the paths that take the loop once, by either branch.
    #[test]
    fn paths_through_waypoints_visit_them_in_order() {
        let p = graph(5, &[(0, 1), (1, 2), (1, 3), (2, 1), (3, 1), (1, 4)]);
        let d = unroll_through(&p, &[LocId(0), LocId(1), LocId(1), LocId(4)]);
        assert_eq!(paths(&d), vec![vec![0, 1, 2, 1, 4], vec![0, 1, 3, 1, 4]]);
        // once through the head: no iteration
        let d = unroll_through(&p, &[LocId(0), LocId(1), LocId(4)]);
        assert_eq!(paths(&d), vec![vec![0, 1, 4]]);
    }

    /// Between two locations, the paths end at the first visit of the second:
    /// from a loop head back to itself, once around by either branch; from
    /// the entry to the error within 2 and 4 steps.
    #[test]
    fn paths_between_two_locations_end_at_the_first_visit_of_the_second() {
        let p = graph(5, &[(0, 1), (1, 2), (1, 3), (2, 1), (3, 1), (1, 4)]);
        assert_eq!(paths(&unroll_between(&p, LocId(1), LocId(1), 4)), vec![vec![1, 2, 1], vec![1, 3, 1]]);
        assert_eq!(paths(&unroll_between(&p, LocId(0), LocId(4), 2)), vec![vec![0, 1, 4]]);
        assert_eq!(
            paths(&unroll_between(&p, LocId(0), LocId(4), 4)),
            vec![vec![0, 1, 2, 1, 4], vec![0, 1, 3, 1, 4], vec![0, 1, 4]]
        );
    }

    /// Between two waypoints a cycle of other locations is unrolled to as
    /// many steps as there are locations between them (here 1, 2, 3, 4):
    /// once around 2 → 3 → 2 fits, once around after the detour by 4 does not.
    #[test]
    fn a_cycle_between_waypoints_is_unrolled_to_the_locations_between() {
        let p = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 2), (1, 4), (4, 2), (2, 5)]);
        let d = unroll_through(&p, &[LocId(0), LocId(5)]);
        assert_eq!(paths(&d), vec![vec![0, 1, 2, 3, 2, 5], vec![0, 1, 2, 5], vec![0, 1, 4, 2, 5]]);
    }

    /// The fewest steps: 2 from the entry to the error, 2 around the loop,
    /// none from the error (no edge leaves it); and no unrolling with fewer
    /// has a path, one with as many has.
    #[test]
    fn the_fewest_steps_are_the_shortest_unrolling_with_a_path() {
        let p = graph(5, &[(0, 1), (1, 2), (1, 3), (2, 1), (3, 1), (1, 4)]);
        assert_eq!(fewest_steps(&p, LocId(0), LocId(4)), Some(2));
        assert_eq!(fewest_steps(&p, LocId(1), LocId(1)), Some(2));
        assert_eq!(fewest_steps(&p, LocId(2), LocId(4)), Some(2));
        assert_eq!(fewest_steps(&p, LocId(4), LocId(0)), None);
        assert!(paths(&unroll_between(&p, LocId(0), LocId(4), 1)).is_empty());
        assert!(!paths(&unroll_between(&p, LocId(0), LocId(4), 2)).is_empty());
    }
}
