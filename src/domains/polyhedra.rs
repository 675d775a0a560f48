//! The convex polyhedra domain (Cousot and Halbwachs, POPL 1978; the
//! relational domain DAGGER runs its STING and miscellaneous programs on,
//! papers/dagger-refining-abstract-interpretations.txt §4; issue 47):
//! conjunctions of linear constraints `Σ aᵢ·xᵢ ≤ c` over the integer
//! values of the program's variables, in constraint form only.
//!
//! - Constraints have integer coefficients divided by their gcd, with the
//!   bound rounded down (the variables are integers: `2x ≤ 3` is `x ≤ 1`).
//!   An element is kept minimal: no constraint the others entail, decided
//!   by exact linear programming over the rationals (`simplex`), and an
//!   empty element is bottom. `leq` is entailment on integer points: `t ≤
//!   c` holds where `⌊max t⌋ ≤ c` (never used to drop a constraint: the
//!   dropped one may be what entails the next). Emptiness is rational emptiness: an element
//!   with rational but no integer points is not bottom (an
//!   over-approximation).
//! - Projection (`forget`, non-invertible assignment) is Fourier–Motzkin
//!   elimination, by substitution where an equality holds the variable.
//!   The join is the closed convex hull, by projecting the lifted system of
//!   Benoy, King and Mesnard ("Computing convex hulls with a linear solver",
//!   TPLP 2005): `x = y + z`, `A₁y ≤ λb₁`, `A₂z ≤ (1−λ)b₂`, `0 ≤ λ ≤ 1`,
//!   eliminating `y` and `λ` with Chernikov's rule (a row built from more
//!   than `k + 1` rows after `k` eliminations is redundant).
//! - Widening is the standard one (Halbwachs 1979): the constraints of the
//!   first argument the second entails, and those of the second that can
//!   replace one of the first's without changing it; the first's implied
//!   bound of each variable counts as one of its constraints (else a bound
//!   implied by a relation the widening drops goes with it, which the
//!   interval domain would keep), and a unary constraint dropped stops at
//!   the next threshold instead (as the interval domain's). The bounded widening `A ∇_T B` is `interpolate`'s, generic.
//! - Transfers: an assignment or a comparison whose sides are exact linear
//!   expressions (`linear`: no wrap-around possible in the state) is exact;
//!   any other falls back to the interval domain on the element's
//!   projection, met back as bounds (as the octagon's).
//! - Caps (over-approximations, never an unsound result): at most
//!   [`MAX_CONSTRAINTS`] constraints per element (past it, those with the
//!   most variables go); a hull over more than [`MAX_HULL_VARS`] variables
//!   or [`MAX_HULL_ROWS`] rows is the weak join (each side's constraints
//!   relaxed to hold on the other); a combination whose coefficients leave
//!   `i128` is dropped.
//! - Interpolants (§4), each a constraint on its own (`interpolants`): the
//!   paper's `InterpolatePoly1` (the negations of `B`'s constraints that
//!   `A` entails) with the tightest bounds of `A` on the octagonal forms of
//!   the variables both mention that miss `B` (Fig. 1's `y ≥ x`; pairs
//!   over at most [`MAX_PAIR_VARS`] variables, past it bounds alone); else a
//!   Farkas interpolant (the sum of `A`'s rows by the multipliers that
//!   refute `A ∧ B`, `simplex::farkas`); else `InterpolatePoly2`, `A`
//!   projected on `B`'s variables.
//!
//! Invariant (as every domain's, `domains`): every concrete successor of a
//! state in the element is in the element's transfer.

use super::interval::{Intervals, Itv};
use super::linear::{affine, comparison, comparisons, value, Plan};
use super::simplex::{maximize, Lp};
use super::{Ctx, Domain, Thresholds};
use crate::ir::{ArithOp, Expr, Rel, VarId};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::collections::BTreeSet;

/// Constraints an element keeps at most.
pub const MAX_CONSTRAINTS: usize = 32;
/// Variables a convex hull is computed over at most.
pub const MAX_HULL_VARS: usize = 12;
/// Rows the hull's elimination may hold at most.
pub const MAX_HULL_ROWS: usize = 400;
/// Common variables over which interpolants try the pair forms `±x ± y`
/// at most (past it, the bounds `±x` alone).
pub const MAX_PAIR_VARS: usize = 8;

/// `Σ terms ≤ c`, terms sorted by variable, none zero.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Con {
    terms: Vec<(VarId, i128)>,
    c: i128,
}

/// The variables of the elimination and the hull: above every program
/// variable, below the temporaries of `preimage` (which count down from
/// `u32::MAX`).
const INTERNAL: u32 = 0x6000_0000;

/// A polyhedron, or bottom.
#[derive(Clone, Debug)]
pub struct Polyhedra {
    bottom: bool,
    cons: Vec<Con>,
}

impl PartialEq for Polyhedra {
    fn eq(&self, o: &Self) -> bool {
        self.leq(o) && o.leq(self)
    }
}

/// What normalizing a constraint gives.
enum Norm {
    True,
    False,
    Con(Con),
}

/// `Σ terms ≤ c` over integers, divided by the terms' gcd, `c` rounded down.
fn tight(mut terms: Vec<(VarId, i128)>, c: i128) -> Norm {
    terms.retain(|(_, a)| *a != 0);
    terms.sort_unstable();
    if terms.is_empty() {
        return if c >= 0 { Norm::True } else { Norm::False };
    }
    let g = terms.iter().fold(0i128, |g, (_, a)| g.gcd(a));
    if g > 1 {
        for (_, a) in terms.iter_mut() {
            *a /= g;
        }
    }
    Norm::Con(Con { terms, c: Integer::div_floor(&c, &g.max(1)) })
}

