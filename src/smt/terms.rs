//! Operations on Z3 terms that several encodings share: universal closure, de Bruijn substitution, whether a term has a quantifier,
//! and quantifier elimination of
//! Spacer's existential leftovers (budgeted).

use std::collections::HashSet;
use std::time::Duration;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{Goal, Tactic};

pub fn forall(bounds: &[Dynamic], body: &Bool) -> Bool {
    if bounds.is_empty() {
        return body.clone();
    }
    let refs: Vec<&dyn Ast> = bounds.iter().map(|b| b as &dyn Ast).collect();
    z3::ast::forall_const(&refs, &[], body)
}

/// Replaces the de Bruijn variables `(:var k)` of `f` by `to[k]`.
pub fn substitute_vars(f: &Bool, to: &[Dynamic]) -> Option<Bool> {
    let ctx = z3::Context::thread_local();
    let raw: Vec<_> = to.iter().map(|d| d.get_z3_ast()).collect();
    unsafe {
        let r = z3_sys::Z3_substitute_vars(ctx.get_z3_context(), f.get_z3_ast(), raw.len() as u32, raw.as_ptr())?;
        Some(Bool::wrap(&ctx, r))
    }
}

/// The inverse of [`substitute_vars`]: `f` with each constant `of[k]`
/// replaced by the de Bruijn variable `(:var k)`.
pub fn abstract_consts(f: &Bool, of: &[Dynamic]) -> Option<Bool> {
    let ctx = z3::Context::thread_local();
    let vars = of
        .iter()
        .enumerate()
        .map(|(k, c)| unsafe {
            let v = z3_sys::Z3_mk_bound(ctx.get_z3_context(), k as u32, c.get_sort().get_z3_sort())?;
            Some(Dynamic::wrap(&ctx, v))
        })
        .collect::<Option<Vec<Dynamic>>>()?;
    let pairs: Vec<(&Dynamic, &Dynamic)> = of.iter().zip(&vars).collect();
    Dynamic::from_ast(f).substitute(&pairs).as_bool()
}

/// `f` without quantifiers: Spacer's preprocessing (inlining, slicing)
/// leaves existentials over eliminated variables in its solution, removed
/// here in stages, each tried only if the previous left a quantifier:
/// `qe-light` (equalities, bounds: cheap), then Z3's model-based `qe2` and its
/// classic `qe` (exact for linear integer arithmetic), each for at most
/// [`QE_BUDGET_MS`]. What still has a quantifier is returned as it is (the
/// engine labels that location by weakest preconditions). Whatever comes out
/// is only a candidate: the certificate check decides.
///
/// The budget: classic `qe` of the existential images of `llvm-tests/div_safe.c`
/// at -O0 (remainders, divisions by constants) ran 10 s per predicate, 40 s
/// in all, while the labels by weakest precondition pass the check at once.
pub fn quantifier_free(f: &Bool) -> Bool {
    let mut f = f.clone();
    for (tactic, budget) in [("qe-light", u32::MAX), ("qe2", QE_BUDGET_MS), ("qe", QE_BUDGET_MS)] {
        if !has_quantifier(&Dynamic::from_ast(&f)) {
            break;
        }
        let ms = super::deadline::remaining_ms().unwrap_or(u32::MAX).min(budget).min(10_000);
        let t = Tactic::new(tactic).and_then(&Tactic::new("simplify")).try_for(Duration::from_millis(u64::from(ms)));
        let goal = Goal::new(false, false, false);
        goal.assert(&f);
        if let Ok(r) = t.apply(&goal, None) {
            let cases: Vec<Bool> = r.list_subgoals().map(|g| Bool::and(&g.get_formulas())).collect();
            f = Bool::or(&cases).simplify();
        }
    }
    f
}

/// The longest a model-based or classic quantifier elimination of one
/// predicate's interpretation may run.
const QE_BUDGET_MS: u32 = 1_000;

/// Whether `e` has a quantifier.
pub fn has_quantifier(e: &Dynamic) -> bool {
    let mut seen = HashSet::new();
    let mut stack = vec![e.clone()];
    while let Some(x) = stack.pop() {
        if x.kind() == z3::AstKind::Quantifier {
            return true;
        }
        if seen.insert(x.clone()) {
            stack.extend(x.children());
        }
    }
    false
}
