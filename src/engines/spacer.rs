//! Whole-program Spacer (DESIGN.md "Engines", `spacer`; SeaHorn-style CHC
//! solving): the program's recursive Horn clauses — the ones `ufo export-chc`
//! writes, one predicate per location over its in-scope variables — solved by
//! Z3's Spacer inside ufo with its own preprocessing (slicing, inlining) on.
//!
//! - A solution is the candidate certificate: each location's predicate
//!   interpretation, raised to `ir::Expr` (`smt::raise`); the driver's
//!   independent check decides whether SAFE is reported. The models Spacer
//!   reconstructs for predicates its preprocessing inlined are not always
//!   inductive, or expressible (`exists` over a region after a store): a
//!   location without a usable one gets the weakest precondition of its
//!   successors' labels (`ir::wp`), and if the check still fails, every
//!   location but the loop heads does. The first solve is without Z3's tail
//!   simplifier, whose model converter was wrong on systemc/token_ring
//!   (.01 to .04, and loop-invgen/nest-if3: each solved twice, 2.5x the CPU
//!   of one solve without it); a candidate that fails anyway makes the
//!   engine solve the clauses again with it, then without inlining. Over
//!   cells the order is Spacer's defaults first (its restarts' effort
//!   budgets were measured so).
//! - "Reachable" is not a trace. Spacer's refutation derives facts
//!   (a location's predicate of ground values), in order; with inlining those
//!   are only some of the states of the path. The path comes from short
//!   searches between consecutive facts' states (`through_states`), else
//!   from one query over the program paths through their locations in that
//!   order (`cfg::unroll::unroll_through`), else
//!   from bounded model checking at growing depths (the bound doubles from the
//!   number of locations) until a path is found or the deadline; the driver
//!   replays it. A wrong "reachable" (Spacer is not infallible) thus ends
//!   UNKNOWN, never UNSAFE.
//! - Over cells (`cells`), Spacer's search depends on its random seed more
//!   than on effort: after 24 million units of Z3's resource counter the
//!   engine restarts it with the next seed, in a Z3 context of its own, with
//!   budgets of 6, 12, 24, ... million (`with_restarts`, `cells_attempt`):
//!   the same restarts on every machine.
//! - `global` runs Spacer with global guidance and the inductive generalizer
//!   (`fp.spacer.global`, `fp.spacer.use_inductive_generalizer`), which solves
//!   other tasks than the default (issue 18's measurements).
//! - `maxsmt` (issue 48: VeryMax's invariants seeding another engine) first
//!   runs `maxsmt`'s search for [`SEED_SHARE`] of the time and gives every
//!   invariant its successful CheckSafe calls proved (true invariants, so
//!   sound lemmas; the check decides anyway) to Spacer as lemmas of their
//!   locations' predicates (`chc::whole_program`'s `lemmas`).

use super::config::EngineArgs;
use super::config::{Configuration, EngineConfig, SpacerMode};
use super::registry::EngineSpec;
use super::{bmc, Certificate, Engine, EngineContext, Outcome, Stats, Verdict};
use crate::cfg::Wto;
use crate::chc::{self, ChcAnswer, Fact, Preprocessing};
use crate::check::cert;
use crate::ir::{wp, Expr, LocId, Program};
use crate::smt::canon::Canon;
use crate::smt::Install;
use crate::smt::{raise, Deadline, IntSemantics, Lowerer};
use crate::trace::Trace;
use serde::Serialize;
use std::time::Instant;

/// The deepest unrolling tried for a counterexample.
const MAX_BOUND: usize = 1 << 14;

/// Spacer's configuration: its mode (`--spacer-mode`).
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub mode: SpacerMode,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Spacer {
            global: self.mode == SpacerMode::Global,
            cells: self.mode == SpacerMode::Cells,
            procedures: self.mode == SpacerMode::Procedures,
            seeded: self.mode == SpacerMode::Maxsmt,
        })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// Spacer's registry entry: one member per mode.
pub const SPEC: EngineSpec = EngineSpec {
    name: "spacer",
    help: "Z3's Spacer on the whole program's Horn clauses (those of `export-chc`), with its own preprocessing; mode `--spacer-mode`",
    members: &["spacer", "spacer-global", "spacer-cells", "spacer-procedures", "spacer-maxsmt"],
    runs_alone: false,
};

