//! The reachability of the explicit-value analysis
//! (papers/explicit-value-cegar-interpolation.txt §II-F, Algorithm 1, with
//! the precision of §III-B and the ARG pruning of §III-F): an abstract
//! reachability tree of abstract variable assignments (`domains::explicit`),
//! one node per (location, assignment) reached, explored depth first.
//!
//! - Transfer: `SP` of the edge's body on the parent's assignment, then the
//!   precision adjustment `v|Π(l')` at the target `l'` (only variables in
//!   scope there: a variable not live at `l'` is never read again before it
//!   is assigned).
//! - Merge: none (`merge_sep`); stop: a node is *covered* by a node at its
//!   location that is neither covered nor removed and whose assignment it
//!   implies (an equal or less-defined one: `stop_sep` with `⇒`), and, with
//!   the auxiliary predicate analysis (`explicit-pred`, `super::predicates`),
//!   whose label its own implies.
//! - The error location reached ends the exploration with that node.
//! - Dynamic precision adjustment (§III-F, after [9]): a variable that takes
//!   more than [`MAX_VALUES`] values at a location (a loop counter the
//!   precision tracks) is no longer tracked there; what refuting a path
//!   then needs is the predicates' (`explicit-pred`), or beyond `explicit`.
//! - Pruning (§III-F "ARG Pruning instead of Restart"): after a refinement,
//!   the subtree of the path's node closest to the root whose assignment was
//!   computed under a smaller precision than its location has now is
//!   removed; its parent is expanded again along that one edge, and every
//!   node a removed node covered is expanded again.
//!
//! Invariant: every node that is neither removed nor covered, once the
//! waitlist is empty, has a child (or a cover) for every edge whose `SP` does
//! not contradict: the nodes' assignments per location are then an inductive
//! invariant (`super::certificate`).

use super::predicates::Predicates;
use crate::cegar::Precision;
use crate::domains::explicit::{self, Assignment};
use crate::ir::{EdgeId, IntSemantics, LocId, Program, VarId};
use crate::smt::{Deadline, Formula};

/// Values a variable may take at one location before it is no longer
/// tracked there, where the location's nodes are not on one path
/// (`limit_values`). Measured with `explicit-pred` alone on locks,
/// ntdrivers, ssh and systemc against the Spacer baseline's CPU per task
/// (geometric mean): 64 values 0.93x, 16 0.84x, 8 loses three tasks; 16
/// without the one-path exception lost loop-lit/gr2006 (a counter to 100
/// on one path), with it 0.90x.
pub const MAX_VALUES: usize = 16;

/// A node of the tree.
pub struct Node {
    pub loc: LocId,
    pub state: Assignment,
    /// Its parent and the edge from it (none for the root).
    pub parent: Option<(usize, EdgeId)>,
    pub children: Vec<usize>,
    /// The node covering it.
    pub covered_by: Option<usize>,
    pub removed: bool,
    /// The number of variables its location's precision had when the node
    /// was made (a node is stale when the precision grew since).
    pub precision: usize,
    /// Its predicate label (`explicit-pred`; `true` otherwise), and the
    /// number of predicates its location had when it was made.
    pub label: Formula,
    pub predicates: usize,
}

/// What an exploration ended with.
pub enum Explored {
    /// The waitlist is empty and no node is at the error location.
    Safe,
    /// A node at the error location.
    Error(usize),
    /// The deadline or the node budget stopped it.
    Stopped,
}

/// The tree and its waitlist.
pub struct Reach {
    pub nodes: Vec<Node>,
    /// Nodes to expand: along every edge, or along one.
    waitlist: Vec<(usize, Option<EdgeId>)>,
    /// Per location, the nodes there that neither are removed nor covered.
    active: Vec<Vec<usize>>,
    /// Per location, the variables no longer tracked there (too many values).
    pub blocked: Vec<Vec<VarId>>,
    succ: Vec<Vec<EdgeId>>,
}

