//! Runs a counterexample on the module the frontend read, compiled by LLVM's
//! JIT (MCJIT) in a process forked for the run (issue 43 §1: a replay
//! without clang). The module is the one that was verified before ufo's own
//! passes (clang's `-O0` output of the C files, or the `.ll`/`.bc` as given),
//! so the run executes the same code a clang build of it would; a replay
//! costs one fork and a JIT compile (milliseconds) instead of two clang runs,
//! a link and an exec (~100 ms, of which the dynamic loading of clang alone
//! is ~18 ms a run).
//!
//! The harness is built into the module as IR: every `__VERIFIER_nondet_*`
//! returns the run's next value (truncated or sign-extended to its return
//! type, a pointer made from an integer), as do `rand`, `random` and `time`
//! when the trace holds their results; `reach_error`/`__VERIFIER_error`
//! (and, unless the property is `unreach-call`, every failing `assert`)
//! print the replay's marker and exit with its code; `__VERIFIER_assume(0)`
//! exits 0. The program's own definitions of these functions are left
//! unused (every use is replaced), as the clang replay weakens them.
//!
//! Undefined behaviour (`ub` in `replay`): every signed `add`/`sub`/`mul`
//! with `nsw`, every shift and every division is preceded by a check that
//! writes UBSan's report of the operation (`file:line:col: runtime error:
//! signed integer overflow: 2147483647 + 1 cannot be represented in type
//! 'int'`) to standard error when its operands make it undefined; the run
//! goes on. These are the arithmetic checks of `-fsanitize=undefined`; its
//! other checks (alignment, null, bounds, pointer overflow, invalid `bool`)
//! are not made here.
//!
//! A module this process cannot run (a 32-bit one) is built natively
//! instead ([`start_build`]): the child compiles it, with the harness's
//! callbacks defined in IR too (the values a constant array, the marker
//! written with `write`, undefined behaviour reported with `dprintf` as
//! `ufo-ub SITE A B`, which [`site_report`] turns into UBSan's line), into an
//! object file for the module's own target, which clang links; one fork, an
//! in-process code generation and a link in place of two compiles.
//!
//! Invariants: the child runs only its own code, LLVM on a fresh context and
//! the C library (never Z3, nor a lock of Rust's standard library another
//! thread of the parent may hold); it leads a process group of its own and
//! dies with the thread that forked it; it keeps no descriptor of the parent
//! but its three standard ones. A module the JIT cannot run (another target,
//! a function it cannot resolve, a harness function of a type it cannot
//! give) ends the child with [`UNRUNNABLE`] and a line starting with
//! [`UNRUNNABLE_PREFIX`] (or LLVM's "LLVM ERROR:"): the caller then builds
//! the program with clang as before.

use super::llvm::{self, Value};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::ffi::{CStr, CString};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Exit code of a child that could not run the module.
pub const UNRUNNABLE: i32 = 125;
/// The start of its message on standard error.
pub const UNRUNNABLE_PREFIX: &str = "ufo-jit: cannot run the module: ";

/// Written to standard error when the program starts (after the JIT
/// compiled it): a run stopped before it never ran the program.
pub const STARTED: &str = "ufo-jit: the program starts\n";

/// The names `__assert_fail` is given for SV-COMP's error function (its
/// `reach_error()` passes "reach_error", or `__PRETTY_FUNCTION__` in
/// preprocessed tasks).
pub const ERROR_FUNCTION_NAMES: [&str; 6] = [
    "reach_error",
    "void reach_error()",
    "void reach_error(void)",
    "__VERIFIER_error",
    "void __VERIFIER_error()",
    "void __VERIFIER_error(void)",
];

/// One run of a module.
#[derive(Clone, Debug, Default)]
pub struct Run {
    /// The module, as bitcode.
    pub bitcode: std::sync::Arc<Vec<u8>>,
    /// The values the harness functions return, in call order.
    pub values: Vec<i128>,
    /// The command-line arguments after the program's name, as bytes.
    pub args: Vec<Vec<u8>>,
    /// Environment variables set (to the value) or removed (`None`).
    pub env: Vec<(String, Option<String>)>,
    /// Standard input, if the program reads it (else `/dev/null`).
    pub stdin: Option<Vec<u8>>,
    /// Every failing `assert` is the error (else only one in the error function).
    pub any_assert: bool,
    /// The C library functions whose results are the run's values.
    pub library: Vec<String>,
    /// The functions of the environment whose results are the run's values
    /// (`ir::InputSource::External`: defined by the harness alone).
    pub external: Vec<String>,
    /// A fault at (near) address 0 is the error: a call through a null pointer.
    pub null_call: bool,
    /// What reaching the error prints, and the exit code it exits with.
    pub marker: String,
    pub code: i32,
    /// Optimized ([`optimize`]) before it is compiled: a run that did not
    /// end within its first time as written (a loop of 2.7 billion steps).
    pub optimize: bool,
}

/// A started run: the child and the parent's ends of its standard output and error.
pub struct Started {
    pub child: crate::child::Forked,
    pub stdout: std::fs::File,
    pub stderr: std::fs::File,
}

/// Forks the child that runs `run` (module docs).
pub fn start(run: &Run) -> std::io::Result<Started> {
    spawn(run, Job::Run)
}

/// Forks a child that builds `run`'s module, the harness's callbacks defined
/// in IR (no callback into ufo), into the object file `obj` for the module's
/// own target (the native build of a module the JIT cannot run in this
/// process: a 32-bit one), writes the checked operations to `sites` (one a
/// line, by number: see [`site_report`]) and exits 0. Link the object with
/// the C library and run it; a run through undefined behaviour writes
/// `ufo-ub SITE A B` to standard error (the first only).
pub fn start_build(run: &Run, obj: &std::path::Path, sites: &std::path::Path) -> std::io::Result<Started> {
    spawn(run, Job::Build { obj: obj.to_path_buf(), sites: sites.to_path_buf() })
}

/// What a forked child does.
enum Job {
    Run,
    Build { obj: std::path::PathBuf, sites: std::path::PathBuf },
}

fn spawn(run: &Run, job: Job) -> std::io::Result<Started> {
    use std::os::fd::AsRawFd;
    let [[out_r, out_w], [err_r, err_w]] = [crate::child::pipe()?, crate::child::pipe()?];
    // The stdin's bytes go to a memory file made before the fork.
    let input = match &run.stdin {
        Some(bytes) => Some(memory_file(bytes)?),
        None => None,
    };
    // SAFETY: getpid has no preconditions.
    let parent = unsafe { libc::getpid() };
    // SAFETY: the child runs only `child`, which never returns and keeps to
    // the module docs' invariants.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(std::io::Error::last_os_error());
    }
    if pid == 0 {
        let stdin = input.as_ref().map(|f| f.as_raw_fd());
        child(run, &job, parent, stdin, out_w.as_raw_fd(), err_w.as_raw_fd());
    }
    // SAFETY: puts our own child in a group of its own (the child does the same).
    unsafe { libc::setpgid(pid, pid) };
    drop((out_w, err_w, input));
    Ok(Started { child: crate::child::Forked(pid), stdout: out_r.into(), stderr: err_r.into() })
}

