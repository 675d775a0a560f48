//! DAGGER's tree exploration with refinement by interpolated widen and
//! implicit disjuncts: `AbstractTREE`, `RefineTREE` and `ApplyRefinement`
//! of papers/dagger-refining-abstract-interpretations.txt Fig. 2 (§2), over
//! any domain with interpolants (`domains::interpolate`).
//!
//! - **AbstractTREE**: nodes `⟨l, s⟩` are expanded depth by depth (a
//!   worklist ordered by depth, so that a node's children come after every
//!   node at its depth, Fig. 2 line 3). The image of each edge
//!   (`domains::fixpoint::image`) that no node at its target covers
//!   (`Covered`: some node's state is above it) becomes a child; at a loop
//!   head (a head of the weak topological order) with earlier visits on the
//!   path, the child's state is `s'' ∇_T (s'' ⊔ img)`, `s'' = Sel(S_{l',n})`
//!   the most recent of the maximal states of those visits and `T` the
//!   head's interpolants (`domains::interpolate::bounded_widen`). A child at
//!   the error location starts `RefineTREE`.
//! - **RefineTREE**: the abstract error `ψ` starts at `⊤` at the error node
//!   and goes back by `Preimage` (`domains::preimage`) until a node whose
//!   parent's exact image misses `ψ`: the join or widening that made the
//!   node let the error in. At the root, the path is a candidate
//!   counterexample, which the path query confirms (`engines::path_query`;
//!   the preimage may over-approximate) or, refuted, ends the run UNKNOWN:
//!   the domain's transfer, not its join or widening, lost what the proof
//!   needs, and refinement only refines those (end of §2).
//! - **ApplyRefinement**: when `s'' ⊔ img` misses `ψ`, an interpolant of
//!   the two joins the head's set `T` and the node becomes `s'' ∇_T (s'' ⊔
//!   img)`, which misses `ψ` by Lemma 1; otherwise the node becomes `img`
//!   (an implicit disjunct: `s''` and `img` at distinct nodes of the head).
//!   The node's descendants are deleted; the node and every node whose
//!   coverage relied on a deleted or changed node are expanded again (a
//!   successor a deleted node covered must get a node of its own).
//!
//! - **DAG exploration** (§3, `--exploration dag`): nodes are expanded
//!   iteration by iteration (an iteration starts at the root, at a loop
//!   head's node, or at a node a split made), each in the weak topological
//!   order, and an image into a location that already has an unexpanded
//!   node of the same iteration is joined into it (a merge). On reaching
//!   the error, the counterexample DAG (every node with a path to the
//!   error node) gets its error preimages `err(n)`, from the error back,
//!   each a union of elements kept while it meets the node's state; a node
//!   whose state meets `err(n')` while a predecessor's image misses it is a
//!   refinement node. Refinement nodes are refined in reverse topological
//!   order, so that every path of the DAG has one: a merge node is deleted
//!   with its descendants and each predecessor's image gets a node of its
//!   own (§3 (i)), which starts its own iteration (the paper's heuristic:
//!   those paths are not merged again); any other is refined as above.
//!   Where no node is a refinement node, a path back through the error
//!   preimages is the candidate.
//! - **Hint DAG** (§3 "Progress Guarantees"): interpolated widen is not
//!   monotone, so a refinement's effect can be undone when its node is
//!   made again; the paper keeps every earlier refinement in a hint DAG
//!   and intersects each widening with the previous iteration's result
//!   (its details are in a report the paper cites, [11], not in the
//!   paper). Here a loop head's node has a place, its branches from the
//!   root (hashed); the hint of a place is the latest state a widening or
//!   a refinement gave a node there, and a widening at that place is met
//!   with it wherever the meet still holds the parent's image (which every
//!   node must). The interpolant sets `T` persist too.
//! - **Caching error preimages** (§4): a refinement at a loop head keeps
//!   its error preimage there; a later widening at that head whose result
//!   meets a cached one that the join (before widening) misses is refined
//!   at once by their interpolants, without a path to the error and back
//!   (the paper: image and preimage computations then grow linearly, not
//!   quadratically, with the counterexample's length).
//!
//! Invariants: a node's state contains the image of each predecessor's by
//! its edge (the refined ones too: `img` or above it; a merge node the
//! join); when the worklist is
//! empty, every successor image of every node is covered by a node at its
//! target, so the join of the states per location is an inductive
//! invariant: the certificate (checked independently). Each refinement
//! shrinks the refined node's state to one that misses `ψ` (it met `ψ`
//! before), so the same counterexample does not return through it.

