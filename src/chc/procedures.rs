//! The non-linear Horn clauses of a program with procedures (issue 44 §2;
//! `ir::procedures`), and their solution by Z3's Spacer. The encoding is the
//! linear one of `horn.rs` (papers/ufo-under-over-approximations.txt §5: one
//! predicate per location over its in-scope variables, one clause per edge)
//! for the entry's program and each procedure's, joined as SeaHorn's and
//! Ultimate's procedure encodings join them:
//!
//! - a call `r := g(a)` on an edge puts the predicate of `g`'s exit location
//!   applied to `(a, r)` (the summary: `g`'s parameters, then its result, in
//!   that location's `live` order) into the edge's body, beside its source's
//!   predicate: `P_src(x) ∧ S_g(a, r) ∧ encode(e) → P_dst(x')`;
//! - the call's *calling context*: `P_src(x) ∧ (the body's constraints and
//!   earlier calls before it) → C_g(a)`;
//! - a procedure starts in its contexts: its first edge, which havocs the
//!   parameters, has `C_g(params')` as its body in place of the entry's
//!   predicate (`C_g() ∧ ranges → P_entry` for a procedure without
//!   parameters);
//! - every program's error location: `P_err → error`; the query is `error`.
//!
//! The clauses are satisfiable exactly when no error of any program is
//! reachable from `main`'s entry through calls; an interpretation of the
//! predicates is the certificate, checked clause by clause by
//! `check::procedures` over clauses built again by [`clauses`] (the same
//! lowering, its own solver).

use super::spacer::{interpretation, solution, spacer, Attempt, Preprocessing, SpacerMode};
use crate::ir::procedures::Procedures;
use crate::ir::{LocId, Program, VarId};
use crate::smt::canon::Canon;
use crate::smt::lower::{Lowerer, Val};
use crate::smt::terms::forall;
use std::collections::HashMap;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{FuncDecl, SatResult, Sort};

/// A predicate of the clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pred {
    /// A location of program `k` (0: the entry's, `i + 1`: procedure `i`'s).
    Loc(usize, LocId),
    /// The calling contexts of procedure `i`.
    Context(usize),
}

/// A predicate applied to terms.
#[derive(Clone, Debug)]
pub struct Atom {
    pub pred: Pred,
    pub args: Vec<Dynamic>,
}

/// `∀ bounds. body ∧ constraints → head` (`head` `None`: the error).
pub struct HornClause {
    /// What the clause says, for messages ("fib: entry -> if.end").
    pub what: String,
    pub bounds: Vec<Dynamic>,
    pub body: Vec<Atom>,
    pub constraints: Vec<Bool>,
    pub head: Option<Atom>,
}

/// Program `k` of `ps` (0: the entry's).
pub fn program(ps: &Procedures, k: usize) -> &Program {
    if k == 0 {
        &ps.main
    } else {
        &ps.procedures[k - 1].program
    }
}

/// The variables a predicate ranges over, in argument order, with the
/// program they belong to.
pub fn formals(ps: &Procedures, pred: Pred) -> (usize, &[VarId]) {
    match pred {
        Pred::Loc(k, loc) => (k, &program(ps, k).loc(loc).live),
        Pred::Context(i) => (i + 1, &ps.procedures[i].params),
    }
}

/// The canonical constants of every program's variables (index as
/// [`program`]).
pub fn canons(ps: &Procedures, l: &Lowerer) -> Vec<Canon> {
    ps.programs().map(|p| Canon::new(p, l)).collect()
}

/// The canonical constants a predicate's interpretation is written over.
pub fn canonical_args(ps: &Procedures, canons: &[Canon], pred: Pred) -> Vec<Dynamic> {
    let (k, vars) = formals(ps, pred);
    vars.iter().map(|v| canons[k].of(*v).dynamic()).collect()
}

/// Every predicate of the clauses.
pub fn predicates(ps: &Procedures) -> Vec<Pred> {
    let mut out: Vec<Pred> =
        ps.programs().enumerate().flat_map(|(k, p)| p.loc_ids().map(move |l| Pred::Loc(k, l))).collect();
    out.extend((0..ps.procedures.len()).map(Pred::Context));
    out
}

