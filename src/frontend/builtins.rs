//! The verifier builtins of DESIGN.md "Builtins": which calls are the error,
//! which end a path, which are opaque. One table for normalization and
//! translation alike.
//!
//! An error call is a call to `reach_error()`/`__VERIFIER_error()`, or the copy
//! of one that an optimizer inlined: SV-COMP's `reach_error` is
//! `__assert_fail("0", file, line, "reach_error")`, and once `clang -O2` has
//! inlined it, only the `__assert_fail` call naming `reach_error` as the failing
//! function is left. An error function with any other body may have been
//! inlined beyond recognition: [`inlined_error_hazard`] says so, and SAFE is then
//! not claimed.

use super::llvm::{self, Value};
use llvm_sys::core::*;
use llvm_sys::LLVMOpcode;

/// The functions whose call is the error.
pub fn is_error_function(name: &str) -> bool {
    matches!(name, "reach_error" | "__VERIFIER_error")
}

/// Is this the name of a verifier builtin whose body (if any) must be ignored?
pub fn is_opaque_builtin(name: &str) -> bool {
    is_error_function(name) || name == "__VERIFIER_assume" || name.starts_with("__VERIFIER_nondet_")
}

/// Functions whose call ends the path without an error.
pub fn ends_path(name: &str) -> bool {
    matches!(
        name,
        "abort" | "exit" | "_exit" | "_Exit" | "__assert_fail" | "__assert_perror_fail" | "__assert" | "__builtin_trap"
    )
}

/// External functions that need no warning: their effect on memory is already
/// over-approximated by fresh loads.
pub fn quiet_external(name: &str) -> bool {
    matches!(name, "malloc" | "calloc" | "realloc" | "free" | "memset" | "memcpy" | "memmove" | "printf" | "puts")
}

/// Is the call `inst` (to the function `name`) an error call: a call to an error
/// function, or `__assert_fail(_, _, _, "reach_error")`, the inlined body of
/// SV-COMP's `reach_error`?
pub fn is_error_call(name: &str, inst: Value) -> bool {
    is_error_function(name)
        || (name == "__assert_fail"
            && llvm::call_arg_count(inst) >= 4
            && llvm::const_c_string(llvm::operand(inst, 3)).is_some_and(|f| is_error_function(&f)))
}

/// For an error function `f` with a body that is not `noinline`: the reason an
/// optimizer may have inlined it where [`is_error_call`] cannot see it, unless
/// its body starts with an error call (then every inlined copy does too).
pub fn inlined_error_hazard(f: Value) -> Option<String> {
    let name = llvm::name(f);
    if !is_error_function(&name) || llvm::is_declaration(f) || has_noinline(f) {
        return None;
    }
    let first = llvm::blocks(f)
        .first()
        .and_then(|bb| llvm::instructions(*bb).into_iter().find(|i| !llvm::is_debug_intrinsic(*i)));
    let starts_with_error = first.is_some_and(|i| {
        llvm::opcode(i) == LLVMOpcode::LLVMCall && {
            let callee = llvm::called_value(i);
            llvm::is_function(callee) && is_error_call(&llvm::name(callee), i)
        }
    });
    (!starts_with_error).then(|| {
        format!(
            "{name}() has a body that is not a call to __assert_fail(.., \"{name}\") and may have been inlined by \
             an optimizer beyond recognition, so SAFE cannot be claimed (verify the -O0 code, or declare {name} \
             __attribute__((noinline)))"
        )
    })
}

fn has_noinline(f: Value) -> bool {
    let kind = unsafe { LLVMGetEnumAttributeKindForName(c"noinline".as_ptr(), "noinline".len()) };
    let attr = unsafe { LLVMGetEnumAttributeAtIndex(f, llvm_sys::LLVMAttributeFunctionIndex, kind) };
    !attr.is_null()
}
