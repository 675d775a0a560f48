//! VeryMax (Brockschmidt, Larraz, Oliveras, Rodríguez-Carbonell, Rubio:
//! *Compositional Safety Verification with Max-SMT*, FMCAD 2015,
//! papers/verymax-compositional-maxsmt.txt), `--engine maxsmt`: safety
//! proved bottom-up over the DAG of the control-flow graph's strongly
//! connected components, one component at a time, with conditional
//! inductive invariants found by Max-SMT ([`condsafe`], §IV-A, Alg. 1).
//!
//! CheckSafe (§IV-B, Alg. 2; [`Search::check_safe`]): for an assertion
//! `(t_exit, φ)` on an exit transition of a component, CondSafe gives a
//! conditional invariant `Q`; each conjunct `L` of `Q(ℓ')` at the target of
//! each entry `t` becomes the assertion `(t, L)` of the component before
//! it, recursively, until the program's start. Where one of them fails
//! (Maybe), the component is *narrowed* (lines 13-14): each entry keeps
//! only the states where one of its failed conjuncts does not hold, each
//! transition of the component only those outside `Q` before and after;
//! CheckSafe tries again on the narrowed component, and the invariant of
//! a location is the disjunction of the `Q`s the narrowings found (Fig.
//! 3/4, Example 2). §IV-C: conditional invariants may disable transitions
//! (in CondSafe's consecution); failed calls are memoized per run of the
//! top-level call (b); an assertion proved for a transition of the
//! program (a call's first round, before any narrowing) strengthens that
//! transition for every later call (c); a CondSafe call's queries run in
//! parallel (d), and so do the recursive CheckSafe calls of one round
//! (each on a fork of the search, merged back in order: [`Search::calls`]).
//!
//! The program's error location is the assertion `false` on every edge
//! into it (each edge one assertion). Transitions are the linear view of
//! the edges ([`transitions`]): exact where linear, larger where not, with
//! the bounds of `ai`'s interval invariant at the source added to every
//! guard.
//!
//! The random simulation's runs (20 000 edge-body evaluations) give each
//! location's reachable samples, which CondSafe prefers its invariants to
//! hold in; a run that reaches the error ends the engine at once (UNKNOWN:
//! no proof exists).
//!
//! SAFE carries, per location, the intervals, and the conjunction over
//! every assertion proved at the location's component of the disjunction
//! of its narrowing chain's invariants (each a true invariant by Theorem
//! 2): the certificate the independent check decides. The engine never
//! answers UNSAFE: a Maybe is UNKNOWN. [`proved_invariants`] gives what
//! the successful calls proved, whatever the search's outcome, to other
//! engines (`spacer`'s mode `maxsmt`).

pub(crate) mod condsafe;
pub(crate) mod transitions;

use super::config::{Configuration, EngineArgs, EngineConfig};
use super::registry::EngineSpec;
use super::{Certificate, Engine, EngineContext, Outcome, Stats};
use crate::domains::fixpoint::{self, Options};
use crate::domains::interval::Intervals;
use crate::domains::linear::{value, Lin};
use crate::domains::{Ctx, Domain};
use crate::ir::{ArithOp, EdgeId, Expr, LocId, Program, Rel, Sort, VarId};
use condsafe::{Invariant, Problem, MULTIPLIERS, QUERY_MS};
use serde::Serialize;
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::Instant;
use transitions::{negated, template_vars, Dropped, Transition};

/// Conjuncts per template, at most (the paper's MAX_CONJUNCTS).
pub const MAX_CONJUNCTS: usize = 3;

/// Narrowings of one CheckSafe call, at most.
pub const MAX_NARROWINGS: usize = 6;

/// Transitions of a narrowed component, at most (each narrowing multiplies
/// them by the conjuncts of `Q` before and after).
pub const MAX_TRANSITIONS: usize = 400;

/// The engine's configuration.
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    /// Conjuncts per template, at most.
    pub conjuncts: usize,
    /// Max-SMT queries at once (`--jobs`; 1 as a portfolio member).
    pub jobs: usize,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(MaxSmt { config: self.clone() })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The registry entry of `maxsmt`.
pub const SPEC: EngineSpec = EngineSpec {
    name: "maxsmt",
    help: "VeryMax (Brockschmidt, Larraz, Oliveras, Rodríguez-Carbonell, Rubio): conditional invariants from Max-SMT, bottom-up over the program's components, with narrowing; proves, never refutes",
    members: &["maxsmt"],
    runs_alone: false,
};

/// `--engine maxsmt` (queries on `--jobs` threads, else the machine's
/// cores) and the member `maxsmt` (one thread: the portfolio's threads are
/// its members').
pub fn configure(name: &str, member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = if member { 1 } else { a.portfolio_jobs.unwrap_or(cores).max(1) };
    (name == "maxsmt").then(|| EngineConfig::new(Config { conjuncts: MAX_CONJUNCTS, jobs }))
}

