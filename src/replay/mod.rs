//! Replays a counterexample on the real program (DESIGN.md "Answers you can
//! trust"). First by LLVM's JIT (`frontend::jit`, issue 43 §1): the module
//! the frontend read (clang's `-O0` build of the C files, or the IR as
//! given) runs in a forked child with the harness built into it as IR and
//! the JIT's arithmetic checks naming undefined behaviour on the way; one
//! fork and a JIT compile in place of two clang runs, a link and an exec.
//! Its answer stands when the run reaches the error, ends by itself, or
//! outlives the limit; when the JIT cannot run the module (a function it
//! cannot resolve), or the run dies of a signal (which another build, with
//! another memory layout, may not share), the replay builds the program with
//! clang as follows; so it does for an entry other than `main`, and when the
//! user asked for the harness (`--harness`). A 32-bit module cannot run in
//! this process: LLVM compiles it in a child with the harness in IR, clang
//! links the object and the program runs (`By::Native`; a call through a
//! null pointer, whose fault only the C harness catches, is built by clang).
//!
//! The clang build: the trace's C harness ([`harness`]) is compiled with the clang ufo
//! uses (`frontend::clang`) together with the original source (same data
//! model; the program's own definitions of the error and nondet functions are
//! weakened in its objects, in process by [`symbols`], so the harness's win)
//! and run with the trace's command-line arguments, environment and a time
//! limit. UNSAFE is reported only if the harness's marker is reached. `.bc`/`.ll`
//! input is compiled as it is (no optimization) and linked with the harness the
//! same way, so the replay runs the verified code. C source is built under
//! UBSan ([`ub`]) to name undefined behaviour on the way: for C input that
//! build is the replay when it reaches the error and UBSan reports nothing
//! (the plain build decides otherwise); for IR input, its C source is run
//! under UBSan after the replay reached the error. A sanitized run never
//! turns a replay that does not reach the error into one that does. The harness
//! written for the user (`--harness`) is the same but for linking: it links
//! with the program as it is.
//!
//! A trace that reaches nothing so, and whose path is feasible bit-precisely
//! (`check`), is replayed once more from C source with the program's
//! uninitialized automatic variables filled with `0xAA` bytes
//! ([`replay_filled`], `By::ClangFilled`): ufo's model reads such a variable
//! as any value, a plain run mostly as the zero of a fresh stack, so a bug
//! that needs uninitialized memory to hold something else (SV-COMP's
//! `loop-crafted/simple_array_index_value_1-2`) replays only this way.
//!
//! Architecture invariant: knows nothing of LLVM's API (the JIT is the
//! frontend's) or Z3; runs tools, and reads object files' symbol tables.

pub mod harness;
pub mod symbols;
pub mod ub;

use crate::frontend::{jit, DataModel, Properties};
use crate::program_inputs::RunInputs;
use crate::trace::Trace;
use harness::{Linkage, Linking};
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Exit code of the harness's `reach_error`.
pub const REACHED_CODE: i32 = 77;
/// Marker printed by the harness's `reach_error`.
pub const REACHED_MARKER: &str = "UFO: reach_error() reached";

/// The result of a replay attempt.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Replay {
    /// The real program reached the error with the trace's inputs; with the
    /// first undefined behaviour UBSan (or the JIT's checks) saw on that run,
    /// if any, and how the program was built.
    Reached(Option<ub::UndefinedBehaviour>, By),
    /// It did not; the reason says what happened instead.
    NotReached(String),
    /// Replay was impossible (tools missing, unsupported input).
    Impossible(String),
}

/// How the replayed program was built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum By {
    /// The module the frontend read, compiled by LLVM's JIT (`frontend::jit`).
    Jit,
    /// The module the frontend read, compiled by LLVM in ufo with the
    /// harness in IR and linked by clang (a 32-bit module).
    Native,
    /// The files built by clang and linked with the C harness.
    Clang,
    /// The same, with every automatic variable the program leaves
    /// uninitialized filled with `0xAA` bytes ([`FILLED`]): the bug is
    /// reached through the value of uninitialized memory.
    ClangFilled,
}

/// The flag of the replay build that gives the program's uninitialized
/// automatic variables a value of their own (clang's repeated `0xAA` bytes,
/// a value no run of the plain build is bound to avoid: C leaves an
/// uninitialized variable's value indeterminate, and ufo's model of it is
/// any value).
pub const FILLED: &str = "-ftrivial-auto-var-init=pattern";