use crate::deadline::Deadline;
use crate::domains::cases;
use crate::domains::interpolate::{bounded_widen, Interpolate};
use crate::domains::{fixpoint, preimage, Ctx, Thresholds};
use crate::ir::{EdgeId, LocId, Program, Stmt};
use std::collections::{BTreeSet, HashMap};
use std::hash::{Hash, Hasher};

/// Error preimages cached per loop head, at most (§4).
const CACHED: usize = 16;

/// A case of an edge (`domains::cases`): the edge's body with each
/// `select` one of its sides; a tree step follows one.
struct Branch {
    edge: EdgeId,
    body: Vec<Stmt>,
}

/// A node `⟨l, s⟩` of the tree.
struct Node<D> {
    loc: LocId,
    /// `s` as made (a widened state as widened: the next widening's left
    /// operand, and the certificate's text).
    state: D,
    /// `s` normalized (`Domain::normalized`), read by everything else.
    view: D,
    /// The predecessors and the branch from each (none at the root; one in
    /// a tree; several at a merge of the DAG exploration).
    preds: Vec<(usize, usize)>,
    depth: usize,
    children: Vec<usize>,
    alive: bool,
    /// The nodes that covered a successor of this one when it was expanded.
    relied: Vec<usize>,
    /// The node that starts this one's iteration (the root, a loop head's
    /// node, a node a split made): in the DAG exploration, images at one
    /// location in one iteration are joined at one node (§3).
    ctx: usize,
    expanded: bool,
    /// The node's place in the hint DAG: its branches from the root, hashed
    /// (a node deleted by a refinement and made again along the same
    /// branches has the same place).
    place: u64,
}

/// What the exploration counts (the paper's Table 1 reports refinements).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct TreeStats {
    /// Nodes made, deleted ones included.
    pub nodes: usize,
    /// Refinements (`RefineTREE` calls that refined a node).
    pub refinements: usize,
    /// Of them, interpolated widens (an interpolant joined a head's `T`).
    pub interpolated_widens: usize,
    /// Of them, implicit disjuncts (a node became its image).
    pub disjuncts: usize,
    /// Widenings at loop heads.
    pub widenings: usize,
    /// Images an existing node covered.
    pub covered: usize,
    /// Preimages computed.
    pub preimages: usize,
    /// The interpolants kept, over all heads.
    pub interpolants: usize,
    /// DAG exploration: images joined into an existing node at a merge.
    pub merges: usize,
    /// DAG exploration: refinements that split a merge node into one node
    /// per predecessor (§3 (i)).
    pub splits: usize,
    /// Widenings the hint DAG made smaller (met with the state of the same
    /// place in an earlier iteration).
    pub hinted: usize,
    /// Widenings refined at once by an interpolant against a cached error
    /// preimage of their loop head (§4), before any path reached the error.
    pub cached: usize,
}

/// How the exploration ended.
pub enum Explored<D> {
    /// Every node expanded, the error unreachable: per location the states
    /// of its nodes (none: unreachable).
    Safe(Vec<Vec<D>>),
    /// A path of edges from the entry to the error the domain cannot refute.
    Candidate(Vec<EdgeId>),
    /// Stopped: the deadline, or a bound (the reason).
    Stopped(String),
}

/// The bounds of the exploration.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Nodes made, deleted ones included.
    pub nodes: usize,
    /// Refinements.
    pub refinements: usize,
}

/// The abstract computation tree and its refinement state.
pub struct Tree<'a, D> {
    p: &'a Program,
    cx: &'a Ctx<'a>,
    heads: Vec<bool>,
    branches: Vec<Branch>,
    /// The outgoing branches of each location.
    out: Vec<Vec<usize>>,
    nodes: Vec<Node<D>>,
    /// The live nodes of each location.
    at: Vec<Vec<usize>>,
    /// Per location, the interpolant set `T` of the bounded widening.
    t: Vec<Vec<D>>,
    thresholds: Thresholds,
    /// Nodes to expand, by [`Tree::key`].
    work: BTreeSet<(usize, usize, usize)>,
    /// Explore a DAG (§3), not a tree (§2).
    dag: bool,
    /// Each location's position in the weak topological order.
    wto_pos: Vec<usize>,
    /// The hint DAG (§3 "Progress Guarantees"): per place of a loop head's
    /// node, its latest widened or refined state.
    hints: HashMap<u64, D>,
    /// Per loop head, the error preimages of its refinements (§4 "Caching
    /// error states"), at most [`CACHED`].
    errors: Vec<Vec<D>>,
    pub stats: TreeStats,
}

