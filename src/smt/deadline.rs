//! Deadlines for Z3 calls. An engine installs its [`Deadline`] on its thread
//! ([`Install::install`]); every solver check and Spacer query this module's
//! users create then gets the remaining time as Z3's own `timeout` parameter,
//! so Z3 stops by itself and answers `unknown`, and the engine reports UNKNOWN
//! with the statistics gathered so far. The thread's Z3 context is registered
//! with the deadline's token, so a cancel (`crate::deadline::Cancel`) calls
//! `Z3_interrupt` on it, which stops a running solver check, Spacer query or
//! simplification at once; a cancelled token makes every later check of its
//! thread start with a limit of 1 ms. [`detached`] runs work that Z3 may not
//! let be interrupted on a thread of its own.

use crate::deadline::Registration;
pub use crate::deadline::{Cancel, Deadline, REPEAT};
use std::cell::RefCell;
use std::sync::Mutex;
use std::time::{Duration, Instant};

thread_local! {
    static CURRENT: RefCell<(Option<Instant>, Option<Cancel>)> = const { RefCell::new((None, None)) };
}

/// Interrupts the Z3 context at address `c`.
fn interrupt(c: usize) {
    if let Some(ctx) = std::ptr::NonNull::new(c as *mut z3_sys::_Z3_context) {
        // SAFETY: the context is registered only while its thread has the
        // deadline installed, which keeps the context alive; Z3_interrupt is
        // Z3's one call meant to be made from another thread.
        unsafe { z3_sys::Z3_interrupt(ctx) }
    }
}

/// Installing a deadline for the Z3 calls of the current thread.
pub trait Install {
    /// Makes this the deadline of the Z3 calls on the current thread until the
    /// returned guard is dropped, and lets its token interrupt them.
    fn install(&self) -> Installed;
}

impl Install for Deadline {
    fn install(&self) -> Installed {
        let previous = CURRENT.with(|c| c.replace((self.at(), Some(self.token().clone()))));
        let context = z3::Context::thread_local().get_z3_context().as_ptr() as usize;
        Installed { previous, _registration: self.token().register(context, interrupt) }
    }
}

/// Guard of an installed deadline; restores the previous one when dropped.
pub struct Installed {
    previous: (Option<Instant>, Option<Cancel>),
    _registration: Registration,
}

impl Drop for Installed {
    fn drop(&mut self) {
        let previous = std::mem::take(&mut self.previous);
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

/// Whether the token installed on this thread is cancelled: work not begun
/// yet then does not begin (a Z3 call started under a cancelled token gets
/// 1 ms, and Spacer once spent more than 15 minutes in its model
/// generation, which looks at no limit, before it noticed: tests/cancel.rs).
pub fn cancelled() -> bool {
    CURRENT.with(|c| c.borrow().1.as_ref().is_some_and(Cancel::is_cancelled))
}

/// Milliseconds left before the installed deadline (at least 1), if any; 1
/// once the installed token is cancelled.
pub fn remaining_ms() -> Option<u32> {
    if cancelled() {
        return Some(1);
    }
    CURRENT.with(|c| {
        c.borrow().0.map(|t| {
            let left = t.saturating_duration_since(Instant::now()).as_millis();
            left.clamp(1, u32::MAX as u128) as u32
        })
    })
}

/// What the work of a [`detached`] call that returned `None` did.
pub const ABANDONED: &str = "did not stop at its deadline and was abandoned";

/// How long past its deadline [`detached`] waits for its thread.
pub const ABANDON_AFTER: Duration = Duration::from_secs(1);

/// How long [`detached`] waits at least, even past its deadline plus
/// [`ABANDON_AFTER`].
const LAST_CHANCE: Duration = Duration::from_millis(100);

/// Work for a thread of [`detached`].
type Job = Box<dyn FnOnce() + Send>;

/// Idle threads of [`detached`]. A thread is kept with its Z3 context: a
/// fresh context and its first solver cost about 10 ms, as much as a small
/// certificate check (measured: 0.011 s -> 0.021 s per check with a thread
/// and context per call).
static IDLE: Mutex<Vec<std::sync::mpsc::Sender<Job>>> = Mutex::new(Vec::new());

/// An idle thread of [`detached`], or a new one.
fn worker() -> Option<std::sync::mpsc::Sender<Job>> {
    if let Some(w) = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop() {
        return Some(w);
    }
    let (tx, rx) = std::sync::mpsc::channel::<Job>();
    // the thread ends when its sender is dropped: when it was abandoned
    let spawned =
        std::thread::Builder::new().name("ufo-detached".into()).stack_size(crate::threads::STACK).spawn(move || {
            while let Ok(job) = rx.recv() {
                job();
            }
        });
    spawned.ok().map(|_| tx)
}

/// Runs `f` on a thread of its own, with the calling thread's deadline
/// installed there under a child of its token, and waits for it until that
/// deadline plus [`ABANDON_AFTER`] (without a deadline: until it ends), so
/// detached work in a row (an engine's check, then the driver's) ends the
/// run at most about `ABANDON_AFTER` past its deadline. Some Z3 work does
/// not poll the interrupt (seen: bit-vector internalization,
/// `smt::theory_bv::propagate -> mk_enode`, on the certificate check of fuzz
/// program f2028000026 at -O0), and would hold its caller past any deadline;
/// run here, it holds only its own thread. `None`: abandoned, or no thread
/// could be started (then `f` did not run). An abandoned thread is
/// cancelled (its Z3 calls are interrupted again and again until it stops),
/// its result dropped, and the thread ends when it is done; a thread that
/// answered in time is kept for the next call ([`IDLE`]). A panic in `f` is
/// resumed on the caller. `f` builds its Z3 terms in the thread's own context.
pub fn detached<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (at, cancel) = CURRENT.with(|c| c.borrow().clone());
    let token = cancel.map(|c| c.child()).unwrap_or_default();
    let deadline = Deadline::new(at, token.clone());
    let (tx, rx) = std::sync::mpsc::channel();
    let job: Job = Box::new(move || {
        let r = {
            let _installed = deadline.install();
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        };
        // sent once the context is no longer registered with the token
        let _ = tx.send(r);
    });
    let w = worker()?;
    if w.send(job).is_err() {
        return None;
    }
    let received = match at {
        // past the deadline, work gets at least `LAST_CHANCE` (not again `ABANDON_AFTER`)
        Some(t) => rx.recv_timeout((t + ABANDON_AFTER).saturating_duration_since(Instant::now()).max(LAST_CHANCE)).ok(),
        None => rx.recv().ok(),
    };
    match received {
        Some(r) => {
            IDLE.lock().unwrap_or_else(|e| e.into_inner()).push(w);
            Some(r.unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        }
        None => {
            token.cancel();
            None
        }
    }
}
