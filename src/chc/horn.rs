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
//!
//! The clauses are built once ([`Clause`]) and written in a [`Dialect`]:
//! standard SMT-LIB (our own quantifiers and conjunctions around Z3's
//! printing of quantifier-free terms), the CHC-COMP format (the clause
//! normalized first: predicate arguments distinct variables, Booleans as Int
//! 0/1), or Z3's own printing (issue 18: Golem rejected Z3's `(! … :weight 0)`
//! and bare `and`).

use super::argcond;
use super::clause::EdgeClause;
use crate::ir::{LocId, Program};
use crate::smt::lower::{Lowerer, Val};
use crate::smt::terms::forall;
use crate::smt::IntSemantics;
use std::fmt::Write;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{FuncDecl, Sort};

/// How the clauses are written (`ufo export-chc --dialect`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Dialect {
    /// Standard SMT-LIB 2.6 (logic HORN): `true` for an empty conjunction, no
    /// solver-specific annotations; what any CHC solver reads.
    Smtlib,
    /// The CHC-COMP format (chc-comp.github.io/format.html): predicate
    /// arguments are distinct variables, Booleans become Int 0/1, one
    /// `(assert (forall ...))` per clause; for `--int lia` and `math`.
    ChcComp,
    /// As Z3 prints its terms (with its `:weight` annotations).
    Z3,
}

/// One clause `∀ bounds. body ∧ constraints → head` (`head` `None`: `false`).
struct Clause {
    comment: String,
    bounds: Vec<Dynamic>,
    body: Vec<(usize, Vec<Dynamic>)>,
    constraints: Vec<Bool>,
    head: Option<(usize, Vec<Dynamic>)>,
}

/// The SMT-LIB text of the clauses in `dialect`; `header` lines become
/// comments. `Err` if the dialect cannot express them (CHC-COMP's integer
/// format and `--int bv`).
pub fn export_as(p: &Program, sem: IntSemantics, header: &[String], dialect: Dialect) -> Result<String, String> {
    if dialect == Dialect::ChcComp && sem == IntSemantics::Bv {
        return Err("--dialect chc-comp writes integer clauses: use --int lia or math".into());
    }
    let mut l = Lowerer::new(sem);
    let arg_sorts: Vec<Vec<Sort>> = p
        .loc_ids()
        .map(|loc| {
            let st = argcond::node_state(p, &l, loc, "x");
            p.loc(loc).live.iter().map(|v| st[v].sort()).collect()
        })
        .collect();
    let names: Vec<String> = p.loc_ids().map(|loc| format!("{}!{}", p.loc(loc).name, loc.0)).collect();
    let clauses = clauses(p, &mut l);
    Ok(write(&names, &arg_sorts, clauses, header, dialect))
}

/// The non-linear clauses of a program with procedures (issue 44,
/// `chc::procedures`), written as [`export_as`] writes a program's: one
/// predicate per location of every program (`fib!if.end!3`) and one per
/// procedure's calling contexts (`fib!context`), every error location's
/// clause a query.
pub fn export_procedures(
    ps: &crate::ir::procedures::Procedures,
    sem: IntSemantics,
    header: &[String],
    dialect: Dialect,
) -> Result<String, String> {
    use super::procedures::{self, Pred};
    if dialect == Dialect::ChcComp && sem == IntSemantics::Bv {
        return Err("--dialect chc-comp writes integer clauses: use --int lia or math".into());
    }
    let mut l = Lowerer::new(sem);
    let canons = procedures::canons(ps, &l);
    let preds = procedures::predicates(ps);
    let index: std::collections::HashMap<Pred, usize> = preds.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let names: Vec<String> = preds
        .iter()
        .map(|pred| match *pred {
            Pred::Loc(k, loc) => {
                let p = procedures::program(ps, k);
                format!("{}!{}!{}", p.function, p.loc(loc).name, loc.0)
            }
            Pred::Context(i) => format!("{}!context", ps.procedures[i].name()),
        })
        .collect();
    let arg_sorts: Vec<Vec<Sort>> = preds
        .iter()
        .map(|pred| procedures::canonical_args(ps, &canons, *pred).iter().map(|a| a.get_sort()).collect())
        .collect();
    let atom = |a: procedures::Atom| (index[&a.pred], a.args);
    let clauses = procedures::clauses(ps, &mut l)?
        .into_iter()
        .map(|c| Clause {
            comment: c.what,
            bounds: c.bounds,
            body: c.body.into_iter().map(atom).collect(),
            constraints: c.constraints,
            head: c.head.map(atom),
        })
        .collect();
    Ok(write(&names, &arg_sorts, clauses, header, dialect))
}

