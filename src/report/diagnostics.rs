//! A report as compiler diagnostics, for verification inside a build (issue 7):
//! the LLVM pass plugin emits them through LLVM's diagnostic handler, `ufo cc`
//! prints them as clang does (`file:line:col: warning: ...`).
//!
//! - UNSAFE: a warning naming the failure (`assertion `x > 0` fails`,
//!   `reach_error() is reachable`; for a compiled-in check, its kind and the
//!   SV-COMP property it violates) at the failing call or access, then
//!   notes: the inputs at their calls and the path; with `werror`, a last
//!   error that fails the compilation (last, because LLVM's default handler
//!   exits at an error: everything else must be out by then).
//! - SAFE: a remark per loop head with its checked invariant (one remark for
//!   the program if no loop needed one).
//! - UNKNOWN: a warning with the reason; nothing for a unit with no check.

use super::Report;
use crate::engines::Verdict;
use crate::error::SrcLoc;

/// How serious a diagnostic is (LLVM's `DiagnosticSeverity` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Severity {
    Error,
    Warning,
    Remark,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

/// One diagnostic; `at` is `None` where no source position is known. As
/// JSON, it is what `ufo plugin-verify` hands to the pass plugin.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub at: Option<SrcLoc>,
    pub message: String,
}

/// Path steps shown as notes at most; the rest is summarized in one note.
const MAX_PATH_NOTES: usize = 40;

fn known(at: &SrcLoc) -> Option<SrcLoc> {
    at.is_known().then(|| at.clone())
}

fn diag(severity: Severity, at: Option<SrcLoc>, message: String) -> Diagnostic {
    Diagnostic { severity, at, message }
}

/// The diagnostics of a report; with `werror`, a reachable error is an error.
pub fn diagnostics(r: &Report, werror: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    match r.verdict {
        Verdict::Unsafe => {
            let Some(cex) = &r.counterexample else { return out };
            out.push(diag(Severity::Warning, known(&cex.target), warning_text(r)));
            for i in crate::program_inputs::shown(&cex.inputs) {
                out.push(diag(Severity::Note, known(&i.at), format!("input: {}", crate::program_inputs::describe(i))));
            }
            if let Some(run) = cex.run.command_line() {
                out.push(diag(Severity::Note, None, format!("run: {run}")));
            }
            if let Some(ub) = &cex.undefined_behaviour {
                let m = format!("{} ({}): {}", super::ub_title(cex), ub.kind, ub.message);
                out.push(diag(Severity::Note, known(&ub.at), m));
            }
            for st in cex.path.iter().take(MAX_PATH_NOTES) {
                let mut m = format!("path: {}", st.code.as_deref().unwrap_or("").trim());
                if !st.values.is_empty() {
                    let vals: Vec<String> = st.values.iter().map(|v| v.to_string()).collect();
                    m.push_str(&format!("    [{}]", vals.join(", ")));
                }
                out.push(diag(Severity::Note, known(&st.at), m));
            }
            if cex.path.len() > MAX_PATH_NOTES {
                let more = cex.path.len() - MAX_PATH_NOTES;
                out.push(diag(Severity::Note, None, format!("path: {more} more steps (ufo verify prints them all)")));
            }
            if werror {
                let at = known(&cex.target).map(|t| format!(" at {t}")).unwrap_or_default();
                out.push(diag(Severity::Error, None, format!("{}{at} (--werror)", r.failure_text())));
            }
        }
        Verdict::Safe => {
            let invs = r.certificate.as_ref().map(|c| c.loop_invariants.as_slice()).unwrap_or_default();
            for i in invs {
                out.push(diag(
                    Severity::Remark,
                    known(&i.at),
                    format!("{}; loop invariant: {}", r.holds_text(), i.invariant),
                ));
            }
            if invs.is_empty() {
                out.push(diag(Severity::Remark, None, r.holds_text()));
            }
        }
        // A unit without checks has nothing to say in a build.
        Verdict::Unknown if r.nothing_to_check() => {}
        Verdict::Unknown => {
            let why = r.reason.as_deref().unwrap_or("no reason given");
            out.push(diag(Severity::Warning, None, format!("ufo could not decide whether {}: {why}", r.holds_text())));
        }
    }
    out
}

/// The warning of a counterexample: what fails, and for a check the
/// compiler added (issue 51) the property it violates in SV-COMP's words
/// (`... (valid-deref)`, `... (no-overflow)`).
fn warning_text(r: &Report) -> String {
    let kind = r.counterexample.as_ref().and_then(|c| c.failure.as_ref()).map(|f| f.kind.as_str());
    match kind {
        Some(k) if crate::ir::INSTRUMENTED.contains(&k) => {
            format!("{} ({})", r.failure_text(), crate::ir::svcomp_property(k))
        }
        _ => r.failure_text(),
    }
}

/// A diagnostic as clang prints it; `file` stands where no position is known.
pub fn render(d: &Diagnostic, file: &str) -> String {
    let at = d.at.as_ref().map(ToString::to_string).unwrap_or_else(|| file.to_string());
    format!("{at}: {}: {} [ufo]", d.severity.as_str(), d.message)
}
