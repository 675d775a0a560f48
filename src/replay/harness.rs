//! The C harness of a counterexample (DESIGN.md "Answers you can trust"): it
//! defines every `__VERIFIER_nondet_*` the program uses, and the C library
//! functions whose results the trace holds (`rand`, `random`, `time`), to
//! return the trace's values in call order; `reach_error` / `__VERIFIER_error`
//! (and, unless the property is SV-COMP's `unreach-call`, `__assert_fail`) to
//! print a marker and exit with a fixed code; and, when the program reads it,
//! standard input.
//!
//! Two linkings ([`Linking`]): the replay weakens the program's own
//! definitions of those functions in its object files, so the harness's
//! (strong) ones win; the harness a user writes with `--harness` links with
//! the program as it is (`clang bug.c prog.c`), so every function the program
//! defines itself (`reach_error`, `__VERIFIER_assert`, … in most SV-COMP tasks)
//! is weak in it and the program's definition wins; the error is then seen
//! through `__assert_fail`, which the harness always defines.
//!
//! A nondet function returns the type the program declares it with
//! ([`declared_types`]), else the type of SV-COMP's naming convention
//! (`__VERIFIER_nondet_uint` → `unsigned int`), else `long long` (every integer
//! type is read from the low bits of the return register on x86).
//!
//! Invariant: knows nothing of LLVM's API or Z3; text in, text out (the
//! error function's names are the JIT's, `frontend::jit`).

use super::{Entry, Target, REACHED_CODE, REACHED_MARKER};
use crate::program_inputs::RunInputs;
use crate::trace::Trace;
use regex::Regex;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::LazyLock;

/// Who links the harness with the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linking {
    /// The replay: the program's definitions of the harness's functions are
    /// weakened in its objects; the harness's are strong.
    Replay,
    /// A user: `clang harness.c prog.c`; the program's own definitions win.
    User,
}

/// What the harness knows of the program it is linked with.
#[derive(Clone, Debug, Default)]
pub struct Linkage {
    /// The `__VERIFIER_*`/`reach_error`/`__assert_fail` symbols the harness
    /// defines (undefined or defined in the program's objects).
    pub symbols: Vec<String>,
    /// Those of `symbols` the program defines itself.
    pub defined: Vec<String>,
    /// The return type (C) each nondet function is declared with.
    pub return_types: BTreeMap<String, String>,
}

fn c_value(v: i128) -> String {
    if v == i64::MIN as i128 {
        "(-9223372036854775807LL - 1)".into()
    } else {
        format!("{v}LL")
    }
}

/// The C type SV-COMP's naming convention gives `__VERIFIER_nondet_<suffix>`.
pub fn conventional_type(suffix: &str) -> Option<&'static str> {
    Some(match suffix {
        "bool" | "_Bool" => "_Bool",
        "char" => "char",
        "uchar" | "unsigned_char" => "unsigned char",
        "short" => "short",
        "ushort" | "unsigned_short" => "unsigned short",
        "int" => "int",
        "uint" | "unsigned" | "unsigned_int" | "u32" => "unsigned int",
        "long" => "long",
        "ulong" | "unsigned_long" | "size_t" | "sector_t" => "unsigned long",
        "longlong" | "long_long" | "loff_t" => "long long",
        "ulonglong" | "unsigned_long_long" | "u64" => "unsigned long long",
        "u8" => "unsigned char",
        "u16" => "unsigned short",
        "pointer" => "void *",
        "pchar" => "char *",
        "int128" => "__int128",
        "uint128" => "unsigned __int128",
        "float" => "float",
        "double" => "double",
        _ => return None,
    })
}

/// The C type of an LLVM return type of a nondet function's declaration
/// (`.ll` input): `i32` → `int`, `ptr` → `void *`.
fn ir_type(ty: &str) -> Option<&'static str> {
    Some(match ty {
        "i1" => "_Bool",
        "i8" => "signed char",
        "i16" => "short",
        "i32" => "int",
        "i64" => "long long",
        "i128" => "__int128",
        "float" => "float",
        "double" => "double",
        "ptr" | "i8*" => "void *",
        _ => return None,
    })
}

