//! Property tests of the domains' soundness (issue 21 §1): on random
//! expressions of the program model and random concrete states inside random
//! abstract states, every transfer contains what the model does
//! (`ir::eval`, the one reference semantics, which agrees with the Z3
//! lowering): an expression's interval contains its value, or, where the
//! model gives an arbitrary value, the sort's whole range; `assume` keeps a
//! state in which the condition holds; assignment and `havoc` contain the
//! new state. Under `lia`, `bv` and `math`. The boxes domain, whose
//! transfers are the interval domain's on each box plus its own splits
//! (disjunctions, `!=`, `ite` assignments), is checked the same way on
//! states of up to three boxes, with its lattice laws. So is the explicit
//! values' domain (`constants`), on assignments that define a random part
//! of a concrete state. So is the octagon domain, on octagons of random
//! relations around a concrete state, its exact linear transfers too; so is
//! the polyhedra domain, on polyhedra of random linear constraints (any
//! small coefficients) around a concrete state, with its lattice laws,
//! interpolants and preimages. So are strided intervals (congruences of
//! random low bits of the concrete values) and their boxes.

use super::boxes::Boxes;
use super::congruence::Cong;
use super::constants::Constants;
use super::explicit::Assignment;
use super::interval::{int_range, Intervals, Itv};
use super::octagon::Octagons;
use super::polyhedra::Polyhedra;
use super::strided::Strided;
use super::{Ctx, Domain};
use crate::ir::eval::{self, NoValue, Val};
use crate::ir::IntSemantics;
use crate::ir::{BinOp, CastOp, CmpPred, Expr, IntrOp, Sort, Stmt, VarId};
use proptest::prelude::*;

/// Variables 0..4: three integers of `W` bits, one Boolean.
const W: u32 = 16;
const NVARS: u32 = 4;
const ALL: [VarId; 4] = [VarId(0), VarId(1), VarId(2), VarId(3)];

fn sort_of(v: VarId) -> Sort {
    if v.0 == 3 {
        Sort::Bool
    } else {
        Sort::Int { bits: W }
    }
}

fn int_leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        (0..3u32).prop_map(|v| Expr::Var(VarId(v), Sort::Int { bits: W })),
        prop_oneof![Just(0i128), Just(1), Just(-1), Just(i16::MIN as i128), Just(i16::MAX as i128), -40i128..40]
            .prop_map(|value| Expr::Int { value, bits: W }),
    ]
}

fn bin_op() -> impl Strategy<Value = BinOp> {
    prop::sample::select(vec![
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::SDiv,
        BinOp::UDiv,
        BinOp::SRem,
        BinOp::URem,
        BinOp::Shl,
        BinOp::LShr,
        BinOp::AShr,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
    ])
}

fn pred() -> impl Strategy<Value = CmpPred> {
    prop::sample::select(vec![
        CmpPred::Eq,
        CmpPred::Ne,
        CmpPred::Slt,
        CmpPred::Sle,
        CmpPred::Sgt,
        CmpPred::Sge,
        CmpPred::Ult,
        CmpPred::Ule,
        CmpPred::Ugt,
        CmpPred::Uge,
    ])
}

/// Integer expressions of `W` bits, and Boolean ones over them.
fn int_expr() -> BoxedStrategy<Expr> {
    int_leaf()
        .prop_recursive(3, 24, 3, |inner| {
            let inner = inner.boxed();
            let b = bool_of(inner.clone());
            prop_oneof![
                (bin_op(), any::<bool>(), inner.clone(), inner.clone()).prop_map(|(op, nsw, a, b)| Expr::Bin {
                    op,
                    bits: W,
                    nsw,
                    nuw: false,
                    a: Box::new(a),
                    b: Box::new(b)
                }),
                (b, inner.clone(), inner.clone()).prop_map(|(c, a, b)| Expr::Ite(
                    Box::new(c),
                    Box::new(a),
                    Box::new(b)
                )),
                (
                    prop::sample::select(vec![IntrOp::SMax, IntrOp::SMin, IntrOp::UMax, IntrOp::UMin]),
                    inner.clone(),
                    inner.clone()
                )
                    .prop_map(|(op, a, b)| Expr::Intr { op, bits: W, args: vec![a, b] }),
                inner.clone().prop_map(|a| Expr::Intr { op: IntrOp::Abs, bits: W, args: vec![a] }),
                // through 8 bits and back
                (any::<bool>(), inner).prop_map(|(signed, a)| Expr::Cast {
                    op: if signed { CastOp::Sext } else { CastOp::Zext },
                    from: 8,
                    to: W,
                    a: Box::new(Expr::Cast { op: CastOp::Trunc, from: W, to: 8, a: Box::new(a) })
                }),
            ]
        })
        .boxed()
}

