//! One portfolio member's run ([`run`]): on the caller's thread, or, for
//! a member that calls Z3, in a process of its own (issue 43 §2): a native
//! fault in one member (a Z3 assertion, a segmentation fault, an abort on a
//! failed allocation) ends that member's process, not the run.
//!
//! A member process is forked ([`fork`]) when the member starts: the
//! portfolio's own thread forks it when a member's thread asks, and the
//! child waits for its go (its integer semantics and the time it has), then
//! runs its member on the program it inherited, in the state of Z3 the
//! parent had, and writes the [`Outcome`] as JSON (`answer::OutcomeWire`) on
//! a pipe. Forking costs a copy of the page tables where starting `ufo
//! member` cost an executable's start, the job's JSON and the program's
//! lowering (35 ms of a 70 ms run on loop-lit/gsv2008); a fork per member
//! that starts, not per member of the portfolio (1.7 ms each that a run
//! answered by `ai` or by the first member never used). The fork happens
//! where no other thread of the process is inside Z3 or LLVM: with member
//! processes, every Z3 call of the parent is on the portfolio's thread (its
//! checks), which forks between them; the members left in process (`ai`)
//! call neither (Z3's own timer threads are idle, and Z3's fork handler
//! joins them). A member run again (under `bv`),
//! or one without a fork, starts `ufo member` ([`serve`]), which reads the
//! same job on its standard input. Either way the portfolio checks the
//! outcome as it checks an answer from a thread; Z3's messages go to the
//! child's standard error, which the portfolio reads and names only when
//! the child crashed: they never reach the user's terminal.
//!
//! Invariants:
//! - The parent kills the child (SIGKILL) as soon as the member's token is
//!   cancelled (a winner, the memory guard, the user), and when the child
//!   outlives the member's deadline by [`GRACE`]; it always reaps it, so no
//!   process outlives [`run`]. The child also dies with the thread that
//!   started it (`PR_SET_PDEATHSIG`), so none outlives a killed `ufo`.
//! - A child that ends without an answer (a signal, an exit without JSON) is
//!   that member's UNKNOWN, naming the signal and the last line the child
//!   wrote on standard error.
//! - The child guards its own memory as the portfolio does in process
//!   (`memory_guard::pressure`): its allocations and its address-space limit
//!   are its own. With a share of the run's `--memory` (issue 55 §2), it
//!   stops its member past seven eighths of it, bounds Z3 to it
//!   (`smt::params::bound_memory`, in [`run_alone`]), and the parent kills it once it holds the whole share;
//!   each way the member's UNKNOWN says "out of memory".
//! - Only the `ufo` executable starts members in processes ([`use_executable`],
//!   called by `main`); a library caller (the tests) runs them on threads
//!   unless it names the executable. `UFO_MEMBERS=in-process` turns the
//!   processes off, `UFO_MEMBERS=exec` the forks (to measure what they cost).
//! - A forked child runs nothing but its member and ends with `_exit`: no
//!   destructor of the parent's state (LLVM's, Z3's) runs twice. It keeps
//!   only its own pipes open, so a sibling never holds another's pipe.

use crate::answer::{Outcome, OutcomeWire};
use crate::deadline::Deadline;
use crate::engines::{self, EngineArgs, EngineContext, Member, Verdict};
use crate::ir::{IntSemantics, Program};
use crate::memory_guard;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::Command;
use std::sync::{mpsc, OnceLock};
use std::time::{Duration, Instant};

/// How long a child may run past its deadline (it stops itself at the
/// deadline and writes its UNKNOWN with its statistics) before it is killed.
/// Short: a Z3 call that does not see its interrupt (Spacer with global
/// guidance deep in a query) would otherwise hold the whole run past its
/// time limit, where a benchmark runner kills it without an answer
/// (bench/recursive/hofstadter_safe.c: 62.3 s for `--timeout 60` with 2 s).
pub const GRACE: Duration = Duration::from_millis(500);

/// How often the parent looks at its child and the member's token.
const POLL: Duration = Duration::from_millis(5);

/// The environment variable that keeps every member in process.
pub const IN_PROCESS_VAR: &str = "UFO_MEMBERS";

/// Test-only: `NAME:abort`, `NAME:segv`, `NAME:hang` or `NAME:hog` makes
/// the child of member `NAME` abort, die of SIGSEGV, sleep forever without
/// looking at any token (a native call that ignores interrupts), or
/// allocate memory without end, before it runs: what a member process and
/// the run must survive.
pub const FAULT_VAR: &str = "UFO_TEST_MEMBER_FAULT";

