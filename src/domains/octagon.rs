//! The octagon domain (Miné, "The octagon abstract domain", HOSC 2006; the
//! relational domain of DAGGER, papers/dagger-refining-abstract-interpretations.txt
//! §4; issue 47): conjunctions of `±x ± y ≤ c` over integers, as a
//! difference-bound matrix over the signed forms `V₂ₖ = +xₖ`, `V₂ₖ₊₁ = −xₖ`.
//!
//! - `m[i][j]` bounds `Vⱼ − Vᵢ` (`None`: no bound); the matrix is coherent
//!   (`m[i][j] = m[j̄][ī]`, `ī = i xor 1`), so `x ≤ c` is `m[2k+1][2k] = 2c`
//!   and `x − y ≤ c` is `m[2y][2x] = m[2x+1][2y+1] = c`.
//! - Elements are kept tightly closed (Bagnara, Hill, Zaffanella 2009: the
//!   shortest-path closure, unary bounds made even, then strengthened
//!   through them), which makes `leq`, `join` and the projection to
//!   intervals exact and an empty octagon a negative cycle; a widened element
//!   is not closed (closing it could undo the widening), and is closed when a
//!   transfer starts from it. After bounds at a few nodes are tightened in
//!   a closed element, the closure pivots on those nodes only (`O(n²)` each:
//!   every shorter path goes through one), as Miné's incremental closure.
//! - Transfers: an assignment or a comparison whose sides are exactly `±x +
//!   c` or `±x ± y + c` (no wrap-around: the sum's range within the type's,
//!   or `nsw` under `lia`, or `math`) is exact; any other statement falls
//!   back to the interval domain on the octagon's projection (its
//!   evaluation replays the lowering, `interval`), whose result is met back
//!   as unary bounds: sound, as the interval domain is (`soundness`).
//! - Values as the interval domain's: an `iN` variable holds its signed
//!   value, a Bool `0`/`1`; under `lia` a value within an edge may leave its
//!   type's range (an `nsw` result), and `in_range` bounds it before an edge.
//!
//! Invariant (as every domain's, `domains`): every concrete successor of a
//! state in the element is in the element's transfer.

use super::interval::{Intervals, Itv};
use super::linear::{affine, comparison, comparisons, range_of, value, Lin, Plan};
use super::{Ctx, Domain, Thresholds};
use crate::ir::{ArithOp, Expr, Rel, VarId};

/// A bound: `None` is none (`+∞`).
type Bound = Option<i128>;

/// An octagon over the variables it tracks (the others: any value), or
/// bottom.
#[derive(Clone, Debug)]
pub struct Octagons {
    bottom: bool,
    /// The tracked variables, sorted: variable `vars[k]` is `V₂ₖ`, `V₂ₖ₊₁`.
    vars: Vec<VarId>,
    /// `(2n)²` bounds, row-major: `m[i * 2n + j]` bounds `Vⱼ − Vᵢ`.
    m: Vec<Bound>,
    /// How far from tightly closed it is.
    closure: Closure,
}

/// How far an octagon is from tightly closed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Closure {
    Closed,
    /// Closed but for bounds tightened at these nodes (a closure pivots on
    /// them only: every shorter path goes through one).
    Pivots(Vec<usize>),
    /// Anything (a widening's result, a meet).
    Open,
}

impl PartialEq for Octagons {
    fn eq(&self, o: &Self) -> bool {
        self.leq(o) && o.leq(self)
    }
}

fn add(a: Bound, b: Bound) -> Bound {
    a?.checked_add(b?)
}

fn min(a: Bound, b: Bound) -> Bound {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) | (None, x) => x,
    }
}

fn max(a: Bound, b: Bound) -> Bound {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.max(y)),
        _ => None,
    }
}

/// `a ≤ b` for upper bounds.
fn below(a: Bound, b: Bound) -> bool {
    match (a, b) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(x), Some(y)) => x <= y,
    }
}

impl Octagons {
    fn n2(&self) -> usize {
        2 * self.vars.len()
    }
    fn at(&self, i: usize, j: usize) -> Bound {
        self.m[i * self.n2() + j]
    }
    fn put(&mut self, i: usize, j: usize, b: Bound) {
        let n2 = self.n2();
        self.m[i * n2 + j] = b;
    }
    /// Tightens `Vⱼ − Vᵢ ≤ c` and its coherent twin.
    fn tighten(&mut self, i: usize, j: usize, c: i128) {
        if below(self.at(i, j), Some(c)) {
            return;
        }
        for (a, b) in [(i, j), (j ^ 1, i ^ 1)] {
            self.put(a, b, Some(c));
        }
        self.pivot(&[i, j, i ^ 1, j ^ 1]);
    }

