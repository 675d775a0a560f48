//! The portfolio (DESIGN.md "Engines": `portfolio`): several engines on one
//! program, each on a thread of its own (a member that calls Z3 runs in a
//! child process that thread waits for, when the run names the executable:
//! `member`), the first answer that passes the independent check wins and
//! the others are cancelled. A single engine is a portfolio of one member.
//!
//! Invariants:
//! - Every member's answer goes through `check` before it can win; a
//!   rejected certificate or a failed replay is that member's UNKNOWN (kept
//!   in the member's run, with its reason), and the others go on. Checks run
//!   one at a time and the winner is decided inside the same critical
//!   section, so no answer is checked (no harness written) after another won.
//! - Checks run on the caller's thread (it waits for the members anyway),
//!   asked by the members' threads: in the Z3 context that thread already
//!   has (the driver lowered the program there), where a check on a member's
//!   thread made a context of its own, 17 MB that Z3 touches, 6 ms of CPU,
//!   the largest cost of a run that `ai` answers (issue 43 §1). Callers run
//!   `run` on a thread with a member's stack (`threads::STACK`), as
//!   `runner::verify` does.
//! - A member process is forked when its member starts, on the caller's
//!   thread too, between checks: every Z3 call of this process is that
//!   thread's then (members in process, `ai`, call neither Z3 nor LLVM), so
//!   no other thread is inside Z3 or LLVM when it forks (`member::fork`).
//! - A member that panics answers UNKNOWN naming the panic; the portfolio goes on.
//! - A member whose counterexample the check found spurious bit-precisely
//!   (`check::path`), or whose Spacer query (UFO's refinement, whole-program
//!   Spacer) ended `unknown` rather than by the clock, runs
//!   again, once, under `bv` within its own time (lazy
//!   precision per run, issue 19 §1; the explicit-value paper's §IV refines
//!   the precision the same way after a precise counterexample check); its
//!   answer then carries `bv` as its semantics, and its check is under `bv`.
//! - After a winner, every other member's token is cancelled (`Cancel`
//!   interrupts its Z3 calls), and `run` returns only when every member
//!   thread has ended: no work outlives the answer, and there is one verdict.
//! - A member that answers in milliseconds (`ai`) runs alone: no other
//!   member starts while it runs. Its win then interrupts nobody, and it has
//!   the machine to itself.
//! - From a cancellation of members still running until every thread has
//!   ended, stderr is muted (`stderr_mute`: an interrupted Spacer with global
//!   guidance prints a Z3 assertion violation there).
//! - Near a memory limit (`memory_guard::pressure`), the guard stops the
//!   member that has run longest, with the reason "out of memory: ..." as its
//!   UNKNOWN, and stops another only after that one's thread ended (with its
//!   Z3 context) and its memory was given back (issue 56: a failed allocation
//!   inside Z3 crashes the process, so the run stops before one).
//! - The first member that runs beside others (the first after `ai`) has a
//!   head start: no other member starts until it ended or [`HEAD_START`]
//!   (a twentieth of the time left, if less) passed. Most answers come from
//!   it within that time, and then the machine paid for one member, not two
//!   racing (issue 43 §1).
//! - With fewer threads than members, members start in order, and each but
//!   the last ones gets a time slice: the time left shared among the rounds
//!   of `jobs` members still to run, so one that never ends cannot starve
//!   the rest.

use crate::engines::CexRefinement;
use crate::engines::{Member, Outcome, Verdict};
use crate::ir::Program;
use crate::member::{self, guarded, Processes};
use crate::memory_guard;
use crate::smt::{Deadline, IntSemantics};
use serde::Serialize;
use std::collections::VecDeque;
use std::sync::{mpsc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Told the names of the members running each time that changes (the
/// progress line of a terminal; nothing else may print from the library).
#[derive(Clone)]
pub struct Progress(pub std::sync::Arc<Tell>);

/// What a [`Progress`] calls: the names of the members running.
pub type Tell = dyn Fn(&[String]) + Send + Sync;

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress")
    }
}

/// What one member did.
#[derive(Clone, Debug, Serialize)]
pub struct MemberRun {
    pub name: String,
    pub verdict: Verdict,
    /// Why it did not answer (after the check: "certificate rejected: ...").
    pub reason: Option<String>,
    /// Wall-clock seconds it ran (engine and check).
    pub seconds: f64,
}

