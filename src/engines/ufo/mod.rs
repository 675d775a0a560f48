//! The UFO algorithm (papers/ufo-under-over-approximations.txt, Fig. 2–3):
//! UFOMAIN alternates EXPANDARG (exploration by POST, [`arg`], with a POST
//! from `crate::post`, over the kernel's ARG, `cegar::Arg`) and REFINE (the
//! kernel's `cegar::DagInterpolation`: the ARG condition of the whole
//! unrolling, then one CHC query, `chc::spacer`) until the error node's label
//! is unsatisfiable (SAFE) or a feasible path to it is found (UNSAFE).
//!
//! A SAFE answer carries the candidate certificate: the labels of the uncovered
//! nodes, joined per location (`cegar::certificate`). The driver checks it independently (`check`)
//! before SAFE is reported.
//!
//! Departure from Fig. 2 (not in the `od` configurations): after each
//! refinement, and before the first refinement query (on the domain's labels
//! alone), Houdini (`smt::houdini`) keeps the conjuncts of all labels (and of
//! the candidates the program suggests: differences of bounds, the error's
//! preconditions) that are inductive for the whole program. When they exclude the error they are
//! the certificate (`houdini_proof`): the labels of a loop head's copies each
//! say what holds after k steps, covering may never succeed, and their
//! inductive part is what Spacer's lemma pushing would keep. Otherwise they
//! are conjoined to every label, existing and computed by POST later (an
//! inductive invariant keeps every edge a Hoare triple, Definition 2), which
//! helps covering. Measured on the shared set (`--post box`): 92 tasks
//! without Houdini, 96 over the labels' conjuncts, 98 (as many as the Spacer
//! baseline) with the candidates from bounds and from the property, in 18%
//! less CPU than without (bench-results/bench-2026-11-26e-*).

pub mod arg;

use super::config::{Configuration, EngineArgs, EngineConfig, PostKind};
use super::registry::EngineSpec;
use super::{Certificate, Engine, EngineContext, Outcome, Stats};
use crate::cegar::{self, DagInterpolation, RefineCx, Refinement, Refiner};
use crate::cfg::Wto;
use crate::ir::{LocId, Program};
use crate::post::{Post, TruePost};
use crate::smt::canon::Canon;
use crate::smt::hoare as cert;
use crate::smt::houdini;
use crate::smt::Install;
use crate::smt::{raise, solve, Deadline, Formula, FormulaOps, IntSemantics, Lowerer};
use arg::{Arg, Expander, Stop};
use serde::Serialize;
use std::collections::HashMap;
use std::time::Instant;

/// UFO's statistics, as in the paper's Table 2 where they apply.
#[derive(Clone, Debug, Default, Serialize)]
pub struct UfoStats {
    /// Refinement queries (REFINE).
    pub refinements: usize,
    /// Seconds in refinement (interpolation / CHC solving).
    pub refine_time: f64,
    /// Seconds in POST.
    pub post_time: f64,
    /// Seconds in covering checks.
    pub cover_time: f64,
    pub arg_nodes: usize,
    pub covered_heads: usize,
    /// Largest refinement query: number of ARG nodes in it.
    pub max_query_nodes: usize,
    /// Predicate-abstraction POSTs: predicates known at the end.
    pub predicates: usize,
    /// Boolean POST: abstractions that exceeded the cube limit and fell back
    /// to the Cartesian result.
    pub post_fallbacks: usize,
    /// Domain POSTs: widenings that changed a loop head's value.
    pub widenings: usize,
    /// Seconds in Houdini over the labels' conjuncts (`smt::houdini`).
    pub houdini_time: f64,
    /// The SAFE answer's certificate is the inductive subset of the labels'
    /// conjuncts (Houdini), not the labels of a complete ARG.
    pub houdini_proof: bool,
}

