//! Hands one diagnostic to LLVM through the C++ shim `cpp/diagnostics.cc`
//! (LLVM's C API has no way to emit one).

use inkwell::module::Module;
use std::ffi::{c_char, c_int, c_uint, c_void, CString};
use ufo::report::diagnostics::{Diagnostic, Severity};

extern "C" {
    fn ufo_diagnose(
        module: *mut c_void,
        entry: *const c_char,
        severity: c_int,
        file: *const c_char,
        line: c_uint,
        col: c_uint,
        msg: *const c_char,
    );
}

fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', " ")).unwrap_or_default()
}

/// Emits `d` on `module`'s context; `entry` is the verified function (where a
/// remark without a position is attached).
pub fn emit(module: &Module<'_>, entry: &str, d: &Diagnostic) {
    let severity = match d.severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Remark => 2,
        Severity::Note => 3,
    };
    let message = match d.severity {
        Severity::Note => d.message.clone(),
        _ => format!("{}: {}", crate::PASS, d.message),
    };
    let entry = c_string(entry);
    let msg = c_string(&message);
    let file = d.at.as_ref().map(|a| c_string(&a.file));
    let (line, col) = d.at.as_ref().map(|a| (a.line, a.col)).unwrap_or((0, 0));
    // SAFETY: the module is the live module of the running pass; every string
    // outlives the call.
    unsafe {
        ufo_diagnose(
            module.as_mut_ptr().cast(),
            entry.as_ptr(),
            severity,
            file.as_ref().map_or(std::ptr::null(), |f| f.as_ptr()),
            line,
            col,
            msg.as_ptr(),
        )
    }
}

/// Emits a diagnostic without a source position.
pub fn emit_text(module: &Module<'_>, entry: &str, severity: Severity, message: String) {
    emit(module, entry, &Diagnostic { severity, at: None, message });
}