/// The portfolio's answer: the winner's checked outcome (or an UNKNOWN that
/// says why nobody answered), and what each member did.
pub struct Answer<R> {
    pub outcome: Outcome,
    /// The winner's integer semantics (the first member's if none won).
    pub sem: IntSemantics,
    /// What the check returned for the winner (its replay).
    pub checked: Option<R>,
    pub winner: Option<String>,
    pub runs: Vec<MemberRun>,
}

/// How a portfolio runs: its threads, who hears of its progress, and where
/// its members run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Setup<'a> {
    /// At most this many members at a time (at least one).
    pub jobs: usize,
    /// Told the names of the members running.
    pub progress: Option<&'a Progress>,
    /// Members that call Z3 run in processes of their own (`member`).
    pub processes: Option<&'a Processes>,
}

/// Runs `members` on `p` as `setup` says until one answer passes
/// `check` (which turns a rejected answer into UNKNOWN and returns what the
/// report needs of an accepted one) or all have ended.
pub fn run<R: Send>(
    p: &Program,
    members: &[Member],
    setup: Setup<'_>,
    deadline: &Deadline,
    check: &(dyn Fn(&Member, &mut Outcome, &Deadline) -> Option<R> + Sync),
) -> Answer<R> {
    run_guarded(p, members, setup, deadline, check, &memory_guard::pressure)
}

/// What the memory guard asks every `memory_guard::INTERVAL`: why the run
/// must give memory back now, if it must.
pub type Pressure<'a> = dyn Fn() -> Option<String> + Sync + 'a;

