//! EXPANDARG (over the kernel's ARG, `cegar::arg`) of
//! papers/ufo-under-over-approximations.txt §3–4, Fig. 3.
//!
//! The ARG is a DAG: `GETFUTURENODE` keeps one future node per location (FN), so
//! paths that meet at a location share a node. Exploration follows the WTO with
//! the recursive iteration strategy: inside a component, `WTONEXT`; at a loop
//! head, the covering check `ψ(v) ⇒ ⋁ ψ(AH(ν(v)))` (the POST's `covers`: one
//! SMT validity check for the formula POSTs);
//! once covered, `WTOEXIT`. Marks make POST recompute the labels of nodes whose
//! parents changed (transfer along each incoming edge, `join` of the results,
//! `widen` at a loop head against its active heads); refined labels are used
//! (`strengthen`) where no parent changed.
//!
//! Where Fig. 3 leaves a case open this implementation decides as follows, and
//! the independent certificate check guards the result either way:
//! - line 51 reads `WTONEXT` (the text repeats `WTOEXIT` by a typesetting slip:
//!   the iteration must continue inside the component);
//! - when `FN(l)` is empty (no node reached `l`), the walk continues with the
//!   next location in WTO order; arriving at a head without a node closes
//!   its component (`WTOEXIT`);
//! - on covering, the future nodes of all locations inside the component are
//!   dropped too (they are children of the covered node and must not be reused
//!   by a later unrolling of an enclosing loop);
//! - the error node is unique: `GETFUTURENODE(err)` always returns it.

use super::UfoStats;
pub use crate::cegar::arg::{Arg, Node};
use crate::cfg::Wto;
use crate::ir::{EdgeId, LocId, Program};
use crate::post::{Post, PostCx};
use crate::smt::canon::Canon;
use crate::smt::{solve, Deadline, Formula, IntSemantics, Lowerer};
use std::collections::HashMap;
use std::time::Instant;

/// Why an expansion stopped early.
pub enum Stop {
    Timeout,
}

/// The state of one EXPANDARG call.
pub struct Expander<'a> {
    pub p: &'a Program,
    pub wto: &'a Wto,
    pub succ: &'a [Vec<EdgeId>],
    pub canon: &'a Canon,
    /// Per location, an inductive invariant of the program (Houdini's,
    /// `true` before), conjoined to every label POST computes.
    pub invariants: &'a [Formula],
    fnodes: HashMap<LocId, usize>,
    active: HashMap<LocId, Vec<usize>>,
    /// The solver of the covering checks.
    covering: solve::Reused,
}

/// The POST value `v` conjoined with `inv`, an inductive invariant of its
/// location: still a Hoare-triple labelling (Definition 2).
pub fn with_invariant(post: &mut dyn Post, v: &Formula, inv: &Formula) -> Formula {
    if inv.as_bool() == Some(true) {
        return v.clone();
    }
    post.strengthen(v, &Formula::and(&[post.to_label(v), inv.clone()]))
}

impl<'a> Expander<'a> {
    pub fn new(
        p: &'a Program,
        wto: &'a Wto,
        succ: &'a [Vec<EdgeId>],
        canon: &'a Canon,
        invariants: &'a [Formula],
        sem: IntSemantics,
    ) -> Self {
        Expander {
            p,
            wto,
            succ,
            canon,
            invariants,
            fnodes: HashMap::new(),
            active: HashMap::new(),
            covering: solve::Reused::new(sem),
        }
    }

    fn future_node(&mut self, arg: &mut Arg, l: LocId) -> usize {
        if l == self.p.error {
            self.fnodes.insert(l, arg.error);
            return arg.error;
        }
        if let Some(v) = self.fnodes.get(&l) {
            return *v;
        }
        let v = arg.add(l);
        self.fnodes.insert(l, v);
        v
    }

    fn expand_node(&mut self, arg: &mut Arg, v: usize) {
        if !arg.nodes[v].children.is_empty() {
            for i in 0..arg.nodes[v].children.len() {
                let w = arg.nodes[v].children[i].0;
                self.fnodes.insert(arg.nodes[w].loc, w);
            }
            return;
        }
        let l = arg.nodes[v].loc;
        for &e in &self.succ[l.0 as usize] {
            let w = self.future_node(arg, self.p.edge(e).dst);
            arg.nodes[v].children.push((w, e));
            arg.nodes[w].parents.push((v, e));
        }
    }