/// Where members run as processes: the `ufo` executable and the engine
/// options of the run (the child rebuilds the member from them), and
/// whether members are forked ([`fork`]) or always started as `ufo member`.
#[derive(Clone, Debug)]
pub struct Processes {
    pub exe: PathBuf,
    pub engine_args: Vec<String>,
    pub fork: bool,
    /// Each member process's share of the run's memory, in bytes
    /// (`memory_guard::member_share`; none: no bound of its own).
    pub memory_share: Option<u64>,
}

static EXECUTABLE: OnceLock<PathBuf> = OnceLock::new();

/// Members of every later run start as processes of `exe` (`main` names
/// itself).
pub fn use_executable(exe: PathBuf) {
    let _ = EXECUTABLE.set(exe);
}

/// The processes of a run with the engine options `args`, if members run in
/// processes.
pub fn processes(args: &EngineArgs) -> Option<Processes> {
    let how = std::env::var(IN_PROCESS_VAR).unwrap_or_default();
    if how == "in-process" {
        return None;
    }
    EXECUTABLE.get().map(|exe| Processes {
        exe: exe.clone(),
        engine_args: args.to_args(),
        fork: how != "exec",
        memory_share: None,
    })
}

/// What the parent sends: `P` is `&Program` there and `Program` in the child.
#[derive(Serialize, Deserialize)]
struct Job<P> {
    engine_args: Vec<String>,
    member: String,
    sem: IntSemantics,
    /// Seconds the member has (none: no time limit).
    seconds: Option<f64>,
    /// Its share of the run's memory in bytes (none: no bound of its own).
    memory_share: Option<u64>,
    program: P,
}

/// Runs member `m` on `p`: in a process of its own with `processes` where
/// it calls Z3 ([`isolated`]) — `fork` if the caller forked one for it,
/// else a started `ufo member` —, else on this thread; a panic is its UNKNOWN.
pub fn run(p: &Program, m: &Member, deadline: &Deadline, processes: Option<&Processes>, fork: Option<Fork>) -> Outcome {
    if let Some(how) = processes.filter(|_| isolated(m)) {
        if let Some(fork) = fork {
            return fork.go(m, deadline, how.memory_share);
        }
        return in_child(how, p, m, deadline);
    }
    let cx = EngineContext { sem: m.sem, deadline };
    guarded(|| engines::run(&m.config, p, &cx)).unwrap_or_else(|why| Outcome::unknown(why, Default::default()))
}

/// One member on this thread, under the memory guard (what a member
/// process runs): near a memory limit, or past seven eighths of its
/// `share` of the run's memory, its token is cancelled with the reason, as
/// the portfolio's guard stops a member.
pub fn run_alone(p: &Program, m: &Member, deadline: &Deadline, share: Option<u64>) -> Outcome {
    let token = deadline.child(None);
    let (running, ended) = mpsc::channel::<()>();
    // the share counts from here, for the process's pages and Z3's count alike
    let base = memory_guard::anon_bytes(None).unwrap_or(0);
    if let Some(share) = share {
        crate::smt::params::bound_memory(share);
    }
    let over = move || memory_guard::over_share(memory_guard::grown(None, base)?, share?);
    std::thread::scope(|s| {
        let guard = &token;
        s.spawn(move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) = ended.recv_timeout(memory_guard::INTERVAL) {
                if let Some(why) = memory_guard::pressure().or_else(over) {
                    guard.token().cancel_because(&why);
                    break;
                }
            }
        });
        let mut outcome = run(p, m, &token, None, None);
        drop(running);
        // Z3's own bound (`smt::params::bound_memory`) ends a call
        // `unknown` when an allocation passes it between two looks of the
        // guard; the pages Z3 held are still the process's then (malloc
        // keeps them)
        if outcome.verdict == Verdict::Unknown && !memory_guard::stopped_for_memory(outcome.reason.as_deref()) {
            if let Some(why) = over() {
                outcome.reason = Some(format!("{why} ({})", outcome.reason.as_deref().unwrap_or("unknown")));
            }
        }
        outcome
    })
}

/// `f()`, or the message of its panic.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".into());
        format!("internal error: {msg}")
    })
}

