//! Replays a counterexample on the real program (DESIGN.md "Answers you can
//! trust"): a generated C harness defines every `__VERIFIER_nondet_*` the
//! program uses, and the C library functions whose results the trace holds
//! (`rand`, `random`, `time`), to return the trace's values in call order, and
//! `reach_error` / `__VERIFIER_error` (and, unless the property is SV-COMP's
//! `unreach-call`, `__assert_fail`) to print a marker and exit with a fixed code.
//! The program runs with the trace's command-line arguments, and the harness
//! makes the trace's standard input the program's (`program_inputs`). The harness
//! is compiled with clang-14 together with the original source (same data
//! model; the program's own definitions of the error functions are weakened so
//! the harness's win) and run with a time limit. UNSAFE is reported only if the
//! marker is reached. `.bc`/`.ll` input is compiled as it is (no optimization) and
//! linked with the harness the same way, so the replay runs the verified code.
//!
//! Architecture invariant: knows nothing of LLVM's API or Z3; runs tools only.

use crate::frontend::{DataModel, Property};
use crate::program_inputs::RunInputs;
use crate::trace::Trace;
use std::fmt::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Exit code of the harness's `reach_error`.
pub const REACHED_CODE: i32 = 77;
/// Marker printed by the harness's `reach_error`.
pub const REACHED_MARKER: &str = "UFO: reach_error() reached";

/// The result of a replay attempt.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Replay {
    /// The real program reached the error with the trace's inputs.
    Reached,
    /// It did not; the reason says what happened instead.
    NotReached(String),
    /// Replay was impossible (tools missing, unsupported input).
    Impossible(String),
}

fn c_value(v: i128) -> String {
    if v == i64::MIN as i128 {
        "(-9223372036854775807LL - 1)".into()
    } else {
        format!("{v}LL")
    }
}

/// The function the replay starts in: `main`, or another entry whose integer
/// parameters (bit widths; 0 for a non-integer, passed as a null pointer) take
/// the first values of the trace.
#[derive(Clone, Debug)]
pub struct Entry {
    pub name: String,
    pub params: Vec<u32>,
}

/// What counts as reaching the error in a replay.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub property: Property,
    /// The trace ends in a trap (`__builtin_trap`): the program dies of SIGILL.
    pub trap: bool,
}

/// The C harness's definition of a C library function whose results the
/// trace holds; `None` for a function the harness does not replace.
fn library_definition(f: &str) -> Option<String> {
    Some(match f {
        "rand" => "int rand(void) { return (int)ufo_next(\"rand\"); }".into(),
        "random" => "long random(void) { return (long)ufo_next(\"random\"); }".into(),
        "time" => "long time(long *t) {\n  long v = (long)ufo_next(\"time\");\n  if (t) *t = v;\n  return v;\n}".into(),
        _ => return None,
    })
}

/// A constructor that makes `bytes` the program's standard input.
fn stdin_definition(bytes: &[u8]) -> String {
    let data: Vec<String> = bytes.iter().map(|b| b.to_string()).collect();
    format!(
        "#include <unistd.h>\n__attribute__((constructor)) static void ufo_stdin(void) {{\n  \
         static const unsigned char data[] = {{ {} }};\n  FILE *f = tmpfile();\n  if (!f) return;\n  \
         fwrite(data, 1, {}, f);\n  fflush(f);\n  rewind(f);\n  dup2(fileno(f), 0);\n}}",
        if data.is_empty() { "0".into() } else { data.join(", ") },
        bytes.len()
    )
}

