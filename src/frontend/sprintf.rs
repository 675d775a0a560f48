//! `sprintf` and `snprintf` into a buffer the program holds (issue 49): a
//! call with a constant format ufo parses ([`parse_printf`]: ordinary
//! characters, `%%`, `%d %i %u %x %X %o` with their length modifiers, `%c`,
//! `%s`; no flags, width or precision) becomes one call per piece of the
//! helpers in `models/libc.c`, over the buffer and a state `{capacity,
//! length}`, before the models are linked and inlined:
//!
//! ```text
//! st = {n, 0}                                   ; SIZE_MAX for sprintf
//! __ufo_fmt_char(buf, st, 'x')                  ; "x"
//! __ufo_fmt_int(buf, st, sext v, 10, 1, 0)      ; "%d"
//! __ufo_fmt_str(buf, st, s)                     ; "%s"
//! r = __ufo_fmt_end(buf, st)                    ; NUL, the call's result
//! ```
//!
//! The helpers write what the C library writes: every character while
//! fewer than `capacity - 1` were, then the NUL (none when the capacity is
//! 0); the result is the length of the whole text. The replay runs the real
//! C library. Invariant: a call whose format is not constant, not parsed,
//! or whose arguments do not match its conversions stays as it is (an
//! unknown function: what it writes is havocked, and a warning names it).

use super::llvm::{self, build_call, declare};
use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::LLVMTypeKind;

/// The models' helpers (`models/libc.c`; `models::MODELS` links them).
pub const CHAR: &str = "__ufo_fmt_char";
pub const INT: &str = "__ufo_fmt_int";
pub const STR: &str = "__ufo_fmt_str";
pub const END: &str = "__ufo_fmt_end";

/// A piece of a `printf` format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// An ordinary character (or `%%`).
    Literal(u8),
    /// An integer conversion of an argument of `bits` bits in `base`.
    Int { bits: u32, base: u32, signed: bool, upper: bool },
    /// `%c`: the argument as an `unsigned char`.
    Char,
    /// `%s`: the bytes of the argument up to its NUL.
    Str,
}

/// The pieces of the `printf` format `format` (`long_bits` the width of
/// `long`, `size_t` and `ptrdiff_t`), if every conversion is one of the
/// module's, with no flag, width or precision.
pub fn parse_printf(format: &[u8], long_bits: u32) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            out.push(Piece::Literal(format[i]));
            i += 1;
            continue;
        }
        i += 1;
        let (bits, len) = match (format.get(i), format.get(i + 1)) {
            (Some(b'h'), Some(b'h')) => (Some(8), 2),
            (Some(b'h'), _) => (Some(16), 1),
            (Some(b'l'), Some(b'l')) => (Some(64), 2),
            (Some(b'l' | b'z' | b't'), _) => (Some(long_bits), 1),
            (Some(b'j'), _) => (Some(64), 1),
            _ => (None, 0),
        };
        i += len;
        let int = |base, signed, upper| Piece::Int { bits: bits.unwrap_or(32), base, signed, upper };
        out.push(match *format.get(i)? {
            b'%' if len == 0 => Piece::Literal(b'%'),
            b'd' | b'i' => int(10, true, false),
            b'u' => int(10, false, false),
            b'x' => int(16, false, false),
            b'X' => int(16, false, true),
            b'o' => int(8, false, false),
            b'c' if bits.is_none() => Piece::Char,
            b's' if bits.is_none() => Piece::Str,
            _ => return None,
        });
        i += 1;
    }
    Some(out)
}

/// The C library's names of the functions rewritten, and the index of the
/// format argument (the capacity's is 1 where there is one).
const FUNCTIONS: [(&str, u32); 2] = [("sprintf", 1), ("snprintf", 2)];

/// Rewrites every `sprintf`/`snprintf` call with a format ufo parses (module
/// docs). `long_bits` is the width of `long`.
pub fn rewrite(module: &Module, long_bits: u32) {
    for (name, at) in FUNCTIONS {
        for call in llvm::calls_of(module, &[name]) {
            if llvm::call_arg_count(call) <= at {
                continue;
            }
            let Some(pieces) = llvm::const_c_bytes(llvm::operand(call, at)).and_then(|f| parse_printf(&f, long_bits))
            else {
                continue;
            };
            let args: Vec<llvm::Value> = (at + 1..llvm::call_arg_count(call)).map(|k| llvm::operand(call, k)).collect();
            if !matches_arguments(&pieces, &args) {
                continue;
            }
            let capacity = (at == 2).then(|| llvm::operand(call, 1));
            unsafe { rewrite_call(module.as_mut_ptr(), call, capacity, &pieces, &args, long_bits) };
        }
    }
}

