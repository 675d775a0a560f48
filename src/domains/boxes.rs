//! The boxes domain (issue 21): finite disjunctions of interval boxes, the
//! disjunctive refinement of Box that Vinta's "Boxes" POST used (Gurfinkel
//! and Chaki, "Boxes: A Symbolic Abstract Domain of Boxes", SAS 2010, there
//! as linear decision diagrams; Albarghouthi, Gurfinkel, Chechik, "Craig
//! Interpretation", SAS 2012, §5).
//!
//! Boxes are intervals ([`Intervals`]) or strided intervals (`Strided`,
//! issue 47: `Boxes<Strided>` is `--domain strided-boxes`), through
//! [`BoxDomain`]; with strided boxes, widening also keeps a new box apart
//! from its closest old one where their union has a gap
//! ([`BoxDomain::GAPS_ARE_CASES`]).
//!
//! Representation: a list of at most [`CAP`] nonempty boxes, none below another; the empty list is bottom. After every
//! operation the list is normalized: boxes below another are dropped, two
//! boxes whose union is their hull (equal but in one variable, whose
//! intervals overlap or touch) are merged, and past the cap the two closest
//! boxes (fewest variables on which they differ) are replaced by their hull —
//! an over-approximation, never a dropped state.
//!
//! - Disjunctions arise where intervals lose them: `assume` of a disjunction
//!   (and of `!=`, `a < b || a > b`) keeps one box per disjunct, an
//!   assignment of an `ite` (a `select` of the optimized IR) is the union of
//!   its two branches, each with its condition assumed, and `join` is the
//!   union.
//! - `leq` is sound but not complete: every box below some box of the other
//!   (a box covered only by the union of several is not seen as covered).
//! - Widening: a box of the new iterate not below an old box is matched to
//!   the closest old box, which is widened (interval widening, with
//!   thresholds) by their join — unless it differs from every old box in two
//!   variables or more (a new case, such as a loop's second phase) and the
//!   cap leaves room, when it is added as it is. An element counts the
//!   widenings it went through ([`NEW_CASES`]); past them widening adds no
//!   box, so the number of boxes no longer grows and each box only climbs
//!   finitely many thresholds: the iteration terminates.
//! - Every transfer is the interval domain's on each box (sound by the
//!   interval domain's invariant), so a state is kept if it is in one box.

use super::interval::Intervals;
use super::{Ctx, Domain, Thresholds};
use crate::ir::{CmpPred, Expr, Rel, Sort, VarId};

/// What a box of the disjunction offers besides its lattice: intervals, or
/// intervals with congruences (`strided::Strided`).
pub trait BoxDomain: Domain {
    /// The variables on which two boxes differ, up to `limit` of them.
    fn differing(&self, o: &Self, limit: usize) -> Vec<VarId>;
    /// Whether the union of two boxes that differ in `v` alone is their
    /// join (no value of the join in neither).
    fn unions_exactly(&self, o: &Self, v: VarId) -> bool;
    /// Whether the Boolean `e` holds in every state, in none, or either.
    fn decide(&self, cx: &Ctx, e: &Expr) -> Option<bool>;
    /// A box of a new iterate that differs from its closest old box in one
    /// variable but not by an exact union (a gap between them) is a new
    /// case in widening, not a growth of that box: with congruences, the
    /// second phase of a loop (phases_1-1: `x ≤ 65520`, then `x ≥ 65522`
    /// even) stays apart from the first. Off for plain intervals, where
    /// every counter that steps by 2 would look so.
    const GAPS_ARE_CASES: bool = false;
}

impl BoxDomain for Intervals {
    fn differing(&self, o: &Self, limit: usize) -> Vec<VarId> {
        Intervals::differing(self, o, limit)
    }
    fn unions_exactly(&self, o: &Self, v: VarId) -> bool {
        self.get(v).within_step(&o.get(v), 1)
    }
    fn decide(&self, cx: &Ctx, e: &Expr) -> Option<bool> {
        Intervals::decide(self, cx, e)
    }
}

/// The most boxes an element has.
pub const CAP: usize = 8;

/// The widenings of a chain that may add a box.
pub const NEW_CASES: u8 = 8;