fn bool_of(ints: BoxedStrategy<Expr>) -> BoxedStrategy<Expr> {
    let cmp = (pred(), ints.clone(), ints).prop_map(|(pred, a, b)| Expr::Cmp {
        pred,
        bits: W,
        a: Box::new(a),
        b: Box::new(b),
    });
    let flag = Just(Expr::Var(VarId(3), Sort::Bool));
    prop_oneof![3 => cmp, 1 => flag]
        .prop_recursive(2, 8, 2, |inner| {
            prop_oneof![
                inner.clone().prop_map(|a| Expr::Not(Box::new(a))),
                prop::collection::vec(inner.clone(), 2).prop_map(Expr::And),
                prop::collection::vec(inner, 2).prop_map(Expr::Or),
            ]
        })
        .boxed()
}

/// A concrete state, and an abstract one around it (each variable's
/// interval contains its value, or is unconstrained).
fn states() -> impl Strategy<Value = (Vec<Val>, Intervals)> {
    let r = int_range(W);
    let (lo, hi) = (r.lo.unwrap_or(0), r.hi.unwrap_or(0));
    let value = prop_oneof![-20i128..20, lo..=hi, Just(lo), Just(hi)];
    let slack = prop::option::of((0i128..30, 0i128..30));
    (prop::collection::vec((value, slack), 3), any::<bool>(), any::<bool>()).prop_map(move |(xs, flag, known)| {
        let mut d = Intervals::top();
        let mut vals = Vec::new();
        for (i, (x, s)) in xs.into_iter().enumerate() {
            vals.push(Val::Int(x));
            if let Some((below, above)) = s {
                d.set(VarId(i as u32), Itv::new(x - below, x + above));
            }
        }
        vals.push(Val::Bool(flag));
        if known {
            d.set(VarId(3), Itv::point(flag as i128));
        }
        (vals, d)
    })
}

fn semantics() -> impl Strategy<Value = IntSemantics> {
    prop::sample::select(vec![IntSemantics::Lia, IntSemantics::Bv, IntSemantics::Math])
}

fn as_i128(v: Val) -> i128 {
    match v {
        Val::Bool(b) => b as i128,
        Val::Int(x) => x,
    }
}

/// Whether `e` is an operation whose operands have values in the state
/// (an arbitrary result is then the operation's own: any value of the
/// sort; deeper, the set of values is not known).
fn operands_defined(e: &Expr, env: &dyn Fn(VarId) -> Option<Val>, sem: IntSemantics) -> bool {
    matches!(e, Expr::Bin { a, b, .. } if eval::expr(a, env, sem).is_ok() && eval::expr(b, env, sem).is_ok())
}

/// An abstract state that may contain a concrete one.
trait Holds: Domain {
    /// `vals` (variables 0..NVARS) is in the state.
    fn holds(&self, vals: &[Val]) -> bool;
}

impl Holds for Intervals {
    fn holds(&self, vals: &[Val]) -> bool {
        (0..NVARS).all(|i| self.get(VarId(i)).contains(as_i128(vals[i as usize])))
    }
}

impl Holds for Boxes {
    fn holds(&self, vals: &[Val]) -> bool {
        self.boxes().iter().any(|b| b.holds(vals))
    }
}

impl Holds for Strided {
    fn holds(&self, vals: &[Val]) -> bool {
        (0..NVARS).all(|i| {
            let (v, x) = (VarId(i), as_i128(vals[i as usize]));
            self.get(v).contains(x) && self.cong(v).contains(x)
        })
    }
}

impl Holds for Boxes<Strided> {
    fn holds(&self, vals: &[Val]) -> bool {
        self.boxes().iter().any(|b| b.holds(vals))
    }
}

impl Holds for Constants {
    fn holds(&self, vals: &[Val]) -> bool {
        self.assignment().is_some_and(|a| a.values().all(|(v, x)| vals.get(v.0 as usize) == Some(&x)))
    }
}

impl Holds for Octagons {
    fn holds(&self, vals: &[Val]) -> bool {
        self.contains(&|v| as_i128(vals[v.0 as usize]))
    }
}

impl Holds for Polyhedra {
    fn holds(&self, vals: &[Val]) -> bool {
        self.contains(&|v| as_i128(vals[v.0 as usize]))
    }
}

/// A concrete state, and a polyhedron around it: its intervals (as
/// `states`), and constraints `a·x + b·y + c·z ≤ k` (coefficients in
/// `-3..=3`) it satisfies, some tightly.
fn poly_states() -> impl Strategy<Value = (Vec<Val>, Polyhedra)> {
    let constraint = (prop::collection::vec(-3i128..=3, 3), prop_oneof![Just(0i128), 0i128..20]);
    (states(), prop::collection::vec(constraint, 0..4)).prop_map(|((vals, d), cs)| {
        let p = polyhedron(&vals, &d, &cs);
        (vals, p)
    })
}