/// The engine.
pub struct MaxSmt {
    config: Config,
}

/// What the search did (the statistics §VI reports: calls, narrowings,
/// memoization).
#[derive(Clone, Debug, Default, Serialize)]
pub struct MaxSmtStats {
    /// Components of the control-flow graph.
    pub components: usize,
    /// Transitions of the linear view.
    pub transitions: usize,
    /// Conditions and values the linear view left out.
    pub dropped_conditions: usize,
    pub dropped_values: usize,
    /// CheckSafe calls (the first one included) and CondSafe calls.
    pub checksafe_calls: usize,
    pub condsafe_calls: usize,
    /// Max-SMT queries, and the largest template (conjuncts) a found
    /// invariant needed.
    pub queries: usize,
    pub conjuncts: usize,
    /// Narrowings (Alg. 2, lines 13-14), and calls answered from the memo.
    pub narrowings: usize,
    pub memo_hits: usize,
    /// Assertions proved by their transition alone (Alg. 2, line 2).
    pub immediate: usize,
    /// Transitions of the program strengthened with a proved assertion
    /// (§IV-C c).
    pub strengthened: usize,
    /// Initiation conditions (entries times conjuncts) the found invariants
    /// satisfy: the soft constraints that held.
    pub initiated: usize,
    /// Seconds in Max-SMT queries.
    pub maxsmt_time: f64,
    /// Recursive CheckSafe calls that ran on threads, beside another call
    /// of their round ([`Search::calls`]).
    pub calls_at_once: usize,
}

impl super::OwnStats for MaxSmtStats {
    const KEY: &'static str = "maxsmt";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("components", self.components.to_string()),
            ("checksafe_calls", self.checksafe_calls.to_string()),
            ("condsafe_calls", self.condsafe_calls.to_string()),
            ("queries", self.queries.to_string()),
            ("conjuncts", self.conjuncts.to_string()),
            ("narrowings", self.narrowings.to_string()),
            ("memo_hits", self.memo_hits.to_string()),
            ("maxsmt_time", format!("{:.3}s", self.maxsmt_time)),
        ]
    }
}

impl Engine for MaxSmt {
    fn name(&self) -> &'static str {
        "maxsmt"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        let _installed = crate::smt::deadline::Install::install(cx.deadline);
        let sort = |v: VarId| p.var(v).sort;
        let dcx = Ctx { sem: cx.sem, sort: &sort };
        let Ok((itvs, _)) = fixpoint::analyze::<Intervals>(p, &dcx, Options::default(), cx.deadline) else {
            return Outcome::unknown(cx.deadline.stop_reason(), Stats::with(0, MaxSmtStats::default()));
        };
        let mut search = Search::new(p, cx, &itvs, &self.config);
        if search.error_run {
            return Outcome::unknown(
                "a concrete run reaches the error: there is no proof (the engine never refutes; `simulate` finds the run)",
                Stats::with(0, search.st),
            );
        }
        let result = search.prove_all(false);
        let (stays, st) = (search.stays, search.st);
        let stats = |st: MaxSmtStats| Stats::with(st.checksafe_calls, st);
        match result {
            Ok(Some(facts)) => match certificate(p, &dcx, &itvs, &stays, &facts) {
                Ok(labels) => Outcome::safe(Certificate::of_invariants(cx.sem, labels), stats(st)),
                Err(why) => Outcome::unknown(why, stats(st)),
            },
            Ok(None) => Outcome::unknown(
                "no chain of conditional invariants proves the error unreachable (Maybe; the engine never refutes)",
                stats(st),
            ),
            Err(why) => Outcome::unknown(why, stats(st)),
        }
    }
}

/// The invariants VeryMax proves on its way, whether or not they prove the
/// program safe, for other engines to take as lemmas (`spacer`'s mode
/// `maxsmt`): at each location that stays in the large blocks, the
/// intervals and the facts of every successful CheckSafe call, each a true
/// invariant (Theorem 2), every assertion tried. Nothing if a concrete run
/// reaches the error.
pub fn proved_invariants(p: &Program, cx: &EngineContext, jobs: usize) -> Vec<(LocId, Expr)> {
    let _installed = crate::smt::deadline::Install::install(cx.deadline);
    let sort = |v: VarId| p.var(v).sort;
    let dcx = Ctx { sem: cx.sem, sort: &sort };
    let Ok((itvs, _)) = fixpoint::analyze::<Intervals>(p, &dcx, Options::default(), cx.deadline) else {
        return Vec::new();
    };
    let mut search = Search::new(p, cx, &itvs, &Config { conjuncts: MAX_CONJUNCTS, jobs });
    if search.error_run {
        return Vec::new();
    }
    let facts = match search.prove_all(true) {
        Ok(Some(facts)) => facts,
        _ => search.proved.clone(),
    };
    let labels = kept_labels(p, &dcx, &itvs, &search.stays, &facts);
    p.loc_ids()
        .zip(labels)
        .filter_map(|(l, label)| Some((l, label?)).filter(|(l, e)| *l != p.error && *e != Expr::Bool(true)))
        .collect()
}

