//! The fixpoint of a program's abstract semantics in any [`Domain`], by
//! Bourdoncle's recursive iteration strategy over the weak topological order
//! (Bourdoncle, "Efficient chaotic iteration strategies with widenings",
//! 1993, §4; `cfg::Wto`), as the `ai` engine and, later, DAGGER use it.
//!
//! The iteration runs over any graph of locations ([`analyze_graph`] over a
//! `cfg::Dag`: the program's own graph, an ARG, an unrolling; [`analyze`] is
//! the program's), one value per node, and widens through a [`Widen`] hook:
//! [`ThresholdWidening`] by default, or one that knows more at a head — the
//! interpolants a refinement found there (papers/dagger-refining-abstract-interpretations.txt
//! §4, the interpolated widen `∇_I`), or the bounds a precision allows.
//!
//! - The value of a location is the join of its incoming edges' transfers:
//!   the source's value, met with the ranges of the source's in-scope
//!   variables (where the model excludes out-of-range values, `domains`), the
//!   edge body, then only the target's in-scope variables kept.
//! - A component is iterated until its head is stable: the first
//!   [`Options::delay`] iterations join, the later ones widen with thresholds
//!   (the program's constants, each ±1, and the type ranges). Each iteration
//!   stabilizes the nested components again from scratch (the recursive
//!   strategy).
//! - Then [`Options::descending`] decreasing iterations (the transfer itself,
//!   which keeps a post-fixpoint a post-fixpoint) refine what widening lost;
//!   one whose result is no longer a post-fixpoint at the head (the nested
//!   components widen again) is undone.
//!
//! Invariant: the result is a post-fixpoint (every edge's transfer of its
//! source's value is below its target's value) whenever the iteration
//! finishes; the certificate check decides anyway.

use super::{Ctx, Domain, Thresholds};
use crate::cfg::wto::Element;
use crate::cfg::Dag;
use crate::deadline::Deadline;
use crate::ir::{Expr, Program};

/// How the iteration widens and narrows.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Iterations of a component that join before widening starts.
    pub delay: usize,
    /// Decreasing iterations after a component is stable.
    pub descending: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { delay: 2, descending: 2 }
    }
}

/// Counts of the iteration.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct FixpointStats {
    /// Transfers of an edge.
    pub transfers: usize,
    /// Widenings at component heads.
    pub widenings: usize,
    /// Decreasing iterations kept.
    pub narrowings: usize,
}

/// How a component head's value grows once joining is over: `old ∇ new`,
/// above both (so the iteration still ends at a post-fixpoint) and, for the
/// iteration to terminate, stabilizing on every increasing chain.
pub trait Widen<D: Domain> {
    /// The widened value of graph node `node` (a component head).
    fn widen(&mut self, node: usize, old: &D, new: &D, thresholds: &Thresholds) -> D;
}

/// The domain's widening with the program's thresholds, at every head.
pub struct ThresholdWidening;

impl<D: Domain> Widen<D> for ThresholdWidening {
    fn widen(&mut self, _node: usize, old: &D, new: &D, thresholds: &Thresholds) -> D {
        old.widen_with(new, thresholds)
    }
}

/// DAGGER's interpolated widen (papers/dagger-refining-abstract-interpretations.txt
/// §4): at a head with a hint `I` (an interpolant a refinement found there,
/// as a domain value), `old ∇_I new = (old ∇ new) ⊓ I` while `old ⊔ new ⊑ I`;
/// the plain widening otherwise, and at heads without a hint. The result is
/// above `old ⊔ new` in both cases, so the head's values increase and the
/// iteration still ends at a post-fixpoint; a head's values stay below its
/// hint until they pass it, then widen as without one (for intervals and
/// boxes, whose meet with a fixed hint keeps a bound widening reached).
pub struct InterpolatedWiden<D> {
    /// Per graph node, the hint at that head.
    pub hints: std::collections::HashMap<usize, D>,
    /// Widenings the hint narrowed.
    pub applied: usize,
}