/// The C harness for a trace. `symbols` are the program's undefined or weakened
/// `__VERIFIER_*`/`reach_error`/`__assert_fail` symbols the harness must define.
pub fn harness(trace: &Trace, symbols: &[String], entry: &Entry, target: Target) -> String {
    let run = RunInputs::of(&trace.inputs);
    let mut s = String::new();
    let _ = writeln!(s, "/* ufo counterexample harness: link with the program to replay the bug.");
    let command = run.command_line().unwrap_or_else(|| "./program".into());
    let _ = writeln!(s, "   Run the linked program as: {}", command.split(" with standard input").next().unwrap_or(""));
    if run.reads_stdin {
        let _ = writeln!(s, "   Its standard input is {} (set by this harness).", run.stdin_text());
    }
    let _ = writeln!(s, "*/");
    let _ = writeln!(s, "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n");
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
    for sym in symbols {
        match sym.as_str() {
            "reach_error" | "__VERIFIER_error" => {
                let _ = writeln!(s, "void {sym}(void) {{ ufo_reached(); }}");
            }
            "__assert_fail" => {
                // An optimizer may have inlined SV-COMP's reach_error(), leaving
                // its __assert_fail(.., "reach_error") (frontend::builtins);
                // unless the property is unreach-call, every failing assert() is the error.
                let any = if target.property == Property::UnreachCall { "0" } else { "1" };
                let _ = writeln!(
                    s,
                    "void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) {{\n  \
                     fprintf(stderr, \"%s:%u: %s: Assertion `%s' failed.\\n\", f, l, fn, a);\n  \
                     if ({any} || (fn && (!strcmp(fn, \"reach_error\") || !strcmp(fn, \"__VERIFIER_error\")))) ufo_reached();\n  \
                     abort();\n}}"
                );
            }
            "__assert_perror_fail" if target.property != Property::UnreachCall => {
                let _ = writeln!(
                    s,
                    "void __assert_perror_fail(int e, const char *f, unsigned l, const char *fn) {{ ufo_reached(); }}"
                );
            }
            "__assert" if target.property != Property::UnreachCall => {
                let _ = writeln!(s, "void __assert(const char *a, const char *f, int l) {{ ufo_reached(); }}");
            }
            "__VERIFIER_assert" => {
                let _ = writeln!(s, "void __VERIFIER_assert(int c) {{ if (!c) ufo_reached(); }}");
            }
            "__VERIFIER_assume" => {
                let _ = writeln!(s, "void __VERIFIER_assume(int c) {{ if (!c) exit(0); }}");
            }
            n if n.starts_with("__VERIFIER_nondet_") => {
                // Returned in the integer return register: every integer and
                // pointer type reads its low bits of a long long on x86.
                let _ = writeln!(s, "long long {n}(void) {{ return ufo_next(\"{n}\"); }}");
            }
            _ => {}
        }
    }
    let mut library: Vec<&str> = trace
        .inputs
        .iter()
        .filter_map(|i| match &i.source {
            crate::ir::InputSource::Library { function } => Some(function.as_str()),
            _ => None,
        })
        .collect();
    library.sort_unstable();
    library.dedup();
    for f in library {
        if let Some(d) = library_definition(f) {
            let _ = writeln!(s, "{d}");
        }
    }
    if run.reads_stdin {
        let _ = writeln!(s, "{}", stdin_definition(&run.stdin));
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

fn tool(name: &str) -> String {
    match name {
        "clang" => crate::frontend::clang(),
        other => format!("{other}-14"),
    }
}

fn run(cmd: &mut Command) -> Result<std::process::Output, String> {
    cmd.output().map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))
}

fn check(out: std::process::Output, what: &str) -> Result<std::process::Output, String> {
    if out.status.success() {
        Ok(out)
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        Err(format!("{what} failed: {}", err.lines().find(|l| l.contains("error")).unwrap_or("").trim()))
    }
}

/// Symbols the harness must provide: every `__VERIFIER_*`/`reach_error` symbol
/// of the object (defined ones are weakened first).
fn harness_symbols(obj: &Path) -> Result<Vec<String>, String> {
    let out = check(run(Command::new(tool("llvm-nm")).arg(obj))?, "llvm-nm")?;
    let mut syms = vec!["reach_error".to_string(), "__VERIFIER_error".to_string()];
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if let Some(name) = line.split_whitespace().last() {
            let wanted = name.starts_with("__VERIFIER_")
                || matches!(name, "reach_error" | "__assert_fail" | "__assert_perror_fail" | "__assert");
            if wanted && !syms.iter().any(|s| s == name) {
                syms.push(name.to_string());
            }
        }
    }
    Ok(syms)
}