/// A file in memory holding `bytes`, read from its start.
pub fn memory_file(bytes: &[u8]) -> std::io::Result<std::fs::File> {
    use std::io::{Seek, Write};
    use std::os::fd::FromRawFd;
    // SAFETY: a plain system call with a valid C string.
    let fd = unsafe { libc::memfd_create(c"ufo-stdin".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: memfd_create just opened it; nothing else owns it.
    let mut f = unsafe { std::fs::File::from_raw_fd(fd) };
    f.write_all(bytes)?;
    f.seek(std::io::SeekFrom::Start(0))?;
    Ok(f)
}

/// What the callbacks of the running module read: set once, in the child.
struct State {
    values: Vec<i128>,
    any_assert: bool,
    marker: String,
    code: i32,
    sites: Vec<Site>,
}

static STATE: OnceLock<State> = OnceLock::new();
static NEXT: AtomicUsize = AtomicUsize::new(0);
static REPORTED: AtomicBool = AtomicBool::new(false);

/// Writes `s` to standard error (no lock of Rust's standard library).
fn say(s: &str) {
    // SAFETY: writes a valid buffer to descriptor 2.
    unsafe { libc::write(2, s.as_ptr().cast(), s.len()) };
}

/// The forked child: never returns.
fn child(run: &Run, job: &Job, parent: libc::pid_t, stdin: Option<i32>, out: i32, err: i32) -> ! {
    // SAFETY: plain system calls on our own process and descriptors.
    unsafe {
        libc::setpgid(0, 0);
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 || libc::getppid() != parent {
            libc::_exit(2);
        }
        let null = c"/dev/null";
        let input = stdin.unwrap_or_else(|| libc::open(null.as_ptr(), libc::O_RDONLY));
        libc::dup2(input, 0);
        libc::dup2(out, 1);
        libc::dup2(err, 2);
        // the program gets the default disposition of every signal, none blocked
        for sig in [libc::SIGSEGV, libc::SIGBUS, libc::SIGILL, libc::SIGFPE, libc::SIGABRT, libc::SIGPIPE] {
            libc::signal(sig, libc::SIG_DFL);
        }
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::pthread_sigmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    }
    crate::child::close_all_but(&[0, 1, 2]);
    let done = match job {
        Job::Run => prepare_and_run(run),
        Job::Build { obj, sites } => prepare_and_build(run, obj, sites),
    };
    let why = match done {
        Ok(never) => match never {},
        Err(why) => why,
    };
    say(&format!("{UNRUNNABLE_PREFIX}{why}\n"));
    // SAFETY: ends the child without the parent's destructors.
    unsafe { libc::_exit(UNRUNNABLE) }
}

enum Never {}

fn prepare_and_run(run: &Run) -> Result<Never, String> {
    use inkwell::targets::{InitializationConfig, Target};
    for (name, value) in &run.env {
        let Ok(n) = CString::new(name.as_str()) else { continue };
        // SAFETY: valid C strings; the child has one thread.
        unsafe {
            match value.as_ref().and_then(|v| CString::new(v.as_str()).ok()) {
                Some(v) => libc::setenv(n.as_ptr(), v.as_ptr(), 1),
                None => libc::unsetenv(n.as_ptr()),
            };
        }
    }
    Target::initialize_native(&InitializationConfig::default())?;
    let ctx = inkwell::context::Context::create();
    let module = read_module(&ctx, run)?;
    let m = module.as_mut_ptr();
    let host = inkwell::targets::TargetMachine::get_default_triple();
    let triple = module.get_triple();
    let arch = |t: &str| t.split('-').next().unwrap_or("").to_string();
    let theirs = triple.as_str().to_string_lossy().into_owned();
    if !theirs.is_empty() && arch(&theirs) != arch(&host.as_str().to_string_lossy()) {
        return Err(format!("it is for {theirs}"));
    }
    let mut h = Harness::new(m);
    let sites = h.instrument();
    h.replace_functions(run)?;
    let main = module.get_function("main").ok_or("it has no main")?;
    let level = if run.optimize {
        let target = Target::from_triple(&host).map_err(|e| e.to_string())?;
        let tm = target
            .create_target_machine(
                &host,
                "",
                "",
                inkwell::OptimizationLevel::Default,
                Default::default(),
                Default::default(),
            )
            .ok_or("no target machine for this host")?;
        optimize(&module, &tm)?;
        inkwell::OptimizationLevel::Default
    } else {
        inkwell::OptimizationLevel::None
    };
    let ee = module.create_jit_execution_engine(level).map_err(|e| e.to_string())?;
    for (name, addr) in h.callbacks() {
        if let Some(f) = module.get_function(name) {
            ee.add_global_mapping(&f, addr);
        }
    }
    let _ = STATE.set(State {
        values: run.values.clone(),
        any_assert: run.any_assert,
        marker: run.marker.clone(),
        code: run.code,
        sites,
    });
    if run.null_call {
        catch_null_calls();
    }
    say(STARTED);
    ee.run_static_constructors();
    let mut argv: Vec<CString> = vec![c"./program".to_owned()];
    argv.extend(run.args.iter().filter_map(|a| CString::new(a.as_slice()).ok()));
    let ptrs: Vec<*const libc::c_char> = argv.iter().map(|a| a.as_ptr()).collect();
    extern "C" {
        static environ: *const *const libc::c_char;
    }
    // SAFETY: `main` is a function of the engine's module; `ptrs` holds
    // its count of C strings (LLVM copies them) and `environ` is the
    // process's null-terminated environment.
    let code = unsafe {
        llvm_sys::execution_engine::LLVMRunFunctionAsMain(
            ee.as_mut_ptr(),
            main.as_value_ref_raw(),
            ptrs.len() as u32,
            ptrs.as_ptr(),
            environ,
        )
    };
    // SAFETY: returning from main is `exit` with its value.
    unsafe { libc::exit(code) }
}

/// The run's module, read into `ctx`.
fn read_module<'c>(ctx: &'c inkwell::context::Context, run: &Run) -> Result<inkwell::module::Module<'c>, String> {
    let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(&run.bitcode, "program");
    inkwell::module::Module::parse_bitcode_from_buffer(&buf, ctx).map_err(|e| e.to_string())
}

