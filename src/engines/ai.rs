//! Plain abstract interpretation (DESIGN.md "Engines", `ai --domain D`;
//! issue 21): the fixpoint of the program in a numeric domain
//! (`domains::fixpoint`, Bourdoncle's recursive iteration over the WTO with
//! widening and narrowing). SAFE when the error location's value is bottom,
//! with every location's value as the certificate (checked like any other:
//! the labels are over-approximations of the reachable states only if the
//! domain's transfers are sound, which the check decides, not this engine);
//! otherwise UNKNOWN "the abstraction reaches the error". It never refutes.
//! Milliseconds on most programs: the portfolio's fast first member.

use super::config::DomainKind;
use super::{Certificate, Engine, EngineContext, Outcome, Stats, Verdict};
use crate::domains::boxes::Boxes;
use crate::domains::fixpoint::{self, FixpointStats, Options};
use crate::domains::interval::Intervals;
use crate::domains::{Ctx, Domain};
use crate::ir::{Expr, Program, Sort, VarId};
use serde::Serialize;
use std::time::Instant;

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

impl Engine for Ai {
    fn name(&self) -> &'static str {
        "ai"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        match self.domain {
            DomainKind::Interval => run::<Intervals>(p, cx),
            DomainKind::Boxes => run::<Boxes>(p, cx),
        }
    }
}

fn run<D: Domain>(p: &Program, cx: &EngineContext) -> Outcome {
    let t = Instant::now();
    let sort = |v: VarId| -> Sort { p.var(v).sort };
    let dcx = Ctx { sem: cx.sem, sort: &sort };
    let result = fixpoint::analyze::<D>(p, &dcx, Options::default(), cx.deadline);
    let mut st = AiStats { domain: D::NAME.into(), domain_time: t.elapsed().as_secs_f64(), ..AiStats::default() };
    let stats = |st: AiStats| Stats { iterations: 1, ai: Some(st), ..Stats::default() };
    let Ok((values, fs)) = result else {
        return Outcome::unknown(cx.deadline.stop_reason(), stats(st));
    };
    st.fixpoint = fs;
    if !values[p.error.0 as usize].is_bottom() {
        return Outcome::unknown(
            "the abstraction reaches the error (abstract interpretation never refutes)",
            stats(st),
        );
    }
    let invariants: Vec<Expr> = p.loc_ids().map(|l| values[l.0 as usize].to_expr(&dcx, &p.loc(l).live)).collect();
    Outcome {
        verdict: Verdict::Safe,
        reason: None,
        trace: None,
        certificate: Some(Certificate { sem: cx.sem, invariants }),
        stats: stats(st),
    }
}
