//! A numeric abstract domain as UFO's POST (papers/ufo-under-over-approximations.txt
//! §4 "Post Operator": POST may be any abstract domain; the Vinta configuration
//! of UFO at SV-COMP 2013, Albarghouthi, Gurfinkel, Li, Chaki, Chechik, "UFO:
//! Verification with Interpolants and Abstract Interpretation", and "Craig
//! Interpretation", SAS 2012): `--post box` is the interval domain, `--post
//! boxes` the boxes domain (`domains::boxes`, Vinta's disjunctive POST).
//!
//! - A label is read as a domain element by assuming it (its raised
//!   `ir::Expr`, `smt::raise`) in the top element: the bounds of an element's
//!   own formula come back exactly, and a label strengthened by refinement
//!   (element ∧ interpolant, Vinta's labels) gives the domain whatever the
//!   interpolant says of single variables. A label that does not raise is top
//!   (sound: an over-approximation).
//! - `transfer` is the domain's transfer of the edge (`domains::Domain::body`,
//!   the source's values met with their ranges first), `join` the domain's
//!   join, `widen` its widening of the active heads' join by the new value,
//!   with thresholds: the program's constants and the constants of every
//!   refined label (Vinta's interpolation-guided widening: a bound that
//!   refinement found is a place where widening stops, so it is not lost
//!   again).
//! - The relational part is Cartesian predicate abstraction over the atoms of
//!   refined labels (`predicates`), the product's second component: Vinta
//!   keeps the interpolant beside the element, and without it a relation
//!   refinement found (`x == y`) was lost by the next POST and UFO refined
//!   forever (counter_safe.c at -O0). `strengthen` is the value ∧ the refined
//!   label (both label the ARG well, so their conjunction does).
//! - Every result is the element's formula (`Domain::to_expr`, lowered
//!   exactly over the location's canonical constants) ∧ the predicates that
//!   hold, so Definition 1 holds by the domain's and predicate abstraction's
//!   soundness; covering is the trait's default (SMT implication).

use super::predicates::{Abstraction, PredicatePost};
use super::{Post, PostCx};
use crate::domains::fixpoint::thresholds;
use crate::domains::{Ctx, Domain, Thresholds};
use crate::ir::{EdgeId, LocId, Program, Sort, VarId};
use crate::smt::hoare as cert;
use crate::smt::{raise, Formula, FormulaOps, IntSemantics};

/// A numeric domain as a POST.
pub struct DomainPost<D: Domain> {
    name: &'static str,
    sorts: Vec<Sort>,
    /// The relational part: Cartesian predicate abstraction over the atoms
    /// of refined labels (the interpolants Vinta keeps beside the element).
    preds: PredicatePost,
    /// The program's constants, and those of refined labels.
    constants: Vec<i128>,
    thresholds: Thresholds,
    widenings: usize,
    domain: std::marker::PhantomData<D>,
}

impl<D: Domain> DomainPost<D> {
    /// The POST of `D` for `p`, named `name` (`--post`).
    pub fn new(p: &Program, name: &'static str) -> DomainPost<D> {
        let t = thresholds(p);
        DomainPost {
            name,
            domain: std::marker::PhantomData,
            sorts: p.vars.iter().map(|v| v.sort).collect(),
            preds: PredicatePost::new(p, Abstraction::Cartesian, false),
            constants: Vec::new(),
            thresholds: t,
            widenings: 0,
        }
    }

    fn with_cx<R>(&self, sem: IntSemantics, f: impl FnOnce(&Ctx) -> R) -> R {
        let sort = |v: VarId| self.sorts.get(v.0 as usize).copied().unwrap_or(Sort::Num);
        f(&Ctx { sem, sort: &sort })
    }

    /// The element a label at `loc` stands for.
    fn element(&self, cx: &PostCx, loc: LocId, label: &Formula) -> D {
        let mut d = D::top();
        if let Ok(e) = raise::raise(label, &cx.canon.names(cx.p, loc)) {
            self.with_cx(cx.l.sem, |dcx| d.assume(dcx, &e));
        }
        d
    }