/// Optimizes the instrumented `module` as `clang -O2` would, except that no
/// loop may be assumed to end: C11 lets a compiler assume that a loop whose
/// condition is not a constant and whose body has no side effect ends
/// (clang marks it `llvm.loop.mustprogress`), and deleting one that does not
/// would reach an error the program never reaches. The forward-progress
/// assumptions go before the passes run (`normalize::forget_forward_progress`,
/// as for the module ufo verifies); loops then go only where LLVM computes
/// that they end (their trip count). The harness's calls (values, the
/// error's marker, the reports of undefined behaviour) are side effects the
/// passes keep, in order.
fn optimize(module: &inkwell::module::Module, tm: &inkwell::targets::TargetMachine) -> Result<(), String> {
    for f in module.get_functions() {
        super::normalize::forget_forward_progress(f);
    }
    let options = inkwell::passes::PassBuilderOptions::create();
    module.run_passes("default<O2>", tm, options).map_err(|e| format!("cannot optimize it: {e}"))
}

/// The native build's child (`start_build`): never returns.
fn prepare_and_build(run: &Run, obj: &std::path::Path, sites_out: &std::path::Path) -> Result<Never, String> {
    use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target};
    Target::initialize_native(&InitializationConfig::default())?;
    let ctx = inkwell::context::Context::create();
    let module = read_module(&ctx, run)?;
    if module.get_function("main").is_none() {
        return Err("it has no main".into());
    }
    let mut h = Harness::new(module.as_mut_ptr());
    let sites = h.instrument();
    h.replace_functions(run)?;
    h.define_callbacks(run)?;
    module.verify().map_err(|e| format!("the harness made it invalid: {e}"))?;
    let table: String = sites.iter().map(|s| format!("{:?} {} {}\n", s.check, s.width, s.at)).collect();
    std::fs::write(sites_out, table).map_err(|e| e.to_string())?;
    let triple = module.get_triple();
    let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
    let level = if run.optimize { inkwell::OptimizationLevel::Default } else { inkwell::OptimizationLevel::None };
    let tm = target
        .create_target_machine(&triple, "", "", level, RelocMode::PIC, CodeModel::Default)
        .ok_or("no target machine for its triple")?;
    if run.optimize {
        optimize(&module, &tm)?;
    }
    tm.write_to_file(&module, FileType::Object, obj).map_err(|e| e.to_string())?;
    // SAFETY: ends the child without the parent's destructors.
    unsafe { libc::_exit(0) }
}

/// The line a native run's `ufo-ub SITE A B` stands for, given the build's
/// sites file: UBSan's `file:line:col: runtime error: message`.
pub fn site_report(sites: &str, line: &str) -> Option<String> {
    let mut words = line.strip_prefix("ufo-ub ")?.split_whitespace();
    let (site, a, b): (usize, i64, i64) =
        (words.next()?.parse().ok()?, words.next()?.parse().ok()?, words.next()?.parse().ok()?);
    let mut fields = sites.lines().nth(site)?.splitn(3, ' ');
    let check = match fields.next()? {
        "Add" => Check::Add,
        "Sub" => Check::Sub,
        "Mul" => Check::Mul,
        "Shift" => Check::Shift,
        "SignedDiv" => Check::SignedDiv,
        "UnsignedDiv" => Check::UnsignedDiv,
        "FloatToInt" => Check::FloatToInt,
        "DoubleToInt" => Check::DoubleToInt,
        "FloatToUnsigned" => Check::FloatToUnsigned,
        "DoubleToUnsigned" => Check::DoubleToUnsigned,
        _ => return None,
    };
    let width = fields.next()?.parse().ok()?;
    let s = Site { check, width, at: fields.next()?.to_string() };
    undefined_behaviour(&s, a, b).map(|m| format!("{}: runtime error: {m}", s.at))
}

/// Raw value of a function (inkwell keeps its `AsValueRef` trait private to the crate's users).
trait RawValue {
    fn as_value_ref_raw(&self) -> LLVMValueRef;
}

impl RawValue for inkwell::values::FunctionValue<'_> {
    fn as_value_ref_raw(&self) -> LLVMValueRef {
        use inkwell::values::AsValueRef;
        self.as_value_ref()
    }
}

/// An operation checked for undefined behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    Add,
    Sub,
    Mul,
    Shift,
    SignedDiv,
    UnsignedDiv,
    /// `fptosi`/`fptoui` of a `float` or a `double` (the operand's bits
    /// passed): undefined when the truncated value does not fit.
    FloatToInt,
    DoubleToInt,
    FloatToUnsigned,
    DoubleToUnsigned,
}

/// A checked operation: what, its width and where.
#[derive(Clone, Debug)]
struct Site {
    check: Check,
    width: u32,
    at: String,
}

/// Names of the module's callbacks into the child.
const NEXT_FN: &str = "__ufo_jit_next";
const REACHED_FN: &str = "__ufo_jit_reached";
const ASSERT_FN: &str = "__ufo_jit_assert_fail";
const ASSUME_FN: &str = "__ufo_jit_assume_false";
const UB_FN: &str = "__ufo_jit_ub";

/// Building the harness into a module.
struct Harness {
    m: LLVMModuleRef,
    ctx: LLVMContextRef,
    b: LLVMBuilderRef,
    i32t: LLVMTypeRef,
    i64t: LLVMTypeRef,
    void: LLVMTypeRef,
}

impl Drop for Harness {
    fn drop(&mut self) {
        // SAFETY: the builder was created by `new` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.b) }
    }
}

fn cstr(s: &str) -> CString {
    CString::new(s).unwrap_or_default()
}

impl Harness {
    fn new(m: LLVMModuleRef) -> Harness {
        // SAFETY: `m` is a live module; the types belong to its context.
        unsafe {
            let ctx = LLVMGetModuleContext(m);
            Harness {
                m,
                ctx,
                b: LLVMCreateBuilderInContext(ctx),
                i32t: LLVMInt32TypeInContext(ctx),
                i64t: LLVMInt64TypeInContext(ctx),
                void: LLVMVoidTypeInContext(ctx),
            }
        }
    }

    /// The function `name` of type `ret(params)`, declared if new.
    fn declare(&self, name: &str, ret: LLVMTypeRef, params: &[LLVMTypeRef]) -> (LLVMTypeRef, Value) {
        let n = cstr(name);
        // SAFETY: plain C API calls on live objects of one context.
        unsafe {
            let mut ps = params.to_vec();
            let fty = LLVMFunctionType(ret, ps.as_mut_ptr(), ps.len() as u32, 0);
            let f = LLVMGetNamedFunction(self.m, n.as_ptr());
            let f = if f.is_null() { LLVMAddFunction(self.m, n.as_ptr(), fty) } else { f };
            (fty, f)
        }
    }

    fn call(&self, name: &str, ret: LLVMTypeRef, args: &[Value]) -> Value {
        // SAFETY: the arguments' types are the parameters' (built from them).
        unsafe {
            let params: Vec<LLVMTypeRef> = args.iter().map(|a| LLVMTypeOf(*a)).collect();
            let (fty, f) = self.declare(name, ret, &params);
            let mut a = args.to_vec();
            LLVMBuildCall2(self.b, fty, f, a.as_mut_ptr(), a.len() as u32, c"".as_ptr())
        }
    }