impl<'a, D: Interpolate> Tree<'a, D> {
    pub fn new(p: &'a Program, cx: &'a Ctx<'a>) -> Tree<'a, D> {
        Tree::with(p, cx, false)
    }

    /// The exploration of `p`: a DAG (§3) if `dag`, else a tree (§2).
    pub fn with(p: &'a Program, cx: &'a Ctx<'a>, dag: bool) -> Tree<'a, D> {
        let wto = crate::cfg::Wto::of_program(p);
        let mut tree = Tree {
            p,
            cx,
            dag,
            wto_pos: wto.pos.iter().map(|x| x.unwrap_or(usize::MAX)).collect(),
            heads: wto.is_head,
            branches: Vec::new(),
            out: vec![Vec::new(); p.locs.len()],
            nodes: Vec::new(),
            at: vec![Vec::new(); p.locs.len()],
            t: vec![Vec::new(); p.locs.len()],
            thresholds: fixpoint::thresholds(p),
            work: BTreeSet::new(),
            hints: HashMap::new(),
            errors: vec![Vec::new(); p.locs.len()],
            stats: TreeStats::default(),
        };
        for e in p.edge_ids() {
            for body in cases::body(&p.edge(e).body) {
                tree.out[p.edge(e).src.0 as usize].push(tree.branches.len());
                tree.branches.push(Branch { edge: e, body });
            }
        }
        let root = tree.add(p.entry, D::top(), None);
        tree.schedule(root);
        tree
    }

    /// The order nodes are expanded in: in a tree depth by depth (Fig. 2
    /// line 3); in a DAG iteration by iteration, each in the weak
    /// topological order, so that every image into a merge node is joined
    /// before the node is expanded.
    fn key(&self, n: usize) -> (usize, usize, usize) {
        let node = &self.nodes[n];
        if self.dag {
            (node.ctx, self.wto_pos[node.loc.0 as usize], n)
        } else {
            (node.depth, 0, n)
        }
    }

    fn schedule(&mut self, n: usize) {
        self.work.insert(self.key(n));
    }

    /// The predecessor a node's path back to the root goes through.
    fn parent(&self, n: usize) -> Option<(usize, usize)> {
        self.nodes[n].preds.first().copied()
    }

    fn add(&mut self, loc: LocId, state: D, parent: Option<(usize, usize)>) -> usize {
        let id = self.nodes.len();
        let depth = parent.map_or(0, |(n, _)| self.nodes[n].depth + 1);
        if let Some((n, _)) = parent {
            self.nodes[n].children.push(id);
        }
        // (a loop head's node starts an iteration)
        let ctx = match parent {
            Some((n, _)) if !self.heads[loc.0 as usize] => self.nodes[n].ctx,
            _ => id,
        };
        let view = state.normalized();
        let place = parent.map_or(0, |(n, b)| self.place(n, b));
        self.nodes.push(Node {
            loc,
            state,
            view,
            preds: parent.into_iter().collect(),
            depth,
            children: Vec::new(),
            alive: true,
            relied: Vec::new(),
            ctx,
            expanded: false,
            place,
        });
        self.at[loc.0 as usize].push(id);
        self.stats.nodes += 1;
        id
    }

    /// DAG exploration: the node of `n`'s iteration at `loc` that an image
    /// from `n` joins (not yet expanded; none at a loop head or the error).
    fn merge_target(&self, n: usize, loc: LocId) -> Option<usize> {
        if !self.dag || self.heads[loc.0 as usize] || loc == self.p.error {
            return None;
        }
        let ctx = self.nodes[n].ctx;
        self.at[loc.0 as usize].iter().copied().find(|&m| self.nodes[m].ctx == ctx && !self.nodes[m].expanded)
    }

    /// Explores until the tree is closed, a candidate counterexample, or a
    /// bound.
    pub fn explore(&mut self, limits: Limits, deadline: &Deadline) -> Explored<D> {
        while let Some((.., n)) = self.work.pop_first() {
            if deadline.expired() {
                return Explored::Stopped(deadline.stop_reason());
            }
            if !self.nodes[n].alive {
                continue;
            }
            if self.stats.nodes > limits.nodes {
                return Explored::Stopped(format!("the tree grew past {} nodes", limits.nodes));
            }
            if self.stats.refinements > limits.refinements {
                return Explored::Stopped(format!("more than {} refinements", limits.refinements));
            }
            if let Some(path) = self.expand(n) {
                return Explored::Candidate(path);
            }
        }
        let mut per_loc: Vec<Vec<D>> = vec![Vec::new(); self.p.locs.len()];
        for (l, ns) in self.at.iter().enumerate() {
            for &n in ns {
                per_loc[l].push(self.nodes[n].state.clone());
            }
        }
        Explored::Safe(per_loc)
    }

    /// Expands node `n` (Fig. 2 lines 4–12); a candidate counterexample if
    /// refinement reached the root.
    fn expand(&mut self, n: usize) -> Option<Vec<EdgeId>> {
        let loc = self.nodes[n].loc;
        self.nodes[n].relied.clear();
        self.nodes[n].expanded = true;
        for b in self.out[loc.0 as usize].clone() {
            let dst = self.p.edge(self.branches[b].edge).dst;
            let img = self.image(n, b);
            if img.is_bottom() {
                continue;
            }
            if let Some(c) = self.covering(dst, &img) {
                self.stats.covered += 1;
                self.nodes[n].relied.push(c);
                continue;
            }
            if let Some(m) = self.merge_target(n, dst) {
                // (§3: the join at a merge location)
                self.stats.merges += 1;
                let state = self.nodes[m].view.join(&img);
                self.nodes[m].view = state.normalized();
                self.nodes[m].state = state;
                self.nodes[m].preds.push((n, b));
                self.nodes[n].children.push(m);
                continue;
            }
            let state = match self.heads[dst.0 as usize].then(|| self.sel(n, dst)).flatten() {
                Some(s) => {
                    self.stats.widenings += 1;
                    let joined = self.nodes[s].view.join(&img);
                    let widened =
                        bounded_widen(&self.nodes[s].state, &joined, &self.t[dst.0 as usize], &self.thresholds);
                    let widened = self.cached_errors(s, &joined, widened);
                    self.hinted(self.place(n, b), widened, &img)
                }
                // (a first visit is its image: no hint can be below it and hold it)
                None => img,
            };
            let child = self.add(dst, state, Some((n, b)));
            if self.heads[dst.0 as usize] {
                self.hints.insert(self.nodes[child].place, self.nodes[child].view.clone());
            }
            if dst == self.p.error {
                let path = if self.dag { self.refine_dag(child) } else { self.refine(child) };
                // (else the tree changed: `n` comes back if it is alive)
                if path.is_none() && self.nodes[n].alive {
                    self.schedule(n);
                }
                return path;
            }
            self.schedule(child);
        }
        None
    }

    /// The hint DAG for a widening `state` at loop head place `place`,
    /// whose parent's image is `img`: the state met with the state the
    /// place had in an earlier iteration (the interpolated widen made
    /// monotone, §3 "Progress Guarantees": a counterexample eliminated
    /// there stays eliminated) where the meet still contains `img` (the
    /// node must hold its parent's image). The caller records the node's
    /// state as the place's hint.
    fn hinted(&mut self, place: u64, state: D, img: &D) -> D {
        let Some(h) = self.hints.get(&place) else { return state };
        let view = state.normalized();
        let met = view.meet(h);
        if img.leq(&met) && !view.leq(&met) {
            self.stats.hinted += 1;
            return met;
        }
        state
    }

    /// The place in the hint DAG of the child of `n` by branch `b`: its
    /// branches from the root, hashed.
    fn place(&self, n: usize, b: usize) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.nodes[n].place, b).hash(&mut h);
        h.finish()
    }

