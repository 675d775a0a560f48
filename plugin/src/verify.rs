//! What the pass does with a module: decide quickly whether there is anything
//! to verify, copy the module as bitcode, verify the copy on a thread of its
//! own (large stack, time limit, panics caught: a verifier bug must never take
//! the compiler down), and emit the answer as diagnostics.

use crate::emit::{emit, emit_text};
use inkwell::module::Module;
use inkwell::values::BasicValueEnum;
use std::time::Duration;
use ufo::driver::{self, Bitcode};
use ufo::frontend::{DataModel, OptLevel};
use ufo::pipeline_options::{PipelineOptions, VAR};
use ufo::report::diagnostics::{diagnostics, Severity};

/// Seconds past the time limit after which the pass stops waiting for a
/// verifier thread that did not stop (as `ufo verify`'s watchdog).
const GRACE: f64 = 10.0;

fn is_verifier_name(name: &str) -> bool {
    matches!(
        name,
        "reach_error" | "__VERIFIER_error" | "__assert_fail" | "__assert" | "__assert_perror_fail" | "llvm.trap"
    ) || name.starts_with("__VERIFIER_")
}

/// Does the module mention a check at all: a function `reach_error`,
/// `__VERIFIER_*`, `__assert_fail` (a failing `assert()`) or `llvm.trap`, or the
/// string "reach_error" (an inlined `reach_error`'s `__assert_fail` argument)?
fn mentions_verifier(module: &Module<'_>) -> bool {
    let named = module.get_functions().any(|f| is_verifier_name(&f.get_name().to_string_lossy()));
    named
        || module.get_globals().any(|g| match g.get_initializer() {
            Some(BasicValueEnum::ArrayValue(a)) if a.is_const_string() => a
                .as_const_string()
                .map(|s| s.strip_suffix(b"\0").unwrap_or(s))
                .is_some_and(|s| matches!(s, b"reach_error" | b"__VERIFIER_error")),
            _ => false,
        })
}

fn data_model(module: &Module<'_>) -> DataModel {
    let triple = module.get_triple();
    let t = triple.as_str().to_string_lossy();
    if ["i386", "i486", "i586", "i686"].iter().any(|p| t.starts_with(p)) {
        DataModel::Ilp32
    } else {
        DataModel::Lp64
    }
}

fn source_name(module: &Module<'_>) -> String {
    let s = module.get_source_file_name().to_string_lossy().into_owned();
    if s.is_empty() {
        module.get_name().to_string_lossy().into_owned()
    } else {
        s
    }
}

/// Verifies `module` and reports; never changes it.
pub fn verify_module(module: &Module<'_>) {
    let text = std::env::var(VAR).unwrap_or_default();
    let opts = match PipelineOptions::parse(&text) {
        Ok(o) => o,
        Err(e) => {
            // A bad option must not stop a build, unless it asked for errors.
            let severity = if PipelineOptions::wants_werror(&text) { Severity::Error } else { Severity::Warning };
            emit_text(module, "main", severity, format!("{e}; nothing verified"));
            return;
        }
    };
    let entry = opts.entry.clone();
    if !mentions_verifier(module) {
        return;
    }
    if module.get_function(&entry).is_none_or(|f| f.count_basic_blocks() == 0) {
        let msg = format!("no function '{entry}' is defined here, nothing to verify (set {VAR}=\"--entry NAME\")");
        emit_text(module, &entry, Severity::Remark, msg);
        return;
    }
    let bitcode = Bitcode(module.write_bitcode_to_memory().as_slice().to_vec().into());
    let vo = opts.verify_options(vec![source_name(module)], Some(bitcode), OptLevel::O0, data_model(module));
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::Builder::new().name("ufo-verify".into()).stack_size(1 << 30).spawn(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| driver::verify(&vo)));
        let _ = tx.send(r);
    });
    if let Err(e) = worker {
        emit_text(module, &entry, Severity::Warning, format!("cannot start the verifier thread: {e}"));
        return;
    }
    match rx.recv_timeout(Duration::from_secs_f64(opts.timeout + GRACE)) {
        Ok(Ok(Ok(report))) => {
            for d in diagnostics(&report, opts.werror) {
                emit(module, &entry, &d);
            }
        }
        Ok(Ok(Err(e))) => emit_text(module, &entry, Severity::Warning, format!("UNKNOWN: {e}")),
        Ok(Err(_)) | Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => emit_text(
            module,
            &entry,
            Severity::Warning,
            "UNKNOWN: internal error in ufo (please report it with the input file)".into(),
        ),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => emit_text(
            module,
            &entry,
            Severity::Warning,
            format!("UNKNOWN: timeout: the verifier did not stop within {GRACE} s of the time limit"),
        ),
    }
}
