//! `sscanf` over a string the program holds (issue 49): a call with a
//! constant format ufo parses (`program_inputs::parse_scanf`: whitespace,
//! ordinary characters, `%d %i %u %x %o %c` with their length modifiers and
//! `*`) becomes one call per directive of the helpers in `models/libc.c`,
//! over a cursor and a state, before the models are linked and inlined:
//!
//! ```text
//! cur = str; st = {1, 0, 0, 0}
//! __ufo_scan_space(&cur, st)                                  ; " "
//! __ufo_scan_literal(&cur, ',', st)                           ; ","
//! *a = trunc __ufo_scan_int(&cur, 10, 1, 1, st, sext *a)      ; "%d"
//! r  = __ufo_scan_result(st)                                  ; the call's result
//! ```
//!
//! A conversion that fails (or follows a failed directive) stores back what
//! its target held, so the rewrite changes no memory `sscanf` would not have
//! (it reads each target once). Invariant: a call whose format is not
//! constant, not parsed, or whose pointer arguments do not match its
//! conversions stays as it is (an unknown function: havocked, warned).

use super::llvm::{self, build_call, declare};
use crate::program_inputs::{assigned, parse_scanf, Conversion, Directive};
use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The models' helpers (`models/libc.c`), one per kind of directive, and
/// the result's (`models::MODELS` links them).
pub const SPACE: &str = "__ufo_scan_space";
pub const LITERAL: &str = "__ufo_scan_literal";
pub const INT: &str = "__ufo_scan_int";
pub const CHAR: &str = "__ufo_scan_char";
pub const RESULT: &str = "__ufo_scan_result";

/// The C library's names of `sscanf`.
const SSCANF: [&str; 3] = ["sscanf", "__isoc99_sscanf", "__isoc23_sscanf"];

/// Rewrites every `sscanf` call with a format ufo parses (module docs).
/// `long_bits` is the width of `long`.
pub fn rewrite(module: &Module, long_bits: u32) {
    for call in llvm::calls_of(module, &SSCANF).into_iter().filter(|c| llvm::call_arg_count(*c) >= 2) {
        let Some(directives) = llvm::const_c_string(llvm::operand(call, 1)).and_then(|f| parse_scanf(&f, long_bits))
        else {
            continue;
        };
        // (the model parses integers and characters, not floats)
        let floats = directives.iter().any(|d| matches!(d, Directive::Convert { conv: Conversion::Float, .. }));
        if floats || llvm::call_arg_count(call) != 2 + assigned(&directives) as u32 {
            continue;
        }
        unsafe { rewrite_call(module.as_mut_ptr(), call, &directives) };
    }
}

/// The base a conversion reads in, and whether it is signed.
fn base(conv: Conversion) -> (u64, bool) {
    match conv {
        Conversion::Decimal => (10, true),
        Conversion::Integer => (0, true),
        Conversion::Unsigned => (10, false),
        Conversion::Hex => (16, false),
        Conversion::Octal => (8, false),
        Conversion::Char | Conversion::Float => (0, false),
    }
}

unsafe fn rewrite_call(m: LLVMModuleRef, call: llvm::Value, directives: &[Directive]) {
    let ctx = LLVMGetModuleContext(m);
    let (i32t, i64t) = (LLVMInt32TypeInContext(ctx), LLVMInt64TypeInContext(ctx));
    let ptr = LLVMTypeOf(llvm::operand(call, 0));
    let void = LLVMVoidTypeInContext(ctx);
    let init = [1, 0, 0, 0].map(|v| LLVMConstInt(i32t, v, 0));
    let rw = llvm::CallRewrite::new(call, &init, c"sscanf.state");
    let (b, st) = (rw.builder, rw.state);
    // the cursor, in the entry block beside the state
    let entry = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderBefore(entry, st);
    let cur = LLVMBuildAlloca(entry, ptr, c"sscanf.cursor".as_ptr());
    LLVMDisposeBuilder(entry);
    LLVMBuildStore(b, llvm::operand(call, 0), cur);
    let space = declare(m, SPACE, void, &[ptr, ptr]);
    let literal = declare(m, LITERAL, void, &[ptr, i32t, ptr]);
    let int = declare(m, INT, i64t, &[ptr, i32t, i32t, i32t, ptr, i64t]);
    let char_fn = declare(m, CHAR, i32t, &[ptr, i32t, ptr, i32t]);
    let result = declare(m, RESULT, i32t, &[ptr]);
    let mut target = 2;
    for d in directives {
        match *d {
            Directive::Space => {
                build_call(b, space, &[cur, st], "");
            }
            Directive::Literal(c) => {
                build_call(b, literal, &[cur, LLVMConstInt(i32t, u64::from(c), 0), st], "");
            }
            Directive::Convert { conv, bits, assigns } => {
                let ty = LLVMIntTypeInContext(ctx, bits);
                let (to, old) = if assigns {
                    let to = llvm::operand(call, target);
                    target += 1;
                    (Some(to), LLVMBuildLoad2(b, ty, to, c"sscanf.old".as_ptr()))
                } else {
                    (None, LLVMConstInt(ty, 0, 0))
                };
                let flag = LLVMConstInt(i32t, u64::from(assigns), 0);
                let new = if conv == Conversion::Char {
                    let old = LLVMBuildIntCast2(b, old, i32t, 0, c"".as_ptr());
                    build_call(b, char_fn, &[cur, flag, st, old], "sscanf.char")
                } else {
                    let (base, signed) = base(conv);
                    let old = LLVMBuildIntCast2(b, old, i64t, 1, c"".as_ptr());
                    let args =
                        [cur, LLVMConstInt(i32t, base, 0), LLVMConstInt(i32t, u64::from(signed), 0), flag, st, old];
                    build_call(b, int, &args, "sscanf.int")
                };
                if let Some(to) = to {
                    LLVMBuildStore(b, LLVMBuildIntCast2(b, new, ty, 0, c"".as_ptr()), to);
                }
            }
        }
    }
    let r = build_call(b, result, &[st], "sscanf.result");
    rw.finish(r);
}
