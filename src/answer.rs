//! What an engine answers, as plain data that crosses threads (DESIGN.md
//! "Engines"): a [`Verdict`], SAFE's candidate [`Certificate`] (an `ir::Expr`
//! per location), UNSAFE's trace, UNKNOWN's reason, and [`Stats`] (the
//! counters every engine has, and one engine's own [`OwnStats`]). Engines
//! build it, the check (`check/`) confirms or rejects it, the reports read it;
//! none of them needs the others to know its shape.
//!
//! Invariants: no Z3 term, no engine type: everything here is plain data over
//! the program model, so it sits below the solver, the checks and the engines.

use crate::ir::IntSemantics;
use crate::trace::Trace;
use serde::{Deserialize, Serialize};

/// The answer of an engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    #[serde(rename = "SAFE")]
    Safe,
    #[serde(rename = "UNSAFE")]
    Unsafe,
    #[serde(rename = "UNKNOWN")]
    #[default]
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Safe => "SAFE",
            Verdict::Unsafe => "UNSAFE",
            Verdict::Unknown => "UNKNOWN",
        }
    }
}

/// Statistics: the counters every engine has, and each engine's own
/// (DESIGN.md "Engines": common counters plus per-engine extras). In JSON an
/// engine's own counters are an object under its key (`stats.ufo`).
#[derive(Debug, Default)]
pub struct Stats {
    /// Rounds of the engine's main loop (UFO: EXPANDARG and REFINE; BMC: 1).
    pub iterations: usize,
    /// Seconds in the independent check of the answer (certificate or replay).
    pub check_time: f64,
    /// The engine's own counters ([`OwnStats`]).
    own: Option<Box<dyn AnyStats>>,
    /// What the check of counterexamples refined (issue 19 §1).
    pub counterexamples: CexRefinement,
    /// The second solver's check of the certificate (`--validate`), when it
    /// confirmed it.
    pub validation: Option<Validation>,
}

/// A certificate that a second solver (cvc5) checked again after Z3's check
/// accepted it (`--validate`): every query of Z3's check, answered `unsat`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Validation {
    /// The solver: `cvc5`.
    pub solver: String,
    /// Its queries (safety, initiation, consecution per edge).
    pub queries: usize,
    /// Of them, those it decided only when given with their instances: the
    /// query's quantifiers skolemized and instantiated at the cells it reads
    /// (what Z3's check tries first), which are satisfiable together with the
    /// query exactly when the query is.
    pub with_instances: usize,
    /// Seconds cvc5 ran (part of `check_time`).
    pub time: f64,
}

/// An engine's own statistics: plain data under its key in JSON
/// (`stats.KEY`, `docs/report.schema.json`), `name=value` pairs in the text
/// report. Declared beside the engine; [`Stats`] holds any one of them.
pub trait OwnStats: Serialize + Clone + std::fmt::Debug + Send + Sync + 'static {
    /// Its key in JSON.
    const KEY: &'static str;
    /// Its `name=value` pairs for `--stats`.
    fn fields(&self) -> Vec<(&'static str, String)>;
}

/// [`OwnStats`] behind a pointer.
trait AnyStats: std::fmt::Debug + Send + Sync {
    fn key(&self) -> &'static str;
    fn fields(&self) -> Vec<(&'static str, String)>;
    fn to_json(&self) -> serde_json::Value;
    fn clone_box(&self) -> Box<dyn AnyStats>;
    fn as_any(&self) -> &dyn std::any::Any;
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl<T: OwnStats> AnyStats for T {
    fn key(&self) -> &'static str {
        T::KEY
    }
    fn fields(&self) -> Vec<(&'static str, String)> {
        OwnStats::fields(self)
    }
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
    fn clone_box(&self) -> Box<dyn AnyStats> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

impl Clone for Stats {
    fn clone(&self) -> Stats {
        Stats {
            iterations: self.iterations,
            check_time: self.check_time,
            own: self.own.as_ref().map(|o| o.clone_box()),
            counterexamples: self.counterexamples.clone(),
            validation: self.validation.clone(),
        }
    }
}

impl Serialize for Stats {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("iterations", &self.iterations)?;
        m.serialize_entry("check_time", &self.check_time)?;
        if let Some(o) = &self.own {
            m.serialize_entry(o.key(), &o.to_json())?;
        }
        if !self.counterexamples.is_empty() {
            m.serialize_entry("counterexamples", &self.counterexamples)?;
        }
        if let Some(v) = &self.validation {
            m.serialize_entry("validation", v)?;
        }
        m.end()
    }
}

/// The counterexample check's refinements: a path whose inputs did not reach
/// the error is checked bit-precisely (`check::path`); a feasible one gives new
/// inputs, an infeasible one (spurious: through over-approximated operations
/// or unbounded integers) makes the portfolio run the engine again under
/// `bv`, where every operation is exact; so does a Spacer query that ended
/// `unknown` (not by the clock).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CexRefinement {
    /// Paths that did not replay and are infeasible bit-precisely.
    pub spurious: usize,
    /// Over-approximated operations on those paths.
    pub approximated_ops: usize,
    /// Paths that did not replay whose bit-precise model did.
    pub bit_precise_replays: usize,
    /// Runs of the engine again under `bv` after a spurious path or an
    /// undecided Spacer query.
    pub bv_reruns: usize,
    /// The engine's Spacer query was undecided (Spacer's `unknown`, not a
    /// timeout): worth one more run under `bv`.
    #[serde(skip)]
    pub retry_bit_precise: bool,
}