/// The SMT-LIB text of `clauses` over predicates `names` of `arg_sorts`.
fn write(
    names: &[String],
    arg_sorts: &[Vec<Sort>],
    clauses: Vec<Clause>,
    header: &[String],
    dialect: Dialect,
) -> String {
    let mut out = String::new();
    for h in header {
        let _ = writeln!(out, "; {h}");
    }
    let _ = writeln!(out, "(set-logic HORN)");
    let int = |s: &Sort| if dialect == Dialect::ChcComp && *s == Sort::bool() { Sort::int() } else { s.clone() };
    for (name, sorts) in names.iter().zip(arg_sorts) {
        let sorts: Vec<String> = sorts.iter().map(|s| int(s).to_string()).collect();
        let _ = writeln!(out, "(declare-fun {} ({}) Bool)", symbol(name), sorts.join(" "));
    }
    for c in clauses {
        let _ = writeln!(out, "; {}", c.comment);
        let text = match dialect {
            Dialect::Z3 => z3_text(&c, names, arg_sorts),
            Dialect::Smtlib => smtlib_text(&c, names),
            Dialect::ChcComp => smtlib_text(&chc_comp(c), names),
        };
        let _ = writeln!(out, "(assert {text})");
    }
    let _ = writeln!(out, "(check-sat)");
    out
}

/// The clauses in Z3's dialect (what `ufo export-chc` wrote before dialects).
pub fn export(p: &Program, sem: IntSemantics, header: &[String]) -> String {
    export_as(p, sem, header, Dialect::Z3).unwrap_or_default()
}

/// The program's clauses: the entry, one per edge, the query.
fn clauses(p: &Program, l: &mut Lowerer) -> Vec<Clause> {
    let args_of = |st: &std::collections::HashMap<_, Val>, loc: LocId| -> Vec<Dynamic> {
        p.loc(loc).live.iter().map(|v| st[v].dynamic()).collect()
    };
    let mut out = Vec::new();
    // P_en(x) for every in-range x.
    let st = argcond::node_state(p, l, p.entry, "en");
    let args = args_of(&st, p.entry);
    let ranges: Vec<Bool> = p.loc(p.entry).live.iter().filter_map(|v| l.range(&st[v], p.var(*v).sort)).collect();
    out.push(Clause {
        comment: format!("entry: {}", p.loc(p.entry).name),
        bounds: args.clone(),
        body: Vec::new(),
        constraints: ranges,
        head: Some((p.entry.0 as usize, args)),
    });
    for e in p.edge_ids() {
        let edge = p.edge(e);
        let c = EdgeClause::new(p, l, e, &format!("e{}", e.0));
        out.push(Clause {
            comment: format!("{} -> {} ({})", p.loc(edge.src).name, p.loc(edge.dst).name, edge.src_loc),
            bounds: c.bounds,
            body: vec![(edge.src.0 as usize, c.pre_args)],
            constraints: c.constraints,
            head: Some((edge.dst.0 as usize, c.post_args)),
        });
    }
    let err_args = args_of(&argcond::node_state(p, l, p.error, "err"), p.error);
    out.push(Clause {
        comment: format!("error: {}", p.loc(p.error).name),
        bounds: err_args.clone(),
        body: vec![(p.error.0 as usize, err_args)],
        constraints: Vec::new(),
        head: None,
    });
    out
}

