//! The ARG condition of papers/ufo-under-over-approximations.txt §5 (eq. 1–2)
//! for any DAG whose nodes are program locations: a Boolean control variable
//! `c_u` per node, one copy of the in-scope variables per node, and
//! `μ_u = c_u ⇒ ⋁_{(u,w)} (c_w ∧ encode(u,w))` for every node that can reach the
//! error node. `c_en ∧ ⋀ μ_u` is satisfiable iff some path of the DAG from the
//! entry to the error node is feasible (Lemma 1); a model gives the path and the
//! value of every nondeterministic input along it.
//!
//! Used by BMC (the DAG is a K-step unrolling), by UFO (the DAG is the ARG),
//! by the bit-precise check of a path (`check::path`), and pinned to the ground
//! states of a Spacer derivation ([`argcond_pinned`], [`Fact`]).

use crate::cfg::Dag;
use crate::ir::{EdgeId, HavocKind, LocId, Program, VarId};
use crate::smt::lower::{Lowerer, NondetValue, Val};
pub use crate::trace::{Input, Trace};
use std::collections::HashMap;
use z3::ast::{Ast, Bool, Dynamic};
use z3::SatResult;

/// The encoded ARG condition.
pub struct DagEncoding {
    /// Per node: the values of its in-scope variables (only for nodes reaching error).
    pub state: Vec<HashMap<VarId, Val>>,
    pub ctrl: Vec<Bool>,
    /// Per DAG edge (same index as `Dag::edges`): `encode(u,w)` including the
    /// equalities with the target's state, and its inputs. `None` if irrelevant.
    pub edge: Vec<Option<(Bool, Vec<NondetValue>)>>,
    /// Per DAG edge: the values after its body of the variables that are
    /// arguments of inlined calls (`Program::call_args`).
    pub defined: Vec<Vec<(VarId, Val)>>,
    /// `c_en` and every `μ_u`.
    pub formula: Vec<Bool>,
}

/// Per node, the state constants of its location's in-scope variables.
pub fn node_state(p: &Program, l: &Lowerer, loc: LocId, tag: &str) -> HashMap<VarId, Val> {
    p.loc(loc).live.iter().map(|v| (*v, l.constant(&format!("{}@{tag}", p.var(*v).name), p.var(*v).sort))).collect()
}

/// `encode(u,w)` for a program edge from the given pre-state to the given
/// post-state: the body's constraints and `x_w = value after body` for every
/// variable in scope at the target; also the values after the body of the
/// variables of `wanted`.
pub fn encode_edge(
    p: &Program,
    l: &mut Lowerer,
    e: EdgeId,
    pre: &HashMap<VarId, Val>,
    post: &HashMap<VarId, Val>,
    wanted: &[VarId],
) -> (Bool, Vec<NondetValue>, Vec<(VarId, Val)>) {
    let t = crate::smt::transition::of_edge(p, l, e, pre);
    let mut conj = t.constraints;
    // in the target's variable order, so that the same program gives the same
    // query (and model)
    for (v, y) in &t.post {
        if let Some(x) = post.get(v) {
            conj.push(x.eq_val(y));
        }
    }
    let values = wanted.iter().filter_map(|v| Some((*v, t.after.get(v)?.clone()))).collect();
    (Bool::and(&conj), t.inputs, values)
}