    fn int(&self, v: u64, ty: LLVMTypeRef) -> Value {
        // SAFETY: a constant of an integer type of this context.
        unsafe { LLVMConstInt(ty, v, 0) }
    }

    /// Precedes every checked operation of the module with its check; the sites.
    fn instrument(&mut self) -> Vec<Site> {
        let mut sites = Vec::new();
        // SAFETY: walks and edits live functions of the module; instructions
        // are collected per block before any is inserted.
        unsafe {
            let mut f = LLVMGetFirstFunction(self.m);
            while !f.is_null() {
                for bb in llvm::blocks(f) {
                    for inst in llvm::instructions(bb) {
                        if let Some((check, width)) = checked(inst) {
                            let id = self.int(sites.len() as u64, self.i32t);
                            let at = llvm::debug_loc(inst, "program");
                            sites.push(Site { check, width, at: format!("{}:{}:{}", at.file, at.line, at.col) });
                            LLVMPositionBuilderBefore(self.b, inst);
                            if let Some(bits) = check.float_bits() {
                                // the operand's bits; the callback decides
                                let x = llvm::operand(inst, 0);
                                let int = LLVMIntTypeInContext(self.ctx, bits);
                                let x = LLVMBuildBitCast(self.b, x, int, c"".as_ptr());
                                let x = if bits == 64 { x } else { LLVMBuildZExt(self.b, x, self.i64t, c"".as_ptr()) };
                                let always = self.int(1, self.i32t);
                                self.call(UB_FN, self.void, &[always, id, x, self.int(0, self.i64t)]);
                                continue;
                            }
                            let signed = check != Check::UnsignedDiv && check != Check::Shift;
                            let widen = |v: Value| {
                                if width == 64 {
                                    v
                                } else if signed {
                                    LLVMBuildSExt(self.b, v, self.i64t, c"".as_ptr())
                                } else {
                                    LLVMBuildZExt(self.b, v, self.i64t, c"".as_ptr())
                                }
                            };
                            let (x, y) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
                            let undefined = self.undefined_if(check, width, x, y);
                            let undefined = LLVMBuildZExt(self.b, undefined, self.i32t, c"".as_ptr());
                            let (a, b) = (widen(x), widen(y));
                            self.call(UB_FN, self.void, &[undefined, id, a, b]);
                        }
                    }
                }
                f = LLVMGetNextFunction(f);
            }
        }
        sites
    }

    /// An `i1` that holds when operation `check` of `width` bits on `x`, `y`
    /// is undefined (the condition UBSan checks), built before the operation.
    fn undefined_if(&self, check: Check, width: u32, x: Value, y: Value) -> Value {
        use llvm_sys::LLVMIntPredicate::*;
        // SAFETY: instructions on operands of one integer type of this context.
        unsafe {
            let ty = LLVMTypeOf(x);
            let icmp = |p, a, b| LLVMBuildICmp(self.b, p, a, b, c"".as_ptr());
            let overflow = |op: &str| {
                let mut fields = [ty, LLVMInt1TypeInContext(self.ctx)];
                let pair = LLVMStructTypeInContext(self.ctx, fields.as_mut_ptr(), 2, 0);
                let r = self.call(&format!("llvm.{op}.with.overflow.i{width}"), pair, &[x, y]);
                LLVMBuildExtractValue(self.b, r, 1, c"".as_ptr())
            };
            match check {
                Check::Add => overflow("sadd"),
                Check::Sub => overflow("ssub"),
                Check::Mul => overflow("smul"),
                Check::Shift => icmp(LLVMIntUGE, y, LLVMConstInt(ty, u64::from(width), 0)),
                Check::UnsignedDiv => icmp(LLVMIntEQ, y, LLVMConstNull(ty)),
                // (decided by the callback: `instrument`)
                Check::FloatToInt | Check::DoubleToInt | Check::FloatToUnsigned | Check::DoubleToUnsigned => {
                    LLVMConstInt(LLVMInt1TypeInContext(self.ctx), 1, 0)
                }
                Check::SignedDiv => {
                    let zero = icmp(LLVMIntEQ, y, LLVMConstNull(ty));
                    let min = LLVMConstInt(ty, 1u64 << (width - 1), 0);
                    let is_min = icmp(LLVMIntEQ, x, min);
                    let minus_one = icmp(LLVMIntEQ, y, LLVMConstAllOnes(ty));
                    let both = LLVMBuildAnd(self.b, is_min, minus_one, c"".as_ptr());
                    LLVMBuildOr(self.b, zero, both, c"".as_ptr())
                }
            }
        }
    }

    /// A function of the C library the callbacks call: its declaration (the
    /// module's own, if it has one); `Err` if the program defines it itself.
    fn libc(
        &self,
        name: &str,
        ret: LLVMTypeRef,
        params: &[LLVMTypeRef],
        variadic: bool,
    ) -> Result<(LLVMTypeRef, Value), String> {
        let n = cstr(name);
        // SAFETY: reads or adds a function of the module.
        unsafe {
            let f = LLVMGetNamedFunction(self.m, n.as_ptr());
            if !f.is_null() {
                if !llvm::is_declaration(f) {
                    return Err(format!("it defines {name} itself"));
                }
                return Ok((LLVMGlobalGetValueType(f), f));
            }
            let mut ps = params.to_vec();
            let fty = LLVMFunctionType(ret, ps.as_mut_ptr(), ps.len() as u32, i32::from(variadic));
            Ok((fty, LLVMAddFunction(self.m, n.as_ptr(), fty)))
        }
    }

    fn call_libc(&self, (fty, f): (LLVMTypeRef, Value), args: &[Value]) -> Value {
        let mut a = args.to_vec();
        // SAFETY: a call of a declared function with arguments of its parameters' types.
        unsafe { LLVMBuildCall2(self.b, fty, f, a.as_mut_ptr(), a.len() as u32, c"".as_ptr()) }
    }

    /// The body of callback `name` if the module calls it: the builder at its
    /// entry block; `None` if it does not.
    fn callback_body(&self, name: &str) -> Option<Value> {
        let n = cstr(name);
        // SAFETY: reads the module's function and appends its entry block.
        unsafe {
            let f = LLVMGetNamedFunction(self.m, n.as_ptr());
            if f.is_null() {
                return None;
            }
            LLVMSetLinkage(f, llvm_sys::LLVMLinkage::LLVMInternalLinkage);
            let entry = LLVMAppendBasicBlockInContext(self.ctx, f, c"entry".as_ptr());
            LLVMPositionBuilderAtEnd(self.b, entry);
            Some(f)
        }
    }

