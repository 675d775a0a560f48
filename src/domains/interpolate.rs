//! Interpolants between abstract elements and the bounded widening they
//! feed (papers/dagger-refining-abstract-interpretations.txt §2 "Widen",
//! "Interpolant", Lemma 1; §4 `InterpolateOct`): what DAGGER's
//! `ApplyRefinement` (Fig. 2) adds to a loop head's interpolant set `T` and
//! how the head's next value respects it.
//!
//! - [`Interpolate::interpolate`]: for `A ⊓ B = ⊥`, an `I` with `A ⊑ I`
//!   and `I ⊓ B = ⊥`, over the variables both mention where the domain can:
//!   intervals take, per variable, the weakest bound of `A`'s side that
//!   excludes `B`'s interval; octagons the paper's `InterpolateOct`
//!   (`Octagons::interpolate`); polyhedra `InterpolatePoly1`, octagonal
//!   bounds, a Farkas interpolant or `InterpolatePoly2`
//!   (`Polyhedra::interpolants`, each constraint its own element of `T`:
//!   a bounded widening keeps each that still bounds both arguments);
//!   boxes `A` itself (a disjunction's separation is not one box's).
//! - [`bounded_widen`]: `A ∇_T B`, the domain's widening (with the program's
//!   thresholds) met with every element of `T` that bounds both `A` and `B`:
//!   above `A` and `B`, below every such element (Lemma 1's condition, so an
//!   interpolant in `T` keeps the widened value off the error), and still a
//!   widening: `T` is finite, an element that stops bounding the iterates
//!   never bounds them again, and the bound keeps the widened element as
//!   the widening needs it ([`Interpolate::bound`]: an octagon unclosed).

use super::boxes::Boxes;
use super::interval::{Intervals, Itv};
use super::octagon::Octagons;
use super::polyhedra::Polyhedra;
use super::{Domain, Thresholds};

/// A domain with interpolants (module docs).
pub trait Interpolate: Domain {
    /// An interpolant of `self` and `b`, which must not meet; `self` itself
    /// where the domain finds no weaker one.
    fn interpolate(&self, b: &Self) -> Self;

    /// Interpolants of `self` and `b` to bound a widening by, each on its
    /// own (each contains `self` and misses `b`): kept apart, a bounded
    /// widening keeps each one that still holds where their conjunction
    /// no longer does.
    fn interpolants(&self, b: &Self) -> Vec<Self> {
        vec![self.interpolate(b)]
    }

    /// `self ⊓ c` for a widened `self`, in the representation the domain's
    /// widening needs to terminate (the octagon's: not closed).
    fn bound(&self, c: &Self) -> Self {
        self.meet(c)
    }
}

impl Interpolate for Intervals {
    fn interpolate(&self, b: &Self) -> Self {
        if self.is_bottom() || b.is_bottom() {
            return Intervals::top();
        }
        let mut i = Intervals::top();
        for v in self.constrained() {
            let (x, y) = (self.get(v), b.get(v));
            let hi = match (x.hi, y.lo) {
                (Some(h), Some(l)) if h < l => Some(l - 1),
                _ => None,
            };
            let lo = match (x.lo, y.hi) {
                (Some(l), Some(h)) if l > h => Some(h + 1),
                _ => None,
            };
            if hi.is_some() || lo.is_some() {
                i.set(v, Itv { lo, hi });
            }
        }
        if i.meet(b).is_bottom() {
            i
        } else {
            self.clone()
        }
    }
}

impl Interpolate for Octagons {
    fn interpolate(&self, b: &Self) -> Self {
        Octagons::interpolate(self, b)
    }
    fn bound(&self, c: &Self) -> Self {
        self.meet_open(c)
    }
}

impl Interpolate for Polyhedra {
    fn interpolate(&self, b: &Self) -> Self {
        Polyhedra::interpolate(self, b)
    }
    fn interpolants(&self, b: &Self) -> Vec<Self> {
        Polyhedra::interpolants(self, b)
    }
}

impl<B: super::boxes::BoxDomain> Interpolate for Boxes<B> {
    fn interpolate(&self, _: &Self) -> Self {
        self.clone()
    }
}