impl CexRefinement {
    /// Adds the counts of earlier runs.
    pub fn add(&mut self, earlier: &CexRefinement) {
        self.spurious += earlier.spurious;
        self.approximated_ops += earlier.approximated_ops;
        self.bit_precise_replays += earlier.bit_precise_replays;
        self.bv_reruns += earlier.bv_reruns;
    }
    pub fn is_empty(&self) -> bool {
        self.spurious + self.bit_precise_replays + self.bv_reruns == 0
    }
}

impl Stats {
    /// Statistics with the engine's own counters `own`.
    pub fn with<T: OwnStats>(iterations: usize, own: T) -> Stats {
        Stats { iterations, own: Some(Box::new(own)), ..Stats::default() }
    }
    /// The engine's own counters, if they are of type `T`.
    pub fn own<T: OwnStats>(&self) -> Option<&T> {
        self.own.as_ref()?.as_any().downcast_ref()
    }
    /// The engine's own counters of type `T`, created on first use (and
    /// replacing another engine's).
    pub fn own_mut<T: OwnStats + Default>(&mut self) -> &mut T {
        if self.own::<T>().is_none() {
            self.own = Some(Box::new(T::default()));
        }
        self.own.as_mut().and_then(|o| o.as_any_mut().downcast_mut()).expect("set above")
    }

    /// The engine's own counters as `name=value` pairs, for the text report.
    pub fn extras(&self) -> Vec<(&'static str, String)> {
        let mut out = self.own.as_ref().map(|o| o.fields()).unwrap_or_default();
        if let Some(v) = &self.validation {
            out.push(("validated", v.solver.clone()));
            out.push(("validate", format!("{:.3}s", v.time)));
        }
        out
    }
}

/// A candidate inductive invariant per location of the (sliced) program, as
/// plain data that crosses threads: an `ir::Expr` over the location's
/// in-scope variables (DESIGN.md "Engines"), meant under the integer
/// semantics it was found in (under `lia` a variable's value is
/// `Expr::Value`, its signed value). Engines return it with SAFE (raised from
/// their Z3 terms by `smt::raise`); the driver reports SAFE only after `check`
/// lowered it in a Z3 context of its own and accepted it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Certificate {
    pub sem: IntSemantics,
    /// The invariant of each location, indexed by location (none with
    /// `complete_within`).
    pub invariants: Vec<crate::ir::Expr>,
    /// A complete unrolling's certificate instead of invariants (BMC with
    /// unwinding assertions): within this many steps no execution of the
    /// (sliced) program reaches the error, and none goes on past them (an
    /// execution leaves the slice once it can no longer reach the error); `check` decides it again by the unwinding query of
    /// that depth (`cfg::unroll::unwinding`), built and solved on its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete_within: Option<usize>,
    /// A k-induction proof (`engines::kind`): `invariants` are then the
    /// strengthening (inductive, not necessarily safe), and `check` decides
    /// again that they are inductive, that no error is within this many
    /// steps, and that this many consecutive states that satisfy them and
    /// are not at the error are never followed by the error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k_induction: Option<usize>,
    /// A proof of the program with procedures (`Program::procedures`)
    /// instead: `invariants` is then empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub procedures: Option<ProcedureProof>,
}

/// The certificate of a program with procedures (issue 44 §2,
/// `chc::procedures`): an invariant per location of the entry's program and
/// of each procedure's (whose exit's invariant is the procedure's summary),
/// and each procedure's calling contexts; `check::procedures` checks every
/// clause of the program under it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProcedureProof {
    pub main: Vec<crate::ir::Expr>,
    pub procedures: Vec<ProcedureInvariants>,
}

/// One procedure's part of a [`ProcedureProof`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProcedureInvariants {
    pub function: String,
    /// Per location of the procedure's program.
    pub invariants: Vec<crate::ir::Expr>,
    /// Over its parameters: the argument values it may be called with.
    pub context: crate::ir::Expr,
}

/// What an engine answers.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    pub verdict: Verdict,
    pub reason: Option<String>,
    pub trace: Option<Trace>,
    pub certificate: Option<Certificate>,
    pub stats: Stats,
    /// Paths the engine explored, as inputs, for `--tests` (TRACER's).
    #[serde(skip)]
    pub tests: Vec<Trace>,
}