    /// The conjunction of the predicates of `loc` that `f` implies.
    fn predicates_implied(&self, cx: &mut PostCx, loc: LocId, f: &Formula) -> Formula {
        let mut hyps = cx.canon.ranges(cx.p, cx.l, loc);
        hyps.push(f.clone());
        let held: Vec<Formula> =
            self.preds.at(loc).iter().filter(|q| cx.solver.implies(&hyps, q) == Some(true)).cloned().collect();
        Formula::and(&held)
    }

    /// The formula of `d` at `loc` (`true` if it does not lower exactly).
    fn formula(&self, cx: &mut PostCx, loc: LocId, d: &D) -> Formula {
        let e = self.with_cx(cx.l.sem, |dcx| d.to_expr(dcx, &cx.p.loc(loc).live));
        cert::lower(cx.p, cx.l, cx.canon, loc, &e).unwrap_or_else(|_| Formula::from_bool(true))
    }
}

impl<D: Domain> Post for DomainPost<D> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn transfer(&mut self, cx: &mut PostCx, parent: &Formula, edge: EdgeId) -> Formula {
        let e = cx.p.edge(edge);
        let (src, dst) = (e.src, e.dst);
        let mut d = self.element(cx, src, parent);
        self.with_cx(cx.l.sem, |dcx| {
            d.in_range(dcx, &cx.p.loc(src).live);
            d.body(dcx, &cx.p.edge(edge).body);
        });
        d.restrict(&cx.p.loc(dst).live);
        let boxed = self.formula(cx, dst, &d);
        let related = self.preds.transfer(cx, parent, edge);
        Formula::and(&[boxed, related]).simplify()
    }

    fn join(&mut self, cx: &mut PostCx, loc: LocId, values: &[Formula]) -> Formula {
        let d = values.iter().fold(D::bottom(), |acc, v| acc.join(&self.element(cx, loc, v)));
        let related = self.predicates_implied(cx, loc, &Formula::or(values));
        Formula::and(&[self.formula(cx, loc, &d), related]).simplify()
    }

    fn widen(&mut self, cx: &mut PostCx, loc: LocId, old: &[Formula], new: Formula) -> Formula {
        // (the head's earlier values: as many widenings of its chain)
        let before =
            old.iter().fold(D::bottom(), |acc, v| acc.join(&self.element(cx, loc, v))).widened_times(old.len());
        let next = self.element(cx, loc, &new);
        if next.leq(&before) {
            return new;
        }
        self.widenings += 1;
        let w = before.widen_with(&before.join(&next), &self.thresholds);
        let related = self.predicates_implied(cx, loc, &new);
        Formula::and(&[self.formula(cx, loc, &w), related]).simplify()
    }

    fn predicates(&self) -> usize {
        self.preds.predicates()
    }

    /// Vinta's refined value: the element's formula and the refined label
    /// (both label the ARG well, so their conjunction does).
    fn strengthen(&mut self, v: &Formula, label: &Formula) -> Formula {
        Formula::and(&[v.clone(), label.clone()]).simplify()
    }

    fn learn(&mut self, labels: &[(LocId, Formula)]) -> Vec<LocId> {
        let gained = self.preds.learn(labels);
        // (constants of refined labels become widening thresholds; the
        // labels are over canonical constants: their numerals are enough)
        let before = self.constants.len();
        for (_, f) in labels {
            numerals(&f.to_string(), &mut self.constants);
        }
        if self.constants.len() > before {
            self.constants.sort_unstable();
            self.constants.dedup();
            let mut all: Vec<i128> =
                self.constants.iter().flat_map(|c| [c.saturating_sub(1), *c, c.saturating_add(1)]).collect();
            all.extend(self.thresholds.values());
            self.thresholds = Thresholds::new(all);
        }
        gained
    }

    fn widenings(&self) -> usize {
        self.widenings
    }
}

/// The integer numerals of an SMT-LIB text (`(- 5)` is -5).
fn numerals(text: &str, out: &mut Vec<i128>) {
    let mut neg = false;
    for tok in text.split(|c: char| c == '(' || c == ')' || c.is_whitespace()).filter(|t| !t.is_empty()) {
        if tok == "-" {
            neg = true;
            continue;
        }
        if let Ok(n) = tok.parse::<i128>() {
            out.push(if neg { -n } else { n });
        }
        neg = false;
    }
}
