//! The backward transfer of any [`Domain`]: the abstract `Preimage` of
//! papers/dagger-refining-abstract-interpretations.txt §2 (the states from
//! which an edge may lead into a given abstract state), which DAGGER's
//! `RefineTREE` (Fig. 2, line 9) uses to carry an abstract error state
//! backwards from the error node until it finds the join or widening that
//! let the error in.
//!
//! Built from the forward operations alone, so every domain has it, and
//! exact where the domain's `assume` is: the body runs forwards
//! symbolically (each assigned variable's value as an expression over the
//! state before, a havoc's as a fresh temporary), and the preimage of `ψ` is
//! the domain's `assume` of each condition the body assumes and of `ψ`'s own
//! formula (`Domain::to_expr`), each over the state before (the existential
//! dual of `ir::wp`'s weakest precondition: `g ∧ q` for an assumption, `∃`
//! for a havoc, abstracted once), with the temporaries forgotten. Carried statement by statement instead, `y := v + x;
//! assume y < 0` after `v := -1` would lose `x ≤ 0` (when `y`'s equation is
//! inverted, `v` is not yet known), and a relation over three variables,
//! which no octagon holds, would be lost on the way. Conditions are split
//! into their disjuncts (`cases::condition`: `x != 100` is `x < 100` or
//! `x > 100`, where a convex domain would have `⊤`), so the preimage is a
//! finite union of elements ([`disjuncts`]; [`body`] joins them).
//!
//! Invariant (checked by `soundness`): for every concrete state `s` whose
//! successor by the body (under the model's semantics, `ir::eval`) is in
//! `γ(ψ)`, `s` is in `γ` of some element of the preimage: it
//! over-approximates, never drops a state — so an error state carried back
//! to the entry may still be spurious (the paper, end of §2), and DAGGER
//! confirms a counterexample with the path query before answering.

use super::{cases, inlined, Ctx, Domain};
use crate::ir::{Expr, Sort, Stmt, VarId};
use std::collections::HashMap;

/// The first temporary's id: temporaries count down from the largest id, far
/// above any program's variables.
const TEMP: u32 = u32::MAX;

/// The most nodes a value or a condition over the state before may have;
/// a larger value is any value, a larger condition is not assumed (both
/// over-approximate: the domains' transfers of large expressions cost more
/// than they tell).
pub const EXPR_MAX: usize = 64;

/// Keeps a union of elements to at most `cases::CAP`, the last the join of
/// the rest.
pub fn cap<D: Domain>(ds: &mut Vec<D>) {
    if ds.len() > cases::CAP {
        let rest = ds.split_off(cases::CAP - 1).into_iter().fold(D::bottom(), |a, d| a.join(&d));
        ds.push(rest);
    }
}

/// The preimage of `post` (over the variables `vars`) by an edge `body`,
/// joined.
pub fn body<D: Domain>(post: &D, cx: &Ctx, body: &[Stmt], vars: &[VarId]) -> D {
    disjuncts(post, cx, body, vars).into_iter().fold(D::bottom(), |a, d| a.join(&d))
}