/// `k·a + l·b` of two term lists (`None` on overflow).
fn combine(a: &[(VarId, i128)], k: i128, b: &[(VarId, i128)], l: i128) -> Option<Vec<(VarId, i128)>> {
    let mut out: Vec<(VarId, i128)> = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let next = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x.0 == y.0 => {
                i += 1;
                j += 1;
                (x.0, x.1.checked_mul(k)?.checked_add(y.1.checked_mul(l)?)?)
            }
            (Some(x), Some(y)) if x.0 < y.0 => {
                i += 1;
                (x.0, x.1.checked_mul(k)?)
            }
            (Some(x), None) => {
                i += 1;
                (x.0, x.1.checked_mul(k)?)
            }
            (_, Some(y)) => {
                j += 1;
                (y.0, y.1.checked_mul(l)?)
            }
            (None, None) => break,
        };
        if next.1 != 0 {
            out.push(next);
        }
    }
    Some(out)
}

fn coef(terms: &[(VarId, i128)], v: VarId) -> i128 {
    terms.binary_search_by_key(&v, |(u, _)| *u).map(|i| terms[i].1).unwrap_or(0)
}

/// The row that eliminates `v` from `p` (coefficient `a > 0`) and `n`
/// (coefficient `b < 0`): `|b|·p + a·n`.
fn eliminated(p: &Con, n: &Con, v: VarId) -> Option<(Vec<(VarId, i128)>, i128)> {
    let (a, b) = (coef(&p.terms, v), -coef(&n.terms, v));
    let terms = combine(&p.terms, b, &n.terms, a)?;
    let c = p.c.checked_mul(b)?.checked_add(n.c.checked_mul(a)?)?;
    Some((terms, c))
}

/// The constraints `cons` and the objective `obj` as dense rows over the
/// variables either mentions (the simplex's input).
fn dense<'a>(
    cons: impl Iterator<Item = &'a Con> + Clone,
    obj: &[(VarId, i128)],
) -> (Vec<(Vec<i128>, i128)>, Vec<i128>) {
    let mut vars: BTreeSet<VarId> = obj.iter().map(|(v, _)| *v).collect();
    for c in cons.clone() {
        vars.extend(c.terms.iter().map(|(v, _)| *v));
    }
    let index: Vec<VarId> = vars.into_iter().collect();
    let row = |terms: &[(VarId, i128)]| {
        let mut r = vec![0i128; index.len()];
        for (v, a) in terms {
            if let Ok(i) = index.binary_search(v) {
                r[i] = *a;
            }
        }
        r
    };
    (cons.map(|c| (row(&c.terms), c.c)).collect(), row(obj))
}

/// The maximum of `obj` over the constraints `cons`.
fn max_of<'a>(cons: impl Iterator<Item = &'a Con> + Clone, obj: &[(VarId, i128)]) -> Lp {
    let (rows, obj) = dense(cons, obj);
    maximize(&rows, &obj)
}

/// The constraints `cons` entail `c` on integer points: the rational
/// maximum of `c`'s left-hand side, an integer on them, rounded down, is
/// within its bound.
fn entails<'a>(cons: impl Iterator<Item = &'a Con> + Clone, c: &Con) -> bool {
    match max_of(cons, &c.terms) {
        Lp::Infeasible => true,
        Lp::Unbounded => false,
        Lp::Max(m) => m.floor() <= BigRational::from_integer(c.c.into()),
    }
}

/// The constraints `cons` entail `c` over the rationals (so that dropping
/// `c` keeps the same rational polyhedron: integer entailment is not, as a
/// constraint it drops may be what entails the next).
fn redundant<'a>(cons: impl Iterator<Item = &'a Con> + Clone, c: &Con) -> bool {
    match max_of(cons, &c.terms) {
        Lp::Infeasible => true,
        Lp::Unbounded => false,
        Lp::Max(m) => m <= BigRational::from_integer(c.c.into()),
    }
}

/// The linear interpolant of two constraint sets with no rational point
/// together (McMillan, "An interpolating theorem prover", TCS 2005, §3 for
/// linear arithmetic): with Farkas multipliers `y ≥ 0` that sum the rows of
/// both to `0 ≤ −k` (`simplex::farkas`), the sum of `a`'s rows by theirs,
/// scaled to integers. `a` entails it; with `b` it sums to the
/// contradiction, so it misses `b`; its variables are those both mention
/// (the others cancel in `a`'s part, since `b` has none of them). `None` if
/// there is no certificate or a coefficient leaves `i128`.
fn farkas_interpolant(a: &[Con], b: &[Con]) -> Option<Con> {
    let (rows, _) = dense(a.iter().chain(b), &[]);
    let y = super::simplex::farkas(&rows)?;
    let ya = &y[..a.len()];
    let lcm = ya.iter().fold(num_bigint::BigInt::from(1), |l, k| l.lcm(k.denom()));
    let mut terms: Vec<(VarId, i128)> = Vec::new();
    let mut c = 0i128;
    for (con, k) in a.iter().zip(ya) {
        let m = (k * BigRational::from_integer(lcm.clone())).to_integer().to_i128()?;
        if m == 0 {
            continue;
        }
        terms = combine(&terms, 1, &con.terms, m)?;
        c = c.checked_add(con.c.checked_mul(m)?)?;
    }
    match tight(terms, c) {
        Norm::Con(k) => Some(k),
        Norm::True | Norm::False => None,
    }
}

/// Whether `k` alone has no rational point with the constraints `cons`.
fn misses(cons: &[Con], k: &Con) -> bool {
    let neg: Vec<(VarId, i128)> = k.terms.iter().map(|(v, a)| (*v, -a)).collect();
    // min over `cons` of k's terms above its bound: max of the negation
    // below the negated bound
    match max_of(cons.iter(), &neg) {
        Lp::Infeasible => true,
        Lp::Unbounded => false,
        Lp::Max(m) => m < BigRational::from_integer((-k.c).into()),
    }
}

