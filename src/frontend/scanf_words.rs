//! `scanf("%s")` on standard input (issue 49): a call whose constant format
//! has only `%s` conversions (with a width or not, assigned or `%*s`) and
//! white space before them becomes one call per conversion of the helper in
//! `models/libc.c`, before the models are linked and inlined:
//!
//! ```text
//! st = {1, 0, 0, 0}
//! __ufo_scan_word(buf, 15, 1, st)      ; "%15s"
//! r = __ufo_scan_result(st)            ; the call's result (sscanf's)
//! ```
//!
//! The helper reads the bytes with `fgetc(stdin)`, which are the run's
//! standard input (`frontend::inputs`): white space skipped, then the word
//! up to white space, the end of the input or the width, then a NUL. The
//! real `scanf` pushes the byte that ended the word back; the model has read
//! it, and the next read of standard input is a fresh byte, which covers
//! what the real one reads (a trace that needs both may not replay: UNKNOWN,
//! never wrong). Invariant: a format with any other directive (an integer
//! conversion, an ordinary character, white space at its end) stays as it is
//! (`inputs` models integer formats; anything else is havocked, warned).

use super::llvm::{self, build_call, declare};
use super::sscanf;
use inkwell::module::Module;
use llvm_sys::core::*;

/// The model's helper (`models::MODELS` links it).
pub const WORD: &str = "__ufo_scan_word";

/// The C library's names of `scanf`.
const SCANF: [&str; 3] = ["scanf", "__isoc99_scanf", "__isoc23_scanf"];

/// The `%s` conversions of a format: each one's width (0 for none) and
/// whether it assigns, if the format has only those and white space before
/// them.
pub fn parse_words(format: &[u8]) -> Option<Vec<(u32, bool)>> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut trailing_space = false;
    while i < format.len() {
        if format[i].is_ascii_whitespace() {
            trailing_space = true;
            i += 1;
            continue;
        }
        if format[i] != b'%' {
            return None;
        }
        trailing_space = false;
        i += 1;
        let assigns = format.get(i) != Some(&b'*');
        i += usize::from(!assigns);
        let start = i;
        while format.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let width = match &format[start..i] {
            [] => 0,
            digits => std::str::from_utf8(digits).ok()?.parse().ok().filter(|w| *w > 0)?,
        };
        if format.get(i) != Some(&b's') {
            return None;
        }
        i += 1;
        out.push((width, assigns));
    }
    (!out.is_empty() && !trailing_space).then_some(out)
}

/// Rewrites every `scanf` call whose format [`parse_words`] reads (module
/// docs).
pub fn rewrite(module: &Module) {
    for call in llvm::calls_of(module, &SCANF).into_iter().filter(|c| llvm::call_arg_count(*c) > 0) {
        let Some(words) = llvm::const_c_bytes(llvm::operand(call, 0)).and_then(|f| parse_words(&f)) else {
            continue;
        };
        if llvm::call_arg_count(call) != 1 + words.iter().filter(|w| w.1).count() as u32 {
            continue;
        }
        unsafe { rewrite_call(module.as_mut_ptr(), call, &words) };
    }
}

unsafe fn rewrite_call(m: llvm_sys::prelude::LLVMModuleRef, call: llvm::Value, words: &[(u32, bool)]) {
    let ctx = LLVMGetModuleContext(m);
    let i32t = LLVMInt32TypeInContext(ctx);
    let ptr = LLVMTypeOf(llvm::operand(call, 0));
    let init = [1, 0, 0, 0].map(|v| LLVMConstInt(i32t, v, 0));
    let rw = llvm::CallRewrite::new(call, &init, c"scanf.state");
    let (b, st) = (rw.builder, rw.state);
    let word = declare(m, WORD, LLVMVoidTypeInContext(ctx), &[ptr, i32t, i32t, ptr]);
    let result = declare(m, sscanf::RESULT, i32t, &[ptr]);
    let mut target = 1;
    for &(width, assigns) in words {
        let to = if assigns {
            target += 1;
            llvm::operand(call, target - 1)
        } else {
            LLVMConstNull(ptr)
        };
        let args = [to, LLVMConstInt(i32t, u64::from(width), 0), LLVMConstInt(i32t, u64::from(assigns), 0), st];
        build_call(b, word, &args, "");
    }
    let r = build_call(b, result, &[st], "scanf.result");
    rw.finish(r);
}

#[cfg(test)]
mod tests {
    use super::parse_words;

    #[test]
    fn only_formats_of_words_are_read() {
        assert_eq!(parse_words(b"%s"), Some(vec![(0, true)]));
        assert_eq!(parse_words(b" %15s %*s\t%3s"), Some(vec![(15, true), (0, false), (3, true)]));
        for bad in ["", " ", "%s ", "%d", "%s %d", "x%s", "%0s", "%ls", "%[a-z]", "%s\n", "%"] {
            assert_eq!(parse_words(bad.as_bytes()), None, "{bad}");
        }
    }
}