impl By {
    /// How the report says it.
    pub fn describe(self) -> &'static str {
        match self {
            By::Jit => "the verified module, compiled by LLVM's JIT, run with the trace's inputs",
            By::Native => "the verified module, compiled by LLVM with the harness in IR and linked by clang, run with the trace's inputs",
            By::Clang => "the program built by clang with the trace's harness, run with its inputs",
            By::ClangFilled => {
                "the program built by clang with its uninitialized local variables filled with 0xAA bytes \
                 (-ftrivial-auto-var-init=pattern: the bug reads uninitialized memory, whose value C leaves \
                 indeterminate), with the trace's harness, run with its inputs"
            }
        }
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
    pub property: Properties,
    /// The trace ends in a trap (`__builtin_trap`): the program dies of SIGILL.
    pub trap: bool,
    /// The trace ends in a call through a null function pointer: the program
    /// faults fetching the instruction at address 0 (or, under UBSan, reading
    /// the 8 bytes before it), which the harness's SIGSEGV handler reports as
    /// the error reached.
    pub null_call: bool,
    /// The trace ends in a failed check the frontend compiled in (issue 51):
    /// reached only when the program built with the matching sanitizer
    /// reports that kind of fault first, at that line ([`replay_fault`]).
    pub fault: Option<Fault>,
}

/// A fault a sanitizer reports: the failure's kind (`frontend::builtins`'s
/// `SIGNED_OVERFLOW`, `SHIFT`, `DIVISION`) and its source line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: &'static str,
    pub line: u32,
}

fn run(cmd: &mut Command) -> Result<std::process::Output, String> {
    cmd.output().map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))
}

fn check(out: std::process::Output, what: &str) -> Result<std::process::Output, String> {
    if out.status.success() {
        Ok(out)
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        // the linker's own line (an undefined or duplicate symbol) says more
        // than clang's "linker command failed"
        let telling = |l: &&str| {
            l.contains("undefined reference")
                || l.contains("multiple definition")
                || (l.contains("error") && !l.contains("linker command failed"))
        };
        let line = err.lines().find(telling).or_else(|| err.lines().find(|l| l.contains("error")));
        Err(format!("{what} failed: {}", line.unwrap_or("").trim()))
    }
}

/// Adds to `linkage` the symbols of the object the harness must provide: every
/// `__VERIFIER_*`/`reach_error`/`__assert*` symbol, and which of them the
/// object defines.
fn harness_symbols(obj: &Path, linkage: &mut Linkage) -> Result<(), String> {
    for seed in ["reach_error", "__VERIFIER_error"] {
        if !linkage.symbols.iter().any(|s| s == seed) {
            linkage.symbols.push(seed.to_string());
        }
    }
    for sym in symbols::read(obj)? {
        let name = sym.name;
        let wanted = name.starts_with("__VERIFIER_")
            || matches!(name.as_str(), "reach_error" | "__assert_fail" | "__assert_perror_fail" | "__assert");
        if !wanted {
            continue;
        }
        if sym.defined && !linkage.defined.contains(&name) {
            linkage.defined.push(name.clone());
        }
        if !linkage.symbols.contains(&name) {
            linkage.symbols.push(name);
        }
    }
    Ok(())
}

/// How a run of the replay ended: its result and what it printed on
/// standard error.
fn execute(cmd: Command, limit: Duration, target: Target) -> (Replay, String) {
    let (r, err, _) = execute_with(cmd, None, limit, target);
    (r, err)
}

