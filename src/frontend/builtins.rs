//! The verifier builtins of DESIGN.md "Builtins": which calls are the error,
//! which end a path, which are opaque. One table for normalization and
//! translation alike.
//!
//! The properties decide what the error is ([`Properties`]): by default every
//! check a C program states — a failing `assert()` (`__assert_fail`,
//! `__assert`, `__assert_perror_fail`, `__assert_rtn`), `__builtin_trap`,
//! `reach_error()`, `__VERIFIER_error()`, a failed `__VERIFIER_assert`; under
//! SV-COMP's `unreach-call` only the error functions (and a failed
//! `__VERIFIER_assert`), and a failing `assert()` ends the path as `abort()` does.
//! Under `overflow` (issue 51) the C source is compiled with UBSan's checks
//! as traps (`load::clang_flags`): each `llvm.ubsantrap(kind)` is an error of
//! the kind its argument names ([`ubsan_kind`]).
//!
//! An error call is a call to `reach_error()`/`__VERIFIER_error()`, or the copy
//! of one that an optimizer inlined: SV-COMP's `reach_error` is
//! `__assert_fail("0", file, line, "reach_error")`, and once `clang -O2` has
//! inlined it, only the `__assert_fail` call naming `reach_error` as the failing
//! function is left. An error function with any other body may have been
//! inlined beyond recognition: [`inlined_error_hazard`] says so, and SAFE is then
//! not claimed.

use super::llvm::{self, Value};
use super::Properties;
use crate::ir::{Failure, DIVISION, SHIFT, SIGNED_OVERFLOW};
use llvm_sys::core::*;
use llvm_sys::LLVMOpcode;

/// The C library's functions behind `assert()` (glibc, musl, BSD, macOS).
fn is_assert_function(name: &str) -> bool {
    matches!(name, "__assert_fail" | "__assert_perror_fail" | "__assert" | "__assert_rtn")
}

/// The functions whose call is the error.
pub fn is_error_function(name: &str) -> bool {
    matches!(name, "reach_error" | "__VERIFIER_error")
}

/// Is this the name of a verifier builtin whose body (if any) must be ignored?
pub fn is_opaque_builtin(name: &str) -> bool {
    is_error_function(name) || name == "__VERIFIER_assume" || name.starts_with("__VERIFIER_nondet_")
}

/// Functions whose call ends the path without an error (when it is not an
/// error call under the property: [`error_call`] is asked first).
pub fn ends_path(name: &str) -> bool {
    is_assert_function(name)
        || matches!(name, "abort" | "exit" | "_exit" | "_Exit" | "__builtin_trap")
        || name == super::indirect_calls::INVALID
        || name == super::recursion::BOUND
}

/// Intrinsics that trap: an error under `assertions`, the end of
/// the path otherwise.
pub fn is_trap_intrinsic(name: &str) -> bool {
    matches!(name, "llvm.trap" | "llvm.ubsantrap")
}

/// The failure kind of UBSan's check `handler` (the argument of
/// `llvm.ubsantrap`: clang's `SanitizerHandler` number, the same in clang 14
/// to 19: `AddOverflow` 0, `DivremOverflow` 3, `MulOverflow` 12,
/// `NegateOverflow` 13, `ShiftOutOfBounds` 20, `SubOverflow` 21).
pub fn ubsan_kind(handler: i128) -> Option<&'static str> {
    match handler {
        0 | 12 | 13 | 21 => Some(SIGNED_OVERFLOW),
        3 => Some(DIVISION),
        20 => Some(SHIFT),
        _ => None,
    }
}

/// The check `--property memsafety` puts before an access
/// (`memsafety::instrument`): `__ufo_access(ptr p, i64 bytes)`.
pub const ACCESS: &str = "__ufo_access";
/// The start and end of a local's scope (`llvm.lifetime.*` made opaque by
/// `memsafety::keep_lifetimes`).
pub const LIFETIME_START: &str = "__ufo_lifetime_start";
pub const LIFETIME_END: &str = "__ufo_lifetime_end";

/// If `kind` is the failure of a check the frontend compiled in (a property
/// other than the program's own checks), its name.
pub fn instrumented_kind(kind: &str) -> Option<&'static str> {
    crate::ir::INSTRUMENTED.into_iter().find(|k| *k == kind)
}