/// The octagonal forms `±x`, and `±x ± y` if `pairs`, over `vars` (sorted
/// terms).
fn octagonal_forms(vars: &[VarId], pairs: bool) -> Vec<Vec<(VarId, i128)>> {
    let mut out = Vec::new();
    for (i, x) in vars.iter().enumerate() {
        out.push(vec![(*x, 1)]);
        out.push(vec![(*x, -1)]);
        if !pairs {
            continue;
        }
        for y in &vars[i + 1..] {
            for (a, b) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                out.push(vec![(*x, a), (*y, b)]);
            }
        }
    }
    out
}

/// `⌊m⌋` if it fits.
fn floor(m: &BigRational) -> Option<i128> {
    m.floor().to_integer().to_i128()
}

impl Polyhedra {
    /// The polyhedron of `cons`, minimal.
    fn of(cons: Vec<Con>) -> Polyhedra {
        let mut p = Polyhedra { bottom: false, cons };
        p.simplify();
        p
    }

    /// Adds `Σ terms ≤ c` (not minimal until [`Polyhedra::simplify`]).
    fn add(&mut self, terms: Vec<(VarId, i128)>, c: i128) {
        match tight(terms, c) {
            Norm::True => {}
            Norm::False => *self = Polyhedra::bottom(),
            Norm::Con(k) if !self.bottom => self.cons.push(k),
            Norm::Con(_) => {}
        }
    }

    /// Makes the element minimal (module docs), bottom if it is empty, and
    /// within the cap.
    fn simplify(&mut self) {
        if self.bottom {
            self.cons.clear();
            return;
        }
        // the least bound of each left-hand side
        self.cons.sort_unstable();
        self.cons.dedup_by(|b, a| a.terms == b.terms);
        // opposite sides: `t ≤ c` and `−t ≤ d` with `c + d < 0`
        let crossed = self.cons.iter().any(|k| {
            let neg: Vec<(VarId, i128)> = k.terms.iter().map(|(v, a)| (*v, -a)).collect();
            let i = self.cons.binary_search_by(|x| x.terms.cmp(&neg));
            i.is_ok_and(|i| k.c.checked_add(self.cons[i].c).is_some_and(|s| s < 0))
        });
        if crossed || max_of(self.cons.iter(), &[]) == Lp::Infeasible {
            *self = Polyhedra::bottom();
            return;
        }
        // drop each constraint the others entail; one with a variable no
        // other bounds on its side is not entailed (from a point of the
        // others, that variable moves its side up without bound), and
        // needs no linear program
        let mut keep = vec![true; self.cons.len()];
        for i in 0..self.cons.len() {
            keep[i] = false;
            let others = self.cons.iter().zip(&keep).filter(|(_, k)| **k).map(|(c, _)| c);
            let alone = self.cons[i]
                .terms
                .iter()
                .any(|(v, a)| !others.clone().any(|o| o.terms.iter().any(|(u, b)| u == v && b.signum() == a.signum())));
            keep[i] = alone || !redundant(others, &self.cons[i]);
        }
        let mut it = keep.iter();
        self.cons.retain(|_| *it.next().unwrap_or(&true));
        if self.cons.len() > MAX_CONSTRAINTS {
            self.cons.sort_by_key(|c| (c.terms.len(), c.terms.iter().map(|(_, a)| a.unsigned_abs()).max()));
            self.cons.truncate(MAX_CONSTRAINTS);
            self.cons.sort_unstable();
        }
    }

    /// The variables the element constrains.
    fn vars(&self) -> BTreeSet<VarId> {
        self.cons.iter().flat_map(|c| c.terms.iter().map(|(v, _)| *v)).collect()
    }

    /// The interval of `terms`' value.
    fn range(&self, terms: &[(VarId, i128)]) -> Itv {
        if self.bottom {
            return Itv::EMPTY;
        }
        let neg: Vec<(VarId, i128)> = terms.iter().map(|(v, a)| (*v, -a)).collect();
        let bound = |t: &[(VarId, i128)]| match max_of(self.cons.iter(), t) {
            Lp::Max(m) => floor(&m),
            _ => None,
        };
        Itv { lo: bound(&neg).and_then(|x| x.checked_neg()), hi: bound(terms) }
    }

    /// The interval of `v`.
    pub fn get(&self, v: VarId) -> Itv {
        self.range(&[(v, 1)])
    }

    /// The projection on intervals of `vars`.
    fn intervals(&self, vars: &[VarId]) -> Intervals {
        if self.bottom {
            return Intervals::bottom();
        }
        let mut d = Intervals::top();
        for v in vars {
            let x = self.get(*v);
            if x.is_empty() {
                return Intervals::bottom();
            }
            d.set(*v, x);
        }
        d
    }

    /// Meets `v` with `x` (not minimal).
    fn meet_interval(&mut self, v: VarId, x: Itv) {
        if x.is_empty() {
            *self = Polyhedra::bottom();
            return;
        }
        if let Some(h) = x.hi {
            self.add(vec![(v, 1)], h);
        }
        if let Some(l) = x.lo.and_then(|l| l.checked_neg()) {
            self.add(vec![(v, -1)], l);
        }
    }

