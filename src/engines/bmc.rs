//! Bounded model checking: the program unrolled to `K` steps as a DAG of
//! `(location, step)` nodes (all error nodes merged), encoded as one ARG
//! condition (UFO §5 eq. 1–2) and decided by one Z3 query for all paths. The
//! oracle that checks the translation, and a fast bug finder. It never answers
//! SAFE: no error within `K` steps is UNKNOWN.

use super::{Engine, EngineContext, Outcome, Stats, Verdict};
use crate::ir::{LocId, Program};
use crate::smt::chc;
use crate::smt::dag::Dag;
use crate::smt::{Deadline, IntSemantics, Lowerer};
use serde::Serialize;
use std::collections::HashMap;

/// The K-step unrolling of a program as a DAG.
pub fn unroll(p: &Program, k: usize) -> Dag {
    let succ = p.successors();
    let mut dag = Dag::default();
    let mut index: HashMap<(LocId, usize), usize> = HashMap::new();
    dag.loc.push(p.entry);
    index.insert((p.entry, 0), 0);
    dag.loc.push(p.error);
    dag.error = 1;
    let mut frontier = vec![0usize];
    for t in 0..k {
        let mut next = Vec::new();
        for &u in &frontier {
            for &e in &succ[dag.loc[u].0 as usize] {
                let dst = p.edge(e).dst;
                let w = if dst == p.error {
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

/// BMC to `bound` steps.
pub struct Bmc {
    pub bound: usize,
}

impl Engine for Bmc {
    fn name(&self) -> &'static str {
        "bmc"
    }
    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        run(p, self.bound, cx.sem, cx.deadline)
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

fn run(p: &Program, bound: usize, sem: IntSemantics, deadline: &Deadline) -> Outcome {
    let _installed = deadline.install();
    search(p, bound, sem, deadline)
}

/// One BMC query to `bound` steps, under a deadline the caller installed.
pub(super) fn search(p: &Program, bound: usize, sem: IntSemantics, deadline: &Deadline) -> Outcome {
    let dag = unroll(p, bound);
    let mut bmc = BmcStats { bound, unrolled_nodes: dag.loc.len(), solve_time: 0.0 };
    let mut l = Lowerer::new(sem);
    let t = std::time::Instant::now();
    // The ARG condition of the unrolling (eq. 1–2), one query for all paths.
    let r = chc::argcond(p, &mut l, &dag);
    bmc.solve_time = t.elapsed().as_secs_f64();
    let stats = Stats { iterations: 1, bmc: Some(bmc), ..Stats::default() };
    match r {
        Ok(None) => Outcome::unknown(format!("no error within {bound} steps (bounded model checking)"), stats),
        Ok(Some(trace)) => {
            Outcome { verdict: Verdict::Unsafe, reason: None, trace: Some(trace), certificate: None, stats }
        }
        Err(_) if deadline.expired() => Outcome::unknown(deadline.stop_reason(), stats),
        Err(why) => Outcome::unknown(why, stats),
    }
}