    /// Defines in IR the callbacks the JIT maps to ufo's functions (the
    /// native build: the values are a constant array of the module, the
    /// marker goes out with `write`, undefined behaviour with `dprintf`).
    // LLVM 14 has only the 32-bit-length array functions
    #[allow(deprecated)]
    fn define_callbacks(&mut self, run: &Run) -> Result<(), String> {
        // SAFETY: builds the callbacks' bodies from types of this context.
        unsafe {
            let i8t = LLVMInt8TypeInContext(self.ctx);
            let ptr = LLVMPointerType(i8t, 0);
            let size =
                llvm_sys::target::LLVMIntPtrTypeInContext(self.ctx, llvm_sys::target::LLVMGetModuleDataLayout(self.m));
            // the assert callback reaches the error too
            self.declare(REACHED_FN, self.void, &[]);
            if let Some(f) = self.callback_body(NEXT_FN) {
                let n = run.values.len() as u32;
                let mut vals: Vec<Value> = run.values.iter().map(|v| self.int(*v as i64 as u64, self.i64t)).collect();
                let arr_ty = LLVMArrayType(self.i64t, n);
                let arr = LLVMAddGlobal(self.m, arr_ty, c"__ufo_values".as_ptr());
                LLVMSetInitializer(arr, LLVMConstArray(self.i64t, vals.as_mut_ptr(), n));
                LLVMSetGlobalConstant(arr, 1);
                LLVMSetLinkage(arr, llvm_sys::LLVMLinkage::LLVMPrivateLinkage);
                let index = LLVMAddGlobal(self.m, self.i32t, c"__ufo_index".as_ptr());
                LLVMSetInitializer(index, LLVMConstNull(self.i32t));
                LLVMSetLinkage(index, llvm_sys::LLVMLinkage::LLVMPrivateLinkage);
                let i = LLVMBuildLoad2(self.b, self.i32t, index, c"".as_ptr());
                let more = LLVMBuildICmp(
                    self.b,
                    llvm_sys::LLVMIntPredicate::LLVMIntULT,
                    i,
                    self.int(u64::from(n), self.i32t),
                    c"".as_ptr(),
                );
                let take = LLVMAppendBasicBlockInContext(self.ctx, f, c"take".as_ptr());
                let none = LLVMAppendBasicBlockInContext(self.ctx, f, c"none".as_ptr());
                LLVMBuildCondBr(self.b, more, take, none);
                LLVMPositionBuilderAtEnd(self.b, take);
                let mut idx = [self.int(0, self.i32t), i];
                let at = LLVMBuildInBoundsGEP2(self.b, arr_ty, arr, idx.as_mut_ptr(), 2, c"".as_ptr());
                let v = LLVMBuildLoad2(self.b, self.i64t, at, c"".as_ptr());
                let next = LLVMBuildAdd(self.b, i, self.int(1, self.i32t), c"".as_ptr());
                LLVMBuildStore(self.b, next, index);
                LLVMBuildRet(self.b, v);
                LLVMPositionBuilderAtEnd(self.b, none);
                LLVMBuildRet(self.b, self.int(0, self.i64t));
            }
            if self.callback_body(REACHED_FN).is_some() {
                let fflush = self.libc("fflush", self.i32t, &[ptr], false)?;
                let write = self.libc("write", size, &[self.i32t, ptr, size], false)?;
                let quit = self.libc("_exit", self.void, &[self.i32t], false)?;
                self.call_libc(fflush, &[LLVMConstNull(ptr)]);
                let line = format!("{}\n", run.marker);
                let text = LLVMBuildGlobalStringPtr(self.b, cstr(&line).as_ptr(), c"__ufo_marker".as_ptr());
                self.call_libc(write, &[self.int(1, self.i32t), text, self.int(line.len() as u64, size)]);
                self.call_libc(quit, &[self.int(run.code as u64, self.i32t)]);
                LLVMBuildUnreachable(self.b);
            }
            if let Some(f) = self.callback_body(ASSERT_FN) {
                let abort = self.libc("abort", self.void, &[], false)?;
                let reach = LLVMAppendBasicBlockInContext(self.ctx, f, c"reach".as_ptr());
                let fail = LLVMAppendBasicBlockInContext(self.ctx, f, c"abort".as_ptr());
                if run.any_assert {
                    LLVMBuildBr(self.b, reach);
                } else {
                    let strcmp = self.libc("strcmp", self.i32t, &[ptr, ptr], false)?;
                    let function = LLVMGetParam(f, 3);
                    let null = LLVMBuildICmp(
                        self.b,
                        llvm_sys::LLVMIntPredicate::LLVMIntEQ,
                        function,
                        LLVMConstNull(LLVMTypeOf(function)),
                        c"".as_ptr(),
                    );
                    let named = LLVMAppendBasicBlockInContext(self.ctx, f, c"named".as_ptr());
                    LLVMBuildCondBr(self.b, null, fail, named);
                    LLVMPositionBuilderAtEnd(self.b, named);
                    let mut any = LLVMConstNull(LLVMInt1TypeInContext(self.ctx));
                    for n in ERROR_FUNCTION_NAMES {
                        let s = LLVMBuildGlobalStringPtr(self.b, cstr(n).as_ptr(), c"".as_ptr());
                        let c = self.call_libc(strcmp, &[function, s]);
                        let same = LLVMBuildICmp(
                            self.b,
                            llvm_sys::LLVMIntPredicate::LLVMIntEQ,
                            c,
                            self.int(0, self.i32t),
                            c"".as_ptr(),
                        );
                        any = LLVMBuildOr(self.b, any, same, c"".as_ptr());
                    }
                    LLVMBuildCondBr(self.b, any, reach, fail);
                }
                LLVMPositionBuilderAtEnd(self.b, reach);
                self.call(REACHED_FN, self.void, &[]);
                LLVMBuildUnreachable(self.b);
                LLVMPositionBuilderAtEnd(self.b, fail);
                self.call_libc(abort, &[]);
                LLVMBuildUnreachable(self.b);
            }
            if self.callback_body(ASSUME_FN).is_some() {
                let exit = self.libc("exit", self.void, &[self.i32t], false)?;
                self.call_libc(exit, &[self.int(0, self.i32t)]);
                LLVMBuildUnreachable(self.b);
            }
            if let Some(f) = self.callback_body(UB_FN) {
                let dprintf = self.libc("dprintf", self.i32t, &[self.i32t, ptr], true)?;
                let reported = LLVMAddGlobal(self.m, i8t, c"__ufo_reported".as_ptr());
                LLVMSetInitializer(reported, LLVMConstNull(i8t));
                LLVMSetLinkage(reported, llvm_sys::LLVMLinkage::LLVMPrivateLinkage);
                let undefined = LLVMBuildICmp(
                    self.b,
                    llvm_sys::LLVMIntPredicate::LLVMIntNE,
                    LLVMGetParam(f, 0),
                    self.int(0, self.i32t),
                    c"".as_ptr(),
                );
                let before = LLVMBuildLoad2(self.b, i8t, reported, c"".as_ptr());
                let first = LLVMBuildICmp(
                    self.b,
                    llvm_sys::LLVMIntPredicate::LLVMIntEQ,
                    before,
                    LLVMConstNull(i8t),
                    c"".as_ptr(),
                );
                let report = LLVMBuildAnd(self.b, undefined, first, c"".as_ptr());
                let print = LLVMAppendBasicBlockInContext(self.ctx, f, c"print".as_ptr());
                let done = LLVMAppendBasicBlockInContext(self.ctx, f, c"done".as_ptr());
                LLVMBuildCondBr(self.b, report, print, done);
                LLVMPositionBuilderAtEnd(self.b, print);
                LLVMBuildStore(self.b, LLVMConstInt(i8t, 1, 0), reported);
                let fmt = LLVMBuildGlobalStringPtr(self.b, c"ufo-ub %d %lld %lld\n".as_ptr(), c"".as_ptr());
                let args = [self.int(2, self.i32t), fmt, LLVMGetParam(f, 1), LLVMGetParam(f, 2), LLVMGetParam(f, 3)];
                self.call_libc(dprintf, &args);
                LLVMBuildBr(self.b, done);
                LLVMPositionBuilderAtEnd(self.b, done);
                LLVMBuildRetVoid(self.b);
            }
        }
        Ok(())
    }

