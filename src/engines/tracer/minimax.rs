//! The minimax search of TRACER (papers/tracer-symbolic-execution-minimax.txt
//! §5, Fig. 5): a depth-first symbolic execution of the program's paths
//! that starts from the concrete model and abstracts only what
//! interpolation shows irrelevant. Per node, in Fig. 5's order:
//!
//! 1. infeasible under its deletions (`σ_min`): an interpolant (line 1-2);
//! 2. at the error: a feasible path is the bug; else the error's unsat core
//!    over the whole path is blamed on the shallowest ancestor that deleted
//!    a constraint of it (a CONFLICT, lines 3-7);
//! 3. terminal: nothing to do (line 8);
//! 4. subsumed by a memoized interpolant at its location (sibling–sibling,
//!    lines 9-10);
//! 5. subsumed by a looping ancestor at its location once the ancestor's
//!    constraints that are not invariant are deleted (parent–child, the
//!    path-based loop invariant, lines 11-13, [`Search::invariant`]);
//! 6. else its successors, those feasible under its deletions first
//!    (`red⁺_min` before `red⁻_min`), each child's annotations brought back
//!    by `w̄p` and merged (lines 15-25); a CONFLICT at this depth cleans the
//!    memo table of what this node added and runs it again with the lock
//!    (intelligent backtracking, lines 20-23); then the node is memoized
//!    (line 26).
//!
//! Decisions where the paper is silent (see also `path`):
//! - the interpolant memoized for a node is its `σ_max` projected on its
//!   location's variables (`Path::projected`); terminal nodes are memoized
//!   too, so that the certificate (the memo table's interpolants joined per
//!   location, `tracer::certificate`) has a label for every node reached;
//! - a loop closure also makes `max` the core of the constraints the child
//!   needs to entail its ancestor's state, so the memoized interpolants of
//!   the nodes above it entail the ancestor's (the certificate's
//!   consecution; the paper adds no `max` there);
//! - `invariant` deletes, to a fixpoint, each neutral constraint of the
//!   ancestor that mentions its current values and that the child does not
//!   entail renamed to its own, then the neutral support of each fact of
//!   the ancestor's projected state the child does not entail (Houdini
//!   twice); a fact with locked support only fails it;
//! - the ancestors are tried nearest first;
//! - the successors are partitioned once, by the node's vector when its
//!   default step starts;
//! - with `--tests`, a path that ends at a node (no successors, or none
//!   feasible: in the sliced program, the program went where no error is)
//!   and is feasible with all its constraints is kept (TracerX's tests: the
//!   inputs of the paths explored), at most `limits.tests` of them, each
//!   once (a restart after a conflict may explore a path again); a path cut
//!   by subsumption is not (its test would end nowhere in particular).
//!
//! Invariants: the search stops (UNKNOWN with the reason) at the deadline,
//! past `limits.nodes` tree nodes or `limits.depth` edges, never SAFE; a
//! clash of a deletion with a lock (`mergemin`'s ⊥) is UNKNOWN too.

use super::annotation::{conflict, mergemax, mergemin, neut, wp, Ann, Vector};
use super::path::{Answer, Path, State};
use super::TracerStats;
use crate::ir::{EdgeId, LocId, Program};
use crate::smt::canon::Canon;
use crate::smt::Deadline;
use crate::smt::Formula as Bool;
use std::collections::HashMap;

/// Bounds of the search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Tree nodes.
    pub nodes: usize,
    /// Edges of a path.
    pub depth: usize,
    /// Paths to the program's end kept as tests (`Search::tests`).
    pub tests: usize,
}

/// What a node's search gave (Fig. 5's return values).
enum Status {
    /// Done: the node's annotations.
    Ok(Vector),
    /// A spurious error blamed on the deletions of the ancestor at this
    /// depth, with the annotations that lock them.
    Conflict(Vector, usize),
}