/// Runs member `m` on `p` in a child process of `how.exe` until it answers,
/// `deadline` passes (with [`GRACE`]) or its token is cancelled.
fn in_child(how: &Processes, p: &Program, m: &Member, deadline: &Deadline) -> Outcome {
    let job = Job {
        engine_args: how.engine_args.clone(),
        member: m.name.clone(),
        sem: m.sem,
        seconds: deadline.remaining().map(|d| d.as_secs_f64()),
        memory_share: how.memory_share,
        program: p,
    };
    let input = match serde_json::to_vec(&job) {
        Ok(i) => i,
        Err(e) => {
            return Outcome::unknown(format!("cannot send the program to a member process: {e}"), Default::default())
        }
    };
    let mut cmd = Command::new(&how.exe);
    cmd.arg("member");
    // SAFETY: prctl and getppid are async-signal-safe; nothing is allocated.
    let parent = unsafe { libc::getpid() };
    unsafe {
        cmd.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 || libc::getppid() != parent {
                return Err(std::io::Error::other("the parent ended"));
            }
            Ok(())
        });
    }
    match crate::child::run(cmd, &input, POLL, stopper(deadline, how.memory_share)) {
        Ok(ran) => answer_of(ran),
        Err(e) => {
            Outcome::unknown(format!("cannot start a member process ({}: {e})", how.exe.display()), Default::default())
        }
    }
}

/// When a member process must be killed: its token was cancelled, it
/// outlived its deadline by [`GRACE`], or it holds more than its `share`
/// of the run's memory (looked at every [`MEMORY_POLLS`] polls: the child
/// stops itself at seven eighths, this is for one that does not).
fn stopper(deadline: &Deadline, share: Option<u64>) -> impl FnMut(i32) -> Option<String> + '_ {
    let overdue = deadline.at().map(|at| at + GRACE);
    let mut polls = 0u32;
    // what the child held when first looked at (a forked one: the parent's
    // pages it inherited)
    let mut base = None;
    move |pid| {
        polls = polls.wrapping_add(1);
        if deadline.cancelled() {
            Some(deadline.stop_reason())
        } else if overdue.is_some_and(|t| Instant::now() >= t) {
            Some("timeout".to_string())
        } else {
            let share = share.filter(|_| polls.is_multiple_of(MEMORY_POLLS) || base.is_none())?;
            let now = memory_guard::anon_bytes(Some(pid))?;
            let used = now.saturating_sub(*base.get_or_insert(now));
            (used > share).then(|| memory_guard::exceeded(used, share) + " (killed)")
        }
    }
}

/// Every how many polls ([`POLL`]) the parent reads a member process's
/// memory: every 25 ms.
const MEMORY_POLLS: u32 = 5;

/// The member's outcome from its process's run.
fn answer_of(ran: crate::child::Ran<String>) -> Outcome {
    let ended = match ran.ended {
        crate::child::Ended::Exited(Some(status)) => Ended::Exited(status),
        crate::child::Ended::Exited(None) => Ended::Killed("cannot wait for the member process".into()),
        crate::child::Ended::Stopped(why) => Ended::Killed(why),
    };
    answer(ended, &ran.stdout, &ran.stderr)
}

/// How the member's process ended.
enum Ended {
    Exited(std::process::ExitStatus),
    /// Killed by the parent, for this reason.
    Killed(String),
}

/// The member's outcome from how its process ended and what it wrote.
fn answer(ended: Ended, out: &[u8], err: &str) -> Outcome {
    let status = match ended {
        Ended::Killed(why) => return Outcome::unknown(why, Default::default()),
        Ended::Exited(status) => status,
    };
    if status.success() {
        let mut de = serde_json::Deserializer::from_slice(out);
        de.disable_recursion_limit();
        if let Ok(wire) = OutcomeWire::deserialize(&mut de) {
            return Outcome::from_wire(wire);
        }
    }
    let said = err.lines().rev().map(str::trim).find(|l| !l.is_empty());
    let said = said.map(|l| format!(": {}", l.chars().take(300).collect::<String>())).unwrap_or_default();
    let how = match (status.signal(), status.code()) {
        (Some(sig), _) => format!("the member process was killed by signal {}", signal_name(sig)),
        (_, Some(0)) => "the member process gave no answer".to_string(),
        (_, Some(code)) => format!("the member process exited with status {code}"),
        _ => "the member process ended".to_string(),
    };
    Outcome::unknown(format!("{how}{said}"), Default::default())
}

/// A signal's name (`SIGSEGV`), or its number.
pub fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGINT => "SIGINT",
        _ => return format!("{sig}"),
    };
    format!("{name} ({sig})")
}