    /// Marks bounds at `nodes` changed since the last closure.
    fn pivot(&mut self, nodes: &[usize]) {
        match &mut self.closure {
            Closure::Closed => self.closure = Closure::Pivots(nodes.to_vec()),
            Closure::Pivots(ps) => ps.extend_from_slice(nodes),
            Closure::Open => {}
        }
    }

    fn index(&self, v: VarId) -> Option<usize> {
        self.vars.binary_search(&v).ok()
    }

    /// `v`'s index, tracking it (unconstrained) if it was not.
    fn track(&mut self, v: VarId) -> usize {
        match self.vars.binary_search(&v) {
            Ok(k) => k,
            Err(k) => {
                let old = self.n2();
                let mut vars = self.vars.clone();
                vars.insert(k, v);
                let n2 = 2 * vars.len();
                let mut m = vec![None; n2 * n2];
                // old index i maps to i, or i + 2 past the new variable's
                let map = |i: usize| if i >= 2 * k { i + 2 } else { i };
                for i in 0..old {
                    for j in 0..old {
                        m[map(i) * n2 + map(j)] = self.m[i * old + j];
                    }
                }
                for i in 0..n2 {
                    m[i * n2 + i] = Some(0);
                }
                self.vars = vars;
                self.m = m;
                if let Closure::Pivots(ps) = &mut self.closure {
                    for p in ps.iter_mut() {
                        *p = map(*p);
                    }
                }
                k
            }
        }
    }

    /// Drops the variables `drop` says (their rows and columns), closing
    /// first so that what they implied of the others stays.
    fn drop_vars(&mut self, drop: impl Fn(VarId) -> bool) {
        self.close();
        if self.bottom {
            return;
        }
        let keep: Vec<usize> = (0..self.vars.len()).filter(|k| !drop(self.vars[*k])).collect();
        if keep.len() == self.vars.len() {
            return;
        }
        let old = self.n2();
        let idx: Vec<usize> = keep.iter().flat_map(|k| [2 * k, 2 * k + 1]).collect();
        let n2 = idx.len();
        let mut m = vec![None; n2 * n2];
        for (a, i) in idx.iter().enumerate() {
            for (b, j) in idx.iter().enumerate() {
                m[a * n2 + b] = self.m[i * old + j];
            }
        }
        self.vars = keep.iter().map(|k| self.vars[*k]).collect();
        self.m = m;
    }

    /// The tight closure (module docs); bottom if the octagon is empty.
    /// The shortest paths pivot on every node, or, after bounds at a few
    /// nodes were tightened in a closed octagon, on those (`O(n²)` each).
    fn close(&mut self) {
        if self.bottom {
            return;
        }
        let n2 = self.n2();
        let pivots: Vec<usize> = match std::mem::replace(&mut self.closure, Closure::Open) {
            Closure::Closed => {
                self.closure = Closure::Closed;
                return;
            }
            Closure::Pivots(mut ps) => {
                ps.sort_unstable();
                ps.dedup();
                ps
            }
            Closure::Open => (0..n2).collect(),
        };
        for k in pivots {
            for i in 0..n2 {
                let ik = self.m[i * n2 + k];
                if ik.is_none() {
                    continue;
                }
                for j in 0..n2 {
                    let via = add(ik, self.m[k * n2 + j]);
                    if via.is_some() && !below(self.m[i * n2 + j], via) {
                        self.m[i * n2 + j] = via;
                    }
                }
            }
        }
        for i in 0..n2 {
            if self.m[i * n2 + i].is_some_and(|d| d < 0) {
                *self = Octagons::bottom();
                return;
            }
            // integers: a unary bound 2c is even
            if let Some(c) = self.m[i * n2 + (i ^ 1)] {
                self.m[i * n2 + (i ^ 1)] = Some(2 * c.div_euclid(2));
            }
        }
        for i in (0..n2).step_by(2) {
            if let (Some(a), Some(b)) = (self.m[i * n2 + i + 1], self.m[(i + 1) * n2 + i]) {
                if a.checked_add(b).is_some_and(|s| s < 0) {
                    *self = Octagons::bottom();
                    return;
                }
            }
        }
        // strengthening: Vⱼ − Vᵢ ≤ ((Vī − Vᵢ) + (Vⱼ − Vj̄)) / 2, through the unary bounds
        for i in 0..n2 {
            let Some(a) = self.m[i * n2 + (i ^ 1)] else { continue };
            for j in 0..n2 {
                let Some(b) = self.m[(j ^ 1) * n2 + j] else { continue };
                if let Some(s) = a.checked_add(b) {
                    let via = Some(s.div_euclid(2));
                    if !below(self.m[i * n2 + j], via) {
                        self.m[i * n2 + j] = via;
                    }
                }
            }
        }
        for i in 0..n2 {
            if self.m[i * n2 + i].is_some_and(|d| d < 0) {
                *self = Octagons::bottom();
                return;
            }
            self.m[i * n2 + i] = Some(0);
        }
        self.closure = Closure::Closed;
    }