/// What a successful CheckSafe proved: at each location, a disjunction of
/// conjunctions of rows `l ≤ 0` that holds in every reachable state.
type Facts = Vec<(LocId, Vec<Vec<Lin>>)>;

/// A component: a strongly connected component of the control-flow graph
/// (or one location on no cycle), with what CheckSafe works on.
#[derive(Clone, Debug, Hash)]
struct Part {
    comp: usize,
    inner: Vec<Transition>,
    entries: Vec<Transition>,
}

/// The bottom-up search of one run (or a fork of it for one recursive
/// call: [`Search::calls`]).
struct Search<'a> {
    p: &'a Program,
    cx: &'a EngineContext<'a>,
    conjuncts: usize,
    /// Max-SMT queries at once.
    jobs: usize,
    /// Each location's component, and each component's locations.
    comp_of: Vec<usize>,
    comps: Vec<Vec<LocId>>,
    /// The locations that stay in the large blocks.
    stays: Vec<bool>,
    /// The linear view of each large block.
    blocks: Vec<Vec<Transition>>,
    /// The program's start as a transition into its entry, when the entry
    /// is on a cycle (an entry of the entry's component).
    start: Option<Transition>,
    /// Reachable states of concrete runs at the locations that stay, at
    /// most [`SAMPLES`] each.
    samples: Arc<BTreeMap<LocId, Vec<BTreeMap<VarId, i128>>>>,
    /// Did one of those runs reach the error? (No proof exists then.)
    error_run: bool,
    /// Facts proved for transitions of the program (§IV-C c), in every
    /// certificate.
    lemmas: Facts,
    /// Failed calls (§IV-C b), as hashes of their arguments.
    failed: HashSet<u64>,
    /// The invariants of every successful CheckSafe call (true invariants,
    /// Theorem 2, whatever the calls above them do).
    proved: Facts,
    /// The strengthenings (§IV-C c) made, in order, with what proved them:
    /// what a fork gives back to its parent.
    log: Vec<(Transition, Lin, Facts)>,
    /// May a round's recursive calls run on threads? (Not inside a fork
    /// that already does.)
    parallel: bool,
    st: MaxSmtStats,
}

