//! Undefined behaviour on a counterexample's run (issue 19 §2): a trace that
//! reaches the error is a real run of the compiled program, but when it gets
//! there through undefined behaviour (signed overflow, a shift past the width,
//! division by zero, `INT_MIN / -1`) the user must be told, because another
//! compiler or optimization level may do something else. The replay runs the
//! trace with the C source compiled under `-fsanitize=undefined`
//! (recovering, so the run goes on to the error) and reports the first
//! runtime error UBSan printed: its kind, message and `file:line:col`.
//!
//! Invariant: a sanitized run decides a replay alone only when it reached the
//! error and UBSan reported nothing (a run free of the undefined behaviour
//! UBSan checks; UBSan does not see reads of uninitialized memory); with a
//! finding the plain build decides, and the finding is only added. IR input (`.ll`/`.bc`) without a C source
//! has nothing to instrument and gets no report; a module in memory (the plugin,
//! `ufo cc`) is sanitized from the C file it was compiled from.

use crate::error::SrcLoc;
use crate::ir;

/// The compiler flag of the sanitized build (the report of undefined
/// behaviour on the way to a program's own check).
pub const FLAG: &str = "-fsanitize=undefined";

/// The first undefined behaviour on a run.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct UndefinedBehaviour {
    /// `signed-overflow`, `shift`, `division-by-zero`, `division-overflow`
    /// (`INT_MIN / -1`), `float-cast-overflow` (a float converted to an
    /// integer that cannot hold it), or `other`.
    pub kind: &'static str,
    /// UBSan's message, e.g. "signed integer overflow: 2147483647 + 1 cannot
    /// be represented in type 'int'".
    pub message: String,
    /// Where it happened.
    pub at: SrcLoc,
}

/// The sanitizer flag that reports a fault of the failure kind `kind`
/// (`ir`'s `SIGNED_OVERFLOW`, `SHIFT`, `DIVISION`: UBSan; the memory
/// faults: AddressSanitizer).
pub fn fault_flag(kind: &str) -> &'static str {
    match kind {
        ir::SHIFT => "-fsanitize=shift",
        ir::DIVISION => "-fsanitize=integer-divide-by-zero,signed-integer-overflow",
        ir::SIGNED_OVERFLOW => "-fsanitize=signed-integer-overflow",
        _ => "-fsanitize=address",
    }
}

/// Is a sanitizer finding of kind `found` ([`kind`], [`memory_error`]) the
/// fault of the failure kind `fault`?
pub fn is_fault(fault: &str, found: &str) -> bool {
    match fault {
        ir::DIVISION => matches!(found, "division-by-zero" | "division-overflow"),
        // (LeakSanitizer without roots lists every block still allocated)
        ir::MEMORY_NOT_FREED => found == ir::MEMORY_LEAK,
        _ => fault == found,
    }
}

/// The first error AddressSanitizer reports in `stderr`, as a fault of
/// `ir`'s kinds (`heap-buffer-overflow` and its stack and global twins are
/// `out-of-bounds`, a SEGV on the zero page `null-dereference`, ...), at
/// the first frame of its stack in a source file of the program (one of
/// `files`, by name; not the C library's, not the sanitizer's own).
pub fn memory_error(stderr: &str, files: &[String]) -> Option<UndefinedBehaviour> {
    static ERROR: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)ERROR: (?:AddressSanitizer|LeakSanitizer): (.+)$").expect("a valid regex")
    });
    let c = ERROR.captures(stderr)?;
    let message = c[1].trim().to_string();
    let after = &stderr[c.get(0)?.end()..];
    let kind = if message.starts_with("heap-use-after-free")
        || message.starts_with("stack-use-after-scope")
        || message.starts_with("stack-use-after-return")
    {
        ir::USE_AFTER_FREE
    } else if message.starts_with("attempting double-free") {
        ir::DOUBLE_FREE
    } else if message.starts_with("attempting free on address which was not malloc()-ed")
        || message.starts_with("bad-free")
    {
        ir::INVALID_FREE
    } else if message.starts_with("detected memory leaks") {
        ir::MEMORY_LEAK
    } else if message.contains("buffer-overflow") || message.contains("buffer-underflow") {
        ir::OUT_OF_BOUNDS
    } else if message.starts_with("SEGV") && after.contains("address points to the zero page") {
        ir::NULL_DEREF
    } else {
        "other"
    };
    let at = program_frame(after, files)?;
    Some(UndefinedBehaviour { kind, message, at })
}

/// Where in the program the blocks LeakSanitizer reports leaked in `stderr`
/// were allocated (the first frame of each block's stack in one of `files`).
pub fn leaked_at(stderr: &str, files: &[String]) -> Vec<SrcLoc> {
    stderr.split("leak of ").skip(1).filter_map(|block| program_frame(block, files)).collect()
}