/// [`run`], with the memory guard asking `pressure` (tests give their own).
pub fn run_guarded<R: Send>(
    p: &Program,
    members: &[Member],
    setup: Setup<'_>,
    deadline: &Deadline,
    check: &(dyn Fn(&Member, &mut Outcome, &Deadline) -> Option<R> + Sync),
    pressure: &Pressure<'_>,
) -> Answer<R> {
    let Setup { jobs, progress, processes } = setup;
    let jobs = jobs.clamp(1, members.len().max(1));
    let tokens: Vec<Deadline> = members.iter().map(|_| deadline.child(None)).collect();
    let state = Mutex::new(State {
        queue: (0..members.len()).collect(),
        winner: None,
        runs: Vec::new(),
        last: None,
        running: Vec::new(),
        started: Vec::new(),
        releases: 0,
        stopped_for_memory: false,
        unstarted: None,
        alone: false,
        head_start: None,
    });
    let turn = Condvar::new();
    let muted = Mutex::new(None);
    let tell = |running: Vec<String>| {
        if let Some(p) = progress {
            (p.0)(&running)
        }
    };
    let sliced = members.len() > jobs;
    let checks = Mutex::new(());
    // the checks and the forks of member processes are made on this thread
    // (module docs), asked by the members' threads
    let (check_tx, check_rx) = mpsc::channel::<Request<R>>();
    let forked = processes.is_some_and(|how| how.fork);
    // every worker holds a sender: the guard runs until all have ended
    let (alive, workers_ended) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (state, tokens, checks, tell, turn, muted) = (&state, &tokens, &checks, &tell, &turn, &muted);
            let check_tx = check_tx.clone();
            // Runs members until the queue is empty (false) or one was
            // stopped for memory (true: its thread ends, and with it the
            // thread's Z3 context, the only way Z3 gives that memory back).
            let members_loop = move |checker: &mpsc::Sender<Request<R>>| loop {
                let next = {
                    let mut s = lock(state);
                    loop {
                        if s.alone {
                            s = turn.wait(s).unwrap_or_else(|e| e.into_inner());
                            continue;
                        }
                        // the head start: wait while its member runs and it lasts
                        let head = s.head_start.filter(|(h, _)| s.started.iter().any(|(j, _)| j == h));
                        match head.map(|(_, until)| until.saturating_duration_since(Instant::now())) {
                            Some(left) if !left.is_zero() && s.winner.is_none() => {
                                s = turn.wait_timeout(s, left).map(|r| r.0).unwrap_or_else(|e| e.into_inner().0);
                            }
                            _ => break,
                        }
                    }
                    if s.winner.is_some() {
                        None
                    } else {
                        let next = s.queue.pop_front().map(|i| (i, s.queue.len()));
                        if let Some((i, _)) = next {
                            s.running.push(members[i].name.clone());
                            s.started.push((i, Instant::now()));
                            s.alone = runs_alone(&members[i]);
                            // the first member that runs beside others starts alone
                            if jobs > 1 && s.head_start.is_none() && !s.alone && !s.queue.is_empty() {
                                s.head_start = Some((i, Instant::now() + head_start(deadline)));
                            }
                        }
                        next.map(|n| (n, s.running.clone()))
                    }
                };
                let Some(((i, left), running)) = next else { break false };
                tell(running);
                // the members still to start, this one included, share the
                // time left by rounds of `jobs`
                let slice = (sliced && left > 0).then(|| slice_for(deadline, (left + 1).div_ceil(jobs)));
                let member_deadline = tokens[i].child(slice);
                let check_deadline = tokens[i].clone();
                let t = Instant::now();
                // A counterexample that is spurious bit-precisely makes the
                // member run again under `bv` (issue 19 §1: lazy precision, per
                // run), while its time lasts.
                let mut member = members[i].clone();
                let mut before = CexRefinement::default();
                let mut first_reason = None;
                let (outcome, checked, _checking) = loop {
                    let fork = (forked && member::isolated(&member)).then(|| ask_fork(checker, &member)).flatten();
                    let mut outcome = member::run(p, &member, &member_deadline, processes, fork);
                    // Checks, and the decision, one member at a time: a replay
                    // writes `--harness`, so a loser must not check after (or
                    // while) a winner's answer is decided.
                    let checking = lock(checks);
                    let checked = if outcome.verdict == Verdict::Unknown {
                        None
                    } else if check_deadline.cancelled() {
                        outcome = Outcome::unknown(check_deadline.stop_reason(), outcome.stats);
                        None
                    } else {
                        let checked;
                        (outcome, checked) = ask_check(checker, &member, outcome, &check_deadline);
                        checked
                    };
                    let cex = &mut outcome.stats.counterexamples;
                    let retry = cex.spurious > 0 || cex.retry_bit_precise;
                    cex.add(&before);
                    // (not one stopped for memory: it would only grow again)
                    if retry
                        && outcome.verdict == Verdict::Unknown
                        && !memory_guard::stopped_for_memory(outcome.reason.as_deref())
                        && member.sem != IntSemantics::Bv
                        && !member_deadline.expired()
                    {
                        before = outcome.stats.counterexamples.clone();
                        before.bv_reruns += 1;
                        member.sem = IntSemantics::Bv;
                        first_reason = outcome.reason.take();
                        continue;
                    }
                    if let (Verdict::Unknown, Some(first)) = (outcome.verdict, &first_reason) {
                        let last = outcome.reason.take().unwrap_or_default();
                        outcome.reason = Some(format!("{last} (run again under bv after: {first})"));
                    }
                    break (outcome, checked, checking);
                };
                let run = MemberRun {
                    name: members[i].name.clone(),
                    verdict: outcome.verdict,
                    reason: outcome.reason.clone(),
                    seconds: t.elapsed().as_secs_f64(),
                };
                let mut s = lock(state);
                if runs_alone(&members[i]) {
                    s.alone = false;
                }
                // (a member that runs alone or has the head start ended)
                turn.notify_all();
                s.runs.push(run);
                s.running.retain(|n| *n != members[i].name);
                s.started.retain(|(j, _)| *j != i);
                let running = s.running.clone();
                if outcome.verdict != Verdict::Unknown && s.winner.is_none() {
                    s.winner = Some((i, member.sem, outcome, checked));
                    if !s.running.is_empty() {
                        *lock(muted) = Some(crate::stderr_mute::mute());
                    }
                    for (j, tok) in tokens.iter().enumerate() {
                        if j != i {
                            tok.cancel();
                        }
                    }
                } else if s.winner.is_none() {
                    // a member process stopped its member near its own limit
                    if memory_guard::stopped_for_memory(outcome.reason.as_deref()) {
                        s.stopped_for_memory = true;
                    }
                    s.last = Some(outcome);
                }
                drop(s);
                tell(running);
                if tokens[i].token().cause().is_some() {
                    break true;
                }
            };
            let alive = alive.clone();
            let worker = move || {
                let _alive = alive;
                let checker = &check_tx;
                loop {
                    let more = std::thread::scope(|inner| {
                        let spawned = std::thread::Builder::new()
                            .name("ufo-member".into())
                            .stack_size(crate::threads::STACK)
                            .spawn_scoped(inner, move || members_loop(checker));
                        match spawned {
                            Ok(t) => t.join().ok(),
                            Err(e) => {
                                lock(state).unstarted = Some(e.to_string());
                                None
                            }
                        }
                    });
                    if more != Some(true) {
                        break;
                    }
                    memory_guard::release();
                    lock(state).releases += 1;
                }
            };
            if let Err(e) = std::thread::Builder::new().name("ufo-worker".into()).spawn_scoped(scope, worker) {
                lock(state).unstarted = Some(e.to_string());
                break;
            }
        }
        drop(alive);
        let (state, tokens) = (&state, &tokens);
        scope.spawn(move || guard_memory(members, state, tokens, &workers_ended, pressure));
        // until every worker has ended (and dropped its sender)
        drop(check_tx);
        for request in check_rx {
            match request {
                Request::Check(job) => {
                    let CheckJob { member, mut outcome, deadline, reply } = *job;
                    let checked = guarded(|| check(&member, &mut outcome, &deadline)).unwrap_or_else(|why| {
                        outcome.verdict = Verdict::Unknown;
                        outcome.reason = Some(why);
                        None
                    });
                    let _ = reply.send((outcome, checked));
                }
                // (a failed fork: the member starts as `ufo member`)
                Request::Fork(member, reply) => drop(reply.send(member::fork(p, &member).ok())),
            }
        }
    });
    drop(muted);
    let s = state.into_inner().unwrap_or_else(|e| e.into_inner());
    let runs = s.runs;
    match s.winner {
        Some((i, sem, outcome, checked)) => {
            Answer { outcome, sem, checked, winner: Some(members[i].name.clone()), runs }
        }
        None => {
            let sem = members.first().map_or(IntSemantics::Lia, |m| m.sem);
            let outcome = match (members.len(), s.last) {
                (1, Some(o)) => o,
                // the reason starts with why the run stopped (BenchExec's
                // tool-info and the bench read "timeout" there), then each member's
                _ if deadline.expired() => {
                    Outcome::unknown(format!("{}; {}", deadline.stop_reason(), no_answer(&runs)), Default::default())
                }
                _ if s.stopped_for_memory => Outcome::unknown(
                    format!("{}; {}", memory_guard::OUT_OF_MEMORY, no_answer(&runs)),
                    Default::default(),
                ),
                _ if runs.is_empty() && s.unstarted.is_some() => Outcome::unknown(
                    format!("no member ran: cannot start a thread ({})", s.unstarted.unwrap_or_default()),
                    Default::default(),
                ),
                _ => Outcome::unknown(no_answer(&runs), Default::default()),
            };
            Answer { outcome, sem, checked: None, winner: None, runs }
        }
    }
}