impl<'a> Search<'a> {
    fn new(p: &'a Program, cx: &'a EngineContext<'a>, itvs: &[Intervals], config: &Config) -> Search<'a> {
        let mut st = MaxSmtStats::default();
        let (blocks, stays) = blocks(p);
        let mut g = petgraph::graph::DiGraph::<(), ()>::new();
        let nodes: Vec<_> = p.loc_ids().map(|_| g.add_node(())).collect();
        for path in &blocks {
            let (src, dst) = ends(p, path);
            g.add_edge(nodes[src.0 as usize], nodes[dst.0 as usize], ());
        }
        let sccs = petgraph::algo::tarjan_scc(&g);
        let mut comp_of = vec![0; p.locs.len()];
        let comps: Vec<Vec<LocId>> = sccs
            .iter()
            .enumerate()
            .map(|(i, scc)| {
                scc.iter()
                    .map(|n| {
                        comp_of[n.index()] = i;
                        LocId(n.index() as u32)
                    })
                    .collect()
            })
            .collect();
        let mut dropped = Dropped::default();
        let blocks: Vec<Vec<Transition>> = blocks
            .iter()
            .map(|path| {
                let src = ends(p, path).0;
                transitions::of_path(p, cx.sem, path, &itvs[src.0 as usize], &mut dropped)
            })
            .collect();
        st.components = blocks.iter().flatten().map(|t| comp_of[t.src.0 as usize]).collect::<HashSet<_>>().len();
        st.transitions = blocks.iter().map(Vec::len).sum();
        st.dropped_conditions = dropped.conditions;
        st.dropped_values = dropped.values;
        let start = p.edges.iter().any(|e| e.dst == p.entry).then(|| {
            let vars = template_vars(p, p.entry);
            let post = vars.iter().map(|v| (*v, Lin::var(*v))).collect();
            Transition { path: Vec::new(), src: p.entry, dst: p.entry, guard: Vec::new(), post }
        });
        let samples = samples(p, cx, &stays);
        let error_run = samples.is_none();
        let samples = samples.unwrap_or_default();
        Search {
            p,
            cx,
            conjuncts: config.conjuncts,
            jobs: config.jobs,
            comp_of,
            comps,
            blocks,
            stays,
            start,
            samples: Arc::new(samples),
            error_run,
            lemmas: Facts::new(),
            failed: HashSet::new(),
            proved: Facts::new(),
            log: Vec::new(),
            parallel: true,
            st,
        }
    }

    /// Every edge into the error is never taken: the facts that prove it,
    /// `None` at the first Maybe (or, if `all`, after trying every edge).
    fn prove_all(&mut self, all: bool) -> Result<Option<Facts>, String> {
        let mut maybe = false;
        let mut facts = Facts::new();
        let into_error: Vec<Transition> =
            self.blocks.iter().flatten().filter(|t| t.dst == self.p.error).cloned().collect();
        {
            for t in into_error {
                self.failed.clear();
                let part = self.part(self.comp_of[t.src.0 as usize]);
                match self.check_safe(part, &t, None)? {
                    Some(f) => facts.extend(f),
                    None if all => maybe = true,
                    None => return Ok(None),
                }
            }
        }
        if maybe {
            return Ok(None);
        }
        facts.extend(self.lemmas.iter().cloned());
        Ok(Some(facts))
    }

    /// §IV-C c: `l` holds after every execution of the transition `t` of
    /// the program (not narrowed: a call's first round), proved by
    /// `facts`: `l` joins `t`'s guard in the program, so that later
    /// CondSafe calls know it, and its facts join every certificate.
    fn strengthen(&mut self, t: &Transition, l: &Lin, facts: &Facts) {
        let Some(row) = t.after(l) else { return };
        let same = |b: &Transition| b.path == t.path && b.post == t.post && t.guard.iter().all(|r| b.guard.contains(r));
        if let Some(b) = self.blocks.iter_mut().flatten().find(|b| same(b)) {
            if !b.guard.contains(&row) {
                b.guard.push(row);
                self.st.strengthened += 1;
            }
        }
        self.lemmas.extend(facts.iter().cloned());
        self.log.push((t.clone(), l.clone(), facts.clone()));
    }

    /// A copy of the search for one recursive call: the program as it is
    /// (strengthenings included), the memo, no lemmas, fresh statistics,
    /// `jobs` queries at once.
    fn fork(&self, jobs: usize) -> Search<'a> {
        // (field by field: the lemmas and proved facts, which grow over the
        // run, are not copied only to be dropped)
        Search {
            p: self.p,
            cx: self.cx,
            conjuncts: self.conjuncts,
            jobs,
            comp_of: self.comp_of.clone(),
            comps: self.comps.clone(),
            stays: self.stays.clone(),
            blocks: self.blocks.clone(),
            start: self.start.clone(),
            samples: Arc::clone(&self.samples),
            error_run: self.error_run,
            lemmas: Facts::new(),
            failed: self.failed.clone(),
            proved: Facts::new(),
            log: Vec::new(),
            parallel: false,
            st: MaxSmtStats::default(),
        }
    }

    /// Takes back what the fork `child` learned: its failed calls, its
    /// statistics, its strengthenings (in their order).
    fn absorb(&mut self, child: Search) {
        self.failed.extend(child.failed);
        self.proved.extend(child.proved);
        let (s, c) = (&mut self.st, child.st);
        s.checksafe_calls += c.checksafe_calls;
        s.condsafe_calls += c.condsafe_calls;
        s.queries += c.queries;
        s.conjuncts = s.conjuncts.max(c.conjuncts);
        s.narrowings += c.narrowings;
        s.memo_hits += c.memo_hits;
        s.immediate += c.immediate;
        s.initiated += c.initiated;
        s.maxsmt_time += c.maxsmt_time;
        s.calls_at_once += c.calls_at_once;
        // (`strengthened` counts again here, once per transition)
        for (t, l, facts) in child.log {
            self.strengthen(&t, &l, &facts);
        }
    }

