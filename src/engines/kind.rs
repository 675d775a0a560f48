//! k-induction (Sheeran, Singh, Stålmarck: FMCAD 2000), as CPAchecker and
//! ESBMC run it on programs (Beyer, Dangl, Wendler: "Boosting k-Induction
//! with Continuously-Refined Invariants", CAV 2015, §3: the inductive step
//! strengthened by invariants from a separate analysis; here `ai`'s
//! intervals, computed once). For `k` = 1, 2, 4, ... up to `--bound`: the
//! base case is BMC to `k` steps (an error is UNSAFE, with its trace); the
//! inductive step asks whether `k` consecutive states that satisfy the
//! intervals and are not at the error can be followed by the error
//! (`cfg::unroll::induction_step`, one query); if not, the program is SAFE.
//!
//! The certificate is `k` and the intervals (`Certificate::k_induction`):
//! `check` decides all three again on its own (the intervals are inductive,
//! the base case, the step). A k-inductive property needs no 1-inductive
//! invariant to be written, which is what the certificate saves.

use super::config::{Configuration, EngineArgs, EngineConfig};
use super::registry::EngineSpec;
use super::{Certificate, Engine, EngineContext, Outcome, Stats, Verdict};
use crate::cfg::unroll::induction_step;
use crate::domains::interval::Intervals;
use crate::ir::{Expr, Program};
use crate::smt::{Install, Lowerer};
use serde::Serialize;
use std::time::Instant;

/// k-induction's configuration: the largest `k`.
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub max_k: usize,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(KInduction { max_k: self.max_k })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// k-induction's registry entry.
pub const SPEC: EngineSpec = EngineSpec {
    name: "kind",
    help: "k-induction for k = 1, 2, 4, ... up to `--bound`: BMC as the base case, the inductive step strengthened by the intervals of `ai`",
    members: &["kind"],
    runs_alone: false,
};

/// k-induction's configuration: `--bound` is the largest `k`.
pub fn configure(name: &str, _member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    (name == "kind").then(|| EngineConfig::new(Config { max_k: a.bound.max(1) }))
}

/// The engine.
pub struct KInduction {
    pub max_k: usize,
}

/// What k-induction did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct KindStats {
    /// The largest `k` tried (the proof's, after SAFE).
    pub k: usize,
    /// Seconds in the base cases (BMC).
    pub base_time: f64,
    /// Seconds in the inductive steps.
    pub step_time: f64,
}

impl super::OwnStats for KindStats {
    const KEY: &'static str = "kind";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("k", self.k.to_string()),
            ("base", format!("{:.3}s", self.base_time)),
            ("step", format!("{:.3}s", self.step_time)),
        ]
    }
}

/// `ai`'s intervals per location as expressions (`true` at the error: the
/// strengthening says nothing there), or why there are none.
pub fn intervals(p: &Program, cx: &EngineContext) -> Result<Vec<Expr>, String> {
    let (mut inv, _, _) = super::ai::invariants::<Intervals>(p, cx).ok_or_else(|| cx.deadline.stop_reason())?;
    inv[p.error.0 as usize] = Expr::Bool(true);
    Ok(inv)
}

impl Engine for KInduction {
    fn name(&self) -> &'static str {
        "kind"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        let _installed = cx.deadline.install();
        let mut st = KindStats::default();
        let inv = match intervals(p, cx) {
            Ok(inv) => inv,
            Err(why) => return Outcome::unknown(why, Stats::with(0, st)),
        };
        let mut k = 1;
        let mut rounds = 0;
        while k <= self.max_k && !cx.deadline.expired() {
            rounds += 1;
            st.k = k;
            let t = Instant::now();
            let base = super::bmc::search(p, k, cx.sem, cx.deadline);
            st.base_time += t.elapsed().as_secs_f64();
            match base.verdict {
                Verdict::Unsafe => return Outcome { stats: Stats::with(rounds, st), ..base },
                _ if cx.deadline.expired() => break,
                // the base case undecided (Z3's `unknown`): no step can make a proof
                _ if base.reason != Some(super::bmc::no_error(k)) => {
                    let why = format!("the base case of {k} steps: {}", base.reason.unwrap_or_default());
                    return Outcome::unknown(why, Stats::with(rounds, st));
                }
                _ => {}
            }
            let t = Instant::now();
            let (q, dag) = induction_step(p, &inv, k);
            let step = crate::chc::argcond(&q, &mut Lowerer::new(cx.sem), &dag);
            st.step_time += t.elapsed().as_secs_f64();
            if let Ok(None) = step {
                let certificate = Certificate {
                    sem: cx.sem,
                    invariants: inv,
                    complete_within: None,
                    k_induction: Some(k),
                    procedures: None,
                };
                return Outcome::safe(certificate, Stats::with(rounds, st));
            }
            k *= 2;
        }
        let why = if cx.deadline.expired() {
            cx.deadline.stop_reason()
        } else {
            format!("not k-inductive for k up to {} (with the intervals as strengthening)", self.max_k)
        };
        Outcome::unknown(why, Stats::with(rounds, st))
    }
}
