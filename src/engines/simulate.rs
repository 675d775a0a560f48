//! Random simulation: concrete runs of the program model on drawn inputs,
//! a bug finder that costs no solver call. Each run starts at the entry,
//! takes at every location one outgoing edge whose body holds on the
//! current values (`ir::eval::body`, the model's reference evaluator;
//! where the edges draw values, one of those that hold at random, each
//! given up to [`DRAWS`] draws), and draws every havocked value: from the
//! program's literals and their neighbours (the values its comparisons
//! test: `tmp == 5`, a state number), small integers, or anything of the
//! sort; a count or a status (`argc`, what `scanf` returned) from -1 to 8.
//! The first two runs draw 0 everywhere, then 1. A run that reaches the
//! error location, its drawn values made small where its edges still
//! hold with them (`shrink`), is a candidate trace (its edges and inputs),
//! which the driver replays on the real program like every UNSAFE answer
//! (and, where the replay misses, checks bit-precisely, `check::path`).
//!
//! Not one of the papers' algorithms: the testing side of a portfolio, as
//! verifiers pair symbolic engines with execution (the explicit-value
//! paper's §IV checks a path by executing it; here whole runs are). It
//! decides only bugs that many runs reach: systemc/token_ring.15.cil, where
//! every symbolic member drowns in the scheduler's interleavings (issue 45),
//! has its error behind a run that starts the master after all 13
//! transmitters and draws 5 when the token is back (the fifth run here,
//! 0.05 s; with inputs drawn from the task's literals alone, about one
//! run in eleven of the compiled C program reaches it).
//!
//! Invariants:
//! - Deterministic: the runs are a function of the program (a fixed seed,
//!   a budget of edge-body evaluations, not of seconds; the deadline
//!   only stops early).
//! - A taken edge's body held on the values: `Ok(true)` under the run's
//!   semantics, or under `bv` where the run's semantics over-approximate an
//!   operation (`lia`: bit operations on two values); an execution the
//!   model excludes (`nsw` overflow under `lia`) is not taken.
//! - The answer is UNSAFE (a candidate the driver checks) or UNKNOWN; the
//!   engine never claims SAFE.

use super::config::{Configuration, EngineArgs, EngineConfig};
use super::registry::EngineSpec;
use super::{Engine, EngineContext, Outcome, Stats};
use crate::ir::eval::{self, NoValue, Val};
use crate::ir::{EdgeId, Expr, HavocKind, InputSource, IntSemantics, LocId, Program, Sort, Stmt, VarId};
use crate::trace::{Input, Trace};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use std::collections::HashMap;

/// The simulation's configuration: its budget.
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    /// Edge bodies evaluated over all runs, plus one per run, at most.
    pub evaluations: usize,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Simulate { evaluations: self.evaluations })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The registry entry: no solver, a bounded number of evaluations, so it runs
/// alone like `ai`.
pub const SPEC: EngineSpec = EngineSpec {
    name: "simulate",
    help: "Random simulation: concrete runs of the program on inputs drawn from its literals and at random (a bug finder; never SAFE)",
    members: &["simulate"],
    runs_alone: true,
};

/// The simulation's configuration: [`EVALUATIONS`] evaluations.
pub fn configure(name: &str, _member: bool, _: &EngineArgs) -> Option<EngineConfig> {
    (name == "simulate").then(|| EngineConfig::new(Config { evaluations: EVALUATIONS }))
}

/// The default budget: edge bodies evaluated over all runs (at most 0.1 s
/// on the shared set, whose bugs that runs reach take at most 10 100
/// steps; with a budget of 100 000 steps, bench -30c, a safe task Spacer
/// answers in 0.1 s cost up to 0.3 s more).
pub const EVALUATIONS: usize = 100_000;

/// The longest run: a run that has not reached the error by then stops, and
/// the next starts from the entry.
const RUN: usize = 5_000;

/// Draws of a havocking edge's values before it counts as not taken.
const DRAWS: usize = 16;

/// Steps run again, at most, to make a found run's values small.
const SHRINK: usize = 100_000;

