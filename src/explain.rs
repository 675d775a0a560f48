//! Readable answers (DESIGN.md "Answers you can trust"): a counterexample as
//! source lines with the nondet inputs, the source variables' values and the
//! calls each line is in (issue 44 §3: inlined calls, recursion copied to a
//! bound), and a
//! certificate as loop invariants in source terms (`loop at foo.c:4: x >= 0`).

use crate::cexpr::{self, CVar, Style};
use crate::cfg::Wto;
use crate::engines::Certificate;
use crate::error::SrcLoc;
use crate::ir::{LocId, Program, Stmt, VarId};
use crate::trace::Trace;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// A source variable's value at a step of a counterexample.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Value {
    pub name: String,
    /// As the model holds it (a float's bits as a signed integer).
    pub value: i128,
    /// A float's value as a C literal (`0.1`, `NAN`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub literal: Option<String>,
}

impl std::fmt::Display for Value {
    /// `name = value`, a float's value as its C literal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.literal {
            Some(l) => write!(f, "{} = {l}", self.name),
            None => write!(f, "{} = {}", self.name, self.value),
        }
    }
}

/// One step of a readable counterexample.
#[derive(Clone, Debug, Serialize)]
pub struct PathStep {
    pub at: SrcLoc,
    pub code: Option<String>,
    /// Source variables whose value is new or changed after this step.
    pub values: Vec<Value>,
    /// The calls the step is in, outermost first (empty in the entry function).
    pub calls: Vec<Call>,
}

/// A call on a counterexample's stack: the function called, where, and
/// with what (the parameters debug info names, whose values the trace has
/// where the call is entered).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Call {
    pub function: String,
    pub at: SrcLoc,
    pub args: Vec<Value>,
    /// What it returned, where the path leaves it and the value is known.
    pub result: Option<i128>,
}

/// The calls a position `at` of an edge whose code is in the inlined calls
/// `calls` (call sites, outermost first) is in: the frames down to the
/// deepest whose function contains `at` (a block merged by the optimizer
/// holds code of several frames; its edge carries the innermost).
fn stack(p: &Program, calls: &[SrcLoc], inner: &SrcLoc, at: &SrcLoc) -> Vec<Call> {
    // the function of each frame: the one holding the next call site, and
    // for the innermost the one holding the edge's own position
    let functions: Vec<&str> = (0..=calls.len()).map(|k| p.function_at(calls.get(k).unwrap_or(inner))).collect();
    let here = p.function_at(at);
    let depth = functions.iter().rposition(|f| *f == here).unwrap_or(calls.len());
    (0..depth)
        .map(|k| Call { function: functions[k + 1].to_string(), at: calls[k].clone(), args: Vec::new(), result: None })
        .collect()
}

/// The arguments of the inlined call whose call sites are `calls`, with
/// their values in `states` (the first that has the variable).
fn arguments(p: &Program, calls: &[SrcLoc], states: &[&[(VarId, i128)]]) -> Vec<Value> {
    let Some(c) = p.call_args.iter().find(|c| c.calls == calls) else { return Vec::new() };
    c.args
        .iter()
        .filter_map(|(name, a)| {
            let (value, float) = match a {
                crate::ir::ArgValue::Const(x) => (Some(*x), None),
                crate::ir::ArgValue::Var(v) => {
                    (states.iter().find_map(|st| st.iter().find(|(w, _)| w == v).map(|(_, x)| *x)), p.var(*v).float)
                }
            };
            let value = value?;
            let literal = float.and_then(|f| crate::ir::float::c_literal(f, value));
            Some(Value { name: name.clone(), value, literal })
        })
        .collect()
}

/// The value the inlined call whose call sites are `calls` returned: its
/// result's variable in the latest of `states` that has it.
fn result(p: &Program, calls: &[SrcLoc], states: &[Vec<(VarId, i128)>]) -> Option<i128> {
    match p.call_args.iter().find(|c| c.calls == calls)?.result? {
        crate::ir::ArgValue::Const(x) => Some(x),
        crate::ir::ArgValue::Var(v) => {
            states.iter().rev().find_map(|st| st.iter().find(|(w, _)| *w == v).map(|(_, x)| *x))
        }
    }
}

/// The invariant of a loop head, in source terms.
#[derive(Clone, Debug, Serialize)]
pub struct LoopInvariant {
    /// Where the loop head is (its first source position).
    pub at: SrcLoc,
    /// Where its source loop starts (the `while`, `for` or `do`), where the
    /// program's debug information says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loop_start: Option<SrcLoc>,
    /// The source function containing it.
    pub function: String,
    /// The IR location (basic block).
    pub location: String,
    /// For people: source names where known, SSA names otherwise.
    pub invariant: String,
    /// A C expression over source variables only, implied by the invariant
    /// (used in correctness witnesses).
    pub c_expression: String,
    /// `c_expression` is weaker than `invariant` (it drops atoms over SSA
    /// temporaries or operators C cannot express exactly).
    pub weakened: bool,
}