/// Whether `ty` is made of C's built-in type words only (a typedef of the
/// program means nothing in the harness).
fn builtin_type(ty: &str) -> bool {
    const WORDS: [&str; 13] = [
        "_Bool", "char", "short", "int", "long", "signed", "unsigned", "void", "const", "volatile", "__int128",
        "float", "double",
    ];
    let words: Vec<&str> = ty.split(|c: char| c.is_whitespace() || c == '*').filter(|w| !w.is_empty()).collect();
    !words.is_empty()
        && words.iter().all(|w| WORDS.contains(w))
        && words.iter().any(|w| *w != "const" && *w != "volatile")
}

/// The return types the program declares its nondet functions with, from the
/// text of a C file (`extern unsigned int __VERIFIER_nondet_uint(void);`) or
/// of an `.ll` file (`declare i32 @__VERIFIER_nondet_int()`). A type that is
/// not made of C's built-in words (a typedef) is left out.
pub fn declared_types(text: &str, is_ir: bool) -> BTreeMap<String, String> {
    static IR: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?m)^declare\s+((?:[a-z_]+\s+)*)(i\d+|ptr|i8\*|float|double)\s+@(__VERIFIER_nondet_\w+)\(")
            .expect("a valid regex")
    });
    static C: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?m)^[ \t]*(?:extern[ \t]+)?([A-Za-z_][A-Za-z0-9_ \t]*?[ \t\*]+)(__VERIFIER_nondet_\w+)[ \t]*\([ \t]*(?:void)?[ \t]*\)[ \t]*[;{]")
            .expect("a valid regex")
    });
    let mut out = BTreeMap::new();
    if is_ir {
        for c in IR.captures_iter(text) {
            if let Some(ty) = ir_type(&c[2]) {
                let unsigned = c[1].split_whitespace().any(|a| a == "zeroext") && !ty.ends_with('*') && ty != "_Bool";
                let ty =
                    if unsigned { format!("unsigned {}", ty.trim_start_matches("signed ")) } else { ty.to_string() };
                out.insert(c[3].to_string(), ty);
            }
        }
        return out;
    }
    for c in C.captures_iter(text) {
        let ty = c[1].split_whitespace().collect::<Vec<_>>().join(" ").replace(" *", "*").replace('*', " *");
        let ty = ty.trim().to_string();
        if builtin_type(&ty) && ty != "void" {
            out.insert(c[2].to_string(), ty);
        }
    }
    out
}

/// The C type the harness's definition of nondet function `name` returns.
fn return_type(name: &str, linkage: &Linkage) -> String {
    if let Some(t) = linkage.return_types.get(name) {
        return t.clone();
    }
    let suffix = name.trim_start_matches("__VERIFIER_nondet_");
    conventional_type(suffix).unwrap_or("long long").to_string()
}

/// The C library functions whose calls the linker sends to the harness's
/// `__wrap_` definitions (`-Wl,--wrap=`): the sanitizers' own allocator
/// stays the one behind them.
pub fn wrapped(trace: &Trace) -> Vec<String> {
    let wrap = ["malloc", "calloc", "realloc"];
    trace.library_functions().into_iter().filter(|f| wrap.contains(&f.as_str())).collect()
}

