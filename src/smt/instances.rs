//! Quantifier instantiation for the checks of quantified invariants: a query
//! whose formulas quantify over a region's cells (`∀k. 0 ≤ k < i → a[k] = 2k`)
//! is first decided without quantifiers, by hand-made E-matching. Z3's own
//! instantiation (MBQI, E-matching on inferred patterns) was seen to time out
//! on such Hoare triples of `llvm-tests/memory/array_fill_safe.c` that the
//! instances below decide in milliseconds.
//!
//! The query `F` (a conjunction, unsatisfiable when the triple holds) becomes
//! `F'`, without the quantifiers it can remove:
//! - a quantifier that states an existence (`∃`, or `∀` under an odd number
//!   of negations) outside any other quantifier is replaced by its body at
//!   fresh constants (skolemization: `F'` is satisfiable iff `F` is);
//! - a `∀` that states a fact (under an even number of negations) outside any
//!   other quantifier is replaced by the conjunction of its body at the
//!   ground terms that index a region (`select`, `store`) and the skolem
//!   constants, of the bound variable's sort (a weakening: `F ⇒ F'`).
//!
//! Polarity is followed through `not`, `and`, `or` and `=>` only; a
//! quantifier elsewhere stays. So `F'` unsatisfiable proves `F`
//! unsatisfiable; `F'` satisfiable proves nothing, and the caller asks Z3 the
//! quantified query.

use super::terms::has_quantifier;
use std::collections::HashSet;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{DeclKind, Sort};

/// At most this many instances of one quantifier.
const MAX_INSTANCES: usize = 64;

/// A quantifier's parts: whether it is `∀`, its bound sorts (outermost
/// first), its body (bound variables as de Bruijn indices).
fn open(e: &Dynamic) -> Option<(bool, Vec<Sort>, Bool)> {
    if e.kind() != z3::AstKind::Quantifier {
        return None;
    }
    let ctx = z3::Context::thread_local();
    let (c, a) = (ctx.get_z3_context(), e.get_z3_ast());
    unsafe {
        let forall = z3_sys::Z3_is_quantifier_forall(c, a);
        let n = z3_sys::Z3_get_quantifier_num_bound(c, a);
        let body = Bool::wrap(&ctx, z3_sys::Z3_get_quantifier_body(c, a)?);
        let sorts = (0..n)
            .map(|i| {
                let s = z3_sys::Z3_get_quantifier_bound_sort(c, a, i)?;
                match z3_sys::Z3_get_sort_kind(c, s) {
                    z3_sys::SortKind::Bool => Some(Sort::bool()),
                    z3_sys::SortKind::Int => Some(Sort::int()),
                    z3_sys::SortKind::Bv => Some(Sort::bitvector(z3_sys::Z3_get_bv_sort_size(c, s))),
                    _ => None,
                }
            })
            .collect::<Option<Vec<_>>>()?;
        Some((forall, sorts, body))
    }
}

/// The body of a quantifier with bound variable `j` (outermost first) as `vals[j]`.
fn body_at(body: &Bool, vals: &[Dynamic]) -> Option<Bool> {
    // (:var 0) is the innermost bound variable
    let rev: Vec<Dynamic> = vals.iter().rev().cloned().collect();
    super::terms::substitute_vars(body, &rev)
}

/// The connective `e` is, if polarity is followed through it.
fn connective(e: &Dynamic) -> Option<DeclKind> {
    if e.kind() != z3::AstKind::App || e.as_bool().is_none() {
        return None;
    }
    let k = e.decl().kind();
    matches!(k, DeclKind::Not | DeclKind::And | DeclKind::Or | DeclKind::Implies).then_some(k)
}

/// Rebuilds the connective `e` over new children.
fn rebuild(e: &Dynamic, children: &[Dynamic]) -> Dynamic {
    let refs: Vec<&dyn Ast> = children.iter().map(|c| c as &dyn Ast).collect();
    e.decl().apply(&refs)
}