impl Reach {
    /// The root at the entry, defining nothing.
    pub fn new(p: &Program) -> Reach {
        let mut r = Reach {
            nodes: Vec::new(),
            waitlist: Vec::new(),
            active: vec![Vec::new(); p.locs.len()],
            blocked: vec![Vec::new(); p.locs.len()],
            succ: p.successors(),
        };
        r.nodes.push(Node {
            loc: p.entry,
            state: Assignment::new(),
            parent: None,
            children: Vec::new(),
            covered_by: None,
            removed: false,
            precision: 0,
            label: Formula::from_bool(true),
            predicates: 0,
        });
        r.active[p.entry.0 as usize].push(0);
        r.waitlist.push((0, None));
        r
    }

    /// Expands until the waitlist is empty, the error location is reached,
    /// the deadline passes or `budget` nodes were made (pruned ones too: the
    /// budget bounds the work of the whole run, so that a portfolio's other
    /// members get the machine back).
    pub fn explore(
        &mut self,
        p: &Program,
        prec: &Precision<VarId>,
        aux: &mut Option<Predicates>,
        sem: IntSemantics,
        deadline: &Deadline,
        budget: usize,
    ) -> Explored {
        let sort = |v: VarId| p.var(v).sort;
        let mut steps = 0usize;
        while let Some((n, only)) = self.waitlist.pop() {
            if self.nodes[n].removed || self.nodes[n].covered_by.is_some() {
                continue;
            }
            steps += 1;
            if (steps.is_multiple_of(256) && deadline.expired()) || self.nodes.len() >= budget {
                self.waitlist.push((n, only));
                return Explored::Stopped;
            }
            let loc = self.nodes[n].loc;
            let edges: Vec<EdgeId> = match only {
                Some(e) => vec![e],
                None => self.succ[loc.0 as usize].clone(),
            };
            for e in edges {
                let edge = p.edge(e);
                for next in explicit::post(&edge.body, &self.nodes[n].state, sem, &sort) {
                    let dst = edge.dst;
                    let live = &p.loc(dst).live;
                    let tracked = prec.at(dst);
                    let blocked = &self.blocked[dst.0 as usize];
                    let state = next
                        .restrict(|v| tracked.contains(&v) && !blocked.contains(&v) && live.binary_search(&v).is_ok());
                    let (label, predicates) = match aux.as_mut() {
                        Some(a) => (a.transfer(p, &self.nodes[n].label, &self.nodes[n].state, e), a.count(dst)),
                        None => (Formula::from_bool(true), 0),
                    };
                    if label.as_bool() == Some(false) {
                        continue; // (the predicates refute the edge from this node)
                    }
                    let m = self.nodes.len();
                    self.nodes.push(Node {
                        loc: dst,
                        state,
                        parent: Some((n, e)),
                        children: Vec::new(),
                        covered_by: None,
                        removed: false,
                        precision: tracked.len(),
                        label,
                        predicates,
                    });
                    self.nodes[n].children.push(m);
                    if dst == p.error {
                        return Explored::Error(m);
                    }
                    let candidates: Vec<usize> = self.active[dst.0 as usize]
                        .iter()
                        .copied()
                        .filter(|k| self.nodes[m].state.implies(&self.nodes[*k].state))
                        .collect();
                    let cover = candidates.into_iter().find(|k| match aux.as_mut() {
                        Some(a) => a.covers(&self.nodes[m].label, &self.nodes[*k].label),
                        None => true,
                    });
                    match cover {
                        Some(k) => self.nodes[m].covered_by = Some(k),
                        None => {
                            self.active[dst.0 as usize].push(m);
                            self.waitlist.push((m, None));
                            self.limit_values(dst);
                        }
                    }
                }
            }
        }
        Explored::Safe
    }

    /// The nodes from the root to `n`, and the edges between them.
    pub fn path(&self, n: usize) -> (Vec<usize>, Vec<EdgeId>) {
        let (mut nodes, mut edges) = (vec![n], Vec::new());
        let mut at = n;
        while let Some((parent, e)) = self.nodes[at].parent {
            nodes.push(parent);
            edges.push(e);
            at = parent;
        }
        nodes.reverse();
        edges.reverse();
        (nodes, edges)
    }