/// The polyhedron of the intervals `d` and of each `Σ aᵢ·xᵢ ≤ Σ aᵢ·valsᵢ + slack`.
fn polyhedron(vals: &[Val], d: &Intervals, cs: &[(Vec<i128>, i128)]) -> Polyhedra {
    let mut cons: Vec<(Vec<(VarId, i128)>, i128)> = Vec::new();
    for v in ALL {
        let x = d.get(v);
        if let Some(h) = x.hi {
            cons.push((vec![(v, 1)], h));
        }
        if let Some(l) = x.lo {
            cons.push((vec![(v, -1)], -l));
        }
    }
    for (a, slack) in cs {
        let terms: Vec<(VarId, i128)> = a.iter().enumerate().map(|(i, k)| (VarId(i as u32), *k)).collect();
        let at: i128 = terms.iter().map(|(v, k)| k * as_i128(vals[v.0 as usize])).sum();
        cons.push((terms, at + slack));
    }
    Polyhedra::of_constraints(&cons)
}

/// `assume c` keeps `vals` if `c` holds there.
fn assume_keeps<D: Holds>(c: &Expr, vals: &[Val], d: &D, sem: IntSemantics) -> Result<(), TestCaseError> {
    let sort = sort_of;
    let cx = Ctx { sem, sort: &sort };
    let env = |v: VarId| vals.get(v.0 as usize).copied();
    prop_assert!(d.holds(vals));
    if let Ok(Val::Bool(true)) = eval::expr(c, &env, sem) {
        let mut a = d.clone();
        a.assume(&cx, c);
        prop_assert!(a.holds(vals), "assume {c:?} lost {vals:?}: {d:?} -> {a:?} under {sem:?}");
    }
    Ok(())
}

/// An edge body: an `ite` assignment to `target` (split by boxes), then a
/// Boolean the body defines and assumes (`b := c; ...; assume b`) around an
/// assignment of `e` to the next variable.
fn body_of(e: Expr, c: Expr, target: u32) -> Vec<Stmt> {
    let v = VarId(target);
    vec![
        Stmt::Assign(v, Expr::Ite(Box::new(c.clone()), Box::new(e.clone()), Box::new(Expr::Var(v, sort_of(v))))),
        Stmt::Assign(VarId(3), c),
        Stmt::Assign(VarId((target + 1) % 3), e),
        Stmt::Assume(Expr::Var(VarId(3), Sort::Bool)),
    ]
}

/// The state after `body` from `vals` (a havoc reads 0), if it runs to
/// its end under `sem`.
fn successor(body: &[Stmt], vals: &[Val], sem: IntSemantics) -> Option<Vec<Val>> {
    let mut env: std::collections::HashMap<VarId, Val> =
        vals.iter().enumerate().map(|(i, x)| (VarId(i as u32), *x)).collect();
    let mut havoc = |_: VarId, _: Sort| Val::Int(0);
    match eval::body(body, &mut env, sem, &sort_of, &mut havoc) {
        Ok(true) => Some((0..NVARS).map(|i| env[&VarId(i)]).collect()),
        _ => None,
    }
}

/// The transfer of `body` from `d` contains the successor of `vals`.
fn body_contains<D: Holds>(body: &[Stmt], vals: &[Val], d: &D, sem: IntSemantics) -> Result<(), TestCaseError> {
    let sort = sort_of;
    let cx = Ctx { sem, sort: &sort };
    if let Some(after) = successor(body, vals, sem) {
        let mut a = d.clone();
        a.body(&cx, body);
        prop_assert!(a.holds(&after), "{body:?} from {vals:?} to {after:?} not in {a:?} under {sem:?}");
    }
    Ok(())
}

/// A concrete state, and boxes one of which is around it.
fn boxes_states() -> impl Strategy<Value = (Vec<Val>, Boxes)> {
    (states(), prop::collection::vec(states(), 0..3))
        .prop_map(|((vals, d), others)| (vals, Boxes::of(others.into_iter().map(|(_, o)| o).chain([d]).collect())))
}

/// A concrete state, and strided intervals around it: `states`' intervals,
/// and for some variables the value's low bits (1 to 5 of them).
fn strided_states() -> impl Strategy<Value = (Vec<Val>, Strided)> {
    (states(), prop::collection::vec(prop::option::of(1u32..6), 3)).prop_map(|((vals, d), ks)| {
        let sort = sort_of;
        let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
        let mut s = Strided::top();
        for v in ALL {
            s.set(&cx, v, d.get(v), Cong::TOP);
        }
        for (i, k) in ks.into_iter().enumerate() {
            if let Some(k) = k {
                let v = VarId(i as u32);
                s.set(&cx, v, s.get(v), Cong::new(k, as_i128(vals[i]) as u128));
            }
        }
        (vals, s)
    })
}