/// The C harness's definition of a C library function whose results the
/// trace holds; `None` for a function the harness does not replace.
fn library_definition(f: &str) -> Option<String> {
    Some(match f {
        "rand" => "int rand(void) { return (int)ufo_next(\"rand\"); }".into(),
        "random" => "long random(void) { return (long)ufo_next(\"random\"); }".into(),
        "time" => "long time(long *t) {\n  long v = (long)ufo_next(\"time\");\n  if (t) *t = v;\n  return v;\n}".into(),
        // whether an allocation fails (`--property memsafety`): the program's
        // calls are redirected to these by the linker (`wrapped`)
        "malloc" => "void *__real_malloc(size_t);\nvoid *__wrap_malloc(size_t n) { return ufo_next(\"malloc\") ? 0 : __real_malloc(n); }".into(),
        "calloc" => "void *__real_calloc(size_t, size_t);\nvoid *__wrap_calloc(size_t n, size_t m) { return ufo_next(\"calloc\") ? 0 : __real_calloc(n, m); }".into(),
        "realloc" => "void *__real_realloc(void *, size_t);\nvoid *__wrap_realloc(void *p, size_t n) { return ufo_next(\"realloc\") ? 0 : __real_realloc(p, n); }".into(),
        _ => return None,
    })
}

/// The C harness's definition of a function of the environment
/// (`InputSource::External`): it takes whatever the program passes (an
/// unprototyped declaration) and returns the trace's next value at its
/// result's width.
fn external_definition(f: &str, bits: u32) -> String {
    let ty = match bits {
        1 => "_Bool",
        2..=8 => "signed char",
        9..=16 => "short",
        17..=32 => "int",
        _ => "long long",
    };
    format!("{ty} {f}() {{ return ({ty})ufo_next(\"{f}\"); }}")
}

/// A constructor that makes `bytes` the program's standard input.
fn stdin_definition(bytes: &[u8]) -> String {
    let data: Vec<String> = bytes.iter().map(|b| b.to_string()).collect();
    format!(
        "__attribute__((constructor)) static void ufo_stdin(void) {{\n  \
         static const unsigned char data[] = {{ {} }};\n  FILE *f = tmpfile();\n  if (!f) return;\n  \
         fwrite(data, 1, {}, f);\n  fflush(f);\n  rewind(f);\n  dup2(fileno(f), 0);\n}}",
        if data.is_empty() { "0".into() } else { data.join(", ") },
        bytes.len()
    )
}

/// The harness's definition of one of the program's symbols, `None` for a
/// symbol it leaves to the program and the C library.
fn definition(sym: &str, linkage: &Linkage, target: Target) -> Option<String> {
    Some(match sym {
        "reach_error" | "__VERIFIER_error" => format!("void {sym}(void) {{ ufo_reached(); }}"),
        "__assert_fail" => {
            // An optimizer may have inlined SV-COMP's reach_error(), leaving
            // its __assert_fail(.., "reach_error") (frontend::builtins);
            // unless the property is unreach-call, every failing assert() is the error.
            let any = if target.property.assertions { "1" } else { "0" };
            format!(
                "void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) {{\n  \
                 fprintf(stderr, \"%s:%u: %s: Assertion `%s' failed.\\n\", f, l, fn, a);\n  \
                 if ({any} || ufo_is_error_function(fn)) ufo_reached();\n  \
                 abort();\n}}"
            )
        }
        "__assert_perror_fail" if target.property.assertions => {
            "void __assert_perror_fail(int e, const char *f, unsigned l, const char *fn) { ufo_reached(); }".into()
        }
        "__assert" if target.property.assertions => {
            "void __assert(const char *a, const char *f, int l) { ufo_reached(); }".into()
        }
        "__VERIFIER_assert" => "void __VERIFIER_assert(int c) { if (!c) ufo_reached(); }".into(),
        "__VERIFIER_assume" => "void __VERIFIER_assume(int c) { if (!c) exit(0); }".into(),
        n if n.starts_with("__VERIFIER_nondet_") => {
            let ty = return_type(n, linkage);
            // A float is made from its IEEE-754 bits.
            if let Some(int) = [("float", "unsigned int"), ("double", "unsigned long long")]
                .iter()
                .find_map(|(f, int)| (ty.trim_start_matches("const ") == *f).then_some(int))
            {
                return Some(format!(
                    "{ty} {n}(void) {{\n  {int} b = ({int})ufo_next(\"{n}\");\n  {ty} v;\n  \
                     memcpy(&v, &b, sizeof v);\n  return v;\n}}"
                ));
            }
            // A pointer is made from an integer of its own width.
            let via = if ty.ends_with('*') { "(__INTPTR_TYPE__)" } else { "" };
            format!("{ty} {n}(void) {{ return ({ty}){via}ufo_next(\"{n}\"); }}")
        }
        _ => return None,
    })
}

