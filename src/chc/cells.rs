//! The whole program's Horn clauses with memory abstracted to one cell per
//! region ("cell morphing": Monniaux, Gonnord, "Cell Morphing: From Array
//! Programs to Array-Free Horn Clauses", SAS 2016; Bjørner, McMillan,
//! Rybalchenko, "On Solving Universally Quantified Horn Clauses", SAS 2013),
//! solved by Spacer. A fill-and-check loop needs `∀k. 0 ≤ k < i → a[k] = 2k`;
//! Spacer's own quantified generalization finds such invariants only for some
//! shapes, while over cells the same invariant is the quantifier-free
//! `0 ≤ k < i → v = 2k`.
//!
//! - A location's predicate takes, instead of each region variable `a`, a pair
//!   `(k, v)`: an index and the value of the cell there. Its meaning is
//!   `I_u(a, x) = ∀k. P_u(k, a[k], x)`.
//! - An edge's clause keeps the regions as arrays local to the clause body:
//!   `P_s(k, a[k], x) ∧ ⋀_j P_s(j, a[j], x) ∧ T(a, x, a', x') → P_w(k, a'[k], x')`,
//!   with one extra premise (an instance) per index `j` the body reads or
//!   writes the region at. Any set of instances is sound: each is implied by
//!   `I_s`, so a solution gives labels `I_u` that are inductive (the clause
//!   holds for every `k`); instances only make the clauses precise enough to
//!   be solvable. The clauses are nonlinear, which Spacer solves.
//! - The entry's predicate holds of every cell, the error's of none.
//! - The arrays are then eliminated from each clause exactly (`Arrays`): a
//!   read of a store or a conditional array becomes a conditional read of its
//!   parts, each read `a[j]` of an array constant a fresh scalar, with
//!   functional consistency between any two reads of one array (Ackermann).
//!   The clauses are then plain arithmetic: Spacer's models of the predicates
//!   it inlines are arithmetic too (their existentials are eliminated by `qe`),
//!   where over arrays they existentially quantify arrays. A clause with an
//!   array term the elimination does not know (an array equality) keeps its
//!   arrays. Spacer runs with global guidance: on the fill-and-check loop of
//!   `llvm-tests/memory/array_fill_safe.c` (-O0) it answers in about a second
//!   with it and not in a minute without.
//! - A solution's labels are `∀k. P_u(k, a[k], x)`: quantified, checked like
//!   every certificate (the check decides, not this module).
//! - "Reachable" is not a trace: the abstraction forgets all but the cells
//!   the instances name, so a derivation of the error may be spurious. It is
//!   reported as UNKNOWN by the engine.

use super::argcond;
use super::clause::{self, EdgeClause};
use super::spacer::{self, Attempt, ChcAnswer, Preprocessing, SpacerMode};
use crate::cfg::Dag;
use crate::ir::{Program, Sort as IrSort, VarId};
use crate::smt::canon::Canon;
use crate::smt::lower::Lowerer;
use crate::smt::terms;
use std::collections::{BTreeMap, HashMap};
use z3::ast::{Ast, Bool, Dynamic};
use z3::{DeclKind, FuncDecl, SatResult};

/// At most this many instances per region and clause (beyond, reads are of
/// unconstrained cells: sound, less precise).
const MAX_INSTANCES: usize = 8;

/// Whether `v` is a region.
fn is_region(p: &Program, v: VarId) -> bool {
    matches!(p.var(v).sort, IrSort::Array { .. })
}

/// The arguments of a predicate over the values `vals` of the variables
/// `live`, with region `v` as the cell `(k, a[k])` for `k = cells[v]`.
fn cell_args(p: &Program, live: &[VarId], vals: &[Dynamic], cells: &BTreeMap<VarId, Dynamic>) -> Vec<Dynamic> {
    let mut out = Vec::new();
    for (v, x) in live.iter().zip(vals) {
        match (is_region(p, *v), x.as_array(), cells.get(v)) {
            (true, Some(a), Some(k)) => {
                out.push(k.clone());
                out.push(a.select(k));
            }
            _ => out.push(x.clone()),
        }
    }
    out
}

/// The exact elimination of arrays from one clause: reads pushed through
/// stores, conditionals and constant arrays down to array constants, each
/// read of an array constant a fresh scalar.
#[derive(Default)]
struct Arrays {
    /// Per array constant, its reads: (index, the scalar standing for it).
    reads: Vec<(Dynamic, Vec<(Dynamic, Dynamic)>)>,
    memo: HashMap<Dynamic, Dynamic>,
}