    /// §4 "Caching error states": a widening at a loop head (`s''` the
    /// visit it widens, `joined` its join with the image) that meets an
    /// error preimage of an earlier refinement there, which `joined`
    /// misses, is refined at once as `ApplyRefinement` would be when the
    /// error is reached again: the interpolants join the head's `T` and the
    /// widening is bounded by them (Lemma 1: it misses the cached error).
    /// Where `joined` meets it, the widening stays (only a path to the
    /// error decides an implicit disjunct).
    fn cached_errors(&mut self, s: usize, joined: &D, widened: D) -> D {
        let l = self.nodes[s].loc.0 as usize;
        if !self.dag {
            return widened;
        }
        let view = widened.normalized();
        let hits: Vec<&D> =
            self.errors[l].iter().filter(|e| !view.meet(e).is_bottom() && joined.meet(e).is_bottom()).collect();
        if hits.is_empty() {
            return widened;
        }
        let mut added = false;
        for i in hits.iter().flat_map(|e| joined.interpolants(e)) {
            if !self.t[l].contains(&i) {
                self.t[l].push(i);
                self.stats.interpolants += 1;
                added = true;
            }
        }
        if !added {
            return widened;
        }
        self.stats.cached += 1;
        bounded_widen(&self.nodes[s].state, joined, &self.t[l], &self.thresholds)
    }

    /// Caches the error preimage `psi` of a refinement at node `n` if `n`
    /// is at a loop head (§4).
    fn cache_errors(&mut self, n: usize, psi: &[D]) {
        let l = self.nodes[n].loc.0 as usize;
        if !self.heads[l] {
            return;
        }
        for e in psi {
            if self.errors[l].len() < CACHED && !self.errors[l].contains(e) {
                self.errors[l].push(e.clone());
            }
        }
    }