/// What a member's thread asks of the portfolio's thread.
enum Request<R> {
    Check(Box<CheckJob<R>>),
    /// A process for the member, forked where no other thread is inside Z3
    /// or LLVM (`member::fork`), if it could be.
    Fork(Member, mpsc::Sender<Option<member::Fork>>),
}

/// A member's answer to check on the portfolio's thread, and where the
/// checked outcome goes back.
struct CheckJob<R> {
    member: Member,
    outcome: Outcome,
    deadline: Deadline,
    reply: mpsc::Sender<(Outcome, Option<R>)>,
}

/// Has the portfolio's thread check `outcome` of `member`, and waits for it.
fn ask_check<R>(
    checker: &mpsc::Sender<Request<R>>,
    member: &Member,
    outcome: Outcome,
    deadline: &Deadline,
) -> (Outcome, Option<R>) {
    let (reply, answer) = mpsc::channel();
    let job = Box::new(CheckJob { member: member.clone(), outcome, deadline: deadline.clone(), reply });
    if let Err(mpsc::SendError(Request::Check(job))) = checker.send(Request::Check(job)) {
        // (the portfolio's thread serves until every worker has ended)
        let why = "internal error: nobody checks the answer".to_string();
        return (Outcome::unknown(why, job.outcome.stats), None);
    }
    answer.recv().unwrap_or_else(|_| {
        (Outcome::unknown("internal error: the check ended without an answer", Default::default()), None)
    })
}