thread_local! {
    /// Source files read so far (a path has many steps in few files).
    static SOURCES: std::cell::RefCell<HashMap<String, Option<std::rc::Rc<Vec<String>>>>> = Default::default();
    /// Compilation directories of relative source names (`Program::source_dirs`).
    static SOURCE_DIRS: std::cell::RefCell<std::collections::BTreeMap<String, String>> = Default::default();
}

/// Tells the source reader where the program's relative file names were
/// compiled (used when a name does not resolve from the current directory).
pub fn use_source_dirs(p: &Program) {
    SOURCE_DIRS.with(|d| d.borrow_mut().extend(p.source_dirs.iter().map(|(f, dir)| (f.clone(), dir.clone()))));
}

fn read_source(file: &str) -> Option<String> {
    std::fs::read_to_string(file).ok().or_else(|| {
        let dir = SOURCE_DIRS.with(|d| d.borrow().get(file).cloned())?;
        std::fs::read_to_string(std::path::Path::new(&dir).join(file)).ok()
    })
}

/// The source line `at` points to, if the file is readable.
pub fn source_line_raw(at: &SrcLoc) -> Option<String> {
    if !at.is_known() {
        return None;
    }
    let lines = SOURCES.with(|c| {
        c.borrow_mut()
            .entry(at.file.clone())
            .or_insert_with(|| {
                let text = read_source(&at.file)?;
                Some(std::rc::Rc::new(text.lines().map(str::to_string).collect()))
            })
            .clone()
    })?;
    lines.get(at.line as usize - 1).cloned()
}

/// The source line `at` points to, trimmed.
pub fn source_line(at: &SrcLoc) -> Option<String> {
    source_line_raw(at).map(|l| l.trim().to_string())
}

/// The in-scope variables at `loc` that hold a source variable's value there
/// (debug info, `frontend::debug_vars`), with that variable's name.
fn source_names(p: &Program, loc: LocId) -> HashMap<crate::ir::VarId, String> {
    let live = &p.loc(loc).live;
    let mut out = HashMap::new();
    for (v, n) in &p.loc(loc).src_vars {
        if live.binary_search(v).is_ok() {
            out.entry(*v).or_insert_with(|| n.clone());
        }
    }
    out
}

/// The readable path of a trace: the source positions of its branches and
/// calls, each with the source variables it changed.
pub fn render_path(p: &Program, trace: &Trace) -> Vec<PathStep> {
    let mut out: Vec<PathStep> = Vec::new();
    let mut shown: HashMap<String, i128> = HashMap::new();
    for (k, e) in trace.edges.iter().enumerate() {
        let edge = p.edge(*e);
        let mut spots: Vec<SrcLoc> = Vec::new();
        for st in &edge.body {
            if let Stmt::Havoc(_, _, at) = st {
                spots.push(at.clone());
            }
        }
        spots.push(edge.src_loc.clone());
        for at in spots {
            let mut calls = stack(p, &edge.calls, &edge.src_loc, &at);
            // a frame the last step was in keeps its arguments; one entered
            // here gets them from the states around this edge
            let before: &[Call] = out.last().map_or(&[], |s| s.calls.as_slice());
            let states: Vec<&[(VarId, i128)]> = [k.checked_sub(1), Some(k)]
                .into_iter()
                .flatten()
                .filter_map(|i| trace.states.get(i))
                .map(Vec::as_slice)
                .collect();
            let mut same = true;
            for (j, c) in calls.iter_mut().enumerate() {
                same = same && before.get(j).is_some_and(|b| b.function == c.function && b.at == c.at);
                c.args = match same {
                    true => before[j].args.clone(),
                    false => arguments(p, &edge.calls[..=j], &states),
                };
            }
            // the frames the last step was in and this one is not have returned
            let kept = before.iter().zip(&calls).take_while(|(b, c)| b.function == c.function && b.at == c.at).count();
            let left: Vec<(usize, Vec<SrcLoc>)> =
                (kept..before.len()).map(|j| (j, before[..=j].iter().map(|c| c.at.clone()).collect())).collect();
            for (j, chain) in left {
                let Some(value) = result(p, &chain, &trace.states[..trace.states.len().min(k + 1)]) else { continue };
                for step in out.iter_mut().rev() {
                    match step.calls.get_mut(j) {
                        Some(c) if c.at == chain[j] => c.result = Some(value),
                        _ => break,
                    }
                }
            }
            let new = out.last().map(|s| s.at.line != at.line || s.at.file != at.file || s.calls != calls);
            if at.is_known() && new.unwrap_or(true) {
                out.push(PathStep { code: source_line(&at), at, values: Vec::new(), calls });
            }
        }
        let (Some(step), Some(state)) = (out.last_mut(), trace.states.get(k)) else { continue };
        let names = source_names(p, edge.dst);
        let mut changed: BTreeMap<String, (i128, Option<String>)> = BTreeMap::new();
        for (v, x) in state {
            if let Some(n) = names.get(v) {
                if shown.get(n) != Some(x) {
                    let literal = p.var(*v).float.and_then(|f| crate::ir::float::c_literal(f, *x));
                    changed.insert(n.clone(), (*x, literal));
                }
            }
        }
        for (name, (value, literal)) in changed {
            shown.insert(name.clone(), value);
            step.values.retain(|x| x.name != name);
            step.values.push(Value { name, value, literal });
        }
    }
    out
}