    /// The element tightly closed: itself when it is (no copy: `leq`,
    /// `join` and the projections run on every fixpoint step), else a
    /// closed copy.
    fn closed(&self) -> std::borrow::Cow<'_, Octagons> {
        if self.closure == Closure::Closed || self.bottom {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut c = self.clone();
        c.close();
        std::borrow::Cow::Owned(c)
    }

    /// The interval of `v` (any value if it is not tracked).
    pub fn get(&self, v: VarId) -> Itv {
        if self.bottom {
            return Itv::EMPTY;
        }
        let c = self.closed();
        if c.bottom {
            return Itv::EMPTY;
        }
        match c.index(v) {
            None => Itv::TOP,
            Some(k) => c.interval(k),
        }
    }

    /// The interval of tracked variable `k` (closed).
    fn interval(&self, k: usize) -> Itv {
        let hi = self.at(2 * k + 1, 2 * k).map(|b| b.div_euclid(2));
        let lo = self.at(2 * k, 2 * k + 1).map(|b| -(b.div_euclid(2)));
        Itv { lo, hi }
    }

    /// The projection on intervals.
    pub fn intervals(&self) -> Intervals {
        let c = self.closed();
        if c.bottom {
            return Intervals::bottom();
        }
        let mut d = Intervals::top();
        for (k, v) in c.vars.iter().enumerate() {
            d.set(*v, c.interval(k));
        }
        d
    }

    /// Meets `v` with the interval `x`.
    fn meet_interval(&mut self, v: VarId, x: Itv) {
        if x.is_empty() {
            *self = Octagons::bottom();
            return;
        }
        if x.lo.is_none() && x.hi.is_none() {
            return;
        }
        let k = self.track(v);
        if let Some(h) = x.hi.and_then(|h| h.checked_mul(2)) {
            self.tighten(2 * k + 1, 2 * k, h);
        }
        if let Some(l) = x.lo.and_then(|l| l.checked_mul(-2)) {
            self.tighten(2 * k, 2 * k + 1, l);
        }
    }

    /// Meets with `±x ± y ≤ c` (or `±x ≤ c`): `terms` octagonal.
    fn constrain(&mut self, terms: &[(VarId, i128)], c: i128) {
        let node = |o: &mut Octagons, (v, a): (VarId, i128)| 2 * o.track(v) + usize::from(a < 0);
        match terms {
            [] if c < 0 => *self = Octagons::bottom(),
            [] => {}
            [t] => {
                let Some(c2) = c.checked_mul(2) else { return };
                let a = node(self, *t);
                self.tighten(a ^ 1, a, c2);
            }
            [t, u] => {
                // (tracking `u` may move `t`'s index: both first)
                self.track(t.0);
                self.track(u.0);
                let a = node(self, *t);
                let b = node(self, *u);
                // Vₐ + V_b ≤ c is Vₐ − V_b̄ ≤ c
                self.tighten(b ^ 1, a, c);
            }
            _ => {}
        }
    }

    /// Meets with `a pred b` where both sides are exact linear expressions
    /// (the comparison then reads their values); false if it could not.
    fn assume_linear(&mut self, cx: &Ctx, itv: &Intervals, signed: bool, rel: Rel, a: &Expr, b: &Expr) -> bool {
        let Some(forms) = comparison(cx, itv, signed, rel, a, b) else { return false };
        let mut any = false;
        for l in forms {
            let Some(ts) = l.octagonal() else { continue };
            // Σ ±x + l.c ≤ 0
            let Some(rhs) = l.c.checked_neg() else { continue };
            self.constrain(&ts, rhs);
            any = true;
        }
        any
    }

    /// Meets the octagon with the projection `d` (after a transfer the
    /// interval domain made on it): its bounds of the variables in `vars`.
    fn meet_projection(&mut self, d: &Intervals, vars: &[VarId]) {
        if d.is_bottom() {
            *self = Octagons::bottom();
            return;
        }
        for v in vars {
            self.meet_interval(*v, d.get(*v));
            if self.bottom {
                return;
            }
        }
        self.close();
    }

