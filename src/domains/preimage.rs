//! The backward transfer of any [`Domain`]: the abstract `Preimage` of
//! papers/dagger-refining-abstract-interpretations.txt §2 (the states from
//! which an edge may lead into a given abstract state), which DAGGER's
//! `RefineTREE` (Fig. 2, line 9) uses to carry an abstract error state
//! backwards from the error node until it finds the join or widening that
//! let the error in.
//!
//! Built from the forward operations alone, so every domain has it:
//! - `assume c` is its own preimage (`ψ ⊓ c`);
//! - the assignment `x := e` (and a parallel one) renames `x` in `ψ` to a
//!   fresh temporary `t` (`t := x`, then forget `x`), assumes `t = e` over
//!   the state before, and forgets `t`: `∃t. ψ[t/x] ∧ t = e`, which is
//!   `ψ[e/x]`, exact where the domain's assignment of `t := x` and its
//!   assume of `t = e` are (an octagon's for `e = ±y + c`);
//! - `havoc x` forgets `x` (`∃x. ψ`, above the in-range preimage);
//! - a body runs backwards over its [`inlined`] statements, so that
//!   `cmp := i < n; assume cmp` constrains `i` and `n`.
//!
//! Invariant (checked by `soundness`): for every concrete state `s` whose
//! successor by the statement (under the model's semantics, `ir::eval`) is
//! in `γ(ψ)`, `s` is in `γ(pre(ψ))`: the preimage over-approximates, never
//! drops a state — so an error state carried back to the entry may still be
//! spurious (the paper, end of §2), and DAGGER confirms a counterexample
//! with the path query before answering.

use super::{inlined, Ctx, Domain};
use crate::ir::{Expr, Sort, Stmt, VarId};

/// The first temporary's id: temporaries count down from the largest id, far
/// above any program's variables.
const TEMP: u32 = u32::MAX;

/// The preimage of `post` by an edge `body`.
pub fn body<D: Domain>(post: &D, cx: &Ctx, body: &[Stmt]) -> D {
    let mut d = post.clone();
    for s in inlined(body).iter().rev() {
        if d.is_bottom() {
            break;
        }
        d = stmt(&d, cx, s);
    }
    d
}

/// The preimage of `post` by one statement.
pub fn stmt<D: Domain>(post: &D, cx: &Ctx, s: &Stmt) -> D {
    let mut d = post.clone();
    if d.is_bottom() {
        return d;
    }
    match s {
        Stmt::Assume(e) => d.assume(cx, e),
        Stmt::Havoc(v, ..) => d.forget(*v),
        Stmt::Assign(v, e) => d = assignments(post, cx, &[(*v, e.clone())]),
        Stmt::Parallel(xs) => d = assignments(post, cx, xs),
    }
    d
}

/// The preimage of the simultaneous assignments `xs` (a target assigned
/// twice gets the last value, as `ir::eval`'s).
fn assignments<D: Domain>(post: &D, cx: &Ctx, xs: &[(VarId, Expr)]) -> D {
    let last = |k: usize| !xs[k + 1..].iter().any(|(u, _)| *u == xs[k].0);
    let xs: Vec<&(VarId, Expr)> = xs.iter().enumerate().filter(|(k, _)| last(*k)).map(|(_, x)| x).collect();
    let temp = |k: usize| VarId(TEMP - k as u32);
    let sorts: Vec<Sort> = xs.iter().map(|(v, _)| (cx.sort)(*v)).collect();
    let sort = |v: VarId| match (TEMP - v.0) as usize {
        k if k < sorts.len() => sorts[k],
        _ => (cx.sort)(v),
    };
    let tcx = Ctx { sem: cx.sem, sort: &sort };
    let mut d = post.clone();
    // ψ[t/x]: each target's value after, renamed
    for (k, (v, _)) in xs.iter().enumerate() {
        if matches!(sorts[k], Sort::Int { .. } | Sort::Bool) {
            d.assign(&tcx, temp(k), &Expr::Var(*v, sorts[k]));
        }
    }
    for (v, _) in &xs {
        d.forget(*v);
    }
    // ∧ t = e over the state before, then ∃t
    for (k, (_, e)) in xs.iter().enumerate() {
        let t = Expr::Var(temp(k), sorts[k]);
        let eq = match sorts[k] {
            Sort::Int { bits } => {
                Expr::Cmp { pred: crate::ir::CmpPred::Eq, bits, a: Box::new(t), b: Box::new(e.clone()) }
            }
            Sort::Bool => Expr::Not(Box::new(Expr::Xor(Box::new(t), Box::new(e.clone())))),
            _ => continue,
        };
        d.assume(&tcx, &eq);
    }
    for k in 0..xs.len() {
        d.forget(temp(k));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{add, assume, cmp, havoc, lit, set, v};
    use crate::domains::interval::{Intervals, Itv};
    use crate::domains::octagon::Octagons;
    use crate::ir::{CmpPred, IntSemantics};

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
        let pre = body(&post, &cx, &[set(0, add(v(1), lit(1)))]);
        assert_eq!(pre.get(y), Itv { lo: None, hi: Some(4) });
        assert_eq!(pre.get(x), Itv::TOP);
        let pre = body(&post, &cx, &[set(0, add(v(0), lit(1))), assume(cmp(CmpPred::Sgt, v(0), v(1)))]);
        assert_eq!(pre.get(x), Itv { lo: None, hi: Some(4) });
        let mut expect = Octagons::top();
        expect.assume(&cx, &cmp(CmpPred::Sle, v(0), lit(4)));
        expect.assume(&cx, &cmp(CmpPred::Sle, v(1), v(0)));
        assert_eq!(pre, expect);
        assert_eq!(body(&post, &cx, &[havoc(0)]), Octagons::top());
        let swap = Stmt::Parallel(vec![(x, v(1)), (y, v(0))]);
        let pre = body(&post, &cx, &[swap]);
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
        let pre =
            body(&Intervals::top(), &cx, &[Stmt::Assign(VarId(2), cmp(CmpPred::Slt, v(0), lit(3))), Stmt::Assume(c)]);
        assert_eq!(pre.get(VarId(0)), Itv { lo: None, hi: Some(2) });
    }
}
