//! Cancellation (DESIGN.md "Engines"): a token cancelled from another thread
//! stops a running Z3 call within a second, and the engine answers UNKNOWN
//! "cancelled". The program is tests/data/cubes_safe.c, whose invariant is
//! nonlinear: Spacer on its clauses and BMC with a large bound run for
//! minutes (measured: more than 60 s with Z3 5.3.2).

use std::time::{Duration, Instant};
use ufo::engines::{self, EngineConfig, EngineContext, Verdict};
use ufo::frontend::{self, FrontendOptions, OptLevel};
use ufo::ir::Program;
use ufo::smt::deadline::{detached, remaining_ms, Cancel, ABANDON_AFTER};
use ufo::smt::Install;
use ufo::smt::{Deadline, IntSemantics};

fn cubes() -> Program {
    let opts = FrontendOptions { opt: OptLevel::O0, ..Default::default() };
    let p = frontend::build_program(&["tests/data/cubes_safe.c".to_string()], &opts).unwrap();
    ufo::cfg::slice::slice_vars(&ufo::cfg::slice::slice(&p).0)
}

/// Runs `work` on a thread with a deadline of `cancel`, cancels it after
/// `after`, and returns its result and how long it took to return after the
/// cancel.
fn cancel_after<T: Send + 'static>(
    after: Duration,
    work: impl FnOnce(Deadline) -> T + Send + 'static,
) -> (T, Duration) {
    let cancel = Cancel::new();
    let deadline = Deadline::none().with_cancel(cancel.clone());
    let worker = std::thread::Builder::new().stack_size(1 << 28).spawn(move || work(deadline)).unwrap();
    std::thread::sleep(after);
    assert!(!worker.is_finished(), "the work ended before it was cancelled: the test proves nothing");
    let t = Instant::now();
    cancel.cancel();
    let r = worker.join().unwrap();
    (r, t.elapsed())
}

#[test]
fn a_running_spacer_query_stops_within_a_second_of_cancel() {
    let text = ufo::chc::horn::export(&cubes(), IntSemantics::Lia, &[]);
    let (answer, took) = cancel_after(Duration::from_secs(3), move |d| {
        let _installed = d.install();
        ufo::chc::horn::solve(&text)
    });
    assert_eq!(answer, Ok(None), "a cancelled query has no answer");
    assert!(took < Duration::from_secs(1), "stopped {took:?} after the cancel");
}

#[test]
fn a_cancelled_engine_answers_unknown_cancelled() {
    let p = cubes();
    let (outcome, took) = cancel_after(Duration::from_secs(3), move |d| {
        let o = engines::run(
            &EngineConfig::new(engines::bmc::Config { bound: 3000, deepen: false, quick: false }),
            &p,
            &EngineContext { sem: IntSemantics::Lia, deadline: &d },
        );
        (o.verdict, o.reason, o.stats.own::<engines::bmc::BmcStats>().map_or(0.0, |b| b.solve_time))
    });
    let (verdict, reason, refine_time) = outcome;
    assert_eq!(verdict, Verdict::Unknown);
    assert_eq!(reason.as_deref(), Some("cancelled"));
    assert!(refine_time > 2.0, "the solver ran until the cancel: {refine_time}");
    assert!(took < Duration::from_secs(1), "stopped {took:?} after the cancel");
}

#[test]
fn a_cancel_before_the_work_starts_stops_it_at_once() {
    let cancel = Cancel::new();
    cancel.cancel();
    let d = Deadline::none().with_cancel(cancel);
    let t = Instant::now();
    let text = ufo::chc::horn::export(&cubes(), IntSemantics::Lia, &[]);
    let answer = std::thread::spawn(move || {
        let _installed = d.install();
        ufo::chc::horn::solve(&text)
    })
    .join()
    .unwrap();
    assert_eq!(answer, Ok(None));
    assert!(t.elapsed() < Duration::from_secs(2), "took {:?}", t.elapsed());
}