    /// Projects `v` out (not minimal): by substitution where two
    /// constraints make an equality of it, else Fourier–Motzkin.
    fn eliminate(&mut self, v: VarId) {
        if self.bottom {
            return;
        }
        let (with, mut out): (Vec<Con>, Vec<Con>) = self.cons.drain(..).partition(|c| coef(&c.terms, v) != 0);
        let opposite = |a: &Con, b: &Con| {
            a.c.checked_neg() == Some(b.c) && a.terms.iter().zip(&b.terms).all(|(x, y)| x.0 == y.0 && x.1 == -y.1)
        };
        let equality = with.iter().enumerate().find_map(|(i, a)| {
            with.iter().enumerate().find(|(_, b)| b.terms.len() == a.terms.len() && opposite(a, b)).map(|(j, _)| (i, j))
        });
        let mut rows = Vec::new();
        match equality {
            Some((i, j)) => {
                // the side of the equality with v's coefficient opposite each row's
                let (p, n) = if coef(&with[i].terms, v) > 0 { (i, j) } else { (j, i) };
                for (k, r) in with.iter().enumerate() {
                    if k == i || k == j {
                        continue;
                    }
                    let row =
                        if coef(&r.terms, v) > 0 { eliminated(r, &with[n], v) } else { eliminated(&with[p], r, v) };
                    rows.extend(row);
                }
            }
            None => {
                let (pos, neg): (Vec<&Con>, Vec<&Con>) = with.iter().partition(|c| coef(&c.terms, v) > 0);
                for p in &pos {
                    for n in &neg {
                        rows.extend(eliminated(p, n, v));
                    }
                }
            }
        }
        for (terms, c) in rows {
            match tight(terms, c) {
                Norm::True => {}
                Norm::False => {
                    *self = Polyhedra::bottom();
                    return;
                }
                Norm::Con(k) => out.push(k),
            }
        }
        self.cons = out;
    }

    /// Renames `from` to `to` (which the element does not mention).
    fn rename(&mut self, from: VarId, to: VarId) {
        for c in self.cons.iter_mut() {
            for t in c.terms.iter_mut() {
                if t.0 == from {
                    t.0 = to;
                }
            }
            c.terms.sort_unstable();
        }
    }

    /// The weak join: each side's constraints, relaxed to hold on the other.
    fn weak_join(&self, o: &Polyhedra) -> Polyhedra {
        let mut r = Polyhedra::top();
        for (a, b) in [(self, o), (o, self)] {
            for c in &a.cons {
                if let Lp::Max(m) = max_of(b.cons.iter(), &c.terms) {
                    if let Some(m) = floor(&m) {
                        r.add(c.terms.clone(), c.c.max(m));
                    }
                }
            }
        }
        r.simplify();
        r
    }

    /// The closed convex hull (module docs), `None` past the caps.
    fn hull(&self, o: &Polyhedra) -> Option<Polyhedra> {
        let vars: Vec<VarId> = self.vars().union(&o.vars()).copied().collect();
        if vars.len() > MAX_HULL_VARS || self.cons.len() + o.cons.len() + 2 > 128 {
            return None;
        }
        // y (the first side's share of x) and λ, internal variables
        let y = |v: VarId| VarId(INTERNAL + 1 + vars.binary_search(&v).unwrap_or(0) as u32);
        let lambda = VarId(INTERNAL);
        let mut rows: Vec<Row> = Vec::new();
        let mut push = |terms: Vec<(VarId, i128)>, c: i128| {
            let from = 1u128 << rows.len();
            let mut terms = terms;
            terms.sort_unstable();
            rows.push(Row { terms, c, from });
        };
        for k in &self.cons {
            // A₁y − λb₁ ≤ 0
            let mut t: Vec<(VarId, i128)> = k.terms.iter().map(|(v, a)| (y(*v), *a)).collect();
            t.push((lambda, k.c.checked_neg()?));
            push(t, 0);
        }
        for k in &o.cons {
            // A₂(x − y) + λb₂ ≤ b₂
            let mut t: Vec<(VarId, i128)> = k.terms.clone();
            t.extend(k.terms.iter().map(|(v, a)| (y(*v), -a)));
            t.push((lambda, k.c));
            push(t, k.c);
        }
        push(vec![(lambda, -1)], 0);
        push(vec![(lambda, 1)], 1);
        let mut left: Vec<VarId> = vars.iter().map(|v| y(*v)).chain([lambda]).collect();
        for step in 1..=left.len() {
            // the variable with the fewest new rows
            let cost = |v: VarId| {
                let p = rows.iter().filter(|r| coef(&r.terms, v) > 0).count();
                let n = rows.iter().filter(|r| coef(&r.terms, v) < 0).count();
                p * n
            };
            let (i, _) = left.iter().enumerate().min_by_key(|(_, v)| cost(**v))?;
            let v = left.swap_remove(i);
            let mut next: Vec<Row> = Vec::new();
            let (with, without): (Vec<Row>, Vec<Row>) = rows.into_iter().partition(|r| coef(&r.terms, v) != 0);
            next.extend(without);
            for p in with.iter().filter(|r| coef(&r.terms, v) > 0) {
                for n in with.iter().filter(|r| coef(&r.terms, v) < 0) {
                    let from = p.from | n.from;
                    // Chernikov: built from more than step + 1 rows, redundant
                    if from.count_ones() as usize > step + 1 {
                        continue;
                    }
                    let (a, b) = (coef(&p.terms, v), -coef(&n.terms, v));
                    let Some(terms) = combine(&p.terms, b, &n.terms, a) else { continue };
                    let Some(c) = p.c.checked_mul(b).and_then(|x| x.checked_add(n.c.checked_mul(a)?)) else {
                        continue;
                    };
                    if terms.is_empty() {
                        continue;
                    }
                    let (terms, c) = scaled(terms, c);
                    next.push(Row { terms, c, from });
                }
            }
            next.sort_unstable_by(|a, b| {
                (&a.terms, a.c, a.from.count_ones()).cmp(&(&b.terms, b.c, b.from.count_ones()))
            });
            next.dedup_by(|b, a| a.terms == b.terms && a.c == b.c);
            if next.len() > MAX_HULL_ROWS {
                return None;
            }
            rows = next;
        }
        let mut r = Polyhedra::top();
        for row in rows {
            r.add(row.terms, row.c);
        }
        r.simplify();
        Some(r)
    }
}