impl super::OwnStats for UfoStats {
    const KEY: &'static str = "ufo";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("refinements", self.refinements.to_string()),
            ("arg_nodes", self.arg_nodes.to_string()),
            ("covered_heads", self.covered_heads.to_string()),
            ("max_query_nodes", self.max_query_nodes.to_string()),
            ("predicates", self.predicates.to_string()),
            ("post_fallbacks", self.post_fallbacks.to_string()),
            ("widenings", self.widenings.to_string()),
            ("refine", format!("{:.3}s", self.refine_time)),
            ("post", format!("{:.3}s", self.post_time)),
            ("cover", format!("{:.3}s", self.cover_time)),
            ("houdini", format!("{:.3}s", self.houdini_time)),
            ("houdini_proof", self.houdini_proof.to_string()),
        ]
    }
}

/// The candidate certificate of a safe, complete ARG: per location, the union
/// of the labels of its uncovered nodes, raised to the program's terms.
fn certificate(
    p: &Program,
    canon: &Canon,
    arg: &Arg,
    post: &dyn Post,
    sem: IntSemantics,
) -> Result<Certificate, String> {
    cegar::certificate::from_labels(p, canon, sem, cegar::certificate::uncovered_labels(arg, |f| post.to_label(f)))
}

/// What Houdini over the ARG's labels gave.
enum Inductive {
    /// Their inductive part excludes the error: the certificate.
    Proof(Certificate),
    /// Their inductive part, a conjunction per location, which does not.
    Invariants(Vec<Formula>),
}

/// Houdini over the conjuncts of the ARG's labels and the candidates the
/// program suggests (`smt::houdini`). Only conjuncts that are quantifier-free,
/// expressible in the program's terms and over the location's live variables
/// are candidates, so the certificate raises and checks. `None` if Z3 did not
/// decide.
fn inductive_labels(
    p: &Program,
    canon: &Canon,
    arg: &Arg,
    post: &dyn Post,
    rels: &houdini::Relations,
    sem: IntSemantics,
) -> Option<Inductive> {
    let labels = arg.nodes.iter().map(|n| (n.loc, post.to_label(&n.label)));
    let mut cands = houdini::candidates(p.locs.len(), labels.chain(rels.preconditions.iter().cloned()));
    for (loc, cs) in p.loc_ids().zip(cands.iter_mut()) {
        let (names, live) = (canon.names(p, loc), &p.loc(loc).live);
        cs.retain(|c| {
            raise::raise(c, &names).is_ok_and(|e| {
                let mut used = Vec::new();
                e.vars(&mut used);
                used.iter().all(|v| live.contains(v))
            })
        });
    }
    let inv = houdini::inductive_subset(p, rels, cands)?;
    if solve::is_sat(&inv[p.error.0 as usize]) != Some(false) {
        // without the conjuncts the others imply: they would only lengthen
        // every label and the certificate
        return Some(Inductive::Invariants(
            inv.into_iter().map(|cs| Formula::and(&houdini::without_implied(cs))).collect(),
        ));
    }
    let invariants = p
        .loc_ids()
        .zip(inv)
        .map(|(loc, cs)| raise::raise(&Formula::and(&houdini::without_implied(cs)).simplify(), &canon.names(p, loc)))
        .collect::<Result<Vec<_>, String>>()
        .ok()?;
    Some(Inductive::Proof(Certificate::of_invariants(sem, invariants)))
}

/// Houdini's state across UFO's iterations: the program's edge relations
/// (built on first use) and the inductive invariants that strengthen every
/// label POST computes.
struct Strengthening<'a> {
    p: &'a Program,
    canon: &'a Canon,
    rels: Option<houdini::Relations>,
    invariants: Vec<Formula>,
    sem: IntSemantics,
}

