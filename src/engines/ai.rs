//! Plain abstract interpretation (DESIGN.md "Engines", `ai --domain D`;
//! issue 21): the fixpoint of the program in a numeric domain
//! (`domains::fixpoint`, Bourdoncle's recursive iteration over the WTO with
//! widening and narrowing). SAFE when the error location's value is bottom,
//! with every location's value as the certificate (checked like any other:
//! the labels are over-approximations of the reachable states only if the
//! domain's transfers are sound, which the check decides, not this engine);
//! otherwise UNKNOWN "the abstraction reaches the error". It never refutes.
//! Milliseconds on most programs: the portfolio's fast first member.
//!
//! A domain that reads bit operations on two values (`Domain::BITS`:
//! strided intervals, whose congruences decide `(x ^ y) & 1`) asks the
//! portfolio for a run under `bv` where `lia` makes such an operation a
//! fresh value and the error was not refuted (`retry_bit_precise`).

use super::config::EngineArgs;
use super::config::{Configuration, DomainKind, EngineConfig};
use super::registry::EngineSpec;
use super::{Certificate, Engine, EngineContext, Outcome, Stats};
use crate::domains::boxes::Boxes;
use crate::domains::fixpoint::{self, FixpointStats, Options};
use crate::domains::interval::Intervals;
use crate::domains::{Ctx, Domain};
use crate::ir::{BinOp, Expr, IntSemantics, Program, Sort, VarId};
use serde::Serialize;
use std::time::Instant;

/// The `ai` engine's configuration: its domain.
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub domain: DomainKind,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Ai { domain: self.domain })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The registry entry of `ai`: it answers in milliseconds, so it runs alone.
pub const SPEC: EngineSpec = EngineSpec {
    name: "ai",
    help: "Abstract interpretation in the domain of `--domain` (widening at loop heads, then narrowing); proves, never refutes",
    members: &["ai", "ai-boxes", "ai-strided", "ai-octagon", "ai-polyhedra"],
    runs_alone: true,
};

/// The configurations of `ai`: `--domain`'s, boxes for `ai-boxes`,
/// boxes of strided intervals for `ai-strided`,
/// octagons for `ai-octagon`, polyhedra for `ai-polyhedra`.
pub fn configure(name: &str, member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    let domain = match (name, member) {
        ("ai", _) => a.domain,
        ("ai-boxes", true) => DomainKind::Boxes,
        ("ai-strided", true) => DomainKind::StridedBoxes,
        ("ai-octagon", true) => DomainKind::Octagon,
        ("ai-polyhedra", true) => DomainKind::Polyhedra,
        _ => return None,
    };
    Some(EngineConfig::new(Config { domain }))
}

/// Abstract interpretation in one domain.
pub struct Ai {
    pub domain: DomainKind,
}

/// What the iteration did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AiStats {
    pub domain: String,
    #[serde(flatten)]
    pub fixpoint: FixpointStats,
    /// Seconds in the domain's iteration.
    pub domain_time: f64,
}

impl super::OwnStats for AiStats {
    const KEY: &'static str = "ai";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("domain", self.domain.clone()),
            ("transfers", self.fixpoint.transfers.to_string()),
            ("widenings", self.fixpoint.widenings.to_string()),
            ("narrowings", self.fixpoint.narrowings.to_string()),
            ("domain_time", format!("{:.3}s", self.domain_time)),
        ]
    }
}

impl Engine for Ai {
    fn name(&self) -> &'static str {
        "ai"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        match self.domain {
            DomainKind::Interval => run::<Intervals>(p, cx),
            DomainKind::Boxes => run::<Boxes>(p, cx),
            DomainKind::StridedBoxes => run::<Boxes<crate::domains::strided::Strided>>(p, cx),
            DomainKind::Octagon => run::<crate::domains::octagon::Octagons>(p, cx),
            DomainKind::Polyhedra => run::<crate::domains::polyhedra::Polyhedra>(p, cx),
        }
    }
}

fn run<D: Domain>(p: &Program, cx: &EngineContext) -> Outcome {
    let t = Instant::now();
    let result = invariants::<D>(p, cx);
    let mut st = AiStats { domain: D::NAME.into(), domain_time: t.elapsed().as_secs_f64(), ..AiStats::default() };
    let stats = |st: AiStats| Stats::with(1, st);
    let Some((invariants, error_reached, fs)) = result else {
        return Outcome::unknown(cx.deadline.stop_reason(), stats(st));
    };
    st.fixpoint = fs;
    if error_reached {
        let mut out =
            Outcome::unknown("the abstraction reaches the error (abstract interpretation never refutes)", stats(st));
        // (a domain that reads bit operations asks for the bit-precise run
        // where `lia` makes one of them a fresh value: the portfolio runs it
        // again under `bv`)
        out.stats.counterexamples.retry_bit_precise = D::BITS && cx.sem == IntSemantics::Lia && bits_of_two_values(p);
        return out;
    }
    Outcome::safe(Certificate::of_invariants(cx.sem, invariants), stats(st))
}

/// Whether the program has a bit operation on two values that are not
/// literals (`x ^ y`, `x & y`): `lia` lowers it to a fresh value
/// (`smt::lower`: "bit operation on two variables"), `bv` exactly.
fn bits_of_two_values(p: &Program) -> bool {
    let literal = |x: &Expr| matches!(x, Expr::Int { .. });
    let mut two = |e: &Expr| matches!(e, Expr::Bin { op: BinOp::And | BinOp::Or | BinOp::Xor, a, b, .. } if !literal(a) && !literal(b));
    p.edges.iter().any(|e| e.body.iter().any(|s| s.exprs().any(|x| x.any(&mut two))))
}

/// The invariant of each location in the domain `D` (over its in-scope
/// variables), whether the abstraction reaches the error, and the
/// iteration's counters; `None` if the deadline stopped it. `kind` takes the
/// intervals as its strengthening.
pub fn invariants<D: Domain>(p: &Program, cx: &EngineContext) -> Option<(Vec<Expr>, bool, FixpointStats)> {
    let sort = |v: VarId| -> Sort { p.var(v).sort };
    let dcx = Ctx { sem: cx.sem, sort: &sort };
    let (values, fs) = fixpoint::analyze::<D>(p, &dcx, Options::default(), cx.deadline).ok()?;
    let invariants = p.loc_ids().map(|l| values[l.0 as usize].to_expr(&dcx, &p.loc(l).live)).collect();
    Some((invariants, !values[p.error.0 as usize].is_bottom(), fs))
}