/// A row of the hull's elimination, with the rows it was built from.
#[derive(Clone, Debug)]
struct Row {
    terms: Vec<(VarId, i128)>,
    c: i128,
    from: u128,
}

/// `Σ terms ≤ c` divided by the gcd of all its numbers (exact: the hull's
/// internal variables are rational).
fn scaled(mut terms: Vec<(VarId, i128)>, mut c: i128) -> (Vec<(VarId, i128)>, i128) {
    let g = terms.iter().fold(c.abs(), |g, (_, a)| g.gcd(a));
    if g > 1 {
        for (_, a) in terms.iter_mut() {
            *a /= g;
        }
        c /= g;
    }
    (terms, c)
}

impl Domain for Polyhedra {
    const NAME: &'static str = "polyhedra";
    const JOIN_CASES: bool = true;
    fn top() -> Self {
        Polyhedra { bottom: false, cons: Vec::new() }
    }
    fn bottom() -> Self {
        Polyhedra { bottom: true, cons: Vec::new() }
    }
    fn is_bottom(&self) -> bool {
        self.bottom
    }
    fn leq(&self, o: &Self) -> bool {
        if self.bottom {
            return true;
        }
        if o.bottom {
            return false;
        }
        o.cons.iter().all(|c| entails(self.cons.iter(), c))
    }
    fn join(&self, o: &Self) -> Self {
        if self.bottom {
            return o.clone();
        }
        if o.bottom || o.leq(self) {
            return self.clone();
        }
        if self.leq(o) {
            return o.clone();
        }
        self.hull(o).unwrap_or_else(|| self.weak_join(o))
    }
    fn meet(&self, o: &Self) -> Self {
        if self.bottom || o.bottom {
            return Polyhedra::bottom();
        }
        Polyhedra::of(self.cons.iter().chain(&o.cons).cloned().collect())
    }
    fn widen_with(&self, next: &Self, t: &Thresholds) -> Self {
        if self.bottom {
            return next.clone();
        }
        if next.bottom {
            return self.clone();
        }
        // (with the bounds of each variable `self` implies: a bound only a
        // relation implied, `i ≥ 0` of `2s ≤ i, s ≥ 0`, would go with it)
        let mut own = self.cons.clone();
        for v in self.vars() {
            let x = self.get(v);
            for (a, b) in [(1, x.hi), (-1, x.lo.and_then(|l| l.checked_neg()))] {
                let c = Con { terms: vec![(v, a)], c: b.unwrap_or(0) };
                if b.is_some() && !own.contains(&c) {
                    own.push(c);
                }
            }
        }
        let mut r = Polyhedra::top();
        for c in &own {
            if entails(next.cons.iter(), c) {
                r.cons.push(c.clone());
                continue;
            }
            // a unary bound that grew stops at the next threshold
            if let [(v, a)] = c.terms[..] {
                if let Lp::Max(m) = max_of(next.cons.iter(), &c.terms) {
                    let step = match (floor(&m), a) {
                        (Some(m), 1) => t.above(m),
                        (Some(m), -1) => t.below(-m).and_then(|x| x.checked_neg()),
                        _ => None,
                    };
                    if let Some(b) = step {
                        r.add(vec![(v, a)], b);
                    }
                }
            }
        }
        // the second's constraints that can stand in for one of the first's
        // the second does not entail, one each (so that no widened element
        // has more constraints than the first)
        let mut used = vec![false; next.cons.len()];
        for (i, k) in self.cons.iter().enumerate() {
            if entails(next.cons.iter(), k) {
                continue;
            }
            let others = || self.cons.iter().enumerate().filter(move |(j, _)| *j != i).map(|(_, k)| k);
            let stand_in = next.cons.iter().enumerate().find(|(n, c)| {
                !used[*n] && !r.cons.contains(c) && entails(self.cons.iter(), c) && entails(others().chain([*c]), k)
            });
            if let Some((n, c)) = stand_in {
                used[n] = true;
                r.cons.push(c.clone());
            }
        }
        r.simplify();
        r
    }
    fn narrow(&self, next: &Self) -> Self {
        if self.bottom || next.bottom {
            return next.clone();
        }
        // the constraints of `next` on directions `self` leaves unbounded
        let mut r = self.clone();
        for c in &next.cons {
            if max_of(self.cons.iter(), &c.terms) == Lp::Unbounded {
                r.cons.push(c.clone());
            }
        }
        r.simplify();
        r
    }
    fn assign_parallel(&mut self, cx: &Ctx, xs: &[(VarId, Expr)]) {
        if self.bottom {
            return;
        }
        let targets: Vec<VarId> = xs.iter().map(|(v, _)| *v).collect();
        let mut read = Vec::new();
        for (_, e) in xs {
            e.vars(&mut read);
        }
        read.sort_unstable();
        read.dedup();
        let itv = self.intervals(&read);
        if itv.is_bottom() {
            *self = Polyhedra::bottom();
            return;
        }
        // (each over the state before; a target assigned twice gets the last)
        let last = |k: usize| !xs[k + 1..].iter().any(|(u, _)| *u == xs[k].0);
        let plans: Vec<Plan> = xs
            .iter()
            .enumerate()
            .filter(|(k, _)| last(*k))
            .map(|(_, (v, e))| {
                let lin = affine(cx, &itv, e).filter(|(l, _)| l.terms.keys().all(|u| u == v || !targets.contains(u)));
                (*v, lin, itv.eval(cx, e))
            })
            .collect();
        let t = VarId(INTERNAL);
        for (v, lin, x) in plans {
            match lin {
                Some((l, r)) => {
                    // t − l ∈ r, then v's old value projected out, t is v
                    let terms: Vec<(VarId, i128)> = l.terms.iter().map(|(u, a)| (*u, *a)).collect();
                    let minus = combine(&[(t, 1)], 1, &terms, -1).unwrap_or_default();
                    if let Some(hi) = r.hi.and_then(|h| h.checked_add(l.c)) {
                        self.add(minus.clone(), hi);
                    }
                    if let Some(lo) = r.lo.and_then(|lo| lo.checked_add(l.c)).and_then(|x| x.checked_neg()) {
                        let plus: Vec<(VarId, i128)> = minus.iter().map(|(u, a)| (*u, -a)).collect();
                        self.add(plus, lo);
                    }
                    self.eliminate(v);
                    self.rename(t, v);
                }
                None => self.eliminate(v),
            }
            self.meet_interval(v, x);
            if self.bottom {
                return;
            }
        }
        self.simplify();
    }
    fn assume(&mut self, cx: &Ctx, e: &Expr) {
        if self.bottom {
            return;
        }
        if let Expr::Or(xs) = e {
            *self = super::assume_any(self, cx, xs);
            return;
        }
        let mut vars = Vec::new();
        e.vars(&mut vars);
        vars.sort_unstable();
        vars.dedup();
        let before = self.intervals(&vars);
        if before.is_bottom() {
            *self = Polyhedra::bottom();
            return;
        }
        let known = self.cons.len();
        self.assume_relational(cx, &before, e);
        // then the intervals, on what the relations gave them (the same
        // as before where they gave nothing: no linear programs again)
        let mut d = if !self.bottom && self.cons.len() == known { before } else { self.intervals(&vars) };
        d.assume(cx, e);
        if d.is_bottom() {
            *self = Polyhedra::bottom();
            return;
        }
        for v in &vars {
            self.meet_interval(*v, d.get(*v));
        }
        self.simplify();
    }
    fn forget(&mut self, v: VarId) {
        self.eliminate(v);
        self.simplify();
    }
    fn havoc(&mut self, cx: &Ctx, v: VarId) {
        self.eliminate(v);
        let mut d = Intervals::top();
        d.havoc(cx, v);
        self.meet_interval(v, d.get(v));
        self.simplify();
    }
    fn restrict(&mut self, keep: &[VarId]) {
        for v in self.vars() {
            if !keep.contains(&v) {
                self.eliminate(v);
            }
        }
        self.simplify();
    }
    fn in_range(&mut self, cx: &Ctx, vars: &[VarId]) {
        if self.bottom {
            return;
        }
        let mut d = Intervals::top();
        d.in_range(cx, vars);
        for v in vars {
            self.meet_interval(*v, d.get(*v));
        }
        self.simplify();
    }
    fn to_expr(&self, cx: &Ctx, vars: &[VarId]) -> Expr {
        let mut p = self.clone();
        p.restrict(vars);
        if p.bottom {
            return Expr::Bool(false);
        }
        let mut unary = Intervals::top();
        let mut cs = Vec::new();
        for c in &p.cons {
            let values: Option<Vec<(Expr, i128)>> = c.terms.iter().map(|(v, a)| Some((value(cx, *v)?, *a))).collect();
            match (values, &c.terms[..]) {
                (Some(vs), _) => {
                    let term = |(x, a): (Expr, i128)| match a {
                        1 => x,
                        -1 => Expr::Arith { op: ArithOp::Neg, args: vec![x] },
                        a => Expr::Arith { op: ArithOp::Mul, args: vec![Expr::Num(a), x] },
                    };
                    let mut args: Vec<Expr> = vs.into_iter().map(term).collect();
                    let sum = if args.len() == 1 { args.remove(0) } else { Expr::Arith { op: ArithOp::Add, args } };
                    cs.push(Expr::Rel { rel: Rel::Le, a: Box::new(sum), b: Box::new(Expr::Num(c.c)) });
                }
                // a Boolean's bound
                (None, [(v, a)]) => {
                    let x = if *a > 0 { Itv { lo: None, hi: Some(c.c) } } else { Itv { lo: Some(-c.c), hi: None } };
                    let now = unary.get(*v);
                    unary.set(*v, now.meet(&x));
                }
                (None, _) => {}
            }
        }
        match unary.to_expr(cx, vars) {
            Expr::Bool(true) => {}
            Expr::And(xs) => cs.extend(xs),
            x => cs.push(x),
        }
        match cs.len() {
            0 => Expr::Bool(true),
            1 => cs.pop().unwrap_or(Expr::Bool(true)),
            _ => Expr::And(cs),
        }
    }
}

