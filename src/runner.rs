//! The one way a verification runs under a watchdog, for `ufo verify`,
//! `ufo cc` and the pass plugin alike: the pipeline runs on a thread of its
//! own (a large stack for deep recursion; a panic is caught and becomes
//! UNKNOWN, never a crash of the caller), and the caller waits at most the
//! time limit plus [`GRACE`]. A run that has not answered by then is
//! cancelled (its Z3 calls are interrupted, `deadline::Cancel`) and
//! answered UNKNOWN. Invariant: `verify` returns within `timeout + GRACE`.

use crate::deadline::Cancel;
use crate::driver::{self, Bitcode, VerifyOptions};
use crate::engines::Verdict;
use crate::error::{Error, Result};
use crate::frontend::{DataModel, OptLevel};
use crate::pipeline_options::PipelineOptions;
use crate::report::diagnostics::{diagnostics, Diagnostic, Severity};
use crate::report::Report;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Seconds past the time limit after which the watchdog answers for a
/// verifier thread that did not stop.
pub const GRACE: f64 = 10.0;

/// The message of a panic payload.
fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Whether a correctness witness of `report` needs the invariants of a proof
/// at -O0 ([`witness_proof`]): a SAFE answer of an optimized program whose
/// certificate gives no invariant in C at a source loop.
pub fn needs_witness_proof(opts: &VerifyOptions, report: &Report) -> bool {
    report.verdict == Verdict::Safe
        && opts.frontend.opt != OptLevel::O0
        && crate::report::witness::exported_invariants(report).next().is_none()
}

/// The report whose loop invariants a correctness witness of `report` lists
/// (`--witness`): `None` for `report` itself, where it is not SAFE or its
/// certificate gives an invariant in C at a source loop, or it was proved
/// at -O0. Else (the optimizer often settles the check itself, deleting a
/// loop or the facts an invariant would carry, and the proof of the
/// optimized program needs no invariant at the source's loops) the report
/// of a proof at -O0 within the time `report` left, if it is SAFE: its
/// invariants are of the source's loops, and checked like every certificate.
pub fn witness_proof(opts: &VerifyOptions, report: &Report, spent: Duration) -> Option<Report> {
    if !needs_witness_proof(opts, report) {
        return None;
    }
    let mut at_o0 = opts.clone();
    at_o0.frontend.opt = OptLevel::O0;
    at_o0.progress = None;
    at_o0.timeout = match opts.timeout.map(|t| t - spent.as_secs_f64()) {
        None => None,
        Some(left) if left >= 1.0 => Some(left),
        Some(_) => return None,
    };
    let proof = verify(&at_o0).ok()?;
    (proof.verdict == Verdict::Safe && crate::report::witness::exported_invariants(&proof).next().is_some())
        .then_some(proof)
}

/// Runs the pipeline of `opts` under the watchdog (module docs).
pub fn verify(opts: &VerifyOptions) -> Result<Report> {
    let cancel = Cancel::new();
    let mut run = opts.clone();
    run.cancel = cancel.clone();
    let (tx, rx) = mpsc::channel();
    let worker =
        std::thread::Builder::new().name("ufo-verify".into()).stack_size(crate::threads::STACK).spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| driver::verify(&run)));
            let _ = tx.send(r);
        });
    if let Err(e) = worker {
        return Err(Error::Tool(format!("cannot start the verifier thread: {e}")));
    }
    let received = match opts.timeout {
        Some(t) => rx.recv_timeout(Duration::from_secs_f64(t.max(0.0) + GRACE)),
        None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
    };
    match received {
        Ok(Ok(r)) => r,
        Ok(Err(panic)) if cancel.is_cancelled() => {
            Ok(driver::unknown(opts, &format!("cancelled ({})", panic_message(&*panic))))
        }
        Ok(Err(panic)) => Ok(driver::unknown(
            opts,
            &format!("internal error: {} (please report this with the input file)", panic_message(&*panic)),
        )),
        Err(RecvTimeoutError::Timeout) => {
            cancel.cancel();
            Ok(driver::unknown(opts, &format!("timeout: the verifier did not stop within {GRACE} s of the time limit")))
        }
        Err(RecvTimeoutError::Disconnected) => Ok(driver::unknown(opts, "internal error: the verifier thread ended")),
    }
}

/// Verifies one unit of a build (`ufo cc`, the pass plugin through
/// `ufo plugin-verify`): the module `bitcode` of source `name`, under the
/// options of `UFO_OPTIONS`. Returns its diagnostics and whether a bug was
/// found; never fails (a problem is a diagnostic).
pub fn unit(
    name: &str,
    bitcode: Vec<u8>,
    opts: &PipelineOptions,
    opt: OptLevel,
    dm: DataModel,
    werror: bool,
) -> (Vec<Diagnostic>, bool) {
    let one = |severity, message| (vec![Diagnostic { severity, at: None, message }], false);
    let vo = opts.verify_options(vec![name.to_string()], Some(Bitcode(bitcode.into())), opt, dm);
    match verify(&vo) {
        Ok(r) => (diagnostics(&r, werror), r.verdict == Verdict::Unsafe),
        Err(Error::NoEntry { entry, .. }) => one(Severity::Remark, format!("not verified: no function '{entry}' here")),
        Err(e) => one(Severity::Warning, format!("UNKNOWN: {e}")),
    }
}