/// Builds the ARG condition of the DAG (eq. 1–2).
pub fn encode(p: &Program, l: &mut Lowerer, dag: &Dag) -> DagEncoding {
    let n = dag.loc.len();
    let relevant = dag.reaches_error();
    let state: Vec<HashMap<VarId, Val>> = (0..n)
        .map(|u| if relevant[u] { node_state(p, l, dag.loc[u], &u.to_string()) } else { HashMap::new() })
        .collect();
    let ctrl: Vec<Bool> = (0..n).map(|u| Bool::new_const(format!("c!{u}"))).collect();
    let mut out: Vec<Vec<Bool>> = vec![Vec::new(); n];
    let mut edge = Vec::with_capacity(dag.edges.len());
    // (of the values inside edges, a trace needs the calls' arguments)
    let mut args: Vec<VarId> = p
        .call_args
        .iter()
        .flat_map(|c| c.args.iter().map(|(_, a)| a).chain(&c.result))
        .filter_map(|a| match a {
            crate::ir::ArgValue::Var(v) => Some(*v),
            crate::ir::ArgValue::Const(_) => None,
        })
        .collect();
    args.sort_unstable();
    args.dedup();
    let mut defined = Vec::with_capacity(dag.edges.len());
    for (s, d, e) in &dag.edges {
        if !(relevant[*s] && relevant[*d]) {
            edge.push(None);
            defined.push(Vec::new());
            continue;
        }
        let (t, inputs, values) = encode_edge(p, l, *e, &state[*s], &state[*d], &args);
        out[*s].push(Bool::and(&[ctrl[*d].clone(), t.clone()]));
        edge.push(Some((t, inputs)));
        defined.push(values);
    }
    let mut formula = vec![ctrl[dag.entry].clone()];
    if !relevant[dag.entry] {
        formula.push(Bool::from_bool(false));
    }
    for v in &p.loc(dag.loc[dag.entry]).live {
        if let Some(r) = state[dag.entry].get(v).and_then(|x| l.range(x, p.var(*v).sort)) {
            formula.push(r);
        }
    }
    for u in 0..n {
        if relevant[u] && u != dag.error {
            formula.push(ctrl[u].implies(Bool::or(&out[u])));
        }
    }
    DagEncoding { state, ctrl, edge, defined, formula }
}

/// Bounds `(lo, hi)` on every nondeterministic input, tried in order once the
/// ARG condition is satisfiable; the first that admits a model gives the trace.
const SMALL_INPUTS: [(i128, i128); 5] =
    [(0, 16), (-16, 16), (0, 1 << 10), (-(1 << 10), 1 << 10), (-(1 << 20), 1 << 20)];

/// Milliseconds for each of those checks (and never past the deadline).
const SMALL_INPUTS_MS: u32 = 1000;

/// A model of the ARG condition asserted on `s`, which has just answered sat,
/// whose nondeterministic inputs are small where the path allows it: the
/// first bound of [`SMALL_INPUTS`] that admits a model, else Z3's own model.
/// Every model is a feasible path; Z3's own often picks inputs like 2^31 - 5
/// for a loop bound, which makes the trace unreadable and its replay (a real
/// run of the program) take minutes.
pub fn small_input_model(p: &Program, enc: &DagEncoding, s: &z3::Solver) -> Option<z3::Model> {
    let first = s.get_model()?;
    let inputs: Vec<(&Val, crate::ir::Sort)> = enc
        .edge
        .iter()
        .flatten()
        .flat_map(|(_, inputs)| inputs)
        .filter(|(_, kind, _, _)| matches!(kind, HavocKind::Nondet { .. }))
        .map(|(v, _, _, val)| (val, p.var(*v).sort))
        .collect();
    let (lo, hi) = SMALL_INPUTS[1];
    let small = |m: &z3::Model| inputs.iter().all(|(v, _)| v.eval_i128(m).is_none_or(|x| (lo..=hi).contains(&x)));
    if small(&first) {
        return Some(first);
    }
    for (lo, hi) in SMALL_INPUTS {
        if crate::smt::solve::set_timeout(s, Some(SMALL_INPUTS_MS)).is_some_and(|ms| ms <= 1) {
            break;
        }
        s.push();
        for (v, sort) in &inputs {
            if let Some(bound) = v.within(*sort, lo, hi) {
                s.assert(&bound);
            }
        }
        let model = if s.check() == z3::SatResult::Sat { s.get_model() } else { None };
        s.pop(1);
        if model.is_some() {
            return model;
        }
    }
    Some(first)
}