/// A disjunction of at most [`CAP`] boxes.
#[derive(Clone, Debug)]
pub struct Boxes<B = Intervals> {
    boxes: Vec<B>,
    /// The widenings the element went through (the most of its operands').
    widened: u8,
}

/// Elements are equal when their boxes are.
impl<B: BoxDomain> PartialEq for Boxes<B> {
    fn eq(&self, o: &Boxes<B>) -> bool {
        self.boxes == o.boxes
    }
}

impl<B: BoxDomain> Boxes<B> {
    /// The element of the boxes `bs` (normalized).
    pub fn of(bs: Vec<B>) -> Boxes<B> {
        Boxes { boxes: normalize(bs), widened: 0 }
    }

    /// The boxes of the disjunction.
    pub fn boxes(&self) -> &[B] {
        &self.boxes
    }

    /// Applies `f` to each box.
    fn each(&mut self, f: impl Fn(&mut B)) {
        for b in &mut self.boxes {
            f(b);
        }
        self.boxes = normalize(std::mem::take(&mut self.boxes));
    }
}

/// The number of variables on which two boxes differ.
fn distance<B: BoxDomain>(a: &B, b: &B) -> usize {
    a.differing(b, usize::MAX).len()
}

/// Whether the union of two boxes is their hull: they differ in at most one
/// variable, whose intervals overlap or touch.
fn exact_union<B: BoxDomain>(a: &B, b: &B) -> bool {
    match a.differing(b, 2)[..] {
        [] => true,
        [v] => a.unions_exactly(b, v),
        _ => false,
    }
}

/// The list without empty boxes and boxes below another, exact unions
/// merged, at most [`CAP`] boxes (the closest merged past it).
fn normalize<B: BoxDomain>(bs: Vec<B>) -> Vec<B> {
    let mut kept: Vec<B> = Vec::new();
    let mut pending = bs;
    loop {
        for b in pending.drain(..) {
            if b.is_bottom() || kept.iter().any(|k| b.leq(k)) {
                continue;
            }
            kept.retain(|k| !k.leq(&b));
            kept.push(b);
        }
        let pairs = || (0..kept.len()).flat_map(|i| (i + 1..kept.len()).map(move |j| (i, j)));
        let merge = pairs().find(|&(i, j)| exact_union(&kept[i], &kept[j])).or_else(|| {
            (kept.len() > CAP).then(|| pairs().min_by_key(|&(i, j)| distance(&kept[i], &kept[j]))).flatten()
        });
        let Some((i, j)) = merge else { return kept };
        let hull = kept[i].join(&kept[j]);
        kept.swap_remove(j);
        kept.swap_remove(i);
        pending.push(hull);
    }
}