/// A clause as a Z3 term, printed by Z3.
fn z3_text(c: &Clause, names: &[String], sorts: &[Vec<Sort>]) -> String {
    let apply = |i: usize, args: &[Dynamic]| -> Bool {
        let refs: Vec<&Sort> = sorts[i].iter().collect();
        let f = FuncDecl::new(names[i].as_str(), &refs, &Sort::bool());
        let args: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
        f.apply(&args).as_bool().unwrap_or_else(|| Bool::from_bool(false))
    };
    let mut body: Vec<Bool> = c.body.iter().map(|(i, a)| apply(*i, a)).collect();
    body.extend(c.constraints.iter().cloned());
    let head = c.head.as_ref().map_or_else(|| Bool::from_bool(false), |(i, a)| apply(*i, a));
    let rule = match (&c.head, body.as_slice()) {
        // the query `P_err → false`, written `∀x. ¬P_err(x)`
        (None, [only]) => only.not(),
        _ => conj(&body).implies(head),
    };
    forall(&c.bounds, &rule).to_string()
}

/// A clause in standard SMT-LIB: our own quantifier and conjunction, Z3's
/// printing only for quantifier-free terms (with an empty `and` made `true`).
fn smtlib_text(c: &Clause, names: &[String]) -> String {
    let atom = |i: usize, args: &[Dynamic]| -> String {
        if args.is_empty() {
            symbol(&names[i])
        } else {
            let a: Vec<String> = args.iter().map(|x| standard(&x.to_string())).collect();
            format!("({} {})", symbol(&names[i]), a.join(" "))
        }
    };
    let mut body: Vec<String> = c.body.iter().map(|(i, a)| atom(*i, a)).collect();
    body.extend(c.constraints.iter().map(|f| standard(&f.to_string())));
    let body = match body.len() {
        0 => "true".to_string(),
        1 => body.remove(0),
        _ => format!("(and {})", body.join(" ")),
    };
    let head = c.head.as_ref().map_or_else(|| "false".to_string(), |(i, a)| atom(*i, a));
    let rule = format!("(=> {body} {head})");
    if c.bounds.is_empty() {
        return rule;
    }
    let decls: Vec<String> = c.bounds.iter().map(|b| format!("({} {})", b, b.get_sort())).collect();
    format!("(forall ({}) {rule})", decls.join(" "))
}

/// Z3's text of a quantifier-free term in standard SMT-LIB: Z3 prints an
/// empty conjunction (disjunction) as a bare `and` (`or`) where it is an
/// argument.
pub fn standard(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev = ' ';
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let boundary = |j: usize| j >= chars.len() || chars[j].is_whitespace() || chars[j] == ')' || chars[j] == '(';
        let word = |w: &str| chars[i..].iter().take(w.len()).copied().eq(w.chars()) && boundary(i + w.len());
        if prev != '(' && (i == 0 || boundary(i - 1)) && chars[i] != '|' {
            if word("and") {
                out.push_str("true");
                i += 3;
                prev = 'e';
                continue;
            }
            if word("or") {
                out.push_str("false");
                i += 2;
                prev = 'e';
                continue;
            }
        }
        if !chars[i].is_whitespace() {
            prev = chars[i];
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// A predicate's name as an SMT-LIB symbol.
fn symbol(name: &str) -> String {
    let simple = name.chars().all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c))
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if simple {
        name.to_string()
    } else {
        format!("|{name}|")
    }
}