/// `e` (at `positive` polarity) with `leaf` applied to each maximal
/// subformula that is not a connective polarity is followed through, at its
/// polarity.
fn through_connectives(e: &Dynamic, positive: bool, leaf: &mut dyn FnMut(&Dynamic, bool) -> Dynamic) -> Dynamic {
    let Some(k) = connective(e) else { return leaf(e, positive) };
    let ch = e.children();
    let out: Vec<Dynamic> = ch
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let flip = k == DeclKind::Not || (k == DeclKind::Implies && i + 1 < ch.len());
            through_connectives(c, positive != flip, leaf)
        })
        .collect();
    rebuild(e, &out)
}

/// `e` (at `positive` polarity) with its existences skolemized.
fn skolemize(e: &Dynamic, positive: bool, skolems: &mut Vec<Dynamic>) -> Dynamic {
    through_connectives(e, positive, &mut |x, positive| match open(x) {
        Some((forall, sorts, body)) if forall != positive => {
            let consts: Vec<Dynamic> = sorts.iter().map(|s| Dynamic::fresh_const("sk", s)).collect();
            match body_at(&body, &consts) {
                Some(b) => {
                    skolems.extend(consts);
                    skolemize(&Dynamic::from_ast(&b), positive, skolems)
                }
                None => x.clone(),
            }
        }
        _ => x.clone(),
    })
}

/// A universally quantified `f`'s body at fresh constants (the Skolem
/// witness of `¬f`: `¬f` and `¬witness(f)` are equisatisfiable, and a model
/// of the latter evaluates the body concretely, where Z3's evaluation of a
/// quantifier in a model may stay symbolic); any other `f` as it is.
pub fn witness(f: &Bool) -> Bool {
    match open(&Dynamic::from_ast(f)) {
        Some((true, sorts, body)) => {
            let consts: Vec<Dynamic> = sorts.iter().map(|s| Dynamic::fresh_const("w", s)).collect();
            body_at(&body, &consts).unwrap_or_else(|| f.clone())
        }
        _ => f.clone(),
    }
}

/// The ground index terms of `select`/`store` in `e` (of arrays of sort
/// `array`, if given), outside quantifiers, each once, added to `out`.
pub fn index_terms(e: &Dynamic, array: Option<&Sort>, out: &mut Vec<Dynamic>, seen: &mut HashSet<Dynamic>) {
    if !seen.insert(e.clone()) || e.kind() != z3::AstKind::App {
        return;
    }
    let ch = e.children();
    if matches!(e.decl().kind(), DeclKind::Select | DeclKind::Store)
        && ch.len() >= 2
        && array.is_none_or(|s| ch[0].get_sort() == *s)
        && !out.contains(&ch[1])
    {
        out.push(ch[1].clone());
    }
    for c in &ch {
        index_terms(c, array, out, seen);
    }
}

/// `e` (at `positive` polarity) with each fact `∀x. φ` replaced by its instances at `terms`.
fn instantiate(e: &Dynamic, positive: bool, terms: &[Dynamic]) -> Dynamic {
    through_connectives(e, positive, &mut |x, positive| {
        let Some((true, sorts, body)) = open(x).filter(|_| positive) else { return x.clone() };
        // every combination of candidates per bound variable, up to the cap
        let mut combos: Vec<Vec<Dynamic>> = vec![Vec::new()];
        for s in &sorts {
            let cands: Vec<&Dynamic> = terms.iter().filter(|t| t.get_sort() == *s).collect();
            combos = combos
                .iter()
                .flat_map(|c| {
                    cands.iter().map(move |t| {
                        let mut c = c.clone();
                        c.push((*t).clone());
                        c
                    })
                })
                .take(MAX_INSTANCES)
                .collect();
        }
        let instances: Vec<Bool> = combos.iter().filter_map(|vals| body_at(&body, vals)).collect();
        Dynamic::from_ast(&Bool::and(&instances))
    })
}

