//! What `ufo verify` tells its user, in every format of DESIGN.md "Interfaces":
//! the [`Report`] (its serde form *is* the documented JSON schema,
//! `docs/report.schema.json`), the text report ([`text`]), SV-COMP witnesses
//! ([`witness`]: YAML 2.0 and GraphML 1.0) and SARIF 2.1.0 ([`sarif`]).

pub mod diagnostics;
pub mod error_json;
pub mod sarif;
pub mod text;
pub mod witness;

use crate::engines::{Stats, Verdict};
use crate::error::SrcLoc;
use crate::explain::{LoopInvariant, PathStep};
use crate::ir::TranslationStats;
use crate::trace::Input;
use serde::Serialize;
use std::collections::BTreeMap;

/// The version of the JSON schema; bumped on incompatible changes.
pub const SCHEMA: &str = "ufo-report/1";

/// The result of `ufo verify`.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub schema: &'static str,
    pub files: Vec<String>,
    pub verdict: Verdict,
    /// Why the answer is UNKNOWN (timeout, rejected certificate, ...).
    pub reason: Option<String>,
    pub options: RunOptions,
    /// The engine's counterexample, with its replay (UNSAFE, or UNKNOWN when
    /// the replay failed).
    pub counterexample: Option<Counterexample>,
    /// The checked certificate (SAFE only).
    pub certificate: Option<CertificateReport>,
    pub stats: Stats,
    /// With `--engine portfolio`: which member answered, and what each did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portfolio: Option<PortfolioReport>,
    /// With `--tests DIR`: the tests written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tests: Option<TestsReport>,
    pub time: Times,
    pub program: ProgramSize,
    pub approximations: Approximations,
    pub warnings: Vec<String>,
    /// The kinds of checks the program has (`assert`, `reach_error`,
    /// `__VERIFIER_assert`, `trap`, ...); none: nothing to check.
    pub checks: Vec<String>,
    pub module: ModuleInfo,
    /// What the verdict cache did (`cache::Use`); absent when it is off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache: Option<crate::cache::Use>,
}

/// The tests `--tests` wrote: one C harness per path the engine explored.
#[derive(Clone, Debug, Serialize)]
pub struct TestsReport {
    pub dir: String,
    /// The files written, in the order the paths were explored.
    pub written: Vec<String>,
    /// Why none were (no path kept, a build that failed).
    pub reason: Option<String>,
}

/// What a portfolio did.
#[derive(Clone, Debug, Serialize)]
pub struct PortfolioReport {
    /// The member whose answer passed the check first.
    pub winner: Option<String>,
    /// Threads it ran on.
    pub jobs: usize,
    /// Every member that ran, in the order they ended.
    pub members: Vec<crate::portfolio::MemberRun>,
}

/// Who wrote the module and who read it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ModuleInfo {
    /// The compiler that wrote the module (its `llvm.ident`).
    pub producer: Option<String>,
    /// That compiler's LLVM version (a clang's version is its LLVM's).
    pub producer_llvm: Option<String>,
    /// The LLVM ufo read the module with.
    pub reader_llvm: String,
    /// The clang ufo compiles C files and replays with.
    pub clang: String,
}

impl ModuleInfo {
    /// The facts for a module whose `llvm.ident` is `producer`.
    pub fn new(producer: Option<String>) -> Self {
        let producer_llvm = producer.as_deref().and_then(|p| {
            let at = p.find("version ")? + "version ".len();
            let v: String = p[at..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            Some(v).filter(|v| !v.is_empty())
        });
        ModuleInfo {
            producer,
            producer_llvm,
            reader_llvm: crate::frontend::llvm_version(),
            clang: crate::frontend::clang(),
        }
    }
}

/// The start of the reason of an UNKNOWN for a program that has no check.
pub const NOTHING_TO_CHECK: &str = "nothing to check";

/// How ufo ran.
#[derive(Clone, Debug, Serialize)]
pub struct RunOptions {
    pub engine: String,
    pub post: String,
    pub opt: String,
    pub int: String,
    pub data_model: String,
    pub entry: String,
    /// What counts as the error: `assertions`, `unreach-call`, a list (`unreach-call,overflow`).
    pub property: String,
    /// SV-COMP's conventions were in force.
    pub svcomp: bool,
    pub timeout: Option<f64>,
    pub bound: Option<usize>,
    /// A SAFE answer's certificate must also pass cvc5 (`--validate`).
    pub validate: bool,
}

/// Seconds spent per phase.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Times {
    pub frontend: f64,
    /// Engine plus the check of its answer.
    pub engine: f64,
    pub total: f64,
}

/// Size of the translated program.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ProgramSize {
    pub locations: usize,
    pub edges: usize,
    pub variables: usize,
    pub sliced_locations: usize,
    pub sliced_edges: usize,
    /// LLVM instructions as read and after ufo's passes (`-O` among them).
    pub ir_instructions: crate::ir::IrSize,
    /// The legacy-C diagnostics that were warnings, not errors, when ufo
    /// compiled the program (`frontend::dialect`), each with its place.
    pub relaxed_diagnostics: Vec<crate::ir::Relaxed>,
}