/// The largest number of literals drawn from.
const LITERALS: usize = 512;

/// The engine.
pub struct Simulate {
    pub evaluations: usize,
}

/// What the simulation did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SimulateStats {
    /// Runs started.
    pub runs: usize,
    /// Edges taken over all runs.
    pub steps: usize,
    /// Edge bodies evaluated over all runs (draws and edges not taken
    /// included): what the budget counts.
    pub evaluations: usize,
    /// Runs that ended at a location with no edge to take (the program's
    /// end, or values the model has no edge for).
    pub ended: usize,
    /// Edges evaluated under `bv` because the run's semantics gave no value.
    pub bit_precise: usize,
    /// Values of the run that reached the error made smaller.
    pub shrunk: usize,
    /// The length of the run that reached the error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_run_length: Option<usize>,
}

impl super::OwnStats for SimulateStats {
    const KEY: &'static str = "simulate";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("runs", self.runs.to_string()),
            ("steps", self.steps.to_string()),
            ("evaluations", self.evaluations.to_string()),
            ("ended", self.ended.to_string()),
            ("bit_precise", self.bit_precise.to_string()),
            ("shrunk", self.shrunk.to_string()),
        ]
    }
}

/// One taken edge of a run: the edge, the values its havocs drew (in the
/// order they ran) and the semantics it held under.
struct Step {
    edge: EdgeId,
    drawn: Vec<Val>,
    sem: IntSemantics,
}

/// A run: the values of the entry's live variables and the steps taken.
struct Run {
    start: HashMap<VarId, Val>,
    steps: Vec<Step>,
}

/// How values are drawn for one run.
#[derive(Clone, Copy)]
enum Mode {
    /// Every value the same literal (0, then 1: the default paths).
    Constant(i128),
    /// Each value from the literals, small integers or the whole sort.
    Mixed,
}

impl Engine for Simulate {
    fn name(&self) -> &'static str {
        "simulate"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        let mut sim = Simulator::new(p);
        let mut st = SimulateStats::default();
        // every run costs its evaluations and one more (a run may evaluate nothing)
        while st.evaluations + st.runs < self.evaluations && !cx.deadline.expired() {
            let mode = match st.runs {
                0 => Mode::Constant(0),
                1 => Mode::Constant(1),
                _ => Mode::Mixed,
            };
            st.runs += 1;
            match sim.run(mode, self.evaluations - st.runs, cx.sem, &mut st) {
                Some(mut run) => {
                    st.error_run_length = Some(run.steps.len());
                    sim.shrink(&mut run, &mut st);
                    let trace = sim.trace(&run);
                    return Outcome::bug(trace, Stats::with(st.runs, st));
                }
                None if cx.deadline.expired() => {
                    return Outcome::unknown(cx.deadline.stop_reason(), Stats::with(st.runs, st))
                }
                None => {}
            }
        }
        let why = format!("no run of {} ({} steps) reached the error (random simulation)", st.runs, st.steps);
        Outcome::unknown(why, Stats::with(st.runs, st))
    }
}

/// The program's edges by source, its literals and the generator.
struct Simulator<'a> {
    p: &'a Program,
    succ: Vec<Vec<EdgeId>>,
    literals: Vec<i128>,
    /// Variables a count or a status is read into (`argc`, what `scanf`
    /// or `read` returned, ...): drawn small, as a run of the program has them.
    counts: Vec<bool>,
    /// Per edge: does its body draw a value (a havoc)?
    draws: Vec<bool>,
    rng: Xoshiro256PlusPlus,
    /// The states the runs were in at each location they reached, when
    /// recorded ([`states`]), at most [`STATES`].
    seen: Option<Vec<State>>,
}

/// A state a run was in: its location and values.
pub(crate) type State = (LocId, HashMap<VarId, Val>);

/// States [`states`] records, at most.
pub const STATES: usize = 20_000;

