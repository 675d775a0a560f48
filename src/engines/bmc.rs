//! Bounded model checking: the program unrolled to `K` steps as a DAG of
//! `(location, step)` nodes (all error nodes merged), encoded as one ARG
//! condition (UFO §5 eq. 1–2) and decided by one Z3 query for all paths. The
//! oracle that checks the translation, and a fast bug finder. It never answers
//! SAFE: no error within `K` steps is UNKNOWN.

use super::{EngineOptions, Outcome, Stats, Verdict};
use crate::ir::{LocId, Program};
use crate::smt::dag::{self, Dag};
use crate::smt::{Deadline, Lowerer};
use std::collections::HashMap;
use z3::SatResult;

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

pub fn run(p: &Program, opts: &EngineOptions, deadline: &Deadline) -> Outcome {
    let stats = Stats { bound: opts.bound, iterations: 1, ..Stats::default() };
    let _installed = deadline.install();
    let dag = unroll(p, opts.bound);
    let mut l = Lowerer::new(opts.sem);
    let enc = dag::encode(p, &mut l, &dag);
    let mut stats = Stats { arg_nodes: dag.loc.len(), ..stats };
    let solver = crate::smt::solve::solver();
    for f in &enc.formula {
        solver.assert(f);
    }
    let t = std::time::Instant::now();
    let r = solver.check();
    stats.refine_time = t.elapsed().as_secs_f64();
    match r {
        SatResult::Unsat => {
            Outcome::unknown(format!("no error within {} steps (bounded model checking)", opts.bound), stats)
        }
        SatResult::Unknown => {
            let why = if deadline.expired() {
                deadline.stop_reason().to_string()
            } else {
                solver.get_reason_unknown().unwrap_or_default()
            };
            Outcome::unknown(why, stats)
        }
        SatResult::Sat => {
            let Some(model) = dag::small_input_model(p, &enc, &solver) else {
                return Outcome::unknown("solver gave no model", stats);
            };
            match dag::extract_trace(&dag, &enc, &model) {
                Some(trace) => {
                    Outcome { verdict: Verdict::Unsafe, reason: None, trace: Some(trace), certificate: None, stats }
                }
                None => Outcome::unknown("could not extract a path from the model", stats),
            }
        }
    }
}