/// The same with `stdin` as its standard input (else none), and whether a
/// signal ended it.
fn execute_with(mut cmd: Command, stdin: Option<&[u8]>, limit: Duration, target: Target) -> (Replay, String, bool) {
    let input = match stdin.map(jit::memory_file) {
        None => Stdio::null(),
        Some(Ok(f)) => Stdio::from(f),
        Some(Err(e)) => return (Replay::Impossible(format!("cannot hold standard input: {e}")), String::new(), false),
    };
    let child = cmd.stdin(input).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return (Replay::Impossible(format!("cannot run the replay: {e}")), String::new(), false),
    };
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let (out, err) = child
                    .wait_with_output()
                    .map(|o| {
                        (
                            String::from_utf8_lossy(&o.stdout).into_owned(),
                            String::from_utf8_lossy(&o.stderr).into_owned(),
                        )
                    })
                    .unwrap_or_default();
                let signal = {
                    use std::os::unix::process::ExitStatusExt;
                    status.signal()
                };
                let trapped = target.trap && signal == Some(libc::SIGILL);
                let r = if (status.code() == Some(REACHED_CODE) && out.contains(REACHED_MARKER)) || trapped {
                    Replay::Reached(None, By::Clang)
                } else {
                    Replay::NotReached(format!("the program ended with {status} without reaching the error"))
                };
                return (r, err, signal.is_some());
            }
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                let why = format!("{NOT_WITHIN} {}", seconds(limit));
                return (Replay::NotReached(why), String::new(), false);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return (Replay::Impossible(e.to_string()), String::new(), false),
        }
    }
}