/// Follows a model of the ARG condition from the entry to the error node.
pub fn extract_trace(dag: &Dag, enc: &DagEncoding, model: &z3::Model) -> Option<Trace> {
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); dag.loc.len()];
    for (i, (s, _, _)) in dag.edges.iter().enumerate() {
        succ[*s].push(i);
    }
    let truth = |b: &Bool| model.eval(b, true).and_then(|x| x.as_bool()).unwrap_or(false);
    let mut trace = Trace::default();
    let mut u = dag.entry;
    let mut steps = 0;
    while u != dag.error {
        let next = succ[u].iter().copied().find(|&i| {
            let (_, d, _) = dag.edges[i];
            matches!(&enc.edge[i], Some((t, _)) if truth(&enc.ctrl[d]) && truth(t))
        })?;
        let (_, d, e) = dag.edges[next];
        trace.edges.push(e);
        let mut state: Vec<(VarId, i128)> =
            enc.state[d].iter().filter_map(|(v, x)| Some((*v, x.eval_i128(model)?))).collect();
        // and what the edge defined, in scope at the target or not
        for (v, x) in &enc.defined[next] {
            if !enc.state[d].contains_key(v) {
                state.extend(x.eval_i128(model).map(|x| (*v, x)));
            }
        }
        state.sort();
        trace.states.push(state);
        if let Some((_, inputs)) = &enc.edge[next] {
            for (_, kind, at, val) in inputs {
                if let HavocKind::Nondet { func, source } = kind {
                    trace.inputs.push(Input {
                        func: func.clone(),
                        source: source.clone(),
                        value: val.eval_i128(model)?,
                        at: at.clone(),
                        function: String::new(),
                    });
                }
            }
        }
        u = d;
        steps += 1;
        if steps > dag.edges.len() + 1 {
            return None;
        }
    }
    Some(trace)
}

/// One fact of Spacer's refutation: node `node`'s predicate holds of ground
/// values, one per in-scope variable of its location in order (empty when
/// the fact's arity is not theirs). The values pin a state of a
/// counterexample ([`argcond_pinned`]).
#[derive(Clone, Debug)]
pub struct Fact {
    pub node: usize,
    pub(super) values: Vec<Dynamic>,
}

impl Fact {
    /// Does the fact carry a value per in-scope variable of its location?
    pub fn is_ground(&self) -> bool {
        !self.values.is_empty()
    }
}

/// Decides the ARG condition of the DAG (eq. 1–2) with one SMT query:
/// `Ok(Some(trace))` if a path to the error is feasible, `Ok(None)` if none is.
pub fn argcond(p: &Program, l: &mut Lowerer, d: &Dag) -> Result<Option<Trace>, String> {
    argcond_pinned(p, l, d, &[])
}

/// [`argcond`] with the state of each node of `pins` fixed to its fact's
/// values (a fact that is not ground, or a value of another sort than its
/// variable's, pins nothing): a path through a derivation's states.
pub fn argcond_pinned(p: &Program, l: &mut Lowerer, d: &Dag, pins: &[(usize, &Fact)]) -> Result<Option<Trace>, String> {
    let enc = encode(p, l, d);
    let s = crate::smt::solve::solver();
    for f in &enc.formula {
        s.assert(f);
    }
    for (u, fact) in pins {
        let live = &p.loc(d.loc[*u]).live;
        for (v, value) in live.iter().zip(&fact.values) {
            if let Some(x) = enc.state[*u].get(v).map(Val::dynamic).filter(|x| x.get_sort() == value.get_sort()) {
                s.assert(x.eq(value));
            }
        }
    }
    match s.check() {
        SatResult::Sat => match small_input_model(p, &enc, &s).and_then(|m| extract_trace(d, &enc, &m)) {
            Some(t) => Ok(Some(t)),
            None => Err("could not extract a path from the model".into()),
        },
        SatResult::Unsat => Ok(None),
        SatResult::Unknown => Err(undecided(s.get_reason_unknown())),
    }
}

/// Why a path query was undecided, as a reason a user reads: Z3's own
/// `timeout` or `canceled` as they are (callers and the bench read them),
/// else what Z3 said inside a sentence (its reason can be a bare `ok`,
/// as on a product of two inputs).
fn undecided(reason: Option<String>) -> String {
    match reason.as_deref() {
        Some(r @ ("timeout" | "canceled")) => r.to_string(),
        Some(r) => format!("Z3 did not decide the path's query (its reason: {r})"),
        None => "Z3 did not decide the path's query".to_string(),
    }
}

#[cfg(test)]
mod tests {
    /// Z3's `timeout` and `canceled` stay as they are (the run's reason
    /// starts with them); any other reason, a bare `ok` among them, is
    /// named as the path query's.
    #[test]
    fn an_undecided_query_says_so() {
        assert_eq!(super::undecided(Some("timeout".into())), "timeout");
        assert_eq!(super::undecided(Some("canceled".into())), "canceled");
        assert_eq!(super::undecided(Some("ok".into())), "Z3 did not decide the path's query (its reason: ok)");
        assert_eq!(super::undecided(None), "Z3 did not decide the path's query");
    }
}