impl Polyhedra {
    /// The linear comparisons of `e`'s conjunction (not minimal), their
    /// sides read in `itv`, the state before.
    fn assume_relational(&mut self, cx: &Ctx, itv: &Intervals, e: &Expr) {
        comparisons(e, &mut |signed, rel, a, b| {
            for l in comparison(cx, itv, signed, rel, a, b).unwrap_or_default() {
                let terms = l.terms.iter().map(|(v, a)| (*v, *a)).collect();
                if let Some(c) = l.c.checked_neg() {
                    self.add(terms, c);
                }
            }
        });
    }

    /// The conjunction of [`Polyhedra::interpolants`].
    pub fn interpolate(&self, b: &Polyhedra) -> Polyhedra {
        self.interpolants(b).iter().fold(Polyhedra::top(), |i, k| i.meet(k))
    }

    /// Interpolants of `self` and `b` (`self ⊓ b = ⊥`), each a polyhedron
    /// that contains `self` and misses `b`, simplest first
    /// (papers/dagger-refining-abstract-interpretations.txt §4):
    /// 1. `InterpolatePoly1`: the negation `Σ t ≥ c + 1` of each constraint
    ///    of `b` that `self` entails, and beside them the tightest bound
    ///    `d ≤ max_self d` of each octagonal form `d` (`±x`, `±x ± y`) over
    ///    the variables both mention that misses `b` alone: the paper's
    ///    `y ≥ x` of Fig. 1, which no constraint of the error state negates
    ///    (`x ≥ 4 ∧ y ≤ 2`) and no constraint of the join is (its facets
    ///    are `y ≥ 80.2x`-like);
    /// 2. where there is none, the sum of `self`'s constraints by the
    ///    multipliers of a Farkas certificate that the two have no rational
    ///    point together ([`farkas_interpolant`]: the paper's "future
    ///    work", McMillan's interpolants for linear arithmetic);
    /// 3. where they have one (they are disjoint on integers only),
    ///    `InterpolatePoly2`: `self` projected on the variables of `b`;
    ///    `self` itself if that meets `b`.
    pub fn interpolants(&self, b: &Polyhedra) -> Vec<Polyhedra> {
        if self.bottom || b.bottom {
            return vec![Polyhedra::top()];
        }
        let mut found: Vec<Con> = Vec::new();
        let keep = |k: Con, found: &mut Vec<Con>| {
            if !found.contains(&k) {
                found.push(k);
            }
        };
        for c in &b.cons {
            let neg: Vec<(VarId, i128)> = c.terms.iter().map(|(v, a)| (*v, -a)).collect();
            let Some(bound) = c.c.checked_add(1).and_then(|x| x.checked_neg()) else { continue };
            if let Norm::Con(k) = tight(neg, bound) {
                if entails(self.cons.iter(), &k) {
                    keep(k, &mut found);
                }
            }
        }
        let common: Vec<VarId> = self.vars().intersection(&b.vars()).copied().collect();
        // (pairs over at most `MAX_PAIR_VARS` variables: two linear
        // programs a form)
        for d in octagonal_forms(&common, common.len() <= MAX_PAIR_VARS) {
            if found.iter().any(|k| k.terms == d) {
                continue;
            }
            let Lp::Max(m) = max_of(self.cons.iter(), &d) else { continue };
            let Some(c) = floor(&m) else { continue };
            let Norm::Con(k) = tight(d, c) else { continue };
            if misses(&b.cons, &k) {
                keep(k, &mut found);
            }
        }
        if !found.is_empty() {
            return found.into_iter().map(|k| Polyhedra::of(vec![k])).collect();
        }
        if let Some(k) = farkas_interpolant(&self.cons, &b.cons) {
            return vec![Polyhedra::of(vec![k])];
        }
        let mut p = self.clone();
        let keep: Vec<VarId> = b.vars().into_iter().collect();
        p.restrict(&keep);
        vec![if p.meet(b).is_bottom() { p } else { self.clone() }]
    }