/// A concrete state, and boxes of strided intervals, one around it.
fn strided_boxes_states() -> impl Strategy<Value = (Vec<Val>, Boxes<Strided>)> {
    (strided_states(), prop::collection::vec(strided_states(), 0..3))
        .prop_map(|((vals, d), others)| (vals, Boxes::of(others.into_iter().map(|(_, o)| o).chain([d]).collect())))
}

/// A concrete state, and an octagon around it: its intervals (as
/// `states`), and relations `±x ± y ≤ c` it satisfies, some tightly.
fn octagon_states() -> impl Strategy<Value = (Vec<Val>, Octagons)> {
    let relation = (0..3u32, any::<bool>(), 0..3u32, any::<bool>(), prop_oneof![Just(0i128), 0i128..20]);
    (states(), prop::collection::vec(relation, 0..4)).prop_map(|((vals, d), rels)| {
        let cons: Vec<(VarId, i128, VarId, i128, i128)> = rels
            .into_iter()
            .map(|(x, sx, y, sy, slack)| {
                let (a, b) = (if sx { 1 } else { -1 }, if sy { 1 } else { -1 });
                let c = a * as_i128(vals[x as usize]) + b * as_i128(vals[y as usize]) + slack;
                (VarId(x), a, VarId(y), b, c)
            })
            .collect();
        let vars: Vec<VarId> = (0..NVARS).map(VarId).collect();
        (vals.clone(), Octagons::of(&d, &vars, &cons))
    })
}

/// Linear statements, the octagon's own transfers: `x := ±y + k`, `x :=
/// x + k`, sums of variables and of what is not linear, comparisons of
/// `±x ± y` with a constant.
fn linear_bodies(x: u32, y: u32, k: i128, neg: bool, nsw: bool, pred: CmpPred) -> Vec<Vec<Stmt>> {
    let var = |i: u32| Expr::Var(VarId(i), Sort::Int { bits: W });
    let lit = Expr::Int { value: k, bits: W };
    let bin = |op, a: Expr, b: Expr| Expr::Bin { op, bits: W, nsw, nuw: false, a: Box::new(a), b: Box::new(b) };
    let side = if neg { bin(BinOp::Sub, lit.clone(), var(y)) } else { bin(BinOp::Add, var(y), lit.clone()) };
    let cond = Expr::Cmp { pred, bits: W, a: Box::new(bin(BinOp::Add, var(x), var(y))), b: Box::new(lit.clone()) };
    vec![
        vec![Stmt::Assign(VarId(x), side.clone())],
        vec![Stmt::Assign(VarId(x), bin(BinOp::Add, var(x), lit.clone()))],
        vec![Stmt::Assume(cond.clone())],
        vec![Stmt::Assume(Expr::Not(Box::new(cond)))],
        vec![Stmt::Parallel(vec![(VarId(x), side), (VarId(y), var(x))])],
        // sums of variables, and of a variable and what is not linear
        vec![Stmt::Assign(VarId(x), bin(BinOp::Add, var(y), var((x + 1) % 3)))],
        vec![Stmt::Assign(VarId(x), bin(BinOp::Sub, bin(BinOp::Add, var(x), var(y)), lit.clone()))],
        vec![Stmt::Assign(VarId(x), bin(BinOp::Add, var(x), bin(BinOp::Mul, var(y), var(y))))],
        vec![Stmt::Assign(VarId(x), bin(BinOp::Sub, var(y), bin(BinOp::And, var(x), lit.clone())))],
    ]
}

/// How an abstract state lies around a concrete one: per integer variable
/// the slack below and above its value (or no bound), whether the Boolean
/// is known, and relations `±x ± y ≤ c` with their slack.
type Shape = (Vec<Option<(i128, i128)>>, bool, Vec<(u32, bool, u32, bool, i128)>);

fn shapes() -> impl Strategy<Value = Shape> {
    let relation = (0..3u32, any::<bool>(), 0..3u32, any::<bool>(), prop_oneof![Just(0i128), 0i128..20]);
    (
        prop::collection::vec(prop::option::of((0i128..30, 0i128..30)), 3),
        any::<bool>(),
        prop::collection::vec(relation, 0..4),
    )
}