    /// A live node at `loc` whose state is above `d` (`Covered`).
    fn covering(&self, loc: LocId, d: &D) -> Option<usize> {
        self.at[loc.0 as usize].iter().copied().find(|&m| d.leq(&self.nodes[m].view))
    }

    /// `Sel(S_{l,n})`: among the visits of `l` on the path to `n` (`n`
    /// included), the most recent of those whose state no other's is above.
    fn sel(&self, n: usize, l: LocId) -> Option<usize> {
        let mut visits = Vec::new();
        let mut cur = Some(n);
        while let Some(m) = cur {
            if self.nodes[m].loc == l {
                visits.push(m);
            }
            cur = self.parent(m).map(|(q, _)| q);
        }
        // (most recent first)
        visits.iter().copied().find(|&m| {
            let s = &self.nodes[m].view;
            !visits.iter().any(|&o| o != m && s.leq(&self.nodes[o].view) && !self.nodes[o].view.leq(s))
        })
    }

    /// The image of node `n`'s state by branch `b`.
    fn image(&self, n: usize, b: usize) -> D {
        let br = &self.branches[b];
        fixpoint::image_of(self.p, self.cx, &self.nodes[n].view, br.edge, &br.body)
    }

    /// `RefineTREE(n_e)`: refines the node where the error entered and
    /// returns `None`, or the path from the root if the error state reached
    /// it. The error state `ψ` is a union of elements (`preimage::disjuncts`),
    /// each kept only while it meets the state of the node it is at (§3's
    /// optimization); when none does, the domain's image, not a join or a
    /// widening, let the error in, and the path is the candidate.
    fn refine(&mut self, error: usize) -> Option<Vec<EdgeId>> {
        let mut psi = vec![D::top()];
        let mut cur = error;
        let mut path = Vec::new();
        while let Some((parent, b)) = self.parent(cur) {
            let img = self.image(parent, b);
            if !psi.is_empty() && psi.iter().all(|e| img.meet(e).is_bottom()) {
                // `cur` is a refinement node: its state meets ψ, its
                // parent's image does not
                let state = self.apply_refinement(cur, parent, img, &psi);
                self.cache_errors(cur, &psi);
                self.stats.refinements += 1;
                self.replace(cur, state);
                return None;
            }
            if !psi.is_empty() {
                let mut pre = Vec::new();
                self.preimages_into(&psi, parent, b, &mut pre);
                psi = pre;
            }
            path.push(self.branches[b].edge);
            cur = parent;
        }
        path.reverse();
        // the candidate leaves the tree as it is (the run ends)
        Some(path)
    }

    /// Adds to `pre` (node `q`'s error states) the preimages of the error
    /// states `psi` by branch `b` from `q`, each kept while it meets `q`'s
    /// state (§3's optimization), the union capped.
    fn preimages_into(&mut self, psi: &[D], q: usize, b: usize, pre: &mut Vec<D>) {
        let br = &self.branches[b];
        let src = &self.p.loc(self.p.edge(br.edge).src).live;
        let dst = &self.p.loc(self.p.edge(br.edge).dst).live;
        let at = &self.nodes[q].view;
        for e in psi {
            self.stats.preimages += 1;
            for mut d in preimage::disjuncts(e, self.cx, &br.body, dst) {
                d.in_range(self.cx, src);
                if !d.meet(at).is_bottom() && !pre.contains(&d) {
                    pre.push(d);
                }
            }
        }
        preimage::cap(pre);
    }

    /// `ApplyRefinement(l', ⟨l, s⟩, ψ)`: the refined state of node `n`
    /// (child of `parent`, whose image `img` misses every element of `psi`):
    /// with an interpolant of `s'' ⊔ img` and each element of `psi` in the
    /// head's `T`, the bounded widening (below each, so off `psi`: Lemma
    /// 1), or `img`.
    fn apply_refinement(&mut self, n: usize, parent: usize, img: D, psi: &[D]) -> D {
        let l = self.nodes[n].loc;
        let Some(s) = self.heads[l.0 as usize].then(|| self.sel(parent, l)).flatten() else {
            self.stats.disjuncts += 1;
            return img;
        };
        let joined = self.nodes[s].view.join(&img);
        if psi.iter().any(|e| !joined.meet(e).is_bottom()) {
            self.stats.disjuncts += 1;
            return img;
        }
        let t = &mut self.t[l.0 as usize];
        for i in psi.iter().flat_map(|e| joined.interpolants(e)) {
            if !t.contains(&i) {
                t.push(i);
                self.stats.interpolants += 1;
            }
        }
        self.stats.interpolated_widens += 1;
        bounded_widen(&self.nodes[s].state, &joined, t, &self.thresholds)
    }