/// Spacer's configurations: `--spacer-mode`'s, one member per mode.
pub fn configure(name: &str, member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    let mode = match (name, member) {
        ("spacer", false) => a.spacer_mode,
        ("spacer", true) => SpacerMode::Default,
        ("spacer-global", true) => SpacerMode::Global,
        ("spacer-cells", true) => SpacerMode::Cells,
        ("spacer-procedures", true) => SpacerMode::Procedures,
        ("spacer-maxsmt", true) => SpacerMode::Maxsmt,
        _ => return None,
    };
    Some(EngineConfig::new(Config { mode }))
}

/// Spacer on the whole program.
pub struct Spacer {
    pub global: bool,
    /// Memory as one cell per region (`chc::cells`).
    pub cells: bool,
    /// Recursion as procedures with summaries (`engines::procedures`), where
    /// the program has them.
    pub procedures: bool,
    /// Lemmas from `maxsmt`'s invariants ([`SEED_SHARE`] of the time).
    pub seeded: bool,
}

/// The share of the time the mode `maxsmt` gives VeryMax's search for
/// lemmas (with no deadline: [`SEED_UNBOUNDED`]).
const SEED_SHARE: f64 = 0.25;
const SEED_UNBOUNDED: std::time::Duration = std::time::Duration::from_secs(15);

/// Spacer's statistics.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SpacerStats {
    /// Seconds Spacer ran.
    pub solve_time: f64,
    /// Solutions that failed the check (each followed by a solve with less
    /// preprocessing, while there is less).
    pub rejected: usize,
    /// The locations of Spacer's derivation the counterexample search went
    /// through (0: none).
    pub waypoints: usize,
    /// Paths between consecutive states of Spacer's derivation joined into
    /// the counterexample ([`through_states`]; 0: it came another way).
    pub segments: usize,
    /// The deepest BMC bound tried for a counterexample, if the paths through
    /// the waypoints had none (0: none needed).
    pub bmc_bound: usize,
    /// Solves over cells restarted with another seed ([`with_restarts`]).
    pub restarts: usize,
    /// Mode `maxsmt`: the locations given lemmas, and the seconds their
    /// search took.
    pub seeded: usize,
    pub seed_time: f64,
}

impl super::OwnStats for SpacerStats {
    const KEY: &'static str = "spacer";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("spacer", format!("{:.3}s", self.solve_time)),
            ("rejected", self.rejected.to_string()),
            ("waypoints", self.waypoints.to_string()),
            ("segments", self.segments.to_string()),
            ("bmc_bound", self.bmc_bound.to_string()),
        ]
    }
}

/// The effort budget of the first solve over cells (seed 0, in the engine's
/// Z3 context), in units of Z3's resource counter ([`chc::Attempt`]). Spacer
/// spends 1.5 to 5 million units a second on this machine; the seed-0 proof
/// of `llvm-tests/memory/malloc_sum_safe.c` at -O0 takes 19.5 million (no
/// other seed of 1 to 6 has one within 70 million; seed 7 after 15.1).
const FIRST_EFFORT: u32 = 24_000_000;

/// The budget of the first restart; each further restart doubles it.
/// Where the proof depends on the seed, most seeds find it early: on
/// `malloc_sum_safe.c` at -O2, seed 0 has none within 70 million units,
/// seed 1 after 34.5 million, seeds 2 to 7 after 4.4 to 10.2; on
/// `array_fill_safe.c` at -O0, seed 1 after 0.8 million.
const RESTART_EFFORT: u32 = 6_000_000;

/// `solve(seed, effort)` with restarts: seed 0 with [`FIRST_EFFORT`], then
/// seeds 1, 2, ... with budgets that double from [`RESTART_EFFORT`], until an
/// answer or the deadline (with no deadline, the restarts go on). Spacer's
/// search over cells depends on its seed far more than on effort (the
/// constants' docs). Budgets, not time slices: which seed answers, and after
/// how many restarts, is the same on every machine and under any load.
fn with_restarts(
    deadline: &Deadline,
    st: &mut SpacerStats,
    mut solve: impl FnMut(u32, u32) -> CellsAnswer,
) -> CellsAnswer {
    let mut effort = FIRST_EFFORT;
    let mut seed = 0;
    loop {
        match solve(seed, effort) {
            CellsAnswer::OutOfEffort if deadline.expired() => return CellsAnswer::Unknown(deadline.stop_reason()),
            CellsAnswer::OutOfEffort => {}
            answer => return answer,
        }
        st.restarts += 1;
        effort = if seed == 0 { RESTART_EFFORT } else { effort.saturating_mul(2) };
        seed += 1;
    }
}