/// The stack of the thread that reads the job (deep expressions) and lowers
/// the program once: a quarter of a member's (`threads::STACK`), since a
/// child's address space holds both and counts against a limit of its own.
pub const SERVE_STACK: usize = crate::threads::STACK / 4;

/// The child's side (`ufo member`): reads a job on standard input, runs the
/// member, writes its outcome on standard output; returns the exit code (0
/// with an answer, 2 without one: a job it cannot read). Its threads share
/// one malloc arena (`M_ARENA_MAX`): each arena reserves 64 MiB of address
/// space, and a member process's address space has a limit of its own.
pub fn serve() -> i32 {
    // SAFETY: mallopt only sets a parameter of malloc; no allocation is live
    // in another thread yet.
    unsafe { libc::mallopt(libc::M_ARENA_MAX, 1) };
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("ufo member: cannot read the job: {e}");
        return 2;
    }
    let mut de = serde_json::Deserializer::from_slice(&input);
    de.disable_recursion_limit();
    let job = match Job::<Program>::deserialize(&mut de) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("ufo member: not a job: {e}");
            return 2;
        }
    };
    drop(input);
    let (member, run_sem) = match member(&job) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("ufo member: {e}");
            return 2;
        }
    };
    fault_if_asked(&member.name);
    let deadline = match job.seconds {
        Some(s) => Deadline::after(Duration::from_secs_f64(s.max(0.0))),
        None => Deadline::none(),
    };
    // As in the parent, the program is lowered once (its static
    // approximations, `driver`) in a Z3 context of its own before the member
    // runs on a thread of its own: some of Z3's state is shared by its
    // contexts, and a nonlinear query met it otherwise in another state than
    // on a thread, and took another course (sum_closed_form_unsafe.c at -O2,
    // `--engine ufo`: 0.02 s after, more than 60 s without; the same in a
    // library caller that runs the member without lowering first).
    let _ = crate::smt::lower::static_approximations(&job.program, run_sem);
    run_and_write(&job.program, &member, &deadline, job.memory_share, &mut std::io::stdout().lock())
}

/// Runs `member` alone on a thread of its own (a member's stack) and writes
/// its outcome to `out` (buffered: a certificate of a million characters
/// is one write, not one per token); the exit code (0 written, 2 not).
fn run_and_write(p: &Program, member: &Member, deadline: &Deadline, share: Option<u64>, out: &mut impl Write) -> i32 {
    let run = || run_alone(p, member, deadline, share);
    let outcome = std::thread::scope(|s| {
        let worker = std::thread::Builder::new().name("ufo-member".into()).stack_size(crate::threads::STACK);
        worker.spawn_scoped(s, run).map_err(|e| e.to_string()).and_then(|t| t.join().map_err(|_| "panicked".into()))
    });
    let outcome =
        outcome.unwrap_or_else(|why| Outcome::unknown(format!("the member's thread: {why}"), Default::default()));
    let mut out = std::io::BufWriter::new(out);
    match serde_json::to_writer(&mut out, &outcome.to_wire()).map_err(std::io::Error::from).and_then(|_| out.flush()) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("ufo member: cannot write the answer: {e}");
            2
        }
    }
}

/// A forked member process waiting for its go: its pid and the parent's
/// ends of its three pipes (none once it was let go). One never let go is
/// killed and reaped when dropped.
#[derive(Debug)]
pub struct Fork {
    pid: libc::pid_t,
    pipes: Option<[std::fs::File; 3]>,
}

/// What a forked member is told when it may start.
#[derive(Serialize, Deserialize)]
struct Go {
    sem: IntSemantics,
    /// Seconds it has (none: no time limit).
    seconds: Option<f64>,
    /// Its share of the run's memory in bytes (none: no bound of its own).
    memory_share: Option<u64>,
}

impl Fork {
    /// Lets the member run with the time `deadline` leaves and under
    /// `m.sem`, until it answers, its token is cancelled or it outlives the
    /// deadline by [`GRACE`].
    fn go(mut self, m: &Member, deadline: &Deadline, memory_share: Option<u64>) -> Outcome {
        let Some([mut go, out, err]) = self.pipes.take() else {
            return Outcome::unknown("the member process was let go twice".to_string(), Default::default());
        };
        let word = Go { sem: m.sem, seconds: deadline.remaining().map(|d| d.as_secs_f64()), memory_share };
        let mut line = serde_json::to_vec(&word).unwrap_or_default();
        line.push(b'\n');
        // (a write error means the child ended early: its ending says why)
        let _ = go.write_all(&line);
        drop(go);
        let none: Option<(std::fs::File, &[u8])> = None;
        let stop = stopper(deadline, memory_share);
        answer_of(crate::child::supervise(crate::child::Forked(self.pid), none, out, err, POLL, stop))
    }
}