/// An [`Outcome`] as it crosses a process boundary (`member_process`):
/// all of it, the parts the reports leave out too (a trace's states, the
/// `bv` retry flag), with the engine's own statistics as their key, their
/// JSON and their text fields. Back in an [`Outcome`], those statistics are
/// opaque: reports print and serialize them as the engine did, but
/// [`Stats::own`] does not find them (only the engine itself reads them).
#[derive(Debug, Serialize, Deserialize)]
pub struct OutcomeWire {
    verdict: Verdict,
    reason: Option<String>,
    trace: Option<Trace>,
    states: Vec<Vec<(crate::ir::VarId, i128)>>,
    certificate: Option<Certificate>,
    iterations: usize,
    check_time: f64,
    own: Option<OwnWire>,
    counterexamples: CexRefinement,
    retry_bit_precise: bool,
    validation: Option<Validation>,
    tests: Vec<Trace>,
}

/// An engine's own statistics as data for another process.
#[derive(Debug, Serialize, Deserialize)]
struct OwnWire {
    key: String,
    json: serde_json::Value,
    fields: Vec<(String, String)>,
}

/// An engine's own statistics that came back from another process.
#[derive(Clone, Debug)]
struct Opaque {
    key: &'static str,
    json: serde_json::Value,
    fields: Vec<(&'static str, String)>,
}

impl AnyStats for Opaque {
    fn key(&self) -> &'static str {
        self.key
    }
    fn fields(&self) -> Vec<(&'static str, String)> {
        self.fields.clone()
    }
    fn to_json(&self) -> serde_json::Value {
        self.json.clone()
    }
    fn clone_box(&self) -> Box<dyn AnyStats> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// `s` as a `&'static str`: each distinct name is kept once (statistics
/// keys and field names, a few dozen in all).
fn intern(s: &str) -> &'static str {
    static SEEN: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(k) = seen.iter().find(|k| **k == s) {
        return k;
    }
    let k: &'static str = Box::leak(s.to_string().into_boxed_str());
    seen.push(k);
    k
}

impl Outcome {
    /// The outcome as data for another process.
    pub fn to_wire(&self) -> OutcomeWire {
        let s = &self.stats;
        OutcomeWire {
            verdict: self.verdict,
            reason: self.reason.clone(),
            trace: self.trace.clone(),
            states: self.trace.as_ref().map(|t| t.states.clone()).unwrap_or_default(),
            certificate: self.certificate.clone(),
            iterations: s.iterations,
            check_time: s.check_time,
            own: s.own.as_ref().map(|o| OwnWire {
                key: o.key().to_string(),
                json: o.to_json(),
                fields: o.fields().into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            }),
            counterexamples: s.counterexamples.clone(),
            retry_bit_precise: s.counterexamples.retry_bit_precise,
            validation: s.validation.clone(),
            tests: self.tests.clone(),
        }
    }

    /// The outcome another process sent ([`Outcome::to_wire`]).
    pub fn from_wire(w: OutcomeWire) -> Outcome {
        let own = w.own.map(|o| -> Box<dyn AnyStats> {
            let fields = o.fields.into_iter().map(|(k, v)| (intern(&k), v)).collect();
            Box::new(Opaque { key: intern(&o.key), json: o.json, fields })
        });
        let mut counterexamples = w.counterexamples;
        counterexamples.retry_bit_precise = w.retry_bit_precise;
        let trace = w.trace.map(|mut t| {
            t.states = w.states;
            t
        });
        Outcome {
            verdict: w.verdict,
            reason: w.reason,
            trace,
            certificate: w.certificate,
            stats: Stats {
                iterations: w.iterations,
                check_time: w.check_time,
                own,
                counterexamples,
                validation: w.validation,
            },
            tests: w.tests,
        }
    }

    pub fn unknown(reason: impl Into<String>, stats: Stats) -> Outcome {
        Outcome {
            tests: Vec::new(),
            verdict: Verdict::Unknown,
            reason: Some(reason.into()),
            trace: None,
            certificate: None,
            stats,
        }
    }

    /// UNSAFE with a candidate counterexample (the driver replays it).
    pub fn bug(trace: Trace, stats: Stats) -> Outcome {
        Outcome {
            verdict: Verdict::Unsafe,
            reason: None,
            trace: Some(trace),
            certificate: None,
            stats,
            tests: Vec::new(),
        }
    }

    /// SAFE with a candidate certificate (the driver checks it).
    pub fn safe(certificate: Certificate, stats: Stats) -> Outcome {
        Outcome {
            tests: Vec::new(),
            verdict: Verdict::Safe,
            reason: None,
            trace: None,
            certificate: Some(certificate),
            stats,
        }
    }
}

impl Certificate {
    /// The certificate of an invariant per location.
    pub fn of_invariants(sem: IntSemantics, invariants: Vec<crate::ir::Expr>) -> Certificate {
        Certificate { sem, invariants, complete_within: None, k_induction: None, procedures: None }
    }
}