    /// The recursive CheckSafe calls of one round (Alg. 2, lines 6-9):
    /// `(t, L)` for each entry `t` and conjunct `L` of the invariant at its
    /// target, whether `L` holds after `t`. Each call runs on a fork of the
    /// search as it was before the round, so they are independent: with
    /// `jobs` > 1 they run at once (§IV-C d: "independent calls to
    /// CheckSafe"), and what each learned is taken back in order, so the
    /// answer does not depend on `jobs`.
    fn calls(&mut self, tasks: &[(&Transition, Lin)]) -> Result<Vec<Option<Facts>>, String> {
        type Call<'b> = (Result<Option<Facts>, String>, Option<Search<'b>>);
        // (calls at once run their queries one at a time: `jobs` threads in all)
        fn one<'b>(s: &Search<'b>, t: &Transition, l: &Lin, jobs: usize) -> Call<'b> {
            if t.path.is_empty() {
                return (condsafe::implies(std::slice::from_ref(t), Some(l)).map(|b| b.then(Facts::new)), None);
            }
            let mut f = s.fork(jobs);
            let before = f.part(f.comp_of[t.src.0 as usize]);
            let r = f.check_safe(before, t, Some(l));
            (r, Some(f))
        }
        let workers = if self.parallel { self.jobs.min(tasks.len()) } else { 1 };
        let results: Vec<Call<'a>> = if workers <= 1 {
            tasks.iter().map(|(t, l)| one(self, t, l, self.jobs)).collect()
        } else {
            self.st.calls_at_once += tasks.len();
            let this = &*self;
            let mut slots: Vec<Option<Call<'a>>> = (0..tasks.len()).map(|_| None).collect();
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..workers)
                    .map(|w| {
                        std::thread::Builder::new().stack_size(WORKER_STACK).spawn_scoped(s, move || {
                            let _installed = crate::smt::deadline::Install::install(this.cx.deadline);
                            let mine = tasks.iter().enumerate().skip(w).step_by(workers);
                            mine.map(|(i, (t, l))| (i, one(this, t, l, 1))).collect::<Vec<_>>()
                        })
                    })
                    .collect();
                for h in handles.into_iter().flatten() {
                    for (i, r) in h.join().unwrap_or_default() {
                        slots[i] = Some(r);
                    }
                }
            });
            let lost = || (Err("a thread of CheckSafe calls failed".to_string()), None);
            slots.into_iter().map(|r| r.unwrap_or_else(lost)).collect()
        };
        // (every fork's facts and memo first, then the first error)
        let mut out = Vec::new();
        for (r, child) in results {
            if let Some(c) = child {
                self.absorb(c);
            }
            out.push(r);
        }
        out.into_iter().collect()
    }

    /// The component `c` of the program as it is.
    fn part(&self, c: usize) -> Part {
        let inside = |l: LocId| self.comp_of[l.0 as usize] == c;
        let mut inner = Vec::new();
        let mut entries = Vec::new();
        for t in self.blocks.iter().flatten() {
            match (inside(t.src), inside(t.dst)) {
                (true, true) => inner.push(t.clone()),
                (false, true) => entries.push(t.clone()),
                _ => {}
            }
        }
        if let Some(s) = self.start.as_ref().filter(|s| inside(s.dst)) {
            entries.push(s.clone());
        }
        Part { comp: c, inner, entries }
    }

    /// Alg. 2: is `goal` (`None`: false) true after every `exit` transition
    /// of the component `part`? The facts that prove it, or `None` (Maybe).
    fn check_safe(&mut self, mut part: Part, exit: &Transition, goal: Option<&Lin>) -> Result<Option<Facts>, String> {
        self.st.checksafe_calls += 1;
        if self.cx.deadline.expired() {
            return Err(self.cx.deadline.stop_reason());
        }
        // line 2
        if condsafe::implies(std::slice::from_ref(exit), goal)? {
            self.st.immediate += 1;
            return Ok(Some(Facts::new()));
        }
        // line 3: nothing is known of the states at the start
        if exit.path.is_empty() || (exit.src == self.p.entry && self.start.is_none()) {
            return Ok(None);
        }
        let key = {
            let mut h = DefaultHasher::new();
            (&part, exit, goal).hash(&mut h);
            h.finish()
        };
        if self.failed.contains(&key) {
            self.st.memo_hits += 1;
            return Ok(None);
        }
        let locs: Vec<(LocId, Vec<VarId>)> =
            self.comps[part.comp].iter().map(|l| (*l, template_vars(self.p, *l))).collect();
        let mut chain: Vec<Invariant> = Vec::new();
        let mut facts = Facts::new();
        let mut samples: Vec<(LocId, BTreeMap<VarId, i128>)> =
            locs.iter().flat_map(|(l, _)| self.samples.get(l).into_iter().flatten().map(|s| (*l, s.clone()))).collect();
        for round in 0..=MAX_NARROWINGS {
            let Some(q) = self.cond_safe(&locs, &part, exit, goal, &samples)? else { break };
            // (the states this invariant holds in are safe: the next one
            // after a narrowing need not hold in them)
            samples.retain(|(l, s)| !holds(q.get(l).map(Vec::as_slice).unwrap_or_default(), s));
            if chain.contains(&q) {
                break;
            }
            // lines 6-9: each conjunct at each entry's target, as an assertion
            // of the component before it
            let tasks: Vec<(usize, &Transition, Lin)> = part
                .entries
                .iter()
                .enumerate()
                .flat_map(|(i, t)| q.get(&t.dst).cloned().unwrap_or_default().into_iter().map(move |l| (i, t, l)))
                .collect();
            let calls: Vec<(&Transition, Lin)> = tasks.iter().map(|(_, t, l)| (*t, l.clone())).collect();
            let proved = self.calls(&calls)?;
            let mut failed: Vec<(usize, Vec<Lin>)> = Vec::new();
            for ((i, t, l), proved) in tasks.into_iter().zip(proved) {
                match proved {
                    Some(f) => {
                        if round == 0 {
                            self.strengthen(t, &l, &f);
                        }
                        facts.extend(f)
                    }
                    None => match failed.last_mut() {
                        Some((j, bad)) if *j == i => bad.push(l),
                        _ => failed.push((i, vec![l])),
                    },
                }
            }
            chain.push(q);
            if failed.is_empty() {
                // lines 10-11
                let q_chain = &chain;
                for (l, _) in &locs {
                    let disjuncts: Vec<Vec<Lin>> =
                        q_chain.iter().map(|q| q.get(l).cloned().unwrap_or_default()).collect();
                    self.proved.push((*l, disjuncts.clone()));
                    facts.push((*l, disjuncts));
                }
                return Ok(Some(facts));
            }
            if round == MAX_NARROWINGS {
                break;
            }
            // lines 13-14
            let q = &chain[chain.len() - 1];
            match narrow(&part, q, &failed) {
                Some(next) => part = next,
                None => break,
            }
            self.st.narrowings += 1;
        }
        self.failed.insert(key);
        Ok(None)
    }

    /// Alg. 1: templates of 1, 2, ... conjuncts, each with the smaller set
    /// of multipliers first; with `jobs` > 1, that many queries at once on
    /// threads of their own (§IV-C d: "we try at the same time different
    /// numbers of template conjuncts"), each with its own Z3 context. The
    /// invariant chosen is the first in that order that holds in the
    /// reachable samples (one that does not can never be initiated, so a
    /// larger template is tried first), else the first found: the same for
    /// any `jobs`.
    fn cond_safe(
        &mut self,
        locs: &[(LocId, Vec<VarId>)],
        part: &Part,
        exit: &Transition,
        goal: Option<&Lin>,
        samples: &[(LocId, BTreeMap<VarId, i128>)],
    ) -> Result<Option<Invariant>, String> {
        self.st.condsafe_calls += 1;
        let pb = Problem { locs, inner: &part.inner, entries: &part.entries, exit, goal, samples };
        let queries: Vec<(usize, &[(i64, i64)])> =
            MULTIPLIERS.iter().flat_map(|m| (1..=self.conjuncts).map(move |k| (k, *m))).collect();
        // (the invariant taken, or else the first found)
        let mut taken = None;
        let mut first = None;
        'batches: for batch in queries.chunks(self.jobs.max(1)) {
            let t = Instant::now();
            let results = self.batch(&pb, batch);
            self.st.queries += results.len();
            self.st.maxsmt_time += t.elapsed().as_secs_f64();
            if self.cx.deadline.expired() {
                return Err(self.cx.deadline.stop_reason());
            }
            for ((k, _), solved) in batch.iter().zip(results) {
                // (a query past its time, or one Z3 gave up on, found nothing)
                let Ok(solved) = solved else { continue };
                let Some(q) = solved.invariant else { continue };
                if solved.holds_in_samples {
                    taken = Some((q, *k, solved.initiated));
                    break 'batches;
                }
                first.get_or_insert((q, *k, solved.initiated));
            }
        }
        Ok(taken.or(first).map(|(q, k, initiated)| {
            self.st.initiated += initiated;
            self.st.conjuncts = self.st.conjuncts.max(k);
            q
        }))
    }
}