/// Over-approximations in effect: constructs the translation did not model
/// exactly, and operations the integer semantics encodes as fresh values.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Approximations {
    pub translation: TranslationStats,
    pub operations: BTreeMap<String, usize>,
}

/// How a report introduces a counterexample's undefined behaviour: the
/// sanitizer's own report of the fault when the failure is a check the
/// frontend compiled in (issue 51), undefined behaviour met on the way to
/// the program's own check otherwise.
pub fn ub_title(cex: &Counterexample) -> &'static str {
    match cex.failure.as_ref().and_then(|f| crate::frontend::instrumented_kind(&f.kind)) {
        Some(_) => "the sanitizer reports it on the replay",
        None => "undefined behaviour on the way",
    }
}

/// A counterexample.
#[derive(Clone, Debug, Serialize)]
pub struct Counterexample {
    /// The check that fails at the end of the path.
    pub failure: Option<crate::ir::Failure>,
    /// What the run of the real program is given: arguments, standard input,
    /// the values the harness returns.
    pub run: crate::program_inputs::RunInputs,
    /// The nondet inputs in call order.
    pub inputs: Vec<Input>,
    /// The path as source lines, with the source variables' values.
    pub path: Vec<PathStep>,
    /// The error call's position.
    pub target: SrcLoc,
    /// The source function containing the error call.
    pub target_function: String,
    /// Number of program edges on the path.
    pub edges: usize,
    pub replay: ReplayReport,
    /// The first undefined behaviour on the replayed run (C source compiled
    /// under UBSan), if any: the error is reached through it.
    pub undefined_behaviour: Option<crate::replay::ub::UndefinedBehaviour>,
}

/// The replay of a counterexample on the real program.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayReport {
    pub reached: bool,
    /// Why not, if not.
    pub detail: Option<String>,
}

/// A checked certificate.
#[derive(Clone, Debug, Serialize)]
pub struct CertificateReport {
    /// Invariants at loop heads in source terms.
    pub loop_invariants: Vec<LoopInvariant>,
    /// The whole certificate: the invariant at every location of the (sliced)
    /// program, in SMT-LIB over its SSA variables.
    pub locations: Vec<LocationInvariant>,
    /// The second solver that checked every query of the certificate check
    /// again after Z3 (`--validate`): `cvc5`; `None` without `--validate`.
    pub validated: Option<String>,
    /// The certificate of a complete unrolling instead of invariants
    /// (`answer::Certificate::complete_within`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete_within: Option<usize>,
    /// A k-induction proof's `k` (`answer::Certificate::k_induction`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k_induction: Option<usize>,
    /// The summaries of a proof of a program with procedures
    /// (`answer::ProcedureProof`): `locations` then has every program's
    /// locations, a procedure's as `function: location`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub summaries: Vec<crate::explain::ProcedureSummary>,
}

/// The invariant of one program location.
#[derive(Clone, Debug, Serialize)]
pub struct LocationInvariant {
    pub location: String,
    pub smtlib: String,
}

impl Report {
    /// The exit code of this answer (0 SAFE, 10 UNSAFE, 20 UNKNOWN).
    pub fn exit_code(&self) -> i32 {
        match self.verdict {
            Verdict::Safe => crate::error::EXIT_SAFE,
            Verdict::Unsafe => crate::error::EXIT_UNSAFE,
            Verdict::Unknown => crate::error::EXIT_UNKNOWN,
        }
    }

    /// Was there nothing to check (no assertion, no error call)?
    pub fn nothing_to_check(&self) -> bool {
        self.verdict == Verdict::Unknown
            && self.checks.is_empty()
            && self.reason.as_deref().is_some_and(|r| r.starts_with(NOTHING_TO_CHECK))
    }

    /// What the answer is about: the failure a counterexample ends in, or
    /// what SAFE means for this program's checks.
    pub fn failure_text(&self) -> String {
        match self.counterexample.as_ref().and_then(|c| c.failure.as_ref()) {
            Some(f) => f.describe(),
            None => "reach_error() is reachable".to_string(),
        }
    }

    /// What SAFE means for this program: "no assertion fails", "reach_error() is unreachable".
    pub fn holds_text(&self) -> String {
        crate::ir::holds_text(&self.checks)
    }

    /// The answer in SV-COMP's vocabulary: `true`, `false(P)` with the
    /// property P the counterexample violates (`false(no-overflow)`), or
    /// `unknown`.
    pub fn sv_verdict(&self) -> String {
        match self.verdict {
            Verdict::Safe => "true".into(),
            Verdict::Unsafe => {
                let kind = self.counterexample.as_ref().and_then(|c| c.failure.as_ref()).map(|f| f.kind.as_str());
                format!("false({})", crate::ir::svcomp_property(kind.unwrap_or("reach_error")))
            }
            Verdict::Unknown => "unknown".into(),
        }
    }

    /// The report as one JSON object (with [`Report::sv_verdict`] as `sv_verdict`).
    pub fn to_json(&self) -> String {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        if let Some(o) = v.as_object_mut() {
            o.insert("sv_verdict".into(), self.sv_verdict().into());
        }
        serde_json::to_string_pretty(&v).unwrap_or_default()
    }
}