/// What one solve over cells gave, with the candidate certificate checked.
enum CellsAnswer {
    Solved {
        checked: bool,
        candidate: Result<Vec<Expr>, String>,
    },
    Reachable,
    Unknown(String),
    /// Spacer spent its effort budget (the engine restarts it).
    OutOfEffort,
}

/// Spacer over cells (`chc::cells`) with seed `seed` and budget `effort`, and
/// the certificate of its solution checked, within `deadline`
/// (`certificate`). The first attempt (seed 0) runs in the engine's thread; a
/// restart runs in a thread of its own, so in a Z3 context of its own: Z3's
/// search follows the identifiers of its terms, and a restart in the context
/// of the attempts before it did not behave as a first attempt with its seed
/// (seed 2 solved malloc_sum_safe.c -O2 in 1.3 s in three runs of its own,
/// and not in 16 s after 4 s of seed 1). (Every attempt in a fresh context
/// was tried too: then malloc_sum_safe.c and memcpy_symbolic_safe.c at -O0,
/// proved in the engine's context in 6 and 15 s, were not in 60 s.)
fn cells_attempt(
    p: &Program,
    sem: crate::smt::IntSemantics,
    pre: Preprocessing,
    seed: u32,
    effort: u32,
    deadline: &Deadline,
) -> CellsAnswer {
    std::thread::scope(|scope| {
        let worker = move || {
            let _installed = deadline.install();
            let mut l = Lowerer::new(sem);
            let canon = Canon::new(p, &l);
            let attempt = chc::Attempt { seed, effort: Some(effort) };
            match crate::chc::cells::whole_program(p, &mut l, &canon, pre, attempt) {
                Ok(ChcAnswer::Solution(inv)) => {
                    let (checked, candidate) = certificate(p, &canon, sem, &inv, deadline);
                    CellsAnswer::Solved { checked, candidate }
                }
                Ok(ChcAnswer::Reachable(_)) => CellsAnswer::Reachable,
                Ok(ChcAnswer::Unknown(why)) => CellsAnswer::Unknown(why),
                Err(crate::chc::cells::OutOfEffort) => CellsAnswer::OutOfEffort,
            }
        };
        if seed == 0 {
            return worker();
        }
        let spawned = std::thread::Builder::new()
            .name("ufo-spacer-cells".into())
            .stack_size(crate::threads::STACK)
            .spawn_scoped(scope, worker);
        match spawned {
            Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(e) => CellsAnswer::Unknown(format!("no thread for Spacer: {e}")),
        }
    })
}