impl<D: Domain> Widen<D> for InterpolatedWiden<D> {
    fn widen(&mut self, node: usize, old: &D, new: &D, thresholds: &Thresholds) -> D {
        let widened = old.widen_with(new, thresholds);
        match self.hints.get(&node) {
            Some(hint) if old.join(new).leq(hint) => {
                self.applied += 1;
                widened.meet(hint)
            }
            _ => widened,
        }
    }
}

/// The iteration's state.
struct Iteration<'a, D: Domain, W: Widen<D>> {
    p: &'a Program,
    graph: &'a Dag,
    cx: &'a Ctx<'a>,
    opts: Options,
    thresholds: Thresholds,
    widen: &'a mut W,
    /// The incoming edges of each node (indices into `graph.edges`).
    incoming: Vec<Vec<usize>>,
    /// Per graph edge, the cases its image joins (`Domain::JOIN_CASES`),
    /// none where it is the body's own image.
    cases: Vec<Vec<Vec<crate::ir::Stmt>>>,
    value: Vec<D>,
    stats: FixpointStats,
    deadline: &'a Deadline,
}

/// Why the iteration stopped before a fixpoint.
pub struct Stopped;

/// The value of every location (bottom where unreachable in the domain), or
/// [`Stopped`] at the deadline.
pub fn analyze<D: Domain>(
    p: &Program,
    cx: &Ctx,
    opts: Options,
    deadline: &Deadline,
) -> Result<(Vec<D>, FixpointStats), Stopped> {
    analyze_graph(p, &Dag::of_program(p), cx, opts, &mut ThresholdWidening, deadline)
}

/// The value of every node of `graph` (its nodes at locations of `p`, its
/// edges program edges), widened by `widen` at the heads of its WTO, or
/// [`Stopped`] at the deadline. The entry node starts at top.
pub fn analyze_graph<D: Domain, W: Widen<D>>(
    p: &Program,
    graph: &Dag,
    cx: &Ctx,
    opts: Options,
    widen: &mut W,
    deadline: &Deadline,
) -> Result<(Vec<D>, FixpointStats), Stopped> {
    let wto = graph.wto();
    let mut incoming = vec![Vec::new(); graph.loc.len()];
    for (i, (_, dst, _)) in graph.edges.iter().enumerate() {
        incoming[*dst].push(i);
    }
    // (split once: the iteration transfers each edge many times)
    let cases = graph
        .edges
        .iter()
        .map(|(.., e)| {
            let cases = if D::JOIN_CASES { super::cases::body(&p.edge(*e).body) } else { Vec::new() };
            if cases.len() > 1 {
                cases
            } else {
                Vec::new()
            }
        })
        .collect();
    let mut it = Iteration {
        p,
        graph,
        cx,
        opts,
        thresholds: thresholds(p),
        widen,
        incoming,
        cases,
        value: vec![D::bottom(); graph.loc.len()],
        stats: FixpointStats::default(),
        deadline,
    };
    it.elements(&wto.elements)?;
    Ok((it.value, it.stats))
}