impl Drop for Fork {
    fn drop(&mut self) {
        if let Some([go, _, _]) = self.pipes.take() {
            drop(go);
            crate::child::Process::kill(&mut crate::child::Forked(self.pid));
        }
    }
}

/// Three pipes (go, out, err), close-on-exec (a clang the parent starts
/// does not inherit them).
fn pipes() -> std::io::Result<[[std::os::fd::OwnedFd; 2]; 3]> {
    use crate::child::pipe;
    Ok([pipe()?, pipe()?, pipe()?])
}

/// Forks the waiting process of member `m`. Call it where no other thread of
/// the process is inside Z3 or LLVM (module docs).
pub fn fork(p: &Program, m: &Member) -> std::io::Result<Fork> {
    use std::os::fd::AsRawFd;
    let [[go_r, go_w], [out_r, out_w], [err_r, err_w]] = pipes()?;
    // SAFETY: getpid has no preconditions.
    let parent = unsafe { libc::getpid() };
    // SAFETY: fork at a quiescent point (module docs); the child runs only
    // `forked_child`, which never returns.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(std::io::Error::last_os_error());
    }
    if pid == 0 {
        let fds = [go_r.as_raw_fd(), out_w.as_raw_fd(), err_w.as_raw_fd()];
        forked_child(p, m, parent, fds);
    }
    // SAFETY: puts our own child in a group of its own (the child does the
    // same: whichever runs first, the group exists before a kill).
    unsafe { libc::setpgid(pid, pid) };
    drop((go_r, out_w, err_w));
    Ok(Fork { pid, pipes: Some([go_w.into(), out_r.into(), err_r.into()]) })
}

/// The forked child: keeps only its pipes (`[go, out, err]`) open, with its
/// standard output and error on `err`; waits for its go, runs `m` and writes
/// the outcome on `out`; never returns.
fn forked_child(p: &Program, m: &Member, parent: libc::pid_t, [go, out, err]: [i32; 3]) -> ! {
    use std::os::fd::FromRawFd;
    // SAFETY: plain system calls on our own process and descriptors.
    unsafe {
        libc::setpgid(0, 0);
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 || libc::getppid() != parent {
            libc::_exit(2);
        }
        libc::dup2(err, 1);
        libc::dup2(err, 2);
    }
    crate::child::close_all_but(&[0, 1, 2, go, out, err]);
    // SAFETY: the child owns these descriptors now.
    let (mut go, mut out) = unsafe { (std::fs::File::from_raw_fd(go), std::fs::File::from_raw_fd(out)) };
    let mut line = Vec::new();
    let code = match go.read_to_end(&mut line) {
        Ok(_) => match serde_json::from_slice::<Go>(&line) {
            Ok(word) => {
                let mut member = m.clone();
                member.sem = word.sem;
                fault_if_asked(&member.name);
                let deadline = match word.seconds {
                    Some(s) => Deadline::after(Duration::from_secs_f64(s.max(0.0))),
                    None => Deadline::none(),
                };
                run_and_write(p, &member, &deadline, word.memory_share, &mut out)
            }
            // no go: the portfolio ended without this member
            Err(_) => 0,
        },
        Err(_) => 2,
    };
    // SAFETY: ends the child without running the parent's destructors.
    unsafe { libc::_exit(code) }
}

/// The member a job names, rebuilt from its engine options, and the run's
/// integer semantics (`--int`).
fn member(job: &Job<Program>) -> Result<(Member, IntSemantics), String> {
    let options = EngineArgs::from_args(&job.engine_args)?;
    let members = options.members_for_program(&job.program)?;
    let base = job.member.strip_suffix("-bv").unwrap_or(&job.member);
    let mut m = members
        .into_iter()
        .find(|m| m.name == job.member || m.name.strip_suffix("-bv").unwrap_or(&m.name) == base)
        .ok_or_else(|| format!("no member '{}' in the options", job.member))?;
    m.name = job.member.clone();
    m.sem = job.sem;
    Ok((m, options.int))
}