    /// Gives every harness function of the module the harness's body.
    fn replace_functions(&mut self, run: &Run) -> Result<(), String> {
        let mut fs = Vec::new();
        // SAFETY: reads the module's function list.
        unsafe {
            let mut f = LLVMGetFirstFunction(self.m);
            while !f.is_null() {
                fs.push(f);
                f = LLVMGetNextFunction(f);
            }
        }
        for f in fs {
            let name = llvm::name(f);
            let Some(role) = role(&name, run) else { continue };
            // SAFETY: builds a new function of `f`'s type and moves every use of `f` to it.
            unsafe {
                let fty = LLVMGlobalGetValueType(f);
                let n = cstr(&format!("__ufo_jit_harness.{name}"));
                let g = LLVMAddFunction(self.m, n.as_ptr(), fty);
                let entry = LLVMAppendBasicBlockInContext(self.ctx, g, c"entry".as_ptr());
                LLVMPositionBuilderAtEnd(self.b, entry);
                self.body(g, fty, role).map_err(|why| format!("{name}: {why}"))?;
                LLVMReplaceAllUsesWith(f, g);
            }
        }
        Ok(())
    }

    /// The body of harness function `g` (type `fty`), the builder at its entry.
    fn body(&self, g: Value, fty: LLVMTypeRef, role: Role) -> Result<(), String> {
        // SAFETY: builds instructions of types taken from `fty` in `g`.
        unsafe {
            let ret = LLVMGetReturnType(fty);
            let params = LLVMCountParams(g);
            let param = |i: u32| LLVMGetParam(g, i);
            match role {
                Role::Reached => {
                    self.call(REACHED_FN, self.void, &[]);
                    LLVMBuildUnreachable(self.b);
                }
                Role::AssertFail => {
                    let args: Vec<Value> = (0..params).map(param).collect();
                    let ok = args.len() == 4
                        && [0, 1, 3].iter().all(|i| llvm::ty(LLVMTypeOf(args[*i])) == llvm::Ty::Pointer)
                        && LLVMGetTypeKind(LLVMTypeOf(args[2])) == LLVMTypeKind::LLVMIntegerTypeKind;
                    if !ok {
                        return Err("not __assert_fail(const char *, const char *, unsigned, const char *)".into());
                    }
                    let line = self.resize(args[2], self.i32t, false);
                    self.call(ASSERT_FN, self.void, &[args[0], args[1], line, args[3]]);
                    LLVMBuildUnreachable(self.b);
                }
                Role::Assert | Role::Assume => {
                    if params != 1 || LLVMGetTypeKind(LLVMTypeOf(param(0))) != LLVMTypeKind::LLVMIntegerTypeKind {
                        return Err("not of one integer parameter".into());
                    }
                    let c = param(0);
                    let zero = LLVMConstInt(LLVMTypeOf(c), 0, 0);
                    let failed = LLVMBuildICmp(self.b, llvm_sys::LLVMIntPredicate::LLVMIntEQ, c, zero, c"".as_ptr());
                    let yes = LLVMAppendBasicBlockInContext(self.ctx, g, c"failed".as_ptr());
                    let no = LLVMAppendBasicBlockInContext(self.ctx, g, c"holds".as_ptr());
                    LLVMBuildCondBr(self.b, failed, yes, no);
                    LLVMPositionBuilderAtEnd(self.b, yes);
                    let callback = if role == Role::Assert { REACHED_FN } else { ASSUME_FN };
                    self.call(callback, self.void, &[]);
                    LLVMBuildUnreachable(self.b);
                    LLVMPositionBuilderAtEnd(self.b, no);
                    self.ret_default(ret)?;
                }
                Role::Next => {
                    let v = self.call(NEXT_FN, self.i64t, &[]);
                    self.ret_value(v, ret)?;
                }
                Role::Time => {
                    let v = self.call(NEXT_FN, self.i64t, &[]);
                    if params == 1 && llvm::ty(LLVMTypeOf(param(0))) == llvm::Ty::Pointer {
                        let t = param(0);
                        let null = LLVMConstNull(LLVMTypeOf(t));
                        let given = LLVMBuildICmp(self.b, llvm_sys::LLVMIntPredicate::LLVMIntNE, t, null, c"".as_ptr());
                        let store = LLVMAppendBasicBlockInContext(self.ctx, g, c"store".as_ptr());
                        let done = LLVMAppendBasicBlockInContext(self.ctx, g, c"done".as_ptr());
                        LLVMBuildCondBr(self.b, given, store, done);
                        LLVMPositionBuilderAtEnd(self.b, store);
                        LLVMBuildStore(self.b, v, t);
                        LLVMBuildBr(self.b, done);
                        LLVMPositionBuilderAtEnd(self.b, done);
                    }
                    self.ret_value(v, ret)?;
                }
            }
        }
        Ok(())
    }

    /// `v` (an integer) as an integer of type `to`.
    fn resize(&self, v: Value, to: LLVMTypeRef, signed: bool) -> Value {
        // SAFETY: integer casts between integer types of this context.
        unsafe {
            let (from, into) = (LLVMGetIntTypeWidth(LLVMTypeOf(v)), LLVMGetIntTypeWidth(to));
            if from > into {
                LLVMBuildTrunc(self.b, v, to, c"".as_ptr())
            } else if from < into && signed {
                LLVMBuildSExt(self.b, v, to, c"".as_ptr())
            } else if from < into {
                LLVMBuildZExt(self.b, v, to, c"".as_ptr())
            } else {
                v
            }
        }
    }