    /// Node `n` gets `state`; its descendants are deleted, and `n` and the
    /// nodes whose coverage relied on a deleted node or on `n` are expanded
    /// again.
    fn replace(&mut self, n: usize, state: D) {
        let mut gone = self.delete_below(n, false);
        self.nodes[n].view = state.normalized();
        self.nodes[n].state = state;
        if self.heads[self.nodes[n].loc.0 as usize] {
            self.hints.insert(self.nodes[n].place, self.nodes[n].view.clone());
        }
        gone[n] = true;
        self.schedule(n);
        self.revisit(&gone);
    }

    /// Deletes the descendants of `n` (and `n` if `with_n`); a surviving
    /// predecessor of a deleted node (a DAG's) is expanded again. Which
    /// nodes are gone.
    fn delete_below(&mut self, n: usize, with_n: bool) -> Vec<bool> {
        let mut gone = vec![false; self.nodes.len()];
        let mut stack = std::mem::take(&mut self.nodes[n].children);
        if with_n {
            gone[n] = true;
            self.nodes[n].alive = false;
        }
        while let Some(m) = stack.pop() {
            if gone[m] {
                continue;
            }
            gone[m] = true;
            self.nodes[m].alive = false;
            stack.extend(std::mem::take(&mut self.nodes[m].children));
        }
        for ns in &mut self.at {
            ns.retain(|m| !gone[*m]);
        }
        let mut again = Vec::new();
        for (m, node) in self.nodes.iter().enumerate() {
            if gone[m] {
                again.extend(node.preds.iter().map(|(q, _)| *q).filter(|q| !gone[*q] && self.nodes[*q].alive));
            }
        }
        for q in again {
            self.nodes[q].children.retain(|c| !gone[*c]);
            self.schedule(q);
        }
        gone
    }

    /// Expands again the live nodes whose coverage relied on a node gone.
    fn revisit(&mut self, gone: &[bool]) {
        for m in 0..self.nodes.len() {
            if self.nodes[m].alive && self.nodes[m].relied.iter().any(|c| gone.get(*c) == Some(&true)) {
                self.schedule(m);
            }
        }
    }

    /// §3 (i): the merge node `n` is deleted with its descendants, and each
    /// predecessor's image gets a node of its own, which starts an
    /// iteration of its own (its descendants are not merged with the
    /// others': the paper's heuristic against merging again).
    fn split(&mut self, n: usize) {
        let loc = self.nodes[n].loc;
        let preds = self.nodes[n].preds.clone();
        let gone = self.delete_below(n, true);
        for (q, b) in preds {
            if !self.nodes[q].alive {
                continue;
            }
            let img = self.image(q, b);
            if img.is_bottom() {
                continue;
            }
            let m = self.add(loc, img, Some((q, b)));
            self.nodes[m].ctx = m;
            self.schedule(m);
        }
        self.revisit(&gone);
    }

    /// The counterexample DAG of `error` (§3): the nodes with a path to it,
    /// predecessors first.
    fn counterexample_dag(&self, error: usize) -> Vec<usize> {
        let mut seen = vec![false; self.nodes.len()];
        let mut order = Vec::new();
        let mut stack = vec![(error, false)];
        while let Some((n, done)) = stack.pop() {
            if done {
                order.push(n);
                continue;
            }
            if std::mem::replace(&mut seen[n], true) {
                continue;
            }
            stack.push((n, true));
            stack.extend(self.nodes[n].preds.iter().filter(|(q, _)| !seen[*q]).map(|(q, _)| (*q, false)));
        }
        order
    }