impl<D: Domain, W: Widen<D>> Iteration<'_, D, W> {
    /// The transfer of graph edge `i` from its source's current value.
    fn transfer(&mut self, i: usize) -> D {
        let (src, _, e) = self.graph.edges[i];
        if self.value[src].is_bottom() {
            return D::bottom();
        }
        self.stats.transfers += 1;
        let d = &self.value[src];
        match self.cases[i].as_slice() {
            [] => image(self.p, self.cx, d, e),
            cases => cases.iter().fold(D::bottom(), |acc, c| acc.join(&image_of(self.p, self.cx, d, e, c))),
        }
    }

    /// The join of the transfers into `v` (top at the entry).
    fn incoming(&mut self, v: usize) -> D {
        let mut d = if v == self.graph.entry { D::top() } else { D::bottom() };
        for i in self.incoming[v].clone() {
            d = d.join(&self.transfer(i));
        }
        d.restrict(&self.p.loc(self.graph.loc[v]).live);
        d
    }

    fn elements(&mut self, elements: &[Element]) -> Result<(), Stopped> {
        for e in elements {
            if self.deadline.expired() {
                return Err(Stopped);
            }
            match e {
                Element::Vertex(v) => self.value[*v] = self.incoming(*v),
                Element::Component(h, body) => self.component(*h, body)?,
            }
        }
        Ok(())
    }

    fn component(&mut self, h: usize, body: &[Element]) -> Result<(), Stopped> {
        self.value[h] = self.incoming(h);
        self.elements(body)?;
        let mut round = 1;
        loop {
            let new = self.incoming(h);
            if new.leq(&self.value[h]) {
                break;
            }
            self.value[h] = if round < self.opts.delay {
                self.value[h].join(&new)
            } else {
                self.stats.widenings += 1;
                self.widen.widen(h, &self.value[h], &new, &self.thresholds)
            };
            self.elements(body)?;
            round += 1;
        }
        for _ in 0..self.opts.descending {
            let before = self.value.clone();
            let new = self.incoming(h).meet(&self.value[h]);
            if new == self.value[h] {
                break;
            }
            self.value[h] = new;
            self.elements(body)?;
            if !self.incoming(h).leq(&self.value[h]) {
                self.value = before;
                break;
            }
            self.stats.narrowings += 1;
        }
        Ok(())
    }
}

/// The abstract image of `d` (at the edge's source) by program edge `e`:
/// met with the ranges of the source's in-scope variables (where the model
/// excludes out-of-range values, `domains`), the body, then only the
/// target's in-scope variables kept. DAGGER's `Image` too. (The iteration
/// joins the images by an edge's cases instead where the domain asks for
/// it, `Domain::JOIN_CASES`.)
pub fn image<D: Domain>(p: &Program, cx: &Ctx, d: &D, e: crate::ir::EdgeId) -> D {
    image_of(p, cx, d, e, &p.edge(e).body)
}

/// [`image`] by `body` in place of the edge's own (one of its cases,
/// `domains::cases`).
pub fn image_of<D: Domain>(p: &Program, cx: &Ctx, d: &D, e: crate::ir::EdgeId, body: &[crate::ir::Stmt]) -> D {
    let edge = p.edge(e);
    let mut d = d.clone();
    if d.is_bottom() {
        return d;
    }
    d.in_range(cx, &p.loc(edge.src).live);
    d.body(cx, body);
    d.restrict(&p.loc(edge.dst).live);
    d
}

/// The widening thresholds of `p`: its integer constants, each ±1, and the
/// bounds of the widths it uses.
pub fn thresholds(p: &Program) -> Thresholds {
    let mut out = vec![0];
    let mut widths = std::collections::BTreeSet::new();
    for e in &p.edges {
        for x in e.body.iter().flat_map(|s| s.exprs()) {
            constants(x, &mut out, &mut widths);
        }
    }
    let mut all: Vec<i128> = out.iter().flat_map(|c| [c.saturating_sub(1), *c, c.saturating_add(1)]).collect();
    for w in widths {
        let r = super::interval::int_range(w);
        all.extend(r.lo.into_iter().chain(r.hi));
    }
    Thresholds::new(all)
}

/// The integer constants of `e`, and the widths of its integer terms.
fn constants(e: &Expr, out: &mut Vec<i128>, widths: &mut std::collections::BTreeSet<u32>) {
    match e {
        Expr::Int { value, bits } => {
            out.push(*value);
            widths.insert(*bits);
        }
        Expr::Num(n) => out.push(*n),
        Expr::Var(_, crate::ir::Sort::Int { bits }) => {
            widths.insert(*bits);
        }
        _ => {}
    }
    let _ = e.map_children(|c| {
        constants(c, out, widths);
        c.clone()
    });
}
