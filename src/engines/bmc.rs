//! Bounded model checking: the program unrolled to `K` steps as a DAG of
//! `(location, step)` nodes (all error nodes merged), encoded as one ARG
//! condition (UFO §5 eq. 1–2) and decided by one Z3 query for all paths. The
//! oracle that checks the translation, and a fast bug finder (in the portfolio
//! it deepens: `K`, `2K`, `4K`, ... until its time is up). After no error
//! within `K` steps it asks whether the unrolling is complete (every
//! execution ends within the bound: CBMC's unwinding assertions,
//! [`unwinding`]); if it is, the answer is SAFE with the unrolling's labels
//! as certificate (one interpolation query over the DAG, as UFO's
//! refinement, joined per location); else no error within `K` steps is
//! UNKNOWN.
//!
//! `bmc-quick` is the same deepening member for at most [`QUICK`] (or a
//! twentieth of its time, if less): a probe a portfolio starts early, where
//! most bugs and complete unrollings answer within a second or two
//! (`llvm-tests/memory`: 38 of 52 program-levels, each in under 1.6 s), and
//! which then gives its thread to the next member instead of holding it for
//! a whole time slice (issue 43 §1, cheap complete members first).

use super::config::EngineArgs;
use super::config::{Configuration, EngineConfig};
use super::registry::EngineSpec;
use super::{Engine, EngineContext, Outcome, Stats, Verdict};
use crate::cfg::unroll::{unroll, unwinding};
use crate::cfg::Dag;
use crate::chc;
use crate::ir::Program;
use crate::smt::Install;
use crate::smt::{Deadline, IntSemantics, Lowerer};
use serde::Serialize;
use std::time::Duration;

/// What the unwinding query of one depth decided.
enum Unwound {
    /// Complete and safe: the certificate of its labels.
    Safe(crate::answer::Certificate),
    /// An error within the bound.
    Unsafe(crate::trace::Trace),
    /// Some execution goes on past the bound, or the queries did not
    /// decide (a deeper bound may).
    Incomplete,
}

/// Decides the unwinding query of depth `k` ([`unwinding`]): no feasible
/// path is SAFE, with the bound as certificate (`check` solves the query
/// again). Labels for the DAG (one interpolation query, as UFO's
/// refinement) would give invariants instead, but under `bv` they cost what
/// the query does many times over (the popcount loop: 0.1 s for the query,
/// 52 s for its labels).
fn unwind(p: &Program, k: usize, sem: IntSemantics) -> Unwound {
    let (q, dag) = unwinding(p, k);
    match chc::argcond(&q, &mut Lowerer::new(sem), &dag) {
        Ok(None) => Unwound::Safe(crate::answer::Certificate {
            sem,
            invariants: Vec::new(),
            complete_within: Some(k + 1),
            k_induction: None,
            procedures: None,
        }),
        Ok(Some(t)) if t.edges.iter().all(|e| (e.0 as usize) < p.edges.len()) => Unwound::Unsafe(t),
        Ok(Some(_)) | Err(_) => Unwound::Incomplete,
    }
}

/// BMC's configuration: the bound, whether it deepens (the portfolio's
/// member: after "no error within `bound` steps", twice the bound, until the
/// clock ends it; `--engine bmc` keeps its bound), and whether it stops after
/// [`QUICK`] (`bmc-quick`).
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub bound: usize,
    pub deepen: bool,
    pub quick: bool,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Bmc { bound: self.bound, deepen: self.deepen, quick: self.quick })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// BMC's registry entry.
pub const SPEC: EngineSpec = EngineSpec {
    name: "bmc",
    help: "Bounded model checking: one query for all paths up to `--bound` steps",
    members: &["bmc", "bmc-quick"],
    runs_alone: false,
};

/// BMC's configurations: the portfolio's members deepen; `bmc-quick` for
/// at most [`QUICK`].
pub fn configure(name: &str, member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    let quick = name == "bmc-quick";
    (name == "bmc" || quick).then(|| EngineConfig::new(Config { bound: a.bound, deepen: member, quick }))
}

/// The longest run of `bmc-quick`.
pub const QUICK: Duration = Duration::from_secs(2);

/// BMC to `bound` steps; with `deepen`, then to twice as many after each
/// "no error within" (up to [`MAX_DEEPENED_BOUND`] steps and
/// [`MAX_DEEPENED_NODES`] nodes, and while the unrolling still grows: else
/// every path was complete), until the clock ends it.
pub struct Bmc {
    pub bound: usize,
    pub deepen: bool,
    /// Stop after [`QUICK`], or a twentieth of the time left if less.
    pub quick: bool,
}

/// A deepening BMC's unwinding query may take this many times the error
/// query of its bound (or [`MIN_UNWIND`] seconds, if more); past it, the
/// bound counts as incomplete.
const UNWIND_SHARE: f64 = 4.0;

/// The least time a deepening BMC gives its unwinding query, in seconds.
const MIN_UNWIND: f64 = 2.0;

/// The deepest bound a deepening BMC tries.
const MAX_DEEPENED_BOUND: usize = 3200;

/// A deepening BMC does not double an unrolling past this many nodes (the
/// query's size, and memory, grow with it).
const MAX_DEEPENED_NODES: usize = 100_000;