impl Engine for Spacer {
    fn name(&self) -> &'static str {
        "spacer"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        if let (true, Some(ps)) = (self.procedures, &p.procedures) {
            return super::procedures::run(ps, cx, self.global);
        }
        let _installed = cx.deadline.install();
        let mut l = Lowerer::new(cx.sem);
        let canon = Canon::new(p, &l);
        let t = Instant::now();
        let mut st = SpacerStats::default();
        let lemmas = if self.seeded {
            let t = Instant::now();
            let slice = cx.deadline.remaining().map_or(SEED_UNBOUNDED, |r| r.mul_f64(SEED_SHARE));
            let search = cx.deadline.child(Some(slice));
            let lemmas = super::maxsmt::proved_invariants(p, &EngineContext { sem: cx.sem, deadline: &search }, 1);
            st.seeded = lemmas.len();
            st.seed_time = t.elapsed().as_secs_f64();
            lemmas
        } else {
            Vec::new()
        };
        // The model Spacer reconstructs through its preprocessing is not
        // always inductive on the program's own clauses (seen on
        // systemc/token_ring: Z3's tail simplifier, off in the first solve).
        // A solution none of whose candidates passes the check is solved
        // again with the tail simplifier, then without inlining (often far
        // slower). The driver checks the final candidate again.
        let mut answer = ChcAnswer::Unknown(String::new());
        let mut found = None;
        // (over cells, Spacer's defaults first: the effort budgets of its
        // restarts, `with_restarts`, were measured with them)
        let order = if self.cells {
            [Preprocessing::Full, Preprocessing::NoTailSimplifier, Preprocessing::NoInlining]
        } else {
            [Preprocessing::NoTailSimplifier, Preprocessing::Full, Preprocessing::NoInlining]
        };
        for pre in order {
            let solved = if self.cells {
                let attempt = |seed, effort| cells_attempt(p, cx.sem, pre, seed, effort, cx.deadline);
                // (the labels were raised and checked in the attempt's context)
                let (kind, solved) = match with_restarts(cx.deadline, &mut st, attempt) {
                    CellsAnswer::Solved { checked, candidate } => {
                        (ChcAnswer::Solution(Vec::new()), Some((checked, candidate)))
                    }
                    CellsAnswer::Reachable => (ChcAnswer::Reachable(Vec::new()), None),
                    CellsAnswer::Unknown(why) => (ChcAnswer::Unknown(why), None),
                    CellsAnswer::OutOfEffort => (ChcAnswer::Unknown(cx.deadline.stop_reason()), None),
                };
                answer = kind;
                solved
            } else {
                answer = chc::whole_program(p, &mut l, &canon, self.global, pre, &lemmas);
                match &answer {
                    ChcAnswer::Solution(inv) => Some(certificate(p, &canon, cx.sem, inv, cx.deadline)),
                    _ => None,
                }
            };
            let Some((checked, candidate)) = solved else { break };
            found = Some(candidate);
            if checked || cx.deadline.expired() {
                break;
            }
            st.rejected += 1;
        }
        st.solve_time = t.elapsed().as_secs_f64();
        let stats = |st: &SpacerStats| Stats::with(1, st.clone());
        match answer {
            ChcAnswer::Solution(_) => match found.unwrap_or_else(|| Err("no candidate".to_string())) {
                Ok(invariants) => Outcome::safe(Certificate::of_invariants(cx.sem, invariants), stats(&st)),
                Err(why) => Outcome::unknown(format!("certificate not expressible: {why}"), stats(&st)),
            },
            ChcAnswer::Unknown(_) if cx.deadline.expired() => Outcome::unknown(cx.deadline.stop_reason(), stats(&st)),
            ChcAnswer::Unknown(why) => {
                // Spacer gave up (for example on `/` or `%` by a variable under
                // lia): the portfolio retries the member bit-precisely (if it
                // did not run under bv already)
                let mut stats = stats(&st);
                stats.counterexamples.retry_bit_precise = true;
                Outcome::unknown(format!("Spacer: unknown ({why})"), stats)
            }
            ChcAnswer::Reachable(_) if self.cells => Outcome::unknown(
                "the cell abstraction of memory reaches the error (it proves, never refutes)".to_string(),
                stats(&st),
            ),
            ChcAnswer::Reachable(facts) => {
                // first a path through the states of Spacer's derivation, then
                // one through its locations (whole-program nodes are
                // locations), in its order
                let ground = facts.iter().any(Fact::is_ground);
                if let Some((trace, segments)) =
                    ground.then(|| through_states(p, &facts, cx.sem, cx.deadline)).flatten()
                {
                    st.waypoints = segments + 1;
                    st.segments = segments;
                    return Outcome::bug(trace, stats(&st));
                }
                if cx.deadline.expired() {
                    return Outcome::unknown(cx.deadline.stop_reason(), stats(&st));
                }
                let mut way: Vec<LocId> = facts.into_iter().map(|f| LocId(f.node as u32)).collect();
                if !way.is_empty() {
                    if way.first() != Some(&p.entry) {
                        way.insert(0, p.entry);
                    }
                    if way.last() != Some(&p.error) {
                        way.push(p.error);
                    }
                    let dag = crate::cfg::unroll::unroll_through(p, &way);
                    st.waypoints = way.len();
                    let mut o = bmc::search_dag(p, &dag, dag.loc.len(), cx.sem, cx.deadline);
                    if o.verdict == Verdict::Unsafe || cx.deadline.expired() {
                        o.stats = stats(&st);
                        return o;
                    }
                }
                let mut bound = p.locs.len().max(8);
                loop {
                    st.bmc_bound = bound;
                    let mut o = bmc::search(p, bound, cx.sem, cx.deadline);
                    let deeper = o.verdict == Verdict::Unknown && !cx.deadline.expired() && bound < MAX_BOUND;
                    if !deeper {
                        if o.verdict != Verdict::Unsafe {
                            o.reason = Some(format!(
                                "Spacer found the error reachable, but no path within {bound} steps ({})",
                                o.reason.unwrap_or_default()
                            ));
                        }
                        o.stats = stats(&st);
                        return o;
                    }
                    bound *= 2;
                }
            }
        }
    }
}