/// If the call `inst` to `name` is an error under `property`, the failure it
/// reports (`at`: the call's position).
pub fn error_call(name: &str, inst: Value, property: Properties, at: &crate::error::SrcLoc) -> Option<Failure> {
    let failure = |kind: &str, condition: Option<String>, at: crate::error::SrcLoc| {
        Some(Failure { kind: kind.to_string(), condition, at })
    };
    if name == "llvm.ubsantrap" && property.instrumented() {
        let handler = (llvm::call_arg_count(inst) > 0).then(|| llvm::const_int(llvm::operand(inst, 0))).flatten();
        return match handler.and_then(ubsan_kind) {
            Some(kind) => failure(kind, None, at.clone()),
            None if property.assertions => failure("trap", None, at.clone()),
            None => None,
        };
    }
    if is_error_call(name, inst) {
        let kind = if is_error_function(name) { name } else { "reach_error" };
        return property.reach.then(|| failure(kind, None, at.clone())).flatten();
    }
    if !property.assertions {
        return None;
    }
    if is_trap_intrinsic(name) || name == "__builtin_trap" {
        return failure("trap", None, at.clone());
    }
    if name == super::indirect_calls::INVALID {
        return failure(crate::ir::INVALID_POINTER_CALL, None, at.clone());
    }
    if !is_assert_function(name) {
        return None;
    }
    // The text, file and line assert() passes: __assert_fail(expr, file, line, fn),
    // __assert(expr, file, line), __assert_rtn(fn, file, line, expr),
    // __assert_perror_fail(errnum, file, line, fn).
    let string =
        |i: u32| (llvm::call_arg_count(inst) > i).then(|| llvm::const_c_string(llvm::operand(inst, i))).flatten();
    let int = |i: u32| (llvm::call_arg_count(inst) > i).then(|| llvm::const_int(llvm::operand(inst, i))).flatten();
    let condition = match name {
        "__assert_fail" | "__assert" => string(0),
        "__assert_rtn" => string(3),
        _ => None,
    };
    // The call's debug position is the assert()'s own; without debug info, the
    // file and line assert() passes name it.
    let named = match (string(1), int(2)) {
        (Some(file), Some(line)) if !at.is_known() && line > 0 => {
            crate::error::SrcLoc { file, line: line as u32, col: 0 }
        }
        _ => at.clone(),
    };
    failure("assert", condition, named)
}

/// If the call `inst` is a check (an error call under `property`, or a call of
/// `__VERIFIER_assert`), its kind. Counted before optimization, so that a
/// program whose checks the optimizer proved is not "nothing to check".
pub fn check_kind(name: &str, inst: Value, property: Properties) -> Option<String> {
    if property.memsafety && name == ACCESS {
        return Some(crate::ir::OUT_OF_BOUNDS.to_string());
    }
    if property.memsafety && name == "free" {
        return Some(crate::ir::INVALID_FREE.to_string());
    }
    match error_call(name, inst, property, &crate::error::SrcLoc::default()) {
        Some(f) => Some(f.kind),
        None => (name == "__VERIFIER_assert" && property.reach).then(|| name.to_string()),
    }
}

/// External functions that need no warning: their effect on memory is already
/// over-approximated by fresh loads.
pub fn quiet_external(name: &str) -> bool {
    matches!(name, "malloc" | "calloc" | "realloc" | "free" | "memset" | "memcpy" | "memmove") || is_output(name)
}

/// Does a library loaded in this process (the C library, its math library,
/// those ufo links) define the function `name`? What the JIT replay
/// resolves, and the clang replay's link finds in the C library.
pub fn is_library_function(name: &str) -> bool {
    let Ok(c) = std::ffi::CString::new(name) else { return true };
    // SAFETY: a symbol lookup by a NUL-terminated name; nothing is called.
    !unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) }.is_null()
}

/// The C library's output functions: they write no memory the program
/// model follows, but for a `printf` format's `%n` ([`output_writes`]).
pub fn is_output(name: &str) -> bool {
    matches!(name, "printf" | "fprintf" | "puts" | "fputs" | "putchar" | "fputc" | "putc" | "fwrite")
}

/// Does the call `inst` of the output function `name` write through a
/// pointer argument: a `printf`/`fprintf` whose format has a `%n`
/// conversion, or is not a constant (it may have one)?
pub fn output_writes(name: &str, inst: Value) -> bool {
    let at = match name {
        "printf" => 0,
        "fprintf" => 1,
        _ => return false,
    };
    if llvm::call_arg_count(inst) <= at {
        return false;
    }
    llvm::const_c_string(llvm::operand(inst, at)).is_none_or(|f| has_percent_n(&f))
}

/// Has the `printf` format `f` a `%n` conversion (`%n`, `%hhn`, `%5ln`, ...)?
fn has_percent_n(f: &str) -> bool {
    let mut chars = f.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        // flags, width, precision and length, then the conversion
        let conversion = chars.by_ref().find(|c| !"-+ #0123456789.*'hlLqjzt".contains(*c));
        if conversion == Some('n') {
            return true;
        }
    }
    false
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

#[cfg(test)]
mod tests {
    use super::has_percent_n;

    #[test]
    fn a_format_writes_only_with_a_percent_n_conversion() {
        for f in ["%n", "abc%n\n", "%d%hhn", "%5ln", "%-*lln", "x%%%n"] {
            assert!(has_percent_n(f), "{f}");
        }
        for f in ["", "%d\n", "100%%", "%%n", "%s and n", "%ld %u"] {
            assert!(!has_percent_n(f), "{f}");
        }
    }
}