impl Arrays {
    /// `e` without arrays, or `None` if it has an array term other than a read.
    fn elim(&mut self, e: &Dynamic) -> Option<Dynamic> {
        if let Some(r) = self.memo.get(e) {
            return Some(r.clone());
        }
        if e.get_sort().is_array() || e.kind() == z3::AstKind::Quantifier {
            return None;
        }
        let children = e.children();
        let r = if e.kind() != z3::AstKind::App || children.is_empty() {
            e.clone()
        } else if e.decl().kind() == DeclKind::Select && children.len() == 2 {
            let j = self.elim(&children[1])?;
            self.read(&children[0], &j)?
        } else {
            let args = children.iter().map(|c| self.elim(c)).collect::<Option<Vec<_>>>()?;
            let refs: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
            e.decl().apply(&refs)
        };
        self.memo.insert(e.clone(), r.clone());
        Some(r)
    }

    /// The value of `array[j]`, for an index `j` already without arrays.
    fn read(&mut self, array: &Dynamic, j: &Dynamic) -> Option<Dynamic> {
        let ch = array.children();
        if array.kind() != z3::AstKind::App {
            return None;
        }
        match array.decl().kind() {
            DeclKind::Store if ch.len() == 3 => {
                let (i, x) = (self.elim(&ch[1])?, self.elim(&ch[2])?);
                let rest = self.read(&ch[0], j)?;
                Some(i.eq(j).ite(&x, &rest))
            }
            DeclKind::Ite if ch.len() == 3 => {
                let c = self.elim(&ch[0])?.as_bool()?;
                let (t, f) = (self.read(&ch[1], j)?, self.read(&ch[2], j)?);
                Some(c.ite(&t, &f))
            }
            DeclKind::ConstArray if ch.len() == 1 => self.elim(&ch[0]),
            DeclKind::Uninterpreted if ch.is_empty() => {
                let at = match self.reads.iter().position(|(a, _)| a == array) {
                    Some(at) => at,
                    None => {
                        self.reads.push((array.clone(), Vec::new()));
                        self.reads.len() - 1
                    }
                };
                let reads = &mut self.reads[at].1;
                if let Some((_, s)) = reads.iter().find(|(i, _)| i == j) {
                    return Some(s.clone());
                }
                let s = Dynamic::fresh_const("cell", &array.get_sort().array_range()?);
                reads.push((j.clone(), s.clone()));
                Some(s)
            }
            _ => None,
        }
    }

    /// The scalars standing for reads, and functional consistency: two reads
    /// of one array at equal indices are equal.
    fn finish(self) -> (Vec<Dynamic>, Vec<Bool>) {
        let (mut scalars, mut same) = (Vec::new(), Vec::new());
        for (_, reads) in &self.reads {
            for (n, (i, s)) in reads.iter().enumerate() {
                scalars.push(s.clone());
                for (j, t) in &reads[..n] {
                    same.push(i.eq(j).implies(s.eq(t)));
                }
            }
        }
        (scalars, same)
    }
}

/// The rule `∀bounds. body → head`, with its arrays eliminated where the
/// elimination knows every array term.
fn rule(bounds: &[Dynamic], body: &[Bool], head: &Bool) -> Bool {
    let mut a = Arrays::default();
    let eliminated: Option<Vec<Bool>> =
        body.iter().chain([head]).map(|f| a.elim(&Dynamic::from_ast(f))?.as_bool()).collect();
    match eliminated {
        Some(mut fs) => {
            let head = fs.pop().unwrap_or_else(|| head.clone());
            let (scalars, same) = a.finish();
            fs.extend(same);
            let mut all = bounds.to_vec();
            all.extend(scalars);
            terms::forall(&all, &Bool::and(&fs).implies(head))
        }
        None => terms::forall(bounds, &Bool::and(body).implies(head)),
    }
}