/// The clauses of `ps` (module docs); `Err` if a call names no procedure or
/// passes a different number of arguments than it has parameters.
pub fn clauses(ps: &Procedures, l: &mut Lowerer) -> Result<Vec<HornClause>, String> {
    let mut out = Vec::new();
    for (k, p) in ps.programs().enumerate() {
        let procedure = k.checked_sub(1).map(|i| &ps.procedures[i]);
        let takes_params = procedure.is_some_and(|f| !f.params.is_empty());
        // the entry: any in-range state (of a procedure: in a context)
        if !takes_params {
            let st = super::argcond::node_state(p, l, p.entry, &format!("p{k}en"));
            let args: Vec<Dynamic> = p.loc(p.entry).live.iter().map(|v| st[v].dynamic()).collect();
            let ranges = p.loc(p.entry).live.iter().filter_map(|v| l.range(&st[v], p.var(*v).sort)).collect();
            let body = match k {
                0 => Vec::new(),
                _ => vec![Atom { pred: Pred::Context(k - 1), args: Vec::new() }],
            };
            out.push(HornClause {
                what: format!("{}: entry", p.function),
                bounds: args.clone(),
                body,
                constraints: ranges,
                head: Some(Atom { pred: Pred::Loc(k, p.entry), args }),
            });
        }
        for e in p.edge_ids() {
            let edge = p.edge(e);
            let pre = super::argcond::node_state(p, l, edge.src, &format!("p{k}e{}", e.0));
            let pre_args: Vec<Dynamic> = p.loc(edge.src).live.iter().map(|v| pre[v].dynamic()).collect();
            let t = crate::smt::transition::of_edge(p, l, e, &pre);
            let post: HashMap<VarId, &Val> = t.post.iter().map(|(v, x)| (*v, x)).collect();
            let source = match procedure {
                Some(f) if takes_params && edge.src == p.entry => {
                    let args = f.params.iter().map(|v| post.get(v).map(|x| x.dynamic()));
                    let args = args.collect::<Option<Vec<_>>>().ok_or("a parameter out of scope")?;
                    Atom { pred: Pred::Context(k - 1), args }
                }
                _ => Atom { pred: Pred::Loc(k, edge.src), args: pre_args.clone() },
            };
            let mut bounds = pre_args.clone();
            bounds.extend(t.fresh.iter().cloned());
            let what = format!("{}: {} -> {}", p.function, p.loc(edge.src).name, p.loc(edge.dst).name);
            let mut body = vec![source];
            for call in &t.summaries {
                let g = ps.index(&call.function).ok_or_else(|| format!("no procedure '{}'", call.function))?;
                let callee = &ps.procedures[g];
                if call.args.len() != callee.params.len() {
                    return Err(format!("a call of '{}' with {} arguments", call.function, call.args.len()));
                }
                // the calling context: the state before the call
                let args: Vec<Dynamic> = call.args.iter().map(Val::dynamic).collect();
                out.push(HornClause {
                    what: format!("{what}: the call of {}", call.function),
                    bounds: bounds.clone(),
                    body: body.clone(),
                    constraints: call.before.clone(),
                    head: Some(Atom { pred: Pred::Context(g), args: args.clone() }),
                });
                // the summary: the callee's exit over (parameters, result)
                let exit = &callee.program.loc(callee.exit).live;
                let summary = exit
                    .iter()
                    .map(|v| match callee.params.iter().position(|x| x == v) {
                        Some(j) => Some(args[j].clone()),
                        None => (Some(*v) == callee.ret).then(|| call.result.dynamic()),
                    })
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| {
                        format!("the exit of '{}' has more than its parameters and result", call.function)
                    })?;
                body.push(Atom { pred: Pred::Loc(g + 1, callee.exit), args: summary });
            }
            let post_args = t.post.iter().map(|(_, x)| x.dynamic()).collect();
            out.push(HornClause {
                what,
                bounds,
                body,
                constraints: t.constraints,
                head: Some(Atom { pred: Pred::Loc(k, edge.dst), args: post_args }),
            });
        }
        let st = super::argcond::node_state(p, l, p.error, &format!("p{k}err"));
        let args: Vec<Dynamic> = p.loc(p.error).live.iter().map(|v| st[v].dynamic()).collect();
        out.push(HornClause {
            what: format!("{}: the error", p.function),
            bounds: args.clone(),
            body: vec![Atom { pred: Pred::Loc(k, p.error), args }],
            constraints: Vec::new(),
            head: None,
        });
    }
    Ok(out)
}