/// Replays `trace` on the program built from `files`. Writes the harness to
/// `harness_out` if given. When the error is reached and the program has C
/// source (`files`, or else `sources`: the C files IR in `files` was compiled
/// from), the first undefined behaviour UBSan (`ub`) reports on the run comes
/// with the answer. For C files the sanitized build comes first and, when it
/// reaches the error without a finding, is the whole replay (two clang runs
/// and one run of the program, where a plain build and a sanitized one took
/// four and two: the check 0.23 -> 0.13 s on locks/test_locks_14-2); with a
/// finding, or without reaching the error, the plain build decides. For IR,
/// the finding comes from a second build of its C sources.
/// The replay of a trace that did not reach the error as the program was
/// built, though its path is feasible as the model reads memory: again with
/// the program's uninitialized automatic variables filled ([`FILLED`]; C
/// source only). A model reads such a variable as any value, a plain run
/// mostly as the zero of a fresh stack. `Some` only when this build reaches
/// the error.
pub fn replay_filled(
    files: &[String],
    dm: DataModel,
    entry: &Entry,
    target: Target,
    trace: &Trace,
    limit: Duration,
) -> Option<Replay> {
    if files.is_empty() || !files.iter().all(|f| ub::sanitizable(f)) || target.fault.is_some() {
        return None;
    }
    let dir = tempfile::tempdir().ok()?;
    let return_types = declared_return_types(files.iter());
    let build = Build { files, dm, entry, target, trace, dir: dir.path(), return_types, sanitizer: FILLED };
    let exe = build.exe(true, None).ok()?;
    match execute(build.command(&exe), limit, target).0 {
        Replay::Reached(..) => Some(Replay::Reached(None, By::ClangFilled)),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
pub fn replay(
    files: &[String],
    sources: &[String],
    executable: Option<&Arc<Vec<u8>>>,
    dm: DataModel,
    entry: &Entry,
    target: Target,
    trace: &Trace,
    harness_out: Option<&Path>,
    limit: Duration,
) -> Replay {
    // The module the frontend read, run by the JIT: the replay unless it
    // cannot decide (the user's harness is written from the clang build's
    // symbols; a 32-bit module needs a 32-bit process; another entry than
    // `main` is called by the C harness).
    let direct = harness_out.is_none() && entry.name == "main" && target.fault.is_none();
    if let Some(m) = executable.filter(|_| direct) {
        let decided = optimized_if_slow(limit, |limit, optimize| match dm {
            DataModel::Lp64 => jit(m, target, trace, limit, optimize),
            DataModel::Ilp32 => native(m, dm, target, trace, limit, optimize),
        });
        if let Some(r) = decided {
            return r;
        }
    }
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => return Replay::Impossible(e.to_string()),
    };
    // The program's declarations of its nondet functions, read once for both builds.
    let return_types = declared_return_types(files.iter().chain(sources));
    let build = Build { files, dm, entry, target, trace, dir: dir.path(), return_types, sanitizer: ub::FLAG };
    if let Some(fault) = target.fault {
        return replay_fault(build, sources, fault, harness_out, limit);
    }
    // C compiled as written: one build under UBSan is the replay and the UB
    // check at once (UBSan reports and goes on, `halt_on_error=0`) when it
    // reaches the error and reports nothing. A run through undefined
    // behaviour (which the sanitized and the plain build may execute
    // differently), or one that does not reach the error under UBSan (a
    // check it cannot recover from, a runtime it cannot link), is decided by
    // the plain build, as the user's harness links it.
    let mut found: Option<String> = None;
    if !files.is_empty() && files.iter().all(|f| ub::sanitizable(f)) {
        if let Ok(exe) = build.exe(true, harness_out) {
            let (r, err) = execute(sanitized(build.command(&exe)), limit, target);
            match (r, ub::first(&err)) {
                (Replay::Reached(..), None) => return Replay::Reached(None, By::Clang),
                _ => found = Some(err),
            }
        }
    }
    let reached = match build.exe(false, harness_out).map(|exe| execute(build.command(&exe), limit, target).0) {
        Ok(r @ Replay::Reached(..)) => r,
        Ok(other) => return other,
        Err(e) => return Replay::Impossible(e),
    };
    if let Some(err) = found {
        // the sanitized run of the same files: its finding, if any
        return Replay::Reached(ub::first(&err), By::Clang);
    }
    let c_files = if files.iter().any(|f| ub::sanitizable(f)) { files } else { sources };
    if !c_files.iter().any(|f| ub::sanitizable(f)) {
        return reached;
    }
    // The sanitized run only adds a finding: an error in it changes nothing.
    let build = Build { files: c_files, ..build };
    match build.exe(true, None) {
        Ok(exe) => Replay::Reached(ub::first(&execute(sanitized(build.command(&exe)), limit, target).1), By::Clang),
        Err(_) => reached,
    }
}

/// The replay of a trace that ends in a failed check the frontend compiled
/// in (issue 51 §3): the C program (`build`'s files, or `sources` when they
/// are IR) is built with the sanitizer of the fault's kind, not as traps but
/// reporting (`ub::fault_flag`), and run with the trace's inputs until its
/// first report; the answer stands only if that report is of the fault's
/// kind at its line (any line where the optimizer left the check none). A
/// plain run cannot show which check failed, so there
/// is no replay without C source.
fn replay_fault(build: Build, sources: &[String], fault: Fault, harness_out: Option<&Path>, limit: Duration) -> Replay {
    let c_files = if build.files.iter().all(|f| ub::sanitizable(f)) { build.files } else { sources };
    if c_files.is_empty() || !c_files.iter().all(|f| ub::sanitizable(f)) {
        return Replay::Impossible(format!(
            "a {} fault is replayed from the C source, which the input lacks",
            fault.kind
        ));
    }
    let build = Build { files: c_files, sanitizer: ub::fault_flag(fault.kind), ..build };
    let exe = match build.exe(true, harness_out) {
        Ok(exe) => exe,
        Err(e) => return Replay::Impossible(e),
    };
    let mut cmd = build.command(&exe);
    cmd.env("UBSAN_OPTIONS", "print_stacktrace=0:halt_on_error=1:report_error_type=1");
    let cleanup = fault.kind == crate::ir::MEMORY_NOT_FREED;
    let leaks = u8::from(fault.kind == crate::ir::MEMORY_LEAK || cleanup);
    cmd.env("ASAN_OPTIONS", format!("detect_leaks={leaks}:halt_on_error=1:detect_stack_use_after_return=1"));
    if cleanup {
        // (`memcleanup`: a block a global, the stack or a register still
        // points to is not freed either: LeakSanitizer with no roots)
        cmd.env("LSAN_OPTIONS", "use_globals=0:use_stacks=0:use_registers=0:use_tls=0");
    }
    let (r, err) = execute(cmd, limit, build.target);
    // (a leak: any of the blocks LeakSanitizer lists, allocated at the fault's line)
    let leak =
        if leaks == 1 { ub::leaked_at(&err, build.files).into_iter().find(|l| l.line == fault.line) } else { None };
    match (ub::first(&err).or_else(|| ub::memory_error(&err, build.files)), leak) {
        // (a check the optimizer merged with another has no line: its kind decides)
        (Some(found), _)
            if ub::is_fault(fault.kind, found.kind) && (found.at.line == fault.line || fault.line == 0) =>
        {
            Replay::Reached(Some(found), By::Clang)
        }
        (Some(found), Some(at)) => Replay::Reached(Some(ub::UndefinedBehaviour { at, ..found }), By::Clang),
        (Some(found), None) => Replay::NotReached(format!(
            "the program's first runtime error is {found}, not a {} fault at line {}",
            fault.kind, fault.line
        )),
        (None, _) => match r {
            Replay::NotReached(why) => Replay::NotReached(format!("{why} (no runtime error reported)")),
            other => Replay::NotReached(format!("no runtime error reported ({other:?})")),
        },
    }
}

/// Writes a test per trace to `dir` (`--tests`): `test-1.c`, `test-2.c`, …,
/// each the harness `--harness` writes for a counterexample (it links with
/// the program as it is, `clang test-1.c prog.c`), its first comment saying
/// the path its inputs take (`tests`: each trace with that text). The program's
/// files are compiled once, for the symbols the harnesses must define.
/// Returns the files written.
pub fn write_tests(
    files: &[String],
    dm: DataModel,
    entry: &Entry,
    target: Target,
    tests: &[(Trace, String)],
    dir: &Path,
) -> Result<Vec<std::path::PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let work = tempfile::tempdir().map_err(|e| e.to_string())?;
    let return_types = declared_return_types(files.iter());
    let none = Trace::default();
    let build = Build { files, dm, entry, target, trace: &none, dir: work.path(), return_types, sanitizer: ub::FLAG };
    let (_, linkage) = build.objects(false)?;
    let mut written = Vec::new();
    for (i, (trace, path)) in tests.iter().enumerate() {
        let out = dir.join(format!("test-{}.c", i + 1));
        let title = format!(
            "ufo test {} of {}: the inputs of this path the engine explored:\n{path}   Link it with the program,",
            i + 1,
            tests.len()
        );
        let h = harness::titled(trace, &linkage, entry, target, Linking::User, &title);
        std::fs::write(&out, h).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        written.push(out);
    }
    Ok(written)
}