/// Does each conversion have an argument of its kind (an integer for `%d`
/// and `%c`, a pointer for `%s`), and every argument a conversion?
fn matches_arguments(pieces: &[Piece], args: &[llvm::Value]) -> bool {
    let convs: Vec<&Piece> = pieces.iter().filter(|p| !matches!(p, Piece::Literal(_))).collect();
    convs.len() == args.len()
        && convs.iter().zip(args).all(|(p, a)| {
            let kind = unsafe { LLVMGetTypeKind(llvm::type_of(*a)) };
            match p {
                Piece::Str => kind == LLVMTypeKind::LLVMPointerTypeKind,
                _ => kind == LLVMTypeKind::LLVMIntegerTypeKind,
            }
        })
}

unsafe fn rewrite_call(
    m: llvm_sys::prelude::LLVMModuleRef,
    call: llvm::Value,
    capacity: Option<llvm::Value>,
    pieces: &[Piece],
    args: &[llvm::Value],
    long_bits: u32,
) {
    let ctx = LLVMGetModuleContext(m);
    let (i32t, i64t) = (LLVMInt32TypeInContext(ctx), LLVMInt64TypeInContext(ctx));
    let size_t = LLVMIntTypeInContext(ctx, long_bits);
    let buf = llvm::operand(call, 0);
    let ptr = LLVMTypeOf(buf);
    let void = LLVMVoidTypeInContext(ctx);
    let cap = match capacity {
        Some(n) => {
            let pre = LLVMCreateBuilderInContext(ctx);
            LLVMPositionBuilderBefore(pre, call);
            let cap = LLVMBuildIntCast2(pre, n, size_t, 0, c"".as_ptr());
            LLVMDisposeBuilder(pre);
            cap
        }
        None => LLVMConstAllOnes(size_t),
    };
    let rw = llvm::CallRewrite::new(call, &[cap, LLVMConstInt(size_t, 0, 0)], c"sprintf.state");
    let (b, st) = (rw.builder, rw.state);
    let char_fn = declare(m, CHAR, void, &[ptr, ptr, i32t]);
    let int = declare(m, INT, void, &[ptr, ptr, i64t, i32t, i32t, i32t]);
    let str_fn = declare(m, STR, void, &[ptr, ptr, ptr]);
    let end = declare(m, END, i32t, &[ptr, ptr]);
    let mut args = args.iter();
    let k32 = |v: u64| LLVMConstInt(i32t, v, 0);
    for p in pieces {
        match *p {
            Piece::Literal(c) => {
                build_call(b, char_fn, &[buf, st, k32(u64::from(c))], "");
            }
            Piece::Char => {
                let Some(&a) = args.next() else { break };
                let c = LLVMBuildIntCast2(b, a, LLVMInt8TypeInContext(ctx), 0, c"".as_ptr());
                build_call(b, char_fn, &[buf, st, LLVMBuildIntCast2(b, c, i32t, 0, c"".as_ptr())], "");
            }
            Piece::Str => {
                let Some(&a) = args.next() else { break };
                build_call(b, str_fn, &[buf, st, a], "");
            }
            Piece::Int { bits, base, signed, upper } => {
                let Some(&a) = args.next() else { break };
                // the argument read at the conversion's width, then widened
                let v = LLVMBuildIntCast2(b, a, LLVMIntTypeInContext(ctx, bits), 0, c"".as_ptr());
                let v = LLVMBuildIntCast2(b, v, i64t, i32::from(signed), c"".as_ptr());
                let flags = [k32(u64::from(base)), k32(u64::from(signed)), k32(u64::from(upper))];
                build_call(b, int, &[buf, st, v, flags[0], flags[1], flags[2]], "");
            }
        }
    }
    let r = build_call(b, end, &[buf, st], "sprintf.result");
    rw.finish(r);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_format_is_split_into_characters_and_conversions() {
        let p = parse_printf(b"x=%d,%lu%%%hhX %c%s", 64).expect("parsed");
        assert_eq!(
            p,
            vec![
                Piece::Literal(b'x'),
                Piece::Literal(b'='),
                Piece::Int { bits: 32, base: 10, signed: true, upper: false },
                Piece::Literal(b','),
                Piece::Int { bits: 64, base: 10, signed: false, upper: false },
                Piece::Literal(b'%'),
                Piece::Int { bits: 8, base: 16, signed: false, upper: true },
                Piece::Literal(b' '),
                Piece::Char,
                Piece::Str,
            ]
        );
        assert_eq!(
            parse_printf(b"%ld", 32).expect("parsed")[0],
            Piece::Int { bits: 32, base: 10, signed: true, upper: false }
        );
        for bad in ["%5d", "%-d", "%.3s", "%f", "%p", "%n", "%hhn", "%ls", "%", "%*d", "%+d", "%#x", "%08x"] {
            assert_eq!(parse_printf(bad.as_bytes(), 64), None, "{bad}");
        }
    }
}