impl Search<'_> {
    /// The queries of `batch` at once, each on a thread (and Z3 context)
    /// of its own, so that a query is answered the same for any `jobs`;
    /// their results in order, up to the first invariant that holds in
    /// the samples (the rest are interrupted). Each has [`QUERY_MS`].
    fn batch(&self, pb: &Problem, batch: &[(usize, &[(i64, i64)])]) -> Vec<Result<condsafe::Solved, String>> {
        let deadline = self.cx.deadline.child(Some(std::time::Duration::from_millis(QUERY_MS)));
        std::thread::scope(|s| {
            let workers: Vec<_> = batch
                .iter()
                .map(|(k, m)| {
                    let deadline = &deadline;
                    std::thread::Builder::new().stack_size(WORKER_STACK).spawn_scoped(s, move || {
                        let _installed = crate::smt::deadline::Install::install(deadline);
                        condsafe::solve(pb, *k, m)
                    })
                })
                .collect();
            let mut out = Vec::new();
            for w in workers {
                let r = match w {
                    Ok(h) => h.join().unwrap_or_else(|_| Err("a Max-SMT query panicked".into())),
                    Err(e) => Err(format!("no thread for a Max-SMT query: {e}")),
                };
                let done = matches!(&r, Ok(x) if x.invariant.is_some() && x.holds_in_samples);
                out.push(r);
                if done {
                    deadline.cancel();
                    break;
                }
            }
            out
        })
    }
}