/// The states concrete runs of the program reach (at most [`STATES`]),
/// from runs of at most `evaluations` edge-body evaluations in all: the
/// samples of reachable states other engines learn from (`maxsmt`
/// prefers invariants that hold in them); with whether a run reached the
/// error (then no proof exists: the runs stop there). Deterministic, like
/// the engine.
pub(crate) fn states(
    p: &Program,
    sem: IntSemantics,
    evaluations: usize,
    deadline: &crate::deadline::Deadline,
) -> (Vec<State>, bool) {
    let mut sim = Simulator::new(p);
    sim.seen = Some(Vec::new());
    let mut st = SimulateStats::default();
    while st.evaluations + st.runs < evaluations && !deadline.expired() {
        let mode = match st.runs {
            0 => Mode::Constant(0),
            1 => Mode::Constant(1),
            _ => Mode::Mixed,
        };
        st.runs += 1;
        if sim.run(mode, evaluations - st.runs, sem, &mut st).is_some() {
            return (sim.seen.unwrap_or_default(), true);
        }
    }
    (sim.seen.unwrap_or_default(), false)
}

impl<'a> Simulator<'a> {
    fn new(p: &'a Program) -> Simulator<'a> {
        let mut counts = vec![false; p.vars.len()];
        for st in p.edges.iter().flat_map(|e| &e.body) {
            if let Stmt::Havoc(v, HavocKind::Nondet { source, .. }, _) = st {
                counts[v.0 as usize] = !matches!(
                    source,
                    InputSource::Nondet
                        | InputSource::Library { .. }
                        | InputSource::External { .. }
                        | InputSource::ScanfValue { .. }
                        | InputSource::ArgvNumber { .. }
                        | InputSource::ArgvByte { .. }
                );
            }
        }
        let rng = Xoshiro256PlusPlus::seed_from_u64(0x5eed);
        // (a floating-point result is computed, not drawn)
        let drawn = |s: &Stmt| matches!(s, Stmt::Havoc(_, kind, _) if !matches!(kind, HavocKind::Float { .. }));
        let draws = p.edges.iter().map(|e| e.body.iter().any(drawn)).collect();
        Simulator { p, succ: p.successors(), literals: literals(p), counts, draws, rng, seen: None }
    }

    /// One run of at most [`RUN`] steps, while `st.evaluations` is below
    /// `limit`: the steps to the error, if it got there.
    fn run(&mut self, mode: Mode, limit: usize, sem: IntSemantics, st: &mut SimulateStats) -> Option<Run> {
        let p = self.p;
        let mut env: HashMap<VarId, Val> = HashMap::new();
        for &v in &p.loc(p.entry).live {
            let x = self.draw(mode, p.var(v).sort);
            env.insert(v, x);
        }
        let start = env.clone();
        let mut loc = p.entry;
        let mut steps = Vec::new();
        while loc != p.error {
            if let Some(seen) = self.seen.as_mut().filter(|s| s.len() < STATES) {
                seen.push((loc, env.clone()));
            }
            if steps.len() >= RUN || st.evaluations >= limit {
                return None;
            }
            let Some(step) = self.take(loc, &mut env, mode, sem, st) else {
                st.ended += 1;
                return None;
            };
            st.steps += 1;
            loc = p.edge(step.edge).dst;
            steps.push(step);
        }
        Some(Run { start, steps })
    }

    /// Makes the drawn values of a run that reached the error small where
    /// the same edges still hold with them (a counterexample's inputs a
    /// user reads, and a replay runs: `argc` 2, not 5; `x < -100` with
    /// -169, not -1418880355): each value in turn, the first of 0, ±1, ±2,
    /// ... up to half of it (halving it, smallest first) with which the
    /// whole run holds again; at most [`SHRINK`] steps run again in all.
    fn shrink(&self, run: &mut Run, st: &mut SimulateStats) {
        let mut budget = SHRINK;
        for i in 0..run.steps.len() {
            for j in 0..run.steps[i].drawn.len() {
                let Val::Int(v) = run.steps[i].drawn[j] else { continue };
                if v == 0 {
                    continue;
                }
                let mut smaller = vec![0];
                let mut x = v / 2;
                while x != 0 {
                    smaller.push(x);
                    x /= 2;
                }
                smaller[1..].reverse();
                for c in smaller {
                    if budget < run.steps.len() {
                        return;
                    }
                    budget -= run.steps.len();
                    run.steps[i].drawn[j] = Val::Int(c);
                    if self.holds(run) {
                        st.shrunk += 1;
                        break;
                    }
                    run.steps[i].drawn[j] = Val::Int(v);
                }
            }
        }
    }

    /// Does every step of `run` hold again, in order, with its values?
    fn holds(&self, run: &Run) -> bool {
        let mut env = run.start.clone();
        run.steps.iter().all(|step| matches!(again(self.p, step, &mut env), Ok(true)))
    }

    /// Takes one outgoing edge of `loc` whose body holds, updating `env`;
    /// `None` if none does. Where an edge draws values, every edge is tried
    /// (each with up to [`DRAWS`] draws) and one of those that hold is taken
    /// at random: a branch on a fresh input (`if (scanf(..) != 1) return`,
    /// one edge per side at -O2) goes either way about as often once draws
    /// make both sides hold, not as often as one draw makes a side hold.
    /// Else the first that holds, from a drawn start.
    fn take(
        &mut self,
        loc: LocId,
        env: &mut HashMap<VarId, Val>,
        mode: Mode,
        sem: IntSemantics,
        st: &mut SimulateStats,
    ) -> Option<Step> {
        let p = self.p;
        let l = loc.0 as usize;
        let outs = self.succ[l].len();
        if outs == 0 {
            return None;
        }
        let choose = self.succ[l].iter().any(|e| self.draws[e.0 as usize]);
        let mut taken = Vec::new();
        let start = self.rng.random_range(0..outs);
        for i in 0..outs {
            let e = self.succ[l][(start + i) % outs];
            let body = &p.edge(e).body;
            // (a constant draws the same value again: one try)
            let tries = if self.draws[e.0 as usize] && matches!(mode, Mode::Mixed) { DRAWS } else { 1 };
            for _ in 0..tries {
                let saved: Vec<(VarId, Option<Val>)> =
                    body.iter().flat_map(Stmt::defs).map(|v| (v, env.get(&v).copied())).collect();
                let mut drawn = Vec::new();
                st.evaluations += 1;
                let mut result = self.body(body, env, sem, mode, &mut drawn);
                let mut used = sem;
                if matches!(result, Err(NoValue::Arbitrary(_))) && sem != IntSemantics::Bv {
                    restore(env, &saved);
                    drawn.clear();
                    st.evaluations += 1;
                    st.bit_precise += 1;
                    used = IntSemantics::Bv;
                    result = self.body(body, env, used, mode, &mut drawn);
                }
                if let Ok(true) = result {
                    let step = Step { edge: e, drawn, sem: used };
                    if !choose {
                        return Some(step);
                    }
                    restore(env, &saved);
                    taken.push(step);
                    break;
                }
                restore(env, &saved);
            }
        }
        if taken.is_empty() {
            return None;
        }
        let step = taken.swap_remove(self.rng.random_range(0..taken.len()));
        // (the same values again: the body holds again)
        let _ = again(p, &step, env);
        Some(step)
    }

    /// Runs an edge body, drawing its havocked values into `drawn`.
    fn body(
        &mut self,
        body: &[Stmt],
        env: &mut HashMap<VarId, Val>,
        sem: IntSemantics,
        mode: Mode,
        drawn: &mut Vec<Val>,
    ) -> Result<bool, NoValue> {
        let p = self.p;
        let sorts = |v: VarId| p.var(v).sort;
        eval::body(body, env, sem, &sorts, &mut |v, sort| {
            let x = match (mode, self.counts[v.0 as usize], sort) {
                (Mode::Mixed, true, Sort::Int { bits }) => Val::Int(eval::wrap(self.rng.random_range(-1..=8), bits)),
                _ => self.draw(mode, sort),
            };
            drawn.push(x);
            x
        })
    }

    /// A value of `sort` as `mode` draws it.
    fn draw(&mut self, mode: Mode, sort: Sort) -> Val {
        let bits = match sort {
            Sort::Bool => {
                return Val::Bool(match mode {
                    Mode::Constant(c) => c != 0,
                    Mode::Mixed => self.rng.random_bool(0.5),
                })
            }
            Sort::Int { bits } => bits,
            // never a variable's sort (`Num`), or not a value (`Array`)
            Sort::Num | Sort::Array { .. } => 64,
        };
        let v = match mode {
            Mode::Constant(c) => c,
            Mode::Mixed => match self.rng.random_range(0..4u8) {
                // (never empty: 0, 1 and -1 are always among them)
                0 | 1 => self.literals[self.rng.random_range(0..self.literals.len())],
                2 => self.rng.random_range(-16..=16),
                _ => self.rng.random::<u128>() as i128,
            },
        };
        Val::Int(eval::wrap(v, bits.clamp(1, 128)))
    }

    /// The trace of a run's steps: its edges, the inputs its `Nondet`
    /// havocs drew, and per edge the values in scope at its target (the run
    /// again, with the values it drew).
    fn trace(&self, run: &Run) -> Trace {
        let p = self.p;
        let mut env = run.start.clone();
        let mut trace = Trace::default();
        for step in &run.steps {
            let edge = p.edge(step.edge);
            let havocs = edge.body.iter().filter_map(|s| match s {
                Stmt::Havoc(_, HavocKind::Float { .. }, _) => None,
                Stmt::Havoc(_, kind, at) => Some((kind, at)),
                _ => None,
            });
            for ((kind, at), value) in havocs.zip(&step.drawn) {
                if let HavocKind::Nondet { func, source } = kind {
                    let at = at.clone();
                    let value = as_i128(*value);
                    trace.inputs.push(Input {
                        func: func.clone(),
                        source: source.clone(),
                        value,
                        at,
                        function: String::new(),
                    });
                }
            }
            let _ = again(p, step, &mut env);
            let mut state: Vec<(VarId, i128)> =
                p.loc(edge.dst).live.iter().filter_map(|v| Some((*v, as_i128(*env.get(v)?)))).collect();
            for v in edge.body.iter().flat_map(Stmt::defs) {
                if p.loc(edge.dst).live.binary_search(&v).is_err() {
                    state.extend(env.get(&v).map(|x| (v, as_i128(*x))));
                }
            }
            state.sort();
            trace.edges.push(step.edge);
            trace.states.push(state);
        }
        trace
    }
}

/// Runs a step's edge body again on `env` with the values it drew.
fn again(p: &Program, step: &Step, env: &mut HashMap<VarId, Val>) -> Result<bool, NoValue> {
    let sorts = |v: VarId| p.var(v).sort;
    let mut drawn = step.drawn.iter().copied();
    eval::body(&p.edge(step.edge).body, env, step.sem, &sorts, &mut |_, _| drawn.next().unwrap_or(Val::Int(0)))
}

/// Puts back the values an edge's body may have changed.
fn restore(env: &mut HashMap<VarId, Val>, saved: &[(VarId, Option<Val>)]) {
    for (v, x) in saved.iter().rev() {
        match x {
            Some(x) => env.insert(*v, *x),
            None => env.remove(v),
        };
    }
}

/// A value as a trace holds it (Booleans as 0/1).
fn as_i128(v: Val) -> i128 {
    match v {
        Val::Bool(b) => b as i128,
        Val::Int(x) => x,
    }
}

/// The integer literals of the program and their neighbours (`x == 5`
/// tests 5; `x < 5` is decided between 4 and 5), with 0, 1 and -1; sorted,
/// at most [`LITERALS`] of them (the smallest in magnitude).
fn literals(p: &Program) -> Vec<i128> {
    let mut out = vec![0, 1, -1];
    let mut visit = |e: &Expr| {
        if let Expr::Int { value, .. } | Expr::Num(value) = e {
            out.extend([*value, value.saturating_sub(1), value.saturating_add(1)]);
        }
        false
    };
    for s in p.edges.iter().flat_map(|e| &e.body) {
        for e in s.exprs() {
            e.any(&mut visit);
        }
    }
    out.sort_by_key(|v| (v.unsigned_abs(), *v));
    out.dedup();
    out.truncate(LITERALS);
    out
}

#[cfg(test)]
mod tests {
    //! The simulation on programs of the model: a bug behind a literal is
    //! found with the inputs that reach it, a program without one is never
    //! SAFE, the runs are the same every time, an execution the model
    //! excludes is not taken, and a bit operation `lia` leaves open is run
    //! under `bv`.
    use super::*;
    use crate::cfg::testing::{cmp, lit, program, set, v};
    use crate::engines::Verdict;
    use crate::ir::{BinOp, CmpPred};
    use crate::smt::Deadline;