    /// The polyhedron of `cons`, each `(terms, c)`: `Σ terms ≤ c`.
    #[cfg(test)]
    pub(super) fn of_constraints(cons: &[(Vec<(VarId, i128)>, i128)]) -> Polyhedra {
        let mut p = Polyhedra::top();
        for (t, c) in cons {
            p.add(t.clone(), *c);
        }
        p.simplify();
        p
    }

    /// Whether the state `val` is in the element.
    #[cfg(test)]
    pub(super) fn contains(&self, val: &dyn Fn(VarId) -> i128) -> bool {
        !self.bottom && self.cons.iter().all(|c| c.terms.iter().map(|(v, a)| a * val(*v)).sum::<i128>() <= c.c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{add, cmp, lit, v};
    use crate::ir::{CmpPred, IntSemantics, Sort};

    fn int(_: VarId) -> Sort {
        Sort::Int { bits: 32 }
    }

    fn cx(sort: &dyn Fn(VarId) -> Sort) -> Ctx<'_> {
        Ctx { sem: IntSemantics::Lia, sort }
    }

    fn poly(cs: &[Expr]) -> Polyhedra {
        let sort = int;
        let mut p = Polyhedra::top();
        for c in cs {
            p.assume(&cx(&sort), c);
        }
        p
    }

    fn x(i: u32) -> VarId {
        VarId(i)
    }

    /// The hull of the points `(0, 0)` and `(1, 100)` is the segment
    /// `y = 100x, 0 ≤ x ≤ 1`, which no interval or octagon holds; the
    /// widening of the first point by it keeps the line `y = 100x` (both
    /// its constraints can stand in for one of the point's) and `y ≥ 0`,
    /// and lets `x` grow.
    #[test]
    fn hull_and_widening_keep_a_line() {
        let p0 = Polyhedra::of_constraints(&[
            (vec![(x(0), 1)], 0),
            (vec![(x(0), -1)], 0),
            (vec![(x(1), 1)], 0),
            (vec![(x(1), -1)], 0),
        ]);
        let p1 = Polyhedra::of_constraints(&[
            (vec![(x(0), 1)], 1),
            (vec![(x(0), -1)], -1),
            (vec![(x(1), 1)], 100),
            (vec![(x(1), -1)], -100),
        ]);
        let h = p0.join(&p1);
        let line = Polyhedra::of_constraints(&[
            (vec![(x(0), -100), (x(1), 1)], 0),
            (vec![(x(0), 100), (x(1), -1)], 0),
            (vec![(x(0), 1)], 1),
            (vec![(x(0), -1)], 0),
        ]);
        assert_eq!(h, line, "{h:?}");
        assert_eq!(h.cons.len(), 4);
        let w = p0.widen(&h);
        let expect = Polyhedra::of_constraints(&[
            (vec![(x(0), -100), (x(1), 1)], 0),
            (vec![(x(0), 100), (x(1), -1)], 0),
            (vec![(x(1), -1)], 0),
        ]);
        assert_eq!(w, expect, "{w:?}");
        assert_eq!(w.get(x(0)).hi, None, "x grows: {w:?}");
    }

    /// Integer tightening: `2x ≤ 2k + 1` and `2x ≥ 2k` make `x = k`.
    #[test]
    fn integer_bounds_are_tightened() {
        let p = Polyhedra::of_constraints(&[
            (vec![(x(0), 2), (x(1), -2)], 1),
            (vec![(x(0), -2), (x(1), 2)], 0),
            (vec![(x(1), 1)], 5),
            (vec![(x(1), -1)], -5),
        ]);
        assert_eq!(p.get(x(0)), Itv::point(5));
    }

    /// Assignments: `y := y + 100` shifts, `x := 2y` is a new relation, a
    /// non-linear one forgets; emptiness is found.
    #[test]
    fn transfers_of_linear_statements() {
        let sort = int;
        let cx = cx(&sort);
        let mut p = poly(&[cmp(CmpPred::Sle, v(0), v(1)), cmp(CmpPred::Sge, v(0), lit(0))]);
        p.assign(&cx, x(1), &add(v(1), lit(100)));
        assert!(p.leq(&poly(&[cmp(CmpPred::Sle, add(v(0), lit(100)), v(1))])), "{p:?}");
        p.assume(&cx, &cmp(CmpPred::Slt, v(1), lit(100)));
        assert!(p.is_bottom(), "{p:?}");
    }

    /// `InterpolatePoly1`: `A = {x ≤ y, x ≥ 4}` against `B = {y ≤ 2}` gives
    /// the negation of `B`'s constraint, `y ≥ 3`, which `A` entails; `A =
    /// {x ≤ y ≤ z}` against `B = {x > z}` gives `x ≤ z`, a constraint no
    /// single one of `A`'s is.
    #[test]
    fn interpolants_are_negated_constraints_of_the_other_side() {
        let a = poly(&[cmp(CmpPred::Sle, v(0), v(1)), cmp(CmpPred::Sge, v(0), lit(4))]);
        let b = poly(&[cmp(CmpPred::Sle, v(1), lit(2))]);
        assert!(a.meet(&b).is_bottom());
        // b's constraint negated (a's tightest bound on y, `y >= 4`, has
        // the same form and is left out: the negation is the weaker)
        let is = a.interpolants(&b);
        assert_eq!(is, [poly(&[cmp(CmpPred::Sge, v(1), lit(3))])]);
        // a chain through a: b's one constraint negated
        let a = poly(&[cmp(CmpPred::Sle, v(0), v(1)), cmp(CmpPred::Sle, v(1), v(2))]);
        let b = poly(&[cmp(CmpPred::Sgt, v(0), v(2))]);
        let i = a.interpolate(&b);
        assert!(a.leq(&i) && i.meet(&b).is_bottom(), "{i:?}");
        assert_eq!(i, poly(&[cmp(CmpPred::Sle, v(0), v(2))]));
    }

    /// `x << 1` (clang's `2 * x`) is the linear `2x` (nsw under `lia`);
    /// a shift by the width or more is not linear, and leaves no relation.
    #[test]
    fn a_shift_by_a_constant_is_a_product() {
        let shl = |k: i128| Expr::Bin {
            op: crate::ir::BinOp::Shl,
            bits: 32,
            nsw: true,
            nuw: false,
            a: Box::new(v(0)),
            b: Box::new(lit(k)),
        };
        let p = poly(&[cmp(CmpPred::Sle, shl(1), v(1))]);
        assert_eq!(p, Polyhedra::of_constraints(&[(vec![(self::x(0), 2), (self::x(1), -1)], 0)]));
        let p = poly(&[cmp(CmpPred::Sle, shl(40), v(1))]);
        assert!(p.cons.iter().all(|c| c.terms.len() < 2), "{p:?}");
    }

    /// The boxed branch of the paper's Fig. 1 (`y > 10w && z >= 100x`)
    /// against the loop's invariant `y ≤ 100x ∧ z = 10w`: a entails the
    /// negation of neither of b's constraints (`InterpolatePoly1` has
    /// none), and `InterpolatePoly2` would be a itself; the Farkas sum of
    /// a's two rows is the interpolant `y + z ≤ 100x + 10w`.
    #[test]
    fn a_linear_interpolant_where_no_constraint_of_the_other_side_is_negated() {
        let (x, y, z, w) = (v(0), v(1), v(2), v(3));
        let mul = |k: i128, e: Expr| Expr::Arith { op: ArithOp::Mul, args: vec![Expr::Num(k), e] };
        let a = poly(&[
            cmp(CmpPred::Sle, y.clone(), mul(100, x.clone())),
            cmp(CmpPred::Eq, z.clone(), mul(10, w.clone())),
            cmp(CmpPred::Sge, x.clone(), lit(0)),
        ]);
        let b = poly(&[cmp(CmpPred::Sgt, y, mul(10, w)), cmp(CmpPred::Sge, z, mul(100, x))]);
        assert_eq!(b.cons.len(), 2, "{b:?}");
        assert!(a.meet(&b).is_bottom());
        let i = a.interpolate(&b);
        assert!(a.leq(&i) && i.meet(&b).is_bottom(), "{i:?}");
        assert_eq!(
            i,
            Polyhedra::of_constraints(&[(
                vec![(self::x(0), -100), (self::x(1), 1), (self::x(2), 1), (self::x(3), -10)],
                0
            )])
        );
    }
}