/// The boxes of `b` in which the Boolean `e` may hold: one per disjunct of
/// `e` (pushed through negations), the interval domain's `assume` on each.
fn assume_split<B: BoxDomain>(cx: &Ctx, b: B, e: &Expr) -> Vec<B> {
    let cmp = |pred: CmpPred, bits: u32, a: &Expr, c: &Expr| Expr::Cmp {
        pred,
        bits,
        a: Box::new(a.clone()),
        b: Box::new(c.clone()),
    };
    let rel = |rel: Rel, a: &Expr, c: &Expr| Expr::Rel { rel, a: Box::new(a.clone()), b: Box::new(c.clone()) };
    match e {
        Expr::And(xs) => {
            let mut out = vec![b];
            for x in xs {
                out = normalize(out.into_iter().flat_map(|b| assume_split(cx, b, x)).collect());
            }
            out
        }
        Expr::Or(xs) => {
            // (a disjunct that surely holds keeps the box; one that surely
            // fails adds nothing)
            let mut open = Vec::new();
            for x in xs {
                match b.decide(cx, x) {
                    Some(true) => return vec![b],
                    Some(false) => {}
                    None => open.push(x),
                }
            }
            normalize(open.into_iter().flat_map(|x| assume_split(cx, b.clone(), x)).collect())
        }
        Expr::Cmp { pred: CmpPred::Ne, bits, a, b: c } => {
            assume_split(cx, b, &Expr::Or(vec![cmp(CmpPred::Slt, *bits, a, c), cmp(CmpPred::Sgt, *bits, a, c)]))
        }
        Expr::Ite(c, x, y) if x.sort() == Sort::Bool => {
            let neg = Expr::negate((**c).clone());
            let split =
                Expr::Or(vec![Expr::And(vec![(**c).clone(), (**x).clone()]), Expr::And(vec![neg, (**y).clone()])]);
            assume_split(cx, b, &split)
        }
        Expr::Not(a) => match &**a {
            Expr::Not(x) => assume_split(cx, b, x),
            Expr::And(xs) => assume_split(cx, b, &Expr::Or(xs.iter().cloned().map(Expr::negate).collect())),
            Expr::Or(xs) => assume_split(cx, b, &Expr::And(xs.iter().cloned().map(Expr::negate).collect())),
            Expr::Cmp { pred, bits, a, b: c } => assume_split(cx, b, &cmp(pred.negated(), *bits, a, c)),
            Expr::Rel { rel: r, a, b: c } => {
                let negated = match r {
                    Rel::Eq => Expr::Or(vec![rel(Rel::Lt, a, c), rel(Rel::Gt, a, c)]),
                    Rel::Le => rel(Rel::Gt, a, c),
                    Rel::Lt => rel(Rel::Ge, a, c),
                    Rel::Ge => rel(Rel::Lt, a, c),
                    Rel::Gt => rel(Rel::Le, a, c),
                };
                assume_split(cx, b, &negated)
            }
            _ => one(cx, b, e),
        },
        _ => one(cx, b, e),
    }
}

/// The box domain's `assume` of `e` on `b`.
fn one<B: BoxDomain>(cx: &Ctx, mut b: B, e: &Expr) -> Vec<B> {
    b.assume(cx, e);
    vec![b]
}