/// The C return type of each nondet function the (C or textual IR) files
/// declare.
fn declared_return_types<'a>(files: impl Iterator<Item = &'a String>) -> std::collections::BTreeMap<String, String> {
    let mut types = std::collections::BTreeMap::new();
    for f in files.filter(|f| !f.ends_with(".bc")) {
        if let Ok(text) = std::fs::read_to_string(f) {
            types.extend(harness::declared_types(&text, f.ends_with(".ll")));
        }
    }
    types
}

/// How long a replay by the JIT or a native build runs the module as
/// written before it runs it again optimized (`jit::optimize`): most
/// replays end in milliseconds; one that does not, ran a long loop
/// (loop-acceleration/nested_1-2: 2.7 billion steps, 0.75 s as written),
/// which the optimized module often skips (its trip count computed).
pub const AS_WRITTEN: Duration = Duration::from_millis(100);

/// The start of a replay's answer when the program ran out of its time.
const NOT_WITHIN: &str = "the program did not reach the error within";

/// `d` in seconds for a message: `0.2s`, `10s`.
fn seconds(d: Duration) -> String {
    format!("{}s", (d.as_secs_f64() * 10.0).round() / 10.0)
}

/// `run(limit, optimize)`: as written (its run, not its build, stopped
/// after [`AS_WRITTEN`]), then, if that ran out of time, optimized with the
/// rest of `limit`.
fn optimized_if_slow(limit: Duration, run: impl Fn(Duration, bool) -> Option<Replay>) -> Option<Replay> {
    let t = Instant::now();
    let first = run(limit, false);
    match first {
        Some(Replay::NotReached(why)) if why.starts_with(NOT_WITHIN) && limit > AS_WRITTEN => {
            run(limit.saturating_sub(t.elapsed()), true)
        }
        decided => decided,
    }
}