    /// The relational part of an `assume`: the comparisons of `e`'s
    /// conjunction that are octagonal.
    fn assume_relational(&mut self, cx: &Ctx, e: &Expr) {
        if self.bottom {
            return;
        }
        // (the intervals a comparison reads, of the state before it: only a
        // comparison computes them, not the conjunctions around it)
        comparisons(e, &mut |signed, rel, a, b| {
            let itv = self.intervals();
            self.assume_linear(cx, &itv, signed, rel, a, b);
        });
        self.close();
    }

    /// The binary constraints between tracked variables `k < l`, as
    /// `(sign of x, sign of y, c)`: `±x ± y ≤ c`, those their unary bounds do
    /// not imply.
    fn binary(&self, k: usize, l: usize) -> Vec<(i128, i128, i128)> {
        let (ik, il) = (self.interval(k), self.interval(l));
        let mut out = Vec::new();
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let a = 2 * k + usize::from(sx < 0);
            let b = 2 * l + usize::from(sy < 0);
            let Some(c) = self.at(b ^ 1, a) else { continue };
            // the bound the intervals give: max of sx·x + sy·y
            let hx = if sx > 0 { ik.hi } else { ik.lo.map(|x| -x) };
            let hy = if sy > 0 { il.hi } else { il.lo.map(|y| -y) };
            if add(hx, hy).is_none_or(|u| c < u) {
                out.push((sx, sy, c));
            }
        }
        out
    }
}

