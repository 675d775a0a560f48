//! `ufo export-chc`: the whole program as recursive constrained Horn clauses in
//! SMT-LIB (logic HORN), the input of the Spacer baseline (issue 6; the encoding
//! is the one of papers/ufo-under-over-approximations.txt §5 and DESIGN.md "UFO
//! in detail", applied to the program's control-flow graph instead of an
//! unrolling): one predicate per location over its in-scope (live) variables,
//! `ranges(x) → P_en(x)`, one clause `P_l(x) ∧ encode(e) → P_l'(x')` per edge,
//! and the query `P_err → false`. The clauses are satisfiable exactly when the
//! error location is unreachable, so `z3 fp.engine=spacer FILE` prints `sat`
//! exactly when the program is safe. Edges are encoded by the same lowering as
//! the engines (same integer semantics, same over-approximations).

use super::chc::{forall, sort_of, EdgeClause};
use super::dag;
use super::lower::{Lowerer, Val};
use super::IntSemantics;
use crate::ir::{LocId, Program};
use std::fmt::Write;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{FuncDecl, Sort};

/// The SMT-LIB text of the clauses; `header` lines become comments.
pub fn export(p: &Program, sem: IntSemantics, header: &[String]) -> String {
    let mut l = Lowerer::new(sem);
    let preds: Vec<FuncDecl> = p
        .loc_ids()
        .map(|loc| {
            let st = dag::node_state(p, &l, loc, "x");
            let sorts: Vec<Sort> = p.loc(loc).live.iter().map(|v| sort_of(&st[v])).collect();
            let refs: Vec<&Sort> = sorts.iter().collect();
            FuncDecl::new(format!("{}!{}", p.loc(loc).name, loc.0), &refs, &Sort::bool())
        })
        .collect();
    let apply = |loc: LocId, args: &[Dynamic]| -> Bool {
        let refs: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
        preds[loc.0 as usize].apply(&refs).as_bool().expect("predicates are Boolean")
    };
    let args_of = |st: &std::collections::HashMap<_, Val>, loc: LocId| -> Vec<Dynamic> {
        p.loc(loc).live.iter().map(|v| st[v].dynamic()).collect()
    };
    let mut out = String::new();
    for h in header {
        let _ = writeln!(out, "; {h}");
    }
    let _ = writeln!(out, "(set-logic HORN)");
    for f in &preds {
        let _ = writeln!(out, "{f}");
    }
    // P_en(x) for every in-range x.
    let st = dag::node_state(p, &l, p.entry, "en");
    let args = args_of(&st, p.entry);
    let ranges: Vec<Bool> = p.loc(p.entry).live.iter().filter_map(|v| l.range(&st[v], p.var(*v).sort)).collect();
    let _ = writeln!(out, "; entry: {}", p.loc(p.entry).name);
    let _ = writeln!(out, "(assert {})", forall(&args, &conj(&ranges).implies(apply(p.entry, &args))));
    for e in p.edge_ids() {
        let edge = p.edge(e);
        let c = EdgeClause::new(p, &mut l, e, &format!("e{}", e.0));
        let mut body = vec![apply(edge.src, &c.pre_args)];
        body.extend(c.constraints);
        let rule = conj(&body).implies(apply(edge.dst, &c.post_args));
        let _ = writeln!(out, "; {} -> {} ({})", p.loc(edge.src).name, p.loc(edge.dst).name, edge.src_loc);
        let _ = writeln!(out, "(assert {})", forall(&c.bounds, &rule));
    }
    let _ = writeln!(out, "; error: {}", p.loc(p.error).name);
    let err_args = args_of(&dag::node_state(p, &l, p.error, "err"), p.error);
    let _ = writeln!(out, "(assert {})", forall(&err_args, &apply(p.error, &err_args).not()));
    let _ = writeln!(out, "(check-sat)");
    out
}

/// The conjunction, without Z3's printing of an empty `and` as a bare `and`.
fn conj(fs: &[Bool]) -> Bool {
    match fs {
        [] => Bool::from_bool(true),
        [f] => f.clone(),
        _ => Bool::and(fs),
    }
}

/// Solves clauses as [`export`] writes them with Z3's Spacer in this process,
/// under the installed deadline (`smt::deadline`): `Some(true)` if they are
/// satisfiable (the program is safe), `Some(false)` if not, `None` if Z3 does
/// not know (timed out, cancelled). The text must be one `export` produced.
pub fn solve(text: &str) -> Result<Option<bool>, String> {
    let s = z3::Solver::new_for_logic("HORN").ok_or("Z3 has no solver for the logic HORN")?;
    super::solve::set_timeout(&s, None);
    s.from_string(text.replace("(check-sat)", ""));
    Ok(match s.check() {
        z3::SatResult::Sat => Some(true),
        z3::SatResult::Unsat => Some(false),
        z3::SatResult::Unknown => None,
    })
}