/// Has the portfolio's thread fork a process for `member`, and waits for it.
fn ask_fork<R>(asker: &mpsc::Sender<Request<R>>, member: &Member) -> Option<member::Fork> {
    let (reply, forked) = mpsc::channel();
    asker.send(Request::Fork(member.clone(), reply)).ok()?;
    forked.recv().ok().flatten()
}

struct State<R> {
    queue: VecDeque<usize>,
    /// The member, the integer semantics of its answer, the answer.
    winner: Option<(usize, IntSemantics, Outcome, Option<R>)>,
    runs: Vec<MemberRun>,
    /// The latest member's outcome while nobody won (a lone member's answer).
    last: Option<Outcome>,
    /// The members running now.
    running: Vec<String>,
    /// The members running now, by index, with the time each started.
    started: Vec<(usize, Instant)>,
    /// Times a worker gave a stopped member's memory back.
    releases: usize,
    /// The memory guard stopped a member.
    stopped_for_memory: bool,
    /// Why a thread could not be started, if one could not.
    unstarted: Option<String>,
    /// A member that runs alone is running.
    alone: bool,
    /// The member with the head start, and when its head start ends.
    head_start: Option<(usize, Instant)>,
}

/// The memory guard (issue 56, `memory_guard`): every
/// `memory_guard::INTERVAL` until the workers have ended, while the process
/// is within the headroom of a memory limit, stops the member that has run
/// longest (its token cancelled with the reason, the way a loser is
/// stopped), then waits until that member's thread gave its memory back
/// before it stops another. `ai` is never stopped: it is over in
/// milliseconds.
fn guard_memory<R>(
    members: &[Member],
    state: &Mutex<State<R>>,
    tokens: &[Deadline],
    workers_ended: &mpsc::Receiver<()>,
    pressure: &Pressure<'_>,
) {
    // the member stopped last, and the releases counted when it was stopped
    let mut stopped: Option<(usize, usize)> = None;
    while let Err(mpsc::RecvTimeoutError::Timeout) = workers_ended.recv_timeout(memory_guard::INTERVAL) {
        if let Some((_, releases)) = stopped {
            if lock(state).releases == releases {
                continue;
            }
        }
        stopped = None;
        let Some(why) = pressure() else { continue };
        let mut s = lock(state);
        let longest =
            s.started.iter().filter(|(i, _)| !runs_alone(&members[*i])).min_by_key(|(_, t)| *t).map(|(i, _)| *i);
        if let Some(i) = longest {
            tokens[i].token().cancel_because(&why);
            s.stopped_for_memory = true;
            stopped = Some((i, s.releases));
        }
    }
}

/// Whether `m` runs with no other member beside it: it answers in
/// milliseconds (abstract interpretation).
fn runs_alone(m: &Member) -> bool {
    m.config.spec().runs_alone
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// How long the first member that runs beside others runs alone: a
/// twentieth of the time left, at most [`HEAD_START`].
fn head_start(deadline: &Deadline) -> Duration {
    deadline.remaining().map_or(HEAD_START, |left| (left / 20).min(HEAD_START))
}

/// The longest head start (issue 43 §1: on the shared set most answers of
/// the first member come within it, and then the others never start).
pub const HEAD_START: Duration = Duration::from_secs(2);

/// A member's share of the time left when `rounds` rounds of members are
/// still to run; without a time limit, a fixed slice.
fn slice_for(deadline: &Deadline, rounds: usize) -> Duration {
    match deadline.remaining() {
        Some(left) => left / rounds.max(1) as u32,
        None => Duration::from_secs(60),
    }
}

/// The reason of a portfolio without an answer: each member's.
fn no_answer(runs: &[MemberRun]) -> String {
    let parts: Vec<String> =
        runs.iter().map(|r| format!("{}: {}", r.name, r.reason.as_deref().unwrap_or("no answer"))).collect();
    if parts.is_empty() {
        "no member ran".into()
    } else {
        parts.join("; ")
    }
}