/// Work deaf to its deadline (as Z3's bit-vector internalization does not
/// poll the interrupt: the certificate check of fuzz program f2028000026 at
/// -O0 ran 10 s past the time limit) holds a detached thread, not its
/// caller: the caller goes on `ABANDON_AFTER` past the deadline.
/// A thread that answered in time is kept for the next call (with its Z3
/// context); an abandoned one is not.
#[test]
fn work_deaf_to_its_deadline_is_abandoned_soon_after_it() {
    let _alone = DETACHED.lock().unwrap_or_else(|e| e.into_inner());
    let d = Deadline::after(Duration::from_millis(300));
    let _installed = d.install();
    let first = detached(|| std::thread::current().id()).expect("in time");
    assert_eq!(detached(|| std::thread::current().id()), Some(first), "the thread is kept");
    let t = Instant::now();
    let r = detached(|| {
        std::thread::sleep(Duration::from_secs(6));
        std::thread::current().id()
    });
    let took = t.elapsed();
    assert_eq!(r, None, "abandoned work has no result");
    assert!(took >= ABANDON_AFTER, "waited {took:?}");
    assert!(took < ABANDON_AFTER + Duration::from_millis(1000), "waited {took:?}");
    let d = Deadline::after(Duration::from_secs(10));
    let _installed = d.install();
    assert_ne!(detached(|| std::thread::current().id()), Some(first), "the abandoned thread is busy");
}

/// The tests of `detached` one at a time: they count its threads.
static DETACHED: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Detached work sees its caller's deadline and the caller's cancel; a
/// result and a panic come back to the caller.
#[test]
fn detached_work_has_its_callers_deadline_cancel_result_and_panic() {
    let _alone = DETACHED.lock().unwrap_or_else(|e| e.into_inner());
    // the deadline
    let d = Deadline::after(Duration::from_secs(30));
    let installed = d.install();
    let left = detached(remaining_ms).expect("a result").expect("a deadline");
    assert!((20_000..=30_000).contains(&left), "{left} ms left");
    drop(installed);
    // the cancel: without a time limit, `remaining_ms` is Some(1) only once cancelled
    let cancel = Cancel::new();
    let d = Deadline::none().with_cancel(cancel.clone());
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        cancel.cancel();
    });
    let _installed = d.install();
    let t = Instant::now();
    let seen = detached(move || {
        while remaining_ms() != Some(1) && t.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(10));
        }
        t.elapsed()
    })
    .expect("no time limit: the caller waits");
    canceller.join().unwrap();
    assert!(seen < Duration::from_secs(2), "the cancel reached the work after {seen:?}");
    // a panic
    let p = std::panic::catch_unwind(|| detached(|| -> u8 { panic!("deaf") })).unwrap_err();
    assert_eq!(p.downcast_ref::<&str>(), Some(&"deaf"));
}

/// Runs `ufo verify --json ARGS`: the seconds it took and its report.
fn timed_verify(args: &[&str]) -> (f64, serde_json::Value) {
    let t = Instant::now();
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_ufo")).args(["verify", "--json"]).args(args).output().unwrap();
    let took = t.elapsed().as_secs_f64();
    (took, serde_json::from_slice(&out.stdout).expect("one JSON object"))
}

/// The run of fuzz program f2028000026 at -O0 (tests/data/deaf_bv_check_safe.c)
/// ended 10 s past its time limit: Spacer's certificate, checked under bv,
/// kept Z3 in bit-vector internalization, deaf to the interrupt, until the
/// watchdog answered. Its checks are now abandoned a second past the limit.
#[test]
fn a_run_whose_certificate_check_is_deaf_to_the_interrupt_ends_soon_after_its_limit() {
    let limit = 4.0;
    let (took, report) = timed_verify(&["tests/data/deaf_bv_check_safe.c", "--opt", "O0", "--timeout", "4"]);
    assert_ne!(report["verdict"], "UNSAFE", "{report}");
    assert!(took < limit + 2.5, "ended {:.1} s past the limit of {limit} s: {}", took - limit, report["reason"]);
}

/// The run of fuzz program f2026000577 at -O0 (tests/data/deaf_nlsat_answer_unsafe.c)
/// ended 10 s past its time limit: Spacer's derivation of the error, its ground
/// refutation, kept Z3's nlsat in root isolation over the clauses' `x2 * x2`,
/// deaf to the interrupt, until the watchdog answered (UNKNOWN after 20 s at a
/// 10 s limit). Over nonlinear clauses the engine no longer asks for it: the
/// Spacer member alone ends within its limit, and the bug is found (by BMC)
/// and replayed.
#[test]
fn a_run_whose_spacer_derivation_is_deaf_to_the_interrupt_ends_within_its_limit() {
    let limit = 4.0;
    let file = "tests/data/deaf_nlsat_answer_unsafe.c";
    let (took, report) = timed_verify(&[file, "--opt", "O0", "--timeout", "4", "--portfolio", "spacer", "--jobs", "1"]);
    assert!(took < limit + 2.5, "ended {:.1} s past the limit of {limit} s: {}", took - limit, report["reason"]);
    assert_eq!(report["verdict"], "UNSAFE", "{report}");
    assert_eq!(report["counterexample"]["replay"]["reached"], true, "{report}");
}
