//! What the pass does with a module: decide quickly whether there is anything
//! to verify, write the module as bitcode, verify it in a process of its own
//! (`ufo plugin-verify`, under the same watchdog as `ufo verify`), and emit
//! the answer as diagnostics.
//!
//! A process, not a thread: a verifier bug, a stack overflow or Z3 running
//! out of memory must never take the compiler down, and the compiler's own
//! libLLVM has already loaded the system's libz3, which must not meet the Z3
//! release ufo is built with in one process. The `ufo` binary is `$UFO_BIN`,
//! else the one beside this plugin (both are installed in target/release),
//! else `ufo` on PATH.

use crate::emit::{emit, emit_text};
use inkwell::module::Module;
use inkwell::values::BasicValueEnum;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use ufo::frontend::DataModel;
use ufo::pipeline_options::{PipelineOptions, VAR};
use ufo::report::diagnostics::{Diagnostic, Severity};
use ufo::runner::GRACE;

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

/// The directory this plugin was loaded from.
fn plugin_dir() -> Option<PathBuf> {
    // SAFETY: dladdr only reads the loader's tables; `info` is a plain C
    // struct it fills in, and `dli_fname` is a C string owned by the loader.
    unsafe {
        let mut info: libc::Dl_info = std::mem::zeroed();
        if libc::dladdr(plugin_dir as *const libc::c_void, &mut info) == 0 || info.dli_fname.is_null() {
            return None;
        }
        let path = std::ffi::CStr::from_ptr(info.dli_fname).to_str().ok()?;
        std::path::Path::new(path).parent().map(|d| d.to_path_buf())
    }
}

/// The `ufo` binary that verifies (module docs).
fn ufo_binary() -> PathBuf {
    if let Some(b) = std::env::var_os("UFO_BIN") {
        return PathBuf::from(b);
    }
    plugin_dir().map(|d| d.join("ufo")).filter(|p| p.is_file()).unwrap_or_else(|| PathBuf::from("ufo"))
}

/// Runs `ufo plugin-verify` on the module's bitcode; its diagnostics, or why
/// there are none.
fn verify_out_of_process(module: &Module<'_>, timeout: f64) -> Result<Vec<Diagnostic>, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("cannot create a temporary directory: {e}"))?;
    let bc = dir.path().join("module.bc");
    if !module.write_bitcode_to_path(&bc) {
        return Err(format!("cannot write {}", bc.display()));
    }
    let out_path = dir.path().join("diagnostics.json");
    let out = std::fs::File::create(&out_path).map_err(|e| format!("cannot write {}: {e}", out_path.display()))?;
    let ufo = ufo_binary();
    let mut child = Command::new(&ufo)
        .arg("plugin-verify")
        .arg("--name")
        .arg(source_name(module))
        .arg("--data-model")
        .arg(data_model(module).as_str())
        .arg(&bc)
        .stdin(Stdio::null())
        .stdout(out)
        .spawn()
        .map_err(|e| format!("cannot run {}: {e} (set UFO_BIN to the ufo binary)", ufo.display()))?;
    // ufo answers within timeout + GRACE (its runner); this is the limit
    // for a process that does not.
    let limit = Duration::from_secs_f64(timeout + 2.0 * GRACE);
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if started.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("timeout: the verifier did not stop within {} s of the time limit", 2.0 * GRACE));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("cannot wait for {}: {e}", ufo.display())),
        }
    };
    let text = std::fs::read_to_string(&out_path).unwrap_or_default();
    match serde_json::from_str::<Vec<Diagnostic>>(text.trim()) {
        Ok(d) if status.success() => Ok(d),
        _ => Err(format!("internal error in ufo ({status}; please report it with the input file)")),
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
    // (a property whose checks the compiler adds concerns every module)
    if !opts.properties().instrumented() && !mentions_verifier(module) {
        return;
    }
    if module.get_function(&entry).is_none_or(|f| f.count_basic_blocks() == 0) {
        let msg = format!("no function '{entry}' is defined here, nothing to verify (set {VAR}=\"--entry NAME\")");
        emit_text(module, &entry, Severity::Remark, msg);
        return;
    }
    match verify_out_of_process(module, opts.timeout) {
        Ok(diags) => {
            for d in diags {
                emit(module, &entry, &d);
            }
        }
        Err(why) => emit_text(module, &entry, Severity::Warning, format!("UNKNOWN: {why}")),
    }
}