/// Solves the whole program's clauses over cells: per location its label
/// `∀k. P_u(k, a[k], x)` over the canonical constants (`true` where the error
/// cannot be reached from it; `None` where Spacer's answer has none), with
/// Spacer's random seed and effort budget of `attempt`; `Err` when Spacer
/// spent the budget without an answer (the engine restarts with another seed).
pub fn whole_program(
    p: &Program,
    l: &mut Lowerer,
    canon: &Canon,
    pre: Preprocessing,
    attempt: Attempt,
) -> Result<ChcAnswer, OutOfEffort> {
    let d = Dag::of_program(p);
    let relevant = d.reaches_error();
    if !relevant[d.entry] {
        return Ok(ChcAnswer::Solution(relevant.iter().map(|r| Some(Bool::from_bool(!r))).collect()));
    }
    let fp = match spacer::spacer(
        SpacerMode::Whole { global: true, pre },
        l.sem == crate::smt::IntSemantics::Bv,
        false,
        attempt,
    ) {
        Ok(fp) => fp,
        Err(e) => return Ok(ChcAnswer::Unknown(e)),
    };
    // the index sort of each region
    let index_sort = |v: VarId| canon.of(v).dynamic().get_sort().array_domain();
    let preds: Vec<Option<FuncDecl>> = (0..d.loc.len())
        .map(|u| {
            relevant[u].then(|| {
                let mut sorts = Vec::new();
                for v in &p.loc(d.loc[u]).live {
                    let s = canon.of(*v).sort();
                    match (is_region(p, *v), s.array_domain(), s.array_range()) {
                        (true, Some(i), Some(r)) => sorts.extend([i, r]),
                        _ => sorts.push(s),
                    }
                }
                clause::relation(&fp, &format!("C{u}"), &sorts)
            })
        })
        .collect();
    let apply = |u: usize, args: &[Dynamic]| clause::apply_relation(preds[u].as_ref(), args);
    // a cell index per region of the program
    let fresh_cells = |tag: &str| -> BTreeMap<VarId, Dynamic> {
        (0..p.vars.len())
            .map(|i| VarId(i as u32))
            .filter(|v| is_region(p, *v))
            .filter_map(|v| Some((v, Dynamic::new_const(format!("k.{}@{tag}", p.var(v).name), &index_sort(v)?))))
            .collect()
    };
    // P_en(k, v, x) for every cell and in-range x
    {
        let cells = fresh_cells("en");
        let st = argcond::node_state(p, l, d.loc[d.entry], "en");
        let live = &p.loc(d.loc[d.entry]).live;
        let vals: Vec<Dynamic> = live.iter().map(|v| st[v].dynamic()).collect();
        let args = cell_args(p, live, &vals, &cells);
        let ranges: Vec<Bool> = live.iter().filter_map(|v| l.range(&st[v], p.var(*v).sort)).collect();
        let mut bounds = vals.clone();
        bounds.extend(cells.values().cloned());
        fp.add_rule(&rule(&bounds, &ranges, &apply(d.entry, &args)), None);
    }
    for (i, (s, w, e)) in d.edges.iter().enumerate() {
        if !(relevant[*s] && relevant[*w]) {
            continue;
        }
        let tag = format!("e{i}");
        let c = EdgeClause::new(p, l, *e, &tag);
        let cells = fresh_cells(&tag);
        let src_live = &p.loc(d.loc[*s]).live;
        let dst_live = &p.loc(d.loc[*w]).live;
        let mut body = vec![apply(*s, &cell_args(p, src_live, &c.pre_args, &cells))];
        // the instances: each region of the source at each index the body
        // accesses a region of its sort at
        let mut seen = std::collections::HashSet::new();
        for (j, v) in src_live.iter().enumerate() {
            if !is_region(p, *v) {
                continue;
            }
            let sort = c.pre_args[j].get_sort();
            let mut indices = Vec::new();
            for f in c.constraints.iter().map(|b| Dynamic::from_ast(b)).chain(c.post_args.iter().cloned()) {
                crate::smt::instances::index_terms(&f, Some(&sort), &mut indices, &mut seen);
            }
            seen.clear();
            for k in indices.into_iter().take(MAX_INSTANCES) {
                let mut at = cells.clone();
                at.insert(*v, k);
                body.push(apply(*s, &cell_args(p, src_live, &c.pre_args, &at)));
            }
        }
        body.extend(c.constraints);
        let head = apply(*w, &cell_args(p, dst_live, &c.post_args, &cells));
        let mut bounds = c.bounds;
        bounds.extend(cells.values().cloned());
        fp.add_rule(&rule(&bounds, &body, &head), None);
    }
    let cells = fresh_cells("err");
    let err_live = &p.loc(d.loc[d.error]).live;
    let err_vals: Vec<Dynamic> = err_live.iter().map(|v| canon.of(*v).dynamic()).collect();
    let query = apply(d.error, &cell_args(p, err_live, &err_vals, &cells));
    let before = spacer::effort_spent(&fp);
    let answer = fp.query(&query);
    if let (SatResult::Unknown, Some(budget)) = (answer, attempt.effort) {
        if spacer::effort_spent(&fp).saturating_sub(before) >= u64::from(budget) {
            return Err(OutOfEffort);
        }
    }
    Ok(match answer {
        SatResult::Unsat => {
            let answer = fp.get_answer().map(|a| spacer::solution(&a)).unwrap_or_default();
            let labels = (0..d.loc.len())
                .map(|u| {
                    if !relevant[u] {
                        return Some(Bool::from_bool(true));
                    }
                    if u == d.error {
                        return Some(Bool::from_bool(false));
                    }
                    let live = &p.loc(d.loc[u]).live;
                    let vals: Vec<Dynamic> = live.iter().map(|v| canon.of(*v).dynamic()).collect();
                    let bound: BTreeMap<VarId, Dynamic> = live
                        .iter()
                        .filter(|v| is_region(p, **v))
                        .filter_map(|v| Some((*v, Dynamic::fresh_const("k", &index_sort(*v)?))))
                        .collect();
                    let args = cell_args(p, live, &vals, &bound);
                    let (def, positions, n) = answer.get(&format!("C{u}"))?;
                    let mut to: Vec<Dynamic> = (0..*n).map(|_| Dynamic::from_ast(&Bool::from_bool(true))).collect();
                    for (j, idx) in positions.iter().enumerate() {
                        to[*idx as usize] = args.get(j)?.clone();
                    }
                    let body = terms::quantifier_free(&terms::substitute_vars(def, &to)?);
                    let ks: Vec<Dynamic> = live.iter().filter_map(|v| bound.get(v).cloned()).collect();
                    Some(terms::forall(&ks, &body).simplify())
                })
                .collect();
            ChcAnswer::Solution(labels)
        }
        SatResult::Sat => ChcAnswer::Reachable(Vec::new()),
        SatResult::Unknown => ChcAnswer::Unknown(fp.get_reason_unknown()),
    })
}

