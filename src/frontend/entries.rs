//! The functions a program's modules define, as candidate verification
//! entries (`ufo project`, issue 52): every function with a body, and
//! whether the code marks it as a harness with
//! `__attribute__((annotate("ufo_entry")))` (clang records the mark in the
//! module's `llvm.global.annotations`: an array of `{function, string, file,
//! line, args}`; under typed pointers, LLVM 14 and older, the function and
//! the string are behind a `bitcast`/`getelementptr` constant expression).
//!
//! Invariant: only reads the modules; a file that does not load is the
//! error of [`defined_functions`], naming it.

use super::load;
use crate::error::Result;
use crate::frontend::DataModel;
use inkwell::context::Context;
use inkwell::values::AsValueRef;
use llvm_sys::core::*;
use llvm_sys::prelude::LLVMValueRef;

/// The mark a harness carries (`annotate("ufo_entry")`).
pub const ENTRY_MARK: &str = "ufo_entry";

/// A function the program defines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defined {
    pub name: String,
    /// It carries `annotate("ufo_entry")`.
    pub marked: bool,
}

/// The value under any constant-expression casts and address computations.
fn stripped(mut v: LLVMValueRef) -> LLVMValueRef {
    // SAFETY: `v` is a live value of a module this thread owns; a constant
    // expression's operand 0 is its base.
    unsafe {
        while !v.is_null() && !LLVMIsAConstantExpr(v).is_null() && LLVMGetNumOperands(v) > 0 {
            v = LLVMGetOperand(v, 0);
        }
    }
    v
}

/// The text of a global constant string (`@.str = "ufo_entry\0"`).
fn string_of(global: LLVMValueRef) -> Option<String> {
    // SAFETY: as in `stripped`; `LLVMGetAsString` is asked of a constant
    // data sequence only, and `len` bytes are read from it.
    unsafe {
        if global.is_null() || LLVMIsAGlobalVariable(global).is_null() {
            return None;
        }
        let init = LLVMGetInitializer(global);
        if init.is_null() || LLVMIsAConstantDataSequential(init).is_null() || LLVMIsConstantString(init) == 0 {
            return None;
        }
        let mut len = 0usize;
        let p = LLVMGetAsString(init, &mut len);
        let bytes = std::slice::from_raw_parts(p as *const u8, len);
        Some(String::from_utf8_lossy(bytes).trim_end_matches('\0').to_string())
    }
}

/// The names of the functions `llvm.global.annotations` marks with `mark`.
fn marked(module: &inkwell::module::Module, mark: &str) -> Vec<String> {
    let Some(g) = module.get_global("llvm.global.annotations") else { return Vec::new() };
    let mut out = Vec::new();
    // SAFETY: the initializer of `llvm.global.annotations` is an array of
    // structs, each operand read within its operand count.
    unsafe {
        let init = LLVMGetInitializer(g.as_value_ref());
        if init.is_null() {
            return out;
        }
        for i in 0..LLVMGetNumOperands(init).max(0) as u32 {
            let entry = LLVMGetOperand(init, i);
            if entry.is_null() || LLVMGetNumOperands(entry) < 2 {
                continue;
            }
            let f = stripped(LLVMGetOperand(entry, 0));
            let text = string_of(stripped(LLVMGetOperand(entry, 1)));
            if !f.is_null() && !LLVMIsAFunction(f).is_null() && text.as_deref() == Some(mark) {
                let mut len = 0usize;
                let p = LLVMGetValueName2(f, &mut len);
                out.push(String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned());
            }
        }
    }
    out
}

/// The functions the linked modules of `files` define, in module order.
pub fn defined_functions(files: &[String], dm: DataModel) -> Result<Vec<Defined>> {
    let ctx = Context::create();
    let (module, _) = load::load_and_link(&ctx, files, dm, load::CompileC::default())?;
    let marks = marked(&module, ENTRY_MARK);
    Ok(module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .map(|f| {
            let name = f.get_name().to_string_lossy().into_owned();
            Defined { marked: marks.contains(&name), name }
        })
        .collect())
}
