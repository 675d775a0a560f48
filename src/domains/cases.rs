//! Case splits of what a convex domain would join: the branches the
//! optimizer made data of (`v := c ? a : b`, `x := x + zext(c)`), and the
//! disjuncts of a condition (`x != 100`, `a || b`). A tree exploration
//! (DAGGER, papers/dagger-refining-abstract-interpretations.txt §2) keeps
//! each case at a node of its own, as it keeps the two sides of a branch of
//! the control-flow graph, instead of joining them in the domain; the
//! backward transfer (`preimage::disjuncts`) keeps each disjunct of an error
//! state apart, which a convex domain could not represent at all (`x != 100`
//! is `⊤` to intervals and octagons).
//!
//! Invariant: the cases of a body are, together, the body (every execution
//! of it is an execution of one case, with the same effect); the disjuncts
//! of a condition hold together exactly where it holds. Past [`CAP`] cases,
//! what is left stays unsplit (the domain's own transfer, which
//! over-approximates).

use crate::ir::{CastOp, CmpPred, Expr, Sort, Stmt, VarId};
use std::collections::HashMap;

/// The most cases of one body or condition.
pub const CAP: usize = 8;

/// The cases of an edge body, at most [`CAP`]: a comparison the body
/// computes into a Boolean and then computes with (`cmp := y - x > 9; inc :=
/// zext(cmp)`, `c ? a : b`: what the optimizer makes of an `if`) is `assume
/// (y - x > 9); cmp := true` in one case and `assume !(y - x > 9); cmp :=
/// false` in the other, its later uses in the case reading the constant; a
/// `v := c ? a : b` on another condition is `assume c; v := a` or `assume
/// !c; v := b`.
pub fn body(body: &[Stmt]) -> Vec<Vec<Stmt>> {
    // each case: its statements, the Booleans it fixed
    let mut cases: Vec<(Vec<Stmt>, HashMap<VarId, bool>)> = vec![(Vec::new(), HashMap::new())];
    for (k, s) in body.iter().enumerate() {
        let room = cases.len() * 2 <= CAP;
        let mut split = Vec::with_capacity(cases.len() * 2);
        for (mut stmts, known) in cases {
            let s = fixed(s, &known);
            match &s {
                Stmt::Assign(b, e)
                    if room && e.sort() == Sort::Bool && !is_const(e) && computed_with(*b, &body[k + 1..]) =>
                {
                    for value in [true, false] {
                        let mut stmts = stmts.clone();
                        let c = if value { e.clone() } else { Expr::Not(Box::new(e.clone())) };
                        stmts.push(Stmt::Assume(c));
                        stmts.push(Stmt::Assign(*b, Expr::Bool(value)));
                        let mut known = known.clone();
                        known.insert(*b, value);
                        split.push((stmts, known));
                    }
                }
                Stmt::Assign(v, Expr::Ite(c, a, b)) if room && !is_const(c) => {
                    for (cond, x) in [((**c).clone(), a), (Expr::Not(c.clone()), b)] {
                        let mut stmts = stmts.clone();
                        stmts.push(Stmt::Assume(cond));
                        stmts.push(Stmt::Assign(*v, (**x).clone()));
                        split.push((stmts, known.clone()));
                    }
                }
                _ => {
                    let mut known = known;
                    if let Stmt::Assign(b, Expr::Bool(c)) = &s {
                        known.insert(*b, *c);
                    }
                    stmts.push(s);
                    split.push((stmts, known));
                }
            }
        }
        cases = split;
    }
    cases.into_iter().map(|(stmts, _)| stmts).collect()
}

/// `s` with the Booleans of `known` read as their constants.
fn fixed(s: &Stmt, known: &HashMap<VarId, bool>) -> Stmt {
    if known.is_empty() {
        return s.clone();
    }
    let sub = |e: &Expr| fold(&e.substitute(&|v, _| known.get(&v).map(|b| Expr::Bool(*b))));
    match s {
        Stmt::Assign(v, e) => Stmt::Assign(*v, sub(e)),
        Stmt::Assume(e) => Stmt::Assume(sub(e)),
        Stmt::Parallel(xs) => Stmt::Parallel(xs.iter().map(|(v, e)| (*v, sub(e))).collect()),
        Stmt::Havoc(..) => s.clone(),
    }
}