    fn input(i: u32) -> Stmt {
        let kind = HavocKind::Nondet { func: "__VERIFIER_nondet_int".into(), source: InputSource::Nondet };
        Stmt::Havoc(VarId(i), kind, Default::default())
    }

    fn run(p: &Program, sem: IntSemantics) -> Outcome {
        let deadline = Deadline::after(std::time::Duration::from_secs(30));
        Simulate { evaluations: EVALUATIONS }.run(p, &EngineContext { sem, deadline: &deadline })
    }

    fn stats(o: &Outcome) -> SimulateStats {
        o.stats.own::<SimulateStats>().cloned().expect("the simulation's statistics")
    }

    /// The explicit-value paper's Fig. 1 shape: `flag = 0; ticks = 0; while
    /// (1) { ticks++; result = input(); if (result == 5) flag = 1 [bug];
    /// if (result == 0 || ticks > 10) break; } if (flag > 0) ERROR`.
    fn ticks(bug: bool) -> Program {
        let (flag, ticks, result) = (0, 1, 2);
        let inc =
            Expr::Bin { op: BinOp::Add, bits: 32, nsw: true, nuw: false, a: Box::new(v(ticks)), b: Box::new(lit(1)) };
        let exit = Expr::Or(vec![cmp(CmpPred::Eq, v(result), lit(0)), cmp(CmpPred::Sgt, v(ticks), lit(10))]);
        let mut body = vec![set(ticks, inc), input(result)];
        if bug {
            let five = cmp(CmpPred::Eq, v(result), lit(5));
            body.push(set(flag, Expr::Ite(Box::new(five), Box::new(lit(1)), Box::new(v(flag)))));
        }
        let (mut stay, mut leave) = (body.clone(), body);
        stay.push(Stmt::Assume(Expr::negate(exit.clone())));
        leave.push(Stmt::Assume(exit));
        program(
            &["flag", "ticks", "result"],
            &["entry", "loop", "after", "return", "ERROR"],
            vec![
                (0, 1, vec![set(flag, lit(0)), set(ticks, lit(0))]),
                (1, 1, stay),
                (1, 2, leave),
                (2, 4, vec![Stmt::Assume(cmp(CmpPred::Sgt, v(flag), lit(0)))]),
                (2, 3, vec![Stmt::Assume(cmp(CmpPred::Sle, v(flag), lit(0)))]),
            ],
        )
    }

