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
//! Invariants: a node's state contains the image of its parent's by its
//! edge (the refined ones too: `img` or above it); when the worklist is
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
use std::collections::BTreeSet;

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
    /// The parent and the branch from it (none at the root).
    parent: Option<(usize, usize)>,
    depth: usize,
    children: Vec<usize>,
    alive: bool,
    /// The nodes that covered a successor of this one when it was expanded.
    relied: Vec<usize>,
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
    /// Nodes to expand, by depth.
    work: BTreeSet<(usize, usize)>,
    pub stats: TreeStats,
}

impl<'a, D: Interpolate> Tree<'a, D> {
    pub fn new(p: &'a Program, cx: &'a Ctx<'a>) -> Tree<'a, D> {
        let mut tree = Tree {
            p,
            cx,
            heads: crate::cfg::Wto::of_program(p).is_head,
            branches: Vec::new(),
            out: vec![Vec::new(); p.locs.len()],
            nodes: Vec::new(),
            at: vec![Vec::new(); p.locs.len()],
            t: vec![Vec::new(); p.locs.len()],
            thresholds: fixpoint::thresholds(p),
            work: BTreeSet::new(),
            stats: TreeStats::default(),
        };
        for e in p.edge_ids() {
            for body in cases::body(&p.edge(e).body) {
                tree.out[p.edge(e).src.0 as usize].push(tree.branches.len());
                tree.branches.push(Branch { edge: e, body });
            }
        }
        let root = tree.add(p.entry, D::top(), None);
        tree.work.insert((0, root));
        tree
    }

    fn add(&mut self, loc: LocId, state: D, parent: Option<(usize, usize)>) -> usize {
        let id = self.nodes.len();
        let depth = parent.map_or(0, |(n, _)| self.nodes[n].depth + 1);
        if let Some((n, _)) = parent {
            self.nodes[n].children.push(id);
        }
        let view = state.normalized();
        self.nodes.push(Node {
            loc,
            state,
            view,
            parent,
            depth,
            children: Vec::new(),
            alive: true,
            relied: Vec::new(),
        });
        self.at[loc.0 as usize].push(id);
        self.stats.nodes += 1;
        id
    }

    /// Explores until the tree is closed, a candidate counterexample, or a
    /// bound.
    pub fn explore(&mut self, limits: Limits, deadline: &Deadline) -> Explored<D> {
        while let Some((_, n)) = self.work.pop_first() {
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
            let state = match self.heads[dst.0 as usize].then(|| self.sel(n, dst)).flatten() {
                Some(s) => {
                    self.stats.widenings += 1;
                    let joined = self.nodes[s].view.join(&img);
                    bounded_widen(&self.nodes[s].state, &joined, &self.t[dst.0 as usize], &self.thresholds)
                }
                None => img,
            };
            let child = self.add(dst, state, Some((n, b)));
            if dst == self.p.error {
                let path = self.refine(child);
                // (else the tree changed: `n` comes back if it is alive)
                if path.is_none() && self.nodes[n].alive {
                    self.work.insert((self.nodes[n].depth, n));
                }
                return path;
            }
            self.work.insert((self.nodes[child].depth, child));
        }
        None
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
            cur = self.nodes[m].parent.map(|(q, _)| q);
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
        while let Some((parent, b)) = self.nodes[cur].parent {
            let img = self.image(parent, b);
            if !psi.is_empty() && psi.iter().all(|e| img.meet(e).is_bottom()) {
                // `cur` is a refinement node: its state meets ψ, its
                // parent's image does not
                let state = self.apply_refinement(cur, parent, img, &psi);
                self.stats.refinements += 1;
                self.replace(cur, state);
                return None;
            }
            if !psi.is_empty() {
                let br = &self.branches[b];
                let src = &self.p.loc(self.p.edge(br.edge).src).live;
                let dst = &self.p.loc(self.p.edge(br.edge).dst).live;
                let at = &self.nodes[parent].view;
                let mut pre = Vec::new();
                for e in &psi {
                    self.stats.preimages += 1;
                    for mut d in preimage::disjuncts(e, self.cx, &br.body, dst) {
                        d.in_range(self.cx, src);
                        if !d.meet(at).is_bottom() && !pre.contains(&d) {
                            pre.push(d);
                        }
                    }
                }
                preimage::cap(&mut pre);
                psi = pre;
            }
            path.push(self.branches[b].edge);
            cur = parent;
        }
        path.reverse();
        // the candidate leaves the tree as it is (the run ends)
        Some(path)
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
        for e in psi {
            let i = joined.interpolate(e);
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
        let mut gone = vec![false; self.nodes.len()];
        let mut stack = std::mem::take(&mut self.nodes[n].children);
        while let Some(m) = stack.pop() {
            gone[m] = true;
            self.nodes[m].alive = false;
            stack.extend(std::mem::take(&mut self.nodes[m].children));
        }
        for ns in &mut self.at {
            ns.retain(|m| !gone[*m]);
        }
        self.nodes[n].view = state.normalized();
        self.nodes[n].state = state;
        gone[n] = true;
        self.work.insert((self.nodes[n].depth, n));
        for m in 0..self.nodes.len() {
            if self.nodes[m].alive && self.nodes[m].relied.iter().any(|c| gone[*c]) {
                self.work.insert((self.nodes[m].depth, m));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{add, assume, cmp, lit, program, set, v};
    use crate::domains::interval::Intervals;
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
}