/// A clause in CHC-COMP's normal form: every predicate argument a distinct
/// bound variable (new variables equal to the terms they replace), Booleans
/// as Int 0/1, at least one bound variable.
fn chc_comp(c: Clause) -> Clause {
    let mut counter = 0usize;
    // integer clauses only (`export_as` refuses `bv`): a new variable for a
    // Boolean or an integer is an Int, one for a memory region an array
    let mut fresh_for = |a: &Dynamic| -> Dynamic {
        counter += 1;
        let name = format!("arg!chc!{counter}");
        match a.sort_kind() {
            z3::SortKind::Array => Dynamic::new_const(name, &a.get_sort()),
            _ => Dynamic::from_ast(&z3::ast::Int::new_const(name)),
        }
    };
    let mut bounds = c.bounds.clone();
    let mut constraints = Vec::new();
    // body Booleans: an Int variable each, the Boolean read as `v = 1`
    let mut subst: Vec<(Dynamic, Dynamic)> = Vec::new();
    let mut body = Vec::new();
    let mut used: Vec<Dynamic> = Vec::new();
    for (i, args) in &c.body {
        let mut out = Vec::new();
        for a in args {
            let is_var = a.is_const() && a.num_children() == 0 && !is_numeral(a);
            let v = fresh_for(a);
            if let (true, Some(b)) = (is_var, a.as_bool()) {
                subst.push((
                    a.clone(),
                    Dynamic::from_ast(&v.as_int().map(|i| i.eq(z3::ast::Int::from_i64(1))).unwrap_or(b.clone())),
                ));
                bounds.push(v.clone());
                out.push(v);
            } else if is_var && !used.contains(a) {
                used.push(a.clone());
                out.push(a.clone());
            } else {
                bounds.push(v.clone());
                constraints.push(equal(&v, a));
                out.push(v);
            }
        }
        body.push((*i, out));
    }
    let pairs: Vec<(&Dynamic, &Dynamic)> = subst.iter().map(|(a, b)| (a, b)).collect();
    let sub = |f: &Bool| if pairs.is_empty() { f.clone() } else { f.substitute(&pairs) };
    let mut all: Vec<Bool> = constraints.iter().map(&sub).collect();
    all.extend(c.constraints.iter().map(&sub));
    let head = c.head.map(|(i, args)| {
        let mut out = Vec::new();
        for a in args {
            let v = fresh_for(&a);
            let a = match a.as_bool() {
                Some(b) => Dynamic::from_ast(&sub(&b)),
                None => Dynamic::from_ast(&a.substitute(&pairs)),
            };
            bounds.push(v.clone());
            all.push(equal(&v, &a));
            out.push(v);
        }
        (i, out)
    });
    // the Booleans replaced by Int variables are no longer bound
    bounds.retain(|b| !subst.iter().any(|(a, _)| a == b));
    if bounds.is_empty() {
        bounds.push(fresh_for(&Dynamic::from_ast(&z3::ast::Int::from_i64(0))));
    }
    Clause { comment: c.comment, bounds, body, constraints: all, head }
}

fn is_numeral(a: &Dynamic) -> bool {
    a.as_int().and_then(|i| i.as_i64()).is_some()
        || a.as_bv().and_then(|b| b.as_u64()).is_some()
        || a.as_bool().and_then(|b| b.as_bool()).is_some()
}

/// `v = a`, where a Boolean `a` is stored in an Int `v` as 0/1.
fn equal(v: &Dynamic, a: &Dynamic) -> Bool {
    match (v.as_int(), a.as_bool()) {
        (Some(i), Some(b)) => i.eq(b.ite(&z3::ast::Int::from_i64(1), &z3::ast::Int::from_i64(0))),
        _ => v.eq(a),
    }
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
    if crate::smt::deadline::cancelled() {
        return Ok(None);
    }
    let s = z3::Solver::new_for_logic("HORN").ok_or("Z3 has no solver for the logic HORN")?;
    crate::smt::solve::set_timeout(&s, None);
    s.from_string(text.replace("(check-sat)", ""));
    Ok(match s.check() {
        z3::SatResult::Sat => Some(true),
        z3::SatResult::Unsat => Some(false),
        z3::SatResult::Unknown => None,
    })
}