/// `e` with what the Boolean constants decide folded: a `select` on one,
/// its negation, `xor`, its extension to an integer.
pub fn fold(e: &Expr) -> Expr {
    let e = e.map_children(fold);
    match &e {
        Expr::Ite(c, a, b) => match **c {
            Expr::Bool(true) => (**a).clone(),
            Expr::Bool(false) => (**b).clone(),
            _ => e,
        },
        Expr::Not(a) => match **a {
            Expr::Bool(x) => Expr::Bool(!x),
            _ => e,
        },
        Expr::Xor(a, b) => match (&**a, &**b) {
            (Expr::Bool(x), Expr::Bool(y)) => Expr::Bool(x ^ y),
            _ => e,
        },
        Expr::Cast { op, to, a, .. } if *to > 1 => match (**a).clone() {
            Expr::Bool(x) => Expr::Int {
                value: if !x {
                    0
                } else if *op == CastOp::Sext {
                    -1
                } else {
                    1
                },
                bits: *to,
            },
            _ => e,
        },
        _ => e,
    }
}

fn is_const(e: &Expr) -> bool {
    matches!(e, Expr::Bool(_))
}

/// A later assignment of `rest` reads `b` (an `assume` of it needs no split:
/// the domain assumes its definition, `domains::inlined`).
fn computed_with(b: VarId, rest: &[Stmt]) -> bool {
    rest.iter().filter(|s| !matches!(s, Stmt::Assume(_))).flat_map(|s| s.exprs()).any(|e| {
        let mut vs = Vec::new();
        e.vars(&mut vs);
        vs.contains(&b)
    })
}

/// The disjuncts of the Boolean `e`: of `a || b`, of `!(a && b)`, and of
/// `a != b` (`a < b` or `a > b`, signed: two bit patterns differ exactly
/// when one is below the other), while there are at most [`CAP`].
pub fn condition(e: &Expr) -> Vec<Expr> {
    let mut out = Vec::new();
    split(e, &mut out);
    out
}

fn split(e: &Expr, out: &mut Vec<Expr>) {
    let ne = |bits: u32, a: &Expr, b: &Expr| -> [Expr; 2] {
        let cmp = |pred| Expr::Cmp { pred, bits, a: Box::new(a.clone()), b: Box::new(b.clone()) };
        [cmp(CmpPred::Slt), cmp(CmpPred::Sgt)]
    };
    let room = |out: &Vec<Expr>, n: usize| out.len() + n <= CAP;
    match e {
        Expr::Or(xs) if room(out, xs.len()) => xs.iter().for_each(|x| split(x, out)),
        Expr::Cmp { pred: CmpPred::Ne, bits, a, b } if room(out, 2) => out.extend(ne(*bits, a, b)),
        Expr::Not(x) => match &**x {
            Expr::Cmp { pred: CmpPred::Eq, bits, a, b } if room(out, 2) => out.extend(ne(*bits, a, b)),
            Expr::And(xs) if room(out, xs.len()) => xs.iter().for_each(|x| split(&Expr::Not(Box::new(x.clone())), out)),
            Expr::Not(y) => split(y, out),
            _ => out.push(e.clone()),
        },
        _ => out.push(e.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::testing::{cmp, lit, set, v};
    use crate::ir::eval::{self, Val};
    use crate::ir::{IntSemantics, Sort, VarId};
    use std::collections::HashMap;

    /// A select splits into its two cases, each of which runs exactly where
    /// the body does with its condition's value; `x != 3` and `!(x == 3)`
    /// split into `x < 3`, `x > 3`, which hold together exactly where it
    /// does.
    #[test]
    fn cases_cover_the_body_and_disjuncts_the_condition() {
        let c = cmp(CmpPred::Slt, v(0), lit(50));
        let body = vec![set(1, Expr::Ite(Box::new(c), Box::new(lit(1)), Box::new(lit(-1))))];
        let cases = super::body(&body);
        assert_eq!(cases.len(), 2);
        let sort = |_: VarId| Sort::Int { bits: 32 };
        for x in [-5, 49, 50, 51] {
            let run = |b: &[Stmt]| {
                let mut env: HashMap<VarId, Val> = HashMap::from([(VarId(0), Val::Int(x)), (VarId(1), Val::Int(0))]);
                let ok = eval::body(b, &mut env, IntSemantics::Lia, &sort, &mut |_, _| Val::Int(0)).unwrap();
                ok.then(|| env[&VarId(1)])
            };
            let whole = run(&body);
            let of_cases: Vec<Val> = cases.iter().filter_map(|b| run(b)).collect();
            assert_eq!(of_cases, vec![whole.unwrap()]);
        }
        for e in [cmp(CmpPred::Ne, v(0), lit(3)), Expr::Not(Box::new(cmp(CmpPred::Eq, v(0), lit(3))))] {
            let ds = condition(&e);
            assert_eq!(ds.len(), 2);
            for x in [2, 3, 4, i32::MIN as i128, -1] {
                let env = |_: VarId| Some(Val::Int(x));
                let holds = |e: &Expr| eval::expr(e, &env, IntSemantics::Lia).unwrap() == Val::Bool(true);
                assert_eq!(ds.iter().any(holds), holds(&e));
            }
        }
    }
}