/// Test-only native faults ([`FAULT_VAR`]).
fn fault_if_asked(name: &str) {
    let Ok(spec) = std::env::var(FAULT_VAR) else { return };
    match spec.split_once(':') {
        Some((n, "abort")) if n == name => std::process::abort(),
        Some((n, "segv")) if n == name => {
            // SAFETY: ends the process on purpose (std's handler for stack
            // overflows would ignore a raised SIGSEGV, so it goes first).
            unsafe {
                libc::signal(libc::SIGSEGV, libc::SIG_DFL);
                libc::raise(libc::SIGSEGV);
            }
        }
        Some((n, "hang")) if n == name => loop {
            std::thread::sleep(Duration::from_secs(3600));
        },
        // 16 MiB more every 20 ms, written, until killed (a Z3 that grows
        // without looking at any token or bound)
        Some((n, "hog")) if n == name => {
            let mut held: Vec<Vec<u8>> = Vec::new();
            loop {
                held.push(vec![1; 16 << 20]);
                std::hint::black_box(&held);
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        _ => {}
    }
}

/// The engines that run in processes: those that call Z3 (`ai` cannot
/// fault natively and answers in milliseconds: it stays in process).
pub fn isolated(m: &Member) -> bool {
    !m.config.spec().runs_alone
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outcome_crosses_the_boundary_whole() {
        use crate::answer::{Certificate, Stats, Verdict};
        use crate::ir::{EdgeId, Expr, VarId};
        use crate::trace::Trace;
        #[derive(Clone, Debug, Default, Serialize)]
        struct Mine {
            rounds: usize,
        }
        impl crate::answer::OwnStats for Mine {
            const KEY: &'static str = "mine";
            fn fields(&self) -> Vec<(&'static str, String)> {
                vec![("rounds", self.rounds.to_string())]
            }
        }
        let mut stats = Stats::with(3, Mine { rounds: 7 });
        stats.counterexamples.retry_bit_precise = true;
        stats.counterexamples.spurious = 2;
        // a deep expression: past serde_json's default recursion limit
        let mut deep = Expr::Bool(true);
        for _ in 0..500 {
            deep = Expr::Not(Box::new(deep));
        }
        let trace = Trace { edges: vec![], inputs: vec![], states: vec![vec![(VarId(1), -5)]] };
        let o = Outcome {
            verdict: Verdict::Safe,
            reason: Some("r".into()),
            trace: Some(trace),
            certificate: Some(Certificate {
                sem: IntSemantics::Bv,
                invariants: vec![deep.clone()],
                complete_within: None,
                k_induction: None,
                procedures: None,
            }),
            stats,
            tests: vec![Trace { edges: vec![EdgeId(4)], inputs: vec![], states: vec![] }],
        };
        let text = serde_json::to_vec(&o.to_wire()).unwrap();
        let back = answer(Ended::Exited(std::process::ExitStatus::from_raw(0)), &text, "");
        assert_eq!(back.verdict, Verdict::Safe);
        assert_eq!(back.certificate.as_ref().unwrap().invariants, vec![deep]);
        assert_eq!(back.certificate.unwrap().sem, IntSemantics::Bv);
        assert_eq!(back.trace.unwrap().states, vec![vec![(VarId(1), -5)]]);
        assert!(back.stats.counterexamples.retry_bit_precise);
        assert_eq!(back.stats.counterexamples.spurious, 2);
        assert_eq!(back.stats.extras(), vec![("rounds", "7".to_string())]);
        assert_eq!(serde_json::to_value(&back.stats).unwrap()["mine"]["rounds"], 7);
        assert_eq!(back.stats.iterations, 3);
        assert_eq!(back.tests.iter().map(|t| t.edges.clone()).collect::<Vec<_>>(), vec![vec![EdgeId(4)]]);
    }

    #[test]
    fn a_child_without_an_answer_is_an_unknown_that_names_its_ending() {
        let segv = std::process::ExitStatus::from_raw(libc::SIGSEGV);
        let o = answer(Ended::Exited(segv), b"", "ASSERTION VIOLATION\nFile: x.cpp\n\n");
        assert_eq!(o.reason.as_deref(), Some("the member process was killed by signal SIGSEGV (11): File: x.cpp"));
        let exit3 = std::process::ExitStatus::from_raw(3 << 8);
        assert_eq!(
            answer(Ended::Exited(exit3), b"{}", "").reason.as_deref(),
            Some("the member process exited with status 3")
        );
        let ok_but_garbage = std::process::ExitStatus::from_raw(0);
        assert_eq!(
            answer(Ended::Exited(ok_but_garbage), b"{", "").reason.as_deref(),
            Some("the member process gave no answer")
        );
        assert_eq!(answer(Ended::Killed("cancelled".into()), b"", "").reason.as_deref(), Some("cancelled"));
    }
}