/// The first frame of a sanitizer's stack in `text` that is in a source
/// file of the program, one of `files` by name (not the C library's, whose
/// debug information names its own `.c` files, not the sanitizer's own):
/// its file, line and column (0 if not printed).
fn program_frame(text: &str, files: &[String]) -> Option<SrcLoc> {
    static FRAME: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^\s*#\d+ 0x[0-9a-f]+ in \S+ (/?[^\s:]+\.[ci]):(\d+)(?::(\d+))?").expect("a valid regex")
    });
    let name = |f: &str| std::path::Path::new(f).file_name().map(|n| n.to_os_string());
    let ours = |f: &str| files.iter().any(|p| name(p).is_some() && name(p) == name(f));
    let frame = FRAME.captures_iter(text).find(|f| ours(&f[1]))?;
    Some(SrcLoc {
        file: frame[1].to_string(),
        line: frame[2].parse().ok()?,
        col: frame.get(3).and_then(|c| c.as_str().parse().ok()).unwrap_or(0),
    })
}

/// Whether `file` is C source that UBSan can instrument.
pub fn sanitizable(file: &str) -> bool {
    file.ends_with(".c") || file.ends_with(".i")
}

/// The kind of a UBSan message.
fn kind(message: &str) -> &'static str {
    if message.starts_with("signed integer overflow") || message.starts_with("negation of") {
        "signed-overflow"
    } else if message.starts_with("shift exponent") || message.starts_with("left shift of") {
        "shift"
    } else if message.starts_with("division by zero") || message.starts_with("division of zero") {
        "division-by-zero"
    } else if message.starts_with("division of") && message.contains("cannot be represented") {
        "division-overflow"
    } else if message.contains("is outside the range of representable values") {
        "float-cast-overflow"
    } else {
        "other"
    }
}

/// The first runtime error in UBSan's output `stderr`, if any.
pub fn first(stderr: &str) -> Option<UndefinedBehaviour> {
    static REPORT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^(.+?):(\d+):(\d+): runtime error: (.+)$").expect("a valid regex")
    });
    let c = REPORT.captures(stderr)?;
    let message = c[4].trim().to_string();
    Some(UndefinedBehaviour {
        kind: kind(&message),
        at: SrcLoc { file: c[1].to_string(), line: c[2].parse().ok()?, col: c[3].parse().ok()? },
        message,
    })
}

impl std::fmt::Display for UndefinedBehaviour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at {}", self.message, self.at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_runtime_error_is_read_with_its_kind_and_position() {
        let err =
            "prog.c:12:9: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n\
                   SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior prog.c:12:9\n\
                   prog.c:14:3: runtime error: division by zero\n";
        let ub = first(err).unwrap();
        assert_eq!(ub.kind, "signed-overflow");
        assert_eq!((ub.at.file.as_str(), ub.at.line, ub.at.col), ("prog.c", 12, 9));
        assert!(ub.message.ends_with("in type 'int'"), "{}", ub.message);
        assert_eq!(first("ufo: more nondet calls than the trace has (x)\n"), None);
        assert_eq!(kind("shift exponent 40 is too large for 32-bit type 'int'"), "shift");
        assert_eq!(kind("division of -2147483648 by -1 cannot be represented in type 'int'"), "division-overflow");
        assert_eq!(kind("division by zero"), "division-by-zero");
    }

    /// A frame counts as the program's only in one of its files: glibc's
    /// debug information names `.c` files of its own, and a line there that
    /// happens to be the fault's line must not confirm it.
    #[test]
    fn only_frames_in_the_programs_files_count() {
        let err = "==1==ERROR: LeakSanitizer: detected memory leaks\n\n\
                   Direct leak of 1024 byte(s) in 1 object(s) allocated from:\n\
                   \x20   #0 0x55 in malloc /x/compiler-rt/lib/asan/asan_malloc_linux.cpp:68:3\n\
                   \x20   #1 0x7f in _IO_file_doallocate libio/filedoalloc.c:10:7\n\
                   \x20   #2 0x7f in main prog.c:10:11\n\n\
                   Direct leak of 4 byte(s) in 1 object(s) allocated from:\n\
                   \x20   #0 0x55 in malloc /x/compiler-rt/lib/asan/asan_malloc_linux.cpp:68:3\n\
                   \x20   #1 0x7f in _IO_file_doallocate libio/filedoalloc.c:10:7\n";
        let files = ["/tmp/w/prog.c".to_string()];
        let at: Vec<(String, u32)> = leaked_at(err, &files).into_iter().map(|l| (l.file, l.line)).collect();
        assert_eq!(at, [("prog.c".to_string(), 10)]);
        let found = memory_error(err, &files).unwrap();
        assert_eq!((found.kind, found.at.line, found.at.col), (ir::MEMORY_LEAK, 10, 11));
        assert!(memory_error(err, &["other.c".to_string()]).is_none());
    }
}