/// The replay by the JIT (`frontend::jit`) of `module`; `None` when it
/// cannot decide: the JIT cannot run the module, or the run died of a signal
/// (which a build by clang, with another memory layout, may not share).
fn jit(module: &Arc<Vec<u8>>, target: Target, trace: &Trace, limit: Duration, optimize: bool) -> Option<Replay> {
    use crate::child::Ended;
    use std::os::unix::process::ExitStatusExt;
    let run = jit_run(module, target, trace, optimize);
    // (the JIT compiles in the run's time: a first run stopped before the
    // program started is run again, optimized, in the time left)
    let watched = if optimize { limit } else { limit.min(AS_WRITTEN) };
    let ran = watch(jit::start(&run).ok()?, watched);
    match ran.ended {
        Ended::Stopped(()) if !ran.stderr.contains(jit::STARTED) && !optimize => {
            Some(Replay::NotReached(format!("{NOT_WITHIN} {} (not started)", seconds(AS_WRITTEN))))
        }
        // stopped before the program started: the JIT itself did not finish
        Ended::Stopped(()) if !ran.stderr.contains(jit::STARTED) => None,
        Ended::Stopped(()) => Some(Replay::NotReached(format!("{NOT_WITHIN} {}", seconds(watched)))),
        Ended::Exited(None) => None,
        Ended::Exited(Some(status)) => {
            let marked =
                status.code() == Some(REACHED_CODE) && String::from_utf8_lossy(&ran.stdout).contains(REACHED_MARKER);
            if marked || (target.trap && status.signal() == Some(libc::SIGILL)) {
                Some(Replay::Reached(ub::first(&ran.stderr), By::Jit))
            } else if status.signal().is_some()
                || ran.stderr.contains(jit::UNRUNNABLE_PREFIX)
                || ran.stderr.contains("LLVM ERROR:")
            {
                None
            } else {
                Some(Replay::NotReached(format!("the program ended with {status} without reaching the error")))
            }
        }
    }
}

/// The replay by a native build of `module` (a 32-bit one: `frontend::jit`'s
/// `start_build` compiles it with the harness in IR, clang links it): `None`
/// when it cannot decide, as for [`jit`]; a call through a null pointer
/// (whose fault the C harness's handler reports) goes to the clang build.
fn native(
    module: &Arc<Vec<u8>>,
    dm: DataModel,
    target: Target,
    trace: &Trace,
    limit: Duration,
    optimize: bool,
) -> Option<Replay> {
    use crate::child::Ended;
    if target.null_call {
        return None;
    }
    let dir = tempfile::tempdir().ok()?;
    let (obj, sites, exe) = (dir.path().join("program.o"), dir.path().join("sites"), dir.path().join("program"));
    let t = Instant::now();
    let job = jit_run(module, target, trace, optimize);
    let built = watch(jit::start_build(&job, &obj, &sites).ok()?, limit);
    if !matches!(built.ended, Ended::Exited(Some(s)) if s.success()) {
        return None;
    }
    if !link(dm == DataModel::Ilp32, &obj, &exe) {
        return None;
    }
    let mut cmd = Command::new(&exe);
    cmd.args(job.args.iter().map(|a| OsStr::from_bytes(a)));
    for (name, value) in &job.env {
        match value {
            Some(v) => cmd.env(name, v),
            None => cmd.env_remove(name),
        };
    }
    let left = limit.saturating_sub(t.elapsed());
    let (r, err, signalled) =
        execute_with(cmd, job.stdin.as_deref(), if optimize { left } else { left.min(AS_WRITTEN) }, target);
    match r {
        Replay::Reached(..) => {
            let table = std::fs::read_to_string(&sites).unwrap_or_default();
            let report = err.lines().find_map(|l| jit::site_report(&table, l)).unwrap_or_default();
            Some(Replay::Reached(ub::first(&report), By::Native))
        }
        Replay::NotReached(_) if signalled => None,
        Replay::NotReached(why) => Some(Replay::NotReached(why)),
        Replay::Impossible(_) => None,
    }
}

/// The placeholders of the object and the executable in a cached linker command.
const OBJ: &str = "ufo-link-object.o";
const EXE: &str = "ufo-link-executable";

/// Links the object `obj` with the C library into `exe`: with the linker
/// command clang would run (its `-###`, kept in ufo's cache directory per
/// clang and data model: one `ld` where `clang` costs a driver more, ~20 ms),
/// else, or when that fails, with clang itself (and the cache written anew).
/// GNU gold first (`-fuse-ld=gold`, where binutils has it: 5.5 ms a link of
/// the harness against 11.5 ms for `ld.bfd`, a twentieth of the CPU of a
/// small UNSAFE task), else clang's default linker.
fn link(m32: bool, obj: &Path, exe: &Path) -> bool {
    let clang = crate::frontend::clang();
    let cache = link_cache(&clang, m32);
    let saved = cache.as_ref().and_then(|f| std::fs::read_to_string(f).ok());
    if let Some(args) = saved.as_deref().map(|t| t.lines().collect::<Vec<_>>()).filter(|a| a.len() > 1) {
        let fill = |a: &&str| match *a {
            OBJ => obj.as_os_str().to_owned(),
            EXE => exe.as_os_str().to_owned(),
            other => other.into(),
        };
        let args: Vec<std::ffi::OsString> = args.iter().map(fill).collect();
        if run(Command::new(&args[0]).args(&args[1..])).is_ok_and(|o| o.status.success()) {
            return true;
        }
    }
    let arch: &[&str] = if m32 { &["-m32"] } else { &[] };
    for ld in [&["-fuse-ld=gold"][..], &[]] {
        let flags = [arch, ld].concat();
        if run(Command::new(&clang).args(&flags).args(["-w", "-o"]).arg(exe).arg(obj)).is_ok_and(|o| o.status.success())
        {
            if let Some(file) = &cache {
                remember_link(&clang, &flags, obj, exe, file);
            }
            return true;
        }
    }
    false
}