/// The C harness for a trace, for the program `linkage` describes.
pub fn harness(trace: &Trace, linkage: &Linkage, entry: &Entry, target: Target, linking: Linking) -> String {
    titled(
        trace,
        linkage,
        entry,
        target,
        linking,
        "ufo counterexample harness: link with the program to replay the bug,",
    )
}

/// [`harness`] under another first line (a test's: `replay::write_tests`).
pub fn titled(
    trace: &Trace,
    linkage: &Linkage,
    entry: &Entry,
    target: Target,
    linking: Linking,
    title: &str,
) -> String {
    let run = RunInputs::of(&trace.inputs);
    let mut s = String::new();
    let _ = writeln!(s, "/* {title}");
    let _ = writeln!(s, "   e.g. clang -o program this-file.c the-program.c");
    // (legacy C: the diagnostics ufo relaxes, which clang 16+ makes errors)
    let _ = writeln!(s, "   (C89-style code on clang 16+: add {})", crate::frontend::dialect::replay_flags().join(" "));
    let _ = writeln!(s, "   (a bug the report says reads uninitialized memory: add {})", super::FILLED);
    let command = run.command_line().unwrap_or_else(|| "./program".into());
    let _ = writeln!(s, "   Run the linked program as: {}", command.split(" with standard input").next().unwrap_or(""));
    if run.reads_stdin {
        let _ = writeln!(s, "   Its standard input is {} (set by this harness).", run.stdin_text());
    }
    if entry.name != "main" && linking == Linking::User {
        let _ = writeln!(s, "   It calls {} from its own main: if the program has a main, compile the", entry.name);
        let _ = writeln!(s, "   program first with -Dmain=ufo_program_main -c.");
    }
    let _ = writeln!(s, "*/");
    let _ = writeln!(s, "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n");
    let vals: Vec<String> = run.harness.iter().map(|(_, v)| c_value(*v)).collect();
    let _ = writeln!(
        s,
        "static const long long ufo_values[] = {{ {} }};",
        if vals.is_empty() { "0".into() } else { vals.join(", ") }
    );
    let _ = writeln!(s, "static const int ufo_count = {};\nstatic int ufo_next_index = 0;\n", vals.len());
    let _ = writeln!(s, "static long long ufo_next(const char *f) {{");
    let _ = writeln!(s, "  if (ufo_next_index < ufo_count) return ufo_values[ufo_next_index++];");
    let _ =
        writeln!(s, "  fprintf(stderr, \"ufo: more nondet calls than the trace has (%s)\\n\", f);\n  return 0;\n}}\n");
    let _ = writeln!(s, "static void ufo_reached(void) {{\n  printf(\"{REACHED_MARKER}\\n\");\n  fflush(stdout);\n  exit({REACHED_CODE});\n}}\n");
    // The function name __assert_fail gets: SV-COMP's reach_error() passes
    // "reach_error", or __PRETTY_FUNCTION__ in preprocessed (.i) tasks.
    let names: Vec<String> = crate::frontend::jit::ERROR_FUNCTION_NAMES.iter().map(|n| format!("\"{n}\"")).collect();
    let _ = writeln!(
        s,
        "__attribute__((unused)) static int ufo_is_error_function(const char *fn) {{\n  \
         static const char *const names[] = {{ {} }};\n  \
         for (unsigned i = 0; fn && i < sizeof names / sizeof names[0]; i++)\n    \
         if (!strcmp(fn, names[i])) return 1;\n  return 0;\n}}\n",
        names.join(", ")
    );
    for sym in &linkage.symbols {
        if let Some(d) = definition(sym, linkage, target) {
            let weak = linking == Linking::User && linkage.defined.contains(sym);
            let _ = writeln!(s, "{}{d}", if weak { "__attribute__((weak)) " } else { "" });
        }
    }
    for f in trace.library_functions() {
        if let Some(d) = library_definition(&f) {
            let _ = writeln!(s, "{d}");
        }
    }
    for (f, bits) in trace.external_functions() {
        let _ = writeln!(s, "{}", external_definition(&f, bits));
    }
    if run.reads_stdin {
        let _ = writeln!(s, "{}", stdin_definition(&run.stdin));
    }
    if target.null_call {
        let handler = NULL_CALL_HANDLER.replace("UFO_MARKER", REACHED_MARKER);
        let _ = writeln!(s, "{}", handler.replace("UFO_CODE", &REACHED_CODE.to_string()));
    }
    if entry.name != "main" {
        let args: Vec<String> = entry
            .params
            .iter()
            .map(|b| match b {
                0 => "(void *)0".to_string(),
                b if *b <= 32 => "(int)ufo_next(\"argument\")".to_string(),
                _ => "(long long)ufo_next(\"argument\")".to_string(),
            })
            .collect();
        let name = &entry.name;
        let _ =
            writeln!(s, "\nextern void {name}();\nint main(void) {{\n  {name}({});\n  return 0;\n}}", args.join(", "));
    }
    s
}