    /// Prunes after a refinement of the path to `error` (module docs):
    /// `false` if no node of the path is stale (the refinement changed
    /// nothing the path's nodes were made with: no progress).
    pub fn prune(&mut self, error: usize, prec: &Precision<VarId>, aux: &Option<Predicates>) -> bool {
        let (path, _) = self.path(error);
        let stale = path.iter().copied().find(|&k| {
            let n = &self.nodes[k];
            k != error
                && (n.precision < prec.at(n.loc).len() || aux.as_ref().is_some_and(|a| n.predicates < a.count(n.loc)))
        });
        let Some(first) = stale else {
            self.remove(error);
            return false;
        };
        let Some((parent, e)) = self.nodes[first].parent else {
            // the root itself: start again
            let mut stack = vec![first];
            let mut all = Vec::new();
            while let Some(k) = stack.pop() {
                all.push(k);
                stack.extend(self.nodes[k].children.iter().copied());
            }
            for k in all.into_iter().skip(1) {
                self.remove(k);
            }
            self.nodes[first].children.clear();
            self.nodes[first].precision = prec.at(self.nodes[first].loc).len();
            self.nodes[first].predicates = aux.as_ref().map_or(0, |a| a.count(self.nodes[first].loc));
            self.waitlist.push((first, None));
            return true;
        };
        // (every child the parent has along that edge: a select may have
        // split its successor)
        let along: Vec<usize> = self.nodes[parent]
            .children
            .iter()
            .copied()
            .filter(|c| self.nodes[*c].parent == Some((parent, e)))
            .collect();
        let mut stack = along.clone();
        while let Some(k) = stack.pop() {
            stack.extend(self.nodes[k].children.iter().copied());
            self.remove(k);
        }
        self.nodes[parent].children.retain(|c| !along.contains(c));
        self.waitlist.push((parent, Some(e)));
        // nodes a removed node covered are expanded again
        for k in 0..self.nodes.len() {
            if let Some(c) = self.nodes[k].covered_by {
                if self.nodes[c].removed && !self.nodes[k].removed {
                    self.nodes[k].covered_by = None;
                    self.active[self.nodes[k].loc.0 as usize].push(k);
                    self.waitlist.push((k, None));
                }
            }
        }
        true
    }

    /// Stops tracking, at `loc`, a variable its nodes hold more than
    /// [`MAX_VALUES`] values of, unless those nodes lie on one path: a loop
    /// that explicit values unwind without branching (a deterministic
    /// counter, one node per iteration) is evaluation, as cheap as running
    /// it; what multiplies is a counter's values times the branches
    /// (interleavings) around it.
    fn limit_values(&mut self, loc: LocId) {
        let active = &self.active[loc.0 as usize];
        // (looked at once per MAX_VALUES new nodes there)
        if active.len() <= MAX_VALUES || !active.len().is_multiple_of(MAX_VALUES) {
            return;
        }
        if self.on_one_path(active) {
            return;
        }
        let mut values: std::collections::BTreeMap<VarId, Vec<crate::ir::eval::Val>> = Default::default();
        for k in active {
            for (v, x) in self.nodes[*k].state.values() {
                let seen = values.entry(v).or_default();
                if !seen.contains(&x) {
                    seen.push(x);
                }
            }
        }
        let blocked = &mut self.blocked[loc.0 as usize];
        for (v, xs) in values {
            if xs.len() > MAX_VALUES && !blocked.contains(&v) {
                blocked.push(v);
            }
        }
    }

    /// Whether every node of `nodes` is an ancestor of the newest one (or
    /// is it).
    fn on_one_path(&self, nodes: &[usize]) -> bool {
        let Some(&newest) = nodes.iter().max() else { return true };
        let mut path = std::collections::HashSet::new();
        let mut at = Some(newest);
        while let Some(k) = at {
            path.insert(k);
            at = self.nodes[k].parent.map(|(p, _)| p);
        }
        nodes.iter().all(|k| path.contains(k))
    }

    fn remove(&mut self, k: usize) {
        self.nodes[k].removed = true;
        // (its values are read no more)
        self.nodes[k].state = Assignment::new();
        self.nodes[k].label = Formula::from_bool(true);
        let loc = self.nodes[k].loc.0 as usize;
        self.active[loc].retain(|x| *x != k);
    }

    /// The nodes that are neither removed nor covered, per location.
    pub fn active(&self, loc: LocId) -> &[usize] {
        &self.active[loc.0 as usize]
    }

    /// Nodes made (removed ones included).
    pub fn made(&self) -> usize {
        self.nodes.len()
    }
}