/// Writes the linker command `clang` with `flags` runs to link `obj` into
/// `exe` (its `-###`) to the cache `file`, the two paths as placeholders.
fn remember_link(clang: &str, flags: &[&str], obj: &Path, exe: &Path, file: &Path) {
    let shown = run(Command::new(clang).args(flags).args(["-w", "-###", "-o"]).arg(exe).arg(obj));
    let (o, e) = (obj.to_string_lossy().into_owned(), exe.to_string_lossy().into_owned());
    let line = shown.ok().and_then(|out| {
        let text = String::from_utf8_lossy(&out.stderr).into_owned();
        text.lines().rev().find(|l| l.trim_start().starts_with('"') && l.contains(o.as_str())).map(str::to_string)
    });
    let Some(line) = line else { return };
    let args: Vec<String> = line
        .split("\" \"")
        .map(|a| a.trim().trim_matches('"'))
        .map(|a| {
            if a == o {
                OBJ
            } else if a == e {
                EXE
            } else {
                a
            }
        })
        .map(str::to_string)
        .collect();
    if args.iter().all(|a| !a.contains('\n') && !a.contains('\\')) {
        // written whole, then renamed: a concurrent run reads the old or the new
        let _ = std::fs::create_dir_all(file.parent().unwrap_or(Path::new(".")));
        let part = file.with_extension(format!("{}.part", std::process::id()));
        if std::fs::write(&part, args.join("\n")).is_ok() {
            let _ = std::fs::rename(&part, file);
        }
    }
}

/// Where the linker command of `clang` (for `-m32` or not) is kept: ufo's
/// cache directory (`$XDG_CACHE_HOME/ufo`, else `~/.cache/ufo`), a file named
/// after the clang's path, modification time and the data model.
fn link_cache(clang: &str, m32: bool) -> Option<std::path::PathBuf> {
    use std::hash::{Hash, Hasher};
    let dir = std::env::var_os("XDG_CACHE_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))?
        .join("ufo");
    let path = crate::frontend::which(clang)?;
    let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    // ("gold": the linker tried first since stop 58, so a cache of another is not read)
    (path, modified, m32, "gold").hash(&mut h);
    Some(dir.join(format!("link-{:016x}", h.finish())))
}

/// Watches a child `frontend::jit` started until it ends or outlives `limit`.
fn watch(started: jit::Started, limit: Duration) -> crate::child::Ran<()> {
    let t = Instant::now();
    let none: Option<(std::fs::File, &[u8])> = None;
    let poll = Duration::from_millis(1);
    crate::child::supervise(started.child, none, started.stdout, started.stderr, poll, |_| {
        (t.elapsed() > limit).then_some(())
    })
}

/// The run of `trace` on `module` as `frontend::jit` takes it (`optimize`d or as written).
fn jit_run(module: &Arc<Vec<u8>>, target: Target, trace: &Trace, optimize: bool) -> jit::Run {
    let inputs = RunInputs::of(&trace.inputs);
    jit::Run {
        bitcode: module.clone(),
        values: inputs.harness.iter().map(|(_, v)| *v).collect(),
        args: inputs.args.clone(),
        env: inputs.env.clone(),
        stdin: inputs.reads_stdin.then(|| inputs.stdin.clone()),
        any_assert: target.property.assertions,
        library: trace.library_functions(),
        external: trace.external_functions().into_iter().map(|(f, _)| f).collect(),
        null_call: target.null_call,
        marker: REACHED_MARKER.into(),
        code: REACHED_CODE,
        optimize,
    }
}

/// The run of a UBSan build: every finding reported, none stops it.
fn sanitized(mut cmd: Command) -> Command {
    cmd.env("UBSAN_OPTIONS", "print_stacktrace=0:halt_on_error=0:report_error_type=1");
    cmd
}

/// What the replay of one trace builds from.
struct Build<'a> {
    files: &'a [String],
    dm: DataModel,
    entry: &'a Entry,
    target: Target,
    trace: &'a Trace,
    dir: &'a Path,
    /// The C return type of each nondet function the program declares.
    return_types: std::collections::BTreeMap<String, String>,
    /// The sanitized build's flag (`ub::FLAG`, or a fault's `ub::fault_flag`).
    sanitizer: &'static str,
}