/// The intervals and the octagon of `shape` around `vals`.
fn around(vals: &[Val], shape: &Shape) -> (Intervals, Octagons) {
    let (slack, known, rels) = shape;
    let mut d = Intervals::top();
    for (i, s) in slack.iter().enumerate() {
        let x = as_i128(vals[i]);
        if let Some((below, above)) = s {
            d.set(VarId(i as u32), Itv::new(x - below, x + above));
        }
    }
    if *known {
        d.set(VarId(3), Itv::point(as_i128(vals[3])));
    }
    let cons: Vec<(VarId, i128, VarId, i128, i128)> = rels
        .iter()
        .map(|(x, sx, y, sy, slack)| {
            let (a, b) = (if *sx { 1 } else { -1 }, if *sy { 1 } else { -1 });
            let c = a * as_i128(vals[*x as usize]) + b * as_i128(vals[*y as usize]) + slack;
            (VarId(*x), a, VarId(*y), b, c)
        })
        .collect();
    let vars: Vec<VarId> = (0..NVARS).map(VarId).collect();
    let o = Octagons::of(&d, &vars, &cons);
    (d, o)
}

/// The preimage of every state around the successor of `vals` by `body`
/// contains `vals`: intervals, boxes of one, octagons.
fn preimage_contains(
    body: &[Stmt],
    vals: &[Val],
    shape: &Shape,
    poly_shape: &[(Vec<i128>, i128)],
    sem: IntSemantics,
) -> Result<(), TestCaseError> {
    let sort = sort_of;
    let cx = Ctx { sem, sort: &sort };
    if let Some(after) = successor(body, vals, sem) {
        let (itv, oct) = around(&after, shape);
        prop_assert!(itv.holds(&after) && oct.holds(&after));
        let pre = super::preimage::body(&itv, &cx, body, &ALL);
        prop_assert!(
            pre.holds(vals),
            "{body:?}: {vals:?} to {after:?} in {itv:?}, not in its preimage {pre:?} under {sem:?}"
        );
        let boxes = Boxes::of(vec![itv.clone()]);
        let pre = super::preimage::body(&boxes, &cx, body, &ALL);
        prop_assert!(
            pre.holds(vals),
            "{body:?}: {vals:?} to {after:?} in {boxes:?}, not in its preimage {pre:?} under {sem:?}"
        );
        let pre = super::preimage::body(&oct, &cx, body, &ALL);
        prop_assert!(
            pre.holds(vals),
            "{body:?}: {vals:?} to {after:?} in {oct:?}, not in its preimage {pre:?} under {sem:?}"
        );
        let poly = polyhedron(&after, &itv, &[]).meet(&polyhedron(&after, &Intervals::top(), poly_shape));
        prop_assert!(poly.holds(&after));
        let pre = super::preimage::body(&poly, &cx, body, &ALL);
        prop_assert!(
            pre.holds(vals),
            "{body:?}: {vals:?} to {after:?} in {poly:?}, not in its preimage {pre:?} under {sem:?}"
        );
        let pre = super::preimage::disjuncts(&oct, &cx, body, &ALL);
        prop_assert!(
            pre.iter().any(|d| d.holds(vals)),
            "{body:?}: {vals:?} to {after:?} in {oct:?}, in none of {pre:?}"
        );
        // the case of the body `vals` runs, and the disjuncts of its preimage
        for case in super::cases::body(body) {
            if successor(&case, vals, sem).is_some() {
                let pre = super::preimage::disjuncts(&itv, &cx, &case, &ALL);
                prop_assert!(pre.iter().any(|d| d.holds(vals)), "case {case:?}: {vals:?} in none of {pre:?}");
            }
        }
    }
    Ok(())
}

/// Interpolants separate (`A ⊑ I`, `I ⊓ B = ⊥`) when `A ⊓ B = ⊥` (each of
/// `interpolants` and their conjunction `interpolate`), and a
/// bounded widening stays below every element of `T` that bounds both its
/// arguments and above both (Lemma 1).
fn interpolants_separate<D: Holds + super::interpolate::Interpolate>(
    a: &D,
    b: &D,
    vals: &[Val],
    t: &super::Thresholds,
) -> Result<(), TestCaseError> {
    if a.meet(b).is_bottom() && !a.is_bottom() && !b.is_bottom() {
        for i in std::iter::once(a.interpolate(b)).chain(a.interpolants(b)) {
            prop_assert!(a.leq(&i), "{a:?} not below its interpolant {i:?} against {b:?}");
            prop_assert!(i.meet(b).is_bottom(), "the interpolant {i:?} of {a:?} meets {b:?}");
        }
    }
    let c = a.join(b);
    let j = a.join(b);
    let w = super::interpolate::bounded_widen(a, &j, std::slice::from_ref(&c), t);
    prop_assert!(a.leq(&w) && j.leq(&w) && w.leq(&c), "{a:?} widened by {j:?} up to {c:?}: {w:?}");
    prop_assert!(w.holds(vals) || !a.holds(vals));
    Ok(())
}