impl<B: BoxDomain> Domain for Boxes<B> {
    const NAME: &'static str = if B::GAPS_ARE_CASES { "strided-boxes" } else { "boxes" };
    const BITS: bool = B::BITS;
    fn top() -> Self {
        Boxes { boxes: vec![B::top()], widened: 0 }
    }
    fn bottom() -> Self {
        Boxes { boxes: Vec::new(), widened: 0 }
    }
    fn is_bottom(&self) -> bool {
        self.boxes.is_empty()
    }
    fn leq(&self, o: &Self) -> bool {
        self.boxes.iter().all(|a| o.boxes.iter().any(|b| a.leq(b)))
    }
    fn join(&self, o: &Self) -> Self {
        let boxes = normalize(self.boxes.iter().chain(&o.boxes).cloned().collect());
        Boxes { boxes, widened: self.widened.max(o.widened) }
    }
    fn meet(&self, o: &Self) -> Self {
        let boxes = normalize(self.boxes.iter().flat_map(|a| o.boxes.iter().map(move |b| a.meet(b))).collect());
        Boxes { boxes, widened: self.widened.max(o.widened) }
    }
    fn widen_with(&self, next: &Self, t: &Thresholds) -> Self {
        if self.is_bottom() {
            return next.clone();
        }
        let widened = self.widened.max(next.widened).saturating_add(1);
        // the join of the new boxes each old box is the closest to, and new cases
        let mut grown: Vec<Option<B>> = vec![None; self.boxes.len()];
        let mut cases = Vec::new();
        for b in &next.boxes {
            if self.boxes.iter().any(|a| b.leq(a)) {
                continue;
            }
            // (with gaps as cases, of the closest the one it unions with exactly)
            let gap = |i: usize| B::GAPS_ARE_CASES && !exact_union(&self.boxes[i], b);
            let (closest, d) = (0..self.boxes.len())
                .map(|i| (i, distance(&self.boxes[i], b)))
                .min_by_key(|&(i, d)| (d, gap(i)))
                .unwrap_or((0, 0));
            let apart = d >= 2 || (d == 1 && gap(closest));
            if apart && widened <= NEW_CASES && self.boxes.len() + cases.len() < CAP {
                cases.push(b.clone());
                continue;
            }
            grown[closest] = Some(grown[closest].take().map_or_else(|| b.clone(), |g| g.join(b)));
        }
        let boxes = self.boxes.iter().zip(grown).map(|(a, g)| match g {
            Some(g) => a.widen_with(&a.join(&g), t),
            None => a.clone(),
        });
        Boxes { boxes: normalize(boxes.chain(cases).collect()), widened }
    }
    fn widened_times(mut self, n: usize) -> Self {
        self.widened = u8::try_from(n).unwrap_or(u8::MAX);
        self
    }
    fn narrow(&self, next: &Self) -> Self {
        if next.leq(self) {
            next.clone()
        } else {
            self.clone()
        }
    }
    fn assign_parallel(&mut self, cx: &Ctx, xs: &[(VarId, Expr)]) {
        // `v := ite(c, x, y)`: the union of both branches, each under its condition
        if let [(v, Expr::Ite(c, x, y))] = xs {
            let neg = Expr::negate((**c).clone());
            let mut out = Vec::new();
            for b in &self.boxes {
                for (cond, val) in [(&**c, &**x), (&neg, &**y)] {
                    for mut part in assume_split(cx, b.clone(), cond) {
                        // (the value over the state before, within the branch)
                        part.assign(cx, *v, val);
                        out.push(part);
                    }
                }
            }
            self.boxes = normalize(out);
            return;
        }
        self.each(|b| b.assign_parallel(cx, xs));
    }
    fn assume(&mut self, cx: &Ctx, e: &Expr) {
        self.boxes =
            normalize(std::mem::take(&mut self.boxes).into_iter().flat_map(|b| assume_split(cx, b, e)).collect());
    }
    fn forget(&mut self, v: VarId) {
        self.each(|b| b.forget(v));
    }
    fn havoc(&mut self, cx: &Ctx, v: VarId) {
        self.each(|b| b.havoc(cx, v));
    }
    fn restrict(&mut self, keep: &[VarId]) {
        self.each(|b| b.restrict(keep));
    }
    fn in_range(&mut self, cx: &Ctx, vars: &[VarId]) {
        self.each(|b| b.in_range(cx, vars));
    }
    fn to_expr(&self, cx: &Ctx, vars: &[VarId]) -> Expr {
        let mut ds: Vec<Expr> = self.boxes.iter().map(|b| b.to_expr(cx, vars)).collect();
        if ds.contains(&Expr::Bool(true)) {
            return Expr::Bool(true);
        }
        match ds.len() {
            0 => Expr::Bool(false),
            1 => ds.pop().unwrap_or(Expr::Bool(false)),
            _ => Expr::Or(ds),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::interval::Itv;
    use crate::ir::IntSemantics;

    fn bx(xs: &[(u32, i128, i128)]) -> Intervals {
        let mut d = Intervals::top();
        for (v, lo, hi) in xs {
            d.set(VarId(*v), Itv::new(*lo, *hi));
        }
        d
    }

    const W: Sort = Sort::Int { bits: 32 };

    fn var(v: u32) -> Box<Expr> {
        Box::new(Expr::Var(VarId(v), W))
    }

    fn int(c: i128) -> Box<Expr> {
        Box::new(Expr::Int { value: c, bits: 32 })
    }

    #[test]
    fn normalization_drops_covered_boxes_merges_exact_unions_and_keeps_the_cap() {
        // [0,3] and [4,9] in x, equal in y: one box [0,9]
        let d = Boxes::of(vec![bx(&[(0, 0, 3), (1, 5, 5)]), bx(&[(0, 4, 9), (1, 5, 5)]), bx(&[(0, 1, 2), (1, 5, 5)])]);
        assert_eq!(d.boxes(), [bx(&[(0, 0, 9), (1, 5, 5)])]);
        // a gap in x and a difference in y stay two boxes
        let d = Boxes::of(vec![bx(&[(0, 0, 3), (1, 0, 0)]), bx(&[(0, 5, 9), (1, 1, 1)])]);
        assert_eq!(d.boxes().len(), 2);
        // 20 points of a diagonal: at most CAP boxes, each point still in one
        let pts: Vec<Intervals> = (0..20).map(|i| bx(&[(0, i * 2, i * 2), (1, i * 3, i * 3)])).collect();
        let d = Boxes::of(pts.clone());
        assert!(d.boxes().len() <= CAP, "{d:?}");
        for p in &pts {
            assert!(Boxes::of(vec![p.clone()]).leq(&d), "{p:?} lost");
        }
    }

    #[test]
    fn a_disjunction_and_a_select_keep_their_cases_apart() {
        let sort = |_: VarId| W;
        let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
        // assume x != 5 on x in [0, 10]: [0,4] or [6,10]
        let mut d = Boxes::of(vec![bx(&[(0, 0, 10)])]);
        d.assume(&cx, &Expr::Cmp { pred: CmpPred::Ne, bits: 32, a: var(0), b: int(5) });
        assert_eq!(d.boxes().len(), 2);
        assert!(d.boxes().contains(&bx(&[(0, 0, 4)])) && d.boxes().contains(&bx(&[(0, 6, 10)])));
        // y := x < 3 ? 0 : 1 on x in [0, 10]: y is 0 exactly where x < 3
        let mut d = Boxes::of(vec![bx(&[(0, 0, 10)])]);
        let c = Expr::Cmp { pred: CmpPred::Slt, bits: 32, a: var(0), b: int(3) };
        d.assign(&cx, VarId(1), &Expr::Ite(Box::new(c), int(0), int(1)));
        assert_eq!(d.boxes().len(), 2, "{d:?}");
        assert!(d.boxes().contains(&bx(&[(0, 0, 2), (1, 0, 0)])) && d.boxes().contains(&bx(&[(0, 3, 10), (1, 1, 1)])));
        // intervals alone join the cases
        let mut i = bx(&[(0, 0, 10)]);
        let c = Expr::Cmp { pred: CmpPred::Slt, bits: 32, a: var(0), b: int(3) };
        i.assign(&cx, VarId(1), &Expr::Ite(Box::new(c), int(0), int(1)));
        assert_eq!((i.get(VarId(0)), i.get(VarId(1))), (Itv::new(0, 10), Itv::new(0, 1)));
    }

    #[test]
    fn widening_adds_a_new_case_only_for_its_first_widenings() {
        let t = Thresholds::new(vec![0, 100]);
        // i in [0, 2] with f = 0 grows; (i = 51, f = 1) is a new case
        let old = Boxes::of(vec![bx(&[(0, 0, 2), (1, 0, 0)])]);
        let next = Boxes::of(vec![bx(&[(0, 0, 3), (1, 0, 0)]), bx(&[(0, 51, 51), (1, 1, 1)])]);
        let w = old.widen_with(&next, &t);
        assert_eq!(w.boxes(), [bx(&[(0, 0, 100), (1, 0, 0)]), bx(&[(0, 51, 51), (1, 1, 1)])]);
        // after NEW_CASES widenings the case joins the closest box
        let mut aged = old.clone();
        for _ in 0..NEW_CASES {
            aged = aged.widen_with(&aged, &t);
        }
        let w = aged.widen_with(&next, &t);
        assert_eq!(w.boxes(), [bx(&[(0, 0, 100), (1, 0, 100)])]);
    }

    #[test]
    fn widening_grows_the_closest_boxes_and_stops_at_thresholds() {
        let t = Thresholds::new(vec![0, 100]);
        let old = Boxes::of(vec![bx(&[(0, 0, 0), (1, 0, 0)]), bx(&[(0, 50, 50), (1, 1, 1)])]);
        let new = Boxes::of(vec![bx(&[(0, 0, 1), (1, 0, 0)]), bx(&[(0, 50, 51), (1, 1, 1)])]);
        let w = old.widen_with(&old.join(&new), &t);
        assert_eq!(w.boxes().len(), 2, "{w:?}");
        assert!(w.boxes().contains(&bx(&[(0, 0, 100), (1, 0, 0)])), "{w:?}");
        assert!(w.boxes().contains(&bx(&[(0, 50, 100), (1, 1, 1)])), "{w:?}");
        assert!(old.leq(&w) && new.leq(&w));
    }
}