impl Domain for Octagons {
    const NAME: &'static str = "octagon";
    fn top() -> Self {
        Octagons { bottom: false, vars: Vec::new(), m: Vec::new(), closure: Closure::Closed }
    }
    fn bottom() -> Self {
        Octagons { bottom: true, vars: Vec::new(), m: Vec::new(), closure: Closure::Closed }
    }
    fn is_bottom(&self) -> bool {
        self.closed().bottom
    }
    fn leq(&self, o: &Self) -> bool {
        let a = self.closed();
        if a.bottom {
            return true;
        }
        if o.is_bottom() {
            return false;
        }
        // every bound of `o` holds in `a` (absent in `a`: none)
        for (i, vi) in o.vars.iter().enumerate() {
            for (j, vj) in o.vars.iter().enumerate() {
                for (si, sj) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let (oi, oj) = (2 * i + si, 2 * j + sj);
                    let Some(c) = o.at(oi, oj) else { continue };
                    let mine = match (a.index(*vi), a.index(*vj)) {
                        (Some(k), Some(l)) => a.at(2 * k + si, 2 * l + sj),
                        _ if oi == oj => Some(0),
                        _ => None,
                    };
                    if !below(mine, Some(c)) {
                        return false;
                    }
                }
            }
        }
        true
    }
    fn join(&self, o: &Self) -> Self {
        let (a, b) = (self.closed(), o.closed());
        if a.bottom {
            return b.into_owned();
        }
        if b.bottom {
            return a.into_owned();
        }
        pointwise(&a, &b, max, true)
    }
    fn meet(&self, o: &Self) -> Self {
        let mut r = self.meet_open(o);
        r.close();
        r
    }
    fn normalized(&self) -> Self {
        self.closed().into_owned()
    }
    fn widen_with(&self, next: &Self, t: &Thresholds) -> Self {
        let (a, b) = (self, next.closed());
        if a.bottom {
            return b.into_owned();
        }
        if b.bottom {
            return a.clone();
        }
        // a bound that grew goes to the next threshold, else to none: an
        // upper bound `2·hi` to twice the threshold above `hi`, a lower one
        // `−2·lo` to minus twice the one below `lo`; a relation to none
        let up = |x: Bound, y: Bound, kind: Entry| -> Bound {
            match (x, y, kind) {
                (Some(p), Some(q), _) if q <= p => Some(p),
                (Some(_), Some(q), Entry::Upper) => t.above(q.div_euclid(2)).and_then(|c| c.checked_mul(2)),
                (Some(_), Some(q), Entry::Lower) => t.below(-(q.div_euclid(2))).and_then(|c| c.checked_mul(-2)),
                // (thresholds are constants and type ranges: of values, not
                // of differences, where they leave `i - n <= 2^31`)
                (Some(_), Some(_), Entry::Binary) => None,
                _ => None,
            }
        };
        let mut r = pointwise_with(a, &b, up);
        r.closure = Closure::Open;
        r
    }
    fn narrow(&self, next: &Self) -> Self {
        if self.bottom || next.bottom {
            return next.clone();
        }
        // the bounds `self` lacks, from `next`
        let mut r = self.clone();
        for (i, vi) in next.vars.iter().enumerate() {
            for (j, vj) in next.vars.iter().enumerate() {
                let (Some(k), Some(l)) = (r.index(*vi), r.index(*vj)) else { continue };
                for (si, sj) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    if r.at(2 * k + si, 2 * l + sj).is_none() {
                        r.put(2 * k + si, 2 * l + sj, next.at(2 * i + si, 2 * j + sj));
                    }
                }
            }
        }
        r.closure = Closure::Open;
        r.close();
        r
    }
    fn assign_parallel(&mut self, cx: &Ctx, xs: &[(VarId, Expr)]) {
        self.close();
        if self.bottom {
            return;
        }
        let itv = self.intervals();
        let targets: Vec<VarId> = xs.iter().map(|(v, _)| *v).collect();
        // (each over the state before: its exact linear form, its interval)
        // (a target assigned twice gets the last value, as `ir::eval`'s)
        let last = |k: usize| !xs[k + 1..].iter().any(|(u, _)| *u == xs[k].0);
        let plans: Vec<Plan> = xs
            .iter()
            .enumerate()
            .filter(|(k, _)| last(*k))
            .map(|(_, (v, e))| {
                // (one that reads another target would read its new value)
                let lin = affine(cx, &itv, e).filter(|(l, _)| l.terms.keys().all(|u| u == v || !targets.contains(u)));
                (*v, lin, itv.eval(cx, e))
            })
            .collect();
        for (v, lin, x) in plans {
            // the value of `l + rest` but the term of `u`: an interval
            let but = |l: &Lin, rest: &Itv, u: Option<VarId>| {
                let others = Lin {
                    c: l.c,
                    terms: l.terms.iter().filter(|(w, _)| Some(**w) != u).map(|(w, a)| (*w, *a)).collect(),
                };
                range_of(&itv, &others).add(rest)
            };
            match lin {
                // v := v + (the rest): a shift by the rest's interval
                Some((l, r)) if l.terms.get(&v) == Some(&1) => {
                    let d = but(&l, &r, Some(v));
                    self.shift(v, d.lo, d.hi);
                }
                // v := Σ aᵤ·u + c + [lo, hi]: for each u with aᵤ = ±1, v − aᵤ·u
                // is within the interval of the rest
                Some((l, r)) if !l.terms.contains_key(&v) => {
                    self.forget(v);
                    for (u, a) in l.terms.iter().filter(|(_, a)| a.abs() == 1) {
                        let d = but(&l, &r, Some(*u));
                        if let Some(hi) = d.hi {
                            self.constrain(&[(v, 1), (*u, -a)], hi);
                        }
                        if let Some(lo) = d.lo.and_then(|lo| lo.checked_neg()) {
                            self.constrain(&[(v, -1), (*u, *a)], lo);
                        }
                    }
                }
                // what only the intervals say
                _ => self.forget(v),
            }
            self.meet_interval(v, x);
            self.close();
            if self.bottom {
                return;
            }
        }
    }
    fn assume(&mut self, cx: &Ctx, e: &Expr) {
        if self.bottom {
            return;
        }
        if let Expr::Or(xs) = e {
            *self = super::assume_any(self, cx, xs);
            return;
        }
        self.assume_relational(cx, e);
        if self.bottom {
            return;
        }
        // then the intervals, on what the relations gave them
        let mut d = self.intervals();
        d.assume(cx, e);
        let mut vars = Vec::new();
        e.vars(&mut vars);
        vars.sort_unstable();
        vars.dedup();
        self.meet_projection(&d, &vars);
    }
    fn forget(&mut self, v: VarId) {
        self.drop_vars(|u| u == v);
    }
    fn havoc(&mut self, cx: &Ctx, v: VarId) {
        self.forget(v);
        if self.bottom {
            return;
        }
        let mut d = Intervals::top();
        d.havoc(cx, v);
        self.meet_interval(v, d.get(v));
        self.close();
    }
    fn restrict(&mut self, keep: &[VarId]) {
        self.drop_vars(|u| !keep.contains(&u));
    }
    fn in_range(&mut self, cx: &Ctx, vars: &[VarId]) {
        if self.bottom {
            return;
        }
        let mut d = Intervals::top();
        d.in_range(cx, vars);
        self.meet_projection(&d, vars);
    }
    fn to_expr(&self, cx: &Ctx, vars: &[VarId]) -> Expr {
        let c = self.closed();
        if c.bottom {
            return Expr::Bool(false);
        }
        let mut cs = Vec::new();
        match c.intervals().to_expr(cx, vars) {
            Expr::Bool(true) => {}
            Expr::And(xs) => cs.extend(xs),
            x => cs.push(x),
        }
        let tracked: Vec<(usize, VarId)> =
            vars.iter().filter_map(|v| c.index(*v).map(|k| (k, *v))).filter(|(_, v)| value(cx, *v).is_some()).collect();
        for (a, (k, x)) in tracked.iter().enumerate() {
            for (l, y) in &tracked[a + 1..] {
                let (Some(vx), Some(vy)) = (value(cx, *x), value(cx, *y)) else { continue };
                for (sx, sy, bound) in c.binary(*k, *l) {
                    let term = |s: i128, t: &Expr| {
                        if s > 0 {
                            t.clone()
                        } else {
                            Expr::Arith { op: ArithOp::Neg, args: vec![t.clone()] }
                        }
                    };
                    let sum = Expr::Arith { op: ArithOp::Add, args: vec![term(sx, &vx), term(sy, &vy)] };
                    cs.push(Expr::Rel { rel: Rel::Le, a: Box::new(sum), b: Box::new(Expr::Num(bound)) });
                }
            }
        }
        match cs.len() {
            0 => Expr::Bool(true),
            1 => cs.pop().unwrap_or(Expr::Bool(true)),
            _ => Expr::And(cs),
        }
    }
}