/// The stack of a thread of parallel Max-SMT queries.
const WORKER_STACK: usize = 64 << 20;

/// Reachable states per location the search prefers invariants to hold
/// in, at most.
pub const SAMPLES: usize = 12;

/// Edge-body evaluations of the concrete runs that find them.
pub const SAMPLE_EVALUATIONS: usize = 20_000;

/// Does the conjunction `rows` hold in the state `s`?
fn holds(rows: &[Lin], s: &BTreeMap<VarId, i128>) -> bool {
    rows.iter().all(|r| {
        r.terms
            .iter()
            .try_fold(r.c, |acc, (v, a)| acc.checked_add(a.checked_mul(s.get(v).copied().unwrap_or(0))?))
            .is_some_and(|x| x <= 0)
    })
}

/// States of concrete runs (`simulate::states`) at each location that
/// stays, over its template variables: [`SAMPLES`] of the distinct ones,
/// spread over the runs.
/// `None` when one of the runs reached the error.
fn samples(p: &Program, cx: &EngineContext, stays: &[bool]) -> Option<BTreeMap<LocId, Vec<BTreeMap<VarId, i128>>>> {
    let mut distinct: BTreeMap<LocId, Vec<BTreeMap<VarId, i128>>> = BTreeMap::new();
    let (states, error) = super::simulate::states(p, cx.sem, SAMPLE_EVALUATIONS, cx.deadline);
    if error {
        return None;
    }
    for (l, env) in states {
        if !stays[l.0 as usize] {
            continue;
        }
        let state: BTreeMap<VarId, i128> = template_vars(p, l)
            .into_iter()
            .filter_map(|v| match env.get(&v) {
                Some(crate::ir::eval::Val::Int(x)) => Some((v, *x)),
                _ => None,
            })
            .collect();
        let seen = distinct.entry(l).or_default();
        if !seen.contains(&state) {
            seen.push(state);
        }
    }
    for states in distinct.values_mut() {
        if states.len() > SAMPLES {
            let step = states.len() as f64 / SAMPLES as f64;
            *states = (0..SAMPLES).map(|i| states[(i as f64 * step) as usize].clone()).collect();
        }
    }
    Some(distinct)
}

/// Large blocks past this many paths are not made (every location is kept).
pub const MAX_BLOCKS: usize = 2000;

/// The large blocks of the program: the paths of edges between the
/// locations that stay (those on a cycle, the entry, the error), through
/// the others (the paper's programs have locations only where control
/// joins in a loop: a straight line between loops is one transition, so
/// the context of a loop's entry is the code before it). Every edge when
/// there would be more than [`MAX_BLOCKS`].
fn blocks(p: &Program) -> (Vec<Vec<EdgeId>>, Vec<bool>) {
    let succ = p.successors();
    let mut on_cycle = vec![false; p.locs.len()];
    let mut g = petgraph::graph::DiGraph::<(), ()>::new();
    let nodes: Vec<_> = p.loc_ids().map(|_| g.add_node(())).collect();
    for e in &p.edges {
        g.add_edge(nodes[e.src.0 as usize], nodes[e.dst.0 as usize], ());
        if e.src == e.dst {
            on_cycle[e.src.0 as usize] = true;
        }
    }
    for scc in petgraph::algo::tarjan_scc(&g) {
        if scc.len() > 1 {
            for n in scc {
                on_cycle[n.index()] = true;
            }
        }
    }
    let kept: Vec<bool> = p.loc_ids().map(|l| on_cycle[l.0 as usize] || l == p.entry || l == p.error).collect();
    let stays = |l: LocId| kept[l.0 as usize];
    let mut out = Vec::new();
    let mut stack: Vec<Vec<EdgeId>> = Vec::new();
    for a in p.loc_ids().filter(|l| stays(*l)) {
        stack.extend(succ[a.0 as usize].iter().map(|e| vec![*e]));
        while let Some(path) = stack.pop() {
            let Some(last) = path.last() else { continue };
            let b = p.edge(*last).dst;
            if stays(b) {
                out.push(path);
                if out.len() > MAX_BLOCKS {
                    return (p.edge_ids().map(|e| vec![e]).collect(), vec![true; p.locs.len()]);
                }
                continue;
            }
            for e in &succ[b.0 as usize] {
                let mut longer = path.clone();
                longer.push(*e);
                stack.push(longer);
            }
        }
    }
    (out, kept)
}

/// The source and target of a path of edges.
fn ends(p: &Program, path: &[EdgeId]) -> (LocId, LocId) {
    let first = path.first().map(|e| p.edge(*e).src).unwrap_or(p.entry);
    let last = path.last().map(|e| p.edge(*e).dst).unwrap_or(p.entry);
    (first, last)
}