/// The conjunction `f` with its quantifiers skolemized and instantiated, if
/// it has any: unsatisfiable only if `f` is.
pub fn ground(f: &[Bool]) -> Option<Vec<Bool>> {
    let dyns: Vec<Dynamic> = f.iter().map(|b| Dynamic::from_ast(b)).collect();
    if !dyns.iter().any(has_quantifier) {
        return None;
    }
    let mut skolems = Vec::new();
    let sk: Vec<Dynamic> = dyns.iter().map(|d| skolemize(d, true, &mut skolems)).collect();
    let mut terms = skolems;
    let mut seen = HashSet::new();
    for d in &sk {
        index_terms(d, None, &mut terms, &mut seen);
    }
    Some(sk.iter().filter_map(|d| instantiate(d, true, &terms).as_bool()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::{Array, Int};

    fn arr(name: &str) -> Array {
        Array::new_const(name, &Sort::int(), &Sort::int())
    }

    fn all(k: &Int, body: &Bool) -> Bool {
        super::super::terms::forall(&[Dynamic::from_ast(k)], body)
    }

    /// Whether the grounded conjunction is found unsatisfiable.
    fn refuted(f: &[Bool]) -> bool {
        let g = ground(f).expect("quantified");
        super::super::solve::is_sat(&g) == Some(false)
    }

    #[test]
    fn a_fact_is_instantiated_at_the_cells_the_query_reads() {
        let (a, k, c) = (arr("a"), Int::new_const("k"), Int::new_const("c"));
        let zero = all(&k, &a.select(&k).as_int().unwrap().eq(Int::from_i64(0)));
        assert!(refuted(&[zero.clone(), a.select(&c).as_int().unwrap().eq(Int::from_i64(1))]));
        // under a disjunction whose other side is false
        let p = Bool::new_const("p");
        assert!(refuted(&[Bool::or(&[p.clone(), zero]), p.not(), a.select(&c).as_int().unwrap().eq(Int::from_i64(1))]));
    }

    #[test]
    fn a_quantified_goal_is_proved_at_a_fresh_cell() {
        // {∀k. 0 ≤ k < i → a[k] = 2k} a[i] := 2i; i := i + 1 {∀k. 0 ≤ k < i → a[k] = 2k}
        let (a, k, i) = (arr("a"), Int::new_const("k"), Int::new_const("i"));
        let inv = |a: &Array, i: &Int| {
            let in_range = Bool::and(&[Int::from_i64(0).le(&k), k.lt(i)]);
            all(&k, &in_range.implies(a.select(&k).as_int().unwrap().eq(Int::from_i64(2) * &k)))
        };
        let two_i = Int::from_i64(2) * &i;
        let post = inv(&a.store(&i, &two_i), &(&i + Int::from_i64(1)));
        assert!(refuted(&[inv(&a, &i), post.not()]));
        // a wrong post (3i stored) is not proved
        let wrong = inv(&a.store(&i, &(Int::from_i64(3) * &i)), &(&i + Int::from_i64(1)));
        assert!(!refuted(&[inv(&a, &i), wrong.not()]));
    }

    #[test]
    fn what_does_not_follow_is_not_refuted() {
        let (a, k, c) = (arr("a"), Int::new_const("k"), Int::new_const("c"));
        let zero_at = |x: &Int| a.select(x).as_int().unwrap().eq(Int::from_i64(0));
        // one cell does not make every cell: the skolem constant is fresh
        assert!(!refuted(&[zero_at(&c), all(&k, &zero_at(&k)).not()]));
        // an existence is skolemized, and then instantiated against
        assert!(refuted(&[all(&k, &zero_at(&k)).not(), all(&k, &zero_at(&k))]));
        assert!(!refuted(&[all(&k, &zero_at(&k)).not(), zero_at(&c)]));
        // a quantifier under `=` stays as it is
        let q = Bool::new_const("q");
        let g = ground(&[q.eq(all(&k, &zero_at(&k))), q.clone(), zero_at(&c).not()]).unwrap();
        assert!(g.iter().any(|f| has_quantifier(&Dynamic::from_ast(f))));
    }

    #[test]
    fn formulas_without_quantifiers_are_left_alone() {
        let c = Int::new_const("c");
        assert!(ground(&[c.gt(Int::from_i64(0))]).is_none());
    }
}
