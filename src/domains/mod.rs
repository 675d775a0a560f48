//! Numeric abstract domains (DESIGN.md "Abstract domains and POST"; issue 21),
//! with no Z3 inside, as in Crab and IKOS: a domain element over-approximates
//! a set of states of the program model (`ir`), and its transfer functions
//! over-approximate what the model's statements do to them, under one integer
//! semantics (`--int`).
//!
//! - [`Domain`] is the lattice with its transfer functions: `bottom`, `top`,
//!   `leq`, `join`, `meet`, `widen_with` thresholds, `narrow`, assignment
//!   (parallel, as a phi node's), `assume`, `havoc`/`forget`, and `to_expr`,
//!   the element as a formula of the program model (a certificate's label).
//! - Soundness is the invariant every implementation keeps: for every concrete
//!   state `s` in `γ(d)` and statement `st`, every successor of `s` by `st`
//!   under the model's semantics (`ir::eval`, which agrees with the Z3
//!   lowering) is in `γ(d.stmt(st))`. Where a transfer is not exact it
//!   forgets (the sort's range), never drops a state.
//! - A state at a location may hold values out of their type's range under
//!   `lia`: an `nsw` result is exact within an edge, and the model excludes
//!   out-of-range values only when an edge starts from the location
//!   (`smt::canon` ranges at the source). Elements thus keep such values, so
//!   that labels pass the certificate check, and [`Domain::in_range`] meets a
//!   state with the ranges before an edge's transfer.
//! - [`fixpoint`] iterates any domain over a program's weak topological order
//!   (Bourdoncle's recursive strategy, widening at heads, then narrowing).
//!
//! Domains: [`interval::Intervals`] (Box: one interval per variable) and
//! [`boxes::Boxes`] (finite disjunctions of boxes); [`explicit`], the
//! explicit-value analysis's abstract variable assignments, which have no
//! join and are no [`Domain`]; [`constants::Constants`], those assignments
//! joined in the flat lattice (UFO's `--post explicit`);
//! [`octagon::Octagons`], `±x ± y ≤ c` (DAGGER's relational domain).
//!
//! For refinement (DAGGER, papers/dagger-refining-abstract-interpretations.txt
//! §2): [`preimage`], the backward transfer of any domain, and
//! [`interpolate`], interpolants between elements and the bounded widening
//! `∇_T` they bound; [`cases`], the case splits of bodies and conditions a
//! tree exploration keeps apart.

pub mod boxes;
pub mod cases;
pub mod congruence;
pub mod constants;
pub mod explicit;
pub mod fixpoint;
pub mod interpolate;
pub mod interval;
pub mod linear;
pub mod octagon;
pub mod polyhedra;
pub mod preimage;
pub mod simplex;
#[cfg(test)]
mod soundness;
pub mod strided;

use crate::ir::IntSemantics;
use crate::ir::{Expr, Sort, Stmt, VarId};
use std::collections::HashMap;

/// What a transfer needs to know of the program: the integer semantics and
/// each variable's sort.
pub struct Ctx<'a> {
    pub sem: IntSemantics,
    pub sort: &'a dyn Fn(VarId) -> Sort,
}

/// The constants widening may stop at (sorted, without duplicates): the
/// program's constants, each ±1, and the type ranges.
#[derive(Clone, Debug, Default)]
pub struct Thresholds(Vec<i128>);

impl Thresholds {
    pub fn new(mut values: Vec<i128>) -> Thresholds {
        values.sort_unstable();
        values.dedup();
        Thresholds(values)
    }

    /// The least threshold `>= x`.
    pub fn above(&self, x: i128) -> Option<i128> {
        let i = self.0.partition_point(|t| *t < x);
        self.0.get(i).copied()
    }