impl<'a> Strengthening<'a> {
    fn new(p: &'a Program, canon: &'a Canon, sem: IntSemantics) -> Strengthening<'a> {
        Strengthening { p, canon, rels: None, invariants: vec![Formula::from_bool(true); p.locs.len()], sem }
    }

    /// Houdini over the ARG's labels (`inductive_labels`): the certificate
    /// when their inductive part proves (`houdini_proof`); otherwise that part
    /// strengthens every node's label and every refined label still to apply,
    /// and from now on every label POST computes.
    fn step(
        &mut self,
        l: &mut Lowerer,
        arg: &mut Arg,
        post: &mut dyn Post,
        labels: &mut HashMap<usize, Formula>,
        stats: &mut UfoStats,
    ) -> Option<Certificate> {
        let t = Instant::now();
        let (p, canon) = (self.p, self.canon);
        let rels = self.rels.get_or_insert_with(|| houdini::Relations::new(p, l, canon));
        let found = inductive_labels(p, canon, arg, post, rels, self.sem);
        stats.houdini_time += t.elapsed().as_secs_f64();
        match found? {
            Inductive::Proof(c) => {
                stats.houdini_proof = true;
                Some(c)
            }
            Inductive::Invariants(inv) => {
                for (u, n) in arg.nodes.iter_mut().enumerate() {
                    let i = &inv[n.loc.0 as usize];
                    n.label = arg::with_invariant(post, &n.label, i);
                    match labels.get_mut(&u) {
                        Some(f) if i.as_bool() != Some(true) => *f = Formula::and(&[f.clone(), i.clone()]).simplify(),
                        _ => {}
                    }
                }
                self.invariants = inv;
                None
            }
        }
    }
}

/// Checks Definition 2 on refined labels (debug builds).
fn labels_are_hoare_triples(
    p: &Program,
    l: &mut Lowerer,
    canon: &Canon,
    arg: &Arg,
    labels: &HashMap<usize, Formula>,
) -> bool {
    let solver = solve::Reused::new(l.sem);
    arg.nodes.iter().enumerate().all(|(u, n)| {
        let Some(lu) = labels.get(&u) else { return true };
        n.children.iter().all(|(w, e)| match labels.get(w) {
            Some(lw) => cert::hoare_triple(p, l, canon, lu, *e, lw, &solver) != Some(false),
            None => true,
        })
    })
}

/// UFO's configuration: its POST, and `od` for the pure
/// over-approximation-driven CP and BP (which take Cartesian or Boolean
/// predicate abstraction as their POST).
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub post: PostKind,
    pub od: bool,
    pub max_iterations: Option<usize>,
    pub check_labels: bool,
}