    /// Drops the future nodes of every location of the component headed by `h`.
    fn close_component(&mut self, h: usize) {
        self.active.remove(&LocId(h as u32));
        for &m in self.wto.members(h) {
            self.fnodes.remove(&LocId(m as u32));
        }
    }

    /// `v ← FN(l); erase FN(l)`, continuing in WTO order past locations no node
    /// reached (see the module docs).
    fn take(&mut self, mut l: Option<usize>) -> Option<usize> {
        let mut guard = 0;
        while let Some(x) = l {
            if let Some(v) = self.fnodes.remove(&LocId(x as u32)) {
                return Some(v);
            }
            guard += 1;
            if guard > 4 * self.wto.pos.len() + 4 {
                return None;
            }
            if self.wto.is_head[x] {
                self.close_component(x);
                l = self.wto.exit(x);
            } else {
                l = self.wto.next(x);
            }
        }
        None
    }

    /// The labels of the active heads at `loc`.
    fn active_labels(&self, arg: &Arg, loc: LocId) -> Vec<Formula> {
        let heads = self.active.get(&loc).map(Vec::as_slice).unwrap_or(&[]);
        heads.iter().map(|u| arg.nodes[*u].label.clone()).collect()
    }

    fn is_covered(&self, arg: &Arg, post: &mut dyn Post, l: &mut Lowerer, v: usize, stats: &mut UfoStats) -> bool {
        let t = Instant::now();
        let loc = arg.nodes[v].loc;
        let by = self.active_labels(arg, loc);
        let mut cx = PostCx { p: self.p, l, canon: self.canon, solver: &self.covering };
        let r = post.covers(&mut cx, loc, &arg.nodes[v].label, &by) == Some(true);
        stats.cover_time += t.elapsed().as_secs_f64();
        r
    }

    /// EXPANDARG (Fig. 3 lines 29–52).
    pub fn expand(
        &mut self,
        arg: &mut Arg,
        post: &mut dyn Post,
        labels: &HashMap<usize, Formula>,
        l: &mut Lowerer,
        stats: &mut UfoStats,
        deadline: &Deadline,
    ) -> Result<(), Stop> {
        for n in &mut arg.nodes {
            n.covered = false;
        }
        let mut cur = Some(arg.entry);
        while let Some(v) = cur {
            if deadline.expired() {
                return Err(Stop::Timeout);
            }
            self.expand_node(arg, v);
            if arg.nodes[v].marked {
                arg.nodes[v].marked = false;
                let t = Instant::now();
                let label = if v == arg.entry {
                    Formula::from_bool(true)
                } else {
                    let loc = arg.nodes[v].loc;
                    let old = if self.wto.is_head[loc.0 as usize] { self.active_labels(arg, loc) } else { Vec::new() };
                    let parents = arg.nodes[v].parents.clone();
                    let mut cx = PostCx { p: self.p, l: &mut *l, canon: self.canon, solver: &self.covering };
                    let posts: Vec<Formula> = parents
                        .iter()
                        .map(|(u, e)| {
                            let pl = arg.nodes[*u].label.clone();
                            post.transfer(&mut cx, &pl, *e)
                        })
                        .collect();
                    let joined = post.join(&mut cx, loc, &posts);
                    if old.is_empty() {
                        joined
                    } else {
                        post.widen(&mut cx, loc, &old, joined)
                    }
                };
                arg.nodes[v].label = with_invariant(post, &label, &self.invariants[arg.nodes[v].loc.0 as usize]);
                stats.post_time += t.elapsed().as_secs_f64();
                for i in 0..arg.nodes[v].children.len() {
                    let w = arg.nodes[v].children[i].0;
                    arg.nodes[w].marked = true;
                }
            } else if let Some(lab) = labels.get(&v) {
                arg.nodes[v].label = post.strengthen(&arg.nodes[v].label, lab);
                for i in 0..arg.nodes[v].children.len() {
                    let w = arg.nodes[v].children[i].0;
                    if !labels.contains_key(&w) {
                        arg.nodes[w].marked = true;
                    }
                }
            }
            if v == arg.error {
                break;
            }
            let loc = arg.nodes[v].loc.0 as usize;
            if self.wto.is_head[loc] {
                if self.is_covered(arg, post, l, v, stats) {
                    arg.nodes[v].covered = true;
                    stats.covered_heads += 1;
                    self.close_component(loc);
                    cur = self.take(self.wto.exit(loc));
                    continue;
                }
                self.active.entry(LocId(loc as u32)).or_default().push(v);
            }
            cur = self.take(self.wto.next(loc));
        }
        Ok(())
    }
}