/// The certificate's invariants at the loop heads (WTO component heads) of the
/// program it was checked on.
pub fn loop_invariants(p: &Program, cert: &Certificate) -> Vec<LoopInvariant> {
    let wto = Wto::of_program(p);
    let mut out = Vec::new();
    for l in p.loc_ids() {
        if !wto.is_head[l.0 as usize] || l == p.error {
            continue;
        }
        let Some(f) = cert.invariants.get(l.0 as usize) else { continue };
        let src = source_names(p, l);
        let readable: HashMap<VarId, CVar> = p
            .loc(l)
            .live
            .iter()
            .map(|v| {
                let name = src.get(v).cloned().unwrap_or_else(|| p.var(*v).name.clone());
                (*v, CVar::of(p, *v, name))
            })
            .collect();
        let exact: HashMap<VarId, CVar> = src.iter().map(|(v, n)| (*v, CVar::of(p, *v, n.clone()))).collect();
        let c = cexpr::to_c(p, f, &exact, Style::Exact);
        let readable = cexpr::to_c(p, f, &readable, Style::Readable);
        let at = p.loc(l).src.clone();
        out.push(LoopInvariant {
            function: p.function_at(&at).to_string(),
            at,
            loop_start: p.loc(l).loop_start.clone(),
            location: p.loc(l).name.clone(),
            invariant: readable.text,
            c_expression: c.text,
            weakened: c.weakened,
        });
    }
    out
}

/// The summaries of a proof of a program with procedures (issue 44), each
/// procedure's exit invariant and calling context in C over its parameters'
/// source names, its result written as the call (`fib(n)`).
pub fn procedure_summaries(
    ps: &crate::ir::procedures::Procedures,
    proof: &crate::answer::ProcedureProof,
) -> Vec<ProcedureSummary> {
    let mut out = Vec::new();
    for (f, given) in ps.procedures.iter().zip(&proof.procedures) {
        let p = &f.program;
        let name = |v: VarId| p.var(v).src_name.clone().unwrap_or_else(|| p.var(v).name.clone());
        let params: Vec<String> = f.params.iter().map(|v| name(*v)).collect();
        let call = format!("{}({})", f.name(), params.join(", "));
        let mut vars: HashMap<VarId, CVar> = f.params.iter().map(|v| (*v, CVar::of(p, *v, name(*v)))).collect();
        if let Some(r) = f.ret {
            vars.insert(r, CVar::of(p, r, call.clone()));
        }
        let text = |e: &crate::ir::Expr| cexpr::to_c(p, e, &vars, Style::Readable).text;
        let Some(exit) = given.invariants.get(f.exit.0 as usize) else { continue };
        out.push(ProcedureSummary { function: call, summary: text(exit), context: text(&given.context) });
    }
    out
}

/// The loop invariants of a proof of a program with procedures: the
/// entry's, then each procedure's.
pub fn procedure_loop_invariants(
    ps: &crate::ir::procedures::Procedures,
    c: &Certificate,
    proof: &crate::answer::ProcedureProof,
) -> Vec<LoopInvariant> {
    let invariants = std::iter::once(&proof.main).chain(proof.procedures.iter().map(|f| &f.invariants));
    ps.programs()
        .zip(invariants)
        .flat_map(|(p, inv)| {
            let one = Certificate { invariants: inv.clone(), procedures: None, ..c.clone() };
            loop_invariants(p, &one)
        })
        .collect()
}

/// What a proof of a program with procedures says of one procedure.
#[derive(Clone, Debug, Serialize)]
pub struct ProcedureSummary {
    /// The function, as `fib(n)`.
    pub function: String,
    /// What holds when it returns, over its parameters' values on entry and
    /// its result (written as the call, `fib(n)`), in C.
    pub summary: String,
    /// What holds of the arguments of every call of it, in C.
    pub context: String,
}