    /// The greatest threshold `<= x`.
    pub fn below(&self, x: i128) -> Option<i128> {
        let i = self.0.partition_point(|t| *t <= x);
        i.checked_sub(1).map(|i| self.0[i])
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn values(&self) -> &[i128] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A numeric abstract domain over the variables of the program model.
pub trait Domain: Clone + std::fmt::Debug + PartialEq {
    /// Its name in `--domain` (and in the `ai` statistics).
    const NAME: &'static str;
    /// Whether the fixpoint iteration (`fixpoint`) transfers an edge's cases
    /// (`cases::body`: each `select` one of its sides) one by one and joins
    /// them, where the domain's join keeps what a select's transfer loses
    /// (`a.1 := c ? a : a + 2; b.1 := b + zext(!c)`: the hull keeps `a.1 +
    /// 2·b.1 = a + 2·b + 2`).
    const JOIN_CASES: bool = false;
    /// Whether the domain reads bit operations on two values (`x ^ y`)
    /// more exactly than as any value: under `lia`, whose lowering makes
    /// them fresh values, a proof it finds would not pass the check, so an
    /// engine asks for the run under `bv` (`strided`: parity).
    const BITS: bool = false;
    /// Every state.
    fn top() -> Self;
    /// No state.
    fn bottom() -> Self;
    fn is_bottom(&self) -> bool;
    /// `γ(self) ⊆ γ(other)` (exact for the domains here).
    fn leq(&self, other: &Self) -> bool;
    fn join(&self, other: &Self) -> Self;
    fn meet(&self, other: &Self) -> Self;
    /// Widening of `self` by the later iterate `next`, stopping at thresholds.
    fn widen_with(&self, next: &Self, thresholds: &Thresholds) -> Self;
    /// Narrowing of `self` by the later (smaller) iterate `next`.
    fn narrow(&self, next: &Self) -> Self;
    /// The simultaneous assignment of each expression (over the state before)
    /// to its variable.
    fn assign_parallel(&mut self, cx: &Ctx, xs: &[(VarId, Expr)]);
    /// Keeps the states where the Boolean `e` may hold.
    fn assume(&mut self, cx: &Ctx, e: &Expr);
    /// Forgets all about `v`: any value (even out of its type's range).
    fn forget(&mut self, v: VarId);
    /// `v` gets an arbitrary value of its sort (in range, but under `math`).
    fn havoc(&mut self, cx: &Ctx, v: VarId);
    /// Forgets every variable not in `keep`.
    fn restrict(&mut self, keep: &[VarId]);
    /// Keeps the states whose variables `vars` are in their types' ranges.
    fn in_range(&mut self, cx: &Ctx, vars: &[VarId]);
    /// The element as a formula over `vars` (the others are not mentioned).
    fn to_expr(&self, cx: &Ctx, vars: &[VarId]) -> Expr;

    fn assign(&mut self, cx: &Ctx, v: VarId, e: &Expr) {
        self.assign_parallel(cx, &[(v, e.clone())]);
    }

    /// The element, as the result of `n` widenings already (a domain whose
    /// widening depends on the chain's length: `boxes`); for the elements a
    /// client rebuilds from formulas (UFO's POST).
    fn widened_times(self, _n: usize) -> Self {
        self
    }

    /// The same states in the form the other operations read fastest (an
    /// octagon closed); a widened element keeps its own form for the next
    /// widening, and a client that reads it often keeps both (DAGGER's
    /// tree nodes).
    fn normalized(&self) -> Self {
        self.clone()
    }

    fn widen(&self, next: &Self) -> Self {
        self.widen_with(next, &Thresholds::default())
    }

    /// The transfer of one statement.
    fn stmt(&mut self, cx: &Ctx, s: &Stmt) {
        if self.is_bottom() {
            return;
        }
        match s {
            Stmt::Assign(v, e) => self.assign(cx, *v, e),
            Stmt::Assume(e) => self.assume(cx, e),
            Stmt::Havoc(v, ..) => self.havoc(cx, *v),
            Stmt::Parallel(xs) => self.assign_parallel(cx, xs),
        }
    }

    /// The transfer of an edge body. An `assume` of a Boolean variable the
    /// body defined assumes its definition (`cmp := i < n; assume cmp`
    /// constrains `i` and `n`), while the variables it reads keep their values
    /// ([`inlined`]).
    fn body(&mut self, cx: &Ctx, body: &[Stmt]) {
        for s in inlined(body) {
            if self.is_bottom() {
                return;
            }
            self.stmt(cx, &s);
        }
    }
}

/// `assume` of the disjunction `xs` in a convex domain: the join of the
/// element assumed with each disjunct.
pub(crate) fn assume_any<D: Domain>(d: &D, cx: &Ctx, xs: &[Expr]) -> D {
    let mut r = D::bottom();
    for x in xs {
        let mut a = d.clone();
        a.assume(cx, x);
        r = r.join(&a);
    }
    r
}

/// `body` with each `assume` of a Boolean variable the body defined (and
/// whose definition's variables it has not assigned since) replaced by an
/// assume of its definition, and, where the condition reads integers the
/// body computed, followed by the same condition over what they were
/// computed from (`sub := y - x; c := sub > 9; assume c` assumes `sub > 9`
/// and `y - x > 9`: an octagon relates `y` and `x`, not `sub` with both);
/// each assume as early as its variables allow ([`hoist`]); the condition
/// of an integer `select` likewise over what its Booleans and integers
/// were computed from, and those integers computed again after it
/// (`rem := x & 1; v := rem == 0 ? 2 : 1` splits on `(x & 1) == 0`, and
/// each case then knows `rem`). The same executions for the model, and
/// conditions a domain can use, forwards ([`Domain::body`]) and backwards
/// (`preimage`). An integer definition is kept while it is small (at most
/// [`INLINE_MAX`] nodes).
pub fn inlined(body: &[Stmt]) -> Vec<Stmt> {
    let mut defs: HashMap<VarId, Expr> = HashMap::new();
    let mut ints: HashMap<VarId, Expr> = HashMap::new();
    let mut out = Vec::with_capacity(body.len());
    for s in body {
        match s {
            Stmt::Assume(e) => {
                let c = inline(e, &defs);
                let over = c.substitute(&|v, _| ints.get(&v).cloned());
                let extra = (over != c && size(&over) <= 2 * INLINE_MAX).then_some(over);
                for a in std::iter::once(c).chain(extra) {
                    hoist(&mut out, a);
                }
                continue;
            }
            Stmt::Assign(v, e) => {
                let d = inline(e, &defs);
                if let (Expr::Ite(c, x, y), Sort::Int { .. }) = (&d, d.sort()) {
                    // (a select on a comparison the body made: the
                    // comparison itself, over what its integers were
                    // computed from, which a domain can split on)
                    let over = c.substitute(&|u, _| ints.get(&u).cloned());
                    let small = size(&over) <= 2 * INLINE_MAX;
                    let cond = if small { over } else { (**c).clone() };
                    let d = Expr::Ite(Box::new(cond), x.clone(), y.clone());
                    out.push(if d == *e { s.clone() } else { Stmt::Assign(*v, d) });
                    // (and each integer the condition read, computed again
                    // from what it was computed from, which the select's
                    // case now constrains: the same value)
                    let mut read = Vec::new();
                    c.vars(&mut read);
                    read.sort_unstable();
                    read.dedup();
                    for u in read.into_iter().filter(|u| small && *u != *v) {
                        if let Some(def) = ints.get(&u).filter(|def| !mentions(def, *v)) {
                            out.push(Stmt::Assign(u, def.clone()));
                        }
                    }
                    forget_defs(&mut defs, &[*v]);
                    forget_defs(&mut ints, &[*v]);
                    continue;
                }
                forget_defs(&mut defs, &[*v]);
                forget_defs(&mut ints, &[*v]);
                if d.sort() == Sort::Bool && !mentions(&d, *v) {
                    defs.insert(*v, d);
                } else if matches!(d.sort(), Sort::Int { .. }) && !mentions(&d, *v) {
                    let d = d.substitute(&|u, _| ints.get(&u).cloned());
                    if size(&d) <= INLINE_MAX {
                        ints.insert(*v, d);
                    }
                }
            }
            Stmt::Havoc(v, ..) => {
                forget_defs(&mut defs, &[*v]);
                forget_defs(&mut ints, &[*v]);
            }
            Stmt::Parallel(xs) => {
                let vs: Vec<VarId> = xs.iter().map(|(v, _)| *v).collect();
                forget_defs(&mut defs, &vs);
                forget_defs(&mut ints, &vs);
            }
        }
        out.push(s.clone());
    }
    out
}

/// Appends `assume c` to `out` right after the last statement that assigns
/// a variable `c` reads (an assume commutes with assignments to other
/// variables: the same executions), so that the values computed after it
/// are computed from the states it kept (`c := i <u 99; j := i + 1; assume
/// c` bounds `j` too in a non-relational domain).
fn hoist(out: &mut Vec<Stmt>, c: Expr) {
    let mut reads = Vec::new();
    c.vars(&mut reads);
    let at = out.iter().rposition(|s| s.defs().iter().any(|d| reads.contains(d))).map_or(0, |i| i + 1);
    // (after the assumes already there, in their order)
    let at = at + out[at..].iter().take_while(|s| matches!(s, Stmt::Assume(_))).count();
    out.insert(at, Stmt::Assume(c));
}

/// The most nodes an integer definition [`inlined`] keeps may have.
pub const INLINE_MAX: usize = 32;

/// The nodes of `e`.
pub(crate) fn size(e: &Expr) -> usize {
    let mut n = 1;
    let _ = e.map_children(|c| {
        n += size(c);
        c.clone()
    });
    n
}

/// `e` with each Boolean variable of `defs` replaced by its definition.
fn inline(e: &Expr, defs: &HashMap<VarId, Expr>) -> Expr {
    if defs.is_empty() {
        return e.clone();
    }
    match e {
        Expr::Var(v, Sort::Bool) => defs.get(v).cloned().unwrap_or_else(|| e.clone()),
        _ => e.map_children(|c| inline(c, defs)),
    }
}

fn mentions(e: &Expr, v: VarId) -> bool {
    let mut vs = Vec::new();
    e.vars(&mut vs);
    vs.contains(&v)
}

/// Drops the definitions of and over the variables `vs` (just assigned).
fn forget_defs(defs: &mut HashMap<VarId, Expr>, vs: &[VarId]) {
    defs.retain(|b, d| !vs.contains(b) && !vs.iter().any(|v| mentions(d, *v)));
}