/// What Spacer says of the clauses.
pub enum Answer {
    /// An interpretation of every predicate over its canonical constants
    /// (`true` for one Spacer's answer leaves out).
    Solution(HashMap<Pred, Bool>),
    /// An error is reachable (Spacer has no trace of it here: the bounded
    /// copies find the bugs).
    Reachable,
    Unknown(String),
}

/// Solves the clauses with Spacer (its preprocessing without inlining, so
/// that every predicate keeps an interpretation of its own).
pub fn solve(ps: &Procedures, l: &mut Lowerer, global: bool) -> Answer {
    let bv = l.sem == crate::smt::IntSemantics::Bv;
    let mode = SpacerMode::Whole { global, pre: Preprocessing::NoInlining };
    let fp = match spacer(mode, bv, false, Attempt::default()) {
        Ok(fp) => fp,
        Err(e) => return Answer::Unknown(e),
    };
    let canons = canons(ps, l);
    let clauses = match clauses(ps, l) {
        Ok(c) => c,
        Err(why) => return Answer::Unknown(why),
    };
    let preds = predicates(ps);
    let name = |pred: &Pred| match pred {
        Pred::Loc(k, loc) => format!("P{k}_{}", loc.0),
        Pred::Context(i) => format!("C{i}"),
    };
    let decls: HashMap<Pred, FuncDecl> = preds
        .iter()
        .map(|pred| {
            let sorts: Vec<Sort> = canonical_args(ps, &canons, *pred).iter().map(|a| a.get_sort()).collect();
            (*pred, super::clause::relation(&fp, &name(pred), &sorts))
        })
        .collect();
    let error = super::clause::relation(&fp, "error", &[]);
    let apply = |a: &Atom| super::clause::apply_relation(decls.get(&a.pred), &a.args);
    for c in &clauses {
        let mut body: Vec<Bool> = c.body.iter().map(apply).collect();
        body.extend(c.constraints.iter().cloned());
        let head = match &c.head {
            Some(a) => apply(a),
            None => super::clause::apply_relation(Some(&error), &[]),
        };
        fp.add_rule(&forall(&c.bounds, &Bool::and(&body).implies(head)), None);
    }
    match fp.query(&super::clause::apply_relation(Some(&error), &[])) {
        SatResult::Unsat => {
            let answer = fp.get_answer().map(|a| solution(&a)).unwrap_or_default();
            let interpretation = preds
                .iter()
                .map(|pred| {
                    let args = canonical_args(ps, &canons, *pred);
                    let def = interpretation(&answer, &name(pred), &args);
                    (*pred, def.map(|f| f.simplify()).unwrap_or_else(|| Bool::from_bool(true)))
                })
                .collect();
            Answer::Solution(interpretation)
        }
        SatResult::Sat => Answer::Reachable,
        SatResult::Unknown => Answer::Unknown(fp.get_reason_unknown()),
    }
}

/// `f` (over `pred`'s canonical constants) applied to `atom`'s arguments.
pub fn instantiate(ps: &Procedures, canons: &[Canon], f: &Bool, atom: &Atom) -> Bool {
    let formals = canonical_args(ps, canons, atom.pred);
    let pairs: Vec<(&Dynamic, &Dynamic)> = formals.iter().zip(&atom.args).collect();
    if pairs.is_empty() {
        f.clone()
    } else {
        f.substitute(&pairs)
    }
}