impl Octagons {
    /// `v := v + d` for some `d` in `[lo, hi]` (`None`: unbounded) on a
    /// closed octagon: every upper bound on `+v` grows by `hi`, on `−v` by
    /// `−lo` (exact when `lo = hi`; not closed otherwise).
    fn shift(&mut self, v: VarId, lo: Bound, hi: Bound) {
        let Some(k) = self.index(v) else { return };
        let n2 = self.n2();
        let (p, q) = (2 * k, 2 * k + 1);
        let moved = |b: Bound, d: Bound| add(b, d);
        let (up, down) = (hi, lo.and_then(|l| l.checked_neg()));
        for i in 0..n2 {
            // Vₚ − Vᵢ (v − …) and Vᵢ − V_q (… + v) grow by hi; the others by −lo
            if i != p && i != q {
                self.m[i * n2 + p] = moved(self.m[i * n2 + p], up);
                self.m[q * n2 + i] = moved(self.m[q * n2 + i], up);
                self.m[p * n2 + i] = moved(self.m[p * n2 + i], down);
                self.m[i * n2 + q] = moved(self.m[i * n2 + q], down);
            }
        }
        // Vₚ − V_q = 2v
        self.m[q * n2 + p] = moved(self.m[q * n2 + p], up.and_then(|d| d.checked_mul(2)));
        self.m[p * n2 + q] = moved(self.m[p * n2 + q], down.and_then(|d| d.checked_mul(2)));
        if lo != hi {
            self.pivot(&[p, q]);
        }
    }
}

/// Which bound an entry of the matrix is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Entry {
    /// `2·hi` of a variable.
    Upper,
    /// `−2·lo` of a variable.
    Lower,
    /// `±x ± y` of two.
    Binary,
}

/// `f` of `a`'s and `b`'s bounds over the variables both track (the others
/// are dropped: unconstrained in one of them), told which bound it is.
fn pointwise_with(a: &Octagons, b: &Octagons, f: impl Fn(Bound, Bound, Entry) -> Bound) -> Octagons {
    let vars: Vec<VarId> = a.vars.iter().copied().filter(|v| b.index(*v).is_some()).collect();
    let n2 = 2 * vars.len();
    let mut m = vec![None; n2 * n2];
    for (k, v) in vars.iter().enumerate() {
        let (ka, kb) = (a.index(*v).unwrap_or(0), b.index(*v).unwrap_or(0));
        for (l, w) in vars.iter().enumerate() {
            let (la, lb) = (a.index(*w).unwrap_or(0), b.index(*w).unwrap_or(0));
            for (si, sj) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let (i, j) = (2 * k + si, 2 * l + sj);
                let x = a.at(2 * ka + si, 2 * la + sj);
                let y = b.at(2 * kb + si, 2 * lb + sj);
                let kind = match (k == l, si) {
                    (false, _) => Entry::Binary,
                    (true, 1) => Entry::Upper,
                    (true, _) => Entry::Lower,
                };
                m[i * n2 + j] = if i == j { Some(0) } else { f(x, y, kind) };
            }
        }
    }
    Octagons { bottom: false, vars, m, closure: Closure::Open }
}

/// [`pointwise_with`] of two closed octagons, closed again if `closed`.
fn pointwise(a: &Octagons, b: &Octagons, f: impl Fn(Bound, Bound) -> Bound, closed: bool) -> Octagons {
    let mut r = pointwise_with(a, b, |x, y, _| f(x, y));
    r.closure = if closed { Closure::Closed } else { Closure::Open };
    r
}