/// Lines 13-14 of Alg. 2: each entry with failed conjuncts `F` as one
/// transition per `L ∈ F` with `¬L'` added (an entry whose conjuncts all
/// hold goes), each transition of the component as one per pair of a
/// conjunct of `Q` before and one after, both negated (one where `Q` is
/// `true` goes). `None` past [`MAX_TRANSITIONS`].
fn narrow(part: &Part, q: &Invariant, failed: &[(usize, Vec<Lin>)]) -> Option<Part> {
    let mut entries = Vec::new();
    for (i, bad) in failed {
        let t = &part.entries[*i];
        for l in bad {
            entries.push(t.with(negated(&t.after(l)?)?));
        }
    }
    let mut inner = Vec::new();
    for t in &part.inner {
        let before = q.get(&t.src).cloned().unwrap_or_default();
        let after = q.get(&t.dst).cloned().unwrap_or_default();
        for a in &before {
            for b in &after {
                inner.push(t.with(negated(a)?).with(negated(&t.after(b)?)?));
            }
        }
    }
    (inner.len() + entries.len() <= MAX_TRANSITIONS).then_some(Part { comp: part.comp, inner, entries })
}

/// The certificate: at each location that stays in the large blocks its
/// interval invariant and every fact proved there; `false` at the error;
/// at the others (inside a large block) their interval invariant and the
/// weakest precondition of their out-edges (`ir::wp::fill_labels`), which
/// the facts at the block's source imply where the block's transitions
/// were proved.
fn certificate(p: &Program, cx: &Ctx, itvs: &[Intervals], stays: &[bool], facts: &Facts) -> Result<Vec<Expr>, String> {
    let itv = |l: LocId| itvs[l.0 as usize].to_expr(cx, &p.loc(l).live);
    let mut labels = kept_labels(p, cx, itvs, stays, facts);
    crate::ir::wp::fill_labels(p, &mut labels)?;
    Ok(p.loc_ids()
        .zip(labels)
        .map(|(l, label)| {
            let label = label.unwrap_or(Expr::Bool(true));
            if stays[l.0 as usize] || l == p.error {
                label
            } else {
                and(vec![itv(l), label])
            }
        })
        .collect())
}

/// The labels of the locations that stay (and the error's, `false`): the
/// intervals and the facts there, each fact once.
fn kept_labels(p: &Program, cx: &Ctx, itvs: &[Intervals], stays: &[bool], facts: &Facts) -> Vec<Option<Expr>> {
    let itv = |l: LocId| itvs[l.0 as usize].to_expr(cx, &p.loc(l).live);
    p.loc_ids()
        .map(|l| {
            if l == p.error {
                return Some(Expr::Bool(false));
            }
            if !stays[l.0 as usize] {
                return None;
            }
            let mut parts = vec![itv(l)];
            let mut here: Vec<&Vec<Vec<Lin>>> = Vec::new();
            for (_, disjuncts) in facts.iter().filter(|(at, _)| *at == l) {
                // (a fact several assertions needed, once)
                if here.contains(&disjuncts) {
                    continue;
                }
                here.push(disjuncts);
                let ds: Vec<Expr> =
                    disjuncts.iter().map(|rows| and(rows.iter().filter_map(|r| row(cx, r)).collect())).collect();
                parts.push(if ds.len() == 1 { and(ds) } else { Expr::Or(ds) });
            }
            Some(and(parts))
        })
        .collect()
}

/// A conjunction, flat.
fn and(xs: Vec<Expr>) -> Expr {
    let mut xs: Vec<Expr> = xs
        .into_iter()
        .flat_map(|x| match x {
            Expr::And(ys) => ys,
            Expr::Bool(true) => Vec::new(),
            x => vec![x],
        })
        .collect();
    match xs.len() {
        0 => Expr::Bool(true),
        1 => xs.pop().unwrap_or(Expr::Bool(true)),
        _ => Expr::And(xs),
    }
}

/// The row `l ≤ 0` over the program's variables' signed values:
/// `Σ aᵢ·xᵢ <= -c`.
fn row(cx: &Ctx, l: &Lin) -> Option<Expr> {
    let mut args = Vec::new();
    for (v, a) in &l.terms {
        if !matches!((cx.sort)(*v), Sort::Int { .. }) {
            return None;
        }
        let x = value(cx, *v)?;
        args.push(match a {
            1 => x,
            -1 => Expr::Arith { op: ArithOp::Neg, args: vec![x] },
            a => Expr::Arith { op: ArithOp::Mul, args: vec![Expr::Num(*a), x] },
        });
    }
    let sum = match args.len() {
        0 => Expr::Num(0),
        1 => args.pop()?,
        _ => Expr::Arith { op: ArithOp::Add, args },
    };
    Some(Expr::Rel { rel: Rel::Le, a: Box::new(sum), b: Box::new(Expr::Num(l.c.checked_neg()?)) })
}