    /// The bug is found: the trace goes from the entry to the error, one
    /// input per iteration, one of them the literal 5; the path query finds
    /// the path feasible, and the same program gives the same runs again.
    #[test]
    fn a_bug_behind_a_literal_is_found_with_its_inputs() {
        let p = ticks(true);
        let o = run(&p, IntSemantics::Lia);
        assert_eq!(o.verdict, Verdict::Unsafe, "{:?}", o.reason);
        let trace = o.trace.clone().expect("a trace");
        assert_eq!(p.edge(trace.edges[0]).src, p.entry);
        assert_eq!(p.edge(*trace.edges.last().unwrap()).dst, p.error);
        for w in trace.edges.windows(2) {
            assert_eq!(p.edge(w[0]).dst, p.edge(w[1]).src, "the edges make a path");
        }
        let iterations = trace.edges.iter().filter(|e| p.edge(**e).src == LocId(1)).count();
        assert_eq!(trace.inputs.len(), iterations, "{:?}", trace.inputs);
        assert!(trace.inputs.iter().any(|i| i.value == 5), "{:?}", trace.inputs);
        assert_eq!(trace.states.len(), trace.edges.len());
        let deadline = Deadline::after(std::time::Duration::from_secs(30));
        let cx = EngineContext { sem: IntSemantics::Lia, deadline: &deadline };
        assert!(matches!(crate::engines::path_query(&p, &trace.edges, &cx), Ok(Some(_))), "the path is feasible");
        let again = run(&p, IntSemantics::Lia);
        assert_eq!(stats(&again).runs, stats(&o).runs);
        assert_eq!(again.trace.expect("a trace").edges, trace.edges, "deterministic");
    }