    /// DAG refinement (§3): the error preimages `err(n)` of every node of
    /// the counterexample DAG, from the error back (each a union of
    /// elements, kept while they meet the node's state); a node whose
    /// state meets `err(n')` while a predecessor's image misses it is a
    /// refinement node, refined in reverse topological order (so that each
    /// path of the DAG gets one): a merge node is split, any other refined
    /// as `ApplyRefinement` does (interpolated widen at a loop head, or an
    /// implicit disjunct). `None` if it refined; else a path from the root
    /// through the error preimages, the candidate.
    fn refine_dag(&mut self, error: usize) -> Option<Vec<EdgeId>> {
        let order = self.counterexample_dag(error);
        let mut err: Vec<Vec<D>> = vec![Vec::new(); self.nodes.len()];
        err[error] = vec![D::top()];
        let mut points: Vec<usize> = Vec::new();
        for &n in order.iter().rev() {
            let psi = std::mem::take(&mut err[n]);
            for (q, b) in self.nodes[n].preds.clone() {
                let img = self.image(q, b);
                if !psi.is_empty() && psi.iter().all(|e| img.meet(e).is_bottom()) {
                    if !points.contains(&n) {
                        points.push(n);
                    }
                    continue;
                }
                let mut pre = std::mem::take(&mut err[q]);
                self.preimages_into(&psi, q, b, &mut pre);
                err[q] = pre;
            }
            err[n] = psi;
        }
        if points.is_empty() {
            // a path back from the error through the preimages where it can
            let mut path = Vec::new();
            let mut cur = error;
            while let Some(&(q, b)) = {
                let preds = &self.nodes[cur].preds;
                preds.iter().find(|(q, _)| !err[*q].is_empty()).or(preds.first())
            } {
                path.push(self.branches[b].edge);
                cur = q;
            }
            path.reverse();
            return Some(path);
        }
        // (`points` is in reverse topological order already: the error's side first)
        for n in points {
            if !self.nodes[n].alive {
                continue;
            }
            self.stats.refinements += 1;
            if self.nodes[n].preds.len() > 1 {
                self.stats.splits += 1;
                self.split(n);
                continue;
            }
            let Some((q, b)) = self.parent(n) else { continue };
            let img = self.image(q, b);
            let state = self.apply_refinement(n, q, img, &err[n]);
            let psi = std::mem::take(&mut err[n]);
            self.cache_errors(n, &psi);
            self.replace(n, state);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{add, assume, cmp, lit, program, set, v};
    use crate::domains::interval::{Intervals, Itv};
    use crate::domains::octagon::Octagons;
    use crate::domains::Domain;
    use crate::ir::{BinOp, CmpPred, Expr, IntSemantics, Sort, VarId};

    const LIMITS: Limits = Limits { nodes: 10_000, refinements: 100 };

    fn sub(a: Expr, b: Expr) -> Expr {
        Expr::Bin { op: BinOp::Sub, bits: 32, nsw: true, nuw: false, a: Box::new(a), b: Box::new(b) }
    }

    /// `x = y = 0; while (*) { if (y - x < 10) y++; else x++; } assert(y -
    /// x <= 10)` (`x` is 0, `y` is 1): the octagon widening at the head drops
    /// the growing bound of `y - x`, the error is reached, and refinement
    /// finds the parent's image of the widened head node off the error
    /// state, whose join with the earlier visit is too: one interpolated
    /// widen, whose interpolant `y - x <= 10` (the weakest bound of `y - x`
    /// that misses `y - x >= 11`) joins the head's `T`, and the tree closes.
    /// Intervals hold no `y - x`: the error state goes back to the entry as
    /// `⊤`, a candidate the path query refutes.
    #[test]
    fn the_false_alarm_of_widening_goes_in_one_interpolated_widen() {
        let diff = || sub(v(1), v(0));
        let p = program(
            &["x", "y"],
            &["entry", "head", "exit", "error"],
            vec![
                (0, 1, vec![set(0, lit(0)), set(1, lit(0))]),
                (1, 1, vec![assume(cmp(CmpPred::Slt, diff(), lit(10))), set(1, add(v(1), lit(1)))]),
                (1, 1, vec![assume(cmp(CmpPred::Sge, diff(), lit(10))), set(0, add(v(0), lit(1)))]),
                (1, 2, vec![]),
                (2, 3, vec![assume(cmp(CmpPred::Sgt, diff(), lit(10)))]),
            ],
        );
        let sort = |_: VarId| Sort::Int { bits: 32 };
        let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
        let deadline = Deadline::none();
        let mut tree: Tree<Octagons> = Tree::new(&p, &cx);
        let Explored::Safe(states) = tree.explore(LIMITS, &deadline) else { panic!("not proved: {:?}", tree.stats) };
        let st = &tree.stats;
        assert_eq!((st.refinements, st.interpolated_widens, st.disjuncts, st.interpolants), (1, 1, 0, 1), "{st:?}");
        let mut bound = Octagons::top();
        bound.assume(&cx, &cmp(CmpPred::Sle, diff(), lit(10)));
        assert_eq!(tree.t[1], vec![bound.clone()]);
        assert!(states[1].iter().all(|s| s.leq(&bound)), "{:?}", states[1]);
        assert!(states[3].is_empty());
        let mut tree: Tree<Intervals> = Tree::new(&p, &cx);
        let Explored::Candidate(path) = tree.explore(LIMITS, &deadline) else { panic!("intervals proved it") };
        assert_eq!(tree.stats.refinements, 0);
        assert_eq!(path.last().map(|e| p.edge(*e).dst), Some(p.error));
    }

    /// `x = y = 0; while (1) { if (x < 5) y++; else y--; if (y < 0) break;
    /// x++; } assert(x == 10)`, the phases as two loop edges: the octagon
    /// join of the phases holds neither `x = y` nor `x + y = 10`; the one
    /// refinement keeps the image of the second phase's first visit apart
    /// from the first phase (an implicit disjunct), and the head's states
    /// are `x = y` (up to 5) and `x + y = 10`.
    #[test]
    fn the_phases_of_a_loop_become_two_states_of_its_head() {
        let p = program(
            &["x", "y"],
            &["entry", "head", "exit", "error"],
            vec![
                (0, 1, vec![set(0, lit(0)), set(1, lit(0))]),
                (
                    1,
                    1,
                    vec![assume(cmp(CmpPred::Slt, v(0), lit(5))), set(1, add(v(1), lit(1))), set(0, add(v(0), lit(1)))],
                ),
                (
                    1,
                    1,
                    vec![
                        assume(cmp(CmpPred::Sge, v(0), lit(5))),
                        set(1, sub(v(1), lit(1))),
                        assume(cmp(CmpPred::Sge, v(1), lit(0))),
                        set(0, add(v(0), lit(1))),
                    ],
                ),
                (
                    1,
                    2,
                    vec![
                        assume(cmp(CmpPred::Sge, v(0), lit(5))),
                        set(1, sub(v(1), lit(1))),
                        assume(cmp(CmpPred::Slt, v(1), lit(0))),
                    ],
                ),
                (2, 3, vec![assume(cmp(CmpPred::Ne, v(0), lit(10)))]),
            ],
        );
        let sort = |_: VarId| Sort::Int { bits: 32 };
        let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
        let mut tree: Tree<Octagons> = Tree::new(&p, &cx);
        let Explored::Safe(states) = tree.explore(LIMITS, &Deadline::none()) else { panic!("{:?}", tree.stats) };
        assert!(tree.stats.refinements >= 1 && tree.stats.disjuncts >= 1, "{:?}", tree.stats);
        let holds = |e: Expr| {
            let mut o = Octagons::top();
            o.assume(&cx, &e);
            o
        };
        let first = holds(Expr::And(vec![cmp(CmpPred::Eq, v(0), v(1)), cmp(CmpPred::Sle, v(0), lit(5))]));
        let second = holds(cmp(CmpPred::Eq, add(v(0), v(1)), lit(10)));
        assert!(states[1].iter().all(|s| s.leq(&first) || s.leq(&second)), "{:?}", states[1]);
        assert!(states[1].iter().any(|s| s.leq(&second) && !s.is_bottom()));
    }

    /// §3 on a diamond: `x := 0` or `x := 10` (edges into `merge`), then
    /// `error` if `x == 5`. The DAG joins the two images at one node (`x`
    /// in `[0, 10]`), reaches the error, and finds the merge node the
    /// refinement node of the counterexample DAG (each predecessor's image
    /// misses `err = {x = 5}`): one split into two nodes, `x = 0` and `x =
    /// 10`, and the DAG closes. The tree makes the two nodes at once.
    #[test]
    fn dag_refinement_splits_the_merge_node_of_a_diamond() {
        let p = program(
            &["x"],
            &["entry", "merge", "exit", "error"],
            vec![
                (0, 1, vec![set(0, lit(0))]),
                (0, 1, vec![set(0, lit(10))]),
                (1, 2, vec![assume(cmp(CmpPred::Ne, v(0), lit(5)))]),
                (1, 3, vec![assume(cmp(CmpPred::Eq, v(0), lit(5)))]),
            ],
        );
        let sort = |_: VarId| Sort::Int { bits: 32 };
        let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
        let deadline = Deadline::none();
        let mut dag: Tree<Intervals> = Tree::with(&p, &cx, true);
        let Explored::Safe(states) = dag.explore(LIMITS, &deadline) else { panic!("not proved: {:?}", dag.stats) };
        let st = &dag.stats;
        assert_eq!((st.merges, st.refinements, st.splits), (1, 1, 1), "{st:?}");
        let mut xs: Vec<_> = states[1].iter().map(|s| s.get(VarId(0))).collect();
        xs.sort_by_key(|x| x.lo);
        assert_eq!(xs, vec![Itv::point(0), Itv::point(10)]);
        assert!(states[3].is_empty());
        let mut tree: Tree<Intervals> = Tree::new(&p, &cx);
        assert!(matches!(tree.explore(LIMITS, &deadline), Explored::Safe(_)));
        assert_eq!((tree.stats.merges, tree.stats.refinements), (0, 0));
    }
}