/// A concrete state, and explicit values of some of its variables.
fn constants_states() -> impl Strategy<Value = (Vec<Val>, Constants)> {
    (states(), prop::collection::vec(any::<bool>(), NVARS as usize)).prop_map(|((vals, _), known)| {
        let mut a = Assignment::new();
        for (i, k) in known.into_iter().enumerate() {
            if k {
                a.set(VarId(i as u32), vals[i]);
            }
        }
        (vals, Constants::of(a))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn expressions_contain_their_values(e in int_expr(), (vals, d) in states(), sem in semantics()) {
        let sort = sort_of;
        let cx = Ctx { sem, sort: &sort };
        let env = |v: VarId| vals.get(v.0 as usize).copied();
        let itv = d.eval(&cx, &e);
        match eval::expr(&e, &env, sem) {
            Ok(v) => prop_assert!(itv.contains(as_i128(v)), "{e:?} = {v:?} not in {itv:?} under {sem:?}, state {vals:?} in {d:?}"),
            // an operation the model over-approximates on defined operands:
            // any value of the sort (deeper, the set of values is not known)
            Err(NoValue::Arbitrary(why)) if operands_defined(&e, &env, sem) => {
                let any = if sem == IntSemantics::Math { Itv::TOP } else { int_range(W) };
                prop_assert!(any.leq(&itv), "{e:?} is arbitrary ({why}) but only {itv:?} under {sem:?}");
            }
            Err(_) => {}
        }
    }

    #[test]
    fn assume_keeps_every_state_where_the_condition_holds(
        c in bool_of(int_expr()), (vals, d) in states(), sem in semantics()
    ) {
        assume_keeps(&c, &vals, &d, sem)?;
    }

    #[test]
    fn bodies_contain_their_successors(
        e in int_expr(), c in bool_of(int_expr()), (vals, d) in states(), sem in semantics(), target in 0..3u32
    ) {
        body_contains(&body_of(e, c, target), &vals, &d, sem)?;
    }

    #[test]
    fn boxes_assume_keeps_every_state_where_the_condition_holds(
        c in bool_of(int_expr()), (vals, d) in boxes_states(), sem in semantics()
    ) {
        assume_keeps(&c, &vals, &d, sem)?;
    }

    #[test]
    fn boxes_bodies_contain_their_successors(
        e in int_expr(), c in bool_of(int_expr()), (vals, d) in boxes_states(), sem in semantics(), target in 0..3u32
    ) {
        body_contains(&body_of(e, c, target), &vals, &d, sem)?;
    }

    /// join and widening are upper bounds, meet keeps the common states,
    /// narrowing stays between; at most `CAP` boxes.
    #[test]
    fn boxes_lattice_laws(
        (vals, a) in boxes_states(), (_, b) in boxes_states(), t in prop::collection::vec(-60i128..60, 0..4)
    ) {
        let j = a.join(&b);
        prop_assert!(a.leq(&j) && b.leq(&j) && j.holds(&vals));
        let w = a.widen_with(&j, &super::Thresholds::new(t));
        prop_assert!(a.leq(&w) && j.leq(&w), "{a:?} widen {j:?} = {w:?}");
        prop_assert!(w.boxes().len() <= super::boxes::CAP);
        let m = a.meet(&b);
        prop_assert_eq!(m.holds(&vals), b.holds(&vals));
        prop_assert!(a.leq(&a) && Boxes::bottom().leq(&a) && a.leq(&Boxes::top()));
        let n = j.narrow(&a);
        prop_assert!(a.leq(&n) && n.leq(&j));
        prop_assert!(j.boxes().len() <= super::boxes::CAP);
    }

    /// An expression's congruence holds of its value; where the model
    /// gives any value, it is top.
    #[test]
    fn strided_expressions_contain_their_values(e in int_expr(), (vals, d) in strided_states(), sem in semantics()) {
        let sort = sort_of;
        let cx = Ctx { sem, sort: &sort };
        let env = |v: VarId| vals.get(v.0 as usize).copied();
        let c = d.eval_cong(&cx, &e);
        match eval::expr(&e, &env, sem) {
            Ok(v) => prop_assert!(c.contains(as_i128(v)), "{e:?} = {v:?} not in {c:?} under {sem:?}, {vals:?} in {d:?}"),
            Err(NoValue::Arbitrary(why)) if operands_defined(&e, &env, sem) => {
                prop_assert!(c.is_top(), "{e:?} is arbitrary ({why}) but {c:?} under {sem:?}");
            }
            Err(_) => {}
        }
    }

    #[test]
    fn strided_assume_keeps_every_state_where_the_condition_holds(
        c in bool_of(int_expr()), (vals, d) in strided_states(), sem in semantics()
    ) {
        assume_keeps(&c, &vals, &d, sem)?;
    }

    #[test]
    fn strided_bodies_contain_their_successors(
        e in int_expr(), c in bool_of(int_expr()), (vals, d) in strided_states(), sem in semantics(), target in 0..3u32
    ) {
        body_contains(&body_of(e, c, target), &vals, &d, sem)?;
    }

    #[test]
    fn strided_boxes_assume_and_bodies_keep_their_states(
        e in int_expr(), c in bool_of(int_expr()), (vals, d) in strided_boxes_states(), sem in semantics(), target in 0..3u32
    ) {
        assume_keeps(&c, &vals, &d, sem)?;
        body_contains(&body_of(e, c, target), &vals, &d, sem)?;
    }

    /// join and widening are upper bounds, meet keeps the common states,
    /// narrowing stays between, for strided intervals and their boxes.
    #[test]
    fn strided_lattice_laws(
        (vals, a) in strided_boxes_states(), (_, b) in strided_boxes_states(), t in prop::collection::vec(-60i128..60, 0..4)
    ) {
        let j = a.join(&b);
        prop_assert!(a.leq(&j) && b.leq(&j) && j.holds(&vals));
        let w = a.widen_with(&j, &super::Thresholds::new(t.clone()));
        prop_assert!(a.leq(&w) && j.leq(&w), "{a:?} widen {j:?} = {w:?}");
        prop_assert_eq!(a.meet(&b).holds(&vals), b.holds(&vals));
        let n = j.narrow(&a);
        prop_assert!(a.leq(&n) && n.leq(&j));
        for (x, y) in a.boxes().iter().zip(b.boxes()) {
            let j = x.join(y);
            prop_assert!(x.leq(&j) && y.leq(&j), "{x:?} join {y:?} = {j:?}");
            let w = x.widen_with(&j, &super::Thresholds::new(t.clone()));
            prop_assert!(x.leq(&w) && j.leq(&w), "{x:?} widen {j:?} = {w:?}");
        }
    }

    #[test]
    fn octagon_assume_keeps_every_state_where_the_condition_holds(
        c in bool_of(int_expr()), (vals, d) in octagon_states(), sem in semantics()
    ) {
        assume_keeps(&c, &vals, &d, sem)?;
    }

    #[test]
    fn octagon_bodies_contain_their_successors(
        e in int_expr(), c in bool_of(int_expr()), (vals, d) in octagon_states(), sem in semantics(), target in 0..3u32
    ) {
        body_contains(&body_of(e, c, target), &vals, &d, sem)?;
    }

    /// Linear statements, the octagon's own transfers: `x := ±y + k`, `x :=
    /// x + k`, sums of variables and of what is not linear, comparisons of
    /// `±x ± y` with a constant.
    #[test]
    fn octagon_linear_transfers_contain_their_successors(
        (vals, d) in octagon_states(), sem in semantics(), x in 0..3u32, y in 0..3u32, k in -40i128..40,
        pred in pred(), neg in any::<bool>(), nsw in any::<bool>()
    ) {
        for body in linear_bodies(x, y, k, neg, nsw, pred) {
            body_contains(&body, &vals, &d, sem)?;
        }
    }

    /// join and widening are upper bounds, meet keeps the common states,
    /// narrowing stays between.
    #[test]
    fn octagon_lattice_laws(
        (vals, a) in octagon_states(), (_, b) in octagon_states(), t in prop::collection::vec(-60i128..60, 0..4)
    ) {
        let j = a.join(&b);
        prop_assert!(a.leq(&j) && b.leq(&j) && j.holds(&vals), "{a:?} join {b:?} = {j:?}");
        let w = a.widen_with(&j, &super::Thresholds::new(t));
        prop_assert!(a.leq(&w) && j.leq(&w), "{a:?} widen {j:?} = {w:?}");
        let m = a.meet(&b);
        prop_assert_eq!(m.holds(&vals), b.holds(&vals));
        prop_assert!(m.leq(&a) && m.leq(&b));
        prop_assert!(a.leq(&a) && Octagons::bottom().leq(&a) && a.leq(&Octagons::top()));
        let n = j.narrow(&a);
        prop_assert!(a.leq(&n) && n.leq(&j), "{j:?} narrow {a:?} = {n:?}");
    }

    #[test]
    fn constants_assume_keeps_every_state_where_the_condition_holds(
        c in bool_of(int_expr()), (vals, d) in constants_states(), sem in semantics()
    ) {
        assume_keeps(&c, &vals, &d, sem)?;
    }

    #[test]
    fn constants_bodies_contain_their_successors(
        e in int_expr(), c in bool_of(int_expr()), (vals, d) in constants_states(), sem in semantics(), target in 0..3u32
    ) {
        body_contains(&body_of(e, c, target), &vals, &d, sem)?;
    }

    /// join (the widening too) is an upper bound, meet keeps the common
    /// states, narrowing stays between.
    #[test]
    fn constants_lattice_laws((vals, a) in constants_states(), (_, b) in constants_states()) {
        let j = a.join(&b);
        prop_assert!(a.leq(&j) && b.leq(&j) && j.holds(&vals));
        prop_assert_eq!(a.widen(&b), j.clone());
        let m = a.meet(&b);
        prop_assert!(m.leq(&a) && m.leq(&b));
        prop_assert!(Constants::bottom().leq(&a) && a.leq(&Constants::top()));
        let n = j.narrow(&a);
        prop_assert!(a.leq(&n) && n.leq(&j));
    }

    /// The backward transfer (DAGGER's `Preimage`) of every body and linear
    /// statement over-approximates: the predecessor is in the preimage of
    /// any state around its successor.
    #[test]
    fn preimages_contain_their_predecessors(
        e in int_expr(), c in bool_of(int_expr()), (vals, _) in states(), shape in shapes(), sem in semantics(),
        target in 0..3u32, x in 0..3u32, y in 0..3u32, k in -40i128..40, pred in pred(), neg in any::<bool>(),
        nsw in any::<bool>(), ps in prop::collection::vec((prop::collection::vec(-3i128..=3, 3), 0i128..20), 0..3)
    ) {
        preimage_contains(&body_of(e, c, target), &vals, &shape, &ps, sem)?;
        for body in linear_bodies(x, y, k, neg, nsw, pred) {
            preimage_contains(&body, &vals, &shape, &ps, sem)?;
        }
    }

    #[test]
    fn interval_and_octagon_interpolants_separate(
        (vals, sa) in (states(), shapes()).prop_map(|((v, _), s)| (v, s)), (other, sb) in (states(), shapes()).prop_map(|((v, _), s)| (v, s)),
        t in prop::collection::vec(-60i128..60, 0..4)
    ) {
        let (ia, oa) = around(&vals, &sa);
        let (ib, ob) = around(&other, &sb);
        let t = super::Thresholds::new(t);
        interpolants_separate(&ia, &ib, &vals, &t)?;
        interpolants_separate(&oa, &ob, &vals, &t)?;
    }
}

proptest! {
    // (each case runs linear programs: fewer cases)
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn polyhedra_assume_keeps_every_state_where_the_condition_holds(
        c in bool_of(int_expr()), (vals, d) in poly_states(), sem in semantics()
    ) {
        assume_keeps(&c, &vals, &d, sem)?;
    }

    #[test]
    fn polyhedra_bodies_contain_their_successors(
        e in int_expr(), c in bool_of(int_expr()), (vals, d) in poly_states(), sem in semantics(), target in 0..3u32
    ) {
        body_contains(&body_of(e, c, target), &vals, &d, sem)?;
    }

    /// Linear statements, the polyhedra's own transfers (the octagon's, and
    /// assignments of sums and multiples).
    #[test]
    fn polyhedra_linear_transfers_contain_their_successors(
        (vals, d) in poly_states(), sem in semantics(), x in 0..3u32, y in 0..3u32, k in -40i128..40,
        pred in pred(), neg in any::<bool>(), nsw in any::<bool>()
    ) {
        for body in linear_bodies(x, y, k, neg, nsw, pred) {
            body_contains(&body, &vals, &d, sem)?;
        }
        let var = |i: u32| Expr::Var(VarId(i), Sort::Int { bits: W });
        let bin = |op, a: Expr, b: Expr| Expr::Bin { op, bits: W, nsw, nuw: false, a: Box::new(a), b: Box::new(b) };
        let times = bin(BinOp::Mul, Expr::Int { value: k, bits: W }, var(y));
        body_contains(&[Stmt::Assign(VarId(x), bin(BinOp::Add, times, var(x)))], &vals, &d, sem)?;
    }

    /// join and widening are upper bounds, meet keeps the common states,
    /// narrowing stays between; interpolants separate, and a bounded
    /// widening respects its bounds (Lemma 1).
    #[test]
    fn polyhedra_lattice_laws_and_interpolants(
        (vals, a) in poly_states(), (_, b) in poly_states(), t in prop::collection::vec(-60i128..60, 0..4)
    ) {
        let j = a.join(&b);
        prop_assert!(a.leq(&j) && b.leq(&j) && j.holds(&vals), "{a:?} join {b:?} = {j:?}");
        let w = a.widen_with(&j, &super::Thresholds::new(t.clone()));
        prop_assert!(a.leq(&w) && j.leq(&w), "{a:?} widen {j:?} = {w:?}");
        let m = a.meet(&b);
        prop_assert_eq!(m.holds(&vals), b.holds(&vals));
        prop_assert!(m.leq(&a) && m.leq(&b));
        prop_assert!(a.leq(&a) && Polyhedra::bottom().leq(&a) && a.leq(&Polyhedra::top()));
        let n = j.narrow(&a);
        prop_assert!(a.leq(&n) && n.leq(&j), "{j:?} narrow {a:?} = {n:?}");
        interpolants_separate(&a, &b, &vals, &super::Thresholds::new(t))?;
    }
}