impl Build<'_> {
    /// Compiles the program (C under UBSan if `sanitize`) and links it with
    /// the harness; writes the user's harness to `harness_out` if given.
    fn exe(&self, sanitize: bool, harness_out: Option<&Path>) -> Result<std::path::PathBuf, String> {
        let m32: &[&str] = if self.dm == DataModel::Ilp32 { &["-m32"] } else { &[] };
        let san: &[&str] = if sanitize { &[self.sanitizer] } else { &[] };
        let tag = if sanitize { "u" } else { "p" };
        let (objs, linkage) = self.objects(sanitize)?;
        if let Some(out) = harness_out {
            let h = harness::harness(self.trace, &linkage, self.entry, self.target, Linking::User);
            std::fs::write(out, h).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        }
        let h = harness::harness(self.trace, &linkage, self.entry, self.target, Linking::Replay);
        let hc = self.dir.join(format!("{tag}harness.c"));
        std::fs::write(&hc, &h).map_err(|e| e.to_string())?;
        let exe = self.dir.join(format!("{tag}replay"));
        let wraps = harness::wrapped(self.trace).iter().map(|f| format!("-Wl,--wrap={f}")).collect::<Vec<_>>();
        check(
            run(Command::new(crate::frontend::clang())
                .args(m32)
                .args(san)
                .args(&wraps)
                .args(["-w", "-o"])
                .arg(&exe)
                .arg(&hc)
                .args(&objs))?,
            "linking the harness",
        )?;
        Ok(exe)
    }

    /// The program's object files (C under UBSan if `sanitize`), with the
    /// harness's functions in them weakened, and what the harness must
    /// define for them.
    fn objects(&self, sanitize: bool) -> Result<(Vec<std::path::PathBuf>, Linkage), String> {
        let m32: &[&str] = if self.dm == DataModel::Ilp32 { &["-m32"] } else { &[] };
        let san: &[&str] = if sanitize { &[self.sanitizer] } else { &[] };
        let tag = if sanitize { "u" } else { "p" };
        let mut objs = Vec::new();
        let mut linkage = Linkage { return_types: self.return_types.clone(), ..Linkage::default() };
        for (i, f) in self.files.iter().enumerate() {
            let obj = self.dir.join(format!("{tag}{i}.o"));
            // C is compiled as written; IR (.bc/.ll) is compiled as it is, so the
            // replay runs exactly the code that was verified.
            let mut cmd = Command::new(crate::frontend::clang());
            cmd.args(m32);
            if f.ends_with(".bc") || f.ends_with(".ll") {
                cmd.args(["-c", "-O0", "-w", "-o"]);
            } else {
                cmd.args(san).args(crate::frontend::dialect::replay_flags());
                cmd.args(["-c", "-g", "-O0", "-w", "-fno-builtin", "-o"]);
            }
            check(run(cmd.arg(&obj).arg(f))?, "compiling the program")?;
            harness_symbols(&obj, &mut linkage)?;
            objs.push(obj);
        }
        let mut weak = linkage.symbols.clone();
        if self.entry.name != "main" {
            weak.push("main".into());
        }
        for obj in &objs {
            symbols::weaken_file(obj, &weak)?;
        }
        Ok((objs, linkage))
    }

    /// The run of `exe` with the trace's arguments and environment.
    fn command(&self, exe: &Path) -> Command {
        let mut cmd = Command::new(exe);
        let run = RunInputs::of(&self.trace.inputs);
        cmd.args(run.args.iter().map(|a| OsStr::from_bytes(a)));
        for (name, value) in &run.env {
            match value {
                Some(v) => cmd.env(name, v),
                None => cmd.env_remove(name),
            };
        }
        cmd
    }
}