    /// Without the bug no run reaches the error, and the answer is UNKNOWN
    /// (never SAFE) after the whole budget of evaluations.
    #[test]
    fn a_program_without_the_bug_is_unknown_after_the_budget() {
        let o = run(&ticks(false), IntSemantics::Lia);
        assert_eq!(o.verdict, Verdict::Unknown);
        let st = stats(&o);
        // (the last step may evaluate both edges of the loop head, 2 x DRAWS)
        let spent = st.evaluations + st.runs;
        assert!((EVALUATIONS..EVALUATIONS + 2 * DRAWS).contains(&spent), "{st:?}");
        assert!(st.steps < st.evaluations, "{st:?}");
        // each run ends at the return but the last, which the budget ends
        assert!(st.runs > 1 && st.ended == st.runs - 1, "{st:?}");
    }

    /// `y = x + 1` (`nsw`) then `y < x` reaches the error only by an
    /// overflow, which `lia` excludes: never taken under `lia` (UNKNOWN),
    /// found under `bv`, where it wraps (x = 2^31 - 1, a literal of the
    /// program).
    #[test]
    fn an_execution_the_model_excludes_is_not_taken() {
        let (x, y) = (0, 1);
        let inc = Expr::Bin { op: BinOp::Add, bits: 32, nsw: true, nuw: false, a: Box::new(v(x)), b: Box::new(lit(1)) };
        let p = program(
            &["x", "y"],
            &["entry", "check", "return", "ERROR"],
            vec![
                (0, 1, vec![input(x), set(y, inc), Stmt::Assume(cmp(CmpPred::Sle, v(x), lit(i32::MAX as i128)))]),
                (1, 3, vec![Stmt::Assume(cmp(CmpPred::Slt, v(y), v(x)))]),
                (1, 2, vec![Stmt::Assume(cmp(CmpPred::Sge, v(y), v(x)))]),
            ],
        );
        assert_eq!(run(&p, IntSemantics::Lia).verdict, Verdict::Unknown);
        let o = run(&p, IntSemantics::Bv);
        assert_eq!(o.verdict, Verdict::Unsafe, "{:?}", o.reason);
        assert_eq!(o.trace.expect("a trace").inputs[0].value, i32::MAX as i128);
    }

    /// `x & z == 7` with two inputs: `lia` gives the conjunction no value,
    /// so the edge runs under `bv`, and a run finds inputs whose bits meet.
    #[test]
    fn a_bit_operation_lia_leaves_open_runs_under_bv() {
        let (x, z, r) = (0, 1, 2);
        let and = Expr::Bin { op: BinOp::And, bits: 32, nsw: false, nuw: false, a: Box::new(v(x)), b: Box::new(v(z)) };
        let p = program(
            &["x", "z", "r"],
            &["entry", "check", "return", "ERROR"],
            vec![
                (0, 1, vec![input(x), input(z), set(r, and)]),
                (1, 3, vec![Stmt::Assume(cmp(CmpPred::Eq, v(r), lit(7)))]),
                (1, 2, vec![Stmt::Assume(cmp(CmpPred::Ne, v(r), lit(7)))]),
            ],
        );
        let o = run(&p, IntSemantics::Lia);
        assert_eq!(o.verdict, Verdict::Unsafe, "{:?}", o.reason);
        assert!(stats(&o).bit_precise >= 1);
        let inputs = o.trace.expect("a trace").inputs;
        assert_eq!(inputs[0].value & inputs[1].value & 0xffff_ffff, 7, "{inputs:?}");
    }
}