impl Config {
    /// UFO with `post` and no other limit.
    pub fn new(post: PostKind) -> Config {
        Config { post, od: false, max_iterations: None, check_labels: false }
    }
    /// UFO with `post` (CP/BP with `od`), with the options' limits.
    fn from_args(a: &EngineArgs, post: PostKind, od: bool) -> EngineConfig {
        EngineConfig::new(Config { post, od, max_iterations: a.max_iterations, check_labels: a.check_labels })
    }
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        match (self.od, self.post) {
            (false, _) => &SPEC,
            (true, PostKind::Boolean) => &BP,
            (true, _) => &CP,
        }
    }
    fn build(&self, p: &Program) -> Box<dyn Engine> {
        use crate::domains::{boxes::Boxes, constants::Constants, interval::Intervals};
        use crate::post::domain::DomainPost;
        use crate::post::predicates::{Abstraction, PredicatePost};
        let check = cfg!(debug_assertions) || self.check_labels;
        let predicates = |kind| Box::new(PredicatePost::new(p, kind, check));
        let post: Box<dyn Post> = match self.post {
            PostKind::True => Box::new(TruePost),
            PostKind::Cartesian => predicates(Abstraction::Cartesian),
            PostKind::Boolean => predicates(Abstraction::Boolean { max_cubes: super::MAX_CUBES }),
            PostKind::Box => Box::new(DomainPost::<Intervals>::new(p, "box")),
            PostKind::Boxes => Box::new(DomainPost::<Boxes>::new(p, "boxes")),
            PostKind::Octagon => Box::new(DomainPost::<crate::domains::octagon::Octagons>::new(p, "octagon")),
            PostKind::Polyhedra => Box::new(DomainPost::<crate::domains::polyhedra::Polyhedra>::new(p, "polyhedra")),
            PostKind::Explicit => Box::new(DomainPost::<Constants>::new(p, "explicit")),
        };
        Box::new(Ufo { post, od: self.od, max_iterations: self.max_iterations, check_labels: check })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// UFO's registry entry: one member per POST.
pub const SPEC: EngineSpec = EngineSpec {
    name: "ufo",
    help: "UFO (papers/ufo-under-over-approximations.txt) with the POST of `--post`",
    members: &[
        "ufo",
        "ufo-cartesian",
        "ufo-boolean",
        "ufo-box",
        "ufo-boxes",
        "ufo-octagon",
        "ufo-polyhedra",
        "ufo-explicit",
    ],
    runs_alone: false,
};

/// CP's registry entry (§6).
pub const CP: EngineSpec = EngineSpec {
    name: "cp",
    help: "Pure over-approximation-driven lazy abstraction with Cartesian predicate abstraction: labels only from POST, refinement only adds predicates",
    members: &["cp"],
    runs_alone: false,
};

/// BP's registry entry (§6).
pub const BP: EngineSpec =
    EngineSpec { name: "bp", help: "The same with Boolean predicate abstraction", members: &["bp"], runs_alone: false };

/// The configurations of UFO, CP and BP (engines and members alike).
pub fn configure(name: &str, member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    let (post, od) = match (name, member) {
        ("ufo", _) => (a.post, false),
        ("ufo-cartesian", true) => (PostKind::Cartesian, false),
        ("ufo-boolean", true) => (PostKind::Boolean, false),
        ("ufo-box", true) => (PostKind::Box, false),
        ("ufo-boxes", true) => (PostKind::Boxes, false),
        ("ufo-octagon", true) => (PostKind::Octagon, false),
        ("ufo-polyhedra", true) => (PostKind::Polyhedra, false),
        ("ufo-explicit", true) => (PostKind::Explicit, false),
        ("cp", _) => (PostKind::Cartesian, true),
        ("bp", _) => (PostKind::Boolean, true),
        _ => return None,
    };
    Some(Config::from_args(a, post, od))
}

/// The UFO engine with a POST (uUFO, cpUFO, bpUFO), or with `od` the pure
/// over-approximation-driven configurations CP and BP of §6.
pub struct Ufo {
    pub post: Box<dyn Post>,
    pub od: bool,
    /// At most this many refinements (`--max-iterations`).
    pub max_iterations: Option<usize>,
    /// Check every refinement against Definition 2.
    pub check_labels: bool,
}

impl Engine for Ufo {
    fn name(&self) -> &'static str {
        match (self.od, self.post.name()) {
            (false, _) => "ufo",
            (true, "boolean") => "bp",
            (true, _) => "cp",
        }
    }
    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        run(p, self, cx.sem, cx.deadline)
    }
}