/// The preimage of `post` (over the variables `vars`) by an edge `body`,
/// as a union of elements (module docs), bottom ones left out, at most
/// `cases::CAP` (the rest joined into the last).
pub fn disjuncts<D: Domain>(post: &D, cx: &Ctx, body: &[Stmt], vars: &[VarId]) -> Vec<D> {
    if post.is_bottom() {
        return Vec::new();
    }
    // the body forwards: values over the state before, and what it assumes
    let mut value: HashMap<VarId, Expr> = HashMap::new();
    let mut temps: Vec<Sort> = Vec::new();
    let mut conditions: Vec<Expr> = Vec::new();
    for s in inlined(body) {
        let before =
            |e: &Expr, value: &HashMap<VarId, Expr>| cases::fold(&e.substitute(&|v, _| value.get(&v).cloned()));
        // (a value grown past `EXPR_MAX` nodes is any value: a temporary)
        let unknown = |v: VarId, temps: &mut Vec<Sort>| {
            let sort = (cx.sort)(v);
            temps.push(sort);
            Expr::Var(VarId(TEMP - (temps.len() - 1) as u32), sort)
        };
        match s {
            Stmt::Assume(e) => {
                let c = before(&e, &value);
                if super::size(&c) <= EXPR_MAX {
                    conditions.push(c);
                }
            }
            Stmt::Assign(v, e) => {
                let x = before(&e, &value);
                let x = if super::size(&x) <= EXPR_MAX { x } else { unknown(v, &mut temps) };
                value.insert(v, x);
            }
            Stmt::Parallel(xs) => {
                let new: Vec<(VarId, Expr)> = xs
                    .iter()
                    .map(|(v, e)| {
                        let x = before(e, &value);
                        (*v, if super::size(&x) <= EXPR_MAX { x } else { unknown(*v, &mut temps) })
                    })
                    .collect();
                value.extend(new);
            }
            Stmt::Havoc(v, ..) => {
                let x = unknown(v, &mut temps);
                value.insert(v, x);
            }
        }
    }
    conditions.push(post.to_expr(cx, vars).substitute(&|v, _| value.get(&v).cloned()));
    let sort = |v: VarId| match (TEMP - v.0) as usize {
        k if k < temps.len() => temps[k],
        _ => (cx.sort)(v),
    };
    let tcx = Ctx { sem: cx.sem, sort: &sort };
    let mut ds = vec![D::top()];
    for c in &conditions {
        let parts = cases::condition(c);
        ds = ds
            .iter()
            .flat_map(|d| {
                parts.iter().map(|c| {
                    let mut d = d.clone();
                    d.assume(&tcx, c);
                    d
                })
            })
            .filter(|d| !d.is_bottom())
            .collect();
        cap(&mut ds);
    }
    for d in &mut ds {
        for k in 0..temps.len() {
            d.forget(VarId(TEMP - k as u32));
        }
    }
    ds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{add, assume, cmp, havoc, lit, set, v};
    use crate::domains::interval::{Intervals, Itv};
    use crate::domains::octagon::Octagons;
    use crate::ir::{CmpPred, IntSemantics};

    const VARS: [VarId; 3] = [VarId(0), VarId(1), VarId(2)];

    fn int(_: VarId) -> Sort {
        Sort::Int { bits: 32 }
    }

    /// The octagon's preimage of an exact linear assignment is the
    /// substitution: `x ≤ 5` before `x := y + 1` is `y ≤ 4`; before `x :=
    /// x + 1; assume x > y` it is `x ≤ 4 ∧ y ≤ x` (`x + 1 > y`); a havoc
    /// forgets; a parallel swap swaps.
    #[test]
    fn octagon_preimages_substitute_linear_assignments() {
        let cx = Ctx { sem: IntSemantics::Lia, sort: &int };
        let (x, y) = (VarId(0), VarId(1));
        let mut post = Octagons::top();
        post.assume(&cx, &cmp(CmpPred::Sle, v(0), lit(5)));
        let pre = body(&post, &cx, &[set(0, add(v(1), lit(1)))], &VARS);
        assert_eq!(pre.get(y), Itv { lo: None, hi: Some(4) });
        assert_eq!(pre.get(x), Itv::TOP);
        let pre = body(&post, &cx, &[set(0, add(v(0), lit(1))), assume(cmp(CmpPred::Sgt, v(0), v(1)))], &VARS);
        assert_eq!(pre.get(x), Itv { lo: None, hi: Some(4) });
        let mut expect = Octagons::top();
        expect.assume(&cx, &cmp(CmpPred::Sle, v(0), lit(4)));
        expect.assume(&cx, &cmp(CmpPred::Sle, v(1), v(0)));
        assert_eq!(pre, expect);
        assert_eq!(body(&post, &cx, &[havoc(0)], &VARS), Octagons::top());
        let swap = Stmt::Parallel(vec![(x, v(1)), (y, v(0))]);
        let pre = body(&post, &cx, &[swap], &VARS);
        assert_eq!((pre.get(x), pre.get(y)), (Itv::TOP, Itv { lo: None, hi: Some(5) }));
    }

    /// A comparison the body defines and assumes constrains its operands
    /// backwards too (`c := x < 3; assume c`).
    #[test]
    fn an_assumed_definition_is_inlined_backwards() {
        let cx = Ctx {
            sem: IntSemantics::Lia,
            sort: &|v: VarId| if v.0 == 2 { Sort::Bool } else { Sort::Int { bits: 32 } },
        };
        let c = Expr::Var(VarId(2), Sort::Bool);
        let pre = body(
            &Intervals::top(),
            &cx,
            &[Stmt::Assign(VarId(2), cmp(CmpPred::Slt, v(0), lit(3))), Stmt::Assume(c)],
            &VARS,
        );
        assert_eq!(pre.get(VarId(0)), Itv { lo: None, hi: Some(2) });
    }
}