/// Why the search stopped without a proof.
pub enum Stop {
    /// A feasible path from the entry to the error.
    Unsafe(Vec<EdgeId>),
    Unknown(String),
}

/// One memoized interpolant.
struct Memo {
    /// Over the canonical constants of its location.
    interp: Bool,
    /// When it was made (a restart removes those made since its node began).
    stamp: usize,
}

/// The search (module docs).
pub struct Search<'a> {
    p: &'a Program,
    pub canon: Canon,
    path: Path,
    root: State,
    succ: Vec<Vec<EdgeId>>,
    memo: HashMap<LocId, Vec<Memo>>,
    stamp: usize,
    /// The edges from the entry to the current node.
    edges: Vec<EdgeId>,
    /// The ancestors of the current node: depth, state, annotations when
    /// the search went down from it (Fig. 5's `C_T`).
    ct: Vec<(usize, State, Vector)>,
    limits: Limits,
    deadline: &'a Deadline,
    pub stats: TracerStats,
    /// Feasible paths (no deletion) from the entry to where they end (module
    /// docs), at most `limits.tests`, in the order they were explored.
    pub tests: Vec<Vec<EdgeId>>,
}

impl<'a> Search<'a> {
    pub fn new(p: &'a Program, lowerer: crate::smt::Lowerer, limits: Limits, deadline: &'a Deadline) -> Search<'a> {
        let canon = Canon::new(p, &lowerer);
        let (path, root) = Path::new(p, lowerer);
        Search {
            p,
            canon,
            path,
            root,
            succ: p.successors(),
            memo: HashMap::new(),
            stamp: 0,
            edges: Vec::new(),
            ct: Vec::new(),
            limits,
            deadline,
            stats: TracerStats::default(),
            tests: Vec::new(),
        }
    }

    /// Runs the search from the entry: `Ok` when every path is done (the
    /// memo table then holds the proof), else why not.
    pub fn run(&mut self) -> Result<(), Stop> {
        let root = self.root.clone();
        match self.minimax(0, &root, neut(root.len))? {
            Status::Ok(_) => Ok(()),
            Status::Conflict(..) => Err(Stop::Unknown("a conflict above the root".into())),
        }
    }

    /// The memoized interpolants, per location.
    pub fn labels(&self) -> Vec<(LocId, Bool)> {
        self.memo.iter().flat_map(|(l, ms)| ms.iter().map(move |m| (*l, m.interp.clone()))).collect()
    }

    /// SMT queries asked so far.
    pub fn queries(&self) -> usize {
        self.path.queries
    }

    /// The memoized interpolants at `loc`.
    pub fn memo_at(&self, loc: LocId) -> Vec<Bool> {
        self.memo.get(&loc).map(|ms| ms.iter().map(|m| m.interp.clone()).collect()).unwrap_or_default()
    }

    fn unknown_answer(&self, what: &str) -> Stop {
        if self.deadline.expired() {
            Stop::Unknown(self.deadline.stop_reason())
        } else {
            Stop::Unknown(format!("Z3 gave no answer ({what})"))
        }
    }

    /// Fig. 5's `Minimax(D, σ, C_T)` for the node `s` at depth `depth` with
    /// annotations `v`.
    fn minimax(&mut self, depth: usize, s: &State, v: Vector) -> Result<Status, Stop> {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        if self.deadline.expired() {
            return Err(Stop::Unknown(self.deadline.stop_reason()));
        }
        if self.stats.nodes > self.limits.nodes {
            return Err(Stop::Unknown(format!("the search tree grows past {} nodes", self.limits.nodes)));
        }
        // lines 1-2: infeasible under its deletions
        match self.path.feasible_min(&v, s.len) {
            Answer::Unsat => {
                self.stats.infeasible += 1;
                return match self.path.interpolate(&v, s.len, None) {
                    Some(v2) => Ok(Status::Ok(v2)),
                    None => Err(self.unknown_answer("an interpolant")),
                };
            }
            Answer::Unknown => return Err(self.unknown_answer("a path's feasibility")),
            Answer::Sat => {}
        }
        // lines 3-7: the error
        if s.loc == self.p.error {
            match self.path.feasible_all(s.len) {
                Answer::Sat => return Err(Stop::Unsafe(self.edges.clone())),
                Answer::Unknown => return Err(self.unknown_answer("an error path's feasibility")),
                Answer::Unsat => {}
            }
            let Some(core) = self.path.interpolate(&neut(s.len), s.len, None) else {
                return Err(self.unknown_answer("an error path's core"));
            };
            let Some(d) = self.ct.iter().filter(|(_, _, va)| conflict(va, &core)).map(|(l, _, _)| *l).min() else {
                return Err(Stop::Unknown("a spurious error that no deletion explains".into()));
            };
            self.stats.conflicts += 1;
            return Ok(Status::Conflict(mergemax(&core, &v), d));
        }
        // line 8: terminal
        let out = self.succ[s.loc.0 as usize].clone();
        if out.is_empty() {
            self.keep_test(s);
            self.memoize(s, &v);
            return Ok(Status::Ok(v));
        }
        // lines 9-10: subsumed by a memoized interpolant
        let memos: Vec<Bool> = self.memo_at(s.loc);
        for interp in memos {
            let goal = self.path.at(&self.canon, s, &interp);
            if let (Answer::Unsat, core) = self.path.entails(&v, s.len, &goal) {
                self.stats.subsumed += 1;
                return Ok(Status::Ok(self.path.minimised(&v, s.len, Some(&goal.not()), core)));
            }
        }
        // lines 11-13: subsumed by a looping ancestor, weakened
        let looping: Vec<State> =
            self.ct.iter().rev().filter(|(_, a, _)| a.loc == s.loc).map(|(_, a, _)| a.clone()).collect();
        for a in looping {
            if let Some(v2) = self.invariant(s, &v, &a) {
                self.stats.invariants += 1;
                return Ok(Status::Ok(v2));
            }
        }
        if depth >= self.limits.depth {
            return Err(Stop::Unknown(format!("a path of more than {} edges", self.limits.depth)));
        }
        // lines 15-25: the successors, feasible ones (under the deletions) first
        let mut v1 = v;
        let mut first = Vec::new();
        let mut last = Vec::new();
        for e in out {
            let t = self.path.transition(self.p, s, e);
            let c = self.path.descend(self.p, s, e, &t);
            let ext: Vector = v1.iter().copied().chain(neut(c.len - s.len)).collect();
            let a = self.path.feasible_min(&ext, c.len);
            self.path.ascend(s);
            if a == Answer::Unsat {
                last.push((e, t));
            } else {
                first.push((e, t));
            }
        }
        if first.is_empty() {
            // (the path ends here: the program goes where no error is)
            self.keep_test(s);
        }
        let began = self.stamp;
        for (e, t) in first.into_iter().chain(last) {
            let c = self.path.descend(self.p, s, e, &t);
            let ext: Vector = v1.iter().copied().chain(neut(c.len - s.len)).collect();
            self.edges.push(e);
            self.ct.push((depth, s.clone(), v1.clone()));
            let r = self.minimax(depth + 1, &c, ext);
            self.ct.pop();
            self.edges.pop();
            self.path.ascend(s);
            match r? {
                Status::Conflict(vc, d) => {
                    let back = wp(&vc, s.len);
                    if d == depth {
                        // lines 21-23: clean what this node memoized, run it again locked
                        for ms in self.memo.values_mut() {
                            ms.retain(|m| m.stamp < began);
                        }
                        self.stats.restarts += 1;
                        return self.minimax(depth, s, back);
                    }
                    return Ok(Status::Conflict(back, d));
                }
                Status::Ok(vc) => {
                    let back = wp(&vc, s.len);
                    let Some(m) = mergemin(&back, &v1) else {
                        return Err(Stop::Unknown("a deletion clashes with a lock (mergemin)".into()));
                    };
                    v1 = mergemax(&back, &m);
                }
            }
        }
        // line 26
        self.memoize(s, &v1);
        Ok(Status::Ok(v1))
    }

    /// Keeps the path to `s`, where it ends, as a test (`limits.tests`):
    /// once, if it is feasible with all its constraints.
    fn keep_test(&mut self, s: &State) {
        let new = self.tests.len() < self.limits.tests && !self.tests.contains(&self.edges);
        if new && self.path.feasible_all(s.len) == Answer::Sat {
            self.tests.push(self.edges.clone());
        }
    }

    /// Memoizes `s`'s interpolant: its `σ_max` projected.
    fn memoize(&mut self, s: &State, v: &[Ann]) {
        let interp = self.path.projected(&self.canon, s, v, |a| a == Ann::Max);
        self.stamp += 1;
        self.stats.memoized += 1;
        self.memo.entry(s.loc).or_default().push(Memo { interp, stamp: self.stamp });
    }

    /// Fig. 5's `invariant(σ, σ')`: `v` with the constraints of the looping
    /// ancestor `a` that do not hold again at `s` deleted (module docs), so
    /// that `s`'s state is within `a`'s; `None` if it is not even then. The
    /// constraints `s` needs for it become `max`.
    ///
    /// Which to delete is decided first constraint by constraint (a neutral
    /// one that mentions `a`'s current values and that `s` does not entail,
    /// renamed to its own values, to a fixpoint), then fact by fact on `a`'s
    /// state projected on its variables (each fact `s` does not entail
    /// loses the neutral constraints of `a` that support it, to a fixpoint;
    /// one supported by locked constraints only fails): a fact may be spread
    /// over several constraints through values of no variable (C's `new =
    /// old + 1` as `add = in + 1, old = in, new = add` at -O0), none of them
    /// invariant alone while the fact is; and a bound of an input (`in ≤
    /// 1000`) constrains no current value but, through such an equality,
    /// one that is not invariant.
    fn invariant(&mut self, s: &State, v: &[Ann], a: &State) -> Option<Vector> {
        let mut v2: Vector = v.to_vec();
        let candidates: Vec<usize> = (0..a.len).filter(|j| self.path.mentions_current(*j, a)).collect();
        loop {
            let mut changed = false;
            for &j in &candidates {
                if v2[j] != Ann::Neutral {
                    continue;
                }
                let goal = self.path.renamed(j, a, s);
                if self.path.entails(&v2, s.len, &goal).0 != Answer::Unsat {
                    v2[j] = Ann::Min;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // fact by fact
        let state = loop {
            let state = self.path.projected(&self.canon, a, &v2, |x| x != Ann::Min);
            let mut facts = Vec::new();
            crate::engines::tracer::path::conjuncts(&state, &mut facts);
            let mut changed = false;
            for fact in facts {
                if self.path.entails(&v2, s.len, &self.path.at(&self.canon, s, &fact)).0 == Answer::Unsat {
                    continue;
                }
                let (answer, support) = self.path.entails(&v2, a.len, &self.path.at(&self.canon, a, &fact));
                let neutral: Vec<usize> = support.into_iter().filter(|j| v2[*j] == Ann::Neutral).collect();
                if answer != Answer::Unsat || neutral.is_empty() {
                    return None;
                }
                for j in neutral {
                    v2[j] = Ann::Min;
                }
                changed = true;
                break;
            }
            if !changed {
                break state;
            }
        };
        // the ancestor's state (what is left of it), said of `s`'s values
        let goal = self.path.at(&self.canon, s, &state);
        match self.path.entails(&v2, s.len, &goal) {
            (Answer::Unsat, core) => Some(self.path.minimised(&v2, s.len, Some(&goal.not()), core)),
            _ => None,
        }
    }
}
