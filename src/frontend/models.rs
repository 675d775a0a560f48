//! C-library models linked into a program that calls them (issue 44 §1:
//! `qsort` and `bsearch` with a user's comparator; issue 49 adds the string
//! functions).
//!
//! The models are C (`models/libc.c`), compiled by the program's clang at
//! the run's data model (once per process and data model) and linked into
//! the module *after* the replay's copy of it was taken and before
//! normalization, so that they are inlined like the program's own functions
//! (a comparator passed to `qsort` becomes a call the model makes, resolved
//! as every call through a function pointer is) while every replay runs the
//! real C library. Only the functions the program declares without a body
//! and calls are linked; a program that defines its own `qsort` keeps it.
//!
//! Invariant: a model that is *one run of many* (`qsort`'s comparisons and
//! its order of equal elements are the library's choice) never leads to
//! SAFE: the program is marked `safe_blocked` with the reason, so it finds
//! bugs (each replayed on the real library) and proves nothing it could not
//! prove for every run.

use super::{load, DataModel};
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What a model calls for a value the C library chooses (only its range
/// is the model's: strcmp's result has the sign of the bytes' difference):
/// the translation leaves it free, with no warning.
pub const ANY_INT: &str = "__ufo_any_int";

/// The models' source.
const SOURCE: &str = include_str!("models/libc.c");

/// The functions modelled, and whether each model is one run of many.
const MODELS: [(&str, bool); 14] = [
    ("qsort", true),
    ("bsearch", true),
    ("strlen", false),
    ("strnlen", false),
    ("strcmp", false),
    ("strncmp", false),
    ("memcmp", false),
    ("memchr", false),
    ("strchr", false),
    ("strrchr", false),
    ("strcpy", false),
    ("strncpy", false),
    ("strcat", false),
    ("strstr", false),
];

/// What linking did: why SAFE is blocked (a model of one run of many was
/// linked).
#[derive(Debug, Default)]
pub struct Linked {
    pub safe_blocked: Option<String>,
}

/// The functions of `MODELS` that `module` declares without a body and uses.
fn wanted(module: &Module) -> Vec<&'static str> {
    MODELS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| {
            module.get_function(name).is_some_and(|f| {
                f.count_basic_blocks() == 0 && unsafe { !llvm_sys::core::LLVMGetFirstUse(f.as_value_ref()).is_null() }
            })
        })
        .collect()
}

/// The models' bitcode, or why there is none.
type Compiled = Result<Vec<u8>, String>;

/// The models compiled for a data model (bitcode), or why they are not.
fn bitcode(dm: DataModel) -> Compiled {
    static CACHE: OnceLock<Mutex<HashMap<DataModel, Compiled>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    cache.entry(dm).or_insert_with(|| compile(dm)).clone()
}

fn compile(dm: DataModel) -> Compiled {
    let dir = tempfile::tempdir().map_err(|e| format!("no temporary directory: {e}"))?;
    let (src, out) = (dir.path().join("ufo-libc-models.c"), dir.path().join("ufo-libc-models.bc"));
    std::fs::write(&src, SOURCE).map_err(|e| format!("cannot write the models: {e}"))?;
    // (optimized, in SSA form: inlined at a call with a constant element
    // size, the branches of the other sizes fold away)
    let flags: Vec<&str> = load::clang_flags(dm)
        .into_iter()
        .filter(|f| !matches!(*f, "-g" | "-O0" | "-Xclang" | "-disable-O0-optnone"))
        .collect();
    // (`-fno-builtin`: a model's loop stays a loop, not a call to the
    // function it models)
    let output = std::process::Command::new(load::clang())
        .args(flags)
        .args(["-O1", "-fno-builtin"])
        .arg("-o")
        .arg(&out)
        .arg(&src)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", load::clang()))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!("{} cannot compile them: {}", load::clang(), stderr.lines().next().unwrap_or("")));
    }
    std::fs::read(&out).map_err(|e| format!("cannot read the models: {e}"))
}

/// Links the models of the functions `module` calls without a body into it.
pub fn link(module: &Module, dm: DataModel) -> Result<Linked, String> {
    let wanted = wanted(module);
    if wanted.is_empty() {
        return Ok(Linked::default());
    }
    let bitcode = bitcode(dm)?;
    let buf = MemoryBuffer::create_from_memory_range_copy(&bitcode, "ufo-libc-models");
    let models = Module::parse_bitcode_from_buffer(&buf, module.get_context())
        .map_err(|e| format!("the models' bitcode is unreadable here: {}", e.to_string().trim()))?;
    // the program's data layout and target: the models were compiled for the
    // same data model, by the same clang
    models.set_triple(&module.get_triple());
    models.set_data_layout(&module.get_data_layout());
    for f in models.get_functions() {
        let name = f.get_name().to_string_lossy().into_owned();
        let exported = MODELS.iter().any(|(m, _)| *m == name);
        if exported && !wanted.contains(&name.as_str()) {
            for bb in f.get_basic_blocks() {
                // (deleting every block leaves a declaration)
                let _ = unsafe { bb.delete() };
            }
        }
    }
    module.link_in_module(models).map_err(|e| format!("cannot link them: {}", e.to_string().trim()))?;
    let one_run: Vec<&str> = wanted.iter().copied().filter(|w| MODELS.iter().any(|(m, one)| m == w && *one)).collect();
    let safe_blocked = (!one_run.is_empty()).then(|| {
        let names: Vec<String> = one_run.iter().map(|n| format!("'{n}'")).collect();
        format!(
            "the model of {} is one of its runs (the C library's comparisons and order of equal elements are \
             its own): bugs found with it are replayed on the real library, no proof covers its other runs",
            names.join(" and ")
        )
    });
    Ok(Linked { safe_blocked })
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;

    #[test]
    fn only_what_the_program_declares_and_calls_is_linked() {
        let ctx = Context::create();
        let ir = "declare void @qsort(ptr, i64, i64, ptr)\n\
                  declare ptr @bsearch(ptr, ptr, i64, i64, ptr)\n\
                  define i32 @cmp(ptr %a, ptr %b) { ret i32 0 }\n\
                  define i32 @main() {\n  %a = alloca [2 x i32]\n  \
                  call void @qsort(ptr %a, i64 2, i64 4, ptr @cmp)\n  ret i32 0\n}\n";
        let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "p.ll");
        let module = ctx.create_module_from_ir(buf).unwrap();
        let linked = link(&module, DataModel::Lp64).unwrap();
        assert!(module.get_function("qsort").unwrap().count_basic_blocks() > 0, "qsort has the model's body");
        assert_eq!(module.get_function("bsearch").unwrap().count_basic_blocks(), 0, "bsearch is not called");
        assert!(linked.safe_blocked.unwrap().contains("'qsort' is one of its runs"));
        module.verify().unwrap();
    }
}