    /// Returns the 64-bit value `v` as the return type `ret`.
    fn ret_value(&self, v: Value, ret: LLVMTypeRef) -> Result<(), String> {
        // SAFETY: casts and a return of the function's own return type.
        unsafe {
            match LLVMGetTypeKind(ret) {
                LLVMTypeKind::LLVMVoidTypeKind => {
                    LLVMBuildRetVoid(self.b);
                }
                LLVMTypeKind::LLVMIntegerTypeKind => {
                    LLVMBuildRet(self.b, self.resize(v, ret, true));
                }
                LLVMTypeKind::LLVMPointerTypeKind => {
                    LLVMBuildRet(self.b, LLVMBuildIntToPtr(self.b, v, ret, c"".as_ptr()));
                }
                // (a float's value in the trace is its IEEE-754 bits)
                LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind => {
                    let bits = llvm::float_bits(ret).unwrap_or(64);
                    let int = self.resize(v, LLVMIntTypeInContext(self.ctx, bits), false);
                    LLVMBuildRet(self.b, LLVMBuildBitCast(self.b, int, ret, c"".as_ptr()));
                }
                _ => return Err("returns neither an integer, a pointer, a float nor a double".into()),
            }
        }
        Ok(())
    }

    /// Returns zero of `ret`, or nothing.
    fn ret_default(&self, ret: LLVMTypeRef) -> Result<(), String> {
        // SAFETY: a return of the function's own return type.
        unsafe {
            if LLVMGetTypeKind(ret) == LLVMTypeKind::LLVMVoidTypeKind {
                LLVMBuildRetVoid(self.b);
            } else {
                LLVMBuildRet(self.b, LLVMConstNull(ret));
            }
        }
        Ok(())
    }

    /// The callbacks the module's harness calls, by name, with their addresses.
    fn callbacks(&self) -> [(&'static str, usize); 5] {
        [
            (NEXT_FN, next as *const () as usize),
            (REACHED_FN, reached as *const () as usize),
            (ASSERT_FN, assert_fail as *const () as usize),
            (ASSUME_FN, assume_false as *const () as usize),
            (UB_FN, undefined as *const () as usize),
        ]
    }
}

/// What the harness makes of a function of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Returns the run's next value.
    Next,
    /// `time`: the next value, also stored through its argument.
    Time,
    /// Reaches the error.
    Reached,
    /// `__assert_fail`: the error if every assert is, or if called from the error function.
    AssertFail,
    /// `__VERIFIER_assert(c)`: the error if `c` is 0.
    Assert,
    /// `__VERIFIER_assume(c)`: the run ends (exit 0) if `c` is 0.
    Assume,
}

fn role(name: &str, run: &Run) -> Option<Role> {
    let library = |f: &str| run.library.iter().any(|l| l == f);
    Some(match name {
        "reach_error" | "__VERIFIER_error" => Role::Reached,
        "__assert_fail" => Role::AssertFail,
        "__assert_perror_fail" | "__assert" if run.any_assert => Role::Reached,
        "__VERIFIER_assert" => Role::Assert,
        "__VERIFIER_assume" => Role::Assume,
        "time" if library("time") => Role::Time,
        "rand" | "random" if library(name) => Role::Next,
        n if run.external.iter().any(|e| e == n) => Role::Next,
        n if n.starts_with("__VERIFIER_nondet_") => Role::Next,
        _ => return None,
    })
}

/// The check an instruction gets, with its width: signed arithmetic that
/// must not wrap (`nsw`), shifts, divisions; scalars of at most 64 bits.
fn checked(inst: Value) -> Option<(Check, u32)> {
    if !llvm::is_instruction(inst) {
        return None;
    }
    let ty = llvm::type_of(inst);
    if let (LLVMOpcode::LLVMFPToSI | LLVMOpcode::LLVMFPToUI, llvm::Ty::Int(width)) = (llvm::opcode(inst), llvm::ty(ty))
    {
        let signed = llvm::opcode(inst) == LLVMOpcode::LLVMFPToSI;
        let check = match (llvm::float_bits(llvm::type_of(llvm::operand(inst, 0))), signed) {
            (Some(32), true) => Check::FloatToInt,
            (Some(64), true) => Check::DoubleToInt,
            (Some(32), false) => Check::FloatToUnsigned,
            (Some(64), false) => Check::DoubleToUnsigned,
            _ => return None,
        };
        return (width > 1 && width <= 64).then_some((check, width));
    }
    if llvm::num_operands(inst) != 2 {
        return None;
    }
    // SAFETY: reads the kind and width of a live type.
    let width = unsafe {
        if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMIntegerTypeKind {
            return None;
        }
        LLVMGetIntTypeWidth(ty)
    };
    if width > 64 {
        return None;
    }
    let nsw = || llvm::wrap_flags(inst).0;
    let check = match llvm::opcode(inst) {
        LLVMOpcode::LLVMAdd if nsw() => Check::Add,
        LLVMOpcode::LLVMSub if nsw() => Check::Sub,
        LLVMOpcode::LLVMMul if nsw() => Check::Mul,
        LLVMOpcode::LLVMShl | LLVMOpcode::LLVMLShr | LLVMOpcode::LLVMAShr => Check::Shift,
        LLVMOpcode::LLVMSDiv | LLVMOpcode::LLVMSRem => Check::SignedDiv,
        LLVMOpcode::LLVMUDiv | LLVMOpcode::LLVMURem => Check::UnsignedDiv,
        _ => return None,
    };
    Some((check, width))
}

/// The C type UBSan names for a signed integer of `width` bits (LP64).
fn c_type(width: u32) -> String {
    match width {
        8 => "'signed char'".into(),
        16 => "'short'".into(),
        32 => "'int'".into(),
        64 => "'long'".into(),
        w => format!("'i{w}'"),
    }
}

impl Check {
    /// For a conversion of a float to an integer, the float's width.
    fn float_bits(self) -> Option<u32> {
        match self {
            Check::FloatToInt | Check::FloatToUnsigned => Some(32),
            Check::DoubleToInt | Check::DoubleToUnsigned => Some(64),
            _ => None,
        }
    }
}

/// UBSan's message for a conversion to an integer of `width` bits of the
/// float whose bits are `a`, if it is out of range (C11 6.3.1.4).
fn conversion_out_of_range(check: Check, width: u32, a: i64) -> Option<String> {
    let x = if check.float_bits() == Some(32) { f64::from(f32::from_bits(a as u32)) } else { f64::from_bits(a as u64) };
    let signed = matches!(check, Check::FloatToInt | Check::DoubleToInt);
    let t = x.trunc();
    let (lo, hi) = if signed {
        (-(2f64.powi(width as i32 - 1)), 2f64.powi(width as i32 - 1))
    } else {
        (0.0, 2f64.powi(width as i32))
    };
    if t >= lo && t < hi {
        return None;
    }
    let ty = if signed { c_type(width) } else { format!("'unsigned {}'", c_type(width).trim_matches('\'')) };
    let value = if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        format!("{}inf", if x < 0.0 { "-" } else { "" })
    } else {
        format!("{x:e}")
    };
    Some(format!("{value} is outside the range of representable values of type {ty}"))
}