/// The counterexample through the states of Spacer's derivation, and the
/// number of paths joined: between each pair of consecutive facts (the
/// entry before the first, the error after the last), the paths of at most
/// `k` steps from the first's location to the second's, `k` doubling from the fewest steps between them ([`crate::cfg::unroll::fewest_steps`])
/// to [`segment_bound`], with both states pinned to the facts' values
/// (`chc::argcond_pinned`); the paths found joined in order. A segment may
/// pass through locations of other facts: with inlining, Spacer derives a
/// fact from one several edges back, through predicates it inlined into that
/// clause only (systemc/token_ring.03.cil-1: the error from the last loop
/// head's state, through the loop's entry). Pinned, each query is small:
/// the search through the locations alone (`cfg::unroll::unroll_through`) took
/// 5.9 s on ssh-simplified/s3_clnt_1.cil-2 and found no path on
/// token_ring.03.cil-1 (BMC then took 19.6 s). `None` if a segment has no
/// path within the bound (a derivation through states the program's
/// clauses do not have), or at the deadline.
fn through_states(p: &Program, facts: &[Fact], sem: IntSemantics, deadline: &Deadline) -> Option<(Trace, usize)> {
    let mut stops: Vec<(LocId, Option<&Fact>)> = facts.iter().map(|f| (LocId(f.node as u32), Some(f))).collect();
    if stops.first().map(|s| s.0) != Some(p.entry) {
        stops.insert(0, (p.entry, None));
    }
    if stops.last().map(|s| s.0) != Some(p.error) {
        stops.push((p.error, None));
    }
    let mut l = Lowerer::new(sem);
    let mut trace = Trace::default();
    for pair in stops.windows(2) {
        let ((a, fa), (b, fb)) = (pair[0], pair[1]);
        // (no unrolling shorter than the fewest steps from `a` to `b` has a path)
        let mut k = crate::cfg::unroll::fewest_steps(p, a, b)?;
        let segment = loop {
            if deadline.expired() {
                return None;
            }
            let dag = crate::cfg::unroll::unroll_between(p, a, b, k);
            let pins: Vec<(usize, &Fact)> =
                [(dag.entry, fa), (dag.error, fb)].into_iter().filter_map(|(u, f)| Some((u, f?))).collect();
            match chc::argcond_pinned(p, &mut l, &dag, &pins) {
                Ok(Some(t)) => break t,
                Ok(None) if k < segment_bound(p) => k *= 2,
                _ => return None,
            }
        };
        trace.edges.extend(segment.edges);
        trace.inputs.extend(segment.inputs);
        trace.states.extend(segment.states);
    }
    Some((trace, stops.len() - 1))
}

/// The longest path [`through_states`] looks for between two facts: twice
/// the program's locations (at least 16).
fn segment_bound(p: &Program) -> usize {
    (2 * p.locs.len()).max(16)
}