impl Octagons {
    /// The meet, not closed: each bound the lesser of the two. A widened
    /// element bounded this way (`interpolate::bounded_widen`) stays as
    /// widened, as Miné's widening must for the iteration to end: closing
    /// it would derive again, from the bounds it kept, the bounds it
    /// dropped (`y - x <= 11` and `x <= 12` give `y <= 23`, and the next
    /// iterate grows `x` again).
    pub fn meet_open(&self, o: &Self) -> Self {
        if self.bottom || o.bottom {
            return Octagons::bottom();
        }
        let mut r = self.clone();
        for v in &o.vars {
            r.track(*v);
        }
        for (i, vi) in o.vars.iter().enumerate() {
            for (j, vj) in o.vars.iter().enumerate() {
                let (k, l) = (r.track(*vi), r.track(*vj));
                for (si, sj) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    if let Some(c) = o.at(2 * i + si, 2 * j + sj) {
                        let now = r.at(2 * k + si, 2 * l + sj);
                        r.put(2 * k + si, 2 * l + sj, min(now, Some(c)));
                    }
                }
            }
        }
        r.closure = Closure::Open;
        r
    }

    /// `InterpolateOct` (papers/dagger-refining-abstract-interpretations.txt
    /// §4): for two octagons with `self ⊓ b = ⊥`, the constraints `e < l`
    /// (`e ≤ l − 1` over integers; `2x ≤ l − 2` for a unary `2x`, whose
    /// bounds are even) of each expression `e = ±x ± y` of the common
    /// variables whose lower bound `l` in `b` is above its upper bound in
    /// `self`: implied by `self`, disjoint from `b`, the weakest such bound
    /// of `e`. Quadratic in the variables. When the emptiness of the meet
    /// takes a chain of several constraints from each side (`x ≤ y`, `z ≤ w`
    /// against `y ≤ z`, `w < x`), no single expression separates, and the
    /// interpolant is `self` (closed) itself.
    pub fn interpolate(&self, b: &Octagons) -> Octagons {
        let (a, b) = (self.closed(), b.closed());
        if a.bottom || b.bottom {
            return Octagons::top();
        }
        let vars: Vec<VarId> = a.vars.iter().copied().filter(|v| b.index(*v).is_some()).collect();
        let n2 = 2 * vars.len();
        let mut i_ = Octagons { bottom: false, vars: vars.clone(), m: vec![None; n2 * n2], closure: Closure::Open };
        for i in 0..n2 {
            i_.put(i, i, Some(0));
        }
        let ia = |i: usize| 2 * a.index(vars[i / 2]).unwrap_or(0) + i % 2;
        let ib = |i: usize| 2 * b.index(vars[i / 2]).unwrap_or(0) + i % 2;
        for i in 0..n2 {
            for j in 0..n2 {
                if i == j {
                    continue;
                }
                // Vⱼ − Vᵢ ≤ u in `a`, ≥ −d in `b`
                let (Some(u), Some(d)) = (a.at(ia(i), ia(j)), b.at(ib(j), ib(i))) else { continue };
                let Some(l) = d.checked_neg() else { continue };
                if u < l {
                    let step = if j == i ^ 1 { 2 } else { 1 };
                    i_.put(i, j, min(i_.at(i, j), Some(l - step)));
                }
            }
        }
        i_.close();
        if i_.meet(&b).is_bottom() {
            i_
        } else {
            a.into_owned()
        }
    }
}

#[cfg(test)]
impl Octagons {
    /// The octagon of `itv`'s bounds and the constraints `a·x + b·y ≤ c`
    /// (`a`, `b` ±1) of `cons` (for the soundness tests).
    pub(super) fn of(itv: &Intervals, vars: &[VarId], cons: &[(VarId, i128, VarId, i128, i128)]) -> Octagons {
        let mut o = Octagons::top();
        o.meet_projection(itv, vars);
        for (x, a, y, b, c) in cons {
            if x == y {
                continue;
            }
            o.constrain(&[(*x, *a), (*y, *b)], *c);
        }
        o.close();
        o
    }

