//! DAGGER: abstract interpretation refined by counterexamples, with
//! interpolated widen and implicit disjuncts (Gulavani, Chakraborty, Nori,
//! Rajamani, TACAS 2008: papers/dagger-refining-abstract-interpretations.txt;
//! issue 47), `--engine dagger --domain interval|octagon|boxes|polyhedra
//! [--exploration tree|dag]`: where
//! widening or join loses the precision a proof needs, refinement recovers
//! it without leaving the domain.
//!
//! - [`tree`]: `AbstractTREE` / `RefineTREE` / `ApplyRefinement` (Fig. 2,
//!   §2) over the domain's image, preimage (`domains::preimage`),
//!   interpolants and bounded widening (`domains::interpolate`), and with
//!   `--exploration dag` the DAG of §3: images joined at merge locations,
//!   the counterexample DAG's error preimages, merge nodes split.
//!
//! SAFE: per location the disjunction of its nodes' states (those another
//! node's state is above left out), as the certificate, checked like every
//! other. UNSAFE: the candidate path's trace from one SMT query
//! (`engines::path_query`), replayed like every other; a candidate the query
//! refutes (the domain's transfer lost the precision, which refinement of
//! joins and widenings cannot recover) ends the run UNKNOWN, as do the
//! bounds (`--max-nodes`, `--max-iterations`) and the deadline.

pub mod tree;

use super::config::{Configuration, DomainKind, EngineArgs, EngineConfig, Exploration};
use super::registry::EngineSpec;
use super::{Certificate, Engine, EngineContext, Outcome, Stats};
use crate::domains::boxes::Boxes;
use crate::domains::interpolate::Interpolate;
use crate::domains::interval::Intervals;
use crate::domains::octagon::Octagons;
use crate::domains::strided::Strided;
use crate::domains::Ctx;
use crate::ir::{Expr, Program, Sort, VarId};
use serde::Serialize;
use tree::{Explored, Limits, Tree, TreeStats};

/// Tree nodes a portfolio member makes at most: a member that unrolls a
/// loop by refinement should leave its thread to the others.
pub const MEMBER_NODES: usize = 50_000;

/// Refinements by default (`--max-iterations`).
pub const MAX_REFINEMENTS: usize = 10_000;

/// The configuration: the domain, the bounds.
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub domain: DomainKind,
    pub exploration: Exploration,
    pub nodes: usize,
    pub refinements: usize,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Dagger { config: self.clone() })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The registry entry of `dagger`.
pub const SPEC: EngineSpec = EngineSpec {
    name: "dagger",
    help: "DAGGER (Gulavani, Chakraborty, Nori, Rajamani): abstract interpretation in the domain of `--domain` refined by counterexamples, with interpolated widen and implicit disjuncts; proves and finds bugs",
    members: &["dagger", "dagger-octagon", "dagger-polyhedra"],
    runs_alone: false,
};

/// `dagger` (`--domain`'s), the member `dagger` (intervals) and
/// `dagger-octagon`, `dagger-polyhedra`.
pub fn configure(name: &str, member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    let domain = match (name, member) {
        ("dagger", false) => a.domain,
        ("dagger", true) => DomainKind::Interval,
        ("dagger-octagon", true) => DomainKind::Octagon,
        ("dagger-polyhedra", true) => DomainKind::Polyhedra,
        _ => return None,
    };
    let refinements = a.max_iterations.unwrap_or(MAX_REFINEMENTS);
    let nodes = if member { a.max_nodes.min(MEMBER_NODES) } else { a.max_nodes };
    Some(EngineConfig::new(Config { domain, exploration: a.exploration, nodes, refinements }))
}

/// The engine.
pub struct Dagger {
    pub config: Config,
}

/// What the run did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DaggerStats {
    pub domain: String,
    pub exploration: String,
    #[serde(flatten)]
    pub tree: TreeStats,
}

impl super::OwnStats for DaggerStats {
    const KEY: &'static str = "dagger";
    fn fields(&self) -> Vec<(&'static str, String)> {
        let t = &self.tree;
        vec![
            ("domain", self.domain.clone()),
            ("exploration", self.exploration.clone()),
            ("nodes", t.nodes.to_string()),
            ("refinements", t.refinements.to_string()),
            ("interpolated_widens", t.interpolated_widens.to_string()),
            ("disjuncts", t.disjuncts.to_string()),
            ("interpolants", t.interpolants.to_string()),
            ("widenings", t.widenings.to_string()),
            ("covered", t.covered.to_string()),
            ("preimages", t.preimages.to_string()),
            ("merges", t.merges.to_string()),
            ("splits", t.splits.to_string()),
            ("hinted", t.hinted.to_string()),
            ("cached", t.cached.to_string()),
        ]
    }
}

impl Engine for Dagger {
    fn name(&self) -> &'static str {
        "dagger"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        match self.config.domain {
            DomainKind::Interval => run::<Intervals>(p, cx, &self.config),
            DomainKind::Boxes => run::<Boxes>(p, cx, &self.config),
            DomainKind::StridedBoxes => run::<Boxes<Strided>>(p, cx, &self.config),
            DomainKind::Octagon => run::<Octagons>(p, cx, &self.config),
            DomainKind::Polyhedra => run::<crate::domains::polyhedra::Polyhedra>(p, cx, &self.config),
        }
    }
}

fn run<D: Interpolate>(p: &Program, cx: &EngineContext, config: &Config) -> Outcome {
    let sort = |v: VarId| -> Sort { p.var(v).sort };
    let dcx = Ctx { sem: cx.sem, sort: &sort };
    let mut tree: Tree<D> = Tree::with(p, &dcx, config.exploration == Exploration::Dag);
    let limits = Limits { nodes: config.nodes, refinements: config.refinements };
    let explored = tree.explore(limits, cx.deadline);
    let st = DaggerStats { domain: D::NAME.into(), exploration: config.exploration.as_str(), tree: tree.stats.clone() };
    let stats = Stats::with(st.tree.refinements + 1, st);
    match explored {
        Explored::Safe(per_loc) => {
            let invariants = p.loc_ids().map(|l| disjunction(&dcx, &per_loc[l.0 as usize], &p.loc(l).live)).collect();
            Outcome::safe(Certificate::of_invariants(cx.sem, invariants), stats)
        }
        Explored::Candidate(path) => match super::path_query(p, &path, cx) {
            Ok(None) => Outcome::unknown(
                "a path the domain cannot refute is infeasible (its transfer, not its join or widening, lost the precision)",
                stats,
            ),
            r => super::path_answer(r, stats, cx),
        },
        Explored::Stopped(why) => Outcome::unknown(why, stats),
    }
}

/// The disjunction of `states` over `vars`, those below another left out.
fn disjunction<D: Interpolate>(cx: &Ctx, states: &[D], vars: &[VarId]) -> Expr {
    let maximal: Vec<&D> = states
        .iter()
        .enumerate()
        .filter(|(i, s)| !states.iter().enumerate().any(|(j, o)| j != *i && s.leq(o) && (!o.leq(s) || j < *i)))
        .map(|(_, s)| s)
        .collect();
    match maximal.as_slice() {
        [] => Expr::Bool(false),
        [s] => s.to_expr(cx, vars),
        ss => Expr::Or(ss.iter().map(|s| s.to_expr(cx, vars)).collect()),
    }
}