impl Engine for Bmc {
    fn name(&self) -> &'static str {
        "bmc"
    }
    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        if !self.quick {
            return self.deepen(p, cx);
        }
        let budget = cx.deadline.remaining().map_or(QUICK, |left| (left / 20).min(QUICK));
        let quick = cx.deadline.child(Some(budget));
        let mut out = self.deepen(p, &EngineContext { deadline: &quick, ..*cx });
        if out.verdict == Verdict::Unknown && quick.expired() && !cx.deadline.expired() {
            let bound = out.stats.own::<BmcStats>().map_or(0, |b| b.bound);
            out.reason = Some(format!("no error within {bound} steps in bmc-quick's {:.1} s", budget.as_secs_f64()));
        }
        out
    }
}

impl Bmc {
    /// BMC to the bound, deepening if asked, until an answer or the deadline.
    fn deepen(&self, p: &Program, cx: &EngineContext) -> Outcome {
        let _installed = cx.deadline.install();
        let mut k = self.bound.max(1);
        let mut nodes = 0;
        let mut unwind_time = 0.0;
        loop {
            let mut out = search(p, k, cx.sem, cx.deadline);
            let grown = out.stats.own::<BmcStats>().map_or(0, |b| b.unrolled_nodes);
            let exhausted = out.reason.as_deref() == Some(no_error(k).as_str());
            if !exhausted || cx.deadline.expired() {
                out.stats.own_mut::<BmcStats>().unwind_time = unwind_time;
                return out;
            }
            // no error within k steps: does every execution end within them?
            // (a deepening BMC asks for at most UNWIND_SHARE times what the
            // error query took: the query is satisfiable where a path goes
            // on, and finding one can take Z3 many times longer than
            // refuting the error — sscanf's at -O0: 45 s against 1.6 s at 50
            // steps — time better spent on the next bound)
            let t = std::time::Instant::now();
            let solved = out.stats.own::<BmcStats>().map_or(0.0, |b| b.solve_time);
            let cap = self.deepen.then(|| Duration::from_secs_f64((UNWIND_SHARE * solved).max(MIN_UNWIND)));
            let capped = cx.deadline.child(cap);
            let unwound = {
                let _installed = capped.install();
                unwind(p, k, cx.sem)
            };
            unwind_time += t.elapsed().as_secs_f64();
            let own = out.stats.own_mut::<BmcStats>();
            own.unwind_time = unwind_time;
            match unwound {
                Unwound::Safe(c) => {
                    own.complete = Some(k + 1);
                    return Outcome::safe(c, out.stats);
                }
                Unwound::Unsafe(trace) => return Outcome::bug(trace, out.stats),
                Unwound::Incomplete => {}
            }
            let deeper = k < MAX_DEEPENED_BOUND && grown > nodes && grown * 2 <= MAX_DEEPENED_NODES;
            if !(self.deepen && deeper) || cx.deadline.expired() {
                return out;
            }
            (k, nodes) = (k * 2, grown);
        }
    }
}

/// BMC's statistics.
#[derive(Clone, Debug, Default, Serialize)]
pub struct BmcStats {
    /// The bound used.
    pub bound: usize,
    /// Nodes of the unrolled DAG.
    pub unrolled_nodes: usize,
    /// Seconds in the one satisfiability query.
    pub solve_time: f64,
    /// Seconds in the unwinding queries ([`unwinding`]) and their labels.
    pub unwind_time: f64,
    /// The bound at which the unrolling was complete (the answer is SAFE).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<usize>,
}

impl super::OwnStats for BmcStats {
    const KEY: &'static str = "bmc";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("bound", self.bound.to_string()),
            ("unrolled_nodes", self.unrolled_nodes.to_string()),
            ("solve", format!("{:.3}s", self.solve_time)),
            ("unwind", format!("{:.3}s", self.unwind_time)),
            ("complete", self.complete.map_or("no".into(), |k| k.to_string())),
        ]
    }
}

/// Why a search to `bound` steps answered nothing.
pub(super) fn no_error(bound: usize) -> String {
    format!("no error within {bound} steps (bounded model checking)")
}

/// One BMC query to `bound` steps, under a deadline the caller installed.
pub(super) fn search(p: &Program, bound: usize, sem: IntSemantics, deadline: &Deadline) -> Outcome {
    search_dag(p, &unroll(p, bound), bound, sem, deadline)
}

/// One query for the paths of `dag` (an unrolling to `bound` steps, or the
/// paths through Spacer's waypoints), under a deadline the caller installed.
pub(super) fn search_dag(p: &Program, dag: &Dag, bound: usize, sem: IntSemantics, deadline: &Deadline) -> Outcome {
    let mut bmc = BmcStats { bound, unrolled_nodes: dag.loc.len(), ..BmcStats::default() };
    let mut l = Lowerer::new(sem);
    let t = std::time::Instant::now();
    // The ARG condition of the unrolling (eq. 1–2), one query for all paths.
    let r = chc::argcond(p, &mut l, dag);
    bmc.solve_time = t.elapsed().as_secs_f64();
    let stats = Stats::with(1, bmc);
    match r {
        Ok(None) => Outcome::unknown(no_error(bound), stats),
        Ok(Some(trace)) => Outcome::bug(trace, stats),
        Err(_) if deadline.expired() => Outcome::unknown(deadline.stop_reason(), stats),
        Err(why) => Outcome::unknown(why, stats),
    }
}
