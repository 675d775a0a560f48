//! Cancellation (DESIGN.md "Engines"): a token cancelled from another thread
//! stops a running Z3 call within a second, and the engine answers UNKNOWN
//! "cancelled". The program is tests/data/cubes_safe.c, whose invariant is
//! nonlinear: Spacer on its clauses and BMC with a large bound run for
//! minutes (measured: more than 60 s with Z3 5.3.2).

use std::time::{Duration, Instant};
use ufo::engines::{self, EngineConfig, EngineContext, Verdict};
use ufo::frontend::{self, DataModel, FrontendOptions, OptLevel, Property};
use ufo::ir::Program;
use ufo::smt::deadline::Cancel;
use ufo::smt::{Deadline, IntSemantics};

fn cubes() -> Program {
    let opts = FrontendOptions {
        opt: OptLevel::O0,
        data_model: DataModel::Lp64,
        entry: "main".into(),
        property: Property::Assertions,
        svcomp: false,
        malloc_never_null: false,
    };
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
    let text = ufo::smt::horn::export(&cubes(), IntSemantics::Lia, &[]);
    let (answer, took) = cancel_after(Duration::from_secs(3), move |d| {
        let _installed = d.install();
        ufo::smt::horn::solve(&text)
    });
    assert_eq!(answer, Ok(None), "a cancelled query has no answer");
    assert!(took < Duration::from_secs(1), "stopped {took:?} after the cancel");
}

#[test]
fn a_cancelled_engine_answers_unknown_cancelled() {
    let p = cubes();
    let (outcome, took) = cancel_after(Duration::from_secs(3), move |d| {
        let o = engines::run(&EngineConfig::bmc(3000), &p, &EngineContext { sem: IntSemantics::Lia, deadline: &d });
        (o.verdict, o.reason, o.stats.bmc.as_ref().map_or(0.0, |b| b.solve_time))
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
    let text = ufo::smt::horn::export(&cubes(), IntSemantics::Lia, &[]);
    let answer = std::thread::spawn(move || {
        let _installed = d.install();
        ufo::smt::horn::solve(&text)
    })
    .join()
    .unwrap();
    assert_eq!(answer, Ok(None));
    assert!(t.elapsed() < Duration::from_secs(2), "took {:?}", t.elapsed());
}