/// UBSan's message for operands `a`, `b` (widened to 64 bits) of `site`, if
/// they make the operation undefined.
fn undefined_behaviour(site: &Site, a: i64, b: i64) -> Option<String> {
    let w = site.width;
    if site.check.float_bits().is_some() {
        return conversion_out_of_range(site.check, w, a);
    }
    let (min, max) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1);
    let fits = |v: i128| (min..=max).contains(&v);
    let ty = c_type(w);
    let (a, b) = (a as i128, b as i128);
    let overflow = |op: &str, v: i128| {
        (!fits(v)).then(|| format!("signed integer overflow: {a} {op} {b} cannot be represented in type {ty}"))
    };
    match site.check {
        Check::Add => overflow("+", a + b),
        Check::Sub if a == 0 && !fits(-b) => Some(format!(
            "negation of {b} cannot be represented in type {ty}; cast to an unsigned type to negate this value to itself"
        )),
        Check::Sub => overflow("-", a - b),
        Check::Mul => overflow("*", a * b),
        Check::Shift => {
            // the amount, read as the signed value of its width
            let amount = if w < 64 && b >= (1i128 << (w - 1)) { b - (1i128 << w) } else { b as i64 as i128 };
            if amount < 0 {
                Some(format!("shift exponent {amount} is negative"))
            } else {
                (amount >= w as i128).then(|| format!("shift exponent {amount} is too large for {w}-bit type {ty}"))
            }
        }
        Check::SignedDiv if b == 0 => Some("division by zero".into()),
        Check::SignedDiv => {
            (a == min && b == -1).then(|| format!("division of {a} by -1 cannot be represented in type {ty}"))
        }
        Check::UnsignedDiv => (b == 0).then(|| "division by zero".into()),
        Check::FloatToInt | Check::DoubleToInt | Check::FloatToUnsigned | Check::DoubleToUnsigned => None,
    }
}

extern "C" fn undefined(undefined: i32, site: i32, a: i64, b: i64) {
    if undefined == 0 {
        return;
    }
    let Some(state) = STATE.get() else { return };
    let Some(s) = state.sites.get(site as usize) else { return };
    if let Some(message) = undefined_behaviour(s, a, b) {
        if !REPORTED.swap(true, Ordering::Relaxed) {
            say(&format!("{}: runtime error: {message}\n", s.at));
        }
    }
}

extern "C" fn next() -> i64 {
    let i = NEXT.fetch_add(1, Ordering::Relaxed);
    match STATE.get().and_then(|s| s.values.get(i)) {
        Some(v) => *v as i64,
        None => {
            say("ufo: more nondet calls than the trace has\n");
            0
        }
    }
}

extern "C" fn reached() {
    reach(true)
}

/// Writes the marker and ends the run at once; flushes the program's output
/// first unless called from a signal handler (`flush` false: no allocation,
/// no stdio lock there).
fn reach(flush: bool) -> ! {
    let Some(state) = STATE.get() else { std::process::abort() };
    // SAFETY: writes valid buffers to descriptor 1 and ends the process.
    unsafe {
        if flush {
            libc::fflush(std::ptr::null_mut());
        }
        libc::write(1, state.marker.as_ptr().cast(), state.marker.len());
        libc::write(1, c"\n".as_ptr().cast(), 1);
        libc::_exit(state.code)
    }
}

extern "C" fn assert_fail(
    assertion: *const libc::c_char,
    file: *const libc::c_char,
    line: u32,
    function: *const libc::c_char,
) {
    let text = |p: *const libc::c_char| {
        if p.is_null() {
            String::new()
        } else {
            // SAFETY: the program passes C strings (its assert's texts).
            unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
        }
    };
    let function = text(function);
    say(&format!("{}:{line}: {function}: Assertion `{}' failed.\n", text(file), text(assertion)));
    let any = STATE.get().is_some_and(|s| s.any_assert);
    if any || ERROR_FUNCTION_NAMES.contains(&function.as_str()) {
        reached();
    }
    std::process::abort()
}

extern "C" fn assume_false() {
    // SAFETY: the run ends as a program calling exit(0) does.
    unsafe { libc::exit(0) }
}

/// A fault at (near) address 0 (a call through a null function pointer) is
/// the error reached; any other kills the program as before.
fn catch_null_calls() {
    extern "C" fn on_fault(sig: i32, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
        // SAFETY: the kernel passes a valid siginfo to an SA_SIGINFO handler.
        let a = unsafe { (*info).si_addr() } as usize;
        if !(16..usize::MAX - 15).contains(&a) {
            reach(false);
        }
        // SAFETY: the default disposition, then the fault again.
        unsafe {
            libc::signal(sig, libc::SIG_DFL);
            libc::raise(sig);
        }
    }
    // SAFETY: installs a handler in the single-threaded child.
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_fault as *const () as usize;
        sa.sa_flags = libc::SA_SIGINFO;
        libc::sigaction(libc::SIGSEGV, &sa, std::ptr::null_mut());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(check: Check, width: u32) -> Site {
        Site { check, width, at: "p.c:1:1".into() }
    }

    #[test]
    fn ubsans_arithmetic_reports_are_made_from_the_operands() {
        let m = undefined_behaviour(&site(Check::Add, 32), i32::MAX as i64, 1).unwrap();
        assert_eq!(m, "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'");
        assert_eq!(undefined_behaviour(&site(Check::Add, 32), i32::MAX as i64, 0), None);
        assert!(undefined_behaviour(&site(Check::Sub, 32), 0, i32::MIN as i64).unwrap().starts_with("negation of"));
        assert!(undefined_behaviour(&site(Check::Mul, 64), i64::MAX, 2).unwrap().contains("in type 'long'"));
        assert_eq!(undefined_behaviour(&site(Check::Mul, 64), i64::MAX, 1), None);
        let shift = undefined_behaviour(&site(Check::Shift, 32), 1, 40).unwrap();
        assert_eq!(shift, "shift exponent 40 is too large for 32-bit type 'int'");
        // a 32-bit amount of 0xffffffff (zero-extended) is -1
        assert_eq!(
            undefined_behaviour(&site(Check::Shift, 32), 1, 0xffff_ffff).unwrap(),
            "shift exponent -1 is negative"
        );
        assert_eq!(undefined_behaviour(&site(Check::Shift, 32), 1, 31), None);
        assert_eq!(undefined_behaviour(&site(Check::SignedDiv, 32), 5, 0).unwrap(), "division by zero");
        let d = undefined_behaviour(&site(Check::SignedDiv, 32), i32::MIN as i64, -1).unwrap();
        assert!(d.starts_with("division of -2147483648 by -1"), "{d}");
        assert_eq!(undefined_behaviour(&site(Check::UnsignedDiv, 8), 5, 0).unwrap(), "division by zero");
        assert_eq!(undefined_behaviour(&site(Check::UnsignedDiv, 8), 5, 1), None);
    }
}