/// Spacer spent its effort budget ([`Attempt::effort`]) without an answer.
#[derive(Debug, PartialEq, Eq)]
pub struct OutOfEffort;

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::{Array, Int};
    use z3::Sort;

    /// The conjunction `f` with its arrays eliminated (and the consistency
    /// constraints), or `None`.
    fn eliminated(f: &[Bool]) -> Option<Vec<Bool>> {
        let mut a = Arrays::default();
        let mut out = f.iter().map(|b| a.elim(&Dynamic::from_ast(b))?.as_bool()).collect::<Option<Vec<_>>>()?;
        let (scalars, same) = a.finish();
        assert!(out.iter().chain(&same).all(|b| !b.to_string().contains("select")), "{scalars:?}");
        out.extend(same);
        Some(out)
    }

    fn sat(f: &[Bool]) -> Option<bool> {
        crate::smt::solve::is_sat(f)
    }

    #[test]
    fn arrays_are_eliminated_exactly() {
        let a = Array::new_const("a", &Sort::int(), &Sort::int());
        let (i, j) = (Int::new_const("i"), Int::new_const("j"));
        let read = |arr: &Array, x: &Int| arr.select(x).as_int().unwrap();
        // a read of a store at the stored index is the stored value
        let stored = a.store(&i, &Int::from_i64(5));
        let f = [i.eq(&j), read(&stored, &j).eq(Int::from_i64(5)).not()];
        assert_eq!(sat(&eliminated(&f).unwrap()), Some(false));
        // two reads of one array at equal indices are equal, and only then
        let f = [read(&a, &i).eq(Int::from_i64(1)), read(&a, &j).eq(Int::from_i64(2))];
        assert_eq!(sat(&eliminated(&f).unwrap()), Some(true));
        let mut g = f.to_vec();
        g.push(i.eq(&j));
        assert_eq!(sat(&eliminated(&g).unwrap()), Some(false));
        // through a conditional array and a constant array
        let c = Bool::new_const("c");
        let k = Array::const_array(&Sort::int(), &Int::from_i64(7));
        let either = c.ite(&stored, &k);
        let f = [c.not(), read(&either, &j).eq(Int::from_i64(7)).not()];
        assert_eq!(sat(&eliminated(&f).unwrap()), Some(false));
        // an equality of arrays is not eliminated
        assert!(eliminated(&[a.eq(&stored)]).is_none());
    }
}