/// UFOMAIN (Fig. 2 / Fig. 3 lines 1–13). With `od` (the pure
/// over-approximation-driven configurations CP and BP of §6), labels come only
/// from POST: a refinement's labels only contribute predicates (their atoms, at
/// their locations), and the nodes at locations that gained predicates are
/// marked, so that EXPANDARG recomputes them and everything below them.
fn run(p: &Program, ufo: &mut Ufo, sem: IntSemantics, deadline: &Deadline) -> Outcome {
    let post = &mut *ufo.post;
    let od = ufo.od;
    let _installed = deadline.install();
    let mut stats = Stats::default();
    let wto = Wto::of_program(p);
    let succ = p.successors();
    let mut l = Lowerer::new(sem);
    let canon = Canon::new(p, &l);
    let mut arg = Arg::new(p);
    let mut labels: HashMap<usize, Formula> = HashMap::new();
    let mut houdini = Strengthening::new(p, &canon, sem);
    loop {
        stats.iterations += 1;
        let mut ex = Expander::new(p, &wto, &succ, &canon, &houdini.invariants, sem);
        let expanded = ex.expand(&mut arg, post, &labels, &mut l, stats.own_mut::<UfoStats>(), deadline);
        stats.own_mut::<UfoStats>().arg_nodes = arg.nodes.len();
        stats.own_mut::<UfoStats>().post_fallbacks = post.fallbacks();
        stats.own_mut::<UfoStats>().widenings = post.widenings();
        if let Err(Stop::Timeout) = expanded {
            return Outcome::unknown(deadline.stop_reason(), stats);
        }
        if arg.nodes[arg.error].parents.is_empty() {
            // ψ(v_err) = ⋁ over no incoming edge (Fig. 3 line 35).
            arg.nodes[arg.error].label = Formula::from_bool(false);
        }
        match solve::is_sat(&[arg.nodes[arg.error].label.clone()]) {
            Some(false) => {
                return match certificate(p, &canon, &arg, post, sem) {
                    Ok(c) => Outcome::safe(c, stats),
                    Err(why) => Outcome::unknown(format!("certificate not expressible: {why}"), stats),
                };
            }
            None => {
                return Outcome::unknown(
                    if deadline.expired() { deadline.stop_reason() } else { "solver unknown".into() },
                    stats,
                )
            }
            Some(true) => {}
        }
        if let Some(max) = ufo.max_iterations {
            if stats.own_mut::<UfoStats>().refinements >= max {
                return Outcome::unknown(format!("no answer after {max} refinements (--max-iterations)"), stats);
            }
        }
        if !od && stats.own_mut::<UfoStats>().refinements == 0 {
            // before the first refinement query too: the domain's labels
            // alone may hold the invariant (a loop nest whose first query is
            // too big for Spacer)
            if let Some(c) = houdini.step(&mut l, &mut arg, post, &mut labels, stats.own_mut::<UfoStats>()) {
                return Outcome::safe(c, stats);
            }
        }
        let d = arg.dag();
        let relevant = d.reaches_error();
        let st = stats.own_mut::<UfoStats>();
        st.max_query_nodes = st.max_query_nodes.max(relevant.iter().filter(|b| **b).count());
        let t = Instant::now();
        // §5: the ARG condition decides feasibility of every path to the error in
        // one SMT query; labels are computed (by Spacer) only if it is unsatisfiable.
        let r = DagInterpolation.refine(&mut RefineCx { p, l: &mut l, canon: &canon }, &d);
        stats.own_mut::<UfoStats>().refine_time += t.elapsed().as_secs_f64();
        stats.own_mut::<UfoStats>().refinements += 1;
        match r {
            Refinement::Labels(ls) => {
                let by_loc: Vec<(LocId, Formula)> =
                    ls.iter().enumerate().filter_map(|(u, f)| Some((arg.nodes[u].loc, f.clone()?))).collect();
                let gained = post.learn(&by_loc);
                stats.own_mut::<UfoStats>().predicates = post.predicates();
                if od {
                    if gained.is_empty() {
                        return Outcome::unknown("refinement found no new predicates", stats);
                    }
                    for n in &mut arg.nodes {
                        if gained.binary_search(&n.loc).is_ok() {
                            n.marked = true;
                        }
                    }
                    continue;
                }
                labels = ls.into_iter().enumerate().filter_map(|(u, f)| f.map(|f| (u, f))).collect();
                // The refined labelling is applied to every node at once (Fig. 3
                // applies it when a node is next visited; a node that is not
                // visited again would keep a label inconsistent with its
                // neighbours' new ones, and the certificate would not be inductive).
                for (u, f) in &labels {
                    arg.nodes[*u].label = post.strengthen(&arg.nodes[*u].label, f);
                }
                if ufo.check_labels && !labels_are_hoare_triples(p, &mut l, &canon, &arg, &labels) {
                    return Outcome::unknown("refinement produced labels that violate Definition 2", stats);
                }
                if let Some(c) = houdini.step(&mut l, &mut arg, post, &mut labels, stats.own_mut::<UfoStats>()) {
                    return Outcome::safe(c, stats);
                }
            }
            Refinement::Reachable(trace) => {
                return Outcome::bug(trace, stats);
            }
            Refinement::Unknown(why) => {
                // Z3's own timer may fire a moment before the deadline does
                let ending = deadline.remaining().is_some_and(|r| r < std::time::Duration::from_millis(200));
                if deadline.expired() || ending {
                    return Outcome::unknown(deadline.stop_reason(), stats);
                }
                // Spacer gave up on the query (for example on a nonlinear
                // term): the portfolio retries the member bit-precisely (if it
                // did not run under bv already)
                let mut stats = stats;
                stats.counterexamples.retry_bit_precise = true;
                return Outcome::unknown(format!("refinement: Spacer answered unknown ({why})"), stats);
            }
        }
        if deadline.expired() {
            return Outcome::unknown(deadline.stop_reason(), stats);
        }
    }
}
