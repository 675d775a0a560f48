//! Bounded model checking: the program unrolled to `K` steps as a DAG of
//! `(location, step)` nodes (all error nodes merged), encoded as one ARG
//! condition (UFO §5 eq. 1–2) and decided by one Z3 query for all paths. The
//! oracle that checks the translation, and a fast bug finder (in the portfolio
//! it deepens: `K`, `2K`, `4K`, ... until its time is up). It never answers
//! SAFE: no error within `K` steps is UNKNOWN.

use super::config::EngineArgs;
use super::config::{Configuration, EngineConfig};
use super::registry::EngineSpec;
use super::{Engine, EngineContext, Outcome, Stats, Verdict};
use crate::cfg::Dag;
use crate::chc;
use crate::ir::{LocId, Program};
use crate::smt::Install;
use crate::smt::{Deadline, IntSemantics, Lowerer};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// The K-step unrolling of a program as a DAG.
pub fn unroll(p: &Program, k: usize) -> Dag {
    unroll_between(p, p.entry, p.error, k)
}

/// The paths of at most `k` steps from `from` to their first visit of `to`
/// (`from` itself only after a step), as a DAG of `(location, step)` nodes
/// with every visit of `to` merged into its error node.
pub fn unroll_between(p: &Program, from: LocId, to: LocId, k: usize) -> Dag {
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
    dag
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

/// BMC's configuration: the bound, and whether it deepens (the portfolio's
/// member: after "no error within `bound` steps", twice the bound, until the
/// clock ends it; `--engine bmc` keeps its bound).
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub bound: usize,
    pub deepen: bool,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Bmc { bound: self.bound, deepen: self.deepen })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// BMC's registry entry.
pub const SPEC: EngineSpec = EngineSpec {
    name: "bmc",
    help: "Bounded model checking: one query for all paths up to `--bound` steps",
    members: &["bmc"],
    runs_alone: false,
};

/// BMC's configurations: the portfolio's member deepens.
pub fn configure(name: &str, member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    (name == "bmc").then(|| EngineConfig::new(Config { bound: a.bound, deepen: member }))
}

/// BMC to `bound` steps; with `deepen`, then to twice as many after each
/// "no error within" (up to [`MAX_DEEPENED_BOUND`] steps and
/// [`MAX_DEEPENED_NODES`] nodes, and while the unrolling still grows: else
/// every path was complete), until the clock ends it.
pub struct Bmc {
    pub bound: usize,
    pub deepen: bool,
}

/// The deepest bound a deepening BMC tries.
const MAX_DEEPENED_BOUND: usize = 3200;

/// A deepening BMC does not double an unrolling past this many nodes (the
/// query's size, and memory, grow with it).
const MAX_DEEPENED_NODES: usize = 100_000;

impl Engine for Bmc {
    fn name(&self) -> &'static str {
        "bmc"
    }
    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        let _installed = cx.deadline.install();
        let mut k = self.bound.max(1);
        let mut nodes = 0;
        loop {
            let out = search(p, k, cx.sem, cx.deadline);
            let grown = out.stats.own::<BmcStats>().map_or(0, |b| b.unrolled_nodes);
            let exhausted = out.reason.as_deref() == Some(no_error(k).as_str());
            let deeper = k < MAX_DEEPENED_BOUND && grown > nodes && grown * 2 <= MAX_DEEPENED_NODES;
            if !(self.deepen && exhausted && deeper) || cx.deadline.expired() {
                return out;
            }
            (k, nodes) = (k * 2, grown);
        }
    }
}

/// BMC's statistics.
#[derive(Clone, Debug, Default, Serialize)]
pub struct BmcStats {
    /// The bound used.
    pub bound: usize,
    /// Nodes of the unrolled DAG.
    pub unrolled_nodes: usize,
    /// Seconds in the one satisfiability query.
    pub solve_time: f64,
}

impl super::OwnStats for BmcStats {
    const KEY: &'static str = "bmc";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("bound", self.bound.to_string()),
            ("unrolled_nodes", self.unrolled_nodes.to_string()),
            ("solve", format!("{:.3}s", self.solve_time)),
        ]
    }
}

/// Why a search to `bound` steps answered nothing.
fn no_error(bound: usize) -> String {
    format!("no error within {bound} steps (bounded model checking)")
}

/// One BMC query to `bound` steps, under a deadline the caller installed.
pub(super) fn search(p: &Program, bound: usize, sem: IntSemantics, deadline: &Deadline) -> Outcome {
    search_dag(p, &unroll(p, bound), bound, sem, deadline)
}

/// One query for the paths of `dag` (an unrolling to `bound` steps, or the
/// paths through Spacer's waypoints), under a deadline the caller installed.
pub(super) fn search_dag(p: &Program, dag: &Dag, bound: usize, sem: IntSemantics, deadline: &Deadline) -> Outcome {
    let mut bmc = BmcStats { bound, unrolled_nodes: dag.loc.len(), solve_time: 0.0 };
    let mut l = Lowerer::new(sem);
    let t = std::time::Instant::now();
    // The ARG condition of the unrolling (eq. 1–2), one query for all paths.
    let r = chc::argcond(p, &mut l, dag);
    bmc.solve_time = t.elapsed().as_secs_f64();
    let stats = Stats::with(1, bmc);
    match r {
        Ok(None) => Outcome::unknown(no_error(bound), stats),
        Ok(Some(trace)) => {
            Outcome { verdict: Verdict::Unsafe, reason: None, trace: Some(trace), certificate: None, stats }
        }
        Err(_) if deadline.expired() => Outcome::unknown(deadline.stop_reason(), stats),
        Err(why) => Outcome::unknown(why, stats),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Edge, Location};

    /// A program with empty edge bodies over locations `0..n` (0 the entry,
    /// `n - 1` the error).
    fn graph(n: usize, edges: &[(u32, u32)]) -> Program {
        let loc = |i: usize| Location {
            name: format!("l{i}"),
            src: Default::default(),
            live: Vec::new(),
            src_vars: Vec::new(),
        };
        let edge = |&(a, b): &(u32, u32)| Edge {
            src: LocId(a),
            dst: LocId(b),
            body: Vec::new(),
            src_loc: Default::default(),
            failure: None,
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
}