fn weaken_flags(syms: &[String]) -> Vec<String> {
    syms.iter().map(|s| format!("--weaken-symbol={s}")).collect()
}

/// Runs an executable with a time limit; `Reached` if it hit the marker (or
/// died of the trap the trace ends in).
fn execute(mut cmd: Command, limit: Duration, target: Target) -> Replay {
    let child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return Replay::Impossible(format!("cannot run the replay: {e}")),
    };
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let out = child
                    .wait_with_output()
                    .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
                    .unwrap_or_default();
                let trapped = {
                    use std::os::unix::process::ExitStatusExt;
                    target.trap && status.signal() == Some(libc::SIGILL)
                };
                return if (status.code() == Some(REACHED_CODE) && out.contains(REACHED_MARKER)) || trapped {
                    Replay::Reached
                } else {
                    Replay::NotReached(format!("the program ended with {status} without reaching the error"))
                };
            }
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Replay::NotReached(format!("the program did not reach the error within {}s", limit.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Replay::Impossible(e.to_string()),
        }
    }
}

/// Replays `trace` on the program built from `files`. Writes the harness to
/// `harness_out` if given.
pub fn replay(
    files: &[String],
    dm: DataModel,
    entry: &Entry,
    target: Target,
    trace: &Trace,
    harness_out: Option<&Path>,
    limit: Duration,
) -> Replay {
    match replay_inner(files, dm, entry, target, trace, harness_out, limit) {
        Ok(r) => r,
        Err(e) => Replay::Impossible(e),
    }
}

fn replay_inner(
    files: &[String],
    dm: DataModel,
    entry: &Entry,
    target: Target,
    trace: &Trace,
    harness_out: Option<&Path>,
    limit: Duration,
) -> Result<Replay, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let m32: &[&str] = if dm == DataModel::Ilp32 { &["-m32"] } else { &[] };
    let mut objs = Vec::new();
    let mut syms = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let obj = dir.path().join(format!("p{i}.o"));
        // C is compiled as written; IR (.bc/.ll) is compiled as it is, so the
        // replay runs exactly the code that was verified.
        let flags: &[&str] = if f.ends_with(".bc") || f.ends_with(".ll") {
            &["-c", "-O0", "-w", "-o"]
        } else {
            &["-c", "-g", "-O0", "-w", "-fno-builtin", "-o"]
        };
        check(run(Command::new(tool("clang")).args(m32).args(flags).arg(&obj).arg(f))?, "compiling the program")?;
        for s in harness_symbols(&obj)? {
            if !syms.contains(&s) {
                syms.push(s);
            }
        }
        objs.push(obj);
    }
    let mut weak = syms.clone();
    if entry.name != "main" {
        weak.push("main".into());
    }
    for obj in &objs {
        check(run(Command::new(tool("llvm-objcopy")).args(weaken_flags(&weak)).arg(obj))?, "llvm-objcopy")?;
    }
    let h = harness(trace, &syms, entry, target);
    if let Some(out) = harness_out {
        std::fs::write(out, &h).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    let hc = dir.path().join("harness.c");
    std::fs::write(&hc, &h).map_err(|e| e.to_string())?;
    let exe = dir.path().join("replay");
    check(
        run(Command::new(tool("clang")).args(m32).args(["-w", "-o"]).arg(&exe).arg(&hc).args(&objs))?,
        "linking the harness",
    )?;
    let mut cmd = Command::new(&exe);
    let run = RunInputs::of(&trace.inputs);
    cmd.args(&run.args);
    for (name, value) in &run.env {
        match value {
            Some(v) => cmd.env(name, v),
            None => cmd.env_remove(name),
        };
    }
    Ok(execute(cmd, limit, target))
}