/// `a ∇_T b` (module docs): `b` must be above `a` (the paper widens `s''`
/// by `s'' ⊔ img`), so an element above `b` bounds both.
pub fn bounded_widen<D: Interpolate>(a: &D, b: &D, t: &[D], thresholds: &Thresholds) -> D {
    let mut w = a.widen_with(b, thresholds);
    for c in t {
        if b.leq(c) {
            w = w.bound(c);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{cmp, lit, v};
    use crate::domains::Ctx;
    use crate::ir::{CmpPred, IntSemantics, Sort, VarId};

    fn int(_: VarId) -> Sort {
        Sort::Int { bits: 32 }
    }

    fn oct(cs: &[crate::ir::Expr]) -> Octagons {
        let cx = Ctx { sem: IntSemantics::Lia, sort: &int };
        let mut o = Octagons::top();
        for c in cs {
            o.assume(&cx, c);
        }
        o
    }

    /// `InterpolateOct` keeps the weakest bound of each expression that
    /// separates: `A = {x ≤ y, y ≤ 5}`, `B = {x ≥ 10}` give `x ≤ 9` (not
    /// `A`'s `x ≤ 5`, nor `x ≤ y`, which `B` does not bound); `A = {x ≤ y}`
    /// against `B = {x ≥ y + 3}` give `x − y ≤ 2`. When only a chain of
    /// constraints of each side separates (`x ≤ y`, `z ≤ w` against `y ≤ z`,
    /// `w < x`), the interpolant is `A`.
    #[test]
    fn octagon_interpolants_are_the_weakest_separating_bounds() {
        let a = oct(&[cmp(CmpPred::Sle, v(0), v(1)), cmp(CmpPred::Sle, v(1), lit(5))]);
        let b = oct(&[cmp(CmpPred::Sge, v(0), lit(10))]);
        let i = a.interpolate(&b);
        assert_eq!(i, oct(&[cmp(CmpPred::Sle, v(0), lit(9))]));
        let a = oct(&[cmp(CmpPred::Sle, v(0), v(1))]);
        let b = oct(&[cmp(CmpPred::Sge, v(0), crate::cfg::testing::add(v(1), lit(3)))]);
        let expect = oct(&[cmp(CmpPred::Sle, v(0), crate::cfg::testing::add(v(1), lit(2)))]);
        assert_eq!(a.interpolate(&b), expect);
        let a = oct(&[cmp(CmpPred::Sle, v(0), v(1)), cmp(CmpPred::Sle, v(2), v(3))]);
        let b = oct(&[cmp(CmpPred::Sle, v(1), v(2)), cmp(CmpPred::Slt, v(3), v(0))]);
        assert!(a.meet(&b).is_bottom());
        assert_eq!(a.interpolate(&b), a);
    }

    /// Lemma 1 on intervals: `[0,0] ∇ [0,1]` goes to the next threshold (or
    /// to `+∞`), but not past the interpolant `x ≤ 99` of `[0,1]` and the
    /// error `x ≥ 100`, which bounds both.
    #[test]
    fn a_bounded_widening_stops_at_an_interpolant() {
        let mut a = Intervals::top();
        a.set(VarId(0), Itv::point(0));
        let mut b = Intervals::top();
        b.set(VarId(0), Itv::new(0, 1));
        let mut err = Intervals::top();
        err.set(VarId(0), Itv { lo: Some(100), hi: None });
        let i = b.interpolate(&err);
        assert_eq!(i.get(VarId(0)), Itv { lo: None, hi: Some(99) });
        let none = Thresholds::default();
        assert_eq!(a.widen_with(&b, &none).get(VarId(0)), Itv { lo: Some(0), hi: None });
        let w = bounded_widen(&a, &b, &[i], &none);
        assert_eq!(w.get(VarId(0)), Itv::new(0, 99));
        // an element that does not bound both is no bound
        let mut small = Intervals::top();
        small.set(VarId(0), Itv::new(0, 0));
        assert_eq!(bounded_widen(&a, &b, &[small], &none).get(VarId(0)), Itv { lo: Some(0), hi: None });
    }
}