/// A call through a null function pointer faults at address 0 (the
/// instruction fetch), or at -8 under UBSan (its function-type check reads
/// before the callee): reported as the error reached; any other fault is the
/// program's own and kills it as before.
const NULL_CALL_HANDLER: &str = "#include <signal.h>
static void ufo_null_call(int sig, siginfo_t *info, void *context) {
  unsigned long a = (unsigned long)info->si_addr;
  (void)context;
  if (a < 16 || a >= (unsigned long)-16) {
    static const char m[] = \"UFO_MARKER\\n\";
    (void)!write(1, m, sizeof m - 1);
    _exit(UFO_CODE);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}
__attribute__((constructor)) static void ufo_catch_null_calls(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = ufo_null_call;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGSEGV, &sa, 0);
}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_return_types_are_read_from_c_and_ir() {
        let c = "extern unsigned int __VERIFIER_nondet_uint(void);\n\
                 extern  char __VERIFIER_nondet_char();\n\
                 extern u32 __VERIFIER_nondet_u32(void);\n\
                 void *__VERIFIER_nondet_pointer(void);\n\
                 int main(void) {\n  return __VERIFIER_nondet_uint();\n}\n\
                 long long __VERIFIER_nondet_ll(void) { return 0; }\n";
        let t = declared_types(c, false);
        assert_eq!(t.get("__VERIFIER_nondet_uint").map(String::as_str), Some("unsigned int"));
        assert_eq!(t.get("__VERIFIER_nondet_char").map(String::as_str), Some("char"));
        assert_eq!(t.get("__VERIFIER_nondet_pointer").map(String::as_str), Some("void *"));
        assert_eq!(t.get("__VERIFIER_nondet_ll").map(String::as_str), Some("long long"));
        // a typedef means nothing in the harness; `return f()` is no declaration
        assert_eq!(t.len(), 4, "{t:?}");
        let ir = "declare i32 @__VERIFIER_nondet_int() #1\ndeclare noundef zeroext i8 @__VERIFIER_nondet_uchar()\n";
        let t = declared_types(ir, true);
        assert_eq!(t.get("__VERIFIER_nondet_int").map(String::as_str), Some("int"));
        assert_eq!(t.get("__VERIFIER_nondet_uchar").map(String::as_str), Some("unsigned char"));
    }

    #[test]
    fn undeclared_nondet_functions_follow_the_naming_convention() {
        let l = Linkage::default();
        assert_eq!(return_type("__VERIFIER_nondet_ushort", &l), "unsigned short");
        assert_eq!(return_type("__VERIFIER_nondet_bool", &l), "_Bool");
        assert_eq!(return_type("__VERIFIER_nondet_whatever", &l), "long long");
    }
}