/// The candidate certificate of a Spacer solution, and whether it passed the
/// check. The interpretations are raised; a location without one that raises
/// (the existential image Spacer's model converter gives a location it
/// inlined, or none at all) is labelled by the weakest precondition of its
/// successors' labels (`ir::wp`). Three candidates are checked in turn, the
/// first that passes kept:
/// 1. every raised label;
/// 2. the same, but a label of a location other than a loop head with nested
///    quantifiers (`∀k. ∃j. ..`: an image whose projection kept a region's
///    cells, left so when `qe` ran out of its budget) replaced by its weakest
///    precondition; checking such a label is a quantifier-alternation query
///    whose time varies from run to run (0.02 s to past a minute on
///    memset_symbolic_safe at -O0), while on memcpy_symbolic_safe at -O2 the
///    nested label checks at once and its weakest precondition does not;
/// 3. the labels of loop heads alone, every other location by its weakest
///    precondition: what Spacer proved of the inlined clauses is exactly that
///    the heads' labels are inductive along the paths between them, while the
///    interpretations it reconstructs for inlined locations were seen not to
///    be (mcmillan2006 at -O0: `true` at a loop's increment).
///
/// Each check but the last may use a third of the time left, so that a slow
/// one leaves time for the next and for the driver's own check.
fn certificate(
    p: &Program,
    canon: &Canon,
    sem: crate::smt::IntSemantics,
    inv: &[Option<crate::smt::Formula>],
    deadline: &Deadline,
) -> (bool, Result<Vec<Expr>, String>) {
    let raised: Vec<Result<Expr, String>> = p
        .loc_ids()
        .zip(inv)
        .map(|(loc, f)| match f {
            Some(f) => raise::raise(f, &canon.names(p, loc)),
            None => Err(format!("no interpretation of {}", p.loc(loc).name)),
        })
        .collect();
    let heads = Wto::of_program(p).is_head;
    let is_head = |l: LocId| l == p.entry || heads[l.0 as usize];
    let fill = |keep: &dyn Fn(LocId, &Expr) -> bool| {
        let mut labels: Vec<Option<Expr>> =
            p.loc_ids().zip(&raised).map(|(l, r)| r.as_ref().ok().filter(|e| keep(l, e)).cloned()).collect();
        wp::fill_labels(p, &mut labels)?;
        Ok::<_, String>(labels.into_iter().map(|l| l.unwrap_or(Expr::Bool(true))).collect::<Vec<_>>())
    };
    let first = match raised.iter().find_map(|r| r.as_ref().err()) {
        None => Ok(raised.iter().filter_map(|r| r.as_ref().ok().cloned()).collect()),
        Some(why) => fill(&|_, _| true).map_err(|e| format!("{why}; {e}")),
    };
    let nested: Vec<bool> =
        raised.iter().zip(p.loc_ids()).map(|(r, l)| !is_head(l) && r.as_ref().is_ok_and(nests_quantifiers)).collect();
    let second = nested.contains(&true).then(|| fill(&|l, _| !nested[l.0 as usize]).ok()).flatten();
    let third = fill(&|l, _| is_head(l)).ok();
    let candidates: Vec<&Vec<Expr>> = first.as_ref().ok().into_iter().chain(&second).chain(&third).collect();
    for (i, c) in candidates.iter().enumerate() {
        let slice = (i + 1 < candidates.len()).then(|| deadline.remaining().map(|r| r / 3)).flatten();
        let _installed = deadline.child(slice).install();
        if cert::check(p, sem, c).is_ok() {
            return (true, Ok((*c).clone()));
        }
        if deadline.expired() {
            break;
        }
    }
    (false, first)
}

/// Whether `e` has a quantifier inside another or under a negation (an
/// `exists`).
fn nests_quantifiers(e: &Expr) -> bool {
    fn go(e: &Expr, under: bool) -> bool {
        if under && matches!(e, Expr::Forall { .. }) {
            return true;
        }
        let inner = under || matches!(e, Expr::Forall { .. } | Expr::Not(_));
        let mut found = false;
        e.map_children(|c| {
            found = found || go(c, inner);
            Expr::Bool(true)
        });
        found
    }
    go(e, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The restart schedule: seed 0 with the first budget, then seeds 1, 2,
    /// ... with budgets doubling from the restart budget; an answer or a
    /// Spacer "unknown" ends it, and so does the deadline.
    #[test]
    fn restarts_follow_the_effort_schedule_until_an_answer_or_the_deadline() {
        let mut asked = Vec::new();
        let mut st = SpacerStats::default();
        let answer = with_restarts(&Deadline::none(), &mut st, |seed, effort| {
            asked.push((seed, effort));
            if seed < 3 {
                CellsAnswer::OutOfEffort
            } else {
                CellsAnswer::Unknown("gave up".into())
            }
        });
        assert!(matches!(answer, CellsAnswer::Unknown(why) if why == "gave up"));
        assert_eq!(asked, [(0, FIRST_EFFORT), (1, RESTART_EFFORT), (2, 2 * RESTART_EFFORT), (3, 4 * RESTART_EFFORT)]);
        assert_eq!(st.restarts, 3);

        let expired = Deadline::after(std::time::Duration::ZERO);
        let mut calls = 0;
        let answer = with_restarts(&expired, &mut SpacerStats::default(), |_, _| {
            calls += 1;
            CellsAnswer::OutOfEffort
        });
        assert!(
            matches!(answer, CellsAnswer::Unknown(why) if why == "timeout"),
            "one attempt, then the deadline's reason"
        );
        assert_eq!(calls, 1);
    }
}