    /// Whether the values `val` gives (of every tracked variable) satisfy
    /// every bound.
    pub(super) fn contains(&self, val: &dyn Fn(VarId) -> i128) -> bool {
        if self.is_bottom() {
            return false;
        }
        let n2 = self.n2();
        let signed = |i: usize| if i.is_multiple_of(2) { val(self.vars[i / 2]) } else { -val(self.vars[i / 2]) };
        (0..n2).all(|i| (0..n2).all(|j| self.at(i, j).is_none_or(|c| signed(j) - signed(i) <= c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{add as plus, cmp, lit, v};
    use crate::ir::{BinOp, CmpPred, IntSemantics, Sort};

    fn int(_: VarId) -> Sort {
        Sort::Int { bits: 32 }
    }

    fn cx(sort: &dyn Fn(VarId) -> Sort) -> Ctx<'_> {
        Ctx { sem: IntSemantics::Lia, sort }
    }

    /// `i = 0; j = 10; while (i < j) { i++; j--; }`: the loop keeps `i + j =
    /// 10` (no interval says it), and at the exit `i ≥ j` with it gives `i ≥
    /// 5`, `j ≤ 5`.
    #[test]
    fn a_relation_survives_the_loop_the_intervals_lose() {
        let c = cx(&int);
        let (i, j) = (VarId(0), VarId(1));
        let mut head = Octagons::top();
        head.assign(&c, i, &lit(0));
        head.assign(&c, j, &lit(10));
        let step = |d: &Octagons| {
            let mut b = d.clone();
            // (as the fixpoint does before an edge)
            b.in_range(&c, &[i, j]);
            b.assume(&c, &cmp(CmpPred::Slt, v(0), v(1)));
            b.assign(&c, i, &plus(v(0), lit(1)));
            b.assign(
                &c,
                j,
                &Expr::Bin { op: BinOp::Sub, bits: 32, nsw: true, nuw: false, a: Box::new(v(1)), b: Box::new(lit(1)) },
            );
            b
        };
        let t = Thresholds::default();
        let mut x = head.clone();
        for _ in 0..5 {
            let next = head.join(&step(&x));
            if next.leq(&x) {
                break;
            }
            x = x.widen_with(&next, &t);
        }
        assert!(step(&x).leq(&x), "a post-fixpoint: {x:?}");
        let mut exit = x.clone();
        exit.in_range(&c, &[i, j]);
        exit.assume(&c, &cmp(CmpPred::Sge, v(0), v(1)));
        assert_eq!(exit.get(i).lo, Some(5), "{exit:?}");
        assert_eq!(exit.get(j).hi, Some(5), "{exit:?}");
        // and the label says i + j = 10
        let e = x.to_expr(&c, &[i, j]);
        assert!(format!("{e:?}").contains("Add"), "{e:?}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(3000))]

        /// The closure that pivots on the nodes whose bounds changed gives
        /// what the full one gives, constraint after constraint.
        #[test]
        fn incremental_closure_is_the_closure(
            cons in proptest::collection::vec((0..4u32, proptest::bool::ANY, 0..4u32, proptest::bool::ANY, -30i128..30), 1..8)
        ) {
            let mut inc = Octagons::top();
            let mut full = Octagons::top();
            for (x, sx, y, sy, c) in cons {
                let terms: Vec<(VarId, i128)> = if x == y {
                    vec![(VarId(x), if sx { 1 } else { -1 })]
                } else {
                    vec![(VarId(x), if sx { 1 } else { -1 }), (VarId(y), if sy { 1 } else { -1 })]
                };
                inc.constrain(&terms, c);
                inc.close();
                full.constrain(&terms, c);
                full.closure = Closure::Open;
                full.close();
                proptest::prop_assert_eq!(inc.bottom, full.bottom);
                if full.bottom {
                    break;
                }
                proptest::prop_assert_eq!(&inc.vars, &full.vars);
                proptest::prop_assert_eq!(&inc.m, &full.m);
            }
        }
    }

    #[test]
    fn closure_finds_emptiness_and_tightens_integers() {
        let c = cx(&int);
        let mut d = Octagons::top();
        d.in_range(&c, &[VarId(0), VarId(1)]);
        // x − y ≤ 0, y − x ≤ −1: empty
        d.assume(&c, &cmp(CmpPred::Sle, v(0), v(1)));
        d.assume(&c, &cmp(CmpPred::Slt, v(1), v(0)));
        assert!(d.is_bottom());
        // x + y ≤ 1, x − y ≤ 0 over integers: 2x ≤ 1, so x ≤ 0
        let mut d = Octagons::top();
        d.in_range(&c, &[VarId(0), VarId(1)]);
        let sum = plus(v(0), v(1));
        d.assume(&c, &cmp(CmpPred::Sle, sum, lit(1)));
        d.assume(&c, &cmp(CmpPred::Sle, v(0), v(1)));
        assert_eq!(d.get(VarId(0)).hi, Some(0), "{d:?}");
    }
}
